import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';
import type { JoinCause } from './politics.js';

/** The Spanish garrison and Spanish-American relations (GW-P15-SPAIN). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type SpainState = {};

export function openingSpain(): SpainState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const spainSpecs: readonly OrderSpec[] = [];
export type SpainOrder = never;

export function spainOnJoin(_state: GreatWarState, _ctx: PhaseContext, _nation: string, _side: 'allied' | 'central', _cause: JoinCause): void {
  return;
}

export function resolveSpain(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeSpainEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function spainInvariants(_state: GreatWarState): string[] {
  return [];
}

export function spainSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
