import { closestName, jsonPath, type Problem } from '@umpire/engine';
import { lookupArea } from '../orders/names.js';
import { originalOwner } from '../base/conquest.js';
import { widen } from '../orders/language.js';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { OrderSpec } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { revolutionRules } from '../data/revolution.js';
import { revolutionRollsRunning, armySupplied, revolutionaryGround } from './revolution.js';
import { record } from './civil-war.js';

/**
 * The orders of the revolution (GW-P15-REV, Russian option 2, German option 8): `supply-army`, `support-revolution`
 * and `defectors`, with their checks.
 */

export type SupportRevolutionOrder = { kind: 'support-revolution' };

export type SupplyArmyOrder = { kind: 'supply-army' };

export function noFields(kind: string, item: Record<string, unknown>, path: readonly (string | number)[]): Problem[] {
  return Object.keys(item)
    .filter((k) => k !== 'kind')
    .map((k) => ({ code: 'unknown-field', message: `a ${kind} order has no field '${k}'`, path: jsonPath([...path, k]) }));
}

/** Why a nation may not pay for German option 8 now; undefined when it may (GW-OPT-GER-28, D-REV-2). */
export function supportRefusal(state: GreatWarState, nation: NationState, turnNo: number): { code: string; message: string } | undefined {
  const { germanSupport } = revolutionRules();
  if (nation.id !== germanSupport.nation) return { code: 'not-germany', message: `only ${nationOf(state, germanSupport.nation)?.name ?? germanSupport.nation} may support the Russian revolutionaries (German option 8)` };
  if (!revolutionRollsRunning(state, turnNo)) {
    return record(state).began !== null
      ? { code: 'revolution-begun', message: 'the Russian Revolution has begun: there is nothing left to support' }
      : { code: 'too-early', message: `the revolution rolls begin on turn ${revolutionRules().firstTurn}; German support may be bought from then on` };
  }
  return undefined;
}

/** O-110: 'support revolutionaries' — Germany pays 12 for +1 in 10 on this turn's revolution roll (GW-OPT-GER-28). */
export const supportRevolutionSpec: OrderSpec<SupportRevolutionOrder> = {
  kind: 'support-revolution',
  words: ['support'],
  example: 'support revolutionaries',
  parseText(rest, at) {
    const m = /^(?:the\s+)?(?:russian\s+)?(revolutionaries|revolution)?\s*$/i.exec(rest);
    if (!m) return [{ code: 'unexpected-text', message: "write 'support revolutionaries'", line: at.line, column: at.column, suggestion: 'support revolutionaries' }];
    return { kind: 'support-revolution' };
  },
  checkJson(item, path) {
    const p = noFields('support-revolution', item, path);
    return p.length ? p : { kind: 'support-revolution' };
  },
  format: () => 'support revolutionaries',
  refusal(_order, ledger, ctx, nation) {
    const r = supportRefusal(ctx.state, nation, ctx.step.turn);
    if (r) return r;
    const { cost, perTurn } = revolutionRules().germanSupport;
    if (ledger.admitted.filter((o) => o.kind === 'support-revolution').length >= perTurn) return { code: 'once-a-turn', message: `German support for the revolutionaries may be bought ${perTurn === 1 ? 'once' : `${perTurn} times`} a turn (D-REV-2)` };
    if (ledger.resources < cost) return { code: 'no-money', message: `supporting the revolutionaries costs ${cost}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => revolutionRules().germanSupport.cost,
  candidates: (_ledger, ctx, nation) => (nation.id === revolutionRules().germanSupport.nation ? [{ kind: 'support-revolution' as const }] : []),
};

/** O-111: 'supply army' — Russia's option 2: infantry cost 6 for the rest of the war, revolution rolls 1 in 10 less likely (GW-OPT-RUS-03, -04). */
export const supplyArmySpec: OrderSpec<SupplyArmyOrder> = {
  kind: 'supply-army',
  words: ['supply'],
  example: 'supply army',
  parseText(rest, at) {
    const m = /^(?:the\s+)?(?:army)?\s*$/i.exec(rest);
    if (!m) return [{ code: 'unexpected-text', message: "write 'supply army'", line: at.line, column: at.column, suggestion: 'supply army' }];
    return { kind: 'supply-army' };
  },
  checkJson(item, path) {
    const p = noFields('supply-army', item, path);
    return p.length ? p : { kind: 'supply-army' };
  },
  format: () => 'supply army',
  refusal(_order, ledger, ctx, nation) {
    const { armySupply } = revolutionRules();
    if (nation.id !== armySupply.nation) return { code: 'not-russia', message: `only ${nationOf(ctx.state, armySupply.nation)?.name ?? armySupply.nation} has this option (Russian option 2)` };
    if (armySupplied(ctx.state)) return { code: 'already-supplied', message: 'Russia already supplies its army properly (Russian option 2 lasts the rest of the war)' };
    if (ledger.admitted.some((o) => o.kind === 'supply-army')) return { code: 'once', message: 'one supply army order is enough' };
    return undefined;
  },
  cost: () => 0,
  candidates: (_ledger, ctx, nation) => (nation.id === revolutionRules().armySupply.nation && !armySupplied(ctx.state) ? [{ kind: 'supply-army' as const }] : []),
};

/** O-112: 'defectors to <territory>' — where the Bolsheviks want this turn's defectors (GW-P15-REV-21, D-REV-5). */
export type DefectorsOrder = { kind: 'defectors'; to: string };

export function defectorsRefusal(state: GreatWarState, nation: NationState, to: string): { code: string; message: string; field?: string } | undefined {
  const rules = revolutionRules();
  if (nation.id !== rules.nation) return { code: 'not-bolsheviks', message: 'only the Bolsheviks give orders for the units that defect to them' };
  const world = theWorld(state.scenario);
  if (originalOwner(world, to) !== rules.against) return { code: 'not-russian', message: `defectors go to Russia's lands of 1914; ${world.names.get(to) ?? to} is not one of them`, field: 'to' };
  return undefined;
}

export const defectorsSpec: OrderSpec<DefectorsOrder> = {
  kind: 'defectors',
  words: ['defectors'],
  example: 'defectors to Kazan',
  parseText(rest, at) {
    const m = /^(?:(?:to|in|at)\s+)?(.*)$/i.exec(rest)!;
    const typed = m[1]!.trim();
    const column = at.column + rest.length - m[1]!.length;
    if (typed === '') return [{ code: 'missing-territory', message: "where do this turn's defectors go? e.g. 'defectors to Kazan'", line: at.line, column: at.column }];
    const r = lookupArea(typed, { kind: 'land' });
    if (r.ok) return { kind: 'defectors', to: r.id };
    if (r.reason === 'ambiguous') return [{ code: 'ambiguous-area', message: `'${typed}' could be ${r.names.slice(0, 8).join(', ')}: type more of the name`, line: at.line, column }];
    return [{ code: 'unknown-area', message: `there is no territory '${typed}'`, line: at.line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = Object.keys(item)
      .filter((k) => k !== 'kind' && k !== 'to')
      .map((k) => ({ code: 'unknown-field', message: `a defectors order has no field '${k}'`, path: jsonPath([...path, k]) }));
    const to = item['to'];
    const world = theWorld();
    if (typeof to !== 'string') return [...problems, { code: 'missing-territory', message: 'a defectors order names a territory id, e.g. "kazan"', path: jsonPath([...path, 'to']) }];
    if (!world.territory.has(to)) {
      const suggestion = closestName(to, world.territories.map((t) => t.id));
      return [...problems, { code: 'unknown-area', message: `there is no territory '${to}'`, path: jsonPath([...path, 'to']), ...(suggestion ? { suggestion } : {}) }];
    }
    return problems.length ? problems : { kind: 'defectors', to };
  },
  format: (order) => `defectors to ${theWorld().names.get(order.to) ?? order.to}`,
  refusal(order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'defectors')) return { code: 'one-defectors-order', message: 'one defectors order a turn: all defectors go to one place' };
    return defectorsRefusal(ctx.state, nation, order.to);
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    if (nation.id !== revolutionRules().nation) return [];
    return revolutionaryGround(ctx.state)
      .slice(0, 2)
      .map((to) => ({ kind: 'defectors' as const, to }));
  },
};

/**
 * The order kinds of this part. Russian option 2 takes effect in phase 1 (the 'army-supply' phase) but costs nothing,
 * so its place among the specs, which orders the charging of a turn's budget, changes nothing.
 */
export const revolutionSpecs: readonly OrderSpec[] = [widen(supplyArmySpec), widen(defectorsSpec), widen(supportRevolutionSpec)];

export type RevolutionOrder = SupportRevolutionOrder | SupplyArmyOrder | DefectorsOrder;
