import { allied, relation } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { presenceOf } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, nationOf, type Flight, type GreatWarState } from '../base/nations.js';
import { ruleNumbers } from '../data/rules.js';
import { terrainRules } from '../data/terrain.js';
import { unitStats } from '../base/units.js';
import { adjust } from '../base/reactions.js';

/**
 * Aircraft (the rule book's "Fighters" and "Bombers", GW-UNIT-47..62): they move by fuel, not by territories;
 * 1 fuel to enter a land territory, 2 into or out of a sea zone, 1 for each round of combat; they must always keep
 * the fuel to land in a friendly territory. This module holds the rules of fuel, flight paths and landing places
 * that bombing (phase 4), land movement (phase 8), air combat (phase 9) and land combat (phase 10) share
 * (decisions D-AIR-1 to D-AIR-18 of docs/great-war/air-war.md).
 */

const air = ruleNumbers.air;

/** A nation's full fuel for an aircraft type, with its advances (GW-TECH Improved Fighters and Bombers); minors use the table's. */
export function fuelOf(state: GreatWarState, nation: string, type: string): number {
  if (nationOf(state, nation)) return unitStats(state, nation, type as never).fuel ?? 0;
  return unitTable().byId.get(type as never)?.fuel ?? 0;
}

/**
 * An aircraft's value in air combat (D-AIR-6, ambiguity A02): its attack, for interceptors as for attackers, as
 * the phase's opening words say; a bomber always 1 (GW-P09-AIR-04, GW-UNIT-59).
 */
export function airCombatValue(state: GreatWarState, nation: string, type: string): number {
  const fixed = unitTable().byId.get(type as never)?.airCombat;
  if (fixed !== null && fixed !== undefined) return fixed;
  if (nationOf(state, nation)) return unitStats(state, nation, type as never).attack ?? 0;
  return unitTable().byId.get(type as never)?.attack ?? 0;
}

/** Fuel to fly from one area into a neighbour: 1 into a land territory, 2 into or out of a sea zone (GW-UNIT-49, GW-UNIT-53). */
export function linkFuel(world: WorldMap, a: string, b: string): number {
  return world.sea.has(a) || world.sea.has(b) ? air.seaFuel : air.landFuel;
}

/** Whether terrain keeps aircraft of a type with `fuel` out of a territory (Tibet; Switzerland below 5 fuel: GW-TERR-11, -24). */
export function airBarred(territory: string, type: string, fuel: number): boolean {
  const t = terrainRules[territory];
  if (!t) return false;
  return t.barred.includes(type) || (t.aircraftMinFuel !== undefined && fuel < t.aircraftMinFuel);
}

/** The nations with land or air units in each area, but aircraft still out on a phase 4 mission (they stop no one landing). */
function presence(state: GreatWarState): Map<string, Set<string>> {
  return presenceOf(state, new Set(state.air.flights.filter((f) => f.mission === 'bombing' || f.mission === 'strike').map((f) => f.unit)));
}

/**
 * Whether aircraft of `nation` may fly over an area (D-AIR-2): any sea zone, and the territories of the nation, its
 * allies and its enemies; never a territory of a nation it is not at war with; never where terrain bars one of the
 * types (`fuel` gives each type's full fuel, for Switzerland's 5).
 */
export function mayOverfly(state: GreatWarState, world: WorldMap, nation: string, id: string, types: readonly string[], fuel: (type: string) => number): boolean {
  if (world.sea.has(id)) return true;
  if (!world.territory.has(id)) return false;
  if (relation(state, nation, state.board.territories[id]?.owner ?? '') === 'neutral') return false;
  return types.every((t) => !airBarred(id, t, fuel(t)));
}

/** Whether an aircraft may land in a territory now (GW-P09-AIR-08, D-AIR-11): held by its side, free of enemies, not Switzerland. */
export function mayLand(
  state: GreatWarState,
  world: WorldMap,
  nation: string,
  id: string,
  type: string,
  who: ReadonlyMap<string, ReadonlySet<string>> = presence(state),
  full: number = fuelOf(state, nation, type),
): boolean {
  if (!world.territory.has(id)) return false;
  if (!allied(state, nation, state.board.territories[id]?.owner ?? '')) return false;
  if (terrainRules[id]?.aircraftMayLand === false) return false;
  if (airBarred(id, type, full)) return false;
  for (const other of who.get(id) ?? []) if (atWar(state, nation, other)) return false;
  return true;
}

/** Whether an area is a territory of an enemy of `nation` that holds AA guns of the holder's side (AA fire, D-AIR-4). */
export function enemyAaIn(state: GreatWarState, nation: string, id: string): boolean {
  const holder = state.board.territories[id]?.owner;
  if (!holder || !atWar(state, nation, holder)) return false;
  return state.board.units.some((u) => u.at === id && u.type === 'aa-gun' && allied(state, u.nation, holder));
}

export interface Reach {
  readonly fuel: number;
  /** Enemy territories with AA guns crossed, counting the last area. */
  readonly flak: number;
  readonly prev: string | undefined;
}

/**
 * The cheapest flights from `from` to every area within `fuel` (Dijkstra over every kind of border, D-AIR-3):
 * least fuel first, then fewest enemy territories with AA guns over which it flies, then the first area id. Only
 * areas `pass` allows are flown through; the destination must pass as well.
 */
export function flightCosts(state: GreatWarState, world: WorldMap, nation: string, from: string, fuel: number, pass: (id: string) => boolean): Map<string, Reach> {
  const best = new Map<string, Reach>([[from, { fuel: 0, flak: 0, prev: undefined }]]);
  const done = new Set<string>();
  const before = (a: readonly [number, number, string], b: readonly [number, number, string]) => a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])));
  // A binary heap of [fuel, flak, id]; stale entries are skipped when popped.
  const heap: (readonly [number, number, string])[] = [[0, 0, from]];
  const push = (x: readonly [number, number, string]) => {
    heap.push(x);
    for (let i = heap.length - 1; i > 0; ) {
      const up = (i - 1) >> 1;
      if (!before(heap[i]!, heap[up]!)) break;
      [heap[i], heap[up]] = [heap[up]!, heap[i]!];
      i = up;
    }
  };
  const pop = () => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  };
  const better = (a: Reach, b: Reach | undefined) => !b || a.fuel < b.fuel || (a.fuel === b.fuel && a.flak < b.flak);
  while (heap.length) {
    const [, , at] = pop();
    if (done.has(at)) continue;
    done.add(at);
    const here = best.get(at)!;
    for (const n of world.graph.neighbours(at)) {
      if (done.has(n.id) || !pass(n.id)) continue;
      const cost = here.fuel + linkFuel(world, at, n.id);
      if (cost > fuel) continue;
      const next: Reach = { fuel: cost, flak: here.flak + (enemyAaIn(state, nation, n.id) ? 1 : 0), prev: at };
      if (better(next, best.get(n.id))) {
        best.set(n.id, next);
        push([next.fuel, next.flak, n.id]);
      }
    }
  }
  return best;
}

/** The path to `to` from a flightCosts result. */
export function pathTo(costs: ReadonlyMap<string, Reach>, to: string): string[] {
  const path: string[] = [];
  for (let at: string | undefined = to; at !== undefined; at = costs.get(at)?.prev) path.unshift(at);
  return path;
}

/** The fuel a path costs. */
export function pathFuel(world: WorldMap, path: readonly string[]): number {
  let fuel = 0;
  for (let i = 1; i < path.length; i++) fuel += linkFuel(world, path[i - 1]!, path[i]!);
  return fuel;
}

/**
 * Where an aircraft with `fuel` left in `from` may land, cheapest first (ties by id): territories it may land in
 * (mayLand) and, for fighters that may serve on one, sea zones with a carrier of its nation with room (D-AIR-44),
 * that it reaches over areas it may fly over. `from` itself costs nothing if it may land there.
 */
export function landingPlaces(state: GreatWarState, world: WorldMap, nation: string, type: string, from: string, fuel: number): { id: string; fuel: number }[] {
  const full = fuelOf(state, nation, type);
  const who = presence(state);
  const decks = adjust(state, 'carrier-decks', { nation, type }, new Set<string>());
  const costs = flightCosts(state, world, nation, from, Math.max(0, fuel), (id) => mayOverfly(state, world, nation, id, [type], () => full));
  return [...costs]
    .filter(([id]) => decks.has(id) || mayLand(state, world, nation, id, type, who, full))
    .map(([id, r]) => ({ id, fuel: r.fuel }))
    .sort((a, b) => a.fuel - b.fuel || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The fuel an aircraft in `from` needs to reach the nearest place it may land; undefined if none is within `fuel`. */
export function returnFuel(state: GreatWarState, world: WorldMap, nation: string, type: string, from: string, fuel: number): number | undefined {
  return landingPlaces(state, world, nation, type, from, fuel)[0]?.fuel;
}

/**
 * Where a flight lands (D-AIR-11): where its player ordered, if it can get there; else on the carrier it took off
 * from, wherever that is now (D-AIR-44); else the area it took off from; else the nearest place (ties by id).
 * Undefined: nowhere within its fuel, and the aircraft is lost.
 */
export function landingFor(state: GreatWarState, world: WorldMap, flight: Flight, type: string, from: string): { id: string; fuel: number } | undefined {
  const places = landingPlaces(state, world, flight.nation, type, from, flight.fuel);
  const deck = homeDeckOf(state, flight);
  return places.find((p) => p.id === flight.land) ?? places.find((p) => p.id === deck) ?? places.find((p) => p.id === flight.base) ?? places[0];
}

/** The flight record of an aircraft in the air, if it is. */
export const flightOf = (state: GreatWarState, unit: string): Flight | undefined => state.air.flights.find((f) => f.unit === unit);

/** The sea zone of the carrier a flight took off from, if it is still afloat (D-AIR-44: it lands there first). */
export function homeDeckOf(state: GreatWarState, flight: Flight): string | undefined {
  return flight.carrier === undefined ? undefined : state.board.units.find((u) => u.id === flight.carrier)?.at;
}
