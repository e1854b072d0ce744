/**
 * Canonical JSON: object keys sorted by UTF-16 code units (as RFC 8785 does), no white space, numbers as
 * JSON prints them.
 * Two values that mean the same data give the same text, so hashes of states and orders are stable.
 * Anything that is not plain JSON data (undefined inside arrays, NaN, functions, class instances) is refused:
 * game state must be plain serializable data.
 */
/** Strings in code-unit order: the same on every machine, whatever its locale (localeCompare is not). */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`not plain data at ${path}: ${value}`);
      return JSON.stringify(Object.is(value, -0) ? 0 : value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v, i) => write(v, `${path}[${i}]`)).join(',')}]`;
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new TypeError(`not plain data at ${path}: ${String((value as object).constructor?.name)}`);
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => compareCodeUnits(a, b));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v, `${path}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`not plain data at ${path}: ${typeof value}`);
  }
}

/** A deep copy of plain data, as it would come back from JSON. */
export function clonePlain<T>(value: T): T {
  return JSON.parse(canonicalJson(value)) as T;
}
