import { hexBoard, ruleNumbers, terrainData } from '../data/files.js';
import { hexFacts } from '../base/hexes.js';
import { fortressStands } from '../base/positions.js';
import type { VernianState } from '../base/state.js';

/**
 * Clauses: VB-CRT-12, VB-CRT-13, VB-CRT-14, VB-CRT-20, VB-CRT-21, VB-TERR-05, VB-TERR-06, VB-FORT-04, VB-FORT-05,
 * VV-ART-02, VV-MG-01, VV-MG-02, VV-MG-03, VV-WCPD-14.
 * The column shifts of a combat, all to the left (in the defender's favour), added into one net shift: the defending
 * hex's shift, the greater of its terrain's and its town's or city's (never both), plus 1 for a standing fortress; and
 * 1 more when every attacking unit attacks across a river, 2 when every one crosses a major river (the smallest shift
 * over the attackers: one attacker on the near bank cancels the river). Nothing else shifts a combat in the variant:
 * HQs give no shifts (VV-ART-02), there are no machine guns (VV-MG-01) and no trenches (VV-MG-02, VV-MG-03), and the
 * base game's weather is off; a Storm marker gives the defenders of its hex two more left shifts. The numbers are in data/terrain.json.
 */

/** One shift of a combat, for the report: what gives it and how many columns (negative: to the left). */
export type Shift = { readonly source: string; readonly columns: number };

/** The hex shift of a defending hex (VB-TERR-06): terrain or city, the greater, and the standing fortress (VB-FORT-05). */
export function hexShifts(state: VernianState, hex: string): Shift[] {
  const t = terrainData();
  const h = hexFacts(hex);
  if (!h) return [];
  const terrain = t.terrain[h.terrain]?.shift ?? 0;
  const place = h.city ? 'city' : h.town ? 'town' : undefined;
  const built = place ? (t.features[place]?.shift ?? 0) : 0;
  const out: Shift[] = [];
  if (terrain >= built && terrain > 0) out.push({ source: h.terrain, columns: -terrain });
  else if (built > terrain) out.push({ source: place!, columns: -built });
  if (h.fortress > 0 && fortressStands(state, hex)) {
    const fort = t.features['fortress']?.shift ?? 0;
    if (fort > 0) out.push({ source: 'fortress', columns: -fort });
  }
  // A Storm marker helps whoever defends its hex (VV-WCPD-14, D-AMB-56).
  const storm = ruleNumbers().inventions.stormShift;
  if (storm > 0 && state.inventions.storms.includes(hex)) out.push({ source: 'storm', columns: -storm });
  return out;
}

/** The river shift (VB-CRT-13): the smallest over the attacking hexes of the shift of the hexside each attacks across. */
export function riverShift(attackerHexes: readonly string[], target: string): Shift | undefined {
  const t = terrainData();
  let least: { feature: string; shift: number } | undefined;
  for (const from of new Set(attackerHexes)) {
    const crossing = hexBoard().crossing(from, target);
    let here = { feature: '', shift: 0 };
    for (const f of crossing?.features ?? []) {
      const shift = t.hexsides[f]?.shift ?? 0;
      if (shift > here.shift) here = { feature: f, shift };
    }
    if (!least || here.shift < least.shift) least = here;
  }
  return least && least.shift > 0 ? { source: least.feature, columns: -least.shift } : undefined;
}

/** Every shift of a combat on `target` by units in `attackerHexes` (VB-CRT-12, VB-CRT-13). */
export function combatShifts(state: VernianState, attackerHexes: readonly string[], target: string): Shift[] {
  const river = riverShift(attackerHexes, target);
  return [...hexShifts(state, target), ...(river ? [river] : [])];
}

/** The net shift: all shifts added (VB-CRT-12). */
export const netShift = (shifts: readonly Shift[]): number => shifts.reduce((n, s) => n + s.columns, 0);
