import assert from 'node:assert/strict';
import { awaiting, createGame, loadGame, type GameRecord } from '@umpire/engine';
import { greatWar, type GreatWarState } from '@umpire/great-war';

/** A new Great War game's record (no step resolved yet), as the server publishes it. */
export function newRecord(gameId = 'web-test'): GameRecord {
  const game = createGame<GreatWarState>(greatWar, { gameId, dice: { mode: 'committed' } });
  assert.ok(game.ok, game.ok ? '' : JSON.stringify(game.error));
  return game.value.record;
}

/** Legal orders for a seat in the step a record leaves open: the ruleset's first legal action, as order text. */
export function legalText(record: GameRecord, seat: string): string {
  const game = loadGame(greatWar, record);
  assert.ok(game.ok, game.ok ? '' : game.error.message);
  const now = awaiting(greatWar, game.value);
  assert.ok(now.kind !== 'over', 'the game is over');
  const ctx = { state: game.value.position.state as GreatWarState, seat, step: now.step };
  const actions = greatWar.legalActions(greatWar.emptyOrders(ctx), ctx);
  return actions.length ? greatWar.formatOrders(actions[0]!.next, ctx) : '';
}
