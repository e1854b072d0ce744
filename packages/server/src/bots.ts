import { Random, randomBot, type AnyRuleset, type Bot, type Json, type OrdersContext } from '@umpire/engine';

/** The bots that can take a seat, by name. */
export const bots: Readonly<Record<string, Bot>> = { random: randomBot() };

export const DEFAULT_BOT = 'random';

/**
 * A bot's orders for a step. Its choices are drawn from the step's dice secret, which the server keeps until the
 * step resolves: a step adjudicated again after a crash gets the same bot orders, and players cannot foresee them.
 */
export function botOrders(ruleset: AnyRuleset, name: string, ctx: OrdersContext<Json>, secret: string): Json {
  const bot = bots[name] ?? bots[DEFAULT_BOT]!;
  return bot(ctx, new Random(`${secret}/${ctx.step.id}/${ctx.seat}`, `bot:${name}`), ruleset);
}
