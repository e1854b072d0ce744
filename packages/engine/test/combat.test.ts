import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allocateLosses, rollPool, ScriptedDice, type LossUnit, type PhaseContext } from '../src/index.js';

/** A phase context with scripted dice that records what was rolled. */
function scriptedContext(script: number[]): { ctx: PhaseContext; rolled: { sides: number; purpose: string; value: number }[] } {
  const dice = new ScriptedDice(script);
  const rolled: { sides: number; purpose: string; value: number }[] = [];
  const ctx: PhaseContext = {
    step: { id: 't1.test', turn: 1, segment: 'test', seats: [], phases: ['test'] },
    turn: 1,
    options: {},
    standing: () => undefined,
    roll(sides, purpose) {
      const value = dice.roll(sides);
      rolled.push({ sides, purpose, value });
      return value;
    },
    rollDice(count, sides, purpose) {
      return Array.from({ length: count }, () => ctx.roll(sides, purpose));
    },
    emit() {},
    decide() {
      throw new Error('no decisions here');
    },
  };
  return { ctx, rolled };
}

describe('rollPool', () => {
  it('hits on a roll at or under the value, one die per entry unless told', () => {
    const { ctx, rolled } = scriptedContext([3, 4, 1, 6, 5]);
    const r = rollPool(
      ctx,
      [
        { label: 'infantry', value: 3, dice: 2 },
        { label: 'artillery', value: 0 },
        { label: 'tank', value: 5, dice: 2 },
      ],
      { purpose: 'Germany attacks Warsaw' },
    );
    assert.deepEqual(r.rolls, [
      { label: 'infantry', value: 3, roll: 3, hit: true },
      { label: 'infantry', value: 3, roll: 4, hit: false },
      { label: 'artillery', value: 0, roll: 1, hit: false },
      { label: 'tank', value: 5, roll: 6, hit: false },
      { label: 'tank', value: 5, roll: 5, hit: true },
    ]);
    assert.equal(r.hits, 2);
    assert.deepEqual(
      rolled.map((x) => [x.sides, x.purpose]),
      [
        [10, 'Germany attacks Warsaw: infantry die 1'],
        [10, 'Germany attacks Warsaw: infantry die 2'],
        [10, 'Germany attacks Warsaw: artillery'],
        [10, 'Germany attacks Warsaw: tank die 1'],
        [10, 'Germany attacks Warsaw: tank die 2'],
      ],
    );
  });

  it('never hits with value 0, even on a 1', () => {
    const { ctx } = scriptedContext([1, 1, 1]);
    assert.equal(rollPool(ctx, [{ label: 'sub', value: 0, dice: 3 }], { purpose: 'x' }).hits, 0);
  });

  it('always hits when the value is the number of sides', () => {
    const { ctx, rolled } = scriptedContext([6, 6]);
    assert.equal(rollPool(ctx, [{ label: 'guns', value: 6, dice: 2 }], { purpose: 'x', sides: 6 }).hits, 2);
    assert.ok(rolled.every((x) => x.sides === 6));
  });

  it('rolls nothing for an empty pool or zero dice', () => {
    const { ctx, rolled } = scriptedContext([]);
    assert.deepEqual(rollPool(ctx, [{ label: 'none', value: 3, dice: 0 }], { purpose: 'x' }), { hits: 0, rolls: [] });
    assert.deepEqual(rollPool(ctx, [], { purpose: 'x' }), { hits: 0, rolls: [] });
    assert.equal(rolled.length, 0);
  });
});

describe('allocateLosses', () => {
  const inf = (id: string, extra: Partial<LossUnit> = {}): LossUnit => ({ id, type: 'infantry', hitPoints: 1, damage: 0, ...extra });
  const tank = (id: string, extra: Partial<LossUnit> = {}): LossUnit => ({ id, type: 'tank', hitPoints: 1, damage: 0, ...extra });
  const bb = (id: string, extra: Partial<LossUnit> = {}): LossUnit => ({ id, type: 'battleship', hitPoints: 2, damage: 0, ...extra });

  it('takes units in the loss order, by type', () => {
    const units = [tank('t1'), inf('i1'), tank('t2'), inf('i2')];
    assert.deepEqual(allocateLosses(units, 3, ['infantry', 'tank']), { destroyed: ['i1', 'i2', 't1'], damaged: {}, unused: 0 });
    assert.deepEqual(allocateLosses(units, 1, ['tank', 'infantry']), { destroyed: ['t1'], damaged: {}, unused: 0 });
  });

  it('lets unit ids in the order come before types, and unlisted units come last in force order', () => {
    const units = [inf('i1'), inf('i2'), tank('t1'), { id: 'f1', type: 'fighter', hitPoints: 1, damage: 0 }];
    assert.deepEqual(allocateLosses(units, 2, ['i2', 'tank']).destroyed, ['i2', 't1']);
    assert.deepEqual(allocateLosses(units, 4, ['tank']).destroyed, ['t1', 'i1', 'i2', 'f1']);
  });

  it('without damageFirst, soaks hits in a multi-hit unit before moving on', () => {
    const r = allocateLosses([bb('b1'), inf('i1')], 1, ['battleship', 'infantry']);
    assert.deepEqual(r, { destroyed: [], damaged: { b1: 1 }, unused: 0 });
    assert.deepEqual(allocateLosses([bb('b1'), inf('i1')], 2, ['battleship', 'infantry']), { destroyed: ['b1'], damaged: {}, unused: 0 });
    assert.deepEqual(allocateLosses([inf('i1'), bb('b1')], 1, ['infantry', 'battleship']), { destroyed: ['i1'], damaged: {}, unused: 0 });
  });

  it('with damageFirst, a multi-hit unit takes a damaging first hit before anything is destroyed', () => {
    const units = [inf('i1'), bb('b1'), bb('b2')];
    assert.deepEqual(allocateLosses(units, 1, ['infantry', 'battleship'], { damageFirst: true }), { destroyed: [], damaged: { b1: 1 }, unused: 0 });
    assert.deepEqual(allocateLosses(units, 2, ['infantry', 'battleship'], { damageFirst: true }), { destroyed: [], damaged: { b1: 1, b2: 1 }, unused: 0 });
    assert.deepEqual(allocateLosses(units, 3, ['infantry', 'battleship'], { damageFirst: true }), { destroyed: ['i1'], damaged: { b1: 1, b2: 1 }, unused: 0 });
    assert.deepEqual(allocateLosses(units, 4, ['infantry', 'battleship'], { damageFirst: true }), { destroyed: ['i1', 'b1'], damaged: { b2: 1 }, unused: 0 });
  });

  it('counts damage a unit already has', () => {
    const units = [bb('b1', { damage: 1 }), inf('i1')];
    assert.deepEqual(allocateLosses(units, 1, ['battleship'], { damageFirst: true }), { destroyed: ['b1'], damaged: {}, unused: 0 });
    assert.deepEqual(allocateLosses([bb('b1', { damage: 2 }), inf('i1')], 1, ['battleship']), { destroyed: ['i1'], damaged: {}, unused: 0 }, 'a wreck is not hit again');
  });

  it('never chooses a unit that cannot be a casualty', () => {
    const units = [inf('i1', { canBeCasualty: false }), tank('t1'), { id: 'hq', type: 'hq', hitPoints: 1, damage: 0, canBeCasualty: false }];
    assert.deepEqual(allocateLosses(units, 3, ['infantry', 'hq', 'tank']), { destroyed: ['t1'], damaged: {}, unused: 2 });
  });

  it('reports hits left over when the force is gone', () => {
    assert.deepEqual(allocateLosses([inf('i1'), bb('b1')], 5, []), { destroyed: ['i1', 'b1'], damaged: {}, unused: 2 });
    assert.deepEqual(allocateLosses([], 2, ['infantry']), { destroyed: [], damaged: {}, unused: 2 });
    assert.deepEqual(allocateLosses([inf('i1')], 0, ['infantry']), { destroyed: [], damaged: {}, unused: 0 });
  });

  it('does not change the units it is given', () => {
    const units = [bb('b1'), inf('i1')];
    const before = JSON.stringify(units);
    allocateLosses(units, 3, ['battleship'], { damageFirst: true });
    assert.equal(JSON.stringify(units), before);
  });
});
