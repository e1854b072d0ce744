import { battleOdds, battleRounds, hitDistribution, type OddsDice, type OddsSide, type OddsState } from '@umpire/engine';
import { aircraftLosses, aaGunsAgainst } from '../air/air-combat.js';
import { flightOf, landingPlaces } from '../air/aircraft.js';
import { unitStats } from '../base/units.js';
import type { BoardUnit } from '../base/board.js';
import { allied, nationIndex } from '../base/conquest.js';
import { type BattleSetup, type Participant } from './battle.js';
import { type StandingOrders } from './losses.js';
import { campOf, groupBy, isLandOrAir, statsOf } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { atWar, nationOf, type GreatWarState } from '../base/nations.js';
import { theWorld } from '../data/world.js';
import { type EventOdds } from './battle.js';
import { type Fighter, type Force, force, attackerFire, defenderFire } from './odds-sides.js';

/**
 * The odds a land battle has before it is fought (decision D-SIM-26): the battle of phase 10 as resolveBattle fights
 * it (land-combat.ts), rival camps first, then the survivors against the defenders, each engagement to the end,
 * with the exact calculator of the engine. Retreats are not modelled: these are the odds of a fight to the end.
 */

export interface LandBattleOdds {
  /** The attackers take the territory: attacking land units remain and no defender does. */
  readonly attacker: number;
  /** The holder keeps it: defenders remain (a battle that could never end is broken off with the attackers lost). */
  readonly defender: number;
  /** Nobody is left standing. */
  readonly none: number;
  /** False when a side of several commanders shares its hits: then the odds take its losses one hit at a time. */
  readonly exact: boolean;
}

/** One way a battle can end: the units left on each side, who holds the territory, and its chance. */
export interface BattleEnd {
  /** The attacking units that survive: those left in the territory and the aircraft that flew home. */
  readonly attackers: readonly BoardUnit[];
  readonly defenders: readonly BoardUnit[];
  /** attacker: attacking land units take the territory; defender: defenders hold it (or a battle nobody can win is broken off); none: no defender and no attacking land unit is left. */
  readonly winner: 'attacker' | 'defender' | 'none';
  /** Neither side could ever hit again: the battle is broken off and the attackers left in the territory are lost (D-SIM-11). */
  readonly stalemate: boolean;
  readonly probability: number;
}

/** The whole distribution of a battle's outcome: the odds, every ending with the units left, the expected rounds. */
export interface LandBattleDistribution extends LandBattleOdds {
  readonly ends: readonly BattleEnd[];
  /** The expected number of rounds of the battle with the defenders (clashes of rival camps not counted). */
  readonly expectedRounds: number;
  /** The attacking units in the battle at the start (before AA fire), and the defenders (before a shore bombardment). */
  readonly attackers: readonly BoardUnit[];
  readonly defenders: readonly BoardUnit[];
}

/** What happens before the first round, for a battle that has not been fought yet (the odds calculator). */
export interface BattlePrelude {
  /** The defenders' AA guns fire once at the attacking aircraft first (GW-UNIT-06..09, GW-P10-LAND-12/13). */
  readonly aaFire?: boolean;
  /** The dice of a shore bombardment: their hits fall on the defenders before the first round, the coastal defence first (GW-UNIT-12..14). */
  readonly bombardment?: readonly OddsDice[];
  /**
   * Whether the endings name the aircraft that flew home with the units left (true unless told). Without them the
   * battle goes on from one distribution when aircraft leave, instead of one for each group that flew home alike:
   * the odds and the units left in the territory are the same, only the attackers' survivors lack the aircraft.
   */
  readonly aircraftHome?: boolean;
}

/**
 * The rounds an attacking aircraft fights before it must fly home (GW-UNIT-50, GW-UNIT-52, GW-P10-LAND-20/21): as
 * engage disengages it, while it has a fuel point for a round and can still land somewhere friendly after it.
 */
export function roundsInTheAir(state: GreatWarState, world: WorldMap, unit: BoardUnit, area: string): number {
  const flight = flightOf(state, unit.id);
  if (!flight) return 0;
  let rounds = 0;
  for (let fuel = flight.fuel; fuel >= 1 && landingPlaces(state, world, unit.nation, unit.type, area, fuel - 1).length > 0; fuel--) rounds++;
  return rounds;
}

interface AssaultPlace {
  readonly state: GreatWarState;
  readonly area: string;
  readonly holder: string;
  readonly support: readonly Fighter[];
}

/**
 * The assault of `alive` units of `att` (the last of its loss order) on the defence, to the end, exactly. Aircraft
 * fight the rounds their fuel allows (`air`: rounds by unit id) and then fly home: the battle is followed round by
 * round (battleRounds) until the last of them leaves, each group of survivors that left alike followed on its own,
 * then to the end with the land units (battleOdds). Without `air`, aircraft fight every round (the approximation
 * kept for rival camps). Defenders facing aircraft alone, with no AA gun and no trench, defend at -3 (GW-UNIT-56/57).
 */
function assault(place: AssaultPlace, att: Force, alive: number, def: Force, air: ReadonlyMap<string, number> | undefined, start: readonly OddsState[], aircraftHome = true): { ends: BattleEnd[]; rounds: number } {
  const { state, area, holder } = place;
  const ends: BattleEnd[] = [];
  let rounds = 0;
  const defUnits = def.losses;
  const nD = defUnits.length;
  // Defenders face aircraft alone when no attacking land unit and no artillery firing in is left, and no AA gun of
  // theirs (one lost in the battle no longer counts) and no trench of theirs is in the territory (GW-UNIT-56/57).
  const inBattle = new Set(defUnits.map((f) => f.unit.id));
  const shelter = place.support.length > 0 || state.board.trenches.some((t) => t.territory === area && allied(state, t.nation, holder)) || state.board.units.some((u) => u.at === area && u.type === 'aa-gun' && allied(state, u.nation, holder) && !inBattle.has(u.id));
  const gunsFrom = new Array<number>(nD + 1).fill(0);
  for (let j = nD - 1; j >= 0; j--) gunsFrom[j] = gunsFrom[j + 1]! + (defUnits[j]!.unit.type === 'aa-gun' ? 1 : 0);
  const isTroop = (f: Fighter) => f.role !== 'air';
  // Endings that leave the same units are merged (by the identity of the lists they come from, and the counts).
  const ids = new Map<readonly Fighter[], number>();
  const idOf = (list: readonly Fighter[]) => ids.get(list) ?? (ids.set(list, ids.size), ids.size - 1);
  const merged = new Map<string, { seq: readonly Fighter[]; left: number; home: readonly Fighter[]; j: number; stalemate: boolean; p: number }>();
  const end = (seq: readonly Fighter[], left: number, home: readonly Fighter[], j: number, stalemate: boolean, p: number) => {
    if (p === 0) return;
    const kept = stalemate ? 0 : left;
    const key = `${idOf(seq)}|${kept}|${idOf(home)}|${j}|${stalemate}`;
    const seen = merged.get(key);
    if (seen) seen.p += p;
    else merged.set(key, { seq, left: kept, home, j, stalemate, p });
  };
  type Branch = { seq: Fighter[]; home: Fighter[]; start: OddsState[]; t: number };
  let branches: Branch[] = [{ seq: att.losses.slice(att.losses.length - alive), home: [], start: [...start], t: 0 }];
  while (branches.length) {
    const next: Branch[] = [];
    for (const b of branches) {
      const flying = air ? b.seq.filter((f) => f.role === 'air') : [];
      const attSide = sideOf(att, b.seq, true);
      if (!flying.length) {
        const o = battleOdds(attSide, sideOf(def, defUnits, true), { start: b.start });
        rounds += o.expectedRounds;
        for (const e of o.endings) end(b.seq, e.attacker, b.home, nD - e.defender, e.stalemate, e.probability);
        continue;
      }
      const leaveAt = Math.min(...flying.map((f) => air!.get(f.unit.id) ?? 0));
      const defFire = def.fire;
      // Only defenders exposed to aircraft alone fire by what is left of the attackers (GW-UNIT-56).
      const defSide: OddsSide = shelter
        ? sideOf(def, defUnits, true)
        : { size: nD, absorber: def.absorber, fire: () => [], fireAgainst: (aliveD, aliveA) => defFire(defUnits.slice(nD - aliveD), true, gunsFrom[nD - aliveD] === 0 && !b.seq.slice(b.seq.length - aliveA).some(isTroop)) };
      const r = leaveAt > b.t ? battleRounds(attSide, defSide, leaveAt - b.t, { start: b.start }) : { living: b.start, ended: [], expectedRounds: 0 };
      rounds += r.expectedRounds;
      for (const e of r.ended) end(b.seq, b.seq.length - e.attackerLosses, b.home, e.defenderLosses, false, e.probability);
      // The aircraft whose fuel is spent leave: those alive go home; the others fight on from the same state.
      const leaving = new Set(flying.filter((f) => (air!.get(f.unit.id) ?? 0) <= leaveAt).map((f) => f.unit.id));
      const seq = b.seq.filter((f) => !leaving.has(f.unit.id));
      // Which of them are alive depends only on the attacker's losses: count them once for each number of losses.
      const homeFrom = new Array<number>(b.seq.length + 1).fill(0);
      for (let i = b.seq.length - 1; i >= 0; i--) homeFrom[i] = homeFrom[i + 1]! + (leaving.has(b.seq[i]!.unit.id) ? 1 : 0);
      const groups = new Map<number, Branch>();
      for (const st of r.living) {
        const homeCount = aircraftHome ? homeFrom[st.attackerLosses]! : 0;
        const stay = b.seq.length - st.attackerLosses - homeFrom[st.attackerLosses]!;
        let g = groups.get(homeCount);
        if (!g) {
          const home = aircraftHome ? [...b.home, ...b.seq.slice(st.attackerLosses).filter((f) => leaving.has(f.unit.id))] : [];
          groups.set(homeCount, (g = { seq, home, start: [], t: leaveAt }));
        }
        if (stay === 0) end(seq, 0, g.home, st.defenderLosses, false, st.probability);
        else g.start.push({ ...st, attackerLosses: seq.length - stay });
      }
      for (const [k, g] of groups) if (!g.start.length) groups.delete(k);
      next.push(...groups.values());
    }
    branches = next;
  }
  for (const m of merged.values()) {
    const left = m.seq.slice(m.seq.length - m.left);
    const defenders = defUnits.slice(m.j);
    const winner = defenders.length ? 'defender' : left.some(isTroop) ? 'attacker' : 'none';
    ends.push({ attackers: [...left, ...m.home].map((f) => f.unit), defenders: defenders.map((f) => f.unit), winner, stalemate: m.stalemate, probability: m.p });
  }
  return { ends, rounds };
}

/** The calculator's side for a force whose units are `seq` (the last lost last). */
function sideOf(f: Force, seq: readonly Fighter[], trenches: boolean): OddsSide {
  const cache = new Map<number, OddsDice[]>();
  return {
    size: seq.length,
    absorber: f.absorber,
    fire: (n) => {
      let dice = cache.get(n);
      if (!dice) cache.set(n, (dice = f.fire(seq.slice(seq.length - n), trenches, false)));
      return dice;
    },
  };
}

/**
 * The whole distribution of the battle of `setup` before it is fought, with the standing loss orders of the turn:
 * the battle of phase 10 as resolveBattle fights it. Exact (but for the 100-round limit, whose chance is negligible)
 * when no side shares its hits among commanders and no attacking aircraft fight in a clash of rival camps.
 */
export function landBattleDistribution(state: GreatWarState, setup: BattleSetup, standing: Pick<StandingOrders, 'losses'>, prelude: BattlePrelude = {}): LandBattleDistribution {
  return distribution(state, setup, standing, prelude, new Map());
}

/** landBattleDistribution, with the rounds each aircraft can fight worked out once for all the outcomes of AA fire. */
function distribution(state: GreatWarState, setup: BattleSetup, standing: Pick<StandingOrders, 'losses'>, prelude: BattlePrelude, airRounds: Map<string, number>): LandBattleDistribution {
  const world = theWorld(state.scenario);
  const { area } = setup;
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const live = setup.participants
    .filter((p) => byId.has(p.unit))
    .map((p) => ({ unit: byId.get(p.unit)!, role: p.role, from: p.from }))
    .filter((f) => f.unit.at === (f.role === 'support' ? f.from : area));
  const defenders = live.filter((f) => f.role === 'defender');
  const support = live.filter((f) => f.role === 'support');
  const attacking = live.filter((f) => f.role === 'ground' || f.role === 'air');
  const aircraft = attacking.filter((f) => f.role === 'air');
  const defence = force(state, defenders, defenders, standing, defenderFire(state, world, area));
  const groundCamps = [...groupBy(attacking, (f) => campOf(state, f.unit.nation))];
  const rivalsInTheAir = groundCamps.length > 1 && aircraft.length > 0;
  // Improved AA guns fire at attacking aircraft in every round (GW-TECH-24): left out here, and the odds approximate (D-UNIT-9).
  const flak = aircraft.length > 0 && defenders.some((f) => f.unit.type === 'aa-gun' && nationOf(state, f.unit.nation) !== undefined && unitStats(state, f.unit.nation, 'aa-gun').abilities.includes('fires-every-round'));

  const result = (ends: BattleEnd[], rounds: number, exact: boolean): LandBattleDistribution => {
    let attacker = 0;
    let defender = 0;
    let none = 0;
    for (const e of ends) {
      if (e.winner === 'attacker') attacker += e.probability;
      else if (e.winner === 'defender') defender += e.probability;
      else none += e.probability;
    }
    return { attacker, defender, none, exact, ends, expectedRounds: rounds, attackers: attacking.map((f) => f.unit), defenders: defenders.map((f) => f.unit) };
  };

  // AA fire first (GW-UNIT-08, GW-UNIT-09): each number of aircraft downed is a battle of its own, with those lost.
  if (prelude.aaFire && aircraft.length) {
    const guns = aaGunsAgainst(state, area, aircraft[0]!.unit.nation);
    if (guns.length) {
      const dice = guns.map((g) => ({ value: statsOf(state, g.nation, 'aa-gun').defense ?? 0 }));
      const hits = hitDistribution(dice, { cap: aircraft.length });
      const ends: BattleEnd[] = [];
      let rounds = 0;
      let exact = true;
      hits.forEach((p, h) => {
        if (p === 0) return;
        const downed = new Set(aircraftLosses(state, { losses: standing.losses, retreats: new Map() }, aircraft.map((f) => f.unit), h).map((u) => u.id));
        const rest = distribution(state, { ...setup, participants: setup.participants.filter((x) => !downed.has(x.unit)) }, standing, { ...prelude, aaFire: false }, airRounds);
        exact &&= rest.exact;
        rounds += p * rest.expectedRounds;
        for (const e of rest.ends) ends.push({ ...e, probability: p * e.probability });
      });
      return result(ends, rounds, exact);
    }
  }

  // Attacking aircraft fight the rounds their fuel allows (D-AIR-9); in a clash of rival camps, every round (approximate).
  for (const f of aircraft) if (!airRounds.has(f.unit.id)) airRounds.set(f.unit.id, roundsInTheAir(state, world, f.unit, area));
  const air = rivalsInTheAir ? undefined : airRounds;
  const camps = groundCamps
    .map(([key, ground]) => ({ ground, first: Math.min(...ground.map((f) => nationIndex(state, f.unit.nation))), support: support.filter((f) => campOf(state, f.unit.nation) === key) }))
    .sort((x, y) => x.first - y.first)
    .map((c) => ({ support: c.support, force: force(state, c.ground, [...c.ground, ...c.support], standing, attackerFire(state, world, area, c.support)) }));
  const exact = !defence.shared && camps.every((c) => !c.force.shared) && !rivalsInTheAir && !flak;

  // Shore bombardment (GW-UNIT-14): its hits are the defenders' first losses, the coastal defence first (no fictive unit takes them).
  let start: OddsState[] = [{ attackerLosses: 0, defenderLosses: 0, attackerAbsorber: true, defenderAbsorber: true, probability: 1 }];
  if (prelude.bombardment?.length && defenders.length) {
    start = hitDistribution(prelude.bombardment, { cap: defence.losses.length })
      .map((p, h) => ({ attackerLosses: 0, defenderLosses: h, attackerAbsorber: true, defenderAbsorber: true, probability: p }))
      .filter((st) => st.probability > 0);
  }

  // Rival camps fight first, in seat order; the survivor of each clash meets the next (no trenches in a clash).
  let champions = new Map<string, { camp: number; alive: number; p: number }>();
  const add = (camp: number, alive: number, p: number) => {
    if (p === 0) return;
    const key = `${camp}|${alive}`;
    champions.set(key, { camp, alive, p: (champions.get(key)?.p ?? 0) + p });
  };
  if (camps.length) add(0, camps[0]!.force.losses.length, 1);
  for (let next = 1; next < camps.length; next++) {
    const before = [...champions.values()];
    champions = new Map();
    for (const c of before) {
      if (c.alive === 0) {
        add(next, camps[next]!.force.losses.length, c.p);
        continue;
      }
      const champion = camps[c.camp]!.force;
      const clash = battleOdds(sideOf(champion, champion.losses.slice(champion.losses.length - c.alive), false), sideOf(camps[next]!.force, camps[next]!.force.losses, false));
      for (const e of clash.endings) {
        // A clash that could never end is broken off with both camps' attackers lost.
        if (e.stalemate) add(next, 0, c.p * e.probability);
        else if (e.attacker > 0) add(c.camp, e.attacker, c.p * e.probability);
        else add(next, e.defender, c.p * e.probability);
      }
    }
  }

  const ends: BattleEnd[] = [];
  let rounds = 0;
  const allDefenders = defenders.map((f) => f.unit);
  if (!camps.length) ends.push({ attackers: [], defenders: allDefenders, winner: defenders.length ? 'defender' : 'none', stalemate: false, probability: 1 });
  for (const c of champions.values()) {
    const camp = camps[c.camp]!;
    const left = camp.force.losses.slice(camp.force.losses.length - c.alive);
    if (c.alive === 0 || !defenders.length) {
      const winner = defenders.length ? 'defender' : left.some((f) => f.role !== 'air') ? 'attacker' : 'none';
      ends.push({ attackers: left.map((f) => f.unit), defenders: allDefenders, winner, stalemate: false, probability: c.p });
      continue;
    }
    const o = assault({ state, area, holder: setup.holder, support: camp.support }, camp.force, c.alive, defence, air, start, prelude.aircraftHome ?? true);
    rounds += c.p * o.rounds;
    for (const e of o.ends) ends.push({ ...e, probability: c.p * e.probability });
  }
  return result(ends, rounds, exact);
}

/**
 * The odds of the battle of `setup` before it is fought, with the standing loss orders of the turn: the totals of
 * landBattleDistribution. Exact when no side shares its hits among commanders (see there).
 */
export function landBattleOdds(state: GreatWarState, setup: BattleSetup, standing: Pick<StandingOrders, 'losses'>): LandBattleOdds {
  const { attacker, defender, none, exact } = landBattleDistribution(state, setup, standing, { aircraftHome: false });
  return { attacker, defender, none, exact };
}

/**
 * A chance as an event carries it: to 4 decimals (only +, -, *, / and rounding: the same everywhere), except that a
 * chance that is not nil never reads 0, nor one short of certain 1: a remote chance keeps 2 significant digits, and a
 * near certainty reads 0.9999, so that no report calls possible what cannot happen, or the reverse.
 */
export function chanceForEvent(p: number): number {
  const x = Math.round(p * 10000) / 10000;
  if (x === 0 && p > 0) return Number(p.toPrecision(2));
  if (x === 1 && p < 1) return 0.9999;
  return x;
}

/** The odds as a 'battle' event carries them. */
export function oddsForEvent(odds: LandBattleOdds): EventOdds {
  const r = chanceForEvent;
  return { attacker: r(odds.attacker), defender: r(odds.defender), none: r(odds.none), exact: odds.exact };
}

/** 'odds beforehand: attackers 63%, defenders 35%, neither 2%' for a report; '' for an event without odds. */
export function describeOdds(odds: unknown): string {
  if (!odds || typeof odds !== 'object') return '';
  const o = odds as Partial<LandBattleOdds>;
  const pct = (p: number | undefined) => {
    const x = p ?? 0;
    const whole = Math.round(x * 100);
    return whole === 0 && x > 0 ? 'under 1%' : whole === 100 && x < 1 ? 'over 99%' : `${whole}%`;
  };
  return `odds beforehand${o.exact === false ? ' (approximate)' : ''}: attackers ${pct(o.attacker)}, defenders ${pct(o.defender)}, neither ${pct(o.none)}`;
}

/** One part of a planned attack: units of one type from one territory. */
export interface AttackPart {
  readonly from: string;
  readonly type: string;
  readonly count: number;
}

/**
 * The odds of an attack on `to` by the parts given, nobody else joining, as phase 8 leaves it: the moving units stand in
 * `to`, artillery fires in from where it stands (GW-P10-LAND-06), against every unit of the holder's side there, with
 * no standing loss orders.
 */
export function attackOdds(state: GreatWarState, nation: string, parts: readonly AttackPart[], to: string): LandBattleOdds {
  const holder = state.board.territories[to]!.owner;
  const taken = new Set<string>();
  const participants: Participant[] = [];
  const moving = new Set<string>();
  for (const p of parts) {
    const units = state.board.units.filter((u) => u.at === p.from && u.nation === nation && u.type === p.type && u.aboard === undefined && !taken.has(u.id)).slice(0, p.count);
    for (const u of units) {
      taken.add(u.id);
      if (u.type === 'artillery') participants.push({ unit: u.id, role: 'support', from: p.from });
      else {
        participants.push({ unit: u.id, role: 'ground', from: p.from });
        moving.add(u.id);
      }
    }
  }
  for (const u of state.board.units) if (u.at === to && u.aboard === undefined && isLandOrAir(u.type) && allied(state, u.nation, holder)) participants.push({ unit: u.id, role: 'defender' });
  const after: GreatWarState = { ...state, board: { ...state.board, units: state.board.units.map((u) => (moving.has(u.id) ? { ...u, at: to } : u)) } };
  return landBattleOdds(after, { area: to, holder, participants }, { losses: new Map() });
}

/**
 * The odds of an attack a player plans, before ordering it (the web client shows them beside a move): the units a
 * move takes from `from` attack the holder's side in `to` (attackOdds). Undefined when the move is no attack (the
 * holder is not at war with `nation`) or takes no units.
 */
export function plannedAttackOdds(state: GreatWarState, nation: string, move: { readonly from: string; readonly to: string; readonly units: Readonly<Record<string, number>> }): LandBattleOdds | undefined {
  const holder = state.board.territories[move.to]?.owner;
  if (!holder || !atWar(state, nation, holder)) return undefined;
  if (!state.board.units.some((u) => u.at === move.from && u.nation === nation && u.aboard === undefined && (move.units[u.type] ?? 0) > 0)) return undefined;
  return attackOdds(state, nation, Object.entries(move.units).map(([type, count]) => ({ from: move.from, type, count })), move.to);
}
