import type { PhaseContext } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';

/**
 * Clauses: VV-CRACK-01, VV-CRACK-02, VV-CRACK-03, VV-CRACK-04, VV-CRACK-05, VV-CRACK-06, VV-CRACK-07.
 * Crack German troops. After a German attack with at least one yellow-striped unit among its attackers, the German
 * player may flip one surviving yellow-striped attacker to its white-on-black side: a Crack Troop, with that side's
 * better attack and movement and the same defence, still one step, with no Stoss advance (VB-UNIT-09, VB-UNIT-10,
 * D-BG-09). In every German attack with a Crack Troop among the attackers, the first German step lost is a Crack
 * Troop's (the first step actually lost, D-AMB-29 / AMB-29). Unanswered, the lowest id is flipped: the flip only helps.
 */

/** Whether a unit is yellow-striped, as its counter type says (VB-UNIT-09); such a counter prints a crack side. */
export const yellowStriped = (unit: string): boolean =>
  unitInfo(unit).type.yellowStripe === true && unitInfo(unit).type.crack !== undefined;

/** The attackers of a German attack that are Crack Troops now. */
export const crackTroops = (state: VernianState, attackers: readonly string[]): string[] =>
  attackers.filter((id) => state.units[id]?.crack === true && isOnMap(state.units[id]!.at));

/**
 * The options of the attacker's k-th step lost (VV-CRACK-07): in a German attack with a Crack Troop among the
 * attackers, the first step lost must be a Crack Troop's.
 */
export function crackLossOptions(
  state: VernianState,
  attackers: readonly string[],
  k: number,
  options: readonly string[],
): readonly string[] {
  if (k !== 1) return options;
  const crack = crackTroops(state, attackers).filter((id) => options.includes(id));
  return crack.length ? crack : options;
}

/** After a German attack that was resolved: one surviving yellow-striped attacker may become a Crack Troop (VV-CRACK-01 to VV-CRACK-03). */
export function makeCrackTroop(state: VernianState, ctx: PhaseContext, target: string, attackers: readonly string[]): void {
  if (!attackers.some(yellowStriped)) return;
  const eligible = attackers.filter((id) => yellowStriped(id) && isOnMap(state.units[id]!.at) && state.units[id]!.crack !== true).sort();
  if (!eligible.length) return;
  const none = 'none';
  const pick = ctx.decide<string>({
    id: `${ctx.step.id}.crack.${target}`,
    seat: 'germany',
    kind: 'crack-troop',
    prompt: `After the attack on ${hexLabel(target)}, which yellow-striped attacker becomes a Crack Troop (VV-CRACK-02)? None: 'none'.`,
    options: [...eligible, none],
    default: eligible[0]!,
  });
  if (pick === none || !eligible.includes(pick)) return;
  state.units[pick]!.crack = true;
  ctx.emit({ type: 'crack-troop', unit: pick, hex: state.units[pick]!.at });
}
