import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_SCHEMA, defaultWorkers, LabError, labOf, labRulesets, runLab, startLabWorker, type QueueConnection } from '@umpire/lab';
import { progressBar } from './progress.js';
import { collect, CliError, parseOptionPairs, wholeNumber } from './rulesets.js';

const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
};

/** Ctrl-C aborts the signal once (the games played are kept); a second Ctrl-C quits at once. */
function interruptible(): { signal: AbortSignal; dispose(): void } {
  const ctl = new AbortController();
  const onSigint = () => {
    if (ctl.signal.aborted) process.exit(130);
    process.stderr.write('\nStopping: the games played are kept in games.jsonl; Ctrl-C again to quit at once.\n');
    ctl.abort();
  };
  process.on('SIGINT', onSigint);
  return { signal: ctl.signal, dispose: () => process.off('SIGINT', onSigint) };
}

const queueOf = (url: string | undefined, schema: string | undefined): QueueConnection | undefined => (url ? { url, ...(schema ? { schema } : {}) } : undefined);

/** `umpire lab` and `umpire lab-worker`: the balance lab (docs/lab.md). */
export function registerLabCommands(program: Command): void {
  program
    .command('lab')
    .description('play many bot games (worker threads, or a job queue in PostgreSQL) and write a balance report with charts (docs/lab.md)')
    .argument('<ruleset>', `the game (${labRulesets().join(', ')})`)
    .requiredOption('--games <n>', 'how many games', wholeNumber('--games', 1))
    .requiredOption('--seed <seed>', 'the seed: game i plays with <seed>/i, so a run replays exactly')
    .option('--turns <n>', 'turns per game at most', wholeNumber('--turns', 1), 26)
    .option('--bot <name>', "the bot on every seat ('default': the ruleset's own bot, else random legal play)", 'default')
    .option('--scenario <name>', "the scenario (default: the ruleset's own)")
    .option('--option <key=value>', 'an optional rule or setting (repeatable)', collect, [])
    .option('--set <file:path=value>', `change a number of the data (repeatable), e.g. ${labRulesets().map((id) => `${labOf(id).lab.data.example} (${id})`).join(', ')}`, collect, [])
    .option('--out <dir>', 'the output directory (default: lab/<ruleset>-<seed>)')
    .option('--workers <n>', `worker threads (default ${defaultWorkers()}; with --queue, 0 leaves the games to lab workers)`, wholeNumber('--workers', 0))
    .option('--queue <url>', 'spread the games over machines: a PostgreSQL URL whose pg-boss queue `umpire lab-worker` serves')
    .option('--queue-schema <name>', 'the schema of the queue and its tables', DEFAULT_SCHEMA)
    .option('--compare <summary.json>', "another run's summary.json, put beside this one")
    .action(async (rulesetId: string, o: { games: number; seed: string; turns: number; bot: string; scenario?: string; option: string[]; set: string[]; out?: string; workers?: number; queue?: string; queueSchema?: string; compare?: string }) => {
      const out = resolve(o.out ?? `lab/${rulesetId}-${o.seed.replace(/[^\w.-]+/g, '_')}`);
      const bar = progressBar(o.games, `Playing ${o.games} ${rulesetId} game${o.games === 1 ? '' : 's'}`);
      const started = Date.now();
      let first: number | undefined;
      const stop = interruptible();
      try {
        const outcome = await runLab({
          settings: { ruleset: rulesetId, ...(o.scenario ? { scenario: o.scenario } : {}), seed: o.seed, bot: o.bot, turns: o.turns, options: parseOptionPairs(o.option), set: o.set },
          games: o.games,
          out,
          workers: o.workers ?? defaultWorkers(),
          ...(o.queue ? { queue: queueOf(o.queue, o.queueSchema)! } : {}),
          ...(o.compare ? { compare: o.compare } : {}),
          signal: stop.signal,
          onProgress(done, total) {
            first ??= done;
            const now = done - first;
            const eta = now > 0 && done < total ? `ETA ${duration(((Date.now() - started) / now) * (total - done))}` : '';
            bar.update(done, eta);
          },
        });
        bar.stop();
        const s = outcome.summary;
        const lines = [
          `${outcome.played} game${outcome.played === 1 ? '' : 's'} played${outcome.skipped ? `, ${outcome.skipped} already in games.jsonl` : ''} in ${duration(Date.now() - started)}${outcome.interrupted ? ' (stopped early: the report covers the games played)' : ''}.`,
          ...s.wins.map((w) => `  ${w.winner.padEnd(12)} ${String(w.count).padStart(4)}/${w.of}  ${(w.rate * 100).toFixed(1)}% (95% CI ${(w.low * 100).toFixed(1)}–${(w.high * 100).toFixed(1)}%)`),
          ...(s.errors.length ? [`${s.errors.length} game(s) crashed: see the report.`] : []),
          `Report: ${out}/report.html (also report.md, ${outcome.files.filter((f) => f.endsWith('.svg')).join(', ')}, summary.json)`,
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
        if (outcome.interrupted) process.exitCode = 130;
      } catch (e) {
        bar.stop();
        if (e instanceof LabError) throw new CliError(e.message, 2);
        throw e;
      } finally {
        stop.dispose();
      }
    });

  program
    .command('lab-worker')
    .description("take the lab's games from a PostgreSQL job queue and play them in worker threads, until Ctrl-C (docs/lab.md)")
    .requiredOption('--queue <url>', 'the PostgreSQL URL the lab was given')
    .option('--queue-schema <name>', 'the schema of the queue and its tables', DEFAULT_SCHEMA)
    .option('--workers <n>', `worker threads (default ${defaultWorkers()})`, wholeNumber('--workers', 1))
    .action(async (o: { queue: string; queueSchema?: string; workers?: number }) => {
      const threads = o.workers ?? defaultWorkers();
      const worker = await startLabWorker({ ...queueOf(o.queue, o.queueSchema)!, threads, onGame: (s) => process.stderr.write(`game ${s.seed}: ${s.verdict}\n`) });
      process.stderr.write(`Taking the lab's games with ${threads} worker thread${threads === 1 ? '' : 's'}; Ctrl-C to stop.\n`);
      await new Promise<void>((done) => {
        process.once('SIGINT', () => done());
        process.once('SIGTERM', () => done());
      });
      await worker.stop();
      process.stderr.write(`Stopped after ${worker.played()} game${worker.played() === 1 ? '' : 's'}.\n`);
    });
}
