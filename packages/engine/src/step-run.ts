import { canonicalJson, clonePlain, type Json } from './canonical.js';
import { CommittedDice, ScriptedDice, type DiceSource } from './dice.js';
import type { DecisionAnswer, GameRecord, Submission } from './record.js';
import { NeedDecision, phaseContext } from './context.js';
import type { AnyRuleset, DecisionRequest, GameEvent, GameResult, Options, SeatId } from './ruleset.js';
import { advanceClock, nextTurn, type Clock, type StepInfo } from './sequence.js';

/**
 * Where a game stands: the clock, the ruleset's state and the standing orders the seats keep. Plain data; its hash is
 * the state hash.
 */
export interface Position<S = Json> {
  readonly clock: Clock;
  readonly state: S;
  /**
   * The standing orders each seat keeps between steps (`Ruleset.standingOrders`), by seat in sorted order. Absent while
   * no seat keeps any: always so in the opening position and in every game of a ruleset without standing orders, whose
   * positions and hashes are the same as before standing orders were added.
   */
  readonly standing?: Readonly<Record<SeatId, Json>>;
}

/**
 * The standing orders kept in a step and after it: the position's, with what each set of orders a seat sent for the step
 * says lasts (`Ruleset.standingOrders`: undefined keeps, null clears, other JSON replaces). The empty orders that stand
 * in for a seat that sent nothing change nothing. Undefined when no seat keeps any.
 */
export function standingAfter(
  ruleset: AnyRuleset,
  position: Position<unknown>,
  info: StepInfo,
  submissions: readonly Submission[],
): Readonly<Record<SeatId, Json>> | undefined {
  const kept = new Map<SeatId, Json>(Object.entries(position.standing ?? {}));
  if (ruleset.standingOrders) {
    for (const s of submissions) {
      if (s.source === 'default') continue;
      const part = ruleset.standingOrders(s.orders, { state: position.state, seat: s.seat, step: info }, kept.get(s.seat)) as
        | Json
        | undefined;
      if (part === undefined) continue;
      if (part === null) kept.delete(s.seat);
      else kept.set(s.seat, clonePlain(part));
    }
  }
  if (kept.size === 0) return undefined;
  return Object.fromEntries([...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** What a step runs with besides its starting position, its seats and phases, and its orders. */
export interface StepRun<S> {
  readonly dice: DiceSource;
  readonly answers: readonly DecisionAnswer[];
  readonly decisions: 'standing' | 'ask';
  /** The game's options, as the record's header holds them: what phases read as `ctx.options`. */
  readonly options: Options;
  /** Called after each phase with a copy of the state, made only when `copy` is called. */
  readonly onPhase?: (phase: string, copy: () => S) => void;
}

export type StepOutcome<S> =
  | { readonly kind: 'done'; readonly position: Position<S>; readonly events: GameEvent[]; readonly rolls: number; readonly result?: GameResult }
  | { readonly kind: 'paused'; readonly request: DecisionRequest; readonly events: GameEvent[]; readonly rolls: number };

/** Run one step's phases from its starting position. Shared by live resolution (game.ts) and replay (verify.ts), so both agree. */
export function runStep<S>(ruleset: AnyRuleset, position: Position<S>, info: StepInfo, submissions: readonly Submission[], run: StepRun<S>): StepOutcome<S> {
  const { dice, answers, decisions, options, onPhase } = run;
  const orders = new Map<SeatId, Json>(submissions.map((s) => [s.seat, clonePlain(s.orders)]));
  let state = clonePlain(position.state);
  const standing = standingAfter(ruleset, position, info, submissions);
  const ctx = phaseContext({ step: info, dice, answers, decisions, options, ...(standing ? { standing } : {}) });
  const { events, used } = ctx;
  for (const s of submissions) if (s.source === 'default') events.push({ type: 'no-orders', seat: s.seat });
  try {
    for (const phase of info.phases) {
      const fn = ruleset.phases[phase];
      if (!fn) throw new Error(`${ruleset.id} has no phase '${phase}'`);
      events.push({ type: 'phase', phase });
      const next = fn(state, orders, ctx);
      if (next !== undefined) state = next;
      onPhase?.(phase, () => clonePlain(state));
    }
  } catch (e) {
    if (e instanceof NeedDecision) return { kind: 'paused', request: e.request, events, rolls: ctx.rolls() };
    throw e;
  }
  const unused = answers.filter((a) => !used.has(a.id));
  if (unused.length) throw new Error(`answers that no decision asked for: ${unused.map((a) => a.id).join(', ')}`);
  const plan = ruleset.turnPlan(position.state, position.clock.turn);
  const seat = info.seats[0];
  const passed =
    info.activation !== undefined && seat !== undefined
      ? (() => {
          const o = orders.get(seat) as Json;
          const octx = { state: position.state, seat, step: info };
          return ruleset.isPass ? ruleset.isPass(o, octx) : canonicalJson(o) === canonicalJson(ruleset.emptyOrders(octx));
        })()
      : false;
  let clock = advanceClock(plan, position.clock, passed);
  let result: GameResult | undefined = ruleset.suddenDeath?.(state) ?? undefined;
  if (clock.segment >= plan.length) {
    result ??= ruleset.result(state, clock.turn + 1) ?? undefined;
    clock = nextTurn(clock);
  }
  const after: Position<S> = { clock, state: state as S, ...(standing ? { standing } : {}) };
  return { kind: 'done', position: after, events, rolls: ctx.rolls(), ...(result ? { result } : {}) };
}

function rollsBefore(record: GameRecord, index: number): number {
  let n = 0;
  for (const step of record.steps.slice(0, index)) for (const e of step.events) if (e.type === 'roll') n++;
  return n;
}

export function diceFor(record: GameRecord, index: number, seed: string | undefined): DiceSource {
  const mode = record.header.dice;
  if (mode.mode === 'scripted') return new ScriptedDice(mode.script, rollsBefore(record, index));
  return new CommittedDice(seed!);
}

