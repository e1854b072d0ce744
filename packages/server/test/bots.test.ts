import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Json } from '@umpire/engine';
import { botsData, generalOrders, greatWar, setup } from '@umpire/great-war';
import { botOrders, botProblem, DEFAULT_BOT } from '../src/index.js';

const step = { id: 't1.orders', turn: 1, segment: 'orders', seats: [], phases: [] };

test('a seat nobody plays, or one that missed its deadline, gets the ruleset\'s default bot: the general in the Great War', () => {
  const opening = setup('august-1914');
  assert.ok(opening.ok);
  const state = opening.value;
  const ctx = { state: state as unknown as Json, seat: 'france', step };
  assert.deepEqual(botOrders(greatWar as never, DEFAULT_BOT, ctx, 'ab'.repeat(32)), generalOrders({ state, seat: 'france', step }, botsData().versions['general']!));
  // Random legal play draws on the step's secret: another secret, other orders.
  const a = botOrders(greatWar as never, 'random', ctx, 'ab'.repeat(32));
  assert.deepEqual(botOrders(greatWar as never, 'random', ctx, 'ab'.repeat(32)), a);
  assert.notDeepEqual(botOrders(greatWar as never, 'random', ctx, 'cd'.repeat(32)), a);
  // A bot name stored for a seat that a later build no longer has plays as the default bot.
  assert.deepEqual(botOrders(greatWar as never, 'general-0', ctx, 'ab'.repeat(32)), botOrders(greatWar as never, DEFAULT_BOT, ctx, 'ab'.repeat(32)));
});

test('a bot name the ruleset does not know is refused with its closest name and the list', () => {
  assert.equal(botProblem(greatWar as never, 'general-1', '$.bot'), undefined);
  assert.equal(botProblem(greatWar as never, DEFAULT_BOT, '$.bot'), undefined);
  // Only the ruleset's own bots: not a property every object has.
  for (const inherited of ['constructor', 'toString', 'hasOwnProperty']) assert.equal(botProblem(greatWar as never, inherited, '$.bot')?.code, 'unknown-bot', inherited);
  const p = botProblem(greatWar as never, 'genral', '$.seats[0].bot')!;
  assert.equal(p.code, 'unknown-bot');
  assert.equal(p.suggestion, 'general');
  assert.equal(p.path, '$.seats[0].bot');
  assert.match(p.message, /default, random, general, general-1/);
});
