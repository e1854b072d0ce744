import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleBook } from '@umpire/engine';
import { installed } from '@umpire/rulesets';
import { buildRuleBook } from '../src/rule-book-build.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const bin = join(root, 'packages', 'cli', 'bin', 'umpire.js');
const tmp = () => mkdtempSync(join(tmpdir(), 'umpire-book-'));

function umpire(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const bookFile = (id: string) => JSON.parse(readFileSync(join(root, 'packages', id, 'data', 'rule-book.json'), 'utf8')) as RuleBook;

test('each rule book in packages/<ruleset>/data is what scripts/rule-books.mjs makes of the docs (run it after changing the docs)', () => {
  for (const tools of installed) {
    const id = tools.ruleset.id;
    const committed = bookFile(id);
    // The tests of the committed book stand for the last run; the rules, parts and decisions come from the docs now.
    const tests = committed.rules.flatMap((r) => r.tests.map((t) => ({ fullName: t.title, status: t.passed ? 'passed' : 'failed' })));
    const built = buildRuleBook(root, id, tools.ruleset.title, tests, committed.statusFrom);
    assert.deepEqual(JSON.parse(JSON.stringify(built)), committed, `packages/${id}/data/rule-book.json is out of step with the docs`);
  }
});

test('umpire rules <ruleset> book: the whole book, a search, one rule, a decision, a status; JSON and Markdown', () => {
  const whole = umpire(['rules', 'great-war', 'book']);
  assert.equal(whole.code, 0, whole.stderr);
  assert.match(whole.stdout, /^The War to End All Wars: the rule book\n\n830 rule\(s\): \d+ tested, \d+ decided, \d+ open/);
  assert.match(whole.stdout, /^GW-MAP — The map and connections$/m);

  const found = umpire(['rules', 'great-war', 'book', '--search', 'bristol okhotsk']);
  assert.equal(found.code, 0, found.stderr);
  assert.deepEqual(found.stdout.match(/^GW-[A-Z0-9-]+(?= \[)/gm), ['GW-MAP-04', 'GW-MAP-20'], 'every word must match');

  const one = umpire(['rules', 'great-war', 'book', 'gw-p10-land-12']);
  assert.equal(one.code, 0, one.stderr);
  assert.match(one.stdout, /^GW-P10-LAND-12 \[(tested|decided)\] Before step 1 the defender rolls 1D10 for each AA gun/m);
  assert.match(one.stdout, /decided by D-AIR-4 AA fire: one die a gun.*\(docs\/great-war\/air-war\.md#d-air-4-/);

  const json = umpire(['rules', 'great-war', 'book', '--id', 'D-AIR-4', '--json']);
  assert.equal(json.code, 0, json.stderr);
  const book = JSON.parse(json.stdout) as RuleBook;
  assert.ok(book.rules.length >= 5 && book.rules.every((r) => r.decidedBy.includes('D-AIR-4') || r.readBy.includes('D-AIR-4')));
  assert.ok(book.decisions.some((d) => d.id === 'D-AIR-4' && d.doc.startsWith('docs/great-war/air-war.md#')));

  const md = umpire(['rules', 'vernian', 'book', '--id', 'VB-MAP', '--format', 'markdown']);
  assert.equal(md.code, 0, md.stderr);
  assert.match(md.stdout, /^## VB-MAP — the maps$/m);
  assert.match(md.stdout, /^- <a id="VB-MAP-02"><\/a>\*\*VB-MAP-02\*\* \(\w+\): A hex id is the map prefix/m);

  // A status filter gives the rules of that status only, whatever the book's statuses are now.
  const vernianBook = JSON.parse(umpire(['rules', 'vernian', 'book', '--json']).stdout) as RuleBook;
  for (const status of ['tested', 'decided', 'failing', 'open'] as const) {
    const listed = umpire(['rules', 'vernian', 'book', '--status', status, '--json']);
    const count = vernianBook.rules.filter((r) => r.status === status).length;
    if (count === 0) {
      assert.equal(listed.code, 1);
      assert.match(listed.stderr, new RegExp(`no rule of vernian matches status ${status}`));
      continue;
    }
    assert.equal(listed.code, 0, listed.stderr);
    const rules = (JSON.parse(listed.stdout) as RuleBook).rules;
    assert.equal(rules.length, count);
    assert.ok(rules.every((r) => r.status === status));
  }

  const none = umpire(['rules', 'great-war', 'book', '--search', 'zeppelin-submarine-xyz']);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /no rule of great-war matches 'zeppelin-submarine-xyz'/);
  const bad = umpire(['rules', 'great-war', 'book', '--status', 'maybe']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--status takes one of tested, decided, failing, open/);
});

test('every --help ends with the help itself: no stray "umpire: (outputHelp)" line, and exit 0', () => {
  for (const args of [['--help'], ['rules', '--help'], ['new', '--help'], ['help', 'adjudicate']]) {
    const r = umpire(args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stdout, /Usage: umpire/);
    assert.doesNotMatch(r.stdout + r.stderr, /outputHelp/, args.join(' '));
    assert.equal(r.stderr, '', args.join(' '));
  }
  const wrong = umpire(['rules', 'great-war', 'nothing']);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /umpire: error: command-argument value 'nothing' is invalid/);
});

test('rules coverage works in a fresh clone: the clause index is in docs/, the statuses from the rule book when no test has run', () => {
  // A clone's files (no .umpire/ test results, no shared folder beside it), run from inside the clone.
  const clone = join(tmp(), 'umpire');
  mkdirSync(clone);
  writeFileSync(join(clone, 'package.json'), readFileSync(join(root, 'package.json')));
  cpSync(join(root, 'docs'), join(clone, 'docs'), { recursive: true });
  const env = { UMPIRE_ROOT: '' };
  const r = umpire(['rules', 'great-war', 'coverage', '--summary'], { cwd: clone, env });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /No test run here: the statuses are the rule book's snapshot of the last whole test run/);
  assert.match(r.stdout, /clause index docs\/great-war\/clauses\.md/);
  const book = bookFile('great-war');
  const c = book.counts;
  assert.match(r.stdout, new RegExp(`^total ${c.total}, tested ${c.tested} \\(.*\\), decided ${c.decided} .*open ${c.open + c.failing}$`, 'm'));
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  assert.match(readme, new RegExp(`${c.tested} of the rule book's ${c.total} clauses are played out in tests, and the other ${c.total - c.tested} are decided`));
  assert.equal(c.open + c.failing, 0, 'the README says every clause is tested or decided');
});

test('a seats file that names bot:general makes the bot play that seat; adjudicate names the seats that sent nothing and how to fill them', () => {
  const dir = tmp();
  const game = join(dir, 'g');
  writeFileSync(join(dir, 'seats.json'), JSON.stringify({ germany: 'bot:general', britain: 'anna@example.org' }));
  const created = umpire(['new', 'great-war', '--game', game, '--seats', join(dir, 'seats.json')]);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /germany \(bot general\), .*britain \(anna@example\.org\)/);
  assert.match(created.stdout, /Played by bots when the step is adjudicated: germany \(general\)\./);
  const adj = umpire(['adjudicate', game, '--no-map']);
  assert.equal(adj.code, 0, adj.stderr);
  assert.match(adj.stdout, /^No orders from austria-hungary, russia, france, britain, .*usa in step t1\.orders: their empty orders stand/);
  assert.match(adj.stdout, /umpire orders .* austria-hungary FILE/);
  assert.match(adj.stdout, /\{"austria-hungary": "bot:general"\}, or umpire new --bot general/);
  const record = JSON.parse(readFileSync(join(game, 'record.json'), 'utf8')) as { steps: { submissions: { seat: string; source: string; orders: { orders?: unknown[] } }[] }[] };
  const germany = record.steps[0]!.submissions.find((s) => s.seat === 'germany')!;
  assert.equal(germany.source, 'bot');
  assert.ok(JSON.stringify(germany.orders).length > 50, 'the general gave Germany orders');
  assert.equal(record.steps[0]!.submissions.find((s) => s.seat === 'britain')!.source, 'default');

  // --bot fills every seat the file leaves out; the notice is gone when no person is missing.
  writeFileSync(join(dir, 'one.json'), JSON.stringify([{ id: 'britain', player: 'anna@example.org' }]));
  const all = umpire(['new', 'great-war', '--game', join(dir, 'g2'), '--seats', join(dir, 'one.json'), '--bot', 'general']);
  assert.equal(all.code, 0, all.stderr);
  assert.match(all.stdout, /Still to send orders: britain\./);
  // An unknown bot is refused with the closest name, and no game is made.
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ france: 'bot:generl' }));
  const bad = umpire(['new', 'great-war', '--game', join(dir, 'g3'), '--seats', join(dir, 'bad.json')]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /bad\.json: \$\.france: no bot 'generl' for great-war; .*\(did you mean 'bot:general'\?\)/);
});
