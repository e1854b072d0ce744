import { jsonPath, unknownFieldProblems, type Ledger, type OrdersContext, type Problem } from '@umpire/engine';
import { hexBoard } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import type { SeatPlayer } from '../orders/player.js';
import { no, type Spec } from '../orders/specs.js';
import { checkHexField, checkListField, checkUnitField, readHex, readUnitList, splitOn } from '../orders/words.js';
import { attackerProblem, defended } from './attackers.js';
import { assessBattle } from './odds.js';

/**
 * Clauses: VB-CRT-01, VB-CRT-02, VB-CRT-03, VB-CRT-04, VB-CRT-05, VB-CRT-06, VB-CRT-11, VB-ADV-03, VB-ADV-05, VB-ADV-07,
 * VB-TURN-13, VV-SEQ-09, VV-SEQ-17.
 * `attack <hex> with <units> [advance <units> | advance all]`: in his own player-turn the phasing player's ground
 * combat units attack an adjacent enemy-held hex. JSON: `{ "kind": "attack", "target": "W7911", "units": ["de-3"],
 * "advance": ["de-3"] }` (`"advance": "all"` for every surviving attacker). The order is checked against the state
 * after the turn's moves: each unit attacks once and each hex is attacked once a Combat Phase, every unit must be next
 * to the hex (not across an all-sea hexside or the link), the hex must hold enemy ground combat units or a standing
 * enemy fortress, and the odds must be at least 1-3. The advance is the attacker's decision made with the order
 * (VB-ADV-03): the units named advance if the hex is emptied, those not named stay; only attackers may be named.
 * With no `advance` nobody advances: advancing is never compulsory, and a player who wants the hex says so.
 * The attacks are resolved in the order given (combat phase, resolve.ts).
 */

export type AttackOrder = { kind: 'attack'; target: string; units: string[]; advance?: string[] | 'all' };

const EXPECTED = "expected 'attack <hex> with <units> [advance <units> | advance all]', as in 'attack W7911 with de-3, de-4 advance de-3'";

const isProblems = (x: unknown): x is Problem[] => Array.isArray(x) && x.length > 0 && typeof x[0] === 'object';

/** A list of units, or a problem at its place when there is none. */
function unitsAt(text: string, line: number, column: number): string[] | Problem[] {
  if (text.trim() === '') return [{ code: 'no-units', message: 'name at least one unit', line, column }];
  return readUnitList(text, { line, column });
}

const attacksIn = (ledger: Ledger): AttackOrder[] =>
  ledger.admitted.filter((o) => o.kind === 'attack').map((o) => o as unknown as AttackOrder);

const ownTurn = (ctx: OrdersContext<VernianState>, player: SeatPlayer) =>
  ctx.step.segment === (player.side === 'germany' ? 'german' : 'allied');

/** Every attack a side could add: each enemy-held hex with the unused units next to it, best odds first. */
function possibleAttacks(ledger: Ledger, ctx: OrdersContext<VernianState>, player: SeatPlayer): AttackOrder[] {
  if (!ownTurn(ctx, player)) return [];
  const state = ctx.state;
  const earlier = attacksIn(ledger);
  const used = new Set(earlier.flatMap((o) => o.units));
  const attacked = new Set(earlier.map((o) => o.target));
  const occ = occupancy(state);
  const byTarget = new Map<string, string[]>();
  for (const id of Object.keys(state.units).sort()) {
    const at = state.units[id]!.at;
    const u = unitInfo(id);
    if (!isOnMap(at) || used.has(id) || u.side !== player.side || !u.combat) continue;
    for (const step of hexBoard().steps(at)) {
      const target = step.to.id;
      if (attacked.has(target) || !defended(state, player.side, target, occ)) continue;
      if (attackerProblem(state, player.side, id, target)) continue;
      byTarget.set(target, [...(byTarget.get(target) ?? []), id]);
    }
  }
  const ranked: { order: AttackOrder; index: number }[] = [];
  for (const [target, units] of byTarget) {
    const b = assessBattle(state, player.side, target, units);
    if (b.ok) ranked.push({ order: { kind: 'attack', target, units, advance: 'all' }, index: b.value.shifted.index });
  }
  ranked.sort((a, b) => b.index - a.index || (a.order.target < b.order.target ? -1 : 1));
  return ranked.map((r) => r.order);
}

export const attackSpec: Spec<AttackOrder> = {
  kind: 'attack',
  words: ['attack'],
  example: 'attack W7911 with de-3, de-4 advance de-3',
  parseText(rest, at) {
    const withSplit = splitOn(rest, 'with', at.column);
    if (!withSplit || withSplit[0].trim() === '') return [{ code: 'bad-order', message: EXPECTED, line: at.line, column: at.column }];
    const [hexText, after, withColumn] = withSplit;
    const advanceSplit = splitOn(after, 'advance', withColumn);
    const target = readHex(hexText, { line: at.line, column: at.column });
    const units = unitsAt(advanceSplit ? advanceSplit[0] : after, at.line, withColumn);
    let advance: string[] | 'all' | Problem[] | undefined;
    if (advanceSplit) advance = /^all$/i.test(advanceSplit[1]) ? 'all' : unitsAt(advanceSplit[1], at.line, advanceSplit[2]);
    const problems = [
      ...(typeof target === 'string' ? [] : [target]),
      ...(isProblems(units) ? units : []),
      ...(isProblems(advance) ? advance : []),
    ];
    if (problems.length) return problems;
    return {
      kind: 'attack',
      target: target as string,
      units: units as string[],
      ...(advance !== undefined ? { advance: advance as string[] | 'all' } : {}),
    };
  },
  checkJson(item, path) {
    const at = (f: string) => jsonPath([...path, f]);
    const problems: Problem[] = unknownFieldProblems(item, path, ['kind', 'target', 'units', 'advance'], 'an attack order');
    const target = checkHexField(item['target'], at('target'));
    if (typeof target !== 'string') problems.push(target);
    const list = (field: string, value: unknown): string[] => {
      const ids: string[] = [];
      checkListField(value, at(field), checkUnitField, ids, problems);
      return ids;
    };
    if (!Array.isArray(item['units']) || item['units'].length === 0)
      problems.push({ code: 'bad-field', message: 'units: a list of the attacking units, such as ["de-3", "de-4"]', path: at('units') });
    const units = list('units', item['units']);
    const rawAdvance = item['advance'];
    let advance: string[] | 'all' | undefined;
    if (rawAdvance === 'all') advance = 'all';
    else if (Array.isArray(rawAdvance)) advance = list('advance', rawAdvance);
    else if (rawAdvance !== undefined)
      problems.push({ code: 'bad-field', message: 'advance: "all" or a list of attacking units, such as ["de-3"]', path: at('advance') });
    if (problems.length) return problems;
    return {
      kind: 'attack',
      target: target as string,
      units,
      ...(advance === 'all' || advance?.length ? { advance } : {}),
    };
  },
  format: (o) =>
    `attack ${o.target} with ${o.units.join(', ')}${o.advance ? ` advance ${o.advance === 'all' ? 'all' : o.advance.join(', ')}` : ''}`,
  refusal(order, ledger, ctx, player) {
    if (!ownTurn(ctx, player)) return no('not-now', 'attacks are made in your own player-turn, in its Combat Phase (VB-CRT-01)');
    const state = ctx.state;
    const earlier = attacksIn(ledger);
    if (earlier.some((o) => o.target === order.target))
      return no('hex-attacked', `${hexLabel(order.target)} is already attacked: one combat a hex a Combat Phase (VB-CRT-03)`, 'target');
    if (!defended(state, player.side, order.target))
      return no('no-defender', `${hexLabel(order.target)} holds no enemy ground combat unit and no enemy fortress (VB-CRT-05)`, 'target');
    const used = new Set(earlier.flatMap((o) => o.units));
    for (const [i, unit] of order.units.entries()) {
      if (used.has(unit) || order.units.indexOf(unit) !== i)
        return no('attacks-twice', `${unitInfo(unit).name} attacks once a Combat Phase (VB-CRT-03)`, 'units');
      const why = attackerProblem(state, player.side, unit, order.target);
      if (why) return no(why.code, why.message, 'units');
    }
    if (Array.isArray(order.advance))
      for (const unit of order.advance)
        if (!order.units.includes(unit))
          return no('not-attacking', `${unitInfo(unit).name} is not in this attack: only its attackers advance (VB-ADV-07)`, 'advance');
    const battle = assessBattle(state, player.side, order.target, order.units);
    return battle.ok ? undefined : no(battle.error.code, battle.error.message, 'units');
  },
  cost: () => 0,
  candidates: (ledger, ctx, player) => possibleAttacks(ledger, ctx, player).slice(0, 20),
  candidatesAt: (ledger, ctx, player, area) =>
    possibleAttacks(ledger, ctx, player).filter((o) => o.target === area || o.units.some((u) => ctx.state.units[u]!.at === area)),
};
