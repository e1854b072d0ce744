import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCaseReport, formatProblems, runCase, type CaseReport, type Problem, type Result } from '../../src/index.js';
import { brokenDuel, duel } from '../fixtures/duel.js';
import { failing, passing } from './duel-cases.js';

const report = (r: Result<CaseReport, Problem[]>): CaseReport => {
  if (!r.ok) assert.fail(formatProblems(r.error));
  return r.value;
};
const problemsOf = (r: Result<CaseReport, Problem[]>) => {
  assert.ok(!r.ok, 'the case is refused');
  return r.error.map((p) => ({ code: p.code, path: p.path, ...(p.suggestion !== undefined ? { suggestion: p.suggestion } : {}) }));
};
/** The passing case with one change made to a copy. */
const edited = (change: (c: typeof passing & Record<string, unknown>) => void) => {
  const c = structuredClone(passing) as typeof passing & Record<string, unknown>;
  change(c);
  return c;
};

test('a case that holds: every expectation met, every die rolled, the game left for further checks', () => {
  const r = report(runCase(duel, passing));
  assert.equal(r.passed, true, formatCaseReport(r));
  assert.deepEqual(r.failures, []);
  assert.deepEqual(r.clauses, ['DUEL-BID-01', 'DUEL-FIRE-02']);
  assert.equal(r.expectations, 14);
  assert.deepEqual(r.steps.map((s) => s.id), ['t1.upkeep', 't1.bids', 't1.red-move', 't1.red-fire']);
  assert.equal((r.game.position.state as { side: { red: { score: number } } }).side.red.score, 3);
  assert.match(formatCaseReport(r), /: passed \(14 expectations\)$/);
});

test('a case whose expectations fail: each is reported with its JSON path in the case and what was found instead', () => {
  const r = report(runCase(duel, failing));
  assert.equal(r.passed, false);
  assert.deepEqual(
    r.failures.map((f) => f.path),
    ['$.steps[1].refused[0]', '$.steps[1].expect.events[0]', '$.steps[1].expect.events[1]', '$.steps[1].expect.eventCounts[0]', '$.steps[1].expect.noEvents[0]', '$.steps[1].expect.state[0]'],
  );
  const [refusal, bid, misspelt, counted, absent, state] = r.failures;
  assert.equal(counted!.message, 'step t1.bids emits 2 event(s) {"type":"note","visibleTo":["red"]}');
  assert.equal(counted!.found, '1: {"text":"you bid 2","type":"note","visibleTo":["red"]}');
  assert.equal(refusal!.found, 'they were accepted');
  assert.match(bid!.message, /step t1\.bids emits an event .*"winner":"blue"/);
  assert.match(bid!.found!, /closest 'bid' event \(#5\): \{"blue":4,"red":5,"type":"bid","winner":"red"\}; it differs in \{"winner":"red"\}/);
  assert.match(misspelt!.found!, /no 'bids' event in the step \(did you mean 'bid'\?\); it emitted .*bid ×1/);
  assert.match(absent!.found!, /1 did: .*"purpose":"blue bid"/);
  assert.equal(state!.found, '2');
  assert.match(formatCaseReport(r), /6 unmet\n {2}\$\.steps\[1\]\.refused\[0\]: expected red's orders are refused with 'bid-too-high'\n {4}found: they were accepted/);
});

test('events expected in order: each after the one before it, with others between', () => {
  const ordered = (events: unknown[]) => edited((c) => (c.steps[1]!.expect = { inOrder: true, events } as never));
  const bids = [{ type: 'roll', purpose: 'red bid' }, { type: 'roll', purpose: 'blue bid' }, { type: 'bid', winner: 'red' }];
  assert.deepEqual(report(runCase(duel, ordered(bids))).failures, []);
  const swapped = report(runCase(duel, ordered([bids[2], bids[1], bids[0]])));
  assert.deepEqual(swapped.failures.map((f) => [f.path, f.found]), [['$.steps[1].expect.events[1]', 'it comes only before: #3']]);
  assert.match(swapped.failures[0]!.message, /after the one of events\[0\] \(#5\)$/);
  assert.deepEqual(report(runCase(duel, ordered([{ type: 'bid', winner: 'blue' }, bids[0]]))).failures.map((f) => f.path), ['$.steps[1].expect.events[0]']);
});

test('the play stops at orders the ruleset refuses, dice that run out, and a game that ends; dice left unrolled and a record that does not replay fail the case', () => {
  const refused = report(runCase(duel, edited((c) => (c.steps[2]!.orders = { red: 'move hill' }))));
  assert.deepEqual(refused.failures.map((f) => [f.path, f.found?.split(':')[0]]), [['$.steps[2].orders.red', 'refused']]);
  assert.match(refused.failures[0]!.found!, /hill does not border red-home/);
  assert.deepEqual(refused.steps.map((s) => s.id), ['t1.upkeep', 't1.bids']);

  const short = report(runCase(duel, edited((c) => (c.dice = [3, 4, 4]))));
  assert.deepEqual(short.failures.map((f) => f.path), ['$.dice']);
  assert.match(short.failures[0]!.found!, /ran out after 3 rolls/);

  const spare = report(runCase(duel, edited((c) => (c.dice = [3, 4, 4, 5, 6]))));
  assert.deepEqual(spare.failures.map((f) => [f.path, f.message]), [['$.dice', 'every die of the script is rolled, but 1 of 5 were not']]);
  assert.match(spare.failures[0]!.found!, /the steps rolled 4: red bid = 3; blue bid = 4; red fires: guns die 1 = 4; red fires: guns die 2 = 5/);

  const unsteady = report(runCase(brokenDuel('nondeterministic'), passing));
  assert.deepEqual(unsteady.failures.map((f) => [f.path, f.message]), [['$.replay', 'the record replays to the same states, events and hashes']]);
  assert.equal(report(runCase(brokenDuel('nondeterministic'), { ...passing, replay: false })).passed, true);

  const over = report(runCase(duel, { ...passing, start: { options: { turns: 1 } }, dice: [1, 1, 1, 1], steps: [...Array.from({ length: 8 }, () => ({})), {}] }));
  assert.deepEqual(over.failures.map((f) => [f.path, f.found]), [['$.steps[8]', 'the game ended before it: after 1 turns red and blue lead with 0']]);
});

test('decisions asked in a live game are answered from the case, in order; a missing or unasked answer is reported', () => {
  const ask = (answers: unknown[]) => ({
    ...passing,
    start: { decisions: 'ask', edits: [{ set: '/side/red/at', value: 'hill' }] },
    dice: [1, 1, 1, 1, 6],
    steps: [{}, {}, {}, { step: 't1.red-fire', orders: { red: 'fire' }, answers, expect: { events: [{ type: 'roll', purpose: 'red presses', value: 6 }, { type: 'fire', hits: 2, gain: 4 }] } }],
  });
  assert.deepEqual(report(runCase(duel, ask([{ seat: 'red', decision: 't1.red-fire/exploit', answer: 'press' }]))).failures, []);
  const none = report(runCase(duel, ask([])));
  assert.deepEqual(none.failures.map((f) => f.path), ['$.steps[3].answers[0]']);
  assert.match(none.failures[0]!.found!, /red is asked '2 hit\(s\): press on or consolidate\?' \(t1\.red-fire\/exploit; options \["press","consolidate"\]\), and the case gives no answer/);
  const wrong = report(runCase(duel, ask([{ seat: 'red', answer: 'retreat' }])));
  assert.deepEqual(wrong.failures.map((f) => f.path), ['$.steps[3].answers[0].answer']);
  const extra = report(runCase(duel, ask([{ seat: 'red', answer: 'press' }, { seat: 'blue', answer: 'press' }])));
  assert.deepEqual(extra.failures.map((f) => [f.path, f.found]), [['$.steps[3].answers[1]', 'step t1.red-fire asked no more']]);
});

test('malformed cases: located problems, with the closest valid name for a misspelled field, seat, step, option or key', () => {
  assert.deepEqual(
    problemsOf(runCase(duel, edited((c) => {
      c['titel'] = 'x';
      (c.steps[1] as Record<string, unknown>)['expct'] = {};
      c.start.edits = [{ set: '/side/red/points' } as never, { add: '/a', remove: '/b' } as never];
      (c.steps[0] as Record<string, unknown>)['expect'] = { state: [{ at: 'side/red' }] };
      c.title = 'bids win: the higher total';
    }))),
    [
      { code: 'bad-case', path: '$.title' },
      { code: 'bad-edit', path: '$.start.edits[0].value' },
      { code: 'bad-edit', path: '$.start.edits[1]' },
      { code: 'bad-pointer', path: '$.steps[0].expect.state[0].at' },
      { code: 'bad-expectation', path: '$.steps[0].expect.state[0]' },
      { code: 'unknown-field', path: '$.steps[1].expct', suggestion: 'expect' },
      { code: 'unknown-field', path: '$.titel', suggestion: 'title' },
    ],
  );
  assert.deepEqual(problemsOf(runCase(duel, { ...passing, steps: undefined })), [{ code: 'missing-field', path: '$.steps' }]);
  assert.deepEqual(problemsOf(runCase(duel, { ...passing, ruleset: 'dual' })), [{ code: 'wrong-ruleset', path: '$.ruleset' }]);
  assert.deepEqual(
    problemsOf(runCase(duel, { ...passing, start: { scenario: 'seige' } })),
    [{ code: 'unknown-scenario', path: '$.start.scenario', suggestion: 'siege' }],
  );
  assert.deepEqual(problemsOf(runCase(duel, { ...passing, start: { options: { pase: 'calm' } } })), [{ code: 'unknown-option', path: '$.start.options.pase', suggestion: 'pace' }]);
  assert.deepEqual(
    problemsOf(runCase(duel, { ...passing, start: { edits: [{ set: '/side/red/pointz', value: 1 }, { remove: '/side/blu' }, { add: '/side/red/at', value: 'x' }] } })),
    [
      { code: 'bad-edit', path: '$.start.edits[0].set', suggestion: 'points' },
      { code: 'bad-edit', path: '$.start.edits[1].remove', suggestion: 'blue' },
      { code: 'bad-edit', path: '$.start.edits[2].add' },
    ],
  );
  assert.deepEqual(
    problemsOf(runCase(duel, edited((c) => {
      c.steps[1]!.orders = { rde: 'bid 1', blue: 'bid 0' } as never;
      c.steps[1]!.refused = [{ seat: 'bleu', orders: 'bid 1', code: 'x' }] as never;
    }))),
    [
      { code: 'unknown-seat', path: '$.steps[1].orders.rde', suggestion: 'red' },
      { code: 'unknown-seat', path: '$.steps[1].refused[0].seat', suggestion: 'blue' },
    ],
  );
  assert.deepEqual(problemsOf(runCase(duel, edited((c) => (c.steps[2]!.orders = { blue: 'hold' } as never)))), [{ code: 'not-this-step', path: '$.steps[2].orders.blue' }]);
  assert.deepEqual(problemsOf(runCase(duel, edited((c) => (c.steps[2]!.step = 't1.blue-move')))), [{ code: 'wrong-step', path: '$.steps[2].step' }]);
  assert.deepEqual(
    problemsOf(runCase(duel, failing, { eventTypes: ['upkeep', 'bid', 'roll', 'note', 'move', 'fire', 'pass', 'skirmish', 'phase', 'no-orders'] })),
    [
      { code: 'unknown-event-type', path: '$.steps[1].expect.events[1].type', suggestion: 'bid' },
    ],
  );
});
