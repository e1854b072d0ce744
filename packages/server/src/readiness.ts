import type { GameRecord } from '@umpire/engine';

/**
 * A seat's ready flag names what it confirms: the step it was given in and the receipt (orderHash) of the orders the
 * seat had stored then (seats.ready_step, seats.ready_hash). A ready counts only while that step is open and those
 * orders are still the seat's: a ready that arrives late, is retried or was given for other orders never carries
 * into another step or over newer orders.
 */

export interface ReadyFlag {
  readonly seat: string;
  readonly ready: boolean;
  readonly ready_step?: string | null;
  readonly ready_hash?: string | null;
}

/** Whether a seat is ready in a step of the record: its flag names this step and the orders it holds in it. */
export function seatReady(flag: ReadyFlag, step: Pick<GameRecord['steps'][number], 'id' | 'status' | 'submissions'>): boolean {
  if (!flag.ready || step.status === 'resolved' || flag.ready_step !== step.id) return false;
  const held = step.submissions.find((s) => s.seat === flag.seat);
  return held !== undefined && held.orderHash === flag.ready_hash;
}
