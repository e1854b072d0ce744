import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';
import type { WarChange, JoinCause } from './politics.js';

/** Phase 1.1 declarations of war (the undeclared attack, the forced peace) and 1.2 diplomatic influence on the five-step chart; minors joining a side (GW-P01-DIP, GW-P14-RES-06, GW-ALLY-08..10, GW-TERR-21). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type DiplomacyState = {};

export function openingDiplomacy(): DiplomacyState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const diplomacySpecs: readonly OrderSpec[] = [];
export type DiplomacyOrder = never;

export function declarationsOnWar(_state: GreatWarState, _ctx: PhaseContext, _change: WarChange): void {
  return;
}

export function declarationsOnPeace(_state: GreatWarState, _ctx: PhaseContext, _a: string, _b: string, _why: string): void {
  return;
}

export function declarationsOnJoin(_state: GreatWarState, _ctx: PhaseContext, _nation: string, _side: 'allied' | 'central', _cause: JoinCause): void {
  return;
}

export function resolveDeclarations(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveInfluence(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function resolveDiplomacyEnd(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeDiplomacyEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function diplomacyInvariants(_state: GreatWarState): string[] {
  return [];
}

export function diplomacySections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
