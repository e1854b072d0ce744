import type { GameEvent, PhaseContext, ReportSection } from '@umpire/engine';
import { politicalName } from '../base/names.js';
import { sideOf } from '../base/conquest.js';
import { minorOf, nationOf, type GreatWarState, type MinorState } from '../base/nations.js';
import { adjust, react, type JoinCause, type UsEntryEvent, type WarCause, type WarChange } from '../base/reactions.js';
import { scenarioData } from '../data/load.js';
import type { Side } from '../data/schema.js';

export type { JoinCause, UsEntryEvent, WarCause, WarChange } from '../base/reactions.js';
export type { PoliticsState } from '../base/nations.js';

/**
 * The political half of the war (phase 1, the neutrals, the national options, the special rules of phase 15): the
 * shared record and the three changes every part of it goes through. A war begins with `declareWar`, ends with
 * `makePeace`, a neutral enters the war with `joinSide`, and US public opinion moves with `shiftUsEntry`; each of
 * them emits its event and lets the parts that react to it (US Entry events, China's answer to a Japanese war,
 * the Ottoman triggers, Spain's answer to the US entry...) react, in a fixed order, so that every game replays.
 */

const record = (state: GreatWarState, id: string) => nationOf(state, id) ?? minorOf(state, id);

/** A nation's side, major or minor (conquest.ts `sideOf`). */
export { sideOf as sideOfNation } from '../base/conquest.js';

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
  react(state, ctx, { kind: 'war', ...change });
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
  react(state, ctx, { kind: 'peace', a, b, why });
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
  if (!adjust(state, 'may-join', { nation, turn: ctx.turn }, true)) return false; // GW-ALLY-08 and the bar after a forced peace (GW-P01-DIP-07)
  const from = r.side;
  r.side = side;
  const minor = minorOf(state, nation);
  if (minor) minor.diplomacy = side === 'allied' ? 'allied-camp' : 'central-camp';
  ctx.emit({ type: 'joined-side', nation, side, from, cause });
  for (const friend of membersOf(state, side)) if (friend !== nation) makePeace(state, ctx, nation, friend, 'allies');
  for (const enemy of membersOf(state, opposingSide(side)!)) declareWar(state, ctx, nation, enemy, 'joined');
  react(state, ctx, { kind: 'join', nation, side, cause });
  return true;
}

/** Move US public opinion by `delta` points (GW-NEUT-USA-07). Emits 'us-entry'. */
export function shiftUsEntry(state: GreatWarState, ctx: PhaseContext, delta: number, event: UsEntryEvent, reason: string): void {
  if (delta === 0) return;
  const before = state.politics.usEntry;
  const after = adjust(state, 'us-entry-bounds', { wanted: before + delta }, before + delta); // the track's ends, and no move once the USA is in the war (D-USA-2)
  if (after === before) return;
  state.politics.usEntry = after;
  ctx.emit({ type: 'us-entry', event, change: after - before, from: before, usEntry: state.politics.usEntry, reason });
  react(state, ctx, { kind: 'us-entry-moved' });
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
  const p = state.politics as Partial<GreatWarState['politics']> | undefined;
  if (!p) return ['the state has no record of the politics of the war'];
  return Number.isInteger(p.usEntry) ? [] : [`US Entry is ${String(p.usEntry)}; a whole number`];
}

const SIDE_NAMES: Record<string, string> = { allied: 'the Allied Powers', central: 'the Central Powers', neutral: 'neutrality' };

/** The events every part of the politics shares: wars, peace, sides joined, US opinion. */
export function describePoliticsEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'war-declared': {
      const how = event['cause'] === 'undeclared' ? ' by attacking without a declaration' : '';
      return `${politicalName(event['by'])} is at war with ${politicalName(event['on'])}${how}.`;
    }
    case 'peace': {
      const [a, b] = event['nations'] as string[];
      return `${politicalName(a)} and ${politicalName(b)} are at peace (${String(event['why'])}).`;
    }
    case 'joined-side':
      return `${politicalName(event['nation'])} joins ${SIDE_NAMES[String(event['side'])] ?? String(event['side'])}.`;
    case 'us-entry': {
      const change = Number(event['change']);
      return `US Entry ${change > 0 ? '+' : ''}${change} (${String(event['reason'])}): now ${String(event['usEntry'])}.`;
    }
    default:
      return undefined;
  }
}

/** The US Entry track, at the head of the politics in every report. */
export function politicsSections(state: GreatWarState): ReportSection[] {
  return [{ title: 'US Entry', lines: [`US public opinion stands at ${state.politics.usEntry} (+10: the USA may join the Allies; -10: the Central Powers).`] }];
}
