/**
 * Clauses: GW-USOPT, GW-NEUT-USA.
 * The words of the neutral USA's options (orders of phase 1): the order kinds, camps and nations as typed or in JSON
 * with their located problems, the refusals every option shares (the USA only, while neutral; once a turn; what it
 * costs), and the void orders and payments of the 'united-states' phase.
 */
import { closestName, jsonPath, type PhaseContext, type Problem, type SeatId, nameIndex, type NameIndex } from '@umpire/engine';
import { minorOf, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, Ledger, TextPosition } from '../orders/language.js';
import { type Camp, usaId, usaIsNeutral, CAMP_NAMES } from './united-states.js';

export type UsGearUpOrder = { kind: 'us-gear-up' };
export type UsWarVoteOrder = { kind: 'us-war-vote'; on: string };
export type UsLendOrder = { kind: 'us-lend'; amount: number; to: string };
export type UsPublicityOrder = { kind: 'us-publicity'; toward: Camp };
export type UsInfluenceOrder = { kind: 'us-influence'; target: string; toward: Camp };
export type UsJoinOrder = { kind: 'us-join'; side: Camp };
export type UsaOrder = UsGearUpOrder | UsWarVoteOrder | UsLendOrder | UsPublicityOrder | UsInfluenceOrder | UsJoinOrder;

const indexes = new Map<string, NameIndex>();
function nations(state: GreatWarState): NameIndex {
  let index = indexes.get(state.scenario);
  if (!index) {
    index = nameIndex([...state.nations, ...state.minors].map((n) => ({ id: n.id, name: n.name, aliases: [n.abbreviation] })));
    indexes.set(state.scenario, index);
  }
  return index;
}

export const nameOf = (state: GreatWarState, id: string): string => (nationOf(state, id) ?? minorOf(state, id))?.name ?? id;

const CAMP_WORDS: Record<string, Camp> = { allies: 'allied', allied: 'allied', 'allied powers': 'allied', entente: 'allied', central: 'central', 'central powers': 'central', centrals: 'central' };
export const CAMP_TEXT: Record<Camp, string> = { allied: 'the allies', central: 'the central powers' };

/** A camp as typed ('the Allies', 'central powers'), or a located problem with a 'did you mean'. */
export function readCamp(typed: string, at: TextPosition, column: number): Camp | Problem {
  const key = typed.trim().toLowerCase().replace(/^the\s+/, '').replace(/\s+/g, ' ');
  const camp = CAMP_WORDS[key];
  if (camp) return camp;
  const suggestion = closestName(key, ['allies', 'central powers']);
  return { code: 'unknown-camp', message: `'${typed}' is not a camp of the war: the allies or the central powers`, line: at.line, column, ...(suggestion ? { suggestion } : {}) };
}

/** A nation as typed, or a located problem. */
export function readNation(state: GreatWarState, typed: string, at: TextPosition, column: number): string | Problem {
  const article = /^the\s+/i.exec(typed)?.[0] ?? '';
  const r = nations(state).lookup(typed.slice(article.length).trim());
  if (r.ok) return r.id;
  if (r.reason === 'ambiguous') return { code: 'ambiguous-nation', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name`, line: at.line, column: column + article.length };
  return { code: 'unknown-nation', message: `there is no nation '${typed}'`, line: at.line, column: column + article.length, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) };
}

export const isProblem = (x: unknown): x is Problem => typeof x === 'object' && x !== null && 'code' in x;

export function jsonCamp(item: Record<string, unknown>, path: readonly (string | number)[], field: string): Camp | Problem {
  const v = item[field];
  if (v === 'allied' || v === 'central') return v;
  const suggestion = typeof v === 'string' ? closestName(v, ['allied', 'central']) : undefined;
  return { code: 'unknown-camp', message: `${field} is "allied" or "central"`, path: jsonPath([...path, field]), ...(suggestion ? { suggestion } : {}) };
}

export function jsonNation(state: GreatWarState, item: Record<string, unknown>, path: readonly (string | number)[], field: string): string | Problem {
  const v = item[field];
  const ids = [...state.nations, ...state.minors].map((n) => n.id);
  if (typeof v === 'string' && ids.includes(v)) return v;
  const suggestion = typeof v === 'string' ? closestName(v, ids) : undefined;
  return { code: 'unknown-nation', message: typeof v === 'string' ? `there is no nation '${v}'` : `${field} is a nation id, e.g. "mexico"`, path: jsonPath([...path, field]), ...(suggestion ? { suggestion } : {}) };
}

/** Why the USA may not use its options as a neutral; undefined: it may. */
export function neutralRefusal(state: GreatWarState, nation: NationState, what: string): { code: string; message: string } | undefined {
  if (nation.id !== usaId()) return { code: 'not-the-usa', message: `${what} is an option of the USA only` };
  if (!usaIsNeutral(state)) return { code: 'usa-at-war', message: `${what} is an option of the neutral USA, and the USA has joined ${CAMP_NAMES[nation.side as Camp] ?? 'the war'}` };
  return undefined;
}

export const admittedOfKind = (ledger: Ledger, kind: string) => ledger.admitted.filter((o) => o.kind === kind);

export const costRefusal = (ledger: Ledger, cost: number, what: string) =>
  cost > ledger.resources ? { code: 'not-enough-resources', message: `${what} costs ${cost}, and the USA has ${ledger.resources} left` } : undefined;

// ---------------------------------------------------------------------------------------------------------------
// In phase 1: the orders of a kind, a void order, the payment

export const ordersOf = (orders: ReadonlyMap<SeatId, GreatWarOrders>, kind: string) => (orders.get(usaId())?.orders ?? []).filter((o) => o.kind === kind) as unknown as UsaOrder[];

export function voidOrder(ctx: PhaseContext, order: string, reason: { code: string; message: string }): void {
  ctx.emit({ type: 'order-void', phase: 'united-states', nation: usaId(), order, code: reason.code, reason: reason.message });
}

export function pay(usa: NationState, amount: number): boolean {
  if (amount > usa.treasury) return false;
  usa.treasury -= amount;
  return true;
}
