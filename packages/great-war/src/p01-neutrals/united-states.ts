/**
 * Clauses: GW-NEUT-USA, GW-USENTRY, GW-USOPT.
 * The United States (GW-NEUT-USA, GW-USENTRY, GW-USOPT; decisions D-USA-1 onward of docs/great-war/united-states.md).
 * US public opinion, the US Entry track (`state.politics.usEntry`), moves with the world's events: the hooks
 * `usaOnWar` and `usaOnJoin` apply events 1 to 8 and 15 as wars and entries happen, `usaOnTrade` event 9 (Russia's US
 * trade cut off) in the economic war of phase 15, and phase 15's 'us-entry-roll' the economic roll (event 21). The
 * neutral USA's options are orders of phase 1 ('united-states'): gearing up (`preparedness`), a war vote in Congress
 * (`vote war on ...`), gifts that arrive whole (`lend ... to ...`), a media campaign (`publicity for ...`), influence
 * on a minor (`negotiate ... toward ...`) and, once the track has reached +10 or -10, entry into the war (`join ...`).
 * The numbers are in data/united-states.json; gearing up's are the scenario's (the USA's `gearUp`), Mexico's steps its
 * `mobilisation`. This file holds the numbers, the part's record, the track and its events, the economic roll and the
 * reports; the options are in us-orders.ts (their words), us-gear-up.ts (gearing up, the war vote) and us-options.ts
 * (gifts, publicity, influence, joining, and the phase).
 */
import { type GameEvent, type PhaseContext, type ReportSection, type SeatId } from '@umpire/engine';
import { usaRules } from '../data/united-states.js';
import { nationName, isConquered } from '../base/conquest.js';
import { minorOf, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { shiftUsEntry, type JoinCause, type UsEntryEvent, type WarChange } from '../p01-diplomacy/politics.js';
import { incomeOf, minorIncomeOf } from '../economy/resources.js';
import { pathClosed, seaTradeRules } from '../p15-special/sea-trade.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    usa: UsaState;
  }
}


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

export const usaId = (): string => usaRules().nation;
export const usaOf = (state: GreatWarState): NationState | undefined => nationOf(state, usaId());
export const record = (state: GreatWarState): UsaState => state.politics.usa;

/** Whether the USA is neutral: it has joined neither camp of the main war (D-SEA-7). */
export function usaIsNeutral(state: GreatWarState): boolean {
  return usaOf(state)?.side === 'neutral';
}

export const CAMP_NAMES: Record<Camp, string> = { allied: 'the Allies', central: 'the Central Powers' };
/** The camp US opinion leans toward: + the Allies, - the Central Powers; none at 0. */
export function favouredCamp(usEntry: number): Camp | undefined {
  return usEntry > 0 ? 'allied' : usEntry < 0 ? 'central' : undefined;
}
/** The sign of a move toward a camp on the track. */
export const toward = (camp: Camp): 1 | -1 => (camp === 'allied' ? 1 : -1);
export const otherCamp = (camp: Camp): Camp => (camp === 'allied' ? 'central' : 'allied');
export const isCamp = (side: string | undefined): side is Camp => side === 'allied' || side === 'central';

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
export function towardZero(state: GreatWarState, ctx: PhaseContext, points: number, event: UsEntryEvent, reason: string): void {
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
// Reports and invariants

const politicalName = (id: unknown): string => nationName(undefined, String(id));

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
