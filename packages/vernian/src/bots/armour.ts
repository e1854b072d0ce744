import { botNumbers, hexBoard } from '../data/files.js';
import { allHexes, hexFacts } from '../base/hexes.js';
import { controller, fortressOwner, fortressStands, occupancy } from '../base/positions.js';
import { byNumber, piecesIn, pieceType } from '../base/pieces.js';
import { otherSide } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { piecePlacementRefusal } from '../arrivals/piece-placement.js';
import { moveWorld, reachableHexes } from '../movement/movement.js';
import { attackFactor } from '../combat/strength.js';
import { doubledUnits, secondHexProblem, tankUse } from '../tanks/tank-attack.js';
import { at, objectives, type Orders, type Sight } from './sight.js';

/**
 * Clauses: VB-REIN-17, VB-REIN-18, VV-TANK-07, VV-TANK-10, VV-TANK-11, VV-TANK-17, VV-TANK-18, VV-TANK-19, VV-TANK-20,
 * VV-AFB-07, VV-AFB-14, VV-AFB-15, VV-AFB-18.
 * The general's armour: the Tanks and the Armored Front Buster. A Tank from the Available Units box is placed with
 * the strongest infantry of its side near the front (within the data's `tankFrontDistance` of the enemy, else the
 * nearest such hex) that has no Tank, where the placement rules allow one (VB-REIN-17); the AFB in the friendly French
 * city nearest the front that the rules allow (VB-REIN-18, VV-AFB-07). A Tank left without infantry, or away from the
 * front, joins the infantry of its side nearest the front that has no Tank; the AFB steps one hex, onto a German
 * fortress it may destroy first, then onto German units it pushes back, else nearer the objectives (VV-AFB-14 to
 * VV-AFB-18). In an attack a Tank's stack names the infantry it doubles (the strongest: VV-TANK-20) and goes on into
 * a second hex (`beyond`) when that hex is one the side wants and few enemy hexes touch it (VV-TANK-17 to VV-TANK-19).
 */

type Piece = { id: string; type: string };

/** The pieces of a side in the box of a kind, by number. */
export function boxedPieces(state: VernianState, side: string, kinds: readonly string[]): Piece[] {
  return Object.keys(state.pieces)
    .filter(
      (id) => state.pieces[id]!.at === 'box' && state.pieces[id]!.side === side && kinds.includes(pieceType(state.pieces[id]!.type).kind),
    )
    .sort(byNumber)
    .map((id) => ({ id, type: state.pieces[id]!.type }));
}

/** The strongest attack of the side's infantry in a hex (each unit's factor after supply), 0 with none. */
function infantryPunch(state: VernianState, hex: string, occ: Map<string, string[]>): number {
  const side = occ.get(hex)?.[0] !== undefined ? unitInfo(occ.get(hex)![0]!).side : undefined;
  let best = 0;
  for (const id of occ.get(hex) ?? [])
    if (unitInfo(id).infantry && unitInfo(id).side === side) best = Math.max(best, attackFactor(state, id));
  return best;
}

/** Each Tank in the box placed with strong infantry near the front; the AFB in the French city nearest the front. */
export function placeArmour(orders: Orders, sight: Sight): void {
  const { tankFrontDistance } = botNumbers().ground;
  for (const piece of boxedPieces(orders.ctx.state, sight.side, ['tank', 'afb'])) {
    const state = orders.ctx.state;
    const occ = occupancy(state);
    const kind = pieceType(piece.type).kind;
    const hexes =
      kind === 'tank'
        ? [...occ.keys()].filter(
            (h) =>
              (occ.get(h) ?? []).some((u) => unitInfo(u).infantry && unitInfo(u).side === sight.side) && !piecesIn(state, h, 'tank').length,
          )
        : [...allHexes()].filter((h) => h.city && h.nation === 'france' && controller(state, h.id) === sight.side).map((h) => h.id);
    const score = (h: string) => {
      const d = at(sight.front, h);
      if (kind !== 'tank') return d * 100 + at(sight.goals, h);
      // Within the band the strongest infantry first; beyond it the nearest to the front.
      return d <= tankFrontDistance ? -infantryPunch(state, h, occ) : 1000 + d;
    };
    const ranked = hexes.map((id) => ({ id, s: score(id) })).sort((a, b) => a.s - b.s || (a.id < b.id ? -1 : 1));
    const hex = ranked.find((r) => piecePlacementRefusal(state, sight.side, piece.id, r.id, occ) === undefined);
    if (hex) orders.add({ kind: 'place', unit: piece.id, hex: hex.id });
  }
}

/**
 * Tanks join the infantry nearest the front that has no Tank (after the infantry's own moves); the AFB steps onto a
 * German fortress, then onto German units, else a hex nearer the objectives.
 */
export function moveArmour(orders: Orders, sight: Sight): void {
  const turn = orders.ctx.step.turn;
  for (const id of Object.keys(orders.ctx.state.pieces).sort(byNumber)) {
    const state = orders.ctx.state;
    const p = state.pieces[id]!;
    const kind = pieceType(p.type).kind;
    if (p.side !== sight.side || !isOnMap(p.at) || (kind !== 'tank' && kind !== 'afb')) continue;
    const occ = occupancy(state);
    const reach = [...reachableHexes(moveWorld(state, sight.side), id, turn).values()];
    if (kind === 'tank') {
      const infantryAt = (hex: string) => (occ.get(hex) ?? []).some((u) => unitInfo(u).infantry && unitInfo(u).side === sight.side);
      const here = infantryAt(p.at) ? at(sight.front, p.at) : Infinity;
      if (here <= 1) continue;
      const to = reach
        .filter((r) => r.id !== p.at && infantryAt(r.id) && !piecesIn(state, r.id, 'tank').length && at(sight.front, r.id) < here)
        .sort(
          (a, b) =>
            at(sight.front, a.id) - at(sight.front, b.id) || at(sight.goals, a.id) - at(sight.goals, b.id) || (a.id < b.id ? -1 : 1),
        );
      for (const r of to.slice(0, 4)) if (orders.add({ kind: 'move', units: [id], to: r.id }) === undefined) break;
      continue;
    }
    const enemy = otherSide(sight.side);
    const rank = (hex: string) =>
      fortressStands(state, hex) && fortressOwner(hex) === enemy
        ? -2
        : (occ.get(hex) ?? []).some((u) => unitInfo(u).side === enemy)
          ? -1
          : at(sight.goals, hex);
    const here = at(sight.goals, p.at);
    const to = reach.filter((r) => r.id !== p.at && rank(r.id) < here).sort((a, b) => rank(a.id) - rank(b.id) || (a.id < b.id ? -1 : 1));
    for (const r of to.slice(0, 4)) if (orders.add({ kind: 'move', units: [id], to: r.id }) === undefined) break;
  }
}

/** An attack as the general gives it: with the Tanks' options filled in when a Tank helps. */
export type GeneralAttack = { kind: 'attack'; target: string; units: string[]; advance: 'all'; double?: string[]; beyond?: string };

/**
 * The Tanks' options of an attack (VV-TANK-17 to VV-TANK-20): the infantry each helping Tank doubles (the strongest,
 * named so the order says it), and the second hex of the advance when one pays: an objective of the side, else a hex
 * nearer the objectives, vacant now, touched by at most `beyondMostEnemyNeighbours` enemy-held hexes.
 */
export function tankOptions(
  state: VernianState,
  sight: Sight,
  target: string,
  units: readonly string[],
): Pick<GeneralAttack, 'double' | 'beyond'> {
  const use = tankUse(state, sight.side, target, units);
  if (!use.stacks.length) return {};
  const double = doubledUnits(use, [], (u) => attackFactor(state, u));
  const most = botNumbers().ground.beyondMostEnemyNeighbours;
  const wanted = new Set(objectives(state, sight.side));
  const enemy = otherSide(sight.side);
  const occ = occupancy(state);
  const enemyNext = (hex: string) =>
    hexBoard()
      .neighbours(hex)
      .filter((c) => c.to !== target && (occ.get(c.to) ?? []).some((u) => unitInfo(u).side === enemy && unitInfo(u).combat)).length;
  const options = hexBoard()
    .neighbours(target)
    .map((c) => c.to)
    .filter((h) => hexFacts(h) && secondHexProblem(state, sight.side, target, h) === undefined && enemyNext(h) <= most)
    .filter((h) => wanted.has(h) || at(sight.aims, h) < at(sight.aims, target))
    .sort((a, b) => Number(wanted.has(b)) - Number(wanted.has(a)) || at(sight.aims, a) - at(sight.aims, b) || (a < b ? -1 : 1));
  return { double, ...(options[0] ? { beyond: options[0] } : {}) };
}
