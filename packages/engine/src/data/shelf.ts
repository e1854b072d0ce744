import { closestName, formatProblems, type Problem } from '../problems.js';
import { err, ok, type Result } from '../result.js';
import { readDataFile, type DataFileSpec } from './data-file.js';

/**
 * A ruleset's data files in force: the shipped ones, or the files the balance lab put in their place for a run.
 * Each file is read and checked once for each value it has: a read is kept beside the value it was made from, and
 * `derived` keeps what a module works out from the data (a table of unit types, a map's searches) beside the
 * checked data it came from, so nothing derived from an old value can outlive an override.
 */
export interface DataShelf {
  /** The names of the files on the shelf, which `override` takes. */
  readonly files: readonly string[];
  /** A file in force, read and checked: the data or every problem, located. */
  read<T>(spec: DataFileSpec<T>): Result<T, Problem[]>;
  /** A file in force, checked; throws when it has problems (the shipped files are checked by the tests). */
  get<T>(spec: DataFileSpec<T>): T;
  /** A file in force as parsed JSON: a copy to change freely; undefined for a file not on the shelf. */
  raw(file: string): unknown;
  /**
   * Play with other numbers: the files named here (parsed JSON, whole files) replace the shipped ones, and the others
   * go back to the shipped ones; `{}` restores them all. Every file in force is checked: on a problem nothing is
   * replaced and the problems are returned, an unknown file's with the closest name.
   */
  override(files: Readonly<Record<string, unknown>>): Result<void, Problem[]>;
  /** Counts the overrides that took effect: it changes whenever the files in force do. */
  readonly version: number;
  /**
   * What a module works out from the files in force (`make` reads them with `get`), worked out once and again only
   * after an override took effect: the cheapest way to ask for a table on every step of a search.
   */
  derive<R>(make: () => R): () => R;
}

export function dataShelf(files: readonly { readonly spec: DataFileSpec<unknown>; readonly shipped: unknown }[]): DataShelf {
  const specs = new Map(files.map((f) => [f.spec.file, f.spec]));
  const shipped = new Map(files.map((f) => [f.spec.file, f.shipped]));
  let inForce = new Map(shipped);
  let version = 0;
  const reads = new Map<string, { readonly raw: unknown; readonly result: Result<unknown, Problem[]> }>();

  const read = <T>(spec: DataFileSpec<T>): Result<T, Problem[]> => {
    if (!specs.has(spec.file)) throw new Error(`${spec.file} is not on this data shelf`);
    const raw = inForce.get(spec.file);
    const kept = reads.get(spec.file);
    if (kept && kept.raw === raw) return kept.result as Result<T, Problem[]>;
    const result = readDataFile(spec, raw);
    reads.set(spec.file, { raw, result });
    return result;
  };

  return {
    files: [...specs.keys()],
    read,
    get(spec) {
      const r = read(spec);
      if (!r.ok) throw new Error(`the data file ${spec.file} has problems:\n${formatProblems(r.error)}`);
      return r.value;
    },
    raw: (file) => (inForce.has(file) ? structuredClone(inForce.get(file)) : undefined),
    override(given) {
      const unknown = Object.keys(given).filter((f) => !specs.has(f));
      if (unknown.length) {
        const names = [...specs.keys()];
        return err(
          unknown.map((f) => {
            const suggestion = closestName(f, names);
            const message = `no data file '${f}' takes overrides; these do: ${names.join(', ')}`;
            return { code: 'unknown-data-file', message, ...(suggestion ? { suggestion } : {}) };
          }),
        );
      }
      const next = new Map(shipped);
      for (const [file, raw] of Object.entries(given)) next.set(file, structuredClone(raw));
      const problems = [...specs.values()].flatMap((spec) => {
        const r = readDataFile(spec, next.get(spec.file));
        return r.ok ? [] : r.error;
      });
      if (problems.length) return err(problems);
      inForce = next;
      version += 1;
      return ok(undefined);
    },
    get version() {
      return version;
    },
    derive<R>(make: () => R): () => R {
      let madeAt = -1;
      let value: R;
      return () => {
        if (madeAt !== version) {
          value = make();
          madeAt = version;
        }
        return value;
      };
    },
  };
}

/**
 * What a module works out from checked data, worked out once for each value of the data: `derived(() =>
 * shelf.get(units), buildTable)` gives a function that returns the same table until the data in force changes.
 */
export function derived<T extends object, R>(data: () => T, make: (data: T) => R): () => R {
  const kept = new WeakMap<T, R>();
  return () => {
    const d = data();
    if (kept.has(d)) return kept.get(d)!;
    const value = make(d);
    kept.set(d, value);
    return value;
  };
}
