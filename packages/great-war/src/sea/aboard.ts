import type { BoardUnit } from '../base/board.js';
import { fuelOf } from '../air/aircraft.js';
import { isAircraft } from '../base/counting.js';
import { nationName } from '../base/conquest.js';
import { unitOrder, unitWord } from '../base/counting.js';
import { atWar, nationOf, type GreatWarState } from '../base/nations.js';
import { isSurface } from './fleet.js';
import { isFitted } from './fleet.js';

import { ruleNumbers } from '../data/rules.js';
import { unitStats } from '../base/units.js';

/**
 * What ships carry (GW-UNIT-36..43; decisions D-AIR-40 to D-AIR-45, D-EQUIP-7): units aboard, carriers' room and
 * who may serve on them, aircraft over a sea zone, enemy ships there. Read by aircraft at sea, carrier operations
 * and ship equipment.
 */

/** The units on board a ship. */
export const unitsAboard = (state: GreatWarState, ship: BoardUnit): BoardUnit[] => state.board.units.filter((u) => u.aboard === ship.id).sort(unitOrder);

/**
 * Why `nation`'s aircraft of `type` may not serve on a carrier, or undefined if they may: only fighters (GW-UNIT-43),
 * with 5 fuel or more (GW-UNIT-55), of a nation with an Aircraft Carriers advance (GW-UNIT-36).
 */
export function carrierRefusal(state: GreatWarState, nation: string, type: string): string | undefined {
  if (type !== 'fighter') return `${unitWord(type, 2)} may not be based on aircraft carriers (GW-UNIT-43)`;
  const n = nationOf(state, nation);
  if (!n || (n.tech['aircraft-carriers'] ?? 0) < air.carrierAdvances) return `${nationName(state, nation)} has no Aircraft Carriers advance (GW-UNIT-36)`;
  const fuel = fuelOf(state, nation, type);
  if (fuel < air.carrierFuel) return `${nationName(state, nation)}'s fighters have ${fuel} fuel; a fighter needs ${air.carrierFuel} to serve on a carrier (GW-UNIT-55)`;
  return undefined;
}

/** A nation's carriers in a zone with room left, in id order, with the room each has. Damaged carriers take fighters too (GW-UNIT-42). */
export function carrierRoom(state: GreatWarState, nation: string, zone: string): { carrier: BoardUnit; room: number }[] {
  return state.board.units
    .filter((u) => u.at === zone && u.nation === nation && u.type === 'carrier')
    .sort(unitOrder)
    .map((carrier) => ({ carrier, room: carrierCapacity(state, carrier) - unitsAboard(state, carrier).filter((u) => isAircraft(u.type)).length }))
    .filter((c) => c.room > 0);
}

/** Fighters that may fly from a carrier: on board an undamaged one (GW-UNIT-41, GW-P07-NAVCOMBAT-02). */
export function mayLaunch(state: GreatWarState, fighter: BoardUnit): boolean {
  const carrier = fighter.aboard ? state.board.units.find((u) => u.id === fighter.aboard) : undefined;
  return carrier !== undefined && carrier.type === 'carrier' && carrier.damage === 0;
}

/** Units on board stand where their ship stands (a carrier carries its fighters when it sails: D-AIR-34). */
export function carryAboard(state: GreatWarState): void {
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  // Troops aboard transports follow them by the transports' own rule (settleCargo, transports.ts); what is fitted to a transport follows it here (D-EQUIP-7).
  for (const u of state.board.units) {
    const ship = u.aboard === undefined ? undefined : byId.get(u.aboard);
    if (ship && (ship.type !== 'transport' || isFitted(u))) u.at = ship.at;
  }
}

/** Enemy surface ships of `nation` in a zone (submarines dive: aircraft find them only by hunting). */
export function enemyShipsIn(state: GreatWarState, nation: string, zone: string): BoardUnit[] {
  return state.board.units.filter((u) => u.at === zone && isSurface(u.type) && atWar(state, nation, u.nation)).sort(unitOrder);
}

/** Attacking aircraft in the air over a sea zone, in unit order. */
export function aircraftOverSea(state: GreatWarState, zone: string): BoardUnit[] {
  const ids = new Set(state.air.flights.filter((f) => f.to === zone && f.mission === 'attack').map((f) => f.unit));
  return state.board.units.filter((u) => ids.has(u.id) && u.at === zone).sort(unitOrder);
}

export const air = ruleNumbers.air;

/** How many fighters a carrier holds: its fighterCapacity with the nation's advances (GW-UNIT-38, GW-TECH carriers). */
export function carrierCapacity(state: GreatWarState, carrier: BoardUnit): number {
  const n = nationOf(state, carrier.nation);
  return (n ? unitStats(state, n, 'carrier' as never).fighterCapacity : 0) ?? 0;
}
