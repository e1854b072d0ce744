/**
 * Clauses: GW-USOPT (gifts, media campaigns, influence), GW-NEUT-USA (entry into the war).
 * The neutral USA's options in the 'united-states' phase (phase 1): gifts that arrive whole (`lend ... to ...`,
 * D-USA-7), a media campaign (`publicity for ...`), influence on a minor (`negotiate ... toward ...`, D-USA-10) and,
 * once the track has reached its end, entry into the war (`join ...`, D-USA-2); the order kinds of the part in phase
 * order, and the phase itself, with gearing up and the war vote of us-gear-up.ts.
 */
import { jsonPath, type PhaseContext, type Problem, type SeatId, unknownFieldProblems } from '@umpire/engine';
import { stepMinorToward, stepToward } from '../p01-diplomacy/diplomacy.js';
import { mayBeInfluenced } from '../p15-special/afghanistan.js';
import { nationName, isConquered } from '../base/conquest.js';
import { minorOf, nationOf, type GreatWarState, type MinorState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { joinSide, shiftUsEntry } from '../p01-diplomacy/politics.js';
import { type UsWarVoteOrder, type UsLendOrder, type UsPublicityOrder, type UsInfluenceOrder, type UsJoinOrder, nameOf, CAMP_TEXT, readCamp, readNation, isProblem, jsonCamp, jsonNation, neutralRefusal, admittedOfKind, costRefusal, ordersOf, voidOrder, pay } from './us-orders.js';
import { gearUpSpec, warVoteSpec, mobiliseMexico, gearUp, gearTowardFullProduction, warVote } from './us-gear-up.js';
import { isCamp, usaIsNeutral, favouredCamp, CAMP_NAMES, type Camp, record, otherCamp, toward, usaId, usaOf } from './united-states.js';
import { usaRules } from '../data/united-states.js';

/** Whether a nation is active in the main war (GW-USOPT-13): in a camp and not conquered. */
const activeInTheWar = (state: GreatWarState, id: string): boolean => isCamp((nationOf(state, id) ?? minorOf(state, id))?.side) && !isConquered(state, id);

/** Why the USA may not lend to a nation (GW-USOPT-13, -14, D-USA-7); undefined: it may. */
export function lendRefusal(state: GreatWarState, nation: NationState, to: string, amount: number): { code: string; message: string; field?: string } | undefined {
  const neutral = neutralRefusal(state, nation, 'lending');
  if (neutral) return neutral;
  const { minimum } = usaRules().lend;
  if (amount < minimum) return { code: 'gift-too-small', message: `a US gift is at least ${minimum}`, field: 'amount' };
  if (!activeInTheWar(state, to)) return { code: 'not-in-the-war', message: `the USA lends only to nations active in the main war, and ${nameOf(state, to)} is not`, field: 'to' };
  if (nation.atWarWith.includes(to)) return { code: 'at-war', message: `the USA is at war with ${nameOf(state, to)}`, field: 'to' };
  return undefined;
}

const lendSpec: OrderSpec<UsLendOrder> = {
  kind: 'us-lend',
  words: ['lend'],
  example: 'lend 10 to Britain',
  parseText(rest, at, ctx) {
    const m = /^(\S+)(\s+to\s+)(.+)$/i.exec(rest);
    if (!m) return [{ code: 'bad-gift', message: `lend how much to whom? e.g. '${lendSpec.example}'`, line: at.line, column: at.column }];
    const problems: Problem[] = [];
    const amount = Number(m[1]);
    if (!/^\d+$/.test(m[1]!) || amount < 1) problems.push({ code: 'bad-amount', message: `a gift is a whole number of resources, not '${m[1]!}'`, line: at.line, column: at.column });
    const to = readNation(ctx.state, m[3]!, at, at.column + m[1]!.length + m[2]!.length);
    if (isProblem(to)) problems.push(to);
    return problems.length || isProblem(to) ? problems : { kind: 'us-lend', amount, to };
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'amount', 'to'], 'a us-lend order');
    const amount = item['amount'];
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) problems.push({ code: 'bad-amount', message: 'amount is a whole number of resources', path: jsonPath([...path, 'amount']) });
    const to = jsonNation(ctx.state, item, path, 'to');
    if (isProblem(to)) problems.push(to);
    return problems.length || isProblem(to) ? problems : { kind: 'us-lend', amount: amount as number, to };
  },
  format: (o) => `lend ${o.amount} to ${nationName(undefined, o.to)}`,
  refusal(order, ledger, ctx, nation) {
    return lendRefusal(ctx.state, nation, order.to, order.amount) ?? (order.amount > ledger.resources ? { code: 'not-enough-resources', message: `a gift of ${order.amount}, and the USA has ${ledger.resources} left`, field: 'amount' } : undefined);
  },
  cost: (o) => o.amount,
  candidates(ledger, ctx, nation) {
    const amount = usaRules().lend.minimum;
    if (admittedOfKind(ledger, 'us-lend').length) return [];
    const to = ctx.state.nations.find((n) => !lendRefusal(ctx.state, nation, n.id, amount));
    return to ? [{ kind: 'us-lend', amount, to: to.id }] : [];
  },
};

const publicitySpec: OrderSpec<UsPublicityOrder> = {
  kind: 'us-publicity',
  words: ['publicity'],
  example: 'publicity for the allies',
  parseText(rest, at) {
    const m = /^((?:for|toward|towards|to)\s+)?(.*)$/i.exec(rest)!;
    if (m[2]!.trim() === '') return [{ code: 'missing-camp', message: `a media campaign for which camp? e.g. '${publicitySpec.example}'`, line: at.line, column: at.column }];
    const camp = readCamp(m[2]!, at, at.column + (m[1]?.length ?? 0));
    return isProblem(camp) ? [camp] : { kind: 'us-publicity', toward: camp };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind', 'toward'], 'a us-publicity order');
    const camp = jsonCamp(item, path, 'toward');
    if (isProblem(camp)) problems.push(camp);
    return problems.length || isProblem(camp) ? problems : { kind: 'us-publicity', toward: camp };
  },
  format: (o) => `publicity for ${CAMP_TEXT[o.toward]}`,
  refusal(_order, ledger, ctx, nation) {
    const rules = usaRules().publicity;
    if (admittedOfKind(ledger, 'us-publicity').length >= rules.perTurn) return { code: 'one-campaign', message: `the USA runs ${rules.perTurn} media campaign a turn` };
    return neutralRefusal(ctx.state, nation, 'a media campaign') ?? costRefusal(ledger, rules.cost, 'a media campaign');
  },
  cost: () => usaRules().publicity.cost,
  candidates: (_l, ctx) => (usaIsNeutral(ctx.state) ? [{ kind: 'us-publicity', toward: favouredCamp(ctx.state.politics.usEntry) ?? 'allied' }] : []),
};

/** Why the USA may not influence a minor (GW-USOPT-23, GW-P01-DIP-13, D-USA-10); undefined: it may. */
export function influenceRefusal(state: GreatWarState, nation: NationState, target: string): { code: string; message: string; field?: string } | undefined {
  const neutral = neutralRefusal(state, nation, 'influence by the USA');
  if (neutral) return neutral;
  const minor = minorOf(state, target);
  if (!minor) return { code: 'not-a-minor', message: `the USA influences minor nations, and ${nameOf(state, target)} is not one`, field: 'target' };
  if (minor.side !== 'neutral') return { code: 'not-neutral', message: `${minor.name} has joined ${CAMP_NAMES[minor.side as Camp] ?? 'a camp'}`, field: 'target' };
  if (minor.atWarWith.length) return { code: 'at-war', message: `${minor.name} is at war`, field: 'target' };
  if (!mayBeInfluenced(state, target)) return { code: 'no-influence', message: `nobody may influence ${minor.name} any more (GW-TERR-21)`, field: 'target' };
  return undefined;
}

const influenceSpec: OrderSpec<UsInfluenceOrder> = {
  kind: 'us-influence',
  words: ['negotiate'],
  example: 'negotiate with Mexico for the allies',
  parseText(rest, at, ctx) {
    const m = /^((?:with\s+)?)(.+?)(\s+(?:toward|towards|for|to)\s+)(.+)$/i.exec(rest);
    if (!m) return [{ code: 'bad-influence', message: `negotiate with whom, for which camp? e.g. '${influenceSpec.example}'`, line: at.line, column: at.column }];
    const target = readNation(ctx.state, m[2]!, at, at.column + m[1]!.length);
    const camp = readCamp(m[4]!, at, at.column + m[1]!.length + m[2]!.length + m[3]!.length);
    const problems = [target, camp].filter(isProblem);
    return problems.length || isProblem(target) || isProblem(camp) ? problems : { kind: 'us-influence', target, toward: camp };
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'target', 'toward'], 'a us-influence order');
    const target = jsonNation(ctx.state, item, path, 'target');
    const camp = jsonCamp(item, path, 'toward');
    problems.push(...[target, camp].filter(isProblem));
    return problems.length || isProblem(target) || isProblem(camp) ? problems : { kind: 'us-influence', target, toward: camp };
  },
  format: (o) => `negotiate with ${nationName(undefined, o.target)} for ${CAMP_TEXT[o.toward]}`,
  refusal(order, ledger, ctx, nation) {
    if (admittedOfKind(ledger, 'us-influence').some((o) => o['target'] === order.target)) return { code: 'one-attempt', message: `one attempt on ${nameOf(ctx.state, order.target)} a turn`, field: 'target' };
    return influenceRefusal(ctx.state, nation, order.target) ?? costRefusal(ledger, usaRules().negotiate.cost, 'an influence attempt');
  },
  cost: () => usaRules().negotiate.cost,
  candidates(ledger, ctx, nation) {
    const m = ctx.state.minors.find((x) => !influenceRefusal(ctx.state, nation, x.id) && !admittedOfKind(ledger, 'us-influence').some((o) => o['target'] === x.id));
    return m ? [{ kind: 'us-influence', target: m.id, toward: 'allied' }] : [];
  },
};

/** Why the USA may not join a camp this turn (GW-NEUT-USA-06, -08, -09, D-USA-2); undefined: it may. */
export function joinRefusal(state: GreatWarState, nation: NationState, side: Camp): { code: string; message: string; field?: string } | undefined {
  const neutral = neutralRefusal(state, nation, 'joining the war');
  if (neutral) return neutral;
  if (!record(state).mayJoin.includes(side)) {
    const at = side === 'allied' ? usaRules().track.alliesAt : usaRules().track.centralAt;
    return { code: 'track-not-reached', message: `the USA may join ${CAMP_NAMES[side]} only in the turn after US Entry reached ${at > 0 ? '+' : ''}${at}; it stood at ${state.politics.usEntry} at the end of the last turn`, field: 'side' };
  }
  return undefined;
}

const joinSpec: OrderSpec<UsJoinOrder> = {
  kind: 'us-join',
  words: ['join'],
  example: 'join the allies',
  parseText(rest, at) {
    if (rest.trim() === '') return [{ code: 'missing-camp', message: `join which camp? e.g. '${joinSpec.example}'`, line: at.line, column: at.column }];
    const camp = readCamp(rest, at, at.column);
    return isProblem(camp) ? [camp] : { kind: 'us-join', side: camp };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind', 'side'], 'a us-join order');
    const camp = jsonCamp(item, path, 'side');
    if (isProblem(camp)) problems.push(camp);
    return problems.length || isProblem(camp) ? problems : { kind: 'us-join', side: camp };
  },
  format: (o) => `join ${CAMP_TEXT[o.side]}`,
  refusal(order, ledger, ctx, nation) {
    if (admittedOfKind(ledger, 'us-join').length) return { code: 'one-join', message: 'the USA joins one camp' };
    return joinRefusal(ctx.state, nation, order.side);
  },
  cost: () => 0,
  candidates: (_l, ctx, nation) => (['allied', 'central'] as const).filter((side) => !joinRefusal(ctx.state, nation, side)).map((side) => ({ kind: 'us-join' as const, side })),
};

/** The order kinds of this part, in phase order: gear up first, so that a war vote of the same turn may follow it; joining last. */
export const usaSpecs: readonly OrderSpec[] = [gearUpSpec, warVoteSpec, lendSpec, publicitySpec, influenceSpec, joinSpec] as unknown as OrderSpec[];

// ---------------------------------------------------------------------------------------------------------------
// Phase 1: the US options

/**
 * A US gift (GW-USOPT-13..19, A27, D-USA-7): from the US treasury, all of it arrives. Given to a nation of the camp US
 * opinion leans toward, 1 in 10 it moves one point toward the other camp; given to the other camp, 2 in 10 it moves
 * one point toward the favoured camp. At 0 nothing is rolled.
 */
function lend(state: GreatWarState, ctx: PhaseContext, usa: NationState, order: UsLendOrder): void {
  const rules = usaRules().lend;
  const refusal = lendRefusal(state, usa, order.to, order.amount);
  const receiver: NationState | MinorState | undefined = nationOf(state, order.to) ?? minorOf(state, order.to);
  if (refusal || !receiver || !pay(usa, order.amount)) {
    voidOrder(ctx, `lend ${order.amount} to ${nameOf(state, order.to)}`, refusal ?? { code: 'not-enough-resources', message: `a gift of ${order.amount}, and the USA has ${usa.treasury}` });
    return;
  }
  const received = Math.floor((order.amount * rules.arrivesPercent) / 100);
  receiver.treasury += received;
  if ('ledger' in receiver) receiver.ledger.giftsReceived += received;
  const sees = 'ledger' in receiver ? [receiver.id] : receiver.controller === 'moderator' ? [] : [receiver.controller];
  ctx.emit({ type: 'us-lend', to: receiver.id, amount: order.amount, received, visibleTo: [...new Set([usa.id, ...sees])] });
  const favoured = favouredCamp(state.politics.usEntry);
  if (!favoured || !isCamp(receiver.side)) return;
  const same = receiver.side === favoured;
  const on = same ? rules.awayFromFavouredOn : rules.towardFavouredOn;
  const rolled = ctx.roll(rules.die, `US opinion on the gift to ${receiver.name} (moves on ${on.join(', ')})`);
  if (!on.includes(rolled)) return;
  const camp = same ? otherCamp(favoured) : favoured;
  shiftUsEntry(state, ctx, toward(camp) * rules.shift, 'gift', `the US gift to ${receiver.name} (rolled ${rolled})`);
}

/** A media campaign (GW-USOPT-20..22): 10; 7-10 one point the way the USA chose, 1 three points the other way. */
function publicity(state: GreatWarState, ctx: PhaseContext, usa: NationState, order: UsPublicityOrder): void {
  const rules = usaRules().publicity;
  const refusal = neutralRefusal(state, usa, 'a media campaign');
  if (refusal || !pay(usa, rules.cost)) {
    voidOrder(ctx, `publicity for ${CAMP_TEXT[order.toward]}`, refusal ?? { code: 'not-enough-resources', message: `a media campaign costs ${rules.cost}, and the USA has ${usa.treasury}` });
    return;
  }
  const rolled = ctx.roll(rules.die, `US media campaign for ${CAMP_NAMES[order.toward]} (${rules.successOn.join(', ')}: +${rules.success}; ${rules.backfireOn.join(', ')}: ${rules.backfire} the other way)`);
  const outcome = rules.successOn.includes(rolled) ? 'success' : rules.backfireOn.includes(rolled) ? 'backfire' : 'nothing';
  ctx.emit({ type: 'us-publicity', toward: order.toward, roll: rolled, outcome });
  if (outcome === 'success') shiftUsEntry(state, ctx, toward(order.toward) * rules.success, 'option', `a US media campaign for ${CAMP_NAMES[order.toward]}`);
  if (outcome === 'backfire') shiftUsEntry(state, ctx, -toward(order.toward) * rules.backfire, 'option', `a US media campaign for ${CAMP_NAMES[order.toward]} backfires`);
}

/**
 * A successful US influence: the minor moves one position toward a camp, and on reaching it joins it, as any
 * influence does (GW-P01-DIP-14, -15; diplomacy.ts `stepMinorToward`).
 */
export function influenceStep(state: GreatWarState, ctx: PhaseContext, minor: MinorState, camp: Camp): void {
  ctx.emit({ type: 'us-influence-moves', nation: minor.id, from: minor.diplomacy, to: stepToward(minor.diplomacy, camp) });
  stepMinorToward(state, ctx, usaId(), minor.id, camp);
}

/**
 * A US influence attempt (GW-USOPT-23..27, D-USA-10): 15 while neutral; 2 in 10 (a '*' minor only on a 10) it moves the
 * minor one position; a second, independent 2 in 10: the public learns of it, one point toward the other camp.
 */
function influence(state: GreatWarState, ctx: PhaseContext, usa: NationState, order: UsInfluenceOrder): void {
  const rules = usaRules().negotiate;
  const refusal = influenceRefusal(state, usa, order.target);
  const minor = minorOf(state, order.target);
  if (refusal || !minor || !pay(usa, rules.cost)) {
    voidOrder(ctx, `negotiate with ${nameOf(state, order.target)} for ${CAMP_TEXT[order.toward]}`, refusal ?? { code: 'not-enough-resources', message: `an influence attempt costs ${rules.cost}, and the USA has ${usa.treasury}` });
    return;
  }
  const on = minor.hardToInfluence ? rules.hardToInfluenceOn : rules.successOn;
  const rolled = ctx.roll(rules.die, `US influence on ${minor.name} toward ${CAMP_NAMES[order.toward]} (succeeds on ${on.join(', ')})`);
  const leakRoll = ctx.roll(rules.die, `Does the US public learn of the dealings with ${minor.name}? (on ${rules.leakOn.join(', ')})`);
  const success = on.includes(rolled);
  const leak = rules.leakOn.includes(leakRoll);
  ctx.emit({ type: 'us-influence', nation: minor.id, toward: order.toward, roll: rolled, success, leakRoll, leak });
  if (success) influenceStep(state, ctx, minor, order.toward);
  if (leak) shiftUsEntry(state, ctx, -toward(order.toward) * rules.leak, 'option', `the US public learns of the dealings with ${minor.name} for ${CAMP_NAMES[order.toward]}`);
}

/** The USA enters the main war (GW-NEUT-USA-06, -08, -09, D-USA-2): it joins the camp and collects everything. */
function join(state: GreatWarState, ctx: PhaseContext, usa: NationState, order: UsJoinOrder): void {
  const refusal = joinRefusal(state, usa, order.side);
  if (refusal) {
    voidOrder(ctx, `join ${CAMP_TEXT[order.side]}`, refusal);
    return;
  }
  joinSide(state, ctx, usa.id, order.side, 'entry-track');
  usa.incomeCap = null;
}

/**
 * The 'united-states' phase (phase 1): Mexico's next mobilisation step and the cap's rise of a war with a major, then the
 * US orders in order: gearing up, the war vote, gifts, the media campaign, influence, joining the war.
 */
export function resolveUnitedStates(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const usa = usaOf(state);
  if (!usa) return state;
  if (record(state).mexicoSteps > 0) mobiliseMexico(state, ctx);
  gearTowardFullProduction(state, ctx, usa);
  for (const _ of ordersOf(orders, 'us-gear-up')) gearUp(state, ctx, usa);
  for (const o of ordersOf(orders, 'us-war-vote').slice(0, usaRules().congress.perTurn)) warVote(state, ctx, usa, o as UsWarVoteOrder);
  for (const o of ordersOf(orders, 'us-lend')) lend(state, ctx, usa, o as UsLendOrder);
  for (const o of ordersOf(orders, 'us-publicity').slice(0, usaRules().publicity.perTurn)) publicity(state, ctx, usa, o as UsPublicityOrder);
  for (const o of ordersOf(orders, 'us-influence')) influence(state, ctx, usa, o as UsInfluenceOrder);
  for (const o of ordersOf(orders, 'us-join').slice(0, 1)) join(state, ctx, usa, o as UsJoinOrder);
  usa.ledger.end = usa.treasury;
  return state;
}
