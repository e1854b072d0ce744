import { gridDistance, hexesWithin } from '@umpire/engine';
import { hexBoard, ruleNumbers } from '../data/files.js';
import { allHexes, hexesNamed, hexFacts, isPlayable } from '../base/hexes.js';
import { controller, enemyGroundPiece, occupancy, stackingSteps } from '../base/positions.js';
import type { VernianState } from '../base/state.js';
import { codeIndex } from '../base/calendar.js';
import { unitInfo, type UnitInfo } from '../base/units.js';

/**
 * Clauses: VB-SETUP-01, VB-SETUP-02, VB-SETUP-04, VB-SETUP-09, VV-SETUP-W-02, VV-SETUP-W-03, VV-SETUP-W-04,
 * VV-SETUP-W-05, VV-SETUP-W-06, VV-SETUP-W-07, VV-SETUP-E-01, VV-SETUP-E-02, VV-SETUP-E-03, VV-SETUP-E-04,
 * VV-SETUP-E-05, VV-SETUP-E-07, VV-SETUP-E-08, VV-SETUP-E-09, VV-SETUP-E-10.
 * Where each unit may set up: the groups of the set-up (the West map's normal set-up, the Belgians, the French units
 * coded G or later, the German code-B units in England, the British code-K units in England) and the hexes each
 * group may use. Both the default set-up (opening.ts) and the players' set-up orders are judged here.
 */

export type SetupGroup = 'west' | 'belgian' | 'french-late' | 'german-england' | 'british-england';

/** The order in which the groups are set up (VB-SETUP-03). */
export const SETUP_ORDER: readonly SetupGroup[] = ['west', 'belgian', 'german-england', 'british-england', 'french-late'];

/** The set-up group of a unit, or undefined when it does not start on a map. */
export function setupGroup(u: UnitInfo): SetupGroup | undefined {
  const code = u.entry.code;
  const g = codeIndex('G')!;
  if (u.nation === 'belgium' && code === 'setup') return 'belgian';
  if (u.nation === 'france' && code !== 'setup' && (codeIndex(code) ?? -1) >= g) return 'french-late';
  if (u.nation === 'germany' && code === 'B') return 'german-england';
  if (u.nation === 'britain' && code === 'K') return 'british-england';
  if (code === 'setup') return 'west';
  return undefined;
}

export const landingHexes = (): string[] =>
  ruleNumbers()
    .arrivals.germanLanding.flatMap((n) => hexesNamed(n))
    .sort();

/** Whether a unit fits a hex now: no enemy unit or ground piece there, six steps and one HQ (VB-STACK-01, VB-STACK-04). */
export function fits(state: VernianState, unit: string, hex: string, occ = occupancy(state)): boolean {
  const { steps, hqs } = stackingSteps(state, hex, occ);
  const s = ruleNumbers().stacking;
  const u = unitInfo(unit);
  const others = (occ.get(hex) ?? []).filter((id) => id !== unit);
  if (others.some((id) => unitInfo(id).side !== u.side)) return false;
  if (enemyGroundPiece(state, hex, u.side)) return false;
  const mine = state.units[unit]!;
  const already = (occ.get(hex) ?? []).includes(unit);
  if (u.hq) return hqs - (already ? 1 : 0) + 1 <= s.hqs;
  return steps - (already ? mine.steps : 0) + mine.steps <= s.steps;
}

/** Why a unit of a group may not set up in a hex (besides stacking), or undefined when it may. */
export function setupRefusal(state: VernianState, unit: string, hex: string, occ = occupancy(state)): string | undefined {
  const u = unitInfo(unit);
  const h = hexFacts(hex);
  if (!isPlayable(h)) return `${hex} is not a land hex a unit may stand on`;
  const group = setupGroup(u);
  if (!group) return `${u.name} does not set up: it arrives with code ${u.entry.code}`;
  if (u.type.class === 'fortress-infantry') {
    const listed = hexesNamed(u.entry.setup?.place ?? '');
    if (!listed.includes(hex)) return `a fortress division sets up in its fortress (${listed.join(', ') || 'none'}) (VB-SETUP-02)`;
  }
  switch (group) {
    case 'west': {
      if (h.map !== 'W') return `${u.name} sets up on the West map`;
      if (u.nation === 'france' && h.nation === 'belgium') return 'no French unit sets up in Belgium (VV-SETUP-W-05)';
      if (controller(state, hex) !== u.side)
        return `${hex} is not held by ${u.side === 'germany' ? 'the Germans' : 'the Allies'} at the start (VB-SETUP-04)`;
      const listed = hexesNamed(u.entry.setup?.place ?? '');
      const near = listed.some((l) => hex === l || ((gridDistance(hexBoard(), l, hex) ?? 99) <= 2 && hexFacts(l)?.nation === h.nation));
      if (!near) return `${u.name} sets up within 2 hexes of ${u.entry.setup?.place} in the same nation (VB-SETUP-02)`;
      return undefined;
    }
    case 'belgian':
      if (u.hq) return hexesNamed('Mons').includes(hex) ? undefined : 'the Belgian HQ sets up in Mons (VV-SETUP-W-04)';
      if (h.nation !== 'belgium' || !h.city) return 'a Belgian unit sets up in a Belgian city (VV-SETUP-W-03)';
      if (hexesNamed('Liège').includes(hex)) return 'no Belgian unit sets up in Liège (VV-SETUP-W-03)';
      if (belgianUnitsIn(state, hex, occ, unit) > 0) return 'one Belgian unit a city (VV-SETUP-W-03)';
      return undefined;
    case 'french-late':
      if (h.nation !== 'france' || !h.city) return 'a French unit coded G or later sets up in a French city hex (VV-SETUP-W-06)';
      if ((occ.get(hex) ?? []).some((id) => id !== unit)) return 'only in a French city hex that would otherwise be empty (VV-SETUP-W-07)';
      return undefined;
    case 'german-england':
      return landingHexes().includes(hex) ? undefined : 'the code-B German units set up in Dover, Ramsgate or Folkestone (VV-SETUP-E-08)';
    case 'british-england': {
      if (h.map !== 'B' || !(h.town || h.city)) return 'a British unit sets up in a town or city hex in England (VV-SETUP-E-02)';
      if (landingHexes().includes(hex)) return 'not in Dover, Ramsgate or Folkestone, the German landing hexes (VB-SETUP-09)';
      if (u.hq) return undefined;
      if ((occ.get(hex) ?? []).some((id) => id !== unit && !unitInfo(id).hq)) return 'one British unit a hex in England (VV-SETUP-E-03)';
      const tooNear = britishInEngland(state, occ).find((o) => o.id !== unit && (gridDistance(hexBoard(), o.at, hex) ?? 99) < 4);
      if (tooNear) return `within three hexes of ${tooNear.id} in ${tooNear.at}: at least three hexes between (VV-SETUP-E-04)`;
      return undefined;
    }
  }
}

function belgianUnitsIn(state: VernianState, hex: string, occ: Map<string, string[]>, except: string): number {
  return (occ.get(hex) ?? []).filter((id) => id !== except && unitInfo(id).nation === 'belgium' && !unitInfo(id).hq).length;
}

function britishInEngland(state: VernianState, occ: Map<string, string[]>): { id: string; at: string }[] {
  const out: { id: string; at: string }[] = [];
  for (const [hex, ids] of occ) {
    if (hexFacts(hex)?.map !== 'B') continue;
    for (const id of ids) {
      const u = unitInfo(id);
      if (u.nation === 'britain' && !u.hq && setupGroup(u) === 'british-england') out.push({ id, at: hex });
    }
  }
  return out;
}

/** The hexes a unit's group may use, nearest its listed place first (then by id): the default set-up's candidates. */
export function setupCandidates(unit: string): string[] {
  const u = unitInfo(unit);
  const group = setupGroup(u);
  const listed = hexesNamed(u.entry.setup?.place ?? '');
  const pool = (): string[] => {
    switch (group) {
      case 'belgian':
        return u.hq ? [...hexesNamed('Mons')] : [...allHexes()].filter((h) => h.nation === 'belgium' && h.city).map((h) => h.id);
      case 'french-late':
        return [...allHexes()].filter((h) => h.nation === 'france' && h.city).map((h) => h.id);
      case 'german-england':
        return landingHexes();
      case 'british-england':
        return [...allHexes()].filter((h) => h.map === 'B' && (h.town || h.city)).map((h) => h.id);
      default: {
        const near = listed.flatMap((l) => [...hexesWithin(hexBoard(), l, 2).keys()]);
        return [...new Set(near)];
      }
    }
  };
  const distance = (hex: string) => Math.min(...listed.map((l) => gridDistance(hexBoard(), l, hex) ?? 99), 99);
  return pool().sort((a, b) => distance(a) - distance(b) || (a < b ? -1 : a > b ? 1 : 0));
}
