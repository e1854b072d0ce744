import { cheapestHexPath, movementRange, type HexReach, type HexStep, type MovementRules } from '@umpire/engine';
import { hexBoard, ruleNumbers, terrainData } from '../data/files.js';
import { hexFacts, isPlayable } from '../base/hexes.js';
import { fortressOwner, fortressStands, occupancy } from '../base/positions.js';
import { otherSide, type Side } from '../base/sides.js';
import { keptAnswers, positionsKey, type VernianState } from '../base/state.js';
import { printedFactors, unitInfo } from '../base/units.js';
import { zoneOf } from '../base/zoc.js';

/**
 * Clauses: VB-MOVE-02, VB-MOVE-04, VB-MOVE-05, VB-MOVE-06, VB-MOVE-07, VB-MOVE-08, VB-MOVE-09, VB-MOVE-11, VB-TERR-02,
 * VB-TERR-03, VB-TERR-04, VB-ZOC-04, VB-ZOC-05, VB-MAP-05, VB-MAP-10, VV-MOVE-01, VV-MOVE-02, VV-MOVE-03, VV-MOVE-04,
 * VV-GEN-13, VV-ENG-07, VV-NEMO-02.
 * Where a ground unit may move in its Movement Phase: movement points by terrain and hexsides, stops on entering an
 * enemy zone of control, no entry into enemy-held hexes or standing enemy fortresses, the one-hex move, and the German
 * doubling of Operational Turn 1 in Germany, France and Belgium (never in England). Stacking is judged at the end of
 * the phase (VB-STACK-03), supply restrictions by the supply rules.
 */

/** What a search needs to know of the board as it stands at the start of a unit's move. */
export interface MoveWorld {
  readonly state: VernianState;
  readonly side: Side;
  readonly occ: Map<string, string[]>;
  /** The hexes in the enemy's zone of control. */
  readonly enemyZone: ReadonlyMap<string, readonly string[]>;
}

/**
 * What the board looks like to a side's moves: the units where they are, and the enemy's zone of control, worked out
 * once for each arrangement of the enemy's units (a side's own moves never change it, so a Movement Phase and the
 * check of a turn's orders ask for the same zone many times). The keys are the positions themselves, so a state
 * changed in place gets a new answer.
 */
export function moveWorld(state: VernianState, side: Side): MoveWorld {
  const enemy = otherSide(side);
  const key = `${side}|${positionsKey(state, (id) => unitInfo(id).side === enemy)}`;
  const occ = occupancy(state);
  const enemyZone = zones.get(key) ?? zones.set(key, zoneOf(state, enemy, occ));
  return { state, side, occ, enemyZone };
}

const zones = keptAnswers<ReadonlyMap<string, readonly string[]>>(16);
const reaches = keptAnswers<Map<string, HexReach>>(512);

const cost = (value: number | 'prohibited' | undefined): number => (value === undefined ? 0 : value === 'prohibited' ? Infinity : value);

/** Whether a ground unit may be in a hex at all (its side's units or none there, no standing enemy fortress). */
function enterable(world: MoveWorld, unit: string, hex: string): boolean {
  const h = hexFacts(hex);
  if (!isPlayable(h)) return false;
  if (fortressStands(world.state, hex) && fortressOwner(hex) !== world.side) return false;
  const there = world.occ.get(hex) ?? [];
  const enemy = there.filter((id) => unitInfo(id).side !== world.side);
  if (enemy.length === 0) return true;
  // An overrun: only enemy pieces that are not ground combat units, and only a ground combat unit may do it (VB-MOVE-07).
  return unitInfo(unit).combat && enemy.every((id) => !unitInfo(id).combat);
}

/** The movement rules of one unit: prices of steps and where its move stops. */
export function unitMoveRules(world: MoveWorld, unit: string, nations?: readonly string[]): MovementRules {
  const t = terrainData();
  const hq = unitInfo(unit).hq;
  return {
    cost(step: HexStep): number {
      if (step.crossing.link !== undefined) return Infinity;
      if (step.crossing.features.includes('all-sea')) return Infinity;
      const to = hexFacts(step.to.id);
      if (nations && !nations.includes(to?.nation ?? '')) return Infinity;
      if (!enterable(world, unit, step.to.id)) return Infinity;
      if (
        hq &&
        world.enemyZone.has(step.to.id) &&
        !(world.occ.get(step.to.id) ?? []).some((id) => unitInfo(id).combat && unitInfo(id).side === world.side)
      ) {
        return Infinity;
      }
      let price = cost(t.terrain[step.to.terrain]?.move ?? 'prohibited');
      for (const f of step.crossing.features) price += cost(t.hexsides[f]?.move);
      return price;
    },
    endsMove: (step: HexStep) => world.enemyZone.has(step.to.id),
  };
}

/** A unit's movement allowance this turn, and the nations a doubled allowance is good in (VV-MOVE-02). */
export function allowance(
  state: VernianState,
  unit: string,
  turn: number,
): { normal: number; doubled?: { points: number; nations: readonly string[] } } {
  const u = unitInfo(unit);
  const s = state.units[unit]!;
  const normal = printedFactors(unit, s.steps, s.crack === true).move;
  const rule = ruleNumbers().movement.firstTurnDoubled;
  const on = hexFacts(s.at);
  if (u.side === rule.side && turn === rule.operationalTurn && on?.map === rule.map && rule.nations.includes(on.nation ?? '')) {
    return { normal, doubled: { points: normal * 2, nations: rule.nations } };
  }
  return { normal };
}

/**
 * Every hex a unit may end its move in this phase, with the path and cost: by its allowance, by the doubled allowance
 * within Germany, France and Belgium on Operational Turn 1, and the one-hex move (VB-MOVE-04). The start hex is not
 * included. Stacking and supply are not judged here.
 */
export function reachableHexes(world: MoveWorld, unit: string, turn: number): Map<string, HexReach> {
  // Where every unit is and the fortresses lost: what a unit's reach depends on.
  const key = `${world.side}|${unit}|${turn}|${positionsKey(world.state)}`;
  return reaches.get(key) ?? reaches.set(key, searchReach(world, unit, turn));
}

function searchReach(world: MoveWorld, unit: string, turn: number): Map<string, HexReach> {
  const s = world.state.units[unit]!;
  const from = s.at;
  const out = new Map<string, HexReach>();
  const a = allowance(world.state, unit, turn);
  if (a.normal <= 0) return out;
  const board = hexBoard();
  const add = (reach: ReadonlyMap<string, HexReach>) => {
    for (const [id, r] of reach) if (id !== from && (!out.has(id) || out.get(id)!.cost > r.cost)) out.set(id, r);
  };
  add(movementRange(board, from, a.normal, unitMoveRules(world, unit)));
  if (a.doubled) add(movementRange(board, from, a.doubled.points, unitMoveRules(world, unit, a.doubled.nations)));
  // The one-hex move: any neighbour the unit may enter at all, whatever it costs (VB-MOVE-04).
  const rules = unitMoveRules(world, unit);
  for (const step of board.steps(from)) {
    if (out.has(step.to.id)) continue;
    const price = rules.cost(step);
    if (price === Infinity || !(price >= 0)) continue;
    out.set(step.to.id, { id: step.to.id, cost: price, path: [from, step.to.id], ended: true });
  }
  return new Map([...out].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/**
 * The path a unit takes to one hex: the same path `reachableHexes` gives for it (the cheapest, by the plain allowance
 * or the doubled one, else the one-hex move), found by searches that stop at the hex.
 */
export function pathTo(world: MoveWorld, unit: string, to: string, turn: number): HexReach | undefined {
  const s = world.state.units[unit]!;
  const from = s.at;
  if (from === to) return undefined;
  const a = allowance(world.state, unit, turn);
  if (a.normal <= 0) return undefined;
  const board = hexBoard();
  let best = cheapestHexPath(board, from, to, unitMoveRules(world, unit), a.normal);
  if (a.doubled) {
    const doubled = cheapestHexPath(board, from, to, unitMoveRules(world, unit, a.doubled.nations), a.doubled.points);
    if (doubled && (!best || doubled.cost < best.cost)) best = doubled;
  }
  if (best) return best;
  const step = board.steps(from).find((x) => x.to.id === to);
  if (!step) return undefined;
  const price = unitMoveRules(world, unit).cost(step);
  return price === Infinity || !(price >= 0) ? undefined : { id: to, cost: price, path: [from, to], ended: true };
}

/** Whether a path the player gave is a legal move for the unit (each step priced, stops respected, within allowance). */
export function pathRefusal(world: MoveWorld, unit: string, path: readonly string[], turn: number): string | undefined {
  const board = hexBoard();
  const a = allowance(world.state, unit, turn);
  if (a.normal <= 0) return `${unitInfo(unit).name} has no movement factor (VB-MOVE-11)`;
  const tryWith = (points: number, nations?: readonly string[]): string | undefined => {
    const rules = unitMoveRules(world, unit, nations);
    let spent = 0;
    for (let i = 1; i < path.length; i++) {
      const step = board.steps(path[i - 1]!).find((s) => s.to.id === path[i]);
      if (!step) return `${path[i - 1]} and ${path[i]} are not neighbours`;
      const price = rules.cost(step);
      if (price === Infinity) return `${unitInfo(unit).name} may not enter ${path[i]}`;
      if (i > 1 && rules.endsMove?.(board.steps(path[i - 2]!).find((s) => s.to.id === path[i - 1])!)) {
        return `the move stops in ${path[i - 1]}, in an enemy zone of control (VB-ZOC-04)`;
      }
      spent += price;
    }
    if (spent > points && !(path.length === 2)) return `the path costs ${spent} movement points; ${unitInfo(unit).name} has ${points}`;
    return undefined;
  };
  const plain = tryWith(a.normal);
  if (plain === undefined || !a.doubled) return plain;
  return tryWith(a.doubled.points, a.doubled.nations) === undefined ? undefined : plain;
}
