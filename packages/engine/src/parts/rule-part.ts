/**
 * Rule parts: a ruleset as one ordered list of parts, each named after its section of the rule book, from which
 * what every part contributes is derived: its order kinds and phases (placed by name in the ruleset's turn order),
 * how it reacts to what the phases announce, its event texts, its report sections and its invariants. A new rule
 * is its module and its entry in the list.
 */
import type { GameEvent, Phase, ReportSection, SeatId } from '../ruleset.js';
import type { Happening, Questions, Reacting } from './reactions.js';

/** What the parts kit needs of an order kind: its name. */
export interface NamedKind {
  readonly kind: string;
}

export interface RulePart<
  S,
  H extends Happening = Happening,
  Q extends Questions = Record<never, never>,
  O = unknown,
  Spec extends NamedKind = NamedKind,
> extends Reacting<S, H, Q> {
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
  /** The order kinds the part adds to the order language. */
  readonly orders?: readonly Spec[];
  /** The phases the part runs, by name; the ruleset's turn order says when. */
  readonly phases?: Readonly<Record<string, Phase<S, O>>>;
}

/**
 * The phases of every part in the turn order `names`: each name must be a phase of exactly one part, and every
 * part's phase must be named, so that nothing is left out or run twice. Throws, naming what is wrong.
 */
export function phasesIn<S, H extends Happening, Q extends Questions, O, Spec extends NamedKind>(
  parts: readonly RulePart<S, H, Q, O, Spec>[],
  names: readonly string[],
): (readonly [string, Phase<S, O>])[] {
  return placeByName(
    'phase',
    parts.flatMap((p) => Object.entries(p.phases ?? {}).map(([name, run]) => ({ part: p.id, name, value: run }))),
    names,
  );
}

/** The order kinds of every part in the order `kinds`, under the same rules as `phasesIn`. */
export function ordersIn<S, H extends Happening, Q extends Questions, O, Spec extends NamedKind>(
  parts: readonly RulePart<S, H, Q, O, Spec>[],
  kinds: readonly string[],
): Spec[] {
  const placed = placeByName('order kind', parts.flatMap((p) => (p.orders ?? []).map((spec) => ({ part: p.id, name: spec.kind, value: spec }))), kinds);
  return placed.map(([, spec]) => spec);
}

function placeByName<T>(what: string, offered: readonly { part: string; name: string; value: T }[], names: readonly string[]): (readonly [string, T])[] {
  const byName = new Map<string, { part: string; value: T }>();
  for (const o of offered) {
    const twice = byName.get(o.name);
    if (twice) throw new Error(`the ${what} '${o.name}' is given by two rule parts, '${twice.part}' and '${o.part}'`);
    byName.set(o.name, o);
  }
  const listed = new Set(names);
  if (listed.size !== names.length) throw new Error(`a ${what} is listed twice in the turn order: ${names.filter((n, i) => names.indexOf(n) !== i).join(', ')}`);
  for (const o of offered) if (!listed.has(o.name)) throw new Error(`the ${what} '${o.name}' of the rule part '${o.part}' is not in the turn order`);
  return names.map((name) => {
    const found = byName.get(name);
    if (!found) throw new Error(`the turn order names the ${what} '${name}', which no rule part gives`);
    return [name, found.value] as const;
  });
}

/** The first part, in the list's order, that has a line for the event. */
export function describeEventBy<S, H extends Happening, Q extends Questions, O, Spec extends NamedKind>(
  parts: readonly RulePart<S, H, Q, O, Spec>[],
): (event: GameEvent) => string | undefined {
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
export function sectionsBy<S, H extends Happening, Q extends Questions, O, Spec extends NamedKind>(
  parts: readonly RulePart<S, H, Q, O, Spec>[],
): (state: S, seat: SeatId | undefined) => ReportSection[] {
  return (state, seat) => parts.flatMap((p) => p.sections?.(state, seat) ?? []);
}

/** Every part's invariants, in the list's order. */
export function invariantsBy<S, H extends Happening, Q extends Questions, O, Spec extends NamedKind>(
  parts: readonly RulePart<S, H, Q, O, Spec>[],
): (state: S) => string[] {
  return (state) => parts.flatMap((p) => p.invariants?.(state) ?? []);
}
