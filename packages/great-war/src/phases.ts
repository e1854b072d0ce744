import type { Phase } from '@umpire/engine';
import type { GreatWarState } from './base/nations.js';
import type { GreatWarOrders } from './orders/language.js';
import { resolveResearch } from './p02-technology/research.js';
import { resolveBuild } from './p03-build/build.js';
import { resolveIncorporation } from './economy/incorporation.js';
import { resolvePlacement } from './economy/placement.js';
import { resolveResources } from './economy/resources.js';
import { resolveLandMovement } from './land/land-movement.js';
import { resolveLandCombat } from './land/land-combat.js';
import { resolveAirCombat } from './air/air-combat.js';
import { resolveNavalMovement } from './sea/naval-movement.js';
import { resolveAirAtSea } from './sea/air-at-sea.js';
import { resolveNavalCombat } from './sea/naval-combat.js';
import { resolveBombing } from './p04-bombing/bombing.js';
import { resolveStrategicMovement } from './land/strategic-movement.js';
import { resolveAfghanistan } from './p15-special/afghanistan.js';
import { resolveEconomicWar } from './p15-special/sea-trade.js';
import { resolveSubmarineDetection, resolveSubmarineInterception } from './sea/submarines.js';
import { settleCargo } from './sea/transports.js';
import { resolveDeclarations, resolveInfluence, resolveDiplomacyEnd, resolveWarActions } from './p01-diplomacy/diplomacy.js';
import { resolveSurrender } from './p01-diplomacy/surrender.js';
import { resolveUsEntryRoll } from './p01-neutrals/united-states.js';
import { resolveUnitedStates } from './p01-neutrals/us-options.js';
import { resolveOttomanEnd } from './p01-neutrals/ottoman.js';
import { resolveOttoman } from './p01-neutrals/ottoman-deals.js';
import { resolveItaly, resolveItalyEnd } from './p01-neutrals/italy.js';
import { resolveJapan, resolveJapanEnd } from './p01-neutrals/japan.js';
import { resolveChina, resolveChinaEnd } from './p01-neutrals/china.js';
import { resolveNationalOptions, resolveOptionsEnd } from './p01-options/national-options.js';
import { resolveBlockadeOpinion } from './p01-options/britain.js';
import { resolveArmySupply, resolveRevolution } from './p15-special/revolution.js';
import { resolveMutinies } from './p15-special/mutiny.js';
import { resolveSpain } from './p15-special/spain.js';
import { resolveUpgrades } from './p02-technology/upgrades.js';
import { resolveBreakthroughs } from './land/breakthrough.js';

/**
 * The phases of a turn, in the rule book's order. Every nation's orders for the whole turn arrive at once and
 * each phase resolves them for all nations together (docs/great-war/adjudication.md). A phase joins the turn
 * by its line here; the order of this list is the order of play.
 */
export const turnPhases: readonly (readonly [string, Phase<GreatWarState, GreatWarOrders>])[] = [
  ['declarations', resolveDeclarations], // Phase 1.1: declarations of war
  ['japan', resolveJapan], // Phase 1: Japan's gearing up and war options
  ['china', resolveChina], // Phase 1: China's gearing up, entry and the ceded territories
  ['influence', resolveInfluence], // Phase 1.2: diplomatic influence
  ['ottoman', resolveOttoman], // Phase 1: the Ottoman Empire's entry and deals
  ['italy', resolveItaly], // Phase 1: Italy's leaning, sways and entry
  ['united-states', resolveUnitedStates], // Phase 1: the US options
  ['national-options', resolveNationalOptions], // Phase 1: the national options of the belligerents
  ['army-supply', resolveArmySupply], // Phase 1: Russian option 2, a properly supplied army (D-REV-9)
  ['surrender', resolveSurrender], // Phase 1.3: surrender
  ['technology', resolveResearch], // Phase 2: technology
  ['upgrades', resolveUpgrades], // Phase 2: upgrading the units in play to new advances
  ['build', resolveBuild], // Phase 3: build new units
  ['bombing', resolveBombing], // Phase 4: industrial and tactical bombing
  ['submarine-detection', resolveSubmarineDetection], // Phase 5: submarine detection
  ['naval-movement', resolveNavalMovement], // Phase 6: naval movement
  ['air-at-sea', resolveAirAtSea], // Phase 6: aircraft flown into sea zones, after the ships (D-AIR-30)
  ['submarine-interception', resolveSubmarineInterception], // Phase 6.1: submarine interception
  ['naval-combat', (state, orders, ctx) => settleCargo(resolveNavalCombat(state, orders, ctx), ctx)], // Phase 7: naval combat (then cargo follows its transport, or is lost with it)
  ['blockade-opinion', resolveBlockadeOpinion], // Phase 7: the blockades of US trade chosen this turn noted for phase 15's opinion roll (D-OPT-1)
  ['land-movement', resolveLandMovement], // Phase 8: land movement
  ['war-actions', resolveWarActions], // Phase 8: which declared wars saw military action (GW-P01-DIP-05, D-DIP-4)
  ['air-combat', resolveAirCombat], // Phase 9: air combat
  ['land-combat', resolveLandCombat], // Phase 10: land combat, naval invasions (10.1) among the battles
  ['breakthrough', resolveBreakthroughs], // Phase 10: the tanks' breakthroughs, after every other combat (GW-TECH-19)
  ['strategic-movement', resolveStrategicMovement], // Phase 11: strategic movement
  ['incorporation', resolveIncorporation], // Phase 12: incorporation
  ['placement', resolvePlacement], // Phase 13: place new units
  ['resources', resolveResources], // Phase 14: collect resources
  ['afghanistan', resolveAfghanistan], // Phase 15: special rules (the Afghan rebellion, D-TERR-1)
  ['economic-war', resolveEconomicWar], // Phase 15: submarine warfare, British starvation, US trade (D-SEA-1)
  ['revolution', resolveRevolution], // Phase 15: the Russian Revolution
  ['mutiny', resolveMutinies], // Phase 15: mutinies
  ['spain', resolveSpain], // Phase 15: the Spanish garrison
  ['ottoman-end', resolveOttomanEnd], // Phase 15: the Ottoman triggers
  ['italy-end', resolveItalyEnd], // Phase 15: Italy's triggers
  ['japan-end', resolveJapanEnd], // Phase 15: Japan's limited wars
  ['china-end', resolveChinaEnd], // Phase 15: China
  ['options-end', resolveOptionsEnd], // Phase 15: the national options that roll at the end of the turn
  ['us-entry-roll', resolveUsEntryRoll], // Phase 15: the US economic roll and the US entry
  ['diplomacy-end', resolveDiplomacyEnd], // Phase 15: forced peace, tribute
];
