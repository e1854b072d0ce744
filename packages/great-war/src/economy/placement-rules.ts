import { type Result, type Problem, err } from '@umpire/engine';
import { effectiveOriginalOwner } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { type Territory, type WorldMap } from '../data/map.js';
import { type GreatWarState, type NationState } from '../base/nations.js';
import type { UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { adjust } from '../base/reactions.js';
import { ruleNumbers } from '../data/rules.js';

/**
 * Where a unit may be placed (GW-P13-PLACE, GW-FAC): the kind of place a unit needs, a nation's own ground since
 * 1914, factories and ports with their allowances (retooled ones too), colonies, and the view of the board a
 * nation places on. Phase 13 (placement.ts) and the equipment fitted to ships (ship-equipment.ts) both read it.
 */

export function placingKind(unit: UnitType): PlacingKind {
  const entry = unitTable().byId.get(unit);
  if (!entry || entry.cost === null) return 'never';
  switch (entry.category) {
    case 'land':
      return unit === 'infantry' ? 'infantry' : 'factory';
    case 'air':
      return 'factory';
    case 'sea':
      return 'ship';
    case 'facility':
      return 'facility';
    case 'fortification':
      return 'trench';
    case 'equipment':
      return 'equipment';
  }
}

/**
 * What a placement is judged against: the state, the nation, and what stood at the start of the turn. When orders
 * are checked, the state is the start of the turn; in phase 13 the territories held and the facilities standing at
 * the start come from what phase 3 recorded.
 */
export interface PlacementView {
  readonly state: GreatWarState;
  readonly world: WorldMap;
  readonly nation: NationState;
  /** The nation holds the territory now, and held it incorporated at the start of the turn (GW-P13-PLACE-01, GW-FAC-02). */
  heldSinceStart(territory: string): boolean;
  /** The facility stood there at the start of the turn (a new one serves from the next turn). */
  facilityAtStart(territory: string, type: FacilityType): boolean;
  /** The nation has retooled that captured facility: on the board, or by a retool order of the turn (GW-FAC-08, D-ECON-20). */
  retooled(territory: string, type: FacilityType): boolean;
}

/** Whether a territory counts as the nation's own in 1914 for placing: the map's owner, or a host for its exile (GW-CONQ-10). */
export const ownSince1914 = (state: GreatWarState, nation: string, territory: string, world: WorldMap = theWorld(state.scenario)): boolean =>
  effectiveOriginalOwner(state, territory, world) === nation || adjust(state, 'own-since-1914', { nation, territory, world }, false);

/**
 * Whether the nation may build out of a facility: it stood at the start of the turn in a territory the nation has held
 * since then, its own of 1914 or a captured one whose facility it has retooled (GW-FAC-01, -02, -08, -10).
 */
export function buildsOutOf(view: PlacementView, territory: string, type: FacilityType): boolean {
  if (!view.heldSinceStart(territory) || !view.facilityAtStart(territory, type)) return false;
  return ownSince1914(view.state, view.nation.id, territory, view.world) || view.retooled(territory, type);
}

/** What has been placed (or ordered) so far this turn, for the per-turn limits. */
export interface Tally {
  /** Infantry placed outside cities, by territory (GW-P13-PLACE-05). */
  readonly nonCity: Map<string, number>;
  /** Units built out of each colony city, and in each colony (GW-P13-PLACE-15..17). */
  readonly cityUse: Map<string, number>;
  readonly colonyUse: Map<string, number>;
  /** New facilities, as 'type@territory'. */
  readonly facilities: Set<string>;
  /** Units built out of each retooled captured territory (GW-FAC-09). */
  readonly retooledUse: Map<string, number>;
}

/** Where units are placed, once a placement check admits them. */
export type Placed = {
  /** The territory the units are built out of: the place itself, or for ships the port. */
  readonly source: string;
  /** Extra price per unit (infantry outside a city). */
  readonly surcharge: number;
  /** Units fitted to ships (src/ship-equipment.ts): the ship each goes aboard, in order. */
  readonly aboard?: readonly string[];
};

/** The per-turn limits of the place units are built out of: a colony's (GW-P13-PLACE-15..17), or a retooled captured territory's. */
export function colonyRefusal(view: PlacementView, source: Territory, count: number, tally: Tally): Problem | undefined {
  if (!ownSince1914(view.state, view.nation.id, source.id, view.world)) return retooledRefusal(source, count, tally);
  if (source.colony === null) return undefined;
  const colony = view.world.colonies.find((c) => c.id === source.colony);
  if (!colony) return undefined;
  const what = `${colony.name} (a ${colony.class} colony)`;
  if (source.city) {
    const cap = cityAllowance(view.world, source);
    const used = tally.cityUse.get(source.id) ?? 0;
    if (used + count > cap) {
      return placeProblem('colony-limit', `${source.name}, a city of ${what}, may have ${plural(cap, 'unit')} a turn built out of it${used ? ` and already has ${used}` : ''}`);
    }
  }
  const total = colonyAllowance(view, colony.id);
  const used = tally.colonyUse.get(colony.id) ?? 0;
  if (used + count > total) {
    return placeProblem('colony-limit', `${what} may have ${plural(total, 'unit')} a turn built in it, its cities' allowances${used ? `, and already has ${used}` : ''}`);
  }
  return undefined;
}

export type FacilityType = 'industrial-complex' | 'port';

/** How a unit type is placed. */
export type PlacingKind =
  /** In its nation's own territories, in a city or for a surcharge (GW-FAC-14..16, GW-P13-PLACE-03..06). */
  | 'infantry'
  /** Other land units and aircraft: at an industrial complex (GW-FAC-01, GW-P13-PLACE-07). */
  | 'factory'
  /** Ships: in a sea zone next to a port (GW-FAC-10, GW-P13-PLACE-08). */
  | 'ship'
  /** Industrial complexes and ports (GW-FAC-03, GW-FAC-04). */
  | 'facility'
  /** Trenches and super-trench upgrades: a marker on a border, bought and placed in phase 3 (GW-TRENCH). */
  | 'trench'
  /** Radar and sonar, fitted to ships in a sea zone next to a port (D-EQUIP-1, src/ship-equipment.ts). */
  | 'equipment'
  /** Cities and coastal defence: never bought. */
  | 'never';

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why units may not be placed where an order puts them: for the place (`at`) or for their type (`unit`). */
export const placeProblem = (code: string, message: string, field: 'at' | 'unit' = 'at'): Problem => ({ code, message, field });

/** A placement check's refusal (placeProblem). */
export const refuse = (code: string, message: string, field: 'at' | 'unit' = 'at'): Result<never, Problem> => err(placeProblem(code, message, field));

/** A colony city's build allowance a turn: its value in a major colony, half (round up) in a minor one (GW-P13-PLACE-15, -16). */
export function cityAllowance(world: WorldMap, t: Territory): number {
  if (t.colony === null || !t.city) return 0;
  const major = world.colonies.find((c) => c.id === t.colony)?.class === 'major';
  return major ? t.value : Math.ceil(t.value / ruleNumbers.economy.minorColonyAllowanceDivisor);
}

/** The colony's allowance this turn: the allowances of the cities of the colony the nation may build out of. */
export function colonyAllowance(view: PlacementView, colony: string): number {
  let total = 0;
  for (const t of view.world.territories) if (t.colony === colony && view.heldSinceStart(t.id) && ownSince1914(view.state, view.nation.id, t.id, view.world)) total += cityAllowance(view.world, t);
  return total;
}

/** A retooled captured territory's allowance a turn, by the minor-colony rules (GW-FAC-09, D-ECON-21). */
export function retooledRefusal(source: Territory, count: number, tally: Tally): Problem | undefined {
  const cap = retooledAllowance(source);
  const used = tally.retooledUse.get(source.id) ?? 0;
  if (used + count <= cap) return undefined;
  return placeProblem(
    'retooled-limit',
    `${source.name}, captured and retooled, may have ${plural(cap, 'unit')} a turn built out of it (half its value of ${source.value}, rounded up, by the minor-colony rules)${used ? ` and already has ${used}` : ''}`,
  );
}

/**
 * The build allowance a turn of a retooled captured facility's territory, factory and port together: half its value,
 * rounded up, as a city of a minor colony (GW-FAC-09, GW-P13-PLACE-16, decision D-ECON-21).
 */
export const retooledAllowance = (t: Territory): number => Math.ceil(t.value / ruleNumbers.economy.minorColonyAllowanceDivisor);
