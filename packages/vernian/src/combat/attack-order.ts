import { jsonPath, unknownFieldProblems, type Ledger, type OrdersContext, type Problem } from '@umpire/engine';
import { hexBoard } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import type { SeatPlayer } from '../orders/player.js';
import { no, type Spec } from '../orders/specs.js';
import {
  checkHexField,
  checkListField,
  checkPlaceableField,
  checkUnitField,
  readHex,
  readPlaceableList,
  readUnitList,
  splitOn,
} from '../orders/words.js';
import { attackerProblem, defended } from './attackers.js';
import { doubleProblem, tankUse } from '../tanks/tank-attack.js';
import { assessBattle } from './odds.js';

/**
 * Clauses: VB-CRT-01, VB-CRT-02, VB-CRT-03, VB-CRT-04, VB-CRT-05, VB-CRT-06, VB-CRT-11, VB-ADV-03, VB-ADV-05, VB-ADV-07,
 * VB-TURN-13, VV-SEQ-09, VV-SEQ-17, VV-TANK-10, VV-TANK-11, VV-TANK-17, VV-TANK-19, VV-TANK-20, VV-AFB-03, VV-AFB-04.
 * `attack <hex> with <units> [double <units>] [advance <units> | advance all [beyond <hex>]]`: in his own player-turn
 * the phasing player's ground combat units attack an adjacent enemy-held hex. JSON: `{ "kind": "attack", "target":
 * "W7911", "units": ["de-3"], "double": ["de-3"], "advance": ["de-3"], "beyond": "W7912" }` (`"advance": "all"` for
 * every surviving attacker). `double` names, for each Tank with the attackers, the infantry unit of its hex it doubles
 * (unnamed: the strongest, VV-TANK-20); `beyond` the second hex a Tank's stack advances into (VV-TANK-17 to
 * VV-TANK-19). Tanks help by themselves: they are never named among the attackers, nor is the Armored Front Buster,
 * whose hex is never attacked (VV-AFB-03, VV-AFB-04). The order is checked against the state
 * after the turn's moves: each unit attacks once and each hex is attacked once a Combat Phase, every unit must be next
 * to the hex (not across an all-sea hexside or the link), the hex must hold enemy ground combat units or a standing
 * enemy fortress, and the odds must be at least 1-3. The advance is the attacker's decision made with the order
 * (VB-ADV-03): the units named advance if the hex is emptied, those not named stay; only attackers may be named.
 * With no `advance` nobody advances: advancing is never compulsory, and a player who wants the hex says so.
 * The attacks are resolved in the order given (combat phase, resolve.ts).
 */

export type AttackOrder = {
  kind: 'attack';
  target: string;
  units: string[];
  double?: string[];
  advance?: string[] | 'all';
  beyond?: string;
};

const EXPECTED =
  "expected 'attack <hex> with <units> [double <units>] [advance <units> | advance all [beyond <hex>]]', " +
  "as in 'attack W7911 with de-3, de-4 advance de-3'";

const isProblems = (x: unknown): x is Problem[] => Array.isArray(x) && x.length > 0 && typeof x[0] === 'object';

/** A list of units (of units or pieces, for the attackers), or a problem at its place when there is none. */
function unitsAt(text: string, line: number, column: number, read = readUnitList): string[] | Problem[] {
  if (text.trim() === '') return [{ code: 'no-units', message: 'name at least one unit', line, column }];
  return read(text, { line, column });
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
    const head = advanceSplit ? advanceSplit[0] : after;
    const doubleSplit = splitOn(head, 'double', withColumn);
    const units = unitsAt(doubleSplit ? doubleSplit[0] : head, at.line, withColumn, readPlaceableList);
    const double = doubleSplit ? unitsAt(doubleSplit[1], at.line, doubleSplit[2]) : undefined;
    let advance: string[] | 'all' | Problem[] | undefined;
    let beyond: string | Problem | undefined;
    if (advanceSplit) {
      const beyondSplit = splitOn(advanceSplit[1], 'beyond', advanceSplit[2]);
      const who = beyondSplit ? beyondSplit[0] : advanceSplit[1];
      advance = /^all$/i.test(who.trim()) ? 'all' : unitsAt(who, at.line, advanceSplit[2]);
      if (beyondSplit) beyond = readHex(beyondSplit[1], { line: at.line, column: beyondSplit[2] });
    }
    const problems = [
      ...(typeof target === 'string' ? [] : [target]),
      ...(isProblems(units) ? units : []),
      ...(isProblems(double) ? double : []),
      ...(isProblems(advance) ? advance : []),
      ...(beyond !== undefined && typeof beyond !== 'string' ? [beyond] : []),
    ];
    if (problems.length) return problems;
    return {
      kind: 'attack',
      target: target as string,
      units: units as string[],
      ...(double !== undefined ? { double: double as string[] } : {}),
      ...(advance !== undefined ? { advance: advance as string[] | 'all' } : {}),
      ...(beyond !== undefined ? { beyond: beyond as string } : {}),
    };
  },
  checkJson(item, path) {
    const at = (f: string) => jsonPath([...path, f]);
    const problems: Problem[] = unknownFieldProblems(
      item,
      path,
      ['kind', 'target', 'units', 'double', 'advance', 'beyond'],
      'an attack order',
    );
    const target = checkHexField(item['target'], at('target'));
    if (typeof target !== 'string') problems.push(target);
    const list = (field: string, value: unknown): string[] => {
      const ids: string[] = [];
      checkListField(value, at(field), field === 'units' ? checkPlaceableField : checkUnitField, ids, problems);
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
    let double: string[] | undefined;
    if (Array.isArray(item['double'])) double = list('double', item['double']);
    else if (item['double'] !== undefined)
      problems.push({ code: 'bad-field', message: 'double: a list of attacking infantry units, such as ["fr-3"]', path: at('double') });
    let beyond: string | undefined;
    if (item['beyond'] !== undefined) {
      const b = checkHexField(item['beyond'], at('beyond'));
      if (typeof b === 'string') beyond = b;
      else problems.push(b);
    }
    if (problems.length) return problems;
    return {
      kind: 'attack',
      target: target as string,
      units,
      ...(double?.length ? { double } : {}),
      ...(advance === 'all' || advance?.length ? { advance } : {}),
      ...(beyond !== undefined ? { beyond } : {}),
    };
  },
  format: (o) =>
    `attack ${o.target} with ${o.units.join(', ')}${o.double?.length ? ` double ${o.double.join(', ')}` : ''}` +
    `${o.advance ? ` advance ${o.advance === 'all' ? 'all' : o.advance.join(', ')}` : ''}${o.beyond ? ` beyond ${o.beyond}` : ''}`,
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
    if (order.beyond !== undefined) {
      if (!order.advance)
        return no('beyond-without-advance', 'a second hex is for units that advance: name them with advance (VV-TANK-17)', 'beyond');
      if (!hexBoard().crossing(order.target, order.beyond))
        return no(
          'not-adjacent',
          `${hexLabel(order.beyond)} is not next to ${hexLabel(order.target)}, the hex attacked (VV-TANK-19)`,
          'beyond',
        );
    }
    if (order.double?.length) {
      const use = tankUse(state, player.side, order.target, order.units);
      for (const unit of order.double) {
        const why = doubleProblem(use, order.double, unit);
        if (why) return no('not-doubled', why, 'double');
      }
    }
    const battle = assessBattle(state, player.side, order.target, order.units, undefined, order.double);
    return battle.ok ? undefined : no(battle.error.code, battle.error.message, 'units');
  },
  cost: () => 0,
  candidates: (ledger, ctx, player) => possibleAttacks(ledger, ctx, player).slice(0, 20),
  candidatesAt: (ledger, ctx, player, area) =>
    possibleAttacks(ledger, ctx, player).filter((o) => o.target === area || o.units.some((u) => ctx.state.units[u]!.at === area)),
};
