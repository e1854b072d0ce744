import { closestName, jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import { isAircraft } from '../base/counting.js';
import { lookupArea, nameIndex, type NameIndex } from './names.js';
import type { BoardUnit } from '../base/board.js';
import { commanderOf, nationName } from '../base/conquest.js';
import { clearedOnDataChange, unitTable } from '../data/load.js';
import type { WorldMap } from '../data/map.js';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, Ctx, GreatWarOrders, Ledger, Refusal, TextPosition } from './language.js';
import { terrainRules } from '../data/terrain.js';
import { theWorld } from '../data/world.js';
import { movableLandTypes, unitWord, countByType, unitOrder, landUnitsAt } from '../base/counting.js';

/**
 * The order grammar every order kind shares (GW-P08-LANDMOVE's unit lists first): unit lists and counts, nation
 * and territory phrases with the closest-name suggestion, from/to phrases, refusals, voided orders and the pools
 * of units an order may take from.
 */

/** How many units of each type an order names: a count or 'all'; or 'all' for every unit that can go. */
export type UnitCounts = { [type: string]: number | 'all' };

export type UnitSelection = UnitCounts | 'all';

/** Orders that take units from a territory for the turn (a unit takes one such order). */
export type UnitsOrder = { kind: 'move' | 'strategic'; nation?: string; from: string; units: UnitSelection };

/** Whether terrain bars a unit type from a territory (Switzerland, Afghanistan, Tibet: GW-TERR-10/14/23/24). */
export const barred = (territory: string, type: string): boolean => terrainRules[territory]?.barred.includes(type) ?? false;

// ---------------------------------------------------------------------------------------------------------------
// Reading unit lists, areas and nations.

let unitIndex: NameIndex | undefined;

export function unitNames(): NameIndex {
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

export type PoolOrder = { kind: string; nation?: string; from: string; units: UnitSelection };

/** What earlier admitted orders took from a nation's units in a territory: counts by type, and the types taken 'all'. */
export function taken(ledger: Ledger, seat: string, nation: string, from: string, kinds: readonly string[]): { counts: Map<string, number>; all: Set<string> | 'every' } {
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

export const MOVE_RE = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s*(?:->|\s+to\s+)(?<to>.+?)(?:\s+via\s+(?<via>.+))?$/di;

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

clearedOnDataChange(() => {
  unitIndex = undefined;
});
