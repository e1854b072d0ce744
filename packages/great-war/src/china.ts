import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';
import type { WarChange } from './politics.js';

/** China: its entry chances, gearing up, Lost China and its restrictions, the ceded territories (GW-NEUT-CHN). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type ChinaState = {};

export function openingChina(): ChinaState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const chinaSpecs: readonly OrderSpec[] = [];
export type ChinaOrder = never;

export function chinaOnWar(_state: GreatWarState, _ctx: PhaseContext, _change: WarChange): void {
  return;
}

export function resolveChina(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveChinaEnd(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeChinaEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function chinaInvariants(_state: GreatWarState): string[] {
  return [];
}

export function chinaSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
