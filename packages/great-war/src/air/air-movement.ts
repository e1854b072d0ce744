import { adjust } from '../base/reactions.js';
import { type PhaseContext, type Problem, refuse, ok, type Result, ordersOf, type UnitSelection } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { airBarred, flightCosts, fuelOf, mayLand, mayOverfly, pathFuel, pathTo, returnFuel } from './aircraft.js';
import { aircraftTypes } from '../base/counting.js';
import { checkSeaFlight, isSeaFlight } from '../sea/air-at-sea.js';
import { lookupArea } from '../orders/names.js';
import { nationName, relation } from '../base/conquest.js';
import { checkEnds } from '../orders/moves.js';
import { checkUnitsFromTo, parseUnitsFromTo, territoryAt, territoryIdAt, checkOrderedUnits, voidOrder } from '../orders/grammar.js';
import { countByType, presenceFor, presenceOf, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import type { GreatWarState, NationState } from '../base/nations.js';
import type { GreatWarOrders, Ledger, OrderSpec } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { checkLaunch, launchCandidates, launchingFighters, checkLaunchedFighters, takeOff, withAreaSuggestions } from '../sea/carrier-operations.js';
import { type FlyOrder, aircraftAt, type FlightCheck, AIR_POOL, missionAircraft, formatFly } from './missions.js';

/**
 * Aircraft movement in phase 8 (GW-P08-LANDMOVE, GW-UNIT-47..62): `fly <aircraft> from <territory> to <territory>
 * [via ...] [land at <territory>]`. Into a territory of the nation or an ally the flight is a transfer and the
 * aircraft land there; into an enemy's it is an attack: the aircraft meet AA fire and interceptors in phase 9, join
 * the land battle of phase 10 while their fuel lasts, and then land where the order says, or back at their base, or
 * at the nearest friendly territory (decisions D-AIR-1 to D-AIR-18, docs/great-war/air-war.md).
 */

type MissionOrder = { kind: string; nation?: string; from: string; units: UnitSelection };

// ---------------------------------------------------------------------------------------------------------------
// The rules of a flight.

/**
 * Whether `nation`'s aircraft of `types` may fly from `from` to `to` now (D-AIR-2, D-AIR-3): over sea zones and
 * the territories of the nation, its allies and its enemies, never a neutral's, never where terrain bars them; by
 * the given `via` or the cheapest way. A transfer ends in a territory where they may land, within their fuel. An
 * attack must leave each aircraft the fuel for one round of combat and the way to the nearest friendly territory
 * (GW-P10-LAND-21, GW-UNIT-52).
 */
export function checkFlight(
  state: GreatWarState,
  world: WorldMap,
  presence: ReadonlyMap<string, ReadonlySet<string>>,
  nation: string,
  from: string,
  to: string,
  via: readonly string[] | undefined,
  types: readonly string[],
  count?: number,
): FlightCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  // From a sea zone: fighters taking off from their carrier (D-AIR-41).
  if (world.sea.has(from)) return checkLaunch(state, world, nation, from, to, via, types, count, presence);
  // Into a sea zone: an attack on ships or a landing on a carrier, flown in phase 6 (D-AIR-30).
  if (world.sea.has(to) && world.territory.has(from)) return checkSeaFlight(state, world, nation, from, to, via, types, count);
  const ends = checkEnds(state, world, presence, nation, from, to, 'a flight', ': flights against ships come with naval movement');
  if (!ends.ok) return ends;
  const hostile = ends.value.hostile;
  const fuels = new Map(types.map((t) => [t, fuelOf(state, nation, t)]));
  const full = (t: string) => fuels.get(t) ?? fuelOf(state, nation, t);
  const fuel = Math.min(...types.map(full));
  const pass = (id: string) => mayOverfly(state, world, nation, id, types, full);
  for (const t of types) if (airBarred(to, t, full(t))) return refuse('barred-terrain', `${unitWord(t, 2)} ${full(t) > 0 ? 'with so little fuel ' : ''}may not enter ${name(to)}`, 'to');
  let path: string[];
  if (via && via.length) {
    path = [from, ...via, to];
    for (let i = 1; i < path.length; i++) if (!world.graph.adjacent(path[i - 1]!, path[i]!)) return refuse('not-adjacent', `${name(path[i - 1]!)} does not border ${name(path[i]!)}`, 'via');
    for (const step of via) if (!pass(step)) return refuse('blocked-path', `${nationName(state, nation)}'s aircraft may not fly over ${name(step)}: it is neutral ground or its terrain bars them`, 'via');
  } else {
    const costs = flightCosts(state, world, nation, from, fuel, pass);
    if (!costs.has(to)) {
      // How far it is, for the message: a search a few times the fuel deep is enough.
      const far = flightCosts(state, world, nation, from, 4 * fuel + 8, pass);
      if (!far.has(to)) {
        if (!world.graph.path(from, to, { pass: (id) => id === to || pass(id) })) return refuse('no-path', `${nationName(state, nation)}'s aircraft cannot reach ${name(to)} from ${name(from)} without crossing neutral ground`, 'to');
        return refuse('too-far', `${unitWord(types[0]!, 2)} of ${nationName(state, nation)} have ${fuel} fuel; ${name(to)} is far beyond that from ${name(from)}`, 'to');
      }
      return refuse('too-far', `${unitWord(types[0]!, 2)} of ${nationName(state, nation)} have ${fuel} fuel; ${name(from)} to ${name(to)} takes ${far.get(to)!.fuel}`, 'to');
    }
    path = pathTo(costs, to);
  }
  const spent = pathFuel(world, path);
  for (const t of types) {
    const left = full(t) - spent;
    if (left < 0) return refuse('too-far', `${unitWord(t, 2)} of ${nationName(state, nation)} have ${full(t)} fuel; ${name(from)} to ${name(to)} takes ${spent}`, 'to');
    if (!hostile) {
      if (!mayLand(state, world, nation, to, t)) return refuse('no-landing', `${unitWord(t, 2)} may not land in ${name(to)}`, 'to');
      continue;
    }
    const back = returnFuel(state, world, nation, t, to, left - 1);
    if (back === undefined) {
      return refuse(
        'no-fuel-to-return',
        `${unitWord(t, 2)} of ${nationName(state, nation)} have ${full(t)} fuel: ${spent} to reach ${name(to)} and 1 for a round of combat leave ${Math.max(0, left - 1)}, too little to reach a friendly territory (GW-P10-LAND-21)`,
        'to',
      );
    }
  }
  return ok({ path, fuel: spent, hostile });
}

// ---------------------------------------------------------------------------------------------------------------
// The order.

const LAND_RE = /\s+land\s+(?:at|in)\s+(?<land>.+)$/di;

/**
 * Why the aircraft a mission order names are not there for it: the seat commands the nation, the nation has them in
 * the territory, and no earlier order of the turn (a bombing, a strike, another flight) took them. Returns the types, or why not.
 */
export function checkOrderedAircraft(order: MissionOrder, ledger: Ledger, state: GreatWarState, seat: NationState, world: WorldMap): Result<string[], Problem> {
  return checkOrderedUnits(order, ledger, state, seat, world, AIR_POOL);
}

type Ctx = Parameters<typeof parseUnitsFromTo>[2];
const FLY_RE = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s*(?:->|\s+to\s+)(?<to>.+?)(?:\s+via\s+(?<via>.+))?$/di;

/** An area a flight may name: a land territory, or a sea zone (flights against ships and onto carriers, D-AIR-30). */
function flightAreaAt(typed: string, line: number, column: number, world: WorldMap): string | Problem {
  const r = lookupArea(typed, { world });
  if (r.ok) return r.id;
  return territoryAt(typed, line, column, world);
}

/** 'units [of nation] from X to Y [via ...]' where Y and the via areas may be sea zones. */
function parseFlightBody(rest: string, at: Parameters<OrderSpec<FlyOrder>['parseText']>[1], ctx: Ctx): ReturnType<typeof parseUnitsFromTo> {
  const r = parseUnitsFromTo(rest, at, ctx, 'fly 2 fighters from Metz to Verdun', true, aircraftTypes());
  if (!Array.isArray(r) || !r.length || r.some((p) => p.code !== 'not-a-territory')) return r;
  // Sea zones refused as land territories: read the areas again, sea zones allowed.
  const world = theWorld(ctx.state.scenario);
  const m = FLY_RE.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
  if (!m?.groups) return r;
  const g = m.groups as Record<string, string | undefined>;
  const col = (name: string) => at.column + (m.indices.groups[name]?.[0] ?? 0);
  const problems: Problem[] = [];
  const from = flightAreaAt(g['from']!, at.line, col('from'), world); // a sea zone: fighters taking off from carriers (D-AIR-41)
  if (typeof from !== 'string') problems.push(from);
  const to = flightAreaAt(g['to']!, at.line, col('to'), world);
  if (typeof to !== 'string') problems.push(to);
  const via: string[] = [];
  let offset = col('via');
  for (const part of g['via']?.split(',') ?? []) {
    const t = flightAreaAt(part.trim(), at.line, offset + (part.length - part.trimStart().length), world);
    if (typeof t === 'string') via.push(t);
    else problems.push(t);
    offset += part.length + 1;
  }
  if (problems.length || typeof from !== 'string' || typeof to !== 'string') return problems;
  // The units and nation, read as before with land areas in place of the sea zones.
  const land = [...world.territory.keys()].find((id) => id !== from)!;
  const base = world.sea.has(from) ? [...world.territory.keys()].find((id) => id !== land)! : from;
  const again = parseUnitsFromTo(`${g['units']} from ${world.names.get(base) ?? base} to ${world.names.get(land) ?? land}`, at, ctx, 'fly 2 fighters from Metz to Verdun', true, aircraftTypes());
  if (Array.isArray(again)) return again;
  return { units: again.units, ...(again.nation ? { nation: again.nation } : {}), from, to, ...(via.length ? { via } : {}) };
}

/** The JSON fields of a flight; `to` and `via` may name sea zones. */
function checkFlightFields(item: Record<string, unknown>, path: readonly (string | number)[], ctx: Ctx): ReturnType<typeof checkUnitsFromTo> {
  const world = theWorld(ctx.state.scenario);
  const sea = (v: unknown) => typeof v === 'string' && world.sea.has(v);
  const via = Array.isArray(item['via']) ? (item['via'] as unknown[]) : undefined;
  if (!sea(item['to']) && !sea(item['from']) && !via?.some(sea)) return withAreaSuggestions(checkUnitsFromTo(item, path, ctx, 'fly', true, aircraftTypes(), ['land']), item, path, world);
  // Check the rest with land stand-ins for the sea zones (`from` too: fighters taking off from carriers), then put them back.
  const standIn = [...world.territory.keys()].find((id) => id !== item['from'])!;
  const base = [...world.territory.keys()].find((id) => id !== standIn)!;
  const r = checkUnitsFromTo({ ...item, from: sea(item['from']) ? base : item['from'], to: sea(item['to']) ? standIn : item['to'], ...(via ? { via: via.map((v) => (sea(v) ? standIn : v)) } : {}) }, path, ctx, 'fly', true, aircraftTypes(), ['land']);
  if (Array.isArray(r)) return withAreaSuggestions(r, item, path, world);
  return { ...r, from: item['from'] as string, to: item['to'] as string, ...(via ? { via: via as string[] } : {}) };
}

export const flySpec: OrderSpec<FlyOrder> = {
  kind: 'fly',
  words: ['fly'],
  example: 'fly 2 fighters from Metz to Verdun land at Metz',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems: Problem[] = [];
    let land: string | undefined;
    const lm = LAND_RE.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number]> } }) | null;
    let body = rest;
    if (lm?.groups) {
      body = rest.slice(0, lm.index);
      const t = territoryAt(lm.groups['land']!, at.line, at.column + lm.indices.groups['land']![0], world);
      if (typeof t === 'string') land = t;
      else problems.push(t);
    }
    const r = parseFlightBody(body, at, ctx);
    if (Array.isArray(r)) return [...r.map((p) => (p.code === 'bad-move' ? { ...p, code: 'bad-flight', message: "a flight reads 'fly 2 fighters from Metz to Verdun', with 'via Toul' and 'land at Nancy' if wanted" } : p)), ...problems];
    if (problems.length) return problems;
    return { kind: 'fly', ...(r.nation ? { nation: r.nation } : {}), from: r.from, to: r.to, units: r.units, ...(r.via ? { via: r.via } : {}), ...(land ? { land } : {}) };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const r = checkFlightFields(item, path, ctx);
    const problems: Problem[] = Array.isArray(r) ? [...r] : [];
    let land: string | undefined;
    if (item['land'] !== undefined) {
      const t = territoryIdAt(item['land'], [...path, 'land'], world, 'land');
      if (typeof t === 'string') land = t;
      else problems.push(t);
    }
    if (problems.length || Array.isArray(r)) return problems;
    return { kind: 'fly', ...(r.nation ? { nation: r.nation } : {}), from: r.from, to: r.to, units: r.units, ...(r.via ? { via: r.via } : {}), ...(land ? { land } : {}) };
  },
  format: formatFly,

  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const units = world.sea.has(order.from) ? checkLaunchedFighters(order, ledger, state, nation, world) : checkOrderedAircraft(order, ledger, state, nation, world);
    if (!units.ok) return units.error;
    const who = order.nation ?? nation.id;
    const count = order.units === 'all' || Object.values(order.units).includes('all') ? undefined : Object.values(order.units).reduce<number>((a, b) => a + (b as number), 0);
    const check = checkFlight(state, world, presenceFor(ctx), who, order.from, order.to, order.via, units.value, count);
    if (!check.ok) return check.error;
    const china = world.territory.has(order.to) ? adjust(state, 'attack-refusal', { ledger, seat: nation.id, order }, undefined) : undefined; // GW-NEUT-CHN-10..12
    if (china) return china;
    if (order.land) {
      if (!check.value.hostile) return { code: 'land-at-transfer', message: `aircraft flying to a friendly territory land there; 'land at' is for attacks`, field: 'land' };
      if (!units.value.some((t) => mayLand(state, world, who, order.land!, t))) return { code: 'no-landing', message: `${world.names.get(order.land)} is not a territory where ${nationName(state, who)}'s aircraft may land`, field: 'land' };
    }
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const seed = ledger.admitted.length + ctx.step.turn;
    return [...flightCandidates(ctx.state, nation, seed), ...launchCandidates(ledger, ctx.state, nation, seed)];
  },
};

/** A few flights to offer a bot or a client: one aircraft of a stack to an enemy neighbour or a friendly one. */
export function flightCandidates(state: GreatWarState, nation: NationState, seed: number): FlyOrder[] {
  const world = theWorld(state.scenario);
  const stacks = [...new Set(state.board.units.filter((u) => u.nation === nation.id && aircraftTypes().includes(u.type)).map((u) => u.at))].sort();
  const out: FlyOrder[] = [];
  for (const from of stacks.slice(seed % Math.max(1, stacks.length)).concat(stacks).slice(0, 2)) {
    const type = aircraftAt(state, nation.id, from)[0]?.type;
    if (!type) continue;
    const neighbours = world.graph.neighbours(from, ['land', 'strait']).map((n) => n.id);
    const rel = (id: string) => relation(state, nation.id, state.board.territories[id]?.owner ?? '');
    const enemy = neighbours.filter((n) => rel(n) === 'hostile');
    const friend = neighbours.filter((n) => rel(n) === 'friendly');
    const to = enemy.length ? enemy[seed % enemy.length] : friend[seed % Math.max(1, friend.length)];
    if (to) out.push({ kind: 'fly', from, to, units: { [type]: 1 } });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 8: the flights take off with the land moves and arrive with them.

export interface FlightPlan {
  readonly seat: string;
  readonly nation: string;
  readonly order: FlyOrder;
  readonly units: BoardUnit[];
  readonly path: readonly string[];
  readonly hostile: boolean;
}

/** Every seat's flights, checked against the state at the start of phase 8 (before any unit moves). */
export function planFlights(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext, world: WorldMap): FlightPlan[] {
  const presence = presenceOf(state);
  const used = new Set<string>(state.air.flown);
  const plans: FlightPlan[] = [];
  for (const seat of state.nations) {
    for (const order of ordersOf<FlyOrder>(orders.get(seat.id), 'fly')) {
      if (isSeaFlight(world, order)) continue; // flown in phase 6 (air-at-sea.ts)
      const text = flySpec.format(order);
      const nation = order.nation ?? seat.id;
      const units = world.sea.has(order.from) ? launchingFighters(state, ctx, world, seat, order, used, 'land-movement', text) : missionAircraft(state, ctx, world, seat, order, used, 'land-movement', text);
      if (!units) continue;
      const check = checkFlight(state, world, presence, nation, order.from, order.to, order.via, [...new Set(units.map((u) => u.type))]);
      if (!check.ok) {
        voidOrder(ctx, 'land-movement', seat.id, text, check.error.code, check.error.message);
        continue;
      }
      for (const u of units) used.add(u.id);
      plans.push({ seat: seat.id, nation, order, units, path: check.value.path, hostile: check.value.hostile });
    }
  }
  return plans;
}

/** The flights arrive: each aircraft stands in its destination, in the air (a Flight) if it came to attack. */
export function flyPlans(state: GreatWarState, plans: readonly FlightPlan[], ctx: PhaseContext, world: WorldMap): void {
  for (const plan of plans) {
    const entry = plan.path[plan.path.length - 2]!;
    const spent = pathFuel(world, plan.path);
    const decks = takeOff(state, ctx, plan.nation, plan.units, plan.order.from, 'land-movement'); // from a carrier (D-AIR-42)
    for (const u of plan.units) {
      const carrier = decks.get(u.id);
      u.at = plan.order.to;
      state.land.moves.push({ unit: u.id, start: plan.order.from, from: entry, to: plan.order.to });
      state.land.acted.push(u.id);
      state.air.flown.push(u.id);
      state.air.flights.push({
        unit: u.id,
        nation: plan.nation,
        base: plan.order.from,
        to: plan.order.to,
        path: [...plan.path],
        entry,
        fuel: fuelOf(state, plan.nation, u.type) - spent,
        mission: plan.hostile ? 'attack' : 'transfer',
        ...(plan.order.land ? { land: plan.order.land } : {}),
        ...(carrier ? { carrier } : {}),
      });
    }
    ctx.emit({
      type: 'flight',
      nation: plan.nation,
      from: plan.order.from,
      to: plan.order.to,
      ...(plan.path.length > 2 ? { path: [...plan.path] } : {}),
      fuel: spent,
      units: countByType(plan.units),
      ids: plan.units.map((u) => u.id),
      ...(plan.hostile ? { attack: true } : {}),
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Landing.

