#!/usr/bin/env node
// Runs every compiled test file of the workspace with node's test runner. Results go to the terminal
// (spec reporter) and to .umpire/test-results.json, which the rules-coverage command and scripts/rule-books.mjs read.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServices } from './services/index.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...testFiles(path));
    else if (name.endsWith('.test.js')) out.push(path);
  }
  return out;
}

const packages = readdirSync(join(root, 'packages'));
const files = packages
  .filter((p) => only.length === 0 || only.includes(p))
  .flatMap((p) => testFiles(join(root, 'packages', p, 'dist', 'test')))
  .sort();
if (files.length === 0) {
  console.error('No compiled tests found: run `npm run build` first.');
  process.exit(1);
}
mkdirSync(join(root, '.umpire'), { recursive: true });
// The server's tests need PostgreSQL and Dovecot, the web client's Chromium: started here (and installed when missing)
// unless only other packages run. The lab's queue test needs PostgreSQL too.
const services = only.length === 0 || only.includes('server') || only.includes('web') || only.includes('lab') ? await ensureServices() : {};
// When only some packages are run, the other packages keep their results from the last run.
function previousResults() {
  try {
    return JSON.parse(readFileSync(join(root, '.umpire', 'test-results.json'), 'utf8')).tests ?? [];
  } catch {
    return [];
  }
}
const previous = previousResults();
const resultsFile = join(root, '.umpire', 'test-results.json');
// Written under another name while the run lasts, so a reader never sees half a file.
const partialFile = join(root, '.umpire', `test-results.${process.pid}.partial.json`);
const run = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(root, 'scripts', 'results-reporter.mjs')}`,
    `--test-reporter-destination=${partialFile}`,
    ...files,
  ],
  { stdio: 'inherit', cwd: root, env: { ...process.env, ...services, UMPIRE_ROOT: root } },
);
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const fresh = JSON.parse(readFileSync(partialFile, 'utf8'));
  const kept = only.length ? previous.filter((t) => !only.some((p) => t.file.startsWith(`packages/${p}/`))) : [];
  writeFileSync(partialFile, JSON.stringify({ ...fresh, tests: [...kept, ...fresh.tests] }, null, 1));
  renameSync(partialFile, resultsFile);
  const tests = fresh.tests;
  for (const t of tests) {
    if (t.kind === 'suite') continue;
    if (t.status === 'passed') passed++;
    else if (t.status === 'failed') failed++;
    else skipped++;
  }
} catch {
  failed = Math.max(failed, 1);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
// After a whole run that passed, the rule books (packages/<ruleset>/data/rule-book.json, whose statuses come from a
// run) must say what this run says: run `node scripts/rule-books.mjs` and commit them when they do not.
let books = 0;
if (only.length === 0 && run.status === 0 && failed === 0) {
  books = spawnSync(process.execPath, [join(root, 'scripts', 'rule-books.mjs'), '--check'], { stdio: 'inherit', cwd: root }).status ?? 1;
}
process.exit(run.status === 0 && failed === 0 && books === 0 ? 0 : 1);
