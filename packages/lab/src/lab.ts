import { readFileSync } from 'node:fs';
import { formatProblems } from '@umpire/engine';
import { describeOverride, readOverrides } from './overrides.js';
import { WorkerPool } from './pool.js';
import { playOnQueue, startLabWorker, type QueueConnection } from './queue.js';
import { writeReport } from './report.js';
import { buildFingerprint, labBot, LabError, labOf, type GameSpec, type GameSummary } from './runner.js';
import { summarise, type LabSummary, type RunSettings } from './stats.js';
import { RunDirectory, runId } from './store.js';

export interface LabOptions {
  /** The run's settings; without a scenario, the ruleset's default scenario. */
  readonly settings: Omit<RunSettings, 'scenario' | 'build'> & { readonly scenario?: string };
  readonly games: number;
  /** The output directory (games.jsonl, run.json and the report). */
  readonly out: string;
  /** Worker threads on this machine; with a queue, 0 leaves the games to the lab workers elsewhere. */
  readonly workers: number;
  readonly queue?: QueueConnection;
  /** summary.json of another run, put beside this one in the report. */
  readonly compare?: string;
  /** Called as games end: games done (of this run, including those of earlier attempts), of `games`. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Stop early (Ctrl-C): the games played are kept and the report is written from them. */
  readonly signal?: AbortSignal;
  /** While games are played, write the report from the games so far this often (default every minute; 0: only at the end). */
  readonly refreshMs?: number;
}

export interface LabOutcome {
  readonly summary: LabSummary;
  readonly files: readonly string[];
  /** Games played now, and games found already played (games.jsonl). */
  readonly played: number;
  readonly skipped: number;
  readonly interrupted: boolean;
}

/** Read a summary.json to compare with, with a clear error when it is not one. */
export function readSummary(file: string): LabSummary {
  let s: LabSummary;
  try {
    s = JSON.parse(readFileSync(file, 'utf8')) as LabSummary;
  } catch (e) {
    throw new LabError(`--compare ${file}: ${(e as Error).message}`);
  }
  if (!s || !Array.isArray(s.wins) || !s.settings) throw new LabError(`--compare ${file}: not a summary.json of the lab (no wins or settings)`);
  if (!s.milestones || !s.series) throw new LabError(`--compare ${file}: a summary.json of an older lab (no milestones or series); run that run again with this build`);
  return s;
}

/**
 * A balance run: play the games not yet in `out` (in worker threads here, or through the queue), append each summary
 * to games.jsonl as it ends, and write the report from every game of the run.
 */
export async function runLab(o: LabOptions): Promise<LabOutcome> {
  const { ruleset } = labOf(o.settings.ruleset);
  const settings: RunSettings = { ...o.settings, scenario: o.settings.scenario ?? ruleset.defaultScenario, build: buildFingerprint(o.settings.ruleset) };
  if (!Number.isInteger(o.games) || o.games < 1) throw new LabError('--games takes a whole number from 1 up');
  if (!Number.isInteger(settings.turns) || settings.turns < 1) throw new LabError('--turns takes a whole number from 1 up');
  if (!Number.isInteger(o.workers) || o.workers < 0 || (o.workers === 0 && !o.queue)) throw new LabError('--workers takes a whole number from 1 up (0 only with --queue)');
  labBot(ruleset, settings.bot);
  if (!ruleset.scenarios.includes(settings.scenario)) throw new LabError(`${ruleset.id} has no scenario '${settings.scenario}'; its scenarios: ${ruleset.scenarios.join(', ')}`);
  const read = readOverrides(settings.ruleset, settings.set, settings.scenario);
  if (!read.ok) throw new LabError(formatProblems(read.error));
  const { files: dataFiles } = read.value;
  const compare = o.compare ? readSummary(o.compare) : undefined;
  const dir = new RunDirectory(o.out, settings);
  const done = dir.done();
  const skipped = [...done.keys()].filter((g) => g < o.games).length;
  const specs: GameSpec[] = [];
  for (let game = 0; game < o.games; game++) {
    if (!done.has(game)) specs.push({ ruleset: settings.ruleset, scenario: settings.scenario, seed: settings.seed, game, bot: settings.bot, turns: settings.turns, ...(Object.keys(settings.options).length ? { options: settings.options } : {}) });
  }
  let played = 0;
  const onSummary = (s: GameSummary) => {
    if (done.has(s.game)) return;
    done.set(s.game, s);
    dir.append(s);
    played++;
    o.onProgress?.(skipped + played, o.games);
  };
  o.onProgress?.(skipped, o.games);
  const overrides = read.value.overrides.map(describeOverride);
  const report = () => {
    const games = [...done.values()].filter((s) => s.game < o.games);
    const summary = summarise(settings, overrides, games);
    return { summary, files: writeReport(o.out, summary, compare), complete: games.length === o.games };
  };
  let reported = played;
  const refresh = (o.refreshMs ?? 60_000) > 0 ? setInterval(() => {
    if (played === reported) return;
    reported = played;
    report();
  }, o.refreshMs ?? 60_000) : undefined;
  try {
    if (specs.length) await play();
  } finally {
    clearInterval(refresh);
  }
  const { summary, files, complete } = report();
  return { summary, files, played, skipped, interrupted: !complete };

  async function play(): Promise<void> {
    if (o.queue) {
      const worker = o.workers > 0 ? await startLabWorker({ ...o.queue, threads: o.workers }) : undefined;
      try {
        await playOnQueue(o.queue, runId(settings), dataFiles, specs, onSummary, o.signal ? { signal: o.signal } : {});
      } finally {
        await worker?.stop();
      }
    } else {
      const pool = new WorkerPool(Math.min(o.workers, specs.length), dataFiles);
      const stop = () => void pool.close();
      o.signal?.addEventListener('abort', stop);
      try {
        await Promise.all(specs.map((spec) => pool.play(spec).then(onSummary, (e: Error) => {
          if (!o.signal?.aborted) throw e;
        })));
      } finally {
        o.signal?.removeEventListener('abort', stop);
        await pool.close();
      }
    }
  }
}
