import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { PhaseContext } from '@umpire/engine';
import { fightOut, tableRow, type AirTableName } from '../src/air/air-combat.js';
import type { VernianState } from '../src/base/state.js';
import { describeEvent } from '../src/views/report.js';
import { AACHEN, AL_B, AL_CS, AL_F, DE_F, ZEPS, airBoard, airContext, eventsOf } from './air-helpers.js';

/**
 * The three air combat tables fought out with scripted dice: every row of each, every modifier, rolls beyond the
 * table, rounds until one side is gone, and the report line of each round.
 */

const PASSENGER = 'de-3';

/** Fight a table over Aachen with scripted dice; the pieces that aborted, in order. */
function fight(state: VernianState, table: AirTableName, attackers: string[], defenders: string[], dice: number[]) {
  const ctx = airContext('allied', dice);
  const aborted: string[] = [];
  fightOut(
    state,
    ctx,
    { table, hex: AACHEN, attackers, defenders },
    (_s: VernianState, _c: PhaseContext, piece: string) => void aborted.push(piece),
  );
  assert.equal(ctx.rolls(), dice.length, 'every die scripted is rolled, no more');
  return { ctx, aborted, attackers, defenders, rounds: eventsOf(ctx, 'air-combat-round') };
}

/** Pieces over Aachen (their place does not matter to the fight). */
const over = (...pieces: string[]) => airBoard(Object.fromEntries(pieces.map((p) => [p, AACHEN])));

describe('table (a): Fighter versus Fighter', () => {
  it('VV-AIR-02, VV-AIR-05, VV-AIR-08: the interceptors roll; a 6 shoots an escort down and ends a one-against-one fight', () => {
    const s = over(DE_F[0], AL_F[0]);
    const r = fight(s, 'fighters', [DE_F[0]], [AL_F[0]], [6]);
    assert.equal(s.pieces[AL_F[0]]!.at, 'out');
    assert.equal(s.pieces[DE_F[0]]!.at, AACHEN);
    assert.deepEqual(r.defenders, []);
    assert.match(r.ctx.events[0]!['purpose'] as string, /Fighter versus Fighter, round 1/);
  });

  for (const [roll, clause] of [
    [5, 'VV-AIR-09'],
    [4, 'VV-AIR-10'],
  ] as const) {
    it(`${clause}: a ${roll} aborts an escort, which returns to base at once`, () => {
      const s = over(DE_F[0], AL_F[0]);
      const r = fight(s, 'fighters', [DE_F[0]], [AL_F[0]], [roll]);
      assert.deepEqual(r.aborted, [AL_F[0]]);
      assert.equal(s.pieces[AL_F[0]]!.at, AACHEN, 'not destroyed');
      assert.equal(r.rounds[0]!['clause'], clause);
    });
  }

  for (const [roll, clause] of [
    [3, 'VV-AIR-11'],
    [2, 'VV-AIR-12'],
  ] as const) {
    it(`${clause}: a ${roll} aborts an interceptor, which returns to base at once`, () => {
      const s = over(DE_F[0], AL_F[0]);
      const r = fight(s, 'fighters', [DE_F[0]], [AL_F[0]], [roll]);
      assert.deepEqual(r.aborted, [DE_F[0]]);
      assert.deepEqual(r.attackers, []);
      assert.equal(r.rounds[0]!['clause'], clause);
    });
  }

  it('VV-AIR-13: a 1 shoots an interceptor down', () => {
    const s = over(DE_F[0], AL_F[0]);
    fight(s, 'fighters', [DE_F[0]], [AL_F[0]], [1]);
    assert.equal(s.pieces[DE_F[0]]!.at, 'out');
    assert.equal(s.pieces[AL_F[0]]!.at, AACHEN);
  });

  it('VV-AIR-14, D-AMB-44: +1 while the interceptors outnumber the escorts; a 6+1 reads as 6', () => {
    const s = over(DE_F[0], DE_F[1], AL_F[0]);
    const r = fight(s, 'fighters', [DE_F[0], DE_F[1]], [AL_F[0]], [6]);
    assert.equal(r.rounds[0]!['row'], 6);
    assert.deepEqual(r.rounds[0]!['modifiers'], [{ value: 1, when: 'attackers-outnumber', clause: 'VV-AIR-14' }]);
    assert.equal(s.pieces[AL_F[0]]!.at, 'out');
    const t = over(DE_F[0], DE_F[1], AL_F[0]);
    fight(t, 'fighters', [DE_F[0], DE_F[1]], [AL_F[0]], [5]);
    assert.equal(t.pieces[AL_F[0]]!.at, 'out', 'a 5+1 is a 6: shot down, not an abort');
  });

  it('VV-AIR-15, D-AMB-44: -1 while the escorts outnumber the interceptors; a 1-1 reads as 1', () => {
    const s = over(DE_F[0], AL_F[0], AL_F[1]);
    const r = fight(s, 'fighters', [DE_F[0]], [AL_F[0], AL_F[1]], [2]);
    assert.equal(s.pieces[DE_F[0]]!.at, 'out', 'a 2-1 is a 1: the interceptor is shot down');
    assert.equal(r.rounds[0]!['clause'], 'VV-AIR-13');
    const t = over(DE_F[0], AL_F[0], AL_F[1]);
    const q = fight(t, 'fighters', [DE_F[0]], [AL_F[0], AL_F[1]], [1]);
    assert.equal(q.rounds[0]!['row'], 1);
    assert.match(describeEvent(q.rounds[0]!)!, /roll 1 -1 \(more escorts than interceptors, VV-AIR-15\) = 0, read as 1/);
  });

  it('VV-AIR-06, VV-AIR-07, D-AMB-44: rounds go on until one side has no F type left; the modifiers are recounted each round', () => {
    const s = over(DE_F[0], DE_F[1], AL_F[0], AL_F[1]);
    // Two against two: no modifier; an interceptor aborts; then one against two: -1, and a 2-1 shoots it down.
    const r = fight(s, 'fighters', [DE_F[0], DE_F[1]], [AL_F[0], AL_F[1]], [3, 2]);
    assert.deepEqual(
      r.rounds.map((e) => (e['modifiers'] as unknown[]).length),
      [0, 1],
    );
    assert.deepEqual(r.aborted, [DE_F[0]]);
    assert.equal(s.pieces[DE_F[1]]!.at, 'out');
    assert.deepEqual(r.attackers, []);
    assert.deepEqual(r.defenders, [AL_F[0], AL_F[1]]);
  });
});

describe('table (b): Allied Fighter versus Zeppelin', () => {
  it('VV-AIR-16, VV-AIR-19, AMB-33: a 6 shoots the Zeppelin down, its passenger with it; the next Zeppelin is attacked after', () => {
    const s = over(AL_F[0], ZEPS[0], ZEPS[1]);
    s.pieces[ZEPS[1]]!.carrying = PASSENGER;
    s.units[PASSENGER]!.at = AACHEN;
    const r = fight(s, 'zeppelins', [AL_F[0]], [ZEPS[1], ZEPS[0]], [6, 6]);
    assert.equal(s.pieces[ZEPS[1]]!.at, 'out');
    assert.equal(s.pieces[ZEPS[1]]!.carrying, undefined);
    assert.equal(s.units[PASSENGER]!.at, 'out');
    assert.equal(s.pieces[ZEPS[0]]!.at, 'out');
    assert.deepEqual(
      r.rounds.map((e) => e['piece']),
      [ZEPS[1], ZEPS[0]],
    );
    assert.match(describeEvent(r.rounds[0]!)!, /is shot down, and its passenger .* with it \(VV-AIR-19\)/);
  });

  it('VV-AIR-20, AMB-45: a 5 loses the passenger and the Zeppelin fights on; with none it does nothing', () => {
    const s = over(AL_F[0], ZEPS[0]);
    s.pieces[ZEPS[0]]!.carrying = PASSENGER;
    s.units[PASSENGER]!.at = AACHEN;
    const r = fight(s, 'zeppelins', [AL_F[0]], [ZEPS[0]], [5, 5, 6]);
    assert.equal(s.units[PASSENGER]!.at, 'out');
    assert.equal(r.rounds[0]!['passenger'], PASSENGER);
    assert.equal(r.rounds[1]!['passenger'], undefined, 'the second 5 finds no passenger');
    assert.match(describeEvent(r.rounds[1]!)!, /carries no passenger: no effect/);
    assert.equal(s.pieces[ZEPS[0]]!.at, 'out');
  });

  for (const [roll, clause] of [
    [4, 'VV-AIR-21'],
    [3, 'VV-AIR-22'],
  ] as const) {
    it(`${clause}, VV-AIR-17, VV-AIR-18: a ${roll} aborts a fighter; with none left the Zeppelin stays`, () => {
      const s = over(AL_F[0], ZEPS[0]);
      const r = fight(s, 'zeppelins', [AL_F[0]], [ZEPS[0]], [roll]);
      assert.deepEqual(r.aborted, [AL_F[0]]);
      assert.equal(s.pieces[ZEPS[0]]!.at, AACHEN);
    });
  }

  for (const [roll, clause] of [
    [2, 'VV-AIR-23'],
    [1, 'VV-AIR-24'],
  ] as const) {
    it(`${clause}: a ${roll} shoots a fighter down`, () => {
      const s = over(AL_F[0], ZEPS[0]);
      const r = fight(s, 'zeppelins', [AL_F[0]], [ZEPS[0]], [roll]);
      assert.equal(s.pieces[AL_F[0]]!.at, 'out');
      assert.equal(r.rounds[0]!['clause'], clause);
    });
  }

  it('VV-AIR-25: +1 while more than one fighter is present', () => {
    const s = over(AL_F[0], AL_F[1], ZEPS[0]);
    // 5+1 = 6: shot down. Alone, a 5 would only cost a passenger.
    const r = fight(s, 'zeppelins', [AL_F[0], AL_F[1]], [ZEPS[0]], [5]);
    assert.equal(s.pieces[ZEPS[0]]!.at, 'out');
    assert.deepEqual(r.rounds[0]!['modifiers'], [{ value: 1, when: 'attackers-more-than-one', clause: 'VV-AIR-25' }]);
    // Two fighters, a 1 shoots one down (1+1 = 2); the last fights with no modifier: a 4 aborts it.
    const t = over(AL_F[0], AL_F[1], ZEPS[0]);
    const q = fight(t, 'zeppelins', [AL_F[0], AL_F[1]], [ZEPS[0]], [1, 4]);
    assert.deepEqual(
      q.rounds.map((e) => e['row']),
      [2, 4],
    );
    assert.equal(t.pieces[AL_F[0]]!.at, 'out');
    assert.deepEqual(q.aborted, [AL_F[1]]);
  });
});

describe('table (c): German Fighter versus Bomber or Close Support Flyer', () => {
  for (const [roll, clause] of [
    [6, 'VV-AIR-29'],
    [5, 'VV-AIR-30'],
  ] as const) {
    it(`${clause}: a ${roll} shoots the B or CS type down`, () => {
      const s = over(DE_F[0], AL_CS[0]);
      const r = fight(s, 'flyers', [DE_F[0]], [AL_CS[0]], [roll]);
      assert.equal(s.pieces[AL_CS[0]]!.at, 'out');
      assert.equal(r.rounds[0]!['clause'], clause);
    });
  }

  for (const [roll, clause] of [
    [4, 'VV-AIR-31'],
    [3, 'VV-AIR-32'],
  ] as const) {
    it(`${clause}: a ${roll} aborts the B or CS type`, () => {
      const s = over(DE_F[0], AL_B[0]);
      const r = fight(s, 'flyers', [DE_F[0]], [AL_B[0]], [roll]);
      assert.deepEqual(r.aborted, [AL_B[0]]);
      assert.equal(r.rounds[0]!['clause'], clause);
    });
  }

  it('VV-AIR-33: a 2 aborts a German fighter', () => {
    const s = over(DE_F[0], AL_CS[0]);
    const r = fight(s, 'flyers', [DE_F[0]], [AL_CS[0]], [2]);
    assert.deepEqual(r.aborted, [DE_F[0]]);
    assert.equal(s.pieces[AL_CS[0]]!.at, AACHEN);
  });

  it('VV-AIR-34: a 1 shoots a German fighter down', () => {
    const s = over(DE_F[0], AL_CS[0]);
    fight(s, 'flyers', [DE_F[0]], [AL_CS[0]], [1]);
    assert.equal(s.pieces[DE_F[0]]!.at, 'out');
  });

  it('VV-AIR-26, VV-AIR-27, VV-AIR-28, VV-AIR-35: one flyer at a time, +1 with two fighters, until one side is gone', () => {
    const s = over(DE_F[0], DE_F[1], AL_CS[0], AL_B[0]);
    // 4+1: the first shot down; 1+1 = 2: a fighter aborts; alone, a 3 aborts the second flyer.
    const r = fight(s, 'flyers', [DE_F[0], DE_F[1]], [AL_CS[0], AL_B[0]], [4, 1, 3]);
    assert.deepEqual(
      r.rounds.map((e) => [e['piece'], e['row']]),
      [
        [AL_CS[0], 5],
        [DE_F[0], 2],
        [AL_B[0], 3],
      ],
    );
    assert.equal(s.pieces[AL_CS[0]]!.at, 'out');
    assert.deepEqual(r.aborted, [DE_F[0], AL_B[0]]);
    assert.deepEqual(r.defenders, []);
    assert.deepEqual(r.attackers, [DE_F[1]]);
    assert.match(
      describeEvent(r.rounds[0]!)!,
      /^Air combat over W8707 Aachen, .*round 1: the fighters roll 4 \+1 \(more than one fighter, VV-AIR-35\) = 5/,
    );
  });
});

describe('every fight ends', () => {
  it('VV-AIR-01, VV-AIR-06, VV-AIR-17, VV-AIR-27, D-AMB-44: whatever the dice, one side is gone, each piece leaves the fight once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AirTableName>('fighters', 'zeppelins', 'flyers'),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 200, maxLength: 200 }),
        (table, a, d, dice) => {
          const attackers: string[] = table === 'zeppelins' ? AL_F.slice(0, a) : DE_F.slice(0, a);
          const defenders: string[] = (table === 'fighters' ? AL_F : table === 'zeppelins' ? ZEPS : [...AL_CS, ...AL_B]).slice(0, d);
          const s = over(...attackers, ...defenders);
          const ctx = airContext('allied', dice);
          const aborted: string[] = [];
          const att = [...attackers];
          const def = [...defenders];
          fightOut(s, ctx, { table, hex: AACHEN, attackers: att, defenders: def }, (_s, _c, p) => void aborted.push(p));
          assert.ok(att.length === 0 || def.length === 0, 'one side is gone');
          assert.ok(att.length + def.length > 0, 'the last blow leaves the other side standing');
          const gone = [...attackers, ...defenders].filter((p) => !att.includes(p) && !def.includes(p));
          for (const p of gone) assert.ok((s.pieces[p]!.at === 'out') !== aborted.includes(p), `${p} is shot down or aborted, not both`);
          assert.equal(new Set(aborted).size, aborted.length, 'no piece aborts twice');
          for (const p of [...att, ...def]) assert.equal(s.pieces[p]!.at, AACHEN, `${p} still fights`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('D-AMB-44: a modified roll beyond the table reads as its nearest end', () => {
    assert.equal(tableRow(7, 6), 6);
    assert.equal(tableRow(0, 6), 1);
    assert.equal(tableRow(4, 6), 4);
  });
});
