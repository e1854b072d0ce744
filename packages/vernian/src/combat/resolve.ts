import { ordersOf, rollOnTable, type OrderList, type PhaseContext } from '@umpire/engine';
import { resultsTable } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { otherSide, type Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { supplyAtMoment } from '../supply/supply.js';
import { advanceAfterCombat } from './advance.js';
import { crackLossOptions, makeCrackTroop } from './crack.js';
import type { AttackOrder } from './attack-order.js';
import { takeLosses } from './losses.js';
import { assessBattle, battleChances, fmt } from './odds.js';
import { defendingHqs, retreatDefenders } from './retreat.js';
import { judgedOnce, type SupplyJudge } from './strength.js';
import { tanksAdvance, tanksFollowRetreat } from '../tanks/tank-attack.js';
import { tanksLeftAlone } from '../tanks/tanks.js';
import { pieceStateLabel } from '../base/pieces.js';

/**
 * Clauses: VB-CRT-03, VB-CRT-06, VB-CRT-11, VB-CRT-15, VB-CRT-16, VB-CRT-17, VB-CRT-18, VB-CRT-19, VB-DICE-01,
 * VB-DICE-02, VB-DICE-03, VB-TURN-13, VV-SEQ-09, VV-SEQ-17, VV-TANK-15, VV-TANK-16, VV-TANK-17.
 * The Combat Phase: the phasing side's attack orders, one at a time in the order given. Each is judged as it stands
 * when its turn comes: named units that are gone or no longer next to the hex drop out; the combat is cancelled
 * without a roll when the hex holds no defender, when no attacker is left, or when the odds have fallen below 1-3
 * (an attack that may not be made is not made). Otherwise one d6 is rolled on the column and the result applied in
 * order: the defender's step losses, the attacker's (the first ignored when a Tank helps), the defender's retreat, what
 * becomes of the defending HQs and Tanks, then the attacker's advance, a Tank's stack two hexes if the order says.
 */

/** Resolve one attack order (VB-CRT-06, VB-CRT-15 to VB-CRT-18). */
export function resolveAttack(state: VernianState, side: Side, order: AttackOrder, ctx: PhaseContext, given?: SupplyJudge): void {
  const target = order.target;
  // Supply is judged once, as the board stands when this combat is resolved; loss choices read the same states.
  const supply = given ? judgedOnce(given) : supplyAtMoment();
  const assessed = assessBattle(state, side, target, order.units, supply, order.double);
  if (!assessed.ok) {
    ctx.emit({ type: 'combat-cancelled', target, attackers: [...order.units], code: assessed.error.code, why: assessed.error.message });
    return;
  }
  const battle = battleChances(state, assessed.value);
  const table = resultsTable();
  const purpose = `combat on ${hexLabel(target)} at ${battle.column}`;
  const roll = rollOnTable(table, battle.shifted, (sides) => ctx.roll(sides, purpose));
  const s = battle.strengths;
  const rolled = `roll ${roll.roll}: ${roll.notation}`;
  ctx.emit({
    type: 'combat',
    target,
    side,
    attackers: [...battle.attackers],
    ...(battle.dropped.length ? { dropped: battle.dropped.map((d) => ({ unit: d.unit, why: d.why })) } : {}),
    defenders: [...battle.defenders],
    ...(battle.tanks.stacks.length
      ? {
          tanks: battle.tanks.stacks.map((t) => t.piece),
          tankLabels: battle.tanks.stacks.map((t) => pieceStateLabel(t.piece, state.pieces[t.piece]!)),
          doubled: [...battle.doubled],
        }
      : {}),
    ...(battle.tanks.barred ? { tanksBarred: battle.tanks.barred } : {}),
    fortress: s.fortress,
    attack: s.attack,
    defence: s.defence,
    odds: battle.odds.name,
    shifts: battle.shifts.map((x) => ({ source: x.source, columns: x.columns })),
    column: battle.column,
    chances: battle.outcomes.map((o) => ({ result: o.result, chance: `${o.chance.numerator}/${o.chance.denominator}` })),
    roll: roll.roll,
    result: roll.notation,
    summary: `${fmt(s.attack)} to ${fmt(s.defence)} (${battle.odds.name}), shifts ${battle.net}: ${battle.column}, ${rolled}`,
  });
  const enemy = otherSide(side);
  const r = roll.result;
  if (r.defenderSteps > 0)
    takeLosses(state, ctx, {
      battle: target,
      role: 'defender',
      seat: enemy,
      units: battle.defenders,
      fortressHex: target,
      count: r.defenderSteps,
      supply,
    });
  // With a Tank helping, the attacker's first step lost is ignored, once a combat (VV-TANK-15, VV-TANK-16).
  const absorbed = r.attackerSteps > 0 && battle.tanks.stacks.length > 0 ? 1 : 0;
  if (absorbed) ctx.emit({ type: 'tank-absorbs-hit', hex: target, pieces: battle.tanks.stacks.map((t) => t.piece) });
  if (r.attackerSteps - absorbed > 0)
    takeLosses(state, ctx, {
      battle: target,
      role: 'attacker',
      seat: side,
      units: battle.attackers,
      count: r.attackerSteps - absorbed,
      supply,
      ...(side === 'germany'
        ? { narrow: (k: number, options: readonly string[]) => crackLossOptions(state, battle.attackers, k, options) }
        : {}),
    });
  const retreats = r.defenderRetreat > 0 ? retreatDefenders(state, ctx, target, enemy, r.defenderRetreat) : [];
  defendingHqs(state, ctx, target, enemy, retreats);
  // Tanks go with their retreating infantry; a Tank left without infantry is destroyed at once (VV-TANK-06).
  tanksFollowRetreat(state, ctx, target, enemy, retreats);
  tanksLeftAlone(state, ctx);
  const wanted = order.advance === 'all' ? battle.attackers : (order.advance ?? []);
  const advanced = advanceAfterCombat(state, ctx, target, side, battle.attackers, wanted);
  tanksAdvance(state, ctx, side, target, battle.tanks, advanced, order.beyond);
  if (side === 'germany') makeCrackTroop(state, ctx, target, battle.attackers);
}

/** The Combat Phase of a side: its attack orders in the order given (VB-CRT-06, VB-DICE-03). */
export const combatPhase =
  (side: Side, supply?: SupplyJudge) =>
  (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void => {
    for (const order of ordersOf<AttackOrder>(orders.get(side), 'attack')) resolveAttack(state, side, order, ctx, supply);
  };
