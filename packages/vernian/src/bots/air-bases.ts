import { airWar, botNumbers, hexBoard } from '../data/files.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { byNumber, pieceType } from '../base/pieces.js';
import { baseRefusal, basesInReach } from '../air/bases.js';
import { flightReach } from '../air/flight.js';
import { airKind, airRoom, baseChangeRange, barredHexes, sideAirPieces } from '../air/air-rules.js';
import { heldByStorm } from '../air/base-change.js';
import { barredTo, flyerRole } from '../air/missions.js';
import { at, distanceField, type Orders, type Sight } from './sight.js';

/**
 * Clauses: VV-ZEP-16, VV-ZEP-17, VV-ZEP-18, VV-ETH-07, VV-ETH-08, VV-ETH-09, VV-ETH-15, VV-ETH-22.
 * Where the general bases its air pieces, and whose fighters could reach a hex. A base is judged by the rules' own
 * reach and base checks (air/bases.ts, air/flight.ts): the general wants the legal base nearest the front that keeps
 * the data's `baseFrontGap` hexes from the enemy's combat units, so a flyer is not displaced at once and its missions
 * and interceptions reach the fighting. Its fighters stand by with the standing order `intercept with …` naming every
 * F type the side has (VV-ETH-22): without it a computer game keeps them home.
 */

/** How the general rates a base: the nearest to the front at the gap or beyond; nearer than the gap is worse. */
export function baseScore(sight: Sight, hex: string): number {
  const gap = botNumbers().air.baseFrontGap;
  const d = at(sight.front, hex);
  return d >= gap ? d : 100 + gap - d;
}

/** The best base in reach of an air piece's base change, if it is better than where the piece is. */
export function betterBase(
  state: VernianState,
  sight: Sight,
  piece: string,
  score: (h: string) => number = (h) => baseScore(sight, h),
): string | undefined {
  const p = state.pieces[piece]!;
  const kind = airKind(state, piece);
  if (!kind || heldByStorm(state, piece)) return undefined;
  const here = baseRefusal(state, p.side, kind, p.at) === undefined ? score(p.at) : Infinity;
  const bases = basesInReach(state, p.side, kind, p.at, baseChangeRange(state, piece), barredHexes(state, p.side, kind))
    .filter((h) => h !== p.at && !state.inventions.storms.includes(h) && airRoom(state, p.side, kind, h, piece))
    .map((id) => ({ id, s: score(id) }))
    .sort((a, b) => a.s - b.s || (a.id < b.id ? -1 : 1));
  return bases[0] && bases[0].s < here ? bases[0].id : undefined;
}

/**
 * Each flyer of the side moved to a better base, in id order (VV-ETH-07 to VV-ETH-09). An Allied F type also wants
 * the German Zeppelins within its mission range (VV-ETH-14): each hex beyond it counts as ten hexes from the front.
 */
export function rebaseFlyers(orders: Orders, sight: Sight): void {
  const state = orders.ctx.state;
  const range = airWar().missions.missionRange;
  const zeppelins = Object.values(state.pieces)
    .filter((p) => isOnMap(p.at) && pieceType(p.type).kind === 'zeppelin')
    .map((p) => p.at);
  const hunt = sight.side === 'allies' && zeppelins.length ? distanceField(zeppelins) : undefined;
  const hunting = (h: string) => baseScore(sight, h) + 10 * Math.max(0, at(hunt!, h) - range);
  for (const id of sideAirPieces(state, sight.side)) {
    if (airKind(orders.ctx.state, id) !== 'flyer') continue;
    const fighter = hunt !== undefined && flyerRole(orders.ctx.state, id) === 'F';
    const to = betterBase(orders.ctx.state, sight, id, fighter ? hunting : undefined);
    if (to) orders.add({ kind: 'rebase', piece: id, to });
  }
}

/** The F types of a side on the map that are free to fly (no Storm holds them), by number. */
export function fighters(state: VernianState, side: Side): string[] {
  return sideAirPieces(state, side).filter((id) => flyerRole(state, id) === 'F' && !heldByStorm(state, id));
}

/** For each hex, how many of a side's fighters could intercept over it (within the interception range, VV-ETH-15). */
export function interceptorCover(state: VernianState, side: Side): Map<string, number> {
  const out = new Map<string, number>();
  const range = airWar().missions.interceptionRange;
  const barred = barredTo(state, side);
  for (const f of fighters(state, side)) {
    const from = state.pieces[f]!.at;
    if (baseRefusal(state, side, 'flyer', from) !== undefined) continue;
    for (const hex of flightReach(from, range, barred).keys()) out.set(hex, (out.get(hex) ?? 0) + 1);
  }
  return out;
}

/** The standing interception order: every F type of the side in play (on the map or in the box) intercepts. */
export function standByToIntercept(orders: Orders, side: Side): void {
  const state = orders.ctx.state;
  const all = Object.keys(state.pieces)
    .filter((id) => {
      const p = state.pieces[id]!;
      const t = pieceType(p.type);
      return p.side === side && t.kind === 'flyer' && (t.role ?? 'F') === 'F' && (isOnMap(p.at) || p.at === 'box');
    })
    .sort(byNumber);
  if (all.length) orders.add({ kind: 'intercept', flyers: all });
}

/** A hex's neighbours on its own map (no link): the hexes an HQ or a Zeppelin supplies around it. */
export function around(hex: string): string[] {
  return [
    hex,
    ...hexBoard()
      .neighbours(hex)
      .filter((c) => c.link === undefined)
      .map((c) => c.to),
  ];
}
