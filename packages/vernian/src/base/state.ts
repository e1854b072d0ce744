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

/** One of the variant's borrowed pieces (a Zeppelin, an Ether Flyer): its type in data/pieces.json and where it is. */
export type PieceState = { type: string; side: Side; nation?: string; at: Place };

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
  /** The variant's borrowed pieces by id ('zep-1', 'fl-fr-1'): not ground units, they never count for stacking. */
  pieces: Record<string, PieceState>;
};

export const isOnMap = (at: Place): boolean => at !== 'due' && at !== 'box' && at !== 'out';

/** A copy of a state to change: its units, control and fortresses copied, the rest shared (it is never changed). */
export function copyState(state: VernianState): VernianState {
  const units: VernianState['units'] = {};
  for (const id in state.units) units[id] = { ...state.units[id]! };
  const pieces: VernianState['pieces'] = {};
  for (const id in state.pieces) pieces[id] = { ...state.pieces[id]! };
  return { ...state, units, control: { ...state.control }, fortsLost: [...state.fortsLost], pieces };
}

/**
 * What the positions of a state are, as a short key: a 64-bit hash (two 32-bit FNV-1a hashes) of where each unit is
 * with its steps and side shown, and of the fortresses lost. Two states with the same positions have the same key,
 * whatever their objects; the searches that depend only on positions keep their answers by it (a state changed in
 * place gets a new key). Two different positions share a key with a chance of about one in 2^64.
 */
export function positionsKey(state: VernianState, only?: (unit: string) => boolean): string {
  const h = new Hasher();
  h.add(state.fortsLost.join(','));
  for (const id in state.units) {
    if (only && !only(id)) continue;
    const u = state.units[id]!;
    h.add(id);
    h.add(u.at);
    h.add(u.crack ? `${u.steps}c` : String(u.steps));
  }
  return h.key();
}

class Hasher {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x5bd1e995;
  add(text: string): void {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    // A separator, so that 'ab' + 'c' and 'a' + 'bc' differ.
    this.a = Math.imul(a ^ 0x1f, 0x01000193);
    this.b = Math.imul(b ^ 0x1f, 0x5bd1e995) ^ (b >>> 15);
  }
  key(): string {
    return `${(this.a >>> 0).toString(36)}.${(this.b >>> 0).toString(36)}`;
  }
}

/** The positions and who holds which hexes: what supply depends on. */
export function holdingsKey(state: VernianState): string {
  const h = new Hasher();
  h.add(positionsKey(state));
  for (const hex of Object.keys(state.control).sort()) h.add(`${hex}=${state.control[hex]}`);
  return h.key();
}

/** A small cache of the latest answers by key (the oldest dropped first). */
export function keptAnswers<V>(size: number): { get(key: string): V | undefined; set(key: string, value: V): V } {
  const kept = new Map<string, V>();
  return {
    get: (key) => kept.get(key),
    set(key, value) {
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
      kept.set(key, value);
      return value;
    },
  };
}
