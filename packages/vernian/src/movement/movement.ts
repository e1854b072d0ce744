import {
  cheapestHexPath,
  hexSteps,
  movementRange,
  type HexReach,
  type HexStep,
  type MovementRules,
  type MovementTables,
} from '@umpire/engine';
import { hexBoard, ruleNumbers, shelf, terrainData } from '../data/files.js';
import { fortressHexes, hexFacts, isPlayable } from '../base/hexes.js';
import { enemyGroundPieceHexes, fortressOwner, fortressStands, occupancy } from '../base/positions.js';
import { pieceStateLabel, pieceType } from '../base/pieces.js';
import { otherSide, type Side } from '../base/sides.js';
import { isOnMap, keptAnswers, positionsKey, type VernianState } from '../base/state.js';
import { printedFactors, unitInfo } from '../base/units.js';
import { zoneOf } from '../base/zoc.js';
import { busterPathRefusal, busterSteps } from '../tanks/front-buster.js';

/**
 * Clauses: VB-MOVE-02, VB-MOVE-04, VB-MOVE-05, VB-MOVE-06, VB-MOVE-07, VB-MOVE-08, VB-MOVE-09, VB-MOVE-11, VB-TERR-02,
 * VB-TERR-03, VB-TERR-04, VB-ZOC-04, VB-ZOC-05, VB-MAP-05, VB-MAP-10, VV-MOVE-01, VV-MOVE-02, VV-MOVE-03, VV-MOVE-04,
 * VV-GEN-13, VV-ENG-07, VV-NEMO-02, VV-WCPD-20, VV-TANK-04, VV-AFB-09.
 * Where a ground unit may move in its Movement Phase: movement points by terrain and hexsides, stops on entering an
 * enemy zone of control, no entry into enemy-held hexes, hexes of the enemy's Tanks or Armored Front Buster, or
 * standing enemy fortresses, the one-hex move, and the German doubling of Operational Turn 1 in Germany, France and
 * Belgium (never in England). A Tank moves by the same rules with its 4 movement points, as a ground unit that is no
 * combat unit: it overruns nothing and takes no control. The Armored Front Buster's one hex a turn is its own rule
 * (tanks/front-buster.ts). Stacking is judged at the end of the phase (VB-STACK-03), supply restrictions by the supply
 * rules.
 */

/** What moves in a Movement Phase: a unit, a Tank or the Armored Front Buster, by its id. */
export interface Mover {
  readonly id: string;
  readonly at: string;
  readonly side: Side;
  readonly combat: boolean;
  readonly hq: boolean;
  readonly kind: 'unit' | 'tank' | 'afb';
  /** As reports name it: 'French 3rd Infantry Division', 'Allied Tank (tank-al-1)'. */
  readonly name: string;
}

/** The unit or moving piece of an id as the movement rules see it; undefined for an id that is neither. */
export function moverOf(state: VernianState, id: string): Mover | undefined {
  const u = state.units[id];
  if (u) {
    const info = unitInfo(id);
    return { id, at: u.at, side: info.side, combat: info.combat, hq: info.hq, kind: 'unit', name: info.name };
  }
  const p = state.pieces[id];
  if (!p) return undefined;
  const kind = pieceType(p.type).kind;
  if (kind !== 'tank' && kind !== 'afb') return undefined;
  return { id, at: p.at, side: p.side, combat: false, hq: false, kind, name: pieceStateLabel(id, p) };
}

/** Where the Tanks and the Armored Front Buster stand, as a key (the positions key counts units only). */
function groundPiecesKey(state: VernianState): string {
  const out: string[] = [];
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    const kind = isOnMap(p.at) ? pieceType(p.type).kind : undefined;
    if (kind === 'tank' || kind === 'afb') out.push(`${id}@${p.at}`);
  }
  return out.sort().join(',');
}

/** What a search needs to know of the board as it stands at the start of a unit's move. */
export interface MoveWorld {
  readonly state: VernianState;
  readonly side: Side;
  readonly occ: Map<string, string[]>;
  /** The hexes in the enemy's zone of control. */
  readonly enemyZone: ReadonlyMap<string, readonly string[]>;
  /** The enemy's standing fortresses, which no unit of the side may enter (VB-FORT-05). */
  readonly enemyForts: ReadonlySet<string>;
  /** The hexes of the enemy's Tanks and Armored Front Buster, which no unit of the side may enter (D-AMB-48). */
  readonly blocked: ReadonlySet<string>;
  /** What the enemy's units and fortresses are as a key: what the world's zone and prices were worked out for. */
  readonly key: string;
}

/**
 * What the board looks like to a side's moves: the units where they are, and the enemy's zone of control, worked out
 * once for each arrangement of the enemy's units (a side's own moves never change it, so a Movement Phase and the
 * check of a turn's orders ask for the same zone many times). The keys are the positions themselves, so a state
 * changed in place gets a new answer.
 */
export function moveWorld(state: VernianState, side: Side): MoveWorld {
  const enemy = otherSide(side);
  const blocked = enemyGroundPieceHexes(state, side);
  const zoneKey = `${shelf.version}|${side}|${positionsKey(state, (id) => unitInfo(id).side === enemy)}`;
  const key = `${zoneKey}|${[...blocked].sort().join(',')}`;
  const occ = occupancy(state);
  const enemyZone = zones.get(zoneKey) ?? zones.set(zoneKey, zoneOf(state, enemy, occ));
  const enemyForts = new Set(fortressHexes().filter((h) => fortressStands(state, h) && fortressOwner(h) !== side));
  return { state, side, occ, enemyZone, enemyForts, blocked, key };
}

const zones = keptAnswers<ReadonlyMap<string, readonly string[]>>(16);
const reaches = keptAnswers<Map<string, HexReach>>(512);

const cost = (value: number | 'prohibited' | undefined): number => (value === undefined ? 0 : value === 'prohibited' ? Infinity : value);

/**
 * What every step of the board costs by the map alone: the terrain entered and the hexsides crossed; Infinity for the
 * link, an all-sea hexside, a sea or neutral hex and prohibited terrain. Worked out once for each board and terrain chart.
 */
const mapPrices = shelf.derive(() => {
  const t = terrainData();
  const numbered = hexSteps(hexBoard());
  const prices = new Map<HexStep, number>();
  const byNumber = new Float64Array(numbered.steps.length);
  numbered.steps.forEach((step, k) => {
    let price = cost(t.terrain[step.to.terrain]?.move ?? 'prohibited');
    for (const f of step.crossing.features) price += cost(t.hexsides[f]?.move);
    const closed = step.crossing.link !== undefined || step.crossing.features.includes('all-sea') || !isPlayable(hexFacts(step.to.id));
    prices.set(step, closed ? Infinity : price);
    byNumber[k] = closed ? Infinity : price;
  });
  return { prices, byNumber };
});

/**
 * The prices of every step for a ground combat unit of the world's side, as tables the search reads without asking
 * a rule per step: the map's price, no entry into a hex of an enemy ground combat unit or a standing enemy
 * fortress, none outside `nations` when given; entering the enemy's zone ends the move. Enemy HQs do not bar a
 * combat unit (it overruns them), so these prices hold for the whole of a Movement Phase; they are kept by the
 * enemy's positions, which the order check and the phase share.
 */
function combatTables(world: MoveWorld, nations?: readonly string[]): MovementTables {
  const storms = world.state.inventions.storms;
  const key = `${world.key}|${nations?.join(',') ?? ''}|${storms.join(',')}`;
  const kept = tables.get(key);
  if (kept) return kept;
  const numbered = hexSteps(hexBoard());
  const price = Float64Array.from(mapPrices().byNumber);
  const ends = new Uint8Array(price.length);
  const barred = new Uint8Array(numbered.ids.length);
  for (const hex of world.enemyForts) barred[numbered.index.get(hex)!] = 1;
  for (const hex of world.blocked) barred[numbered.index.get(hex)!] = 1;
  for (const [hex, ids] of world.occ) {
    if (ids.some((id) => unitInfo(id).combat && unitInfo(id).side !== world.side)) barred[numbered.index.get(hex)!] = 1;
  }
  if (nations) numbered.ids.forEach((id, i) => !nations.includes(hexFacts(id)?.nation ?? '') && (barred[i] = 1));
  const stormy = new Uint8Array(numbered.ids.length);
  for (const hex of storms) stormy[numbered.index.get(hex)!] = 1;
  const zone = new Uint8Array(numbered.ids.length);
  for (const hex of world.enemyZone.keys()) {
    const i = numbered.index.get(hex);
    if (i !== undefined) zone[i] = 1;
  }
  const stormCost = ruleNumbers().inventions.stormMoveCost;
  for (let k = 0; k < price.length; k++) {
    const to = numbered.to[k]!;
    if (barred[to]) price[k] = Infinity;
    else if (stormy[to]) price[k]! += stormCost;
    ends[k] = zone[to]!;
  }
  return tables.set(key, { price, ends });
}

const tables = keptAnswers<MovementTables>(16);

/**
 * Whether a ground unit may be in a hex at all: its side's units or none there, no standing enemy fortress; enemy
 * pieces that are not ground combat units only for a ground combat unit, which overruns them (VB-MOVE-07).
 */
function enterable(world: MoveWorld, combat: boolean, hex: string): boolean {
  if (world.enemyForts.has(hex) || world.blocked.has(hex)) return false;
  const there = world.occ.get(hex);
  if (!there) return true;
  for (const id of there) {
    const u = unitInfo(id);
    if (u.side !== world.side && (u.combat || !combat)) return false;
  }
  return true;
}

/** Whether a ground combat unit of the moving side is in a hex now. */
function friendlyCombatIn(world: MoveWorld, hex: string): boolean {
  for (const id of world.occ.get(hex) ?? []) {
    const u = unitInfo(id);
    if (u.combat && u.side === world.side) return true;
  }
  return false;
}

/**
 * The movement rules of one unit: prices of steps and where its move stops. They depend on the unit only by whether
 * it is a combat unit or an HQ, so they are made once for each world, kind and set of nations.
 */
export function unitMoveRules(world: MoveWorld, unit: string, nations?: readonly string[]): MovementRules {
  const { hq, combat } = moverOf(world.state, unit)!;
  const byKind = rulesByWorld.get(world) ?? rulesByWorld.set(world, new Map()).get(world)!;
  const kind = `${combat}|${hq}|${nations?.join(',') ?? ''}`;
  const known = byKind.get(kind);
  if (known) return known;
  const made = kindRules(world, combat, hq, nations);
  byKind.set(kind, made);
  return made;
}

const rulesByWorld = new WeakMap<MoveWorld, Map<string, MovementRules>>();

function kindRules(world: MoveWorld, combat: boolean, hq: boolean, nations?: readonly string[]): MovementRules {
  const { prices } = mapPrices();
  const storms = world.state.inventions.storms;
  return {
    ...(combat ? { tables: combatTables(world, nations) } : {}),
    cost(step: HexStep): number {
      const price = prices.get(step) ?? Infinity;
      if (price === Infinity) return Infinity;
      const to = step.to.id;
      if (nations && !nations.includes(hexFacts(to)?.nation ?? '')) return Infinity;
      if (!enterable(world, combat, to)) return Infinity;
      if (hq && world.enemyZone.has(to) && !friendlyCombatIn(world, to)) return Infinity;
      // A Storm marker makes its hex dearer to enter (VV-WCPD-20).
      return storms.includes(to) ? price + ruleNumbers().inventions.stormMoveCost : price;
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
  const piece = state.pieces[unit];
  if (piece) return { normal: pieceType(piece.type).move ?? 0 };
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
  const storms = world.state.inventions.storms.join(',');
  const key = `${shelf.version}|${world.side}|${unit}|${turn}|${positionsKey(world.state)}|${groundPiecesKey(world.state)}|${storms}`;
  return reaches.get(key) ?? reaches.set(key, searchReach(world, unit, turn));
}

function searchReach(world: MoveWorld, unit: string, turn: number): Map<string, HexReach> {
  const mover = moverOf(world.state, unit)!;
  if (mover.kind === 'afb') return busterSteps(world.state, unit);
  const from = mover.at;
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
  const mover = moverOf(world.state, unit)!;
  const from = mover.at;
  if (from === to) return undefined;
  if (mover.kind === 'afb') return busterSteps(world.state, unit).get(to);
  const a = allowance(world.state, unit, turn);
  if (a.normal <= 0) return undefined;
  const board = hexBoard();
  let best = cheapestHexPath(board, from, to, unitMoveRules(world, unit), a.normal);
  // The doubled allowance prices the same steps, fewer of them (only within its nations): when the plain allowance
  // reaches the hex, no doubled path is cheaper, so only a hex out of the plain allowance's reach is searched again.
  if (a.doubled && !best) {
    const doubled = cheapestHexPath(board, from, to, unitMoveRules(world, unit, a.doubled.nations), a.doubled.points);
    if (doubled) best = doubled;
  }
  if (best) return best;
  const step = board.steps(from).find((x) => x.to.id === to);
  if (!step) return undefined;
  const price = unitMoveRules(world, unit).cost(step);
  return price === Infinity || !(price >= 0) ? undefined : { id: to, cost: price, path: [from, to], ended: true };
}

/**
 * `pathTo` for the moves of one Movement Phase, all judged against one world: a ground combat unit's path depends only
 * on where it starts and ends and on its allowance (its prices ignore its own side's units and enemy HQs, and the
 * enemy's combat units stand still), so the units of a stack moving together share one search.
 */
export function phasePaths(world: MoveWorld, turn: number): (unit: string, to: string) => HexReach | undefined {
  const kept = new Map<string, HexReach | undefined>();
  return (unit, to) => {
    // Tanks, the AFB and HQs search alone: their prices depend on more than where they go.
    if (!world.state.units[unit] || !unitInfo(unit).combat) return pathTo(world, unit, to, turn);
    const a = allowance(world.state, unit, turn);
    const key = `${world.state.units[unit]!.at}|${to}|${a.normal}|${a.doubled?.points ?? ''}`;
    if (kept.has(key)) return kept.get(key);
    const found = pathTo(world, unit, to, turn);
    kept.set(key, found);
    return found;
  };
}

/** Whether a path the player gave is a legal move for the unit (each step priced, stops respected, within allowance). */
export function pathRefusal(world: MoveWorld, unit: string, path: readonly string[], turn: number): string | undefined {
  const board = hexBoard();
  const mover = moverOf(world.state, unit)!;
  if (mover.kind === 'afb') return busterPathRefusal(world.state, unit, path);
  const a = allowance(world.state, unit, turn);
  const name = mover.name;
  if (a.normal <= 0) return `${name} has no movement factor (VB-MOVE-11)`;
  const tryWith = (points: number, nations?: readonly string[]): string | undefined => {
    const rules = unitMoveRules(world, unit, nations);
    let spent = 0;
    for (let i = 1; i < path.length; i++) {
      const step = board.steps(path[i - 1]!).find((s) => s.to.id === path[i]);
      if (!step) return `${path[i - 1]} and ${path[i]} are not neighbours`;
      const price = rules.cost(step);
      if (price === Infinity) return `${name} may not enter ${path[i]}`;
      if (i > 1 && rules.endsMove?.(board.steps(path[i - 2]!).find((s) => s.to.id === path[i - 1])!)) {
        return `the move stops in ${path[i - 1]}, in an enemy zone of control (VB-ZOC-04)`;
      }
      spent += price;
    }
    if (spent > points && !(path.length === 2)) return `the path costs ${spent} movement points; ${name} has ${points}`;
    return undefined;
  };
  const plain = tryWith(a.normal);
  if (plain === undefined || !a.doubled) return plain;
  return tryWith(a.doubled.points, a.doubled.nations) === undefined ? undefined : plain;
}
