import { allocateLosses, type OddsDice } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { commanderOf, nationIndex } from '../base/conquest.js';
import { unitTable } from '../data/load.js';
import { type Participant } from './battle.js';
import { attackValue, defenseOf, facilitiesOf } from './values.js';
import { arrangeLossOrder, defaultLossOrder, splitHits, type StandingOrders } from './losses.js';
import { countByType, groupBy, unitOrder } from '../base/counting.js';
import type { WorldMap } from '../data/map.js';
import { type GreatWarState } from '../base/nations.js';
import { ruleNumbers } from '../data/rules.js';
import { COASTAL_DEFENCE } from '../sea/naval-invasions.js';

/**
 * The sides of a land battle as the odds calculator sees them (GW-P10-LAND-06, -13; GW-UNIT-56; D-SIM-17): each side's
 * units in the order they are lost, one hit at a time, as takeLosses takes them (shared among commanders, each by its
 * standing loss order, the coastal defence of a naval invasion first, GW-P10-INV-10), and the dice each side rolls
 * while some of its units remain: the attackers' land units with tanks easing trenches and up to 3 artillery each,
 * the defenders' defence and their facilities.
 */

export interface Fighter {
  readonly unit: BoardUnit;
  readonly role: Participant['role'];
  readonly from: string | undefined;
}

/** A side as the calculator sees it: its units in the order they are lost, how it fires, its fictive unit. */
export interface Force {
  /** The side's units that can be lost, in the order they are lost. */
  readonly losses: readonly Fighter[];
  readonly absorber: boolean;
  /** Hits are shared among commanders (D-SIM-17): the order above takes them one at a time. */
  readonly shared: boolean;
  /** The dice while `survivors` remain; `exposed`: defenders facing aircraft alone with no AA gun and no trench (GW-UNIT-56). */
  readonly fire: (survivors: readonly Fighter[], trenches: boolean, exposed: boolean) => OddsDice[];
}

export const commanderKey = (state: GreatWarState, nation: string) => commanderOf(state, nation) ?? nation;

/**
 * The order in which a side's units are lost, one hit at a time, as takeLosses takes them: shared among its
 * commanders (splitHits), each commander's by its standing loss order or cheapest first (allocateLosses). With
 * one commander the order is the same however the hits come, so it is exact.
 */
export function lossSequence(state: GreatWarState, all: readonly Fighter[], standing: Pick<StandingOrders, 'losses'>): Fighter[] {
  // The coastal defence of a naval invasion is always the first loss (GW-P10-INV-10); the others follow as below.
  const coast = all.filter((f) => f.unit.type === COASTAL_DEFENCE);
  const units = all.filter((f) => f.unit.type !== COASTAL_DEFENCE);
  if (!units.length) return coast;
  return [...coast, ...unitLossSequence(state, units, standing)];
}

export function unitLossSequence(state: GreatWarState, units: readonly Fighter[], standing: Pick<StandingOrders, 'losses'>): Fighter[] {
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

export function force(state: GreatWarState, units: readonly Fighter[], everyone: readonly Fighter[], standing: Pick<StandingOrders, 'losses'>, fire: Force['fire']): Force {
  // Like the city, the coastal defence never makes a side one of several commanders (D-NAV-23).
  const commanders = new Set(everyone.filter((f) => f.unit.type !== COASTAL_DEFENCE).map((f) => commanderKey(state, f.unit.nation))).size;
  const shared = new Set(units.filter((f) => f.unit.type !== COASTAL_DEFENCE).map((f) => commanderKey(state, f.unit.nation))).size > 1;
  return { losses: lossSequence(state, units, standing), absorber: commanders <= 1, shared, fire };
}

/** An attacking camp's dice (fireOf in land-combat.ts): its land units, tanks easing trenches, up to 3 artillery each. */
export function attackerFire(state: GreatWarState, world: WorldMap, area: string, support: readonly Fighter[]): Force['fire'] {
  // A unit's value depends only on its nation, type, border, the trenches and the tanks beside it: computed once.
  const values = new Map<string, number>();
  const keys = new Map<Fighter, string>();
  const byFighter = new Map<Fighter, Map<number, number>>();
  const value = (f: Fighter, trenches: boolean, tanks: number) => {
    let mine = byFighter.get(f);
    if (!mine) byFighter.set(f, (mine = new Map()));
    const at = tanks * 2 + (trenches ? 1 : 0);
    let v = mine.get(at);
    if (v === undefined) {
      let key = keys.get(f);
      if (key === undefined) keys.set(f, (key = `${f.unit.nation}|${f.unit.type}|${f.from ?? ''}`));
      const full = `${key}|${trenches}|${tanks}`;
      v = values.get(full);
      if (v === undefined) values.set(full, (v = attackValue(state, world, f.unit, f.from, area, trenches, tanks)));
      mine.set(at, v);
    }
    return v;
  };
  // The artillery firing in, strongest first, with and without the trenches (its value never depends on tanks).
  const artillery = [false, true].map((trenches) => support.map((f) => value(f, trenches, 0)).sort((a, b) => b - a));
  return (ground, trenches) => {
    const tanks = new Map<string, number>();
    let troops = 0;
    for (const f of ground) {
      if (f.unit.type === 'tank') tanks.set(f.from ?? '', (tanks.get(f.from ?? '') ?? 0) + 1);
      if (f.role !== 'air') troops++;
    }
    const dice: OddsDice[] = ground.map((f) => ({ value: value(f, trenches, tanks.get(f.from ?? '') ?? 0) }));
    for (const v of artillery[trenches ? 1 : 0]!.slice(0, ruleNumbers.landCombat.artilleryPerAttacker * troops)) dice.push({ value: v });
    return dice;
  };
}

/** The defenders' dice: each unit's defence (Gibraltar's three dice) but the AA guns', and the facilities at 1 while units remain. */
export function defenderFire(state: GreatWarState, world: WorldMap, area: string): Force['fire'] {
  const facilities = facilitiesOf(world, area).map((id) => ({ value: unitTable().byId.get(id as never)?.defense ?? 1 }));
  const values = new Map<string, OddsDice>();
  const value = (f: Fighter, exposed: boolean) => {
    const key = `${f.unit.nation}|${f.unit.type}|${exposed}`;
    let v = values.get(key);
    if (!v) {
      const d = defenseOf(state, f.unit, area, exposed);
      values.set(key, (v = { value: d.value, dice: d.dice }));
    }
    return v;
  };
  // AA guns roll no die at the attackers in the rounds (GW-P10-LAND-13, D-UNIT-9); they can still be lost.
  return (ground, _trenches, exposed) => [...ground.filter((f) => f.unit.type !== 'aa-gun').map((f) => value(f, exposed)), ...(ground.length ? facilities : [])];
}
