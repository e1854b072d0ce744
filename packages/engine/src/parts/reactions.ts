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

type AnyAdjustment<S> = (state: S, question: unknown, answer: unknown) => unknown;

export class Switchboard<S, H extends Happening, Q extends Questions = Record<never, never>> {
  #parts: readonly Reacting<S, H, Q>[] | undefined;
  /** Per kind of happening and per question, the parts that answer, in order: found once, at install. */
  #reactions = new Map<string, { readonly id: string; readonly run: Reaction<S, H> }[]>();
  #adjustments = new Map<string, AnyAdjustment<S>[]>();

  constructor(readonly name: string) {}

  /** Installs the ruleset's parts, in their order. Installing a second, different list is a mistake. */
  install(parts: readonly Reacting<S, H, Q>[]): void {
    if (this.#parts === parts) return;
    if (this.#parts) throw new Error(`${this.name}: the rule parts are already installed`);
    this.#parts = parts;
    for (const part of parts) {
      for (const [kind, run] of Object.entries(part.reactions ?? {})) {
        if (!this.#reactions.has(kind)) this.#reactions.set(kind, []);
        this.#reactions.get(kind)!.push({ id: part.id, run: run as Reaction<S, H> });
      }
      for (const [kind, adjustment] of Object.entries(part.adjustments ?? {})) {
        if (!this.#adjustments.has(kind)) this.#adjustments.set(kind, []);
        this.#adjustments.get(kind)!.push(adjustment as AnyAdjustment<S>);
      }
    }
  }

  get installed(): boolean {
    return this.#parts !== undefined;
  }

  /** The ids of the parts that react to a kind of happening, in the order they react. */
  reactorsOf(kind: H['kind']): string[] {
    return (this.#reactions.get(kind) ?? []).map((r) => r.id);
  }

  /** The answer to a question, from the phase's own `answer` adjusted by every part that has a say, in order. */
  adjust<K extends keyof Q & string>(state: S, kind: K, question: Q[K][0], answer: Q[K][1]): Q[K][1] {
    this.#mustBeInstalled();
    let value: unknown = answer;
    for (const adjustment of this.#adjustments.get(kind) ?? []) value = adjustment(state, question, value);
    return value as Q[K][1];
  }

  /** Every part that reacts to `happening.kind` reacts, in the parts' order. */
  react(state: S, ctx: PhaseContext, happening: H): void {
    this.#mustBeInstalled();
    for (const reaction of this.#reactions.get(happening.kind) ?? []) reaction.run(state, ctx, happening);
  }

  #mustBeInstalled(): void {
    if (!this.#parts) throw new Error(`${this.name}: a phase reacted before the rule parts were installed (import the ruleset)`);
  }
}
