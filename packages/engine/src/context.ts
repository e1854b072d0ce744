import { canonicalJson, clonePlain, type Json } from './canonical.js';
import { ScriptedDice, type DiceSource } from './dice.js';
import type { DecisionAnswer } from './record.js';
import type { DecisionRequest, GameEvent, PhaseContext } from './ruleset.js';
import type { StepInfo } from './sequence.js';

/** Thrown by `decide` in 'ask' mode when nobody has answered yet: the step pauses. */
export class NeedDecision extends Error {
  constructor(readonly request: DecisionRequest) {
    super(`decision needed: ${request.id}`);
  }
}

export interface RecordingContext extends PhaseContext {
  /** Everything the phases emitted, rolls and decisions included, in order. */
  readonly events: GameEvent[];
  /** How many dice were rolled. */
  readonly rolls: () => number;
  /** Ids of the recorded answers that a decision used. */
  readonly used: ReadonlySet<string>;
}

/**
 * The context a step's phases run in: dice that are recorded with their purpose, events, and decisions
 * answered from the recorded answers, the seat's standing order, the default, or (in 'ask' mode) by pausing.
 */
export function phaseContext(opts: {
  readonly step: StepInfo;
  readonly dice: DiceSource;
  readonly answers?: readonly DecisionAnswer[];
  readonly decisions?: 'standing' | 'ask';
}): RecordingContext {
  const events: GameEvent[] = [];
  const used = new Set<string>();
  const answers = opts.answers ?? [];
  let rolls = 0;
  const ctx: RecordingContext = {
    step: opts.step,
    turn: opts.step.turn,
    events,
    used,
    rolls: () => rolls,
    roll(sides, purpose, how) {
      const value = opts.dice.roll(sides);
      rolls++;
      events.push({ type: 'roll', sides, value, purpose, ...(how?.visibleTo ? { visibleTo: [...how.visibleTo] } : {}) });
      return value;
    },
    rollDice(count, sides, purpose, how) {
      return Array.from({ length: count }, (_, i) => ctx.roll(sides, count > 1 ? `${purpose} #${i + 1}` : purpose, how));
    },
    emit(event) {
      events.push(clonePlain(event));
    },
    decide<A extends Json>(request: DecisionRequest<A>): A {
      const allowed = new Set(request.options.map((o) => canonicalJson(o)));
      const answer = answers.find((a) => a.id === request.id);
      const record = (value: A, source: string): A => {
        used.add(request.id);
        events.push({ type: 'decision', id: request.id, seat: request.seat, kind: request.kind, answer: value, source });
        return value;
      };
      if (answer) {
        if (answer.seat !== request.seat) throw new Error(`decision ${request.id} belongs to ${request.seat}, answered by ${answer.seat}`);
        if (!allowed.has(canonicalJson(answer.answer))) throw new Error(`answer to ${request.id} is not one of its options`);
        return record(answer.answer as A, 'answer');
      }
      if (request.standing !== undefined && allowed.has(canonicalJson(request.standing))) return record(request.standing, 'standing order');
      if ((opts.decisions ?? 'standing') === 'standing') return record(request.default, 'default');
      throw new NeedDecision(clonePlain(request) as DecisionRequest);
    },
  };
  return ctx;
}

/** A phase context with scripted dice, for unit tests of single rules: `const ctx = scriptedContext([9, 3])`. */
export function scriptedContext(script: readonly number[], step: Partial<StepInfo> = {}): RecordingContext {
  return phaseContext({
    step: { id: 't1.test', turn: 1, segment: 'test', seats: [], phases: [], ...step },
    dice: new ScriptedDice(script),
  });
}
