import type { PhaseContext } from '@umpire/engine';
import { occupancy, takeControl } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { fits } from '../arrivals/setup-rules.js';
import { defended } from './attackers.js';
import { emptiesDover, TUNNEL_KEEPER } from '../england/tunnel-guard.js';

/**
 * Clauses: VB-ADV-01, VB-ADV-02, VB-ADV-03, VB-ADV-04, VB-ADV-05, VB-ADV-06, VB-ADV-07, VB-ADV-08, VB-CTRL-02, VB-HQ-06,
 * VB-STACK-03, VB-STACK-04, VB-FORT-08, VV-CRACK-04, VV-TUN-02, VV-TUN-03.
 * Advance after combat. When a combat leaves the defending hex with no enemy ground combat unit and no standing
 * enemy fortress, the attacking units that took part and survived may advance into it, one hex only, whatever the
 * zones of control and the terrain, as long as the hex stays within the stacking limit. The attacker decides at once,
 * with his order: the units its `advance` names, in that order, or every surviving attacker for `advance all`; an
 * order that names none advances nobody, since advancing is never compulsory. A unit that advances takes control of
 * the hex and destroys any enemy HQ left there. The defender never advances. Nobody goes a second hex: the Stoss
 * advance is not played (the variant's Crack Troops lack it, VV-CRACK-04, and no other unit has it). A unit that
 * advanced has attacked, so it attacks no more this phase (each unit attacks once, VB-CRT-03). While the Channel tunnel
 * is open, the last German infantry in Dover never advances out of it (D-AMB-17): it stays, and the report says why.
 */

export function advanceAfterCombat(
  state: VernianState,
  ctx: PhaseContext,
  target: string,
  side: Side,
  attackers: readonly string[],
  wanted: readonly string[],
): string[] {
  const occ = occupancy(state);
  if (wanted.length === 0 || defended(state, side, target, occ)) return [];
  const advanced: string[] = [];
  // The units in the defending hex, kept up to date as units advance: nothing else moves meanwhile.
  let here = occ.get(target) ?? [];
  for (const unit of wanted) {
    if (!attackers.includes(unit) || !isOnMap(state.units[unit]!.at)) continue;
    for (const id of here) {
      if (unitInfo(id).side === side || state.units[id]!.at !== target) continue;
      state.units[id]!.at = 'out';
      ctx.emit({ type: 'eliminated', unit: id, hex: target, cause: 'advance' });
    }
    here = here.filter((id) => state.units[id]!.at === target);
    if (side === 'germany' && emptiesDover(state, [unit])) {
      ctx.emit({ type: 'advance-blocked', unit, hex: target, why: TUNNEL_KEEPER });
      continue;
    }
    if (!fits(state, unit, target, new Map([[target, here]]))) {
      ctx.emit({ type: 'advance-blocked', unit, hex: target, why: 'the hex would hold more than six steps (VB-STACK-04)' });
      continue;
    }
    const from = state.units[unit]!.at;
    state.units[unit]!.at = target;
    here = [...here, unit].sort();
    takeControl(state, target, side);
    ctx.emit({ type: 'advance', unit, from, to: target });
    advanced.push(unit);
  }
  return advanced;
}
