import { parseRecord, type GameRecord, type Json, type StepRecord } from '@umpire/engine';
import type { Queryable, Sql } from './sql.js';

/**
 * The games on the database. A game is its engine record (header, steps, result): `saveRecord` writes what a step
 * changed in one transaction, and refuses when another writer got there first, so a turn is adjudicated once.
 */

export type GameSummary = { id: string; ruleset: string; scenario: string; seats: string[]; steps: number; over: boolean };

/** Raised when the stored game is not the one the writer read (another process saved a step meanwhile). */
export class StaleRecord extends Error {
  constructor(
    readonly gameId: string,
    readonly expectedSteps: number,
    readonly foundSteps: number,
  ) {
    super(`game ${gameId} changed meanwhile: expected ${expectedSteps} step(s) stored, found ${foundSteps}`);
    this.name = 'StaleRecord';
  }
}

/** Raised when a new game's id is taken. */
export class GameExists extends Error {
  constructor(readonly gameId: string) {
    super(`a game '${gameId}' exists already`);
    this.name = 'GameExists';
  }
}

type GameRow = { id: string; ruleset: string; format: string; header: unknown; header_hash: string; initial_state_hash: string; result: unknown };

async function insertSteps(tx: Queryable, gameId: string, steps: readonly StepRecord[], from: number): Promise<void> {
  for (let i = from; i < steps.length; i++) {
    const s = steps[i]!;
    await tx.query('INSERT INTO steps (game_id, idx, step_id, turn, status, record) VALUES ($1, $2, $3, $4, $5, $6)', [gameId, i, s.id, s.turn, s.status, JSON.stringify(s)]);
  }
}

/** Store a new game's record. */
export async function createGame(sql: Sql, record: GameRecord): Promise<void> {
  await sql.transaction((tx) => createGameIn(tx, record));
}

/** `createGame` inside a transaction the caller holds. */
export async function createGameIn(tx: Queryable, record: GameRecord): Promise<void> {
  const id = record.header.gameId;
  const exists = await tx.query('SELECT 1 FROM games WHERE id = $1', [id]);
  if (exists.length) throw new GameExists(id);
  await tx.query('INSERT INTO games (id, ruleset, format, header, header_hash, initial_state_hash, result) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    record.header.ruleset.id,
    record.format,
    JSON.stringify(record.header),
    record.headerHash,
    record.initialStateHash,
    record.result ? JSON.stringify(record.result) : null,
  ]);
  await insertSteps(tx, id, record.steps, 0);
}

/** A stored game's record, checked by the engine's record schema; undefined when there is no such game. */
export async function loadRecord(sql: Queryable, gameId: string): Promise<GameRecord | undefined> {
  // One statement, so that the game and its steps come from the same save.
  const [game] = await sql.query<GameRow & { steps: unknown[] | null }>(
    'SELECT id, ruleset, format, header, header_hash, initial_state_hash, result, (SELECT json_agg(s.record ORDER BY s.idx) FROM steps s WHERE s.game_id = g.id) AS steps FROM games g WHERE id = $1',
    [gameId],
  );
  if (!game) return undefined;
  const data = {
    format: game.format,
    header: game.header,
    headerHash: game.header_hash,
    initialStateHash: game.initial_state_hash,
    steps: game.steps ?? [],
    ...(game.result ? { result: game.result } : {}),
  };
  const parsed = parseRecord(data);
  if (!parsed.ok) throw new Error(`game ${gameId} is stored in a form the engine does not read: ${parsed.error.map((p) => p.message).join('; ')}`);
  return parsed.value;
}

/**
 * Save a game's record after a change to its last steps: the steps from `expectedSteps - 1` on are replaced (the
 * open step the writer read) and the new ones added, with the result, in one transaction. The game's row is locked
 * first, and the save is refused with `StaleRecord` when the stored steps are not the `expectedSteps` the writer read.
 */
export async function saveRecord(sql: Sql, record: GameRecord, expectedSteps: number): Promise<void> {
  await sql.transaction((tx) => saveRecordIn(tx, record, expectedSteps));
}

/** `saveRecord` inside a transaction the caller holds (adjudication writes its other rows in the same one). */
export async function saveRecordIn(tx: Queryable, record: GameRecord, expectedSteps: number): Promise<void> {
  const id = record.header.gameId;
  const locked = await tx.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [id]);
  if (!locked.length) throw new Error(`there is no game '${id}'`);
  const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM steps WHERE game_id = $1', [id]);
  if ((count?.n ?? 0) !== expectedSteps) throw new StaleRecord(id, expectedSteps, count?.n ?? 0);
  const from = Math.max(0, expectedSteps - 1);
  await tx.query('DELETE FROM steps WHERE game_id = $1 AND idx >= $2', [id, from]);
  await insertSteps(tx, id, record.steps, from);
  await tx.query('UPDATE games SET result = $2, updated_at = now() WHERE id = $1', [id, record.result ? JSON.stringify(record.result) : null]);
}

/** Lone UTF-16 surrogates and NUL: what PostgreSQL's text and jsonb refuse. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_ALL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** The same, or a leading byte-order mark (which a UTF-8 decoder on the way back may drop). */
const UNSTORABLE = new RegExp(`^\uFEFF|${UNSTORABLE_ALL.source}`);

/**
 * A text as a text column takes it, exactly: as it is, or, when it holds a NUL or a broken character (which
 * PostgreSQL refuses), as a JSON string literal with the encoding 'json'. `fromStorable` gives the text back.
 */
export function toStorable(text: string): { text: string; encoding: 'json' | null } {
  return UNSTORABLE.test(text) ? { text: JSON.stringify(text), encoding: 'json' } : { text, encoding: null };
}

export const fromStorable = (text: string, encoding: string | null): string => (encoding === 'json' ? (JSON.parse(text) as string) : text);

/** A text for the server's own notes (subjects in the log, problems): NUL and broken characters shown as \u escapes. */
export const storableText = (text: string): string => text.replace(UNSTORABLE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** JSON as a jsonb column takes it: NUL and broken characters in its strings shown as \u escapes. */
export const storableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? storableText(v) : v));

/** Keep a set of orders as it arrived (email or web), whatever happens to it next: nothing a player sent is lost. */
export async function keepSubmission(
  sql: Queryable,
  gameId: string,
  stepId: string,
  seat: string,
  orders: Json,
  orderHash: string,
  via: 'email' | 'web' | 'api' | 'bot',
  raw?: string,
): Promise<number> {
  const kept = raw === undefined ? undefined : toStorable(raw);
  const [row] = await sql.query<{ id: string }>('INSERT INTO submissions (game_id, step_id, seat, orders, order_hash, via, raw, raw_encoding) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id', [
    gameId,
    stepId,
    seat,
    JSON.stringify(orders),
    orderHash,
    via,
    kept?.text ?? null,
    kept?.encoding ?? null,
  ]);
  return Number(row!.id);
}

/** Keep orders that were refused, as sent, with the problems found: the player can fetch and mend them. */
export async function keepRefused(sql: Queryable, gameId: string, stepId: string, seat: string, raw: string, problems: Json, via: 'email' | 'web' | 'api'): Promise<number> {
  const kept = toStorable(raw);
  const [row] = await sql.query<{ id: string }>('INSERT INTO submissions (game_id, step_id, seat, via, raw, raw_encoding, problems) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id', [
    gameId,
    stepId,
    seat,
    via,
    kept.text,
    kept.encoding,
    storableJson(problems),
  ]);
  return Number(row!.id);
}

/** Every text a seat sent for a step, exactly as sent, accepted or refused, oldest first: the seat's inbox. */
export async function inboxOf(sql: Queryable, gameId: string, stepId: string, seat: string): Promise<{ raw: string | null; accepted: boolean; via: string }[]> {
  const rows = await sql.query<{ raw: string | null; raw_encoding: string | null; orders: unknown; via: string }>('SELECT raw, raw_encoding, orders, via FROM submissions WHERE game_id = $1 AND step_id = $2 AND seat = $3 ORDER BY id', [gameId, stepId, seat]);
  return rows.map((r) => ({ raw: r.raw === null ? null : fromStorable(r.raw, r.raw_encoding), accepted: r.orders !== null, via: r.via }));
}

/** Every set of orders a seat sent for a step, oldest first. */
export async function submissionsOf(sql: Queryable, gameId: string, stepId: string, seat: string): Promise<{ orders: Json; orderHash: string; via: string }[]> {
  const rows = await sql.query<{ orders: Json; order_hash: string; via: string }>('SELECT orders, order_hash, via FROM submissions WHERE game_id = $1 AND step_id = $2 AND seat = $3 AND orders IS NOT NULL ORDER BY id', [gameId, stepId, seat]);
  return rows.map((r) => ({ orders: r.orders, orderHash: r.order_hash, via: r.via }));
}

/** The stored games, oldest first. */
export async function listGames(sql: Sql): Promise<GameSummary[]> {
  const rows = await sql.query<{ id: string; ruleset: string; header: { scenario: string; seats: { id: string }[] }; result: unknown; steps: number }>(
    'SELECT g.id, g.ruleset, g.header, g.result, (SELECT count(*)::int FROM steps s WHERE s.game_id = g.id) AS steps FROM games g ORDER BY g.created_at, g.id',
  );
  return rows.map((r) => ({ id: r.id, ruleset: r.ruleset, scenario: r.header.scenario, seats: r.header.seats.map((s) => s.id), steps: r.steps, over: r.result !== null }));
}
