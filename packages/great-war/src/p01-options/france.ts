/**
 * Clauses: GW-OPT-FRA (option 2).
 * French option 2: Foreign Legion infantry bought by France in the cities Russia holds, on Russia's manpower (D-OPT-14).
 */
import { closestName, jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import { allied, nationName, sideOf } from '../base/conquest.js';
import { nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { OrderSpec, Ledger, TextPosition, Ctx } from '../orders/language.js';
import { manpowerRegionAt, newUnit } from '../economy/placement.js';
import type { UnitType } from '../data/schema.js';
import { theWorld } from '../data/world.js';
import { lookupArea } from '../orders/names.js';
import { unitStats } from '../base/units.js';
import { numbers, type LegionOrder, notYours, afford, pay } from './shared.js';

/** The host's manpower pool a Legion unit at `at` uses (D-OPT-14). */
function legionPool(state: GreatWarState, at: string) {
  const l = numbers().foreignLegion;
  const host = nationOf(state, l.host);
  return host?.manpower.find((m) => m.region === manpowerRegionAt(host, at, theWorld(state.scenario)));
}

/** What `count` Legion infantry cost France after `already` others this turn (D-OPT-14): France's price, double for each over the host's manpower limit. */
export function legionCost(state: GreatWarState, nation: NationState, at: string, count: number, already = 0): number {
  const l = numbers().foreignLegion;
  const price = unitStats(state, nation, l.unit as UnitType).cost ?? 0;
  const pool = legionPool(state, at);
  let total = 0;
  for (let k = 0; k < count; k++) total += pool && pool.built + already + k >= pool.limit ? 2 * price : price;
  return total;
}

/** Whether a territory is a city the host holds (GW-OPT-FRA-05). */
const hostCity = (state: GreatWarState, at: string): boolean =>
  theWorld(state.scenario).territory.get(at)?.city === true && state.board.territories[at]?.owner === numbers().foreignLegion.host;

const LEGION_TITLE = 'French option 2 (the Foreign Legion in Russia)';

const legionAlready = (ledger: Ledger): number => ledger.admitted.filter((o) => o.kind === 'foreign-legion').reduce((n, o) => n + Number(o['count']), 0);

/** French option 2: Foreign Legion infantry bought for Russia's cities (GW-OPT-FRA-05..07). */
export const legionSpec: OrderSpec<LegionOrder> = {
  kind: 'foreign-legion',
  words: ['foreign-legion'],
  example: 'foreign-legion 2 in Warsaw',
  parseText(rest: string, at: TextPosition, ctx: Ctx) {
    const m = /^(\d+)(\s+(?:infantry\s+)?in\s+)(.+)$/i.exec(rest.trim());
    if (!m) return [{ code: 'bad-legion', message: `how many, and in which Russian city? e.g. '${legionSpec.example}'`, line: at.line, column: at.column }];
    const r = lookupArea(m[3]!, { world: theWorld(ctx.state.scenario) });
    const column = at.column + m[1]!.length + m[2]!.length;
    if (!r.ok) {
      return [
        r.reason === 'ambiguous'
          ? { code: 'ambiguous-area', message: `'${m[3]!}' could be ${r.names.slice(0, 8).join(', ')}: type more of the name`, line: at.line, column }
          : { code: 'unknown-area', message: `there is no territory '${m[3]!}'`, line: at.line, column, ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}) },
      ];
    }
    return { kind: 'foreign-legion', count: Number(m[1]), at: r.id };
  },
  checkJson(item, path, ctx) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (!['kind', 'count', 'at'].includes(key)) problems.push({ code: 'unknown-field', message: `a foreign-legion order has no field '${key}'`, path: jsonPath([...path, key]) });
    const count = item['count'];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) problems.push({ code: 'bad-count', message: 'count is a whole number, 1 or more', path: jsonPath([...path, 'count']) });
    const at = item['at'];
    const world = theWorld(ctx.state.scenario);
    if (typeof at !== 'string' || !world.territory.has(at)) {
      const suggestion = typeof at === 'string' ? closestName(at, world.territories.map((t) => t.id)) : undefined;
      problems.push({ code: 'unknown-area', message: 'at is a territory id, e.g. "warsaw"', path: jsonPath([...path, 'at']), ...(suggestion ? { suggestion } : {}) });
    }
    return problems.length ? problems : { kind: 'foreign-legion', count: count as number, at: at as string };
  },
  format: (o) => `foreign-legion ${o.count} in ${theWorld().names.get(o.at) ?? o.at}`,
  refusal(o, ledger, ctx, nation) {
    const l = numbers().foreignLegion;
    const mine = notYours(nation, { nations: () => [l.nation], title: LEGION_TITLE });
    if (mine) return mine;
    const already = legionAlready(ledger);
    if (already + o.count > l.perTurn) return { code: 'too-many-units', message: `the Foreign Legion takes ${l.perTurn} infantry a turn${already ? `; ${already} already` : ''}` };
    if (!allied(ctx.state, l.host, nation.id) || sideOf(ctx.state, l.host) === 'neutral') return { code: 'not-an-ally', message: `${nationName(ctx.state, l.host)} is not ${nation.name}'s ally in the war` };
    if (!hostCity(ctx.state, o.at)) return { code: 'not-a-host-city', message: `the Legion is placed in cities ${nationName(ctx.state, l.host)} holds: ${theWorld(ctx.state.scenario).names.get(o.at) ?? o.at} is not one`, field: 'at' };
    return afford(nation, ledger, legionCost(ctx.state, nation, o.at, o.count, already), LEGION_TITLE);
  },
  cost: (o, ledger, ctx, nation) => legionCost(ctx.state, nation, o.at, o.count, legionAlready(ledger)),
  candidates(_l, ctx, nation) {
    const l = numbers().foreignLegion;
    if (nation.id !== l.nation) return [];
    const city = theWorld(ctx.state.scenario).territories.find((t) => hostCity(ctx.state, t.id));
    return city ? [{ kind: 'foreign-legion', count: 1, at: city.id }] : [];
  },
};

/**
 * French option 2 (GW-OPT-FRA-05..07, D-OPT-14): Legion infantry of France raised at once in a city Russia holds, using
 * Russia's manpower; France pays for them and commands them.
 */
export function runLegion(state: GreatWarState, nation: NationState, order: LegionOrder, already: number, ctx: PhaseContext): number {
  if (!hostCity(state, order.at)) {
    ctx.emit({ type: 'national-option-void', nation: nation.id, kind: 'foreign-legion', reason: 'not-a-host-city', at: order.at, cost: 0, treasury: nation.treasury });
    return 0;
  }
  const cost = legionCost(state, nation, order.at, order.count);
  if (!pay(nation, cost, 'foreign-legion', ctx)) return 0;
  const pool = legionPool(state, order.at);
  const ids: string[] = [];
  for (let k = 0; k < order.count; k++) {
    ids.push(newUnit(state, nation.id, numbers().foreignLegion.unit as UnitType, order.at));
    if (pool) pool.built += 1;
  }
  ctx.emit({ type: 'foreign-legion', nation: nation.id, host: numbers().foreignLegion.host, at: order.at, count: order.count, ids, cost });
  return already + order.count;
}
