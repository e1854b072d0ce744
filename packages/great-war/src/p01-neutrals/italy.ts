import { type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId, unknownFieldProblems, ordersOf } from '@umpire/engine';
import { capitalOf, nationName } from '../base/conquest.js';
import { nationAt, nationIdAt, voidOrder } from '../orders/grammar.js';
import { unitOrder } from '../base/counting.js';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, GreatWarOrders, OrderSpec, TextPosition } from '../orders/language.js';
import { widen } from '../orders/language.js';
import { ottomanSwayRefusal, rollChance, settleNeutralIncome } from './ottoman.js';
import { oiNumbers } from '../data/ottoman-italy.js';
import { joinSide, sideOfNation, type JoinCause, type WarChange } from '../p01-diplomacy/politics.js';
import { theWorld } from '../data/world.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    italy: ItalyState;
  }
}

/**
 * Italy while neutral (GW-NEUT-ITA) and the options that sway it: the sway attempts open to every nation at war
 * (GW-NEUT-ITA-04..08), French option 3 (an earlier entry, GW-OPT-FRA-08..12) and Austrian option 2 (Trieste and 15
 * resources, GW-OPT-AUH-04..07): decisions D-ITA-1 to D-ITA-8 of docs/great-war/ottoman-and-italy.md. In the 'italy'
 * phase of phase 1: the Trieste offer, then France's attempt, then the sway attempts, then the entry, by the Paris
 * trigger of last turn or by the schedule. The numbers are in data/ottoman-italy.json.
 */

type Camp = 'allied' | 'central';

/** This part's record in `state.politics`. */
export type ItalyState = {
  /** The side Italy will enter the war on (GW-NEUT-ITA-01, -05). */
  leaning: Camp;
  /** The turn Italy enters the war (7; earlier by French option 3, GW-OPT-FRA-08, -12). */
  entryTurn: number;
  /** The Paris trigger (GW-NEUT-ITA-03): Italy joins the Central Powers on this turn. */
  joinOn?: { turn: number; side: Camp; why: string };
  /** Austrian option 2 (GW-OPT-AUH-04..07): the turn Trieste was given, the roll and what came of it. */
  trieste?: { turn: number; roll: number; outcome: Camp | 'none' };
};

const ITA = (): string => oiNumbers().italy.nation;

export function openingItaly(): ItalyState {
  const i = oiNumbers().italy;
  return { leaning: i.leaning, entryTurn: i.entryTurn };
}

const record = (state: GreatWarState): ItalyState => state.politics.italy;
const italyNeutral = (state: GreatWarState): boolean => sideOfNation(state, ITA()) === 'neutral';
const other = (side: Camp): Camp => (side === 'allied' ? 'central' : 'allied');
const sideName = (side: Camp): string => (side === 'allied' ? 'the Allies' : 'the Central Powers');

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** `sway Italy` / `sway Ottoman Empire` (O-70): 10 resources for a 2 in 10 attempt (GW-NEUT-ITA-04, GW-NEUT-OTT-10). */
export type SwayOrder = { kind: 'sway'; target: string };
/** `press Italy` (O-73): French option 3. */
export type PressItalyOrder = { kind: 'press-italy' };
/** `yield Trieste` (O-74): Austrian option 2. */
export type YieldTriesteOrder = { kind: 'yield-trieste' };

const onlyWords = (rest: string, pattern: RegExp, at: TextPosition, example: string, code: string): Problem[] | undefined =>
  pattern.test(rest.trim()) ? undefined : [{ code, message: `expected '${example}', not '${rest.trim()}'`, line: at.line, column: at.column }];

/** Why a nation may not try to sway Italy now (GW-NEUT-ITA-04, A12, D-ITA-2); undefined when it may. */
export function italySwayRefusal(state: GreatWarState, nation: NationState): Problem | undefined {
  if (!italyNeutral(state)) return { code: 'italy-at-war', message: 'Italy is in the war already: sway attempts are made before it enters' };
  if (nation.id === ITA()) return { code: 'own-nation', message: 'Italy does not sway itself' };
  if (nation.side !== 'allied' && nation.side !== 'central') return { code: 'neutral-nation', message: `${nation.name} is on neither side and sways Italy toward neither (D-ITA-2)` };
  return undefined;
}

function swayRefusal(state: GreatWarState, nation: NationState, target: string): Problem | undefined {
  if (target === ITA()) return italySwayRefusal(state, nation);
  if (target === oiNumbers().ottoman.nation) return ottomanSwayRefusal(state, nation);
  return { code: 'not-swayable', message: `only Italy and, once open to influence, the Ottoman Empire are swayed this way, not ${nationName(state, target)}`, field: 'target' };
}

export const swaySpec: OrderSpec<SwayOrder> = {
  kind: 'sway',
  words: ['sway'],
  example: 'sway Italy',
  parseText(rest, at, ctx) {
    const typed = rest.trim().replace(/^the\s+/i, '');
    if (typed === '') return [{ code: 'missing-target', message: `sway whom? e.g. '${swaySpec.example}'`, line: at.line, column: at.column }];
    const alias = /^ottomans?$/i.test(typed) ? 'ottoman-empire' : typed;
    const found = nationAt(ctx.state, alias, at.line, at.column + rest.length - rest.trimStart().length);
    return typeof found === 'string' ? { kind: 'sway', target: found } : [found];
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'target'], 'a sway order');
    const target = nationIdAt(ctx.state, item['target'], [...path, 'target'], 'target is the nation swayed: "italy" or "ottoman-empire"', ctx.state.nations.map((n) => n.id));
    if (typeof target !== 'string') problems.push(target);
    return problems.length ? problems : { kind: 'sway', target: target as string };
  },
  format: (order) => `sway ${nationName(undefined, order.target)}`,
  refusal(order, ledger, ctx, nation) {
    const r = swayRefusal(ctx.state, nation, order.target);
    if (r) return r;
    if (ledger.admitted.some((o) => o.kind === 'sway' && o['target'] === order.target)) return { code: 'one-attempt', message: `one attempt on ${nationName(ctx.state, order.target)} a turn (D-ITA-2)`, field: 'target' };
    const cost = oiNumbers().sway.cost;
    return cost > ledger.resources ? { code: 'not-enough-resources', message: `a sway attempt costs ${cost}, and ${nation.name} has ${ledger.resources} left` } : undefined;
  },
  cost: () => oiNumbers().sway.cost,
  candidates(_ledger, ctx, nation) {
    return [ITA(), oiNumbers().ottoman.nation].filter((t) => !swayRefusal(ctx.state, nation, t)).map((target) => ({ kind: 'sway' as const, target }));
  },
};

/** Why France may not press Italy for an earlier entry now (GW-OPT-FRA-09..11); undefined when it may. */
function pressRefusal(state: GreatWarState, nation: NationState): Problem | undefined {
  const by = oiNumbers().earlierEntry.by;
  if (nation.id !== by) return { code: 'not-your-option', message: `only ${nationName(state, by)} may press Italy to enter earlier (French option 3)` };
  if (!italyNeutral(state)) return { code: 'italy-at-war', message: 'Italy is in the war already (GW-OPT-FRA-10)' };
  if (record(state).leaning !== 'allied') return { code: 'italy-leans-central', message: 'Italy leans toward the Central Powers: France may press it only while it leans toward the Allies (GW-OPT-FRA-11)' };
  return undefined;
}

export const pressItalySpec: OrderSpec<PressItalyOrder> = {
  kind: 'press-italy',
  words: ['press'],
  example: 'press Italy',
  parseText(rest, at) {
    return onlyWords(rest, /^(italy)?$/i, at, 'press Italy', 'bad-press') ?? { kind: 'press-italy' };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind'], 'a press-italy order');
    return problems.length ? problems : { kind: 'press-italy' };
  },
  format: () => 'press Italy',
  refusal(_order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'press-italy')) return { code: 'once-a-turn', message: 'France may press Italy once a turn (GW-OPT-FRA-09)' };
    const r = pressRefusal(ctx.state, nation);
    if (r) return r;
    const cost = oiNumbers().earlierEntry.cost;
    return cost > ledger.resources ? { code: 'not-enough-resources', message: `pressing Italy costs ${cost}, and ${nation.name} has ${ledger.resources} left` } : undefined;
  },
  cost: () => oiNumbers().earlierEntry.cost,
  candidates(_ledger, ctx, nation) {
    return pressRefusal(ctx.state, nation) ? [] : [{ kind: 'press-italy' }];
  },
};

/** Why Austria-Hungary may not yield Trieste now (GW-OPT-AUH-04); undefined when it may. */
function yieldRefusal(state: GreatWarState, nation: NationState): Problem | undefined {
  const t = oiNumbers().trieste;
  if (nation.id !== t.by) return { code: 'not-your-option', message: `only ${nationName(state, t.by)} may yield Trieste to Italy (Austrian option 2)` };
  if (!italyNeutral(state)) return { code: 'italy-at-war', message: 'Italy is in the war already' };
  if (state.board.territories[t.territory]?.owner !== nation.id) return { code: 'trieste-not-held', message: `${nation.name} does not hold Trieste` };
  return undefined;
}

export const yieldTriesteSpec: OrderSpec<YieldTriesteOrder> = {
  kind: 'yield-trieste',
  words: ['yield'],
  example: 'yield Trieste',
  parseText(rest, at) {
    return onlyWords(rest, /^trieste(\s+to\s+italy)?$/i, at, 'yield Trieste', 'bad-yield') ?? { kind: 'yield-trieste' };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind'], 'a yield-trieste order');
    return problems.length ? problems : { kind: 'yield-trieste' };
  },
  format: () => 'yield Trieste',
  refusal(_order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'yield-trieste')) return { code: 'once', message: 'Trieste is yielded once' };
    const r = yieldRefusal(ctx.state, nation);
    if (r) return r;
    const cost = oiNumbers().trieste.payment;
    return cost > ledger.resources ? { code: 'not-enough-resources', message: `the offer takes ${cost} with Trieste, and ${nation.name} has ${ledger.resources} left` } : undefined;
  },
  cost: () => oiNumbers().trieste.payment,
  candidates(_ledger, ctx, nation) {
    return yieldRefusal(ctx.state, nation) ? [] : [{ kind: 'yield-trieste' }];
  },
};

export const italySpecs: readonly OrderSpec[] = [widen(swaySpec), widen(pressItalySpec), widen(yieldTriesteSpec)];
export type ItalyOrder = SwayOrder | PressItalyOrder | YieldTriesteOrder;

// ---------------------------------------------------------------------------------------------------------------
// Hooks

/** Italy's own entry gives it its full income (GW-NEUT-ITA-12 and the war's full income). */
export function italyOnJoin(state: GreatWarState, _ctx: PhaseContext, nation: string, _side: Camp, _cause: JoinCause): void {
  if (nation !== ITA()) return;
  delete record(state).joinOn;
  settleNeutralIncome(state, nation);
}

/** A war of Italy's begins (GW-NEUT-ITA-09..12): its income follows its wars. */
export function italyOnWar(state: GreatWarState, _ctx: PhaseContext, change: WarChange): void {
  if (change.by === ITA() || change.on === ITA()) settleNeutralIncome(state, ITA());
}

// ---------------------------------------------------------------------------------------------------------------
// Phases

/**
 * Austrian option 2 (GW-OPT-AUH-04..07, D-ITA-4, D-ITA-5): Trieste becomes Italian and incorporated at once, its
 * Austrian land units step to the nearest Austrian land next door (else the capital), Italy keeps the 15; then 1D10:
 * 1-4 Italy joins the Central Powers at once, 10 it joins the Allies at once, else nothing more.
 */
export function yieldTrieste(state: GreatWarState, ctx: PhaseContext, austria: NationState): Camp | 'none' {
  const t = oiNumbers().trieste;
  const italy = nationOf(state, ITA())!;
  austria.treasury -= t.payment;
  italy.treasury += t.payment;
  state.board.territories[t.territory] = { owner: italy.id, incorporated: true };
  const world = theWorld(state.scenario);
  const next = world.connections
    .filter((c) => c.kind === 'land' && (c.a === t.territory || c.b === t.territory))
    .map((c) => (c.a === t.territory ? c.b : c.a))
    .filter((x) => state.board.territories[x]?.owner === austria.id)
    .sort()[0] ?? capitalOf(world, austria.id);
  const moved = state.board.units.filter((u) => u.at === t.territory && u.nation !== italy.id).sort(unitOrder);
  for (const u of moved) if (next) u.at = next;
  const r = rollChance(ctx, t.die, t.centralChance, 'Italy takes Trieste and joins the Central Powers?');
  const outcome: Camp | 'none' = r.success ? 'central' : r.roll >= t.alliedOn ? 'allied' : 'none';
  record(state).trieste = { turn: ctx.turn, roll: r.roll, outcome };
  ctx.emit({ type: 'italy-trieste', by: austria.id, paid: t.payment, roll: r.roll, outcome, moved: moved.map((u) => u.id), to: next ?? null });
  if (outcome !== 'none') joinSide(state, ctx, italy.id, outcome, 'option');
  return outcome;
}

/** French option 3 (GW-OPT-FRA-08, -12): 2 in 10 that Italy's entry comes a turn earlier. */
function pressItaly(state: GreatWarState, ctx: PhaseContext, france: NationState): void {
  const e = oiNumbers().earlierEntry;
  france.treasury -= e.cost;
  const r = rollChance(ctx, e.die, e.chance, 'France presses Italy to enter the war a turn earlier?');
  const rec = record(state);
  const from = rec.entryTurn;
  if (r.success) rec.entryTurn = Math.max(1, from - e.turnsEarlier);
  ctx.emit({ type: 'italy-pressed', roll: r.roll, success: r.success, from, entryTurn: rec.entryTurn });
}

/**
 * The sway attempts on Italy of one turn (GW-NEUT-ITA-04..08, A17, D-ITA-1): every attempt is paid to Italy and
 * rolled, in seat order; Italy's leaning switches if a nation of the other side succeeds and no nation of the side
 * it leans toward does (their success blocks it). One switch a turn at most.
 */
export function swayItaly(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): void {
  const s = oiNumbers().sway;
  const italy = nationOf(state, ITA())!;
  const rec = record(state);
  let switched = false;
  let blocked = false;
  for (const nation of state.nations) {
    for (const _order of ordersOf<SwayOrder>(orders.get(nation.id), 'sway').filter((o) => o.target === ITA()).slice(0, 1)) {
      const refusal = italySwayRefusal(state, nation) ?? (nation.treasury < s.cost ? { code: 'not-enough-resources', message: `${nation.name} has ${nation.treasury}` } : undefined);
      if (refusal) {
        voidOrder(ctx, 'italy', nation.id, 'sway Italy', refusal.code, refusal.message);
        continue;
      }
      nation.treasury -= s.cost;
      italy.treasury += s.cost;
      const side = nation.side as Camp;
      const r = rollChance(ctx, s.die, s.chance, `${nation.name} sways Italy toward ${sideName(side)}?`);
      ctx.emit({ type: 'italy-sway', by: nation.id, side, roll: r.roll, success: r.success, paid: s.cost, blocking: side === rec.leaning });
      if (!r.success) continue;
      if (side === rec.leaning) blocked = true;
      else switched = true;
    }
  }
  if (switched && !blocked) {
    const from = rec.leaning;
    rec.leaning = other(from);
    ctx.emit({ type: 'italy-leaning', from, to: rec.leaning });
  } else if (switched) ctx.emit({ type: 'italy-sway-blocked', leaning: rec.leaning });
}

/** Italy's entry of this turn, if one is due: the Paris trigger, else the schedule (GW-NEUT-ITA-01, -03, -05). */
export function enterItaly(state: GreatWarState, ctx: PhaseContext): void {
  if (!italyNeutral(state)) return;
  const rec = record(state);
  if (rec.joinOn && rec.joinOn.turn <= ctx.turn) joinSide(state, ctx, ITA(), rec.joinOn.side, 'trigger');
  else if (ctx.turn >= rec.entryTurn) joinSide(state, ctx, ITA(), rec.leaning, 'schedule');
}

/**
 * The 'italy' phase (phase 1, D-ITA-1): Austria's Trieste offer, France's pressing, the sway attempts, the entry.
 * Each step acts only while Italy is still neutral; an order whose moment has passed is void and costs nothing.
 */
export function resolveItaly(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  settleNeutralIncome(state, ITA());
  const byKind = (kind: string) => state.nations.flatMap((n) => ordersOf<AnyOrder>(orders.get(n.id), kind).slice(0, 1).map(() => n));
  for (const nation of byKind('yield-trieste')) {
    const refusal = yieldRefusal(state, nation) ?? (nation.treasury < oiNumbers().trieste.payment ? { code: 'not-enough-resources', message: `${nation.name} has ${nation.treasury}` } : undefined);
    if (refusal) voidOrder(ctx, 'italy', nation.id, 'yield Trieste', refusal.code, refusal.message);
    else yieldTrieste(state, ctx, nation);
  }
  for (const nation of byKind('press-italy')) {
    const refusal = pressRefusal(state, nation) ?? (nation.treasury < oiNumbers().earlierEntry.cost ? { code: 'not-enough-resources', message: `${nation.name} has ${nation.treasury}` } : undefined);
    if (refusal) voidOrder(ctx, 'italy', nation.id, 'press Italy', refusal.code, refusal.message);
    else pressItaly(state, ctx, nation);
  }
  swayItaly(state, orders, ctx);
  enterItaly(state, ctx);
  return state;
}

/**
 * The 'italy-end' phase (phase 15): the income of the turn's wars; Paris in the hands of the Central Powers while
 * Italy is neutral brings Italy in on their side the next turn (GW-NEUT-ITA-03, D-ITA-3).
 */
export function resolveItalyEnd(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  settleNeutralIncome(state, ITA());
  const rec = record(state);
  if (!italyNeutral(state) || rec.joinOn) return state;
  const paris = oiNumbers().italy.paris;
  const holder = state.board.territories[paris]?.owner;
  if (holder !== undefined && sideOfNation(state, holder) === 'central') {
    rec.joinOn = { turn: ctx.turn + 1, side: 'central', why: `the Central Powers took ${theWorld(state.scenario).names.get(paris) ?? paris}` };
    ctx.emit({ type: 'italy-entry-set', turn: rec.joinOn.turn, side: 'central', why: rec.joinOn.why });
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

const who = (x: unknown): string => nationName(undefined, String(x));

export function describeItalyEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'italy-sway':
      return `${who(event['by'])} pays Italy ${String(event['paid'])} to sway it toward ${sideName(event['side'] as Camp)}: ${event['success'] ? 'success' : 'no effect'} (rolled ${String(event['roll'])}).`;
    case 'italy-leaning':
      return `Italy now leans toward ${sideName(event['to'] as Camp)}.`;
    case 'italy-sway-blocked':
      return `Italy's leaning toward ${sideName(event['leaning'] as Camp)} holds: a success on that side blocks the switch.`;
    case 'italy-pressed':
      return event['success'] ? `France presses Italy: it now enters the war on turn ${String(event['entryTurn'])} (rolled ${String(event['roll'])}).` : `France presses Italy without effect (rolled ${String(event['roll'])}).`;
    case 'italy-trieste': {
      const outcome = event['outcome'] === 'none' ? 'Italy stays neutral' : `Italy joins ${sideName(event['outcome'] as Camp)}`;
      return `Austria-Hungary yields Trieste and ${String(event['paid'])} to Italy: ${outcome} (rolled ${String(event['roll'])}).`;
    }
    case 'italy-entry-set':
      return `Italy will join ${sideName(event['side'] as Camp)} on turn ${String(event['turn'])}: ${String(event['why'])}.`;
    default:
      return undefined;
  }
}

export function italyInvariants(state: GreatWarState): string[] {
  const r = state.politics.italy as Partial<ItalyState> | undefined;
  if (!r || (r.leaning !== 'allied' && r.leaning !== 'central') || !Number.isInteger(r.entryTurn)) return ['the Italian record is missing or malformed'];
  return r.entryTurn! < 1 ? [`Italy's entry turn ${String(r.entryTurn)} is before the first turn`] : [];
}

export function italySections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  if (!italyNeutral(state)) return [];
  const r = record(state);
  const lines = [r.joinOn ? `Joins ${sideName(r.joinOn.side)} on turn ${r.joinOn.turn} (${r.joinOn.why})` : `Leans toward ${sideName(r.leaning)}; enters the war on turn ${r.entryTurn}`];
  return [{ title: 'Italy', lines }];
}
