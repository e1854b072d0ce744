import type { BoardUnit } from './board.js';
import { sideOf } from './conquest.js';
import { clearedOnDataChange, unitTable } from '../data/load.js';
import type { WorldMap } from '../data/map.js';
import { atWar, nationOf, type GreatWarState } from './nations.js';
import type { Ctx } from '../orders/language.js';
import { unitStats } from './units.js';
import { theWorld } from '../data/world.js';

// ---------------------------------------------------------------------------------------------------------------
// Units: which types move, their stats, where they may go.

let movable: string[] | undefined;

/** The unit types that move on land: land units with a move (infantry, artillery, tanks, AA guns). */
export function movableLandTypes(): string[] {
  movable ??= unitTable()
    .list.filter((u) => u.category === 'land' && (u.move ?? 0) > 0)
    .map((u) => u.id);
  return movable;
}

let landOrAir: Set<string> | undefined;

/** Land units and aircraft: what stands in territories and fights there. */
export const isLandOrAir = (type: string): boolean => {
  landOrAir ??= new Set(unitTable().list.filter((u) => u.category === 'land' || u.category === 'air').map((u) => u.id));
  return landOrAir.has(type);
};

/** Stats of a unit type for a nation: the unit table with the nation's advances; a minor's are the table's. */
export function statsOf(state: GreatWarState, nation: string, type: string): { attack: number | null; defense: number | null; move: number | null; cost: number | null } {
  if (nationOf(state, nation)) return unitStats(state, nation, type as never);
  const entry = unitTable().byId.get(type as never);
  if (!entry) throw new Error(`no unit type '${type}'`);
  return entry;
}

/** A unit type's display word, lower case, plural when there are several: 'infantry', '2 tanks'. */
export function unitWord(type: string, count = 1): string {
  const name = (unitTable().byId.get(type as never)?.name ?? type).toLowerCase();
  return count > 1 && !/y$/.test(name) ? `${name}s` : name;
}

/** '3 infantry, 1 artillery' from counts by type. */
export function describeCounts(counts: Readonly<Record<string, number>>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${n} ${unitWord(type, n)}`);
  return parts.length ? parts.join(', ') : 'no units';
}

/** Count units by type, in the unit table's order. */
export function countByType(units: readonly { readonly type: string }[]): Record<string, number> {
  const order = unitTable().list.map((u) => u.id as string);
  const counts: Record<string, number> = {};
  for (const type of order) {
    const n = units.filter((u) => u.type === type).length;
    if (n) counts[type] = n;
  }
  return counts;
}

/** A stable order of units: by nation id, then by the number of the id ('germany-9' before 'germany-10'). */
export const unitOrder = (a: BoardUnit, b: BoardUnit): number => {
  if (a.nation !== b.nation) return a.nation < b.nation ? -1 : 1;
  const number = (id: string) => Number(id.slice(id.lastIndexOf('-') + 1).replace(/^\D+/, '')) || 0;
  return number(a.id) - number(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};

/** The nations with land or air units in each territory (but the units `except`). */
export function presenceOf(state: GreatWarState, except?: ReadonlySet<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const u of state.board.units) {
    if (!isLandOrAir(u.type) || except?.has(u.id)) continue;
    const set = out.get(u.at) ?? new Set<string>();
    set.add(u.nation);
    out.set(u.at, set);
  }
  return out;
}

export const presenceCache = new WeakMap<Ctx, Map<string, Set<string>>>();

/**
 * presenceOf for checking orders: the state does not change while one check walks a turn's orders (or a bot's
 * candidates), so one map serves every order of the check.
 */
export function presenceFor(ctx: Ctx): Map<string, Set<string>> {
  let p = presenceCache.get(ctx);
  if (!p) presenceCache.set(ctx, (p = presenceOf(ctx.state)));
  return p;
}

/** Whether a territory holds units of a nation at war with `nation`. */
export function enemiesIn(state: GreatWarState, presence: ReadonlyMap<string, ReadonlySet<string>>, territory: string, nation: string): boolean {
  for (const other of presence.get(territory) ?? []) if (atWar(state, nation, other)) return true;
  return false;
}

/** A nation's movable land units in a territory, in id order. */
export function landUnitsAt(state: GreatWarState, nation: string, territory: string): BoardUnit[] {
  const types = movableLandTypes();
  return state.board.units.filter((u) => u.at === territory && u.nation === nation && types.includes(u.type)).sort(unitOrder);
}

/** Display names for formatting orders. */
export const areaDisplay = (id: string, world: WorldMap = theWorld()): string => world.names.get(id) ?? id;

/** The camp of a nation in a battle: its side of the war, or itself when it is neutral (GW-COMBAT-04, D-SIM-9). */
export function campOf(state: GreatWarState, nation: string): string {
  const side = sideOf(state, nation);
  return side && side !== 'neutral' ? `side:${side}` : `nation:${nation}`;
}

export function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) {
    const k = key(x);
    const l = out.get(k) ?? [];
    l.push(x);
    out.set(k, l);
  }
  return out;
}

let airTypes: string[] | undefined;

/** The aircraft types of the unit table (fighters, bombers). */
export function aircraftTypes(): string[] {
  airTypes ??= unitTable()
    .list.filter((u) => u.category === 'air')
    .map((u) => u.id);
  return airTypes;
}

export const isAircraft = (type: string): boolean => aircraftTypes().includes(type);

clearedOnDataChange(() => {
  movable = undefined;
  landOrAir = undefined;
  airTypes = undefined;
});
