import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capacityOf, greatWar, resolveLandMovement, resolveStrategicMovement, theWorld, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { eventsOf, openingState, phaseContext, step, scene, ordersFor, parseFor } from './helpers.js';



const parse = parseFor;
const problems = (state: GreatWarState, seat: string, text: string) => {
  const r = parse(state, seat, text);
  return r.ok ? [] : r.error.map((p) => [p.code, p.line]);
};
const count = (state: GreatWarState, at: string, nation: string) => state.board.units.filter((u) => u.at === at && u.nation === nation).length;

function turn(state: GreatWarState, orders: Record<string, string>) {
  const ctx = phaseContext([]);
  const map = new Map(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(state, seat, text)]));
  resolveLandMovement(state, map, ctx);
  resolveStrategicMovement(state, map, ctx);
  return ctx.events;
}

test('GW-P11-STRAT-06, GW-P11-STRAT-03, GW-P11-STRAT-04 (D-SIM-23, A53): the rule book\'s example: Warsaw (2) sends one infantry each to Vladivostok (1) and Khabarovsk (1), past Yakutsk (0)', () => {
  const world = theWorld();
  assert.deepEqual(['warsaw', 'vladivostok', 'khabarovsk', 'yakutsk'].map((t) => capacityOf(world, t)), [2, 1, 1, 0]);
  const state = scene({ warsaw: { russia: { infantry: 3 } } });
  const vladivostok = count(state, 'vladivostok', 'russia');
  assert.deepEqual(problems(state, 'russia', 'strategic 2 infantry from Warsaw to Vladivostok'), [['over-capacity', 1]]);
  assert.deepEqual(problems(state, 'russia', 'strategic 1 infantry from Warsaw to Vladivostok\nstrategic 1 infantry from Warsaw to Khabarovsk\nstrategic 1 infantry from Warsaw to Minsk'), [['over-capacity', 3]]);
  const events = turn(state, { russia: 'strategic 1 infantry from Warsaw to Vladivostok\nstrategic 1 infantry from Warsaw to Khabarovsk' });
  assert.equal(count(state, 'warsaw', 'russia'), 1);
  assert.equal(count(state, 'vladivostok', 'russia'), vladivostok + 1);
  const moves = eventsOf(events, 'strategic-move');
  assert.deepEqual(moves.map((e) => [e['from'], e['to'], e['units']]), [
    ['warsaw', 'vladivostok', { infantry: 1 }],
    ['warsaw', 'khabarovsk', { infantry: 1 }],
  ]);
  assert.ok((moves[0]!['path'] as string[]).includes('yakutsk'), 'the way east passes Yakutsk, of value 0: passing uses no capacity');
});

test('GW-P11-STRAT-02 (D-SIM-23): a strategic move runs through land territories held and incorporated by the nation or an ally, with no enemies', () => {
  const state = openingState();
  assert.deepEqual(problems(state, 'germany', 'strategic 1 infantry from Breslau to Krakow'), [], 'Austrian rails are open to Germany');
  assert.deepEqual(problems(state, 'germany', 'strategic 1 infantry from Breslau to Warsaw'), [['not-rail-territory', 1]]);
  assert.deepEqual(problems(state, 'britain', 'strategic 1 infantry from Glasgow to Northern Ireland'), [['no-rail-path', 1]], 'no rails across a strait');
  state.board.territories['posen'] = { owner: 'germany', incorporated: false };
  assert.deepEqual(problems(state, 'germany', 'strategic 1 infantry from Posen to Berlin'), [['not-rail-territory', 1]], 'Posen is not incorporated');
  const cut = scene({ berlin: { germany: { infantry: 1 } } });
  for (const t of ['hanover', 'dresden', 'stettin', 'posen', 'breslau']) cut.board.territories[t] = { owner: 'germany', incorporated: false };
  assert.deepEqual(problems(cut, 'germany', 'strategic 1 infantry from Berlin to Cologne'), [['no-rail-path', 1]], 'every way out of Berlin passes an unincorporated territory');
});

test('GW-P11-STRAT-01, GW-P11-STRAT-05 (D-SIM-23): a strategic move replaces the phase-8 move; units that moved, fired or retreated may not move strategically', () => {
  const state = scene({ berlin: { germany: { infantry: 3 } }, posen: { germany: { infantry: 1 } } });
  assert.deepEqual(problems(state, 'germany', 'move 2 infantry from Berlin to Stettin\nstrategic 2 infantry from Berlin to Cologne'), [['not-enough-units', 2]]);
  const events = turn(state, { germany: 'move 1 infantry from Posen to Berlin\nmove 2 infantry from Berlin to Stettin\nstrategic 1 infantry from Berlin to Cologne' });
  assert.deepEqual(eventsOf(events, 'strategic-move').map((e) => e['ids']), [['germany-t3']], 'the one that stayed (the first two went to Stettin), not the one that arrived from Posen');
  assert.equal(count(state, 'berlin', 'germany'), 1);
  assert.deepEqual(state.land, { acted: [], moves: [], support: [], battles: [] }, 'the land turn is over');
});

test('D-SIM-23, D-SIM-24: the capacity of a territory is shared by every nation, in seat order; an order moves what still fits and says what did not', () => {
  const state = scene({ breslau: { germany: { infantry: 3 } }, vienna: { 'austria-hungary': { infantry: 3 } }, krakow: {} });
  const events = turn(state, { germany: 'strategic 2 infantry from Breslau to Krakow', 'austria-hungary': 'strategic 2 infantry from Vienna to Krakow' });
  assert.deepEqual(eventsOf(events, 'strategic-move').map((e) => [e['nation'], e['units'], e['short']]), [
    ['germany', { infantry: 2 }, undefined],
    ['austria-hungary', { infantry: 1 }, { infantry: 1 }],
  ]);
  assert.equal(count(state, 'krakow', 'germany') + count(state, 'krakow', 'austria-hungary'), 3);
  const full = scene({ breslau: { germany: { infantry: 3 } }, vienna: { 'austria-hungary': { infantry: 3 } }, krakow: {} });
  const again = turn(full, { germany: 'strategic 3 infantry from Breslau to Krakow', 'austria-hungary': 'strategic 1 infantry from Vienna to Krakow' });
  assert.deepEqual(eventsOf(again, 'order-void').map((e) => [e['nation'], e['code']]), [['austria-hungary', 'over-capacity']]);
});

test('strategic orders: text and JSON, every problem at once, round trip', () => {
  const state = scene({ berlin: { germany: { infantry: 3 } } });
  const ctx = { state, seat: 'germany', step };
  assert.deepEqual(ordersFor(state, 'germany', 'strategic 2 inf from Berlin to Cologne').orders, [{ kind: 'strategic', from: 'berlin', to: 'cologne', units: { infantry: 2 } }]);
  assert.deepEqual(ordersFor(state, 'germany', 'strat all infantry from Berlin -> Cologne').orders, [{ kind: 'strategic', from: 'berlin', to: 'cologne', units: { infantry: 'all' } }]);
  assert.deepEqual(problems(state, 'germany', 'strategic 2 infantry from Berlin to Cologne via Essen\nstrategic 2 infantry from Berlni to Cologne'), [
    ['no-via', 1],
    ['unknown-area', 2],
  ]);
  const json = greatWar.checkOrders({ orders: [{ kind: 'strategic', from: 'berlin', to: 'cologne', units: { infantry: 2 }, via: ['essen'] }] }, ctx);
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path]), [['unknown-field', '$.orders[0].via']]);
  const orders: GreatWarOrders = { orders: [{ kind: 'strategic', from: 'berlin', to: 'cologne', units: { infantry: 2 } }] };
  const text = greatWar.formatOrders(orders, ctx);
  assert.equal(text, 'strategic 2 infantry from Berlin to Cologne\n');
  assert.deepEqual(ordersFor(state, 'germany', text), orders);
});
