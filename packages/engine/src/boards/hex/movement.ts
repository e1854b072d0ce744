import type { HexBoard, HexStep } from './board.js';

/**
 * Movement by points: where a unit can go from a hex with an allowance, at what cost and by which path. The
 * ruleset prices each step (terrain entered, hexside crossed, link followed) and says which steps end the move
 * (entering an enemy zone of control); the kit finds the cheapest ways (Dijkstra). Equal costs are settled in
 * hex id order, so the same board and rules always give the same paths.
 */
export interface MovementRules {
  /** The points a step costs; Infinity (or NaN, or a negative number) forbids it. */
  readonly cost: (step: HexStep) => number;
  /** Whether making this step ends the move: the hex is reached, but no further step leaves it. */
  readonly endsMove?: (step: HexStep) => boolean;
  /**
   * The same two answers for every step at once, numbered as `hexSteps(board)` numbers them: for a ruleset that
   * prices a whole phase's searches in one pass. When given, the searches read these and never call the functions.
   */
  readonly tables?: MovementTables;
}

/** A step's price and whether it ends the move, by step number (`HexSteps.steps[k]`). */
export interface MovementTables {
  readonly price: Float64Array;
  /** 1 when the step ends the move. */
  readonly ends: Uint8Array;
}

/**
 * The board as the searches walk it: hexes by number (in id order), every step numbered, hex i's steps being
 * `steps[start[i]]` up to `steps[start[i + 1] - 1]`, each reaching hex `to[k]`. Built once for each board.
 */
export interface HexSteps {
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly start: Int32Array;
  readonly steps: readonly HexStep[];
  readonly to: Int32Array;
}

const numbered = new WeakMap<HexBoard, HexSteps>();

/** The board's hexes and steps by number, for `MovementRules.tables`. */
export function hexSteps(board: HexBoard): HexSteps {
  const kept = numbered.get(board);
  if (kept) return kept;
  const ids = board.ids;
  const index = new Map(ids.map((id, i) => [id, i]));
  const start = new Int32Array(ids.length + 1);
  const steps: HexStep[] = [];
  ids.forEach((id, i) => {
    start[i] = steps.length;
    steps.push(...board.steps(id));
  });
  start[ids.length] = steps.length;
  const to = Int32Array.from(steps, (step) => index.get(step.to.id)!);
  const grid = { ids, index, start, steps, to };
  numbered.set(board, grid);
  return grid;
}

export interface HexReach {
  readonly id: string;
  /** The points spent to get there, 0 for the start. */
  readonly cost: number;
  /** The hexes from the start to this one, both included. */
  readonly path: readonly string[];
  /** The last step ended the move there. */
  readonly ended: boolean;
}

/**
 * Every hex reachable from `from` for at most `allowance` points, start included, in hex id order. A hex reached
 * as cheaply by a step that ends the move as by one that does not is reported as not ended.
 */
export function movementRange(board: HexBoard, from: string, allowance: number, rules: MovementRules): ReadonlyMap<string, HexReach> {
  const out = new Map<string, HexReach>();
  search(board, from, allowance, rules, undefined, (found) => {
    const reached: number[] = [];
    for (const i of found.touched) if (found.isOpen(i) || found.isStopped(i)) reached.push(i);
    reached.sort((a, b) => a - b);
    for (const i of reached) out.set(found.grid.ids[i]!, found.reachOf(i));
  });
  return out;
}

/** The cheapest way from one hex to another within `allowance` points (unbounded when left out), or undefined. */
export function cheapestHexPath(
  board: HexBoard,
  from: string,
  to: string,
  rules: MovementRules,
  allowance = Infinity,
): HexReach | undefined {
  let out: HexReach | undefined;
  search(board, from, allowance, rules, to, (found) => {
    const i = found.grid.index.get(to);
    if (i !== undefined && (found.isOpen(i) || found.isStopped(i))) out = found.reachOf(i);
  });
  return out;
}

/**
 * What one search found, read before the next search reuses the arrays: whether a hex was settled (`open`, moves may
 * go on from it) or reached by a step that ended the move (`stopped`), and the way there.
 */
interface Found {
  readonly grid: HexSteps;
  /** Every hex the search gave a cost to. */
  readonly touched: readonly number[];
  isOpen(i: number): boolean;
  isStopped(i: number): boolean;
  reachOf(i: number): HexReach;
}

/** Arrays a search works in, kept for each board and marked by search number instead of cleared. */
class Scratch {
  round = 0;
  busy = false;
  readonly openMark: Uint32Array;
  readonly tentativeMark: Uint32Array;
  readonly stoppedMark: Uint32Array;
  readonly tentativeCost: Float64Array;
  readonly tentativePrev: Int32Array;
  readonly stoppedCost: Float64Array;
  readonly stoppedPrev: Int32Array;
  constructor(n: number) {
    this.openMark = new Uint32Array(n);
    this.tentativeMark = new Uint32Array(n);
    this.stoppedMark = new Uint32Array(n);
    this.tentativeCost = new Float64Array(n);
    this.tentativePrev = new Int32Array(n);
    this.stoppedCost = new Float64Array(n);
    this.stoppedPrev = new Int32Array(n);
  }
}

const scratches = new WeakMap<HexBoard, Scratch>();

/**
 * Dijkstra over the hexes a move may go on from (`open`), with the hexes where a step ended the move kept apart
 * (`stopped`): no step leaves those, but a dearer arrival that does not end the move may still go on. Equal costs
 * are settled in hex id order. `read` sees the result before the arrays are given to another search.
 */
function search(
  board: HexBoard,
  from: string,
  allowance: number,
  rules: MovementRules,
  target: string | undefined,
  read: (found: Found) => void,
): void {
  const grid = hexSteps(board);
  const tables = rules.tables;
  const start = grid.index.get(from);
  const n = grid.ids.length;
  let w = scratches.get(board);
  // A search started from inside a rule's cost (never today) gets arrays of its own.
  if (!w || w.busy) {
    w = new Scratch(n);
    if (!scratches.has(board)) scratches.set(board, w);
  }
  if (w.round >= 0xfffffffe) {
    w.openMark.fill(0);
    w.tentativeMark.fill(0);
    w.stoppedMark.fill(0);
    w.round = 0;
  }
  const round = ++w.round;
  const s = w;
  const touched: number[] = [];
  const goal = target === undefined ? -1 : (grid.index.get(target) ?? -2);
  s.busy = true;
  try {
    if (start !== undefined) {
      const queue = new HexQueue();
      s.tentativeMark[start] = round;
      s.tentativeCost[start] = 0;
      s.tentativePrev[start] = -1;
      touched.push(start);
      queue.push(0, start);
      while (queue.size > 0) {
        const cost = queue.topCost();
        const i = queue.pop();
        if (s.openMark[i] === round) continue;
        if (goal !== -1 && s.stoppedMark[goal] === round && s.stoppedCost[goal]! < cost) break;
        s.openMark[i] = round;
        if (i === goal) break;
        for (let k = grid.start[i]!; k < grid.start[i + 1]!; k++) {
          const price = tables ? tables.price[k]! : rules.cost(grid.steps[k]!);
          if (!(price >= 0) || price === Infinity) continue;
          const total = cost + price;
          const to = grid.to[k]!;
          if (total > allowance || s.openMark[to] === round) continue;
          if (tables ? tables.ends[k] === 1 : rules.endsMove?.(grid.steps[k]!)) {
            if (s.stoppedMark[to] !== round || total < s.stoppedCost[to]!) {
              if (s.stoppedMark[to] !== round && s.tentativeMark[to] !== round) touched.push(to);
              s.stoppedMark[to] = round;
              s.stoppedCost[to] = total;
              s.stoppedPrev[to] = i;
            }
          } else if (s.tentativeMark[to] !== round || total < s.tentativeCost[to]!) {
            if (s.stoppedMark[to] !== round && s.tentativeMark[to] !== round) touched.push(to);
            s.tentativeMark[to] = round;
            s.tentativeCost[to] = total;
            s.tentativePrev[to] = i;
            queue.push(total, to);
          }
        }
      }
    }
    const isOpen = (i: number) => s.openMark[i] === round;
    const isStopped = (i: number) => s.stoppedMark[i] === round;
    read({
      grid,
      touched,
      isOpen,
      isStopped,
      reachOf(i) {
        const going = isOpen(i);
        const ending = isStopped(i);
        const ended = ending && (!going || s.stoppedCost[i]! < s.tentativeCost[i]!);
        const path = [grid.ids[i]!];
        for (let at = ended ? s.stoppedPrev[i]! : s.tentativePrev[i]!; at !== -1; at = s.tentativePrev[at]!) path.push(grid.ids[at]!);
        return { id: grid.ids[i]!, cost: ended ? s.stoppedCost[i]! : s.tentativeCost[i]!, path: path.reverse(), ended };
      },
    });
  } finally {
    s.busy = false;
  }
}

/** A binary heap of hexes by cost, then number (which is hex id order): the order in which Dijkstra settles them. */
class HexQueue {
  private readonly costs: number[] = [];
  private readonly hexes: number[] = [];

  get size(): number {
    return this.hexes.length;
  }

  topCost(): number {
    return this.costs[0]!;
  }

  private before(i: number, j: number): boolean {
    const a = this.costs[i]!;
    const b = this.costs[j]!;
    return a < b || (a === b && this.hexes[i]! < this.hexes[j]!);
  }

  private swap(i: number, j: number): void {
    const c = this.costs[i]!;
    this.costs[i] = this.costs[j]!;
    this.costs[j] = c;
    const h = this.hexes[i]!;
    this.hexes[i] = this.hexes[j]!;
    this.hexes[j] = h;
  }

  push(cost: number, hex: number): void {
    this.costs.push(cost);
    this.hexes.push(hex);
    for (let i = this.hexes.length - 1; i > 0 && this.before(i, (i - 1) >> 1); i = (i - 1) >> 1) this.swap(i, (i - 1) >> 1);
  }

  /** Takes the first hex off the heap (call only when it is not empty). */
  pop(): number {
    const top = this.hexes[0]!;
    const lastCost = this.costs.pop()!;
    const lastHex = this.hexes.pop()!;
    const n = this.hexes.length;
    if (n === 0) return top;
    this.costs[0] = lastCost;
    this.hexes[0] = lastHex;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.before(l, m)) m = l;
      if (r < n && this.before(r, m)) m = r;
      if (m === i) return top;
      this.swap(i, m);
      i = m;
    }
  }
}
