/**
 * Standing orders that last between steps (Ruleset.standingOrders, Position.standing, PhaseContext.standing) and the
 * game's options in the phase context, with Sortie: Germany raids in its player-turn, the Allies' standing interception
 * order (given in theirs) answers the decisions without orders from them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  answerDecision,
  awaiting,
  canonicalJson,
  createGame,
  fuzz,
  hashPosition,
  hashValue,
  openStep,
  parseRecord,
  Random,
  recordPositions,
  replay,
  resolveStep,
  SECRET_BYTES,
  stateAfterPhase,
  statesByPhase,
  submitOrders,
  type AnyRuleset,
  type Game,
  type GameRecord,
  type Json,
  type Options,
  type Position,
  type StepRecord,
} from '../src/index.js';
import { standingAfter } from '../src/step-run.js';
import { duel } from './fixtures/duel.js';
import { drive, must, type Chooser } from './fixtures/drive.js';
import { ALLIES, GERMANY, sortie, sortiePhases, type AlliedOrders, type SortieState } from './fixtures/sortie.js';

type Input = { text: string } | { json: unknown };
const players = [
  { id: GERMANY, player: 'kaiser@example.org' },
  { id: ALLIES, player: 'entente@example.org' },
];

interface Table {
  game: Game<SortieState>;
  readonly ruleset: AnyRuleset;
  readonly secrets?: Random;
  secret?: string;
}

function table(opts: { script?: number[]; decisions?: 'standing' | 'ask'; options?: Options; committed?: boolean; ruleset?: AnyRuleset } = {}): Table {
  const ruleset = opts.ruleset ?? sortie;
  const game = must(
    createGame<SortieState>(ruleset, {
      gameId: 'sortie',
      options: { turns: 5, ...opts.options },
      dice: opts.committed ? { mode: 'committed' } : { mode: 'scripted', script: opts.script ?? [] },
      decisions: opts.decisions ?? 'standing',
      seats: players,
    }),
  );
  return { game, ruleset, ...(opts.committed ? { secrets: new Random('sortie', 'secrets') } : {}) };
}

/** Open the next step, send the orders given (the other seats of the step send nothing), resolve it. */
function step(t: Table, orders: Readonly<Record<string, Input>> = {}): StepRecord {
  t.secret = t.secrets?.hex(SECRET_BYTES);
  t.game = must(openStep(t.ruleset, t.game, t.secret));
  for (const [seat, input] of Object.entries(orders)) t.game = must(submitOrders(t.ruleset, t.game, seat, input)).game;
  return resolve(t);
}

function resolve(t: Table): StepRecord {
  t.game = must(resolveStep(t.ruleset, t.game, t.secret)).game;
  return t.game.record.steps.at(-1)!;
}

/** The decisions of a step: each raid's answer and where it came from. */
const decisions = (s: StepRecord) => s.events.filter((e) => e.type === 'decision').map((e) => `${String(e.answer)} (${String(e.source)})`);
const standingOf = (t: Table) => t.game.position.standing;

describe('standing orders that last between steps', () => {
  it("the Allies' interception order, given in their own step, answers the decisions of Germany's later steps; a new one replaces it", () => {
    const t = table({ script: [5, 2, 6, 4] });
    // Turn 1: no standing order yet: both raids get through on the default.
    let s = step(t, { [GERMANY]: { text: 'raid 2' } });
    assert.deepEqual(decisions(s), ['hold (default)', 'hold (default)']);
    assert.equal(standingOf(t), undefined);
    assert.ok(!('standing' in t.game.position), 'no standing orders, no key: the position is as it was before standing orders');
    assert.equal(step(t, { [ALLIES]: { text: 'intercept 1' } }).submissions[0]!.source, 'player');
    assert.deepEqual(standingOf(t), { [ALLIES]: { intercept: 1 } });

    // Turn 2: Germany's step takes orders from Germany alone; the standing order answers without the Allies.
    s = step(t, { [GERMANY]: { text: 'raid 2' } });
    assert.deepEqual(s.submissions.map((x) => x.seat), [GERMANY]);
    assert.deepEqual(decisions(s), ['intercept (standing order)', 'hold (standing order)']);
    assert.equal(t.game.position.state.downed, 1, 'the 5 downed the first raid');
    // The Allies send nothing in their own step: they keep their standing order.
    s = step(t);
    assert.equal(s.submissions[0]!.source, 'default');
    assert.deepEqual(standingOf(t), { [ALLIES]: { intercept: 1 } });

    // Turn 3: still the same order.
    s = step(t, { [GERMANY]: { text: 'raid 2' } });
    assert.deepEqual(decisions(s), ['intercept (standing order)', 'hold (standing order)']);
    step(t, { [ALLIES]: { text: 'rebuild\nintercept 2' } });
    assert.deepEqual(standingOf(t), { [ALLIES]: { intercept: 2 } });

    // Turn 4: the new order is used.
    s = step(t, { [GERMANY]: { text: 'raid 3' } });
    assert.deepEqual(decisions(s), ['intercept (standing order)', 'intercept (standing order)', 'hold (standing order)']);
    assert.deepEqual(
      s.events.filter((e) => e.type === 'interception').map((e) => e.roll),
      [6, 4],
    );
    assert.equal(t.game.position.state.downed, 3);
  });

  it("orders without an interception line keep the standing order; 'intercept 0' is a standing 'hold'; 'intercept clear' drops it", () => {
    const t = table({ script: [3, 3] });
    step(t, { [GERMANY]: { text: 'hold' } });
    step(t, { [ALLIES]: { text: 'intercept 2' } });
    assert.deepEqual(decisions(step(t, { [GERMANY]: { text: 'raid 1' } })), ['intercept (standing order)']);
    step(t, { [ALLIES]: { text: 'rebuild' } });
    assert.deepEqual(standingOf(t), { [ALLIES]: { intercept: 2 } }, 'orders without an intercept line leave it standing');
    assert.deepEqual(decisions(step(t, { [GERMANY]: { text: 'raid 1' } })), ['intercept (standing order)']);
    step(t, { [ALLIES]: { text: 'intercept 0' } });
    assert.deepEqual(standingOf(t), { [ALLIES]: { intercept: 0 } });
    assert.deepEqual(decisions(step(t, { [GERMANY]: { text: 'raid 1' } })), ['hold (standing order)']);
    step(t, { [ALLIES]: { text: 'intercept clear' } });
    assert.ok(!('standing' in t.game.position), 'cleared: no seat keeps any, so the key is gone');
    assert.deepEqual(decisions(step(t, { [GERMANY]: { text: 'raid 1' } })), ['hold (default)']);
  });

  it('a live game does not wait for the Allies when their standing order answers; without one it waits for their answer', () => {
    const t = table({ decisions: 'ask', script: [6] });
    t.game = must(openStep(sortie, t.game));
    t.game = must(submitOrders(sortie, t.game, GERMANY, { text: 'raid 1' })).game;
    const paused = must(resolveStep(sortie, t.game));
    assert.equal(paused.outcome, 'paused');
    t.game = paused.game;
    const now = awaiting(sortie, t.game);
    assert.ok(now.kind === 'decision' && now.request.seat === ALLIES && now.request.standing === undefined);
    t.game = must(answerDecision(sortie, t.game, ALLIES, 'hold'));
    assert.deepEqual(decisions(resolve(t)), ['hold (answer)']);
    step(t, { [ALLIES]: { json: { intercept: 1 } } });
    t.game = must(openStep(sortie, t.game));
    t.game = must(submitOrders(sortie, t.game, GERMANY, { text: 'raid 1' })).game;
    const r = must(resolveStep(sortie, t.game));
    assert.equal(r.outcome, 'resolved', 'no round trip to the Allies');
    assert.deepEqual(decisions(r.game.record.steps.at(-1)!), ['intercept (standing order)']);
  });

  it("a phase sees the standing orders in force in the seat's own step, as a copy", () => {
    const seen: (Json | undefined)[] = [];
    const spy: AnyRuleset = {
      ...sortie,
      phases: {
        ...sortiePhases,
        patrol(state: SortieState, orders, ctx) {
          const standing = ctx.standing(ALLIES);
          seen.push(standing === undefined ? undefined : clone(standing));
          if (standing && typeof standing === 'object' && !Array.isArray(standing)) standing.intercept = 99;
          sortiePhases.patrol(state, orders);
        },
      },
    };
    const t = table({ ruleset: spy });
    step(t, { [GERMANY]: { text: 'hold' } });
    step(t);
    step(t, { [GERMANY]: { text: 'hold' } });
    step(t, { [ALLIES]: { text: 'intercept 3' } });
    step(t, { [GERMANY]: { text: 'hold' } });
    step(t, { [ALLIES]: { text: 'rebuild' } });
    assert.deepEqual(seen, [undefined, { intercept: 3 }, { intercept: 3 }]);
    assert.deepEqual(standingOf(t), { [ALLIES]: { intercept: 3 } }, 'changing the copy a phase got changes nothing');
  });

  it('phases read the game options (resolved, from the record header) from ctx.options', () => {
    const downed = (interceptOn: number) => {
      const t = table({ script: [4, 4, 4], options: { interceptOn } });
      step(t, { [GERMANY]: { text: 'hold' } });
      step(t, { [ALLIES]: { text: 'intercept 3' } });
      step(t, { [GERMANY]: { text: 'raid 3' } });
      assert.ok(!('interceptOn' in t.game.position.state), 'the option is not copied into the state');
      return t.game.position.state.downed;
    };
    assert.equal(downed(4), 3, 'three interceptions at 4: each downs its bomber');
    assert.equal(downed(5), 0);
    const options: Options[] = [];
    const spy: AnyRuleset = { ...sortie, phases: { ...sortiePhases, patrol: (_s: SortieState, _o, ctx) => void options.push(ctx.options) } };
    const t = table({ ruleset: spy, options: { turns: 2 } });
    step(t, { [GERMANY]: { text: 'hold' } });
    step(t);
    assert.deepEqual(options, [{ turns: 2, interceptOn: 4 }]);
    assert.ok(Object.isFrozen(options[0]));
  });
});

/** Sortie played with the orders of the first test, then two more turns. */
function scenarioGame(opts: { committed?: boolean } = {}): Table {
  const t = table({ script: [5, 2, 6, 4, 3, 1, 2], ...opts });
  const turns: Record<string, Input>[] = [
    { [GERMANY]: { text: 'raid 2' } },
    { [ALLIES]: { text: 'intercept 1' } },
    { [GERMANY]: { text: 'raid 2' } },
    {},
    { [GERMANY]: { text: 'raid 2' } },
    { [ALLIES]: { text: 'rebuild\nintercept 2' } },
    { [GERMANY]: { text: 'raid 3' } },
    { [ALLIES]: { json: { rebuild: false } } },
    { [GERMANY]: { json: { raids: 2 } } },
    { [ALLIES]: { json: { rebuild: false, intercept: 3 } } },
  ];
  for (const orders of turns) step(t, orders);
  assert.ok(t.game.record.result, 'the game is over');
  return t;
}

const stored = (record: GameRecord): GameRecord => must(parseRecord(JSON.parse(JSON.stringify(record))));

/** The record with the orders of one submission changed and its receipt hash made to match. */
function withOrders(record: GameRecord, stepIndex: number, orders: Json): GameRecord {
  const copy = JSON.parse(JSON.stringify(record)) as { steps: { submissions: { orders: Json; orderHash: string }[] }[] };
  const sub = copy.steps[stepIndex]!.submissions[0]!;
  sub.orders = orders;
  sub.orderHash = hashValue(orders);
  return copy as unknown as GameRecord;
}

describe('replay and verification rebuild the standing orders from the submissions', () => {
  for (const committed of [false, true]) {
    it(`${committed ? 'committed' : 'scripted'} dice: replay reaches the same position after every step, standing orders included`, () => {
      const t = scenarioGame({ committed });
      const live = [...recordPositions(sortie, t.game.record).before.values()];
      const after: Position[] = [];
      const report = replay(sortie, stored(t.game.record), { onStep: (_i, _s, _before, a) => void after.push(a) });
      assert.ok(report.ok, `${report.mismatch?.path}: ${report.mismatch?.message}`);
      assert.equal(canonicalJson(report.game!.position), canonicalJson(t.game.position));
      assert.deepEqual(report.game!.position.standing, { [ALLIES]: { intercept: 3 } });
      assert.deepEqual(after.slice(0, -1).map((p) => canonicalJson(p)), live.slice(1).map((p) => canonicalJson(p)));
      assert.deepEqual(after.map((p) => p.standing?.[ALLIES] ?? null), [null, { intercept: 1 }, { intercept: 1 }, { intercept: 1 }, { intercept: 1 }, { intercept: 2 }, { intercept: 2 }, { intercept: 2 }, { intercept: 2 }, { intercept: 3 }]);
    });
  }

  it("the state hash covers the standing orders: a changed standing order no event shows is caught by the step's hash", () => {
    const t = scenarioGame();
    // The last step: the Allies' new standing order changes no event of the step, only what the position keeps.
    const last = t.game.record.steps.length - 1;
    const report = replay(sortie, withOrders(t.game.record, last, { rebuild: false, intercept: 2 }));
    assert.equal(report.mismatch?.path, `$.steps[${last}].stateHash`);
    // An earlier one is caught at its own step, before the decisions it would change.
    assert.equal(replay(sortie, withOrders(t.game.record, 1, { rebuild: false, intercept: 2 })).mismatch?.path, '$.steps[1].stateHash');
  });

  it('the record check admits the standing part as the orders are admitted: a bad one does not replay', () => {
    const t = scenarioGame();
    const report = replay(sortie, withOrders(t.game.record, 1, { rebuild: false, intercept: 9 }));
    assert.equal(report.mismatch?.path, '$.steps[1].submissions[0].orders');
    assert.match(report.mismatch?.message ?? '', /intercept is a whole number from 0 to 3/);
  });

  it('statesByPhase and stateAfterPhase run a step from the standing orders kept before it', () => {
    const t = scenarioGame();
    const positions = recordPositions(sortie, t.game.record);
    const index = t.game.record.steps.findIndex((s) => s.id === 't2.germany');
    const start = positions.before.get('t2.germany')!;
    assert.deepEqual(start.standing, { [ALLIES]: { intercept: 1 } });
    const next = positions.before.get('t2.allies')!;
    assert.deepEqual(statesByPhase(sortie, t.game.record, index, start), [{ phase: 'raid', state: next.state }]);
    assert.deepEqual(stateAfterPhase(sortie, t.game.record, index, start, 0), { phase: 'raid', state: next.state });
    // Without the standing orders kept the decisions fall to their defaults: the raid ends otherwise.
    const { standing: _dropped, ...bare } = start;
    assert.notDeepEqual(statesByPhase(sortie, t.game.record, index, bare)[0]!.state, next.state);
  });
});

describe('what a standing order is made of: orders, checked as orders', () => {
  const open = () => {
    const t = table();
    step(t, { [GERMANY]: { text: 'hold' } });
    t.game = must(openStep(sortie, t.game));
    return t;
  };

  it('text and JSON are admitted to the same orders, standing part included', () => {
    const t = open();
    const text = must(submitOrders(sortie, t.game, ALLIES, { text: '# standing orders\nrebuild\nintercept 2' })).receipt;
    const json = must(submitOrders(sortie, t.game, ALLIES, { json: { intercept: 2, rebuild: true } })).receipt;
    assert.deepEqual(text.orders, { rebuild: true, intercept: 2 });
    assert.equal(text.orderHash, json.orderHash);
    assert.deepEqual(must(submitOrders(sortie, t.game, ALLIES, { text: 'intercept clear' })).receipt.orders, { rebuild: false, intercept: null });
    assert.equal(sortie.formatOrders({ rebuild: true, intercept: null } as AlliedOrders, { state: t.game.position.state, seat: ALLIES, step: awaitingStep(t) }), 'rebuild\nintercept clear');
  });

  it('a bad standing part is refused with its place, in text and in JSON', () => {
    const t = open();
    const bad = (input: Input) => {
      const r = submitOrders(sortie, t.game, ALLIES, input);
      assert.ok(!r.ok);
      return r.error.map((p) => ({ code: p.code, ...(p.line !== undefined ? { line: p.line, column: p.column } : {}), ...(p.path !== undefined ? { path: p.path } : {}) }));
    };
    assert.deepEqual(bad({ text: 'rebuild\nintercept 9' }), [{ code: 'bad-intercept', line: 2, column: 1, path: '$.intercept' }]);
    assert.deepEqual(bad({ text: 'intercept' }), [{ code: 'bad-number', line: 1, column: 10 }]);
    assert.deepEqual(bad({ text: 'intercept 1\nintercept 2' }), [{ code: 'two-interceptions', line: 2, column: 1 }]);
    assert.deepEqual(bad({ json: { intercept: 'often' } }), [{ code: 'bad-intercept', path: '$.intercept' }]);
  });
});

function awaitingStep(t: Table) {
  const now = awaiting(sortie, t.game);
  assert.equal(now.kind, 'orders');
  return now.step;
}

const clone = (v: Json): Json => JSON.parse(JSON.stringify(v)) as Json;

describe('the fuzzer plays a ruleset with standing orders', () => {
  it('random legal play: no crash, no refused legal orders, every record replays', () => {
    const report = fuzz(sortie, { games: 30, seed: 'sortie', maxTurns: 4 });
    assert.deepEqual(report.failures, []);
    assert.ok(report.steps >= 30 * 8, `${report.steps} steps`);
  });
});

describe('a ruleset without standing orders', () => {
  it('keeps positions as they were: no standing key, the same hashes (the duel, a whole game)', () => {
    const d = drive({ dice: { mode: 'scripted', script: Array.from({ length: 200 }, (_, i) => (i % 6) + 1) }, turns: 3, choose: (n) => (n > 1 ? 1 : 0) });
    const positions = recordPositions(duel, d.game.record);
    for (const p of [...positions.before.values(), d.game.position]) {
      assert.deepEqual(Object.keys(p).sort(), ['clock', 'state']);
      assert.equal(hashPosition(p), hashPosition({ clock: p.clock, state: p.state }));
    }
    assert.equal(hashPosition(d.game.position), d.game.record.steps.at(-1)!.stateHash);
  });

  it('standingAfter: sent orders replace, null clears, the empty orders of a seat that sent nothing change nothing, seats in order', () => {
    const both: AnyRuleset = { ...sortie, standingOrders: (o: Json) => (o as { s?: Json }).s };
    const info = { id: 't1.x', turn: 1, segment: 'x', seats: ['b', 'a'], phases: [] };
    const sub = (seat: string, orders: Json, source: 'player' | 'default' | 'bot' = 'player') => ({ seat, orders, orderHash: '', source });
    const at = (standing?: Record<string, Json>) => ({ clock: { turn: 1, segment: 0 }, state: null, ...(standing ? { standing } : {}) });
    const after = standingAfter(both, at(), info, [sub('b', { s: 2 }), sub('a', { s: [1] }, 'bot')]);
    assert.deepEqual(Object.keys(after!), ['a', 'b']);
    assert.deepEqual(after, { a: [1], b: 2 });
    assert.deepEqual(standingAfter(both, at({ a: 1, b: 2 }), info, [sub('a', { s: null }), sub('b', {})]), { b: 2 });
    assert.deepEqual(standingAfter(both, at({ a: 1 }), info, [sub('a', { s: 5 }, 'default')]), { a: 1 });
    assert.equal(standingAfter(both, at({ a: 1 }), info, [sub('a', { s: null })]), undefined);
    assert.deepEqual(standingAfter(duel, at({ a: 1 }), info, [sub('a', { s: 3 })]), { a: 1 }, 'a ruleset without standingOrders changes none');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Property: random Sortie games replay to identical positions, and the standing orders kept are those the record's
// submissions give.

interface Params {
  readonly committed: boolean;
  readonly script: readonly number[];
  readonly seed: number;
  readonly decisions: 'standing' | 'ask';
  readonly interceptOn: number;
  readonly stopInside: boolean;
}

const params: fc.Arbitrary<Params> = fc.record({
  committed: fc.boolean(),
  script: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 60, maxLength: 60 }),
  seed: fc.nat(),
  decisions: fc.constantFrom('standing' as const, 'ask' as const),
  interceptOn: fc.integer({ min: 1, max: 7 }),
  stopInside: fc.boolean(),
});

/** What the Allies' standing order should be after each resolved step, by the rule: the last `intercept` they sent. */
function expectedStanding(record: GameRecord): (Json | null)[] {
  let standing: Json | null = null;
  return record.steps
    .filter((s) => s.status === 'resolved')
    .map((s) => {
      for (const sub of s.submissions) {
        const o = sub.orders as AlliedOrders;
        if (sub.seat === ALLIES && sub.source !== 'default' && o.intercept !== undefined) standing = o.intercept === null ? null : { intercept: o.intercept };
      }
      return standing;
    });
}

describe('property: random games with standing orders replay to identical positions', () => {
  it('every position of a replay is the live one, and the standing orders follow the submissions', () => {
    let kept = 0;
    fc.assert(
      fc.property(params, fc.gen(), (p, g) => {
        const choose: Chooser = (n) => g(fc.nat, { max: n - 1 });
        const live: Position[] = [];
        const d = drive({
          ruleset: sortie,
          gameId: `sortie-${p.seed}`,
          dice: p.committed ? { mode: 'committed' } : { mode: 'scripted', script: p.script },
          secrets: new Random(String(p.seed), 'secrets'),
          decisions: p.decisions,
          options: { turns: 4, interceptOn: p.interceptOn },
          players,
          turns: 4,
          choose,
          nonces: true,
          text: true,
          stopInside: p.stopInside,
          onResolved: (game) => void live.push(game.position),
        });
        const replayed: Position[] = [];
        const report = replay(sortie, stored(d.game.record), { onStep: (_i, _s, _b, after) => void replayed.push(after) });
        assert.ok(report.ok, `${report.mismatch?.path}: ${report.mismatch?.message}`);
        assert.deepEqual(replayed.map((x) => canonicalJson(x)), live.map((x) => canonicalJson(x)));
        assert.equal(canonicalJson(report.game!.position), canonicalJson(d.game.position));
        const expected = expectedStanding(d.game.record);
        assert.deepEqual(live.map((x) => x.standing?.[ALLIES] ?? null), expected);
        assert.deepEqual(live.map((x) => Object.keys(x.standing ?? {})), expected.map((e) => (e === null ? [] : [ALLIES])));
        kept += live.filter((x) => x.standing).length;
      }),
      { numRuns: 150 },
    );
    assert.ok(kept > 100, `the games keep standing orders (${kept} positions with some)`);
  });
});

describe('sudden death: a game that ends in the middle of a turn', () => {
  // Sortie where Germany wins the moment its raids have done 2 damage (Ruleset.suddenDeath), whatever the turn.
  const sudden: AnyRuleset = {
    ...sortie,
    suddenDeath: (state: SortieState) => (state.damage >= 2 ? { winners: [GERMANY], summary: 'two raids got through' } : null),
  };

  it("ends the game after the step that met the condition, before the turn's other steps; replay agrees", () => {
    const t = table({ ruleset: sudden });
    step(t, { [GERMANY]: { text: 'raid 2' } });
    assert.equal(t.game.record.result?.summary, 'two raids got through');
    assert.equal(t.game.record.steps.length, 1, "the Allies' step of turn 1 never opens");
    assert.equal(openStep(t.ruleset, t.game, undefined).ok, false);
    const again = replay(t.ruleset, t.game.record);
    assert.ok(again.ok, JSON.stringify(again.mismatch));
    assert.equal(again.game?.record.result?.summary, 'two raids got through');
  });

  it('a ruleset without it ends only between turns', () => {
    const t = table();
    step(t, { [GERMANY]: { text: 'raid 2' } });
    assert.equal(t.game.record.result, undefined);
  });
});
