import { err, ok, type GameResult, type Ruleset } from '@umpire/engine';
import { lastOperationalTurn, turnTitle } from './base/calendar.js';
import type { VernianState } from './base/state.js';
import { openingState } from './arrivals/opening.js';
import { language, orderForms, standingOrders, type Standing, type VernianOrders } from './orders/language.js';
import { turnPlan } from './turn/plan.js';
import { phases } from './turn/phases.js';
import { describeEvent, describeState } from './views/report.js';
import { vernianEventRules } from './views/event-rules.js';
import { invariants } from './turn/invariants.js';
import { generalBot } from './bots/general.js';

/**
 * 20,000 Leagues under the Trenches: the West Front and southern England in the summer of 1914, a hex-and-counter
 * game of Operational Turns of a week, with the variant's science-fiction changes. The base game is ours
 * (docs/vernian/base-rules.md); the variant's clauses are in docs/vernian/clauses.md.
 */

export type { VernianState } from './base/state.js';
export type { VernianOrders } from './orders/language.js';

function result(state: VernianState, nextTurn: number): GameResult | null {
  if (state.over) return outcome(state);
  if (nextTurn > lastOperationalTurn()) {
    return { winners: [], summary: 'the summer is over and no side has won: a negotiated peace (a draw)' };
  }
  return null;
}

function outcome(state: VernianState): GameResult {
  const over = state.over!;
  return { winners: over.winner === 'draw' ? [] : [over.winner], summary: over.summary };
}

export const vernian: Ruleset<VernianState, VernianOrders> = {
  id: 'vernian',
  version: '0.1.0',
  title: '20,000 Leagues under the Trenches',
  scenarios: ['summer-1914'],
  defaultScenario: 'summer-1914',
  options: [],
  setup(scenario) {
    if (scenario !== 'summer-1914') return err([{ code: 'unknown-scenario', message: `no scenario '${scenario}'; there is summer-1914` }]);
    return ok(openingState());
  },
  seats: () => ['germany', 'allies'],
  turnPlan: (_state, turn) => turnPlan(turn),
  phases,
  result,
  suddenDeath: (state) => (state.over ? outcome(state) : null),
  parseOrders: (text, ctx) => language.parseOrders(text, ctx),
  checkOrders: (orders, ctx) => language.checkOrders(orders, ctx),
  formatOrders: (orders) => language.formatOrders(orders),
  emptyOrders: () => ({ orders: [] }),
  legalActions: (draft, ctx) => language.legalActions(draft, ctx),
  actionsAt: (draft, ctx, hex) => language.actionsAt(draft, ctx, hex),
  orderForms,
  turnLabel: (turn) => turnTitle(turn),
  describeEvent,
  eventRules: vernianEventRules,
  describeState,
  standingOrders: (orders, _ctx, kept) => standingOrders(orders, (kept ?? undefined) as Standing | undefined),
  invariants,
  bots: { general: generalBot },
};
