import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { autoplay, botNamed, botNames, buildTurnReport, closestName, fuzz, renderTurnReport } from '@umpire/engine';
import { openNext, writeReports } from './game-turns.js';
import { progressBar } from './progress.js';
import { CliError, getRuleset } from './rulesets.js';
import { saveRecord } from './store.js';

/**
 * The commands where bots play: `umpire autoplay` plays a game into a directory, `umpire fuzz` plays many games of
 * random legal orders and reports what breaks.
 */
export function registerPlayCommands(program: Command, out: (text: string) => void): void {
  program
    .command('autoplay')
    .description("play a game with bots on every seat (the ruleset's default bot unless --bot names another)")
    .argument('<ruleset>', 'the game')
    .requiredOption('--game <dir>', 'the game directory to write')
    .requiredOption('--turns <n>', 'how many turns to play', (v) => Number(v))
    .requiredOption('--seed <seed>', 'the seed: the same seed plays the same game')
    .option('--scenario <name>', 'the scenario')
    .option('--json', 'print {turns, finalStateHash, verdict}')
    .option('--fresh', 'replace a game already in the directory')
    .option('--report', 'print the umpire report of the last turn')
    .option('--bot <name>', "the bot on every seat: 'default' (the ruleset's own), 'random' (random legal play) or a bot the ruleset names", 'default')
    .action((rulesetId: string, o: { game: string; turns: number; seed: string; scenario?: string; json?: boolean; fresh?: boolean; report?: boolean; bot: string }) => {
      const ruleset = getRuleset(rulesetId);
      const bot = botNamed(ruleset, o.bot);
      if (!bot) {
        const names = ['default', ...botNames(ruleset)];
        const near = closestName(o.bot, names);
        throw new CliError(`no bot '${o.bot}' for ${ruleset.id}${near ? ` (did you mean '${near}'?)` : ''}; there are ${names.join(', ')}`, 2);
      }
      if (!Number.isInteger(o.turns) || o.turns < 1) throw new CliError('--turns takes a whole number from 1 up', 2);
      const dir = resolve(o.game);
      if (existsSync(join(dir, 'record.json'))) {
        if (!o.fresh) throw new CliError(`${o.game} already holds a game; use --fresh to replace it`);
        for (const f of ['record.json', 'secrets.json', 'reports', 'inbox']) rmSync(join(dir, f), { recursive: true, force: true });
      }
      const bar = o.json ? undefined : progressBar(o.turns, `Autoplay ${ruleset.id}`);
      const result = autoplay(ruleset, {
        seed: o.seed,
        turns: o.turns,
        bot,
        ...(o.scenario ? { scenario: o.scenario } : {}),
        onStep: (_g, stepId) => bar?.update(Number(/^t(\d+)/.exec(stepId)?.[1] ?? 0), stepId),
      });
      bar?.stop();
      mkdirSync(dir, { recursive: true });
      const turns = new Set(result.game.record.steps.map((s) => s.turn));
      const game = openNext(dir, ruleset, result.game, new Set());
      saveRecord(dir, game.record);
      writeReports(dir, ruleset, game.record, turns);
      if (o.json) out(JSON.stringify({ turns: result.turns, finalStateHash: result.finalStateHash, verdict: result.verdict }));
      else {
        if (o.report && turns.size) out(renderTurnReport(buildTurnReport(ruleset, game.record, { turn: Math.max(...turns) }), 'text'));
        out(`Played ${result.turns} turn${result.turns === 1 ? '' : 's'} of ${ruleset.title} in ${o.game}: ${result.verdict.replace(/\.$/, '')}.\nFinal state hash: ${result.finalStateHash}\nCheck it with: umpire verify ${o.game}`);
      }
    });

  program
    .command('fuzz')
    .description('play random legal orders and report crashes, dead ends, refused legal orders, broken invariants and replay mismatches')
    .argument('<ruleset>', 'the game')
    .requiredOption('--games <n>', 'how many games', (v) => Number(v))
    .requiredOption('--seed <seed>', 'the seed')
    .option('--turns <n>', 'turns per game', (v) => Number(v), 8)
    .option('--json', 'print the report as JSON')
    .action((rulesetId: string, o: { games: number; seed: string; turns: number; json?: boolean }) => {
      const ruleset = getRuleset(rulesetId);
      if (!Number.isInteger(o.games) || o.games < 1) throw new CliError('--games takes a whole number from 1 up', 2);
      const bar = o.json ? undefined : progressBar(o.games, `Fuzzing ${ruleset.id}`);
      const report = fuzz(ruleset, { games: o.games, seed: o.seed, maxTurns: o.turns, onGame: (done, failures) => bar?.update(done, failures ? `${failures} failure(s)` : '') });
      bar?.stop();
      if (o.json) out(JSON.stringify(report, null, 2));
      else {
        out(`${report.games} game${report.games === 1 ? '' : 's'}, ${report.steps} steps of random legal play: ${report.failures.length ? `${report.failures.length} failure(s)` : 'no failures'}.`);
        for (const f of report.failures) out(`- game ${f.game} (seed '${f.seed}')${f.step ? ` at ${f.step}` : ''}: ${f.kind}: ${f.message}`);
      }
      if (report.failures.length) process.exitCode = 1;
    });
}
