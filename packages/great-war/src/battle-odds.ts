import { allocateLosses, battleOdds, type OddsDice, type OddsSide } from '@umpire/engine';
import type { BoardUnit } from './board.js';
import { allied, commanderOf, nationIndex } from './conquest.js';
import { unitTable } from './data.js';
import { arrangeLossOrder, attackValue, defaultLossOrder, defenseOf, facilitiesOf, splitHits, type BattleSetup, type Participant, type StandingOrders } from './land-combat.js';
import { campOf, countByType, groupBy, unitOrder } from './land-movement.js';
import type { WorldMap } from './map.js';
import { atWar, type GreatWarState } from './nations.js';
import { ruleNumbers } from './rules-data.js';
import { theWorld } from './world.js';
import { COASTAL_DEFENCE } from './naval-invasions.js';

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

interface Fighter {
  readonly unit: BoardUnit;
  readonly role: Participant['role'];
  readonly from: string | undefined;
}

/** A side as the calculator sees it: its units in the order they are lost, how it fires, its fictive unit. */
interface Force {
  /** The side's units that can be lost, in the order they are lost. */
  readonly losses: readonly Fighter[];
  readonly absorber: boolean;
  /** Hits are shared among commanders (D-SIM-17): the order above takes them one at a time. */
  readonly shared: boolean;
  readonly fire: (survivors: readonly Fighter[], trenches: boolean) => OddsDice[];
}

const commanderKey = (state: GreatWarState, nation: string) => commanderOf(state, nation) ?? nation;

/**
 * The order in which a side's units are lost, one hit at a time, as takeLosses takes them: shared among its
 * commanders (splitHits), each commander's by its standing loss order or cheapest first (allocateLosses). With
 * one commander the order is the same however the hits come, so it is exact.
 */
function lossSequence(state: GreatWarState, all: readonly Fighter[], standing: Pick<StandingOrders, 'losses'>): Fighter[] {
  // The coastal defence of a naval invasion is always the first loss (GW-P10-INV-10); the others follow as below.
  const coast = all.filter((f) => f.unit.type === COASTAL_DEFENCE);
  const units = all.filter((f) => f.unit.type !== COASTAL_DEFENCE);
  if (!units.length) return coast;
  return [...coast, ...unitLossSequence(state, units, standing)];
}

function unitLossSequence(state: GreatWarState, units: readonly Fighter[], standing: Pick<StandingOrders, 'losses'>): Fighter[] {
  const left = [...units];
  const out: Fighter[] = [];
  if (new Set(units.map((f) => commanderKey(state, f.unit.nation))).size === 1) {
    // One commander: its order does not change as units go, so one allocation of every hit gives the sequence.
    const mine = units.map((f) => f.unit).sort(unitOrder);
    const types = Object.keys(countByType(mine));
    const fallback = defaultLossOrder(state, mine[0]!.nation, types);
    const seat = commanderOf(state, mine[0]!.nation);
    const given = seat && types.length > 1 ? standing.losses.get(seat) : undefined;
    const order = given ? arrangeLossOrder(given, fallback) : fallback;
    const destroyed = allocateLosses(
      mine.map((u) => ({ id: u.id, type: u.type, hitPoints: 1, damage: 0 })),
      mine.length,
      order,
    ).destroyed;
    return destroyed.map((id) => units.find((f) => f.unit.id === id)!);
  }
  while (left.length) {
    const byCommander = [...groupBy(left, (f) => commanderKey(state, f.unit.nation))].sort((a, b) => nationIndex(state, a[0]) - nationIndex(state, b[0]));
    const shares = splitHits(
      1,
      byCommander.map(([key, list]) => ({ key, units: list.length })),
    );
    const [, list] = byCommander.find(([key]) => (shares.get(key) ?? 0) > 0)!;
    const mine = list.map((f) => f.unit).sort(unitOrder);
    const types = Object.keys(countByType(mine));
    const fallback = defaultLossOrder(state, mine[0]!.nation, types);
    const seat = commanderOf(state, mine[0]!.nation);
    const given = seat && types.length > 1 && mine.length > 1 ? standing.losses.get(seat) : undefined;
    const order = given ? arrangeLossOrder(given, fallback) : fallback;
    const lost = allocateLosses(
      mine.map((u) => ({ id: u.id, type: u.type, hitPoints: 1, damage: 0 })),
      1,
      order,
    ).destroyed[0]!;
    const at = left.findIndex((f) => f.unit.id === lost);
    out.push(left[at]!);
    left.splice(at, 1);
  }
  return out;
}

function force(state: GreatWarState, units: readonly Fighter[], everyone: readonly Fighter[], standing: Pick<StandingOrders, 'losses'>, fire: Force['fire']): Force {
  // Like the city, the coastal defence never makes a side one of several commanders (D-NAV-23).
  const commanders = new Set(everyone.filter((f) => f.unit.type !== COASTAL_DEFENCE).map((f) => commanderKey(state, f.unit.nation))).size;
  const shared = new Set(units.filter((f) => f.unit.type !== COASTAL_DEFENCE).map((f) => commanderKey(state, f.unit.nation))).size > 1;
  return { losses: lossSequence(state, units, standing), absorber: commanders <= 1, shared, fire };
}

/** The calculator's side for a force with `alive` of its units left (the last ones of its loss order). */
function oddsSide(f: Force, alive: number, trenches: boolean): OddsSide {
  const cache = new Map<number, OddsDice[]>();
  return {
    size: alive,
    absorber: f.absorber,
    fire: (n) => {
      let dice = cache.get(n);
      if (!dice) cache.set(n, (dice = f.fire(f.losses.slice(f.losses.length - n), trenches)));
      return dice;
    },
  };
}

/** An attacking camp's dice (fireOf in land-combat.ts): its land units, tanks easing trenches, up to 3 artillery each. */
function attackerFire(state: GreatWarState, world: WorldMap, area: string, support: readonly Fighter[]): Force['fire'] {
  // A unit's value depends only on its nation, type, border, the trenches and the tanks beside it: computed once.
  const values = new Map<string, number>();
  const value = (f: Fighter, trenches: boolean, tanks: number) => {
    const key = `${f.unit.nation}|${f.unit.type}|${f.from ?? ''}|${trenches}|${tanks}`;
    let v = values.get(key);
    if (v === undefined) values.set(key, (v = attackValue(state, world, f.unit, f.from, area, trenches, tanks)));
    return v;
  };
  return (ground, trenches) => {
    const tanks = new Map<string, number>();
    for (const f of ground) if (f.unit.type === 'tank') tanks.set(f.from ?? '', (tanks.get(f.from ?? '') ?? 0) + 1);
    const dice: OddsDice[] = ground.map((f) => ({ value: value(f, trenches, tanks.get(f.from ?? '') ?? 0) }));
    const artillery = support.map((f) => value(f, trenches, 0)).sort((a, b) => b - a);
    for (const v of artillery.slice(0, ruleNumbers.landCombat.artilleryPerAttacker * ground.filter((f) => f.role !== 'air').length)) dice.push({ value: v });
    return dice;
  };
}

/** The defenders' dice: each unit's defence (Gibraltar's three dice), and the facilities at 1 while units remain. */
function defenderFire(state: GreatWarState, world: WorldMap, area: string): Force['fire'] {
  const facilities = facilitiesOf(world, area).map((id) => ({ value: unitTable().byId.get(id as never)?.defense ?? 1 }));
  const values = new Map<string, OddsDice>();
  const value = (f: Fighter) => {
    const key = `${f.unit.nation}|${f.unit.type}`;
    let v = values.get(key);
    if (!v) {
      const d = defenseOf(state, f.unit, area);
      values.set(key, (v = { value: d.value, dice: d.dice }));
    }
    return v;
  };
  return (ground) => [...ground.map(value), ...(ground.length ? facilities : [])];
}

/**
 * The odds of the battle of `setup` before it is fought, with the standing loss orders of the turn. Exact (but
 * for the 100-round limit, whose chance is negligible) when no side shares its hits among commanders.
 */
export function landBattleOdds(state: GreatWarState, setup: BattleSetup, standing: Pick<StandingOrders, 'losses'>): LandBattleOdds {
  const world = theWorld(state.scenario);
  const { area } = setup;
  const byId = new Map(state.board.units.map((u) => [u.id, u]));
  const live = setup.participants
    .filter((p) => byId.has(p.unit))
    .map((p) => ({ unit: byId.get(p.unit)!, role: p.role, from: p.from }))
    .filter((f) => f.unit.at === (f.role === 'support' ? f.from : area));
  const defenders = live.filter((f) => f.role === 'defender');
  const support = live.filter((f) => f.role === 'support');
  // Attacking aircraft fight with the land units here, in every round: their fuel, which sends them home after a
  // round or a few, is not modelled, and the odds are then marked approximate (D-SIM-26).
  const camps = [...groupBy(live.filter((f) => f.role === 'ground' || f.role === 'air'), (f) => campOf(state, f.unit.nation))]
    .map(([key, ground]) => ({ ground, first: Math.min(...ground.map((f) => nationIndex(state, f.unit.nation))), support: support.filter((f) => campOf(state, f.unit.nation) === key) }))
    .sort((x, y) => x.first - y.first)
    .map((c) => force(state, c.ground, [...c.ground, ...c.support], standing, attackerFire(state, world, area, c.support)));
  const defence = force(state, defenders, defenders, standing, defenderFire(state, world, area));
  const exact = !defence.shared && camps.every((c) => !c.shared) && !live.some((f) => f.role === 'air');

  // Rival camps fight first, in seat order; the survivor of each clash meets the next (no trenches in a clash).
  let champions = new Map<string, { camp: number; alive: number; p: number }>();
  const add = (camp: number, alive: number, p: number) => {
    if (p === 0) return;
    const key = `${camp}|${alive}`;
    champions.set(key, { camp, alive, p: (champions.get(key)?.p ?? 0) + p });
  };
  if (camps.length) add(0, camps[0]!.losses.length, 1);
  for (let next = 1; next < camps.length; next++) {
    const before = [...champions.values()];
    champions = new Map();
    for (const c of before) {
      if (c.alive === 0) {
        add(next, camps[next]!.losses.length, c.p);
        continue;
      }
      const clash = battleOdds(oddsSide(camps[c.camp]!, c.alive, false), oddsSide(camps[next]!, camps[next]!.losses.length, false));
      for (const e of clash.endings) {
        // A clash that could never end is broken off with both camps' attackers lost.
        if (e.stalemate) add(next, 0, c.p * e.probability);
        else if (e.attacker > 0) add(c.camp, e.attacker, c.p * e.probability);
        else add(next, e.defender, c.p * e.probability);
      }
    }
  }

  let attacker = 0;
  let defender = camps.length ? 0 : defenders.length ? 1 : 0;
  let none = camps.length || defenders.length ? 0 : 1;
  for (const c of champions.values()) {
    if (c.alive === 0) {
      if (defenders.length) defender += c.p;
      else none += c.p;
    } else if (!defenders.length) attacker += c.p;
    else {
      const o = battleOdds(oddsSide(camps[c.camp]!, c.alive, true), oddsSide(defence, defence.losses.length, true));
      attacker += c.p * o.attackerWins;
      defender += c.p * (o.defenderHolds + o.stalemate);
      none += c.p * o.bothEliminated;
    }
  }
  return { attacker, defender, none, exact };
}

/** The odds as a 'battle' event carries them (plain data). */
export type EventOdds = { attacker: number; defender: number; none: number; exact: boolean };

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

/**
 * The odds of an attack a player plans, before ordering it (the web client shows them beside a move): the units a
 * move takes from `from` attack the units of the holder's side in `to`, nobody else joining, with no standing loss
 * orders. Undefined when the move is no attack (the holder is not at war with `nation`) or takes no units.
 */
export function plannedAttackOdds(state: GreatWarState, nation: string, move: { readonly from: string; readonly to: string; readonly units: Readonly<Record<string, number>> }): LandBattleOdds | undefined {
  const holder = state.board.territories[move.to]?.owner;
  if (!holder || !atWar(state, nation, holder)) return undefined;
  const participants: Participant[] = [];
  for (const [type, count] of Object.entries(move.units)) {
    const units = state.board.units.filter((u) => u.at === move.from && u.nation === nation && u.type === type && u.aboard === undefined).slice(0, count);
    participants.push(...units.map((u) => ({ unit: u.id, role: 'ground' as const, from: move.from })));
  }
  if (participants.length === 0) return undefined;
  for (const u of state.board.units) if (u.at === move.to && u.aboard === undefined && allied(state, u.nation, holder)) participants.push({ unit: u.id, role: 'defender' });
  // The battle is fought after the move: the attackers stand in the territory (a copy of the board says so).
  const moving = new Set(participants.filter((p) => p.role === 'ground').map((p) => p.unit));
  const after: GreatWarState = { ...state, board: { ...state.board, units: state.board.units.map((u) => (moving.has(u.id) ? { ...u, at: move.to } : u)) } };
  return landBattleOdds(after, { area: move.to, holder, participants }, { losses: new Map() });
}
