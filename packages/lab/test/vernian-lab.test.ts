import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildFingerprint, labRulesets, readOverrides, runGame, runLab, type RunSettings } from '../src/index.js';

/**
 * The lab plays vernian (20,000 Leagues under the Trenches) through the ruleset's lab tool, as it plays the Great War:
 * the games by worker threads, the report with its charts of wins, first captures, sudden deaths and city points.
 * What the tool reads from one game is tested in packages/vernian/test/lab.test.ts.
 */

const settings: RunSettings = {
  ruleset: 'vernian',
  scenario: 'summer-1914',
  seed: 'leagues',
  bot: 'default',
  turns: 2,
  options: {},
  set: [],
};

test('vernian is among the rulesets the lab plays; its fingerprint names it and its version', () => {
  assert.ok(labRulesets().includes('vernian'));
  assert.match(buildFingerprint('vernian'), /^vernian@\d+\.\d+\.\d+\/[0-9a-f]{16}$/);
});

test('a run of vernian games by the general: games.jsonl, the report and its charts, each game as one thread plays it', async () => {
  const out = mkdtempSync(join(tmpdir(), 'umpire-lab-vernian-'));
  const run = await runLab({ settings, games: 2, out, workers: 2 });
  assert.equal(run.played, 2);
  assert.equal(run.summary.games, 2);
  for (const f of [
    'report.html',
    'report.md',
    'wins.svg',
    'captures.svg',
    'sudden-death.svg',
    'city-points.svg',
    'length.svg',
    'summary.json',
  ]) {
    assert.ok(existsSync(join(out, f)), f);
  }
  const md = readFileSync(join(out, 'report.md'), 'utf8');
  for (const heading of ['## Who wins', '## First captures', '## Sudden death', '## City points']) assert.ok(md.includes(heading), heading);
  assert.match(md, /\| Paris \|/);
  assert.match(md, /\| the Germans \| [\d.]+ \| [\d.]+ \|/, 'city points per turn, the Germans by name');
  assert.match(readFileSync(join(out, 'city-points.svg'), 'utf8'), /<svg[^>]*>[\s\S]*the Allies[\s\S]*<\/svg>/);
  const lines = readFileSync(join(out, 'games.jsonl'), 'utf8').trim().split('\n');
  const first = JSON.parse(lines.find((l) => l.includes('"game":0,'))!) as unknown;
  assert.deepEqual(first, runGame({ ruleset: 'vernian', scenario: 'summer-1914', seed: 'leagues', game: 0, bot: 'default', turns: 2 }));
  assert.equal((first as { winner: string }).winner, 'unfinished');
});

test("--set changes vernian's numbers by file and path; a bad value or file is refused with what it takes", () => {
  const read = readOverrides('vernian', ['rules:victory.germany.points=9'], 'summer-1914');
  assert.ok(read.ok, read.ok ? '' : JSON.stringify(read.error));
  assert.equal((read.value.files['data/rules.json'] as { victory: { germany: { points: number } } }).victory.germany.points, 9);
  const bad = readOverrides('vernian', ['rules:victory.germany.points=many'], 'summer-1914');
  assert.ok(!bad.ok);
  const nowhere = readOverrides('vernian', ['rulez:victory.germany.points=9'], 'summer-1914');
  assert.ok(!nowhere.ok);
  assert.match(JSON.stringify(nowhere.error), /rules/);
});
