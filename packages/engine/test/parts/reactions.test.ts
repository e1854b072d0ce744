import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { describeEventBy, invariantsBy, scriptedContext, sectionsBy, Switchboard, type RulePart } from '@umpire/engine';

type State = { log: string[]; track: number };
type Happening = { kind: 'war'; by: string; on: string } | { kind: 'peace'; a: string; b: string };
type Questions = { 'may-join': readonly [{ nation: string }, boolean]; bounds: readonly [{ wanted: number }, number] };
type Part = RulePart<State, Happening, Questions>;

const parts: readonly Part[] = [
  {
    id: 'diplomacy',
    reactions: { war: (s, _c, h) => void s.log.push(`diplomacy saw ${h.by}-${h.on}`) },
    adjustments: { 'may-join': (_s, q, may) => may && q.nation !== 'barred' },
    describeEvent: (e) => (e.type === 'war-declared' ? 'a war' : undefined),
    sections: () => [{ title: 'Diplomacy', lines: ['one'] }],
    invariants: (s) => (s.track > 10 ? ['track over 10'] : []),
  },
  {
    id: 'usa',
    reactions: {
      war: (s, ctx, h) => {
        s.log.push(`usa saw ${h.by}-${h.on}`);
        ctx.emit({ type: 'us-entry', by: h.by });
      },
      peace: (s, _c, h) => void s.log.push(`usa saw peace ${h.a}-${h.b}`),
    },
    adjustments: { bounds: (_s, _q, wanted) => Math.max(-10, Math.min(10, wanted)) },
    describeEvent: (e) => (e.type === 'war-declared' ? 'the USA hears of a war' : e.type === 'us-entry' ? 'US opinion moves' : undefined),
    sections: () => [{ title: 'US Entry', lines: ['two'] }],
    invariants: (s) => (s.track < -10 ? ['track under -10'] : []),
  },
  { id: 'spain', reactions: { war: (s) => void s.log.push('spain saw a war') } },
];

test('reactions: every part that reacts to a happening reacts, in the order of the list, and no other', () => {
  const board = new Switchboard<State, Happening, Questions>('test');
  board.install(parts);
  const state: State = { log: [], track: 0 };
  const ctx = scriptedContext([]);
  board.react(state, ctx, { kind: 'war', by: 'germany', on: 'france' });
  board.react(state, ctx, { kind: 'peace', a: 'germany', b: 'france' });
  assert.deepEqual(state.log, ['diplomacy saw germany-france', 'usa saw germany-france', 'spain saw a war', 'usa saw peace germany-france']);
  assert.deepEqual(ctx.events, [{ type: 'us-entry', by: 'germany' }]);
  assert.deepEqual(board.reactorsOf('war'), ['diplomacy', 'usa', 'spain']);
  assert.deepEqual(board.reactorsOf('peace'), ['usa']);
});

test('reactions: a question starts from the phase answer and each part with a say adjusts it in order', () => {
  const board = new Switchboard<State, Happening, Questions>('test');
  board.install(parts);
  const state: State = { log: [], track: 0 };
  assert.equal(board.adjust(state, 'may-join', { nation: 'italy' }, true), true);
  assert.equal(board.adjust(state, 'may-join', { nation: 'barred' }, true), false);
  assert.equal(board.adjust(state, 'may-join', { nation: 'italy' }, false), false, 'a part may keep a refusal');
  fc.assert(fc.property(fc.integer({ min: -1000, max: 1000 }), (wanted) => board.adjust(state, 'bounds', { wanted }, wanted) === Math.max(-10, Math.min(10, wanted))));
});

test('reactions: reacting before the parts are installed, or installing a second list, is refused with a clear error', () => {
  const board = new Switchboard<State, Happening, Questions>('great-war');
  assert.equal(board.installed, false);
  assert.throws(() => board.react({ log: [], track: 0 }, scriptedContext([]), { kind: 'war', by: 'a', on: 'b' }), /great-war: a phase reacted before the rule parts were installed/);
  assert.throws(() => board.adjust({ log: [], track: 0 }, 'bounds', { wanted: 1 }, 1), /before the rule parts were installed/);
  board.install(parts);
  board.install(parts); // the same list again changes nothing
  assert.throws(() => board.install([...parts]), /already installed/);
});

test('rule parts: event texts come from the first part that knows the event; sections and invariants from every part, in order', () => {
  const describe = describeEventBy(parts);
  assert.equal(describe({ type: 'war-declared' }), 'a war', 'the first part in the list wins');
  assert.equal(describe({ type: 'us-entry' }), 'US opinion moves');
  assert.equal(describe({ type: 'nothing' }), undefined);
  assert.deepEqual(sectionsBy(parts)({ log: [], track: 0 }, undefined).map((s) => s.title), ['Diplomacy', 'US Entry']);
  assert.deepEqual(invariantsBy(parts)({ log: [], track: 11 }), ['track over 10']);
  assert.deepEqual(invariantsBy(parts)({ log: [], track: -11 }), ['track under -10']);
  assert.deepEqual(invariantsBy(parts)({ log: [], track: 0 }), []);
});
