import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { autoplay, randomBot, recordPositions, startClock, type GameRecord, type Position } from '@umpire/engine';
import { greatWar, judgeVictory, warSeries, type GreatWarState } from '@umpire/great-war';
import { buildFingerprint, gameSeed, LabError, labOf, readSummary, runGame, type GameSpec } from '../src/index.js';

const ENTRIES = ['usa', 'italy', 'ottoman-empire'];

const spec = (game: number): GameSpec => ({ ruleset: 'great-war', scenario: 'august-1914', seed: 'runner', game, bot: 'random', turns: 2 });

test('a short game summarised: winner, turns, entries, revolution, production per nation per turn and the final hash, as the game itself gives them', () => {
  for (const game of [0, 1]) {
    const s = runGame(spec(game));
    assert.equal(s.game, game);
    assert.equal(s.seed, gameSeed('runner', game));
    assert.equal(s.error, undefined);
    // The same game played directly, and its series computed from a replay of its record.
    const played = autoplay(greatWar, { seed: s.seed, scenario: 'august-1914', turns: 2, bot: randomBot() });
    assert.equal(s.finalStateHash, played.finalStateHash);
    assert.equal(s.turnsPlayed, 2);
    assert.equal(s.winner, 'unfinished', 'two turns of a 26-turn war decide nothing');
    assert.equal(s.verdict, 'stopped after turn 2');
    // Who would win had the war ended after turn 2: the end-of-war conditions judged on the final state.
    const final = played.game.position.state as GreatWarState;
    const ifEnded = judgeVictory(final, 27)!;
    const camps = new Set(ifEnded.winners.map((w) => final.nations.find((n) => n.id === w)!.side));
    assert.equal(camps.size, 1);
    assert.equal(s.standing, [...camps][0]);
    assert.deepEqual(Object.keys(s.milestones), [...ENTRIES, 'revolution']);
    const opening: Position = { clock: startClock, state: (greatWar.setup('august-1914', {}) as { ok: true; value: GreatWarState }).value };
    const series = warSeries(played.game.record, opening, recordPositions(greatWar, played.game.record).afterTurn);
    const majors = (opening.state as GreatWarState).nations.map((n) => n.id);
    assert.deepEqual(Object.keys(s.series), majors);
    for (const id of majors) assert.deepEqual(s.series[id], series.production[id]!.slice(1), id);
    assert.ok(s.series['germany']!.every((v) => v > 0), 'Germany collects every turn');
    for (const n of ENTRIES) {
      const e = series.entries[n];
      assert.deepEqual(s.milestones[n], e ? { turn: e.turn, way: e.side } : null, n);
    }
    assert.deepEqual(s.milestones['revolution'], series.revolutionTurn === null ? null : { turn: series.revolutionTurn });
  }
  assert.notEqual(runGame(spec(0)).finalStateHash, runGame(spec(1)).finalStateHash, 'games of a run play with different seeds');
});

test('entries and the revolution are read from the record: the first side each nation neutral at the opening joined, and the turn the revolution began', () => {
  const opening: Position = { clock: startClock, state: (greatWar.setup('august-1914', {}) as { ok: true; value: GreatWarState }).value };
  const step = (turn: number, events: Record<string, unknown>[]) => ({ id: `t${turn}.orders`, turn, status: 'resolved', events });
  const record = {
    steps: [
      step(1, [{ type: 'joined-side', nation: 'france', side: 'central' }]),
      step(2, [{ type: 'joined-side', nation: 'italy', side: 'allied' }]),
      step(3, [{ type: 'joined-side', nation: 'italy', side: 'central' }, { type: 'joined-side', nation: 'ottoman-empire', side: 'central' }, { type: 'revolution-begins', units: [] }]),
      step(4, [{ type: 'revolution-begins', units: [] }]),
    ],
  } as unknown as GameRecord;
  const afterTurn = new Map([1, 2, 3, 4].map((t) => [t, opening]));
  const series = warSeries(record, opening, afterTurn);
  assert.deepEqual(series.entries, { italy: { turn: 2, side: 'allied' }, 'ottoman-empire': { turn: 3, side: 'central' } }, 'France was at war from the opening: not an entry');
  assert.equal(series.revolutionTurn, 3);
  assert.equal(warSeries({ steps: [] } as unknown as GameRecord, opening, new Map()).revolutionTurn, null);
});

test('an unknown ruleset or bot is refused with the closest name', () => {
  assert.throws(() => runGame({ ...spec(0), ruleset: 'great-wars' }), (e: Error) => e instanceof LabError && /did you mean 'great-war'/.test(e.message));
  assert.throws(() => runGame({ ...spec(0), bot: 'randon' }), (e: Error) => e instanceof LabError && /did you mean 'random'/.test(e.message));
});

test("the Great War's lab tool: its milestones are unique and named in the scenario, its data files are the ones --set names", () => {
  const { lab } = labOf('great-war');
  const members = lab.milestones.flatMap((g) => g.members);
  assert.deepEqual(members, [...ENTRIES, 'revolution']);
  assert.equal(new Set(members).size, members.length);
  assert.deepEqual(lab.milestones.map((g) => g.id), ['entries', 'revolution']);
  const name = lab.names('august-1914');
  assert.deepEqual(['usa', 'ottoman-empire', 'revolution', 'nowhere'].map(name), ['USA', 'Ottoman Empire', 'the revolution', 'nowhere']);
  assert.deepEqual(Object.keys(lab.data.files('august-1914')), ['rules', 'units', 'technologies', 'scenario', 'forces']);
  for (const file of Object.values(lab.data.files('august-1914'))) assert.notEqual(lab.data.shipped(file), undefined, file);
  assert.equal(lab.data.shipped('data/map/europe.json'), undefined);
});

test('the build fingerprint names the ruleset and its version; a summary.json of an older lab is refused for --compare', () => {
  assert.match(buildFingerprint('great-war'), /^great-war@[0-9.]+\/[0-9a-f]{16}$/);
  const dir = mkdtempSync(join(tmpdir(), 'umpire-lab-old-'));
  const old = join(dir, 'summary.json');
  writeFileSync(old, JSON.stringify({ settings: { ruleset: 'great-war' }, wins: [], entries: {}, revolution: {}, production: {} }));
  assert.throws(() => readSummary(old), (e: Error) => e instanceof LabError && /an older lab/.test(e.message));
});
