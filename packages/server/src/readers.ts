import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import {
  redactedStep,
  resolvedRecord,
  seatView,
  stateAfterPhase,
  stepInfo,
  type AnyRuleset,
  type Clock,
  type GameRecord,
  type GameResult,
  type Json,
  type Position,
  type RecordPositions,
  type StepInfo,
} from '@umpire/engine';
import { positionsReady } from './positions.js';
import { rulesetById } from './rulesets.js';
import type { Queryable } from './storage/sql.js';
import { loadRecord } from './storage/store.js';

/**
 * What each reader of a game is sent: a seat its own record (its secret events whole, the others' hidden by their
 * hashes) and its view of any state of the game; a visitor the public record and the public view. Worked out from the
 * whole record on the server, so that no other seat's secret leaves it, and kept per process: a game's resolved steps
 * are named by their number and the state hash after the last, read from the database without loading the record.
 */

/** What names the resolved part of a stored game: its ruleset, the number of resolved steps, the state hash after them. */
interface ResolvedKey {
  readonly gameId: string;
  readonly ruleset: string;
  readonly steps: number;
  readonly stateHash: string;
}

const keyText = (k: ResolvedKey) => `${k.gameId}/${k.steps}/${k.stateHash}`;

async function resolvedKey(q: Queryable, gameId: string): Promise<ResolvedKey | undefined> {
  const [row] = await q.query<{ ruleset: string; initial: string; steps: number; hash: string | null }>(
    `SELECT g.ruleset, g.initial_state_hash AS initial,
        (SELECT count(*)::int FROM steps s WHERE s.game_id = g.id AND s.status = 'resolved') AS steps,
        (SELECT s.record->>'stateHash' FROM steps s WHERE s.game_id = g.id AND s.status = 'resolved' ORDER BY s.idx DESC LIMIT 1) AS hash
      FROM games g WHERE g.id = $1`,
    [gameId],
  );
  return row ? { gameId, ruleset: row.ruleset, steps: Number(row.steps), stateHash: row.hash ?? row.initial } : undefined;
}

/** The whole resolved records read lately, so that a request whose game has not moved does not read and parse it again. */
const records = new LRUCache<string, GameRecord>({ max: 16 });
/** The JSON text of each reader's record and views, by game, resolved steps and reader: at most 64 MiB. */
const texts = new LRUCache<string, string>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (t) => Math.max(1, t.length) });
/** States after a phase of a turn, as asked for when stepping through a turn. */
const phaseStates = new LRUCache<string, { phase: string; state: Json }>({ max: 32 });

/** A game as its readers are served: its whole resolved record, its ruleset and the positions it passes through. */
export interface ServedGame {
  readonly key: string;
  readonly record: GameRecord;
  readonly ruleset: AnyRuleset;
  readonly positions: RecordPositions;
}

/** The game's resolved record and its positions (replayed between other requests when they are not kept). */
export async function servedGame(q: Queryable, gameId: string): Promise<ServedGame | undefined> {
  const k = await resolvedKey(q, gameId);
  if (!k) return undefined;
  const found = rulesetById(k.ruleset);
  if (!found.ok) throw new Error(`game ${gameId}: ${found.message}`);
  const key = keyText(k);
  let record = records.get(key);
  if (!record) {
    const loaded = await loadRecord(q, gameId);
    if (!loaded) return undefined;
    record = resolvedRecord(loaded);
    // Another process may have resolved a step between the two reads: the record read names itself.
    const read = { ...k, steps: record.steps.length, stateHash: record.steps.at(-1)?.stateHash ?? record.initialStateHash };
    records.set(keyText(read), record);
    return { key: keyText(read), record, ruleset: found.ruleset, positions: await positionsReady(found.ruleset, record) };
  }
  return { key, record, ruleset: found.ruleset, positions: await positionsReady(found.ruleset, record) };
}

/** The record a reader is sent, as JSON text: a seat's own record, or the public record (no seat). */
export async function readerRecordText(q: Queryable, gameId: string, seat: string | undefined): Promise<string | undefined> {
  const k = await resolvedKey(q, gameId);
  if (!k) return undefined;
  const kept = texts.get(`record/${keyText(k)}/${seat ?? ''}`);
  if (kept !== undefined) return kept;
  const loaded = records.get(keyText(k)) ?? (await loadRecord(q, gameId));
  if (!loaded) return undefined;
  const resolved = resolvedRecord(loaded);
  // A step at a time (engine `publicRecord` and `seatRecord` give the same record), the event loop free between steps.
  const { steps, ...rest } = resolved;
  const parts: string[] = [];
  for (const step of steps) {
    parts.push(JSON.stringify(redactedStep(step, seat)));
    await yieldToEvents();
  }
  const marker = '\u0000steps\u0000';
  const text = JSON.stringify({ ...rest, steps: marker }).replace(JSON.stringify(marker), () => `[${parts.join(',')}]`);
  const read = `${gameId}/${resolved.steps.length}/${resolved.steps.at(-1)?.stateHash ?? resolved.initialStateHash}`;
  records.set(read, resolved);
  texts.set(`record/${read}/${seat ?? ''}`, text);
  return text;
}

/** What `GET /api/games/:id/view` answers: a reader's view of the state after a turn, or after one of its phases. */
export interface ViewAnswer {
  readonly game: string;
  /** The seat whose view this is; null: a visitor's. */
  readonly seat: string | null;
  readonly turn: number;
  /** The last turn resolved (0: none yet). */
  readonly lastTurn: number;
  /** The ruleset's name of the turn ('Turn 3, December 1914 - January 1915'); 'The opening' for turn 0. */
  readonly label: string;
  /**
   * The phases of every step of the turn, in order (none for turn 0): `phase` takes their index. A turn of several
   * steps (a German player-turn, then an Allied one) lists the phases of each in turn.
   */
  readonly phases: readonly string[];
  /** The step each phase of `phases` belongs to ('t3.german'), index for index. */
  readonly phaseSteps: readonly string[];
  readonly phase?: { readonly index: number; readonly name: string; readonly step: string };
  readonly clock: Clock;
  /** The ruleset's view of the state for the reader (engine `seatView`): the other seats' secrets withheld. */
  readonly state: Json;
  /** The step open for orders, which starts from the state after the last turn; none when the game is over. */
  readonly open?: StepInfo;
  readonly result?: GameResult;
}

export type ViewRefusal = { readonly status: number; readonly error: string; readonly message: string; readonly path?: string };

const lastTurnOf = (record: GameRecord) => record.steps.reduce((n, s) => Math.max(n, s.turn), 0);

/** The position after a turn (0: the opening, where the first step starts, or the game stands before it resolves). */
function afterTurn(game: ServedGame, turn: number): Position | undefined {
  if (turn !== 0) return game.positions.afterTurn.get(turn);
  const first = game.record.steps[0];
  return first ? game.positions.before.get(first.id) : game.positions.current;
}

/** The resolved steps of a turn, in order: each one's index in the record, the position it starts from and its phases. */
function turnSteps(game: ServedGame, turn: number): { index: number; id: string; start: Position; phases: string[] }[] {
  const out: { index: number; id: string; start: Position; phases: string[] }[] = [];
  game.record.steps.forEach((s, index) => {
    const start = s.turn === turn && s.status === 'resolved' ? game.positions.before.get(s.id) : undefined;
    if (start) out.push({ index, id: s.id, start, phases: [...stepInfo(game.ruleset, start).phases] });
  });
  return out;
}

/**
 * A reader's view of the state after `turn` (default: the last resolved), or after phase `phase` (0-based) of it.
 * The state of a phase takes the turn's step run again up to that phase; it is kept for the next reader.
 */
export async function readerView(
  q: Queryable,
  gameId: string,
  seat: string | undefined,
  ask: { turn?: number; phase?: number },
): Promise<ViewAnswer | ViewRefusal | undefined> {
  const game = await servedGame(q, gameId);
  if (!game) return undefined;
  const lastTurn = lastTurnOf(game.record);
  const turn = ask.turn ?? lastTurn;
  const position = afterTurn(game, turn);
  if (!position) {
    const message = `turn ${turn} of game ${gameId} has not been resolved: the last resolved turn is ${lastTurn}`;
    return { status: 404, error: 'no-view', message, path: '$.turn' };
  }
  const steps = turn === 0 ? [] : turnSteps(game, turn);
  const phases = steps.flatMap((s) => s.phases);
  const phaseSteps = steps.flatMap((s) => s.phases.map(() => s.id));
  let state = position.state;
  let phase: ViewAnswer['phase'];
  if (ask.phase !== undefined) {
    if (ask.phase >= phases.length) {
      const has = phases.length ? `turn ${turn} has ${phases.length} phases: 0 to ${phases.length - 1}` : `turn ${turn} has no phases`;
      return { status: 400, error: 'bad-phase', message: `no phase ${ask.phase}: ${has}`, path: '$.phase' };
    }
    // The phase's step, and the phase's place in it.
    let within = ask.phase;
    let k = 0;
    while (within >= steps[k]!.phases.length) within -= steps[k++]!.phases.length;
    const step = steps[k]!;
    const cacheKey = `${game.key}/${step.index}/${within}`;
    let after = phaseStates.get(cacheKey);
    if (!after) {
      after = stateAfterPhase<Json>(game.ruleset, game.record, step.index, step.start, within);
      if (!after) return { status: 400, error: 'bad-phase', message: `no phase ${ask.phase} in turn ${turn}`, path: '$.phase' };
      phaseStates.set(cacheKey, after);
    }
    state = after.state;
    phase = { index: ask.phase, name: after.phase, step: step.id };
  }
  const current = game.positions.current;
  const open = !game.record.result && current ? stepInfo(game.ruleset, current) : undefined;
  return {
    game: gameId,
    seat: seat ?? null,
    turn,
    lastTurn,
    label: turn === 0 ? 'The opening' : (game.ruleset.turnLabel?.(turn, position.state) ?? `Turn ${turn}`),
    phases,
    phaseSteps,
    ...(phase ? { phase } : {}),
    clock: position.clock,
    state: seatView(game.ruleset, state, seat),
    ...(open ? { open } : {}),
    ...(game.record.result ? { result: game.record.result } : {}),
  };
}

/** The reader's view after every resolved turn (GET /api/games/:id/views), the opening first: `readerViewsText`'s JSON. */
export interface ViewsAnswer {
  readonly game: string;
  readonly seat: string | null;
  readonly lastTurn: number;
  readonly result?: GameResult;
  readonly turns: readonly { readonly turn: number; readonly label: string; readonly clock: Clock; readonly state: Json }[];
}

/**
 * A reader's view of the state after every resolved turn, the opening first, as JSON text: what a client draws the
 * course of the war from. Written a turn at a time, the event loop free between turns, and kept for the next request.
 */
export async function readerViewsText(q: Queryable, gameId: string, seat: string | undefined): Promise<string | undefined> {
  const game = await servedGame(q, gameId);
  if (!game) return undefined;
  const key = `views/${game.key}/${seat ?? ''}`;
  const kept = texts.get(key);
  if (kept !== undefined) return kept;
  const lastTurn = lastTurnOf(game.record);
  const parts: string[] = [];
  for (let turn = 0; turn <= lastTurn; turn++) {
    const position = afterTurn(game, turn);
    if (!position) continue;
    const label = turn === 0 ? 'The opening' : (game.ruleset.turnLabel?.(turn, position.state) ?? `Turn ${turn}`);
    const part: ViewsAnswer['turns'][number] = { turn, label, clock: position.clock, state: seatView(game.ruleset, position.state, seat) };
    parts.push(JSON.stringify(part));
    await yieldToEvents();
  }
  const result = game.record.result ? { result: game.record.result } : {};
  const answer: Omit<ViewsAnswer, 'turns'> = { game: gameId, seat: seat ?? null, lastTurn, ...result };
  const head = JSON.stringify(answer);
  const text = `${head.slice(0, -1)},"turns":[${parts.join(',')}]}`;
  texts.set(key, text);
  return text;
}

/** Forget what is kept for the readers (as a restarted process has nothing). */
export function forgetReaders(): void {
  records.clear();
  texts.clear();
  phaseStates.clear();
}
