import { phaseContext, ScriptedDice, traceHexPath, type DecisionAnswer, type HexStep, type RecordingContext } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { allHexes, hexFacts, isPlayable } from '../src/base/hexes.js';
import { controller, hasCombatUnit, occupancy } from '../src/base/positions.js';
import { otherSide, type Side } from '../src/base/sides.js';
import type { VernianState } from '../src/base/state.js';
import { unitInfo } from '../src/base/units.js';
import { zoneOf } from '../src/base/zoc.js';
import { openingState, setUp } from '../src/arrivals/opening.js';
import { isSourceHex, isWorkingSource } from '../src/supply/sources.js';
import type { SupplyState } from '../src/supply/supply.js';

/**
 * Small positions for the supply tests, built from the opening: the map cleared of units, a few units put back, hexes
 * handed to the other side. And a slow reference for supply, one search per unit with the engine's trace kit, that
 * the property tests hold the fast searches to.
 */

/** The opening with every unit and piece off the map (due) and every hex with its first owner. */
export function blank(): VernianState {
  const state = openingState();
  for (const u of Object.values(state.units)) u.at = 'due';
  // The Zeppelins in Aachen would supply like an HQ (VV-ZEP-06): the air tests put back what they need.
  for (const p of Object.values(state.pieces)) p.at = 'due';
  state.control = {};
  // Dover empty: the tunnel sealed, nothing left on its track (tunnel.test.ts plays the tunnel).
  state.tunnel = { open: false, track: [], sealedAfter: null };
  return state;
}

/** Put units on hexes; a ground combat unit takes control of its hex, as it does when it sets up (VB-CTRL-02). */
export function put(state: VernianState, where: Record<string, string>): VernianState {
  for (const [unit, hex] of Object.entries(where)) setUp(state, unit, hex);
  return state;
}

/** Hand hexes to a side (as if its combat units had passed through them). */
export function handOver(state: VernianState, hexes: Iterable<string>, side: Side): VernianState {
  for (const hex of hexes) state.control[hex] = side;
  return state;
}

/** Every ultimate source of a side, by the map. */
export const sourceHexesOf = (side: Side): string[] => [...allHexes()].filter((h) => isSourceHex(h, side)).map((h) => h.id);

/** Every city hex of the side that holds it at the start. */
export const citiesOf = (side: Side): string[] =>
  [...allHexes()].filter((h) => h.city && controller(blank(), h.id) === side).map((h) => h.id);

/** The land neighbours of a hex on its own map. */
export const around = (hex: string): string[] =>
  hexBoard()
    .neighbours(hex)
    .filter((c) => c.link === undefined && isPlayable(hexFacts(c.to)))
    .map((c) => c.to);

/** A phase context with scripted dice and recorded answers to decisions. */
export function diceContext(dice: readonly number[], answers: readonly DecisionAnswer[] = []): RecordingContext {
  return phaseContext({ step: { id: 't2.test', turn: 2, segment: 'test', seats: [], phases: [] }, dice: new ScriptedDice(dice), answers });
}

/**
 * Supply the slow way, for one unit: the rules of base-rules.md part 5 read one by one, each trace a separate search
 * with the engine's traceHexPath and zones from zoneOf.
 */
export function referenceSupply(state: VernianState, unit: string): SupplyState {
  const side = unitInfo(unit).side;
  const at = state.units[unit]!.at;
  const board = hexBoard();
  const occ = occupancy(state);
  const zone = zoneOf(state, otherSide(side), occ);
  const enemyIn = (hex: string) => (occ.get(hex) ?? []).some((id) => unitInfo(id).side !== side);
  const enters = (step: HexStep) =>
    step.crossing.link === undefined &&
    !step.crossing.features.includes('all-sea') &&
    isPlayable(hexFacts(step.to.id)) &&
    !enemyIn(step.to.id) &&
    (!zone.has(step.to.id) || hasCombatUnit(state, step.to.id, side, occ));
  const working = (hex: string) => isWorkingSource(state, hex, side, occ);
  const known = new Map<string, boolean>();
  const toUltimate = (hex: string) => {
    if (!known.has(hex)) known.set(hex, traceHexPath(board, hex, (c) => working(c.id), { enters }) !== undefined);
    return known.get(hex)!;
  };
  const point = (hex: string) => {
    const h = hexFacts(hex)!;
    return (h.town || h.city) && controller(state, hex) === side && !enemyIn(hex) && toUltimate(hex);
  };
  if (!isPlayable(hexFacts(at))) return 'out';
  if (traceHexPath(board, at, (c) => working(c.id) || point(c.id), { enters, maxLength: 3 })) return 'attack';
  const near = [
    at,
    ...board
      .neighbours(at)
      .filter((c) => c.link === undefined && !c.features.includes('all-sea'))
      .map((c) => c.to),
  ];
  const hq = (hex: string) => (occ.get(hex) ?? []).some((id) => unitInfo(id).hq && unitInfo(id).side === side);
  if (near.some((hex) => hq(hex) && toUltimate(hex))) return 'attack';
  const h = hexFacts(at)!;
  if (h.town || h.city) return 'defense';
  if (traceHexPath(board, at, (c) => hexFacts(c.id)!.city && controller(state, c.id) === side, { enters })) return 'defense';
  return 'out';
}
