#!/usr/bin/env node
// Writes each installed ruleset's rule book, packages/<ruleset>/data/rule-book.json: its rules from the docs (the clause
// index docs/<ruleset>/clauses.md, the base rules docs/<ruleset>/base-rules.md, the decisions of docs/<ruleset>/),
// each with its status and tests from a test run (.umpire/test-results.json, written by `npm test`). The file is
// checked in: the CLI, the server and the web client read it and never the docs. Run after `npm run build`:
//
//   node scripts/rule-books.mjs            rebuild every book from the docs and the last test run
//   node scripts/rule-books.mjs --docs     rebuild from the docs only, keeping each rule's tests from the book as it is
//   node scripts/rule-books.mjs --check    exit 1, naming them, when a book claims rules the docs and the run do not back
//
// `npm test` runs the check after a whole run (scripts/run-tests.mjs): CI fails when a book claims more than the run shows;
// a book behind the run (tests added since) passes with a note to write it again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const docsOnly = args.includes('--docs');
const unknown = args.filter((a) => !['--check', '--docs'].includes(a));
if (unknown.length) {
  console.error(`rule-books: unknown argument ${unknown.join(' ')}; takes --check or --docs`);
  process.exit(2);
}

const built = join(root, 'packages', 'cli', 'dist', 'src', 'rule-book-build.js');
if (!existsSync(built)) {
  console.error('rule-books: build first (`npm run build`)');
  process.exit(2);
}
const { buildRuleBook } = await import(built);
const { installed } = await import(join(root, 'packages', 'rulesets', 'dist', 'src', 'index.js'));

const resultsFile = join(root, '.umpire', 'test-results.json');
const STATUS_FROM = 'the last whole test run (npm test), as scripts/rule-books.mjs wrote them';

/** The tests a book is built from: the last run's, or for --docs those the book holds now. */
function testsFor(file) {
  if (!docsOnly) {
    if (!existsSync(resultsFile)) {
      console.error('rule-books: no test results (.umpire/test-results.json): run `npm test` first, or pass --docs');
      process.exit(2);
    }
    return JSON.parse(readFileSync(resultsFile, 'utf8')).tests.filter((t) => t.kind !== 'suite');
  }
  if (!existsSync(file)) return [];
  const seen = new Map();
  for (const rule of JSON.parse(readFileSync(file, 'utf8')).rules) {
    for (const t of rule.tests) seen.set(t.title, { fullName: t.title, status: t.passed ? 'passed' : 'failed' });
  }
  return [...seen.values()];
}

let stale = 0;
for (const tools of installed) {
  const id = tools.ruleset.id;
  if (!existsSync(join(root, 'docs', id, 'clauses.md'))) continue;
  const file = join(root, 'packages', id, 'data', 'rule-book.json');
  const book = buildRuleBook(root, id, tools.ruleset.title, testsFor(file), STATUS_FROM);
  const text = `${JSON.stringify(book, null, 1)}\n`;
  const now = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const c = book.counts;
  const summary = `${c.total} rules, ${c.tested} tested, ${c.decided} decided, ${c.open + c.failing} open`;
  if (check) {
    if (now === text) {
      console.log(`rule-books: packages/${id}/data/rule-book.json is in step (${summary})`);
      continue;
    }
    // A book may lag behind the run (tests added since it was written: it says less than is true), never claim more
    // than the run shows: a rule it calls tested or decided must be so now, and every test it lists must have passed.
    const before = now ? JSON.parse(now) : { rules: [] };
    const fresh = new Map(book.rules.map((r) => [r.id, r]));
    const rank = { failing: 0, open: 0, decided: 1, tested: 2 };
    const overstated = [];
    for (const r of before.rules) {
      const n = fresh.get(r.id);
      if (!n) {
        overstated.push(`${r.id} (no longer a rule of the docs)`);
        continue;
      }
      const passedNow = new Set(n.tests.filter((t) => t.passed).map((t) => t.title));
      const lost = r.tests.filter((t) => t.passed && !passedNow.has(t.title));
      if ((rank[r.status] ?? 0) > (rank[n.status] ?? 0) || lost.length) overstated.push(`${r.id} (${r.status} → ${n.status})`);
    }
    const behind = book.rules.filter((r) => JSON.stringify(r) !== JSON.stringify(before.rules.find((b) => b.id === r.id))).length;
    if (!overstated.length) {
      console.log(`rule-books: packages/${id}/data/rule-book.json says less than this run (${behind} rules behind): run \`node scripts/rule-books.mjs\` and commit it`);
      continue;
    }
    stale++;
    const list = `${overstated.slice(0, 12).join(', ')}${overstated.length > 12 ? ` and ${overstated.length - 12} more` : ''}`;
    console.error(`rule-books: packages/${id}/data/rule-book.json claims more than the docs and the last test run: ${list}`);
    continue;
  }
  if (now !== text) writeFileSync(file, text);
  console.log(`rule-books: packages/${id}/data/rule-book.json ${now === text ? 'unchanged' : 'written'} (${summary})`);
}
if (stale) {
  console.error('Run `node scripts/rule-books.mjs` after a whole `npm test` and commit the books.');
  process.exit(1);
}
