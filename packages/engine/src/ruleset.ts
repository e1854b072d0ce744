import type { Json } from './canonical.js';
import type { Random } from './dice.js';
import type { Problem } from './problems.js';
import type { Result } from './result.js';
import type { SeatId, StepInfo, TurnPlan } from './sequence.js';

export type { SeatId } from './sequence.js';
export type Options = Readonly<Record<string, string | number | boolean>>;

/**
 * Something that happened, for the record and the reports. `visibleTo` lists the seats that see it;
 * without it every seat does. Rolls are events of type 'roll'.
 */
export interface GameEvent {
  readonly type: string;
  readonly visibleTo?: readonly SeatId[];
  readonly [key: string]: Json | readonly SeatId[] | undefined;
}

export interface RollEvent extends GameEvent {
  readonly type: 'roll';
  readonly sides: number;
  readonly value: number;
  readonly purpose: string;
}

/**
 * A choice a seat must make while a step resolves (which unit takes a hit, retreat or fight on...).
 * `default` is used when nobody answers; `standing` is the seat's standing order for it, if it gave one: in its orders
 * for this step, or in the standing orders it keeps between steps (`PhaseContext.standing`), which the phase turns into
 * the answer to this request.
 */
export interface DecisionRequest<A extends Json = Json> {
  /** Stable within a step: the same resolution asks the same ids in the same order. */
  readonly id: string;
  readonly seat: SeatId;
  readonly kind: string;
  readonly prompt: string;
  readonly options: readonly A[];
  readonly default: A;
  readonly standing?: A;
}

export interface RollVisibility {
  readonly visibleTo?: readonly SeatId[];
}

export interface PhaseContext {
  readonly step: StepInfo;
  readonly turn: number;
  /** The game's options as the record's header holds them: every declared option, defaults filled in. */
  readonly options: Options;
  /**
   * The standing orders a seat keeps between steps (`Ruleset.standingOrders`), as they stand in this step: those it
   * kept before, replaced by what its orders for this step say lasts. Undefined when it keeps none. A copy: changing
   * it changes nothing. A phase that asks the seat a decision builds the request's `standing` answer from it.
   */
  standing(seat: SeatId): Json | undefined;
  /**
   * Roll one die; the roll is recorded with its purpose. `visibleTo` keeps a secret roll (an umpire's hidden
   * roll, a secret action) out of the other seats' reports; `umpire verify` still checks it.
   */
  roll(sides: number, purpose: string, how?: RollVisibility): number;
  /** Roll several dice for the same purpose ("Germany attacks Warsaw, round 2: infantry"). */
  rollDice(count: number, sides: number, purpose: string, how?: RollVisibility): number[];
  emit(event: GameEvent): void;
  /** Ask a seat for a decision; returns the answer, the standing order or the default. */
  decide<A extends Json>(request: DecisionRequest<A>): A;
}

/** A phase changes the state it is given (a private copy) or returns a new one. */
export type Phase<S, O> = (state: S, orders: ReadonlyMap<SeatId, O>, ctx: PhaseContext) => S | void;

export interface OptionSpec {
  readonly key: string;
  readonly description: string;
  readonly type: 'boolean' | 'number' | 'string';
  readonly default: string | number | boolean;
  readonly choices?: readonly string[];
}

export interface LegalAction<O> {
  readonly label: string;
  /** The whole draft after taking this action. */
  readonly next: O;
}

export interface GameResult {
  readonly winners: readonly SeatId[];
  readonly summary: string;
}

/**
 * Something that writes a seat's orders for a step: from the context (what the seat may see), a stream of choices
 * drawn from the game's seed or a step's secret, and the ruleset. Pure: the same arguments give the same orders.
 */
export type RulesetBot<S extends Json = Json, O extends Json = Json> = (ctx: OrdersContext<S>, rng: Random, ruleset: Ruleset<S, O>) => O;

export interface OrdersContext<S> {
  readonly state: S;
  readonly seat: SeatId;
  readonly step: StepInfo;
}

/**
 * A game: its data, its turn plan, its phases and its order language. Everything here is pure.
 * State S and orders O are plain JSON data.
 */
export interface Ruleset<S extends Json = Json, O extends Json = Json> {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly scenarios: readonly string[];
  readonly defaultScenario: string;
  readonly options: readonly OptionSpec[];

  /** The opening state of a scenario, or the problems that stop it loading. */
  setup(scenario: string, options: Options): Result<S, Problem[]>;
  /** Every seat of the game, in a stable order. */
  seats(state: S): readonly SeatId[];
  /** The segments of a turn, in order. Turns are numbered from 1. */
  turnPlan(state: S, turn: number): TurnPlan;
  readonly phases: Readonly<Record<string, Phase<S, O>>>;
  /** Whether the game has ended before `nextTurn` begins. */
  result(state: S, nextTurn: number): GameResult | null;
  /**
   * Sudden death: whether the game ended in the step just resolved, mid-turn (a side met a condition that wins at
   * once). Asked after every step; `result` is still asked at the end of each turn. Without it a game ends only
   * between turns.
   */
  suddenDeath?(state: S): GameResult | null;

  /** Text orders to JSON orders, with located problems. */
  parseOrders(text: string, ctx: OrdersContext<S>): Result<O, Problem[]>;
  /** Check JSON orders (from the web, the API or a parsed text) against the state the step starts from. */
  checkOrders(orders: unknown, ctx: OrdersContext<S>): Result<O, Problem[]>;
  /** JSON orders back to the text form players type. */
  formatOrders(orders: O, ctx: OrdersContext<S>): string;
  /** What a seat that sends nothing is taken to have ordered. */
  emptyOrders(ctx: OrdersContext<S>): O;
  /** The legal next additions to a draft of orders; an empty list means the draft can only be submitted. */
  legalActions(draft: O, ctx: OrdersContext<S>): readonly LegalAction<O>[];
  /**
   * The legal additions to a draft that start at one area (a territory or sea zone): the orders a player gives by
   * clicking the area (move its units to each place they may go, build there...). Optional: a client without it
   * offers the text editor and `legalActions`.
   */
  actionsAt?(draft: O, ctx: OrdersContext<S>, area: string): readonly LegalAction<O>[];
  /** The order language at a glance: each kind of order, the words that start it and an example line. */
  readonly orderForms?: readonly { readonly kind: string; readonly words: readonly string[]; readonly example: string }[];
  /**
   * What of a seat's orders lasts beyond their step: the standing orders the seat keeps between steps until it changes
   * them (an interception order given in its own player-turn, used in the other side's, when it sends nothing). Called
   * with each set of orders a seat sent (not the empty orders that stand in for a seat that sent nothing, which keeps
   * its standing orders) with the context the orders were checked in. Undefined: these orders leave the seat's
   * standing orders as they are; null: they clear them; any other JSON replaces them whole. Phases read them with
   * `PhaseContext.standing`. Without this member no seat keeps any, and positions and hashes are as before. `kept` is
   * what the seat keeps before these orders, for a ruleset whose standing orders have several parts that orders
   * replace one at a time.
   */
  standingOrders?(orders: O, ctx: OrdersContext<S>, kept?: Json): Json | undefined;
  /** For activation segments: whether these orders are a pass. Defaults to 'equal to the empty orders'. */
  isPass?(orders: O, ctx: OrdersContext<S>): boolean;
  /**
   * The ruleset's own bots, by name (the engine's random legal player needs none): a server or the lab gives a seat
   * one of these. A bot sees only what its seat may see: the context of its orders.
   */
  readonly bots?: Readonly<Record<string, RulesetBot<S, O>>>;
  /** Rule invariants that must hold after every step; each string names a violation. */
  invariants?(state: S): readonly string[];

  /** How reports name a turn ('Turn 3, December 1914 - January 1915'), from the state the turn starts or ends in. */
  turnLabel?(turn: number, state: S): string;
  /** One line of plain text for an event, for reports; undefined leaves it to the generic wording. */
  describeEvent?(event: GameEvent): string | undefined;
  /**
   * The ids of the rule book's rules an event applied (a battle: the combat rules), for reports to link to the rule
   * book (rule-book.ts). Empty or absent: the event names none.
   */
  eventRules?(event: GameEvent): readonly string[];
  /** What a seat should see of a state in its report (treasury, technology...); no seat means the public view. */
  describeState?(state: S, seat: SeatId | undefined): readonly ReportSection[];
  /**
   * What a seat may see of a state (a visitor's view: no seat): everything public and the seat's own secrets, the
   * other seats' secrets withheld. Plain JSON, drawn by clients instead of the state. Without it a seat sees the whole
   * state. Pure, like every member.
   */
  view?(state: S, seat: SeatId | undefined): Json;
}

/** A block of a report: a title and either lines of text or a table. */
export interface ReportSection {
  readonly title: string;
  readonly lines?: readonly string[];
  readonly table?: { readonly columns: readonly string[]; readonly rows: readonly (readonly (string | number)[])[] };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any>;
