/**
 * Clauses: GW-P03-BUILD (the build order), GW-TRENCH (trenches facing a neighbour).
 * The build order's language (phase 3): `build 3 infantry in Paris`, `build 1 trench in Verdun facing Metz`, `build 1
 * sonar in North Sea on cruiser`, as text with located problems or as JSON; unit types as typed (names, aliases,
 * plurals, unambiguous beginnings). What an order costs and whether it may be given is build.ts's.
 */
import { closestName, jsonPath, type Problem, nameIndex, type NameIndex } from '@umpire/engine';
import { lookupArea } from '../orders/names.js';
import { unitTable, clearedOnDataChange } from '../data/load.js';
import type { TextPosition } from '../orders/language.js';
import { unitTypes, type UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { mayGoOnShips } from '../sea/ship-equipment.js';
import { navalTypes } from '../sea/fleet.js';

export type BuildOrder = { kind: 'build'; unit: UnitType; count: number; at: string; facing?: string; on?: UnitType };

/** The most units one order may buy. */
export const MAX_BUILD_COUNT = 99;
/** The order as the rules' examples give it. */
export const BUILD_EXAMPLE = 'build 3 infantry in Paris';

let units: NameIndex<UnitType> | undefined;
const unitIndex = () => (units ??= nameIndex(unitTable().list.map((u) => ({ id: u.id, name: u.name, aliases: u.aliases }))));
clearedOnDataChange(() => {
  units = undefined;
});

/** A unit type from what a player typed: its name, an alias, its id, a plural or an unambiguous beginning. */
export function lookupUnit(typed: string) {
  const r = unitIndex().lookup(typed);
  if (r.ok || r.reason === 'ambiguous') return r;
  const t = typed.trim();
  for (const singular of [t.replace(/ies$/i, 'y'), t.replace(/es$/i, ''), t.replace(/s$/i, '')]) {
    if (singular === t) continue;
    const again = unitIndex().lookup(singular);
    if (again.ok) return again;
  }
  return r;
}

export const unitName = (unit: UnitType): string => unitTable().byId.get(unit)?.name ?? unit;

export const isTrench = (unit: UnitType) => unit === 'trench' || unit === 'super-trench';

/** Words of a line with their offsets. */
function words(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  for (const m of text.matchAll(/\S+/g)) out.push({ text: m[0], start: m.index });
  return out;
}

type Word = { text: string; start: number };
const span = (text: string, ws: readonly Word[]) => text.slice(ws[0]!.start, ws[ws.length - 1]!.start + ws[ws.length - 1]!.text.length);

function areaProblem(typed: string, line: number, column: number): { id: string } | Problem {
  const r = lookupArea(typed);
  if (r.ok) return { id: r.id };
  if (r.reason === 'ambiguous') return { code: 'ambiguous-area', message: `'${typed}' could be ${r.names.slice(0, 8).join(', ')}${r.names.length > 8 ? ` and ${r.names.length - 8} more` : ''}: type more of the name`, line, column };
  return { code: 'unknown-area', message: `there is no territory or sea zone '${typed}'`, line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) };
}

export function parseBuild(rest: string, at: TextPosition): BuildOrder | Problem[] {
  const { line } = at;
  const col = (offset: number) => at.column + offset;
  const example = BUILD_EXAMPLE;
  const ws = words(rest);
  if (ws.length === 0) return [{ code: 'missing-unit', message: `what to build, and where? e.g. '${example}'`, line, column: at.column }];
  const problems: Problem[] = [];
  let i = 0;
  let count = 1;
  if (/^\d+$/.test(ws[0]!.text)) {
    count = Number(ws[0]!.text);
    i = 1;
    if (count < 1 || count > MAX_BUILD_COUNT) problems.push({ code: 'bad-count', message: `build 1 to ${MAX_BUILD_COUNT} units in one order, not ${ws[0]!.text}`, line, column: col(ws[0]!.start) });
  }
  const prep = ws.findIndex((w, k) => k >= i && /^(in|at)$/i.test(w.text));
  const facingAt = prep < 0 ? -1 : ws.findIndex((w, k) => k > prep && /^facing$/i.test(w.text));
  const onAt = prep < 0 ? -1 : ws.findIndex((w, k) => k > prep && (facingAt < 0 || k < facingAt) && /^on$/i.test(w.text));
  const unitWords = ws.slice(i, prep < 0 ? ws.length : prep);
  let unit: UnitType | undefined;
  if (unitWords.length === 0) {
    problems.push({ code: 'missing-unit', message: `what to build? e.g. '${example}'`, line, column: col(prep < 0 ? rest.length : ws[prep]!.start) });
  } else {
    const typed = span(rest, unitWords);
    const r = lookupUnit(typed);
    const column = col(unitWords[0]!.start);
    if (r.ok) unit = r.id;
    else if (r.reason === 'ambiguous') problems.push({ code: 'ambiguous-unit', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name`, line, column });
    else problems.push({ code: 'unknown-unit', message: `there is no unit '${typed}'`, line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) });
  }
  if (prep < 0) {
    problems.push({ code: 'missing-place', message: `where? say 'in' and a territory or sea zone, e.g. '${example}'`, line, column: col(rest.length) });
    return problems;
  }
  const placeWords = ws.slice(prep + 1, onAt >= 0 ? onAt : facingAt < 0 ? ws.length : facingAt);
  let place: string | undefined;
  if (placeWords.length === 0) problems.push({ code: 'missing-place', message: `'${ws[prep]!.text}' where? e.g. '${example}'`, line, column: col(ws[prep]!.start) });
  else {
    const r = areaProblem(span(rest, placeWords), line, col(placeWords[0]!.start));
    if ('id' in r) place = r.id;
    else problems.push(r);
  }
  let on: UnitType | undefined;
  if (onAt >= 0) {
    const shipWords = ws.slice(onAt + 1, facingAt < 0 ? ws.length : facingAt).filter((w, k) => k > 0 || !/^(a|an|the)$/i.test(w.text));
    if (unit !== undefined && !mayGoOnShips(unit)) problems.push({ code: 'unexpected-on', message: `only radar, sonar, AA guns and fighters are fitted to ships; ${unitName(unit)} goes on no ship`, line, column: col(ws[onAt]!.start) });
    else if (shipWords.length === 0) problems.push({ code: 'missing-ship', message: `on which ship type? e.g. 'build 1 sonar in North Sea on cruiser'`, line, column: col(ws[onAt]!.start) });
    else {
      const typed = span(rest, shipWords);
      const r = lookupUnit(typed);
      const column = col(shipWords[0]!.start);
      if (r.ok && navalTypes().includes(r.id)) on = r.id;
      else if (r.ok) problems.push({ code: 'not-a-ship', message: `${unitName(r.id)} is no ship: name a ship type, e.g. 'on cruiser'`, line, column });
      else if (r.reason === 'ambiguous') problems.push({ code: 'ambiguous-unit', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name`, line, column });
      else {
        const suggestion = closestName(typed, navalTypes().map((t) => unitName(t as UnitType)));
        problems.push({ code: 'unknown-unit', message: `there is no ship type '${typed}'`, line, column, ...(suggestion ? { suggestion } : {}) });
      }
    }
  }
  let facing: string | undefined;
  if (facingAt >= 0) {
    const facingWords = ws.slice(facingAt + 1);
    if (unit !== undefined && !isTrench(unit)) problems.push({ code: 'unexpected-facing', message: `only a trench faces a territory; ${unitName(unit)} does not`, line, column: col(ws[facingAt]!.start) });
    else if (facingWords.length === 0) problems.push({ code: 'missing-facing', message: `facing which territory? e.g. 'build 1 trench in Verdun facing Metz'`, line, column: col(ws[facingAt]!.start) });
    else {
      const r = areaProblem(span(rest, facingWords), line, col(facingWords[0]!.start));
      if ('id' in r) facing = r.id;
      else problems.push(r);
    }
  } else if (unit !== undefined && isTrench(unit)) {
    problems.push({ code: 'missing-facing', message: `a trench guards a territory against one neighbour: say which, e.g. 'build 1 trench in Verdun facing Metz'`, line, column: col(rest.length) });
  }
  if (unit !== undefined && isTrench(unit) && count !== 1) problems.push({ code: 'one-trench-per-order', message: 'one trench marker per order: build 1', line, column: col(ws[0]!.start) });
  if (problems.length || unit === undefined || place === undefined) return problems;
  return { kind: 'build', unit, count, at: place, ...(facing !== undefined ? { facing } : {}), ...(on !== undefined ? { on } : {}) };
}

export function checkBuildJson(item: Record<string, unknown>, path: readonly (string | number)[]): BuildOrder | Problem[] {
  const world = theWorld();
  const problems: Problem[] = [];
  const at = (field: string) => jsonPath([...path, field]);
  for (const key of Object.keys(item)) {
    if (!['kind', 'unit', 'count', 'at', 'facing', 'on'].includes(key)) {
      const suggestion = closestName(key, ['unit', 'count', 'at', 'facing', 'on']);
      problems.push({ code: 'unknown-field', message: `a build order has no field '${key}'`, path: at(key), ...(suggestion ? { suggestion } : {}) });
    }
  }
  const unit = item['unit'];
  let unitId: UnitType | undefined;
  if (typeof unit !== 'string') problems.push({ code: 'missing-unit', message: 'a build order names a unit type id, e.g. "infantry"', path: at('unit') });
  else if (!(unitTypes as readonly string[]).includes(unit)) {
    const suggestion = closestName(unit, unitTypes);
    problems.push({ code: 'unknown-unit', message: `there is no unit type '${unit}'`, path: at('unit'), ...(suggestion ? { suggestion } : {}) });
  } else unitId = unit as UnitType;
  const count = item['count'] ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_BUILD_COUNT) {
    problems.push({ code: 'bad-count', message: `count is a whole number from 1 to ${MAX_BUILD_COUNT}`, path: at('count') });
  } else if (unitId !== undefined && isTrench(unitId) && count !== 1) problems.push({ code: 'one-trench-per-order', message: 'one trench marker per order: count 1', path: at('count') });
  const area = (field: string): string | undefined => {
    const v = item[field];
    if (typeof v !== 'string') {
      problems.push({ code: field === 'at' ? 'missing-place' : 'missing-facing', message: `${field} is an area id, e.g. "paris" or "north-sea"`, path: at(field) });
      return undefined;
    }
    if (!world.names.has(v)) {
      const suggestion = closestName(v, world.names.keys());
      problems.push({ code: 'unknown-area', message: `there is no territory or sea zone '${v}'`, path: at(field), ...(suggestion ? { suggestion } : {}) });
      return undefined;
    }
    return v;
  };
  const place = area('at');
  let facing: string | undefined;
  if (unitId !== undefined && isTrench(unitId)) facing = area('facing');
  else if (item['facing'] !== undefined) problems.push({ code: 'unexpected-facing', message: 'only a trench faces a territory', path: at('facing') });
  const on = item['on'];
  if (on !== undefined) {
    if (unitId !== undefined && !mayGoOnShips(unitId)) problems.push({ code: 'unexpected-on', message: `only radar, sonar, AA guns and fighters are fitted to ships; ${unitName(unitId)} goes on no ship`, path: at('on') });
    else if (typeof on !== 'string' || !navalTypes().includes(on)) {
      const suggestion = typeof on === 'string' ? closestName(on, navalTypes()) : undefined;
      problems.push({ code: 'not-a-ship', message: 'on is a ship type id, e.g. "cruiser" or "carrier"', path: at('on'), ...(suggestion ? { suggestion } : {}) });
    }
  }
  if (problems.length || unitId === undefined || place === undefined) return problems;
  return { kind: 'build', unit: unitId, count: count as number, at: place, ...(facing !== undefined ? { facing } : {}), ...(on !== undefined ? { on: on as UnitType } : {}) };
}
