import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { vernianData } from '../src/tools/data.js';

const folder = new URL('../../schemas/', import.meta.url);

describe('the JSON Schemas of the data files', () => {
  it('the copies in packages/vernian/schemas are what `umpire data schema vernian` writes (run it after a schema change)', () => {
    for (const [name, schema] of Object.entries(vernianData.schemas())) {
      const kept = JSON.parse(readFileSync(new URL(`${name}.schema.json`, folder), 'utf8')) as unknown;
      assert.deepEqual(kept, schema, name);
    }
  });
});
