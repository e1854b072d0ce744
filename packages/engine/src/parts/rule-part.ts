/**
 * Rule parts: a ruleset as one ordered list of parts, each named after its section of the rule book, from which
 * what every part contributes is derived: how it reacts to what the phases announce, its event texts, its report
 * sections and its invariants. A new rule is a part and its line in the list.
 */
import type { GameEvent, ReportSection, SeatId } from '../ruleset.js';
import type { Happening, Questions, Reacting } from './reactions.js';

export interface RulePart<S, H extends Happening = Happening, Q extends Questions = Record<never, never>> extends Reacting<S, H, Q> {
  /** The part's name, after its section of the rule book. */
  readonly id: string;
  /** The clause families it implements (e.g. 'GW-NEUT-USA'). */
  readonly clauses?: readonly string[];
  /** One line for an event of the part's, or undefined for an event it does not know. */
  readonly describeEvent?: (event: GameEvent) => string | undefined;
  /** What the part adds to a seat's report (a visitor's when `seat` is undefined). */
  readonly sections?: (state: S, seat: SeatId | undefined) => ReportSection[];
  /** What must hold after every step; each string names a violation. */
  readonly invariants?: (state: S) => string[];
}

/** The first part, in the list's order, that has a line for the event. */
export function describeEventBy<S, H extends Happening, Q extends Questions>(parts: readonly RulePart<S, H, Q>[]): (event: GameEvent) => string | undefined {
  const describers = parts.flatMap((p) => (p.describeEvent ? [p.describeEvent] : []));
  return (event) => {
    for (const describe of describers) {
      const line = describe(event);
      if (line !== undefined) return line;
    }
    return undefined;
  };
}

/** Every part's report sections, in the list's order. */
export function sectionsBy<S, H extends Happening, Q extends Questions>(parts: readonly RulePart<S, H, Q>[]): (state: S, seat: SeatId | undefined) => ReportSection[] {
  return (state, seat) => parts.flatMap((p) => p.sections?.(state, seat) ?? []);
}

/** Every part's invariants, in the list's order. */
export function invariantsBy<S, H extends Happening, Q extends Questions>(parts: readonly RulePart<S, H, Q>[]): (state: S) => string[] {
  return (state) => parts.flatMap((p) => p.invariants?.(state) ?? []);
}
