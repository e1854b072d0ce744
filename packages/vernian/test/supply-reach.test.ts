import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { spread, supplyGrid } from '../src/supply/grid.js';
import { sourceReach } from '../src/supply/reach.js';

// The reach of a side's sources kept from one question to the next (supply/reach.ts) against a search from scratch.
describe('supply reach kept between questions', () => {
  const grid = supplyGrid();
  const n = grid.ids.length;
  const fromScratch = (sources: readonly number[], enterable: Uint8Array) => {
    const dist = spread(grid.supplyStart, grid.supplyNext, sources, enterable);
    return Uint8Array.from(dist, (d) => (d >= 0 ? 1 : 0));
  };

  it('VB-SUP-05, VB-SUP-06: after hexes open and close a few at a time, the kept reach is the one a new search finds', () => {
    // A board mostly open, then changes of a few hexes each, as combats make them; now and then other sources.
    const change = fc.record({
      flips: fc.array(fc.nat(n - 1), { minLength: 1, maxLength: 12 }),
      newSources: fc.option(fc.array(fc.nat(n - 1), { minLength: 1, maxLength: 5 }), { freq: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.nat(n - 1), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(n - 1), { maxLength: 600 }),
        fc.array(change, { minLength: 1, maxLength: 15 }),
        (firstSources, closed, changes) => {
          let sources = firstSources;
          const enterable = Uint8Array.from(grid.playable);
          for (const i of closed) enterable[i] = 0;
          for (const c of [{ flips: [], newSources: null }, ...changes]) {
            for (const i of c.flips) enterable[i] = enterable[i] ? 0 : 1;
            if (c.newSources) sources = c.newSources;
            const kept = sourceReach(grid, 'test', sources, enterable);
            const fresh = fromScratch(sources, enterable);
            assert.deepEqual(kept, fresh);
          }
        },
      ),
      { numRuns: 60, seed: 20261128 },
    );
  });

  it('VB-SUP-06: closing a hex a path ran through cuts what lay beyond it; opening it again restores it', () => {
    // An inland hex of the West map (six land neighbours) as the one source.
    const neighbours = (i: number) => [...grid.supplyNext.subarray(grid.supplyStart[i]!, grid.supplyStart[i + 1]!)];
    const source = grid.ids.findIndex(
      (id, i) => id.startsWith('W') && grid.playable[i] && neighbours(i).length === 6 && neighbours(i).every((j) => grid.playable[j]),
    );
    const enterable = Uint8Array.from(grid.playable);
    const before = sourceReach(grid, 'line', [source], enterable);
    const far = before.reduce((a, b) => a + b, 0);
    assert.ok(far > 1000, `an open board is reached far and wide (${far} hexes)`);
    // Close every neighbour of the source: only the source and its neighbours (the ends of a path) are reached.
    const around = neighbours(source);
    for (const i of around) enterable[i] = 0;
    const cut = sourceReach(grid, 'line', [source], enterable);
    assert.equal(
      cut.reduce((a, b) => a + b, 0),
      1 + around.length,
    );
    for (const i of around) enterable[i] = 1;
    assert.deepEqual(sourceReach(grid, 'line', [source], enterable), before);
  });
});
