import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { battleOdds, hitDistribution, type BattleOdds, type OddsDice, type OddsSide } from '../src/index.js';

/**
 * The battle-odds calculator (decision D-SIM-26 of docs/great-war/adjudication.md uses it for the land battles of
 * great-war): numbers worked out by hand, a brute-force enumeration of every face of every die, and properties.
 */

const close = (actual: number, expected: number, what: string, eps = 1e-12) => assert.ok(Math.abs(actual - expected) <= eps, `${what}: ${actual} is not ${expected}`);

/** A side of units that each throw one die at their value, the first listed lost first, with dice never lost. */
interface Army {
  readonly values: readonly number[];
  readonly extra: readonly number[];
  readonly absorber: boolean;
}

function sideOf(army: Army): OddsSide {
  return {
    size: army.values.length,
    fire: (alive) => [...army.values.slice(army.values.length - alive).map((value) => ({ value })), ...army.extra.map((value) => ({ value }))],
    absorber: army.absorber,
  };
}

const even = (size: number, value: number, absorber = false): OddsSide => ({ size, fire: (alive) => [{ value, dice: alive }], absorber });

function total(o: BattleOdds): number {
  return o.attackerWins + o.defenderHolds + o.bothEliminated + o.stalemate;
}

test('GW-COMBAT-01, GW-P10-LAND-14, GW-P10-LAND-16 (D-SIM-11, D-SIM-26): one unit at 5 against one at 5 is a third each way', () => {
  const o = battleOdds(even(1, 5), even(1, 5));
  // A round: both hit 1/4, only the attacker 1/4, only the defender 1/4, nothing 1/4 (and again).
  close(o.attackerWins, 1 / 3, 'attacker');
  close(o.defenderHolds, 1 / 3, 'defender');
  close(o.bothEliminated, 1 / 3, 'both');
  assert.equal(o.stalemate, 0);
  close(o.attackerLosses, 2 / 3, 'attacker losses');
  assert.deepEqual(
    o.endings.map((e) => [e.attacker, e.defender]),
    [
      [1, 0],
      [0, 1],
      [0, 0],
    ],
  );
});

test('GW-COMBAT-01, GW-P10-LAND-16 (D-SIM-11, D-SIM-26): two at 5 against one at 5: 19/21, 1/21, 1/21, survivors 9/21, 10/21, 2/21', () => {
  // Round 1: the attackers score (3/4) while the defender misses (1/2): 3/8, two left; both score: 3/8, one left;
  // only the defender scores: 1/8, then one against one (1/3 each); nothing: 1/8, again. So, given something
  // happens (7/8): 3/7 + 3/7 + 1/7 x (1/3, 1/3, 1/3).
  const o = battleOdds(even(2, 5), even(1, 5));
  close(o.attackerWins, 19 / 21, 'attacker');
  close(o.defenderHolds, 1 / 21, 'defender');
  close(o.bothEliminated, 1 / 21, 'both');
  close(o.attackerSurvivors[2]!, 9 / 21, 'two left');
  close(o.attackerSurvivors[1]!, 10 / 21, 'one left');
  close(o.attackerSurvivors[0]!, 2 / 21, 'none left');
  close(o.attackerLosses, 2 / 3, 'expected attacker losses');
  close(o.defenderLosses, 20 / 21, 'expected defender losses');
});

test('GW-COMBAT-02 (D-SIM-18, D-SIM-26): a fictive unit takes the first hit: one at 5 against one at 5 with a fictive unit is 1/9, 7/9, 1/9', () => {
  // Given something happens: the attacker alone scores (1/3), the fictive unit goes and it is one against one;
  // the defender scores, alone or with the attacker (2/3): the attacker is gone and the fictive unit takes any hit.
  const o = battleOdds(even(1, 5), even(1, 5, true));
  close(o.attackerWins, 1 / 9, 'attacker');
  close(o.defenderHolds, 7 / 9, 'defender');
  close(o.bothEliminated, 1 / 9, 'both');
  // Both with one: whoever scores first alone keeps its own, and wins 7/9 from there (1/9 the other way, 1/9 both
  // gone); both scoring at once leaves one against one. So 1/3 (7/9 + 1/9 + 1/3) = 11/27 each, 5/27 both gone.
  const both = battleOdds(even(1, 5, true), even(1, 5, true));
  close(both.attackerWins, 11 / 27, 'attacker, both with fictive units');
  close(both.defenderHolds, 11 / 27, 'defender, both with fictive units');
  close(both.bothEliminated, 5 / 27, 'both gone, both with fictive units');
});

test('D-SIM-16, D-SIM-26: dice that are never lost keep firing; hits past the units left are wasted; nobody able to hit is a stalemate', () => {
  // A city at 1 behind a defender at 0 against an attacker at 0: the city wins in the end.
  const city = battleOdds(even(1, 0), { size: 1, fire: () => [{ value: 0 }, { value: 1 }] });
  close(city.defenderHolds, 1, 'the city wins');
  // Three sure hits on one unit: one loss.
  const sure = battleOdds(even(3, 10), even(1, 0));
  assert.equal(sure.attackerWins, 1);
  assert.deepEqual(sure.attackerSurvivors, [0, 0, 0, 1]);
  close(sure.defenderLosses, 1, 'one loss, however many hits');
  const stuck = battleOdds(even(2, 0), even(3, 0));
  assert.equal(stuck.stalemate, 1);
  assert.deepEqual(stuck.endings, [{ attacker: 2, defender: 3, stalemate: true, probability: 1 }]);
  assert.equal(battleOdds(even(0, 5), even(1, 5)).defenderHolds, 1, 'no attacker at all');
});

test('D-SIM-26: the hit distribution of a throw is the exact convolution of its dice, the last entry holding any more', () => {
  assert.deepEqual(hitDistribution([{ value: 5, dice: 3 }]), [0.125, 0.375, 0.375, 0.125]);
  assert.deepEqual(hitDistribution([{ value: 5, dice: 3 }], { cap: 2 }), [0.125, 0.375, 0.5]);
  assert.deepEqual(hitDistribution([{ value: 10, dice: 2 }, { value: 0 }, { value: -3 }]), [0, 0, 1]);
  const mixed = hitDistribution([{ value: 2 }, { value: 7 }]);
  [0.8 * 0.3, 0.2 * 0.3 + 0.8 * 0.7, 0.2 * 0.7].forEach((p, h) => close(mixed[h]!, p, `${h} hits`));
  assert.deepEqual(hitDistribution([{ value: 3, dice: 4 }], { sides: 6, cap: 0 }), [1]);
});

// ---------------------------------------------------------------------------------------------------------------
// A brute force: every face of every die a side throws, and the battle followed round after round (no
// convolution, no conditioning) until what is still being fought is negligible.

function bruteHits(dice: readonly OddsDice[]): Map<number, number> {
  const values = dice.flatMap((d) => Array.from({ length: d.dice ?? 1 }, () => d.value));
  const out = new Map<number, number>();
  const faces = values.map(() => 1);
  const weight = 1 / 10 ** values.length;
  for (;;) {
    const hits = values.filter((v, k) => faces[k]! <= v).length;
    out.set(hits, (out.get(hits) ?? 0) + weight);
    let k = 0;
    while (k < faces.length && faces[k] === 10) faces[k++] = 1;
    if (k === faces.length) break;
    faces[k]!++;
  }
  return out;
}

function bruteOdds(attacker: OddsSide, defender: OddsSide): BattleOdds {
  const nA = attacker.size;
  const nD = defender.size;
  type State = { i: number; j: number; a: boolean; d: boolean };
  const key = (s: State) => `${s.i},${s.j},${s.a},${s.d}`;
  let live = new Map<string, { s: State; m: number }>([[key({ i: 0, j: 0, a: !!attacker.absorber, d: !!defender.absorber }), { s: { i: 0, j: 0, a: !!attacker.absorber, d: !!defender.absorber }, m: 1 }]]);
  const done = new Map<string, { s: State; m: number; stuck: boolean }>();
  const add = (map: Map<string, { s: State; m: number }>, s: State, m: number) => {
    const k = key(s);
    map.set(k, { s, m: (map.get(k)?.m ?? 0) + m });
  };
  // Every round a living battle goes through, nothing happening or not: the expected number of rounds.
  let rounds = 0;
  for (let round = 0; round < 5000 && live.size; round++) {
    const next = new Map<string, { s: State; m: number }>();
    for (const { s, m } of live.values()) {
      const byA = bruteHits(attacker.fire(nA - s.i));
      const byD = bruteHits(defender.fire(nD - s.j));
      if (byA.get(0) === 1 && byD.get(0) === 1) {
        done.set(key(s), { s, m, stuck: true });
        continue;
      }
      rounds += m;
      for (const [hA, pA] of byA) {
        for (const [hD, pD] of byD) {
          let onD = hA;
          let d = s.d;
          if (onD > 0 && d) {
            d = false;
            onD--;
          }
          let onA = hD;
          let a = s.a;
          if (onA > 0 && a) {
            a = false;
            onA--;
          }
          const t = { i: Math.min(nA, s.i + onA), j: Math.min(nD, s.j + onD), a, d };
          if (t.i === nA || t.j === nD) {
            const k = key(t);
            done.set(k, { s: t, m: (done.get(k)?.m ?? 0) + m * pA * pD, stuck: false });
          } else add(next, t, m * pA * pD);
        }
      }
    }
    live = next;
    if ([...live.values()].reduce((x, y) => x + y.m, 0) < 1e-14) break;
  }
  const rest = [...live.values()].reduce((x, y) => x + y.m, 0);
  assert.ok(rest < 1e-12, `the brute force did not finish: ${rest}`);
  const sum = (f: (e: { s: State; m: number; stuck: boolean }) => boolean) => [...done.values()].filter(f).reduce((x, e) => x + e.m, 0);
  const attackerSurvivors = Array.from({ length: nA + 1 }, (_, k) => sum((e) => nA - e.s.i === k));
  const defenderSurvivors = Array.from({ length: nD + 1 }, (_, k) => sum((e) => nD - e.s.j === k));
  return {
    attackerWins: sum((e) => !e.stuck && e.s.i < nA && e.s.j === nD),
    defenderHolds: sum((e) => !e.stuck && e.s.i === nA && e.s.j < nD),
    bothEliminated: sum((e) => !e.stuck && e.s.i === nA && e.s.j === nD),
    stalemate: sum((e) => e.stuck),
    attackerSurvivors,
    defenderSurvivors,
    attackerLosses: [...done.values()].reduce((x, e) => x + e.s.i * e.m, 0),
    defenderLosses: [...done.values()].reduce((x, e) => x + e.s.j * e.m, 0),
    endings: [],
    expectedRounds: rounds,
  };
}

const value = fc.integer({ min: 0, max: 10 });
const army = (maxUnits: number, maxExtra: number): fc.Arbitrary<Army> =>
  fc.record({ values: fc.array(value, { minLength: 1, maxLength: maxUnits }), extra: fc.array(value, { maxLength: maxExtra }), absorber: fc.boolean() });

test('D-SIM-26: the odds agree with a brute-force enumeration of every dice outcome, round after round, for small random battles', () => {
  fc.assert(
    fc.property(army(3, 1), army(3, 1), (a, d) => {
      const fast = battleOdds(sideOf(a), sideOf(d));
      const slow = bruteOdds(sideOf(a), sideOf(d));
      for (const k of ['attackerWins', 'defenderHolds', 'bothEliminated', 'stalemate', 'attackerLosses', 'defenderLosses'] as const) close(fast[k], slow[k], k, 1e-9);
      close(fast.expectedRounds, slow.expectedRounds, 'expected rounds', 1e-7 * Math.max(1, slow.expectedRounds));
      fast.attackerSurvivors.forEach((p, k) => close(p, slow.attackerSurvivors[k]!, `${k} attackers left`, 1e-9));
      fast.defenderSurvivors.forEach((p, k) => close(p, slow.defenderSurvivors[k]!, `${k} defenders left`, 1e-9));
    }),
    { numRuns: 40, seed: 26 },
  );
});

test('D-SIM-26: the brute force itself gives the hand-worked two against one (19/21)', () => {
  close(bruteOdds(even(2, 5), even(1, 5)).attackerWins, 19 / 21, 'attacker', 1e-9);
});

// ---------------------------------------------------------------------------------------------------------------
// Properties.

test('D-SIM-26: the chances of the endings, and of each number of survivors, sum to 1 within 1e-9', () => {
  fc.assert(
    fc.property(army(12, 4), army(12, 4), (a, d) => {
      const o = battleOdds(sideOf(a), sideOf(d));
      close(total(o), 1, 'outcomes', 1e-9);
      close(
        o.endings.reduce((s, e) => s + e.probability, 0),
        1,
        'endings',
        1e-9,
      );
      close(
        o.attackerSurvivors.reduce((s, p) => s + p, 0),
        1,
        'attacker survivors',
        1e-9,
      );
      close(
        o.defenderSurvivors.reduce((s, p) => s + p, 0),
        1,
        'defender survivors',
        1e-9,
      );
      for (const p of [o.attackerWins, o.defenderHolds, o.bothEliminated, o.stalemate]) assert.ok(p >= 0 && p <= 1 + 1e-12);
    }),
    { numRuns: 200 },
  );
});

/** One more unit, inserted anywhere in the loss order. */
const withUnit = (x: Army, at: number, v: number): Army => ({ ...x, values: [...x.values.slice(0, at % (x.values.length + 1)), v, ...x.values.slice(at % (x.values.length + 1))] });
/** One die (a unit's or a die never lost) at a higher value. */
const raised = (x: Army, at: number, by: number): Army => {
  const all = [...x.values, ...x.extra];
  const k = at % all.length;
  all[k] = Math.min(10, all[k]! + by);
  return { ...x, values: all.slice(0, x.values.length), extra: all.slice(x.values.length) };
};

test('D-SIM-26: adding a unit to a side never lowers its chance to win', () => {
  fc.assert(
    fc.property(army(6, 2), army(6, 2), fc.nat(), value, (a, d, at, v) => {
      const before = battleOdds(sideOf(a), sideOf(d));
      assert.ok(battleOdds(sideOf(withUnit(a, at, v)), sideOf(d)).attackerWins >= before.attackerWins - 1e-12, 'the attacker');
      assert.ok(battleOdds(sideOf(a), sideOf(withUnit(d, at, v))).defenderHolds >= before.defenderHolds - 1e-12, 'the defender');
    }),
    { numRuns: 200 },
  );
});

test('D-SIM-26: raising a value never lowers a side\'s chance to win, nor does a fictive unit', () => {
  fc.assert(
    fc.property(army(6, 2), army(6, 2), fc.nat(), fc.integer({ min: 1, max: 10 }), (a, d, at, by) => {
      const before = battleOdds(sideOf(a), sideOf(d));
      assert.ok(battleOdds(sideOf(raised(a, at, by)), sideOf(d)).attackerWins >= before.attackerWins - 1e-12, 'the attacker');
      assert.ok(battleOdds(sideOf(a), sideOf(raised(d, at, by))).defenderHolds >= before.defenderHolds - 1e-12, 'the defender');
      assert.ok(battleOdds(sideOf({ ...a, absorber: true }), sideOf(d)).attackerWins >= before.attackerWins - 1e-12, 'a fictive unit');
    }),
    { numRuns: 200 },
  );
});

test('D-SIM-26: a stronger defender lowers the attacker\'s chance to win', () => {
  const o = battleOdds(even(3, 3), even(3, 3));
  const stronger = battleOdds(even(3, 3), even(3, 6));
  assert.ok(stronger.attackerWins < o.attackerWins - 0.1, `${stronger.attackerWins} vs ${o.attackerWins}`);
});
