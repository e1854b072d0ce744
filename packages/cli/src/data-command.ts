import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import type { DataFiles } from '@umpire/engine';
import { installed } from '@umpire/rulesets';
import { told, toolFor } from './rulesets.js';
import { readJsonFile } from './store.js';

/** Where a ruleset package keeps its data files. */
export function dataDir(rulesetId: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${toolFor(rulesetId, 'data', 'data files').package}/package.json`)), 'data');
}

/** The data files of a ruleset as its tool reads them: from its package's data folder, or a host's own file. */
export function dataFiles(rulesetId: string): DataFiles {
  const dir = dataDir(rulesetId);
  const at = (path: string) => (isAbsolute(path) ? path : join(dir, path));
  return {
    read: (path, what) => readJsonFile(at(path), what),
    exists: (path) => existsSync(at(path)),
    list: (folder) => (existsSync(at(folder)) ? readdirSync(at(folder)).filter((f) => f.endsWith('.json')).sort() : []),
    shipped: (path) => {
      const rel = relative(dir, at(path));
      return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel;
    },
  };
}

/** A scenario flag: a host's own file (by its path from here), or a shipped scenario's name as it is. */
const scenarioFlag = (scenario: string | undefined) => (scenario && (scenario.endsWith('.json') || existsSync(scenario)) ? resolve(scenario) : scenario);

export function dataCheck(rulesetId: string, opts: { scenario?: string; json?: boolean }): { text: string; ok: boolean } {
  const tool = toolFor(rulesetId, 'data', 'data files');
  const scenario = scenarioFlag(opts.scenario);
  return told(() => tool.check(dataFiles(rulesetId), { ...opts, ...(scenario ? { scenario } : {}) }));
}

export function dataShow(rulesetId: string, table: string, opts: { json?: boolean; section?: string; scenario?: string }): string {
  const tool = toolFor(rulesetId, 'data', 'data files');
  const scenario = scenarioFlag(opts.scenario);
  return told(() => tool.show(dataFiles(rulesetId), table, { ...opts, ...(scenario ? { scenario } : {}) }));
}

/** The JSON Schemas of the data files: written to a folder, or printed as one JSON object. */
export function dataSchemas(rulesetId: string, outDir?: string): string {
  const schemas = toolFor(rulesetId, 'data', 'data files').schemas();
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
    .description(`print a table of the data as a player would read it (${installed.filter((t) => t.data).map((t) => `${t.ruleset.id}: ${t.data!.tables.join(', ')}`).join('; ')})`)
    .argument('<ruleset>', 'the game')
    .argument('<table>', 'a table of the ruleset')
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
