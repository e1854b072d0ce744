import type { Random, RulesetBot } from '@umpire/engine';
import { incorporationCost } from '../economy/incorporation.js';
import { nationOf, type GreatWarState } from '../base/nations.js';
import { emptyOrders, type Ctx, type GreatWarOrders } from '../orders/language.js';
import { openDraft, parseOrders } from '../orders.js';
import type { Draft } from '../orders/language.js';
import { botsData, type GeneralParams } from './bot-data.js';
import { chooseIncorporations, planBuilds, planResearch } from './economy.js';
import { planAdvance, planAttacks, planRail, planReinforcements, Reserves, spare, type RailPlan } from './land-war.js';
import { planSealift } from './sealift.js';
import { planVoyages } from './voyages.js';
import type { AttackPart } from '../combat/battle-odds.js';
import { commanderOf } from '../base/conquest.js';
import { situationOf, type Situation } from './situation.js';
import { canStrike } from './offensive.js';

/**
 * The general: a bot for any seat of the Great War, from any state. It writes a whole turn's orders in phase order
 * through a draft that checks each order as it is added, so its orders are legal by construction: research, units
 * and trenches near the front, attacks the exact odds favour, garrisons where the enemy presses, reserves brought
 * forward, conquests incorporated. It sees what its seat sees (the board, the wars, its own treasury). The numbers
 * of each version are in data/bots.json. Its choices are deterministic: the stream of choices is not needed.
 */
export function generalOrders(ctx: Ctx, params: GeneralParams): GreatWarOrders {
  const draft = openDraft(ctx);
  const passable = params.objectiveWayAvoidsNeutrals ? plannedWars(ctx, params) : 'any';
  const before = situationOf(ctx.state, ctx.seat, ctx.seat, params.worth, params.warAims, new Set(), passable);
  if (!draft || !before) return emptyOrders();
  planOptions(ctx, params, draft, before);
  // The wars declared in this turn's orders are fought from phase 1.1 on: their nations are enemies for the moves.
  const declared = new Set<string>();
  for (const o of draft.orders.orders) if (o.kind === 'declare') declared.add(String((o as Record<string, unknown>)['on']));
  const s = declared.size ? situationOf(ctx.state, ctx.seat, ctx.seat, params.worth, params.warAims, declared, passable)! : before;
  // A standing acceptance of every enemy's surrender: a surrender beats that nation, and costs nothing (phase 1.3).
  if (params.acceptSurrenders) for (const enemy of s.nation.atWarWith.filter((n) => nationOf(ctx.state, n))) draft.add({ kind: 'accept', from: enemy });
  const incorporations = chooseIncorporations(s, params, draft);
  const keep = incorporations.reduce((sum, o) => sum + incorporationCost(o.territory, s.nation.id, s.world), 0);
  planResearch(params, draft);
  planBuilds(s, params, draft, keep);
  // The seat's own army, then each minor and government in exile it commands, its orders naming whose units they are.
  const rail: RailPlan = [];
  for (const army of armiesOf(ctx.state, ctx.seat)) {
    const a = army === ctx.seat ? s : situationOf(ctx.state, ctx.seat, army, params.worth, params.warAims, new Set(), passable);
    if (!a || a.stacks.size === 0 || a.distanceToFront.size === 0) continue;
    const reserves = new Reserves(a.stacks);
    planAttacks(a, params, draft, reserves);
    planReinforcements(a, params, draft, reserves);
    const spareOf = (at: string) => spare(a, params, reserves, at);
    const took = (p: AttackPart) => reserves.take(p.from, p.type, p.count);
    planSealift(a, params, draft, spareOf, took, planVoyages(a, params, draft, spareOf, took));
    rail.push(...planAdvance(a, params, draft, reserves));
  }
  planRail(params, draft, rail);
  for (const order of incorporations) draft.add(order);
  for (const line of params.standing) addLine(ctx, draft, line);
  return draft.orders;
}

/** The armies a seat commands: its own, then the minors it controls and the governments in exile it hosts, in id order. */
function armiesOf(state: GreatWarState, seat: string): string[] {
  const others = new Set<string>();
  for (const u of state.board.units) if (u.nation !== seat && !others.has(u.nation) && commanderOf(state, u.nation) === seat) others.add(u.nation);
  return [seat, ...[...others].sort()];
}

/** The nations the seat's plans declare war on (data/bots.json): the only neutrals an offensive's way may cross. */
function plannedWars(ctx: Ctx, params: GeneralParams): Set<string> {
  const out = new Set<string>();
  for (const { order } of params.plans[ctx.seat] ?? []) {
    const parsed = parseOrders(order, ctx);
    if (parsed.ok) for (const o of parsed.value.orders) if (o.kind === 'declare') out.add(String((o as Record<string, unknown>)['on']));
  }
  return out;
}

/** The orders of a line written as a player writes it, each added when the rules admit it. */
function addLine(ctx: Ctx, draft: Draft, line: string): void {
  const parsed = parseOrders(line, ctx);
  if (parsed.ok) for (const order of parsed.value.orders) draft.add(order);
}

/**
 * The diplomatic and national options of the nation's plan (data/bots.json) that the rules admit now, while it can
 * afford them. A declaration of war is given only when an attack on that nation can follow at once (canStrike).
 */
function planOptions(ctx: Ctx, params: GeneralParams, draft: Draft, s: Situation): void {
  for (const { order, floor } of params.plans[ctx.seat] ?? []) {
    if (draft.ledger.resources < floor) continue;
    const parsed = parseOrders(order, ctx);
    if (!parsed.ok) continue;
    for (const o of parsed.value.orders) {
      if (o.kind === 'declare' && !canStrike(ctx.state, s, params, String((o as Record<string, unknown>)['on']))) continue;
      draft.add(o);
    }
  }
}

/** The general of a version of data/bots.json, as a ruleset bot. */
export function generalBot(version: string): RulesetBot<GreatWarState, GreatWarOrders> {
  const params = botsData().versions[version];
  if (!params) throw new Error(`no bot version '${version}' in data/bots.json; there are ${Object.keys(botsData().versions).join(', ')}`);
  return (ctx: Ctx, _rng: Random) => generalOrders(ctx, params);
}

/** Every version of the general, by name, the first the default. */
export function generalBots(): Record<string, RulesetBot<GreatWarState, GreatWarOrders>> {
  return Object.fromEntries(Object.keys(botsData().versions).map((v) => [v, generalBot(v)]));
}
