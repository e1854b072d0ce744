import { orderLanguage, widen, type OrderList, type OrdersContext } from '@umpire/engine';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { attackSpec } from '../combat/attack-order.js';
import { moveSpec } from './move.js';
import { bombardSpec } from '../artillery/bombard.js';
import type { SeatPlayer } from './player.js';
import { placeSpec, setupSpec } from './specs.js';
import { withdrawSpec, type WithdrawOrder } from './withdraw.js';
import { stormsSpec, type StormsOrder } from '../inventions/storms.js';
import { embarkSpec, rebaseSpec, sortieSpec } from '../air/air-orders.js';
import { escortSpec, interdictSpec, sweepSpec } from '../air/mission-orders.js';
import { interceptSpec, type InterceptOrder } from '../air/interception.js';

/**
 * vernian's order language on the engine's kit: the kinds in the order the turn resolves them (set-up, placing new
 * units, the Allied flyers' missions, moving, bombarding, attacking), then the standing orders. A seat's player is its
 * side; its orders draw on no budget.
 */

export type VernianOrders = OrderList;

export const specs = [
  widen(setupSpec),
  widen(placeSpec),
  widen(rebaseSpec),
  widen(embarkSpec),
  widen(sortieSpec),
  widen(interdictSpec),
  widen(escortSpec),
  widen(sweepSpec),
  widen(moveSpec),
  widen(bombardSpec),
  widen(attackSpec),
  widen(withdrawSpec),
  widen(stormsSpec),
  widen(interceptSpec),
];

export const language = orderLanguage<VernianState, SeatPlayer>(specs, {
  playerOf: (ctx: OrdersContext<VernianState>) =>
    ctx.seat === 'germany' || ctx.seat === 'allies' ? { side: ctx.seat as Side, start: ctx.state, turn: ctx.step.turn } : undefined,
  noPlayer: (ctx) => ({ code: 'no-seat', message: `no seat '${ctx.seat}': the seats are germany and allies` }),
  budget: () => 0,
});

export const orderForms = specs.map((s) => ({ kind: s.kind, words: [...s.words], example: s.example }));

/**
 * A seat's standing orders: the Allies' withdrawal from England (VV-ENG-02) and their Storm markers (VV-WCPD-11), and
 * either side's fighters that intercept in the other's turn (VV-ETH-22).
 */
export type Standing = { withdraw?: string[]; storms?: string[]; intercept?: string[] };

/**
 * What of a seat's orders lasts beyond their step: each part until an order of its kind replaces it, the other part
 * kept as it was (`kept`); undefined when these orders change neither.
 */
export function standingOrders(orders: OrderList, kept?: Standing): Standing | undefined {
  const w = orders.orders.find((o) => o.kind === 'withdraw') as WithdrawOrder | undefined;
  const s = orders.orders.find((o) => o.kind === 'storms') as StormsOrder | undefined;
  const i = orders.orders.find((o) => o.kind === 'intercept') as InterceptOrder | undefined;
  if (!w && !s && !i) return undefined;
  const next: Standing = { ...kept };
  if (w) next.withdraw = [...w.units];
  if (s) next.storms = [...s.hexes];
  if (i) next.intercept = [...i.flyers];
  return next;
}
