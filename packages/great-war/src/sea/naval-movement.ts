import { closestName, jsonPath, type PhaseContext, type Problem, unknownFieldProblems, ordersOf } from '@umpire/engine';
import { allied, commanderOf, nationName } from '../base/conquest.js';
import { checkUnitSelection, formatSelection, jsonNationField, unitsOfNation, checkOrderedUnits, voidOrder } from '../orders/grammar.js';
import { areaDisplay, countByType, groupBy, unitWord } from '../base/counting.js';
import type { Passage, WorldMap } from '../data/map.js';
import { areasWithin } from '../orders/moves.js';
import { emptyInvasionTurn, emptySeaTurn, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec, TextPosition } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { embarkSpec, planEmbarkations, type EmbarkOrder, type EmbarkPlan } from './transports.js';
import { cargoOf } from './fleet.js';
import { carrierMoveCandidates, noteCarrierMove } from './carrier-operations.js';
import { type NavalTask, type SailOrder, type RepairOrder, navalTypes, shipsAt, SEA_POOL, shipStats, type ForcePlan, planTaskForces, seaZoneAt, seaZoneIdAt, repairTargets, shipsInZoneText, shipsInZoneJson, runPast } from './fleet.js';
import { NAVAL_TASKS, isShip, checkSailing, pickShips, repairCost } from './fleet.js';

/**
 * Phase 6: naval movement (GW-P06-NAV), for all nations at once (decisions D-NAV-1 to D-NAV-8 of
 * docs/great-war/naval-war.md). Each `sail` order makes one task force with one task; ships move up to their move
 * along sea borders, through the passages their holders keep open to them (Denmark, the Kiel Canal, Gibraltar, Suez,
 * the Turkish straits), and stop on entering a sea zone where enemy surface ships are. `repair` mends a damaged
 * battleship or carrier next to a friendly port instead of moving it. Phase 7 fights where enemy fleets meet.
 */

// ---------------------------------------------------------------------------------------------------------------
// Passages.

export type { Passage };

// ---------------------------------------------------------------------------------------------------------------
// The rules of a sailing.

// ---------------------------------------------------------------------------------------------------------------
// Orders.

function taskAt(typed: string, at: TextPosition & { column: number }): NavalTask | Problem {
  const t = typed.trim().toLowerCase().replace(/\s+/g, '-');
  const found = NAVAL_TASKS.filter((k) => k.startsWith(t));
  if (found.length === 1) return found[0]!;
  if ((NAVAL_TASKS as readonly string[]).includes(t)) return t as NavalTask;
  const suggestion = closestName(t, NAVAL_TASKS);
  return { code: 'unknown-task', message: `there is no naval task '${typed.trim()}' (${NAVAL_TASKS.join(', ')})`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) };
}

const STAY_RE = /^(?<units>.+?)\s+(?:in|at)\s+(?<from>.+?)\s+(?:as|task)\s+(?<task>[a-z-]+(?:\s+blockade|\s+move)?)$/di;
const SAIL_RE = /^(?<units>.+?)\s+from\s+(?<from>.+?)\s*(?:->|\s+to\s+)(?<to>.+?)(?:\s+via\s+(?<via>.+?))?(?:\s+(?:as|task)\s+(?<task>[a-z-]+(?:\s+blockade|\s+move)?))?$/di;

export const sailSpec: OrderSpec<SailOrder> = {
  kind: 'sail',
  words: ['sail'],
  example: 'sail 5 battleships from Skagerrak to North Sea as engage',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const stay = /\sfrom\s/i.test(` ${rest} `) ? null : STAY_RE.exec(rest);
    const m = (stay ?? SAIL_RE.exec(rest)) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
    if (!m?.groups) return [{ code: 'bad-sailing', message: "a sailing reads 'sail 2 battleships from North Sea to Skagerrak', with 'via Norwegian Sea' and 'as blockade' (its task) if wanted; ships that stay to carry out a task, 'sail 2 transports in North Sea as transport'", line: at.line, column: at.column }];
    const g = m.groups as Record<string, string | undefined>;
    const col = (k: string) => at.column + (m.indices.groups[k]?.[0] ?? 0);
    const problems: Problem[] = [];
    const u = unitsOfNation(g['units']!, at.line, col('units'), ctx, navalTypes());
    if (Array.isArray(u)) problems.push(...u);
    const from = seaZoneAt(g['from']!, at.line, col('from'), world);
    if (typeof from !== 'string') problems.push(from);
    const to = stay ? from : seaZoneAt(g['to']!, at.line, col('to'), world);
    if (typeof to !== 'string' && !stay) problems.push(to);
    const via: string[] = [];
    if (g['via'] !== undefined) {
      let offset = col('via');
      for (const part of g['via'].split(',')) {
        const z = seaZoneAt(part.trim(), at.line, offset + (part.length - part.trimStart().length), world);
        if (typeof z === 'string') via.push(z);
        else problems.push(z);
        offset += part.length + 1;
      }
    }
    let task: NavalTask | undefined;
    if (g['task'] !== undefined) {
      const t = taskAt(g['task'], { line: at.line, column: col('task') });
      if (typeof t === 'string') task = t;
      else problems.push(t);
    }
    if (problems.length || Array.isArray(u) || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'sail', ...(u.nation ? { nation: u.nation } : {}), from, to, units: u.units, ...(via.length ? { via } : {}), ...(task && task !== 'engage' ? { task } : {}) };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'from', 'to', 'units', 'via', 'task'], 'a sail order');
    const nation = jsonNationField(item, path, ctx, problems);
    const from = seaZoneIdAt(item['from'], [...path, 'from'], world, 'from');
    if (typeof from !== 'string') problems.push(from);
    const to = seaZoneIdAt(item['to'], [...path, 'to'], world, 'to');
    if (typeof to !== 'string') problems.push(to);
    const units = checkUnitSelection(item['units'], [...path, 'units'], navalTypes());
    if (Array.isArray(units)) problems.push(...units);
    const via: string[] = [];
    if (item['via'] !== undefined) {
      if (!Array.isArray(item['via']) || !item['via'].length) problems.push({ code: 'bad-via', message: 'via is a list of sea zone ids', path: jsonPath([...path, 'via']) });
      else
        item['via'].forEach((v: unknown, i: number) => {
          const z = seaZoneIdAt(v, [...path, 'via', i], world, 'via');
          if (typeof z === 'string') via.push(z);
          else problems.push(z);
        });
    }
    const task = item['task'];
    if (task !== undefined && !(typeof task === 'string' && (NAVAL_TASKS as readonly string[]).includes(task))) {
      const suggestion = typeof task === 'string' ? closestName(task, NAVAL_TASKS) : undefined;
      problems.push({ code: 'unknown-task', message: `task is one of ${NAVAL_TASKS.join(', ')}`, path: jsonPath([...path, 'task']), ...(suggestion ? { suggestion } : {}) });
    }
    if (problems.length || Array.isArray(units) || typeof from !== 'string' || typeof to !== 'string') return problems;
    return { kind: 'sail', ...(nation ? { nation } : {}), from, to, units, ...(via.length ? { via } : {}), ...(task && task !== 'engage' ? { task: task as NavalTask } : {}) };
  },
  format(order) {
    const world = theWorld();
    const of = order.nation ? ` of ${nationName(undefined, order.nation)}` : '';
    const via = order.via?.length ? ` via ${order.via.map((v) => areaDisplay(v, world)).join(', ')}` : '';
    if (order.from === order.to && !via) return `sail ${formatSelection(order.units)}${of} in ${areaDisplay(order.from, world)}${order.task ? ` as ${order.task}` : ''}`;
    return `sail ${formatSelection(order.units)}${of} from ${areaDisplay(order.from, world)} to ${areaDisplay(order.to, world)}${via}${order.task ? ` as ${order.task}` : ''}`;
  },
  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const units = checkOrderedUnits(order, ledger, state, nation, world, SEA_POOL);
    if (!units.ok) return units.error;
    const who = order.nation ?? nation.id;
    const check = checkSailing(state, world, who, order.from, order.to, order.via, units.value, order.task ?? 'engage');
    if (!check.ok) return check.error;
    if (order.task === 'bombard') {
      // A damaged battleship may not bombard (GW-UNIT-17): the ships this order would take, after the earlier orders'.
      const used = new Set<string>();
      for (const o of ledger.admitted) if (o.kind === 'repair') for (const u of repairTargets(state, (o as RepairOrder).nation ?? nation.id, o as RepairOrder)) used.add(u.id);
      planTaskForces(state, world, nation.id, ledger.admitted.filter((o): o is SailOrder & typeof o => o.kind === 'sail'), used);
      const damaged = pickShips(state, who, order, used).filter((u) => u.damage > 0).length;
      if (damaged) return { code: 'damaged-battleship', message: `a damaged battleship may not shore-bombard (GW-UNIT-17): ${damaged} of the battleships this order takes in ${world.names.get(order.from)} ${damaged === 1 ? 'is' : 'are'} damaged; repair ${damaged === 1 ? 'it' : 'them'} first`, field: 'units' };
    }
    return undefined;
  },
  cost: () => 0,
  candidatesAt(_ledger, ctx, nation, area) {
    // Every sailing of the nation's ships in a zone to each zone within their move, all ships of a type together.
    const state = ctx.state;
    const world = theWorld(state.scenario);
    if (!world.sea.has(area)) return [];
    const counts = new Map<string, number>();
    for (const u of shipsAt(state, nation.id, area)) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
    const out: SailOrder[] = [];
    for (const [type, count] of counts) {
      const move = shipStats(state, nation.id, type).move ?? 0;
      for (const to of areasWithin(world, area, move, ['sea'])) out.push({ kind: 'sail', from: area, to, units: { [type]: count } });
    }
    return out;
  },
  candidates(ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const zones = [...new Set(state.board.units.filter((u) => u.nation === nation.id && isShip(u.type)).map((u) => u.at))].filter((z) => world.sea.has(z)).sort();
    const seed = ledger.admitted.length + ctx.step.turn;
    const out: SailOrder[] = [];
    for (const from of zones.slice(seed % Math.max(1, zones.length)).concat(zones).slice(0, 2)) {
      const type = shipsAt(state, nation.id, from)[0]?.type;
      const next = world.graph.neighbours(from, ['sea']).map((n) => n.id);
      // Now and then an escort (warships only, D-NAV-26).
      const escort = type !== undefined && type !== 'transport' && seed % 3 === 0;
      if (type && next.length) out.push({ kind: 'sail', from, to: next[seed % next.length]!, units: { [type]: 1 }, ...(escort ? { task: 'escort' as const } : {}) });
    }
    // Warships that stay to blockade (D-NAV-27).
    const warship = zones.flatMap((z) => shipsAt(state, nation.id, z)).find((u) => u.type !== 'transport');
    if (warship) out.push({ kind: 'sail', from: warship.at, to: warship.at, units: { [warship.type]: 1 }, task: 'blockade' });
    // Transports that stay to take troops aboard or land them (D-NAV-21).
    const docked = zones.find((z) => shipsAt(state, nation.id, z).some((u) => u.type === 'transport'));
    if (docked) out.push({ kind: 'sail', from: docked, to: docked, units: { transport: 1 }, task: 'transport' });
    out.push(...carrierMoveCandidates(state, nation.id, seed));
    return out;
  },
};

/** Whether a sea zone borders a port held by the nation or an ally (GW-UNIT-19). */
export function nextToFriendlyPort(state: GreatWarState, world: WorldMap, nation: string, zone: string): boolean {
  return world.graph.neighbours(zone, ['coast']).some((n) => world.territory.get(n.id)?.port && allied(state, nation, state.board.territories[n.id]?.owner ?? ''));
}

export const repairSpec: OrderSpec<RepairOrder> = {
  kind: 'repair',
  words: ['repair'],
  example: 'repair 1 battleship in North Sea',
  parseText(rest, at, ctx) {
    const m = /^(?<units>.+?)\s+(?:in|at)\s+(?<at>.+)$/di.exec(rest) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
    if (!m?.groups) return [{ code: 'bad-repair', message: "a repair reads 'repair 1 battleship in North Sea'", line: at.line, column: at.column }];
    const { u, zone, problems } = shipsInZoneText(m, at, ctx);
    if (problems.length || !u || !zone) return problems;
    return { kind: 'repair', ...(u.nation ? { nation: u.nation } : {}), at: zone, units: u.units };
  },
  checkJson(item, path, ctx) {
    const { nation, zone, units, problems } = shipsInZoneJson(item, path, ctx, 'a repair order');
    if (problems.length || !units || !zone) return problems;
    return { kind: 'repair', ...(nation ? { nation } : {}), at: zone, units };
  },
  format(order) {
    const of = order.nation ? ` of ${nationName(undefined, order.nation)}` : '';
    return `repair ${formatSelection(order.units)}${of} in ${areaDisplay(order.at)}`;
  },
  refusal(order, ledger, ctx, nation) {
    const state = ctx.state;
    const world = theWorld(state.scenario);
    const who = order.nation ?? nation.id;
    const units = checkOrderedUnits({ ...order, from: order.at }, ledger, state, nation, world, SEA_POOL);
    if (!units.ok) return units.error;
    const targets = repairTargets(state, who, order);
    if (!targets.length) return { code: 'nothing-to-repair', message: `${nationName(state, who)} has no damaged battleship or carrier of these in ${world.names.get(order.at)}`, field: 'units' };
    if (!nextToFriendlyPort(state, world, who, order.at)) return { code: 'no-port', message: `${world.names.get(order.at)} borders no port held by ${nationName(state, who)} or an ally: ships are repaired next to a friendly port (GW-UNIT-19)`, field: 'at' };
    const cost = targets.reduce((s, u) => s + repairCost(u.type, u.damage), 0);
    if (cost > ledger.resources) return { code: 'not-enough-resources', message: `the repair costs ${cost}, and ${nation.name} has ${ledger.resources} left`, field: 'units' };
    return undefined;
  },
  cost(order, _ledger, ctx, nation) {
    return repairTargets(ctx.state, order.nation ?? nation.id, order).reduce((s, u) => s + repairCost(u.type, u.damage), 0);
  },
  candidates() {
    return [];
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Phase 6.

export interface TaskForce {
  readonly id: string;
  readonly nation: string;
  readonly task: NavalTask;
  readonly from: string;
  readonly to: string;
  readonly path: readonly string[];
  readonly units: readonly string[];
  readonly runOn?: readonly string[];
}

/**
 * A task force running a blockade (cruisers only) rolls 1D10 at each sea zone on its way, before its destination,
 * where enemy surface ships stand at the start of the phase: at or under the chance it slips past; otherwise it is
 * caught and its sailing ends there, where phase 7 fights (GW-P06-NAV-15, D-NAV-18).
 */
function runBlockade(state: GreatWarState, ctx: PhaseContext, world: WorldMap, plan: ForcePlan): ForcePlan {
  const stop = runPast(state, ctx, world, plan.nation, plan.ships, plan.path, 1);
  if (stop === plan.path.length - 1) return plan;
  return { ...plan, order: { ...plan.order, to: plan.path[stop]! }, path: plan.path.slice(0, stop + 1), runOn: plan.path.slice(stop + 1) };
}

/**
 * Repairs first (the ships take no other action, GW-UNIT-20), then every task force sails at once (D-NAV-1, D-NAV-4),
 * its cargo aboard with it; then the troops embark onto the transports of the transport task forces where those end
 * the phase (D-NAV-21); the battleships with the bombard task are noted for phase 10 (D-NAV-24).
 */
export function resolveNavalMovement(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  state.sea = emptySeaTurn();
  state.invasion = emptyInvasionTurn();
  const used = new Set<string>();
  for (const seat of state.nations) {
    for (const order of ordersOf<RepairOrder>(orders.get(seat.id), 'repair')) {
      const nation = order.nation ?? seat.id;
      const text = repairSpec.format(order);
      const targets = commanderOf(state, nation) === seat.id ? repairTargets(state, nation, order).filter((u) => !used.has(u.id)) : [];
      const cost = targets.reduce((s, u) => s + repairCost(u.type, u.damage), 0);
      if (!targets.length || !nextToFriendlyPort(state, world, nation, order.at) || cost > seat.treasury) {
        voidOrder(ctx, 'naval-movement', seat.id, text, 'cannot-repair', !targets.length ? 'no damaged ship of these is there' : cost > seat.treasury ? `the repair costs ${cost} and ${seat.name} has ${seat.treasury}` : 'no friendly port borders the sea zone');
        continue;
      }
      for (const u of targets) {
        u.damage = 0;
        used.add(u.id);
        state.sea.acted.push(u.id);
      }
      seat.treasury -= cost;
      seat.ledger.repairs += cost;
      ctx.emit({ type: 'repair', nation, at: order.at, units: countByType(targets), ids: targets.map((u) => u.id), cost, treasury: seat.treasury });
    }
  }
  // Every sailing and embarkation is checked against the fleets where they stand at the start of the phase; all sail, then all arrive.
  const plans: ForcePlan[] = [];
  const boarding: EmbarkPlan[] = [];
  for (const seat of state.nations) {
    const given = orders.get(seat.id);
    const forces = planTaskForces(state, world, seat.id, ordersOf<SailOrder>(given, 'sail'), used, (order, code, message) => voidOrder(ctx, 'naval-movement', seat.id, sailSpec.format(order), code, message));
    plans.push(...forces);
    boarding.push(...planEmbarkations(state, world, seat.id, ordersOf<EmbarkOrder>(given, 'embark'), forces, (order, code, message) => voidOrder(ctx, 'naval-movement', seat.id, embarkSpec.format(order), code, message)));
  }
  // Cruisers running a blockade try to slip past each enemy fleet on their way: 60% a fleet (GW-P06-NAV-15, D-NAV-18).
  const runs = plans.map((plan) => (plan.task === 'run-blockade' ? runBlockade(state, ctx, world, plan) : plan));
  let n = 0;
  for (const { nation, task, order, ships, path, runOn } of runs) {
    const force: TaskForce = { id: `TF${++n}`, nation, task, from: order.from, to: order.to, path, units: ships.map((u) => u.id), ...(runOn?.length ? { runOn } : {}) };
    const cargo = ships.filter((u) => u.type === 'transport').flatMap((u) => cargoOf(state, u.id));
    for (const u of [...ships, ...cargo]) u.at = force.to;
    // Task forces that stay are recorded too: submarines may intercept one that lands troops (GW-P06-SUBINT-03); phase 7
    // reads only those that sailed as ships that came in (D-NAV-21).
    const { runOn: way, ...record } = force;
    state.sea.taskForces.push({ ...record, path: [...force.path], units: [...force.units], ...(way ? { runOn: [...way] } : {}) });
    state.sea.acted.push(...force.units);
    if (task === 'blockade') state.sea.blockade.push(...force.units);
    if (task === 'bombard') state.invasion.bombard.push(...ships.filter((u) => u.type === 'battleship' && u.damage === 0).map((u) => u.id));
    noteCarrierMove(state, task, ships);
    ctx.emit({
      type: 'sail',
      nation: force.nation,
      force: force.id,
      task: force.task,
      from: force.from,
      to: force.to,
      ...(force.path.length > 2 ? { path: [...force.path] } : {}),
      units: countByType(ships),
      ids: [...force.units],
    });
    if (cargo.length && force.from !== force.to) {
      for (const [key, list] of groupBy(cargo, (u) => `${u.nation}|${u.aboard}`)) {
        const [cargoNation, transport] = key.split('|') as [string, string];
        ctx.emit({ type: 'cargo-moved', nation: cargoNation, transport, from: force.from, to: force.to, units: countByType(list), ids: list.map((u) => u.id) });
      }
    }
  }
  for (const plan of boarding) {
    for (const { unit, transport } of plan.boarding) {
      unit.at = transport.at;
      unit.aboard = transport.id;
    }
    const units = plan.boarding.map((b) => b.unit);
    ctx.emit({
      type: 'embark',
      nation: plan.nation,
      from: plan.order.from,
      at: plan.order.at,
      units: countByType(units),
      ids: units.map((u) => u.id),
      transports: [...new Set(plan.boarding.map((b) => b.transport.id))].sort(),
      ...(Object.keys(plan.left).length ? { left: plan.left } : {}),
    });
  }
  state.sea.acted.sort();
  state.sea.blockade.sort();
  state.invasion.bombard.sort();
  return state;
}

/** One line of plain text for the events of naval movement; undefined for others. */
export function describeNavalMovementEvent(event: { type: string; [k: string]: unknown }, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => nationName(state, String(id));
  const counts = (c: unknown) =>
    Object.entries((c ?? {}) as Record<string, number>)
      .map(([t, k]) => `${k} ${unitWord(t, k)}`)
      .join(', ');
  switch (event.type) {
    case 'sail':
      if (event['from'] === event['to']) return `${who(event['nation'])}'s ${counts(event['units'])} stay${Object.values((event['units'] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0) === 1 ? 's' : ''} in the ${area(event['from'])} (task force ${String(event['force'])}, ${String(event['task'])}).`;
      return `${who(event['nation'])} sails ${counts(event['units'])} from ${area(event['from'])} to ${area(event['to'])} (task force ${String(event['force'])}, ${String(event['task'])}).`;
    case 'blockade-run':
      return `${who(event['nation'])}'s ${counts(event['units'])} running the blockade ${event['slipped'] ? 'slip past' : 'are caught by'} the enemy fleet in the ${area(event['area'])} (rolled ${String(event['roll'])}).`;
    case 'repair':
      return `${who(event['nation'])} repairs ${counts(event['units'])} in ${area(event['at'])} for ${String(event['cost'])}; treasury now ${String(event['treasury'])}.`;
    default:
      return undefined;
  }
}

