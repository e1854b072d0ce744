import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, ok } from '@umpire/engine';
import { greatWar, incomeOf, incorporationCost, resolveIncorporation, theWorld, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { eventsOf, must, nation, newGame, openingState, ordersContext, phaseContext, playTurn, type GwGame, quietTurns } from './helpers.js';

function gameFrom(state: GreatWarState): GwGame {
  return must(createGame<GreatWarState>({ ...greatWar, setup: () => ok(structuredClone(state)) }, { gameId: 't', dice: { mode: 'scripted', script: quietTurns() } }));
}

const ctxOf = (state: GreatWarState, seat: string) => ({ state, seat, step: ordersContext(newGame(), seat).step });
const incorporate = (...territories: string[]): GreatWarOrders => ({ orders: territories.map((territory) => ({ kind: 'incorporate', territory })) });

/** Germany has taken Nancy (value 4) from France, and nobody else stands there. */
function nancyTaken(): GreatWarState {
  const s = openingState();
  s.board.territories['nancy'] = { owner: 'germany', incorporated: false };
  s.board.units = s.board.units.filter((u) => u.at !== 'nancy');
  return s;
}

test('GW-P12-INC-01 GW-P12-INC-04: a nation pays twice a conquered territory’s value to incorporate it', () => {
  assert.equal(theWorld().territory.get('nancy')!.value, 4);
  assert.equal(incorporationCost('nancy', 'germany'), 8);
  const { game, events } = playTurn(gameFrom(nancyTaken()), { germany: { text: 'incorporate Nancy' } });
  assert.deepEqual(eventsOf(events, 'incorporated'), [{ type: 'incorporated', nation: 'germany', territory: 'nancy', cost: 8 }]);
  assert.deepEqual(game.position.state.board.territories['nancy'], { owner: 'germany', incorporated: true });
  assert.equal(nation(game, 'germany').ledger.incorporation, 8);
  assert.equal(nation(game, 'germany').treasury, 85 - 8 + 85 + 4 + 8, 'and Nancy pays at once, in phase 14 (then 8 of US trade in phase 15)');
});

test('GW-P12-INC-02 GW-P12-INC-03 GW-P14-RES-01: only incorporated territories pay their holder; a conquest not yet incorporated pays nobody', () => {
  const s = nancyTaken();
  assert.equal(incomeOf(s, 'germany').collected, 85);
  assert.equal(incomeOf(s, 'france').collected, 75 - 4, 'still lost to France');
  let game = gameFrom(s);
  game = playTurn(game).game;
  assert.equal(nation(game, 'germany').treasury, 85 + 85 + 8, 'with 8 of US trade');
  assert.equal(nation(game, 'france').treasury, 75 + 71 + 5, 'with 5 of US trade');
  game = playTurn(game, { germany: { text: 'incorporate Nancy' } }).game;
  assert.equal(nation(game, 'germany').treasury, 178 - 8 + 89 + 8);
});

test('GW-P12-INC-05: a nation that takes back its own territory incorporates it for nothing, with or without an order', () => {
  const s = openingState();
  s.board.territories['metz'] = { owner: 'germany', incorporated: false };
  s.board.territories['lille'] = { owner: 'france', incorporated: false };
  const ctx = phaseContext([]);
  resolveIncorporation(s, new Map([['france', incorporate('lille')]]), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'incorporated'), [
    { type: 'incorporated', nation: 'france', territory: 'lille', cost: 0 },
    { type: 'incorporated', nation: 'germany', territory: 'metz', cost: 0, automatic: true },
  ]);
  assert.deepEqual([s.board.territories['metz'], s.board.territories['lille']], [
    { owner: 'germany', incorporated: true },
    { owner: 'france', incorporated: true },
  ]);
  assert.deepEqual([nation(s, 'germany').treasury, nation(s, 'france').treasury], [85, 75]);
  assert.equal(incorporationCost('metz', 'germany'), 0);
});

test('D-ECON-11: an order for a territory not held unincorporated when phase 12 comes is void and costs nothing', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  resolveIncorporation(s, new Map([['germany', incorporate('nancy')]]), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'incorporation-void'), [{ type: 'incorporation-void', nation: 'germany', territory: 'nancy', reason: 'Germany does not hold Nancy', visibleTo: ['germany'] }]);
  assert.equal(nation(s, 'germany').treasury, 85);
  // Given with the turn's orders before the battle that may take it: the budget is kept for it.
  const r = greatWar.parseOrders('incorporate Nancy\nresearch tanks', ordersContext(newGame(), 'serbia'));
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.code, p.line]), [['not-enough-resources', 1]]);
  assert.equal(r.error[0]!.message, 'incorporating Nancy costs 8 (twice its value), and Serbia has 0 left');
});

test('D-ECON-11: the incorporate order in text and JSON, with its problems located', () => {
  const ctx = ctxOf(nancyTaken(), 'germany');
  const good = greatWar.parseOrders('incorporate nancy\nINCORPORATE french lorraine', ctx);
  assert.ok(!good.ok);
  assert.deepEqual(good.error.map((p) => [p.code, p.line]), [['duplicate-incorporation', 2]], 'French Lorraine is an alias of Nancy');
  const r = greatWar.parseOrders('incorporate\nincorporate Berlin\nincorporate North Sea\nincorporate Nancyy\nincorporate nor', ctx);
  assert.ok(!r.ok);
  assert.deepEqual(
    r.error.map((p) => [p.code, p.line, p.column, p.suggestion]),
    [
      ['missing-territory', 1, 12, undefined],
      ['already-incorporated', 2, 13, undefined],
      ['not-a-territory', 3, 13, undefined],
      ['unknown-area', 4, 13, 'Nancy'],
      ['ambiguous-area', 5, 13, undefined],
    ],
  );
  const json = greatWar.checkOrders({ orders: [{ kind: 'incorporate', territory: 'nancy' }, { kind: 'incorporate', territory: 'north-sea' }, { kind: 'incorporate' }, { kind: 'incorporate', territory: 'nancy', cost: 8 }] }, ctx);
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path]), [
    ['unknown-area', '$.orders[1].territory'],
    ['missing-territory', '$.orders[2].territory'],
    ['unknown-field', '$.orders[3].cost'],
  ]);
  const text = greatWar.formatOrders(incorporate('nancy'), ctx);
  assert.equal(text, 'incorporate Nancy\n');
  assert.deepEqual(greatWar.parseOrders(text, ctx), { ok: true, value: incorporate('nancy') });
  const offered = greatWar.legalActions({ orders: [] }, ctx).filter((a) => a.label.startsWith('incorporate'));
  assert.equal(offered[0]!.label, 'incorporate Nancy', 'unincorporated holdings first');
  assert.ok(offered.length <= 3);
});
