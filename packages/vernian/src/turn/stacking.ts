import type { PhaseContext } from '@umpire/engine';
import { ruleNumbers } from '../data/files.js';
import { occupancy, stackingSteps } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { pieceStackingByHex } from '../base/pieces.js';
import { unitInfo } from '../base/units.js';
import { loseStep } from '../combat/losses.js';

/**
 * Clauses: VB-STACK-03, VB-STACK-05.
 * The stacking check at the end of a phase: moves, retreats, advances and placements that would overstack are refused
 * on their own, so a hex over the limit here is one a rule put there all the same (a piece arriving by the variant's
 * rules). Its owner then loses steps of his choice there until it is within the limit, a second HQ counting as one step.
 * A unit on the map never gains a step, so an arrangement of units and pieces found within the limit stays within it
 * until something moves: the check after a phase that moved nothing (most of them) reads only that.
 */
export function enforceStacking(state: VernianState, ctx: PhaseContext): void {
  const limit = ruleNumbers().stacking;
  const occ = occupancy(state);
  const pieceSteps = pieceStackingByHex(state);
  const pieces = [...pieceSteps].map(([hex, n]) => `${hex}:${n}`).join(',');
  const key = `${limit.steps}/${limit.hqs}/${pieces}`;
  if (withinLimit.get(occ) === key) return;
  overLimit(state, ctx, occ, pieceSteps, limit);
  // Read again: a step lost to the limit may have eliminated a unit, which makes a new arrangement.
  withinLimit.set(occupancy(state), key);
}

// The arrangements of units (by the occupancy read from them) found within the limit, with the pieces' steps and the limit.
const withinLimit = new WeakMap<object, string>();

function overLimit(
  state: VernianState,
  ctx: PhaseContext,
  occ: Map<string, string[]>,
  pieceSteps: ReadonlyMap<string, number>,
  limit: { readonly steps: number; readonly hqs: number },
): void {
  for (const [hex, ids] of occ) {
    let n = 0;
    for (;;) {
      // The units still here: a step lost to the limit may have eliminated one.
      const now = n === 0 ? occ : new Map([[hex, ids.filter((id) => state.units[id]!.at === hex)]]);
      const { steps, hqs } = stackingSteps(state, hex, now, pieceSteps);
      if (steps <= limit.steps && hqs <= limit.hqs) break;
      const here = ids.filter((id) => isOnMap(state.units[id]!.at) && state.units[id]!.at === hex);
      const options = hqs > limit.hqs ? here.filter((id) => unitInfo(id).hq) : here.filter((id) => !unitInfo(id).hq);
      if (!options.length) break;
      // Default: the weakest step first (a reduced or one-step unit before a full one), then the id.
      const fallback = [...options].sort((a, b) => state.units[a]!.steps - state.units[b]!.steps || (a < b ? -1 : 1))[0]!;
      n += 1;
      const pick = ctx.decide({
        id: `${ctx.step.id}.overstack.${hex}.${n}`,
        seat: unitInfo(options[0]!).side,
        kind: 'overstack-loss',
        prompt: `${hex} holds ${steps} steps and ${hqs} HQs, over six steps and one HQ (VB-STACK-05): which unit loses a step?`,
        options,
        default: fallback,
      });
      loseStep(state, ctx, options.includes(pick) ? pick : fallback, 'overstack');
    }
  }
}
