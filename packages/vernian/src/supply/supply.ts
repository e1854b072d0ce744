import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';

/**
 * Clauses: VV-SUP-01.
 * The three supply states of the variant (VV-SUP-01): Attack Supply (the base game's supply, VB-SUP), Defense Supply
 * and Out of Supply. A placeholder until the supply rules land: every unit is in Attack Supply.
 */
export type SupplyState = 'attack' | 'defense' | 'out';

/** The supply state of a unit on the map, judged now (VB-SUP-09). */
export function supplyOf(state: VernianState, unit: string): SupplyState {
  void state;
  void unit;
  return 'attack';
}

/** Whether a hex is in Attack Supply for a side (VB-SUP-10): a ground unit of that side would be there. */
export function hexInSupply(state: VernianState, hex: string, side: Side): boolean {
  void state;
  void hex;
  void side;
  return true;
}
