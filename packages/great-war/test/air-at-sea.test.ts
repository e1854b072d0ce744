import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameEvent } from '@umpire/engine';
import { greatWar, type GreatWarState } from '../src/index.js';
import { eventsOf, nation, newGame, ordersFor, parseFor, playTurn, scene, step, unitsIn, war, refusalOf, rollsOf, runPhases } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: phases 6 (ships, then aircraft at sea), 7, 8, 9 and 10 with typed orders and scripted dice.

const turn = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'land-combat');

const refusal = refusalOf;
const rolls = rollsOf;
const clean = (state: GreatWarState) => greatWar.invariants!(state);

/** Britain against Germany, the North Sea emptied. */
function northSea(spec: Record<string, Record<string, number>>, london: Record<string, number>): GreatWarState {
  const state = scene({ 'north-sea': spec, london: { britain: { infantry: 1, ...london } } });
  war(state, 'britain', 'germany');
  return state;
}

/** Put a nation's fighters (or AA guns) of an area on board a ship there. */
function board(state: GreatWarState, nationId: string, type: string, ship: string): void {
  const at = state.board.units.find((u) => u.nation === nationId && u.type === type && state.board.units.some((x) => x.at === u.at && x.type === ship))!.at;
  const carrier = state.board.units.find((u) => u.nation === nationId && u.type === ship && u.at === at)!;
  for (const u of state.board.units.filter((x) => x.nation === nationId && x.type === type && x.at === at)) u.aboard = carrier.id;
}

// ---------------------------------------------------------------------------------------------------------------
// Aircraft attacking ships.

test('GW-P06-NAV-06, GW-P07-NAVCOMBAT-03, GW-P07-NAVCOMBAT-04, GW-P07-NAVCOMBAT-05, GW-UNIT-53, GW-P08-LANDMOVE-02 (D-AIR-30, D-AIR-31, D-AIR-32): bombers fly against ships in phase 6, take the ships defensive fire without firing back, then roll with the fleet; 2 fuel in, 1 a round, 2 out', () => {
  const state = northSea({ germany: { cruiser: 1 } }, { bomber: 2 });
  const events = turn(state, { britain: 'fly 2 bombers from London to North Sea' }, [9, 1, 2, 9]);
  assert.deepEqual(rolls(events), [
    "Germany's ships fire at the attacking aircraft in the North Sea: cruiser #1 = 9",
    'Britain attacks in the North Sea, round 1: bomber #1 = 1',
    'Britain attacks in the North Sea, round 1: bomber #2 = 2',
    'Germany defends in the North Sea, round 1: cruiser #1 = 9',
  ]);
  const flight = eventsOf(events, 'flight')[0]!;
  assert.equal(flight['fuel'], 2);
  assert.equal(flight['attack'], true);
  assert.deepEqual(eventsOf(events, 'ship-fire').map((e) => [e['step'], e['hits']]), [['defence', 0]]);
  assert.deepEqual(eventsOf(events, 'naval-result').map((e) => e['winner']), ['attacker']);
  assert.deepEqual(unitsIn(state, 'north-sea'), {});
  // 5 fuel: 2 in, 1 round, 2 back to London.
  assert.deepEqual(eventsOf(events, 'landing').map((e) => [e['to'], e['units'], e['reason']]), [['london', { bomber: 2 }, 'battle over']]);
  assert.equal(unitsIn(state, 'london')['britain bomber'], 2);
  assert.equal(state.air.flights.length, 0);
  // They flew at sea: no flight in phase 8 the same turn (the order is refused when sent).
  const again = northSea({ germany: { cruiser: 1 } }, { bomber: 2 });
  assert.equal(refusal(again, 'britain', 'fly 2 bombers from London to North Sea\nfly 1 bomber from London to Birmingham').code, 'not-enough-units');
});

test('GW-P07-NAVCOMBAT-03, GW-P07-NAVCOMBAT-04 (D-AIR-32): each hit of the ships defensive fire removes one aircraft before it can roll', () => {
  const state = northSea({ germany: { battleship: 1 } }, { bomber: 2 });
  // The battleship (defence 8) hits with a 3: one bomber falls; the other rolls alone, misses; the battleship misses.
  const events = turn(state, { britain: 'fly 2 bombers from London to North Sea' }, [3, 9, 9]);
  assert.deepEqual(eventsOf(events, 'ship-fire').map((e) => [e['hits'], e['lost']]), [[1, { bomber: 1 }]]);
  assert.equal(eventsOf(events, 'roll').filter((e) => String(e['purpose']).startsWith('Britain attacks')).length, 1);
  assert.equal(unitsIn(state, 'london')['britain bomber'], 1);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany battleship': 1 });
  assert.deepEqual(clean(state), []);
});

test('GW-UNIT-54, GW-UNIT-53 (D-AIR-31): 1914 fighters (3 fuel) may not fly against ships; fighters with 5 fuel may; a sea zone without enemy ships or a carrier is no target; located errors', () => {
  const state = northSea({ germany: { cruiser: 1 } }, { fighter: 2 });
  const r = refusal(state, 'britain', 'fly 2 fighters from London to North Sea');
  assert.equal(r.code, 'too-little-fuel');
  assert.match(r.message, /3 fuel; they need 5 .*GW-UNIT-54/);
  nation(state, 'britain').tech['improved-fighters'] = 2;
  assert.ok(parseFor(state, 'britain', 'fly 2 fighters from London to North Sea').ok);
  const none = refusal(state, 'britain', 'fly 2 fighters from London to English Channel');
  assert.equal(none.code, 'no-target');
  const typo = refusal(state, 'britain', 'fly 2 fighters from London to Nort Sea');
  assert.equal(typo.code, 'unknown-area');
  assert.equal(typo.suggestion, 'North Sea');
  assert.equal(typo.column, 31);
});

test('GW-P06-NAV-06 (D-AIR-30): a flight to sea is a fly order both ways, text and JSON; a flight whose ships sailed away is void and the aircraft stay home', () => {
  const state = northSea({ germany: { cruiser: 1 } }, { bomber: 2 });
  const text = 'fly 2 bombers from London to North Sea land at Newcastle';
  const orders = ordersFor(state, 'britain', text);
  assert.deepEqual(orders.orders, [{ kind: 'fly', from: 'london', to: 'north-sea', units: { bomber: 2 }, land: 'newcastle' }]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'britain', step }), `${text}\n`);
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'britain', step }).ok);
  const events = turn(state, { britain: 'fly 2 bombers from London to North Sea', germany: 'sail 1 cruiser from North Sea to Skagerrak' }, []);
  assert.deepEqual(eventsOf(events, 'order-void').map((e) => [e['phase'], e['code']]), [['air-at-sea', 'no-target']]);
  assert.equal(unitsIn(state, 'london')['britain bomber'], 2);
  assert.deepEqual(state.air.flown, []);
});

test('GW-P07-NAVCOMBAT-13 (D-AIR-37): aircraft that retreat take one round of the ships defensive fire, and no AA fire', () => {
  const state = northSea({ germany: { battleship: 1 } }, { bomber: 2 });
  nation(state, 'britain').tech['improved-bombers'] = 2; // 7 fuel: room for a second round
  state.board.units.push({ id: 'germany-aa', nation: 'germany', type: 'aa-gun', at: 'north-sea', damage: 0 });
  nation(state, 'germany').tech['improved-aa-guns'] = 1;
  board(state, 'germany', 'aa-gun', 'battleship');
  // Step 2 misses (9), step 3 the AA gun misses (9); round 1 both bombers miss, the battleship misses; the bombers
  // retreat by their standing order and the battleship fires once more (3: one falls). No AA die at the retreat.
  const events = turn(state, { britain: 'fly 2 bombers from London to North Sea\nretreat from North Sea after round 1' }, [9, 9, 9, 9, 9, 3]);
  assert.deepEqual(eventsOf(events, 'ship-fire').map((e) => [e['step'], e['hits']]), [
    ['defence', 0],
    ['parting', 1],
  ]);
  assert.equal(eventsOf(events, 'aa-fire').length, 1);
  assert.deepEqual(eventsOf(events, 'landing').map((e) => [e['reason'], e['units']]), [['retreat', { bomber: 1 }]]);
  assert.equal(unitsIn(state, 'london')['britain bomber'], 1);
  assert.deepEqual(clean(state), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Aircraft carriers.

function carrierNations(state: GreatWarState): void {
  for (const id of ['britain', 'germany']) {
    nation(state, id).tech['aircraft-carriers'] = 1;
    nation(state, id).tech['improved-fighters'] = 2;
  }
}

test('GW-P07-NAVCOMBAT-02, GW-UNIT-37 (D-AIR-36): fighters on board an undamaged carrier intercept the attacking aircraft first; an air round costs the attackers fuel they needed', () => {
  const state = northSea({ germany: { carrier: 1, fighter: 1 } }, { bomber: 2 });
  carrierNations(state);
  board(state, 'germany', 'fighter', 'carrier');
  // Air round: the bombers (1) miss, the fighter (3) hits, on Britain's fictive unit (D-COMBAT-1); the bombers have 2
  // fuel left, just enough to fly home, and must.
  const events = turn(state, { britain: 'fly 2 bombers from London to North Sea' }, [9, 9, 1]);
  assert.deepEqual(eventsOf(events, 'air-combat').map((e) => [e['area'], e['interceptors']]), [['north-sea', { fighter: 1 }]]);
  assert.deepEqual(eventsOf(events, 'air-combat-round').map((e) => (e['sides'] as { absorbed: number }[]).map((x) => x.absorbed)), [[1, 0]]);
  assert.deepEqual(eventsOf(events, 'landing').map((e) => [e['reason'], e['units']]), [['fuel', { bomber: 2 }]]);
  assert.equal(eventsOf(events, 'naval-battle').length, 0);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany carrier': 1, 'germany fighter': 1 });
  assert.deepEqual(clean(state), []);
});

test('GW-UNIT-41, GW-P07-NAVCOMBAT-06, GW-P07-NAVCOMBAT-10 (D-AIR-34, D-AIR-36): a damaged carrier launches no fighters; AA guns on board fire once at the aircraft, and their hits fall on aircraft only', () => {
  const state = northSea({ germany: { carrier: 1, fighter: 1, 'aa-gun': 1 } }, { bomber: 2 });
  carrierNations(state);
  nation(state, 'germany').tech['improved-aa-guns'] = 1;
  board(state, 'germany', 'fighter', 'carrier');
  board(state, 'germany', 'aa-gun', 'carrier');
  state.board.units.find((u) => u.type === 'carrier')!.damage = 1;
  // No interception; the carrier's defence misses (9); its AA gun hits (1): a bomber falls; round 1: the bomber's hit
  // is taken by the fictive unit, the carrier misses; the bomber flies home for fuel.
  const events = turn(state, { britain: 'fly 2 bombers from London to North Sea' }, [9, 1, 1, 9]);
  assert.equal(eventsOf(events, 'air-combat').length, 0);
  assert.deepEqual(eventsOf(events, 'aa-fire').map((e) => [e['area'], e['hits'], e['lost']]), [['north-sea', 1, 1]]);
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['units'], e['by']]), [[{ bomber: 1 }, 'aa']].slice(0, eventsOf(events, 'losses').length));
  assert.equal(unitsIn(state, 'london')['britain bomber'], 1);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany carrier': 1, 'germany fighter': 1, 'germany aa-gun': 1 });
  assert.deepEqual(clean(state), []);
});

test('GW-UNIT-36, GW-UNIT-38, GW-UNIT-42, GW-UNIT-43, GW-UNIT-55 (D-AIR-33): fighters with 5 fuel land on a carrier of their nation by a flight to its zone, two to a basic carrier, even a damaged one; no bombers; no carrier advance, no landing', () => {
  const state = scene({ 'north-sea': { britain: { carrier: 1 } }, london: { britain: { fighter: 3, bomber: 1 } } });
  state.board.units.find((u) => u.type === 'carrier')!.damage = 1;
  const britain = nation(state, 'britain');
  britain.tech['improved-fighters'] = 2;
  assert.match(refusal(state, 'britain', 'fly 2 fighters from London to North Sea').message, /GW-UNIT-36/);
  britain.tech['aircraft-carriers'] = 1;
  assert.equal(refusal(state, 'britain', 'fly 3 fighters from London to North Sea').code, 'no-room');
  assert.match(refusal(state, 'britain', 'fly 1 bomber from London to North Sea').message, /GW-UNIT-43/);
  britain.tech['improved-fighters'] = 1;
  assert.match(refusal(state, 'britain', 'fly 1 fighter from London to North Sea').message, /4 fuel; a fighter needs 5 .*GW-UNIT-55/);
  britain.tech['improved-fighters'] = 2;
  const events = turn(state, { britain: 'fly 2 fighters from London to North Sea' }, []);
  assert.equal(eventsOf(events, 'flight')[0]!['carrier'], true);
  const carrier = state.board.units.find((u) => u.type === 'carrier')!;
  assert.deepEqual(state.board.units.filter((u) => u.aboard === carrier.id).map((u) => u.type), ['fighter', 'fighter']);
  assert.deepEqual(clean(state), []);
});

test('GW-UNIT-39 (D-AIR-34, D-AIR-35): a carrier carries its fighters when it sails; fighters on board a sunk carrier go down with it', () => {
  const state = scene({ 'north-sea': { britain: { carrier: 1, fighter: 2 } }, 'norwegian-sea': { germany: { battleship: 1 } } });
  war(state, 'britain', 'germany');
  carrierNations(state);
  board(state, 'britain', 'fighter', 'carrier');
  // The carrier sails into the German battleship; its fighters go with it. The carrier (attack 2) misses three times;
  // the battleship (defence 8) hits each round: the fictive unit takes the first, the second damages the carrier, the third sinks it.
  const events = turn(state, { britain: 'sail 1 carrier from North Sea to Norwegian Sea' }, [9, 1, 9, 1, 9, 1]);
  assert.equal(eventsOf(events, 'naval-battle').length, 1);
  assert.deepEqual(eventsOf(events, 'lost-aboard').map((e) => [e['at'], e['units']]), [['norwegian-sea', { fighter: 2 }]]);
  assert.deepEqual(unitsIn(state, 'norwegian-sea'), { 'germany battleship': 1 });
  assert.deepEqual(unitsIn(state, 'north-sea'), {});
  assert.deepEqual(clean(state), []);
});

test('D-AIR-34, GW-P08-LANDMOVE-02: whole turns: fighters stay on board their carrier between turns and sail with it; a bomber attack at sea; invariants hold', () => {
  const script = Array.from({ length: 900 }, (_, i) => ((i * 7) % 10) + 1);
  let game = newGame(script);
  const s = game.position.state;
  scene({ 'irish-sea': { britain: { carrier: 1, fighter: 2 } }, london: { britain: { infantry: 1, bomber: 2 } }, 'north-sea': { germany: { cruiser: 2 } } }, s);
  carrierNations(s);
  board(s, 'britain', 'fighter', 'carrier');
  war(s, 'britain', 'germany');
  assert.deepEqual(greatWar.invariants!(s), []);
  const t = playTurn(game, { britain: { text: 'sail 1 carrier from Irish Sea to Middle Atlantic\nfly 2 bombers from London to North Sea' } });
  game = t.game;
  const after = game.position.state;
  assert.equal(unitsIn(after, 'middle-atlantic')['britain fighter'], 2);
  assert.ok(after.board.units.filter((u) => u.type === 'fighter' && u.at === 'middle-atlantic').every((u) => u.aboard !== undefined));
  assert.ok(eventsOf(t.events, 'naval-battle').some((e) => e['area'] === 'north-sea'));
  assert.ok(after.board.units.filter((u) => u.type === 'bomber' && u.nation === 'britain').every((u) => u.at !== 'north-sea'));
  assert.deepEqual(greatWar.invariants!(after), []);
});

test('GW-P07-NAVCOMBAT-06 (D-NAV-20, D-EQUIP-5): an AA gun carried as cargo on a transport is stowed: it does not fire at attacking aircraft', () => {
  const state = northSea({ germany: { transport: 1, cruiser: 1 } }, { bomber: 2 });
  const transport = state.board.units.find((u) => u.nation === 'germany' && u.type === 'transport')!;
  state.board.units.push({ id: 'germany-aa', nation: 'germany', type: 'aa-gun', at: 'north-sea', damage: 0, aboard: transport.id });
  nation(state, 'germany').tech['improved-aa-guns'] = 1;
  const events = turn(state, { britain: 'fly 2 bombers from London to North Sea' }, [9, 9, 1, 1, 9, 9]);
  assert.deepEqual(eventsOf(events, 'aa-fire'), []);
  assert.ok(!rollsOf(events).some((r) => r.includes('AA gun')));
  assert.deepEqual(eventsOf(events, 'ship-fire').map((e) => e['ships']), [{ transport: 1, cruiser: 1 }], 'the ships themselves fire their defence');
});
