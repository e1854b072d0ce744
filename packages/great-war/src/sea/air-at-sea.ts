import { rollPool, type GameEvent, type PhaseContext, type PoolEntry, ok, err, ordersOf } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { flightCosts, fuelOf, mayOverfly, pathFuel, pathTo, returnFuel } from '../air/aircraft.js';
import { isAircraft } from '../base/counting.js';
import { formatFly } from '../air/missions.js';
import { missionAircraft, type FlightCheck, type FlyOrder } from '../air/missions.js';
import { aircraftLosses, chooseSeaInterceptors, fightAirCombat } from '../air/air-combat.js';
import { nationName, nationIndex } from '../base/conquest.js';
import type { StandingOrders } from '../combat/losses.js';
import { voidOrder } from '../orders/grammar.js';
import { campOf, countByType, describeCounts, groupBy, statsOf, unitOrder, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, nationOf, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { isSurface } from './fleet.js';
import { unitStats } from '../base/units.js';
import { radarWarning } from './ship-equipment.js';
import { isEquipment, isFitted } from './fleet.js';
import { theWorld } from '../data/world.js';
import { checkLaunch } from './carrier-operations.js';
import { carrierRefusal, carrierRoom, mayLaunch, carryAboard, enemyShipsIn, aircraftOverSea } from './aboard.js';
import { air, carrierCapacity } from './aboard.js';
import type { NationState } from '../base/nations.js';
import { launchingFighters, takeOff } from './carrier-operations.js';

/**
 * Aircraft at sea (decisions D-AIR-30 to D-AIR-38 of docs/great-war/air-war.md): a `fly` order whose target is a sea
 * zone flies during naval movement (phase 6, GW-P06-NAV-06), after the ships have sailed; into a zone with enemy
 * surface ships it is an attack that takes part in the naval battle of phase 7 (steps 1 to 3 first: carrier fighters
 * intercept, the ships fire their defence, their AA guns fire; then the aircraft roll with the ships in step 4);
 * into a zone with a carrier of the nation it lands on board (GW-UNIT-36, -38, -42, -43, -55). Units on board a
 * ship (`aboard`) stand where it stands and go down with it.
 */

// ---------------------------------------------------------------------------------------------------------------
// On board ships.

/** How many improved AA guns a ship may carry (GW-TECH-26). */
export function aaMountsOf(state: GreatWarState, ship: BoardUnit): number {
  const n = nationOf(state, ship.nation);
  return (n ? unitStats(state, n, ship.type as never).aaMounts : 0) ?? 0;
}

/** Whether a unit is on board a warship (a fighter on a carrier, an AA gun on a mount) or fitted to a ship (radar, sonar, a mounted AA gun: D-EQUIP-7), not cargo on a transport; for a ship that is gone, by the unit's type. */
export function mountedAboard(u: BoardUnit, byId: ReadonlyMap<string, BoardUnit>): boolean {
  if (u.aboard === undefined) return false;
  const ship = byId.get(u.aboard);
  return ship ? ship.type !== 'transport' || isFitted(u) : u.type === 'fighter' || u.type === 'aa-gun' || isFitted(u);
}

/** Units on board ships that are gone go down with them (D-AIR-35). */
export function lostWithShips(state: GreatWarState, ctx: PhaseContext): void {
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const lost = state.board.units.filter((u) => u.aboard !== undefined && !byId.has(u.aboard) && mountedAboard(u, byId));
  if (!lost.length) return;
  state.board.units = state.board.units.filter((u) => !lost.includes(u));
  for (const [key, list] of groupBy(lost, (u) => `${u.nation}|${u.at}`)) {
    const [nation, at] = key.split('|') as [string, string];
    ctx.emit({ type: 'lost-aboard', nation, at, units: countByType(list), ids: list.map((u) => u.id) });
  }
}

/** Invariants of units on board: the ship exists, of the unit's nation, where it stands; fighters on carriers within capacity, AA guns within mounts; nothing else at sea off a ship. */
export function aboardInvariants(state: GreatWarState, world: WorldMap = theWorld(state.scenario)): string[] {
  const out: string[] = [];
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const load = new Map<string, number>();
  for (const u of state.board.units) {
    const category = u.type === 'aa-gun' || isAircraft(u.type) || isEquipment(u.type) ? 'aboard' : undefined;
    if (u.aboard === undefined) continue;
    const ship = byId.get(u.aboard);
    // Troops aboard a transport, and units aboard a ship that is gone: cargoInvariants (transports.ts) checks them.
    if (!ship || (ship.type === 'transport' && !isFitted(u))) continue;
    if (!category) out.push(`unit ${u.id} (${u.type}) is on board ${u.aboard}, but only fighters, AA guns, radar and sonar go on board`);
    if (ship.nation !== u.nation) out.push(`unit ${u.id} (${u.nation}) is on board ${ship.id} of ${ship.nation}`);
    if (ship.at !== u.at || !world.sea.has(u.at)) out.push(`unit ${u.id} stands in ${u.at}, its ship ${ship.id} in ${ship.at}`);
    if (isAircraft(u.type) && (ship.type !== 'carrier' || u.type !== 'fighter')) out.push(`unit ${u.id} (${u.type}) is on board ${ship.id} (${ship.type}); only fighters, only on carriers`);
    // Radar and sonar: equipmentInvariants (ship-equipment.ts).
    if (isEquipment(u.type)) continue;
    const key = `${ship.id}|${isAircraft(u.type) ? 'air' : 'aa'}`;
    load.set(key, (load.get(key) ?? 0) + 1);
  }
  for (const [key, n] of load) {
    const [id, kind] = key.split('|') as [string, string];
    const ship = byId.get(id)!;
    const max = kind === 'air' ? carrierCapacity(state, ship) : aaMountsOf(state, ship);
    if (n > max) out.push(`${ship.id} (${ship.type}) carries ${n} ${kind === 'air' ? 'fighters' : 'AA guns'}; it holds ${max}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Flights into sea zones.

/**
 * Whether `nation`'s aircraft of `types` may fly from a territory into the sea zone `to` now (D-AIR-30, D-AIR-31): an
 * attack if enemy surface ships are there, each type with the fuel for a sea fight (GW-UNIT-54) and the fuel to fly in
 * (2), fight a round (1) and fly out to a friendly territory (GW-UNIT-53); else a landing on a carrier of the nation there
 * (D-AIR-33) for aircraft that may serve on one, `count` of them fitting.
 */
export function checkSeaFlight(state: GreatWarState, world: WorldMap, nation: string, from: string, to: string, via: readonly string[] | undefined, types: readonly string[], count?: number): FlightCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  const no = (code: string, message: string, field = 'to'): FlightCheck => (err({ code, message, field }));
  // From a sea zone: fighters taking off from their carrier there (D-AIR-41, carrier-operations.ts).
  if (world.sea.has(from)) return checkLaunch(state, world, nation, from, to, via, types, count);
  if (!world.territory.has(from)) return no('unknown-area', `there is no area '${name(from)}'`, 'from');
  const full = (t: string) => fuelOf(state, nation, t);
  const fuel = Math.min(...types.map(full));
  const pass = (id: string) => mayOverfly(state, world, nation, id, types, full);
  let path: string[];
  if (via?.length) {
    path = [from, ...via, to];
    for (let i = 1; i < path.length; i++) if (!world.graph.adjacent(path[i - 1]!, path[i]!)) return no('not-adjacent', `${name(path[i - 1]!)} does not border ${name(path[i]!)}`, 'via');
    for (const step of via) if (!pass(step)) return no('blocked-path', `${nationName(state, nation)}'s aircraft may not fly over ${name(step)}: it is neutral ground or its terrain bars them`, 'via');
  } else {
    const costs = flightCosts(state, world, nation, from, fuel, pass);
    if (!costs.has(to)) return no('too-far', `${unitWord(types[0]!, 2)} of ${nationName(state, nation)} have ${fuel} fuel; the ${name(to)} is beyond that from ${name(from)}`);
    path = pathTo(costs, to);
  }
  const spent = pathFuel(world, path);
  const hostile = enemyShipsIn(state, nation, to).length > 0;
  for (const t of types) {
    const left = full(t) - spent;
    if (left < 0) return no('too-far', `${unitWord(t, 2)} of ${nationName(state, nation)} have ${full(t)} fuel; ${name(from)} to the ${name(to)} takes ${spent}`);
    if (!hostile) {
      const why = carrierRefusal(state, nation, t);
      if (why) return no('no-target', `there are no enemy ships in the ${name(to)} to attack, and ${why}`);
      continue;
    }
    if (full(t) < air.seaCombatFuel) return no('too-little-fuel', `${unitWord(t, 2)} of ${nationName(state, nation)} have ${full(t)} fuel; they need ${air.seaCombatFuel} to fly into a sea zone for combat (GW-UNIT-54)`);
    if (returnFuel(state, world, nation, t, to, left - 1) === undefined) {
      return no('no-fuel-to-return', `${unitWord(t, 2)} of ${nationName(state, nation)} have ${full(t)} fuel: ${spent} to reach the ${name(to)} and 1 for a round of combat leave ${Math.max(0, left - 1)}, too little to fly back to a friendly territory (GW-UNIT-53)`);
    }
  }
  if (!hostile) {
    const room = carrierRoom(state, nation, to).reduce((a, c) => a + c.room, 0);
    if (!room) return no('no-target', `there are no enemy ships in the ${name(to)} to attack, nor a carrier of ${nationName(state, nation)} with room to land on`);
    if (count !== undefined && count > room) return no('no-room', `${nationName(state, nation)}'s carriers in the ${name(to)} have room for ${room} fighter(s); the order sends ${count}`, 'units');
  }
  return ok({ path, fuel: spent, hostile });
}

/** Phase 6 flights: the `fly` orders whose target is a sea zone (GW-P06-NAV-06). */
export const isSeaFlight = (world: WorldMap, order: FlyOrder): boolean => world.sea.has(order.to);

/**
 * The 'air-at-sea' phase, right after naval movement (D-AIR-30): carriers have carried their fighters; each seat's
 * flights into sea zones take off, checked against the sea as the ships left it. An attack stands in the air over
 * the zone until the naval battle of phase 7; a landing on a carrier ends on board. A flight that has no target any
 * more is void and its aircraft stay home. Every aircraft that flew may not fly in phase 8 (GW-P08-LANDMOVE-02).
 */
export function resolveAirAtSea(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  carryAboard(state);
  const used = new Set(state.air.flown);
  for (const seat of state.nations) {
    for (const order of ordersOf<FlyOrder>(orders.get(seat.id), 'fly').filter((o) => isSeaFlight(world, o))) {
      if (world.sea.has(order.from)) {
        flyFromCarrier(state, ctx, world, seat, order, used); // fighters taking off from their carriers (D-AIR-42)
        continue;
      }
      const text = formatFly(order);
      const nation = order.nation ?? seat.id;
      const units = missionAircraft(state, ctx, world, seat, order, used, 'air-at-sea', text);
      if (!units) continue;
      const check = checkSeaFlight(state, world, nation, order.from, order.to, order.via, [...new Set(units.map((u) => u.type))], units.length);
      if (!check.ok) {
        voidOrder(ctx, 'air-at-sea', seat.id, text, check.error.code, check.error.message);
        continue;
      }
      flyToSea(state, ctx, nation, order, units, check.value, used);
    }
  }
  return state;
}

/**
 * The aircraft of a flight to a sea zone that passed its check go (D-AIR-30, D-AIR-33): against enemy ships they stand
 * in the air over the zone with their flight until the battle of phase 7; else they land on board the nation's carriers
 * there. Each has flown its mission for the turn. `decks`: the carriers fighters took off from (D-AIR-41), by fighter.
 */
export function flyToSea(
  state: GreatWarState,
  ctx: PhaseContext,
  nation: string,
  order: FlyOrder,
  units: readonly BoardUnit[],
  check: { readonly path: readonly string[]; readonly fuel: number; readonly hostile: boolean },
  used: Set<string>,
  decks: ReadonlyMap<string, string> = new Map(),
): void {
  const entry = check.path.length > 1 ? check.path[check.path.length - 2]! : order.from;
  const rooms = check.hostile ? [] : carrierRoom(state, nation, order.to);
  for (const u of units) {
    used.add(u.id);
    state.air.flown.push(u.id);
    u.at = order.to;
    if (check.hostile) {
      const carrier = decks.get(u.id);
      const extra = { ...(order.land ? { land: order.land } : {}), ...(carrier ? { carrier } : {}) };
      state.air.flights.push({ unit: u.id, nation, base: order.from, to: order.to, path: [...check.path], entry, fuel: fuelOf(state, nation, u.type) - check.fuel, mission: 'attack', ...extra });
    } else {
      const c = rooms.find((r) => r.room > 0)!;
      c.room--;
      u.aboard = c.carrier.id;
    }
  }
  ctx.emit({
    type: 'flight',
    nation,
    from: order.from,
    to: order.to,
    ...(check.path.length > 2 ? { path: [...check.path] } : {}),
    fuel: check.fuel,
    units: countByType(units),
    ids: units.map((u) => u.id),
    ...(check.hostile ? { attack: true } : { carrier: true }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 7: aircraft in the naval battle.

/** Sea zones with attacking aircraft over them, sorted. */
export const airStrikeZones = (state: GreatWarState, world: WorldMap): string[] => [...new Set(state.air.flights.filter((f) => f.mission === 'attack' && world.sea.has(f.to)).map((f) => f.to))].sort();

function removeAircraft(state: GreatWarState, lost: readonly BoardUnit[]): void {
  const ids = new Set(lost.map((u) => u.id));
  state.board.units = state.board.units.filter((u) => !ids.has(u.id));
  state.air.flights = state.air.flights.filter((f) => !ids.has(f.unit));
}

/**
 * Ships fire their defence at aircraft (GW-P07-NAVCOMBAT-03..05; also the parting shots at retreating aircraft,
 * GW-P07-NAVCOMBAT-13): 1D10 a ship at its defence, a hit at or under it; each hit downs one aircraft, by the loss
 * orders; the aircraft do not fire back. Returns the aircraft lost.
 */
export function shipsFireAtAircraft(state: GreatWarState, ctx: PhaseContext, standing: StandingOrders, zone: string, planes: readonly BoardUnit[], ships: readonly BoardUnit[], step: 'defence' | 'parting'): BoardUnit[] {
  const targets = planes.filter((u) => state.board.units.includes(u) && u.at === zone);
  const firing = ships.filter((u) => state.board.units.includes(u) && isSurface(u.type));
  if (!targets.length || !firing.length) return [];
  const name = theWorld(state.scenario).names.get(zone) ?? zone;
  let hits = 0;
  for (const [nation, list] of groupBy(firing, (u) => u.nation)) {
    const counter = new Map<string, number>();
    const entries: PoolEntry[] = [];
    for (const u of list) {
      const value = statsOf(state, nation, u.type).defense ?? 0;
      const k = (counter.get(u.type) ?? 0) + 1;
      counter.set(u.type, k);
      if (value > 0) entries.push({ label: `${unitWord(u.type)} #${k}`, value });
    }
    if (entries.length) hits += rollPool(ctx, entries, { purpose: `${nationName(state, nation)}'s ships fire at ${step === 'parting' ? 'the retreating' : 'the attacking'} aircraft in the ${name}` }).hits;
  }
  const lost = aircraftLosses(state, standing, targets, hits);
  removeAircraft(state, lost);
  ctx.emit({ type: 'ship-fire', area: zone, step, ships: countByType(firing), targets: countByType(targets), hits, lost: countByType(lost), ids: lost.map((u) => u.id) });
  return lost;
}

/** AA guns on board ships fire once at the attacking aircraft (GW-P07-NAVCOMBAT-06); their hits fall on aircraft only (GW-P07-NAVCOMBAT-10). */
export function shipAaFire(state: GreatWarState, ctx: PhaseContext, standing: StandingOrders, zone: string, planes: readonly BoardUnit[], ships: readonly BoardUnit[]): BoardUnit[] {
  const targets = planes.filter((u) => state.board.units.includes(u) && u.at === zone);
  const ids = new Set(ships.filter((u) => state.board.units.includes(u)).map((u) => u.id));
  // Guns mounted on the ships fire; guns carried as cargo on a transport are stowed (D-NAV-20, D-EQUIP-5).
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const guns = state.board.units.filter((u) => u.type === 'aa-gun' && u.aboard !== undefined && ids.has(u.aboard) && mountedAboard(u, byId)).sort(unitOrder);
  if (!targets.length || !guns.length) return [];
  const name = theWorld(state.scenario).names.get(zone) ?? zone;
  let hits = 0;
  for (const [nation, list] of groupBy(guns, (g) => g.nation)) {
    const value = statsOf(state, nation, 'aa-gun').defense ?? 0;
    hits += rollPool(ctx, list.map((_, i) => ({ label: `AA gun #${i + 1}`, value })), { purpose: `${nationName(state, nation)}'s AA guns on ships fire in the ${name}` }).hits;
  }
  const lost = aircraftLosses(state, standing, targets, hits);
  removeAircraft(state, lost);
  ctx.emit({ type: 'aa-fire', area: zone, phase: 'naval-combat', guns: guns.length, nations: [...new Set(guns.map((g) => g.nation))], targets: countByType(targets), hits, lost: lost.length });
  return lost;
}

/**
 * Steps 1 to 3 of a naval battle against attacking aircraft (GW-P07-NAVCOMBAT-02..06), camp by camp in seat order:
 * fighters on undamaged carriers of the enemy intercept (an air combat by the rules of phase 9, if any and if their
 * commander wants); the enemy ships fire their defence at the aircraft that got past; then the AA guns on board fire.
 * Returns the aircraft left over the zone.
 */
export function openingFireAtAircraft(state: GreatWarState, ctx: PhaseContext, standing: StandingOrders, orders: ReadonlyMap<string, GreatWarOrders>, zone: string): BoardUnit[] {
  const world = theWorld(state.scenario);
  // Radar may see them coming, and its ships evade the strike (GW-TECH-66, D-EQUIP-9).
  radarWarning(state, ctx, orders, zone);
  const camps = [...groupBy(aircraftOverSea(state, zone), (u) => campOf(state, u.nation)).values()].sort((a, b) => nationIndex(state, a[0]!.nation) - nationIndex(state, b[0]!.nation));
  for (const planes of camps) {
    const nation = planes[0]!.nation;
    // Step 1: fighters on board undamaged carriers intercept (GW-P07-NAVCOMBAT-02, GW-UNIT-37, GW-UNIT-41).
    const carrierFighters = state.board.units.filter((u) => u.at === zone && u.type === 'fighter' && atWar(state, nation, u.nation) && mayLaunch(state, u)).sort(unitOrder);
    if (carrierFighters.length) {
      const interceptors = chooseSeaInterceptors(state, ctx, orders, zone, planes, carrierFighters, world);
      if (interceptors.length) fightAirCombat(state, world, ctx, standing, zone, planes, interceptors, { phase: 'naval-combat', key: 'air' });
    }
    // Step 2: the ships fire their defence at the aircraft that got past; the aircraft do not fire back.
    shipsFireAtAircraft(state, ctx, standing, zone, planes, enemyShipsIn(state, nation, zone), 'defence');
    // Step 3: AA guns on board the ships (GW-P07-NAVCOMBAT-06, -10).
    shipAaFire(state, ctx, standing, zone, planes, enemyShipsIn(state, nation, zone));
  }
  return aircraftOverSea(state, zone);
}

/** One line of plain text for the events of aircraft at sea; undefined for others. */
export function describeAirSeaEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => nationName(state, String(id));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  switch (event.type) {
    case 'ship-fire':
      return `Ships in the ${area(event['area'])} (${counts(event['ships'])}) fire at ${event['step'] === 'parting' ? 'the retreating' : 'the attacking'} ${counts(event['targets'])}: ${String(event['hits'])} hit(s)${Object.keys((event['lost'] ?? {}) as object).length ? `, ${counts(event['lost'])} shot down` : ''}.`;
    case 'lost-aboard':
      return `${who(event['nation'])}'s ${counts(event['units'])} on board go down with their ship in the ${area(event['at'])}.`;
    default:
      return undefined;
  }
}

/**
 * Phase 6 (the air-at-sea phase): a `fly` order from a sea zone to a sea zone (D-AIR-42). The fighters take off from
 * their carriers there; against enemy ships they stay in the air over the target (the carrier's own zone included)
 * until the naval battle of phase 7 and land after it; to a zone with a carrier of their nation with room they land on
 * board at once. Checked against the sea as the ships left it; void if the fighters or the target are not there.
 */
export function flyFromCarrier(state: GreatWarState, ctx: PhaseContext, world: WorldMap, seat: NationState, order: FlyOrder, used: Set<string>): void {
  const text = formatFly(order);
  const nation = order.nation ?? seat.id;
  const units = launchingFighters(state, ctx, world, seat, order, used, 'air-at-sea', text);
  if (!units) return;
  const check = checkLaunch(state, world, nation, order.from, order.to, order.via, [...new Set(units.map((u) => u.type))], units.length);
  if (!check.ok) {
    voidOrder(ctx, 'air-at-sea', seat.id, text, check.error.code, check.error.message);
    return;
  }
  const decks = takeOff(state, ctx, nation, units, order.from, 'air-at-sea');
  flyToSea(state, ctx, nation, order, units, check.value, used, decks);
}
