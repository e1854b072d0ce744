import { ruleNumbers } from '../data/files.js';
import { fortressHexes, hexFacts, isPlayable } from '../base/hexes.js';
import { occupancy, stackingSteps } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';

/**
 * Clauses: VB-STACK-01, VB-STEP-01, VB-MAP-05, VB-FORT-09, VV-WCPD-06, VV-WCPD-12, VV-VDG-05, VV-VDG-06, VV-VDG-10.
 * What must hold after every step (the fuzzer checks it): units stand on land hexes a unit may stand on, never two
 * sides in one hex, no hex over six steps and one HQ, steps within the counter's, destroyed fortresses real ones.
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
  const inv = state.inventions;
  const most = ruleNumbers().inventions.most;
  if (inv.wcpd > most || inv.vdg > most) out.push(`${inv.wcpd} WCPDs and ${inv.vdg} generators built, more than ${most}`);
  if (inv.storms.length > inv.wcpd) out.push(`${inv.storms.length} Storm markers for ${inv.wcpd} WCPDs`);
  if (inv.generators.length > inv.vdg) out.push(`${inv.generators.length} generators standing, ${inv.vdg} built`);
  for (const hex of inv.generators) {
    const h = hexFacts(hex);
    if (!h?.city || h.nation !== 'germany') out.push(`a generator stands in ${hex}, which is no German city`);
    if ((occ.get(hex) ?? []).some((id) => unitInfo(id).side === 'allies')) out.push(`a generator stands in ${hex} among Allied units`);
  }
  return out;
}
