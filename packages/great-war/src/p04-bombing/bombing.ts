import { closestName, jsonPath, resolveName, type GameEvent, type PhaseContext, type Problem, type Result, ok, err, unknownFieldProblems, type UnitSelection, refuse } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { airBarred, flightCosts, fuelOf, mayOverfly, pathTo } from '../air/aircraft.js';
import { checkOrderedAircraft } from '../air/air-movement.js';
import { aircraftAt, aircraftOver, landAircraft, missionAircraft } from '../air/missions.js';
import { aaFire, aaGunsAgainst, chooseInterceptors, fightAirCombat } from '../air/air-combat.js';
import { nationName, nationIndex, relation } from '../base/conquest.js';
import { standingOrders, type StandingOrders } from '../combat/losses.js';
import { checkUnitSelection, formatSelection, jsonNationField, territoryAt, territoryIdAt, unitsOfNation, voidOrder } from '../orders/grammar.js';
import { aircraftTypes, areaDisplay, campOf, countByType, describeCounts, groupBy, unitOrder, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { manpowerLimit, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec, TextPosition, Ctx } from '../orders/language.js';
import { hasFacility, manpowerRegionAt } from '../economy/placement.js';
import { ruleNumbers } from '../data/rules.js';
import { levelOf } from '../p02-technology/research.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';

/**
 * Phase 4: industrial and tactical bombing (GW-P04-BOMB, GW-UNIT-61, GW-P09-AIR-13), for all nations at once
 * (decisions D-AIR-13 to D-AIR-18 of docs/great-war/air-war.md). `bomb <territory> [for resources|for manpower] with
 * <bombers> from <territory>`: an industrial raid, by bombers with the 4th Improved Bombers advance, on an enemy
 * industrial complex (1D4 off the holder's collection this turn, per bomber that gets through) or an enemy city (1
 * manpower off its reserve). `strike <territory> with <aircraft> from <territory>`: tactical bombing by any
 * aircraft; each that gets through scores a tactical strike point on the territory, and 3 points give the infantry
 * attacking it this turn +1 (phase 10). A mission flies out, meets AA fire on the way and over the target, may be
 * intercepted there for one round of air combat, scores, and flies home to its base; it is the aircraft's one
 * mission of the turn (GW-P04-BOMB-09).
 */

export type BombingAim = 'resources' | 'manpower';
const AIMS: readonly BombingAim[] = ['resources', 'manpower'];

export type BombOrder = {
  kind: 'bomb';
  /** Whose aircraft: the seat's own unless given (a government in exile's, a minor it controls). */
  nation?: string;
  target: string;
  /** What the raid destroys; none: resources where there is an industrial complex, else manpower. */
  for?: BombingAim;
  from: string;
  units: UnitSelection;
};

export type StrikeOrder = { kind: 'strike'; nation?: string; target: string; from: string; units: UnitSelection };

type MissionOrder = BombOrder | StrikeOrder;

const air = ruleNumbers.air;
const BOMBER = 'bomber';
const BOMBER_TECH = 'improved-bombers';
const INDUSTRIAL_BOMBING = 'industrial-bombing';

// ---------------------------------------------------------------------------------------------------------------
// The rules of a mission.

/** Whether a nation's bombers may fly industrial raids: the 4th Improved Bombers advance (GW-P04-BOMB-01, ambiguity A42). */
export function mayBombIndustry(state: GreatWarState, nation: string): boolean {
  return nationOf(state, nation) !== undefined && unitStats(state, nation, BOMBER).abilities.includes(INDUSTRIAL_BOMBING);
}

/** Whether a territory has an industrial complex (printed on the map or built since). */
export const hasIndustrialComplex = (state: GreatWarState, world: WorldMap, territory: string): boolean => hasFacility(state, territory, 'industrial-complex', world);

/** Whether a territory is a city (GW-FAC-17). */
export const isCity = (world: WorldMap, territory: string): boolean => world.territory.get(territory)?.city ?? false;

/**
 * What an industrial raid on `target` destroys (GW-P04-BOMB-02, -04, -05, D-AIR-16): what the order says, if the
 * target has it (resources need an industrial complex, manpower a city); without `for`, resources where there is
 * an industrial complex, else manpower where there is a city. A refusal when the target has neither.
 */
export function bombingAim(state: GreatWarState, world: WorldMap, target: string, wanted: BombingAim | undefined): BombingAim | Problem {
  const name = areaDisplay(target, world);
  const complex = hasIndustrialComplex(state, world, target);
  const city = isCity(world, target);
  if (wanted === 'resources' && !complex) return { code: 'no-industrial-complex', message: `resource bombing must target an industrial complex, and ${name} has none (GW-P04-BOMB-04)${city ? `: 'for manpower' bombs its city` : ''}`, field: 'for' };
  if (wanted === 'manpower' && !city) return { code: 'no-city', message: `manpower bombing must target a city, and ${name} is none (GW-P04-BOMB-05)${complex ? `: 'for resources' bombs its industrial complex` : ''}`, field: 'for' };
  if (wanted) return wanted;
  if (complex) return 'resources';
  if (city) return 'manpower';
  return { code: 'nothing-to-bomb', message: `${name} has neither an industrial complex nor a city to bomb (GW-P04-BOMB-02); a tactical strike may hit it: 'strike ${name} with ...'`, field: 'target' };
}

/** A mission's flight: its path, the fuel it takes there, and the nation it strikes. */
export type MissionFlight = { readonly path: readonly string[]; readonly fuel: number; readonly victim: string };
export type MissionCheck = Result<MissionFlight, Problem>;

/**
 * Whether `nation`'s aircraft of `types` may fly a mission from `from` against `target` now (D-AIR-14, ambiguity
 * A49): the target is held by an enemy, never a neutral nor a friend; the way is the cheapest over areas the
 * aircraft may fly over (D-AIR-2, D-AIR-3); each aircraft has the fuel to fly there, fight one round of air combat
 * and fly back the same way to its base. `fuel` is the way out.
 */
export function checkMission(state: GreatWarState, world: WorldMap, nation: string, from: string, target: string, types: readonly string[]): MissionCheck {
  const name = (id: string) => world.names.get(id) ?? id;
  const who = nationName(state, nation);
  if (from === target) return err({ code: 'same-territory', message: `a mission flies from one territory to another; ${name(from)} is both`, field: 'target' });
  const victim = state.board.territories[target]?.owner ?? '';
  const rel = relation(state, nation, victim);
  if (rel === 'neutral') return err({ code: 'not-at-war', message: `${name(target)} is held by ${nationName(state, victim)}, and ${who} is not at war with ${nationName(state, victim)}: declare war first`, field: 'target' });
  if (rel === 'friendly') return err({ code: 'not-an-enemy', message: `${name(target)} is held by ${victim === nation ? who : `${nationName(state, victim)}, an ally of ${who}`}: a bombing mission targets an enemy territory`, field: 'target' });
  const fuels = new Map(types.map((t) => [t, fuelOf(state, nation, t)]));
  const full = (t: string) => fuels.get(t) ?? fuelOf(state, nation, t);
  for (const t of types) if (airBarred(target, t, full(t))) return err({ code: 'barred-terrain', message: `${unitWord(t, 2)} ${full(t) > 0 ? 'with so little fuel ' : ''}may not fly over ${name(target)}`, field: 'target' });
  const pass = (id: string) => mayOverfly(state, world, nation, id, types, full);
  // Only targets within the fuel matter: a mission needs more than the way there.
  const costs = flightCosts(state, world, nation, from, Math.max(...types.map(full)), pass);
  const reach = costs.get(target);
  if (!reach) {
    if (!world.graph.path(from, target, { pass: (id) => id === target || pass(id) })) return err({ code: 'no-path', message: `${who}'s aircraft cannot reach ${name(target)} from ${name(from)} without crossing neutral ground`, field: 'target' });
    const t = types[0]!;
    return err({ code: 'too-far', message: `${unitWord(t, 2)} of ${who} have ${full(t)} fuel; ${name(target)} is farther than that from ${name(from)}, and a mission must fly there and back (D-AIR-14)`, field: 'target' });
  }
  const out = reach.fuel;
  for (const t of types) {
    const need = missionFuel(out);
    if (full(t) < need) {
      return err({
        code: 'too-far',
        message: `${unitWord(t, 2)} of ${who} have ${full(t)} fuel; a mission from ${name(from)} against ${name(target)} takes ${out} there, 1 for a round of air combat and ${out} back: ${need} (D-AIR-14)`,
        field: 'target',
      });
    }
  }
  return ok({ path: pathTo(costs, target), fuel: out, victim });
}

/** The fuel a mission needs: the way there, one round of air combat and the same way back (D-AIR-14). */
export const missionFuel = (out: number): number => out + 1 + out;

/** A nation's manpower reserve in a region: what it may still buy there at normal cost (D-NAT-7), never below 0. */
export function manpowerReserve(nation: NationState, region: string): number {
  const pool = nation.manpower.find((m) => m.region === region);
  return pool ? Math.max(0, manpowerLimit(nation, region) - pool.built) : 0;
}

/** Whether a mission order can be flown now, with the aircraft types it takes: its flight and the aim of a raid, or why not. */
function checkMissionOrder(order: MissionOrder, state: GreatWarState, world: WorldMap, nation: string, types: readonly string[]): Result<{ aim?: BombingAim; flight: MissionFlight }, Problem> {
  let aim: BombingAim | undefined;
  if (order.kind === 'bomb') {
    const others = types.filter((t) => t !== BOMBER);
    if (order.units === 'all' || others.length) {
      return refuse('bombers-only', `industrial bombing is flown by bombers alone (GW-P04-BOMB-01)${others.length ? `, not ${unitWord(others[0]!, 2)}` : `: write 'with all bombers'`}; any aircraft may fly a tactical strike`, 'units');
    }
    if (!mayBombIndustry(state, nation)) {
      const level = nationOf(state, nation) ? levelOf(nationOf(state, nation)!, BOMBER_TECH) : 0;
      return refuse('no-industrial-bombing', `${nationName(state, nation)}'s bombers are at Improved Bombers level ${level}: industrial bombing needs the 4th advance (GW-P04-BOMB-01)`, 'units');
    }
  }
  const check = checkMission(state, world, nation, order.from, order.target, types);
  if (!check.ok) return check;
  if (order.kind === 'bomb') {
    const a = bombingAim(state, world, order.target, order.for);
    if (typeof a !== 'string') return err(a);
    const victim = nationOf(state, check.value.victim);
    if (a === 'manpower' && !victim?.manpower.length) {
      return refuse('no-manpower-reserve', `${nationName(state, check.value.victim)} has no manpower reserve to bomb (only the great powers keep one, D-NAT-7)`, 'for');
    }
    aim = a;
  }
  return ok({ ...(aim ? { aim } : {}), flight: check.value });
}

// ---------------------------------------------------------------------------------------------------------------
// The orders.

const BOMB_RE = /^(?<target>.+?)(?:\s+for\s+(?<aim>\S+))?\s+with\s+(?<units>.+?)\s+from\s+(?<from>.+)$/di;
const STRIKE_RE = /^(?<target>.+?)\s+with\s+(?<units>.+?)\s+from\s+(?<from>.+)$/di;

type Groups = RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } };

/** The common text of both orders: '<target> ... with <aircraft> [of <nation>] from <territory>'. */
function parseMission(m: Groups, at: TextPosition, ctx: Ctx): { target: string; from: string; units: UnitSelection; nation?: string } | Problem[] {
  const world = theWorld(ctx.state.scenario);
  const g = m.groups as Record<string, string | undefined>;
  const col = (name: string) => at.column + (m.indices.groups[name]?.[0] ?? 0);
  const problems: Problem[] = [];
  const u = unitsOfNation(g['units']!, at.line, col('units'), ctx, aircraftTypes());
  if (Array.isArray(u)) problems.push(...u);
  const target = territoryAt(g['target']!, at.line, col('target'), world);
  if (typeof target !== 'string') problems.push(target);
  const from = territoryAt(g['from']!, at.line, col('from'), world);
  if (typeof from !== 'string') problems.push(from);
  if (problems.length || typeof target !== 'string' || Array.isArray(u) || typeof from !== 'string') return problems;
  return { target, from, units: u.units, ...(u.nation ? { nation: u.nation } : {}) };
}

/** The common JSON fields of both orders. */
function checkMissionJson(item: Record<string, unknown>, path: readonly (string | number)[], ctx: Ctx, kind: 'bomb' | 'strike'): { target: string; from: string; units: UnitSelection; nation?: string; aim?: BombingAim } | Problem[] {
  const world = theWorld(ctx.state.scenario);
  const problems = unknownFieldProblems(item, path, ['kind', 'nation', 'target', ...(kind === 'bomb' ? ['for'] : []), 'from', 'units'], `a ${kind} order`);
  const nation = jsonNationField(item, path, ctx, problems);
  const target = territoryIdAt(item['target'], [...path, 'target'], world, 'target');
  if (typeof target !== 'string') problems.push(target);
  let aim: BombingAim | undefined;
  if (kind === 'bomb' && item['for'] !== undefined) {
    const a = item['for'];
    if (typeof a === 'string' && (AIMS as readonly string[]).includes(a)) aim = a as BombingAim;
    else {
      const suggestion = typeof a === 'string' ? closestName(a, AIMS) : undefined;
      problems.push({ code: 'bad-aim', message: `for is "resources" (an industrial complex) or "manpower" (a city), not ${JSON.stringify(a)}`, path: jsonPath([...path, 'for']), ...(suggestion ? { suggestion } : {}) });
    }
  }
  const from = territoryIdAt(item['from'], [...path, 'from'], world, 'from');
  if (typeof from !== 'string') problems.push(from);
  const units = checkUnitSelection(item['units'], [...path, 'units'], aircraftTypes());
  if (Array.isArray(units)) problems.push(...units);
  if (problems.length || typeof target !== 'string' || typeof from !== 'string' || Array.isArray(units)) return problems;
  return { target, from, units, ...(nation ? { nation } : {}), ...(aim ? { aim } : {}) };
}

function formatMission(word: string, order: MissionOrder, aim?: BombingAim): string {
  const world = theWorld();
  const of = order.nation ? ` of ${nationName(undefined, order.nation)}` : '';
  return `${word} ${areaDisplay(order.target, world)}${aim ? ` for ${aim}` : ''} with ${formatSelection(order.units)}${of} from ${areaDisplay(order.from, world)}`;
}

function refuseMission(order: MissionOrder, ledger: Parameters<OrderSpec['refusal']>[1], ctx: Ctx, seat: NationState): Problem | undefined {
  const state = ctx.state;
  const world = theWorld(state.scenario);
  const units = checkOrderedAircraft(order, ledger, state, seat, world);
  if (!units.ok) return units.error;
  const r = checkMissionOrder(order, state, world, order.nation ?? seat.id, order.units === 'all' ? units.value : Object.keys(order.units));
  return r.ok ? undefined : r.error;
}

export const bombSpec: OrderSpec<BombOrder> = {
  kind: 'bomb',
  words: ['bomb'],
  example: 'bomb Paris for resources with 2 bombers from Metz',
  parseText(rest, at, ctx) {
    const m = BOMB_RE.exec(rest) as Groups | null;
    if (!m?.groups) return [{ code: 'bad-bombing', message: "a bombing raid reads 'bomb Paris with 2 bombers from Metz', with 'for resources' or 'for manpower' after the target if wanted", line: at.line, column: at.column }];
    const problems: Problem[] = [];
    let aim: BombingAim | undefined;
    const aimText = m.groups['aim'];
    if (aimText !== undefined) {
      const r = resolveName(aimText, AIMS);
      if (r.ok) aim = r.value as BombingAim;
      else {
        problems.push({
          code: 'bad-aim',
          message: `a raid is 'for resources' (an industrial complex) or 'for manpower' (a city), not '${aimText}'`,
          line: at.line,
          column: at.column + m.indices.groups['aim']![0],
          ...(r.suggestion ? { suggestion: r.suggestion } : {}),
        });
      }
    }
    const r = parseMission(m, at, ctx);
    if (Array.isArray(r)) return [...r, ...problems].sort((a, b) => (a.column ?? 0) - (b.column ?? 0));
    if (problems.length) return problems;
    return { kind: 'bomb', ...(r.nation ? { nation: r.nation } : {}), target: r.target, ...(aim ? { for: aim } : {}), from: r.from, units: r.units };
  },
  checkJson(item, path, ctx) {
    const r = checkMissionJson(item, path, ctx, 'bomb');
    if (Array.isArray(r)) return r;
    return { kind: 'bomb', ...(r.nation ? { nation: r.nation } : {}), target: r.target, ...(r.aim ? { for: r.aim } : {}), from: r.from, units: r.units };
  },
  format: (order) => formatMission('bomb', order, order.for),
  refusal: (order, ledger, ctx, nation) => refuseMission(order, ledger, ctx, nation),
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    return mayBombIndustry(ctx.state, nation.id) ? missionCandidates(ctx.state, nation, 'bomb', ledger.admitted.length + ctx.step.turn) : [];
  },
};

export const strikeSpec: OrderSpec<StrikeOrder> = {
  kind: 'strike',
  words: ['strike'],
  example: 'strike Nancy with 3 fighters from Metz',
  parseText(rest, at, ctx) {
    const m = STRIKE_RE.exec(rest) as Groups | null;
    if (!m?.groups) return [{ code: 'bad-strike', message: "a tactical strike reads 'strike Nancy with 3 fighters from Metz'", line: at.line, column: at.column }];
    const r = parseMission(m, at, ctx);
    if (Array.isArray(r)) return r;
    return { kind: 'strike', ...(r.nation ? { nation: r.nation } : {}), target: r.target, from: r.from, units: r.units };
  },
  checkJson(item, path, ctx) {
    const r = checkMissionJson(item, path, ctx, 'strike');
    if (Array.isArray(r)) return r;
    return { kind: 'strike', ...(r.nation ? { nation: r.nation } : {}), target: r.target, from: r.from, units: r.units };
  },
  format: (order) => formatMission('strike', order),
  refusal: (order, ledger, ctx, nation) => refuseMission(order, ledger, ctx, nation),
  cost: () => 0,
  candidates(ledger, ctx, nation) {
    return missionCandidates(ctx.state, nation, 'strike', ledger.admitted.length + ctx.step.turn);
  },
};

/** A few missions to offer a bot or a client: one aircraft of a stack against an enemy neighbour. */
function missionCandidates<K extends 'bomb' | 'strike'>(state: GreatWarState, nation: NationState, kind: K, seed: number): Extract<MissionOrder, { kind: K }>[] {
  const world = theWorld(state.scenario);
  const type = kind === 'bomb' ? [BOMBER] : aircraftTypes();
  const stacks = [...new Set(state.board.units.filter((u) => u.nation === nation.id && type.includes(u.type)).map((u) => u.at))].sort();
  const out: MissionOrder[] = [];
  for (const from of stacks.slice(seed % Math.max(1, stacks.length)).concat(stacks).slice(0, 2)) {
    const unit = aircraftAt(state, nation.id, from).find((u) => type.includes(u.type));
    if (!unit) continue;
    const enemy = world.graph
      .neighbours(from, ['land', 'strait'])
      .map((n) => n.id)
      .filter((id) => relation(state, nation.id, state.board.territories[id]?.owner ?? '') === 'hostile')
      .filter((id) => kind === 'strike' || hasIndustrialComplex(state, world, id) || isCity(world, id));
    const target = enemy[seed % Math.max(1, enemy.length)];
    if (target) out.push({ kind, target, from, units: { [unit.type]: 1 } } as MissionOrder);
  }
  return out as Extract<MissionOrder, { kind: K }>[];
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 4.

interface MissionPlan {
  readonly seat: string;
  readonly nation: string;
  readonly order: MissionOrder;
  readonly aim?: BombingAim;
  readonly units: BoardUnit[];
  readonly path: readonly string[];
  readonly fuel: number;
}

/** Every seat's missions in seat order, each seat's in the order given, checked against the state at the start of phase 4. */
function planMissions(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext, world: WorldMap): MissionPlan[] {
  const used = new Set<string>(state.air.flown);
  const plans: MissionPlan[] = [];
  for (const seat of state.nations) {
    for (const order of (orders.get(seat.id)?.orders ?? []).filter((o) => o.kind === 'bomb' || o.kind === 'strike') as unknown as MissionOrder[]) {
      const text = order.kind === 'bomb' ? bombSpec.format(order) : strikeSpec.format(order);
      const nation = order.nation ?? seat.id;
      const units = missionAircraft(state, ctx, world, seat, order, used, 'bombing', text);
      if (!units) continue;
      const r = checkMissionOrder(order, state, world, nation, order.units === 'all' ? [...new Set(units.map((u) => u.type))] : Object.keys(order.units));
      if (!r.ok) {
        voidOrder(ctx, 'bombing', seat.id, text, r.error.code, r.error.message);
        continue;
      }
      for (const u of units) used.add(u.id);
      plans.push({ seat: seat.id, nation, order, ...(r.value.aim ? { aim: r.value.aim } : {}), units, path: r.value.flight.path, fuel: r.value.flight.fuel });
    }
  }
  return plans;
}

/** The missions take off together: each aircraft is over its target, in the air, and has flown its mission of the turn. */
function takeOff(state: GreatWarState, plans: readonly MissionPlan[], ctx: PhaseContext): void {
  for (const plan of plans) {
    const entry = plan.path[plan.path.length - 2]!;
    for (const u of plan.units) {
      u.at = plan.order.target;
      state.air.flown.push(u.id);
      state.air.flights.push({
        unit: u.id,
        nation: plan.nation,
        base: plan.order.from,
        to: plan.order.target,
        path: [...plan.path],
        entry,
        fuel: fuelOf(state, plan.nation, u.type) - plan.fuel,
        mission: plan.order.kind === 'bomb' ? 'bombing' : 'strike',
      });
    }
    ctx.emit({
      type: 'mission',
      mission: plan.order.kind === 'bomb' ? 'bombing' : 'strike',
      nation: plan.nation,
      from: plan.order.from,
      target: plan.order.target,
      ...(plan.aim ? { aim: plan.aim } : {}),
      ...(plan.path.length > 2 ? { path: [...plan.path] } : {}),
      fuel: plan.fuel,
      units: countByType(plan.units),
      ids: plan.units.map((u) => u.id),
    });
  }
}

/** AA fire at the missions (D-AIR-4, D-AIR-15): over each enemy territory flown over or into, in the order of territory ids, each camp in seat order. */
function missionAaFire(state: GreatWarState, world: WorldMap, ctx: PhaseContext, standing: StandingOrders): void {
  const areas = [...new Set(state.air.flights.flatMap((f) => f.path.slice(1)))].sort();
  for (const area of areas) {
    const over = state.air.flights.filter((f) => f.path.slice(1).includes(area));
    const camps = [...groupBy(over, (f) => campOf(state, f.nation))].sort((a, b) => nationIndex(state, a[1][0]!.nation) - nationIndex(state, b[1][0]!.nation));
    for (const [, flights] of camps) {
      const units = flights.map((f) => state.board.units.find((u) => u.id === f.unit)).filter((u): u is BoardUnit => u !== undefined);
      if (units.length && aaGunsAgainst(state, area, units[0]!.nation).length) aaFire(state, world, ctx, standing, area, units, 'bombing');
    }
  }
}

/**
 * What the aircraft that got through score (GW-P04-BOMB-03, -07): each bomber of a raid 1D4 off the holder's
 * collection this turn, or 1 manpower off its reserve in the target's region (never below 0); each aircraft of a
 * strike 1 tactical strike point against the target.
 */
function score(state: GreatWarState, world: WorldMap, ctx: PhaseContext, area: string, through: readonly BoardUnit[], plans: readonly MissionPlan[]): void {
  const name = world.names.get(area) ?? area;
  const victim = state.board.territories[area]?.owner ?? '';
  const raids = plans.filter((p) => p.order.target === area && p.order.kind === 'bomb');
  const strikes = plans.filter((p) => p.order.target === area && p.order.kind === 'strike');
  for (const [key, list] of [...groupBy(raids, (p) => `${p.nation}|${p.aim}`)].sort((a, b) => nationIndex(state, a[1][0]!.nation) - nationIndex(state, b[1][0]!.nation) || (a[0] < b[0] ? -1 : 1))) {
    const [who, aim] = key.split('|') as [string, BombingAim];
    const sent = list.flatMap((p) => p.units);
    const bombers = through.filter((u) => sent.includes(u));
    let resources = 0;
    let manpower = 0;
    let region: string | undefined;
    bombers.forEach((_, i) => {
      if (aim === 'resources') {
        resources += ctx.roll(air.resourceBombingDie, `${nationName(state, who)} bomber #${i + 1} over ${name}: resources off ${nationName(state, victim)}'s collection`);
        return;
      }
      const target = nationOf(state, victim);
      if (!target) return;
      region = manpowerRegionAt(target, area, world);
      const pool = target.manpower.find((m) => m.region === region)!;
      const taken = Math.min(air.manpowerBombing, manpowerReserve(target, region), pool.limit);
      pool.limit -= taken;
      manpower += taken;
    });
    if (aim === 'resources' && resources > 0) state.air.bombed[victim] = (state.air.bombed[victim] ?? 0) + resources;
    ctx.emit({
      type: 'bombing',
      nation: who,
      area,
      target: victim,
      aim,
      sent: sent.length,
      through: bombers.length,
      ...(aim === 'resources' ? { resources, total: state.air.bombed[victim] ?? 0 } : { manpower, ...(region ? { region } : {}) }),
    });
  }
  for (const [who, list] of [...groupBy(strikes, (p) => p.nation)].sort((a, b) => nationIndex(state, a[0]) - nationIndex(state, b[0]))) {
    const sent = list.flatMap((p) => p.units);
    const hits = through.filter((u) => sent.includes(u)).length;
    if (hits > 0) state.air.strikes[area] = (state.air.strikes[area] ?? 0) + hits;
    const points = state.air.strikes[area] ?? 0;
    ctx.emit({ type: 'tactical-strike', nation: who, area, sent: sent.length, through: hits, points, bonus: points >= air.tacticalStrikeThreshold });
  }
}

/**
 * The 'bombing' phase (phase 4), for all nations at once (D-AIR-15): the missions are checked in seat order and take
 * off together; AA guns fire at them over every enemy territory on the way and at the target; then, target by target
 * in the order of territory ids and camp by camp in seat order, the target's fighters intercept or let them pass, and
 * one round of air combat is fought (GW-P09-AIR-13, D-AIR-17); the aircraft that got through score; at the end every
 * mission aircraft flies home to its base (D-AIR-11).
 */
export function resolveBombing(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  const plans = planMissions(state, orders, ctx, world);
  if (!plans.length) return state;
  const standing = standingOrders(state, orders);
  takeOff(state, plans, ctx);
  missionAaFire(state, world, ctx, standing);
  const targets = [...new Set(plans.map((p) => p.order.target))].sort();
  for (const area of targets) {
    const sent = plans.filter((p) => p.order.target === area).flatMap((p) => p.units);
    const camps = [...groupBy(aircraftOver(state, area, ['bombing', 'strike']), (u) => campOf(state, u.nation))].sort((a, b) => nationIndex(state, a[1][0]!.nation) - nationIndex(state, b[1][0]!.nation));
    camps.forEach(([, camp], i) => {
      const interceptors = chooseInterceptors(state, ctx, orders, area, camp, world, i === 0 ? 'bombing' : `bombing.${i + 1}`);
      if (interceptors.length) fightAirCombat(state, world, ctx, standing, area, camp, interceptors, { phase: 'bombing', maxRounds: 1 });
    });
    // Those still flying got through, even if the round left them short of fuel and they turned home already.
    const through = sent.filter((u) => state.board.units.includes(u)).sort(unitOrder);
    score(state, world, ctx, area, through, plans);
  }
  for (const area of targets) landAircraft(state, ctx, world, aircraftOver(state, area, ['bombing', 'strike']), area, 'bombing');
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Reports.

/** One line of plain text for the events of phase 4; undefined for other events. */
export function describeBombingEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => nationName(state, String(id));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  switch (event.type) {
    case 'mission':
      return event['mission'] === 'bombing'
        ? `${who(event['nation'])} sends ${counts(event['units'])} from ${area(event['from'])} to bomb ${area(event['target'])} for ${String(event['aim'])}, ${String(event['fuel'])} fuel each way.`
        : `${who(event['nation'])} sends ${counts(event['units'])} from ${area(event['from'])} on a tactical strike against ${area(event['target'])}, ${String(event['fuel'])} fuel each way.`;
    case 'bombing': {
      const head = `${who(event['nation'])}'s raid on ${area(event['area'])}: ${String(event['through'])} of ${String(event['sent'])} bomber(s) get through`;
      if (event['aim'] === 'resources') return `${head} and destroy ${String(event['resources'])} of ${who(event['target'])}'s resources to be collected this turn (${String(event['total'])} in all).`;
      return `${head} and take ${String(event['manpower'])} manpower off ${who(event['target'])}'s reserve.`;
    }
    case 'tactical-strike':
      return `${who(event['nation'])}'s tactical strike on ${area(event['area'])}: ${String(event['through'])} of ${String(event['sent'])} aircraft get through; ${String(event['points'])} tactical strike point(s) against it this turn${event['bonus'] ? ', so infantry attacking it get +1' : ''}.`;
    default:
      return undefined;
  }
}
