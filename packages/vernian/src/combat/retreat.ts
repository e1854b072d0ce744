import { gridDistance, hexDistance, type HexCell, type PhaseContext } from '@umpire/engine';
import { hexBoard, terrainData } from '../data/files.js';
import { hexFacts, hexLabel, isPlayable } from '../base/hexes.js';
import { fortressOwner, fortressStands, hasCombatUnit, occupancy, relocate, takeControl } from '../base/positions.js';
import { otherSide, type Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { inZoneOf } from '../base/zoc.js';
import { fits } from '../arrivals/setup-rules.js';
import { loseStep } from './losses.js';

/**
 * Clauses: VB-RET-01, VB-RET-02, VB-RET-03, VB-RET-04, VB-RET-05, VB-RET-06, VB-RET-07, VB-RET-08, VB-ZOC-06, VB-FORT-06,
 * VB-HQ-07, VB-CTRL-02, VB-CTRL-04, VB-MAP-05, VB-MAP-10, VB-STACK-03, VB-STACK-04.
 * Retreats. On a DRn result each surviving defending unit retreats n hexes, the k-th hex exactly k hexes from the
 * defending hex: never into sea or neutral hexes, across an all-sea hexside or the link, into a hex holding an enemy
 * ground unit or a standing enemy fortress, or into an enemy zone of control where no friendly ground combat unit
 * stands. It may pass through a full hex but must end within the stacking limit. A unit that cannot go all n hexes
 * goes as far as it can along a path it may end in and loses a step for each hex short. Retreats cost nothing and
 * take control of the hexes a ground combat unit enters. Units in the hex of a standing friendly fortress ignore
 * retreats. The units retreat one after another in unit id order, each seeing where the ones before it went; the
 * owner chooses each unit's path; unanswered, the path that ends out of the enemy's zone, nearest other friendly
 * units, farthest from the enemy, then the first in hex id order.
 * An HQ left in a hex without friendly ground combat units or a standing fortress follows the path of a unit that
 * retreated from it (the owner's choice, default the first to retreat with room for an HQ at its end); if no unit
 * retreated, or no end has room, the HQ is destroyed. An HQ never takes control.
 */

/** The legal retreat paths of exactly `length` hexes for a unit in `from`, ending where it fits (VB-RET-02 to VB-RET-04). */
export function retreatPaths(state: VernianState, unit: string, from: string, length: number, occ = occupancy(state)): string[][] {
  const side = unitInfo(unit).side;
  const inZone = inZoneOf(state, otherSide(side), occ);
  const board = hexBoard();
  const hexsides = terrainData().hexsides;
  const open = (prev: string, to: string, k: number): boolean => {
    const crossing = board.crossing(prev, to);
    if (!crossing || crossing.link !== undefined) return false;
    if (crossing.features.some((f) => hexsides[f]?.move === 'prohibited')) return false;
    if (gridDistance(board, from, to) !== k || !isPlayable(hexFacts(to))) return false;
    if ((occ.get(to) ?? []).some((id) => unitInfo(id).side !== side)) return false;
    if (fortressStands(state, to) && fortressOwner(to) !== side) return false;
    return !inZone(to) || hasCombatUnit(state, to, side, occ);
  };
  const out: string[][] = [];
  const walk = (path: string[]) => {
    const here = path[path.length - 1] ?? from;
    if (path.length === length) {
      if (fits(state, unit, here, occ)) out.push([...path]);
      return;
    }
    for (const step of board.steps(here)) {
      if (open(here, step.to.id, path.length + 1)) walk([...path, step.to.id]);
    }
  };
  if (length > 0) walk([]);
  return out;
}

/** The longest retreat a unit may make, up to `hexes`, and its paths (none: it cannot leave the hex) (VB-RET-05). */
export function longestRetreat(
  state: VernianState,
  unit: string,
  from: string,
  hexes: number,
  occ = occupancy(state),
): { length: number; paths: string[][] } {
  for (let length = hexes; length > 0; length--) {
    const paths = retreatPaths(state, unit, from, length, occ);
    if (paths.length) return { length, paths };
  }
  return { length: 0, paths: [] };
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The default retreat path: out of the enemy's zone, near friends, far from the enemy, then hex id order. */
export function defaultRetreat(
  state: VernianState,
  unit: string,
  from: string,
  paths: readonly string[][],
  occ = occupancy(state),
): string[] {
  const side = unitInfo(unit).side;
  const inZone = inZoneOf(state, otherSide(side), occ);
  const board = hexBoard();
  const friends: HexCell[] = [];
  const enemies: HexCell[] = [];
  for (const [hex, ids] of occ) {
    if (hex === from) continue;
    if (ids.some((id) => unitInfo(id).combat && unitInfo(id).side === side)) friends.push(board.cell(hex)!);
    if (ids.some((id) => unitInfo(id).combat && unitInfo(id).side !== side)) enemies.push(board.cell(hex)!);
  }
  // The fewest hexes to any of them on the same map (99 when none is there).
  const nearest = (hex: string, to: readonly HexCell[]) => {
    const c = board.cell(hex)!;
    let best = 99;
    for (const t of to) if (t.map === c.map) best = Math.min(best, hexDistance(c.axial, t.axial));
    return best;
  };
  const score = (p: readonly string[]) => {
    const end = p[p.length - 1]!;
    return [inZone(end) ? 1 : 0, nearest(end, friends), -nearest(end, enemies)];
  };
  const ranked = paths.map((p) => ({ p, s: score(p) }));
  ranked.sort((a, b) => a.s[0]! - b.s[0]! || a.s[1]! - b.s[1]! || a.s[2]! - b.s[2]! || byId(a.p.join(), b.p.join()));
  return ranked[0]!.p;
}

/** A unit's retreat as it happened: the hexes it entered (none when it could not leave) and the hexes short. */
export type RetreatMade = { readonly unit: string; readonly path: readonly string[]; readonly short: number };

/** Retreat every surviving defending unit of a hex `hexes` hexes (VB-RET-01, VB-RET-05, VB-RET-07). */
export function retreatDefenders(state: VernianState, ctx: PhaseContext, target: string, side: Side, hexes: number): RetreatMade[] {
  const units = (occupancy(state).get(target) ?? []).filter((id) => unitInfo(id).combat && unitInfo(id).side === side);
  if (units.length === 0 || hexes <= 0) return [];
  if (fortressStands(state, target) && fortressOwner(target) === side) {
    ctx.emit({ type: 'retreat-ignored', hex: target, units, why: 'a standing friendly fortress (VB-RET-07, VB-FORT-06)' });
    return [];
  }
  const made: RetreatMade[] = [];
  // Where every unit is, kept up to date as each unit retreats (the next one sees where it went).
  const occ = occupancy(state);
  for (const unit of units) {
    const { length, paths } = longestRetreat(state, unit, target, hexes, occ);
    let path: string[] = [];
    if (paths.length === 1) path = paths[0]!;
    else if (paths.length > 1)
      path = ctx.decide<string[]>({
        id: `combat.${target}.retreat.${unit}`,
        seat: side,
        kind: 'retreat',
        prompt: `${unitInfo(unit).name} retreats ${length} hex${length > 1 ? 'es' : ''} from ${hexLabel(target)}: by which path?`,
        options: paths,
        default: defaultRetreat(state, unit, target, paths, occ),
      });
    for (const hex of path) takeControl(state, hex, side);
    if (path.length) state.units[unit]!.at = path[path.length - 1]!;
    const short = hexes - length;
    ctx.emit({ type: 'retreat', unit, from: target, path, short });
    for (let i = 0; i < short && isOnMap(state.units[unit]!.at); i++) loseStep(state, ctx, unit, 'retreat');
    relocate(occ, unit, target, state.units[unit]!.at);
    made.push({ unit, path, short });
  }
  return made;
}

/** What becomes of the HQs of a defending hex the combat left without defenders (VB-HQ-07, VB-RET-08). */
export function defendingHqs(state: VernianState, ctx: PhaseContext, target: string, side: Side, retreats: readonly RetreatMade[]): void {
  const occ = occupancy(state);
  if (hasCombatUnit(state, target, side, occ)) return;
  if (fortressStands(state, target) && fortressOwner(target) === side) return;
  const hqs = (occ.get(target) ?? []).filter((id) => unitInfo(id).hq && unitInfo(id).side === side);
  for (const hq of hqs) {
    const open = retreats.filter((r) => r.path.length > 0 && fits(state, hq, r.path[r.path.length - 1]!));
    const paths = [...new Map(open.map((r) => [r.path.join(), [...r.path]])).values()];
    if (paths.length === 0) {
      state.units[hq]!.at = 'out';
      ctx.emit({ type: 'eliminated', unit: hq, hex: target, cause: 'hq-alone' });
      continue;
    }
    const path =
      paths.length === 1
        ? paths[0]!
        : ctx.decide<string[]>({
            id: `combat.${target}.hq-retreat.${hq}`,
            seat: side,
            kind: 'retreat',
            prompt: `${unitInfo(hq).name} leaves ${hexLabel(target)} along the path of a unit that retreated: which?`,
            options: paths,
            default: paths[0]!,
          });
    state.units[hq]!.at = path[path.length - 1]!;
    ctx.emit({ type: 'retreat', unit: hq, from: target, path, short: 0 });
  }
}
