import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setDataOverrides } from '@umpire/great-war';
import { LabError, readOverrides, runGame, runLab, WorkerPool, type GameSpec, type RunSettings } from '../src/index.js';

const spec = (game: number): GameSpec => ({ ruleset: 'great-war', scenario: 'august-1914', seed: 'threads', game, bot: 'random', turns: 2 });

test('worker threads give the same summaries as one thread for the same seeds, data overrides included', async () => {
  const read = readOverrides('great-war', ['scenario:nations.germany.treasury=40'], 'august-1914');
  assert.ok(read.ok);
  const shipped = new WorkerPool(2, {});
  const changed = new WorkerPool(1, read.value.files);
  try {
    const [a, b, c] = await Promise.all([shipped.play(spec(0)), shipped.play(spec(1)), changed.play(spec(0))]);
    assert.deepEqual(a, runGame(spec(0)));
    assert.deepEqual(b, runGame(spec(1)));
    assert.notEqual(c.finalStateHash, a.finalStateHash, 'the worker with the override plays other numbers');
    assert.ok(setDataOverrides(read.value.files).ok);
    try {
      assert.deepEqual(c, runGame(spec(0)));
    } finally {
      setDataOverrides({});
    }
  } finally {
    await Promise.all([shipped.close(), changed.close()]);
  }
});

test('a run appends each game to games.jsonl, a rerun with the same seed plays only the games not there, and another run in the same directory is refused', async () => {
  const out = mkdtempSync(join(tmpdir(), 'umpire-lab-run-'));
  const settings: RunSettings = { ruleset: 'great-war', scenario: 'august-1914', seed: 'resume', bot: 'random', turns: 2, options: {}, set: [] };
  const progress: number[] = [];
  const first = await runLab({ settings, games: 2, out, workers: 2, onProgress: (done) => progress.push(done) });
  assert.equal(first.played, 2);
  assert.deepEqual(progress, [0, 1, 2]);
  const lines = readFileSync(join(out, 'games.jsonl'), 'utf8').trim().split('\n');
  assert.equal(lines.length, 2);
  assert.equal(first.summary.games, 2);
  for (const f of ['report.html', 'report.md', 'wins.svg', 'summary.json']) assert.ok(existsSync(join(out, f)), f);
  // A stop in the middle of writing a line: that game is played again, the others are kept.
  writeFileSync(join(out, 'games.jsonl'), `${lines[0]}\n${lines[1]!.slice(0, 30)}`);
  const second = await runLab({ settings, games: 3, out, workers: 1 });
  assert.equal(second.skipped, 1);
  assert.equal(second.played, 2);
  assert.equal(second.summary.games, 3);
  const again = readFileSync(join(out, 'games.jsonl'), 'utf8').trim().split('\n').filter((l) => l.endsWith('}'));
  assert.deepEqual(new Set(again.map((l) => (JSON.parse(l) as { game: number }).game)), new Set([0, 1, 2]));
  assert.deepEqual(JSON.parse(again.find((l) => l.includes('"game":1,'))!), runGame({ ...spec(1), seed: 'resume' }));
  await assert.rejects(runLab({ settings: { ...settings, seed: 'other' }, games: 1, out, workers: 1 }), (e: Error) => e instanceof LabError && /holds games of another run/.test(e.message));
  await assert.rejects(runLab({ settings: { ...settings, set: ['rules:landCombat.artilleryPerAttacker=x'] }, games: 1, out: join(out, 'bad'), workers: 1 }), /artilleryPerAttacker is a number/);
});

test('a stopped run keeps the games played and writes its report from them', async () => {
  const out = mkdtempSync(join(tmpdir(), 'umpire-lab-stop-'));
  const settings: RunSettings = { ruleset: 'great-war', scenario: 'august-1914', seed: 'stop', bot: 'random', turns: 2, options: {}, set: [] };
  const ctl = new AbortController();
  const outcome = await runLab({ settings, games: 4, out, workers: 1, signal: ctl.signal, onProgress: (done) => done === 1 && ctl.abort() });
  assert.equal(outcome.interrupted, true);
  assert.equal(outcome.played, 1);
  assert.equal(outcome.summary.games, 1);
  assert.equal(readFileSync(join(out, 'games.jsonl'), 'utf8').trim().split('\n').length, 1);
  assert.ok(existsSync(join(out, 'report.html')));
});

test('while games are played the report is rewritten from the games so far', async () => {
  const out = mkdtempSync(join(tmpdir(), 'umpire-lab-refresh-'));
  const settings: RunSettings = { ruleset: 'great-war', scenario: 'august-1914', seed: 'refresh', bot: 'random', turns: 2, options: {}, set: [] };
  const seen = new Set<number>();
  const watch = setInterval(() => {
    try {
      seen.add((JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { games: number }).games);
    } catch {
      // not written yet
    }
  }, 10);
  try {
    await runLab({ settings, games: 2, out, workers: 1, refreshMs: 20 });
  } finally {
    clearInterval(watch);
  }
  seen.add((JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { games: number }).games);
  assert.deepEqual([...seen].sort(), [1, 2], 'a report of the first game before the second ended, then the whole run');
});
