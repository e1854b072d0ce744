import type { Json } from '../canonical.js';
import { closestName, jsonPath, resolveName, type Problem } from '../problems.js';
import { err, ok, type Result } from '../result.js';
import type { LegalAction, OrdersContext } from '../ruleset.js';

/**
 * The order language kit: a ruleset's order language as a registry of order kinds. Each kind (research, build,
 * move...) lives in the module of its rule and says how it reads a text line, checks a JSON object, writes itself back
 * as text, which of it are legal next, and what it costs. The kit does what is common: lines, comments, order words
 * with abbreviations, the JSON shape, every problem at once with its line and column or JSON path, and the budget
 * every order of a turn draws on, charged in phase order as the turn resolves.
 *
 * Generic over the state `S` and the seat's player `P` (a nation of The War to End All Wars): what is particular to a
 * game is the `OrderSeat` it passes in, how a seat's player is found and what its ledger starts from.
 */

/** An order as JSON: `kind` names its spec. */
export type AnyOrder = { kind: string; [field: string]: Json };

/** A seat's orders for a step as JSON: `{ "orders": [ { "kind": ... }, ... ] }`, in the order given. */
export type OrderList = { orders: AnyOrder[] };

export const emptyOrderList = (): OrderList => ({ orders: [] });

/** What the orders of a turn have used so far, as the check walks them in phase order. */
export interface Ledger {
  /** What is left of the budget the orders draw on (a treasury). */
  resources: number;
  /** The orders admitted so far, in phase order. */
  readonly admitted: AnyOrder[];
}

export interface TextPosition {
  readonly line: number;
  /** Column where the text after the order word starts. */
  readonly column: number;
}

/** One kind of order, in the state `S`, given by a seat's player `P`. */
export interface OrderSpec<O extends AnyOrder = AnyOrder, S = unknown, P = unknown> {
  readonly kind: O['kind'];
  /** Words a text line may start with; the first is the one formatOrders writes. */
  readonly words: readonly string[];
  /** An example, for problems ('research Improved Weapons'). */
  readonly example: string;
  /** The rest of a line after the order word, to an order or problems (with line and column). */
  parseText(rest: string, at: TextPosition, ctx: OrdersContext<S>, player: P): O | Problem[];
  /** A JSON object whose kind is this spec's, to an order or problems (with JSON paths under `path`). */
  checkJson(item: Record<string, unknown>, path: readonly (string | number)[], ctx: OrdersContext<S>, player: P): O | Problem[];
  /** The order as a line of text. */
  format(order: O): string;
  /** Why the order cannot be given after those already admitted (a problem whose `field` names the field); undefined when it can. */
  refusal(order: O, ledger: Ledger, ctx: OrdersContext<S>, player: P): Problem | undefined;
  /** What the order takes from the ledger's resources (once admitted). */
  cost(order: O, ledger: Ledger, ctx: OrdersContext<S>, player: P): number;
  /** Orders of this kind that could be added next, legal or not (the registry keeps those it admits). */
  candidates(ledger: Ledger, ctx: OrdersContext<S>, player: P): readonly O[];
  /**
   * Every order of this kind that could be added next and starts at `area` (units there moving to each place in
   * reach, a build there), legal or not: the orders a client offers when a player clicks the area. None: the kind
   * is not given by clicking an area.
   */
  candidatesAt?(ledger: Ledger, ctx: OrdersContext<S>, player: P, area: string): readonly O[];
  /** The state the later orders of the turn are checked against once this one is admitted (a declaration of war); none: the same. */
  prospect?(order: O, state: S, player: P): S;
}

/** What the kit needs to know of a game's seats. */
export interface OrderSeat<S, P> {
  /** The player who gives the orders of the context's seat; undefined when the seat has none. */
  playerOf(ctx: OrdersContext<S>): P | undefined;
  /** The problem orders get from a seat with no player. */
  noPlayer(ctx: OrdersContext<S>): Problem;
  /** What a player's ledger starts from: the resources its orders of a turn may spend (a treasury). */
  budget(player: P, ctx: OrdersContext<S>): number;
}

export interface OrderLanguage<S, P> {
  parseOrders(text: string, ctx: OrdersContext<S>): Result<OrderList, Problem[]>;
  checkOrders(input: unknown, ctx: OrdersContext<S>): Result<OrderList, Problem[]>;
  formatOrders(orders: OrderList): string;
  legalActions(draft: OrderList, ctx: OrdersContext<S>): LegalAction<OrderList>[];
  actionsAt(draft: OrderList, ctx: OrdersContext<S>, area: string): LegalAction<OrderList>[];
  specFor(kind: string): OrderSpec<AnyOrder, S, P> | undefined;
  /** A draft built one order at a time (see Draft); undefined for a seat with no player. */
  openDraft(ctx: OrdersContext<S>): Draft<S> | undefined;
}

/**
 * Orders built one at a time, as a bot builds them: each order is checked against the ledger of those already in the
 * draft, exactly as the whole orders are checked when sent. Orders added in phase order are checked once each (the
 * check of the whole walks them in that order); one added out of phase order checks the whole draft again.
 */
export interface Draft<S> {
  /** The context the next order is checked in (the state after the prospects of the orders so far). */
  readonly ctx: OrdersContext<S>;
  /** What the orders so far have used (a copy). */
  readonly ledger: Ledger;
  /** Add an order if it is legal after the others; the refusal (and no change) when it is not. */
  add(order: AnyOrder): Problem | undefined;
  readonly orders: OrderList;
}

/**
 * An order kind's spec as the registry holds it: for orders of any kind. The one place the registry forgets a
 * spec's own order type (its methods take only orders of their kind, which the order language guarantees).
 */
export const widen = <O extends AnyOrder, S, P>(spec: OrderSpec<O, S, P>): OrderSpec<AnyOrder, S, P> => spec as unknown as OrderSpec<AnyOrder, S, P>;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Build the language from the specs, in phase order (the order the turn resolves them in). */
export function orderLanguage<S, P>(specs: readonly OrderSpec<AnyOrder, S, P>[], seat: OrderSeat<S, P>): OrderLanguage<S, P> {
  type Ctx = OrdersContext<S>;
  type Spec = OrderSpec<AnyOrder, S, P>;
  const words = specs.flatMap((s) => s.words.map((w) => [w, s] as const));
  const wordList = words.map(([w]) => w);
  const kinds = specs.map((s) => s.kind);
  const specFor = (kind: string) => specs.find((s) => s.kind === kind);
  const rank = (o: AnyOrder) => specs.findIndex((s) => s.kind === o.kind);
  const playerFor = (ctx: Ctx): Result<P, Problem> => {
    const player = seat.playerOf(ctx);
    return player === undefined ? err(seat.noPlayer(ctx)) : ok(player);
  };

  /** Admit orders in phase order (stable within a phase); report each refusal where `where` says. */
  function admit<T extends { order: AnyOrder }>(located: readonly T[], start: Ctx, player: P, where: (l: T, field?: string) => Partial<Problem>): { problems: Problem[]; ledger: Ledger; ctx: Ctx } {
    const ledger: Ledger = { resources: seat.budget(player, start), admitted: [] };
    let ctx = start;
    const problems: Problem[] = [];
    const ordered = located.map((l, i) => ({ l, i })).sort((a, b) => rank(a.l.order) - rank(b.l.order) || a.i - b.i);
    for (const { l } of ordered) {
      const after = admitOne(l.order, ledger, ctx, player);
      if (!after.ok) problems.push({ code: after.error.code, message: after.error.message, ...where(l, after.error.field) });
      else ctx = after.value;
    }
    return { problems, ledger, ctx };
  }

  /** Admit one order after those in `ledger` (charged to it, added to it): the context of the next order, or the refusal. */
  function admitOne(order: AnyOrder, ledger: Ledger, ctx: Ctx, player: P): Result<Ctx, Problem> {
    const spec = specFor(order.kind)!;
    const refusal = spec.refusal(order, ledger, ctx, player);
    if (refusal) return err(refusal);
    ledger.resources -= spec.cost(order, ledger, ctx, player);
    ledger.admitted.push(order);
    return ok(spec.prospect ? { ...ctx, state: spec.prospect(order, ctx.state, player) } : ctx);
  }

  /** The candidates that keep the draft legal: a candidate is legal when the whole draft with it still passes, charged in phase order. */
  function legalAdditions(draft: OrderList, ctx: Ctx, candidates: (spec: Spec, ledger: Ledger, after: Ctx, player: P) => readonly AnyOrder[]): LegalAction<OrderList>[] {
    const player = seat.playerOf(ctx);
    if (player === undefined) return [];
    const located = draft.orders.map((order) => ({ order }));
    const { ledger, problems, ctx: after } = admit(located, ctx, player, () => ({}));
    if (problems.length) return [];
    const out: LegalAction<OrderList>[] = [];
    const last = Math.max(-1, ...draft.orders.map(rank));
    for (const spec of specs) {
      for (const order of candidates(spec, ledger, after, player)) {
        // A candidate that comes after every order of the draft in phase order is admitted last whatever the order of
        // the list, so it is checked on top of the admitted draft alone; an earlier one makes the whole draft checked again.
        const legal =
          rank(order) >= last
            ? admitOne(order, { resources: ledger.resources, admitted: [...ledger.admitted] }, after, player).ok
            : admit([...located, { order }], ctx, player, () => ({})).problems.length === 0;
        if (legal) out.push({ label: spec.format(order), next: { orders: [...draft.orders, order] } });
      }
    }
    return out;
  }

  return {
    specFor,
    parseOrders(text, ctx) {
      const found = playerFor(ctx);
      if (!found.ok) return err([found.error]);
      const player = found.value;
      const problems: Problem[] = [];
      const located: { order: AnyOrder; line: number; column: number; restColumn: number }[] = [];
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
        const resolved = resolveName(word, wordList);
        if (!resolved.ok) {
          const suggestion = resolved.reason === 'unknown' ? closestName(word, wordList) : undefined;
          problems.push({
            code: resolved.reason === 'ambiguous' ? 'ambiguous-order' : 'unknown-order',
            message:
              resolved.reason === 'ambiguous'
                ? `'${word}' could be ${resolved.matches.join(', ')}: type more of the word`
                : listedOrders++ === 0
                  ? `'${word}' is not an order; the orders are: ${[...new Set(specs.map((s) => s.words[0]))].join(', ')}`
                  : `'${word}' is not an order (the orders are listed at the first such line)`,
            line,
            column,
            ...(suggestion ? { suggestion } : {}),
          });
          return;
        }
        const spec = words.find(([w]) => w === resolved.value)![1];
        const restColumn = column + word.length + gap.length;
        const parsed = spec.parseText(rest, { line, column: restColumn }, ctx, player);
        if (Array.isArray(parsed)) {
          problems.push(...parsed);
          return;
        }
        // One admission: a line becomes the order its JSON check gives back, or the check's problems at the line.
        const checked = spec.checkJson(parsed, ['orders', located.length], ctx, player);
        if (Array.isArray(checked)) problems.push(...checked.map((p) => ({ code: p.code, message: p.message, line, column: restColumn, ...(p.suggestion !== undefined ? { suggestion: p.suggestion } : {}) })));
        else located.push({ order: checked, line, column, restColumn });
      });
      problems.push(...admit(located, ctx, player, (l, field) => ({ line: l.line, column: field ? l.restColumn : l.column })).problems);
      if (problems.length) return err(problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
      return ok({ orders: located.map((l) => l.order) });
    },

    checkOrders(input, ctx) {
      const found = playerFor(ctx);
      if (!found.ok) return err([found.error]);
      const player = found.value;
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
        const checked = spec.checkJson(item, at, ctx, player);
        if (Array.isArray(checked)) problems.push(...checked);
        else located.push({ order: checked, index: i });
      });
      problems.push(...admit(located, ctx, player, (l, field) => ({ path: jsonPath(['orders', l.index, ...(field ? [field] : [])]) })).problems);
      if (problems.length) return err(problems);
      return ok({ orders: located.map((l) => l.order) });
    },

    formatOrders(orders) {
      if (orders.orders.length === 0) return '# no orders\n';
      return orders.orders.map((o) => `${specFor(o.kind)?.format(o) ?? `# unknown order ${JSON.stringify(o)}`}\n`).join('');
    },

    legalActions(draft, ctx) {
      return legalAdditions(draft, ctx, (spec, ledger, after, player) => spec.candidates(ledger, after, player));
    },
    actionsAt(draft, ctx, area) {
      return legalAdditions(draft, ctx, (spec, ledger, after, player) => spec.candidatesAt?.(ledger, after, player, area) ?? []);
    },
    openDraft(start) {
      const player = seat.playerOf(start);
      if (player === undefined) return undefined;
      let ledger: Ledger = { resources: seat.budget(player, start), admitted: [] };
      let ctx = start;
      let lastRank = -1;
      const draft: Draft<S> = {
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
            const r = admit([...ledger.admitted, order].map((o) => ({ order: o })), start, player, () => ({}));
            if (r.problems.length) return { code: r.problems[0]!.code, message: r.problems[0]!.message };
            ledger = r.ledger;
            ctx = r.ctx;
            return undefined;
          }
          const after = admitOne(order, ledger, ctx, player);
          if (!after.ok) return after.error;
          ctx = after.value;
          lastRank = rank(order);
          return undefined;
        },
      };
      return draft;
    },
  };
}
