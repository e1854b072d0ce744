import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');

function umpire(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Step = { turn: number; events: { type: string; [k: string]: unknown }[]; submissions: { seat: string; orders: { orders: { kind: string }[] } }[] };

test('GW-MISC-02 GW-P01-DIP-01 GW-VICTORY-02 GW-P15-SPEC-01: a whole war from the command line: 26 turns of random legal play with diplomacy, research, upgrades and national options, the US Entry track, the Ottomans and Italy entering on schedule, the revolution rolled from turn 7, a victory verdict, and the record verifies', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'umpire-war-')), 'game');
  const played = umpire(['autoplay', 'great-war', '--game', dir, '--turns', '26', '--seed', 'whole-war', '--bot', 'random']);
  assert.equal(played.code, 0, played.stderr);
  assert.match(played.stdout, /Played 26 turns of The War to End All Wars/);
  assert.match(played.stdout, /The (Central|Allied) Powers win|Japan wins/);
  assert.doesNotMatch(played.stdout, /\.\./);

  const record = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')) as { steps: Step[]; result?: { winners: string[]; summary: string } };
  assert.equal(record.steps.length, 26);
  assert.ok(record.result && record.result.winners.length > 0, 'a verdict with winners');
  const events: { type: string; turn: number; [k: string]: unknown }[] = record.steps.flatMap((s) => s.events.map((e) => ({ ...e, turn: s.turn })));
  const kinds = new Set(record.steps.flatMap((s) => s.submissions.flatMap((sub) => sub.orders.orders.map((o) => o.kind))));
  // Every seat's diplomacy, research and options are in use.
  for (const kind of ['declare', 'influence', 'research', 'upgrade', 'build', 'move']) assert.ok(kinds.has(kind), `the bots gave '${kind}' orders`);
  const optionKinds = [...kinds].filter((k) => !['declare', 'influence', 'surrender', 'accept', 'research', 'upgrade', 'retool', 'build', 'bomb', 'strike', 'hunt', 'disengage', 'repair', 'sail', 'embark', 'cover', 'ambush', 'evade', 'move', 'land', 'fly', 'losses', 'retreat', 'intercept', 'breakthrough', 'strategic', 'exile', 'incorporate', 'give'].includes(k));
  assert.ok(optionKinds.length >= 5, `national, neutral and US options in use: ${optionKinds.join(', ')}`);
  // The politics moved: wars declared, the US Entry track, the scheduled entries, the revolution's rolls.
  assert.ok(events.some((e) => e.type === 'war-declared' && e['cause'] === 'declared'), 'a war declared in phase 1.1');
  assert.ok(events.some((e) => e.type === 'us-entry'), 'US Entry moved');
  assert.ok(events.filter((e) => e.type === 'us-economic-roll').length >= 20, 'the US economic roll at the end of the turns');
  const joined = events.filter((e) => e.type === 'joined-side');
  assert.ok(joined.some((e) => e['nation'] === 'ottoman-empire' && e.turn <= 5), 'the Ottomans enter by turn 5 at the latest');
  assert.ok(joined.some((e) => e['nation'] === 'italy' && e.turn <= 7), 'Italy enters by turn 7');
  const revolution = events.filter((e) => e.type === 'revolution-roll');
  assert.ok(revolution.length > 0 && revolution.every((e) => e.turn >= 7), 'the revolution is rolled from turn 7');

  const verified = umpire(['verify', dir]);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /^OK: 26 steps replayed/m);
});
