import { type PhaseContext, type Problem } from '@umpire/engine';
import { aircraftTypes } from '../base/counting.js';
import { AIR_POOL } from '../air/missions.js';
import { mountedAboard } from './air-at-sea.js';
import { isFitted } from './fleet.js';
import type { BoardUnit } from '../base/board.js';
import { allied, commanderOf, displayNationName, nationName } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { formatSelection, LAND_POOL, territoryAt, unitsOfNation, unitsRefusal, type UnitPool, type UnitSelection } from '../orders/grammar.js';
import { areaDisplay, countByType, describeCounts, groupBy, movableLandTypes, unitOrder } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { nationOf, type GreatWarState } from '../base/nations.js';
import { planTaskForces, repairTargets, seaZoneAt, territoryToZoneJson, type ForcePlan, type RepairOrder, type SailOrder } from './fleet.js';
import type { AnyOrder, OrderSpec, Refusal } from '../orders/language.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { troopLoad, pointsAboard } from './fleet.js';

/**
 * Transports (GW-UNIT-25..34): troops go aboard in naval movement (phase 6) with `embark`, sail with their transport,
 * and come ashore in land movement (phase 8) with `land` (landings.ts), into friendly territory (a landing) or into an
 * enemy's (a naval invasion, phase 10.1: naval-invasions.ts). A unit aboard is a land unit or an aircraft whose `at` is its
 * transport's sea zone and whose `aboard` names the transport; it is lost if the transport is sunk. Decisions D-NAV-20
 * to D-NAV-23 of docs/great-war/naval-war.md; orders O-22 and O-23 of docs/great-war/orders.md.
 */

export type EmbarkOrder = { kind: 'embark'; nation?: string; from: string; at: string; units: UnitSelection };

// ---------------------------------------------------------------------------------------------------------------
// Troop points.

/** The unit types a transport may carry: land units that move, and aircraft, with a load in the unit table. */
export function cargoTypes(): string[] {
  return [...movableLandTypes(), ...aircraftTypes()].filter((t) => troopLoad(t) !== null);
}

/** A transport's capacity in troop points for its nation now (GW-UNIT-25, -29: 2, +1 for each Improved Transports advance). */
export function transportCapacity(state: GreatWarState, transport: { readonly nation: string; readonly type: string }): number {
  if (nationOf(state, transport.nation)) return unitStats(state, transport.nation, transport.type as never).troopPoints;
  return unitTable().byId.get(transport.type as never)?.troopPoints ?? 0;
}

/** A nation's land units and aircraft in a territory that a transport may carry, in id order. */
export function cargoUnitsAt(state: GreatWarState, nation: string, territory: string): BoardUnit[] {
  const types = cargoTypes();
  return state.board.units.filter((u) => u.at === territory && u.nation === nation && u.aboard === undefined && types.includes(u.type)).sort(unitOrder);
}

/** Land units and aircraft: an embarkation takes them for the turn as a move or a mission would. */
const cargoPool = (): UnitPool => ({ kinds: [...new Set([...LAND_POOL.kinds, ...AIR_POOL.kinds])], unitsAt: cargoUnitsAt, what: 'land units or aircraft', elsewhere: 'already ordered elsewhere' });

// ---------------------------------------------------------------------------------------------------------------
// Embarking (phase 6).

/** One unit an embark order would put aboard, and the transport it goes on. */
export interface Boarding {
  readonly unit: BoardUnit;
  readonly transport: BoardUnit;
}

export interface EmbarkPlan {
  readonly order: EmbarkOrder;
  readonly nation: string;
  readonly boarding: Boarding[];
  /** Units the order names by count that did not go aboard (no room, or not there). */
  readonly left: Record<string, number>;
}

type Voided<O> = (order: O, code: string, message: string) => void;

/**
 * The transports that take troops embarking in `zone` (D-NAV-21): the seat's transports in task forces with the
 * transport task that sail from the zone (they load, then sail), sail into it (they sail, then load) or stay in it.
 */
function transportsFor(forces: readonly ForcePlan[], zone: string): BoardUnit[] {
  return forces
    .filter((f) => f.task === 'transport' && (f.order.from === zone || f.order.to === zone))
    .flatMap((f) => f.ships.filter((s) => s.type === 'transport'))
    .sort(unitOrder);
}

/**
 * Who goes aboard which transport (D-NAV-20, D-NAV-21): for each sea zone, every unit the embark orders name, the
 * units named by count before those of an 'all', two-point units before infantry, each on the first transport with
 * room (existing cargo counts); a transport loads in one sea zone a turn (GW-UNIT-30). Orders that cannot be carried
 * out go to `voided`. Pure: the order check and phase 6 use it alike.
 */
export function planEmbarkations(state: GreatWarState, world: WorldMap, seat: string, embarks: readonly EmbarkOrder[], forces: readonly ForcePlan[], voided: Voided<EmbarkOrder> = () => {}): EmbarkPlan[] {
  const taken = new Set<string>(state.air.flown);
  const wanted: { index: number; unit: BoardUnit; flexible: boolean }[] = [];
  const valid: { index: number; order: EmbarkOrder; nation: string; counts: Record<string, number> }[] = [];
  embarks.forEach((order, index) => {
    const nation = order.nation ?? seat;
    const name = (id: string) => world.names.get(id) ?? id;
    if (commanderOf(state, nation) !== seat) return voided(order, 'not-your-units', `${nationName(state, seat)} does not command the units of ${nationName(state, nation)}`);
    if (!world.graph.adjacent(order.from, order.at, ['coast'])) return voided(order, 'not-adjacent', `${name(order.from)} does not border ${name(order.at)}: troops go aboard from a territory next to the transport's sea zone (GW-UNIT-30)`);
    const free = cargoUnitsAt(state, nation, order.from).filter((u) => !taken.has(u.id));
    const counts: Record<string, number> = {};
    for (const type of order.units === 'all' ? Object.keys(countByType(free)) : Object.keys(order.units)) {
      const ofType = free.filter((u) => u.type === type);
      const n = order.units === 'all' ? 'all' : order.units[type]!;
      const going = n === 'all' ? ofType : ofType.slice(0, n);
      if (n !== 'all' && going.length < n) counts[type] = n - going.length;
      for (const u of going) {
        taken.add(u.id);
        wanted.push({ index, unit: u, flexible: n === 'all' });
      }
    }
    if (!wanted.some((w) => w.index === index)) return voided(order, 'no-units', `${nationName(state, nation)} has none of these units in ${name(order.from)}`);
    valid.push({ index, order, nation, counts });
  });
  const boarding = new Map<number, Boarding[]>();
  const loadedIn = new Map<string, string>();
  const zones = [...new Set(valid.map((v) => v.order.at))];
  for (const zone of zones) {
    const transports = transportsFor(forces, zone).filter((t) => (loadedIn.get(t.id) ?? zone) === zone);
    const room = new Map(transports.map((t) => [t.id, transportCapacity(state, t) - pointsAboard(state, t.id)]));
    const here = wanted.filter((w) => valid.find((v) => v.index === w.index)!.order.at === zone);
    here.sort((a, b) => Number(a.flexible) - Number(b.flexible) || (troopLoad(b.unit.type) ?? 0) - (troopLoad(a.unit.type) ?? 0) || a.index - b.index || unitOrder(a.unit, b.unit));
    for (const w of here) {
      const load = troopLoad(w.unit.type) ?? Infinity;
      const t = transports.find((x) => room.get(x.id)! >= load);
      if (!t) continue;
      room.set(t.id, room.get(t.id)! - load);
      loadedIn.set(t.id, zone);
      const list = boarding.get(w.index) ?? [];
      list.push({ unit: w.unit, transport: t });
      boarding.set(w.index, list);
    }
  }
  const out: EmbarkPlan[] = [];
  for (const v of valid) {
    const aboard = boarding.get(v.index) ?? [];
    const name = world.names.get(v.order.at) ?? v.order.at;
    if (!aboard.length) {
      const transports = transportsFor(forces, v.order.at);
      const elsewhere = transports.filter((t) => loadedIn.has(t.id) && loadedIn.get(t.id) !== v.order.at);
      if (transports.length && elsewhere.length === transports.length) voided(v.order, 'one-zone', `a transport takes troops aboard in one sea zone a turn (GW-UNIT-30): the transports with the transport task that could load in ${name} load in the ${world.names.get(loadedIn.get(elsewhere[0]!.id)!)}`);
      else if (!transports.length) voided(v.order, 'no-transports', `none of ${nationName(state, seat)}'s transports has the transport task in ${name} this turn: give it one ('sail 1 transport in ${name} as transport', or sail it there as transport) (GW-P06-NAV-09)`);
      else voided(v.order, 'no-room', `the transports with the transport task in ${name} have no room left for these units (${describeRoom(state, transports)}; infantry take 1 troop point, other units 2: GW-UNIT-26..28)`);
      continue;
    }
    const left = { ...v.counts };
    for (const w of wanted.filter((x) => x.index === v.index && !x.flexible && !aboard.some((b) => b.unit === x.unit))) left[w.unit.type] = (left[w.unit.type] ?? 0) + 1;
    out.push({ order: v.order, nation: v.nation, boarding: aboard, left });
  }
  return out;
}

function describeRoom(state: GreatWarState, transports: readonly BoardUnit[]): string {
  const cap = transports.reduce((s, t) => s + transportCapacity(state, t), 0);
  return `${transports.length} transport${transports.length === 1 ? '' : 's'}, ${cap} troop point${cap === 1 ? '' : 's'}`;
}

/** The ships the seat's admitted repairs and sailings take (their order, as phase 6 takes them). */
function seatFleetPlan(state: GreatWarState, world: WorldMap, seat: string, admitted: readonly AnyOrder[]): ForcePlan[] {
  const used = new Set<string>();
  for (const r of admitted.filter((o): o is RepairOrder & AnyOrder => o.kind === 'repair')) for (const u of repairTargets(state, r.nation ?? seat, r)) used.add(u.id);
  return planTaskForces(
    state,
    world,
    seat,
    admitted.filter((o): o is SailOrder & AnyOrder => o.kind === 'sail'),
    used,
  );
}

export const embarkSpec: OrderSpec<EmbarkOrder> = {
  kind: 'embark',
  words: ['embark'],
  example: 'embark 2 infantry from London onto transports in English Channel',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s+(?:onto|on|into|to)\s+(?:(?:the\s+)?transports?\s+(?:in|at)\s+)?(?<at>.+)$/di.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number]> } }) | null;
    if (!m?.groups) return [{ code: 'bad-embark', message: "an embarkation reads 'embark 2 infantry from London onto transports in English Channel'", line: at.line, column: at.column }];
    const col = (k: string) => at.column + m.indices.groups[k]![0];
    const problems: Problem[] = [];
    const u = unitsOfNation(m.groups['units']!, at.line, col('units'), ctx, cargoTypes());
    if (Array.isArray(u)) problems.push(...u);
    const from = territoryAt(m.groups['from']!, at.line, col('from'), world);
    if (typeof from !== 'string') problems.push(from);
    const zone = seaZoneAt(m.groups['at']!, at.line, col('at'), world);
    if (typeof zone !== 'string') problems.push(zone);
    if (problems.length || Array.isArray(u) || typeof from !== 'string' || typeof zone !== 'string') return problems;
    return { kind: 'embark', ...(u.nation ? { nation: u.nation } : {}), from, at: zone, units: u.units };
  },
  checkJson(item, path, ctx) {
    const { nation, from, zone, units, problems } = territoryToZoneJson(item, path, ctx, 'an embark order', cargoTypes());
    if (problems.length || !units || !from || !zone) return problems;
    return { kind: 'embark', ...(nation ? { nation } : {}), from, at: zone, units };
  },
  format(order) {
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    return `embark ${formatSelection(order.units)}${of} from ${areaDisplay(order.from)} onto transports in ${areaDisplay(order.at)}`;
  },
  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const units = unitsRefusal(order, ledger, state, nation, world, cargoPool());
    if ('code' in units) return units;
    const fleet = seatFleetPlan(state, world, nation.id, ledger.admitted);
    const embarks = ledger.admitted.filter((o): o is EmbarkOrder & AnyOrder => o.kind === 'embark');
    let refusal: Refusal | undefined;
    let full = false;
    const plans = planEmbarkations(state, world, nation.id, [...embarks, order], fleet, (o, code, message) => {
      if (o !== order) return;
      if (code === 'no-room') full = true;
      else refusal ??= { code, message, ...(code === 'not-adjacent' ? { field: 'from' } : code === 'not-your-units' ? { field: 'nation' } : code === 'no-units' ? { field: 'units' } : { field: 'at' }) };
    });
    if (refusal) return refusal;
    if (full || plans.some((p) => Object.keys(p.left).length && p.order.at === order.at)) {
      const transports = transportsFor(fleet, order.at);
      return {
        code: 'over-capacity',
        message: `the transports with the transport task in ${world.names.get(order.at)} (${describeRoom(state, transports)}, ${transports.reduce((s, t) => s + pointsAboard(state, t.id), 0)} of them already taken) cannot carry every unit the embark orders name there; infantry take 1 troop point, other units 2 (GW-UNIT-25..28)`,
        field: 'units',
      };
    }
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const out: EmbarkOrder[] = [];
    for (const force of seatFleetPlan(state, world, nation.id, ledger.admitted).filter((f) => f.task === 'transport')) {
      for (const zone of [...new Set([force.order.from, force.order.to])]) {
        for (const n of world.graph.neighbours(zone, ['coast'])) {
          const here = cargoUnitsAt(state, nation.id, n.id);
          const type = here.find((u) => u.type === 'infantry')?.type ?? here[0]?.type;
          if (type && out.length < 2) out.push({ kind: 'embark', from: n.id, at: zone, units: { [type]: 1 } });
        }
      }
    }
    return out;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Landing (phase 8).

/** Where the seat's units will be aboard after phase 6, by its admitted repairs, sailings and embarkations: cargo and the sea zone it will be in. */
export function cargoAfterNavalMovement(state: GreatWarState, world: WorldMap, seat: string, admitted: readonly AnyOrder[]): { unit: BoardUnit; zone: string }[] {
  const fleet = seatFleetPlan(state, world, seat, admitted);
  const dest = new Map<string, string>();
  for (const f of fleet) for (const s of f.ships) dest.set(s.id, f.order.to);
  const out: { unit: BoardUnit; zone: string }[] = [];
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  for (const u of state.board.units) {
    // Cargo only: not what a warship carries nor what is fitted to a ship (D-EQUIP-7).
    if (u.aboard === undefined || commanderOf(state, u.nation) !== seat || mountedAboard(u, byId)) continue;
    out.push({ unit: u, zone: dest.get(u.aboard) ?? byId.get(u.aboard)?.at ?? u.at });
  }
  const embarks = admitted.filter((o): o is EmbarkOrder & AnyOrder => o.kind === 'embark');
  for (const p of planEmbarkations(state, world, seat, embarks, fleet)) for (const b of p.boarding) out.push({ unit: b.unit, zone: dest.get(b.transport.id) ?? b.transport.at });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// After the sea battles: cargo follows its transport, or goes down with it (GW-UNIT-34).

/**
 * Every unit aboard stands where its transport is: after phase 7 a transport that retreated took its cargo along,
 * and the cargo of a transport that was sunk is lost with it (GW-UNIT-34, D-NAV-20).
 */
export function settleCargo(state: GreatWarState, ctx: PhaseContext): GreatWarState {
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  // Troops aboard transports (fighters on carriers and AA guns on ships follow their ships in air-at-sea.ts).
  const cargo = state.board.units.filter((u) => u.aboard !== undefined && !mountedAboard(u, byId));
  const lost = cargo.filter((u) => !byId.get(u.aboard!));
  for (const [key, list] of groupBy(lost, (u) => `${u.nation}|${u.aboard}|${u.at}`)) {
    const [nation, transport, area] = key.split('|') as [string, string, string];
    ctx.emit({ type: 'cargo-lost', area, nation, transport, units: countByType(list), ids: list.map((u) => u.id) });
  }
  if (lost.length) state.board.units = state.board.units.filter((u) => !lost.includes(u));
  for (const [key, list] of groupBy(
    cargo.filter((u) => !lost.includes(u) && byId.get(u.aboard!)!.at !== u.at),
    (u) => `${u.nation}|${u.aboard}|${u.at}`,
  )) {
    const [nation, transport, from] = key.split('|') as [string, string, string];
    const to = byId.get(transport)!.at;
    for (const u of list) u.at = to;
    ctx.emit({ type: 'cargo-moved', nation, transport, from, to, units: countByType(list), ids: list.map((u) => u.id) });
  }
  return state;
}

/**
 * The transports' invariants (for boardInvariants): every unit aboard is a land unit or aircraft a transport carries,
 * on a transport of its side that exists, in the transport's sea zone; no transport carries more troop points than
 * its capacity; every land unit or aircraft at sea is aboard a transport.
 */
export function cargoInvariants(state: GreatWarState, world: WorldMap): string[] {
  const out: string[] = [];
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const points = new Map<string, number>();
  for (const u of state.board.units) {
    if (u.aboard === undefined) continue;
    const t = byId.get(u.aboard);
    // Aboard a warship (a fighter on a carrier, an AA gun on a mount), or fitted to a ship: aboardInvariants checks it.
    if (t && (t.type !== 'transport' || isFitted(u))) continue;
    if (!t) out.push(`unit ${u.id} is aboard '${u.aboard}', which is no ship on the board`);
    else {
      if (t.at !== u.at) out.push(`unit ${u.id} is aboard ${t.id} in ${t.at} but stands in ${u.at}`);
      if (!allied(state, u.nation, t.nation)) out.push(`unit ${u.id} (${u.nation}) is aboard ${t.id} of ${t.nation}, not an ally`);
    }
    const load = troopLoad(u.type);
    if (load === null || !cargoTypes().includes(u.type)) out.push(`unit ${u.id} (${u.type}) is aboard a transport, which cannot carry it`);
    if (!world.sea.has(u.at)) out.push(`unit ${u.id} is aboard a transport but stands in ${u.at}, not a sea zone`);
    points.set(u.aboard, (points.get(u.aboard) ?? 0) + (load ?? 0));
  }
  for (const [id, p] of points) {
    const t = byId.get(id);
    if (t?.type === 'transport' && p > transportCapacity(state, t)) out.push(`transport ${id} carries ${p} troop points, more than its ${transportCapacity(state, t)} (GW-UNIT-28)`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports.

/** One line of plain text for the events of transports; undefined for others. */
export function describeTransportEvent(event: { type: string; [k: string]: unknown }, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => (state ? nationName(state, String(id)) : displayNationName(String(id)));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  switch (event.type) {
    case 'embark':
      return `${who(event['nation'])} embarks ${counts(event['units'])} from ${area(event['from'])} onto transports in the ${area(event['at'])}${event['left'] ? ` (${counts(event['left'])} left ashore: no room)` : ''}.`;
    case 'cargo-moved':
      return `${who(event['nation'])}'s ${counts(event['units'])} aboard a transport go from the ${area(event['from'])} to the ${area(event['to'])} with it.`;
    case 'cargo-lost':
      return `${who(event['nation'])}'s ${counts(event['units'])} aboard a transport sunk in the ${area(event['area'])} are lost with it.`;
    case 'disembark':
      return `${who(event['nation'])} lands ${counts(event['units'])} from the ${area(event['from'])} in ${area(event['to'])}${event['invasion'] ? ' (a naval invasion)' : ''}.`;
    default:
      return undefined;
  }
}

