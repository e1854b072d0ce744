import { controller, occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import { otherSide } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { pieceType } from '../base/pieces.js';
import { supplyPicture, type SupplyPicture } from '../supply/supply.js';
import { supplyHoldings } from '../supply/ground.js';
import { flightReach, mayEndFlight } from './flight.js';

/**
 * Clauses: VV-ZEP-17, VV-ZEP-18, VV-ZEP-19, VV-ETH-07, VV-ETH-08, VV-ETH-32.
 * Where an air piece may be based. A Zeppelin's base (VV-ZEP-17 to VV-ZEP-19) is a hex that could trace Attack Supply
 * the normal overland way, judged without the Zeppelins' own supply, with no enemy unit in it. An Ether Flyer's base
 * (VV-ETH-07, VV-ETH-08) asks the same and one thing more: the hex is friendly, held by the flyer's side (VB-CTRL-01);
 * it may never stay in enemy territory. Both end only on a land hex of a belligerent (VV-ZEP-15).
 */

export type AirKind = 'zeppelin' | 'flyer';

/** Whether a hex holds an enemy unit of a side: a ground unit of the order of battle or an enemy piece on the map. */
export function enemyIn(state: VernianState, hex: string, side: Side, occ = occupancy(state)): boolean {
  if ((occ.get(hex) ?? []).some((id) => unitInfo(id).side !== side)) return true;
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    if (p.at === hex && p.side !== side) return true;
  }
  return false;
}

/**
 * Why a hex is no base for an air piece of a side, or undefined when it is one. The supply asked is the overland
 * Attack Supply of a ground unit of the side there, without the Zeppelins (VV-ZEP-19).
 */
export function baseRefusal(
  state: VernianState,
  side: Side,
  kind: AirKind,
  hex: string,
  occ = occupancy(state),
  overland = overlandSupply(state, side),
): string | undefined {
  if (!mayEndFlight(hex)) return 'an air piece ends its flight only on a land hex of a warring nation (VV-ZEP-15)';
  if (enemyIn(state, hex, side, occ)) return 'a base may hold no enemy unit (VV-ZEP-18)';
  if (kind === 'flyer' && controller(state, hex) !== side) {
    const enemy = otherSide(side) === 'germany' ? 'Germans' : 'Allies';
    return `an Ether Flyer's base must be a friendly hex, not one the ${enemy} hold (VV-ETH-08)`;
  }
  if (!overland.attackAt(hex)) return 'a base must be able to trace Attack Supply overland (VV-ZEP-17, VV-ZEP-19)';
  return undefined;
}

/** A side's overland supply, judged without the Zeppelins (VV-ZEP-19): what a base must be able to trace. */
export const overlandSupply = (state: VernianState, side: Side): SupplyPicture =>
  supplyPicture(state, side, supplyHoldings(state), { ignoreZeppelins: true });

/** Whether a hex is a base for an air piece of a side (VV-ZEP-17 to VV-ZEP-19, VV-ETH-08). */
export const isAirBase = (state: VernianState, side: Side, kind: AirKind, hex: string): boolean =>
  baseRefusal(state, side, kind, hex) === undefined;

/**
 * The bases an air piece of a side could fly to from a hex within `range` hexes, nearest first then by hex id: where
 * a piece rebases (VV-ZEP-16, VV-ETH-09), where a flyer displaced or returning may go (VV-ETH-11, VV-ETH-32).
 */
export function basesInReach(
  state: VernianState,
  side: Side,
  kind: AirKind,
  from: string,
  range: number,
  barred?: ReadonlySet<string>,
): string[] {
  const occ = occupancy(state);
  const overland = overlandSupply(state, side);
  const reach = flightReach(from, range, barred);
  return [...reach]
    .filter(([hex]) => baseRefusal(state, side, kind, hex, occ, overland) === undefined)
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([hex]) => hex);
}

/** The air pieces of a side and kind on the map, by id. */
export function airPiecesOf(state: VernianState, side: Side, kind: AirKind): string[] {
  return Object.keys(state.pieces)
    .filter((id) => {
      const p = state.pieces[id]!;
      return p.side === side && isOnMap(p.at) && pieceType(p.type).kind === kind;
    })
    .sort();
}
