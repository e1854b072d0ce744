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

/** A tunnel stack on the Turn Record Track (VB-TURN-15): the Strategic Turn it is due on and its units in queue order. */
export type TunnelStack = { due: string; units: string[] };

/** The Channel tunnel (VV-TUN): open or sealed, and the stacks still to come through it. */
export type TunnelState = {
  open: boolean;
  /** The stacks on the Turn Record Track, in queue order (the first due first). */
  track: TunnelStack[];
  /**
   * Once sealed: the Strategic Turn whose Reinforcement Phase came last before the seal (X of D-AMB-21), or null when
   * it sealed before A's. Null while open.
   */
  sealedAfter: string | null;
};

/** One of the variant's borrowed pieces (a Zeppelin, an Ether Flyer): its type in data/pieces.json and where it is. */
export type PieceState = {
  type: string;
  side: Side;
  nation?: string;
  at: Place;
  /** A Zeppelin's passenger: the Crack Troop it carries, by unit id, which stays 'at' the Zeppelin's hex (VV-ZEP-21, VV-ZEP-24). */
  carrying?: string;
  /**
   * An air piece in a Storm hex that rolled 1 or 2 to escape in its side's Base Change Phase this Operational Turn: it
   * may leave the hex this turn. An air piece in a Storm hex without it may not (VV-WCPD-16 to VV-WCPD-18). Cleared
   * when the Storm markers come off.
   */
  escaped?: true;
};

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
  /** The eleventh-hour inventions (VV-WCPD, VV-VDG). */
  inventions: Inventions;
  /** The hexes this player-turn's Bombard Phase cleared, which its Combat Phase may not attack (VV-ART-15), sorted. */
  bombarded: string[];
  /** The Channel tunnel between Dover and Munich and the Turn Record Track's tunnel stacks (VV-TUN, VB-TURN-15). */
  tunnel: TunnelState;
  /** The air war's marks on the board (VV-ETH, VV-ZEP). */
  air: AirState;
};

/**
 * What the air war leaves on the board. Only Allied flyers interdict (VV-ETH-18, VV-ETH-24, VV-ETH-27), so an
 * interdicted hex works against German supply; the mark lasts while the flyer stays there, until it returns to base at
 * the end of the Combat Phase (VV-ETH-26, VV-ETH-30).
 */
export type AirState = {
  /** The hexes interdicted now, by hex id: 'light' by a CS type, 'heavy' by a B type. */
  interdicted: Record<string, 'light' | 'heavy'>;
  /**
   * The hexes where the phasing side's air pieces ended a flight this player-turn (base change, sortie, mission), sorted
   * and each once: where the other side may intercept (D-AMB-35). Emptied when a player-turn's first air phase begins.
   */
  flown: string[];
  /**
   * The Allied flyers in the air on a mission this player-turn, by piece id: from the Mission Allocation Phase until
   * they return to base in the Ether Flyer Return to Base Phase (VV-ETH-16, VV-ETH-31), or at once when air combat
   * aborts them. A flyer in the air keeps `at` on the base it flew from.
   */
  missions: Record<string, Mission>;
};

/** An Allied flyer's mission: its kind, the hex it flies to, and for an escort the flyer it escorts (VV-ETH-19 to VV-ETH-27). */
export type Mission = { kind: 'sweep' | 'escort' | 'interdict'; hex: string; escorts?: string };

export type Inventions = {
  /** Weather Control Projection Devices built by the Allies: each gives a Storm marker (VV-WCPD-10). */
  wcpd: number;
  /** Van der Graaf Generators built by the Germans, destroyed ones included (VV-VDG-05). */
  vdg: number;
  /** The hexes of the generators still standing, sorted (VV-VDG-06 to VV-VDG-08). */
  generators: string[];
  /** The hexes of this Operational Turn's Storm markers, sorted (VV-WCPD-11 to VV-WCPD-13). */
  storms: string[];
};

export const isOnMap = (at: Place): boolean => at !== 'due' && at !== 'box' && at !== 'out';

/** A copy of a state to change: its units, control, fortresses, pieces, tunnel and air marks copied, the rest shared (never changed). */
export function copyState(state: VernianState): VernianState {
  const units: VernianState['units'] = {};
  for (const id in state.units) units[id] = { ...state.units[id]! };
  const pieces: VernianState['pieces'] = {};
  for (const id in state.pieces) pieces[id] = { ...state.pieces[id]! };
  const inventions = { ...state.inventions, generators: [...state.inventions.generators], storms: [...state.inventions.storms] };
  const tunnel = { ...state.tunnel, track: state.tunnel.track.map((s) => ({ due: s.due, units: [...s.units] })) };
  const missions: AirState['missions'] = {};
  for (const id in state.air.missions) missions[id] = { ...state.air.missions[id]! };
  const air = { ...state.air, interdicted: { ...state.air.interdicted }, flown: [...state.air.flown], missions };
  return {
    ...state,
    units,
    control: { ...state.control },
    fortsLost: [...state.fortsLost],
    pieces,
    inventions,
    bombarded: [...state.bombarded],
    tunnel,
    air,
  };
}

/**
 * What the positions of a state are, as a short key: a 64-bit hash of where each unit is with its steps and crack side
 * shown, and of the fortresses lost. Each unit's part is mixed from its id, its hex and its steps, and the parts are
 * added up, so two states with the same positions have the same key whatever their objects and key order; the
 * searches that depend only on positions keep their answers by it (a state changed in place gets a new key). Two
 * different positions share a key with a chance of about one in 2^64.
 */
export function positionsKey(state: VernianState, only?: (unit: string) => boolean): string {
  const sum = new KeySum();
  sum.add(freshHash(state.fortsLost.join(',')), 0);
  for (const id in state.units) {
    if (only && !only(id)) continue;
    const u = state.units[id]!;
    sum.add(textHash(id), Math.imul(textHash(u.at), 31) + u.steps * 2 + (u.crack ? 1 : 0));
  }
  return sum.key();
}

/**
 * Where units of each kind stand, the fortresses lost and who holds which hexes: what supply depends on. Units count
 * by the kind `kindOf` gives (a unit's steps do not count), so a step lost that leaves every unit in place keeps the
 * key; without `kindOf` the units are left out.
 */
export function holdingsKey(state: VernianState, kindOf?: (unit: string) => number): string {
  const sum = new KeySum();
  sum.add(freshHash(state.fortsLost.join(',')), 0);
  if (kindOf) addUnits(sum, state, kindOf);
  for (const hex in state.control) sum.add(textHash(hex), state.control[hex] === 'germany' ? 1 : 2);
  return sum.key();
}

function addUnits(sum: KeySum, state: VernianState, kindOf: (unit: string) => number): void {
  for (const id in state.units) {
    const at = state.units[id]!.at;
    if (at === 'due' || at === 'box' || at === 'out') continue;
    sum.add(textHash(at), kindOf(id) + 4);
  }
}

/** Two 32-bit lanes of a sum of mixed parts: the order parts are added in does not matter. */
class KeySum {
  private a = 0;
  private b = 0;
  add(x: number, y: number): void {
    this.a = (this.a + mix(x ^ Math.imul(y, 0x9e3779b1), 0x85ebca6b)) | 0;
    this.b = (this.b + mix(Math.imul(x, 0x27d4eb2f) ^ y, 0xc2b2ae35)) | 0;
  }
  key(): string {
    return `${(this.a >>> 0).toString(36)}.${(this.b >>> 0).toString(36)}`;
  }
}

/** A 32-bit finaliser (murmur3's), so that nearby inputs give unrelated parts. */
function mix(x: number, k: number): number {
  x = Math.imul(x ^ (x >>> 16), k);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** A text's 32-bit FNV-1a hash. */
function freshHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

// The texts hashed part by part are unit and hex ids, a few thousand at most: each is hashed once.
const hashes = new Map<string, number>();
function textHash(text: string): number {
  const known = hashes.get(text);
  if (known !== undefined) return known;
  const h = freshHash(text);
  if (hashes.size > 20000) hashes.clear();
  hashes.set(text, h);
  return h;
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
