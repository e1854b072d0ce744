import type { Draft, OrderList, OrdersContext, Random, RulesetBot } from '@umpire/engine';
import { hexBoard, resultsTable, ruleNumbers } from '../data/files.js';
import { allHexes, hexesNamed, hexFacts, isPlayable } from '../base/hexes.js';
import { controller, occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { moveWorld, reachableHexes } from '../movement/movement.js';
import { placementRefusal } from '../arrivals/new-units.js';
import { bombardable, gunProblem } from '../artillery/bombard.js';
import { language } from '../orders/language.js';
import { assessBattle } from '../combat/odds.js';

/**
 * The general: vernian's own bot, for either seat, from any state. It writes a player-turn's orders through a draft
 * that checks each order as it is added, so everything it sends is legal: new units placed as near the front as the
 * rules allow, every combat unit moved toward the nearest objective it does not hold (the enemy's cities that win the
 * game, else the nearest enemy units) unless it already stands next to the enemy, Tanks after their infantry and the
 * Armored Front Buster a hex nearer the objectives, HQs kept among the troops they
 * supply, the guns fired at the hexes about to be attacked, and every attack the exact odds make at least 2-1 after
 * the shifts. Deterministic: the same position gives the same orders.
 */

/** The least column an attack must read (after shifts) for the general to make it: 2-1. */
const ATTACK_COLUMN = '2-1';

type Ctx = OrdersContext<VernianState>;

/** Fewest steps from each hex to the nearest of some hexes, over the hexes a unit may stand on (the link counts one). */
function distanceField(sources: Iterable<string>): Map<string, number> {
  const board = hexBoard();
  const dist = new Map<string, number>();
  let frontier: string[] = [];
  for (const s of sources) {
    if (dist.has(s)) continue;
    dist.set(s, 0);
    frontier.push(s);
  }
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const hex of frontier) {
      for (const step of board.steps(hex)) {
        const to = step.to.id;
        if (dist.has(to) || !isPlayable(hexFacts(to))) continue;
        dist.set(to, d);
        next.push(to);
      }
    }
    frontier = next;
  }
  return dist;
}

/** The hexes a side wants: the enemy's victory cities it does not hold (VV-WIN), on the maps where it has troops. */
function objectives(state: VernianState, side: Side): string[] {
  const v = ruleNumbers().victory;
  const want = v[side].cities;
  const cities = [...allHexes()].filter((h) => h.city && h.nation === want && controller(state, h.id) !== side).map((h) => h.id);
  if (side === 'germany') cities.push(...hexesNamed(v.london.place).filter((h) => controller(state, h) !== side));
  return cities;
}

function enemyHexes(state: VernianState, side: Side): string[] {
  const out = new Set<string>();
  for (const id in state.units) {
    const at = state.units[id]!.at;
    if (isOnMap(at) && unitInfo(id).side !== side && unitInfo(id).combat) out.add(at);
  }
  return [...out];
}

export function generalOrders(ctx: Ctx): OrderList {
  const draft = language.openDraft(ctx);
  const side = ctx.seat as Side;
  const own = side === 'germany' ? 'german' : 'allied';
  if (!draft || ctx.step.segment !== own) return { orders: [] };
  const enemy = enemyHexes(ctx.state, side);
  const front = distanceField(enemy);
  const goals = distanceField([...objectives(ctx.state, side), ...enemy]);
  placeNewUnits(draft, side, front);
  moveTroops(draft, side, front, goals);
  movePieces(draft, side, goals);
  moveHqs(draft, side);
  const targets = chooseAttacks(draft, side);
  fireGuns(draft, side, targets);
  for (const order of targets) draft.add(order);
  return draft.orders;
}

/** Every unit in the box placed in the legal hex nearest the enemy (VB-REIN-04 to VB-REIN-11). */
function placeNewUnits(draft: Draft<VernianState>, side: Side, front: Map<string, number>): void {
  const boxed = Object.keys(draft.ctx.state.units)
    .filter((id) => draft.ctx.state.units[id]!.at === 'box' && unitInfo(id).side === side)
    .sort();
  const places = [...allHexes()].filter((h) => isPlayable(h) && (h.city || h.town || h.edge || h.port)).map((h) => h.id);
  for (const unit of boxed) {
    const state = draft.ctx.state;
    const occ = occupancy(state);
    const hqHexes = Object.keys(state.units)
      .filter((id) => unitInfo(id).hq && unitInfo(id).nation === unitInfo(unit).nation && isOnMap(state.units[id]!.at))
      .map((id) => state.units[id]!.at);
    const ranked = [...new Set([...places, ...hqHexes])].sort((a, b) => (front.get(a) ?? 99) - (front.get(b) ?? 99) || (a < b ? -1 : 1));
    const hex = ranked.find((h) => placementRefusal(state, side, unit, h, occ) === undefined);
    if (hex) draft.add({ kind: 'place', unit, hex });
  }
}

/** Combat units not yet next to the enemy move toward the nearest objective, the best reachable hex that is legal. */
function moveTroops(draft: Draft<VernianState>, side: Side, front: Map<string, number>, goals: Map<string, number>): void {
  const turn = draft.ctx.step.turn;
  const units = Object.keys(draft.ctx.state.units)
    .filter((id) => isOnMap(draft.ctx.state.units[id]!.at) && unitInfo(id).side === side && unitInfo(id).combat)
    .sort();
  for (const unit of units) {
    const at = draft.ctx.state.units[unit]!.at;
    if ((front.get(at) ?? 99) <= 1) continue;
    const here = goals.get(at) ?? 99;
    const reach = [...reachableHexes(moveWorld(draft.ctx.state, side), unit, turn).values()]
      .filter((r) => (goals.get(r.id) ?? 99) < here)
      .sort((a, b) => (goals.get(a.id) ?? 99) - (goals.get(b.id) ?? 99) || a.cost - b.cost || (a.id < b.id ? -1 : 1));
    for (const r of reach.slice(0, 6)) if (draft.add({ kind: 'move', units: [unit], to: r.id }) === undefined) break;
  }
}

/**
 * Tanks follow their infantry: a Tank whose hex the infantry left moves to the reachable hex nearest the objectives
 * that holds infantry of its side and no Tank. The AFB moves one hex nearer the objectives when it may.
 */
function movePieces(draft: Draft<VernianState>, side: Side, goals: Map<string, number>): void {
  const turn = draft.ctx.step.turn;
  for (const id of Object.keys(draft.ctx.state.pieces).sort()) {
    const state = draft.ctx.state;
    const p = state.pieces[id]!;
    if (p.side !== side || !isOnMap(p.at) || (p.type !== 'tank' && p.type !== 'afb')) continue;
    const occ = occupancy(state);
    const infantryAt = (hex: string) => (occ.get(hex) ?? []).some((u) => unitInfo(u).infantry && unitInfo(u).side === side);
    if (p.type === 'tank' && infantryAt(p.at)) continue;
    const here = goals.get(p.at) ?? 99;
    const reach = [...reachableHexes(moveWorld(state, side), id, turn).values()]
      .filter((r) => (p.type === 'tank' ? infantryAt(r.id) : (goals.get(r.id) ?? 99) < here))
      .sort((a, b) => (goals.get(a.id) ?? 99) - (goals.get(b.id) ?? 99) || (a.id < b.id ? -1 : 1));
    for (const r of reach.slice(0, 4)) if (draft.add({ kind: 'move', units: [id], to: r.id }) === undefined) break;
  }
}

/** Each HQ moves to the reachable hex with the most friendly combat units within its supply reach. */
function moveHqs(draft: Draft<VernianState>, side: Side): void {
  const turn = draft.ctx.step.turn;
  const board = hexBoard();
  const hqs = Object.keys(draft.ctx.state.units)
    .filter((id) => isOnMap(draft.ctx.state.units[id]!.at) && unitInfo(id).side === side && unitInfo(id).hq)
    .sort();
  for (const hq of hqs) {
    const state = draft.ctx.state;
    const occ = occupancy(state);
    const served = (hex: string) =>
      [
        hex,
        ...board
          .neighbours(hex)
          .filter((c) => c.link === undefined)
          .map((c) => c.to),
      ].reduce((n, h) => n + (occ.get(h) ?? []).filter((id) => unitInfo(id).combat && unitInfo(id).side === side).length, 0);
    const at = state.units[hq]!.at;
    const best = [...reachableHexes(moveWorld(state, side), hq, turn).values()]
      .map((r) => ({ id: r.id, n: served(r.id) }))
      .filter((r) => r.n > served(at))
      .sort((a, b) => b.n - a.n || (a.id < b.id ? -1 : 1));
    for (const r of best.slice(0, 3)) if (draft.add({ kind: 'move', units: [hq], to: r.id }) === undefined) break;
  }
}

/** The attacks the general makes: the language's candidates, best odds first, at the column it asks or better. */
function chooseAttacks(draft: Draft<VernianState>, side: Side): { kind: 'attack'; target: string; units: string[]; advance: 'all' }[] {
  const spec = language.specFor('attack');
  if (!spec) return [];
  const player = { side, start: draft.ctx.state, turn: draft.ctx.step.turn };
  const out: { kind: 'attack'; target: string; units: string[]; advance: 'all' }[] = [];
  const trial = language.openDraft(draft.ctx)!;
  for (let i = 0; i < 30; i++) {
    const candidates = spec.candidates(trial.ledger, trial.ctx, player) as { kind: 'attack'; target: string; units: string[] }[];
    const order = candidates.find((c) => goodOdds(trial.ctx.state, side, c));
    if (!order || trial.add({ ...order, advance: 'all' }) !== undefined) break;
    out.push({ ...order, kind: 'attack', advance: 'all' });
  }
  return out;
}

function goodOdds(state: VernianState, side: Side, order: { target: string; units: string[] }): boolean {
  return columnIndex(state, side, order) >= columnOf(ATTACK_COLUMN);
}

/** Guns fire at the hexes about to be attacked first, then at any hex in range with enemy ground units. */
function fireGuns(draft: Draft<VernianState>, side: Side, attacks: readonly { target: string }[]): void {
  const state = draft.ctx.state;
  const hqs = Object.keys(state.units)
    .filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).side === side && unitInfo(id).hq && unitInfo(id).type.guns)
    .sort();
  const wanted = attacks.map((a) => a.target);
  const enemy = enemyHexes(state, side).filter((h) => bombardable(state, side, h));
  for (const hq of hqs) {
    const target = [...wanted, ...enemy].find((h) => gunProblem(state, side, hq, h) === undefined);
    if (target) draft.add({ kind: 'bombard', target, hqs: [hq] });
  }
}

function columnOf(name: string): number {
  return resultsTable().columns.findIndex((c) => c === name);
}

function columnIndex(state: VernianState, side: Side, order: { target: string; units: string[] }): number {
  const b = assessBattle(state, side, order.target, order.units);
  return b.ok ? b.value.shifted.index : -1;
}

export const generalBot: RulesetBot<VernianState, OrderList> = (ctx: Ctx, _rng: Random) => generalOrders(ctx);
