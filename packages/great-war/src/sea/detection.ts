import type { UnitSelection } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { unitTable } from '../data/load.js';
import { unitOrder } from '../base/counting.js';
import { atWar, type GreatWarState, type SeaTurn } from '../base/nations.js';

/**
 * What submarine detection and interception share with the air patrols (GW-P05-SUBDET, GW-P06-SUBINT): the hunt
 * order, the detection table, enemy submarines in a zone, who may be intercepted, a task force's record.
 */

/** A hunt by ships in their zone, or by aircraft flying `from` a territory into it (D-NAV-30). */
export type HuntOrder = { kind: 'hunt'; nation?: string; from?: string; at: string; units: UnitSelection };

// ---------------------------------------------------------------------------------------------------------------
// The rules.

/** A ship type's detection value in the unit table; null: it may not hunt submarines (transports, gap G14). */
export function tableDetection(type: string): number | null {
  return unitTable().byId.get(type as never)?.detection ?? null;
}

/** The submarines in a sea zone of nations at war with `nation` (GW-P05-SUBDET-01). */
export function enemySubmarinesIn(state: GreatWarState, zone: string, nation: string): BoardUnit[] {
  return state.board.units.filter((u) => u.at === zone && u.type === 'submarine' && atWar(state, nation, u.nation)).sort(unitOrder);
}

/**
 * Whether submarines in `zone` may intercept a task force (GW-P06-SUBINT-02..04): it moves into or out of the zone
 * (or through it), or it is a transport task force that ends its sailing there to offload troops.
 */
export function mayBeIntercepted(force: Pick<TaskForceRecord, 'from' | 'to' | 'path' | 'task'>, zone: string, landing = false): boolean {
  const moving = force.from !== force.to && force.path.includes(zone);
  // A transport task force that stays where it is may be taken only while it lands troops (D-NAV-28): loading is no offloading.
  const offloading = force.task === 'transport' && force.to === zone && (force.from !== force.to || landing);
  return moving || offloading;
}

export type TaskForceRecord = SeaTurn['taskForces'][number];
