import {
  awaiting,
  createGame as createEngineGame,
  err,
  formatProblems,
  closestName,
  loadGame,
  ok,
  openStep,
  resolveStep,
  submitOrders as submitEngineOrders,
  type AnyRuleset,
  type Game,
  type GameRecord,
  type Json,
  type Problem,
  type Result,
  type StepInfo,
  receiptOf,
  startClock,
  recordCheck,
  stepInfo,
} from '@umpire/engine';
import { botOrders, botProblem, DEFAULT_BOT } from './bots.js';
import type { Host } from './host.js';
import { ADDRESS as EMAIL } from './mail/transport.js';
import { queueMail } from './mail/outbox.js';
import { positionsOf, RecordBroken } from './positions.js';
import { seatReady } from './readiness.js';
import { rulesetById } from './rulesets.js';
import type { Queryable } from './storage/sql.js';
import { createGameIn, GameExists, loadRecord, saveRecordIn, storableText } from './storage/store.js';
import { newClaimCode, newDiceSecret, newMailToken, newToken, tokenHash } from './tokens.js';

/**
 * Hosted games: a game's settings (deadlines, what happens to a seat that sends nothing), its seats (a player's
 * email, a bot, or open) with their secret tokens, and the life of a turn: a step opens with its dice commitment
 * published, bots and players submit, and the step resolves at its deadline or as soon as every seat is ready.
 * Every change is one transaction that first locks the game's row, so that a crash leaves a turn done or not done,
 * and two server processes never resolve the same step.
 */

export type NoMoves = 'standing' | 'bot';

export interface SeatSpec {
  readonly seat: string;
  /** The player's address: invitations, turn mails and reports go there, and orders are accepted from it. */
  readonly email?: string;
  /** A bot plays the seat. */
  readonly bot?: string;
}

export interface NewHostedGame {
  readonly id?: string;
  readonly title?: string;
  readonly ruleset: string;
  readonly scenario?: string;
  readonly options?: Readonly<Record<string, string | number | boolean>>;
  /** Seats not listed are played by bots; a listed seat with neither email nor bot is open for the host to give. */
  readonly seats?: readonly SeatSpec[];
  /** How long each step is open for orders, in hours (default 72). */
  readonly deadlineHours?: number;
  /** Remind the seats that have sent nothing this many hours before the deadline (default 24; null: never). */
  readonly reminderHours?: number | null;
  /** A seat that sent nothing by the deadline: its standing (empty) orders, or a bot plays the turn for it. */
  readonly noMoves?: NoMoves;
  readonly hostEmail?: string;
  /** Listed in GET /api/games (default true). */
  readonly public?: boolean;
}

/** Who plays a seat, as its host sees it: never a seat's token (that reaches its player alone). */
export interface SeatGiven {
  readonly seat: string;
  readonly playedBy: 'player' | 'bot' | 'open';
  readonly email?: string;
  readonly bot?: string;
  /** An open seat's one-time claim link, for the host to pass on: whoever opens it first gets the seat's token. */
  readonly claimUrl?: string;
}

export interface HostedGame {
  readonly gameId: string;
  /** The host's token: seats, pauses, deadlines. Shown once. */
  readonly hostToken: string;
  /** The seats: invited players get their tokens by mail, open seats have claim links; bots hold no token. */
  readonly seats: readonly SeatGiven[];
}

/** The shortest deadline a game may have, in hours, unless the host's settings say otherwise. */
export const MIN_DEADLINE_HOURS = 1;

export interface Settings {
  game_id: string;
  stopped_reason: string | null;
  stopped_at: Date | string | null;
  title: string;
  host_email: string | null;
  public: boolean;
  deadline_hours: number;
  reminder_hours: number | null;
  no_moves: NoMoves;
  paused: boolean;
  deadline: Date | string | null;
  reminded: boolean;
}

export interface SeatRow {
  seat: string;
  email: string | null;
  bot: string | null;
  ready: boolean;
  /** An invited player has used the seat (its token, or a mail from its address with its tag): until then the address gets nothing but its invitation. */
  accepted: boolean;
  /** The step and the receipt the ready flag was given for (readiness.ts): a ready counts for those only. */
  ready_step?: string | null;
  ready_hash?: string | null;
}

const GAME_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const problem = (code: string, message: string, path?: string, suggestion?: string): Problem => ({ code, message, ...(path ? { path } : {}), ...(suggestion ? { suggestion } : {}) });

/** What is wrong with who a seat is given to (an address, a bot, or neither), with paths under `at`. */
function seatSpecProblems(ruleset: AnyRuleset | undefined, to: { email?: string; bot?: string }, at: string): Problem[] {
  const problems: Problem[] = [];
  if (to.email !== undefined && !EMAIL.test(to.email)) problems.push(problem('bad-email', `'${to.email}' is not an email address`, `${at}.email`));
  const unknownBot = ruleset && to.bot !== undefined ? botProblem(ruleset, to.bot, `${at}.bot`) : undefined;
  if (unknownBot) problems.push(unknownBot);
  if (to.bot !== undefined && to.email !== undefined) problems.push(problem('seat-twice', 'a seat is played by a player or by a bot, not both', at));
  return problems;
}

/** Create a game, give each seat its token, open its first step and queue the invitations. */
export async function hostGame(host: Host, spec: NewHostedGame): Promise<Result<HostedGame, Problem[]>> {
  const found = rulesetById(spec.ruleset);
  if (!found.ok) return err([problem('unknown-ruleset', found.message, '$.ruleset', found.suggestion)]);
  const ruleset = found.ruleset;
  const gameId = spec.id ?? `${ruleset.id}-${newToken().slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
  const problems: Problem[] = [];
  if (!GAME_ID.test(gameId)) problems.push(problem('bad-game-id', 'a game id is 1 to 63 lower-case letters, digits and hyphens, starting with a letter or digit', '$.id'));
  const deadlineHours = spec.deadlineHours ?? 72;
  const shortest = host.minDeadlineHours ?? MIN_DEADLINE_HOURS;
  if (!(deadlineHours >= shortest && deadlineHours <= 24 * 90)) problems.push(problem('bad-deadline', `deadlineHours is at least ${shortest} and at most 2160 (90 days)`, '$.deadlineHours'));
  const reminderHours = spec.reminderHours === undefined ? Math.min(24, deadlineHours / 2) : spec.reminderHours;
  if (reminderHours !== null && deadlineHours > 0 && !(reminderHours > 0 && reminderHours < deadlineHours)) problems.push(problem('bad-reminder', 'reminderHours is more than 0 and less than deadlineHours, or null', '$.reminderHours'));
  if (spec.hostEmail !== undefined && !EMAIL.test(spec.hostEmail)) problems.push(problem('bad-email', `'${spec.hostEmail}' is not an email address`, '$.hostEmail'));
  (spec.seats ?? []).forEach((s, i) => problems.push(...seatSpecProblems(ruleset, s, `$.seats[${i}]`)));
  // The record names seats only: who plays them is the server's business (addresses stay private), and a bot may
  // stand in for a player at a deadline.
  const created = createEngineGame<Json>(ruleset, {
    gameId,
    ...(spec.scenario !== undefined ? { scenario: spec.scenario } : {}),
    ...(spec.options ? { options: spec.options } : {}),
    seats: (spec.seats ?? []).map((s) => ({ id: s.seat })),
    dice: { mode: 'committed' },
    decisions: 'standing',
  });
  if (!created.ok) problems.push(...created.error.map((p) => (p.path?.startsWith('$.seats[') ? { ...p, path: p.path.replace(/\.id$/, '.seat') } : p)));
  if (problems.length || !created.ok) return err(problems);
  const game = created.value;
  const given = new Map((spec.seats ?? []).map((s) => [s.seat, s]));
  const seats = game.record.header.seats.map((h) => {
    const s = given.get(h.id);
    return { seat: h.id, ...(s?.email ? { email: s.email.toLowerCase() } : {}), ...(s ? (s.bot ? { bot: s.bot } : {}) : { bot: DEFAULT_BOT }) };
  });
  const hostToken = newToken();
  const title = spec.title?.trim() || `${ruleset.title} (${gameId})`;
  const answer: SeatGiven[] = [];
  try {
    await host.sql.transaction(async (tx) => {
      await createGameIn(tx, game.record);
      await tx.query(
        'INSERT INTO game_settings (game_id, title, host_email, host_token_hash, public, deadline_hours, reminder_hours, no_moves) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [gameId, title, spec.hostEmail ?? null, tokenHash(hostToken), spec.public ?? true, deadlineHours, reminderHours, spec.noMoves ?? 'standing'],
      );
      for (const s of seats) {
        await tx.query('INSERT INTO seats (game_id, seat, mail_token) VALUES ($1, $2, $3)', [gameId, s.seat, newMailToken()]);
        answer.push(await giveSeatIn(tx, host, gameId, title, s.seat, s));
      }
      if (spec.hostEmail) await queueMail(tx, { gameId, kind: 'hosted', to: spec.hostEmail, params: { title, hostToken } });
      const settings = await settingsOf(tx, gameId);
      await advanceIn(tx, host, ruleset, game, settings, 'created');
    });
  } catch (e) {
    // Two requests for one new id at once: the second insert breaks the primary key (23505).
    if (e instanceof GameExists || (e as { code?: string }).code === '23505') return err([problem('game-exists', `a game '${gameId}' exists already`, '$.id')]);
    throw e;
  }
  return ok({ gameId, hostToken, seats: answer });
}

/**
 * Give a seat to a player (an invitation mail holds the seat's new token: it reaches the player alone), to a bot (no
 * token: nobody reads a bot's orders), or leave it open with a one-time claim link for the host to pass on (the token
 * is made when the link is opened, for whoever opens it). Any earlier token or claim stops working.
 */
async function giveSeatIn(tx: Queryable, host: Host, gameId: string, title: string, seat: string, to: { email?: string; bot?: string }): Promise<SeatGiven> {
  if (to.email) {
    const token = newToken();
    const email = to.email.toLowerCase();
    await tx.query('UPDATE seats SET email = $3, bot = NULL, token_hash = $4, claim_hash = NULL, mail_token = $5, ready = false, accepted = false WHERE game_id = $1 AND seat = $2', [gameId, seat, email, tokenHash(token), newMailToken()]);
    await queueMail(tx, { gameId, kind: 'invitation', to: email, seat, params: { title, token } });
    return { seat, playedBy: 'player', email };
  }
  if (to.bot) {
    await tx.query('UPDATE seats SET email = NULL, bot = $3, token_hash = NULL, claim_hash = NULL, mail_token = $4, ready = false, accepted = true WHERE game_id = $1 AND seat = $2', [gameId, seat, to.bot, newMailToken()]);
    return { seat, playedBy: 'bot', bot: to.bot };
  }
  const code = newClaimCode();
  await tx.query('UPDATE seats SET email = NULL, bot = NULL, token_hash = NULL, claim_hash = $3, mail_token = $4, ready = false, accepted = true WHERE game_id = $1 AND seat = $2', [gameId, seat, tokenHash(code), newMailToken()]);
  return { seat, playedBy: 'open', claimUrl: `${host.publicUrl}/games/${gameId}?seat=${encodeURIComponent(seat)}&claim=${code}` };
}

/**
 * Claim an open seat with the code of its claim link: the seat's token, made now and shown to the claimer alone; the
 * code stops working. Undefined for a wrong code, a seat that is not open, or no such game.
 */
export async function claimSeat(host: Host, gameId: string, seat: string, code: string): Promise<string | undefined> {
  return host.sql.transaction(async (tx) => {
    await tx.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [gameId]);
    const [row] = await tx.query<{ claim_hash: string | null }>('SELECT claim_hash FROM seats WHERE game_id = $1 AND seat = $2', [gameId, seat]);
    if (!row?.claim_hash || row.claim_hash !== tokenHash(code)) return undefined;
    const token = newToken();
    await tx.query('UPDATE seats SET token_hash = $3, claim_hash = NULL, accepted = true WHERE game_id = $1 AND seat = $2', [gameId, seat, tokenHash(token)]);
    return token;
  });
}

/** A seat's token for the server's own use (the demo's seat link in the log of the server's owner, who hosts it). */
export async function mintSeatToken(host: Host, gameId: string, seat: string): Promise<string> {
  const token = newToken();
  await host.sql.query('UPDATE seats SET token_hash = $3, claim_hash = NULL, email = NULL, bot = NULL, accepted = true WHERE game_id = $1 AND seat = $2', [gameId, seat, tokenHash(token)]);
  return token;
}

/** The host's acts on a game's seats, oldest first: who was replaced, which seats went to bots or were opened. */
export async function hostActs(q: Queryable, gameId: string): Promise<{ act: string; seat: string | null; detail: string | null; at: string }[]> {
  const rows = await q.query<{ act: string; seat: string | null; detail: string | null; at: Date | string }>('SELECT act, seat, detail, at FROM host_acts WHERE game_id = $1 ORDER BY id', [gameId]);
  return rows.map((r) => ({ act: r.act, seat: r.seat, detail: r.detail, at: new Date(r.at).toISOString() }));
}

/** How a game is hosted; undefined for a game the server does not host (one stored by hand). */
async function findSettings(q: Queryable, gameId: string): Promise<Settings | undefined> {
  const [row] = await q.query<Settings>('SELECT * FROM game_settings WHERE game_id = $1', [gameId]);
  return row;
}

async function settingsOf(q: Queryable, gameId: string): Promise<Settings> {
  const row = await findSettings(q, gameId);
  if (!row) throw new Error(`game ${gameId} has no settings`);
  return row;
}

async function seatsOf(q: Queryable, gameId: string): Promise<SeatRow[]> {
  return q.query<SeatRow>('SELECT seat, email, bot, ready, accepted, ready_step, ready_hash FROM seats WHERE game_id = $1 ORDER BY seat', [gameId]);
}

/** A change asked of a game the server has stopped (its record no longer replays). */
export class GameStopped extends Error {
  constructor(
    readonly gameId: string,
    readonly reason: string,
  ) {
    super(`game ${gameId} is stopped: its record no longer replays (${reason}); the host has been told, and everything is kept`);
    this.name = 'GameStopped';
  }
}

/**
 * A hosted game in memory: its record and where it stands (after its last resolved step). The open step's orders are
 * checked as a replay checks them: orders that would not replay never reach a resolution (RecordBroken).
 */
export function hostedGame(ruleset: AnyRuleset, record: GameRecord): Game<Json> {
  const gameId = record.header.gameId;
  const last = record.steps.at(-1);
  if (last?.status === 'paused') {
    const loaded = loadGame(ruleset, record);
    if (!loaded.ok) throw new RecordBroken(gameId, `${loaded.error.path}: ${loaded.error.message}`);
    return loaded.value;
  }
  const position = positionsOf(ruleset, record).current!;
  if (last?.status === 'open') {
    const step = stepInfo(ruleset, position);
    if (step.id !== last.id) throw new RecordBroken(gameId, `$.steps[${record.steps.length - 1}].id: the open step should be '${step.id}', the record says '${last.id}'`);
    last.submissions.forEach((sub, k) => {
      const refused = recordCheck(ruleset, sub.orders, { state: position.state, seat: sub.seat, step });
      if (refused) throw new RecordBroken(gameId, `$.steps[${record.steps.length - 1}].submissions[${k}].orders: ${refused.message}`);
    });
  }
  return { record, position };
}

export type Locked = { readonly ruleset: AnyRuleset; readonly game: Game<Json>; readonly settings: Settings };

/**
 * Lock a game for a change and read it; undefined when there is no such game, `{ stopped }` when the game is stopped.
 * A game whose record no longer replays is stopped here, in the caller's transaction: marked, logged, its host told;
 * nothing is deleted, and it is never resolved again from an older position.
 */
export async function lockGame(q: Queryable, host: Host, gameId: string): Promise<Locked | { readonly stopped: string } | undefined> {
  const locked = await q.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [gameId]);
  if (!locked.length) return undefined;
  const settings = await findSettings(q, gameId);
  if (settings?.stopped_reason) return { stopped: settings.stopped_reason };
  const record = await loadRecord(q, gameId);
  if (!record) return undefined;
  const found = rulesetById(record.header.ruleset.id);
  if (!found.ok) throw new Error(`game ${gameId}: ${found.message}`);
  let game: Game<Json>;
  try {
    game = hostedGame(found.ruleset, record);
  } catch (e) {
    if (!(e instanceof RecordBroken) || !settings) throw e;
    await stopGameIn(q, host, settings, e.reason);
    return { stopped: e.reason };
  }
  if (!settings) throw new Error(`game ${gameId} has no settings`);
  return { ruleset: found.ruleset, game, settings };
}

/** Stop a game: its clock stops for good, the host is told why (by mail when the game has a host address) and in the log. */
async function stopGameIn(q: Queryable, host: Host, settings: Settings, reason: string): Promise<void> {
  const gameId = settings.game_id;
  await q.query('UPDATE game_settings SET stopped_reason = $2, stopped_at = $3, deadline = NULL WHERE game_id = $1', [gameId, storableText(reason), host.now().toISOString()]);
  host.log(`game ${gameId} stopped: its record no longer replays (${reason}); nothing is resolved from it again, and everything is kept`);
  if (settings.host_email) await queueMail(q, { gameId, kind: 'game-stopped', to: settings.host_email, params: { title: settings.title, reason: storableText(reason) } });
}

/** A change's answer, or GameStopped thrown once the transaction that found the game stopped has committed. */
export function unlessStopped<T>(gameId: string, out: T | { readonly stopped: string }): T {
  if (out !== null && typeof out === 'object' && 'stopped' in out) throw new GameStopped(gameId, out.stopped);
  return out;
}

export const isoOf = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Whether a step may resolve before its deadline: every seat has sent orders and every player said ready of them. */
function readyEarly(step: StepInfo, missing: readonly string[], seats: readonly SeatRow[], open: GameRecord['steps'][number]): boolean {
  if (missing.length) return false;
  const humans = seats.filter((s) => !s.bot);
  const inStep = humans.filter((s) => step.seats.includes(s.seat));
  // A game of bots alone moves at its deadlines, so that people can watch it.
  if (humans.length === 0) return false;
  return inStep.every((s) => seatReady(s, open));
}

export type AdvanceReason = 'created' | 'deadline' | 'ready' | 'host';

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
    const over = result.value.outcome === 'over';
    for (const s of seats) {
      // An invited address gets nothing but its invitation until its owner takes the seat up.
      if (!s.email || !s.accepted) continue;
      await queueMail(tx, { gameId, kind: 'report', to: s.email, seat: s.seat, params: { title: settings.title, turn: now.step.turn, step: now.step.id } });
      if (over) await queueMail(tx, { gameId, kind: 'game-over', to: s.email, seat: s.seat, params: { title: settings.title, summary: game.record.result?.summary ?? '' } });
    }
    if (over) await tx.query('UPDATE game_settings SET deadline = NULL WHERE game_id = $1', [gameId]);
    due = false;
  }
  if (game !== start) await saveRecordIn(tx, game.record, expectedSteps);
  return resolved;
}

/** Bots' orders for the seats given, submitted as the bots'. */
function submitBots(ruleset: AnyRuleset, start: Game<Json>, step: StepInfo, seats: readonly (readonly [string, string])[], secret: string): Game<Json> {
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

export interface SeatAuth {
  readonly gameId: string;
  readonly seat: string;
}

/** Which seat of a game a token opens; undefined for a wrong token. */
export async function seatOfToken(q: Queryable, gameId: string, token: string): Promise<SeatRow | undefined> {
  const [row] = await q.query<SeatRow>('SELECT seat, email, bot, ready, accepted FROM seats WHERE game_id = $1 AND token_hash = $2', [gameId, tokenHash(token)]);
  return row;
}

/** An invited player used the seat (its token, or a mail from its address with its tag): mails may go to it now. */
export async function acceptSeat(q: Queryable, gameId: string, seat: string): Promise<void> {
  const [row] = await q.query<{ email: string | null }>('UPDATE seats SET accepted = true WHERE game_id = $1 AND seat = $2 AND NOT accepted RETURNING email', [gameId, seat]);
  if (!row?.email) return;
  // The turn mail the invitation stood in for: the open step, when the seat is in it.
  const record = await loadRecord(q, gameId);
  const settings = await findSettings(q, gameId);
  const found = record ? rulesetById(record.header.ruleset.id) : undefined;
  if (!record || !settings || !found?.ok || settings.stopped_reason) return;
  const step = record.steps.at(-1);
  if (!step || step.status !== 'open') return;
  const waiting = awaiting(found.ruleset, hostedGame(found.ruleset, record));
  if (waiting.kind !== 'orders' || !waiting.step.seats.includes(seat)) return;
  await queueMail(q, { gameId, kind: 'turn-opened', to: row.email, seat, params: { title: settings.title, step: step.id, turn: step.turn, commitment: step.commitment ?? null, deadline: isoOf(settings.deadline) } });
}

/** Whether a token is the game's host token. */
export async function isHostToken(q: Queryable, gameId: string, token: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM game_settings WHERE game_id = $1 AND host_token_hash = $2', [gameId, tokenHash(token)]);
  return rows.length > 0;
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
 * What the host may change: who plays a seat (a player invited by mail, a bot, or open with a claim link); the old token
 * stops working. Recorded as the host's act; the host never sees the seat's token.
 */
export async function assignSeat(host: Host, gameId: string, seat: string, to: { email?: string; bot?: string }): Promise<Result<SeatGiven, Problem[]>> {
  const problems = seatSpecProblems(undefined, to, '$');
  if (problems.length) return err(problems);
  const result = await host.sql.transaction(async (tx): Promise<SeatGiven | false | Problem[]> => {
    const locked = await lockGame(tx, host, gameId);
    const seats = await seatsOf(tx, gameId);
    if (locked && 'stopped' in locked) return [problem('game-stopped', new GameStopped(gameId, locked.stopped).message)];
    if (!locked || !seats.some((s) => s.seat === seat)) return false;
    const badBot = seatSpecProblems(locked.ruleset, to, '$');
    if (badBot.length) return badBot;
    const was = seats.find((s) => s.seat === seat)!;
    const [held] = await tx.query<{ held: boolean }>('SELECT token_hash IS NOT NULL AS held FROM seats WHERE game_id = $1 AND seat = $2', [gameId, seat]);
    const given = await giveSeatIn(tx, host, gameId, locked.settings.title, seat, to);
    const from = was.bot ? `the ${was.bot} bot` : was.email || held?.held ? 'a player' : 'nobody (open)';
    const now = given.playedBy === 'bot' ? `the ${given.bot} bot` : given.playedBy === 'player' ? 'a player invited by mail' : 'open, with a claim link';
    await tx.query('INSERT INTO host_acts (game_id, act, seat, detail, at) VALUES ($1, $2, $3, $4, $5)', [gameId, 'seat-given', seat, `from ${from} to ${now}`, host.now().toISOString()]);
    // A bot that takes a seat plays the open step at once, as bots do when a step opens.
    const waiting = awaiting(locked.ruleset, locked.game);
    if (to.bot && waiting.kind === 'orders' && waiting.missing.includes(seat)) {
      const idx = locked.game.record.steps.length - 1;
      const [secret] = await tx.query<{ secret: string }>('SELECT secret FROM step_secrets WHERE game_id = $1 AND step_idx = $2', [gameId, idx]);
      if (secret) await saveRecordIn(tx, submitBots(locked.ruleset, locked.game, waiting.step, [[seat, to.bot]], secret.secret).record, idx + 1);
    }
    return given;
  });
  if (Array.isArray(result)) return err(result);
  if (!result) {
    const seats = (await seatsOf(host.sql, gameId)).map((s) => s.seat);
    return err([problem('unknown-seat', `no seat '${seat}' in game ${gameId}`, '$.seat', closestName(seat, seats))]);
  }
  return ok(result);
}

/** Pause a game (its deadline stops), resume it (a fresh deadline from now), or extend the deadline. */
export async function setPaused(host: Host, gameId: string, paused: boolean): Promise<void> {
  const out = await host.sql.transaction(async (tx) => {
    const locked = await lockGame(tx, host, gameId);
    if (!locked) return;
    if ('stopped' in locked) return locked;
    const settings = locked.settings;
    if (paused || settings.deadline === null) await tx.query('UPDATE game_settings SET paused = $2 WHERE game_id = $1', [gameId, paused]);
    else {
      const deadline = new Date(host.now().getTime() + settings.deadline_hours * 3_600_000);
      await tx.query('UPDATE game_settings SET paused = false, deadline = $2, reminded = false WHERE game_id = $1', [gameId, deadline.toISOString()]);
      // Every seat may have said ready while the game was paused.
      await resolveEarly(tx, host, locked.ruleset, locked.game, { ...settings, paused: false, deadline, reminded: false });
    }
  });
  unlessStopped(gameId, out);
}

export async function extendDeadline(host: Host, gameId: string, hours: number): Promise<string | null> {
  return host.sql.transaction(async (tx) => {
    await tx.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [gameId]);
    const [row] = await tx.query<{ deadline: Date | string | null }>(
      "UPDATE game_settings SET deadline = deadline + ($2::double precision * interval '1 hour'), reminded = false WHERE game_id = $1 RETURNING deadline",
      [gameId, hours],
    );
    return isoOf(row?.deadline ?? null);
  });
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

export interface SeatStatus {
  readonly seat: string;
  readonly playedBy: 'player' | 'bot' | 'open';
  readonly submitted: boolean;
  readonly ready: boolean;
}

export interface GameStatus {
  readonly id: string;
  readonly title: string;
  readonly ruleset: string;
  readonly scenario: string;
  readonly public: boolean;
  readonly paused: boolean;
  /** Set when the server stopped the game because its record no longer replays: why, and when. */
  readonly stopped?: { readonly reason: string; readonly at: string | null };
  readonly turnsResolved: number;
  readonly open?: {
    readonly step: string;
    readonly turn: number;
    readonly label: string;
    /** SHA-256 of the step's dice secret, published when the step opens; the record reveals the secret after. */
    readonly commitment: string | null;
    readonly deadline: string | null;
  };
  readonly seats: readonly SeatStatus[];
  readonly settings: { readonly deadlineHours: number; readonly reminderHours: number | null; readonly noMoves: NoMoves };
  readonly result?: { readonly winners: readonly string[]; readonly summary: string };
}

/** A game as anyone may see it: settings, the open step with its dice commitment, who has sent orders. */
export async function gameStatus(q: Queryable, gameId: string): Promise<GameStatus | undefined> {
  const record = await loadRecord(q, gameId);
  if (!record) return undefined;
  const settings = await findSettings(q, gameId);
  if (!settings) return undefined;
  const seats = await seatsOf(q, gameId);
  const last = record.steps.at(-1);
  const openStep = last && last.status !== 'resolved' ? last : undefined;
  const turnsResolved = record.steps.filter((s) => s.status === 'resolved').reduce((n, s) => Math.max(n, s.turn), 0);
  return {
    id: gameId,
    title: settings.title,
    ruleset: record.header.ruleset.id,
    scenario: record.header.scenario,
    public: settings.public,
    paused: settings.paused,
    ...(settings.stopped_reason ? { stopped: { reason: settings.stopped_reason, at: isoOf(settings.stopped_at) } } : {}),
    turnsResolved,
    ...(openStep
      ? {
          open: {
            step: openStep.id,
            turn: openStep.turn,
            label: labelOfTurn(record, openStep.turn),
            commitment: openStep.commitment ?? null,
            deadline: isoOf(settings.deadline),
          },
        }
      : {}),
    seats: seats.map((s) => ({
      seat: s.seat,
      playedBy: s.bot ? 'bot' : s.email ? 'player' : 'open',
      submitted: !!openStep?.submissions.some((x) => x.seat === s.seat),
      ready: !!openStep && seatReady(s, openStep),
    })),
    settings: { deadlineHours: settings.deadline_hours, reminderHours: settings.reminder_hours, noMoves: settings.no_moves },
    ...(record.result ? { result: record.result } : {}),
  };
}

/** How the ruleset names a turn ('Turn 3, December 1914 - January 1915'); the calendar is in the opening state. */
function labelOfTurn(record: GameRecord, turn: number): string {
  const found = rulesetById(record.header.ruleset.id);
  const opening = found.ok ? openingPosition(found.ruleset, record) : undefined;
  return (found.ok && opening ? found.ruleset.turnLabel?.(turn, opening.state) : undefined) ?? `Turn ${turn}`;
}

/** The position a game starts from (the map of turn 0; the calendar of turn labels). */
export function openingPosition(ruleset: AnyRuleset, record: GameRecord): Game<Json>['position'] | undefined {
  const setup = ruleset.setup(record.header.scenario, record.header.options);
  return setup.ok ? { clock: startClock, state: setup.value as Json } : undefined;
}

/** A seat's own orders for the open step, as stored, with their text form; undefined when it has sent none. */
export async function ordersOfSeat(q: Queryable, gameId: string, seat: string): Promise<{ step: string; orders: Json; text: string; orderHash: string; receipt: string } | undefined> {
  const record = await loadRecord(q, gameId);
  const step = record?.steps.at(-1);
  if (!record || !step || step.status === 'resolved') return undefined;
  const sub = step.submissions.find((s) => s.seat === seat);
  if (!sub) return undefined;
  const found = rulesetById(record.header.ruleset.id);
  if (!found.ok) return undefined;
  const game = hostedGame(found.ruleset, record);
  const now = awaiting(found.ruleset, game);
  if (now.kind === 'over') return undefined;
  const text = found.ruleset.formatOrders(sub.orders, { state: game.position.state, seat, step: now.step });
  return { step: step.id, orders: sub.orders, text, orderHash: sub.orderHash, receipt: receiptOf(record, record.steps.length - 1, sub) };
}

/** The games a visitor may see, newest first. */
export async function listPublicGames(q: Queryable): Promise<{ id: string; title: string; ruleset: string; turnsResolved: number; over: boolean; seats: number; openSeats: number }[]> {
  const rows = await q.query<{ id: string; title: string; ruleset: string; turns: number | null; over: boolean; seats: number; open_seats: number }>(
    `SELECT g.id, s.title, g.ruleset, g.result IS NOT NULL AS over,
        (SELECT max(turn) FROM steps st WHERE st.game_id = g.id AND st.status = 'resolved') AS turns,
        (SELECT count(*)::int FROM seats x WHERE x.game_id = g.id) AS seats,
        (SELECT count(*)::int FROM seats x WHERE x.game_id = g.id AND x.bot IS NULL AND x.email IS NULL) AS open_seats
      FROM games g JOIN game_settings s ON s.game_id = g.id WHERE s.public ORDER BY g.created_at DESC, g.id`,
  );
  return rows.map((r) => ({ id: r.id, title: r.title, ruleset: r.ruleset, turnsResolved: Number(r.turns ?? 0), over: r.over, seats: r.seats, openSeats: r.open_seats }));
}

