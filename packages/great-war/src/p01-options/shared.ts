/**
 * Clauses: GW-OPT (what the options of the five nations share).
 * The record of the national options in `state.politics`, their numbers, their order kinds and the checks and
 * payments every option makes (D-OPT-11): who holds an option, once a turn, what it costs, the swing of US opinion.
 */
import { jsonPath, type PhaseContext, type Problem } from '@umpire/engine';
import { nationName } from '../base/conquest.js';
import { minorOf, nationOf, type GreatWarState, type NationState } from '../base/nations.js';
import type { OrderSpec, Ledger, Ctx } from '../orders/language.js';
import { optionNumbers } from '../data/national-options.js';
import { shiftUsEntry, type UsEntryEvent } from '../p01-diplomacy/politics.js';

declare module '../base/nations.js' {
  interface PoliticsSlices {
    options: OptionsState;
  }
}

/** This part's record in `state.politics`. */
export type OptionsState = {
  /** The turn Germany last declared unrestricted submarine warfare; null while it never has (the flag itself is `economicWar.unrestrictedSubmarineWarfare`). */
  submarineWarfareDeclared: number | null;
  /** Germany paid to retract unrestricted submarine warfare and may never declare it again (GW-OPT-GER-14). */
  submarineWarfareRenounced: boolean;
  /** How German support for an Irish rebellion ended: no more attempts once it has (GW-OPT-GER-22). */
  irish: 'rebellion' | 'back-britain' | null;
  /** The turn Austria-Hungary offered Serbia peace (once a game, GW-OPT-AUH-02), and whether Serbia accepted. */
  serbianPeace: { turn: number; accepted: boolean } | null;
  /** German option 9: the turn the Adriatic submarine was built and the port it was built in (once a game, D-OPT-12). */
  adriatic: { turn: number; port: string } | null;
  /** The blockades of US trade of the turn in progress, noted after the naval combat for the opinion roll of phase 15 (D-OPT-1). */
  blockading: { nation: string; receivers: string[] }[];
};

export function openingOptions(): OptionsState {
  return { submarineWarfareDeclared: null, submarineWarfareRenounced: false, irish: null, serbianPeace: null, adriatic: null, blockading: [] };
}

export const numbers = () => optionNumbers;
export const record = (state: GreatWarState): OptionsState => state.politics.options;

// ---------------------------------------------------------------------------------------------------------------
// Orders

export type PropagandaOrder = { kind: 'us-propaganda' };
export type SubmarineWarfareOrder = { kind: 'unrestricted-submarine-warfare'; action: 'declare' | 'retract' };
export type ZimmermannOrder = { kind: 'zimmermann-note' };
export type IrishOrder = { kind: 'irish-rebellion' };
export type SerbianAidOrder = { kind: 'serbian-aid' };
export type SerbianPeaceOrder = { kind: 'serbian-peace' };
export type AdriaticOrder = { kind: 'adriatic-submarine' };
export type LegionOrder = { kind: 'foreign-legion'; count: number; at: string };
export type EastAfricaOrder = { kind: 'east-africa-supplies'; units: Record<string, number> };
export type OptionOrder = PropagandaOrder | SubmarineWarfareOrder | ZimmermannOrder | IrishOrder | SerbianAidOrder | SerbianPeaceOrder | AdriaticOrder | EastAfricaOrder | LegionOrder;

type Plain = Exclude<OptionOrder, SubmarineWarfareOrder | EastAfricaOrder | LegionOrder>;

/** Who has an option, in words: 'British option 4 and German option 3'. */
type Holder = { nations: () => string[]; title: string };

export const once = (kind: string, ledger: Ledger): boolean => ledger.admitted.some((o) => o.kind === kind);

export function notYours(nation: NationState, holder: Holder): Problem | undefined {
  return holder.nations().includes(nation.id) ? undefined : { code: 'not-your-option', message: `${nation.name} has no such option: this is ${holder.title}` };
}

export function afford(nation: NationState, ledger: Ledger, cost: number, what: string): Problem | undefined {
  return cost > ledger.resources ? { code: 'not-enough-resources', message: `${what} costs ${cost}, and ${nation.name} has ${ledger.resources} left` } : undefined;
}

/** An option order without arguments: the word alone, or { "kind": ... }. */
export function plainSpec<O extends Plain>(kind: O['kind'], holder: Holder, cost: (ctx: Ctx) => number, check: (ledger: Ledger, ctx: Ctx, nation: NationState) => Problem | undefined): OrderSpec<O> {
  const order = { kind } as O;
  const spec: OrderSpec<O> = {
    kind,
    words: [kind],
    example: kind,
    parseText(rest, at) {
      if (rest.trim() !== '') return [{ code: 'bad-option', message: `'${kind}' takes nothing after it (${holder.title})`, line: at.line, column: at.column }];
      return { ...order };
    },
    checkJson(item, path) {
      const problems: Problem[] = [];
      for (const key of Object.keys(item)) {
        if (key === 'kind') continue;
        problems.push({ code: 'unknown-field', message: `a ${kind} order has no field '${key}'`, path: jsonPath([...path, key]) });
      }
      return problems.length ? problems : { ...order };
    },
    format: () => kind,
    refusal(_o, ledger, ctx, nation) {
      return notYours(nation, holder) ?? (once(kind, ledger) ? { code: 'once-per-turn', message: `${holder.title} may be used once a turn` } : undefined) ?? check(ledger, ctx, nation) ?? afford(nation, ledger, cost(ctx), holder.title);
    },
    cost: (_o, _l, ctx) => cost(ctx),
    candidates: (_l, _ctx, nation) => (holder.nations().includes(nation.id) ? [{ ...order }] : []),
  };
  return spec;
}

export const serbiaAtHand = (state: GreatWarState, to: string): Problem | undefined => {
  const serbia = nationOf(state, to) ?? minorOf(state, to);
  return serbia ? undefined : { code: 'no-target', message: `there is no ${nationName(undefined, to)} in this game` };
};

/** Pay for an option out of the treasury; false (and a 'national-option-void' event) when the treasury no longer holds it. */
export function pay(nation: NationState, cost: number, kind: string, ctx: PhaseContext): boolean {
  if (nation.treasury < cost) {
    ctx.emit({ type: 'national-option-void', nation: nation.id, kind, reason: 'not-enough-resources', cost, treasury: nation.treasury });
    return false;
  }
  nation.treasury -= cost;
  return true;
}

/** The US opinion shift an option brings, when the USA is still neutral. */
export function sway(state: GreatWarState, ctx: PhaseContext, delta: number, event: string, reason: string): void {
  shiftUsEntry(state, ctx, delta, event as UsEntryEvent, reason);
}
