import {
  clonePlain,
  closestName,
  dataShelf,
  hexBoardSchema,
  loadHexBoard,
  parseResultsTable,
  pathKeys,
  resultsTableSchema,
  type DataFault,
  type DataFileSpec,
  type HexBoard,
  type HexBoardData,
  type ResultsTable,
  type ResultsTableData,
} from '@umpire/engine';
import boardJson from '../../data/board.json' with { type: 'json' };
import crtJson from '../../data/combat-results.json' with { type: 'json' };
import forcesJson from '../../data/forces.json' with { type: 'json' };
import rulesJson from '../../data/rules.json' with { type: 'json' };
import terrainJson from '../../data/terrain.json' with { type: 'json' };
import piecesJson from '../../data/pieces.json' with { type: 'json' };
import airWarJson from '../../data/air-war.json' with { type: 'json' };
import botsJson from '../../data/bots.json' with { type: 'json' };
import {
  airWarFileSchema,
  botsFileSchema,
  forcesFileSchema,
  piecesFileSchema,
  rulesFileSchema,
  terrainFileSchema,
  type AirWarFile,
  type BotsFile,
  type ForcesFile,
  type PiecesFile,
  type RulesFile,
  type TerrainFile,
} from './schemas.js';

/**
 * vernian's data files on the engine's data shelf: each with its schema and cross-checks, read once for each value,
 * replaceable whole by the balance lab (`dataShelf().override`). Everything derived from them (the board's index,
 * the results table, the unit table) is kept beside the data it came from, so an override never leaves it stale.
 */

const NATIONS = ['germany', 'france', 'britain', 'belgium', 'luxembourg', 'netherlands', 'switzerland', 'italy'];

function boardFaults(data: HexBoardData): DataFault[] {
  const loaded = loadHexBoard(data);
  if (!loaded.ok) return loaded.error.map((p) => ({ path: pathKeys(p.path), message: p.message, code: p.code, suggestion: p.suggestion }));
  const faults: DataFault[] = [];
  (data.hexes ?? []).forEach((h, i) => {
    const nation = h.features?.['nation'];
    const land = (h.terrain ?? 'clear') !== 'sea';
    if (land && typeof nation !== 'string') faults.push({ path: ['hexes', i, 'features'], message: `land hex ${h.id} names no nation` });
    if (typeof nation === 'string' && !NATIONS.includes(nation)) {
      const suggestion = closestName(nation, NATIONS);
      faults.push({ path: ['hexes', i, 'features', 'nation'], message: `no nation '${nation}'`, ...(suggestion ? { suggestion } : {}) });
    }
  });
  return faults;
}

export const boardFile: DataFileSpec<HexBoardData> = {
  file: 'data/board.json',
  title: '20,000 Leagues under the Trenches: the West and England maps',
  schema: hexBoardSchema,
  check: boardFaults,
};

export const resultsFile: DataFileSpec<ResultsTableData> = {
  file: 'data/combat-results.json',
  title: '20,000 Leagues under the Trenches: the combat results table',
  schema: resultsTableSchema,
};

export const terrainFile: DataFileSpec<TerrainFile> = {
  file: 'data/terrain.json',
  title: '20,000 Leagues under the Trenches: terrain, hexsides and hex features',
  schema: terrainFileSchema,
};

export const rulesFile: DataFileSpec<RulesFile> = {
  file: 'data/rules.json',
  title: "20,000 Leagues under the Trenches: the rule book's numbers",
  schema: rulesFileSchema,
};

function forcesFaults(data: ForcesFile): DataFault[] {
  const faults: DataFault[] = [];
  const seen = new Map<string, number>();
  const types = Object.keys(data.unitTypes);
  data.units.forEach((u, i) => {
    const first = seen.get(u.id);
    if (first !== undefined)
      faults.push({ path: ['units', i, 'id'], message: `unit '${u.id}' is listed twice (first at units[${first}])` });
    else seen.set(u.id, i);
    if (!data.unitTypes[u.type]) {
      const suggestion = closestName(u.type, types);
      faults.push({ path: ['units', i, 'type'], message: `no unit type '${u.type}'`, ...(suggestion ? { suggestion } : {}) });
    }
    if (u.code === 'setup' && !u.setup) faults.push({ path: ['units', i], message: `${u.id} sets up but names no place` });
  });
  for (const [id, t] of Object.entries(data.unitTypes)) {
    if (t.steps === 2 && !t.reduced) faults.push({ path: ['unitTypes', id], message: `a two-step type has a reduced side` });
    if (t.class === 'hq' && (t.guns === undefined || t.kill === undefined))
      faults.push({ path: ['unitTypes', id], message: 'an HQ has its two numbers (guns and kill)' });
  }
  return faults;
}

export const forcesFile: DataFileSpec<ForcesFile> = {
  file: 'data/forces.json',
  title: '20,000 Leagues under the Trenches: the order of battle',
  schema: forcesFileSchema,
  check: forcesFaults,
};

export const piecesFile: DataFileSpec<PiecesFile> = {
  file: 'data/pieces.json',
  title: "20,000 Leagues under the Trenches: the variant's borrowed pieces",
  schema: piecesFileSchema,
  check: piecesFaults,
};

/** The pieces file's cross-checks: every type named exists, sides agree with the types, flips name improvable types. */
function piecesFaults(data: PiecesFile): DataFault[] {
  const faults: DataFault[] = [];
  const names = Object.keys(data.types);
  const noType = (type: string, path: (string | number)[]) => {
    if (data.types[type]) return;
    const suggestion = closestName(type, names);
    faults.push({ path, message: `no piece type '${type}'`, ...(suggestion ? { suggestion } : {}) });
  };
  data.opening.forEach((o, i) => noType(o.type, ['opening', i, 'type']));
  for (const [id, t] of Object.entries(data.types)) if (t.improved) noType(t.improved, ['types', id, 'improved']);
  data.schedule.forEach((row, i) => {
    const types = 'type' in row ? [row.type] : row.from;
    types.forEach((type, j) => {
      const path = 'type' in row ? ['schedule', i, 'type'] : ['schedule', i, 'from', j];
      noType(type, path);
      const t = data.types[type];
      if (t?.side && t.side !== row.side) faults.push({ path, message: `a ${t.label} is ${t.side}'s, not ${row.side}'s` });
      if (t && 'flip' in row && !t.improved) faults.push({ path, message: `a ${t.label} has no improved side to flip to` });
    });
  });
  return faults;
}

/** The air combat tables' cross-check: every face of the die has its result. */
function airWarFaults(data: AirWarFile): DataFault[] {
  const faults: DataFault[] = [];
  for (const [name, table] of Object.entries(data.tables)) {
    for (let face = 1; face <= data.die; face++)
      if (!table.results[String(face)]) faults.push({ path: ['tables', name, 'results'], message: `no result for a roll of ${face}` });
    for (const face of Object.keys(table.results))
      if (Number(face) < 1 || Number(face) > data.die)
        faults.push({ path: ['tables', name, 'results', face], message: `a ${data.die}-sided die never rolls ${face}` });
  }
  return faults;
}

export const airWarFile: DataFileSpec<AirWarFile> = {
  file: 'data/air-war.json',
  title: '20,000 Leagues under the Trenches: Ether Flyer missions and the air combat tables',
  schema: airWarFileSchema,
  check: airWarFaults,
};

/** The general's thresholds: every attack column it names is a column of the results table. */
function botsFaults(data: BotsFile): DataFault[] {
  const columns = resultsTable().columns;
  const col = data.general.attackColumn;
  if (columns.includes(col)) return [];
  const suggestion = closestName(col, [...columns]);
  return [{ path: ['general', 'attackColumn'], message: `no column '${col}' in the results table`, ...(suggestion ? { suggestion } : {}) }];
}

export const botsFile: DataFileSpec<BotsFile> = {
  file: 'data/bots.json',
  title: "20,000 Leagues under the Trenches: the general's thresholds (the bot's, not the rules')",
  schema: botsFileSchema,
  check: botsFaults,
};

const specs = [boardFile, resultsFile, terrainFile, rulesFile, forcesFile, piecesFile, airWarFile, botsFile] as DataFileSpec<unknown>[];
const shipped: Record<string, unknown> = {
  [boardFile.file]: boardJson,
  [resultsFile.file]: crtJson,
  [terrainFile.file]: terrainJson,
  [rulesFile.file]: rulesJson,
  [forcesFile.file]: forcesJson,
  [piecesFile.file]: piecesJson,
  [airWarFile.file]: airWarJson,
  [botsFile.file]: botsJson,
};

/** The data files in force: the shipped ones unless the balance lab put others in their place. */
export const shelf = dataShelf(specs.map((spec) => ({ spec, shipped: shipped[spec.file] })));

export const dataSpecs: readonly DataFileSpec<unknown>[] = specs;

/** The board: both maps, their hexes, hexsides and the Channel link. */
export const hexBoard = shelf.derive((): HexBoard => {
  const r = loadHexBoard(shelf.get(boardFile));
  if (!r.ok) throw new Error(`data/board.json: ${r.error[0]?.message}`);
  return r.value;
});

/** The combat results table, read. */
export const resultsTable = shelf.derive((): ResultsTable => {
  const r = parseResultsTable(shelf.get(resultsFile));
  if (!r.ok) throw new Error(`data/combat-results.json: ${r.error[0]?.message}`);
  return r.value;
});

// Each file in force, kept until an override: rules ask for their numbers on every step of a search.
export const terrainData: () => TerrainFile = shelf.derive(() => shelf.get(terrainFile));
export const ruleNumbers: () => RulesFile = shelf.derive(() => shelf.get(rulesFile));
export const forcesData: () => ForcesFile = shelf.derive(() => shelf.get(forcesFile));
export const piecesData: () => PiecesFile = shelf.derive(() => shelf.get(piecesFile));
export const airWar: () => AirWarFile = shelf.derive(() => shelf.get(airWarFile));
export const botNumbers: () => BotsFile['general'] = shelf.derive(() => shelf.get(botsFile).general);

/** A shipped data file as parsed JSON (a copy to change freely), whatever is in force; undefined for a file not shipped. */
export const shippedDataFile = (file: string): unknown => (file in shipped ? clonePlain(shipped[file]) : undefined);
