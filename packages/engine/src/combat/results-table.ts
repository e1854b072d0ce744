import { closestName, type Problem } from '../problems.js';
import { err, ok, type Result } from '../result.js';
import { formatCombatResult, readColumnName, type CombatResult, type ResultsTable, type TableColumn } from './results-table-schema.js';

/**
 * Reading a combat results table (results-table-schema.ts): the column for an attack, column shifts, die-roll
 * modifiers and the result of a roll. No dice are thrown here: a ruleset passes the roll it made with ctx.roll, or a
 * callback that makes it (rollOnTable).
 *
 * Columns are thresholds: odds or a difference reads the column at or below it (rounding 'defender') or at or above
 * it (rounding 'attacker'), so 5 against 3 reads "3-2" where the table has it and "1-1" where its odds are whole
 * ratios. Past the ends the columns go on in whole steps ("7-1", "8-1" to the right of "6-1"; "1-4" to the left of
 * "1-3"; "+7" to the right of "+6"), so that shifts count from the true odds; the table's `beyond` rule applies to
 * where the attack ends up: read the end column ('clamp') or take the end's automatic result.
 */

/** Where an attack stands: an index into the table's columns (below 0 or past the last beyond its ends), and its name. */
export type ColumnPosition = {
  readonly index: number;
  readonly name: string;
};

/** The column a position reads: a column of the table, or an automatic result beyond an end. */
export type ColumnReading =
  | { readonly kind: 'column'; readonly index: number; readonly name: string }
  | { readonly kind: 'automatic'; readonly end: 'left' | 'right'; readonly result: CombatResult };

/** A roll on the table, as a ruleset records it. */
export type TableRoll = {
  /** The column read, or the position's name when the result is automatic. */
  readonly column: string;
  readonly automatic: boolean;
  /** Each die thrown (none for an automatic result). */
  readonly dice: number[];
  readonly roll: number | null;
  /** The roll plus the modifier, kept within the table's rows. */
  readonly modifiedRoll: number | null;
  readonly result: CombatResult;
  readonly notation: string;
};

/** The greatest whole N with N * y <= x (x >= 0, y > 0), checked by multiplying so that a quotient's rounding cannot mislead. */
function floorDiv(x: number, y: number): number {
  let n = Math.floor(x / y);
  while ((n + 1) * y <= x) n++;
  while (n * y > x) n--;
  return n;
}

/** The least whole N with N * y >= x (x >= 0, y > 0). */
function ceilDiv(x: number, y: number): number {
  let n = Math.ceil(x / y);
  while ((n - 1) * y >= x) n--;
  while (n * y < x) n++;
  return n;
}

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

type OddsColumn = Extract<TableColumn, { attack: number }>;
type DifferenceColumn = Extract<TableColumn, { difference: number }>;

/** The whole ratio the columns beyond the left end count from (1-N for N above it) and beyond the right (N-1). */
const oddsBases = (cols: readonly OddsColumn[]) => ({
  left: floorDiv(cols[0]!.defence, cols[0]!.attack),
  right: floorDiv(cols.at(-1)!.attack, cols.at(-1)!.defence),
});

/** The name of any position, the columns beyond the ends included. */
export function columnName(table: ResultsTable, index: number): string {
  const n = table.columns.length;
  if (index >= 0 && index < n) return table.columns[index]!;
  if (table.kind === 'odds') {
    const bases = oddsBases(table.columnKeys as readonly OddsColumn[]);
    return index < 0 ? `1-${bases.left - index}` : `${bases.right + index - n + 1}-1`;
  }
  const cols = table.columnKeys as readonly DifferenceColumn[];
  return signed(index < 0 ? cols[0]!.difference + index : cols.at(-1)!.difference + index - n + 1);
}

const at = (table: ResultsTable, index: number): ColumnPosition => ({ index, name: columnName(table, index) });

/** The position of odds of attack to defence (both above 0). */
function oddsIndex(table: ResultsTable, a: number, d: number): number {
  const cols = table.columnKeys as readonly OddsColumn[];
  const n = cols.length;
  const toDefender = table.rounding === 'defender';
  const below = (c: OddsColumn) => a * c.defence < d * c.attack;
  const above = (c: OddsColumn) => a * c.defence > d * c.attack;
  const bases = oddsBases(cols);
  if (below(cols[0]!)) {
    const worse = toDefender ? ceilDiv(d, a) : floorDiv(d, a);
    return worse > bases.left ? bases.left - worse : 0;
  }
  if (above(cols[n - 1]!)) {
    const better = toDefender ? floorDiv(a, d) : ceilDiv(a, d);
    return better > bases.right ? n - 1 + better - bases.right : n - 1;
  }
  return toDefender ? cols.findLastIndex((c) => !below(c)) : cols.findIndex((c) => !above(c));
}

/** The position of a difference of attack minus defence. */
function differenceIndex(table: ResultsTable, diff: number): number {
  const cols = table.columnKeys as readonly DifferenceColumn[];
  const n = cols.length;
  const toDefender = table.rounding === 'defender';
  const whole = toDefender ? Math.floor(diff) : Math.ceil(diff);
  const first = cols[0]!.difference;
  const last = cols[n - 1]!.difference;
  if (diff < first) return whole < first ? whole - first : 0;
  if (diff > last) return whole > last ? n - 1 + whole - last : n - 1;
  return toDefender ? cols.findLastIndex((c) => c.difference <= diff) : cols.findIndex((c) => c.difference >= diff);
}

/**
 * The column of an attack of `attack` against `defence` (strength points, whole or not): odds of attack to defence,
 * or attack minus defence, read by the table's rounding; beyond an end when the attack lies past it.
 */
export function columnFor(table: ResultsTable, attack: number, defence: number): Result<ColumnPosition, Problem> {
  for (const [what, v] of [['attack', attack], ['defence', defence]] as const) {
    if (!Number.isFinite(v) || v < 0) {
      return err({ code: 'bad-strength', message: `the ${what} strength is ${v}: expected a number of 0 or more` });
    }
  }
  if (table.kind === 'differential') return ok(at(table, differenceIndex(table, attack - defence)));
  if (defence === 0) {
    return err({ code: 'no-defence', message: 'odds need a defence strength above 0: an undefended hex is the ruleset\'s to settle' });
  }
  if (attack === 0) return err({ code: 'no-attack', message: 'odds need an attack strength above 0' });
  return ok(at(table, oddsIndex(table, attack, defence)));
}

/**
 * The position of a column named by a caller ("3-2", "+2"; "5" for "+5"), one past the ends ("8-1") included, or a
 * problem with the closest valid name.
 */
export function columnNamed(table: ResultsTable, name: string): Result<ColumnPosition, Problem> {
  const wanted = name.trim();
  const key = readColumnName(table.kind, wanted);
  if (key) {
    const index = 'attack' in key ? oddsIndex(table, key.attack, key.defence) : differenceIndex(table, key.difference);
    if (sameColumn(table, index, key)) return ok(at(table, index));
  }
  const suggestion = closestName(wanted, table.columns);
  const past = `${columnName(table, -1)}, ${columnName(table, table.columns.length)} and so on`;
  return err({
    code: 'unknown-column',
    message: `the table has no column "${wanted}": its columns are ${table.columns.join(', ')}, and past its ends ${past}`,
    ...(suggestion !== undefined ? { suggestion } : {}),
  });
}

/** Whether the column at `index` is the one named, and not just the one that reads it ("9-2" or "5-2" name no column). */
function sameColumn(table: ResultsTable, index: number, key: TableColumn): boolean {
  const named = readColumnName(table.kind, columnName(table, index))!;
  if ('difference' in key) return 'difference' in named && named.difference === key.difference;
  return 'attack' in named && named.attack * key.defence === key.attack * named.defence;
}

/** Shift a position by whole columns: negative to the left (towards the defender), positive to the right. */
export function shiftColumn(table: ResultsTable, position: ColumnPosition, shift: number): ColumnPosition {
  if (!Number.isInteger(shift)) throw new RangeError(`a column shift is a whole number of columns, not ${shift}`);
  return at(table, position.index + shift);
}

/** A position brought within the table's columns, for rules that bring odds past an end to the end column before shifting. */
export function clampColumn(table: ResultsTable, position: ColumnPosition): ColumnPosition {
  return at(table, Math.min(table.columns.length - 1, Math.max(0, position.index)));
}

/** What a position reads: its column, the end column when it lies beyond a clamped end, or the end's automatic result. */
export function resolveColumn(table: ResultsTable, position: ColumnPosition): ColumnReading {
  const n = table.columns.length;
  if (position.index >= 0 && position.index < n) return { kind: 'column', index: position.index, name: table.columns[position.index]! };
  const end = position.index < 0 ? 'left' : 'right';
  const rule = end === 'left' ? table.leftEnd : table.rightEnd;
  if (rule !== 'clamp') return { kind: 'automatic', end, result: rule };
  const index = end === 'left' ? 0 : n - 1;
  return { kind: 'column', index, name: table.columns[index]! };
}

/** The lowest and highest totals of the table's dice. */
export function rollRange(table: ResultsTable): { readonly low: number; readonly high: number } {
  return { low: table.dice, high: table.dice * table.sides };
}

/** A total of the table's dice plus a modifier, kept within the table's rows. */
export function modifyRoll(table: ResultsTable, roll: number, modifier = 0): number {
  const { low, high } = rollRange(table);
  if (!Number.isInteger(roll) || roll < low || roll > high) throw new RangeError(`${table.dice}d${table.sides} cannot roll ${roll}`);
  if (!Number.isInteger(modifier)) throw new RangeError(`a die-roll modifier is a whole number, not ${modifier}`);
  return Math.min(high, Math.max(low, roll + modifier));
}

/** The result of a roll (the total of the table's dice) at a position, with a die-roll modifier. */
export function lookupResult(table: ResultsTable, position: ColumnPosition, roll: number, modifier = 0): CombatResult {
  const modified = modifyRoll(table, roll, modifier);
  const reading = resolveColumn(table, position);
  return reading.kind === 'automatic' ? reading.result : table.results[modified - table.dice]![reading.index]!;
}

/**
 * Roll on the table: `rollDie(sides)` is called once for each of the table's dice (a ruleset passes
 * `(sides) => ctx.roll(sides, purpose)`), unless the result is automatic, when no die is thrown.
 */
export function rollOnTable(table: ResultsTable, position: ColumnPosition, rollDie: (sides: number) => number, modifier = 0): TableRoll {
  const reading = resolveColumn(table, position);
  if (reading.kind === 'automatic') {
    const { result } = reading;
    const notation = formatCombatResult(result);
    return { column: position.name, automatic: true, dice: [], roll: null, modifiedRoll: null, result, notation };
  }
  const dice: number[] = [];
  for (let i = 0; i < table.dice; i++) {
    const face = rollDie(table.sides);
    if (!Number.isInteger(face) || face < 1 || face > table.sides) throw new RangeError(`a d${table.sides} cannot roll ${face}`);
    dice.push(face);
  }
  const roll = dice.reduce((s, d) => s + d, 0);
  const modifiedRoll = modifyRoll(table, roll, modifier);
  const result = table.results[modifiedRoll - table.dice]![reading.index]!;
  return { column: reading.name, automatic: false, dice, roll, modifiedRoll, result, notation: formatCombatResult(result) };
}
