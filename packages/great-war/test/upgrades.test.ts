import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attackValue, defenseOf, manpowerLimit, technologyTable, unitStats, type GreatWarState } from '../src/index.js';
import { upgradePrice, upgradeSpec, upgradesInvariants, upgradesSections } from '../src/p02-technology/upgrades.js';
import { lacksOf, statsOfUnit } from '../src/base/units.js';
import { describeEvent } from '../src/views/report.js';
import { theWorld } from '../src/data/world.js';
import { eventsOf, must, nation, openingState, parseFor, refusalOf, runPhases, scene, step } from './helpers.js';

// Phase 2 run directly: research (one die each attempt, 9 or 10 succeeds), then the upgrades phase.

const WIN = 10;
const serbianInfantry = (s: GreatWarState) => s.board.units.filter((u) => u.nation === 'serbia' && u.type === 'infantry');

test('GW-P02-TECH-04 D-UPG-1: an automatic advance (Chemical Warfare) reaches the units in play at once, for nothing', () => {
  const state = openingState();
  const inf = serbianInfantry(state)[0]!;
  const before = statsOfUnit(state, inf).attack!;
  const events = runPhases(state, { serbia: 'research chemical warfare' }, [WIN], 'technology', 'upgrades');
  assert.equal(statsOfUnit(state, inf).attack, before + 1);
  assert.deepEqual(lacksOf(state, inf.id), {});
  assert.equal(eventsOf(events, 'unit-upgrade-automatic').length, 1);
  assert.equal(eventsOf(events, 'unit-upgrade-due').length, 0);
  assert.equal(nation(state, 'serbia').treasury, openingState().nations.find((n) => n.id === 'serbia')!.treasury - 10, 'only the research is paid');
});

test('GW-P02-TECH-05 GW-P02-TECH-06 GW-P02-TECH-07 D-UPG-1 D-UPG-3: a paid advance (Improved Weapons) reaches the units in play only when all are paid for at once; new units have it', () => {
  const state = openingState();
  const infantry = serbianInfantry(state);
  const inf = infantry[0]!;
  const old = { attack: statsOfUnit(state, inf).attack!, defense: statsOfUnit(state, inf).defense! };
  // Ordered in the same turn as the research, the upgrade is refused: nothing lacks it yet (D-UPG-3).
  assert.equal(refusalOf(state, 'serbia', 'research weapons\nupgrade infantry').code, 'nothing-to-upgrade');
  const events = runPhases(state, { serbia: 'research weapons' }, [WIN], 'technology', 'upgrades');
  const due = eventsOf(events, 'unit-upgrade-due');
  assert.equal(due.length, 1);
  assert.deepEqual([due[0]!['units'], due[0]!['each'], due[0]!['price']], [infantry.length, 1, infantry.length]);
  // The units in play keep their old numbers, in the land battle too; a unit bought now has the advance and costs 1 more.
  assert.deepEqual(lacksOf(state, inf.id), { 'improved-weapons': [1] });
  assert.equal(statsOfUnit(state, inf).attack, old.attack);
  assert.equal(attackValue(state, theWorld(), inf, undefined, 'belgrade', false, 0), old.attack);
  assert.equal(defenseOf(state, inf, 'belgrade').value, old.defense);
  const fresh = { id: 'serbia-new', nation: 'serbia', type: 'infantry', at: 'belgrade', damage: 0 };
  state.board.units.push(fresh);
  assert.equal(statsOfUnit(state, fresh).attack, old.attack + 1, 'GW-P02-TECH-07: a unit placed after the advance has it');
  assert.equal(unitStats(state, 'serbia', 'infantry').cost, 6, 'and a new infantry costs 5 + 1');
  // Next turn: 50 infantry, +1 each, 50 resources — here one per Serbian infantry in play, the new one excepted.
  assert.deepEqual(upgradePrice(state, nation(state, 'serbia'), 'infantry'), { units: infantry.length, price: infantry.length });
  assert.deepEqual(upgradesSections(state, 'serbia'), [
    { title: 'Units in play without their paid advances', table: { columns: ['Unit', 'Units', 'Upgrade cost'], rows: [['Infantry', infantry.length, infantry.length]] } },
  ]);
  assert.deepEqual(upgradesSections(state, 'germany'), [], 'only the nation concerned sees it, and only when it has something to upgrade');
  assert.match(describeEvent(due[0]!) ?? '', /^Serbia's 12 infantry in play lack Improved Weapons \(advance 1\) until upgraded: 1 each, 12 for all\.$/);
  nation(state, 'serbia').treasury = 40;
  const treasury = nation(state, 'serbia').treasury;
  const paid = runPhases(state, { serbia: 'upgrade infantry' }, [], 'technology', 'upgrades');
  assert.equal(nation(state, 'serbia').treasury, treasury - infantry.length);
  assert.deepEqual(eventsOf(paid, 'unit-upgrade').map((e) => [e['units'], e['price']]), [[infantry.length, infantry.length]]);
  assert.equal(describeEvent(eventsOf(paid, 'unit-upgrade')[0]!), 'Serbia upgrades its 12 infantry in play to its advances, for 12.');
  assert.equal(statsOfUnit(state, inf).attack, old.attack + 1);
  assert.equal(defenseOf(state, inf, 'belgrade').value, old.defense + 1);
  assert.equal(refusalOf(state, 'serbia', 'upgrade infantry').code, 'nothing-to-upgrade', 'nothing left to upgrade');
});

test('GW-P02-TECH-04 D-UPG-1: a new-only advance (Aircraft Carriers 1) changes no unit in play and leaves nothing to upgrade', () => {
  const state = openingState();
  const events = runPhases(state, { britain: 'research aircraft carriers' }, [WIN], 'technology', 'upgrades');
  assert.equal(nation(state, 'britain').tech['aircraft-carriers'], 1);
  assert.equal(eventsOf(events, 'unit-upgrade-due').length + eventsOf(events, 'unit-upgrade-automatic').length, 0);
  assert.deepEqual(state.politics.upgrades, { lacking: {}, pending: [] });
  assert.equal(refusalOf(state, 'britain', 'upgrade carrier').code, 'nothing-to-upgrade');
});

test('GW-P02-TECH-04 GW-P02-TECH-05 D-UPG-1: every advance of the data says what it does for units in play: paid when it raises a unit cost, new-only when it unlocks a build, automatic otherwise', () => {
  const seen = new Set<string>();
  for (const tech of technologyTable().list) {
    for (const a of tech.advances) {
      for (const adv of [a, ...(a.ifAlreadyBuildable ? [a.ifAlreadyBuildable] : [])]) {
        const unlocks = adv.effects.some((e) => e.kind === 'may-build');
        const raises = adv.effects.some((e) => e.kind === 'stats' && (e.cost ?? 0) > 0);
        assert.equal(adv.existing, unlocks ? 'new-only' : raises ? 'paid' : 'automatic', `${tech.id}: ${adv.text}`);
        seen.add(adv.existing);
      }
    }
  }
  assert.deepEqual([...seen].sort(), ['automatic', 'new-only', 'paid']);
  // The tank prototypes' 1st advance (-2 cost, +1 attack) reaches their tanks at once.
  assert.equal(technologyTable().byId.get('tanks')!.advances[0]!.ifAlreadyBuildable?.existing, 'automatic');
});

test('D-UPG-2: a unit lacking a paid advance has none of its numbers nor abilities: 2 hits for a battleship, no breakthrough for a tank', () => {
  const state = scene({ berlin: { germany: { tank: 1 } } });
  const germany = nation(state, 'germany');
  germany.tech['tanks'] = 4;
  germany.tech['improved-battleships'] = 1;
  const tank = state.board.units.find((u) => u.id === 'germany-t1')!;
  const bb = state.board.units.find((u) => u.nation === 'germany' && u.type === 'battleship')!;
  assert.ok(statsOfUnit(state, tank).abilities.includes('breakthrough'));
  assert.equal(statsOfUnit(state, bb).hits, 3);
  state.politics.upgrades.lacking[tank.id] = { tanks: [3, 4] };
  state.politics.upgrades.lacking[bb.id] = { 'improved-battleships': [1] };
  assert.ok(!statsOfUnit(state, tank).abilities.includes('breakthrough'));
  assert.equal(statsOfUnit(state, tank).attack, unitStats(state, 'germany', 'tank').attack! - 2);
  assert.equal(statsOfUnit(state, bb).hits, 2);
  assert.equal(statsOfUnit(state, bb).shoreBombardment, unitStats(state, 'germany', 'battleship').shoreBombardment! - 1);
  // The price of a type: its advances' per-unit extra costs (tanks 3 and 4: 1 + 2).
  assert.deepEqual(upgradePrice(state, germany, 'tank'), { units: 1, price: 3 });
});

test('GW-TECH-06 D-UPG-4: Troop Mechanization raises the manpower limit by 30% and gives infantry no extra movement', () => {
  const state = openingState();
  const russia = nation(state, 'russia');
  const limit = manpowerLimit(russia);
  const inf = state.board.units.find((u) => u.nation === 'russia' && u.type === 'infantry')!;
  const move = statsOfUnit(state, inf).move;
  runPhases(state, { russia: 'research mechanization' }, [WIN], 'technology', 'upgrades');
  assert.equal(russia.tech['troop-mechanization'], 1);
  assert.equal(manpowerLimit(russia), Math.ceil((russia.manpower[0]!.limit * 130) / 100));
  assert.ok(manpowerLimit(russia) > limit);
  assert.equal(statsOfUnit(state, inf).move, move);
  assert.equal(unitStats(state, 'russia', 'infantry').move, move);
});

test('O-130 D-UPG-3: bad upgrade orders are refused where they are, with a suggestion, and change nothing', () => {
  const state = openingState();
  const unknown = refusalOf(state, 'serbia', 'upgrade wizards');
  assert.deepEqual([unknown.code, unknown.line, unknown.column], ['unknown-unit', 1, 9]);
  assert.equal(refusalOf(state, 'serbia', 'upgrade').code, 'bad-upgrade');
  // A JSON order: the unit field is checked with its path.
  const checked = upgradeSpec.checkJson({ kind: 'upgrade', unit: 'infantri', at: 'x' }, ['orders', 0], { state, seat: 'serbia', step }, nation(state, 'serbia'));
  assert.ok(Array.isArray(checked));
  assert.deepEqual(
    (checked as { code: string; path?: string; suggestion?: string }[]).map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-field', '$.orders[0].at', undefined],
      ['unknown-unit', '$.orders[0].unit', 'infantry'],
    ],
  );
  // Too dear, and twice: the second is refused.
  for (const u of serbianInfantry(state)) state.politics.upgrades.lacking[u.id] = { 'improved-weapons': [1] };
  nation(state, 'serbia').tech['improved-weapons'] = 1;
  nation(state, 'serbia').treasury = 3;
  assert.equal(refusalOf(state, 'serbia', 'upgrade infantry').code, 'not-enough-resources');
  nation(state, 'serbia').treasury = 100;
  assert.equal(refusalOf(state, 'serbia', 'upgrade infantry\nupgrade inf').code, 'duplicate-upgrade');
  const ok = must(parseFor(state, 'serbia', 'upgrade infantry'));
  assert.deepEqual(ok.orders, [{ kind: 'upgrade', unit: 'infantry' }]);
  assert.equal(upgradeSpec.format(ok.orders[0] as never), 'upgrade infantry');
});

test('D-UPG-2: the invariants name a unit recorded as lacking an advance its nation has not made, or one that is not a paid upgrade', () => {
  const state = openingState();
  const inf = serbianInfantry(state)[0]!;
  assert.deepEqual(upgradesInvariants(state), []);
  state.politics.upgrades.lacking[inf.id] = { 'improved-weapons': [1], 'chemical-warfare': [1] };
  nation(state, 'serbia').tech['chemical-warfare'] = 1;
  assert.deepEqual(upgradesInvariants(state), [
    `unit ${inf.id} lacks Improved Weapons advance 1, which Serbia has not made`,
    `unit ${inf.id} lacks Chemical Warfare advance 1, which is not a paid upgrade`,
  ]);
});
