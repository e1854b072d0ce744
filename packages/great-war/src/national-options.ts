import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';

/** The national options of Britain, France, Russia, Germany and Austria-Hungary (GW-OPT-*). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type OptionsState = {};

export function openingOptions(): OptionsState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const optionSpecs: readonly OrderSpec[] = [];
export type OptionOrder = never;

export function resolveNationalOptions(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveOptionsEnd(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeOptionsEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function optionsInvariants(_state: GreatWarState): string[] {
  return [];
}

export function optionsSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
