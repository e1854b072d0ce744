import { type PhaseContext, ok, err, type Result, type Problem, ordersOf, type UnitSelection } from '@umpire/engine';
import { allied, nationName, resolveExiles, updateLiberation } from '../base/conquest.js';
import { barred, checkUnitsFromTo, formatSelection, parseUnitsFromTo, checkOrderedUnits, voidOrder, commandsOrVoid } from '../orders/grammar.js';
import { areaDisplay, countByType, enemiesIn, landUnitsAt, movableLandTypes, presenceFor, presenceOf } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { emptyLandTurn, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, Ledger, OrderSpec } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { railTakenByOptions } from '../p01-options/national-options.js';

/**
 * Phase 11: strategic movement (GW-P11-STRAT, decision D-SIM-23 of docs/great-war/adjudication.md). Instead of its
 * phase-8 move a unit may go any distance by rail and road through territories held and incorporated by its nation
 * or an ally, with no enemies in them. A territory's capacity is its resource value: that many units in and out of it
 * in a turn, all nations together; territories passed through do not count (A53). Then the turn's governments in
 * exile take effect and liberation is counted (GW-CONQ), and the land turn's record is cleared.
 */

export type StrategicOrder = { kind: 'strategic'; nation?: string; from: string; to: string; units: UnitSelection };

/** A territory's strategic capacity: its resource value (GW-P11-STRAT-03). */
export const capacityOf = (world: WorldMap, territory: string): number => world.territory.get(territory)?.value ?? 0;

export type StrategicCheck = Result<{ readonly path: string[] }, Problem>;

/**
 * The rail path of a strategic move now: from, to and every territory between held by the nation or an ally and
 * incorporated, with no enemy units, joined by land borders (not straits: there are no rails across water), and
 * none barred to the unit types (GW-P11-STRAT-02).
 */
export function strategicPath(state: GreatWarState, world: WorldMap, presence: ReadonlyMap<string, ReadonlySet<string>>, nation: string, from: string, to: string, types: readonly string[]): StrategicCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  if (from === to) return err({ code: 'same-territory', message: `a strategic move goes from one territory to another; ${name(from)} is both`, field: 'to' });
  const usable = (id: string) => {
    const hold = state.board.territories[id];
    return hold !== undefined && hold.incorporated && allied(state, nation, hold.owner) && !enemiesIn(state, presence, id, nation) && types.every((t) => !barred(id, t));
  };
  for (const [id, field] of [
    [from, 'from'],
    [to, 'to'],
  ] as const) {
    if (!usable(id)) {
      const hold = state.board.territories[id];
      const why = !hold ? 'is not a land territory' : !allied(state, nation, hold.owner) ? `is held by ${nationName(state, hold.owner)}` : !hold.incorporated ? 'is not incorporated' : enemiesIn(state, presence, id, nation) ? 'holds enemy units' : 'is barred to these units';
      return err({ code: 'not-rail-territory', message: `strategic moves run through friendly, incorporated territories; ${name(id)} ${why}`, field });
    }
  }
  const path = world.graph.path(from, to, { kinds: ['land'], pass: usable });
  if (!path) return err({ code: 'no-rail-path', message: `no chain of friendly, incorporated territories joins ${name(from)} to ${name(to)} by land`, field: 'to' });
  return ok({ path: [...path] });
}

/** How many units an order takes, counted against the units there (for 'all': all those not taken by other orders). */
function orderCount(state: GreatWarState, seat: string, order: StrategicOrder, ledger: Ledger): number {
  const nation = order.nation ?? seat;
  const here = countByType(landUnitsAt(state, nation, order.from));
  if (order.units !== 'all') {
    let n = 0;
    for (const [type, c] of Object.entries(order.units)) n += c === 'all' ? (here[type] ?? 0) : c;
    return n;
  }
  const taken = ledger.admitted
    .filter((o) => (o.kind === 'move' || o.kind === 'strategic') && o['from'] === order.from && ((o['nation'] as string | undefined) ?? seat) === nation && o['units'] !== 'all')
    .reduce((s, o) => s + Object.values(o['units'] as Record<string, number | 'all'>).reduce<number>((x, c) => x + (c === 'all' ? 0 : c), 0), 0);
  return Math.max(0, Object.values(here).reduce((s, c) => s + c, 0) - taken);
}

/** Units already sent into and out of a territory by admitted strategic orders. */
function capacityUsed(state: GreatWarState, seat: string, ledger: Ledger, territory: string): number {
  let used = 0;
  for (const o of ledger.admitted) {
    if (o.kind !== 'strategic') continue;
    const s = o as unknown as StrategicOrder;
    if (s.from === territory || s.to === territory) used += orderCount(state, seat, s, ledger);
  }
  return used;
}

export const strategicSpec: OrderSpec<StrategicOrder> = {
  kind: 'strategic',
  words: ['strategic'],
  example: 'strategic 2 infantry from Berlin to Cologne',
  parseText(rest, at, ctx) {
    const r = parseUnitsFromTo(rest, at, ctx, 'strategic 2 infantry from Berlin to Cologne', false);
    return Array.isArray(r) ? r : { kind: 'strategic', ...(r.nation ? { nation: r.nation } : {}), from: r.from, to: r.to, units: r.units };
  },
  checkJson(item, path, ctx) {
    const r = checkUnitsFromTo(item, path, ctx, 'strategic', false);
    return Array.isArray(r) ? r : { kind: 'strategic', ...(r.nation ? { nation: r.nation } : {}), from: r.from, to: r.to, units: r.units };
  },
  format(order) {
    const world = theWorld();
    const of = order.nation ? ` of ${nationName(undefined, order.nation)}` : '';
    return `strategic ${formatSelection(order.units)}${of} from ${areaDisplay(order.from, world)} to ${areaDisplay(order.to, world)}`;
  },
  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const units = checkOrderedUnits(order, ledger, state, nation, world);
    if (!units.ok) return units.error;
    const check = strategicPath(state, world, presenceFor(ctx), order.nation ?? nation.id, order.from, order.to, units.value);
    if (!check.ok) return check.error;
    const n = orderCount(state, nation.id, order, ledger);
    for (const [id, field] of [
      [order.from, 'from'],
      [order.to, 'to'],
    ] as const) {
      const cap = capacityOf(world, id);
      const used = capacityUsed(state, nation.id, ledger, id);
      if (used + n > cap) {
        return {
          code: 'over-capacity',
          message: `${world.names.get(id)} (value ${cap}) lets ${cap} unit${cap === 1 ? '' : 's'} a turn move by rail in and out of it${used ? `; ${used} already do` : ''}, and this order moves ${n}`,
          field,
        };
      }
    }
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    return strategicCandidates(ctx.state, nation, ledger.admitted.length + ctx.step.turn);
  },
};

/** One or two strategic moves to offer: one unit from a stack to a friendly territory two or more borders away. */
export function strategicCandidates(state: GreatWarState, nation: NationState, seed: number): StrategicOrder[] {
  const world = theWorld(state.scenario);
  const stacks = [...new Set(landUnitsAtAll(state, nation.id).map((u) => u.at))].filter((id) => capacityOf(world, id) > 0).sort();
  if (!stacks.length) return [];
  const out: StrategicOrder[] = [];
  for (let i = 0; i < Math.min(2, stacks.length); i++) {
    const from = stacks[(seed + i * 5) % stacks.length]!;
    const hold = state.board.territories[from];
    if (!hold?.incorporated || !allied(state, nation.id, hold.owner)) continue;
    const reach = world.graph.within(from, 6, {
      kinds: ['land'],
      pass: (id) => {
        const h = state.board.territories[id];
        return h !== undefined && h.incorporated && allied(state, nation.id, h.owner);
      },
    });
    const far = [...reach].filter(([id, d]) => d >= 2 && capacityOf(world, id) > 0).map(([id]) => id).sort();
    if (!far.length) continue;
    const type = landUnitsAt(state, nation.id, from)[0]?.type;
    if (type) out.push({ kind: 'strategic', from, to: far[seed % far.length]!, units: { [type]: 1 } });
  }
  return out;
}

const landUnitsAtAll = (state: GreatWarState, nation: string) => {
  const movable = movableLandTypes();
  return state.board.units.filter((u) => u.nation === nation && movable.includes(u.type));
};

/** The 'strategic-movement' phase (phase 11), then exile declarations, liberation and the end of the land turn. */
export function resolveStrategicMovement(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  const used = new Map<string, number>(railTakenByOptions(state, ctx.turn)); // German option 9 (D-OPT-12)
  const acted = new Set(state.land.acted);
  for (const seat of state.nations) {
    const list = ordersOf<StrategicOrder>(orders.get(seat.id), 'strategic');
    const isAll = (o: StrategicOrder) => o.units === 'all' || Object.values(o.units).includes('all');
    for (const order of [...list.filter((o) => !isAll(o)), ...list.filter(isAll)]) {
      const text = strategicSpec.format(order);
      const nation = order.nation ?? seat.id;
      if (!commandsOrVoid(state, ctx, 'strategic-movement', seat, nation, text)) continue;
      const free = landUnitsAt(state, nation, order.from).filter((u) => !acted.has(u.id));
      const types = order.units === 'all' ? [...new Set(free.map((u) => u.type))] : Object.keys(order.units).filter((t) => free.some((u) => u.type === t));
      if (!types.length) {
        voidOrder(ctx, 'strategic-movement', seat.id, text, 'no-units', `${nationName(state, nation)} has none of these units left in ${world.names.get(order.from)} that have not moved or fought this turn`);
        continue;
      }
      const check = strategicPath(state, world, presenceOf(state), nation, order.from, order.to, types);
      if (!check.ok) {
        voidOrder(ctx, 'strategic-movement', seat.id, text, check.error.code, check.error.message);
        continue;
      }
      let room = Math.min(capacityOf(world, order.from) - (used.get(order.from) ?? 0), capacityOf(world, order.to) - (used.get(order.to) ?? 0));
      const going = [];
      const short: Record<string, number> = {};
      for (const type of types) {
        const ofType = free.filter((u) => u.type === type);
        const wanted = order.units === 'all' || order.units[type] === 'all' ? ofType.length : (order.units[type] as number);
        const n = Math.max(0, Math.min(wanted, ofType.length, room));
        going.push(...ofType.slice(0, n));
        room -= n;
        if (n < wanted) short[type] = wanted - n;
      }
      if (!going.length) {
        voidOrder(ctx, 'strategic-movement', seat.id, text, 'over-capacity', `no rail capacity is left in ${world.names.get(order.from)} or ${world.names.get(order.to)} this turn`);
        continue;
      }
      for (const u of going) {
        u.at = order.to;
        acted.add(u.id);
      }
      used.set(order.from, (used.get(order.from) ?? 0) + going.length);
      used.set(order.to, (used.get(order.to) ?? 0) + going.length);
      ctx.emit({
        type: 'strategic-move',
        nation,
        from: order.from,
        to: order.to,
        path: check.value.path,
        units: countByType(going),
        ids: going.map((u) => u.id),
        ...(Object.keys(short).length ? { short } : {}),
      });
    }
  }
  resolveExiles(state, orders, ctx);
  updateLiberation(state, ctx, world);
  state.land = emptyLandTurn();
  return state;
}
