import { closestName, err, jsonPath, ok, type Json, type Problem, type Result } from '@umpire/engine';
import { labOf } from './runner.js';

/**
 * A designer's change to the numbers: `--set <file>:<path>=<value>`, where the ruleset's lab tool names the files a
 * run may change (the Great War's `rules:landCombat.artilleryPerAttacker=2` or `scenario:nations[0].treasury=80`;
 * `nations.germany.treasury` too: an element of a list of things with ids may be named by its id).
 */
export interface DataOverride {
  /** As written on the command line. */
  readonly text: string;
  /** The data file, as the problems name it (data/rules.json). */
  readonly file: string;
  readonly path: readonly (string | number)[];
  readonly value: Json;
  /** The shipped value it replaces. */
  readonly was: Json;
}

const problem = (text: string, message: string, path?: readonly PropertyKey[], suggestion?: string): Problem => ({
  code: 'bad-override',
  message: `--set '${text}': ${message}`,
  ...(path ? { path: jsonPath(path) } : {}),
  ...(suggestion ? { suggestion } : {}),
});

/** `nations[0].treasury` or `landCombat.trenchPenalty.infantry[1]` as keys and indices; undefined when malformed. */
export function parsePath(path: string): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\[([^\]]+)\]/gy;
  let at = 0;
  while (at < path.length) {
    if (at > 0 && path[at] === '.') at++;
    re.lastIndex = at;
    const m = re.exec(path);
    if (!m) return undefined;
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : m[3]!));
    at = re.lastIndex;
  }
  return out.length ? out : undefined;
}

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/** The value text as JSON when it is JSON (2, true, "x", [1,2]), else as a string. */
const parseValue = (text: string): Json => {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
};

/**
 * Read `--set` texts into the data files of a ruleset they change (whole files, parsed, for its lab tool's
 * `data.override`) or located problems: an unknown file (with the closest name), a path that is not there (with the
 * closest key or id), a value of another type than the shipped one, a value the ruleset reads only once when it loads.
 * The changed files are then checked as the ruleset checks them at load.
 */
export function readOverrides(rulesetId: string, texts: readonly string[], scenario: string): Result<{ files: Record<string, Json>; overrides: DataOverride[] }, Problem[]> {
  const { data } = labOf(rulesetId).lab;
  const names = data.files(scenario);
  const files: Record<string, Json> = {};
  const overrides: DataOverride[] = [];
  const problems: Problem[] = [];
  for (const text of texts) {
    const m = /^([^:=]+):([^=]+)=(.*)$/s.exec(text);
    if (!m) {
      problems.push(problem(text, `write <file>:<path>=<value>, for instance ${data.example}`));
      continue;
    }
    const [, short, pathText, valueText] = m as unknown as [string, string, string, string];
    const file = names[short] ?? (Object.values(names).includes(short) ? short : undefined);
    if (!file) {
      problems.push(problem(text, `no data file '${short}'; the files are ${Object.keys(names).join(', ')}`, undefined, closestName(short, Object.keys(names))));
      continue;
    }
    const path = parsePath(pathText);
    if (!path) {
      problems.push(problem(text, `'${pathText}' is not a path: write keys with dots and list positions in brackets (nations[0].treasury)`));
      continue;
    }
    if (data.fixed?.[file]?.includes(path.join('.'))) {
      problems.push(problem(text, `${file} ${jsonPath(path)} is read once when the ruleset loads, so games cannot take another value for it; the lab cannot change it`, path));
      continue;
    }
    const shipped = files[file] ?? data.shipped(file);
    if (shipped === undefined) {
      problems.push(problem(text, `${file} is not a file the games read`));
      continue;
    }
    files[file] = shipped;
    const value = parseValue(valueText);
    const set = setAt(shipped, path, value, file, text);
    if (!set.ok) problems.push(set.error);
    else overrides.push({ text, file, path: set.value.path, value, was: set.value.was });
  }
  if (problems.length) return err(problems);
  // The ruleset's own checks of the changed files (schemas, cross-checks), then back to the shipped data.
  const checked = data.override(files);
  data.override({});
  if (!checked.ok) return err(checked.error.map((p) => ({ ...p, message: `after --set ${texts.join(' --set ')}: ${p.message}` })));
  return ok({ files, overrides });
}

/** Replace the value at `path` in `root`, in place; the path resolved to keys and indices and the value it held. */
function setAt(root: Json, path: readonly (string | number)[], value: Json, file: string, text: string): Result<{ path: (string | number)[]; was: Json }, Problem> {
  let here: Json = root;
  const resolved: (string | number)[] = [];
  for (let i = 0; i < path.length; i++) {
    let key = path[i]!;
    if (Array.isArray(here)) {
      if (typeof key === 'string' && !/^\d+$/.test(key)) {
        // An element named by its id: nations.germany
        const ids = here.map((e) => (e && typeof e === 'object' && !Array.isArray(e) ? (e as Record<string, Json>)['id'] : undefined)).filter((x): x is string => typeof x === 'string');
        const index = here.findIndex((e) => e && typeof e === 'object' && !Array.isArray(e) && (e as Record<string, Json>)['id'] === key);
        if (index < 0) return err(problem(text, `${file} has no element with id '${key}' in this list`, resolved, closestName(key, ids)));
        key = index;
      } else key = Number(key);
      if (key >= here.length) return err(problem(text, `${file}: this list has ${here.length} element${here.length === 1 ? '' : 's'}, so no [${key}]`, resolved));
    } else if (here && typeof here === 'object') {
      key = String(key);
      if (!(key in here)) return err(problem(text, `${file} has no key '${key}' here`, resolved, closestName(key, Object.keys(here))));
    } else {
      return err(problem(text, `${file}: ${jsonPath(resolved)} is ${kindOf(here)}, with nothing inside`, resolved));
    }
    resolved.push(key);
    if (i === path.length - 1) {
      const container = here as Record<string | number, Json>;
      const was = container[key]!;
      if (kindOf(was) !== kindOf(value)) return err(problem(text, `${file}: ${jsonPath(resolved)} is ${kindOf(was)} (${JSON.stringify(was).slice(0, 40)}), not ${kindOf(value)}`, resolved));
      container[key] = value;
      return ok({ path: resolved, was });
    }
    here = (here as Record<string | number, Json>)[key]!;
  }
  return err(problem(text, 'an empty path'));
}

/** How the report states an override: `data/rules.json $.landCombat.artilleryPerAttacker: 1 → 2`. */
export const describeOverride = (o: DataOverride): string => `${o.file} ${jsonPath(o.path)}: ${JSON.stringify(o.was)} → ${JSON.stringify(o.value)}`;
