/**
 * Reactions: how a special rule changes a phase without being imported by it. A phase announces what happened (a war
 * declared, a territory captured, units placed at sea) as a plain value with a `kind`; the rule parts that care
 * react to it, in the fixed order of the ruleset's list of parts, so that every game replays exactly.
 *
 * A phase may also ask the parts a question whose answer they adjust (may this nation join a side now? where does
 * this move of a track end?): `adjust` starts from the phase's own answer and lets each part that has a say change
 * it, in the same fixed order.
 *
 * A ruleset makes one `Switchboard` in a leaf module that its phases import, and installs its list of parts in it
 * once, from the module that assembles the ruleset. Phases call `react` and `adjust`; they never import the parts.
 */
import type { PhaseContext } from '../ruleset.js';

/** Something that happened, announced to the rule parts. */
export interface Happening {
  readonly kind: string;
}

/** One part's answer to one kind of happening: it may change the state, emit events and roll. */
export type Reaction<S, H extends Happening> = (state: S, ctx: PhaseContext, happening: H) => void;

/** A part's reactions, by the kind of happening. */
export type Reactions<S, H extends Happening> = { readonly [K in H['kind']]?: Reaction<S, Extract<H, { kind: K }>> };

/** The questions a ruleset's phases ask, by name: what is asked, and the type of the answer. */
export type Questions = Record<string, readonly [question: unknown, answer: unknown]>;

/** A part's say in the answers to questions, by name: it gets the answer so far and gives it back, changed or not. */
export type Adjustments<S, Q extends Questions> = {
  readonly [K in keyof Q]?: (state: S, question: Q[K][0], answer: Q[K][1]) => Q[K][1];
};

/** What the switchboard needs of a rule part. */
export interface Reacting<S, H extends Happening, Q extends Questions = Record<never, never>> {
  readonly id: string;
  readonly reactions?: Reactions<S, H>;
  readonly adjustments?: Adjustments<S, Q>;
}

export class Switchboard<S, H extends Happening, Q extends Questions = Record<never, never>> {
  #parts: readonly Reacting<S, H, Q>[] | undefined;

  constructor(readonly name: string) {}

  /** Installs the ruleset's parts, in their order. Installing a second, different list is a mistake. */
  install(parts: readonly Reacting<S, H, Q>[]): void {
    if (this.#parts && this.#parts !== parts) throw new Error(`${this.name}: the rule parts are already installed`);
    this.#parts = parts;
  }

  get installed(): boolean {
    return this.#parts !== undefined;
  }

  /** The ids of the parts that react to a kind of happening, in the order they react. */
  reactorsOf(kind: H['kind']): string[] {
    return (this.#parts ?? []).filter((p) => p.reactions?.[kind as H['kind']]).map((p) => p.id);
  }

  /** The answer to a question, from the phase's own `answer` adjusted by every part that has a say, in order. */
  adjust<K extends keyof Q & string>(state: S, kind: K, question: Q[K][0], answer: Q[K][1]): Q[K][1] {
    let value = answer;
    for (const part of this.#installed()) {
      const adjustment = part.adjustments?.[kind];
      if (adjustment) value = adjustment(state, question, value);
    }
    return value;
  }

  /** Every part that reacts to `happening.kind` reacts, in the parts' order. */
  react(state: S, ctx: PhaseContext, happening: H): void {
    for (const part of this.#installed()) {
      const reaction = part.reactions?.[happening.kind as H['kind']] as Reaction<S, H> | undefined;
      reaction?.(state, ctx, happening);
    }
  }

  #installed(): readonly Reacting<S, H, Q>[] {
    if (!this.#parts) throw new Error(`${this.name}: a phase reacted before the rule parts were installed (import the ruleset)`);
    return this.#parts;
  }
}
