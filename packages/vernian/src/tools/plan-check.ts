/**
 * Clauses: VB-TURN-01.
 * What the orders by clicking (plans.ts, air-plans.ts, unit-plans.ts) share: an order's lines checked as the editor
 * checks the whole orders text with them, so whatever a click gives passes the same check as typed text; and the
 * legal orders of one kind starting at a hex, on the draft the orders text makes up to that kind's phase.
 */
import type { AnyOrder, Ledger, OrdersContext, PlanPreview } from '@umpire/engine';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import type { SeatPlayer } from '../orders/player.js';
import { language, specs } from '../orders/language.js';

export type Ctx = OrdersContext<VernianState>;
export type Order = { kind: string; [k: string]: unknown };

export const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const PLURALS: Readonly<Record<string, string>> = { hex: 'hexes', die: 'dice' };
export const plural = (n: number, word: string) => `${n} ${n === 1 ? word : (PLURALS[word] ?? `${word}s`)}`;

/** The orders text with more lines, as the web client appends them, and the numbers of the first and last of them. */
function withLines(text: string, lines: string): { text: string; first: number; last: number } {
  const body = text.replace(/\s+$/, '');
  const next = body ? `${body}\n${lines}\n` : `${lines}\n`;
  const last = next.split('\n').length - 1;
  return { text: next, first: last - lines.split('\n').length + 1, last };
}

/** Order lines checked as the editor checks the whole text: the problems at those lines, and those they make elsewhere. */
function check(text: string, ctx: Ctx, lines: string): { problem?: string; elsewhere: string[] } {
  const next = withLines(text, lines);
  const parsed = language.parseOrders(next.text, ctx);
  if (parsed.ok) return { elsewhere: [] };
  const mine = (line: number | undefined) => line !== undefined && line >= next.first && line <= next.last;
  const here = parsed.error.filter((p) => mine(p.line));
  const elsewhere = parsed.error.filter((p) => !mine(p.line)).map((p) => `With it, line ${p.line ?? '?'}: ${p.message}`);
  return { ...(here.length ? { problem: here.map((p) => p.message).join('; ') } : {}), elsewhere };
}

/** A preview of an order's lines (one an order): the lines, or the problem that keeps them out. */
export function previewOf(text: string, ctx: Ctx, lines: string, facts: string[], table?: PlanPreview['table']): PlanPreview {
  const c = check(text, ctx, lines);
  return {
    ...(c.problem ? { problem: c.problem } : { line: lines }),
    facts: [...facts, ...c.elsewhere],
    ...(table ? { table } : {}),
  };
}

/** An order as the text parser reads it back: the line its kind writes. */
export const lineOf = (order: Order): string => language.specFor(order.kind)!.format(order as AnyOrder);

/** The draft of a turn's orders as each kind of order sees it: the context and ledger after the orders of its phase and before. */
export interface PhaseDrafts {
  /** The context and what the orders used, after the orders of every kind up to `kind` in phase order. */
  upTo(kind: string): { readonly ctx: Ctx; readonly ledger: Ledger };
  /** The state after all the orders. */
  readonly after: VernianState;
  /** The orders admitted, in phase order. */
  readonly admitted: readonly Order[];
}

/** The draft the orders make, kind by kind in phase order: each order added once. */
export function phaseDrafts(orders: readonly Order[], ctx: Ctx): PhaseDrafts {
  const draft = language.openDraft(ctx)!;
  const rank = (kind: string) => specs.findIndex((s) => s.kind === kind);
  const ordered = orders.map((o, i) => ({ o, i })).sort((a, b) => rank(a.o.kind) - rank(b.o.kind) || a.i - b.i);
  const snapshots = specs.map((spec, r) => {
    for (const { o } of ordered) if (rank(o.kind) === r) draft.add(o as AnyOrder);
    return { kind: spec.kind, ctx: draft.ctx, ledger: draft.ledger };
  });
  return {
    upTo: (kind) => snapshots.find((s) => s.kind === kind) ?? snapshots.at(-1)!,
    after: draft.ctx.state,
    admitted: draft.ledger.admitted as readonly Order[],
  };
}

/**
 * The orders of a kind that start at a hex (the spec's `candidatesAt`) and that its check admits, on the draft the
 * orders so far make up to that kind's phase (those of later phases do not change what it may do). An order whose line
 * troubles a later order of the text says so in its preview, where the whole text is checked with it.
 */
export function legalAt(kind: string, drafts: PhaseDrafts, ctx: Ctx, side: Side, area: string): Order[] {
  const spec = language.specFor(kind);
  if (!spec?.candidatesAt) return [];
  const { ctx: now, ledger } = drafts.upTo(kind);
  const player: SeatPlayer = { side, start: ctx.state, turn: ctx.step.turn };
  return spec.candidatesAt(ledger, now, player, area).filter((o) => spec.refusal(o, ledger, now, player) === undefined);
}

/** The kinds of order whose spec gives candidates at a hex, in phase order. */
export const kindsAt = (): string[] => specs.filter((s) => s.candidatesAt).map((s) => s.kind);
