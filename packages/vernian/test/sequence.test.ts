import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fuzz, replay } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { turnPlan, GERMAN_PHASES, ALLIED_PHASES, STRATEGIC_PHASES } from '../src/turn/plan.js';
import { vernian } from '../src/index.js';
import { language } from '../src/orders/language.js';
import { openingState } from '../src/arrivals/opening.js';
import { newGame, playStep, stepInfo } from './fixtures.js';

const segments = (turn: number) => turnPlan(turn).map((s) => s.id);
const phasesOf = (turn: number, id: string) => {
  const seg = turnPlan(turn).find((s) => s.id === id);
  return seg && seg.kind === 'orders' ? seg.phases : [];
};

describe('the sequence of play', () => {
  it('VV-SEQ-01, VB-TURN-11, VV-GEN-12: each Operational Turn is the German player-turn, then the Allied one, always in that order', () => {
    for (const turn of [1, 2, 3, 4, 20, 21]) assert.deepEqual(segments(turn).slice(-2), ['german', 'allied'], `turn ${turn}`);
    assert.deepEqual(turnPlan(5).find((s) => s.id === 'german')?.kind === 'orders' && turnPlan(5)[0]!.seats, ['germany']);
  });

  it('VV-SEQ-02..10: the German player-turn phases in order', () => {
    assert.deepEqual(phasesOf(2, 'german'), [...GERMAN_PHASES]);
    assert.deepEqual(GERMAN_PHASES.slice(1), [
      'german-new-units',
      'german-air-base',
      'german-embarkation',
      'german-sortie',
      'german-interception',
      'german-movement',
      'german-bombard',
      'german-combat',
      'german-attrition',
    ]);
  });

  it('VV-SEQ-11..19: the Allied player-turn phases in order', () => {
    assert.deepEqual(phasesOf(2, 'allied'), [
      'allied-new-units',
      'allied-air-base',
      'allied-missions',
      'allied-interception',
      'allied-movement',
      'allied-bombard',
      'allied-combat',
      'allied-air-return',
      'allied-attrition',
    ]);
    assert.deepEqual([...ALLIED_PHASES], phasesOf(2, 'allied'));
  });

  it('VV-SEQ-21: the Storm markers come before anything else of an Operational Turn, before the German New Units Phase', () => {
    assert.equal(phasesOf(2, 'german')[0], 'storms');
  });

  it('VV-SEQ-20, VV-GEN-16, VV-GEN-17, VV-NEMO-01, VV-NEMO-02, VB-MOVE-14..16: no strategic or sea movement and no invasions', () => {
    const all = [...GERMAN_PHASES, ...ALLIED_PHASES, ...STRATEGIC_PHASES] as string[];
    for (const p of all) assert.doesNotMatch(p, /strategic-move|rail|sea|amphib|invasion/);
    const ctx = { state: openingState(), seat: 'allies', step: stepInfo('allied', 2) };
    for (const line of ['sail fr-42 to Dover', 'rail fr-42 to Paris', 'invade Dover with gb-1']) {
      const r = language.parseOrders(line, ctx);
      assert.ok(!r.ok, line);
      assert.equal(r.error[0]!.code, 'unknown-order', line);
    }
  });

  it('VB-TURN-02, VB-TURN-05: a Strategic Turn opens with its Strategic phases, every third Operational Turn', () => {
    for (const turn of [1, 4, 7, 19]) assert.ok(segments(turn).includes('strategic'), `turn ${turn}`);
    for (const turn of [2, 3, 5, 21]) assert.ok(!segments(turn).includes('strategic'), `turn ${turn}`);
    assert.deepEqual([...STRATEGIC_PHASES], ['victory-check', 'reinforcements', 'fortress-surrender', 'inventions', 'england-withdrawal']);
  });

  it('VV-GEN-14, VV-GEN-15, VV-GEN-18, VB-TURN-16..18, VB-TERR-08, VB-WIN-05: no weather, chits, resources, initiative or collapse', () => {
    const all = [...GERMAN_PHASES, ...ALLIED_PHASES, ...STRATEGIC_PHASES] as string[];
    for (const p of all) assert.doesNotMatch(p, /weather|chit|event|resource|initiative|collapse|replacement/);
  });

  it('VV-GEN-01, VV-GEN-02, VB-MAP-01: two maps, the West Front (no Italy map) and southern England', () => {
    assert.deepEqual(
      hexBoard().maps.map((m) => [m.prefix, m.name]),
      [
        ['W', 'West'],
        ['B', 'England'],
      ],
    );
  });
});

describe('a whole game', () => {
  it('VB-TURN-01, VV-GEN-05: random legal play through every Strategic Turn: no crash, no refused legal order, it replays', () => {
    const report = fuzz(vernian, { games: 1, seed: 'vernian-whole-game', maxTurns: 21 });
    assert.deepEqual(report.failures, []);
    assert.equal(report.steps, 50, 'the set-up, 7 Strategic Turns and 21 Operational Turns of two player-turns');
  });

  it('VV-GEN-07: a game with no orders ends in a draw after Strategic Turn G, and verifies', () => {
    let game = newGame();
    let guard = 0;
    while (!game.record.result && guard++ < 100) game = playStep(game);
    assert.deepEqual(game.record.result?.winners, []);
    assert.equal(game.record.steps.filter((s) => s.id.endsWith('.strategic')).length, 7);
    assert.equal(game.record.steps.at(-1)!.id, 't21.allied');
    const check = replay(vernian, game.record);
    assert.ok(check.ok, JSON.stringify(check.mismatch));
  });
});
