import type { PhaseContext } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { pieceStateLabel, pieceType } from '../base/pieces.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';

/**
 * Clauses: VV-TANK-05, VV-TANK-06, VV-TANK-07, VV-TANK-08, VV-TANK-12, VV-TANK-13.
 * Tanks on the map. A Tank is no combat unit: it has no strength, defends with nothing and is never chosen for a step
 * loss. It must share its hex with an infantry unit of its side: a Tank left without one (alone, or when the last
 * infantry step in its hex is lost) is destroyed at once, checked after every phase (D-AMB-50). In each Bombard Phase
 * the first hit on a hex holding a Tank of the side bombarded is ignored (VV-TANK-13, AMB-51: one a hex a phase,
 * however many HQs fire). Its part in attacks (VV-TANK-10, VV-TANK-11, VV-TANK-14 to VV-TANK-20) and its movement
 * (VV-TANK-04) come with the Tank orders.
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
