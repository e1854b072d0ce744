import type { Trench } from '../base/board.js';
import { allied } from '../base/conquest.js';
import { statsOfUnit } from '../base/units.js';
import type { WorldMap } from '../data/map.js';
import { type GreatWarState } from '../base/nations.js';
import { isAircraft } from '../base/counting.js';
import { terrainRules } from '../data/terrain.js';
import { ruleNumbers, tankTrenchRelief } from '../data/rules.js';
import { beachPenalty, fromTheSea } from '../sea/naval-invasions.js';

/** Trench penalties by unit type: [regular, super] (GW-TRENCH-01..06; aircraft come with phase 9). */
export const TRENCH_PENALTY: Readonly<Record<string, readonly [number, number]>> = ruleNumbers.landCombat.trenchPenalty;

/** The strait penalty for the two unit types that may attack across one (GW-TERR-33/34). */
export const STRAIT_PENALTY: Readonly<Record<string, number>> = ruleNumbers.landCombat.straitPenalty;

// ---------------------------------------------------------------------------------------------------------------
// Values.

/** The trench that guards `area` against attacks from `from` for the enemies of `nation` (the strongest, if two). */
export function trenchAgainst(state: GreatWarState, area: string, from: string, nation: string): Trench | undefined {
  const list = state.board.trenches.filter((t) => t.territory === area && t.facing === from && !allied(state, t.nation, nation));
  return list.find((t) => t.super) ?? list[0];
}

/**
 * A unit's attack into `area` from `from` (D-SIM-13): its attack with the nation's advances, less the strait
 * penalty (infantry and artillery -2) and, against the defenders (`trenches`), the trench facing `from` (infantry
 * -2/-3, artillery -3/-4, tanks -2); tanks attacking from the same territory take 1 point off the infantry's regular
 * trench penalty, 5 tanks 2 points (GW-UNIT-04/05, A32), never off a super trench's (GW-TRENCH-21). Units landing
 * from a sea zone take the beach penalty instead (infantry -3, artillery -4: GW-P10-INV-04/05; no trench guards a
 * coast, GW-P10-INV-02; aircraft none, GW-P10-INV-06). Penalties add up and never bring a value below 1 (GW-TRENCH-09,
 * GW-P10-LAND-04, A34, D-NAV-23).
 */
export function attackValue(
  state: GreatWarState,
  world: WorldMap,
  unit: { readonly nation: string; readonly type: string },
  from: string | undefined,
  area: string,
  trenches: boolean,
  tanksFrom: number,
): number {
  const base = statsOfUnit(state, unit).attack ?? 0; // without the paid advances it lacks (D-UPG-2)
  // Three tactical strike points against the territory this turn: its attacking infantry +1 (GW-P04-BOMB-08, D-AIR-13).
  const strike = unit.type === 'infantry' && (state.air.strikes[area] ?? 0) >= ruleNumbers.air.tacticalStrikeThreshold ? ruleNumbers.air.tacticalStrikeBonus : 0;
  if (!from) return base + strike;
  let penalty = 0;
  const air = isAircraft(unit.type);
  if (!air && world.graph.connection(from, area)?.kind === 'strait') penalty += STRAIT_PENALTY[unit.type] ?? 0;
  if (!air && fromTheSea(world, from)) penalty += beachPenalty(unit.type);
  const trench = trenches ? trenchAgainst(state, area, from, unit.nation) : undefined;
  if (trench && air) penalty += trench.super ? 0 : ruleNumbers.air.trenchPenalty;
  else if (trench) {
    let points = TRENCH_PENALTY[unit.type]?.[trench.super ? 1 : 0] ?? 0;
    if (unit.type === 'infantry' && !trench.super) points -= tankTrenchRelief(tanksFrom);
    penalty += Math.max(0, points);
  }
  return (penalty > 0 ? Math.max(ruleNumbers.landCombat.minimumAttack, base - penalty) : base) + strike;
}

/**
 * A defending unit's value and dice in `area` (D-SIM-15): Swiss infantry 8, Afghan 7, Gibraltar's 3 dice each;
 * land units facing an attack of aircraft alone, with no AA gun and no trench in the territory, -3 (GW-UNIT-56/57, D-AIR-10).
 */
export function defenseOf(state: GreatWarState, unit: { readonly nation: string; readonly type: string }, area: string, airOnly = false): { value: number; dice: number } {
  const base = statsOfUnit(state, unit).defense ?? 0;
  const terrain = terrainRules[area];
  const exposed = airOnly && !isAircraft(unit.type) ? ruleNumbers.air.airOnlyDefensePenalty : 0;
  const lower = (v: number) => (exposed ? Math.max(ruleNumbers.air.minimumDefense, v - exposed) : v);
  if (unit.type !== 'infantry' || !terrain) return { value: lower(base), dice: 1 };
  return { value: lower(Math.max(base, terrain.infantryDefense ?? 0)), dice: terrain.infantryDefenseDice ?? 1 };
}

/** Whether the defenders of `area` are exposed to an attack of aircraft alone: no AA gun of theirs and no trench of theirs there (GW-UNIT-56, GW-UNIT-57). */
export function exposedToAir(state: GreatWarState, area: string, holder: string): boolean {
  if (state.board.units.some((u) => u.at === area && u.type === 'aa-gun' && allied(state, u.nation, holder))) return false;
  return !state.board.trenches.some((t) => t.territory === area && allied(state, t.nation, holder));
}

/** The facilities that defend a territory at 1 while other defenders remain (D-SIM-16): city, industrial complex, port. */
export function facilitiesOf(world: WorldMap, area: string): string[] {
  const t = world.territory.get(area);
  if (!t) return [];
  return [...(t.city ? ['city'] : []), ...(t.industrialComplex ? ['industrial-complex'] : []), ...(t.port ? ['port'] : [])];
}
