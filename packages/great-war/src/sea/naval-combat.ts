import { type GameEvent, type PhaseContext } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { commanderOf, displayNationName, nationIndex, nationName } from '../base/conquest.js';
import { standingOrders, type StandingOrders } from '../combat/losses.js';
import { campOf, countByType, describeCounts, groupBy } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, emptySeaTurn, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders } from '../orders/language.js';
import { enemyFleetIn, isSurface, runPast } from './fleet.js';
import { ruleNumbers } from '../data/rules.js';
import { navalBattleOdds } from '../combat/naval-odds.js';
import { describeOdds } from '../combat/battle-odds.js';
import { theWorld } from '../data/world.js';
import { isAircraft } from '../base/counting.js';
import { landAircraft } from '../air/missions.js';
import { canFightOn } from '../air/air-combat.js';
import { airStrikeZones, lostWithShips, openingFireAtAircraft, shipsFireAtAircraft } from './air-at-sea.js';
import { aircraftOverSea, carryAboard } from './aboard.js';
import { type Fleet, valueOf, fleetFire, hitsTaken, oneCommand, emitRoundLosses, spendRoundFuel, takeShipLosses, byNation } from './naval-rounds.js';

/**
 * Phase 7: naval combat (GW-P07-NAVCOMBAT), surface fleets only for now (decisions D-NAV-5 to D-NAV-9 of
 * docs/great-war/naval-war.md). Where hostile surface fleets share a sea zone after phase 6 there is a battle, in the
 * order of the zone ids: the fleet that was there defends, the ships that sailed in attack; both roll at once each
 * round (attack or defence, 1D10 a ship, a hit at or under the value); battleships and carriers take two hits, the
 * first only damages them, and a damaged battleship does not attack; losses by the owner's loss order; then each
 * commander may retreat by its standing order. Submarines dive: they take no part (GW-UNIT-44, D-NAV-15).
 *
 * The rounds go by naval-rounds.ts, which the fights of submarines share (submarine-fights.ts).
 */

/** The surface ships of a zone by camp, the camps in seat order. */
function campsIn(state: GreatWarState, zone: string): BoardUnit[][] {
  const ships = state.board.units.filter((u) => u.at === zone && isSurface(u.type));
  return [...groupBy(ships, (u) => campOf(state, u.nation)).values()].sort((a, b) => nationIndex(state, a[0]!.nation) - nationIndex(state, b[0]!.nation));
}

/** Whether hostile surface fleets meet in a sea zone (D-NAV-5). */
export function fleetsMeet(state: GreatWarState, zone: string): boolean {
  const camps = campsIn(state, zone);
  return camps.some((a, i) => camps.slice(i + 1).some((b) => atWar(state, a[0]!.nation, b[0]!.nation)));
}

/** Sea zones where hostile surface fleets meet, sorted (D-NAV-5). */
export function navalBattlesAfterMovement(state: GreatWarState): string[] {
  const zones = [...new Set(state.board.units.filter((u) => isSurface(u.type)).map((u) => u.at))].sort();
  return zones.filter((zone) => fleetsMeet(state, zone));
}

/** Where a ship may retreat to: a neighbouring sea zone without enemy surface ships (GW-P07-NAVCOMBAT step 6). */
function retreatZones(state: GreatWarState, world: WorldMap, zone: string, nation: string): string[] {
  return world.graph
    .neighbours(zone, ['sea'])
    .map((n) => n.id)
    .filter((z) => !state.board.units.some((u) => u.at === z && isSurface(u.type) && atWar(state, nation, u.nation)))
    .sort();
}

/**
 * Fight the naval battle in `zone` to the end (D-NAV-5 to D-NAV-9). `sailedIn` are the ships that entered it this
 * turn, with the zone they came from.
 */
export function fightNavalBattle(state: GreatWarState, zone: string, standing: StandingOrders, ctx: PhaseContext, sailedIn: Map<string, string>, aircraft: readonly BoardUnit[] = []): string[] {
  const world = theWorld(state.scenario);
  const arrivals: string[] = [];
  const name = world.names.get(zone) ?? zone;
  const camps = campsIn(state, zone);
  // Attacking aircraft join their camp's ships, or attack on their own (GW-P06-NAV-06, D-AIR-32).
  for (const [camp, list] of groupBy(aircraft.filter((u) => state.board.units.includes(u) && u.at === zone), (u) => campOf(state, u.nation))) {
    const with_ = camps.find((c) => campOf(state, c[0]!.nation) === camp);
    if (with_) with_.push(...list);
    else camps.push([...list]);
  }
  // The defender: the camp with the most ships that were already there (ties: the first in seat order); the others attack it.
  const stayed = (ships: BoardUnit[]) => ships.filter((u) => !sailedIn.has(u.id) && isSurface(u.type)).length;
  const defending = [...camps].filter((c) => c.some((u) => isSurface(u.type))).sort((a, b) => stayed(b) - stayed(a) || nationIndex(state, a[0]!.nation) - nationIndex(state, b[0]!.nation))[0];
  if (!defending) return arrivals;
  const fleet = (ships: BoardUnit[], role: Fleet['role']): Fleet => {
    const nations = [...new Set(ships.map((u) => u.nation))].sort((x, y) => nationIndex(state, x) - nationIndex(state, y));
    return { role, nations, ships, absorber: oneCommand(state, ships) };
  };
  const defence = fleet(defending, 'defender');
  for (const attacking of camps.filter((c) => c !== defending && atWar(state, c[0]!.nation, defending[0]!.nation))) {
    const attack = fleet(attacking, 'attacker');
    const afloat = (f: Fleet) => f.ships.filter((u) => state.board.units.includes(u) && u.at === zone);
    ctx.emit({ type: 'naval-battle', area: zone, attackers: byNation(afloat(attack)), defenders: byNation(afloat(defence)), odds: navalBattleOdds(state, afloat(attack), afloat(defence), standing) });
    let round = 0;
    while (afloat(attack).length && afloat(defence).length) {
      const sides = [attack, defence];
      const canHit = sides.map((f) => afloat(f).some((u) => valueOf(state, u, f.role) > 0));
      if (!canHit[0] && !canHit[1]) {
        ctx.emit({ type: 'naval-stalemate', area: zone, reason: 'neither fleet has a ship that can score a hit' });
        break;
      }
      if (++round > ruleNumbers.naval.maxRounds) {
        ctx.emit({ type: 'battle-broken-off', area: zone, rounds: ruleNumbers.naval.maxRounds });
        break;
      }
      const fire = sides.map((f) => fleetFire(state, ctx, afloat(f), f.role, (nation) => `${nationName(state, nation)} ${f.role === 'attacker' ? 'attacks' : 'defends'} in the ${name}, round ${round}`, round));
      const scored = fire.map((x) => x.hits);
      const taken = sides.map((f, i) => hitsTaken(f, fire[1 - i]!));
      const absorbed = taken.map((t) => t.absorbed);
      const results = sides.map((f, i) => takeShipLosses(state, standing, afloat(f), taken[i]!.hits));
      const sunk = new Set(results.flatMap((r) => r.sunk));
      state.board.units = state.board.units.filter((u) => !sunk.has(u));
      state.air.flights = state.air.flights.filter((fl) => state.board.units.some((u) => u.id === fl.unit));
      lostWithShips(state, ctx);
      ctx.emit({
        type: 'naval-round',
        area: zone,
        round,
        sides: sides.map((f, i) => ({ role: f.role, nations: f.nations, hits: scored[i]!, absorbed: absorbed[i]!, sunk: results[i]!.sunk.length, damaged: results[i]!.damaged.length })),
      });
      emitRoundLosses(ctx, zone, round, sides, results);
      // Each aircraft spent 1 fuel on the round; those that cannot fight another and still land leave (GW-UNIT-50, GW-UNIT-52).
      const flying = spendRoundFuel(state, sides.flatMap((f) => afloat(f)));
      if (!afloat(attack).length || !afloat(defence).length) break;
      const spent = flying.filter((u) => state.board.units.includes(u) && !canFightOn(state, world, u, zone));
      if (spent.length) landAircraft(state, ctx, world, spent, zone, 'fuel');
      if (!afloat(attack).length || !afloat(defence).length) break;
      arrivals.push(...breakOffRunners(state, ctx, world, zone, round, sides.flatMap((f) => afloat(f)), sailedIn));
      if (!afloat(attack).length || !afloat(defence).length) break;
      // Step 6: each commander may retreat by its standing order (D-NAV-8); its aircraft turn back with it, under the ships' parting fire (GW-P07-NAVCOMBAT-13).
      for (const f of sides) {
        for (const [seat, all] of groupBy(afloat(f), (u) => commanderOf(state, u.nation) ?? '')) {
          if (!seat) continue;
          const list = all.filter((u) => !isAircraft(u.type));
          const planes = all.filter((u) => isAircraft(u.type));
          const order = standing.retreats.get(seat)?.get(zone);
          const other = f === attack ? defence : attack;
          const due = order !== undefined && (order.when === 'outnumbered' ? afloat(f).length < afloat(other).length : round >= (order.after ?? 1));
          const open = retreatZones(state, world, zone, all[0]!.nation);
          const back = f.role === 'attacker' ? [...new Set(list.map((u) => sailedIn.get(u.id)).filter((z): z is string => z !== undefined && open.includes(z)))] : [];
          const shipOptions = list.length ? (f.role === 'attacker' ? back : open) : [];
          const options = shipOptions.length ? shipOptions : planes.length ? ['retreat'] : [];
          if (!options.length) continue;
          const wanted = options[0] === 'retreat' ? 'retreat' : f.role === 'attacker' ? options[0]! : order?.to && options.includes(order.to) ? order.to : undefined;
          const answer = ctx.decide<string>({
            id: `${zone}.naval.r${round}.${f.role}.retreat.${seat}`,
            seat,
            kind: 'retreat',
            prompt: `${nationName(state, seat)}'s ships in the ${name} after round ${round}: fight on, or retreat?`,
            options: ['fight', ...options],
            default: 'fight',
            ...(order ? { standing: due && wanted ? wanted : 'fight' } : {}),
          });
          if (answer === 'fight') continue;
          if (planes.length) {
            shipsFireAtAircraft(state, ctx, standing, zone, planes, afloat(other), 'parting');
            landAircraft(state, ctx, world, planes.filter((u) => state.board.units.includes(u)), zone, 'retreat');
          }
          if (answer === 'retreat') continue;
          const going = f.role === 'attacker' ? list.filter((u) => sailedIn.get(u.id) === answer) : list;
          for (const u of going) u.at = answer;
          ctx.emit({ type: 'naval-retreat', area: zone, round, nation: seat, role: f.role, to: answer, units: countByType(going), ids: going.map((u) => u.id) });
        }
      }
    }
    ctx.emit({
      type: 'naval-result',
      area: zone,
      rounds: round,
      winner: afloat(attack).length && !afloat(defence).length ? 'attacker' : afloat(defence).length && !afloat(attack).length ? 'defender' : 'none',
      attackersLeft: countByType(afloat(attack)),
      defendersLeft: countByType(afloat(defence)),
    });
  }
  return [...new Set(arrivals)].sort();
}

/**
 * Caught blockade runners in a battle (GW-P06-NAV-16, D-NAV-29): after each round each task force of them still in it
 * rolls 1D10; at or under the blockade chance its ships break off and move on along their way, slipping past further
 * enemy fleets as in phase 6 (D-NAV-18). Returns the zones they end in among enemy ships, to fight there.
 */
function breakOffRunners(state: GreatWarState, ctx: PhaseContext, world: WorldMap, zone: string, round: number, inBattle: readonly BoardUnit[], sailedIn: Map<string, string>): string[] {
  const out: string[] = [];
  for (const tf of state.sea.taskForces) {
    if (tf.to !== zone || !tf.runOn?.length) continue;
    const ships = inBattle.filter((u) => tf.units.includes(u.id) && u.at === zone);
    if (!ships.length) continue;
    const roll = ctx.roll(ruleNumbers.naval.runBlockadeDie, `${nationName(state, tf.nation)}'s blockade runners try to break off in the ${world.names.get(zone) ?? zone} after round ${round}`);
    const broke = roll <= ruleNumbers.naval.runBlockadeChance;
    if (!broke) {
      ctx.emit({ type: 'blockade-break-off', nation: tf.nation, force: tf.id, area: zone, round, roll, broke, units: countByType(ships) });
      continue;
    }
    const way = [zone, ...tf.runOn];
    const stop = runPast(state, ctx, world, tf.nation, ships, way, 1);
    const to = way[stop]!;
    for (const u of ships) {
      u.at = to;
      sailedIn.set(u.id, way[stop - 1]!);
    }
    tf.path.push(...way.slice(1, stop + 1));
    tf.to = to;
    if (stop === way.length - 1) delete tf.runOn;
    else tf.runOn = way.slice(stop + 1);
    ctx.emit({ type: 'blockade-break-off', nation: tf.nation, force: tf.id, area: zone, round, roll, broke, to, units: countByType(ships), ids: ships.map((u) => u.id) });
    if (enemyFleetIn(state, to, tf.nation)) out.push(to);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The fights of submarines.

/** The 'naval-combat' phase (phase 7): every sea zone where hostile fleets meet, in the order of the zone ids. */
export function resolveNavalCombat(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const standing = standingOrders(state, orders);
  const sailedIn = new Map<string, string>();
  for (const tf of state.sea.taskForces) if (tf.from !== tf.to) for (const u of tf.units) sailedIn.set(u, tf.path[tf.path.length - 2] ?? tf.from);
  const world = theWorld(state.scenario);
  const surface = navalBattlesAfterMovement(state);
  const strikes = airStrikeZones(state, world);
  state.sea.battles = [...new Set([...surface, ...strikes])].sort();
  // In the order of the zone ids; a zone blockade runners break into (D-NAV-29) joins the queue, or fights again.
  const queue = [...state.sea.battles];
  const struck = new Set<string>();
  while (queue.length) {
    const zone = queue.shift()!;
    // Steps 1 to 3 against attacking aircraft first (GW-P07-NAVCOMBAT-02..06), then the rounds with them (D-AIR-32).
    const planes = strikes.includes(zone) && !struck.has(zone) ? openingFireAtAircraft(state, ctx, standing, orders, zone) : [];
    struck.add(zone);
    const hostile = fleetsMeet(state, zone);
    const arrivals = hostile || planes.length ? fightNavalBattle(state, zone, standing, ctx, sailedIn, planes) : [];
    const still = aircraftOverSea(state, zone);
    if (still.length) landAircraft(state, ctx, world, still, zone, 'battle over');
    for (const z of arrivals) {
      if (!state.sea.battles.includes(z)) state.sea.battles = [...state.sea.battles, z].sort();
      if (!queue.includes(z)) {
        queue.push(z);
        queue.sort();
      }
    }
  }
  carryAboard(state);
  // The blockades declared in phase 6 stand until the US trade of phase 15 (D-NAV-27).
  state.sea = { ...emptySeaTurn(), blockade: state.sea.blockade };
  return state;
}

/** One line of plain text for the events of naval combat; undefined for others. */
export function describeNavalEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => (state ? nationName(state, String(id)) : displayNationName(String(id)));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  const fleets = (list: unknown) => ((list ?? []) as { nation: string; units: Record<string, number> }[]).map((f) => `${who(f.nation)} (${counts(f.units)})`).join(' and ');
  switch (event.type) {
    case 'naval-battle':
      return `Naval battle in the ${area(event['area'])}: ${fleets(event['attackers'])} attack ${fleets(event['defenders'])}${event['odds'] ? `; ${describeOdds(event['odds'])}` : ''}.`;
    case 'naval-round': {
      const sides = (event['sides'] ?? []) as { role: string; nations: string[]; hits: number; absorbed: number; sunk: number; damaged: number }[];
      return `${area(event['area'])}, round ${String(event['round'])}: ${sides
        .map((s) => `${s.nations.map(who).join(' and ')} (${s.role}) score${s.nations.length === 1 ? 's' : ''} ${s.hits} hit${s.hits === 1 ? '' : 's'} and lose${s.nations.length === 1 ? 's' : ''} ${s.sunk} ship${s.sunk === 1 ? '' : 's'}${s.damaged ? ` (${s.damaged} damaged)` : ''}${s.absorbed ? ', one hit on them taken by the fictive unit' : ''}`)
        .join('; ')}.`;
    }
    case 'ship-damaged':
      return `${who(event['nation'])}'s ${counts(event['units'])} in the ${area(event['area'])} ${Object.values((event['units'] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0) === 1 ? 'is' : 'are'} damaged.`;
    case 'naval-retreat':
      return `${who(event['nation'])}'s ${counts(event['units'])} retreat from the ${area(event['area'])} to the ${area(event['to'])} after round ${String(event['round'])}.`;
    case 'blockade-break-off':
      return event['broke']
        ? `${who(event['nation'])}'s blockade runners (${counts(event['units'])}) break off in the ${area(event['area'])} after round ${String(event['round'])} (rolled ${String(event['roll'])}) and move on to the ${area(event['to'])}.`
        : `${who(event['nation'])}'s blockade runners in the ${area(event['area'])} fail to break off after round ${String(event['round'])} (rolled ${String(event['roll'])}).`;
    case 'naval-stalemate':
      return `No naval battle in the ${area(event['area'])}: ${String(event['reason'])}.`;
    case 'submarine-battle':
      return event['kind'] === 'hunt'
        ? `Submarines found in the ${area(event['area'])}: ${fleets(event['attackers'])} attack ${fleets(event['defenders'])}, with a free first round.`
        : `Submarines strike in the ${area(event['area'])}: ${fleets(event['attackers'])} attack task force ${String(event['force'])} of ${fleets(event['defenders'])}, with a free first round.`;
    case 'submarine-round': {
      const sides = (event['sides'] ?? []) as { role: string; nations: string[]; fired: boolean; hits: number; absorbed: number; sunk: number; damaged: number }[];
      return `${area(event['area'])}, ${event['kind'] === 'hunt' ? 'submarine hunt' : `interception of task force ${String(event['force'])}`}, round ${String(event['round'])}: ${sides
        .map((s) => {
          const many = s.nations.length !== 1;
          const fired = s.fired ? `score${many ? '' : 's'} ${s.hits} hit${s.hits === 1 ? '' : 's'}` : many ? 'hold their fire' : 'holds its fire';
          return `${s.nations.map(who).join(' and ')} (${s.role}) ${fired} and lose${many ? '' : 's'} ${s.sunk} ship${s.sunk === 1 ? '' : 's'}${s.damaged ? ` (${s.damaged} damaged)` : ''}${s.absorbed ? ', one hit on them taken by the fictive unit' : ''}`;
        })
        .join('; ')}.`;
    }
    case 'disengage-barred':
      return `${who(event['nation'])}'s ${counts(event['units'])} in the ${area(event['area'])} may not break off after round ${String(event['round'])}: aircraft cover task force ${String(event['force'])}.`;
    case 'disengage':
      return `${who(event['nation'])}'s ${counts(event['units'])} disengage${Object.values((event['units'] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0) === 1 ? 's' : ''} in the ${area(event['area'])} after round ${String(event['round'])}${event['to'] ? ` and slip into the ${area(event['to'])}` : ', staying in the zone'}.`;
    case 'submarine-battle-result':
      return `${event['kind'] === 'hunt' ? 'Submarine hunt' : `Interception of task force ${String(event['force'])}`} in the ${area(event['area'])} over after ${String(event['rounds'])} round(s): ${
        event['winner'] === 'attacker' ? 'the attackers sank every ship they fought' : event['winner'] === 'defender' ? 'the defenders sank every attacker' : 'both sides have ships left'
      }.`;
    case 'naval-result':
      return `Naval battle in the ${area(event['area'])} over after ${String(event['rounds'])} round(s): ${event['winner'] === 'attacker' ? 'the attackers hold the sea' : event['winner'] === 'defender' ? 'the defenders hold the sea' : 'both fleets remain or none does'}.`;
    default:
      return undefined;
  }
}

