import { botNamed, botNames, closestName, Random, type AnyRuleset, type Json, type OrdersContext, type Problem } from '@umpire/engine';

/** The bot a seat gets when the host names none: the ruleset's 'default' bot when it has one, else random legal play. */
export const DEFAULT_BOT = 'default';

/**
 * The bot of a name, for a ruleset. A name stored for a seat that the ruleset no longer has (a bot version removed
 * in a later build) plays as the ruleset's default bot: names are checked when given, so only a new build does that.
 */
function botFor(ruleset: AnyRuleset, name: string) {
  return botNamed(ruleset, name) ?? botNamed(ruleset, DEFAULT_BOT)!;
}

/** Why a bot name cannot take a seat of this ruleset's games, or undefined when it can. */
export function botProblem(ruleset: AnyRuleset, name: string, path: string): Problem | undefined {
  if (name === DEFAULT_BOT || botNamed(ruleset, name)) return undefined;
  const names = botNames(ruleset);
  const suggestion = closestName(name, names);
  return { code: 'unknown-bot', message: `no bot '${name}' for ${ruleset.id}; there are ${[DEFAULT_BOT, ...names].join(', ')}`, path, ...(suggestion ? { suggestion } : {}) };
}

/**
 * A bot's orders for a step. Its choices are drawn from the step's dice secret, which the server keeps until the
 * step resolves: a step adjudicated again after a crash gets the same bot orders, and players cannot foresee them.
 */
export function botOrders(ruleset: AnyRuleset, name: string, ctx: OrdersContext<Json>, secret: string): Json {
  return botFor(ruleset, name)(ctx, new Random(`${secret}/${ctx.step.id}/${ctx.seat}`, `bot:${name}`), ruleset);
}
