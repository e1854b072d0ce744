import type { PhaseContext } from '@umpire/engine';
import { hexFacts } from '../base/hexes.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';

/**
 * Clauses: VV-ENG-01, VV-ENG-02, VB-TURN-10.
 * The England front. No ground unit crosses between the maps (the link is for air units only, VB-MAP-10), so no unit
 * in England leaves it while fighting goes on there. Once no German ground unit is on the England map when a Strategic
 * Turn begins, the Allies may withdraw British ground units from England to their Available Units box in its England
 * Withdrawal Phase (decision D-AMB-15): the units their standing `withdraw` orders name.
 */

/** Whether fighting goes on in England: a German ground unit is on the England map (decision D-AMB-14). */
export function fightingInEngland(state: VernianState): boolean {
  return Object.keys(state.units).some((id) => {
    const at = state.units[id]!.at;
    return isOnMap(at) && hexFacts(at)?.map === 'B' && unitInfo(id).side === 'germany' && !unitInfo(id).hq;
  });
}

/** Why a unit may not be named for withdrawal, or undefined. */
export function withdrawalRefusal(state: VernianState, unit: string): string | undefined {
  const u = unitInfo(unit);
  if (u.nation !== 'britain') return `only British units are withdrawn from England (VV-ENG-02); ${u.name} is not British`;
  const at = state.units[unit]!.at;
  if (!isOnMap(at) || hexFacts(at)?.map !== 'B') return `${u.name} is not in England`;
  return undefined;
}

/** The England Withdrawal Phase: the standing withdrawal orders carried out, when no German is left in England. */
export function englandWithdrawal(state: VernianState, ctx: PhaseContext): void {
  const standing = ctx.standing('allies') as { withdraw?: string[] } | undefined;
  const named = standing?.withdraw ?? [];
  if (!named.length || fightingInEngland(state)) return;
  const gone = named.filter((id) => state.units[id] && withdrawalRefusal(state, id) === undefined);
  for (const id of gone) state.units[id]!.at = 'box';
  if (gone.length) ctx.emit({ type: 'withdrawn', units: gone });
}
