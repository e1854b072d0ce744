import { type PhaseContext, type SeatId, type Result, type Problem, err, ok } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { unitTable } from '../data/load.js';
import { coastalSeas, type Territory, type WorldMap } from '../data/map.js';
import { manpowerRegionFor, nationOf, minorOf, type GreatWarState, type NationState, type Purchase } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import type { UnitType } from '../data/schema.js';
import { terrainRules } from '../data/terrain.js';
import { theWorld } from '../data/world.js';
import { ruleNumbers } from '../data/rules.js';
import { checkFitting, fitAboard, fittingPlaces } from '../sea/ship-equipment.js';
import { adjust, react } from '../base/reactions.js';
import { placingKind, type PlacementView, ownSince1914, buildsOutOf, type Tally, type Placed, colonyRefusal } from './placement-rules.js';
import { type FacilityType, plural, refuse } from './placement-rules.js';

/**
 * Phase 13: Place new units (GW-P13-PLACE, GW-FAC). Where a nation may put the units it bought in phase 3. The same
 * rules are checked three times: when the orders are checked (against the state the turn starts from), when
 * phase 3 buys (the same state), and here, against the state after the turn's battles: a territory may have fallen.
 * A unit whose place is no longer legal goes to the nearest legal place of the same kind, or is refunded
 * (docs/great-war/economy.md, D-ECON-7).
 */

/** Nations that place infantry outside cities without the extra 5 (GW-P13-PLACE-06). */
export const NO_SURCHARGE: readonly string[] = ruleNumbers.economy.noSurchargeNations;
/** The extra price of an infantry unit placed in a territory without a city (GW-FAC-14, GW-P13-PLACE-04). */
export const NON_CITY_SURCHARGE = ruleNumbers.economy.nonCitySurcharge;

/** Whether a territory has a facility now: printed on the map (1914) or built since (a unit on the board). */
export function hasFacility(state: GreatWarState, territory: string, type: FacilityType, world: WorldMap = theWorld(state.scenario)): boolean {
  const t = world.territory.get(territory);
  if (!t) return false;
  if (type === 'industrial-complex' ? t.industrialComplex : t.port) return true;
  return state.board.units.some((u) => u.at === territory && u.type === type);
}

/** Every facility standing now, as 'type@territory'. */
export function facilitiesNow(state: GreatWarState, world: WorldMap = theWorld(state.scenario)): Set<string> {
  const out = new Set<string>();
  for (const t of world.territories) {
    if (t.industrialComplex) out.add(`industrial-complex@${t.id}`);
    if (t.port) out.add(`port@${t.id}`);
  }
  for (const u of state.board.units) if (u.type === 'industrial-complex' || u.type === 'port') out.add(`${u.type}@${u.at}`);
  return out;
}

/** Facilities by units list (and its length, so that a unit added since is seen): orders are checked many times a state. */
const facilityCache = new WeakMap<readonly unknown[], { length: number; set: Set<string> }>();

/** Whether the nation holds a territory, or the government in exile it hosts does (GW-CONQ-10). */
function holds(state: GreatWarState, nation: string, territory: string): boolean {
  const owner = state.board.territories[territory]?.owner;
  return owner === nation || (owner !== undefined && state.conquered[owner]?.host === nation);
}

/** Whether the nation holds the territory with that captured facility retooled, on the board now (GW-FAC-08, D-ECON-19). */
export function retooledOn(state: GreatWarState, nation: string, territory: string, type: FacilityType): boolean {
  const hold = state.board.territories[territory];
  return hold?.owner === nation && (hold.retooled?.includes(type) ?? false);
}

/** The price of retooling a captured factory or port (GW-FAC-08). */
export const RETOOL_COST = ruleNumbers.economy.retoolCost;

/**
 * The view of a state at the start of the turn (order checks, phase 3). Do not change the state while it is in use.
 * `pending` holds the facilities ('type@territory') that the turn's retool orders admitted so far retool; the caller
 * may add to it while the view is in use.
 */
export function startView(state: GreatWarState, nation: NationState, world: WorldMap = theWorld(state.scenario), pending: ReadonlySet<string> = new Set()): PlacementView {
  let cached = facilityCache.get(state.board.units);
  if (!cached || cached.length !== state.board.units.length) {
    cached = { length: state.board.units.length, set: facilitiesNow(state, world) };
    facilityCache.set(state.board.units, cached);
  }
  const f = cached.set;
  return {
    state,
    world,
    nation,
    heldSinceStart: (t) => holds(state, nation.id, t) && state.board.territories[t]!.incorporated,
    facilityAtStart: (t, type) => f.has(`${type}@${t}`),
    retooled: (t, type) => retooledOn(state, nation.id, t, type) || pending.has(`${type}@${t}`),
  };
}

/** The view in phase 13: `placeable` is what phase 3 recorded; `facilities` what stood before phase 13 placed any. */
export function placementView(state: GreatWarState, nation: NationState, placeable: readonly string[], facilities: ReadonlySet<string>, world: WorldMap = theWorld(state.scenario)): PlacementView {
  const at = new Set(placeable);
  return {
    state,
    world,
    nation,
    heldSinceStart: (t) => at.has(t) && holds(state, nation.id, t),
    facilityAtStart: (t, type) => facilities.has(`${type}@${t}`),
    // The mark as the board stands: a territory that changed hands in the turn has lost it (D-ECON-19).
    retooled: (t, type) => retooledOn(state, nation.id, t, type),
  };
}

/**
 * The territories where a nation may place new units at the start of a turn: its own 1914 lands, and the captured
 * territories where it has retooled a facility (D-ECON-20), held and incorporated.
 */
export function placeableTerritories(state: GreatWarState, nation: NationState, world: WorldMap = theWorld(state.scenario)): string[] {
  const mayPlace = (t: string) => ownSince1914(state, nation.id, t, world) || retooledOn(state, nation.id, t, 'industrial-complex') || retooledOn(state, nation.id, t, 'port');
  return world.territories.filter((t) => mayPlace(t.id) && holds(state, nation.id, t.id) && state.board.territories[t.id]!.incorporated).map((t) => t.id);
}

export const emptyTally = (): Tally => ({ nonCity: new Map(), cityUse: new Map(), colonyUse: new Map(), facilities: new Set(), retooledUse: new Map() });

const unitName = (unit: UnitType) => unitTable().byId.get(unit)?.name ?? unit;

function holderName(state: GreatWarState, id: string): string {
  return nationOf(state, id)?.name ?? minorOf(state, id)?.name ?? id;
}

/**
 * Whether `count` units of a type may be placed at `at` after what the tally holds; where they are built out of
 * and at what surcharge. Trenches and never-bought units are not placed here (the build order refuses them first).
 * Radar, sonar, and AA guns or fighters placed in a sea zone are fitted to ships (`on`: a ship type), by checkFitting.
 */
export function checkPlacement(view: PlacementView, unit: UnitType, at: string, count: number, tally: Tally, on?: string): Result<Placed, Problem> {
  const { world, nation } = view;
  const kind = placingKind(unit);
  const name = unitName(unit);
  if (kind === 'never') return refuse('never-built', `${name} is never built`, 'unit');
  const fitting = kind === 'trench' ? undefined : checkFitting(view, unit, at, count, tally, on);
  if (fitting) return fitting;
  if (kind === 'trench') return refuse('not-placed', `${name} is a marker on a border, not a unit to place`, 'unit');
  const territory = world.territory.get(at);
  if (kind === 'ship') {
    if (territory) return refuse('ship-on-land', `ships are placed in a sea zone next to a port: ${territory.name} is a land territory`);
    const sea = world.sea.get(at);
    if (!sea) return refuse('unknown-area', `there is no area '${at}'`);
    // Its own ports outside the colonies first, then colony ports, then retooled captured ones (D-ECON-6, D-ECON-21).
    const rank = (t: Territory) => (!ownSince1914(view.state, nation.id, t.id, world) ? 2 : t.colony === null ? 0 : 1);
    const coast = world.graph.neighbours(at, ['coast']).map((n) => world.territory.get(n.id)!);
    const ports = coast.filter((t) => buildsOutOf(view, t.id, 'port')).sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    if (ports.length === 0) {
      const captured = coast.find((t) => view.heldSinceStart(t.id) && view.facilityAtStart(t.id, 'port') && !ownSince1914(view.state, nation.id, t.id, world));
      const hint = captured ? ` (${nation.name}'s captured port in ${captured.name} serves once retooled: 'retool port in ${captured.name}', ${RETOOL_COST})` : '';
      return refuse('no-port', `${nation.name} places ships only in a sea zone next to one of its own ports held since the start of the turn: none borders the ${sea.name}${hint}`);
    }
    let first: Problem | undefined;
    for (const port of ports) {
      const r = colonyRefusal(view, port, count, tally);
      if (!r) return ok({ source: port.id, surcharge: 0 });
      first ??= r;
    }
    return err(first!);
  }
  if (!territory) return refuse('land-unit-at-sea', `${name} is placed on land: the ${areaName(at, world)} is a sea zone`);
  // A retooled captured factory takes what a factory builds; infantry and new facilities keep to the nation's own land (D-ECON-20).
  if (!ownSince1914(view.state, nation.id, at, world) && !(kind === 'factory' && view.retooled(at, 'industrial-complex'))) {
    const retool =
      kind === 'factory' && view.state.board.territories[at]?.owner === nation.id && view.facilityAtStart(at, 'industrial-complex')
        ? ` (its captured industrial complex serves ${nation.name} once retooled: 'retool factory in ${territory.name}', ${RETOOL_COST})`
        : '';
    return refuse('not-original', `${nation.name} places new units only in its own territories of 1914: ${territory.name} was ${holderName(view.state, territory.owner)}'s${retool}`);
  }
  if (!view.heldSinceStart(at) && !(kind === 'infantry' && adjust(view.state, 'free-ground', { nation: nation.id, territory: at, world }, false))) {
    const hold = view.state.board.territories[at];
    const now = hold?.owner === nation.id ? '' : `: it is held by ${holderName(view.state, hold?.owner ?? '?')}`;
    return refuse('not-held', `${nation.name} places new units only in territories it has held, incorporated, since the start of the turn; ${territory.name} is not one${now}`);
  }
  if (terrainRules[at]?.barred.includes(unit)) return refuse('barred', `${name} may not enter ${territory.name}`);
  let surcharge = 0;
  switch (kind) {
    case 'infantry':
      if (!territory.city) {
        surcharge = NO_SURCHARGE.includes(nation.id) ? 0 : NON_CITY_SURCHARGE;
        const used = tally.nonCity.get(at) ?? 0;
        if (used + count > territory.value) {
          return refuse(
            'non-city-limit',
            `${territory.name} has no city: at most ${plural(territory.value, 'infantry unit')} a turn may be placed there (its value)${used ? `, and ${used} already are` : ''}`,
          );
        }
      }
      break;
    case 'factory':
      if (!view.facilityAtStart(at, 'industrial-complex')) {
        const own = world.territories.filter((t) => buildsOutOf(view, t.id, 'industrial-complex')).map((t) => t.name);
        return refuse(
          'no-industrial-complex',
          `${name} is placed only in a territory where ${nation.name} has had an industrial complex since the start of the turn: ${territory.name} has none (${own.length ? `${nation.name}'s: ${own.join(', ')}` : `${nation.name} has none`})`,
        );
      }
      break;
    case 'facility': {
      const type = unit as FacilityType;
      if (count !== 1) return refuse('one-facility', `a territory holds one ${name}: build 1`);
      if (view.facilityAtStart(at, type) || tally.facilities.has(`${type}@${at}`) || hasFacility(view.state, at, type, world)) {
        return refuse('facility-exists', `${territory.name} already has ${type === 'port' ? 'a port' : 'an industrial complex'}`);
      }
      if (type === 'port' && coastalSeas(world, at).length === 0) return refuse('not-coastal', `a port needs a coast: ${territory.name} touches no sea zone`);
      break;
    }
  }
  const colony = colonyRefusal(view, territory, count, tally);
  if (colony) return err(colony);
  return ok({ source: at, surcharge });
}

/** Count a placement in the tally. */
export function recordPlacement(view: PlacementView, unit: UnitType, at: string, placed: Placed, count: number, tally: Tally): void {
  const source = view.world.territory.get(placed.source);
  const territory = view.world.territory.get(at);
  if (unit === 'infantry' && territory && !territory.city) tally.nonCity.set(at, (tally.nonCity.get(at) ?? 0) + count);
  if (placingKind(unit) === 'facility') tally.facilities.add(`${unit}@${at}`);
  if (source && !ownSince1914(view.state, view.nation.id, source.id, view.world)) tally.retooledUse.set(source.id, (tally.retooledUse.get(source.id) ?? 0) + count);
  else if (source?.colony) {
    if (source.city) tally.cityUse.set(source.id, (tally.cityUse.get(source.id) ?? 0) + count);
    tally.colonyUse.set(source.colony, (tally.colonyUse.get(source.colony) ?? 0) + count);
  }
}

/** The manpower region an infantry unit placed at a territory counts against ('home' or a colony group). */
export function manpowerRegionAt(nation: NationState, at: string, world: WorldMap = theWorld()): string {
  return manpowerRegionFor(nation, world.territory.get(at)?.colony ?? null).region;
}

/**
 * Places where a unit type could go for this nation, before the per-turn limits: for land units its territories held
 * since the start of the turn (with an industrial complex for manufactured ones, a city for infantry unless
 * `anyInfantryPlace`), for ships the sea zones next to its ports. In map order.
 */
export function candidatePlaces(view: PlacementView, unit: UnitType, opts: { readonly anyInfantryPlace?: boolean } = {}): string[] {
  const { world, nation } = view;
  const kind = placingKind(unit);
  const held = world.territories.filter((t) => view.heldSinceStart(t.id));
  switch (kind) {
    case 'infantry':
      return held.filter((t) => ownSince1914(view.state, nation.id, t.id, world) && (t.city || (opts.anyInfantryPlace && t.value > 0))).map((t) => t.id);
    case 'factory':
      return held.filter((t) => buildsOutOf(view, t.id, 'industrial-complex')).map((t) => t.id);
    case 'ship': {
      const seas = new Set<string>();
      for (const t of held) if (buildsOutOf(view, t.id, 'port')) for (const s of coastalSeas(world, t.id)) seas.add(s);
      return world.seas.filter((s) => seas.has(s.id)).map((s) => s.id);
    }
    default:
      return [];
  }
}

/** The nearest legal place for one unit of a purchase whose own place is not legal, at no higher price, or undefined. */
function relocation(view: PlacementView, purchase: Purchase, tally: Tally): { at: string; placed: Result<Placed, Problem> } | undefined {
  if (placingKind(purchase.unit) === 'facility') return undefined;
  const region = purchase.unit === 'infantry' ? manpowerRegionAt(view.nation, purchase.at, view.world) : undefined;
  const distance = view.world.graph.within(purchase.at, Number.MAX_SAFE_INTEGER);
  const options = (fittingPlaces(view, purchase.unit, purchase.at) ?? candidatePlaces(view, purchase.unit, { anyInfantryPlace: true }))
    .filter((a) => a !== purchase.at && (region === undefined || manpowerRegionAt(view.nation, a, view.world) === region))
    .sort((a, b) => (distance.get(a) ?? Infinity) - (distance.get(b) ?? Infinity) || (a < b ? -1 : 1));
  for (const at of options) {
    const placed = checkPlacement(view, purchase.unit, at, 1, tally, purchase.on);
    if (placed.ok && placed.value.surcharge <= purchase.surcharge) return { at, placed };
  }
  return undefined;
}

/** A new unit on the board, with the nation's next id. */
export function newUnit(state: GreatWarState, nation: string, type: UnitType, at: string): string {
  const n = (state.board.nextUnit[nation] ?? 0) + 1;
  state.board.nextUnit[nation] = n;
  const id = `${nation}-${n}`;
  state.board.units.push({ id, nation, type, at, damage: 0 });
  return id;
}

/**
 * The 'placement' phase (13): every nation's purchases, in seat order and in the order bought. Each unit goes where
 * its order said if that is still legal; else to the nearest legal place of the same kind (same manpower region for
 * infantry, no surcharge it did not pay); else its price is refunded (the industrial-credit part is lost) and an
 * infantry unit gives its manpower back.
 */
export function resolvePlacement(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  const facilities = facilitiesNow(state, world);
  const fresh = new Set<string>();
  react(state, ctx, { kind: 'placement-begins' }); // the civil war may end after the battles, before new units (GW-P15-REV-25)
  for (const nation of state.nations) {
    if (nation.purchases.length === 0) {
      nation.placeableAtStart = [];
      continue;
    }
    const view = placementView(state, nation, nation.placeableAtStart, facilities, world);
    const tally = emptyTally();
    for (const purchase of nation.purchases) {
      const placedAt = new Map<string, string[]>();
      let refunded = 0;
      let refundedUnits = 0;
      let reason: string | undefined;
      purchase.paid.forEach((paid) => {
        let at = purchase.at;
        let placed = checkPlacement(view, purchase.unit, at, 1, tally, purchase.on);
        if (!placed.ok) {
          reason ??= placed.error.message;
          const moved = relocation(view, purchase, tally);
          if (moved) ({ at, placed } = moved);
        }
        if (placed.ok) {
          recordPlacement(view, purchase.unit, at, placed.value, 1, tally);
          const ids = placedAt.get(at) ?? [];
          const id = newUnit(state, nation.id, purchase.unit, at);
          // Fitted to the ship the check chose (src/ship-equipment.ts, D-EQUIP-1).
          if (placed.value.aboard) fitAboard(state, ctx, id, placed.value.aboard[0]);
          ids.push(id);
          placedAt.set(at, ids);
          return;
        }
        refunded += paid;
        refundedUnits++;
        if (purchase.unit === 'infantry') {
          const pool = nation.manpower.find((m) => m.region === manpowerRegionAt(nation, purchase.at, world));
          if (pool && pool.built > 0) pool.built--;
        }
      });
      for (const [at, ids] of placedAt) {
        for (const id of ids) fresh.add(id);
        ctx.emit({
          type: 'placed',
          nation: nation.id,
          unit: purchase.unit,
          count: ids.length,
          at,
          units: ids,
          ...(at !== purchase.at ? { ordered: purchase.at, reason: reason ?? '' } : {}),
        });
      }
      if (refundedUnits > 0) {
        nation.treasury += refunded;
        nation.ledger.refunds += refunded;
        ctx.emit({ type: 'refund', nation: nation.id, unit: purchase.unit, count: refundedUnits, at: purchase.at, amount: refunded, reason: reason ?? '', treasury: nation.treasury, visibleTo: [nation.id] });
      }
    }
    nation.ledger.end = nation.treasury;
    nation.purchases = [];
    nation.placeableAtStart = [];
  }
  // Russia's new units and the revolution (GW-P15-REV-07, -20); new ships among enemy ships fight (GW-P13-PLACE-09).
  react(state, ctx, { kind: 'units-placed', fresh, orders });
  return state;
}

