import { hexBoard, shelf } from '../data/files.js';
import { hexFacts, isPlayable } from '../base/hexes.js';
import { startingController, type Side } from '../base/sides.js';
import { isSourceHex } from './sources.js';

/**
 * Clauses: VB-SUP-05, VB-SUP-12, VB-MAP-05, VB-MAP-10, VB-ZOC-02.
 * The board as the supply searches read it, built once for each board: every hex a number, what the supply rules ask
 * of it in flat arrays, and two lists of neighbours. Supply neighbours are joined by a hexside that is not all-sea;
 * the link between the maps is never one, so no supply path, no HQ's reach and no zone of control crosses from one
 * map to the other (VB-MAP-10, VB-SUP-12). Land neighbours are the same, but only between land hexes: the "closer"
 * of VV-SUP-09 counts hexes over land (D-AMB-08).
 */

/** A side as the arrays keep it: 1 for the Germans, 2 for the Allies, 0 for nobody. */
export const sideCode = (side: Side | undefined): number => (side === 'germany' ? 1 : side === 'allies' ? 2 : 0);

export interface SupplyGrid {
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** Land and not neutral: a hex a supply path may enter when nothing else forbids it (VB-SUP-05). */
  readonly playable: Uint8Array;
  readonly land: Uint8Array;
  /** A town or a city (a board-edge city counts as a town, VB-MAP-07). */
  readonly townOrCity: Uint8Array;
  /** A city for every purpose: never a board-edge hex (VB-MAP-07, AMB-66). */
  readonly city: Uint8Array;
  /** Who holds the hex at the start of the game (VB-CTRL-01), as a side code. */
  readonly startSide: Uint8Array;
  /** The hexes that are a side's ultimate sources by the map alone (VB-SUP-02, VB-SUP-03, VV-SUP-05, VV-SUP-06). */
  readonly sources: Readonly<Record<Side, readonly number[]>>;
  /** Supply neighbours of hex i: supplyNext[supplyStart[i]] up to supplyNext[supplyStart[i + 1] - 1]. */
  readonly supplyStart: Int32Array;
  readonly supplyNext: Int32Array;
  /** Land neighbours of a land hex, in the same form. */
  readonly landStart: Int32Array;
  readonly landNext: Int32Array;
}

function buildGrid(): SupplyGrid {
  const board = hexBoard();
  const ids = board.ids;
  const n = ids.length;
  const index = new Map(ids.map((id, i) => [id, i]));
  const playable = new Uint8Array(n);
  const land = new Uint8Array(n);
  const townOrCity = new Uint8Array(n);
  const city = new Uint8Array(n);
  const startSide = new Uint8Array(n);
  const sources: Record<Side, number[]> = { germany: [], allies: [] };
  const supplyStart = new Int32Array(n + 1);
  const landStart = new Int32Array(n + 1);
  const supplyNext: number[] = [];
  const landNext: number[] = [];
  ids.forEach((id, i) => {
    const h = hexFacts(id);
    playable[i] = isPlayable(h) ? 1 : 0;
    land[i] = h?.land ? 1 : 0;
    townOrCity[i] = h?.town || h?.city ? 1 : 0;
    city[i] = h?.city ? 1 : 0;
    startSide[i] = sideCode(startingController(h?.nation));
    if (isSourceHex(h, 'germany')) sources.germany.push(i);
    if (isSourceHex(h, 'allies')) sources.allies.push(i);
    supplyStart[i] = supplyNext.length;
    landStart[i] = landNext.length;
    for (const step of board.steps(id)) {
      if (step.crossing.link !== undefined || step.crossing.features.includes('all-sea')) continue;
      const j = index.get(step.to.id)!;
      supplyNext.push(j);
      if (h?.land && hexFacts(step.to.id)?.land) landNext.push(j);
    }
  });
  supplyStart[n] = supplyNext.length;
  landStart[n] = landNext.length;
  return {
    ids,
    index,
    playable,
    land,
    townOrCity,
    city,
    startSide,
    sources,
    supplyStart,
    supplyNext: Int32Array.from(supplyNext),
    landStart,
    landNext: Int32Array.from(landNext),
  };
}

/** The supply grid of the board in force. */
export const supplyGrid = shelf.derive(buildGrid);

/**
 * Breadth first from every seed at once, over the given neighbours: the fewest hexes entered from each hex to the
 * nearest seed, or -1. A hex is entered only when `enterable` says so (the seeds too: a seed that may not be entered
 * still counts for a unit standing on it, since the start hex of a path is never judged, VB-SUP-05). The search goes
 * no further than `maxDepth` hexes.
 */
export function spread(
  start: Int32Array,
  next: Int32Array,
  seeds: Iterable<number>,
  enterable: Uint8Array | undefined,
  maxDepth = Infinity,
): Int32Array {
  const n = start.length - 1;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const s of seeds) {
    if (dist[s]! >= 0) continue;
    dist[s] = 0;
    queue[tail++] = s;
  }
  while (head < tail) {
    const y = queue[head++]!;
    const d = dist[y]!;
    // A path reaches the seed through y only if it may enter y.
    if (d >= maxDepth || (enterable && !enterable[y])) continue;
    for (let k = start[y]!; k < start[y + 1]!; k++) {
      const x = next[k]!;
      if (dist[x]! < 0) {
        dist[x] = d + 1;
        queue[tail++] = x;
      }
    }
  }
  return dist;
}
