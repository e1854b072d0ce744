import { allocateLosses, rollPool, type PhaseContext, type PoolEntry } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { commanderOf } from '../base/conquest.js';
import { arrangeLossOrder, defaultLossOrder, shareHits, type StandingOrders } from '../combat/losses.js';
import { countByType, groupBy, unitOrder, unitWord } from '../base/counting.js';
import { type GreatWarState } from '../base/nations.js';
import { bombardingValue } from './fleet.js';
import { statsOfUnit } from '../base/units.js';
import { flightOf } from '../air/aircraft.js';
import { isAircraft } from '../base/counting.js';
import { aircraftAttackValue } from './ship-equipment.js';

/**
 * A round of a fight at sea (GW-P07-NAVCOMBAT-07..11, GW-UNIT-16): the fleets' dice, 1D10 a ship at its attack or
 * defence, the hits a side takes after its fictive unit (D-SIM-18), losses shared among commanders by their loss
 * orders, a first hit damaging a battleship or carrier (D-NAV-7), the fuel aircraft spend on a round. Shared by the
 * surface battles (naval-combat.ts) and the fights of submarines (submarine-fights.ts).
 */

export interface Fleet {
  readonly role: 'attacker' | 'defender';
  readonly nations: string[];
  readonly ships: BoardUnit[];
  /** The fictive unit (D-SIM-18) of a one-commander side. */
  absorber: boolean;
}

/** Whether a ship can score this round: a value above 0, and a damaged battleship does not attack (GW-UNIT-16). */
export function valueOf(state: GreatWarState, ship: BoardUnit, role: Fleet['role']): number {
  const stats = statsOfUnit(state, ship); // without the paid advances it lacks (D-UPG-2)
  // Attacking aircraft roll their attack with the ships, while they have fuel for the round (GW-P07-NAVCOMBAT step 4, D-AIR-32).
  // Radar on an enemy ship in the zone costs them 1 (GW-TECH-65, D-EQUIP-8).
  if (isAircraft(ship.type)) return (flightOf(state, ship.id)?.fuel ?? 0) > 0 ? aircraftAttackValue(state, ship, stats.attack ?? 0) : 0;
  if (role === 'attacker' && ship.type === 'battleship' && ship.damage > 0) return 0;
  return (role === 'attacker' ? stats.attack : stats.defense) ?? 0;
}

export const hitPoints = (state: GreatWarState, ship: BoardUnit) => statsOfUnit(state, ship).hits ?? 1;

/** What a fleet scored in a round: its hits, and how many of them its submarines scored (GW-P07-NAVCOMBAT-11). */
export interface Fire {
  readonly hits: number;
  readonly bySubmarines: number;
}

/** A fleet's dice for a round: 1D10 a ship at its attack or defence, by nation (GW-P07-NAVCOMBAT-07); `adjust` changes a ship's value (sonar, D-EQUIP-10). */
export function fleetFire(state: GreatWarState, ctx: PhaseContext, ships: readonly BoardUnit[], role: Fleet['role'], purpose: (nation: string) => string, round?: number, adjust?: (u: BoardUnit, value: number) => number): Fire {
  let hits = 0;
  let bySubmarines = 0;
  for (const [nation, list] of groupBy(ships, (u) => u.nation)) {
    const counter = new Map<string, number>();
    const entries: PoolEntry[] = [];
    const types: string[] = [];
    for (const u of list) {
      const k = (counter.get(u.type) ?? 0) + 1;
      counter.set(u.type, k);
      // In a surface battle's first round a battleship that bombarded fires at a quarter of its value (GW-P07-NAVCOMBAT-17).
      const base = round === undefined ? valueOf(state, u, role) : bombardingValue(state, u, round, valueOf(state, u, role));
      const value = adjust ? adjust(u, base) : base;
      if (value <= 0) continue;
      entries.push({ label: `${unitWord(u.type)} #${k}${u.damage ? ' (damaged)' : ''}`, value });
      types.push(u.type);
    }
    if (!entries.length) continue;
    const r = rollPool(ctx, entries, { purpose: purpose(nation) });
    hits += r.hits;
    r.rolls.forEach((roll, i) => {
      if (roll.hit && types[i] === 'submarine') bySubmarines++;
    });
  }
  return { hits, bySubmarines };
}

/**
 * The hits a fleet takes from `fire`, after its fictive unit (D-SIM-18) takes the first of them; hits scored by
 * submarines may only be applied to ships (GW-P07-NAVCOMBAT-11), and the fictive unit is no ship (D-NAV-14).
 */
export function hitsTaken(fleet: Fleet, fire: Fire): { hits: number; absorbed: number } {
  if (fleet.absorber && fire.hits - fire.bySubmarines > 0) {
    fleet.absorber = false;
    return { hits: fire.hits - 1, absorbed: 1 };
  }
  return { hits: fire.hits, absorbed: 0 };
}

export const oneCommand = (state: GreatWarState, ships: readonly BoardUnit[]) => new Set(ships.map((u) => commanderOf(state, u.nation) ?? u.nation)).size === 1;

/** The losses and damage of a round of a sea fight, as events: each side's, by nation. */
export function emitRoundLosses(ctx: PhaseContext, zone: string, round: number, sides: readonly Fleet[], results: readonly { sunk: BoardUnit[]; damaged: BoardUnit[] }[]): void {
  for (const [i, r] of results.entries()) {
    for (const [nation, list] of groupBy(r.sunk, (u) => u.nation)) ctx.emit({ type: 'losses', area: zone, round, role: sides[i]!.role, nation, units: countByType(list), ids: list.map((u) => u.id) });
    for (const [nation, list] of groupBy(r.damaged, (u) => u.nation)) ctx.emit({ type: 'ship-damaged', area: zone, round, nation, units: countByType(list), ids: list.map((u) => u.id) });
  }
}

/** Each aircraft among `units` spends 1 fuel on the round (GW-UNIT-50, D-AIR-32); returns the aircraft. */
export function spendRoundFuel(state: GreatWarState, units: readonly BoardUnit[]): BoardUnit[] {
  const flying = units.filter((u) => isAircraft(u.type));
  for (const u of flying) {
    const fl = flightOf(state, u.id);
    if (fl) fl.fuel -= 1;
  }
  return flying;
}

/** Take `hits` from a fleet: shared among commanders, each by its loss order; a first hit damages a battleship or carrier (D-NAV-7). */
export function takeShipLosses(state: GreatWarState, standing: StandingOrders, ships: readonly BoardUnit[], hits: number): { sunk: BoardUnit[]; damaged: BoardUnit[] } {
  const sunk: BoardUnit[] = [];
  const damaged: BoardUnit[] = [];
  for (const { commander, items, share } of shareHits(state, ships, (u) => u.nation, hits, (u) => hitPoints(state, u) - u.damage)) {
    const list = [...items].sort(unitOrder);
    const types = Object.keys(countByType(list));
    const order = arrangeLossOrder(standing.losses.get(commander) ?? [], defaultLossOrder(state, list[0]!.nation, types));
    const r = allocateLosses(
      list.map((u) => ({ id: u.id, type: u.type, hitPoints: hitPoints(state, u), damage: u.damage })),
      share,
      order,
      { damageFirst: true },
    );
    for (const u of list) {
      if (r.destroyed.includes(u.id)) sunk.push(u);
      else if (r.damaged[u.id] !== undefined) {
        u.damage = r.damaged[u.id]!;
        damaged.push(u);
      }
    }
  }
  return { sunk, damaged };
}

export const byNation = (ships: readonly BoardUnit[]) => [...groupBy(ships, (u) => u.nation)].map(([nation, list]) => ({ nation, units: countByType(list) }));
