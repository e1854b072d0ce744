import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameEvent } from '@umpire/engine';
import { greatWar, type GreatWarState } from '../src/index.js';
import { eventsOf, nation, ordersFor, parseFor, phaseContext, refusalOf, rollsOf, runPhases, scene, step, unitsIn, war } from './helpers.js';

// Aircraft in the submarine war (GW-P05-SUBDET-03, -13; GW-P06-NAV-04, -05; GW-P06-SUBINT-08, -09; decisions D-NAV-30
// to D-NAV-33 of docs/great-war/naval-war.md).

/** Phase 5 alone. */
const hunt = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'submarine-detection', 'submarine-detection');
/** Phases 6 and 6.1. */
const sailing = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'submarine-interception');

const clean = (state: GreatWarState) => greatWar.invariants!(state).filter((v) => !/turn record/.test(v));

/** Britain at war with Germany; the North Sea with the ships given; bombers in London. */
function northSea(spec: Record<string, Record<string, number>>, bombers: number, advances = 0): GreatWarState {
  const state = scene({ 'north-sea': spec, london: { britain: { infantry: 1, bomber: bombers } }, 'norwegian-sea': {}, 'english-channel': {}, skagerrak: {} });
  war(state, 'britain', 'germany');
  nation(state, 'britain').tech['improved-bombers'] = advances;
  return state;
}

const landings = (events: readonly GameEvent[]) => eventsOf(events, 'landing').map((e) => [e['to'], e['units'], e['reason']]);

// ---------------------------------------------------------------------------------------------------------------
// Phase 5: aircraft hunting.

test('GW-P05-SUBDET-03, GW-P05-SUBDET-02, GW-P05-SUBDET-11 (D-NAV-30): bombers fly out of London to hunt submarines at their detection value 3; those that find them strike first; all fly home when the hunt is over', () => {
  const state = northSea({ germany: { submarine: 1 } }, 2);
  // Search: bomber #1 rolls 3 (found), bomber #2 8 (not found). Round 1: bomber #1 hits (2); the German fictive unit takes it.
  const events = hunt(state, { britain: 'hunt with 2 bombers from London in North Sea' }, [3, 8, 2]);
  assert.deepEqual(rollsOf(events), [
    'Britain searches the North Sea for submarines: bomber #1 = 3',
    'Britain searches the North Sea for submarines: bomber #2 = 8',
    'Britain attacks the submarines in the North Sea, round 1: bomber #1 = 2',
  ]);
  assert.deepEqual(eventsOf(events, 'flight').map((e) => [e['from'], e['to'], e['fuel'], e['hunt']]), [['london', 'north-sea', 2, true]]);
  assert.deepEqual(eventsOf(events, 'detection').map((e) => e['found']), [{ bomber: 1 }]);
  assert.deepEqual(eventsOf(events, 'submarine-battle').map((e) => e['attackers']), [[{ nation: 'britain', units: { bomber: 1 } }]]);
  // 5 fuel: 2 out, 1 for the round, 2 home: the bomber that fought turns back after round 1; the other when the hunt ends.
  assert.deepEqual(landings(events), [
    ['london', { bomber: 1 }, 'fuel'],
    ['london', { bomber: 1 }, 'hunt over'],
  ]);
  assert.deepEqual(unitsIn(state, 'london'), { 'britain infantry': 1, 'britain bomber': 2 });
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany submarine': 1 });
  assert.equal(state.air.flown.length, 2, 'the hunt is their mission for the turn');
  assert.deepEqual(state.air.flights, []);
  assert.match(String(greatWar.describeEvent!(eventsOf(events, 'flight')[0]!)), /flies 2 bombers from London to North Sea to hunt submarines/);
  assert.deepEqual(clean(state), []);
});

test('GW-P05-SUBDET-13, GW-P05-SUBDET-12, GW-P05-SUBDET-14 (D-NAV-31): submarines that break off from a hunt with aircraft must leave the zone; without aircraft they may stay', () => {
  const state = northSea({ britain: { cruiser: 1 }, germany: { submarine: 2 } }, 2, 2);
  const orders = { britain: 'hunt with 1 cruiser in North Sea\nhunt with 2 bombers from London in North Sea', germany: 'disengage from North Sea after round 1' };
  // All three find them (1, 1, 1); the hunters' free round misses (10 x 3); the submarines break off: not 'stay', but the first neighbouring zone.
  const events = hunt(state, orders, [1, 1, 1, 10, 10, 10]);
  assert.deepEqual(eventsOf(events, 'disengage').map((e) => [e['nation'], e['role'], e['to']]), [['germany', 'defender', 'english-channel']]);
  assert.deepEqual(unitsIn(state, 'english-channel'), { 'germany submarine': 2 });
  assert.deepEqual(landings(events), [['london', { bomber: 2 }, 'hunt over']]);

  // With a zone named, there.
  const named = northSea({ britain: { cruiser: 1 }, germany: { submarine: 2 } }, 2, 2);
  const e2 = hunt(named, { ...orders, germany: 'disengage from North Sea to Norwegian Sea after round 1' }, [1, 1, 1, 10, 10, 10]);
  assert.deepEqual(eventsOf(e2, 'disengage').map((e) => e['to']), ['norwegian-sea']);

  // The bombers find nothing (9, 9): the cruiser alone fights, and the submarines may stay.
  const ships = northSea({ britain: { cruiser: 1 }, germany: { submarine: 2 } }, 2, 2);
  const e3 = hunt(ships, orders, [1, 9, 9, 10]);
  assert.deepEqual(eventsOf(e3, 'disengage').map((e) => [e['nation'], e['to'] ?? 'stays']), [['germany', 'stays']]);
  assert.deepEqual(unitsIn(ships, 'north-sea'), { 'britain cruiser': 1, 'germany submarine': 2 });
});

test('GW-P05-SUBDET-03, GW-UNIT-54 (D-NAV-30): a hunt from a territory is an aircraft order, text and JSON both ways; located refusals', () => {
  const state = northSea({ germany: { submarine: 1 } }, 2);
  const text = 'hunt with 2 bombers from London in North Sea';
  const orders = ordersFor(state, 'britain', text);
  assert.deepEqual(orders.orders, [{ kind: 'hunt', from: 'london', at: 'north-sea', units: { bomber: 2 } }]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'britain', step }), `${text}\n`);
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'britain', step }).ok);
  const bad = greatWar.checkOrders({ orders: [{ kind: 'hunt', from: 'north-sea', at: 'london', units: { bomber: 2 } }] }, { state, seat: 'britain', step });
  assert.ok(!bad.ok);
  assert.deepEqual(bad.error.map((p) => [p.code, p.path]), [
    ['not-a-territory', '$.orders[0].from'],
    ['not-a-sea-zone', '$.orders[0].at'],
  ]);
  // 1914 fighters have 3 fuel: too little to fight at sea.
  scene({ london: { britain: { infantry: 1, fighter: 1 } } }, state);
  const fuel = refusalOf(state, 'britain', 'hunt with 1 fighter from London in North Sea');
  assert.equal(fuel.code, 'too-little-fuel');
  // No enemy submarine there; a typo in the zone; the same bombers twice.
  const none = northSea({}, 2);
  assert.equal(refusalOf(none, 'britain', 'hunt with 2 bombers from London in North Sea').code, 'no-enemy-submarines');
  const typo = refusalOf(state, 'britain', 'hunt with 1 fighter from London in Nort Sea');
  assert.deepEqual([typo.code, typo.suggestion, typo.column], ['unknown-area', 'North Sea', 36]);
  const twice = northSea({ germany: { submarine: 1 } }, 2);
  assert.equal(refusalOf(twice, 'britain', 'hunt with 2 bombers from London in North Sea\nfly 1 bomber from London to Birmingham').code, 'not-enough-units');
});

// ---------------------------------------------------------------------------------------------------------------
// Phases 6 and 6.1: cover.

test('GW-P06-NAV-04, GW-P06-NAV-05, GW-P06-SUBINT-08, GW-P06-SUBINT-09 (D-NAV-32, D-NAV-33): bombers cover a task force; when submarines strike it they fight beside it, and the submarines may not break off until the bombers must fly home', () => {
  const state = northSea({ britain: { transport: 1 }, germany: { submarine: 2 } }, 2, 2);
  const orders = {
    britain: 'sail 1 transport from North Sea to English Channel as transport\ncover with 2 bombers from London over North Sea',
    germany: 'ambush with 2 submarines in North Sea\ndisengage from North Sea after round 1',
  };
  // 7 fuel: 2 out, then a round at a time while 2 are left for the way home. Round 1: the submarines alone (10, 10);
  // rounds 2 and 3: the submarines, the transport's defence and the bombers (all 10). After round 3 the bombers fly
  // home and the submarines break off.
  const events = sailing(state, orders, Array<number>(12).fill(10));
  assert.deepEqual(eventsOf(events, 'flight').map((e) => [e['to'], e['cover']]), [['north-sea', true]]);
  const battle = eventsOf(events, 'submarine-battle')[0]!;
  assert.deepEqual(battle['defenders'], [{ nation: 'britain', units: { transport: 1, bomber: 2 } }]);
  assert.deepEqual(eventsOf(events, 'disengage-barred').map((e) => e['round']), [1, 2]);
  assert.deepEqual(landings(events), [['london', { bomber: 2 }, 'fuel']]);
  assert.deepEqual(eventsOf(events, 'disengage').map((e) => [e['nation'], e['round']]), [['germany', 3]]);
  assert.deepEqual(
    rollsOf(events).filter((r) => r.includes('bomber')),
    [2, 3].flatMap((round) => [1, 2].map((k) => `Britain defends task force TF1 in the North Sea, round ${round}: bomber #${k} = 10`)),
    'the bombers roll in rounds 2 and 3',
  );
  assert.deepEqual(unitsIn(state, 'english-channel'), { 'britain transport': 1 });
  assert.deepEqual(unitsIn(state, 'london'), { 'britain infantry': 1, 'britain bomber': 2 });
  assert.deepEqual(state.air.flights, []);
  assert.match(String(greatWar.describeEvent!(eventsOf(events, 'disengage-barred')[0]!)), /may not break off after round 1: aircraft cover task force TF1/);
  assert.deepEqual(clean(state), []);
});

test('GW-P06-NAV-04 (D-NAV-32): cover needs a task force submarines could strike there; unused cover flies home at the end of phase 6.1', () => {
  const state = northSea({ britain: { transport: 1 } }, 2);
  const r = refusalOf(state, 'britain', 'cover with 2 bombers from London over North Sea');
  assert.equal(r.code, 'nothing-to-cover');
  const text = 'sail 1 transport from North Sea to English Channel as transport\ncover with 2 bombers from London over North Sea';
  assert.ok(parseFor(state, 'britain', text).ok);
  const json = ordersFor(state, 'britain', text);
  assert.deepEqual(json.orders[1], { kind: 'cover', from: 'london', at: 'north-sea', units: { bomber: 2 } });
  // No submarine strikes: the bombers fly out and home.
  const events = sailing(state, { britain: text }, []);
  assert.deepEqual(landings(events), [['london', { bomber: 2 }, 'cover over']]);
  assert.equal(state.air.flown.length, 2);
  // The task force did not sail after all (the transport was gone when its order came due): the cover is void too,
  // and the bombers stay home.
  const blocked = northSea({ britain: { transport: 1 } }, 2);
  const given = new Map([['britain', ordersFor(blocked, 'britain', text)]]);
  blocked.board.units = blocked.board.units.filter((u) => u.type !== 'transport');
  const ctx = phaseContext([]);
  for (const phase of ['naval-movement', 'air-at-sea', 'submarine-interception']) greatWar.phases[phase]!(blocked, given, ctx);
  const e2 = ctx.events;
  assert.deepEqual(eventsOf(e2, 'order-void').map((e) => [e['phase'], e['code']]), [
    ['naval-movement', 'no-units'],
    ['submarine-interception', 'nothing-to-cover'],
  ]);
  assert.deepEqual(blocked.air.flown, []);
});
