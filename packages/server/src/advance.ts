import { awaiting, formatProblems, openStep, resolveStep, submitOrders as submitEngineOrders, type AnyRuleset, type Game, type GameRecord, type Json, type StepInfo } from '@umpire/engine';
import { botOrders, DEFAULT_BOT } from './bots.js';
import type { Host } from './host.js';
import { queueMail } from './mail/outbox.js';
import { seatReady } from './readiness.js';
import type { Queryable } from './storage/sql.js';
import { saveRecordIn } from './storage/store.js';
import { newDiceSecret, newMailToken } from './tokens.js';
import { type SeatRow, type Settings, seatsOf, lockGame, unlessStopped, isoOf } from './game-rows.js';

/**
 * Moving hosted games on: opening a step, bots' orders, resolving at the deadline or when every seat is ready, the
 * reminders and resolutions of the server's tick. One transaction per game, under its lock.
 */
/** Whether a step may resolve before its deadline: every seat has sent orders and every player said ready of them. */
export function readyEarly(step: StepInfo, missing: readonly string[], seats: readonly SeatRow[], open: GameRecord['steps'][number]): boolean {
  if (missing.length) return false;
  const humans = seats.filter((s) => !s.bot);
  const inStep = humans.filter((s) => step.seats.includes(s.seat));
  // A game of bots alone moves at its deadlines, so that people can watch it.
  if (humans.length === 0) return false;
  return inStep.every((s) => seatReady(s, open));
}

export type AdvanceReason = 'created' | 'deadline' | 'ready' | 'host';

/** Why a step resolved, in words (the server's log, the host page). */
export const RESOLVED_WHY: Readonly<Record<string, string>> = {
  created: 'for bots alone, as the game was created',
  deadline: 'its deadline passed',
  ready: 'every player was ready',
  host: 'the host resolved it',
};

/**
 * Resolve the open step when it is due (deadline passed, every seat ready, or the host says so), then open the next
 * ones until a step waits for players. Runs inside the caller's transaction, which holds the game's lock.
 * Returns the ids of the steps resolved.
 */
export async function advanceIn(tx: Queryable, host: Host, ruleset: AnyRuleset, start: Game<Json>, settings: Settings, reason: AdvanceReason): Promise<string[]> {
  const gameId = start.record.header.gameId;
  const expectedSteps = start.record.steps.length;
  let game = start;
  const resolved: string[] = [];
  let due = reason === 'host' || (reason === 'deadline' && settings.deadline !== null && new Date(settings.deadline) <= host.now());
  // The reports of the steps resolved, queued when a player is next asked for orders or at the end: a turn of several
  // steps that resolve one after another (a player-turn each side, a bot on the other) gives one report, not one a step.
  let reports: { readonly turn: number; readonly step: string; readonly over: boolean } | undefined;
  const queueReports = async () => {
    if (!reports) return;
    const { turn, step, over } = reports;
    reports = undefined;
    for (const s of await seatsOf(tx, gameId)) {
      // An invited address gets nothing but its invitation until its owner takes the seat up.
      if (!s.email || !s.accepted) continue;
      await queueMail(tx, { gameId, kind: 'report', to: s.email, seat: s.seat, params: { title: settings.title, turn, step } });
      if (!over) continue;
      const summary = game.record.result?.summary ?? '';
      await queueMail(tx, { gameId, kind: 'game-over', to: s.email, seat: s.seat, params: { title: settings.title, summary } });
    }
  };
  for (let guard = 0; guard < 10_000; guard++) {
    let seats = await seatsOf(tx, gameId);
    const now = awaiting(ruleset, game);
    if (now.kind === 'over') break;
    if (now.kind === 'open-step') {
      const secret = newDiceSecret();
      const opened = openStep(ruleset, game, secret);
      if (!opened.ok) throw new Error(formatProblems(opened.error));
      game = opened.value;
      const idx = game.record.steps.length - 1;
      await tx.query('INSERT INTO step_secrets (game_id, step_idx, secret) VALUES ($1, $2, $3) ON CONFLICT (game_id, step_idx) DO UPDATE SET secret = EXCLUDED.secret', [gameId, idx, secret]);
      // Seats that joined in play (a nation born mid-game) are played by a bot until the host gives them to someone.
      for (const seat of now.step.seats) {
        if (!seats.some((s) => s.seat === seat)) await tx.query('INSERT INTO seats (game_id, seat, bot, mail_token) VALUES ($1, $2, $3, $4)', [gameId, seat, DEFAULT_BOT, newMailToken()]);
      }
      await tx.query('UPDATE seats SET ready = false WHERE game_id = $1', [gameId]);
      seats = await seatsOf(tx, gameId);
      game = submitBots(ruleset, game, now.step, seats.filter((s) => s.bot !== null).map((s) => [s.seat, s.bot!] as const), secret);
      const deadline = new Date(host.now().getTime() + settings.deadline_hours * 3_600_000);
      await tx.query('UPDATE game_settings SET deadline = $2, reminded = false WHERE game_id = $1', [gameId, deadline.toISOString()]);
      settings = { ...settings, deadline, reminded: false };
      const step = game.record.steps.at(-1)!;
      // A player asked for orders first reads what happened before.
      if (seats.some((s) => s.email && s.accepted && now.step.seats.includes(s.seat))) await queueReports();
      for (const s of seats) {
        if (s.email && s.accepted && now.step.seats.includes(s.seat)) {
          await queueMail(tx, { gameId, kind: 'turn-opened', to: s.email, seat: s.seat, params: { title: settings.title, step: step.id, turn: step.turn, commitment: step.commitment ?? null, deadline: deadline.toISOString() } });
        }
      }
      due = false;
      continue;
    }
    if (now.kind === 'decision') throw new Error(`game ${gameId} waits for a decision in step ${now.step.id}, but hosted games decide by standing orders`);
    if (!due && !readyEarly(now.step, now.missing, seats, game.record.steps.at(-1)!)) break;
    const idx = game.record.steps.length - 1;
    const [row] = await tx.query<{ secret: string }>('SELECT secret FROM step_secrets WHERE game_id = $1 AND step_idx = $2', [gameId, idx]);
    if (!row) throw new Error(`game ${gameId}: the dice secret of step ${now.step.id} is lost`);
    if (settings.no_moves === 'bot') {
      const absent = now.missing.map((seat) => [seat, seats.find((s) => s.seat === seat)?.bot ?? DEFAULT_BOT] as const);
      game = submitBots(ruleset, game, now.step, absent, row.secret);
    }
    const result = resolveStep(ruleset, game, row.secret);
    if (!result.ok) throw new Error(`game ${gameId}, step ${now.step.id}: ${formatProblems(result.error)}`);
    game = result.value.game;
    resolved.push(now.step.id);
    await tx.query('DELETE FROM step_secrets WHERE game_id = $1 AND step_idx = $2', [gameId, idx]);
    await tx.query('INSERT INTO adjudications (game_id, step_idx, step_id, process, reason) VALUES ($1, $2, $3, $4, $5)', [gameId, idx, now.step.id, host.process, due ? reason : 'ready']);
    host.log(`game ${gameId}: step ${now.step.id} resolved (${RESOLVED_WHY[due ? reason : 'ready']})`);
    const over = result.value.outcome === 'over';
    // A report covers its turn's steps resolved so far: a step of another turn queues the one waiting first.
    if (reports && reports.turn !== now.step.turn) await queueReports();
    reports = { turn: now.step.turn, step: now.step.id, over };
    if (over) await tx.query('UPDATE game_settings SET deadline = NULL WHERE game_id = $1', [gameId]);
    due = false;
  }
  await queueReports();
  if (game !== start) await saveRecordIn(tx, game.record, expectedSteps);
  return resolved;
}

/** Bots' orders for the seats given, submitted as the bots'. */
export function submitBots(ruleset: AnyRuleset, start: Game<Json>, step: StepInfo, seats: readonly (readonly [string, string])[], secret: string): Game<Json> {
  let game = start;
  for (const [seat, bot] of seats) {
    if (!step.seats.includes(seat)) continue;
    if (game.record.steps.at(-1)!.submissions.some((s) => s.seat === seat)) continue;
    const orders = botOrders(ruleset, bot, { state: game.position.state, seat, step }, secret);
    const sent = submitEngineOrders(ruleset, game, seat, { json: orders }, { source: 'bot' });
    if (!sent.ok) throw new Error(`the ${bot} bot's orders for ${seat} in ${step.id} were refused:\n${formatProblems(sent.error)}`);
    game = sent.value.game;
  }
  return game;
}

/**
 * Resolve a game's open step if it is due, in one transaction. `reason` 'host' resolves it now whatever the
 * deadline. Returns the steps resolved ([] when nothing was due, the game is paused, or another process did it).
 */
export async function advanceGame(host: Host, gameId: string, reason: Exclude<AdvanceReason, 'created'>): Promise<string[]> {
  const out = await host.sql.transaction(async (tx) => {
    const locked = await lockGame(tx, host, gameId);
    if (!locked) return [];
    if ('stopped' in locked) return locked;
    if (locked.settings.paused && reason !== 'host') return [];
    return advanceIn(tx, host, locked.ruleset, locked.game, locked.settings, reason);
  });
  return unlessStopped(gameId, out);
}

/**
 * Resolve a step whose seats are all ready, inside the transaction that made them ready, behind a savepoint: should
 * the resolution fail, the orders and the ready flag are kept (the step waits for its deadline) and the failure is
 * logged.
 */
export async function resolveEarly(tx: Queryable, host: Host, ruleset: AnyRuleset, game: Game<Json>, settings: Settings): Promise<string[]> {
  await tx.query('SAVEPOINT resolve_early');
  try {
    const resolved = await advanceIn(tx, host, ruleset, game, settings, 'ready');
    await tx.query('RELEASE SAVEPOINT resolve_early');
    return resolved;
  } catch (e) {
    await tx.query('ROLLBACK TO SAVEPOINT resolve_early');
    host.log(`game ${game.record.header.gameId}: every seat is ready but the step could not be resolved (it waits for its deadline): ${(e as Error).message}`);
    return [];
  }
}

/**
 * The server's clock work: reminders for seats that have sent nothing as a deadline nears, and steps whose deadline
 * has passed resolved. Any number of server processes may run it at once.
 */
export async function tick(host: Host): Promise<{ reminded: string[]; resolved: string[] }> {
  const now = host.now().toISOString();
  const reminded: string[] = [];
  const toRemind = await host.sql.query<{ game_id: string }>(
    "SELECT s.game_id FROM game_settings s JOIN games g ON g.id = s.game_id WHERE NOT s.paused AND NOT s.reminded AND s.stopped_reason IS NULL AND g.result IS NULL AND s.reminder_hours IS NOT NULL AND s.deadline IS NOT NULL AND s.deadline - s.reminder_hours * interval '1 hour' <= $1::timestamptz",
    [now],
  );
  // One game that fails (its record no longer replays, say) is logged and skipped: the others go on.
  const each = async <T>(gameId: string, work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      host.log(`game ${gameId}: the clock work failed and is tried again next round: ${(e as Error).message}`);
      return fallback;
    }
  };
  for (const { game_id: gameId } of toRemind) {
    const sent = await each(gameId, () => host.sql.transaction(async (tx) => {
      const found = await lockGame(tx, host, gameId);
      const locked = found && !('stopped' in found) ? found : undefined;
      const s = locked?.settings;
      // Checked again under the lock: a step may have opened (a fresh deadline) since the query above.
      if (!locked || !s || s.reminded || s.paused || s.reminder_hours === null || s.deadline === null) return false;
      if (new Date(s.deadline).getTime() - s.reminder_hours * 3_600_000 > host.now().getTime()) return false;
      const waiting = awaiting(locked.ruleset, locked.game);
      await tx.query('UPDATE game_settings SET reminded = true WHERE game_id = $1', [gameId]);
      if (waiting.kind !== 'orders') return false;
      for (const s of await seatsOf(tx, gameId)) {
        if (s.email && s.accepted && waiting.missing.includes(s.seat)) {
          await queueMail(tx, { gameId, kind: 'reminder', to: s.email, seat: s.seat, params: { title: locked.settings.title, step: waiting.step.id, deadline: isoOf(locked.settings.deadline) } });
        }
      }
      return true;
    }), false);
    if (sent) reminded.push(gameId);
  }
  const due = await host.sql.query<{ game_id: string }>(
    'SELECT s.game_id FROM game_settings s JOIN games g ON g.id = s.game_id WHERE NOT s.paused AND s.stopped_reason IS NULL AND g.result IS NULL AND s.deadline IS NOT NULL AND s.deadline <= $1::timestamptz ORDER BY s.deadline',
    [now],
  );
  const resolved: string[] = [];
  for (const { game_id: gameId } of due) resolved.push(...(await each(gameId, () => advanceGame(host, gameId, 'deadline'), [])).map((s) => `${gameId}/${s}`));
  return { reminded, resolved };
}
