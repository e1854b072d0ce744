/**
 * Scaffolding for the air-move tests: a blank board with the five opening Zeppelins in Aachen, the French F in Paris and
 * the British F in London (the other pieces in their boxes), and a phase of the ruleset played on it with the orders a
 * side types and scripted dice.
 */
import type { GameEvent, OrderList, RecordingContext } from '@umpire/engine';
import type { Side } from '../src/base/sides.js';
import type { VernianState } from '../src/base/state.js';
import { phases } from '../src/turn/phases.js';
import { pieceEntry } from '../src/base/pieces.js';
import { blank, orders, stepContext } from './combat-helpers.js';

export const AACHEN = 'W8707';
export const COLOGNE = 'W9106';
export const LIEGE = 'W8508';
export const PARIS = 'W6923';
export const DOVER = 'B1613';
/** A German hex six flight hexes from Aachen that is a Zeppelin base on the blank board, and one seven away. */
export const SIX_FROM_AACHEN = 'W8713';
export const SEVEN_FROM_AACHEN = 'W8814';
/** Yellow-striped German one-step units: Crack Troops once flipped. */
export const TROOPS = ['de-lw1', 'de-lw2', 'de-lw47', 'de-lw49'] as const;

/** The blank board with the opening pieces where they start. */
export const airBoard = (): VernianState => blank();

/** A scheduled piece brought onto a hex (it is in the state only once it has arrived). */
export function addPiece(state: VernianState, id: string, hex: string): VernianState {
  const e = pieceEntry(id)!;
  state.pieces[id] = { type: e.type, side: e.side, ...(e.nation ? { nation: e.nation } : {}), at: hex };
  return state;
}

/** A German unit flipped to its crack side, put on a hex. */
export function crackAt(state: VernianState, unit: string, hex: string): VernianState {
  state.units[unit]!.at = hex;
  state.units[unit]!.crack = true;
  return state;
}

/** Play one phase of a side's player-turn on turn 2 with the orders typed (checked against the state) and dice. */
export function play(state: VernianState, side: Side, phase: string, text = '', dice: readonly number[] = []): RecordingContext {
  const list: OrderList = text ? orders(state, side, text, 2) : { orders: [] };
  return playList(state, side, [phase], list, dice);
}

/** Play phases in order with orders already read. */
export function playList(
  state: VernianState,
  side: Side,
  names: readonly string[],
  list: OrderList,
  dice: readonly number[] = [],
): RecordingContext {
  const ctx = stepContext(side, dice, [], 2);
  for (const name of names) phases[name]!(state, new Map([[side, list]]), ctx);
  return ctx;
}

/** The events of a type. */
export const events = (ctx: { events: readonly GameEvent[] }, type: string): GameEvent[] => ctx.events.filter((e) => e.type === type);
