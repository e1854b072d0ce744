import type { VernianState } from '../base/state.js';

/**
 * Clauses: VV-SUP-07, VV-SUP-08, VV-SUP-09.
 * What supply asks of a move: a unit may not move out of Attack Supply of its own will, and a unit that starts its
 * player-turn out of Attack Supply moves only to better its supply or to come closer to a source. A placeholder until
 * the supply rules land: every move passes.
 */
export function supplyMoveRefusal(start: VernianState, after: VernianState, unit: string): string | undefined {
  void start;
  void after;
  void unit;
  return undefined;
}
