import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildTurnReport,
  recordPositions,
  createGame,
  describeEventGeneric,
  ok,
  openStep,
  renderTable,
  receiptOf,
  renderTurnReport,
  replay,
  resolveStep,
  scriptedContext,
  submitOrders,
  type Game,
  type Ruleset,
} from '../src/index.js';

/** A one-seat-a-turn game just big enough for reports: each seat rolls a public and a secret die. */
type S = { scores: Record<string, number> };
type O = { call: string };
const secretive: Ruleset<S, O> = {
  id: 'secretive',
  version: '1',
  title: 'Secretive',
  scenarios: ['only'],
  defaultScenario: 'only',
  options: [],
  setup: () => ok({ scores: { north: 0, south: 0 } }),
  seats: () => ['north', 'south'],
  turnPlan: () => [{ kind: 'orders', id: 'orders', seats: ['north', 'south'], phases: ['roll'] }],
  phases: {
    roll(state, orders, ctx) {
      for (const seat of ['north', 'south']) {
        const open = ctx.roll(6, `${seat} rolls in the open`);
        const hidden = ctx.roll(6, `${seat} rolls in secret`, { visibleTo: [seat] });
        state.scores[seat] = (state.scores[seat] ?? 0) + open + hidden;
        ctx.emit({ type: 'call', seat, call: orders.get(seat)?.call ?? '', visibleTo: [seat] });
      }
    },
  },
  result: (_s, next) => (next > 2 ? { winners: [], summary: 'two turns played' } : null),
  parseOrders: (text) => ok({ call: text.trim() }),
  checkOrders: (o) => ok(o as O),
  formatOrders: (o) => `call ${o.call}`,
  emptyOrders: () => ({ call: '' }),
  legalActions: () => [],
  describeEvent: (e) => (e.type === 'call' ? `${String(e.seat)} called '${String(e.call)}'` : undefined),
  describeState: (state, seat) => [{ title: 'Scores', lines: Object.entries(state.scores).filter(([s]) => seat === undefined || s === seat).map(([s, v]) => `${s}: ${v}`) }],
  turnLabel: (turn, state) => `Round ${turn} (total so far ${Object.values(state.scores).reduce((a, b) => a + b, 0)})`,
};

function played(): Game<S> {
  const game = createGame<S>(secretive, { gameId: 'r', dice: { mode: 'scripted', script: [1, 2, 3, 4, 5, 6, 1, 2] } });
  assert.ok(game.ok);
  let g = game.value;
  for (let turn = 1; turn <= 2; turn++) {
    const opened = openStep(secretive, g);
    assert.ok(opened.ok);
    const sent = submitOrders(secretive, opened.value, 'north', { text: 'heads' });
    assert.ok(sent.ok);
    const r = resolveStep(secretive, sent.value.game);
    assert.ok(r.ok);
    g = r.value.game;
  }
  return g;
}

describe('turn reports', () => {
  it('show a seat its own secret rolls and events, never the other seat\'s', () => {
    const game = played();
    const north = buildTurnReport(secretive, game.record, { turn: 1, seat: 'north' });
    const texts = north.steps.flatMap((s) => s.events.map((e) => e.text));
    assert.ok(texts.includes('d6 rolled 2: north rolls in secret'));
    assert.ok(!texts.some((t) => t.includes('south rolls in secret')));
    assert.ok(texts.includes('d6 rolled 3: south rolls in the open'));
    assert.ok(texts.includes("north called 'heads'"));
    assert.ok(!texts.some((t) => t.startsWith('south called')));
    const umpire = buildTurnReport(secretive, game.record, { turn: 1 });
    assert.ok(umpire.steps[0]!.events.some((e) => e.text === 'd6 rolled 4: south rolls in secret'), 'the umpire sees everything');
  });

  it('leave out the heading of a phase in which the reader sees nothing happen', () => {
    const game = played();
    const step = game.record.steps[0]!;
    // A second phase in which only south's secret event happens: north's report has no heading for it.
    const record = { ...game.record, steps: [{ ...step, events: [...step.events, { type: 'phase', phase: 'quiet' }, { type: 'call', seat: 'south', call: 'x', visibleTo: ['south'] }] }, ...game.record.steps.slice(1)] };
    const positions = recordPositions(secretive, game.record);
    const north = buildTurnReport(secretive, record, { turn: 1, seat: 'north', positions });
    const south = buildTurnReport(secretive, record, { turn: 1, seat: 'south', positions });
    const headings = (r: typeof north) => r.steps[0]!.events.filter((e) => e.type === 'phase').map((e) => e.text);
    assert.deepEqual(headings(north), ['— roll —']);
    assert.deepEqual(headings(south), ['— roll —', '— quiet —']);
  });

  it('name the turn from the state, show the state as the ruleset describes it, and the result at the end', () => {
    const game = played();
    const r1 = buildTurnReport(secretive, game.record, { turn: 1, seat: 'south' });
    assert.equal(r1.title, 'Round 1 (total so far 10)');
    assert.deepEqual(r1.sections, [{ title: 'Scores', lines: ['south: 7'] }]);
    const r2 = buildTurnReport(secretive, game.record, {});
    assert.equal(r2.turn, 2, 'the last resolved turn by default');
    assert.equal(r2.result?.summary, 'two turns played');
    assert.equal(r1.result, undefined);
  });

  it('show a seat its own orders in their text form, only the receipts of the others, and the seats that sent nothing', () => {
    const report = buildTurnReport(secretive, played().record, { turn: 1, seat: 'north' });
    const orders = report.steps[0]!.orders;
    assert.deepEqual(orders.map((o) => [o.seat, o.source, o.text]), [['north', 'player', 'call heads'], ['south', 'default', undefined]]);
    assert.match(orders[1]!.orderHash, /^[0-9a-f]{64}$/);
    // the receipt each seat was given, which binds the step, the seat and who sent the orders (record format 2)
    const record = played().record;
    const at = record.steps.findIndex((s) => s.id === report.steps[0]!.id);
    assert.deepEqual(orders.map((o) => o.receipt), record.steps[at]!.submissions.map((sub) => receiptOf(record, at, sub)));
    assert.notEqual(orders[0]!.receipt, orders[0]!.orderHash);
    assert.ok(renderTurnReport(report, 'text').includes(`receipt ${orders[0]!.receipt.slice(0, 16)}`));
    const umpire = buildTurnReport(secretive, played().record, { turn: 1 });
    assert.deepEqual(umpire.steps[0]!.orders.map((o) => o.text), ['call heads', 'call ']);
    assert.ok(report.steps[0]!.events.some((e) => e.text === 'No orders from south: its empty orders stand.'));
  });

  it('render as text, Markdown and JSON', () => {
    const report = buildTurnReport(secretive, played().record, { turn: 2, seat: 'north' });
    const text = renderTurnReport(report, 'text');
    assert.match(text, /^r: Round 2 .* — report for north\n=+/);
    assert.match(text, /What happened:\n {2}No orders from south: its empty orders stand.\n {2}— roll —\n {2}d6 rolled 5: north rolls in the open/);
    const md = renderTurnReport(report, 'markdown');
    assert.match(md, /^# r: Round 2/);
    assert.match(md, /## Scores/);
    assert.match(md, /## The game is over\n\ntwo turns played/);
    assert.deepEqual(JSON.parse(renderTurnReport(report, 'json')), JSON.parse(JSON.stringify(report)));
  });

  it('tables line up numbers to the right in text and become pipe tables in Markdown', () => {
    assert.deepEqual(renderTable(['name', 'n'], [['a', 1], ['bbb', 22]], false), ['  name  n', '  ----  --', '  a      1', '  bbb   22']);
    assert.deepEqual(renderTable(['name', 'n'], [['a', 1]], true), ['| name | n |', '|---|---|', '| a | 1 |']);
  });

  it('describe kernel events in plain words', () => {
    assert.equal(describeEventGeneric({ type: 'roll', sides: 10, value: 7, purpose: 'x' }), 'd10 rolled 7: x');
    assert.equal(describeEventGeneric({ type: 'decision', seat: 'a', kind: 'retreat', answer: 'stay', source: 'default' }), 'a decides retreat: "stay" (default)');
    assert.equal(describeEventGeneric({ type: 'other', n: 1, visibleTo: ['a'] }), 'other: {"n":1}');
  });
});

describe('replay hooks and the phase context for rule tests', () => {
  it('replay calls onStep with the position before and after every resolved step', () => {
    const game = played();
    const seen: [string, number, number][] = [];
    const report = replay(secretive, game.record, { onStep: (_i, step, before, after) => seen.push([step.id, before.clock.turn, after.clock.turn]) });
    assert.ok(report.ok);
    assert.deepEqual(seen, [['t1.orders', 1, 2], ['t2.orders', 2, 3]]);
  });

  it('scriptedContext rolls from the script, records rolls with their purpose and visibility, and answers decisions by default', () => {
    const ctx = scriptedContext([4, 9]);
    assert.equal(ctx.roll(10, 'first'), 4);
    assert.deepEqual(ctx.rollDice(1, 10, 'second', { visibleTo: ['x'] }), [9]);
    assert.equal(ctx.rolls(), 2);
    assert.deepEqual(ctx.events, [
      { type: 'roll', sides: 10, value: 4, purpose: 'first' },
      { type: 'roll', sides: 10, value: 9, purpose: 'second', visibleTo: ['x'] },
    ]);
    assert.equal(ctx.decide({ id: 'd', seat: 'x', kind: 'k', prompt: 'p', options: ['a', 'b'], default: 'b' }), 'b');
    assert.equal(ctx.decide({ id: 'e', seat: 'x', kind: 'k', prompt: 'p', options: ['a', 'b'], default: 'b', standing: 'a' }), 'a');
    assert.throws(() => ctx.roll(10, 'third'), /ran out/);
  });
});
