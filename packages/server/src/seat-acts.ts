import { awaiting, err, closestName, ok, type Problem, type Result } from '@umpire/engine';
import type { Host } from './host.js';
import { queueMail } from './mail/outbox.js';
import { rulesetById } from './rulesets.js';
import type { Queryable } from './storage/sql.js';
import { loadRecord, saveRecordIn } from './storage/store.js';
import { tokenHash } from './tokens.js';
import { submitBots, resolveEarly } from './advance.js';
import { type SeatGiven, seatSpecProblems, problem, giveSeatIn } from './games.js';
import { type SeatRow, findSettings, hostedGame, isoOf, lockGame, seatsOf, GameStopped, unlessStopped } from './game-rows.js';

/**
 * What is done to a hosted game's seats: a token's seat, a seat taken up, the host's acts (a seat given to a player
 * or a bot, a game paused or resumed, a deadline extended).
 */
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

/**
 * Whether a token is the game's host token, or the hosting key the game was hosted with while the server's owner
 * still lists it (`hostingKeys`: the hashes of UMPIRE_HOSTING_KEYS; a key taken off the list manages nothing).
 */
export async function isHostToken(q: Queryable, gameId: string, token: string, keys: ReadonlySet<string> = new Set()): Promise<boolean> {
  const hash = tokenHash(token);
  const sql = 'SELECT 1 FROM game_settings WHERE game_id = $1 AND (host_token_hash = $2 OR ($3 AND hosting_key_hash = $2))';
  const rows = await q.query(sql, [gameId, hash, keys.has(hash)]);
  return rows.length > 0;
}

/**
 * What the host may change: who plays a seat (a player invited by mail, a bot, or open with a claim link); the old token
 * stops working. Recorded as the host's act; the host never sees the seat's token.
 */
export async function assignSeat(host: Host, gameId: string, seat: string, to: { email?: string; bot?: string; lobby?: boolean }): Promise<Result<SeatGiven, Problem[]>> {
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
    const now = given.playedBy === 'bot' ? `the ${given.bot} bot` : given.playedBy === 'player' ? 'a player invited by mail' : given.lobby ? 'open in the lobby' : 'open, with a claim link';
    await tx.query('INSERT INTO host_acts (game_id, act, seat, detail, at) VALUES ($1, $2, $3, $4, $5)', [gameId, 'seat-given', seat, `from ${from} to ${now}`, host.now().toISOString()]);
    host.log(`game ${gameId}: the host gave seat ${seat} from ${from} to ${now}`);
    // A bot that takes a seat plays the open step at once, as bots do when a step opens; and when it was the last seat
    // the step waited for, with every player ready, the step resolves now rather than at its deadline.
    const waiting = awaiting(locked.ruleset, locked.game);
    if (to.bot && waiting.kind === 'orders') {
      const idx = locked.game.record.steps.length - 1;
      let played = locked.game;
      if (waiting.missing.includes(seat)) {
        const [secret] = await tx.query<{ secret: string }>('SELECT secret FROM step_secrets WHERE game_id = $1 AND step_idx = $2', [gameId, idx]);
        if (secret) {
          played = submitBots(locked.ruleset, locked.game, waiting.step, [[seat, to.bot]], secret.secret);
          await saveRecordIn(tx, played.record, idx + 1);
        }
      }
      const resolved = locked.settings.paused ? [] : await resolveEarly(tx, host, locked.ruleset, played, locked.settings);
      if (resolved.length) return { ...given, resolved };
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
