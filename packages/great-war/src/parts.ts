/**
 * The rule parts of the Great War, in the rule book's order, with how each reacts to what the phases announce
 * (base/reactions.ts), their order kinds and their phases. The order of this list is the order in which the parts
 * react, so that every game replays; the turn's order is the two lists at the end of this file.
 * A special rule that changes a phase registers its reaction here instead of being imported by that phase.
 */
import { describeEventBy, invariantsBy, ordersIn, phasesIn, sectionsBy, type RulePart } from '@umpire/engine';
import type { GreatWarState } from './base/nations.js';
import { widen, type GreatWarOrders, type OrderSpec } from './orders/language.js';
import { exileSpec } from './base/conquest.js';
import { researchSpec } from './p02-technology/research-names.js';
import { resolveResearch } from './p02-technology/research.js';
import { resolveBuild, buildSpec } from './p03-build/build.js';
import { retoolSpec } from './p03-build/retool.js';
import { bombSpec, resolveBombing, strikeSpec } from './p04-bombing/bombing.js';
import { ambushSpec, disengageSpec, huntSpec, resolveSubmarineDetection, resolveSubmarineInterception } from './sea/submarines.js';
import { repairSpec, resolveNavalMovement, sailSpec } from './sea/naval-movement.js';
import { embarkSpec, settleCargo } from './sea/transports.js';
import { landSpec } from './sea/landings.js';
import { coverSpec } from './sea/sea-patrols.js';
import { evadeSpec } from './sea/ship-equipment.js';
import { resolveAirAtSea } from './sea/air-at-sea.js';
import { resolveNavalCombat } from './sea/naval-combat.js';
import { moveSpec, resolveLandMovement } from './land/land-movement.js';
import { flySpec } from './air/air-movement.js';
import { interceptSpec, resolveAirCombat } from './air/air-combat.js';
import { resolveLandCombat } from './land/land-combat.js';
import { lossesSpec, retreatSpec } from './land/combat-orders.js';
import { breakthroughSpec, resolveBreakthroughs } from './land/breakthrough.js';
import { resolveStrategicMovement, strategicSpec } from './land/strategic-movement.js';
import { incorporateSpec, resolveIncorporation } from './economy/incorporation.js';
import { resolvePlacement } from './economy/placement.js';
import { giveSpec, resolveResources } from './economy/resources.js';
import { resolveAfghanistan } from './p15-special/afghanistan.js';
import { resolveEconomicWar } from './p15-special/sea-trade.js';
import { switchboard, type Happening, type Questions } from './base/reactions.js';
import { describePoliticsEvent, politicsInvariants, politicsSections } from './p01-diplomacy/politics.js';
import * as diplomacy from './p01-diplomacy/diplomacy.js';
import * as surrender from './p01-diplomacy/surrender.js';
import * as usa from './p01-neutrals/united-states.js';
import * as ottoman from './p01-neutrals/ottoman.js';
import * as ottomanDeals from './p01-neutrals/ottoman-deals.js';
import * as usOptions from './p01-neutrals/us-options.js';
import { resolveBlockadeOpinion } from './p01-options/britain.js';
import * as italy from './p01-neutrals/italy.js';
import * as japan from './p01-neutrals/japan.js';
import * as china from './p01-neutrals/china.js';
import * as farEast from './p01-neutrals/far-east.js';
import * as options from './p01-options/national-options.js';
import * as revolution from './p15-special/revolution.js';
import * as revolutionOrders from './p15-special/revolution-orders.js';
import * as revolutionReport from './p15-special/revolution-report.js';
import * as civilWarEnd from './p15-special/civil-war.js';
import * as mutiny from './p15-special/mutiny.js';
import * as spain from './p15-special/spain.js';
import * as upgrades from './p02-technology/upgrades.js';
import { breakthroughOnCapture } from './land/breakthrough.js';
import { shipsPlacedAmongEnemies } from './sea/ships-placed.js';
import { carrierDecks, comeDown } from './sea/carrier-operations.js';

export type GreatWarPart = RulePart<GreatWarState, Happening, Questions, GreatWarOrders, OrderSpec>;

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
    orders: diplomacy.diplomacySpecs,
    phases: {
      declarations: diplomacy.resolveDeclarations,
      influence: diplomacy.resolveInfluence,
      'war-actions': diplomacy.resolveWarActions,
      'diplomacy-end': diplomacy.resolveDiplomacyEnd,
    },
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
    orders: surrender.surrenderSpecs,
    phases: { surrender: surrender.resolveSurrender },
    clauses: ['GW-SURR'],
    describeEvent: surrender.describeSurrenderEvent,
    sections: surrender.surrenderSections,
    invariants: surrender.surrenderInvariants,
  },
  {
    id: 'united-states', // The US Entry events and track, the US options
    orders: usOptions.usaSpecs,
    phases: { 'united-states': usOptions.resolveUnitedStates, 'us-entry-roll': usa.resolveUsEntryRoll },
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
    orders: ottomanDeals.ottomanSpecs,
    phases: { ottoman: ottomanDeals.resolveOttoman, 'ottoman-end': ottoman.resolveOttomanEnd },
    clauses: ['GW-NEUT-OTT'],
    describeEvent: ottoman.describeOttomanEvent,
    sections: ottoman.ottomanSections,
    invariants: ottoman.ottomanInvariants,
    reactions: { war: ottoman.ottomanOnWar, join: (state, ctx, h) => ottoman.ottomanOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  {
    id: 'italy', // Italy while neutral, its sways and triggers
    orders: italy.italySpecs,
    phases: { italy: italy.resolveItaly, 'italy-end': italy.resolveItalyEnd },
    clauses: ['GW-NEUT-ITA'],
    describeEvent: italy.describeItalyEvent,
    sections: italy.italySections,
    invariants: italy.italyInvariants,
    reactions: { war: italy.italyOnWar, join: (state, ctx, h) => italy.italyOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  {
    id: 'japan', // Japan at war, its gearing up and limited wars
    orders: japan.japanSpecs,
    phases: { japan: japan.resolveJapan, 'japan-end': japan.resolveJapanEnd },
    clauses: ['GW-NEUT-JAP'],
    describeEvent: japan.describeJapanEvent,
    sections: japan.japanSections,
    invariants: japan.japanInvariants,
    reactions: { war: japan.japanOnWar },
    adjustments: { 'income-cap': (state, q, cap) => (q.nation === farEast.JAPAN ? farEast.japanIncomeCap(state) : cap) },
  },
  {
    id: 'china', // China, its entry, the ceded territories, its answer to a Japanese war
    orders: china.chinaSpecs,
    phases: { china: china.resolveChina, 'china-end': china.resolveChinaEnd },
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
    orders: options.optionSpecs,
    phases: {
      'national-options': options.resolveNationalOptions,
      'blockade-opinion': resolveBlockadeOpinion,
      'options-end': options.resolveOptionsEnd,
    },
    clauses: ['GW-OPT'],
    describeEvent: options.describeOptionsEvent,
    sections: options.optionsSections,
    invariants: options.optionsInvariants,
  },
  {
    id: 'revolution', // Phase 15: the Russian Revolution and the Bolsheviks
    orders: revolutionOrders.revolutionSpecs,
    phases: { 'army-supply': revolution.resolveArmySupply, revolution: revolution.resolveRevolution },
    clauses: ['GW-P15-REV'],
    describeEvent: revolutionReport.describeRevolutionEvent,
    sections: revolutionReport.revolutionSections,
    invariants: revolutionReport.revolutionInvariants,
    reactions: {
      capture: (state, _ctx, h) => revolution.revolutionOnCapture(state, h.territory, h.from, h.to, h.world),
      'placement-begins': (state, ctx) => civilWarEnd.revolutionBeforePlacement(state, ctx),
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
    orders: mutiny.mutinySpecs,
    phases: { mutiny: mutiny.resolveMutinies },
    clauses: ['GW-P15-MUTINY'],
    describeEvent: mutiny.describeMutinyEvent,
    sections: mutiny.mutinySections,
    invariants: mutiny.mutinyInvariants,
  },
  {
    id: 'spain', // Phase 15: the Spanish garrison
    orders: spain.spainSpecs,
    phases: { spain: spain.resolveSpain },
    clauses: ['GW-P15-SPAIN'],
    describeEvent: spain.describeSpainEvent,
    sections: spain.spainSections,
    invariants: spain.spainInvariants,
    reactions: { join: (state, ctx, h) => spain.spainOnJoin(state, ctx, h.nation, h.side, h.cause) },
  },
  {
    id: 'upgrades', // Phase 2: the units in play and the advances made
    orders: upgrades.upgradeSpecs,
    phases: { upgrades: upgrades.resolveUpgrades },
    clauses: ['GW-P02-TECH'],
    describeEvent: upgrades.describeUpgradesEvent,
    sections: upgrades.upgradesSections,
    invariants: upgrades.upgradesInvariants,
    reactions: { advance: (state, _ctx, h) => upgrades.upgradesOnAdvance(state, h.nation, h.tech, h.advance) },
  },
  {
    id: 'breakthrough', // Phase 10: the tanks' breakthroughs, after every other combat
    clauses: ['GW-TECH-18', 'GW-TECH-19'],
    orders: [widen(breakthroughSpec)],
    phases: { breakthrough: resolveBreakthroughs },
    reactions: { capture: (state, _ctx, h) => breakthroughOnCapture(state, h.territory) },
  },
  {
    id: 'carrier-operations', // Aircraft that land in a sea zone go aboard a carrier there (D-AIR-44)
    clauses: ['GW-UNIT-36', 'GW-UNIT-43'],
    reactions: { 'aircraft-on-deck': (state, _ctx, h) => comeDown(state, h.world, h.unit, h.zone, h.flight) },
    adjustments: { 'carrier-decks': (state, q, decks) => new Set([...decks, ...carrierDecks(state, q.nation, q.type)]) },
  },
  {
    id: 'ships-placed', // Phase 13: new ships among enemy ships fight (after the revolution's placement)
    clauses: ['GW-P13-PLACE-09', 'GW-P13-PLACE-10'],
    reactions: { 'units-placed': (state, ctx, h) => shipsPlacedAmongEnemies(state, h.fresh, h.orders, ctx) },
  },
  { id: 'research', clauses: ['GW-P02-TECH'], orders: [widen(researchSpec)], phases: { technology: resolveResearch } }, // Phase 2
  { id: 'retool', clauses: ['GW-FAC-08', 'GW-FAC-09'], orders: [widen(retoolSpec)] }, // Phase 3: resolved with the builds
  { id: 'build', clauses: ['GW-P03-BUILD'], orders: [widen(buildSpec)], phases: { build: resolveBuild } }, // Phase 3
  { id: 'bombing', clauses: ['GW-P04-BOMB'], orders: [widen(bombSpec), widen(strikeSpec)], phases: { bombing: resolveBombing } }, // Phase 4
  {
    id: 'submarines', // Phase 5, submarine detection, and phase 6.1, submarine interception
    clauses: ['GW-P05-SUBDET', 'GW-P06-SUBINT'],
    orders: [widen(huntSpec), widen(disengageSpec), widen(ambushSpec)],
    phases: { 'submarine-detection': resolveSubmarineDetection, 'submarine-interception': resolveSubmarineInterception },
  },
  { id: 'naval-movement', clauses: ['GW-P06-NAV'], orders: [widen(repairSpec), widen(sailSpec)], phases: { 'naval-movement': resolveNavalMovement } }, // Phase 6
  { id: 'transports', clauses: ['GW-UNIT-25', 'GW-UNIT-34'], orders: [widen(embarkSpec), widen(landSpec)] }, // Phases 6 and 8
  { id: 'sea-patrols', clauses: ['GW-UNIT-44', 'GW-UNIT-46'], orders: [widen(coverSpec)] }, // Phase 6.1
  { id: 'ship-equipment', clauses: ['GW-TECH'], orders: [widen(evadeSpec)] }, // Phase 7
  { id: 'air-at-sea', clauses: ['GW-UNIT-47', 'GW-UNIT-62'], phases: { 'air-at-sea': resolveAirAtSea } }, // Phase 6
  {
    id: 'naval-combat', // Phase 7: naval combat, then cargo follows its transport or is lost with it
    clauses: ['GW-P07-NAVCOMBAT'],
    phases: { 'naval-combat': (state, orders, ctx) => settleCargo(resolveNavalCombat(state, orders, ctx), ctx) },
  },
  { id: 'land-movement', clauses: ['GW-P08-LANDMOVE'], orders: [widen(moveSpec)], phases: { 'land-movement': resolveLandMovement } }, // Phase 8
  { id: 'air-movement', clauses: ['GW-P08-LANDMOVE', 'GW-UNIT-47'], orders: [widen(flySpec)] }, // Phase 8
  { id: 'land-combat', clauses: ['GW-P10-LAND', 'GW-COMBAT'], orders: [widen(lossesSpec), widen(retreatSpec)], phases: { 'land-combat': resolveLandCombat } },
  { id: 'air-combat', clauses: ['GW-P09-AIR'], orders: [widen(interceptSpec)], phases: { 'air-combat': resolveAirCombat } }, // Phase 9
  { id: 'strategic-movement', clauses: ['GW-P11-STRAT'], orders: [widen(strategicSpec)], phases: { 'strategic-movement': resolveStrategicMovement } },
  { id: 'conquest', clauses: ['GW-CONQ'], orders: [widen(exileSpec)] }, // Phase 11: governments in exile
  { id: 'incorporation', clauses: ['GW-P12-INC'], orders: [widen(incorporateSpec)], phases: { incorporation: resolveIncorporation } },
  { id: 'placement', clauses: ['GW-P13-PLACE', 'GW-FAC'], phases: { placement: resolvePlacement } }, // Phase 13
  { id: 'resources', clauses: ['GW-P14-RES'], orders: [widen(giveSpec)], phases: { resources: resolveResources } }, // Phase 14
  { id: 'afghanistan', clauses: ['GW-TERR-16', 'GW-TERR-22'], phases: { afghanistan: resolveAfghanistan } }, // Phase 15
  { id: 'economic-war', clauses: ['GW-P15-SUBW', 'GW-P15-STARVE'], phases: { 'economic-war': resolveEconomicWar } }, // Phase 15
];

switchboard.install(ruleParts);

// ---------------------------------------------------------------------------------------------------------------
// The turn, in the rule book's order: the order kinds, in the order the turn resolves them (the order formatOrders
// writes and legalActions offers), and the phases, in the order they run. Each is given by one part above, placed
// here by name; a name no part gives, or a part's kind or phase left out, is refused when the ruleset loads.

/** Every order kind, by phase: 1 (diplomacy, the Far East, the neutral majors, the USA, the national options,
 * surrender), 2 (research, upgrades), 3 (retooling, builds), 4 (bombing), 5 and 6 (submarines, naval movement,
 * transports, patrols), 7 (evasion), 8 (land movement, landings, flights, the standing orders of land combat,
 * breakthroughs), 9 (interception), 11 (strategic movement, exile), 12 (incorporation), 14 (gifts), 15 (special). */
export const ORDER_KINDS: readonly string[] = [
  'declare', 'influence', 'gear-up', 'japan-war', 'limited-war', 'full-war', 'cede', 'court', 'hong-kong-port',
  'reclaim', 'exchange', 'deliver-destroyer', 'send-aid', 'sway', 'press-italy', 'yield-trieste', 'us-gear-up',
  'us-war-vote', 'us-lend', 'us-publicity', 'us-influence', 'us-join', 'us-propaganda',
  'unrestricted-submarine-warfare', 'irish-rebellion', 'zimmermann-note', 'foreign-legion', 'east-africa-supplies',
  'adriatic-submarine', 'serbian-aid', 'serbian-peace', 'surrender', 'accept', 'research', 'upgrade', 'retool',
  'build', 'bomb', 'strike', 'hunt', 'disengage', 'repair', 'sail', 'embark', 'cover', 'ambush', 'evade', 'move',
  'land', 'fly', 'losses', 'retreat', 'breakthrough', 'intercept', 'strategic', 'exile', 'incorporate', 'give',
  'supply-army', 'defectors', 'support-revolution', 'normalise',
];

/** The phases of a turn, in the rule book's order. */
export const PHASE_ORDER: readonly string[] = [
  'declarations', // Phase 1.1: declarations of war
  'japan', // Phase 1: Japan's gearing up and war options
  'china', // Phase 1: China's gearing up, entry and the ceded territories
  'influence', // Phase 1.2: diplomatic influence
  'ottoman', // Phase 1: the Ottoman Empire's entry and deals
  'italy', // Phase 1: Italy's leaning, sways and entry
  'united-states', // Phase 1: the US options
  'national-options', // Phase 1: the national options of the belligerents
  'army-supply', // Phase 1: Russian option 2, a properly supplied army (D-REV-9)
  'surrender', // Phase 1.3: surrender
  'technology', // Phase 2: technology
  'upgrades', // Phase 2: upgrading the units in play to new advances
  'build', // Phase 3: build new units
  'bombing', // Phase 4: industrial and tactical bombing
  'submarine-detection', // Phase 5: submarine detection
  'naval-movement', // Phase 6: naval movement
  'air-at-sea', // Phase 6: aircraft flown into sea zones, after the ships (D-AIR-30)
  'submarine-interception', // Phase 6.1: submarine interception
  'naval-combat', // Phase 7: naval combat (then cargo follows its transport, or is lost with it)
  'blockade-opinion', // Phase 7: the blockades of US trade chosen this turn noted for phase 15's opinion roll (D-OPT-1)
  'land-movement', // Phase 8: land movement
  'war-actions', // Phase 8: which declared wars saw military action (GW-P01-DIP-05, D-DIP-4)
  'air-combat', // Phase 9: air combat
  'land-combat', // Phase 10: land combat, naval invasions (10.1) among the battles
  'breakthrough', // Phase 10: the tanks' breakthroughs, after every other combat (GW-TECH-19)
  'strategic-movement', // Phase 11: strategic movement
  'incorporation', // Phase 12: incorporation
  'placement', // Phase 13: place new units
  'resources', // Phase 14: collect resources
  'afghanistan', // Phase 15: special rules (the Afghan rebellion, D-TERR-1)
  'economic-war', // Phase 15: submarine warfare, British starvation, US trade (D-SEA-1)
  'revolution', // Phase 15: the Russian Revolution
  'mutiny', // Phase 15: mutinies
  'spain', // Phase 15: the Spanish garrison
  'ottoman-end', // Phase 15: the Ottoman triggers
  'italy-end', // Phase 15: Italy's triggers
  'japan-end', // Phase 15: Japan's limited wars
  'china-end', // Phase 15: China
  'options-end', // Phase 15: the national options that roll at the end of the turn
  'us-entry-roll', // Phase 15: the US economic roll and the US entry
  'diplomacy-end', // Phase 15: forced peace, tribute
];

/** Every order kind, in the turn order above. */
export const orderSpecs: readonly OrderSpec[] = ordersIn(ruleParts, ORDER_KINDS);

/** The phases of a turn, in the rule book's order. */
export const turnPhases = phasesIn(ruleParts, PHASE_ORDER);

/** One line for an event of the politics of the war (the parts above), or undefined. */
export const describePartsEvent = describeEventBy(ruleParts);

/** The report sections of the parts, in order. */
export const partsSections = sectionsBy(ruleParts);

/** The invariants of the parts, in order (none but one when the state has no record of the politics). */
export function partsInvariants(state: GreatWarState): string[] {
  if (!state.politics) return ['the state has no record of the politics of the war'];
  return invariantsBy(ruleParts)(state);
}
