import assert from 'node:assert/strict';
import test from 'node:test';
import { installed, rulesetById, rulesets, toolOf, toolsOf } from '../src/index.js';

test('the registry lists every installed ruleset once, by id, with the tools it has', () => {
  const ids = installed.map((t) => t.ruleset.id);
  assert.deepEqual(ids, [...new Set(ids)], 'no ruleset twice');
  assert.deepEqual(Object.keys(rulesets), ids);
  assert.ok(ids.includes('great-war'));
  const greatWar = toolsOf('great-war')!;
  assert.equal(greatWar.ruleset, rulesets['great-war']);
  assert.ok(greatWar.map && greatWar.data && greatWar.odds, 'the Great War draws maps, checks its data and gives odds');
  assert.ok(
    greatWar.map.sheets.some((s) => s.id === greatWar.map!.defaultSheet),
    'the printed sheet is one of the sheets',
  );
  assert.equal(toolsOf('nowhere'), undefined);
});

test('an unknown ruleset is refused with the closest name; a tool a ruleset lacks names the rulesets that have it', () => {
  const wrong = rulesetById('great-wat');
  assert.equal(wrong.ok, false);
  if (!wrong.ok) {
    assert.equal(wrong.suggestion, 'great-war');
    assert.match(wrong.message, /no ruleset 'great-wat'/);
  }
  const odds = toolOf('great-war', 'odds', 'odds calculator');
  assert.ok(odds.ok && odds.value.flags.some((f) => f.flags.startsWith('--attacker')));
  const missing = toolOf('great-wat', 'map', 'map');
  assert.equal(missing.ok, false);
  if (!missing.ok) assert.equal(missing.suggestion, 'great-war');
});

test('the map tool draws the opening and a state on each sheet it offers', () => {
  const { map, ruleset } = toolsOf('great-war')!;
  const opening = ruleset.setup(ruleset.defaultScenario, {});
  assert.ok(opening.ok);
  for (const sheet of map!.sheets) {
    const drawn = map!.draw(opening.value, { title: `sheet ${sheet.id}`, sheet: sheet.id, width: 400 });
    assert.ok(drawn.ok && drawn.value.startsWith('<svg') && drawn.value.includes(`sheet ${sheet.id}`), sheet.id);
  }
  const first = map!.opening({ width: 400 });
  assert.ok(first.ok && first.value.includes('August 1914'));
});
