import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  awaiting,
  buildTurnReport,
  closestName,
  formatProblems,
  openStep,
  recordPositions,
  renderTurnReport,
  resolveStep,
  submitOrders,
  type AnyRuleset,
  type Game,
  type GameRecord,
} from '@umpire/engine';
import { botOrders } from '@umpire/server';
import { drawMap, hasMap } from './map-command.js';
import { CliError } from './rulesets.js';
import { forgetRevealedSecrets, newSecret, readSecrets, saveRecord, storeSecret } from './store.js';

/**
 * The turns of a game directory: who holds a seat, what the game waits for, opening the next step with its secret,
 * resolving a step, and the reports and maps each resolved turn leaves in reports/turn-NN/.
 */

/** The seats of a game: the header's, then those that joined in play (a nation born mid-game), as they appeared. */
function gameSeats(record: GameRecord, current: readonly string[] = []): string[] {
  const seats = record.header.seats.map((s) => s.id);
  for (const seat of [...record.steps.flatMap((s) => s.submissions.map((x) => x.seat)), ...current]) if (!seats.includes(seat)) seats.push(seat);
  return seats;
}

/** The seat named, if this game has it (a seat that joins in the current turn included); else a CliError naming the seats. */
export function checkSeat(game: Game, seat: string | undefined, ruleset?: AnyRuleset): string | undefined {
  if (seat === undefined) return undefined;
  const seats = gameSeats(game.record, ruleset ? ruleset.turnPlan(game.position.state, game.position.clock.turn).flatMap((segment) => segment.seats) : []);
  if (seats.includes(seat)) return seat;
  const suggestion = closestName(seat, seats);
  throw new CliError(`no seat '${seat}' in this game${suggestion ? ` (did you mean '${suggestion}'?)` : ''}; seats: ${seats.join(', ')}`);
}

/** What the game waits for, in words: the end, a step to open, a decision, or orders (with the step's dice commitment). */
export function describeAwaiting(ruleset: AnyRuleset, game: Game): string {
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
      const bots = botSeats(game);
      const people = now.missing.filter((s) => !bots.has(s));
      const botsToPlay = now.missing.filter((s) => bots.has(s)).map((s) => `${s} (${bots.get(s)})`);
      return [
        `${label}: step ${now.step.id} is open for orders from ${now.step.seats.join(', ') || 'nobody'}.`,
        people.length ? `Still to send orders: ${people.join(', ')}.` : 'Every seat played by a person has sent orders.',
        ...(botsToPlay.length ? [`Played by bots when the step is adjudicated: ${botsToPlay.join(', ')}.`] : []),
        ...(step.commitment ? [`Dice commitment: ${step.commitment} (keep it: 'umpire verify --commitment' checks the published record against it)`] : ['Dice: scripted (fixed in advance by the game\'s dice script).']),
      ].join('\n');
    }
  }
}

/** The seats a bot plays (the seats file's `bot:NAME`, or `umpire new --bot`), with the bot's name. */
function botSeats(game: Game): Map<string, string> {
  return new Map(game.record.header.seats.flatMap((s) => (s.bot !== undefined ? [[s.id, s.bot] as const] : [])));
}

/**
 * The bots' orders for the bot seats that have sent none in the open step, drawn from the step's dice secret (as the
 * server's are): adjudicating again gives the same orders, and no player can foresee them.
 */
function submitBotOrders(ruleset: AnyRuleset, game: Game, secret: string): Game {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'orders') return game;
  const bots = botSeats(game);
  for (const seat of now.missing) {
    const bot = bots.get(seat);
    if (bot === undefined) continue;
    const orders = botOrders(ruleset, bot, { state: game.position.state, seat, step: now.step }, secret);
    const sent = submitOrders(ruleset, game, seat, { json: orders }, { source: 'bot' });
    if (!sent.ok) throw new CliError(`the ${bot} bot's orders for ${seat} in ${now.step.id} were refused:\n${formatProblems(sent.error)}`);
    game = sent.value.game;
  }
  return game;
}

/**
 * Which seats of the open step a person should have played and sent nothing, said with how to fill them; empty when
 * none. Said before a step resolves: their empty orders stand.
 */
export function missingSeatsNotice(ruleset: AnyRuleset, game: Game, dir: string): string {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'orders') return '';
  const bots = botSeats(game);
  const missing = now.missing.filter((s) => !bots.has(s));
  if (!missing.length) return '';
  const bot = ruleset.bots?.['general'] ? 'general' : 'default';
  return [
    `No orders from ${missing.join(', ')} in step ${now.step.id}: ${missing.length === 1 ? 'its' : 'their'} empty orders stand:` +
      ' nothing is done for them this step.',
    `To fill a seat, send its orders first (umpire orders ${dir} ${missing[0]} FILE), or start the game with a bot on it:`,
    `a seats file of umpire new naming {"${missing[0]}": "bot:${bot}"}, or umpire new --bot ${bot} for every seat the file leaves out.`,
  ].join('\n');
}

/** Open the next step (drawing and keeping its secret), resolving steps that take no orders at once. */
export function openNext(dir: string, ruleset: AnyRuleset, game: Game, resolvedTurns: Set<number>): Game {
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

/** Each seat's report and the umpire's of the given turns, as text, Markdown and JSON, in reports/turn-NN/. */
export function writeReports(dir: string, ruleset: AnyRuleset, record: GameRecord, turns: Iterable<number>): void {
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
export function adjudicate(dir: string, ruleset: AnyRuleset, game: Game): { game: Game; outcome: string; turns: number[] } {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'orders' && now.kind !== 'decision') throw new CliError(describeAwaiting(ruleset, game));
  const secret = game.record.header.dice.mode === 'committed' ? readSecrets(dir)[now.step.id] : undefined;
  if (game.record.header.dice.mode === 'committed' && !secret) throw new CliError(`the secret for step ${now.step.id} is missing from ${join(dir, 'secrets.json')}; the step cannot be resolved`);
  // A game of scripted dice has no secret: its bots draw from the game's id, as fixed as its dice.
  if (now.kind === 'orders') game = submitBotOrders(ruleset, game, secret ?? `scripted/${game.record.header.gameId}`);
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
export async function drawTurnMaps(dir: string, ruleset: AnyRuleset, turns: readonly number[]): Promise<void> {
  if (!hasMap(ruleset.id)) return;
  for (const turn of turns) {
    const folder = join(dir, 'reports', `turn-${String(turn).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    await drawMap(ruleset.id, { out: [join(folder, 'map.png'), join(folder, 'map.svg')], game: dir, turn });
  }
}
