import { ruleNumbers } from '../data/files.js';
import { byNumber, perHexLimit, pieceType } from '../base/pieces.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { occupancy } from '../base/positions.js';

/**
 * Clauses: VV-ZEP-09, VV-ZEP-16, VV-ZEP-26, VV-ETH-06, VV-ETH-09, VV-WCPD-15, VV-VDG-12, VV-TANK-09.
 * What the air moves of both sides ask of a piece and a hex: how far a piece flies in a Base Change (double a
 * Zeppelin's middle number, six hexes for an Ether Flyer) and in a Sortie (double a Zeppelin's third number), the hexes
 * it may not enter (a Storm for every air piece, a Van der Graaf Generator for Allied flyers, D-AMB-60), the five a hex
 * of each kind, and the enemy ground units in a hex (units of the order of battle, Tanks and the Armored Front Buster).
 */

/** An air piece's kind, or undefined for a piece that does not fly (a Tank, the AFB) or an unknown id. */
export function airKind(state: VernianState, id: string): 'zeppelin' | 'flyer' | undefined {
  const p = state.pieces[id];
  if (!p) return undefined;
  const kind = pieceType(p.type).kind;
  return kind === 'zeppelin' || kind === 'flyer' ? kind : undefined;
}

/** How many hexes a piece may fly in a Base Change: double a Zeppelin's middle number (VV-ZEP-16), six for a flyer (VV-ETH-09). */
export function baseChangeRange(state: VernianState, id: string): number {
  const p = state.pieces[id]!;
  const n = ruleNumbers().airMoves;
  const t = pieceType(p.type);
  return t.kind === 'zeppelin' ? n.baseChangeTimes * (t.numbers?.[1] ?? 0) : n.flyerBaseChange;
}

/** How many hexes a Zeppelin may fly in its Sortie: double its third number (VV-ZEP-26: 6, 8 or 12). */
export function sortieRange(state: VernianState, id: string): number {
  const t = pieceType(state.pieces[id]!.type);
  return ruleNumbers().airMoves.sortieTimes * (t.numbers?.[2] ?? 0);
}

/**
 * The hexes an air piece of a side and kind may neither enter nor fly through: Storms (VV-WCPD-15), and for Allied
 * flyers generators (VV-VDG-12).
 */
export function barredHexes(state: VernianState, side: Side, kind: 'zeppelin' | 'flyer'): Set<string> {
  const out = new Set(state.inventions.storms);
  if (kind === 'flyer' && side === 'allies') for (const hex of state.inventions.generators) out.add(hex);
  return out;
}

/** Whether a hex has room for one more air piece of a side and kind: five Zeppelins, five friendly flyers (VV-ZEP-09, VV-ETH-06). */
export function airRoom(state: VernianState, side: Side, kind: 'zeppelin' | 'flyer', hex: string, moving?: string): boolean {
  const limit = perHexLimit(kind);
  if (limit === undefined) return true;
  let n = 0;
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    if (id !== moving && p.at === hex && p.side === side && pieceType(p.type).kind === kind) n += 1;
  }
  return n < limit;
}

/** Whether an enemy ground unit of a side is in a hex: a unit of the order of battle, a Tank or the AFB (BG-29). */
export function enemyGroundIn(state: VernianState, hex: string, side: Side, occ = occupancy(state)): boolean {
  if ((occ.get(hex) ?? []).some((id) => unitInfo(id).side !== side)) return true;
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    if (p.at !== hex || p.side === side) continue;
    const kind = pieceType(p.type).kind;
    if (kind === 'tank' || kind === 'afb') return true;
  }
  return false;
}

/** A Zeppelin's passenger, if it carries one (VV-ZEP-21). */
export const passengerOf = (state: VernianState, zeppelin: string): string | undefined => state.pieces[zeppelin]?.carrying;

/** The Zeppelin carrying a unit, if one does: the unit is in the air (VV-ZEP-11, VV-ZEP-35). */
export function carrierOf(state: VernianState, unit: string): string | undefined {
  for (const id in state.pieces) if (state.pieces[id]!.carrying === unit) return id;
  return undefined;
}

/** The air pieces of a side on the map, Zeppelins and flyers, in id order. */
export function sideAirPieces(state: VernianState, side: Side): string[] {
  return Object.keys(state.pieces)
    .filter((id) => state.pieces[id]!.side === side && isOnMap(state.pieces[id]!.at) && airKind(state, id) !== undefined)
    .sort(byNumber);
}
