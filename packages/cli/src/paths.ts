import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root: UMPIRE_ROOT, else the nearest folder up from here whose package.json is Umpire's. */
export function projectRoot(): string {
  if (process.env.UMPIRE_ROOT) return resolve(process.env.UMPIRE_ROOT);
  for (const start of [process.cwd(), dirname(fileURLToPath(import.meta.url))]) {
    let dir = resolve(start);
    for (;;) {
      const pkg = join(dir, 'package.json');
      if (existsSync(pkg)) {
        try {
          if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'umpire') return dir;
        } catch {
          /* not ours */
        }
      }
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
}
