import { closestName, err, jsonPath, ok, resolveName, type Json, type LegalAction, type OrdersContext, type Problem, type Result } from '@umpire/engine';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';

/**
 * The order language, as a registry of order kinds. Each kind (research, build, move...) lives in the module of
 * its phase and says how it reads a text line, checks a JSON object, writes itself back as text, which of it
 * are legal next, and what it costs. This module does what is common: lines, comments, order words with
 * abbreviations, JSON shape, every problem at once with its line and column or JSON path, and the budget that
 * every order of a turn draws on, charged in phase order as the turn resolves.
 */

export type Ctx = OrdersContext<GreatWarState>;

/** An order as JSON: `kind` names its spec. */
export type AnyOrder = { kind: string; [field: string]: Json };

/** What the orders of a turn have used so far, as the check walks them in phase order. */
export interface Ledger {
  /** Resources left of the treasury. */
  resources: number;
  /** The orders admitted so far, in phase order. */
  readonly admitted: AnyOrder[];
}

export interface Refusal {
  readonly code: string;
  readonly message: string;
  /** The field the refusal is about, to point at it; none: the whole order. */
  readonly field?: string;
}

export interface TextPosition {
  readonly line: number;
  /** Column where the text after the order word starts. */
  readonly column: number;
}

export interface OrderSpec<O extends AnyOrder = AnyOrder> {
  readonly kind: O['kind'];
  /** Words a text line may start with; the first is the one formatOrders writes. */
  readonly words: readonly string[];
  /** An example, for problems ('research Improved Weapons'). */
  readonly example: string;
  /** The rest of a line after the order word, to an order or problems (with line and column). */
  parseText(rest: string, at: TextPosition, ctx: Ctx, nation: NationState): O | Problem[];
  /** A JSON object whose kind is this spec's, to an order or problems (with JSON paths under `path`). */
  checkJson(item: Record<string, unknown>, path: readonly (string | number)[], ctx: Ctx, nation: NationState): O | Problem[];
  /** The order as a line of text. */
  format(order: O): string;
  /** Why the order cannot be given after those already admitted; undefined when it can. */
  refusal(order: O, ledger: Ledger, ctx: Ctx, nation: NationState): Refusal | undefined;
  /** Resources the order takes from the treasury (once admitted). */
  cost(order: O, ledger: Ledger, ctx: Ctx, nation: NationState): number;
  /** Orders of this kind that could be added next, legal or not (the registry keeps those it admits). */
  candidates(ledger: Ledger, ctx: Ctx, nation: NationState): readonly O[];
  /**
   * Every order of this kind that could be added next and starts at `area` (units there moving to each place in
   * reach, a build there), legal or not: the orders a client offers when a player clicks the area. None: the kind
   * is not given by clicking an area.
   */
  candidatesAt?(ledger: Ledger, ctx: Ctx, nation: NationState, area: string): readonly O[];
  /** The state the later orders of the turn are checked against once this one is admitted (a declaration of war: D-DIP-1); none: the same. */
  prospect?(order: O, state: GreatWarState, nation: NationState): GreatWarState;
}

export type GreatWarOrders = { orders: AnyOrder[] };

export const emptyOrders = (): GreatWarOrders => ({ orders: [] });

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export interface OrderLanguage {
  parseOrders(text: string, ctx: Ctx): Result<GreatWarOrders, Problem[]>;
  checkOrders(input: unknown, ctx: Ctx): Result<GreatWarOrders, Problem[]>;
  formatOrders(orders: GreatWarOrders): string;
  legalActions(draft: GreatWarOrders, ctx: Ctx): LegalAction<GreatWarOrders>[];
  actionsAt(draft: GreatWarOrders, ctx: Ctx, area: string): LegalAction<GreatWarOrders>[];
  specFor(kind: string): OrderSpec | undefined;
  /** A draft built one order at a time (see Draft); undefined for a seat that is no nation. */
  openDraft(ctx: Ctx): Draft | undefined;
}

/**
 * Orders built one at a time, as a bot builds them: each order is checked against the ledger of those already in the
 * draft, exactly as the whole orders are checked when sent. Orders added in phase order are checked once each (the
 * check of the whole walks them in that order); one added out of phase order checks the whole draft again.
 */
export interface Draft {
  /** The context the next order is checked in (the state after the prospects of the orders so far). */
  readonly ctx: Ctx;
  /** What the orders so far have used (a copy). */
  readonly ledger: Ledger;
  /** Add an order if it is legal after the others; the refusal (and no change) when it is not. */
  add(order: AnyOrder): Refusal | undefined;
  readonly orders: GreatWarOrders;
}

/** Build the language from the specs, in phase order (the order the turn resolves them in). */
export function orderLanguage(specs: readonly OrderSpec[]): OrderLanguage {
  const words = specs.flatMap((s) => s.words.map((w) => [w, s] as const));
  const wordList = words.map(([w]) => w);
  const kinds = specs.map((s) => s.kind);
  const specFor = (kind: string) => specs.find((s) => s.kind === kind);
  const rank = (o: AnyOrder) => specs.findIndex((s) => s.kind === o.kind);

  const nationFor = (ctx: Ctx): NationState | Problem =>
    nationOf(ctx.state, ctx.seat) ?? { code: 'unknown-nation', message: `seat '${ctx.seat}' is not a nation of this game` };

  /** Admit orders in phase order (stable within a phase); report each refusal where `where` says. */
  function admit<T extends { order: AnyOrder }>(located: readonly T[], start: Ctx, nation: NationState, where: (l: T, field?: string) => Partial<Problem>): { problems: Problem[]; ledger: Ledger; ctx: Ctx } {
    const ledger: Ledger = { resources: nation.treasury, admitted: [] };
    let ctx = start;
    const problems: Problem[] = [];
    const ordered = located.map((l, i) => ({ l, i })).sort((a, b) => rank(a.l.order) - rank(b.l.order) || a.i - b.i);
    for (const { l } of ordered) {
      const after = admitOne(l.order, ledger, ctx, nation);
      if ('code' in after) problems.push({ code: after.code, message: after.message, ...where(l, after.field) });
      else ctx = after;
    }
    return { problems, ledger, ctx };
  }

  /** Admit one order after those in `ledger` (charged to it, added to it): the context of the next order, or the refusal. */
  function admitOne(order: AnyOrder, ledger: Ledger, ctx: Ctx, nation: NationState): Ctx | Refusal {
    const spec = specFor(order.kind)!;
    const refusal = spec.refusal(order, ledger, ctx, nation);
    if (refusal) return refusal;
    ledger.resources -= spec.cost(order, ledger, ctx, nation);
    ledger.admitted.push(order);
    return spec.prospect ? { ...ctx, state: spec.prospect(order, ctx.state, nation) } : ctx;
  }

  /** The candidates that keep the draft legal: a candidate is legal when the whole draft with it still passes, charged in phase order. */
  function legalAdditions(draft: GreatWarOrders, ctx: Ctx, candidates: (spec: OrderSpec, ledger: Ledger, after: Ctx, nation: NationState) => readonly AnyOrder[]): LegalAction<GreatWarOrders>[] {
    const nation = nationOf(ctx.state, ctx.seat);
    if (!nation) return [];
    const located = draft.orders.map((order) => ({ order }));
    const { ledger, problems, ctx: after } = admit(located, ctx, nation, () => ({}));
    if (problems.length) return [];
    const out: LegalAction<GreatWarOrders>[] = [];
    for (const spec of specs) {
      for (const order of candidates(spec, ledger, after, nation)) {
        if (admit([...located, { order }], ctx, nation, () => ({})).problems.length) continue;
        out.push({ label: spec.format(order), next: { orders: [...draft.orders, order] } });
      }
    }
    return out;
  }

  return {
    specFor,
    parseOrders(text, ctx) {
      const nation = nationFor(ctx);
      if ('code' in nation) return err([nation]);
      const problems: Problem[] = [];
      const located: { order: AnyOrder; line: number; column: number; restColumn: number; fields: Record<string, number> }[] = [];
      let listedOrders = 0;
      text.split(/\r\n|\r|\n/).forEach((raw, index) => {
        const line = index + 1;
        const hash = raw.indexOf('#');
        const content = hash >= 0 ? raw.slice(0, hash) : raw;
        const m = /^(\s*)(\S+)(\s*)(.*?)\s*$/.exec(content);
        if (!m) {
          // Only a blank line reads as nothing: a line break inside a line (U+2028...) is refused, never dropped.
          if (content.trim() !== '') problems.push({ code: 'unreadable-line', message: 'this line holds a line break of another kind (U+2028, U+2029): break the line with Enter', line, column: 1 });
          return;
        }
        const [, lead, word, gap, rest] = m as unknown as [string, string, string, string, string];
        const column = lead.length + 1;
        const found = resolveName(word, wordList);
        if (!found.ok) {
          const suggestion = found.reason === 'unknown' ? closestName(word, wordList) : undefined;
          problems.push({
            code: found.reason === 'ambiguous' ? 'ambiguous-order' : 'unknown-order',
            message:
              found.reason === 'ambiguous'
                ? `'${word}' could be ${found.matches.join(', ')}: type more of the word`
                : listedOrders++ === 0
                  ? `'${word}' is not an order; the orders are: ${[...new Set(specs.map((s) => s.words[0]))].join(', ')}`
                  : `'${word}' is not an order (the orders are listed at the first such line)`,
            line,
            column,
            ...(suggestion ? { suggestion } : {}),
          });
          return;
        }
        const spec = words.find(([w]) => w === found.value)![1];
        const restColumn = column + word.length + gap.length;
        const parsed = spec.parseText(rest, { line, column: restColumn }, ctx, nation);
        if (Array.isArray(parsed)) {
          problems.push(...parsed);
          return;
        }
        // One admission: a line becomes the order its JSON check gives back, or the check's problems at the line.
        const checked = spec.checkJson(parsed, ['orders', located.length], ctx, nation);
        if (Array.isArray(checked)) problems.push(...checked.map((p) => ({ code: p.code, message: p.message, line, column: restColumn, ...(p.suggestion !== undefined ? { suggestion: p.suggestion } : {}) })));
        else located.push({ order: checked, line, column, restColumn, fields: {} });
      });
      problems.push(...admit(located, ctx, nation, (l, field) => ({ line: l.line, column: field ? l.restColumn : l.column })).problems);
      if (problems.length) return err(problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
      return ok({ orders: located.map((l) => l.order) });
    },

    checkOrders(input, ctx) {
      const nation = nationFor(ctx);
      if ('code' in nation) return err([nation]);
      if (!isRecord(input)) return err([{ code: 'bad-orders', message: 'orders are an object: { "orders": [ ... ] }', path: '$' }]);
      const problems: Problem[] = [];
      for (const key of Object.keys(input)) {
        if (key === 'orders') continue;
        const suggestion = closestName(key, ['orders']);
        problems.push({ code: 'unknown-field', message: `orders have no field '${key}'`, path: jsonPath([key]), ...(suggestion ? { suggestion } : {}) });
      }
      const list = input['orders'];
      if (!Array.isArray(list)) return err([...problems, { code: 'bad-orders', message: 'orders holds a list of orders', path: '$.orders' }]);
      const located: { order: AnyOrder; index: number }[] = [];
      list.forEach((item: unknown, i) => {
        const at = ['orders', i] as const;
        if (!isRecord(item)) {
          problems.push({ code: 'bad-order', message: `an order is an object such as ${JSON.stringify({ kind: kinds[0] })}`, path: jsonPath(at) });
          return;
        }
        const kind = item['kind'];
        const spec = typeof kind === 'string' ? specFor(kind) : undefined;
        if (!spec) {
          const suggestion = typeof kind === 'string' ? closestName(kind, kinds) : undefined;
          problems.push({
            code: 'unknown-order',
            message: typeof kind === 'string' ? `'${kind}' is not an order kind; the kinds are: ${kinds.join(', ')}` : `an order needs a kind: ${kinds.join(', ')}`,
            path: jsonPath([...at, 'kind']),
            ...(suggestion ? { suggestion } : {}),
          });
          return;
        }
        const checked = spec.checkJson(item, at, ctx, nation);
        if (Array.isArray(checked)) problems.push(...checked);
        else located.push({ order: checked, index: i });
      });
      problems.push(...admit(located, ctx, nation, (l, field) => ({ path: jsonPath(['orders', l.index, ...(field ? [field] : [])]) })).problems);
      if (problems.length) return err(problems);
      return ok({ orders: located.map((l) => l.order) });
    },

    formatOrders(orders) {
      if (orders.orders.length === 0) return '# no orders\n';
      return orders.orders.map((o) => `${specFor(o.kind)?.format(o) ?? `# unknown order ${JSON.stringify(o)}`}\n`).join('');
    },

    legalActions(draft, ctx) {
      return legalAdditions(draft, ctx, (spec, ledger, after, nation) => spec.candidates(ledger, after, nation));
    },
    actionsAt(draft, ctx, area) {
      return legalAdditions(draft, ctx, (spec, ledger, after, nation) => spec.candidatesAt?.(ledger, after, nation, area) ?? []);
    },
    openDraft(start) {
      const nation = nationOf(start.state, start.seat);
      if (!nation) return undefined;
      let ledger: Ledger = { resources: nation.treasury, admitted: [] };
      let ctx = start;
      let lastRank = -1;
      const draft: Draft = {
        get ctx() {
          return ctx;
        },
        get ledger() {
          // A copy: the draft's own ledger changes only through add.
          return { resources: ledger.resources, admitted: [...ledger.admitted] };
        },
        get orders() {
          return { orders: structuredClone(ledger.admitted) };
        },
        add(given) {
          // The draft keeps its own copy: changing the order afterwards cannot change what was checked.
          const order = structuredClone(given);
          if (!specFor(order.kind)) return { code: 'unknown-order', message: `no order kind '${order.kind}'` };
          if (rank(order) < lastRank) {
            // Out of phase order: the whole draft is checked again, in phase order, with it.
            const r = admit([...ledger.admitted, order].map((o) => ({ order: o })), start, nation, () => ({}));
            if (r.problems.length) return { code: r.problems[0]!.code, message: r.problems[0]!.message };
            ledger = r.ledger;
            ctx = r.ctx;
            return undefined;
          }
          const after = admitOne(order, ledger, ctx, nation);
          if ('code' in after) return after;
          ctx = after;
          lastRank = rank(order);
          return undefined;
        },
      };
      return draft;
    },
  };
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

/**
 * An order kind's spec as the registry holds it: for orders of any kind. The one place the registry forgets a
 * spec's own order type (its methods take only orders of their kind, which the order language guarantees).
 */
export const widen = <O extends AnyOrder>(spec: OrderSpec<O>): OrderSpec => spec as unknown as OrderSpec;
