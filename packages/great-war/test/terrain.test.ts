import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioBoard, scenarioData, terrainRules, theWorld, unitTable } from '../src/index.js';

/**
 * The special territories' data (data/terrain.json). Movement and combat read these rules; here the data is
 * asserted fact by fact, and the starting-forces check shows the entry bans at work.
 */
const forcesFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'scenarios', 'august-1914-forces.json');
const withStack = (stack: object) => {
  const forces = JSON.parse(readFileSync(forcesFile, 'utf8'));
  forces.forces.push(stack);
  return scenarioBoard(theWorld(), scenarioData('august-1914'), unitTable(), forces, 'forces.json');
};

test('GW-TERR-10 and GW-TERR-12 and GW-TERR-13 and GW-TERR-11: Switzerland bars artillery and aircraft below fuel 5, lets none land, and its infantry defend at 8', () => {
  const ch = terrainRules['switzerland']!;
  assert.deepEqual(ch.barred, ['artillery']);
  assert.equal(ch.aircraftMinFuel, 5);
  assert.equal(ch.aircraftMayLand, false);
  assert.equal(ch.infantryDefense, 8);
  const refused = withStack({ nation: 'switzerland', area: 'switzerland', units: { artillery: 1 } });
  assert.ok(!refused.ok && refused.error.some((p) => /artillery may not enter Switzerland/.test(p.message)));
  assert.ok(withStack({ nation: 'switzerland', area: 'switzerland', units: { infantry: 1 } }).ok);
});

test('GW-TERR-14 and GW-TERR-15: Afghanistan bars artillery and its infantry defend at 7', () => {
  const af = terrainRules['afghanistan']!;
  assert.deepEqual(af.barred, ['artillery']);
  assert.equal(af.infantryDefense, 7);
  const refused = withStack({ nation: 'afghanistan', area: 'afghanistan', units: { artillery: 1 } });
  assert.ok(!refused.ok && refused.error.some((p) => /artillery may not enter Afghanistan/.test(p.message)));
});

test('GW-TERR-23 and GW-TERR-24 and GW-TERR-25 and GW-TERR-26: Tibet bars artillery, tanks and every aircraft, and gives its infantry no bonus', () => {
  const tb = terrainRules['tibet']!;
  assert.deepEqual([...tb.barred].sort(), ['artillery', 'bomber', 'fighter', 'tank']);
  assert.equal(tb.infantryDefense, undefined, 'infantry defend at their normal value');
  for (const type of ['tank', 'fighter']) {
    const refused = withStack({ nation: 'tibet', area: 'tibet', units: { [type]: 1 } });
    assert.ok(!refused.ok && refused.error.some((p) => p.message.includes(`${type} may not enter Tibet`)), type);
  }
});

test('GW-TERR-08: each infantry unit defending Gibraltar rolls 3 dice', () => {
  assert.equal(terrainRules['gibraltar']!.infantryDefenseDice, 3);
  assert.ok(theWorld().territory.get('gibraltar')!.terrain.includes('fortress'));
});

test('the special territories are the mountains of the map, and every rule names a real territory and unit types', () => {
  const world = theWorld();
  for (const [id, rules] of Object.entries(terrainRules)) {
    assert.ok(world.territory.has(id), id);
    for (const type of rules.barred) assert.ok(unitTable().byId.has(type as never), `${id}: ${type}`);
  }
  for (const id of ['switzerland', 'afghanistan', 'tibet']) assert.ok(world.territory.get(id)!.terrain.includes('mountain'), id);
});
