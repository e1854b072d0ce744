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
  trail.length = 0;
  return write(value);
}

// Where the writer is, as keys and indexes from the top: read only to say where a value is not plain data.
const trail: (string | number)[] = [];
const where = (): string => `$${trail.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;

function write(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`not plain data at ${where()}: ${value}`);
      return JSON.stringify(Object.is(value, -0) ? 0 : value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          trail.push(i);
          out += (i > 0 ? ',' : '') + write(value[i]);
          trail.pop();
        }
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) {
        throw new TypeError(`not plain data at ${where()}: ${String((value as object).constructor?.name)}`);
      }
      const record = value as Record<string, unknown>;
      // The default sort compares strings by UTF-16 code units, as compareCodeUnits does.
      const keys = Object.keys(record).sort();
      let out = '{';
      let first = true;
      for (const k of keys) {
        const v = record[k];
        if (v === undefined) continue;
        trail.push(k);
        out += `${first ? '' : ','}${JSON.stringify(k)}:${write(v)}`;
        trail.pop();
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`not plain data at ${where()}: ${typeof value}`);
  }
}

/** A deep copy of plain data, as it would come back from JSON. */
export function clonePlain<T>(value: T): T {
  return JSON.parse(canonicalJson(value)) as T;
}
