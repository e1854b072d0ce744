import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { formatCaseReport, formatProblem, ruleCaseJsonSchema, runCase } from '@umpire/engine';
import { greatWar } from '../src/index.js';

/**
 * The rule cases of test/cases/*.json (docs/engine/rule-cases.md): each is played by the engine's case runner and is a
 * test of its own, named by the case's title, so the clauses it names count as tested (`umpire rules great-war coverage`).
 */
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'cases');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const titleOf = (data: unknown, file: string) => (typeof data === 'object' && data !== null && typeof (data as { title?: unknown }).title === 'string' ? (data as { title: string }).title : file);

for (const file of files) {
  const data = read(file);
  test(titleOf(data, file), () => {
    const r = runCase(greatWar, data);
    if (!r.ok) assert.fail(`test/cases/${file} cannot be played:\n${r.error.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    assert.ok(r.value.passed, `test/cases/${file}:\n${formatCaseReport(r.value)}`);
  });
}

test('every rule case file names the rule-case JSON Schema and is valid against it, as an editor checks it', () => {
  assert.ok(files.length >= 10, `the cases are in ${dir}`);
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(ruleCaseJsonSchema());
  for (const file of files) {
    const data = read(file) as Record<string, unknown>;
    assert.equal(data['$schema'], '../../../engine/schemas/rule-case.schema.json', `${file} names its schema`);
    assert.ok(validate(data), `${file}: ${JSON.stringify(validate.errors)}`);
  }
});
