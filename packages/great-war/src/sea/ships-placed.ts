/**
 * New ships among enemy ships (GW-P13-PLACE-09, -10; D-NAV-16): a reaction to the units placed in phase 13.
 */
import type { PhaseContext, SeatId } from '@umpire/engine';
import type { GreatWarState } from '../base/nations.js';
import { standingOrders } from '../combat/losses.js';
import type { GreatWarOrders } from '../orders/language.js';
import { carryAboard } from './aboard.js';
import { fightNavalBattle, navalBattlesAfterMovement } from './naval-combat.js';
import { isSurface } from './fleet.js';
import { settleCargo } from './transports.js';

/**
 * New surface ships placed in a sea zone where enemy surface ships are start a naval battle there, as its attackers
 * (GW-P13-PLACE-09, D-NAV-16); new submarines do not (GW-P13-PLACE-10: they dive, D-NAV-5). The new ships cannot
 * retreat: they have nowhere they came from.
 */
export function shipsPlacedAmongEnemies(state: GreatWarState, fresh: ReadonlySet<string>, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): void {
  const newShips = state.board.units.filter((u) => fresh.has(u.id) && isSurface(u.type));
  const zones = [...new Set(newShips.map((u) => u.at))].filter((z) => navalBattlesAfterMovement(state).includes(z)).sort();
  if (!zones.length) return;
  const standing = standingOrders(state, orders);
  const sailedIn = new Map(newShips.map((u) => [u.id, '']));
  for (const zone of zones) fightNavalBattle(state, zone, standing, ctx, sailedIn);
  // Troops aboard a transport sunk there go down with it (GW-UNIT-34); what ships carry follows them (D-EQUIP-7).
  settleCargo(state, ctx);
  carryAboard(state);
}
