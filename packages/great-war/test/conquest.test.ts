import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scriptedContext } from '@umpire/engine';
import { captureTerritory, commanderOf, effectiveOriginalOwner, greatWar, homeSupplyCenters, isConquered, resolveLandMovement, resolveStrategicMovement, theWorld, updateLiberation, type GreatWarState } from '../src/index.js';
import { eventsOf, openingState, phaseContext, step, scene, war, ordersFor, parseFor, ownerOf, midTurnLandInvariants } from './helpers.js';




const parse = parseFor;
const codes = (state: GreatWarState, seat: string, text: string) => {
  const r = parse(state, seat, text);
  return r.ok ? [] : r.error.map((p) => p.code);
};
const owner = ownerOf;

test('D-SIM-21, GW-CONQ-01: a nation is conquered when every supply center it held in 1914 is taken', () => {
  const state = scene({ cologne: { germany: { infantry: 2 } }, luxembourg: {} });
  war(state, 'germany', 'luxembourg');
  assert.deepEqual(homeSupplyCenters(theWorld(), 'luxembourg'), ['luxembourg']);
  const ctx = phaseContext([]);
  resolveLandMovement(state, new Map([['germany', ordersFor(state, 'germany', 'move 1 infantry from Cologne to Luxembourg')]]), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'conquered').map((e) => e['nation']), ['luxembourg']);
  assert.ok(isConquered(state, 'luxembourg'));
  assert.deepEqual(state.conquered['luxembourg'], { since: 1, host: null, capitalHeldSince: null });

  // Serbia has two supply centers: Belgrade and Nis. Taking one is not enough.
  const serbia = scene({ belgrade: {}, nis: {}, temesvar: { 'austria-hungary': { infantry: 2 } } });
  const c1 = phaseContext([]);
  resolveLandMovement(serbia, new Map([['austria-hungary', ordersFor(serbia, 'austria-hungary', 'move 1 infantry from Temesvar to Belgrade')]]), c1);
  assert.equal(owner(serbia, 'belgrade'), 'austria-hungary');
  assert.ok(!isConquered(serbia, 'serbia'));
  const c2 = phaseContext([]);
  resolveLandMovement(serbia, new Map([['austria-hungary', ordersFor(serbia, 'austria-hungary', 'move 1 infantry from Temesvar to Nis')]]), c2);
  assert.deepEqual(eventsOf(c2.events, 'conquered'), [{ type: 'conquered', nation: 'serbia', turn: 1, holders: { belgrade: 'austria-hungary', nis: 'austria-hungary' } }]);
});

test('GW-CONQ-04 (D-SIM-21): a conquered nation\'s units fight on and move as before', () => {
  const state = scene({ belgrade: {}, nis: {}, valjevo: { serbia: { infantry: 3 } }, skopje: {} });
  state.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: false };
  state.board.territories['nis'] = { owner: 'austria-hungary', incorporated: false };
  state.conquered['serbia'] = { since: 1, host: null, capitalHeldSince: null };
  assert.equal(commanderOf(state, 'serbia'), 'serbia');
  const ctx = phaseContext([]);
  resolveLandMovement(state, new Map([['serbia', ordersFor(state, 'serbia', 'move 2 infantry from Valjevo to Skopje\nmove 1 infantry from Valjevo to Nis')]]), ctx);
  assert.equal(owner(state, 'nis'), 'serbia', 'it takes back Nis');
  assert.ok(isConquered(state, 'serbia'), 'and stays conquered until it is liberated');
});

test('D-SIM-22, GW-CONQ-05, GW-CONQ-06, GW-CONQ-07: a conquered nation may put its government in exile with an ally, who then commands its units', () => {
  const state = scene({ valjevo: { serbia: { infantry: 3 } }, skopje: {}, belgrade: {}, nis: {} });
  state.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: false };
  state.board.territories['nis'] = { owner: 'austria-hungary', incorporated: false };
  assert.deepEqual(codes(state, 'serbia', 'exile with Britain'), ['not-conquered']);
  state.conquered['serbia'] = { since: 1, host: null, capitalHeldSince: null };
  assert.deepEqual(codes(state, 'serbia', 'exile with Germany'), ['host-not-allied']);
  assert.deepEqual(codes(state, 'serbia', 'exile with Japan'), ['host-not-allied'], 'Japan is nobody\'s ally');
  assert.deepEqual(codes(state, 'serbia', 'exile with Britian'), ['unknown-nation']);
  assert.deepEqual(ordersFor(state, 'serbia', 'exile with brit').orders, [{ kind: 'exile', host: 'britain' }]);
  assert.equal(greatWar.formatOrders({ orders: [{ kind: 'exile', host: 'britain' }] }, { state, seat: 'serbia', step }), 'exile with Britain\n');
  // The declaration takes effect at the end of the land turn.
  const ctx = phaseContext([]);
  resolveStrategicMovement(state, new Map([['serbia', ordersFor(state, 'serbia', 'exile with Britain')]]), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'exile'), [{ type: 'exile', nation: 'serbia', host: 'britain' }]);
  assert.equal(commanderOf(state, 'serbia'), 'britain');
  assert.deepEqual(codes(state, 'serbia', 'move 1 infantry from Valjevo to Skopje'), ['not-your-units']);
  assert.deepEqual(ordersFor(state, 'britain', 'move 2 infantry of Serbia from Valjevo to Skopje').orders, [{ kind: 'move', nation: 'serbia', from: 'valjevo', to: 'skopje', units: { infantry: 2 } }]);
  const c2 = phaseContext([]);
  resolveLandMovement(state, new Map([['britain', ordersFor(state, 'britain', 'move 2 infantry of Serbia from Valjevo to Skopje')]]), c2);
  assert.deepEqual(eventsOf(c2.events, 'move').map((e) => [e['nation'], e['to'], e['units']]), [['serbia', 'skopje', { infantry: 2 }]]);
  assert.deepEqual(midTurnLandInvariants(state), []);
});

test('D-SIM-20, D-SIM-22: a territory taken by several nations goes to the one with most units there (ties in seat order); exiled units take it for their host', () => {
  const world = theWorld();
  const state = openingState();
  const ctx = phaseContext([]);
  const mk = (nation: string, n: number) => Array.from({ length: n }, () => ({ nation }));
  assert.equal(captureTerritory(state, 'metz', [...mk('france', 1), ...mk('britain', 2)], 'battle', ctx, world), 'britain');
  assert.equal(captureTerritory(state, 'strasbourg', [...mk('britain', 1), ...mk('france', 1)], 'battle', ctx, world), 'france', 'France comes before Britain');
  state.conquered['serbia'] = { since: 1, host: 'britain', capitalHeldSince: null };
  assert.equal(captureTerritory(state, 'sarajevo', mk('serbia', 3), 'battle', ctx, world), 'britain');
  assert.deepEqual(state.board.territories['sarajevo'], { owner: 'britain', incorporated: false });
  assert.equal(captureTerritory(state, 'belgrade', mk('britain', 1), 'battle', ctx, world), 'serbia', 'but Serbian land goes back to Serbia');
});

test('GW-CONQ-08, GW-CONQ-09 (D-SIM-22): a conquered nation is liberated when its capital has been in friendly hands for two full turns; the host gives its units back', () => {
  const state = openingState();
  state.conquered['serbia'] = { since: 1, host: 'britain', capitalHeldSince: null };
  state.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: false };
  const endOf = (turn: number) => {
    const ctx = scriptedContext([], { turn });
    updateLiberation(state, ctx);
    return ctx.events;
  };
  endOf(2);
  assert.equal(state.conquered['serbia']!.capitalHeldSince, null);
  state.board.territories['belgrade'] = { owner: 'serbia', incorporated: false }; // retaken in turn 3
  endOf(3);
  assert.equal(state.conquered['serbia']!.capitalHeldSince, 3);
  endOf(4);
  assert.ok(isConquered(state, 'serbia'), 'one full turn is not enough');
  assert.equal(commanderOf(state, 'serbia'), 'britain');
  assert.deepEqual(eventsOf(endOf(5), 'liberated'), [{ type: 'liberated', nation: 'serbia', host: 'britain' }]);
  assert.ok(!isConquered(state, 'serbia'));
  assert.equal(commanderOf(state, 'serbia'), 'serbia');
  // Held by an ally counts; losing it again starts the count over.
  state.conquered['serbia'] = { since: 5, host: null, capitalHeldSince: null };
  state.board.territories['belgrade'] = { owner: 'russia', incorporated: false };
  endOf(6);
  state.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: false };
  endOf(7);
  assert.equal(state.conquered['serbia']!.capitalHeldSince, null);
});

test('GW-CONQ-10 (D-SIM-22): while a government is in exile, its territories the enemy has not taken count as its host\'s original territories', () => {
  const state = openingState();
  state.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: false };
  assert.equal(effectiveOriginalOwner(state, 'skopje'), 'serbia');
  state.conquered['serbia'] = { since: 1, host: 'britain', capitalHeldSince: null };
  assert.equal(effectiveOriginalOwner(state, 'skopje'), 'britain');
  assert.equal(effectiveOriginalOwner(state, 'belgrade'), 'serbia', 'a captured territory is not the host\'s');
  assert.equal(effectiveOriginalOwner(state, 'paris'), 'france');
});
