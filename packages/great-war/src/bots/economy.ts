import { compareCodeUnits } from '@umpire/engine';
import type { BuildOrder } from '../p03-build/build-orders.js';
import { TRENCH_INFANTRY } from '../p03-build/build.js';
import { incorporationCost, type IncorporateOrder } from '../economy/incorporation.js';
import type { Draft } from '../orders/language.js';
import { candidatePlaces, startView } from '../economy/placement.js';
import type { UnitType } from '../data/schema.js';
import { unitStats } from '../base/units.js';
import type { GeneralParams } from './bot-data.js';
import type { Situation } from './situation.js';

/**
 * The general's economy: what it incorporates (phase 12) is set aside first, then research (phase 2), then units
 * and trenches (phase 3), placed in the cities nearest the front it is pressed hardest on.
 */

/** The conquests worth incorporating this turn, the most valuable first, within a share of the treasury. */
export function chooseIncorporations(s: Situation, params: GeneralParams, draft: Draft): IncorporateOrder[] {
  const held = Object.entries(s.state.board.territories)
    .filter(([, h]) => h.owner === s.nation.id && !h.incorporated)
    .map(([id]) => id)
    .sort((a, b) => (s.world.territory.get(b)?.value ?? 0) - (s.world.territory.get(a)?.value ?? 0) || compareCodeUnits(a, b));
  let budget = Math.floor(draft.ledger.resources * params.incorporateShare);
  const out: IncorporateOrder[] = [];
  for (const territory of held) {
    const cost = incorporationCost(territory, s.nation.id, s.world);
    if (cost > budget || (s.world.territory.get(territory)?.value ?? 0) === 0) continue;
    budget -= cost;
    out.push({ kind: 'incorporate', territory });
  }
  return out;
}

/** Research attempts on the most wanted technologies the draft admits, while the treasury is above the floor. */
export function planResearch(params: GeneralParams, draft: Draft): void {
  if (draft.ledger.resources < params.researchFloor) return;
  let attempts = params.researchAttempts;
  for (const tech of params.researchPriority) {
    if (attempts <= 0) break;
    if (!draft.add({ kind: 'research', tech })) attempts--;
  }
}

/** The most of a unit a place takes within the budget: the count is halved until the rules admit it. */
function buildMost(draft: Draft, unit: UnitType, at: string, most: number, extra: Partial<BuildOrder> = {}): number {
  for (let count = most; count >= 1; count = count > 2 ? Math.floor(count / 2) : count - 1) {
    const order: BuildOrder = { kind: 'build', unit, count, at, ...extra };
    if (!draft.add(order)) return count;
  }
  return 0;
}

/**
 * Units: infantry and a share of artillery, in the cities nearest the front (the one pressed hardest first), with what
 * is left once `keep` is set aside; a nation at peace spends only a share. Then trenches where the enemy presses.
 */
export function planBuilds(s: Situation, params: GeneralParams, draft: Draft, keep: number): void {
  const atWar = s.nation.atWarWith.length > 0;
  const spendable = Math.max(0, draft.ledger.resources - keep);
  let budget = Math.floor(atWar ? spendable : spendable * params.neutralSpendShare);
  const view = startView(draft.ctx.state, s.nation, s.world);
  const near = (places: readonly string[]) =>
    [...places].sort((a, b) => (s.distanceToFront.get(a) ?? Number.MAX_SAFE_INTEGER) - (s.distanceToFront.get(b) ?? Number.MAX_SAFE_INTEGER) || s.pressure(b) - s.pressure(a) || compareCodeUnits(a, b));
  // A unit the table gives no cost is never bought: counted at 1 only to keep the divisions below finite.
  const costOf = (unit: UnitType) => unitStats(s.state, s.nation, unit).cost ?? 1;

  // Trenches first: they are cheap and make a front hold (GW-TRENCH).
  if (atWar && params.trenchesPerTurn > 0) {
    const fronts = [...s.stacks]
      .filter(([at, units]) => s.state.board.territories[at]?.owner === s.nation.id && units.filter((u) => u.type === 'infantry').length >= TRENCH_INFANTRY.trench && s.enemiesNextTo(at) > 0)
      .map(([at]) => at)
      .sort((a, b) => s.pressure(b) - s.pressure(a) || compareCodeUnits(a, b));
    let dug = 0;
    for (const at of fronts) {
      if (dug >= params.trenchesPerTurn || budget < costOf('trench' as UnitType)) break;
      const facing = s
        .neighbours(at)
        .filter((n) => s.enemies.has(n))
        .sort((a, b) => (s.enemies.get(b)?.length ?? 0) - (s.enemies.get(a)?.length ?? 0) || compareCodeUnits(a, b))[0];
      if (!facing || s.state.board.trenches.some((t) => t.nation === s.nation.id && t.territory === at && t.facing === facing)) continue;
      const before = draft.ledger.resources;
      if (!draft.add({ kind: 'build', unit: 'trench', count: 1, at, facing })) {
        budget -= before - draft.ledger.resources;
        dug++;
      }
    }
  }

  const infantryPlaces = near(candidatePlaces(view, 'infantry' as UnitType));
  const artilleryPlaces = near(candidatePlaces(view, 'artillery' as UnitType));
  const spend = (unit: UnitType, places: readonly string[], share: number) => {
    let money = Math.floor(budget * share);
    const cost = costOf(unit);
    for (const at of places) {
      const most = Math.floor(money / cost);
      if (most < 1) break;
      const before = draft.ledger.resources;
      if (buildMost(draft, unit, at, most) > 0) {
        const paid = before - draft.ledger.resources;
        money -= paid;
        budget -= paid;
      }
    }
  };
  spend('artillery' as UnitType, artilleryPlaces.slice(0, params.artilleryCities), params.artilleryShare);
  spend('infantry' as UnitType, infantryPlaces, 1);
}
