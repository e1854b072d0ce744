import { closestName, jsonPath, type PhaseContext, type Problem, refuse, type Result, ok, unknownFieldProblems, type UnitSelection } from '@umpire/engine';
import { lookupArea } from '../orders/names.js';
import type { BoardUnit } from '../base/board.js';
import { allied, commanderOf, nationName } from '../base/conquest.js';
import { clearedOnDataChange, unitTable } from '../data/load.js';
import { checkUnitSelection, jsonNationField, territoryIdAt, unitsOfNation, type UnitPool } from '../orders/grammar.js';
import { countByType, unitOrder } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, nationOf, type GreatWarState } from '../base/nations.js';
import type { Ctx, TextPosition } from '../orders/language.js';
import { ruleNumbers } from '../data/rules.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { unitWord } from '../base/counting.js';
import { minorOf } from '../base/nations.js';

/**
 * Fleets (GW-P06-NAV, GW-UNIT-18..46): ship types, ships in a sea zone, sea-zone names in orders, task forces and
 * their tasks, sailing checks, cargo and fittings aboard: what naval movement, transports, carriers, submarines,
 * ship equipment and naval combat all read. It imports none of them.
 */

export type NavalTask = (typeof NAVAL_TASKS)[number];

export type SailOrder = {
  kind: 'sail';
  nation?: string;
  from: string;
  /** The sea zone the task force sails to; `from` itself for a task force that stays (D-NAV-21: `sail 2 transports in North Sea as transport`). */
  to: string;
  units: UnitSelection;
  via?: string[];
  /** The task force's task; default 'engage'. */
  task?: NavalTask;
};

export type RepairOrder = { kind: 'repair'; nation?: string; at: string; units: UnitSelection };

/** The ship types of the unit table. */
export function navalTypes(): string[] {
  shipTypes ??= unitTable()
    .list.filter((u) => u.category === 'sea')
    .map((u) => u.id);
  return shipTypes;
}

/** Surface ships: every ship but submarines, which dive (GW-UNIT-44). */
export const isSurface = (type: string): boolean => isShip(type) && type !== 'submarine';

/** A nation's ships in a sea zone, in id order. */
export function shipsAt(state: GreatWarState, nation: string, zone: string): BoardUnit[] {
  return state.board.units.filter((u) => u.at === zone && u.nation === nation && isShip(u.type)).sort(unitOrder);
}

/** Ships: each takes one order a turn, a sailing or a repair (GW-P06-NAV-02). */
export const SEA_POOL: UnitPool = { kinds: ['hunt', 'sail', 'repair', 'ambush'], unitsAt: shipsAt, what: 'ships', elsewhere: 'already given a task this turn (one task a ship)' };

/** A ship type's stats for a nation (a minor's are the table's). */
export function shipStats(state: GreatWarState, nation: string, type: string): { attack: number | null; defense: number | null; move: number | null; hits: number | null; cost: number | null } {
  if (nationOf(state, nation)) return unitStats(state, nation, type as never);
  const entry = unitTable().byId.get(type as never);
  if (!entry) throw new Error(`no unit type '${type}'`);
  return entry;
}

/**
 * Whether a sea border is open to `nation`'s ships of `type` (D-NAV-3): a border without passages always; one with
 * passages when any of them is: a passage is open to the side of the nation holding its territory (the holder lets
 * its allies through and keeps everyone else out, GW-TERR-01, -04, -06, -29, -45), closed to all while Denmark is
 * neutral (GW-TERR-02); Gibraltar bars surface ships only (GW-TERR-07). A neutral holder keeps every warring fleet out.
 */
export function passageOpen(state: GreatWarState, world: WorldMap, nation: string, a: string, b: string, type: string): boolean {
  const link = world.connections.find((c) => (c.a === a && c.b === b) || (c.a === b && c.b === a));
  if (!link?.passages) return true;
  return link.passages.some((p) => {
    if (p.surfaceOnly && type === 'submarine') return true;
    return p.via.some((t) => {
      const holder = state.board.territories[t]?.owner ?? '';
      if (p.closedWhileNeutral && isNeutral(state, holder)) return false;
      return allied(state, nation, holder);
    });
  });
}

/** Whether a sea zone holds surface ships of a nation at war with `nation` (they stop a fleet, D-NAV-4). */
export function enemyFleetIn(state: GreatWarState, zone: string, nation: string): boolean {
  return state.board.units.some((u) => u.at === zone && isSurface(u.type) && atWar(state, nation, u.nation));
}

export type SailCheck = Result<{ readonly path: readonly string[] }, Problem>;

/** One sail order of a seat, as phase 6 carries it out: its nation, task, ships and path. */
export interface ForcePlan {
  readonly seat: string;
  readonly order: SailOrder;
  readonly nation: string;
  readonly task: NavalTask;
  readonly ships: BoardUnit[];
  readonly path: readonly string[];
  /** A caught blockade runner's way on from where it was caught, to its destination (D-NAV-29). */
  readonly runOn?: readonly string[];
}

/**
 * The task forces a seat's sail orders make, in order, from the ships in their zones not in `used` (which it fills):
 * each checked by checkSailing; orders that cannot be carried out go to `voided`. Pure but for `used`: the order
 * check and phase 6 use it alike.
 */
export function planTaskForces(
  state: GreatWarState,
  world: WorldMap,
  seat: string,
  sails: readonly SailOrder[],
  used: Set<string>,
  voided: (order: SailOrder, code: string, message: string) => void = () => {},
): ForcePlan[] {
  const out: ForcePlan[] = [];
  for (const order of sails) {
    const nation = order.nation ?? seat;
    if (commanderOf(state, nation) !== seat) {
      voided(order, 'not-your-units', `${nationName(state, seat)} does not command the ships of ${nationName(state, nation)}`);
      continue;
    }
    const ships = pickShips(state, nation, order, used);
    if (!ships.length) {
      voided(order, 'no-units', `${nationName(state, nation)} has none of these ships left in ${world.names.get(order.from)}`);
      continue;
    }
    const task = order.task ?? 'engage';
    const check = checkSailing(state, world, nation, order.from, order.to, order.via, [...new Set(ships.map((u) => u.type))], task);
    if (!check.ok) {
      voided(order, check.error.code, check.error.message);
      continue;
    }
    for (const u of ships) used.add(u.id);
    out.push({ seat, order, nation, task, ships, path: check.value.path });
  }
  return out;
}

/**
 * A ship's value in a round of a sea battle of phase 7 (the hook naval-combat.ts calls): a battleship with the
 * bombard task fires in the first round at 25% of its value, rounded down, 8 becoming 2 (GW-P07-NAVCOMBAT-17, -18;
 * ambiguity A47, D-NAV-25); from the second round on at its value.
 */
export function bombardingValue(state: GreatWarState, ship: BoardUnit, round: number, value: number): number {
  if (round !== 1 || !state.invasion.bombard.includes(ship.id)) return value;
  return Math.floor((value * ruleNumbers.naval.bombardFirstRoundPercent) / 100);
}

/** A sea zone from what a player typed, as a problem at `column` if it is not one. */
export function seaZoneAt(typed: string, line: number, column: number, world: WorldMap): string | Problem {
  const r = lookupArea(typed, { world });
  if (r.ok && r.kind === 'sea') return r.id;
  if (r.ok) return { code: 'not-a-sea-zone', message: `${r.name} is a land territory: ships sail between sea zones`, line, column };
  if (r.reason === 'ambiguous') return { code: 'ambiguous-area', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name`, line, column };
  return { code: 'unknown-area', message: `there is no sea zone '${typed}'`, line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) };
}

/** A JSON sea zone id, or a problem at `path`. */
export function seaZoneIdAt(value: unknown, path: readonly (string | number)[], world: WorldMap, what: string): string | Problem {
  if (typeof value !== 'string') return { code: `missing-${what}`, message: `${what} is a sea zone id, e.g. "north-sea"`, path: jsonPath(path) };
  if (world.sea.has(value)) return value;
  if (world.territory.has(value)) return { code: 'not-a-sea-zone', message: `${world.names.get(value)} is a land territory: ships sail between sea zones`, path: jsonPath(path) };
  const suggestion = closestName(value, world.sea.keys());
  return { code: 'unknown-area', message: `there is no sea zone '${value}'`, path: jsonPath(path), ...(suggestion ? { suggestion } : {}) };
}

/** The damaged ships a repair order takes: of the named types, the most damaged first. */
export function repairTargets(state: GreatWarState, nation: string, order: RepairOrder): BoardUnit[] {
  const here = shipsAt(state, nation, order.at).filter((u) => u.damage > 0 && repairCost(u.type, u.damage) > 0);
  const out: BoardUnit[] = [];
  for (const type of order.units === 'all' ? navalTypes() : Object.keys(order.units)) {
    const ofType = here.filter((u) => u.type === type);
    const n = order.units === 'all' ? 'all' : order.units[type]!;
    out.push(...(n === 'all' ? ofType : ofType.slice(0, n)));
  }
  return out;
}

/**
 * The ships and sea zone of an order about ships where they stand ('repair 1 battleship in North Sea', 'hunt with 2
 * cruisers in North Sea'), from the text's `units` and `at` groups: what was read, and every problem found (with columns).
 */
export function shipsInZoneText(
  m: RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } },
  at: TextPosition,
  ctx: Ctx,
): { u: { units: UnitSelection; nation?: string } | undefined; zone: string | undefined; problems: Problem[] } {
  const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
  const u = unitsOfNation(m.groups!['units']!, at.line, col('units'), ctx, navalTypes());
  const z = seaZoneAt(m.groups!['at']!, at.line, col('at'), theWorld(ctx.state.scenario));
  return { u: Array.isArray(u) ? undefined : u, zone: typeof z === 'string' ? z : undefined, problems: [...(Array.isArray(u) ? u : []), ...(typeof z === 'string' ? [] : [z])] };
}

/** The JSON form of such an order: its fields `nation`, `at` and `units` (and `extra` ones the caller reads), checked. */
export function shipsInZoneJson(
  item: Record<string, unknown>,
  path: readonly (string | number)[],
  ctx: Ctx,
  what: string,
  extra: readonly string[] = [],
): { nation: string | undefined; zone: string | undefined; units: UnitSelection | undefined; problems: Problem[] } {
  const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'at', 'units', ...extra], what);
  const nation = jsonNationField(item, path, ctx, problems);
  const z = seaZoneIdAt(item['at'], [...path, 'at'], theWorld(ctx.state.scenario), 'at');
  if (typeof z !== 'string') problems.push(z);
  const units = checkUnitSelection(item['units'], [...path, 'units'], navalTypes());
  if (Array.isArray(units)) problems.push(...units);
  return { nation, zone: typeof z === 'string' ? z : undefined, units: Array.isArray(units) ? undefined : units, problems };
}

/**
 * The JSON form of an order from a territory into a sea zone (`embark` troops, aircraft on a `hunt` or `cover`): its
 * fields `nation`, `from` (a territory), `at` (a sea zone) and `units` of `types`, checked.
 */
export function territoryToZoneJson(
  item: Record<string, unknown>,
  path: readonly (string | number)[],
  ctx: Ctx,
  what: string,
  types: readonly string[],
): { nation: string | undefined; from: string | undefined; zone: string | undefined; units: UnitSelection | undefined; problems: Problem[] } {
  const world = theWorld(ctx.state.scenario);
  const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'from', 'at', 'units'], what);
  const nation = jsonNationField(item, path, ctx, problems);
  const from = territoryIdAt(item['from'], [...path, 'from'], world, 'from');
  if (typeof from !== 'string') problems.push(from);
  const zone = seaZoneIdAt(item['at'], [...path, 'at'], world, 'at');
  if (typeof zone !== 'string') problems.push(zone);
  const units = checkUnitSelection(item['units'], [...path, 'units'], types);
  if (Array.isArray(units)) problems.push(...units);
  return { nation, from: typeof from === 'string' ? from : undefined, zone: typeof zone === 'string' ? zone : undefined, units: Array.isArray(units) ? undefined : units, problems };
}

/**
 * The sea zones of a standing order about a zone and, if given, the neighbouring zone to go to (`disengage from North
 * Sea to Norwegian Sea`, `evade from North Sea to Skagerrak`), from the text's `from` and `to` groups; located problems.
 */
export function zoneAndWayText(
  m: RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } },
  at: TextPosition,
  world: WorldMap,
): { from: string | undefined; to: string | undefined; problems: Problem[] } {
  const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
  const problems: Problem[] = [];
  const from = seaZoneAt(m.groups!['from']!, at.line, col('from'), world);
  if (typeof from !== 'string') problems.push(from);
  const to = m.groups!['to'] === undefined ? undefined : seaZoneAt(m.groups!['to'], at.line, col('to'), world);
  if (to !== undefined && typeof to !== 'string') problems.push(to);
  return { from: typeof from === 'string' ? from : undefined, to: typeof to === 'string' ? to : undefined, problems };
}

/** The same from the JSON fields `from` and `to`. */
export function zoneAndWayJson(item: Record<string, unknown>, path: readonly (string | number)[], world: WorldMap): { from: string | undefined; to: string | undefined; problems: Problem[] } {
  const problems: Problem[] = [];
  const from = seaZoneIdAt(item['from'], [...path, 'from'], world, 'from');
  if (typeof from !== 'string') problems.push(from);
  const to = item['to'] === undefined ? undefined : seaZoneIdAt(item['to'], [...path, 'to'], world, 'to');
  if (to !== undefined && typeof to !== 'string') problems.push(to);
  return { from: typeof from === 'string' ? from : undefined, to: typeof to === 'string' ? to : undefined, problems };
}

/**
 * Blockade runners on their way along `path` from its index `start` (D-NAV-18, D-NAV-29): at each zone before the last
 * where enemy surface ships stand they roll 1D10, slipping past at or under the chance. The index of the zone they
 * stop in: where they were caught, or the last.
 */
export function runPast(state: GreatWarState, ctx: PhaseContext, world: WorldMap, nation: string, ships: readonly BoardUnit[], path: readonly string[], start: number): number {
  for (let i = start; i < path.length - 1; i++) {
    const zone = path[i]!;
    if (!enemyFleetIn(state, zone, nation)) continue;
    const roll = ctx.roll(ruleNumbers.naval.runBlockadeDie, `${nationName(state, nation)} runs the blockade in the ${world.names.get(zone) ?? zone}`);
    const slipped = roll <= ruleNumbers.naval.runBlockadeChance;
    ctx.emit({ type: 'blockade-run', nation, area: zone, roll, slipped, units: countByType(ships) });
    if (!slipped) return i;
  }
  return path.length - 1;
}

/** The tasks of the rule book's list (GW-P06-NAV): one a task force, one a ship a turn. */
export const NAVAL_TASKS = ['engage', 'escort', 'blockade', 'run-blockade', 'transport', 'bombard', 'carrier-move'] as const;

let shipTypes: string[] | undefined;
clearedOnDataChange(() => {
  shipTypes = undefined;
});

export const isShip = (type: string): boolean => navalTypes().includes(type);

export function isNeutral(state: GreatWarState, nation: string): boolean {
  const n = nationOf(state, nation) ?? minorOf(state, nation);
  return n !== undefined && n.atWarWith.length === 0;
}

/**
 * Whether `nation`'s ships of `types` may sail from `from` to `to` (D-NAV-2 to D-NAV-4): sea zones joined by sea
 * borders, one border a point of move, every border open to them, and no zone on the way (before the last) holding
 * enemy surface ships, unless they are submarines or run the blockade.
 */
export function checkSailing(state: GreatWarState, world: WorldMap, nation: string, from: string, to: string, via: readonly string[] | undefined, types: readonly string[], task: NavalTask): SailCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  if (!world.sea.has(from)) return refuse('not-a-sea-zone', `${name(from)} is not a sea zone: ships sail between sea zones`, 'from');
  if (!world.sea.has(to)) return refuse('not-a-sea-zone', `${name(to)} is not a sea zone: ships sail between sea zones (landings come with transports)`, 'to');
  const taskRefusal = taskShips(types, task) ?? carrierTaskRefusal(types, task);
  if (taskRefusal) return taskRefusal;
  if (from === to) {
    // A task force that stays in its zone (the example's task force C, GW-P06-NAV-18): it needs a task to carry out there.
    if (task === 'engage') return refuse('same-zone', `a sailing goes from one sea zone to another; ${name(from)} is both (ships that stay need no order, unless they take a task there: 'sail 2 transports in ${name(from)} as transport')`, 'to');
    if (via?.length) return refuse('same-zone', `a task force that stays in ${name(from)} goes nowhere: it takes no via`, 'via');
    return ok({ path: [from] });
  }
  const open = (a: string, b: string) => types.every((t) => passageOpen(state, world, nation, a, b, t));
  const slips = (id: string) => id === to || types.every((t) => t === 'submarine') || task === 'run-blockade' || !enemyFleetIn(state, id, nation);
  let path: string[];
  if (via?.length) {
    path = [from, ...via, to];
    for (let i = 1; i < path.length; i++) {
      const [a, b] = [path[i - 1]!, path[i]!];
      if (!world.graph.adjacent(a, b, ['sea'])) return refuse('not-adjacent', `${name(a)} does not border ${name(b)} at sea`, 'via');
      if (!open(a, b)) return refuse('passage-closed', `the ${passageName(world, a, b) ?? 'passage'} between ${name(a)} and ${name(b)} is closed to ${nationName(state, nation)}`, 'via');
    }
    for (const step of via) if (!slips(step)) return refuse('blocked-path', `enemy ships in ${name(step)} stop a fleet there: sail to it, or run the blockade with cruisers`, 'via');
  } else {
    // Breadth first over open sea borders and zones a fleet may cross.
    const prev = new Map<string, string | null>([[from, null]]);
    const queue = [from];
    while (queue.length && !prev.has(to)) {
      const at = queue.shift()!;
      if (at !== from && !slips(at)) continue;
      for (const n of world.graph.neighbours(at, ['sea']).map((x) => x.id).sort()) {
        if (prev.has(n) || !open(at, n)) continue;
        prev.set(n, at);
        queue.push(n);
      }
    }
    if (!prev.has(to)) return refuse('no-path', `${nationName(state, nation)}'s ships cannot reach ${name(to)} from ${name(from)}: closed passages or enemy fleets are in the way`, 'to');
    path = [];
    for (let at: string | null | undefined = to; at; at = prev.get(at)) path.unshift(at);
  }
  for (const t of types) {
    const move = shipStats(state, nation, t).move ?? 0;
    if (move < path.length - 1) return refuse('too-far', `${unitWord(t, 2)} sail ${move} sea zone${move === 1 ? '' : 's'} a turn; ${name(from)} to ${name(to)} is ${path.length - 1}`, 'to');
  }
  if (task === 'run-blockade' && types.some((t) => t !== 'cruiser')) return refuse('task-ships', 'only cruisers and destroyers run a blockade (GW-P06-NAV)', 'task');
  return ok({ path });
}

/**
 * The ships a sail order takes from those of its zone not yet taken (D-NAV-21): of each type named, in id order,
 * except that transports with cargo aboard go first (the most troop points first) and the bombard task takes
 * undamaged battleships first.
 */
export function pickShips(state: GreatWarState, nation: string, order: Pick<SailOrder, 'from' | 'units' | 'task'>, used: ReadonlySet<string>): BoardUnit[] {
  const free = shipsAt(state, nation, order.from).filter((u) => !used.has(u.id));
  const rank = (u: BoardUnit) => (u.type === 'transport' ? -pointsAboard(state, u.id) : order.task === 'bombard' && u.damage > 0 ? 1 : 0);
  const ships: BoardUnit[] = [];
  for (const type of order.units === 'all' ? navalTypes() : Object.keys(order.units)) {
    const ofType = free.filter((u) => u.type === type).sort((a, b) => rank(a) - rank(b) || unitOrder(a, b));
    const wanted = order.units === 'all' ? 'all' : order.units[type]!;
    ships.push(...(wanted === 'all' ? ofType : ofType.slice(0, wanted)));
  }
  return ships;
}

/** Repair costs: 20 for a battleship (GW-UNIT-19), 25 a hit for a carrier (GW-UNIT-40). */
export function repairCost(type: string, damage: number): number {
  const r = ruleNumbers.naval.repair[type];
  if (!r) return 0;
  return r.perHit ? r.cost * damage : damage > 0 ? r.cost : 0;
}

/** The passage a border has, by name, for messages. */
export function passageName(world: WorldMap, a: string, b: string): string | undefined {
  const link = world.connections.find((c) => (c.a === a && c.b === b) || (c.a === b && c.b === a));
  return link?.passages?.map((p) => p.name).join(' or ');
}

/**
 * What a task asks of its ships (D-NAV-21, D-NAV-24): the transport task needs a transport (GW-P06-NAV-09; warships
 * sailing with it escort it); the bombard task is for battleships alone (GW-UNIT-12, GW-P06-NAV-11): cruisers and
 * destroyers never bombard (GW-UNIT-24), nor do transports or carriers.
 */
export function taskShips(types: readonly string[], task: NavalTask): SailCheck | undefined {
  if (task === 'transport' && !types.includes('transport')) return refuse('task-ships', 'a task force with the transport task needs a transport (GW-P06-NAV-09)', 'task');
  // Escorts and blockades are warships' tasks (GW-P06-NAV-10, GW-P06-NAV-14; D-NAV-26, D-NAV-27): an unarmed transport takes neither.
  const unarmed = types.find((t) => unitTable().byId.get(t as never)?.attack === null);
  if ((task === 'escort' || task === 'blockade') && unarmed) return refuse('task-ships', `${unitWord(unarmed, 2)} are unarmed: the ${task} task is for warships (GW-P06-NAV-${task === 'escort' ? '10' : '14'})`, 'task');
  const other = types.find((t) => t !== 'battleship');
  if (task === 'bombard' && other) return refuse('task-ships', `only battleships shore-bombard (GW-UNIT-12, GW-UNIT-24): ${unitWord(other, 2)} may not take the bombard task`, 'task');
  return undefined;
}

/** What the carrier-move task asks of its ships (D-AIR-40): an aircraft carrier; other ships may sail with it. */
export function carrierTaskRefusal(types: readonly string[], task: NavalTask): SailCheck | undefined {
  if (task !== 'carrier-move' || types.includes('carrier')) return undefined;
  return refuse('task-ships', 'a task force with the carrier-move task needs an aircraft carrier (GW-P06-NAV-12); other warships may sail with it as its escort', 'task');
}

/** The troop points a unit type takes aboard (GW-UNIT-26, -27: infantry 1, every other land and air unit 2); null: never carried. */
export function troopLoad(type: string): number | null {
  return unitTable().byId.get(type as never)?.load ?? null;
}

/** The units aboard a transport, in id order: its cargo, not what is fitted to it (sonar, a mounted AA gun: D-EQUIP-7). */
export function cargoOf(state: GreatWarState, transport: string): BoardUnit[] {
  return state.board.units.filter((u) => u.aboard === transport && !isFitted(u)).sort(unitOrder);
}

/** The troop points aboard a transport. */
export function pointsAboard(state: GreatWarState, transport: string): number {
  return cargoOf(state, transport).reduce((s, u) => s + (troopLoad(u.type) ?? 0), 0);
}

/** Whether a unit type is equipment (radar, sonar): carried by a ship, never on its own. */
export function isEquipment(type: string): boolean {
  return unitTable().byId.get(type as never)?.category === 'equipment';
}

/** Whether a unit on board is part of its ship (radar, sonar, a mounted AA gun), never cargo, even aboard a transport. */
export function isFitted(u: Pick<BoardUnit, 'type' | 'mounted'>): boolean {
  return isEquipment(u.type) || u.mounted === true;
}
