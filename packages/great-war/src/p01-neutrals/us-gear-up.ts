/**
 * Clauses: GW-NEUT-USA (gearing up, Mexico), GW-USOPT (the war vote in Congress).
 * The USA gears up (`preparedness`): it pays the scenario's cost for a higher cap on what it collects, and Mexico
 * mobilises in answer (D-NAT-9); while the neutral USA is at war with a major its cap rises toward full production
 * (D-USA-9). Congress votes war on a neutral, once the USA has geared up (D-USA-8).
 */
import { type PhaseContext, unknownFieldProblems } from '@umpire/engine';
import { nationName } from '../base/conquest.js';
import { minorOf, nationOf, scenarioMinor, scenarioNation, type GreatWarState, type NationState } from '../base/nations.js';
import type { Ledger, OrderSpec } from '../orders/language.js';
import { declareWar } from '../p01-diplomacy/politics.js';
import { incomeOf } from '../economy/resources.js';
import { type UsGearUpOrder, type UsWarVoteOrder, nameOf, readNation, isProblem, jsonNation, neutralRefusal, admittedOfKind, costRefusal, voidOrder, pay } from './us-orders.js';
import { record, usaOf, usaIsNeutral, towardZero } from './united-states.js';
import { usaRules } from '../data/united-states.js';

/** Why the USA may not gear up (GW-NEUT-USA-03); undefined: it may. */
export function gearUpRefusal(state: GreatWarState, nation: NationState): { code: string; message: string } | undefined {
  const neutral = neutralRefusal(state, nation, 'gearing up');
  if (neutral) return neutral;
  if (record(state).gearedUp || nation.incomeCap === null) return { code: 'already-geared-up', message: 'the USA has already geared up' };
  if (!scenarioNation(state, nation.id)?.gearUp) return { code: 'no-gear-up', message: 'the scenario gives the USA no gearing up' };
  return undefined;
}

export const gearUpSpec: OrderSpec<UsGearUpOrder> = {
  kind: 'us-gear-up',
  words: ['preparedness'],
  example: 'preparedness',
  parseText(rest, at) {
    if (rest.trim() !== '') return [{ code: 'bad-gear-up', message: `'preparedness' takes nothing after it (it gears the USA up), not '${rest}'`, line: at.line, column: at.column }];
    return { kind: 'us-gear-up' };
  },
  checkJson(item, path) {
    const problems = unknownFieldProblems(item, path, ['kind'], 'a us-gear-up order');
    return problems.length ? problems : { kind: 'us-gear-up' };
  },
  format: () => 'preparedness',
  refusal(_order, ledger, ctx, nation) {
    if (admittedOfKind(ledger, 'us-gear-up').length) return { code: 'one-gear-up', message: 'the USA gears up once' };
    return gearUpRefusal(ctx.state, nation) ?? costRefusal(ledger, scenarioNation(ctx.state, nation.id)!.gearUp!.cost, 'gearing up');
  },
  cost: (_o, _l, ctx, nation) => scenarioNation(ctx.state, nation.id)?.gearUp?.cost ?? 0,
  candidates: (_l, ctx, nation) => (gearUpRefusal(ctx.state, nation) ? [] : [{ kind: 'us-gear-up' }]),
};

/** Whether the USA counts as geared up in these orders: already, or by a gear-up order admitted before (A29, D-USA-8). */
const gearedUpFor = (state: GreatWarState, ledger: Ledger): boolean => record(state).gearedUp || usaOf(state)?.incomeCap === null || admittedOfKind(ledger, 'us-gear-up').length > 0;

/** Why Congress may not vote war on a nation (GW-USOPT-06..09, D-USA-8); undefined: it may. */
export function warVoteRefusal(state: GreatWarState, nation: NationState, on: string, gearedUp: boolean): { code: string; message: string; field?: string } | undefined {
  const neutral = neutralRefusal(state, nation, 'a war vote in Congress');
  if (neutral) return neutral;
  if (!gearedUp) return { code: 'not-geared-up', message: 'Congress votes war only once the USA has raised its economy: gear up first (preparedness)' };
  const target = nationOf(state, on) ?? minorOf(state, on);
  if (!target || on === nation.id) return { code: 'bad-target', message: 'Congress votes war on another nation', field: 'on' };
  if (target.side !== 'neutral') return { code: 'not-neutral', message: `${target.name} is in the main war: Congress votes war only on neutral nations`, field: 'on' };
  if (nation.atWarWith.includes(on)) return { code: 'already-at-war', message: `the USA is already at war with ${target.name}`, field: 'on' };
  return undefined;
}

export const warVoteSpec: OrderSpec<UsWarVoteOrder> = {
  kind: 'us-war-vote',
  words: ['vote'],
  example: 'vote war on Mexico',
  parseText(rest, at, ctx) {
    const m = /^((?:war\s+)?(?:on\s+|against\s+)?)(.*)$/i.exec(rest)!;
    if (m[2]!.trim() === '') return [{ code: 'missing-target', message: `on whom does Congress vote war? e.g. '${warVoteSpec.example}'`, line: at.line, column: at.column }];
    const on = readNation(ctx.state, m[2]!, at, at.column + m[1]!.length);
    return isProblem(on) ? [on] : { kind: 'us-war-vote', on };
  },
  checkJson(item, path, ctx) {
    const problems = unknownFieldProblems(item, path, ['kind', 'on'], 'a us-war-vote order');
    const on = jsonNation(ctx.state, item, path, 'on');
    if (isProblem(on)) problems.push(on);
    return problems.length || isProblem(on) ? problems : { kind: 'us-war-vote', on };
  },
  format: (o) => `vote war on ${nationName(undefined, o.on)}`,
  refusal(order, ledger, ctx, nation) {
    const rules = usaRules().congress;
    if (admittedOfKind(ledger, 'us-war-vote').length >= rules.perTurn) return { code: 'one-war-vote', message: `Congress votes on ${rules.perTurn} declaration of war a turn` };
    return warVoteRefusal(ctx.state, nation, order.on, gearedUpFor(ctx.state, ledger)) ?? costRefusal(ledger, rules.cost, 'a war vote');
  },
  cost: () => usaRules().congress.cost,
  candidates(ledger, ctx, nation) {
    return ctx.state.minors.filter((m) => !warVoteRefusal(ctx.state, nation, m.id, gearedUpFor(ctx.state, ledger))).slice(0, 1).map((m) => ({ kind: 'us-war-vote' as const, on: m.id }));
  },
};

/** Mexico's next mobilisation step, once the USA has geared up (GW-NEUT-USA-04, -05, D-NAT-9): never lowers its share. */
export function mobiliseMexico(state: GreatWarState, ctx: PhaseContext): void {
  const r = record(state);
  for (const minor of state.minors) {
    const steps = scenarioMinor(state, minor.id)?.mobilisation;
    if (!steps || steps.trigger !== 'usa-gear-up' || r.mexicoSteps >= steps.percents.length) continue;
    const percent = steps.percents[r.mexicoSteps]!;
    r.mexicoSteps += 1;
    if (percent <= minor.productionPercent) continue;
    minor.productionPercent = percent;
    ctx.emit({ type: 'mexico-mobilises', nation: minor.id, percent });
  }
}

/** Gear up (GW-NEUT-USA-03, GW-USOPT-05): pay the scenario's cost, collect its cap; Mexico answers (GW-NEUT-USA-04). */
export function gearUp(state: GreatWarState, ctx: PhaseContext, usa: NationState): void {
  const refusal = gearUpRefusal(state, usa);
  const gear = scenarioNation(state, usa.id)?.gearUp;
  if (refusal || !gear || !pay(usa, gear.cost)) {
    voidOrder(ctx, 'preparedness', refusal ?? { code: 'not-enough-resources', message: `gearing up costs ${gear?.cost ?? 0}, and the USA has ${usa.treasury}` });
    return;
  }
  record(state).gearedUp = true;
  usa.incomeCap = Math.max(usa.incomeCap ?? gear.incomeCap, gear.incomeCap);
  ctx.emit({ type: 'us-gear-up', cost: gear.cost, incomeCap: usa.incomeCap });
  mobiliseMexico(state, ctx);
}

/**
 * While the neutral USA is at war with a major, its cap rises each turn toward full production (GW-USOPT-12, A29,
 * D-USA-9): by the step of the data, until it reaches what its lands are worth, then no cap at all.
 */
export function gearTowardFullProduction(state: GreatWarState, ctx: PhaseContext, usa: NationState): void {
  if (!usaIsNeutral(state) || usa.incomeCap === null || !usa.atWarWith.some((id) => nationOf(state, id))) return;
  const land = incomeOf(state, usa.id).land;
  const raised = usa.incomeCap + usaRules().congress.fullProductionStep;
  usa.incomeCap = raised >= land ? null : raised;
  ctx.emit({ type: 'us-full-production', incomeCap: usa.incomeCap });
}

/** A war vote in Congress (GW-USOPT-06..12, D-USA-8): 10, then 4 in 10 on a minor, 2 in 10 on a major; a failure moves the track 1 toward zero. */
export function warVote(state: GreatWarState, ctx: PhaseContext, usa: NationState, order: UsWarVoteOrder): void {
  const rules = usaRules().congress;
  const refusal = warVoteRefusal(state, usa, order.on, record(state).gearedUp || usa.incomeCap === null);
  if (refusal || !pay(usa, rules.cost)) {
    voidOrder(ctx, `vote war on ${nameOf(state, order.on)}`, refusal ?? { code: 'not-enough-resources', message: `a war vote costs ${rules.cost}, and the USA has ${usa.treasury}` });
    return;
  }
  const major = nationOf(state, order.on) !== undefined;
  const on = major ? rules.approvedOnMajor : rules.approvedOnMinor;
  const rolled = ctx.roll(rules.die, `Congress votes on war with ${nameOf(state, order.on)} (approved on ${on.join(', ')})`);
  const approved = on.includes(rolled);
  ctx.emit({ type: 'us-war-vote', on: order.on, roll: rolled, approved, major });
  if (approved) declareWar(state, ctx, usa.id, order.on, 'declared');
  else towardZero(state, ctx, rules.failureTowardZero, 'congress', `Congress refuses war on ${nameOf(state, order.on)}`);
}
