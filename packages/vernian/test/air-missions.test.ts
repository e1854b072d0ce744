import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Json, OrderList } from '@umpire/engine';
import { vernianMap } from '../src/tools/map.js';
import { language, standingOrders } from '../src/orders/language.js';
import { phases } from '../src/turn/phases.js';
import type { VernianState } from '../src/base/state.js';
import { flightReach } from '../src/air/flight.js';
import { describeEvent } from '../src/views/report.js';
import { airInvariants } from '../src/air/missions.js';
import { supplyOf } from '../src/supply/supply.js';
import { stepInfo } from './fixtures.js';
import { handOver, put } from './supply-positions.js';
import { AACHEN, AL_B, AL_CS, AL_F, DE_F, LIEGE, METZ, VERDUN, ZEPS, airBoard, airContext, eventsOf } from './air-helpers.js';

/**
 * Allied Ether Flyer missions: the orders of the Mission Allocation Phase and what they may ask, and the phases that
 * fly them, from allocation through the Interception Phase to the return to base after the Combat Phase.
 */

const GERMAN = 'de-3';
/** A French hex next to Metz, two flight hexes from Verdun. */
const NEAR_METZ = 'W8621';
/** A German hex east of Metz: a German flyer's base one hex from it. */
const EAST_OF_METZ = 'W8821';

const allied = (state: VernianState) => ({ state, seat: 'allies', step: stepInfo('allied', 5) });

/** The text orders admitted, or the problems' messages. */
function parse(state: VernianState, text: string, seat: 'allies' | 'germany' = 'allies', segment: 'allied' | 'german' = 'allied') {
  return language.parseOrders(text, { state, seat, step: stepInfo(segment, 5) });
}

function refusal(
  state: VernianState,
  text: string,
  seat: 'allies' | 'germany' = 'allies',
  segment: 'allied' | 'german' = 'allied',
): string {
  const r = parse(state, text, seat, segment);
  assert.ok(!r.ok, `'${text}' is refused`);
  return r.error.map((p) => p.message).join('; ');
}

/** Run the Allied player-turn's air phases on a state with the orders given; the context used. */
function alliedAir(state: VernianState, text: string, dice: number[], standing: Record<string, never> = {}) {
  const r = parse(state, text);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  const orders = new Map<string, OrderList>([['allies', r.value]]);
  const ctx = airContext('allied', dice, standing);
  phases['allied-missions']!(state, orders, ctx);
  phases['allied-interception']!(state, orders, ctx);
  return { ctx, orders };
}

describe('mission orders', () => {
  it('VV-ETH-24, VV-ETH-20, VV-ETH-19: interdict, escort and sweep orders read from text and JSON alike, and write back', () => {
    const s = airBoard({ [AL_CS[0]]: VERDUN, [AL_F[0]]: VERDUN, [AL_F[1]]: LIEGE, [ZEPS[0]]: AACHEN });
    const r = parse(s, `interdict ${AL_CS[0]} at ${NEAR_METZ}\nescort ${AL_F[0]} with ${AL_CS[0]}\nsweep ${AL_F[1]} at Aachen`);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    assert.deepEqual(r.value.orders, [
      { kind: 'interdict', flyers: [AL_CS[0]], hex: NEAR_METZ },
      { kind: 'escort', flyers: [AL_F[0]], with: AL_CS[0] },
      { kind: 'sweep', flyers: [AL_F[1]], hex: AACHEN },
    ]);
    const again = language.checkOrders(JSON.parse(JSON.stringify(r.value)), allied(s));
    assert.ok(again.ok);
    assert.deepEqual(again.value, r.value);
    assert.match(language.formatOrders(r.value), /sweep fl-al-2 at W8707/);
  });

  it('locates a misspelt flyer with the closest id, and bad JSON fields by path', () => {
    const s = airBoard({ [AL_CS[0]]: VERDUN });
    const r = parse(s, `interdict fl-al-77 at ${NEAR_METZ}`);
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.code, 'unknown-flyer');
    assert.equal(r.error[0]!.column, 11);
    assert.equal(r.error[0]!.suggestion, 'fl-al-7');
    const j = language.checkOrders({ orders: [{ kind: 'sweep', flyers: ['fl-al-x'], hex: 'Aachen', when: 1 }] }, allied(s));
    assert.ok(!j.ok);
    const paths = Object.fromEntries(j.error.map((p) => [p.path, p.code]));
    assert.equal(paths['$.orders[0].flyers[0]'], 'unknown-flyer');
    assert.equal(paths['$.orders[0].when'], 'unknown-field');
  });

  it('VV-ETH-17, VV-ETH-18: German flyers fly no mission, and none is flown outside the Allied player-turn', () => {
    const s = airBoard({ [DE_F[0]]: EAST_OF_METZ, [AL_CS[0]]: VERDUN, [ZEPS[0]]: AACHEN });
    assert.match(refusal(s, `sweep ${DE_F[0]} at ${AACHEN}`, 'germany', 'german'), /German flyers fly no missions/);
    assert.match(refusal(s, `sweep ${DE_F[0]} at ${AACHEN}`), /German flyers fly only interceptions \(VV-ETH-18\)/);
    assert.match(refusal(s, `interdict ${AL_CS[0]} at ${NEAR_METZ}`, 'allies', 'german'), /Allied player-turn/);
  });

  it('VV-ETH-01..04, D-AMB-42: only F types escort and sweep; a CS type where no German ground unit is, a B anywhere', () => {
    const s = put(airBoard({ [AL_CS[0]]: VERDUN, [AL_B[0]]: VERDUN, [AL_F[0]]: VERDUN }), { [GERMAN]: METZ });
    assert.match(refusal(s, `interdict ${AL_F[0]} at ${NEAR_METZ}`), /F types do not interdict/);
    assert.match(refusal(s, `sweep ${AL_CS[0]} at ${METZ}`), /only F types fly sweep missions/);
    assert.match(refusal(s, `interdict ${AL_CS[0]} at ${METZ}`), /CS type interdicts only a hex with no German ground unit/);
    assert.ok(parse(s, `interdict ${AL_B[0]} at ${METZ}`).ok);
    assert.ok(parse(s, `interdict ${AL_CS[0]} at ${NEAR_METZ}`).ok);
  });

  it('VV-ETH-14, VV-WCPD-15, VV-VDG-12: a mission flies at most six hexes, never into nor through a Storm or a generator', () => {
    const s = airBoard({ [AL_B[0]]: VERDUN });
    const reach = flightReach(VERDUN, 7);
    const six = [...reach].find(([h, d]) => d === 6 && h.startsWith('W8'))![0];
    const seven = [...reach].find(([h, d]) => d === 7 && h.startsWith('W9'))![0];
    assert.ok(parse(s, `interdict ${AL_B[0]} at ${six}`).ok);
    assert.match(refusal(s, `interdict ${AL_B[0]} at ${seven}`), /beyond the 6-hex range of a mission from W8421 Verdun \(VV-ETH-14\)/);
    s.inventions.storms = [NEAR_METZ];
    assert.match(refusal(s, `interdict ${AL_B[0]} at ${NEAR_METZ}`), /Storm or a generator/);
    s.inventions.storms = [];
    s.inventions.generators = [METZ];
    assert.match(refusal(s, `interdict ${AL_B[0]} at ${METZ}`), /Storm or a generator/);
  });

  it('VV-ETH-19, VV-ETH-20, VV-ETH-21: a sweep needs Zeppelins; an escort needs an interdiction; an F type flies one mission', () => {
    const s = airBoard({ [AL_CS[0]]: VERDUN, [AL_F[0]]: VERDUN, [ZEPS[0]]: METZ });
    assert.match(refusal(s, `sweep ${AL_F[0]} at ${NEAR_METZ}`), /no German Zeppelin to sweep/);
    assert.match(refusal(s, `escort ${AL_F[0]} with ${AL_CS[0]}`), /an escort goes with a CS or B type flying an interdiction mission/);
    assert.ok(parse(s, `sweep ${AL_F[0]} at ${METZ}`).ok);
    const both = `interdict ${AL_CS[0]} at ${NEAR_METZ}\nescort ${AL_F[0]} with ${AL_CS[0]}\nsweep ${AL_F[0]} at ${METZ}`;
    assert.match(refusal(s, both), /already flies a mission this turn: an F type sweeps or escorts, not both \(VV-ETH-21\)/);
  });

  it('VV-WCPD-18: a flyer still in a Storm hex flies no mission', () => {
    const s = airBoard({ [AL_B[0]]: VERDUN });
    s.inventions.storms = [VERDUN];
    assert.match(refusal(s, `interdict ${AL_B[0]} at ${METZ}`), /held in a Storm's hex/);
  });

  it('legalActions offers missions: interdictions, an escort for them, a sweep', () => {
    const s = put(airBoard({ [AL_CS[0]]: VERDUN, [AL_B[0]]: VERDUN, [AL_F[0]]: VERDUN, [AL_F[1]]: LIEGE, [ZEPS[0]]: AACHEN }), {
      [GERMAN]: METZ,
    });
    const actions = language.legalActions({ orders: [] }, allied(s));
    const kinds = new Set(actions.map((a) => a.next.orders.at(-1)!.kind));
    for (const k of ['interdict', 'sweep', 'intercept']) assert.ok(kinds.has(k), k);
    const interdict = actions.find((a) => a.next.orders[0]!.kind === 'interdict')!;
    const then = language.legalActions(interdict.next, allied(s));
    assert.ok(then.some((a) => a.next.orders.at(-1)!.kind === 'escort'));
    for (const a of [...actions, ...then]) assert.ok(language.checkOrders(a.next, allied(s)).ok, a.label);
  });
});

describe('the missions flown', () => {
  it('VV-SEQ-13, VV-ETH-13, VV-ETH-24..26, VV-ETH-16, VV-SEQ-18: a CS type interdicts an empty hex until it returns', () => {
    const s = put(airBoard({ [AL_CS[0]]: VERDUN }), { [GERMAN]: METZ });
    const { ctx } = alliedAir(s, `interdict ${AL_CS[0]} at ${NEAR_METZ}`, []);
    assert.deepEqual(s.air.missions, { [AL_CS[0]]: { kind: 'interdict', hex: NEAR_METZ } });
    assert.deepEqual(s.air.interdicted, { [NEAR_METZ]: 'light' });
    assert.ok(s.air.flown.includes(NEAR_METZ), 'the mission hex is where the Allied air pieces ended a flight');
    assert.match(describeEvent(eventsOf(ctx, 'mission')[0]!)!, /CS-type Ether Flyer \(fl-al-7\) flies to lightly interdict W8621/);
    assert.ok(
      airInvariants(s).some((p) => /in the air/.test(p)),
      'mid-turn the flyer is in the air',
    );
    const back = airContext('allied', []);
    phases['allied-air-return']!(s, new Map(), back);
    assert.deepEqual(s.air.interdicted, {});
    assert.deepEqual(s.air.missions, {});
    assert.equal(s.pieces[AL_CS[0]]!.at, VERDUN);
    assert.match(describeEvent(eventsOf(back, 'air-return')[0]!)!, /returns to base at W8421 Verdun/);
    assert.deepEqual(airInvariants(s), []);
  });

  it('VV-ETH-27..30: a B type interdicts a hex German units hold, which are Out of Supply until it returns', () => {
    const s = put(airBoard({ [AL_B[0]]: VERDUN }), { [GERMAN]: METZ });
    assert.equal(supplyOf(s, GERMAN), 'attack');
    alliedAir(s, `interdict ${AL_B[0]} at ${METZ}`, []);
    assert.deepEqual(s.air.interdicted, { [METZ]: 'heavy' });
    assert.equal(supplyOf(s, GERMAN), 'out');
    const map = vernianMap.draw(s as unknown as Json, { title: 'interdiction', sheet: 'west' });
    assert.ok(map.ok && map.value.includes('W8721 Metz: clear, germany, held by germany, heavily interdicted'), 'the map says so');
    phases['allied-air-return']!(s, new Map(), airContext('allied', []));
    assert.equal(supplyOf(s, GERMAN), 'attack');
  });

  it('VV-ETH-31, VV-ETH-32: a returning flyer takes another base within six hexes of its mission hex when its own is lost', () => {
    const s = put(airBoard({ [AL_B[0]]: VERDUN }), { [GERMAN]: METZ });
    alliedAir(s, `interdict ${AL_B[0]} at ${METZ}`, []);
    handOver(s, [VERDUN], 'germany');
    const ctx = airContext('allied', []);
    phases['allied-air-return']!(s, new Map(), ctx);
    const to = s.pieces[AL_B[0]]!.at;
    assert.notEqual(to, VERDUN);
    const d = flightReach(METZ, 6).get(to);
    assert.ok(d !== undefined && d <= 6, `${to} is within six hexes of Metz`);
    // The nearest: no Allied base is nearer Metz.
    assert.equal(eventsOf(ctx, 'air-return')[0]!['to'], to);
  });

  it('D-AMB-39: a flyer with no base within six hexes of its mission hex is lost', () => {
    const s = put(airBoard({ [AL_B[0]]: VERDUN }), { [GERMAN]: METZ });
    alliedAir(s, `interdict ${AL_B[0]} at ${METZ}`, []);
    handOver(s, flightReach(METZ, 6).keys(), 'germany');
    const ctx = airContext('allied', []);
    phases['allied-air-return']!(s, new Map(), ctx);
    assert.equal(s.pieces[AL_B[0]]!.at, 'out');
    assert.match(describeEvent(eventsOf(ctx, 'air-return-lost')[0]!)!, /finds no base within 6 hexes of W8721 Metz and is lost/);
  });

  it('VV-ETH-19, D-AMB-37, VV-AIR-04, VV-ZEP-05: a Sweep fights the Zeppelins; German fighters on the ground take no part', () => {
    const s = airBoard({ [AL_F[0]]: LIEGE, [ZEPS[0]]: AACHEN, [ZEPS[1]]: AACHEN, [DE_F[0]]: AACHEN });
    s.pieces[ZEPS[1]]!.carrying = GERMAN;
    s.units[GERMAN]!.at = AACHEN;
    // The passenger's Zeppelin first: a 6 shoots it down; then a 4 aborts the lone fighter, which flies home to Liège.
    const { ctx } = alliedAir(s, `sweep ${AL_F[0]} at ${AACHEN}`, [6, 4], { germany: { intercept: [DE_F[0]] } } as never);
    assert.equal(s.pieces[ZEPS[1]]!.at, 'out');
    assert.equal(s.units[GERMAN]!.at, 'out');
    assert.equal(s.pieces[ZEPS[0]]!.at, AACHEN);
    assert.equal(s.pieces[DE_F[0]]!.at, AACHEN, 'the German fighter on the ground is never attacked');
    assert.equal(eventsOf(ctx, 'interception').length, 0, 'nothing to intercept: a sweep is no target');
    assert.equal(s.pieces[AL_F[0]]!.at, LIEGE);
    assert.deepEqual(s.air.missions, {}, 'the aborted fighter is back at its base at once');
  });
});

describe('standing orders', () => {
  it('VV-ETH-22: intercept orders stand beside withdraw and storms; intercept none clears only them', () => {
    const s = airBoard();
    const r = parse(s, `intercept with ${AL_F[0]}, ${AL_F[1]}`);
    assert.ok(r.ok);
    const kept = standingOrders(r.value, { storms: ['W7820'] });
    assert.deepEqual(kept, { storms: ['W7820'], intercept: [AL_F[0], AL_F[1]] });
    const none = parse(s, 'intercept none');
    assert.ok(none.ok);
    assert.deepEqual(standingOrders(none.value, kept), { storms: ['W7820'], intercept: [] });
    assert.match(refusal(s, `intercept with ${AL_CS[0]}`), /only F types intercept/);
    assert.match(refusal(s, `intercept with ${DE_F[0]}`), /not one of your F types/);
    assert.ok(parse(s, `intercept with ${DE_F[0]}`, 'germany', 'german').ok);
  });
});
