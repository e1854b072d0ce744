import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, refuse, ok, type Result, err } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { airBarred, flightCosts, fuelOf, mayLand, mayOverfly, pathFuel, pathTo, returnFuel } from '../air/aircraft.js';
import { carrierRefusal, carrierRoom, enemyShipsIn, mayLaunch } from './aboard.js';
import { type FlightCheck, type FlyOrder } from '../air/missions.js';
import { commanderOf, nationName, relation } from '../base/conquest.js';
import { voidOrder, commandsOrVoid, pickUnits } from '../orders/grammar.js';
import { countByType, describeCounts, enemiesIn, presenceOf, unitOrder, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import type { Flight, GreatWarState, NationState } from '../base/nations.js';
import type { Ledger } from '../orders/language.js';
import { planTaskForces, repairTargets, shipsAt, type NavalTask, type RepairOrder, type SailOrder } from './fleet.js';
import { ruleNumbers } from '../data/rules.js';
import { theWorld } from '../data/world.js';

/**
 * Carrier operations (decisions D-AIR-40 to D-AIR-45 of docs/great-war/air-war.md): the rule book's task 4, "carrier
 * move (for aircraft carriers)" (GW-P06-NAV-12), is the task under which a carrier operates its aircraft. A task force
 * with the `carrier-move` task includes a carrier and sails (or stays) like any other; the fighters on board its
 * undamaged carriers may then take off from the sea zone where it ends its sailing, with a `fly` order whose `from` is
 * that sea zone: against ships in phase 6 (the air-at-sea phase, right after the sailings), against land targets or to
 * friendly territories in phase 8. They come down on a carrier of their nation with room (the one they left first) or
 * in a friendly territory, by the landing rules of D-AIR-11. Fighters on carriers with another task, or none, stay on
 * board (they still intercept in step 1 of a naval battle, D-AIR-36); a damaged carrier launches nothing (GW-UNIT-41).
 */

// ---------------------------------------------------------------------------------------------------------------
// The task.

/** Phase 6 notes the carriers of a task force with the carrier-move task: their fighters may take off this turn (D-AIR-40). */
export function noteCarrierMove(state: GreatWarState, task: NavalTask, ships: readonly BoardUnit[]): void {
  if (task !== 'carrier-move') return;
  const ids = ships.filter((u) => u.type === 'carrier').map((u) => u.id);
  if (ids.length) state.air.carrierMove = [...new Set([...(state.air.carrierMove ?? []), ...ids])].sort();
}

/** Whether a carrier has the carrier-move task this turn. */
export function carrierMoving(state: GreatWarState, carrier: string): boolean {
  return state.air.carrierMove?.includes(carrier) ?? false;
}

/**
 * The fighters that may take off from carriers in `zone` now (D-AIR-40, D-AIR-45): on board undamaged carriers of
 * `nation` with the carrier-move task this turn (GW-UNIT-41), not yet flown (`used`), in unit order.
 */
export function fightersOnDeck(state: GreatWarState, nation: string, zone: string, used: ReadonlySet<string> = new Set()): BoardUnit[] {
  return state.board.units
    .filter((u) => u.at === zone && u.nation === nation && u.type === 'fighter' && u.aboard !== undefined && !used.has(u.id) && mayLaunch(state, u) && carrierMoving(state, u.aboard))
    .sort(unitOrder);
}

/** A carrier of a nation in a zone after naval movement, and whether it has the carrier-move task. */
interface Deck {
  readonly carrier: BoardUnit;
  readonly moving: boolean;
}

/** Why no fighter may take off from `zone` (D-AIR-41): no carrier there, none with the carrier-move task, all of those damaged, none with fighters left. */
function noLaunch(state: GreatWarState, world: WorldMap, nation: string, zone: string, decks: readonly Deck[], flown = false): Problem {
  const who = nationName(state, nation);
  const z = world.names.get(zone) ?? zone;
  const stay = `'sail 1 carrier in ${z} as carrier-move'`;
  if (!decks.length) {
    return { code: 'no-carrier', message: `${who} has no carrier in the ${z} after naval movement: fighters take off from a carrier that sails to or stays in the sea zone with the carrier-move task (${stay}, GW-P06-NAV-12)`, field: 'from' };
  }
  const moving = decks.filter((d) => d.moving);
  if (!moving.length) {
    const one = decks.length === 1;
    return {
      code: 'no-carrier-move',
      message: `${who}'s carrier${one ? '' : 's'} in the ${z} ${one ? 'has' : 'have'} no carrier-move task this turn: ${one ? 'its' : 'their'} fighters stay on board (they still intercept attacking aircraft); give ${one ? 'it' : 'them'} the task (${stay}, GW-P06-NAV-12)`,
      field: 'from',
    };
  }
  if (moving.every((d) => d.carrier.damage > 0)) {
    return { code: 'carrier-damaged', message: `${who}'s carrier${moving.length === 1 ? '' : 's'} with the carrier-move task in the ${z} ${moving.length === 1 ? 'is' : 'are'} damaged: a damaged carrier launches no fighters (GW-UNIT-41); repair it first`, field: 'from' };
  }
  return { code: 'no-units', message: `${who}'s carriers with the carrier-move task in the ${z} have no fighters on board to take off${flown ? ' that have not flown this turn (each flies one mission a turn)' : ''}`, field: 'units' };
}

/** The carriers of `nation` in `zone` now, and whether each has the carrier-move task this turn. */
function decksNow(state: GreatWarState, nation: string, zone: string): Deck[] {
  return shipsAt(state, nation, zone)
    .filter((u) => u.type === 'carrier')
    .map((carrier) => ({ carrier, moving: carrierMoving(state, carrier.id) }));
}

// ---------------------------------------------------------------------------------------------------------------
// The flight's rules.

/**
 * The fuel an aircraft of `type` over `at` with `fuel` left needs to come down (D-AIR-43): at the nearest place it may
 * land (a friendly territory, or a carrier of its nation with room), or back over `home`, the sea zone of the carrier
 * it took off from (its place there is its own). Undefined: none within its fuel.
 */
function wayBack(state: GreatWarState, world: WorldMap, nation: string, type: string, at: string, fuel: number, home: string): number | undefined {
  if (fuel < 0) return undefined;
  const full = fuelOf(state, nation, type);
  const toHome = flightCosts(state, world, nation, at, fuel, (id) => mayOverfly(state, world, nation, id, [type], () => full)).get(home)?.fuel;
  const other = returnFuel(state, world, nation, type, at, fuel);
  if (toHome === undefined) return other;
  return other === undefined ? toHome : Math.min(toHome, other);
}

/**
 * Whether `nation`'s fighters may take off from their carriers in the sea zone `from` and fly to `to` (D-AIR-41 to
 * D-AIR-43): only fighters that may serve on a carrier (GW-UNIT-36, -43, -55); over the areas aircraft may cross
 * (D-AIR-2), by `via` or the cheapest way, leaving the sea zone costing 2 (GW-UNIT-53). Into a sea zone: an attack on
 * the enemy surface ships there (the carrier's own zone too, for no fuel), or a landing on a carrier of the nation with
 * room; into a land territory: an attack on an enemy's, or a transfer to one where the fighters may land. An attack
 * must leave each fighter the fuel for a round of combat and the way to a landing place, the carrier it left counting
 * as one (GW-UNIT-52).
 */
export function checkLaunch(
  state: GreatWarState,
  world: WorldMap,
  nation: string,
  from: string,
  to: string,
  via: readonly string[] | undefined,
  types: readonly string[],
  count?: number,
  presence?: ReadonlyMap<string, ReadonlySet<string>>,
): FlightCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  const the = (id: string) => (world.sea.has(id) ? `the ${name(id)}` : name(id));
  const no = (code: string, message: string, field = 'to'): FlightCheck => refuse(code, message, field);
  const who = nationName(state, nation);
  for (const t of types) {
    const why = carrierRefusal(state, nation, t);
    if (why) return no('cannot-launch', `no fighter takes off from a carrier: ${why}`, 'units');
  }
  const full = (t: string) => fuelOf(state, nation, t);
  const fuel = Math.min(...types.map(full));
  const atSea = world.sea.has(to);
  let hostile: boolean;
  if (atSea) {
    hostile = enemyShipsIn(state, nation, to).length > 0;
    if (to === from && !hostile) return no('no-target', `there are no enemy ships in the ${name(to)} for the fighters of ${who}'s carriers there to attack`);
  } else {
    if (!world.territory.has(to)) return no('unknown-area', `there is no area '${to}'`);
    const holder = state.board.territories[to]?.owner ?? '';
    const rel = relation(state, nation, holder);
    if (rel === 'neutral') return no('not-at-war', `${name(to)} is held by ${nationName(state, holder)}, and ${who} is not at war with ${nationName(state, holder)}: declare war first`);
    hostile = rel === 'hostile' || enemiesIn(state, presence ?? presenceOf(state), to, nation);
    for (const t of types) if (airBarred(to, t, full(t))) return no('barred-terrain', `${unitWord(t, 2)} may not enter ${name(to)}`);
  }
  const pass = (id: string) => mayOverfly(state, world, nation, id, types, full);
  let path: string[];
  if (via?.length) {
    path = [from, ...via, to];
    for (let i = 1; i < path.length; i++) if (!world.graph.adjacent(path[i - 1]!, path[i]!)) return no('not-adjacent', `${name(path[i - 1]!)} does not border ${name(path[i]!)}`, 'via');
    for (const step of via) if (!pass(step)) return no('blocked-path', `${who}'s aircraft may not fly over ${name(step)}: it is neutral ground or its terrain bars them`, 'via');
  } else {
    const costs = flightCosts(state, world, nation, from, fuel, pass);
    if (!costs.has(to)) return no('too-far', `${unitWord(types[0]!, 2)} of ${who} have ${fuel} fuel; ${the(to)} is beyond that from the ${name(from)} (leaving a sea zone costs ${ruleNumbers.air.seaFuel}, GW-UNIT-53)`);
    path = pathTo(costs, to);
  }
  const spent = pathFuel(world, path);
  for (const t of types) {
    const left = full(t) - spent;
    if (left < 0) return no('too-far', `${unitWord(t, 2)} of ${who} have ${full(t)} fuel; the ${name(from)} to ${the(to)} takes ${spent} (GW-UNIT-53)`);
    if (!hostile) {
      if (!atSea && !mayLand(state, world, nation, to, t)) return no('no-landing', `${unitWord(t, 2)} may not land in ${name(to)}`);
      continue;
    }
    if (atSea && full(t) < ruleNumbers.air.seaCombatFuel) return no('too-little-fuel', `${unitWord(t, 2)} of ${who} have ${full(t)} fuel; they need ${ruleNumbers.air.seaCombatFuel} to fight at sea (GW-UNIT-54)`);
    if (wayBack(state, world, nation, t, to, left - 1, from) === undefined) {
      return no(
        'no-fuel-to-return',
        `${unitWord(t, 2)} of ${who} have ${full(t)} fuel: ${spent} to reach ${the(to)} and 1 for a round of combat leave ${Math.max(0, left - 1)}, too little to fly back to their carrier, another carrier or a friendly territory (GW-UNIT-52)`,
      );
    }
  }
  if (atSea && !hostile) {
    const room = carrierRoom(state, nation, to).reduce((a, c) => a + c.room, 0);
    if (!room) return no('no-target', `there are no enemy ships in the ${name(to)} to attack, nor a carrier of ${who} with room to land on`);
    if (count !== undefined && count > room) return no('no-room', `${who}'s carriers in the ${name(to)} have room for ${room} fighter(s); the order sends ${count}`, 'units');
  }
  return ok({ path, fuel: spent, hostile });
}

// ---------------------------------------------------------------------------------------------------------------
// The order check.

/**
 * A flight's JSON `from` and `to` may name sea zones (D-AIR-30, D-AIR-41): an unknown id there gets its 'did you
 * mean' among territories and sea zones alike.
 */
export function withAreaSuggestions<T>(result: T | Problem[], item: Record<string, unknown>, path: readonly (string | number)[], world: WorldMap): T | Problem[] {
  if (!Array.isArray(result)) return result;
  return result.map((p) => {
    const field = (['from', 'to'] as const).find((f) => p.path === jsonPath([...path, f]));
    const value = field ? item[field] : undefined;
    if (p.code !== 'unknown-area' || typeof value !== 'string') return p;
    const suggestion = closestName(value, [...world.territory.keys(), ...world.sea.keys()]);
    const { suggestion: _old, ...rest } = p;
    return { ...rest, message: `there is no territory or sea zone '${value}'`, ...(suggestion ? { suggestion } : {}) };
  });
}

/**
 * Why the fighters a `fly` order from a sea zone names will not be there to take off (D-AIR-41), judged on the
 * position at the start of the turn with the draft's orders admitted so far (its repairs and sailings come first): a
 * carrier of the nation must end its sailing in that zone (or stay there) with the carrier-move task, undamaged, with
 * enough fighters on board that no earlier launch took. Returns the types of the order, or why not.
 */
export function checkLaunchedFighters(order: FlyOrder, ledger: Ledger, state: GreatWarState, seat: NationState, world: WorldMap): Result<string[], Problem> {
  const nation = order.nation ?? seat.id;
  if (commanderOf(state, nation) !== seat.id) return err({ code: 'not-your-units', message: `${seat.name} does not command the units of ${nationName(state, nation)}`, field: 'nation' });
  const types = order.units === 'all' ? ['fighter'] : Object.keys(order.units);
  const other = types.find((t) => t !== 'fighter');
  if (other) return err({ code: 'not-on-carriers', message: `${unitWord(other, 2)} are not based on aircraft carriers (GW-UNIT-43): only fighters take off from a sea zone, from their carrier`, field: 'units' });
  const why = carrierRefusal(state, nation, 'fighter');
  if (why) return err({ code: 'cannot-launch', message: `no fighter takes off from a carrier: ${why}`, field: 'units' });
  const decks = plannedDecks(state, world, seat.id, nation, ledger, order.from);
  const ready = new Set(decks.filter((d) => d.moving && d.carrier.damage === 0).map((d) => d.carrier.id));
  const aboard = state.board.units.filter((u) => u.type === 'fighter' && u.nation === nation && u.aboard !== undefined && ready.has(u.aboard)).length;
  if (!aboard) return err(noLaunch(state, world, nation, order.from, decks));
  // Fighters taken by earlier launches from the same zone (one mission an aircraft, GW-P04-BOMB-09).
  let taken = 0;
  let all = false;
  for (const o of ledger.admitted) {
    const f = o as unknown as FlyOrder;
    if (o.kind !== 'fly' || f.from !== order.from || (f.nation ?? seat.id) !== nation) continue;
    if (f.units === 'all' || f.units['fighter'] === 'all') all = true;
    else taken += f.units['fighter'] ?? 0;
  }
  const z = world.names.get(order.from) ?? order.from;
  const wanted = order.units === 'all' ? 'all' : order.units['fighter']!;
  if (all) return err({ code: 'already-ordered', message: `all fighters on ${nationName(state, nation)}'s carriers in the ${z} are already taken by an earlier order`, field: 'units' });
  if (wanted === 'all' ? aboard - taken <= 0 : wanted > aboard - taken) {
    const more = taken ? `, ${taken} of them already given a mission this turn (one mission an aircraft, GW-P04-BOMB-09)` : '';
    return err({
      code: 'not-enough-units',
      message: `${nationName(state, nation)}'s undamaged carriers with the carrier-move task in the ${z} will carry ${aboard} ${unitWord('fighter', aboard)}${more}; the order names ${wanted === 'all' ? 'all' : wanted}`,
      field: 'units',
    });
  }
  return ok(types);
}

/**
 * The carriers of `nation` in `zone` after naval movement by the draft (D-AIR-41): those of the draft's task forces
 * that end their sailing there (or stay there), with their task; and those there that sail nowhere (no task).
 */
function plannedDecks(state: GreatWarState, world: WorldMap, seat: string, nation: string, ledger: Ledger, zone: string): Deck[] {
  const used = new Set<string>();
  for (const o of ledger.admitted) if (o.kind === 'repair') for (const u of repairTargets(state, (o as unknown as RepairOrder).nation ?? seat, o as unknown as RepairOrder)) used.add(u.id);
  const plans = planTaskForces(state, world, seat, ledger.admitted.filter((o) => o.kind === 'sail') as unknown as SailOrder[], used);
  const out: Deck[] = [];
  const sailing = new Set<string>();
  for (const plan of plans) {
    for (const u of plan.ships) {
      sailing.add(u.id);
      if (u.type === 'carrier' && plan.nation === nation && plan.path[plan.path.length - 1] === zone) out.push({ carrier: u, moving: plan.task === 'carrier-move' });
    }
  }
  for (const u of shipsAt(state, nation, zone)) if (u.type === 'carrier' && !sailing.has(u.id)) out.push({ carrier: u, moving: false });
  return out.sort((a, b) => unitOrder(a.carrier, b.carrier));
}

// ---------------------------------------------------------------------------------------------------------------
// Take-off and landing.

/**
 * The fighters a `fly` order from a sea zone takes when it is carried out (D-AIR-42, D-AIR-45): the seat commands the
 * nation, and they are on board undamaged carriers there with the carrier-move task and have not flown this turn
 * (`used`). Undefined, with the order reported void and why, when there are none.
 */
export function launchingFighters(
  state: GreatWarState,
  ctx: PhaseContext,
  world: WorldMap,
  seat: NationState,
  order: FlyOrder,
  used: ReadonlySet<string>,
  phase: string,
  text: string,
): BoardUnit[] | undefined {
  const nation = order.nation ?? seat.id;
  if (!commandsOrVoid(state, ctx, phase, seat, nation, text)) return undefined;
  const units = pickUnits(fightersOnDeck(state, nation, order.from, used), order.units);
  if (!units.length) {
    const why = noLaunch(state, world, nation, order.from, decksNow(state, nation, order.from), true);
    voidOrder(ctx, phase, seat.id, text, why.code, why.message);
    return undefined;
  }
  return units;
}

/** The fighters leave their carriers (event `take-off`); returns the carrier each one left, by unit id. */
export function takeOff(state: GreatWarState, ctx: PhaseContext, nation: string, units: readonly BoardUnit[], zone: string, phase: string): Map<string, string> {
  const decks = new Map<string, string>();
  for (const u of units) {
    if (u.aboard === undefined) continue;
    decks.set(u.id, u.aboard);
    delete u.aboard;
  }
  if (decks.size) {
    const gone = units.filter((u) => decks.has(u.id));
    ctx.emit({ type: 'take-off', phase, nation, at: zone, carriers: [...new Set(decks.values())].sort(), units: countByType(gone), ids: gone.map((u) => u.id) });
  }
  return decks;
}

/**
 * The sea zones where an aircraft of `type` of `nation` may come down on a carrier now (D-AIR-44): those with a
 * carrier of its nation with room, damaged or not (GW-UNIT-42), for aircraft that may serve on one (GW-UNIT-36, -43,
 * -55); none for the others.
 */
export function carrierDecks(state: GreatWarState, nation: string, type: string): Set<string> {
  if (carrierRefusal(state, nation, type) !== undefined) return new Set();
  const zones = new Set(state.board.units.filter((u) => u.nation === nation && u.type === 'carrier').map((u) => u.at));
  return new Set([...zones].filter((z) => carrierRoom(state, nation, z).length > 0));
}

/**
 * An aircraft comes down at `place` (D-AIR-44): in a territory it stands there; in a sea zone it goes on board a
 * carrier of its nation with room there, the one it took off from if it can.
 */
export function comeDown(state: GreatWarState, world: WorldMap, unit: BoardUnit, place: string, flight: Flight): void {
  unit.at = place;
  if (!world.sea.has(place)) {
    delete unit.aboard;
    return;
  }
  const rooms = carrierRoom(state, unit.nation, place);
  const deck = rooms.find((r) => r.carrier.id === flight.carrier) ?? rooms[0];
  if (deck) unit.aboard = deck.carrier.id;
}

// ---------------------------------------------------------------------------------------------------------------
// Orders to offer, invariants, reports.

/** Carrier-move sailings to offer a bot or a client (D-AIR-40): a carrier of the nation that stays, or sails to a neighbouring zone. */
export function carrierMoveCandidates(state: GreatWarState, nation: string, seed: number): SailOrder[] {
  const world = theWorld(state.scenario);
  const zones = [...new Set(state.board.units.filter((u) => u.nation === nation && u.type === 'carrier').map((u) => u.at))].filter((z) => world.sea.has(z)).sort();
  const from = zones[seed % Math.max(1, zones.length)];
  if (from === undefined) return [];
  const next = world.graph.neighbours(from, ['sea']).map((n) => n.id);
  const out: SailOrder[] = [{ kind: 'sail', from, to: from, units: { carrier: 1 }, task: 'carrier-move' }];
  if (next.length) out.push({ kind: 'sail', from, to: next[seed % next.length]!, units: { carrier: 1 }, task: 'carrier-move' });
  return out;
}

/**
 * Launches to offer (D-AIR-41): one fighter from where each carrier-move task force of the draft ends, against enemy
 * ships there or next to it, or into a neighbouring territory (an enemy's first).
 */
export function launchCandidates(ledger: Ledger, state: GreatWarState, nation: NationState, seed: number): FlyOrder[] {
  const world = theWorld(state.scenario);
  const ends = [...new Set(ledger.admitted.filter((o) => o.kind === 'sail' && o['task'] === 'carrier-move' && (o['nation'] ?? nation.id) === nation.id).map((o) => String(o['to'])))].sort();
  const out: FlyOrder[] = [];
  for (const from of ends) {
    const near = world.graph.neighbours(from).map((n) => n.id);
    const ships = [from, ...near].filter((z) => world.sea.has(z) && enemyShipsIn(state, nation.id, z).length > 0);
    const rel = (id: string) => relation(state, nation.id, state.board.territories[id]?.owner ?? '');
    const enemy = near.filter((id) => world.territory.has(id) && rel(id) === 'hostile');
    const friend = near.filter((id) => world.territory.has(id) && rel(id) === 'friendly');
    for (const to of [ships[seed % Math.max(1, ships.length)], enemy[seed % Math.max(1, enemy.length)] ?? friend[seed % Math.max(1, friend.length)]]) {
      if (to !== undefined) out.push({ kind: 'fly', from, to, units: { fighter: 1 } });
    }
  }
  return out;
}

/** Between turns no carrier has a task: the air turn record's carrier-move list is empty. */
export function carrierInvariants(state: GreatWarState): string[] {
  return state.air.carrierMove?.length ? [`the air turn record still lists carriers with the carrier-move task (${state.air.carrierMove.join(', ')}) between turns`] : [];
}

/** One line of plain text for the events of carrier operations; undefined for others. */
export function describeCarrierEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => nationName(state, String(id));
  switch (event.type) {
    case 'take-off': {
      const units = (event['units'] ?? {}) as Record<string, number>;
      const n = Object.values(units).reduce((a, b) => a + b, 0);
      const carriers = ((event['carriers'] ?? []) as string[]).length;
      return `${who(event['nation'])}'s ${describeCounts(units)} take${n === 1 ? 's' : ''} off from ${carriers === 1 ? 'a carrier' : `${carriers} carriers`} in the ${area(event['at'])}.`;
    }
    default:
      return undefined;
  }
}
