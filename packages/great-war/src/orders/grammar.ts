import { checkUnitSelection as checkSelection, closestName, err, formatSelection as formatUnits, jsonPath, nameIndex, ok, parseUnitList as parseList, pickUnits as pick, fromToPhrase, taken, unknownFieldProblems, type NameIndex, type PhaseContext, type Problem, type Result, type UnitSelection, type UnitVocabulary } from '@umpire/engine';
import { isAircraft } from '../base/counting.js';
import { lookupArea } from './names.js';
import type { BoardUnit } from '../base/board.js';
import { commanderOf, nationName } from '../base/conquest.js';
import { clearedOnDataChange, unitTable } from '../data/load.js';
import type { WorldMap } from '../data/map.js';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { Ctx, Ledger, TextPosition } from './language.js';
import { terrainRules } from '../data/terrain.js';
import { theWorld } from '../data/world.js';
import { movableLandTypes, unitWord, countByType, unitOrder, landUnitsAt } from '../base/counting.js';

/**
 * The order grammar of The War to End All Wars (GW-P08-LANDMOVE's unit lists first), on the engine's grammar kit
 * (engine src/orders/grammar.ts): its unit types as players name them, nation and territory phrases with the
 * closest-name suggestion, moves' from/to phrases, the pools of units an order may take from, voided orders.
 */

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

/** A unit type from what a player typed (name, alias, id, abbreviation, plural), among the types `allowed`: its id, or the problem. */
export function lookupUnitType(typed: string, allowed: readonly string[], what = 'moves on land'): Result<string, Problem> {
  const index = unitNames();
  let r = index.lookup(typed);
  // Plurals: 'tanks', 'AA guns', 'artilleries'.
  for (const singular of [typed.trim().replace(/s$/i, ''), typed.trim().replace(/ies$/i, 'y')]) {
    if (r.ok || singular === typed.trim()) continue;
    const again = index.lookup(singular);
    if (again.ok) r = again;
  }
  if (r.ok) {
    if (allowed.includes(r.id)) return ok(r.id);
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
    return err({ code: 'unit-cannot-move', message: `${r.name}: ${why}` });
  }
  if (r.reason === 'ambiguous') return err({ code: 'ambiguous-unit', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name` });
  const names = allowed.flatMap((t) => [unitTable().byId.get(t as never)!.name, ...unitTable().byId.get(t as never)!.aliases].map((n) => [n, t] as const));
  const closest = closestName(typed, names.map(([n]) => n));
  const suggestion = closest === undefined ? undefined : unitTable().byId.get(names.find(([n]) => n === closest)![1] as never)!.name;
  return err({ code: 'unknown-unit', message: `there is no unit type '${typed}'`, ...(suggestion ? { suggestion } : {}) });
}

/** The game's unit types as orders name them (the unit table), for the engine's grammar of unit lists. */
export const unitVocabulary: UnitVocabulary = {
  lookup: (typed, allowed) => lookupUnitType(typed, allowed),
  known: (type) => unitTable().byId.has(type as never),
  word: unitWord,
  example: { text: '3 infantry, 1 artillery', json: '{ "infantry": 3, "artillery": "all" }' },
};

/** A list of units as typed ('3 infantry, all artillery', 'all'), the types among `allowed`; problems carry their columns. */
export function parseUnitList(text: string, line: number, column: number, allowed: readonly string[]): UnitSelection | Problem[] {
  return parseList(text, line, column, allowed, unitVocabulary);
}

/** Check a JSON unit selection: 'all' or { type: count | 'all' }. */
export function checkUnitSelection(value: unknown, path: readonly (string | number)[], allowed: readonly string[]): UnitSelection | Problem[] {
  return checkSelection(value, path, allowed, unitVocabulary);
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
  return pick(units, selection, unitOrder, used);
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
  return formatUnits(units, unitVocabulary);
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

/**
 * Why the units an order names are not there for it: the seat must command the nation, the nation must have them
 * in the territory, and earlier orders of the turn must not have taken them; one 'all' per type and territory.
 * Returns the unit types the order concerns (for 'all': every movable type the nation has there), or why not.
 */
export function checkOrderedUnits(order: PoolOrder, ledger: Ledger, state: GreatWarState, seat: NationState, world: WorldMap, pool: UnitPool = LAND_POOL): Result<string[], Problem> {
  const nation = order.nation ?? seat.id;
  if (commanderOf(state, nation) !== seat.id) {
    return err({ code: 'not-your-units', message: `${seat.name} does not command the units of ${nationName(state, nation)}`, field: 'nation' });
  }
  const here = pool.unitsAt(state, nation, order.from);
  const have = countByType(here);
  const where = world.names.get(order.from) ?? order.from;
  const before = taken(ledger, seat.id, nation, order.from, pool.kinds);
  if (order.units === 'all') {
    if (here.length === 0) return err({ code: 'no-units', message: `${nationName(state, nation)} has no ${pool.what} in ${where}`, field: 'units' });
    const anyAll = before.all === 'every' || before.all.size > 0;
    if (anyAll) return err({ code: 'already-ordered', message: `the units in ${where} are already taken by an order for 'all' of them`, field: 'units' });
    return ok(Object.keys(have));
  }
  for (const [type, n] of Object.entries(order.units)) {
    const count = have[type] ?? 0;
    if (n === 'all') {
      // An order for 'all' takes what the orders by count leave; two of them cannot share.
      if (before.all === 'every' || before.all.has(type)) {
        return err({ code: 'already-ordered', message: `all ${unitWord(type, 2)} in ${where} are already taken by an earlier order`, field: 'units' });
      }
      if (count === 0) return err({ code: 'no-units', message: `${nationName(state, nation)} has no ${unitWord(type, 2)} in ${where}`, field: 'units' });
      continue;
    }
    const used = before.counts.get(type) ?? 0;
    if (n > count - used) {
      const more = used ? `, ${used} of them ${pool.elsewhere}` : '';
      return err({ code: 'not-enough-units', message: `${nationName(state, nation)} has ${count ? `${count} ${unitWord(type, count)}` : `no ${unitWord(type, 2)}`} in ${where}${more}; the order names ${n}`, field: 'units' });
    }
  }
  return ok(Object.keys(order.units));
}

// ---------------------------------------------------------------------------------------------------------------
// The move order.

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
  const m = fromToPhrase(rest, at.column);
  if (!m) return [{ code: 'bad-move', message: `a move reads '${example}' (or 'from X -> Y')`, line: at.line, column: at.column }];
  const problems: Problem[] = [];
  const u = unitsOfNation(m.units.text, at.line, m.units.column, ctx, allowed);
  if (Array.isArray(u)) problems.push(...u);
  const from = territoryAt(m.from.text, at.line, m.from.column, world);
  if (typeof from !== 'string') problems.push(from);
  const to = territoryAt(m.to.text, at.line, m.to.column, world);
  if (typeof to !== 'string') problems.push(to);
  const via: string[] = [];
  if (m.via) {
    if (!allowVia) problems.push({ code: 'no-via', message: 'a strategic move finds its own way; it takes no via', line: at.line, column: m.via.column });
    else {
      for (const part of m.via.parts) {
        const t = territoryAt(part.text, at.line, part.column, world);
        if (typeof t === 'string') via.push(t);
        else problems.push(t);
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

// ---------------------------------------------------------------------------------------------------------------
// Phase 8.

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
