import { ordersOf, type OrderList, type PhaseContext } from '@umpire/engine';
import { ruleNumbers } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { pieceStateLabel } from '../base/pieces.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { baseRefusal, basesInReach } from './bases.js';
import { flightDistance } from './flight.js';
import { airKind, airRoom, baseChangeRange, barredHexes, sideAirPieces } from './air-rules.js';

/**
 * Clauses: VV-SEQ-03, VV-SEQ-12, VV-ZEP-13, VV-ZEP-14, VV-ZEP-16, VV-ZEP-17, VV-ZEP-18, VV-ZEP-19, VV-ZEP-20, VV-ETH-07,
 * VV-ETH-08, VV-ETH-09, VV-ETH-10, VV-WCPD-15, VV-WCPD-16, VV-WCPD-17, VV-WCPD-18, VV-VDG-12.
 * The Base Change Phase of a side (the German Zeppelin and Ether Flyer Base Change Phase, the Allied Ether Flyer Base
 * Change Phase). It opens the player-turn's air moves, so the hexes flown to are reset. Each air piece of the side in
 * a Storm hex rolls to escape, one die each: a 1 or 2 frees it for the rest of the Operational Turn, any other roll
 * keeps it there, and a piece kept may neither change base nor Sortie nor fly a Mission (D-AMB-56). Then the `rebase`
 * orders fly, in the order given: up to double a Zeppelin's middle number, six hexes for a flyer, never into or
 * through a Storm hex (nor a generator's hex for an Allied flyer), to a hex that could trace Attack Supply overland
 * with no enemy unit in it (and a friendly one for a flyer), five Zeppelins or five friendly flyers a hex at most. A
 * Zeppelin with no order stays where it is, whatever its base (VV-ZEP-20, VV-ZEP-32). A flyer whose hex is no legal
 * base after the orders must leave: it flies to the nearest legal base in range (then the lowest hex id), and with
 * none in range it is destroyed (VV-ETH-10, D-AMB-40); a flyer a Storm holds stays.
 */

export type RebaseOrder = { kind: 'rebase'; piece: string; to: string };

/**
 * Whether a Storm holds an air piece: it is in a Storm hex and has not rolled its escape this Operational Turn
 * (VV-WCPD-16 to VV-WCPD-18). Such a piece may not change base, Sortie, fly a Mission or intercept.
 */
export function heldByStorm(state: VernianState, piece: string): boolean {
  const p = state.pieces[piece];
  return p !== undefined && isOnMap(p.at) && state.inventions.storms.includes(p.at) && p.escaped !== true;
}

/** The marks of escape come off with the Storm markers, at the end of the Operational Turn (VV-WCPD-13). */
export function clearEscapes(state: VernianState): void {
  for (const id in state.pieces) delete state.pieces[id]!.escaped;
}

/**
 * Why an air piece of a side may not change base to a hex now, naming the clause; undefined when it may. An order is
 * checked before the phase's escape rolls (`rolled` false): a piece in a Storm hex may yet escape. The phase checks
 * it again after them.
 */
export function rebaseRefusal(state: VernianState, side: Side, piece: string, to: string, rolled = false): string | undefined {
  const p = state.pieces[piece];
  const kind = airKind(state, piece);
  if (!p || !kind) return `${piece} is no Zeppelin or Ether Flyer: only air pieces change base (VV-ZEP-16, VV-ETH-07)`;
  const label = pieceStateLabel(piece, p);
  if (p.side !== side) return `${label} is not yours`;
  if (!isOnMap(p.at)) return `${label} is not on the map`;
  if (rolled && heldByStorm(state, piece))
    return `${label} failed its roll to escape the Storm in ${hexLabel(p.at)} and stays this turn (VV-WCPD-18)`;
  if (p.at === to) return `${label} is already in ${hexLabel(to)}`;
  if (state.inventions.storms.includes(to)) return `air pieces may not enter a Storm hex such as ${hexLabel(to)} (VV-WCPD-15)`;
  if (kind === 'flyer' && side === 'allies' && state.inventions.generators.includes(to))
    return `Allied Ether Flyers may not enter ${hexLabel(to)}, the hex of a Van der Graaf Generator (VV-VDG-12)`;
  const why = baseRefusal(state, side, kind, to);
  if (why) return `${hexLabel(to)} is no base for ${label}: ${why}`;
  const range = baseChangeRange(state, piece);
  if (flightDistance(p.at, to, range, barredHexes(state, side, kind)) === undefined) {
    const clause = kind === 'zeppelin' ? 'VV-ZEP-16' : 'VV-ETH-09';
    return `${hexLabel(to)} is beyond the ${range} hexes ${label} flies in a base change, without crossing a Storm (${clause})`;
  }
  if (!airRoom(state, side, kind, to, piece)) {
    const clause = kind === 'zeppelin' ? 'VV-ZEP-09' : 'VV-ETH-06';
    return `${hexLabel(to)} already holds five ${kind === 'zeppelin' ? 'Zeppelins' : 'friendly Ether Flyers'} (${clause})`;
  }
  return undefined;
}

/** Note a hex where a piece of the phasing side ended a flight, for the other side's interceptions (D-AMB-35). */
export function markFlown(state: VernianState, hex: string): void {
  if (!state.air.flown.includes(hex)) state.air.flown = [...state.air.flown, hex].sort();
}

/** Each air piece of a side in a Storm hex rolls to escape (VV-WCPD-16, VV-WCPD-17); those that fail stay held (VV-WCPD-18). */
export function escapeRolls(state: VernianState, side: Side, ctx: PhaseContext): void {
  const { escapeDie, escapesOn } = ruleNumbers().airMoves;
  for (const id of sideAirPieces(state, side)) {
    const p = state.pieces[id]!;
    if (!state.inventions.storms.includes(p.at) || p.escaped) continue;
    const roll = ctx.roll(escapeDie, `${pieceStateLabel(id, p)} rolls to escape the Storm in ${hexLabel(p.at)}`);
    const escaped = roll <= escapesOn;
    if (escaped) p.escaped = true;
    ctx.emit({ type: 'storm-escape', piece: id, label: pieceStateLabel(id, p), hex: p.at, roll, escaped });
  }
}

/** Move an air piece to a hex in a flight of its side's player-turn: its passenger with it, the hex noted as flown. */
export function fly(state: VernianState, piece: string, to: string): void {
  const p = state.pieces[piece]!;
  p.at = to;
  if (p.carrying && state.units[p.carrying]) state.units[p.carrying]!.at = to;
  markFlown(state, to);
}

/** The Base Change Phase of a side (VV-SEQ-03, VV-SEQ-12). */
export const baseChangePhase =
  (side: Side) =>
  (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void => {
    state.air.flown = [];
    escapeRolls(state, side, ctx);
    const moved = new Set<string>();
    for (const o of ordersOf<RebaseOrder>(orders.get(side), 'rebase')) {
      const why = moved.has(o.piece) ? 'it has already changed base this phase' : rebaseRefusal(state, side, o.piece, o.to, true);
      const p = state.pieces[o.piece];
      if (why) {
        ctx.emit({ type: 'rebase-cancelled', piece: o.piece, label: p ? pieceStateLabel(o.piece, p) : o.piece, to: o.to, why });
        continue;
      }
      const from = p!.at;
      fly(state, o.piece, o.to);
      moved.add(o.piece);
      ctx.emit({ type: 'rebased', piece: o.piece, label: pieceStateLabel(o.piece, p!), from, to: o.to });
    }
    flyersMustLeave(state, side, ctx);
  };

/**
 * A flyer of a side whose hex is no legal base flies to the nearest legal one within its base change allowance, the
 * lowest hex id among the nearest; with none it is destroyed (VV-ETH-10, D-AMB-40). A flyer a Storm holds stays.
 */
export function flyersMustLeave(state: VernianState, side: Side, ctx: PhaseContext): void {
  for (const id of sideAirPieces(state, side)) {
    const p = state.pieces[id]!;
    if (airKind(state, id) !== 'flyer' || heldByStorm(state, id) || baseRefusal(state, side, 'flyer', p.at) === undefined) continue;
    const from = p.at;
    const to = nearestBase(state, side, id, baseChangeRange(state, id));
    const label = pieceStateLabel(id, p);
    if (to === undefined) {
      p.at = 'out';
      ctx.emit({ type: 'flyer-lost', piece: id, label, hex: from, why: 'no legal base within reach (VV-ETH-10)' });
      continue;
    }
    fly(state, id, to);
    ctx.emit({ type: 'flyer-rebased', piece: id, label, from, to });
  }
}

/** The nearest legal base of a flyer within a range with room for it (nearest first, then by hex id), or undefined. */
export function nearestBase(state: VernianState, side: Side, id: string, range: number): string | undefined {
  const p = state.pieces[id]!;
  const kind = airKind(state, id)!;
  return basesInReach(state, side, kind, p.at, range, barredHexes(state, side, kind)).find(
    (hex) => hex !== p.at && !state.inventions.storms.includes(hex) && airRoom(state, side, kind, hex, id),
  );
}
