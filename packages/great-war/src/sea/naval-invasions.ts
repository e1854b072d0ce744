import { rollPool, type GameEvent, type PhaseContext, type PoolEntry } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { nationName } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { campOf, countByType, describeCounts, groupBy, unitOrder } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { emptyInvasionTurn, nationOf, type GreatWarState } from '../base/nations.js';
import { ruleNumbers } from '../data/rules.js';
import { unitStats } from '../base/units.js';
import { theWorld } from '../data/world.js';

/**
 * Phase 10.1: naval invasions (GW-P10-INV) and shore bombardment (GW-UNIT-12..17), fought in phase 10 with the land
 * battles (decisions D-NAV-22 to D-NAV-26 of docs/great-war/naval-war.md). Troops that land from transports into an
 * enemy's territory in phase 8 attack it from their sea zone: the beach penalty instead of a trench (no trench guards
 * a coast), no retreat; the holder's coastal defence unit stands with the defenders and is always their first loss;
 * battleships with the bombard task next to the territory fire once before the battle. Land-combat.ts calls these.
 */

/** The unit type of the coastal defence (GW-P10-INV-09; its numbers are the unit table's, D-UNIT-6). */
export const COASTAL_DEFENCE = ruleNumbers.invasion.coastalDefenceUnit;

/** Attack points a unit landing from the sea loses (GW-P10-INV-04, -05): infantry 3, artillery 4; aircraft none (GW-P10-INV-06). */
export function beachPenalty(type: string): number {
  return ruleNumbers.invasion.beachPenalty[type] ?? 0;
}

/** Whether a unit entered the territory from the sea: the area it entered from is a sea zone (a landing from a transport). */
export function fromTheSea(world: WorldMap, from: string | undefined): boolean {
  return from !== undefined && world.sea.has(from);
}

/**
 * The coastal defence unit of an invasion of `area` (GW-P10-INV-09, D-UNIT-6): a unit of the holder standing in the
 * territory for the battle only (its id names the territory, it takes no unit number), put on the board here.
 */
export function placeCoastalDefence(state: GreatWarState, area: string, holder: string): BoardUnit {
  const unit: BoardUnit = { id: `${COASTAL_DEFENCE}@${area}`, nation: holder, type: COASTAL_DEFENCE, at: area, damage: 0 };
  state.board.units = state.board.units.filter((u) => u.id !== unit.id);
  state.board.units.push(unit);
  return unit;
}

/** The coastal defence leaves the board when the battle is over, whoever won (it is never a unit between turns). */
export function removeCoastalDefence(state: GreatWarState, area: string): void {
  state.board.units = state.board.units.filter((u) => !(u.type === COASTAL_DEFENCE && u.at === area));
}

/** A battleship's shore bombardment value for its nation now (GW-UNIT-13: the second number; +1 a battleship advance, GW-TECH-28/29). */
export function shoreBombardmentValue(state: GreatWarState, ship: { readonly nation: string; readonly type: string }): number {
  if (nationOf(state, ship.nation)) return unitStats(state, ship.nation, ship.type as never).shoreBombardment ?? 0;
  return unitTable().byId.get(ship.type as never)?.shoreBombardment ?? 0;
}

/**
 * The battleships that shore-bombard an invasion of `area` by the camps `camps` (D-NAV-24): those given the bombard
 * task this turn that are still afloat, of one of those camps, in a sea zone next to the territory and not damaged
 * (GW-UNIT-17), and have not fired yet this turn (GW-UNIT-14: once, for one attack).
 */
export function bombardersFor(state: GreatWarState, world: WorldMap, area: string, camps: ReadonlySet<string>): BoardUnit[] {
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  return state.invasion.bombard
    .map((id) => byId.get(id))
    .filter((u): u is BoardUnit => u !== undefined && u.damage === 0 && camps.has(campOf(state, u.nation)) && world.graph.adjacent(u.at, area, ['coast']))
    .sort(unitOrder);
}

/**
 * Shore bombardment before the invasion of `area` (GW-UNIT-12..14, D-NAV-24): each battleship rolls 1D10 once, a hit
 * at or under its shore bombardment value. Returns the hits (the defenders take them before the first round, the
 * coastal defence first). The battleships have fired for the turn.
 */
export function shoreBombardment(state: GreatWarState, world: WorldMap, area: string, camps: ReadonlySet<string>, ctx: PhaseContext): number {
  const ships = bombardersFor(state, world, area, camps);
  if (!ships.length) return 0;
  const name = world.names.get(area) ?? area;
  let hits = 0;
  for (const [nation, list] of groupBy(ships, (u) => u.nation)) {
    const entries: PoolEntry[] = list.map((u, i) => ({ label: `battleship #${i + 1} from the ${world.names.get(u.at) ?? u.at}`, value: shoreBombardmentValue(state, u) }));
    const scored = rollPool(ctx, entries, { purpose: `${nationName(state, nation)} bombards ${name}` }).hits;
    hits += scored;
    ctx.emit({ type: 'shore-bombardment', area, nation, from: [...new Set(list.map((u) => u.at))].sort(), units: countByType(list), ids: list.map((u) => u.id), hits: scored });
  }
  const fired = new Set(ships.map((u) => u.id));
  state.invasion.bombard = state.invasion.bombard.filter((id) => !fired.has(id));
  return hits;
}

/**
 * At the end of phase 10: the battleships with the bombard task that did not fire are reported (damaged, GW-UNIT-17;
 * or no invasion of their side next to them), and the turn's record is emptied.
 */
export function endOfInvasions(state: GreatWarState, ctx: PhaseContext): void {
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const idle = state.invasion.bombard.map((id) => byId.get(id)).filter((u): u is BoardUnit => u !== undefined);
  for (const [key, list] of groupBy(idle, (u) => `${u.nation}|${u.at}|${u.damage > 0 ? 'damaged' : 'idle'}`)) {
    const [nation, zone, why] = key.split('|') as [string, string, string];
    ctx.emit({
      type: 'bombardment-idle',
      nation,
      at: zone,
      units: countByType(list),
      ids: list.map((u) => u.id),
      reason: why === 'damaged' ? 'a damaged battleship may not shore-bombard (GW-UNIT-17)' : 'there was no naval invasion of its side next to its sea zone',
    });
  }
  state.invasion = emptyInvasionTurn();
}

/** One line of plain text for the events of naval invasions; undefined for others. */
export function describeInvasionEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => nationName(state, String(id));
  switch (event.type) {
    case 'shore-bombardment': {
      const hits = Number(event['hits']);
      return `${who(event['nation'])}'s ${describeCounts((event['units'] ?? {}) as Record<string, number>)} in the ${((event['from'] ?? []) as string[]).map(area).join(' and the ')} bombard${Object.values((event['units'] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0) === 1 ? 's' : ''} ${area(event['area'])}: ${hits} hit${hits === 1 ? '' : 's'}.`;
    }
    case 'bombardment-idle':
      return `${who(event['nation'])}'s ${describeCounts((event['units'] ?? {}) as Record<string, number>)} in the ${area(event['at'])} did not bombard: ${String(event['reason'])}.`;
    default:
      return undefined;
  }
}

