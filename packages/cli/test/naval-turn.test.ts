import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');

function umpire(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The orders of a 1914 turn at sea: every fleet of the war at work, on real (committed, verifiable) dice. */
const ORDERS: Record<string, string> = {
  germany: [
    '# The High Seas Fleet comes out; two cruisers through the Kiel Canal; a raider to the Atlantic',
    'sail 5 battleships, 4 cruisers from Skagerrak to North Sea',
    'sail 2 cruisers from Skagerrak to Baltic Sea',
    'sail 1 cruiser from Southern Atlantic to Middle Atlantic as blockade',
    'retreat from North Sea after round 3',
  ].join('\n'),
  britain: ['sail 1 cruiser from Middle Atlantic to Bay of Biscay', 'losses cruiser, battleship'].join('\n'),
  france: 'sail 3 battleships, 2 cruisers from Western Mediterranean to Adriatic Sea via Ionian Sea',
  russia: 'sail 1 battleship, 3 cruisers in Baltic Sea as blockade',
  'austria-hungary': ['ambush with 1 submarine in Adriatic Sea', 'disengage from Adriatic Sea after round 1', 'retreat from Adriatic Sea when outnumbered'].join('\n'),
  japan: [
    '# Tsingtao',
    'sail 1 transport from East China Sea to Yellow Sea as transport',
    'sail 2 cruisers from East China Sea to Yellow Sea as escort',
    'sail 2 battleships from Sea of Japan to Yellow Sea as bombard',
    'embark 2 infantry from Korea onto transports in Yellow Sea',
    'land all from Yellow Sea to Jiaozhou',
  ].join('\n'),
};

test('GW-P06-NAV-14 GW-P06-NAV-10 GW-P06-SUBINT-01 GW-P10-INV-01 GW-P15-USTRADE-10: a 1914 turn with the British, German, French, Russian and Austrian fleets at work adjudicates from the command line with sea battles reported round by round, a submarine strike, a naval invasion and a blockade, and verifies', () => {
  const root = mkdtempSync(join(tmpdir(), 'umpire-sea-'));
  const dir = join(root, 'g');
  assert.equal(umpire(['new', 'great-war', '--game', dir]).code, 0);
  for (const [seat, text] of Object.entries(ORDERS)) {
    const file = join(root, `${seat}.txt`);
    writeFileSync(file, `${text}\n`);
    const sent = umpire(['orders', dir, seat, file]);
    assert.equal(sent.code, 0, `${seat}: ${sent.stderr}`);
  }
  const adj = umpire(['adjudicate', dir]);
  assert.equal(adj.code, 0, adj.stderr);
  const report = adj.stdout;

  // Three sea battles, each reported round by round to its end, with the odds it had beforehand.
  for (const [zone, attacker, defender] of [
    ['Adriatic Sea', 'France', 'Austria-Hungary'],
    ['Baltic Sea', 'Germany', 'Russia'],
    ['North Sea', 'Germany', 'Britain'],
  ] as const) {
    assert.match(report, new RegExp(`Naval battle in the ${zone}: ${attacker} \\(.*\\) attack ${defender} \\(.*\\); odds beforehand: attackers`));
    const rounds = Number(new RegExp(`Naval battle in the ${zone} over after (\\d+) round`).exec(report)?.[1]);
    assert.ok(rounds >= 1, `${zone}: the battle ends`);
    for (let r = 1; r <= rounds; r++) {
      assert.match(report, new RegExp(`${zone}, round ${r}: ${attacker} \\(attacker\\) scores \\d+ hits?`), `${zone}: round ${r} reported`);
      assert.match(report, new RegExp(`d10 rolled \\d+: ${defender} defends in the ${zone}, round ${r}: `), `${zone}: the defender's dice of round ${r}`);
    }
  }
  // The Austrian submarine strikes the French fleet on its way in, then breaks off.
  assert.match(report, /Submarines strike in the Adriatic Sea: Austria-Hungary \(1 submarine\) attack task force TF\d+ of France/);
  assert.match(report, /Adriatic Sea, interception of task force TF\d+, round 1: Austria-Hungary \(attacker\)/);
  // The Japanese landing at Tsingtao, escorted, with the battleships bombarding first.
  assert.match(report, /Japan sails 2 cruisers from East China Sea to Yellow Sea \(task force TF\d+, escort\)/);
  assert.match(report, /Japan lands 2 infantry from the Yellow Sea in Jiaozhou \(a naval invasion\)/);
  assert.match(report, /Japan's 2 battleships in the Yellow Sea bombard Jiaozhou/);
  assert.match(report, /Battle of Jiaozhou \(held by Germany\); odds beforehand/);
  // Fought out, unless the bombardment (2 dice) took the coastal defence and the one German infantry before it.
  assert.match(report, /Jiaozhou, round 1: Japan \(attacker\)|Jiaozhou: 2 hits\.[\s\S]*Jiaozhou falls to Japan/);
  // The German raider's blockade of the Middle Atlantic stops France's US trade; the Russian fleet's in the Baltic blockades no route.
  assert.match(report, /Germany sails 1 cruiser from Southern Atlantic to Middle Atlantic \(task force TF\d+, blockade\)/);
  assert.match(report, /No US trade reaches France \(5\): the Atlantic route is blockaded in the Middle Atlantic\./);
  assert.match(report, /Russia receives 5 in US trade/);

  const verified = umpire(['verify', dir]);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /^OK/);
});
