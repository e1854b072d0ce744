import { botNames, type Json } from '@umpire/engine';
import { DEFAULT_BOT } from './bots.js';
import { RESOLVED_WHY } from './advance.js';
import { gameStatus, labelOfTurn, type GameStatus } from './game-status.js';
import { ENDED_BY_HOST, GameStopped, findSettings, isoOf, lockGame, unlessStopped } from './game-rows.js';
import { giveSeatIn, hostActs } from './games.js';
import type { Host } from './host.js';
import { queueMail, type MailKind } from './mail/outbox.js';
import { rulesetById, rulesets } from './rulesets.js';
import type { Queryable } from './storage/sql.js';
import { loadRecord } from './storage/store.js';
import { newToken, tokenHash } from './tokens.js';

/**
 * What the host page shows and does beyond the seats' acts (seat-acts.ts): the rulesets to host with their seats and
 * bots, the games a hosting key hosted, a game as its host sees it (who joined, who sent orders, the resolutions, the
 * mail sent and waiting), mail sent again, a game ended or deleted; and the lobby, where visitors take open seats.
 */

/** A ruleset as the host page offers it: its scenarios with their seats, its options and its bots. */
export interface HostableRuleset {
  readonly id: string;
  readonly title: string;
  readonly defaultScenario: string;
  readonly scenarios: readonly { readonly id: string; readonly seats: readonly string[] }[];
  readonly options: readonly {
    readonly key: string;
    readonly description: string;
    readonly type: string;
    readonly default: string | number | boolean;
    readonly choices?: readonly string[];
  }[];
  readonly bots: readonly string[];
}

let hostable: HostableRuleset[] | undefined;

/** Every installed ruleset as the host page offers it (the seats of each scenario with its default options). */
export function hostableRulesets(): HostableRuleset[] {
  hostable ??= Object.values(rulesets).map((r) => {
    const defaults = Object.fromEntries(r.options.map((o) => [o.key, o.default]));
    const scenarios = r.scenarios.map((id) => {
      const setup = r.setup(id, defaults);
      return { id, seats: setup.ok ? [...r.seats(setup.value)] : [] };
    });
    return {
      id: r.id,
      title: r.title,
      defaultScenario: r.defaultScenario,
      scenarios,
      options: r.options,
      bots: [DEFAULT_BOT, ...botNames(r)],
    };
  });
  return hostable;
}

/** A seat as its host sees it: who plays it, whether its player has joined, whether it has sent orders. */
export interface HostSeat {
  readonly seat: string;
  readonly playedBy: 'player' | 'bot' | 'open';
  readonly email?: string;
  readonly bot?: string;
  /** Its player holds the seat: an invitation taken up, or a claim link or the lobby used. */
  readonly joined: boolean;
  /** An open seat offered in the lobby. */
  readonly lobby: boolean;
  /** An open seat whose claim link has not been used yet. */
  readonly linkWaiting: boolean;
  readonly submitted: boolean;
  readonly ready: boolean;
}

/** A mail of the game's outbox, as its host sees it: never its text or its secrets (a seat's token). */
export interface HostMail {
  readonly id: number;
  readonly kind: MailKind;
  readonly to: string;
  readonly seat: string | null;
  readonly state: 'sent' | 'waiting' | 'failed';
  readonly queuedAt: string;
  readonly sentAt: string | null;
  readonly attempts: number;
  readonly error: string | null;
}

export interface HostView {
  readonly status: GameStatus;
  readonly seats: readonly HostSeat[];
  readonly hostEmail: string | null;
  readonly createdAt: string | null;
  readonly resolutions: readonly { readonly step: string; readonly label: string; readonly why: string; readonly at: string }[];
  readonly acts: Awaited<ReturnType<typeof hostActs>>;
  readonly mail: readonly HostMail[];
  /** Whether the server sends mail (UMPIRE_SMTP_URL): without it, mails wait in the outbox. */
  readonly mailOut: boolean;
  /** The bots that may take a seat of the game. */
  readonly bots: readonly string[];
}

/** The mails a host page lists, newest first. */
const MAIL_SHOWN = 200;

/** A game as its host sees it; undefined for no such game. */
export async function hostView(q: Queryable, gameId: string, mailOut: boolean): Promise<HostView | undefined> {
  const status = await gameStatus(q, gameId);
  const settings = await findSettings(q, gameId);
  const record = await loadRecord(q, gameId);
  if (!status || !settings || !record) return undefined;
  const rows = await q.query<{
    seat: string;
    email: string | null;
    bot: string | null;
    lobby: boolean;
    held: boolean;
    waiting: boolean;
    accepted: boolean;
  }>(
    `SELECT seat, email, bot, lobby, token_hash IS NOT NULL AS held, claim_hash IS NOT NULL AS waiting, accepted
      FROM seats WHERE game_id = $1 ORDER BY seat`,
    [gameId],
  );
  const seats = rows.map((r): HostSeat => {
    const shown = status.seats.find((s) => s.seat === r.seat);
    const joined = r.bot ? false : r.email ? r.accepted : r.held;
    return {
      seat: r.seat,
      playedBy: r.bot ? 'bot' : r.email || r.held ? 'player' : 'open',
      ...(r.email ? { email: r.email } : {}),
      ...(r.bot ? { bot: r.bot } : {}),
      joined,
      lobby: r.lobby && !r.held,
      linkWaiting: r.waiting,
      submitted: shown?.submitted ?? false,
      ready: shown?.ready ?? false,
    };
  });
  const adjudications = await q.query<{ step_id: string; step_idx: number; reason: string; at: Date | string }>(
    'SELECT step_id, step_idx, reason, at FROM adjudications WHERE game_id = $1 ORDER BY id DESC',
    [gameId],
  );
  const resolutions = adjudications.map((a) => ({
    step: a.step_id,
    label: labelOfTurn(record, record.steps[a.step_idx]?.turn ?? 0),
    why: RESOLVED_WHY[a.reason] ?? a.reason,
    at: isoOf(a.at)!,
  }));
  const mails = await q.query<{
    id: string | number;
    kind: MailKind;
    to_email: string;
    seat: string | null;
    created_at: Date | string;
    sent_at: Date | string | null;
    attempts: number;
    last_error: string | null;
  }>(
    'SELECT id, kind, to_email, seat, created_at, sent_at, attempts, last_error FROM outbox WHERE game_id = $1 ORDER BY id DESC LIMIT $2',
    [gameId, MAIL_SHOWN],
  );
  const mail = mails.map((m): HostMail => ({
    id: Number(m.id),
    kind: m.kind,
    to: m.to_email,
    seat: m.seat,
    state: m.sent_at ? 'sent' : m.last_error ? 'failed' : 'waiting',
    queuedAt: isoOf(m.created_at)!,
    sentAt: isoOf(m.sent_at),
    attempts: m.attempts,
    error: m.last_error,
  }));
  const [created] = await q.query<{ created_at: Date | string }>('SELECT created_at FROM games WHERE id = $1', [gameId]);
  return {
    status,
    seats,
    hostEmail: settings.host_email,
    createdAt: created ? isoOf(created.created_at) : null,
    resolutions,
    acts: await hostActs(q, gameId),
    mail,
    mailOut,
    bots: hostableRulesets().find((r) => r.id === status.ruleset)?.bots ?? [DEFAULT_BOT],
  };
}

/** A game of a hosting key's list. */
export interface HostedSummary {
  readonly id: string;
  readonly title: string;
  readonly ruleset: string;
  readonly createdAt: string;
  readonly over: boolean;
  readonly ended: boolean;
  readonly paused: boolean;
  readonly deadline: string | null;
  readonly mailWaiting: number;
}

/** The games hosted with a hosting key, newest first. */
export async function gamesHostedWith(q: Queryable, keyHash: string): Promise<HostedSummary[]> {
  const rows = await q.query<{
    id: string;
    title: string;
    ruleset: string;
    created_at: Date | string;
    over: boolean;
    ended: boolean;
    paused: boolean;
    deadline: Date | string | null;
    waiting: number;
  }>(
    `SELECT g.id, s.title, g.ruleset, g.created_at, g.result IS NOT NULL AS over, s.ended_at IS NOT NULL AS ended, s.paused, s.deadline,
        (SELECT count(*)::int FROM outbox o WHERE o.game_id = g.id AND o.sent_at IS NULL) AS waiting
      FROM games g JOIN game_settings s ON s.game_id = g.id WHERE s.hosting_key_hash = $1 ORDER BY g.created_at DESC, g.id`,
    [keyHash],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    ruleset: r.ruleset,
    createdAt: isoOf(r.created_at)!,
    over: r.over,
    ended: r.ended,
    paused: r.paused,
    deadline: isoOf(r.deadline),
    mailWaiting: r.waiting,
  }));
}

/** Mails whose params hold a secret wiped once sent: sent again, they would be empty of it. */
const SECRET_KINDS: ReadonlySet<MailKind> = new Set(['invitation', 'hosted']);

/**
 * Send a mail of the game again. A mail still waiting (or failed) is tried afresh at the next round of mail out; a
 * mail sent is queued again, but for an invitation, whose token left the database with it: the seat is given to the
 * same address anew (a new invitation with a new token; the old one stops working). The mail to the host with the
 * host token cannot be sent again.
 */
export async function resendMail(
  host: Host,
  gameId: string,
  mailId: number,
): Promise<{ ok: true; what: string } | { ok: false; status: number; code: string; message: string }> {
  return host.sql.transaction(async (tx) => {
    const locked = await lockGame(tx, host, gameId);
    if (!locked) return { ok: false, status: 404, code: 'unknown-game', message: `no game '${gameId}'` };
    const [row] = await tx.query<{
      kind: MailKind;
      to_email: string;
      seat: string | null;
      params: Record<string, Json>;
      sent_at: Date | string | null;
    }>('SELECT kind, to_email, seat, params, sent_at FROM outbox WHERE id = $1 AND game_id = $2', [mailId, gameId]);
    if (!row) return { ok: false, status: 404, code: 'unknown-mail', message: `no mail ${mailId} in game ${gameId}` };
    if (!row.sent_at) {
      await tx.query('UPDATE outbox SET attempts = 0, claimed_until = NULL, last_error = NULL WHERE id = $1', [mailId]);
      host.log(`game ${gameId}: the host asked for mail ${mailId} (${row.kind} to ${row.to_email}) to be tried again`);
      return { ok: true, what: 'it is tried again at the next round of mail out' };
    }
    if (row.kind === 'hosted')
      return {
        ok: false,
        status: 409,
        code: 'cannot-resend',
        message: 'the mail with the host token cannot be sent again: the token left the server with it',
      };
    if (SECRET_KINDS.has(row.kind)) {
      if ('stopped' in locked)
        return { ok: false, status: 409, code: 'game-stopped', message: new GameStopped(gameId, locked.stopped).message };
      const [seat] = await tx.query<{ email: string | null }>('SELECT email FROM seats WHERE game_id = $1 AND seat = $2', [
        gameId,
        row.seat,
      ]);
      if (!row.seat || seat?.email !== row.to_email) {
        return {
          ok: false,
          status: 409,
          code: 'seat-moved',
          message: `seat ${row.seat ?? '?'} is no longer given to ${row.to_email}: nothing was sent`,
        };
      }
      await giveSeatIn(tx, host, gameId, locked.settings.title, row.seat, { email: row.to_email });
      await tx.query('INSERT INTO host_acts (game_id, act, seat, detail, at) VALUES ($1, $2, $3, $4, $5)', [
        gameId,
        'invited-again',
        row.seat,
        `a new invitation to ${row.to_email}; the old link stops working`,
        host.now().toISOString(),
      ]);
      host.log(`game ${gameId}: the host invited ${row.to_email} to seat ${row.seat} again (a new token)`);
      return { ok: true, what: `a new invitation is queued for ${row.to_email}; the link of the old one stops working` };
    }
    await queueMail(tx, { gameId, kind: row.kind, to: row.to_email, ...(row.seat ? { seat: row.seat } : {}), params: row.params });
    host.log(`game ${gameId}: the host queued mail ${mailId} (${row.kind} to ${row.to_email}) again`);
    return { ok: true, what: 'a copy is queued' };
  });
}

/**
 * The host ends a game: nothing more is played in it (its clock stops, orders are refused), the players are told by
 * mail, and its record, reports and submissions stay. An ended game cannot be taken up again.
 */
export async function endGame(host: Host, gameId: string): Promise<boolean> {
  const out = await host.sql.transaction(async (tx) => {
    const locked = await lockGame(tx, host, gameId);
    if (!locked) return false;
    if ('stopped' in locked) return locked;
    const at = host.now().toISOString();
    await tx.query('UPDATE game_settings SET stopped_reason = $2, stopped_at = $3, ended_at = $3, deadline = NULL WHERE game_id = $1', [
      gameId,
      ENDED_BY_HOST,
      at,
    ]);
    await tx.query('INSERT INTO host_acts (game_id, act, seat, detail, at) VALUES ($1, $2, NULL, $3, $4)', [
      gameId,
      'game-ended',
      'the host ended the game',
      at,
    ]);
    if (!locked.game.record.result) {
      const players = await tx.query<{ seat: string; email: string }>(
        'SELECT seat, email FROM seats WHERE game_id = $1 AND email IS NOT NULL AND accepted',
        [gameId],
      );
      for (const p of players)
        await queueMail(tx, {
          gameId,
          kind: 'game-over',
          to: p.email,
          seat: p.seat,
          params: { title: locked.settings.title, summary: 'The host ended the game: no more turns are played.' },
        });
    }
    host.log(`game ${gameId} ended by its host`);
    return true;
  });
  return unlessStopped(gameId, out);
}

/** Every table that holds rows of a game, the game's own row last. */
const GAME_TABLES = [
  // Press first: a recipient row points at its message.
  'press_reads',
  'press_recipients',
  'press',
  'host_acts',
  'adjudications',
  'outbox',
  'mail_received',
  'step_secrets',
  'seats',
  'submissions',
  'steps',
  'game_settings',
];

/** The host deletes a game and everything the server keeps of it (its record, submissions, mails); false when there is none. */
export async function deleteGame(host: Host, gameId: string): Promise<boolean> {
  const deleted = await host.sql.transaction(async (tx) => {
    const locked = await tx.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [gameId]);
    if (!locked.length) return false;
    for (const table of GAME_TABLES) await tx.query(`DELETE FROM ${table} WHERE game_id = $1`, [gameId]);
    await tx.query('DELETE FROM games WHERE id = $1', [gameId]);
    return true;
  });
  if (deleted) host.log(`game ${gameId} deleted by its host`);
  return deleted;
}

/** A game of the lobby: public, in play, with seats anyone may take. Nothing a visitor may not see. */
export interface LobbyGame {
  readonly id: string;
  readonly title: string;
  readonly ruleset: string;
  readonly rulesetTitle: string;
  readonly scenario: string;
  readonly turn: string | null;
  readonly deadlineHours: number;
  readonly openSeats: readonly string[];
  readonly seats: number;
}

/** The games with seats open in the lobby, newest first. */
export async function lobbyGames(q: Queryable): Promise<LobbyGame[]> {
  const rows = await q.query<{
    id: string;
    title: string;
    ruleset: string;
    scenario: string;
    deadline_hours: number;
    open: string[] | null;
    seats: number;
  }>(
    `SELECT g.id, s.title, g.ruleset, g.header->>'scenario' AS scenario, s.deadline_hours,
        (SELECT array_agg(x.seat ORDER BY x.seat) FROM seats x
          WHERE x.game_id = g.id AND x.lobby AND x.token_hash IS NULL AND x.bot IS NULL AND x.email IS NULL) AS open,
        (SELECT count(*)::int FROM seats x WHERE x.game_id = g.id) AS seats
      FROM games g JOIN game_settings s ON s.game_id = g.id
      WHERE s.public AND g.result IS NULL AND s.stopped_reason IS NULL
        AND EXISTS (SELECT 1 FROM seats x WHERE x.game_id = g.id AND x.lobby AND x.token_hash IS NULL AND x.bot IS NULL AND x.email IS NULL)
      ORDER BY g.created_at DESC, g.id LIMIT 200`,
  );
  const out: LobbyGame[] = [];
  for (const r of rows) {
    const status = await gameStatus(q, r.id);
    const found = rulesetById(r.ruleset);
    out.push({
      id: r.id,
      title: r.title,
      ruleset: r.ruleset,
      rulesetTitle: found.ok ? found.ruleset.title : r.ruleset,
      scenario: r.scenario,
      turn: status?.open?.label ?? null,
      deadlineHours: r.deadline_hours,
      openSeats: r.open ?? [],
      seats: r.seats,
    });
  }
  return out;
}

/**
 * A visitor takes a seat offered in the lobby: the seat's token, made now and shown to the visitor alone; the seat
 * leaves the lobby and its claim link stops working. Undefined when the seat is not (or no longer) offered.
 */
export async function joinFromLobby(host: Host, gameId: string, seat: string): Promise<string | undefined> {
  const token = await host.sql.transaction(async (tx) => {
    const locked = await lockGame(tx, host, gameId);
    if (!locked || 'stopped' in locked || locked.game.record.result) return undefined;
    const [row] = await tx.query<{ ok: boolean }>(
      'SELECT (lobby AND token_hash IS NULL AND bot IS NULL AND email IS NULL) AS ok FROM seats WHERE game_id = $1 AND seat = $2',
      [gameId, seat],
    );
    if (!row?.ok) return undefined;
    const made = newToken();
    await tx.query('UPDATE seats SET token_hash = $3, claim_hash = NULL, lobby = false, accepted = true WHERE game_id = $1 AND seat = $2', [
      gameId,
      seat,
      tokenHash(made),
    ]);
    return made;
  });
  if (token) host.log(`game ${gameId}: seat ${seat} taken from the lobby`);
  return token;
}
