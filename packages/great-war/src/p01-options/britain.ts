/**
 * Clauses: GW-OPT-GBR (options 1 and 4), GW-OPT-GER (options 2 and 3).
 * Propaganda in the USA (British option 4 and German option 3, D-OPT-3) and the US opinion roll of a blockade of US
 * trade (British option 1 and German option 2, D-OPT-1, D-OPT-2): the blockades are noted after the naval combat and
 * rolled for in phase 15.
 */
import { type PhaseContext, type SeatId } from '@umpire/engine';
import { nationName } from '../base/conquest.js';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { blockadeZones, isWarship, seaTradeRules, usaNeutral } from '../p15-special/sea-trade.js';
import { numbers, record, type PropagandaOrder, plainSpec, pay, sway } from './shared.js';

const propagandaOf = (nation: string) => numbers().propaganda.find((p) => p.nation === nation);

/** British option 4 and German option 3: a propaganda campaign in the USA (GW-OPT-GBR-14, GW-OPT-GER-09). */
export const propagandaSpec = plainSpec<PropagandaOrder>(
  'us-propaganda',
  { nations: () => numbers().propaganda.map((p) => p.nation), title: 'British option 4 and German option 3 (propaganda in the USA)' },
  (ctx) => propagandaOf(ctx.seat)?.cost ?? 0,
  (_l, ctx) => (usaNeutral(ctx.state) ? undefined : { code: 'usa-at-war', message: 'the USA is in the war: its public opinion no longer decides anything' }),
);

/** A propaganda campaign (GW-OPT-GBR-14, -15, GW-OPT-GER-09, -10, D-OPT-3): 2D10, swayed on a high total, found out on 2. */
export function runPropaganda(state: GreatWarState, nation: NationState, ctx: PhaseContext): void {
  const p = propagandaOf(nation.id);
  if (!p || !pay(nation, p.cost, 'us-propaganda', ctx)) return;
  const rolls = ctx.rollDice(p.dice, p.die, `${nation.name}'s propaganda in the USA (${p.sway.atLeast}+ sways opinion, ${p.discovered.on} is found out)`);
  const total = rolls.reduce((a, b) => a + b, 0);
  const result = total >= p.sway.atLeast ? 'swayed' : total === p.discovered.on ? 'discovered' : 'no-effect';
  ctx.emit({ type: 'us-propaganda', nation: nation.id, rolls, total, result, cost: p.cost });
  if (result === 'swayed') sway(state, ctx, p.sway.shift, 'option', `${nation.name}'s propaganda sways the American public`);
  if (result === 'discovered') sway(state, ctx, p.discovered.shift, p.discovered.event, `${nation.name}'s propaganda is discovered`);
}

// ---------------------------------------------------------------------------------------------------------------
// Blockades of US trade: noted after the naval combat, rolled for in phase 15

/**
 * Whether a nation blockades the US trade of a receiver this turn (D-OPT-1): at war with the receiver, it has
 * warships given the blockade task of phase 6 (D-NAV-27) in every zone of the blockade of one of the route's paths
 * (D-SEA-10): the Skagerrak for Germany's trade, the Middle Atlantic for France's, the North and Middle Atlantic for
 * Britain's.
 */
export function blockadesTradeOf(state: GreatWarState, nation: string, receiver: string): boolean {
  const route = seaTradeRules.usTrade.routes.find((r) => r.to === receiver);
  const me = nationOf(state, nation);
  if (!route || !me?.atWarWith.includes(receiver)) return false;
  const declared = new Set(state.sea.blockade);
  const holds = (zone: string) => state.board.units.some((u) => u.nation === nation && u.at === zone && declared.has(u.id) && isWarship(u.type));
  return route.paths.some((p) => blockadeZones(state, route, p).every(holds));
}

/**
 * The 'blockade-opinion' step (after the naval combat of phase 7; D-OPT-1): the nations whose ships still hold a
 * blockade of US trade chosen this turn are noted, for the US opinion roll of phase 15 ('options-end'). No dice.
 */
export function resolveBlockadeOpinion(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState {
  record(state).blockading = numbers()
    .blockades.map((b) => ({ nation: b.nation, receivers: b.receivers.filter((r) => blockadesTradeOf(state, b.nation, r)) }))
    .filter((b) => b.receivers.length > 0);
  return state;
}

/**
 * The US opinion roll of the turn's blockades (D-OPT-1, D-OPT-2): while the USA is neutral, each nation that
 * blockaded US trade this turn rolls once: British blockade 2 in 10 for -1, German 2 in 10 for +1 (US Entry events
 * 9b and 10). The note of the turn's blockades is cleared.
 */
export function rollBlockadeOpinion(state: GreatWarState, ctx: PhaseContext): void {
  const noted = record(state).blockading;
  record(state).blockading = [];
  if (!usaNeutral(state)) return;
  for (const { nation, receivers } of noted) {
    const b = numbers().blockades.find((x) => x.nation === nation);
    if (!b) continue;
    const roll = ctx.roll(b.die, `${nationName(state, b.nation)}'s blockade of US trade to ${receivers.map((r) => nationName(state, r)).join(' and ')} turns US opinion on ${b.chance} or less`);
    const shifted = roll <= b.chance;
    ctx.emit({ type: 'blockade-opinion', nation: b.nation, receivers, roll, shifted });
    if (shifted) sway(state, ctx, b.shift, b.event, `${nationName(state, b.nation)} blockades US trade`);
  }
}
