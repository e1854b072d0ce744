import type { GameResult, Ruleset, TurnPlan } from '@umpire/engine';
import { turnLabel } from './data/calendar.js';
import { scenarioData, scenarioFiles } from './data/load.js';
import { invariants } from './invariants.js';
import { seatsOf, type GreatWarState } from './base/nations.js';
import { setup } from './opening.js';
import { orderSpecs } from './orders.js';
import { actionsAt, checkOrders, emptyOrders, formatOrders, legalActions, parseOrders, type GreatWarOrders } from './orders.js';
import { describeEvent, describeState } from './views/report.js';
import { greatWarEventRules } from './views/event-rules.js';
import { turnPhases } from './parts.js';
import { describeAfghanEvent } from './p15-special/afghanistan.js';
import { judgeVictory } from './victory.js';
import { generalBots } from './bots/general.js';
import { seatView } from './views/seat-view.js';

/**
 * The War to End All Wars, World War I grand strategy by email. So far: the nations and the calendar of the
 * August 1914 scenario, and Phase 2 (technology research). Later phases join the turn plan in the seed's order.
 */

const DEFAULT_SCENARIO = 'august-1914';

/** The names of the phases of a turn that are implemented, in the rule book's order. */
export const turnPhaseNames = turnPhases.map(([name]) => name);

/** One segment per turn: every nation submits all its orders at once (GW-MISC-03). */
export function turnPlan(state: GreatWarState): TurnPlan {
  return [{ kind: 'orders', id: 'orders', seats: seatsOf(state), phases: [...turnPhaseNames] }];
}

export function result(state: GreatWarState, nextTurn: number): GameResult | null {
  return judgeVictory(state, nextTurn);
}

/** The dates a turn of a game stands for, e.g. 'August-September 1914'. */
export function turnDates(state: GreatWarState, turn: number): string {
  return turnLabel(scenarioData(state.scenario).calendar, turn);
}

export const greatWar: Ruleset<GreatWarState, GreatWarOrders> = {
  id: 'great-war',
  version: '0.1.0',
  title: 'The War to End All Wars',
  scenarios: Object.keys(scenarioFiles),
  defaultScenario: DEFAULT_SCENARIO,
  options: [],
  setup: (scenario) => setup(scenario),
  seats: seatsOf,
  turnPlan: (state) => turnPlan(state),
  phases: Object.fromEntries(turnPhases),
  result,
  parseOrders,
  checkOrders,
  formatOrders: (orders) => formatOrders(orders),
  emptyOrders: () => emptyOrders(),
  legalActions,
  actionsAt,
  orderForms: orderSpecs.map((spec) => ({ kind: spec.kind, words: spec.words, example: spec.example })),
  bots: generalBots(),
  invariants,
  turnLabel: (turn, state) => `Turn ${turn}, ${turnDates(state, turn)}`,
  describeEvent: (event) => describeEvent(event) ?? describeAfghanEvent(event),
  eventRules: greatWarEventRules,
  describeState,
  view: seatView,
};

export { turnLabel, turnMonths, type MonthOfYear } from './data/calendar.js';
export {
  loadScenario,
  loadTechnologies,
  parseScenario,
  parseTechnologies,
  scenarioData,
  scenarioFiles,
  technologyTable,
  TECHNOLOGIES_FILE,
  type TechnologyTable,
} from './data/load.js';
export { invariants } from './invariants.js';
export { atWar, nationOf, seatsOf, type GreatWarState, type NationState } from './base/nations.js';
export { openingState, scenarioBoard, setup } from './opening.js';
export {
  actionsAt,
  checkOrders,
  emptyOrders,
  formatOrders,
  legalActions,
  openDraft,
  lookupTechnology,
  orderKinds,
  parseOrders,
  type GreatWarOrders,
  type OrderKind,
  type ResearchOrder,
} from './orders.js';
export { describeEvent, describeState } from './views/report.js';
export type { Advance, Calendar, Effect, ScenarioFile, ScenarioNation, Side, StatKey, Technology, TechnologyFile, UnitType } from './data/schema.js';
export { sides, statKeys, unitTypes } from './data/schema.js';
export { advanceFor, levelOf, mayBuild, researchPurpose, resolveResearch } from './p02-technology/research.js';
export { orderLanguage, type OrderSpec, type Ledger, type AnyOrder, type TextPosition } from './orders/language.js';
export { researchSpec } from './p02-technology/research-names.js';
export { orderSpecs } from './orders.js';
export * from './data/map.js';
export { checkData, type DataFiles, type DataReport } from './data/check.js';
export * from './views/map-picture.js';
export { stateMapSvg, mapSheets, battleAreas, type StateMapOptions } from './views/state-map.js';
export { warSeries, type WarSeries } from './views/war-series.js';
export { unitStats, unitRoster, type UnitStats, type NationUnit, type Tables } from './base/units.js';
export { loadUnits, parseUnits, unitTable, UNITS_FILE, type UnitTable } from './data/load.js';
export { minorOf, majorsOf, minorsOf, scenarioNation, scenarioMinor, manpowerLimit, manpowerRegionFor, minorIncome, type MinorState, type ManpowerState } from './base/nations.js';
export {
  diplomaticPositions,
  colonyGroupIds,
  unitStatKeys,
  unitCategories,
  type DiplomaticPosition,
  type ScenarioMajor,
  type ScenarioMinor,
  type ManpowerRegion,
  type UnitEntry,
  type UnitVariant,
  type UnitFile,
  type UnitStatKey,
} from './data/schema.js';
export { loadWorld, theWorld, shippedMapFiles } from './data/world.js';
export { terrainRules, terrainFileSchema, type TerrainRules } from './data/terrain.js';
export { openingBoard, forcesFileSchema, type Board, type BoardUnit, type TerritoryHold, type ForcesFile, type Trench } from './base/board.js';
export { boardOverlay, trenchMarkers } from './views/board-overlay.js';
export { jsonSchemas, type SchemaName } from './tools/json-schemas.js';
export { moveSpec, resolveLandMovement, checkMove, landInvariants, type MoveOrder } from './land/land-movement.js';
export { lookupUnitType, parseUnitList } from './orders/grammar.js';
export { movableLandTypes, describeCounts, areaDisplay, statsOf } from './base/counting.js';
export { resolveLandCombat, resolveBattle } from './land/land-combat.js';
export { battleParticipants } from './combat/battle.js';
export { describeLandEvent } from './land/combat-report.js';
export { lossesSpec, retreatSpec } from './land/combat-orders.js';
export { type Participant, type BattleSetup } from './combat/battle.js';
export { attackValue, defenseOf } from './combat/values.js';
export { splitHits, defaultLossOrder, type LossesOrder, type RetreatOrder } from './combat/losses.js';
export { landBattleOdds, attackOdds, plannedAttackOdds, oddsForEvent, chanceForEvent, describeOdds, type LandBattleOdds } from './combat/battle-odds.js';
export { type EventOdds } from './combat/battle.js';
export { landBattleDistribution, roundsInTheAir, type BattleEnd, type BattlePrelude, type LandBattleDistribution } from './combat/battle-odds.js';
export { battleOddsOf, sampleBattleOf, type OddsAnswer, type SurvivorsOdds, type SideLosses } from './odds/odds-calculator.js';
export { oddsUnitTypes, type OddsRequest, type BattleDescription } from './odds/odds-request.js';
// The air war: aircraft, phase 4 bombing, flights in phase 8, phase 9 air combat; docs/great-war/air-war.md.
export { fuelOf, airCombatValue, linkFuel, flightCosts, landingPlaces, returnFuel, mayLand, mayOverfly } from './air/aircraft.js';
export { aircraftTypes, isAircraft } from './base/counting.js';
export { flySpec, checkFlight } from './air/air-movement.js';
export { aircraftAt, landAircraft, type FlyOrder } from './air/missions.js';
export { interceptSpec, resolveAirCombat, aaFire, fightAirCombat, aircraftLosses, describeAirEvent, type InterceptOrder } from './air/air-combat.js';
export { resolveAirAtSea, checkSeaFlight, aboardInvariants, shipsFireAtAircraft, shipAaFire, describeAirSeaEvent } from './sea/air-at-sea.js';
export { carrierCapacity } from './sea/aboard.js';
export { carrierRefusal, carrierRoom, carryAboard } from './sea/aboard.js';
export { emptyAirTurn, type AirTurn, type Flight } from './base/nations.js';
// The war at sea: phases 6 and 7; docs/great-war/naval-war.md.
export { sailSpec, repairSpec, resolveNavalMovement } from './sea/naval-movement.js';
export { checkSailing, repairCost, pickShips } from './sea/fleet.js';
export { passageOpen, navalTypes, shipsAt, planTaskForces, bombardingValue, type SailOrder, type RepairOrder, type NavalTask, type ForcePlan } from './sea/fleet.js';
export { resolveNavalCombat, fightNavalBattle, navalBattlesAfterMovement, describeNavalEvent } from './sea/naval-combat.js';
export { fightSubmarineBattle, type SubmarineFight } from './sea/submarine-fights.js';
// The submarine war: phases 5 and 6.1.
export { huntSpec, disengageSpec, ambushSpec, resolveSubmarineDetection, resolveSubmarineInterception, searchCapability, chooseTaskForce, describeSubmarineEvent, type AmbushOrder, type AmbushTarget } from './sea/submarines.js';
export { mayBeIntercepted, type HuntOrder } from './sea/detection.js';
export { type DisengageOrder } from './sea/submarine-fights.js';
export { emptySeaTurn, emptyInvasionTurn, type SeaTurn, type InvasionTurn } from './base/nations.js';
// Radar, sonar, AA guns and fighters fitted to ships: phases 3, 6.1, 7 and 13; docs/great-war/ship-equipment.md.
export { evadeSpec, fitsToShips, shipTypesFor, checkFitting, radarAgainst, aircraftAttackValue, evasionZones, radarWarning, carriesSonar, sonarAdjustment, equipmentInvariants, describeEquipmentEvent, type EvadeOrder, type FitKind } from './sea/ship-equipment.js';
export { isEquipment, isFitted } from './sea/fleet.js';
// Transports, naval invasions and shore bombardment: phases 6, 8 and 10.1; docs/great-war/naval-war.md (D-NAV-20 onward).
export { embarkSpec, planEmbarkations, cargoAfterNavalMovement, settleCargo, cargoInvariants, transportCapacity, cargoTypes, describeTransportEvent, type EmbarkOrder } from './sea/transports.js';
export { landSpec, planLandings, checkLanding, type LandOrder } from './sea/landings.js';
export { cargoOf, pointsAboard, troopLoad } from './sea/fleet.js';
export { COASTAL_DEFENCE, beachPenalty, shoreBombardmentValue, bombardersFor, describeInvasionEvent } from './sea/naval-invasions.js';
export { bombSpec, strikeSpec, resolveBombing, checkMission, missionFuel, bombingAim, mayBombIndustry, manpowerReserve, describeBombingEvent, type BombOrder, type StrikeOrder, type BombingAim } from './p04-bombing/bombing.js';
export { strategicSpec, resolveStrategicMovement, strategicPath, capacityOf, type StrategicOrder } from './land/strategic-movement.js';
export {
  allied,
  sideOf,
  commanderOf,
  captureTerritory,
  checkConquests,
  isConquered,
  homeSupplyCenters,
  capitalOf,
  effectiveOriginalOwner,
  exileSpec,
  updateLiberation,
  type ExileOrder,
} from './base/conquest.js';
export { emptyLandTurn, type LandTurn, type ConquestState } from './base/nations.js';
// The economy: phases 3 (build), 12 (incorporation), 13 (placement) and 14 (resources); docs/great-war/economy.md.
export { lookupArea, areaName, areaKind, type AreaLookup, type AreaKind } from './orders/names.js';
export { buildSpec, resolveBuild, TRENCH_INFANTRY, type Bill } from './p03-build/build.js';
export { lookupUnit, unitName, MAX_BUILD_COUNT, type BuildOrder } from './p03-build/build-orders.js';
export { resolvePlacement, checkPlacement, recordPlacement, candidatePlaces, placeableTerritories, hasFacility, facilitiesNow, startView, placementView, manpowerRegionAt, emptyTally, newUnit, NO_SURCHARGE, NON_CITY_SURCHARGE } from './economy/placement.js';
export { cityAllowance, type PlacingKind, type FacilityType } from './economy/placement-rules.js';
export { placingKind, ownSince1914, type PlacementView, type Tally, type Placed } from './economy/placement-rules.js';
export { incorporateSpec, resolveIncorporation, incorporationCost, type IncorporateOrder } from './economy/incorporation.js';
export {
  giveSpec,
  resolveResources,
  incomeOf,
  incomeCapOf,
  minorIncomeOf,
  conquered,
  mayGive,
  giftArrives,
  economyInvariants,
  describeEconomyEvent,
  economySections,
  INDUSTRIAL_CENTER_CREDIT,
  GIFT_ARRIVES_PERCENT,
  type GiveOrder,
  type Income,
} from './economy/resources.js';
export { emptyLedger, type Purchase, type TurnLedger } from './base/nations.js';
// Retooling captured factories and ports (phase 3, placed by phase 13); D-ECON-19 to D-ECON-21.
export { retoolSpec, resolveRetools, retoolRefusal, retoolTarget, facilitiesIn, type RetoolOrder } from './p03-build/retool.js';
export { retooledOn, RETOOL_COST } from './economy/placement.js';
export { retooledAllowance } from './economy/placement-rules.js';
export { buildsOutOf } from './economy/placement-rules.js';
export { ruleNumbers, rulesFileSchema, tankTrenchRelief, type RulesFile } from './data/rules.js';
// Games with a designer's numbers (the balance lab): data files replaced before games are set up; docs/lab.md.
export { setDataOverrides, shippedDataFile, overridableDataFiles, scenarioFileName, forcesFileName } from './data/load.js';
export { RULES_FILE } from './data/rules.js';
export { resolveAfghanistan, rollAfghanRebellion, raiseRebels, fightRebellion, freeAfghanistan, rebelsFor, occupierOfAfghanistan, mayBeInfluenced, afghanRebellionOccurred, afghanInvariants, describeAfghanEvent, afghanRebellion, type AfghanState, type RebellionOutcome } from './p15-special/afghanistan.js';
// The economic war at sea (phase 15): submarine warfare, British starvation, US trade; docs/great-war/war-at-sea.md.
export {
  resolveEconomicWar,
  sinkBritishTrade,
  shippingLosses,
  numberedZones,
  zonesAroundBritain,
  submarineCordon,
  openZonesAroundBritain,
  starvationLoss,
  resolveBritishStarvation,
  resolveUsTrade,
  usaNeutral,
  usEntryOf,
  unrestrictedSubmarineWarfare,
  uncollectedMilitaryResources,
  atFullWar,
  blockades,
  blockadeZones,
  pathClosed,
  isWarship,
  hostileTo,
  economicWarInvariants,
  describeSeaTradeEvent,
  seaTradeRules,
  type EconomicWarState,
  type TradeRoute,
  type TradePath,
  type PathClosed,
  type ZoneLoss,
} from './p15-special/sea-trade.js';
// The politics of the war: phase 1, the neutrals, the national options, phase 15's special rules, victory.
export { openingPolitics } from './opening.js';
export { declareWar, makePeace, joinSide, shiftUsEntry, membersOf, opposingSide, sideOfNation, type PoliticsState, type WarCause, type WarChange, type JoinCause, type UsEntryEvent } from './p01-diplomacy/politics.js';
export { describePartsEvent as describePoliticsEvent, partsSections as politicsSections, partsInvariants as allPoliticsInvariants, ruleParts } from './parts.js';
export { politicalName } from './base/names.js';
export { judgeVictory } from './victory.js';
export { generalBot, generalBots, generalOrders } from './bots/general.js';
export { botsData, type GeneralParams } from './bots/bot-data.js';
export { situationOf, type Situation } from './bots/situation.js';
export * as unitedStates from './p01-neutrals/united-states.js';
