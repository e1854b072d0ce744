import type { OrderList, PhaseContext } from '@umpire/engine';
import { hexBoard, ruleNumbers } from '../data/files.js';
import { fortressHexes, hexLabel } from '../base/hexes.js';
import { fortressOwner, fortressStands, occupancy } from '../base/positions.js';
import { otherSide, sideName, type Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { printedFactors, unitInfo } from '../base/units.js';
import { supplyPicture } from './supply.js';

/**
 * Clauses: VV-SUP-14, VV-SUP-18, VV-SUP-19, VV-SUP-20, VB-ATTR-01, VB-ATTR-02, VB-ATTR-03, VB-STEP-01, VB-STEP-05,
 * VB-FORT-10, VB-FORT-11, VB-TURN-08.
 * The Attrition Phase of each player-turn and the Fortress Surrender Phase of the Strategic Turn.
 *
 * Attrition (the variant's, in place of the base game's elimination, VB-ATTR-01): only the phasing player's units are
 * judged (VB-ATTR-02), after his Combat Phase (VB-ATTR-03), their supply judged once as the phase begins. One die is
 * rolled for each hex holding his Out of Supply units (VV-SUP-19); when the roll is at most the number of his combat
 * units and HQs there, the hex loses one step (VV-SUP-20, D-AMB-10), which the owner chooses among its Out of Supply
 * units, an HQ only when no combat unit is left to choose (VB-STEP-05). Units in Defense or Attack Supply never lose a
 * step to it (VV-SUP-14, VV-SUP-18); neither do units in the hex of a standing friendly fortress, whose end is the
 * surrender roll (VB-FORT-11).
 *
 * Fortress surrender (VB-FORT-10): every standing fortress whose hex is not in supply for its owner and that is next
 * to an enemy ground combat unit rolls one die, in hex id order, all judged as the phase begins; on 1 or 2 it is
 * destroyed and every ground unit of its owner in its hex is eliminated.
 */

type PhaseRun = (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext) => void;

/** A step lost (VB-STEP-01): a full two-step unit flips to its reduced side, any other unit is eliminated. */
export function loseStep(state: VernianState, unit: string): 'reduced' | 'eliminated' {
  const s = state.units[unit]!;
  if (s.steps > 1) {
    s.steps -= 1;
    return 'reduced';
  }
  s.at = 'out';
  return 'eliminated';
}

/** The owner's step by default: the unit with the most steps, then the highest defence, then the lowest id. */
export function defaultLoss(state: VernianState, options: readonly string[]): string {
  const defence = (id: string) => {
    const s = state.units[id]!;
    return printedFactors(id, s.steps, s.crack === true).defence;
  };
  return [...options].sort((a, b) => state.units[b]!.steps - state.units[a]!.steps || defence(b) - defence(a) || (a < b ? -1 : 1))[0]!;
}

/** Whether a unit counts among the "units present" of VV-SUP-20: its combat units and HQs (D-AMB-10). */
const counts = (id: string): boolean => unitInfo(id).combat || unitInfo(id).hq;

/** The Attrition Phase of a side (VV-SUP-19, VV-SUP-20). */
export function attrition(side: Side): PhaseRun {
  return (state, _orders, ctx) => {
    const picture = supplyPicture(state, side);
    const occ = occupancy(state);
    const die = ruleNumbers().attrition.die;
    const hexes = [...occ.keys()].sort();
    for (const hex of hexes) {
      const mine = occ.get(hex)!.filter((id) => unitInfo(id).side === side);
      if (!mine.length || picture.stateAt(hex) !== 'out') continue;
      if (fortressStands(state, hex) && fortressOwner(hex) === side) continue;
      const present = mine.filter(counts).length;
      const roll = ctx.roll(die, `attrition: ${sideName(side)} in ${hexLabel(hex)}, ${present} units`);
      if (roll > present) {
        ctx.emit({ type: 'attrition', side, hex, roll, units: present, result: 'none' });
        continue;
      }
      const combat = mine.filter((id) => unitInfo(id).combat);
      const options = combat.length ? combat : mine.filter((id) => unitInfo(id).hq);
      if (!options.length) continue;
      const unit = ctx.decide<string>({
        id: `attrition.${side}.${hex}`,
        seat: side,
        kind: 'attrition-loss',
        prompt: `Attrition in ${hexLabel(hex)} (roll ${roll}, ${present} units): which unit loses a step?`,
        options,
        default: defaultLoss(state, options),
      });
      const result = loseStep(state, unit);
      ctx.emit({ type: 'attrition', side, hex, roll, units: present, unit, result });
    }
  };
}

/** Whether a ground combat unit of a side stands next to a hex (across a hexside, not the link). */
function enemyNextTo(hex: string, enemy: Side, occ: Map<string, string[]>): boolean {
  return hexBoard()
    .neighbours(hex)
    .some((c) => c.link === undefined && (occ.get(c.to) ?? []).some((id) => unitInfo(id).combat && unitInfo(id).side === enemy));
}

/** The Fortress Surrender Phase (VB-FORT-10, VB-TURN-08). */
export const fortressSurrender: PhaseRun = (state, _orders, ctx) => {
  const occ = occupancy(state);
  const { die } = ruleNumbers().attrition;
  const { surrender } = ruleNumbers().fortresses;
  const pictures = new Map<Side, ReturnType<typeof supplyPicture>>();
  const pictureOf = (side: Side) => pictures.get(side) ?? pictures.set(side, supplyPicture(state, side)).get(side)!;
  const rolling = fortressHexes().filter((hex) => {
    const owner = fortressOwner(hex);
    return owner && fortressStands(state, hex) && !pictureOf(owner).attackAt(hex) && enemyNextTo(hex, otherSide(owner), occ);
  });
  for (const hex of rolling) {
    const owner = fortressOwner(hex)!;
    const roll = ctx.roll(die, `fortress surrender: ${hexLabel(hex)}`);
    if (roll > surrender) {
      ctx.emit({ type: 'fortress-surrender', hex, owner, roll, surrendered: false });
      continue;
    }
    state.fortsLost = [...state.fortsLost, hex].sort();
    const eliminated = (occ.get(hex) ?? []).filter((id) => unitInfo(id).side === owner);
    for (const id of eliminated) state.units[id]!.at = 'out';
    ctx.emit({ type: 'fortress-surrender', hex, owner, roll, surrendered: true, eliminated });
  }
};
