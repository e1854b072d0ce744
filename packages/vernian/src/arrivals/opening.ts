import { findHex, hexFacts } from '../base/hexes.js';
import { allPieces } from '../base/pieces.js';
import { occupancy, takeControl } from '../base/positions.js';
import type { VernianState } from '../base/state.js';
import { allUnits, forcesVersion, unitInfo } from '../base/units.js';
import { fits, SETUP_ORDER, setupCandidates, setupGroup, setupRefusal } from './setup-rules.js';
import { openingTunnel } from '../england/tunnel.js';

/**
 * Clauses: VB-SETUP-03, VB-SETUP-05, VB-SETUP-06, VB-CTRL-01, VV-SETUP-W-01, VV-SETUP-W-08, VV-TUN-09, VB-TURN-15.
 * The opening: every unit that starts on a map set up by default (its listed place, or the nearest hex of its group
 * with room, lowest id first), group by group in the set-up's order; every other unit due on its code. The players'
 * set-up orders move units from here in the set-up step. The Turn Record Track gets the tunnel stacks, behind any
 * code-B German unit left off the map (D-AMB-05, england/tunnel.ts).
 */

export function openingState(): VernianState {
  const state: VernianState = {
    forces: forcesVersion(),
    units: {},
    control: {},
    fortsLost: [],
    over: null,
    pieces: openingPieces(),
    inventions: { wcpd: 0, vdg: 0, generators: [], storms: [] },
    bombarded: [],
    tunnel: { open: true, track: [], sealedAfter: null },
    air: { interdicted: {}, flown: [], missions: {} },
  };
  for (const u of allUnits()) state.units[u.id] = { at: 'due', steps: u.type.steps };
  for (const group of SETUP_ORDER) {
    // Fortress divisions first: each has only its fortress's hex (VB-SETUP-02).
    const members = [...allUnits()].filter((u) => setupGroup(u) === group);
    for (const u of [
      ...members.filter((m) => m.type.class === 'fortress-infantry'),
      ...members.filter((m) => m.type.class !== 'fortress-infantry'),
    ]) {
      placeByDefault(state, u.id);
    }
  }
  state.tunnel = openingTunnel(state);
  return state;
}

/**
 * The variant's pieces on the map at the start (VV-SETUP-W-09, VV-SETUP-W-10, VV-SETUP-E-06): five 0-3-3 Zeppelins in
 * Aachen, a French F-type Ether Flyer in Paris, a British one in London, with the ids of the catalogue (base/pieces.ts):
 * 'zep-1', 'fl-fr-1', 'fl-gb-1'. The schedule's pieces come into the state when they arrive.
 */
export function openingPieces(): VernianState['pieces'] {
  const pieces: VernianState['pieces'] = {};
  for (const p of allPieces()) {
    if (p.arrives !== 'setup') continue;
    const hex = findHex(p.place ?? '');
    if (!hex.ok) throw new Error(`data/pieces.json: ${hex.message}`);
    pieces[p.id] = { type: p.type, side: p.side, ...(p.nation ? { nation: p.nation } : {}), at: hex.hex };
  }
  return pieces;
}

/** Set a unit up by default (VB-SETUP-05): the first candidate hex it may use with room; left due when none. */
export function placeByDefault(state: VernianState, unit: string): boolean {
  const occ = occupancy(state);
  for (const hex of setupCandidates(unit)) {
    if (setupRefusal(state, unit, hex, occ) === undefined && fits(state, unit, hex, occ)) {
      setUp(state, unit, hex);
      return true;
    }
  }
  return false;
}

/** Put a unit on a hex in the set-up; a ground combat unit takes control of it (VB-CTRL-02, VB-SETUP-04). */
export function setUp(state: VernianState, unit: string, hex: string): void {
  state.units[unit]!.at = hex;
  const u = unitInfo(unit);
  if (u.combat && hexFacts(hex)?.land) takeControl(state, hex, u.side);
}
