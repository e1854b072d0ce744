import { type PhaseContext, type Problem } from '@umpire/engine';
import { isAircraft } from '../base/counting.js';
import { mountedAboard } from './air-at-sea.js';
import type { BoardUnit } from '../base/board.js';
import { commanderOf, displayNationName, nationName, relation } from '../base/conquest.js';
import { barred, checkUnitSelection, formatSelection, jsonNationField, ordersOf, territoryAt, territoryIdAt, unitsOfNation, unknownFieldProblems, voidOrder, commandsOrVoid, addWhileLegal, type UnitSelection } from '../orders/grammar.js';
import { type Checked } from '../orders/language.js';
import { areaDisplay, countByType, groupBy, unitOrder, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { type GreatWarState } from '../base/nations.js';
import { seaZoneAt, seaZoneIdAt } from './fleet.js';
import type { AnyOrder, GreatWarOrders, OrderSpec } from '../orders/language.js';
import { ruleNumbers } from '../data/rules.js';
import { theWorld } from '../data/world.js';
import { cargoTypes, cargoAfterNavalMovement } from './transports.js';

/**
 * Landings (GW-P08-LANDMOVE-07, -08; GW-UNIT-31; GW-P10-INV-03): troops aboard transports come ashore in land movement
 * (phase 8) with `land`, into a territory next to their transport's sea zone: a friendly one (a landing) or an
 * enemy's (a naval invasion, fought in phase 10.1: naval-invasions.ts). Checked against where the transports end
 * naval movement, carried out with the land moves. Decisions D-NAV-22 and D-NAV-23 of docs/great-war/naval-war.md;
 * order O-23 of docs/great-war/orders.md.
 */

export type LandOrder = { kind: 'land'; nation?: string; from: string; to: string; units: UnitSelection };

export type LandingCheck = Checked<{ readonly hostile: boolean }>;

/**
 * Whether `nation`'s units of `types` aboard transports in `zone` may land in `to` (D-NAV-22): a territory next to
 * the zone (GW-P08-LANDMOVE-07, GW-UNIT-31) held by the nation, an ally (a landing) or an enemy (a naval invasion,
 * GW-P08-LANDMOVE-08), never a nation it is not at war with; no type its terrain bars. Into an enemy's territory: no
 * tanks (GW-P10-INV-03), no AA guns (GW-UNIT-11), and no aircraft (they join an invasion by flying, D-NAV-23).
 */
export function checkLanding(state: GreatWarState, world: WorldMap, nation: string, zone: string, to: string, types: readonly string[]): LandingCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  const no = (code: string, message: string, field: string): LandingCheck => ({ ok: false, code, message, field });
  if (!world.sea.has(zone)) return no('not-a-sea-zone', `${name(zone)} is not a sea zone: troops land from transports at sea`, 'from');
  if (!world.territory.has(to)) return no('not-a-territory', `${name(to)} is not a land territory`, 'to');
  if (!world.graph.adjacent(zone, to, ['coast'])) return no('not-adjacent', `${name(to)} does not border ${name(zone)}: troops land only in a territory next to their transport's sea zone (GW-P08-LANDMOVE-07)`, 'to');
  const holder = state.board.territories[to]?.owner ?? '';
  const rel = relation(state, nation, holder);
  if (rel === 'neutral') return no('not-at-war', `${name(to)} is held by ${nationName(state, holder)}, and ${nationName(state, nation)} is not at war with ${nationName(state, holder)}: declare war first`, 'to');
  for (const t of types) if (barred(to, t)) return no('barred-terrain', `${unitWord(t, 2)} may not enter ${name(to)}`, 'to');
  const hostile = rel === 'hostile';
  if (hostile) {
    const tank = types.find((t) => ruleNumbers.invasion.barred.includes(t));
    if (tank) return no('no-tanks-in-invasions', `${unitWord(tank, 2)} may not take part in a naval invasion (GW-P10-INV-03); they may land only in friendly territory`, 'units');
    if (types.includes('aa-gun')) return no('aa-cannot-attack', 'AA guns may not attack nor go with troops into enemy territory (GW-UNIT-10, GW-UNIT-11)', 'units');
    const plane = types.find(isAircraft);
    if (plane) return no('aircraft-cannot-invade', `${unitWord(plane, 2)} carried by a transport land only in friendly territory; aircraft join an invasion by flying (D-NAV-23)`, 'units');
  }
  return { ok: true, hostile };
}

/** Types a land order takes: for a list of types, all or nothing; for 'all' (whole or by type), those that may land there (like movingTypes). */
export function landingTypes(state: GreatWarState, world: WorldMap, nation: string, order: LandOrder, types: readonly string[]): { types: string[]; check: LandingCheck } {
  const flexible = (type: string) => order.units === 'all' || order.units[type] === 'all';
  const fixed = types.filter((t) => !flexible(t));
  const check = checkLanding(state, world, nation, order.from, order.to, fixed);
  if (!check.ok) return { types: [], check };
  return addWhileLegal(fixed, types.filter(flexible), check, (going) => checkLanding(state, world, nation, order.from, order.to, going));
}

/** The units of a selection among those given ('all': every one); counts short of what is named in `missing`. */
export function select(units: readonly BoardUnit[], selection: UnitSelection, types: readonly string[]): { units: BoardUnit[]; missing: Record<string, number>; stayed: Record<string, number> } {
  const out: BoardUnit[] = [];
  const missing: Record<string, number> = {};
  const stayed: Record<string, number> = {};
  const all = selection === 'all' ? Object.keys(countByType(units)) : Object.keys(selection);
  for (const type of all) {
    const ofType = units.filter((u) => u.type === type);
    const n = selection === 'all' ? 'all' : selection[type]!;
    if (!types.includes(type)) {
      if (n === 'all') stayed[type] = ofType.length;
      else missing[type] = n;
      continue;
    }
    const going = n === 'all' ? ofType : ofType.slice(0, n);
    if (n !== 'all' && going.length < n) missing[type] = n - going.length;
    out.push(...going);
  }
  return { units: out, missing, stayed };
}

export const landSpec: OrderSpec<LandOrder> = {
  kind: 'land',
  words: ['land', 'disembark', 'unload'],
  example: 'land 2 infantry from North Sea to Flanders',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s*(?:->|\s+(?:to|in|into|at)\s+)(?<to>.+)$/di.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number]> } }) | null;
    if (!m?.groups) return [{ code: 'bad-landing', message: "a landing reads 'land 2 infantry from North Sea to Flanders'", line: at.line, column: at.column }];
    const col = (k: string) => at.column + m.indices.groups[k]![0];
    const problems: Problem[] = [];
    const u = unitsOfNation(m.groups['units']!, at.line, col('units'), ctx, cargoTypes());
    if (Array.isArray(u)) problems.push(...u);
    const from = seaZoneAt(m.groups['from']!, at.line, col('from'), world);
    if (typeof from !== 'string') problems.push(from.code === 'not-a-sea-zone' ? { ...from, message: `${from.message.split(':')[0]}: troops land from transports in a sea zone ('land 2 infantry from North Sea to Flanders')` } : from);
    const to = territoryAt(m.groups['to']!, at.line, col('to'), world);
    if (typeof to !== 'string') problems.push(to);
    if (problems.length || Array.isArray(u) || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'land', ...(u.nation ? { nation: u.nation } : {}), from, to, units: u.units };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'from', 'to', 'units'], 'a land order');
    const nation = jsonNationField(item, path, ctx, problems);
    const from = seaZoneIdAt(item['from'], [...path, 'from'], world, 'from');
    if (typeof from !== 'string') problems.push(from);
    const to = territoryIdAt(item['to'], [...path, 'to'], world, 'to');
    if (typeof to !== 'string') problems.push(to);
    const units = checkUnitSelection(item['units'], [...path, 'units'], cargoTypes());
    if (Array.isArray(units)) problems.push(...units);
    if (problems.length || Array.isArray(units) || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'land', ...(nation ? { nation } : {}), from, to, units };
  },
  format(order) {
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    return `land ${formatSelection(order.units)}${of} from ${areaDisplay(order.from)} to ${areaDisplay(order.to)}`;
  },
  refusal(order, ledger, ctx, seat) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const nation = order.nation ?? seat.id;
    if (commanderOf(state, nation) !== seat.id) return { code: 'not-your-units', message: `${seat.name} does not command the units of ${nationName(state, nation)}`, field: 'nation' };
    const zone = world.names.get(order.from) ?? order.from;
    const aboard = cargoAfterNavalMovement(state, world, seat.id, ledger.admitted)
      .filter((c) => c.zone === order.from && c.unit.nation === nation)
      .map((c) => c.unit);
    const have = countByType(aboard);
    // What earlier land orders from the zone took: counts by type, and types taken 'all'.
    const counts = new Map<string, number>();
    let all: Set<string> | 'every' = new Set<string>();
    for (const o of ledger.admitted.filter((x): x is LandOrder & AnyOrder => x.kind === 'land' && x.from === order.from && (x.nation ?? seat.id) === nation)) {
      if (o.units === 'all') all = 'every';
      else {
        for (const [t, n] of Object.entries(o.units)) {
          if (n !== 'all') counts.set(t, (counts.get(t) ?? 0) + n);
          else if (all !== 'every') all.add(t);
        }
      }
    }
    const after = 'after naval movement (units land from where their transports end it)';
    if (!aboard.length) return { code: 'no-units', message: `${nationName(state, nation)} will have no units aboard transports in ${zone} ${after}`, field: 'units' };
    let types: string[];
    if (order.units === 'all') {
      if (all === 'every' || all.size) return { code: 'already-ordered', message: `the units aboard in ${zone} are already taken by an order for 'all' of them`, field: 'units' };
      types = Object.keys(have);
    } else {
      types = Object.keys(order.units);
      for (const [type, n] of Object.entries(order.units)) {
        const count = have[type] ?? 0;
        if (n === 'all') {
          if (all === 'every' || all.has(type)) return { code: 'already-ordered', message: `all ${unitWord(type, 2)} aboard in ${zone} are already taken by an earlier order`, field: 'units' };
          if (!count) return { code: 'no-units', message: `${nationName(state, nation)} will have no ${unitWord(type, 2)} aboard transports in ${zone} ${after}`, field: 'units' };
          continue;
        }
        const used = counts.get(type) ?? 0;
        if (n > count - used) {
          return {
            code: 'not-enough-units',
            message: `${nationName(state, nation)} will have ${count ? `${count} ${unitWord(type, count)}` : `no ${unitWord(type, 2)}`} aboard transports in ${zone} ${after}${used ? `, ${used} of them already ordered ashore` : ''}; the order names ${n}`,
            field: 'units',
          };
        }
      }
    }
    const landing = landingTypes(state, world, nation, order, types);
    if (!landing.check.ok && !landing.types.length) return { code: landing.check.code, message: landing.check.message, ...(landing.check.field ? { field: landing.check.field } : {}) };
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const out: LandOrder[] = [];
    const aboard = cargoAfterNavalMovement(state, world, nation.id, ledger.admitted).filter((c) => c.unit.nation === nation.id);
    for (const [zone, list] of groupBy(aboard, (c) => c.zone)) {
      const type = list[0]!.unit.type;
      const shores = world.graph.neighbours(zone, ['coast']).map((n) => n.id);
      const rel = (id: string) => relation(state, nation.id, state.board.territories[id]?.owner ?? '');
      for (const to of [shores.find((t) => rel(t) === 'hostile'), shores.find((t) => rel(t) === 'friendly')]) if (to && out.length < 2) out.push({ kind: 'land', from: zone, to, units: { [type]: 1 } });
    }
    return out;
  },
};

export interface LandingPlan {
  readonly seat: string;
  readonly nation: string;
  readonly order: LandOrder;
  readonly units: BoardUnit[];
  readonly hostile: boolean;
  readonly missing: Record<string, number>;
  readonly stayed: Record<string, number>;
}

/** Every seat's landings in phase 8, checked against the position at the start of the phase (D-NAV-22); those that cannot be carried out are void. */
export function planLandings(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext, world: WorldMap): LandingPlan[] {
  const plans: LandingPlan[] = [];
  const used = new Set<string>();
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  for (const seat of state.nations) {
    for (const order of ordersOf<LandOrder>(orders.get(seat.id), 'land')) {
      const text = landSpec.format(order);
      const nation = order.nation ?? seat.id;
      if (!commandsOrVoid(state, ctx, 'land-movement', seat, nation, text)) continue;
      const aboard = state.board.units.filter((u) => u.aboard !== undefined && u.at === order.from && u.nation === nation && !used.has(u.id) && !mountedAboard(u, byId)).sort(unitOrder);
      const present = order.units === 'all' ? Object.keys(countByType(aboard)) : Object.keys(order.units).filter((t) => aboard.some((u) => u.type === t));
      const landing = landingTypes(state, world, nation, order, present);
      const chosen = select(aboard, order.units, landing.types);
      if (!landing.types.length || !landing.check.ok || !chosen.units.length) {
        const reason = landing.check.ok || !present.length ? `${nationName(state, nation)} has none of these units aboard transports in ${world.names.get(order.from)}` : landing.check.message;
        voidOrder(ctx, 'land-movement', seat.id, text, landing.check.ok || !present.length ? 'no-units' : landing.check.code, reason);
        continue;
      }
      for (const u of chosen.units) used.add(u.id);
      plans.push({ seat: seat.id, nation, order, units: chosen.units, hostile: landing.check.hostile, missing: chosen.missing, stayed: chosen.stayed });
    }
  }
  return plans;
}

/**
 * The landings arrive with the land moves (D-SIM-2): each unit leaves its transport for the territory, which it
 * entered from the sea zone (the `from` of its move, for the beach penalty and retreats); it has acted this turn.
 */
export function landTroops(state: GreatWarState, plans: readonly LandingPlan[], ctx: PhaseContext): void {
  for (const plan of plans) {
    const transports = [...new Set(plan.units.map((u) => u.aboard!))].sort();
    for (const u of plan.units) {
      delete u.aboard;
      u.at = plan.order.to;
      state.land.moves.push({ unit: u.id, start: plan.order.from, from: plan.order.from, to: plan.order.to });
      state.land.acted.push(u.id);
    }
    ctx.emit({
      type: 'disembark',
      nation: plan.nation,
      from: plan.order.from,
      to: plan.order.to,
      units: countByType(plan.units),
      ids: plan.units.map((u) => u.id),
      transports,
      ...(plan.hostile ? { invasion: true } : {}),
      ...(Object.keys(plan.missing).length ? { missing: plan.missing } : {}),
      ...(Object.keys(plan.stayed).length ? { stayed: plan.stayed } : {}),
    });
  }
}
