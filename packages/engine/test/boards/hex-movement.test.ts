import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cheapestHexPath, hexSteps, movementRange, zoneOfControl, type HexStep, type MovementRules } from '../../src/index.js';
import { loadTestBoard } from '../fixtures/hex-board.js';

const board = loadTestBoard();

/** A ruleset's prices: terrain on entering, +1 across a river unless bridged, no major river, no all-sea side, 1 to cross the Channel. */
const TERRAIN: Readonly<Record<string, number>> = { clear: 1, forest: 2, mountain: 3, sea: Infinity };
const cost = (step: HexStep): number => {
  if (step.crossing.link) return 1;
  const sides = step.crossing.features;
  if (sides.includes('all-sea') || sides.includes('major-river')) return Infinity;
  const river = sides.includes('river') && !sides.includes('bridge') ? 1 : 0;
  return (TERRAIN[step.to.terrain] ?? Infinity) + river;
};
const plain: MovementRules = { cost };

describe('movement by points', () => {
  it('entering a hex costs its terrain, and the start costs nothing', () => {
    const reach = movementRange(board, 'W6704', 3, plain);
    assert.deepEqual(reach.get('W6704'), { id: 'W6704', cost: 0, path: ['W6704'], ended: false });
    assert.equal(reach.get('W6705')?.cost, 3, 'mountain');
    assert.equal(reach.get('W6604')?.cost, 1, 'clear');
    assert.equal(movementRange(board, 'W6704', 2, plain).has('W6705'), false, 'a mountain needs 3 points');
  });

  it('a hexside feature adds to the cost (a river) or forbids the step (a major river, an all-sea side)', () => {
    assert.equal(movementRange(board, 'W6801', 2, plain).get('W6901')?.cost, 2, 'across a river');
    assert.equal(movementRange(board, 'W6802', 1, plain).get('W6902')?.cost, 1, 'a bridge spans the river');
    const around = cheapestHexPath(board, 'W6803', 'W6903', plain);
    assert.deepEqual(around, { id: 'W6903', cost: 3, path: ['W6803', 'W6902', 'W6903'], ended: false });
    const sea = cheapestHexPath(board, 'W7003', 'W7103', plain);
    assert.ok(sea && sea.path.length > 2, 'never straight across the all-sea side');
  });

  it('a forbidden hex (sea) is never reached, however large the allowance', () => {
    const reach = movementRange(board, 'W6601', 100, plain);
    for (const sea of ['W7201', 'W7301', 'W7302', 'B1308', 'B1408']) assert.equal(reach.has(sea), false, sea);
    assert.equal(reach.size, board.ids.length - 5);
  });

  it('a link between maps is a step like any other: the Channel crossing from W7005 to B1207', () => {
    const reach = movementRange(board, 'W7005', 2, plain);
    assert.deepEqual(reach.get('B1207')?.path, ['W7005', 'B1207']);
    assert.equal(reach.get('B1107')?.cost, 2);
  });

  it('a step that ends the move (entering an enemy zone of control) reaches the hex, but no step leaves it', () => {
    const enemyZone = zoneOfControl(board, ['W7103'], { reaches: (s) => !s.crossing.features.includes('all-sea') });
    const rules: MovementRules = { cost, endsMove: (s) => enemyZone.has(s.to.id) };
    const reach = movementRange(board, 'W6904', 4, rules);
    for (const id of enemyZone.keys()) {
      const r = reach.get(id);
      if (r) assert.equal(r.ended, true, id);
    }
    for (const r of reach.values()) assert.ok(r.path.slice(1, -1).every((id) => !enemyZone.has(id)), `${r.id} passes through the zone`);
    assert.equal(reach.get('W7004')?.ended, true);
    assert.equal(reach.has('W7103'), false, 'every way in crosses the zone or the all-sea side');
    const fromZone = movementRange(board, 'W7004', 4, rules);
    assert.equal(fromZone.get('W7104')?.ended, true, 'leaving the zone is free, entering it again ends the move');
  });

  it('a hex reached as cheaply by a step that ends the move as by one that does not is left open', () => {
    // W6902 is reached for 2 from W6803 across the river (ending the move) and for 2 over the bridge from W6802
    const unbridged = (s: HexStep) => s.crossing.features.includes('river') && !s.crossing.features.includes('bridge');
    const rules: MovementRules = { cost, endsMove: unbridged };
    const reach = movementRange(board, 'W6803', 3, rules);
    assert.equal(reach.get('W6902')?.ended, false);
    assert.deepEqual(reach.get('W6902')?.path, ['W6803', 'W6802', 'W6902']);
    assert.equal(reach.get('W6901')?.cost, 3);
  });

  it('paths and costs are the same on every run, ties going by hex id', () => {
    const first = [...movementRange(board, 'W6601', 6, plain).values()];
    const again = [...movementRange(board, 'W6601', 6, plain).values()];
    assert.deepEqual(first, again);
    assert.deepEqual(first.map((r) => r.id), first.map((r) => r.id).sort());
  });

  it('an unknown start reaches nothing', () => {
    assert.equal(movementRange(board, 'W9999', 5, plain).size, 0);
    assert.equal(cheapestHexPath(board, 'W6601', 'W9999', plain), undefined);
  });
});

describe('movement properties', () => {
  const hexId = fc.constantFrom(...board.ids);
  const allowance = fc.integer({ min: 0, max: 8 });
  const pathCost = (path: readonly string[]) =>
    path.slice(1).reduce((sum, id, i) => sum + cost(board.steps(path[i]!).find((s) => s.to.id === id)!), 0);

  it('a movement search never returns a hex costing more than the allowance; a path is a chain of steps costing what it says', () => {
    fc.assert(
      fc.property(hexId, allowance, (from, mp) => {
        const reach = movementRange(board, from, mp, plain);
        for (const r of reach.values()) {
          assert.ok(r.cost <= mp);
          assert.equal(r.path[0], from);
          assert.equal(r.path.at(-1), r.id);
          for (let i = 1; i < r.path.length; i++) assert.ok(board.crossing(r.path[i - 1]!, r.path[i]!));
          assert.equal(pathCost(r.path), r.cost);
          // no cheaper way: one more step from any reached hex never beats the cost found for its neighbour
          for (const step of board.steps(r.id)) {
            const further = r.cost + cost(step);
            if (further <= mp) assert.ok(reach.get(step.to.id)!.cost <= further, `${r.id} → ${step.to.id}`);
          }
        }
      }),
    );
  });

  it('the cheapest path to a hex costs what the movement range says, and a larger allowance never loses a hex', () => {
    fc.assert(
      fc.property(hexId, hexId, allowance, (from, to, mp) => {
        const small = movementRange(board, from, mp, plain);
        const large = movementRange(board, from, mp + 2, plain);
        for (const [id, r] of small) assert.equal(large.get(id)?.cost, r.cost);
        const best = cheapestHexPath(board, from, to, plain);
        assert.equal(best?.cost, movementRange(board, from, Infinity, plain).get(to)?.cost);
      }),
      { numRuns: 60 },
    );
  });

  it('rules given as tables of every step give the same ranges and paths as rules given as functions', () => {
    const numbered = hexSteps(board);
    assert.equal(numbered.steps.length, numbered.start[board.ids.length]);
    fc.assert(
      fc.property(hexId, hexId, allowance, fc.subarray([...board.ids], { maxLength: 12 }), (from, to, mp, zoneFrom) => {
        const zone = zoneOfControl(board, zoneFrom);
        const asFunctions: MovementRules = { cost, endsMove: (s) => zone.has(s.to.id) };
        const asTables: MovementRules = {
          cost: () => {
            throw new Error('the tables are read instead');
          },
          tables: {
            price: Float64Array.from(numbered.steps, cost),
            ends: Uint8Array.from(numbered.steps, (s) => (zone.has(s.to.id) ? 1 : 0)),
          },
        };
        assert.deepEqual([...movementRange(board, from, mp, asTables)], [...movementRange(board, from, mp, asFunctions)]);
        assert.deepEqual(cheapestHexPath(board, from, to, asTables, mp), cheapestHexPath(board, from, to, asFunctions, mp));
      }),
      { numRuns: 60 },
    );
  });
});
