import { jsonPath, unknownFieldProblems, type Problem } from '@umpire/engine';
import { withdrawalRefusal } from '../england/withdrawal.js';
import { no, type Spec } from './specs.js';
import { checkListField, checkUnitField, readUnitList } from './words.js';

/**
 * Clauses: VV-ENG-02.
 * `withdraw <units>`: the Allies name the British units to take out of England at the next England Withdrawal Phase
 * that finds no German there. A standing order: it lasts until the Allies give another (`withdraw none` clears it).
 */

export type WithdrawOrder = { kind: 'withdraw'; units: string[] };

export const withdrawSpec: Spec<WithdrawOrder> = {
  kind: 'withdraw',
  words: ['withdraw'],
  example: 'withdraw gb-9, gb-10',
  parseText(rest, at) {
    if (/^\s*none\s*$/i.test(rest)) return { kind: 'withdraw', units: [] };
    const units = readUnitList(rest, { line: at.line, column: at.column });
    return units.length && typeof units[0] === 'object' ? (units as Problem[]) : { kind: 'withdraw', units: units as string[] };
  },
  checkJson(item, path) {
    const at = (f: string | number) => jsonPath([...path, f]);
    if (!Array.isArray(item['units'])) return [{ code: 'bad-field', message: 'units: a list of unit ids', path: at('units') }];
    const units: string[] = [];
    const problems = unknownFieldProblems(item, path, ['kind', 'units'], 'a withdraw order');
    checkListField(item['units'], at('units'), checkUnitField, units, problems);
    return problems.length ? problems : { kind: 'withdraw', units };
  },
  format: (o) => `withdraw ${o.units.length ? o.units.join(', ') : 'none'}`,
  refusal(order, ledger, ctx, { side }) {
    if (side !== 'allies') return no('not-yours', 'only the Allies withdraw units from England');
    if (ledger.admitted.some((o) => o.kind === 'withdraw')) return no('twice', 'one withdraw order a turn');
    for (const unit of order.units) {
      const why = withdrawalRefusal(ctx.state, unit);
      if (why) return no('bad-withdrawal', why, 'units');
    }
    return undefined;
  },
  cost: () => 0,
  candidates: () => [],
};
