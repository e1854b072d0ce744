import assert from 'node:assert/strict';
import { test } from 'node:test';
import { battleOdds } from '@umpire/engine';
import { battleOddsOf, landBattleOdds, type Participant } from '../src/index.js';
import { eventsOf, fight, ownerOf, rollsOf, scene, unitsIn, war } from './helpers.js';

/**
 * AA guns in the land war (decision D-UNIT-9 of docs/great-war/decisions.md): a basic gun rolls once at the enemy
 * aircraft entering its territory and never again; an Improved AA gun also rolls in every round of the land battle
 * while attacking aircraft are there, at them only. Neither rolls at land units, in phase 10 or in its odds.
 */

test('GW-UNIT-06, GW-P10-LAND-12, GW-P10-LAND-13, GW-P10-LAND-14: a basic AA gun fires once at entering aircraft and never at land units', () => {
  const state = scene({ metz: { germany: { infantry: 2, fighter: 1 } }, verdun: { france: { infantry: 1, 'aa-gun': 1 } } });
  // The gun's one roll (10, a miss) is at the fighter as it enters. Round 1: the two infantry, the fighter and the
  // French infantry roll; the fighter then flies home for fuel. Round 2: the infantry on both sides. The gun rolls in neither.
  const events = fight(state, { germany: 'move 2 infantry from Metz to Verdun\nfly 1 fighter from Metz to Verdun\nretreat from Verdun after round 2' }, [10, 10, 10, 10, 10, 10, 10, 10]);
  assert.deepEqual(rollsOf(events), [
    'France AA fire over Verdun: AA gun #1 = 10',
    'Germany attacks Verdun, round 1: infantry #1 = 10',
    'Germany attacks Verdun, round 1: infantry #2 = 10',
    'Germany attacks Verdun, round 1: fighter #1 = 10',
    'France defends Verdun, round 1: infantry #1 = 10',
    'Germany attacks Verdun, round 2: infantry #1 = 10',
    'Germany attacks Verdun, round 2: infantry #2 = 10',
    'France defends Verdun, round 2: infantry #1 = 10',
  ]);
  assert.deepEqual(eventsOf(events, 'battle-round').map((e) => (e['sides'] as { hits: number }[]).map((s) => s.hits)), [
    [0, 0],
    [0, 0],
  ]);
  assert.deepEqual(unitsIn(state, 'verdun'), { 'france infantry': 1, 'france aa-gun': 1 });
});

test('GW-UNIT-06, GW-P10-LAND-13, GW-P10-LAND-16: AA guns alone do not fire at attacking land units, and are lost to their hits like any unit', () => {
  const state = scene({ metz: { germany: { infantry: 2 } }, verdun: { france: { 'aa-gun': 2 } } });
  // Round 1: one hit, taken by France's fictive unit (D-SIM-18); round 2: two hits, both guns lost. Only Germany rolls.
  const events = fight(state, { germany: 'move 2 infantry from Metz to Verdun' }, [1, 10, 1, 1]);
  assert.deepEqual(rollsOf(events), [
    'Germany attacks Verdun, round 1: infantry #1 = 1',
    'Germany attacks Verdun, round 1: infantry #2 = 10',
    'Germany attacks Verdun, round 2: infantry #1 = 1',
    'Germany attacks Verdun, round 2: infantry #2 = 1',
  ]);
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['nation'], e['units']]), [['france', { 'aa-gun': 2 }]]);
  assert.equal(ownerOf(state, 'verdun'), 'germany');
  assert.deepEqual(unitsIn(state, 'verdun'), { 'germany infantry': 2 });
});

test('GW-TECH-24, GW-P10-LAND-13: an Improved AA gun fires in every round only while attacking aircraft are there, and only at them', () => {
  const state = scene({ metz: { germany: { infantry: 2, fighter: 1 } }, verdun: { france: { infantry: 1, 'aa-gun': 1 } } });
  state.nations.find((n) => n.id === 'france')!.tech['improved-aa-guns'] = 1;
  // Entry roll 3 misses at 2. Round 1: the normal dice (the gun has none), then the gun's round die at the fighter, a
  // miss; the fighter flies home. Round 2 has no aircraft: the gun does not roll. A 1 from the gun would have downed
  // the fighter, never an infantry unit.
  const events = fight(state, { germany: 'move 2 infantry from Metz to Verdun\nfly 1 fighter from Metz to Verdun\nretreat from Verdun after round 2' }, [3, 10, 10, 10, 10, 10, 10, 10, 10]);
  assert.deepEqual(rollsOf(events), [
    'France AA fire over Verdun: AA gun #1 = 3',
    'Germany attacks Verdun, round 1: infantry #1 = 10',
    'Germany attacks Verdun, round 1: infantry #2 = 10',
    'Germany attacks Verdun, round 1: fighter #1 = 10',
    'France defends Verdun, round 1: infantry #1 = 10',
    'France AA fire over Verdun, round 1: AA gun #1 = 10',
    'Germany attacks Verdun, round 2: infantry #1 = 10',
    'Germany attacks Verdun, round 2: infantry #2 = 10',
    'France defends Verdun, round 2: infantry #1 = 10',
  ]);
  // Against land units alone an Improved AA gun has no die at all.
  const ground = scene({ metz: { germany: { infantry: 1 } }, verdun: { france: { infantry: 1, 'aa-gun': 1 } } });
  ground.nations.find((n) => n.id === 'france')!.tech['improved-aa-guns'] = 1;
  const plain = fight(ground, { germany: 'move 1 infantry from Metz to Verdun\nretreat from Verdun after round 1' }, [10, 10]);
  assert.deepEqual(rollsOf(plain), ['Germany attacks Verdun, round 1: infantry #1 = 10', 'France defends Verdun, round 1: infantry #1 = 10']);
});

test('GW-P10-LAND-13, GW-UNIT-06, D-SIM-26: the odds give AA guns no die against land units, in the calculator and in the battle event', () => {
  // Two German infantry (3) against a French infantry (5) and an AA gun, which is lost first (the cheaper) and never rolls.
  const expected = battleOdds(
    { size: 2, absorber: true, fire: (alive) => [{ value: 3, dice: alive }] },
    { size: 2, absorber: true, fire: () => [{ value: 5 }] },
  );
  const a = battleOddsOf({ attacker: '2 infantry', defender: '1 infantry, 1 AA gun' });
  if (!a.ok) assert.fail(JSON.stringify(a.error));
  assert.equal(a.value.exact, true);
  assert.ok(Math.abs(a.value.attackerWin - expected.attackerWins) < 1e-12, `calculator: ${a.value.attackerWin}, expected ${expected.attackerWins}`);
  assert.ok(Math.abs(a.value.defenderWin - expected.defenderHolds) < 1e-12, `calculator: ${a.value.defenderWin}, expected ${expected.defenderHolds}`);
  // The same battle on the board, as phase 10 computes the odds of its 'battle' event.
  const state = scene({ verdun: { germany: { infantry: 2 }, france: { infantry: 1, 'aa-gun': 1 } } });
  war(state, 'germany', 'france');
  const participants: Participant[] = state.board.units
    .filter((u) => u.at === 'verdun')
    .map((u) => (u.nation === 'france' ? { unit: u.id, role: 'defender' } : { unit: u.id, role: 'ground', from: 'metz' }));
  const o = landBattleOdds(state, { area: 'verdun', holder: 'france', participants }, { losses: new Map() });
  assert.ok(Math.abs(o.attacker - expected.attackerWins) < 1e-12, `battle event: ${o.attacker}, expected ${expected.attackerWins}`);
});
