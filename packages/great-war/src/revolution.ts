import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';

/** The Russian Revolution and the Bolsheviks (GW-P15-REV, GW-ALLY-09). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type RevolutionState = {};

export function openingRevolution(): RevolutionState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const revolutionSpecs: readonly OrderSpec[] = [];
export type RevolutionOrder = never;

export function resolveRevolution(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeRevolutionEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function revolutionInvariants(_state: GreatWarState): string[] {
  return [];
}

export function revolutionSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
