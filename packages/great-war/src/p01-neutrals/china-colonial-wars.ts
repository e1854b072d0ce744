/**
 * Clauses: GW-NEUT-CHN (China's attacks on the colonies).
 * China reclaims Hong Kong, Jiaozhou or Indochina without declaring war on its holder (D-CHN-6); the holder may strike
 * back for two turns and give back the Chinese land it took for the colony; in phase 15 the exchanges are made and
 * the windows that close end in peace, or in war for a holder that kept Chinese land.
 */
import { closestName, jsonPath, type PhaseContext, type Problem, type SeatId } from '@umpire/engine';
import { areaName } from '../orders/names.js';
import { allied, nationName } from '../base/conquest.js';
import { refreshAsianIncomeCaps, type ColonialWar, C, CHINA, chinaRecord, chinaGearedUp, chinaDeclarationRefusal } from './far-east.js';
import { atWar, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { declareWar, makePeace } from '../p01-diplomacy/politics.js';
import { theWorld } from '../data/world.js';
import { cessionOf, lookupCession, cessionNames } from './china-ceded.js';

// ---------------------------------------------------------------------------------------------------------------
// China's attacks on Hong Kong, Jiaozhou and Indochina, and the exchange (GW-NEUT-CHN-17..20, D-CHN-6)

/** The colonial wars whose window is still open. */
export function openColonialWars(state: GreatWarState): ColonialWar[] {
  return (chinaRecord(state).colonialWars ?? []).filter((w) => w.status === 'open');
}

/** `reclaim Hong Kong`: China goes for a colony without declaring war on its holder. */
export type ReclaimOrder = { kind: 'reclaim'; territory: string };

/** `exchange Shantung for Hong Kong`: the colony's owner gives back a Chinese territory it took for the colony. */
export type ExchangeOrder = { kind: 'exchange'; give: string; take: string };

export function reclaimRefusal(state: GreatWarState, nation: NationState, territory: string): { code: string; message: string } | undefined {
  const name = areaName(territory);
  if (nation.id !== CHINA) return { code: 'not-china', message: 'only China reclaims its lost colonies' };
  if (!cessionOf(territory)) return { code: 'not-a-colony', message: `${name} is not one of ${cessionNames().join(', ')}` };
  if (!chinaGearedUp(state)) return chinaDeclarationRefusal(state, CHINA)!;
  const holder = state.board.territories[territory]?.owner;
  if (!holder || holder === CHINA) return { code: 'already-chinese', message: `${name} is China's already` };
  if (atWar(state, CHINA, holder)) return { code: 'already-at-war', message: `China is at war with ${nationName(state, holder)} already: attack ${name} with a move` };
  if (allied(state, CHINA, holder)) return { code: 'ally-colony', message: `${nationName(state, holder)} is China's ally: China reclaims no colony from its own side (D-CHN-6)` };
  return undefined;
}

function chineseTerritory(typed: string): string | undefined {
  const world = theWorld();
  const t = typed.trim().toLowerCase();
  return world.territories.find((x) => x.owner === CHINA && (x.id === t || x.name.toLowerCase() === t || x.aliases.some((a) => a.toLowerCase() === t)))?.id;
}

export function exchangeRefusal(state: GreatWarState, nation: NationState, give: string, take: string): { code: string; message: string } | undefined {
  const w = openColonialWars(state).find((x) => x.owner === nation.id && x.territory === take);
  if (!w) return { code: 'no-colonial-war', message: `${nation.name} has no open colonial war with China over ${areaName(take)} (GW-NEUT-CHN-18)` };
  if (theWorld(state.scenario).territory.get(give)?.owner !== CHINA) return { code: 'not-chinese', message: `${areaName(give)} is not a Chinese territory` };
  return undefined;
}

export const reclaimSpec: OrderSpec<ReclaimOrder> = {
  kind: 'reclaim',
  words: ['reclaim'],
  example: 'reclaim Hong Kong',
  parseText(rest, at) {
    const territory = lookupCession(rest);
    if (territory) return { kind: 'reclaim', territory };
    const suggestion = closestName(rest.trim(), cessionNames());
    return [{ code: 'not-a-colony', message: `which colony? ${cessionNames().join(', ')}; not '${rest.trim()}'`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) }];
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'territory') problems.push({ code: 'unknown-field', message: `a reclaim order has no field '${key}'`, path: jsonPath([...path, key]) });
    const t = item['territory'];
    if (typeof t !== 'string' || !cessionOf(t)) problems.push({ code: 'not-a-colony', message: `a reclaim order's territory is one of ${C().cessions.map((c) => c.territory).join(', ')}`, path: jsonPath([...path, 'territory']) });
    return problems.length ? problems : { kind: 'reclaim', territory: t as string };
  },
  format: (o) => `reclaim ${areaName(o.territory)}`,
  refusal(order, ledger, ctx, nation) {
    const r = reclaimRefusal(ctx.state, nation, order.territory);
    if (r) return { ...r, field: 'territory' };
    if (ledger.admitted.some((o) => o.kind === 'reclaim' && o['territory'] === order.territory)) return { code: 'duplicate-order', message: 'one reclaim order a colony' };
    return undefined;
  },
  cost: () => 0,
  candidates: (_ledger, ctx, nation) => C().cessions.filter((c) => !reclaimRefusal(ctx.state, nation, c.territory)).map((c) => ({ kind: 'reclaim' as const, territory: c.territory })),
};

export const exchangeSpec: OrderSpec<ExchangeOrder> = {
  kind: 'exchange',
  words: ['exchange'],
  example: 'exchange Shantung for Jiaozhou',
  parseText(rest, at) {
    const m = /^(.+?)\s+for\s+(.+)$/i.exec(rest.trim());
    if (!m) return [{ code: 'bad-exchange', message: "exchange what for what? e.g. 'exchange Shantung for Jiaozhou'", line: at.line, column: at.column }];
    const give = chineseTerritory(m[1]!);
    const take = lookupCession(m[2]!);
    const problems: Problem[] = [];
    if (!give) problems.push({ code: 'not-chinese', message: `'${m[1]!}' is not a Chinese territory`, line: at.line, column: at.column });
    if (!take) {
      const suggestion = closestName(m[2]!, cessionNames());
      problems.push({ code: 'not-a-colony', message: `'${m[2]!}' is not one of ${cessionNames().join(', ')}`, line: at.line, column: at.column + rest.indexOf(m[2]!), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'exchange', give: give!, take: take! };
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (!['kind', 'give', 'take'].includes(key)) problems.push({ code: 'unknown-field', message: `an exchange order has no field '${key}'`, path: jsonPath([...path, key]) });
    const give = item['give'];
    const take = item['take'];
    if (typeof give !== 'string' || theWorld().territory.get(give)?.owner !== CHINA) problems.push({ code: 'not-chinese', message: 'an exchange gives back a Chinese territory', path: jsonPath([...path, 'give']) });
    if (typeof take !== 'string' || !cessionOf(take)) problems.push({ code: 'not-a-colony', message: `an exchange takes back one of ${C().cessions.map((c) => c.territory).join(', ')}`, path: jsonPath([...path, 'take']) });
    return problems.length ? problems : { kind: 'exchange', give: give as string, take: take as string };
  },
  format: (o) => `exchange ${areaName(o.give)} for ${areaName(o.take)}`,
  refusal(order, ledger, ctx, nation) {
    const r = exchangeRefusal(ctx.state, nation, order.give, order.take);
    if (r) return { ...r, field: 'take' };
    if (ledger.admitted.some((o) => o.kind === 'exchange' && o['take'] === order.take)) return { code: 'duplicate-order', message: 'one exchange a colony' };
    return undefined;
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    const out: ExchangeOrder[] = [];
    for (const w of openColonialWars(ctx.state).filter((x) => x.owner === nation.id)) {
      for (const [id, hold] of Object.entries(ctx.state.board.territories)) if (hold.owner === nation.id && theWorld(ctx.state.scenario).territory.get(id)?.owner === CHINA) out.push({ kind: 'exchange', give: id, take: w.territory });
    }
    return out;
  },
};

/** China reclaims a colony (D-CHN-6): at war with its holder for the attack, without a declaration; the window opens. */
export function reclaim(state: GreatWarState, ctx: PhaseContext, china: NationState, territory: string): void {
  const refusal = reclaimRefusal(state, china, territory);
  if (refusal) {
    ctx.emit({ type: 'order-void', phase: 'china', nation: CHINA, order: reclaimSpec.format({ kind: 'reclaim', territory }), code: refusal.code, reason: refusal.message });
    return;
  }
  const owner = state.board.territories[territory]!.owner;
  chinaRecord(state).colonialWars.push({ owner, territory, since: ctx.turn, status: 'open' });
  ctx.emit({ type: 'china-reclaims', territory, owner });
  declareWar(state, ctx, CHINA, owner, 'triggered');
}

/** Move every unit of `nation` in `from` to `to`. */
function moveAll(state: GreatWarState, nation: string, from: string, to: string): void {
  for (const u of state.board.units) if (u.nation === nation && u.at === from) u.at = to;
}

/**
 * Phase 15: the owner's exchanges, then the windows that close (GW-NEUT-CHN-18..20, D-CHN-6). An exchange gives the
 * Chinese territory back for the colony, garrisons swapping places, and ends the war. When the window closes (the
 * end of the second turn after the reclaim) the owner that still holds a Chinese territory has declared war on China;
 * one that holds none makes peace.
 */
export function settleColonialWars(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): void {
  const world = theWorld(state.scenario);
  for (const n of state.nations) {
    for (const o of (orders.get(n.id)?.orders ?? []).filter((x) => x.kind === 'exchange')) {
      const give = String(o['give']);
      const take = String(o['take']);
      const w = openColonialWars(state).find((x) => x.owner === n.id && x.territory === take);
      const text = exchangeSpec.format({ kind: 'exchange', give, take });
      if (!w || state.board.territories[give]?.owner !== n.id || state.board.territories[take]?.owner !== CHINA) {
        ctx.emit({ type: 'order-void', phase: 'china-end', nation: n.id, order: text, code: 'no-exchange', reason: `${n.name} must hold ${areaName(give)} and China ${areaName(take)} for the exchange` });
        continue;
      }
      moveAll(state, n.id, give, take);
      moveAll(state, CHINA, take, give);
      state.board.territories[give] = { owner: CHINA, incorporated: true };
      state.board.territories[take] = { owner: n.id, incorporated: true };
      w.status = 'exchanged';
      ctx.emit({ type: 'colonial-exchange', owner: n.id, give, take });
      makePeaceQuietly(state, ctx, n.id, `${areaName(give)} exchanged for ${areaName(take)}`);
    }
  }
  for (const w of openColonialWars(state)) {
    if (ctx.turn < w.since + C().colonialWarTurns) continue;
    const taken = world.territories.filter((t) => t.owner === CHINA && state.board.territories[t.id]?.owner === w.owner).map((t) => t.id);
    if (taken.length) {
      w.status = 'war';
      ctx.emit({ type: 'colonial-war-declared', owner: w.owner, territory: w.territory, taken });
    } else {
      w.status = 'peace';
      ctx.emit({ type: 'colonial-war-over', owner: w.owner, territory: w.territory });
      makePeaceQuietly(state, ctx, w.owner, 'the colonial war is over');
    }
  }
}

function makePeaceQuietly(state: GreatWarState, ctx: PhaseContext, owner: string, why: string): void {
  makePeace(state, ctx, CHINA, owner, why);
  refreshAsianIncomeCaps(state);
}
