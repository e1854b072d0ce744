import { distance } from 'fastest-levenshtein';
import { err, type Result } from './result.js';

/**
 * A located problem with some input: an order line, a scenario file, a record.
 * `path` is a JSON path ("$.nations[3].treasury"); `line`/`column` are 1-based positions in text input.
 * A rule's refusal is a problem too: why an order cannot be given, or a move made; its `field` names the field of
 * the order it is about (none: the whole order), which the order language turns into a column or a JSON path.
 */
export interface Problem {
  readonly code: string;
  readonly message: string;
  /** The field of an order a refusal is about ('to', 'units'); none: the whole order. */
  readonly field?: string;
  readonly path?: string;
  readonly line?: number;
  readonly column?: number;
  /** The closest valid name, when the problem is an unknown name. */
  readonly suggestion?: string;
}

/**
 * A rule's refusal as a failed result: why an order cannot be given or a move made, with the field of the order it
 * is about when there is one. Checks return `Result<T, Problem>`: what they found, or this.
 */
export function refuse(code: string, message: string, field?: string): Result<never, Problem> {
  return err({ code, message, ...(field ? { field } : {}) });
}

export function formatProblem(p: Problem, source?: string): string {
  const where = p.line !== undefined
    ? `${source ? `${source}:` : ''}${p.line}:${p.column ?? 1}`
    : p.path ?? source ?? '';
  const hint = p.suggestion !== undefined ? ` (did you mean '${p.suggestion}'?)` : '';
  return `${where ? `${where}: ` : ''}${p.message}${hint}`;
}

export function formatProblems(problems: readonly Problem[], source?: string): string {
  return problems.map((p) => formatProblem(p, source)).join('\n');
}

/** A name as names are compared: lower case, spaces and punctuation dropped ('North-Sea' and 'north sea' are 'northsea'). */
export const normaliseName = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The candidate closest to `name`, or undefined when none is close enough to be a plausible typo.
 * Case, spaces and punctuation are ignored; a prefix match counts as close.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = normaliseName(name);
  if (wanted === '') return undefined;
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const c = normaliseName(candidate);
    const score = c.startsWith(wanted) || wanted.startsWith(c) ? Math.abs(c.length - wanted.length) * 0.1 : distance(wanted, c);
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return bestScore <= limit ? best : undefined;
}

/** Resolve a possibly abbreviated, case-insensitive name to exactly one candidate. */
export function resolveName(
  name: string,
  candidates: readonly string[],
): { readonly ok: true; readonly value: string } | { readonly ok: false; readonly reason: 'unknown' | 'ambiguous'; readonly matches: readonly string[]; readonly suggestion?: string } {
  const wanted = normaliseName(name);
  const exact = candidates.filter((c) => normaliseName(c) === wanted);
  if (exact.length === 1) return { ok: true, value: exact[0]! };
  const prefixed = candidates.filter((c) => normaliseName(c).startsWith(wanted));
  if (wanted !== '' && prefixed.length === 1) return { ok: true, value: prefixed[0]! };
  if (wanted !== '' && prefixed.length > 1) return { ok: false, reason: 'ambiguous', matches: prefixed };
  const suggestion = closestName(name, candidates);
  return suggestion === undefined ? { ok: false, reason: 'unknown', matches: [] } : { ok: false, reason: 'unknown', matches: [], suggestion };
}

/** Turn a zod issue path into a JSON path like $.turns[2].events[0]. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `[${JSON.stringify(String(key))}]`;
  return out;
}
