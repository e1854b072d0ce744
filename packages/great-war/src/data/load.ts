import { closestName, dataProblem, err, normaliseName, ok, schemaProblems, type Problem, type Result } from '@umpire/engine';
import technologiesJson from '../../data/technologies.json' with { type: 'json' };
import unitsJson from '../../data/units.json' with { type: 'json' };
import august1914Json from '../../data/scenarios/august-1914.json' with { type: 'json' };
import august1914Forces from '../../data/scenarios/august-1914-forces.json' with { type: 'json' };
import rulesJson from '../../data/rules.json' with { type: 'json' };
import { RULES_FILE, setRuleNumbers } from './rules.js';
import {
  diplomaticPositions,
  scenarioFileSchema,
  statKeys,
  technologyFileSchema,
  unitFileSchema,
  unitStatKeys,
  unitTypes,
  type Advance,
  type ScenarioFile,
  type Technology,
  type TechnologyFile,
  type UnitEntry,
  type UnitType,
  type UnitVariant,
} from './schema.js';

/**
 * The data files, read and checked. `parseTechnologies` and `parseScenario` take parsed JSON and return the
 * checked data or every problem found, each with the file and the JSON path of the offending value.
 */

export const TECHNOLOGIES_FILE = 'data/technologies.json';
export const UNITS_FILE = 'data/units.json';
export const scenarioFileName = (id: string) => `data/scenarios/${id}.json`;

const shippedForces: Readonly<Record<string, unknown>> = { 'august-1914': august1914Forces };
const shippedScenarios: Readonly<Record<string, unknown>> = { 'august-1914': august1914Json };
const forcesInForce: Record<string, unknown> = { ...shippedForces };
const scenariosInForce: Record<string, unknown> = { ...shippedScenarios };
let technologiesInForce: unknown = technologiesJson;
let unitsInForce: unknown = unitsJson;

/** The forces files (the units each scenario starts with), by scenario id: the shipped ones unless overridden. */
export const forcesFiles: Readonly<Record<string, unknown>> = forcesInForce;
export const forcesFileName = (id: string) => `data/scenarios/${id}-forces.json`;

/** The scenario files, by id, as parsed JSON (not yet checked): the shipped ones unless overridden. */
export const scenarioFiles: Readonly<Record<string, unknown>> = scenariosInForce;

export interface TechnologyTable {
  readonly research: TechnologyFile['research'];
  readonly list: readonly Technology[];
  readonly byId: ReadonlyMap<string, Technology>;
  /** Units that some advance unlocks ('may-build'): a nation builds them only after that advance or from the start. */
  readonly gatedUnits: ReadonlySet<UnitType>;
}

const problem = (file: string, path: readonly PropertyKey[], message: string, code = 'data-check', suggestion?: string): Problem =>
  dataProblem(file, { path, message, code, ...(suggestion !== undefined ? { suggestion } : {}) });

const mayBuildUnit = (advance: Advance): UnitType | undefined => advance.effects.find((e) => e.kind === 'may-build')?.unit;

export function parseTechnologies(raw: unknown, file = TECHNOLOGIES_FILE): Result<TechnologyTable, Problem[]> {
  const parsed = technologyFileSchema.safeParse(raw);
  if (!parsed.success) return err(schemaProblems(parsed.error.issues, { file, schema: technologyFileSchema, data: raw }));
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
  if (!parsed.success) return err(schemaProblems(parsed.error.issues, { file, schema: scenarioFileSchema, data: raw }));
  const data = parsed.data;
  const problems: Problem[] = [];
  const nationIds = data.nations.map((n) => n.id);
  const seen = new Set<string>();
  const abbreviations = new Set<string>();
  const colonies = new Map<string, string>();
  const seats = new Set(data.nations.filter((n) => n.seat).map((n) => n.id));
  const middle = diplomaticPositions.slice(1, -1) as readonly string[];
  let minorSeen = false;
  data.nations.forEach((nation, i) => {
    const at = ['nations', i];
    if (seen.has(nation.id)) problems.push(problem(file, [...at, 'id'], `nation id '${nation.id}' is used twice`));
    seen.add(nation.id);
    if (abbreviations.has(nation.abbreviation)) problems.push(problem(file, [...at, 'abbreviation'], `abbreviation '${nation.abbreviation}' is used twice`));
    abbreviations.add(nation.abbreviation);
    if (nation.kind === 'minor') {
      minorSeen = true;
      if (!middle.includes(nation.diplomacy)) {
        problems.push(problem(file, [...at, 'diplomacy'], `a minor starts neutral or favourable to one side (GW-P01-DIP-10), not '${nation.diplomacy}'`));
      }
      if (nation.controller !== 'moderator' && !seats.has(nation.controller)) {
        problems.push(problem(file, [...at, 'controller'], `'${nation.controller}' is neither 'moderator' nor a seat`, 'data-check', closestName(nation.controller, ['moderator', ...seats])));
      }
      return;
    }
    if (minorSeen) problems.push(problem(file, [...at, 'kind'], `${nation.name} is a major nation listed after a minor: the majors come first, in seat order`));
    nation.manpower.forEach((region, r) => {
      const path = [...at, 'manpower', r, 'region'];
      if ((r === 0) !== (region.region === 'home')) {
        problems.push(problem(file, path, r === 0 ? `the first manpower limit is the home limit, not '${region.region}'` : `'${region.region}': only the first manpower limit is the home limit`));
      } else if (region.region !== 'home') {
        const owner = colonies.get(region.region);
        if (owner !== undefined) problems.push(problem(file, path, `${owner} already has the manpower limit of ${region.region}`));
        colonies.set(region.region, nation.id);
      }
    });
    if (nation.incomeCap === null && (nation.minorWarIncomeCap !== undefined || nation.gearUp !== undefined)) {
      problems.push(problem(file, [...at, 'incomeCap'], `${nation.name} collects its full income: a minor-war cap or a gear-up means nothing without a cap`));
    }
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
  if (seats.size === 0) problems.push(problem(file, ['nations'], 'no nation has a seat'));
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

export interface UnitTable {
  readonly list: readonly UnitEntry[];
  readonly byId: ReadonlyMap<UnitType, UnitEntry>;
  readonly variants: ReadonlyMap<string, UnitVariant>;
}

/**
 * The unit table, checked: every unit type exactly once, names players can tell apart, the seed's and the designers'
 * stats apart, and every stat an advance of the technology table changes present (not null) for that unit.
 */
export function parseUnits(raw: unknown, table: TechnologyTable, file = UNITS_FILE): Result<UnitTable, Problem[]> {
  const parsed = unitFileSchema.safeParse(raw);
  if (!parsed.success) return err(schemaProblems(parsed.error.issues, { file, schema: unitFileSchema, data: raw }));
  const data = parsed.data;
  const problems: Problem[] = [];
  const byId = new Map<UnitType, UnitEntry>();
  const names = new Map<string, string>();
  data.units.forEach((unit, i) => {
    const at = ['units', i];
    if (byId.has(unit.id)) problems.push(problem(file, [...at, 'id'], `unit '${unit.id}' is listed twice`));
    byId.set(unit.id, unit);
    const spelled: [string, PropertyKey[]][] = [[unit.id, [...at, 'id']], [unit.name, [...at, 'name']], ...unit.aliases.map((a, k): [string, PropertyKey[]] => [a, [...at, 'aliases', k]])];
    for (const [name, path] of spelled) {
      const key = normaliseName(name);
      const owner = names.get(key);
      if (owner !== undefined && owner !== unit.id) problems.push(problem(file, path, `'${name}' is also a name of '${owner}': orders could not tell them apart`));
      else names.set(key, unit.id);
    }
    unit.seed.forEach((key, k) => {
      if (unit.designer.includes(key)) problems.push(problem(file, [...at, 'seed', k], `${key} is listed both as the seed's and as a designer's choice`));
    });
    for (const list of ['seed', 'designer'] as const) {
      unit[list].forEach((key, k) => {
        if (unit[list].indexOf(key) !== k) problems.push(problem(file, [...at, list, k], `${key} is listed twice`));
      });
    }
    const air = unit.category === 'air';
    if ((unit.fuel !== null) !== air) problems.push(problem(file, [...at, 'fuel'], air ? 'aircraft have fuel' : 'only aircraft have fuel'));
    if ((unit.move === null) !== air) problems.push(problem(file, [...at, 'move'], air ? 'aircraft move by fuel: move is null' : 'a unit that is not an aircraft has a move (0 if it never moves)'));
    if ((unit.attack === null) !== (unit.attacksPerRound === null)) {
      problems.push(problem(file, [...at, 'attacksPerRound'], unit.attack === null ? 'a unit that never attacks has no attacks per round' : 'a unit that attacks has at least 1 attack per round'));
    }
    if (unit.manufactured && unit.cost === null) problems.push(problem(file, [...at, 'manufactured'], 'a unit that is never bought is not manufactured'));
  });
  unitTypes.forEach((type) => {
    if (!byId.has(type)) problems.push(problem(file, ['units'], `unit '${type}' is missing`));
  });
  // Every stat an advance changes must be present for that unit: an advance cannot give attack to a unit that never attacks.
  table.list.forEach((tech) => {
    tech.advances.forEach((advance, a) => {
      for (const effects of [advance.effects, advance.ifAlreadyBuildable?.effects ?? []]) {
        for (const e of effects) {
          if (e.kind !== 'stats') continue;
          const i = data.units.findIndex((u) => u.id === e.unit);
          const unit = data.units[i];
          if (!unit) continue;
          for (const key of statKeys) {
            if (e[key] !== undefined && unit[key] === null) {
              problems.push(problem(file, ['units', i, key], `${tech.name} (advance ${a + 1}) changes ${key}, which ${unit.id} does not have (null)`));
            }
          }
        }
      }
    });
  });
  const variants = new Map<string, UnitVariant>();
  data.variants.forEach((variant, v) => {
    const at = ['variants', v];
    if (variants.has(variant.id)) problems.push(problem(file, [...at, 'id'], `variant '${variant.id}' is listed twice`));
    variants.set(variant.id, variant);
    const unit = byId.get(variant.unit);
    for (const key of unitStatKeys) {
      if (variant.set[key] !== undefined && unit && unit[key] === null) problems.push(problem(file, [...at, 'set', key], `${variant.unit} has no ${key} to replace`));
    }
    if (Object.keys(variant.set).length === 0) problems.push(problem(file, [...at, 'set'], 'a variant replaces at least one value'));
  });
  if (problems.length) return err(problems);
  return ok({ list: data.units, byId, variants });
}

let units: Result<UnitTable, Problem[]> | undefined;

/** The shipped unit table, checked against the shipped technology table, or its problems. */
export function loadUnits(): Result<UnitTable, Problem[]> {
  if (!units) {
    const techs = loadTechnologies();
    units = techs.ok ? parseUnits(unitsInForce, techs.value) : techs;
  }
  return units;
}

/** The shipped unit table; throws if the shipped file is broken (setup reports that as problems first). */
export function unitTable(): UnitTable {
  const u = loadUnits();
  if (!u.ok) throw new Error(`${UNITS_FILE} is broken: ${u.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return u.value;
}

let technologies: Result<TechnologyTable, Problem[]> | undefined;

/** The shipped technology table, or its problems. */
export function loadTechnologies(): Result<TechnologyTable, Problem[]> {
  technologies ??= parseTechnologies(technologiesInForce);
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

/** The shipped data files that `setDataOverrides` may replace, by file name (as the problems name them), parsed. */
function shippedDataFiles(): Record<string, unknown> {
  return {
    [RULES_FILE]: rulesJson,
    [TECHNOLOGIES_FILE]: technologiesJson,
    [UNITS_FILE]: unitsJson,
    ...Object.fromEntries(Object.entries(shippedScenarios).map(([id, raw]) => [scenarioFileName(id), raw])),
    ...Object.fromEntries(Object.entries(shippedForces).map(([id, raw]) => [forcesFileName(id), raw])),
  };
}

/** The names of the data files `setDataOverrides` may replace. */
export const overridableDataFiles = (): string[] => Object.keys(shippedDataFiles());

/** A shipped data file, parsed (a copy to change freely), or undefined when it is not one `setDataOverrides` takes. */
export function shippedDataFile(file: string): unknown {
  const raw = shippedDataFiles()[file];
  return raw === undefined ? undefined : structuredClone(raw);
}

const resets: (() => void)[] = [];

/** A module's cache of what it derives from the data files (a table of unit types, a map): cleared when setDataOverrides changes them. */
export function clearedOnDataChange(reset: () => void): void {
  resets.push(reset);
}

/**
 * Play with other numbers: the data files named here (see `overridableDataFiles`; parsed JSON, whole files) replace
 * the shipped ones for every game set up afterwards in this process (every cache derived from them is cleared), and the others go back to the shipped data.
 * `{}` restores the shipped data. Every replaced file is checked as at load; on problems the shipped data is restored
 * and the problems returned. For the balance lab, which sets them once in each worker before its games.
 */
export function setDataOverrides(files: Readonly<Record<string, unknown>>): Result<void, Problem[]> {
  const shipped = shippedDataFiles();
  const unknown = Object.keys(files).filter((f) => !(f in shipped));
  if (unknown.length) {
    return err(unknown.map((f) => {
      const suggestion = closestName(f, Object.keys(shipped));
      return { code: 'unknown-data-file', message: `no data file '${f}' takes overrides; these do: ${Object.keys(shipped).join(', ')}`, ...(suggestion ? { suggestion } : {}) };
    }));
  }
  const pick = (file: string) => structuredClone(files[file] ?? shipped[file]);
  technologiesInForce = pick(TECHNOLOGIES_FILE);
  unitsInForce = pick(UNITS_FILE);
  for (const id of Object.keys(shippedScenarios)) scenariosInForce[id] = pick(scenarioFileName(id));
  for (const id of Object.keys(shippedForces)) forcesInForce[id] = pick(forcesFileName(id));
  technologies = undefined;
  units = undefined;
  scenarios.clear();
  for (const reset of resets) reset();
  const problems: Problem[] = [];
  const rules = setRuleNumbers(pick(RULES_FILE));
  if (!rules.ok) problems.push(...rules.error);
  const checked = [loadTechnologies(), loadUnits(), ...Object.keys(shippedScenarios).map((id) => loadScenario(id))];
  for (const r of checked) if (!r.ok) problems.push(...r.error.filter((p) => !problems.includes(p)));
  if (problems.length) {
    if (Object.keys(files).length) setDataOverrides({});
    return err(problems);
  }
  return ok(undefined);
}
