import {
  hexesWithin,
  jsonPath,
  ordersOf,
  unknownFieldProblems,
  type Ledger,
  type OrderList,
  type OrdersContext,
  type PhaseContext,
  type Problem,
} from '@umpire/engine';
import { hexBoard, ruleNumbers, terrainData } from '../data/files.js';
import { hexFacts, hexLabel } from '../base/hexes.js';
import { fortressOwner, fortressStands, occupancy } from '../base/positions.js';
import { otherSide, type Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo, unitLabel } from '../base/units.js';
import type { SeatPlayer } from '../orders/player.js';
import { no, type Spec } from '../orders/specs.js';
import { checkHexField, checkListField, checkUnitField, readHex, readUnitList, splitOn } from '../orders/words.js';
import { destroyFortress, FORTRESS, loseStep } from '../combat/losses.js';
import { lossOptionsKeepingDover } from '../england/tunnel-guard.js';
import { piecesIn } from '../base/pieces.js';
import { frontBusterIn } from '../combat/attackers.js';

/**
 * Clauses: VV-ART-01, VV-ART-02, VV-ART-03, VV-ART-04, VV-ART-05, VV-ART-06, VV-ART-07, VV-ART-08, VV-ART-09, VV-ART-10,
 * VV-ART-11, VV-ART-12, VV-ART-13, VV-ART-14, VV-ART-15, VV-ART-16, VV-ART-17, VV-ART-18, VV-ART-19, VV-ART-20, VV-ART-21,
 * VV-ART-22, VV-ART-23, VV-SEQ-08, VV-SEQ-16, VV-TANK-13, VV-AFB-05, VV-AFB-06.
 * Monstrous Artilleries. `bombard <hex> with <HQs>`: in his own Bombard Phase, just before his Combat Phase, the phasing
 * player's HQs with a gun fire at an enemy-held hex within range (the HQ's second number, VB-MAP-12). An HQ rolls as
 * many dice as its first number; each die whose roll, +1 when the target hex is not clear or flood plain (a town, city
 * or fortress is not clear) and +1 when no friendly ground unit stands next to it, is at most the kill number kills a
 * step. The orders are all given with the turn, so every bombard is declared before any die is rolled; they are
 * resolved in the order given, each HQ firing once a phase, several HQs at one hex adding their hits. The owner takes
 * the steps: his ground combat units first, then the fortress step, the HQs last; hits beyond the steps are wasted.
 * Zeppelins, Ether Flyers and the Armored Front Buster are never hit. A hex the bombardment left with no enemy ground
 * unit and no standing fortress may not be attacked, nor advanced into, in that Combat Phase.
 */

export type BombardOrder = { kind: 'bombard'; target: string; hqs: string[] };

const EXPECTED = "expected 'bombard <hex> with <HQs>', as in 'bombard W7911 with de-a1'";

const ownTurn = (ctx: OrdersContext<VernianState>, player: SeatPlayer) =>
  ctx.step.segment === (player.side === 'germany' ? 'german' : 'allied');

const bombardsIn = (ledger: Ledger): BombardOrder[] =>
  ledger.admitted.filter((o) => o.kind === 'bombard').map((o) => o as unknown as BombardOrder);

/**
 * Whether a hex holds something a bombard may aim at: enemy ground units, the enemy's Armored Front Buster (which
 * ignores the hits, VV-AFB-05, VV-AFB-06, and keeps its hex from being cleared, D-AMB-68) or a standing enemy fortress.
 */
export function bombardable(state: VernianState, side: Side, hex: string, occ = occupancy(state)): boolean {
  if ((occ.get(hex) ?? []).some((id) => unitInfo(id).side !== side)) return true;
  if (frontBusterIn(state, side, hex)) return true;
  return fortressStands(state, hex) && fortressOwner(hex) !== side;
}

/** Why an HQ may not fire at a hex now, or undefined (VV-ART-05 to VV-ART-09). */
export function gunProblem(state: VernianState, side: Side, hq: string, target: string): string | undefined {
  const u = unitInfo(hq);
  if (u.side !== side || !u.hq) return `${u.name} is not one of your HQs: only HQs bombard (VV-ART-03)`;
  const at = state.units[hq]!.at;
  if (!isOnMap(at)) return `${u.name} is not on the map`;
  if (!u.type.guns) return `${u.name} has no gun: a 0-${u.type.kill ?? 0} HQ never bombards (VV-ART-07)`;
  const range = u.type.kill ?? 0;
  if (!hexesWithin(hexBoard(), at, range).has(target))
    return `${hexLabel(target)} is beyond the range of ${u.name}, ${range} hexes (VV-ART-09)`;
  return undefined;
}

/** The modifier of every bombard die at a hex (VV-ART-17 to VV-ART-19): +1 for cover, +1 with no spotter next to it. */
export function bombardModifier(state: VernianState, side: Side, target: string, occ = occupancy(state)): { total: number; why: string[] } {
  const t = terrainData();
  const h = hexFacts(target);
  const why: string[] = [];
  const built = h?.city ? 'city' : h?.town ? 'town' : undefined;
  const clear =
    (t.terrain[h?.terrain ?? '']?.bombardClear ?? false) &&
    (!built || (t.features[built]?.bombardClear ?? false)) &&
    !(h && h.fortress > 0 && !(t.features['fortress']?.bombardClear ?? false));
  if (!clear) why.push('cover');
  const spotted = hexBoard()
    .neighbours(target)
    .some((c) => (occ.get(c.to) ?? []).some((id) => unitInfo(id).side === side));
  if (!spotted) why.push('no spotter');
  return { total: why.length, why };
}

export const bombardSpec: Spec<BombardOrder> = {
  kind: 'bombard',
  words: ['bombard'],
  example: 'bombard W7911 with de-a1',
  parseText(rest, at) {
    const split = splitOn(rest, 'with', at.column);
    if (!split || split[0].trim() === '' || split[1].trim() === '')
      return [{ code: 'bad-order', message: EXPECTED, line: at.line, column: at.column }];
    const target = readHex(split[0], { line: at.line, column: at.column });
    const hqs = readUnitList(split[1], { line: at.line, column: split[2] });
    const problems = [
      ...(typeof target === 'string' ? [] : [target]),
      ...(hqs.length && typeof hqs[0] === 'object' ? (hqs as Problem[]) : []),
    ];
    return problems.length ? problems : { kind: 'bombard', target: target as string, hqs: hqs as string[] };
  },
  checkJson(item, path) {
    const at = (f: string) => jsonPath([...path, f]);
    const problems: Problem[] = unknownFieldProblems(item, path, ['kind', 'target', 'hqs'], 'a bombard order');
    const target = checkHexField(item['target'], at('target'));
    if (typeof target !== 'string') problems.push(target);
    const hqs: string[] = [];
    if (!Array.isArray(item['hqs']) || item['hqs'].length === 0)
      problems.push({ code: 'bad-field', message: 'hqs: a list of the firing HQs, such as ["de-a1"]', path: at('hqs') });
    else checkListField(item['hqs'], at('hqs'), checkUnitField, hqs, problems);
    return problems.length ? problems : { kind: 'bombard', target: target as string, hqs };
  },
  format: (o) => `bombard ${o.target} with ${o.hqs.join(', ')}`,
  refusal(order, ledger, ctx, player) {
    if (!ownTurn(ctx, player))
      return no('not-now', "Monstrous Artilleries fire only in their owner's player-turn, in his Bombard Phase (VV-ART-10)");
    const state = ctx.state;
    if (!bombardable(state, player.side, order.target))
      return no('no-target', `${hexLabel(order.target)} holds no enemy ground unit and no enemy fortress to bombard`, 'target');
    const fired = new Set(bombardsIn(ledger).flatMap((o) => o.hqs));
    for (const [i, hq] of order.hqs.entries()) {
      if (fired.has(hq) || order.hqs.indexOf(hq) !== i)
        return no('fires-twice', `${unitInfo(hq).name} fires once a Bombard Phase (AMB-23)`, 'hqs');
      const why = gunProblem(state, player.side, hq, order.target);
      if (why) return no('bad-gun', why, 'hqs');
    }
    return undefined;
  },
  cost: () => 0,
  candidates: (ledger, ctx, player) => {
    if (!ownTurn(ctx, player)) return [];
    const state = ctx.state;
    const fired = new Set(bombardsIn(ledger).flatMap((o) => o.hqs));
    const occ = occupancy(state);
    const out: BombardOrder[] = [];
    for (const hq of Object.keys(state.units).sort()) {
      const u = unitInfo(hq);
      if (!u.hq || u.side !== player.side || !u.type.guns || fired.has(hq) || !isOnMap(state.units[hq]!.at)) continue;
      const targets = [...hexesWithin(hexBoard(), state.units[hq]!.at, u.type.kill ?? 0).keys()].filter((h) =>
        bombardable(state, player.side, h, occ),
      );
      if (targets.length) out.push({ kind: 'bombard', target: targets[0]!, hqs: [hq] });
    }
    return out.slice(0, 10);
  },
};

/** The Bombard Phase of a side (VV-ART-04, VV-ART-11 to VV-ART-15): every bombard order in the order given. */
export const bombardPhase =
  (side: Side) =>
  (state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void => {
    const cleared: string[] = [];
    // The hexes whose Tank already ignored a hit this phase (VV-TANK-13: the first hit a hex, AMB-51).
    const absorbed = new Set<string>();
    const { die } = ruleNumbers().artillery;
    for (const order of ordersOf<BombardOrder>(orders.get(side), 'bombard')) {
      const occ = occupancy(state);
      if (!bombardable(state, side, order.target, occ)) {
        ctx.emit({ type: 'bombard-cancelled', target: order.target, why: 'nothing left to hit' });
        continue;
      }
      const mod = bombardModifier(state, side, order.target, occ);
      let hits = 0;
      const fire: { hq: string; rolls: number[] }[] = [];
      for (const hq of order.hqs) {
        if (gunProblem(state, side, hq, order.target)) continue;
        const u = unitInfo(hq);
        const rolls = Array.from({ length: u.type.guns ?? 0 }, () => ctx.roll(die, `bombard of ${hexLabel(order.target)} by ${u.name}`));
        hits += rolls.filter((r) => r + mod.total <= (u.type.kill ?? 0)).length;
        fire.push({ hq, rolls });
      }
      ctx.emit({ type: 'bombard', side, target: order.target, fire, modifier: mod.total, why: mod.why, hits });
      let taken = hits;
      const tank = piecesIn(state, order.target, 'tank', otherSide(side))[0];
      if (taken > 0 && tank && !absorbed.has(order.target)) {
        absorbed.add(order.target);
        taken -= 1;
        ctx.emit({ type: 'tank-absorbs', piece: tank, hex: order.target });
      }
      takeBombardHits(state, ctx, order.target, otherSide(side), taken);
      if (!bombardable(state, side, order.target)) cleared.push(order.target);
    }
    state.bombarded = [...new Set(cleared)].sort();
  };

/**
 * The owner takes a bombard's hits, one step at a time: combat units, then the fortress step, the HQs last (VV-ART-12,
 * VV-ART-14, VV-ART-21).
 */
function takeBombardHits(state: VernianState, ctx: PhaseContext, hex: string, owner: Side, hits: number): void {
  for (let k = 1; k <= hits; k++) {
    const here = Object.keys(state.units)
      .filter((id) => state.units[id]!.at === hex && unitInfo(id).side === owner)
      .sort();
    // The last German infantry in Dover is taken only when nothing else is left to take (D-AMB-17).
    const combat = lossOptionsKeepingDover(
      state,
      owner,
      here.filter((id) => unitInfo(id).combat),
    );
    const fortress = fortressStands(state, hex) && fortressOwner(hex) === owner;
    const options = combat.length ? combat : fortress ? [FORTRESS] : here.filter((id) => unitInfo(id).hq);
    if (!options.length) {
      ctx.emit({ type: 'hits-wasted', hex, hits: hits - k + 1 });
      return;
    }
    // Unanswered: the unit with the most steps (a flip before an elimination), then the lowest id.
    const fallback = [...options].sort((a, b) => (state.units[b]?.steps ?? 0) - (state.units[a]?.steps ?? 0) || (a < b ? -1 : 1))[0]!;
    const pick =
      options.length === 1
        ? options[0]!
        : ctx.decide<string>({
            id: `${ctx.step.id}.bombard.${hex}.${k}`,
            seat: owner,
            kind: 'bombard-loss',
            prompt: `${hexLabel(hex)} is bombarded: which unit loses step ${k} of ${hits}?`,
            options,
            default: fallback,
          });
    const chosen = options.includes(pick) ? pick : fallback;
    if (chosen === FORTRESS) destroyFortress(state, ctx, hex, 'bombard');
    else loseStep(state, ctx, chosen, 'bombard');
  }
}

/** Whether a hex was cleared by this phase's bombardment, so it may not be attacked or entered by an advance (VV-ART-15, VV-ART-16). */
export const clearedByBombard = (state: VernianState, hex: string): boolean => state.bombarded.includes(hex);

/** The units of a bombard order as reports name them. */
export const firingLabel = (o: BombardOrder): string => o.hqs.map(unitLabel).join(', ');
