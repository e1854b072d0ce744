import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameEvent } from '@umpire/engine';
import { greatWar, landInvariants, type GreatWarState } from '../src/index.js';
import { eventsOf, parseFor, refusalOf, rollsOf, runPhases, scene, unitsIn } from './helpers.js';

// The tasks of a task force beyond sailing (GW-P06-NAV-10, -12, -14, -16; decisions D-NAV-26 to D-NAV-29 of
// docs/great-war/naval-war.md): escorts, blockades, transports that land troops without sailing, blockade runners
// breaking off.

/** Phases 6 to 7 (naval movement, aircraft at sea, submarine interception, naval combat). */
const atSea = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'naval-combat');
/** Phases 6 to 15. */
const toTheEnd = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'economic-war');

const fleets = (e: GameEvent | undefined, side: 'attackers' | 'defenders') => (e?.[side] ?? []) as { nation: string; units: Record<string, number> }[];
const trade = (events: readonly GameEvent[]) => eventsOf(events, 'us-trade').map((e) => `${String(e['nation'])} ${e['status'] === 'delivered' ? String(e['received']) : String(e['status'])}`);

// ---------------------------------------------------------------------------------------------------------------
// Escorts.

test('GW-P06-NAV-10 (D-NAV-26): an escort task force sailing the same way as a transport task force defends it when submarines strike; alone, it is a task force of its own', () => {
  const state = scene({ 'north-sea': { britain: { transport: 1, cruiser: 2 }, germany: { submarine: 2 } }, 'english-channel': {} });
  const orders = { britain: 'sail 1 transport from North Sea to English Channel as transport\nsail 2 cruisers from North Sea to English Channel as escort', germany: 'ambush with 2 submarines in North Sea for transports\ndisengage from North Sea after round 1' };
  // The submarines' free first round misses (10, 10); they disengage after it.
  const events = atSea(state, orders, [10, 10]);
  const battle = eventsOf(events, 'submarine-battle')[0];
  assert.equal(battle?.['force'], 'TF1', 'the transport task force is the target; its escort is no target of its own');
  assert.deepEqual(fleets(battle, 'defenders'), [{ nation: 'britain', units: { transport: 1, cruiser: 2 } }], 'the escorts fight beside it');
  assert.deepEqual(eventsOf(events, 'disengage').map((e) => [e['nation'], e['role']]), [['germany', 'attacker']]);
  assert.deepEqual(unitsIn(state, 'english-channel'), { 'britain transport': 1, 'britain cruiser': 2 });

  // An escort going another way escorts nobody: it is attacked, and defends, alone; the transport alone beside it.
  const apart = scene({ 'north-sea': { britain: { transport: 1, cruiser: 2 }, germany: { submarine: 2 } }, 'english-channel': {}, skagerrak: {} });
  const split = atSea(apart, { britain: 'sail 1 transport from North Sea to English Channel as transport\nsail 2 cruisers from North Sea to Skagerrak as escort', germany: 'ambush with 2 submarines in North Sea\ndisengage from North Sea after round 1' }, [10, 10]);
  const b2 = eventsOf(split, 'submarine-battle')[0];
  assert.equal(b2?.['force'], 'TF2', 'the largest task force: the two cruisers');
  assert.deepEqual(fleets(b2, 'defenders'), [{ nation: 'britain', units: { cruiser: 2 } }]);
});

test('GW-P06-NAV-10, GW-P06-NAV-14 (D-NAV-26, D-NAV-27): escort and blockade are warships’ tasks: an unarmed transport takes neither', () => {
  const state = scene({ 'north-sea': { britain: { transport: 1, cruiser: 1 } } });
  const esc = refusalOf(state, 'britain', 'sail 1 transport from North Sea to Skagerrak as escort');
  assert.equal(esc.code, 'task-ships');
  assert.match(esc.message, /transports are unarmed: the escort task is for warships/);
  assert.equal(refusalOf(state, 'britain', 'sail 1 transport in North Sea as blockade').code, 'task-ships');
  // A submarine may take either (the US trade counts submarines among the blockaders, GW-P15-USTRADE-06).
  const subs = scene({ 'north-sea': { germany: { submarine: 1 } } });
  const r = parseFor(subs, 'germany', 'sail 1 submarine in North Sea as blockade');
  assert.ok(r.ok, JSON.stringify(r));
});

// ---------------------------------------------------------------------------------------------------------------
// Blockades.

test('GW-P06-NAV-14, GW-P15-USTRADE-06, GW-OPT-GBR-01 (D-NAV-27, D-SEA-10): ships with the blockade task stop the US trade the turn they are given it; ships merely in the zone do not', () => {
  const declared = scene({ skagerrak: { britain: { cruiser: 1 } } });
  const events = toTheEnd(declared, { britain: 'sail 1 cruiser in Skagerrak as blockade' }, []);
  assert.deepEqual(eventsOf(events, 'sail').map((e) => [e['task'], e['from'], e['to']]), [['blockade', 'skagerrak', 'skagerrak']]);
  assert.equal(trade(events)[1], 'germany blockaded');
  assert.deepEqual(declared.sea.blockade, [], 'phase 15 ends the turn’s blockades');
  assert.deepEqual(landInvariants(declared), []);

  const idle = scene({ skagerrak: { britain: { cruiser: 1 } } });
  assert.equal(trade(toTheEnd(idle, {}, []))[1], 'germany 8', 'no blockade without the task');

  // Ships may sail to their blockade; sailing there for another task blockades nothing.
  const sailing = scene({ 'north-sea': { britain: { cruiser: 1 } }, skagerrak: {} });
  assert.equal(trade(toTheEnd(sailing, { britain: 'sail 1 cruiser from North Sea to Skagerrak as blockade' }, []))[1], 'germany blockaded');
  const other = scene({ 'north-sea': { britain: { cruiser: 1 } }, skagerrak: {} });
  assert.equal(trade(toTheEnd(other, { britain: 'sail 1 cruiser from North Sea to Skagerrak as escort' }, []))[1], 'germany 8');
});

// ---------------------------------------------------------------------------------------------------------------
// Transports landing troops without sailing.

test('GW-P06-SUBINT-03 (D-NAV-28): submarines may strike transports that stay in their zone to land troops; not transports that stay only to take troops aboard', () => {
  const orders = ['sail 1 transport in North Sea as transport', 'embark 1 infantry from London onto transports in North Sea'];
  const landing = scene({ london: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 1 }, germany: { submarine: 1 } }, flanders: {} });
  landing.board.territories['flanders'] = { owner: 'britain', incorporated: false };
  // The submarine's free first round hits (1): the transport sinks with the infantry aboard.
  const events = atSea(landing, { britain: [...orders, 'land all from North Sea to Flanders'].join('\n'), germany: 'ambush with 1 submarine in North Sea' }, [1]);
  assert.deepEqual(eventsOf(events, 'interception').map((e) => [e['force'], e['forceNation']]), [['TF1', 'britain']]);
  assert.deepEqual(rollsOf(events), ["Germany's submarines attack task force TF1 in the North Sea, round 1: submarine #1 = 1"]);
  assert.deepEqual(unitsIn(landing, 'north-sea'), { 'germany submarine': 1 });

  const loading = scene({ london: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 1 }, germany: { submarine: 1 } } });
  const quiet = atSea(loading, { britain: orders.join('\n'), germany: 'ambush with 1 submarine in North Sea' }, []);
  assert.deepEqual(eventsOf(quiet, 'submarine-battle'), []);
  assert.deepEqual(eventsOf(quiet, 'order-void').map((e) => e['code']), ['no-target']);
});

// ---------------------------------------------------------------------------------------------------------------
// Blockade runners breaking off.

test('GW-P06-NAV-16 (D-NAV-29): a caught blockade runner breaks off on 1-6 after a round and sails on to its destination', () => {
  const state = scene({ skagerrak: { germany: { cruiser: 2 } }, 'north-sea': { britain: { battleship: 1 } }, 'english-channel': {} });
  // Caught (7); round 1: the cruisers miss (10, 10), the battleship misses (10); the runners break off (6).
  const events = atSea(state, { germany: 'sail 2 cruisers from Skagerrak to English Channel via North Sea as run-blockade' }, [7, 10, 10, 10, 6]);
  assert.deepEqual(
    eventsOf(events, 'blockade-break-off').map((e) => [e['area'], e['round'], e['roll'], e['broke'], e['to']]),
    [['north-sea', 1, 6, true, 'english-channel']],
  );
  assert.deepEqual(unitsIn(state, 'english-channel'), { 'germany cruiser': 2 });
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain battleship': 1 });
  assert.deepEqual(eventsOf(events, 'naval-round').length, 1);
  assert.match(String(greatWar.describeEvent!(eventsOf(events, 'blockade-break-off')[0]!)), /blockade runners \(2 cruisers\) break off in the North Sea after round 1 \(rolled 6\) and move on to the English Channel/);
});

test('GW-P06-NAV-16 (D-NAV-29): a runner that fails to break off fights another round and tries again; one that breaks into a zone with enemy ships fights there', () => {
  const state = scene({ skagerrak: { germany: { cruiser: 2 } }, 'north-sea': { britain: { battleship: 1 } }, 'english-channel': { france: { cruiser: 1 } } });
  // Caught (7). Round 1 all miss; break-off fails (7). Round 2 all miss; break-off (1) into the English Channel, where
  // the French cruiser is: a battle there, the runners attacking (1, 1: one hit taken by the French fictive unit, one sinks the cruiser; it misses, 10).
  const events = atSea(state, { germany: 'sail 2 cruisers from Skagerrak to English Channel via North Sea as run-blockade' }, [7, 10, 10, 10, 7, 10, 10, 10, 1, 1, 1, 10]);
  assert.deepEqual(
    eventsOf(events, 'blockade-break-off').map((e) => [e['round'], e['broke']]),
    [
      [1, false],
      [2, true],
    ],
  );
  assert.deepEqual(eventsOf(events, 'naval-battle').map((e) => e['area']), ['north-sea', 'english-channel']);
  assert.deepEqual(fleets(eventsOf(events, 'naval-battle')[1], 'attackers'), [{ nation: 'germany', units: { cruiser: 2 } }]);
  assert.deepEqual(unitsIn(state, 'english-channel'), { 'germany cruiser': 2 });
  assert.deepEqual(landInvariants(state).filter((v) => !/turn record/.test(v)), []);
});
