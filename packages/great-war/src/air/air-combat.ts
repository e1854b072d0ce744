import { allocateLosses, closestName, jsonPath, rollPool, type GameEvent, type PhaseContext, type PoolEntry, type Problem, ordersOf } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { airCombatValue, flightOf, fuelOf, landingPlaces } from './aircraft.js';
import { aircraftOver, landAircraft } from './missions.js';
import { allied, commanderOf, nationName, nationIndex } from '../base/conquest.js';
import { trenchAgainst } from '../combat/values.js';
import { arrangeLossOrder, defaultLossOrder, shareHits, standingOrders, type StandingOrders } from '../combat/losses.js';
import { territoryAt, territoryIdAt } from '../orders/grammar.js';
import { areaDisplay, campOf, countByType, describeCounts, groupBy, statsOf, unitOrder, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { ruleNumbers } from '../data/rules.js';
import { theWorld } from '../data/world.js';

/**
 * Phase 9: air combat (GW-P09-AIR), for all nations at once (decisions D-AIR-4 to D-AIR-10 of
 * docs/great-war/air-war.md). First every AA gun fires once at the enemy aircraft that entered or crossed its
 * territory in phase 8 (GW-UNIT-06..09, GW-P09-AIR-12); then, in the order of territory ids, the defending fighters
 * of each attacked territory intercept the attackers or let them pass, by their commander's standing order
 * (`intercept ...`, default: intercept). An air combat is fought in rounds like a land battle, every aircraft at its
 * attack value (bombers 1); each round costs each aircraft 1 fuel; attackers leave while they can still land
 * somewhere friendly. Attackers with the fuel for it then join the land battle of phase 10; the others land.
 */

/** `intercept over Verdun` / `intercept nowhere` / `intercept not over Verdun` / `intercept everywhere`. */
export type InterceptOrder = { kind: 'intercept'; intercept: boolean; over?: string };

// ---------------------------------------------------------------------------------------------------------------
// Losses among aircraft.

/**
 * Take `hits` from a group of aircraft (AA fire, air combat): shared among their commanders in proportion, each by
 * its standing loss order among the aircraft types it has there, else cheapest first (D-AIR-5).
 */
export function aircraftLosses(state: GreatWarState, standing: StandingOrders, units: readonly BoardUnit[], hits: number): BoardUnit[] {
  if (hits <= 0 || !units.length) return [];
  const lost: BoardUnit[] = [];
  for (const { commander, items: list, share } of shareHits(state, units, (u) => u.nation, hits)) {
    const sorted = [...list].sort(unitOrder);
    const types = Object.keys(countByType(sorted));
    const order = arrangeLossOrder(standing.losses.get(commander) ?? [], defaultLossOrder(state, sorted[0]!.nation, types));
    const result = allocateLosses(
      sorted.map((u) => ({ id: u.id, type: u.type, hitPoints: 1, damage: 0 })),
      share,
      order,
    );
    lost.push(...sorted.filter((u) => result.destroyed.includes(u.id)));
  }
  return lost;
}

function removeUnits(state: GreatWarState, lost: readonly BoardUnit[]): void {
  if (!lost.length) return;
  const ids = new Set(lost.map((u) => u.id));
  state.board.units = state.board.units.filter((u) => !ids.has(u.id));
  state.air.flights = state.air.flights.filter((f) => !ids.has(f.unit));
}

function emitLosses(ctx: PhaseContext, area: string, round: number, role: string, lost: readonly BoardUnit[], by: string): void {
  for (const [nation, units] of groupBy(lost, (u) => u.nation)) {
    ctx.emit({ type: 'losses', area, round, role, nation, units: countByType(units), ids: units.map((u) => u.id), by });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// AA fire.

/** The AA guns that defend a territory against `nation`'s aircraft: those of the holder's side, when it is at war with `nation`. */
export function aaGunsAgainst(state: GreatWarState, area: string, nation: string): BoardUnit[] {
  const holder = state.board.territories[area]?.owner;
  if (!holder || !atWar(state, nation, holder)) return [];
  return state.board.units.filter((u) => u.at === area && u.type === 'aa-gun' && allied(state, u.nation, holder)).sort(unitOrder);
}

/**
 * AA fire over one territory (GW-UNIT-06..09, GW-P10-LAND-12/13): each AA gun rolls one die at its defence against
 * the enemy aircraft that entered, whatever their number; each hit downs one of them. Free fire: the aircraft do not
 * fire back, and it costs them no fuel (GW-UNIT-51). Returns the aircraft lost.
 */
export function aaFire(state: GreatWarState, world: WorldMap, ctx: PhaseContext, standing: StandingOrders, area: string, aircraft: readonly BoardUnit[], phase: string): BoardUnit[] {
  const targets = aircraft.filter((u) => state.board.units.includes(u));
  if (!targets.length) return [];
  const guns = aaGunsAgainst(state, area, targets[0]!.nation);
  if (!guns.length) return [];
  let hits = 0;
  const name = world.names.get(area) ?? area;
  for (const [nation, list] of groupBy(guns, (g) => g.nation)) {
    const value = statsOf(state, nation, 'aa-gun').defense ?? 0;
    const entries: PoolEntry[] = list.map((_, i) => ({ label: `AA gun #${i + 1}`, value }));
    hits += rollPool(ctx, entries, { purpose: `${nationName(state, nation)} AA fire over ${name}` }).hits;
  }
  const lost = aircraftLosses(state, standing, targets, hits);
  ctx.emit({ type: 'aa-fire', area, phase, guns: guns.length, nations: [...new Set(guns.map((g) => g.nation))], targets: countByType(targets), hits, lost: lost.length });
  removeUnits(state, lost);
  emitLosses(ctx, area, 0, 'attacker', lost, 'aa');
  return lost;
}

/** AA fire of phase 9 at every flight of phase 8: over each enemy territory flown over or into, in the order of territory ids (D-AIR-4). */
function phaseAaFire(state: GreatWarState, world: WorldMap, ctx: PhaseContext, standing: StandingOrders): void {
  const areas = [...new Set(state.air.flights.flatMap((f) => f.path.slice(1)))].sort();
  for (const area of areas) {
    const over = state.air.flights.filter((f) => f.path.slice(1).includes(area));
    const byCamp = groupBy(over, (f) => campOf(state, f.nation));
    for (const [, flights] of [...byCamp].sort((a, b) => nationIndex(state, a[1][0]!.nation) - nationIndex(state, b[1][0]!.nation))) {
      const units = flights.map((f) => state.board.units.find((u) => u.id === f.unit)).filter((u): u is BoardUnit => u !== undefined);
      if (units.length && aaGunsAgainst(state, area, units[0]!.nation).length) aaFire(state, world, ctx, standing, area, units, 'air-combat');
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Air combat.

/** Whether an attacking aircraft in the air can fight one more round and still reach a friendly territory (GW-UNIT-52). */
export function canFightOn(state: GreatWarState, world: WorldMap, unit: BoardUnit, area: string): boolean {
  const flight = flightOf(state, unit.id);
  if (!flight || flight.fuel < 1) return false;
  return landingPlaces(state, world, unit.nation, unit.type, area, flight.fuel - 1).length > 0;
}

export interface AirCombatOptions {
  /** Bombing missions need only survive one round (GW-P09-AIR-13). */
  readonly maxRounds?: number;
  readonly phase: string;
  /** The retreat orders of the seats, by territory, for 'when outnumbered'. */
  readonly outnumbered?: ReadonlySet<string>;
  /** What the decision ids of this combat start with after the territory ('air'; one per camp and phase). */
  readonly key?: string;
}

/**
 * An air combat over `area` between attacking aircraft (in the air, with flights) and intercepting fighters
 * (GW-P09-AIR-02..11). Rounds until one side is gone, the attackers retreat or no interceptor has fuel left; a side
 * of one commander has a fictive unit that takes the first hit against it (GW-COMBAT-02). Attackers that cannot
 * fight another round and still land leave and land. Returns nothing; the board changes.
 */
export function fightAirCombat(state: GreatWarState, world: WorldMap, ctx: PhaseContext, standing: StandingOrders, area: string, attackers: readonly BoardUnit[], interceptors: readonly BoardUnit[], opts: AirCombatOptions): void {
  const name = world.names.get(area) ?? area;
  const fuel = new Map(interceptors.map((u) => [u.id, flightOf(state, u.id)?.fuel ?? fuelOf(state, u.nation, u.type)]));
  const on = (u: BoardUnit) => state.board.units.includes(u) && u.at === area;
  const atk = () => attackers.filter(on);
  const itc = () => interceptors.filter((u) => on(u) && (fuel.get(u.id) ?? 0) > 0);
  ctx.emit({ type: 'air-combat', area, phase: opts.phase, attackers: countByType(atk()), interceptors: countByType(itc()), nations: [...new Set(atk().map((u) => u.nation))], defenders: [...new Set(itc().map((u) => u.nation))] });
  // Attackers that could not fight a round and still land leave at once.
  const unable = atk().filter((u) => !canFightOn(state, world, u, area));
  if (unable.length) landAircraft(state, ctx, world, unable, area, 'fuel');
  // The fictive unit of a side of one commander takes the first hit against it (GW-COMBAT-02, D-SIM-18, D-COMBAT-1).
  const absorber = [atk(), itc()].map((units) => new Set(units.map((u) => commanderOf(state, u.nation) ?? u.nation)).size <= 1);
  let round = 0;
  while (atk().length && itc().length) {
    round++;
    const sides = [atk(), itc()];
    const scored = sides.map((units, i) => {
      let hits = 0;
      for (const [nation, list] of groupBy(units, (u) => u.nation)) {
        const counter = new Map<string, number>();
        const entries: PoolEntry[] = list.map((u) => {
          const k = (counter.get(u.type) ?? 0) + 1;
          counter.set(u.type, k);
          return { label: `${unitWord(u.type)} #${k}`, value: airCombatValue(state, nation, u.type) };
        });
        hits += rollPool(ctx, entries, { purpose: `${nationName(state, nation)} ${i === 0 ? 'attacks' : 'intercepts'} over ${name}, air round ${round}` }).hits;
      }
      return hits;
    });
    const absorbed = [0, 0];
    const lost = sides.map((units, i) => {
      const taken = absorber[i] && scored[1 - i]! > 0 ? 1 : 0;
      if (taken) absorber[i] = false;
      absorbed[i] = taken;
      return aircraftLosses(state, standing, units, scored[1 - i]! - taken);
    });
    for (const u of sides[0]!) {
      const f = flightOf(state, u.id);
      if (f) f.fuel -= 1;
    }
    for (const u of sides[1]!) fuel.set(u.id, (fuel.get(u.id) ?? 0) - 1);
    const interceptorFlights = sides[1]!.map((u) => flightOf(state, u.id)).filter((f) => f !== undefined);
    for (const f of interceptorFlights) f.fuel -= 1;
    removeUnits(state, [...lost[0]!, ...lost[1]!]);
    ctx.emit({
      type: 'air-combat-round',
      area,
      round,
      sides: sides.map((units, i) => ({ role: i === 0 ? 'attacker' : 'interceptor', nations: [...new Set(units.map((u) => u.nation))], hits: scored[i]!, absorbed: absorbed[i]!, lost: lost[i]!.length })),
    });
    emitLosses(ctx, area, round, 'attacker', lost[0]!, 'air');
    emitLosses(ctx, area, round, 'interceptor', lost[1]!, 'air');
    // Step 3: aircraft without the fuel to go on leave (GW-P09-AIR-08); interceptors fight to their last fuel (GW-P09-AIR-09).
    const spent = atk().filter((u) => !canFightOn(state, world, u, area));
    if (spent.length) landAircraft(state, ctx, world, spent, area, 'fuel');
    if (opts.maxRounds !== undefined && round >= opts.maxRounds) break;
    if (!atk().length || !itc().length) break;
    // The attacker may retreat and end the battle (GW-P09-AIR-10).
    for (const [seat, list] of [...groupBy(atk(), (u) => commanderOf(state, u.nation) ?? '')].filter(([s]) => s !== '')) {
      const answer = ctx.decide<string>({
        id: `${area}.${opts.key ?? 'air'}.r${round}.retreat.${seat}`,
        seat,
        kind: 'air-retreat',
        prompt: `${nationName(state, seat)}'s aircraft over ${name} after air round ${round}: fight on, or turn back?`,
        options: ['fight', 'retreat'],
        default: 'fight',
        ...(opts.outnumbered?.has(seat) ? { standing: atk().length < itc().length ? 'retreat' : 'fight' } : {}),
      });
      if (answer === 'retreat') landAircraft(state, ctx, world, list, area, 'retreat');
    }
  }
  ctx.emit({ type: 'air-combat-result', area, rounds: round, attackersLeft: countByType(atk()), interceptorsLeft: countByType(interceptors.filter(on)) });
}

/**
 * The fighters that may intercept over `area`: the holder's side's fighters there that are not themselves attacking,
 * nor back from a mission of the turn (a bombing or strike of phase 4, an attack: GW-P04-BOMB-09, D-AIR-18); those
 * that flew in as a transfer may.
 */
export function interceptorsAt(state: GreatWarState, area: string): BoardUnit[] {
  const holder = state.board.territories[area]?.owner ?? '';
  const free = (u: BoardUnit) => {
    const flight = flightOf(state, u.id);
    return flight ? flight.mission === 'transfer' : !state.air.flown.includes(u.id);
  };
  return state.board.units
    .filter((u) => u.at === area && u.type === 'fighter' && allied(state, u.nation, holder) && free(u))
    .sort((a, b) => nationIndex(state, a.nation) - nationIndex(state, b.nation) || unitOrder(a, b));
}

/** Whether a seat's fighters intercept over `area` by its standing orders: the order for that territory, else the general one, else yes. */
export function interceptStanding(orders: readonly InterceptOrder[], area: string): boolean {
  return (orders.find((o) => o.over === area) ?? orders.find((o) => o.over === undefined))?.intercept ?? true;
}

/**
 * The defenders of `area` choose to intercept the `attackers` or let them pass (GW-P09-AIR-01); returns the
 * interceptors. `phase` keeps the decision ids of phase 4's interceptions apart from phase 9's.
 */
export function chooseInterceptors(state: GreatWarState, ctx: PhaseContext, orders: ReadonlyMap<string, GreatWarOrders>, area: string, attackers: readonly BoardUnit[], world: WorldMap, phase = 'air'): BoardUnit[] {
  const out: BoardUnit[] = [];
  const candidates = interceptorsAt(state, area).filter((u) => attackers.some((a) => atWar(state, a.nation, u.nation)));
  for (const [seat, list] of groupBy(candidates, (u) => commanderOf(state, u.nation) ?? '')) {
    if (seat === '') {
      out.push(...list);
      continue;
    }
    const standing = interceptStanding(ordersOf<InterceptOrder>(orders.get(seat), 'intercept'), area);
    const answer = ctx.decide<string>({
      id: `${area}.${phase}.intercept.${seat}`,
      seat,
      kind: 'intercept',
      prompt: `${describe(attackers)} fly into ${world.names.get(area) ?? area}: do ${nationName(state, seat)}'s ${list.length} fighter(s) there intercept?`,
      options: ['intercept', 'let pass'],
      default: 'intercept',
      standing: standing ? 'intercept' : 'let pass',
    });
    if (answer === 'intercept') out.push(...list);
    else ctx.emit({ type: 'no-interception', area, nation: seat, fighters: list.length });
  }
  return out;
}

/**
 * The fighters on board carriers in a sea zone choose to intercept attacking aircraft or let them pass, by their
 * commander's standing `intercept` order for the zone, else the general one, else yes (step 1 of a naval battle,
 * GW-P07-NAVCOMBAT-02, D-AIR-36). `candidates` are the fighters that may launch. Returns the interceptors.
 */
export function chooseSeaInterceptors(state: GreatWarState, ctx: PhaseContext, orders: ReadonlyMap<string, GreatWarOrders>, zone: string, attackers: readonly BoardUnit[], candidates: readonly BoardUnit[], world: WorldMap): BoardUnit[] {
  const out: BoardUnit[] = [];
  for (const [seat, list] of groupBy(candidates, (u) => commanderOf(state, u.nation) ?? '')) {
    if (seat === '') continue;
    const standing = interceptStanding(ordersOf<InterceptOrder>(orders.get(seat), 'intercept'), zone);
    const answer = ctx.decide<string>({
      id: `${zone}.naval.intercept.${seat}`,
      seat,
      kind: 'intercept',
      prompt: `${describe(attackers)} attack the ships in the ${world.names.get(zone) ?? zone}: do ${nationName(state, seat)}'s ${list.length} carrier fighter(s) intercept?`,
      options: ['intercept', 'let pass'],
      default: 'intercept',
      standing: standing ? 'intercept' : 'let pass',
    });
    if (answer === 'intercept') out.push(...list);
    else ctx.emit({ type: 'no-interception', area: zone, nation: seat, fighters: list.length });
  }
  return out;
}

const describe = (units: readonly BoardUnit[]) => Object.entries(countByType(units)).map(([t, n]) => `${n} enemy ${unitWord(t, n)}`).join(' and ');

/**
 * Whether an attacking aircraft stays over `area` for the land battle (GW-P10-LAND-05, D-AIR-9): there is a battle,
 * it has 2 fuel or more and can fight a round and still land, and no super trench shelters the defenders from its side.
 */
export function joinsLandBattle(state: GreatWarState, world: WorldMap, unit: BoardUnit, area: string): 'yes' | 'no battle' | 'fuel' | 'super trench' {
  if (!state.land.battles.includes(area)) return 'no battle';
  const flight = flightOf(state, unit.id);
  if (!flight || flight.fuel < ruleNumbers.air.joinLandBattleFuel || !canFightOn(state, world, unit, area)) return 'fuel';
  if (trenchAgainst(state, area, flight.entry, unit.nation)?.super) return 'super trench';
  return 'yes';
}

/** The 'air-combat' phase (phase 9). */
export function resolveAirCombat(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const world = theWorld(state.scenario);
  const standing = standingOrders(state, orders);
  phaseAaFire(state, world, ctx, standing);
  // Transfers are over: the aircraft stand where they flew (they may intercept there with the fuel they have left).
  const targets = [...new Set(state.air.flights.filter((f) => f.mission === 'attack').map((f) => f.to))].sort();
  for (const area of targets) {
    const attackers = aircraftOver(state, area);
    if (!attackers.length) continue;
    const camps = [...groupBy(attackers, (u) => campOf(state, u.nation))].sort((a, b) => nationIndex(state, a[1][0]!.nation) - nationIndex(state, b[1][0]!.nation));
    for (const [i, [, camp]] of camps.entries()) {
      // Rival camps meet the interceptors one after the other (D-AIR-12), each with decision ids of its own.
      const key = i === 0 ? 'air' : `air.${i + 1}`;
      const interceptors = chooseInterceptors(state, ctx, orders, area, camp, world, key);
      if (!interceptors.length) continue;
      const outnumbered = new Set<string>();
      for (const n of state.nations) if (ordersOf<{ kind: 'retreat'; from: string; when?: string }>(orders.get(n.id), 'retreat').some((o) => o.from === area && o.when === 'outnumbered')) outnumbered.add(n.id);
      fightAirCombat(state, world, ctx, standing, area, camp, interceptors, { phase: 'air-combat', outnumbered, key });
    }
    // Who stays for the land battle; the others land now.
    const leaving = new Map<string, BoardUnit[]>();
    for (const u of aircraftOver(state, area)) {
      const why = joinsLandBattle(state, world, u, area);
      if (why !== 'yes') leaving.set(why, [...(leaving.get(why) ?? []), u]);
    }
    for (const [why, list] of leaving) landAircraft(state, ctx, world, list, area, why);
  }
  state.air.flights = state.air.flights.filter((f) => f.mission !== 'transfer');
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// The intercept order.

const INTERCEPT_RE = /^(?:(?<all>everywhere|always)|(?<none>nowhere|never)|(?<not>not\s+|never\s+)?over\s+(?<area>.+))$/di;

export const interceptSpec: OrderSpec<InterceptOrder> = {
  kind: 'intercept',
  words: ['intercept'],
  example: 'intercept not over Verdun',
  parseText(rest, at, ctx) {
    const world = theWorld(ctx.state.scenario);
    const m = INTERCEPT_RE.exec(rest.trim()) as (RegExpExecArray & { indices: { groups: Record<string, [number, number] | undefined> } }) | null;
    if (!m?.groups) {
      return [{ code: 'bad-intercept', message: "an interception order reads 'intercept everywhere', 'intercept nowhere', 'intercept over Verdun' or 'intercept not over Verdun'", line: at.line, column: at.column }];
    }
    const g = m.groups as Record<string, string | undefined>;
    if (g['all']) return { kind: 'intercept', intercept: true };
    if (g['none']) return { kind: 'intercept', intercept: false };
    const lead = rest.length - rest.trimStart().length;
    const t = territoryAt(g['area']!, at.line, at.column + lead + m.indices.groups['area']![0], world);
    if (typeof t !== 'string') return [t];
    return { kind: 'intercept', intercept: !g['not'], over: t };
  },
  checkJson(item, path, ctx) {
    const world = theWorld(ctx.state.scenario);
    const problems: Problem[] = [];
    const fields = ['kind', 'intercept', 'over'];
    for (const key of Object.keys(item)) {
      if (!fields.includes(key)) {
        const suggestion = closestName(key, fields);
        problems.push({ code: 'unknown-field', message: `an intercept order has no field '${key}'`, path: jsonPath([...path, key]), ...(suggestion ? { suggestion } : {}) });
      }
    }
    if (typeof item['intercept'] !== 'boolean') problems.push({ code: 'intercept-yes-no', message: 'intercept is true (the fighters intercept) or false (they let enemy aircraft pass)', path: jsonPath([...path, 'intercept']) });
    let over: string | undefined;
    if (item['over'] !== undefined) {
      const t = territoryIdAt(item['over'], [...path, 'over'], world, 'over');
      if (typeof t === 'string') over = t;
      else problems.push(t);
    }
    if (problems.length) return problems;
    return { kind: 'intercept', intercept: item['intercept'] as boolean, ...(over ? { over } : {}) };
  },
  format(order) {
    if (order.over === undefined) return `intercept ${order.intercept ? 'everywhere' : 'nowhere'}`;
    return `intercept ${order.intercept ? '' : 'not '}over ${areaDisplay(order.over)}`;
  },
  refusal(order, ledger) {
    if (ledger.admitted.some((o) => o.kind === 'intercept' && o['over'] === order.over)) {
      return { code: 'one-intercept-order', message: order.over ? `one interception order per territory: ${areaDisplay(order.over)} has one already` : "one general interception order ('everywhere' or 'nowhere') a turn", field: 'over' };
    }
    return undefined;
  },
  cost: () => 0,
  candidates(ledger) {
    return ledger.admitted.some((o) => o.kind === 'intercept') ? [] : [{ kind: 'intercept', intercept: true }];
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Reports.

const LANDING_REASONS: Readonly<Record<string, string>> = {
  fuel: 'fuel running low',
  retreat: 'turning back',
  'battle over': 'the battle is over',
  'no battle': 'no battle to join there',
  'super trench': 'a super trench shelters the troops',
  bombing: 'the mission is flown',
  'hunt over': 'the hunt is over',
  'cover over': 'the submarines have struck or let the task forces pass',
};

/** One line of plain text for the events of the air war; undefined for other events. */
export function describeAirEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => nationName(state, String(id));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  const hits = (n: unknown) => `${String(n)} hit${n === 1 ? '' : 's'}`;
  const total = (c: unknown) => Object.values((c ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);
  const verb = (c: unknown, one: string, many: string) => (total(c) === 1 ? one : many);
  const whose = (list: unknown) => ((list ?? []) as string[]).map(who).join(' and ');
  switch (event.type) {
    case 'flight':
      return `${who(event['nation'])} flies ${counts(event['units'])} from ${area(event['from'])} to ${area(event['to'])}${event['attack'] ? ' (an attack)' : event['hunt'] ? ' to hunt submarines' : event['cover'] ? ' as cover for its task forces' : ''}, ${String(event['fuel'])} fuel on the way.`;
    case 'aa-fire':
      return `AA fire over ${area(event['area'])}: ${whose(event['nations'])}'s ${String(event['guns'])} AA gun${event['guns'] === 1 ? '' : 's'} fire${event['guns'] === 1 ? 's' : ''} at ${counts(event['targets'])} and score${event['guns'] === 1 ? 's' : ''} ${hits(event['hits'])}.`;
    case 'air-combat':
      return `Air combat over ${area(event['area'])}: ${whose(event['defenders'])}'s ${counts(event['interceptors'])} ${verb(event['interceptors'], 'intercepts', 'intercept')} ${whose(event['nations'])}'s ${counts(event['attackers'])}.`;
    case 'air-combat-round': {
      const sides = (event['sides'] ?? []) as { role: string; nations: string[]; hits: number; absorbed?: number; lost: number }[];
      return `${area(event['area'])}, air round ${String(event['round'])}: ${sides.map((s) => `${s.nations.map(who).join(' and ')} (${s.role}) score${s.nations.length === 1 ? 's' : ''} ${hits(s.hits)} and lose${s.nations.length === 1 ? 's' : ''} ${s.lost}${s.absorbed ? ', one hit on them taken by the fictive unit' : ''}`).join('; ')}.`;
    }
    case 'air-combat-result':
      return `Air combat over ${area(event['area'])} over after ${String(event['rounds'])} round(s): attackers left ${counts(event['attackersLeft'])}; interceptors left ${counts(event['interceptorsLeft'])}.`;
    case 'no-interception':
      return `${who(event['nation'])}'s ${String(event['fighters'])} fighter(s) over ${area(event['area'])} let the enemy aircraft pass.`;
    case 'landing':
      return `${who(event['nation'])}'s ${counts(event['units'])} ${verb(event['units'], 'lands', 'land')} ${event['aboard'] ? `on board a carrier in the ${area(event['to'])}` : `at ${area(event['to'])}`}, from ${area(event['from'])}${LANDING_REASONS[String(event['reason'])] ? `: ${LANDING_REASONS[String(event['reason'])]}` : ''}.`;
    case 'crash':
      return `${who(event['nation'])}'s ${counts(event['units'])} over ${area(event['at'])} cannot reach a friendly territory and ${verb(event['units'], 'is', 'are')} lost.`;
    default:
      return undefined;
  }
}
