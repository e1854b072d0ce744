import { readFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Argument, Option, type Command } from 'commander';
import {
  answerDecision,
  autoplay,
  awaiting,
  botNamed,
  botNames,
  buildTurnReport,
  recordPositions,
  closestName,
  createGame,
  formatProblems,
  fuzz,
  openStep,
  renderTable,
  renderTurnReport,
  receiptOfSeat,
  resolveStep,
  stepInfo,
  submitOrders,
  type AnyRuleset,
  type Game,
  type GameRecord,
  type Json,
  type ReportFormat,
  type SeatInfo,
} from '@umpire/engine';
import { configFromEnv, startServer, type RunningServer, type ServerConfig } from '@umpire/server';
import { coverage } from './coverage.js';
import { dataCheck, dataSchemas, dataShow, SHOW_TABLES } from './data-command.js';
import { drawMap, hasMap } from './map-command.js';
import { registerLabCommands } from './lab-command.js';
import { addOddsCommand } from './odds-command.js';
import { addVerifyCommand } from './verify-command.js';
import { progressBar } from './progress.js';
import { collect, CliError, getRuleset, parseOptionPairs, rulesets } from './rulesets.js';
import { forgetRevealedSecrets, keepInInbox, loadGameDir, newSecret, readJsonFile, readSecrets, saveRecord, storeSecret } from './store.js';

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

/** A seats file: [{"id": "germany", "player": "anna@example.org"}] or {"germany": "anna@example.org"}. */
function readSeatsFile(path: string): SeatInfo[] {
  const data = readJsonFile(path, 'the seats file');
  if (Array.isArray(data)) {
    return data.map((s, i) => {
      if (typeof s !== 'object' || s === null || typeof (s as { id?: unknown }).id !== 'string') throw new CliError(`${path}: $[${i}] needs an "id" naming a seat`);
      const { id, player, bot } = s as { id: string; player?: unknown; bot?: unknown };
      return { id, ...(typeof player === 'string' ? { player } : {}), ...(typeof bot === 'string' ? { bot } : {}) };
    });
  }
  if (typeof data === 'object' && data !== null) {
    return Object.entries(data).map(([id, player]) => {
      if (typeof player !== 'string') throw new CliError(`${path}: $.${id} should be the player's address or name`);
      return player.startsWith('bot:') ? { id, bot: player.slice(4) } : { id, player };
    });
  }
  throw new CliError(`${path}: a seats file is a JSON list of {"id", "player"} or an object of seat: player`);
}

/** A dice script: a JSON list of numbers, or numbers separated by spaces, commas or new lines. */
function readDiceScript(path: string): number[] {
  const text = readFileSync(path, 'utf8');
  if (text.trim().startsWith('[')) {
    const data = readJsonFile(path, 'the dice script');
    if (!Array.isArray(data) || data.some((v) => !Number.isInteger(v) || (v as number) < 1)) throw new CliError(`${path}: a dice script is a list of whole numbers from 1 up`);
    return data as number[];
  }
  const values: number[] = [];
  text.split('\n').forEach((line, i) => {
    const body = line.replace(/#.*/, '');
    for (const m of body.matchAll(/[^\s,]+/g)) {
      const v = Number(m[0]);
      if (!Number.isInteger(v) || v < 1) throw new CliError(`${path}:${i + 1}:${(m.index ?? 0) + 1}: '${m[0]}' is not a die roll`);
      values.push(v);
    }
  });
  return values;
}

function readInput(file: string): string {
  if (file === '-') return readFileSync(0, 'utf8');
  if (!existsSync(file)) throw new CliError(`no such file: ${file}`);
  return readFileSync(file, 'utf8');
}

/** The seats of a game: the header's, then those that joined in play (a nation born mid-game), as they appeared. */
function gameSeats(record: GameRecord, current: readonly string[] = []): string[] {
  const seats = record.header.seats.map((s) => s.id);
  for (const seat of [...record.steps.flatMap((s) => s.submissions.map((x) => x.seat)), ...current]) if (!seats.includes(seat)) seats.push(seat);
  return seats;
}

function checkSeat(game: Game, seat: string | undefined, ruleset?: AnyRuleset): string | undefined {
  if (seat === undefined) return undefined;
  const seats = gameSeats(game.record, ruleset ? ruleset.turnPlan(game.position.state, game.position.clock.turn).flatMap((segment) => segment.seats) : []);
  if (seats.includes(seat)) return seat;
  const suggestion = closestName(seat, seats);
  throw new CliError(`no seat '${seat}' in this game${suggestion ? ` (did you mean '${suggestion}'?)` : ''}; seats: ${seats.join(', ')}`);
}

function describeAwaiting(ruleset: AnyRuleset, game: Game): string {
  const now = awaiting(ruleset, game);
  switch (now.kind) {
    case 'over':
      return `The game is over: ${now.result.summary}`;
    case 'open-step':
      return `Next: step ${now.step.id} is ready to open.`;
    case 'decision':
      return `Step ${now.step.id} waits for ${now.request.seat} to decide: ${now.request.prompt}\nOptions: ${now.request.options.map((o) => JSON.stringify(o)).join(', ')} (default ${JSON.stringify(now.request.default)}).\nAnswer with: umpire decide DIR ${now.request.seat} '<answer>'`;
    case 'orders': {
      const step = game.record.steps[game.record.steps.length - 1]!;
      const label = ruleset.turnLabel?.(now.step.turn, game.position.state) ?? `Turn ${now.step.turn}`;
      return [
        `${label}: step ${now.step.id} is open for orders from ${now.step.seats.join(', ') || 'nobody'}.`,
        now.missing.length ? `Still to send orders: ${now.missing.join(', ')}.` : 'Every seat has sent orders.',
        ...(step.commitment ? [`Dice commitment: ${step.commitment} (keep it: 'umpire verify --commitment' checks the published record against it)`] : ['Dice: scripted (fixed in advance by the game\'s dice script).']),
      ].join('\n');
    }
  }
}

/** Open the next step (drawing and keeping its secret), resolving steps that take no orders at once. */
function openNext(dir: string, ruleset: AnyRuleset, game: Game, resolvedTurns: Set<number>): Game {
  for (;;) {
    const now = awaiting(ruleset, game);
    if (now.kind !== 'open-step') return game;
    const committed = game.record.header.dice.mode === 'committed';
    const secret = committed ? newSecret() : undefined;
    const opened = openStep(ruleset, game, secret);
    if (!opened.ok) throw new CliError(formatProblems(opened.error));
    game = opened.value;
    if (secret) storeSecret(dir, now.step.id, secret);
    if (now.step.seats.length > 0) return game;
    const resolved = resolveStep(ruleset, game, secret);
    if (!resolved.ok) throw new CliError(formatProblems(resolved.error));
    game = resolved.value.game;
    resolvedTurns.add(now.step.turn);
  }
}

function writeReports(dir: string, ruleset: AnyRuleset, record: GameRecord, turns: Iterable<number>): void {
  const positions = recordPositions(ruleset, record);
  for (const turn of turns) {
    const folder = join(dir, 'reports', `turn-${String(turn).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    // A seat that joined in play gets reports from the turn at whose end it is in play (its first orders follow).
    const after = positions.afterTurn.get(turn);
    const next = after ? ruleset.turnPlan(after.state, after.clock.turn).flatMap((segment) => segment.seats) : [];
    for (const seat of [undefined, ...gameSeats({ ...record, steps: record.steps.filter((s) => s.turn <= turn) }, next)]) {
      const report = buildTurnReport(ruleset, record, { turn, positions, ...(seat ? { seat } : {}) });
      const name = seat ?? 'umpire';
      writeFileSync(join(folder, `${name}.txt`), renderTurnReport(report, 'text'));
      writeFileSync(join(folder, `${name}.md`), renderTurnReport(report, 'markdown'));
      writeFileSync(join(folder, `${name}.json`), renderTurnReport(report, 'json'));
    }
  }
}

/** Resolve the open or paused step, save, write reports, open the next step; returns the turns resolved. */
function adjudicate(dir: string, ruleset: AnyRuleset, game: Game): { game: Game; outcome: string; turns: number[] } {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'orders' && now.kind !== 'decision') throw new CliError(describeAwaiting(ruleset, game));
  const secret = game.record.header.dice.mode === 'committed' ? readSecrets(dir)[now.step.id] : undefined;
  if (game.record.header.dice.mode === 'committed' && !secret) throw new CliError(`the secret for step ${now.step.id} is missing from ${join(dir, 'secrets.json')}; the step cannot be resolved`);
  const resolved = resolveStep(ruleset, game, secret);
  if (!resolved.ok) throw new CliError(formatProblems(resolved.error));
  game = resolved.value.game;
  const turns = new Set<number>();
  if (resolved.value.outcome !== 'paused') {
    turns.add(now.step.turn);
    game = openNext(dir, ruleset, game, turns);
  }
  saveRecord(dir, game.record);
  forgetRevealedSecrets(dir, game.record);
  writeReports(dir, ruleset, game.record, turns);
  return { game, outcome: resolved.value.outcome, turns: [...turns] };
}

/** The map of each turn beside its reports (reports/turn-NN/map.svg and map.png), for rulesets with a map. */
async function drawTurnMaps(dir: string, ruleset: AnyRuleset, turns: readonly number[]): Promise<void> {
  if (!hasMap(ruleset.id)) return;
  for (const turn of turns) {
    const folder = join(dir, 'reports', `turn-${String(turn).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    await drawMap(ruleset.id, { out: [join(folder, 'map.png'), join(folder, 'map.svg')], game: dir, turn });
  }
}

export async function run(program: Command, argv: string[]): Promise<void> {
  program
    .name('umpire')
    .description('A computer umpire for play-by-email wargames: orders, adjudication, verifiable dice, reports.')
    .showHelpAfterError()
    .exitOverride((e) => {
      throw new CliError(e.message, e.exitCode === 0 ? 0 : 2);
    })
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  program
    .command('new')
    .description('create a game directory and open its first turn')
    .argument('<ruleset>', `the game: ${Object.keys(rulesets).join(', ')}`)
    .requiredOption('--game <dir>', 'the game directory to create')
    .option('--scenario <name>', 'the scenario to start from')
    .option('--option <key=value>', 'an optional rule or setting (repeatable)', collect, [])
    .option('--seats <file>', 'who holds which seat (JSON)')
    .option('--dice-script <file>', 'fixed dice for a test game (the record is marked scripted)')
    .addOption(new Option('--decisions <mode>', 'how mid-turn decisions are made').choices(['standing', 'ask']).default('standing'))
    .option('--id <gameId>', 'the game id (default: the directory name)')
    .option('--force', 'replace an existing game in the directory')
    .action((rulesetId: string, o: { game: string; scenario?: string; option: string[]; seats?: string; diceScript?: string; decisions: 'standing' | 'ask'; id?: string; force?: boolean }) => {
      const ruleset = getRuleset(rulesetId);
      const dir = resolve(o.game);
      if (existsSync(join(dir, 'record.json')) && !o.force) throw new CliError(`${o.game} already holds a game; use --force to replace it`);
      const created = createGame(ruleset, {
        gameId: o.id ?? basename(dir),
        ...(o.scenario ? { scenario: o.scenario } : {}),
        options: parseOptionPairs(o.option),
        ...(o.seats ? { seats: readSeatsFile(o.seats) } : {}),
        dice: o.diceScript ? { mode: 'scripted', script: readDiceScript(o.diceScript) } : { mode: 'committed' },
        decisions: o.decisions,
      });
      if (!created.ok) throw new CliError(formatProblems(created.error, o.seats));
      if (o.force) for (const f of ['record.json', 'secrets.json', 'reports']) rmSync(join(dir, f), { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const game = openNext(dir, ruleset, created.value, new Set());
      saveRecord(dir, game.record);
      const h = game.record.header;
      out(
        [
          `Created ${ruleset.title} game '${h.gameId}' in ${o.game} (scenario ${h.scenario}).`,
          `Seats: ${h.seats.map((s) => (s.player ? `${s.id} (${s.player})` : s.bot ? `${s.id} (bot ${s.bot})` : s.id)).join(', ')}.`,
          describeAwaiting(ruleset, game),
        ].join('\n'),
      );
    });

  program
    .command('orders')
    .description('check and store a seat\'s orders for the open turn (text or JSON); exit 1 with located errors when invalid')
    .argument('<dir>', 'the game directory')
    .argument('<seat>', 'the seat the orders are for')
    .argument('<file>', 'the orders file, or - for standard input')
    .option('--nonce <text>', 'your own contribution to this turn\'s dice seed')
    .option('--from <player>', 'the player sending them: refused unless that player holds the seat')
    .option('--json', 'print the receipt as JSON')
    .action((dir: string, seat: string, file: string, o: { nonce?: string; from?: string; json?: boolean }) => {
      const text = readInput(file);
      const { ruleset, game } = loadGameDir(dir);
      const kept = keepInInbox(dir, seat, text, new Date().toISOString());
      checkSeat(game, seat, ruleset);
      if (o.from !== undefined) {
        const holder = game.record.header.seats.find((s) => s.id === seat)?.player;
        if (holder?.toLowerCase() !== o.from.toLowerCase()) {
          const held = game.record.header.seats.filter((s) => s.player?.toLowerCase() === o.from!.toLowerCase()).map((s) => s.id);
          throw new CliError(`${o.from} does not hold the seat ${seat}${held.length ? `; they hold ${held.join(', ')}` : ''}. Nothing was changed; the file is kept at ${kept}.`);
        }
      }
      const isJson = file.endsWith('.json') || text.trimStart().startsWith('{');
      const input = isJson ? { json: readJsonFile(file === '-' ? kept : file, 'the orders') } : { text };
      const sent = submitOrders(ruleset, game, seat, input, o.nonce !== undefined ? { nonce: o.nonce } : {});
      if (!sent.ok) {
        process.stderr.write(`${formatProblems(sent.error, file === '-' ? '<stdin>' : file)}\n`);
        process.stderr.write(`Orders for ${seat} refused (${sent.error.length} problem${sent.error.length === 1 ? '' : 's'}); nothing was changed. Your file is kept at ${kept}.\n`);
        process.exitCode = 1;
        return;
      }
      saveRecord(dir, sent.value.game.record);
      const r = sent.value.receipt;
      // The receipt binds the step and its commitment, the seat, the orders, the nonce and who sent them (record format 2).
      const receipt = receiptOfSeat(sent.value.game.record, seat) ?? r.orderHash;
      if (o.json) out(JSON.stringify({ ...r, receipt }, null, 2));
      else {
        const ctx = { state: game.position.state, seat, step: stepInfo(ruleset, game.position) };
        out(`Orders for ${seat} accepted for step ${r.step}.\nReceipt: ${receipt}\nOrder hash: ${r.orderHash}\nKeep the receipt: 'umpire verify --receipt' shows whether the published record holds your orders as you sent them.\n\n${ruleset.formatOrders(r.orders, ctx).trim() || '(no orders)'}`);
      }
    });

  program
    .command('adjudicate')
    .description('resolve the current turn and print its report')
    .argument('<dir>', 'the game directory')
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'markdown', 'json']).default('text'))
    .option('--no-map', 'do not draw the map of the turn into the reports folder')
    .action(async (dir: string, o: { format: ReportFormat; map: boolean }) => {
      const { ruleset, game } = loadGameDir(dir);
      const done = adjudicate(dir, ruleset, game);
      if (done.outcome === 'paused') {
        out(describeAwaiting(ruleset, done.game));
        return;
      }
      if (o.map) await drawTurnMaps(dir, ruleset, done.turns);
      for (const turn of done.turns) out(renderTurnReport(buildTurnReport(ruleset, done.game.record, { turn }), o.format));
      if (o.format !== 'json') out(describeAwaiting(ruleset, done.game));
    });

  program
    .command('decide')
    .description('answer the decision a paused turn waits for, and go on resolving')
    .argument('<dir>', 'the game directory')
    .argument('<seat>', 'the seat answering')
    .argument('<answer>', 'the answer (JSON, or a plain word)')
    .action(async (dir: string, seat: string, answerText: string) => {
      const { ruleset, game } = loadGameDir(dir);
      let answer: Json;
      try {
        answer = JSON.parse(answerText) as Json;
      } catch {
        answer = answerText;
      }
      const answered = answerDecision(ruleset, game, seat, answer);
      if (!answered.ok) throw new CliError(formatProblems(answered.error));
      const done = adjudicate(dir, ruleset, answered.value);
      await drawTurnMaps(dir, ruleset, done.turns);
      for (const turn of done.turns) out(renderTurnReport(buildTurnReport(ruleset, done.game.record, { turn }), 'text'));
      out(describeAwaiting(ruleset, done.game));
    });

  program
    .command('status')
    .description('say what the game waits for')
    .argument('<dir>', 'the game directory')
    .action((dir: string) => {
      const { ruleset, game } = loadGameDir(dir);
      out(describeAwaiting(ruleset, game));
    });

  program
    .command('report')
    .description('print the report of a turn, for one seat or for the umpire')
    .argument('<dir>', 'the game directory')
    .option('--turn <n>', 'the turn (default: the last resolved turn)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new CliError(`--turn takes a turn number, not '${v}'`, 2);
      return n;
    })
    .option('--seat <seat>', 'the seat whose report to print (default: the umpire\'s full view)')
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'markdown', 'json']).default('text'))
    .action((dir: string, o: { turn?: number; seat?: string; format: ReportFormat }) => {
      const { ruleset, game } = loadGameDir(dir);
      const seat = checkSeat(game, o.seat, ruleset);
      const turns = game.record.steps.map((s) => s.turn);
      if (o.turn !== undefined && !turns.includes(o.turn)) throw new CliError(`turn ${o.turn} has not started; this game has turns ${turns.length ? `1 to ${Math.max(...turns)}` : 'none yet'}`);
      out(renderTurnReport(buildTurnReport(ruleset, game.record, { ...(o.turn ? { turn: o.turn } : {}), ...(seat ? { seat } : {}) }), o.format));
    });

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

  registerLabCommands(program);

  program
    .command('serve')
    .description('run the PBEM server: the HTTP API, deadlines, and mail when configured (see docs/server.md); stops on Ctrl-C')
    .option('--port <n>', 'the port to listen on (default: PORT, or 8080)')
    .option('--listen <address>', 'the address to listen on (default: UMPIRE_LISTEN, or 127.0.0.1; 0.0.0.0 for every interface)')
    .option('--data-dir <dir>', 'the embedded database directory (default: UMPIRE_DATA_DIR, or ./data)')
    .option('--database-url <url>', 'a PostgreSQL server instead of the embedded database (default: DATABASE_URL)')
    .option('--no-demo', 'do not host the demo game')
    .action(async (o: { port?: string; listen?: string; dataDir?: string; databaseUrl?: string; demo: boolean }) => {
      let config: ServerConfig;
      try {
        config = configFromEnv({
          ...process.env,
          ...(o.port !== undefined ? { PORT: o.port } : {}),
          ...(o.listen !== undefined ? { UMPIRE_LISTEN: o.listen } : {}),
          ...(o.dataDir !== undefined ? { UMPIRE_DATA_DIR: o.dataDir } : {}),
          ...(o.databaseUrl !== undefined ? { DATABASE_URL: o.databaseUrl } : {}),
          ...(o.demo ? {} : { UMPIRE_DEMO: 'off' }),
        });
      } catch (e) {
        throw new CliError((e as Error).message, 2);
      }
      let server: RunningServer;
      try {
        server = await startServer({ ...config, log: (line) => out(line) });
      } catch (e) {
        throw new CliError(`the server did not start: ${(e as Error).message}`);
      }
      await new Promise<void>((done) => {
        const stop = () => {
          out('stopping...');
          void server.close().then(done);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });

  const data = program.command('data').description('check and show the data files of a game (map, nations, scenario)');
  data
    .command('check')
    .description('validate the data: schema, connections, coasts, names the rule book uses, the scenario; exit 1 with located problems')
    .argument('<ruleset>', 'the game')
    .option('--scenario <file|name>', 'a scenario file of your own, or a shipped scenario name')
    .option('--json', 'print {ok, checked, problems}')
    .action((rulesetId: string, o: { scenario?: string; json?: boolean }) => {
      const r = dataCheck(rulesetId, o);
      out(r.text);
      if (!r.ok) process.exitCode = 1;
    });
  data
    .command('show')
    .description(`print a table of the data as a player would read it: ${SHOW_TABLES.join(', ')}`)
    .argument('<ruleset>', 'the game')
    .argument('<table>', SHOW_TABLES.join(' | '))
    .option('--section <section>', 'only one map section')
    .option('--scenario <file|name>', 'the scenario')
    .option('--json', 'print JSON')
    .action((rulesetId: string, table: string, o: { section?: string; scenario?: string; json?: boolean }) => {
      out(dataShow(rulesetId, table, o));
    });

  data
    .command('schema')
    .description('write the JSON Schemas of the data files (for editors), or print them')
    .argument('<ruleset>', 'the game')
    .option('--out <dir>', 'the folder to write NAME.schema.json files into')
    .action((rulesetId: string, o: { out?: string }) => {
      out(dataSchemas(rulesetId, o.out));
    });

  program
    .command('map')
    .description('draw the map of a game (or of the opening position) as SVG or PNG')
    .argument('<ruleset>', 'the game')
    .requiredOption('--out <file>', 'FILE.svg or FILE.png')
    .option('--game <dir>', 'a game directory: draw its position')
    .option('--turn <n>', 'the position after this turn (default: the last resolved turn)', (v) => Number(v))
    .option('--width <px>', 'picture width', (v) => Number(v), 1600)
    .addOption(new Option('--sheet <sheet>', 'which sheets').choices(['all', 'world', 'europe', 'fronts']).default('all'))
    .action(async (rulesetId: string, o: { out: string; game?: string; turn?: number; width: number; sheet: string }) => {
      out(await drawMap(rulesetId, o));
    });

  program
    .command('rules')
    .description('what the clause index of a game says and how much of it Umpire covers')
    .argument('<ruleset>', 'the game (great-war, vernian, ttw)')
    .addArgument(new Argument('<what>', 'coverage: count every clause as tested, decided otherwise, or open').choices(['coverage']))
    .option('--json', 'print {ruleset, total, tested, decided, open, clauses}')
    .option('--list [status]', 'list only the clauses of one status (tested, decided, failing, open)')
    .option('--summary', 'print the table of sections and the totals, not every clause')
    .action((rulesetId: string, _what: string, o: { json?: boolean; list?: string | boolean; summary?: boolean }) => {
      const report = coverage(rulesetId);
      if (o.json) {
        const { sections: _s, resultsFrom: _r, failing: _f, ...rest } = report;
        out(JSON.stringify(rest, null, 2));
        return;
      }
      const statuses = ['tested', 'decided', 'failing', 'open'];
      if (typeof o.list === 'string' && !statuses.includes(o.list)) throw new CliError(`--list takes one of ${statuses.join(', ')}`, 2);
      const lines: string[] = [];
      if (!report.resultsFrom) lines.push('No test results yet: run `npm test` first; until then no clause counts as tested.', '');
      if (!o.summary) {
        for (const c of report.clauses) {
          if (typeof o.list === 'string' && c.status !== o.list) continue;
          const why = c.status === 'decided' ? c.doc : c.tests.length ? `${c.tests[0]}${c.tests.length > 1 ? ` (+${c.tests.length - 1} more)` : ''}` : '';
          lines.push(`${c.id.padEnd(20)} ${c.status.padEnd(8)} ${why ?? ''}`.trimEnd());
        }
        lines.push('');
      }
      lines.push(`Rules coverage of ${rulesetId} (clause index ../shared/rules/${rulesetId}-clauses.md${report.resultsFrom ? `, test results ${report.resultsFrom}` : ''}):`, '');
      lines.push(...renderTable(['section', 'clauses', 'tested', 'decided', 'open'], report.sections.map((s) => [s.section, s.total, s.tested, s.decided, s.open]), false));
      const pct = (n: number) => `${((100 * n) / Math.max(1, report.total)).toFixed(1)}%`;
      lines.push('');
      if (report.failing) lines.push(`${report.failing} clause(s) are named only by failing tests and count as open.`);
      lines.push(`total ${report.total}, tested ${report.tested} (${pct(report.tested)}), decided ${report.decided} (${pct(report.decided)}), open ${report.open}`);
      out(lines.join('\n'));
    });

  addOddsCommand(program, out);
  addVerifyCommand(program, out);

  await program.parseAsync(argv);
}
