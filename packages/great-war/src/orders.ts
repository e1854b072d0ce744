import { closestName, err, jsonPath, ok, resolveName, type LegalAction, type OrdersContext, type Problem, type Result } from '@umpire/engine';
import { normaliseName, technologyTable, type TechnologyTable } from './data.js';
import { nationOf, type GreatWarState, type NationState } from './nations.js';
import { researchRefusal } from './technology.js';

/**
 * The order language. JSON form: { "orders": [ { "kind": "research", "tech": "improved-weapons" } ] }.
 * Text form: one order per line, '#' starts a comment, blank lines are ignored, case does not matter, and
 * order words and technology names may be abbreviated as long as only one thing fits.
 * See docs/great-war/orders.md.
 */

export type ResearchOrder = { kind: 'research'; tech: string };
export type Order = ResearchOrder;
export type GreatWarOrders = { orders: Order[] };

export const orderKinds = ['research'] as const;
export type OrderKind = (typeof orderKinds)[number];

type Ctx = OrdersContext<GreatWarState>;

export const emptyOrders = (): GreatWarOrders => ({ orders: [] });

/** Where an order came from: a line and columns in text, or an index in JSON. */
interface Located {
  readonly order: Order;
  readonly line?: number;
  readonly column?: number;
  readonly techColumn?: number;
}

type TechLookup =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly reason: 'unknown'; readonly suggestion?: string }
  | { readonly ok: false; readonly reason: 'ambiguous'; readonly names: readonly string[] };

/** Every name a technology answers to (id, name, aliases), mapped to its id. */
function technologyNames(table: TechnologyTable): Map<string, string> {
  const byNormal = new Map<string, { name: string; id: string }>();
  for (const tech of table.list) {
    for (const name of [tech.name, ...tech.aliases, tech.id]) {
      const key = normaliseName(name);
      if (!byNormal.has(key)) byNormal.set(key, { name, id: tech.id });
    }
  }
  return new Map([...byNormal.values()].map(({ name, id }) => [name, id]));
}

/** A technology from what a player typed: a name, an alias or an unambiguous abbreviation of one. */
export function lookupTechnology(typed: string, table: TechnologyTable = technologyTable()): TechLookup {
  const names = technologyNames(table);
  const nameOf = (id: string) => table.byId.get(id)!.name;
  const r = resolveName(typed, [...names.keys()]);
  if (r.ok) return { ok: true, id: names.get(r.value)! };
  if (r.reason === 'ambiguous') {
    const ids = [...new Set(r.matches.map((m) => names.get(m)!))];
    if (ids.length === 1) return { ok: true, id: ids[0]! };
    return { ok: false, reason: 'ambiguous', names: ids.map(nameOf) };
  }
  return r.suggestion !== undefined ? { ok: false, reason: 'unknown', suggestion: nameOf(names.get(r.suggestion)!) } : { ok: false, reason: 'unknown' };
}

/**
 * The rule problems of a list of orders against the nation's state: one attempt per technology, last advance,
 * treasury. An order that is refused does not count against the ones after it.
 */
function ruleProblems(nation: NationState, located: readonly Located[], table: TechnologyTable, at: (i: number, field?: 'tech') => Partial<Problem>): Problem[] {
  const problems: Problem[] = [];
  const earlier: string[] = [];
  located.forEach(({ order }, i) => {
    const refusal = researchRefusal(nation, order.tech, earlier, table);
    if (!refusal) {
      earlier.push(order.tech);
      return;
    }
    const field = refusal.code === 'not-enough-resources' ? undefined : 'tech';
    problems.push({ code: refusal.code, message: refusal.message, ...at(i, field) });
  });
  return problems;
}

function nationFor(ctx: Ctx): NationState | Problem {
  return nationOf(ctx.state, ctx.seat) ?? { code: 'unknown-nation', message: `seat '${ctx.seat}' is not a nation of this game` };
}

const isProblem = (x: NationState | Problem): x is Problem => 'code' in x;

/** Text orders to JSON orders; every problem at once, each with its line and column. */
export function parseOrders(text: string, ctx: Ctx): Result<GreatWarOrders, Problem[]> {
  const table = technologyTable();
  const nation = nationFor(ctx);
  if (isProblem(nation)) return err([nation]);
  const problems: Problem[] = [];
  const located: Located[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const hash = raw.indexOf('#');
    const content = hash >= 0 ? raw.slice(0, hash) : raw;
    const m = /^(\s*)(\S+)(\s*)(.*?)\s*$/.exec(content);
    if (!m) return;
    const [, lead, word, gap, rest] = m as unknown as [string, string, string, string, string];
    const column = lead.length + 1;
    const kind = resolveName(word, orderKinds);
    if (!kind.ok) {
      const suggestion = kind.reason === 'unknown' ? closestName(word, orderKinds) : undefined;
      problems.push({
        code: 'unknown-order',
        message: `'${word}' is not an order; the orders are: ${orderKinds.join(', ')}`,
        line,
        column,
        ...(suggestion ? { suggestion } : {}),
      });
      return;
    }
    const techColumn = column + word.length + gap.length;
    if (rest === '') {
      problems.push({ code: 'missing-technology', message: `which technology? e.g. 'research ${table.list[0]!.name}'`, line, column: techColumn });
      return;
    }
    const tech = lookupTechnology(rest, table);
    if (!tech.ok) {
      problems.push(
        tech.reason === 'ambiguous'
          ? { code: 'ambiguous-technology', message: `'${rest}' could be ${tech.names.join(', ')}: type more of the name`, line, column: techColumn }
          : {
              code: 'unknown-technology',
              message: `there is no technology '${rest}'`,
              line,
              column: techColumn,
              ...(tech.suggestion !== undefined ? { suggestion: tech.suggestion } : {}),
            },
      );
      return;
    }
    located.push({ order: { kind: 'research', tech: tech.id }, line, column, techColumn });
  });
  problems.push(
    ...ruleProblems(nation, located, table, (i, field) => {
      const l = located[i]!;
      return { line: l.line!, column: field === 'tech' ? l.techColumn! : l.column! };
    }),
  );
  if (problems.length) return err(problems.sort((a, b) => a.line! - b.line! || a.column! - b.column!));
  return ok({ orders: located.map((l) => l.order) });
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** JSON orders checked against the state; every problem at once, each with its JSON path. */
export function checkOrders(input: unknown, ctx: Ctx): Result<GreatWarOrders, Problem[]> {
  const table = technologyTable();
  const nation = nationFor(ctx);
  if (isProblem(nation)) return err([nation]);
  if (!isRecord(input)) return err([{ code: 'bad-orders', message: 'orders are an object: { "orders": [ ... ] }', path: '$' }]);
  const problems: Problem[] = [];
  for (const key of Object.keys(input)) {
    if (key === 'orders') continue;
    const suggestion = closestName(key, ['orders']);
    problems.push({ code: 'unknown-field', message: `orders have no field '${key}'`, path: jsonPath([key]), ...(suggestion ? { suggestion } : {}) });
  }
  const list = input['orders'];
  if (!Array.isArray(list)) return err([...problems, { code: 'bad-orders', message: 'orders holds a list of orders', path: '$.orders' }]);
  const located: { order: Order; index: number }[] = [];
  list.forEach((item: unknown, i) => {
    const at = `$.orders[${i}]`;
    if (!isRecord(item)) {
      problems.push({ code: 'bad-order', message: 'an order is an object such as { "kind": "research", "tech": "tanks" }', path: at });
      return;
    }
    const kind = item['kind'];
    if (typeof kind !== 'string' || !(orderKinds as readonly string[]).includes(kind)) {
      const suggestion = typeof kind === 'string' ? closestName(kind, orderKinds) : undefined;
      problems.push({
        code: 'unknown-order',
        message: typeof kind === 'string' ? `'${kind}' is not an order kind; the kinds are: ${orderKinds.join(', ')}` : `an order needs a kind: ${orderKinds.join(', ')}`,
        path: `${at}.kind`,
        ...(suggestion ? { suggestion } : {}),
      });
      return;
    }
    let ok = true;
    for (const key of Object.keys(item)) {
      if (key !== 'kind' && key !== 'tech') {
        problems.push({ code: 'unknown-field', message: `a ${kind} order has no field '${key}'`, path: jsonPath(['orders', i, key]) });
        ok = false;
      }
    }
    const tech = item['tech'];
    if (typeof tech !== 'string') {
      problems.push({ code: 'missing-technology', message: 'a research order names a technology id, e.g. "improved-weapons"', path: `${at}.tech` });
      return;
    }
    if (!table.byId.has(tech)) {
      const suggestion = closestName(tech, table.byId.keys());
      problems.push({ code: 'unknown-technology', message: `there is no technology '${tech}'`, path: `${at}.tech`, ...(suggestion ? { suggestion } : {}) });
      return;
    }
    if (ok) located.push({ order: { kind: 'research', tech }, index: i });
  });
  problems.push(...ruleProblems(nation, located, table, (i, field) => ({ path: `$.orders[${located[i]!.index}]${field ? `.${field}` : ''}` })));
  if (problems.length) return err(problems);
  return ok({ orders: located.map((l) => l.order) });
}

/** JSON orders back to the text players type. */
export function formatOrders(orders: GreatWarOrders): string {
  const table = technologyTable();
  if (orders.orders.length === 0) return '# no orders\n';
  return orders.orders.map((o) => `research ${table.byId.get(o.tech)?.name ?? o.tech}\n`).join('');
}

/** Every research order that could still be added to the draft. */
export function legalActions(draft: GreatWarOrders, ctx: Ctx): LegalAction<GreatWarOrders>[] {
  const table = technologyTable();
  const nation = nationOf(ctx.state, ctx.seat);
  if (!nation) return [];
  const earlier = draft.orders.map((o) => o.tech);
  return table.list
    .filter((tech) => researchRefusal(nation, tech.id, earlier, table) === undefined)
    .map((tech) => ({ label: `research ${tech.name}`, next: { orders: [...draft.orders, { kind: 'research', tech: tech.id }] } }));
}
