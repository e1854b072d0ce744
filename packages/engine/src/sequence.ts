/** A seat at the table: who sends orders (a nation, a side). */
export type SeatId = string;

/**
 * Turn shapes. A turn is a list of segments:
 * - `orders`: the listed seats each send one set of orders (all at once when there are several: simultaneous
 *   play; one seat: a player-turn or a sub-phase of it), then the phases run in order. No seats: it runs at once.
 * - `activations`: the seats take turns, one activation per step, in the listed order, until every seat has
 *   passed in a row (or `limit` activations have been made).
 */
export type Segment =
  | { readonly kind: 'orders'; readonly id: string; readonly seats: readonly SeatId[]; readonly phases: readonly string[] }
  | { readonly kind: 'activations'; readonly id: string; readonly seats: readonly SeatId[]; readonly phase: string; readonly limit?: number };

export type TurnPlan = readonly Segment[];

/** Where the game is: which turn, which segment, and inside an activation segment whose activation. */
export interface Clock {
  readonly turn: number;
  readonly segment: number;
  readonly activation?: { readonly index: number; readonly passes: number; readonly made: number };
}

export interface StepInfo {
  /** Stable and unique in a game: 't3.orders', 't2.naval.a4'. */
  readonly id: string;
  readonly turn: number;
  readonly segment: string;
  readonly seats: readonly SeatId[];
  readonly phases: readonly string[];
  readonly activation?: number;
}

export const startClock: Clock = { turn: 1, segment: 0 };

export function currentStep(plan: TurnPlan, clock: Clock): StepInfo | null {
  const seg = plan[clock.segment];
  if (!seg) return null;
  if (seg.kind === 'orders') {
    return { id: `t${clock.turn}.${seg.id}`, turn: clock.turn, segment: seg.id, seats: [...seg.seats], phases: [...seg.phases] };
  }
  const a = clock.activation ?? { index: 0, passes: 0, made: 0 };
  const seat = seg.seats[a.index % seg.seats.length];
  if (seat === undefined) return null;
  return { id: `t${clock.turn}.${seg.id}.a${a.made + 1}`, turn: clock.turn, segment: seg.id, seats: [seat], phases: [seg.phase], activation: a.made + 1 };
}

/**
 * The clock after the current step resolved. `passed` says whether an activation was a pass.
 * Returns a clock with `segment === plan.length` when the turn is over: call `nextTurn`.
 */
export function advanceClock(plan: TurnPlan, clock: Clock, passed: boolean): Clock {
  const seg = plan[clock.segment];
  if (!seg) return clock;
  if (seg.kind === 'orders') return { turn: clock.turn, segment: clock.segment + 1 };
  const a = clock.activation ?? { index: 0, passes: 0, made: 0 };
  const passes = passed ? a.passes + 1 : 0;
  const made = a.made + 1;
  const finished = passes >= seg.seats.length || (seg.limit !== undefined && made >= seg.limit);
  if (finished) return { turn: clock.turn, segment: clock.segment + 1 };
  return { turn: clock.turn, segment: clock.segment, activation: { index: (a.index + 1) % seg.seats.length, passes, made } };
}

export function nextTurn(clock: Clock): Clock {
  return { turn: clock.turn + 1, segment: 0 };
}
