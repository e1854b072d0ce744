import { loadGame, type AnyRuleset, type Game, type GameRecord, type Json, recordCheck, stepInfo } from '@umpire/engine';
import type { Host } from './host.js';
import { queueMail } from './mail/outbox.js';
import { positionsOf, RecordBroken } from './positions.js';
import { rulesetById } from './rulesets.js';
import type { Queryable } from './storage/sql.js';
import { loadRecord, storableText } from './storage/store.js';
import type { PressMode } from './press/press.js';

/**
 * A hosted game as stored: its settings and seats, the lock a change takes, a game stopped by a broken record.
 */
export type NoMoves = 'standing' | 'bot';

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
  /** Press between the seats (press/press.ts). */
  press: PressMode;
  paused: boolean;
  deadline: Date | string | null;
  reminded: boolean;
  /** When its host ended the game (stopped_reason is then ENDED_BY_HOST). */
  ended_at?: Date | string | null;
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

/** How a game is hosted; undefined for a game the server does not host (one stored by hand). */
export async function findSettings(q: Queryable, gameId: string): Promise<Settings | undefined> {
  const [row] = await q.query<Settings>('SELECT * FROM game_settings WHERE game_id = $1', [gameId]);
  return row;
}

export async function settingsOf(q: Queryable, gameId: string): Promise<Settings> {
  const row = await findSettings(q, gameId);
  if (!row) throw new Error(`game ${gameId} has no settings`);
  return row;
}

export async function seatsOf(q: Queryable, gameId: string): Promise<SeatRow[]> {
  return q.query<SeatRow>('SELECT seat, email, bot, ready, accepted, ready_step, ready_hash FROM seats WHERE game_id = $1 ORDER BY seat', [gameId]);
}

/** Why a game its host ended is stopped (game_settings.stopped_reason): nothing more is played in it. */
export const ENDED_BY_HOST = 'ended by its host';

/** A change asked of a game the server has stopped (its record no longer replays) or its host ended. */
export class GameStopped extends Error {
  constructor(
    readonly gameId: string,
    readonly reason: string,
  ) {
    super(
      reason === ENDED_BY_HOST
        ? `game ${gameId} was ended by its host: nothing more is played in it; its record, reports and submissions are kept`
        : `game ${gameId} is stopped: its record no longer replays (${reason}); the host has been told, and everything is kept`,
    );
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
export async function stopGameIn(q: Queryable, host: Host, settings: Settings, reason: string): Promise<void> {
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
