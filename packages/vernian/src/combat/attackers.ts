import { hexBoard, terrainData } from '../data/files.js';
import { hexFacts, hexLabel, isPlayable } from '../base/hexes.js';
import { fortressOwner, fortressStands, occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { pieceStateLabel, pieceType, piecesIn } from '../base/pieces.js';

/**
 * Clauses: VB-CRT-01, VB-CRT-02, VB-CRT-04, VB-CRT-05, VB-HQ-02, VB-MAP-10, VB-FORT-02, VB-FORT-12, VV-AFB-03, VV-AFB-04,
 * VV-TANK-11.
 * Who may fight: a side's ground combat units attack an adjacent hex, never across an all-sea hexside or the Channel
 * link; HQs never attack. A hex may be attacked when it holds enemy ground combat units or a standing enemy fortress
 * (its step defends alone if need be); a hex holding only HQs is overrun by movement instead. A fortress division
 * attacks like any other infantry unit though it never moves. Tanks and the Armored Front Buster never attack, and the
 * AFB's hex is never attacked.
 */

/** Why a unit may not attack a hex now (a refusal's code and message), or undefined when it may. */
export function attackerProblem(
  state: VernianState,
  side: Side,
  unit: string,
  target: string,
): { code: string; message: string } | undefined {
  const piece = state.pieces[unit];
  if (piece) {
    if (pieceType(piece.type).kind === 'afb')
      return { code: 'no-attack', message: `${pieceStateLabel(unit, piece)} has no attack strength and never attacks (VV-AFB-03)` };
    if (pieceType(piece.type).kind === 'tank')
      return {
        code: 'no-attack',
        message: `${pieceStateLabel(unit, piece)} never attacks itself: it helps the attacking infantry of its hex (VV-TANK-11)`,
      };
    return { code: 'no-attack', message: `${pieceStateLabel(unit, piece)} is no ground combat unit and never attacks` };
  }
  const u = unitInfo(unit);
  if (u.side !== side) return { code: 'not-yours', message: `${u.name} is not yours` };
  if (!u.combat) return { code: 'not-combat', message: `${u.name} is an HQ: HQs never attack (VB-CRT-04, VB-HQ-02)` };
  const at = state.units[unit]!.at;
  if (!isOnMap(at)) return { code: 'not-on-map', message: `${u.name} is not on the map` };
  const crossing = hexBoard().crossing(at, target);
  if (!crossing) return { code: 'not-adjacent', message: `${u.name} in ${at} is not next to ${hexLabel(target)} (VB-CRT-02)` };
  if (crossing.link !== undefined) return { code: 'across-sea', message: `${u.name} may not attack across the Channel link (VB-CRT-04)` };
  const barred = crossing.features.find((f) => terrainData().hexsides[f]?.attack === 'prohibited');
  if (barred) return { code: 'across-sea', message: `${u.name} may not attack across the ${barred} hexside from ${at} (VB-CRT-04)` };
  return undefined;
}

/** The enemy ground combat units in a hex, in id order: the units that defend it (VB-CRT-05). */
export function defendingUnits(state: VernianState, attacker: Side, hex: string, occ = occupancy(state)): string[] {
  return (occ.get(hex) ?? []).filter((id) => unitInfo(id).combat && unitInfo(id).side !== attacker);
}

/** Whether a standing fortress of the enemy's defends the hex (VB-FORT-02). */
export const enemyFortress = (state: VernianState, attacker: Side, hex: string): boolean =>
  fortressStands(state, hex) && fortressOwner(hex) !== attacker;

/** Whether a hex may be attacked by a side: it holds an enemy ground combat unit or a standing enemy fortress (VB-CRT-05). */
export function defended(state: VernianState, attacker: Side, hex: string, occ = occupancy(state)): boolean {
  if (!isPlayable(hexFacts(hex))) return false;
  return defendingUnits(state, attacker, hex, occ).length > 0 || enemyFortress(state, attacker, hex);
}

/** Whether the Armored Front Buster of the side other than `attacker` stands in a hex: it is never attacked (VV-AFB-04). */
export const frontBusterIn = (state: VernianState, attacker: Side, hex: string): boolean =>
  piecesIn(state, hex, 'afb').some((id) => state.pieces[id]!.side !== attacker);
