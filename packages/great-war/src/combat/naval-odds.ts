import { allocateLosses, battleOdds, type OddsDice } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { commanderOf } from '../base/conquest.js';
import { arrangeLossOrder, defaultLossOrder, type StandingOrders } from './losses.js';
import { countByType, unitOrder } from '../base/counting.js';
import type { GreatWarState } from '../base/nations.js';
import { shipStats } from '../sea/fleet.js';
import { chanceForEvent } from './battle-odds.js';
import { type EventOdds } from './battle.js';
import { isAircraft } from '../base/counting.js';
import { oddsAircraftValue } from '../sea/ship-equipment.js';

/**
 * The odds a sea battle has before it is fought (D-NAV-17, as D-SIM-26 for land): the battle of phase 7 as
 * fightNavalBattle fights it, to the end, with the engine's exact calculator. A fleet's "units" for the calculator
 * are its hit points, taken one hit at a time in the order its loss order gives (a first hit damages each battleship
 * and carrier, then ships are sunk): after k hits the fleet is always in the same state, so its dice are known.
 * Exact for fleets of one commander each; a fleet of several commanders is marked approximate. Retreats are not
 * modelled. Attacking aircraft roll with radar's -1 where it applies when the battle begins; the odds are then
 * approximate, since the radar may be sunk during the battle (D-EQUIP-11).
 */

interface Slot {
  readonly ship: string;
  /** The ship's damage after this hit. */
  readonly damage: number;
}

/** The hits a fleet can take, in order, by its commander's loss order with damage first (D-NAV-7). */
function hitSequence(state: GreatWarState, ships: readonly BoardUnit[], standing: Pick<StandingOrders, 'losses'>): Slot[] {
  const list = [...ships].sort(unitOrder);
  if (!list.length) return [];
  const seat = commanderOf(state, list[0]!.nation) ?? list[0]!.nation;
  const types = Object.keys(countByType(list));
  const order = arrangeLossOrder(standing.losses.get(seat) ?? [], defaultLossOrder(state, list[0]!.nation, types));
  const damage = new Map(list.map((u) => [u.id, u.damage]));
  const hp = (u: BoardUnit) => shipStats(state, u.nation, u.type).hits ?? 1;
  const out: Slot[] = [];
  for (;;) {
    const r = allocateLosses(
      list.map((u) => ({ id: u.id, type: u.type, hitPoints: hp(u), damage: damage.get(u.id)! })),
      1,
      order,
      { damageFirst: true },
    );
    const hit = r.destroyed[0] ?? Object.keys(r.damaged)[0];
    if (hit === undefined) break;
    const next = r.destroyed[0] !== undefined ? hp(list.find((u) => u.id === hit)!) : r.damaged[hit]!;
    damage.set(hit, next);
    out.push({ ship: hit, damage: next });
  }
  return out;
}

/** The odds of a sea battle between an attacking and a defending fleet, for the 'naval-battle' event. */
export function navalBattleOdds(state: GreatWarState, attackers: readonly BoardUnit[], defenders: readonly BoardUnit[], standing: Pick<StandingOrders, 'losses'>): EventOdds {
  let radar = false;
  const side = (ships: readonly BoardUnit[], role: 'attacker' | 'defender') => {
    const slots = hitSequence(state, ships, standing);
    const cache = new Map<number, OddsDice[]>();
    return {
      size: slots.length,
      absorber: new Set(ships.map((u) => commanderOf(state, u.nation) ?? u.nation)).size === 1,
      fire: (alive: number) => {
        let dice = cache.get(alive);
        if (dice) return dice;
        const damage = new Map(ships.map((u) => [u.id, u.damage]));
        for (const s of slots.slice(0, slots.length - alive)) damage.set(s.ship, s.damage);
        dice = [];
        for (const u of ships) {
          const stats = shipStats(state, u.nation, u.type);
          const d = damage.get(u.id)!;
          if (d >= (stats.hits ?? 1)) continue;
          if (role === 'attacker' && u.type === 'battleship' && d > 0) continue;
          let value = (role === 'attacker' ? stats.attack : stats.defense) ?? 0;
          if (isAircraft(u.type)) {
            const v = oddsAircraftValue(state, u, value);
            value = v.value;
            radar ||= v.approximate;
          }
          if (value > 0) dice.push({ value });
        }
        cache.set(alive, dice);
        return dice;
      },
    };
  };
  const a = side(attackers, 'attacker');
  const d = side(defenders, 'defender');
  const odds = battleOdds(a, d);
  const r = chanceForEvent;
  const several = (ships: readonly BoardUnit[]) => new Set(ships.map((u) => commanderOf(state, u.nation) ?? u.nation)).size > 1;
    // As the battle's result says: 'none' when both fleets are gone, or both remain and neither can hit.
  return { attacker: r(odds.attackerWins), defender: r(odds.defenderHolds), none: r(odds.bothEliminated + odds.stalemate), exact: !several(attackers) && !several(defenders) && !radar };
}
