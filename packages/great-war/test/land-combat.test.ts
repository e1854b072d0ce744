import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NeedDecision, phaseContext as engineContext, ScriptedDice, type GameEvent } from '@umpire/engine';
import { attackValue, defenseOf, greatWar, resolveLandCombat, resolveLandMovement, splitHits, statsOf, theWorld } from '../src/index.js';
import { eventsOf, openingState, step, scene, war, ordersFor, ownerOf, unitsIn, fight, rollsOf, midTurnLandInvariants } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: chosen units in chosen territories, typed orders, phases 8 to 10 (fight, in helpers.ts).

const where = unitsIn;
const owner = ownerOf;
const rolls = rollsOf;
const rounds = (events: readonly GameEvent[]) =>
  eventsOf(events, 'battle-round').map((e) => (e['sides'] as { nations: string[]; hits: number; absorbed: number; lost: number }[]).map((s) => `${s.nations.join('+')} ${s.hits} hit, ${s.absorbed} absorbed, ${s.lost} lost`));
const midTurn = midTurnLandInvariants;
const unit = (nation: string, type: string) => ({ nation, type });

// ---------------------------------------------------------------------------------------------------------------

test('D-SIM-11, GW-COMBAT-01, GW-P10-LAND-14, GW-P10-LAND-16: both sides roll 1D10 a unit at once, hit at or under the value, and remove a unit a hit', () => {
  const state = scene({ metz: { germany: { infantry: 2 } }, verdun: { france: { infantry: 1 } } });
  const events = fight(state, { germany: 'move 2 infantry from Metz to Verdun' }, [3, 4, 6, 10, 1, 5]);
  assert.deepEqual(rolls(events), [
    'Germany attacks Verdun, round 1: infantry #1 = 3',
    'Germany attacks Verdun, round 1: infantry #2 = 4',
    'France defends Verdun, round 1: infantry #1 = 6',
    'Germany attacks Verdun, round 2: infantry #1 = 10',
    'Germany attacks Verdun, round 2: infantry #2 = 1',
    'France defends Verdun, round 2: infantry #1 = 5',
  ]);
  assert.deepEqual(rounds(events), [
    ['germany 1 hit, 0 absorbed, 0 lost', 'france 0 hit, 1 absorbed, 0 lost'],
    ['germany 1 hit, 1 absorbed, 0 lost', 'france 1 hit, 0 absorbed, 1 lost'],
  ]);
  assert.deepEqual(eventsOf(events, 'battle')[0], {
    type: 'battle',
    area: 'verdun',
    holder: 'france',
    attackers: [{ nation: 'germany', from: 'metz', units: { infantry: 2 } }],
    support: [],
    defenders: [{ nation: 'france', units: { infantry: 1 } }],
    facilities: [],
    odds: { attacker: 0.7164, defender: 0.2228, none: 0.0608, exact: true },
  });
  assert.deepEqual(eventsOf(events, 'losses'), [{ type: 'losses', area: 'verdun', round: 2, role: 'defender', nation: 'france', units: { infantry: 1 }, ids: ['france-t3'] }]);
  assert.equal(owner(state, 'verdun'), 'germany');
  assert.deepEqual(where(state, 'verdun'), { 'germany infantry': 2 });
  assert.deepEqual(eventsOf(events, 'battle-result').map((e) => [e['winner'], e['holder'], e['rounds']]), [['attacker', 'germany', 2]]);
  assert.deepEqual(midTurn(state), []);
});

test('D-SIM-18, GW-COMBAT-02, GW-COMBAT-03: a one-nation side has a fictive unit that takes its first hit; a multinational side has lost it', () => {
  // Britain and France attack Metz together: no fictive unit; Germany, alone, has one.
  const allied = scene({ nancy: { britain: { infantry: 1 } }, verdun: { france: { infantry: 1 } }, metz: { germany: { infantry: 1 } } });
  const events = fight(allied, { britain: 'move 1 infantry from Nancy to Metz', france: 'move 1 infantry from Verdun to Metz' }, [1, 9, 5, 1]);
  assert.deepEqual(rolls(events), [
    'France attacks Metz, round 1: infantry #1 = 1',
    'Britain attacks Metz, round 1: infantry #1 = 9',
    'Germany defends Metz, round 1: infantry #1 = 5',
    'Germany defends Metz, round 1: city = 1',
  ]);
  assert.deepEqual(rounds(events), [['france+britain 1 hit, 0 absorbed, 2 lost', 'germany 2 hit, 1 absorbed, 0 lost']]);
  assert.equal(owner(allied, 'metz'), 'germany');
  // France alone with the same dice keeps one unit: its fictive unit took the first hit.
  const alone = scene({ verdun: { france: { infantry: 2 } }, metz: { germany: { infantry: 1 } } });
  const again = fight(alone, { france: 'move 2 infantry from Verdun to Metz' }, [1, 9, 5, 1, 1, 10, 10]);
  assert.deepEqual(rounds(again), [
    ['france 1 hit, 1 absorbed, 1 lost', 'germany 2 hit, 1 absorbed, 0 lost'],
    ['france 1 hit, 0 absorbed, 0 lost', 'germany 0 hit, 0 absorbed, 1 lost'],
  ]);
  assert.equal(owner(alone, 'metz'), 'france');
});

test('D-SIM-9, GW-COMBAT-04, GW-COMBAT-05 (A31): attackers that are not allies fight each other first; the winner then attacks the defenders', () => {
  const state = scene({ vilnius: { russia: { infantry: 1 }, japan: { infantry: 2 } }, konigsberg: { germany: { infantry: 1 } } });
  const events = fight(
    state,
    { russia: 'move 1 infantry from Vilnius to Konigsberg', japan: 'move 2 infantry from Vilnius to Konigsberg' },
    [1, 2, 10, 1, 1, 10, 1, 10, 10, 10, 2, 10, 10, 10],
  );
  assert.deepEqual(eventsOf(events, 'battle')[0]!['rivals'], [['russia'], ['japan']]);
  assert.deepEqual(
    eventsOf(events, 'battle-round').map((e) => [e['round'], e['engagement']]),
    [
      [1, 'clash'],
      [2, 'clash'],
      [3, 'assault'],
      [4, 'assault'],
    ],
  );
  assert.deepEqual(rolls(events).slice(0, 3), ['Russia attacks Königsberg, round 1: infantry #1 = 1', 'Japan attacks Königsberg, round 1: infantry #1 = 2', 'Japan attacks Königsberg, round 1: infantry #2 = 10']);
  assert.ok(rolls(events).includes('Germany defends Königsberg, round 3: city = 10'), 'the city rolls against the winner, not in the clash');
  assert.equal(owner(state, 'konigsberg'), 'japan');
  assert.deepEqual(where(state, 'konigsberg'), { 'japan infantry': 1 });
});

test('D-SIM-7, GW-ALLY-07, GW-P10-LAND-15: allies attack as one side from several borders; defenders are the stayers, friendly arrivals and aircraft on the ground', () => {
  const state = scene({ nancy: { france: { infantry: 1 } }, verdun: { britain: { infantry: 1 } }, metz: { germany: { fighter: 1 } }, strasbourg: { germany: { infantry: 1 } } });
  const events = fight(state, { france: 'move 1 infantry from Nancy to Metz', britain: 'move 1 infantry from Verdun to Metz', germany: 'move 1 infantry from Strasbourg to Metz' }, [10, 10, 10, 10, 10, 10, 10, 1, 1, 10]);
  assert.deepEqual(eventsOf(events, 'battle')[0]!['attackers'], [
    { nation: 'france', from: 'nancy', units: { infantry: 1 } },
    { nation: 'britain', from: 'verdun', units: { infantry: 1 } },
  ]);
  assert.deepEqual(eventsOf(events, 'battle')[0]!['defenders'], [{ nation: 'germany', units: { infantry: 1, fighter: 1 } }]);
  assert.deepEqual(rolls(events).slice(2, 5), ['Germany defends Metz, round 1: fighter #1 = 10', 'Germany defends Metz, round 1: infantry #1 = 10', 'Germany defends Metz, round 1: city = 10']);
  assert.deepEqual(rounds(events)[1], ['france+britain 0 hit, 0 absorbed, 2 lost', 'germany 2 hit, 0 absorbed, 0 lost']);
  assert.equal(owner(state, 'metz'), 'germany');
  assert.deepEqual(defenseOf(state, unit('germany', 'fighter'), 'metz'), { value: 2, dice: 1 }, 'a fighter on the ground rolls its defence');
});

test('GW-TRENCH-01, GW-TRENCH-03, GW-TRENCH-05, GW-TRENCH-10 (D-SIM-13): a trench takes 2 from infantry, 3 from artillery, 2 from tanks attacking from the territory it faces, and only from there', () => {
  const state = openingState();
  const world = theWorld();
  state.board.trenches = [{ nation: 'france', territory: 'verdun', facing: 'metz', super: false }];
  const value = (nation: string, type: string, from: string) => attackValue(state, world, unit(nation, type), from, 'verdun', true, 0);
  assert.deepEqual(['infantry', 'artillery', 'tank'].map((t) => value('germany', t, 'metz')), [1, 2, 2]);
  assert.deepEqual(['infantry', 'artillery', 'tank'].map((t) => value('germany', t, 'luxembourg')), [3, 5, 4], 'no trench faces Luxembourg');
  assert.equal(attackValue(state, world, unit('germany', 'infantry'), 'metz', 'verdun', false, 0), 3, 'not in a clash of rival attackers');
  // In a battle: the infantry's 2 misses across the trench.
  const battle = scene({ metz: { germany: { infantry: 1 } }, verdun: { france: { infantry: 1 } } }, state);
  const events = fight(battle, { germany: 'move 1 infantry from Metz to Verdun' }, [2, 10, 1, 5, 10, 1]);
  assert.deepEqual(rounds(events), [
    ['germany 0 hit, 0 absorbed, 0 lost', 'france 0 hit, 0 absorbed, 0 lost'],
    ['germany 1 hit, 1 absorbed, 0 lost', 'france 1 hit, 1 absorbed, 0 lost'],
    ['germany 0 hit, 0 absorbed, 1 lost', 'france 1 hit, 0 absorbed, 0 lost'],
  ]);
  assert.equal(owner(battle, 'verdun'), 'france');
});

test('GW-TRENCH-02, GW-TRENCH-04, GW-TRENCH-06, GW-TRENCH-09, GW-P10-LAND-04: a super trench takes 3, 4 and 2; no penalty brings a value below 1', () => {
  const state = openingState();
  const world = theWorld();
  state.board.trenches = [{ nation: 'france', territory: 'verdun', facing: 'metz', super: true }];
  assert.deepEqual(['infantry', 'artillery', 'tank'].map((t) => attackValue(state, world, unit('germany', t), 'metz', 'verdun', true, 0)), [1, 1, 2]);
  state.nations.find((n) => n.id === 'germany')!.tech['improved-artillery'] = 3;
  assert.equal(attackValue(state, world, unit('germany', 'artillery'), 'metz', 'verdun', true, 0), 3, 'artillery 7 with two attack advances, less 4');
});

test('GW-UNIT-04, GW-UNIT-05, GW-TRENCH-21 (D-SIM-13, A32): tanks attacking alongside cancel 1 point of the infantry trench penalty, five tanks both; never a super trench\'s', () => {
  const state = openingState();
  const world = theWorld();
  state.board.trenches = [{ nation: 'france', territory: 'verdun', facing: 'metz', super: false }];
  const inf = (tanks: number) => attackValue(state, world, unit('germany', 'infantry'), 'metz', 'verdun', true, tanks);
  assert.deepEqual([0, 1, 2, 4, 5, 9].map(inf), [1, 2, 2, 2, 3, 3]);
  state.board.trenches[0]!.super = true;
  assert.deepEqual([0, 1, 5].map(inf), [1, 1, 1]);
  // In a battle, the tank must attack over the same border.
  state.board.trenches[0]!.super = false;
  const battle = scene({ metz: { germany: { infantry: 1, tank: 1 } }, verdun: { france: { infantry: 1 } } }, state);
  const events = fight(battle, { germany: 'move 1 infantry, 1 tank from Metz to Verdun' }, [2, 10, 10, 2, 10, 10]);
  assert.deepEqual(rounds(events).map((r) => r[0]), ['germany 1 hit, 0 absorbed, 0 lost', 'germany 1 hit, 0 absorbed, 0 lost']);
  assert.equal(owner(battle, 'verdun'), 'germany');
});

test('GW-TERR-33, GW-TERR-34, GW-TERR-28 (D-SIM-13, A34): infantry and artillery attack across a strait or the Suez Canal at -2, stacking with a trench, never below 1', () => {
  const state = openingState();
  const world = theWorld();
  const value = (type: string, trenches: boolean) => attackValue(state, world, unit('britain', type), 'suez-canal', 'palestine', trenches, 0);
  assert.deepEqual([value('infantry', true), value('artillery', true)], [1, 3]);
  state.board.trenches = [{ nation: 'ottoman-empire', territory: 'palestine', facing: 'suez-canal', super: false }];
  assert.deepEqual([value('infantry', true), value('artillery', true)], [1, 1]);
  assert.equal(attackValue(state, world, unit('britain', 'infantry'), 'glasgow', 'northern-ireland', true, 0), 1, 'every strait');
});

test('GW-TERR-08, GW-TERR-09 (D-SIM-15): each infantry unit defending Gibraltar rolls three dice and is removed by one hit', () => {
  const state = scene({ seville: { germany: { infantry: 3 } }, gibraltar: { britain: { infantry: 1 } } });
  war(state, 'germany', 'britain');
  const events = fight(state, { germany: 'move 3 infantry from Seville to Gibraltar' }, [1, 1, 10, 5, 5, 5, 10]);
  assert.deepEqual(rolls(events).slice(3), [
    'Britain defends Gibraltar, round 1: infantry #1 die 1 = 5',
    'Britain defends Gibraltar, round 1: infantry #1 die 2 = 5',
    'Britain defends Gibraltar, round 1: infantry #1 die 3 = 5',
    'Britain defends Gibraltar, round 1: port = 10',
  ]);
  assert.deepEqual(rounds(events), [['germany 2 hit, 1 absorbed, 2 lost', 'britain 3 hit, 1 absorbed, 1 lost']]);
  assert.equal(owner(state, 'gibraltar'), 'germany');
});

test('GW-TERR-12, GW-TERR-15, GW-TERR-26 (D-SIM-15): infantry defend Switzerland at 8, Afghanistan at 7, Tibet at their own value', () => {
  const state = openingState();
  assert.deepEqual(defenseOf(state, unit('switzerland', 'infantry'), 'switzerland'), { value: 8, dice: 1 });
  assert.deepEqual(defenseOf(state, unit('afghanistan', 'infantry'), 'afghanistan'), { value: 7, dice: 1 });
  assert.deepEqual(defenseOf(state, unit('tibet', 'infantry'), 'tibet'), { value: 5, dice: 1 });
  assert.deepEqual(defenseOf(state, unit('france', 'infantry'), 'switzerland'), { value: 8, dice: 1 }, 'any infantry there');
  const battle = scene({ belfort: { france: { infantry: 1 } }, switzerland: { switzerland: { infantry: 1 } } }, state);
  war(battle, 'france', 'switzerland');
  const events = fight(battle, { france: 'move 1 infantry from Belfort to Switzerland' }, [10, 8, 10, 10, 8, 10]);
  assert.deepEqual(rolls(events).slice(0, 3), ['France attacks Switzerland, round 1: infantry #1 = 10', 'Switzerland defends Switzerland, round 1: infantry #1 = 8', 'Switzerland defends Switzerland, round 1: city = 10']);
  assert.deepEqual(rounds(events), [
    ['france 0 hit, 1 absorbed, 0 lost', 'switzerland 1 hit, 0 absorbed, 0 lost'],
    ['france 0 hit, 0 absorbed, 1 lost', 'switzerland 1 hit, 0 absorbed, 0 lost'],
  ]);
});

test('D-SIM-16, GW-FAC-05, GW-FAC-06, GW-FAC-07, GW-FAC-11, GW-FAC-17, GW-FAC-18, GW-FAC-19, GW-FAC-20, GW-FAC-21, GW-P10-LAND-18: a city, an IC and a port roll at 1 while defenders remain, are never lost, and the territory then falls', () => {
  const state = scene({ flanders: { germany: { infantry: 3 } }, lille: { france: { infantry: 1 } } });
  state.board.territories['flanders'] = { owner: 'germany', incorporated: false };
  const events = fight(state, { germany: 'move 3 infantry from Flanders to Lille' }, [10, 10, 10, 10, 1, 1, 1, 1, 10, 10, 10, 10, 1, 10, 10, 10, 10]);
  assert.deepEqual(rolls(events).slice(3, 7), ['France defends Lille, round 1: infantry #1 = 10', 'France defends Lille, round 1: city = 1', 'France defends Lille, round 1: industrial complex = 1', 'France defends Lille, round 1: port = 1']);
  assert.deepEqual(rounds(events), [
    ['germany 0 hit, 1 absorbed, 2 lost', 'france 3 hit, 0 absorbed, 0 lost'],
    ['germany 1 hit, 0 absorbed, 0 lost', 'france 0 hit, 1 absorbed, 0 lost'],
    ['germany 1 hit, 0 absorbed, 0 lost', 'france 0 hit, 0 absorbed, 1 lost'],
  ]);
  assert.deepEqual(eventsOf(events, 'battle')[0]!['facilities'], ['city', 'industrial-complex', 'port']);
  assert.equal(owner(state, 'lille'), 'germany', 'the last infantry gone, the facilities stop and Lille falls');
  assert.equal(eventsOf(events, 'roll').filter((e) => /round 4/.test(String(e['purpose']))).length, 0);
});

test('D-SIM-12, GW-P10-LAND-06, GW-P10-LAND-07, GW-P10-LAND-08, GW-P10-LAND-10: artillery fires in from its territory, 3 for each land unit, is never lost, and stops when no land unit attacks', () => {
  const state = scene({ metz: { germany: { infantry: 1, artillery: 4 } }, verdun: { france: { infantry: 3 } } });
  const events = fight(state, { germany: 'move 1 infantry, 4 artillery from Metz to Verdun' }, [10, 10, 10, 10, 1, 1, 10]);
  assert.deepEqual(rolls(events).slice(0, 4), [
    'Germany attacks Verdun, round 1: infantry #1 = 10',
    'Germany attacks Verdun, round 1: artillery #1 firing from Metz = 10',
    'Germany attacks Verdun, round 1: artillery #2 firing from Metz = 10',
    'Germany attacks Verdun, round 1: artillery #3 firing from Metz = 10',
  ]);
  assert.deepEqual(rounds(events), [['germany 0 hit, 1 absorbed, 1 lost', 'france 2 hit, 0 absorbed, 0 lost']]);
  assert.deepEqual(where(state, 'metz'), { 'germany artillery': 4 }, 'the artillery never left and was not a loss');
  assert.equal(eventsOf(events, 'battle-round').length, 1, 'no land unit left: the artillery stops');
  assert.equal(owner(state, 'verdun'), 'france');
});

test('GW-P10-LAND-09: artillery may not move and attack in the same turn; one that moved into a territory cannot fire from it', () => {
  const state = scene({ cologne: { germany: { artillery: 1 } }, metz: { germany: { infantry: 1 } }, verdun: { france: { infantry: 1 } } });
  const r = greatWar.parseOrders('move 1 artillery from Cologne to Metz\nmove 1 infantry, 1 artillery from Metz to Verdun', { state, seat: 'germany', step });
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.code, p.line]), [['not-enough-units', 2]]);
});

test('D-SIM-17, GW-P10-LAND-16 (gap G15): losses follow the standing loss order through a decision; by default the cheapest go first', () => {
  const play = (orders: Record<string, string>) => {
    const state = scene({ metz: { germany: { infantry: 3 } }, verdun: { france: { infantry: 2, artillery: 1 } } });
    const events = fight(state, { germany: 'move 3 infantry from Metz to Verdun', ...orders }, [1, 1, 10, 10, 10, 10, 1, 1, 1, 10, 10]);
    return { state, events };
  };
  const standing = play({ france: 'losses artillery, infantry' });
  assert.deepEqual(eventsOf(standing.events, 'losses').map((e) => e['units']), [{ artillery: 1 }, { infantry: 2 }]);
  const lossDecisions = (events: readonly GameEvent[]) => eventsOf(events, 'decision').filter((e) => e['kind'] === 'losses');
  assert.deepEqual(lossDecisions(standing.events).map((e) => [e['seat'], e['answer'], e['source']]), [['france', ['artillery', 'infantry'], 'standing order']]);
  const byDefault = play({});
  assert.deepEqual(eventsOf(byDefault.events, 'losses').map((e) => e['units']), [{ infantry: 1 }, { infantry: 1, artillery: 1 }], 'infantry (5) is cheaper than artillery (7)');
  assert.deepEqual(lossDecisions(byDefault.events).map((e) => e['source']), ['default']);
  // In a live game a choice with no standing order waits for the player.
  const state = scene({ metz: { germany: { infantry: 3 } }, verdun: { france: { infantry: 2, artillery: 1 } } });
  const orders = new Map([['germany', ordersFor(state, 'germany', 'move 3 infantry from Metz to Verdun')]]);
  const live = engineContext({ step, dice: new ScriptedDice([1, 1, 10, 10, 10, 10]), decisions: 'ask' });
  resolveLandMovement(state, orders, live);
  assert.throws(
    () => resolveLandCombat(state, orders, live),
    (e: unknown) => e instanceof NeedDecision && e.request.kind === 'losses' && e.request.seat === 'france' && e.request.options.length === 2,
  );
});

test('D-SIM-17 (gap G15): hits on a side of several commanders are shared in proportion to their units', () => {
  assert.deepEqual([...splitHits(3, [{ key: 'a', units: 10 }, { key: 'b', units: 1 }])], [['a', 3], ['b', 0]]);
  assert.deepEqual([...splitHits(2, [{ key: 'a', units: 1 }, { key: 'b', units: 1 }])], [['a', 1], ['b', 1]]);
  assert.deepEqual([...splitHits(5, [{ key: 'a', units: 2 }, { key: 'b', units: 1 }])], [['a', 2], ['b', 1]], 'never more than a side has');
  assert.deepEqual([...splitHits(1, [{ key: 'a', units: 2 }, { key: 'b', units: 2 }])], [['a', 1], ['b', 0]], 'a tie goes to the first in seat order');
});

test('D-SIM-19, GW-P10-LAND-22: attackers retreat by standing order to where they came from, after round N or when outnumbered', () => {
  const state = scene({ metz: { germany: { infantry: 3 } }, verdun: { france: { infantry: 3 } } });
  const events = fight(state, { germany: 'move 3 infantry from Metz to Verdun\nretreat from Verdun after round 2' }, Array(12).fill(10));
  assert.deepEqual(eventsOf(events, 'retreat').map((e) => [e['nation'], e['round'], e['to'], e['units']]), [['germany', 2, 'metz', { infantry: 3 }]]);
  assert.deepEqual(where(state, 'metz'), { 'germany infantry': 3 });
  assert.equal(owner(state, 'verdun'), 'france');
  assert.deepEqual(
    eventsOf(events, 'decision')
      .filter((e) => e['seat'] === 'germany')
      .map((e) => [e['kind'], e['answer'], e['source']]),
    [
      ['retreat', 'fight', 'standing order'],
      ['retreat', 'retreat', 'standing order'],
    ],
  );
  const outnumbered = scene({ metz: { germany: { infantry: 2 } }, verdun: { france: { infantry: 3 } } });
  const again = fight(outnumbered, { germany: 'move 2 infantry from Metz to Verdun\nretreat from Verdun when outnumbered' }, Array(5).fill(10));
  assert.deepEqual(eventsOf(again, 'retreat').map((e) => e['round']), [1]);
  assert.ok(outnumbered.land.acted.length === 2, 'units that retreated may not move strategically');
});

test('D-SIM-19, GW-P10-LAND-11: defenders may retreat to a named neighbour after at least one round; the territory then falls', () => {
  const state = scene({ metz: { germany: { infantry: 2 } }, verdun: { france: { infantry: 2 } }, reims: {} });
  const events = fight(state, { germany: 'move 2 infantry from Metz to Verdun', france: 'retreat from Verdun to Reims after round 1' }, [10, 10, 10, 10]);
  assert.deepEqual(eventsOf(events, 'retreat').map((e) => [e['nation'], e['role'], e['round'], e['to']]), [['france', 'defender', 1, 'reims']]);
  assert.equal(owner(state, 'verdun'), 'germany');
  assert.deepEqual(where(state, 'reims'), { 'france infantry': 2 });
  const r = greatWar.parseOrders('retreat from Verdun to Paris after round 1', { state: openingState(), seat: 'france', step });
  assert.ok(!r.ok && r.error[0]!.code === 'not-adjacent');
});

test('D-SIM-10: battles are fought in the order of their territory ids, and nobody retreats into a battle still to come', () => {
  const state = scene({ nancy: { france: { infantry: 1 } }, strasbourg: { germany: { infantry: 2 } }, belfort: { france: { infantry: 1 } } });
  // Germany attacks Nancy from Strasbourg while France attacks Strasbourg from Belfort: 'nancy' comes before 'strasbourg'.
  const events = fight(
    state,
    { germany: 'move 1 infantry from Strasbourg to Nancy\nretreat from Nancy after round 1', france: 'move 1 infantry from Belfort to Strasbourg' },
    [10, 10, 10, 10, 1, 1, 1, 1, 10, 1, 10, 10],
  );
  assert.deepEqual(eventsOf(events, 'battle').map((e) => e['area']), ['nancy', 'strasbourg']);
  assert.deepEqual(eventsOf(events, 'retreat'), [], 'Strasbourg has a battle still to come: the Germans fight on');
  assert.equal(owner(state, 'nancy'), 'france');
  assert.equal(owner(state, 'strasbourg'), 'france');
});

test('GW-TRENCH-15 (D-SIM-14): a territory that falls loses every trench that guarded it', () => {
  const state = scene({ metz: { germany: { infantry: 2 } }, verdun: { france: { infantry: 1 } } });
  state.board.trenches = [
    { nation: 'france', territory: 'verdun', facing: 'metz', super: false },
    { nation: 'france', territory: 'verdun', facing: 'reims', super: false },
    { nation: 'germany', territory: 'metz', facing: 'verdun', super: false },
  ];
  const events = fight(state, { germany: 'move 2 infantry from Metz to Verdun' }, [1, 1, 10]);
  assert.equal(owner(state, 'verdun'), 'germany');
  assert.deepEqual(eventsOf(events, 'trench-destroyed').map((e) => [e['area'], e['facing']]), [
    ['verdun', 'metz'],
    ['verdun', 'reims'],
  ]);
  assert.deepEqual(state.board.trenches, [{ nation: 'germany', territory: 'metz', facing: 'verdun', super: false }]);
  assert.deepEqual(midTurn(state), []);
});

test('GW-UNIT-02, GW-UNIT-03 (D-UNIT-8): artillery strikes at 5 and defends at 2, a trench cuts its attack to 2 and a super trench to 1; infantry, which alone defend well, are what a trench needs', () => {
  const state = scene({ metz: { germany: { artillery: 1 } }, nancy: { france: { infantry: 1 } } });
  const art = statsOf(state, 'germany', 'artillery');
  assert.deepEqual([art.attack, art.defense], [5, 2]);
  assert.ok((statsOf(state, 'france', 'infantry').defense ?? 0) > Math.max(art.defense ?? 0, statsOf(state, 'france', 'tank').defense ?? 0));
  const world = theWorld();
  assert.equal(attackValue(state, world, unit('germany', 'artillery'), 'metz', 'nancy', true, 0), 5);
  state.board.trenches.push({ nation: 'france', territory: 'nancy', facing: 'metz', super: false });
  assert.equal(attackValue(state, world, unit('germany', 'artillery'), 'metz', 'nancy', true, 0), 2);
  state.board.trenches[0]!.super = true;
  assert.equal(attackValue(state, world, unit('germany', 'artillery'), 'metz', 'nancy', true, 0), 1);
  // No infantry in Verdun: France may not dig a trench there.
  const bare = scene({ verdun: { france: { artillery: 2 } } });
  const r = greatWar.parseOrders('build 1 trench in Verdun facing Metz', { state: bare, seat: 'france', step });
  assert.ok(!r.ok);
  assert.equal(r.error[0]!.code, 'no-infantry');
});
