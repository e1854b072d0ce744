import type { LegalAction, Problem, Result } from '@umpire/engine';
import { emptyOrders, orderLanguage, type Ctx, type Draft, type GreatWarOrders } from './orders/language.js';
import { orderSpecs } from './parts.js';

/**
 * The order language of The War to End All Wars: the order kinds of every implemented phase, in the order the
 * turn resolves them. JSON form: { "orders": [ { "kind": "research", "tech": "improved-weapons" }, ... ] }.
 * Text form: one order per line, '#' starts a comment, case does not matter, words and names may be abbreviated
 * while only one thing fits. See docs/great-war/orders.md.
 */

export { orderSpecs } from './parts.js';
export type { GreatWarOrders } from './orders/language.js';
export { lookupTechnology, type ResearchOrder } from './p02-technology/research-names.js';

export const orderKinds = orderSpecs.map((s) => s.kind);
export type OrderKind = string;

const language = orderLanguage(orderSpecs);

export { emptyOrders };
export const parseOrders = (text: string, ctx: Ctx): Result<GreatWarOrders, Problem[]> => language.parseOrders(text, ctx);
export const checkOrders = (input: unknown, ctx: Ctx): Result<GreatWarOrders, Problem[]> => language.checkOrders(input, ctx);
export const formatOrders = (orders: GreatWarOrders): string => language.formatOrders(orders);
export const legalActions = (draft: GreatWarOrders, ctx: Ctx): LegalAction<GreatWarOrders>[] => language.legalActions(draft, ctx);
/** A draft built one order at a time, each checked once against those before it (a bot's way of writing orders). */
export const openDraft = (ctx: Ctx): Draft | undefined => language.openDraft(ctx);
export const actionsAt = (draft: GreatWarOrders, ctx: Ctx, area: string): LegalAction<GreatWarOrders>[] => language.actionsAt(draft, ctx, area);
