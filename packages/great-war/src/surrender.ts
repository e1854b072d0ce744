import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';

/** Phase 1.3 surrender offers and their terms: reversion, tribute, the bar on new wars (GW-SURR, GW-P01-DIP-19..22). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type SurrenderState = {};

export function openingSurrender(): SurrenderState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const surrenderSpecs: readonly OrderSpec[] = [];
export type SurrenderOrder = never;

export function resolveSurrender(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeSurrenderEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function surrenderInvariants(_state: GreatWarState): string[] {
  return [];
}

export function surrenderSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}

/** Whether a nation has surrendered (GW-SURR) and its surrender still stands: victory (GW-VICTORY-03..05) reads it. */
export function hasSurrendered(_state: GreatWarState, _nation: string): boolean {
  return false;
}
