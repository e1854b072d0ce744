import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';

/** Who gives a seat's orders: its side, the state the step starts from (the supply rules judge moves by it), the turn. */
export type SeatPlayer = { readonly side: Side; readonly start: VernianState; readonly turn: number };
