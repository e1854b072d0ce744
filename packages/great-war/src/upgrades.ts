import type { GameEvent, PhaseContext, ReportSection, SeatId } from '@umpire/engine';
import type { GreatWarState } from './nations.js';
import type { GreatWarOrders, OrderSpec } from './order-language.js';

/** Phase 2: paying to upgrade the units already in play to a new advance (GW-P02-TECH-04..07). */

/** This part's record in `state.politics`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type UpgradesState = {};

export function openingUpgrades(): UpgradesState {
  return {};
}

/** The order kinds of this part, in phase order. */
export const upgradeSpecs: readonly OrderSpec[] = [];
export type UpgradeOrder = never;

export function resolveUpgrades(_state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, _ctx: PhaseContext): GreatWarState | void {
  return;
}

export function describeUpgradesEvent(_event: GameEvent): string | undefined {
  return undefined;
}

export function upgradesInvariants(_state: GreatWarState): string[] {
  return [];
}

export function upgradesSections(_state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  return [];
}
