import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { advanceClock, currentStep, nextTurn, startClock, type Clock, type TurnPlan } from '../src/index.js';

const plan: TurnPlan = [
  { kind: 'orders', id: 'orders', seats: ['a', 'b'], phases: ['move', 'fight'] },
  { kind: 'orders', id: 'a-turn', seats: ['a'], phases: ['a1'] },
  { kind: 'orders', id: 'supply', seats: [], phases: ['supply'] },
  { kind: 'activations', id: 'naval', seats: ['a', 'b', 'c'], phase: 'act' },
];

/** Run the activation segment with the given pass pattern; returns the step ids and the final clock. */
function activations(p: TurnPlan, start: Clock, passes: boolean[]): { ids: string[]; seats: string[]; end: Clock } {
  let clock = start;
  const ids: string[] = [];
  const seats: string[] = [];
  for (const passed of passes) {
    const step = currentStep(p, clock);
    assert.ok(step, 'a step');
    ids.push(step.id);
    seats.push(step.seats[0]!);
    clock = advanceClock(p, clock, passed);
    if (clock.segment !== start.segment) break;
  }
  return { ids, seats, end: clock };
}

describe('currentStep', () => {
  it('names orders segments t<turn>.<segment> with all their seats and phases', () => {
    assert.deepEqual(currentStep(plan, startClock), { id: 't1.orders', turn: 1, segment: 'orders', seats: ['a', 'b'], phases: ['move', 'fight'] });
    assert.deepEqual(currentStep(plan, { turn: 4, segment: 1 }), { id: 't4.a-turn', turn: 4, segment: 'a-turn', seats: ['a'], phases: ['a1'] });
    assert.deepEqual(currentStep(plan, { turn: 2, segment: 2 })?.seats, []);
  });

  it('names activations t<turn>.<segment>.a<n> with one seat and the segment phase', () => {
    assert.deepEqual(currentStep(plan, { turn: 3, segment: 3 }), { id: 't3.naval.a1', turn: 3, segment: 'naval', seats: ['a'], phases: ['act'], activation: 1 });
    assert.deepEqual(currentStep(plan, { turn: 3, segment: 3, activation: { index: 2, passes: 1, made: 6 } }), {
      id: 't3.naval.a7',
      turn: 3,
      segment: 'naval',
      seats: ['c'],
      phases: ['act'],
      activation: 7,
    });
  });

  it('returns null past the end of the plan or for an activation segment without seats', () => {
    assert.equal(currentStep(plan, { turn: 1, segment: 4 }), null);
    assert.equal(currentStep([], startClock), null);
    assert.equal(currentStep([{ kind: 'activations', id: 'x', seats: [], phase: 'p' }], startClock), null);
  });
});

describe('advanceClock', () => {
  it('moves through orders segments one by one and reports the end of the turn', () => {
    let clock = advanceClock(plan, startClock, false);
    assert.deepEqual(clock, { turn: 1, segment: 1 });
    clock = advanceClock(plan, clock, true); // 'passed' means nothing outside activations
    assert.deepEqual(clock, { turn: 1, segment: 2 });
    clock = advanceClock(plan, clock, false);
    assert.deepEqual(clock, { turn: 1, segment: 3 });
    const done = advanceClock([plan[0]!], startClock, false);
    assert.equal(done.segment, 1, 'segment === plan.length: the turn is over');
    assert.deepEqual(nextTurn(done), { turn: 2, segment: 0 });
    assert.deepEqual(advanceClock(plan, { turn: 1, segment: 9 }, false), { turn: 1, segment: 9 }, 'past the plan: unchanged');
  });

  it('rotates activations through the seats in order', () => {
    const r = activations(plan, { turn: 1, segment: 3 }, [false, false, false, false, true, true, true]);
    assert.deepEqual(r.seats, ['a', 'b', 'c', 'a', 'b', 'c', 'a']);
    assert.deepEqual(r.ids, ['t1.naval.a1', 't1.naval.a2', 't1.naval.a3', 't1.naval.a4', 't1.naval.a5', 't1.naval.a6', 't1.naval.a7']);
    assert.deepEqual(r.end, { turn: 1, segment: 4 });
  });

  it('ends activations only when every seat has passed in a row', () => {
    // a passes, b passes, c acts: the count starts again
    const r = activations(plan, { turn: 1, segment: 3 }, [true, true, false, true, true, false, true, true, true, false]);
    assert.equal(r.ids.length, 9);
    assert.deepEqual(r.end, { turn: 1, segment: 4 });
  });

  it('ends at once when all seats pass straight away', () => {
    const r = activations(plan, { turn: 1, segment: 3 }, [true, true, true, true]);
    assert.equal(r.ids.length, 3);
    assert.equal(r.end.segment, 4);
  });

  it('keeps the pass count and position in the clock', () => {
    const c1 = advanceClock(plan, { turn: 1, segment: 3 }, true);
    assert.deepEqual(c1, { turn: 1, segment: 3, activation: { index: 1, passes: 1, made: 1 } });
    const c2 = advanceClock(plan, c1, false);
    assert.deepEqual(c2, { turn: 1, segment: 3, activation: { index: 2, passes: 0, made: 2 } });
  });

  it('stops after `limit` activations even if nobody passes', () => {
    const limited: TurnPlan = [{ kind: 'activations', id: 'air', seats: ['x', 'y'], phase: 'fly', limit: 5 }];
    const r = activations(limited, startClock, Array.from({ length: 20 }, () => false));
    assert.deepEqual(r.ids, ['t1.air.a1', 't1.air.a2', 't1.air.a3', 't1.air.a4', 't1.air.a5']);
    assert.deepEqual(r.seats, ['x', 'y', 'x', 'y', 'x']);
    assert.deepEqual(r.end, { turn: 1, segment: 1 });
  });

  it('gives unique step ids over a whole turn', () => {
    let clock: Clock = startClock;
    const ids: string[] = [];
    for (let guard = 0; guard < 100 && clock.segment < plan.length; guard++) {
      ids.push(currentStep(plan, clock)!.id);
      clock = advanceClock(plan, clock, guard >= 6);
    }
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(clock.segment, plan.length);
    assert.equal(ids.length, 3 + 3 + 3);
    assert.deepEqual(ids.slice(0, 4), ['t1.orders', 't1.a-turn', 't1.supply', 't1.naval.a1']);
  });
});
