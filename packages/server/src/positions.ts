import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { replay, type AnyRuleset, type GameRecord, type GameResult, type Position, type RecordPositions } from '@umpire/engine';

/**
 * The positions a record passes through (engine `recordPositions`: each step's start, each turn's end, where the game
 * stands), kept per process by game, number of resolved steps and the state hash after the last of them, so that a
 * game is replayed once, not on every request. The hash names the position exactly: a record whose resolved steps
 * changed (another process resolved one) never meets a stale entry.
 *
 * A record that has grown since it was last replayed (a turn resolved) is replayed from where the kept positions end:
 * one step, not the whole game. A game not yet replayed in this process (after a restart) takes seconds to replay when
 * it is long; `positionsReady` does it a step at a time between other requests, so that it never holds the event loop
 * for more than a step.
 */

/** A stored game whose record does not replay: nothing may go on from it. */
export class RecordBroken extends Error {
  constructor(
    readonly gameId: string,
    readonly reason: string,
  ) {
    super(`the record of game ${gameId} does not replay: ${reason}`);
    this.name = 'RecordBroken';
  }
}

interface Kept {
  readonly gameId: string;
  readonly steps: number;
  readonly stateHash: string;
  readonly positions: RecordPositions & { readonly current: Position };
  readonly result?: GameResult;
}

const kept = new Map<string, Kept>();
const POSITIONS_KEPT = 64;

const resolvedOf = (record: GameRecord): GameRecord => ({ ...record, steps: record.steps.filter((s) => s.status === 'resolved') });
const hashAfter = (record: GameRecord, steps: number): string =>
  steps === 0 ? record.initialStateHash : (record.steps[steps - 1]!.stateHash ?? '');
const keyOf = (gameId: string, steps: number, stateHash: string) => `${gameId}/${steps}/${stateHash}`;

function keep(entry: Kept): Kept {
  const key = keyOf(entry.gameId, entry.steps, entry.stateHash);
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > POSITIONS_KEPT) kept.delete(kept.keys().next().value!);
  return entry;
}

/** The kept positions of exactly these resolved steps, or of the longest part of them that was replayed before. */
function nearest(record: GameRecord): Kept | undefined {
  const gameId = record.header.gameId;
  const exact = kept.get(keyOf(gameId, record.steps.length, hashAfter(record, record.steps.length)));
  if (exact) {
    keep(exact);
    return exact;
  }
  let best: Kept | undefined;
  for (const entry of kept.values()) {
    if (entry.gameId !== gameId || entry.steps >= record.steps.length || (best && best.steps >= entry.steps)) continue;
    if (hashAfter(record, entry.steps) === entry.stateHash && entry.positions.current) best = entry;
  }
  return best;
}

/** Replay the resolved steps of `record` after `from` up to step `upTo`: the positions of the first `upTo` steps. */
function extend(ruleset: AnyRuleset, record: GameRecord, from: Kept | undefined, upTo: number, store = true): Kept {
  const gameId = record.header.gameId;
  const before = new Map(from?.positions.before);
  const afterTurn = new Map(from?.positions.afterTurn);
  const { result: _result, ...unfinished } = record;
  const part: GameRecord = upTo === record.steps.length ? record : { ...unfinished, steps: record.steps.slice(0, upTo) };
  const result = from?.result ? { result: from.result } : {};
  const checkpoint = from ? { from: { steps: from.steps, position: from.positions.current, ...result } } : {};
  const checked = replay(ruleset, part, {
    ...checkpoint,
    onStep: (_i, step, start, after) => {
      before.set(step.id, start);
      afterTurn.set(step.turn, after);
    },
  });
  // Never where replay stopped: a game goes on from where its record says it stands, or not at all.
  if (!checked.ok || !checked.game) {
    throw new RecordBroken(gameId, checked.mismatch ? `${checked.mismatch.path}: ${checked.mismatch.message}` : 'it does not replay');
  }
  const over = checked.game.record.result;
  const entry: Kept = {
    gameId,
    steps: upTo,
    stateHash: hashAfter(record, upTo),
    positions: { before, afterTurn, current: checked.game.position },
    ...(over ? { result: over } : {}),
  };
  return store ? keep(entry) : entry;
}

/**
 * The positions of a record's resolved steps (its open or paused step left out), from the kept ones when they are
 * there, by replaying only the steps after them otherwise. Throws RecordBroken when the record does not replay.
 */
export function positionsOf(ruleset: AnyRuleset, record: GameRecord): RecordPositions {
  const resolved = resolvedOf(record);
  const near = nearest(resolved);
  if (near?.steps === resolved.steps.length) return near.positions;
  return extend(ruleset, resolved, near, resolved.steps.length).positions;
}

const underWay = new Map<string, Promise<RecordPositions>>();

/**
 * `positionsOf` for the requests that read a game: the same positions, but what must be replayed is replayed a step
 * at a time, the event loop free between steps; two requests for the same positions share one replay.
 */
export function positionsReady(ruleset: AnyRuleset, record: GameRecord): Promise<RecordPositions> {
  const resolved = resolvedOf(record);
  const n = resolved.steps.length;
  const key = keyOf(resolved.header.gameId, n, hashAfter(resolved, n));
  const near = nearest(resolved);
  if (near?.steps === n) return Promise.resolve(near.positions);
  const running = underWay.get(key);
  if (running) return running;
  const work = (async () => {
    // The opening first (the scenario set up and checked), then one step at a time.
    let at = near;
    while (!at || at.steps < n) {
      await yieldToEvents();
      const next = extend(ruleset, resolved, at, at ? at.steps + 1 : 0, false);
      // Only the latest of the steps replayed so far is kept, for a request that cannot wait (positionsOf).
      if (at && at !== near) kept.delete(keyOf(at.gameId, at.steps, at.stateHash));
      at = keep(next);
    }
    return at.positions;
  })().finally(() => underWay.delete(key));
  underWay.set(key, work);
  return work;
}

/** How many replays are kept (for tests and the health of the process). */
export const positionsKept = (): number => kept.size;

/** Forget every kept replay (as a restarted process has none). */
export function forgetPositions(): void {
  kept.clear();
}
