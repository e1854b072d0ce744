import { z } from 'zod';
import { type Problem } from '../problems.js';
import { err, ok, type Result } from '../result.js';
import { schemaProblems } from '../data/data-file.js';

/**
 * A combat results table (CRT) as plain data: its columns (attack:defence ratios or attack minus defence), the
 * die read on it, one row of results per die total, and what lies beyond its ends. The schema checks the shape
 * and every cell's notation; parseResultsTable also reads the columns and cells into a ResultsTable, which the
 * lookups (results-table.ts) and the exact odds (results-distribution.ts) take.
 *
 * Cells are written in a small notation: "-" is no effect; otherwise results separated by spaces, each one of
 * AL<n> (the attacker loses n steps), DL<n> (the defender loses n steps), AR<n> / DR<n> (the attacker / defender
 * retreats n hexes), EX (an exchange, whose cost the ruleset works out), AE / DE (the attacker / defender is
 * eliminated). "AL1 DR2" is a step lost by the attacker and a two-hex retreat of the defender.
 */

/**
 * What a cell of a results table does. Steps and hexes are 0 when the result has none. This and the kit's other outputs
 * are type aliases with plain arrays, not interfaces, so that a ruleset can put them in its events as they are (JSON).
 */
export type CombatResult = {
  readonly attackerSteps: number;
  readonly defenderSteps: number;
  readonly attackerRetreat: number;
  readonly defenderRetreat: number;
  readonly exchange: boolean;
  readonly attackerEliminated: boolean;
  readonly defenderEliminated: boolean;
};

export const noEffect: CombatResult = {
  attackerSteps: 0,
  defenderSteps: 0,
  attackerRetreat: 0,
  defenderRetreat: 0,
  exchange: false,
  attackerEliminated: false,
  defenderEliminated: false,
};

const EXPECTED =
  'expected "-" alone, or results separated by spaces: AL<n>, DL<n> (steps lost), AR<n>, DR<n> (hexes retreated), EX, AE, DE';

/** Read a cell of the notation ("AL1 DR2", "EX", "-"), or say what is wrong with it. */
export function parseCombatResult(text: string): Result<CombatResult, Problem> {
  const bad = (message: string) => err({ code: 'bad-result', message });
  const tokens = text.trim().split(/\s+/).filter((t) => t !== '');
  if (tokens.length === 0) return bad(`an empty result: ${EXPECTED}`);
  if (tokens.length === 1 && tokens[0] === '-') return ok(noEffect);
  const seen = new Map<string, number>();
  for (const token of tokens) {
    const m = /^(AL|DL|AR|DR)([1-9]\d?)$|^(EX|AE|DE)$/.exec(token);
    if (!m) {
      const hint = token === '-' ? '"-" stands alone' : /^(AL|DL|AR|DR)0+$/.test(token) ? `${token} says nothing: leave it out` : EXPECTED;
      return bad(`"${token}" in "${text}" is not a result: ${hint}`);
    }
    const kind = m[1] ?? m[3]!;
    if (seen.has(kind)) return bad(`"${text}" names ${kind} twice`);
    seen.set(kind, m[2] === undefined ? 1 : Number(m[2]));
  }
  const clash = (a: string, others: readonly string[], why: string) => {
    const other = others.find((o) => seen.has(o));
    return seen.has(a) && other !== undefined ? `"${text}" has ${a} with ${other}: ${why}` : undefined;
  };
  const conflict =
    clash('AE', ['AL', 'AR'], 'an eliminated attacker has no steps to lose and nothing to retreat') ??
    clash('DE', ['DL', 'DR'], 'an eliminated defender has no steps to lose and nothing to retreat') ??
    clash('EX', ['AL', 'DL', 'AE', 'DE'], 'an exchange decides the losses of both sides');
  if (conflict !== undefined) return bad(conflict);
  return ok({
    attackerSteps: seen.get('AL') ?? 0,
    defenderSteps: seen.get('DL') ?? 0,
    attackerRetreat: seen.get('AR') ?? 0,
    defenderRetreat: seen.get('DR') ?? 0,
    exchange: seen.has('EX'),
    attackerEliminated: seen.has('AE'),
    defenderEliminated: seen.has('DE'),
  });
}

/** A result in the notation, in one fixed order (the attacker's, then the defender's, then EX): "AL1 DR2", "-". */
export function formatCombatResult(r: CombatResult): string {
  const parts: string[] = [];
  if (r.attackerEliminated) parts.push('AE');
  if (r.attackerSteps > 0) parts.push(`AL${r.attackerSteps}`);
  if (r.attackerRetreat > 0) parts.push(`AR${r.attackerRetreat}`);
  if (r.defenderEliminated) parts.push('DE');
  if (r.defenderSteps > 0) parts.push(`DL${r.defenderSteps}`);
  if (r.defenderRetreat > 0) parts.push(`DR${r.defenderRetreat}`);
  if (r.exchange) parts.push('EX');
  return parts.length === 0 ? '-' : parts.join(' ');
}

/** A column of an odds table ("3-2": attack 3 to defence 2) or of a differential table ("+2", "0", "-3"). */
export type TableColumn =
  | { readonly name: string; readonly attack: number; readonly defence: number }
  | { readonly name: string; readonly difference: number };

/** Read a column name for a kind of table, or undefined when it is not one. */
export function readColumnName(kind: ResultsTableKind, name: string): TableColumn | undefined {
  if (kind === 'odds') {
    const m = /^([1-9]\d{0,3})-([1-9]\d{0,3})$/.exec(name);
    return m ? { name, attack: Number(m[1]), defence: Number(m[2]) } : undefined;
  }
  const m = /^([+-]?)(\d{1,4})$/.exec(name);
  return m ? { name, difference: m[1] === '-' ? -Number(m[2]) : Number(m[2]) } : undefined;
}

/** Whether column `a` is to the left of column `b` (a weaker attack); both of one kind. */
function columnBefore(a: TableColumn, b: TableColumn): boolean {
  if ('difference' in a && 'difference' in b) return a.difference < b.difference;
  if ('attack' in a && 'attack' in b) return a.attack * b.defence < b.attack * a.defence;
  throw new TypeError('columns of two kinds of table');
}

const cellProblem = (text: string): string | undefined => {
  const r = parseCombatResult(text);
  return r.ok ? undefined : r.error.message;
};

const cell = z.string().superRefine((text, ctx) => {
  const message = cellProblem(text);
  if (message !== undefined) ctx.addIssue({ code: 'custom', message, params: { code: 'bad-result' } });
});

/** Beyond an end of the table: "clamp" (read the end column) or a result in the notation that needs no roll ("DE"). */
const end = z.string().superRefine((text, ctx) => {
  const message = text === 'clamp' ? undefined : cellProblem(text);
  if (message === undefined) return;
  const expected = 'expected "clamp" (read the end column) or a result that needs no roll';
  ctx.addIssue({ code: 'custom', message: `${expected}; ${message}`, params: { code: 'bad-end' } });
});

const KINDS = ['odds', 'differential'] as const;
const MAX_DICE = 4;
const MAX_SIDES = 100;
const between = (n: number, low: number, high: number) => Number.isInteger(n) && n >= low && n <= high;
export type ResultsTableKind = (typeof KINDS)[number];

export const resultsTableSchema = z
  .strictObject({
    name: z.string().optional(),
    kind: z.enum(KINDS, { error: 'expected "odds" (columns of attack to defence, "3-2") or "differential" (attack minus defence, "+2")' }),
    /** How many dice are thrown and summed (1 unless told), and their faces (6 unless told). */
    dice: z.number().int().min(1).max(MAX_DICE).default(1),
    sides: z.number().int().min(2).max(MAX_SIDES).default(6),
    /** How odds or a difference between two columns is read: the column that favours the defender, or the attacker. */
    rounding: z.enum(['defender', 'attacker']).default('defender'),
    columns: z.array(z.string()).min(1, 'a table has at least one column'),
    /** One row for each die total, the lowest first; in each row one cell per column. */
    rows: z.array(z.array(cell)),
    beyond: z.strictObject({ left: end.default('clamp'), right: end.default('clamp') }).default({ left: 'clamp', right: 'clamp' }),
  })
  .superRefine((t, ctx) => {
    const issue = (code: string, path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', message, path, params: { code } });
    let previous: TableColumn | undefined;
    t.columns.forEach((name, i) => {
      const column = readColumnName(t.kind, name);
      if (!column) {
        const expected = t.kind === 'odds'
          ? 'attack-defence in whole numbers, such as "3-2" or "1-3"'
          : 'a whole number, such as "+2", "0" or "-3"';
        issue('bad-column', ['columns', i], `"${name}" is not a column of an ${t.kind} table: expected ${expected}`);
        return;
      }
      if (previous && !columnBefore(previous, column)) {
        const why = 'columns go from the defender\'s end (left) to the attacker\'s (right)';
        issue('columns-out-of-order', ['columns', i], `"${name}" must favour the attacker more than "${previous.name}" before it: ${why}`);
      }
      previous = column;
    });
    const low = t.dice;
    const high = t.dice * t.sides;
    const die = `${t.dice}d${t.sides}`;
    // Rows are counted only against a die the schema accepts (a bad one is a problem of its own).
    if (between(t.dice, 1, MAX_DICE) && between(t.sides, 2, MAX_SIDES) && t.rows.length !== high - low + 1) {
      const wanted = `a row for each total from ${low} to ${high} (${high - low + 1} rows), the lowest first`;
      issue('rows-for-die', ['rows'], `a ${die} table has ${wanted}; this one has ${t.rows.length}`);
    }
    t.rows.forEach((row, r) => {
      if (row.length !== t.columns.length) {
        issue('row-length', ['rows', r], `the row for a roll of ${low + r} has ${row.length} results for ${t.columns.length} columns`);
      }
    });
  });

export type ResultsTableData = z.output<typeof resultsTableSchema>;

/** A results table read and checked: its data, its columns read, and each cell read (results[row][column]). */
export interface ResultsTable extends ResultsTableData {
  readonly columnKeys: readonly TableColumn[];
  /** results[r][c]: the result of a (modified) total of dice + r in column c. */
  readonly results: readonly (readonly CombatResult[])[];
  /** Beyond each end: 'clamp', or the result that needs no roll. */
  readonly leftEnd: 'clamp' | CombatResult;
  readonly rightEnd: 'clamp' | CombatResult;
}

/**
 * Read a results table from parsed JSON, with every problem located by its JSON path (under `path` when the table
 * is part of a larger file): bad cells, columns out of order, rows that do not match the die.
 */
export function parseResultsTable(data: unknown, path: readonly (string | number)[] = []): Result<ResultsTable, Problem[]> {
  const parsed = resultsTableSchema.safeParse(data);
  if (!parsed.success) {
    return err(schemaProblems(parsed.error.issues, { schema: resultsTableSchema, data, code: 'results-table', under: path }));
  }
  const t = parsed.data;
  const read = (text: string): CombatResult => {
    const r = parseCombatResult(text);
    if (!r.ok) throw new Error(`a checked cell is unreadable: ${r.error.message}`);
    return r.value;
  };
  return ok({
    ...t,
    columnKeys: t.columns.map((name) => readColumnName(t.kind, name)!),
    results: t.rows.map((row) => row.map(read)),
    leftEnd: t.beyond.left === 'clamp' ? 'clamp' : read(t.beyond.left),
    rightEnd: t.beyond.right === 'clamp' ? 'clamp' : read(t.beyond.right),
  });
}
