import { ruleNumbers } from '../data/files.js';
import { fortressHexes, hexFacts, isPlayable } from '../base/hexes.js';
import { occupancy, stackingSteps } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { tunnelInvariants } from '../england/tunnel.js';

/**
 * Clauses: VB-STACK-01, VB-STEP-01, VB-MAP-05, VB-FORT-09, VV-TUN-04, VB-TURN-15.
 * What must hold after every step (the fuzzer checks it): units stand on land hexes a unit may stand on, never two
 * sides in one hex, no hex over six steps and one HQ, steps within the counter's, destroyed fortresses real ones; each
 * tunnel unit due once on the Turn Record Track, an open tunnel held by German infantry in Dover.
 */
export function invariants(state: VernianState): string[] {
  const out: string[] = [];
  const occ = occupancy(state);
  const limit = ruleNumbers().stacking;
  for (const [hex, ids] of occ) {
    if (!isPlayable(hexFacts(hex))) out.push(`units on ${hex}, which is no land hex a unit may stand on: ${ids.join(', ')}`);
    if (new Set(ids.map((id) => unitInfo(id).side)).size > 1) out.push(`both sides in ${hex}: ${ids.join(', ')}`);
    const { steps, hqs } = stackingSteps(state, hex, occ);
    if (steps > limit.steps || hqs > limit.hqs) out.push(`${hex} holds ${steps} steps and ${hqs} HQs`);
  }
  for (const [id, u] of Object.entries(state.units)) {
    if (isOnMap(u.at) && (u.steps < 1 || u.steps > unitInfo(id).type.steps)) out.push(`${id} has ${u.steps} steps`);
  }
  const forts = new Set(fortressHexes());
  for (const hex of state.fortsLost) if (!forts.has(hex)) out.push(`${hex} is no fortress but is listed destroyed`);
  out.push(...tunnelInvariants(state));
  return out;
}
