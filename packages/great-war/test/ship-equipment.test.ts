import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, ok, replay, type GameEvent } from '@umpire/engine';
import {
  aircraftAttackValue,
  evadeSpec,
  greatWar,
  radarAgainst,
  resolveBuild,
  resolvePlacement,
  ruleNumbers,
  unitStats,
  type BuildOrder,
  type GreatWarOrders,
  type GreatWarState,
} from '../src/index.js';
import { eventsOf, must, nation, openingState, ordersFor, parseFor, phaseContext, playTurn, refusalOf, rollsOf, runPhases, scene, step, unitsIn } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding.

/** The invariants, in the middle of a turn as at its end (the turn's records are only empty between turns). */
const clean = (state: GreatWarState) => greatWar.invariants!(state).filter((v) => !/turn record/.test(v));

/** A state where the nations have the advances given and money to spend. */
function equipped(advances: Record<string, Record<string, number>>, state: GreatWarState = openingState()): GreatWarState {
  for (const [id, tech] of Object.entries(advances)) {
    Object.assign(nation(state, id).tech, tech);
    nation(state, id).treasury = 500;
  }
  return state;
}

/** Fit a unit of equipment (or mount an AA gun, or board a fighter) on a ship by hand, as phase 13 would. */
function fit(state: GreatWarState, type: string, ship: string): string {
  const s = state.board.units.find((u) => u.id === ship)!;
  const id = `${s.nation}-${type}-on-${ship}`;
  state.board.units.push({ id, nation: s.nation, type, at: s.at, damage: 0, aboard: ship, ...(type === 'aa-gun' ? { mounted: true as const } : {}) });
  return id;
}

/** What is on board each ship of a nation: ship id to the types aboard. */
function aboard(state: GreatWarState, nationId: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const u of state.board.units.filter((x) => x.nation === nationId && x.aboard !== undefined)) (out[u.aboard!] ??= []).push(u.type);
  return out;
}

/** Phase 3 on a state with typed orders; then `between` changes it (the turn's battles); then phase 13. */
function buyThenPlace(state: GreatWarState, orders: Record<string, string>, between: (s: GreatWarState) => void = () => {}): GameEvent[] {
  const ctx = phaseContext([]);
  const given = new Map(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(state, seat, text)]));
  resolveBuild(state, given, ctx);
  between(state);
  resolvePlacement(state, given, ctx);
  return ctx.events;
}

const codes = (state: GreatWarState, seat: string, text: string) => {
  const r = parseFor(state, seat, text);
  return r.ok ? [] : r.error.map((p) => [p.line, p.code]);
};

const fitted = (events: readonly GameEvent[]) => eventsOf(events, 'fitted').map((e) => `${String(e['unit'])} -> ${String(e['ship'])} (${String(e['shipType'])}) in ${String(e['at'])}`);

// ---------------------------------------------------------------------------------------------------------------
// Buying and fitting (phases 3 and 13).

test('GW-P13-PLACE-11, GW-TECH-69, GW-TECH-68 (D-EQUIP-1, D-EQUIP-2, D-ECON-10): with the Sonar advance a nation buys sonar in phase 3; phase 13 fits each to the first ship without one in id order in the sea zone, or to the ship type the order names; one sonar a ship', () => {
  const state = equipped({ britain: { sonar: 1 } });
  // The North Sea: British battleships britain-48..54, cruisers britain-55..60, submarine britain-61.
  const events = buyThenPlace(state, { britain: 'build 2 sonar in North Sea\nbuild 1 sonar in North Sea on cruiser\nbuild 1 sonar in North Sea on submarine' });
  assert.deepEqual(fitted(events), [
    'sonar -> britain-48 (battleship) in north-sea',
    'sonar -> britain-49 (battleship) in north-sea',
    'sonar -> britain-55 (cruiser) in north-sea',
    'sonar -> britain-61 (submarine) in north-sea',
  ]);
  const purchase = eventsOf(events, 'purchase');
  assert.deepEqual(purchase.map((e) => [e['count'], e['cost'], e['on'] ?? '-']), [
    [2, 26, '-'],
    [1, 13, 'cruiser'],
    [1, 13, 'submarine'],
  ]);
  assert.match(String(greatWar.describeEvent!(purchase[1]!)), /buys 1 Sonar for North Sea, to fit on a cruiser \(from Edinburgh\): 13 /);
  // 4 x 13, from the industrial credit first (sonar is manufactured), then the treasury.
  assert.equal(purchase.reduce((a, e) => a + Number(e['resources']) + Number(e['credit']), 0), 4 * 13);
  assert.equal(nation(state, 'britain').treasury, 500 - purchase.reduce((a, e) => a + Number(e['resources']), 0));
  assert.deepEqual(eventsOf(events, 'placed').map((e) => [e['unit'], e['count'], e['at']]), [
    ['sonar', 2, 'north-sea'],
    ['sonar', 1, 'north-sea'],
    ['sonar', 1, 'north-sea'],
  ]);
  assert.deepEqual(aboard(state, 'britain')['britain-55'], ['sonar']);
  assert.ok(state.board.units.filter((u) => u.type === 'sonar').every((u) => u.at === 'north-sea' && u.mounted === undefined));
  assert.deepEqual(clean(state), []);
  // Every ship of a type has one: the order is refused where it is given, with the room left.
  const full = equipped({ britain: { sonar: 1 } });
  const r = refusalOf(full, 'britain', 'build 6 sonar in North Sea on cruisers\nbuild 1 sonar in North Sea on cruiser');
  assert.equal(r.code, 'no-ship');
  assert.equal(r.line, 2);
  assert.match(r.message, /Britain has no cruisers without sonar in the North Sea/);
  const room = refusalOf(full, 'britain', 'build 7 sonar in North Sea on cruisers');
  assert.equal(room.code, 'no-room');
  assert.match(room.message, /Britain's cruisers in the North Sea have room for 6 more sonar; the order fits 7/);
  // Without the advance: refused, naming it.
  assert.match(refusalOf(openingState(), 'britain', 'build 1 sonar in North Sea').message, /Britain may not build Sonar yet: it needs an advance in Sonar/);
});

test('GW-P13-PLACE-11, GW-TECH-69 (D-EQUIP-3): sonar is fitted only in a sea zone next to a port the nation builds out of; a sea zone without one, or held by another, is refused with a located error', () => {
  const state = equipped({ britain: { sonar: 1 }, germany: { sonar: 1 } });
  state.board.units.push({ id: 'britain-900', nation: 'britain', type: 'cruiser', at: 'norwegian-sea', damage: 0 });
  const r = refusalOf(state, 'britain', 'build 1 sonar in Norwegian Sea');
  assert.equal(r.code, 'no-port');
  assert.match(r.message, /Britain fits sonar to ships only in a sea zone next to one of its own ports held since the start of the turn \(GW-P13-PLACE-11\): none borders the Norwegian Sea/);
  assert.equal(r.column, 7);
  // Germany's fleet in the Skagerrak lies next to Hamburg and Hanover, its ports; lose both and it may not.
  assert.deepEqual(codes(state, 'germany', 'build 1 sonar in Skagerrak'), []);
  for (const t of ['hamburg', 'hanover']) state.board.territories[t] = { owner: 'france', incorporated: false };
  assert.deepEqual(codes(state, 'germany', 'build 1 sonar in Skagerrak'), [[1, 'no-port']]);
});

test('GW-TECH-64, GW-TECH-63 (D-EQUIP-2): radar goes only on battleships and aircraft carriers, one a ship; named on another ship type the order is refused at the ship type', () => {
  const state = equipped({ britain: { radar: 1 } });
  const r = refusalOf(state, 'britain', 'build 1 radar in North Sea on cruiser');
  assert.equal(r.code, 'wrong-ship');
  assert.match(r.message, /radar goes only on battleships or aircraft carriers, not on cruisers \(GW-TECH-64\)/);
  // The Irish Sea holds only a transport.
  assert.deepEqual(codes(state, 'britain', 'build 1 radar in Irish Sea'), [[1, 'no-ship']]);
  const events = buyThenPlace(state, { britain: 'build 1 radar in North Sea\nbuild 1 radar in English Channel on battleship' });
  assert.deepEqual(fitted(events), ['radar -> britain-48 (battleship) in north-sea', 'radar -> britain-62 (battleship) in english-channel']);
  assert.equal(eventsOf(events, 'purchase')[0]!['cost'], 18);
  assert.deepEqual(clean(state), []);
  assert.deepEqual(codes(state, 'britain', 'build 7 radar in North Sea'), [[1, 'no-room']], 'six battleships without radar are left');
});

test('A45, G21, GW-TECH-67 (D-EQUIP-8): radar is never placed on land: the rule book gives it no place there, so no radar is ever lost with a territory', () => {
  const state = equipped({ britain: { radar: 1 } });
  const r = refusalOf(state, 'britain', 'build 1 radar in London');
  assert.equal(r.code, 'radar-on-land');
  assert.match(r.message, /the rule book gives no place for radar on land, and Umpire places none \(D-EQUIP-8\): London is a land territory/);
  const json = greatWar.checkOrders({ orders: [{ kind: 'build', unit: 'radar', count: 1, at: 'london' }] }, { state, seat: 'britain', step });
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path]), [['radar-on-land', '$.orders[0].at']]);
  assert.equal(refusalOf(equipped({ britain: { sonar: 1 } }), 'britain', 'build 1 sonar in London').code, 'not-at-sea');
  // A radar off its ship breaks the invariants: there is none on land to lose.
  state.board.units.push({ id: 'britain-radar', nation: 'britain', type: 'radar', at: 'london', damage: 0 });
  assert.deepEqual(clean(state), ['radar britain-radar is on no ship: radar and sonar are always fitted to one']);
});

test('D-EQUIP-1: the build order names the ship type with `on`, text and JSON both ways; located errors with suggestions', () => {
  const state = equipped({ britain: { sonar: 1, radar: 1 } });
  const text = 'build 1 sonar in North Sea on cruiser\nbuild 1 radar in English Channel on a battleship';
  const orders = ordersFor(state, 'britain', text);
  assert.deepEqual(orders.orders, [
    { kind: 'build', unit: 'sonar', count: 1, at: 'north-sea', on: 'cruiser' },
    { kind: 'build', unit: 'radar', count: 1, at: 'english-channel', on: 'battleship' },
  ]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'britain', step }), 'build 1 Sonar in North Sea on Cruiser\nbuild 1 Radar in English Channel on Battleship\n');
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'britain', step }).ok);
  const bad = parseFor(state, 'britain', 'build 1 infantry in London on cruiser\nbuild 1 sonar in North Sea on fighter\nbuild 1 sonar in North Sea on cruser\nbuild 1 sonar in North Sea on');
  assert.ok(!bad.ok);
  assert.deepEqual(bad.error.map((p) => [p.line, p.column, p.code, p.suggestion ?? '']), [
    [1, 28, 'unexpected-on', ''],
    [2, 31, 'not-a-ship', ''],
    [3, 31, 'unknown-unit', 'Cruiser'],
    [4, 28, 'missing-ship', ''],
  ]);
  const json = greatWar.checkOrders({ orders: [{ kind: 'build', unit: 'sonar', count: 1, at: 'north-sea', on: 'cruser' }, { kind: 'build', unit: 'tank', count: 1, at: 'london', on: 'cruiser' }] }, { state, seat: 'britain', step });
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path, p.suggestion ?? '']), [
    ['not-a-ship', '$.orders[0].on', 'cruiser'],
    ['unexpected-on', '$.orders[1].on', ''],
  ]);
});

test('D-EQUIP-3: a ship bought by an earlier order of the turn takes equipment ordered after it; ordered before it, there is no ship yet', () => {
  const state = equipped({ britain: { radar: 1, sonar: 1 } });
  // The Irish Sea holds one transport (britain-68): no ship for radar, until a battleship is bought there.
  assert.deepEqual(codes(state, 'britain', 'build 1 radar in Irish Sea\nbuild 1 battleship in Irish Sea'), [[1, 'no-ship']]);
  assert.deepEqual(codes(state, 'britain', 'build 1 battleship in Irish Sea\nbuild 1 radar in Irish Sea\nbuild 2 sonar in Irish Sea'), []);
  assert.deepEqual(codes(state, 'britain', 'build 1 battleship in Irish Sea\nbuild 3 sonar in Irish Sea'), [[2, 'no-room']]);
  const events = buyThenPlace(state, { britain: 'build 1 battleship in Irish Sea\nbuild 1 radar in Irish Sea\nbuild 2 sonar in Irish Sea' });
  const battleship = eventsOf(events, 'placed').find((e) => e['unit'] === 'battleship')!['units'] as string[];
  assert.deepEqual(fitted(events), [`radar -> ${battleship[0]} (battleship) in irish-sea`, 'sonar -> britain-68 (transport) in irish-sea', `sonar -> ${battleship[0]} (battleship) in irish-sea`]);
  assert.deepEqual(clean(state), []);
});

test('D-EQUIP-4, D-ECON-7: phase 13 fits again against the board after the battles: equipment whose ship is gone goes to the nearest sea zone where it fits, else it is refunded', () => {
  const state = equipped({ britain: { radar: 1, sonar: 1 } });
  nation(state, 'britain').industrialCredit = 0; // all paid from the treasury, all refundable
  const events = buyThenPlace(state, { britain: 'build 1 sonar in Irish Sea\nbuild 1 radar in English Channel' }, (s) => {
    // Before phase 13 the transport in the Irish Sea is sunk, and so is every British battleship.
    s.board.units = s.board.units.filter((u) => !(u.nation === 'britain' && (u.id === 'britain-68' || u.type === 'battleship')));
  });
  // The sonar goes next door, to the first zone in id order at the same distance: the Middle Atlantic (cruiser
  // britain-70); no battleship or carrier is left anywhere for the radar: refunded.
  assert.deepEqual(fitted(events), ['sonar -> britain-70 (cruiser) in middle-atlantic']);
  assert.deepEqual(eventsOf(events, 'placed').map((e) => [e['unit'], e['at'], e['ordered'] ?? '-']), [['sonar', 'middle-atlantic', 'irish-sea']]);
  assert.deepEqual(eventsOf(events, 'refund').map((e) => [e['unit'], e['amount']]), [['radar', 18]]);
  assert.match(String(eventsOf(events, 'refund')[0]!['reason']), /Britain has no battleships or aircraft carriers without radar in the English Channel/);
  assert.deepEqual(clean(state), []);
});

// ---------------------------------------------------------------------------------------------------------------
// AA guns on ships and fighters built onto carriers.

test('GW-TECH-25, GW-TECH-26, GW-P07-NAVCOMBAT-06 (D-EQUIP-5): with Improved AA Guns, AA guns bought for a sea zone are mounted on the nation\'s ships there, within their mounts; the next turn they fire at aircraft attacking the ships', () => {
  const state = scene({ 'baltic-sea': { germany: { battleship: 1, transport: 1 } }, riga: { russia: { infantry: 1, bomber: 2 } } });
  assert.equal(refusalOf(state, 'germany', 'build 1 aa gun in Baltic Sea').code, 'not-ship-mounted');
  equipped({ germany: { 'improved-aa-guns': 1 } }, state);
  assert.deepEqual(codes(state, 'germany', 'build 4 aa guns in Baltic Sea'), [[1, 'no-room']], 'the battleship has 2 mounts and the transport 1');
  assert.deepEqual(codes(state, 'germany', 'build 1 aa gun in Baltic Sea on submarine'), [[1, 'wrong-ship']]);
  // Turn 1: phases 3 to 13 (no dice): two guns on the battleship, one on the transport, mounted, not cargo.
  const turn1 = runPhases(state, { germany: 'build 3 aa guns in Baltic Sea' }, [], 'build', 'placement');
  assert.deepEqual(fitted(turn1), ['aa-gun -> germany-t1 (battleship) in baltic-sea', 'aa-gun -> germany-t1 (battleship) in baltic-sea', 'aa-gun -> germany-t2 (transport) in baltic-sea']);
  assert.ok(state.board.units.filter((u) => u.type === 'aa-gun' && u.aboard).every((u) => u.mounted === true));
  assert.deepEqual(clean(state), []);
  // The mounted gun takes no troop room: the transport still carries 2 infantry.
  state.board.units.push({ id: 'germany-i1', nation: 'germany', type: 'infantry', at: 'stettin', damage: 0 }, { id: 'germany-i2', nation: 'germany', type: 'infantry', at: 'stettin', damage: 0 });
  assert.ok(parseFor(state, 'germany', 'sail 1 transport in Baltic Sea as transport\nembark 2 infantry from Stettin onto transports in Baltic Sea').ok);
  // Turn 2: Russian bombers attack. Step 2: the battleship misses (9), the transport misses (9). Step 3: the three
  // AA guns (defence 2 with the advance) roll 1, 9, 2: two bombers down before they can roll.
  const turn2 = runPhases(state, { russia: 'fly 2 bombers from Riga to Baltic Sea' }, [9, 9, 1, 9, 2], 'naval-movement', 'naval-combat');
  assert.deepEqual(rollsOf(turn2).slice(2), [
    "Germany's AA guns on ships fire in the Baltic Sea: AA gun #1 = 1",
    "Germany's AA guns on ships fire in the Baltic Sea: AA gun #2 = 9",
    "Germany's AA guns on ships fire in the Baltic Sea: AA gun #3 = 2",
  ]);
  assert.deepEqual(eventsOf(turn2, 'aa-fire').map((e) => [e['guns'], e['hits'], e['lost']]), [[3, 2, 2]]);
  assert.equal(unitsIn(state, 'riga')['russia bomber'], undefined);
  assert.deepEqual(clean(state), []);
});

test('GW-TECH-25, GW-P07-NAVCOMBAT-06 (D-EQUIP-5): whole turns: Germany mounts AA guns on its Baltic fleet in turn 1; in turn 2 they shoot down the Russian bombers that attack it; the record replays', () => {
  const start = scene({ 'baltic-sea': { germany: { battleship: 1 } }, riga: { russia: { infantry: 1, bomber: 2 } } });
  nation(start, 'germany').tech['improved-aa-guns'] = 1;
  // Turn 2, phase 7: the battleship's defence misses (9); the two guns (2 each) roll 1 and 2: both bombers fall.
  const ruleset = { ...greatWar, setup: () => ok(structuredClone(start)) };
  let game = must(createGame<GreatWarState>(ruleset, { gameId: 't', dice: { mode: 'scripted', script: [5, 9, 1, 2, 5] } })); // each turn ends with the US Entry economic roll (D-USA-6)
  const t1 = playTurn(game, { germany: { text: 'build 2 aa guns in Baltic Sea' } });
  assert.deepEqual(fitted(t1.events), ['aa-gun -> germany-t1 (battleship) in baltic-sea', 'aa-gun -> germany-t1 (battleship) in baltic-sea']);
  assert.deepEqual(greatWar.invariants!(t1.game.position.state), []);
  const t2 = playTurn(t1.game, { russia: { json: { orders: [{ kind: 'fly', from: 'riga', to: 'baltic-sea', units: { bomber: 2 } }] } } });
  game = t2.game;
  assert.deepEqual(eventsOf(t2.events, 'aa-fire').map((e) => [e['phase'], e['guns'], e['hits'], e['lost']]), [['naval-combat', 2, 2, 2]]);
  assert.equal(unitsIn(game.position.state, 'riga')['russia bomber'], undefined);
  assert.deepEqual(greatWar.invariants!(game.position.state), []);
  for (const e of t2.events.filter((x) => x.type !== 'roll' && x.type !== 'decision' && x.type !== 'phase')) assert.ok(greatWar.describeEvent!(e), e.type);
  const r = replay(ruleset, game.record);
  assert.ok(r.ok, r.mismatch?.message);
});

test('GW-TECH-44, GW-UNIT-36, GW-UNIT-55 (D-EQUIP-6): a fighter may be built directly onto a carrier of its nation in a sea zone next to one of its industrial complexes, within the carrier\'s room; a carrier bought by an earlier order takes them', () => {
  const state = equipped({ britain: { 'aircraft-carriers': 1 } });
  const slow = refusalOf(state, 'britain', 'build 1 carrier in North Sea\nbuild 1 fighter in North Sea');
  assert.equal(slow.code, 'not-carrier-fighters');
  assert.match(slow.message, /fighters have 3 fuel; a fighter needs 5 to serve on a carrier \(GW-UNIT-55\)/);
  nation(state, 'britain').tech['improved-fighters'] = 2;
  assert.deepEqual(codes(state, 'britain', 'build 1 carrier in North Sea\nbuild 3 fighters in North Sea'), [[2, 'no-room']]);
  assert.deepEqual(codes(state, 'britain', 'build 1 fighter in North Sea'), [[1, 'no-ship']]);
  assert.deepEqual(codes(state, 'britain', 'build 1 carrier in North Sea\nbuild 1 fighter in North Sea on battleship'), [[2, 'wrong-ship']]);
  // The Middle Atlantic has British ports (Bristol, Cardiff) but no industrial complex.
  state.board.units.push({ id: 'britain-950', nation: 'britain', type: 'carrier', at: 'middle-atlantic', damage: 0 });
  const noIc = refusalOf(state, 'britain', 'build 1 fighter in Middle Atlantic');
  assert.equal(noIc.code, 'no-industrial-complex');
  assert.match(noIc.message, /next to one of its industrial complexes held since the start of the turn \(GW-TECH-44\): none borders the Middle Atlantic/);
  const events = buyThenPlace(state, { britain: 'build 1 carrier in North Sea\nbuild 2 fighters in North Sea' });
  const carrier = (eventsOf(events, 'placed').find((e) => e['unit'] === 'carrier')!['units'] as string[])[0]!;
  assert.deepEqual(fitted(events), [`fighter -> ${carrier} (carrier) in north-sea`, `fighter -> ${carrier} (carrier) in north-sea`]);
  assert.deepEqual(aboard(state, 'britain')[carrier], ['fighter', 'fighter']);
  assert.deepEqual(clean(state), []);
});

// ---------------------------------------------------------------------------------------------------------------
// On board: equipment goes down with its ship.

test('GW-TECH-67 (D-EQUIP-7): radar and sonar sail with their ship and go down with it; they never roll and are never taken as a loss', () => {
  const state = scene({ 'north-sea': { britain: { cruiser: 1 } }, skagerrak: { germany: { battleship: 1, transport: 1 } } });
  const radar = fit(state, 'radar', 'germany-t2');
  const sonar = fit(state, 'sonar', 'germany-t3');
  assert.deepEqual(clean(state), []);
  // Germany sails both into the North Sea and attacks the cruiser. Round 1: the battleship (8) misses with 9, the
  // transport has no attack; the cruiser hits (1): the German fictive unit takes it. Round 2: 9; the cruiser hits (2):
  // the battleship is damaged (a first hit damages it) and no longer attacks. Round 3: the cruiser hits (1): the
  // transport, first in the German loss order, sinks with its sonar. Round 4: the cruiser sinks the battleship (1), radar and all.
  const events = runPhases(state, { germany: 'sail all from Skagerrak to North Sea\nlosses transport, battleship' }, [9, 1, 9, 2, 1, 1], 'naval-movement', 'naval-combat');
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['nation'], e['units']]), [
    ['germany', { transport: 1 }],
    ['germany', { battleship: 1 }],
  ]);
  // They sailed with their ships, and went down with them in the North Sea.
  assert.deepEqual(eventsOf(events, 'lost-aboard').map((e) => [e['nation'], e['at'], e['units'], e['ids']]), [
    ['germany', 'north-sea', { sonar: 1 }, [sonar]],
    ['germany', 'north-sea', { radar: 1 }, [radar]],
  ]);
  assert.ok(!rollsOf(events).some((r) => /radar|sonar/.test(r)), 'equipment never rolls');
  assert.ok(!state.board.units.some((u) => u.id === radar || u.id === sonar));
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain cruiser': 1 });
  assert.deepEqual(clean(state), []);
  assert.match(greatWar.describeEvent!(eventsOf(events, 'lost-aboard')[1]!)!, /Germany's 1 radar on board go down with their ship in the North Sea/);
});

test('GW-TECH-69 (D-EQUIP-7): sonar fitted to a transport takes no troop room, sails with it, and never lands with the troops', () => {
  const state = scene({ 'english-channel': { france: { transport: 1 } }, lille: { france: { infantry: 2 } } });
  fit(state, 'sonar', 'france-t1');
  const events = runPhases(state, { france: 'sail 1 transport in English Channel as transport\nembark 2 infantry from Lille onto transports in English Channel\nland all from English Channel to Rouen' }, [], 'naval-movement', 'land-combat');
  assert.deepEqual(eventsOf(events, 'disembark').map((e) => [e['to'], e['units']]), [['rouen', { infantry: 2 }]]);
  assert.deepEqual(unitsIn(state, 'english-channel'), { 'france transport': 1, 'france sonar': 1 });
  assert.equal(parseFor(state, 'france', 'land 1 sonar from English Channel to Rouen').ok, false);
  assert.deepEqual(clean(state), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Radar.

test('GW-TECH-65, A45 (D-EQUIP-8): enemy aircraft attacking ships in a sea zone where an enemy ship carries radar roll at -1, never below 1; radar reaches no other zone', () => {
  const dice = [9, 9, 4, 3, 9];
  const play = (withRadar: boolean) => {
    const state = scene({ 'north-sea': { germany: { battleship: 1 } }, london: { britain: { infantry: 1, bomber: 2 } } });
    if (withRadar) fit(state, 'radar', 'germany-t1');
    // Radar: 9 (no detection). Step 2: the battleship misses (9). Round 1: the bombers roll 4 and 3; the battleship 9.
    const events = runPhases(state, { britain: 'fly 2 bombers from London to North Sea' }, withRadar ? dice : dice.slice(1), 'naval-movement', 'naval-combat');
    return { state, events };
  };
  const radar = play(true);
  const plain = play(false);
  const hits = (events: readonly GameEvent[]) => eventsOf(events, 'naval-round').map((e) => (e['sides'] as { hits: number }[])[0]!.hits);
  assert.deepEqual(hits(radar.events), [1], 'bombers (4) at 3: the 4 misses');
  assert.deepEqual(hits(plain.events), [2]);
  assert.deepEqual(rollsOf(radar.events)[0], "Germany's radar in the North Sea watches for aircraft: battleship #1 = 9");
  assert.deepEqual(eventsOf(radar.events, 'radar-detection').map((e) => [e['detected'], e['aircraft']]), [[false, { bomber: 2 }]]);
  assert.deepEqual(clean(radar.state), []);
  // Never below 1; only in the radar's own zone, and only against the enemy.
  const state = scene({ 'north-sea': { germany: { battleship: 1 } }, 'english-channel': { britain: { bomber: 1 } } });
  fit(state, 'radar', 'germany-t1');
  const bomber = { id: 'b', nation: 'britain', type: 'bomber', at: 'north-sea', damage: 0 };
  assert.equal(aircraftAttackValue(state, bomber, 4), 3);
  assert.equal(aircraftAttackValue(state, bomber, 1), 1);
  assert.equal(aircraftAttackValue(state, { ...bomber, at: 'english-channel' }, 4), 4);
  assert.equal(aircraftAttackValue(state, { ...bomber, nation: 'austria-hungary' }, 4), 4);
  assert.equal(radarAgainst(state, 'skagerrak', 'britain'), false);
  assert.equal(ruleNumbers.equipment.minimumAttack, 1);
});

test('GW-TECH-66 (D-EQUIP-9): when enemy aircraft fly in, each radar ship rolls 1D10 and detects them on 1-5; warned ships leave by their standing evade order, with what they carry, before the strike; the aircraft find no target', () => {
  const setup = () => {
    const state = scene({ 'north-sea': { germany: { battleship: 1, cruiser: 1 } }, london: { britain: { infantry: 1, bomber: 2 } } });
    fit(state, 'radar', 'germany-t1');
    fit(state, 'sonar', 'germany-t2');
    return state;
  };
  const state = setup();
  const events = runPhases(state, { britain: 'fly 2 bombers from London to North Sea', germany: 'evade from North Sea to Skagerrak' }, [5], 'naval-movement', 'naval-combat');
  assert.deepEqual(eventsOf(events, 'radar-detection').map((e) => [e['ships'], e['detected']]), [[{ battleship: 1 }, true]]);
  assert.deepEqual(eventsOf(events, 'radar-evasion').map((e) => [e['nation'], e['to'], e['units']]), [['germany', 'skagerrak', { battleship: 1, cruiser: 1 }]]);
  assert.deepEqual(eventsOf(events, 'decision').map((e) => [e['id'], e['answer'], e['source']]), [['north-sea.radar.evade.germany', 'skagerrak', 'standing order']]);
  assert.equal(eventsOf(events, 'naval-battle').length, 0);
  assert.deepEqual(eventsOf(events, 'landing').map((e) => [e['to'], e['units']]), [['london', { bomber: 2 }]]);
  assert.deepEqual(aboard(state, 'germany'), { 'germany-t1': ['radar'], 'germany-t2': ['sonar'] });
  assert.ok(state.board.units.filter((u) => u.nation === 'germany' && ['germany-t1', 'germany-t2'].includes(u.aboard ?? u.id)).every((u) => u.at === 'skagerrak'));
  assert.deepEqual(clean(state), []);
  const lines = events.filter((e) => ['radar-detection', 'radar-evasion'].includes(e.type)).map((e) => greatWar.describeEvent!(e));
  assert.deepEqual(lines, ["Germany's radar in the North Sea (1 battleship) detects the incoming 2 bombers.", "Warned by radar, Germany's 1 battleship, 1 cruiser evade from the North Sea to the Skagerrak before the strike."]);
  // The zone the order names is closed (a British cruiser in the Northern Atlantic): the first open one, in id order.
  const closed = setup();
  const e2 = runPhases(closed, { britain: 'fly 2 bombers from London to North Sea', germany: 'evade from North Sea to Northern Atlantic' }, [3], 'naval-movement', 'naval-combat');
  assert.deepEqual(eventsOf(e2, 'radar-evasion').map((e) => e['to']), ['norwegian-sea']);
  // Not detected (6): the ships stay and the strike goes in, whatever the order.
  const missed = setup();
  const e3 = runPhases(missed, { britain: 'fly 1 bomber from London to North Sea', germany: 'evade from North Sea' }, [6, 9, 9, 9, 9, 9], 'naval-movement', 'naval-combat');
  assert.deepEqual(eventsOf(e3, 'radar-evasion'), []);
  assert.equal(eventsOf(e3, 'naval-battle').length, 1);
  // Detected, but no evade order: the default is to stay.
  const stays = setup();
  const e4 = runPhases(stays, { britain: 'fly 1 bomber from London to North Sea' }, [2, 9, 9, 9, 9, 9], 'naval-movement', 'naval-combat');
  assert.deepEqual(eventsOf(e4, 'decision').map((e) => [e['answer'], e['source']]).slice(0, 1), [['stay', 'default']]);
  assert.deepEqual(eventsOf(e4, 'radar-evasion'), []);
});

test('D-EQUIP-9: evade orders, text and JSON both ways; one a sea zone, to a neighbouring zone; located errors with suggestions', () => {
  const state = openingState();
  const text = 'evade from North Sea to Skagerrak\nevade from English Channel';
  const orders = ordersFor(state, 'germany', text);
  assert.deepEqual(orders.orders, [
    { kind: 'evade', from: 'north-sea', to: 'skagerrak' },
    { kind: 'evade', from: 'english-channel' },
  ]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'germany', step }), `${text}\n`);
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'germany', step }).ok);
  const bad = parseFor(state, 'germany', 'evade from North Sea\nevade from North Sea to Skagerrak\nevade from Baltic Sea to North Sea\nevade from Nort Sea\nevade to Paris');
  assert.ok(!bad.ok);
  assert.deepEqual(bad.error.map((p) => [p.line, p.code, p.column, p.suggestion ?? '']), [
    [2, 'one-evade-order', 7, ''],
    [3, 'not-adjacent', 7, ''],
    [4, 'unknown-area', 12, 'North Sea'],
    [5, 'bad-evade', 7, ''],
  ]);
  const json = greatWar.checkOrders({ orders: [{ kind: 'evade', from: 'paris' }, { kind: 'evade', form: 'north-sea' }] }, { state, seat: 'germany', step });
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path]), [
    ['not-a-sea-zone', '$.orders[0].from'],
    ['unknown-field', '$.orders[1].form'],
    ['missing-from', '$.orders[1].from'],
  ]);
  assert.equal(evadeSpec.kind, 'evade');
});

// ---------------------------------------------------------------------------------------------------------------
// Sonar.

test('GW-TECH-70, GW-P06-SUBINT-06 (D-EQUIP-10): submarines attacking a task force with sonar on one of its ships roll at -1', () => {
  const play = (withSonar: boolean) => {
    const state = scene({ 'north-sea': { britain: { cruiser: 2 }, germany: { submarine: 2 } }, 'norwegian-sea': {} });
    if (withSonar) fit(state, 'sonar', 'britain-t1');
    // Round 1: the submarines (attack 4) roll 4 and 4; they disengage after it.
    const events = runPhases(state, { britain: 'sail 2 cruisers from North Sea to Norwegian Sea', germany: 'ambush with all submarines in North Sea\ndisengage from North Sea after round 1' }, [4, 4], 'submarine-detection', 'naval-combat');
    return { state, events };
  };
  const hits = (events: readonly GameEvent[]) => eventsOf(events, 'submarine-round').map((e) => (e['sides'] as { hits: number }[])[0]!.hits);
  const sonar = play(true);
  assert.deepEqual(hits(sonar.events), [0], 'at 3, two 4s miss');
  assert.deepEqual(hits(play(false).events), [2]);
  assert.deepEqual(unitsIn(sonar.state, 'norwegian-sea'), { 'britain cruiser': 2, 'britain sonar': 1 });
  assert.deepEqual(clean(sonar.state), []);
});

test('GW-TECH-70, GW-P05-SUBDET-11 (D-EQUIP-10): in a hunt, the hunted submarines fire back at -1 at hunters with sonar; sonar does not help find them', () => {
  const play = (withSonar: boolean) => {
    const state = scene({ 'north-sea': { britain: { cruiser: 1 }, germany: { submarine: 1 } } });
    if (withSonar) fit(state, 'sonar', 'britain-t1');
    // Detection: 5 (the cruiser's 5: found). Round 1: the cruiser misses (9). Round 2: the cruiser misses (9), the
    // submarine (defence 2) rolls 2; then it disengages and stays.
    return runPhases(state, { britain: 'hunt with 1 cruiser in North Sea', germany: 'disengage from North Sea after round 2' }, [5, 9, 9, 2], 'submarine-detection', 'submarine-detection');
  };
  const hits = (events: readonly GameEvent[]) => eventsOf(events, 'submarine-round').map((e) => (e['sides'] as { hits: number }[])[1]!.hits);
  assert.deepEqual(hits(play(true)), [0, 0]);
  assert.deepEqual(hits(play(false)), [0, 1]);
  // Detection is the ship's search capability alone.
  const found = play(true);
  assert.deepEqual(eventsOf(found, 'detection').map((e) => e['found']), [{ cruiser: 1 }]);
  assert.ok(rollsOf(found)[0]!.startsWith('Britain searches the North Sea for submarines: cruiser #1 = 5'));
});

// ---------------------------------------------------------------------------------------------------------------
// Odds, random orders, invariants, reports.

test('D-EQUIP-11, D-NAV-17: the odds of a sea battle give attacking aircraft radar\'s -1, and are marked approximate', () => {
  const odds = (withRadar: boolean) => {
    const state = scene({ 'north-sea': { germany: { cruiser: 1 } }, london: { britain: { infantry: 1, bomber: 2 } } });
    if (withRadar) {
      state.board.units.push({ id: 'germany-bb', nation: 'germany', type: 'battleship', at: 'skagerrak', damage: 0 });
      state.board.units.find((u) => u.id === 'germany-t1')!.type = 'battleship';
      fit(state, 'radar', 'germany-t1');
    } else state.board.units.find((u) => u.id === 'germany-t1')!.type = 'battleship';
    const events = runPhases(state, { britain: 'fly 2 bombers from London to North Sea' }, withRadar ? [9, 10, 10, 10, 10] : [10, 10, 10, 10], 'naval-movement', 'naval-combat');
    return eventsOf(events, 'naval-battle')[0]!['odds'] as { attacker: number; exact: boolean };
  };
  const radar = odds(true);
  const plain = odds(false);
  assert.equal(plain.exact, true);
  assert.equal(radar.exact, false);
  assert.ok(radar.attacker < plain.attacker, `${radar.attacker} < ${plain.attacker}`);
});

test('D-EQUIP-1: random play may propose sonar, radar, mounted AA guns and carrier fighters where the nation has ships that take them, and they are accepted', () => {
  const state = equipped({ britain: { sonar: 1, radar: 1, 'improved-aa-guns': 1, 'aircraft-carriers': 1, 'improved-fighters': 2 } });
  state.board.units.push({ id: 'britain-950', nation: 'britain', type: 'carrier', at: 'north-sea', damage: 0 });
  const ctx = { state, seat: 'britain', step };
  const labels = greatWar.legalActions({ orders: [] }, ctx).filter((a) => a.next.orders.at(-1)!.kind === 'build').map((a) => greatWar.formatOrders(a.next, ctx).trim());
  for (const unit of ['Sonar', 'Radar', 'Anti-Aircraft Gun', 'Fighter']) assert.ok(labels.some((l) => new RegExp(`^build 1 ${unit} in `).test(l) && !/London|Birmingham/.test(l)), `${unit}: ${labels.join('; ')}`);
  let draft: GreatWarOrders = { orders: [] };
  for (const unit of ['sonar', 'radar', 'aa-gun', 'fighter']) {
    const action = greatWar.legalActions(draft, ctx).find((a) => {
      const o = a.next.orders.at(-1) as BuildOrder;
      return o.kind === 'build' && o.unit === unit && o.at !== 'london';
    });
    if (action) draft = action.next;
  }
  assert.equal(draft.orders.length, 4);
  assert.ok(greatWar.checkOrders(draft, ctx).ok);
  assert.deepEqual(greatWar.legalActions({ orders: [] }, { ...ctx, seat: 'france' }).filter((a) => ['radar', 'sonar'].includes(String(a.next.orders.at(-1)!['unit']))), []);
});

test('D-EQUIP-2, D-EQUIP-7: the invariants name radar on a ship that may not carry it, two sonar on one ship, and a mounted AA gun beyond a ship\'s mounts', () => {
  const state = openingState();
  fit(state, 'radar', 'britain-55');
  fit(state, 'sonar', 'britain-56');
  state.board.units.push({ id: 'britain-sonar-2', nation: 'britain', type: 'sonar', at: 'north-sea', damage: 0, aboard: 'britain-56' });
  fit(state, 'aa-gun', 'britain-68');
  fit(state, 'aa-gun', 'britain-68');
  state.board.units.find((u) => u.id === 'britain-aa-gun-on-britain-68')!.id = 'britain-aa-1';
  assert.deepEqual(clean(state), [
    'britain-68 (transport) carries 2 AA guns; it holds 1',
    'radar britain-radar-on-britain-55 is fitted to britain-55 (cruiser); it goes only on battleship, carrier',
    'britain-56 (cruiser) carries more than 1 sonar',
  ]);
  assert.equal(unitStats(state, 'britain', 'transport').aaMounts, 1);
});

test('D-EQUIP-1, D-EQUIP-9: every event of equipment has a report line', () => {
  const describe = (e: Record<string, unknown>) => greatWar.describeEvent!(e as never);
  assert.equal(describe({ type: 'fitted', nation: 'britain', unit: 'sonar', id: 'britain-80', ship: 'britain-55', shipType: 'cruiser', at: 'north-sea' }), 'New sonar of Britain (britain-80) is fitted to cruiser britain-55 in the North Sea.');
  assert.equal(describe({ type: 'fitted', nation: 'britain', unit: 'aa-gun', id: 'britain-81', ship: 'britain-48', shipType: 'battleship', at: 'north-sea' }), 'A new AA gun of Britain (britain-81) is mounted on battleship britain-48 in the North Sea.');
  assert.equal(describe({ type: 'fitted', nation: 'britain', unit: 'fighter', id: 'britain-82', ship: 'britain-83', shipType: 'carrier', at: 'north-sea' }), 'A new fighter of Britain (britain-82) goes on board aircraft carrier britain-83 in the North Sea.');
  assert.equal(describe({ type: 'radar-detection', area: 'north-sea', nations: ['germany'], ships: { battleship: 2 }, aircraft: { bomber: 1 }, detected: false }), "Germany's radar in the North Sea (2 battleships) does not detect the incoming 1 bomber.");
});
