import { closestName, jsonPath, type Problem } from '../problems.js';
import type { Result } from '../result.js';
import type { AnyOrder, Ledger, OrderList } from './order-language.js';

/**
 * The grammar order kinds share, for the order language kit (order-language.ts): counts and lists of units as typed
 * ('3 infantry, all artillery', 'all') and as JSON ({ "infantry": 3, "artillery": "all" }), 'units from X to Y via Z'
 * phrases with the column of each part, unknown JSON fields with the closest field, and what the orders admitted so
 * far took. A ruleset names its unit types through a `UnitVocabulary`.
 */

/** How many units of each type an order names: a count or 'all'. */
export type UnitCounts = { [type: string]: number | 'all' };

/** The units an order names: so many of each type, or 'all' for every unit that can go. */
export type UnitSelection = UnitCounts | 'all';

/** The unit types of a game as its orders name them. */
export interface UnitVocabulary {
  /** A unit type from what a player typed, among the types `allowed`: its id, or the problem (its code, message and suggestion). */
  lookup(typed: string, allowed: readonly string[]): Result<string, Problem>;
  /** Whether `type` is a unit type id of the game, allowed here or not. */
  known(type: string): boolean;
  /** The word for `count` units of a type ('infantry', 'tanks'). */
  word(type: string, count?: number): string;
  /** Examples for problems: a list as typed ('3 infantry, 1 artillery') and as JSON ('{ "infantry": 3, "artillery": "all" }'). */
  readonly example: { readonly text: string; readonly json: string };
}

/** A count and what follows it: '3 infantry', 'all artillery', 'a tank', 'one cruiser'. */
const COUNTED = /^(\d+|all|an?|one)\s+(.+)$/i;

/** A count word as a number or 'all' ('a', 'an' and 'one' are 1); undefined for a word that is no count. */
export function countOf(word: string): number | 'all' | undefined {
  const w = word.toLowerCase();
  if (w === 'all') return 'all';
  if (/^\d+$/.test(w)) return Number(w);
  return /^(an?|one)$/.test(w) ? 1 : undefined;
}

/**
 * A list of units as typed: 'all', or items separated by commas or 'and', each a count or 'all' and a unit type
 * ('3 infantry', 'all artillery', 'a tank'), the types among `allowed`. Problems carry the column of the item.
 */
export function parseUnitList(text: string, line: number, column: number, allowed: readonly string[], vocabulary: UnitVocabulary): UnitSelection | Problem[] {
  if (/^all$/i.test(text.trim())) return 'all';
  const problems: Problem[] = [];
  const units: UnitCounts = {};
  const re = /[^,]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (const piece of m[0].split(/\band\b/i)) {
      const lead = m[0].indexOf(piece);
      const item = piece.trim();
      if (item === '') continue;
      const col = column + m.index + lead + (piece.length - piece.trimStart().length);
      const im = COUNTED.exec(item);
      if (!im) {
        problems.push({ code: 'missing-count', message: `how many? e.g. '3 ${item}' or 'all ${item}'`, line, column: col });
        continue;
      }
      const count = countOf(im[1]!)!;
      const typeCol = col + item.indexOf(im[2]!);
      if (count !== 'all' && count < 1) {
        problems.push({ code: 'bad-count', message: 'a count is 1 or more', line, column: col });
        continue;
      }
      const type = vocabulary.lookup(im[2]!, allowed);
      if (!type.ok) {
        problems.push({ code: type.error.code, message: type.error.message, line, column: typeCol, ...(type.error.suggestion ? { suggestion: type.error.suggestion } : {}) });
        continue;
      }
      const before = units[type.value];
      if (before === 'all' || (before !== undefined && count === 'all')) {
        problems.push({ code: 'all-and-count', message: `${vocabulary.word(type.value, 2)} are named twice, once as 'all'`, line, column: col });
        continue;
      }
      units[type.value] = count === 'all' ? 'all' : (before ?? 0) + count;
    }
  }
  if (!problems.length && Object.keys(units).length === 0) problems.push({ code: 'missing-units', message: `which units? e.g. '${vocabulary.example.text}' or 'all'`, line, column });
  return problems.length ? problems : units;
}

/** Check a JSON unit selection: 'all' or { type: count | 'all' }, the types among `allowed`. */
export function checkUnitSelection(value: unknown, path: readonly (string | number)[], allowed: readonly string[], vocabulary: UnitVocabulary): UnitSelection | Problem[] {
  if (value === 'all') return 'all';
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    return [{ code: 'missing-units', message: `units is "all" or an object of unit type to count, e.g. ${vocabulary.example.json}`, path: jsonPath(path) }];
  }
  const problems: Problem[] = [];
  const units: UnitCounts = {};
  for (const [type, count] of Object.entries(value as Record<string, unknown>)) {
    if (!allowed.includes(type)) {
      const known = vocabulary.known(type);
      const suggestion = known ? undefined : closestName(type, allowed);
      problems.push({
        code: known ? 'unit-cannot-move' : 'unknown-unit',
        message: known ? `${type} cannot be ordered here: only ${allowed.join(', ')}` : `there is no unit type '${type}'`,
        path: jsonPath([...path, type]),
        ...(suggestion ? { suggestion } : {}),
      });
      continue;
    }
    if (count === 'all' || (typeof count === 'number' && Number.isInteger(count) && count >= 1)) units[type] = count;
    else problems.push({ code: 'bad-count', message: 'a count is a whole number of 1 or more, or "all"', path: jsonPath([...path, type]) });
  }
  return problems.length ? problems : units;
}

/** '3 infantry, all artillery' or 'all', as the text form writes it. */
export function formatSelection(units: UnitSelection, vocabulary: Pick<UnitVocabulary, 'word'>): string {
  if (units === 'all') return 'all';
  return Object.entries(units)
    .map(([type, n]) => (n === 'all' ? `all ${vocabulary.word(type, 2)}` : `${n} ${vocabulary.word(type, n)}`))
    .join(', ');
}

/** The units of a selection among `units` (those not in `used`): for each type named, so many (or all) of them; sorted by `order`. */
export function pickUnits<U extends { readonly id: string; readonly type: string }>(units: readonly U[], selection: UnitSelection, order: (a: U, b: U) => number, used: ReadonlySet<string> = new Set()): U[] {
  const free = units.filter((u) => !used.has(u.id));
  if (selection === 'all') return free.sort(order);
  const out: U[] = [];
  for (const [type, n] of Object.entries(selection)) {
    const ofType = free.filter((u) => u.type === type);
    out.push(...(n === 'all' ? ofType : ofType.slice(0, n)));
  }
  return out.sort(order);
}

/** A problem for each field of a JSON order that its kind does not have, with the closest field it does. */
export function unknownFieldProblems(item: Record<string, unknown>, path: readonly (string | number)[], fields: readonly string[], what: string): Problem[] {
  return Object.keys(item)
    .filter((k) => !fields.includes(k))
    .map((key) => {
      const suggestion = closestName(key, fields);
      return { code: 'unknown-field', message: `${what} has no field '${key}'`, path: jsonPath([...path, key]), ...(suggestion ? { suggestion } : {}) };
    });
}

/** A part of a line and the column it starts at. */
export interface Phrase {
  readonly text: string;
  readonly column: number;
}

/** The parts of 'units from X to Y [via Z, W]' (or 'from X -> Y'). */
export interface FromToPhrase {
  readonly units: Phrase;
  readonly from: Phrase;
  readonly to: Phrase;
  /** After 'via': where the list starts, and each name in it (trimmed; an empty one stays, to be refused). */
  readonly via?: { readonly column: number; readonly parts: readonly Phrase[] };
}

const FROM_TO = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s*(?:->|\s+to\s+)(?<to>.+?)(?:\s+via\s+(?<via>.+))?$/di;

/** Read 'units from X to Y [via Z, ...]' in `rest`, which starts at `column`; undefined when the line is not of that shape. */
export function fromToPhrase(rest: string, column: number): FromToPhrase | undefined {
  const m = FROM_TO.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
  if (!m || !m.groups) return undefined;
  const g = m.groups as Record<string, string | undefined>;
  const col = (name: string) => column + (m.indices.groups[name]?.[0] ?? 0);
  const phrase = (name: string): Phrase => ({ text: g[name]!, column: col(name) });
  let via: FromToPhrase['via'];
  if (g['via'] !== undefined) {
    const parts: Phrase[] = [];
    let offset = col('via');
    for (const part of g['via'].split(',')) {
      parts.push({ text: part.trim(), column: offset + (part.length - part.trimStart().length) });
      offset += part.length + 1;
    }
    via = { column: col('via'), parts };
  }
  return { units: phrase('units'), from: phrase('from'), to: phrase('to'), ...(via ? { via } : {}) };
}

/** The orders of one kind among a seat's orders. */
export function ordersOf<T extends AnyOrder>(orders: OrderList | undefined, kind: T['kind']): T[] {
  return (orders?.orders ?? []).filter((o): o is T => o.kind === kind);
}

/** An order that takes units from a place: `from` (moves, flights, sailings) or `at` (repairs), of the seat's nation or of `nation`. */
type TakingOrder = AnyOrder & { nation?: string; from?: string; at?: string; units?: UnitSelection };

/**
 * What the orders admitted so far took from `nation`'s units at `from`, among the orders of `kinds` (a unit takes
 * one such order a turn): the counts by type, and the types taken 'all' ('every': an order took all of them).
 */
export function taken(ledger: Ledger, seat: string, nation: string, from: string, kinds: readonly string[]): { counts: Map<string, number>; all: Set<string> | 'every' } {
  const counts = new Map<string, number>();
  let all: Set<string> | 'every' = new Set<string>();
  for (const o of ledger.admitted as TakingOrder[]) {
    if (!kinds.includes(o.kind) || (o.from ?? o.at) !== from || (o.nation ?? seat) !== nation || !o.units) continue;
    if (o.units === 'all') all = 'every';
    else {
      for (const [type, n] of Object.entries(o.units)) {
        if (n === 'all') {
          if (all !== 'every') all.add(type);
        } else counts.set(type, (counts.get(type) ?? 0) + n);
      }
    }
  }
  return { counts, all };
}

/**
 * The types that go when some are named in full ('all'): starting from `fixed`, each of `flexible` in turn joins
 * while `check` still passes. The check of what goes, or, if nothing goes, why the first flexible type could not.
 */
export function addWhileLegal<C extends { readonly ok: boolean }>(fixed: readonly string[], flexible: readonly string[], start: C, check: (types: readonly string[]) => C): { types: string[]; check: C } {
  let last = start;
  const going = [...fixed];
  let first: C | undefined;
  for (const t of flexible) {
    const c = check([...going, t]);
    if (c.ok) {
      going.push(t);
      last = c;
    } else first ??= c;
  }
  if (!going.length) return { types: [], check: first ?? last };
  return { types: going, check: last };
}
