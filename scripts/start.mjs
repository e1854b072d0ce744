#!/usr/bin/env node
// `npm start`: build when the build is missing or older than the sources, then run `umpire serve` (with any arguments
// given after `npm start --`). A start with a build in step begins serving at once.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'packages', 'cli', 'dist', 'src', 'main.js');
// The last things `npm run build` writes: the CLI's program and the web client's page.
const outputs = [main, join(root, 'packages', 'web', 'dist', 'client', 'index.html')];

/** The newest modification time of the files under `path` (0 when there is none). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Why the build is not in step with the sources, or undefined when it is: a package whose sources changed after its
 * own build output last did (each package by itself, since a build leaves a package whose sources did not change as
 * it was).
 */
function staleBecause() {
  const missing = outputs.find((f) => !existsSync(f));
  if (missing) return `${missing.slice(root.length + 1)} is missing`;
  for (const pkg of readdirSync(join(root, 'packages'))) {
    const built = newest(join(root, 'packages', pkg, 'dist'));
    for (const part of ['src', 'data', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
      if (newest(join(root, 'packages', pkg, part)) > built) return `packages/${pkg}/${part} changed since the last build`;
    }
  }
  return undefined;
}

const stale = staleBecause();
if (stale) {
  console.log(`Building first: ${stale}.`);
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
process.argv = [process.argv[0], main, 'serve', ...process.argv.slice(2)];
await import(main);
