import {
  columnFor,
  expectedLosses,
  outcomeDistribution,
  resolveColumn,
  shiftColumn,
  type ColumnPosition,
  type Fraction,
  type LossSummary,
  type Problem,
  type Result,
  err,
  ok,
} from '@umpire/engine';
import { resultsTable } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { attackerProblem, defendingUnits, enemyFortress, frontBusterIn } from './attackers.js';
import { doubledUnits, tankUse, type TankUse } from '../tanks/tank-attack.js';
import { combatShifts, netShift, type Shift } from './shifts.js';
import { attackFactor, strengths, type Strengths, type SupplyJudge } from './strength.js';
import { supplyAtMoment } from '../supply/supply.js';

/**
 * Clauses: VB-CRT-05, VB-CRT-06, VB-CRT-09, VB-CRT-10, VB-CRT-11, VB-CRT-12, VB-CRT-15, VB-CRT-16, VB-DICE-04, VV-AFB-04,
 * VV-TANK-20.
 * The odds of a combat. The attack strength against the defence strength reads the column at or below the true ratio
 * (11 to 4 reads 2-1; the table's rounding is the defender's); true odds below 1 to 3 may not be attacked. The shifts
 * count from the true odds, which may lie past 6-1, and a column past either end reads that end. The exact chance of
 * each result is the engine's distribution of one d6 on that column, with no modifier (the table takes none). The hex
 * of the Armored Front Buster is never attacked (VV-AFB-04); the Tanks with the attackers double one unit each.
 */

/** A combat as it stands: who takes part, the strengths, the shifts and the column read. */
export type Battle = {
  readonly target: string;
  readonly side: Side;
  /** The named units that may attack now, in the order named. */
  readonly attackers: readonly string[];
  /** Named units that drop out (gone, no longer adjacent), with why. */
  readonly dropped: readonly { readonly unit: string; readonly why: string }[];
  /** The enemy ground combat units in the hex, in id order. */
  readonly defenders: readonly string[];
  /** Whether the hex's standing fortress defends with them. */
  readonly fortress: boolean;
  /** The Tanks that help the attack, or why none does (VV-TANK-10, VV-TANK-11). */
  readonly tanks: TankUse;
  /** The attackers a Tank doubles (VV-TANK-20). */
  readonly doubled: readonly string[];
  readonly strengths: Strengths;
  /** The true odds' position on the table (possibly past an end: '8-1', '1-4'). */
  readonly odds: ColumnPosition;
  readonly shifts: readonly Shift[];
  /** The net shift, negative to the left. */
  readonly net: number;
  /** The position after the shifts, and the column of the table it reads. */
  readonly shifted: ColumnPosition;
  readonly column: string;
};

/** One result of a combat and its exact chance. */
export type ResultChance = { readonly result: string; readonly rolls: readonly number[]; readonly chance: Fraction };

export type CombatOdds = Battle & {
  readonly outcomes: readonly ResultChance[];
  /** Expected steps lost by each side and the chance of a defender retreat (capped at the steps each side has). */
  readonly expected: LossSummary;
};

/** The attack of `units` on `target` as it stands; a problem when it may not be made (VB-CRT-05, VB-CRT-06, VB-CRT-11). */
export function assessBattle(
  state: VernianState,
  side: Side,
  target: string,
  units: readonly string[],
  supply: SupplyJudge = supplyAtMoment(),
  double: readonly string[] = [],
): Result<Battle, Problem> {
  if (frontBusterIn(state, side, target))
    return err({
      code: 'front-buster',
      message: `${hexLabel(target)} holds the Armored Front Buster: its hex cannot be attacked in ground combat (VV-AFB-04)`,
    });
  if (state.bombarded.includes(target))
    return err({
      code: 'cleared-by-bombard',
      message: `${hexLabel(target)} was cleared by this turn's bombardment: it is not attacked (VV-ART-15)`,
    });
  const occ = occupancy(state);
  const defenders = defendingUnits(state, side, target, occ);
  const fortress = enemyFortress(state, side, target);
  if (defenders.length === 0 && !fortress)
    return err({ code: 'no-defender', message: `${hexLabel(target)} holds no enemy ground combat unit and no enemy fortress (VB-CRT-05)` });
  const attackers: string[] = [];
  const dropped: { unit: string; why: string }[] = [];
  for (const unit of new Set(units)) {
    const why = attackerProblem(state, side, unit, target);
    if (why) dropped.push({ unit, why: why.message });
    else attackers.push(unit);
  }
  if (attackers.length === 0) return err({ code: 'no-attacker', message: `no unit named can attack ${hexLabel(target)} (VB-CRT-06)` });
  const table = resultsTable();
  const tanks = tankUse(state, side, target, attackers);
  const doubled = doubledUnits(tanks, double, (unit) => attackFactor(state, unit, supply));
  const s = strengths(state, attackers, defenders, fortress, target, supply, doubled);
  const position = columnFor(table, s.attack, s.defence);
  if (!position.ok) throw new Error(`combat on ${target}: ${position.error.message}`);
  if (position.value.index < 0)
    return err({
      code: 'too-weak',
      message: `${fmt(s.attack)} against ${fmt(s.defence)} is below 1-3: such an attack may not be made (VB-CRT-11)`,
    });
  const shifts = combatShifts(
    state,
    attackers.map((u) => state.units[u]!.at),
    target,
  );
  const net = netShift(shifts);
  const shifted = shiftColumn(table, position.value, net);
  const reading = resolveColumn(table, shifted);
  const column = reading.kind === 'column' ? reading.name : shifted.name;
  return ok({
    target,
    side,
    attackers,
    dropped,
    defenders,
    fortress,
    tanks,
    doubled,
    strengths: s,
    odds: position.value,
    shifts,
    net,
    shifted,
    column,
  });
}

/** The exact chances of each result of a battle (the engine's results distribution). */
export function battleChances(state: VernianState, battle: Battle): CombatOdds {
  const table = resultsTable();
  const distribution = outcomeDistribution(table, battle.shifted);
  const steps = (ids: readonly string[]) => ids.reduce((n, id) => n + state.units[id]!.steps, 0);
  return {
    ...battle,
    outcomes: distribution.outcomes.map((o) => ({ result: o.notation, rolls: o.rolls, chance: o.probability })),
    expected: expectedLosses(distribution, {
      attacker: steps(battle.attackers),
      defender: steps(battle.defenders) + (battle.fortress ? 1 : 0),
    }),
  };
}

/**
 * The odds of an attack order in a state: the column, the shifts and the exact chance of each result of the table
 * (for `umpire odds vernian` and the report line before each battle); a problem when the attack may not be made.
 */
export function combatOdds(
  state: VernianState,
  side: Side,
  order: { readonly target: string; readonly units: readonly string[]; readonly double?: readonly string[] },
  supply: SupplyJudge = supplyAtMoment(),
): Result<CombatOdds, Problem> {
  const battle = assessBattle(state, side, order.target, order.units, supply, order.double);
  return battle.ok ? ok(battleChances(state, battle.value)) : battle;
}

/** A strength as the report prints it: 5, 2.5. */
export const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);
