import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  answerDecision,
  awaiting,
  createGame,
  formatProblems,
  gridDistance,
  openStep,
  resolveStep,
  submitOrders,
  type Game,
  type Problem,
  type Result,
} from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { occupancy, stackingSteps } from '../src/base/positions.js';
import type { VernianState } from '../src/base/state.js';
import { unitInfo } from '../src/base/units.js';
import { fits } from '../src/arrivals/setup-rules.js';
import { resolveAttack } from '../src/combat/resolve.js';
import { vernian } from '../src/index.js';
import { blank, eventsOf, stepContext } from './combat-helpers.js';

/**
 * Combat in play: a German player-turn played through the engine (orders sent by e-mail, the Combat Phase pausing for
 * the owners' decisions), and a property over random small battles: no combat leaves a hex over the stacking limit
 * or units of both sides in one hex.
 */

function must<T>(r: Result<T, Problem[]>): T {
  if (r.ok) return r.value;
  throw new Error(formatProblems(r.error));
}

describe('a Combat Phase in a game', () => {
  it('VB-CRT-18, VB-STEP-02, VB-TURN-13, VV-SEQ-09: moves, then the attack; the step pauses for each owner to choose his losses', () => {
    let game: Game<VernianState> = must(
      createGame<VernianState>(vernian, {
        gameId: 'combat',
        dice: { mode: 'scripted', script: [4] },
        decisions: 'ask',
        seats: [
          { id: 'germany', player: 'kaiser@example.org' },
          { id: 'allies', player: 'entente@example.org' },
        ],
      }),
    );
    // The set-up and the Strategic phases of Strategic Turn A, with no orders; the German player takes the default
    // for the tunnel stack's units that come into Dover (VV-TUN-12).
    for (const id of ['t1.setup', 't1.strategic']) {
      game = must(openStep(vernian, game));
      const now = awaiting(vernian, game);
      assert.equal(now.kind === 'over' ? undefined : now.step.id, id);
      game = must(resolveStep(vernian, game)).game;
      for (let next = awaiting(vernian, game); next.kind === 'decision'; next = awaiting(vernian, game)) {
        assert.match(next.request.id, /^tunnel\.A\.dover\./);
        game = must(answerDecision(vernian, game, next.request.seat, next.request.default));
        game = must(resolveStep(vernian, game)).game;
      }
    }
    game = must(openStep(vernian, game));
    // Two divisions of the Metz garrison march to W8723 and attack two French reserve divisions at W8724 across the
    // Moselle: 8 to 4, 2-1, 1 left for the river: 3-2.
    const text = 'move de-33, de-34 to W8723\nattack W8724 with de-33, de-34 advance all';
    game = must(submitOrders(vernian, game, 'germany', { text })).game;
    game = must(resolveStep(vernian, game)).game;
    const asked: string[] = [];
    for (;;) {
      const now = awaiting(vernian, game);
      if (now.kind !== 'decision') break;
      asked.push(`${now.request.seat} ${now.request.id} ${now.request.options.join('/')}`);
      const answer = now.request.seat === 'allies' ? 'fr-70' : 'de-34';
      game = must(answerDecision(vernian, game, now.request.seat, answer));
      game = must(resolveStep(vernian, game)).game;
    }
    assert.deepEqual(asked, ['allies combat.W8724.defender-loss.1 fr-68/fr-70', 'germany combat.W8724.attacker-loss.1 de-33/de-34']);
    // A 4 at 3-2: AL1 DL1 DR1. The French fall back to W8624; the Germans take W8724.
    const step = game.record.steps.at(-1)!;
    assert.equal(step.id, 't1.german');
    const combat = eventsOf(step.events, 'combat')[0]!;
    assert.deepEqual(
      [combat['attack'], combat['defence'], combat['odds'], combat['shifts'], combat['column'], combat['result']],
      [8, 4, '2-1', [{ source: 'river', columns: -1 }], '3-2', 'AL1 DL1 DR1'],
    );
    const units = game.position.state.units;
    assert.deepEqual(
      ['de-33', 'de-34', 'fr-68', 'fr-70'].map((id) => `${id} ${units[id]!.at} ${units[id]!.steps}`),
      ['de-33 W8724 2', 'de-34 W8724 1', 'fr-68 W8624 2', 'fr-70 W8624 1'],
    );
  });
});

// Random battles around W7716 (open country), Maubeuge (a fortress town) and W8541 (mountains): each side's units
// dropped on the target and the hexes within two of it while they fit, the Germans attacking with every unit next to
// the target, any die, with and without an advance; every decision left to its default.
const GERMANS = ['de-3', 'de-4', 'de-7', 'de-8', 'de-5', 'de-6', 'de-17', 'de-18', 'de-5r', 'de-6r', 'de-lw1', 'de-2c', 'de-a1', 'de-a3'];
const ALLIES = ['fr-14', 'fr-41', 'fr-25', 'fr-26', 'fr-58', 'fr-63', 'fr-t81', 'fr-t82', 'fr-cav6', 'gb-1', 'be-1', 'fr-gmp', 'be-hq'];
const TARGETS = ['W7716', 'W7711', 'W8541'];

function around(target: string): string[] {
  const board = hexBoard();
  return board.ids.filter((id) => (gridDistance(board, target, id) ?? 9) <= 2);
}

function problemsOf(state: VernianState): string[] {
  const occ = occupancy(state);
  const out: string[] = [];
  for (const [hex, ids] of occ) {
    const { steps, hqs } = stackingSteps(state, hex, occ);
    if (steps > 6 || hqs > 1) out.push(`${hex}: ${steps} steps, ${hqs} HQs`);
    if (new Set(ids.map((id) => unitInfo(id).side)).size > 1) out.push(`${hex}: both sides`);
  }
  return out;
}

describe('a property of every combat', () => {
  it('VB-STACK-01, VB-STACK-03, VB-STACK-04, VB-RET-04, VB-ADV-01: no combat leaves a hex overstacked or held by both sides', () => {
    const placement = fc.record({ unit: fc.nat(), hex: fc.nat(), reduced: fc.boolean() });
    fc.assert(
      fc.property(
        fc.constantFrom(...TARGETS),
        fc.array(placement, { maxLength: 14 }),
        fc.array(placement, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        (target, germans, allies, die, advance) => {
          const state = blank();
          const hexes = around(target);
          const ring = hexes.filter((h) => gridDistance(hexBoard(), target, h) === 1);
          const drop = (pool: readonly string[], p: { unit: number; hex: number; reduced: boolean }, where: readonly string[]) => {
            const unit = pool[p.unit % pool.length]!;
            const hex = where[p.hex % where.length]!;
            if (state.units[unit]!.at !== 'due' || !fits(state, unit, hex)) return;
            state.units[unit]!.at = hex;
            if (p.reduced && state.units[unit]!.steps === 2) state.units[unit]!.steps = 1;
          };
          allies.forEach((p, i) => drop(ALLIES, p, i === 0 ? [target] : hexes));
          germans.forEach((p) => drop(GERMANS, p, ring));
          assert.deepEqual(problemsOf(state), []);
          const attackers = GERMANS.filter((id) => ring.includes(state.units[id]!.at) && unitInfo(id).combat);
          const ctx = stepContext('germany', [die]);
          resolveAttack(
            state,
            'germany',
            { kind: 'attack', target, units: attackers, ...(advance ? { advance: 'all' as const } : {}) },
            ctx,
          );
          assert.deepEqual(problemsOf(state), [], JSON.stringify(ctx.events));
        },
      ),
      { numRuns: 100, seed: 1914 },
    );
  });
});
