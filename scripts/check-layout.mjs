#!/usr/bin/env node
// The layout rules of docs/architecture.md, run by `npm test` before the tests:
// - no import cycle and layers that point only down (dependency-cruiser, .dependency-cruiser.cjs); the violations
//   known when the rules came in are listed in .dependency-cruiser-known-violations.json and may only go away;
// - no source file over 500 lines (ESLint's max-lines, eslint.config.js); the files over it when the rule came in
//   are listed in scripts/long-files.json with their size, may not grow, and must leave the list once split;
// - at most 25 files at the top of a package's src.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const problems = [];

const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
try {
  execFileSync(depcruise, ['packages/*/src', '--config', '.dependency-cruiser.cjs', '--ignore-known', '--output-type', 'err'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
} catch (e) {
  problems.push(`import rules broken (dependency-cruiser):\n${e.stdout || e.message}`);
}

const MAX_LINES = 500;
const MAX_FLAT = 25;
const longFiles = JSON.parse(readFileSync(join(root, 'scripts', 'long-files.json'), 'utf8')).files;
const sources = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
let over = 0;
for (const pkg of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', pkg, 'src');
  try {
    statSync(src);
  } catch {
    continue;
  }
  const flat = readdirSync(src).filter((n) => /\.tsx?$/.test(n)).length;
  if (flat > MAX_FLAT) problems.push(`packages/${pkg}/src has ${flat} files at its top (at most ${MAX_FLAT}): give them folders`);
  for (const file of sources(src)) {
    const rel = file.slice(root.length);
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    const allowed = longFiles[rel];
    if (lines > MAX_LINES) over++;
    if (allowed === undefined) continue;
    if (lines <= MAX_LINES) problems.push(`${rel} has ${lines} lines now: take it out of scripts/long-files.json`);
    else if (lines > allowed) problems.push(`${rel} grew from ${allowed} to ${lines} lines: it is over ${MAX_LINES}, split it instead`);
  }
}
for (const rel of Object.keys(longFiles)) {
  try {
    statSync(join(root, rel));
  } catch {
    problems.push(`${rel} is listed in scripts/long-files.json but no longer exists: take it out`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`layout: no new import cycle or upward import; ${over} files over ${MAX_LINES} lines, all of them known and none grown.`);
