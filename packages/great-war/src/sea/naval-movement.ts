import { closestName, jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import { lookupArea } from '../orders/names.js';
import type { BoardUnit } from '../base/board.js';
import { allied, commanderOf, displayNationName, nationName } from '../base/conquest.js';
import { unitTable, clearedOnDataChange } from '../data/load.js';
import { checkUnitSelection, formatSelection, jsonNationField, ordersOf, territoryIdAt, unitsOfNation, unitsRefusal, unknownFieldProblems, voidOrder, type UnitPool, type UnitSelection } from '../orders/grammar.js';
import { refused, type Checked } from '../orders/language.js';
import { areaDisplay, countByType, groupBy, unitOrder, unitWord } from '../base/counting.js';
import type { Passage, WorldMap } from '../data/map.js';
import { areasWithin } from '../orders/moves.js';
import { atWar, emptyInvasionTurn, emptySeaTurn, minorOf, nationOf, type GreatWarState } from '../base/nations.js';
import type { Ctx, GreatWarOrders, OrderSpec, TextPosition } from '../orders/language.js';
import { ruleNumbers } from '../data/rules.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { cargoOf, embarkSpec, planEmbarkations, pointsAboard, type EmbarkOrder, type EmbarkPlan } from './transports.js';
import { carrierMoveCandidates, carrierTaskRefusal, noteCarrierMove } from './carrier-operations.js';

/**
 * Phase 6: naval movement (GW-P06-NAV), for all nations at once (decisions D-NAV-1 to D-NAV-8 of
 * docs/great-war/naval-war.md). Each `sail` order makes one task force with one task; ships move up to their move
 * along sea borders, through the passages their holders keep open to them (Denmark, the Kiel Canal, Gibraltar, Suez,
 * the Turkish straits), and stop on entering a sea zone where enemy surface ships are. `repair` mends a damaged
 * battleship or carrier next to a friendly port instead of moving it. Phase 7 fights where enemy fleets meet.
 */

/** The tasks of the rule book's list (GW-P06-NAV): one a task force, one a ship a turn. */
export const NAVAL_TASKS = ['engage', 'escort', 'blockade', 'run-blockade', 'transport', 'bombard', 'carrier-move'] as const;
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

let shipTypes: string[] | undefined;
clearedOnDataChange(() => {
  shipTypes = undefined;
});
/** The ship types of the unit table. */
export function navalTypes(): string[] {
  shipTypes ??= unitTable()
    .list.filter((u) => u.category === 'sea')
    .map((u) => u.id);
  return shipTypes;
}
export const isShip = (type: string): boolean => navalTypes().includes(type);
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

// ---------------------------------------------------------------------------------------------------------------
// Passages.

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

export type { Passage };

function isNeutral(state: GreatWarState, nation: string): boolean {
  const n = nationOf(state, nation) ?? minorOf(state, nation);
  return n !== undefined && n.atWarWith.length === 0;
}

/** The passage a border has, by name, for messages. */
function passageName(world: WorldMap, a: string, b: string): string | undefined {
  const link = world.connections.find((c) => (c.a === a && c.b === b) || (c.a === b && c.b === a));
  return link?.passages?.map((p) => p.name).join(' or ');
}

// ---------------------------------------------------------------------------------------------------------------
// The rules of a sailing.

/** Whether a sea zone holds surface ships of a nation at war with `nation` (they stop a fleet, D-NAV-4). */
export function enemyFleetIn(state: GreatWarState, zone: string, nation: string): boolean {
  return state.board.units.some((u) => u.at === zone && isSurface(u.type) && atWar(state, nation, u.nation));
}

export type SailCheck = Checked<{ readonly path: readonly string[] }>;

const refuse = refused;

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
    return { ok: true, path: [from] };
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
  return { ok: true, path };
}

/**
 * What a task asks of its ships (D-NAV-21, D-NAV-24): the transport task needs a transport (GW-P06-NAV-09; warships
 * sailing with it escort it); the bombard task is for battleships alone (GW-UNIT-12, GW-P06-NAV-11): cruisers and
 * destroyers never bombard (GW-UNIT-24), nor do transports or carriers.
 */
function taskShips(types: readonly string[], task: NavalTask): SailCheck | undefined {
  if (task === 'transport' && !types.includes('transport')) return refuse('task-ships', 'a task force with the transport task needs a transport (GW-P06-NAV-09)', 'task');
  // Escorts and blockades are warships' tasks (GW-P06-NAV-10, GW-P06-NAV-14; D-NAV-26, D-NAV-27): an unarmed transport takes neither.
  const unarmed = types.find((t) => unitTable().byId.get(t as never)?.attack === null);
  if ((task === 'escort' || task === 'blockade') && unarmed) return refuse('task-ships', `${unitWord(unarmed, 2)} are unarmed: the ${task} task is for warships (GW-P06-NAV-${task === 'escort' ? '10' : '14'})`, 'task');
  const other = types.find((t) => t !== 'battleship');
  if (task === 'bombard' && other) return refuse('task-ships', `only battleships shore-bombard (GW-UNIT-12, GW-UNIT-24): ${unitWord(other, 2)} may not take the bombard task`, 'task');
  return undefined;
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
      voided(order, check.code, check.message);
      continue;
    }
    for (const u of ships) used.add(u.id);
    out.push({ seat, order, nation, task, ships, path: check.path });
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

// ---------------------------------------------------------------------------------------------------------------
// Orders.

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

function taskAt(typed: string, at: TextPosition & { column: number }): NavalTask | Problem {
  const t = typed.trim().toLowerCase().replace(/\s+/g, '-');
  const found = NAVAL_TASKS.filter((k) => k.startsWith(t));
  if (found.length === 1) return found[0]!;
  if ((NAVAL_TASKS as readonly string[]).includes(t)) return t as NavalTask;
  const suggestion = closestName(t, NAVAL_TASKS);
  return { code: 'unknown-task', message: `there is no naval task '${typed.trim()}' (${NAVAL_TASKS.join(', ')})`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) };
}

const STAY_RE = /^(?<units>.+?)\s+(?:in|at)\s+(?<from>.+?)\s+(?:as|task)\s+(?<task>[a-z-]+(?:\s+blockade|\s+move)?)$/di;
const SAIL_RE = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s*(?:->|\s+to\s+)(?<to>.+?)(?:\s+via\s+(?<via>.+?))?(?:\s+(?:as|task)\s+(?<task>[a-z-]+(?:\s+blockade|\s+move)?))?$/di;




export const sailSpec: OrderSpec<SailOrder> = {
  kind: 'sail',
  words: ['sail'],
  example: 'sail 5 battleships from Skagerrak to North Sea as engage',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const stay = /\sfrom\s/i.test(` ${rest} `) ? null : STAY_RE.exec(rest);
    const m = (stay ?? SAIL_RE.exec(rest)) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
    if (!m?.groups) return [{ code: 'bad-sailing', message: "a sailing reads 'sail 2 battleships from North Sea to Skagerrak', with 'via Norwegian Sea' and 'as blockade' (its task) if wanted; ships that stay to carry out a task, 'sail 2 transports in North Sea as transport'", line: at.line, column: at.column }];
    const g = m.groups as Record<string, string | undefined>;
    const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
    const problems: Problem[] = [];
    const u = unitsOfNation(g['units']!, at.line, col('units'), ctx, navalTypes());
    if (Array.isArray(u)) problems.push(...u);
    const from = seaZoneAt(g['from']!, at.line, col('from'), world);
    if (typeof from !== 'string') problems.push(from);
    const to = stay ? from : seaZoneAt(g['to']!, at.line, col('to'), world);
    if (typeof to !== 'string' && !stay) problems.push(to);
    const via: string[] = [];
    if (g['via'] !== undefined) {
      let offset = col('via');
      for (const part of g['via'].split(',')) {
        const z = seaZoneAt(part.trim(), at.line, offset + (part.length - part.trimStart().length), world);
        if (typeof z === 'string') via.push(z);
        else problems.push(z);
        offset += part.length + 1;
      }
    }
    let task: NavalTask | undefined;
    if (g['task'] !== undefined) {
      const t = taskAt(g['task'], { line: at.line, column: col('task') });
      if (typeof t === 'string') task = t;
      else problems.push(t);
    }
    if (problems.length || Array.isArray(u) || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'sail', ...(u.nation ? { nation: u.nation } : {}), from, to, units: u.units, ...(via.length ? { via } : {}), ...(task && task !== 'engage' ? { task } : {}) };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'from', 'to', 'units', 'via', 'task'], 'a sail order');
    const nation = jsonNationField(item, path, ctx, problems);
    const from = seaZoneIdAt(item['from'], [...path, 'from'], world, 'from');
    if (typeof from !== 'string') problems.push(from);
    const to = seaZoneIdAt(item['to'], [...path, 'to'], world, 'to');
    if (typeof to !== 'string') problems.push(to);
    const units = checkUnitSelection(item['units'], [...path, 'units'], navalTypes());
    if (Array.isArray(units)) problems.push(...units);
    const via: string[] = [];
    if (item['via'] !== undefined) {
      if (!Array.isArray(item['via']) || !item['via'].length) problems.push({ code: 'bad-via', message: 'via is a list of sea zone ids', path: jsonPath([...path, 'via']) });
      else
        item['via'].forEach((v: unknown, i: number) => {
          const z = seaZoneIdAt(v, [...path, 'via', i], world, 'via');
          if (typeof z === 'string') via.push(z);
          else problems.push(z);
        });
    }
    const task = item['task'];
    if (task !== undefined && !(typeof task === 'string' && (NAVAL_TASKS as readonly string[]).includes(task))) {
      const suggestion = typeof task === 'string' ? closestName(task, NAVAL_TASKS) : undefined;
      problems.push({ code: 'unknown-task', message: `task is one of ${NAVAL_TASKS.join(', ')}`, path: jsonPath([...path, 'task']), ...(suggestion ? { suggestion } : {}) });
    }
    if (problems.length || Array.isArray(units) || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'sail', ...(nation ? { nation } : {}), from, to, units, ...(via.length ? { via } : {}), ...(task && task !== 'engage' ? { task: task as NavalTask } : {}) };
  },
  format(order) {
    const world = theWorld();
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    const via = order.via?.length ? ` via ${order.via.map((v) => areaDisplay(v, world)).join(', ')}` : '';
    if (order.from === order.to && !via) return `sail ${formatSelection(order.units)}${of} in ${areaDisplay(order.from, world)}${order.task ? ` as ${order.task}` : ''}`;
    return `sail ${formatSelection(order.units)}${of} from ${areaDisplay(order.from, world)} to ${areaDisplay(order.to, world)}${via}${order.task ? ` as ${order.task}` : ''}`;
  },
  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const units = unitsRefusal(order, ledger, state, nation, world, SEA_POOL);
    if ('code' in units) return units;
    const who = order.nation ?? nation.id;
    const check = checkSailing(state, world, who, order.from, order.to, order.via, units.types, order.task ?? 'engage');
    if (!check.ok) return { code: check.code, message: check.message, ...(check.field ? { field: check.field } : {}) };
    if (order.task === 'bombard') {
      // A damaged battleship may not bombard (GW-UNIT-17): the ships this order would take, after the earlier orders'.
      const used = new Set<string>();
      for (const o of ledger.admitted) if (o.kind === 'repair') for (const u of repairTargets(state, (o as RepairOrder).nation ?? nation.id, o as RepairOrder)) used.add(u.id);
      planTaskForces(state, world, nation.id, ledger.admitted.filter((o): o is SailOrder & typeof o => o.kind === 'sail'), used);
      const damaged = pickShips(state, who, order, used).filter((u) => u.damage > 0).length;
      if (damaged) return { code: 'damaged-battleship', message: `a damaged battleship may not shore-bombard (GW-UNIT-17): ${damaged} of the battleships this order takes in ${world.names.get(order.from)} ${damaged === 1 ? 'is' : 'are'} damaged; repair ${damaged === 1 ? 'it' : 'them'} first`, field: 'units' };
    }
    return undefined;
  },
  cost: () => 0,
  candidatesAt(_ledger, ctx, nation, area) {
    // Every sailing of the nation's ships in a zone to each zone within their move, all ships of a type together.
    const state = ctx.state;
    const world = theWorld(state.scenario);
    if (!world.sea.has(area)) return [];
    const counts = new Map<string, number>();
    for (const u of shipsAt(state, nation.id, area)) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
    const out: SailOrder[] = [];
    for (const [type, count] of counts) {
      const move = shipStats(state, nation.id, type).move ?? 0;
      for (const to of areasWithin(world, area, move, ['sea'])) out.push({ kind: 'sail', from: area, to, units: { [type]: count } });
    }
    return out;
  },
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const zones = [...new Set(state.board.units.filter((u) => u.nation === nation.id && isShip(u.type)).map((u) => u.at))].filter((z) => world.sea.has(z)).sort();
    const seed = ledger.admitted.length + ctx.step.turn;
    const out: SailOrder[] = [];
    for (const from of zones.slice(seed % Math.max(1, zones.length)).concat(zones).slice(0, 2)) {
      const type = shipsAt(state, nation.id, from)[0]?.type;
      const next = world.graph.neighbours(from, ['sea']).map((n) => n.id);
      // Now and then an escort (warships only, D-NAV-26).
      const escort = type !== undefined && type !== 'transport' && seed % 3 === 0;
      if (type && next.length) out.push({ kind: 'sail', from, to: next[seed % next.length]!, units: { [type]: 1 }, ...(escort ? { task: 'escort' as const } : {}) });
    }
    // Warships that stay to blockade (D-NAV-27).
    const warship = zones.flatMap((z) => shipsAt(state, nation.id, z)).find((u) => u.type !== 'transport');
    if (warship) out.push({ kind: 'sail', from: warship.at, to: warship.at, units: { [warship.type]: 1 }, task: 'blockade' });
    // Transports that stay to take troops aboard or land them (D-NAV-21).
    const docked = zones.find((z) => shipsAt(state, nation.id, z).some((u) => u.type === 'transport'));
    if (docked) out.push({ kind: 'sail', from: docked, to: docked, units: { transport: 1 }, task: 'transport' });
    out.push(...carrierMoveCandidates(state, nation.id, seed));
    return out;
  },
};

/** Repair costs: 20 for a battleship (GW-UNIT-19), 25 a hit for a carrier (GW-UNIT-40). */
export function repairCost(type: string, damage: number): number {
  const r = ruleNumbers.naval.repair[type];
  if (!r) return 0;
  return r.perHit ? r.cost * damage : damage > 0 ? r.cost : 0;
}

/** Whether a sea zone borders a port held by the nation or an ally (GW-UNIT-19). */
export function nextToFriendlyPort(state: GreatWarState, world: WorldMap, nation: string, zone: string): boolean {
  return world.graph.neighbours(zone, ['coast']).some((n) => world.territory.get(n.id)?.port && allied(state, nation, state.board.territories[n.id]?.owner ?? ''));
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

export const repairSpec: OrderSpec<RepairOrder> = {
  kind: 'repair',
  words: ['repair'],
  example: 'repair 1 battleship in North Sea',
  parseText(rest, at, ctx) {
    const m = /^(?<units>.+?)\s+(?:in|at)\s+(?<at>.+)$/di.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
    if (!m?.groups) return [{ code: 'bad-repair', message: "a repair reads 'repair 1 battleship in North Sea'", line: at.line, column: at.column }];
    const { u, zone, problems } = shipsInZoneText(m, at, ctx);
    if (problems.length || !u || !zone) return problems;
    return { kind: 'repair', ...(u.nation ? { nation: u.nation } : {}), at: zone, units: u.units };
  },
  checkJson(item, path, ctx) {
    const { nation, zone, units, problems } = shipsInZoneJson(item, path, ctx, 'a repair order');
    if (problems.length || !units || !zone) return problems;
    return { kind: 'repair', ...(nation ? { nation } : {}), at: zone, units };
  },
  format(order) {
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    return `repair ${formatSelection(order.units)}${of} in ${areaDisplay(order.at)}`;
  },
  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const who = order.nation ?? nation.id;
    const units = unitsRefusal({ ...order, from: order.at }, ledger, state, nation, world, SEA_POOL);
    if ('code' in units) return units;
    const targets = repairTargets(state, who, order);
    if (!targets.length) return { code: 'nothing-to-repair', message: `${nationName(state, who)} has no damaged battleship or carrier of these in ${world.names.get(order.at)}`, field: 'units' };
    if (!nextToFriendlyPort(state, world, who, order.at)) return { code: 'no-port', message: `${world.names.get(order.at)} borders no port held by ${nationName(state, who)} or an ally: ships are repaired next to a friendly port (GW-UNIT-19)`, field: 'at' };
    const cost = targets.reduce((s, u) => s + repairCost(u.type, u.damage), 0);
    if (cost > ledger.resources) return { code: 'not-enough-resources', message: `the repair costs ${cost}, and ${nation.name} has ${ledger.resources} left`, field: 'units' };
    return undefined;
  },
  cost(order, _ledger, ctx, nation) {
    return repairTargets(ctx.state, order.nation ?? nation.id, order).reduce((s, u) => s + repairCost(u.type, u.damage), 0);
  },
  candidates() {
    return [];
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Phase 6.

export interface TaskForce {
  readonly id: string;
  readonly nation: string;
  readonly task: NavalTask;
  readonly from: string;
  readonly to: string;
  readonly path: readonly string[];
  readonly units: readonly string[];
  readonly runOn?: readonly string[];
}

/**
 * A task force running a blockade (cruisers only) rolls 1D10 at each sea zone on its way, before its destination,
 * where enemy surface ships stand at the start of the phase: at or under the chance it slips past; otherwise it is
 * caught and its sailing ends there, where phase 7 fights (GW-P06-NAV-15, D-NAV-18).
 */
function runBlockade(state: GreatWarState, ctx: PhaseContext, world: WorldMap, plan: ForcePlan): ForcePlan {
  const stop = runPast(state, ctx, world, plan.nation, plan.ships, plan.path, 1);
  if (stop === plan.path.length - 1) return plan;
  return { ...plan, order: { ...plan.order, to: plan.path[stop]! }, path: plan.path.slice(0, stop + 1), runOn: plan.path.slice(stop + 1) };
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

/**
 * Repairs first (the ships take no other action, GW-UNIT-20), then every task force sails at once (D-NAV-1, D-NAV-4),
 * its cargo aboard with it; then the troops embark onto the transports of the transport task forces where those end
 * the phase (D-NAV-21); the battleships with the bombard task are noted for phase 10 (D-NAV-24).
 */
export function resolveNavalMovement(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  state.sea = emptySeaTurn();
  state.invasion = emptyInvasionTurn();
  const used = new Set<string>();
  for (const seat of state.nations) {
    for (const order of ordersOf<RepairOrder>(orders.get(seat.id), 'repair')) {
      const nation = order.nation ?? seat.id;
      const text = repairSpec.format(order);
      const targets = commanderOf(state, nation) === seat.id ? repairTargets(state, nation, order).filter((u) => !used.has(u.id)) : [];
      const cost = targets.reduce((s, u) => s + repairCost(u.type, u.damage), 0);
      if (!targets.length || !nextToFriendlyPort(state, world, nation, order.at) || cost > seat.treasury) {
        voidOrder(ctx, 'naval-movement', seat.id, text, 'cannot-repair', !targets.length ? 'no damaged ship of these is there' : cost > seat.treasury ? `the repair costs ${cost} and ${seat.name} has ${seat.treasury}` : 'no friendly port borders the sea zone');
        continue;
      }
      for (const u of targets) {
        u.damage = 0;
        used.add(u.id);
        state.sea.acted.push(u.id);
      }
      seat.treasury -= cost;
      seat.ledger.repairs += cost;
      ctx.emit({ type: 'repair', nation, at: order.at, units: countByType(targets), ids: targets.map((u) => u.id), cost, treasury: seat.treasury });
    }
  }
  // Every sailing and embarkation is checked against the fleets where they stand at the start of the phase; all sail, then all arrive.
  const plans: ForcePlan[] = [];
  const boarding: EmbarkPlan[] = [];
  for (const seat of state.nations) {
    const given = orders.get(seat.id);
    const forces = planTaskForces(state, world, seat.id, ordersOf<SailOrder>(given, 'sail'), used, (order, code, message) => voidOrder(ctx, 'naval-movement', seat.id, sailSpec.format(order), code, message));
    plans.push(...forces);
    boarding.push(...planEmbarkations(state, world, seat.id, ordersOf<EmbarkOrder>(given, 'embark'), forces, (order, code, message) => voidOrder(ctx, 'naval-movement', seat.id, embarkSpec.format(order), code, message)));
  }
  // Cruisers running a blockade try to slip past each enemy fleet on their way: 60% a fleet (GW-P06-NAV-15, D-NAV-18).
  const runs = plans.map((plan) => (plan.task === 'run-blockade' ? runBlockade(state, ctx, world, plan) : plan));
  let n = 0;
  for (const { nation, task, order, ships, path, runOn } of runs) {
    const force: TaskForce = { id: `TF${++n}`, nation, task, from: order.from, to: order.to, path, units: ships.map((u) => u.id), ...(runOn?.length ? { runOn } : {}) };
    const cargo = ships.filter((u) => u.type === 'transport').flatMap((u) => cargoOf(state, u.id));
    for (const u of [...ships, ...cargo]) u.at = force.to;
    // Task forces that stay are recorded too: submarines may intercept one that lands troops (GW-P06-SUBINT-03); phase 7
    // reads only those that sailed as ships that came in (D-NAV-21).
    const { runOn: way, ...record } = force;
    state.sea.taskForces.push({ ...record, path: [...force.path], units: [...force.units], ...(way ? { runOn: [...way] } : {}) });
    state.sea.acted.push(...force.units);
    if (task === 'blockade') state.sea.blockade.push(...force.units);
    if (task === 'bombard') state.invasion.bombard.push(...ships.filter((u) => u.type === 'battleship' && u.damage === 0).map((u) => u.id));
    noteCarrierMove(state, task, ships);
    ctx.emit({
      type: 'sail',
      nation: force.nation,
      force: force.id,
      task: force.task,
      from: force.from,
      to: force.to,
      ...(force.path.length > 2 ? { path: [...force.path] } : {}),
      units: countByType(ships),
      ids: [...force.units],
    });
    if (cargo.length && force.from !== force.to) {
      for (const [key, list] of groupBy(cargo, (u) => `${u.nation}|${u.aboard}`)) {
        const [cargoNation, transport] = key.split('|') as [string, string];
        ctx.emit({ type: 'cargo-moved', nation: cargoNation, transport, from: force.from, to: force.to, units: countByType(list), ids: list.map((u) => u.id) });
      }
    }
  }
  for (const plan of boarding) {
    for (const { unit, transport } of plan.boarding) {
      unit.at = transport.at;
      unit.aboard = transport.id;
    }
    const units = plan.boarding.map((b) => b.unit);
    ctx.emit({
      type: 'embark',
      nation: plan.nation,
      from: plan.order.from,
      at: plan.order.at,
      units: countByType(units),
      ids: units.map((u) => u.id),
      transports: [...new Set(plan.boarding.map((b) => b.transport.id))].sort(),
      ...(Object.keys(plan.left).length ? { left: plan.left } : {}),
    });
  }
  state.sea.acted.sort();
  state.sea.blockade.sort();
  state.invasion.bombard.sort();
  return state;
}

/** One line of plain text for the events of naval movement; undefined for others. */
export function describeNavalMovementEvent(event: { type: string; [k: string]: unknown }, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => (state ? nationName(state, String(id)) : displayNationName(String(id)));
  const counts = (c: unknown) =>
    Object.entries((c ?? {}) as Record<string, number>)
      .map(([t, k]) => `${k} ${unitWord(t, k)}`)
      .join(', ');
  switch (event.type) {
    case 'sail':
      if (event['from'] === event['to']) return `${who(event['nation'])}'s ${counts(event['units'])} stay${Object.values((event['units'] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0) === 1 ? 's' : ''} in the ${area(event['from'])} (task force ${String(event['force'])}, ${String(event['task'])}).`;
      return `${who(event['nation'])} sails ${counts(event['units'])} from ${area(event['from'])} to ${area(event['to'])} (task force ${String(event['force'])}, ${String(event['task'])}).`;
    case 'blockade-run':
      return `${who(event['nation'])}'s ${counts(event['units'])} running the blockade ${event['slipped'] ? 'slip past' : 'are caught by'} the enemy fleet in the ${area(event['area'])} (rolled ${String(event['roll'])}).`;
    case 'repair':
      return `${who(event['nation'])} repairs ${counts(event['units'])} in ${area(event['at'])} for ${String(event['cost'])}; treasury now ${String(event['treasury'])}.`;
    default:
      return undefined;
  }
}

