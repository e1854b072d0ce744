import type { PhaseContext } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { fortressStands } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { printedFactors, unitInfo } from '../base/units.js';
import { attackFactor, defenceFactor, type SupplyJudge } from './strength.js';
import { lossOptionsKeepingDover } from '../england/tunnel-guard.js';

/**
 * Clauses: VB-STEP-01, VB-STEP-02, VB-STEP-03, VB-STEP-04, VB-STEP-05, VB-STEP-06, VB-FORT-02, VB-FORT-03, VB-FORT-04,
 * VB-FORT-09, VB-HQ-07, VV-SUP-02, VV-TUN-02, VV-TUN-03.
 * Step losses. A full two-step unit that loses a step flips to its reduced side; a reduced or one-step unit is
 * eliminated and leaves the game. The owner chooses, one step at a time: the attacker among the units that took part,
 * the defender among the ground combat units in the defending hex, and only when none of their steps is left, the
 * hex's fortress step, which destroys the fortress for good. An HQ never loses its step to a combat result; other
 * rules' losses (bombardment, attrition) take it last, after the fortress step. Losses beyond the steps that may take
 * them are ignored. Unanswered, each choice takes the step that costs the least
 * of the factor the unit fights with in this combat (attack for the attacker, defence for the defender), a flip
 * before an elimination, then the lowest unit id. While the Channel tunnel is open, the German player keeps the last
 * German infantry in Dover when another choice exists (D-AMB-17): the choices that would eliminate it are not offered.
 */

/** Where a step loss came from, for the report (the variant's bombardment and attrition take steps by these rules too). */
export type LossCause = 'combat' | 'retreat' | 'bombard' | 'attrition' | 'overstack';

/** One step lost by a unit (VB-STEP-01): a flip, or its elimination (VB-STEP-06). */
export function loseStep(state: VernianState, ctx: PhaseContext, unit: string, cause: LossCause): void {
  const s = state.units[unit]!;
  const hex = s.at;
  if (s.steps >= 2) {
    s.steps -= 1;
    ctx.emit({ type: 'step-lost', unit, hex, steps: s.steps, cause });
    return;
  }
  s.at = 'out';
  ctx.emit({ type: 'eliminated', unit, hex, cause });
}

/** A standing fortress's step lost (VB-FORT-04, VB-FORT-09): the fortress is destroyed for the rest of the game. */
export function destroyFortress(state: VernianState, ctx: Pick<PhaseContext, 'emit'>, hex: string, cause: string): void {
  if (!fortressStands(state, hex)) return;
  state.fortsLost = [...state.fortsLost, hex].sort();
  ctx.emit({ type: 'fortress-destroyed', hex, cause });
}

/** What a unit's next step costs the side in the factor it fights with, for the default choice. */
function costOf(state: VernianState, unit: string, role: 'attacker' | 'defender', supply: SupplyJudge): number {
  const s = state.units[unit]!;
  const which = role === 'attacker' ? 'attack' : 'defence';
  const now = role === 'attacker' ? attackFactor(state, unit, supply) : defenceFactor(state, unit, supply);
  if (s.steps < 2) return now;
  const printedNow = printedFactors(unit, s.steps, s.crack === true)[which];
  const after = printedFactors(unit, s.steps - 1, s.crack === true)[which];
  return printedNow > 0 ? (now * (printedNow - after)) / printedNow : 0;
}

/** The default step to lose: the cheapest, a flip before an elimination, the lowest id. */
function cheapest(state: VernianState, units: readonly string[], role: 'attacker' | 'defender', supply: SupplyJudge): string {
  const ranked = [...units].sort(
    (a, b) =>
      costOf(state, a, role, supply) - costOf(state, b, role, supply) ||
      (state.units[a]!.steps >= 2 ? 0 : 1) - (state.units[b]!.steps >= 2 ? 0 : 1) ||
      (a < b ? -1 : a > b ? 1 : 0),
  );
  return ranked[0]!;
}

export type LossRequest = {
  /** The defending hex: names the combat in decision ids. */
  readonly battle: string;
  readonly role: 'attacker' | 'defender';
  /** The side that loses the steps and chooses them. */
  readonly seat: Side;
  /** The units that may lose steps: the attackers that took part, or the ground combat units of the defending hex. */
  readonly units: readonly string[];
  /** The defending hex, whose standing fortress step goes after every unit's (the defender only). */
  readonly fortressHex?: string;
  /**
   * HQs that lose their step last, after the fortress: for the losses of other rules (bombardment, attrition,
   * VB-STEP-05). None in combat: a combat result never takes an HQ's step (VB-HQ-07).
   */
  readonly hqs?: readonly string[];
  readonly count: number;
  readonly supply: SupplyJudge;
  /** What names the decisions: `combat.<hex>` unless another rule says. */
  readonly decisionPrefix?: string;
  /** What the report says caused the losses: combat unless another rule says. */
  readonly cause?: LossCause;
  /** Another rule's say in which units may take the k-th step (the variant's Crack Troops go first, VV-CRACK-07). */
  readonly narrow?: (k: number, options: readonly string[]) => readonly string[];
};

/** The fortress option of a defender's loss decision. */
export const FORTRESS = 'fortress';

/** Take a result's step losses, one step at a time, each chosen by the owner (VB-STEP-02 to VB-STEP-04). Returns the steps taken. */
export function takeLosses(state: VernianState, ctx: PhaseContext, r: LossRequest): number {
  let taken = 0;
  for (let k = 1; k <= r.count; k++) {
    const units = lossOptionsKeepingDover(
      state,
      r.seat,
      r.units.filter((id) => isOnMap(state.units[id]!.at) && !unitInfo(id).hq),
    );
    const hqs = (r.hqs ?? []).filter((id) => isOnMap(state.units[id]!.at));
    const fortress = r.fortressHex !== undefined && fortressStands(state, r.fortressHex);
    const options = units.length ? (r.narrow?.(taken + 1, units) ?? units) : fortress ? [FORTRESS] : hqs;
    if (options.length === 0) {
      ctx.emit({ type: 'losses-ignored', hex: r.battle, side: r.seat, steps: r.count - taken });
      break;
    }
    const pick =
      options.length === 1
        ? options[0]!
        : ctx.decide<string>({
            id: `${r.decisionPrefix ?? `combat.${r.battle}`}.${r.role}-loss.${k}`,
            seat: r.seat,
            kind: 'combat-loss',
            prompt: `${hexLabel(r.battle)}: the ${r.role} loses ${r.count} step${r.count > 1 ? 's' : ''}; which unit loses step ${k}?`,
            options,
            default: units.length ? cheapest(state, options, r.role, r.supply) : options[0]!,
          });
    if (pick === FORTRESS) destroyFortress(state, ctx, r.fortressHex!, r.cause ?? 'combat');
    else loseStep(state, ctx, pick, r.cause ?? 'combat');
    taken += 1;
  }
  return taken;
}
