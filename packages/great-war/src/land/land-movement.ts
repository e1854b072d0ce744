import { chinaAttackRefusal } from '../p01-neutrals/china.js';
import { closestName, jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import { isAircraft } from '../air/aircraft.js';
import { flyPlans, planFlights } from '../air/air-movement.js';
import { lookupArea, nameIndex, type NameIndex } from '../orders/names.js';
import type { BoardUnit } from '../base/board.js';
import { allied, captureTerritory, checkConquests, commanderOf, displayNationName, nationName, relation, sideOf } from '../base/conquest.js';
import { unitTable, clearedOnDataChange } from '../data/load.js';
import type { WorldMap } from '../data/map.js';
import { atWar, emptyLandTurn, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, Ctx, GreatWarOrders, Ledger, OrderSpec, Refusal, TextPosition } from '../orders/language.js';
import { terrainRules } from '../data/terrain.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { landTroops, planLandings } from '../sea/transports.js';
import { COASTAL_DEFENCE } from '../sea/naval-invasions.js';
import { bolshevikMoveRefusal } from '../p15-special/revolution.js';

/**
 * Phase 8: land movement (GW-P08-LANDMOVE), played simultaneously by every nation (decisions D-SIM-1 to D-SIM-8 of
 * docs/great-war/adjudication.md). Each move is checked against the state at the start of the phase; all units
 * leave, then all arrive. A hostile territory that nobody defends after the arrivals is captured at once; where
 * enemies meet, phase 10 fights a battle. Artillery ordered into a hostile territory stays where it is and fires
 * into the battle there (GW-P10-LAND-06). The order language: `move <units> [of <nation>] from <area> to <area>
 * [via <area>, ...]` (docs/great-war/orders.md).
 */

/** How many units of each type an order names: a count or 'all'; or 'all' for every unit that can go. */
export type UnitCounts = { [type: string]: number | 'all' };
export type UnitSelection = UnitCounts | 'all';

export type MoveOrder = {
  kind: 'move';
  /** Whose units: the seat's own unless given (a government in exile's, a minor it controls). */
  nation?: string;
  from: string;
  to: string;
  units: UnitSelection;
  /** The territories the move passes through, in order; none: the shortest legal path. */
  via?: string[];
};

/** Orders that take units from a territory for the turn (a unit takes one such order). */
type UnitsOrder = { kind: 'move' | 'strategic'; nation?: string; from: string; units: UnitSelection };

/** Land and strait links: the borders land units cross. */
export const LINK_KINDS = ['land', 'strait'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Units: which types move, their stats, where they may go.

let movable: string[] | undefined;
/** The unit types that move on land: land units with a move (infantry, artillery, tanks, AA guns). */
export function movableLandTypes(): string[] {
  movable ??= unitTable()
    .list.filter((u) => u.category === 'land' && (u.move ?? 0) > 0)
    .map((u) => u.id);
  return movable;
}

let landOrAir: Set<string> | undefined;
/** Land units and aircraft: what stands in territories and fights there. */
export const isLandOrAir = (type: string): boolean => {
  landOrAir ??= new Set(unitTable().list.filter((u) => u.category === 'land' || u.category === 'air').map((u) => u.id));
  return landOrAir.has(type);
};

/** Stats of a unit type for a nation: the unit table with the nation's advances; a minor's are the table's. */
export function statsOf(state: GreatWarState, nation: string, type: string): { attack: number | null; defense: number | null; move: number | null; cost: number | null } {
  if (nationOf(state, nation)) return unitStats(state, nation, type as never);
  const entry = unitTable().byId.get(type as never);
  if (!entry) throw new Error(`no unit type '${type}'`);
  return entry;
}

/** Whether terrain bars a unit type from a territory (Switzerland, Afghanistan, Tibet: GW-TERR-10/14/23/24). */
export const barred = (territory: string, type: string): boolean => terrainRules[territory]?.barred.includes(type) ?? false;

/** A unit type's display word, lower case, plural when there are several: 'infantry', '2 tanks'. */
export function unitWord(type: string, count = 1): string {
  const name = (unitTable().byId.get(type as never)?.name ?? type).toLowerCase();
  return count > 1 && !/y$/.test(name) ? `${name}s` : name;
}

/** '3 infantry, 1 artillery' from counts by type. */
export function describeCounts(counts: Readonly<Record<string, number>>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${n} ${unitWord(type, n)}`);
  return parts.length ? parts.join(', ') : 'no units';
}

/** Count units by type, in the unit table's order. */
export function countByType(units: readonly { readonly type: string }[]): Record<string, number> {
  const order = unitTable().list.map((u) => u.id as string);
  const counts: Record<string, number> = {};
  for (const type of order) {
    const n = units.filter((u) => u.type === type).length;
    if (n) counts[type] = n;
  }
  return counts;
}

/** A stable order of units: by nation id, then by the number of the id ('germany-9' before 'germany-10'). */
export const unitOrder = (a: BoardUnit, b: BoardUnit): number => {
  if (a.nation !== b.nation) return a.nation < b.nation ? -1 : 1;
  const number = (id: string) => Number(id.slice(id.lastIndexOf('-') + 1).replace(/^\D+/, '')) || 0;
  return number(a.id) - number(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};

/** The nations with land or air units in each territory (but the units `except`). */
export function presenceOf(state: GreatWarState, except?: ReadonlySet<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const u of state.board.units) {
    if (!isLandOrAir(u.type) || except?.has(u.id)) continue;
    const set = out.get(u.at) ?? new Set<string>();
    set.add(u.nation);
    out.set(u.at, set);
  }
  return out;
}

const presenceCache = new WeakMap<Ctx, Map<string, Set<string>>>();
/**
 * presenceOf for checking orders: the state does not change while one check walks a turn's orders (or a bot's
 * candidates), so one map serves every order of the check.
 */
export function presenceFor(ctx: Ctx): Map<string, Set<string>> {
  let p = presenceCache.get(ctx);
  if (!p) presenceCache.set(ctx, (p = presenceOf(ctx.state)));
  return p;
}

/** Whether a territory holds units of a nation at war with `nation`. */
export function enemiesIn(state: GreatWarState, presence: ReadonlyMap<string, ReadonlySet<string>>, territory: string, nation: string): boolean {
  for (const other of presence.get(territory) ?? []) if (atWar(state, nation, other)) return true;
  return false;
}

/** A nation's movable land units in a territory, in id order. */
export function landUnitsAt(state: GreatWarState, nation: string, territory: string): BoardUnit[] {
  const types = movableLandTypes();
  return state.board.units.filter((u) => u.at === territory && u.nation === nation && types.includes(u.type)).sort(unitOrder);
}

// ---------------------------------------------------------------------------------------------------------------
// The rules of a move.

/** Why a move, a flight, a sailing or a landing cannot be made: the check functions' refusal. */
export type Refused = { readonly ok: false; readonly code: string; readonly message: string; readonly field?: string };
/** A check's result: what the check found, or why not. */
export type Checked<T> = ({ readonly ok: true } & T) | Refused;
// A function declaration: the modules that import it in an import cycle read it while this one loads.
export function refused(code: string, message: string, field?: string): Refused {
  return { ok: false, code, message, ...(field ? { field } : {}) };
}

export type MoveCheck = Checked<{ readonly path: readonly string[]; readonly hostile: boolean }>;

const refuse = refused;

/**
 * Whether `nation`'s units of `types` may move from `from` to `to` now (decisions D-SIM-3 to D-SIM-5): one step per
 * point of move along land borders and straits; every territory on the way held by the nation or an ally and free
 * of enemies (a move ends on entering enemy ground, gap G12); no territory whose terrain bars a type; the
 * destination held by the nation, an ally or an enemy, never a nation it is not at war with. Into an enemy's
 * territory (an attack): no AA guns (GW-UNIT-11), only infantry and artillery across a strait (GW-TERR-35),
 * artillery only next door (it fires from where it stands).
 */
export function checkMove(
  state: GreatWarState,
  world: WorldMap,
  presence: ReadonlyMap<string, ReadonlySet<string>>,
  nation: string,
  from: string,
  to: string,
  via: readonly string[] | undefined,
  types: readonly string[],
): MoveCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  const ends = checkEnds(state, world, presence, nation, from, to, 'a move', '');
  if (!ends.ok) return ends;
  const hostile = ends.hostile;
  const passable = (id: string) =>
    world.territory.has(id) &&
    allied(state, nation, state.board.territories[id]?.owner ?? '') &&
    !enemiesIn(state, presence, id, nation) &&
    types.every((t) => !barred(id, t));
  let path: string[];
  if (via && via.length) {
    path = [from, ...via, to];
    for (let i = 1; i < path.length; i++) {
      if (!world.graph.adjacent(path[i - 1]!, path[i]!, LINK_KINDS)) return refuse('not-adjacent', `${name(path[i - 1]!)} does not border ${name(path[i]!)} by land`, 'via');
    }
    for (const step of via) {
      if (!passable(step)) {
        return refuse('blocked-path', `a move may pass only through territories of ${nationName(state, nation)} and its allies that hold no enemies; ${name(step)} is not one`, 'via');
      }
    }
  } else if (world.graph.adjacent(from, to, LINK_KINDS)) {
    path = [from, to];
  } else {
    const found = world.graph.path(from, to, { kinds: LINK_KINDS, pass: (id) => id === from || id === to || passable(id) });
    if (!found) return refuse('no-path', `${nationName(state, nation)}'s units cannot reach ${name(to)} from ${name(from)} by land through friendly territory`, 'to');
    path = [...found];
  }
  const steps = path.length - 1;
  for (const type of types) {
    const move = statsOf(state, nation, type).move ?? 0;
    if (move < steps) return refuse('too-far', `${unitWord(type)} moves ${move} territor${move === 1 ? 'y' : 'ies'} a turn; ${name(from)} to ${name(to)} is ${steps}`, 'to');
    for (const id of path.slice(1)) if (barred(id, type)) return refuse('barred-terrain', `${unitWord(type, 2)} may not enter ${name(id)}`, 'to');
  }
  if (hostile) {
    if (types.includes('aa-gun')) return refuse('aa-cannot-attack', 'AA guns may not attack nor go with troops into enemy territory (GW-UNIT-10, GW-UNIT-11)', 'units');
    const last = world.graph.connection(path[path.length - 2]!, to);
    if (last?.kind === 'strait') {
      const other = types.filter((t) => t !== 'infantry' && t !== 'artillery');
      if (other.length) return refuse('strait-attack', `only infantry and artillery may attack across a strait (GW-TERR-35); ${unitWord(other[0]!, 2)} may not attack ${name(to)} from ${name(path[path.length - 2]!)}`, 'units');
    }
    if (types.includes('artillery') && steps > 1) return refuse('artillery-range', 'artillery fires only into a territory next to its own', 'to');
  }
  return { ok: true, path, hostile };
}

/**
 * The two ends of a move or a flight: land territories, not the same, and a destination held by the nation, an ally
 * or an enemy, never a nation it is not at war with (D-SIM-5). `hostile`: into an enemy's territory, or where enemies stand.
 */
export function checkEnds(
  state: GreatWarState,
  world: WorldMap,
  presence: ReadonlyMap<string, ReadonlySet<string>>,
  nation: string,
  from: string,
  to: string,
  what: string,
  notLand: string,
): Checked<{ readonly hostile: boolean }> {
  const name = (id: string) => world.names.get(id) ?? id;
  const no = refused;
  if (!world.territory.has(from)) return no('not-a-territory', `${name(from)} is not a land territory`, 'from');
  if (!world.territory.has(to)) return no('not-a-territory', `${name(to)} is not a land territory${notLand}`, 'to');
  if (from === to) return no('same-territory', `${what} goes from one territory to another; ${name(from)} is both`, 'to');
  const holder = state.board.territories[to]?.owner ?? '';
  const rel = relation(state, nation, holder);
  if (rel === 'neutral') return no('not-at-war', `${name(to)} is held by ${nationName(state, holder)}, and ${nationName(state, nation)} is not at war with ${nationName(state, holder)}: declare war first`, 'to');
  const hostile = rel === 'hostile' || enemiesIn(state, presence, to, nation);
  return bolshevikMoveRefusal(state, world, nation, to, hostile) ?? { ok: true, hostile };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading unit lists, areas and nations.

let unitIndex: NameIndex | undefined;
clearedOnDataChange(() => {
  movable = undefined;
  landOrAir = undefined;
  unitIndex = undefined;
});
function unitNames(): NameIndex {
  unitIndex ??= nameIndex(unitTable().list.map((u) => ({ id: u.id as string, name: u.name, aliases: u.aliases })));
  return unitIndex;
}

export type TypeLookup = { ok: true; id: string } | { ok: false; code: string; message: string; suggestion?: string };

/** A unit type from what a player typed (name, alias, id, abbreviation, plural), among the types `allowed`. */
export function lookupUnitType(typed: string, allowed: readonly string[], what = 'moves on land'): TypeLookup {
  const index = unitNames();
  let r = index.lookup(typed);
  // Plurals: 'tanks', 'AA guns', 'artilleries'.
  for (const singular of [typed.trim().replace(/s$/i, ''), typed.trim().replace(/ies$/i, 'y')]) {
    if (r.ok || singular === typed.trim()) continue;
    const again = index.lookup(singular);
    if (again.ok) r = again;
  }
  if (r.ok) {
    if (allowed.includes(r.id)) return { ok: true, id: r.id };
    const category = unitTable().byId.get(r.id as never)?.category;
    const flying = allowed.length > 0 && allowed.every(isAircraft);
    const why =
      category === 'air' && !flying
        ? `aircraft fly: 'fly 2 fighters from Metz to Verdun' (docs/great-war/orders.md)`
        : category === 'sea'
          ? 'ships move in naval movement (phase 6)'
          : flying
            ? `only ${allowed.map((t) => unitWord(t, 2)).join(' and ')} fly; land units take 'move' orders`
            : `only ${allowed.map((t) => unitWord(t, 2)).join(', ')} ${what}`;
    return { ok: false, code: 'unit-cannot-move', message: `${r.name}: ${why}` };
  }
  if (r.reason === 'ambiguous') return { ok: false, code: 'ambiguous-unit', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name` };
  const names = allowed.flatMap((t) => [unitTable().byId.get(t as never)!.name, ...unitTable().byId.get(t as never)!.aliases].map((n) => [n, t] as const));
  const closest = closestName(typed, names.map(([n]) => n));
  const suggestion = closest === undefined ? undefined : unitTable().byId.get(names.find(([n]) => n === closest)![1] as never)!.name;
  return { ok: false, code: 'unknown-unit', message: `there is no unit type '${typed}'`, ...(suggestion ? { suggestion } : {}) };
}

/**
 * A list of units as typed: 'all', or items separated by commas or 'and', each a count or 'all' and a unit type
 * ('3 infantry', 'all artillery', 'a tank'). Problems carry the column of the item.
 */
export function parseUnitList(text: string, line: number, column: number, allowed: readonly string[]): UnitSelection | Problem[] {
  if (/^all$/i.test(text.trim())) return 'all';
  const problems: Problem[] = [];
  const units: UnitCounts = {};
  const re = /[^,]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (const piece of m[0].split(/\band\b/i)) {
      const lead = m[0].indexOf(piece);
      const item = piece.trim();
      if (item === '') continue;
      const col = column + m.index + lead + (piece.length - piece.trimStart().length);
      const im = /^(\d+|all|an?|one)\s+(.+)$/i.exec(item);
      if (!im) {
        problems.push({ code: 'missing-count', message: `how many? e.g. '3 ${item}' or 'all ${item}'`, line, column: col });
        continue;
      }
      const word = im[1]!.toLowerCase();
      const count: number | 'all' = word === 'all' ? 'all' : /^\d+$/.test(word) ? Number(word) : 1;
      const typeCol = col + item.indexOf(im[2]!);
      if (count !== 'all' && count < 1) {
        problems.push({ code: 'bad-count', message: 'a count is 1 or more', line, column: col });
        continue;
      }
      const type = lookupUnitType(im[2]!, allowed);
      if (!type.ok) {
        problems.push({ code: type.code, message: type.message, line, column: typeCol, ...(type.suggestion ? { suggestion: type.suggestion } : {}) });
        continue;
      }
      const before = units[type.id];
      if (before === 'all' || (before !== undefined && count === 'all')) {
        problems.push({ code: 'all-and-count', message: `${unitWord(type.id, 2)} are named twice, once as 'all'`, line, column: col });
        continue;
      }
      units[type.id] = count === 'all' ? 'all' : (before ?? 0) + count;
    }
  }
  if (!problems.length && Object.keys(units).length === 0) problems.push({ code: 'missing-units', message: "which units? e.g. '3 infantry, 1 artillery' or 'all'", line, column });
  return problems.length ? problems : units;
}

/** Check a JSON unit selection: 'all' or { type: count | 'all' }. */
export function checkUnitSelection(value: unknown, path: readonly (string | number)[], allowed: readonly string[]): UnitSelection | Problem[] {
  if (value === 'all') return 'all';
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    return [{ code: 'missing-units', message: 'units is "all" or an object of unit type to count, e.g. { "infantry": 3, "artillery": "all" }', path: jsonPath(path) }];
  }
  const problems: Problem[] = [];
  const units: UnitCounts = {};
  for (const [type, count] of Object.entries(value as Record<string, unknown>)) {
    if (!allowed.includes(type)) {
      const known = unitTable().byId.has(type as never);
      const suggestion = known ? undefined : closestName(type, allowed);
      problems.push({
        code: known ? 'unit-cannot-move' : 'unknown-unit',
        message: known ? `${type} cannot be ordered here: only ${allowed.join(', ')}` : `there is no unit type '${type}'`,
        path: jsonPath([...path, type]),
        ...(suggestion ? { suggestion } : {}),
      });
      continue;
    }
    if (count === 'all' || (typeof count === 'number' && Number.isInteger(count) && count >= 1)) units[type] = count;
    else problems.push({ code: 'bad-count', message: 'a count is a whole number of 1 or more, or "all"', path: jsonPath([...path, type]) });
  }
  return problems.length ? problems : units;
}

/**
 * 'units [of nation]' as typed in an order: the unit list (among `allowed` types) and, when the units are another
 * nation's (a government in exile's, a minor the seat controls), that nation. Problems carry their columns.
 */
export function unitsOfNation(text: string, line: number, column: number, ctx: Ctx, allowed: readonly string[]): { units: UnitSelection; nation?: string } | Problem[] {
  let unitsText = text;
  let nation: string | undefined;
  const problems: Problem[] = [];
  const of = /^(.*?)\s+of\s+(.+)$/i.exec(text);
  if (of) {
    unitsText = of[1]!;
    const n = lookupNation(ctx.state, of[2]!);
    if (n.ok) {
      if (n.id !== ctx.seat) nation = n.id;
    } else problems.push({ code: 'unknown-nation', message: n.message, line, column: column + unitsText.length + 4, ...(n.suggestion ? { suggestion: n.suggestion } : {}) });
  }
  const units = parseUnitList(unitsText, line, column, allowed);
  if (Array.isArray(units)) problems.push(...units);
  if (problems.length || Array.isArray(units)) return problems;
  return { units, ...(nation ? { nation } : {}) };
}

/** The optional JSON field `nation` of an order: a nation of the game other than the seat's own, or a problem pushed. */
export function jsonNationField(item: Record<string, unknown>, path: readonly (string | number)[], ctx: Ctx, problems: Problem[]): string | undefined {
  const n = item['nation'];
  if (n === undefined) return undefined;
  if (typeof n !== 'string' || !(nationOf(ctx.state, n) || ctx.state.minors.some((m) => m.id === n))) {
    const suggestion = typeof n === 'string' ? closestName(n, [...ctx.state.nations, ...ctx.state.minors].map((x) => x.id)) : undefined;
    problems.push({ code: 'unknown-nation', message: `there is no nation '${String(n)}'`, path: jsonPath([...path, 'nation']), ...(suggestion ? { suggestion } : {}) });
    return undefined;
  }
  return n !== ctx.seat ? n : undefined;
}

/** The units of a selection among `units` (those not in `used`): for each type named, so many (or all) of them; in id order. */
export function pickUnits(units: readonly BoardUnit[], selection: UnitSelection, used: ReadonlySet<string> = new Set()): BoardUnit[] {
  const free = units.filter((u) => !used.has(u.id));
  if (selection === 'all') return free.sort(unitOrder);
  const out: BoardUnit[] = [];
  for (const [type, n] of Object.entries(selection)) {
    const ofType = free.filter((u) => u.type === type);
    out.push(...(n === 'all' ? ofType : ofType.slice(0, n)));
  }
  return out.sort(unitOrder);
}

/** A problem for each field of a JSON order that its kind does not have, with the closest field it does. */
export function unknownFieldProblems(item: Record<string, unknown>, path: readonly (string | number)[], fields: readonly string[], what: string): Problem[] {
  return Object.keys(item)
    .filter((k) => !fields.includes(k))
    .map((key) => {
      const suggestion = closestName(key, fields);
      return { code: 'unknown-field', message: `${what} has no field '${key}'`, path: jsonPath([...path, key]), ...(suggestion ? { suggestion } : {}) };
    });
}

/** A nation named by a player: a major or a minor, by name, id or abbreviation. */
export function lookupNation(state: GreatWarState, typed: string): { ok: true; id: string } | { ok: false; message: string; suggestion?: string } {
  const index = nameIndex([...state.nations, ...state.minors].map((n) => ({ id: n.id, name: n.name, aliases: [n.abbreviation] })));
  const r = index.lookup(typed);
  if (r.ok) return { ok: true, id: r.id };
  if (r.reason === 'ambiguous') return { ok: false, message: `'${typed}' could be ${r.names.join(', ')}` };
  return { ok: false, message: `there is no nation '${typed}'`, ...(r.suggestion ? { suggestion: r.suggestion } : {}) };
}

/** A nation from what a player typed: its id, or the located problem with the closest name. */
export function nationAt(state: GreatWarState, typed: string, line: number, column: number): string | Problem {
  const found = lookupNation(state, typed);
  if (found.ok) return found.id;
  return { code: 'unknown-nation', message: found.message, line, column, ...(found.suggestion !== undefined ? { suggestion: found.suggestion } : {}) };
}

/**
 * A nation id of a JSON order: one of `ids` (every nation, major or minor, by default), or the problem at `path` with
 * the closest id; `expected` says what the field holds ('to is the minor nation aided, e.g. "persia"').
 */
export function nationIdAt(state: GreatWarState, value: unknown, path: readonly (string | number)[], expected: string, ids: readonly string[] = [...state.nations, ...state.minors].map((n) => n.id)): string | Problem {
  if (typeof value === 'string' && ids.includes(value)) return value;
  const suggestion = typeof value === 'string' ? closestName(value, ids) : undefined;
  return { code: 'unknown-nation', message: typeof value === 'string' ? `there is no nation '${value}' here: ${expected}` : expected, path: jsonPath(path), ...(suggestion ? { suggestion } : {}) };
}

/** A land territory from what a player typed, as a problem at `column` if it is not one. */
export function territoryAt(typed: string, line: number, column: number, world: WorldMap): string | Problem {
  const r = lookupArea(typed, { world });
  if (r.ok && r.kind === 'land') return r.id;
  if (r.ok) return { code: 'not-a-territory', message: `${r.name} is a sea zone: land units move between land territories`, line, column };
  if (r.reason === 'ambiguous') return { code: 'ambiguous-area', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name`, line, column };
  return { code: 'unknown-area', message: `there is no territory '${typed}'`, line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) };
}

/** A JSON territory id, or a problem at `path`. */
export function territoryIdAt(value: unknown, path: readonly (string | number)[], world: WorldMap, what: string): string | Problem {
  if (typeof value !== 'string') return { code: `missing-${what}`, message: `${what} is a territory id, e.g. "cologne"`, path: jsonPath(path) };
  if (world.territory.has(value)) return value;
  if (world.sea.has(value)) return { code: 'not-a-territory', message: `${world.names.get(value)} is a sea zone: land units move between land territories`, path: jsonPath(path) };
  const suggestion = closestName(value, world.territory.keys());
  return { code: 'unknown-area', message: `there is no territory '${value}'`, path: jsonPath(path), ...(suggestion ? { suggestion } : {}) };
}

/** Display names for formatting orders. */
export const areaDisplay = (id: string, world: WorldMap = theWorld()): string => world.names.get(id) ?? id;

/** '3 infantry, all artillery' or 'all', as the text form writes it. */
export function formatSelection(units: UnitSelection): string {
  if (units === 'all') return 'all';
  return Object.entries(units)
    .map(([type, n]) => (n === 'all' ? `all ${unitWord(type, 2)}` : `${n} ${unitWord(type, n)}`))
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// The ledger: which units the orders of a turn have taken.

/** Units that orders of some kinds take for the turn: land units (moves, rail moves) or aircraft (missions). */
export interface UnitPool {
  /** The order kinds that take units of this pool; a unit takes one such order a turn. */
  readonly kinds: readonly string[];
  /** A nation's units of the pool in a territory, in id order. */
  readonly unitsAt: (state: GreatWarState, nation: string, territory: string) => BoardUnit[];
  /** 'land units', 'aircraft'. */
  readonly what: string;
  /** Why units counted twice are refused: ', 3 of them already ordered elsewhere'. */
  readonly elsewhere: string;
}

export const LAND_POOL: UnitPool = { kinds: ['move', 'strategic', 'embark'], unitsAt: landUnitsAt, what: 'land units', elsewhere: 'already ordered elsewhere' };

type PoolOrder = { kind: string; nation?: string; from: string; units: UnitSelection };

/** What earlier admitted orders took from a nation's units in a territory: counts by type, and the types taken 'all'. */
function taken(ledger: Ledger, seat: string, nation: string, from: string, kinds: readonly string[]): { counts: Map<string, number>; all: Set<string> | 'every' } {
  const counts = new Map<string, number>();
  let all: Set<string> | 'every' = new Set<string>();
  for (const o of ledger.admitted as (AnyOrder & Partial<PoolOrder> & { at?: string })[]) {
    // Orders name the units' place as `from` (moves, flights, sailings) or `at` (repairs).
    if (!kinds.includes(o.kind) || (o.from ?? o.at) !== from || (o.nation ?? seat) !== nation || !o.units) continue;
    if (o.units === 'all') all = 'every';
    else {
      for (const [type, n] of Object.entries(o.units)) {
        if (n === 'all') {
          if (all !== 'every') all.add(type);
        } else counts.set(type, (counts.get(type) ?? 0) + n);
      }
    }
  }
  return { counts, all };
}

/**
 * Why the units an order names are not there for it: the seat must command the nation, the nation must have them
 * in the territory, and earlier orders of the turn must not have taken them; one 'all' per type and territory.
 * Returns the unit types the order concerns (for 'all': every movable type the nation has there).
 */
export function unitsRefusal(order: PoolOrder, ledger: Ledger, state: GreatWarState, seat: NationState, world: WorldMap, pool: UnitPool = LAND_POOL): Refusal | { types: string[] } {
  const nation = order.nation ?? seat.id;
  if (commanderOf(state, nation) !== seat.id) {
    return { code: 'not-your-units', message: `${seat.name} does not command the units of ${nationName(state, nation)}`, field: 'nation' };
  }
  const here = pool.unitsAt(state, nation, order.from);
  const have = countByType(here);
  const where = world.names.get(order.from) ?? order.from;
  const before = taken(ledger, seat.id, nation, order.from, pool.kinds);
  if (order.units === 'all') {
    if (here.length === 0) return { code: 'no-units', message: `${nationName(state, nation)} has no ${pool.what} in ${where}`, field: 'units' };
    const anyAll = before.all === 'every' || before.all.size > 0;
    if (anyAll) return { code: 'already-ordered', message: `the units in ${where} are already taken by an order for 'all' of them`, field: 'units' };
    return { types: Object.keys(have) };
  }
  for (const [type, n] of Object.entries(order.units)) {
    const count = have[type] ?? 0;
    if (n === 'all') {
      // An order for 'all' takes what the orders by count leave; two of them cannot share.
      if (before.all === 'every' || before.all.has(type)) {
        return { code: 'already-ordered', message: `all ${unitWord(type, 2)} in ${where} are already taken by an earlier order`, field: 'units' };
      }
      if (count === 0) return { code: 'no-units', message: `${nationName(state, nation)} has no ${unitWord(type, 2)} in ${where}`, field: 'units' };
      continue;
    }
    const used = before.counts.get(type) ?? 0;
    if (n > count - used) {
      const more = used ? `, ${used} of them ${pool.elsewhere}` : '';
      return { code: 'not-enough-units', message: `${nationName(state, nation)} has ${count ? `${count} ${unitWord(type, count)}` : `no ${unitWord(type, 2)}`} in ${where}${more}; the order names ${n}`, field: 'units' };
    }
  }
  return { types: Object.keys(order.units) };
}

// ---------------------------------------------------------------------------------------------------------------
// The move order.

const MOVE_RE = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s*(?:->|\s+to\s+)(?<to>.+?)(?:\s+via\s+(?<via>.+))?$/di;

/** Parse 'units [of nation] from X to Y [via Z, ...]' (moves) or without via (strategic moves). */
export function parseUnitsFromTo(
  rest: string,
  at: TextPosition,
  ctx: Ctx,
  example: string,
  allowVia: boolean,
  allowed: readonly string[] = movableLandTypes(),
): { units: UnitSelection; nation?: string; from: string; to: string; via?: string[] } | Problem[] {
  const world = theWorld(ctx.state.scenario);
  const m = MOVE_RE.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
  if (!m || !m.groups) return [{ code: 'bad-move', message: `a move reads '${example}' (or 'from X -> Y')`, line: at.line, column: at.column }];
  const g = m.groups as Record<string, string | undefined>;
  const col = (name: string) => at.column + (m.indices.groups[name]?.[0] ?? 0);
  const problems: Problem[] = [];
  const u = unitsOfNation(g['units']!, at.line, col('units'), ctx, allowed);
  if (Array.isArray(u)) problems.push(...u);
  const from = territoryAt(g['from']!, at.line, col('from'), world);
  if (typeof from !== 'string') problems.push(from);
  const to = territoryAt(g['to']!, at.line, col('to'), world);
  if (typeof to !== 'string') problems.push(to);
  const via: string[] = [];
  if (g['via'] !== undefined) {
    if (!allowVia) problems.push({ code: 'no-via', message: 'a strategic move finds its own way; it takes no via', line: at.line, column: col('via') });
    else {
      let offset = col('via');
      for (const part of g['via'].split(',')) {
        const name = part.trim();
        const t = territoryAt(name, at.line, offset + (part.length - part.trimStart().length), world);
        if (typeof t === 'string') via.push(t);
        else problems.push(t);
        offset += part.length + 1;
      }
    }
  }
  if (problems.length || Array.isArray(u) || typeof from !== 'string' || typeof to !== 'string') return problems;
  return { units: u.units, ...(u.nation ? { nation: u.nation } : {}), from, to, ...(via.length ? { via } : {}) };
}

/** Check the JSON fields of a move or strategic order. */
export function checkUnitsFromTo(
  item: Record<string, unknown>,
  path: readonly (string | number)[],
  ctx: Ctx,
  what: string,
  allowVia: boolean,
  allowed: readonly string[] = movableLandTypes(),
  extraFields: readonly string[] = [],
): (UnitsOrder & { to: string; via?: string[] }) | Problem[] {
  const world = theWorld(ctx.state.scenario);
  const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'from', 'to', 'units', ...(allowVia ? ['via'] : []), ...extraFields], `a ${what} order`);
  const nation = jsonNationField(item, path, ctx, problems);
  const from = territoryIdAt(item['from'], [...path, 'from'], world, 'from');
  if (typeof from !== 'string') problems.push(from);
  const to = territoryIdAt(item['to'], [...path, 'to'], world, 'to');
  if (typeof to !== 'string') problems.push(to);
  const units = checkUnitSelection(item['units'], [...path, 'units'], allowed);
  if (Array.isArray(units)) problems.push(...units);
  const via: string[] = [];
  if (allowVia && item['via'] !== undefined) {
    if (!Array.isArray(item['via']) || item['via'].length === 0) problems.push({ code: 'bad-via', message: 'via is a list of territory ids', path: jsonPath([...path, 'via']) });
    else
      item['via'].forEach((v: unknown, i: number) => {
        const t = territoryIdAt(v, [...path, 'via', i], world, 'via');
        if (typeof t === 'string') via.push(t);
        else problems.push(t);
      });
  }
  if (problems.length || Array.isArray(units) || typeof from !== 'string' || typeof to !== 'string') return problems;
  return { kind: what === 'move' ? 'move' : 'strategic', ...(nation ? { nation } : {}), from, to, units, ...(via.length ? { via } : {}) };
}

/** The unit types of a selection that the nation has in the territory (for 'all': every movable type there). */
function selectionTypes(state: GreatWarState, nation: string, from: string, units: UnitSelection): string[] {
  return units === 'all' ? Object.keys(countByType(landUnitsAt(state, nation, from))) : Object.keys(units);
}

/**
 * The types of a move that can go: for a list of types, all or nothing; for 'all' (whole or by type), each type
 * that can make the move goes and the others stay (in the unit table's order, each added while the move stays legal).
 */
function movingTypes(state: GreatWarState, world: WorldMap, presence: ReadonlyMap<string, ReadonlySet<string>>, nation: string, order: MoveOrder, types: readonly string[]): { types: string[]; check: MoveCheck } {
  const flexible = (type: string) => order.units === 'all' || order.units[type] === 'all';
  const fixed = types.filter((t) => !flexible(t));
  const check = checkMove(state, world, presence, nation, order.from, order.to, order.via, fixed.length ? fixed : types.slice(0, 1));
  if (!check.ok && fixed.length) return { types: [], check };
  return addWhileLegal(fixed, types.filter(flexible), check, (going) => checkMove(state, world, presence, nation, order.from, order.to, order.via, going));
}

/**
 * The types that go when some are named in full ('all'): starting from `fixed`, each of `flexible` in turn joins
 * while `check` still passes. The check of what goes, or, if nothing goes, why the first flexible type could not.
 */
export function addWhileLegal<C extends { readonly ok: boolean }>(fixed: readonly string[], flexible: readonly string[], start: C, check: (types: readonly string[]) => C): { types: string[]; check: C } {
  let last = start;
  const going = [...fixed];
  let first: C | undefined;
  for (const t of flexible) {
    const c = check([...going, t]);
    if (c.ok) {
      going.push(t);
      last = c;
    } else first ??= c;
  }
  if (!going.length) return { types: [], check: first ?? last };
  return { types: going, check: last };
}

export const moveSpec: OrderSpec<MoveOrder> = {
  kind: 'move',
  words: ['move'],
  example: 'move 3 infantry, 1 artillery from Cologne to Liege',
  parseText(rest, at, ctx) {
    const r = parseUnitsFromTo(rest, at, ctx, 'move 3 infantry, 1 artillery from Cologne to Liege', true);
    return Array.isArray(r) ? r : { kind: 'move', ...(r.nation ? { nation: r.nation } : {}), from: r.from, to: r.to, units: r.units, ...(r.via ? { via: r.via } : {}) };
  },
  checkJson(item, path, ctx) {
    const r = checkUnitsFromTo(item, path, ctx, 'move', true);
    return Array.isArray(r) ? r : ({ ...r, kind: 'move' } as MoveOrder);
  },
  format(order) {
    const world = theWorld();
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    const via = order.via?.length ? ` via ${order.via.map((v) => areaDisplay(v, world)).join(', ')}` : '';
    return `move ${formatSelection(order.units)}${of} from ${areaDisplay(order.from, world)} to ${areaDisplay(order.to, world)}${via}`;
  },
  refusal(order, ledger, ctx, nation) {
    const world = theWorld(ctx.state.scenario);
    const units = unitsRefusal(order, ledger, ctx.state, nation, world);
    if ('code' in units) return units;
    const who = order.nation ?? nation.id;
    const moving = movingTypes(ctx.state, world, presenceFor(ctx), who, order, units.types);
    if (!moving.check.ok && !moving.types.length) return { code: moving.check.code, message: moving.check.message, ...(moving.check.field ? { field: moving.check.field } : {}) };
    return chinaAttackRefusal(ctx.state, ledger, nation.id, order); // China's restrictions (GW-NEUT-CHN-10..12)
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    return moveCandidates(ctx.state, nation, ledger.admitted.length + ctx.step.turn);
  },
  candidatesAt: (_ledger, ctx, nation, area) => moveCandidatesFrom(ctx.state, nation, area),
};

/** Areas within `steps` borders of `from` over the given links, `from` left out, in id order. */
export function areasWithin(world: WorldMap, from: string, steps: number, links: readonly string[]): string[] {
  const seen = new Set([from]);
  let frontier = [from];
  for (let i = 0; i < steps; i++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of world.graph.neighbours(id, links as never)) {
        if (seen.has(n.id)) continue;
        seen.add(n.id);
        next.push(n.id);
      }
    }
    frontier = next;
  }
  seen.delete(from);
  return [...seen].sort();
}

/**
 * Every move of a nation's stack in `from` a client offers when the territory is clicked: all units of one type to
 * each territory within that type's move; the order language keeps the legal ones.
 */
export function moveCandidatesFrom(state: GreatWarState, nation: NationState, from: string): MoveOrder[] {
  const world = theWorld(state.scenario);
  if (!world.territory.has(from)) return [];
  const counts = new Map<string, number>();
  for (const u of state.board.units) if (u.at === from && u.nation === nation.id && u.aboard === undefined && movableLandTypes().includes(u.type)) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  const out: MoveOrder[] = [];
  for (const [type, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const move = unitStats(state, nation, type as never).move ?? 0;
    for (const to of areasWithin(world, from, move, LINK_KINDS)) out.push({ kind: 'move', from, to, units: { [type]: count } });
  }
  return out;
}

/**
 * A few moves to offer a bot or a client (legalActions stays fast): one unit of one type from up to two stacks on
 * a front (a neighbour held by an enemy) to an enemy neighbour, and from up to two other stacks to a friendly
 * neighbour, rotating with `seed` so that different stacks come up.
 */
export function moveCandidates(state: GreatWarState, nation: NationState, seed: number): MoveOrder[] {
  const world = theWorld(state.scenario);
  const stacks = new Map<string, string[]>();
  const movable = movableLandTypes();
  for (const u of state.board.units) {
    if (u.nation !== nation.id || !movable.includes(u.type)) continue;
    const types = stacks.get(u.at) ?? [];
    if (!types.includes(u.type)) types.push(u.type);
    stacks.set(u.at, types);
  }
  const ids = [...stacks.keys()].sort();
  const neighbours = (id: string) => world.graph.neighbours(id, LINK_KINDS).map((n) => n.id);
  const rel = (id: string) => relation(state, nation.id, state.board.territories[id]?.owner ?? '');
  const front = ids.filter((id) => neighbours(id).some((n) => rel(n) === 'hostile'));
  const rear = ids.filter((id) => !front.includes(id));
  const out: MoveOrder[] = [];
  const pick = <T>(list: readonly T[], k: number, n: number): T[] => (list.length ? Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(k + i * 7) % list.length]!) : []);
  for (const [list, want] of [
    [front, 'hostile'],
    [rear, 'friendly'],
  ] as const) {
    for (const from of pick(list, seed, 2)) {
      const types = stacks.get(from)!;
      const type = types[seed % types.length]!;
      for (const to of pick(
        neighbours(from).filter((n) => rel(n) === want),
        seed,
        2,
      )) {
        out.push({ kind: 'move', from, to, units: { [type]: 1 } });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 8.

/** The orders of one kind from a seat's orders. */
export function ordersOf<T extends AnyOrder>(orders: GreatWarOrders | undefined, kind: T['kind']): T[] {
  return (orders?.orders ?? []).filter((o): o is T => o.kind === kind);
}

/** Report an order that cannot be carried out (D-SIM-24): it is void, never a crash. */
export function voidOrder(ctx: PhaseContext, phase: string, nation: string, order: string, code: string, reason: string): void {
  ctx.emit({ type: 'order-void', phase, nation, order, code, reason });
}

/** Whether a seat commands a nation's units (commanderOf); if not, its order is reported void ('not-your-units'). */
export function commandsOrVoid(state: GreatWarState, ctx: PhaseContext, phase: string, seat: NationState, nation: string, text: string, what = 'units'): boolean {
  if (commanderOf(state, nation) === seat.id) return true;
  voidOrder(ctx, phase, seat.id, text, 'not-your-units', `${seat.name} does not command the ${what} of ${nationName(state, nation)}`);
  return false;
}

/** The camp of a nation in a battle: its side of the war, or itself when it is neutral (GW-COMBAT-04, D-SIM-9). */
export function campOf(state: GreatWarState, nation: string): string {
  const side = sideOf(state, nation);
  return side && side !== 'neutral' ? `side:${side}` : `nation:${nation}`;
}

interface Plan {
  readonly seat: string;
  readonly nation: string;
  readonly order: MoveOrder;
  readonly units: BoardUnit[];
  readonly path: readonly string[];
  readonly hostile: boolean;
  readonly missing: Record<string, number>;
  readonly stayed: Record<string, number>;
}

/** The 'land-movement' phase (phase 8): every seat's moves at once (decisions D-SIM-1 to D-SIM-8). */
export function resolveLandMovement(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  state.land = emptyLandTurn();
  const presence = presenceOf(state);
  const used = new Set<string>();
  const plans: Plan[] = [];
  for (const seat of state.nations) {
    const given = orders.get(seat.id);
    const moves = ordersOf<MoveOrder>(given, 'move');
    if (!moves.length) continue;
    // Units a strategic order of the seat names by count are not swept up by a move of 'all' (they stay for phase 11).
    const reserved = new Map<string, number>();
    for (const s of ordersOf<UnitsOrder & AnyOrder>(given, 'strategic')) {
      if (s.units === 'all') continue;
      for (const [type, n] of Object.entries(s.units)) if (n !== 'all') reserved.set(`${s.nation ?? seat.id}|${s.from}|${type}`, (reserved.get(`${s.nation ?? seat.id}|${s.from}|${type}`) ?? 0) + n);
    }
    const isAll = (o: MoveOrder) => o.units === 'all' || Object.values(o.units).includes('all');
    for (const order of [...moves.filter((o) => !isAll(o)), ...moves.filter(isAll)]) {
      const text = moveSpec.format(order);
      const nation = order.nation ?? seat.id;
      if (!commandsOrVoid(state, ctx, 'land-movement', seat, nation, text)) continue;
      const free = landUnitsAt(state, nation, order.from).filter((u) => !used.has(u.id));
      const types = selectionTypes(state, nation, order.from, order.units).filter((t) => free.some((u) => u.type === t) || (order.units !== 'all' && order.units[t] !== 'all'));
      const moving = movingTypes(state, world, presence, nation, order, types.filter((t) => free.some((u) => u.type === t)));
      if (!moving.types.length || !moving.check.ok) {
        const reason = moving.check.ok ? `${nationName(state, nation)} has none of these units left in ${world.names.get(order.from)}` : moving.check.message;
        voidOrder(ctx, 'land-movement', seat.id, text, moving.check.ok ? 'no-units' : moving.check.code, reason);
        continue;
      }
      const units: BoardUnit[] = [];
      const missing: Record<string, number> = {};
      const stayed: Record<string, number> = {};
      for (const type of types) {
        const ofType = free.filter((u) => u.type === type);
        const wanted = order.units === 'all' ? 'all' : order.units[type]!;
        if (!moving.types.includes(type)) {
          if (wanted === 'all') stayed[type] = ofType.length;
          else missing[type] = wanted;
          continue;
        }
        if (wanted === 'all') {
          const keep = reserved.get(`${nation}|${order.from}|${type}`) ?? 0;
          units.push(...ofType.slice(0, Math.max(0, ofType.length - keep)));
        } else {
          units.push(...ofType.slice(0, wanted));
          if (ofType.length < wanted) missing[type] = wanted - ofType.length;
        }
      }
      if (!units.length) {
        voidOrder(ctx, 'land-movement', seat.id, text, 'no-units', `${nationName(state, nation)} has none of these units left in ${world.names.get(order.from)}`);
        continue;
      }
      for (const u of units) used.add(u.id);
      plans.push({ seat: seat.id, nation, order, units, path: moving.check.path, hostile: moving.check.hostile, missing, stayed });
    }
  }

  // Aircraft fly in the same phase (GW-P08-LANDMOVE-01), checked against the same start (D-AIR-1); troops aboard transports land (D-NAV-22).
  const flights = planFlights(state, orders, ctx, world);
  const landings = planLandings(state, orders, ctx, world);

  // All units leave, then all arrive (D-SIM-2). Artillery ordered into a hostile territory stays and fires (D-SIM-12).
  for (const plan of plans) {
    const entry = plan.path[plan.path.length - 2]!;
    const artillery = plan.hostile ? plan.units.filter((u) => u.type === 'artillery') : [];
    const movers = plan.units.filter((u) => !artillery.includes(u));
    for (const u of artillery) state.land.support.push({ unit: u.id, from: plan.order.from, at: plan.order.to });
    for (const u of movers) state.land.moves.push({ unit: u.id, start: plan.order.from, from: entry, to: plan.order.to });
    for (const u of plan.units) state.land.acted.push(u.id);
  }
  for (const m of state.land.moves) state.board.units.find((u) => u.id === m.unit)!.at = m.to;
  for (const plan of plans) {
    const artillery = plan.hostile ? plan.units.filter((u) => u.type === 'artillery') : [];
    const movers = plan.units.filter((u) => !artillery.includes(u));
    if (movers.length) {
      ctx.emit({
        type: 'move',
        nation: plan.nation,
        from: plan.order.from,
        to: plan.order.to,
        ...(plan.path.length > 2 ? { path: [...plan.path] } : {}),
        units: countByType(movers),
        ids: movers.map((u) => u.id),
        ...(plan.hostile ? { attack: true } : {}),
        ...(Object.keys(plan.missing).length ? { missing: plan.missing } : {}),
        ...(Object.keys(plan.stayed).length ? { stayed: plan.stayed } : {}),
      });
    }
    if (artillery.length) {
      ctx.emit({ type: 'artillery-support', nation: plan.nation, from: plan.order.from, at: plan.order.to, units: artillery.length, ids: artillery.map((u) => u.id) });
    }
  }
  landTroops(state, landings, ctx);
  flyPlans(state, flights, ctx, world);
  settleArrivals(state, ctx, world);
  state.land.acted.sort();
  return state;
}

/**
 * Who stands in a territory against its holder after movement: the land units and aircraft at war with the holder
 * (the attackers), those allied to it (the defenders), and the camps the attackers belong to.
 */
export function contestOf(state: GreatWarState, area: string): { attackers: BoardUnit[]; defenders: BoardUnit[]; camps: Set<string> } {
  const holder = state.board.territories[area]!.owner;
  const here = state.board.units.filter((u) => u.at === area && isLandOrAir(u.type));
  const attackers = here.filter((u) => atWar(state, u.nation, holder));
  const defenders = here.filter((u) => allied(state, u.nation, holder));
  return { attackers, defenders, camps: new Set(attackers.map((u) => campOf(state, u.nation))) };
}

/**
 * After the arrivals: a hostile territory with no defenders and one camp of attackers is captured at once
 * (GW-P08-LANDMOVE-04, D-SIM-6); where defenders stand or rival attackers meet, there is a battle in phase 10.
 */
export function settleArrivals(state: GreatWarState, ctx: PhaseContext, world: WorldMap): void {
  const places = [...new Set([...state.land.moves.map((m) => m.to), ...state.land.support.map((s) => s.at)])].sort();
  const battles: string[] = [];
  for (const area of places) {
    const { attackers, defenders, camps } = contestOf(state, area);
    if (!attackers.length) continue;
    // Aircraft cannot capture (GW-P08-LANDMOVE-06): over an undefended territory they find nothing to fight (D-AIR-8).
    const troops = attackers.filter((u) => !isAircraft(u.type));
    // Troops landing from the sea meet the coastal defence even where nobody else defends (GW-P08-LANDMOVE-08, GW-P10-INV-09).
    const invaded = troops.some((u) => state.land.moves.some((m) => m.unit === u.id && m.to === area && world.sea.has(m.from)));
    if (!defenders.length && camps.size === 1 && !invaded) {
      if (troops.length) captureTerritory(state, area, troops, 'unopposed', ctx, world);
    } else battles.push(area);
  }
  state.land.battles = battles;
  const idle = state.land.support.filter((s) => !battles.includes(s.at));
  for (const [key, list] of groupBy(idle, (s) => `${s.from}|${s.at}`)) {
    const [from, at] = key.split('|') as [string, string];
    const unit = state.board.units.find((u) => u.id === list[0]!.unit);
    ctx.emit({ type: 'support-idle', nation: unit?.nation ?? '', from, at, units: list.length, reason: 'there is no battle there to fire into' });
  }
  state.land.support = state.land.support.filter((s) => battles.includes(s.at));
  checkConquests(state, ctx, world);
}

export function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) {
    const k = key(x);
    const l = out.get(k) ?? [];
    l.push(x);
    out.set(k, l);
  }
  return out;
}

/**
 * The land war's invariants (for src/invariants.ts): every land unit and aircraft stands in a territory held by
 * its nation or an ally (so no territory holds enemies of its holder between turns), none where terrain bars its
 * type, every trench guards a territory of its nation or an ally against a neighbour, the land turn's record is
 * empty between turns, and every conquered nation's host is a major ally.
 */
export function landInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const world = theWorld(state.scenario);
  for (const u of state.board.units) {
    if (!isLandOrAir(u.type) || !world.territory.has(u.at)) continue;
    const owner = state.board.territories[u.at]?.owner ?? '';
    if (!allied(state, u.nation, owner)) out.push(`unit ${u.id} (${u.nation} ${u.type}) stands in ${u.at}, held by ${owner}, which is not its ally`);
    if (barred(u.at, u.type)) out.push(`unit ${u.id} (${u.type}) stands in ${u.at}, where its type may not go`);
  }
  for (const t of state.board.trenches) {
    const owner = state.board.territories[t.territory]?.owner ?? '';
    if (!allied(state, t.nation, owner)) out.push(`${t.nation}'s trench in ${t.territory} guards a territory held by ${owner}, not an ally`);
    if (!world.graph.adjacent(t.territory, t.facing, LINK_KINDS)) out.push(`the trench in ${t.territory} faces ${t.facing}, which does not border it by land`);
  }
  // Naval invasions (D-NAV-20 onward): the coastal defence stands only during an invasion's battle; the bombard list lasts one turn.
  for (const u of state.board.units) if (u.type === COASTAL_DEFENCE) out.push(`a coastal defence unit (${u.id}) stands in ${u.at} between turns`);
  if (state.invasion.bombard.length) out.push('the naval invasion turn record is not empty between turns');
  const { acted, moves, support, battles } = state.land;
  if (acted.length || moves.length || support.length || battles.length) out.push('the land turn record is not empty between turns');
  const { taskForces, acted: sailed, battles: seaBattles, blockade } = state.sea;
  if (taskForces.length || sailed.length || seaBattles.length || blockade.length) out.push('the sea turn record is not empty between turns');
  const { flights, flown, strikes, bombed } = state.air;
  if (flights.length || flown.length || Object.keys(strikes).length || Object.keys(bombed).length) out.push('the air turn record is not empty between turns (every aircraft lands by the end of phase 10, bombing damage is taken in phase 14)');
  for (const [id, c] of Object.entries(state.conquered)) {
    if (!nationOf(state, id) && !state.minors.some((m) => m.id === id)) out.push(`unknown nation '${id}' is marked conquered`);
    if (c.host !== null && (!nationOf(state, c.host) || !allied(state, c.host, id) || c.host === id)) out.push(`${id}'s government in exile has host '${c.host}', not a major ally`);
  }
  return out;
}
