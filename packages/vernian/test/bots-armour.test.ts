import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AnyOrder, OrderList } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexFacts } from '../src/base/hexes.js';
import { fortressStands } from '../src/base/positions.js';
import { flightDistance } from '../src/air/flight.js';
import type { Side } from '../src/base/sides.js';
import type { VernianState } from '../src/base/state.js';
import { generalOrders } from '../src/bots/general.js';
import { vernian } from '../src/index.js';
import { airBoard, putPieces } from './air-helpers.js';
import { playList } from './air-moves.js';
import { stepInfo } from './fixtures.js';
import { put } from './supply-positions.js';

/**
 * The general's armour and standing orders on scripted positions: Tanks and the Armored Front Buster placed from the
 * box, the Tanks' options in an attack, the AFB's step, the Allies' Storms and their withdrawal from England.
 */

const METZ = 'W8721';
const NANCY = 'W8725';

function general(state: VernianState, side: Side, turn = 8): OrderList {
  const ctx = { state, seat: side, step: stepInfo(side === 'germany' ? 'german' : 'allied', turn) };
  const orders = generalOrders(ctx);
  const checked = vernian.checkOrders(orders, ctx);
  assert.ok(checked.ok, JSON.stringify(checked.ok ? '' : checked.error));
  return orders;
}

const ofKind = (orders: OrderList, kind: string): AnyOrder[] => orders.orders.filter((o) => o.kind === kind);
const near = (hex: string): string[] =>
  hexBoard()
    .neighbours(hex)
    .filter((c) => c.link === undefined)
    .map((c) => c.to);
const boxed = (s: VernianState, ...ids: string[]) => {
  putPieces(s, Object.fromEntries(ids.map((id) => [id, 'box'])));
  return s;
};

describe('the general places its armour', () => {
  it('VB-REIN-17, VV-TANK-07, VV-TANK-20: a Tank from the box joins the strongest infantry next to the enemy', () => {
    const front = near(NANCY).find((h) => hexFacts(h)?.nation === 'france' && !near(h).includes(METZ))!;
    const s = boxed(airBoard(), 'tank-al-1');
    put(s, { 'de-3': METZ, 'fr-14': NANCY, 'fr-15': 'W6923', 'fr-16': front });
    const place = ofKind(general(s, 'allies'), 'place').filter((o) => o['unit'] === 'tank-al-1');
    assert.equal(place.length, 1);
    const hex = place[0]!['hex'] as string;
    assert.ok(hex === NANCY || hex === front, `the Tank goes to the front, not to ${hex}`);
  });

  it('VB-REIN-18, VV-AFB-07: the Armored Front Buster comes on in the French city nearest the enemy', () => {
    const s = boxed(airBoard(), 'afb-1');
    put(s, { 'de-3': METZ, 'fr-14': NANCY, 'fr-15': 'W6923' });
    assert.deepEqual(
      ofKind(general(s, 'allies'), 'place').filter((o) => o['unit'] === 'afb-1'),
      [{ kind: 'place', unit: 'afb-1', hex: NANCY }],
    );
  });
});

describe('the general attacks with Tanks and moves the AFB', () => {
  it('VV-TANK-17, VV-TANK-19, VV-TANK-20: a Tank stack names its doubled unit and a second hex nearer the objectives', () => {
    // French infantry with a Tank west of a German unit in a clear French hex; the hexes east lead to Metz.
    const target = near(NANCY).find((h) => hexFacts(h)?.terrain === 'clear' && hexFacts(h)?.nation === 'france' && !hexFacts(h)?.town)!;
    const from = near(target).find((h) => h !== NANCY && hexFacts(h)?.land && !hexFacts(h)?.neutral && hexFacts(h)?.nation === 'france')!;
    const s = putPieces(airBoard(), { 'tank-al-1': from });
    put(s, { 'de-3': target, 'fr-14': from, 'fr-15': from, 'fr-16': from, 'fr-17': from, 'fr-42': NANCY });
    const attack = ofKind(general(s, 'allies'), 'attack').find((o) => o['target'] === target);
    assert.ok(attack, 'the attack is made');
    assert.equal((attack['double'] as string[]).length, 1, 'one unit doubled by the Tank');
    assert.ok(['fr-14', 'fr-15', 'fr-16', 'fr-17'].includes((attack['double'] as string[])[0]!));
    const beyond = attack['beyond'] as string;
    assert.ok(near(target).includes(beyond), 'the second hex is next to the hex attacked');
    assert.ok(flightDistance(beyond, METZ, 9)! < flightDistance(target, METZ, 9)!, 'and nearer Metz, a German city the Allies want');
    // With German units on two hexes next to every such hex, the stack stops in the hex it took (beyondMostEnemyNeighbours 1).
    const s2 = putPieces(airBoard(), { 'tank-al-1': from });
    put(s2, { 'de-3': target, 'fr-14': from, 'fr-15': from, 'fr-16': from, 'fr-17': from, 'fr-42': NANCY });
    const guards = near(beyond).filter((h) => h !== target && !near(h).includes(from) && hexFacts(h)?.land && !hexFacts(h)?.neutral);
    put(s2, { 'de-4': guards[0]!, 'de-5': guards[1]! });
    const again = ofKind(general(s2, 'allies'), 'attack').find((o) => o['target'] === target);
    assert.ok(again && again['beyond'] !== beyond);
  });

  it('VV-AFB-14, VV-AFB-15, VV-AFB-18: the AFB steps onto a German fortress next to it, destroying it and pushing its men', () => {
    const from = near(METZ).find((h) => hexFacts(h)?.nation === 'france' && hexFacts(h)?.terrain !== 'mountain')!;
    const s = putPieces(airBoard(), { 'afb-1': from });
    put(s, { 'fr-14': from, 'fr-15': NANCY, 'de-3': METZ });
    assert.ok(fortressStands(s, METZ));
    const orders = general(s, 'allies');
    assert.deepEqual(
      ofKind(orders, 'move').filter((o) => (o['units'] as string[]).includes('afb-1')),
      [{ kind: 'move', units: ['afb-1'], to: METZ }],
    );
    playList(s, 'allies', ['allied-movement'], { orders: ofKind(orders, 'move').filter((o) => (o['units'] as string[])[0] === 'afb-1') });
    assert.equal(s.pieces['afb-1']!.at, METZ);
    assert.ok(!fortressStands(s, METZ), 'the fortress is destroyed');
    assert.notEqual(s.units['de-3']!.at, METZ, 'the Germans were pushed out');
  });
});

describe("the Allies' standing orders", () => {
  it('VV-WCPD-11, VV-WCPD-14: with a WCPD built, the Storm goes on the city the Germans threaten', () => {
    const s = airBoard();
    const east = near(NANCY).find((h) => hexFacts(h)?.land && !hexFacts(h)?.neutral && h !== METZ)!;
    put(s, { 'fr-14': NANCY, 'fr-15': 'W6923', 'de-3': east, 'de-4': east });
    assert.deepEqual(ofKind(general(s, 'allies'), 'storms'), []);
    s.inventions.wcpd = 1;
    assert.deepEqual(ofKind(general(s, 'allies'), 'storms'), [{ kind: 'storms', hexes: [NANCY] }]);
  });

  it('VV-ENG-02: England clear of Germans, the British there are withdrawn but the two nearest London', () => {
    const s = airBoard();
    put(s, { 'gb-13': 'B1010', 'gb-14': 'B1111', 'gb-15': 'B1613', 'gb-16': 'B1313', 'de-3': METZ, 'fr-14': NANCY });
    const withdraw = ofKind(general(s, 'allies'), 'withdraw');
    assert.deepEqual(withdraw, [{ kind: 'withdraw', units: ['gb-15', 'gb-16'] }]);
    put(s, { 'de-4': 'B1614' });
    assert.deepEqual(ofKind(general(s, 'allies'), 'withdraw'), [], 'no withdrawal while the Germans fight in England');
  });
});
