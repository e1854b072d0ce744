import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { jsonSchemas, type SchemaName } from '../src/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;

test('the published JSON Schemas in schemas/ are the ones the zod schemas generate (run `umpire data schema great-war --out packages/great-war/schemas`)', () => {
  const generated = jsonSchemas();
  const published = readdirSync(join(root, 'schemas')).filter((f) => f.endsWith('.schema.json'));
  assert.deepEqual(published.sort(), Object.keys(generated).map((n) => `${n}.schema.json`).sort());
  for (const [name, schema] of Object.entries(generated)) assert.deepEqual(read(`schemas/${name}.schema.json`), JSON.parse(JSON.stringify(schema)), name);
});

test('every shipped data file names its schema and is valid against it, as an editor would check it', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const files: [string, SchemaName][] = [
    ['data/technologies.json', 'technologies'],
    ['data/units.json', 'units'],
    ['data/terrain.json', 'terrain'],
    ['data/rules.json', 'rules'],
    ['data/ottoman-italy.json', 'ottoman-italy'],
    ['data/special-rules.json', 'special-rules'],
    ['data/united-states.json', 'united-states'],
    ['data/scenarios/august-1914.json', 'scenario'],
    ['data/bots.json', 'bots'],
    ['data/scenarios/august-1914-forces.json', 'forces'],
    ['data/map/style.json', 'map-style'],
    ['data/map/seed-names.json', 'seed-names'],
    ['data/map/cross-sections.json', 'map-links'],
    ['data/map/passages.json', 'map-links'],
    ...['europe', 'middle-east', 'africa', 'north-america', 'asia-pacific', 'central-asia'].map((s) => [`data/map/${s}.json`, 'map-section'] as [string, SchemaName]),
  ];
  const schemas = jsonSchemas();
  for (const [file, name] of files) {
    const data = read(file);
    assert.match(String(data['$schema']), new RegExp(`schemas/${name}\\.schema\\.json$`), `${file} names its schema`);
    const validate = ajv.compile(schemas[name]);
    assert.ok(validate(data), `${file}: ${ajv.errorsText(validate.errors)}`);
  }
  const broken = { ...read('data/scenarios/august-1914.json'), calendar: { turns: 'many' } };
  const validate = ajv.compile(schemas.scenario);
  assert.equal(validate(broken), false, 'the schema refuses what the ruleset refuses');
});
