import { normaliseName, resolveName } from '../problems.js';

/**
 * Names players type: a name, an alias, an id or an unambiguous beginning of one, in any case, with spaces and
 * punctuation ignored ('n sea', 'North-Sea', 'north sea' are the North Sea); an unknown name comes back with the
 * closest one as a suggestion. A ruleset builds one index for each kind of thing its orders name (areas, unit types,
 * nations) and every order reads those names the same way.
 */

/** What a lookup found: one thing, several that the typed beginning fits, or nothing (with the closest name). */
export type NameLookup<T extends string = string> =
  | { readonly ok: true; readonly id: T; readonly name: string }
  | { readonly ok: false; readonly reason: 'unknown'; readonly suggestion?: string }
  | { readonly ok: false; readonly reason: 'ambiguous'; readonly names: readonly string[] };

/** Something that can be named: its id, its display name (first) and the other names it answers to. */
export interface Named<T extends string = string> {
  readonly id: T;
  readonly name: string;
  readonly aliases: readonly string[];
}

/** An index of names: build once, look up often. */
export interface NameIndex<T extends string = string> {
  lookup(typed: string): NameLookup<T>;
  /** The display name of an id. */
  nameOf(id: T): string;
}

/**
 * An index over named things. Names that normalise alike are one name; a typed beginning that fits several names
 * of the same thing is that thing; an exact name beats a longer one it begins ('Java' is Java, not the Java Sea).
 */
export function nameIndex<T extends string>(items: readonly Named<T>[]): NameIndex<T> {
  const byNormal = new Map<string, { name: string; id: T }>();
  const display = new Map<T, string>();
  for (const item of items) {
    display.set(item.id, item.name);
    for (const name of [item.name, ...item.aliases, item.id]) {
      const key = normaliseName(name);
      if (key !== '' && !byNormal.has(key)) byNormal.set(key, { name, id: item.id });
    }
  }
  const names = [...byNormal.values()].map((v) => v.name);
  const idOf = new Map([...byNormal.values()].map((v) => [v.name, v.id] as const));
  const nameOf = (id: T) => display.get(id) ?? id;
  return {
    nameOf,
    lookup(typed) {
      const r = resolveName(typed, names);
      if (r.ok) {
        const id = idOf.get(r.value)!;
        return { ok: true, id, name: nameOf(id) };
      }
      if (r.reason === 'ambiguous') {
        // Each thing once, by its display name, with the name that matched when that is another ('Liverpool (North West England)').
        const matched = new Map<T, string>();
        for (const m of r.matches) if (!matched.has(idOf.get(m)!)) matched.set(idOf.get(m)!, m);
        if (matched.size === 1) {
          const id = [...matched.keys()][0]!;
          return { ok: true, id, name: nameOf(id) };
        }
        const label = (id: T, m: string) => (normaliseName(m).startsWith(normaliseName(nameOf(id))) || normaliseName(m) === normaliseName(id) ? nameOf(id) : `${nameOf(id)} (${m})`);
        return { ok: false, reason: 'ambiguous', names: [...matched].map(([id, m]) => label(id, m)) };
      }
      return r.suggestion !== undefined ? { ok: false, reason: 'unknown', suggestion: nameOf(idOf.get(r.suggestion)!) } : { ok: false, reason: 'unknown' };
    },
  };
}
