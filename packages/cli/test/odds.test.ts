import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { battleOddsOf } from '@umpire/great-war';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');

function umpire(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

test('umpire odds --json: the exact odds of a battle at Verdun, the three outcomes summing to 1, as the calculator gives them', () => {
  const r = umpire(['odds', 'great-war', '--attacker', '6 infantry, 3 artillery, 1 tank', '--defender', '4 infantry', '--territory', 'Verdun', '--trench', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const o = JSON.parse(r.stdout) as { attackerWin: number; defenderWin: number; mutualDestruction: number; expectedRounds: number; attackerSurvivors: { units: Record<string, number>; p: number }[]; defenderSurvivors: { units: Record<string, number>; p: number }[]; exact: boolean; battle: { territory: string; from: string; support: Record<string, number>; trench: string } };
  assert.ok(Math.abs(o.attackerWin + o.defenderWin + o.mutualDestruction - 1) < 1e-9);
  assert.ok(Math.abs(o.attackerSurvivors.reduce((s, x) => s + x.p, 0) - 1) < 1e-9);
  assert.ok(Math.abs(o.defenderSurvivors.reduce((s, x) => s + x.p, 0) - 1) < 1e-9);
  assert.equal(o.exact, true);
  assert.equal(o.battle.territory, 'verdun');
  assert.equal(o.battle.from, 'metz', 'the attack comes from a neighbour Germany holds');
  assert.deepEqual(o.battle.support, { artillery: 3 }, 'artillery fires in from Metz');
  assert.equal(o.battle.trench, 'trench');
  const direct = battleOddsOf({ attacker: '6 infantry, 3 artillery, 1 tank', defender: '4 infantry', territory: 'Verdun', trench: true });
  assert.ok(direct.ok);
  assert.equal(o.attackerWin, direct.value.attackerWin);
  assert.equal(o.expectedRounds, direct.value.expectedRounds);
  assert.ok(o.expectedRounds > 1);
});

test('umpire odds: the table names the outcomes, and --monte-carlo plays the battle with standard errors', () => {
  const r = umpire(['odds', 'great-war', '--attacker', '3 infantry', '--defender', '1 infantry', '--terrain', 'gibraltar']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Germany attacks Gibraltar \(held by France\)/);
  assert.match(r.stdout, /attackers take it\s+\d+\.\d%/);
  assert.match(r.stdout, /expected rounds\s+\d\.\d\d/);
  const mc = umpire(['odds', 'great-war', '--attacker', '3 infantry', '--defender', '1 infantry', '--terrain', 'gibraltar', '--monte-carlo', '400', '--json']);
  assert.equal(mc.code, 0, mc.stderr);
  const o = JSON.parse(mc.stdout) as { runs: number; standardErrors: { attackerWin: number } };
  assert.equal(o.runs, 400);
  assert.ok(o.standardErrors.attackerWin > 0);
});

test('umpire odds: an unknown unit or territory exits 2 with the flag, the column and the closest name', () => {
  const r = umpire(['odds', 'great-war', '--attacker', '5 infantry, 2 artilery', '--defender', '4 infantry', '--territory', 'Verdn']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--attacker, column 15: there is no unit type 'artilery' \(did you mean 'Artillery'\?\)/);
  assert.match(r.stderr, /--territory: there is no territory 'Verdn' \(did you mean 'Verdun'\?\)/);
  assert.equal(r.stdout, '');
});
