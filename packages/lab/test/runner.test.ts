import assert from 'node:assert/strict';
import { test } from 'node:test';
import { autoplay, randomBot, recordPositions, startClock, type GameRecord, type Position } from '@umpire/engine';
import { greatWar, judgeVictory, warSeries, type GreatWarState } from '@umpire/great-war';
import { FOLLOWED_ENTRIES, gameSeed, LabError, runGame, type GameSpec } from '../src/index.js';

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
    assert.deepEqual(Object.keys(s.entries), [...FOLLOWED_ENTRIES]);
    const opening: Position = { clock: startClock, state: (greatWar.setup('august-1914', {}) as { ok: true; value: GreatWarState }).value };
    const series = warSeries(played.game.record, opening, recordPositions(greatWar, played.game.record).afterTurn);
    const majors = (opening.state as GreatWarState).nations.map((n) => n.id);
    assert.deepEqual(Object.keys(s.production), majors);
    for (const id of majors) assert.deepEqual(s.production[id], series.production[id]!.slice(1), id);
    assert.ok(s.production['germany']!.every((v) => v > 0), 'Germany collects every turn');
    for (const n of FOLLOWED_ENTRIES) assert.deepEqual(s.entries[n], series.entries[n] ?? null, n);
    assert.equal(s.revolutionTurn, series.revolutionTurn);
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
