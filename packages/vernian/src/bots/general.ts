import type { OrderList, Random, RulesetBot } from '@umpire/engine';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { language } from '../orders/language.js';
import { boxedPieces, moveArmour, placeArmour } from './armour.js';
import { baseScore, rebaseFlyers, standByToIntercept } from './air-bases.js';
import { alliedMissions } from './allied-air.js';
import { germanAir } from './german-air.js';
import { chooseAttacks, fireGuns, moveHqs, moveTroops, placeNewUnits } from './ground.js';
import { placeStorms, withdrawFromEngland } from './standing.js';
import { at, sightOf, type Ctx, type Orders, type Sight } from './sight.js';
import { piecePlacementRefusal } from '../arrivals/piece-placement.js';
import { allHexes, isPlayable } from '../base/hexes.js';
import { pieceType } from '../base/pieces.js';

/**
 * The general: vernian's own bot, for either seat, from any state. It writes a player-turn's orders through a draft
 * that checks each order as it is added, in the order the turn resolves them, so everything it sends passes the same
 * check as a player's orders: new units and pieces placed (ground.ts, armour.ts: Tanks with strong infantry near the
 * front, the Armored Front Buster in the French city nearest the front, air pieces at a base near the front); the air
 * war (german-air.ts: Crack Troops flown by Zeppelin to take a city, Zeppelins sortied to supply German troops out of
 * Attack Supply; allied-air.ts: Heavy and Light Interdiction where they help this turn's attacks or cut German supply,
 * with escorts where German fighters could intercept, sweeps over the Zeppelins; air-bases.ts: flyers rebased near the
 * front); the ground war (ground.ts: moves toward the objectives, HQs among the troops, the guns at the hexes to be
 * attacked, every attack at the data's column or better, armour.ts: the Tanks' doubled unit and two-hex advance, the
 * AFB's step); and the standing orders (interception by every fighter, the Allies' Storms and their withdrawal from a
 * clear England: standing.ts). Its thresholds are data (data/bots.json). Deterministic: the same position gives the
 * same orders.
 */

export function generalOrders(ctx: Ctx): OrderList {
  const draft = language.openDraft(ctx);
  const side = ctx.seat as Side;
  const own = side === 'germany' ? 'german' : 'allied';
  if (!draft || ctx.step.segment !== own) return { orders: [] };
  const sight = sightOf(ctx.state, side);
  placeNewUnits(draft, sight);
  placeArmour(draft, sight);
  placeAir(draft, sight);
  let marks = {};
  if (side === 'germany') germanAir(draft, sight, rebaseFlyers);
  else {
    rebaseFlyers(draft, sight);
    marks = alliedMissions(draft, sight);
  }
  moveTroops(draft, sight);
  moveArmour(draft, sight);
  moveHqs(draft, side);
  const attacks = chooseAttacks(draft, sight, marks);
  fireGuns(draft, side, attacks);
  for (const order of attacks) draft.add(order);
  if (side === 'allies') {
    withdrawFromEngland(draft);
    placeStorms(draft);
  }
  standByToIntercept(draft, side);
  return draft.orders;
}

/** Zeppelins and Ether Flyers from the box placed at the legal base nearest the front, at the data's gap or beyond. */
function placeAir(orders: Orders, sight: Sight): void {
  for (const piece of boxedPieces(orders.ctx.state, sight.side, ['zeppelin', 'flyer'])) {
    const state = orders.ctx.state;
    const zeppelin = pieceType(piece.type).kind === 'zeppelin';
    const hexes = [...allHexes()]
      .filter((h) => isPlayable(h) && (zeppelin ? h.nation === 'germany' : h.city))
      .map((h) => ({ id: h.id, s: baseScore(sight, h.id) * 100 + at(sight.goals, h.id) }))
      .sort((a, b) => a.s - b.s || (a.id < b.id ? -1 : 1));
    const hex = hexes.find((h) => piecePlacementRefusal(state, sight.side, piece.id, h.id) === undefined);
    if (hex) orders.add({ kind: 'place', unit: piece.id, hex: hex.id });
  }
}

export const generalBot: RulesetBot<VernianState, OrderList> = (ctx: Ctx, _rng: Random) => generalOrders(ctx);
