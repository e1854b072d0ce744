#!/usr/bin/env node
// Prettier over the code it formats (docs/architecture.md, "The formatter"): the packages written since the layout
// rules came in. `node scripts/format.mjs` writes them; `--check` (run by `npm run lint`) fails on a file Prettier would
// change. The older packages keep their own wrapping, held by the long-line count of scripts/check-layout.mjs; a
// package joins this list when it is next reworked whole.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const FORMATTED = [
  'packages/rulesets/src',
  'packages/rulesets/test',
  'packages/vernian/src',
  'packages/vernian/test',
  'packages/engine/src/data',
  'packages/engine/test/data',
  'packages/cartography/src/hex-svg.ts',
];

const root = new URL('..', import.meta.url).pathname;
const paths = FORMATTED.filter((p) => existsSync(join(root, p)));
const check = process.argv.includes('--check');
try {
  execFileSync(join(root, 'node_modules', '.bin', 'prettier'), [check ? '--check' : '--write', '--log-level', 'warn', ...paths], {
    cwd: root,
    stdio: 'inherit',
  });
} catch {
  console.error(check ? 'Some files are not formatted as Prettier would: run `npm run format`.' : 'Prettier failed.');
  process.exit(1);
}
if (check) console.log(`format: ${paths.length} folders as Prettier formats them.`);
