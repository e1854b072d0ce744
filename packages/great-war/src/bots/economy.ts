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
import { manpowerLimit, manpowerRegionFor } from '../base/nations.js';
import { ruleGarrisonShortfall } from './offensive.js';
import { transportsWanted } from './sealift.js';

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
 * Units: first the infantry a rule garrison lacks (the Spanish border, GW-P15-SPAIN-02), placed there; trenches where
 * the enemy presses; then a share of artillery and infantry, in the cities nearest the front (the one pressed hardest
 * first), with what is left once `keep` is set aside; a nation at peace spends only a share. With `manpowerCap`, no
 * infantry beyond the manpower limit (double cost and a chance of mutiny, GW-MANP-02, GW-P15-MUTINY-01): the money
 * left goes on artillery.
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

  // Manpower left in each region this turn: infantry bought beyond it pays double and risks a mutiny.
  const bought = new Map<string, number>();
  const room = (at: string): number => {
    if (!params.manpowerCap) return Number.MAX_SAFE_INTEGER;
    const region = manpowerRegionFor(s.nation, s.world.territory.get(at)?.colony ?? null);
    return Math.max(0, manpowerLimit(s.nation, region.region) - region.built - (bought.get(region.region) ?? 0));
  };
  const tally = (at: string, count: number) => {
    const region = manpowerRegionFor(s.nation, s.world.territory.get(at)?.colony ?? null).region;
    bought.set(region, (bought.get(region) ?? 0) + count);
  };

  // The garrisons the rules punish leaving short come first, wherever the war is (GW-P15-SPAIN-02).
  for (const { at, missing } of ruleGarrisonShortfall(s, params)) {
    const before = draft.ledger.resources;
    const n = buildMost(draft, 'infantry' as UnitType, at, missing);
    if (n > 0) {
      budget = Math.max(0, budget - (before - draft.ledger.resources));
      tally(at, n);
    }
  }

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

  // Transports for a ferry that has troops waiting and somewhere to land them (src/bots/sealift.ts).
  const ferry = atWar ? transportsWanted(s, params, candidatePlaces(view, 'transport' as UnitType)) : undefined;
  if (ferry) {
    const most = Math.min(ferry.count, Math.floor((budget * params.sealiftShare) / costOf('transport' as UnitType)));
    const before = draft.ledger.resources;
    const bought = most > 0 ? buildMost(draft, 'transport' as UnitType, ferry.zone, most) : 0;
    if (bought > 0) budget = Math.max(0, budget - (before - draft.ledger.resources));
  }

  const infantryPlaces = near(candidatePlaces(view, 'infantry' as UnitType));
  const artilleryPlaces = near(candidatePlaces(view, 'artillery' as UnitType));
  const spend = (unit: UnitType, places: readonly string[], share: number) => {
    let money = Math.floor(budget * share);
    const cost = costOf(unit);
    for (const at of places) {
      const most = Math.min(Math.floor(money / cost), unit === 'infantry' ? room(at) : Number.MAX_SAFE_INTEGER);
      if (most < 1) {
        if (money < cost) break;
        continue;
      }
      const before = draft.ledger.resources;
      const n = buildMost(draft, unit, at, most);
      if (n > 0) {
        const paid = before - draft.ledger.resources;
        money -= paid;
        budget -= paid;
        if (unit === 'infantry') tally(at, n);
      }
    }
  };
  spend('artillery' as UnitType, artilleryPlaces.slice(0, params.artilleryCities), params.artilleryShare);
  spend('infantry' as UnitType, infantryPlaces, 1);
  // Past the manpower limit, what is left buys artillery (it needs no manpower).
  if (params.manpowerCap && atWar) spend('artillery' as UnitType, artilleryPlaces, 1);
}
