/**
 * The odds of a planned attack for `umpire odds vernian`: the attackers (each in a hex next to the target), the
 * defenders in the target, on the opening's map; the column, the shifts and the exact chance of every result of the
 * table, with the expected losses. The same numbers the report prints before each battle.
 */
import { renderTable, ToolError, type OddsTool } from '@umpire/engine';
import { findHex, hexLabel } from '../base/hexes.js';
import { copyState, type VernianState } from '../base/state.js';
import { openingState } from '../arrivals/opening.js';
import { knownUnit, unitInfo, unitLabel } from '../base/units.js';
import { combatOdds, fmt } from '../combat/odds.js';

const hexOf = (text: string, flag: string): string => {
  const r = findHex(text);
  if (!r.ok) throw new ToolError(`${flag}: ${r.message}${r.suggestion ? ` (did you mean '${r.suggestion}'?)` : ''}`, true);
  return r.hex;
};

const unitOf = (text: string, flag: string): string => {
  const id = text.trim().toLowerCase();
  if (!knownUnit(id)) throw new ToolError(`${flag}: no unit '${text.trim()}'`, true);
  return id;
};

/**
 * A position of the opening with every unit off the map but those named, where the flags put them, and a Tank of the
 * attacker's side in each hex `tanks` names.
 */
function position(
  target: string,
  attackers: readonly { unit: string; hex: string }[],
  defenders: readonly string[],
  tanks: readonly string[],
): VernianState {
  const s = copyState(openingState());
  for (const id of Object.keys(s.units)) s.units[id]!.at = 'due';
  for (const a of attackers) s.units[a.unit]!.at = a.hex;
  for (const d of defenders) s.units[d]!.at = target;
  const side = attackers[0] ? unitInfo(attackers[0].unit).side : 'germany';
  tanks.forEach((hex, i) => (s.pieces[`tank-${side === 'germany' ? 'de' : 'al'}-${i + 1}`] = { type: 'tank', side, at: hex }));
  return s;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

export const vernianOdds: OddsTool = {
  description: 'the exact chances of every result of a planned attack on the combat results table (docs/vernian/base-rules.md, VB-CRT)',
  flags: [
    { flags: '--target <hex>', description: 'the hex attacked: an id or a place name', required: true },
    { flags: '--attackers <units>', description: "the attacking units with their hexes: 'de-3@W8012, de-4@W8012'", required: true },
    { flags: '--defenders <units>', description: "the units in the target: 'fr-42, fr-43' (none: the fortress alone)", default: '' },
    { flags: '--tanks <hexes>', description: "the attackers' hexes that hold a Tank of theirs: 'W8012' (VV-TANK-20)", default: '' },
    { flags: '--double <units>', description: 'the attacking infantry each Tank doubles (unnamed: the strongest of its hex)', default: '' },
  ],
  run(values, json) {
    const target = hexOf(String(values['target'] ?? ''), '--target');
    const attackers = String(values['attackers'] ?? '')
      .split(',')
      .filter((x) => x.trim())
      .map((x) => {
        const [unit, hex] = x.split('@');
        if (!hex) throw new ToolError(`--attackers: '${x.trim()}' names no hex: write unit@hex`, true);
        return { unit: unitOf(unit!, '--attackers'), hex: hexOf(hex, '--attackers') };
      });
    const defenders = String(values['defenders'] ?? '')
      .split(',')
      .filter((x) => x.trim())
      .map((x) => unitOf(x, '--defenders'));
    const tanks = String(values['tanks'] ?? '')
      .split(',')
      .filter((x) => x.trim())
      .map((x) => hexOf(x, '--tanks'));
    const double = String(values['double'] ?? '')
      .split(',')
      .filter((x) => x.trim())
      .map((x) => unitOf(x, '--double'));
    if (!attackers.length) throw new ToolError('--attackers: name at least one unit', true);
    const side = unitInfo(attackers[0]!.unit).side;
    const odds = combatOdds(position(target, attackers, defenders, tanks), side, { target, units: attackers.map((a) => a.unit), double });
    if (!odds.ok) throw new ToolError(odds.error.message);
    const o = odds.value;
    if (json) return JSON.stringify(o, null, 2);
    const held = defenders.length ? ` held by ${defenders.map(unitLabel).join(', ')}` : '';
    const shifts = o.shifts.map((x) => `${x.source} ${x.columns}`).join(', ') || 'none';
    const e = o.expected;
    const named = (id: string) => `${unitLabel(id)}${o.doubled.includes(id) ? ', doubled by a Tank' : ''}`;
    const from = o.tanks.stacks.map((t) => hexLabel(t.hex)).join(', ');
    const helped = o.tanks.stacks.length
      ? ` Tanks help from ${from}: the attackers' first step lost is ignored (not counted below).`
      : o.tanks.barred
        ? ` ${o.tanks.barred}.`
        : '';
    const lines = [
      `${attackers.map((a) => named(a.unit)).join('; ')} attack ${hexLabel(target)}${held}.${helped}`,
      `Strength ${fmt(o.strengths.attack)} to ${fmt(o.strengths.defence)}: ${o.odds.name}; shifts ${shifts}; the column read: ${o.column}.`,
      '',
      ...renderTable(
        ['result', 'rolls', 'chance'],
        o.outcomes.map((r) => [r.result, r.rolls.join(' '), pct(r.chance.value)]),
        false,
      ),
      '',
      `Expected steps lost: attackers ${e.attackerSteps.value.toFixed(2)}, defenders ${e.defenderSteps.value.toFixed(2)}; ` +
        `the defenders retreat with ${pct(e.defenderRetreats.value)}.`,
    ];
    return lines.join('\n');
  },
};
