import { awaiting, type AnyRuleset, type Game, type GameRecord, type Json, receiptOf, startClock } from '@umpire/engine';
import { seatReady } from './readiness.js';
import { rulesetById } from './rulesets.js';
import type { Queryable } from './storage/sql.js';
import { loadRecord } from './storage/store.js';
import { type NoMoves, findSettings, seatsOf, isoOf, hostedGame } from './game-rows.js';
import type { PressMode } from './press/press.js';

/**
 * What a hosted game shows its readers: its status (seats, who has sent orders, the deadline), a seat's orders, the
 * public list of games.
 */
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
  /** Set when its host ended the game: nothing more is played, everything is kept. */
  readonly ended?: { readonly at: string };
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
  readonly settings: {
    readonly deadlineHours: number;
    readonly reminderHours: number | null;
    readonly noMoves: NoMoves;
    readonly press: PressMode;
  };
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
  // The turns whose every step is resolved: a turn of several steps (vernian's player-turns) counts once it is over.
  const lastResolved = record.steps.filter((s) => s.status === 'resolved').reduce((n, s) => Math.max(n, s.turn), 0);
  const turnsResolved = openStep ? Math.min(lastResolved, openStep.turn - 1) : lastResolved;
  return {
    id: gameId,
    title: settings.title,
    ruleset: record.header.ruleset.id,
    scenario: record.header.scenario,
    public: settings.public,
    paused: settings.paused,
    ...(settings.ended_at
      ? { ended: { at: isoOf(settings.ended_at)! } }
      : settings.stopped_reason
        ? { stopped: { reason: settings.stopped_reason, at: isoOf(settings.stopped_at) } }
        : {}),
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
    settings: {
      deadlineHours: settings.deadline_hours,
      reminderHours: settings.reminder_hours,
      noMoves: settings.no_moves,
      press: settings.press,
    },
    ...(record.result ? { result: record.result } : {}),
  };
}

/** How the ruleset names a turn ('Turn 3, December 1914 - January 1915'); the calendar is in the opening state. */
export function labelOfTurn(record: GameRecord, turn: number): string {
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
/** A game of the public list (GET /api/games). */
export interface PublicGame {
  readonly id: string;
  readonly title: string;
  readonly ruleset: string;
  readonly turnsResolved: number;
  readonly over: boolean;
  readonly seats: number;
  readonly openSeats: number;
}

export async function listPublicGames(q: Queryable): Promise<PublicGame[]> {
  const rows = await q.query<{ id: string; title: string; ruleset: string; turns: number | null; over: boolean; seats: number; open_seats: number }>(
    `SELECT g.id, s.title, g.ruleset, g.result IS NOT NULL AS over,
        (SELECT max(turn) FROM steps st WHERE st.game_id = g.id AND st.status = 'resolved'
          AND st.turn < COALESCE((SELECT min(o.turn) FROM steps o WHERE o.game_id = g.id AND o.status <> 'resolved'), 2147483647)) AS turns,
        (SELECT count(*)::int FROM seats x WHERE x.game_id = g.id) AS seats,
        (SELECT count(*)::int FROM seats x WHERE x.game_id = g.id AND x.bot IS NULL AND x.email IS NULL) AS open_seats
      FROM games g JOIN game_settings s ON s.game_id = g.id WHERE s.public ORDER BY g.created_at DESC, g.id`,
  );
  return rows.map((r) => ({ id: r.id, title: r.title, ruleset: r.ruleset, turnsResolved: Number(r.turns ?? 0), over: r.over, seats: r.seats, openSeats: r.open_seats }));
}
