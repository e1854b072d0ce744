import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';
import type { JoinCause } from './politics.js';

/** Italy while neutral: its leaning, the sway attempts, its entry, the Paris trigger (GW-NEUT-ITA). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type ItalyState = {};

export function openingItaly(): ItalyState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const italySpecs: readonly OrderSpec[] = [];
export type ItalyOrder = never;

export function italyOnJoin(_state: GreatWarState, _ctx: PhaseContext, _nation: string, _side: 'allied' | 'central', _cause: JoinCause): void {
  return;
}

export function resolveItaly(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveItalyEnd(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeItalyEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function italyInvariants(_state: GreatWarState): string[] {
  return [];
}

export function italySections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
