import { closestName, jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import type { Side } from '../data/schema.js';
import { scenarioData, scenarioFiles } from '../data/load.js';
import type { WorldMap } from '../data/map.js';
import { atWar, minorOf, nationOf, type GreatWarState, type NationState } from './nations.js';
import type { OrderSpec } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { react } from './reactions.js';

/**
 * Who is on whose side on the ground, who commands which units, what happens when a territory changes hands, and
 * when a nation is conquered, goes into exile and is liberated (GW-CONQ, GW-ALLY, GW-P08-LANDMOVE-04/05,
 * GW-TRENCH-15). Decisions D-SIM-5, D-SIM-20 to D-SIM-22 of docs/great-war/adjudication.md.
 */

/** A nation's side, major or minor; undefined for an unknown id. */
export function sideOf(state: GreatWarState, id: string): Side | undefined {
  return (nationOf(state, id) ?? minorOf(state, id))?.side;
}

/**
 * Whether two nations are allies (GW-ALLY): the same nation, or both in the same camp of the war. The neutrals
 * (Japan included, though at war with Germany) are nobody's allies.
 */
export function allied(state: GreatWarState, a: string, b: string): boolean {
  if (a === b) return true;
  const sa = sideOf(state, a);
  return sa !== undefined && sa !== 'neutral' && sa === sideOf(state, b);
}

/**
 * A nation's display name: from the state, major or minor, when there is one; without a state (orders are formatted,
 * and events described, without one) from the shipped scenarios, which name the majors. The id when neither knows it.
 */
export function nationName(state: GreatWarState | undefined, id: string): string {
  if (state) return (nationOf(state, id) ?? minorOf(state, id))?.name ?? id;
  for (const scenario of Object.keys(scenarioFiles)) {
    const n = scenarioData(scenario).nations.find((x) => x.id === id);
    if (n) return n.name;
  }
  return id;
}

/** The fixed order of nations: the majors in seat order, then the minors. Ties and iteration follow it. */
export function nationIndex(state: GreatWarState, id: string): number {
  const major = state.nations.findIndex((n) => n.id === id);
  if (major >= 0) return major;
  const minor = state.minors.findIndex((n) => n.id === id);
  return minor >= 0 ? state.nations.length + minor : Number.MAX_SAFE_INTEGER;
}

/**
 * The seat that gives orders for a nation's units: a major commands its own, unless it is a government in exile,
 * whose host commands them (GW-CONQ-07); a minor's units are commanded by its controller when that is a seat
 * (decision D-NAT-10), else by the moderator (null: the umpire gives them no orders and decides by default).
 */
export function commanderOf(state: GreatWarState, nation: string): string | null {
  const major = nationOf(state, nation);
  if (major) return state.conquered[nation]?.host ?? (major.seat ? major.id : null);
  const minor = minorOf(state, nation);
  if (!minor) return null;
  const controller = nationOf(state, minor.controller);
  return controller?.seat ? controller.id : null;
}

/** The nation a capture by this nation's units goes to: the host for the units of a government in exile. */
export function captureCredit(state: GreatWarState, nation: string): string {
  return state.conquered[nation]?.host ?? nation;
}

/** The nation that held a territory in 1914 (the map's owner). */
export const originalOwner = (world: WorldMap, territory: string): string | undefined => world.territory.get(territory)?.owner;

/**
 * The original owner of a territory for the economy's placement rules: while a nation is a government in exile, its
 * territories not taken by the enemy count as the host's (GW-CONQ-10).
 */
export function effectiveOriginalOwner(state: GreatWarState, territory: string, world: WorldMap = theWorld(state.scenario)): string | undefined {
  const owner = originalOwner(world, territory);
  if (owner === undefined) return undefined;
  const exile = state.conquered[owner];
  if (exile?.host && state.board.territories[territory]?.owner === owner) return exile.host;
  return owner;
}

/** Whether a nation is conquered (GW-CONQ-01): it then collects nothing and builds nothing (GW-CONQ-02/03). */
export const isConquered = (state: GreatWarState, nation: string): boolean => state.conquered[nation] !== undefined;

/** A nation's supply centers: the territories of the map it held in 1914 that are supply centers (gap G11). */
export function homeSupplyCenters(world: WorldMap, nation: string): string[] {
  return world.territories.filter((t) => t.owner === nation && t.supplyCenter).map((t) => t.id);
}

/** A nation's capital on the map, if it has one. */
export function capitalOf(world: WorldMap, nation: string): string | undefined {
  return world.territories.find((t) => t.owner === nation && t.capital)?.id;
}

/** Remove every trench that guards a territory (GW-TRENCH-15, decision D-SIM-14). */
export function destroyTrenches(state: GreatWarState, territory: string, ctx: PhaseContext): void {
  const [gone, kept] = [state.board.trenches.filter((t) => t.territory === territory), state.board.trenches.filter((t) => t.territory !== territory)];
  state.board.trenches = kept;
  for (const t of gone) ctx.emit({ type: 'trench-destroyed', area: territory, nation: t.nation, facing: t.facing, super: t.super });
}

/**
 * A territory changes hands: `units` are the conquerors' surviving units there. The territory goes to the nation
 * credited with most of them (ties: the first in seat order), or back to its 1914 owner when that is the
 * conqueror or its ally (liberation, GW-P08-LANDMOVE-05). It is not incorporated (phase 12 decides that; a nation
 * recapturing its own land incorporates it for nothing), and the facilities the loser retooled there are no longer
 * retooled. Trenches guarding it are destroyed.
 */
export function captureTerritory(
  state: GreatWarState,
  territory: string,
  units: readonly { readonly nation: string }[],
  how: 'unopposed' | 'battle',
  ctx: PhaseContext,
  world: WorldMap = theWorld(state.scenario),
): string {
  const counts = new Map<string, number>();
  for (const u of units) {
    const credit = captureCredit(state, u.nation);
    counts.set(credit, (counts.get(credit) ?? 0) + 1);
  }
  const conqueror = [...counts].sort((a, b) => b[1] - a[1] || nationIndex(state, a[0]) - nationIndex(state, b[0]))[0]?.[0];
  if (conqueror === undefined) throw new Error(`captureTerritory(${territory}) without units`);
  const before = state.board.territories[territory]!.owner;
  const original = originalOwner(world, territory);
  const liberated = original !== undefined && original !== conqueror && allied(state, conqueror, original);
  const owner = liberated ? original : conqueror;
  const retooled = state.board.territories[territory]!.retooled;
  // A new hold: not incorporated, and no retooled facilities (GW-FAC-08, D-ECON-19).
  state.board.territories[territory] = { owner, incorporated: false };
  react(state, ctx, { kind: 'capture', territory, from: before, to: owner, world });
  ctx.emit({
    type: 'capture',
    area: territory,
    from: before,
    to: owner,
    by: [...counts.keys()].sort((a, b) => nationIndex(state, a) - nationIndex(state, b)),
    how,
    ...(liberated ? { liberated: true } : {}),
  });
  if (retooled?.length) ctx.emit({ type: 'retooling-lost', nation: before, territory, facilities: retooled });
  destroyTrenches(state, territory, ctx);
  return owner;
}

/**
 * Mark the nations whose supply centers are all held by others as conquered (GW-CONQ-01). Called after every
 * change of hands (phases 8 and 10). A nation stays conquered until it is liberated (`updateLiberation`).
 */
export function checkConquests(state: GreatWarState, ctx: PhaseContext, world: WorldMap = theWorld(state.scenario)): void {
  for (const n of [...state.nations, ...state.minors]) {
    if (state.conquered[n.id]) continue;
    const centers = homeSupplyCenters(world, n.id);
    if (centers.length === 0) continue;
    if (centers.every((c) => state.board.territories[c]?.owner !== n.id)) {
      state.conquered[n.id] = { since: ctx.turn, host: null, capitalHeldSince: null };
      ctx.emit({ type: 'conquered', nation: n.id, turn: ctx.turn, holders: Object.fromEntries(centers.map((c) => [c, state.board.territories[c]!.owner])) });
    }
  }
}

/**
 * At the end of the land turn: a conquered nation is liberated (GW-CONQ-09) once its capital (without one, any of
 * its supply centers) has been held by it or an ally for two full turns, that is held at the end of the turn it was
 * retaken (t) and at the end of every turn since, up to the end of turn t + 2. Its host gives its units back.
 */
export function updateLiberation(state: GreatWarState, ctx: PhaseContext, world: WorldMap = theWorld(state.scenario)): void {
  for (const [id, c] of Object.entries(state.conquered).sort((a, b) => nationIndex(state, a[0]) - nationIndex(state, b[0]))) {
    const capital = capitalOf(world, id);
    const places = capital ? [capital] : homeSupplyCenters(world, id);
    const held = places.some((p) => {
      const owner = state.board.territories[p]?.owner;
      return owner !== undefined && allied(state, owner, id);
    });
    if (!held) {
      c.capitalHeldSince = null;
      continue;
    }
    if (c.capitalHeldSince === null) c.capitalHeldSince = ctx.turn;
    if (ctx.turn - c.capitalHeldSince >= 2) {
      delete state.conquered[id];
      ctx.emit({ type: 'liberated', nation: id, ...(c.host ? { host: c.host } : {}) });
    }
  }
}

/** `exile with <ally>`: a conquered nation declares a government in exile hosted by an ally (GW-CONQ-05/06). */
export type ExileOrder = { kind: 'exile'; host: string };

/** Why a nation may not go into exile with this host now; undefined when it may. */
export function exileRefusal(state: GreatWarState, nation: NationState, host: string): { code: string; message: string } | undefined {
  const c = state.conquered[nation.id];
  if (!c) return { code: 'not-conquered', message: `${nation.name} is not conquered: only a nation whose supply centers are all taken may go into exile` };
  if (c.host) return { code: 'already-in-exile', message: `${nation.name}'s government is already in exile with ${nationName(state, c.host)}` };
  const h = nationOf(state, host);
  if (!h) return { code: 'unknown-nation', message: `there is no major nation '${host}' to host a government in exile` };
  if (h.id === nation.id) return { code: 'own-host', message: `${nation.name} cannot host its own government in exile` };
  if (!allied(state, h.id, nation.id)) return { code: 'host-not-allied', message: `${h.name} is not an ally of ${nation.name}: the host must be an ally (GW-CONQ-06)` };
  if (state.conquered[h.id]) return { code: 'host-conquered', message: `${h.name} is conquered itself and cannot host a government in exile` };
  return undefined;
}

function lookupMajor(state: GreatWarState, typed: string): { ok: true; id: string } | { ok: false; suggestion?: string } {
  const names = state.nations.flatMap((n) => [n.name, n.id, n.abbreviation]);
  const wanted = typed.trim().toLowerCase();
  const exact = state.nations.find((n) => [n.name, n.id, n.abbreviation].some((x) => x.toLowerCase() === wanted));
  if (exact) return { ok: true, id: exact.id };
  const prefixed = state.nations.filter((n) => n.name.toLowerCase().startsWith(wanted) || n.id.startsWith(wanted));
  if (wanted !== '' && prefixed.length === 1) return { ok: true, id: prefixed[0]!.id };
  const suggestion = closestName(typed, names);
  return suggestion !== undefined ? { ok: false, suggestion } : { ok: false };
}

export const exileSpec: OrderSpec<ExileOrder> = {
  kind: 'exile',
  words: ['exile'],
  example: 'exile with Britain',
  parseText(rest, at, ctx) {
    const m = /^(?:(?:with|to|in)\s+)?(.+)$/i.exec(rest);
    const typed = m?.[1]?.trim() ?? '';
    const column = at.column + rest.length - (m?.[1]?.length ?? 0);
    if (typed === '') return [{ code: 'missing-host', message: "which ally hosts the government in exile? e.g. 'exile with Britain'", line: at.line, column: at.column }];
    const found = lookupMajor(ctx.state, typed);
    if (found.ok) return { kind: 'exile', host: found.id };
    return [{ code: 'unknown-nation', message: `there is no major nation '${typed}'`, line: at.line, column, ...(found.suggestion ? { suggestion: found.suggestion } : {}) }];
  },
  checkJson(item, path, ctx) {
    const problems: Problem[] = [];
    for (const key of Object.keys(item)) if (key !== 'kind' && key !== 'host') problems.push({ code: 'unknown-field', message: `an exile order has no field '${key}'`, path: jsonPath([...path, key]) });
    const host = item['host'];
    if (typeof host !== 'string') return [...problems, { code: 'missing-host', message: 'an exile order names its host nation, e.g. "britain"', path: jsonPath([...path, 'host']) }];
    if (!nationOf(ctx.state, host)) {
      const suggestion = closestName(host, ctx.state.nations.map((n) => n.id));
      return [...problems, { code: 'unknown-nation', message: `there is no major nation '${host}'`, path: jsonPath([...path, 'host']), ...(suggestion ? { suggestion } : {}) }];
    }
    return problems.length ? problems : { kind: 'exile', host };
  },
  format(order) {
    return `exile with ${nationName(undefined, order.host)}`;
  },
  refusal(order, ledger, ctx, nation) {
    if (ledger.admitted.some((o) => o.kind === 'exile')) return { code: 'one-exile', message: `${nation.name} may declare one government in exile` };
    const r = exileRefusal(ctx.state, nation, order.host);
    return r ? { ...r, field: 'host' } : undefined;
  },
  cost: () => 0,
  candidates(_ledger, ctx, nation) {
    if (!ctx.state.conquered[nation.id] || ctx.state.conquered[nation.id]!.host) return [];
    return ctx.state.nations.filter((n) => n.id !== nation.id && allied(ctx.state, n.id, nation.id)).map((n) => ({ kind: 'exile' as const, host: n.id }));
  },
};

/** The exile orders of the turn, in seat order, take effect at the end of the land turn (decision D-SIM-22). */
export function resolveExiles(state: GreatWarState, orders: ReadonlyMap<string, { orders: readonly { kind: string; [k: string]: unknown }[] }>, ctx: PhaseContext): void {
  for (const nation of state.nations) {
    for (const o of orders.get(nation.id)?.orders ?? []) {
      if (o.kind !== 'exile') continue;
      const host = String(o['host']);
      const refusal = exileRefusal(state, nation, host);
      if (refusal) {
        ctx.emit({ type: 'order-void', phase: 'strategic-movement', nation: nation.id, order: `exile with ${nationName(state, host)}`, code: refusal.code, reason: refusal.message });
        continue;
      }
      state.conquered[nation.id]!.host = host;
      ctx.emit({ type: 'exile', nation: nation.id, host });
    }
  }
}

/** Whether nation `a`'s units may enter ground held by `holder`: allied ground, or the ground of an enemy. */
export function relation(state: GreatWarState, a: string, holder: string): 'friendly' | 'hostile' | 'neutral' {
  if (allied(state, a, holder)) return 'friendly';
  return atWar(state, a, holder) ? 'hostile' : 'neutral';
}

/** An area id's display name. */
export const areaLabel = (world: WorldMap, id: string): string => world.names.get(id) ?? id;

