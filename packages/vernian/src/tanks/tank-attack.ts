import type { PhaseContext } from '@umpire/engine';
import { hexBoard, terrainData } from '../data/files.js';
import { hexFacts, hexLabel, isPlayable } from '../base/hexes.js';
import { pieceStateLabel, piecesIn } from '../base/pieces.js';
import { enemyGroundPiece, fortressOwner, fortressStands, takeControl, unitsIn } from '../base/positions.js';
import { otherSide, type Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';

/**
 * Clauses: VV-TANK-10, VV-TANK-11, VV-TANK-14, VV-TANK-15, VV-TANK-16, VV-TANK-17, VV-TANK-18, VV-TANK-19, VV-TANK-20.
 * Tanks in attacks (D-AMB-52, D-AMB-53, D-AMB-54). A Tank helps when attacking infantry of its side stands in its hex
 * (VV-TANK-11): its stack is that infantry. It helps whatever its own supply (VV-TANK-14), and never against a hex
 * holding an enemy Tank: the infantry still attack, without the Tanks' help (VV-TANK-10, AMB-54). The help: the
 * attacker's first step lost in the combat is ignored, once a combat however many Tanks help (VV-TANK-15, VV-TANK-16);
 * in each Tank's stack one infantry unit attacks at double its factor, halved first for supply (VV-TANK-20, D-AMB-53),
 * the one the order's `double` names, else the strongest (then the lowest id); and a Tank whose stack advances takes
 * it on into a second hex next to the attacked one, vacant, if the order's `beyond` names one (VV-TANK-17 to VV-TANK-19).
 */

/** A Tank that helps an attack, with its stack: the attacking infantry in its hex. */
export type TankStack = { readonly piece: string; readonly hex: string; readonly units: readonly string[] };

/** The Tanks of an attack: those that help, why none does when some could (VV-TANK-10). */
export type TankUse = { readonly stacks: readonly TankStack[]; readonly barred?: string };

/** The Tanks that help an attack by `attackers` on `target` (VV-TANK-10, VV-TANK-11). */
export function tankUse(state: VernianState, side: Side, target: string, attackers: readonly string[]): TankUse {
  const stacks: TankStack[] = [];
  const hexes = [...new Set(attackers.map((id) => state.units[id]!.at))];
  for (const hex of hexes) {
    const piece = piecesIn(state, hex, 'tank', side)[0];
    const units = attackers.filter((id) => state.units[id]!.at === hex && unitInfo(id).infantry);
    if (piece && units.length) stacks.push({ piece, hex, units });
  }
  if (stacks.length && piecesIn(state, target, 'tank', otherSide(side)).length)
    return { stacks: [], barred: `${hexLabel(target)} holds an enemy Tank: no Tank helps an attack on it (VV-TANK-10)` };
  return { stacks };
}

/** Why a unit named to be doubled may not be, or undefined (VV-TANK-20). */
export function doubleProblem(use: TankUse, wanted: readonly string[], unit: string): string | undefined {
  const stack = use.stacks.find((s) => s.units.includes(unit));
  if (!stack)
    return use.barred
      ? `${unitInfo(unit).name} is doubled by no Tank: ${use.barred}`
      : `${unitInfo(unit).name} is no attacking infantry in the hex of a Tank of yours: only they are doubled (VV-TANK-11, VV-TANK-20)`;
  const other = wanted.find((id) => id !== unit && stack.units.includes(id));
  if (other) return `one unit a Tank's stack is doubled, and ${unitInfo(other).name} is doubled by the same Tank (VV-TANK-20)`;
  return undefined;
}

/**
 * The units whose attack is doubled: in each Tank's stack the one `wanted` names, else the one with the most attack
 * (its factor after supply, as `factor` gives it), then the lowest id (VV-TANK-20, D-AMB-53).
 */
export function doubledUnits(use: TankUse, wanted: readonly string[], factor: (unit: string) => number): string[] {
  return use.stacks.map((s) => {
    const named = s.units.find((id) => wanted.includes(id));
    if (named) return named;
    return [...s.units].sort((a, b) => factor(b) - factor(a) || (a < b ? -1 : 1))[0]!;
  });
}

/** Why a hex may not be the second hex of a Tank's advance now, or undefined (VV-TANK-19, D-AMB-52). */
export function secondHexProblem(state: VernianState, side: Side, target: string, beyond: string): string | undefined {
  const crossing = hexBoard().crossing(target, beyond);
  if (!crossing) return `${hexLabel(beyond)} is not next to ${hexLabel(target)}, the hex attacked (VV-TANK-19)`;
  if (crossing.link !== undefined || crossing.features.some((f) => terrainData().hexsides[f]?.move === 'prohibited'))
    return `the advance may not cross the all-sea hexside into ${hexLabel(beyond)}`;
  if (!isPlayable(hexFacts(beyond))) return `${hexLabel(beyond)} is no hex a unit may stand on`;
  if (unitsIn(state, beyond).length || enemyGroundPiece(state, beyond, side) || piecesIn(state, beyond, 'afb').length)
    return `${hexLabel(beyond)} is not vacant (VV-TANK-19)`;
  if (piecesIn(state, beyond, 'tank', side).length) return `${hexLabel(beyond)} is not vacant (VV-TANK-19)`;
  if (fortressStands(state, beyond) && fortressOwner(beyond) !== side) return `${hexLabel(beyond)} holds a standing enemy fortress`;
  if (state.bombarded.includes(beyond)) return `${hexLabel(beyond)} was cleared by this turn's bombardment (VV-ART-16)`;
  return undefined;
}

/**
 * After the attacker's advance into the attacked hex: each Tank whose stack advanced and left no infantry of its side
 * behind goes with it (one Tank a hex, VV-TANK-02); then, if the order names a second hex, the first Tank that
 * advanced goes on into it with the units of its stack that advanced (VV-TANK-17 to VV-TANK-19).
 */
export function tanksAdvance(
  state: VernianState,
  ctx: PhaseContext,
  side: Side,
  target: string,
  use: TankUse,
  advanced: readonly string[],
  beyond: string | undefined,
): void {
  let leader: TankStack | undefined;
  for (const stack of use.stacks) {
    const went = stack.units.filter((id) => advanced.includes(id));
    if (!went.length || !isOnMap(state.pieces[stack.piece]!.at)) continue;
    const left = unitsIn(state, stack.hex).some((id) => unitInfo(id).infantry && unitInfo(id).side === side);
    if (left || piecesIn(state, target, 'tank', side).length) continue;
    state.pieces[stack.piece]!.at = target;
    ctx.emit({ type: 'piece-advance', piece: stack.piece, label: pieceStateLabel(stack.piece, state.pieces[stack.piece]!), to: target });
    leader ??= { ...stack, units: went };
  }
  if (beyond === undefined) return;
  if (!leader) {
    ctx.emit({ type: 'tank-advance-blocked', hex: beyond, why: 'no Tank advanced into the hex attacked (VV-TANK-17)' });
    return;
  }
  const why = secondHexProblem(state, side, target, beyond);
  if (why) {
    ctx.emit({ type: 'tank-advance-blocked', hex: beyond, why });
    return;
  }
  for (const id of leader.units) {
    state.units[id]!.at = beyond;
    ctx.emit({ type: 'advance', unit: id, from: target, to: beyond });
  }
  state.pieces[leader.piece]!.at = beyond;
  ctx.emit({ type: 'piece-advance', piece: leader.piece, label: pieceStateLabel(leader.piece, state.pieces[leader.piece]!), to: beyond });
  takeControl(state, beyond, side);
}

/**
 * A defending Tank whose infantry retreated from its hex goes with the first of them whose path ends where no Tank of
 * its side stands; with none, it is left alone and destroyed (VV-TANK-06). Called once the retreats are made.
 */
export function tanksFollowRetreat(
  state: VernianState,
  ctx: PhaseContext,
  target: string,
  side: Side,
  retreats: readonly { readonly unit: string; readonly path: readonly string[] }[],
): void {
  for (const piece of piecesIn(state, target, 'tank', side)) {
    if (unitsIn(state, target).some((id) => unitInfo(id).infantry && unitInfo(id).side === side)) continue;
    const along = retreats.find(
      (r) => r.path.length && unitInfo(r.unit).infantry && piecesIn(state, r.path[r.path.length - 1]!, 'tank', side).length === 0,
    );
    if (!along) continue;
    state.pieces[piece]!.at = along.path[along.path.length - 1]!;
    ctx.emit({
      type: 'piece-retreat',
      piece,
      label: pieceStateLabel(piece, state.pieces[piece]!),
      from: target,
      to: state.pieces[piece]!.at,
    });
  }
}
