import assert from 'node:assert/strict';
import { test } from 'node:test';
import { autoplay, hashValue, recordPositions, startClock, statesByPhase, type Position } from '@umpire/engine';
import { greatWar, warSeries, type GreatWarState } from '../src/index.js';
import { must } from './helpers.js';

test('the war turn by turn: treasuries and production as the ledgers hold them, the US Entry track, and every unit lost counted in its camp', () => {
  const { game } = autoplay(greatWar, { seed: 'series', turns: 3 });
  const positions = recordPositions(greatWar, game.record);
  const opening = { clock: startClock, state: must(greatWar.setup('august-1914', {})) };
  const series = warSeries(game.record, opening, positions.afterTurn);
  assert.deepEqual(series.turns, [0, 1, 2, 3]);
  assert.deepEqual(series.labels.slice(0, 2), ['opening', 'August-September 1914']);
  const after3 = positions.afterTurn.get(3)!.state as GreatWarState;
  for (const n of after3.nations) {
    assert.equal(series.treasury[n.id]![3], n.treasury, n.id);
    assert.equal(series.production[n.id]![3], n.ledger.collected, n.id);
    assert.equal(series.side[n.id]![3], n.side, n.id);
  }
  assert.equal(series.treasury['germany']![0], opening.state.nations.find((n) => n.id === 'germany')!.treasury);
  assert.equal(series.usEntry[3], after3.politics.usEntry);
  const lost = game.record.steps.flatMap((s) => s.events).filter((e) => e.type === 'losses').reduce((n, e) => n + Object.values(e['units'] as Record<string, number>).reduce((a, b) => a + b, 0), 0);
  const counted = Object.values(series.lossesCount).reduce((n, camp) => n + camp.reduce((a, b) => a + b, 0), 0);
  assert.equal(counted, lost);
  assert.ok(lost > 0, 'three turns of war lose units');
  assert.ok(series.lossesValue['allied']!.reduce((a, b) => a + b, 0) + series.lossesValue['central']!.reduce((a, b) => a + b, 0) > 0);
});

test('a turn phase by phase: the states after each phase, from the recorded orders and dice, end where the turn ended', () => {
  const { game } = autoplay(greatWar, { seed: 'phases', turns: 2 });
  const positions = recordPositions(greatWar, game.record);
  const index = game.record.steps.findIndex((s) => s.turn === 2);
  const start = positions.before.get(game.record.steps[index]!.id)! as Position<GreatWarState>;
  const phases = statesByPhase(greatWar, game.record, index, start);
  const segment = greatWar.turnPlan(start.state, 2)[0]!;
  assert.deepEqual(phases.map((p) => p.phase), segment.kind === 'orders' ? segment.phases : []);
  assert.equal(hashValue(phases.at(-1)!.state), hashValue(positions.afterTurn.get(2)!.state));
  // The land war changes the board between the first phase and the last.
  assert.notEqual(hashValue(phases[0]!.state.board), hashValue(phases.at(-1)!.state.board));
  assert.throws(() => statesByPhase(greatWar, game.record, index, positions.afterTurn.get(2)!), /does not begin from the position given/);
});
