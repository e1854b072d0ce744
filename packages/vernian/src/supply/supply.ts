import { ruleNumbers, shelf } from '../data/files.js';
import { fortressHexes } from '../base/hexes.js';
import { fortressOwner, fortressStands } from '../base/positions.js';
import { otherSide, type Side } from '../base/sides.js';
import { isOnMap, keptAnswers, type VernianState } from '../base/state.js';
import { COMBAT_AL, COMBAT_DE, GROUND_AL, GROUND_DE, standsOf, supplyHoldings } from './ground.js';
import { unitInfo } from '../base/units.js';
import { sideCode, spread, supplyGrid, type SupplyGrid } from './grid.js';
import { doverHex, doverIsGermanSource } from '../england/tunnel-guard.js';
import { pieceType } from '../base/pieces.js';
import { sourceReach } from './reach.js';

/**
 * Clauses: VV-SUP-01, VV-SUP-02, VV-SUP-03, VV-SUP-04, VV-SUP-10, VV-SUP-11, VV-SUP-12, VV-SUP-13, VV-SUP-15, VV-SUP-16,
 * VV-SUP-17, VB-SUP-01, VB-SUP-04, VB-SUP-05, VB-SUP-06, VB-SUP-07, VB-SUP-08, VB-SUP-09, VB-SUP-10, VB-SUP-11,
 * VB-SUP-12, VB-HQ-04, VB-ZOC-07, VV-TUN-06, VV-ZEP-06, VV-ZEP-07, VV-ZEP-08, VV-ZEP-19, VV-ZEP-29, VV-ETH-25, VV-ETH-28,
 * VV-ETH-29.
 * The three supply states of the variant. Attack Supply is the base game's supply (VB-SUP-07, D-AMB-07): a supply
 * path of at most 3 hexes entered to a working ultimate source or to a supply point (a friendly town or city with no
 * enemy ground unit that reaches an ultimate source by a path of any length), or standing in or next to a supplied HQ
 * (one whose hex reaches an ultimate source by a path of any length). A unit not in Attack Supply is in Defense Supply
 * in a town or city hex, or when a path of any length reaches a friendly city hex (VV-SUP-10, VV-SUP-11, D-AMB-09).
 * Any other unit is Out of Supply. Defense Supply halves a unit's attack, Out of Supply its attack and defence.
 * While the Channel tunnel is open, Dover is one more German ultimate source (VV-TUN-06), working by the same rule.
 * A Zeppelin supplies German units in or next to its hex like a supplied HQ, needing no path of its own (VV-ZEP-06,
 * VV-ZEP-07), unless an Allied ground unit shares its hex (VV-ZEP-08, VV-ZEP-29); an air base's own supply is judged
 * without the Zeppelins (VV-ZEP-19). No German supply is traced from, into or through an interdicted hex (VV-ETH-25,
 * VV-ETH-28), and German units in a heavily interdicted one are Out of Supply (VV-ETH-29, D-AMB-43).
 * A supply path never enters a sea or neutral hex, a hex holding an enemy ground
 * unit, or a hex in an enemy zone of control without a friendly ground combat unit, and never crosses an all-sea
 * hexside or the link (VB-SUP-05, VB-ZOC-07), so it never leaves its map (VB-SUP-12).
 *
 * Supply is judged at the moment a rule asks (VB-SUP-09), from the state as it then is: each call searches the board
 * afresh (phases change the state in place, so nothing is kept between calls). All units of a side in one hex share
 * its supply state, so the searches run once for the whole side, breadth first from the sources outwards.
 */

export type SupplyState = 'attack' | 'defense' | 'out';

/** The states from worst to best, for "improves its supply state" (VV-SUP-08). */
export const SUPPLY_RANK: Readonly<Record<SupplyState, number>> = { out: 0, defense: 1, attack: 2 };

/** One side's supply over the whole board, judged on one state. */
export interface SupplyPicture {
  readonly side: Side;
  /** The supply state a ground unit of the side has in a hex (undefined for a hex the board lacks; sea and neutral: out). */
  stateAt(hex: string): SupplyState | undefined;
  /** Whether a ground unit of the side would be in Attack Supply in a hex (VB-SUP-10). */
  attackAt(hex: string): boolean;
  /** Whether an HQ of the side in this hex is a supplied HQ (VB-HQ-04): its hex reaches an ultimate source. */
  suppliedHqAt(hex: string): boolean;
  /** The working ultimate sources, the supply points and the hexes of supplied HQs (the sources of VV-SUP-09). */
  sourceHexes(): {
    readonly ultimate: readonly string[];
    readonly points: readonly string[];
    readonly hqs: readonly string[];
    /** The hexes of Zeppelins that supply (VV-ZEP-06), one entry a hex. */
    readonly zeppelins: readonly string[];
  };
}

/** What the searches need to know of the units and fortresses, hex by hex, for one side. */
interface Ground {
  /** A ground unit of the other side is there. */
  readonly enemy: Uint8Array;
  /** A ground combat unit of the side is there. */
  readonly friendlyCombat: Uint8Array;
  /** The hex is in the other side's zone of control (VB-ZOC-01, VB-ZOC-02, VB-FORT-07). */
  readonly enemyZone: Uint8Array;
  /** The hexes of the side's HQs. */
  readonly hqs: readonly number[];
  /** Who controls each hex, as a side code (VB-CTRL-01, VB-CTRL-03). */
  readonly control: Uint8Array;
}

function readGround(grid: SupplyGrid, state: VernianState, side: Side): Ground {
  const n = grid.ids.length;
  const stands = standsOf(state);
  const enemy = new Uint8Array(n);
  const friendlyCombat = new Uint8Array(n);
  const enemyZone = new Uint8Array(n);
  const german = side === 'germany';
  const enemyGround = german ? GROUND_AL : GROUND_DE;
  const enemyCombat = german ? COMBAT_AL : COMBAT_DE;
  const ownCombat = german ? COMBAT_DE : COMBAT_AL;
  const zoneFrom: number[] = [];
  const flags = stands.flags;
  for (let i = 0; i < n; i++) {
    const f = flags[i]!;
    if (f === 0) continue;
    if (f & ownCombat) friendlyCombat[i] = 1;
    if (f & enemyGround) enemy[i] = 1;
    if (f & enemyCombat) zoneFrom.push(i);
  }
  const enemySide = otherSide(side);
  for (const hex of fortressHexes()) {
    if (fortressOwner(hex) === enemySide && fortressStands(state, hex)) zoneFrom.push(grid.index.get(hex)!);
  }
  // A zone reaches the six hexes around, never into sea or neutral hexes, across all-sea hexsides or the link.
  const { supplyStart, supplyNext, playable } = grid;
  for (const i of zoneFrom) {
    for (let k = supplyStart[i]!; k < supplyStart[i + 1]!; k++) {
      const j = supplyNext[k]!;
      enemyZone[j] = enemyZone[j]! | playable[j]!;
    }
  }
  const control = grid.startSide.slice();
  for (const hex in state.control) {
    const i = grid.index.get(hex);
    if (i !== undefined) control[i] = sideCode(state.control[hex]);
  }
  return { enemy, friendlyCombat, enemyZone, hqs: stands.hqs[side], control };
}

/** The hexes a supply path of the side may enter (VB-SUP-05, VB-ZOC-07). */
function enterableHexes(grid: SupplyGrid, g: Ground): Uint8Array {
  const n = grid.ids.length;
  const out = new Uint8Array(n);
  const { playable } = grid;
  const { enemy, enemyZone, friendlyCombat } = g;
  // The arrays hold 0 or 1: playable, no enemy ground unit, and out of the enemy's zone or with a friendly combat unit.
  for (let i = 0; i < n; i++) out[i] = playable[i]! & (enemy[i]! ^ 1) & ((enemyZone[i]! ^ 1) | friendlyCombat[i]!);
  return out;
}

/** The side's supply over the board, judged on the state as it is now. */
export function supplyPicture(
  state: VernianState,
  side: Side,
  holdings = supplyHoldings(state),
  options: SupplyOptions = {},
): SupplyPicture {
  // Worked out once for each arrangement of units and hexes held: a phase asks it for many units in turn.
  // The tunnel's state changes the German sources (VV-TUN-06), the Zeppelins and the interdicted hexes the German
  // supply: all are part of the key.
  const zeppelins = side === 'germany' && !options.ignoreZeppelins ? zeppelinHexes(state).join(',') : '';
  const marks = side === 'germany' ? interdictionKey(state) : '';
  const key = `${shelf.version}|${side}|${doverIsGermanSource(state) ? 'tunnel' : '-'}|${zeppelins}|${marks}#${holdings}`;
  return pictures.get(key) ?? pictures.set(key, drawSupply(state, side, options));
}

/** How a supply question is asked. */
export interface SupplyOptions {
  /**
   * Judge the German supply without the Zeppelins' (VV-ZEP-19): whether an air base could trace Attack Supply the
   * normal overland way.
   */
  readonly ignoreZeppelins?: boolean;
}

/** The hexes of the Zeppelins on the map, sorted, one entry a Zeppelin. */
function zeppelinHexes(state: VernianState): string[] {
  const out: string[] = [];
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    if (isOnMap(p.at) && pieceType(p.type).kind === 'zeppelin') out.push(p.at);
  }
  return out.sort();
}

function interdictionKey(state: VernianState): string {
  const marks = state.air.interdicted;
  let out = '';
  for (const hex of Object.keys(marks).sort()) out += `${hex}:${marks[hex]},`;
  return out;
}

const pictures = keptAnswers<SupplyPicture>(8);

let zeros = new Uint8Array(0);
const noMarks = (n: number): Uint8Array => (zeros.length === n ? zeros : (zeros = new Uint8Array(n)));

// The arrays of the short searches for Attack Supply by path, shared by every picture: a search runs to its end before
// another starts (nothing it calls searches by path), and marks the hexes it saw with a number of its own.
const scratch = { round: 0, seen: new Int32Array(0), queue: new Int32Array(0), depth: new Int32Array(0) };
function pathScratch(n: number): typeof scratch {
  if (scratch.seen.length !== n || scratch.round >= 0x7ffffff0) {
    scratch.seen = new Int32Array(n);
    scratch.queue = new Int32Array(n);
    scratch.depth = new Int32Array(n);
    scratch.round = 0;
  }
  return scratch;
}

function drawSupply(state: VernianState, side: Side, options: SupplyOptions): SupplyPicture {
  const grid = supplyGrid();
  const n = grid.ids.length;
  const g = readGround(grid, state, side);
  const enterable = enterableHexes(grid, g);
  const mine = sideCode(side);
  // Interdicted hexes (VV-ETH-25, VV-ETH-28): no German supply is traced from, into or through them.
  const marked = side === 'germany' && Object.keys(state.air.interdicted).length > 0;
  // Without interdiction the two are all 0: one array, shared and never written, serves every picture.
  const blocked = marked ? new Uint8Array(n) : noMarks(n);
  const heavy = marked ? new Uint8Array(n) : blocked;
  if (marked) {
    for (const hex in state.air.interdicted) {
      const i = grid.index.get(hex);
      if (i === undefined) continue;
      blocked[i] = 1;
      enterable[i] = 0;
      if (state.air.interdicted[hex] === 'heavy') heavy[i] = 1;
    }
  }
  // Working ultimate sources (VB-SUP-04): held by the side, no enemy ground unit in them.
  const sources = [...grid.sources[side]];
  if (side === 'germany' && doverIsGermanSource(state)) {
    const dover = grid.index.get(doverHex());
    if (dover !== undefined && !sources.includes(dover)) sources.push(dover);
  }
  const ultimate = sources.filter((i) => g.control[i] === mine && !g.enemy[i] && !blocked[i]);
  const isUltimate = new Uint8Array(n);
  for (const i of ultimate) isUltimate[i] = 1;
  // What the rules below ask is worked out when first asked: a combat asks a few hexes, a whole-board question all.
  // Which hexes a path of any length reaches from a working ultimate source.
  let toUltimateKept: Uint8Array | undefined;
  const toUltimate = (): Uint8Array => (toUltimateKept ??= sourceReach(grid, side, ultimate, enterable));
  // Supply points (VB-SUP-06): friendly towns and cities with no enemy ground unit that reach an ultimate source.
  const isPoint = (i: number): boolean =>
    grid.townOrCity[i] === 1 && g.control[i] === mine && !g.enemy[i] && !blocked[i] && toUltimate()[i] === 1;
  const { pathLength, hqReach } = ruleNumbers().supply;
  // The hexes that supply like HQs (VB-HQ-04, VV-ZEP-06): supplied HQs and Zeppelins, never across an all-sea
  // hexside or the link.
  let suppliedHqsKept: number[] | undefined;
  const suppliedHqs = (): number[] => (suppliedHqsKept ??= g.hqs.filter((i) => toUltimate()[i] === 1 && !blocked[i]));
  // Zeppelins supply like HQs (VV-ZEP-06) without tracing to a source (VV-ZEP-07), unless an enemy ground unit shares
  // their hex (VV-ZEP-08, VV-ZEP-29) or it is interdicted (D-AMB-34).
  const zeppelins: number[] = [];
  if (side === 'germany' && !options.ignoreZeppelins) {
    for (const hex of zeppelinHexes(state)) {
      const i = grid.index.get(hex);
      if (i !== undefined && !g.enemy[i] && !blocked[i]) zeppelins.push(i);
    }
  }
  let byHqKept: Int32Array | undefined;
  const byHq = (): Int32Array =>
    (byHqKept ??= spread(grid.supplyStart, grid.supplyNext, [...suppliedHqs(), ...zeppelins], undefined, hqReach));
  // Attack Supply by path (VB-SUP-07, VB-SUP-08): at most pathLength hexes entered to a working ultimate source or a
  // supply point. Searched back from the hex itself: the hexes entered on the way must be enterable, the source too
  // (its hex is entered last), the start never.
  const attackKept = new Int8Array(n);
  const byPath = (i: number): boolean => {
    if (isUltimate[i] || isPoint(i)) return true;
    const { seen, queue, depth } = pathScratch(n);
    const round = ++scratch.round;
    let head = 0;
    let tail = 0;
    seen[i] = round;
    queue[tail] = i;
    depth[tail++] = 0;
    while (head < tail) {
      const y = queue[head]!;
      const d = depth[head++]!;
      if (d >= pathLength) continue;
      for (let k = grid.supplyStart[y]!; k < grid.supplyStart[y + 1]!; k++) {
        const x = grid.supplyNext[k]!;
        if (seen[x] === round || !enterable[x]) continue;
        seen[x] = round;
        if (isUltimate[x] || isPoint(x)) return true;
        queue[tail] = x;
        depth[tail++] = d + 1;
      }
    }
    return false;
  };
  const attack = (i: number): boolean => {
    if (attackKept[i] === 0) attackKept[i] = !blocked[i] && (byPath(i) || byHq()[i]! >= 0) ? 1 : 2;
    return attackKept[i] === 1;
  };
  // Defense Supply (VV-SUP-11): a path of any length to a friendly city hex, which need not reach a source.
  let toCity: Int32Array | undefined;
  const defense = (i: number): boolean => {
    // In a heavily interdicted hex every German unit is Out of Supply, in a town or city too (VV-ETH-29, D-AMB-43).
    if (heavy[i]) return false;
    if (grid.townOrCity[i]) return true;
    if (!toCity) {
      const cities: number[] = [];
      for (let j = 0; j < n; j++) if (grid.city[j] && g.control[j] === mine) cities.push(j);
      toCity = spread(grid.supplyStart, grid.supplyNext, cities, enterable);
    }
    return toCity[i]! >= 0;
  };
  const ids = (list: readonly number[]) => list.map((i) => grid.ids[i]!);
  return {
    side,
    stateAt(hex) {
      const i = grid.index.get(hex);
      if (i === undefined) return undefined;
      if (!grid.playable[i]) return 'out';
      return attack(i) ? 'attack' : defense(i) ? 'defense' : 'out';
    },
    attackAt(hex) {
      const i = grid.index.get(hex);
      return i !== undefined && grid.playable[i] === 1 && attack(i);
    },
    suppliedHqAt(hex) {
      const i = grid.index.get(hex);
      return i !== undefined && g.hqs.includes(i) && toUltimate()[i] === 1 && !blocked[i];
    },
    sourceHexes() {
      const points: number[] = [];
      for (let i = 0; i < n; i++) if (isPoint(i)) points.push(i);
      return { ultimate: ids(ultimate), points: ids(points), hqs: ids(suppliedHqs()), zeppelins: ids(zeppelins) };
    },
  };
}

/** The supply state of every unit of a side on the map, judged now: one search for the whole side. */
export function supplyStates(state: VernianState, side: Side): Map<string, SupplyState> {
  const picture = supplyPicture(state, side);
  const out = new Map<string, SupplyState>();
  for (const id of Object.keys(state.units).sort()) {
    const at = state.units[id]!.at;
    if (!isOnMap(at) || unitInfo(id).side !== side) continue;
    const s = picture.stateAt(at);
    if (s) out.set(id, s);
  }
  return out;
}

/** The supply state of a unit on the map, judged now (VB-SUP-09). A unit off the map has none: that throws. */
export function supplyOf(state: VernianState, unit: string): SupplyState {
  const at = state.units[unit]?.at;
  if (at === undefined || !isOnMap(at)) throw new Error(`${unit} is not on the map, so it has no supply state`);
  const s = supplyPicture(state, unitInfo(unit).side).stateAt(at);
  if (!s) throw new Error(`${unit} stands on ${at}, which is not a hex of the board`);
  return s;
}

/**
 * Supply judged at one moment (VB-SUP-09): each unit's state asked once, from each side's picture drawn at the first
 * question, so a combat judges every unit on the board as it stood when the combat was resolved.
 */
export function supplyAtMoment(): (state: VernianState, unit: string) => SupplyState {
  const pictures = new Map<Side, SupplyPicture>();
  const kept = new Map<string, SupplyState>();
  let holdings: string | undefined;
  return (state, unit) => {
    const known = kept.get(unit);
    if (known) return known;
    const at = state.units[unit]?.at;
    if (at === undefined || !isOnMap(at)) throw new Error(`${unit} is not on the map, so it has no supply state`);
    const side = unitInfo(unit).side;
    holdings ??= supplyHoldings(state);
    const picture = pictures.get(side) ?? pictures.set(side, supplyPicture(state, side, holdings)).get(side)!;
    const s = picture.stateAt(at);
    if (!s) throw new Error(`${unit} stands on ${at}, which is not a hex of the board`);
    kept.set(unit, s);
    return s;
  };
}

/** Whether a hex is in Attack Supply for a side (VB-SUP-10): a ground unit of that side would be there. */
export function hexInSupply(state: VernianState, hex: string, side: Side): boolean {
  return supplyPicture(state, side).attackAt(hex);
}

/** Whether an HQ on the map is a supplied HQ (VB-HQ-04). */
export function hqSupplied(state: VernianState, hq: string): boolean {
  const at = state.units[hq]?.at;
  if (at === undefined || !isOnMap(at) || !unitInfo(hq).hq) return false;
  return supplyPicture(state, unitInfo(hq).side).suppliedHqAt(at);
}

/**
 * A unit's attack and defence as its supply state leaves them: full in Attack Supply (VV-SUP-02); in Defense Supply
 * the attack halved and the defence full (VV-SUP-12, VV-SUP-13); Out of Supply both halved (VV-SUP-16, VV-SUP-17,
 * VB-SUP-11). Fractions are kept (VB-CRT-08); movement is never touched (VB-SUP-11).
 */
export function suppliedFactors(factors: { readonly attack: number; readonly defence: number }, supply: SupplyState) {
  return {
    attack: supply === 'attack' ? factors.attack : factors.attack / 2,
    defence: supply === 'out' ? factors.defence / 2 : factors.defence,
  };
}
