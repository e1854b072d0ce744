import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clausesOf, ruleCaseJsonSchema } from '../../src/index.js';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'schemas', 'rule-case.schema.json');

test('the published JSON Schema of rule cases is the one the zod schema generates (UMPIRE_WRITE_SCHEMAS=1 rewrites it)', () => {
  const generated = JSON.parse(JSON.stringify(ruleCaseJsonSchema())) as Record<string, unknown>;
  if (process.env['UMPIRE_WRITE_SCHEMAS'] === '1') writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), generated, 'run the engine tests with UMPIRE_WRITE_SCHEMAS=1 to write packages/engine/schemas/rule-case.schema.json');
});

test('the clause ids of a case title are those before its first colon', () => {
  assert.deepEqual(clausesOf('GW-P10-LAND-06 GW-P10-LAND-07, D-MUT-4 (A64): Tanks break through: Verdun'), ['GW-P10-LAND-06', 'GW-P10-LAND-07', 'D-MUT-4']);
  assert.deepEqual(clausesOf('GW-TECH-02..05: four technologies'), ['GW-TECH-02..05']);
});
