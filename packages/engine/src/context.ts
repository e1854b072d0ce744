import { canonicalJson, clonePlain, type Json } from './canonical.js';
import { ScriptedDice, type DiceSource } from './dice.js';
import type { DecisionAnswer } from './record.js';
import type { DecisionRequest, GameEvent, Options, PhaseContext } from './ruleset.js';
import type { SeatId, StepInfo } from './sequence.js';

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

/** What a step's phases may read besides the state and the orders: the game's options and the standing orders kept. */
export interface PhaseSurroundings {
  /** The game's options (the record header's); none when not given. */
  readonly options?: Options;
  /** The standing orders each seat keeps in this step (the position's, with this step's orders applied). */
  readonly standing?: Readonly<Record<SeatId, Json>>;
}

/**
 * The context a step's phases run in: dice that are recorded with their purpose, events, and decisions
 * answered from the recorded answers, the seat's standing order, the default, or (in 'ask' mode) by pausing;
 * the game's options and the seats' standing orders to read.
 */
export function phaseContext(
  opts: {
    readonly step: StepInfo;
    readonly dice: DiceSource;
    readonly answers?: readonly DecisionAnswer[];
    readonly decisions?: 'standing' | 'ask';
  } & PhaseSurroundings,
): RecordingContext {
  const events: GameEvent[] = [];
  const used = new Set<string>();
  const answers = opts.answers ?? [];
  const options: Options = Object.freeze({ ...opts.options });
  const standing = opts.standing ?? {};
  let rolls = 0;
  const ctx: RecordingContext = {
    step: opts.step,
    turn: opts.step.turn,
    options,
    standing(seat) {
      return Object.hasOwn(standing, seat) ? clonePlain(standing[seat]!) : undefined;
    },
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

/**
 * A phase context with scripted dice, for unit tests of single rules: `const ctx = scriptedContext([9, 3])`; the
 * game's options and the standing orders kept may be given too.
 */
export function scriptedContext(script: readonly number[], step: Partial<StepInfo> = {}, around: PhaseSurroundings = {}): RecordingContext {
  return phaseContext({
    step: { id: 't1.test', turn: 1, segment: 'test', seats: [], phases: [], ...step },
    dice: new ScriptedDice(script),
    ...around,
  });
}
