import { allocateLosses, rollPool, type PhaseContext, type PoolEntry } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { allied, captureTerritory, checkConquests, commanderOf, nationIndex, nationName } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { barred } from '../orders/grammar.js';
import { campOf, countByType, describeCounts, enemiesIn, groupBy, presenceOf, statsOf, unitOrder, unitWord } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { emptyAirTurn, nationOf, type GreatWarState } from '../base/nations.js';
import { unitStats } from '../base/units.js';
import { flightOf } from '../air/aircraft.js';
import { aircraftOver, landAircraft } from '../air/missions.js';
import { aircraftLosses, canFightOn } from '../air/air-combat.js';
import type { GreatWarOrders } from '../orders/language.js';
import { theWorld } from '../data/world.js';
import { ruleNumbers } from '../data/rules.js';
import { landBattleOdds, oddsForEvent } from '../combat/battle-odds.js';
import { COASTAL_DEFENCE, endOfInvasions, fromTheSea, placeCoastalDefence, removeCoastalDefence, shoreBombardment } from '../sea/naval-invasions.js';
import { type StandingOrders, defaultLossOrder, arrangeLossOrder, shareHits, standingOrders } from '../combat/losses.js';
import { attackValue, defenseOf, exposedToAir, facilitiesOf } from '../combat/values.js';
import { type Participant, type BattleSetup } from '../combat/battle.js';
import { battleParticipants } from '../combat/battle.js';

/**
 * Phase 10: land combat (GW-P10-LAND, GW-COMBAT, GW-TRENCH, the special territories), without naval invasions and
 * aircraft for now (decisions D-SIM-9 to D-SIM-20 of docs/great-war/adjudication.md). Battles are fought one after
 * the other in the order of their territory ids, each to the end. A round: both sides roll at once, 1D10 per unit, a
 * hit on a roll at or under its value; losses are taken by each commander's loss order; then each commander may
 * retreat by its standing order. Rival attackers that are not allies fight each other first (GW-COMBAT-04/05).
 */
/** A battle that lasts this long is broken off (it cannot happen with d10 and values of 1 or more, but a phase never loops). */
export const MAX_ROUNDS = 100;

function permutations<T>(list: readonly T[]): T[][] {
  if (list.length <= 1) return [[...list]];
  return list.flatMap((x, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((p) => [x, ...p]));
}

// ---------------------------------------------------------------------------------------------------------------
// A battle.

interface Fighter {
  readonly unit: BoardUnit;
  readonly role: Participant['role'];
  readonly from: string | undefined;
}

interface Side {
  readonly role: 'attacker' | 'defender';
  readonly nations: string[];
  readonly ground: Fighter[];
  readonly support: Fighter[];
  readonly facilities: readonly string[];
  /** The fictive unit (D-SIM-18): a one-commander side's first hit of the engagement. */
  absorber: boolean;
}

interface BattleRun {
  readonly state: GreatWarState;
  readonly world: WorldMap;
  readonly ctx: PhaseContext;
  readonly area: string;
  /** The start of the battle's decision ids (BattleSetup.key). */
  readonly key: string;
  readonly holder: string;
  readonly standing: StandingOrders;
  /** Battles of this phase still to be fought: nobody retreats into one. */
  readonly pending: ReadonlySet<string>;
  /** Units lost in this battle (removed from the board). */
  readonly dead: Set<BoardUnit>;
  round: number;
  engagement: number;
}

const commanderKey = (state: GreatWarState, nation: string) => commanderOf(state, nation) ?? nation;

function alive(run: BattleRun, f: Fighter): boolean {
  return !run.dead.has(f.unit) && f.unit.at === (f.role === 'support' ? f.from : run.area) && (f.role !== 'air' || flightOf(run.state, f.unit.id) !== undefined);
}

/** The units of a side in the fight: land units and aircraft in the territory (not the artillery firing in). */
const livingGround = (run: BattleRun, side: Side) => side.ground.filter((f) => alive(run, f));
/** The land units among them: only they take a territory (GW-P08-LANDMOVE-06). */
const livingTroops = (run: BattleRun, side: Side) => livingGround(run, side).filter((f) => f.role !== 'air');

/** Attacking aircraft that cannot fight another round and still land leave the battle and land (GW-P10-LAND-20/21). */
function disengageAircraft(run: BattleRun, side: Side): void {
  const spent = livingGround(run, side)
    .filter((f) => f.role === 'air' && !canFightOn(run.state, run.world, f.unit, run.area))
    .map((f) => f.unit);
  if (spent.length) landAircraft(run.state, run.ctx, run.world, spent, run.area, 'fuel');
}

/** The dice a side throws this round, by nation, with the units they stand for. */
function fireOf(run: BattleRun, side: Side, trenches: boolean, opponent: Side): { nation: string; purpose: string; entries: PoolEntry[] }[] {
  const { state, world, area } = run;
  const ground = livingGround(run, side);
  const groups: { nation: string; purpose: string; entries: PoolEntry[] }[] = [];
  const entriesOf = (nation: string, purpose: string) => {
    let g = groups.find((x) => x.nation === nation && x.purpose === purpose);
    if (!g) groups.push((g = { nation, purpose, entries: [] }));
    return g.entries;
  };
  const counter = new Map<string, number>();
  const label = (nation: string, type: string, extra = '') => {
    const k = (counter.get(`${nation}|${type}`) ?? 0) + 1;
    counter.set(`${nation}|${type}`, k);
    return `${unitWord(type)} #${k}${extra}`;
  };
  const areaName = world.names.get(area) ?? area;
  if (side.role === 'attacker') {
    const verb = (n: string) => `${nationName(state, n)} attacks ${areaName}, round ${run.round}`;
    const tanks = (from: string | undefined) => ground.filter((f) => f.unit.type === 'tank' && f.from === from).length;
    for (const f of ground) entriesOf(f.unit.nation, verb(f.unit.nation)).push({ label: label(f.unit.nation, f.unit.type), value: attackValue(state, world, f.unit, f.from, area, trenches, tanks(f.from)) });
    // At most 3 artillery fire in for each attacking land unit (GW-P10-LAND-10), the strongest first.
    const firing = side.support
      .filter((f) => alive(run, f))
      .map((f) => ({ f, value: attackValue(state, world, f.unit, f.from, area, trenches, 0) }))
      .sort((a, b) => b.value - a.value || unitOrder(a.f.unit, b.f.unit))
      .slice(0, ruleNumbers.landCombat.artilleryPerAttacker * ground.filter((f) => f.role !== 'air').length);
    for (const { f, value } of firing) entriesOf(f.unit.nation, verb(f.unit.nation)).push({ label: label(f.unit.nation, 'artillery', ` firing from ${world.names.get(f.from!) ?? f.from}`), value });
  } else {
    const verb = (n: string) => `${nationName(state, n)} defends ${areaName}, round ${run.round}`;
    // An attack of aircraft alone (no land unit in it, no artillery firing in) on defenders without AA or a trench (GW-UNIT-56).
    const airOnly = opponent.role === 'attacker' && !livingTroops(run, opponent).length && !opponent.support.some((f) => alive(run, f)) && exposedToAir(state, area, run.holder);
    // AA guns have no die here: they fire at aircraft only, at entry and, if improved, in improvedAaFire (GW-P10-LAND-13, D-UNIT-9).
    for (const f of ground) {
      if (f.unit.type === 'aa-gun') continue;
      const d = defenseOf(state, f.unit, area, airOnly);
      entriesOf(f.unit.nation, verb(f.unit.nation)).push({ label: label(f.unit.nation, f.unit.type), value: d.value, ...(d.dice > 1 ? { dice: d.dice } : {}) });
    }
    // A city, an industrial complex and a port roll at 1 while other defenders remain (GW-FAC-05/11/17/20).
    if (ground.length) {
      for (const facility of side.facilities) {
        entriesOf(run.holder, verb(run.holder)).push({ label: unitTable().byId.get(facility as never)?.name.toLowerCase() ?? facility, value: unitTable().byId.get(facility as never)?.defense ?? 1 });
      }
    }
  }
  return groups;
}

/** The extra dice of a side's Improved AA guns against attacking aircraft in a round (GW-TECH-24); 0 hits without them. */
function improvedAaFire(run: BattleRun, side: Side, aircraft: readonly Fighter[]): number {
  if (side.role !== 'defender' || !aircraft.length) return 0;
  const { state, world, ctx, area } = run;
  const guns = livingGround(run, side).filter((f) => f.unit.type === 'aa-gun' && nationOf(state, f.unit.nation) && unitStats(state, f.unit.nation, 'aa-gun').abilities.includes('fires-every-round'));
  let hits = 0;
  for (const [nation, list] of groupBy(guns, (f) => f.unit.nation)) {
    const value = statsOf(state, nation, 'aa-gun').defense ?? 0;
    hits += rollPool(
      ctx,
      list.map((_, i) => ({ label: `AA gun #${i + 1}`, value })),
      { purpose: `${nationName(state, nation)} AA fire over ${world.names.get(area) ?? area}, round ${run.round}` },
    ).hits;
  }
  return hits;
}

/** How many fight on a side now: its units, and the artillery that may fire in (for 'when outnumbered'). */
function strength(run: BattleRun, side: Side): number {
  const ground = livingGround(run, side).length;
  if (side.role === 'defender') return ground;
  return ground + Math.min(side.support.filter((f) => alive(run, f)).length, ruleNumbers.landCombat.artilleryPerAttacker * livingTroops(run, side).length);
}

/** Take `hits` from a side: shared among its commanders, each by its loss order (decided through ctx.decide). */
function takeLosses(run: BattleRun, side: Side, hits: number, sideIndex: number): BoardUnit[] {
  const { state, ctx } = run;
  let eligible = livingGround(run, side);
  if (hits <= 0 || !eligible.length) return [];
  const lost: BoardUnit[] = [];
  // The coastal defence is always the defender's first loss (GW-P10-INV-10).
  const coast = eligible.filter((f) => f.unit.type === COASTAL_DEFENCE).slice(0, hits);
  if (coast.length) {
    lost.push(...coast.map((f) => f.unit));
    hits -= coast.length;
    eligible = eligible.filter((f) => !coast.includes(f));
    if (hits <= 0 || !eligible.length) return lost;
  }
  for (const { items: list, share } of shareHits(state, eligible, (f) => f.unit.nation, hits)) {
    const units = list.map((f) => f.unit).sort(unitOrder);
    const types = Object.keys(countByType(units));
    const fallback = defaultLossOrder(state, units[0]!.nation, types);
    let order = fallback;
    const seat = commanderOf(state, units[0]!.nation);
    if (seat && types.length > 1 && share < units.length) {
      const given = run.standing.losses.get(seat);
      order = ctx.decide<string[]>({
        id: `${run.key}.e${run.engagement}.r${run.round}.s${sideIndex}.losses.${seat}`,
        seat,
        kind: 'losses',
        prompt: `${nationName(state, seat)} loses ${share} of ${describeCounts(countByType(units))} in ${run.world.names.get(run.area)}, round ${run.round}: in which order are they taken?`,
        options: permutations(types),
        default: fallback,
        ...(given ? { standing: arrangeLossOrder(given, fallback) } : {}),
      });
    }
    const result = allocateLosses(
      units.map((u) => ({ id: u.id, type: u.type, hitPoints: 1, damage: 0 })),
      share,
      order,
    );
    lost.push(...units.filter((u) => result.destroyed.includes(u.id)));
  }
  return lost;
}

/** Where a unit may retreat to: an adjacent territory of its side, free of enemies, with no battle still to come, that its type may enter. */
function retreatOpen(run: BattleRun, presence: ReadonlyMap<string, ReadonlySet<string>>, unit: BoardUnit, to: string | undefined): boolean {
  if (!to || to === run.area || !run.world.territory.has(to)) return false;
  const owner = run.state.board.territories[to]?.owner ?? '';
  return allied(run.state, unit.nation, owner) && !enemiesIn(run.state, presence, to, unit.nation) && !run.pending.has(to) && !barred(to, unit.type);
}

/** After a round, each commander of a side may retreat by its standing order (D-SIM-19). */
export function retreats(run: BattleRun, side: Side, opponent: Side, sideIndex: number): void {
  const { state, ctx, world, area } = run;
  const presence = presenceOf(state);
  // The coastal defence never moves (D-UNIT-6): it stays and fights when the others retreat.
  const byCommander = [...groupBy(livingGround(run, side).filter((f) => f.unit.type !== COASTAL_DEFENCE), (f) => commanderOf(state, f.unit.nation) ?? '')].filter(([seat]) => seat !== '');
  for (const [seat, list] of byCommander.sort((a, b) => nationIndex(state, a[0]) - nationIndex(state, b[0]))) {
    const order = run.standing.retreats.get(seat)?.get(area);
    const due = order !== undefined && (order.when === 'outnumbered' ? strength(run, side) < strength(run, opponent) : run.round >= (order.after ?? 1));
    const id = `${run.key}.e${run.engagement}.r${run.round}.s${sideIndex}.retreat.${seat}`;
    const where = world.names.get(area) ?? area;
    let moves: { f: Fighter; to: string }[] = [];
    if (side.role === 'attacker') {
      const can = list.filter((f) => f.role === 'air' || retreatOpen(run, presence, f.unit, f.from));
      if (!can.length) continue;
      const answer = ctx.decide<string>({
        id,
        seat,
        kind: 'retreat',
        prompt: `${nationName(state, seat)}'s attack on ${where} after round ${run.round}: fight on, or retreat to where the units came from?`,
        options: ['fight', 'retreat'],
        default: 'fight',
        ...(order ? { standing: due ? 'retreat' : 'fight' } : {}),
      });
      if (answer === 'retreat') {
        // Aircraft turn back and land (D-AIR-11); land units go back where they came from.
        const planes = can.filter((f) => f.role === 'air').map((f) => f.unit);
        if (planes.length) landAircraft(state, ctx, world, planes, area, 'retreat');
        moves = can.filter((f) => f.role !== 'air').map((f) => ({ f, to: f.from! }));
      }
    } else {
      const neighbours = world.graph
        .neighbours(area, ['land', 'strait'])
        .map((n) => n.id)
        .filter((n) => list.some((f) => retreatOpen(run, presence, f.unit, n)))
        .sort();
      if (!neighbours.length) continue;
      const answer = ctx.decide<string>({
        id,
        seat,
        kind: 'retreat',
        prompt: `${nationName(state, seat)}'s defence of ${where} after round ${run.round}: fight on, or retreat to a neighbouring territory?`,
        options: ['fight', ...neighbours],
        default: 'fight',
        ...(order ? { standing: due && order.to && neighbours.includes(order.to) ? order.to : 'fight' } : {}),
      });
      if (answer !== 'fight') moves = list.filter((f) => retreatOpen(run, presence, f.unit, answer)).map((f) => ({ f, to: answer }));
    }
    if (!moves.length) continue;
    for (const { f, to } of moves) {
      f.unit.at = to;
      if (!state.land.acted.includes(f.unit.id)) state.land.acted.push(f.unit.id);
    }
    for (const [to, group] of groupBy(moves, (m) => m.to)) {
      ctx.emit({ type: 'retreat', area, round: run.round, nation: seat, role: side.role, to, units: countByType(group.map((m) => m.f.unit)), ids: group.map((m) => m.f.unit.id) });
    }
  }
}

/**
 * One engagement, to the end: rounds until one side has no units left in the territory (or, for attackers, no land
 * units: artillery alone does not fight on, GW-P10-LAND-07). In a clash of rival attackers (`kind` 'clash') no
 * trench counts: trenches guard the territory against its holder's enemies.
 */
function engage(run: BattleRun, a: Side, b: Side, kind: 'clash' | 'assault'): void {
  const { state, ctx, area } = run;
  run.engagement++;
  // Like the city, the coastal defence never makes a defence one of several commanders (D-NAV-23).
  const commanders = (side: Side) => new Set([...side.ground, ...side.support].filter((f) => f.unit.type !== COASTAL_DEFENCE).map((f) => commanderKey(state, f.unit.nation))).size;
  a.absorber = commanders(a) <= 1;
  b.absorber = commanders(b) <= 1;
  const trenches = kind === 'assault';
  let rounds = 0;
  while (livingGround(run, a).length && livingGround(run, b).length) {
    if (++rounds > MAX_ROUNDS) {
      ctx.emit({ type: 'battle-broken-off', area, rounds: MAX_ROUNDS });
      // Attackers who cannot go back where they came from are lost: a battle never stops with enemies in one territory.
      for (const side of [a, b].filter((s) => s.role === 'attacker')) for (const f of livingGround(run, side)) run.dead.add(f.unit);
      state.board.units = state.board.units.filter((u) => !run.dead.has(u));
      break;
    }
    for (const side of [a, b]) if (side.role === 'attacker') disengageAircraft(run, side);
    if (!livingGround(run, a).length || !livingGround(run, b).length) break;
    run.round++;
    const sides = [a, b];
    const flying = sides.map((side) => (side.role === 'attacker' ? livingGround(run, side).filter((f) => f.role === 'air') : []));
    const scored = sides.map((side, i) => {
      let hits = 0;
      for (const group of fireOf(run, side, trenches, sides[1 - i]!)) hits += rollPool(ctx, group.entries, { purpose: group.purpose }).hits;
      return hits;
    });
    // Improved AA guns fire in every round as well, at the attacking aircraft only (GW-TECH-24, D-AIR-4).
    const flak = sides.map((side, i) => improvedAaFire(run, side, flying[1 - i]!));
    const downed = flak.map((hits, i) => aircraftLosses(state, run.standing, flying[1 - i]!.filter((f) => alive(run, f)).map((f) => f.unit), hits));
    for (const u of downed.flat()) run.dead.add(u);
    const absorbed = [0, 0];
    const lost = sides.map((side, i) => {
      let hits = scored[1 - i]!;
      if (hits > 0 && side.absorber) {
        side.absorber = false;
        absorbed[i] = 1;
        hits--;
      }
      return [...downed[1 - i]!, ...takeLosses(run, side, hits, i)];
    });
    for (const u of lost.flat()) run.dead.add(u);
    if (lost.flat().length) state.board.units = state.board.units.filter((u) => !run.dead.has(u));
    ctx.emit({
      type: 'battle-round',
      area,
      round: run.round,
      engagement: kind,
      sides: sides.map((side, i) => ({ role: side.role, nations: side.nations, hits: scored[i]!, absorbed: absorbed[i]!, lost: lost[i]!.length })),
    });
    for (const [i, list] of lost.entries()) {
      for (const [nation, units] of groupBy(list, (u) => u.nation)) {
        ctx.emit({ type: 'losses', area, round: run.round, role: sides[i]!.role, nation, units: countByType(units), ids: units.map((u) => u.id) });
      }
    }
    // Step 3: each attacking aircraft that fought spends 1 fuel (GW-P10-LAND-19); those that must, leave (GW-P10-LAND-20).
    for (const f of flying.flat()) {
      const flight = flightOf(state, f.unit.id);
      if (flight && !run.dead.has(f.unit)) flight.fuel -= 1;
    }
    state.air.flights = state.air.flights.filter((fl) => state.board.units.some((u) => u.id === fl.unit));
    for (const side of sides) if (side.role === 'attacker') disengageAircraft(run, side);
    if (!livingGround(run, a).length || !livingGround(run, b).length) break;
    sides.forEach((side, i) => retreats(run, side, sides[1 - i]!, i));
  }
}

/**
 * A battle fought outside phase 10 (a rebellion, a revolt, a mutiny, the revolution: phase 1 or 15), with the
 * seats' standing orders. A retreat marks units as having acted for phase 11, which is over or not yet begun: the
 * land turn's record stays as it was.
 */
export function resolveBattleOutOfTurn(state: GreatWarState, setup: BattleSetup, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): string {
  const acted = [...state.land.acted];
  const outcome = resolveBattle(state, setup, standingOrders(state, orders), new Set(), ctx);
  state.land.acted = acted;
  return outcome;
}

/**
 * Fight the battle in a territory to the end (D-SIM-9, D-SIM-10, D-SIM-20): rival attacking camps fight each other
 * first, in seat order, the survivor then attacks the defenders; the territory falls if attacking land units remain
 * and no defender does. Returns the holder after the battle.
 */
export function resolveBattle(state: GreatWarState, setup: BattleSetup, standing: StandingOrders, pending: ReadonlySet<string>, ctx: PhaseContext): string {
  const world = theWorld(state.scenario);
  const { area, holder } = setup;
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const fighters: Fighter[] = setup.participants.filter((p) => byId.has(p.unit)).map((p) => ({ unit: byId.get(p.unit)!, role: p.role, from: p.from }));
  const run: BattleRun = { state, world, ctx, area, key: setup.key ?? area, holder, standing, pending, dead: new Set(), round: 0, engagement: 0 };
  const live = fighters.filter((f) => alive(run, f));
  const defenders = live.filter((f) => f.role === 'defender');
  const camps = [...groupBy(live.filter((f) => f.role === 'ground' || f.role === 'air'), (f) => campOf(state, f.unit.nation))]
    .map(([key, ground]) => ({ key, ground, nations: [...new Set(ground.map((f) => f.unit.nation))].sort((x, y) => nationIndex(state, x) - nationIndex(state, y)) }))
    .sort((x, y) => nationIndex(state, x.nations[0]!) - nationIndex(state, y.nations[0]!));
  const support = live.filter((f) => f.role === 'support');
  const attackerSides: Side[] = camps.map((c) => ({
    role: 'attacker',
    nations: c.nations,
    ground: c.ground,
    support: support.filter((f) => campOf(state, f.unit.nation) === c.key),
    facilities: [],
    absorber: false,
  }));
  const idle = support.filter((f) => !camps.some((c) => c.key === campOf(state, f.unit.nation)));
  for (const [key, list] of groupBy(idle, (f) => `${f.unit.nation}|${f.from}`)) {
    ctx.emit({ type: 'support-idle', nation: key.split('|')[0]!, from: key.split('|')[1]!, at: area, units: list.length, reason: 'no land units of its side attack there' });
  }
  const defenderSide: Side = {
    role: 'defender',
    nations: [...new Set(defenders.map((f) => f.unit.nation))].sort((x, y) => nationIndex(state, x) - nationIndex(state, y)),
    ground: defenders,
    support: [],
    facilities: facilitiesOf(world, area),
    absorber: false,
  };
  // A naval invasion (GW-P10-INV-01, D-NAV-23): troops that landed from the sea meet the holder's coastal defence
  // (GW-P10-INV-09) and the battleships with the bombard task next to the territory fire once first (GW-UNIT-14).
  const seaCamps = new Set(attackerSides.filter((s) => s.ground.some((f) => f.role === 'ground' && fromTheSea(world, f.from))).map((s) => campOf(state, s.nations[0]!)));
  let oddsSetup = setup;
  if (seaCamps.size) {
    const coast: Fighter = { unit: placeCoastalDefence(state, area, holder), role: 'defender', from: undefined };
    defenders.push(coast);
    oddsSetup = { ...setup, participants: [...setup.participants, { unit: coast.unit.id, role: 'defender' }] };
    const hits = shoreBombardment(state, world, area, seaCamps, ctx);
    const lost = takeLosses(run, defenderSide, hits, 1);
    if (lost.length) {
      for (const u of lost) run.dead.add(u);
      state.board.units = state.board.units.filter((u) => !run.dead.has(u));
      for (const [nation, units] of groupBy(lost, (u) => u.nation)) ctx.emit({ type: 'losses', area, round: 0, role: 'defender', nation, units: countByType(units), ids: units.map((u) => u.id), by: 'shore-bombardment' });
    }
  }
  const byNationFrom = (list: readonly Fighter[]) =>
    [...groupBy(list, (f) => `${f.unit.nation}|${f.from ?? ''}`)].map(([key, group]) => {
      const [nation, from] = key.split('|') as [string, string];
      return { nation, ...(from ? { from } : {}), units: countByType(group.map((f) => f.unit)) };
    });
  ctx.emit({
    type: 'battle',
    area,
    holder,
    attackers: attackerSides.flatMap((s) => byNationFrom(s.ground)),
    support: attackerSides.flatMap((s) => byNationFrom(s.support)),
    defenders: byNationFrom(defenders.filter((f) => !run.dead.has(f.unit))),
    facilities: defenders.some((f) => !run.dead.has(f.unit)) ? defenderSide.facilities : [],
    ...(attackerSides.length > 1 ? { rivals: attackerSides.map((s) => s.nations) } : {}),
    odds: setup.odds ?? oddsForEvent(landBattleOdds(state, oddsSetup, standing)),
  });

  // Rival attackers first (GW-COMBAT-04/05), then the survivor against the defenders.
  let champion: Side | null = null;
  for (const side of attackerSides) {
    if (!champion || !livingGround(run, champion).length) {
      champion = side;
      continue;
    }
    engage(run, champion, side, 'clash');
    if (!livingGround(run, champion).length) champion = side;
  }
  // The coastal defence is not there for an attack made only by land (GW-P10-INV-11): if no unit from the sea is left to attack.
  if (seaCamps.size && !(champion && livingGround(run, champion).some((f) => f.role === 'ground' && fromTheSea(world, f.from)))) {
    for (const f of defenders.filter((x) => x.unit.type === COASTAL_DEFENCE)) run.dead.add(f.unit);
    removeCoastalDefence(state, area);
  }
  if (champion && livingGround(run, champion).length && livingGround(run, defenderSide).length) engage(run, champion, defenderSide, 'assault');

  const attackersLeft = champion ? livingGround(run, champion).map((f) => f.unit) : [];
  const troopsLeft = champion ? livingTroops(run, champion).map((f) => f.unit) : [];
  const defendersLeft = livingGround(run, defenderSide);
  let after = holder;
  // Only land units take a territory; aircraft cannot (GW-P08-LANDMOVE-06).
  if (troopsLeft.length && !defendersLeft.length) after = captureTerritory(state, area, troopsLeft, 'battle', ctx, world);
  // The attacking aircraft still over the territory fly home (D-AIR-11).
  const planes = aircraftOver(state, area);
  const flew = (side: Side | null) => side?.ground.some((f) => f.role === 'air' && !run.dead.has(f.unit)) ?? false;
  ctx.emit({
    type: 'battle-result',
    area,
    rounds: run.round,
    winner: troopsLeft.length && !defendersLeft.length ? 'attacker' : defendersLeft.length ? 'defender' : attackersLeft.length || flew(champion) ? 'air' : 'none',
    holder: after,
    attackersLeft: countByType(attackersLeft),
    defendersLeft: countByType(defendersLeft.map((f) => f.unit)),
  });
  if (planes.length) landAircraft(state, ctx, world, planes, area, 'battle over');
  if (seaCamps.size) removeCoastalDefence(state, area);
  return after;
}

/** The 'land-combat' phase (phase 10): every battle phase 8 set up, in the order of their territory ids (D-SIM-10). */
export function resolveLandCombat(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const standing = standingOrders(state, orders);
  const battles = [...state.land.battles].sort();
  const pending = new Set(battles);
  for (const area of battles) {
    pending.delete(area);
    const setup = battleParticipants(state, area);
    // Attackers may all be gone before the battle (aircraft downed or turned back in phase 9): nothing to fight.
    if (!setup.participants.some((p) => p.role === 'ground' || p.role === 'air')) {
      ctx.emit({ type: 'no-battle', area, reason: 'no attacker is left to fight there' });
      continue;
    }
    resolveBattle(state, setup, standing, pending, ctx);
  }
  state.land.battles = [];
  state.land.support = [];
  // Every aircraft is down by now (D-AIR-11); the air war's record of the turn ends here, but for the bombing damage of phase 14.
  const world = theWorld(state.scenario);
  for (const area of [...new Set(state.air.flights.map((f) => f.to))].sort()) landAircraft(state, ctx, world, aircraftOver(state, area, ['attack', 'transfer', 'bombing', 'strike']), area, 'battle over');
  state.air = { ...emptyAirTurn(), bombed: state.air.bombed };
  endOfInvasions(state, ctx);
  checkConquests(state, ctx);
  return state;
}
