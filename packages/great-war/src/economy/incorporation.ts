import { closestName, jsonPath, type PhaseContext, type Problem, type SeatId } from '@umpire/engine';
import { areaName, lookupArea } from '../orders/names.js';
import type { WorldMap } from '../data/map.js';
import type { GreatWarState, NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { ruleNumbers } from '../data/rules.js';

/**
 * Phase 12: Incorporation (GW-P12-INC). A conquered territory pays its holder nothing until incorporated, for twice
 * its value; a nation's own 1914 territory that it takes back is incorporated for nothing, without an order
 * (D-ECON-11). Orders are given with the rest of the turn's, before the battles that may win the territory: an order
 * for a territory the nation does not hold unincorporated when phase 12 comes is void and costs nothing.
 */

export type IncorporateOrder = { kind: 'incorporate'; territory: string };

/** Twice the territory's value, or nothing for a territory the nation held in 1914 (GW-P12-INC-04, -05). */
export function incorporationCost(territory: string, nation: string, world: WorldMap = theWorld()): number {
  const t = world.territory.get(territory);
  if (!t) return 0;
  return t.owner === nation ? 0 : ruleNumbers.economy.incorporationMultiplier * t.value;
}

function lookupTerritory(typed: string, line: number, column: number): string | Problem {
  const r = lookupArea(typed);
  if (r.ok && r.kind === 'land') return r.id;
  if (r.ok) return { code: 'not-a-territory', message: `only land territories are incorporated: the ${r.name} is a sea zone`, line, column };
  if (r.reason === 'ambiguous') return { code: 'ambiguous-area', message: `'${typed}' could be ${r.names.slice(0, 8).join(', ')}${r.names.length > 8 ? ` and ${r.names.length - 8} more` : ''}: type more of the name`, line, column };
  return { code: 'unknown-area', message: `there is no territory '${typed}'`, line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) };
}

const candidateCache = new WeakMap<GreatWarState, Map<string, IncorporateOrder[]>>();

/** Unincorporated holdings, and a couple of enemy territories next to the nation's armies (a conquest may come). */
function incorporateCandidates(state: GreatWarState, nation: NationState): IncorporateOrder[] {
  let byNation = candidateCache.get(state);
  if (!byNation) candidateCache.set(state, (byNation = new Map()));
  const cached = byNation.get(nation.id);
  if (cached) return cached;
  const world = theWorld(state.scenario);
  const out: IncorporateOrder[] = [];
  for (const [id, hold] of Object.entries(state.board.territories)) if (hold.owner === nation.id && !hold.incorporated) out.push({ kind: 'incorporate', territory: id });
  const targets = new Set<string>();
  for (const u of state.board.units) {
    if (targets.size >= 2) break;
    if (u.nation !== nation.id || !world.territory.has(u.at)) continue;
    for (const n of world.graph.neighbours(u.at, ['land'])) {
      const holder = state.board.territories[n.id]?.owner;
      if (holder !== undefined && nation.atWarWith.includes(holder) && !targets.has(n.id)) {
        targets.add(n.id);
        break;
      }
    }
  }
  for (const t of targets) out.push({ kind: 'incorporate', territory: t });
  byNation.set(nation.id, out);
  return out;
}

export const incorporateSpec: OrderSpec<IncorporateOrder> = {
  kind: 'incorporate',
  words: ['incorporate'],
  example: 'incorporate Warsaw',
  parseText(rest, at) {
    if (rest === '') return [{ code: 'missing-territory', message: `which territory? e.g. '${incorporateSpec.example}'`, line: at.line, column: at.column }];
    const r = lookupTerritory(rest, at.line, at.column);
    return typeof r === 'string' ? { kind: 'incorporate', territory: r } : [r];
  },
  checkJson(item, path) {
    const world = theWorld();
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) {
      if (key !== 'kind' && key !== 'territory') problems.push({ code: 'unknown-field', message: `an incorporate order has no field '${key}'`, path: jsonPath([...path, key]) });
    }
    const t = item['territory'];
    if (typeof t !== 'string') return [...problems, { code: 'missing-territory', message: 'an incorporate order names a territory id, e.g. "warsaw"', path: jsonPath([...path, 'territory']) }];
    if (!world.territory.has(t)) {
      const suggestion = closestName(t, world.territory.keys());
      return [...problems, { code: 'unknown-area', message: `there is no territory '${t}'`, path: jsonPath([...path, 'territory']), ...(suggestion ? { suggestion } : {}) }];
    }
    return problems.length ? problems : { kind: 'incorporate', territory: t };
  },
  format: (order) => `incorporate ${areaName(order.territory)}`,
  refusal(order, ledger, ctx, nation) {
    const name = areaName(order.territory);
    const hold = ctx.state.board.territories[order.territory];
    if (hold?.owner === nation.id && hold.incorporated) return { code: 'already-incorporated', message: `${name} is already incorporated into ${nation.name}`, field: 'territory' };
    if (ledger.admitted.some((o) => o.kind === 'incorporate' && o['territory'] === order.territory)) {
      return { code: 'duplicate-incorporation', message: `${name} is incorporated once`, field: 'territory' };
    }
    const cost = incorporationCost(order.territory, nation.id);
    if (cost > ledger.resources) return { code: 'not-enough-resources', message: `incorporating ${name} costs ${cost} (twice its value), and ${nation.name} has ${ledger.resources} left` };
    return undefined;
  },
  cost: (order, _ledger, _ctx, nation) => incorporationCost(order.territory, nation.id),
  candidates: (_ledger, ctx, nation) => incorporateCandidates(ctx.state, nation),
};

/**
 * The 'incorporation' phase (12): every nation's incorporate orders, in seat order; then every territory that its 1914
 * owner holds unincorporated (taken back this turn) is incorporated for nothing.
 */
export function resolveIncorporation(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  for (const nation of state.nations) {
    for (const o of orders.get(nation.id)?.orders ?? []) {
      if (o.kind !== 'incorporate') continue;
      const territory = String(o['territory']);
      const hold = state.board.territories[territory];
      const cost = incorporationCost(territory, nation.id, world);
      const reason =
        hold?.owner !== nation.id
          ? `${nation.name} does not hold ${areaName(territory, world)}`
          : hold.incorporated
            ? `${areaName(territory, world)} is already incorporated`
            : cost > nation.treasury
              ? `it costs ${cost} and ${nation.name} has ${nation.treasury}`
              : undefined;
      if (reason !== undefined || !hold) {
        ctx.emit({ type: 'incorporation-void', nation: nation.id, territory, reason: reason ?? '', visibleTo: [nation.id] });
        continue;
      }
      nation.treasury -= cost;
      nation.ledger.incorporation += cost;
      nation.ledger.end = nation.treasury;
      hold.incorporated = true;
      ctx.emit({ type: 'incorporated', nation: nation.id, territory, cost });
    }
  }
  for (const t of world.territories) {
    const hold = state.board.territories[t.id];
    if (hold && !hold.incorporated && hold.owner === t.owner) {
      hold.incorporated = true;
      ctx.emit({ type: 'incorporated', nation: t.owner, territory: t.id, cost: 0, automatic: true });
    }
  }
  return state;
}
