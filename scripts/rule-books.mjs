#!/usr/bin/env node
// Writes each installed ruleset's rule book, packages/<ruleset>/data/rule-book.json: its rules from the docs (the clause
// index docs/<ruleset>/clauses.md, the base rules docs/<ruleset>/base-rules.md, the decisions of docs/<ruleset>/),
// each with its status and tests from a test run (.umpire/test-results.json, written by `npm test`). The file is
// checked in: the CLI, the server and the web client read it and never the docs. Run after `npm run build`:
//
//   node scripts/rule-books.mjs            rebuild every book from the docs and the last test run
//   node scripts/rule-books.mjs --docs     rebuild from the docs only, keeping each rule's tests from the book as it is
//   node scripts/rule-books.mjs --check    exit 1, naming what differs, when a book is not what the docs and the run make
//
// `npm test` runs the check after a whole run (scripts/run-tests.mjs), so CI fails when a book falls out of step.
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
    stale++;
    const before = now ? JSON.parse(now) : { rules: [] };
    const was = new Map(before.rules.map((r) => [r.id, r]));
    const changed = book.rules.filter((r) => JSON.stringify(r) !== JSON.stringify(was.get(r.id))).map((r) => `${r.id} (${was.get(r.id)?.status ?? 'new'} → ${r.status})`);
    console.error(`rule-books: packages/${id}/data/rule-book.json is out of step with the docs and the last test run: ${changed.slice(0, 12).join(', ') || 'parts or decisions'}${changed.length > 12 ? ` and ${changed.length - 12} more` : ''}`);
    continue;
  }
  if (now !== text) writeFileSync(file, text);
  console.log(`rule-books: packages/${id}/data/rule-book.json ${now === text ? 'unchanged' : 'written'} (${summary})`);
}
if (stale) {
  console.error('Run `node scripts/rule-books.mjs` after a whole `npm test` and commit the books.');
  process.exit(1);
}
