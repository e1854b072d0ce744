import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { jsonPath } from '@umpire/engine';
import { greatWar, openDraft, ruleNumbers, scenarioData, setDataOverrides, type GreatWarState } from '@umpire/great-war';
import { describeOverride, parsePath, readOverrides, runGame } from '../src/index.js';

const opening = () => (greatWar.setup('august-1914', {}) as { ok: true; value: GreatWarState }).value;
const treasury = (s: GreatWarState, id: string) => s.nations.find((n) => n.id === id)!.treasury;

test('a unit override set after games were played in this process is what the next games pay: every cache of the unit table is cleared', () => {
  const step = { id: 't1.orders', turn: 1, segment: 'orders', seats: [], phases: [] };
  const costOfInfantry = () => {
    const draft = openDraft({ state: opening(), seat: 'germany', step })!;
    const before = draft.ledger.resources;
    assert.equal(draft.add({ kind: 'build', unit: 'infantry', count: 1, at: 'berlin' }), undefined);
    return before - draft.ledger.resources;
  };
  runGame({ ruleset: 'great-war', scenario: 'august-1914', seed: 'c', game: 0, bot: 'default', turns: 1 });
  const shipped = costOfInfantry();
  const read = readOverrides('great-war', [`units:units.infantry.cost=${shipped + 6}`], 'august-1914');
  assert.ok(read.ok, JSON.stringify(!read.ok && read.error));
  try {
    assert.ok(setDataOverrides(read.value.files).ok);
    assert.equal(costOfInfantry(), shipped + 6);
  } finally {
    assert.ok(setDataOverrides({}).ok);
  }
  assert.equal(costOfInfantry(), shipped);
});

test('overrides change the data the games read: a rule number (seen also where a phase kept a part of the rules) and a scenario number, then the shipped data again', () => {
  const landCombat = ruleNumbers.landCombat; // as the phases keep it
  const shippedArtillery = landCombat.artilleryPerAttacker;
  const read = readOverrides('great-war', ['rules:landCombat.artilleryPerAttacker=5', 'scenario:nations.germany.treasury=40', 'scenario:nations[2].treasury=100'], 'august-1914');
  assert.ok(read.ok, JSON.stringify(!read.ok && read.error));
  assert.deepEqual(read.value.overrides.map(describeOverride), [
    `data/rules.json $.landCombat.artilleryPerAttacker: ${shippedArtillery} → 5`,
    'data/scenarios/august-1914.json $.nations[0].treasury: 85 → 40',
    'data/scenarios/august-1914.json $.nations[2].treasury: 79 → 100',
  ]);
  // Reading checks the files but leaves the shipped data in force.
  assert.equal(ruleNumbers.landCombat.artilleryPerAttacker, shippedArtillery);
  assert.equal(treasury(opening(), 'germany'), 85);
  const shippedGame = runGame({ ruleset: 'great-war', scenario: 'august-1914', seed: 'o', game: 0, bot: 'random', turns: 1 });
  try {
    assert.ok(setDataOverrides(read.value.files).ok);
    assert.equal(landCombat.artilleryPerAttacker, 5);
    assert.equal(scenarioData('august-1914').nations[0]!.treasury, 40);
    const s = opening();
    assert.equal(treasury(s, 'germany'), 40);
    assert.equal(treasury(s, 'russia'), 100);
    const changed = runGame({ ruleset: 'great-war', scenario: 'august-1914', seed: 'o', game: 0, bot: 'random', turns: 1 });
    assert.notEqual(changed.finalStateHash, shippedGame.finalStateHash, 'the same seed plays another game with other numbers');
  } finally {
    assert.ok(setDataOverrides({}).ok);
  }
  assert.equal(landCombat.artilleryPerAttacker, shippedArtillery);
  assert.equal(treasury(opening(), 'germany'), 85);
});

test('a bad override gets a located error: unknown file, path not there (with the closest key or id), wrong type, a value the schema refuses', () => {
  const bad = (text: string) => {
    const r = readOverrides('great-war', [text], 'august-1914');
    assert.equal(r.ok, false, text);
    return (r as { ok: false; error: { message: string; path?: string; suggestion?: string }[] }).error[0]!;
  };
  let p = bad('rulez:landCombat.artilleryPerAttacker=2');
  assert.match(p.message, /no data file 'rulez'/);
  assert.equal(p.suggestion, 'rules');
  p = bad('rules:landCombat.artilleryPerAtacker=2');
  assert.equal(p.path, '$.landCombat');
  assert.equal(p.suggestion, 'artilleryPerAttacker');
  p = bad('scenario:nations.germny.treasury=80');
  assert.equal(p.path, '$.nations');
  assert.equal(p.suggestion, 'germany');
  p = bad('scenario:nations[99].treasury=80');
  assert.match(p.message, /has \d+ elements, so no \[99\]/);
  p = bad('scenario:nations[0].treasury=lots');
  assert.equal(p.path, '$.nations[0].treasury');
  assert.match(p.message, /is a number \(85\), not a string/);
  p = bad('rules:landCombat.artilleryPerAttacker=0');
  assert.equal(p.path, '$.landCombat.artilleryPerAttacker');
  assert.match(p.message, /data\/rules\.json/);
  p = bad('rules:economy.retoolCost=5');
  assert.match(p.message, /read once when the ruleset loads/);
  p = bad('landCombat.artilleryPerAttacker');
  assert.match(p.message, /write <file>:<path>=<value>/);
  // A refused override leaves the shipped numbers in force.
  const shipped = ruleNumbers.landCombat.artilleryPerAttacker;
  assert.equal(setDataOverrides({ 'data/rule.json': {} }).ok, false);
  assert.equal(setDataOverrides({ 'data/rules.json': { landCombat: { artilleryPerAttacker: 'three' } } }).ok, false);
  assert.equal(ruleNumbers.landCombat.artilleryPerAttacker, shipped);
});

test('paths: keys with dots and list positions in brackets read back as written', () => {
  assert.deepEqual(parsePath('nations[0].treasury'), ['nations', 0, 'treasury']);
  assert.deepEqual(parsePath('landCombat.trenchPenalty.infantry[1]'), ['landCombat', 'trenchPenalty', 'infantry', 1]);
  assert.equal(parsePath(''), undefined);
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/), fc.nat(50)), { minLength: 1, maxLength: 6 }), (keys) => {
      if (typeof keys[0] === 'number') return;
      assert.deepEqual(parsePath(jsonPath(keys).slice(2)), keys);
    }),
  );
});
