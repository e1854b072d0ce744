import { closestName, err, jsonPath, ok, type Problem, type Result } from '@umpire/engine';
import technologiesJson from '../data/technologies.json' with { type: 'json' };
import august1914Json from '../data/scenarios/august-1914.json' with { type: 'json' };
import {
  scenarioFileSchema,
  technologyFileSchema,
  type Advance,
  type ScenarioFile,
  type Technology,
  type TechnologyFile,
  type UnitType,
} from './schema.js';

/**
 * The data files, read and checked. `parseTechnologies` and `parseScenario` take parsed JSON and return the
 * checked data or every problem found, each with the file and the JSON path of the offending value.
 */

export const TECHNOLOGIES_FILE = 'data/technologies.json';
export const scenarioFileName = (id: string) => `data/scenarios/${id}.json`;

/** The shipped scenario files, by id, as parsed JSON (not yet checked). */
export const scenarioFiles: Readonly<Record<string, unknown>> = {
  'august-1914': august1914Json,
};

export interface TechnologyTable {
  readonly research: TechnologyFile['research'];
  readonly list: readonly Technology[];
  readonly byId: ReadonlyMap<string, Technology>;
  /** Units that some advance unlocks ('may-build'): a nation builds them only after that advance or from the start. */
  readonly gatedUnits: ReadonlySet<UnitType>;
}

/** Names compare without case, spaces or punctuation, as the engine's resolveName does. */
export const normaliseName = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

const problem = (file: string, path: readonly PropertyKey[], message: string, code = 'data-check', suggestion?: string): Problem => ({
  code,
  message: `${file}: ${message}`,
  path: jsonPath(path),
  ...(suggestion !== undefined ? { suggestion } : {}),
});

function schemaProblems(file: string, issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): Problem[] {
  return issues.map((issue) => problem(file, issue.path, issue.message, 'data-schema'));
}

const mayBuildUnit = (advance: Advance): UnitType | undefined => advance.effects.find((e) => e.kind === 'may-build')?.unit;

export function parseTechnologies(raw: unknown, file = TECHNOLOGIES_FILE): Result<TechnologyTable, Problem[]> {
  const parsed = technologyFileSchema.safeParse(raw);
  if (!parsed.success) return err(schemaProblems(file, parsed.error.issues));
  const data = parsed.data;
  const problems: Problem[] = [];
  const { die, successRolls } = data.research;
  successRolls.forEach((roll, i) => {
    if (roll > die) problems.push(problem(file, ['research', 'successRolls', i], `a d${die} cannot roll ${roll}`));
    if (successRolls.indexOf(roll) !== i) problems.push(problem(file, ['research', 'successRolls', i], `${roll} is listed twice`));
  });
  const ids = new Set<string>();
  const names = new Map<string, string>();
  data.technologies.forEach((tech, t) => {
    const at = ['technologies', t];
    if (ids.has(tech.id)) problems.push(problem(file, [...at, 'id'], `technology id '${tech.id}' is used twice`));
    ids.add(tech.id);
    const spelled: [string, PropertyKey[]][] = [
      [tech.id, [...at, 'id']],
      [tech.name, [...at, 'name']],
      ...tech.aliases.map((a, i): [string, PropertyKey[]] => [a, [...at, 'aliases', i]]),
    ];
    for (const [name, path] of spelled) {
      const key = normaliseName(name);
      const owner = names.get(key);
      if (key === '') problems.push(problem(file, path, `'${name}' has no letters or digits to type`));
      else if (owner !== undefined && owner !== tech.id) problems.push(problem(file, path, `'${name}' is also a name of '${owner}': orders could not tell them apart`));
      else names.set(key, tech.id);
    }
    if (tech.advances.length !== tech.maxAdvances) {
      problems.push(problem(file, [...at, 'advances'], `${tech.name} lists ${tech.advances.length} advances but maxAdvances is ${tech.maxAdvances}`));
    }
    tech.advances.forEach((advance, a) => {
      const effects = [...advance.effects.map((e, i) => ({ e, path: [...at, 'advances', a, 'effects', i] }))];
      if (advance.ifAlreadyBuildable) {
        if (mayBuildUnit(advance) === undefined) {
          problems.push(problem(file, [...at, 'advances', a, 'ifAlreadyBuildable'], 'ifAlreadyBuildable needs a may-build effect in effects'));
        }
        effects.push(...advance.ifAlreadyBuildable.effects.map((e, i) => ({ e, path: [...at, 'advances', a, 'ifAlreadyBuildable', 'effects', i] })));
      }
      for (const { e, path } of effects) {
        if ('unit' in e && !tech.appliesTo.includes(e.unit)) {
          problems.push(problem(file, [...path, 'unit'], `${tech.name} applies to ${tech.appliesTo.join(', ')}, not ${e.unit}`));
        }
      }
    });
  });
  if (problems.length) return err(problems);
  const gatedUnits = new Set<UnitType>();
  for (const tech of data.technologies) for (const advance of tech.advances) {
    const unit = mayBuildUnit(advance);
    if (unit) gatedUnits.add(unit);
  }
  return ok({ research: data.research, list: data.technologies, byId: new Map(data.technologies.map((t) => [t.id, t])), gatedUnits });
}

export function parseScenario(raw: unknown, table: TechnologyTable, file = 'scenario'): Result<ScenarioFile, Problem[]> {
  const parsed = scenarioFileSchema.safeParse(raw);
  if (!parsed.success) return err(schemaProblems(file, parsed.error.issues));
  const data = parsed.data;
  const problems: Problem[] = [];
  const nationIds = data.nations.map((n) => n.id);
  const seen = new Set<string>();
  const abbreviations = new Set<string>();
  data.nations.forEach((nation, i) => {
    const at = ['nations', i];
    if (seen.has(nation.id)) problems.push(problem(file, [...at, 'id'], `nation id '${nation.id}' is used twice`));
    seen.add(nation.id);
    if (abbreviations.has(nation.abbreviation)) problems.push(problem(file, [...at, 'abbreviation'], `abbreviation '${nation.abbreviation}' is used twice`));
    abbreviations.add(nation.abbreviation);
    for (const [techId, level] of Object.entries(nation.tech)) {
      const tech = table.byId.get(techId);
      if (!tech) {
        problems.push(problem(file, [...at, 'tech', techId], `no technology '${techId}'`, 'data-check', closestName(techId, table.byId.keys())));
      } else if (level > tech.maxAdvances) {
        problems.push(problem(file, [...at, 'tech', techId], `${tech.name} has ${tech.maxAdvances} advance${tech.maxAdvances === 1 ? '' : 's'}, not ${level}`));
      }
    }
    nation.mayBuildAtStart.forEach((unit, u) => {
      if (!table.gatedUnits.has(unit)) problems.push(problem(file, [...at, 'mayBuildAtStart', u], `every nation may build ${unit}: no advance unlocks it`));
    });
  });
  if (!data.nations.some((n) => n.seat)) problems.push(problem(file, ['nations'], 'no nation has a seat'));
  const sideOf = new Map(data.nations.map((n) => [n.id, n.side]));
  const pairs = new Set<string>();
  data.wars.forEach(([a, b], w) => {
    for (const [k, id] of [[0, a], [1, b]] as const) {
      if (!sideOf.has(id)) problems.push(problem(file, ['wars', w, k], `no nation '${id}'`, 'data-check', closestName(id, nationIds)));
    }
    if (a === b) problems.push(problem(file, ['wars', w], `${a} cannot be at war with itself`));
    const sa = sideOf.get(a);
    if (sa !== undefined && sa !== 'neutral' && sa === sideOf.get(b)) problems.push(problem(file, ['wars', w], `${a} and ${b} are on the same side`));
    const key = [a, b].sort().join('/');
    if (pairs.has(key)) problems.push(problem(file, ['wars', w], `the war between ${a} and ${b} is listed twice`));
    pairs.add(key);
  });
  if (problems.length) return err(problems);
  return ok(data);
}

let technologies: Result<TechnologyTable, Problem[]> | undefined;

/** The shipped technology table, or its problems. */
export function loadTechnologies(): Result<TechnologyTable, Problem[]> {
  technologies ??= parseTechnologies(technologiesJson);
  return technologies;
}

/** The shipped technology table; throws if the shipped file is broken (setup reports that as problems first). */
export function technologyTable(): TechnologyTable {
  const t = loadTechnologies();
  if (!t.ok) throw new Error(`${TECHNOLOGIES_FILE} is broken: ${t.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return t.value;
}

const scenarios = new Map<string, Result<ScenarioFile, Problem[]>>();

/** A shipped scenario, checked against the technology table, or its problems. */
export function loadScenario(id: string): Result<ScenarioFile, Problem[]> {
  const cached = scenarios.get(id);
  if (cached) return cached;
  const raw = scenarioFiles[id];
  if (raw === undefined) {
    const suggestion = closestName(id, Object.keys(scenarioFiles));
    return err([{ code: 'unknown-scenario', message: `no scenario '${id}'`, ...(suggestion ? { suggestion } : {}) }]);
  }
  const techs = loadTechnologies();
  const result = techs.ok ? parseScenario(raw, techs.value, scenarioFileName(id)) : techs;
  scenarios.set(id, result);
  return result;
}

/** A shipped scenario; throws if it is broken (setup reports that as problems first). */
export function scenarioData(id: string): ScenarioFile {
  const s = loadScenario(id);
  if (!s.ok) throw new Error(`scenario ${id} is broken: ${s.error.map((p) => `${p.path ?? ''}: ${p.message}`).join('; ')}`);
  return s.value;
}
