import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedContext } from '@umpire/engine';
import { greatWar, invariants, describePoliticsEvent, turnPhaseNames, type GreatWarState } from '../src/index.js';
import { resolveEconomicWar } from '../src/p15-special/sea-trade.js';
import { resolveResources } from '../src/economy/resources.js';
import { unitStats } from '../src/base/units.js';
import { resolveNationalOptions, resolveOptionsEnd, optionsSections } from '../src/p01-options/national-options.js';
import { rebelPlacement } from '../src/p01-options/irish-rebellion.js';
import { eventsOf, nation, openingState, ordersFor, parseFor, phaseContext, refusalOf, runPhases, scene, step, unitsIn } from './helpers.js';

// The national options of Britain, France, Russia, Germany and Austria-Hungary (src/national-options.ts,
// docs/great-war/national-options.md).

/** Phase 1's options for the orders given, with scripted dice; every die must be used. */
function options(state: GreatWarState, orders: Record<string, string>, dice: number[]) {
  const ctx = phaseContext(dice);
  resolveNationalOptions(state, new Map(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(state, seat, text)])), ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

/** Phase 15's 'options-end' on turn `turn`, with scripted dice; every die must be used. */
function optionsEnd(state: GreatWarState, dice: number[], turn = 1) {
  const ctx = scriptedContext(dice, { ...step, turn });
  resolveOptionsEnd(state, new Map(), ctx);
  assert.equal(ctx.rolls(), dice.length, 'every scripted die is rolled');
  return ctx.events;
}

const usEntry = (events: readonly { type: string; [k: string]: unknown }[]) => eventsOf(events as never, 'us-entry').map((e) => [e['event'], e['change']]);

// ---------------------------------------------------------------------------------------------------------------
// The orders

test('O-90, O-91, O-92, O-93, O-94, O-95, O-96, O-97, O-98, O-99 (D-OPT-11): the option orders read as text and JSON, write back, and name their holder when refused, located', () => {
  const s = openingState();
  assert.deepEqual(ordersFor(s, 'britain', 'us-propaganda').orders, [{ kind: 'us-propaganda' }]);
  assert.deepEqual(ordersFor(s, 'germany', 'unrestricted-submarine-warfare decl').orders, [{ kind: 'unrestricted-submarine-warfare', action: 'declare' }]);
  assert.deepEqual(ordersFor(s, 'germany', 'zimmermann-note').orders, [{ kind: 'zimmermann-note' }]);
  assert.deepEqual(ordersFor(s, 'russia', 'serbian-a').orders, [{ kind: 'serbian-aid' }]);
  assert.deepEqual(ordersFor(s, 'austria-hungary', 'serbian-p').orders, [{ kind: 'serbian-peace' }]);
  const ctx = { state: s, seat: 'germany', step };
  const json = { orders: [{ kind: 'us-propaganda' }, { kind: 'unrestricted-submarine-warfare', action: 'declare' }, { kind: 'zimmermann-note' }] };
  const checked = greatWar.checkOrders(json, ctx);
  assert.ok(checked.ok);
  assert.equal(greatWar.formatOrders(checked.value, ctx), 'us-propaganda\nunrestricted-submarine-warfare declare\nzimmermann-note\n');

  // Wrong nation, bad word, bad field: each located, with a suggestion where one fits.
  const france = refusalOf(s, 'france', '# France tries\nus-propaganda');
  assert.deepEqual([france.code, france.line, france.column], ['not-your-option', 2, 1]);
  assert.match(france.message, /British option 4 and German option 3/);
  const typo = refusalOf(s, 'germany', 'unrestricted-submarine-warfare delcare');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['bad-action', 1, 32, 'declare']);
  const extra = refusalOf(s, 'russia', 'serbian-aid 10');
  assert.deepEqual([extra.code, extra.column], ['bad-option', 13]);
  const bad = greatWar.checkOrders({ orders: [{ kind: 'unrestricted-submarine-warfare', action: 'retrakt' }] }, ctx);
  assert.ok(!bad.ok);
  assert.deepEqual(bad.error.map((p) => [p.path, p.suggestion]), [['$.orders[0].action', 'retract']]);
  const twice = refusalOf(s, 'britain', 'us-propaganda\nus-propaganda');
  assert.deepEqual([twice.code, twice.line], ['once-per-turn', 2]);
  nation(s, 'germany').treasury = 10;
  assert.equal(refusalOf(s, 'germany', 'zimmermann-note').code, 'not-enough-resources');

  // The random player is offered the options (and only its own).
  const offered = (seat: string) => greatWar.legalActions(greatWar.emptyOrders({ state: s, seat, step }), { state: s, seat, step }).map((a) => a.next.orders.at(-1)!.kind);
  assert.ok(offered('britain').includes('us-propaganda'));
  assert.ok(offered('germany').includes('unrestricted-submarine-warfare'));
  assert.ok(!offered('france').includes('us-propaganda'));
});

// ---------------------------------------------------------------------------------------------------------------
// Propaganda

test('GW-OPT-GBR-14, GW-OPT-GBR-15, GW-USENTRY-20 (D-OPT-3, A25): British propaganda costs 15; 2D10 of 18+ raise US opinion 1, a 2 is discovered: -2, counted once', () => {
  const s = openingState();
  const before = nation(s, 'britain').treasury;
  assert.deepEqual(usEntry(options(s, { britain: 'us-propaganda' }, [9, 9])), [['option', 1]]);
  assert.equal(nation(s, 'britain').treasury, before - 15);
  assert.deepEqual(usEntry(options(s, { britain: 'us-propaganda' }, [1, 1])), [['event-17', -2]]);
  assert.equal(s.politics.usEntry, -1, '+1 then -2: the discovery is applied once, not again as a US Entry event');
  assert.deepEqual(usEntry(options(s, { britain: 'us-propaganda' }, [8, 9])), [], '17: no effect');
  assert.equal(nation(s, 'britain').treasury, before - 45);
});

test('GW-OPT-GER-09, GW-OPT-GER-10 (D-OPT-3): German propaganda costs 15; 19 or 20 lowers US opinion 1, a 2 raises it 2; refused once the USA is in the war', () => {
  const s = openingState();
  assert.deepEqual(usEntry(options(s, { germany: 'us-propaganda' }, [10, 9])), [['option', -1]]);
  assert.deepEqual(usEntry(options(s, { germany: 'us-propaganda' }, [1, 1])), [['option', 2]]);
  assert.deepEqual(usEntry(options(s, { germany: 'us-propaganda' }, [9, 9])), [], '18 is not enough for Germany');
  assert.equal(s.politics.usEntry, 1);
  assert.equal(nation(s, 'germany').treasury, openingState().nations.find((n) => n.id === 'germany')!.treasury - 45);
  nation(s, 'usa').side = 'allied';
  assert.equal(refusalOf(s, 'germany', 'us-propaganda').code, 'usa-at-war');
});

// ---------------------------------------------------------------------------------------------------------------
// Unrestricted submarine warfare

test('GW-OPT-GER-11, GW-OPT-GER-13, GW-OPT-GER-15, GW-USENTRY-13, GW-USENTRY-14 (D-OPT-4, D-OPT-5, A24): declared at once for +1; Britain loses 1D10 every turn; from the next turn 3 in 10 of +1 each turn', () => {
  const s = openingState();
  const events = options(s, { germany: 'unrestricted-submarine-warfare declare' }, []);
  assert.deepEqual(usEntry(events), [['event-11', 1]]);
  assert.equal(s.economicWar.unrestrictedSubmarineWarfare, true);
  const treasury = nation(s, 'britain').treasury;
  // The turn it is declared: the shipping loss, no opinion roll (the declaration's +1 is that turn's).
  const first = optionsEnd(s, [7], 1);
  assert.deepEqual(eventsOf(first, 'colonial-shipping-sunk').map((e) => [e['roll'], e['taken']]), [[7, 7]]);
  assert.equal(nation(s, 'britain').treasury, treasury - 7);
  assert.equal(nation(s, 'britain').ledger.lostAtSea, 7);
  // The next turns: the loss again, and 3 in 10 for +1.
  assert.deepEqual(usEntry(optionsEnd(s, [2, 3], 2)), [['event-11', 1]]);
  assert.deepEqual(usEntry(optionsEnd(s, [2, 4], 3)), []);
  assert.equal(s.politics.usEntry, 2);
  assert.equal(nation(s, 'britain').treasury, treasury - 11);
  // Never more than Britain has.
  nation(s, 'britain').treasury = 3;
  assert.deepEqual(eventsOf(optionsEnd(s, [9, 10], 4), 'colonial-shipping-sunk').map((e) => e['taken']), [3]);
  assert.deepEqual(invariants(s), []);
  assert.match(optionsSections(s, undefined)[0]!.lines![0]!, /in force \(declared turn 1\)/);
});

test('GW-OPT-GER-12 (D-SEA-12, D-OPT-4): while it is in force, a German submarine in the North Sea cuts the US trade of both Britain and France', () => {
  const s = scene({ 'north-sea': { germany: { submarine: 1 } } });
  options(s, { germany: 'unrestricted-submarine-warfare declare' }, []);
  const ctx = phaseContext([]);
  resolveEconomicWar(s, new Map(), ctx);
  assert.deepEqual(
    eventsOf(ctx.events, 'us-trade').map((e) => [e['nation'], e['status']]).slice(0, 3),
    [
      ['britain', 'blockaded'],
      ['germany', 'delivered'],
      ['france', 'blockaded'],
    ],
  );
});

test('GW-OPT-GER-14 (D-OPT-4): retracting costs 25 and is for good: no new declaration, nothing to retract while not in force', () => {
  const s = openingState();
  assert.equal(refusalOf(s, 'germany', 'unrestricted-submarine-warfare retract').code, 'not-in-force');
  options(s, { germany: 'unrestricted-submarine-warfare declare' }, []);
  assert.equal(refusalOf(s, 'germany', 'unrestricted-submarine-warfare declare').code, 'already-in-force');
  assert.equal(refusalOf(s, 'britain', 'unrestricted-submarine-warfare retract').code, 'not-your-option');
  const before = nation(s, 'germany').treasury;
  options(s, { germany: 'unrestricted-submarine-warfare retract' }, []);
  assert.equal(nation(s, 'germany').treasury, before - 25);
  assert.equal(s.economicWar.unrestrictedSubmarineWarfare, false);
  const again = refusalOf(s, 'germany', 'unrestricted-submarine-warfare declare');
  assert.deepEqual([again.code, again.column], ['renounced', 32]);
  assert.deepEqual(optionsEnd(s, [], 3), [], 'no loss and no roll once retracted');
  assert.deepEqual(invariants(s), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Blockades of US trade

/** Phases 6 to 7 with the orders, then the 'blockade-opinion' note, the US trade and 'options-end' with `dice`. */
function blockadeTurn(state: GreatWarState, orders: Record<string, string>, dice: number[]) {
  const events = [...runPhases(state, orders, [], 'naval-movement', 'blockade-opinion')];
  const ctx = phaseContext(dice);
  resolveEconomicWar(state, new Map(), ctx);
  resolveOptionsEnd(state, new Map(), ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return [...events, ...ctx.events];
}

test('GW-OPT-GBR-01, GW-OPT-GBR-02, GW-OPT-GBR-04, GW-OPT-GBR-05, GW-USENTRY-11 (D-OPT-1, D-OPT-2, A22, A23): a British cruiser blockading the Skagerrak on turn 1 stops Germany\'s US trade; one roll, 2 in 10, of -1', () => {
  const s = scene({ skagerrak: { britain: { cruiser: 1 } } });
  const events = blockadeTurn(s, { britain: 'sail 1 cruiser in Skagerrak as blockade' }, [2]);
  assert.deepEqual(eventsOf(events, 'us-trade').filter((e) => e['nation'] === 'germany').map((e) => e['status']), ['blockaded']);
  assert.deepEqual(eventsOf(events, 'blockade-opinion').map((e) => [e['nation'], e['receivers'], e['roll'], e['shifted']]), [['britain', ['germany'], 2, true]]);
  assert.deepEqual(usEntry(events), [['event-9b', -1]]);
  // A 3 is no shift: the chance is 2 in 10, not 1 in 10 plus 2 in 10.
  const t = scene({ skagerrak: { britain: { cruiser: 1 } } });
  assert.deepEqual(usEntry(blockadeTurn(t, { britain: 'sail 1 cruiser in Skagerrak as blockade' }, [3])), []);
});

test('GW-OPT-GBR-03, GW-OPT-GER-07 (D-OPT-1): a blockade is chosen turn by turn: ships in the zone without the task bring neither blockade nor roll; nor while the USA is in the war', () => {
  const s = scene({ skagerrak: { britain: { cruiser: 1 } } });
  const idle = blockadeTurn(s, {}, []);
  assert.deepEqual(eventsOf(idle, 'blockade-opinion'), []);
  assert.deepEqual(s.politics.options.blockading, []);
  const w = scene({ skagerrak: { britain: { cruiser: 1 } } });
  runPhases(w, { britain: 'sail 1 cruiser in Skagerrak as blockade' }, [], 'naval-movement', 'blockade-opinion');
  assert.deepEqual(w.politics.options.blockading, [{ nation: 'britain', receivers: ['germany'] }]);
  nation(w, 'usa').side = 'allied';
  assert.deepEqual(optionsEnd(w, []), [], 'the USA is in the war: no roll');
  assert.deepEqual(w.politics.options.blockading, [], 'the note is cleared');
});

test('GW-OPT-GER-05, GW-OPT-GER-06, GW-OPT-GER-08, GW-USENTRY-12 (D-OPT-1, A22, A23): a German blockade of the Middle Atlantic stops France\'s trade; with the North Atlantic too, Britain\'s; one roll of 2 in 10 for +1', () => {
  const s = scene({ 'middle-atlantic': { germany: { cruiser: 1 } } });
  const events = blockadeTurn(s, { germany: 'sail 1 cruiser in Middle Atlantic as blockade' }, [1]);
  assert.deepEqual(eventsOf(events, 'us-trade').map((e) => [e['nation'], e['status']]).slice(0, 3), [
    ['britain', 'delivered'],
    ['germany', 'delivered'],
    ['france', 'blockaded'],
  ]);
  assert.deepEqual(eventsOf(events, 'blockade-opinion').map((e) => [e['receivers'], e['shifted']]), [[['france'], true]]);
  assert.deepEqual(usEntry(events), [['event-10', 1]]);

  const both = scene({ 'middle-atlantic': { germany: { cruiser: 1 } }, 'northern-atlantic': { germany: { cruiser: 1 } } });
  const all = blockadeTurn(both, { germany: 'sail 1 cruiser in Middle Atlantic as blockade\nsail 1 cruiser in North Atlantic as blockade' }, [5]);
  assert.deepEqual(eventsOf(all, 'us-trade').map((e) => [e['nation'], e['status']]).slice(0, 3), [
    ['britain', 'blockaded'],
    ['germany', 'delivered'],
    ['france', 'blockaded'],
  ]);
  assert.deepEqual(eventsOf(all, 'blockade-opinion').map((e) => [e['receivers'], e['roll'], e['shifted']]), [[['britain', 'france'], 5, false]]);
});

// ---------------------------------------------------------------------------------------------------------------
// The Zimmermann Note

test('GW-OPT-GER-23, GW-OPT-GER-24, GW-OPT-GER-25, GW-USENTRY-19 (D-OPT-8, A25): 15 an attempt; 9-10 Mexico joins the Central Powers; 1-3 discovered: +2, once', () => {
  const s = openingState();
  const before = nation(s, 'germany').treasury;
  assert.deepEqual(usEntry(options(s, { germany: 'zimmermann-note' }, [3])), [['event-16', 2]]);
  assert.deepEqual(usEntry(options(s, { germany: 'zimmermann-note' }, [8])), []);
  assert.equal(s.politics.usEntry, 2);
  const events = options(s, { germany: 'zimmermann-note' }, [9]);
  assert.deepEqual(eventsOf(events, 'joined-side').map((e) => [e['nation'], e['side'], e['cause']]), [['mexico', 'central', 'option']]);
  const mexico = s.minors.find((m) => m.id === 'mexico')!;
  assert.equal(mexico.side, 'central');
  assert.ok(mexico.atWarWith.includes('britain') && mexico.atWarWith.includes('france'));
  assert.equal(nation(s, 'germany').treasury, before - 45);
  assert.equal(refusalOf(s, 'germany', 'zimmermann-note').code, 'not-neutral');
  assert.deepEqual(invariants(s), []);
});

// ---------------------------------------------------------------------------------------------------------------
// The Irish rebellion

test('GW-OPT-GER-16, GW-OPT-GER-17, GW-OPT-GER-20, GW-OPT-GER-21, GW-OPT-GER-22 (D-OPT-6): arms cost 10 and need a Central ship in the Irish Sea; a 1: the Irish back Britain, +20 manpower in the Isles, and no more attempts', () => {
  const s = openingState();
  assert.equal(refusalOf(s, 'germany', 'irish-rebellion').code, 'no-ship-in-irish-sea');
  s.board.units.push({ id: 'germany-u99', nation: 'germany', type: 'submarine', at: 'irish-sea', damage: 0 });
  const before = nation(s, 'germany').treasury;
  assert.deepEqual(eventsOf(options(s, { germany: 'irish-rebellion' }, [5]), 'irish-support').map((e) => e['result']), ['no-effect']);
  const limit = nation(s, 'britain').manpower.find((m) => m.region === 'home')!.limit;
  const events = options(s, { germany: 'irish-rebellion' }, [1]);
  assert.deepEqual(eventsOf(events, 'irish-support').map((e) => e['result']), ['back-britain']);
  assert.equal(nation(s, 'britain').manpower.find((m) => m.region === 'home')!.limit, limit + 20);
  assert.equal(nation(s, 'germany').treasury, before - 20);
  assert.equal(refusalOf(s, 'germany', 'irish-rebellion').code, 'irish-settled');
  assert.equal(s.minors.some((m) => m.id === 'irish-rebels'), false);
});

test('GW-OPT-GER-17, GW-OPT-GER-18, GW-OPT-GER-22 (D-OPT-6, D-OPT-7): on a 9 Ireland rises: 1D10 infantry and 1 artillery, split between the two Irish territories, take undefended Ireland; the rebels are at war with Britain only', () => {
  const s = scene({ 'southern-ireland': {}, 'northern-ireland': {}, 'irish-sea': { germany: { cruiser: 1 } } });
  assert.deepEqual(rebelPlacement(5), [
    { territory: 'southern-ireland', infantry: 3, artillery: 1 },
    { territory: 'northern-ireland', infantry: 2, artillery: 0 },
  ]);
  const events = options(s, { germany: 'irish-rebellion' }, [9, 5]);
  assert.deepEqual(eventsOf(events, 'irish-support').map((e) => e['result']), ['rebellion']);
  assert.deepEqual(unitsIn(s, 'southern-ireland'), { 'irish-rebels infantry': 3, 'irish-rebels artillery': 1 });
  assert.deepEqual(unitsIn(s, 'northern-ireland'), { 'irish-rebels infantry': 2 });
  assert.equal(s.board.territories['southern-ireland']!.owner, 'irish-rebels');
  assert.equal(s.board.territories['northern-ireland']!.owner, 'irish-rebels');
  const rebels = s.minors.find((m) => m.id === 'irish-rebels')!;
  assert.deepEqual([rebels.side, rebels.controller, rebels.atWarWith], ['neutral', 'moderator', ['britain']]);
  assert.equal(refusalOf(s, 'germany', 'irish-rebellion').code, 'irish-settled');
  assert.deepEqual(invariants(s), []);
  // The rebels' lands go through the turn's collection like any minor's.
  resolveResources(s, new Map(), phaseContext([]));
  assert.deepEqual(invariants(s), []);
  assert.match(describePoliticsEvent(eventsOf(events, 'irish-rebellion-result')[0]!) ?? '', /^The Irish rebels hold Southern Ireland and Northern Ireland with 1 artillery, 5 infantry\.$/);
});

test('GW-OPT-GER-19 (D-OPT-7): the rebels attack the British units in Ireland as attackers, the British defend', () => {
  const s = scene({ 'southern-ireland': { britain: { infantry: 1 } }, 'northern-ireland': {}, 'irish-sea': { germany: { submarine: 1 } } });
  const ctx = phaseContext([9, 1, ...Array.from({ length: 30 }, () => 1)]);
  resolveNationalOptions(s, new Map([['germany', ordersFor(s, 'germany', 'irish-rebellion')]]), ctx);
  const battles = eventsOf(ctx.events, 'battle');
  assert.equal(battles.length, 1);
  assert.equal(battles[0]!['area'], 'southern-ireland');
  const result = eventsOf(ctx.events, 'battle-result')[0]!;
  assert.ok(result, 'the battle is fought');
  assert.equal(s.board.units.filter((u) => u.at === 'southern-ireland' && u.nation === 'britain').length, 0, 'every die hits: the British infantry falls');
  assert.deepEqual(invariants(s), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Serbia

test('GW-OPT-RUS-01, GW-OPT-RUS-02 (D-OPT-9, A55): Russia pays 2 and the 10 it sends; all 10 reach Serbia; once a turn', () => {
  const s = openingState();
  const russia = nation(s, 'russia').treasury;
  const serbia = nation(s, 'serbia').treasury;
  const events = options(s, { russia: 'serbian-aid' }, []);
  assert.deepEqual([nation(s, 'russia').treasury, nation(s, 'serbia').treasury], [russia - 12, serbia + 10]);
  assert.match(describePoliticsEvent(eventsOf(events, 'serbian-aid')[0]!) ?? '', /Russia pays 12 to send 10 to Serbia/);
  assert.equal(refusalOf(s, 'russia', 'serbian-aid\nserbian-aid').code, 'once-per-turn');
  assert.equal(refusalOf(s, 'france', 'serbian-aid').code, 'not-your-option');
});

test('GW-OPT-AUH-01, GW-OPT-AUH-02 (D-OPT-10, D-OPT-9): Austria offers 25; on 1-5 Serbia makes peace with the Central Powers and leaves the war, neutral; once a game', () => {
  const s = openingState();
  const serbia = nation(s, 'serbia').treasury;
  const events = options(s, { 'austria-hungary': 'serbian-peace' }, [5]);
  assert.deepEqual(eventsOf(events, 'serbian-peace').map((e) => [e['roll'], e['accepted']]), [[5, true]]);
  const record = nation(s, 'serbia');
  assert.equal(record.side, 'neutral');
  assert.deepEqual(record.atWarWith, []);
  assert.ok(!nation(s, 'germany').atWarWith.includes('serbia'));
  assert.equal(record.treasury, serbia + 25);
  assert.equal(refusalOf(s, 'austria-hungary', 'serbian-peace').code, 'once-per-game');
  assert.equal(refusalOf(s, 'russia', 'serbian-aid').code, 'not-an-ally', 'a neutral Serbia gets no more Russian aid (D-OPT-9)');
  assert.deepEqual(invariants(s), []);

  const refused = openingState();
  options(refused, { 'austria-hungary': 'serbian-peace' }, [6]);
  assert.equal(nation(refused, 'serbia').side, 'allied');
  assert.ok(nation(refused, 'serbia').atWarWith.includes('austria-hungary'));
  assert.equal(nation(refused, 'serbia').treasury, serbia + 25, 'Serbia keeps the money');
  assert.equal(refusalOf(refused, 'austria-hungary', 'serbian-peace').code, 'once-per-game');
});

test('GW-OPT-AUH-03 (D-OPT-10): no offer while other Allied units stand in Serbian territory', () => {
  const s = openingState();
  const serbianLand = Object.keys(s.board.territories).find((t) => s.board.territories[t]!.owner === 'serbia')!;
  s.board.units.push({ id: 'russia-u99', nation: 'russia', type: 'infantry', at: serbianLand, damage: 0 });
  const problem = refusalOf(s, 'austria-hungary', 'serbian-peace');
  assert.equal(problem.code, 'allies-in-serbia');
  assert.ok(parseFor(openingState(), 'austria-hungary', 'serbian-peace').ok);
});

// ---------------------------------------------------------------------------------------------------------------
// The Adriatic submarine

test('GW-OPT-GER-29 (D-OPT-12): Germany builds one submarine at its normal cost in a home port and it is at once in the Adriatic; once a game', () => {
  const s = openingState();
  const before = nation(s, 'germany').treasury;
  const events = options(s, { germany: 'adriatic-submarine' }, []);
  assert.deepEqual(eventsOf(events, 'adriatic-submarine').map((e) => [e['port'], e['zone'], e['cost']]), [['hamburg', 'adriatic-sea', before - nation(s, 'germany').treasury]]);
  assert.ok(before - nation(s, 'germany').treasury > 0, 'the submarine is paid for');
  assert.equal(unitsIn(s, 'adriatic-sea')['germany submarine'], 1);
  assert.equal(refusalOf(s, 'germany', 'adriatic-submarine').code, 'once-per-game');
  assert.equal(refusalOf(openingState(), 'austria-hungary', 'adriatic-submarine').code, 'not-your-option');
  assert.deepEqual(invariants(s), []);
});

test('GW-OPT-GER-30, GW-OPT-GER-31 (D-OPT-12, G18): that turn no strategic movement to or from Trieste, and the building port loses 6 of its rail capacity; the next turn both are free again', () => {
  const s = scene({ trieste: { 'austria-hungary': { infantry: 1 } }, hamburg: { germany: { infantry: 1 } } });
  const orders = {
    'austria-hungary': ordersFor(s, 'austria-hungary', 'strategic 1 infantry from Trieste to Vienna'),
    germany: ordersFor(s, 'germany', 'strategic 1 infantry from Hamburg to Berlin'),
  };
  options(s, { germany: 'adriatic-submarine' }, []);
  const first = structuredClone(s);
  const ctx = phaseContext([]);
  greatWar.phases['strategic-movement']!(first, new Map(Object.entries(orders)), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'order-void').map((e) => [e['nation'], e['code']]), [
    ['germany', 'over-capacity'],
    ['austria-hungary', 'over-capacity'],
  ]);
  assert.equal(unitsIn(first, 'trieste')['austria-hungary infantry'], 1);
  const later = structuredClone(s);
  const next = scriptedContext([], { ...step, turn: 2 });
  greatWar.phases['strategic-movement']!(later, new Map(Object.entries(orders)), next);
  assert.deepEqual(eventsOf(next.events, 'order-void'), []);
  assert.equal(unitsIn(later, 'vienna')['austria-hungary infantry'] !== undefined, true);
});

test('GW-OPT-GER-32 (D-OPT-12): the Adriatic submarine engages the enemy ships in the Adriatic the turn it arrives', () => {
  const s = scene({ 'adriatic-sea': { france: { cruiser: 1 } } });
  const ctx = phaseContext([1]);
  resolveNationalOptions(s, new Map([['germany', ordersFor(s, 'germany', 'adriatic-submarine')]]), ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  assert.deepEqual(eventsOf(ctx.events, 'submarine-battle').map((e) => [e['area'], e['attackers'], e['defenders']]), [['adriatic-sea', [{ nation: 'germany', units: { submarine: 1 } }], [{ nation: 'france', units: { cruiser: 1 } }]]]);
  assert.deepEqual(unitsIn(s, 'adriatic-sea'), { 'germany submarine': 1 }, 'the free first round sinks the cruiser');
  assert.deepEqual(invariants(s), []);
  const quiet = openingState();
  const none = phaseContext([]);
  resolveNationalOptions(quiet, new Map([['germany', ordersFor(quiet, 'germany', 'adriatic-submarine')]]), none);
  assert.deepEqual(eventsOf(none.events, 'submarine-battle'), [], 'no enemy there: no fight');
});

// ---------------------------------------------------------------------------------------------------------------
// German East Africa

test('GW-OPT-GER-26, GW-OPT-GER-27 (D-OPT-13, A58): for 6 Germany raises up to two units in German East Africa at normal cost; an artillery there costs 8 more, without an industrial complex', () => {
  const s = openingState();
  const germany = nation(s, 'germany');
  const price = (type: string) => unitStats(s, germany, type as never).cost!;
  const before = germany.treasury;
  const pool = germany.manpower.find((m) => m.region === 'german-east-africa')!;
  const built = pool.built;
  const events = options(s, { germany: 'east-africa-supplies 1 infantry, 1 artillery' }, []);
  const paid = before - germany.treasury;
  const prices = eventsOf(events, 'east-africa-supplies').map((e) => [e['at'], e['units'], e['cost']]);
  assert.deepEqual(prices, [['german-east-africa', { infantry: 1, artillery: 1 }, paid]]);
  assert.equal(paid, 6 + price('infantry') + price('artillery') + 8, '6 for the supplies, both units at their price, 8 more for the artillery');
  assert.equal(unitsIn(s, 'german-east-africa')['germany artillery'], 1);
  assert.equal(pool.built, built + 1, 'the infantry counts against the colony\'s manpower');
  assert.deepEqual(invariants(s), []);

  // At most two units, one of them artillery; Germany's alone; once a turn; text and JSON.
  assert.equal(refusalOf(s, 'germany', 'east-africa-supplies 3 infantry').code, 'too-many-units');
  assert.equal(refusalOf(s, 'germany', 'east-africa-supplies 2 artillery').code, 'too-many-units');
  const typo = refusalOf(s, 'germany', 'east-africa-supplies 1 infantry, 1 artilery');
  assert.deepEqual([typo.code, typo.column, typo.suggestion], ['bad-unit', 36, 'artillery']);
  assert.equal(refusalOf(s, 'austria-hungary', 'east-africa-supplies 1 infantry').code, 'not-your-option');
  assert.equal(refusalOf(s, 'germany', 'east-africa-supplies 1 infantry\neast-africa-supplies 1 infantry').code, 'once-per-turn');
  const ctx = { state: s, seat: 'germany', step };
  const json = greatWar.checkOrders({ orders: [{ kind: 'east-africa-supplies', units: { infantry: 2 } }] }, ctx);
  assert.ok(json.ok);
  assert.equal(greatWar.formatOrders(json.value, ctx), 'east-africa-supplies 2 infantry\n');
  const bad = greatWar.checkOrders({ orders: [{ kind: 'east-africa-supplies', units: { tank: 1 } }] }, ctx);
  assert.ok(!bad.ok);
  assert.deepEqual(bad.error.map((p) => p.path), ['$.orders[0].units.tank']);
  // Lost colony: nothing to raise.
  for (const t of ['german-east-africa', 'tabora']) s.board.territories[t]!.owner = 'britain';
  assert.equal(refusalOf(s, 'germany', 'east-africa-supplies 1 infantry').code, 'no-colony');
});

// ---------------------------------------------------------------------------------------------------------------
// The Foreign Legion

test('GW-OPT-FRA-05, GW-OPT-FRA-06, GW-OPT-FRA-07 (D-OPT-14): France buys up to 2 infantry a turn, placed at once in cities Russia holds; French units, on Russian manpower', () => {
  const s = openingState();
  const france = nation(s, 'france');
  const pool = nation(s, 'russia').manpower.find((m) => m.region === 'home')!;
  const price = unitStats(s, france, 'infantry' as never).cost!;
  const before = france.treasury;
  const built = pool.built;
  const events = options(s, { france: 'foreign-legion 1 in Warsaw\nforeign-legion 1 in Petrograd' }, []);
  assert.deepEqual(eventsOf(events, 'foreign-legion').map((e) => [e['at'], e['count']]), [
    ['warsaw', 1],
    ['petrograd', 1],
  ]);
  assert.equal(unitsIn(s, 'warsaw')['france infantry'], 1, 'the Legion is French');
  assert.equal(france.treasury, before - 2 * price);
  assert.equal(pool.built, built + 2, 'on Russian manpower');
  assert.deepEqual(invariants(s), []);

  // Over Russia's limit the Legion costs double, as any infantry over a limit.
  pool.built = pool.limit - 1;
  const t0 = france.treasury;
  options(s, { france: 'foreign-legion 2 in Warsaw' }, []);
  assert.equal(t0 - france.treasury, price + 2 * price);

  assert.equal(refusalOf(s, 'france', 'foreign-legion 3 in Warsaw').code, 'too-many-units');
  assert.equal(refusalOf(s, 'france', 'foreign-legion 2 in Warsaw\nforeign-legion 1 in Riga').code, 'too-many-units');
  const paris = refusalOf(s, 'france', 'foreign-legion 1 in Paris');
  assert.deepEqual([paris.code, paris.column], ['not-a-host-city', 16]);
  const typo = refusalOf(s, 'france', 'foreign-legion 1 in Warsw');
  assert.deepEqual([typo.code, typo.suggestion], ['unknown-area', 'Warsaw']);
  assert.equal(refusalOf(s, 'britain', 'foreign-legion 1 in Warsaw').code, 'not-your-option');
  const ctx = { state: s, seat: 'france', step };
  const json = greatWar.checkOrders({ orders: [{ kind: 'foreign-legion', count: 2, at: 'minsk' }] }, ctx);
  assert.ok(json.ok);
  assert.equal(greatWar.formatOrders(json.value, ctx), 'foreign-legion 2 in Minsk\n');
});

test('GW-OPT-GER-18 (D-OPT-7): after a rising the rebels live on as a nation of the game: a whole turn plays through them with every invariant whole', () => {
  const s = scene({ 'southern-ireland': {}, 'northern-ireland': {}, 'irish-sea': { germany: { cruiser: 1 } } });
  const orders = new Map([['germany', ordersFor(s, 'germany', 'irish-rebellion')]]);
  const ctx = phaseContext([9, 4, ...Array.from({ length: 2000 }, (_, i) => (i % 10) + 1)]);
  for (const phase of turnPhaseNames) greatWar.phases[phase]!(s, phase === 'national-options' ? orders : new Map(), ctx);
  assert.equal(s.board.territories['southern-ireland']!.owner, 'irish-rebels');
  assert.ok(s.board.units.some((u) => u.nation === 'irish-rebels'));
  assert.deepEqual(invariants(s), []);
  const legal = greatWar.legalActions(greatWar.emptyOrders({ state: s, seat: 'britain', step }), { state: s, seat: 'britain', step });
  assert.ok(legal.length > 0, 'Britain still has orders to give');
});
