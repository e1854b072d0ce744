import { botNumbers } from '../data/files.js';
import { hexBoard } from '../data/files.js';
import { occupancy } from '../base/positions.js';
import { copyState, isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { supplyPicture } from '../supply/supply.js';
import { enemyIn } from '../air/bases.js';
import { flightDistance, flightReach, mayEndFlight } from '../air/flight.js';
import { airKind, airRoom, baseChangeRange, barredHexes, carrierOf, enemyGroundIn, sideAirPieces, sortieRange } from '../air/air-rules.js';
import { heldByStorm, rebaseRefusal } from '../air/base-change.js';
import { embarkRefusal, sortieRefusal } from '../air/zeppelins.js';
import { around, betterBase, interceptorCover } from './air-bases.js';
import { at, type Orders, type Sight } from './sight.js';

/**
 * Clauses: VV-ZEP-06, VV-ZEP-07, VV-ZEP-08, VV-ZEP-13, VV-ZEP-16, VV-ZEP-21, VV-ZEP-25, VV-ZEP-26, VV-ZEP-30, VV-ZEP-33,
 * VV-CRACK-08, VV-ETH-15.
 * The general's Zeppelins, in the German player-turn. A Crack Troop is flown where the rules reward it most: a
 * Zeppelin changes base to the troop's hex if it must (VV-ZEP-16), takes it aboard (VV-ZEP-21) and sorties to an
 * enemy city the Germans want that holds no enemy unit (VV-ZEP-26, VV-ZEP-30), where the troop lands and takes the
 * city (VV-ZEP-33) and the Zeppelin stays to supply it (VV-ZEP-06). Then each other Zeppelin sorties where it
 * supplies the most German combat units not in Attack Supply (judged without it, by the supply rules), when they
 * number the data's `zeppelinSupplyUnits` or more, each Allied fighter that could intercept it there (VV-ETH-15)
 * counting `interceptorThreat` against the hex, and a hex with an enemy ground unit never chosen (VV-ZEP-08). A
 * Zeppelin out of sortie range of the front changes base toward it.
 */

type Flight = { zeppelin: string; troop: string; from: string; to: string };

/** The city hexes a flown Crack Troop may take: objectives with no enemy unit, the safest (fewest enemy next to it) first. */
function landingTargets(state: VernianState, sight: Sight): string[] {
  const occ = occupancy(state);
  const enemyNext = (hex: string) =>
    hexBoard()
      .neighbours(hex)
      .filter((c) => (occ.get(c.to) ?? []).some((u) => unitInfo(u).side !== sight.side)).length;
  return [...new Set(sight.aims.keys())]
    .filter((h) => at(sight.aims, h) === 0 && mayEndFlight(h) && !enemyIn(state, h, sight.side, occ))
    .map((id) => ({ id, n: enemyNext(id) }))
    .sort((a, b) => a.n - b.n || (a.id < b.id ? -1 : 1))
    .map((t) => t.id);
}

/** The flights of Crack Troops: each troop with the first free Zeppelin that can take it to a city to win. */
function planFlights(state: VernianState, sight: Sight): Flight[] {
  const targets = landingTargets(state, sight);
  if (!targets.length) return [];
  const troops = Object.keys(state.units)
    .filter((id) => state.units[id]!.crack && isOnMap(state.units[id]!.at) && unitInfo(id).side === 'germany' && !carrierOf(state, id))
    .sort();
  const free = sideAirPieces(state, 'germany').filter(
    (z) => airKind(state, z) === 'zeppelin' && !state.pieces[z]!.carrying && !heldByStorm(state, z),
  );
  const used = new Set<string>();
  const taken = new Set<string>();
  const out: Flight[] = [];
  for (const troop of troops.slice(0, 8)) {
    const from = state.units[troop]!.at;
    const near = free
      .filter((z) => !used.has(z))
      .filter((z) => state.pieces[z]!.at === from || flightDistance(state.pieces[z]!.at, from, baseChangeRange(state, z)) !== undefined)
      .sort((a, b) => Number(state.pieces[b]!.at === from) - Number(state.pieces[a]!.at === from));
    for (const z of near.slice(0, 3)) {
      if (state.pieces[z]!.at !== from && rebaseRefusal(state, 'germany', z, from) !== undefined) continue;
      const there = copyState(state);
      there.pieces[z]!.at = from;
      if (embarkRefusal(there, 'germany', troop, z) !== undefined) continue;
      there.pieces[z]!.carrying = troop;
      const reach = flightReach(from, sortieRange(there, z), barredHexes(there, 'germany', 'zeppelin'));
      const to = targets.find((t) => reach.has(t) && !taken.has(t) && sortieRefusal(there, 'germany', z, t) === undefined);
      if (!to) continue;
      out.push({ zeppelin: z, troop, from, to });
      used.add(z);
      taken.add(to);
      break;
    }
  }
  return out;
}

/** The German combat units not in Attack Supply, by hex, as the supply rules judge a state. */
function needyHexes(state: VernianState): Map<string, number> {
  const picture = supplyPicture(state, 'germany');
  const out = new Map<string, number>();
  for (const id in state.units) {
    const u = state.units[id]!;
    if (!isOnMap(u.at) || unitInfo(id).side !== 'germany' || !unitInfo(id).combat) continue;
    if (picture.stateAt(u.at) !== 'attack') out.set(u.at, (out.get(u.at) ?? 0) + 1);
  }
  return out;
}

/** The hex a Zeppelin sorties to for supply, if one is worth more than staying where it is. */
function supplySortie(state: VernianState, zeppelin: string, cover: ReadonlyMap<string, number>): string | undefined {
  const { zeppelinSupplyUnits, interceptorThreat } = botNumbers().air;
  const without = copyState(state);
  without.pieces[zeppelin]!.at = 'out';
  const needy = needyHexes(without);
  if (!needy.size) return undefined;
  const supplied = (hex: string) => around(hex).reduce((n, h) => n + (needy.get(h) ?? 0), 0);
  const here = state.pieces[zeppelin]!.at;
  const stay = enemyGroundIn(state, here, 'germany') ? 0 : supplied(here);
  const reach = flightReach(here, sortieRange(state, zeppelin), barredHexes(state, 'germany', 'zeppelin'));
  const hexes = new Set([...needy.keys()].flatMap(around).filter((h) => reach.has(h) && h !== here));
  const best = [...hexes]
    .filter((h) => mayEndFlight(h) && !enemyGroundIn(state, h, 'germany') && airRoom(state, 'germany', 'zeppelin', h, zeppelin))
    .map((id) => ({ id, raw: supplied(id), value: supplied(id) - interceptorThreat * (cover.get(id) ?? 0) }))
    .filter((c) => c.raw >= zeppelinSupplyUnits && c.value > stay)
    .sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : 1));
  return best.find((c) => sortieRefusal(state, 'germany', zeppelin, c.id) === undefined)?.id;
}

/**
 * The German air orders, in phase order: the flyers' and the Zeppelins' base changes, the Crack Troops' embarkations,
 * then the sorties (the troops' first).
 */
export function germanAir(orders: Orders, sight: Sight, rebaseFlyers: (o: Orders, s: Sight) => void): void {
  rebaseFlyers(orders, sight);
  const flights = planFlights(orders.ctx.state, sight);
  const flying = new Set(flights.map((f) => f.zeppelin));
  for (const f of flights)
    if (orders.ctx.state.pieces[f.zeppelin]!.at !== f.from) orders.add({ kind: 'rebase', piece: f.zeppelin, to: f.from });
  // A Zeppelin beyond sortie range of the front changes base toward it.
  for (const z of sideAirPieces(orders.ctx.state, 'germany')) {
    const state = orders.ctx.state;
    if (airKind(state, z) !== 'zeppelin' || flying.has(z) || at(sight.front, state.pieces[z]!.at) <= sortieRange(state, z)) continue;
    const to = betterBase(state, sight, z);
    if (to) orders.add({ kind: 'rebase', piece: z, to });
  }
  const boarded = flights.filter((f) => orders.add({ kind: 'embark', troop: f.troop, zeppelin: f.zeppelin }) === undefined);
  for (const f of boarded) orders.add({ kind: 'sortie', zeppelin: f.zeppelin, to: f.to });
  const cover = interceptorCover(orders.ctx.state, 'allies');
  for (const z of sideAirPieces(orders.ctx.state, 'germany')) {
    const state = orders.ctx.state;
    if (airKind(state, z) !== 'zeppelin' || flying.has(z) || state.pieces[z]!.carrying || heldByStorm(state, z)) continue;
    const to = supplySortie(state, z, cover);
    if (to) orders.add({ kind: 'sortie', zeppelin: z, to });
  }
}
