import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';
import type { WarChange, JoinCause } from './politics.js';

/** The United States: the US Entry track and its events, the end-of-turn economic roll, gearing up, congress, gifts, media campaigns, influence, entry into the war (GW-NEUT-USA, GW-USENTRY, GW-USOPT). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type UsaState = {};

export function openingUsa(): UsaState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const usaSpecs: readonly OrderSpec[] = [];
export type UsaOrder = never;

export function usaOnWar(_state: GreatWarState, _ctx: PhaseContext, _change: WarChange): void {
  return;
}

export function usaOnJoin(_state: GreatWarState, _ctx: PhaseContext, _nation: string, _side: 'allied' | 'central', _cause: JoinCause): void {
  return;
}

export function resolveUnitedStates(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveUsEntryRoll(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeUsaEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function usaInvariants(_state: GreatWarState): string[] {
  return [];
}

export function usaSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
