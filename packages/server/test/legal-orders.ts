import assert from 'node:assert/strict';
import { awaiting, loadGame, type GameRecord } from '@umpire/engine';
import { greatWar, type GreatWarState } from '@umpire/great-war';

/**
 * Legal orders for a seat in the step a record leaves open (or about to open), in the order language, as a client
 * works them out: replay the record, then take the ruleset's first legal action.
 */
export function legalText(record: GameRecord, seat: string): string {
  const game = loadGame(greatWar, record);
  assert.ok(game.ok, game.ok ? '' : game.error.message);
  const now = awaiting(greatWar, game.value);
  if (now.kind === 'over') assert.fail('the game is over');
  const ctx = { state: game.value.position.state as GreatWarState, seat, step: now.step };
  const actions = greatWar.legalActions(greatWar.emptyOrders(ctx), ctx);
  return actions.length ? greatWar.formatOrders(actions[0]!.next, ctx) : '';
}
