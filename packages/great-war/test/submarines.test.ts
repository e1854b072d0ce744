import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, type GameEvent } from '@umpire/engine';
import {
  greatWar,
  landInvariants,
  mayBeIntercepted,
  searchCapability,
  type GreatWarState,
} from '../src/index.js';
import { eventsOf, newGame, ordersFor, playTurn, scene, step, unitsIn, refusalOf, rollsOf, runPhases } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: phases 5, 6, 6.1 and 7 with typed orders and scripted dice.

const subs = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'submarine-detection', 'naval-combat');

const rolls = rollsOf;
const refusal = refusalOf;
type Side = { role: string; fired: boolean; hits: number; absorbed: number; sunk: number };
const rounds = (events: readonly GameEvent[]) => eventsOf(events, 'submarine-round').map((e) => (e['sides'] as Side[]).map((s) => [s.fired, s.hits, s.absorbed, s.sunk]));
const clean = (state: GreatWarState) => landInvariants(state);

// ---------------------------------------------------------------------------------------------------------------
// Phase 5: submarine detection.

test('GW-P05-SUBDET-01, GW-P05-SUBDET-02, GW-P05-SUBDET-06, GW-P05-SUBDET-08, GW-P05-SUBDET-09, GW-P05-SUBDET-10, GW-UNIT-46 (D-NAV-10, D-NAV-11): ships with enemy submarines in their zone hunt them: each rolls 1D10 at its detection value, and only those that find them fight all the submarines there', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 1, cruiser: 2 }, germany: { submarine: 2 } } });
  // Detection: the battleship rolls 4 (3 needed), cruiser #1 5 (5 needed: found), cruiser #2 6.
  // Round 1 (free): the cruiser hits (2), the German fictive unit takes it. Round 2: the cruiser hits (1), the submarines miss (9, 9).
  // Round 3: the cruiser hits (3), the last submarine misses (10).
  const events = subs(state, { britain: 'hunt with 1 battleship, 2 cruisers in North Sea' }, [4, 5, 6, 2, 1, 9, 9, 3, 10]);
  assert.deepEqual(rolls(events), [
    'Britain searches the North Sea for submarines: battleship #1 = 4',
    'Britain searches the North Sea for submarines: cruiser #1 = 5',
    'Britain searches the North Sea for submarines: cruiser #2 = 6',
    'Britain attacks the submarines in the North Sea, round 1: cruiser #1 = 2',
    'Britain attacks the submarines in the North Sea, round 2: cruiser #1 = 1',
    "Germany's submarines defend in the North Sea, round 2: submarine #1 = 9",
    "Germany's submarines defend in the North Sea, round 2: submarine #2 = 9",
    'Britain attacks the submarines in the North Sea, round 3: cruiser #1 = 3',
    "Germany's submarines defend in the North Sea, round 3: submarine #1 = 10",
  ]);
  assert.deepEqual(eventsOf(events, 'detection').map((e) => [e['searching'], e['found']]), [[{ battleship: 1, cruiser: 2 }, { cruiser: 1 }]]);
  assert.deepEqual(eventsOf(events, 'submarine-battle').map((e) => [e['kind'], e['attackers'], e['defenders']]), [['hunt', [{ nation: 'britain', units: { cruiser: 1 } }], [{ nation: 'germany', units: { submarine: 2 } }]]]);
  assert.deepEqual(eventsOf(events, 'submarine-battle-result').map((e) => [e['winner'], e['rounds']]), [['attacker', 3]]);
  // The ships that failed stay in the zone, untouched.
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain battleship': 1, 'britain cruiser': 2 });
  for (const e of events.filter((x) => x.type !== 'roll' && x.type !== 'decision')) assert.ok(greatWar.describeEvent!(e), e.type);
  assert.deepEqual(clean(state), []);
});

test('GW-P05-SUBDET-04, GW-P05-SUBDET-06, GW-P05-SUBDET-08, GW-P07-NAVCOMBAT-11 (D-NAV-10, D-NAV-14): the detection values of the unit table (submarine 1, battleship 3, destroyer 5; transports none); a submarine hunts at 1, and the hunted submarine\'s hit sinks it: submarine hits fall on ships, never on the fictive unit', () => {
  const state = scene({ 'north-sea': { britain: { submarine: 1 }, germany: { submarine: 1 } } });
  assert.deepEqual(
    ['submarine', 'battleship', 'cruiser', 'transport', 'carrier'].map((t) => searchCapability(state, 'britain', t)),
    [1, 3, 5, null, 2],
  );
  // Found on a 1. Round 1: the British submarine misses (10). Round 2: it misses again (10); the German one hits (1 at 2).
  const events = subs(state, { britain: 'hunt with 1 submarine in North Sea' }, [1, 10, 10, 1]);
  assert.deepEqual(rounds(events), [
    [
      [true, 0, 0, 0],
      [false, 0, 0, 0],
    ],
    [
      [true, 0, 0, 1],
      [true, 1, 0, 0],
    ],
  ]);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany submarine': 1 });
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['nation'], e['units']]), [['britain', { submarine: 1 }]]);
});

test('GW-P05-SUBDET-16, GW-P06-NAV-08, GW-P06-NAV-19 (D-NAV-10): the hunt is the ships\' action for the turn: they may not also sail or be repaired, form no task force and cannot be intercepted; transports do not hunt (G14); no enemy submarine, no hunt', () => {
  const state = scene({ 'north-sea': { britain: { cruiser: 2, transport: 1, battleship: 1 }, germany: { submarine: 1 } } });
  state.board.units.find((u) => u.type === 'battleship')!.damage = 1;
  const twice = refusal(state, 'britain', 'hunt with 2 cruisers in North Sea\nsail 1 cruiser from North Sea to Skagerrak');
  assert.equal(twice.code, 'not-enough-units');
  assert.equal(twice.line, 2);
  assert.match(twice.message, /already given a task this turn/);
  assert.equal(refusal(state, 'britain', 'hunt with 1 battleship in North Sea\nrepair 1 battleship in North Sea').code, 'not-enough-units');
  assert.equal(refusal(state, 'britain', 'hunt with 1 transport in North Sea').code, 'cannot-hunt');
  assert.equal(refusal(state, 'britain', 'hunt with all in North Sea').code, 'cannot-hunt');
  assert.equal(refusal(state, 'britain', 'hunt with 1 cruiser in Skagerrak').code, 'not-enough-units');
  const calm = scene({ 'english-channel': { britain: { cruiser: 1 } } });
  assert.equal(refusal(calm, 'britain', 'hunt with 1 cruiser in English Channel').code, 'no-enemy-submarines');
  // Both cruisers miss (6, 7); the German submarine lies in wait, but the hunters form no task force: nothing to intercept.
  const events = subs(state, { britain: 'hunt with 2 cruisers in North Sea', germany: 'ambush with 1 submarine in North Sea' }, [6, 7]);
  assert.deepEqual(eventsOf(events, 'submarine-battle'), []);
  assert.deepEqual(eventsOf(events, 'order-void').map((e) => [e['phase'], e['code']]), [['submarine-interception', 'no-target']]);
});

test('GW-P05-SUBDET-11, GW-P05-SUBDET-12, GW-P05-SUBDET-14, GW-P05-SUBDET-15 (D-NAV-11, D-NAV-12): the hunters fire alone in round 1; after a round either side may disengage: submarines stay or slip into a neighbouring zone, hunters stay', () => {
  // The submarines disengage after the free round and stay, without firing a shot.
  const a = scene({ 'north-sea': { britain: { cruiser: 2 }, germany: { submarine: 2 } } });
  const e1 = subs(a, { britain: 'hunt with 2 cruisers in North Sea', germany: 'disengage from North Sea after round 1' }, [1, 1, 10, 10]);
  assert.ok(!rolls(e1).some((r) => r.startsWith("Germany's")), 'the submarines hold their fire in round 1');
  assert.deepEqual(eventsOf(e1, 'disengage').map((e) => [e['nation'], e['role'], e['to'] ?? 'stays']), [['germany', 'defender', 'stays']]);
  assert.deepEqual(unitsIn(a, 'north-sea'), { 'britain cruiser': 2, 'germany submarine': 2 });
  // After round 2 they slip into the Norwegian Sea, as their order says.
  const b = scene({ 'north-sea': { britain: { cruiser: 2 }, germany: { submarine: 2 } }, 'norwegian-sea': {} });
  const e2 = subs(b, { britain: 'hunt with 2 cruisers in North Sea', germany: 'disengage from North Sea to Norwegian Sea after round 2' }, [1, 1, 10, 10, 10, 10, 10, 10]);
  assert.deepEqual(eventsOf(e2, 'disengage').map((e) => [e['nation'], e['round'], e['to']]), [['germany', 2, 'norwegian-sea']]);
  assert.deepEqual(unitsIn(b, 'norwegian-sea'), { 'germany submarine': 2 });
  // The hunters disengage after round 1 and stay where they are.
  const c = scene({ 'north-sea': { britain: { cruiser: 2 }, germany: { submarine: 2 } } });
  const e3 = subs(c, { britain: 'hunt with 2 cruisers in North Sea\ndisengage from North Sea to Skagerrak after round 1' }, [1, 1, 10, 10]);
  assert.deepEqual(eventsOf(e3, 'disengage').map((e) => [e['nation'], e['role'], e['to'] ?? 'stays']), [['britain', 'attacker', 'stays']]);
  assert.deepEqual(unitsIn(c, 'north-sea'), { 'britain cruiser': 2, 'germany submarine': 2 });
  assert.deepEqual(clean(c), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Phase 6.1: submarine interception.

test('GW-P06-SUBINT-02, GW-P06-SUBINT-03, GW-P06-SUBINT-04 (D-NAV-13): submarines may intercept a task force moving into, out of or through their zone, or a transport task force offloading there; not one that stays and does nothing', () => {
  const force = (from: string, to: string, path: string[], task = 'engage') => ({ from, to, path, task });
  assert.equal(mayBeIntercepted(force('skagerrak', 'north-sea', ['skagerrak', 'north-sea']), 'north-sea'), true, 'into');
  assert.equal(mayBeIntercepted(force('north-sea', 'skagerrak', ['north-sea', 'skagerrak']), 'north-sea'), true, 'out of');
  assert.equal(mayBeIntercepted(force('skagerrak', 'english-channel', ['skagerrak', 'north-sea', 'english-channel']), 'north-sea'), true, 'through');
  assert.equal(mayBeIntercepted(force('north-sea', 'north-sea', ['north-sea'], 'transport'), 'north-sea', true), true, 'offloading');
  assert.equal(mayBeIntercepted(force('north-sea', 'north-sea', ['north-sea'], 'transport'), 'north-sea', false), false, 'staying to load only (D-NAV-28)');
  assert.equal(mayBeIntercepted(force('north-sea', 'north-sea', ['north-sea'], 'escort'), 'north-sea'), false, 'staying, no landing');
  assert.equal(mayBeIntercepted(force('skagerrak', 'baltic-sea', ['skagerrak', 'baltic-sea']), 'north-sea'), false, 'elsewhere');
});

test('GW-P06-SUBINT-01, GW-P06-SUBINT-05, GW-P06-NAV-03, GW-UNIT-45, GW-P07-NAVCOMBAT-11 (D-NAV-13, D-NAV-14): submarines split among task forces chosen by what can be seen (smallest, largest, transports); each fight takes one task force, not the ships that stay', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 1, cruiser: 3, transport: 1 }, germany: { submarine: 6 } }, skagerrak: {}, 'norwegian-sea': {}, 'english-channel': {} });
  const britain = ['sail 1 cruiser from North Sea to Skagerrak', 'sail 1 battleship, 1 cruiser from North Sea to Norwegian Sea', 'sail 1 transport from North Sea to English Channel'].join('\n');
  const germany = ['ambush with 2 submarines in North Sea for the smallest', 'ambush with 2 submarines in North Sea', 'ambush with 2 subs in North Sea for transports', 'disengage from North Sea after round 1'].join('\n');
  // TF1 (1 cruiser): 1 and 9, a hit that sinks it (no fictive unit takes a submarine's hit). TF2: 10, 10, then the submarines
  // disengage. TF3 (1 transport): 3 and 10, sunk.
  const events = subs(state, { britain, germany }, [1, 9, 10, 10, 3, 10]);
  assert.deepEqual(eventsOf(events, 'interception').map((e) => [e['force'], e['target'], e['units']]), [
    ['TF1', 'smallest', { submarine: 2 }],
    ['TF2', 'largest', { submarine: 2 }],
    ['TF3', 'transports', { submarine: 2 }],
  ]);
  assert.deepEqual(rolls(events), [
    "Germany's submarines attack task force TF1 in the North Sea, round 1: submarine #1 = 1",
    "Germany's submarines attack task force TF1 in the North Sea, round 1: submarine #2 = 9",
    "Germany's submarines attack task force TF2 in the North Sea, round 1: submarine #1 = 10",
    "Germany's submarines attack task force TF2 in the North Sea, round 1: submarine #2 = 10",
    "Germany's submarines attack task force TF3 in the North Sea, round 1: submarine #1 = 3",
    "Germany's submarines attack task force TF3 in the North Sea, round 1: submarine #2 = 10",
  ]);
  assert.deepEqual(rounds(events), [
    [
      [true, 1, 0, 0],
      [false, 0, 0, 1],
    ],
    [
      [true, 0, 0, 0],
      [false, 0, 0, 0],
    ],
    [
      [true, 1, 0, 0],
      [false, 0, 0, 1],
    ],
  ]);
  assert.deepEqual(unitsIn(state, 'skagerrak'), {});
  assert.deepEqual(unitsIn(state, 'english-channel'), {});
  assert.deepEqual(unitsIn(state, 'norwegian-sea'), { 'britain battleship': 1, 'britain cruiser': 1 });
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain cruiser': 1, 'germany submarine': 6 });
  for (const e of events.filter((x) => x.type !== 'roll' && x.type !== 'decision')) assert.ok(greatWar.describeEvent!(e), e.type);
  assert.deepEqual(clean(state), []);
});

test('GW-P06-SUBINT-06, GW-P06-SUBINT-07, GW-P07-NAVCOMBAT-15, GW-P07-NAVCOMBAT-16 (D-NAV-14): the submarines strike first; then the task force\'s ships fire back (only they); the first hit on the submarines goes to their fictive unit; submarines that retreat stay in their zone', () => {
  const state = scene({ 'north-sea': { britain: { cruiser: 2 }, germany: { submarine: 2 } }, 'norwegian-sea': {} });
  // Round 1: the submarines miss (10, 10), the cruiser holds its fire. Round 2: 10, 10; the sailing cruiser hits (1): absorbed.
  const events = subs(state, { britain: 'sail 1 cruiser from North Sea to Norwegian Sea', germany: 'ambush with all submarines in North Sea\ndisengage from North Sea after round 2' }, [10, 10, 10, 10, 1]);
  assert.deepEqual(rolls(events).slice(2), [
    "Germany's submarines attack task force TF1 in the North Sea, round 2: submarine #1 = 10",
    "Germany's submarines attack task force TF1 in the North Sea, round 2: submarine #2 = 10",
    'Britain defends task force TF1 in the North Sea, round 2: cruiser #1 = 1',
  ]);
  assert.deepEqual(rounds(events), [
    [
      [true, 0, 0, 0],
      [false, 0, 0, 0],
    ],
    [
      [true, 0, 1, 0],
      [true, 1, 0, 0],
    ],
  ]);
  assert.deepEqual(eventsOf(events, 'disengage').map((e) => [e['nation'], e['role'], e['to'] ?? 'stays']), [['germany', 'attacker', 'stays']]);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain cruiser': 1, 'germany submarine': 2 });
  assert.deepEqual(unitsIn(state, 'norwegian-sea'), { 'britain cruiser': 1 });
  // Submarines attacking submarines strike first too: one hit (4) sinks a British submarine sailing out.
  const duel = scene({ 'north-sea': { britain: { submarine: 1 }, germany: { submarine: 1 } }, skagerrak: {} });
  const e2 = subs(duel, { britain: 'sail 1 submarine from North Sea to Skagerrak', germany: 'ambush with 1 submarine in North Sea' }, [4]);
  assert.deepEqual(eventsOf(e2, 'losses').map((e) => [e['nation'], e['units']]), [['britain', { submarine: 1 }]]);
  // Submarines that sailed this turn, or hunted, do not also lie in wait: one order a ship.
  assert.equal(refusal(duel, 'germany', 'sail 1 submarine from North Sea to Skagerrak\nambush with 1 submarine in North Sea').code, 'not-enough-units');
});

test('GW-UNIT-44, GW-P07-NAVCOMBAT-01 (D-NAV-15): submarines take no part in a surface battle in their zone: they neither fire nor are lost', () => {
  const state = scene({ 'north-sea': { britain: { cruiser: 1 }, germany: { submarine: 2 } }, skagerrak: { germany: { cruiser: 1 } } });
  // Round 1: German cruiser 1 (absorbed), British 10. Round 2: German 1 sinks the British cruiser; British 1 (absorbed).
  const events = subs(state, { germany: 'sail 1 cruiser from Skagerrak to North Sea' }, [1, 10, 1, 1]);
  assert.ok(!rolls(events).some((r) => r.includes('submarine')));
  assert.deepEqual(eventsOf(events, 'naval-battle').map((e) => e['attackers']), [[{ nation: 'germany', units: { cruiser: 1 } }]]);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany submarine': 2, 'germany cruiser': 1 });
});

// ---------------------------------------------------------------------------------------------------------------
// Orders.

test('hunt, disengage and ambush orders: text and JSON both ways, located errors with suggestions', () => {
  const state = scene({ 'north-sea': { britain: { cruiser: 2 }, germany: { submarine: 3 } } });
  const text = 'hunt with 2 cruisers in North Sea\ndisengage from North Sea after round 2';
  const orders = ordersFor(state, 'britain', text);
  assert.deepEqual(orders.orders, [
    { kind: 'hunt', at: 'north-sea', units: { cruiser: 2 } },
    { kind: 'disengage', from: 'north-sea', after: 2 },
  ]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'britain', step }), `${text}\n`);
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'britain', step }).ok);
  assert.deepEqual(ordersFor(state, 'britain', 'hunt 1 cruiser in north sea').orders, [{ kind: 'hunt', at: 'north-sea', units: { cruiser: 1 } }]);
  const german = 'ambush with 2 submarines in North Sea for transports\nambush with 1 submarine in North Sea for the smallest\ndisengage from North Sea to Norwegian Sea when outnumbered';
  const g = ordersFor(state, 'germany', german);
  assert.deepEqual(g.orders, [
    { kind: 'ambush', at: 'north-sea', units: { submarine: 2 }, target: 'transports' },
    { kind: 'ambush', at: 'north-sea', units: { submarine: 1 }, target: 'smallest' },
    { kind: 'disengage', from: 'north-sea', to: 'norwegian-sea', when: 'outnumbered' },
  ]);
  assert.equal(greatWar.formatOrders(g, { state, seat: 'germany', step }), 'ambush with 2 submarines in North Sea for transports\nambush with 1 submarine in North Sea for the smallest\ndisengage from North Sea to Norwegian Sea when outnumbered\n');
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(g)), { state, seat: 'germany', step }).ok);
  assert.deepEqual(ordersFor(state, 'germany', 'ambush with all in North Sea for the largest').orders, [{ kind: 'ambush', at: 'north-sea', units: { submarine: 'all' } }]);

  const typo = refusal(state, 'britain', 'hunt with 2 cruisers in Nort Sea');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['unknown-area', 1, 25, 'North Sea']);
  const target = refusal(state, 'germany', 'ambush with 2 submarines in North Sea for transprts');
  assert.deepEqual([target.code, target.column, target.suggestion], ['unknown-target', 43, 'transports']);
  assert.equal(refusal(state, 'britain', 'ambush with 1 cruiser in North Sea').code, 'not-submarines');
  assert.equal(refusal(state, 'germany', 'disengage from North Sea to Baltic Sea after round 1').code, 'not-adjacent');
  assert.equal(refusal(state, 'germany', 'disengage from North Sea after round 1\ndisengage from North Sea when outnumbered').code, 'one-disengage-order');
  assert.equal(refusal(state, 'germany', 'disengage from London after round 1').code, 'not-a-sea-zone');
  assert.equal(refusal(state, 'germany', 'ambush with 4 submarines in North Sea').code, 'not-enough-units');
  const italy = scene({ 'tyrrhenian-sea': { italy: { submarine: 1 } } });
  assert.equal(refusal(italy, 'italy', 'ambush with 1 submarine in Tyrrhenian Sea').code, 'not-at-war');

  const json = greatWar.checkOrders(
    {
      orders: [
        { kind: 'hunt', at: 'north-se', units: { cruiser: 1 }, natoin: 'britain' },
        { kind: 'ambush', at: 'north-sea', units: { submarine: 1 }, target: 'larges' },
        { kind: 'ambush', at: 'north-sea', units: 'all' },
        { kind: 'disengage', from: 'north-sea' },
        { kind: 'hunt', at: 'north-sea', units: { transport: 1 } },
      ],
    },
    { state, seat: 'britain', step },
  );
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-field', '$.orders[0].natoin', 'nation'],
      ['unknown-area', '$.orders[0].at', 'north-sea'],
      ['unknown-target', '$.orders[1].target', 'largest'],
      ['not-submarines', '$.orders[2].units', undefined],
      ['disengage-when', '$.orders[3]', undefined],
      ['cannot-hunt', '$.orders[4].units.transport', undefined],
    ],
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Whole turns.

test('D-NAV-10, D-NAV-13, GW-UNIT-46: whole turns with the 1914 fleets: German submarines sail into the North Sea, then the Grand Fleet hunts them while they lie in wait for a sailing; every event is reported, invariants hold, the record replays', () => {
  const script = [5, ...Array.from({ length: 900 }, (_, i) => ((i * 7) % 10) + 1)]; // turn 1 rolls only its US Entry economic roll (D-USA-6)
  let game = playTurn(newGame(script), { germany: { text: 'sail 2 submarines from Skagerrak to North Sea' } }).game;
  assert.deepEqual(unitsIn(game.position.state, 'north-sea')['germany submarine'], 2);
  const turn = playTurn(game, {
    britain: { text: 'hunt with 3 cruisers, 2 battleships in North Sea\nsail 2 battleships, 1 cruiser from North Sea to English Channel\ndisengage from North Sea after round 3' },
    germany: { text: 'ambush with all submarines in North Sea\ndisengage from North Sea when outnumbered\nlosses submarine' },
  });
  game = turn.game;
  const events = turn.events;
  // With this script: a battleship and two cruisers find the submarines and sink one (the fictive unit takes the other
  // hit); the last one disengages, outnumbered, stays, and strikes at the task force sailing out, then breaks off again.
  assert.deepEqual(eventsOf(events, 'detection').map((e) => e['found']), [{ battleship: 1, cruiser: 2 }]);
  assert.deepEqual(eventsOf(events, 'losses').filter((e) => e['area'] === 'north-sea').map((e) => [e['nation'], e['units']]), [['germany', { submarine: 1 }]]);
  assert.deepEqual(eventsOf(events, 'interception').map((e) => [e['force'], e['forceNation'], e['units']]), [['TF1', 'britain', { submarine: 1 }]]);
  assert.deepEqual(eventsOf(events, 'disengage').map((e) => [e['kind'], e['nation']]), [
    ['hunt', 'germany'],
    ['interception', 'germany'],
  ]);
  assert.equal(unitsIn(game.position.state, 'north-sea')['germany submarine'], 1);
  for (const e of events.filter((x) => ['detection', 'interception', 'submarine-battle', 'submarine-round', 'submarine-battle-result', 'disengage', 'losses', 'ship-damaged'].includes(x.type))) assert.ok(greatWar.describeEvent!(e), e.type);
  assert.deepEqual(greatWar.invariants!(game.position.state), []);
  assert.deepEqual(landInvariants(game.position.state), []);
  const check = replay(greatWar, game.record);
  assert.ok(check.ok, check.mismatch?.message);
});
