import { ordersOf } from '@umpire/engine';
import { commanderOf, nationIndex } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { groupBy, statsOf } from '../base/counting.js';
import { type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';

/**
 * Losses in battle (GW-COMBAT, GW-P10-LAND; decisions D-SIM-9 onward): the standing loss orders and retreats a
 * seat gives, the default order of losses, and how hits are shared among the units and nations of a side. Land,
 * air and naval combat all use it.
 */

/** `losses infantry, artillery`: the order in which a nation takes its losses this turn (standing for every battle). */
export type LossesOrder = { kind: 'losses'; order: string[] };

/** `retreat from Verdun [to Paris] (after round N | when outnumbered)`: a standing retreat order for one battle. */
export type RetreatOrder = { kind: 'retreat'; from: string; to?: string; after?: number; when?: 'outnumbered' };

/** The standing orders that answer a battle's decisions (decision D-SIM-17, D-SIM-19). */
export interface StandingOrders {
  readonly losses: ReadonlyMap<string, readonly string[]>;
  readonly retreats: ReadonlyMap<string, ReadonlyMap<string, RetreatOrder>>;
}

/** Types a loss order may name: land units, aircraft and ships (sea battles read the same order). */
export const CASUALTY_TYPES = ['infantry', 'artillery', 'tank', 'aa-gun', 'fighter', 'bomber', 'transport', 'cruiser', 'submarine', 'battleship', 'carrier'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Losses.

/** A nation's default loss order: cheapest first (ties in the unit table's order). */
export function defaultLossOrder(state: GreatWarState, nation: string, types: readonly string[]): string[] {
  const table = unitTable().list.map((u) => u.id as string);
  const cost = (t: string) => statsOf(state, nation, t).cost ?? Number.MAX_SAFE_INTEGER;
  return [...types].sort((a, b) => cost(a) - cost(b) || table.indexOf(a) - table.indexOf(b));
}

/** The types present, ordered by a standing loss order: the types it names in its order, then the rest by default. */
export function arrangeLossOrder(standing: readonly string[], fallback: readonly string[]): string[] {
  return [...standing.filter((t) => fallback.includes(t)), ...fallback.filter((t) => !standing.includes(t))];
}

/**
 * Share hits among the commanders of a side in proportion to their units that can be lost (largest remainder;
 * ties to the larger force, then the first in seat order), never more than a commander has (D-SIM-17, gap G15).
 */
export function splitHits(hits: number, groups: readonly { readonly key: string; readonly units: number }[]): Map<string, number> {
  const out = new Map(groups.map((g) => [g.key, 0]));
  const total = groups.reduce((s, g) => s + g.units, 0);
  let left = Math.min(hits, total);
  if (left === 0) return out;
  const exact = groups.map((g, i) => ({ g, i, share: (left * g.units) / total }));
  for (const e of exact) out.set(e.g.key, Math.floor(e.share));
  left -= exact.reduce((s, e) => s + Math.floor(e.share), 0);
  const byRemainder = [...exact].sort((a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)) || b.g.units - a.g.units || a.i - b.i);
  for (const e of byRemainder) {
    if (left === 0) break;
    if (out.get(e.g.key)! < e.g.units) {
      out.set(e.g.key, out.get(e.g.key)! + 1);
      left--;
    }
  }
  return out;
}

/** Hits on a group of units shared among their commanders (splitHits, in proportion to the hits they can take), in seat order; only commanders with a share. */
export function shareHits<T>(state: GreatWarState, items: readonly T[], nationOfItem: (item: T) => string, hits: number, hitsLeft: (item: T) => number = () => 1): { commander: string; items: T[]; share: number }[] {
  const byCommander = [...groupBy(items, (x) => commanderOf(state, nationOfItem(x)) ?? nationOfItem(x))].sort((a, b) => nationIndex(state, a[0]) - nationIndex(state, b[0]));
  // What each commander can take: one hit a unit, more for a ship that takes several (D-NAV-7).
  const shares = splitHits(
    hits,
    byCommander.map(([key, list]) => ({ key, units: list.reduce((n, x) => n + hitsLeft(x), 0) })),
  );
  return byCommander.map(([commander, list]) => ({ commander, items: list, share: shares.get(commander) ?? 0 })).filter((g) => g.share > 0);
}

/** Every seat's standing orders for the battles of the turn. */
export function standingOrders(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>): StandingOrders {
  const losses = new Map<string, string[]>();
  const retreats = new Map<string, Map<string, RetreatOrder>>();
  for (const n of state.nations) {
    const given = orders.get(n.id);
    const l = ordersOf<LossesOrder>(given, 'losses')[0];
    if (l) losses.set(n.id, l.order);
    const r = new Map<string, RetreatOrder>();
    for (const o of ordersOf<RetreatOrder>(given, 'retreat')) if (!r.has(o.from)) r.set(o.from, o);
    if (r.size) retreats.set(n.id, r);
  }
  return { losses, retreats };
}
