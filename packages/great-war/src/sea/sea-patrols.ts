import { jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { flightCosts, fuelOf, mayOverfly, pathFuel, pathTo, returnFuel } from '../air/aircraft.js';
import { aircraftTypes, isAircraft } from '../base/counting.js';
import { aircraftOver, landAircraft, missionAircraft, AIR_POOL } from '../air/missions.js';
import { commanderOf, displayNationName, nationName } from '../base/conquest.js';
import { formatSelection, ordersOf, territoryAt, unitsOfNation, unitsRefusal, voidOrder, type UnitSelection } from '../orders/grammar.js';
import { refused, type Checked } from '../orders/language.js';
import { areaDisplay, countByType, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, type GreatWarState, type NationState } from '../base/nations.js';
import { planTaskForces, seaZoneAt, territoryToZoneJson, type SailOrder } from './fleet.js';
import type { Ctx, GreatWarOrders, Ledger, OrderSpec, TextPosition } from '../orders/language.js';
import { ruleNumbers } from '../data/rules.js';
import { enemySubmarinesIn, mayBeIntercepted, tableDetection, type HuntOrder } from './detection.js';
import type { LandOrder } from './landings.js';
import { theWorld } from '../data/world.js';

/**
 * Aircraft in the submarine war (decisions D-NAV-30 to D-NAV-33 of docs/great-war/naval-war.md): fighters and bombers
 * that fly out from a territory to hunt submarines in Phase 5 (`hunt with 2 bombers from London in North Sea`,
 * GW-P05-SUBDET-03), and aircraft sent over a sea zone during naval movement as cover for the task forces of their
 * commander there (`cover with 2 bombers from London over North Sea`, GW-P06-NAV-04, -05): if submarines strike such a
 * task force in Phase 6.1, the cover fights beside it, and the submarines may not break off while it is there
 * (GW-P06-SUBINT-08, -09). Either way the flight is the aircraft's mission for the turn, and they fly home when it ends.
 */

export type CoverOrder = { kind: 'cover'; nation?: string; from: string; at: string; units: UnitSelection };

/** An aircraft patrol: a hunt flown from a territory, or a cover. */
export type PatrolOrder = (HuntOrder & { from: string }) | CoverOrder;

export type PatrolCheck = Checked<{ readonly path: readonly string[]; readonly fuel: number }>;

/**
 * Whether `nation`'s aircraft of `types` may fly from the territory `from` over the sea zone `to` to fight there
 * (D-NAV-30, D-NAV-32): fuel for combat at sea (GW-UNIT-54), the flight in by open air (never over neutral ground),
 * and fuel left for a round of combat and the way back to a friendly territory (GW-UNIT-53).
 */
export function checkPatrolFlight(state: GreatWarState, world: WorldMap, nation: string, from: string, to: string, types: readonly string[]): PatrolCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  if (!world.territory.has(from)) return refused('not-a-territory', `${name(from)} is not a land territory: aircraft fly out to sea from a territory`, 'from');
  if (!world.sea.has(to)) return refused('not-a-sea-zone', `${name(to)} is not a sea zone`, 'at');
  const full = (t: string) => fuelOf(state, nation, t);
  for (const t of types) {
    if (full(t) < ruleNumbers.air.seaCombatFuel) return refused('too-little-fuel', `${unitWord(t, 2)} of ${nationName(state, nation)} have ${full(t)} fuel; they need ${ruleNumbers.air.seaCombatFuel} to fight at sea (GW-UNIT-54)`, 'units');
  }
  const fuel = Math.min(...types.map(full));
  const costs = flightCosts(state, world, nation, from, fuel, (id) => mayOverfly(state, world, nation, id, types, full));
  if (!costs.has(to)) return refused('too-far', `${unitWord(types[0]!, 2)} of ${nationName(state, nation)} have ${fuel} fuel; the ${name(to)} is beyond that from ${name(from)}`, 'at');
  const path = pathTo(costs, to);
  const spent = pathFuel(world, path);
  for (const t of types) {
    const left = full(t) - spent;
    if (returnFuel(state, world, nation, t, to, left - 1) === undefined) {
      return refused('no-fuel-to-return', `${unitWord(t, 2)} of ${nationName(state, nation)} have ${full(t)} fuel: ${spent} to reach the ${name(to)} and 1 for a round of combat leave ${Math.max(0, left - 1)}, too little to fly back to a friendly territory (GW-UNIT-53)`, 'at');
    }
  }
  return { ok: true, path, fuel: spent };
}

/** The aircraft types of a selection that have no detection value (they do not hunt). */
const blind = (types: readonly string[]) => types.filter((t) => tableDetection(t) === null);

/**
 * Fly a patrol's aircraft out: each takes off from its territory and stands over the sea zone with a flight of the
 * patrol's mission, its fuel spent on the way. Returns the aircraft, or undefined (and the order void) when none can go.
 */
export function flyPatrol(state: GreatWarState, ctx: PhaseContext, world: WorldMap, seat: NationState, order: PatrolOrder, used: Set<string>, phase: string, text: string): BoardUnit[] | undefined {
  const nation = order.nation ?? seat.id;
  const units = missionAircraft(state, ctx, world, seat, order, used, phase, text);
  if (!units) return undefined;
  const check = checkPatrolFlight(state, world, nation, order.from, order.at, [...new Set(units.map((u) => u.type))]);
  if (!check.ok) {
    voidOrder(ctx, phase, seat.id, text, check.code, check.message);
    return undefined;
  }
  const entry = check.path[check.path.length - 2]!;
  for (const u of units) {
    used.add(u.id);
    state.air.flown.push(u.id);
    u.at = order.at;
    state.air.flights.push({ unit: u.id, nation, base: order.from, to: order.at, path: [...check.path], entry, fuel: fuelOf(state, nation, u.type) - check.fuel, mission: order.kind });
  }
  ctx.emit({ type: 'flight', nation, from: order.from, to: order.at, ...(check.path.length > 2 ? { path: [...check.path] } : {}), fuel: check.fuel, units: countByType(units), ids: units.map((u) => u.id), [order.kind]: true });
  return units;
}

/** The hunt orders of a seat flown by aircraft (those with a `from`). */
export const isAirHunt = (order: HuntOrder): order is HuntOrder & { from: string } => order.from !== undefined;

/**
 * Phase 5, aircraft (D-NAV-30): a hunt flown from a territory takes off if enemy submarines are in the zone; the
 * aircraft that fly join the ships hunting there. Returns them, or undefined (the order void).
 */
export function flyHunters(state: GreatWarState, ctx: PhaseContext, world: WorldMap, seat: NationState, order: HuntOrder & { from: string }, used: Set<string>, text: string): BoardUnit[] | undefined {
  const nation = order.nation ?? seat.id;
  if (!enemySubmarinesIn(state, order.at, nation).length) {
    voidOrder(ctx, 'submarine-detection', seat.id, text, 'no-submarines', `no enemy submarine is in the ${world.names.get(order.at)}`);
    return undefined;
  }
  return flyPatrol(state, ctx, world, seat, order, used, 'submarine-detection', text);
}

/** Hunting aircraft over a zone fly home once its hunts are over (D-NAV-30). */
export function landHunters(state: GreatWarState, ctx: PhaseContext, world: WorldMap, zone: string): void {
  const planes = aircraftOver(state, zone, ['hunt']);
  if (planes.length) landAircraft(state, ctx, world, planes, zone, 'hunt over');
}

// ---------------------------------------------------------------------------------------------------------------
// Cover (GW-P06-NAV-04, -05; GW-P06-SUBINT-08, -09).

type TaskForceRecord = GreatWarState['sea']['taskForces'][number];

/** Nations landing troops from each sea zone this turn, as 'nation|zone' (GW-P06-SUBINT-03, D-NAV-28). */
export function landingsFrom(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>): Set<string> {
  const out = new Set<string>();
  for (const seat of state.nations) for (const o of ordersOf<LandOrder>(orders.get(seat.id), 'land')) out.add(`${o.nation ?? seat.id}|${o.from}`);
  return out;
}

/** The task forces of a seat that submarines in `zone` could strike: those that cover may guard there (D-NAV-32). */
export function coverable(state: GreatWarState, forces: readonly TaskForceRecord[], seat: string, zone: string, landing: ReadonlySet<string>): TaskForceRecord[] {
  return forces.filter((f) => commanderOf(state, f.nation) === seat && mayBeIntercepted(f, zone, landing.has(`${f.nation}|${f.to}`)));
}

/**
 * The cover flights of Phase 6 (D-NAV-32), flown when every task force has sailed, before submarines strike: each
 * `cover` order sends its aircraft over the sea zone if a task force of its seat may be struck there; else it is void.
 */
export function flyCover(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext, world: WorldMap, landing: ReadonlySet<string>): void {
  const used = new Set(state.air.flown);
  for (const seat of state.nations) {
    for (const order of ordersOf<CoverOrder>(orders.get(seat.id), 'cover')) {
      const text = coverSpec.format(order);
      if (!coverable(state, state.sea.taskForces, seat.id, order.at, landing).length) {
        voidOrder(ctx, 'submarine-interception', seat.id, text, 'nothing-to-cover', `no task force of ${seat.name} sails into, out of or through the ${world.names.get(order.at)}, nor lands troops from it`);
        continue;
      }
      flyPatrol(state, ctx, world, seat, order, used, 'submarine-interception', text);
    }
  }
}

/** The cover aircraft over a zone that guard a task force: of its commander, still in the air (D-NAV-32). */
export function coverFor(state: GreatWarState, zone: string, force: TaskForceRecord): BoardUnit[] {
  const seat = commanderOf(state, force.nation);
  return aircraftOver(state, zone, ['cover']).filter((u) => commanderOf(state, u.nation) === seat);
}

/** Cover aircraft fly home when the interceptions are over (D-NAV-32). */
export function landCover(state: GreatWarState, ctx: PhaseContext, world: WorldMap): void {
  const zones = [...new Set(state.air.flights.filter((f) => f.mission === 'cover').map((f) => f.to))].sort();
  for (const zone of zones) {
    const planes = aircraftOver(state, zone, ['cover']);
    if (planes.length) landAircraft(state, ctx, world, planes, zone, 'cover over');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Orders.

type Indexed = RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } };

export const PATROL_RE = /^(?:with\s+)?(?<units>.+?)\s+from\s+(?<from>.+?)\s+(?:in|at|over)\s+(?<at>.+)$/di;

/** A patrol's text after its word: the aircraft, the territory they fly from, the sea zone; located problems. */
export function parsePatrolText(kind: 'hunt' | 'cover', m: Indexed, at: TextPosition, ctx: Ctx): PatrolOrder | Problem[] {
  const world = theWorld(ctx.state.scenario);
  const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
  const problems: Problem[] = [];
  const u = unitsOfNation(m.groups!['units']!, at.line, col('units'), ctx, aircraftTypes());
  if (Array.isArray(u)) problems.push(...u);
  else if (kind === 'hunt' && u.units !== 'all') for (const t of blind(Object.keys(u.units))) problems.push({ code: 'cannot-hunt', message: `${unitWord(t, 2)} have no detection value: they do not hunt submarines`, line: at.line, column: col('units') });
  const from = territoryAt(m.groups!['from']!, at.line, col('from'), world);
  if (typeof from !== 'string') problems.push(from);
  const zone = seaZoneAt(m.groups!['at']!, at.line, col('at'), world);
  if (typeof zone !== 'string') problems.push(zone);
  if (problems.length || Array.isArray(u) || typeof from !== 'string' || typeof zone !== 'string') return problems;
  return { kind, ...(u.nation ? { nation: u.nation } : {}), from, at: zone, units: u.units } as PatrolOrder;
}

/** A patrol's JSON form: nation, from (a territory), at (a sea zone), units (aircraft). */
export function checkPatrolJson(kind: 'hunt' | 'cover', item: Record<string, unknown>, path: readonly (string | number)[], ctx: Ctx): PatrolOrder | Problem[] {
  const { nation, from, zone, units, problems } = territoryToZoneJson(item, path, ctx, `${kind === 'hunt' ? 'a hunt' : 'a cover'} order`, aircraftTypes());
  if (kind === 'hunt' && units && units !== 'all') for (const t of blind(Object.keys(units))) problems.push({ code: 'cannot-hunt', message: `${unitWord(t, 2)} have no detection value: they do not hunt submarines`, path: jsonPath([...path, 'units', t]) });
  if (problems.length || !units || !from || !zone) return problems;
  return { kind, ...(nation ? { nation } : {}), from, at: zone, units } as PatrolOrder;
}

export const formatPatrol = (order: PatrolOrder): string => {
  const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
  return `${order.kind} with ${formatSelection(order.units)}${of} from ${areaDisplay(order.from)} ${order.kind === 'hunt' ? 'in' : 'over'} ${areaDisplay(order.at)}`;
};

/** Why a patrol cannot fly, against the state the turn starts from (the aircraft, their fuel and way; for a hunt, the submarines). */
export function patrolRefusal(order: PatrolOrder, ledger: Ledger, state: GreatWarState, seat: NationState): ReturnType<OrderSpec<CoverOrder>['refusal']> {
  const world = theWorld(state.scenario);
  const who = order.nation ?? seat.id;
  const units = unitsRefusal(order, ledger, state, seat, world, AIR_POOL);
  if ('code' in units) return units;
  const types = units.types.filter(isAircraft);
  if (order.kind === 'hunt') {
    const cannot = blind(types);
    if (cannot.length) return { code: 'cannot-hunt', message: `${cannot.map((t) => unitWord(t, 2)).join(' and ')} have no detection value and do not hunt: name the hunting aircraft, e.g. 'hunt with 2 fighters from ${world.names.get(order.from)} in ${world.names.get(order.at)}'`, field: 'units' };
    if (!enemySubmarinesIn(state, order.at, who).length) return { code: 'no-enemy-submarines', message: `no submarine of a nation at war with ${nationName(state, who)} is in the ${world.names.get(order.at)}`, field: 'at' };
  } else {
    // The draft's sailings (and landings) must give the seat a task force submarines could strike there.
    const sails = ledger.admitted.filter((o): o is SailOrder & typeof o => o.kind === 'sail');
    const planned = planTaskForces(state, world, seat.id, sails, new Set());
    // Landings are checked after (Phase 8 orders): a transport task force staying in the zone counts as one that may land.
    const forces = planned.map((p, i) => ({ id: `TF${i + 1}`, nation: p.nation, task: p.task, from: p.order.from, to: p.order.to, path: [...p.path], units: p.ships.map((u) => u.id) }));
    const landing = new Set(forces.map((f) => `${f.nation}|${f.to}`));
    if (!coverable(state, forces, seat.id, order.at, landing).length) {
      return { code: 'nothing-to-cover', message: `no sail order of ${seat.name} takes a task force into, out of or through the ${world.names.get(order.at)}, or keeps transports there to land troops: cover guards such task forces (GW-P06-NAV-04)`, field: 'at' };
    }
  }
  const check = checkPatrolFlight(state, world, who, order.from, order.at, types);
  if (!check.ok) return { code: check.code, message: check.message, ...(check.field ? { field: check.field } : {}) };
  return undefined;
}

/** Candidate patrols for the random player: aircraft next to a zone with enemy submarines hunt them; cover over a zone a sail order takes a task force through. */
export function patrolCandidates(kind: 'hunt' | 'cover', ledger: Ledger, state: GreatWarState, nation: NationState): PatrolOrder[] {
  const world = theWorld(state.scenario);
  const planes = state.board.units.filter((u) => u.nation === nation.id && isAircraft(u.type) && u.aboard === undefined && world.territory.has(u.at));
  const out: PatrolOrder[] = [];
  const zones =
    kind === 'hunt'
      ? [...new Set(state.board.units.filter((u) => u.type === 'submarine' && atWar(state, nation.id, u.nation)).map((u) => u.at))].sort()
      : [...new Set(ledger.admitted.filter((o) => o.kind === 'sail').flatMap((o) => [(o as SailOrder).from, (o as SailOrder).to]))].sort();
  for (const at of zones) {
    const near = planes.find((u) => world.graph.adjacent(u.at, at) && fuelOf(state, nation.id, u.type) >= ruleNumbers.air.seaCombatFuel);
    if (near) out.push({ kind, at, from: near.at, units: { [near.type]: 1 } } as PatrolOrder);
    if (out.length >= 1) break;
  }
  return out;
}

export const coverSpec: OrderSpec<CoverOrder> = {
  kind: 'cover',
  words: ['cover'],
  example: 'cover with 2 bombers from London over North Sea',
  parseText(rest, at, ctx) {
    const m = PATROL_RE.exec(rest) as Indexed | null;
    if (!m?.groups) return [{ code: 'bad-cover', message: "a cover order reads 'cover with 2 bombers from London over North Sea'", line: at.line, column: at.column }];
    return parsePatrolText('cover', m, at, ctx) as CoverOrder | Problem[];
  },
  checkJson(item, path, ctx) {
    return checkPatrolJson('cover', item, path, ctx) as CoverOrder | Problem[];
  },
  format: (order) => formatPatrol(order),
  refusal: (order, ledger, ctx, nation) => patrolRefusal(order, ledger, ctx.state, nation),
  cost: () => 0,
  candidates: (ledger, ctx, nation) => patrolCandidates('cover', ledger, ctx.state, nation) as CoverOrder[],
};
