import { canonicalJson, type Json } from '../canonical.js';
import type { GameEvent } from '../ruleset.js';

/**
 * How a case's expected values meet what a game did. An object given matches an object that has at least its fields,
 * each matching; a list matches a list of the same length whose elements match one by one; anything else must be
 * equal. So { "type": "capture", "area": "reims" } matches every capture of Reims, whatever else the event says.
 */
export function matches(actual: unknown, expected: Json): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(actual[i], e));
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    const a = actual as Record<string, unknown>;
    return Object.entries(expected).every(([k, v]) => Object.hasOwn(a, k) && matches(a[k], v));
  }
  return actual === expected;
}

/** The fields of a pattern an event does not match, with the event's values. */
export function differences(event: GameEvent, pattern: Readonly<Record<string, Json>>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(pattern)) if (!Object.hasOwn(event, k) || !matches(event[k], v)) out[k] = Object.hasOwn(event, k) ? (event[k] as Json) : '(missing)';
  return out;
}

/** The event of the pattern's type that matches most of its fields (the first of the best), to report instead. */
export function closestEvent(events: readonly GameEvent[], pattern: Readonly<Record<string, Json>>): GameEvent | undefined {
  let best: GameEvent | undefined;
  let bestScore = -1;
  for (const e of events) {
    if (e.type !== pattern['type']) continue;
    const score = Object.entries(pattern).filter(([k, v]) => Object.hasOwn(e, k) && matches(e[k], v)).length;
    if (score > bestScore) {
      best = e;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Match each pattern to an event of its own (two equal patterns want two events), as many as can be: a maximum
 * matching of patterns to events (augmenting paths), so that the order of the patterns never decides. Returns the
 * event index of each pattern, or -1 for a pattern left without one.
 */
export function assignEvents(events: readonly GameEvent[], patterns: readonly Readonly<Record<string, Json>>[]): number[] {
  const fits = patterns.map((p) => events.flatMap((e, i) => (matches(e, p) ? [i] : [])));
  const owner = new Map<number, number>();
  const assigned = patterns.map(() => -1);
  const tryAssign = (p: number, seen: Set<number>): boolean => {
    for (const e of fits[p]!) {
      if (seen.has(e)) continue;
      seen.add(e);
      const holder = owner.get(e);
      if (holder === undefined || tryAssign(holder, seen)) {
        owner.set(e, p);
        assigned[p] = e;
        return true;
      }
    }
    return false;
  };
  patterns.forEach((_, p) => tryAssign(p, new Set()));
  return assigned;
}

/**
 * Match the patterns, in order, to events in the same order (others may come between): each pattern takes the first
 * event that matches after the one the pattern before it took, which finds the order whenever there is one. Returns
 * the event index of each pattern, or -1 from the first pattern left without one.
 */
export function sequenceEvents(events: readonly GameEvent[], patterns: readonly Readonly<Record<string, Json>>[]): number[] {
  let from = 0;
  return patterns.map((p) => {
    if (from < 0) return -1;
    const i = events.findIndex((e, k) => k >= from && matches(e, p));
    from = i < 0 ? -1 : i + 1;
    return i;
  });
}

/** A value as a case file would write it, shortened for a report line. */
export function shortJson(value: unknown, max = 400): string {
  const text = value === undefined ? 'nothing' : canonicalJson(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
