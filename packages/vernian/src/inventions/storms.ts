import { jsonPath, unknownFieldProblems, type PhaseContext, type Problem } from '@umpire/engine';
import { ruleNumbers } from '../data/files.js';
import { hexFacts, hexLabel, isPlayable } from '../base/hexes.js';
import type { VernianState } from '../base/state.js';
import { no, type Spec } from '../orders/specs.js';
import { checkHexField, checkListField, readHexList } from '../orders/words.js';

/**
 * Clauses: VV-WCPD-10, VV-WCPD-11, VV-WCPD-12, VV-WCPD-13, VV-SEQ-21.
 * Storm markers. The Allies have one for each WCPD built. `storms <hex>, <hex>` names where they go; it is a standing
 * order, so the Allies give it in their own player-turn and it is carried out at the very start of every later
 * Operational Turn, before the German New Units Phase, until they give another (`storms none` keeps them off the map):
 * no extra e-mail for the placement the seed puts before anything else. Each marker goes on a land hex of France or
 * England, one a hex; hexes beyond the markers the Allies have are left out, in the order named. The markers stay
 * for the whole Operational Turn and come off at the end of the Allied player-turn.
 */

export type StormsOrder = { kind: 'storms'; hexes: string[] };

/** Why a hex may not hold a Storm marker (VV-WCPD-11), or undefined. */
export function stormRefusal(hex: string): string | undefined {
  const h = hexFacts(hex);
  const nations = ruleNumbers().inventions.stormNations;
  if (!isPlayable(h) || !nations.includes(h.nation ?? '')) return `${hexLabel(hex)} is not a land hex of France or England (VV-WCPD-11)`;
  return undefined;
}

export const stormsSpec: Spec<StormsOrder> = {
  kind: 'storms',
  words: ['storms', 'storm'],
  example: 'storms Paris, W7412',
  parseText(rest, at) {
    if (/^\s*none\s*$/i.test(rest)) return { kind: 'storms', hexes: [] };
    const hexes = readHexList(rest, { line: at.line, column: at.column });
    return hexes.length && typeof hexes[0] === 'object' ? (hexes as Problem[]) : { kind: 'storms', hexes: hexes as string[] };
  },
  checkJson(item, path) {
    const at = (f: string | number) => jsonPath([...path, f]);
    if (!Array.isArray(item['hexes'])) return [{ code: 'bad-field', message: 'hexes: a list of hex ids', path: at('hexes') }];
    const hexes: string[] = [];
    const problems = unknownFieldProblems(item, path, ['kind', 'hexes'], 'a storms order');
    checkListField(item['hexes'], at('hexes'), checkHexField, hexes, problems);
    return problems.length ? problems : { kind: 'storms', hexes };
  },
  format: (o) => `storms ${o.hexes.length ? o.hexes.join(', ') : 'none'}`,
  refusal(order, ledger, _ctx, { side }) {
    if (side !== 'allies') return no('not-yours', 'only the Allies place Storm markers (VV-WCPD-10)');
    if (ledger.admitted.some((o) => o.kind === 'storms')) return no('twice', 'one storms order a turn');
    const seen = new Set<string>();
    for (const hex of order.hexes) {
      const why = stormRefusal(hex);
      if (why) return no('bad-storm', why, 'hexes');
      if (seen.has(hex)) return no('bad-storm', `${hexLabel(hex)} is named twice: one Storm marker a hex (VV-WCPD-12)`, 'hexes');
      seen.add(hex);
    }
    return undefined;
  },
  cost: () => 0,
  candidates: () => [],
};

/** The Storm markers placed at the start of an Operational Turn, from the Allies' standing order (VV-WCPD-11). */
export function placeStorms(state: VernianState, ctx: PhaseContext): void {
  const standing = ctx.standing('allies') as { storms?: string[] } | undefined;
  const wanted = (standing?.storms ?? []).filter((hex) => stormRefusal(hex) === undefined);
  const placed = [...new Set(wanted)].slice(0, state.inventions.wcpd).sort();
  state.inventions.storms = placed;
  if (placed.length) ctx.emit({ type: 'storms', hexes: placed, places: placed.map(hexLabel) });
}

/** The Storm markers come off at the end of the Operational Turn (VV-WCPD-13). */
export function liftStorms(state: VernianState): void {
  state.inventions.storms = [];
}
