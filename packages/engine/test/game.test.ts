import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  answerDecision,
  awaiting,
  canonicalJson,
  commitToSecret,
  createGame,
  deriveStepSeed,
  hashPosition,
  hashValue,
  loadGame,
  openStep,
  parseRecord,
  replay,
  resolveOptions,
  resolveStep,
  startClock,
  stepInfo,
  submitOrders,
  type Game,
  type GameEvent,
  type GameRecord,
  type Json,
  type NewGame,
  type Problem,
  type Result,
  type RollEvent,
} from '../src/index.js';
import { duel, type DuelState } from './fixtures/duel.js';
import { must } from './fixtures/drive.js';

const secretOf = (label: string | number) => createHash('sha256').update(`secret ${label}`).digest('hex');
const ones = (n: number) => Array.from({ length: n }, () => 1);

function newGame(init: Partial<NewGame> = {}): Game<DuelState> {
  return must(createGame<DuelState>(duel, { gameId: 'test', dice: { mode: 'scripted', script: ones(200) }, ...init }), 'createGame');
}

function problems<T>(r: Result<T, Problem[]>): Problem[] {
  assert.equal(r.ok, false, 'expected problems');
  return r.ok ? [] : r.error;
}

type Orders = Readonly<Record<string, Json | { text: string }>>;

/**
 * Open the next step (if none is open), send the given orders (JSON, or { text }) and resolve it.
 * With committed dice the secret is secretOf(step id) unless one is given.
 */
function play<S>(game: Game<S>, orders: Orders = {}, opts: { secret?: string; nonce?: string } = {}): Game<S> {
  const committed = game.record.header.dice.mode === 'committed';
  let now = awaiting(duel, game);
  const secret = committed ? (opts.secret ?? secretOf(now.kind === 'over' ? '' : now.step.id)) : undefined;
  if (now.kind === 'open-step') {
    game = must(openStep(duel, game, secret), 'openStep');
    now = awaiting(duel, game);
  }
  assert.equal(now.kind, 'orders');
  for (const [seat, o] of Object.entries(orders)) {
    const input = o !== null && typeof o === 'object' && 'text' in o && typeof o.text === 'string' ? { text: o.text } : { json: o };
    game = must(submitOrders(duel, game, seat, input, opts.nonce !== undefined ? { nonce: opts.nonce } : {}), `orders for ${seat}`).game;
  }
  return must(resolveStep(duel, game, secret), 'resolveStep').game;
}

/** Resolve steps with empty orders until the next step to open is `stepId`; then open it. */
function openAt<S>(game: Game<S>, stepId: string): Game<S> {
  for (let guard = 0; guard < 100; guard++) {
    const now = awaiting(duel, game);
    assert.notEqual(now.kind, 'over');
    if (now.kind === 'over') break;
    if (now.step.id === stepId) {
      if (now.kind !== 'open-step') return game;
      const secret = game.record.header.dice.mode === 'committed' ? secretOf(stepId) : undefined;
      return must(openStep(duel, game, secret), 'openStep');
    }
    game = play(game);
  }
  throw new Error(`never reached ${stepId}`);
}

const rolls = (events: readonly GameEvent[]) => events.filter((e): e is RollEvent => e.type === 'roll').map((e) => ({ purpose: e.purpose, sides: e.sides, value: e.value }));
const stepRolls = (game: Game<unknown>, id: string) => rolls(game.record.steps.find((s) => s.id === id)?.events ?? []);

describe('createGame', () => {
  it('writes a header, its hash and the opening state hash', () => {
    const game = newGame({ seats: [{ id: 'blue', player: 'blue@example.org' }], bot: 'random', decisions: 'ask' });
    const { header } = game.record;
    assert.deepEqual(header.ruleset, { id: 'duel', version: '1.0.0' });
    assert.equal(header.scenario, 'meeting');
    assert.deepEqual(header.options, { turns: 3, target: 15, pace: 'calm', skirmishLimit: 6 });
    assert.deepEqual(header.seats, [{ id: 'red', bot: 'random' }, { id: 'blue', player: 'blue@example.org' }]);
    assert.equal(header.decisions, 'ask');
    assert.equal(game.record.headerHash, hashValue(header));
    assert.deepEqual(game.position.clock, startClock);
    assert.equal(game.record.initialStateHash, hashPosition(game.position));
    assert.deepEqual(game.record.steps, []);
    assert.ok(parseRecord(JSON.parse(JSON.stringify(game.record))).ok);
  });

  it('converts option text and defaults decisions to standing', () => {
    const game = newGame({ options: { turns: '5', pace: 'fierce' } });
    assert.equal(game.record.header.options.turns, 5);
    assert.equal(game.record.header.options.pace, 'fierce');
    assert.equal(game.record.header.decisions, 'standing');
  });

  it('refuses an unknown option with a suggestion and its path', () => {
    const p = problems(createGame(duel, { gameId: 'g', dice: { mode: 'committed' }, options: { turn: 4 } }));
    assert.equal(p.length, 1);
    assert.equal(p[0]!.code, 'unknown-option');
    assert.equal(p[0]!.path, '$.options.turn');
    assert.equal(p[0]!.suggestion, 'turns');
    const q = problems(createGame(duel, { gameId: 'g', dice: { mode: 'committed' }, options: { wibble: true } }));
    assert.equal(q[0]!.suggestion, undefined);
  });

  it('refuses option values of the wrong type or outside the choices', () => {
    const p = problems(createGame(duel, { gameId: 'g', dice: { mode: 'committed' }, options: { pace: 'wild', turns: 'many', target: true } }));
    assert.deepEqual(p.map((x) => [x.code, x.path]), [
      ['bad-option', '$.options.pace'],
      ['bad-option', '$.options.turns'],
      ['bad-option', '$.options.target'],
    ]);
    assert.match(p[0]!.message, /calm, fierce/);
  });

  it('passes on the problems of the ruleset setup', () => {
    const p = problems(createGame(duel, { gameId: 'g', dice: { mode: 'committed' }, options: { turns: 0 } }));
    assert.deepEqual(p.map((x) => [x.code, x.path]), [['bad-option', '$.options.turns']]);
  });

  it('refuses an unknown seat with a suggestion, and a seat listed twice', () => {
    const p = problems(createGame(duel, { gameId: 'g', dice: { mode: 'committed' }, seats: [{ id: 'rde' }, { id: 'blue' }, { id: 'blue' }, { id: 'zzzzzz' }] }));
    assert.deepEqual(
      p.map((x) => [x.code, x.path, x.suggestion]),
      [
        ['unknown-seat', '$.seats[0].id', 'red'],
        ['duplicate-seat', '$.seats[2].id', undefined],
        ['unknown-seat', '$.seats[3].id', undefined],
      ],
    );
  });

  it('refuses an unknown scenario, suggesting the closest', () => {
    const p = problems(createGame(duel, { gameId: 'g', dice: { mode: 'committed' }, scenario: 'meetng' }));
    assert.equal(p[0]!.code, 'unknown-scenario');
    assert.equal(p[0]!.suggestion, 'meeting');
    assert.match(p[0]!.message, /meeting, siege/);
    const q = problems(createGame(duel, { gameId: 'g', dice: { mode: 'committed' }, scenario: 'xylophone' }));
    assert.equal(q[0]!.suggestion, undefined);
  });

  it('refuses a dice script that is not whole numbers from 1', () => {
    for (const script of [[1, 0], [2.5], [-3]]) {
      const p = problems(createGame(duel, { gameId: 'g', dice: { mode: 'scripted', script } }));
      assert.deepEqual(p.map((x) => [x.code, x.path]), [['bad-dice-script', '$.dice.script']]);
    }
  });

  it('resolveOptions fills defaults and converts booleans', () => {
    const withFlag = { ...duel, options: [...duel.options, { key: 'fog', description: 'fog of war', type: 'boolean' as const, default: false }] };
    assert.deepEqual(must(resolveOptions(withFlag, { fog: 'yes' })).fog, true);
    assert.deepEqual(must(resolveOptions(withFlag, { fog: 'off' })).fog, false);
    assert.equal(problems(resolveOptions(withFlag, { fog: 'perhaps' }))[0]!.code, 'bad-option');
    assert.equal(problems(resolveOptions(withFlag, { turns: ' ' }))[0]!.code, 'bad-option');
  });
});

describe('openStep', () => {
  it('commits to the secret of a committed step', () => {
    const game = must(createGame<DuelState>(duel, { gameId: 'g', dice: { mode: 'committed' } }));
    assert.equal(problems(openStep(duel, game))[0]!.code, 'bad-secret');
    assert.equal(problems(openStep(duel, game, 'abcd'))[0]!.code, 'bad-secret');
    assert.equal(problems(openStep(duel, game, secretOf(1).toUpperCase()))[0]!.code, 'bad-secret');
    const opened = must(openStep(duel, game, secretOf(1)));
    const step = opened.record.steps[0]!;
    // SHA-256 over the secret, the header hash and the opening state (record format 2; the first step has no previous step)
    const commitment = createHash('sha256')
      .update(canonicalJson({ before: game.record.initialStateHash, headerHash: game.record.headerHash, previous: null, secret: secretOf(1) }))
      .digest('hex');
    assert.deepEqual(step, { id: 't1.upkeep', turn: 1, status: 'open', commitment, submissions: [], answers: [], events: [] });
    assert.notEqual(commitment, commitToSecret(secretOf(1)));
    assert.equal(problems(openStep(duel, opened, secretOf(2)))[0]!.code, 'step-not-closed');
  });

  it('takes no secret with scripted dice', () => {
    const game = newGame();
    assert.equal(problems(openStep(duel, game, secretOf(1)))[0]!.code, 'bad-secret');
    assert.equal(must(openStep(duel, game)).record.steps[0]!.commitment, undefined);
  });
});

describe('submitOrders', () => {
  it('needs an open step', () => {
    const game = newGame();
    const p = problems(submitOrders(duel, game, 'red', { json: { bid: 0 } }));
    assert.equal(p[0]!.code, 'no-open-step');
  });

  it('refuses seats that are not in the game (with a suggestion) or not in the step', () => {
    const game = openAt(newGame(), 't1.red-move');
    const unknown = problems(submitOrders(duel, game, 'rde', { json: { path: [] } }));
    assert.equal(unknown[0]!.code, 'unknown-seat');
    assert.equal(unknown[0]!.suggestion, 'red');
    const wrong = problems(submitOrders(duel, game, 'blue', { json: { path: [] } }));
    assert.equal(wrong[0]!.code, 'not-your-step');
    assert.match(wrong[0]!.message, /t1\.red-move takes orders from red, not blue/);
    const upkeep = openAt(newGame(), 't1.upkeep');
    assert.match(problems(submitOrders(duel, upkeep, 'red', { json: {} }))[0]!.message, /from nobody/);
  });

  it('returns located problems for bad JSON orders', () => {
    const game = openAt(newGame(), 't1.bids');
    const p = problems(submitOrders(duel, game, 'red', { json: { bid: 3, bdi: 1 } }));
    assert.deepEqual(
      p.map((x) => [x.code, x.path, x.suggestion]),
      [
        ['unknown-field', '$.bdi', 'bid'],
        ['bid-too-high', '$.bid', undefined],
      ],
    );
    const move = openAt(newGame(), 't1.red-move');
    const q = problems(submitOrders(duel, move, 'red', { json: { path: ['ford', 'hil', 'wood'] } }));
    assert.deepEqual(
      q.map((x) => [x.code, x.path, x.suggestion]),
      [
        ['too-far', '$.path[2]', undefined],
        ['unknown-area', '$.path[1]', 'hill'],
      ],
    );
  });

  it('returns problems with line and column for bad text orders', () => {
    const game = openAt(newGame(), 't1.red-move');
    const p = problems(submitOrders(duel, game, 'red', { text: '# my move\n  mvoe ford' }));
    assert.deepEqual(p.map((x) => [x.code, x.line, x.column, x.suggestion]), [['unknown-command', 2, 3, 'move']]);
    const q = problems(submitOrders(duel, game, 'red', { text: 'move frod hill' }));
    assert.deepEqual(q.map((x) => [x.code, x.line, x.column, x.suggestion]), [['unknown-area', 1, 6, 'ford']]);
    const r = problems(submitOrders(duel, game, 'red', { text: 'move ford\nhold' }));
    assert.deepEqual(r.map((x) => [x.code, x.line, x.column]), [['one-command', 2, 1]]);
    const sent = must(submitOrders(duel, game, 'red', { text: 'MOVE Fo h  # to the hill' }));
    assert.deepEqual(sent.receipt.orders, { path: ['ford', 'hill'] });
  });

  it('stores the checked orders with their hash and gives a receipt', () => {
    const game = openAt(newGame({ dice: { mode: 'committed' } }), 't1.bids');
    const sent = must(submitOrders(duel, game, 'blue', { text: 'bid 2' }, { nonce: 'n-1' }));
    assert.deepEqual(sent.receipt, { step: 't1.bids', seat: 'blue', orderHash: hashValue({ bid: 2 }), nonce: 'n-1', orders: { bid: 2 } });
    const sub = sent.game.record.steps.at(-1)!.submissions;
    assert.deepEqual(sub, [{ seat: 'blue', orders: { bid: 2 }, orderHash: hashValue({ bid: 2 }), nonce: 'n-1', source: 'player' }]);
    assert.equal(game.record.steps.at(-1)!.submissions.length, 0, 'the game given is not changed');
  });

  it('lets later orders replace earlier ones, keeping seat order', () => {
    let game = openAt(newGame(), 't1.bids');
    game = must(submitOrders(duel, game, 'blue', { json: { bid: 1 } })).game;
    game = must(submitOrders(duel, game, 'red', { json: { bid: 2 } })).game;
    game = must(submitOrders(duel, game, 'blue', { json: { bid: 2 } })).game;
    const subs = game.record.steps.at(-1)!.submissions;
    assert.deepEqual(
      subs.map((s) => [s.seat, s.orders, s.source]),
      [
        ['red', { bid: 2 }, 'player'],
        ['blue', { bid: 2 }, 'player'],
      ],
    );
    assert.deepEqual(awaiting(duel, game), { kind: 'orders', step: stepInfo(duel, game.position), missing: [] });
  });

  it('marks bot seats\' orders as the bot\'s, refuses a player\'s orders for a bot seat, and lets a bot stand in for a player', () => {
    let game = openAt(newGame({ seats: [{ id: 'red', bot: 'random' }] }), 't1.bids');
    game = must(submitOrders(duel, game, 'red', { json: { bid: 1 } })).game;
    assert.equal(game.record.steps.at(-1)!.submissions[0]!.source, 'bot');
    assert.equal(problems(submitOrders(duel, game, 'red', { json: { bid: 1 } }, { source: 'player' }))[0]!.code, 'bad-source');
    const stoodIn = must(submitOrders(duel, game, 'blue', { json: { bid: 1 } }, { source: 'bot' })).game;
    assert.equal(stoodIn.record.steps.at(-1)!.submissions.find((s) => s.seat === 'blue')!.source, 'bot');
    assert.equal(problems(submitOrders(duel, game, 'blue', { json: { bid: 1 } }, { source: 'default' }))[0]!.code, 'bad-source');
  });

  it('refuses nonces in a game with scripted dice', () => {
    const game = openAt(newGame(), 't1.bids');
    assert.equal(problems(submitOrders(duel, game, 'red', { json: { bid: 0 } }, { nonce: 'n' }))[0]!.code, 'bad-nonce');
  });

  it('refuses a nonce longer than 256 characters', () => {
    const game = openAt(newGame({ dice: { mode: 'committed' } }), 't1.bids');
    assert.equal(problems(submitOrders(duel, game, 'red', { json: { bid: 0 } }, { nonce: 'x'.repeat(257) }))[0]!.code, 'bad-nonce');
    assert.ok(submitOrders(duel, game, 'red', { json: { bid: 0 } }, { nonce: 'x'.repeat(256) }).ok);
  });
});

describe('resolveStep', () => {
  it('refuses a committed step without its secret, or with a wrong one', () => {
    const game = openAt(must(createGame<DuelState>(duel, { gameId: 'g', dice: { mode: 'committed' } })), 't1.upkeep');
    assert.equal(problems(resolveStep(duel, game))[0]!.code, 'bad-secret');
    assert.equal(problems(resolveStep(duel, game, secretOf('other')))[0]!.code, 'bad-secret');
    assert.ok(resolveStep(duel, game, secretOf('t1.upkeep')).ok);
  });

  it('needs an open step', () => {
    assert.equal(problems(resolveStep(duel, newGame()))[0]!.code, 'no-open-step');
  });

  it('reveals the secret and the seed and records the state hash', () => {
    let game = must(createGame<DuelState>(duel, { gameId: 'g', dice: { mode: 'committed' } }));
    game = play(game);
    game = play(game, { red: { bid: 1 } }, { nonce: 'abc' });
    const step = game.record.steps[1]!;
    assert.equal(step.status, 'resolved');
    assert.equal(step.secret, secretOf('t1.bids'));
    const first = game.record.steps[0]!;
    assert.equal(step.commitment, commitToSecret(secretOf('t1.bids'), { headerHash: game.record.headerHash, before: first.stateHash!, previous: hashValue(first) }));
    assert.equal(step.seed, deriveStepSeed(secretOf('t1.bids'), { gameId: 'g', stepId: 't1.bids', submissions: step.submissions, bindSource: true }));
    assert.notEqual(step.seed, deriveStepSeed(secretOf('t1.bids'), { gameId: 'g', stepId: 't1.bids', submissions: step.submissions }));
    assert.equal(step.stateHash, hashPosition(game.position));
    assert.deepEqual(rolls(step.events).map((r) => r.purpose), ['red bid', 'blue bid']);
  });

  it('gives seats that sent nothing their empty orders', () => {
    let game = openAt(newGame(), 't1.bids');
    game = must(submitOrders(duel, game, 'blue', { json: { bid: 2 } })).game;
    game = must(resolveStep(duel, game)).game;
    assert.deepEqual(
      game.record.steps.at(-1)!.submissions.map((s) => [s.seat, s.orders, s.source, s.orderHash]),
      [
        ['red', { bid: 0 }, 'default', hashValue({ bid: 0 })],
        ['blue', { bid: 2 }, 'player', hashValue({ bid: 2 })],
      ],
    );
    const state = game.position.state;
    assert.equal(state.side.blue.points, 0);
    assert.equal(state.side.red.points, 2);
  });

  it('applies the phases, rolling the scripted dice in order', () => {
    // bids: red 1+6=7 beats blue 2+1=3
    let game = newGame({ dice: { mode: 'scripted', script: [6, 1] } });
    game = play(game);
    game = play(game, { red: { bid: 1 }, blue: { bid: 2 } });
    assert.deepEqual(stepRolls(game, 't1.bids'), [
      { purpose: 'red bid', sides: 6, value: 6 },
      { purpose: 'blue bid', sides: 6, value: 1 },
    ]);
    assert.equal(game.position.state.side.red.score, 2);
    const bidEvent = game.record.steps.at(-1)!.events.find((e) => e.type === 'bid');
    assert.deepEqual(bidEvent, { type: 'bid', red: 7, blue: 3, winner: 'red' });
    const notes = game.record.steps.at(-1)!.events.filter((e) => e.type === 'note');
    assert.deepEqual(notes.map((e) => e.visibleTo), [['red'], ['blue']]);
  });

  it('reports a dice script that runs out as a problem', () => {
    let game = newGame({ dice: { mode: 'scripted', script: [3] } });
    game = play(game);
    game = openAt(game, 't1.bids');
    const p = problems(resolveStep(duel, game));
    assert.equal(p[0]!.code, 'dice-script');
    assert.match(p[0]!.message, /ran out after 1 roll/);
  });

  describe('decisions', () => {
    // turn 1 with empty orders rolls twice (the bids); then red fires two dice needing 3 or less
    const script = [1, 1, 2, 5, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

    it("'ask' mode pauses for a decision, and the answer then gives the same rolls a standing order would", () => {
      let asked = newGame({ decisions: 'ask', dice: { mode: 'scripted', script } });
      asked = openAt(asked, 't1.red-fire');
      asked = must(submitOrders(duel, asked, 'red', { json: { fire: true } })).game;
      const paused = must(resolveStep(duel, asked));
      assert.equal(paused.outcome, 'paused');
      asked = paused.game;
      const now = awaiting(duel, asked);
      assert.equal(now.kind, 'decision');
      if (now.kind !== 'decision') return;
      assert.deepEqual(now.request, {
        id: 't1.red-fire/exploit',
        seat: 'red',
        kind: 'exploit',
        prompt: '1 hit(s): press on or consolidate?',
        options: ['press', 'consolidate'],
        default: 'consolidate',
      });
      const pausedStep = asked.record.steps.at(-1)!;
      assert.equal(pausedStep.status, 'paused');
      assert.deepEqual(pausedStep.pending, now.request);
      assert.equal(pausedStep.stateHash, undefined);
      assert.deepEqual(rolls(pausedStep.events).map((r) => r.value), [2, 5]);
      assert.deepEqual(asked.position, openAt(newGame({ dice: { mode: 'scripted', script } }), 't1.red-fire').position, 'the position does not move while paused');
      assert.equal(problems(submitOrders(duel, asked, 'red', { json: { fire: false } }))[0]!.code, 'no-open-step');
      assert.equal(problems(openStep(duel, asked))[0]!.code, 'step-not-closed');

      assert.equal(problems(answerDecision(duel, asked, 'blue', 'press'))[0]!.code, 'not-your-decision');
      assert.equal(problems(answerDecision(duel, asked, 'red', 'retreat'))[0]!.code, 'bad-answer');
      asked = must(answerDecision(duel, asked, 'red', 'press'));
      assert.deepEqual(asked.record.steps.at(-1)!.answers, [{ id: 't1.red-fire/exploit', seat: 'red', answer: 'press' }]);
      const resumed = must(resolveStep(duel, asked));
      assert.equal(resumed.outcome, 'resolved');
      asked = resumed.game;

      let standing = newGame({ dice: { mode: 'scripted', script } });
      standing = openAt(standing, 't1.red-fire');
      standing = play(standing, { red: { fire: true, onHit: 'press' } });

      assert.deepEqual(stepRolls(asked, 't1.red-fire'), [
        { purpose: 'red fires: guns die 1', sides: 6, value: 2 },
        { purpose: 'red fires: guns die 2', sides: 6, value: 5 },
        { purpose: 'red presses', sides: 6, value: 6 },
      ]);
      assert.deepEqual(stepRolls(standing, 't1.red-fire'), stepRolls(asked, 't1.red-fire'));
      assert.deepEqual(asked.position, standing.position);
      assert.equal(asked.position.state.side.red.score, 2);
      const decisionEvent = (g: Game<unknown>) => g.record.steps.at(-1)!.events.find((e) => e.type === 'decision');
      assert.equal(decisionEvent(asked)?.source, 'answer');
      assert.equal(decisionEvent(standing)?.source, 'standing order');
      assert.ok(replay(duel, asked.record).ok);
      assert.ok(replay(duel, standing.record).ok);
    });

    it("'standing' mode takes the standing order, else the default, and never pauses", () => {
      let withDefault = newGame({ dice: { mode: 'scripted', script } });
      withDefault = openAt(withDefault, 't1.red-fire');
      withDefault = play(withDefault, { red: { text: 'fire' } });
      const ev = withDefault.record.steps.at(-1)!.events.find((e) => e.type === 'decision');
      assert.deepEqual(ev, { type: 'decision', id: 't1.red-fire/exploit', seat: 'red', kind: 'exploit', answer: 'consolidate', source: 'default' });
      assert.deepEqual(stepRolls(withDefault, 't1.red-fire').map((r) => r.value), [2, 5]);
      assert.equal(withDefault.position.state.side.red.score, 1);

      let withStanding = newGame({ dice: { mode: 'scripted', script } });
      withStanding = openAt(withStanding, 't1.red-fire');
      withStanding = play(withStanding, { red: { text: 'fire press' } });
      assert.equal(withStanding.record.steps.at(-1)!.events.find((e) => e.type === 'decision')?.source, 'standing order');
      assert.equal(withStanding.position.state.side.red.score, 2);
    });

    it("'ask' mode uses a standing order without pausing", () => {
      let game = newGame({ decisions: 'ask', dice: { mode: 'scripted', script } });
      game = openAt(game, 't1.red-fire');
      game = must(submitOrders(duel, game, 'red', { json: { fire: true, onHit: 'consolidate' } })).game;
      const r = must(resolveStep(duel, game));
      assert.equal(r.outcome, 'resolved');
    });

    it('with committed dice, pausing and answering gives the rolls the standing game gets from the same seed', () => {
      // find a secret for which red's fire hits; both games use the same secrets, orders and nonces
      for (let attempt = 0; attempt < 20; attempt++) {
        const secretFor = (id: string) => secretOf(`${attempt}/${id}`);
        const run = (decisions: 'ask' | 'standing') => {
          let g = must(createGame<DuelState>(duel, { gameId: 'committed-decisions', dice: { mode: 'committed' }, decisions }));
          for (let guard = 0; guard < 20; guard++) {
            const now = awaiting(duel, g);
            if (now.kind === 'open-step' && now.step.id === 't1.red-fire') break;
            g = play(g, {}, { secret: secretFor(now.kind === 'over' ? '' : now.step.id) });
          }
          g = must(openStep(duel, g, secretFor('t1.red-fire')));
          g = must(submitOrders(duel, g, 'red', { json: { fire: true } }, { nonce: 'fire!' })).game;
          return { g, r: must(resolveStep(duel, g, secretFor('t1.red-fire'))) };
        };
        const asked = run('ask');
        if (asked.r.outcome !== 'paused') continue;
        const pausedStep = asked.r.game.record.steps.at(-1)!;
        assert.equal(pausedStep.secret, undefined, 'the secret stays hidden while paused');
        assert.equal(pausedStep.seed, undefined);
        const report = replay(duel, asked.r.game.record);
        assert.ok(report.ok);
        assert.ok(report.notes.some((n) => n.includes('paused')));
        const answered = must(answerDecision(duel, asked.r.game, 'red', 'consolidate'));
        const resumed = must(resolveStep(duel, answered, secretFor('t1.red-fire')));
        const standing = run('standing');
        assert.equal(standing.r.outcome, 'resolved');
        assert.deepEqual(stepRolls(resumed.game, 't1.red-fire'), stepRolls(standing.r.game, 't1.red-fire'));
        assert.equal(hashPosition(resumed.game.position), hashPosition(standing.r.game.position));
        assert.equal(resumed.game.record.steps.at(-1)!.seed, standing.r.game.record.steps.at(-1)!.seed);
        assert.ok(replay(duel, resumed.game.record).ok);
        return;
      }
      assert.fail('no secret made red hit in 20 attempts');
    });

    it('answerDecision needs a pending decision', () => {
      assert.equal(problems(answerDecision(duel, newGame(), 'red', 'press'))[0]!.code, 'no-decision');
    });
  });
});

describe('awaiting', () => {
  it('walks through every turn shape: no-seat, simultaneous, player-turn sub-phases, activations, then the end', () => {
    let game = newGame({ options: { turns: 2 } });
    const seen: string[] = [];
    const expectOrders = (id: string, missing: string[]) => {
      const now = awaiting(duel, game);
      assert.equal(now.kind, 'open-step', `before ${id}`);
      assert.equal(now.step.id, id);
      game = must(openStep(duel, game));
      const open = awaiting(duel, game);
      assert.deepEqual(open.kind === 'orders' && [open.step.id, open.missing], [id, missing]);
      seen.push(id);
    };
    for (const turn of [1, 2]) {
      expectOrders(`t${turn}.upkeep`, []);
      game = must(resolveStep(duel, game)).game;
      expectOrders(`t${turn}.bids`, ['red', 'blue']);
      game = must(submitOrders(duel, game, 'blue', { json: { bid: 1 } })).game;
      const half = awaiting(duel, game);
      assert.deepEqual(half.kind === 'orders' && half.missing, ['red']);
      game = must(resolveStep(duel, game)).game;
      for (const seat of ['red', 'blue']) {
        expectOrders(`t${turn}.${seat}-move`, [seat]);
        const info = awaiting(duel, game);
        assert.deepEqual(info.kind === 'orders' && info.step.seats, [seat]);
        game = must(resolveStep(duel, game)).game;
        expectOrders(`t${turn}.${seat}-fire`, [seat]);
        game = must(resolveStep(duel, game)).game;
      }
      // activations: first seat attacks, then everybody passes in a row
      const order = turn === 1 ? ['red', 'blue'] : ['blue', 'red'];
      expectOrders(`t${turn}.skirmish.a1`, [order[0]!]);
      game = must(submitOrders(duel, game, order[0]!, { text: 'attack' })).game;
      game = must(resolveStep(duel, game)).game;
      expectOrders(`t${turn}.skirmish.a2`, [order[1]!]);
      game = must(resolveStep(duel, game)).game;
      expectOrders(`t${turn}.skirmish.a3`, [order[0]!]);
      game = must(resolveStep(duel, game)).game;
    }
    const end = awaiting(duel, game);
    assert.equal(end.kind, 'over');
    assert.deepEqual(end.kind === 'over' && end.result.winners.length > 0, true);
    assert.deepEqual(game.record.result, end.kind === 'over' ? end.result : undefined);
    assert.equal(problems(openStep(duel, game))[0]!.message, 'the game is over');
    assert.equal(problems(resolveStep(duel, game))[0]!.message, 'the game is over');
    assert.equal(problems(submitOrders(duel, game, 'red', { json: {} }))[0]!.message, 'the game is over');
    assert.equal(seen.length, 2 * 9);
    assert.equal(game.record.steps.length, 2 * 9);
    assert.ok(replay(duel, game.record).ok);
  });

  it('ends the game when a score reaches the target at the end of a turn', () => {
    // red wins the first bid (6 against 1) and scores 2: the game ends after turn 1
    let game = newGame({ options: { target: 2, turns: 5 }, dice: { mode: 'scripted', script: [6, 1, 1, 1, 1, 1] } });
    for (let guard = 0; guard < 30 && awaiting(duel, game).kind !== 'over'; guard++) game = play(game);
    assert.deepEqual(game.record.result, { winners: ['red'], summary: 'red reached 2' });
    assert.equal(game.record.steps.at(-1)!.id, 't1.skirmish.a2');
  });
});

describe('replay', () => {
  function played(): GameRecord {
    let game = must(createGame<DuelState>(duel, { gameId: 'replay', dice: { mode: 'committed' }, options: { turns: 1 } }));
    game = play(game);
    game = play(game, { red: { bid: 2 }, blue: { text: 'bid 1' } }, { nonce: 'n' });
    game = play(game, { red: { path: ['ford', 'hill'] } });
    game = play(game, { red: { fire: true, onHit: 'press' } });
    for (let guard = 0; guard < 20 && awaiting(duel, game).kind !== 'over'; guard++) game = play(game);
    return JSON.parse(JSON.stringify(game.record)) as GameRecord;
  }
  const record = played();
  type StepLike = { id: string; secret?: string; seed?: string; stateHash?: string; events: Record<string, unknown>[]; submissions: { orders: unknown }[] };
  type RecordLike = { header: Record<string, unknown>; initialStateHash: string; steps: StepLike[]; result?: unknown };
  const tamper = (f: (r: RecordLike) => void): GameRecord => {
    const copy = structuredClone(record) as unknown as RecordLike;
    f(copy);
    return copy as unknown as GameRecord;
  };

  it('checks a whole record and counts what it checked', () => {
    const report = replay(duel, record);
    assert.equal(report.ok, true, report.mismatch?.message);
    assert.equal(report.scripted, false);
    assert.equal(report.stepsChecked, record.steps.length);
    assert.equal(report.rollsChecked, record.steps.flatMap((s) => s.events).filter((e) => e.type === 'roll').length);
    assert.ok(report.rollsChecked >= 4);
    assert.equal(canonicalJson(report.game!.record), canonicalJson(record));
    assert.ok(record.result);
  });

  it('names the first mismatch by its JSON path', () => {
    const fireStep = record.steps.findIndex((s) => s.id === 't1.red-fire');
    const rollAt = record.steps[fireStep]!.events.findIndex((e) => e.type === 'roll');
    const cases: [string, GameRecord, string][] = [
      ['roll', tamper((r) => (r.steps[fireStep]!.events[rollAt]!.value = 9)), `$.steps[${fireStep}].events[${rollAt}]`],
      ['orders', tamper((r) => (r.steps[1]!.submissions[0]!.orders = { bid: 1 })), '$.steps[1].submissions[0].orders'],
      ['secret', tamper((r) => (r.steps[2]!.secret = secretOf('nope'))), '$.steps[2].secret'],
      ['seed', tamper((r) => (r.steps[2]!.seed = 'ab'.repeat(32))), '$.steps[2].seed'],
      ['state', tamper((r) => (r.steps[3]!.stateHash = 'ab'.repeat(32))), '$.steps[3].stateHash'],
      ['header', tamper((r) => (r.header.scenario = 'siege')), '$.headerHash'],
      ['opening', tamper((r) => (r.initialStateHash = 'ab'.repeat(32))), '$.initialStateHash'],
      ['result', tamper((r) => delete r.result), '$.result'],
      ['step id', tamper((r) => (r.steps[1]!.id = 't1.red-move')), '$.steps[1].id'],
      ['dropped step', tamper((r) => r.steps.splice(2, 1)), '$.steps[2].id'],
      ['missing event', tamper((r) => r.steps[1]!.events.pop()), '$.steps[1].events'],
    ];
    for (const [what, tampered, path] of cases) {
      const report = replay(duel, tampered);
      assert.equal(report.ok, false, what);
      assert.equal(report.mismatch?.path, path, `${what}: ${report.mismatch?.message}`);
    }
  });

  it('refuses an open step whose submission claims to be a default: defaults are made only when a step resolves', () => {
    const opened = openAt(newGame(), 't1.red-move');
    const seat = stepInfo(duel, opened.position).seats[0]!;
    const sent = must(submitOrders(duel, opened, seat, { json: duel.emptyOrders({ state: opened.position.state, seat, step: stepInfo(duel, opened.position) }) })).game;
    assert.ok(replay(duel, sent.record).ok);
    const tampered = structuredClone(sent.record);
    const sub = tampered.steps.at(-1)!.submissions[0]!;
    (sub as { source: string }).source = 'default';
    const report = replay(duel, tampered);
    assert.equal(report.ok, false);
    assert.equal(report.mismatch?.path, `$.steps[${tampered.steps.length - 1}].submissions[0].source`);
  });

  it('refuses a record of another game and notes another version', () => {
    assert.equal(replay({ ...duel, id: 'other' }, record).mismatch?.path, '$.header.ruleset.id');
    const report = replay({ ...duel, version: '2.0.0' }, record);
    assert.ok(report.ok);
    assert.deepEqual(report.notes, ['recorded with duel 1.0.0, checked with 2.0.0']);
  });

  it('refuses steps after the end and results before it', () => {
    const extra = tamper((r) => r.steps.push(structuredClone(r.steps.at(-1)!)));
    assert.equal(replay(duel, extra).mismatch?.path, `$.steps[${record.steps.length}]`);
    const early = tamper((r) => r.steps.splice(record.steps.length - 1, 1));
    assert.equal(replay(duel, early).mismatch?.path, '$.result');
  });

  it('loadGame returns the game ready to go on, or the mismatch', () => {
    let game = must(createGame<DuelState>(duel, { gameId: 'load', dice: { mode: 'committed' }, decisions: 'ask' }));
    for (let i = 0; i < 2; i++) game = play(game);
    game = must(openStep(duel, game, secretOf('t1.red-move')));
    const loaded = loadGame<DuelState>(duel, JSON.parse(JSON.stringify(game.record)) as GameRecord);
    assert.ok(loaded.ok);
    if (!loaded.ok) return;
    assert.deepEqual(loaded.value.position, game.position);
    const live = play(game, { red: { path: ['wood'] } }, { secret: secretOf('t1.red-move') });
    const resumed = play(loaded.value, { red: { path: ['wood'] } }, { secret: secretOf('t1.red-move') });
    assert.equal(canonicalJson(resumed.record), canonicalJson(live.record));
    const bad = loadGame(duel, { ...game.record, initialStateHash: 'ab'.repeat(32) });
    assert.deepEqual(bad, { ok: false, error: { path: '$.initialStateHash', message: 'the opening state does not match its hash' } });
  });

  it('round-trips records through parseRecord and reports schema problems by path', () => {
    assert.ok(parseRecord(JSON.parse(JSON.stringify(record))).ok);
    const bad = parseRecord({ ...record, steps: [{ ...record.steps[0], turn: 0 }], extra: 1 });
    assert.equal(bad.ok, false);
    if (bad.ok) return;
    const paths = bad.error.map((p) => p.path).sort();
    assert.deepEqual(paths, ['$.extra', '$.steps[0].turn']);
    assert.deepEqual(bad.error.map((p) => p.code).sort(), ['record-schema', 'unknown-field']);
  });
});
