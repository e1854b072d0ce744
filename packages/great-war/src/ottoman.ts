import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';
import type { WarChange, JoinCause } from './politics.js';

/** The Ottoman Empire while neutral: its entry, minor wars, the Arabia/Persia/Bulgaria triggers, the officers' revolt (GW-NEUT-OTT). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type OttomanState = {};

export function openingOttoman(): OttomanState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const ottomanSpecs: readonly OrderSpec[] = [];
export type OttomanOrder = never;

export function ottomanOnWar(_state: GreatWarState, _ctx: PhaseContext, _change: WarChange): void {
  return;
}

export function ottomanOnJoin(_state: GreatWarState, _ctx: PhaseContext, _nation: string, _side: 'allied' | 'central', _cause: JoinCause): void {
  return;
}

export function resolveOttoman(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveOttomanEnd(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeOttomanEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function ottomanInvariants(_state: GreatWarState): string[] {
  return [];
}

export function ottomanSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
