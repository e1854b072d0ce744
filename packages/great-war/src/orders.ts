import type { LegalAction, Problem, Result } from '@umpire/engine';
import { emptyOrders, orderLanguage, type Ctx, type Draft, type GreatWarOrders, type OrderSpec } from './orders/language.js';
import { researchSpec, type ResearchOrder } from './p02-technology/research-names.js';
import { buildSpec } from './p03-build/build.js';
import { type BuildOrder } from './p03-build/build-orders.js';
import { incorporateSpec, type IncorporateOrder } from './economy/incorporation.js';
import { giveSpec, type GiveOrder } from './economy/resources.js';
import { moveSpec, type MoveOrder } from './land/land-movement.js';
import { flySpec } from './air/air-movement.js';
import { type FlyOrder } from './air/missions.js';
import { repairSpec, sailSpec } from './sea/naval-movement.js';
import { type RepairOrder, type SailOrder } from './sea/fleet.js';
import { interceptSpec, type InterceptOrder } from './air/air-combat.js';
import { bombSpec, strikeSpec, type BombOrder, type StrikeOrder } from './p04-bombing/bombing.js';
import { lossesSpec, retreatSpec } from './land/land-combat.js';
import { type LossesOrder, type RetreatOrder } from './combat/losses.js';
import { strategicSpec, type StrategicOrder } from './land/strategic-movement.js';
import { exileSpec, type ExileOrder } from './base/conquest.js';
import { retoolSpec, type RetoolOrder } from './p03-build/retool.js';
import { ambushSpec, disengageSpec, huntSpec, type AmbushOrder } from './sea/submarines.js';
import { type HuntOrder } from './sea/detection.js';
import { type DisengageOrder } from './sea/naval-combat.js';
import { embarkSpec, landSpec, type EmbarkOrder, type LandOrder } from './sea/transports.js';
import { coverSpec, type CoverOrder } from './sea/sea-patrols.js';
import { evadeSpec, type EvadeOrder } from './sea/ship-equipment.js';
import { diplomacySpecs, type DiplomacyOrder } from './p01-diplomacy/diplomacy.js';
import { surrenderSpecs, type SurrenderOrder } from './p01-diplomacy/surrender.js';
import { usaSpecs } from './p01-neutrals/us-options.js';
import { type UsaOrder } from './p01-neutrals/us-orders.js';
import { ottomanSpecs, type OttomanOrder } from './p01-neutrals/ottoman-deals.js';
import { italySpecs, type ItalyOrder } from './p01-neutrals/italy.js';
import { japanSpecs, type JapanOrder } from './p01-neutrals/japan.js';
import { chinaSpecs, type ChinaOrder } from './p01-neutrals/china.js';
import { optionSpecs } from './p01-options/national-options.js';
import { type OptionOrder } from './p01-options/shared.js';
import { revolutionSpecs, type RevolutionOrder } from './p15-special/revolution.js';
import { mutinySpecs, type MutinyOrder } from './p15-special/mutiny.js';
import { spainSpecs, type SpainOrder } from './p15-special/spain.js';
import { upgradeSpecs, type UpgradeOrder } from './p02-technology/upgrades.js';
import { breakthroughSpec, type BreakthroughOrder } from './land/breakthrough.js';

/**
 * The order language of The War to End All Wars: the order kinds of every implemented phase, in the order the
 * turn resolves them. JSON form: { "orders": [ { "kind": "research", "tech": "improved-weapons" }, ... ] }.
 * Text form: one order per line, '#' starts a comment, case does not matter, words and names may be abbreviated
 * while only one thing fits. See docs/great-war/orders.md.
 */

/** Every order kind, in phase order. A phase module adds its kinds on the line of its phase. */
export const orderSpecs: readonly OrderSpec[] = [
  // Phase 1: diplomatic actions (1.1 declarations, the Far East, 1.2 influence, the neutral majors, the United States, the national options, 1.3 surrender)
  ...diplomacySpecs, ...japanSpecs, ...chinaSpecs, ...ottomanSpecs, ...italySpecs, ...usaSpecs, ...optionSpecs, ...surrenderSpecs,
  researchSpec as unknown as OrderSpec, ...upgradeSpecs, // Phase 2: technology (research, then upgrades of the units in play)
  retoolSpec as unknown as OrderSpec, buildSpec as unknown as OrderSpec, // Phase 3: build new units (and where phase 13 places them; retooling first)
  bombSpec as unknown as OrderSpec, strikeSpec as unknown as OrderSpec, // Phase 4: industrial and tactical bombing
  huntSpec as unknown as OrderSpec, disengageSpec as unknown as OrderSpec, // Phase 5: submarine detection (and the standing order for submarine fights)
  repairSpec as unknown as OrderSpec, sailSpec as unknown as OrderSpec, embarkSpec as unknown as OrderSpec, // Phase 6: naval movement (repairs first; troops embark onto the transports)
  coverSpec as unknown as OrderSpec, ambushSpec as unknown as OrderSpec, // Phase 6.1: submarine interception (the cover aircraft sent out in phase 6 first)
  evadeSpec as unknown as OrderSpec, // Phase 7: naval combat (the standing order for ships radar warns of a strike)
  moveSpec as unknown as OrderSpec, landSpec as unknown as OrderSpec, flySpec as unknown as OrderSpec, lossesSpec as unknown as OrderSpec, retreatSpec as unknown as OrderSpec, breakthroughSpec as unknown as OrderSpec, // Phase 8: land movement (and the standing orders for land combat)
  interceptSpec as unknown as OrderSpec, // Phase 9: air combat
  strategicSpec as unknown as OrderSpec, exileSpec as unknown as OrderSpec, // Phase 11: strategic movement (and governments in exile)
  incorporateSpec as unknown as OrderSpec, // Phase 12: incorporation
  // Phase 13: place new units
  giveSpec as unknown as OrderSpec, // Phase 14: collect resources (gifts)
  ...revolutionSpecs, ...mutinySpecs, ...spainSpecs, // Phase 15: special rules
];

/** Every order, by kind. A phase module adds its order types here. */
export type Order =
  | DiplomacyOrder | SurrenderOrder | UsaOrder | OttomanOrder | ItalyOrder | JapanOrder | ChinaOrder | OptionOrder | RevolutionOrder | MutinyOrder | SpainOrder | UpgradeOrder
  | ResearchOrder | RetoolOrder | BuildOrder | BombOrder | StrikeOrder | HuntOrder | DisengageOrder | AmbushOrder | CoverOrder | EvadeOrder | MoveOrder | FlyOrder | SailOrder | RepairOrder | EmbarkOrder | LandOrder | InterceptOrder | LossesOrder | RetreatOrder | BreakthroughOrder | StrategicOrder | ExileOrder | IncorporateOrder | GiveOrder;
export type { GreatWarOrders } from './orders/language.js';
export { lookupTechnology, type ResearchOrder } from './p02-technology/research-names.js';

export const orderKinds = orderSpecs.map((s) => s.kind);
export type OrderKind = Order['kind'];

const language = orderLanguage(orderSpecs);

export { emptyOrders };
export const parseOrders = (text: string, ctx: Ctx): Result<GreatWarOrders, Problem[]> => language.parseOrders(text, ctx);
export const checkOrders = (input: unknown, ctx: Ctx): Result<GreatWarOrders, Problem[]> => language.checkOrders(input, ctx);
export const formatOrders = (orders: GreatWarOrders): string => language.formatOrders(orders);
export const legalActions = (draft: GreatWarOrders, ctx: Ctx): LegalAction<GreatWarOrders>[] => language.legalActions(draft, ctx);
/** A draft built one order at a time, each checked once against those before it (a bot's way of writing orders). */
export const openDraft = (ctx: Ctx): Draft | undefined => language.openDraft(ctx);
export const actionsAt = (draft: GreatWarOrders, ctx: Ctx, area: string): LegalAction<GreatWarOrders>[] => language.actionsAt(draft, ctx, area);

/** The orders of one kind, typed. */
export function ordersOfKind<K extends Order['kind']>(orders: GreatWarOrders, kind: K): Extract<Order, { kind: K }>[] {
  return orders.orders.filter((o) => o.kind === kind) as unknown as Extract<Order, { kind: K }>[];
}
