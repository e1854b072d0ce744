import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import {
  answerDecision,
  buildTurnReport,
  createGame,
  formatProblems,
  receiptOfSeat,
  renderTurnReport,
  stepInfo,
  submitOrders,
  type Json,
  type AnyRuleset,
  type ReportFormat,
  type SeatInfo,
} from '@umpire/engine';
import { botProblem } from '@umpire/server';
import { adjudicate, checkSeat, describeAwaiting, drawTurnMaps, missingSeatsNotice, openNext } from './game-turns.js';
import { collect, CliError, getRuleset, parseOptionPairs, rulesets } from './rulesets.js';
import { keepInInbox, loadGameDir, readJsonFile, saveRecord } from './store.js';

/**
 * The commands that run a game in a directory: `umpire new`, `orders`, `adjudicate`, `decide`, `status` and
 * `report`.
 */

/**
 * A seats file: [{"id": "germany", "player": "anna@example.org"}, {"id": "france", "bot": "general"}] or
 * {"germany": "anna@example.org", "france": "bot:general"}. A player written `bot:NAME` is that bot. Every bot is
 * checked against the ruleset's bots, with the closest name when it is unknown.
 */
function readSeatsFile(path: string, ruleset: AnyRuleset): SeatInfo[] {
  const data = readJsonFile(path, 'the seats file');
  const seat = (id: string, player: unknown, bot: unknown, at: string): SeatInfo => {
    const name = typeof bot === 'string' ? bot : typeof player === 'string' && player.startsWith('bot:') ? player.slice(4) : undefined;
    if (name !== undefined) {
      const problem = botProblem(ruleset, name, at);
      const near = problem?.suggestion ? ` (did you mean 'bot:${problem.suggestion}'?)` : '';
      if (problem) throw new CliError(`${path}: ${at}: ${problem.message}${near}`);
      return { id, bot: name };
    }
    if (player !== undefined && typeof player !== 'string') {
      throw new CliError(`${path}: ${at} should be the player's address or name, or bot:NAME`);
    }
    return { id, ...(typeof player === 'string' ? { player } : {}) };
  };
  if (Array.isArray(data)) {
    return data.map((s, i) => {
      if (typeof s !== 'object' || s === null || typeof (s as { id?: unknown }).id !== 'string') throw new CliError(`${path}: $[${i}] needs an "id" naming a seat`);
      const { id, player, bot } = s as { id: string; player?: unknown; bot?: unknown };
      return seat(id, player, bot, `$[${i}]`);
    });
  }
  if (typeof data === 'object' && data !== null) {
    return Object.entries(data).map(([id, player]) => seat(id, player ?? null, undefined, `$.${id}`));
  }
  throw new CliError(`${path}: a seats file is a JSON list of {"id", "player"} or an object of seat: player`);
}

/** ' (did you mean 'X'?)' for a suggestion, '' for none. */
const near = (suggestion: string | undefined) => (suggestion ? ` (did you mean '${suggestion}'?)` : '');

/** The options of `umpire new`. */
interface NewOptions {
  game: string;
  scenario?: string;
  option: string[];
  seats?: string;
  bot?: string;
  diceScript?: string;
  decisions: 'standing' | 'ask';
  id?: string;
  force?: boolean;
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

/** Register the game commands on the program. */
export function registerGameCommands(program: Command, out: (text: string) => void): void {
  program
    .command('new')
    .description('create a game directory and open its first turn')
    .argument('<ruleset>', `the game: ${Object.keys(rulesets).join(', ')}`)
    .requiredOption('--game <dir>', 'the game directory to create')
    .option('--scenario <name>', 'the scenario to start from')
    .option('--option <key=value>', 'an optional rule or setting (repeatable)', collect, [])
    .option('--seats <file>', 'who holds which seat (JSON): {"germany": "anna@example.org", "france": "bot:general"}')
    .option('--bot <name>', 'the bot that plays every seat the seats file leaves out (default: nobody, their orders are empty)')
    .option('--dice-script <file>', 'fixed dice for a test game (the record is marked scripted)')
    .addOption(new Option('--decisions <mode>', 'how mid-turn decisions are made').choices(['standing', 'ask']).default('standing'))
    .option('--id <gameId>', 'the game id (default: the directory name)')
    .option('--force', 'replace an existing game in the directory')
    .action((rulesetId: string, o: NewOptions) => {
      const ruleset = getRuleset(rulesetId);
      const problem = o.bot === undefined ? undefined : botProblem(ruleset, o.bot, '--bot');
      if (problem) throw new CliError(`--bot: ${problem.message}${near(problem.suggestion)}`, 2);
      const dir = resolve(o.game);
      if (existsSync(join(dir, 'record.json')) && !o.force) throw new CliError(`${o.game} already holds a game; use --force to replace it`);
      const created = createGame(ruleset, {
        gameId: o.id ?? basename(dir),
        ...(o.scenario ? { scenario: o.scenario } : {}),
        options: parseOptionPairs(o.option),
        ...(o.seats ? { seats: readSeatsFile(o.seats, ruleset) } : {}),
        ...(o.bot ? { bot: o.bot } : {}),
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
      const missing = missingSeatsNotice(ruleset, game, dir);
      if (missing) out(`${missing}\n`);
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
}
