import { compareCodeUnits } from '../../canonical.js';
import type { HexBoard, HexStep } from './board.js';

/**
 * Zones of control: the hexes next to the hexes of units that exert one. The ruleset says whose units exert a zone
 * (it passes their hexes) and what stops a zone reaching a neighbour (an all-sea hexside, a major river, a link
 * between maps, the terrain of either hex), the kit finds the hexes.
 */
export interface ZoneRules {
  /** Whether a unit's zone reaches across this step into the neighbour; every step when left out. */
  readonly reaches?: (step: HexStep) => boolean;
}

/**
 * Each hex in the zone of control of units in `sources`, with the source hexes whose zone reaches it (in id order);
 * the map is in hex id order. A source hex is in the zone only when another source's zone reaches it.
 */
export function zoneOfControl(board: HexBoard, sources: Iterable<string>, rules: ZoneRules = {}): ReadonlyMap<string, readonly string[]> {
  const zone = new Map<string, string[]>();
  for (const source of [...new Set(sources)].sort(compareCodeUnits)) {
    for (const step of board.steps(source)) {
      if (rules.reaches && !rules.reaches(step)) continue;
      const by = zone.get(step.to.id);
      if (by) by.push(source);
      else zone.set(step.to.id, [source]);
    }
  }
  return new Map([...zone].sort(([a], [b]) => compareCodeUnits(a, b)));
}
