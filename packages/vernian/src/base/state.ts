import type { Side } from './sides.js';

/**
 * The state of a game of vernian: plain JSON. Where every unit is and how many steps it has, which hexes changed
 * hands, which fortresses are destroyed, and the result once a side wins. What the map and the order of battle say
 * stays in the data files; the state holds only what play changes.
 */

/** Where a unit is: a hex id, or off the map. */
export type Place =
  | string
  /** Not yet arrived: its reinforcement code is still ahead. */
  | 'due'
  /** In its side's Available Units box (VB-TURN-14). */
  | 'box'
  /** Eliminated (VB-STEP-06). */
  | 'out';

export type UnitState = {
  at: Place;
  /** Steps left: 2 or 1 for a two-step unit, 1 for the others. */
  steps: number;
  /** A yellow-striped unit flipped to its crack side. */
  crack?: true;
};

export type GameOver = { winner: Side | 'draw'; summary: string };

export type VernianState = {
  /** The game's data version, so an old game keeps its meaning if the order of battle changes. */
  forces: number;
  units: Record<string, UnitState>;
  /** Land hexes held by the side that did not hold them at the start (VB-CTRL-01), by hex id. */
  control: Record<string, Side>;
  /** Fortresses destroyed (VB-FORT-04), by hex id, sorted. */
  fortsLost: string[];
  /** Set the moment a side wins (VV-WIN-06), or when the game ends in a draw. */
  over: GameOver | null;
};

export const isOnMap = (at: Place): boolean => at !== 'due' && at !== 'box' && at !== 'out';

/** A copy of a state to change: its units, control and fortresses copied, the rest shared (it is never changed). */
export function copyState(state: VernianState): VernianState {
  const units: VernianState['units'] = {};
  for (const id in state.units) units[id] = { ...state.units[id]! };
  return { ...state, units, control: { ...state.control }, fortsLost: [...state.fortsLost] };
}
