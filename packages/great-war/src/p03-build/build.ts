import { type PhaseContext, type SeatId, type Problem } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { technologyTable, unitTable, clearedOnDataChange } from '../data/load.js';
import type { WorldMap } from '../data/map.js';
import { emptyLedger, manpowerLimit, manpowerRegionFor, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, Ctx, GreatWarOrders, Ledger, OrderSpec } from '../orders/language.js';
import { candidatePlaces, checkPlacement, emptyTally, placeableTerritories, recordPlacement, startView } from '../economy/placement.js';
import { placingKind, type Placed, type PlacementView, type Tally } from '../economy/placement-rules.js';
import { conquered } from '../economy/resources.js';
import { resolveRetools, retoolTarget, type RetoolOrder } from './retool.js';
import { type UnitType } from '../data/schema.js';
import { unitStats, type NationUnit } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { ruleNumbers } from '../data/rules.js';
import { fittingCandidates, recordFitting } from '../sea/ship-equipment.js';
import { type BuildOrder, BUILD_EXAMPLE, unitName, isTrench, parseBuild, checkBuildJson } from './build-orders.js';

/**
 * Clauses: GW-P03-BUILD, GW-MANP, GW-INDCTR, GW-TRENCH.
 * Phase 3: Build new units (GW-P03-BUILD). One order buys units and says where phase 13 places them: `build 3
 * infantry in Paris`, `build 1 battleship in North Sea`, `build 1 trench in Verdun facing Metz`. Units are paid for
 * here from saved resources (manufactured units from the industrial-center credit first) and placed in phase 13;
 * trenches are dug at once. Decisions D-ECON-1 to D-ECON-10 in docs/great-war/economy.md. Radar, sonar, and AA guns or
 * fighters bought for a sea zone are fitted to ships there: `build 1 sonar in North Sea [on cruiser]` (D-EQUIP-1,
 * docs/great-war/ship-equipment.md). The order's language is in build-orders.ts.
 */

/** Infantry of a nation needed in a territory at the start of the turn to dig a trench, or upgrade it (GW-TRENCH-14, GW-TECH-21). */
export const TRENCH_INFANTRY = ruleNumbers.economy.trenchInfantry;

const statsCache = new Map<string, NationUnit>();
clearedOnDataChange(() => {
  statsCache.clear();
});

/** unitStats, remembered by what it depends on (technology, variants, prototypes): orders are checked many times. */
function statsFor(state: GreatWarState, nation: NationState, unit: UnitType): NationUnit {
  const key = `${nation.id}|${unit}|${JSON.stringify(nation.tech)}|${nation.unitVariants.join(',')}|${nation.mayBuildAtStart.join(',')}`;
  let stats = statsCache.get(key);
  if (!stats) {
    if (statsCache.size > 10_000) statsCache.clear();
    stats = unitStats(state, nation, unit);
    statsCache.set(key, stats);
  }
  return stats;
}

/** What the build orders admitted so far have used: places, manpower, industrial credit, trenches. */
interface BuildTally extends Tally {
  /** Infantry bought this turn by manpower region. */
  readonly infantry: Map<string, number>;
  creditUsed: number;
  /** 'territory>facing' of trenches dug and 'super:territory>facing' of upgrades this turn. */
  readonly trenches: Set<string>;
}

/** What one build order costs: per unit, from saved resources and from the industrial credit. */
export interface Bill {
  readonly total: number;
  readonly credit: number;
  readonly resources: number;
  /** Saved resources paid for each unit. */
  readonly paid: readonly number[];
  readonly overLimit: number;
  readonly surcharge: number;
}

const tallies = new WeakMap<readonly AnyOrder[], { tally: BuildTally; done: number; view: PlacementView; retooled: Set<string> }>();

/**
 * The tally of the build orders a ledger has admitted, kept as the ledger grows (the ledger only ever grows). The
 * turn's retool orders come first in phase order; the facilities they retool serve the builds (D-ECON-20).
 */
function tallyOf(ledger: Ledger, state: GreatWarState, nation: NationState): { tally: BuildTally; view: PlacementView } {
  let entry = tallies.get(ledger.admitted);
  if (!entry) {
    const retooled = new Set<string>();
    entry = { tally: { ...emptyTally(), infantry: new Map(), creditUsed: 0, trenches: new Set() }, done: 0, view: startView(state, nation, undefined, retooled), retooled };
    tallies.set(ledger.admitted, entry);
  }
  for (; entry.done < ledger.admitted.length; entry.done++) {
    const order = ledger.admitted[entry.done]!;
    if (order.kind === 'build') charge(entry.view, order as BuildOrder, entry.tally);
    else if (order.kind === 'retool') entry.retooled.add(`${retoolTarget(state, order as RetoolOrder)}@${String(order['territory'])}`);
  }
  return entry;
}

/** Count an admitted order in the tally. */
function charge(view: PlacementView, order: BuildOrder, tally: BuildTally): void {
  if (isTrench(order.unit)) {
    tally.trenches.add(`${order.unit === 'super-trench' ? 'super:' : ''}${order.at}>${order.facing ?? ''}`);
    return;
  }
  const check = checkPlacement(view, order.unit, order.at, order.count, tally, order.on);
  if (!check.ok) return;
  const placed = check.value;
  const bill = billFor(view, order, placed, tally);
  recordPlacement(view, order.unit, order.at, placed, order.count, tally);
  recordFitting(tally, order.unit, order.at, order.count, placed);
  if (order.unit === 'infantry') {
    const region = manpowerRegionFor(view.nation, view.world.territory.get(order.at)?.colony ?? null).region;
    tally.infantry.set(region, (tally.infantry.get(region) ?? 0) + order.count);
  }
  tally.creditUsed += bill.credit;
}

/**
 * The price of a build order after those in the tally: the unit's cost for this nation now (technology, variants,
 * the industrial cut), doubled for infantry beyond the manpower limit of the region it is placed in (GW-MANP-02),
 * plus 5 for infantry outside a city (GW-P13-PLACE-04, not doubled); manufactured units are paid from the
 * industrial credit first (GW-INDCTR-03, -04).
 */
function billFor(view: PlacementView, order: BuildOrder, placed: Placed | undefined, tally: BuildTally): Bill {
  const { nation, state } = view;
  const stats = statsFor(state, nation, order.unit);
  const base = stats.cost ?? 0;
  const prices: number[] = [];
  let overLimit = 0;
  const surcharge = placed?.surcharge ?? 0;
  if (order.unit === 'infantry') {
    const region = manpowerRegionFor(nation, view.world.territory.get(order.at)?.colony ?? null);
    const limit = manpowerLimit(nation, region.region, technologyTable());
    const before = region.built + (tally.infantry.get(region.region) ?? 0);
    for (let k = 0; k < order.count; k++) {
      const over = before + k >= limit;
      if (over) overLimit++;
      prices.push(base * (over ? ruleNumbers.economy.overManpowerMultiplier : 1) + surcharge);
    }
  } else for (let k = 0; k < order.count; k++) prices.push(base);
  const manufactured = unitTable().byId.get(order.unit)?.manufactured ?? false;
  let creditLeft = manufactured ? Math.max(0, nation.industrialCredit - tally.creditUsed) : 0;
  const paid = prices.map((p) => {
    const c = Math.min(creditLeft, p);
    creditLeft -= c;
    return p - c;
  });
  const total = prices.reduce((a, b) => a + b, 0);
  const resources = paid.reduce((a, b) => a + b, 0);
  return { total, credit: total - resources, resources, paid, overLimit, surcharge };
}

const infantryCache = new WeakMap<readonly unknown[], { length: number; counts: Map<string, number> }>();

/** A nation's infantry units in a territory, counted once per units list (and its length) while orders are checked. */
function infantryIn(state: GreatWarState, nation: string, territory: string): number {
  let cached = infantryCache.get(state.board.units);
  if (!cached || cached.length !== state.board.units.length) {
    const counts = new Map<string, number>();
    for (const u of state.board.units) if (u.type === 'infantry') counts.set(`${u.nation}@${u.at}`, (counts.get(`${u.nation}@${u.at}`) ?? 0) + 1);
    cached = { length: state.board.units.length, counts };
    infantryCache.set(state.board.units, cached);
  }
  return cached.counts.get(`${nation}@${territory}`) ?? 0;
}

/** Why a trench (or a super-trench upgrade) cannot be built (GW-TRENCH-10..16, GW-TECH-20..22). */
function trenchRefusal(view: PlacementView, order: BuildOrder, tally: BuildTally): Problem | undefined {
  const { world, nation, state } = view;
  const upgrade = order.unit === 'super-trench';
  const territory = world.territory.get(order.at);
  if (!territory) return { code: 'trench-at-sea', message: `a trench guards a land territory: the ${areaName(order.at, world)} is a sea zone`, field: 'at' };
  const facing = order.facing ?? '';
  const other = world.territory.get(facing);
  const link = world.graph.connection(order.at, facing);
  if (!other) return { code: 'trench-coastline', message: `a trench cannot be placed along a coastline to guard against the sea (${areaName(facing, world)})`, field: 'facing' };
  if (!link || (link.kind !== 'land' && link.kind !== 'strait')) return { code: 'not-a-border', message: `${territory.name} and ${other.name} share no land border`, field: 'facing' };
  if (state.board.territories[order.at]?.owner !== nation.id) return { code: 'not-held', message: `${nation.name} does not hold ${territory.name}`, field: 'at' };
  const need = upgrade ? TRENCH_INFANTRY.super : TRENCH_INFANTRY.trench;
  const have = infantryIn(state, nation.id, order.at);
  if (have < need) {
    return {
      code: 'no-infantry',
      message: `${upgrade ? 'a super trench' : 'a trench'} in ${territory.name} needs ${need} ${nation.name} infantry there at the start of the turn; it has ${have}`,
      field: 'at',
    };
  }
  const mine = state.board.trenches.find((t) => t.nation === nation.id && t.territory === order.at && t.facing === facing);
  const key = `${order.at}>${facing}`;
  if (!upgrade) {
    if (mine || tally.trenches.has(key)) return { code: 'trench-exists', message: `${nation.name} already has a trench in ${territory.name} facing ${other.name}`, field: 'at' };
    return undefined;
  }
  if (!statsFor(state, nation, 'super-trench').mayBuild) return { code: 'not-buildable', message: `${nation.name} needs the Super Trenches advance to build super trenches`, field: 'unit' };
  if (!mine) return { code: 'no-trench', message: `a super trench upgrades a trench: ${nation.name} has none in ${territory.name} facing ${other.name} at the start of the turn`, field: 'at' };
  if (mine.super || tally.trenches.has(`super:${key}`)) return { code: 'trench-exists', message: `${nation.name}'s trench in ${territory.name} facing ${other.name} is already a super trench`, field: 'at' };
  return undefined;
}

/** What a build order would cost and where it goes, or why it cannot be given after those in the ledger. */
function assess(order: BuildOrder, ledger: Ledger, ctx: Ctx, nation: NationState): { refusal: Problem } | { bill: Bill; placed?: Placed } {
  const { tally, view } = tallyOf(ledger, ctx.state, nation);
  const name = unitName(order.unit);
  if (conquered(ctx.state, nation.id)) return { refusal: { code: 'conquered', message: `${nation.name} has lost all its supply centers: a conquered nation builds nothing` } };
  const kind = placingKind(order.unit);
  if (kind === 'never') return { refusal: { code: 'never-built', message: `${name} is never built`, field: 'unit' } };
  const stats = statsFor(ctx.state, nation, order.unit);
  if (!stats.mayBuild) {
    const tech = technologyTable().list.find((t) => t.advances.some((a) => a.effects.some((e) => e.kind === 'may-build' && e.unit === order.unit)));
    return { refusal: { code: 'not-buildable', message: `${nation.name} may not build ${name} yet${tech ? `: it needs an advance in ${tech.name}` : ''}`, field: 'unit' } };
  }
  let placed: Placed | undefined;
  if (kind === 'trench') {
    const refusal = trenchRefusal(view, order, tally);
    if (refusal) return { refusal };
  } else {
    const r = checkPlacement(view, order.unit, order.at, order.count, tally, order.on);
    if (!r.ok) return { refusal: r.error };
    placed = r.value;
  }
  const bill = billFor(view, order, placed, tally);
  if (bill.resources > ledger.resources) {
    const credit = Math.max(0, nation.industrialCredit - tally.creditUsed);
    const what = `${order.count} ${name} in ${areaName(order.at, view.world)}`;
    const has = `${nation.name} has ${ledger.resources} left${credit > 0 && bill.credit > 0 ? ` and ${credit} industrial credit` : ''}`;
    return { refusal: { code: 'not-enough-resources', message: `${what} cost ${bill.total}${bill.overLimit ? ` (${bill.overLimit} over the manpower limit, at double cost)` : ''}, and ${has}` } };
  }
  return placed ? { bill, placed } : { bill };
}

/** Orders that keep random play small: infantry in a few cities, artillery at the factories, a ship, a trench or two. */
function buildCandidates(ledger: Ledger, ctx: Ctx, nation: NationState): BuildOrder[] {
  const { view } = tallyOf(ledger, ctx.state, nation);
  const out: BuildOrder[] = [];
  const capital = view.world.territories.find((t) => t.owner === nation.id && t.capital)?.id;
  const cities = candidatePlaces(view, 'infantry');
  const inf = [...(capital && cities.includes(capital) ? [capital] : []), ...cities.filter((c) => c !== capital)].slice(0, 3);
  for (const at of inf) out.push({ kind: 'build', unit: 'infantry', count: 1, at });
  for (const at of candidatePlaces(view, 'artillery').slice(0, 2)) out.push({ kind: 'build', unit: 'artillery', count: 1, at });
  const seas = candidatePlaces(view, 'cruiser');
  if (seas.length) {
    out.push({ kind: 'build', unit: 'transport', count: 1, at: seas[0]! });
    out.push({ kind: 'build', unit: 'cruiser', count: 1, at: seas[seas.length - 1]! });
  }
  out.push(...trenchCandidates(view));
  for (const { unit, at } of fittingCandidates(view)) out.push({ kind: 'build', unit, count: 1, at });
  return out;
}

/** One of each unit type the nation may place in `area`: what a client offers when the area is clicked. */
function buildCandidatesAt(ledger: Ledger, ctx: Ctx, nation: NationState, area: string): BuildOrder[] {
  const { view } = tallyOf(ledger, ctx.state, nation);
  return unitTable()
    .list.filter((u) => candidatePlaces(view, u.id).includes(area))
    .map((u) => ({ kind: 'build' as const, unit: u.id, count: 1, at: area }));
}

function trenchCandidates(view: PlacementView): BuildOrder[] {
  const { world, nation, state } = view;
  const out: BuildOrder[] = [];
  const seen = new Set<string>();
  for (const u of state.board.units) {
    if (out.length >= 2) break;
    if (u.nation !== nation.id || u.type !== 'infantry' || seen.has(u.at) || state.board.territories[u.at]?.owner !== nation.id) continue;
    seen.add(u.at);
    for (const n of world.graph.neighbours(u.at, ['land', 'strait'])) {
      const holder = state.board.territories[n.id]?.owner;
      if (holder === undefined || !nation.atWarWith.includes(holder)) continue;
      const mine = state.board.trenches.find((t) => t.nation === nation.id && t.territory === u.at && t.facing === n.id);
      out.push({ kind: 'build', unit: mine ? 'super-trench' : 'trench', count: 1, at: u.at, facing: n.id });
      break;
    }
  }
  return out;
}

export const buildSpec: OrderSpec<BuildOrder> = {
  kind: 'build',
  words: ['build'],
  example: BUILD_EXAMPLE,
  parseText: (rest, at) => parseBuild(rest, at),
  checkJson: (item, path) => checkBuildJson(item, path),
  format(order) {
    return `build ${order.count} ${unitName(order.unit)} in ${areaName(order.at)}${order.on !== undefined ? ` on ${unitName(order.on)}` : ''}${order.facing !== undefined ? ` facing ${areaName(order.facing)}` : ''}`;
  },
  refusal(order, ledger, ctx, nation) {
    const r = assess(order, ledger, ctx, nation);
    return 'refusal' in r ? r.refusal : undefined;
  },
  cost(order, ledger, ctx, nation) {
    const r = assess(order, ledger, ctx, nation);
    return 'bill' in r ? r.bill.resources : 0;
  },
  candidates: (ledger, ctx, nation) => buildCandidates(ledger, ctx, nation),
  candidatesAt: (ledger, ctx, nation, area) => buildCandidatesAt(ledger, ctx, nation, area),
};

/**
 * The 'build' phase (3): every nation's retool orders (src/retool.ts), then its build orders, in seat order and in
 * the order given, checked again against the state the phase starts from and paid for. Units wait in the nation's `purchases` for phase 13; trenches are dug at
 * once (D-ECON-9). What is left of the industrial credit is lost (GW-INDCTR-06).
 */
export function resolveBuild(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const start = structuredClone(state);
  const world: WorldMap = theWorld(state.scenario);
  for (const nation of state.nations) {
    const before = nationOf(start, nation.id)!;
    nation.ledger = emptyLedger(nation.treasury);
    nation.purchases = [];
    nation.placeableAtStart = [];
    const builds = (orders.get(nation.id)?.orders ?? []).filter((o): o is BuildOrder => o.kind === 'build');
    const ledger: Ledger = { resources: nation.treasury, admitted: [] };
    const octx: Ctx = { state: start, seat: nation.id, step: ctx.step };
    resolveRetools(state, start, nation, orders.get(nation.id)?.orders ?? [], ledger, ctx);
    for (const order of builds) {
      const r = assess(order, ledger, octx, before);
      if ('refusal' in r) {
        ctx.emit({ type: 'purchase-refused', nation: nation.id, unit: order.unit, count: order.count, at: order.at, code: r.refusal.code, reason: r.refusal.message, visibleTo: [nation.id] });
        continue;
      }
      const { bill } = r;
      ledger.resources -= bill.resources;
      ledger.admitted.push(order);
      nation.treasury -= bill.resources;
      nation.ledger.creditUsed += bill.credit;
      if (isTrench(order.unit)) {
        nation.ledger.trenches += bill.resources;
        const facing = order.facing!;
        if (order.unit === 'trench') state.board.trenches.push({ nation: nation.id, territory: order.at, facing, super: false });
        else {
          const trench = state.board.trenches.find((t) => t.nation === nation.id && t.territory === order.at && t.facing === facing);
          if (trench) trench.super = true;
        }
        ctx.emit({ type: 'trench', nation: nation.id, territory: order.at, facing, super: order.unit === 'super-trench' });
      } else {
        nation.ledger.units += bill.resources;
        nation.purchases.push({ unit: order.unit, at: order.at, count: order.count, paid: [...bill.paid], surcharge: bill.surcharge, ...(order.on !== undefined ? { on: order.on } : {}) });
        if (order.unit === 'infantry') {
          const pool = manpowerRegionFor(nation, world.territory.get(order.at)?.colony ?? null);
          pool.built += order.count;
          nation.ledger.overLimitInfantry += bill.overLimit;
        }
      }
      ctx.emit({
        type: 'purchase',
        nation: nation.id,
        unit: order.unit,
        count: order.count,
        at: order.at,
        ...(order.facing !== undefined ? { facing: order.facing } : {}),
        ...(order.on !== undefined ? { on: order.on } : {}),
        ...(r.placed && r.placed.source !== order.at ? { from: r.placed.source } : {}),
        cost: bill.total,
        credit: bill.credit,
        resources: bill.resources,
        overLimit: bill.overLimit,
        surcharge: bill.surcharge * order.count,
        treasury: nation.treasury,
        visibleTo: [nation.id],
      });
    }
    const lost = Math.max(0, nation.industrialCredit - nation.ledger.creditUsed);
    if (lost > 0) ctx.emit({ type: 'industrial-credit-lost', nation: nation.id, amount: lost, visibleTo: [nation.id] });
    nation.ledger.creditLost = lost;
    nation.industrialCredit = 0;
    nation.ledger.end = nation.treasury;
    // Held at the start of the turn as in `start`; with the marks this phase's retool orders put on the board.
    if (nation.purchases.length) nation.placeableAtStart = placeableTerritories(state, before, world);
  }
  return state;
}

