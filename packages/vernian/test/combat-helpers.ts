/**
 * Scaffolding for the combat tests: small positions built from the opening state (every unit taken off the map, then
 * the chosen units put on chosen hexes), the orders of a player-turn read as a player types them, and the Combat Phase
 * played with scripted dice and recorded answers to the decisions it asks.
 */
import { phaseContext, ScriptedDice, type DecisionAnswer, type GameEvent, type OrderList, type RecordingContext } from '@umpire/engine';
import { hexesWithin } from '@umpire/engine';
import { openingState } from '../src/arrivals/opening.js';
import { hexBoard } from '../src/data/files.js';
import { hexFacts } from '../src/base/hexes.js';
import { controller, takeControl } from '../src/base/positions.js';
import { unitInfo } from '../src/base/units.js';
import type { Side } from '../src/base/sides.js';
import type { VernianState } from '../src/base/state.js';
import { combatPhase } from '../src/combat/resolve.js';
import type { SupplyJudge } from '../src/combat/strength.js';
import { vernian } from '../src/index.js';
import { phases } from '../src/turn/phases.js';

/** The opening state with every unit off the map (due) and no hex changed hands. */
export function blank(): VernianState {
  const state = openingState();
  for (const u of Object.values(state.units)) u.at = 'due';
  state.control = {};
  // Dover empty: the tunnel sealed, nothing left on its track (tunnel.test.ts plays the tunnel).
  state.tunnel = { open: false, track: [], sealedAfter: null };
  return state;
}

/**
 * A position: `{ W7716: ['fr-14'], W7816: ['de-3', 'de-4'] }` on the blank state. Each side holds the towns and
 * cities within 3 hexes of its units that no enemy unit is nearer to, so the units are in Attack Supply as a front
 * line would be (VB-SUP-07); tests of supply itself build their own positions.
 */
export function position(units: Readonly<Record<string, readonly string[]>>): VernianState {
  const state = blank();
  for (const [hex, ids] of Object.entries(units)) for (const id of ids) state.units[id]!.at = hex;
  const nearest = new Map<string, { side: Side; d: number } | 'both'>();
  for (const [hex, ids] of Object.entries(units)) {
    const side = unitInfo(ids[0]!).side;
    for (const [town, d] of hexesWithin(hexBoard(), hex, 3)) {
      const h = hexFacts(town);
      if (!h || !(h.town || h.city)) continue;
      const was = nearest.get(town);
      if (was === undefined || (was !== 'both' && was.d > d)) nearest.set(town, { side, d });
      else if (was !== 'both' && was.d === d && was.side !== side) nearest.set(town, 'both');
    }
  }
  for (const [town, n] of nearest) if (n !== 'both' && controller(state, town) !== n.side) takeControl(state, town, n.side);
  return state;
}

const segment = (side: Side) => (side === 'germany' ? 'german' : 'allied');

/** The orders context of a side's player-turn step on turn `turn`. */
export function ordersContext(state: VernianState, side: Side, turn = 1, step: string = segment(side)) {
  return { state, seat: side, step: { id: `t${turn}.${step}`, turn, segment: step, seats: [side], phases: [] } };
}

/** The orders a side types, read and checked; throws with the problems when they are refused. */
export function orders(state: VernianState, side: Side, text: string, turn = 1): OrderList {
  const r = vernian.parseOrders(text, ordersContext(state, side, turn));
  if (!r.ok) throw new Error(r.error.map((p) => `${p.line}:${p.column} ${p.message}`).join('\n'));
  return r.value as OrderList;
}

/** The problems of orders a side types (an empty list when they pass). */
export function problems(state: VernianState, side: Side, text: string, step?: string) {
  const r = vernian.parseOrders(text, ordersContext(state, side, 1, step));
  return r.ok ? [] : r.error;
}

/** The problems of JSON orders. */
export function jsonProblems(state: VernianState, side: Side, json: unknown, step?: string) {
  const r = vernian.checkOrders(json, ordersContext(state, side, 1, step));
  return r.ok ? [] : r.error;
}

/** The phase context of a side's player-turn step, with scripted dice and answers to its decisions. */
export function stepContext(side: Side, dice: readonly number[], answers: readonly DecisionAnswer[] = [], turn = 1): RecordingContext {
  return phaseContext({
    step: { id: `t${turn}.${segment(side)}`, turn, segment: segment(side), seats: [side], phases: [] },
    dice: new ScriptedDice(dice),
    answers,
  });
}

export type Fight = { readonly events: GameEvent[]; readonly ctx: RecordingContext };

/**
 * Play a side's Combat Phase on a position: the orders as typed (checked against the position), the dice in order,
 * the answers by decision id. A supply stand-in plays the phase without the supply rules' judgement.
 */
export function fight(
  state: VernianState,
  side: Side,
  text: string,
  dice: readonly number[],
  answers: Readonly<Record<string, unknown>> = {},
  opts: { turn?: number; supply?: SupplyJudge; unchecked?: OrderList } = {},
): Fight {
  const list = opts.unchecked ?? orders(state, side, text, opts.turn);
  const ctx = stepContext(
    side,
    dice,
    Object.entries(answers).map(
      ([id, answer]) =>
        ({ id, seat: id.includes('.attacker-loss.') || id.includes('.crack.') ? side : other(side), answer }) as DecisionAnswer,
    ),
    opts.turn,
  );
  const phase = opts.supply ? combatPhase(side, opts.supply) : phases[side === 'germany' ? 'german-combat' : 'allied-combat']!;
  phase(state, new Map([[side, list]]), ctx);
  return { events: ctx.events, ctx };
}

const other = (side: Side): Side => (side === 'germany' ? 'allies' : 'germany');

/** The events of one type. */
export const eventsOf = (events: readonly GameEvent[], type: string): GameEvent[] => events.filter((e) => e.type === type);

/** The events as short lines: 'combat W7716 4-1 DL1 DR1', 'step-lost fr-14', 'retreat fr-14 W7616'. */
export function story(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'combat') out.push(`combat ${e['target']} ${e['column']} ${e['result']}`);
    else if (e.type === 'step-lost' || e.type === 'eliminated')
      out.push(`${e.type} ${e['unit']}${e['cause'] === 'combat' ? '' : ` (${e['cause']})`}`);
    else if (e.type === 'retreat')
      out.push(`retreat ${e['unit']} ${(e['path'] as string[]).join(' ') || 'nowhere'}${e['short'] ? ` short ${e['short']}` : ''}`);
    else if (e.type === 'advance') out.push(`advance ${e['unit']} ${e['to']}`);
    else if (e.type === 'fortress-destroyed') out.push(`fortress-destroyed ${e['hex']}`);
    else if (e.type === 'combat-cancelled') out.push(`cancelled ${e['target']} ${e['code']}`);
    else if (e.type === 'decision') out.push(`decision ${e['id']} ${JSON.stringify(e['answer'])} (${e['source']})`);
    else if (e.type !== 'roll') out.push(e.type);
  }
  return out;
}

/** Where units are. */
export const where = (state: VernianState, ...ids: string[]): string[] => ids.map((id) => state.units[id]!.at);

/** Supply stand-ins: every unit in a supply state, or a state by unit id (the rest in Attack Supply). */
export const everyone =
  (s: 'attack' | 'defense' | 'out'): SupplyJudge =>
  () =>
    s;
export const byUnit =
  (states: Readonly<Record<string, 'attack' | 'defense' | 'out'>>): SupplyJudge =>
  (_state, unit) =>
    states[unit] ?? 'attack';
