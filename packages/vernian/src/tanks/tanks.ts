import type { PhaseContext } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { pieceStateLabel, pieceType } from '../base/pieces.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';

/**
 * Clauses: VV-TANK-05, VV-TANK-06, VV-TANK-07, VV-TANK-08, VV-TANK-09, VV-TANK-12, VV-TANK-13, VV-ZEP-23.
 * Tanks on the map. A Tank is no combat unit: it has no strength, defends with nothing and is never chosen for a step
 * loss. It must share its hex with an infantry unit of its side: a Tank left without one (alone, or when the last
 * infantry step in its hex is lost) is destroyed at once, checked after every phase (D-AMB-50). In each Bombard Phase
 * the first hit on a hex holding a Tank of the side bombarded is ignored (VV-TANK-13, AMB-51: one a hex a phase,
 * however many HQs fire). Its part in attacks (VV-TANK-10, VV-TANK-11, VV-TANK-14 to VV-TANK-20) is in
 * tanks/tank-attack.ts, its movement (VV-TANK-04) in movement/movement.ts and orders/move.ts. No Zeppelin ever
 * carries a Tank (VV-TANK-09): `zeppelinCarryRefusal` is the check the Zeppelin embarkation rules ask.
 */

/** Whether an infantry unit of a side stands in a hex. */
const infantryIn = (state: VernianState, hex: string, side: Side): boolean =>
  Object.keys(state.units).some((id) => state.units[id]!.at === hex && unitInfo(id).infantry && unitInfo(id).side === side);

/** Tanks with no infantry of their side in their hex are destroyed (VV-TANK-06 to VV-TANK-08). */
export function tanksLeftAlone(state: VernianState, ctx: PhaseContext): void {
  for (const id of Object.keys(state.pieces).sort()) {
    const p = state.pieces[id]!;
    if (!isOnMap(p.at) || pieceType(p.type).kind !== 'tank' || infantryIn(state, p.at, p.side)) continue;
    const hex = p.at;
    p.at = 'out';
    ctx.emit({ type: 'tank-destroyed', piece: id, label: pieceStateLabel(id, p), hex, place: hexLabel(hex) });
  }
}

/**
 * Why a Zeppelin may not carry a ground unit or piece, or undefined when it may: Tanks never (VV-TANK-09), nor the
 * AFB or any unit but a Crack Troop (VV-ZEP-23). The Zeppelin embarkation rules ask this of every passenger.
 */
export function zeppelinCarryRefusal(state: VernianState, id: string): string | undefined {
  const p = state.pieces[id];
  if (p) {
    const kind = pieceType(p.type).kind;
    if (kind === 'tank') return `${pieceStateLabel(id, p)}: Zeppelins cannot carry Tanks (VV-TANK-09)`;
    return `${pieceStateLabel(id, p)} is no ground unit a Zeppelin carries: only Crack Troops fly (VV-ZEP-23)`;
  }
  const u = state.units[id];
  if (!u) return `${id} is no unit`;
  return u.crack === true ? undefined : `${unitInfo(id).name} is no Crack Troop: only Crack Troops fly (VV-ZEP-23)`;
}
