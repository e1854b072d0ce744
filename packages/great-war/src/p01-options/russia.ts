/**
 * Clauses: GW-OPT-RUS (option 1).
 * Russian option 1: aid to Serbia, the cost and the gift from Russia's treasury (D-OPT-9).
 */
import { type PhaseContext } from '@umpire/engine';
import { allied, nationName, sideOf } from '../base/conquest.js';
import { minorOf, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import { numbers, type SerbianAidOrder, plainSpec, serbiaAtHand, pay } from './shared.js';

/** Russian option 1: aid to Serbia (GW-OPT-RUS-01): the cost and the gift both come from Russia's treasury (D-OPT-9). */
export const serbianAidSpec = plainSpec<SerbianAidOrder>(
  'serbian-aid',
  { nations: () => [numbers().serbianAid.nation], title: 'Russian option 1 (support for Serbia)' },
  () => numbers().serbianAid.cost + numbers().serbianAid.gift,
  (_l, ctx) => {
    const { to, nation } = numbers().serbianAid;
    const refusal = serbiaAtHand(ctx.state, to);
    if (refusal) return refusal;
    return allied(ctx.state, to, nation) && sideOf(ctx.state, to) !== 'neutral' ? undefined : { code: 'not-an-ally', message: `${nationName(ctx.state, to)} is not ${nationName(ctx.state, nation)}'s ally in the war` };
  },
);

/** Russia's aid to Serbia (GW-OPT-RUS-01, D-OPT-9): Russia pays the cost and the gift; the whole gift arrives. */
export function runSerbianAid(state: GreatWarState, nation: NationState, ctx: PhaseContext): void {
  const a = numbers().serbianAid;
  const serbia = nationOf(state, a.to) ?? minorOf(state, a.to);
  if (!serbia || !pay(nation, a.cost + a.gift, 'serbian-aid', ctx)) return;
  serbia.treasury += a.gift;
  ctx.emit({ type: 'serbian-aid', nation: nation.id, to: a.to, cost: a.cost, gift: a.gift, treasury: serbia.treasury });
}
