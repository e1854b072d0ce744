import { canonicalJson, clonePlain, type Json } from './canonical.js';
import { CommittedDice, ScriptedDice, type DiceSource } from './dice.js';
import type { DecisionAnswer, GameRecord, Submission } from './record.js';
import { NeedDecision, phaseContext } from './context.js';
import type { AnyRuleset, DecisionRequest, GameEvent, GameResult, SeatId } from './ruleset.js';
import { advanceClock, nextTurn, type Clock, type StepInfo } from './sequence.js';

/** Where a game stands: the clock and the ruleset's state. Plain data; its hash is the state hash. */
export interface Position<S = Json> {
  readonly clock: Clock;
  readonly state: S;
}

export type StepOutcome<S> =
  | { readonly kind: 'done'; readonly position: Position<S>; readonly events: GameEvent[]; readonly rolls: number; readonly result?: GameResult }
  | { readonly kind: 'paused'; readonly request: DecisionRequest; readonly events: GameEvent[]; readonly rolls: number };

/** Run one step's phases from its starting position. Shared by live resolution (game.ts) and replay (verify.ts), so both agree. */
export function runStep<S>(
  ruleset: AnyRuleset,
  position: Position<S>,
  info: StepInfo,
  submissions: readonly Submission[],
  dice: DiceSource,
  answers: readonly DecisionAnswer[],
  decisions: 'standing' | 'ask',
  /** Called after each phase with a copy of the state, made only when `copy` is called. */
  onPhase?: (phase: string, copy: () => S) => void,
): StepOutcome<S> {
  const orders = new Map<SeatId, Json>(submissions.map((s) => [s.seat, clonePlain(s.orders)]));
  let state = clonePlain(position.state);
  const ctx = phaseContext({ step: info, dice, answers, decisions });
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
  let result: GameResult | undefined;
  if (clock.segment >= plan.length) {
    result = ruleset.result(state, clock.turn + 1) ?? undefined;
    clock = nextTurn(clock);
  }
  return { kind: 'done', position: { clock, state: state as S }, events, rolls: ctx.rolls(), ...(result ? { result } : {}) };
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

