import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';
import type { WarChange } from './politics.js';

/** Japan: gearing up, its war options and income steps, the limited war with Russia, the solo victory measure (GW-NEUT-JAP). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type JapanState = {};

export function openingJapan(): JapanState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const japanSpecs: readonly OrderSpec[] = [];
export type JapanOrder = never;

export function japanOnWar(_state: GreatWarState, _ctx: PhaseContext, _change: WarChange): void {
  return;
}

export function resolveJapan(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveJapanEnd(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeJapanEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function japanInvariants(_state: GreatWarState): string[] {
  return [];
}

export function japanSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
