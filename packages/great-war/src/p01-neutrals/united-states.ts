import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type ReportSection, type SeatId } from '@umpire/engine';
import { unknownFieldProblems } from '../orders/grammar.js';
import { stepMinorToward, stepToward } from '../p01-diplomacy/diplomacy.js';
import { z } from 'zod';
import usaJson from '../../data/united-states.json' with { type: 'json' };
import { mayBeInfluenced } from '../p15-special/afghanistan.js';
import { nameIndex, type NameIndex } from '../orders/names.js';
import { displayNationName as displayName, isConquered } from '../base/conquest.js';
import { minorOf, nationOf, scenarioMinor, scenarioNation, type GreatWarState, type MinorState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, Ledger, OrderSpec, TextPosition } from '../orders/language.js';
import { declareWar, joinSide, shiftUsEntry, type JoinCause, type UsEntryEvent, type WarChange } from '../p01-diplomacy/politics.js';
import { incomeOf, minorIncomeOf } from '../economy/resources.js';
import { pathClosed, seaTradeRules } from '../p15-special/sea-trade.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    usa: UsaState;
  }
}

/**
 * The United States (GW-NEUT-USA, GW-USENTRY, GW-USOPT; decisions D-USA-1 onward of docs/great-war/united-states.md).
 * US public opinion, the US Entry track (`state.politics.usEntry`), moves with the world's events: the hooks
 * `usaOnWar` and `usaOnJoin` apply events 1 to 8 and 15 as wars and entries happen, `usaOnTrade` event 9 (Russia's US
 * trade cut off) in the economic war of phase 15, and phase 15's 'us-entry-roll' the economic roll (event 21). The
 * neutral USA's options are orders of phase 1 ('united-states'): gearing up (`preparedness`), a war vote in Congress
 * (`vote war on ...`), gifts that arrive whole (`lend ... to ...`), a media campaign (`publicity for ...`), influence
 * on a minor (`negotiate ... toward ...`) and, once the track has reached +10 or -10, entry into the war (`join ...`).
 * The numbers are in data/united-states.json; gearing up's are the scenario's (the USA's `gearUp`), Mexico's steps its
 * `mobilisation`.
 */

// ---------------------------------------------------------------------------------------------------------------
// Data

const count = z.number().int().min(0);
const roll = z.array(z.number().int().min(1)).min(1);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));

export const usaFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  /** The USA's nation id. */
  nation: z.string(),
  track: z.strictObject({
    /** The track runs from -limit to +limit (A28, D-USA-2). */
    limit: z.number().int().min(1),
    /** Where the USA may join the Allies, the Central Powers (GW-NEUT-USA-08, -09). */
    alliesAt: z.number().int(),
    centralAt: z.number().int(),
    clauses,
  }),
  events: z.strictObject({
    /** Events 1 and 2: a Central, an Allied declaration of war on a neutral. */
    declarationOnNeutral: count,
    /** An attack without a declaration multiplies events 1 and 2 (A10, D-USA-3). */
    undeclaredFactor: z.number().int().min(1),
    /** Event 3 applies to an Ottoman entry before this turn. */
    ottomanJoinsCentralBeforeTurn: z.number().int().min(1),
    ottomanJoinsCentral: count,
    ottomanJoinsAllies: count,
    /** Events 5 and 6. */
    italyJoins: count,
    /** Events 7 and 8. */
    minorJoins: count,
    /** Event 9 (the first). */
    russianTradeCut: count,
    /** Event 15: points toward zero. */
    warWithNeutralMajorTowardZero: count,
    ottoman: z.string(),
    italy: z.string(),
    russia: z.string(),
    japan: z.string(),
    clauses,
  }),
  economicRoll: z.strictObject({ die: z.number().int().min(2), towardGreaterOn: roll, towardLesserOn: roll, shift: count, clauses }),
  congress: z.strictObject({
    cost: count,
    perTurn: z.number().int().min(1),
    die: z.number().int().min(2),
    approvedOnMinor: roll,
    approvedOnMajor: roll,
    failureTowardZero: count,
    /** What the cap rises by each turn while the USA is at war with a major, until it collects everything (A29, D-USA-9). */
    fullProductionStep: z.number().int().min(1),
    clauses,
  }),
  lend: z.strictObject({ minimum: z.number().int().min(1), arrivesPercent: z.number().int().min(1).max(100), die: z.number().int().min(2), awayFromFavouredOn: roll, towardFavouredOn: roll, shift: count, clauses }),
  publicity: z.strictObject({ cost: count, perTurn: z.number().int().min(1), die: z.number().int().min(2), successOn: roll, success: count, backfireOn: roll, backfire: count, clauses }),
  negotiate: z.strictObject({ cost: count, die: z.number().int().min(2), successOn: roll, hardToInfluenceOn: roll, leakOn: roll, leak: count, clauses }),
});
export type UsaFile = z.infer<typeof usaFileSchema>;

/** The United States' numbers (data/united-states.json), checked when the ruleset loads. */
export function usaRules(): UsaFile {
  return (parsed ??= usaFileSchema.parse(usaJson));
}
let parsed: UsaFile | undefined;

// ---------------------------------------------------------------------------------------------------------------
// The record

/** The two camps of the main war. */
export type Camp = 'allied' | 'central';

/** This part's record in `state.politics`: plain JSON. */
export type UsaState = {
  /** Whether the USA has geared up (GW-NEUT-USA-03). */
  gearedUp: boolean;
  /** How many of Mexico's mobilisation steps have been taken (GW-NEUT-USA-04, -05, D-NAT-9): 0 before the USA gears up. */
  mexicoSteps: number;
  /** The camps whose end of the track US Entry has touched this turn (GW-NEUT-USA-08, -09, D-USA-2). */
  reached: Camp[];
  /** The camps the USA may join this turn: the track reached their end in the last turn, or stands there (D-USA-2). */
  mayJoin: Camp[];
  /** Whether Russia's US trade was cut off at the last economic war (event 9, D-USA-5). */
  russianTradeCut: boolean;
};

export function openingUsa(): UsaState {
  return { gearedUp: false, mexicoSteps: 0, reached: [], mayJoin: [], russianTradeCut: false };
}

const usaId = (): string => usaRules().nation;
const usaOf = (state: GreatWarState): NationState | undefined => nationOf(state, usaId());
const record = (state: GreatWarState): UsaState => state.politics.usa;

/** Whether the USA is neutral: it has joined neither camp of the main war (D-SEA-7). */
export function usaIsNeutral(state: GreatWarState): boolean {
  return usaOf(state)?.side === 'neutral';
}

const CAMP_NAMES: Record<Camp, string> = { allied: 'the Allies', central: 'the Central Powers' };
/** The camp US opinion leans toward: + the Allies, - the Central Powers; none at 0. */
export function favouredCamp(usEntry: number): Camp | undefined {
  return usEntry > 0 ? 'allied' : usEntry < 0 ? 'central' : undefined;
}
/** The sign of a move toward a camp on the track. */
const toward = (camp: Camp): 1 | -1 => (camp === 'allied' ? 1 : -1);
const otherCamp = (camp: Camp): Camp => (camp === 'allied' ? 'central' : 'allied');
const isCamp = (side: string | undefined): side is Camp => side === 'allied' || side === 'central';

// ---------------------------------------------------------------------------------------------------------------
// The track

/**
 * Where a move of the track ends (A28, D-USA-2): within -limit..+limit; once the USA has entered the main war the
 * track stands still. `shiftUsEntry` reads it for every move.
 */
export function usEntryWithin(state: GreatWarState, wanted: number): number {
  if (usaOf(state) && !usaIsNeutral(state)) return state.politics.usEntry;
  const { limit } = usaRules().track;
  return Math.max(-limit, Math.min(limit, wanted));
}

/** After each move of the track: note an end the track has reached this turn (GW-NEUT-USA-08, -09). */
export function usaOnShift(state: GreatWarState): void {
  const { alliesAt, centralAt } = usaRules().track;
  const r = record(state);
  const at = state.politics.usEntry;
  const camp: Camp | undefined = at >= alliesAt ? 'allied' : at <= centralAt ? 'central' : undefined;
  if (camp && !r.reached.includes(camp)) r.reached = [...r.reached, camp];
}

/** Move the track `points` toward zero, never past it (events 15, congress failures). */
function towardZero(state: GreatWarState, ctx: PhaseContext, points: number, event: UsEntryEvent, reason: string): void {
  const at = state.politics.usEntry;
  shiftUsEntry(state, ctx, -Math.sign(at) * Math.min(points, Math.abs(at)), event, reason);
}

// ---------------------------------------------------------------------------------------------------------------
// Events of the world: wars, entries, trade

/**
 * A war begins (GW-USENTRY-01, -02, -18; D-USA-3, D-USA-4). Event 1/2: a member of the Central Powers or the Allies
 * declares war on a nation that is neutral: one point away from the declaring camp, twice that for an attack without
 * a declaration. Event 15: the still-neutral USA comes to war with a neutral major: three points toward zero.
 */
export function usaOnWar(state: GreatWarState, ctx: PhaseContext, change: WarChange): void {
  const ev = usaRules().events;
  const by = nationOf(state, change.by) ?? minorOf(state, change.by);
  const on = nationOf(state, change.on) ?? minorOf(state, change.on);
  if (!by || !on) return;
  if (isCamp(by.side) && on.side === 'neutral' && (change.cause === 'declared' || change.cause === 'undeclared' || change.cause === 'option')) {
    const factor = change.cause === 'undeclared' ? ev.undeclaredFactor : 1;
    const delta = -toward(by.side) * ev.declarationOnNeutral * factor;
    const how = change.cause === 'undeclared' ? 'attacks without a declaration' : 'declares war on';
    shiftUsEntry(state, ctx, delta, by.side === 'central' ? 'event-1' : 'event-2', `${by.name}, of ${CAMP_NAMES[by.side]}, ${how} neutral ${on.name}`);
  }
  const usa = usaId();
  const other = change.by === usa ? on : change.on === usa ? by : undefined;
  if (other && usaIsNeutral(state) && nationOf(state, other.id) && other.side === 'neutral') {
    towardZero(state, ctx, ev.warWithNeutralMajorTowardZero, 'event-15', `the neutral USA is at war with neutral ${other.name}`);
  }
}

/**
 * A nation joins a camp (GW-USENTRY-03..09). Event 3/4: the Ottomans join the Central Powers before turn 3, or the
 * Allies; 5/6: Italy joins either; 7/8: a minor joins either by influence only (GW-USENTRY-09).
 */
export function usaOnJoin(state: GreatWarState, ctx: PhaseContext, nation: string, side: Camp, cause: JoinCause): void {
  const ev = usaRules().events;
  const name = (nationOf(state, nation) ?? minorOf(state, nation))?.name ?? nation;
  const joins = `${name} joins ${CAMP_NAMES[side]}`;
  if (nation === ev.ottoman) {
    if (side === 'allied') shiftUsEntry(state, ctx, ev.ottomanJoinsAllies, 'event-4', joins);
    else if (ctx.turn < ev.ottomanJoinsCentralBeforeTurn) shiftUsEntry(state, ctx, -ev.ottomanJoinsCentral, 'event-3', `${joins} before turn ${ev.ottomanJoinsCentralBeforeTurn}`);
  } else if (nation === ev.italy) {
    shiftUsEntry(state, ctx, toward(side) * ev.italyJoins, side === 'allied' ? 'event-6' : 'event-5', joins);
  } else if (minorOf(state, nation) && cause === 'influence') {
    shiftUsEntry(state, ctx, toward(side) * ev.minorJoins, side === 'allied' ? 'event-8' : 'event-7', `${joins} by influence`);
  }
}

/** The US trade route to Russia, from the economic war's data. */
const russianRoute = () => seaTradeRules.usTrade.routes.find((r) => r.to === usaRules().events.russia);

/**
 * Whether the neutral USA's trade to Russia is cut off this turn (event 9, D-USA-5): Russia is not conquered, the USA
 * is not at war with it, and every path of its route is closed (blockade, unrestricted submarine warfare, no port).
 * Read in phase 15's economic war, while the blockades of the turn still stand.
 */
export function russianTradeCutOff(state: GreatWarState): boolean {
  const route = russianRoute();
  const russia = usaRules().events.russia;
  const usa = usaOf(state);
  if (!route || !usa || !nationOf(state, russia) || !usaIsNeutral(state) || isConquered(state, russia) || usa.atWarWith.includes(russia)) return false;
  return route.paths.every((p) => pathClosed(state, route, p) !== undefined);
}

/** Event 9 (GW-USENTRY-10, D-USA-5): +1 in the turn Russia's US trade is cut off, once until it flows again. */
export function usaOnTrade(state: GreatWarState, ctx: PhaseContext): void {
  const cut = russianTradeCutOff(state);
  const r = record(state);
  if (cut && !r.russianTradeCut) shiftUsEntry(state, ctx, usaRules().events.russianTradeCut, 'event-9', 'US trade to Russia is cut off');
  r.russianTradeCut = cut;
}

// ---------------------------------------------------------------------------------------------------------------
// The economic roll (event 21)

/**
 * Whether a nation's production counts for a camp in the economic roll, and for which (GW-USENTRY-28, -29, D-USA-6):
 * the members of a camp count for it; Japan, while neutral, counts for the Allies unless it is at war with an Allied
 * nation (the Western Allies, or Russia in a limited or full war); every other neutral, at war or not, counts for
 * nobody.
 */
export function productionCamp(state: GreatWarState, id: string): Camp | undefined {
  const n = nationOf(state, id) ?? minorOf(state, id);
  if (!n) return undefined;
  if (isCamp(n.side)) return n.side;
  if (id !== usaRules().events.japan) return undefined;
  return n.atWarWith.some((x) => (nationOf(state, x) ?? minorOf(state, x))?.side === 'allied') ? undefined : 'allied';
}

/** Each camp's resource production this turn (D-USA-6): what its nations collect from the board as it stands. */
export function campProduction(state: GreatWarState): Record<Camp, number> {
  const out: Record<Camp, number> = { allied: 0, central: 0 };
  for (const n of state.nations) {
    const camp = productionCamp(state, n.id);
    if (camp) out[camp] += incomeOf(state, n.id).collected;
  }
  for (const m of state.minors) {
    const camp = productionCamp(state, m.id);
    if (camp) out[camp] += minorIncomeOf(state, m.id).collected;
  }
  return out;
}

/**
 * The 'us-entry-roll' phase (phase 15, event 21; GW-USENTRY-24..27, D-USA-6, D-USA-2): while the USA is neutral, 1D10:
 * on 9-10 the track moves one point toward the camp producing more, on 1 toward the one producing less, on 2-8 not
 * at all, nor when both produce as much. Then the camps the USA may join next turn are set: those whose end of the
 * track was reached this turn.
 */
export function resolveUsEntryRoll(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const r = record(state);
  if (usaOf(state) && usaIsNeutral(state)) {
    const rules = usaRules().economicRoll;
    const production = campProduction(state);
    const rolled = ctx.roll(rules.die, `US Entry economic roll (Allies produce ${production.allied}, the Central Powers ${production.central})`);
    const greater: Camp | undefined = production.allied > production.central ? 'allied' : production.central > production.allied ? 'central' : undefined;
    const camp = greater === undefined ? undefined : rules.towardGreaterOn.includes(rolled) ? greater : rules.towardLesserOn.includes(rolled) ? otherCamp(greater) : undefined;
    ctx.emit({ type: 'us-economic-roll', roll: rolled, allied: production.allied, central: production.central, ...(camp ? { toward: camp } : {}) });
    if (camp) shiftUsEntry(state, ctx, toward(camp) * rules.shift, 'event-21', `the economic roll: ${rolled}, toward ${camp === greater ? 'the greater' : 'the lesser'} production`);
    usaOnShift(state);
    r.mayJoin = [...r.reached];
    r.reached = [];
    if (r.mayJoin.length) ctx.emit({ type: 'us-may-join', camps: r.mayJoin, usEntry: state.politics.usEntry });
  } else {
    r.mayJoin = [];
    r.reached = [];
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Orders

export type UsGearUpOrder = { kind: 'us-gear-up' };
export type UsWarVoteOrder = { kind: 'us-war-vote'; on: string };
export type UsLendOrder = { kind: 'us-lend'; amount: number; to: string };
export type UsPublicityOrder = { kind: 'us-publicity'; toward: Camp };
export type UsInfluenceOrder = { kind: 'us-influence'; target: string; toward: Camp };
export type UsJoinOrder = { kind: 'us-join'; side: Camp };
export type UsaOrder = UsGearUpOrder | UsWarVoteOrder | UsLendOrder | UsPublicityOrder | UsInfluenceOrder | UsJoinOrder;

const indexes = new Map<string, NameIndex>();
function nations(state: GreatWarState): NameIndex {
  let index = indexes.get(state.scenario);
  if (!index) {
    index = nameIndex([...state.nations, ...state.minors].map((n) => ({ id: n.id, name: n.name, aliases: [n.abbreviation] })));
    indexes.set(state.scenario, index);
  }
  return index;
}
const nameOf = (state: GreatWarState, id: string): string => (nationOf(state, id) ?? minorOf(state, id))?.name ?? id;

const CAMP_WORDS: Record<string, Camp> = { allies: 'allied', allied: 'allied', 'allied powers': 'allied', entente: 'allied', central: 'central', 'central powers': 'central', centrals: 'central' };
const CAMP_TEXT: Record<Camp, string> = { allied: 'the allies', central: 'the central powers' };

/** A camp as typed ('the Allies', 'central powers'), or a located problem with a 'did you mean'. */
function readCamp(typed: string, at: TextPosition, column: number): Camp | Problem {
  const key = typed.trim().toLowerCase().replace(/^the\s+/, '').replace(/\s+/g, ' ');
  const camp = CAMP_WORDS[key];
  if (camp) return camp;
  const suggestion = closestName(key, ['allies', 'central powers']);
  return { code: 'unknown-camp', message: `'${typed}' is not a camp of the war: the allies or the central powers`, line: at.line, column, ...(suggestion ? { suggestion } : {}) };
}

/** A nation as typed, or a located problem. */
function readNation(state: GreatWarState, typed: string, at: TextPosition, column: number): string | Problem {
  const article = /^the\s+/i.exec(typed)?.[0] ?? '';
  const r = nations(state).lookup(typed.slice(article.length).trim());
  if (r.ok) return r.id;
  if (r.reason === 'ambiguous') return { code: 'ambiguous-nation', message: `'${typed}' could be ${r.names.join(', ')}: type more of the name`, line: at.line, column: column + article.length };
  return { code: 'unknown-nation', message: `there is no nation '${typed}'`, line: at.line, column: column + article.length, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) };
}

const isProblem = (x: unknown): x is Problem => typeof x === 'object' && x !== null && 'code' in x;

function jsonCamp(item: Record<string, unknown>, path: readonly (string | number)[], field: string): Camp | Problem {
  const v = item[field];
  if (v === 'allied' || v === 'central') return v;
  const suggestion = typeof v === 'string' ? closestName(v, ['allied', 'central']) : undefined;
  return { code: 'unknown-camp', message: `${field} is "allied" or "central"`, path: jsonPath([...path, field]), ...(suggestion ? { suggestion } : {}) };
}
function jsonNation(state: GreatWarState, item: Record<string, unknown>, path: readonly (string | number)[], field: string): string | Problem {
  const v = item[field];
  const ids = [...state.nations, ...state.minors].map((n) => n.id);
  if (typeof v === 'string' && ids.includes(v)) return v;
  const suggestion = typeof v === 'string' ? closestName(v, ids) : undefined;
  return { code: 'unknown-nation', message: typeof v === 'string' ? `there is no nation '${v}'` : `${field} is a nation id, e.g. "mexico"`, path: jsonPath([...path, field]), ...(suggestion ? { suggestion } : {}) };
}

/** Why the USA may not use its options as a neutral; undefined: it may. */
function neutralRefusal(state: GreatWarState, nation: NationState, what: string): { code: string; message: string } | undefined {
  if (nation.id !== usaId()) return { code: 'not-the-usa', message: `${what} is an option of the USA only` };
  if (!usaIsNeutral(state)) return { code: 'usa-at-war', message: `${what} is an option of the neutral USA, and the USA has joined ${CAMP_NAMES[nation.side as Camp] ?? 'the war'}` };
  return undefined;
}
const admittedOfKind = (ledger: Ledger, kind: string) => ledger.admitted.filter((o) => o.kind === kind);
const costRefusal = (ledger: Ledger, cost: number, what: string) =>
  cost > ledger.resources ? { code: 'not-enough-resources', message: `${what} costs ${cost}, and the USA has ${ledger.resources} left` } : undefined;

/** Why the USA may not gear up (GW-NEUT-USA-03); undefined: it may. */
export function gearUpRefusal(state: GreatWarState, nation: NationState): { code: string; message: string } | undefined {
  const neutral = neutralRefusal(state, nation, 'gearing up');
  if (neutral) return neutral;
  if (record(state).gearedUp || nation.incomeCap === null) return { code: 'already-geared-up', message: 'the USA has already geared up' };
  if (!scenarioNation(state, nation.id)?.gearUp) return { code: 'no-gear-up', message: 'the scenario gives the USA no gearing up' };
  return undefined;
}

const gearUpSpec: OrderSpec<UsGearUpOrder> = {
  kind: 'us-gear-up',
  words: ['preparedness'],
  example: 'preparedness',
  parseText(rest, at) {
    if (rest.trim() !== '') return [{ code: 'bad-gear-up', message: `'preparedness' takes nothing after it (it gears the USA up), not '${rest}'`, line: at.line, column: at.column }];
    return { kind: 'us-gear-up' };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind'], 'a us-gear-up order');
    return problems.length ? problems : { kind: 'us-gear-up' };
  },
  format: () => 'preparedness',
  refusal(_order, ledger, ctx, nation) {
    if (admittedOfKind(ledger, 'us-gear-up').length) return { code: 'one-gear-up', message: 'the USA gears up once' };
    return gearUpRefusal(ctx.state, nation) ?? costRefusal(ledger, scenarioNation(ctx.state, nation.id)!.gearUp!.cost, 'gearing up');
  },
  cost: (_o, _l, ctx, nation) => scenarioNation(ctx.state, nation.id)?.gearUp?.cost ?? 0,
  candidates: (_l, ctx, nation) => (gearUpRefusal(ctx.state, nation) ? [] : [{ kind: 'us-gear-up' }]),
};

/** Whether the USA counts as geared up in these orders: already, or by a gear-up order admitted before (A29, D-USA-8). */
const gearedUpFor = (state: GreatWarState, ledger: Ledger): boolean => record(state).gearedUp || usaOf(state)?.incomeCap === null || admittedOfKind(ledger, 'us-gear-up').length > 0;

/** Why Congress may not vote war on a nation (GW-USOPT-06..09, D-USA-8); undefined: it may. */
export function warVoteRefusal(state: GreatWarState, nation: NationState, on: string, gearedUp: boolean): { code: string; message: string; field?: string } | undefined {
  const neutral = neutralRefusal(state, nation, 'a war vote in Congress');
  if (neutral) return neutral;
  if (!gearedUp) return { code: 'not-geared-up', message: 'Congress votes war only once the USA has raised its economy: gear up first (preparedness)' };
  const target = nationOf(state, on) ?? minorOf(state, on);
  if (!target || on === nation.id) return { code: 'bad-target', message: 'Congress votes war on another nation', field: 'on' };
  if (target.side !== 'neutral') return { code: 'not-neutral', message: `${target.name} is in the main war: Congress votes war only on neutral nations`, field: 'on' };
  if (nation.atWarWith.includes(on)) return { code: 'already-at-war', message: `the USA is already at war with ${target.name}`, field: 'on' };
  return undefined;
}

const warVoteSpec: OrderSpec<UsWarVoteOrder> = {
  kind: 'us-war-vote',
  words: ['vote'],
  example: 'vote war on Mexico',
  parseText(rest, at, ctx) {
    const m = /^((?:war\s+)?(?:on\s+|against\s+)?)(.*)$/i.exec(rest)!;
    if (m[2]!.trim() === '') return [{ code: 'missing-target', message: `on whom does Congress vote war? e.g. '${warVoteSpec.example}'`, line: at.line, column: at.column }];
    const on = readNation(ctx.state, m[2]!, at, at.column + m[1]!.length);
    return isProblem(on) ? [on] : { kind: 'us-war-vote', on };
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'on'], 'a us-war-vote order');
    const on = jsonNation(ctx.state, item, path, 'on');
    if (isProblem(on)) problems.push(on);
    return problems.length || isProblem(on) ? problems : { kind: 'us-war-vote', on };
  },
  format: (o) => `vote war on ${displayName(o.on)}`,
  refusal(order, ledger, ctx, nation) {
    const rules = usaRules().congress;
    if (admittedOfKind(ledger, 'us-war-vote').length >= rules.perTurn) return { code: 'one-war-vote', message: `Congress votes on ${rules.perTurn} declaration of war a turn` };
    return warVoteRefusal(ctx.state, nation, order.on, gearedUpFor(ctx.state, ledger)) ?? costRefusal(ledger, rules.cost, 'a war vote');
  },
  cost: () => usaRules().congress.cost,
  candidates(ledger, ctx, nation) {
    return ctx.state.minors.filter((m) => !warVoteRefusal(ctx.state, nation, m.id, gearedUpFor(ctx.state, ledger))).slice(0, 1).map((m) => ({ kind: 'us-war-vote' as const, on: m.id }));
  },
};

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
  format: (o) => `lend ${o.amount} to ${displayName(o.to)}`,
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
  format: (o) => `negotiate with ${displayName(o.target)} for ${CAMP_TEXT[o.toward]}`,
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

const ordersOf = (orders: ReadonlyMap<SeatId, GreatWarOrders>, kind: string) => (orders.get(usaId())?.orders ?? []).filter((o) => o.kind === kind) as unknown as UsaOrder[];

function voidOrder(ctx: PhaseContext, order: string, reason: { code: string; message: string }): void {
  ctx.emit({ type: 'order-void', phase: 'united-states', nation: usaId(), order, code: reason.code, reason: reason.message });
}

function pay(usa: NationState, amount: number): boolean {
  if (amount > usa.treasury) return false;
  usa.treasury -= amount;
  return true;
}

/** Mexico's next mobilisation step, once the USA has geared up (GW-NEUT-USA-04, -05, D-NAT-9): never lowers its share. */
export function mobiliseMexico(state: GreatWarState, ctx: PhaseContext): void {
  const r = record(state);
  for (const minor of state.minors) {
    const steps = scenarioMinor(state, minor.id)?.mobilisation;
    if (!steps || steps.trigger !== 'usa-gear-up' || r.mexicoSteps >= steps.percents.length) continue;
    const percent = steps.percents[r.mexicoSteps]!;
    r.mexicoSteps += 1;
    if (percent <= minor.productionPercent) continue;
    minor.productionPercent = percent;
    ctx.emit({ type: 'mexico-mobilises', nation: minor.id, percent });
  }
}

/** Gear up (GW-NEUT-USA-03, GW-USOPT-05): pay the scenario's cost, collect its cap; Mexico answers (GW-NEUT-USA-04). */
function gearUp(state: GreatWarState, ctx: PhaseContext, usa: NationState): void {
  const refusal = gearUpRefusal(state, usa);
  const gear = scenarioNation(state, usa.id)?.gearUp;
  if (refusal || !gear || !pay(usa, gear.cost)) {
    voidOrder(ctx, 'preparedness', refusal ?? { code: 'not-enough-resources', message: `gearing up costs ${gear?.cost ?? 0}, and the USA has ${usa.treasury}` });
    return;
  }
  record(state).gearedUp = true;
  usa.incomeCap = Math.max(usa.incomeCap ?? gear.incomeCap, gear.incomeCap);
  ctx.emit({ type: 'us-gear-up', cost: gear.cost, incomeCap: usa.incomeCap });
  mobiliseMexico(state, ctx);
}

/**
 * While the neutral USA is at war with a major, its cap rises each turn toward full production (GW-USOPT-12, A29,
 * D-USA-9): by the step of the data, until it reaches what its lands are worth, then no cap at all.
 */
export function gearTowardFullProduction(state: GreatWarState, ctx: PhaseContext, usa: NationState): void {
  if (!usaIsNeutral(state) || usa.incomeCap === null || !usa.atWarWith.some((id) => nationOf(state, id))) return;
  const land = incomeOf(state, usa.id).land;
  const raised = usa.incomeCap + usaRules().congress.fullProductionStep;
  usa.incomeCap = raised >= land ? null : raised;
  ctx.emit({ type: 'us-full-production', incomeCap: usa.incomeCap });
}

/** A war vote in Congress (GW-USOPT-06..12, D-USA-8): 10, then 4 in 10 on a minor, 2 in 10 on a major; a failure moves the track 1 toward zero. */
function warVote(state: GreatWarState, ctx: PhaseContext, usa: NationState, order: UsWarVoteOrder): void {
  const rules = usaRules().congress;
  const refusal = warVoteRefusal(state, usa, order.on, record(state).gearedUp || usa.incomeCap === null);
  if (refusal || !pay(usa, rules.cost)) {
    voidOrder(ctx, `vote war on ${nameOf(state, order.on)}`, refusal ?? { code: 'not-enough-resources', message: `a war vote costs ${rules.cost}, and the USA has ${usa.treasury}` });
    return;
  }
  const major = nationOf(state, order.on) !== undefined;
  const on = major ? rules.approvedOnMajor : rules.approvedOnMinor;
  const rolled = ctx.roll(rules.die, `Congress votes on war with ${nameOf(state, order.on)} (approved on ${on.join(', ')})`);
  const approved = on.includes(rolled);
  ctx.emit({ type: 'us-war-vote', on: order.on, roll: rolled, approved, major });
  if (approved) declareWar(state, ctx, usa.id, order.on, 'declared');
  else towardZero(state, ctx, rules.failureTowardZero, 'congress', `Congress refuses war on ${nameOf(state, order.on)}`);
}

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

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

const politicalName = (id: unknown): string => displayName(String(id));

export function describeUsaEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'us-gear-up':
      return `The USA gears up for ${String(event['cost'])}: it collects up to ${String(event['incomeCap'])} a turn.`;
    case 'mexico-mobilises':
      return `${politicalName(event['nation'])} answers the US gearing up: it raises its production to ${String(event['percent'])}%.`;
    case 'us-full-production':
      return event['incomeCap'] === null ? 'At war with a major power, the USA reaches full wartime production.' : `At war with a major power, the USA gears toward full production: it collects up to ${String(event['incomeCap'])} a turn.`;
    case 'us-war-vote':
      return `Congress ${event['approved'] ? 'approves' : 'refuses'} war on ${politicalName(event['on'])} (rolled ${String(event['roll'])}).`;
    case 'us-lend':
      return `The USA lends ${String(event['amount'])} to ${politicalName(event['to'])}; all of it arrives.`;
    case 'us-publicity': {
      const outcome = event['outcome'] === 'success' ? 'it works' : event['outcome'] === 'backfire' ? 'it backfires' : 'nothing comes of it';
      return `A US media campaign for ${CAMP_NAMES[event['toward'] as Camp]}: ${outcome} (rolled ${String(event['roll'])}).`;
    }
    case 'us-influence':
      return `US influence on ${politicalName(event['nation'])} toward ${CAMP_NAMES[event['toward'] as Camp]} ${event['success'] ? 'succeeds' : 'fails'} (rolled ${String(event['roll'])})${event['leak'] ? '; the US public learns of it' : ''}.`;
    case 'us-influence-moves':
      return `${politicalName(event['nation'])} moves from ${String(event['from']).replace(/-/g, ' ')} to ${String(event['to']).replace(/-/g, ' ')}.`;
    case 'us-economic-roll': {
      const camp = event['toward'] as Camp | undefined;
      return `US economic roll ${String(event['roll'])}: the Allies produce ${String(event['allied'])}, the Central Powers ${String(event['central'])}; ${camp ? `opinion moves toward ${CAMP_NAMES[camp]}` : 'no effect'}.`;
    }
    case 'us-may-join':
      return `US Entry stands at ${String(event['usEntry'])}: next turn the USA may join ${((event['camps'] ?? []) as Camp[]).map((c) => CAMP_NAMES[c]).join(' or ')}.`;
    default:
      return undefined;
  }
}

export function usaInvariants(state: GreatWarState): string[] {
  const r = state.politics.usa as Partial<UsaState> | undefined;
  if (!r) return ['the state has no record of the United States'];
  const out: string[] = [];
  const { limit } = usaRules().track;
  if (Math.abs(state.politics.usEntry) > limit) out.push(`US Entry is ${state.politics.usEntry}, beyond the track's ${limit}`);
  if (typeof r.gearedUp !== 'boolean' || typeof r.russianTradeCut !== 'boolean') out.push("the United States' record has a flag neither true nor false");
  if (!Number.isInteger(r.mexicoSteps) || r.mexicoSteps! < 0) out.push(`Mexico's mobilisation steps are ${String(r.mexicoSteps)}; a whole number, never negative`);
  for (const list of [r.reached, r.mayJoin]) if (!Array.isArray(list) || list.some((c) => !isCamp(c))) out.push("the United States' record names a camp that is not one");
  return out;
}

export function usaSections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const usa = usaOf(state);
  if (!usa) return [];
  const r = record(state);
  const lines: string[] = [];
  if (!usaIsNeutral(state)) lines.push(`The USA has joined ${CAMP_NAMES[usa.side as Camp]}; US Entry no longer moves.`);
  else {
    lines.push(r.gearedUp ? `The USA has geared up: it collects ${usa.incomeCap === null ? 'everything its lands are worth' : `up to ${usa.incomeCap}`} a turn.` : `The USA has not geared up: it collects up to ${String(usa.incomeCap)} a turn.`);
    const favoured = favouredCamp(state.politics.usEntry);
    lines.push(favoured ? `US opinion leans toward ${CAMP_NAMES[favoured]}.` : 'US opinion leans toward neither camp.');
    if (r.mayJoin.length) lines.push(`This turn the USA may join ${r.mayJoin.map((c) => CAMP_NAMES[c]).join(' or ')}.`);
    if (r.russianTradeCut) lines.push('US trade to Russia is cut off.');
  }
  return [{ title: 'The United States', lines }];
}
