import { compareCodeUnits } from '../../canonical.js';
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

interface Arrival {
  readonly cost: number;
  readonly prev: string | undefined;
}

/**
 * Every hex reachable from `from` for at most `allowance` points, start included, in hex id order. A hex reached
 * as cheaply by a step that ends the move as by one that does not is reported as not ended.
 */
export function movementRange(board: HexBoard, from: string, allowance: number, rules: MovementRules): ReadonlyMap<string, HexReach> {
  const { open, stopped } = search(board, from, allowance, rules);
  const ids = new Set([...open.keys(), ...stopped.keys()]);
  const out = new Map<string, HexReach>();
  for (const id of [...ids].sort(compareCodeUnits)) out.set(id, reachOf(id, open, stopped));
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
  const { open, stopped } = search(board, from, allowance, rules, to);
  return open.has(to) || stopped.has(to) ? reachOf(to, open, stopped) : undefined;
}

function reachOf(id: string, open: ReadonlyMap<string, Arrival>, stopped: ReadonlyMap<string, Arrival>): HexReach {
  const going = open.get(id);
  const ending = stopped.get(id);
  const ended = ending !== undefined && (going === undefined || ending.cost < going.cost);
  const last = ended ? ending : going!;
  const path = [id];
  for (let at = last.prev; at !== undefined; at = open.get(at)!.prev) path.push(at);
  return { id, cost: last.cost, path: path.reverse(), ended };
}

/**
 * Dijkstra over the hexes a move may go on from (`open`), with the hexes where a step ended the move kept apart
 * (`stopped`): no step leaves those, but a dearer arrival that does not end the move may still go on.
 */
function search(board: HexBoard, from: string, allowance: number, rules: MovementRules, target?: string) {
  const open = new Map<string, Arrival>();
  const stopped = new Map<string, Arrival>();
  if (!board.cell(from)) return { open, stopped };
  const tentative = new Map<string, Arrival>([[from, { cost: 0, prev: undefined }]]);
  const queue = new HexQueue();
  queue.push(0, from);
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [cost, id] = next;
    if (open.has(id)) continue;
    if (target !== undefined && (stopped.get(target)?.cost ?? Infinity) < cost) break;
    open.set(id, tentative.get(id)!);
    if (id === target) break;
    for (const step of board.steps(id)) {
      const price = rules.cost(step);
      if (!(price >= 0) || price === Infinity) continue;
      const total = cost + price;
      const to = step.to.id;
      if (total > allowance || open.has(to)) continue;
      if (rules.endsMove?.(step)) {
        if (total < (stopped.get(to)?.cost ?? Infinity)) stopped.set(to, { cost: total, prev: id });
      } else if (total < (tentative.get(to)?.cost ?? Infinity)) {
        tentative.set(to, { cost: total, prev: id });
        queue.push(total, to);
      }
    }
  }
  return { open, stopped };
}

/** A binary heap of hexes by cost, then id: the order in which Dijkstra settles them. */
class HexQueue {
  private readonly items: [number, string][] = [];

  private before(i: number, j: number): boolean {
    const a = this.items[i]!;
    const b = this.items[j]!;
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  }

  private swap(i: number, j: number): void {
    const t = this.items[i]!;
    this.items[i] = this.items[j]!;
    this.items[j] = t;
  }

  push(cost: number, id: string): void {
    this.items.push([cost, id]);
    for (let i = this.items.length - 1; i > 0 && this.before(i, (i - 1) >> 1); i = (i - 1) >> 1) this.swap(i, (i - 1) >> 1);
  }

  pop(): [number, string] | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (top === undefined || last === undefined || this.items.length === 0) return top;
    this.items[0] = last;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.items.length && this.before(l, m)) m = l;
      if (r < this.items.length && this.before(r, m)) m = r;
      if (m === i) return top;
      this.swap(i, m);
      i = m;
    }
  }
}
