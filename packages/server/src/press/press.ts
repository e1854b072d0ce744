import { err, ok, type GameRecord, type Problem, type Result } from '@umpire/engine';
import type { Host } from '../host.js';
import { queueMail } from '../mail/outbox.js';
import type { Queryable } from '../storage/sql.js';
import { storableText } from '../storage/store.js';
import { listOfNames, seatNamed, seatNames } from './seat-names.js';

/**
 * Press: what the seats of a game write to each other, private messages from one seat to one or more others and
 * announcements to every seat. Kept with the game (tables `press`, `press_recipients`, `press_reads`), never in its
 * record: the umpire never reads press as orders, and a message changes nothing in the game. A seat reads the messages
 * it sent or received and the announcements, nothing else; the messages are the seat's, not a person's, so a player
 * who takes a seat over reads what was written to it before. Players who play by email get each message by mail.
 */

/** Whether a game has press: every kind, announcements only, or none (`game_settings.press`). */
export type PressMode = 'on' | 'public' | 'off';
export const PRESS_MODES: readonly PressMode[] = ['on', 'public', 'off'];

/** The longest message, in characters (about two pages). */
export const PRESS_MAX_CHARS = 5_000;
/** The most messages a seat may send in an hour; more are refused until the hour has passed (each may mail every player). */
export const PRESS_PER_HOUR = 30;

/** A message as one seat reads it. */
export interface PressMessage {
  readonly id: number;
  readonly from: string;
  /** The seats it was written to; every seat for an announcement. */
  readonly to: readonly string[];
  /** An announcement, to every seat. */
  readonly public: boolean;
  readonly text: string;
  readonly sentAt: string;
  /** The turn and step open when it was sent (null once the game was over). */
  readonly turn: number | null;
  readonly step: string | null;
  readonly via: 'api' | 'email';
  /** The reader's thread it belongs to: 'public' for announcements, else its other correspondents' seats, sorted, joined by commas. */
  readonly thread: string;
  /** Sent to the reader by another seat and not yet marked read. */
  readonly unread: boolean;
}

/** A seat's press: the game's mode, the seats by name, the messages it may read (oldest first) and what is unread. */
export interface PressAnswer {
  readonly game: string;
  readonly seat: string;
  readonly mode: PressMode;
  readonly seats: readonly { readonly seat: string; readonly name: string; readonly playedBy: 'player' | 'bot' | 'open' }[];
  readonly limits: { readonly maxChars: number; readonly perHour: number };
  readonly messages: readonly PressMessage[];
  /** How many messages of the seat's are unread, in all. */
  readonly unread: number;
  /** More messages follow the last one given: ask again with `after`. */
  readonly more: boolean;
}

/** What a seat sends: `text` to the seats in `to` (ids or names), or to every seat with `public: true`. */
export interface PressInput {
  readonly to?: readonly string[];
  readonly public?: boolean;
  readonly text: string;
}

const problem = (code: string, message: string, path?: string, suggestion?: string): Problem => ({
  code,
  message,
  ...(path ? { path } : {}),
  ...(suggestion ? { suggestion } : {}),
});

/** The most messages one answer holds; `after` asks for the next ones. */
const PAGE = 500;

/**
 * A message's text as it is kept: lines ended by \n, control characters and trailing blanks left out, NUL and broken
 * characters escaped.
 */
export function cleanPressText(text: string): string {
  return storableText(
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
      .replace(/[ \t]+$/gm, '')
      .replace(/^\n+|\s+$/g, ''),
  );
}

/** The reader's thread of a message: 'public', or its other correspondents (sender and recipients but the reader), sorted. */
export function threadOf(reader: string, from: string, to: readonly string[], isPublic: boolean): string {
  if (isPublic) return 'public';
  return [...new Set([from, ...to])]
    .filter((s) => s !== reader)
    .sort()
    .join(',');
}

interface GameSeat {
  readonly seat: string;
  readonly email: string | null;
  readonly bot: string | null;
  readonly accepted: boolean;
  /** A player holds the seat's token (invited, or by its claim link). */
  readonly held: boolean;
}

async function gameSeats(q: Queryable, gameId: string): Promise<GameSeat[]> {
  return q.query<GameSeat>(
    'SELECT seat, email, bot, accepted, token_hash IS NOT NULL AS held FROM seats WHERE game_id = $1 ORDER BY seat',
    [gameId],
  );
}

/** The game's seats by name (the order of the ruleset's seats in the record, then any seat that joined later). */
export async function pressSeats(
  q: Queryable,
  gameId: string,
): Promise<{ names: Map<string, string>; seats: GameSeat[]; title: string; mode: PressMode } | undefined> {
  // The header alone (ruleset, scenario, options, seats): a poll of the press never loads a long game's record.
  const [game] = await q.query<{ header: GameRecord['header']; title: string; press: PressMode }>(
    'SELECT g.header, s.title, s.press FROM games g JOIN game_settings s ON s.game_id = g.id WHERE g.id = $1',
    [gameId],
  );
  if (!game) return undefined;
  const stored = await gameSeats(q, gameId);
  const order = [...game.header.seats.map((s) => s.id), ...stored.map((s) => s.seat)];
  const seats = [...new Set(order)].flatMap((id) => stored.filter((s) => s.seat === id));
  return {
    names: seatNames(
      game.header,
      seats.map((s) => s.seat),
    ),
    seats,
    title: game.title,
    mode: game.press,
  };
}

/**
 * Send a message from a seat. Refused, with nothing kept or sent, when the game has no press of that kind, a recipient
 * is not a seat (with the closest name), is the sender or a bot, the text is empty or too long, or the seat has sent
 * PRESS_PER_HOUR messages in the last hour. Kept and mailed (to the recipients who play by email) in one transaction.
 */
export async function sendPressIn(
  q: Queryable,
  host: Host,
  gameId: string,
  from: string,
  input: PressInput,
  via: 'api' | 'email',
): Promise<Result<PressMessage, Problem[]>> {
  const game = await pressSeats(q, gameId);
  if (!game) return err([problem('unknown-game', `no game '${gameId}'`)]);
  const name = (s: string) => game.names.get(s) ?? s;
  if (game.mode === 'off') return err([problem('press-off', 'this game has no press: its host has turned it off')]);
  const isPublic = input.public === true;
  if (isPublic && input.to?.length)
    return err([
      problem('bad-recipients', 'a message goes to the seats named in `to` or to every seat (`public: true`), not both', '$.to'),
    ]);
  if (!isPublic && game.mode === 'public')
    return err([
      problem(
        'press-public-only',
        'this game has announcements only: its host has turned private messages off; send it to every seat instead',
        '$.to',
      ),
    ]);
  const problems: Problem[] = [];
  const to: string[] = [];
  if (!isPublic) {
    if (!input.to?.length)
      problems.push(
        problem('no-recipients', 'name the seats the message is for (`to`), or send it to every seat (`public: true`)', '$.to'),
      );
    (input.to ?? []).forEach((words, i) => {
      const named = seatNamed(game.names, words);
      const at = `$.to[${i}]`;
      if (!('seat' in named))
        return void problems.push(
          problem(
            'unknown-seat',
            `there is no seat '${words}' in this game; the seats are ${listOfNames([...game.names.values()])}`,
            at,
            named.suggestion,
          ),
        );
      const seat = game.seats.find((s) => s.seat === named.seat)!;
      if (seat.seat === from) problems.push(problem('to-self', `${name(from)} is your own seat: write to the others`, at));
      else if (seat.bot) problems.push(problem('bot-seat', `${name(seat.seat)} is played by a bot, which reads no press`, at));
      else if (!to.includes(seat.seat)) to.push(seat.seat);
    });
  }
  const text = cleanPressText(input.text);
  if (text === '') problems.push(problem('empty-press', 'the message is empty', '$.text'));
  if (text.length > PRESS_MAX_CHARS)
    problems.push(
      problem('press-too-long', `the message is ${text.length} characters long; a message holds at most ${PRESS_MAX_CHARS}`, '$.text'),
    );
  if (problems.length) return err(problems);
  // The sender's seat locked: two messages at once count against the hour's limit one after the other.
  await q.query('SELECT seat FROM seats WHERE game_id = $1 AND seat = $2 FOR UPDATE', [gameId, from]);
  const now = host.now();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const [sent] = await q.query<{ n: number; first: Date | string | null }>(
    'SELECT count(*)::int AS n, min(sent_at) AS first FROM press WHERE game_id = $1 AND from_seat = $2 AND sent_at > $3',
    [gameId, from, hourAgo],
  );
  if (sent && sent.n >= PRESS_PER_HOUR) {
    const wait = Math.max(1, Math.ceil((new Date(sent.first!).getTime() + 3_600_000 - now.getTime()) / 60_000));
    return err([
      problem(
        'press-rate-limited',
        `${name(from)} has sent ${PRESS_PER_HOUR} messages in the last hour, as many as a seat may: ` +
          `try again in ${wait} minute${wait === 1 ? '' : 's'}`,
      ),
    ]);
  }
  const [open] = await q.query<{ step_id: string; turn: number }>(
    "SELECT step_id, turn FROM steps WHERE game_id = $1 AND status <> 'resolved' ORDER BY idx DESC LIMIT 1",
    [gameId],
  );
  const [row] = await q.query<{ id: string | number }>(
    `INSERT INTO press (game_id, from_seat, public, body, via, step_id, turn, sent_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [gameId, from, isPublic, text, via, open?.step_id ?? null, open?.turn ?? null, now.toISOString()],
  );
  const id = Number(row!.id);
  for (const seat of to) await q.query('INSERT INTO press_recipients (press_id, game_id, seat) VALUES ($1, $2, $3)', [id, gameId, seat]);
  // By mail to the seats that play by email and have taken their seats up; the others read it in the browser.
  const readers = isPublic ? game.seats.filter((s) => s.seat !== from) : game.seats.filter((s) => to.includes(s.seat));
  for (const r of readers)
    if (r.email && r.accepted && !r.bot)
      await queueMail(q, { gameId, kind: 'press', to: r.email, seat: r.seat, params: { title: game.title, pressId: id } });
  const all = isPublic ? game.seats.map((s) => s.seat).filter((s) => s !== from) : to;
  return ok({
    id,
    from,
    to: all,
    public: isPublic,
    text,
    sentAt: now.toISOString(),
    turn: open?.turn ?? null,
    step: open?.step_id ?? null,
    via,
    thread: threadOf(from, from, to, isPublic),
    unread: false,
  });
}

export async function sendPress(
  host: Host,
  gameId: string,
  from: string,
  input: PressInput,
  via: 'api' | 'email',
): Promise<Result<PressMessage, Problem[]>> {
  return host.sql.transaction((tx) => sendPressIn(tx, host, gameId, from, input, via));
}

interface PressRow {
  id: string | number;
  from_seat: string;
  public: boolean;
  body: string;
  via: 'api' | 'email';
  step_id: string | null;
  turn: number | null;
  sent_at: Date | string;
  recipients: string[] | null;
}

/** The messages a seat may read: those it sent, those sent to it, and the announcements; nothing else. */
const SEAT_PRESS = `SELECT p.id, p.from_seat, p.public, p.body, p.via, p.step_id, p.turn, p.sent_at,
    (SELECT json_agg(r.seat ORDER BY r.seat) FROM press_recipients r WHERE r.press_id = p.id) AS recipients
  FROM press p
  WHERE p.game_id = $1
    AND (p.public OR p.from_seat = $2 OR EXISTS (SELECT 1 FROM press_recipients r WHERE r.press_id = p.id AND r.seat = $2))`;

/** One message as a seat may read it; undefined when there is none or the seat may not read it. */
export async function pressMessage(
  q: Queryable,
  gameId: string,
  seat: string,
  id: number,
): Promise<(PressMessage & { readonly seats: readonly string[] }) | undefined> {
  const [row] = await q.query<PressRow>(`${SEAT_PRESS} AND p.id = $3`, [gameId, seat, id]);
  if (!row) return undefined;
  const all = (await gameSeats(q, gameId)).map((s) => s.seat);
  return { ...messageOf(row, seat, all, 0), seats: all };
}

function messageOf(row: PressRow, reader: string, allSeats: readonly string[], readUpTo: number): PressMessage {
  const id = Number(row.id);
  const recipients = row.recipients ?? [];
  const to = row.public ? allSeats.filter((s) => s !== row.from_seat) : recipients;
  const thread = threadOf(reader, row.from_seat, recipients, row.public);
  return {
    id,
    from: row.from_seat,
    to,
    public: row.public,
    text: row.body,
    sentAt: new Date(row.sent_at).toISOString(),
    turn: row.turn,
    step: row.step_id,
    via: row.via,
    thread,
    unread: row.from_seat !== reader && id > readUpTo,
  };
}

/** A seat's press: the messages after `after` (oldest first, PAGE at most), with the game's seats by name and what is unread. */
export async function pressOf(q: Queryable, gameId: string, seat: string, after = 0): Promise<PressAnswer | undefined> {
  const game = await pressSeats(q, gameId);
  if (!game) return undefined;
  const all = game.seats.map((s) => s.seat);
  const reads = new Map(
    (
      await q.query<{ thread: string; read_up_to: string | number }>(
        'SELECT thread, read_up_to FROM press_reads WHERE game_id = $1 AND seat = $2',
        [gameId, seat],
      )
    ).map((r) => [r.thread, Number(r.read_up_to)]),
  );
  const rows = await q.query<PressRow>(`${SEAT_PRESS} AND p.id > $3 ORDER BY p.id LIMIT ${PAGE + 1}`, [gameId, seat, after]);
  const messages = rows.slice(0, PAGE).map((row) => {
    const thread = threadOf(seat, row.from_seat, row.recipients ?? [], row.public);
    return messageOf(row, seat, all, reads.get(thread) ?? 0);
  });
  // Unread counts every message of the seat's, not only this page's.
  const [unread] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${SEAT_PRESS}) p
      WHERE p.from_seat <> $2
        AND p.id > COALESCE((SELECT max(read_up_to) FROM press_reads x
                               WHERE x.game_id = $1 AND x.seat = $2 AND x.thread = ${THREAD_SQL}), 0)`,
    [gameId, seat],
  );
  return {
    game: gameId,
    seat,
    mode: game.mode,
    seats: game.seats.map((s) => ({
      seat: s.seat,
      name: game.names.get(s.seat) ?? s.seat,
      playedBy: s.bot ? 'bot' : s.email || s.held ? 'player' : 'open',
    })),
    limits: { maxChars: PRESS_MAX_CHARS, perHour: PRESS_PER_HOUR },
    messages,
    unread: unread?.n ?? 0,
    more: rows.length > PAGE,
  };
}

/** threadOf in SQL, for a row `p` of SEAT_PRESS read by seat $2. */
const THREAD_SQL = `(CASE WHEN p.public THEN 'public' ELSE (
    SELECT string_agg(c.s, ',' ORDER BY c.s)
      FROM (SELECT p.from_seat AS s UNION SELECT r.seat FROM press_recipients r WHERE r.press_id = p.id) c WHERE c.s <> $2
  ) END)`;

/**
 * Mark a seat's thread read up to one of its messages (the message's thread, as the seat reads it). Marks only move
 * forward. Undefined when the seat may not read that message.
 */
export async function markPressRead(
  q: Queryable,
  gameId: string,
  seat: string,
  upTo: number,
): Promise<{ thread: string; readUpTo: number } | undefined> {
  const message = await pressMessage(q, gameId, seat, upTo);
  if (!message) return undefined;
  const [row] = await q.query<{ read_up_to: string | number }>(
    `INSERT INTO press_reads (game_id, seat, thread, read_up_to) VALUES ($1, $2, $3, $4)
      ON CONFLICT (game_id, seat, thread) DO UPDATE SET read_up_to = GREATEST(press_reads.read_up_to, EXCLUDED.read_up_to)
      RETURNING read_up_to`,
    [gameId, seat, message.thread, upTo],
  );
  return { thread: message.thread, readUpTo: Number(row!.read_up_to) };
}

/** The host sets whether the game has press: 'on', 'public' (announcements only) or 'off'. Messages already sent stay readable. */
export async function setPressMode(q: Queryable, gameId: string, mode: PressMode): Promise<void> {
  await q.query('UPDATE game_settings SET press = $2 WHERE game_id = $1', [gameId, mode]);
}
