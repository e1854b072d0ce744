import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');

function umpire(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', input });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'umpire-cli-'));

test('new, orders, adjudicate, report and verify a Great War turn end to end', () => {
  const root = tmp();
  const dir = join(root, 'g1');
  const created = umpire(['new', 'great-war', '--game', dir]);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /t1\.orders is open/);
  const record0 = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8'));
  const commitment = record0.steps[0].commitment as string;
  assert.match(commitment, /^[0-9a-f]{64}$/);
  assert.equal(record0.steps[0].secret, undefined, 'the secret is not in the public record before the turn');

  writeFileSync(join(root, 'germany.txt'), '# Germany, August 1914\nresearch Improved Weapons\nresearch chem\n');
  const sent = umpire(['orders', dir, 'germany', join(root, 'germany.txt'), '--nonce', 'pickelhaube']);
  assert.equal(sent.code, 0, sent.stderr);
  const receipt = /Receipt: ([0-9a-f]{64})/.exec(sent.stdout)?.[1];
  const orderHash = /Order hash: ([0-9a-f]{64})/.exec(sent.stdout)?.[1];
  assert.ok(receipt && orderHash && receipt !== orderHash);

  // A typo gets a located error with a suggestion, and changes nothing.
  writeFileSync(join(root, 'france.txt'), 'research Improved Artilery\nresaerch radar\n');
  const before = readFileSync(join(dir, 'record.json'), 'utf8');
  const bad = umpire(['orders', dir, 'france', join(root, 'france.txt')]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /france\.txt:1:\d+: .*did you mean 'Improved Artillery'/);
  assert.match(bad.stderr, /france\.txt:2:1: .*did you mean 'research'/);
  assert.equal(readFileSync(join(dir, 'record.json'), 'utf8'), before, 'refused orders change nothing');
  assert.equal(readdirSync(join(dir, 'inbox')).length, 2, 'every submitted file is kept, refused or not');

  // JSON orders from standard input.
  const json = umpire(['orders', dir, 'britain', '-'], JSON.stringify({ orders: [{ kind: 'research', tech: 'tanks' }] }));
  assert.equal(json.code, 0, json.stderr);

  const adj = umpire(['adjudicate', dir]);
  assert.equal(adj.code, 0, adj.stderr);
  assert.match(adj.stdout, /Germany researches Improved Weapons/);
  assert.match(adj.stdout, /t2\.orders is open/);

  const record1 = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8'));
  const step1 = record1.steps[0];
  // record format 2: the commitment is SHA-256 over the secret, the header hash and the opening state (canonical JSON)
  const bound = JSON.stringify({ before: record1.initialStateHash, headerHash: record1.headerHash, previous: null, secret: step1.secret });
  assert.equal(createHash('sha256').update(bound).digest('hex'), commitment, 'the revealed secret matches the commitment');
  assert.equal(step1.submissions.find((s: { seat: string }) => s.seat === 'germany').orderHash, orderHash);
  assert.equal(step1.submissions.find((s: { seat: string }) => s.seat === 'germany').nonce, 'pickelhaube');
  assert.ok(existsSync(join(dir, 'reports', 'turn-01', 'germany.md')));
  const png = readFileSync(join(dir, 'reports', 'turn-01', 'map.png'));
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], 'the map of the turn is drawn beside the reports, as PNG for email');
  assert.match(readFileSync(join(dir, 'reports', 'turn-01', 'map.svg'), 'utf8'), /Turn 1, August-September 1914/);

  const report = umpire(['report', dir, '--turn', '1', '--seat', 'germany', '--format', 'markdown']);
  assert.equal(report.code, 0, report.stderr);
  assert.match(report.stdout, /^# /);
  assert.match(report.stdout, /research Improved Weapons/i);
  const reportJson = JSON.parse(umpire(['report', dir, '--turn', '1', '--format', 'json']).stdout);
  assert.equal(reportJson.turn, 1);

  const verified = umpire(['verify', dir]);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /^OK/);
  assert.match(verified.stdout, /1 commitment matched its revealed secret/);
});

test('verify names the first mismatch when a roll, an order, a nonce or a secret is changed', () => {
  const root = tmp();
  const dir = join(root, 'g');
  assert.equal(umpire(['autoplay', 'great-war', '--game', dir, '--turns', '3', '--seed', 'tamper', '--json']).code, 0);
  const path = join(dir, 'record.json');
  const original = readFileSync(path, 'utf8');
  assert.equal(umpire(['verify', dir]).code, 0);
  const record = JSON.parse(original);
  const stepIndex = record.steps.findIndex((s: { events: { type: string }[] }) => s.events.some((e) => e.type === 'roll'));
  assert.ok(stepIndex >= 0, 'the autoplayed game rolled dice');
  const step = record.steps[stepIndex];
  const rollIndex = step.events.findIndex((e: { type: string }) => e.type === 'roll');
  const cases: [string, (r: typeof record) => void, RegExp][] = [
    ['roll', (r) => (r.steps[stepIndex].events[rollIndex].value = (r.steps[stepIndex].events[rollIndex].value % 10) + 1), new RegExp(`steps\\[${stepIndex}\\]\\.events\\[${rollIndex}\\].*roll`)],
    ['order', (r) => (r.steps[stepIndex].submissions[0].orders = { orders: [] }), /submissions\[0\]\.orders.*receipt hash/],
    ['nonce', (r) => (r.steps[stepIndex].submissions[0].nonce = 'changed'), /seed/],
    ['secret', (r) => (r.steps[stepIndex].secret = 'ab'.repeat(32)), /secret.*commitment/],
  ];
  for (const [what, mutate, expected] of cases) {
    const copy = JSON.parse(original);
    mutate(copy);
    writeFileSync(path, JSON.stringify(copy));
    const v = umpire(['verify', dir]);
    assert.equal(v.code, 1, `a changed ${what} must fail verification`);
    assert.match(v.stdout, expected, what);
  }
  writeFileSync(path, original);
  assert.equal(umpire(['verify', dir]).code, 0);
});

test('a scripted game says so when verified', () => {
  const root = tmp();
  const dir = join(root, 's');
  writeFileSync(join(root, 'dice.txt'), '9 10 1 # three rolls\n5\n');
  assert.equal(umpire(['new', 'great-war', '--game', dir, '--dice-script', join(root, 'dice.txt')]).code, 0);
  writeFileSync(join(root, 'o.txt'), 'research improved weapons\n');
  assert.equal(umpire(['orders', dir, 'germany', join(root, 'o.txt')]).code, 0);
  const adj = umpire(['adjudicate', dir]);
  assert.equal(adj.code, 0, adj.stderr);
  assert.match(adj.stdout, /d10 rolled 9/);
  const v = umpire(['verify', dir]);
  assert.equal(v.code, 0, v.stdout);
  assert.match(v.stdout, /Scripted dice/);
});

test('bad input is refused with the closest valid name', () => {
  const root = tmp();
  assert.match(umpire(['new', 'great-wor', '--game', join(root, 'x')]).stderr, /did you mean 'great-war'/);
  assert.match(umpire(['new', 'great-war', '--game', join(root, 'x'), '--scenario', 'august-1915']).stderr, /did you mean 'august-1914'/);
  assert.match(umpire(['new', 'great-war', '--game', join(root, 'x'), '--option', 'nonsense=1']).stderr, /no option 'nonsense'/);
  writeFileSync(join(root, 'seats.json'), JSON.stringify({ germnay: 'anna@example.org' }));
  const seats = umpire(['new', 'great-war', '--game', join(root, 'y'), '--seats', join(root, 'seats.json')]);
  assert.equal(seats.code, 1);
  assert.match(seats.stderr, /\$\.seats\[0\]\.id.*did you mean 'germany'/);
  writeFileSync(join(root, 'seats.json'), JSON.stringify({ germany: 'anna@example.org', france: 'bob@example.org' }));
  const dir = join(root, 'z');
  assert.equal(umpire(['new', 'great-war', '--game', dir, '--seats', join(root, 'seats.json')]).code, 0);
  writeFileSync(join(root, 'o.txt'), 'research radar\n');
  const notYours = umpire(['orders', dir, 'germany', join(root, 'o.txt'), '--from', 'bob@example.org']);
  assert.equal(notYours.code, 1);
  assert.match(notYours.stderr, /does not hold the seat germany; they hold france/);
  assert.match(umpire(['orders', dir, 'germny', join(root, 'o.txt')]).stderr, /did you mean 'germany'/);
  assert.match(umpire(['report', dir, '--seat', 'frnace']).stderr, /did you mean 'france'/);
});

test('autoplay --json is reproducible from its seed', () => {
  const root = tmp();
  const a = umpire(['autoplay', 'great-war', '--game', join(root, 'a'), '--turns', '2', '--seed', 's1', '--json']);
  const b = umpire(['autoplay', 'great-war', '--game', join(root, 'b'), '--turns', '2', '--seed', 's1', '--json']);
  const c = umpire(['autoplay', 'great-war', '--game', join(root, 'c'), '--turns', '2', '--seed', 's2', '--json']);
  assert.equal(a.code, 0, a.stderr);
  const ja = JSON.parse(a.stdout);
  assert.deepEqual(Object.keys(ja).sort(), ['finalStateHash', 'turns', 'verdict']);
  assert.equal(ja.turns, 2);
  assert.equal(ja.finalStateHash, JSON.parse(b.stdout).finalStateHash);
  assert.notEqual(ja.finalStateHash, JSON.parse(c.stdout).finalStateHash);
});

test('autoplay seats the ruleset\'s default bot (the general), or the bot --bot names; an unknown bot is refused with the closest name', () => {
  const root = tmp();
  const general = umpire(['autoplay', 'great-war', '--game', join(root, 'g'), '--turns', '1', '--seed', 'b1', '--bot', 'general', '--json']);
  const byDefault = umpire(['autoplay', 'great-war', '--game', join(root, 'd'), '--turns', '1', '--seed', 'b1', '--json']);
  const random = umpire(['autoplay', 'great-war', '--game', join(root, 'r'), '--turns', '1', '--seed', 'b1', '--bot', 'random', '--json']);
  assert.equal(general.code, 0, general.stderr);
  assert.equal(JSON.parse(general.stdout).finalStateHash, JSON.parse(byDefault.stdout).finalStateHash);
  assert.notEqual(JSON.parse(general.stdout).finalStateHash, JSON.parse(random.stdout).finalStateHash);
  const record = JSON.parse(readFileSync(join(root, 'g', 'record.json'), 'utf8')) as { steps: { submissions: { seat: string; source: string; orders: { orders: { kind: string }[] } }[] }[] };
  const germany = record.steps[0]!.submissions.find((s) => s.seat === 'germany')!;
  assert.ok(germany.orders.orders.some((o) => o.kind === 'build') && germany.orders.orders.some((o) => o.kind === 'move'), 'the general builds and moves');
  const wrong = umpire(['autoplay', 'great-war', '--game', join(root, 'w'), '--turns', '1', '--seed', 'b1', '--bot', 'generl']);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /no bot 'generl' for great-war \(did you mean 'general'\?\)/);
});

test('fuzz plays random legal games and reports no failures', () => {
  const r = umpire(['fuzz', 'great-war', '--games', '3', '--seed', 'ci', '--turns', '3']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /3 games, \d+ steps of random legal play: no failures/);
});

test('rules coverage counts a clause tested only when a test naming it passed in the last run, decided when docs say so, open otherwise', () => {
  // A project root of its own: its last test run and its docs, with the real clause indexes in them.
  const root = tmp();
  const docs = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs');
  mkdirSync(join(root, '.umpire'), { recursive: true });
  const withIndexes = (dir: string) => {
    for (const id of ['great-war', 'vernian']) {
      mkdirSync(join(dir, 'docs', id), { recursive: true });
      writeFileSync(join(dir, 'docs', id, 'clauses.md'), readFileSync(join(docs, id, 'clauses.md')));
    }
    return dir;
  };
  withIndexes(root);
  writeFileSync(
    join(root, '.umpire', 'test-results.json'),
    JSON.stringify({
      tests: [
        { name: 'GW-MAP-04: Bristol Bay meets the Sea of Okhotsk', fullName: 'GW-MAP-04: Bristol Bay meets the Sea of Okhotsk', file: 'x', status: 'passed' },
        { name: 'GW-MAP-05 fails', fullName: 'GW-MAP-05 fails', file: 'x', status: 'failed' },
        { name: 'the links', fullName: 'GW-MAP-07..08 gulfs > the links', file: 'x', status: 'passed' },
      ],
    }),
  );
  writeFileSync(join(root, 'docs', 'rulings.md'), '# Rulings\n\n## R-1 Tags\n\nWhy.\n\nDecides: GW-MAP-03\n');
  const env = { ...process.env, UMPIRE_ROOT: root };
  const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env });
  const r = run(['rules', 'great-war', 'coverage', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.ruleset, 'great-war');
  assert.equal(j.total, 830);
  const status = (id: string) => j.clauses.find((c: { id: string }) => c.id === id);
  assert.deepEqual(status('GW-MAP-04'), { id: 'GW-MAP-04', status: 'tested', tests: ['GW-MAP-04: Bristol Bay meets the Sea of Okhotsk'] });
  assert.equal(status('GW-MAP-05').status, 'failing', 'a clause named only by a failing test is not tested');
  assert.equal(status('GW-MAP-08').status, 'tested', 'a suite title names the clauses of its tests');
  assert.deepEqual(status('GW-MAP-03'), { id: 'GW-MAP-03', status: 'decided', tests: [], doc: 'docs/rulings.md#r-1-tags' });
  assert.equal(status('GW-MAP-06').status, 'open');
  assert.deepEqual([j.tested, j.decided, j.open], [3, 1, 826]);
  const text = run(['rules', 'great-war', 'coverage']).stdout;
  assert.match(text, /^GW-MAP-04 +tested +GW-MAP-04: Bristol Bay/m);
  assert.match(text, /^GW-MAP-03 +decided +docs\/rulings\.md#r-1-tags$/m);
  assert.match(text, /^GW-MAP-06 +open$/m);
  assert.equal(text.split('\n').filter((l) => /^GW-/.test(l)).length, 830, 'every clause is listed');
  assert.match(text, /1 clause\(s\) are named only by failing tests and count as open\.\ntotal 830, tested 3 \(0\.4%\), decided 1 \(0\.1%\), open 826$/m);
  const summary = run(['rules', 'great-war', 'coverage', '--summary']).stdout;
  assert.ok(!/^GW-MAP-06 /m.test(summary));
  assert.match(summary, /GW-MAP +40 +3 +1 +36/);
  assert.match(run(['rules', 'vernian', 'coverage', '--summary']).stdout, /total \d+, tested 0/);
  // Where no test has run, the statuses are the rule book's snapshot.
  const none = spawnSync(process.execPath, [bin, 'rules', 'great-war', 'coverage', '--summary'], { encoding: 'utf8', env: { ...env, UMPIRE_ROOT: withIndexes(tmp()) } });
  assert.match(none.stdout, /No test run here: the statuses are the rule book's snapshot/, none.stderr);
});
