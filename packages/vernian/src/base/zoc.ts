import { zoneOfControl, type HexStep } from '@umpire/engine';
import { hexBoard } from '../data/files.js';
import { fortressHexes, hexFacts, isPlayable } from './hexes.js';
import { fortressOwner, fortressStands, occupancy } from './positions.js';
import type { Side } from './sides.js';
import type { VernianState } from './state.js';
import { unitInfo } from './units.js';

/**
 * Clauses: VB-ZOC-01, VB-ZOC-02, VB-ZOC-03, VB-FORT-07.
 * Zones of control: every ground combat unit and every standing fortress exerts one into the six hexes around it,
 * for its side, whatever its factors or supply; not into sea or neutral hexes, across all-sea hexsides or the link.
 */

/** Whether a zone reaches across a step (VB-ZOC-02). */
export const zoneReaches = (step: HexStep): boolean =>
  step.crossing.link === undefined && !step.crossing.features.includes('all-sea') && isPlayable(hexFacts(step.to.id));

/**
 * Whether a hex is in the zone of control of a side's units and fortresses, asked hex by hex: the same answer as
 * `zoneOf(...).has(hex)` for a rule that looks at a few hexes only (a retreat). A hexside stops a zone both ways.
 */
export function inZoneOf(state: VernianState, side: Side, occ = occupancy(state)): (hex: string) => boolean {
  const board = hexBoard();
  const exerts = (hex: string): boolean =>
    (occ.get(hex) ?? []).some((id) => unitInfo(id).combat && unitInfo(id).side === side) ||
    (fortressStands(state, hex) && fortressOwner(hex) === side);
  return (hex) => {
    if (!isPlayable(hexFacts(hex))) return false;
    for (const step of board.steps(hex)) {
      if (step.crossing.link === undefined && !step.crossing.features.includes('all-sea') && exerts(step.to.id)) return true;
    }
    return false;
  };
}

/** The hexes in the zone of control of a side's units and fortresses, each with the hexes exerting it. */
export function zoneOf(state: VernianState, side: Side, occ = occupancy(state)): ReadonlyMap<string, readonly string[]> {
  const sources = new Set<string>();
  for (const [hex, ids] of occ) if (ids.some((id) => unitInfo(id).combat && unitInfo(id).side === side)) sources.add(hex);
  for (const h of fortressHexes()) if (fortressStands(state, h) && fortressOwner(h) === side) sources.add(h);
  return zoneOfControl(hexBoard(), sources, { reaches: zoneReaches });
}
