import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AnyOrder, OrderList } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexFacts } from '../src/base/hexes.js';
import { controller } from '../src/base/positions.js';
import type { Side } from '../src/base/sides.js';
import type { VernianState } from '../src/base/state.js';
import { supplyPicture } from '../src/supply/supply.js';
import { baseRefusal } from '../src/air/bases.js';
import { flightDistance } from '../src/air/flight.js';
import { generalOrders } from '../src/bots/general.js';
import { vernian } from '../src/index.js';
import { airBoard, putPieces } from './air-helpers.js';
import { playList } from './air-moves.js';
import { stepInfo } from './fixtures.js';
import { put } from './supply-positions.js';

/**
 * The general's air war on scripted positions: what it orders, that the orders pass the umpire's check, and what the
 * phases then do with them.
 */

const METZ = 'W8721';
const NANCY = 'W8725';
const VERDUN = 'W8421';

/** The general's orders for a seat in its own player-turn on a state, checked as a player's would be. */
function general(state: VernianState, side: Side, turn = 5): OrderList {
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

/**
 * A clear hex deep in France (W5522) ringed by three Allied units on every other neighbour: a German unit there has no
 * supply path out (every free neighbour is in an Allied zone of control) and is Out of Supply (VV-SUP-15).
 */
function ringed(state: VernianState, german: string, allied: readonly string[]): { centre: string; free: string[] } {
  const centre = 'W5522';
  const around = near(centre);
  // Walk the ring: each next neighbour of the centre touches the last.
  const ring = [around[0]!];
  while (ring.length < around.length) ring.push(around.find((h) => !ring.includes(h) && near(ring[ring.length - 1]!).includes(h))!);
  const chosen = ring.filter((_, i) => i % 2 === 0);
  const free = ring.filter((_, i) => i % 2 === 1);
  put(state, { [german]: centre });
  chosen.forEach((hex, i) => put(state, { [allied[i]!]: hex }));
  return { centre, free };
}

describe('the general flies Zeppelins', () => {
  it('VV-ZEP-21, VV-ZEP-26, VV-ZEP-30, VV-ZEP-33, VV-CRACK-08: a Crack Troop is flown to an empty French city and takes it', () => {
    const s = airBoard({ 'zep-1': METZ });
    put(s, { 'de-lw1': METZ, 'de-3': METZ, 'fr-14': VERDUN });
    s.units['de-lw1']!.crack = true;
    assert.equal(controller(s, NANCY), 'allies');
    const orders = general(s, 'germany');
    assert.deepEqual(ofKind(orders, 'embark'), [{ kind: 'embark', troop: 'de-lw1', zeppelin: 'zep-1' }]);
    assert.deepEqual(ofKind(orders, 'sortie'), [{ kind: 'sortie', zeppelin: 'zep-1', to: NANCY }]);
    assert.ok(!ofKind(orders, 'move').some((o) => (o['units'] as string[]).includes('de-lw1')), 'a flown troop gets no move order');
    playList(s, 'germany', ['german-embarkation', 'german-sortie', 'german-movement'], orders);
    assert.equal(s.units['de-lw1']!.at, NANCY);
    assert.equal(s.pieces['zep-1']!.at, NANCY);
    assert.equal(controller(s, NANCY), 'germany');
  });

  it('VV-ZEP-30: no Crack Troop is flown where an enemy unit stands: Nancy held, the troop marches', () => {
    const s = airBoard({ 'zep-1': METZ });
    put(s, { 'de-lw1': METZ, 'fr-14': VERDUN, 'fr-15': NANCY });
    s.units['de-lw1']!.crack = true;
    const orders = general(s, 'germany');
    assert.deepEqual(ofKind(orders, 'embark'), []);
  });

  it('VV-ZEP-06, VV-ZEP-07, VV-ZEP-25: a Zeppelin sorties next to German units Out of Supply, and they are in Attack Supply', () => {
    const s = airBoard();
    const { centre, free } = ringed(s, 'de-3', ['fr-14', 'fr-15', 'fr-16']);
    // A Zeppelin five hexes off, over French ground: it flies six in a Sortie (VV-ZEP-26).
    const start = [...hexBoard().ids].find((h) => hexFacts(h)?.land && flightDistance(centre, h, 5) === 5 && !hexFacts(h)?.neutral)!;
    putPieces(s, { 'zep-1': start });
    assert.equal(supplyPicture(s, 'germany').stateAt(centre), 'out');
    const orders = general(s, 'germany');
    const sortie = ofKind(orders, 'sortie')[0];
    assert.ok(sortie && free.includes(sortie['to'] as string), JSON.stringify(orders.orders.filter((o) => o.kind !== 'move')));
    playList(s, 'germany', ['german-sortie'], orders);
    assert.equal(supplyPicture(s, 'germany').stateAt(centre), 'attack');
  });
});

describe('the general flies Ether Flyers', () => {
  it('VV-ETH-24, VV-ETH-25, VV-ZEP-08: a CS type interdicts the empty hex whose Zeppelin supplies the Germans ringed', () => {
    const s = airBoard();
    const { centre, free } = ringed(s, 'de-3', ['fr-14', 'fr-15', 'fr-16']);
    putPieces(s, { 'zep-1': free[0]! });
    assert.equal(supplyPicture(s, 'germany').stateAt(centre), 'attack');
    // The CS type at the nearest Allied base within six hexes of the Zeppelin.
    const base = [...hexBoard().ids].find(
      (h) =>
        hexFacts(h)?.nation === 'france' &&
        flightDistance(h, free[0]!, 6) !== undefined &&
        baseRefusal(s, 'allies', 'flyer', h) === undefined,
    )!;
    putPieces(s, { 'fl-al-7': base });
    const orders = general(s, 'allies');
    assert.deepEqual(ofKind(orders, 'interdict'), [{ kind: 'interdict', flyers: ['fl-al-7'], hex: free[0] }]);
    playList(s, 'allies', ['allied-missions', 'allied-interception'], orders);
    assert.equal(s.air.interdicted[free[0]!], 'light');
    assert.equal(supplyPicture(s, 'germany').stateAt(centre), 'out');
  });

  it('VV-ETH-27, VV-ETH-29, VV-ETH-20: a B type flies Heavy Interdiction over the hex it lets the Allies attack, escorted', () => {
    // German infantry in a clear French hex next to Metz; French infantry next to it, just short of 2-1.
    const target = near(METZ).find((h) => hexFacts(h)?.nation === 'france' && hexFacts(h)?.terrain === 'clear' && !hexFacts(h)?.town)!;
    const from = near(target).find((h) => h !== METZ && hexFacts(h)?.nation === 'france' && !near(h).includes(METZ) && hexFacts(h)?.land)!;
    const french = ['fr-14', 'fr-15', 'fr-16', 'fr-17', 'fr-18', 'fr-19'];
    let found: { s: VernianState; orders: OrderList } | undefined;
    for (let n = 1; n <= french.length && !found; n++) {
      const s = airBoard({ 'fl-al-15': VERDUN, 'fl-al-1': VERDUN, 'fl-de-1': METZ });
      put(s, { 'de-3': target, 'de-4': target, 'de-5': METZ });
      for (const id of french.slice(0, n)) put(s, { [id]: from });
      const orders = general(s, 'allies');
      if (ofKind(orders, 'interdict').length) found = { s, orders };
    }
    assert.ok(found, 'some force makes the interdiction pay');
    const { orders } = found;
    assert.deepEqual(ofKind(orders, 'interdict'), [{ kind: 'interdict', flyers: ['fl-al-15'], hex: target }]);
    // The German F type in Metz could intercept: an F type escorts the bomber (VV-ETH-20).
    assert.deepEqual(ofKind(orders, 'escort'), [{ kind: 'escort', flyers: ['fl-al-1'], with: 'fl-al-15' }]);
    assert.ok(
      ofKind(orders, 'attack').some((o) => o['target'] === target),
      'the attack the interdiction was flown for',
    );
  });

  it('VV-ETH-19, VV-AIR-25: two F types sweep the Zeppelins in reach; one alone does not', () => {
    const s = airBoard({ 'zep-1': 'W8707', 'fl-al-1': 'W8508', 'fl-al-2': 'W8508' });
    put(s, { 'be-1': 'W8508', 'de-3': 'W8807' });
    const orders = general(s, 'allies');
    assert.deepEqual(ofKind(orders, 'sweep'), [{ kind: 'sweep', flyers: ['fl-al-1', 'fl-al-2'], hex: 'W8707' }]);
    s.pieces['fl-al-2']!.at = 'out';
    assert.deepEqual(ofKind(general(s, 'allies'), 'sweep'), []);
  });

  it('VV-ETH-22, VV-ETH-17: both sides stand by to intercept with every F type they have', () => {
    const s = airBoard({ 'fl-al-1': VERDUN, 'fl-de-1': METZ, 'fl-al-7': VERDUN });
    put(s, { 'fr-14': VERDUN, 'de-3': METZ });
    assert.deepEqual(ofKind(general(s, 'allies'), 'intercept'), [{ kind: 'intercept', flyers: ['fl-al-1'] }]);
    assert.deepEqual(ofKind(general(s, 'germany'), 'intercept'), [{ kind: 'intercept', flyers: ['fl-de-1'] }]);
  });

  it('VV-ETH-07, VV-ETH-08, VV-ETH-09: a flyer far from the front changes base toward it, never next to the enemy', () => {
    const s = airBoard({ 'fl-al-7': 'W6923' });
    put(s, { 'fr-14': VERDUN, 'de-3': METZ });
    const rebase = ofKind(general(s, 'allies'), 'rebase');
    assert.equal(rebase.length, 1);
    const to = rebase[0]!['to'] as string;
    assert.ok(flightDistance(to, METZ, 20)! < flightDistance('W6923', METZ, 30)!, `${to} is nearer the front than Paris`);
    assert.ok(flightDistance(to, METZ, 1) === undefined, 'not next to the enemy');
  });
});
