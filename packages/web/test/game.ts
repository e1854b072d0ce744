import assert from 'node:assert/strict';
import { awaiting, createGame, loadGame, recordPositions, seatView, type GameRecord, type Json } from '@umpire/engine';
import { greatWar, type GreatWarState } from '@umpire/great-war';
import type { OpenStep } from '../src/game-data.js';

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

/** The step a record leaves open and the seat's view of the state it starts from, as the server sends them. */
export function openOf(record: GameRecord, seat: string): OpenStep {
  const game = loadGame(greatWar, record);
  assert.ok(game.ok, game.ok ? '' : game.error.message);
  const now = awaiting(greatWar, game.value);
  assert.ok(now.kind !== 'over', 'the game is over');
  return { step: now.step, state: seatView(greatWar, game.value.position.state, seat) };
}

/** The whole state after every turn of a record, the opening first (what the server works the views out from). */
export function statesOf(record: GameRecord): { turn: number; state: Json }[] {
  const positions = recordPositions(greatWar, record);
  const opening = positions.before.get(record.steps[0]!.id)!;
  return [[0, opening] as const, ...positions.afterTurn].map(([turn, p]) => ({ turn, state: p.state }));
}

/** A reader's view of the state after every turn of a record, as GET /api/games/:id/views sends it. */
export function viewsOf(record: GameRecord, seat: string | undefined): { turn: number; state: Json }[] {
  return statesOf(record).map(({ turn, state }) => ({ turn, state: seatView(greatWar, state, seat) }));
}
