import type { PhaseContext, Result, Problem, UnitSelection } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { landingFor } from './aircraft.js';
import { aircraftTypes } from '../base/counting.js';
import { nationName } from '../base/conquest.js';
import { voidOrder, commandsOrVoid, type UnitPool } from '../orders/grammar.js';
import { countByType, unitOrder } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import type { Flight, GreatWarState, NationState } from '../base/nations.js';
import { react } from '../base/reactions.js';
import { theWorld } from '../data/world.js';
import { areaDisplay } from '../base/counting.js';
import { formatSelection } from '../orders/grammar.js';

export type FlyOrder = {
  kind: 'fly';
  nation?: string;
  from: string;
  to: string;
  units: UnitSelection;
  via?: string[];
  /** Where the aircraft land after an attack. */
  land?: string;
};

/** Orders that send aircraft out (one mission an aircraft a turn, GW-P04-BOMB-09). */
export const MISSION_KINDS = ['bomb', 'strike', 'fly', 'hunt', 'cover'] as const;

/** A nation's aircraft in a territory, in id order. */
export function aircraftAt(state: GreatWarState, nation: string, territory: string): BoardUnit[] {
  const types = aircraftTypes();
  return state.board.units.filter((u) => u.at === territory && u.nation === nation && types.includes(u.type)).sort(unitOrder);
}

export type FlightCheck = Result<{ readonly path: readonly string[]; readonly fuel: number; readonly hostile: boolean }, Problem>;

/** Aircraft: each flies one mission a turn, a bombing, a strike or a flight (GW-P04-BOMB-09), or goes aboard a transport (D-NAV-20). */
export const AIR_POOL: UnitPool = { kinds: [...MISSION_KINDS, 'embark'], unitsAt: aircraftAt, what: 'aircraft', elsewhere: 'already given a mission this turn (one mission an aircraft, GW-P04-BOMB-09)' };

/**
 * The aircraft a mission order takes when it is carried out (a flight, a bombing, a strike): the seat must command
 * the nation, and the aircraft must still be there and not have flown this turn (`used`). Undefined, with the order
 * reported void, when there are none.
 */
export function missionAircraft(
  state: GreatWarState,
  ctx: PhaseContext,
  world: WorldMap,
  seat: NationState,
  order: { readonly nation?: string; readonly from: string; readonly units: UnitSelection },
  used: ReadonlySet<string>,
  phase: string,
  text: string,
): BoardUnit[] | undefined {
  const nation = order.nation ?? seat.id;
  if (!commandsOrVoid(state, ctx, phase, seat, nation, text)) return undefined;
  const free = aircraftAt(state, nation, order.from).filter((u) => !used.has(u.id));
  const units: BoardUnit[] = [];
  for (const type of order.units === 'all' ? aircraftTypes() : Object.keys(order.units)) {
    const ofType = free.filter((u) => u.type === type);
    const wanted = order.units === 'all' ? 'all' : order.units[type]!;
    units.push(...(wanted === 'all' ? ofType : ofType.slice(0, wanted)));
  }
  if (!units.length) {
    voidOrder(ctx, phase, seat.id, text, 'no-units', `${nationName(state, nation)} has none of these aircraft left in ${world.names.get(order.from)} (each flies one mission a turn)`);
    return undefined;
  }
  return units;
}

/**
 * Aircraft in `from` come down (D-AIR-11): each where its order says, or at its base, or at the nearest friendly
 * territory within its fuel; an aircraft that can reach none is lost. Transfers simply end. Their flights end.
 */
export function landAircraft(state: GreatWarState, ctx: PhaseContext, world: WorldMap, units: readonly BoardUnit[], from: string, reason: string): void {
  const landed = new Map<string, BoardUnit[]>();
  const lost: BoardUnit[] = [];
  for (const u of [...units].sort(unitOrder)) {
    const flight = state.air.flights.find((f) => f.unit === u.id);
    if (!flight) continue;
    state.air.flights = state.air.flights.filter((f) => f !== flight);
    if (flight.mission === 'transfer') continue;
    const place = landingFor(state, world, flight, u.type, from);
    if (!place) {
      lost.push(u);
      continue;
    }
    u.at = place.id;
    if (!world.sea.has(place.id)) delete u.aboard;
    else react(state, ctx, { kind: 'aircraft-on-deck', world, unit: u, zone: place.id, flight }); // on a carrier (D-AIR-44)
    const key = `${u.nation}|${place.id}`;
    landed.set(key, [...(landed.get(key) ?? []), u]);
  }
  for (const [key, list] of landed) {
    const [nation, to] = key.split('|') as [string, string];
    ctx.emit({ type: 'landing', nation, from, to, units: countByType(list), ids: list.map((u) => u.id), reason, ...(world.sea.has(to) ? { aboard: true } : {}) });
  }
  if (lost.length) {
    state.board.units = state.board.units.filter((u) => !lost.includes(u));
    for (const [nation, list] of groupByNation(lost)) ctx.emit({ type: 'crash', nation, at: from, units: countByType(list), ids: list.map((u) => u.id) });
  }
}

/** The aircraft still in the air over `area` on a mission, in unit order. */
export function aircraftOver(state: GreatWarState, area: string, missions: readonly Flight['mission'][] = ['attack']): BoardUnit[] {
  const ids = new Set(state.air.flights.filter((f) => f.to === area && missions.includes(f.mission)).map((f) => f.unit));
  return state.board.units.filter((u) => ids.has(u.id) && u.at === area).sort(unitOrder);
}

export function groupByNation(units: readonly BoardUnit[]): Map<string, BoardUnit[]> {
  const out = new Map<string, BoardUnit[]>();
  for (const u of units) out.set(u.nation, [...(out.get(u.nation) ?? []), u]);
  return out;
}

/** A fly order in words, as players write it. */
export function formatFly(order: FlyOrder): string {
  const world = theWorld();
  const of = order.nation ? ` of ${nationName(undefined, order.nation)}` : '';
  const via = order.via?.length ? ` via ${order.via.map((v) => areaDisplay(v, world)).join(', ')}` : '';
  const land = order.land ? ` land at ${areaDisplay(order.land, world)}` : '';
  return `fly ${formatSelection(order.units)}${of} from ${areaDisplay(order.from, world)} to ${areaDisplay(order.to, world)}${via}${land}`;
}
