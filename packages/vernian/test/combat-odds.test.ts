import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { expectedLosses, outcomeDistribution } from '@umpire/engine';
import { resultsTable } from '../src/data/files.js';
import type { Side } from '../src/base/sides.js';
import type { VernianState } from '../src/base/state.js';
import { combatOdds, type CombatOdds } from '../src/combat/odds.js';
import type { SupplyJudge } from '../src/combat/strength.js';
import { byUnit, eventsOf, everyone, fight, position } from './combat-helpers.js';

/**
 * Strengths, odds, shifts and exact chances (VB-CRT-07 to VB-CRT-16), with the variant's supply halving; and the base
 * game's shifts the variant switches off.
 */

function odds(state: VernianState, side: Side, target: string, units: string[], supply?: SupplyJudge): CombatOdds {
  const r = combatOdds(state, side, { target, units }, supply);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const line = (o: CombatOdds) => `${o.strengths.attack} to ${o.strengths.defence}: ${o.odds.name}, ${o.net} -> ${o.column}`;
const shiftList = (o: CombatOdds) => o.shifts.map((s) => `${s.source} ${s.columns}`);

describe('strengths (VB-CRT-07, VB-CRT-08) and supply (VV-SUP-12, VV-SUP-13, VV-SUP-16, VV-SUP-17)', () => {
  it('VB-CRT-07: attack adds the attackers factors, from one or several hexes; defence the defenders and the fortress value', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    const o = odds(state, 'germany', 'W7716', ['de-3', 'de-4', 'de-5r']);
    assert.deepEqual([o.strengths.attack, o.strengths.defence], [11, 4]);
    assert.deepEqual(
      o.strengths.attackers.map((a) => `${a.unit} ${a.factor}`),
      ['de-3 4', 'de-4 4', 'de-5r 3'],
    );
    // Maubeuge (fortress 1) with a French territorial division: 1 + 1.
    const fort = position({ W7711: ['fr-t81'], W7810: ['de-3'] });
    const f = odds(fort, 'germany', 'W7711', ['de-3']);
    assert.deepEqual([f.strengths.defence, f.strengths.fortress, f.fortress], [2, 1, true]);
  });

  it('VB-UNIT-12, VB-STEP-01: a reduced unit fights with its reduced factors', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3'] });
    state.units['de-3']!.steps = 1;
    state.units['fr-14']!.steps = 1;
    assert.equal(line(odds(state, 'germany', 'W7716', ['de-3'])), '2 to 2: 1-1, 0 -> 1-1');
  });

  it('VV-SUP-02, VV-SUP-12, VV-SUP-13: Defense Supply halves the attack factor only; fractions are kept (VB-CRT-08)', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-5r'] });
    const o = odds(state, 'germany', 'W7716', ['de-3', 'de-5r'], everyone('defense'));
    assert.deepEqual([o.strengths.attack, o.strengths.defence], [3.5, 3]);
    assert.equal(o.column, '1-1');
    assert.deepEqual(
      o.strengths.attackers.map((a) => a.supply),
      ['defense', 'defense'],
    );
  });

  it('VV-SUP-16, VV-SUP-17: Out of Supply halves both factors, each unit on its own', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-5r'] });
    const o = odds(state, 'germany', 'W7716', ['de-3', 'de-5r'], byUnit({ 'de-5r': 'out', 'fr-14': 'out' }));
    assert.deepEqual([o.strengths.attack, o.strengths.defence], [5.5, 2.5]);
    assert.equal(o.odds.name, '2-1');
  });

  it('VB-CRT-08, VB-FORT-02: a fortress step is never halved, even with its garrison out of supply', () => {
    const state = position({ W7711: ['fr-maubeuge'], W7810: ['de-3'] });
    const o = odds(state, 'germany', 'W7711', ['de-3'], everyone('out'));
    // de-3 attacks at 2; fr-maubeuge (defence 2) defends at 1, the fortress at its full 1.
    assert.deepEqual([o.strengths.attack, o.strengths.defence, o.strengths.fortress], [2, 2, 1]);
  });

  it('VB-CRT-19, VB-SUP-09: supply is judged when the combat is resolved, in the Combat Phase', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-4'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4', [3], {}, { supply: everyone('out') });
    const c = eventsOf(events, 'combat')[0]!;
    assert.deepEqual([c['attack'], c['defence'], c['odds']], [4, 1.5, '2-1']);
  });

  it('VB-HQ-02: an HQ adds nothing to a defence', () => {
    const state = position({ W7716: ['fr-14', 'fr-gmp'], W7816: ['de-3'] });
    const o = odds(state, 'germany', 'W7716', ['de-3']);
    assert.deepEqual(o.defenders, ['fr-14']);
    assert.equal(o.strengths.defence, 3);
  });
});

describe('the odds column (VB-CRT-09..12)', () => {
  it('VB-CRT-09: the column at or below the true odds: 11 to 4 reads 2-1, 5 to 3 reads 3-2, 2 to 5 reads 1-3', () => {
    const a = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    assert.equal(line(odds(a, 'germany', 'W7716', ['de-3', 'de-4', 'de-5r'])), '11 to 4: 2-1, 0 -> 2-1');
    const b = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-2c'] });
    assert.equal(line(odds(b, 'germany', 'W7716', ['de-3', 'de-2c'])), '5 to 3: 3-2, 0 -> 3-2');
    const c = position({ W7716: ['fr-14', 'fr-58'], W7816: ['de-lw1'] });
    assert.equal(line(odds(c, 'germany', 'W7716', ['de-lw1'])), '2 to 5: 1-3, 0 -> 1-3');
  });

  it('VB-CRT-10, VB-CRT-16: the columns, from the defender end to the attacker end', () => {
    assert.deepEqual(resultsTable().columns, ['1-3', '1-2', '1-1', '3-2', '2-1', '3-1', '4-1', '5-1', '6-1']);
  });

  it('VB-CRT-11: true odds below 1 to 3 may not be attacked', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-2c'] });
    const r = combatOdds(state, 'germany', { target: 'W7716', units: ['de-2c'] });
    assert.ok(!r.ok);
    assert.equal(r.error.code, 'too-weak');
    // 1 to 3 exactly may.
    const just = position({ W7716: ['fr-14'], W7816: ['de-2c'] });
    assert.equal(line(odds(just, 'germany', 'W7716', ['de-2c'])), '1 to 3: 1-3, 0 -> 1-3');
  });

  it('VB-CRT-12, VB-TERR-02: shifts count from the true odds past 6-1 (8 to 1 in the mountains reads 6-1); past 1-3 reads 1-3', () => {
    const high = position({ W8541: ['fr-t81'], W8540: ['de-3', 'de-4'] });
    const o = odds(high, 'germany', 'W8541', ['de-3', 'de-4']);
    assert.equal(line(o), '8 to 1: 8-1, -2 -> 6-1');
    assert.deepEqual(shiftList(o), ['mountain -2']);
    const low = position({ W8541: ['fr-14'], W8540: ['de-lw1'] });
    assert.equal(line(odds(low, 'germany', 'W8541', ['de-lw1'])), '2 to 3: 1-2, -2 -> 1-3');
  });
});

describe('column shifts (VB-CRT-12, VB-CRT-13, VB-TERR-05, VB-TERR-06, VB-FORT-05)', () => {
  const shiftsAt = (units: Record<string, string[]>, side: Side, target: string, attackers: string[]) =>
    shiftList(odds(position(units), side, target, attackers));

  it('VB-TERR-02, VB-TERR-05: terrain and towns: clear none, forest 1; a town none; a city 1', () => {
    assert.deepEqual(shiftsAt({ W7716: ['fr-14'], W7816: ['de-3'] }, 'germany', 'W7716', ['de-3']), []);
    assert.deepEqual(shiftsAt({ W8012: ['fr-14'], W7912: ['de-3'] }, 'germany', 'W8012', ['de-3']), []);
    assert.deepEqual(shiftsAt({ W7820: ['fr-14'], W7821: ['de-3'] }, 'germany', 'W7820', ['de-3']), ['city -1']);
    assert.deepEqual(shiftsAt({ W7914: ['fr-14'], W7913: ['de-3'] }, 'germany', 'W7914', ['de-3']), ['forest -1']);
  });

  it('VB-TERR-06: the greater of terrain and city, not both (a city in rough gives 1)', () => {
    assert.deepEqual(shiftsAt({ W9410: ['de-3'], W9409: ['fr-14'] }, 'allies', 'W9410', ['fr-14']), ['rough -1']);
  });

  it('VB-FORT-05, VB-TERR-06: a standing fortress adds 1 to the hex shift (Liège: city 1 + fortress 1; Verdun: rough 1 + 1)', () => {
    assert.deepEqual(shiftsAt({ W8508: ['be-3'], W8408: ['de-3'] }, 'germany', 'W8508', ['de-3']), ['city -1', 'fortress -1']);
    assert.deepEqual(shiftsAt({ W8421: ['fr-verdun'], W8420: ['de-3'] }, 'germany', 'W8421', ['de-3']), ['rough -1', 'fortress -1']);
    assert.deepEqual(shiftsAt({ W8721: ['de-metz'], W8621: ['fr-14'] }, 'allies', 'W8721', ['fr-14']), ['city -1', 'fortress -1']);
  });

  it('VB-FORT-04: a destroyed fortress gives no shift and no defence; its city stays', () => {
    const state = position({ W8508: ['be-3'], W8408: ['de-3'] });
    state.fortsLost = ['W8508'];
    const o = odds(state, 'germany', 'W8508', ['de-3']);
    assert.deepEqual(shiftList(o), ['city -1']);
    assert.deepEqual([o.strengths.defence, o.fortress], [2, false]);
  });

  it('VB-CRT-13: 1 left when every attacker crosses a river; one attacker on the near bank cancels it', () => {
    assert.deepEqual(shiftsAt({ W6814: ['fr-14'], W6813: ['de-3'], W6914: ['de-4'] }, 'germany', 'W6814', ['de-3', 'de-4']), ['river -1']);
    assert.deepEqual(shiftsAt({ W6814: ['fr-14'], W6813: ['de-3'], W6815: ['de-4'] }, 'germany', 'W6814', ['de-3', 'de-4']), []);
  });

  it('VB-CRT-13: 2 left when every attacker crosses a major river; a river and a major river give the smaller, 1', () => {
    assert.deepEqual(shiftsAt({ W6218: ['fr-14'], W6217: ['de-3'], W6117: ['de-4'] }, 'germany', 'W6218', ['de-3', 'de-4']), [
      'major-river -2',
    ]);
    assert.deepEqual(shiftsAt({ W6218: ['fr-14'], W6217: ['de-3'], W6118: ['de-4'] }, 'germany', 'W6218', ['de-3', 'de-4']), []);
    const mixed = position({ W8508: ['be-3'], W8409: ['de-3'] });
    assert.deepEqual(shiftList(odds(mixed, 'germany', 'W8508', ['de-3'])), ['city -1', 'fortress -1', 'major-river -2']);
  });

  it('VB-CRT-12: all shifts add into one net shift', () => {
    const o = odds(position({ W8508: ['be-3'], W8409: ['de-3', 'de-4', 'de-7'] }), 'germany', 'W8508', ['de-3', 'de-4', 'de-7']);
    assert.equal(line(o), '12 to 4: 3-1, -4 -> 1-2');
  });
});

describe('base-game shifts the variant switches off', () => {
  it('VB-CRT-14, VB-HQ-09, VV-ART-02: HQs give no column shifts, to either side', () => {
    const state = position({ W7716: ['fr-14', 'fr-gmp'], W7617: ['be-hq'], W7816: ['de-3', 'de-a1'], W7715: ['de-a3'] });
    const o = odds(state, 'germany', 'W7716', ['de-3']);
    assert.deepEqual(shiftList(o), []);
    assert.equal(o.column, '1-1');
  });

  it('VB-CRT-20, VV-MG-01: no machine guns: defenders in the open on Strategic Turn B get no shift', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-4'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4', [1], {}, { turn: 4 });
    const c = eventsOf(events, 'combat')[0]!;
    assert.deepEqual([c['shifts'], c['column']], [[], '2-1']);
  });

  it('VB-CRT-21, VV-MG-02, VV-MG-03: no trenches: defenders that stood still all turn get no shift', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-4'] });
    assert.ok(!('trenches' in state));
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4', [1], {}, { turn: 9 });
    assert.deepEqual(eventsOf(events, 'combat')[0]!['shifts'], []);
  });
});

describe('exact chances (VB-CRT-15, VB-CRT-16)', () => {
  it('VB-CRT-15, VB-CRT-16: at 2-1, by hand from the table: AL1 DL1 on 1-2, AL1 DL1 DR1 on 3-4, DL1 DR1 on 5-6', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    const o = odds(state, 'germany', 'W7716', ['de-3', 'de-4', 'de-5r']);
    assert.equal(o.column, '2-1');
    assert.deepEqual(
      o.outcomes.map((x) => `${x.result}: ${x.rolls.join(',')} = ${x.chance.numerator}/${x.chance.denominator}`),
      ['AL1 DL1: 1,2 = 2/6', 'AL1 DL1 DR1: 3,4 = 2/6', 'DL1 DR1: 5,6 = 2/6'],
    );
    // Expected losses: the attacker 4/6 of a step, the defender 1 step, a retreat 4 times in 6.
    assert.deepEqual(
      [o.expected.attackerSteps.numerator, o.expected.defenderSteps.numerator, o.expected.defenderRetreats.numerator],
      [4, 6, 4],
    );
    assert.equal(
      o.outcomes.reduce((n, x) => n + x.chance.numerator, 0),
      6,
    );
  });

  it('VB-CRT-15: the Combat Phase rolls one d6 named for the battle and reports the chances it rolled against', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4, de-5r', [5]);
    assert.deepEqual(eventsOf(events, 'roll'), [{ type: 'roll', sides: 6, value: 5, purpose: 'combat on W7716 at 2-1' }]);
    const c = eventsOf(events, 'combat')[0]!;
    assert.deepEqual(c['chances'], [
      { result: 'AL1 DL1', chance: '2/6' },
      { result: 'AL1 DL1 DR1', chance: '2/6' },
      { result: 'DL1 DR1', chance: '2/6' },
    ]);
    assert.equal(c['summary'], '11 to 4 (2-1), shifts 0: 2-1, roll 5: DL1 DR1');
  });

  it('VB-CRT-16, VB-CRT-17, VB-DICE-04: the table data is the rule book table, with no modifier, no EX, AE, DE or AR', () => {
    const doc = readFileSync(new URL('../../../../docs/vernian/base-rules.md', import.meta.url), 'utf8');
    const rows = doc
      .split('\n')
      .filter((l) => /^\| [1-6] \| A|^\| [1-6] \| D/.test(l))
      .map((l) =>
        l
          .split('|')
          .slice(2, -1)
          .map((c) => c.trim()),
      );
    assert.equal(rows.length, 6);
    const table = resultsTable();
    assert.deepEqual(
      table.results.map((row) => row.map((r) => cellText(r))),
      rows,
    );
    for (const row of table.results)
      for (const r of row) assert.ok(!r.exchange && !r.attackerEliminated && !r.defenderEliminated && r.attackerRetreat === 0);
    // Each column is the one to its left moved down a row: one shift is worth one pip.
    for (let c = 1; c < 9; c++) for (let r = 0; r < 5; r++) assert.deepEqual(table.results[r]![c], table.results[r + 1]![c - 1]);
  });

  it('VB-CRT-16: the averages the rule book gives for each column follow from the table', () => {
    const table = resultsTable();
    const averages = table.columns.map((_, i) => {
      const e = expectedLosses(outcomeDistribution(table, { index: i, name: table.columns[i]! }));
      return [e.attackerSteps.value, e.defenderSteps.value, e.defenderRetreats.value].map((v) => Math.round(v * 100) / 100);
    });
    assert.deepEqual(
      averages.map((a) => a[0]),
      [1.33, 1.17, 1, 0.83, 0.67, 0.5, 0.33, 0.17, 0],
    );
    assert.deepEqual(
      averages.map((a) => a[1]),
      [0.33, 0.5, 0.67, 0.83, 1, 1.17, 1.33, 1.5, 1.83],
    );
    assert.deepEqual(
      averages.map((a) => a[2]),
      [0, 0.17, 0.33, 0.5, 0.67, 0.83, 1, 1, 1],
    );
  });
});

function cellText(r: { attackerSteps: number; defenderSteps: number; defenderRetreat: number }): string {
  const parts = [];
  if (r.attackerSteps) parts.push(`AL${r.attackerSteps}`);
  if (r.defenderSteps) parts.push(`DL${r.defenderSteps}`);
  if (r.defenderRetreat) parts.push(`DR${r.defenderRetreat}`);
  return parts.join(' ') || '-';
}
