/**
 * vernian's data files for `umpire data check|show|schema`: every file read against its schema and cross-checks, then
 * the checks across files (the maps: every land hex reachable on its map, the link, the places the rules name; the
 * order of battle: every set-up place on the map), the tables a player reads, the JSON Schemas.
 */
import {
  closestName,
  formatDataProblem,
  jsonSchemaOf,
  loadHexBoard,
  readDataFile,
  renderTable,
  ToolError,
  type DataFiles,
  type DataTool,
  type HexBoard,
  type Json,
  type Problem,
} from '@umpire/engine';
import { dataSpecs, forcesFile, boardFile } from '../data/files.js';
import type { ForcesFile } from '../data/schemas.js';
import { allHexes, hexesNamed, hexFacts } from '../base/hexes.js';
import { printedFactors, allUnits } from '../base/units.js';
import { arrivalOf } from '../arrivals/schedule.js';

const TABLES = ['hexes', 'places', 'units'] as const;

/** The places the rules name, which the maps must have (VV-WIN, VV-SETUP, VV-ENG, VB-FORT-01). */
const NAMED = [
  'Paris',
  'London',
  'Birmingham',
  'Dover',
  'Ramsgate',
  'Folkestone',
  'Mons',
  'Liège',
  'Aachen',
  'Ruhr',
  'Calais',
  'Boulogne',
  'Dunkirk',
  'Dieppe',
  'Le Havre',
];

function mapProblems(board: HexBoard): Problem[] {
  const problems: Problem[] = [];
  const file = boardFile.file;
  for (const map of board.maps) {
    const land = board.ids.filter((id) => hexFacts(id)?.map === map.prefix && hexFacts(id)!.land);
    const start = land[0];
    if (!start) continue;
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const at = queue.pop()!;
      for (const c of board.neighbours(at)) {
        if (c.link || c.features.includes('all-sea') || seen.has(c.to) || !hexFacts(c.to)?.land) continue;
        seen.add(c.to);
        queue.push(c.to);
      }
    }
    for (const id of land)
      if (!seen.has(id)) problems.push({ code: 'unreachable-hex', message: `${file}: ${id} cannot be reached by land from ${start}` });
  }
  for (const id of board.ids)
    for (const c of board.neighbours(id))
      if (!board.crossing(c.to, id)) problems.push({ code: 'one-way', message: `${file}: ${id} leads to ${c.to} but not back` });
  for (const name of NAMED)
    if (!hexesNamed(name).length) problems.push({ code: 'missing-place', message: `${file}: no hex is named ${name}` });
  return problems;
}

function forcesProblems(forces: ForcesFile): Problem[] {
  const problems: Problem[] = [];
  forces.units.forEach((u, i) => {
    const place = u.setup?.place;
    if (place && !hexesNamed(place).length)
      problems.push({
        code: 'unknown-place',
        message: `${forcesFile.file}: ${u.id} sets up at '${place}', which no hex is named`,
        path: `$.units[${i}].setup.place`,
      });
  });
  return problems;
}

function readAll(files: DataFiles): { problems: Problem[]; checked: string[] } {
  const problems: Problem[] = [];
  const checked: string[] = [];
  for (const spec of dataSpecs) {
    const path = spec.file.replace(/^data\//, '');
    checked.push(spec.file);
    const r = readDataFile(spec, files.read(path, spec.title));
    if (!r.ok) problems.push(...r.error);
  }
  if (problems.length) return { problems, checked };
  const board = loadHexBoard(files.read('board.json', boardFile.title));
  if (board.ok) problems.push(...mapProblems(board.value));
  problems.push(...forcesProblems(files.read('forces.json', forcesFile.title) as ForcesFile));
  return { problems, checked };
}

function check(files: DataFiles, opts: { readonly json?: boolean }): { ok: boolean; text: string } {
  const { problems, checked } = readAll(files);
  const ok = problems.length === 0;
  if (opts.json) return { ok, text: JSON.stringify({ ok, checked, problems }, null, 2) };
  const lines = problems.map(formatDataProblem);
  const hexes = [...allHexes()];
  if (ok) {
    const counts = ['W', 'B'].map((m) => `${hexes.filter((h) => h.map === m).length} ${m} hexes`).join(' and ');
    lines.push(
      `OK: ${counts}, ${[...allUnits()].length} units; every land hex reachable on its map, ` +
        'the link both ways, every named place present; every check passed.',
    );
  } else lines.push(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${checked.join(', ')}; nothing was loaded.`);
  return { ok, text: lines.join('\n') };
}

const yes = (b: boolean) => (b ? 'yes' : '');

function show(files: DataFiles, table: string, opts: { readonly section?: string; readonly json?: boolean }): string {
  if (!(TABLES as readonly string[]).includes(table)) {
    const s = closestName(table, TABLES);
    throw new ToolError(`no table '${table}'${s ? ` (did you mean '${s}'?)` : ''}; tables: ${TABLES.join(', ')}`, true);
  }
  const report = readAll(files);
  if (report.problems.length)
    throw new ToolError(
      `the data does not check out; run 'umpire data check vernian':\n${report.problems.slice(0, 10).map(formatDataProblem).join('\n')}`,
    );
  if (table === 'hexes') {
    const rows = [...allHexes()].filter((h) => !opts.section || h.map === opts.section.toUpperCase());
    const json = rows.map((h) => ({
      id: h.id,
      map: h.map === 'W' ? 'west' : 'england',
      terrain: h.terrain,
      nation: h.nation ?? null,
      place: h.name ?? null,
      town: h.town,
      city: h.city,
      fortress: h.fortress,
      port: h.port,
      edge: h.edge ?? null,
    }));
    if (opts.json) return JSON.stringify(json, null, 2);
    return renderTable(
      ['id', 'map', 'terrain', 'nation', 'place', 'town', 'city', 'fortress', 'port', 'edge'],
      json.map((h) => [
        h.id,
        h.map,
        h.terrain,
        h.nation ?? '',
        h.place ?? '',
        yes(h.town),
        yes(h.city),
        h.fortress || '',
        yes(h.port),
        h.edge ?? '',
      ]),
      false,
    ).join('\n');
  }
  if (table === 'places') {
    const rows = [...allHexes()]
      .filter((h) => h.name)
      .map((h) => ({
        place: h.name!,
        hex: h.id,
        nation: h.nation ?? '',
        kind: h.city ? 'city' : h.town ? 'town' : '',
        fortress: h.fortress,
      }));
    if (opts.json) return JSON.stringify(rows, null, 2);
    return renderTable(
      ['place', 'hex', 'nation', 'kind', 'fortress'],
      rows.map((r) => [r.place, r.hex, r.nation, r.kind, r.fortress || '']),
      false,
    ).join('\n');
  }
  const rows = [...allUnits()].map((u) => {
    const f = printedFactors(u.id, u.type.steps);
    const r = u.type.reduced;
    const a = arrivalOf(u);
    return {
      id: u.id,
      name: u.name,
      nation: u.nation,
      type: u.entry.type,
      factors: u.hq ? `${u.type.guns}-${u.type.kill} (move ${f.move})` : `${f.attack}-${f.defence}-${f.move}`,
      reduced: r ? `${r.attack}-${r.defence}-${r.move}` : '',
      steps: u.type.steps,
      code: u.entry.code,
      arrives: a.kind === 'turn' ? `Strategic Turn ${a.letter}` : a.kind,
      setup: u.entry.setup?.place ?? '',
    };
  });
  if (opts.json) return JSON.stringify(rows, null, 2);
  return renderTable(
    ['id', 'name', 'nation', 'type', 'factors', 'reduced', 'steps', 'code', 'arrives', 'set-up'],
    rows.map((r) => [r.id, r.name, r.nation, r.type, r.factors, r.reduced, r.steps, r.code, r.arrives, r.setup]),
    false,
  ).join('\n');
}

export const vernianData: DataTool = {
  package: '@umpire/vernian',
  tables: TABLES,
  check,
  show,
  schemas: () => Object.fromEntries(dataSpecs.map((s) => [s.file.replace(/^data\//, '').replace(/\.json$/, ''), jsonSchemaOf(s) as Json])),
};
