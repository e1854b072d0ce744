import { botNumbers, hexBoard } from '../data/files.js';
import { allHexes, isPlayable } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import { copyState, isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { moveWorld, reachableHexes } from '../movement/movement.js';
import { placementRefusal } from '../arrivals/new-units.js';
import { bombardable, gunProblem } from '../artillery/bombard.js';
import { carrierOf } from '../air/air-rules.js';
import { language } from '../orders/language.js';
import { tankOptions, type GeneralAttack } from './armour.js';
import { at, columnIndex, columnOf, enemyHexes, ownCombatUnits, type Orders, type Sight } from './sight.js';

/**
 * Clauses: VB-REIN-04, VB-REIN-05, VB-REIN-11, VB-MOVE-01, VB-HQ-04, VB-CRT-01, VB-CRT-03, VV-ART-01, VV-ART-05.
 * The general's ground war: new units placed in the legal hex nearest the enemy; every combat unit not yet next to the
 * enemy moved toward the nearest objective it does not hold (the enemy's cities that win the game, else the nearest
 * enemy units); HQs among the troops they supply; the guns fired at the hexes about to be attacked; and every attack
 * whose exact odds read the data's `attackColumn` or better after the shifts, judged on the position the turn's
 * interdictions will make (a heavily interdicted hex's defenders are Out of Supply, VV-ETH-29).
 */

/** Every unit in the box placed in the legal hex nearest the enemy (VB-REIN-04 to VB-REIN-11). */
export function placeNewUnits(orders: Orders, sight: Sight): void {
  const side = sight.side;
  const boxed = Object.keys(orders.ctx.state.units)
    .filter((id) => orders.ctx.state.units[id]!.at === 'box' && unitInfo(id).side === side)
    .sort();
  const places = [...allHexes()].filter((h) => isPlayable(h) && (h.city || h.town || h.edge || h.port)).map((h) => h.id);
  for (const unit of boxed) {
    const state = orders.ctx.state;
    const occ = occupancy(state);
    const hqHexes = Object.keys(state.units)
      .filter((id) => unitInfo(id).hq && unitInfo(id).nation === unitInfo(unit).nation && isOnMap(state.units[id]!.at))
      .map((id) => state.units[id]!.at);
    const ranked = [...new Set([...places, ...hqHexes])].sort((a, b) => at(sight.front, a) - at(sight.front, b) || (a < b ? -1 : 1));
    const hex = ranked.find((h) => placementRefusal(state, side, unit, h, occ) === undefined);
    if (hex) orders.add({ kind: 'place', unit, hex });
  }
}

/** Combat units not yet next to the enemy (nor in the air) move toward the nearest objective: the best legal reachable hex. */
export function moveTroops(orders: Orders, sight: Sight): void {
  const turn = orders.ctx.step.turn;
  for (const unit of ownCombatUnits(orders.ctx.state, sight.side)) {
    const state = orders.ctx.state;
    const here = state.units[unit]!.at;
    if (at(sight.front, here) <= 1 || carrierOf(state, unit)) continue;
    const best = at(sight.goals, here);
    const reach = [...reachableHexes(moveWorld(state, sight.side), unit, turn).values()]
      .filter((r) => at(sight.goals, r.id) < best)
      .sort((a, b) => at(sight.goals, a.id) - at(sight.goals, b.id) || a.cost - b.cost || (a.id < b.id ? -1 : 1));
    for (const r of reach.slice(0, 6)) if (orders.add({ kind: 'move', units: [unit], to: r.id }) === undefined) break;
  }
}

/** Each HQ moves to the reachable hex with the most friendly combat units within its supply reach. */
export function moveHqs(orders: Orders, side: Side): void {
  const turn = orders.ctx.step.turn;
  const board = hexBoard();
  const hqs = Object.keys(orders.ctx.state.units)
    .filter((id) => isOnMap(orders.ctx.state.units[id]!.at) && unitInfo(id).side === side && unitInfo(id).hq)
    .sort();
  for (const hq of hqs) {
    const state = orders.ctx.state;
    const occ = occupancy(state);
    const served = (hex: string) =>
      [
        hex,
        ...board
          .neighbours(hex)
          .filter((c) => c.link === undefined)
          .map((c) => c.to),
      ].reduce((n, h) => n + (occ.get(h) ?? []).filter((id) => unitInfo(id).combat && unitInfo(id).side === side).length, 0);
    const here = state.units[hq]!.at;
    const best = [...reachableHexes(moveWorld(state, side), hq, turn).values()]
      .map((r) => ({ id: r.id, n: served(r.id) }))
      .filter((r) => r.n > served(here))
      .sort((a, b) => b.n - a.n || (a.id < b.id ? -1 : 1));
    for (const r of best.slice(0, 3)) if (orders.add({ kind: 'move', units: [hq], to: r.id }) === undefined) break;
  }
}

/** A state as the turn's interdictions will leave it in the Combat Phase: the marks of the hexes given. */
export function withInterdictions(state: VernianState, marks: Readonly<Record<string, 'light' | 'heavy'>>): VernianState {
  if (!Object.keys(marks).length) return state;
  const next = copyState(state);
  next.air.interdicted = { ...next.air.interdicted, ...marks };
  return next;
}

/**
 * The attacks the general makes: the language's candidates, best odds first, at the data's column or better on the
 * position the interdictions `marks` will make, each with its Tanks' options.
 */
export function chooseAttacks(orders: Orders, sight: Sight, marks: Readonly<Record<string, 'light' | 'heavy'>> = {}): GeneralAttack[] {
  const spec = language.specFor('attack');
  if (!spec) return [];
  const least = columnOf(botNumbers().attackColumn);
  const side = sight.side;
  const out: GeneralAttack[] = [];
  const trial = language.openDraft(orders.ctx)!;
  const player = { side, start: orders.ctx.state, turn: orders.ctx.step.turn };
  for (let i = 0; i < 30; i++) {
    const expected = withInterdictions(trial.ctx.state, marks);
    const candidates = spec.candidates(trial.ledger, trial.ctx, player) as unknown as { target: string; units: string[] }[];
    // The targets a B type flies over first: the interdiction is flown for them.
    const ranked = [...candidates.filter((c) => marks[c.target] === 'heavy'), ...candidates.filter((c) => marks[c.target] !== 'heavy')];
    const chosen = ranked.find((c) => columnIndex(expected, side, c) >= least);
    if (!chosen) break;
    const order: GeneralAttack = { kind: 'attack', target: chosen.target, units: chosen.units, advance: 'all' };
    const armed = { ...order, ...tankOptions(trial.ctx.state, sight, chosen.target, chosen.units) };
    if (trial.add(armed) === undefined) out.push(armed);
    else if (trial.add(order) === undefined) out.push(order);
    else break;
  }
  return out;
}

/** Guns fire at the hexes about to be attacked first, then at any hex in range with enemy ground units. */
export function fireGuns(orders: Orders, side: Side, attacks: readonly { target: string }[]): void {
  const state = orders.ctx.state;
  const hqs = Object.keys(state.units)
    .filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).side === side && unitInfo(id).hq && unitInfo(id).type.guns)
    .sort();
  const wanted = attacks.map((a) => a.target);
  const enemy = enemyHexes(state, side).filter((h) => bombardable(state, side, h));
  for (const hq of hqs) {
    const target = [...wanted, ...enemy].find((h) => gunProblem(state, side, hq, h) === undefined);
    if (target) orders.add({ kind: 'bombard', target, hqs: [hq] });
  }
}
