import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameEvent } from '@umpire/engine';
import {
  airCombatValue,
  defenseOf,
  fuelOf,
  greatWar,
  linkFuel,
  theWorld,
} from '../src/index.js';
import { eventsOf, ordersFor, ownerOf, parseFor, scene, step, unitsIn, fight, refusalOf, rollsOf, landingsOf, midTurnLandInvariants } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: phases 8, 9 and 10 with typed orders and scripted dice.


const rolls = rollsOf;
const landings = landingsOf;
const refusal = refusalOf;
const between = midTurnLandInvariants;
const world = theWorld();

// ---------------------------------------------------------------------------------------------------------------
// Fuel and flights (phase 8).

test('GW-UNIT-47, GW-UNIT-49, GW-UNIT-53, GW-P08-LANDMOVE-01 (D-AIR-1, D-AIR-3): aircraft move by fuel in phase 8, 1 into a land territory, 2 into or out of a sea zone', () => {
  assert.equal(linkFuel(world, 'metz', 'nancy'), 1);
  assert.equal(linkFuel(world, 'london', 'english-channel'), 2);
  assert.equal(linkFuel(world, 'english-channel', 'london'), 2);
  const state = scene({ cologne: { germany: { fighter: 1 } } });
  assert.equal(fuelOf(state, 'germany', 'fighter'), 3);
  const events = fight(state, { germany: 'fly 1 fighter from Cologne to Strasbourg via Metz' }, []);
  assert.deepEqual(
    eventsOf(events, 'flight').map((e) => [e['from'], e['to'], e['path'], e['fuel']]),
    [['cologne', 'strasbourg', ['cologne', 'metz', 'strasbourg'], 2]],
  );
  assert.deepEqual(unitsIn(state, 'strasbourg')['germany fighter'], 1);
  assert.deepEqual(between(state), []);
  // Three land territories take 3 fuel; a fourth is beyond a 1914 fighter.
  const far = scene({ cologne: { germany: { fighter: 1 } } });
  const tooFar = refusal(far, 'germany', 'fly 1 fighter from Cologne to Posen');
  assert.equal(tooFar.code, 'too-far');
  assert.match(tooFar.message, /have 3 fuel; Cologne to Posen takes 4/);
  // Crossing the Channel costs 2 out of London and 2 into France: 4 fuel, more than a fighter of 1914 has.
  const channel = scene({ london: { britain: { fighter: 1 } } });
  const c = refusal(channel, 'britain', 'fly 1 fighter from London to Amiens');
  assert.equal(c.code, 'too-far');
  assert.match(c.message, /3 fuel/);
});

test('D-AIR-2: aircraft never fly over a neutral territory; a flight names its way with via, or takes the cheapest', () => {
  const state = scene({ cologne: { germany: { fighter: 1 } } });
  const r = refusal(state, 'germany', 'fly 1 fighter from Cologne to Metz via Luxembourg');
  assert.equal(r.code, 'blocked-path');
  assert.match(r.message, /Luxembourg/);
  assert.equal(refusal(state, 'germany', 'fly 1 fighter from Cologne to Luxembourg').code, 'not-at-war');
});

test('GW-P10-LAND-21, GW-UNIT-52 (D-AIR-3): an attack is refused when the aircraft could not fight a round and still reach a friendly territory', () => {
  const state = scene({ metz: { germany: { fighter: 1 } } });
  // Metz to Reims is 2, a round 1, and the nearest German ground from Reims is 2 away: 5 fuel, a fighter has 3.
  const r = refusal(state, 'germany', 'fly 1 fighter from Metz to Reims via Verdun');
  assert.equal(r.code, 'no-fuel-to-return');
  assert.match(r.message, /3 fuel: 2 to reach Reims and 1 for a round of combat leave 0/);
  assert.ok(parseFor(state, 'germany', 'fly 1 fighter from Metz to Verdun').ok);
});

test('fly and intercept orders: text and JSON both ways, located errors with suggestions', () => {
  const state = scene({ metz: { germany: { fighter: 2, infantry: 1 } } });
  const text = 'fly 2 fighters from Metz to Verdun land at Strasbourg\nintercept not over Metz\nintercept everywhere';
  const orders = ordersFor(state, 'germany', text);
  assert.deepEqual(orders.orders, [
    { kind: 'fly', from: 'metz', to: 'verdun', units: { fighter: 2 }, land: 'strasbourg' },
    { kind: 'intercept', intercept: false, over: 'metz' },
    { kind: 'intercept', intercept: true },
  ]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'germany', step }), `${text}\n`);
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'germany', step }).ok);
  const typo = refusal(state, 'germany', 'fly 2 fightrs from Metz to Verdun');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['unknown-unit', 1, 7, 'Fighter']);
  const land = refusal(state, 'germany', 'fly 1 infantry from Metz to Verdun');
  assert.match(land.message, /only fighters and bombers fly; land units take 'move' orders/);
  const moveAir = refusal(state, 'germany', 'move 1 fighter from Metz to Verdun');
  assert.match(moveAir.message, /aircraft fly: 'fly 2 fighters from Metz to Verdun'/);
  const json = greatWar.checkOrders({ orders: [{ kind: 'intercept', intercept: 'yes', ovr: 'metz' }] }, { state, seat: 'germany', step });
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-field', '$.orders[0].ovr', 'over'],
      ['intercept-yes-no', '$.orders[0].intercept', undefined],
    ],
  );
  assert.equal(refusal(state, 'germany', 'fly 1 fighter from Metz to Strasbourg land at Cologne').code, 'land-at-transfer');
  assert.equal(refusal(state, 'germany', 'fly 2 fighters from Metz to Verdun\nfly 1 fighter from Metz to Nancy').code, 'not-enough-units');
});

// ---------------------------------------------------------------------------------------------------------------
// AA fire, air combat (phase 9).

test('GW-UNIT-06, GW-UNIT-07, GW-UNIT-08, GW-UNIT-09, GW-UNIT-51, GW-P10-LAND-12, GW-P10-LAND-13 (D-AIR-4, D-UNIT-9): each AA gun rolls once at the aircraft entering, before any other combat, and not in the rounds; downed aircraft do not attack', () => {
  const state = scene({ metz: { germany: { infantry: 1, fighter: 3 } }, verdun: { france: { infantry: 1, 'aa-gun': 2 } } });
  // AA: two dice, not three; both hit (a roll of 1 at AA's 1). The one fighter left attacks with the infantry; the guns
  // have no die in the round.
  const events = fight(state, { germany: 'move 1 infantry from Metz to Verdun\nfly 3 fighters from Metz to Verdun\nretreat from Verdun after round 1' }, [1, 1, 10, 10, 10]);
  assert.deepEqual(rolls(events).slice(0, 2), ['France AA fire over Verdun: AA gun #1 = 1', 'France AA fire over Verdun: AA gun #2 = 1']);
  assert.deepEqual(eventsOf(events, 'aa-fire').map((e) => [e['area'], e['guns'], e['hits'], e['lost']]), [['verdun', 2, 2, 2]]);
  assert.deepEqual(rolls(events).slice(2), [
    'Germany attacks Verdun, round 1: infantry #1 = 10',
    'Germany attacks Verdun, round 1: fighter #1 = 10',
    'France defends Verdun, round 1: infantry #1 = 10',
  ]);
  // The AA free roll costs no fuel: the surviving fighter fights round 1 with 2 fuel and then must go home.
  assert.deepEqual(landings(events), ['germany {"fighter":1} verdun -> metz (fuel)']);
  assert.deepEqual(between(state), []);
});

test('GW-P09-AIR-12 (D-AIR-4): aircraft flying over an enemy territory with AA guns take one round of its fire', () => {
  const state = scene({ metz: { germany: { fighter: 1 } }, nancy: { france: { infantry: 1, 'aa-gun': 1 } } });
  const events = fight(state, { germany: 'fly 1 fighter from Metz to Strasbourg via Nancy' }, [1]);
  assert.deepEqual(rolls(events), ['France AA fire over Nancy: AA gun #1 = 1']);
  assert.equal(eventsOf(events, 'losses').length, 1);
  assert.equal(unitsIn(state, 'strasbourg')['germany fighter'], undefined);
});

test('GW-P09-AIR-01, GW-P09-AIR-02, GW-P09-AIR-03, GW-P09-AIR-05, GW-P09-AIR-06, GW-P09-AIR-07, GW-P09-AIR-08, GW-COMBAT-02 (D-AIR-5, D-AIR-6): defending fighters intercept; both sides roll their attack values; hits remove aircraft, after the fictive unit; a round costs 1 fuel', () => {
  const state = scene({ metz: { germany: { fighter: 2 } }, nancy: { france: { infantry: 1, fighter: 1 } } });
  // Air round 1: German fighters 3 and 2 (attack 3: two hits), the French fighter 2 (a hit). Each side's fictive unit
  // takes the first hit against it (D-COMBAT-1): the French fighter falls, no German one.
  const events = fight(state, { germany: 'fly 2 fighters from Metz to Nancy' }, [3, 2, 2]);
  assert.deepEqual(rolls(events), ['Germany attacks over Nancy, air round 1: fighter #1 = 3', 'Germany attacks over Nancy, air round 1: fighter #2 = 2', 'France intercepts over Nancy, air round 1: fighter #1 = 2']);
  assert.deepEqual(eventsOf(events, 'air-combat-round').map((e) => e['sides']), [
    [
      { role: 'attacker', nations: ['germany'], hits: 2, absorbed: 1, lost: 0 },
      { role: 'interceptor', nations: ['france'], hits: 1, absorbed: 1, lost: 1 },
    ],
  ]);
  // The German fighters have 1 fuel after the round: they must go home, and so miss the land battle.
  assert.deepEqual(landings(events), ['germany {"fighter":2} nancy -> metz (fuel)']);
  assert.deepEqual(eventsOf(events, 'no-battle').map((e) => e['area']), ['nancy']);
  assert.deepEqual(unitsIn(state, 'nancy'), { 'france infantry': 1 });
  assert.deepEqual(unitsIn(state, 'metz'), { 'germany fighter': 2 });
});

test('GW-P09-AIR-04, GW-UNIT-59, GW-P09-AIR-09, GW-P09-AIR-11 (D-AIR-6): bombers fight at 1 in the air; interceptors may spend all their fuel; rounds repeat while both sides fly', () => {
  const state = scene({ metz: { germany: { bomber: 1 } }, nancy: { france: { infantry: 1, fighter: 1 } } });
  assert.equal(airCombatValue(state, 'germany', 'bomber'), 1);
  assert.equal(airCombatValue(state, 'france', 'fighter'), 3);
  // The bomber has 5 fuel: 1 to reach Nancy, then rounds while it keeps 1 to fly home. The French fighter's 3 fuel allow 3 rounds.
  const events = fight(state, { germany: 'fly 1 bomber from Metz to Nancy', france: 'intercept over Nancy' }, [2, 10, 2, 10, 2, 10]);
  assert.equal(eventsOf(events, 'air-combat-round').length, 3);
  assert.deepEqual(rolls(events)[0], 'Germany attacks over Nancy, air round 1: bomber #1 = 2');
  // After three rounds the bomber has 1 fuel left: it goes home; the French fighter, out of fuel, lands where it is.
  assert.deepEqual(landings(events), ['germany {"bomber":1} nancy -> metz (fuel)']);
  assert.deepEqual(unitsIn(state, 'nancy'), { 'france infantry': 1, 'france fighter': 1 });
});

test('GW-P09-AIR-10 (D-AIR-7): the attacker may turn back after an air round; a standing retreat order for the territory when outnumbered does it', () => {
  const state = scene({ metz: { germany: { bomber: 1 } }, nancy: { france: { infantry: 1, fighter: 2 } } });
  const events = fight(state, { germany: 'fly 1 bomber from Metz to Nancy\nretreat from Nancy when outnumbered' }, [10, 10, 10]);
  assert.equal(eventsOf(events, 'air-combat-round').length, 1);
  assert.deepEqual(landings(events), ['germany {"bomber":1} nancy -> metz (retreat)']);
});

test('GW-P09-AIR-01 (D-AIR-5): fighters may let attackers pass; then the attackers join the land battle', () => {
  const state = scene({ metz: { germany: { infantry: 1, fighter: 1 } }, nancy: { france: { infantry: 1, fighter: 1 } } });
  const events = fight(state, { germany: 'fly 1 fighter from Metz to Nancy\nmove 1 infantry from Metz to Nancy\nretreat from Nancy after round 1', france: 'intercept nowhere' }, [10, 10, 10, 10, 10]);
  assert.deepEqual(eventsOf(events, 'no-interception').map((e) => [e['area'], e['nation']]), [['nancy', 'france']]);
  assert.equal(eventsOf(events, 'air-combat').length, 0);
  assert.deepEqual(rolls(events), [
    'Germany attacks Nancy, round 1: infantry #1 = 10',
    'Germany attacks Nancy, round 1: fighter #1 = 10',
    'France defends Nancy, round 1: infantry #1 = 10',
    'France defends Nancy, round 1: fighter #1 = 10',
    'France defends Nancy, round 1: city = 10',
  ]);
});

test('GW-P09-AIR-14, GW-TRENCH-20 (D-AIR-8): intercepted aircraft fight the air combat at full value across a trench, even across a super trench', () => {
  const state = scene({ metz: { germany: { fighter: 1 } }, nancy: { france: { infantry: 2, fighter: 1 } } });
  state.board.trenches.push({ nation: 'france', territory: 'nancy', facing: 'metz', super: true });
  const events = fight(state, { germany: 'fly 1 fighter from Metz to Nancy' }, [3, 10]);
  // A roll of 3 hits at the fighter's full attack of 3: the trench does not count in the air. (France's fictive unit takes the hit.)
  assert.deepEqual(eventsOf(events, 'air-combat-round').map((e) => (e['sides'] as { hits: number }[])[0]!.hits), [1]);
  assert.deepEqual(unitsIn(state, 'nancy'), { 'france infantry': 2, 'france fighter': 1 });
});

// ---------------------------------------------------------------------------------------------------------------
// Aircraft in land combat (phase 10).

test('GW-P10-LAND-05, GW-P10-LAND-19, GW-P10-LAND-20, GW-UNIT-50, GW-UNIT-60 (D-AIR-9): attacking aircraft join the land battle with 2 fuel or more, spend 1 a round, and leave in time to land', () => {
  const state = scene({ metz: { germany: { bomber: 1, infantry: 2 } }, verdun: { france: { infantry: 3 } } });
  // The bomber (attack 4, fuel 5) arrives with 4: rounds 1, 2 and 3, then it has 1 left and flies home; the infantry fight on.
  const dice = Array.from({ length: 3 * 6 + 5 }, () => 10);
  const events = fight(state, { germany: 'fly 1 bomber from Metz to Verdun\nmove 2 infantry from Metz to Verdun\nretreat from Verdun after round 4' }, dice);
  assert.equal(eventsOf(events, 'battle-round').length, 4);
  const bomberRolls = rolls(events).filter((r) => r.includes('bomber'));
  assert.deepEqual(bomberRolls.map((r) => r.replace(/: .*/, '').replace(/.*round /, 'round ')), ['round 1', 'round 2', 'round 3']);
  assert.deepEqual(landings(events), ['germany {"bomber":1} verdun -> metz (fuel)']);
});

test('GW-UNIT-56, GW-UNIT-57 (D-AIR-10): against aircraft alone, defenders without AA or a trench lose 3 defence (never below 1); a trench or an AA gun spares them', () => {
  const bare = scene({ metz: { germany: { fighter: 1 } }, nancy: { france: { infantry: 1 } } });
  const events = fight(bare, { germany: 'fly 1 fighter from Metz to Nancy' }, [10, 3, 10]);
  // French infantry defend at 5 - 3 = 2: a 3 misses. (Nancy's city rolls at 1 as ever.)
  assert.deepEqual(rolls(events), ['Germany attacks Nancy, round 1: fighter #1 = 10', 'France defends Nancy, round 1: infantry #1 = 3', 'France defends Nancy, round 1: city = 10']);
  const defenderHits = (list: readonly GameEvent[]) => eventsOf(list, 'battle-round').map((e) => (e['sides'] as { hits: number }[])[1]!.hits);
  assert.deepEqual(defenderHits(events), [0]);
  assert.equal(defenseOf(bare, { nation: 'france', type: 'infantry' }, 'nancy', true).value, 2);
  assert.equal(defenseOf(bare, { nation: 'france', type: 'infantry' }, 'nancy').value, 5);
  assert.equal(defenseOf(bare, { nation: 'switzerland', type: 'infantry' }, 'switzerland', true).value, 5);
  assert.equal(defenseOf(bare, { nation: 'france', type: 'aa-gun' }, 'nancy', true).value, 1, 'never below 1');
  // With a trench in Nancy (facing anywhere), the infantry keep their 5: the 3 hits.
  const dug = scene({ metz: { germany: { fighter: 1 } }, nancy: { france: { infantry: 1 } } });
  dug.board.trenches.push({ nation: 'france', territory: 'nancy', facing: 'reims', super: false });
  assert.deepEqual(defenderHits(fight(dug, { germany: 'fly 1 fighter from Metz to Nancy' }, [10, 3, 10])), [1]);
  // So with an AA gun there (which fires first, misses here, and has no die in the round).
  const guarded = scene({ metz: { germany: { fighter: 1 } }, nancy: { france: { infantry: 1, 'aa-gun': 1 } } });
  assert.deepEqual(defenderHits(fight(guarded, { germany: 'fly 1 fighter from Metz to Nancy' }, [10, 10, 3, 10])), [1]);
});

test('GW-TRENCH-07, GW-TRENCH-22, GW-P10-LAND-03 (D-AIR-8): aircraft attacking across a regular trench lose 3 attack; a trench facing elsewhere does not shelter', () => {
  const state = scene({ metz: { germany: { bomber: 1, infantry: 1 } }, nancy: { france: { infantry: 1 } } });
  state.board.trenches.push({ nation: 'france', territory: 'nancy', facing: 'metz', super: false });
  const events = fight(state, { germany: 'fly 1 bomber from Metz to Nancy\nmove 1 infantry from Metz to Nancy\nretreat from Nancy after round 1' }, [1, 2, 10, 10]);
  // The bomber's attack of 4 becomes 1 across the trench: a 2 misses. Infantry 3 - 2 = 1 hits on 1.
  assert.deepEqual(eventsOf(events, 'battle-round').map((e) => (e['sides'] as { hits: number }[])[0]!.hits), [1]);
  const rear = scene({ metz: { germany: { bomber: 1, infantry: 1 } }, nancy: { france: { infantry: 1 } } });
  rear.board.trenches.push({ nation: 'france', territory: 'nancy', facing: 'reims', super: false });
  const behind = fight(rear, { germany: 'fly 1 bomber from Metz to Nancy\nmove 1 infantry from Metz to Nancy\nretreat from Nancy after round 1' }, [10, 2, 10, 10]);
  assert.deepEqual(eventsOf(behind, 'battle-round').map((e) => (e['sides'] as { hits: number }[])[0]!.hits), [1]);
});

test('GW-TRENCH-08, GW-TRENCH-18, GW-TRENCH-19 (D-AIR-8): across a super trench aircraft take no part in the land battle and cannot be lost in it', () => {
  const state = scene({ metz: { germany: { fighter: 1, infantry: 1 } }, nancy: { france: { infantry: 1 } } });
  state.board.trenches.push({ nation: 'france', territory: 'nancy', facing: 'metz', super: true });
  const events = fight(state, { germany: 'fly 1 fighter from Metz to Nancy\nmove 1 infantry from Metz to Nancy' }, [10, 1, 10, 10, 1, 10]);
  assert.deepEqual(landings(events), ['germany {"fighter":1} nancy -> metz (super trench)']);
  assert.deepEqual(rolls(events).slice(0, 3), ['Germany attacks Nancy, round 1: infantry #1 = 10', 'France defends Nancy, round 1: infantry #1 = 1', 'France defends Nancy, round 1: city = 10']);
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['nation'], e['units']]), [['germany', { infantry: 1 }]]);
  assert.deepEqual(unitsIn(state, 'metz'), { 'germany fighter': 1 });
});

test('GW-P08-LANDMOVE-06 (D-AIR-8): aircraft cannot take a territory, even one they emptied', () => {
  const empty = scene({ metz: { germany: { fighter: 1 } }, nancy: {} });
  const events = fight(empty, { germany: 'fly 1 fighter from Metz to Nancy' }, []);
  assert.equal(ownerOf(empty, 'nancy'), 'france');
  assert.deepEqual(landings(events), ['germany {"fighter":1} nancy -> metz (no battle)']);
  const held = scene({ metz: { germany: { fighter: 2 } }, nancy: { france: { infantry: 1 } } });
  const cleared = fight(held, { germany: 'fly 2 fighters from Metz to Nancy' }, [1, 1, 10, 10]);
  assert.deepEqual(eventsOf(cleared, 'battle-result').map((e) => [e['winner'], e['holder']]), [['air', 'france']]);
  assert.equal(ownerOf(held, 'nancy'), 'france');
  assert.deepEqual(unitsIn(held, 'nancy'), {});
  assert.deepEqual(unitsIn(held, 'metz'), { 'germany fighter': 2 });
  assert.deepEqual(between(held), []);
});

test('D-AIR-11: aircraft land where ordered, else at their base, else at the nearest friendly territory; with none in reach they are lost', () => {
  const ordered = scene({ metz: { germany: { fighter: 1 } }, nancy: {} });
  const a = fight(ordered, { germany: 'fly 1 fighter from Metz to Nancy land at Strasbourg' }, []);
  assert.deepEqual(landings(a), ['germany {"fighter":1} nancy -> strasbourg (no battle)']);
  // The base falls during the turn: the fighter lands at the nearest German territory instead.
  const lost = scene({ metz: { germany: { fighter: 1 } }, verdun: { france: { infantry: 1 } }, nancy: {} });
  const b = fight(lost, { germany: 'fly 1 fighter from Metz to Nancy', france: 'move 1 infantry from Verdun to Metz' }, []);
  assert.equal(ownerOf(lost, 'metz'), 'france');
  assert.equal(landings(b).length, 1);
  assert.match(landings(b)[0]!, /nancy -> (luxembourg|strasbourg|cologne|frankfurt|stuttgart)/);
  assert.deepEqual(between(lost), []);
});

test('GW-TECH-23, GW-TECH-24 (D-AIR-4, D-UNIT-9): Improved AA guns (defence 2) fire again in every round of the land battle, at the attacking aircraft only', () => {
  const state = scene({ metz: { germany: { infantry: 1, bomber: 1 } }, verdun: { france: { infantry: 1, 'aa-gun': 1 } } });
  state.nations.find((n) => n.id === 'france')!.tech['improved-aa-guns'] = 1;
  // Entry roll 3 misses at 2; round 1: the normal dice (none for the gun) miss, then the AA gun's round die hits (2) and downs the bomber.
  const events = fight(state, { germany: 'move 1 infantry from Metz to Verdun\nfly 1 bomber from Metz to Verdun\nretreat from Verdun after round 1' }, [3, 10, 10, 10, 2]);
  assert.deepEqual(rolls(events), [
    'France AA fire over Verdun: AA gun #1 = 3',
    'Germany attacks Verdun, round 1: infantry #1 = 10',
    'Germany attacks Verdun, round 1: bomber #1 = 10',
    'France defends Verdun, round 1: infantry #1 = 10',
    'France AA fire over Verdun, round 1: AA gun #1 = 2',
  ]);
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['nation'], e['units']]), [['germany', { bomber: 1 }]]);
  assert.deepEqual(eventsOf(events, 'battle-round').map((e) => (e['sides'] as { lost: number }[])[0]!.lost), [1]);
  // Without the advance the gun has no round die: the same battle rolls four dice.
  const plain = scene({ metz: { germany: { infantry: 1, bomber: 1 } }, verdun: { france: { infantry: 1, 'aa-gun': 1 } } });
  const again = fight(plain, { germany: 'move 1 infantry from Metz to Verdun\nfly 1 bomber from Metz to Verdun\nretreat from Verdun after round 1' }, [3, 10, 10, 10]);
  assert.equal(eventsOf(again, 'losses').length, 0);
});

test('D-SIM-26, D-AIR-9, GW-UNIT-50, GW-P10-LAND-20: the odds of a battle with attacking aircraft follow their fuel exactly', () => {
  const state = scene({ metz: { germany: { infantry: 1, fighter: 1 } }, verdun: { france: { infantry: 1 } } });
  const events = fight(state, { germany: 'move 1 infantry from Metz to Verdun\nfly 1 fighter from Metz to Verdun\nretreat from Verdun after round 1' }, [10, 10, 10]);
  const odds = eventsOf(events, 'battle')[0]!['odds'] as { exact: boolean; attacker: number };
  assert.equal(odds.exact, true);
  assert.ok(odds.attacker > 0 && odds.attacker < 1);
});
