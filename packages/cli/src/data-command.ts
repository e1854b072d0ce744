import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { closestName, renderTable, type Problem } from '@umpire/engine';
import { checkData, jsonSchemas, valueByOwner, coastalSeas, scenarioData, unitTable, type DataReport } from '@umpire/great-war';
import { CliError } from './rulesets.js';
import { readJsonFile } from './store.js';

/** Where a ruleset package keeps its data files. */
export function dataDir(rulesetId: string): string {
  if (rulesetId !== 'great-war') throw new CliError(`no data files for '${rulesetId}' yet; known: great-war`, 2);
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@umpire/great-war/package.json')), 'data');
}

/** Read the data files from disk: the shipped ones, or a host's own scenario file. */
export function readGreatWarData(scenario?: string): { report: DataReport; files: string[] } {
  const dir = dataDir('great-war');
  const mapDir = join(dir, 'map');
  const map: Record<string, unknown> = {};
  const names = existsSync(mapDir) ? readdirSync(mapDir).filter((f) => f.endsWith('.json')) : [];
  for (const name of names) map[name] = readJsonFile(join(mapDir, name), 'the map file');
  let scenarioPath: string;
  if (scenario && (scenario.endsWith('.json') || existsSync(scenario))) scenarioPath = resolve(scenario);
  else {
    const known = readdirSync(join(dir, 'scenarios')).filter((f) => f.endsWith('.json')).map((f) => basename(f, '.json'));
    const id = scenario ?? 'august-1914';
    if (!known.includes(id)) throw new CliError(`no scenario '${id}'${closestName(id, known) ? ` (did you mean '${closestName(id, known)}'?)` : ''}; shipped: ${known.join(', ')}`);
    scenarioPath = join(dir, 'scenarios', `${id}.json`);
  }
  const forcesPath = scenarioPath.replace(/\.json$/, '-forces.json');
  const report = checkData({
    technologies: readJsonFile(join(dir, 'technologies.json'), 'the technology table'),
    units: readJsonFile(join(dir, 'units.json'), 'the unit table'),
    scenario: readJsonFile(scenarioPath, 'the scenario'),
    scenarioFile: scenarioPath.startsWith(dir) ? `data/${relative(dir, scenarioPath)}` : scenarioPath,
    forces: existsSync(forcesPath) ? readJsonFile(forcesPath, 'the forces file') : undefined,
    forcesFile: forcesPath.startsWith(dir) ? `data/${relative(dir, forcesPath)}` : forcesPath,
    map,
  });
  return { report, files: names };
}

/** 'data/map/europe.json: message' at '$.territories[3]' reads as 'data/map/europe.json $.territories[3]: message'. */
export function formatDataProblem(p: Problem): string {
  const m = /^(\S+\.json): (.*)$/s.exec(p.message);
  const hint = p.suggestion ? ` (did you mean '${p.suggestion}'?)` : '';
  return m ? `${m[1]} ${p.path ?? '$'}: ${m[2]}${hint}` : `${p.path ?? '$'}: ${p.message}${hint}`;
}

export function dataCheck(rulesetId: string, opts: { scenario?: string; json?: boolean }): { text: string; ok: boolean } {
  dataDir(rulesetId);
  const { report } = readGreatWarData(opts.scenario);
  const ok = report.problems.length === 0;
  if (opts.json) return { ok, text: JSON.stringify({ ok, checked: report.checked, problems: report.problems }, null, 2) };
  const lines = report.problems.map(formatDataProblem);
  if (ok && report.world) {
    const w = report.world;
    lines.push(`OK: ${w.territories.length} land territories and ${w.seas.length} sea zones in 6 map sections, ${w.connections.length} connections; every check passed.`);
  } else lines.push(`${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} in ${report.checked.join(', ')}; nothing was loaded.`);
  return { ok, text: lines.join('\n') };
}

export const SHOW_TABLES = ['units', 'nations', 'territories', 'seas'] as const;

export function dataShow(rulesetId: string, table: string, opts: { json?: boolean; section?: string; scenario?: string }): string {
  dataDir(rulesetId);
  if (!(SHOW_TABLES as readonly string[]).includes(table)) {
    const s = closestName(table, SHOW_TABLES);
    throw new CliError(`no table '${table}'${s ? ` (did you mean '${s}'?)` : ''}; tables: ${SHOW_TABLES.join(', ')}`, 2);
  }
  const { report } = readGreatWarData(opts.scenario);
  if (!report.world) throw new CliError(`the data does not check out; run 'umpire data check ${rulesetId}':\n${report.problems.slice(0, 10).map(formatDataProblem).join('\n')}`);
  const world = report.world;
  const scenario = scenarioData(opts.scenario && !opts.scenario.endsWith('.json') ? opts.scenario : 'august-1914');
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
      'Numbers the rule book gives are its own; the others are designer\'s choices (docs/great-war/designers-choices.md).',
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

/** The JSON Schemas of the data files: written to a folder, or printed as one JSON object. */
export function dataSchemas(rulesetId: string, outDir?: string): string {
  dataDir(rulesetId);
  const schemas = jsonSchemas();
  if (!outDir) return JSON.stringify(schemas, null, 2);
  mkdirSync(outDir, { recursive: true });
  for (const [name, schema] of Object.entries(schemas)) writeFileSync(join(outDir, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
  return `Wrote ${Object.keys(schemas).length} JSON Schemas to ${outDir}: ${Object.keys(schemas).map((n) => `${n}.schema.json`).join(', ')}.`;
}

/** Register `umpire data check`, `data show` and `data schema` on the program. */
export function registerDataCommands(program: Command, out: (text: string) => void): void {
  const data = program.command('data').description('check and show the data files of a game (map, nations, scenario)');
  data
    .command('check')
    .description('validate the data: schema, connections, coasts, names the rule book uses, the scenario; exit 1 with located problems')
    .argument('<ruleset>', 'the game')
    .option('--scenario <file|name>', 'a scenario file of your own, or a shipped scenario name')
    .option('--json', 'print {ok, checked, problems}')
    .action((rulesetId: string, o: { scenario?: string; json?: boolean }) => {
      const r = dataCheck(rulesetId, o);
      out(r.text);
      if (!r.ok) process.exitCode = 1;
    });
  data
    .command('show')
    .description(`print a table of the data as a player would read it: ${SHOW_TABLES.join(', ')}`)
    .argument('<ruleset>', 'the game')
    .argument('<table>', SHOW_TABLES.join(' | '))
    .option('--section <section>', 'only one map section')
    .option('--scenario <file|name>', 'the scenario')
    .option('--json', 'print JSON')
    .action((rulesetId: string, table: string, o: { section?: string; scenario?: string; json?: boolean }) => {
      out(dataShow(rulesetId, table, o));
    });

  data
    .command('schema')
    .description('write the JSON Schemas of the data files (for editors), or print them')
    .argument('<ruleset>', 'the game')
    .option('--out <dir>', 'the folder to write NAME.schema.json files into')
    .action((rulesetId: string, o: { out?: string }) => {
      out(dataSchemas(rulesetId, o.out));
    });
}
