import { type PhaseContext } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { commanderOf, nationIndex, nationName } from '../base/conquest.js';
import { type StandingOrders } from '../combat/losses.js';
import { countByType, groupBy } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { type GreatWarState } from '../base/nations.js';
import { passageOpen } from './fleet.js';
import { ruleNumbers } from '../data/rules.js';
import { theWorld } from '../data/world.js';
import { isAircraft } from '../base/counting.js';
import { landAircraft } from '../air/missions.js';
import { canFightOn } from '../air/air-combat.js';
import { lostWithShips } from './air-at-sea.js';
import { sonarAdjustment } from './ship-equipment.js';
import { type Fleet, valueOf, fleetFire, hitsTaken, oneCommand, emitRoundLosses, spendRoundFuel, takeShipLosses, byNation } from './naval-rounds.js';

/**
 * The fights of submarines (GW-P05-SUBDET-11..14, GW-P06-SUBINT-07..09, GW-P07-NAVCOMBAT-15, -16): the ships that found
 * submarines in phase 5 (submarines.ts), or the submarines that intercept a task force in phase 6.1, fire alone in
 * the first round; hits scored by submarines fall on ships only, never on the fictive unit; after each round either
 * side may disengage, hunted submarines slipping into a neighbouring zone. Decisions D-NAV-11 to D-NAV-14 and D-NAV-30
 * to D-NAV-33 of docs/great-war/naval-war.md.
 */

/**
 * A fight of submarines (D-NAV-11, D-NAV-14): in a hunt (phase 5) the ships that found the submarines attack every
 * enemy submarine in the zone; in an interception (phase 6.1) the submarines attack one task force. Either way the
 * attackers fire alone in the first round.
 */
export interface SubmarineFight {
  readonly kind: 'hunt' | 'interception';
  /** The sea zone it is fought in: the submarines' zone. */
  readonly area: string;
  readonly attackers: readonly BoardUnit[];
  readonly defenders: readonly BoardUnit[];
  /** The task force intercepted (phase 6.1). */
  readonly force?: string;
}

/** Disengagement orders by seat, then by sea zone. */
export type DisengageOrders = ReadonlyMap<string, ReadonlyMap<string, DisengageOrder>>;

/** The sea zones hunted submarines may slip away to: the neighbouring ones, through passages open to submarines (GW-P05-SUBDET-13/14). */
export function slipAwayZones(state: GreatWarState, world: WorldMap, zone: string, nation: string): string[] {
  return world.graph
    .neighbours(zone, ['sea'])
    .map((n) => n.id)
    .filter((z) => passageOpen(state, world, nation, zone, z, 'submarine'))
    .sort();
}

/** Who fires in a round of a fight of submarines: the attackers alone in the free rounds, then both (GW-P05-SUBDET-11, GW-P07-NAVCOMBAT-15/16). */
export const firesInRound = (role: 'attacker' | 'defender', round: number): boolean => role === 'attacker' || round > ruleNumbers.naval.freeRounds;

/**
 * Fight a fight of submarines to the end (D-NAV-11 to D-NAV-14): each round the sides fire (the attackers alone in
 * the first), each takes its losses by its commanders' loss orders, damage first; then each commander may disengage
 * by its standing `disengage` order: hunted submarines stay or slip into the zone the order names, everyone else stays
 * where it is; the fight ends when a side has nothing left in it.
 */
export function fightSubmarineBattle(state: GreatWarState, fight: SubmarineFight, standing: StandingOrders, disengage: DisengageOrders, ctx: PhaseContext): void {
  const world = theWorld(state.scenario);
  const zone = fight.area;
  const name = world.names.get(zone) ?? zone;
  const fleet = (ships: readonly BoardUnit[], role: Fleet['role']): Fleet => ({
    role,
    nations: [...new Set(ships.map((u) => u.nation))].sort((x, y) => nationIndex(state, x) - nationIndex(state, y)),
    ships: [...ships],
    absorber: oneCommand(state, ships),
  });
  const attack = fleet(fight.attackers, 'attacker');
  const defence = fleet(fight.defenders, 'defender');
  const sides = [attack, defence];
  const left = new Set<BoardUnit>();
  // Ships and aircraft still in the fight: not disengaged, not sunk, aircraft not flown home (D-NAV-30, D-NAV-32). An
  // intercepted task force has sailed on: its ships fight where the submarines struck, wherever they now stand.
  const afloat = (f: Fleet) => f.ships.filter((u) => !left.has(u) && state.board.units.includes(u) && (!isAircraft(u.type) || u.at === zone));
  const hunted = (f: Fleet) => fight.kind === 'hunt' && f.role === 'defender';
  const force = fight.force ? { force: fight.force } : {};
  const purpose = (f: Fleet, nation: string, round: number) => {
    const who = nationName(state, nation);
    const what =
      fight.kind === 'hunt'
        ? f.role === 'attacker'
          ? `${who} attacks the submarines`
          : `${who}'s submarines defend`
        : f.role === 'attacker'
          ? `${who}'s submarines attack task force ${fight.force ?? ''}`
          : `${who} defends task force ${fight.force ?? ''}`;
    return `${what} in the ${name}, round ${round}`;
  };
  ctx.emit({ type: 'submarine-battle', kind: fight.kind, area: zone, ...force, attackers: byNation(afloat(attack)), defenders: byNation(afloat(defence)) });
  let round = 0;
  while (afloat(attack).length && afloat(defence).length) {
    if (!sides.some((f) => afloat(f).some((u) => valueOf(state, u, f.role) > 0))) {
      ctx.emit({ type: 'naval-stalemate', area: zone, reason: 'neither side has a ship that can score a hit' });
      break;
    }
    if (++round > ruleNumbers.naval.maxRounds) {
      ctx.emit({ type: 'battle-broken-off', area: zone, rounds: ruleNumbers.naval.maxRounds });
      break;
    }
    const fires = sides.map((f) => firesInRound(f.role, round));
    // Submarines firing at ships with sonar lose 1 (GW-TECH-70, D-EQUIP-10).
    const fire = sides.map((f, i) => (fires[i] ? fleetFire(state, ctx, afloat(f), f.role, (nation) => purpose(f, nation, round), undefined, sonarAdjustment(state, afloat(sides[1 - i]!))) : { hits: 0, bySubmarines: 0 }));
    const taken = sides.map((f, i) => hitsTaken(f, fire[1 - i]!));
    // Submarines' hits fall on ships only (GW-P07-NAVCOMBAT-11): aircraft hunting or covering are never their casualties.
    const results = sides.map((f, i) => takeShipLosses(state, standing, afloat(f).filter((u) => !isAircraft(u.type)), taken[i]!.hits));
    const sunk = new Set(results.flatMap((r) => r.sunk));
    state.board.units = state.board.units.filter((u) => !sunk.has(u));
    lostWithShips(state, ctx);
    ctx.emit({
      type: 'submarine-round',
      kind: fight.kind,
      area: zone,
      ...force,
      round,
      sides: sides.map((f, i) => ({ role: f.role, nations: f.nations, fired: fires[i]!, hits: fire[i]!.hits, absorbed: taken[i]!.absorbed, sunk: results[i]!.sunk.length, damaged: results[i]!.damaged.length })),
    });
    emitRoundLosses(ctx, zone, round, sides, results);
    // Each aircraft spent 1 fuel on the round; those without the fuel for another round and the way home fly home (D-NAV-30).
    const flying = spendRoundFuel(state, sides.flatMap((f) => afloat(f)));
    const spent = flying.filter((u) => !canFightOn(state, world, u, zone));
    if (spent.length) landAircraft(state, ctx, world, spent, zone, 'fuel');
    if (!afloat(attack).length || !afloat(defence).length) break;
    // After each round either side may disengage, each commander by its standing order (GW-P05-SUBDET-12, GW-P06-SUBINT-07).
    for (const f of sides) {
      const other = f === attack ? defence : attack;
      const planes = afloat(other).some((u) => isAircraft(u.type));
      for (const [seat, list] of groupBy(afloat(f), (u) => commanderOf(state, u.nation) ?? '')) {
        if (!seat || !afloat(other).length) continue;
        const order = disengage.get(seat)?.get(zone);
        const due = order !== undefined && (order.when === 'outnumbered' ? afloat(f).length < afloat(other).length : round >= (order.after ?? 1));
        // Submarines striking a task force may not break off while aircraft cover it (GW-P06-SUBINT-08, -09; D-NAV-33).
        if (fight.kind === 'interception' && f.role === 'attacker' && planes) {
          if (due) ctx.emit({ type: 'disengage-barred', area: zone, ...force, round, nation: seat, units: countByType(list) });
          continue;
        }
        // Hunted submarines that break off from aircraft must leave the zone (GW-P05-SUBDET-13, D-NAV-31).
        const away = hunted(f) ? slipAwayZones(state, world, zone, list[0]!.nation) : [];
        const options = hunted(f) ? ['fight', ...(planes ? [] : ['stay']), ...away] : ['fight', 'disengage'];
        if (options.length === 1) continue;
        const wanted = hunted(f) ? (order?.to && away.includes(order.to) ? order.to : planes ? away[0]! : 'stay') : 'disengage';
        const answer = ctx.decide<string>({
          id: `${zone}.${fight.kind}${fight.force ? `.${fight.force}` : ''}.r${round}.${f.role}.disengage.${seat}`,
          seat,
          kind: 'disengage',
          prompt: `${nationName(state, seat)}'s ${hunted(f) || (fight.kind === 'interception' && f.role === 'attacker') ? 'submarines' : 'ships'} in the ${name} after round ${round}: fight on, or disengage${hunted(f) ? ' (stay, or slip into a neighbouring zone)' : ''}?`,
          options,
          default: 'fight',
          ...(order ? { standing: due ? wanted : 'fight' } : {}),
        });
        if (answer === 'fight') continue;
        for (const u of list) {
          left.add(u);
          if (answer !== 'stay' && answer !== 'disengage') u.at = answer;
        }
        const to = answer !== 'stay' && answer !== 'disengage' ? { to: answer } : {};
        ctx.emit({ type: 'disengage', kind: fight.kind, area: zone, ...force, round, nation: seat, role: f.role, ...to, units: countByType(list), ids: list.map((u) => u.id) });
      }
    }
  }
  const gone = (f: Fleet) => f.ships.every((u) => !state.board.units.includes(u));
  ctx.emit({
    type: 'submarine-battle-result',
    kind: fight.kind,
    area: zone,
    ...force,
    rounds: round,
    winner: gone(defence) && !gone(attack) ? 'attacker' : gone(attack) && !gone(defence) ? 'defender' : 'none',
    attackersLeft: countByType(attack.ships.filter((u) => state.board.units.includes(u))),
    defendersLeft: countByType(defence.ships.filter((u) => state.board.units.includes(u))),
  });
}

export type DisengageOrder = { kind: 'disengage'; from: string; to?: string; after?: number; when?: 'outnumbered' };
