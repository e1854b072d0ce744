import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameEvent } from '@umpire/engine';
import { greatWar, type GreatWarState } from '../src/index.js';
import { breakthroughSpec } from '../src/land/breakthrough.js';
import { describeEvent } from '../src/views/report.js';
import { eventsOf, nation, ordersFor, ownerOf, phaseContext, refusalOf, runPhases, scene, step, unitsIn, war } from './helpers.js';

// Germany's tanks with the 4th Tanks advance (breakthrough) on the Western Front; phases 8 to the breakthrough run directly.

function front(spec: Parameters<typeof scene>[0], tanks = 4): GreatWarState {
  const state = scene(spec);
  nation(state, 'germany').tech['tanks'] = tanks;
  war(state, 'germany', 'france');
  return state;
}

/** Phases 8 to the breakthrough with every die a 1 (every roll hits), however many are rolled. */
function allHit(state: GreatWarState, orders: Readonly<Record<string, string>>): GameEvent[] {
  const ctx = phaseContext(Array.from({ length: 200 }, () => 1));
  const map = new Map(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(state, seat, text)]));
  for (const name of ['land-movement', 'air-combat', 'land-combat', 'breakthrough']) greatWar.phases[name]!(state, map, ctx);
  return ctx.events;
}

test('GW-TECH-18 D-BRK-1 D-BRK-2: tanks that take a territory go on into a second one next to it, and take it when it is undefended', () => {
  const state = front({ metz: { germany: { tank: 2 } }, verdun: {}, reims: {} });
  const events = runPhases(state, { germany: 'move 2 tanks from Metz to Verdun\nbreakthrough 2 tanks from Verdun to Reims' }, [], 'land-movement', 'breakthrough');
  assert.equal(ownerOf(state, 'verdun'), 'germany');
  assert.equal(ownerOf(state, 'reims'), 'germany');
  assert.deepEqual(unitsIn(state, 'reims'), { 'germany tank': 2 });
  assert.deepEqual(unitsIn(state, 'verdun'), {});
  const b = eventsOf(events, 'breakthrough');
  assert.deepEqual(b.map((e) => [e['from'], e['to'], e['units'], e['attack']]), [['verdun', 'reims', { tank: 2 }, true]]);
  assert.equal(describeEvent(b[0]!), 'Germany breaks through from Verdun to attack Reims with 2 tanks.');
  assert.deepEqual(eventsOf(events, 'capture').map((e) => [e['area'], e['how']]), [['verdun', 'unopposed'], ['reims', 'unopposed']]);
  assert.deepEqual(state.politics.upgrades.captured, [], 'the record of the turn is emptied');
});

test('GW-TECH-19 D-BRK-3: a battle caused by a breakthrough is fought after every other battle of the turn', () => {
  // Verdun's battle would come after Reims' in the order of territory ids; the breakthrough battle in Reims comes last.
  const state = front({ metz: { germany: { tank: 3, infantry: 2 } }, nancy: { france: { infantry: 1 } }, verdun: { france: { infantry: 1 } }, reims: { france: { infantry: 1 } } });
  const events = allHit(state, { germany: 'move 3 tanks from Metz to Nancy\nmove 2 infantry from Metz to Verdun\nbreakthrough all tanks from Nancy to Reims' });
  assert.deepEqual(eventsOf(events, 'battle').map((e) => e['area']), ['nancy', 'verdun', 'reims']);
  assert.deepEqual(eventsOf(events, 'battle-result').map((e) => [e['area'], e['winner']]), [['nancy', 'attacker'], ['verdun', 'attacker'], ['reims', 'attacker']]);
  assert.equal(ownerOf(state, 'reims'), 'germany');
  assert.deepEqual(unitsIn(state, 'reims'), { 'germany tank': 1 });
  const reims = eventsOf(events, 'battle').find((e) => e['area'] === 'reims')!;
  assert.deepEqual(reims['attackers'], [{ nation: 'germany', from: 'nancy', units: { tank: 2 } }]);
});

test('D-BRK-2: no breakthrough from a territory the tanks did not take this turn: the order is void', () => {
  const state = front({ metz: { germany: { tank: 2 } }, strasbourg: {}, belfort: {} });
  const events = runPhases(state, { germany: 'move 2 tanks from Metz to Strasbourg\nbreakthrough 2 tanks from Strasbourg to Belfort' }, [], 'land-movement', 'breakthrough');
  assert.deepEqual(eventsOf(events, 'order-void').map((e) => [e['phase'], e['code']]), [['breakthrough', 'not-captured']]);
  assert.deepEqual(unitsIn(state, 'strasbourg'), { 'germany tank': 2 });
  assert.equal(ownerOf(state, 'belfort'), 'france');
});

test('D-BRK-1 D-UPG-2: tanks in play that lack the paid 4th advance do not break through; those bought after it do', () => {
  const state = front({ metz: { germany: { tank: 2 } }, verdun: {}, reims: {} });
  state.politics.upgrades.lacking['germany-t1'] = { tanks: [4] };
  const events = runPhases(state, { germany: 'move 2 tanks from Metz to Verdun\nbreakthrough 2 tanks from Verdun to Reims' }, [], 'land-movement', 'breakthrough');
  assert.deepEqual(eventsOf(events, 'breakthrough').map((e) => [e['ids'], e['missing']]), [[['germany-t2'], 1]]);
  assert.deepEqual(unitsIn(state, 'verdun'), { 'germany tank': 1 });
  assert.deepEqual(unitsIn(state, 'reims'), { 'germany tank': 1 });
});

test('O-131 D-BRK-1 D-BRK-4: breakthrough orders are checked when sent, refused where they are, and written back', () => {
  const state = front({ metz: { germany: { tank: 2 } } });
  assert.equal(refusalOf(state, 'germany', 'breakthrough 2 tanks from Verdun to Reims').code, 'no-tank-attack');
  assert.equal(refusalOf(state, 'germany', 'move 2 tanks from Metz to Verdun\nbreakthrough 2 tanks from Verdun to Paris').code, 'not-adjacent');
  assert.equal(refusalOf(state, 'germany', 'move 2 tanks from Metz to Verdun\nbreakthrough from Verdun to Verdun').code, 'same-territory');
  const unknown = refusalOf(state, 'germany', 'breakthrough 2 tanks from Verdun to Reimz');
  assert.deepEqual([unknown.code, unknown.line, unknown.column, unknown.suggestion], ['unknown-area', 1, 37, 'Reims']);
  assert.equal(refusalOf(state, 'germany', 'breakthrough 2 tanks at Verdun').code, 'bad-breakthrough');
  const three = front({ metz: { germany: { tank: 2 } } }, 3);
  assert.equal(refusalOf(three, 'germany', 'move 2 tanks from Metz to Verdun\nbreakthrough 2 tanks from Verdun to Reims').code, 'no-breakthrough');
  const orders = ordersFor(state, 'germany', 'move 2 tanks from Metz to Verdun\nbr Verdun to Reims'.replace('br ', 'breakthrough from '));
  assert.deepEqual(orders.orders[1], { kind: 'breakthrough', count: 'all', from: 'verdun', to: 'reims' });
  assert.equal(breakthroughSpec.format(orders.orders[1] as never), 'breakthrough all tanks from Verdun to Reims');
  const json = breakthroughSpec.checkJson({ kind: 'breakthrough', count: 0, from: 'verdun', to: 'reimss', via: [] }, ['orders', 1], { state, seat: 'germany', step }, nation(state, 'germany'));
  assert.deepEqual(
    (json as { code: string; path?: string }[]).map((p) => [p.code, p.path]),
    [
      ['unknown-field', '$.orders[1].via'],
      ['bad-count', '$.orders[1].count'],
      ['unknown-area', '$.orders[1].to'],
    ],
  );
  // The bot is offered a breakthrough after a tank move (legal actions).
  const ctx = { state, seat: 'germany', step };
  const draft = ordersFor(state, 'germany', 'move 2 tanks from Metz to Verdun');
  const offered = greatWar.legalActions(draft, ctx).map((a) => a.next.orders.at(-1)!).filter((o) => o.kind === 'breakthrough');
  assert.ok(offered.length > 0 && offered.every((o) => (o as unknown as { from: string }).from === 'verdun'));
});
