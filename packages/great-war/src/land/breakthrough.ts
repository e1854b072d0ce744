import { closestName, jsonPath, type GameEvent, type PhaseContext, type Problem, type SeatId, ordersOf } from '@umpire/engine';
import { allied, captureTerritory, checkConquests, nationName } from '../base/conquest.js';
import { resolveBattle } from './land-combat.js';
import { battleParticipants } from '../combat/battle.js';
import { standingOrders } from '../combat/losses.js';
import { contestOf, checkMove, type MoveOrder } from './land-movement.js';
import { territoryAt, territoryIdAt, voidOrder } from '../orders/grammar.js';
import { areaDisplay, countByType, presenceOf, unitOrder } from '../base/counting.js';
import { type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, GreatWarOrders, Ledger, OrderSpec } from '../orders/language.js';
import { unitStats } from '../base/units.js';
import { statsOfUnit } from '../base/units.js';
import { theWorld } from '../data/world.js';

/**
 * The tank breakthrough (GW-TECH-18, GW-TECH-19; decisions D-BRK-1..4 in docs/great-war/technology-and-victory.md).
 * `breakthrough 2 tanks from Verdun to Reims`: tanks with the breakthrough ability (4th Tanks advance) that moved into
 * Verdun in phase 8 and took it (unopposed in phase 8 or in its battle in phase 10) go on, after every battle of phase
 * 10, into Reims next to it: a move if it is friendly, a capture if it is hostile and undefended, else a battle fought
 * there and then, after all the others.
 */

export const BREAKTHROUGH = 'breakthrough';
const TANK = 'tank';
const LAND_LINKS = ['land', 'strait'] as const;

export type BreakthroughOrder = { kind: 'breakthrough'; count: number | 'all'; from: string; to: string };

/** The territories captured by land this turn (phases 8 and 10), in `state.politics.upgrades`; emptied by the breakthrough phase. */
function captures(state: GreatWarState): string[] {
  const r = state.politics.upgrades as { captured?: string[] };
  return (r.captured ??= []);
}

/** Hook of `captureTerritory`: a territory changes hands by land (D-BRK-2 reads it). */
export function breakthroughOnCapture(state: GreatWarState, territory: string): void {
  const list = captures(state);
  if (!list.includes(territory)) list.push(territory);
}

/** Whether a nation's new tanks have the breakthrough (the 4th Tanks advance, GW-TECH-18). */
export function nationHasBreakthrough(state: GreatWarState, nation: NationState | string): boolean {
  return unitStats(state, nation, TANK).abilities.includes(BREAKTHROUGH);
}

/** Whether the nation's orders so far send its tanks into `territory` in phase 8. */
function tanksMoveInto(ledger: Ledger, nation: string, territory: string): boolean {
  return ledger.admitted.some((o: AnyOrder) => {
    if (o.kind !== 'move') return false;
    const m = o as unknown as MoveOrder;
    return (m.nation ?? nation) === nation && m.to === territory && (m.units === 'all' || m.units[TANK] !== undefined);
  });
}

const RE = /^(?:(?<count>\d+|all)\s+)?(?:tanks?\s+)?from\s+(?<from>.+?)\s*(?:->|\s+to\s+)(?<to>.+?)$/di;

function breakthroughRefusal(order: BreakthroughOrder, ledger: Ledger, state: GreatWarState, nation: NationState): { code: string; message: string; field?: string } | undefined {
  const world = theWorld(state.scenario);
  const name = (id: string) => areaDisplay(id, world);
  if (order.from === order.to) return { code: 'same-territory', message: `a breakthrough goes on from one territory to another; ${name(order.from)} is both`, field: 'to' };
  if (!world.graph.adjacent(order.from, order.to, LAND_LINKS)) return { code: 'not-adjacent', message: `a breakthrough goes on to a territory next to the one taken; ${name(order.from)} does not border ${name(order.to)} by land`, field: 'to' };
  if (!nationHasBreakthrough(state, nation)) return { code: 'no-breakthrough', message: `${nation.name}'s tanks have no breakthrough: it comes with the 4th Tanks advance (GW-TECH-18)` };
  if (!tanksMoveInto(ledger, nation.id, order.from)) {
    return { code: 'no-tank-attack', message: `no move of ${nation.name}'s tanks into ${name(order.from)} this turn: tanks break through from the territory they take ('move 2 tanks from ... to ${name(order.from)}')`, field: 'from' };
  }
  return undefined;
}

export const breakthroughSpec: OrderSpec<BreakthroughOrder> = {
  kind: 'breakthrough',
  words: ['breakthrough'],
  example: 'breakthrough 2 tanks from Verdun to Reims',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = RE.exec(rest.trim()) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
    if (!m || !m.groups) return [{ code: 'bad-breakthrough', message: `a breakthrough reads '${breakthroughSpec.example}' (the count may be 'all' or left out: all)`, line: at.line, column: at.column }];
    const g = m.groups as Record<string, string | undefined>;
    const lead = rest.length - rest.trimStart().length;
    const col = (k: string) => at.column + lead + (m.indices.groups[k]?.[0] ?? 0);
    const problems: Problem[] = [];
    const countText = g['count'];
    const count = countText === undefined || /^all$/i.test(countText) ? 'all' : Number(countText);
    if (count !== 'all' && count < 1) problems.push({ code: 'bad-count', message: 'a breakthrough names 1 or more tanks, or all', line: at.line, column: col('count') });
    const from = territoryAt(g['from']!, at.line, col('from'), world);
    if (typeof from !== 'string') problems.push(from);
    const to = territoryAt(g['to']!, at.line, col('to'), world);
    if (typeof to !== 'string') problems.push(to);
    if (problems.length || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'breakthrough', count, from, to };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) {
      if (!['kind', 'count', 'from', 'to'].includes(key)) {
        const suggestion = closestName(key, ['count', 'from', 'to']);
        problems.push({ code: 'unknown-field', message: `a breakthrough order has no field '${key}'`, path: jsonPath([...path, key]), ...(suggestion ? { suggestion } : {}) });
      }
    }
    const c = item['count'] ?? 'all';
    if (c !== 'all' && (typeof c !== 'number' || !Number.isInteger(c) || c < 1)) problems.push({ code: 'bad-count', message: 'count is a whole number of tanks, 1 or more, or "all"', path: jsonPath([...path, 'count']) });
    const from = territoryIdAt(item['from'], [...path, 'from'], world, 'from');
    if (typeof from !== 'string') problems.push(from);
    const to = territoryIdAt(item['to'], [...path, 'to'], world, 'to');
    if (typeof to !== 'string') problems.push(to);
    if (problems.length || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'breakthrough', count: c as number | 'all', from, to };
  },
  format: (o) => `breakthrough ${o.count === 'all' ? 'all' : o.count} tank${o.count === 1 ? '' : 's'} from ${areaDisplay(o.from)} to ${areaDisplay(o.to)}`,
  refusal: (order, ledger, ctx, nation) => breakthroughRefusal(order, ledger, ctx.state, nation),
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    if (!nationHasBreakthrough(ctx.state, nation)) return [];
    const world = theWorld(ctx.state.scenario);
    const out: BreakthroughOrder[] = [];
    for (const o of ledger.admitted) {
      if (o.kind !== 'move') continue;
      const m = o as unknown as MoveOrder;
      if ((m.nation ?? nation.id) !== nation.id || !(m.units === 'all' || m.units[TANK] !== undefined)) continue;
      for (const n of world.graph.neighbours(m.to, [...LAND_LINKS]).slice(0, 2)) {
        if (n.id !== m.to && world.territory.has(n.id)) out.push({ kind: 'breakthrough', count: 'all', from: m.to, to: n.id });
      }
    }
    return out.slice(0, 4);
  },
};

/**
 * The 'breakthrough' phase, right after land combat (GW-TECH-19): each seat's breakthrough orders in seat order and
 * the order given move their tanks on; then, destination by destination in id order, an undefended enemy territory
 * is taken and a defended one fought for, after every other battle of the turn.
 */
export function resolveBreakthroughs(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  const captured = new Set(captures(state));
  const used = new Set<string>();
  const destinations: string[] = [];
  for (const seat of state.nations) {
    for (const order of ordersOf<BreakthroughOrder>(orders.get(seat.id), 'breakthrough')) {
      const text = breakthroughSpec.format(order);
      const name = (id: string) => areaDisplay(id, world);
      const nation = seat.id;
      const holder = state.board.territories[order.from]?.owner ?? '';
      if (!captured.has(order.from) || !allied(state, nation, holder)) {
        voidOrder(ctx, BREAKTHROUGH, nation, text, 'not-captured', `${nationName(state, nation)}'s side did not take ${name(order.from)} this turn`);
        continue;
      }
      const movedIn = new Set(state.land.moves.filter((m) => m.to === order.from).map((m) => m.unit));
      const ready = state.board.units
        .filter((u) => u.nation === nation && u.type === TANK && u.at === order.from && movedIn.has(u.id) && !used.has(u.id) && statsOfUnit(state, u).abilities.includes(BREAKTHROUGH))
        .sort(unitOrder);
      const going = order.count === 'all' ? ready : ready.slice(0, order.count);
      if (!going.length) {
        voidOrder(ctx, BREAKTHROUGH, nation, text, 'no-tanks', `no tank of ${nationName(state, nation)} with the breakthrough that took ${name(order.from)} is left there`);
        continue;
      }
      const check = checkMove(state, world, presenceOf(state), nation, order.from, order.to, undefined, [TANK]);
      if (!check.ok) {
        voidOrder(ctx, BREAKTHROUGH, nation, text, check.error.code, check.error.message);
        continue;
      }
      for (const u of going) {
        used.add(u.id);
        u.at = order.to;
        state.land.moves.push({ unit: u.id, start: order.from, from: order.from, to: order.to });
      }
      if (!destinations.includes(order.to)) destinations.push(order.to);
      ctx.emit({
        type: 'breakthrough',
        nation,
        from: order.from,
        to: order.to,
        units: countByType(going),
        ids: going.map((u) => u.id),
        ...(check.value.hostile ? { attack: true } : {}),
        ...(order.count !== 'all' && going.length < order.count ? { missing: order.count - going.length } : {}),
      });
    }
  }
  const standing = standingOrders(state, orders);
  const battles: string[] = [];
  for (const area of destinations.sort()) {
    const { attackers, defenders, camps } = contestOf(state, area);
    if (!attackers.length) continue;
    if (!defenders.length && camps.size === 1) captureTerritory(state, area, attackers, 'unopposed', ctx, world);
    else battles.push(area);
  }
  const pending = new Set(battles);
  for (const area of battles) {
    pending.delete(area);
    resolveBattle(state, { ...battleParticipants(state, area), key: `${area}.breakthrough` }, standing, pending, ctx);
  }
  checkConquests(state, ctx, world);
  (state.politics.upgrades as { captured?: string[] }).captured = [];
  return state;
}

export function describeBreakthroughEvent(event: GameEvent): string | undefined {
  if (event.type !== 'breakthrough') return undefined;
  const e = event as Record<string, unknown>;
  const units = Object.values((e['units'] as Record<string, number> | undefined) ?? {}).reduce((a, b) => a + b, 0);
  const missing = typeof e['missing'] === 'number' ? ` (${e['missing']} fewer than ordered)` : '';
  return `${nationName(undefined, String(e['nation']))} breaks through from ${areaDisplay(String(e['from']))} ${e['attack'] ? 'to attack' : 'into'} ${areaDisplay(String(e['to']))} with ${units} tank${units === 1 ? '' : 's'}${missing}.`;
}
