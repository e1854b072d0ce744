import { allocateLosses, rollPool, type GameEvent, type PhaseContext, type PoolEntry } from '@umpire/engine';
import type { BoardUnit } from './board.js';
import { commanderOf, displayNationName, nationIndex, nationName } from './conquest.js';
import { arrangeLossOrder, defaultLossOrder, shareHits, standingOrders, type StandingOrders } from './land-combat.js';
import { campOf, countByType, describeCounts, groupBy, unitOrder, unitWord } from './land-movement.js';
import type { WorldMap } from './map.js';
import { atWar, type GreatWarState } from './nations.js';
import type { GreatWarOrders } from './order-language.js';
import { bombardingValue, isSurface, shipStats } from './naval-movement.js';
import { ruleNumbers } from './rules-data.js';
import { theWorld } from './world.js';

/**
 * Phase 7: naval combat (GW-P07-NAVCOMBAT), surface fleets only for now (decisions D-NAV-5 to D-NAV-9 of
 * docs/great-war/naval-war.md). Where hostile surface fleets share a sea zone after phase 6 there is a battle, in the
 * order of the zone ids: the fleet that was there defends, the ships that sailed in attack; both roll at once each
 * round (attack or defence, 1D10 a ship, a hit at or under the value); battleships and carriers take two hits, the
 * first only damages them, and a damaged battleship does not attack; losses by the owner's loss order; then each
 * commander may retreat by its standing order. Submarines dive: they take no part (GW-UNIT-44).
 */

interface Fleet {
  readonly role: 'attacker' | 'defender';
  readonly nations: string[];
  readonly ships: BoardUnit[];
  /** The fictive unit (D-SIM-18) of a one-commander side. */
  absorber: boolean;
}

/** Whether a ship can score this round: a value above 0, and a damaged battleship does not attack (GW-UNIT-16). */
function valueOf(state: GreatWarState, ship: BoardUnit, role: Fleet['role']): number {
  const stats = shipStats(state, ship.nation, ship.type);
  if (role === 'attacker' && ship.type === 'battleship' && ship.damage > 0) return 0;
  return (role === 'attacker' ? stats.attack : stats.defense) ?? 0;
}

const hitPoints = (state: GreatWarState, ship: BoardUnit) => shipStats(state, ship.nation, ship.type).hits ?? 1;

/** The surface ships of a zone by camp, the camps in seat order. */
function campsIn(state: GreatWarState, zone: string): BoardUnit[][] {
  const ships = state.board.units.filter((u) => u.at === zone && isSurface(u.type));
  return [...groupBy(ships, (u) => campOf(state, u.nation)).values()].sort((a, b) => nationIndex(state, a[0]!.nation) - nationIndex(state, b[0]!.nation));
}

/** Sea zones where hostile surface fleets meet, sorted (D-NAV-5). */
export function navalBattlesAfterMovement(state: GreatWarState): string[] {
  const zones = [...new Set(state.board.units.filter((u) => isSurface(u.type)).map((u) => u.at))].sort();
  return zones.filter((zone) => {
    const camps = campsIn(state, zone);
    return camps.some((a, i) => camps.slice(i + 1).some((b) => atWar(state, a[0]!.nation, b[0]!.nation)));
  });
}

/** Take `hits` from a fleet: shared among commanders, each by its loss order; a first hit damages a battleship or carrier (D-NAV-7). */
function takeShipLosses(state: GreatWarState, standing: StandingOrders, ships: readonly BoardUnit[], hits: number): { sunk: BoardUnit[]; damaged: BoardUnit[] } {
  const sunk: BoardUnit[] = [];
  const damaged: BoardUnit[] = [];
  for (const { commander, items, share } of shareHits(state, ships, (u) => u.nation, hits)) {
    const list = [...items].sort(unitOrder);
    const types = Object.keys(countByType(list));
    const order = arrangeLossOrder(standing.losses.get(commander) ?? [], defaultLossOrder(state, list[0]!.nation, types));
    const r = allocateLosses(
      list.map((u) => ({ id: u.id, type: u.type, hitPoints: hitPoints(state, u), damage: u.damage })),
      share,
      order,
      { damageFirst: true },
    );
    for (const u of list) {
      if (r.destroyed.includes(u.id)) sunk.push(u);
      else if (r.damaged[u.id] !== undefined) {
        u.damage = r.damaged[u.id]!;
        damaged.push(u);
      }
    }
  }
  return { sunk, damaged };
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
export function fightNavalBattle(state: GreatWarState, zone: string, standing: StandingOrders, ctx: PhaseContext, sailedIn: ReadonlyMap<string, string>): void {
  const world = theWorld(state.scenario);
  const name = world.names.get(zone) ?? zone;
  const camps = campsIn(state, zone);
  // The defender: the camp with the most ships that were already there (ties: the first in seat order); the others attack it.
  const stayed = (ships: BoardUnit[]) => ships.filter((u) => !sailedIn.has(u.id)).length;
  const defending = [...camps].sort((a, b) => stayed(b) - stayed(a) || nationIndex(state, a[0]!.nation) - nationIndex(state, b[0]!.nation))[0]!;
  const fleet = (ships: BoardUnit[], role: Fleet['role']): Fleet => {
    const nations = [...new Set(ships.map((u) => u.nation))].sort((x, y) => nationIndex(state, x) - nationIndex(state, y));
    return { role, nations, ships, absorber: new Set(ships.map((u) => commanderOf(state, u.nation) ?? u.nation)).size === 1 };
  };
  const defence = fleet(defending, 'defender');
  for (const attacking of camps.filter((c) => c !== defending && atWar(state, c[0]!.nation, defending[0]!.nation))) {
    const attack = fleet(attacking, 'attacker');
    const afloat = (f: Fleet) => f.ships.filter((u) => state.board.units.includes(u) && u.at === zone);
    ctx.emit({ type: 'naval-battle', area: zone, attackers: byNation(afloat(attack)), defenders: byNation(afloat(defence)) });
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
      const scored = sides.map((f) => {
        let hits = 0;
        for (const [nation, list] of groupBy(afloat(f), (u) => u.nation)) {
          const counter = new Map<string, number>();
          const entries: PoolEntry[] = [];
          for (const u of list) {
            const k = (counter.get(u.type) ?? 0) + 1;
            counter.set(u.type, k);
            const value = bombardingValue(state, u, round, valueOf(state, u, f.role));
            if (value > 0) entries.push({ label: `${unitWord(u.type)} #${k}${u.damage ? ' (damaged)' : ''}`, value });
          }
          if (entries.length) hits += rollPool(ctx, entries, { purpose: `${nationName(state, nation)} ${f.role === 'attacker' ? 'attacks' : 'defends'} in the ${name}, round ${round}` }).hits;
        }
        return hits;
      });
      const absorbed = [0, 0];
      const results = sides.map((f, i) => {
        let hits = scored[1 - i]!;
        if (hits > 0 && f.absorber) {
          f.absorber = false;
          absorbed[i] = 1;
          hits--;
        }
        return takeShipLosses(state, standing, afloat(f), hits);
      });
      const sunk = new Set(results.flatMap((r) => r.sunk));
      state.board.units = state.board.units.filter((u) => !sunk.has(u));
      ctx.emit({
        type: 'naval-round',
        area: zone,
        round,
        sides: sides.map((f, i) => ({ role: f.role, nations: f.nations, hits: scored[i]!, absorbed: absorbed[i]!, sunk: results[i]!.sunk.length, damaged: results[i]!.damaged.length })),
      });
      for (const [i, r] of results.entries()) {
        for (const [nation, list] of groupBy(r.sunk, (u) => u.nation)) ctx.emit({ type: 'losses', area: zone, round, role: sides[i]!.role, nation, units: countByType(list), ids: list.map((u) => u.id) });
        for (const [nation, list] of groupBy(r.damaged, (u) => u.nation)) ctx.emit({ type: 'ship-damaged', area: zone, round, nation, units: countByType(list), ids: list.map((u) => u.id) });
      }
      if (!afloat(attack).length || !afloat(defence).length) break;
      // Step 6: each commander may retreat by its standing order (D-NAV-8).
      for (const f of sides) {
        for (const [seat, list] of groupBy(afloat(f), (u) => commanderOf(state, u.nation) ?? '')) {
          if (!seat) continue;
          const order = standing.retreats.get(seat)?.get(zone);
          const other = f === attack ? defence : attack;
          const due = order !== undefined && (order.when === 'outnumbered' ? afloat(f).length < afloat(other).length : round >= (order.after ?? 1));
          const open = retreatZones(state, world, zone, list[0]!.nation);
          const back = f.role === 'attacker' ? [...new Set(list.map((u) => sailedIn.get(u.id)).filter((z): z is string => z !== undefined && open.includes(z)))] : [];
          const options = f.role === 'attacker' ? back : open;
          if (!options.length) continue;
          const wanted = f.role === 'attacker' ? options[0]! : order?.to && options.includes(order.to) ? order.to : undefined;
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
}

const byNation = (ships: readonly BoardUnit[]) => [...groupBy(ships, (u) => u.nation)].map(([nation, list]) => ({ nation, units: countByType(list) }));

/** The 'naval-combat' phase (phase 7): every sea zone where hostile fleets meet, in the order of the zone ids. */
export function resolveNavalCombat(state: GreatWarState, orders: ReadonlyMap<string, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  const standing = standingOrders(state, orders);
  const sailedIn = new Map<string, string>();
  for (const tf of state.sea.taskForces) for (const u of tf.units) sailedIn.set(u, tf.path[tf.path.length - 2] ?? tf.from);
  state.sea.battles = navalBattlesAfterMovement(state);
  for (const zone of state.sea.battles) fightNavalBattle(state, zone, standing, ctx, sailedIn);
  state.sea = { taskForces: [], acted: [], battles: [] };
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
      return `Naval battle in the ${area(event['area'])}: ${fleets(event['attackers'])} attack ${fleets(event['defenders'])}.`;
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
    case 'naval-stalemate':
      return `No naval battle in the ${area(event['area'])}: ${String(event['reason'])}.`;
    case 'naval-result':
      return `Naval battle in the ${area(event['area'])} over after ${String(event['rounds'])} round(s): ${event['winner'] === 'attacker' ? 'the attackers hold the sea' : event['winner'] === 'defender' ? 'the defenders hold the sea' : 'both fleets remain or none does'}.`;
    default:
      return undefined;
  }
}
