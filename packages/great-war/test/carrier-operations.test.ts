import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, formatProblems, openStep, resolveStep, submitOrders, type GameEvent } from '@umpire/engine';
import { greatWar, theWorld, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { aboardInvariants } from '../src/sea/air-at-sea.js';
import { eventsOf, landingsOf, midTurnLandInvariants, must, nation, newGame, ordersContext, ordersFor, parseFor, playTurn, refusalOf, rollsOf, runPhases, scene, step, unitsIn, type Scene } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: carrier nations, fighters on board, phases 6 to 10 with typed orders and scripted dice.

const world = theWorld();
const refusal = refusalOf;
const rolls = rollsOf;
const clean = (state: GreatWarState) => greatWar.invariants!(state);
/** Phases 6 to 11: the turn's records are empty at the end, so every invariant of the game holds. */
const turn = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'strategic-movement');
const atSea = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'naval-combat');

/**
 * The opening state with the areas of `spec` filled; Britain and Germany have the Aircraft Carriers advance and
 * fighters of 5 fuel; every fighter at sea is on board a carrier of its nation in its zone.
 */
function fleet(spec: Scene): GreatWarState {
  const state = scene(spec);
  for (const id of ['britain', 'germany']) {
    nation(state, id).tech['aircraft-carriers'] = 1;
    nation(state, id).tech['improved-fighters'] = 2;
  }
  for (const u of state.board.units.filter((x) => x.type === 'fighter' && world.sea.has(x.at))) {
    const carrier = state.board.units.find((c) => c.type === 'carrier' && c.nation === u.nation && c.at === u.at && state.board.units.filter((f) => f.aboard === c.id).length < 2);
    assert.ok(carrier, `no carrier for ${u.id}`);
    u.aboard = carrier.id;
  }
  return state;
}

const carrierOf = (state: GreatWarState, nationId: string) => state.board.units.find((u) => u.type === 'carrier' && u.nation === nationId)!;
const aboard = (state: GreatWarState, carrier: string) => state.board.units.filter((u) => u.aboard === carrier).map((u) => u.type);

// ---------------------------------------------------------------------------------------------------------------
// The task.

test('GW-P06-NAV-12, GW-P06-NAV-01 (D-AIR-40): the carrier-move task needs an aircraft carrier, other warships sail with it, a carrier may take it where it stays; phase 6 notes the carriers until the end of the turn', () => {
  const state = fleet({ 'english-channel': { britain: { carrier: 1, cruiser: 1, battleship: 1, fighter: 2 } } });
  const r = refusal(state, 'britain', 'sail 1 battleship from English Channel to North Sea as carrier-move');
  assert.equal(r.code, 'task-ships');
  assert.match(r.message, /needs an aircraft carrier \(GW-P06-NAV-12\)/);
  const orders = ordersFor(state, 'britain', 'sail 1 carrier, 1 cruiser from English Channel to North Sea as carrier move');
  assert.deepEqual(orders.orders[0], { kind: 'sail', from: 'english-channel', to: 'north-sea', units: { carrier: 1, cruiser: 1 }, task: 'carrier-move' });
  assert.equal(refusal(state, 'britain', 'sail 1 carrier in English Channel as carrier-move\nsail 1 battleship in English Channel as carrier-move').code, 'task-ships');
  const ok = fleet({ 'english-channel': { britain: { carrier: 2, cruiser: 1, fighter: 2 } }, 'north-sea': {} });
  const events = atSea(ok, { britain: 'sail 1 carrier, 1 cruiser from English Channel to North Sea as carrier-move\nsail 1 carrier in English Channel as carrier-move' }, []);
  assert.deepEqual(eventsOf(events, 'sail').map((e) => [e['task'], e['from'], e['to'], e['units']]), [
    ['carrier-move', 'english-channel', 'north-sea', { carrier: 1, cruiser: 1 }],
    ['carrier-move', 'english-channel', 'english-channel', { carrier: 1 }],
  ]);
  assert.equal(greatWar.describeEvent!(eventsOf(events, 'sail')[1]!), "Britain's 1 aircraft carrier stays in the English Channel (task force TF2, carrier-move).");
  const carriers = ok.board.units.filter((u) => u.type === 'carrier').map((u) => u.id).sort();
  assert.deepEqual(ok.air.carrierMove, carriers);
  // The fighters sailed with their carrier, on board (D-AIR-34); the notes of the turn end with phase 10.
  assert.deepEqual(unitsIn(ok, 'north-sea'), { 'britain carrier': 1, 'britain cruiser': 1, 'britain fighter': 2 });
  assert.deepEqual(aboardInvariants(ok), []);
  runPhases(ok, {}, [], 'submarine-interception', 'strategic-movement');
  assert.equal(ok.air.carrierMove, undefined);
  assert.deepEqual(clean(ok), []);
});

// ---------------------------------------------------------------------------------------------------------------
// The order check.

test('GW-UNIT-41, GW-UNIT-36, GW-UNIT-43, GW-UNIT-55 (D-AIR-41): a flight from a sea zone is checked against the draft: a carrier of the nation ends its sailing there with the carrier-move task, undamaged, with the fighters on board; located errors', () => {
  const base = (): GreatWarState => fleet({ 'english-channel': { britain: { carrier: 1, fighter: 2 } }, 'skagerrak': { germany: { cruiser: 1 } }, london: { britain: { infantry: 1, bomber: 1 } } });
  const state = base();
  // Legal: the carrier sails to the North Sea with the task; its fighters take off from there against the cruiser.
  assert.ok(parseFor(state, 'britain', 'sail 1 carrier from English Channel to North Sea as carrier-move\nfly 2 fighters from North Sea to Skagerrak').ok);
  // The order of the lines does not matter: sailings are admitted first.
  assert.ok(parseFor(state, 'britain', 'fly 2 fighters from North Sea to Skagerrak\nsail 1 carrier from English Channel to North Sea as carrier-move').ok);
  // No carrier ends its sailing there.
  const none = refusal(state, 'britain', 'sail 1 carrier from English Channel to Middle Atlantic as carrier-move\nfly 2 fighters from North Sea to Skagerrak');
  assert.equal(none.code, 'no-carrier');
  assert.match(none.message, /Britain has no carrier in the North Sea after naval movement/);
  assert.deepEqual([none.line, none.column], [2, 5]);
  // A carrier with another task, or none: its fighters stay on board.
  const engage = refusal(state, 'britain', 'sail 1 carrier from English Channel to North Sea\nfly 2 fighters from North Sea to Skagerrak');
  assert.equal(engage.code, 'no-carrier-move');
  assert.match(engage.message, /no carrier-move task this turn: its fighters stay on board/);
  assert.equal(refusal(state, 'britain', 'fly 2 fighters from English Channel to North Sea').code, 'no-carrier-move');
  // Too many fighters: the carrier holds two; two more orders cannot share them.
  const many = refusal(state, 'britain', 'sail 1 carrier in English Channel as carrier-move\nfly 1 fighter from English Channel to London\nfly 2 fighters from English Channel to London');
  assert.equal(many.code, 'not-enough-units');
  assert.match(many.message, /will carry 2 fighters, 1 of them already given a mission this turn.*the order names 2/);
  // Bombers never fly from carriers (GW-UNIT-43).
  assert.match(refusal(state, 'britain', 'sail 1 carrier in English Channel as carrier-move\nfly 1 bomber from English Channel to London').message, /GW-UNIT-43/);
  // A damaged carrier launches nothing (GW-UNIT-41).
  const damaged = base();
  carrierOf(damaged, 'britain').damage = 1;
  const d = refusal(damaged, 'britain', 'sail 1 carrier from English Channel to North Sea as carrier-move\nfly 2 fighters from North Sea to Skagerrak');
  assert.equal(d.code, 'carrier-damaged');
  assert.match(d.message, /GW-UNIT-41/);
  // No carrier advance (GW-UNIT-36), fighters under 5 fuel (GW-UNIT-55).
  const early = base();
  nation(early, 'britain').tech['aircraft-carriers'] = 0;
  assert.match(refusal(early, 'britain', 'sail 1 carrier in English Channel as carrier-move\nfly 2 fighters from English Channel to London').message, /GW-UNIT-36/);
  nation(early, 'britain').tech['aircraft-carriers'] = 1;
  nation(early, 'britain').tech['improved-fighters'] = 1;
  assert.match(refusal(early, 'britain', 'sail 1 carrier in English Channel as carrier-move\nfly 2 fighters from English Channel to London').message, /4 fuel; a fighter needs 5 .*GW-UNIT-55/);
  // JSON: the refusal points at the field.
  const json = greatWar.checkOrders({ orders: [{ kind: 'fly', from: 'north-sea', to: 'skagerrak', units: { fighter: 2 } }] }, { state, seat: 'britain', step });
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path]), [['no-carrier', '$.orders[0].from']]);
});

test('GW-UNIT-53, GW-UNIT-52 (D-AIR-43): fuel from a carrier: 2 to leave the sea zone; an attack needs the way back to a landing place, the carrier it left counting as one', () => {
  const state = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, 'baltic-sea': { germany: { cruiser: 1 } } });
  // North Sea to the Baltic is 4 (by the Skagerrak): with 1 for a round, 0 left to fly back.
  const back = refusal(state, 'britain', 'sail 1 carrier in North Sea as carrier-move\nfly 2 fighters from North Sea to Baltic Sea');
  assert.equal(back.code, 'no-fuel-to-return');
  assert.match(back.message, /5 fuel: 4 to reach the Baltic Sea and 1 for a round of combat leave 0, too little to fly back/);
  const far = refusal(state, 'britain', 'sail 1 carrier in North Sea as carrier-move\nfly 2 fighters from North Sea to Munich');
  assert.equal(far.code, 'too-far');
  assert.match(far.message, /5 fuel; Munich is beyond that from the North Sea \(leaving a sea zone costs 2, GW-UNIT-53\)/);
  // Hamburg from the Skagerrak: 2 there, 1 a round, 2 back to the carrier.
  const skag = fleet({ skagerrak: { britain: { carrier: 1, fighter: 2 } }, hamburg: { germany: { infantry: 1 } } });
  assert.ok(parseFor(skag, 'britain', 'sail 1 carrier in Skagerrak as carrier-move\nfly 2 fighters from Skagerrak to Hamburg').ok);
});

// ---------------------------------------------------------------------------------------------------------------
// Phase 6: against ships.

test('GW-P06-NAV-12, GW-P06-NAV-06, GW-UNIT-53, GW-P07-NAVCOMBAT-04 (D-AIR-42, D-AIR-43, D-AIR-44): fighters take off after their carrier has sailed, attack ships in a neighbouring zone in phase 6 (2 fuel out) and land back on board', () => {
  const state = fleet({ 'english-channel': { britain: { carrier: 1, fighter: 2 } }, skagerrak: { germany: { cruiser: 1 } } });
  const carrier = carrierOf(state, 'britain');
  const orders = { britain: 'sail 1 carrier from English Channel to North Sea as carrier-move\nfly 2 fighters from North Sea to Skagerrak' };
  // Mid-turn, after phase 6: the fighters are in the air over the Skagerrak, off their carrier, with 3 fuel left.
  const launch = runPhases(state, orders, [], 'naval-movement', 'air-at-sea');
  assert.deepEqual(unitsIn(state, 'skagerrak'), { 'germany cruiser': 1, 'britain fighter': 2 });
  assert.deepEqual(aboard(state, carrier.id), []);
  assert.deepEqual(state.air.flights.map((f) => [f.base, f.to, f.fuel, f.carrier]), [
    ['north-sea', 'skagerrak', 3, carrier.id],
    ['north-sea', 'skagerrak', 3, carrier.id],
  ]);
  assert.deepEqual(aboardInvariants(state), []);
  const events = [...launch, ...runPhases(state, {}, [9, 1, 9, 9], 'submarine-interception', 'strategic-movement')];
  assert.deepEqual(rolls(events), [
    "Germany's ships fire at the attacking aircraft in the Skagerrak: cruiser #1 = 9",
    'Britain attacks in the Skagerrak, round 1: fighter #1 = 1',
    'Britain attacks in the Skagerrak, round 1: fighter #2 = 9',
    'Germany defends in the Skagerrak, round 1: cruiser #1 = 9',
  ]);
  assert.deepEqual(eventsOf(events, 'take-off').map((e) => [e['phase'], e['at'], e['carriers'], e['units']]), [['air-at-sea', 'north-sea', [carrier.id], { fighter: 2 }]]);
  assert.deepEqual(eventsOf(events, 'flight').map((e) => [e['from'], e['to'], e['fuel'], e['attack']]), [['north-sea', 'skagerrak', 2, true]]);
  // The hit fell on the fictive unit; after the round 2 fuel are left: just the way back to the carrier.
  assert.deepEqual(landingsOf(events), ['britain {"fighter":2} skagerrak -> north-sea (fuel)']);
  assert.equal(eventsOf(events, 'landing')[0]!['aboard'], true);
  assert.deepEqual(aboard(state, carrier.id), ['fighter', 'fighter']);
  const texts = events.filter((e) => ['take-off', 'landing'].includes(e.type)).map((e) => greatWar.describeEvent!(e));
  assert.deepEqual(texts, ["Britain's 2 fighters take off from a carrier in the North Sea.", "Britain's 2 fighters land on board a carrier in the North Sea, from Skagerrak: fuel running low."]);
  assert.deepEqual(clean(state), []);
});

test('GW-UNIT-42, GW-P07-NAVCOMBAT-09 (D-AIR-42, D-AIR-44): fighters attack the enemy fleet in their carrier\'s own zone for no fuel, fight with it, and land back on board though it is damaged', () => {
  const state = fleet({ 'english-channel': { britain: { carrier: 1, fighter: 2 } }, 'north-sea': { germany: { cruiser: 2 } } });
  const carrier = carrierOf(state, 'britain');
  // Phase 6: the carrier sails into the German cruisers (it stops there); its fighters attack them there. Phase 7:
  // the cruisers fire at the fighters (9, 9); round 1: carrier 9, fighters 1 and 2 (two hits, one on the fictive
  // unit); the cruisers 1 and 9: the fictive unit. Round 2: carrier 9, fighters 9, 3: the last cruiser sinks; it
  // hit with a 1: the carrier is damaged.
  const events = turn(state, { britain: 'sail 1 carrier from English Channel to North Sea as carrier-move\nfly 2 fighters from North Sea to North Sea' }, [9, 9, 9, 1, 2, 1, 9, 9, 9, 3, 1]);
  assert.deepEqual(eventsOf(events, 'flight').map((e) => [e['from'], e['to'], e['fuel']]), [['north-sea', 'north-sea', 0]]);
  assert.deepEqual(eventsOf(events, 'naval-result').map((e) => e['winner']), ['attacker']);
  assert.equal(carrier.damage, 1);
  assert.deepEqual(landingsOf(events), ['britain {"fighter":2} north-sea -> north-sea (battle over)']);
  assert.deepEqual(aboard(state, carrier.id), ['fighter', 'fighter']);
  assert.deepEqual(clean(state), []);
  // With no enemy ships in the zone there is nothing to attack there.
  const calm = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } } });
  assert.equal(refusal(calm, 'britain', 'sail 1 carrier in North Sea as carrier-move\nfly 2 fighters from North Sea to North Sea').code, 'no-target');
});

// ---------------------------------------------------------------------------------------------------------------
// Phase 8: against land targets, and ashore.

test('GW-P08-LANDMOVE-02, GW-P08-LANDMOVE-01, GW-P10-LAND-05 (D-AIR-42, D-AIR-43, D-AIR-44): fighters carried by a carrier-move carrier take off in phase 8: one attacks a coastal territory and comes back on board, one flies ashore', () => {
  const state = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, skagerrak: {}, hamburg: { germany: { infantry: 1 } }, london: { britain: { infantry: 1 } } });
  const carrier = carrierOf(state, 'britain');
  // The fighter over Hamburg fights a round (the port and the city defend too), then has 2 fuel: back to the carrier.
  const events = turn(state, { britain: 'sail 1 carrier from North Sea to Skagerrak as carrier-move\nfly 1 fighter from Skagerrak to Hamburg\nfly 1 fighter from Skagerrak to London' }, [9, 9, 9, 9]);
  assert.deepEqual(eventsOf(events, 'take-off').map((e) => [e['phase'], e['at'], e['units']]), [
    ['land-movement', 'skagerrak', { fighter: 1 }],
    ['land-movement', 'skagerrak', { fighter: 1 }],
  ]);
  assert.deepEqual(eventsOf(events, 'flight').map((e) => [e['from'], e['to'], e['fuel'], e['attack'] ?? false]), [
    ['skagerrak', 'hamburg', 2, true],
    ['skagerrak', 'london', 4, false],
  ]);
  assert.deepEqual(rolls(events), ['Britain attacks Hamburg, round 1: fighter #1 = 9', 'Germany defends Hamburg, round 1: infantry #1 = 9', 'Germany defends Hamburg, round 1: city = 9', 'Germany defends Hamburg, round 1: port = 9']);
  assert.deepEqual(landingsOf(events), ['britain {"fighter":1} hamburg -> skagerrak (fuel)']);
  assert.deepEqual(aboard(state, carrier.id), ['fighter']);
  assert.equal(unitsIn(state, 'london')['britain fighter'], 1);
  assert.equal(state.board.units.find((u) => u.at === 'london' && u.type === 'fighter')!.aboard, undefined);
  assert.deepEqual(clean(state), []);
});

test('GW-P08-LANDMOVE-02 (D-AIR-42): a fighter that flew from its carrier in phase 6 flies nothing in phase 8; the fighters left on board may', () => {
  const state = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, skagerrak: { germany: { cruiser: 1 } } });
  const r = refusal(state, 'britain', 'sail 1 carrier in North Sea as carrier-move\nfly 2 fighters from North Sea to Skagerrak\nfly 1 fighter from North Sea to London');
  assert.equal(r.code, 'not-enough-units');
  assert.ok(parseFor(state, 'britain', 'sail 1 carrier in North Sea as carrier-move\nfly 1 fighter from North Sea to Skagerrak\nfly 1 fighter from North Sea to London').ok);
});

test('GW-P09-AIR-08 (D-AIR-44, D-AIR-11): land at a territory overrides the carrier; without it the fighters come back on board', () => {
  const state = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, flanders: { germany: { infantry: 1 } } });
  state.board.territories['flanders']!.owner = 'germany';
  // One round, all miss (the infantry, the city and the port defend); the fighters turn back by the standing order.
  const events = turn(state, { britain: 'sail 1 carrier in North Sea as carrier-move\nfly 1 fighter from North Sea to Flanders land at Lille\nfly 1 fighter from North Sea to Flanders\nretreat from Flanders after round 1' }, [9, 9, 9, 9, 9]);
  assert.deepEqual(landingsOf(events), ['britain {"fighter":1} flanders -> lille (retreat)', 'britain {"fighter":1} flanders -> north-sea (retreat)']);
  assert.deepEqual(unitsIn(state, 'lille')['britain fighter'], 1);
  assert.deepEqual(aboard(state, carrierOf(state, 'britain').id), ['fighter']);
  assert.deepEqual(clean(state), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Damaged and lost carriers; fighters that stay on board.

test('GW-UNIT-41, GW-P07-NAVCOMBAT-02 (D-AIR-45): a carrier damaged in the naval battle launches nothing in phase 8, its order void; fighters on a carrier without the task stay on board and intercept', () => {
  const state = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, skagerrak: { germany: { cruiser: 1 } }, hamburg: { germany: { infantry: 1 } } });
  const carrier = carrierOf(state, 'britain');
  // The carrier sails into the cruiser with the task. Round 1: carrier 9, cruiser 1 (on the fictive unit); round 2:
  // carrier 1 (on the fictive unit), cruiser 2: the carrier is damaged; round 3: carrier 1, the cruiser sinks.
  // Phase 8: the launch is void.
  const events = turn(state, { britain: 'sail 1 carrier from North Sea to Skagerrak as carrier-move\nfly 2 fighters from Skagerrak to Hamburg' }, [9, 1, 1, 2, 1, 9]);
  assert.equal(carrier.damage, 1);
  assert.deepEqual(eventsOf(events, 'order-void').map((e) => [e['phase'], e['code']]), [['land-movement', 'carrier-damaged']]);
  assert.deepEqual(aboard(state, carrier.id), ['fighter', 'fighter']);
  assert.equal(eventsOf(events, 'take-off').length, 0);
  // A carrier with no task: its fighters stay on board, and intercept a German bomber attacking it in phase 7
  // (the bomber misses, the second fighter hits).
  const guard = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, flanders: { germany: { bomber: 1 } } });
  guard.board.territories['flanders']!.owner = 'germany';
  assert.equal(refusal(guard, 'britain', 'fly 2 fighters from North Sea to Flanders').code, 'no-carrier-move');
  const g = turn(guard, { germany: 'fly 1 bomber from Flanders to North Sea' }, [9, 9, 1]);
  assert.deepEqual(eventsOf(g, 'air-combat').map((e) => [e['area'], e['interceptors']]), [['north-sea', { fighter: 2 }]]);
  assert.deepEqual(aboard(guard, carrierOf(guard, 'britain').id), ['fighter', 'fighter']);
  assert.deepEqual(clean(guard), []);
});

test('GW-UNIT-52, GW-P09-AIR-08 (D-AIR-44, D-AIR-11): fighters whose carrier is sunk while they are away come down at the nearest place they reach, another carrier of their nation or a friendly territory; none in reach, they are lost', () => {
  // The carrier sails into a German battleship in the North Sea; its fighters take off from there against a cruiser in
  // the Skagerrak. Phase 7, North Sea first: carrier 9, battleship 1 (on the fictive unit), then 9, 1 (damaged) and
  // 9, 1 (sunk). Skagerrak: the cruiser fires at the fighters (9); round 1: fighters 9, 9, cruiser 9. The fighters
  // have 2 fuel left: they must come down, and their carrier is gone.
  const spec = (): Scene => ({ 'english-channel': { britain: { carrier: 1, fighter: 2 } }, 'north-sea': { germany: { battleship: 1 } }, skagerrak: { germany: { cruiser: 1 } }, 'baltic-sea': {} });
  const orders = { britain: 'sail 1 carrier from English Channel to North Sea as carrier-move\nfly 2 fighters from North Sea to Skagerrak' };
  const dice = [9, 1, 9, 1, 9, 1, 9, 9, 9, 9];
  const lost = fleet(spec());
  const events = atSea(lost, orders, dice);
  assert.ok(eventsOf(events, 'losses').some((e) => (e['units'] as Record<string, number>)['carrier'] === 1));
  // Within 2 fuel of the Skagerrak: neutral or German coasts, and sea zones without a British carrier.
  assert.deepEqual(landingsOf(events), []);
  assert.deepEqual(eventsOf(events, 'crash').map((e) => [e['at'], e['units']]), [['skagerrak', { fighter: 2 }]]);
  assert.deepEqual(unitsIn(lost, 'skagerrak'), { 'germany cruiser': 1 });
  assert.deepEqual(aboardInvariants(lost), []);
  // A second British carrier in the Baltic takes them.
  const saved = fleet({ ...spec(), 'baltic-sea': { britain: { carrier: 1 } } });
  const again = atSea(saved, orders, dice);
  assert.deepEqual(landingsOf(again), ['britain {"fighter":2} skagerrak -> baltic-sea (fuel)']);
  const baltic = saved.board.units.find((u) => u.type === 'carrier' && u.at === 'baltic-sea')!;
  assert.deepEqual(aboard(saved, baltic.id), ['fighter', 'fighter']);
  assert.deepEqual(aboardInvariants(saved), []);
  assert.deepEqual(midTurnLandInvariants(saved), []);
});

// ---------------------------------------------------------------------------------------------------------------
// The order's forms, whole turns, random turns.

test('D-AIR-41, GW-P06-NAV-12: a flight from a sea zone both ways, text and JSON; the staying carrier-move task force; located errors with suggestions', () => {
  const state = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, skagerrak: { germany: { cruiser: 1 } } });
  const text = 'sail 1 aircraft carrier in North Sea as carrier-move\nfly 2 fighters from North Sea to Skagerrak land at London';
  const orders = ordersFor(state, 'britain', text);
  assert.deepEqual(orders.orders, [
    { kind: 'sail', from: 'north-sea', to: 'north-sea', units: { carrier: 1 }, task: 'carrier-move' },
    { kind: 'fly', from: 'north-sea', to: 'skagerrak', units: { fighter: 2 }, land: 'london' },
  ]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'britain', step }), 'sail 1 aircraft carrier in North Sea as carrier-move\nfly 2 fighters from North Sea to Skagerrak land at London\n');
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'britain', step }).ok);
  const typo = refusal(state, 'britain', 'fly 2 fighters from Nort Sea to Skagerrak');
  assert.equal(typo.code, 'unknown-area');
  assert.equal(typo.suggestion, 'North Sea');
  assert.equal(typo.column, 21);
  const json = greatWar.checkOrders(
    {
      orders: [
        { kind: 'sail', from: 'north-sea', to: 'north-sea', units: { carrier: 1 }, task: 'carrier-move' },
        { kind: 'fly', from: 'nort-sea', to: 'skagerrak', units: { fighter: 2 } },
        { kind: 'fly', from: 'north-sea', to: 'skagerrak', units: { bomber: 1 } },
      ],
    },
    { state, seat: 'britain', step },
  );
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path, p.suggestion]), [
    ['unknown-area', '$.orders[1].from', 'north-sea'],
    ['not-on-carriers', '$.orders[2].units', undefined],
  ]);
});

test('D-AIR-40, D-AIR-41: the order generator offers carrier-move sailings and launches from where they end, and every one it offers is accepted', () => {
  const state = fleet({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, skagerrak: { germany: { cruiser: 1 } } });
  const ctx = { state, seat: 'britain', step };
  const labels = greatWar.legalActions!(greatWar.emptyOrders(ctx), ctx).map((a) => a.label);
  assert.ok(labels.includes('sail 1 aircraft carrier in North Sea as carrier-move'), labels.join('\n'));
  const draft = greatWar.legalActions!(greatWar.emptyOrders(ctx), ctx).find((a) => a.label === 'sail 1 aircraft carrier in North Sea as carrier-move')!.next;
  const launches = greatWar.legalActions!(draft, ctx).filter((a) => a.next.orders.at(-1)!.kind === 'fly' && a.next.orders.at(-1)!['from'] === 'north-sea');
  // Against the German ships next door, and into a neighbouring British territory.
  assert.deepEqual(launches.map((a) => a.next.orders.at(-1)!['to']).sort(), ['edinburgh', 'skagerrak']);
  for (const a of launches) assert.ok(greatWar.checkOrders(a.next, ctx).ok);
});

test('D-AIR-40, D-AIR-42, D-AIR-44: a whole turn with carriers: take-off, the attack, landing on board are reported; every invariant holds', () => {
  const script = Array.from({ length: 900 }, (_, i) => ((i * 7) % 10) + 1);
  let game = newGame(script);
  const s = game.position.state;
  scene({ 'irish-sea': { britain: { carrier: 1, fighter: 2 } }, 'northern-atlantic': { germany: { cruiser: 1 } } }, s);
  for (const id of ['britain', 'germany']) {
    nation(s, id).tech['aircraft-carriers'] = 1;
    nation(s, id).tech['improved-fighters'] = 2;
  }
  const carrier = carrierOf(s, 'britain');
  for (const u of s.board.units.filter((x) => x.type === 'fighter' && x.at === 'irish-sea')) u.aboard = carrier.id;
  assert.deepEqual(greatWar.invariants!(s), []);
  const t = playTurn(game, { britain: { text: 'sail 1 carrier from Irish Sea to Middle Atlantic as carrier-move\nfly 2 fighters from Middle Atlantic to Northern Atlantic' } });
  game = t.game;
  const after = game.position.state;
  assert.equal(eventsOf(t.events, 'take-off').length, 1);
  assert.ok(eventsOf(t.events, 'naval-battle').some((e) => e['area'] === 'northern-atlantic'));
  for (const e of t.events.filter((x) => ['take-off', 'flight', 'landing', 'crash'].includes(x.type))) assert.ok(greatWar.describeEvent!(e), e.type);
  // Every fighter is on board its carrier again, or lost, or came down ashore.
  for (const u of after.board.units.filter((x) => x.type === 'fighter' && x.nation === 'britain' && !world.territory.has(x.at))) assert.equal(u.aboard, carrier.id);
  assert.deepEqual(greatWar.invariants!(after), []);
  assert.equal(after.air.carrierMove, undefined);
});

const secret = (n: number) => n.toString(16).padStart(64, '0');
const CARRIER_KINDS = ['sail', 'fly', 'intercept', 'losses', 'retreat'];
const ids = (events: readonly GameEvent[], ...types: string[]) => new Set(events.filter((e) => types.includes(e.type)).flatMap((e) => (e['ids'] as string[] | undefined) ?? []));

test('property (D-AIR-40 to D-AIR-45): random legal turns with carriers among the 1914 fleets keep every invariant and account for every fighter', () => {
  let launched = 0;
  fc.assert(
    fc.property(fc.array(fc.array(fc.nat(), { maxLength: 8 }), { minLength: 11, maxLength: 11 }), fc.nat(), (choices, seed) => {
      let game = must(createGame<GreatWarState>(greatWar, { gameId: `carriers-${seed}`, dice: { mode: 'committed' } }));
      const s = game.position.state;
      for (const id of ['britain', 'germany']) {
        nation(s, id).tech['aircraft-carriers'] = 1;
        nation(s, id).tech['improved-fighters'] = 2;
      }
      let n = 0;
      for (const [nationId, zone] of [
        ['britain', 'north-sea'],
        ['britain', 'english-channel'],
        ['germany', 'skagerrak'],
      ] as const) {
        const carrier = `${nationId}-cv${++n}`;
        s.board.units.push({ id: carrier, nation: nationId, type: 'carrier', at: zone, damage: 0 });
        for (let k = 0; k < 2; k++) s.board.units.push({ id: `${carrier}-f${k}`, nation: nationId, type: 'fighter', at: zone, damage: 0, aboard: carrier });
      }
      assert.deepEqual(greatWar.invariants!(s), []);
      const key = secret(seed + 1);
      game = must(openStep(greatWar, game, key));
      const before = structuredClone(game.position.state);
      greatWar.seats(before).forEach((seat, i) => {
        const ctx = ordersContext(game, seat);
        let draft: GreatWarOrders = greatWar.emptyOrders(ctx);
        for (const pick of choices[i]!) {
          const actions = greatWar.legalActions!(draft, ctx).filter((a) => CARRIER_KINDS.includes(a.next.orders.at(-1)!.kind));
          // Every other pick goes to the carriers when the generator offers them something.
          const carrierish = actions.filter((a) => {
            const o = a.next.orders.at(-1)!;
            return o['task'] === 'carrier-move' || (o.kind === 'fly' && world.sea.has(String(o['from'])));
          });
          const list = carrierish.length && pick % 2 === 0 ? carrierish : actions;
          if (list.length === 0) break;
          draft = list[pick % list.length]!.next;
        }
        const checked = greatWar.checkOrders(draft, ctx);
        assert.ok(checked.ok, checked.ok ? '' : formatProblems(checked.error));
        game = must(submitOrders(greatWar, game, seat, { json: draft })).game;
      });
      game = must(resolveStep(greatWar, game, key)).game;
      const after = game.position.state;
      const events = game.record.steps.at(-1)!.events;
      launched += eventsOf(events, 'take-off').length;
      assert.deepEqual(greatWar.invariants!(after), []);
      // Every unit of before is still there or was lost; a unit that changed place moved, or sailed with its ship.
      const now = new Map(after.board.units.map((u) => [u.id, u]));
      const lost = ids(events, 'losses', 'crash', 'cargo-lost', 'lost-aboard', 'ship-fire');
      const moved = ids(events, 'move', 'retreat', 'strategic-move', 'flight', 'landing', 'sail', 'naval-retreat', 'disengage', 'embark', 'disembark', 'cargo-moved');
      for (const u of before.board.units) {
        const later = now.get(u.id);
        if (!later) assert.ok(lost.has(u.id), `${u.id} vanished without a loss`);
        else if (later.at !== u.at) assert.ok(moved.has(u.id) || (later.aboard !== undefined && moved.has(later.aboard)), `${u.id} changed place without a move`);
      }
      for (const u of after.board.units.filter((x) => x.type === 'fighter' && world.sea.has(x.at))) assert.ok(u.aboard !== undefined, `${u.id} is at sea off a ship`);
    }),
    { numRuns: 12 },
  );
  assert.ok(launched > 0, 'some fighters took off from carriers');
});
