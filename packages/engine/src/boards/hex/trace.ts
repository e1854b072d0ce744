import { compareCodeUnits } from '../../canonical.js';
import type { HexBoard, HexCell, HexStep } from './board.js';

/**
 * Counting hexes over the board, links between maps included: traces (a supply line of at most N hexes that may
 * not enter what the ruleset blocks), ranges (every hex within N) and distances. Searches go breadth first, each
 * ring of hexes in id order, so ties always fall the same way.
 */
export interface TraceRules {
  /** The most hexes the trace may enter after its start; unlimited when left out. */
  readonly maxLength?: number;
  /**
   * Whether the trace may make this step: enemy units, enemy zones of control unless a friendly unit is there,
   * all-sea hexsides... Every step when left out. The start hex is never entered: the ruleset judges it.
   */
  readonly enters?: (step: HexStep) => boolean;
}

type Ring = readonly string[];

/**
 * Breadth first from `from`: hands `visit` each ring of newly reached hexes (the start alone first), until `visit`
 * says stop, the rings run out or `maxLength` rings are past the start. Gives the hex each reached hex was reached from.
 */
function rings(board: HexBoard, from: string, rules: TraceRules, visit: (ring: Ring) => boolean): Map<string, string | undefined> {
  const prev = new Map<string, string | undefined>();
  if (!board.cell(from)) return prev;
  prev.set(from, undefined);
  let ring = [from];
  for (let length = 0; ring.length && !visit(ring) && length < (rules.maxLength ?? Infinity); length++) {
    const next: string[] = [];
    for (const id of ring) {
      for (const step of board.steps(id)) {
        if (prev.has(step.to.id) || (rules.enters && !rules.enters(step))) continue;
        prev.set(step.to.id, id);
        next.push(step.to.id);
      }
    }
    ring = next.sort(compareCodeUnits);
  }
  return prev;
}

/**
 * The shortest trace from `from` to a hex that `isGoal` accepts (the start itself when it is one), as the hexes
 * from start to goal; the nearest goal with the lowest id wins. Undefined when no goal can be reached.
 */
export function traceHexPath(
  board: HexBoard,
  from: string,
  isGoal: (cell: HexCell) => boolean,
  rules: TraceRules = {},
): readonly string[] | undefined {
  let goal: string | undefined;
  const prev = rings(board, from, rules, (ring) => {
    goal = ring.find((id) => isGoal(board.cell(id)!));
    return goal !== undefined;
  });
  if (goal === undefined) return undefined;
  const path: string[] = [];
  for (let at: string | undefined = goal; at !== undefined; at = prev.get(at)) path.unshift(at);
  return path;
}

/** Every hex within `radius` steps of `from` (links between maps count as one step), with its distance, in id order. */
export function hexesWithin(
  board: HexBoard,
  from: string,
  radius: number,
  rules: Omit<TraceRules, 'maxLength'> = {},
): ReadonlyMap<string, number> {
  const distance = new Map<string, number>();
  let d = 0;
  rings(board, from, { ...rules, maxLength: radius }, (ring) => {
    for (const id of ring) distance.set(id, d);
    d++;
    return false;
  });
  return new Map([...distance].sort(([a], [b]) => compareCodeUnits(a, b)));
}

/** The fewest steps from one hex to another over the board, links included; undefined when there is no way. */
export function boardDistance(board: HexBoard, from: string, to: string, rules: Omit<TraceRules, 'maxLength'> = {}): number | undefined {
  const path = traceHexPath(board, from, (cell) => cell.id === to, rules);
  return path && path.length - 1;
}
