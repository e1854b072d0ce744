import type { Json } from './canonical.js';
import { hashValue } from './hash.js';
import type { GameRecord, StepRecord } from './record.js';
import type { AnyRuleset, GameEvent, SeatId } from './ruleset.js';

/**
 * What a reader of a game may see. An event with `visibleTo` is a secret of the seats it lists: the record sent to
 * anyone else carries, in its place, a hidden event holding the SHA-256 of the event's canonical JSON. `replay` runs
 * the step, hashes the event it produces there and compares, so a redacted record verifies as the whole record does:
 * every roll, every state hash, every commitment (the previous step, which a commitment binds, is rebuilt from the
 * replayed events) and every hidden event through its hash.
 */

/** The type of the event that stands in a redacted record for one its reader may not see. */
export const HIDDEN_EVENT = 'hidden-event';

export interface HiddenEvent extends GameEvent {
  readonly type: typeof HIDDEN_EVENT;
  /** SHA-256 of the canonical JSON of the event it stands for, `visibleTo` included. */
  readonly hash: string;
}

const HASH = /^[0-9a-f]{64}$/;

/** Whether an event is the stand-in of a hidden one: its type, a hash, nothing else. */
export function isHiddenEvent(e: GameEvent): e is HiddenEvent {
  return e.type === HIDDEN_EVENT && typeof e['hash'] === 'string' && HASH.test(e['hash']) && Object.keys(e).length === 2;
}

/** The stand-in of an event: the hash of its canonical JSON, and neither its type nor whom it is for. */
export function hideEvent(e: GameEvent): HiddenEvent {
  return { type: HIDDEN_EVENT, hash: hashValue(e) };
}

/** Whether a reader sees an event: one without `visibleTo` everybody does; a visitor (no seat) sees nothing else. */
export function seesEvent(e: GameEvent, seat: SeatId | undefined): boolean {
  return e.visibleTo === undefined || (seat !== undefined && e.visibleTo.includes(seat));
}

/**
 * The record's resolved steps, whole, with their revealed secrets: what the umpire works from for reports and maps.
 * The step still open (its orders private until it resolves) and a step paused for a decision (its secret not yet
 * revealed) are left out.
 */
export function resolvedRecord(record: GameRecord): GameRecord {
  return { ...record, steps: record.steps.filter((s) => s.status === 'resolved') };
}

/** A step as a reader sees it: the events the reader may not see replaced by their hidden stand-ins. */
export function redactedStep(step: StepRecord, seat: SeatId | undefined): StepRecord {
  if (step.events.every((e) => seesEvent(e, seat))) return step;
  return { ...step, events: step.events.map((e) => (seesEvent(e, seat) ? e : hideEvent(e))) };
}

/**
 * The record as published to anyone (no seat): its resolved steps, every event that some seat may not see replaced by
 * its hidden stand-in. `umpire verify` checks it as it checks the whole record.
 */
export function publicRecord(record: GameRecord): GameRecord {
  const resolved = resolvedRecord(record);
  return { ...resolved, steps: resolved.steps.map((s) => redactedStep(s, undefined)) };
}

/**
 * The record as sent to one seat: its resolved steps, with the events the seat sees whole (its own secrets too) and
 * the others' secrets replaced by their hidden stand-ins. It verifies like the public record.
 */
export function seatRecord(record: GameRecord, seat: SeatId): GameRecord {
  const resolved = resolvedRecord(record);
  return { ...resolved, steps: resolved.steps.map((s) => redactedStep(s, seat)) };
}

/** How many events of a record are hidden stand-ins. */
export function hiddenEvents(record: GameRecord): number {
  return record.steps.reduce((n, s) => n + s.events.filter(isHiddenEvent).length, 0);
}

/**
 * What a seat (or a visitor: no seat) may see of a state: the ruleset's `view`, or the whole state for a ruleset
 * that keeps nothing secret.
 */
export function seatView<S extends Json>(ruleset: AnyRuleset, state: S, seat: SeatId | undefined): Json {
  return ruleset.view ? (ruleset.view(state, seat) as Json) : state;
}
