import type { Problem } from '@umpire/engine';
import { parseScenario, parseTechnologies, parseUnits, TECHNOLOGIES_FILE, UNITS_FILE } from './load.js';
import { checkWorld, MAP_DIR, type MapFiles, type WorldMap } from './map.js';
import { scenarioBoard } from '../opening.js';

/**
 * Everything `umpire data check great-war` looks at, as parsed JSON: the technology table, a scenario and the
 * map files. Pure: the CLI reads the files (the shipped ones, or a host's own scenario) and prints the problems.
 */
export interface DataFiles {
  readonly technologies: unknown;
  readonly units: unknown;
  readonly scenario: unknown;
  readonly scenarioFile: string;
  /** The scenario's starting forces. */
  readonly forces: unknown;
  readonly forcesFile: string;
  readonly map: MapFiles;
}

export interface DataReport {
  readonly problems: readonly Problem[];
  readonly world?: WorldMap;
  /** What was checked, for the summary line. */
  readonly checked: readonly string[];
}

export function checkData(files: DataFiles): DataReport {
  const problems: Problem[] = [];
  const checked: string[] = [];
  const techs = parseTechnologies(files.technologies, TECHNOLOGIES_FILE);
  checked.push(TECHNOLOGIES_FILE);
  if (!techs.ok) return { problems: techs.error, checked };
  const units = parseUnits(files.units, techs.value, UNITS_FILE);
  checked.push(UNITS_FILE);
  if (!units.ok) problems.push(...units.error);
  const scenario = parseScenario(files.scenario, techs.value, files.scenarioFile);
  checked.push(files.scenarioFile);
  if (!scenario.ok) problems.push(...scenario.error);
  const nations = scenario.ok ? scenario.value.nations.map((n) => n.id) : undefined;
  const world = checkWorld(files.map, nations);
  checked.push(`${MAP_DIR}/*.json (${Object.keys(files.map).length} files)`);
  if (!world.ok) problems.push(...world.error);
  if (world.ok && scenario.ok && units.ok) {
    const board = scenarioBoard(world.value, scenario.value, units.value, files.forces, files.forcesFile);
    checked.push(files.forcesFile);
    if (!board.ok) problems.push(...board.error);
  }
  return { problems, checked, ...(world.ok ? { world: world.value } : {}) };
}
