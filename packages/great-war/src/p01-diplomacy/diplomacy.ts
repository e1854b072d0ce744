import { jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId, unknownFieldProblems, ordersOf } from '@umpire/engine';
import { mayInfluence } from '../p15-special/spain.js';
import { isMutineers } from '../p15-special/mutiny.js';
import { chinaDeclarationRefusal } from '../p01-neutrals/far-east.js';
import { mayBeInfluenced } from '../p15-special/afghanistan.js';
import { scenarioData } from '../data/load.js';
import { allied, isConquered, nationIndex, nationName } from '../base/conquest.js';
import { nationAt, nationIdAt } from '../orders/grammar.js';
import { atWar, minorOf, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { widen } from '../orders/language.js';
import { declareWar, joinSide, makePeace, type JoinCause, type WarChange } from './politics.js';
import { politicalName } from '../base/names.js';
import { incomeOf } from '../economy/resources.js';
import { diplomaticPositions, type DiplomaticPosition } from '../data/schema.js';
import { payTribute, surrenderDeclarationRefusal, usEntryOnConquests } from './surrender.js';
import { theWorld } from '../data/world.js';
import { diplomacyNumbers } from '../data/diplomacy.js';

/**
 * Phase 1.1 declarations of war and 1.2 diplomatic influence on the five-step chart; minors joining a side
 * (GW-P01-DIP, GW-P14-RES-06, GW-ALLY-08..10, GW-TERR-21). Decisions D-DIP-1.. of docs/great-war/diplomacy.md.
 *
 * A nation declares war with a `declare` order; the declaration is resolved in phase 1.1, before every other phase,
 * so the attacks the same orders give later in the turn are legal (the order check sees the declaration too,
 * D-DIP-1). A war declared this way must see military action in the turn it is declared or the next, or it ends in
 * a forced peace (D-DIP-4). An `influence` order pays 10 for one roll of 1D10 that moves a neutral minor one step
 * toward the influencer's side; a minor moved into a camp joins that side, under the influencer's seat (D-DIP-6).
 */

declare module '../base/nations.js' {
  interface PoliticsSlices {
    diplomacy: DiplomacyState;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The record

/** A war begun by a declaration of phase 1.1 that has not yet seen military action (GW-P01-DIP-05). */
export type DeclaredWar = {
  by: string;
  on: string;
  /** The turn of the declaration. */
  turn: number;
  /** Resources the war has given `by` beyond what it would have collected without it, turn by turn (GW-P01-DIP-06, D-DIP-5). */
  bonus: number;
};

/** This part's record in `state.politics`. */
export type DiplomacyState = {
  /** Declared wars waiting for their first military action, in the order declared. */
  untested: DeclaredWar[];
  /** Nations forced to make peace, with the last turn in which they may not declare war nor join the main war (GW-P01-DIP-07). */
  barred: { [nation: string]: number };
};

export function openingDiplomacy(): DiplomacyState {
  return { untested: [], barred: {} };
}

const diplomacyOf = (state: GreatWarState): DiplomacyState => {
  const d = state.politics.diplomacy as Partial<DiplomacyState>;
  d.untested ??= [];
  d.barred ??= {};
  return d as DiplomacyState;
};

// ---------------------------------------------------------------------------------------------------------------
// Who may go to war with whom

/** Whether a nation may change sides in the main war: a neutral may join one; a member of an alliance may not (GW-ALLY-08), save the exceptions (GW-ALLY-09). */
export function mayChangeSide(state: GreatWarState, nation: string): boolean {
  const r = nationOf(state, nation) ?? minorOf(state, nation);
  return !r || r.side === 'neutral' || diplomacyNumbers().alliances.mayChangeSides.includes(nation);
}

/** Whether a nation is barred from declaring war or joining the main war in `turn` after a forced peace (GW-P01-DIP-07). */
export function barredFromWar(state: GreatWarState, nation: string, turn: number): boolean {
  const until = diplomacyOf(state).barred[nation];
  return until !== undefined && turn <= until;
}

/** Whether `joinSide` may put this nation on a side now: not an alliance member changing sides (GW-ALLY-08), not barred (GW-P01-DIP-07). */
export function mayJoinSide(state: GreatWarState, nation: string, turn: number): boolean {
  return mayChangeSide(state, nation) && !barredFromWar(state, nation, turn);
}

/**
 * Why `by` may not declare war on `on` in `turn`; undefined when it may. Itself, a nation it is at war with, an ally
 * (GW-ALLY-08), while barred after a forced peace (GW-P01-DIP-07), or what the terms of a surrender forbid
 * (GW-SURR-09, GW-SURR-12).
 */
export function declarationRefusal(state: GreatWarState, by: string, on: string, turn: number): Problem | undefined {
  const who = nationName(state, by);
  const target = nationName(state, on);
  if (!nationOf(state, on) && !minorOf(state, on)) return { code: 'unknown-nation', message: `there is no nation '${on}'`, field: 'on' };
  if (by === on) return { code: 'own-nation', message: `${who} cannot declare war on itself`, field: 'on' };
  if (atWar(state, by, on)) return { code: 'already-at-war', message: `${who} is already at war with ${target}`, field: 'on' };
  if (allied(state, by, on)) return { code: 'ally', message: `${target} is ${who}'s ally: members of an alliance may not change sides before the end of the war (GW-ALLY-08)`, field: 'on' };
  if (barredFromWar(state, by, turn)) {
    return { code: 'barred-from-war', message: `${who} was forced to make peace and may not declare war before turn ${diplomacyOf(state).barred[by]! + 1} (GW-P01-DIP-07)`, field: 'on' };
  }
  const surrender = surrenderDeclarationRefusal(state, by, on, turn);
  if (surrender) return { ...surrender, field: 'on' };
  const china = chinaDeclarationRefusal(state, by);
  return china ? { ...china, field: 'on' } : undefined;
}

/** A copy of the state's nations in which `by` and `on` are at war: what later orders of the turn are checked against (D-DIP-1). */
export function withWar(state: GreatWarState, by: string, on: string): GreatWarState {
  const add = <T extends { id: string; atWarWith: string[] }>(n: T): T =>
    n.id === by && !n.atWarWith.includes(on) ? { ...n, atWarWith: [...n.atWarWith, on].sort() } : n.id === on && !n.atWarWith.includes(by) ? { ...n, atWarWith: [...n.atWarWith, by].sort() } : n;
  return { ...state, nations: state.nations.map(add), minors: state.minors.map(add) };
}

// ---------------------------------------------------------------------------------------------------------------
// Orders

export type DeclareOrder = { kind: 'declare'; on: string };
export type InfluenceOrder = { kind: 'influence'; target: string };

/** A nation named in text at `column`, or the problem. */
function typedNationAt(state: GreatWarState, typed: string, line: number, column: number, example: string): string | Problem[] {
  if (typed === '') return [{ code: 'missing-nation', message: `which nation? e.g. '${example}'`, line, column }];
  const found = nationAt(state, typed, line, column);
  return typeof found === 'string' ? found : [found];
}

/** A nation id in JSON at `path`, or the problem. */
function jsonNationAt(state: GreatWarState, value: unknown, path: readonly (string | number)[], example: string): string | Problem[] {
  if (typeof value !== 'string') return [{ code: 'missing-nation', message: `a nation id, e.g. "${example}"`, path: jsonPath(path) }];
  const found = nationIdAt(state, value, path, `a nation id, e.g. "${example}"`);
  return typeof found === 'string' ? found : [found];
}

/** The nations holding a territory next to one `nation` holds: the candidates of the declaration order. */
function neighboursOf(state: GreatWarState, nation: string): Set<string> {
  const world = theWorld(state.scenario);
  const out = new Set<string>();
  for (const [id, hold] of Object.entries(state.board.territories)) {
    if (hold.owner !== nation) continue;
    for (const n of world.graph.neighbours(id, ['land', 'strait'])) {
      const owner = state.board.territories[n.id]?.owner;
      if (owner !== undefined && owner !== nation) out.add(owner);
    }
  }
  return out;
}

/** O-50 `declare war on Belgium`: a declaration of war in phase 1.1 (GW-P01-DIP-02). */
export const declareSpec: OrderSpec<DeclareOrder> = {
  kind: 'declare',
  words: ['declare'],
  example: 'declare war on Belgium',
  parseText(rest, at, ctx) {
    const m = /^(?:war\s+)?(?:(?:on|against|upon)\s+)?(?:the\s+)?(.*)$/i.exec(rest)!;
    const typed = m[1]!.trim();
    const id = typedNationAt(ctx.state, typed, at.line, at.column + rest.length - m[1]!.length, 'declare war on Belgium');
    return typeof id === 'string' ? { kind: 'declare', on: id } : id;
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'on'], 'a declaration of war');
    const id = jsonNationAt(ctx.state, item['on'], [...path, 'on'], 'belgium');
    if (typeof id !== 'string') return [...problems, ...id];
    return problems.length ? problems : { kind: 'declare', on: id };
  },
  format: (order) => `declare war on ${politicalName(order.on)}`,
  refusal(order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'declare' && o['on'] === order.on)) return { code: 'declared-twice', message: `${nation.name} declares war on ${nationName(ctx.state, order.on)} twice`, field: 'on' };
    return declarationRefusal(ctx.state, nation.id, order.on, ctx.step.turn);
  },
  cost: () => 0,
  prospect: (order, state, nation) => withWar(state, nation.id, order.on),
  candidates(_ledger, ctx, nation) {
    return [...neighboursOf(ctx.state, nation.id)].sort((a, b) => nationIndex(ctx.state, a) - nationIndex(ctx.state, b)).map((on) => ({ kind: 'declare' as const, on }));
  },
};

/** The side a nation's influence pushes toward: its camp in the main war. */
const influenceSide = (nation: NationState): 'allied' | 'central' | undefined => (nation.side === 'neutral' ? undefined : nation.side);

/**
 * Why `by` may not try to influence `target` (GW-P01-DIP-08, -17, D-DIP-7): only a major of one of the camps of the
 * main war, not conquered; only a neutral minor (the neutral majors are swayed by their own rules), not one it is
 * at war with; never Afghanistan once it has rebelled (GW-TERR-21).
 */
export function influenceRefusal(state: GreatWarState, by: string, target: string): Problem | undefined {
  const nation = nationOf(state, by);
  const name = nationName(state, target);
  if (!nation || !influenceSide(nation)) return { code: 'not-in-the-war', message: `only the nations already in the main war may influence others (GW-P01-DIP-08); ${nationName(state, by)} is neutral` };
  if (isConquered(state, by)) return { code: 'conquered', message: `${nation.name} is conquered and has no diplomacy` };
  const minor = minorOf(state, target);
  if (!minor) return { code: 'not-a-minor', message: `${name} is not a minor nation: the neutral majors are swayed by their own rules`, field: 'target' };
  if (minor.side !== 'neutral') return { code: 'in-a-camp', message: `${name} has already joined the ${minor.side === 'allied' ? 'Allied' : 'Central'} Powers`, field: 'target' };
  if (atWar(state, by, target)) return { code: 'at-war', message: `${nation.name} is at war with ${name}`, field: 'target' };
  if (!mayBeInfluenced(state, target)) return { code: 'no-influence', message: `nobody may influence ${name} since its rebellion (GW-TERR-21)`, field: 'target' };
  if (!mayInfluence(state, by, target)) {
    return { code: 'no-influence', message: `${nation.name} may not influence ${name}: ${isMutineers(state, target) ? 'nobody influences mutineers (D-MUT-6)' : "France may not influence Spain until their relations are normalised (French option 1, GW-OPT-FRA-01)"}`, field: 'target' };
  }
  return undefined;
}

/** O-51 `influence Spain`: one attempt of phase 1.2 at 10 resources (GW-P01-DIP-11..18). */
export const influenceSpec: OrderSpec<InfluenceOrder> = {
  kind: 'influence',
  words: ['influence'],
  example: 'influence Spain',
  parseText(rest, at, ctx) {
    const typed = rest.trim();
    const id = typedNationAt(ctx.state, typed, at.line, at.column, 'influence Spain');
    return typeof id === 'string' ? { kind: 'influence', target: id } : id;
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'target'], 'an influence order');
    const id = jsonNationAt(ctx.state, item['target'], [...path, 'target'], 'spain');
    if (typeof id !== 'string') return [...problems, ...id];
    return problems.length ? problems : { kind: 'influence', target: id };
  },
  format: (order) => `influence ${politicalName(order.target)}`,
  refusal(order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'influence' && o['target'] === order.target)) {
      return { code: 'one-attempt', message: `${nation.name} may make one attempt on ${nationName(ctx.state, order.target)} a turn (GW-P01-DIP-13)`, field: 'target' };
    }
    const r = influenceRefusal(ctx.state, nation.id, order.target);
    if (r) return r;
    const cost = diplomacyNumbers().influence.cost;
    if (ledger.resources < cost) return { code: 'not-enough-resources', message: `an influence attempt costs ${cost}, and ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => diplomacyNumbers().influence.cost,
  candidates(_ledger, ctx, nation) {
    return ctx.state.minors.filter((m) => !influenceRefusal(ctx.state, nation.id, m.id)).map((m) => ({ kind: 'influence' as const, target: m.id }));
  },
};

/** The order kinds of this part, in phase order. */
export const diplomacySpecs: readonly OrderSpec[] = [widen(declareSpec), widen(influenceSpec)];
export type DiplomacyOrder = DeclareOrder | InfluenceOrder;

// ---------------------------------------------------------------------------------------------------------------
// Phase 1.1: declarations of war

/**
 * Phase 1.1 (GW-P01-DIP-02, -03): every seat's declarations in seat order, each checked again against the state as
 * it now stands (an earlier declaration may have changed it) and made at once through `declareWar`, whose hooks
 * apply its effects on US Entry and the neutrals. A declared war joins the untested wars (GW-P01-DIP-05).
 */
export function resolveDeclarations(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const record = diplomacyOf(state);
  for (const nation of state.nations) {
    for (const order of ordersOf<DeclareOrder>(orders.get(nation.id), 'declare')) {
      const refusal = declarationRefusal(state, nation.id, order.on, ctx.turn);
      if (refusal) {
        ctx.emit({ type: 'order-void', phase: 'declarations', nation: nation.id, order: declareSpec.format(order), code: refusal.code, reason: refusal.message });
        continue;
      }
      if (declareWar(state, ctx, nation.id, order.on, 'declared')) record.untested.push({ by: nation.id, on: order.on, turn: ctx.turn, bonus: 0 });
    }
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 1.2: diplomatic influence

/** The step of the chart a success moves a minor to, toward `side` (GW-P01-DIP-14, -16). */
export function stepToward(position: DiplomaticPosition, side: 'allied' | 'central'): DiplomaticPosition {
  const i = diplomaticPositions.indexOf(position);
  const next = side === 'allied' ? Math.min(i + 1, diplomaticPositions.length - 1) : Math.max(i - 1, 0);
  return diplomaticPositions[next]!;
}

/** The seat that runs a minor that joins `side` (GW-P14-RES-06, D-DIP-6): the influencer, else the first seated major of that side, not conquered. */
function controllerFor(state: GreatWarState, side: 'allied' | 'central', by?: string): string {
  const influencer = by !== undefined ? nationOf(state, by) : undefined;
  if (influencer?.seat && influencer.side === side) return influencer.id;
  return state.nations.find((n) => n.seat && n.side === side && !isConquered(state, n.id))?.id ?? 'moderator';
}

export type InfluenceOutcome = 'failed' | 'moved' | 'joined';

/**
 * One attempt to influence a minor toward `toward` (GW-P01-DIP-12..18): 1D10, succeeding on the rolls `successOn`
 * (2 in 10; only a 10 on a '*' nation). A success moves it one step; a step into a camp makes it join that side
 * (`joinSide`, cause 'influence'), run by `by`'s seat (D-DIP-6). Pays nothing: the caller pays. Other parts (Italy's
 * sway, the US option, British aid to Persia and Arabia) call it with their own `by`, side and chances.
 */
export function influenceMinor(state: GreatWarState, ctx: PhaseContext, by: string, target: string, toward: 'allied' | 'central', successOn?: readonly number[]): InfluenceOutcome {
  const minor = minorOf(state, target);
  if (!minor || minor.side !== 'neutral') return 'failed';
  const data = diplomacyNumbers().influence;
  const chances = successOn ?? (minor.hardToInfluence ? data.hardSuccessOn : data.successOn);
  const roll = ctx.roll(data.die, `${nationName(state, by)} influences ${minor.name} toward the ${toward === 'allied' ? 'Allies' : 'Central Powers'} (on ${chances.join(' or ')})`);
  const success = chances.includes(roll);
  const from = minor.diplomacy;
  ctx.emit({ type: 'influence', by, target, toward, roll, success, from, to: success ? stepToward(from, toward) : from });
  return success ? stepMinorToward(state, ctx, by, target, toward) : 'failed';
}

/**
 * What every successful influence does, whoever made it (phase 1.2, the US option, British aid): the neutral minor
 * moves one step toward `toward` (GW-P01-DIP-14, -16); a step into a camp makes it join that side (`joinSide`, cause
 * 'influence'), run by `by`'s seat or else by the first seat of that side (GW-P14-RES-06, D-DIP-6).
 */
export function stepMinorToward(state: GreatWarState, ctx: PhaseContext, by: string, target: string, toward: 'allied' | 'central'): InfluenceOutcome {
  const minor = minorOf(state, target);
  if (!minor || minor.side !== 'neutral') return 'failed';
  minor.diplomacy = stepToward(minor.diplomacy, toward);
  if (minor.diplomacy !== (toward === 'allied' ? 'allied-camp' : 'central-camp')) return 'moved';
  if (!joinSide(state, ctx, target, toward, 'influence')) return 'moved';
  minor.controller = controllerFor(state, toward, by);
  return 'joined';
}

/**
 * Phase 1.2 (GW-P01-DIP-08..18): every seat's influence orders in seat order, in the order given; each attempt is
 * checked again (the minor may have joined a camp this phase), paid from the treasury, and rolled.
 */
export function resolveInfluence(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const cost = diplomacyNumbers().influence.cost;
  for (const nation of state.nations) {
    for (const order of ordersOf<InfluenceOrder>(orders.get(nation.id), 'influence')) {
      const refusal = influenceRefusal(state, nation.id, order.target) ?? (nation.treasury < cost ? { code: 'not-enough-resources', message: `an influence attempt costs ${cost}, and ${nation.name} has ${nation.treasury}` } : undefined);
      if (refusal) {
        ctx.emit({ type: 'order-void', phase: 'influence', nation: nation.id, order: influenceSpec.format(order), code: refusal.code, reason: refusal.message });
        continue;
      }
      nation.treasury -= cost;
      influenceMinor(state, ctx, nation.id, order.target, influenceSide(nation)!);
    }
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Hooks: minors at war collect their full income (GW-P14-RES-06)

/** A minor at war, with anyone, collects its full income (GW-P14-RES-06, D-DIP-6). */
export function declarationsOnWar(state: GreatWarState, _ctx: PhaseContext, change: WarChange): void {
  for (const id of [change.by, change.on]) {
    const minor = minorOf(state, id);
    if (minor) minor.productionPercent = 100;
  }
}

export function declarationsOnPeace(state: GreatWarState, _ctx: PhaseContext, a: string, b: string, _why: string): void {
  const record = diplomacyOf(state);
  record.untested = record.untested.filter((w) => !((w.by === a && w.on === b) || (w.by === b && w.on === a)));
}

/** A minor that joins a side collects its full income and is run by a seat of that side (GW-P14-RES-06, D-DIP-6). */
export function declarationsOnJoin(state: GreatWarState, _ctx: PhaseContext, nation: string, side: 'allied' | 'central', _cause: JoinCause): void {
  const minor = minorOf(state, nation);
  if (!minor) return;
  minor.productionPercent = 100;
  if (minor.controller === 'moderator') minor.controller = controllerFor(state, side);
}

// ---------------------------------------------------------------------------------------------------------------
// Military action and the forced peace (GW-P01-DIP-05..07)

/**
 * Whether `by` took military action against `on` this turn, read after the land moves of phase 8 (D-DIP-4): a unit
 * of `by` moved into a territory `on` holds or where `on`'s units stand; an aircraft of `by` in the air toward a
 * territory `on` holds; or a sea battle of phase 7 where ships of both still are.
 */
export function tookMilitaryAction(state: GreatWarState, by: string, on: string): boolean {
  const units = new Map(state.board.units.map((u) => [u.id, u]));
  const heldBy = (area: string) => state.board.territories[area]?.owner === on || state.board.units.some((u) => u.at === area && u.nation === on);
  if (state.land.moves.some((m) => units.get(m.unit)?.nation === by && heldBy(m.to))) return true;
  if (state.air.flights.some((f) => f.nation === by && state.board.territories[f.to]?.owner === on)) return true;
  return state.sea.battles.some((zone) => state.board.units.some((u) => u.at === zone && u.nation === by) && state.board.units.some((u) => u.at === zone && u.nation === on));
}

/** The 'war-actions' phase (after phase 8, D-DIP-4): untested wars that saw military action leave the list. */
export function resolveWarActions(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState {
  const record = diplomacyOf(state);
  if (record.untested.length) record.untested = record.untested.filter((w) => !tookMilitaryAction(state, w.by, w.on));
  return state;
}

/** Whether two nations face each other in the main war: each on a side, not the same one. */
function inMainWar(state: GreatWarState, a: string, b: string): boolean {
  const sa = (nationOf(state, a) ?? minorOf(state, a))?.side;
  const sb = (nationOf(state, b) ?? minorOf(state, b))?.side;
  return sa !== undefined && sb !== undefined && sa !== 'neutral' && sb !== 'neutral' && sa !== sb;
}

/** What the war with `on` added to `by`'s collection this turn (a neutral's minor-war income or full income: D-DIP-5). */
export function warBonus(state: GreatWarState, by: string, on: string): number {
  const nation = nationOf(state, by);
  if (!nation || !nation.atWarWith.includes(on)) return 0;
  const withWar = incomeOf(state, by).collected;
  const wars = nation.atWarWith;
  nation.atWarWith = wars.filter((x) => x !== on);
  const without = incomeOf(state, by).collected;
  nation.atWarWith = wars;
  return Math.max(0, withWar - without);
}

/**
 * The forced peace (GW-P01-DIP-05..07, D-DIP-4, D-DIP-5), at the end of the turn: a declared war still without
 * military action adds this turn's bonus to its account; at the end of its last turn to act it ends: peace, the
 * bonus taken back from the treasury (as far as it goes), and no declaration nor joining for the next turns.
 */
export function forcePeace(state: GreatWarState, ctx: PhaseContext): void {
  const record = diplomacyOf(state);
  const { turnsToAct, barTurns } = diplomacyNumbers().forcedPeace;
  for (const war of [...record.untested]) {
    if (!atWar(state, war.by, war.on)) continue;
    if (inMainWar(state, war.by, war.on)) {
      // The two are now on opposite sides of the main war: its wars are not forced to end (D-DIP-4).
      record.untested = record.untested.filter((w) => w !== war);
      continue;
    }
    war.bonus += warBonus(state, war.by, war.on);
    if (ctx.turn < war.turn + turnsToAct - 1) continue;
    record.untested = record.untested.filter((w) => w !== war);
    const nation = nationOf(state, war.by);
    const clawback = nation ? Math.min(nation.treasury, war.bonus) : 0;
    if (nation) nation.treasury -= clawback;
    record.barred[war.by] = Math.max(record.barred[war.by] ?? 0, ctx.turn + barTurns);
    ctx.emit({ type: 'forced-peace', nation: war.by, on: war.on, declared: war.turn, bonus: war.bonus, clawback, barredUntil: record.barred[war.by]! });
    makePeace(state, ctx, war.by, war.on, 'no military action');
  }
  for (const [nation, until] of Object.entries(record.barred)) if (until < ctx.turn) delete record.barred[nation];
}

/** Phase 15, 'diplomacy-end': the forced peace, US Entry event 19 for this turn's conquests, then the war tribute of the surrenders (surrender.ts). */
export function resolveDiplomacyEnd(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  forcePeace(state, ctx);
  usEntryOnConquests(state, ctx);
  payTribute(state, ctx);
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

const POSITION_NAMES: Record<DiplomaticPosition, string> = {
  'central-camp': 'Central Power camp',
  'favourable-to-central': 'favourable to the Central Powers',
  neutral: 'completely neutral',
  'favourable-to-allies': 'favourable to the Allies',
  'allied-camp': 'Allied camp',
};

export function describeDiplomacyEvent(event: GameEvent): string | undefined {
  const who = politicalName;
  switch (event.type) {
    case 'influence': {
      const toward = event['toward'] === 'allied' ? 'the Allies' : 'the Central Powers';
      if (!event['success']) return `${who(event['by'])} fails to influence ${who(event['target'])} toward ${toward} (rolled ${String(event['roll'])}).`;
      return `${who(event['by'])} influences ${who(event['target'])} toward ${toward} (rolled ${String(event['roll'])}): from ${POSITION_NAMES[event['from'] as DiplomaticPosition]} to ${POSITION_NAMES[event['to'] as DiplomaticPosition]}.`;
    }
    case 'forced-peace':
      return `${who(event['nation'])} took no military action against ${who(event['on'])} since declaring war in turn ${String(event['declared'])}: peace is made, ${String(event['clawback'])} resources of the war's bonus are taken back, and it may not declare war until after turn ${String(event['barredUntil'])}.`;
    default:
      return undefined;
  }
}

export function diplomacyInvariants(state: GreatWarState): string[] {
  const record = state.politics.diplomacy as Partial<DiplomacyState>;
  const out: string[] = [];
  const known = (id: string) => nationOf(state, id) !== undefined || minorOf(state, id) !== undefined;
  for (const w of record.untested ?? []) {
    if (!known(w.by) || !known(w.on)) out.push(`an untested war names an unknown nation (${w.by}, ${w.on})`);
    if (!Number.isInteger(w.bonus) || w.bonus < 0) out.push(`the untested war of ${w.by} on ${w.on} has a bonus of ${w.bonus}`);
  }
  for (const [id, until] of Object.entries(record.barred ?? {})) if (!known(id) || !Number.isInteger(until)) out.push(`the bar on war of '${id}' is not whole`);
  for (const m of state.minors) {
    const camp = m.diplomacy === 'allied-camp' ? 'allied' : m.diplomacy === 'central-camp' ? 'central' : 'neutral';
    if (camp !== m.side) out.push(`${m.name} stands ${POSITION_NAMES[m.diplomacy]} on the chart but is on the side '${m.side}'`);
  }
  return out;
}

/** The chart of the minors, once one of them has moved from where the scenario put it (GW-P01-DIP-09). */
export function diplomacySections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const opening = new Map(scenarioData(state.scenario).nations.map((n) => [n.id, 'diplomacy' in n ? n.diplomacy : undefined]));
  if (state.minors.every((m) => opening.get(m.id) === m.diplomacy && m.controller === 'moderator')) return [];
  const rows = [...state.minors]
    .sort((a, b) => nationIndex(state, a.id) - nationIndex(state, b.id))
    .map((m) => [m.name, POSITION_NAMES[m.diplomacy] + (m.hardToInfluence ? ' (*)' : ''), m.controller === 'moderator' ? 'moderator' : nationName(state, m.controller)]);
  return [{ title: 'Diplomacy: the minor nations', table: { columns: ['Nation', 'Position', 'Run by'], rows } }];
}
