import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');

test('a reader that closes the pipe early (| head) ends the command quietly, with no stack trace', async () => {
  const child = spawn(process.execPath, [bin, 'data', 'show', 'vernian', 'hexes', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Read the first chunk, then close our end, as `head -1` does.
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  assert.equal(stderr, '');
  assert.equal(code, 0);
});
