import { type PhaseContext } from '@umpire/engine';
import { isAircraft } from '../base/counting.js';
import { flyPlans, planFlights } from '../air/air-movement.js';
import type { BoardUnit } from '../base/board.js';
import { allied, captureTerritory, checkConquests, displayNationName, nationName, relation } from '../base/conquest.js';
import type { WorldMap } from '../data/map.js';
import { atWar, emptyLandTurn, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { AnyOrder, GreatWarOrders, OrderSpec } from '../orders/language.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';
import { landTroops, planLandings } from '../sea/landings.js';
import { COASTAL_DEFENCE } from '../sea/naval-invasions.js';
import { adjust } from '../base/reactions.js';
import { movableLandTypes, isLandOrAir, statsOf, unitWord, countByType, presenceOf, presenceFor, enemiesIn, landUnitsAt, areaDisplay, campOf, groupBy } from '../base/counting.js';
import { type UnitSelection, type UnitsOrder, barred, formatSelection, unitsRefusal, parseUnitsFromTo, checkUnitsFromTo, addWhileLegal, ordersOf, voidOrder, commandsOrVoid } from '../orders/grammar.js';
import { type Checked, refused } from '../orders/language.js';
import { checkEnds, areasWithin } from '../orders/moves.js';

/**
 * Phase 8: land movement (GW-P08-LANDMOVE), played simultaneously by every nation (decisions D-SIM-1 to D-SIM-8 of
 * docs/great-war/adjudication.md). Each move is checked against the state at the start of the phase; all units
 * leave, then all arrive. A hostile territory that nobody defends after the arrivals is captured at once; where
 * enemies meet, phase 10 fights a battle. Artillery ordered into a hostile territory stays where it is and fires
 * into the battle there (GW-P10-LAND-06). The order language: `move <units> [of <nation>] from <area> to <area>
 * [via <area>, ...]` (docs/great-war/orders.md).
 */

export type MoveOrder = {
  kind: 'move';
  /** Whose units: the seat's own unless given (a government in exile's, a minor it controls). */
  nation?: string;
  from: string;
  to: string;
  units: UnitSelection;
  /** The territories the move passes through, in order; none: the shortest legal path. */
  via?: string[];
};

/** Land and strait links: the borders land units cross. */
export const LINK_KINDS = ['land', 'strait'] as const;

export type MoveCheck = Checked<{ readonly path: readonly string[]; readonly hostile: boolean }>;

const refuse = refused;

/**
 * Whether `nation`'s units of `types` may move from `from` to `to` now (decisions D-SIM-3 to D-SIM-5): one step per
 * point of move along land borders and straits; every territory on the way held by the nation or an ally and free
 * of enemies (a move ends on entering enemy ground, gap G12); no territory whose terrain bars a type; the
 * destination held by the nation, an ally or an enemy, never a nation it is not at war with. Into an enemy's
 * territory (an attack): no AA guns (GW-UNIT-11), only infantry and artillery across a strait (GW-TERR-35),
 * artillery only next door (it fires from where it stands).
 */
export function checkMove(
  state: GreatWarState,
  world: WorldMap,
  presence: ReadonlyMap<string, ReadonlySet<string>>,
  nation: string,
  from: string,
  to: string,
  via: readonly string[] | undefined,
  types: readonly string[],
): MoveCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  const ends = checkEnds(state, world, presence, nation, from, to, 'a move', '');
  if (!ends.ok) return ends;
  const hostile = ends.hostile;
  const passable = (id: string) =>
    world.territory.has(id) &&
    allied(state, nation, state.board.territories[id]?.owner ?? '') &&
    !enemiesIn(state, presence, id, nation) &&
    types.every((t) => !barred(id, t));
  let path: string[];
  if (via && via.length) {
    path = [from, ...via, to];
    for (let i = 1; i < path.length; i++) {
      if (!world.graph.adjacent(path[i - 1]!, path[i]!, LINK_KINDS)) return refuse('not-adjacent', `${name(path[i - 1]!)} does not border ${name(path[i]!)} by land`, 'via');
    }
    for (const step of via) {
      if (!passable(step)) {
        return refuse('blocked-path', `a move may pass only through territories of ${nationName(state, nation)} and its allies that hold no enemies; ${name(step)} is not one`, 'via');
      }
    }
  } else if (world.graph.adjacent(from, to, LINK_KINDS)) {
    path = [from, to];
  } else {
    const found = world.graph.path(from, to, { kinds: LINK_KINDS, pass: (id) => id === from || id === to || passable(id) });
    if (!found) return refuse('no-path', `${nationName(state, nation)}'s units cannot reach ${name(to)} from ${name(from)} by land through friendly territory`, 'to');
    path = [...found];
  }
  const steps = path.length - 1;
  for (const type of types) {
    const move = statsOf(state, nation, type).move ?? 0;
    if (move < steps) return refuse('too-far', `${unitWord(type)} moves ${move} territor${move === 1 ? 'y' : 'ies'} a turn; ${name(from)} to ${name(to)} is ${steps}`, 'to');
    for (const id of path.slice(1)) if (barred(id, type)) return refuse('barred-terrain', `${unitWord(type, 2)} may not enter ${name(id)}`, 'to');
  }
  if (hostile) {
    if (types.includes('aa-gun')) return refuse('aa-cannot-attack', 'AA guns may not attack nor go with troops into enemy territory (GW-UNIT-10, GW-UNIT-11)', 'units');
    const last = world.graph.connection(path[path.length - 2]!, to);
    if (last?.kind === 'strait') {
      const other = types.filter((t) => t !== 'infantry' && t !== 'artillery');
      if (other.length) return refuse('strait-attack', `only infantry and artillery may attack across a strait (GW-TERR-35); ${unitWord(other[0]!, 2)} may not attack ${name(to)} from ${name(path[path.length - 2]!)}`, 'units');
    }
    if (types.includes('artillery') && steps > 1) return refuse('artillery-range', 'artillery fires only into a territory next to its own', 'to');
  }
  return { ok: true, path, hostile };
}

/** The unit types of a selection that the nation has in the territory (for 'all': every movable type there). */
function selectionTypes(state: GreatWarState, nation: string, from: string, units: UnitSelection): string[] {
  return units === 'all' ? Object.keys(countByType(landUnitsAt(state, nation, from))) : Object.keys(units);
}

/**
 * The types of a move that can go: for a list of types, all or nothing; for 'all' (whole or by type), each type
 * that can make the move goes and the others stay (in the unit table's order, each added while the move stays legal).
 */
function movingTypes(state: GreatWarState, world: WorldMap, presence: ReadonlyMap<string, ReadonlySet<string>>, nation: string, order: MoveOrder, types: readonly string[]): { types: string[]; check: MoveCheck } {
  const flexible = (type: string) => order.units === 'all' || order.units[type] === 'all';
  const fixed = types.filter((t) => !flexible(t));
  const check = checkMove(state, world, presence, nation, order.from, order.to, order.via, fixed.length ? fixed : types.slice(0, 1));
  if (!check.ok && fixed.length) return { types: [], check };
  return addWhileLegal(fixed, types.filter(flexible), check, (going) => checkMove(state, world, presence, nation, order.from, order.to, order.via, going));
}

export const moveSpec: OrderSpec<MoveOrder> = {
  kind: 'move',
  words: ['move'],
  example: 'move 3 infantry, 1 artillery from Cologne to Liege',
  parseText(rest, at, ctx) {
    const r = parseUnitsFromTo(rest, at, ctx, 'move 3 infantry, 1 artillery from Cologne to Liege', true);
    return Array.isArray(r) ? r : { kind: 'move', ...(r.nation ? { nation: r.nation } : {}), from: r.from, to: r.to, units: r.units, ...(r.via ? { via: r.via } : {}) };
  },
  checkJson(item, path, ctx) {
    const r = checkUnitsFromTo(item, path, ctx, 'move', true);
    return Array.isArray(r) ? r : ({ ...r, kind: 'move' } as MoveOrder);
  },
  format(order) {
    const world = theWorld();
    const of = order.nation ? ` of ${displayNationName(order.nation)}` : '';
    const via = order.via?.length ? ` via ${order.via.map((v) => areaDisplay(v, world)).join(', ')}` : '';
    return `move ${formatSelection(order.units)}${of} from ${areaDisplay(order.from, world)} to ${areaDisplay(order.to, world)}${via}`;
  },
  refusal(order, ledger, ctx, nation) {
    const world = theWorld(ctx.state.scenario);
    const units = unitsRefusal(order, ledger, ctx.state, nation, world);
    if ('code' in units) return units;
    const who = order.nation ?? nation.id;
    const moving = movingTypes(ctx.state, world, presenceFor(ctx), who, order, units.types);
    if (!moving.check.ok && !moving.types.length) return { code: moving.check.code, message: moving.check.message, ...(moving.check.field ? { field: moving.check.field } : {}) };
    return adjust(ctx.state, 'attack-refusal', { ledger, seat: nation.id, order }, undefined); // China's restrictions (GW-NEUT-CHN-10..12)
  },
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    return moveCandidates(ctx.state, nation, ledger.admitted.length + ctx.step.turn);
  },
  candidatesAt: (_ledger, ctx, nation, area) => moveCandidatesFrom(ctx.state, nation, area),
};

/**
 * Every move of a nation's stack in `from` a client offers when the territory is clicked: all units of one type to
 * each territory within that type's move; the order language keeps the legal ones.
 */
export function moveCandidatesFrom(state: GreatWarState, nation: NationState, from: string): MoveOrder[] {
  const world = theWorld(state.scenario);
  if (!world.territory.has(from)) return [];
  const counts = new Map<string, number>();
  for (const u of state.board.units) if (u.at === from && u.nation === nation.id && u.aboard === undefined && movableLandTypes().includes(u.type)) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  const out: MoveOrder[] = [];
  for (const [type, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const move = unitStats(state, nation, type as never).move ?? 0;
    for (const to of areasWithin(world, from, move, LINK_KINDS)) out.push({ kind: 'move', from, to, units: { [type]: count } });
  }
  return out;
}

/**
 * A few moves to offer a bot or a client (legalActions stays fast): one unit of one type from up to two stacks on
 * a front (a neighbour held by an enemy) to an enemy neighbour, and from up to two other stacks to a friendly
 * neighbour, rotating with `seed` so that different stacks come up.
 */
export function moveCandidates(state: GreatWarState, nation: NationState, seed: number): MoveOrder[] {
  const world = theWorld(state.scenario);
  const stacks = new Map<string, string[]>();
  const movable = movableLandTypes();
  for (const u of state.board.units) {
    if (u.nation !== nation.id || !movable.includes(u.type)) continue;
    const types = stacks.get(u.at) ?? [];
    if (!types.includes(u.type)) types.push(u.type);
    stacks.set(u.at, types);
  }
  const ids = [...stacks.keys()].sort();
  const neighbours = (id: string) => world.graph.neighbours(id, LINK_KINDS).map((n) => n.id);
  const rel = (id: string) => relation(state, nation.id, state.board.territories[id]?.owner ?? '');
  const front = ids.filter((id) => neighbours(id).some((n) => rel(n) === 'hostile'));
  const rear = ids.filter((id) => !front.includes(id));
  const out: MoveOrder[] = [];
  const pick = <T>(list: readonly T[], k: number, n: number): T[] => (list.length ? Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(k + i * 7) % list.length]!) : []);
  for (const [list, want] of [
    [front, 'hostile'],
    [rear, 'friendly'],
  ] as const) {
    for (const from of pick(list, seed, 2)) {
      const types = stacks.get(from)!;
      const type = types[seed % types.length]!;
      for (const to of pick(
        neighbours(from).filter((n) => rel(n) === want),
        seed,
        2,
      )) {
        out.push({ kind: 'move', from, to, units: { [type]: 1 } });
      }
    }
  }
  return out;
}

interface Plan {
  readonly seat: string;
  readonly nation: string;
  readonly order: MoveOrder;
  readonly units: BoardUnit[];
  readonly path: readonly string[];
  readonly hostile: boolean;
  readonly missing: Record<string, number>;
  readonly stayed: Record<string, number>;
}

/** The 'land-movement' phase (phase 8): every seat's moves at once (decisions D-SIM-1 to D-SIM-8). */
export function resolveLandMovement(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  state.land = emptyLandTurn();
  const presence = presenceOf(state);
  const used = new Set<string>();
  const plans: Plan[] = [];
  for (const seat of state.nations) {
    const given = orders.get(seat.id);
    const moves = ordersOf<MoveOrder>(given, 'move');
    if (!moves.length) continue;
    // Units a strategic order of the seat names by count are not swept up by a move of 'all' (they stay for phase 11).
    const reserved = new Map<string, number>();
    for (const s of ordersOf<UnitsOrder & AnyOrder>(given, 'strategic')) {
      if (s.units === 'all') continue;
      for (const [type, n] of Object.entries(s.units)) if (n !== 'all') reserved.set(`${s.nation ?? seat.id}|${s.from}|${type}`, (reserved.get(`${s.nation ?? seat.id}|${s.from}|${type}`) ?? 0) + n);
    }
    const isAll = (o: MoveOrder) => o.units === 'all' || Object.values(o.units).includes('all');
    for (const order of [...moves.filter((o) => !isAll(o)), ...moves.filter(isAll)]) {
      const text = moveSpec.format(order);
      const nation = order.nation ?? seat.id;
      if (!commandsOrVoid(state, ctx, 'land-movement', seat, nation, text)) continue;
      const free = landUnitsAt(state, nation, order.from).filter((u) => !used.has(u.id));
      const types = selectionTypes(state, nation, order.from, order.units).filter((t) => free.some((u) => u.type === t) || (order.units !== 'all' && order.units[t] !== 'all'));
      const moving = movingTypes(state, world, presence, nation, order, types.filter((t) => free.some((u) => u.type === t)));
      if (!moving.types.length || !moving.check.ok) {
        const reason = moving.check.ok ? `${nationName(state, nation)} has none of these units left in ${world.names.get(order.from)}` : moving.check.message;
        voidOrder(ctx, 'land-movement', seat.id, text, moving.check.ok ? 'no-units' : moving.check.code, reason);
        continue;
      }
      const units: BoardUnit[] = [];
      const missing: Record<string, number> = {};
      const stayed: Record<string, number> = {};
      for (const type of types) {
        const ofType = free.filter((u) => u.type === type);
        const wanted = order.units === 'all' ? 'all' : order.units[type]!;
        if (!moving.types.includes(type)) {
          if (wanted === 'all') stayed[type] = ofType.length;
          else missing[type] = wanted;
          continue;
        }
        if (wanted === 'all') {
          const keep = reserved.get(`${nation}|${order.from}|${type}`) ?? 0;
          units.push(...ofType.slice(0, Math.max(0, ofType.length - keep)));
        } else {
          units.push(...ofType.slice(0, wanted));
          if (ofType.length < wanted) missing[type] = wanted - ofType.length;
        }
      }
      if (!units.length) {
        voidOrder(ctx, 'land-movement', seat.id, text, 'no-units', `${nationName(state, nation)} has none of these units left in ${world.names.get(order.from)}`);
        continue;
      }
      for (const u of units) used.add(u.id);
      plans.push({ seat: seat.id, nation, order, units, path: moving.check.path, hostile: moving.check.hostile, missing, stayed });
    }
  }

  // Aircraft fly in the same phase (GW-P08-LANDMOVE-01), checked against the same start (D-AIR-1); troops aboard transports land (D-NAV-22).
  const flights = planFlights(state, orders, ctx, world);
  const landings = planLandings(state, orders, ctx, world);

  // All units leave, then all arrive (D-SIM-2). Artillery ordered into a hostile territory stays and fires (D-SIM-12).
  for (const plan of plans) {
    const entry = plan.path[plan.path.length - 2]!;
    const artillery = plan.hostile ? plan.units.filter((u) => u.type === 'artillery') : [];
    const movers = plan.units.filter((u) => !artillery.includes(u));
    for (const u of artillery) state.land.support.push({ unit: u.id, from: plan.order.from, at: plan.order.to });
    for (const u of movers) state.land.moves.push({ unit: u.id, start: plan.order.from, from: entry, to: plan.order.to });
    for (const u of plan.units) state.land.acted.push(u.id);
  }
  for (const m of state.land.moves) state.board.units.find((u) => u.id === m.unit)!.at = m.to;
  for (const plan of plans) {
    const artillery = plan.hostile ? plan.units.filter((u) => u.type === 'artillery') : [];
    const movers = plan.units.filter((u) => !artillery.includes(u));
    if (movers.length) {
      ctx.emit({
        type: 'move',
        nation: plan.nation,
        from: plan.order.from,
        to: plan.order.to,
        ...(plan.path.length > 2 ? { path: [...plan.path] } : {}),
        units: countByType(movers),
        ids: movers.map((u) => u.id),
        ...(plan.hostile ? { attack: true } : {}),
        ...(Object.keys(plan.missing).length ? { missing: plan.missing } : {}),
        ...(Object.keys(plan.stayed).length ? { stayed: plan.stayed } : {}),
      });
    }
    if (artillery.length) {
      ctx.emit({ type: 'artillery-support', nation: plan.nation, from: plan.order.from, at: plan.order.to, units: artillery.length, ids: artillery.map((u) => u.id) });
    }
  }
  landTroops(state, landings, ctx);
  flyPlans(state, flights, ctx, world);
  settleArrivals(state, ctx, world);
  state.land.acted.sort();
  return state;
}

/**
 * Who stands in a territory against its holder after movement: the land units and aircraft at war with the holder
 * (the attackers), those allied to it (the defenders), and the camps the attackers belong to.
 */
export function contestOf(state: GreatWarState, area: string): { attackers: BoardUnit[]; defenders: BoardUnit[]; camps: Set<string> } {
  const holder = state.board.territories[area]!.owner;
  const here = state.board.units.filter((u) => u.at === area && isLandOrAir(u.type));
  const attackers = here.filter((u) => atWar(state, u.nation, holder));
  const defenders = here.filter((u) => allied(state, u.nation, holder));
  return { attackers, defenders, camps: new Set(attackers.map((u) => campOf(state, u.nation))) };
}

/**
 * After the arrivals: a hostile territory with no defenders and one camp of attackers is captured at once
 * (GW-P08-LANDMOVE-04, D-SIM-6); where defenders stand or rival attackers meet, there is a battle in phase 10.
 */
export function settleArrivals(state: GreatWarState, ctx: PhaseContext, world: WorldMap): void {
  const places = [...new Set([...state.land.moves.map((m) => m.to), ...state.land.support.map((s) => s.at)])].sort();
  const battles: string[] = [];
  for (const area of places) {
    const { attackers, defenders, camps } = contestOf(state, area);
    if (!attackers.length) continue;
    // Aircraft cannot capture (GW-P08-LANDMOVE-06): over an undefended territory they find nothing to fight (D-AIR-8).
    const troops = attackers.filter((u) => !isAircraft(u.type));
    // Troops landing from the sea meet the coastal defence even where nobody else defends (GW-P08-LANDMOVE-08, GW-P10-INV-09).
    const invaded = troops.some((u) => state.land.moves.some((m) => m.unit === u.id && m.to === area && world.sea.has(m.from)));
    if (!defenders.length && camps.size === 1 && !invaded) {
      if (troops.length) captureTerritory(state, area, troops, 'unopposed', ctx, world);
    } else battles.push(area);
  }
  state.land.battles = battles;
  const idle = state.land.support.filter((s) => !battles.includes(s.at));
  for (const [key, list] of groupBy(idle, (s) => `${s.from}|${s.at}`)) {
    const [from, at] = key.split('|') as [string, string];
    const unit = state.board.units.find((u) => u.id === list[0]!.unit);
    ctx.emit({ type: 'support-idle', nation: unit?.nation ?? '', from, at, units: list.length, reason: 'there is no battle there to fire into' });
  }
  state.land.support = state.land.support.filter((s) => battles.includes(s.at));
  checkConquests(state, ctx, world);
}

/**
 * The land war's invariants (for src/invariants.ts): every land unit and aircraft stands in a territory held by
 * its nation or an ally (so no territory holds enemies of its holder between turns), none where terrain bars its
 * type, every trench guards a territory of its nation or an ally against a neighbour, the land turn's record is
 * empty between turns, and every conquered nation's host is a major ally.
 */
export function landInvariants(state: GreatWarState): string[] {
  const out: string[] = [];
  const world = theWorld(state.scenario);
  for (const u of state.board.units) {
    if (!isLandOrAir(u.type) || !world.territory.has(u.at)) continue;
    const owner = state.board.territories[u.at]?.owner ?? '';
    if (!allied(state, u.nation, owner)) out.push(`unit ${u.id} (${u.nation} ${u.type}) stands in ${u.at}, held by ${owner}, which is not its ally`);
    if (barred(u.at, u.type)) out.push(`unit ${u.id} (${u.type}) stands in ${u.at}, where its type may not go`);
  }
  for (const t of state.board.trenches) {
    const owner = state.board.territories[t.territory]?.owner ?? '';
    if (!allied(state, t.nation, owner)) out.push(`${t.nation}'s trench in ${t.territory} guards a territory held by ${owner}, not an ally`);
    if (!world.graph.adjacent(t.territory, t.facing, LINK_KINDS)) out.push(`the trench in ${t.territory} faces ${t.facing}, which does not border it by land`);
  }
  // Naval invasions (D-NAV-20 onward): the coastal defence stands only during an invasion's battle; the bombard list lasts one turn.
  for (const u of state.board.units) if (u.type === COASTAL_DEFENCE) out.push(`a coastal defence unit (${u.id}) stands in ${u.at} between turns`);
  if (state.invasion.bombard.length) out.push('the naval invasion turn record is not empty between turns');
  const { acted, moves, support, battles } = state.land;
  if (acted.length || moves.length || support.length || battles.length) out.push('the land turn record is not empty between turns');
  const { taskForces, acted: sailed, battles: seaBattles, blockade } = state.sea;
  if (taskForces.length || sailed.length || seaBattles.length || blockade.length) out.push('the sea turn record is not empty between turns');
  const { flights, flown, strikes, bombed } = state.air;
  if (flights.length || flown.length || Object.keys(strikes).length || Object.keys(bombed).length) out.push('the air turn record is not empty between turns (every aircraft lands by the end of phase 10, bombing damage is taken in phase 14)');
  for (const [id, c] of Object.entries(state.conquered)) {
    if (!nationOf(state, id) && !state.minors.some((m) => m.id === id)) out.push(`unknown nation '${id}' is marked conquered`);
    if (c.host !== null && (!nationOf(state, c.host) || !allied(state, c.host, id) || c.host === id)) out.push(`${id}'s government in exile has host '${c.host}', not a major ally`);
  }
  return out;
}
