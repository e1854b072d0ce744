/**
 * The rule parts of the Great War, in the rule book's order, with how each reacts to what the phases announce
 * (base/reactions.ts). The order of this list is the order in which the parts react, so that every game replays.
 * A special rule that changes a phase registers its reaction here instead of being imported by that phase.
 */
import { describeEventBy, invariantsBy, sectionsBy, type RulePart } from '@umpire/engine';
import type { GreatWarState } from './base/nations.js';
import { switchboard, type Happening, type Questions } from './base/reactions.js';
import { describePoliticsEvent, politicsInvariants, politicsSections } from './p01-diplomacy/politics.js';
import * as diplomacy from './p01-diplomacy/diplomacy.js';
import * as surrender from './p01-diplomacy/surrender.js';
import * as usa from './p01-neutrals/united-states.js';
import * as ottoman from './p01-neutrals/ottoman.js';
import * as italy from './p01-neutrals/italy.js';
import * as japan from './p01-neutrals/japan.js';
import * as china from './p01-neutrals/china.js';
import * as farEast from './p01-neutrals/far-east.js';
import * as options from './p01-options/national-options.js';
import * as revolution from './p15-special/revolution.js';
import * as mutiny from './p15-special/mutiny.js';
import * as spain from './p15-special/spain.js';
import * as upgrades from './p02-technology/upgrades.js';
import { breakthroughOnCapture } from './land/breakthrough.js';
import { shipsPlacedAmongEnemies } from './sea/ships-placed.js';
import { carrierDecks, comeDown } from './sea/carrier-operations.js';

export type GreatWarPart = RulePart<GreatWarState, Happening, Questions>;

/**
 * The parts, in the order their report sections are printed and they react. Only the order among the parts that
 * react to the same happening matters for play: war (diplomacy, usa, ottoman, italy, japan, china), join
 * (diplomacy, usa, ottoman, italy, spain), capture (revolution, breakthrough).
 */
export const ruleParts: readonly GreatWarPart[] = [
  {
    id: 'politics', // Phase 1: the shared record of wars, peace, sides and the US Entry track
    describeEvent: describePoliticsEvent,
    sections: (state) => politicsSections(state),
    invariants: politicsInvariants,
  },
  {
    id: 'diplomacy', // Phase 1.1 and 1.2: the declarations of war, the bar after a forced peace, alliances
    clauses: ['GW-P01-DIP', 'GW-ALLY'],
    describeEvent: diplomacy.describeDiplomacyEvent,
    sections: diplomacy.diplomacySections,
    invariants: diplomacy.diplomacyInvariants,
    reactions: {
      war: diplomacy.declarationsOnWar,
      peace: (state, ctx, h) => diplomacy.declarationsOnPeace(state, ctx, h.a, h.b, h.why),
      join: (state, ctx, h) => diplomacy.declarationsOnJoin(state, ctx, h.nation, h.side, h.cause),
    },
    adjustments: { 'may-join': (state, q, may) => may && diplomacy.mayJoinSide(state, q.nation, q.turn) },
  },
  {
    id: 'surrender', // Phase 1.3: surrender offers and their terms
    clauses: ['GW-SURR'],
    describeEvent: surrender.describeSurrenderEvent,
    sections: surrender.surrenderSections,
    invariants: surrender.surrenderInvariants,
  },
  {
    id: 'united-states', // The US Entry events and track, the US options
    clauses: ['GW-NEUT-USA', 'GW-USENTRY', 'GW-USOPT'],
    describeEvent: usa.describeUsaEvent,
    sections: usa.usaSections,
    invariants: usa.usaInvariants,
    reactions: {
      war: usa.usaOnWar,
      join: (state, ctx, h) => usa.usaOnJoin(state, ctx, h.nation, h.side, h.cause),
      'us-entry-moved': (state) => usa.usaOnShift(state),
      'us-trade-cut': (state, ctx) => usa.usaOnTrade(state, ctx),
    },
    adjustments: { 'us-entry-bounds': (state, _q, wanted) => usa.usEntryWithin(state, wanted) },
  },
  {
    id: 'ottoman', // The Ottoman Empire while neutral, its triggers and deals
    clauses: ['GW-NEUT-OTT'],
    describeEvent: ottoman.describeOttomanEvent,
    sections: ottoman.ottomanSections,
    invariants: ottoman.ottomanInvariants,
    reactions: { war: ottoman.ottomanOnWar, join: (state, ctx, h) => ottoman.ottomanOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  {
    id: 'italy', // Italy while neutral, its sways and triggers
    clauses: ['GW-NEUT-ITA'],
    describeEvent: italy.describeItalyEvent,
    sections: italy.italySections,
    invariants: italy.italyInvariants,
    reactions: { war: italy.italyOnWar, join: (state, ctx, h) => italy.italyOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  {
    id: 'japan', // Japan at war, its gearing up and limited wars
    clauses: ['GW-NEUT-JAP'],
    describeEvent: japan.describeJapanEvent,
    sections: japan.japanSections,
    invariants: japan.japanInvariants,
    reactions: { war: japan.japanOnWar },
    adjustments: { 'income-cap': (state, q, cap) => (q.nation === farEast.JAPAN ? farEast.japanIncomeCap(state) : cap) },
  },
  {
    id: 'china', // China, its entry, the ceded territories, its answer to a Japanese war
    clauses: ['GW-NEUT-CHN'],
    describeEvent: china.describeChinaEvent,
    sections: china.chinaSections,
    invariants: china.chinaInvariants,
    reactions: { war: china.chinaOnWar },
    adjustments: {
      'attack-refusal': (state, q, refusal) => refusal ?? china.chinaAttackRefusal(state, q.ledger, q.seat, q.order),
      'income-cap': (state, q, cap) => (q.nation === farEast.CHINA ? farEast.chinaIncomeCap(state) : cap),
    },
  },
  {
    id: 'national-options', // The national options of the belligerents
    clauses: ['GW-OPT'],
    describeEvent: options.describeOptionsEvent,
    sections: options.optionsSections,
    invariants: options.optionsInvariants,
  },
  {
    id: 'revolution', // Phase 15: the Russian Revolution and the Bolsheviks
    clauses: ['GW-P15-REV'],
    describeEvent: revolution.describeRevolutionEvent,
    sections: revolution.revolutionSections,
    invariants: revolution.revolutionInvariants,
    reactions: {
      capture: (state, _ctx, h) => revolution.revolutionOnCapture(state, h.territory, h.from, h.to, h.world),
      'placement-begins': (state, ctx) => revolution.revolutionBeforePlacement(state, ctx),
      'units-placed': (state, ctx, h) => revolution.revolutionOnPlacement(state, ctx, h.fresh, h.orders),
    },
    adjustments: {
      'move-end': (state, q, refusal) => refusal ?? revolution.bolshevikMoveRefusal(state, q.world, q.nation, q.to, q.hostile),
      'land-value': (state, q, factor) => factor * revolution.landValueFactor(state, q.nation, q.territory, q.world),
      'own-since-1914': (state, q, own) => own || revolution.bolshevikHomeland(state, q.nation, q.territory, q.world),
      'free-ground': (state, q, free) => free || revolution.bolshevikFreeGround(state, q.nation, q.territory, q.world),
    },
  },
  {
    id: 'mutiny', // Phase 15: mutinies
    clauses: ['GW-P15-MUTINY'],
    describeEvent: mutiny.describeMutinyEvent,
    sections: mutiny.mutinySections,
    invariants: mutiny.mutinyInvariants,
  },
  {
    id: 'spain', // Phase 15: the Spanish garrison
    clauses: ['GW-P15-SPAIN'],
    describeEvent: spain.describeSpainEvent,
    sections: spain.spainSections,
    invariants: spain.spainInvariants,
    reactions: { join: (state, ctx, h) => spain.spainOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  {
    id: 'upgrades', // Phase 2: the units in play and the advances made
    clauses: ['GW-P02-TECH'],
    describeEvent: upgrades.describeUpgradesEvent,
    sections: upgrades.upgradesSections,
    invariants: upgrades.upgradesInvariants,
    reactions: { advance: (state, _ctx, h) => upgrades.upgradesOnAdvance(state, h.nation, h.tech, h.advance) },
  },
  { id: 'breakthrough', clauses: ['GW-TECH-18', 'GW-TECH-19'], reactions: { capture: (state, _ctx, h) => breakthroughOnCapture(state, h.territory) } },
  {
    id: 'carrier-operations', // Aircraft that land in a sea zone go aboard a carrier there (D-AIR-44)
    reactions: { 'aircraft-on-deck': (state, _ctx, h) => comeDown(state, h.world, h.unit, h.zone, h.flight) },
    adjustments: { 'carrier-decks': (state, q, decks) => new Set([...decks, ...carrierDecks(state, q.nation, q.type)]) },
  },
  {
    id: 'ships-placed', // Phase 13: new ships among enemy ships fight (after the revolution's placement)
    clauses: ['GW-P13-PLACE-09', 'GW-P13-PLACE-10'],
    reactions: { 'units-placed': (state, ctx, h) => shipsPlacedAmongEnemies(state, h.fresh, h.orders, ctx) },
  },
];

switchboard.install(ruleParts);

/** One line for an event of the politics of the war (the parts above), or undefined. */
export const describePartsEvent = describeEventBy(ruleParts);

/** The report sections of the parts, in order. */
export const partsSections = sectionsBy(ruleParts);

/** The invariants of the parts, in order (none but one when the state has no record of the politics). */
export function partsInvariants(state: GreatWarState): string[] {
  if (!state.politics) return ['the state has no record of the politics of the war'];
  return invariantsBy(ruleParts)(state);
}
