/**
 * Engine bugs found by the kernel tests, each kept as a minimal reproduction of the behaviour it now has.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createGame, fuzz, hex, hexDistance, hexPath, ok, openStep, parseRecord, replay, resolveStep, submitOrders, type Game, type GameRecord, type Hex, type Json, type Ruleset } from '../src/index.js';
import { duel, type DuelState } from './fixtures/duel.js';
import { must } from './fixtures/drive.js';

const secretOf = (label: string) => createHash('sha256').update(`secret ${label}`).digest('hex');

/** t1.upkeep resolved, t1.bids resolved with red's orders `{ bid: 1 }` and nonce 'n1' (blue sends nothing). */
function twoSteps(dice: 'scripted' | 'committed'): Game<DuelState> {
  let game = must(createGame<DuelState>(duel, { gameId: 'bugs', dice: dice === 'scripted' ? { mode: 'scripted', script: [1, 1, 1, 1] } : { mode: 'committed' } }));
  const secret = (id: string) => (dice === 'committed' ? secretOf(id) : undefined);
  game = must(openStep(duel, game, secret('t1.upkeep')));
  game = must(resolveStep(duel, game, secret('t1.upkeep'))).game;
  game = must(openStep(duel, game, secret('t1.bids')));
  game = must(submitOrders(duel, game, 'red', { json: { bid: 1 } }, dice === 'committed' ? { nonce: 'n1' } : {})).game;
  return must(resolveStep(duel, game, secret('t1.bids'))).game;
}

const stored = (game: Game<unknown>) => JSON.parse(JSON.stringify(game.record)) as { steps: { secret?: string; submissions: { source: string; nonce?: string }[] }[] };

describe('engine regressions', () => {
  it('replay checks that a "default" submission holds the empty orders', () => {
    const record = stored(twoSteps('committed'));
    assert.deepEqual(record.steps[1]!.submissions.map((s) => s.source), ['player', 'default']);
    record.steps[1]!.submissions[0]!.source = 'default'; // red did send { bid: 1 }
    const report = replay(duel, must(parseRecord(record)));
    assert.equal(report.ok, false, 'a "default" submission with orders other than the empty orders is accepted');
    assert.equal(report.mismatch?.path, '$.steps[1].submissions[0].source');
  });

  it('replay refuses (or checks) nonces in a scripted game', () => {
    const record = stored(twoSteps('scripted'));
    assert.equal(record.steps[1]!.submissions[0]!.nonce, undefined);
    record.steps[1]!.submissions[0]!.nonce = 'n2';
    const report = replay(duel, must(parseRecord(record)));
    assert.equal(report.ok, false, 'a changed nonce in a scripted record is accepted');
  });

  it('replay reports a revealed secret of odd length as a mismatch instead of throwing', () => {
    const record = stored(twoSteps('committed'));
    record.steps[0]!.secret = `${record.steps[0]!.secret!}0`;
    const parsed = parseRecord(record);
    if (!parsed.ok) return; // refusing it in the schema is a fix too
    let report: ReturnType<typeof replay> | undefined;
    assert.doesNotThrow(() => {
      report = replay(duel, parsed.value);
    });
    assert.equal(report?.mismatch?.path, '$.steps[0].secret');
  });

  it('resolveStep refuses a malformed secret with a problem instead of throwing', () => {
    let game = must(createGame<DuelState>(duel, { gameId: 'bugs', dice: { mode: 'committed' } }));
    game = must(openStep(duel, game, secretOf('x')));
    for (const bad of ['abc', 'zz', 'not hex']) {
      let result: ReturnType<typeof resolveStep> | undefined;
      assert.doesNotThrow(() => {
        result = resolveStep(duel, game, bad);
      }, `secret '${bad}'`);
      assert.equal(result?.ok, false);
    }
  });

  it('resolveStep does not write an upper-case secret the record schema refuses', () => {
    let game = must(createGame<DuelState>(duel, { gameId: 'bugs', dice: { mode: 'committed' } }));
    game = must(openStep(duel, game, secretOf('x')));
    const r = resolveStep(duel, game, secretOf('x').toUpperCase());
    if (!r.ok) return; // refusing it is a fix
    const parsed = parseRecord(JSON.parse(JSON.stringify(r.value.game.record)));
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.error[0]!.message);
  });

  it('createGame refuses a non-finite number option instead of throwing', () => {
    const lenient = { ...duel, options: [...duel.options, { key: 'handicap', description: 'unused', type: 'number' as const, default: 0 }] };
    for (const handicap of [NaN, Infinity]) {
      let result: ReturnType<typeof createGame<Json>> | undefined;
      assert.doesNotThrow(() => {
        result = createGame<Json>(lenient, { gameId: 'bugs', dice: { mode: 'committed' }, options: { handicap } });
      });
      assert.equal(result?.ok, false);
      assert.equal(!result?.ok && result?.error[0]?.path, '$.options.handicap');
    }
  });

  it('createGame writes only records its own schema reads back', () => {
    for (const init of [{ gameId: '' }, { gameId: 'ok', seats: [{ id: 'red', email: 'red@example.org' }] }]) {
      const r = createGame(duel, { dice: { mode: 'committed' }, ...init } as never);
      if (!r.ok) continue; // refusing it is a fix
      const game = r.value as Game<unknown>;
      const parsed = parseRecord(JSON.parse(JSON.stringify(game.record)) as GameRecord);
      assert.ok(parsed.ok, `${JSON.stringify(init)}: ${parsed.ok ? '' : parsed.error[0]!.message}`);
    }
  });

  it('hexPath finds the cheapest path when a step costs less than 1 (roads)', () => {
    // a road along r = 1 costs 1/4 per hex: (0,1) … (5,1) is 6 × 0.25, then 1 to step off to (6,0): 2.5; straight across costs 6
    const road = (_a: Hex, b: Hex) => (b.r === 1 ? 0.25 : 1);
    const p = hexPath(hex(0, 0), hex(6, 0), road);
    assert.ok(p);
    assert.equal(p.cost, 2.5);
  });
});

describe('engine regressions: searches and play that must end', () => {
  it('hexPath gives up (null) on an unreachable target on an open board', () => {
    const ring = (_a: Hex, b: Hex) => (hexDistance(b, hex(3, 0)) === 1 ? Infinity : 1);
    assert.equal(hexPath(hex(0, 0), hex(3, 0), ring, { maxVisited: 5000 }), null);
  });

  it('hexPath with minStepCost is an A* that still finds the cheapest path', () => {
    const p = hexPath(hex(0, 0), hex(6, 0), () => 1, { minStepCost: 1 });
    assert.equal(p?.cost, 6);
  });

  it('fuzz reports an activations segment that never ends as a dead end', () => {
    const endless: Ruleset<{ n: number }, { pass: boolean }> = {
      id: 'endless',
      version: '1',
      title: 'Endless',
      scenarios: ['only'],
      defaultScenario: 'only',
      options: [],
      setup: () => ok({ n: 0 }),
      seats: () => ['a', 'b'],
      turnPlan: () => [{ kind: 'activations', id: 'act', seats: ['a', 'b'], phase: 'tick' }],
      phases: { tick: (s) => ({ n: s.n + 1 }) },
      result: () => null,
      parseOrders: () => ok({ pass: false }),
      checkOrders: () => ok({ pass: false }),
      formatOrders: () => '',
      emptyOrders: () => ({ pass: false }),
      legalActions: () => [],
      isPass: () => false,
    };
    const report = fuzz(endless, { games: 1, seed: 'x', maxTurns: 1, maxStepsPerTurn: 50 });
    assert.equal(report.failures.length, 1);
    assert.equal(report.failures[0]!.kind, 'dead-end');
  });
});
