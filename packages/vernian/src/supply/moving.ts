import { hexLabel } from '../base/hexes.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { pieceStateLabel } from '../base/pieces.js';
import { spread, supplyGrid } from './grid.js';
import { SUPPLY_RANK, supplyPicture, type SupplyState } from './supply.js';

/**
 * Clauses: VV-SUP-07, VV-SUP-08, VV-SUP-09.
 * What supply asks of a move, judged where the unit ends its move, with every other unit where it then is (D-AMB-11):
 * a unit in Attack Supply at the start of its player-turn may not end its move out of Attack Supply (VV-SUP-07); a
 * unit that starts its player-turn out of Attack Supply may move only if it ends in a better supply state (VV-SUP-08)
 * or closer to a source (VV-SUP-09). A source here is a working ultimate source, a supply point (a friendly town or
 * city that reaches one), a supplied HQ or a Zeppelin that supplies (VV-ZEP-06), judged at the start (D-AMB-08).
 * "Closer" is strictly fewer hexes to the nearest of them, counted over land on the unit's map whatever units and zones
 * of control lie between (D-AMB-08): neutral hexes are land and count, sea hexes, all-sea hexsides and the link do not.
 * Tanks and the Armored Front Buster are judged the same way by the hex they end in.
 * Retreats, pushes and advances are not moves of the player's will and are never judged here.
 */

const STATE_NAMES: Readonly<Record<SupplyState, string>> = { attack: 'Attack Supply', defense: 'Defense Supply', out: 'Out of Supply' };

/** The hexes over land from each hex to the nearest source of a side in a state; -1 where none can be reached over land. */
function distancesToSources(state: VernianState, side: Side): Int32Array {
  const grid = supplyGrid();
  const sources = supplyPicture(state, side).sourceHexes();
  const seeds = [...sources.ultimate, ...sources.points, ...sources.hqs, ...sources.zeppelins].map((h) => grid.index.get(h)!);
  return spread(grid.landStart, grid.landNext, seeds, undefined);
}

/**
 * Why supply forbids a unit's move, or undefined when it allows it. `start` is the state at the start of the player's
 * player-turn (before his New Units Phase, D-BG-18); `after` the state once the unit has made its move. A unit not on
 * the map at the start was placed this turn in a hex in supply (VB-REIN-05), so it counts as in Attack Supply.
 */
export function supplyMoveRefusal(start: VernianState, after: VernianState, unit: string): string | undefined {
  const to = after.units[unit]?.at ?? after.pieces[unit]?.at;
  if (to === undefined || !isOnMap(to)) return undefined;
  const piece = after.pieces[unit];
  const u = piece ? { side: piece.side, name: pieceStateLabel(unit, piece) } : unitInfo(unit);
  const from = start.units[unit]?.at ?? start.pieces[unit]?.at ?? 'box';
  const before: SupplyState = isOnMap(from) ? (supplyPicture(start, u.side).stateAt(from) ?? 'out') : 'attack';
  const now = supplyPicture(after, u.side).stateAt(to) ?? 'out';
  if (before === 'attack') {
    if (now === 'attack') return undefined;
    const where = `${u.name} would end its move in ${hexLabel(to)} in ${STATE_NAMES[now]}`;
    return `${where}: a unit in Attack Supply may not move out of it (VV-SUP-07)`;
  }
  if (SUPPLY_RANK[now] > SUPPLY_RANK[before]) return undefined;
  const dist = distancesToSources(start, u.side);
  const grid = supplyGrid();
  const was = dist[grid.index.get(from)!]!;
  const is = dist[grid.index.get(to)!]!;
  if (is >= 0 && (was < 0 || is < was)) return undefined;
  const far = (d: number) => (d < 0 ? 'no source over land' : `${d} hexes from the nearest source`);
  return (
    `${u.name} started the turn in ${STATE_NAMES[before]} and would end in ${hexLabel(to)} in ${STATE_NAMES[now]}, ` +
    `${far(is)} against ${far(was)} before: it may move only to better its supply or to come closer to a source (VV-SUP-08, VV-SUP-09)`
  );
}
