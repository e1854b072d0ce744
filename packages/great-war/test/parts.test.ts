import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ruleParts } from '../src/index.js';
import { switchboard } from '../src/base/reactions.js';

// The order in which the special rules react is part of the rules: these are the orders the golden records were
// played with (test/golden-records.test.ts), kept here by name so that a change to parts.ts shows what it changes.
test('rule parts: the parts react to a war, a side joined and a capture in the rule book order the records were played with', () => {
  assert.equal(switchboard.installed, true);
  assert.deepEqual(switchboard.reactorsOf('war'), ['diplomacy', 'united-states', 'ottoman', 'italy', 'japan', 'china']);
  assert.deepEqual(switchboard.reactorsOf('join'), ['diplomacy', 'united-states', 'ottoman', 'italy', 'spain']);
  assert.deepEqual(switchboard.reactorsOf('capture'), ['revolution', 'breakthrough']);
  assert.deepEqual(switchboard.reactorsOf('units-placed'), ['revolution', 'ships-placed']);
  assert.deepEqual(switchboard.reactorsOf('advance'), ['upgrades']);
});

test('rule parts: every part has a unique id, and the parts of the politics name the clause families they implement', () => {
  const ids = ruleParts.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const p of ruleParts.filter((x) => x.id !== 'politics' && x.id !== 'carrier-operations')) {
    assert.ok(p.clauses?.length, `${p.id} names no clause family`);
    for (const c of p.clauses!) assert.match(c, /^GW-[A-Z0-9-]+$/);
  }
});
