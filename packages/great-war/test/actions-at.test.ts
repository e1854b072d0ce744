import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, openStep } from '@umpire/engine';
import { greatWar, plannedAttackOdds, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { must, openingState, ordersContext, type GwGame } from './helpers.js';

/** Turn 1 of the 1914 scenario, open for orders. */
function opening(): GwGame {
  return must(openStep(greatWar, must(createGame<GreatWarState>(greatWar, { gameId: 'click', dice: { mode: 'scripted', script: [1] } }))));
}

const labels = (game: GwGame, seat: string, area: string, draft?: GreatWarOrders) => {
  const ctx = ordersContext(game, seat);
  return greatWar.actionsAt!(draft ?? greatWar.emptyOrders(ctx), ctx, area).map((a) => a.label);
};

test('the orders offered at a clicked territory: its stacks moved whole to each place in reach and builds there, every one legal', () => {
  const game = opening();
  const paris = labels(game, 'france', 'paris');
  assert.ok(paris.includes('build 1 Infantry in Paris'), paris.join('\n'));
  assert.ok(paris.includes('move 5 infantry from Paris to Amiens'), paris.join('\n'));
  const ctx = ordersContext(game, 'france');
  for (const action of greatWar.actionsAt!(greatWar.emptyOrders(ctx), ctx, 'paris')) {
    const checked = greatWar.checkOrders(action.next, ctx);
    assert.ok(checked.ok, `${action.label}: ${checked.ok ? '' : checked.error.map((p) => p.message).join('; ')}`);
    assert.equal(greatWar.formatOrders(action.next, ctx).trim(), action.label);
  }
  // Nothing of France's is offered in a German territory; a sea zone offers sailings and ship builds.
  assert.deepEqual(labels(game, 'france', 'berlin'), []);
  const northSea = labels(game, 'britain', 'north-sea');
  assert.ok(northSea.some((l) => /^sail \d+ battleships from North Sea to English Channel$/.test(l)), northSea.join('\n'));
  assert.ok(northSea.includes('build 1 Cruiser in North Sea'));
});

test('the orders offered at a territory count the draft: a stack already ordered away is not offered again', () => {
  const game = opening();
  const ctx = ordersContext(game, 'france');
  const moved = greatWar.actionsAt!(greatWar.emptyOrders(ctx), ctx, 'paris').find((a) => a.label === 'move 5 infantry from Paris to Amiens')!;
  const after = labels(game, 'france', 'paris', moved.next);
  assert.ok(!after.some((l) => l.startsWith('move 5 infantry')), after.join('\n'));
  assert.ok(after.includes('build 1 Infantry in Paris'));
});

test('the odds of a planned attack, before ordering it: exact, summing to one, better with more units; none for a move that is no attack', () => {
  const state = openingState();
  // Nancy held by two French infantry only.
  const french = state.board.units.filter((u) => u.at === 'nancy');
  state.board.units = state.board.units.filter((u) => u.at !== 'nancy' || french.slice(0, 2).includes(u));
  const few = plannedAttackOdds(state, 'germany', { from: 'metz', to: 'nancy', units: { infantry: 2 } })!;
  const many = plannedAttackOdds(state, 'germany', { from: 'metz', to: 'nancy', units: { infantry: 20 } })!;
  for (const o of [few, many]) assert.ok(Math.abs(o.attacker + o.defender + o.none - 1) < 1e-9);
  assert.ok(many.attacker > few.attacker, `${many.attacker} > ${few.attacker}`);
  assert.ok(many.attacker > 0.9);
  assert.equal(plannedAttackOdds(state, 'germany', { from: 'metz', to: 'strasbourg', units: { infantry: 2 } }), undefined, 'into a German territory: no attack');
  assert.equal(plannedAttackOdds(state, 'germany', { from: 'cologne', to: 'brussels', units: { infantry: 2 } }), undefined, 'Belgium is not at war with Germany in August 1914');
});
