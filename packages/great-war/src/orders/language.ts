import { orderLanguage as engineOrderLanguage, widen as engineWiden, type AnyOrder, type Draft as EngineDraft, type OrderLanguage as EngineOrderLanguage, type OrderList, type OrderSeat, type OrderSpec as EngineOrderSpec, type OrdersContext } from '@umpire/engine';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';

/**
 * The order language of The War to End All Wars on the engine's order language kit (engine src/orders/): a registry
 * of order kinds, each in the module of its phase, on the game's state, a seat's player being its nation, whose
 * treasury the orders of a turn draw on. These are the kit's types bound to the game, so that a spec reads
 * `OrderSpec<MoveOrder>`; refusals are the engine's `Problem`, checks the engine's `Result`.
 */

export type { AnyOrder, Ledger, TextPosition } from '@umpire/engine';

export type Ctx = OrdersContext<GreatWarState>;

/** One kind of order of the game (the engine's OrderSpec on its state, given by a nation). */
export type OrderSpec<O extends AnyOrder = AnyOrder> = EngineOrderSpec<O, GreatWarState, NationState>;

export type GreatWarOrders = OrderList;

export type OrderLanguage = EngineOrderLanguage<GreatWarState, NationState>;

export type Draft = EngineDraft<GreatWarState>;

export const emptyOrders = (): GreatWarOrders => ({ orders: [] });

/** A seat plays a nation; its orders of a turn draw on the nation's treasury. */
export const nationSeat: OrderSeat<GreatWarState, NationState> = {
  playerOf: (ctx) => nationOf(ctx.state, ctx.seat),
  noPlayer: (ctx) => ({ code: 'unknown-nation', message: `seat '${ctx.seat}' is not a nation of this game` }),
  budget: (nation) => nation.treasury,
};

/** Build the language from the specs, in phase order (the order the turn resolves them in). */
export const orderLanguage = (specs: readonly OrderSpec[]): OrderLanguage => engineOrderLanguage(specs, nationSeat);

/** An order kind's spec as the registry holds it: for orders of any kind (the engine's widen). */
export const widen = <O extends AnyOrder>(spec: OrderSpec<O>): OrderSpec => engineWiden(spec);
