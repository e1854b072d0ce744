import { compareCodeUnits } from '@umpire/engine';
import { attackOdds, type AttackPart } from '../combat/battle-odds.js';
import { allied } from '../base/conquest.js';
import { isLandOrAir } from '../base/counting.js';
import { specialRules } from '../data/special-rules.js';
import { garrisonRuleApplies } from '../p15-special/spain.js';
import type { GreatWarState } from '../base/nations.js';
import type { Draft } from '../orders/language.js';
import type { FlyOrder } from '../air/missions.js';
import type { GeneralParams } from './bot-data.js';
import type { Situation } from './situation.js';

/**
 * What the general's offensives and garrisons rest on besides the odds: the garrisons the rules punish leaving short,
 * the odds an attack needs on the way to an objective, the front an offensive is mounted from, whether a declaration
 * of war can be followed by an attack at once, and the fighters that fly with an attack.
 */

/**
 * The infantry a territory must hold by the rules, whatever the enemy does: France's Spanish border, Toulouse and
 * Bordeaux, 2 infantry each while Spain is neutral and relations are not normalised (GW-P15-SPAIN-02..04, the numbers
 * of data/special-rules.json), plus the general's margin. 0 elsewhere, or when the general ignores the rule.
 */
export function ruleGarrison(s: Situation, params: GeneralParams, at: string): number {
  if (!params.ruleGarrisons) return 0;
  const spain = specialRules().spain;
  if (s.army !== spain.against || !spain.garrison.includes(at) || !garrisonRuleApplies(s.state)) return 0;
  if (s.state.board.territories[at]?.owner !== s.army) return 0;
  return spain.garrisonMinimum + params.ruleGarrisonExtra;
}

/** The rule garrisons short of their infantry at the start of the turn: where, and how many are missing. */
export function ruleGarrisonShortfall(s: Situation, params: GeneralParams): { at: string; missing: number }[] {
  const out: { at: string; missing: number }[] = [];
  for (const at of specialRules().spain.garrison) {
    const need = ruleGarrison(s, params, at);
    const have = (s.stacks.get(at) ?? []).filter((u) => u.type === specialRules().spain.garrisonType).length;
    if (need > have) out.push({ at, missing: need - have });
  }
  return out;
}

/** Whether a target is an objective or lies within `objectiveReach` borders of one: an offensive's step. */
export function onTheWay(s: Situation, params: GeneralParams, to: string): boolean {
  return s.objective(to) || (s.toObjective.get(to) ?? Number.MAX_SAFE_INTEGER) <= params.objectiveReach;
}

/** Whether a move from `from` into `to` brings the army nearer an objective in enemy hands: an offensive's step (with `offensiveAxis`). */
export function advancing(s: Situation, params: GeneralParams, from: string, to: string): boolean {
  const far = Number.MAX_SAFE_INTEGER;
  return params.offensiveAxis && (s.toObjective.get(to) ?? far) < (s.toObjective.get(from) ?? far);
}

/** The odds an attack on `to` needs: lower on an offensive's way (objectiveOdds), else attackOdds. */
export function oddsNeeded(s: Situation, params: GeneralParams, to: string): number {
  return onTheWay(s, params, to) ? Math.min(params.objectiveOdds, params.attackOdds) : params.attackOdds;
}

/**
 * Front territories in the order reserves go to them: those short of their garrison first (the most short first);
 * then, with an offensive axis, those nearest an objective in enemy hands, the most pressed first; else the most pressed.
 */
export function frontOrder(s: Situation, params: GeneralParams, shortOf: (at: string) => number): string[] {
  const front = [...s.distanceToFront].filter(([, d]) => d === 0).map(([at]) => at);
  const far = Number.MAX_SAFE_INTEGER;
  return front.sort(
    (a, b) =>
      Math.max(0, shortOf(b)) - Math.max(0, shortOf(a)) ||
      (params.offensiveAxis ? (s.toObjective.get(a) ?? far) - (s.toObjective.get(b) ?? far) : 0) ||
      s.pressure(b) - s.pressure(a) ||
      compareCodeUnits(a, b),
  );
}

/** The land and air units of the army's side standing in a territory. */
export function holdersIn(state: GreatWarState, army: string, at: string): number {
  const holds = (u: GreatWarState['board']['units'][number]) => u.at === at && u.aboard === undefined && isLandOrAir(u.type);
  return state.board.units.filter((u) => holds(u) && allied(state, u.nation, army)).length;
}

/**
 * Whether the seat could attack `on` this turn with one of its stacks: a territory of that nation next to the stack
 * is empty, or the stack's ground units and artillery take it with at least `declareOdds` (the exact odds). A
 * declaration is given only then, so that the war sees military action at once (GW-P01-DIP-05).
 */
export function canStrike(state: GreatWarState, s: Situation, params: GeneralParams, on: string): boolean {
  const targets = Object.entries(state.board.territories)
    .filter(([, h]) => h.owner === on)
    .map(([id]) => id);
  for (const to of targets) {
    const defended = holdersIn(state, on, to) > 0;
    for (const from of s.neighbours(to)) {
      const units = s.stacks.get(from) ?? [];
      if (!units.length || s.state.board.territories[from]?.owner !== s.nation.id) continue;
      if (!defended) return true;
      const byType = new Map<string, number>();
      for (const u of units) byType.set(u.type, (byType.get(u.type) ?? 0) + 1);
      const parts: AttackPart[] = [...byType].map(([type, count]) => ({ from, type, count }));
      if (attackOdds(state, s.army, parts, to).attacker >= params.declareOdds) return true;
    }
  }
  return false;
}

/**
 * The fighters next to an attack fly with it from the territories it comes from (GW-P10-LAND-20: they fight while
 * their fuel lasts, then fly home); the draft refuses a flight the fuel or the way does not allow.
 */
export function flyWith(s: Situation, params: GeneralParams, draft: Draft, froms: readonly string[], to: string): number {
  if (!params.aircraftJoinAttacks) return 0;
  let flown = 0;
  for (const from of [...new Set(froms)].sort()) {
    const fighters = s.state.board.units.filter((u) => u.at === from && u.nation === s.army && u.type === 'fighter' && !u.aboard).length;
    if (!fighters) continue;
    const order: FlyOrder = { kind: 'fly', from, to, units: { fighter: fighters } };
    if (s.army !== s.nation.id) order.nation = s.army;
    if (!draft.add(order)) flown += fighters;
  }
  return flown;
}
