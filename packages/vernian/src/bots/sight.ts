import type { Draft, OrdersContext } from '@umpire/engine';
import { hexBoard, resultsTable, ruleNumbers } from '../data/files.js';
import { allHexes, hexesNamed, hexFacts, isPlayable } from '../base/hexes.js';
import { controller } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { assessBattle } from '../combat/odds.js';

/**
 * What the general sees of a position before it writes orders: how far every hex is from the enemy's combat units
 * (the front) and from the hexes it wants (the objectives), and the odds of an attack as the rules compute them. It
 * judges nothing the rules do not: the odds are the combat rules' own (combat/odds.ts), the distances those of the
 * board's steps over hexes a unit may stand on.
 */

export type Ctx = OrdersContext<VernianState>;
export type Orders = Draft<VernianState>;

/** Hexes counted from the nearest of some hexes, over the hexes a unit may stand on (the link counts one). */
export type Field = ReadonlyMap<string, number>;

/** Far: a hex no distance field reaches. */
export const FAR = 99;

/** Fewest steps from each hex to the nearest of some hexes, over the hexes a unit may stand on (the link counts one). */
export function distanceField(sources: Iterable<string>): Map<string, number> {
  const board = hexBoard();
  const dist = new Map<string, number>();
  let frontier: string[] = [];
  for (const s of sources) {
    if (dist.has(s)) continue;
    dist.set(s, 0);
    frontier.push(s);
  }
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const hex of frontier) {
      for (const step of board.steps(hex)) {
        const to = step.to.id;
        if (dist.has(to) || !isPlayable(hexFacts(to))) continue;
        dist.set(to, d);
        next.push(to);
      }
    }
    frontier = next;
  }
  return dist;
}

/** The enemy's victory cities a side does not hold (VV-WIN), and for the Germans London's hexes. */
export function objectives(state: VernianState, side: Side): string[] {
  const v = ruleNumbers().victory;
  const want = v[side].cities;
  const cities = [...allHexes()].filter((h) => h.city && h.nation === want && controller(state, h.id) !== side).map((h) => h.id);
  if (side === 'germany') cities.push(...hexesNamed(v.london.place).filter((h) => controller(state, h) !== side));
  return cities;
}

/** The hexes holding the other side's ground combat units. */
export function enemyHexes(state: VernianState, side: Side): string[] {
  const out = new Set<string>();
  for (const id in state.units) {
    const at = state.units[id]!.at;
    if (isOnMap(at) && unitInfo(id).side !== side && unitInfo(id).combat) out.add(at);
  }
  return [...out];
}

/** The side's combat units on the map, by id. */
export function ownCombatUnits(state: VernianState, side: Side): string[] {
  return Object.keys(state.units)
    .filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).side === side && unitInfo(id).combat)
    .sort();
}

/** The index of a column of the results table by its name. */
export function columnOf(name: string): number {
  return resultsTable().columns.findIndex((c) => c === name);
}

/** The column an attack reads after the shifts, by the combat rules (-1 when it may not be made). */
export function columnIndex(state: VernianState, side: Side, order: { target: string; units: readonly string[] }): number {
  const b = assessBattle(state, side, order.target, [...order.units]);
  return b.ok ? b.value.shifted.index : -1;
}

/** What the general knows of the position it plays: its side, the front and its objectives. */
export interface Sight {
  readonly side: Side;
  /** Steps from each hex to the nearest enemy combat unit. */
  readonly front: Field;
  /** Steps from each hex to the nearest objective or enemy combat unit. */
  readonly goals: Field;
  /** Steps from each hex to the nearest objective. */
  readonly aims: Field;
}

export function sightOf(state: VernianState, side: Side): Sight {
  const enemy = enemyHexes(state, side);
  const wanted = objectives(state, side);
  return { side, front: distanceField(enemy), goals: distanceField([...wanted, ...enemy]), aims: distanceField(wanted) };
}

/** A hex's distance in a field, FAR when it is not reached. */
export const at = (field: Field, hex: string): number => field.get(hex) ?? FAR;

/** Sort by a number, then by id: the general's orders are the same for the same position. */
export const byThenId =
  <T extends { id: string }>(key: (x: T) => number) =>
  (a: T, b: T): number =>
    key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
