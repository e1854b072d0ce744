import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedContext, type GameEvent } from '@umpire/engine';
import { declareWar, greatWar, incomeCapOf, incomeOf, invariants, joinSide, makePeace, describeEvent, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { ottomanSections } from '../src/p01-neutrals/ottoman.js';
import { aidRefusal, ottomanFleetZone } from '../src/p01-neutrals/ottoman-deals.js';
import { oiNumbers } from '../src/data/ottoman-italy.js';
import { eventsOf, nation, openingState, ordersFor, rollsOf, scene, step, must } from './helpers.js';

// The Ottoman Empire while neutral (GW-NEUT-OTT), British options 2 and 5 (docs/great-war/ottoman-and-italy.md, D-OTT-*).

const OTT = 'ottoman-empire';

/** A phase context for turn `turn` with scripted dice. */
const at = (turn: number, rolls: number[] = []) => scriptedContext(rolls, { turn });

/** Run one phase of the turn on `state` with typed orders (parsed for that turn) and scripted dice; every die must be used. */
function phase(state: GreatWarState, name: string, turn: number, orders: Record<string, string> = {}, rolls: number[] = []): readonly GameEvent[] {
  const ctx = at(turn, rolls);
  const map = new Map<string, GreatWarOrders>(Object.entries(orders).map(([seat, text]) => [seat, parseAt(state, seat, text, turn)]));
  greatWar.phases[name]!(state, map, ctx);
  assert.equal(ctx.rolls(), rolls.length, 'every scripted die is rolled');
  return ctx.events;
}

function parseAt(state: GreatWarState, seat: string, text: string, turn: number): GreatWarOrders {
  return must(greatWar.parseOrders(text, { state, seat, step: { ...step, turn } }));
}

function problemAt(state: GreatWarState, seat: string, text: string, turn = 1) {
  const r = greatWar.parseOrders(text, { state, seat, step: { ...step, turn } });
  assert.ok(!r.ok, `'${text}' should be refused`);
  return r.error[0]!;
}

const side = (state: GreatWarState, id: string) => nation(state, id).side;
const lines = (events: readonly GameEvent[]) => events.map((e) => describeEvent(e)).filter((l): l is string => l !== undefined);

test('GW-NEUT-OTT-01: while neutral the Ottoman Empire collects 24 a turn of its larger land value', () => {
  const s = openingState();
  const income = incomeOf(s, OTT);
  assert.ok(income.land > 24, `the Ottoman land is worth ${income.land}`);
  assert.equal(income.cap, 24);
  assert.equal(income.collected, 24);
  assert.ok(ottomanSections(s, OTT)[0]!.lines!.includes('Joins the Central Powers on turn 3'));
});

test('GW-NEUT-OTT-02 (D-OTT-1, A16): the Ottomans join the Central Powers by the schedule in phase 1 of turn 3, at war with every Ally, on their full income', () => {
  const s = openingState();
  phase(s, 'ottoman', 2);
  assert.equal(side(s, OTT), 'neutral');
  const events = phase(s, 'ottoman', 3);
  assert.equal(side(s, OTT), 'central');
  assert.deepEqual(eventsOf(events, 'joined-side').map((e) => [e['nation'], e['side'], e['cause']]), [[OTT, 'central', 'schedule']]);
  assert.ok(nation(s, OTT).atWarWith.includes('britain') && nation(s, OTT).atWarWith.includes('russia'));
  assert.equal(nation(s, OTT).incomeCap, null);
  assert.equal(incomeOf(s, OTT).collected, incomeOf(s, OTT).land);
  assert.deepEqual(invariants(s), []);
});

test('GW-OPT-GBR-06, GW-OPT-GBR-07, GW-OPT-GBR-08 (D-OTT-8): Britain delivers a destroyer on turn 1 or 2: its cruiser becomes Ottoman in the Ottoman fleet\'s sea zone, and the Ottomans enter on turn 5', () => {
  const s = openingState();
  const britishCruisers = s.board.units.filter((u) => u.nation === 'britain' && u.type === 'cruiser').length;
  assert.equal(ottomanFleetZone(s), 'western-black-sea');
  const events = phase(s, 'ottoman', 2, { britain: 'deliver destroyer' });
  const deal = eventsOf(events, 'ottoman-destroyer-deal')[0]!;
  assert.equal(deal['to'], 'western-black-sea');
  assert.equal(s.board.units.filter((u) => u.nation === 'britain' && u.type === 'cruiser').length, britishCruisers - 1);
  assert.ok(s.board.units.some((u) => u.id === deal['becomes'] && u.nation === OTT && u.type === 'cruiser' && u.at === 'western-black-sea'));
  assert.equal(s.politics.ottoman.entryTurn, 5);
  phase(s, 'ottoman', 3);
  phase(s, 'ottoman', 4);
  assert.equal(side(s, OTT), 'neutral');
  phase(s, 'ottoman', 5);
  assert.equal(side(s, OTT), 'central');
  assert.match(lines(events).join('\n'), /Britain delivers a destroyer to the Ottoman Empire .*turn 5/);
});

test('GW-OPT-GBR-08 (D-OTT-8): the destroyer deal is refused after turn 2, to any nation but Britain, and a second time; located problems', () => {
  const s = openingState();
  const late = problemAt(s, 'britain', 'deliver destroyer', 3);
  assert.equal(late.code, 'too-late');
  assert.equal(late.line, 1);
  assert.equal(problemAt(s, 'france', 'deliver destroyer').code, 'not-your-option');
  assert.equal(problemAt(s, 'britain', 'deliver destroyer\ndeliver destroyer').code, 'one-deal');
  const bad = problemAt(s, 'britain', 'deliver battleship');
  assert.deepEqual([bad.code, bad.line, bad.column], ['bad-deal', 1, 9]);
  phase(s, 'ottoman', 1, { britain: 'deliver destroyer' });
  assert.equal(problemAt(s, 'britain', 'deliver destroyer', 2).code, 'already-done');
  const json = greatWar.checkOrders({ orders: [{ kind: 'deliver-destroyer', ship: 'x' }] }, { state: s, seat: 'britain', step });
  assert.ok(!json.ok && json.error[0]!.path === '$.orders[0].ship');
});

test('GW-NEUT-OTT-03, GW-NEUT-OTT-05, GW-NEUT-OTT-07 (D-OTT-2, D-OTT-3): a war with a neutral minor raises the cap to 36 and holds the Ottomans out of the main war until it ends', () => {
  const s = openingState();
  declareWar(s, at(2), OTT, 'persia', 'declared');
  assert.equal(side(s, OTT), 'neutral');
  assert.equal(incomeCapOf(s, nation(s, OTT)), 36);
  const held = phase(s, 'ottoman', 3);
  assert.equal(side(s, OTT), 'neutral');
  assert.match(String(eventsOf(held, 'ottoman-entry-held')[0]!['why']), /minor war with Persia/);
  assert.match(ottomanSections(s, OTT)[0]!.lines!.join('\n'), /Held out of the main war/);
  makePeace(s, at(3), OTT, 'persia', 'test');
  phase(s, 'ottoman', 4);
  assert.equal(side(s, OTT), 'central', 'the schedule is kept once the minor war is over');
});

test('GW-NEUT-OTT-04, GW-NEUT-OTT-06 (D-OTT-3): a war with a neutral major gives the Ottomans their full income; peace brings the cap back', () => {
  const s = openingState();
  declareWar(s, at(1), OTT, 'italy', 'declared');
  assert.equal(nation(s, OTT).incomeCap, null);
  assert.equal(incomeOf(s, OTT).collected, incomeOf(s, OTT).land);
  makePeace(s, at(1), OTT, 'italy', 'test');
  phase(s, 'ottoman-end', 1);
  assert.equal(nation(s, OTT).incomeCap, 24);
});

test('GW-NEUT-OTT-08 (D-OTT-4, A16): Arabia joining the Allies brings the Ottomans into the Central Powers the next turn, before their schedule', () => {
  const s = openingState();
  const ctx = at(1);
  joinSide(s, ctx, 'arabia', 'allied', 'influence');
  assert.deepEqual(eventsOf(ctx.events, 'ottoman-entry-set').map((e) => e['turn']), [2]);
  phase(s, 'ottoman', 1);
  assert.equal(side(s, OTT), 'neutral', 'not the same turn');
  const events = phase(s, 'ottoman', 2);
  assert.deepEqual(eventsOf(events, 'joined-side').map((e) => [e['nation'], e['side'], e['cause']]), [[OTT, 'central', 'trigger']]);
});

test('GW-NEUT-OTT-13 (D-OTT-4): Bulgaria joining the Central Powers while the Ottomans are neutral brings them in the next turn', () => {
  const s = openingState();
  joinSide(s, at(1), 'bulgaria', 'central', 'influence');
  assert.equal(s.politics.ottoman.joinOn?.turn, 2);
  phase(s, 'ottoman', 2);
  assert.equal(side(s, OTT), 'central');
});

test('GW-NEUT-OTT-09, GW-NEUT-OTT-10 (D-OTT-5, D-OTT-6): Persia joining the Central Powers first keeps the Ottomans neutral past turn 3 and open to influence; a Central success moves them toward the Central Powers', () => {
  const s = openingState();
  assert.equal(problemAt(s, 'germany', 'sway Ottoman Empire').code, 'not-open');
  const ctx = at(1);
  joinSide(s, ctx, 'persia', 'central', 'influence');
  assert.deepEqual(s.politics.ottoman.keptNeutralBy, ['persia']);
  assert.equal(s.politics.ottoman.position, 'neutral');
  joinSide(s, at(1), 'bulgaria', 'central', 'influence');
  assert.equal(s.politics.ottoman.joinOn, undefined, 'Bulgaria no longer brings them in (D-OTT-5)');
  phase(s, 'ottoman', 3);
  phase(s, 'ottoman', 4);
  assert.equal(side(s, OTT), 'neutral');
  const before = nation(s, 'germany').treasury;
  const events = phase(s, 'ottoman', 4, { germany: 'sway the Ottomans' }, [2]);
  assert.equal(nation(s, 'germany').treasury, before - 10);
  assert.equal(s.politics.ottoman.position, 'favourable-to-central');
  phase(s, 'ottoman', 5, { germany: 'sway ottoman empire' }, [1]);
  assert.equal(side(s, OTT), 'central');
  assert.equal(eventsOf(events, 'ottoman-sway')[0]!['toward'], 'central');
  assert.match(lines(events).join('\n'), /Germany tries to sway the Ottoman Empire: success/);
});

test('GW-NEUT-OTT-11, GW-NEUT-OTT-14 (D-OTT-6, D-OTT-9): the open Ottomans sway themselves toward the Allies; in the Allied camp they join the Allies, which declares war on the Central Powers and rolls for the officers\' revolt', () => {
  const s = openingState();
  joinSide(s, at(1), 'arabia', 'central', 'influence');
  const ottTreasury = nation(s, OTT).treasury;
  phase(s, 'ottoman', 2, { [OTT]: 'sway ottoman empire' }, [2]);
  assert.equal(s.politics.ottoman.position, 'favourable-to-allies');
  assert.equal(nation(s, OTT).treasury, ottTreasury - 10, 'the money of a sway of the Ottomans is spent');
  const events = phase(s, 'ottoman', 3, { [OTT]: 'sway ottoman empire' }, [1, 8]);
  assert.equal(side(s, OTT), 'allied');
  assert.deepEqual(eventsOf(events, 'ottoman-revolt-roll').map((e) => [e['roll'], e['broke']]), [[8, false]], 'rolled once, 8: no revolt');
  assert.ok(nation(s, OTT).atWarWith.includes('germany') && nation(s, OTT).atWarWith.includes('austria-hungary'));
  assert.equal(problemAt(s, 'germany', 'sway ottoman empire').code, 'ottomans-at-war');
});

test('GW-NEUT-OTT-12 (D-OTT-7, A16): an Allied nation taking a territory of the Persia that kept the Ottomans neutral brings them into the Central Powers the next turn', () => {
  const s = openingState();
  joinSide(s, at(1), 'persia', 'central', 'influence');
  phase(s, 'ottoman-end', 1);
  assert.equal(s.politics.ottoman.joinOn, undefined, 'untouched Persia: nothing');
  s.board.territories['ahvaz'] = { owner: 'britain', incorporated: false };
  const events = phase(s, 'ottoman-end', 2);
  assert.match(String(eventsOf(events, 'ottoman-entry-set')[0]!['why']), /Allies attacked Persia/);
  phase(s, 'ottoman', 3);
  assert.equal(side(s, OTT), 'central');
});

test('GW-NEUT-OTT-14, GW-NEUT-OTT-15, GW-NEUT-OTT-16, GW-NEUT-OTT-17, GW-NEUT-OTT-18, GW-NEUT-OTT-19, GW-NEUT-OTT-20, GW-NEUT-OTT-21, GW-NEUT-OTT-22 (D-OTT-9, D-OTT-10): the officers\' revolt: Constantinople loyal, 4 in 10 rebel and turn German, rebels fight loyal units with no trench, Germans occupy what they hold', () => {
  const s = openingState();
  s.board.units = s.board.units.filter((u) => u.nation !== OTT);
  scene({ constantinople: { [OTT]: { infantry: 2 } }, van: { [OTT]: { infantry: 2 } }, kut: { [OTT]: { infantry: 1 } } }, s);
  s.board.trenches.push({ nation: OTT, territory: 'van', facing: 'erzurum', super: false });
  const manpower = structuredClone(nation(s, 'germany').manpower);
  // revolt 7 (7 in 10), then the units outside Constantinople in id order: van 4 rebels, van 5 stays, kut 1 rebels;
  // the battle in Van: the German infantry hits on 3 (attack 3: no trench penalty), the Ottoman misses; round 2 the same.
  const ctx = at(2, [7, 4, 5, 1, 3, 9, 3, 9]);
  declareWar(s, ctx, OTT, 'austria-hungary', 'declared');
  assert.equal(ctx.rolls(), 8);
  assert.ok(rollsOf(ctx.events).every((r) => !/constantinople/i.test(r)), 'no roll for the units in Constantinople');
  assert.deepEqual(eventsOf(ctx.events, 'ottoman-rebel').map((e) => [e['unit'], e['at']]), [
    ['ottoman-empire-t3', 'van'],
    ['ottoman-empire-t5', 'kut'],
  ]);
  assert.ok(nation(s, OTT).atWarWith.includes('germany'), 'the rebels fight for Germany, at war with the Ottomans');
  assert.equal(eventsOf(ctx.events, 'battle')[0]!['area'], 'van');
  assert.deepEqual(eventsOf(ctx.events, 'battle-result').map((e) => e['winner']), ['attacker']);
  assert.deepEqual(
    s.board.units.filter((u) => ['van', 'kut', 'constantinople'].includes(u.at)).map((u) => `${u.nation} ${u.type} ${u.at}`),
    ['ottoman-empire infantry constantinople', 'ottoman-empire infantry constantinople', 'germany infantry van', 'germany infantry kut'],
  );
  assert.deepEqual(s.board.territories['van'], { owner: 'germany', incorporated: false });
  assert.deepEqual(s.board.territories['kut'], { owner: 'germany', incorporated: false });
  assert.deepEqual(nation(s, 'germany').manpower, manpower, 'no German manpower used');
  const again = at(2);
  declareWar(s, again, OTT, 'bulgaria', 'declared');
  assert.deepEqual(eventsOf(again.events, 'ottoman-revolt-roll'), [], 'rolled once a game');
  assert.match(lines(ctx.events).join('\n'), /The German officers rise against the Ottoman government/);
});

test('GW-NEUT-OTT-14 (D-OTT-9): a revolt roll of 8 leaves every Ottoman unit Ottoman', () => {
  const s = openingState();
  const units = s.board.units.filter((u) => u.nation === OTT).length;
  const ctx = at(2, [8]);
  declareWar(s, ctx, OTT, 'germany', 'declared');
  assert.equal(s.board.units.filter((u) => u.nation === OTT).length, units);
  assert.deepEqual(s.politics.ottoman.revolt, { turn: 2, roll: 8, broke: false });
});

test('GW-OPT-GBR-16, GW-OPT-GBR-17, GW-OPT-GBR-18 (D-OTT-11, A57): British aid to Persia at war with the Ottomans: 15 paid, 10 arrive, 3 in 10 it moves toward the Allies; 15 for each recipient', () => {
  const s = openingState();
  assert.equal(problemAt(s, 'britain', 'send aid to Persia').code, 'no-ottoman-war');
  declareWar(s, at(1), OTT, 'persia', 'declared');
  declareWar(s, at(1), OTT, 'arabia', 'declared');
  const britain = nation(s, 'britain').treasury;
  const persia = s.minors.find((m) => m.id === 'persia')!;
  const arabia = s.minors.find((m) => m.id === 'arabia')!;
  const [p0, a0] = [persia.treasury, arabia.treasury];
  const events = phase(s, 'ottoman', 2, { britain: 'send aid to Persia\nsend aid to Arabia' }, [3, 5, 4, 3]);
  assert.equal(nation(s, 'britain').treasury, britain - 30);
  assert.equal(persia.treasury, p0 + 10);
  assert.equal(arabia.treasury, a0 + 10);
  assert.equal(persia.diplomacy, 'favourable-to-allies', 'rolled 3: a step toward the Allies');
  assert.equal(arabia.diplomacy, 'favourable-to-allies', 'rolled 4: no step; Arabia starts favourable to the Allies');
  assert.equal(side(s, OTT), 'neutral', 'not found out (5, 3)');
  assert.match(lines(events).join('\n'), /Britain sends aid to Persia: 10 of 15 arrive; it moves toward the Allies/);
  assert.equal(problemAt(s, 'britain', 'send aid to Persia\nsend aid to Persia').code, 'one-aid');
  assert.equal(problemAt(s, 'britain', 'send aid to Spain').code, 'not-a-recipient');
  assert.equal(problemAt(s, 'france', 'send aid to Persia').code, 'not-your-option');
  const typo = problemAt(s, 'britain', 'send aid to Persa');
  assert.deepEqual([typo.code, typo.column, typo.suggestion], ['unknown-nation', 13, 'Persia']);
});

test('GW-OPT-GBR-19 (D-OTT-11, A57): aid and a normal influence attempt on the same nation in one turn do not go together; on another nation they do', () => {
  const s = openingState();
  declareWar(s, at(1), OTT, 'persia', 'declared');
  const britain = nation(s, 'britain');
  assert.equal(aidRefusal(s, britain, 'persia', [{ kind: 'influence', target: 'persia' }])?.code, 'aid-or-influence');
  assert.equal(aidRefusal(s, britain, 'persia', [{ kind: 'influence', target: 'spain' }]), undefined);
});

test('GW-OPT-GBR-20, GW-NEUT-OTT-07 (D-OTT-11): the Ottomans find out about the aid (2 in 10): they end their minor war and join the Central Powers the next turn', () => {
  const s = openingState();
  declareWar(s, at(1), OTT, 'persia', 'declared');
  const events = phase(s, 'ottoman', 2, { britain: 'send aid to Persia' }, [9, 2]);
  assert.ok(!nation(s, OTT).atWarWith.includes('persia'));
  assert.equal(eventsOf(events, 'peace').length, 1);
  assert.equal(s.politics.ottoman.joinOn?.turn, 3);
  phase(s, 'ottoman', 3);
  assert.equal(side(s, OTT), 'central');
});

test('D-OTT-12: the Ottoman numbers come from data/ottoman-italy.json', () => {
  const n = oiNumbers();
  assert.deepEqual([n.ottoman.entryTurn, n.destroyerDeal.entryTurn, n.ottoman.revolt.chance, n.ottoman.revolt.rebelChance, n.aid.cost, n.aid.arrives], [3, 5, 7, 4, 15, 10]);
  const s = openingState();
  declareWar(s, at(1), OTT, 'persia', 'declared');
  const ctx = { state: s, seat: 'britain', step };
  assert.match(greatWar.formatOrders(ordersFor(s, 'britain', 'deliver destroyer\nsend aid to Persia'), ctx), /^deliver destroyer\nsend aid to Persia/);
});

test('GW-OPT-GBR-18, GW-NEUT-OTT-08 (D-OTT-11, D-OTT-4, D-OTT-2): aid that brings Arabia into the Allied camp makes it join the Allies; its war with the Ottomans is no longer a minor war, and they join the Central Powers the next turn', () => {
  const s = openingState();
  declareWar(s, at(1), OTT, 'arabia', 'declared');
  const events = phase(s, 'ottoman', 1, { britain: 'send aid to Arabia' }, [1, 10]);
  const arabia = s.minors.find((m) => m.id === 'arabia')!;
  assert.deepEqual([arabia.diplomacy, arabia.side], ['allied-camp', 'allied']);
  assert.match(lines(events).join('\n'), /Arabia moves from favourable-to-allies to allied-camp/);
  assert.equal(s.politics.ottoman.joinOn?.turn, 2);
  assert.equal(side(s, OTT), 'neutral');
  phase(s, 'ottoman', 2);
  assert.equal(side(s, OTT), 'central');
  assert.ok(nation(s, OTT).atWarWith.includes('arabia'));
});
