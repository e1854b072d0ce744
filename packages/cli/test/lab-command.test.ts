import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');

function umpire(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

test('umpire lab great-war --games 2 --turns 2 --seed t writes games.jsonl, the charts, report.md, report.html and summary.json; a rerun plays nothing again', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'umpire-cli-lab-')), 'run');
  const r = umpire(['lab', 'great-war', '--games', '2', '--turns', '2', '--seed', 't', '--out', out, '--workers', '2']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^2 games played/);
  assert.match(r.stdout, /unfinished\s+2\/2/);
  for (const f of ['games.jsonl', 'run.json', 'summary.json', 'report.md', 'report.html', 'wins.svg', 'entries.svg', 'revolution.svg', 'production.svg', 'length.svg']) {
    assert.ok(existsSync(join(out, f)), f);
  }
  const games = readFileSync(join(out, 'games.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { game: number; seed: string; turnsPlayed: number });
  assert.deepEqual(games.map((g) => g.seed).sort(), ['t/0', 't/1']);
  assert.ok(games.every((g) => g.turnsPlayed === 2));
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { games: number; settings: { seed: string; turns: number; bot: string } };
  assert.equal(summary.games, 2);
  assert.deepEqual([summary.settings.seed, summary.settings.turns, summary.settings.bot], ['t', 2, 'default']);
  assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /2 games \(seed 't'/);
  const again = umpire(['lab', 'great-war', '--games', '2', '--turns', '2', '--seed', 't', '--out', out]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /^0 games played, 2 already in games\.jsonl/);
});

test('umpire lab refuses a bad --set with a located error and the closest key, before playing', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'umpire-cli-lab-')), 'run');
  const r = umpire(['lab', 'great-war', '--games', '1', '--turns', '1', '--seed', 't', '--out', out, '--set', 'rules:landCombat.artilleryPerAtacker=2']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /artilleryPerAtacker/);
  assert.match(r.stderr, /\$\.landCombat/);
  assert.match(r.stderr, /artilleryPerAttacker/);
  assert.equal(existsSync(join(out, 'games.jsonl')), false);
  const bot = umpire(['lab', 'great-war', '--games', '1', '--seed', 't', '--out', out, '--bot', 'randum']);
  assert.equal(bot.code, 2);
  assert.match(bot.stderr, /did you mean 'random'/);
});
