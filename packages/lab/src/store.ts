import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson, sha256Hex } from '@umpire/engine';
import type { GameSummary } from './runner.js';
import { LabError } from './runner.js';
import type { RunSettings } from './stats.js';

/** A run's id: the hash of its settings (the games' number aside), the same on every machine. */
export const runId = (settings: RunSettings): string => sha256Hex(canonicalJson(settings)).slice(0, 16);

/**
 * The output directory of a run: run.json (its settings) and games.jsonl (one summary a line, appended as each game
 * ends, so that nothing played is lost when the run is stopped). Opening it again with the same settings continues
 * the run; other settings are refused rather than mixed in.
 */
export class RunDirectory {
  readonly games: string;

  constructor(
    readonly dir: string,
    readonly settings: RunSettings,
  ) {
    mkdirSync(dir, { recursive: true });
    const runFile = join(dir, 'run.json');
    const mine = canonicalJson(settings);
    if (existsSync(runFile)) {
      const theirs = canonicalJson(JSON.parse(readFileSync(runFile, 'utf8')));
      if (theirs !== mine) {
        throw new LabError(`${dir} holds games of another run (${runFile}: ${theirs}); give another --out, or remove the directory to start again`);
      }
    } else writeFileSync(runFile, `${JSON.stringify(settings, null, 1)}\n`);
    this.games = join(dir, 'games.jsonl');
  }

  /** The summaries already there, by game (a line cut short by a stop is ignored: that game is played again). */
  done(): Map<number, GameSummary> {
    const out = new Map<number, GameSummary>();
    if (!existsSync(this.games)) return out;
    const text = readFileSync(this.games, 'utf8');
    // A stop in the middle of a line: what follows starts on a line of its own.
    if (text && !text.endsWith('\n')) appendFileSync(this.games, '\n');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const s = JSON.parse(line) as GameSummary;
        if (typeof s.game === 'number') out.set(s.game, s);
      } catch {
        // a line cut short
      }
    }
    return out;
  }

  append(s: GameSummary): void {
    appendFileSync(this.games, `${JSON.stringify(s)}\n`);
  }
}
