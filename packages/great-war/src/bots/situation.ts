import type { BoardUnit } from '../base/board.js';
import { allied, homeSupplyCenters, relation } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { LINK_KINDS } from '../land/land-movement.js';
import { movableLandTypes, statsOf } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import { alliedConditions, victoryData } from '../victory.js';
import { theWorld } from '../data/world.js';
import { botsData, type GeneralParams } from './bot-data.js';

/**
 * What a general sees at the start of a turn: its stacks, the enemy next to them, how hard each of its territories is
 * pressed, and how far each is from the front. Read from the board and the wars alone, which every seat sees: no
 * other nation's treasury, purchases or orders.
 */

/** What taking a territory is worth besides its value (data/bots.json). */
export type Worth = GeneralParams['worth'];
/** The worth of the default version of the general. */
const defaultWorth = (): Worth => Object.values(botsData().versions)[0]!.worth;
const defaultAims = (): GeneralParams['warAims'] => Object.values(botsData().versions)[0]!.warAims;

export interface Situation {
  readonly state: GreatWarState;
  readonly world: WorldMap;
  /** The seat's nation: its side, treasury and technology. */
  readonly nation: NationState;
  /** Whose units these are: the seat's nation, or a minor or a government in exile it commands. */
  readonly army: string;
  /** The army's movable land units not aboard a ship, by territory. */
  readonly stacks: ReadonlyMap<string, readonly BoardUnit[]>;
  /** Enemy land units (of nations at war with the army's), by territory. */
  readonly enemies: ReadonlyMap<string, readonly BoardUnit[]>;
  /** The land neighbours of a territory. */
  neighbours(id: string): readonly string[];
  /** Whether a territory is held by a nation at war with this one. */
  hostile(id: string): boolean;
  /** Whether a territory is held by this nation or an ally. */
  friendly(id: string): boolean;
  /** The enemy land units next to a territory. */
  enemiesNextTo(id: string): number;
  /** The summed attack values of the enemy land units next to a territory. */
  pressure(id: string): number;
  /** Borders from a territory to the nearest friendly territory that has an enemy-held neighbour (0 on the front). */
  readonly distanceToFront: ReadonlyMap<string, number>;
  /** What taking a territory is worth to this nation. */
  worth(id: string): number;
  /** Whether a territory is an objective of the side: a war aim (bots.json) or a territory its victory turns on. */
  objective(id: string): boolean;
  /** Borders from a territory to the nearest objective held by an enemy, over land an army may cross (absent: none reachable). */
  readonly toObjective: ReadonlyMap<string, number>;
}

/**
 * The objectives of a side: its war aims (`warAims` of bots.json: Paris, Belgium and the Channel ports for the
 * Central Powers), and for the Allies the supply centers of every nation their victory still needs beaten
 * (GW-VICTORY-03, 04, 08, 09: conquest takes them all), and homeland Germany while no territory of it is held and
 * incorporated (GW-VICTORY-05).
 */
export function objectivesOf(state: GreatWarState, world: WorldMap, side: string, aims: GeneralParams['warAims']): Set<string> {
  const out = new Set<string>(side === 'central' ? aims.central : side === 'allied' ? aims.allied : []);
  if (side === 'allied') {
    const conditions = victoryData().alliedConditions;
    for (const c of alliedConditions(state)) {
      if (!c.required || c.met) continue;
      // Germany's condition is met by one territory of its homeland, held and incorporated: those are the objectives.
      const orHomeland = conditions.find((x) => x.nation === c.nation)?.orHomelandTerritory;
      for (const t of orHomeland ? victoryData().homelandGermany : homeSupplyCenters(world, c.nation)) out.add(t);
    }
  }
  return out;
}

/**
 * What a general sees. `declared`: the nations the seat declares war on in this turn's orders, fought as enemies by
 * its own army from phase 1.1 on (D-DIP-1). `passable`: the neutral nations whose land the way to an objective may
 * cross (those the seat's plans declare war on), or 'any' for every neutral: land units never enter a neutral's
 * territory, so a way through Switzerland or Romania leads an offensive nowhere.
 */
export function situationOf(
  state: GreatWarState,
  seat: string,
  army: string = seat,
  bonus: Worth = defaultWorth(),
  aims: GeneralParams['warAims'] = defaultAims(),
  declared: ReadonlySet<string> = new Set(),
  passable: ReadonlySet<string> | 'any' = 'any',
): Situation | undefined {
  const nation = nationOf(state, seat);
  if (!nation) return undefined;
  const world = theWorld(state.scenario);
  const movable = new Set<string>(movableLandTypes());
  // War declared this turn counts for the seat's own army (its minors declare nothing).
  const fresh = army === seat ? declared : new Set<string>();
  const enemyOf = (n: string) => atWar(state, army, n) || fresh.has(n);
  const stacks = new Map<string, BoardUnit[]>();
  const enemies = new Map<string, BoardUnit[]>();
  const landTypes = new Set<string>(unitTable().list.filter((u) => u.category === 'land').map((u) => u.id));
  for (const u of state.board.units) {
    if (u.aboard !== undefined || !world.territory.has(u.at)) continue;
    if (u.nation === army && movable.has(u.type)) push(stacks, u.at, u);
    else if (landTypes.has(u.type) && enemyOf(u.nation)) push(enemies, u.at, u);
  }
  const neighbourCache = new Map<string, string[]>();
  const neighbours = (id: string) => {
    let n = neighbourCache.get(id);
    if (!n) neighbourCache.set(id, (n = world.graph.neighbours(id, LINK_KINDS).map((x) => x.id).filter((x) => world.territory.has(x))));
    return n;
  };
  const ownerOf = (id: string) => state.board.territories[id]?.owner ?? '';
  const hostile = (id: string) => relation(state, army, ownerOf(id)) === 'hostile' || fresh.has(ownerOf(id));
  const friendly = (id: string) => allied(state, army, ownerOf(id));
  // A unit's attack for its nation (its advances; a minor's is the table's), once per nation and type.
  const attacks = new Map<string, number>();
  const attackOf = (n: string, type: string) => {
    const key = `${n}|${type}`;
    let a = attacks.get(key);
    if (a === undefined) attacks.set(key, (a = statsOf(state, n, type).attack ?? 0));
    return a;
  };
  const memo = (f: (id: string) => number) => {
    const seen = new Map<string, number>();
    return (id: string) => {
      let v = seen.get(id);
      if (v === undefined) seen.set(id, (v = f(id)));
      return v;
    };
  };
  const enemiesNextTo = memo((id) => neighbours(id).reduce((sum, n) => sum + (enemies.get(n)?.length ?? 0), 0));
  const strength = memo((id) => (enemies.get(id) ?? []).reduce((s, u) => s + attackOf(u.nation, u.type), 0));
  const pressure = memo((id) => neighbours(id).reduce((sum, n) => sum + strength(n), 0));

  // Borders to the front, over friendly ground, from every friendly territory with an enemy-held or enemy-occupied neighbour.
  const distanceToFront = new Map<string, number>();
  let frontier: string[] = [];
  for (const id of Object.keys(state.board.territories)) {
    if (!friendly(id)) continue;
    if (neighbours(id).some((n) => hostile(n) || enemies.has(n))) {
      distanceToFront.set(id, 0);
      frontier.push(id);
    }
  }
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of neighbours(id)) {
        if (distanceToFront.has(n) || !friendly(n)) continue;
        distanceToFront.set(n, d);
        next.push(n);
      }
    }
    frontier = next;
  }

  const homeland = new Set(victoryData().homelandGermany);
  const objectives = objectivesOf(state, world, nation.side, aims);
  const objective = (id: string) => objectives.has(id);
  const worth = memo((id: string) => {
    const t = world.territory.get(id);
    if (!t) return 0;
    let w = t.value + (t.city ? bonus.city : 0) + (t.industrialComplex ? bonus.industrialComplex : 0) + (t.supplyCenter ? bonus.supplyCenter : 0) + (t.capital ? bonus.capital : 0);
    if (nation.side === 'allied' && homeland.has(id)) w += bonus.victoryTerritory;
    if (objectives.has(id)) w += bonus.objective;
    return w;
  });
  // Borders to the nearest objective in enemy hands, over the land an offensive could cross: its side's, its enemies'
  // and the neutrals it means to attack (`passable`).
  const crossable = (id: string) => passable === 'any' || friendly(id) || hostile(id) || enemies.has(id) || passable.has(ownerOf(id));
  const toObjective = new Map<string, number>();
  frontier = [...objectives].filter((id) => world.territory.has(id) && hostile(id));
  for (const id of frontier) toObjective.set(id, 0);
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of neighbours(id)) {
        if (toObjective.has(n) || !crossable(n)) continue;
        toObjective.set(n, d);
        next.push(n);
      }
    }
    frontier = next;
  }
  return {
    state,
    world,
    nation,
    army,
    stacks,
    enemies,
    neighbours,
    hostile,
    friendly,
    enemiesNextTo,
    pressure,
    distanceToFront,
    worth,
    objective,
    toObjective,
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
