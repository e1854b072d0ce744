import { ordersOf, type OrderList, type PhaseContext } from '@umpire/engine';
import { hexFacts, hexLabel } from '../base/hexes.js';
import { knownPiece, pieceEntry, pieceStateLabel, pieceType } from '../base/pieces.js';
import { takeControl } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { knownUnit, unitInfo, unitLabel } from '../base/units.js';
import { fits } from '../arrivals/setup-rules.js';
import { emptiesDover, TUNNEL_KEEPER } from '../england/tunnel-guard.js';
import { enemyIn } from './bases.js';
import { flightDistance, mayEndFlight } from './flight.js';
import { airKind, airRoom, barredHexes, carrierOf, sortieRange } from './air-rules.js';
import { fly, heldByStorm } from './base-change.js';

/**
 * Clauses: VV-SEQ-04, VV-SEQ-05, VV-SEQ-07, VV-ZEP-11, VV-ZEP-13, VV-ZEP-14, VV-ZEP-21, VV-ZEP-22, VV-ZEP-23, VV-ZEP-24,
 * VV-ZEP-25, VV-ZEP-26, VV-ZEP-27, VV-ZEP-28, VV-ZEP-30, VV-ZEP-31, VV-ZEP-32, VV-ZEP-33, VV-ZEP-34, VV-ZEP-35,
 * VV-CRACK-08, VV-TANK-09, VV-ENG-01.
 * Airmobile Crack Troops and the Zeppelins' Sortie. In the Airmobile Embarkation Phase a German Zeppelin takes aboard
 * one Crack Troop of its own hex (`embark <troop> on <Zeppelin>`), and only a Crack Troop: no other unit, no Tank. The
 * passenger stays marked in the Zeppelin's hex (drawn as its Zeppelin's token, `Z+`) and goes where the Zeppelin goes.
 * In the Sortie Phase any Zeppelin a Storm does not hold may fly up to double its third number (`sortie <Zeppelin> to
 * <hex>`), whether or not it changed base, and stays where it ends: an enemy unit there does not stop it, but a
 * Zeppelin with a passenger may not end where any enemy unit is, for the passenger could not land there (D-AMB-30), nor
 * where the passenger would overstack (D-AMB-33), nor fly a Crack Troop out of England (D-AMB-14), nor take the last
 * German infantry out of Dover while the tunnel is open (D-AMB-17). At the end of the Ground Movement and
 * Disembarkation Phase every passenger lands, without an order, in its Zeppelin's hex: landing is its whole move, so a
 * carried troop is given no move order; it takes the hex and may enter an enemy zone of control, and it may attack in
 * the Combat Phase (D-AMB-33). No ground unit ends a player-turn in the air.
 */

export type EmbarkOrder = { kind: 'embark'; troop: string; zeppelin: string };
export type SortieOrder = { kind: 'sortie'; zeppelin: string; to: string };

/** Why a German Zeppelin, named in an order of a side, is not one that side may fly now; undefined when it is. */
export function zeppelinRefusal(state: VernianState, side: string, zeppelin: string): string | undefined {
  const p = state.pieces[zeppelin];
  if (!p || airKind(state, zeppelin) !== 'zeppelin') return `${zeppelin} is no Zeppelin`;
  if (p.side !== side) return `${pieceStateLabel(zeppelin, p)} is not yours`;
  if (!isOnMap(p.at)) return `${pieceStateLabel(zeppelin, p)} is not on the map`;
  return undefined;
}

/** Why a unit (or piece) may not embark on a Zeppelin now, naming the clause; undefined when it may. */
export function embarkRefusal(state: VernianState, side: string, troop: string, zeppelin: string): string | undefined {
  const bad = zeppelinRefusal(state, side, zeppelin);
  if (bad) return bad;
  const z = state.pieces[zeppelin]!;
  const zl = pieceStateLabel(zeppelin, z);
  if (knownPiece(troop)) {
    const kind = pieceType(pieceEntry(troop)!.type).kind;
    return kind === 'tank' ? 'Zeppelins cannot carry Tanks (VV-TANK-09)' : `only a Crack Troop may be carried by a Zeppelin (VV-ZEP-23)`;
  }
  if (!knownUnit(troop)) return `no unit '${troop}'`;
  const u = unitInfo(troop);
  const s = state.units[troop]!;
  if (u.side !== side) return `${u.name} is not yours`;
  if (!isOnMap(s.at)) return `${u.name} is not on the map`;
  if (!s.crack) return `${u.name} is no Crack Troop: only Crack Troops are airmobile (VV-CRACK-08, VV-ZEP-23)`;
  if (z.carrying) return `${zl} already carries ${unitLabel(z.carrying)}: one Crack Troop a Zeppelin (VV-ZEP-22)`;
  const carrier = carrierOf(state, troop);
  if (carrier) return `${u.name} is already aboard ${pieceStateLabel(carrier, state.pieces[carrier]!)}`;
  if (s.at !== z.at) return `${u.name} is in ${hexLabel(s.at)}, not in the hex of ${zl}, ${hexLabel(z.at)} (VV-ZEP-21)`;
  return undefined;
}

/**
 * Why a Zeppelin may not end its Sortie in a hex now, naming the clause; undefined when it may. An order is checked
 * before the phase runs (`rolled` false), when a Storm placed later may still stop it; the phase checks it again.
 */
export function sortieRefusal(state: VernianState, side: string, zeppelin: string, to: string, rolled = false): string | undefined {
  const bad = zeppelinRefusal(state, side, zeppelin);
  if (bad) return bad;
  const z = state.pieces[zeppelin]!;
  const zl = pieceStateLabel(zeppelin, z);
  if (rolled && heldByStorm(state, zeppelin)) return `a Storm holds ${zl} in ${hexLabel(z.at)}: it may not Sortie this turn (VV-WCPD-18)`;
  if (z.at === to) return `${zl} is already in ${hexLabel(to)}`;
  if (state.inventions.storms.includes(to)) return `air pieces may not enter a Storm hex such as ${hexLabel(to)} (VV-WCPD-15)`;
  if (!mayEndFlight(to)) return `${hexLabel(to)} is no land hex of a warring nation: a Zeppelin never ends a move over water (VV-ZEP-15)`;
  const range = sortieRange(state, zeppelin);
  if (flightDistance(z.at, to, range, barredHexes(state, 'germany', 'zeppelin')) === undefined)
    return `${hexLabel(to)} is beyond the ${range} hexes ${zl} flies in a Sortie, without crossing a Storm (VV-ZEP-26)`;
  if (!airRoom(state, z.side, 'zeppelin', to, zeppelin)) return `${hexLabel(to)} already holds five Zeppelins (VV-ZEP-09)`;
  const troop = z.carrying;
  if (!troop) return undefined;
  const name = unitInfo(troop).name;
  if (enemyIn(state, to, z.side))
    return `${zl} carries ${name} and may not end its Sortie where an enemy unit is: the troop could not land (VV-ZEP-28, VV-ZEP-30)`;
  if (hexFacts(z.at)?.map === 'B' && hexFacts(to)?.map !== 'B')
    return `${name} may not be flown out of England while fighting continues there (VV-ENG-01, D-AMB-14)`;
  if (state.tunnel.open && emptiesDover(state, [troop])) return `${name} may not be flown off: ${TUNNEL_KEEPER}`;
  const next = { ...state, units: { ...state.units, [troop]: { ...state.units[troop]!, at: to } } };
  if (!fits(next, troop, to)) return `${name} would land in ${hexLabel(to)} over six steps (VB-STACK-04, D-AMB-33)`;
  return undefined;
}

/** Take a Crack Troop aboard a Zeppelin (VV-ZEP-21). */
export function embark(state: VernianState, troop: string, zeppelin: string): void {
  state.pieces[zeppelin]!.carrying = troop;
}

/** The Airmobile Embarkation Phase (VV-SEQ-04): every embark order, checked again, in the order given. */
export function embarkationPhase(state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void {
  for (const o of ordersOf<EmbarkOrder>(orders.get('germany'), 'embark')) {
    const why = embarkRefusal(state, 'germany', o.troop, o.zeppelin);
    if (why) {
      ctx.emit({ type: 'embark-cancelled', unit: o.troop, piece: o.zeppelin, why });
      continue;
    }
    embark(state, o.troop, o.zeppelin);
    const z = state.pieces[o.zeppelin]!;
    ctx.emit({ type: 'embarked', unit: o.troop, piece: o.zeppelin, label: pieceStateLabel(o.zeppelin, z), hex: z.at });
  }
}

/** The Zeppelin Sortie Phase (VV-SEQ-05): every sortie order, checked again, in the order given; a Zeppelin sorties once. */
export function sortiePhase(state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void {
  const flown = new Set<string>();
  for (const o of ordersOf<SortieOrder>(orders.get('germany'), 'sortie')) {
    const why = flown.has(o.zeppelin) ? 'it has already sortied this phase' : sortieRefusal(state, 'germany', o.zeppelin, o.to, true);
    const z = state.pieces[o.zeppelin];
    const label = z ? pieceStateLabel(o.zeppelin, z) : o.zeppelin;
    if (why) {
      ctx.emit({ type: 'sortie-cancelled', piece: o.zeppelin, label, to: o.to, why });
      continue;
    }
    const from = z!.at;
    fly(state, o.zeppelin, o.to);
    flown.add(o.zeppelin);
    ctx.emit({ type: 'sortie', piece: o.zeppelin, label, from, to: o.to, ...(z!.carrying ? { carrying: z!.carrying } : {}) });
  }
}

/**
 * Every passenger lands in its Zeppelin's hex (VV-ZEP-33): it takes control of the hex (VB-CTRL-02). A passenger
 * whose Zeppelin's hex holds an enemy unit cannot land and, as no unit stays in the air, is lost (VV-ZEP-11, VV-ZEP-28).
 */
export function landPassengers(state: VernianState, ctx: PhaseContext): void {
  for (const id of Object.keys(state.pieces).sort()) {
    const z = state.pieces[id]!;
    const troop = z.carrying;
    if (!troop) continue;
    delete z.carrying;
    const unit = state.units[troop];
    if (!unit || !isOnMap(unit.at) || !isOnMap(z.at)) continue;
    unit.at = z.at;
    if (enemyIn(state, z.at, z.side)) {
      unit.at = 'out';
      ctx.emit({ type: 'passenger-lost', unit: troop, piece: id, hex: z.at });
      continue;
    }
    takeControl(state, z.at, z.side);
    ctx.emit({ type: 'landed', unit: troop, piece: id, label: pieceStateLabel(id, z), hex: z.at });
  }
}

/** What must hold after every step: no ground unit in the air (VV-ZEP-11), a passenger only a Crack Troop in its Zeppelin's hex. */
export function passengerInvariants(state: VernianState): string[] {
  const out: string[] = [];
  for (const [id, p] of Object.entries(state.pieces)) {
    if (p.carrying) out.push(`${id} still carries ${p.carrying} at the end of a step (VV-ZEP-11)`);
  }
  return out;
}
