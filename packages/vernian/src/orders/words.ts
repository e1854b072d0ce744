import { closestName, normaliseName, type Problem } from '@umpire/engine';
import { forcesData, shelf } from '../data/files.js';
import { findHex } from '../base/hexes.js';
import { allUnits, knownUnit } from '../base/units.js';
import { allPieces, knownPiece, pieceType } from '../base/pieces.js';

/**
 * The words of vernian's orders: units by their id ('de-3') or their designation ('German 3rd Infantry Division'),
 * the variant's pieces by their id ('zep-6', 'fl-al-1', 'tank-al-1') or, for a piece alone of its kind, its name
 * ('Armored Front Buster', 'AFB'), hexes by id ('W7005') or place name ('Paris', 'Liege'),
 * lists separated by commas. Unknown names come back with the closest valid one.
 */

export interface Located {
  readonly line: number;
  readonly column: number;
}

const problem = (code: string, message: string, at: Located, suggestion?: string): Problem => ({
  code,
  message,
  line: at.line,
  column: at.column,
  ...(suggestion ? { suggestion } : {}),
});

// Unit ids and designations, normalised, to unit ids: worked out anew when the order of battle changes.
const unitNames = shelf.derive(
  () => new Map(forcesData().units.flatMap((u) => [[normaliseName(u.id), u.id] as const, [normaliseName(u.name), u.id] as const])),
);

/** A unit named in an order: its id or designation; a problem with the closest id when none matches. */
export function readUnit(text: string, at: Located): string | Problem {
  const t = text.trim();
  if (knownUnit(t.toLowerCase())) return t.toLowerCase();
  const id = unitNames().get(normaliseName(t));
  if (id) return id;
  const suggestion = closestName(
    t,
    [...allUnits()].map((u) => u.id),
  );
  return problem('unknown-unit', `no unit '${t}'`, at, suggestion);
}

/** A comma-separated list read item by item, each problem located at its item's column. */
function readList(text: string, at: Located, read: (item: string, at: Located) => string | Problem): string[] | Problem[] {
  const found: string[] = [];
  const problems: Problem[] = [];
  let column = at.column;
  for (const part of text.split(',')) {
    const lead = part.length - part.trimStart().length;
    const r = read(part, { line: at.line, column: column + lead });
    if (typeof r === 'string') found.push(r);
    else problems.push(r);
    column += part.length + 1;
  }
  return problems.length ? problems : found;
}

/** A comma-separated list of units ('de-3, de-4'), each located. */
export const readUnitList = (text: string, at: Located): string[] | Problem[] => readList(text, at, readUnit);

/** A hex named in an order: an id or a place name. */
export function readHex(text: string, at: Located): string | Problem {
  const r = findHex(text);
  return r.ok ? r.hex : problem('unknown-hex', r.message, at, r.suggestion);
}

/** A comma-separated list of hexes. */
export const readHexList = (text: string, at: Located): string[] | Problem[] => readList(text, at, readHex);

/** Split 'A to B via C' style text on a keyword, with the column where the part after it starts. */
export function splitOn(text: string, keyword: string, column: number): [string, string, number] | undefined {
  const m = new RegExp(`\\s${keyword}\\s`, 'i').exec(` ${text} `);
  if (!m) return undefined;
  const at = m.index;
  return [
    text.slice(0, Math.max(0, at - 1)).trim() === '' ? '' : text.slice(0, at).trimEnd(),
    text.slice(at + keyword.length + 1).trim(),
    column + at + keyword.length + 1,
  ];
}

/** JSON: a unit id field. */
export function checkUnitField(value: unknown, path: string): string | Problem {
  if (typeof value !== 'string') return { code: 'bad-field', message: 'a unit id (a string)', path };
  if (knownUnit(value)) return value;
  const suggestion = closestName(
    value,
    [...allUnits()].map((u) => u.id),
  );
  return { code: 'unknown-unit', message: `no unit '${value}'`, path, ...(suggestion ? { suggestion } : {}) };
}

/**
 * JSON: a list field read item by item (units, hexes), each problem at its item's path (`$.orders[0].units[1]`); the
 * ids read go to `into`, the problems to `problems`. A value that is no list adds nothing: the caller says what it wants.
 */
export function checkListField(
  value: unknown,
  path: string,
  check: (item: unknown, path: string) => string | Problem,
  into: string[],
  problems: Problem[],
): void {
  if (!Array.isArray(value)) return;
  value.forEach((item, i) => {
    const r = check(item, `${path}[${i}]`);
    if (typeof r === 'string') into.push(r);
    else problems.push(r);
  });
}

/** JSON: a hex field (an id or a place name, written back as the id). */
export function checkHexField(value: unknown, path: string): string | Problem {
  if (typeof value !== 'string') return { code: 'bad-field', message: 'a hex id or place name (a string)', path };
  const r = findHex(value);
  return r.ok ? r.hex : { code: 'unknown-hex', message: r.message, path, ...(r.suggestion ? { suggestion: r.suggestion } : {}) };
}

/** The names of pieces alone of their type ('Armored Front Buster', 'AFB' for afb-1), normalised, to their ids. */
const pieceNames = shelf.derive(() => {
  const byType = new Map<string, string[]>();
  for (const p of allPieces()) byType.set(p.type, [...(byType.get(p.type) ?? []), p.id]);
  const out = new Map<string, string>();
  for (const [type, ids] of byType) {
    if (ids.length !== 1) continue;
    const t = pieceType(type);
    out.set(normaliseName(t.label), ids[0]!);
    out.set(normaliseName(t.label.replace(/[^A-Z]/g, '')), ids[0]!);
  }
  return out;
});

/** A unit or one of the variant's pieces named in a `place` or `move` order; a problem with the closest id when none matches. */
export function readPlaceable(text: string, at: Located): string | Problem {
  const t = text.trim();
  if (knownPiece(t.toLowerCase())) return t.toLowerCase();
  const named = pieceNames().get(normaliseName(t));
  if (named) return named;
  const unit = readUnit(text, at);
  if (typeof unit === 'string') return unit;
  const suggestion = closestName(t, placeableIds());
  return problem('unknown-unit', `no unit or piece '${t}'`, at, suggestion);
}

/** A comma-separated list of units and pieces ('fr-3, tank-al-1'), each located. */
export const readPlaceableList = (text: string, at: Located): string[] | Problem[] => readList(text, at, readPlaceable);

/** JSON: a unit or piece id field. */
export function checkPlaceableField(value: unknown, path: string): string | Problem {
  if (typeof value === 'string' && knownPiece(value)) return value;
  const unit = checkUnitField(value, path);
  if (typeof unit === 'string' || typeof value !== 'string') return unit;
  const suggestion = closestName(value, placeableIds());
  return { code: 'unknown-unit', message: `no unit or piece '${value}'`, path, ...(suggestion ? { suggestion } : {}) };
}

const placeableIds = (): string[] => [...[...allUnits()].map((u) => u.id), ...[...allPieces()].map((p) => p.id)];
