import { hexBoard, shelf } from '../data/files.js';
import { hexFacts, isPlayable } from '../base/hexes.js';

/**
 * Clauses: VV-ZEP-12, VV-ZEP-15, VV-ZEP-36, VV-ZEP-37, VV-ZEP-38, VV-ETH-05.
 * How air pieces (Zeppelins and Ether Flyers) fly: one movement point a hex whatever the terrain, over land, sea,
 * rivers and all-sea hexsides alike (VV-ZEP-12, VV-ETH-05), and across the Channel by the link between the maps:
 * Dover counts as the West Front's N-arrow hex, so a flight from W7005 enters Dover at once and one from Dover enters
 * W7005, each for one hex (VV-ZEP-36 to VV-ZEP-38; Ether Flyers cross the same way, D-AMB-32, D-AMB-41). A flight may
 * pass over sea and neutral hexes but ends only on a land hex of a belligerent (VV-ZEP-15, D-AMB-32). Hexes a rule bars
 * to air pieces (a Storm, a generator for Ether Flyers: VV-WCPD-15, VV-VDG-12, D-AMB-60) are neither entered nor flown
 * through.
 */

interface FlightGrid {
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** Flight neighbours of hex i: every hexside and the link, next[start[i]] up to next[start[i + 1] - 1]. */
  readonly start: Int32Array;
  readonly next: Int32Array;
  /** A hex a flight may end on (VV-ZEP-15). */
  readonly landing: Uint8Array;
}

const flightGrid = shelf.derive((): FlightGrid => {
  const board = hexBoard();
  const ids = board.ids;
  const index = new Map(ids.map((id, i) => [id, i]));
  const start = new Int32Array(ids.length + 1);
  const next: number[] = [];
  const landing = new Uint8Array(ids.length);
  ids.forEach((id, i) => {
    start[i] = next.length;
    landing[i] = isPlayable(hexFacts(id)) ? 1 : 0;
    for (const step of board.steps(id)) next.push(index.get(step.to.id)!);
  });
  start[ids.length] = next.length;
  return { ids, index, start, next: Int32Array.from(next), landing };
});

/** Whether an air piece may end a flight on a hex: land of a belligerent, not sea or a neutral's (VV-ZEP-15). */
export const mayEndFlight = (hex: string): boolean => {
  const g = flightGrid();
  const i = g.index.get(hex);
  return i !== undefined && g.landing[i] === 1;
};

/**
 * The hexes a flight of at most `range` hexes from `from` reaches, each with the fewest hexes flown to it, the start
 * included at 0; hexes in `barred` are never entered (so never flown through). Sea and neutral hexes are in the answer
 * when flown over: ask mayEndFlight before ending a flight on one.
 */
export function flightReach(from: string, range: number, barred: ReadonlySet<string> = new Set()): Map<string, number> {
  const g = flightGrid();
  const out = new Map<string, number>();
  const s = g.index.get(from);
  if (s === undefined) return out;
  const dist = new Int32Array(g.ids.length).fill(-1);
  const queue = new Int32Array(g.ids.length);
  let head = 0;
  let tail = 0;
  dist[s] = 0;
  queue[tail++] = s;
  while (head < tail) {
    const y = queue[head++]!;
    const d = dist[y]!;
    out.set(g.ids[y]!, d);
    if (d >= range) continue;
    for (let k = g.start[y]!; k < g.start[y + 1]!; k++) {
      const x = g.next[k]!;
      if (dist[x]! >= 0 || barred.has(g.ids[x]!)) continue;
      dist[x] = d + 1;
      queue[tail++] = x;
    }
  }
  return out;
}

/** The hexes flown between two hexes (barred hexes avoided), or undefined when none is within `range`. */
export function flightDistance(from: string, to: string, range: number, barred?: ReadonlySet<string>): number | undefined {
  return flightReach(from, range, barred).get(to);
}
