import type { PhaseContext } from '@umpire/engine';
import { sideOf } from './conquest.js';
import { minorOf, nationOf, type GreatWarState, type MinorState } from './nations.js';
import { scenarioData } from './data.js';
import type { Side } from './schema.js';
import { declarationsOnWar, declarationsOnPeace, declarationsOnJoin, mayJoinSide, openingDiplomacy, type DiplomacyState } from './diplomacy.js';
import { openingSurrender, type SurrenderState } from './surrender.js';
import { usaOnWar, usaOnJoin, usaOnShift, usEntryWithin, openingUsa, type UsaState } from './united-states.js';
import { ottomanOnWar, ottomanOnJoin, openingOttoman, type OttomanState } from './ottoman.js';
import { italyOnJoin, italyOnWar, openingItaly, type ItalyState } from './italy.js';
import { japanOnWar, openingJapan, type JapanState } from './japan.js';
import { chinaOnWar, openingChina, type ChinaState } from './china.js';
import { openingOptions, type OptionsState } from './national-options.js';
import { openingRevolution, type RevolutionState } from './revolution.js';
import { openingMutiny, type MutinyState } from './mutiny.js';
import { spainOnJoin, openingSpain, type SpainState } from './spain.js';
import { openingUpgrades, type UpgradesState } from './upgrades.js';

/**
 * The political half of the war (phase 1, the neutrals, the national options, the special rules of phase 15): the
 * shared record and the three changes every part of it goes through. A war begins with `declareWar`, ends with
 * `makePeace`, a neutral enters the war with `joinSide`, and US public opinion moves with `shiftUsEntry`; each of
 * them emits its event and lets the parts that react to it (US Entry events, China's answer to a Japanese war,
 * the Ottoman triggers, Spain's answer to the US entry...) react, in a fixed order, so that every game replays.
 */

/** Each part of the politics keeps its own record here, in the module named after its section of the rule book. */
export type PoliticsState = {
  /** US public opinion, the 'US Entry' track (GW-NEUT-USA-07): starts at 0, + toward the Allies, - toward the Central Powers. */
  usEntry: number;
  diplomacy: DiplomacyState;
  surrender: SurrenderState;
  usa: UsaState;
  ottoman: OttomanState;
  italy: ItalyState;
  japan: JapanState;
  china: ChinaState;
  options: OptionsState;
  revolution: RevolutionState;
  mutiny: MutinyState;
  spain: SpainState;
  upgrades: UpgradesState;
};

export function openingPolitics(): PoliticsState {
  return {
    usEntry: 0,
    diplomacy: openingDiplomacy(),
    surrender: openingSurrender(),
    usa: openingUsa(),
    ottoman: openingOttoman(),
    italy: openingItaly(),
    japan: openingJapan(),
    china: openingChina(),
    options: openingOptions(),
    revolution: openingRevolution(),
    mutiny: openingMutiny(),
    spain: openingSpain(),
    upgrades: openingUpgrades(),
  };
}

/**
 * How a war began: 'declared' in phase 1.1; 'undeclared' when a nation attacked without declaring (the double US
 * Entry penalty, GW-P01-DIP-04); 'joined' when a nation entered the war on a side; 'triggered' when a rule made the
 * declaration (China answering Japan, Spain against France...); 'option' for a national option's result.
 */
export type WarCause = 'declared' | 'undeclared' | 'joined' | 'triggered' | 'option';

/** A state change that other parts react to: who, to whom, why. */
export type WarChange = { by: string; on: string; cause: WarCause };

/** How a nation came to join a side (US Entry events 7 and 8 count only 'influence', GW-USENTRY-09). */
export type JoinCause = 'influence' | 'schedule' | 'trigger' | 'option' | 'entry-track' | 'declaration';

const record = (state: GreatWarState, id: string) => nationOf(state, id) ?? minorOf(state, id);

/** A nation's side, major or minor (conquest.ts `sideOf`). */
export { sideOf as sideOfNation } from './conquest.js';

/** Every nation, major or minor, on a side, in the fixed order (majors in seat order, then minors). */
export function membersOf(state: GreatWarState, side: Side): string[] {
  return [...state.nations, ...state.minors].filter((n) => n.side === side).map((n) => n.id);
}

/** The side facing `side` in the main war; none for the neutrals. */
export const opposingSide = (side: Side): Side | undefined => (side === 'allied' ? 'central' : side === 'central' ? 'allied' : undefined);

function addWar(state: GreatWarState, a: string, b: string): boolean {
  const ra = record(state, a);
  const rb = record(state, b);
  if (!ra || !rb || a === b || ra.atWarWith.includes(b)) return false;
  ra.atWarWith = [...ra.atWarWith, b].sort();
  rb.atWarWith = [...rb.atWarWith, a].sort();
  return true;
}

/**
 * `by` goes to war with `on` (GW-P01-DIP-02). Nothing happens when they are already at war. Emits 'war-declared'
 * and lets the reacting parts react.
 */
export function declareWar(state: GreatWarState, ctx: PhaseContext, by: string, on: string, cause: WarCause): boolean {
  const targetSide = sideOf(state, on);
  if (!addWar(state, by, on)) return false;
  ctx.emit({ type: 'war-declared', by, on, cause, targetSide: targetSide ?? 'neutral' });
  const change: WarChange = { by, on, cause };
  declarationsOnWar(state, ctx, change);
  usaOnWar(state, ctx, change);
  ottomanOnWar(state, ctx, change);
  italyOnWar(state, ctx, change);
  japanOnWar(state, ctx, change);
  chinaOnWar(state, ctx, change);
  return true;
}

/** `a` and `b` are at war no longer. Emits 'peace'. */
export function makePeace(state: GreatWarState, ctx: PhaseContext, a: string, b: string, why: string): boolean {
  const ra = record(state, a);
  const rb = record(state, b);
  if (!ra || !rb || !ra.atWarWith.includes(b)) return false;
  ra.atWarWith = ra.atWarWith.filter((x) => x !== b);
  rb.atWarWith = rb.atWarWith.filter((x) => x !== a);
  ctx.emit({ type: 'peace', nations: [a, b], why });
  declarationsOnPeace(state, ctx, a, b, why);
  return true;
}

/**
 * A neutral (major or minor) enters the main war on `side`: it takes that side, makes peace with its new allies and
 * is at war with every nation of the other side, and they with it. A minor's diplomatic position becomes that
 * side's camp. Emits 'joined-side'.
 */
export function joinSide(state: GreatWarState, ctx: PhaseContext, nation: string, side: 'allied' | 'central', cause: JoinCause): boolean {
  const r = record(state, nation);
  if (!r || r.side === side) return false;
  if (!mayJoinSide(state, nation, ctx.turn)) return false; // GW-ALLY-08 and the bar after a forced peace (GW-P01-DIP-07)
  const from = r.side;
  r.side = side;
  const minor = minorOf(state, nation);
  if (minor) minor.diplomacy = side === 'allied' ? 'allied-camp' : 'central-camp';
  ctx.emit({ type: 'joined-side', nation, side, from, cause });
  for (const friend of membersOf(state, side)) if (friend !== nation) makePeace(state, ctx, nation, friend, 'allies');
  for (const enemy of membersOf(state, opposingSide(side)!)) declareWar(state, ctx, nation, enemy, 'joined');
  declarationsOnJoin(state, ctx, nation, side, cause);
  usaOnJoin(state, ctx, nation, side, cause);
  ottomanOnJoin(state, ctx, nation, side, cause);
  italyOnJoin(state, ctx, nation, side, cause);
  spainOnJoin(state, ctx, nation, side, cause);
  return true;
}

/**
 * The US Entry events (GW-USENTRY): the number is the rule book's (the second event 9 is '9b', A26); 'roll' is the
 * end-of-turn economic roll (event 21); 'option' a US or national option that moves opinion by its own text.
 */
export type UsEntryEvent = `event-${number}` | 'event-9b' | 'option' | 'gift' | 'congress';

/** Move US public opinion by `delta` points (GW-NEUT-USA-07). Emits 'us-entry'. */
export function shiftUsEntry(state: GreatWarState, ctx: PhaseContext, delta: number, event: UsEntryEvent, reason: string): void {
  if (delta === 0) return;
  const before = state.politics.usEntry;
  const after = usEntryWithin(state, before + delta); // the track's ends, and no move once the USA is in the war (D-USA-2)
  if (after === before) return;
  state.politics.usEntry = after;
  ctx.emit({ type: 'us-entry', event, change: after - before, from: before, usEntry: state.politics.usEntry, reason });
  usaOnShift(state);
}

/**
 * A nation that appears during the war and is run by the software (the Irish rebels, mutineers: gap G19): a neutral
 * minor nobody may influence, added to `state.minors` once and returned; `laterId` names its scenario entry
 * (`laterNations`), whose name and abbreviation it takes unless `name` and `abbreviation` are given.
 */
export function laterMinor(state: GreatWarState, id: string, laterId: string, how: { name?: string; abbreviation?: string; productionPercent: number }): MinorState {
  const existing = minorOf(state, id);
  if (existing) return existing;
  const later = scenarioData(state.scenario).laterNations.find((n) => n.id === laterId);
  const minor: MinorState = {
    id,
    name: how.name ?? later?.name ?? id,
    abbreviation: how.abbreviation ?? later?.abbreviation ?? id.slice(0, 3).toUpperCase(),
    side: 'neutral',
    diplomacy: 'neutral',
    hardToInfluence: true,
    controller: 'moderator',
    atWarWith: [],
    treasury: 0,
    productionPercent: how.productionPercent,
  };
  state.minors.push(minor);
  return minor;
}

/** The invariants of the shared record. */
export function politicsInvariants(state: GreatWarState): string[] {
  const p = state.politics as Partial<PoliticsState> | undefined;
  if (!p) return ['the state has no record of the politics of the war'];
  return Number.isInteger(p.usEntry) ? [] : [`US Entry is ${String(p.usEntry)}; a whole number`];
}
