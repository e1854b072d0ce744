import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { battleOdds, battleRounds, Random, sampleBattle, type OddsSide } from '../src/index.js';

/**
 * The exact calculator's expected rounds, its start states and fixed rounds (battleRounds), and its Monte Carlo
 * mode (sampleBattle): numbers worked out by hand, and the sample against the exact answer within 4 standard errors.
 */

const close = (actual: number, expected: number, what: string, eps = 1e-12) => assert.ok(Math.abs(actual - expected) <= eps, `${what}: ${actual} is not ${expected}`);
const even = (size: number, value: number, absorber = false): OddsSide => ({ size, fire: (alive) => [{ value, dice: alive }], absorber });

test('D-SIM-26: one against one at 5 and 5: a third each way, 4/3 rounds (a round changes nothing with chance 1/4)', () => {
  const o = battleOdds(even(1, 5), even(1, 5));
  close(o.attackerWins, 1 / 3, 'attacker');
  close(o.defenderHolds, 1 / 3, 'defender');
  close(o.bothEliminated, 1 / 3, 'both');
  close(o.expectedRounds, 4 / 3, 'rounds');
});

test('D-SIM-26: one at 3 against one at 6: 1/6, 7/12, 1/4 and 25/18 rounds', () => {
  const o = battleOdds(even(1, 3), even(1, 6));
  close(o.attackerWins, 0.12 / 0.72, 'attacker');
  close(o.defenderHolds, 0.42 / 0.72, 'defender');
  close(o.bothEliminated, 0.18 / 0.72, 'both');
  close(o.expectedRounds, 25 / 18, 'rounds');
});

test('D-SIM-26: two against one at 5: 19/21 for the attacker in 8/7 + (1/7)(4/3) = 4/3 rounds', () => {
  // From (2, 1) a round changes nothing with chance 1/4 * 1/2: 8/7 rounds; it leads to one against one with chance 1/7.
  const o = battleOdds(even(2, 5), even(1, 5));
  close(o.attackerWins, 19 / 21, 'attacker');
  close(o.expectedRounds, 4 / 3, 'rounds');
});

test('D-SIM-26: a fictive unit makes the first hit count for nothing: one against one at 10, both with one, lasts two rounds', () => {
  const o = battleOdds(even(1, 10, true), even(1, 10, true));
  close(o.bothEliminated, 1, 'both gone');
  close(o.expectedRounds, 2, 'rounds');
  const lopsided = battleOdds(even(1, 10, true), even(1, 10));
  close(lopsided.attackerWins, 1, 'the side with the fictive unit wins');
  close(lopsided.expectedRounds, 1, 'in one round');
});

test('D-SIM-26: a stalemate counts the rounds fought until it: none when neither side can ever hit', () => {
  const o = battleOdds(even(2, 0), even(2, 0));
  close(o.stalemate, 1, 'stalemate');
  close(o.expectedRounds, 0, 'rounds');
});

test('D-SIM-26: a battle started from a distribution of states is the mixture of the battles from each', () => {
  const a = even(4, 4, true);
  const d = even(3, 5, true);
  const start = [
    { attackerLosses: 0, defenderLosses: 1, attackerAbsorber: true, defenderAbsorber: true, probability: 0.5 },
    { attackerLosses: 2, defenderLosses: 0, attackerAbsorber: false, defenderAbsorber: true, probability: 0.3 },
    { attackerLosses: 1, defenderLosses: 3, attackerAbsorber: true, defenderAbsorber: false, probability: 0.2 },
  ];
  const mixed = battleOdds(a, d, { start });
  const one = battleOdds(even(4, 4, true), even(2, 5, true));
  const two = battleOdds(even(2, 4, false), even(3, 5, true));
  close(mixed.attackerWins, 0.5 * one.attackerWins + 0.3 * two.attackerWins + 0.2, 'attacker', 1e-12);
  close(mixed.defenderHolds, 0.5 * one.defenderHolds + 0.3 * two.defenderHolds, 'defender', 1e-12);
  close(mixed.expectedRounds, 0.5 * one.expectedRounds + 0.3 * two.expectedRounds, 'rounds', 1e-12);
  close(mixed.attackerSurvivors[4]!, 0.5 * one.attackerSurvivors[4]!, 'four attackers left', 1e-12);
  assert.throws(() => battleOdds(a, d, { start: [{ attackerLosses: 5, defenderLosses: 0, attackerAbsorber: false, defenderAbsorber: false, probability: 1 }] }), /outside the sides/);
});

test('D-SIM-26: battleRounds after one round of one against one at 5: 1/4 each way, 1/4 still fighting', () => {
  const r = battleRounds(even(1, 5), even(1, 5), 1);
  assert.equal(r.living.length, 1);
  close(r.living[0]!.probability, 0.25, 'still fighting');
  close(r.expectedRounds, 1, 'rounds');
  const both = r.ended.find((s) => s.attackerLosses === 1 && s.defenderLosses === 1);
  close(both?.probability ?? 0, 0.25, 'both gone');
});

test('D-SIM-26: battleRounds played long enough gives battleOdds\' endings and expected rounds', () => {
  const a: OddsSide = { size: 5, absorber: true, fire: (alive) => [{ value: 3, dice: alive }, { value: 5, dice: Math.min(2, alive * 3) }] };
  const d: OddsSide = { size: 4, absorber: true, fire: (alive) => [{ value: 5, dice: alive }, { value: 1 }] };
  const exact = battleOdds(a, d);
  const r = battleRounds(a, d, 400);
  assert.ok(r.living.reduce((s, x) => s + x.probability, 0) < 1e-12);
  const wins = r.ended.filter((s) => s.defenderLosses === 4 && s.attackerLosses < 5).reduce((s, x) => s + x.probability, 0);
  close(wins, exact.attackerWins, 'attacker', 1e-12);
  close(r.expectedRounds, exact.expectedRounds, 'rounds', 1e-9);
  assert.throws(() => battleOdds({ ...a, fireAgainst: () => [] }, d), /battleRounds/);
});

test('D-SIM-26: fire against the enemy: defenders who throw more dice while the attackers are few', () => {
  // The defender throws at 10 while one attacker is left: the second round is certain death for it.
  const d: OddsSide = { size: 2, fire: () => [], fireAgainst: (alive, enemy) => [{ value: enemy === 1 ? 10 : 0, dice: alive }] };
  const r = battleRounds(even(2, 10), d, 1);
  // Round 1: the attackers kill both (at 10), the defender throws nothing.
  close(r.ended.reduce((s, x) => s + x.probability, 0), 1, 'over in one round');
  const r2 = battleRounds(even(1, 0), d, 1);
  close(r2.ended.find((s) => s.attackerLosses === 1)?.probability ?? 0, 1, 'the lone attacker is lost');
});

test('D-SIM-26: the chances sum to 1, each side\'s survivors sum to 1, and a battle lasts a round at least (fast-check)', () => {
  const side = fc.record({ size: fc.integer({ min: 1, max: 8 }), value: fc.integer({ min: 1, max: 10 }), extra: fc.integer({ min: 0, max: 3 }), absorber: fc.boolean() });
  fc.assert(
    fc.property(side, side, (x, y) => {
      const mk = (s: typeof x): OddsSide => ({ size: s.size, absorber: s.absorber, fire: (alive) => [{ value: s.value, dice: alive }, { value: 2, dice: s.extra }] });
      const o = battleOdds(mk(x), mk(y));
      close(o.attackerWins + o.defenderHolds + o.bothEliminated + o.stalemate, 1, 'outcomes', 1e-9);
      close(o.attackerSurvivors.reduce((s, p) => s + p, 0), 1, 'attacker survivors', 1e-9);
      close(o.defenderSurvivors.reduce((s, p) => s + p, 0), 1, 'defender survivors', 1e-9);
      assert.ok(o.expectedRounds >= 1 - 1e-12, `expected rounds ${o.expectedRounds}`);
    }),
    { numRuns: 200, seed: 2026 },
  );
});

/** Every figure of the sample within 4 standard errors of the exact one (and a figure with no spread equal to it). */
function agrees(a: OddsSide, d: OddsSide, runs: number, seed: string): void {
  const exact = battleOdds(a, d);
  const mc = sampleBattle(a, d, { runs, rng: new Random(seed, 'odds') });
  assert.equal(mc.runs, runs);
  for (const k of ['attackerWins', 'defenderHolds', 'bothEliminated', 'stalemate', 'attackerLosses', 'defenderLosses', 'expectedRounds'] as const) {
    const se = mc.standardErrors[k];
    const gap = Math.abs(mc[k] - exact[k]);
    assert.ok(gap <= 4 * se + 1e-12, `${k}: sampled ${mc[k]} ± ${se}, exact ${exact[k]}`);
  }
}

test('D-SIM-26: the Monte Carlo mode agrees with the exact odds within 4 standard errors (20,000 runs each)', () => {
  agrees(even(1, 5), even(1, 5), 20_000, 'one-one');
  agrees(even(3, 3, true), even(2, 6, true), 20_000, 'three-two');
  const mixed = (n: number): OddsSide => ({ size: n, absorber: true, fire: (alive) => [{ value: 4, dice: Math.min(alive, 3) }, { value: 3, dice: Math.max(0, alive - 3) }, { value: 5, dice: Math.min(15, 3 * alive) }] });
  agrees(mixed(30), { size: 30, absorber: true, fire: (alive) => [{ value: 5, dice: alive }, { value: 1 }] }, 20_000, 'thirty');
});

test('D-SIM-26: the Monte Carlo mode is reproducible from its seed, and starts from the states it is given', () => {
  const one = sampleBattle(even(3, 4), even(3, 4), { runs: 500, rng: new Random('s', 'odds') });
  const two = sampleBattle(even(3, 4), even(3, 4), { runs: 500, rng: new Random('s', 'odds') });
  assert.deepEqual(one, two);
  const start = [{ attackerLosses: 2, defenderLosses: 0, attackerAbsorber: false, defenderAbsorber: false, probability: 1 }];
  const s = sampleBattle(even(3, 4), even(3, 4), { runs: 200, rng: new Random('s', 'odds'), start });
  assert.ok(s.attackerLosses >= 2, `a battle started two down loses two at least: ${s.attackerLosses}`);
});
