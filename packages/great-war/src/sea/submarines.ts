import { closestName, jsonPath, rollPool, type GameEvent, type PhaseContext, type PoolEntry, type Problem } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { displayNationName, nationIndex, nationName } from '../base/conquest.js';
import { standingOrders } from '../combat/losses.js';
import { checkUnitSelection, formatSelection, jsonNationField, ordersOf, unitsOfNation, unitsRefusal, unknownFieldProblems, voidOrder, commandsOrVoid, pickUnits, type UnitSelection } from '../orders/grammar.js';
import { areaDisplay, campOf, countByType, describeCounts, groupBy, unitOrder, unitWord } from '../base/counting.js';
import { fightSubmarineBattle, type DisengageOrders, type SubmarineFight } from './submarine-fights.js';
import { navalTypes, SEA_POOL, seaZoneAt, seaZoneIdAt, shipsAt, shipsInZoneJson, shipsInZoneText, zoneAndWayJson, zoneAndWayText } from './fleet.js';
import { atWar, nationOf, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { ruleNumbers } from '../data/rules.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { checkPatrolJson, coverFor, flyCover, flyHunters, formatPatrol, isAirHunt, landCover, landHunters, landingsFrom, parsePatrolText, patrolCandidates, patrolRefusal, PATROL_RE, type PatrolOrder } from './sea-patrols.js';
import { type DisengageOrder } from './submarine-fights.js';
import { type HuntOrder, tableDetection, enemySubmarinesIn, mayBeIntercepted } from './detection.js';
import { type TaskForceRecord } from './detection.js';

/**
 * The submarine war (GW-UNIT-44..46): Phase 5, submarine detection (GW-P05-SUBDET), and Phase 6.1, submarine
 * interception (GW-P06-SUBINT), decisions D-NAV-10 to D-NAV-15 of docs/great-war/naval-war.md.
 *
 * `hunt with 2 cruisers in North Sea`: each ship named rolls 1D10 at its detection value; those that find the enemy
 * submarines fight all of them (the fight of submarine-fights.ts, a free first round for the hunters). The hunt is the
 * ships' action for the turn: they neither sail nor are repaired.
 *
 * `ambush with 2 submarines in North Sea for transports`: in phase 6.1 the submarines attack one enemy task force that
 * sails into, out of or through their zone, or lands troops from it, chosen by what can be seen of it (the largest,
 * the smallest, the one with most transports); a free first strike for the submarines, then the task force fires back.
 *
 * `disengage from North Sea [to Norwegian Sea] after round 1`: the standing order of these fights.
 */

/** Which task force an ambush takes, by what its enemy can see of it (D-NAV-13). */
export const AMBUSH_TARGETS = ['largest', 'smallest', 'transports'] as const;
export type AmbushTarget = (typeof AMBUSH_TARGETS)[number];

export type AmbushOrder = { kind: 'ambush'; nation?: string; at: string; units: UnitSelection; target?: AmbushTarget };

/** A ship's search capability (GW-P05-SUBDET-02, -04..08): its nation's detection value for the type, a minor's the table's. */
export function searchCapability(state: GreatWarState, nation: string, type: string): number | null {
  if (nationOf(state, nation)) return unitStats(state, nation, type as never).detection;
  return tableDetection(type);
}

/**
 * The escorts of a task force (GW-P06-NAV-10, D-NAV-26): the task forces of its nation with the escort task that sail
 * the same way (from the same sea zone to the same sea zone) or stay with it. An escort task force escorts every task
 * force of its nation that is no escort and goes its way.
 */
export function escortsOf(forces: readonly TaskForceRecord[], force: TaskForceRecord): TaskForceRecord[] {
  if (force.task === 'escort') return [];
  return forces.filter((f) => f.task === 'escort' && f.nation === force.nation && f.from === force.from && f.to === force.to);
}

/** Whether an escort task force escorts some other task force (then it is guarded, and attacked, with it). */
const escortsSomeone = (forces: readonly TaskForceRecord[], escort: TaskForceRecord): boolean => forces.some((f) => escortsOf(forces, f).includes(escort));

/** A nation's submarines in a sea zone that took no other order this turn (a sailing, a repair): those that may lie in wait. */
export function lurkingSubmarines(state: GreatWarState, nation: string, zone: string): BoardUnit[] {
  return shipsAt(state, nation, zone).filter((u) => u.type === 'submarine' && !state.sea.acted.includes(u.id));
}

const taskForceNumber = (id: string) => Number(/\d+/.exec(id)?.[0] ?? 0);

/** The ships of a task force still afloat, with those of its escorts (D-NAV-26) when `forces` is given. */
function shipsOf(state: GreatWarState, force: TaskForceRecord, forces: readonly TaskForceRecord[] = []): BoardUnit[] {
  const ids = [force, ...escortsOf(forces, force)].flatMap((f) => f.units);
  return ids.map((id) => state.board.units.find((u) => u.id === id)).filter((u): u is BoardUnit => u !== undefined);
}

/**
 * The task force an ambush takes among those it may intercept (D-NAV-13): the largest (most ships), the smallest, or
 * the one with most transports (then the largest); ties to the first formed. A task force an earlier ambush of the
 * same seat in the zone took is taken again only when no other is left.
 */
export function chooseTaskForce(state: GreatWarState, forces: readonly TaskForceRecord[], target: AmbushTarget, taken: ReadonlySet<string>, all: readonly TaskForceRecord[] = []): TaskForceRecord | undefined {
  const size = (f: TaskForceRecord) => shipsOf(state, f, all).length;
  const transports = (f: TaskForceRecord) => shipsOf(state, f, all).filter((u) => u.type === 'transport').length;
  const ranked = [...forces].sort((a, b) => {
    const by = target === 'smallest' ? size(a) - size(b) : target === 'transports' ? transports(b) - transports(a) || size(b) - size(a) : size(b) - size(a);
    return by || taskForceNumber(a.id) - taskForceNumber(b.id);
  });
  return ranked.find((f) => !taken.has(f.id)) ?? ranked[0];
}

/** The standing disengagement orders of every seat, by sea zone (the first for a zone counts). */
export function disengageOrders(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>): DisengageOrders {
  const out = new Map<string, Map<string, DisengageOrder>>();
  for (const n of state.nations) {
    const mine = new Map<string, DisengageOrder>();
    for (const o of ordersOf<DisengageOrder>(orders.get(n.id), 'disengage')) if (!mine.has(o.from)) mine.set(o.from, o);
    if (mine.size) out.set(n.id, mine);
  }
  return out;
}


// ---------------------------------------------------------------------------------------------------------------
// Phase 5: submarine detection.

/** Each hunting ship rolls 1D10 at its search capability; the ships that roll at or under it have found the submarines (GW-P05-SUBDET-02). */
export function searchForSubmarines(state: GreatWarState, ctx: PhaseContext, zone: string, hunters: readonly BoardUnit[]): BoardUnit[] {
  const name = theWorld(state.scenario).names.get(zone) ?? zone;
  const found: BoardUnit[] = [];
  for (const [nation, list] of groupBy(hunters, (u) => u.nation)) {
    const counter = new Map<string, number>();
    const entries: PoolEntry[] = list.map((u) => {
      const k = (counter.get(u.type) ?? 0) + 1;
      counter.set(u.type, k);
      return { label: `${unitWord(u.type)} #${k}`, value: searchCapability(state, u.nation, u.type) ?? 0 };
    });
    const r = rollPool(ctx, entries, { sides: ruleNumbers.naval.detectionDie, purpose: `${nationName(state, nation)} searches the ${name} for submarines` });
    const hits = list.filter((_, i) => r.rolls[i]!.hit);
    found.push(...hits);
    ctx.emit({ type: 'detection', area: zone, nation, searching: countByType(list), found: countByType(hits), ids: hits.map((u) => u.id) });
  }
  return found;
}

/**
 * The 'submarine-detection' phase (phase 5): every hunt, in the order of the sea zone ids; in a zone the hunters of
 * each camp (in seat order) search, and those that found the enemy submarines fight all of them (D-NAV-10, D-NAV-11).
 */
export function resolveSubmarineDetection(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  const standing = standingOrders(state, orders);
  const disengage = disengageOrders(state, orders);
  const used = new Set<string>();
  const flown = new Set(state.air.flown);
  const hunters = new Map<string, BoardUnit[]>();
  for (const seat of state.nations) {
    for (const order of ordersOf<HuntOrder>(orders.get(seat.id), 'hunt')) {
      const nation = order.nation ?? seat.id;
      const text = huntSpec.format(order);
      if (isAirHunt(order)) {
        // Aircraft fly out from their territory to hunt (GW-P05-SUBDET-03, D-NAV-30).
        const planes = flyHunters(state, ctx, world, seat, order, flown, text);
        if (planes) hunters.set(order.at, [...(hunters.get(order.at) ?? []), ...planes]);
        continue;
      }
      if (!commandsOrVoid(state, ctx, 'submarine-detection', seat, nation, text, 'ships')) continue;
      const ships = pickUnits(shipsAt(state, nation, order.at), order.units, used).filter((u) => searchCapability(state, u.nation, u.type) !== null);
      if (!ships.length) {
        voidOrder(ctx, 'submarine-detection', seat.id, text, 'no-units', `${nationName(state, nation)} has none of these ships left in the ${world.names.get(order.at)}`);
        continue;
      }
      if (!enemySubmarinesIn(state, order.at, nation).length) {
        voidOrder(ctx, 'submarine-detection', seat.id, text, 'no-submarines', `no enemy submarine is in the ${world.names.get(order.at)}`);
        continue;
      }
      for (const u of ships) used.add(u.id);
      hunters.set(order.at, [...(hunters.get(order.at) ?? []), ...ships]);
    }
  }
  for (const zone of [...hunters.keys()].sort()) {
    const camps = [...groupBy(hunters.get(zone)!, (u) => campOf(state, u.nation)).values()].sort((a, b) => nationIndex(state, a[0]!.nation) - nationIndex(state, b[0]!.nation));
    for (const camp of camps) {
      const searching = camp.filter((u) => state.board.units.includes(u) && u.at === zone).sort(unitOrder);
      const submarines = searching.length ? enemySubmarinesIn(state, zone, searching[0]!.nation) : [];
      if (!submarines.length) continue;
      const found = searchForSubmarines(state, ctx, zone, searching);
      if (found.length) fightSubmarineBattle(state, { kind: 'hunt', area: zone, attackers: found, defenders: submarines }, standing, disengage, ctx);
    }
    landHunters(state, ctx, world, zone);
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 6.1: submarine interception.

/**
 * The 'submarine-interception' phase (phase 6.1), after every task force has sailed: each ambush takes its submarines
 * (of those in the zone that did not sail) and the task force its rule picks; ambushes that picked the same task force
 * attack it together; the fights are fought in the order of the sea zone ids, then of the task forces (D-NAV-13, D-NAV-14).
 */
export function resolveSubmarineInterception(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  const standing = standingOrders(state, orders);
  const disengage = disengageOrders(state, orders);
  const used = new Set<string>();
  const fights = new Map<string, { area: string; force: TaskForceRecord; submarines: BoardUnit[] }>();
  const all = state.sea.taskForces;
  // Nations landing troops from a sea zone this turn (GW-P06-SUBINT-03): their transport task forces staying there may be taken.
  const landing = landingsFrom(state, orders);
  // Aircraft sent over the sea as cover fly first, once every task force has sailed (GW-P06-NAV-04, D-NAV-32).
  flyCover(state, orders, ctx, world, landing);
  for (const seat of state.nations) {
    const picked = new Map<string, Set<string>>();
    for (const order of ordersOf<AmbushOrder>(orders.get(seat.id), 'ambush')) {
      const nation = order.nation ?? seat.id;
      const text = ambushSpec.format(order);
      const where = world.names.get(order.at) ?? order.at;
      if (!commandsOrVoid(state, ctx, 'submarine-interception', seat, nation, text, 'submarines')) continue;
      const submarines = pickUnits(lurkingSubmarines(state, nation, order.at), order.units, used);
      if (!submarines.length) {
        voidOrder(ctx, 'submarine-interception', seat.id, text, 'no-units', `${nationName(state, nation)} has no submarine left lying in wait in the ${where}`);
        continue;
      }
      // An escort that escorts another task force is attacked with it, not alone (D-NAV-26).
      const targets = all.filter((f) => mayBeIntercepted(f, order.at, landing.has(`${f.nation}|${f.to}`)) && atWar(state, nation, f.nation) && !escortsSomeone(all, f) && shipsOf(state, f).length > 0);
      const taken = picked.get(order.at) ?? new Set<string>();
      const force = chooseTaskForce(state, targets, order.target ?? 'largest', taken, all);
      if (!force) {
        voidOrder(ctx, 'submarine-interception', seat.id, text, 'no-target', `no enemy task force sails into, out of or through the ${where}, nor lands troops from it`);
        continue;
      }
      taken.add(force.id);
      picked.set(order.at, taken);
      for (const u of submarines) used.add(u.id);
      const key = `${order.at}|${force.id}`;
      const fight = fights.get(key) ?? { area: order.at, force, submarines: [] };
      fight.submarines.push(...submarines);
      fights.set(key, fight);
      ctx.emit({ type: 'interception', nation, area: order.at, force: force.id, target: order.target ?? 'largest', forceNation: force.nation, units: countByType(submarines), ids: submarines.map((u) => u.id) });
    }
  }
  const ordered = [...fights.values()].sort((a, b) => (a.area < b.area ? -1 : a.area > b.area ? 1 : taskForceNumber(a.force.id) - taskForceNumber(b.force.id)));
  for (const { area, force, submarines } of ordered) {
    const attackers = submarines.filter((u) => state.board.units.includes(u)).sort(unitOrder);
    const ships = shipsOf(state, force, all).sort(unitOrder);
    if (!attackers.length || !ships.length) continue;
    // The cover over the zone fights beside the task force (GW-P06-NAV-05, D-NAV-32).
    const defenders = [...ships, ...coverFor(state, area, force)];
    const fight: SubmarineFight = { kind: 'interception', area, attackers, defenders, force: force.id };
    fightSubmarineBattle(state, fight, standing, disengage, ctx);
  }
  landCover(state, ctx, world);
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Orders.




type Indexed = RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } };

/** The ship types of a selection that may not hunt (no detection value). */
const nonHunters = (types: readonly string[]) => types.filter((t) => tableDetection(t) === null);

const HUNT_RE = /^(?:with\s+)?(?<units>.+?)\s+(?:in|at)\s+(?<at>.+)$/di;

export const huntSpec: OrderSpec<HuntOrder> = {
  kind: 'hunt',
  words: ['hunt'],
  example: 'hunt with 2 cruisers in North Sea',
  parseText(rest, at, ctx) {
    // Aircraft hunting name the territory they fly from (D-NAV-30).
    const air = /\sfrom\s/i.test(rest) ? (PATROL_RE.exec(rest) as Indexed | null) : null;
    if (air?.groups) return parsePatrolText('hunt', air, at, ctx) as HuntOrder | Problem[];
    const m = HUNT_RE.exec(rest) as Indexed | null;
    if (!m?.groups) return [{ code: 'bad-hunt', message: "a hunt reads 'hunt with 2 cruisers, 1 battleship in North Sea'", line: at.line, column: at.column }];
    const { u, zone, problems } = shipsInZoneText(m, at, ctx);
    if (u && u.units !== 'all') {
      const column = at.column + (m.indices.groups['units']?.[0] ?? 0);
      for (const t of nonHunters(Object.keys(u.units))) problems.push({ code: 'cannot-hunt', message: `${unitWord(t, 2)} have no detection value: they do not hunt submarines (G14)`, line: at.line, column });
    }
    if (problems.length || !u || !zone) return problems;
    return { kind: 'hunt', ...(u.nation ? { nation: u.nation } : {}), at: zone, units: u.units };
  },
  checkJson(item, path, ctx) {
    if (item['from'] !== undefined) return checkPatrolJson('hunt', item, path, ctx) as HuntOrder | Problem[];
    const { nation, zone, units, problems } = shipsInZoneJson(item, path, ctx, 'a hunt order');
    if (units && units !== 'all') {
      for (const t of nonHunters(Object.keys(units))) problems.push({ code: 'cannot-hunt', message: `${unitWord(t, 2)} have no detection value: they do not hunt submarines (G14)`, path: jsonPath([...path, 'units', t]) });
    }
    if (problems.length || !units || !zone) return problems;
    return { kind: 'hunt', ...(nation ? { nation } : {}), at: zone, units };
  },
  format(order) {
    if (isAirHunt(order)) return formatPatrol(order);
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    return `hunt with ${formatSelection(order.units)}${of} in ${areaDisplay(order.at)}`;
  },
  refusal(order, ledger, ctx, nation) {
    if (isAirHunt(order)) return patrolRefusal(order as PatrolOrder, ledger, ctx.state, nation);
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const who = order.nation ?? nation.id;
    const units = unitsRefusal({ ...order, from: order.at }, ledger, state, nation, world, SEA_POOL);
    if ('code' in units) return units;
    const cannot = nonHunters(units.types);
    if (cannot.length) return { code: 'cannot-hunt', message: `${cannot.map((t) => unitWord(t, 2)).join(' and ')} in the ${world.names.get(order.at)} have no detection value and do not hunt (G14): name the hunting ships, e.g. 'hunt with all cruisers in ${world.names.get(order.at)}'`, field: 'units' };
    if (!enemySubmarinesIn(state, order.at, who).length) return { code: 'no-enemy-submarines', message: `no submarine of a nation at war with ${nationName(state, who)} is in the ${world.names.get(order.at)}`, field: 'at' };
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    const zones = [...new Set(state.board.units.filter((u) => u.nation === nation.id && tableDetection(u.type) !== null && navalTypes().includes(u.type)).map((u) => u.at))].sort();
    const out: HuntOrder[] = [];
    for (const at of zones) {
      if (!enemySubmarinesIn(state, at, nation.id).length) continue;
      const type = shipsAt(state, nation.id, at).find((u) => tableDetection(u.type) !== null)?.type;
      if (type) out.push({ kind: 'hunt', at, units: { [type]: 1 } });
      if (out.length >= 2) break;
    }
    out.push(...(patrolCandidates('hunt', ledger, state, nation) as HuntOrder[]));
    return out;
  },
};

const DISENGAGE_RE = /^from\s+(?<from>.+?)(?:\s+to\s+(?<to>.+?))?(?:\s+(?:after\s+round\s+(?<after>\d+)|after\s+(?<rounds>\d+)\s+rounds?|(?<out>(?:when|if)\s+outnumbered)))?$/di;

export const disengageSpec: OrderSpec<DisengageOrder> = {
  kind: 'disengage',
  words: ['disengage'],
  example: 'disengage from North Sea after round 1',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = DISENGAGE_RE.exec(rest) as Indexed | null;
    if (!m?.groups) return [{ code: 'bad-disengage', message: "a disengage order reads 'disengage from North Sea after round 1', 'disengage from North Sea when outnumbered' or, for submarines that slip away, 'disengage from North Sea to Norwegian Sea after round 1'", line: at.line, column: at.column }];
    const g = m.groups as Record<string, string | undefined>;
    const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
    const { from, to, problems } = zoneAndWayText(m, at, world);
    const round = Number(g['after'] ?? g['rounds'] ?? 1);
    if (round < 1) problems.push({ code: 'bad-round', message: 'a fight has round 1, 2, ...', line: at.line, column: col(g['after'] ? 'after' : 'rounds') });
    if (problems.length || from === undefined) return problems;
    return { kind: 'disengage', from, ...(to ? { to } : {}), ...(g['out'] ? { when: 'outnumbered' as const } : { after: round }) };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const { from, to, problems: zones } = zoneAndWayJson(item, path, world);
    const problems = [...unknownFieldProblems(item, path, ['kind', 'from', 'to', 'after', 'when'], 'a disengage order'), ...zones];
    const after = item['after'];
    const when = item['when'];
    if ((after === undefined) === (when === undefined)) {
      problems.push({ code: 'disengage-when', message: 'a disengage order says when: "after" (a round number) or "when": "outnumbered", one of the two', path: jsonPath(path) });
    } else if (after !== undefined && !(typeof after === 'number' && Number.isInteger(after) && after >= 1)) {
      problems.push({ code: 'bad-round', message: 'after is a round number, 1 or more', path: jsonPath([...path, 'after']) });
    } else if (when !== undefined && when !== 'outnumbered') {
      problems.push({ code: 'bad-when', message: 'when is "outnumbered"', path: jsonPath([...path, 'when']), suggestion: 'outnumbered' });
    }
    if (problems.length || typeof from !== 'string') return problems;
    return { kind: 'disengage', from, ...(to ? { to } : {}), ...(when === 'outnumbered' ? { when: 'outnumbered' as const } : { after: after as number }) };
  },
  format(order) {
    const to = order.to ? ` to ${areaDisplay(order.to)}` : '';
    return `disengage from ${areaDisplay(order.from)}${to} ${order.when === 'outnumbered' ? 'when outnumbered' : `after round ${order.after ?? 1}`}`;
  },
  refusal(order, ledger, ctx) {
    const world = theWorld(ctx.state.scenario);
    if (ledger.admitted.some((o) => o.kind === 'disengage' && o['from'] === order.from)) return { code: 'one-disengage-order', message: `one disengage order a sea zone: the ${world.names.get(order.from)} has one already`, field: 'from' };
    if (order.to && !world.graph.adjacent(order.from, order.to, ['sea'])) return { code: 'not-adjacent', message: `the ${world.names.get(order.to)} does not border the ${world.names.get(order.from)}: hunted submarines slip into a neighbouring zone`, field: 'to' };
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    // A zone where the nation's submarines share the sea with enemy ships, or its ships with enemy submarines.
    const zones = [...new Set(state.board.units.filter((u) => u.nation === nation.id && navalTypes().includes(u.type)).map((u) => u.at))].sort();
    for (const at of zones) {
      const mine = shipsAt(state, nation.id, at);
      const enemies = state.board.units.filter((u) => u.at === at && navalTypes().includes(u.type) && atWar(state, nation.id, u.nation));
      const meet = mine.some((u) => u.type === 'submarine') ? enemies.length > 0 : enemies.some((u) => u.type === 'submarine');
      if (meet && !ledger.admitted.some((o) => o.kind === 'disengage' && o['from'] === at)) return [{ kind: 'disengage', from: at, after: 1 }];
    }
    return [];
  },
};

const AMBUSH_RE = /^(?:with\s+)?(?<units>.+?)\s+(?:in|at)\s+(?<at>.+?)(?:\s+for\s+(?:the\s+)?(?<target>[a-z-]+))?$/di;

function targetAt(typed: string, line: number, column: number): AmbushTarget | Problem {
  const t = typed.trim().toLowerCase();
  const found = AMBUSH_TARGETS.filter((k) => k.startsWith(t));
  if (found.length === 1) return found[0]!;
  const suggestion = closestName(t, AMBUSH_TARGETS);
  return { code: 'unknown-target', message: `there is no target '${typed.trim()}': an ambush is for the largest task force, the smallest, or transports (the one with most transports)`, line, column, ...(suggestion ? { suggestion } : {}) };
}

/** Submarines only: an ambush names them as `2 submarines`, or `all` for every one. */
function submarinesOnly(units: UnitSelection): UnitSelection | string[] {
  if (units === 'all') return { submarine: 'all' };
  const others = Object.keys(units).filter((t) => t !== 'submarine');
  return others.length ? others : units;
}

export const ambushSpec: OrderSpec<AmbushOrder> = {
  kind: 'ambush',
  words: ['ambush'],
  example: 'ambush with 2 submarines in North Sea for transports',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = AMBUSH_RE.exec(rest) as Indexed | null;
    if (!m?.groups) return [{ code: 'bad-ambush', message: "an ambush reads 'ambush with 2 submarines in North Sea', with 'for transports' or 'for the smallest' if wanted", line: at.line, column: at.column }];
    const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
    const problems: Problem[] = [];
    const u = unitsOfNation(m.groups['units']!, at.line, col('units'), ctx, navalTypes());
    let units: UnitSelection | undefined;
    if (Array.isArray(u)) problems.push(...u);
    else {
      const s = submarinesOnly(u.units);
      if (Array.isArray(s)) problems.push({ code: 'not-submarines', message: `only submarines intercept task forces (GW-P06-SUBINT-01), not ${s.map((t) => unitWord(t, 2)).join(' or ')}`, line: at.line, column: col('units') });
      else units = s;
    }
    const z = seaZoneAt(m.groups['at']!, at.line, col('at'), world);
    if (typeof z !== 'string') problems.push(z);
    let target: AmbushTarget | undefined;
    if (m.groups['target'] !== undefined) {
      const t = targetAt(m.groups['target'], at.line, col('target'));
      if (typeof t === 'string') target = t;
      else problems.push(t);
    }
    if (problems.length || Array.isArray(u) || !units || typeof z !== 'string') return problems;
    return { kind: 'ambush', ...(u.nation ? { nation: u.nation } : {}), at: z, units, ...(target && target !== 'largest' ? { target } : {}) };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'at', 'units', 'target'], 'an ambush order');
    const nation = jsonNationField(item, path, ctx, problems);
    const z = seaZoneIdAt(item['at'], [...path, 'at'], world, 'at');
    if (typeof z !== 'string') problems.push(z);
    let units: UnitSelection | undefined;
    if (item['units'] === 'all') problems.push({ code: 'not-submarines', message: 'units names the submarines: { "submarine": 2 } or { "submarine": "all" }', path: jsonPath([...path, 'units']) });
    else {
      const checked = checkUnitSelection(item['units'], [...path, 'units'], navalTypes());
      const s = Array.isArray(checked) ? undefined : submarinesOnly(checked);
      if (Array.isArray(checked)) problems.push(...checked);
      else if (Array.isArray(s)) for (const t of s) problems.push({ code: 'not-submarines', message: `only submarines intercept task forces (GW-P06-SUBINT-01), not ${unitWord(t, 2)}`, path: jsonPath([...path, 'units', t]) });
      else units = s;
    }
    const target = item['target'];
    if (target !== undefined && !(typeof target === 'string' && (AMBUSH_TARGETS as readonly string[]).includes(target))) {
      const suggestion = typeof target === 'string' ? closestName(target, AMBUSH_TARGETS) : undefined;
      problems.push({ code: 'unknown-target', message: `target is one of ${AMBUSH_TARGETS.join(', ')}`, path: jsonPath([...path, 'target']), ...(suggestion ? { suggestion } : {}) });
    }
    if (problems.length || !units || typeof z !== 'string') return problems;
    return { kind: 'ambush', ...(nation ? { nation } : {}), at: z, units, ...(target && target !== 'largest' ? { target: target as AmbushTarget } : {}) };
  },
  format(order) {
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    const target = order.target === 'transports' ? ' for transports' : order.target ? ` for the ${order.target}` : '';
    return `ambush with ${formatSelection(order.units)}${of} in ${areaDisplay(order.at)}${target}`;
  },
  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const who = order.nation ?? nation.id;
    const units = unitsRefusal({ ...order, from: order.at }, ledger, state, nation, world, SEA_POOL);
    if ('code' in units) return units;
    const enemies = nationOf(state, who)?.atWarWith ?? state.minors.find((m) => m.id === who)?.atWarWith ?? [];
    if (!enemies.length) return { code: 'not-at-war', message: `${nationName(state, who)} is at war with no one: its submarines have no enemy to intercept`, field: 'nation' };
    return undefined;
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    if (!nation.atWarWith.length) return [];
    const zones = [...new Set(state.board.units.filter((u) => u.nation === nation.id && u.type === 'submarine').map((u) => u.at))].sort();
    return zones.slice(0, 2).map((at, i) => ({ kind: 'ambush', at, units: { submarine: 1 }, ...(i % 2 ? { target: 'transports' as const } : {}) }));
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Reports.

/** One line of plain text for the events of the submarine phases (the fights are submarine-fights.ts's); undefined for others. */
export function describeSubmarineEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => (state ? nationName(state, String(id)) : displayNationName(String(id)));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  switch (event.type) {
    case 'detection': {
      const found = Object.keys((event['found'] ?? {}) as Record<string, number>).length ? `${counts(event['found'])} find them` : 'none finds them';
      return `${who(event['nation'])} hunts submarines in the ${area(event['area'])} with ${counts(event['searching'])}: ${found}.`;
    }
    case 'interception': {
      const target = event['target'] === 'transports' ? 'the one with most transports' : `the ${String(event['target'])}`;
      const one = Object.values((event['units'] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0) === 1;
      return `${who(event['nation'])}'s ${counts(event['units'])} in the ${area(event['area'])} ${one ? 'lies' : 'lie'} in wait for ${who(event['forceNation'])}'s task force ${String(event['force'])} (${target}).`;
    }
    default:
      return undefined;
  }
}
