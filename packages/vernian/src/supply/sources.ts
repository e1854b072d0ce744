import { hexesNamed, hexFacts, type HexFacts } from '../base/hexes.js';
import { controller, occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { doverHex, doverIsGermanSource } from '../england/tunnel-guard.js';

/**
 * Clauses: VB-SUP-02, VB-SUP-03, VB-SUP-04, VV-SUP-05, VV-SUP-06, VV-TUN-06.
 * Ultimate supply sources. German: Germany's board-edge hexes on the West map's east and north edges. Allied: France's
 * board-edge hexes on its west and south edges, every Paris hex, the London hex and the England map's northern hexrow.
 * A source works for its side only while the side controls it and no enemy ground unit is in it. (The tunnel's Dover
 * source is the tunnel's rule, VV-TUN-06: a working German source while the tunnel is open, here and in supply.ts.)
 */

/** Whether a hex is one of a side's ultimate sources by the map alone (who holds it is not judged). */
export function isSourceHex(h: HexFacts | undefined, side: Side): boolean {
  if (!h || !h.land || h.neutral) return false;
  if (side === 'germany') return h.map === 'W' && h.nation === 'germany' && (h.edge === 'east' || h.edge === 'north');
  if (h.map === 'W') return (h.nation === 'france' && (h.edge === 'west' || h.edge === 'south')) || hexesNamed('Paris').includes(h.id);
  if (h.map === 'B') return h.nation === 'britain' && (h.edge === 'north' || isLondonHex(h.id));
  return false;
}

/** The London hex itself (not its six neighbours). */
export const isLondonHex = (hex: string): boolean => hexesNamed('London').includes(hex) && hexFacts(hex)?.name === 'London';

/** Whether a hex is a working ultimate source for a side now (VB-SUP-04). */
export function isWorkingSource(state: VernianState, hex: string, side: Side, occ = occupancy(state)): boolean {
  const tunnel = side === 'germany' && doverIsGermanSource(state) && hex === doverHex();
  if (!tunnel && !isSourceHex(hexFacts(hex), side)) return false;
  if (controller(state, hex) !== side) return false;
  return !(occ.get(hex) ?? []).some((id) => unitInfo(id).side !== side);
}
