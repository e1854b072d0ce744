import { heldByStorm } from './base-change.js';
import { ordersOf, type OrderList, type PhaseContext } from '@umpire/engine';
import { airWar } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import { perHexLimit, pieceStateLabel, pieceType } from '../base/pieces.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type Mission, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { baseRefusal } from './bases.js';
import { flightDistance, flightReach, mayEndFlight } from './flight.js';

/**
 * Clauses: VV-ETH-01, VV-ETH-02, VV-ETH-03, VV-ETH-04, VV-ETH-13, VV-ETH-14, VV-ETH-16, VV-ETH-17, VV-ETH-18, VV-ETH-19,
 * VV-ETH-20, VV-ETH-21, VV-ETH-24, VV-ETH-26, VV-ETH-27, VV-ETH-30, VV-ETH-31, VV-ETH-32, VV-SEQ-13, VV-SEQ-18.
 * Allied Ether Flyer missions. Allied flyers never sortie; in the Mission Allocation Phase they are given missions
 * (VV-ETH-13, VV-SEQ-13): an F type sweeps a hex holding German Zeppelins or escorts a CS or B type, never both
 * (VV-ETH-19 to VV-ETH-21); a CS type lightly interdicts a hex with no German ground unit, a B type heavily interdicts
 * any hex (VV-ETH-03, VV-ETH-04, VV-ETH-24, VV-ETH-27, D-AMB-42). Only F types fight (VV-ETH-02). A mission flies at most
 * six hexes from the flyer's base, never into nor through a Storm or a generator's hex (VV-ETH-14, VV-WCPD-15,
 * VV-VDG-12), to a land hex of a warring nation; an escort flies to the hex of the flyer it escorts. German flyers fly
 * no mission but interception (VV-ETH-17, VV-ETH-18: interception.ts). The flyers stay in the air over their hexes
 * until the Return to Base Phase after the Combat Phase, when each returns to a base within six hexes of its mission
 * hex (VV-ETH-16, VV-ETH-31, VV-ETH-32, D-AMB-39) and the interdiction marks are lifted (VV-ETH-26, VV-ETH-30).
 */

/** The hexes no flyer of a side may enter or fly through: the Storms, and for the Allies the generators (VV-WCPD-15, VV-VDG-12). */
export function barredTo(state: VernianState, side: Side): Set<string> {
  return new Set([...state.inventions.storms, ...(side === 'allies' ? state.inventions.generators : [])]);
}

/**
 * Why a flyer may not take off now, or undefined. A flyer a Storm still holds (in its hex, its escape not rolled
 * successfully this Operational Turn: base-change.ts) flies no mission and intercepts nobody (VV-WCPD-16, VV-WCPD-18).
 */
export function groundedWhy(state: VernianState, flyer: string): string | undefined {
  const p = state.pieces[flyer]!;
  if (heldByStorm(state, flyer)) return `${pieceStateLabel(flyer, p)} is held in a Storm's hex and may not fly (VV-WCPD-18)`;
  return undefined;
}

/** The role of a flyer: F, CS or B (VV-ETH-01); undefined for a piece that is no flyer. */
export function flyerRole(state: VernianState, piece: string): 'F' | 'CS' | 'B' | undefined {
  const p = state.pieces[piece];
  if (!p) return undefined;
  const t = pieceType(p.type);
  return t.kind === 'flyer' ? (t.role ?? 'F') : undefined;
}

/** Whether a hex holds a German ground unit. */
const germanGroundIn = (state: VernianState, hex: string, occ = occupancy(state)): boolean =>
  (occ.get(hex) ?? []).some((id) => unitInfo(id).side === 'germany');

/** The German Zeppelins in a hex, in id order. */
export function zeppelinsIn(state: VernianState, hex: string): string[] {
  return Object.keys(state.pieces)
    .filter((id) => state.pieces[id]!.at === hex && pieceType(state.pieces[id]!.type).kind === 'zeppelin')
    .sort();
}

/** An order's mission as the rules check it: the flyer, its mission and, for an escort, the escorted flyer's mission hex. */
export interface MissionAsk {
  readonly flyer: string;
  readonly kind: Mission['kind'];
  /** The mission hex (for an escort, the escorted flyer's). */
  readonly hex: string;
  readonly escorts?: string;
}

/** Why a flyer may not fly a mission, checked against a state and the missions already given; undefined when it may. */
export function missionRefusal(state: VernianState, ask: MissionAsk, given: Readonly<Record<string, Mission>>): string | undefined {
  const p = state.pieces[ask.flyer];
  if (!p) return `${ask.flyer} is no piece in play`;
  const label = pieceStateLabel(ask.flyer, p);
  const role = flyerRole(state, ask.flyer);
  if (!role) return `${label} is no Ether Flyer`;
  if (p.side !== 'allies') return `${label} is German: German flyers fly only interceptions (VV-ETH-18)`;
  if (!isOnMap(p.at)) return `${label} is not on the map`;
  if (given[ask.flyer]) return `${label} already flies a mission this turn: an F type sweeps or escorts, not both (VV-ETH-21)`;
  if ((ask.kind === 'sweep' || ask.kind === 'escort') && role !== 'F')
    return `only F types fly ${ask.kind} missions (VV-ETH-19, VV-ETH-20)`;
  if (ask.kind === 'interdict' && role === 'F')
    return 'F types do not interdict: CS types interdict lightly, B types heavily (VV-ETH-24, VV-ETH-27)';
  const grounded = groundedWhy(state, ask.flyer);
  if (grounded) return grounded;
  if (ask.kind === 'escort') {
    const escorted = given[ask.escorts ?? ''];
    if (!escorted || escorted.kind !== 'interdict')
      return `an escort goes with a CS or B type flying an interdiction mission this turn, ordered before it (VV-ETH-20)`;
  }
  if (!mayEndFlight(ask.hex)) return `${hexLabel(ask.hex)} is no land hex of a warring nation`;
  const barred = barredTo(state, 'allies');
  if (barred.has(ask.hex))
    return `${hexLabel(ask.hex)} holds a Storm or a generator, which Allied flyers may not enter (VV-WCPD-15, VV-VDG-12)`;
  const range = airWar().missions.missionRange;
  if (flightDistance(p.at, ask.hex, range, barred) === undefined)
    return `${hexLabel(ask.hex)} is beyond the ${range}-hex range of a mission from ${hexLabel(p.at)} (VV-ETH-14)`;
  if (ask.kind === 'sweep' && zeppelinsIn(state, ask.hex).length === 0)
    return `${hexLabel(ask.hex)} holds no German Zeppelin to sweep (VV-ETH-19)`;
  if (ask.kind === 'interdict' && role === 'CS' && germanGroundIn(state, ask.hex))
    return `a CS type interdicts only a hex with no German ground unit (VV-ETH-03, D-AMB-42); a B type may (VV-ETH-04)`;
  return undefined;
}

/** The hexes a flyer on a mission could fly to from its base (barred hexes avoided), nearest first then by id. */
export function missionReach(state: VernianState, flyer: string): string[] {
  const p = state.pieces[flyer]!;
  const reach = flightReach(p.at, airWar().missions.missionRange, barredTo(state, 'allies'));
  return [...reach]
    .filter(([hex, d]) => d > 0 && mayEndFlight(hex))
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    .map(([hex]) => hex);
}

/** The orders of the Mission Allocation Phase, in the order they are given. */
export type MissionOrder =
  | { kind: 'interdict'; flyers: string[]; hex: string }
  | { kind: 'escort'; flyers: string[]; with: string }
  | { kind: 'sweep'; flyers: string[]; hex: string };

/** The missions an order asks, one a flyer; an escort's hex is the escorted flyer's, as given so far. */
export function asksOf(order: MissionOrder, given: Readonly<Record<string, Mission>>): MissionAsk[] {
  if (order.kind === 'escort') {
    const hex = given[order.with]?.hex ?? '';
    return order.flyers.map((flyer) => ({ flyer, kind: 'escort', hex, escorts: order.with }));
  }
  return order.flyers.map((flyer) => ({ flyer, kind: order.kind, hex: order.hex }));
}

/** The Allied Mission Allocation Phase (VV-SEQ-13): each mission order in turn, every flyer into the air over its hex. */
export function allocateMissions(state: VernianState, orders: ReadonlyMap<string, OrderList>, ctx: PhaseContext): void {
  const list = orders.get('allies');
  const given = state.air.missions;
  const all = [
    ...ordersOf<MissionOrder>(list, 'interdict'),
    ...ordersOf<MissionOrder>(list, 'escort'),
    ...ordersOf<MissionOrder>(list, 'sweep'),
  ];
  for (const order of all) {
    for (const ask of asksOf(order, given)) {
      const label = pieceStateLabel(ask.flyer, state.pieces[ask.flyer]!);
      const why = missionRefusal(state, ask, given);
      if (why) {
        ctx.emit({ type: 'mission-cancelled', piece: ask.flyer, label, why });
        continue;
      }
      given[ask.flyer] = { kind: ask.kind, hex: ask.hex, ...(ask.escorts ? { escorts: ask.escorts } : {}) };
      if (!state.air.flown.includes(ask.hex)) state.air.flown = [...state.air.flown, ask.hex].sort();
      const level = ask.kind === 'interdict' ? (flyerRole(state, ask.flyer) === 'B' ? 'heavy' : 'light') : undefined;
      ctx.emit({
        type: 'mission',
        piece: ask.flyer,
        label,
        mission: ask.kind,
        hex: ask.hex,
        place: hexLabel(ask.hex),
        ...(level ? { level } : {}),
        ...(ask.escorts ? { escorts: ask.escorts, escortedLabel: pieceStateLabel(ask.escorts, state.pieces[ask.escorts]!) } : {}),
      });
    }
  }
}

/**
 * The interdiction marks of the CS and B types still in the air over their hexes once the interceptions are over: an
 * aborted or destroyed flyer interdicts nothing (D-AMB-46); a B type's mark is heavy, a CS type's light, heavy winning
 * in a hex both mark (VV-ETH-24 to VV-ETH-29).
 */
export function markInterdictions(state: VernianState, ctx: PhaseContext): void {
  for (const flyer of Object.keys(state.air.missions).sort()) {
    const m = state.air.missions[flyer]!;
    if (m.kind !== 'interdict') continue;
    const level = flyerRole(state, flyer) === 'B' ? 'heavy' : 'light';
    if (state.air.interdicted[m.hex] !== 'heavy') state.air.interdicted[m.hex] = level;
  }
  for (const hex of Object.keys(state.air.interdicted).sort())
    ctx.emit({ type: 'interdiction', hex, place: hexLabel(hex), level: state.air.interdicted[hex]! });
}

/**
 * Send a flyer back to base from the hex it is over, at most `range` hexes (barred hexes avoided): to the base it flew
 * from when that is still a base and in range, else to the nearest base in range with room for another flyer
 * (VV-ETH-06), then the lowest hex id; with none, the flyer is destroyed (D-AMB-39). Its mission ends.
 */
export function returnToBase(state: VernianState, ctx: PhaseContext, flyer: string, over: string, range: number): void {
  const p = state.pieces[flyer]!;
  const label = pieceStateLabel(flyer, p);
  delete state.air.missions[flyer];
  const barred = barredTo(state, p.side);
  const reach = flightReach(over, range, barred);
  const occ = occupancy(state);
  const ok = (hex: string) => reach.has(hex) && baseRefusal(state, p.side, 'flyer', hex, occ) === undefined;
  if (ok(p.at)) {
    ctx.emit({ type: 'air-return', piece: flyer, label, from: over, to: p.at, place: hexLabel(p.at) });
    return;
  }
  const limit = perHexLimit('flyer') ?? Infinity;
  const flyersAt = (hex: string) =>
    Object.values(state.pieces).filter((q) => q.at === hex && q.side === p.side && pieceType(q.type).kind === 'flyer').length;
  const base = [...reach]
    .filter(([hex]) => ok(hex) && flyersAt(hex) < limit)
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    .map(([hex]) => hex)[0];
  if (base === undefined) {
    p.at = 'out';
    ctx.emit({ type: 'air-return-lost', piece: flyer, label, from: over, place: hexLabel(over), range });
    return;
  }
  p.at = base;
  ctx.emit({ type: 'air-return', piece: flyer, label, from: over, to: base, place: hexLabel(base) });
}

/** A mission flyer's return to base from its hex, within the mission range (VV-ETH-14, VV-ETH-32). */
export const missionReturn = (state: VernianState, ctx: PhaseContext, flyer: string, over: string): void =>
  returnToBase(state, ctx, flyer, over, airWar().missions.missionRange);

/**
 * The Ether Flyer Return to Base Phase, after the Combat Phase (VV-SEQ-18, VV-ETH-31): every Allied flyer still in the
 * air returns to base, in id order, and the interdiction marks are lifted with them (VV-ETH-26, VV-ETH-30).
 */
export function returnFromMissions(state: VernianState, ctx: PhaseContext): void {
  for (const flyer of Object.keys(state.air.missions).sort()) {
    const m = state.air.missions[flyer]!;
    if (!isOnMap(state.pieces[flyer]!.at)) delete state.air.missions[flyer];
    else missionReturn(state, ctx, flyer, m.hex);
  }
  state.air.missions = {};
  state.air.interdicted = {};
}

/**
 * What holds between steps of a game still going (a game won in mid-turn stops before its flyers return): every Allied
 * flyer back from its mission and no hex interdicted (VV-ETH-26, VV-ETH-30, VV-ETH-31).
 */
export function airInvariants(state: VernianState): string[] {
  const out: string[] = [];
  if (state.over) return out;
  for (const id of Object.keys(state.air.missions)) out.push(`${id} is still in the air on a mission between steps`);
  for (const hex of Object.keys(state.air.interdicted)) out.push(`${hex} is still interdicted between steps`);
  return out;
}
