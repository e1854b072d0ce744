#!/usr/bin/env node
// The layout rules of docs/architecture.md, run by `npm test` before the tests:
// - no import cycle (type imports included), and layers that point only down: a ruleset's rules never import its odds
//   tools, views or bots, the engine imports no other package, and the programs (CLI, server, web, lab) take rulesets
//   from @umpire/rulesets alone (dependency-cruiser, .dependency-cruiser.cjs);
// - no source file over 500 lines (ESLint's max-lines in eslint.config.js, and here);
// - at most 25 files at the top of a package's src;
// - no line over 140 characters in a package's src and test (Prettier formats the packages it covers).
// What the code still breaks when the rules came in is listed in scripts/layout-baseline.json, and may only shrink:
// the number of files in cycles, the upward imports, the long files with their size, each package's lines over 140
// characters. When the code gets better the check fails until the baseline is lowered to match, so that it never
// slides back; for the long lines it only says so, as lines are wrapped a few at a time.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const baseline = JSON.parse(readFileSync(join(root, 'scripts', 'layout-baseline.json'), 'utf8'));
const problems = [];
const MAX_LINES = 500;
const MAX_FLAT = 25;

// Imports, by dependency-cruiser.
const cruise = JSON.parse(
  execFileSync(join(root, 'node_modules', '.bin', 'depcruise'), ['packages/*/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }),
);
const violations = cruise.summary.violations;
const inCycles = new Set(violations.filter((v) => v.rule.name === 'no-circular').flatMap((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)]));
if (inCycles.size > baseline.filesInCycles) {
  const cycles = violations.filter((v) => v.rule.name === 'no-circular').map((v) => `  ${v.from} → ${(v.cycle ?? []).map((c) => c.name).join(' → ')}`);
  problems.push(`${inCycles.size} source files are in import cycles, more than the ${baseline.filesInCycles} of scripts/layout-baseline.json:\n${cycles.slice(0, 20).join('\n')}`);
} else if (inCycles.size < baseline.filesInCycles) {
  problems.push(`${inCycles.size} source files are in import cycles now: lower filesInCycles in scripts/layout-baseline.json from ${baseline.filesInCycles} to ${inCycles.size}`);
}
const known = new Set(baseline.upwardImports);
const upward = violations.filter((v) => v.rule.name !== 'no-circular').map((v) => `${v.from} -> ${v.to}`);
for (const u of upward) if (!known.has(u)) problems.push(`an import against the layers (${violations.find((v) => `${v.from} -> ${v.to}` === u).rule.name}): ${u}`);
for (const k of known) if (!upward.includes(k)) problems.push(`the import ${k} is gone: take it out of upwardImports in scripts/layout-baseline.json`);

// Sizes and folders.
const sources = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
let over = 0;
const seen = new Set();
const notes = [];
const MAX_WIDTH = 140;
const longLines = {};
for (const pkg of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', pkg, 'src');
  if (!statSync(join(root, 'packages', pkg)).isDirectory() || !readdirSync(join(root, 'packages', pkg)).includes('src')) continue;
  const flat = readdirSync(src).filter((n) => /\.tsx?$/.test(n)).length;
  if (flat > MAX_FLAT) problems.push(`packages/${pkg}/src has ${flat} files at its top (at most ${MAX_FLAT}): give them folders`);
  const tests = join(root, 'packages', pkg, 'test');
  const wide = [...sources(src), ...(readdirSync(join(root, 'packages', pkg)).includes('test') ? sources(tests) : [])]
    .reduce((n, file) => n + readFileSync(file, 'utf8').split('\n').filter((line) => line.length > MAX_WIDTH).length, 0);
  longLines[`packages/${pkg}`] = wide;
  const wideAllowed = baseline.longLines[`packages/${pkg}`] ?? 0;
  if (wide > wideAllowed) {
    problems.push(`packages/${pkg} has ${wide} lines over ${MAX_WIDTH} characters in src and test, more than the ${wideAllowed} of longLines in scripts/layout-baseline.json: wrap the new ones`);
  } else if (wide < wideAllowed) notes.push(`packages/${pkg} has ${wide} lines over ${MAX_WIDTH} characters now: longLines in scripts/layout-baseline.json may go down from ${wideAllowed}`);
  for (const file of sources(src)) {
    const rel = file.slice(root.length);
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    const allowed = baseline.longFiles[rel];
    seen.add(rel);
    if (lines > MAX_LINES) over++;
    if (allowed === undefined) {
      if (lines > MAX_LINES) problems.push(`${rel} has ${lines} lines, over ${MAX_LINES}: split it`);
    } else if (lines <= MAX_LINES) problems.push(`${rel} has ${lines} lines now: take it out of longFiles in scripts/layout-baseline.json`);
    else if (lines > allowed) problems.push(`${rel} grew from ${allowed} to ${lines} lines: it is over ${MAX_LINES}, split it instead`);
  }
}
for (const rel of Object.keys(baseline.longFiles)) if (!seen.has(rel)) problems.push(`${rel} is in longFiles of scripts/layout-baseline.json but no longer exists: take it out`);

if (notes.length) console.log(notes.join('\n'));
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `layout: ${inCycles.size} files in import cycles, ${upward.length} imports against the layers, ${over} files over ${MAX_LINES} lines, ` +
    `${Object.values(longLines).reduce((a, b) => a + b, 0)} lines over ${MAX_WIDTH} characters: ` +
    'none more than scripts/layout-baseline.json allows.',
);
