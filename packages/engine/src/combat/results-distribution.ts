import { formatCombatResult, type CombatResult, type ResultsTable } from './results-table-schema.js';
import { modifyRoll, resolveColumn, rollRange, type ColumnPosition } from './results-table.js';

/**
 * The exact odds of an attack on a results table: every distinct result with the number of die outcomes that give it,
 * over all the outcomes of the dice (6 for 1d6, 36 for 2d6). Counts are whole numbers, so the chances sum to exactly
 * 1 and the same attack shows the same numbers everywhere; each also comes as a float for display.
 */

/** numerator / denominator, both whole and unreduced (2/6 stays 2/6: the denominator is the dice's outcomes), and its value. */
export type Fraction = {
  readonly numerator: number;
  readonly denominator: number;
  readonly value: number;
};

const fraction = (numerator: number, denominator: number): Fraction => ({ numerator, denominator, value: numerator / denominator });

/** One distinct result of an attack. */
export type Outcome = {
  readonly result: CombatResult;
  readonly notation: string;
  /** The die totals, before the modifier, that give it. */
  readonly rolls: number[];
  readonly probability: Fraction;
};

export type OutcomeDistribution = {
  /** The column read, or the position's name when the result is automatic. */
  readonly column: string;
  readonly automatic: boolean;
  readonly modifier: number;
  /** Every outcome of the dice: sides to the power of dice. */
  readonly outOf: number;
  /** The distinct results in the order of the lowest total that gives each. */
  readonly outcomes: Outcome[];
};

/** The number of ways each total of `dice` dice of `sides` faces comes up: entry i for a total of dice + i. */
export function diceTotals(dice: number, sides: number): number[] {
  let ways = [1];
  for (let d = 0; d < dice; d++) {
    const next = new Array<number>(ways.length + sides - 1).fill(0);
    ways.forEach((w, i) => {
      for (let face = 0; face < sides; face++) next[i + face]! += w;
    });
    ways = next;
  }
  return ways;
}

/** The exact distribution of results at a position with a die-roll modifier (modified totals kept within the rows). */
export function outcomeDistribution(table: ResultsTable, position: ColumnPosition, modifier = 0): OutcomeDistribution {
  const reading = resolveColumn(table, position);
  const { low } = rollRange(table);
  const ways = diceTotals(table.dice, table.sides);
  const outOf = table.sides ** table.dice;
  const byNotation = new Map<string, { result: CombatResult; rolls: number[]; ways: number }>();
  ways.forEach((w, i) => {
    const roll = low + i;
    const result = reading.kind === 'automatic' ? reading.result : table.results[modifyRoll(table, roll, modifier) - low]![reading.index]!;
    const notation = formatCombatResult(result);
    const entry = byNotation.get(notation);
    if (entry) {
      entry.rolls.push(roll);
      entry.ways += w;
    } else byNotation.set(notation, { result, rolls: [roll], ways: w });
  });
  return {
    column: reading.kind === 'automatic' ? position.name : reading.name,
    automatic: reading.kind === 'automatic',
    modifier,
    outOf,
    outcomes: [...byNotation].map(([notation, e]) => ({
      result: e.result,
      notation,
      rolls: e.rolls,
      probability: fraction(e.ways, outOf),
    })),
  };
}

/** What an attack costs each side on average, and the chance of each kind of result, as exact fractions of the dice's outcomes. */
export type LossSummary = {
  /** The expected steps the attacker loses: its AL results, and its eliminations when its steps are known. */
  readonly attackerSteps: Fraction;
  readonly defenderSteps: Fraction;
  /** The chance that the attacker retreats; likewise for the defender. */
  readonly attackerRetreats: Fraction;
  readonly defenderRetreats: Fraction;
  readonly exchange: Fraction;
  readonly attackerEliminated: Fraction;
  readonly defenderEliminated: Fraction;
  readonly noEffect: Fraction;
};

/**
 * The expected step losses of a distribution, for odds displays. With the steps each side has (`steps`), losses are
 * capped at them and an elimination costs them all; without, an elimination shows only in its own chance. What an
 * exchange costs is the ruleset's to say, so an exchange shows only in its own chance too.
 */
export function expectedLosses(
  distribution: OutcomeDistribution,
  steps: { readonly attacker?: number; readonly defender?: number } = {},
): LossSummary {
  const lost = (n: number, eliminated: boolean, has: number | undefined) => {
    if (has === undefined) return eliminated ? 0 : n;
    return eliminated ? has : Math.min(n, has);
  };
  const sum = (f: (o: Outcome) => number | boolean) => {
    let n = 0;
    for (const o of distribution.outcomes) n += o.probability.numerator * Number(f(o));
    return fraction(n, distribution.outOf);
  };
  return {
    attackerSteps: sum((o) => lost(o.result.attackerSteps, o.result.attackerEliminated, steps.attacker)),
    defenderSteps: sum((o) => lost(o.result.defenderSteps, o.result.defenderEliminated, steps.defender)),
    attackerRetreats: sum((o) => o.result.attackerRetreat > 0),
    defenderRetreats: sum((o) => o.result.defenderRetreat > 0),
    exchange: sum((o) => o.result.exchange),
    attackerEliminated: sum((o) => o.result.attackerEliminated),
    defenderEliminated: sum((o) => o.result.defenderEliminated),
    noEffect: sum((o) => o.notation === '-'),
  };
}
