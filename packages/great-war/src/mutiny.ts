import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';

/** Mutinies after over-limit infantry (GW-P15-MUTINY, GW-MANP-03). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type MutinyState = {};

export function openingMutiny(): MutinyState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const mutinySpecs: readonly OrderSpec[] = [];
export type MutinyOrder = never;

export function resolveMutinies(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeMutinyEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function mutinyInvariants(_state: GreatWarState): string[] {
  return [];
}

export function mutinySections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
