import assert from 'node:assert/strict';
import { test } from 'node:test';
import { battleOdds, type OddsSide } from '@umpire/engine';
import fc from 'fast-check';
import { battleOddsOf, landBattleDistribution, landBattleOdds, sampleBattleOf, type OddsAnswer, type OddsRequest, type Participant } from '../src/index.js';
import { scene, war } from './helpers.js';

/**
 * The odds calculator (docs/great-war/odds.md): a battle that is not on the board, computed exactly by the phase-10
 * odds (battle-odds.ts), checked by hand on small battles and against its Monte Carlo mode, which plays the same
 * battle with phase 10's own code (AA fire, then resolveBattle) and seeded dice, on battles that play the special cases.
 */

const close = (actual: number, expected: number, what: string, eps = 1e-12) => assert.ok(Math.abs(actual - expected) <= eps, `${what}: ${actual} is not ${expected}`);

function odds(req: OddsRequest): OddsAnswer {
  const r = battleOddsOf(req);
  if (!r.ok) assert.fail(JSON.stringify(r.error));
  return r.value;
}

/** Whatever the battle: the three outcomes and each side's survivors sum to 1, and a battle lasts a round at least (unless AA fire may down every attacker first). */
function wellFormed(a: OddsAnswer, mayNotBeFought = false): void {
  close(a.attackerWin + a.defenderWin + a.mutualDestruction, 1, 'outcomes', 1e-9);
  close(a.attackerSurvivors.reduce((s, x) => s + x.p, 0), 1, 'attacker survivors', 1e-9);
  close(a.defenderSurvivors.reduce((s, x) => s + x.p, 0), 1, 'defender survivors', 1e-9);
  if (!mayNotBeFought) assert.ok(a.expectedRounds >= 1 - 1e-9, `expected rounds ${a.expectedRounds}`);
  else assert.ok(a.expectedRounds >= 0, `expected rounds ${a.expectedRounds}`);
}

const even = (size: number, value: number, dice = 1, extra: readonly number[] = []): OddsSide => ({ size, absorber: true, fire: (alive) => [{ value, dice: alive * dice }, ...extra.map((v) => ({ value: v }))] });

test('GW-P10-LAND-14, GW-P10-LAND-16, GW-COMBAT-02: one German infantry (3) against one French (5) on plain ground: the engine\'s numbers, both with a fictive unit', () => {
  const a = odds({ attacker: '1 infantry', defender: '1 infantry' });
  assert.deepEqual(a.battle.facilities, [], 'the stand-in has no facility');
  const o = battleOdds(even(1, 3), even(1, 5));
  close(a.attackerWin, o.attackerWins, 'attacker');
  close(a.defenderWin, o.defenderHolds, 'defender');
  close(a.mutualDestruction, o.bothEliminated, 'both');
  close(a.expectedRounds, o.expectedRounds, 'rounds');
  // Losses in resources: an infantry costs 5.
  close(a.expectedLosses.attacker.resources, 5 * (1 - o.attackerWins), 'attacker resources', 1e-12);
  close(a.expectedLosses.defender.resources, 5 * (1 - o.defenderHolds), 'defender resources', 1e-12);
  wellFormed(a);
});

test('GW-TERR-08, GW-TERR-09: Gibraltar\'s infantry rolls 3 dice and falls to one hit; its facilities defend at 1', () => {
  const a = odds({ attacker: '2 infantry', defender: '1 infantry', territory: 'gibraltar' });
  const facilities = a.battle.facilities.map(() => 1);
  const o = battleOdds(even(2, 3), even(1, 5, 3, facilities));
  close(a.attackerWin, o.attackerWins, 'attacker');
  close(a.expectedRounds, o.expectedRounds, 'rounds');
  assert.ok(a.defenderWin > odds({ attacker: '2 infantry', defender: '1 infantry' }).defenderWin, 'three dice hold better than one');
  wellFormed(a);
});

test('GW-P10-LAND-18: a city defends at 1 while defenders remain and is never among the losses', () => {
  const a = odds({ attacker: '3 infantry', defender: '2 infantry', city: true });
  assert.deepEqual(a.battle.facilities, ['city']);
  const o = battleOdds(even(3, 3), even(2, 5, 1, [1]));
  close(a.attackerWin, o.attackerWins, 'attacker');
  for (const s of a.defenderSurvivors) assert.equal(s.units['city'], undefined, 'no city among the units left');
  wellFormed(a);
});

test('GW-TRENCH-01, GW-TRENCH-02, GW-TRENCH-09: a trench costs infantry 2 points, a super trench 3, never below 1', () => {
  const plain = odds({ attacker: '4 infantry', defender: '3 infantry', territory: 'verdun' });
  const trench = odds({ attacker: '4 infantry', defender: '3 infantry', territory: 'verdun', trench: true });
  const superTrench = odds({ attacker: '4 infantry', defender: '3 infantry', territory: 'verdun', superTrench: true });
  const facilities = plain.battle.facilities.map(() => 1);
  close(trench.attackerWin, battleOdds(even(4, 1), even(3, 5, 1, facilities)).attackerWins, 'trench: infantry at 1');
  close(superTrench.attackerWin, trench.attackerWin, 'super trench: at 1 too, never below');
  assert.ok(plain.attackerWin > trench.attackerWin);
});

test('the defenders of several commanders share their hits: the answer says it is approximate (D-SIM-17, D-SIM-26)', () => {
  const a = odds({ attacker: '6 infantry', defender: '4 infantry', defenderNations: ['france', 'britain'] });
  assert.equal(a.exact, false);
  assert.ok(a.notes.some((n) => /approximate/.test(n)));
  assert.deepEqual(a.battle.defenderNations, ['france', 'britain']);
  wellFormed(a);
  assert.equal(odds({ attacker: '6 infantry', defender: '4 infantry' }).exact, true);
});

test('GW-UNIT-50, GW-P10-LAND-20: attacking aircraft fight the rounds their fuel allows, then fly home and survive', () => {
  const a = odds({ attacker: '1 bomber', defender: '1 infantry' });
  // A bomber (fuel 5) flies in with 4: 3 rounds and back home with 1.
  assert.equal(a.battle.aircraftRounds['bomber'], 3);
  assert.equal(a.attackerWin, 0, 'aircraft alone never take a territory (GW-P08-LANDMOVE-06)');
  // Air alone against troops with no AA gun and no trench: they defend at 5 - 3 = 2 (GW-UNIT-56); the bomber attacks at 4.
  const pB = 0.4;
  const pD = 0.2;
  // Three rounds by hand, state by state: (bomber, its fictive unit, infantry, its fictive unit); each side's first hit falls on its fictive unit.
  let states = new Map<string, number>([['1,1,1,1', 1]]);
  let bomberLost = 0;
  let infantryLost = 0;
  let rounds = 0;
  for (let round = 0; round < 3; round++) {
    const next = new Map<string, number>();
    for (const [key, p] of states) {
      rounds += p;
      const [b, fb, inf, fi] = key.split(',').map(Number) as [number, number, number, number];
      for (const hitB of [0, 1]) {
        for (const hitD of [0, 1]) {
          const q = p * (hitB ? pB : 1 - pB) * (hitD ? pD : 1 - pD);
          const [inf2, fi2] = hitB ? (fi ? [inf, 0] : [0, 0]) : [inf, fi];
          const [b2, fb2] = hitD ? (fb ? [b, 0] : [0, 0]) : [b, fb];
          if (b2 === 0) bomberLost += q;
          if (inf2 === 0) infantryLost += q;
          if (b2 > 0 && inf2 > 0) next.set(`${b2},${fb2},${inf2},${fi2}`, (next.get(`${b2},${fb2},${inf2},${fi2}`) ?? 0) + q);
        }
      }
    }
    states = next;
  }
  close(a.expectedLosses.attacker.resources, 15 * bomberLost, 'the bomber lost (cost 15)', 1e-12);
  close(a.mutualDestruction, infantryLost, 'nobody is left to hold it: the infantry is lost', 1e-12);
  close(a.defenderWin, 1 - infantryLost, 'the holder keeps it otherwise', 1e-12);
  close(a.expectedRounds, rounds, 'rounds', 1e-12);
  wellFormed(a);
});

test('GW-UNIT-06, GW-UNIT-08, GW-UNIT-09: AA guns fire first, and a downed aircraft never attacks', () => {
  const without = odds({ attacker: '3 infantry, 2 fighters', defender: '3 infantry' });
  const withAa = odds({ attacker: '3 infantry, 2 fighters', defender: '3 infantry, 1 AA gun' });
  assert.ok(withAa.expectedLosses.attacker.units['fighter']! > 0.1, `an AA gun at 1 downs a fighter a tenth of the time at least: ${withAa.expectedLosses.attacker.units['fighter']}`);
  assert.ok(withAa.attackerWin < without.attackerWin);
  wellFormed(withAa);
});

test('unknown units, territories and nations are refused with the flag, the column and the closest name', () => {
  const r = battleOddsOf({ attacker: '5 infantry, 2 artilery', defender: '4 infantry', territory: 'verdn', attackerNation: 'germny' });
  assert.ok(!r.ok);
  const unit = r.error.find((p) => p.path === '--attacker')!;
  assert.equal(unit.column, 15);
  assert.equal(unit.suggestion, 'Artillery');
  assert.equal(r.error.find((p) => p.path === '--territory')?.suggestion, 'Verdun');
  assert.equal(r.error.find((p) => p.path === '--attacker-nation')?.suggestion, 'Germany');
  const allies = battleOddsOf({ attacker: '1 infantry', defender: '1 infantry', defenderNations: ['austria-hungary'] });
  assert.ok(!allies.ok && allies.error[0]!.code === 'allies');
  const air = battleOddsOf({ attacker: '1 tank', defender: '1 infantry', navalInvasion: true });
  assert.ok(!air.ok && air.error[0]!.code === 'tank-invasion', 'GW-P10-INV-03: no tanks in a naval invasion');
  const guns = battleOddsOf({ attacker: '3 artillery', defender: '1 infantry' });
  assert.ok(!guns.ok && guns.error[0]!.code === 'artillery-alone', 'GW-P10-LAND-07: artillery alone does not attack');
});

/** The battles of the cross-check: every special case the calculator plays. */
const battles: { name: string; req: OddsRequest; runs: number }[] = [
  { name: 'GW-P10-LAND-14, GW-COMBAT-02: plain ground', req: { attacker: '5 infantry', defender: '4 infantry' }, runs: 3000 },
  { name: 'GW-TRENCH-01, GW-TRENCH-03, GW-P10-LAND-10: a trench at Verdun, artillery firing in', req: { attacker: '6 infantry', support: '4 artillery', defender: '4 infantry', territory: 'verdun', trench: true }, runs: 3000 },
  { name: 'GW-TRENCH-02, GW-TRENCH-06, GW-TRENCH-21: tanks against a super trench', req: { attacker: '5 infantry, 3 tanks', defender: '4 infantry', territory: 'verdun', superTrench: true }, runs: 3000 },
  { name: 'GW-UNIT-04, GW-UNIT-05: tanks ease a regular trench', req: { attacker: '5 infantry, 5 tanks', defender: '6 infantry, 1 artillery', territory: 'verdun', trench: true }, runs: 3000 },
  { name: 'GW-P10-LAND-18: a city', req: { attacker: '4 infantry, 1 tank', defender: '3 infantry', city: true }, runs: 3000 },
  { name: 'GW-TERR-08, GW-TERR-09: Gibraltar', req: { attacker: '4 infantry', defender: '1 infantry', terrain: 'gibraltar' }, runs: 3000 },
  { name: 'GW-UNIT-06, GW-UNIT-09, GW-UNIT-50, GW-P10-LAND-20: AA first, aircraft home when their fuel is spent', req: { attacker: '4 infantry, 2 fighters, 1 bomber', defender: '4 infantry, 2 AA guns' }, runs: 3000 },
  { name: 'GW-UNIT-56: aircraft alone against troops with no AA gun and no trench', req: { attacker: '2 fighters, 2 bombers', defender: '2 infantry, 1 artillery' }, runs: 3000 },
  { name: 'GW-P10-INV-04, GW-P10-INV-05, GW-P10-INV-09, GW-P10-INV-10, GW-UNIT-14: a naval invasion with shore bombardment', req: { attacker: '6 infantry, 2 artillery', defender: '3 infantry', navalInvasion: true, bombard: 2 }, runs: 3000 },
  {
    name: 'GW-P10-LAND-10, GW-UNIT-06, GW-UNIT-50: mixed, 30 against 30',
    req: { attacker: '22 infantry, 4 tanks, 2 fighters, 2 bombers', support: '12 artillery', defender: '26 infantry, 2 artillery, 2 AA guns', territory: 'verdun' },
    runs: 600,
  },
];

for (const b of battles) {
  test(`${b.name}: the exact odds agree with phase 10 played ${b.runs} times (Monte Carlo) within 4 standard errors`, () => {
    const exact = odds(b.req);
    wellFormed(exact);
    assert.equal(exact.exact, true);
    const r = sampleBattleOf(b.req, { runs: b.runs, seed: b.name });
    if (!r.ok) assert.fail(JSON.stringify(r.error));
    const mc = r.value;
    const se = mc.standardErrors!;
    const within = (x: number, y: number, e: number, what: string) => assert.ok(Math.abs(x - y) <= 4 * e + 1e-9, `${what}: exact ${x}, sampled ${y} ± ${e}`);
    // A chance's standard error from the exact chance itself: a rare ending never sampled has none in the sample.
    const share = (p: number) => Math.sqrt((p * (1 - p)) / b.runs);
    within(exact.attackerWin, mc.attackerWin, share(exact.attackerWin), 'attackers take it');
    within(exact.defenderWin, mc.defenderWin, share(exact.defenderWin), 'defenders hold');
    within(exact.mutualDestruction, mc.mutualDestruction, share(exact.mutualDestruction), 'both destroyed');
    assert.ok(Math.abs(se.attackerWin - share(exact.attackerWin)) <= 0.5 * share(exact.attackerWin) + 1e-9, 'the sample\'s own standard error is about the same');
    within(exact.expectedRounds, mc.expectedRounds, se.expectedRounds, 'expected rounds');
    within(exact.expectedLosses.attacker.resources, mc.expectedLosses.attacker.resources, se.attackerResources, 'attackers\' losses');
    within(exact.expectedLosses.defender.resources, mc.expectedLosses.defender.resources, se.defenderResources, 'defenders\' losses');
  });
}

test('D-SIM-26, GW-UNIT-50: the odds of a battle event, which do not follow the aircraft home, are the calculator\'s to the last digit', () => {
  const state = scene({ verdun: { germany: { infantry: 3, fighter: 2, bomber: 1 }, france: { infantry: 4 } } });
  war(state, 'germany', 'france');
  const participants: Participant[] = [];
  for (const u of state.board.units.filter((x) => x.at === 'verdun')) {
    if (u.nation === 'france') participants.push({ unit: u.id, role: 'defender' });
    else if (u.type === 'infantry') participants.push({ unit: u.id, role: 'ground', from: 'metz' });
    else {
      state.air.flights.push({ unit: u.id, nation: 'germany', base: 'metz', to: 'verdun', path: ['metz', 'verdun'], entry: 'metz', fuel: u.type === 'bomber' ? 4 : 2, mission: 'attack' });
      participants.push({ unit: u.id, role: 'air', from: 'metz' });
    }
  }
  const setup = { area: 'verdun', holder: 'france', participants };
  const full = landBattleDistribution(state, setup, { losses: new Map() });
  const event = landBattleOdds(state, setup, { losses: new Map() });
  assert.equal(full.exact, true);
  close(event.attacker, full.attacker, 'attacker', 1e-12);
  close(event.defender, full.defender, 'defender', 1e-12);
  close(event.none, full.none, 'none', 1e-12);
  // With the aircraft followed home, every ending names them: the fighters fly home after 1 round, the bomber after 3.
  assert.ok(full.ends.some((e) => e.attackers.some((u) => u.type === 'fighter') && e.winner === 'defender'), 'fighters survive battles the defenders hold');
});

test('GW-P10-LAND-14, GW-UNIT-50, GW-UNIT-06: any small battle: the outcomes and each side\'s survivors sum to 1, and it lasts a round at least (fast-check)', () => {
  const n = (max: number) => fc.integer({ min: 0, max });
  fc.assert(
    fc.property(n(4), n(2), n(2), n(1), n(3), n(4), n(1), n(2), fc.constantFrom('none', 'trench', 'super', 'city', 'gibraltar'), (inf, tanks, fighters, bombers, art, dInf, dArt, aa, place) => {
      const attacker = [inf && `${inf} infantry`, tanks && `${tanks} tanks`, fighters && `${fighters} fighters`, bombers && `${bombers} bombers`].filter(Boolean).join(', ') || '1 infantry';
      const defender = [`${dInf + 1} infantry`, dArt && `${dArt} artillery`, aa && `${aa} AA guns`].filter(Boolean).join(', ');
      const req: OddsRequest = {
        attacker,
        defender,
        ...(art ? { support: `${art} artillery` } : {}),
        ...(place === 'trench' ? { territory: 'verdun', trench: true } : place === 'super' ? { territory: 'verdun', superTrench: true } : place === 'city' ? { city: true } : place === 'gibraltar' ? { terrain: 'gibraltar' } : {}),
      };
      const a = odds(req);
      // Aircraft alone may all be downed by AA fire before the first round, or kept out by a super trench.
      wellFormed(a, inf + tanks === 0 && fighters + bombers > 0);
      assert.equal(a.exact, true);
      const lost = Object.values(a.expectedLosses.attacker.units).reduce((s, x) => s + x, 0);
      assert.ok(lost >= -1e-9 && lost <= attacker.split(',').reduce((s, part) => s + Number(part.trim().split(' ')[0]), 0) + 1e-9, `expected attacker losses ${lost}`);
    }),
    { numRuns: 40, seed: 1918 },
  );
});

test('GW-TRENCH-08, GW-P10-LAND-05: aircraft across a super trench, or with too little fuel, do not join the battle and are not lost', () => {
  const sheltered = odds({ attacker: '4 infantry, 2 fighters', defender: '3 infantry', territory: 'verdun', superTrench: true });
  const without = odds({ attacker: '4 infantry', defender: '3 infantry', territory: 'verdun', superTrench: true });
  assert.deepEqual(sheltered.battle.attackers, { infantry: 4 });
  close(sheltered.attackerWin, without.attackerWin, 'the same battle as without them', 1e-15);
  assert.ok(sheltered.notes.some((n) => /super trench/.test(n)));
  const dry = odds({ attacker: '4 infantry, 1 bomber', defender: '3 infantry', airFuel: 1 });
  assert.deepEqual(dry.battle.attackers, { infantry: 4 });
  assert.equal(dry.expectedLosses.attacker.units['bomber'], undefined, 'the bomber is no part of the battle');
});
