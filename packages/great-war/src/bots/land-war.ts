import { compareCodeUnits } from '@umpire/engine';
import type { BoardUnit } from '../base/board.js';
import { allied } from '../base/conquest.js';
import { attackOdds, type AttackPart } from '../combat/battle-odds.js';
import { type MoveOrder } from '../land/land-movement.js';
import { isLandOrAir } from '../base/counting.js';
import type { Draft } from '../orders/language.js';
import type { StrategicOrder } from '../land/strategic-movement.js';
import type { GeneralParams } from './bot-data.js';
import type { Situation } from './situation.js';
import { advancing, flyWith, frontOrder, holdersIn, oddsNeeded, ruleGarrison } from './offensive.js';
import { ferryPorts, toPort } from './sealift.js';

/**
 * The general's land war (phase 8 moves and phase 11 strategic movement): keep garrisons where the enemy presses,
 * attack where the exact odds of phase 10 (landBattleOdds) say the attack pays, reinforce the front, and bring the
 * reserves forward. Every order goes through the draft, which refuses what the rules refuse.
 */

/** Units of each type still free to move in each territory (a unit takes one order a turn). */
export class Reserves {
  private readonly free = new Map<string, Map<string, number>>();
  constructor(stacks: ReadonlyMap<string, readonly BoardUnit[]>) {
    for (const [at, units] of stacks) {
      const byType = new Map<string, number>();
      for (const u of units) byType.set(u.type, (byType.get(u.type) ?? 0) + 1);
      this.free.set(at, byType);
    }
  }
  count(at: string, type?: string): number {
    const byType = this.free.get(at);
    if (!byType) return 0;
    if (type) return byType.get(type) ?? 0;
    let n = 0;
    for (const c of byType.values()) n += c;
    return n;
  }
  types(at: string): string[] {
    return [...(this.free.get(at) ?? new Map<string, number>())].filter(([, c]) => c > 0).map(([t]) => t).sort();
  }
  take(at: string, type: string, count: number): void {
    const byType = this.free.get(at);
    if (byType) byType.set(type, Math.max(0, (byType.get(type) ?? 0) - count));
  }
  places(): string[] {
    return [...this.free.keys()].filter((at) => this.count(at) > 0).sort();
  }
}

/**
 * Units a territory keeps at home: a share of the enemy next door (a smaller one of the enemy across a trench of its
 * side), and more in the capital; at least what the rules ask (ruleGarrison).
 */
export function garrisonOf(s: Situation, params: GeneralParams, at: string): number {
  const enemy = s.enemiesNextTo(at);
  // The enemy across a trench of the army's side facing them counts for less (garrisonPerEnemyTrench): the trench holds.
  const dug = new Set(s.state.board.trenches.filter((t) => t.territory === at && allied(s.state, t.nation, s.army)).map((t) => t.facing));
  const across = dug.size ? s.neighbours(at).reduce((n, x) => n + (dug.has(x) ? (s.enemies.get(x)?.length ?? 0) : 0), 0) : 0;
  const capital = s.world.territory.get(at)?.capital && s.state.board.territories[at]?.owner === s.army;
  const atCapital = capital && enemy > 0 ? params.capitalGarrison : capital ? params.peaceCapitalGarrison : 0;
  const kept = Math.ceil((enemy - across) * params.garrisonPerEnemy + across * params.garrisonPerEnemyTrench) + atCapital;
  return Math.max(kept, ruleGarrison(s, params, at));
}

/** Units free to leave a territory: all but its garrison, the garrison kept in infantry first; artillery always (it fires from home). */
export function spare(s: Situation, params: GeneralParams, reserves: Reserves, at: string): AttackPart[] {
  let keep = garrisonOf(s, params, at);
  const out: AttackPart[] = [];
  const order = ['infantry', ...reserves.types(at).filter((t) => t !== 'infantry' && t !== 'artillery')];
  for (const type of order) {
    const n = reserves.count(at, type);
    const kept = Math.min(n, keep);
    keep -= kept;
    if (n - kept > 0) out.push({ from: at, type, count: n - kept });
  }
  const guns = reserves.count(at, 'artillery');
  if (guns > 0) out.push({ from: at, type: 'artillery', count: guns });
  return out;
}

/** The `nation` field of an order for units that are not the seat's own. */
const whose = (s: Situation): { nation?: string } => (s.army === s.nation.id ? {} : { nation: s.army });

/** Add a move for each part; the parts the rules refuse are left out. Returns the parts moved. */
function orderParts(s: Situation, draft: Draft, reserves: Reserves, parts: readonly AttackPart[], to: string): AttackPart[] {
  const done: AttackPart[] = [];
  for (const p of parts) {
    if (p.count <= 0) continue;
    const order: MoveOrder = { kind: 'move', ...whose(s), from: p.from, to, units: { [p.type]: p.count } };
    if (draft.add(order)) continue;
    reserves.take(p.from, p.type, p.count);
    done.push(p);
  }
  return done;
}

/** The units of some parts. */
const total = (parts: readonly AttackPart[]): number => parts.reduce((n, p) => n + p.count, 0);

/**
 * Attacks: enemy-held territories next to the nation's stacks, the most worth first; each gathers the spare units of
 * its neighbours, the biggest stacks first, until the exact odds of taking it reach the general's threshold (lower on
 * the way to an objective: oddsNeeded). An empty territory is taken by one unit. The fighters next door fly with an
 * attack ordered.
 */
export function planAttacks(s: Situation, params: GeneralParams, draft: Draft, reserves: Reserves): string[] {
  const targets = new Set<string>();
  for (const at of reserves.places()) for (const n of s.neighbours(at)) if (s.hostile(n)) targets.add(n);
  // The targets with a unit of the holder's side in them, found in one pass over the board.
  const held = new Set<string>();
  for (const u of s.state.board.units) if (targets.has(u.at) && u.aboard === undefined && isLandOrAir(u.type) && allied(s.state, u.nation, s.state.board.territories[u.at]!.owner)) held.add(u.at);
  const defended = (to: string) => held.has(to);
  const ranked = [...targets].sort((a, b) => Number(defended(a)) - Number(defended(b)) || s.worth(b) - s.worth(a) || compareCodeUnits(a, b));
  const attacked: string[] = [];
  for (const to of ranked) {
    if (attacked.length >= params.maxAttacks) break;
    const sources = s.neighbours(to).filter((n) => reserves.count(n) > 0 && s.friendly(n));
    if (!sources.length) continue;
    if (!defended(to)) {
      // One unit takes an empty territory: the source with the most to spare sends one of its ground units.
      const from = sources.map((at) => ({ at, parts: spare(s, params, reserves, at).filter((p) => p.type !== 'artillery') })).filter((x) => x.parts.length).sort((a, b) => total(b.parts) - total(a.parts))[0];
      if (!from) continue;
      if (orderParts(s, draft, reserves, [{ ...from.parts[0]!, count: 1 }], to).length) attacked.push(to);
      continue;
    }
    // The artillery next door fires in first (it stays home), then the ground units of the biggest stacks.
    const spares = sources.map((at) => spare(s, params, reserves, at)).sort((a, b) => total(b) - total(a));
    const pool = [...spares.flat().filter((p) => p.type === 'artillery'), ...spares.flat().filter((p) => p.type !== 'artillery')];
    if (!pool.some((p) => p.type !== 'artillery')) continue;
    const needed = oddsNeeded(s, params, to);
    const parts: AttackPart[] = [];
    let odds = 0;
    for (const p of pool) {
      parts.push(p);
      if (p.type === 'artillery') continue;
      odds = attackOdds(s.state, s.army, parts, to).attacker;
      if (odds >= needed) break;
    }
    // The loop ends on a ground unit (the artillery comes first), so `odds` are those of every part gathered.
    if (odds < needed) continue;
    // An attack on an offensive's way takes every spare ground unit of the sources behind it, to hold and push on.
    for (const p of pool) if (!parts.includes(p) && p.type !== 'artillery' && advancing(s, params, p.from, to)) parts.push(p);
    const moved = orderParts(s, draft, reserves, parts, to);
    if (moved.some((p) => p.type !== 'artillery')) {
      attacked.push(to);
      flyWith(s, params, draft, moved.map((p) => p.from), to);
    }
  }
  // Once every attack is ordered, the spare ground units next to a territory taken on an offensive's way (nearer an
  // objective than where they stand) follow into it, to hold it and push on next turn.
  for (const to of attacked) {
    for (const from of s.neighbours(to).filter((n) => s.friendly(n) && advancing(s, params, n, to))) {
      orderParts(s, draft, reserves, spare(s, params, reserves, from).filter((p) => p.type !== 'artillery'), to);
    }
  }
  return attacked;
}

/** Reinforcements: a front territory short of its garrison draws spare units from its quiet neighbours. */
export function planReinforcements(s: Situation, params: GeneralParams, draft: Draft, reserves: Reserves): void {
  const front = [...s.distanceToFront].filter(([, d]) => d === 0).map(([at]) => at).filter((at) => s.enemiesNextTo(at) > 0);
  front.sort((a, b) => s.pressure(b) - s.pressure(a) || compareCodeUnits(a, b));
  for (const at of front) {
    const here = s.state.board.units.filter((u) => u.at === at && u.aboard === undefined && allied(s.state, u.nation, s.army) && isLandOrAir(u.type)).length;
    let short = garrisonOf(s, params, at) - here;
    if (short <= 0) continue;
    for (const from of s.neighbours(at)) {
      if (short <= 0) break;
      if (!s.friendly(from) || (s.distanceToFront.get(from) ?? 0) === 0) continue;
      for (const p of spare(s, params, reserves, from).filter((x) => x.type !== 'artillery')) {
        const n = Math.min(p.count, short);
        if (orderParts(s, draft, reserves, [{ ...p, count: n }], at).length) short -= n;
        if (short <= 0) break;
      }
    }
  }
}

/** A stack far behind the front, to go by rail (phase 11) once every army has moved. */
interface RailStack {
  readonly s: Situation;
  readonly reserves: Reserves;
  readonly from: string;
  readonly parts: readonly AttackPart[];
}
export type RailPlan = RailStack[];

/**
 * The reserves go forward: stacks nearer the front walk one border toward it (toward the nearest objective, with an
 * offensive axis); stacks far behind it are returned, to go by rail (planRail) to the front they are most needed at.
 * With an offensive axis, the spare units of a front territory shift to a neighbouring front territory nearer an
 * objective, so that an offensive gathers where it leads somewhere.
 */
export function planAdvance(s: Situation, params: GeneralParams, draft: Draft, reserves: Reserves): RailPlan {
  const rail: RailPlan = [];
  const far = Number.MAX_SAFE_INTEGER;
  const toObjective = (at: string) => (params.offensiveAxis ? (s.toObjective.get(at) ?? far) : 0);
  let ports: Map<string, number> | undefined;
  for (const at of reserves.places()) {
    const d = s.distanceToFront.get(at);
    if (d === undefined) {
      // No land way to any front: with a sealift, walk to the shore a ferry loads from.
      if (!params.sealift || s.army !== s.nation.id) continue;
      ports ??= toPort(s);
      const p = ports.get(at);
      const step = p ? s.neighbours(at).filter((n) => (ports!.get(n) ?? far) < p && s.friendly(n)).sort(compareCodeUnits)[0] : undefined;
      if (step) orderParts(s, draft, reserves, spare(s, params, reserves, at), step);
      continue;
    }
    if (d === 0) {
      if (!params.offensiveAxis || s.toObjective.get(at) === undefined) continue;
      const ground = spare(s, params, reserves, at).filter((p) => p.type !== 'artillery');
      const to = s
        .neighbours(at)
        .filter((n) => s.friendly(n) && s.distanceToFront.get(n) === 0 && toObjective(n) < toObjective(at))
        .sort((a, b) => toObjective(a) - toObjective(b) || s.pressure(b) - s.pressure(a) || compareCodeUnits(a, b))[0];
      if (to && ground.length) orderParts(s, draft, reserves, ground, to);
      continue;
    }
    const parts = spare(s, params, reserves, at);
    if (!parts.length) continue;
    if (params.strategicMoves && d >= params.railDistance) {
      rail.push({ s, reserves, from: at, parts });
      continue;
    }
    const step = s
      .neighbours(at)
      .filter((n) => s.friendly(n) && (s.distanceToFront.get(n) ?? Infinity) < d)
      .sort((a, b) => toObjective(a) - toObjective(b) || s.pressure(b) - s.pressure(a) || compareCodeUnits(a, b))[0];
    if (step) orderParts(s, draft, reserves, parts, step);
  }
  return rail;
}

/**
 * Strategic movement (phase 11), ordered after every move: each far stack to the front it can reach, the ports of a
 * ferry to an objective first (ferryPorts), then in frontOrder (the fronts short of their garrison first), the count
 * halved until the rules admit it.
 */
export function planRail(params: GeneralParams, draft: Draft, rail: RailPlan): void {
  const orders = new Map<Situation, string[]>();
  for (const { s, reserves, from, parts } of rail) {
    let fronts = orders.get(s);
    if (!fronts) {
      // The ports of a ferry to an objective first (src/bots/sealift.ts), then the fronts.
      const ports = ferryPorts(s, params);
      const short = (at: string) => garrisonOf(s, params, at) - holdersIn(s.state, s.army, at);
      const land = frontOrder(s, params, short).filter((at) => !ports.includes(at));
      orders.set(s, (fronts = [...ports, ...land]));
    }
    for (const to of fronts.slice(0, params.railFronts)) {
      let moved = false;
      for (const p of parts) {
        const left = reserves.count(from, p.type);
        for (let count = Math.min(p.count, left); count >= 1; count = count > 2 ? Math.ceil(count / 2) : count - 1) {
          const order: StrategicOrder = { kind: 'strategic', ...whose(s), from, to, units: { [p.type]: count } };
          if (!draft.add(order)) {
            reserves.take(from, p.type, count);
            moved = true;
            break;
          }
        }
      }
      if (moved) break;
    }
  }
}
