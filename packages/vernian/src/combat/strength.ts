import { hexFacts } from '../base/hexes.js';
import type { VernianState } from '../base/state.js';
import { printedFactors } from '../base/units.js';
import { supplyOf, type SupplyState } from '../supply/supply.js';

/**
 * Clauses: VB-CRT-07, VB-CRT-08, VB-CRT-19, VB-SUP-09, VB-FORT-02, VV-SUP-02, VV-SUP-12, VV-SUP-13, VV-SUP-16, VV-SUP-17,
 * VV-TANK-20.
 * The strengths of a combat. Each unit's factor is that of the side it shows, changed on its own: a unit in Defense
 * Supply attacks at half and defends in full, an Out of Supply unit attacks and defends at half; fractions are kept.
 * Supply is judged when the combat is resolved, with every unit where it then is. The attack strength adds the
 * attackers' factors, a unit a Tank doubles at twice its factor after the halving (D-AMB-53); the defence strength
 * adds the defenders' and the value of a standing fortress in the hex, which is never halved.
 */

/** How the supply of a unit is judged: the supply rules' `supplyOf`, or a stand-in a test gives. */
export type SupplyJudge = (state: VernianState, unit: string) => SupplyState;

/** A judge that asks another once for each unit: a combat's supply is judged at one moment (VB-SUP-09). */
export function judgedOnce(judge: SupplyJudge): SupplyJudge {
  const kept = new Map<string, SupplyState>();
  return (state, unit) => {
    const known = kept.get(unit);
    if (known) return known;
    const s = judge(state, unit);
    kept.set(unit, s);
    return s;
  };
}

/** A unit's attack factor in a combat now (VV-SUP-12, VV-SUP-16). */
export function attackFactor(state: VernianState, unit: string, supply: SupplyJudge = supplyOf): number {
  const s = state.units[unit]!;
  const printed = printedFactors(unit, s.steps, s.crack === true).attack;
  return supply(state, unit) === 'attack' ? printed : printed / 2;
}

/** A unit's defence factor in a combat now (VV-SUP-13, VV-SUP-17). */
export function defenceFactor(state: VernianState, unit: string, supply: SupplyJudge = supplyOf): number {
  const s = state.units[unit]!;
  const printed = printedFactors(unit, s.steps, s.crack === true).defence;
  return supply(state, unit) === 'out' ? printed / 2 : printed;
}

/** What one unit brings to a combat, for the report: doubled when a Tank doubles it (VV-TANK-20). */
export type UnitStrength = { readonly unit: string; readonly factor: number; readonly supply: SupplyState; readonly doubled?: true };

export type Strengths = {
  readonly attack: number;
  readonly defence: number;
  readonly attackers: readonly UnitStrength[];
  readonly defenders: readonly UnitStrength[];
  /** The defence of the hex's standing fortress step (its value), 0 when none defends. */
  readonly fortress: number;
};

/** The attack and defence strengths of a combat (VB-CRT-07); the `doubled` attackers at twice their factor after supply. */
export function strengths(
  state: VernianState,
  attackers: readonly string[],
  defenders: readonly string[],
  fortressDefends: boolean,
  target: string,
  supply: SupplyJudge = supplyOf,
  doubled: readonly string[] = [],
): Strengths {
  const a = attackers.map((unit): UnitStrength => {
    const factor = attackFactor(state, unit, supply);
    const twice = doubled.includes(unit);
    return { unit, factor: twice ? factor * 2 : factor, supply: supply(state, unit), ...(twice ? { doubled: true as const } : {}) };
  });
  const d = defenders.map((unit) => ({ unit, factor: defenceFactor(state, unit, supply), supply: supply(state, unit) }));
  const fortress = fortressDefends ? (hexFacts(target)?.fortress ?? 0) : 0;
  return {
    attack: a.reduce((sum, x) => sum + x.factor, 0),
    defence: d.reduce((sum, x) => sum + x.factor, 0) + fortress,
    attackers: a,
    defenders: d,
    fortress,
  };
}
