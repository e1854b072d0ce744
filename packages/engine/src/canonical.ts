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
  try {
    return write(value);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    // Written again with the way from the top kept, only to say where the value is not plain data.
    trail.length = 0;
    writeTracked(value);
    throw e;
  }
}

// Where the writer is, as keys and indexes from the top: read only to say where a value is not plain data.
const trail: (string | number)[] = [];
const where = (): string => `$${trail.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;

// Text that JSON writes as it is between its quotes: printable ASCII but the quote and the backslash.
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const quoted = (text: string): string => (PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));

/** The canonical text of a value, fast: a value that is not plain data throws a TypeError without saying where. */
function write(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('not plain data');
      // What JSON writes for a finite number, -0 as 0.
      return String(value);
    case 'string':
      return quoted(value);
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + write(value[i]);
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new TypeError('not plain data');
      const record = value as Record<string, unknown>;
      const keys = sortedKeys(record);
      let out = '{';
      let first = true;
      for (const k of keys) {
        const v = record[k];
        if (v === undefined) continue;
        out += `${first ? '' : ','}${quoted(k)}:${write(v)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError('not plain data');
  }
}

/** An object's keys in code-unit order; most objects already keep theirs in that order, so a check comes first. */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) {
    // The default sort compares strings by UTF-16 code units, as compareCodeUnits does.
    if (keys[i - 1]! > keys[i]!) return keys.sort();
  }
  return keys;
}

/** The same walk as `write`, keeping the trail, to throw the TypeError that says where the value is not plain data. */
function writeTracked(value: unknown): void {
  if (value === null) return;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`not plain data at ${where()}: ${value}`);
      return;
    case 'object': {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          trail.push(i);
          writeTracked(value[i]);
          trail.pop();
        }
        return;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) {
        throw new TypeError(`not plain data at ${where()}: ${String((value as object).constructor?.name)}`);
      }
      const record = value as Record<string, unknown>;
      for (const k of Object.keys(record).sort()) {
        if (record[k] === undefined) continue;
        trail.push(k);
        writeTracked(record[k]);
        trail.pop();
      }
      return;
    }
    default:
      throw new TypeError(`not plain data at ${where()}: ${typeof value}`);
  }
}

/**
 * A deep copy of plain data, as it would come back from JSON of its canonical text: keys in code-unit order, -0 as 0,
 * undefined object members left out; what canonicalJson refuses it refuses with the same message. Copied directly,
 * without writing and parsing the text: phases copy every event they emit.
 */
export function clonePlain<T>(value: T): T {
  try {
    return copy(value) as T;
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    // Walked again with the way from the top kept, only to say where the value is not plain data.
    trail.length = 0;
    writeTracked(value);
    throw e;
  }
}

/** The copy, fast: a value that is not plain data throws a TypeError without saying where. */
function copy(value: unknown): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('not plain data');
      return Object.is(value, -0) ? 0 : value;
    case 'object': {
      if (Array.isArray(value)) {
        const out: unknown[] = new Array(value.length);
        for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
        return out;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new TypeError('not plain data');
      const record = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const k of sortedKeys(record)) {
        const v = record[k];
        if (v === undefined) continue;
        // A member named __proto__ stays a member, as JSON.parse makes it, never the copy's prototype.
        if (k === '__proto__') Object.defineProperty(out, k, { value: copy(v), enumerable: true, writable: true, configurable: true });
        else out[k] = copy(v);
      }
      return out;
    }
    default:
      throw new TypeError('not plain data');
  }
}
