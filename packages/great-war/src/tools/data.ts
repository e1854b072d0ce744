/**
 * The Great War's data files for `umpire data check|show|schema`: every check of the map, the unit and technology
 * tables and a scenario (a shipped one or a host's own file), the tables a player reads, the JSON Schemas.
 */
import { closestName, formatDataProblem, renderTable, ToolError, type DataFiles, type DataTool, type Json } from '@umpire/engine';
import { checkData, type DataReport } from '../data/check.js';
import { scenarioData } from '../data/load.js';
import { coastalSeas, valueByOwner } from '../data/map.js';
import { unitTable } from '../data/load.js';
import { jsonSchemas } from './json-schemas.js';

const DEFAULT_SCENARIO = 'august-1914';
const TABLES = ['units', 'nations', 'territories', 'seas'] as const;

/** Read the data files: the shipped ones, or a host's own scenario file. */
function readData(files: DataFiles, scenario?: string): DataReport {
  const map: Record<string, unknown> = {};
  for (const name of files.list('map')) map[name] = files.read(`map/${name}`, 'the map file');
  let scenarioPath: string;
  if (scenario && (scenario.endsWith('.json') || files.exists(scenario))) scenarioPath = scenario;
  else {
    const known = files.list('scenarios').map((f) => f.replace(/\.json$/, '')).filter((f) => !f.endsWith('-forces'));
    const id = scenario ?? DEFAULT_SCENARIO;
    if (!known.includes(id)) throw new ToolError(`no scenario '${id}'${closestName(id, known) ? ` (did you mean '${closestName(id, known)}'?)` : ''}; shipped: ${known.join(', ')}`);
    scenarioPath = `scenarios/${id}.json`;
  }
  const forcesPath = scenarioPath.replace(/\.json$/, '-forces.json');
  const named = (path: string) => {
    const shipped = files.shipped(path);
    return shipped !== undefined ? `data/${shipped}` : path;
  };
  return checkData({
    technologies: files.read('technologies.json', 'the technology table'),
    units: files.read('units.json', 'the unit table'),
    scenario: files.read(scenarioPath, 'the scenario'),
    scenarioFile: named(scenarioPath),
    forces: files.exists(forcesPath) ? files.read(forcesPath, 'the forces file') : undefined,
    forcesFile: named(forcesPath),
    map,
  });
}

function check(files: DataFiles, opts: { readonly scenario?: string; readonly json?: boolean }): { ok: boolean; text: string } {
  const report = readData(files, opts.scenario);
  const ok = report.problems.length === 0;
  if (opts.json) return { ok, text: JSON.stringify({ ok, checked: report.checked, problems: report.problems }, null, 2) };
  const lines = report.problems.map(formatDataProblem);
  if (ok && report.world) {
    const w = report.world;
    lines.push(`OK: ${w.territories.length} land territories and ${w.seas.length} sea zones in 6 map sections, ${w.connections.length} connections; every check passed.`);
  } else lines.push(`${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} in ${report.checked.join(', ')}; nothing was loaded.`);
  return { ok, text: lines.join('\n') };
}

function show(files: DataFiles, table: string, opts: { readonly section?: string; readonly scenario?: string; readonly json?: boolean }): string {
  if (!(TABLES as readonly string[]).includes(table)) {
    const s = closestName(table, TABLES);
    throw new ToolError(`no table '${table}'${s ? ` (did you mean '${s}'?)` : ''}; tables: ${TABLES.join(', ')}`, true);
  }
  const report = readData(files, opts.scenario);
  if (!report.world) throw new ToolError(`the data does not check out; run 'umpire data check great-war':\n${report.problems.slice(0, 10).map(formatDataProblem).join('\n')}`);
  const world = report.world;
  const scenario = scenarioData(opts.scenario && !opts.scenario.endsWith('.json') ? opts.scenario : DEFAULT_SCENARIO);
  const yes = (b: boolean) => (b ? 'yes' : '');
  if (table === 'territories') {
    const rows = world.territories.filter((t) => !opts.section || t.section === opts.section);
    if (opts.json) return JSON.stringify(rows, null, 2);
    return renderTable(
      ['id', 'name', 'section', 'owner', 'value', 'city', 'port', 'IC', 'capital', 'supply', 'colony', 'seas'],
      rows.map((t) => [t.id, t.name, t.section, t.owner, t.value, yes(t.city), yes(t.port), yes(t.industrialComplex), yes(t.capital), yes(t.supplyCenter), t.colony ?? '', coastalSeas(world, t.id).join(' ')]),
      false,
    ).join('\n');
  }
  if (table === 'seas') {
    const rows = world.seas.filter((s) => !opts.section || s.section === opts.section);
    if (opts.json) return JSON.stringify(rows, null, 2);
    return renderTable(
      ['id', 'name', 'section', 'Britain supply', 'neighbouring seas'],
      rows.map((s) => [s.id, s.name, s.section, s.britainSupply ?? '', world.graph.neighbours(s.id, ['sea']).map((n) => n.id).join(' ')]),
      false,
    ).join('\n');
  }
  if (table === 'units') {
    const units = unitTable().list;
    if (opts.json) return JSON.stringify(units, null, 2);
    const v = (x: number | null | undefined) => (x === null || x === undefined ? '-' : x);
    return [
      ...renderTable(
        ['id', 'name', 'kind', 'cost', 'attack', 'defence', 'move', 'hits', 'fuel', 'carries', 'detection', 'bombard'],
        units.map((u) => [u.id, u.name, u.category, v(u.cost), v(u.attack), v(u.defense), v(u.move), v(u.hits), v(u.fuel), u.troopPoints || u.fighterCapacity || '-', v(u.detection), v(u.shoreBombardment)]),
        false,
      ),
      '',
      "Numbers the rule book gives are its own; the others are designer's choices (docs/great-war/designers-choices.md).",
    ].join('\n');
  }
  const values = valueByOwner(world);
  const count = (id: string) => world.territories.filter((t) => t.owner === id).length;
  const rows = scenario.nations.map((n) => ({ ...n, territories: count(n.id), mapValue: values.get(n.id) ?? 0 }));
  if (opts.json) return JSON.stringify(rows, null, 2);
  return [
    ...renderTable(
      ['id', 'name', 'side', 'seat', 'treasury', 'income cap', 'territories', 'map value'],
      rows.map((n) => [n.id, n.name, scenario.sideNames[n.side] ?? n.side, yes(n.seat), n.treasury, n.incomeCap ?? '', n.territories, n.mapValue]),
      false,
    ),
    '',
    'Powers that appear in play:',
    ...renderTable(['id', 'name', 'appears', 'run by'], scenario.laterNations.map((n) => [n.id, n.name, n.appears, n.controller]), false),
  ].join('\n');
}

export const greatWarData: DataTool = {
  package: '@umpire/great-war',
  tables: TABLES,
  check,
  show,
  schemas: () => jsonSchemas() as unknown as Readonly<Record<string, Json>>,
};
