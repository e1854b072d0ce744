import { z } from 'zod';
import { closestName, jsonPath, type Problem } from '../problems.js';
import { err, ok, type Result } from '../result.js';
import { namesAt } from './schema-keys.js';

/**
 * A data file of a ruleset: where it lives, what it is, its zod schema and the cross-checks the schema cannot make.
 * Reading one gives the checked data or every problem found, each located by the file and the JSON path of the
 * offending value, with the closest valid name when a key or a value is misspelled.
 */
export interface DataFileSpec<T> {
  /** The file as problems name it, relative to the ruleset's package: 'data/rules.json'. */
  readonly file: string;
  /** What the file is, for its JSON Schema and the data listing. */
  readonly title: string;
  /** The files it applies to when there are several ('data/scenarios/*.json'); `file` when left out. */
  readonly applies?: string;
  readonly schema: z.ZodType<T>;
  /** Checks across the data: a located problem for each fault (its path inside the file). */
  check?(data: T): readonly DataFault[];
}

/** A fault a cross-check found: where in the file (JSON path keys) and what; the kit adds the file's name. */
export interface DataFault {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  /** The closest valid name, when the fault is an unknown name. */
  readonly suggestion?: string;
}

/** The keys of a JSON path as `jsonPath` writes it ('$.hexes[3].id' gives ['hexes', 3, 'id']), to turn a located problem into a fault. */
export function pathKeys(path: string | undefined): PropertyKey[] {
  const keys: PropertyKey[] = [];
  const re = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (const m of (path ?? '$').slice(1).matchAll(re))
    keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string)));
  return keys;
}

/** A located problem of a data file: '<file>: <message>' at the JSON path. */
export function dataProblem(file: string, fault: DataFault): Problem {
  return {
    code: fault.code ?? 'data-check',
    message: `${file}: ${fault.message}`,
    path: jsonPath(fault.path),
    ...(fault.suggestion !== undefined ? { suggestion: fault.suggestion } : {}),
  };
}

/**
 * The issues zod found in a data file, as located problems: each with its JSON path (under `under` when the checked
 * value sits inside a larger file). A misspelled key is an 'unknown-field' with the fields allowed there and the
 * closest of them; a value left out is a 'missing-field'; a misspelled value of an enum gets the closest value. Any
 * other issue takes the code the schema raised it with (`params.code`), or `code`.
 */
export function schemaProblems(
  issues: readonly z.core.$ZodIssue[],
  options: {
    readonly file?: string;
    /** The schema checked, for the names allowed where a key is misspelled. */
    readonly schema?: z.ZodType;
    /** The value checked, to tell a missing value and to name a misspelled one. */
    readonly data?: unknown;
    readonly code?: string;
    readonly under?: readonly PropertyKey[];
  } = {},
): Problem[] {
  const { file, schema, data, code = 'data-schema', under = [] } = options;
  const named = (message: string) => (file === undefined ? message : `${file}: ${message}`);
  const at = (path: readonly PropertyKey[]) => jsonPath([...under, ...path]);
  return issues.flatMap((issue): Problem[] => {
    if (issue.code === 'unrecognized_keys') {
      const known = schema ? namesAt(schema, issue.path) : [];
      return issue.keys.map((key) => {
        const suggestion = closestName(key, known);
        const message = `no field '${key}' here${known.length ? `; the fields are ${known.join(', ')}` : ''}`;
        return { code: 'unknown-field', message: named(message), path: at([...issue.path, key]), ...(suggestion ? { suggestion } : {}) };
      });
    }
    const given = issue.input ?? valueAt(data, issue.path);
    const missing =
      data !== undefined &&
      issue.path.length > 0 &&
      given === undefined &&
      (issue.code === 'invalid_type' || issue.code === 'invalid_union');
    if (missing) {
      return [
        { code: 'missing-field', message: named(`'${String(issue.path[issue.path.length - 1])}' is required here`), path: at(issue.path) },
      ];
    }
    const own = issue.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : code;
    if (issue.code === 'invalid_value' && typeof given === 'string') {
      const suggestion = closestName(given, issue.values.map(String));
      return [{ code: own, message: named(issue.message), path: at(issue.path), ...(suggestion ? { suggestion } : {}) }];
    }
    return [{ code: own, message: named(issue.message), path: at(issue.path) }];
  });
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let here = data;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

/** Read a data file from parsed JSON: the schema, then the cross-checks; the data or every problem, located. */
export function readDataFile<T>(spec: DataFileSpec<T>, raw: unknown): Result<T, Problem[]> {
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success) return err(schemaProblems(parsed.error.issues, { file: spec.file, schema: spec.schema, data: raw }));
  const faults = spec.check?.(parsed.data) ?? [];
  return faults.length ? err(faults.map((f) => dataProblem(spec.file, f))) : ok(parsed.data);
}

/**
 * The JSON Schema of a data file (draft 2020-12, the input side: what a designer writes), generated from its zod
 * schema, so that an editor offers completion and flags errors while a host edits a scenario.
 */
export function jsonSchemaOf(spec: DataFileSpec<unknown>): Record<string, unknown> {
  return {
    ...(z.toJSONSchema(spec.schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>),
    title: spec.title,
    description: `Applies to ${spec.applies ?? spec.file}. Generated from the ruleset's zod schemas; do not edit by hand.`,
  };
}
