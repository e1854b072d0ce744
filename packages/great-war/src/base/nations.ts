import { scenarioData, technologyTable, type TechnologyTable } from '../data/load.js';
import type { Board } from './board.js';
import type { DiplomaticPosition, ScenarioFile, ScenarioMajor, ScenarioMinor, Side, UnitType } from '../data/schema.js';

/**
 * The nations and the game state. The engine's clock holds the turn; the state holds what the rules change.
 * State is plain JSON: nations are an array so that their order (the seat order) survives canonical JSON.
 * The major nations (the seats) are `nations`; the minor nations, which have no seat, are `minors`, so that the
 * seat order, the technology tables and the reports, which go through `nations`, stay those of the 11 majors.
 */

/** One manpower limit of a nation: its home, or a colony group with a limit of its own (gap G06, decision D-NAT-7). */
export type ManpowerState = {
  /** 'home', or a colony group id (the map's `colony`). */
  region: string;
  name: string;
  /** Infantry units it may buy at normal cost in this region during the game, before Troop Mechanization. */
  limit: number;
  /** Infantry units bought in this region so far (phase 3 counts them). */
  built: number;
};

export type NationState = {
  id: string;
  name: string;
  abbreviation: string;
  side: Side;
  /** Whether a player (or a bot) sends orders for this nation. */
  seat: boolean;
  /** Nations (majors or minors) this one is at war with, sorted. */
  atWarWith: string[];
  /** Saved resources. Never negative. */
  treasury: number;
  /** Resources collected per turn while neutral, where the rules cap it; null: no cap. For phase 14. */
  incomeCap: number | null;
  /** Technology level by technology id, 0 to its number of advances; every technology is listed. */
  tech: { [techId: string]: number };
  /** Gated units the nation could build before any advance (tank prototypes). */
  mayBuildAtStart: UnitType[];
  /** Manpower limits: home first, then colony groups. */
  manpower: ManpowerState[];
  /** Unit-table variants in force for this nation (Russian option 2, Bolshevik infantry); none at the start. */
  unitVariants: string[];
  /**
   * Industrial-center money (GW-INDCTR): collected in phase 14, spendable only on manufactured units in the next
   * phase 3, and lost if not spent there (decision D-ECON-3). Never negative.
   */
  industrialCredit: number;
  /** Units bought in phase 3 that phase 13 places (GW-P03-BUILD-03); empty between turns. */
  purchases: Purchase[];
  /**
   * The territories where the nation could place new units when phase 3 ran (its own 1914 territories that it held
   * incorporated at the start of the turn: GW-P13-PLACE-01, GW-FAC-02). Phase 3 sets it for phase 13, which empties it.
   */
  placeableAtStart: string[];
  /** What the economy phases did with the treasury this turn (the last turn, between turns), for reports. */
  ledger: TurnLedger;
};

/** Units of one build order, bought in phase 3 and waiting for phase 13. */
export type Purchase = {
  unit: UnitType;
  /** The territory or sea zone the order names. */
  at: string;
  count: number;
  /** What each unit cost from saved resources (the industrial-credit part is not refundable), in order. */
  paid: number[];
  /** The non-city surcharge paid on each infantry unit (0 or 5: GW-P13-PLACE-04). */
  surcharge: number;
  /** For units fitted to ships, the ship type the order named (D-EQUIP-1); absent: any that takes them. */
  on?: string;
};

/** One nation's money in the economy phases of a turn. `start` is the treasury when phase 3 began. */
export type TurnLedger = {
  start: number;
  /** Paid for units and facilities in phase 3. */
  units: number;
  /** Paid for trenches and super-trench upgrades in phase 3. */
  trenches: number;
  /** Industrial credit spent in phase 3, and what was left of it and lost. */
  creditUsed: number;
  creditLost: number;
  /** Infantry bought over a manpower limit this turn (GW-MANP-03: the mutiny roll of phase 15 reads it). */
  overLimitInfantry: number;
  /** Paid for incorporations in phase 12. */
  incorporation: number;
  /** Paid for repairing ships in phase 6 (GW-UNIT-19, GW-UNIT-40). */
  repairs: number;
  /** Given back in phase 13 for units that could not be placed. */
  refunds: number;
  /** Gifts sent and received in phase 14 (received: what arrived). */
  giftsSent: number;
  giftsReceived: number;
  /** Collected in phase 14, and the industrial credit collected for the next turn. */
  collected: number;
  credit: number;
  /** The treasury after phase 14, then after phase 15's economic war. */
  end: number;
  /** US trade received in phase 15 (GW-P15-USTRADE), and income lost to enemy ships around Britain (GW-P15-SUBW). */
  usTrade: number;
  lostAtSea: number;
};

/** An empty ledger for a treasury. */
export const emptyLedger = (treasury: number): TurnLedger => ({
  start: treasury,
  units: 0,
  trenches: 0,
  creditUsed: 0,
  creditLost: 0,
  overLimitInfantry: 0,
  incorporation: 0,
  repairs: 0,
  refunds: 0,
  giftsSent: 0,
  giftsReceived: 0,
  collected: 0,
  credit: 0,
  end: treasury,
  usTrade: 0,
  lostAtSea: 0,
});

/** A minor nation: no seat; on the diplomatic chart of phase 1.2 (gap G09). */
export type MinorState = {
  id: string;
  name: string;
  abbreviation: string;
  /** 'neutral' until it joins a camp; then the side of that camp. */
  side: Side;
  diplomacy: DiplomaticPosition;
  /** The seed's '*': influence on it succeeds only on a roll of 10 (GW-P01-DIP-18). */
  hardToInfluence: boolean;
  /** 'moderator' (the umpire) or the seat that gives its orders (gap G19, decision D-NAT-10). */
  controller: string;
  /** Nations (majors or minors) it is at war with, sorted. */
  atWarWith: string[];
  /** Saved resources. Never negative. */
  treasury: number;
  /** The share of its full income it collects, in percent: 10 while the moderator runs it (GW-P14-RES-05). */
  productionPercent: number;
};

/**
 * The state of a game: plain JSON. The special rules of phase 15 with a record of their own (afghanistan.ts,
 * sea-trade.ts) add their slice to `GreatWarSlices` in their own module, so that this file imports none of them.
 */
export type GreatWarState = { [K in keyof GreatWarSlices]: GreatWarSlices[K] };

/** The slices of the state; see `GreatWarState`. */
export interface GreatWarSlices {
  scenario: string;
  nations: NationState[];
  minors: MinorState[];
  /** Who holds each territory and where every unit stands. */
  board: Board;
  /** The land war's record of the turn in progress (phases 8 to 11); empty between turns. See land-movement.ts. */
  land: LandTurn;
  /** The air war's record of the turn in progress (phases 4 to 10, bombing damage to phase 14); empty between turns. See aircraft.ts. */
  air: AirTurn;
  /** The war at sea's record of the turn in progress (phases 6 and 7); empty between turns. See naval-movement.ts. */
  sea: SeaTurn;
  /** What naval movement (phase 6) passes on to the naval invasions of phase 10.1; empty between turns. See naval-invasions.ts. */
  invasion: InvasionTurn;
  /** The conquered nations (GW-CONQ), by id; a nation that is not conquered has no entry. See conquest.ts. */
  conquered: { [nation: string]: ConquestState };
  /** Diplomacy, the neutrals, the national options and the special rules of phase 15. See politics.ts. */
  politics: PoliticsState;
}

/**
 * The political record: US public opinion here, and a slice for each part of the politics, which adds it to
 * `PoliticsSlices` in its own module (`declare module '../base/nations.js'`), so that this file imports none of them.
 */
export type PoliticsState = { [K in keyof PoliticsSlices]: PoliticsSlices[K] };

/** The slices of the political record; see `PoliticsState`. */
export interface PoliticsSlices {
  /** US public opinion, the 'US Entry' track (GW-NEUT-USA-07): starts at 0, + toward the Allies, - toward the Central Powers. */
  usEntry: number;
}

/** What the land phases of a turn pass on to each other (phase 8 to 10 and 11); emptied when phase 11 ends. */
export type LandTurn = {
  /** Units given an order in phase 8 (moved, or artillery that fired) or that retreated: none may move strategically (GW-P11-STRAT-05). */
  acted: string[];
  /** Every unit moved in phase 8: the territory it left and the one it entered from (`from`, for trenches, straits and retreats). */
  moves: { unit: string; start: string; from: string; to: string }[];
  /** Artillery that fires into a battle from where it stands (GW-P10-LAND-06). */
  support: { unit: string; from: string; at: string }[];
  /** Territories with a battle for phase 10, sorted by id. */
  battles: string[];
};

export const emptyLandTurn = (): LandTurn => ({ acted: [], moves: [], support: [], battles: [] });

/** One aircraft in the air this turn, from take-off until it lands (phase 4 or 8 to 10). */
export type Flight = {
  unit: string;
  nation: string;
  /** The territory it took off from, or the sea zone of the carrier it took off from (D-AIR-42). */
  base: string;
  /** Where it flew: the target of a mission, or where a transfer ends. */
  to: string;
  /** The areas it flew over, from its base to `to` (AA fire on the way, GW-P09-AIR-12). */
  path: string[];
  /** The area it entered `to` from (trench facing). */
  entry: string;
  /** Fuel points left. */
  fuel: number;
  /** 'attack': into an enemy territory in phase 8; 'transfer': to a friendly one; 'bombing' and 'strike': phase 4 missions; 'hunt' and 'cover': over a sea zone against submarines (phases 5 and 6). */
  mission: 'attack' | 'transfer' | 'bombing' | 'strike' | 'hunt' | 'cover';
  /** Where the player ordered it to land after an attack. */
  land?: string;
  /** The carrier it took off from, when its base is a sea zone (D-AIR-44: it lands back on it first). */
  carrier?: string;
};

/** What the air phases of a turn pass on to each other. */
export type AirTurn = {
  /** Aircraft in the air, in the order they took off. */
  flights: Flight[];
  /** Aircraft that flew a mission this turn: each flies one a turn (GW-P04-BOMB-09). */
  flown: string[];
  /** Tactical strike points scored against each territory this turn (phase 4, used in phase 10). */
  strikes: { [territory: string]: number };
  /** Resources bombed off each nation's collection this turn (phase 4, taken in phase 14). */
  bombed: { [nation: string]: number };
  /** Carriers given the carrier-move task in phase 6: their fighters may take off until phase 8 (D-AIR-40). See carrier-operations.ts. */
  carrierMove?: string[];
};

export const emptyAirTurn = (): AirTurn => ({ flights: [], flown: [], strikes: {}, bombed: {} });

/** What the naval phases of a turn pass on: the task forces of phase 6, the ships that acted, the sea battles of phase 7. */
export type SeaTurn = {
  /** The task forces of phase 6, those that stay included; `runOn`: a caught blockade runner's way on (D-NAV-29). */
  taskForces: { id: string; nation: string; task: string; from: string; to: string; path: string[]; units: string[]; runOn?: string[] }[];
  /** Ships that sailed or were repaired this turn (one task a ship). */
  acted: string[];
  /** Sea zones with a naval battle in phase 7, sorted. */
  battles: string[];
  /** Ships given the blockade task this turn (D-NAV-27): kept past phase 7 for the US trade of phase 15, which clears it. */
  blockade: string[];
};

export const emptySeaTurn = (): SeaTurn => ({ taskForces: [], acted: [], battles: [], blockade: [] });

/** What phase 6 passes on to phase 10 (D-NAV-24): the battleships given the bombard task this turn, until they fire. */
export type InvasionTurn = {
  /** Battleships with the bombard task (phase 6); each leaves the list when it fires (once a turn) or when phase 10 ends. */
  bombard: string[];
};

export const emptyInvasionTurn = (): InvasionTurn => ({ bombard: [] });

/** A conquered nation: all its supply centers taken (GW-CONQ-01). */
export type ConquestState = {
  /** The turn it was conquered. */
  since: number;
  /** The ally commanding its forces as host of its government in exile (GW-CONQ-05..08); null: none declared. */
  host: string | null;
  /** The turn since whose end its capital has been held by it or an ally without a break (GW-CONQ-09); null: not held. */
  capitalHeldSince: number | null;
};

export function nationOf(state: GreatWarState, id: string): NationState | undefined {
  return state.nations.find((n) => n.id === id);
}

export function minorOf(state: GreatWarState, id: string): MinorState | undefined {
  return state.minors.find((n) => n.id === id);
}

/** The seats, in seat order: the order orders are resolved in. Minors are never seats. */
export function seatsOf(state: GreatWarState): string[] {
  return state.nations.filter((n) => n.seat).map((n) => n.id);
}

/** Whether two nations, majors or minors, are at war. */
export function atWar(state: GreatWarState, a: string, b: string): boolean {
  return (nationOf(state, a) ?? minorOf(state, a))?.atWarWith.includes(b) ?? false;
}

/** The scenario's entry for a major nation: the numbers that do not change in play (minor-war cap, gear-up). */
export function scenarioNation(state: GreatWarState, id: string): ScenarioMajor | undefined {
  return majorsOf(scenarioData(state.scenario)).find((n) => n.id === id);
}

/** The scenario's entry for a minor nation (its note, Mexico's mobilisation). */
export function scenarioMinor(state: GreatWarState, id: string): ScenarioMinor | undefined {
  return minorsOf(scenarioData(state.scenario)).find((n) => n.id === id);
}

/** A scenario's major nations, in seat order. */
export const majorsOf = (scenario: ScenarioFile): ScenarioMajor[] => scenario.nations.filter((n): n is ScenarioMajor => n.kind === 'major');

/** A scenario's minor nations. */
export const minorsOf = (scenario: ScenarioFile): ScenarioMinor[] => scenario.nations.filter((n): n is ScenarioMinor => n.kind === 'minor');

/** The manpower region an infantry unit placed in a territory of this colony group (null: none) draws on. */
export function manpowerRegionFor(nation: NationState, colony: string | null): ManpowerState {
  return nation.manpower.find((m) => colony !== null && m.region === colony) ?? nation.manpower[0]!;
}

/**
 * A manpower limit as it stands: the stored limit (which starvation or the Irish may change), raised by the
 * Troop Mechanization advances the nation has (+30%, rounded up: GW-TECH-05, decision D-NAT-7).
 */
export function manpowerLimit(nation: NationState, region = 'home', table: TechnologyTable = technologyTable()): number {
  const pool = nation.manpower.find((m) => m.region === region);
  if (!pool) return 0;
  let percent = 0;
  for (const tech of table.list) {
    tech.advances.forEach((advance, i) => {
      if (i < (nation.tech[tech.id] ?? 0)) for (const e of advance.effects) if (e.kind === 'manpower') percent += e.percent;
    });
  }
  return Math.ceil((pool.limit * (100 + percent)) / 100);
}

/** What a minor collects in a turn from lands of this full value: its production share, rounded as the scenario says. */
export function minorIncome(state: GreatWarState, minorId: string, fullValue: number): number {
  const minor = minorOf(state, minorId);
  if (!minor) return 0;
  const share = (fullValue * minor.productionPercent) / 100;
  return scenarioData(state.scenario).minorIncome.rounding === 'up' ? Math.ceil(share) : Math.floor(share);
}

/** Which side of the war a nation is on in a scenario, to tell who may stand where at the start. */
export function friendlyAtStart(scenario: ScenarioFile): (holder: string, guest: string) => boolean {
  const side = new Map(scenario.nations.map((n) => [n.id, n.side]));
  return (holder, guest) => holder === guest || (side.get(holder) !== 'neutral' && side.get(holder) === side.get(guest));
}

