import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { autoplay, randomBot, replay, type GameEvent } from '@umpire/engine';
import { vernian } from '../src/index.js';
import { generalBot, generalOrders } from '../src/bots/general.js';
import { openingState } from '../src/arrivals/opening.js';
import { stepInfo } from './fixtures.js';

/**
 * The general, vernian's own bot. Its orders go through the order language's draft, so they are legal by
 * construction; these tests play it and check what it chooses. Its strength against random play is measured in
 * bench/vernian-bots.mjs (docs/benchmarks.md).
 */

describe('the general', () => {
  it("is the ruleset's default bot, and sends nothing outside its own player-turn", () => {
    assert.equal(Object.keys(vernian.bots ?? {})[0], 'general');
    const state = openingState();
    assert.deepEqual(generalOrders({ state, seat: 'allies', step: stepInfo('german', 1) }), { orders: [] });
    assert.deepEqual(generalOrders({ state, seat: 'germany', step: stepInfo('strategic', 1) }), { orders: [] });
  });

  it("moves the German army toward France on Operational Turn 1 and the orders pass the umpire's check", () => {
    const state = openingState();
    const ctx = { state, seat: 'germany', step: stepInfo('german', 1) };
    const orders = generalOrders(ctx);
    assert.ok(orders.orders.filter((o) => o.kind === 'move').length > 30, 'most of the army moves');
    assert.ok(vernian.checkOrders(orders, ctx).ok);
  });

  it('plays both seats for two Strategic Turns: it fights, attacks only at 2-1 or better, and the game replays', () => {
    const r = autoplay(vernian, {
      seed: 'general-both',
      turns: 6,
      bots: { germany: generalBot as never, allies: generalBot as never },
      bot: randomBot(),
    });
    const events: GameEvent[] = r.game.record.steps.flatMap((s) => s.events);
    const combats = events.filter((e) => e.type === 'combat');
    assert.ok(combats.length > 0, 'some combat');
    const order = ['1-3', '1-2', '1-1', '3-2', '2-1', '3-1', '4-1', '5-1', '6-1'];
    // Odds are judged when the orders are written; by its turn a combat may read less (an earlier retreat, supply).
    assert.ok(combats.filter((e) => order.indexOf(String(e['column'])) >= order.indexOf('2-1')).length >= combats.length / 2);
    assert.ok(
      events.some((e) => e.type === 'bombard'),
      'the guns fire',
    );
    const check = replay(vernian, r.game.record);
    assert.ok(check.ok, JSON.stringify(check.mismatch));
  });
});
