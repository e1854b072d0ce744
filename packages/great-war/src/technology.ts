import type { PhaseContext, SeatId } from '@umpire/engine';
import { technologyTable, type TechnologyTable } from './data.js';
import type { GreatWarState, NationState } from './nations.js';
import type { GreatWarOrders } from './orders.js';
import type { Effect, Technology, UnitType } from './schema.js';

/**
 * Phase 2: Technology (GW-P02-TECH). A nation pays the research cost per attempt, makes at most one attempt per
 * technology per turn, and an attempt succeeds on the listed rolls of the research die, raising the nation's
 * level in that technology by one. The numbers live in data/technologies.json.
 *
 * Unit upgrades (paid or automatic, GW-P02-TECH-04/05/07) are not applied here: the unit tables come with phase 3.
 * See docs/great-war/decisions.md#d-tech-5-existing-units-after-an-advance.
 */

export const levelOf = (nation: NationState, techId: string): number => nation.tech[techId] ?? 0;

/** What the n-th advance (1-based) of a technology does for this nation: tank prototypes change the 1st tank advance. */
export function advanceFor(nation: NationState, tech: Technology, n: number): { readonly text: string; readonly effects: readonly Effect[] } | undefined {
  const advance = tech.advances[n - 1];
  if (!advance) return undefined;
  const unlocks = advance.effects.find((e) => e.kind === 'may-build')?.unit;
  if (advance.ifAlreadyBuildable && unlocks !== undefined && nation.mayBuildAtStart.includes(unlocks)) return advance.ifAlreadyBuildable;
  return advance;
}

/** Whether the nation may build a unit type: ungated units always, gated ones from the start or after the advance that unlocks them. */
export function mayBuild(nation: NationState, unit: UnitType, table: TechnologyTable = technologyTable()): boolean {
  if (!table.gatedUnits.has(unit) || nation.mayBuildAtStart.includes(unit)) return true;
  return table.list.some((tech) =>
    tech.advances.some((advance, i) => i < levelOf(nation, tech.id) && advance.effects.some((e) => e.kind === 'may-build' && e.unit === unit)),
  );
}

export type RefusalCode = 'unknown-technology' | 'one-attempt-per-technology' | 'technology-complete' | 'not-enough-resources';

export interface Refusal {
  readonly code: RefusalCode;
  readonly message: string;
}

/**
 * Why an attempt on `techId` may not be made, given the attempts the nation already makes this turn (earlier in
 * its orders) and the resources they take; undefined when it may.
 */
export function researchRefusal(
  nation: NationState,
  techId: string,
  earlier: readonly string[],
  table: TechnologyTable = technologyTable(),
): Refusal | undefined {
  const tech = table.byId.get(techId);
  if (!tech) return { code: 'unknown-technology', message: `there is no technology '${techId}'` };
  const { cost, attemptsPerTechnologyPerTurn: perTurn } = table.research;
  if (earlier.filter((t) => t === techId).length >= perTurn) {
    return { code: 'one-attempt-per-technology', message: `${nation.name} may make only ${perTurn === 1 ? 'one attempt' : `${perTurn} attempts`} on ${tech.name} per turn` };
  }
  const level = levelOf(nation, techId);
  if (level >= tech.maxAdvances) {
    return { code: 'technology-complete', message: `${nation.name} already has all ${tech.maxAdvances} advance${tech.maxAdvances === 1 ? '' : 's'} of ${tech.name}` };
  }
  const total = (earlier.length + 1) * cost;
  if (total > nation.treasury) {
    return {
      code: 'not-enough-resources',
      message: `${earlier.length + 1} research attempt${earlier.length ? 's' : ''} at ${cost} each cost ${total}, and ${nation.name} has ${nation.treasury}`,
    };
  }
  return undefined;
}

export const researchPurpose = (nation: NationState, tech: Technology, advance: number) => `${nation.name} researches ${tech.name} (advance ${advance})`;

/** The 'technology' phase: every seat's research attempts, in seat order and then in the order given. */
export function resolveResearch(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const table = technologyTable();
  const { cost, die, successRolls } = table.research;
  for (const nation of state.nations) {
    const given = orders.get(nation.id);
    if (!given) continue;
    const made: string[] = [];
    let spent = 0;
    for (const order of given.orders) {
      // checkOrders has refused all of these already; this keeps the phase safe on its own (treasury never negative).
      const refusal = researchRefusal({ ...nation, treasury: nation.treasury + spent }, order.tech, made, table);
      if (refusal) {
        ctx.emit({ type: 'research-refused', nation: nation.id, tech: order.tech, code: refusal.code, reason: refusal.message });
        continue;
      }
      const tech = table.byId.get(order.tech)!;
      made.push(tech.id);
      nation.treasury -= cost;
      spent += cost;
      const advance = levelOf(nation, tech.id) + 1;
      const roll = ctx.roll(die, researchPurpose(nation, tech, advance));
      const success = successRolls.includes(roll);
      if (success) nation.tech[tech.id] = advance;
      ctx.emit({ type: 'research', nation: nation.id, tech: tech.id, advance, roll, success, newLevel: levelOf(nation, tech.id), cost });
    }
    if (spent > 0) {
      ctx.emit({ type: 'treasury', nation: nation.id, change: -spent, reason: 'research', attempts: made.length, treasury: nation.treasury, visibleTo: [nation.id] });
    }
  }
  return state;
}
