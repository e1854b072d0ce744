import type { SupplyGrid } from './grid.js';

/**
 * Clauses: VB-SUP-05, VB-SUP-06, VB-HQ-04.
 * Which hexes a supply path of any length reaches from a side's working ultimate sources: the question behind every
 * supply point and supplied HQ (VB-SUP-06, VB-HQ-04). A hex is reached when it is a source or next to a hex the path
 * may enter and reaches (the hex a path ends in is not judged, VB-SUP-05), as `spread` in grid.ts answers it.
 *
 * A Combat Phase asks it after every combat, and a combat changes a few hexes: so the answer last found for each side is
 * kept with what it was found from, and a new question with the same sources starts from it when it can. Hexes that
 * became enterable only add to the reach (the search goes on from those already reached); a hex that became
 * unenterable where the search went through may cut a path, and then the whole search runs again. Either way the answer
 * is the one a search from scratch gives.
 */

interface Found {
  readonly sources: string;
  readonly enterable: Uint8Array;
  readonly reached: Uint8Array;
}

const lastFound = new WeakMap<SupplyGrid, Map<string, Found>>();

/** 1 for each hex a path from the sources reaches, the sources included, over the hexes `enterable` marks. */
export function sourceReach(grid: SupplyGrid, lane: string, sources: readonly number[], enterable: Uint8Array): Uint8Array {
  const kept = lastFound.get(grid) ?? lastFound.set(grid, new Map()).get(grid)!;
  const key = sources.join(',');
  const last = kept.get(lane);
  const reached = (last && last.sources === key && extended(grid, last, enterable)) || searched(grid, sources, enterable);
  kept.set(lane, { sources: key, enterable: enterable.slice(), reached });
  return reached;
}

/** The last answer carried over to new enterable hexes, or undefined when a hex the search went through was closed. */
function extended(grid: SupplyGrid, last: Found, enterable: Uint8Array): Uint8Array | undefined {
  const was = last.enterable;
  const reached = last.reached.slice();
  const queue = queueFor(reached.length);
  let tail = 0;
  for (let i = 0; i < reached.length; i++) {
    if (was[i] === enterable[i]) continue;
    // The search went on from every reached hex it could enter: closing one may cut what lies beyond.
    if (was[i]) {
      if (reached[i]) return undefined;
    } else if (reached[i]) queue[tail++] = i;
  }
  go(grid, reached, enterable, queue, tail);
  return reached;
}

function searched(grid: SupplyGrid, sources: readonly number[], enterable: Uint8Array): Uint8Array {
  const reached = new Uint8Array(grid.ids.length);
  const queue = queueFor(reached.length);
  let tail = 0;
  for (const s of sources) {
    if (reached[s]) continue;
    reached[s] = 1;
    queue[tail++] = s;
  }
  go(grid, reached, enterable, queue, tail);
  return reached;
}

// One queue for every search (each runs to its end before another starts); a hex joins it at most once a search.
let sharedQueue = new Int32Array(0);
const queueFor = (n: number): Int32Array => (sharedQueue.length === n ? sharedQueue : (sharedQueue = new Int32Array(n)));

/** Breadth first from the queued hexes (reached already): on from each one the path may enter. */
function go(grid: SupplyGrid, reached: Uint8Array, enterable: Uint8Array, queue: Int32Array, queued: number): void {
  const start = grid.supplyStart;
  const next = grid.supplyNext;
  let tail = queued;
  for (let head = 0; head < tail; head++) {
    const y = queue[head]!;
    if (!enterable[y]) continue;
    for (let k = start[y]!; k < start[y + 1]!; k++) {
      const x = next[k]!;
      if (reached[x]) continue;
      reached[x] = 1;
      queue[tail++] = x;
    }
  }
}
