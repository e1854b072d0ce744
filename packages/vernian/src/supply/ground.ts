import { groundPieces, occupancy, unitPlaces } from '../base/positions.js';
import { holdingsKey, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { supplyGrid } from './grid.js';

/**
 * Clauses: VB-SUP-05, VB-UNIT-04, VV-AFB-02.
 * What the supply searches read of where units stand, hex by hex of the supply grid, worked out once for each
 * arrangement of units and shared by both sides' pictures: which side's ground units (the order of battle's, the
 * Tanks and the Armored Front Buster) and ground combat units are in each hex, and where each side's HQs are. A
 * combat asks both sides' supply after every change the one before it made, so this is read far more often than units
 * move.
 */

/** A German ground unit is in the hex. */
export const GROUND_DE = 1;
/** An Allied ground unit is in the hex. */
export const GROUND_AL = 2;
/** A German ground combat unit is in the hex. */
export const COMBAT_DE = 4;
/** An Allied ground combat unit is in the hex. */
export const COMBAT_AL = 8;

export interface Stands {
  /** Per hex of the supply grid, the flags above. */
  readonly flags: Uint8Array;
  /** The hexes of each side's HQs, in grid order, once a hex. */
  readonly hqs: { readonly germany: readonly number[]; readonly allies: readonly number[] };
  /** A key of where units of each kind stand: the flags and the HQs. */
  readonly key: string;
}

// By the occupancy it was read from (a new arrangement of units is a new occupancy, base/positions.ts) and where the
// ground pieces stand.
const kept = new WeakMap<object, { readonly pieces: string; readonly stands: Stands }>();

/** Where units stand, as supply reads it, for the state as it is now. */
export function standsOf(state: VernianState): Stands {
  const occ = occupancy(state);
  // Tanks and the AFB are ground units a supply path of the other side may not enter (VB-SUP-05, D-AMB-48).
  const pieces = groundPieces(state);
  const signature = pieces.map((g) => `${g.side}@${g.hex}`).join(',');
  const known = kept.get(occ);
  if (known && known.pieces === signature) return known.stands;
  const grid = supplyGrid();
  const flags = new Uint8Array(grid.ids.length);
  for (const { side, hex } of pieces) {
    const i = grid.index.get(hex);
    if (i !== undefined) flags[i] = flags[i]! | (side === 'germany' ? GROUND_DE : GROUND_AL);
  }
  const { ids, ats } = unitPlaces(state);
  const kinds = unitKinds(ids);
  const germanHqs = new Set<number>();
  const alliedHqs = new Set<number>();
  for (let u = 0; u < ats.length; u++) {
    const at = ats[u]!;
    if (at === 'due' || at === 'box' || at === 'out') continue;
    const i = grid.index.get(at);
    if (i === undefined) continue;
    const k = kinds[u]!;
    flags[i] = flags[i]! | (k & ~HQ_DE & ~HQ_AL);
    if (k & HQ_DE) germanHqs.add(i);
    if (k & HQ_AL) alliedHqs.add(i);
  }
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  const hqs = { germany: sorted(germanHqs), allies: sorted(alliedHqs) };
  // FNV-1a over the flags of the occupied hexes and the HQ hexes.
  let h = 0x811c9dc5;
  for (let i = 0; i < flags.length; i++) {
    if (flags[i] === 0) continue;
    h = Math.imul(h ^ i, 0x01000193);
    h = Math.imul(h ^ flags[i]!, 0x01000193);
  }
  for (const i of hqs.germany) h = Math.imul(h ^ (i + 0x10000), 0x01000193);
  for (const i of hqs.allies) h = Math.imul(h ^ (i + 0x20000), 0x01000193);
  const stands = { flags, hqs, key: (h >>> 0).toString(36) };
  kept.set(occ, { pieces: signature, stands });
  return stands;
}

// Two more bits for the kinds of units below: an HQ of each side.
const HQ_DE = 16;
const HQ_AL = 32;

// What each unit of a list is, as the flags above and the HQ bits, by the list (a units object's own, base/positions.ts).
const kindsByList = new WeakMap<readonly string[], Uint8Array>();

function unitKinds(ids: readonly string[]): Uint8Array {
  const known = kindsByList.get(ids);
  if (known) return known;
  const kinds = new Uint8Array(ids.length);
  ids.forEach((id, u) => {
    const info = unitInfo(id);
    const german = info.side === 'germany';
    let k = 0;
    // A ground unit (VB-UNIT-04): combat units and HQs are all the order of battle holds.
    if (info.combat || info.hq) k |= german ? GROUND_DE : GROUND_AL;
    if (info.combat) k |= german ? COMBAT_DE : COMBAT_AL;
    if (info.hq) k |= german ? HQ_DE : HQ_AL;
    kinds[u] = k;
  });
  kindsByList.set(ids, kinds);
  return kinds;
}

/**
 * What supply depends on of the board, as a key: where units of each kind stand, the fortresses lost and who holds
 * which hexes. A step lost that leaves every unit in place keeps the key.
 */
export function supplyHoldings(state: VernianState): string {
  return `${standsOf(state).key}/${holdingsKey(state)}`;
}
