import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  clampColumn,
  columnFor,
  columnName,
  columnNamed,
  diceTotals,
  expectedLosses,
  formatCombatResult,
  lookupResult,
  modifyRoll,
  outcomeDistribution,
  parseCombatResult,
  parseResultsTable,
  resolveColumn,
  rollOnTable,
  ScriptedDice,
  shiftColumn,
  unwrap,
  type ColumnPosition,
  type GameEvent,
  type Problem,
  type ResultsTable,
} from '../../src/index.js';
import { anyTable, diffData, monotoneTable, oddsData, table } from '../fixtures/results-tables.js';

/**
 * The combat-results-table kit on two tables of our own (test/fixtures/results-table.json: odds, 1d6;
 * results-table-2d6.json: differential, 2d6), numbers counted by hand, and properties over random tables.
 */

const odds = table(oddsData);
const diff = table(diffData);

const column = (t: ResultsTable, attack: number, defence: number): ColumnPosition =>
  unwrap(columnFor(t, attack, defence), (p) => p.message);
const named = (t: ResultsTable, name: string): ColumnPosition => unwrap(columnNamed(t, name), (p) => p.message);
/** The outcomes of a distribution as [notation, numerator, rolls]. */
const outcomes = (t: ResultsTable, at: ColumnPosition, modifier = 0) =>
  outcomeDistribution(t, at, modifier).outcomes.map((o) => [o.notation, o.probability.numerator, o.rolls]);
const problems = (data: unknown): Problem[] => {
  const r = parseResultsTable(data);
  assert.ok(!r.ok, 'the table is refused');
  return r.error;
};
/** The data a table was read from. */
const dataOf = (t: ResultsTable) => {
  const { kind, dice, sides, rounding, columns, rows, beyond } = t;
  return { kind, dice, sides, rounding, columns, rows, beyond };
};
const withRows = (rows: string[][]) => ({ ...oddsData, rows });
const oddsRows = oddsData.rows as string[][];

describe('results table: notation', () => {
  it('reads each kind of result and combinations, and writes them back in one order', () => {
    assert.deepEqual(unwrap(parseCombatResult('DR2 AL1')), {
      attackerSteps: 1,
      defenderSteps: 0,
      attackerRetreat: 0,
      defenderRetreat: 2,
      exchange: false,
      attackerEliminated: false,
      defenderEliminated: false,
    });
    const pairs = [['-', '-'], [' EX ', 'EX'], ['DE', 'DE'], ['AE DE', 'AE DE'], ['DL2 AR1', 'AR1 DL2'], ['AL1 DL1', 'AL1 DL1']];
    for (const [text, canonical] of pairs) {
      assert.equal(formatCombatResult(unwrap(parseCombatResult(text!))), canonical, text);
    }
  });

  it('refuses unknown results, repeats, contradictions and empty cells, saying what is expected', () => {
    const refused = (text: string) => {
      const r = parseCombatResult(text);
      assert.ok(!r.ok, `"${text}" is refused`);
      return r.error.message;
    };
    assert.match(refused('DX1'), /"DX1" in "DX1" is not a result: expected "-" alone, or results/);
    assert.match(refused('dl1'), /is not a result/);
    assert.match(refused('DL0'), /DL0 says nothing/);
    assert.match(refused('- DL1'), /"-" stands alone/);
    assert.match(refused('DL1 DL2'), /names DL twice/);
    assert.match(refused('DE DR1'), /DE with DR: an eliminated defender/);
    assert.match(refused('AL1 AE'), /AE with AL/);
    assert.match(refused('EX DL1'), /EX with DL: an exchange decides/);
    assert.match(refused('  '), /an empty result/);
  });
});

describe('results table: columns', () => {
  it('odds round in the defender\'s favour by default: 5 against 3 is 3-2 where the table has it, 7 to 2 is 3-1, 2 to 5 is 1-3', () => {
    assert.deepEqual(column(odds, 5, 3), { index: 3, name: '3-2' });
    assert.deepEqual(column(odds, 7, 2), { index: 5, name: '3-1' });
    assert.deepEqual(column(odds, 2, 5), { index: 0, name: '1-3' });
    assert.deepEqual(column(odds, 6, 3), { index: 4, name: '2-1' }, 'exact odds read their own column');
    assert.deepEqual(column(odds, 2.5, 1), { index: 4, name: '2-1' }, 'halved strengths');
  });

  it('at odds of whole ratios 5 against 3 is 1-1, and 11 against 4 is 2-1', () => {
    const whole = table({ kind: 'odds', columns: ['1-2', '1-1', '2-1', '3-1'], rows: oddsRows.map((r) => r.slice(1, 5)) });
    assert.equal(column(whole, 5, 3).name, '1-1');
    assert.equal(column(whole, 11, 4).name, '2-1');
  });

  it('rounding "attacker" reads the column at or above the odds: 5 to 3 is 2-1, 7 to 2 is 4-1, 2 to 5 is 1-2', () => {
    const up = table({ ...oddsData, rounding: 'attacker' });
    assert.equal(column(up, 5, 3).name, '2-1');
    assert.equal(column(up, 7, 2).name, '4-1');
    assert.equal(column(up, 2, 5).name, '1-2');
    assert.equal(column(up, 6, 3).name, '2-1');
  });

  it('odds past the ends go on in whole ratios: 14 to 2 is 7-1, 21 to 2 is 10-1, 1 to 4 and 1 to 3.5 are 1-4', () => {
    assert.deepEqual(column(odds, 14, 2), { index: 9, name: '7-1' });
    assert.deepEqual(column(odds, 21, 2), { index: 12, name: '10-1' }, '10.5 to 1 rounds down to 10-1');
    assert.deepEqual(column(odds, 13, 2), { index: 8, name: '6-1' }, '6.5 to 1 is still 6-1');
    assert.deepEqual(column(odds, 1, 4), { index: -1, name: '1-4' });
    assert.deepEqual(column(odds, 1, 3.5), { index: -1, name: '1-4' });
    assert.deepEqual(column(table({ ...oddsData, rounding: 'attacker' }), 1, 3.5), { index: 0, name: '1-3' });
    assert.deepEqual(column(table({ ...oddsData, rounding: 'attacker' }), 13, 2), { index: 9, name: '7-1' });
  });

  it('a differential table reads attack minus defence, a column covering the differences up to the next one', () => {
    assert.deepEqual(column(diff, 5, 5), { index: 2, name: '0' });
    assert.deepEqual(column(diff, 4, 6), { index: 0, name: '-2' });
    assert.deepEqual(column(diff, 7, 4), { index: 4, name: '+2' }, '+3 reads +2, the next column being +4');
    assert.deepEqual(column(diff, 3.5, 2), { index: 3, name: '+1' }, '+1.5 rounds to +1 for the defender');
    assert.deepEqual(column(table({ ...diffData, rounding: 'attacker' }), 3.5, 2), { index: 4, name: '+2' });
    assert.deepEqual(column(table({ ...diffData, rounding: 'attacker' }), 7, 4), { index: 5, name: '+4' });
  });

  it('differences past the ends go on one by one: -4 is two columns left of -2, +6 two right of +4', () => {
    assert.deepEqual(column(diff, 2, 6), { index: -2, name: '-4' });
    assert.deepEqual(column(diff, 10, 4), { index: 7, name: '+6' });
    assert.deepEqual(column(diff, 0, 0), { index: 2, name: '0' });
  });

  it('strengths that make no odds are problems, not columns', () => {
    const problem = (t: ResultsTable, a: number, d: number) => {
      const r = columnFor(t, a, d);
      assert.ok(!r.ok);
      return r.error.code;
    };
    assert.equal(problem(odds, 3, 0), 'no-defence');
    assert.equal(problem(odds, 0, 3), 'no-attack');
    assert.equal(problem(odds, -1, 3), 'bad-strength');
    assert.equal(problem(diff, Number.NaN, 3), 'bad-strength');
    assert.equal(problem(diff, 3, Infinity), 'bad-strength');
  });

  it('a caller names a column, one past the ends included, or hears the closest valid name', () => {
    assert.deepEqual(named(odds, '3-2'), { index: 3, name: '3-2' });
    assert.deepEqual(named(odds, '8-1'), { index: 10, name: '8-1' });
    assert.deepEqual(named(odds, '1-5'), { index: -2, name: '1-5' });
    assert.deepEqual(named(diff, '+6'), { index: 7, name: '+6' });
    assert.deepEqual(named(diff, '4'), { index: 5, name: '+4' }, 'a difference without its sign');
    assert.deepEqual(named(odds, '6-4'), { index: 3, name: '3-2' }, 'the same ratio');
    const r = columnNamed(odds, '3:2');
    assert.ok(!r.ok);
    assert.equal(r.error.code, 'unknown-column');
    assert.equal(r.error.suggestion, '3-2');
    assert.match(r.error.message, /no column "3:2": its columns are 1-3, 1-2, .* 6-1, and past its ends 1-4, 7-1 and so on/);
    assert.ok(!columnNamed(odds, '9-2').ok, '9-2 is no column, though 4-1 reads it');
    assert.ok(!columnNamed(odds, '5-2').ok, 'a ratio between two columns is no column');
  });
});

describe('results table: shifts, ends and modifiers', () => {
  it('shifts move left towards the defender and right towards the attacker', () => {
    const twoToOne = column(odds, 4, 2);
    assert.deepEqual(shiftColumn(odds, twoToOne, -2), { index: 2, name: '1-1' });
    assert.deepEqual(shiftColumn(odds, twoToOne, 3), { index: 7, name: '5-1' });
    assert.deepEqual(shiftColumn(diff, column(diff, 5, 5), -1), { index: 1, name: '-1' });
    assert.throws(() => shiftColumn(odds, twoToOne, 0.5), RangeError);
  });

  it('a shift past the right end reads the last column where that end clamps, and shifts count from the true odds', () => {
    const past = shiftColumn(odds, column(odds, 4, 2), 5);
    assert.equal(past.name, '7-1');
    assert.deepEqual(resolveColumn(odds, past), { kind: 'column', index: 8, name: '6-1' });
    // 8-1 with one shift left is 7-1, still past the end; with two it is 6-1.
    assert.equal(resolveColumn(odds, shiftColumn(odds, column(odds, 8, 1), -1)).kind, 'column');
    assert.equal(shiftColumn(odds, column(odds, 8, 1), -2).name, '6-1');
    assert.equal(shiftColumn(odds, clampColumn(odds, column(odds, 8, 1)), -1).name, '5-1', 'brought to the end first, then shifted');
    assert.equal(clampColumn(odds, column(odds, 1, 9)).name, '1-3');
  });

  it('past an end with an automatic result, the result needs no roll: the fixture eliminates an attacker below 1-3', () => {
    const below = shiftColumn(odds, column(odds, 1, 2), -2);
    assert.equal(below.name, '1-4');
    const reading = resolveColumn(odds, below);
    assert.equal(reading.kind, 'automatic');
    assert.equal(reading.kind === 'automatic' && formatCombatResult(reading.result), 'AE');
    assert.equal(formatCombatResult(lookupResult(odds, below, 6)), 'AE');
    const dd = table({ ...oddsData, beyond: { left: 'clamp', right: 'DE' } });
    assert.equal(formatCombatResult(lookupResult(dd, column(dd, 7, 1), 1)), 'DE');
    assert.equal(formatCombatResult(lookupResult(dd, column(dd, 1, 7), 1)), 'AE', 'clamped to 1-3, whose roll of 1 is AE');
  });

  it('die-roll modifiers add to the roll, which stays within the rows', () => {
    assert.equal(modifyRoll(odds, 6, 2), 6);
    assert.equal(modifyRoll(odds, 3, 2), 5);
    assert.equal(modifyRoll(odds, 1, -3), 1);
    assert.equal(modifyRoll(diff, 12, 1), 12);
    assert.equal(modifyRoll(diff, 2, -1), 2);
    assert.throws(() => modifyRoll(odds, 7), RangeError);
    assert.throws(() => modifyRoll(diff, 1), RangeError);
    assert.throws(() => modifyRoll(odds, 3, 1.5), RangeError);
    assert.equal(formatCombatResult(lookupResult(odds, column(odds, 4, 2), 3, 2)), 'DL1 DR1', '2-1, 3 + 2 = 5');
  });

  it('rollOnTable throws the table\'s dice through the callback a ruleset builds on ctx.roll, and none for an automatic result', () => {
    const asked: number[] = [];
    const dice = new ScriptedDice([3, 4, 5]);
    const roll = (sides: number) => {
      asked.push(sides);
      return dice.roll(sides);
    };
    assert.deepEqual(rollOnTable(diff, column(diff, 5, 5), roll, 1), {
      column: '0',
      automatic: false,
      dice: [3, 4],
      roll: 7,
      modifiedRoll: 8,
      result: unwrap(parseCombatResult('DR1')),
      notation: 'DR1',
    });
    assert.deepEqual(asked, [6, 6]);
    assert.equal(rollOnTable(odds, column(odds, 1, 9), roll).notation, 'AE');
    assert.equal(asked.length, 2, 'no die for an automatic result');
    assert.equal(rollOnTable(odds, column(odds, 13, 2), roll).notation, 'DE', '6-1, a 5');
    assert.throws(() => rollOnTable(odds, column(odds, 1, 1), () => 7), RangeError);
  });
});

describe('results table: exact distribution', () => {
  it('2-1 on the d6 table, counted by hand from its column: AL1, EX, DL1, DL1, DL1 DR1, DL2', () => {
    const at = column(odds, 4, 2);
    assert.deepEqual(outcomes(odds, at), [
      ['AL1', 1, [1]],
      ['EX', 1, [2]],
      ['DL1', 2, [3, 4]],
      ['DL1 DR1', 1, [5]],
      ['DL2', 1, [6]],
    ]);
    const d = outcomeDistribution(odds, at);
    assert.equal(d.outOf, 6);
    assert.deepEqual(d.outcomes[2]!.probability, { numerator: 2, denominator: 6, value: 2 / 6 });
    // Expected steps: the attacker 1 (roll 1) over 6; the defender 1 + 1 + 1 + 2 (rolls 3 to 6) over 6.
    const s = expectedLosses(d);
    const counts = [s.attackerSteps, s.defenderSteps, s.defenderRetreats, s.exchange, s.noEffect].map((f) => f.numerator);
    assert.deepEqual(counts, [1, 5, 1, 1, 0]);
  });

  it('2-1 with +2, counted by hand: rolls 1-2 read row 3-4 (DL1), roll 3 row 5 (DL1 DR1), rolls 4-6 row 6 (DL2)', () => {
    assert.deepEqual(outcomes(odds, column(odds, 4, 2), 2), [
      ['DL1', 2, [1, 2]],
      ['DL1 DR1', 1, [3]],
      ['DL2', 3, [4, 5, 6]],
    ]);
    // 2 x 1 + 1 + 3 x 2 = 9 steps over 6.
    assert.equal(expectedLosses(outcomeDistribution(odds, column(odds, 4, 2), 2)).defenderSteps.numerator, 9);
  });

  it('1-3 with -1, counted by hand: rolls 1-2 read row 1 (AE), 3-4 rows 2-3 (AL2), 5 row 4 (AL1), 6 row 5 (AL1 AR1)', () => {
    const d = outcomeDistribution(odds, column(odds, 1, 3), -1);
    assert.deepEqual(outcomes(odds, column(odds, 1, 3), -1), [
      ['AE', 2, [1, 2]],
      ['AL2', 2, [3, 4]],
      ['AL1', 1, [5]],
      ['AL1 AR1', 1, [6]],
    ]);
    // Without the attacker's steps an elimination is not counted as steps: 2 x 2 + 1 + 1 = 6. With 3 steps: 2 x 3 + 6 = 12.
    assert.equal(expectedLosses(d).attackerSteps.numerator, 6);
    assert.equal(expectedLosses(d, { attacker: 3 }).attackerSteps.numerator, 12);
    // With 1 step, AE and AL2 cost 1 each: 2 + 2 + 1 + 1.
    assert.equal(expectedLosses(d, { attacker: 1 }).attackerSteps.numerator, 6, 'losses capped at the steps the side has');
    assert.equal(expectedLosses(d).attackerEliminated.numerator, 2);
    assert.equal(expectedLosses(d).attackerRetreats.numerator, 1);
  });

  it('past the clamped right end the last column is read, and past the AE end one result has every outcome', () => {
    const d = outcomeDistribution(odds, column(odds, 8, 1));
    assert.equal(d.column, '6-1');
    assert.deepEqual(outcomes(odds, column(odds, 8, 1)), [
      ['DL1 DR1', 1, [1]],
      ['DL2', 1, [2]],
      ['DL2 DR1', 1, [3]],
      ['DE', 3, [4, 5, 6]],
    ]);
    // A 4-step defender: 1 + 2 + 2 + 3 x 4 = 17 steps over 6.
    assert.equal(expectedLosses(d, { defender: 4 }).defenderSteps.numerator, 17);
    const auto = outcomeDistribution(odds, column(odds, 1, 5));
    assert.equal(auto.automatic, true);
    assert.equal(auto.column, '1-5');
    assert.deepEqual(outcomes(odds, column(odds, 1, 5)), [['AE', 6, [1, 2, 3, 4, 5, 6]]]);
  });

  it('column 0 of the 2d6 table, counted by hand with 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways for totals 2 to 12', () => {
    assert.deepEqual(diceTotals(2, 6), [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    assert.deepEqual(outcomes(diff, column(diff, 3, 3)), [
      ['AL1', 1 + 2 + 3, [2, 3, 4]],
      ['EX', 4, [5]],
      ['AR1', 5, [6]],
      ['-', 6, [7]],
      ['DR1', 5, [8]],
      ['DL1', 4, [9]],
      ['DL1 DR1', 3, [10]],
      ['DL1 DR2', 2, [11]],
      ['DL2 DR1', 1, [12]],
    ]);
    const s = expectedLosses(outcomeDistribution(diff, column(diff, 3, 3)));
    assert.equal(s.defenderSteps.denominator, 36);
    // Defender steps: DL1 on 9, 10, 11 (4 + 3 + 2 ways) and DL2 on 12 (1 way, 2 steps) = 11. Retreats: 8, 10, 11, 12 = 5 + 3 + 2 + 1.
    const counts = [s.attackerSteps, s.defenderSteps, s.attackerRetreats, s.defenderRetreats].map((f) => f.numerator);
    assert.deepEqual(counts, [6, 11, 5, 11]);
    assert.deepEqual([s.exchange.numerator, s.noEffect.numerator], [4, 6]);
  });

  // Totals 2-5 read rows 2-3 (AL2), 6-8 rows 4-6 (AL1), 9-10 rows 7-8 (AR1), 11 row 9 (-), 12 row 10 (DR1).
  it('column -2 of the 2d6 table with a modifier of -2, counted by hand', () => {
    assert.deepEqual(outcomes(diff, column(diff, 0, 2), -2), [
      ['AL2', 1 + 2 + 3 + 4, [2, 3, 4, 5]],
      ['AL1', 5 + 6 + 5, [6, 7, 8]],
      ['AR1', 4 + 3, [9, 10]],
      ['-', 2, [11]],
      ['DR1', 1, [12]],
    ]);
  });
});

describe('results table: JSON for events', () => {
  it('a roll, a distribution and its summary go into a ruleset\'s events as they are', () => {
    const at = column(diff, 6, 5);
    const d = outcomeDistribution(diff, at, 1);
    const events: GameEvent[] = [
      { type: 'combat', ...rollOnTable(diff, at, () => 4, 1) },
      { type: 'odds', at, distribution: d, summary: expectedLosses(d) },
    ];
    assert.deepEqual(JSON.parse(JSON.stringify(events)), events);
    assert.equal(events[0]!.notation, 'DL1 DR1', '+1, a total of 8 plus 1');
  });
});

describe('results table: bad tables', () => {
  it('a bad cell is located by row and column and says what is expected', () => {
    const rows = oddsRows.map((r) => [...r]);
    rows[2]![4] = 'DX1';
    const [p, ...rest] = problems(withRows(rows));
    assert.equal(rest.length, 0);
    assert.deepEqual([p!.code, p!.path], ['bad-result', '$.rows[2][4]']);
    assert.match(p!.message, /"DX1" in "DX1" is not a result: expected "-" alone, or results separated by spaces: AL<n>, DL<n>/);
  });

  it('columns out of order, and column names of the wrong kind, are located in columns', () => {
    const columns = ['1-3', '1-2', '1-1', '2-1', '3-2', '3-1', '4-1', '5-1', '6-1'];
    const [p] = problems({ ...oddsData, columns });
    assert.deepEqual([p!.code, p!.path], ['columns-out-of-order', '$.columns[4]']);
    assert.match(p!.message, /"3-2" must favour the attacker more than "2-1" before it/);
    const bad = problems({ ...oddsData, columns: ['1-3', '1:2', ...(oddsData.columns as string[]).slice(2)] });
    assert.deepEqual(bad.map((x) => [x.code, x.path]), [['bad-column', '$.columns[1]']]);
    assert.match(bad[0]!.message, /expected attack-defence in whole numbers, such as "3-2"/);
    const d = problems({ ...diffData, columns: ['-2', '-1', '0', 'one', '+2', '+2'] });
    assert.deepEqual(d.map((x) => [x.code, x.path]), [['bad-column', '$.columns[3]'], ['columns-out-of-order', '$.columns[5]']]);
  });

  it('rows that do not match the die\'s totals, and rows of the wrong length, are located', () => {
    const [p] = problems(withRows(oddsRows.slice(0, 5)));
    assert.deepEqual([p!.code, p!.path], ['rows-for-die', '$.rows']);
    assert.match(p!.message, /a 1d6 table has a row for each total from 1 to 6 \(6 rows\), the lowest first; this one has 5/);
    const [q] = problems({ ...oddsData, dice: 2 });
    assert.match(q!.message, /a 2d6 table has a row for each total from 2 to 12 \(11 rows\)/);
    const short = oddsRows.map((r, i) => (i === 3 ? r.slice(1) : r));
    assert.deepEqual(
      problems(withRows(short)).map((x) => [x.code, x.path, x.message]),
      [['row-length', '$.rows[3]', 'the row for a roll of 4 has 8 results for 9 columns']],
    );
  });

  it('every problem comes back at once, under the path of the table within a larger file', () => {
    const rows = oddsRows.map((r) => [...r]);
    rows[0]![0] = 'DL1 DL1';
    rows[5]![8] = 'DE DR1';
    const bad = { ...withRows(rows), beyond: { left: 'AE', right: 'everything' }, extra: 1 };
    const r = parseResultsTable(bad, ['combat', 'table']);
    assert.ok(!r.ok);
    assert.deepEqual(
      r.error.map((x) => [x.code, x.path]).sort(),
      [
        ['bad-end', '$.combat.table.beyond.right'],
        ['bad-result', '$.combat.table.rows[0][0]'],
        ['bad-result', '$.combat.table.rows[5][8]'],
        ['unknown-field', '$.combat.table.extra'],
      ].sort(),
    );
    const end = r.error.find((x) => x.code === 'bad-end')!.message;
    assert.match(end, /^expected "clamp" \(read the end column\) or a result that needs no roll; "everything" in "everything"/);
    assert.deepEqual(problems({ ...oddsData, kind: 'ratio' }).map((x) => x.path), ['$.kind']);
    assert.deepEqual(problems({ ...oddsData, sides: 1 }).map((x) => x.path), ['$.sides']);
  });
});

const strength = fc.integer({ min: 1, max: 40 });

describe('results table: properties', () => {
  it('the chances of every distribution sum to exactly 1 as whole numbers over the dice\'s outcomes', () => {
    fc.assert(
      fc.property(anyTable, fc.integer({ min: -5, max: 12 }), fc.integer({ min: -3, max: 3 }), (t, index, modifier) => {
        const d = outcomeDistribution(t, { index, name: columnName(t, index) }, modifier);
        assert.equal(d.outOf, t.sides ** t.dice);
        assert.equal(d.outcomes.reduce((s, o) => s + o.probability.numerator, 0), d.outOf);
        assert.ok(d.outcomes.every((o) => o.probability.denominator === d.outOf && o.probability.numerator > 0));
        assert.equal(new Set(d.outcomes.map((o) => o.notation)).size, d.outcomes.length, 'distinct results');
        assert.ok(Math.abs(d.outcomes.reduce((s, o) => s + o.probability.value, 0) - 1) < 1e-12);
      }),
    );
  });

  it('lookup agrees with the distribution: every total reads the outcome that lists it, whose count is the ways of its totals', () => {
    fc.assert(
      fc.property(anyTable, fc.integer({ min: -5, max: 12 }), fc.integer({ min: -3, max: 3 }), (t, index, modifier) => {
        const at = { index, name: columnName(t, index) };
        const d = outcomeDistribution(t, at, modifier);
        const ways = diceTotals(t.dice, t.sides);
        for (const o of d.outcomes) {
          assert.equal(o.probability.numerator, o.rolls.reduce((s, r) => s + ways[r - t.dice]!, 0));
          for (const roll of o.rolls) assert.equal(formatCombatResult(lookupResult(t, at, roll, modifier)), o.notation);
        }
        assert.equal(d.outcomes.reduce((s, o) => s + o.rolls.length, 0), ways.length, 'each total in one outcome');
      }),
    );
  });

  it('a shift to the right never makes the attacker\'s expected losses rise or the defender\'s fall on a monotone table', () => {
    fc.assert(
      fc.property(monotoneTable, strength, strength, fc.integer({ min: -2, max: 2 }), (t, a, d, modifier) => {
        let at = shiftColumn(t, column(t, a, d), -4);
        let before = expectedLosses(outcomeDistribution(t, at, modifier), { attacker: 9, defender: 9 });
        for (let s = 0; s < 8; s++) {
          at = shiftColumn(t, at, 1);
          const after = expectedLosses(outcomeDistribution(t, at, modifier), { attacker: 9, defender: 9 });
          assert.ok(after.attackerSteps.numerator <= before.attackerSteps.numerator, `attacker at ${at.name}`);
          assert.ok(after.defenderSteps.numerator >= before.defenderSteps.numerator, `defender at ${at.name}`);
          before = after;
        }
      }),
    );
  });

  it('more attack never moves the column left; rounding for the defender reads at most one column left of the other', () => {
    fc.assert(
      fc.property(anyTable, strength, strength, fc.integer({ min: 1, max: 5 }), (t, a, d, more) => {
        const half = (n: number) => n / 2;
        const here = column(t, half(a), half(d));
        assert.ok(column(t, half(a + more), half(d)).index >= here.index);
        const other = table({ ...dataOf(t), rounding: t.rounding === 'defender' ? 'attacker' : 'defender' });
        const [low, high] = t.rounding === 'defender' ? [here, column(other, half(a), half(d))] : [column(other, half(a), half(d)), here];
        assert.ok(low.index <= high.index && high.index - low.index <= 1);
      }),
    );
  });

  it('every column\'s name, those past the ends included, names the same column again', () => {
    fc.assert(
      fc.property(anyTable, (t) => {
        for (let i = -4; i < t.columns.length + 4; i++) assert.equal(named(t, columnName(t, i)).index, i);
      }),
    );
  });
});
