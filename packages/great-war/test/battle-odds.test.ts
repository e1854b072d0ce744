import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attackValue, battleParticipants, chanceForEvent, describeOdds, describeLandEvent, defenseOf, landBattleOdds, resolveLandMovement, theWorld } from '../src/index.js';
import { eventsOf, ordersFor, phaseContext, scene, war, fight } from './helpers.js';

/**
 * The odds a battle had beforehand (D-SIM-26), in the 'battle' event and the report, checked against an
 * enumeration written here: every face of every die, round after round, until what is still fought is negligible.
 */


/** A side for the enumeration: the dice it throws (their values) while `alive` of its units remain. */
interface Army {
  readonly size: number;
  readonly dice: (alive: number) => number[];
  /** A fictive unit that takes the first hit (D-SIM-18). */
  readonly fictive: boolean;
}

/** Every way a throw can fall: the chance of each number of hits, face by face. */
function hits(values: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  const faces = values.map(() => 1);
  for (;;) {
    const h = values.filter((v, k) => faces[k]! <= v).length;
    out.set(h, (out.get(h) ?? 0) + 1 / 10 ** values.length);
    let k = 0;
    while (k < faces.length && faces[k] === 10) faces[k++] = 1;
    if (k === faces.length) return out;
    faces[k]!++;
  }
}

/** The endings of a fight to the end, as units left on each side (a fight nobody can win ends with both as they are). */
function enumerate(a: Army, d: Army): { a: number; d: number; stuck: boolean; p: number }[] {
  type S = { a: number; d: number; fa: boolean; fd: boolean };
  let live: { s: S; p: number }[] = [{ s: { a: a.size, d: d.size, fa: a.fictive, fd: d.fictive }, p: 1 }];
  const ends: { a: number; d: number; stuck: boolean; p: number }[] = [];
  const thrown = new Map<Army, Map<number, Map<number, number>>>();
  const throwOf = (side: Army, alive: number) => {
    const mine = thrown.get(side) ?? new Map<number, Map<number, number>>();
    thrown.set(side, mine);
    if (!mine.has(alive)) mine.set(alive, hits(side.dice(alive)));
    return mine.get(alive)!;
  };
  for (let round = 0; round < 2000 && live.length; round++) {
    const next = new Map<string, { s: S; p: number }>();
    for (const { s, p } of live) {
      const byA = throwOf(a, s.a);
      const byD = throwOf(d, s.d);
      if (byA.get(0) === 1 && byD.get(0) === 1) {
        ends.push({ a: s.a, d: s.d, stuck: true, p });
        continue;
      }
      for (const [ha, pa] of byA) {
        for (const [hd, pd] of byD) {
          const t = { ...s };
          let onD = ha;
          if (onD && t.fd) [t.fd, onD] = [false, onD - 1];
          let onA = hd;
          if (onA && t.fa) [t.fa, onA] = [false, onA - 1];
          t.a = Math.max(0, t.a - onA);
          t.d = Math.max(0, t.d - onD);
          if (t.a === 0 || t.d === 0) ends.push({ a: t.a, d: t.d, stuck: false, p: p * pa * pd });
          else {
            const key = JSON.stringify(t);
            next.set(key, { s: t, p: (next.get(key)?.p ?? 0) + p * pa * pd });
          }
        }
      }
    }
    live = [...next.values()].filter((x) => x.p > 1e-18);
  }
  assert.ok(live.reduce((x, y) => x + y.p, 0) < 1e-12, 'the enumeration finished');
  return ends;
}

/** Attackers, defenders, neither: a battle nobody can win is broken off with the attackers lost (D-SIM-11). */
function outcome(ends: readonly { a: number; d: number; stuck: boolean; p: number }[]) {
  const sum = (f: (e: { a: number; d: number; stuck: boolean }) => boolean) => ends.filter(f).reduce((x, e) => x + e.p, 0);
  return { attacker: sum((e) => !e.stuck && e.a > 0 && e.d === 0), defender: sum((e) => e.stuck || (e.a === 0 && e.d > 0)), none: sum((e) => !e.stuck && e.a === 0 && e.d === 0) };
}

/** The facilities of a territory roll at 1 for its holder while defenders remain (D-SIM-16). */
function facilities(area: string): number[] {
  const t = theWorld().territory.get(area)!;
  return [t.city, t.industrialComplex, t.port].filter(Boolean).map(() => 1);
}

const round4 = (p: number) => Math.round(p * 10000) / 10000;
const unit = (nation: string, type: string) => ({ nation, type });

test('D-SIM-26, D-SIM-18, D-SIM-25, GW-COMBAT-01, GW-COMBAT-02, GW-P10-LAND-14, GW-P10-LAND-16: the battle event of two infantry against one carries the odds it had beforehand, and the report says them', () => {
  const state = scene({ metz: { germany: { infantry: 2 } }, verdun: { france: { infantry: 1 } } });
  state.board.trenches = [];
  const attack = attackValue(state, theWorld(), unit('germany', 'infantry'), 'metz', 'verdun', true, 0);
  const defence = defenseOf(state, unit('france', 'infantry'), 'verdun');
  assert.equal(defence.dice, 1);
  const expected = outcome(enumerate({ size: 2, dice: (n) => Array(n).fill(attack), fictive: true }, { size: 1, dice: (n) => Array(n).fill(defence.value), fictive: true }));
  const events = fight(state, { germany: 'move 2 infantry from Metz to Verdun' }, [3, 4, 6, 10, 1, 5]);
  const battle = eventsOf(events, 'battle')[0]!;
  assert.deepEqual(battle['odds'], { attacker: round4(expected.attacker), defender: round4(expected.defender), none: round4(expected.none), exact: true });
  const pct = (p: number) => `${Math.round(p * 100)}%`;
  assert.equal(
    describeLandEvent(battle, state),
    `Battle of Verdun (held by France); odds beforehand: attackers ${pct(expected.attacker)}, defenders ${pct(expected.defender)}, neither ${pct(expected.none)}.`,
  );
  // A record made before the odds were reported still reads.
  assert.equal(describeLandEvent({ ...battle, odds: undefined }, state), 'Battle of Verdun (held by France).');
});

test('D-SIM-26, D-SIM-13, D-SIM-17, GW-UNIT-04, GW-TRENCH-01, GW-TRENCH-05: across a trench, the tank eases the infantry only while it lives; the odds follow the loss order', () => {
  const setup = () => {
    const state = scene({ metz: { germany: { infantry: 2, tank: 1 } }, verdun: { france: { infantry: 1 } } });
    state.board.trenches = [{ nation: 'france', territory: 'verdun', facing: 'metz', super: false }];
    return state;
  };
  const state = setup();
  const world = theWorld();
  const inf = (tanks: number) => attackValue(state, world, unit('germany', 'infantry'), 'metz', 'verdun', true, tanks);
  const tank = attackValue(state, world, unit('germany', 'tank'), 'metz', 'verdun', true, 1);
  assert.ok(inf(1) > inf(0), 'the tank eases the trench');
  const france = { size: 1, dice: () => [defenseOf(state, unit('france', 'infantry'), 'verdun').value], fictive: true };
  // The tank lost first: once it is gone the infantry meet the whole trench.
  const tankFirst = outcome(enumerate({ size: 3, dice: (n) => (n === 3 ? [tank, inf(1), inf(1)] : Array(n).fill(inf(0))), fictive: true }, france));
  // Cheapest first (no loss order): the infantry go first and the tank eases the last of them to the end.
  const tankLast = outcome(enumerate({ size: 3, dice: (n) => [tank, ...Array(n - 1).fill(inf(1))], fictive: true }, france));
  // A reading that would be wrong: the tank's relief kept after it is lost.
  const alwaysEased = outcome(enumerate({ size: 3, dice: (n) => (n === 3 ? [tank, inf(1), inf(1)] : Array(n).fill(inf(1))), fictive: true }, france));
  assert.ok(Math.abs(tankFirst.attacker - alwaysEased.attacker) > 0.005 && Math.abs(tankFirst.attacker - tankLast.attacker) > 0.005, 'the three readings differ');

  const given = fight(state, { germany: 'move 2 infantry, 1 tank from Metz to Verdun\nlosses tank, infantry' }, [1, 1, 1, 10]);
  assert.deepEqual(eventsOf(given, 'battle')[0]!['odds'], { attacker: round4(tankFirst.attacker), defender: round4(tankFirst.defender), none: round4(tankFirst.none), exact: true });
  const cheapest = fight(setup(), { germany: 'move 2 infantry, 1 tank from Metz to Verdun' }, [1, 1, 1, 10]);
  assert.deepEqual(eventsOf(cheapest, 'battle')[0]!['odds'], { attacker: round4(tankLast.attacker), defender: round4(tankLast.defender), none: round4(tankLast.none), exact: true });
});

test('D-SIM-26, D-SIM-9, D-SIM-16, GW-COMBAT-04, GW-COMBAT-05: rival attackers fight each other first; the odds follow the survivors of the clash into the assault on a city', () => {
  const state = scene({ vilnius: { russia: { infantry: 1 }, japan: { infantry: 2 } }, konigsberg: { germany: { infantry: 1 } } });
  state.board.trenches = [];
  war(state, 'russia', 'germany');
  war(state, 'japan', 'germany');
  const world = theWorld();
  const ru = attackValue(state, world, unit('russia', 'infantry'), 'vilnius', 'konigsberg', false, 0);
  const jp = attackValue(state, world, unit('japan', 'infantry'), 'vilnius', 'konigsberg', false, 0);
  const de = defenseOf(state, unit('germany', 'infantry'), 'konigsberg').value;
  const germany = { size: 1, dice: (n: number) => [...Array(n).fill(de), ...facilities('konigsberg')], fictive: true };
  const expected = { attacker: 0, defender: 0, none: 0 };
  const add = (p: number, o: { attacker: number; defender: number; none: number }) => {
    expected.attacker += p * o.attacker;
    expected.defender += p * o.defender;
    expected.none += p * o.none;
  };
  for (const e of enumerate({ size: 1, dice: (n) => Array(n).fill(ru), fictive: true }, { size: 2, dice: (n) => Array(n).fill(jp), fictive: true })) {
    if (e.stuck || (e.a === 0 && e.d === 0)) add(e.p, { attacker: 0, defender: 1, none: 0 });
    else if (e.a > 0) add(e.p, outcome(enumerate({ size: e.a, dice: (n) => Array(n).fill(ru), fictive: true }, germany)));
    else add(e.p, outcome(enumerate({ size: e.d, dice: (n) => Array(n).fill(jp), fictive: true }, germany)));
  }
  const odds = landBattleOdds(state, { area: 'konigsberg', holder: 'germany', participants: [] }, { losses: new Map() });
  assert.deepEqual(odds, { attacker: 0, defender: 0, none: 1, exact: true }, 'an empty battle: nobody is there');
  const events = fight(
    state,
    { russia: 'move 1 infantry from Vilnius to Konigsberg', japan: 'move 2 infantry from Vilnius to Konigsberg' },
    [1, 2, 10, 1, 1, 10, 1, 10, 10, 10, 2, 10, 10, 10],
  );
  assert.deepEqual(eventsOf(events, 'battle')[0]!['odds'], { attacker: round4(expected.attacker), defender: round4(expected.defender), none: round4(expected.none), exact: true });
});

test('D-SIM-26, D-SIM-17, D-SIM-18, GW-COMBAT-03: a side of several commanders shares its hits and has no fictive unit; its odds are marked approximate', () => {
  const state = scene({ nancy: { britain: { infantry: 1 } }, verdun: { france: { infantry: 2 } }, metz: { germany: { infantry: 2 } } });
  state.board.trenches = [];
  const world = theWorld();
  const fr = attackValue(state, world, unit('france', 'infantry'), 'verdun', 'metz', true, 0);
  const gb = attackValue(state, world, unit('britain', 'infantry'), 'nancy', 'metz', true, 0);
  const de = defenseOf(state, unit('germany', 'infantry'), 'metz').value;
  const ctx = phaseContext([]);
  const orders = new Map(
    Object.entries({ britain: 'move 1 infantry from Nancy to Metz', france: 'move 2 infantry from Verdun to Metz' }).map(([seat, text]) => [seat, ordersFor(state, seat, text)]),
  );
  resolveLandMovement(state, orders, ctx);
  const odds = landBattleOdds(state, battleParticipants(state, 'metz'), { losses: new Map() });
  assert.equal(odds.exact, false);
  // Three alike infantry: however the hits are shared, the same dice are left, so the approximation is exact here;
  // the allies have no fictive unit, Germany has one.
  assert.equal(fr, gb);
  const expected = outcome(enumerate({ size: 3, dice: (n) => Array(n).fill(fr), fictive: false }, { size: 2, dice: (n) => [...Array(n).fill(de), ...facilities('metz')], fictive: true }));
  for (const k of ['attacker', 'defender', 'none'] as const) assert.ok(Math.abs(odds[k] - expected[k]) < 1e-9, `${k}: ${odds[k]} vs ${expected[k]}`);
  const text = describeLandEvent({ type: 'battle', area: 'metz', holder: 'germany', odds: { ...odds } }, state);
  assert.equal(text, `Battle of Metz (held by Germany); odds beforehand (approximate): attackers ${Math.round(expected.attacker * 100)}%, defenders ${Math.round(expected.defender * 100)}%, neither ${Math.round(expected.none * 100)}%.`);
});

test('D-SIM-26, D-NAV-17: a remote chance is never reported as none, nor a near certainty as certain', () => {
  assert.equal(chanceForEvent(0.25), 0.25);
  assert.equal(chanceForEvent(0.123456), 0.1235);
  assert.equal(chanceForEvent(0), 0);
  assert.equal(chanceForEvent(1), 1);
  assert.equal(chanceForEvent(3.14159e-9), 3.1e-9);
  assert.equal(chanceForEvent(1 - 1e-9), 0.9999);
  assert.equal(describeOdds({ attacker: chanceForEvent(3.14159e-9), defender: chanceForEvent(1 - 3.14159e-9), none: 0, exact: true }), 'odds beforehand: attackers under 1%, defenders over 99%, neither 0%');
});
