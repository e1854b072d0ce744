import { allHexes, hexFacts, isPlayable } from '../base/hexes.js';
import { controller, occupancy, stackingSteps } from '../base/positions.js';
import { perHexLimit, pieceType, piecesIn } from '../base/pieces.js';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { ruleNumbers } from '../data/files.js';
import { hexInSupply } from '../supply/supply.js';
import { groundPlaceFor } from './new-units.js';

/**
 * Clauses: VB-REIN-04, VB-REIN-05, VB-REIN-15, VB-REIN-16, VB-REIN-17, VB-REIN-18, VB-STACK-02, VV-ZEP-09, VV-ETH-06,
 * VV-TANK-02, VV-TANK-03, VV-TANK-07, VV-AFB-07, VV-AFB-08.
 * Where a piece from the Available Units box may be placed in its side's New Units Phase: a Zeppelin in a
 * German-controlled hex of Germany in supply, five a hex; an Ether Flyer in a friendly city hex in supply (Allied: in
 * France or England; German: in Germany), five friendly flyers a hex; a Tank where a ground combat unit of its side
 * could be placed that holds a friendly infantry unit and no Tank; the Armored Front Buster in an Allied-controlled
 * French city hex in supply, counting two steps for stacking.
 */

const sideWord = (side: Side) => (side === 'germany' ? 'German' : 'Allied');
const holders = (side: Side) => (side === 'germany' ? 'the Germans' : 'the Allies');

/** Why a piece may not be placed in a hex now, or undefined when it may. */
export function piecePlacementRefusal(
  state: VernianState,
  side: Side,
  piece: string,
  hex: string,
  occ = occupancy(state),
): string | undefined {
  const p = state.pieces[piece];
  if (!p) return `${piece} has not come into play yet`;
  const t = pieceType(p.type);
  if (p.side !== side) return `${piece} is not ${sideWord(side)}`;
  if (p.at !== 'box') return `${piece} is not in the Available Units box`;
  const h = hexFacts(hex);
  if (!isPlayable(h)) return `${hex} is not a land hex a unit may stand on`;
  const held = controller(state, hex) === side;
  const notHeld = `${hex} is not held by ${holders(side)}`;
  const enemy = (occ.get(hex) ?? []).some((id) => unitInfo(id).side !== side);
  const full = (kind: 'zeppelin' | 'flyer' | 'tank', what: string, clause: string) => {
    const limit = perHexLimit(kind) ?? Infinity;
    return piecesIn(state, hex, kind, side).length >= limit ? `${hex} already holds ${limit} ${what} (${clause})` : undefined;
  };
  const unsupplied = () => (hexInSupply(state, hex, side) ? undefined : `${hex} is not in supply (VB-REIN-05)`);
  switch (t.kind) {
    case 'zeppelin':
      if (h.nation !== 'germany') return 'Zeppelins are placed in Germany (VB-REIN-15)';
      if (!held) return `${notHeld} (VB-REIN-15)`;
      return full('zeppelin', 'Zeppelins', 'VV-ZEP-09') ?? unsupplied();
    case 'flyer': {
      const home = side === 'germany' ? h.nation === 'germany' : h.nation === 'france' || h.nation === 'britain';
      if (!home || !h.city)
        return side === 'germany'
          ? 'German Ether Flyers are placed in a German city (VB-REIN-16)'
          : 'Allied Ether Flyers are placed in a city in France or England (VB-REIN-16)';
      if (!held) return `${notHeld} (VB-REIN-16)`;
      return full('flyer', `${sideWord(side)} Ether Flyers`, 'VV-ETH-06') ?? unsupplied();
    }
    case 'tank':
      if (!held) return `${notHeld} (VB-REIN-05)`;
      if (enemy) return `${hex} holds enemy units (VB-REIN-05)`;
      if (!groundPlaceFor(state, side, hex, occ))
        return `a Tank is placed only where a ${sideWord(side)} ground combat unit could be placed (VB-REIN-17)`;
      if (!(occ.get(hex) ?? []).some((id) => unitInfo(id).infantry && unitInfo(id).side === side))
        return `a Tank is placed with a friendly infantry unit, and ${hex} has none (VB-REIN-17, VV-TANK-07)`;
      return full('tank', 'a Tank', 'VV-TANK-02') ?? unsupplied();
    case 'afb': {
      if (h.nation !== 'france' || !h.city) return 'the Armored Front Buster is placed in a French city (VB-REIN-18, VV-AFB-07)';
      if (!held) return `${notHeld} (VB-REIN-18)`;
      if (enemy) return `${hex} holds enemy units (VB-REIN-05)`;
      const limit = ruleNumbers().stacking.steps;
      if (stackingSteps(state, hex, occ).steps + (t.stacking ?? 0) > limit)
        return `${hex} is full: the Armored Front Buster counts as a division, ${t.stacking} steps, of the six (VB-STACK-02, VV-AFB-08)`;
      return unsupplied();
    }
  }
}

/** Place a piece from the box on a hex. */
export function placePiece(state: VernianState, piece: string, hex: string): void {
  state.pieces[piece]!.at = hex;
}

/** A few hexes a piece may be placed in now (at most `most`), for the legal actions. */
export function pieceCandidates(state: VernianState, side: Side, piece: string, most = 4): string[] {
  const out: string[] = [];
  const occ = occupancy(state);
  const kind = pieceType(state.pieces[piece]!.type).kind;
  // Zeppelins may use any hex of Germany; the others need a city or a friendly infantry unit's hex.
  const hexes =
    kind === 'tank'
      ? [...occ.keys()].sort()
      : [...allHexes()].filter((h) => (kind === 'zeppelin' ? h.nation === 'germany' && (h.city || h.town) : h.city)).map((h) => h.id);
  for (const hex of hexes) {
    if (piecePlacementRefusal(state, side, piece, hex, occ) === undefined) out.push(hex);
    if (out.length >= most) break;
  }
  return out;
}
