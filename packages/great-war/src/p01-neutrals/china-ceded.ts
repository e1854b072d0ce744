/**
 * Clauses: GW-NEUT-CHN (cessions, courting), GW-OPT-GBR (options 3 and 6), GW-OPT-FRA (option 4), GW-OPT-GER (option 1).
 * The territories ceded to China (D-CHN-4): Britain's Hong Kong, France's Indochina and Germany's Jiaozhou with their
 * payments, China's step toward the ceding side and Japan's answer; the courting of China that a cession opens to
 * the ceding side (D-CHN-5); and Hong Kong made a full port by whoever holds it (British option 6).
 */
import { closestName, jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { nationName } from '../base/conquest.js';
import { JAPAN, japanToFullProduction, refreshAsianIncomeCaps, C, CHINA, chinaRecord } from './far-east.js';
import { coastalSeas } from '../data/map.js';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { OrderSpec } from '../orders/language.js';
import { hasFacility, newUnit } from '../economy/placement.js';
import { declareWar, joinSide, membersOf, sideOfNation } from '../p01-diplomacy/politics.js';
import { diplomaticPositions } from '../data/schema.js';
import { theWorld } from '../data/world.js';

// ---------------------------------------------------------------------------------------------------------------
// The cessions (GW-NEUT-CHN-21, -22; British option 3, French option 4, German option 1)

/** `cede Hong Kong`: Britain, France or Germany gives its territory (and its payment) to China. */
export type CedeOrder = { kind: 'cede'; territory: string };

/** The cession of a territory, from the data. */
export function cessionOf(territory: string) {
  return C().cessions.find((c) => c.territory === territory);
}

/** Why the nation may not cede this territory now; undefined when it may. */
export function cedeRefusal(state: GreatWarState, nation: NationState, territory: string): { code: string; message: string } | undefined {
  const c = cessionOf(territory);
  const name = areaName(territory);
  if (!c) return { code: 'not-a-cession', message: `${name} is not among the territories that may be ceded to China: ${C().cessions.map((x) => areaName(x.territory)).join(', ')}` };
  if (c.owner !== nation.id) return { code: 'not-your-cession', message: `${name} is ${nationName(state, c.owner)}'s to cede (${c.option}), not ${nation.name}'s` };
  if (!nationOf(state, CHINA) || sideOfNation(state, CHINA) !== 'neutral') return { code: 'china-in-war', message: `${c.option} may be used only while China is not yet in the war (GW-OPT-GBR-11)` };
  if (chinaRecord(state).ceded.some((x) => x.territory === territory)) return { code: 'already-ceded', message: `${name} has been ceded to China already` };
  if (state.board.territories[territory]?.owner !== nation.id) return { code: 'not-held', message: `${nation.name} does not hold ${name}` };
  if (nation.atWarWith.includes(CHINA)) return { code: 'at-war-with-china', message: `${nation.name} is at war with China` };
  return undefined;
}

export function lookupCession(typed: string): string | undefined {
  const t = typed.trim().toLowerCase();
  const world = theWorld();
  return C().cessions.find((c) => {
    const ter = world.territory.get(c.territory);
    return c.territory === t || ter?.name.toLowerCase() === t || (ter?.aliases ?? []).some((a) => a.toLowerCase() === t);
  })?.territory;
}

export const cessionNames = () => C().cessions.map((c) => areaName(c.territory));

export const cedeSpec: OrderSpec<CedeOrder> = {
  kind: 'cede',
  words: ['cede'],
  example: 'cede Hong Kong',
  parseText(rest, at) {
    const typed = rest.replace(/\s+to\s+china\s*$/i, '').trim();
    const territory = lookupCession(typed);
    if (territory) return { kind: 'cede', territory };
    const suggestion = closestName(typed, cessionNames());
    return [{ code: 'not-a-cession', message: `which territory goes to China? ${cessionNames().join(', ')}; not '${typed}'`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'territory') problems.push({ code: 'unknown-field', message: `a cede order has no field '${key}'`, path: jsonPath([...path, key]) });
    const t = item['territory'];
    if (typeof t !== 'string' || !cessionOf(t)) {
      const suggestion = typeof t === 'string' ? closestName(t, C().cessions.map((c) => c.territory)) : undefined;
      problems.push({ code: 'not-a-cession', message: `a cede order's territory is one of ${C().cessions.map((c) => c.territory).join(', ')}`, path: jsonPath([...path, 'territory']), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'cede', territory: t as string };
  },
  format: (o) => `cede ${areaName(o.territory)} to China`,
  refusal(order, ledger, ctx, nation) {
    const r = cedeRefusal(ctx.state, nation, order.territory);
    if (r) return { ...r, field: 'territory' };
    if (ledger.admitted.some((o) => o.kind === 'cede' && o['territory'] === order.territory)) return { code: 'duplicate-order', message: `${areaName(order.territory)} is ceded once`, field: 'territory' };
    const pay = cessionOf(order.territory)!.payment;
    if (ledger.resources < pay) return { code: 'not-enough-resources', message: `${cessionOf(order.territory)!.option} pays China ${pay}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: (o) => cessionOf(o.territory)?.payment ?? 0,
  candidates(_ledger, ctx, nation) {
    return C()
      .cessions.filter((c) => !cedeRefusal(ctx.state, nation, c.territory))
      .map((c) => ({ kind: 'cede' as const, territory: c.territory }));
  },
};

/** One step of China on its chart toward `side`; China joins that side on reaching its camp. */
function moveChina(state: GreatWarState, ctx: PhaseContext, side: 'allied' | 'central', by: string, cause: 'influence' | 'option'): void {
  const r = chinaRecord(state);
  const i = diplomaticPositions.indexOf(r.position);
  const next = diplomaticPositions[Math.max(0, Math.min(diplomaticPositions.length - 1, i + (side === 'allied' ? 1 : -1)))]!;
  const from = r.position;
  r.position = next;
  ctx.emit({ type: 'china-position', from, to: next, by });
  if (next === 'allied-camp' || next === 'central-camp') {
    joinSide(state, ctx, CHINA, side, cause);
    refreshAsianIncomeCaps(state);
  }
}

/** A chance `n in 10` on one die. */
function chanceRoll(ctx: PhaseContext, chance: number, purpose: string): boolean {
  return ctx.roll(C().die, `${purpose} (${chance} in ${C().die})`) <= chance;
}

/**
 * A cession (GW-OPT-GBR-09..13, GW-OPT-FRA-13, GW-OPT-GER-01..04, D-CHN-4): the territory becomes China's,
 * incorporated; the ceding nation's units there leave the board, a facility stays with the land; China has the
 * payment and keeps it and the land whatever follows. Then 1D10 for China's step toward the ceding side and 1D10 for
 * Japan's answer. From the next turn the ceding side may court China.
 */
export function cede(state: GreatWarState, ctx: PhaseContext, nation: NationState, territory: string): void {
  const c = cessionOf(territory)!;
  const refusal = cedeRefusal(state, nation, territory);
  if (refusal || nation.treasury < c.payment) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: nation.id, order: cedeSpec.format({ kind: 'cede', territory }), code: refusal?.code ?? 'not-enough-resources', reason: refusal?.message ?? `${c.option} pays China ${c.payment}` });
    return;
  }
  const china = nationOf(state, CHINA)!;
  nation.treasury -= c.payment;
  china.treasury += c.payment;
  const facilities = new Set(['port', 'industrial-complex']);
  const removed = state.board.units.filter((u) => u.at === territory && u.nation === nation.id && !facilities.has(u.type)).map((u) => u.id);
  state.board.units = state.board.units.filter((u) => !removed.includes(u.id));
  for (const u of state.board.units) if (u.at === territory && u.nation === nation.id) u.nation = CHINA;
  state.board.territories[territory] = { owner: CHINA, incorporated: true };
  chinaRecord(state).ceded.push({ territory, by: nation.id, turn: ctx.turn });
  const side = nation.side === 'central' ? 'central' : 'allied';
  chinaRecord(state).openTo.push({ side, from: ctx.turn + 1, by: nation.id });
  ctx.emit({ type: 'china-cession', by: nation.id, territory, payment: c.payment, option: c.option, removed });
  if (c.towardChance > 0 && chanceRoll(ctx, c.towardChance, `Does China move toward ${side === 'allied' ? 'the Allies' : 'the Central Powers'} for ${c.option}?`)) moveChina(state, ctx, side, nation.id, 'option');
  if (c.japanChance > 0 && nationOf(state, JAPAN) && chanceRoll(ctx, c.japanChance, `Does Japan answer ${c.option}?`)) {
    ctx.emit({ type: 'japan-answers-cession', by: nation.id, option: c.option });
    japanToFullProduction(state, ctx, `its answer to ${c.option}`);
    const enemies = c.japanAnswer === 'war-on-ceder' ? [nation.id] : c.japanAnswer === 'war-on-ceders-side' ? membersOf(state, side) : [];
    for (const e of enemies) declareWar(state, ctx, JAPAN, e, 'option');
  }
  refreshAsianIncomeCaps(state);
}

// ---------------------------------------------------------------------------------------------------------------
// Courting China (GW-NEUT-CHN-02, -22; D-CHN-5)

/** `court China`: 10 resources for a 2 in 10 chance of moving China one step toward the nation's side. */
export type CourtOrder = { kind: 'court'; target: 'china' };

/** Why the nation may not court China now; undefined when it may. */
export function courtRefusal(state: GreatWarState, nation: NationState, turn: number): { code: string; message: string } | undefined {
  if (!nationOf(state, CHINA) || nation.id === CHINA) return { code: 'no-china', message: 'only a nation at war may court China' };
  if (sideOfNation(state, CHINA) !== 'neutral') return { code: 'china-in-war', message: 'China is in the war already' };
  if (nation.side !== 'allied' && nation.side !== 'central') return { code: 'neutral', message: `${nation.name} is neutral: only nations of the main war influence others` };
  const open = chinaRecord(state).openTo.filter((o) => o.side === nation.side);
  if (!open.length) return { code: 'china-closed', message: `nobody may influence China until a nation of ${nation.side === 'allied' ? 'the Allies' : 'the Central Powers'} cedes it a territory (GW-NEUT-CHN-02, -22): ${C().cessions.map((c) => `${nationName(state, c.owner)} ${areaName(c.territory)}`).join(', ')}` };
  if (open.every((o) => o.from > turn)) return { code: 'china-opens-next-turn', message: 'China may be influenced from the turn after the cession (GW-OPT-GBR-13, GW-OPT-GER-04, GW-OPT-FRA-13)' };
  return undefined;
}

export const courtSpec: OrderSpec<CourtOrder> = {
  kind: 'court',
  words: ['court'],
  example: 'court China',
  parseText(rest, at) {
    if (/^china$/i.test(rest.trim())) return { kind: 'court', target: 'china' };
    const suggestion = closestName(rest.trim(), ['China']);
    return [{ code: 'not-china', message: `only China is courted by this order ('court China'); minors are influenced in phase 1.2`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'target') problems.push({ code: 'unknown-field', message: `a court order has no field '${key}'`, path: jsonPath([...path, key]) });
    if (item['target'] !== 'china') problems.push({ code: 'not-china', message: 'a court order\'s target is "china"', path: jsonPath([...path, 'target']) });
    return problems.length ? problems : { kind: 'court', target: 'china' };
  },
  format: () => 'court China',
  refusal(_order, ledger, ctx, nation) {
    const r = courtRefusal(ctx.state, nation, ctx.step.turn);
    if (r) return r;
    if (ledger.admitted.some((o) => o.kind === 'court')) return { code: 'one-attempt', message: 'one attempt on China a turn (GW-P01-DIP-10)' };
    if (ledger.resources < C().influence.cost) return { code: 'not-enough-resources', message: `an attempt costs ${C().influence.cost}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => C().influence.cost,
  candidates: (_ledger, ctx, nation) => (courtRefusal(ctx.state, nation, ctx.step.turn) ? [] : [{ kind: 'court', target: 'china' }]),
};

/** One attempt on China (D-CHN-5): pays 10, 1D10, on 2 or less China moves one step toward the nation's side. */
export function influenceChina(state: GreatWarState, ctx: PhaseContext, nation: NationState): void {
  const refusal = courtRefusal(state, nation, ctx.turn);
  if (refusal || nation.treasury < C().influence.cost) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: nation.id, order: 'court China', code: refusal?.code ?? 'not-enough-resources', reason: refusal?.message ?? `an attempt costs ${C().influence.cost}` });
    return;
  }
  nation.treasury -= C().influence.cost;
  const side = nation.side === 'central' ? 'central' : 'allied';
  const moved = chanceRoll(ctx, C().influence.chance, `${nation.name} courts China`);
  ctx.emit({ type: 'china-courted', by: nation.id, moved });
  if (moved) moveChina(state, ctx, side, nation.id, 'influence');
}

// ---------------------------------------------------------------------------------------------------------------
// Hong Kong's port (British option 6: GW-OPT-GBR-21, -22)

/** `port Hong Kong`: whoever holds Hong Kong pays 20 for a full port there. */
export type HongKongPortOrder = { kind: 'hong-kong-port' };

export function hongKongPortRefusal(state: GreatWarState, nation: NationState): { code: string; message: string } | undefined {
  const { territory } = C().hongKongPort;
  const name = areaName(territory);
  if (state.board.territories[territory]?.owner !== nation.id) return { code: 'not-held', message: `only the holder of ${name} may make it a full port (GW-OPT-GBR-22)` };
  if (hasFacility(state, territory, 'port')) return { code: 'facility-exists', message: `${name} already has a port` };
  if (coastalSeas(theWorld(state.scenario), territory).length === 0) return { code: 'not-coastal', message: `a port needs a coast: ${name} touches no sea zone` };
  return undefined;
}

export const hongKongPortSpec: OrderSpec<HongKongPortOrder> = {
  kind: 'hong-kong-port',
  words: ['port'],
  example: 'port Hong Kong',
  parseText(rest, at) {
    const typed = rest.replace(/^(at|in)\s+/i, '').trim();
    if (lookupCession(typed) === C().hongKongPort.territory) return { kind: 'hong-kong-port' };
    const suggestion = closestName(typed, [areaName(C().hongKongPort.territory)]);
    return [{ code: 'not-hong-kong', message: `only Hong Kong is upgraded to a full port by this order ('port Hong Kong'); other ports are built in phase 3`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind') problems.push({ code: 'unknown-field', message: `a hong-kong-port order has no field '${key}'`, path: jsonPath([...path, key]) });
    return problems.length ? problems : { kind: 'hong-kong-port' };
  },
  format: () => `port ${areaName(C().hongKongPort.territory)}`,
  refusal(_order, ledger, ctx, nation) {
    const r = hongKongPortRefusal(ctx.state, nation);
    if (r) return r;
    if (ledger.admitted.some((o) => o.kind === 'hong-kong-port')) return { code: 'duplicate-order', message: 'Hong Kong gets one port' };
    if (ledger.resources < C().hongKongPort.cost) return { code: 'not-enough-resources', message: `the port costs ${C().hongKongPort.cost}; ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: () => C().hongKongPort.cost,
  candidates: (_ledger, ctx, nation) => (hongKongPortRefusal(ctx.state, nation) ? [] : [{ kind: 'hong-kong-port' }]),
};

export function buildHongKongPort(state: GreatWarState, ctx: PhaseContext, nation: NationState): void {
  const refusal = hongKongPortRefusal(state, nation);
  const cost = C().hongKongPort.cost;
  if (refusal || nation.treasury < cost) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: nation.id, order: hongKongPortSpec.format({ kind: 'hong-kong-port' }), code: refusal?.code ?? 'not-enough-resources', reason: refusal?.message ?? `the port costs ${cost}` });
    return;
  }
  nation.treasury -= cost;
  const id = newUnit(state, nation.id, 'port', C().hongKongPort.territory);
  ctx.emit({ type: 'hong-kong-port', nation: nation.id, cost, unit: id });
}
