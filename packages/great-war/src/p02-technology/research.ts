import type { PhaseContext, SeatId } from '@umpire/engine';
import { technologyTable } from '../data/load.js';
import type { GreatWarState, NationState } from '../base/nations.js';
import type { Ledger } from '../orders/language.js';
import type { GreatWarOrders } from '../orders/language.js';
import type { ResearchOrder } from './research-names.js';
import { researchSpec } from './research-names.js';
import type { Technology } from '../data/schema.js';
import { levelOf } from '../base/units.js';
import { react } from '../base/reactions.js';

/**
 * Phase 2: Technology (GW-P02-TECH). A nation pays the research cost per attempt, makes at most one attempt per
 * technology per turn, and an attempt succeeds on the listed rolls of the research die, raising the nation's
 * level in that technology by one. The numbers live in data/technologies.json.
 *
 * What an advance does for the units already in play (automatic, paid or new units only, GW-P02-TECH-04/05/07) is
 * upgrades.ts's: a success is announced as an 'advance' (base/reactions.ts), to which it reacts. See docs/great-war/technology-and-victory.md.
 */

export { advanceFor, levelOf, mayBuild } from '../base/units.js';

export const researchPurpose = (nation: NationState, tech: Technology, advance: number) => `${nation.name} researches ${tech.name} (advance ${advance})`;

/** The 'technology' phase: every seat's research attempts, in seat order and then in the order given. */
export function resolveResearch(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const table = technologyTable();
  const { cost, die, successRolls } = table.research;
  for (const nation of state.nations) {
    const given = orders.get(nation.id);
    if (!given) continue;
    const made: string[] = [];
    const ledger: Ledger = { resources: nation.treasury, admitted: [] };
    let spent = 0;
    // The order registry imports every phase module; reading the orders here directly keeps the imports one way.
    for (const order of given.orders.filter((o): o is ResearchOrder => o.kind === 'research')) {
      // checkOrders has refused all of these already; this keeps the phase safe on its own (treasury never negative).
      const refusal = researchSpec.refusal(order, ledger, { state, seat: nation.id, step: ctx.step }, nation);
      if (refusal) {
        ctx.emit({ type: 'research-refused', nation: nation.id, tech: order.tech, code: refusal.code, reason: refusal.message });
        continue;
      }
      const tech = table.byId.get(order.tech)!;
      made.push(tech.id);
      ledger.admitted.push(order);
      ledger.resources -= cost;
      nation.treasury -= cost;
      spent += cost;
      const advance = levelOf(nation, tech.id) + 1;
      const roll = ctx.roll(die, researchPurpose(nation, tech, advance));
      const success = successRolls.includes(roll);
      if (success) nation.tech[tech.id] = advance;
      if (success) react(state, ctx, { kind: 'advance', nation: nation.id, tech: tech.id, advance });
      ctx.emit({ type: 'research', nation: nation.id, tech: tech.id, advance, roll, success, newLevel: levelOf(nation, tech.id), cost });
    }
    if (spent > 0) {
      ctx.emit({ type: 'treasury', nation: nation.id, change: -spent, reason: 'research', attempts: made.length, treasury: nation.treasury, visibleTo: [nation.id] });
    }
  }
  return state;
}
