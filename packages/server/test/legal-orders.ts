import assert from 'node:assert/strict';
import { awaiting, botNamed, loadGame, Random, type AnyRuleset, type GameRecord, type Json, type OrdersContext } from '@umpire/engine';
import { rulesets } from '@umpire/rulesets';

/** The open step (or the one about to open) of a record, replayed with its own ruleset, as a seat's context. */
function contextOf(record: GameRecord, seat: string): { ruleset: AnyRuleset; ctx: OrdersContext<Json> } {
  const ruleset = rulesets[record.header.ruleset.id];
  assert.ok(ruleset, `no ruleset ${record.header.ruleset.id}`);
  const game = loadGame(ruleset, record);
  assert.ok(game.ok, game.ok ? '' : game.error.message);
  const now = awaiting(ruleset, game.value);
  if (now.kind === 'over') assert.fail('the game is over');
  return { ruleset, ctx: { state: game.value.position.state, seat, step: now.step } };
}

/**
 * Legal orders for a seat in the step a record leaves open (or about to open), in the order language, as a client
 * works them out: replay the record, then take the ruleset's first legal action.
 */
export function legalText(record: GameRecord, seat: string): string {
  const { ruleset, ctx } = contextOf(record, seat);
  const actions = ruleset.legalActions(ruleset.emptyOrders(ctx), ctx);
  return actions.length ? ruleset.formatOrders(actions[0]!.next, ctx) : '';
}

/** A whole player's orders for the open step, in the order language: what the ruleset's bot of that name would send. */
export function botText(record: GameRecord, seat: string, bot: string, seed = 'a player'): string {
  const { ruleset, ctx } = contextOf(record, seat);
  const play = botNamed(ruleset, bot);
  assert.ok(play, `no bot ${bot} for ${ruleset.id}`);
  return ruleset.formatOrders(play(ctx, new Random(seed, 'test'), ruleset), ctx);
}
