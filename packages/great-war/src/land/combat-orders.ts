import { closestName, jsonPath, type Problem } from '@umpire/engine';
import { lookupUnitType, territoryAt, territoryIdAt } from '../orders/grammar.js';
import { areaDisplay, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar } from '../base/nations.js';
import type { OrderSpec } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { lookupArea } from '../orders/names.js';
import { type LossesOrder, type RetreatOrder, CASUALTY_TYPES } from '../combat/losses.js';

/**
 * The standing orders of land combat (GW-P10-LAND, GW-COMBAT; decisions D-SIM-9 onward): `losses`, the order in
 * which a nation's units are lost, and `retreat`, when and where its units leave a battle.
 */

export const lossesSpec: OrderSpec<LossesOrder> = {
  kind: 'losses',
  words: ['losses'],
  example: 'losses infantry, artillery',
  parseText(rest, at) {
    if (rest.trim() === '') return [{ code: 'missing-units', message: "which units are lost first? e.g. 'losses infantry, artillery'", line: at.line, column: at.column }];
    const problems: Problem[] = [];
    const order: string[] = [];
    const re = /[^,>]+/g;
    for (let m = re.exec(rest); m; m = re.exec(rest)) {
      const item = m[0].trim().replace(/^then\s+/i, '');
      if (!item) continue;
      const column = at.column + m.index + m[0].indexOf(item);
      const t = lookupUnitType(item, CASUALTY_TYPES, 'can be named in a loss order');
      if (!t.ok) problems.push({ code: t.error.code, message: t.error.message, line: at.line, column, ...(t.error.suggestion ? { suggestion: t.error.suggestion } : {}) });
      else if (order.includes(t.value)) problems.push({ code: 'named-twice', message: `${unitWord(t.value, 2)} are named twice`, line: at.line, column });
      else order.push(t.value);
    }
    return problems.length ? problems : { kind: 'losses', order };
  },
  checkJson(item, path) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'order') problems.push({ code: 'unknown-field', message: `a losses order has no field '${key}'`, path: jsonPath([...path, key]) });
    const order = item['order'];
    if (!Array.isArray(order) || order.length === 0) return [...problems, { code: 'missing-units', message: 'a losses order lists unit types, the first lost first, e.g. ["infantry", "artillery"]', path: jsonPath([...path, 'order']) }];
    const seen = new Set<string>();
    order.forEach((t: unknown, i) => {
      if (typeof t !== 'string' || !(CASUALTY_TYPES as readonly string[]).includes(t)) {
        const suggestion = typeof t === 'string' ? closestName(t, CASUALTY_TYPES) : undefined;
        problems.push({ code: 'unknown-unit', message: `'${String(t)}' is not a unit type a loss order may name (${CASUALTY_TYPES.join(', ')})`, path: jsonPath([...path, 'order', i]), ...(suggestion ? { suggestion } : {}) });
      } else if (seen.has(t)) problems.push({ code: 'named-twice', message: `'${t}' is named twice`, path: jsonPath([...path, 'order', i]) });
      else seen.add(t);
    });
    return problems.length ? problems : { kind: 'losses', order: order as string[] };
  },
  format(order) {
    return `losses ${order.order.map((t) => unitWord(t)).join(', ')}`;
  },
  refusal(_order, ledger, _ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'losses')) return { code: 'one-loss-order', message: `${nation.name} gives one loss order a turn; it holds for every battle` };
    return undefined;
  },
  cost: () => 0,
  candidates(ledger) {
    return ledger.admitted.some((o) => o.kind === 'losses') ? [] : [{ kind: 'losses', order: ['infantry', 'artillery', 'tank'] }];
  },
};

/** Where a battle may be: a land territory or, for the fleets, a sea zone. */
export function battleAreaAt(typed: string, line: number, column: number, world: WorldMap): string | Problem {
  const t = territoryAt(typed, line, column, world);
  if (typeof t !== 'string' && t.code === 'not-a-territory') {
    const z = lookupArea(typed, { world });
    if (z.ok) return z.id;
  }
  return t;
}

export function battleAreaIdAt(value: unknown, path: readonly (string | number)[], world: WorldMap, what: string): string | Problem {
  if (typeof value === 'string' && world.sea.has(value)) return value;
  return territoryIdAt(value, path, world, what);
}

export const RETREAT_RE = /^from\s+(?<from>.+?)(?:\s+to\s+(?<to>.+?))?(?:\s+(?:after\s+round\s+(?<after>\d+)|after\s+(?<rounds>\d+)\s+rounds?|(?<out>(?:when|if)\s+outnumbered)))?$/di;

export const retreatSpec: OrderSpec<RetreatOrder> = {
  kind: 'retreat',
  words: ['retreat', 'withdraw'],
  example: 'retreat from Verdun after round 2',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = RETREAT_RE.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
    if (!m?.groups) return [{ code: 'bad-retreat', message: "a retreat order reads 'retreat from Verdun after round 2', 'retreat from Verdun when outnumbered' or, defending, 'retreat from Verdun to Reims after round 1'", line: at.line, column: at.column }];
    const g = m.groups as Record<string, string | undefined>;
    const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
    const problems: Problem[] = [];
    const from = battleAreaAt(g['from']!, at.line, col('from'), world);
    if (typeof from !== 'string') problems.push(from);
    let to: string | undefined;
    if (g['to'] !== undefined) {
      const t = battleAreaAt(g['to'], at.line, col('to'), world);
      if (typeof t === 'string') to = t;
      else problems.push(t);
    }
    const round = Number(g['after'] ?? g['rounds'] ?? 1);
    if (round < 1) problems.push({ code: 'bad-round', message: 'a battle has round 1, 2, ...', line: at.line, column: col(g['after'] ? 'after' : 'rounds') });
    if (problems.length || typeof from !== 'string') return problems;
    return { kind: 'retreat', from, ...(to ? { to } : {}), ...(g['out'] ? { when: 'outnumbered' as const } : { after: round }) };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems: Problem[] = [];
    const fields = ['kind', 'from', 'to', 'after', 'when'];
    for (const key of Object.keys(item)) {
      if (!fields.includes(key)) {
        const suggestion = closestName(key, fields);
        problems.push({ code: 'unknown-field', message: `a retreat order has no field '${key}'`, path: jsonPath([...path, key]), ...(suggestion ? { suggestion } : {}) });
      }
    }
    const from = battleAreaIdAt(item['from'], [...path, 'from'], world, 'from');
    if (typeof from !== 'string') problems.push(from);
    let to: string | undefined;
    if (item['to'] !== undefined) {
      const t = battleAreaIdAt(item['to'], [...path, 'to'], world, 'to');
      if (typeof t === 'string') to = t;
      else problems.push(t);
    }
    const after = item['after'];
    const when = item['when'];
    if ((after === undefined) === (when === undefined)) {
      problems.push({ code: 'retreat-when', message: 'a retreat order says when: "after" (a round number) or "when": "outnumbered", one of the two', path: jsonPath(path) });
    } else if (after !== undefined && !(typeof after === 'number' && Number.isInteger(after) && after >= 1)) {
      problems.push({ code: 'bad-round', message: 'after is a round number, 1 or more', path: jsonPath([...path, 'after']) });
    } else if (when !== undefined && when !== 'outnumbered') {
      problems.push({ code: 'bad-when', message: 'when is "outnumbered"', path: jsonPath([...path, 'when']), suggestion: 'outnumbered' });
    }
    if (problems.length || typeof from !== 'string') return problems;
    return { kind: 'retreat', from, ...(to ? { to } : {}), ...(when === 'outnumbered' ? { when: 'outnumbered' as const } : { after: after as number }) };
  },
  format(order) {
    const world = theWorld();
    const to = order.to ? ` to ${areaDisplay(order.to, world)}` : '';
    return `retreat from ${areaDisplay(order.from, world)}${to} ${order.when === 'outnumbered' ? 'when outnumbered' : `after round ${order.after ?? 1}`}`;
  },
  refusal(order, ledger, ctx) {
    const world = theWorld(ctx.state.scenario);
    if (ledger.admitted.some((o) => o.kind === 'retreat' && o['from'] === order.from)) return { code: 'one-retreat-order', message: `one retreat order per battle: ${world.names.get(order.from)} has one already`, field: 'from' };
    const kinds = world.sea.has(order.from) ? ['sea'] : ['land', 'strait'];
    if (order.to && !world.graph.adjacent(order.from, order.to, kinds)) return { code: 'not-adjacent', message: `${world.names.get(order.to)} does not border ${world.names.get(order.from)}: defenders retreat next door`, field: 'to' };
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const mine = [...new Set(state.board.units.filter((u) => u.nation === nation.id).map((u) => u.at))].filter((id) => world.territory.has(id)).sort();
    for (const at of mine) {
      for (const n of world.graph.neighbours(at, ['land', 'strait'])) {
        const owner = state.board.territories[n.id]?.owner ?? '';
        if (atWar(state, nation.id, owner) && !ledger.admitted.some((o) => o.kind === 'retreat' && o['from'] === n.id)) return [{ kind: 'retreat', from: n.id, when: 'outnumbered' }];
      }
    }
    return [];
  },
};
