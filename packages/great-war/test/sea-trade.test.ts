import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, ok, replay, type GameEvent } from '@umpire/engine';
import {
  blockadeZones,
  describeSeaTradeEvent,
  economicWarInvariants,
  greatWar,
  incomeOf,
  manpowerLimit,
  numberedZones,
  resolveEconomicWar,
  resolveResources,
  seaTradeRules,
  shippingLosses,
  sinkBritishTrade,
  starvationLoss,
  theWorld,
  uncollectedMilitaryResources,
  zonesAroundBritain,
  type GreatWarState,
} from '../src/index.js';
import { eventsOf, must, nation, newGame, openingState, phaseContext, playTurn, scene, war, type GwGame, quietTurns } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: the 1914 state with the sea lanes emptied and ships put in by hand; phase 15 run directly, after the
// turn's collection (phase 14) as in a turn, or whole turns played from such a state.

/** Every zone the economic war looks at: the numbered ones, the zones around Britain, the blockade zones. */
const LANES = ['northern-atlantic', 'middle-atlantic', 'southern-atlantic', 'irish-sea', 'english-channel', 'north-sea', 'skagerrak', 'norwegian-sea', 'sea-of-okhotsk'];

/**
 * The 1914 state with every lane empty, then the ships of `ships` ({zone: {nation: {type: count}}}) put in, given the
 * blockade task for the turn (as `sail ... as blockade` would, D-NAV-27) unless `declared` is false.
 */
function seas(ships: Record<string, Record<string, Record<string, number>>> = {}, state: GreatWarState = openingState(), declared = true): GreatWarState {
  scene(Object.fromEntries(LANES.map((z) => [z, {}])), state);
  scene(ships, state);
  state.sea.blockade = declared ? state.board.units.filter((u) => u.at in ships).map((u) => u.id).sort() : [];
  return state;
}

/** More ships put in, given the blockade task as well. */
function moreSeas(ships: Record<string, Record<string, Record<string, number>>>, state: GreatWarState): GreatWarState {
  const before = new Set(state.board.units.map((u) => u.id));
  scene(ships, state);
  state.sea.blockade = [...state.sea.blockade, ...state.board.units.filter((u) => !before.has(u.id) && u.at in ships).map((u) => u.id)].sort();
  return state;
}

/** Phases 14 (collection, no gifts) and 15 (the economic war) on `state`; the economic war's events. No die is rolled. */
function endOfTurn(state: GreatWarState): GameEvent[] {
  resolveResources(state, new Map(), phaseContext([]));
  const ctx = phaseContext([]);
  resolveEconomicWar(state, new Map(), ctx);
  return ctx.events;
}

/** The economic war alone (phase 15), without a collection before it; with `again`, the blockades declared stand for another call. */
function economicWar(state: GreatWarState, again = false): GameEvent[] {
  const ctx = phaseContext([]);
  const declared = [...state.sea.blockade];
  resolveEconomicWar(state, new Map(), ctx);
  assert.deepEqual(state.sea.blockade, [], "phase 15 ends the turn's blockades");
  if (again) state.sea.blockade = declared;
  return ctx.events;
}

function gameFrom(state: GreatWarState, script: number[] = []): GwGame {
  return must(createGame<GreatWarState>({ ...greatWar, setup: () => ok(structuredClone(state)) }, { gameId: 't', dice: { mode: 'scripted', script: [...script, ...quietTurns()] } }));
}

/** What each nation got from the US trade, by status: 'britain 10', 'germany blockaded', ... */
const trade = (events: readonly GameEvent[]) => eventsOf(events, 'us-trade').map((e) => `${String(e['nation'])} ${e['status'] === 'delivered' ? String(e['received']) : String(e['status'])}`);
const losses = (events: readonly GameEvent[]) => eventsOf(events, 'shipping-losses')[0];
const lines = (events: readonly GameEvent[]) => events.map((e) => describeSeaTradeEvent(e));
const isles = (state: GreatWarState) => nation(state, 'britain').manpower.find((m) => m.region === 'home')!;

/** German submarines, one in each zone around Britain. */
const cordon = (): Record<string, Record<string, Record<string, number>>> => Object.fromEntries(zonesAroundBritain(theWorld()).map((z) => [z, { germany: { submarine: 1 } }]));

const ALL_TRADE = ['britain 10', 'germany 8', 'france 5', 'russia 5'];

// ---------------------------------------------------------------------------------------------------------------
// Submarine warfare

test("GW-P15-SUBW-01 GW-P15-SUBW-03 GW-P15-SUBW-06 GW-P15-SUBW-08 GW-P15-SUBW-10 D-SEA-4: the rule book's example: 1 German submarine in the North Sea and 2 in the Middle Atlantic cost Britain 2 + 6 = 8 of this turn's income", () => {
  const s = seas({ 'north-sea': { germany: { submarine: 1 } }, 'middle-atlantic': { germany: { submarine: 2 } } });
  const events = endOfTurn(s);
  assert.deepEqual(losses(events), {
    type: 'shipping-losses',
    nation: 'britain',
    zones: [
      { zone: 'middle-atlantic', value: 3, ships: 2, counted: 2, loss: 6 },
      { zone: 'north-sea', value: 2, ships: 1, counted: 1, loss: 2 },
    ],
    loss: 8,
    taken: 8,
    collected: 124,
    treasury: 124 + 124 - 8,
    visibleTo: ['britain'],
  });
  assert.equal(describeSeaTradeEvent(losses(events)!), "Enemy ships on Britain's trade routes cost it 8: Middle Atlantic 2 ships x 3 = 6, North Sea 1 ship x 2 = 2; treasury now 240.");
  // The US trade follows (the North Atlantic is free, so Britain's route is open): 248 - 8 + 10.
  assert.equal(nation(s, 'britain').treasury, 124 + 124 - 8 + 10);
  assert.deepEqual([nation(s, 'britain').ledger.lostAtSea, nation(s, 'britain').ledger.usTrade, nation(s, 'britain').ledger.end], [8, 10, 250]);
});

test('GW-P15-SUBW-05 GW-P15-SUBW-06 GW-P15-SUBW-07 GW-P15-SUBW-08 GW-P15-SUBW-09 D-SEA-3: the zones are numbered as on the map (North Atlantic 4, Middle and Southern Atlantic 3, North Sea and English Channel 2); other zones cost nothing', () => {
  assert.deepEqual(numberedZones(theWorld()), [
    { zone: 'northern-atlantic', value: 4 },
    { zone: 'middle-atlantic', value: 3 },
    { zone: 'southern-atlantic', value: 3 },
    { zone: 'english-channel', value: 2 },
    { zone: 'north-sea', value: 2 },
  ]);
  const one = { germany: { cruiser: 1 } };
  const s = seas({ 'northern-atlantic': one, 'middle-atlantic': one, 'southern-atlantic': one, 'english-channel': one, 'north-sea': one, 'irish-sea': { germany: { submarine: 3 } }, 'bay-of-biscay': { germany: { submarine: 2 } } });
  const e = losses(endOfTurn(s))!;
  assert.deepEqual((e['zones'] as { zone: string; loss: number }[]).map((z) => [z.zone, z.loss]), [
    ['northern-atlantic', 4],
    ['middle-atlantic', 3],
    ['southern-atlantic', 3],
    ['english-channel', 2],
    ['north-sea', 2],
  ]);
  assert.equal(e['loss'], 14);
});

test('GW-P15-SUBW-04: at most 4 ships a zone are counted', () => {
  const s = seas({ 'northern-atlantic': { germany: { submarine: 4, cruiser: 2 } }, 'english-channel': { germany: { submarine: 4 } } });
  const events = endOfTurn(s);
  const e = losses(events)!;
  assert.deepEqual(e['zones'], [
    { zone: 'northern-atlantic', value: 4, ships: 6, counted: 4, loss: 16 },
    { zone: 'english-channel', value: 2, ships: 4, counted: 4, loss: 8 },
  ]);
  assert.equal(e['loss'], 24);
  assert.match(describeSeaTradeEvent(e)!, /North Atlantic 6 ships \(4 counted\) x 4 = 16, English Channel 4 ships x 2 = 8/);
});

test('GW-P15-SUBW-02 D-SEA-2: the warships of any nation at war with Britain count, surface ships as well as submarines; neutrals, allies, Britain and unarmed transports do not', () => {
  const s = seas({
    'english-channel': { 'austria-hungary': { battleship: 1 }, germany: { transport: 3 }, britain: { battleship: 5 } },
    'north-sea': { 'ottoman-empire': { submarine: 2 }, netherlands: { cruiser: 1 }, france: { cruiser: 1 } },
    'middle-atlantic': { japan: { cruiser: 1 } },
  });
  let e = losses(endOfTurn(structuredClone(s)))!;
  assert.deepEqual((e['zones'] as { zone: string; ships: number }[]).map((z) => [z.zone, z.ships]), [['english-channel', 1]], 'only the Austrian battleship: Japan is not at war with Britain');
  war(s, 'japan', 'britain');
  war(s, 'ottoman-empire', 'britain');
  e = losses(endOfTurn(s))!;
  assert.deepEqual((e['zones'] as { zone: string; ships: number }[]).map((z) => [z.zone, z.ships]), [
    ['middle-atlantic', 1],
    ['english-channel', 1],
    ['north-sea', 2],
  ]);
  assert.equal(e['loss'], 3 + 2 + 4);
  assert.deepEqual(losses(endOfTurn(seas({ 'north-sea': { germany: { transport: 4 } } }))), undefined, 'no event without an enemy warship');
});

test("D-SEA-4 GW-CONQ-02: the loss comes off this turn's collection: never more, so the treasury never falls below what Britain had saved, nor below 0", () => {
  const s = seas({ 'northern-atlantic': { germany: { submarine: 4 } }, 'middle-atlantic': { germany: { submarine: 4 } } });
  const britain = nation(s, 'britain');
  britain.treasury = 30;
  britain.ledger.collected = 20;
  assert.equal(sinkBritishTrade(s, phaseContext([])), 20, '28 of losses, 20 collected');
  assert.equal(britain.treasury, 10);
  // Bombing or conquest leaves nothing collected: nothing is lost at sea.
  britain.ledger.collected = 0;
  const ctx = phaseContext([]);
  assert.equal(sinkBritishTrade(s, ctx), 0);
  assert.equal(britain.treasury, 10);
  assert.match(describeSeaTradeEvent(ctx.events[0]!)!, /cost it 28: .*; 0 taken, all of this turn's collection of 0; treasury now 10\.$/);
  // A conquered Britain collects nothing in phase 14, and so loses nothing here.
  const c = seas({ 'north-sea': { germany: { submarine: 2 } } });
  c.conquered['britain'] = { since: 1, host: null, capitalHeldSince: null };
  nation(c, 'britain').treasury = 0;
  const events = endOfTurn(c);
  assert.deepEqual([losses(events)!['taken'], nation(c, 'britain').treasury], [0, 0]);
  assert.deepEqual(trade(events), ['britain conquered', 'germany 8', 'france 5', 'russia 5']);
});

// ---------------------------------------------------------------------------------------------------------------
// British starvation

test('GW-P15-STARVE-01 D-SEA-5: the sea zones directly around Britain are the five on the coasts of the British Isles', () => {
  assert.deepEqual(zonesAroundBritain(theWorld()), ['northern-atlantic', 'middle-atlantic', 'irish-sea', 'english-channel', 'north-sea']);
  assert.ok(!zonesAroundBritain(theWorld()).includes('southern-atlantic'), 'numbered, but an approach: it touches no British coast');
});

test('GW-P15-STARVE-01 GW-P15-STARVE-02 GW-P15-STARVE-03 GW-P15-STARVE-06 D-SEA-6: German submarines around Britain four turns running: nothing the first turn, then 3, 6 and 12 off the British Isles limit, the colonies untouched', () => {
  let game = gameFrom(seas(cordon()), [1, 2, 3]); // the Ottoman entry's sea battle on turn 3 (D-OTT-1)
  const colonies = nation(game, 'britain').manpower.slice(1).map((m) => m.limit);
  const seen: [number, number, number][] = [];
  for (let turn = 1; turn <= 4; turn++) {
    const played = playTurn(game);
    game = played.game;
    const state = game.position.state;
    const e = eventsOf(played.events, 'cordon')[0]!;
    seen.push([Number(e['turns']), Number(e['loss']), isles(state).limit]);
    assert.deepEqual(greatWar.invariants!(state), []);
    assert.deepEqual(state.economicWar.surroundedTurns, turn);
  }
  assert.deepEqual(seen, [
    [1, 0, 65],
    [2, 3, 62],
    [3, 6, 56],
    [4, 12, 44],
  ]);
  assert.equal(manpowerLimit(nation(game, 'britain')), 44);
  assert.deepEqual(nation(game, 'britain').manpower.slice(1).map((m) => m.limit), colonies, 'only the Isles starve');
  assert.deepEqual([starvationLoss(1), starvationLoss(2), starvationLoss(3), starvationLoss(4), starvationLoss(5)], [0, 3, 6, 12, 24]);
});

test('GW-P15-STARVE-04 GW-P15-STARVE-05: a zone around Britain free of enemy ships ends starvation, and a new cordon starts counting again', () => {
  const s = seas(cordon());
  s.economicWar.surroundedTurns = 3;
  s.board.units = s.board.units.filter((u) => u.at !== 'irish-sea');
  const events = economicWar(s);
  assert.deepEqual(eventsOf(events, 'cordon-broken'), [{ type: 'cordon-broken', nation: 'britain', turns: 3, open: ['irish-sea'] }]);
  assert.equal(describeSeaTradeEvent(eventsOf(events, 'cordon-broken')[0]!), 'The cordon around Britain is broken after 3 turn(s): no enemy ship in the Irish Sea; starvation ends.');
  assert.deepEqual([s.economicWar.surroundedTurns, isles(s).limit], [0, 65]);
  // Back again: the first turn costs nothing, the second 3 (not 24).
  scene({ 'irish-sea': { germany: { submarine: 1 } } }, s);
  assert.deepEqual(eventsOf(economicWar(s), 'cordon').map((e) => [e['turns'], e['loss']]), [[1, 0]]);
  assert.deepEqual(eventsOf(economicWar(s), 'cordon').map((e) => [e['turns'], e['loss']]), [[2, 3]]);
  assert.equal(isles(s).limit, 62);
});

test('D-SEA-6 GW-P15-STARVE-01 GW-P15-STARVE-04 (A61): only German submarines begin a cordon; once Britain starves, any enemy warship keeps a zone closed', () => {
  // German cruisers everywhere, or an Austrian submarine in one zone: no cordon begins.
  const cruisers = seas(Object.fromEntries(zonesAroundBritain(theWorld()).map((z) => [z, { germany: { cruiser: 1 } }])));
  assert.deepEqual(eventsOf(economicWar(cruisers), 'cordon'), []);
  const mixed = seas({ ...cordon(), 'irish-sea': { 'austria-hungary': { submarine: 1 } } });
  assert.deepEqual(eventsOf(economicWar(mixed), 'cordon'), []);
  assert.equal(mixed.economicWar.surroundedTurns, 0);
  // Starving already (two turns): the Austrian submarine and a German cruiser hold their zones; the third turn costs 6.
  const starving = seas({ ...cordon(), 'irish-sea': { 'austria-hungary': { submarine: 1 } }, 'north-sea': { germany: { cruiser: 1 } } });
  starving.economicWar.surroundedTurns = 2;
  assert.deepEqual(eventsOf(economicWar(starving), 'cordon').map((e) => [e['turns'], e['loss']]), [[3, 6]]);
  // Germany at peace with Britain begins nothing.
  const peace = seas(cordon());
  nation(peace, 'germany').atWarWith = nation(peace, 'germany').atWarWith.filter((n) => n !== 'britain');
  nation(peace, 'britain').atWarWith = nation(peace, 'britain').atWarWith.filter((n) => n !== 'germany');
  assert.deepEqual(eventsOf(economicWar(peace), 'cordon'), []);
});

test('D-SEA-6: starvation never takes the Isles limit below 0, and the cordon is reported to all', () => {
  const s = seas(cordon());
  s.economicWar.surroundedTurns = 6;
  isles(s).limit = 50;
  const events = economicWar(s);
  const e = eventsOf(events, 'cordon')[0]!;
  assert.deepEqual([e['turns'], e['loss'], e['visibleTo'], isles(s).limit], [7, 50, undefined, 0], 'the 7th turn would cost 96');
  assert.equal(
    describeSeaTradeEvent(e),
    "British Isles: surrounded by enemy ships in the North Atlantic, the Middle Atlantic, the Irish Sea, the English Channel and the North Sea, 7 turns running; starvation: Britain's manpower limit there drops by 50.",
  );
  assert.deepEqual(greatWar.invariants!(s), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Variable US trade

test("GW-P15-USTRADE-01 GW-P15-USTRADE-03 GW-USOPT-01 GW-USOPT-02 GW-USOPT-03 D-SEA-9: while the USA is neutral, Britain 10, Germany 8, France 5 and Russia 5, out of what the USA leaves uncollected, its treasury untouched", () => {
  const s = seas();
  assert.equal(uncollectedMilitaryResources(s), 120 - 15);
  const before = Object.fromEntries(s.nations.map((n) => [n.id, n.treasury]));
  const events = economicWar(s);
  assert.deepEqual(trade(events), ALL_TRADE);
  for (const [id, amount] of [['britain', 10], ['germany', 8], ['france', 5], ['russia', 5], ['usa', 0], ['austria-hungary', 0]] as const) assert.equal(nation(s, id).treasury, before[id]! + amount, id);
  const britain = eventsOf(events, 'us-trade')[0]!;
  assert.deepEqual(britain, { type: 'us-trade', nation: 'britain', amount: 10, received: 10, status: 'delivered', paths: ['atlantic'], treasury: 134, visibleTo: ['britain'] });
  assert.deepEqual(lines(eventsOf(events, 'us-trade')), [
    'Britain receives 10 in US trade by the Atlantic; treasury now 134.',
    'Germany receives 8 in US trade by the North Sea; treasury now 93.',
    'France receives 5 in US trade by the Atlantic; treasury now 80.',
    'Russia receives 5 in US trade by the Arctic or the Pacific; treasury now 84.',
  ]);
});

test('GW-P15-USTRADE-04 GW-USOPT-04 GW-USOPT-05 GW-NEUT-USA-03 D-SEA-7 D-SEA-9 (A21): geared up to 35 the trade goes on; collecting everything, or in the main war, it stops; short of uncollected resources, the last routes get less', () => {
  const s = seas();
  nation(s, 'usa').incomeCap = 35;
  assert.equal(uncollectedMilitaryResources(s), 85);
  assert.deepEqual(trade(economicWar(s)), ALL_TRADE);
  nation(s, 'usa').incomeCap = 100;
  const short = economicWar(s);
  assert.deepEqual(trade(short), ['britain 10', 'germany 8', 'france 2', 'russia exhausted']);
  assert.equal(describeSeaTradeEvent(eventsOf(short, 'us-trade')[2]!), 'France receives 2 in US trade (of 5: the USA has no more to spare) by the Atlantic; treasury now 82.');
  assert.equal(describeSeaTradeEvent(eventsOf(short, 'us-trade')[3]!), 'No US trade for Russia: the USA has no uncollected resources left to trade.');
  nation(s, 'usa').incomeCap = null;
  assert.equal(uncollectedMilitaryResources(s), 0);
  assert.deepEqual(trade(economicWar(s)), ['britain exhausted', 'germany exhausted', 'france exhausted', 'russia exhausted']);
  nation(s, 'usa').incomeCap = 15;
  nation(s, 'usa').side = 'allied';
  assert.deepEqual(economicWar(s), [], 'in the main war the trade is over');
});

test('GW-P15-USTRADE-05 D-SEA-7: the trade stops to a nation the USA is at war with, and only to it', () => {
  const s = seas();
  war(s, 'usa', 'germany');
  const events = economicWar(s);
  assert.deepEqual(trade(events), ['britain 10', 'germany at-war', 'france 5', 'russia 5']);
  assert.equal(describeSeaTradeEvent(eventsOf(events, 'us-trade')[1]!), 'No US trade for Germany: the USA is at war with it.');
  // A war with a neutral (Mexico) leaves the USA neutral.
  const m = seas();
  war(m, 'usa', 'mexico');
  assert.deepEqual(trade(economicWar(m)), ALL_TRADE);
});

test('GW-P15-USTRADE-02 GW-NEUT-USA-07 D-SEA-8: Russia gets its 5 only while US Entry is not negative', () => {
  const s = seas();
  s.politics.usEntry = -1;
  const events = economicWar(s);
  assert.deepEqual(trade(events), ['britain 10', 'germany 8', 'france 5', 'russia us-entry']);
  assert.equal(describeSeaTradeEvent(eventsOf(events, 'us-trade')[3]!), 'No US trade for Russia: US Entry stands at -1, below zero.');
  for (const entry of [0, 4, -9]) {
    s.politics.usEntry = entry;
    assert.equal(trade(economicWar(s))[3], entry >= 0 ? 'russia 5' : 'russia us-entry', String(entry));
  }
});

test('GW-P15-USTRADE-06 D-SEA-2 D-SEA-10: Allied warships or submarines in the Skagerrak blockade Germany’s trade; transports and neutrals do not', () => {
  for (const [ships, expected] of [
    [{ britain: { submarine: 1 } }, 'germany blockaded'],
    [{ russia: { cruiser: 1 } }, 'germany blockaded'],
    [{ britain: { transport: 2 } }, 'germany 8'],
    [{ netherlands: { cruiser: 1 } }, 'germany 8'],
    [{ germany: { battleship: 5 } }, 'germany 8'],
  ] as const) {
    const events = economicWar(seas({ skagerrak: ships }));
    assert.equal(trade(events)[1], expected, JSON.stringify(ships));
    if (expected === 'germany blockaded') {
      const e = eventsOf(events, 'us-trade')[1]!;
      assert.deepEqual([e['closed'], e['visibleTo']], [[{ path: 'north-sea', by: 'blockade', zones: ['skagerrak'] }], undefined], 'a blockade is public');
      assert.equal(describeSeaTradeEvent(e), 'No US trade reaches Germany (8): the North Sea route is blockaded in the Skagerrak.');
    }
  }
});

test('GW-P15-USTRADE-07: once Germany holds Brest conquered and incorporated, the Allies must hold the Middle Atlantic as well as the Skagerrak', () => {
  const s = seas({ skagerrak: { britain: { cruiser: 1 } } });
  const route = seaTradeRules.usTrade.routes.find((r) => r.to === 'germany')!;
  s.board.territories['brest'] = { owner: 'germany', incorporated: false };
  assert.equal(trade(economicWar(s, true))[1], 'germany blockaded', 'not yet incorporated: the Skagerrak suffices');
  s.board.territories['brest'] = { owner: 'germany', incorporated: true };
  assert.deepEqual(blockadeZones(s, route, route.paths[0]!), ['skagerrak', 'middle-atlantic']);
  assert.equal(trade(economicWar(s, true))[1], 'germany 8');
  moreSeas({ 'middle-atlantic': { france: { submarine: 1 } } }, s);
  assert.equal(trade(economicWar(s, true))[1], 'germany blockaded');
});

test('GW-P15-USTRADE-08 D-SEA-10 (A22): Britain’s trade is blockaded only with Central warships in both the North Atlantic and the Middle Atlantic', () => {
  const cases: [Record<string, Record<string, Record<string, number>>>, string][] = [
    [{ 'northern-atlantic': { germany: { submarine: 1 } } }, 'britain 10'],
    [{ 'middle-atlantic': { germany: { cruiser: 1 } } }, 'britain 10'],
    [{ 'northern-atlantic': { germany: { submarine: 1 } }, 'middle-atlantic': { 'austria-hungary': { submarine: 1 } } }, 'britain blockaded'],
  ];
  for (const [ships, expected] of cases) assert.equal(trade(economicWar(seas(ships)))[0], expected, JSON.stringify(ships));
  // Japan at war with Britain is hostile (it raids, GW-P15-SUBW-02), but it is no Central Power: it blockades nothing.
  const j = seas({ 'northern-atlantic': { japan: { cruiser: 1 } }, 'middle-atlantic': { germany: { cruiser: 1 } } });
  war(j, 'japan', 'britain');
  assert.equal(trade(economicWar(j))[0], 'britain 10');
});

test('GW-P15-USTRADE-10: Central warships in the Middle Atlantic blockade France’s trade', () => {
  assert.equal(trade(economicWar(seas({ 'middle-atlantic': { 'austria-hungary': { cruiser: 1 } } })))[2], 'france blockaded');
  assert.equal(trade(economicWar(seas({ 'northern-atlantic': { germany: { cruiser: 1 } }, 'english-channel': { germany: { submarine: 2 } } })))[2], 'france 5');
  // A Central Power not at war with France does not blockade it (the Ottomans, joined but not yet at war), nor a neutral.
  const o = seas({ 'middle-atlantic': { 'ottoman-empire': { cruiser: 1 } } });
  assert.equal(trade(economicWar(structuredClone(o)))[2], 'france 5', 'neutral');
  nation(o, 'ottoman-empire').side = 'central';
  assert.equal(trade(economicWar(structuredClone(o)))[2], 'france 5', 'Central, at peace with France');
  war(o, 'ottoman-empire', 'france');
  assert.equal(trade(economicWar(o))[2], 'france blockaded');
});

test('GW-P15-USTRADE-09 GW-P15-USTRADE-11 GW-OPT-GER-12 D-SEA-12: under unrestricted submarine warfare a German submarine in the North Sea or the Middle Atlantic cuts Britain’s and France’s trade', () => {
  const s = seas();
  s.economicWar.unrestrictedSubmarineWarfare = true;
  assert.deepEqual(trade(economicWar(s)), ALL_TRADE, 'declared, but no submarine where it counts');
  scene({ 'north-sea': { germany: { submarine: 1 } } }, s);
  const events = economicWar(s);
  assert.deepEqual(trade(events), ['britain blockaded', 'germany 8', 'france blockaded', 'russia 5']);
  assert.equal(describeSeaTradeEvent(eventsOf(events, 'us-trade')[0]!), 'No US trade reaches Britain (10): the Atlantic route is cut by unrestricted submarine warfare (submarines in the North Sea).');
  s.economicWar.unrestrictedSubmarineWarfare = false;
  assert.deepEqual(trade(economicWar(s)), ALL_TRADE, 'without it, a submarine in the North Sea blockades nothing');
  // A cruiser is no submarine.
  const c = seas({ 'middle-atlantic': { germany: { cruiser: 1 } } });
  c.economicWar.unrestrictedSubmarineWarfare = true;
  assert.deepEqual(trade(economicWar(c)), ['britain 10', 'germany 8', 'france blockaded', 'russia 5'], 'France by the ordinary blockade only');
});

test('GW-P15-USTRADE-12 GW-P15-USTRADE-14 D-SEA-11 D-SEA-12 (A62): Russia’s trade comes by the Norwegian Sea or by the Pacific; both must be closed; unrestricted submarine warfare cuts the Norwegian Sea route by itself', () => {
  const cases: [Record<string, Record<string, Record<string, number>>>, boolean, string][] = [
    [{ 'norwegian-sea': { germany: { submarine: 1 } } }, false, 'russia 5'],
    [{ 'sea-of-okhotsk': { germany: { cruiser: 1 } } }, false, 'russia 5'],
    [{ 'norwegian-sea': { germany: { submarine: 1 } }, 'sea-of-okhotsk': { germany: { cruiser: 1 } } }, false, 'russia blockaded'],
    [{}, true, 'russia 5'],
    [{ 'sea-of-okhotsk': { germany: { cruiser: 1 } } }, true, 'russia blockaded'],
  ];
  for (const [ships, unrestricted, expected] of cases) {
    const s = seas(ships);
    s.economicWar.unrestrictedSubmarineWarfare = unrestricted;
    const events = economicWar(s);
    assert.equal(trade(events)[3], expected, `${JSON.stringify(ships)} ${String(unrestricted)}`);
    if (unrestricted && expected === 'russia 5') assert.deepEqual(eventsOf(events, 'us-trade')[3]!['paths'], ['pacific']);
  }
  const s = seas({ 'sea-of-okhotsk': { germany: { cruiser: 1 } } });
  s.economicWar.unrestrictedSubmarineWarfare = true;
  assert.equal(
    describeSeaTradeEvent(eventsOf(economicWar(s), 'us-trade')[3]!),
    'No US trade reaches Russia (5): the Arctic route is cut by unrestricted submarine warfare; the Pacific route is blockaded in the Sea of Okhotsk.',
  );
});

test('GW-P15-USTRADE-13 D-SEA-11: Japanese ships count against Russia’s trade only while Japan is at full war with Russia', () => {
  const s = seas({ 'norwegian-sea': { germany: { submarine: 1 } }, 'sea-of-okhotsk': { japan: { battleship: 1 } } });
  assert.equal(trade(economicWar(s, true))[3], 'russia 5', 'Japan at peace with Russia');
  war(s, 'japan', 'russia');
  assert.equal(trade(economicWar(s, true))[3], 'russia 5', 'a limited war: Japan still collects under a cap');
  nation(s, 'japan').incomeCap = null;
  assert.equal(trade(economicWar(s, true))[3], 'russia blockaded', 'at full war, collecting its full resources');
  // Japan's ships count for Russia alone: in the North Atlantic and Middle Atlantic they blockade nobody's trade.
  moreSeas({ 'northern-atlantic': { japan: { cruiser: 1 } }, 'middle-atlantic': { japan: { cruiser: 1 } } }, s);
  war(s, 'japan', 'britain');
  war(s, 'japan', 'france');
  assert.deepEqual(trade(economicWar(s, true)).slice(0, 3), ['britain 10', 'germany 8', 'france 5']);
});

test('GW-P15-USTRADE-15: the Pacific route is open only while Russia holds Vladivostok or Kamchatka', () => {
  const s = seas({ 'norwegian-sea': { germany: { cruiser: 1 } } });
  s.board.territories['vladivostok'] = { owner: 'japan', incorporated: false };
  assert.equal(trade(economicWar(s, true))[3], 'russia 5', 'Kamchatka is enough');
  s.board.territories['kamchatka'] = { owner: 'japan', incorporated: false };
  const events = economicWar(s, true);
  assert.equal(trade(events)[3], 'russia blockaded');
  assert.deepEqual(eventsOf(events, 'us-trade')[3]!['closed'], [
    { path: 'arctic', by: 'blockade', zones: ['norwegian-sea'] },
    { path: 'pacific', by: 'no-port', needsOneOf: ['vladivostok', 'kamchatka'] },
  ]);
  assert.match(describeSeaTradeEvent(eventsOf(events, 'us-trade')[3]!)!, /the Pacific route is closed: Russia holds neither Vladivostok nor Kamchatka\.$/);
  scene({ 'norwegian-sea': {} }, s);
  assert.equal(trade(economicWar(s, true))[3], 'russia 5', 'the Norwegian Sea route alone still carries it');
});

test('D-SEA-13 GW-P15-USTRADE-12 (A69): every zone, territory, group and nation the economic war names is on the map, under the rule book’s spellings too', () => {
  const world = theWorld();
  const { submarineWarfare, starvation, usTrade } = seaTradeRules;
  const nations = new Set(openingState().nations.map((n) => n.id));
  for (const id of [submarineWarfare.nation, starvation.nation, starvation.besieger, usTrade.from, ...usTrade.routes.flatMap((r) => [r.to, ...(r.alsoBlockadedAtFullWarBy ?? [])])]) assert.ok(nations.has(id), id);
  const zones = [...usTrade.unrestrictedSubmarineWarfareZones, ...usTrade.routes.flatMap((r) => r.paths.flatMap((p) => [...p.blockade, ...(p.ifHeld?.blockade ?? [])]))];
  for (const z of zones) assert.ok(world.sea.has(z), z);
  for (const t of usTrade.routes.flatMap((r) => r.paths.flatMap((p) => [...(p.needsOneOf ?? []), ...(p.ifHeld ? [p.ifHeld.territory] : [])]))) assert.ok(world.territory.has(t), t);
  assert.ok(world.seedNames.groups.some((g) => g.id === starvation.surrounded));
  assert.ok(nation(openingState(), starvation.nation).manpower.some((m) => m.region === starvation.region && m.name === 'British Isles'));
  const spelled = Object.fromEntries(world.seedNames.places.map((p) => [p.seed, p.id]));
  assert.deepEqual(
    ['Shagerrak', 'North Atlantic', 'Middle Atlantic', 'Southern Atlantic', 'North Sea', 'English Channel', 'Norwegian Sea', 'Sea of Okhost', 'Brest', 'Vladivostock', 'Kamchatka'].map((n) => spelled[n]),
    ['skagerrak', 'northern-atlantic', 'middle-atlantic', 'southern-atlantic', 'north-sea', 'english-channel', 'norwegian-sea', 'sea-of-okhotsk', 'brest', 'vladivostok', 'kamchatka'],
  );
});

// ---------------------------------------------------------------------------------------------------------------
// The phase in the turn

test('D-SEA-1 GW-P15-SPEC-01 GW-P15-SUBW-01 GW-P15-SUBW-07: in a 1914 turn phase 15 follows the collection: the German cruiser in the Southern Atlantic costs Britain 3, the US trade arrives, the ledger adds up, the invariants hold', () => {
  const { game, events } = playTurn(newGame());
  const phases = eventsOf(events, 'phase').map((e) => e['phase']);
  assert.deepEqual(phases.slice(phases.indexOf('resources'), phases.indexOf('economic-war') + 1), ['resources', 'afghanistan', 'economic-war']);
  const at = (type: string) => events.findIndex((e) => e.type === type);
  assert.ok(at('ledger') < at('shipping-losses') && at('shipping-losses') < at('us-trade'));
  assert.deepEqual(losses(events)!['zones'], [{ zone: 'southern-atlantic', value: 3, ships: 1, counted: 1, loss: 3 }]);
  assert.deepEqual(trade(events), ALL_TRADE);
  const britain = nation(game, 'britain');
  assert.deepEqual([britain.ledger.collected, britain.ledger.lostAtSea, britain.ledger.usTrade, britain.treasury], [124, 3, 10, 124 + 124 - 3 + 10]);
  for (const n of game.position.state.nations) {
    const l = n.ledger;
    assert.equal(n.treasury, l.start - l.units - l.trenches - l.incorporation - l.giftsSent + l.refunds + l.giftsReceived + l.collected + l.usTrade - l.lostAtSea, n.id);
  }
  assert.deepEqual(greatWar.invariants!(game.position.state), []);
  assert.deepEqual(eventsOf(events, 'cordon'), [], 'the Grand Fleet holds the North Sea: no cordon');
  const own = greatWar.describeState!(game.position.state, 'britain').find((x) => x.title === 'Britain: economy')!;
  assert.match(own.lines![2]!, /collected 124, US trade 10, lost at sea 3: 255\.$/);
  for (const e of events) if (['shipping-losses', 'us-trade', 'cordon', 'cordon-broken'].includes(e.type)) assert.ok(greatWar.describeEvent!(e) && !greatWar.describeEvent!(e)!.includes('undefined'), e.type);
  const r = replay(greatWar, game.record);
  assert.ok(r.ok, r.mismatch?.message);
});

test('D-SEA-14: the economic war’s invariants hold at the start and name each broken record', () => {
  assert.deepEqual(economicWarInvariants(openingState()), []);
  const s = openingState();
  s.economicWar.surroundedTurns = -1;
  (s.economicWar as { unrestrictedSubmarineWarfare: unknown }).unrestrictedSubmarineWarfare = 'yes';
  nation(s, 'britain').ledger.lostAtSea = -3;
  assert.deepEqual(economicWarInvariants(s), [
    'the British Isles are recorded surrounded for -1 turns; a whole number, never negative',
    'unrestricted submarine warfare is neither in force nor not',
    "Britain's ledger has US trade 0 and -3 lost at sea; whole numbers, never negative",
  ]);
  assert.deepEqual(greatWar.invariants!(s).length, 3, 'wired into the ruleset’s invariants');
});

test('GW-P15-SUBW-03 GW-P15-SUBW-04 D-SEA-4: for any warships in the numbered zones, Britain loses the sum of number x ships (at most 4), never more than it collected', () => {
  const zones = numberedZones(theWorld());
  const fleet = fc.record({ nation: fc.constantFrom('germany', 'austria-hungary', 'france', 'italy', 'britain'), type: fc.constantFrom('submarine', 'cruiser', 'battleship', 'transport', 'carrier'), zone: fc.constantFrom(...zones.map((z) => z.zone)) });
  fc.assert(
    fc.property(fc.array(fleet, { maxLength: 30 }), fc.nat({ max: 60 }), (ships, collected) => {
      const s = seas();
      ships.forEach((u, i) => s.board.units.push({ id: `x-${i}`, nation: u.nation, type: u.type, at: u.zone, damage: 0 }));
      const britain = nation(s, 'britain');
      britain.ledger.collected = collected;
      const expected = zones.reduce((sum, z) => {
        const n = ships.filter((u) => u.zone === z.zone && ['germany', 'austria-hungary'].includes(u.nation) && u.type !== 'transport').length;
        return sum + z.value * Math.min(4, n);
      }, 0);
      assert.equal(shippingLosses(s).reduce((sum, z) => sum + z.loss, 0), expected);
      const taken = sinkBritishTrade(s, phaseContext([]));
      assert.equal(taken, Math.min(expected, collected));
      assert.equal(britain.treasury, 124 - taken);
      assert.deepEqual(greatWar.invariants!(s), []);
    }),
    { numRuns: 40 },
  );
});

test('GW-P15-USTRADE-01 D-SEA-9: the income the board shows is unchanged by the trade: the USA collects its 15', () => {
  const s = seas();
  const events = endOfTurn(s);
  assert.equal(incomeOf(s, 'usa').collected, 15);
  assert.equal(nation(s, 'usa').treasury, 15 + 15);
  assert.deepEqual(trade(events), ALL_TRADE);
});
