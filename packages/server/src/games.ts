import { createGame as createEngineGame, err, ok, type AnyRuleset, type Json, type Problem, type Result } from '@umpire/engine';
import { botProblem, DEFAULT_BOT } from './bots.js';
import type { Host } from './host.js';
import { ADDRESS as EMAIL } from './mail/transport.js';
import { queueMail } from './mail/outbox.js';
import { rulesetById } from './rulesets.js';
import type { Queryable } from './storage/sql.js';
import { createGameIn, GameExists } from './storage/store.js';
import { newClaimCode, newMailToken, newToken, tokenHash } from './tokens.js';
import { advanceIn } from './advance.js';
import { type NoMoves, MIN_DEADLINE_HOURS, settingsOf } from './game-rows.js';
import { PRESS_MODES, type PressMode } from './press/press.js';

/**
 * Hosting a game: its creation with its settings (deadlines, what happens to a seat that sends nothing) and its seats
 * (a player's email, a bot, or open) with their secret tokens and claim links, and the host's acts on record. The
 * life of a turn is in advance.ts, the seats' acts in seat-acts.ts, what readers see in game-status.ts, the stored
 * rows and the lock every change first takes in game-rows.ts: one transaction per change, so that a crash leaves a
 * turn done or not done, and two server processes never resolve the same step.
 */


export interface SeatSpec {
  readonly seat: string;
  /** The player's address: invitations, turn mails and reports go there, and orders are accepted from it. */
  readonly email?: string;
  /** A bot plays the seat. */
  readonly bot?: string;
  /** An open seat (neither email nor bot) that anyone may take from the lobby, as well as by its claim link. */
  readonly lobby?: boolean;
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
  /** Press between the seats: 'on' (default), 'public' (announcements only) or 'off'. */
  readonly press?: PressMode;
}

/** Who plays a seat, as its host sees it: never a seat's token (that reaches its player alone). */
export interface SeatGiven {
  readonly seat: string;
  readonly playedBy: 'player' | 'bot' | 'open';
  readonly email?: string;
  readonly bot?: string;
  /** An open seat's one-time claim link, for the host to pass on: whoever opens it first gets the seat's token. */
  readonly claimUrl?: string;
  /** An open seat anyone may take from the lobby. */
  readonly lobby?: boolean;
  /** The steps resolved at once because a bot took the last seat the step waited for (every player was ready). */
  readonly resolved?: readonly string[];
}

export interface HostedGame {
  readonly gameId: string;
  /** The host's token: seats, pauses, deadlines. Shown once. */
  readonly hostToken: string;
  /** The seats: invited players get their tokens by mail, open seats have claim links; bots hold no token. */
  readonly seats: readonly SeatGiven[];
}




const GAME_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const problem = (code: string, message: string, path?: string, suggestion?: string): Problem => ({ code, message, ...(path ? { path } : {}), ...(suggestion ? { suggestion } : {}) });

/** Who a seat is given to: a player's address, a bot, or neither (open: by a claim link, and in the lobby too when `lobby`). */
export interface SeatTo {
  readonly email?: string;
  readonly bot?: string;
  readonly lobby?: boolean;
}

/** What is wrong with who a seat is given to (an address, a bot, or neither), with paths under `at`. */
export function seatSpecProblems(ruleset: AnyRuleset | undefined, to: SeatTo, at: string): Problem[] {
  const problems: Problem[] = [];
  if (to.email !== undefined && !EMAIL.test(to.email)) problems.push(problem('bad-email', `'${to.email}' is not an email address`, `${at}.email`));
  const unknownBot = ruleset && to.bot !== undefined ? botProblem(ruleset, to.bot, `${at}.bot`) : undefined;
  if (unknownBot) problems.push(unknownBot);
  if (to.bot !== undefined && to.email !== undefined) problems.push(problem('seat-twice', 'a seat is played by a player or by a bot, not both', at));
  if (to.lobby && (to.bot !== undefined || to.email !== undefined)) {
    problems.push(problem('lobby-seat', 'only an open seat (neither email nor bot) is offered in the lobby', `${at}.lobby`));
  }
  return problems;
}

/**
 * Create a game, give each seat its token, open its first step and queue the invitations. `hostingKeyHash`: the hash of
 * the hosting key it is hosted with, whose holder may manage it from the host page as with the host token.
 */
export async function hostGame(
  host: Host,
  spec: NewHostedGame,
  opts: { readonly hostingKeyHash?: string } = {},
): Promise<Result<HostedGame, Problem[]>> {
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
  if (spec.press !== undefined && !PRESS_MODES.includes(spec.press)) {
    problems.push(problem('bad-press', `press is one of ${PRESS_MODES.join(', ')}`, '$.press'));
  }
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
    const who = s ? (s.bot ? { bot: s.bot } : {}) : { bot: DEFAULT_BOT };
    return { seat: h.id, ...(s?.email ? { email: s.email.toLowerCase() } : {}), ...who, ...(s?.lobby ? { lobby: true } : {}) };
  });
  const hostToken = newToken();
  const title = spec.title?.trim() || `${ruleset.title} (${gameId})`;
  const answer: SeatGiven[] = [];
  try {
    await host.sql.transaction(async (tx) => {
      await createGameIn(tx, game.record);
      await tx.query(
        'INSERT INTO game_settings (game_id, title, host_email, host_token_hash, public, deadline_hours, reminder_hours, no_moves, hosting_key_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [gameId, title, spec.hostEmail ?? null, tokenHash(hostToken), spec.public ?? true, deadlineHours, reminderHours, spec.noMoves ?? 'standing', opts.hostingKeyHash ?? null],
      );
      if (spec.press) await tx.query('UPDATE game_settings SET press = $2 WHERE game_id = $1', [gameId, spec.press]);
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
  const who = answer.map((a) => {
    if (a.playedBy === 'bot') return `${a.seat}: the ${a.bot} bot`;
    const by = a.playedBy === 'player' ? 'invited by mail' : a.lobby ? 'open in the lobby' : 'open, with a link';
    return `${a.seat}: ${by}`;
  });
  host.log(`game ${gameId} hosted (${ruleset.id}, ${who.join('; ')})`);
  return ok({ gameId, hostToken, seats: answer });
}

/**
 * Give a seat to a player (an invitation mail holds the seat's new token: it reaches the player alone), to a bot (no
 * token: nobody reads a bot's orders), or leave it open with a one-time claim link for the host to pass on (the token
 * is made when the link is opened, for whoever opens it). Any earlier token or claim stops working.
 */
export async function giveSeatIn(tx: Queryable, host: Host, gameId: string, title: string, seat: string, to: { email?: string; bot?: string; lobby?: boolean }): Promise<SeatGiven> {
  if (to.email) {
    const token = newToken();
    const email = to.email.toLowerCase();
    await tx.query('UPDATE seats SET email = $3, bot = NULL, token_hash = $4, claim_hash = NULL, mail_token = $5, ready = false, accepted = false, lobby = false WHERE game_id = $1 AND seat = $2', [gameId, seat, email, tokenHash(token), newMailToken()]);
    await queueMail(tx, { gameId, kind: 'invitation', to: email, seat, params: { title, token } });
    return { seat, playedBy: 'player', email };
  }
  if (to.bot) {
    await tx.query('UPDATE seats SET email = NULL, bot = $3, token_hash = NULL, claim_hash = NULL, mail_token = $4, ready = false, accepted = true, lobby = false WHERE game_id = $1 AND seat = $2', [gameId, seat, to.bot, newMailToken()]);
    return { seat, playedBy: 'bot', bot: to.bot };
  }
  const code = newClaimCode();
  await tx.query('UPDATE seats SET email = NULL, bot = NULL, token_hash = NULL, claim_hash = $3, mail_token = $4, ready = false, accepted = true, lobby = $5 WHERE game_id = $1 AND seat = $2', [gameId, seat, tokenHash(code), newMailToken(), !!to.lobby]);
  return { seat, playedBy: 'open', claimUrl: `${host.publicUrl}/games/${gameId}?seat=${encodeURIComponent(seat)}&claim=${code}`, ...(to.lobby ? { lobby: true } : {}) };
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
    await tx.query('UPDATE seats SET token_hash = $3, claim_hash = NULL, accepted = true, lobby = false WHERE game_id = $1 AND seat = $2', [gameId, seat, tokenHash(token)]);
    host.log(`game ${gameId}: seat ${seat} taken by its claim link`);
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
