import { awaiting, err, ok, receiptOfSeat, submitOrders as submitEngineOrders, type Json, type Problem, type Result } from '@umpire/engine';
import { problem } from './games.js';
import { GameStopped, isoOf, lockGame, unlessStopped, type Locked, type SeatRow } from './game-rows.js';
import { ordersOfSeat } from './game-status.js';
import { acceptSeat } from './seat-acts.js';
import { advanceIn, resolveEarly } from './advance.js';
import type { Host } from './host.js';
import { seatReady } from './readiness.js';
import type { Queryable } from './storage/sql.js';
import { keepRefused, keepSubmission, loadRecord, saveRecordIn, storableText } from './storage/store.js';

/**
 * What a seat or the host does to the open step, each naming the step it means: orders, orders and readiness in one,
 * readiness on its own (naming the receipt of the orders it confirms), and the host's adjudication. Whatever names a
 * step that is no longer open (a late mail, a retried request, a stale browser tab) is refused with `wrong-step`, and
 * orders are refused at once after the deadline (`deadline-passed`), whoever sends them; refused orders are kept with
 * their problems, so that nothing a player sent is lost. Each is one transaction under the game's row lock.
 */

export type Via = 'email' | 'web' | 'api';

export interface SubmitInput {
  readonly text?: string;
  readonly orders?: unknown;
  readonly nonce?: string;
  /** The step the orders are for ('t3.orders'); refused when it is not the open step. Without it, the open step. */
  readonly step?: string;
  /** Mark the seat ready with these orders: the step may resolve before its deadline. */
  readonly ready?: boolean;
}

export interface Accepted {
  readonly step: string;
  readonly seat: string;
  readonly orderHash: string;
  /** The player's receipt: it binds the step and its commitment, the seat, the orders, the nonce and the source (record format 2). */
  readonly receipt: string;
  readonly orders: Json;
  /** The orders in the order language, as the umpire read them. */
  readonly text: string;
  readonly ready: boolean;
  /** Steps resolved because this submission made every seat ready. */
  readonly resolved: readonly string[];
}

/** The codes of refusals that are conflicts with the game's state (HTTP 409), not orders that do not read. */
export const CONFLICTS: ReadonlySet<string> = new Set(['wrong-step', 'deadline-passed', 'no-open-step', 'game-stopped', 'stale-receipt', 'bot-seat']);

/** The open step's id, or why there is none (the game is over, or waits for no orders). */
function openStepOf(locked: Locked): { readonly id: string } | { readonly none: string } {
  const now = awaiting(locked.ruleset, locked.game);
  if (now.kind === 'over') return { none: 'the game is over' };
  if (now.kind !== 'orders') return { none: 'no step is open for orders' };
  return { id: locked.game.record.steps.at(-1)!.id };
}

/** A step named that is not the open one. */
const wrongStep = (named: string, open: { readonly id: string } | { readonly none: string }): Problem =>
  problem(
    'wrong-step',
    'none' in open
      ? `step ${named} is not open: ${open.none}`
      : `step ${named} is not open for orders: the open step is ${open.id} (${named} was resolved, or is not yet open); nothing was changed`,
    '$.step',
  );

/** Whether the open step's deadline has passed (a paused game's deadline does not run). */
function deadlinePassed(host: Host, locked: Locked): Problem | undefined {
  const s = locked.settings;
  if (s.paused || s.deadline === null || new Date(s.deadline) > host.now()) return undefined;
  return problem('deadline-passed', `the deadline of this step passed at ${isoOf(s.deadline)}: the step is resolved with the orders the umpire held then; nothing was changed`);
}

/**
 * A seat's orders for the open step: kept as sent whatever happens, checked, and stored in the record in place of
 * the seat's earlier orders. Refused orders change nothing but are kept too, with their problems.
 */
export async function submitOrders(host: Host, gameId: string, seat: string, input: SubmitInput, via: Via, opts: { readonly tokenHash?: string } = {}): Promise<Result<Accepted, Problem[]>> {
  return host.sql.transaction((tx) => submitOrdersIn(tx, host, gameId, seat, input, via, opts));
}

/**
 * `submitOrders` in the caller's transaction (a mail's orders, its reply and its record are one transaction).
 * `tokenHash`: the seat's token as the request gave it, checked under the game's lock (a token the host just
 * replaced no longer submits). New orders unset the seat's ready unless they say ready themselves.
 */
export async function submitOrdersIn(tx: Queryable, host: Host, gameId: string, seat: string, input: SubmitInput, via: Via, opts: { readonly tokenHash?: string } = {}): Promise<Result<Accepted, Problem[]>> {
  const raw = input.text ?? JSON.stringify(input.orders ?? null);
  const locked = await lockGame(tx, host, gameId);
  if (!locked) return err([problem('unknown-game', `no game '${gameId}'`)]);
  const [row] = await tx.query<SeatRow & { token_hash: string }>('SELECT seat, email, bot, ready, token_hash FROM seats WHERE game_id = $1 AND seat = $2', [gameId, seat]);
  if (opts.tokenHash !== undefined && row?.token_hash !== opts.tokenHash) return err([problem('bad-token', `that token no longer opens seat ${seat} of game ${gameId}`)]);
  const [last] = await tx.query<{ step_id: string }>('SELECT step_id FROM steps WHERE game_id = $1 ORDER BY idx DESC LIMIT 1', [gameId]);
  // Refused orders are kept under the step they were sent for.
  const keptUnder = input.step !== undefined ? storableText(input.step) : (last?.step_id ?? 'none');
  const refuse = async (problems: Problem[]) => {
    await keepRefused(tx, gameId, keptUnder, seat, raw, problems as unknown as Json, via);
    return err(problems);
  };
  if ('stopped' in locked) return refuse([problem('game-stopped', new GameStopped(gameId, locked.stopped).message)]);
  const open = openStepOf(locked);
  if (input.step !== undefined && ('none' in open || input.step !== open.id)) return refuse([wrongStep(input.step, open)]);
  if ('none' in open) return refuse([problem('no-open-step', open.none)]);
  if (row?.bot) return refuse([problem('bot-seat', `seat ${seat} is played by a bot; the host can give it to you`)]);
  // Orders from the seat's player: the player has taken the seat up (mails may go to it now).
  await acceptSeat(tx, gameId, seat);
  const late = deadlinePassed(host, locked);
  if (late) return refuse([late]);
  if (input.text === undefined && input.orders === undefined) return refuse([problem('no-orders', 'send orders as text (the order language) or as JSON orders', '$.text')]);
  const { ruleset, game } = locked;
  const sent = submitEngineOrders(ruleset, game, seat, input.text !== undefined ? { text: input.text } : { json: input.orders }, {
    source: 'player',
    ...(input.nonce !== undefined ? { nonce: input.nonce } : {}),
  });
  if (!sent.ok) return refuse(sent.error);
  const receipt = sent.value.receipt;
  await keepSubmission(tx, gameId, open.id, seat, receipt.orders, receipt.orderHash, via, raw);
  await saveRecordIn(tx, sent.value.game.record, game.record.steps.length);
  // Ready confirms these orders only: new orders without it leave the seat not ready.
  const ready = input.ready === true;
  await tx.query('UPDATE seats SET ready = $3, ready_step = $4, ready_hash = $5 WHERE game_id = $1 AND seat = $2', [gameId, seat, ready, open.id, receipt.orderHash]);
  const now = awaiting(ruleset, game);
  const text = now.kind === 'over' ? '' : ruleset.formatOrders(receipt.orders, { state: game.position.state, seat, step: now.step });
  // Resolving early is part of the same transaction: a crash cannot leave every seat ready and the step waiting.
  const resolved = ready && !locked.settings.paused ? await resolveEarly(tx, host, ruleset, sent.value.game, locked.settings) : [];
  // The player's receipt binds the step and its commitment, the seat, the orders, the nonce and the source (record format 2).
  const kept = receiptOfSeat(sent.value.game.record, seat) ?? receipt.orderHash;
  return ok({ step: receipt.step, seat, orderHash: receipt.orderHash, receipt: kept, orders: receipt.orders, text, ready, resolved });
}

export interface ReadyInput {
  readonly ready: boolean;
  /** The step the seat means: the open one, or the ready is refused. */
  readonly step: string;
  /** The receipt of the orders the ready confirms: the seat's orders the umpire holds for the step. */
  readonly orderHash?: string;
}

/**
 * A seat says it is done (or not) with its orders for the open step. Ready names the step and the receipt of the
 * orders it confirms: `wrong-step` when the step is not open, `no-orders` when the seat has sent none,
 * `stale-receipt` when the umpire holds other orders, `deadline-passed` after the deadline.
 */
export async function markReady(host: Host, gameId: string, seat: string, input: ReadyInput): Promise<Result<{ step: string; ready: boolean; orderHash: string | null; resolved: string[] }, Problem[]>> {
  if (input.ready && input.orderHash === undefined) return err([problem('no-receipt', 'ready: true names the receipt (orderHash) of the orders it confirms, as the umpire gave it', '$.orderHash')]);
  return unlessStopped(
    gameId,
    await host.sql.transaction(async (tx) => {
      const locked = await lockGame(tx, host, gameId);
      if (!locked) return err([problem('unknown-game', `no game '${gameId}'`)]);
      if ('stopped' in locked) return locked;
      const open = openStepOf(locked);
      if ('none' in open || input.step !== open.id) return err([wrongStep(input.step, open)]);
      const [row] = await tx.query<SeatRow>('SELECT seat, email, bot, ready FROM seats WHERE game_id = $1 AND seat = $2', [gameId, seat]);
      if (row?.bot) return err([problem('bot-seat', `seat ${seat} is played by a bot`)]);
      const held = locked.game.record.steps.at(-1)!.submissions.find((s) => s.seat === seat);
      if (!input.ready) {
        await tx.query('UPDATE seats SET ready = false WHERE game_id = $1 AND seat = $2', [gameId, seat]);
        return ok({ step: open.id, ready: false, orderHash: held?.orderHash ?? null, resolved: [] });
      }
      const late = deadlinePassed(host, locked);
      if (late) return err([late]);
      if (!held) return err([problem('no-orders', `the umpire holds no orders of ${seat} for step ${open.id}: send your orders (they may say ready themselves)`)]);
      if (held.orderHash !== input.orderHash) {
        return err([problem('stale-receipt', `the umpire holds other orders of ${seat} for step ${open.id} (receipt ${held.orderHash}), not those of receipt ${input.orderHash}: read them again, or send the orders you mean with ready`, '$.orderHash')]);
      }
      await tx.query('UPDATE seats SET ready = true, ready_step = $3, ready_hash = $4 WHERE game_id = $1 AND seat = $2', [gameId, seat, open.id, held.orderHash]);
      const resolved = locked.settings.paused ? [] : await resolveEarly(tx, host, locked.ruleset, locked.game, locked.settings);
      return ok({ step: open.id, ready: true, orderHash: held.orderHash, resolved });
    }),
  );
}

/**
 * The host resolves the step it names, now, whatever its deadline: only while it is the open step, so that two
 * calls at once (a double click, a retry) resolve it once and the second is refused with `wrong-step`.
 */
export async function adjudicateStep(host: Host, gameId: string, step: string): Promise<Result<{ resolved: string[] }, Problem[]>> {
  return unlessStopped(
    gameId,
    await host.sql.transaction(async (tx) => {
      const locked = await lockGame(tx, host, gameId);
      if (!locked) return err([problem('unknown-game', `no game '${gameId}'`)]);
      if ('stopped' in locked) return locked;
      const now = awaiting(locked.ruleset, locked.game);
      const last = locked.game.record.steps.at(-1);
      if (now.kind === 'over' || !last || last.status === 'resolved' || last.id !== step) {
        const open = now.kind === 'over' ? { none: 'the game is over' } : last && last.status !== 'resolved' ? { id: last.id } : { none: 'no step is open' };
        return err([wrongStep(step, open)]);
      }
      return ok({ resolved: await advanceIn(tx, host, locked.ruleset, locked.game, locked.settings, 'host') });
    }),
  );
}

/** What the umpire holds of a seat: the open step, the seat's orders for it with their receipt, and whether it is ready of them. */
/** What the umpire holds of a seat: the open step, the seat's accepted orders for it, its ready. */
export interface SeatOrders {
  readonly seat: string;
  readonly step: string | null;
  /** Ready of the orders held (tied to the step and the receipt it confirmed). */
  readonly ready: boolean;
  readonly submitted?: { readonly step: string; readonly text: string; readonly orderHash: string; readonly orders: Json };
}

export async function seatOrders(q: Queryable, gameId: string, seat: string): Promise<SeatOrders> {
  const record = await loadRecord(q, gameId);
  const last = record?.steps.at(-1);
  const open = last && last.status !== 'resolved' ? last : undefined;
  const [row] = await q.query<SeatRow>('SELECT seat, email, bot, ready, ready_step, ready_hash FROM seats WHERE game_id = $1 AND seat = $2', [gameId, seat]);
  const submitted = open ? await ordersOfSeat(q, gameId, seat) : undefined;
  return { seat, step: open?.id ?? null, ready: !!row && !!open && seatReady(row, open), ...(submitted ? { submitted } : {}) };
}
