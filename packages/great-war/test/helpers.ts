import assert from 'node:assert/strict';
import {
  type AnyRuleset,
  createGame,
  openStep,
  resolveStep,
  stepInfo,
  submitOrders,
  formatProblems,
  type GameEvent,
  type Game,
  type OrdersContext,
  scriptedContext,
  type RecordingContext,
  type StepInfo,
  type Result,
  type Problem,
} from '@umpire/engine';
import { greatWar, landInvariants, nationOf, turnPhaseNames, type GreatWarOrders, type GreatWarState, type NationState } from '../src/index.js';

/** Shared test scaffolding: scripted games, one-step turns and a hand-made phase context. */

export type GwGame = Game<GreatWarState>;

export function must<T>(r: Result<T, Problem[]>): T {
  if (!r.ok) assert.fail(formatProblems(r.error));
  return r.value;
}

/** Dice for turns that roll nothing but the US Entry economic roll at their end: a 5 each, no effect (D-USA-6), for a whole game. */
export const quietTurns = (turns = 26): number[] => Array.from({ length: turns }, () => 5);

/**
 * The 1914 game with scripted dice: the script, then a 5 for each later roll of the US Entry economic roll. A script for
 * one turn needs no die for its economic roll; a script for several turns gives each turn's economic roll its die.
 */
export function newGame(script: number[] = []): GwGame {
  return must(createGame<GreatWarState>(greatWar, { gameId: 't', dice: { mode: 'scripted', script: [...script, ...quietTurns()] } }));
}

export type Input = { text: string } | { json: unknown };

/** Open the turn's step, submit the given orders (others send nothing), resolve it. */
export function playTurn(game: GwGame, orders: Readonly<Record<string, Input>> = {}, ruleset: AnyRuleset = greatWar): { game: GwGame; events: readonly GameEvent[]; outcome: string } {
  let g = must(openStep(ruleset, game));
  for (const [seat, input] of Object.entries(orders)) g = must(submitOrders(ruleset, g, seat, input)).game;
  const resolved = must(resolveStep(ruleset, g));
  const step = resolved.game.record.steps[resolved.game.record.steps.length - 1]!;
  return { game: resolved.game, events: step.events, outcome: resolved.outcome };
}

/**
 * A draft of random legal orders for a seat: from the empty orders, take the legal action each pick points to among
 * those of the kinds wanted, until the picks run out or nothing more is legal. The property tests' random player.
 */
export function randomDraft(game: GwGame, seat: string, picks: readonly number[], wanted: (kind: string) => boolean): GreatWarOrders {
  const ctx = ordersContext(game, seat);
  let draft: GreatWarOrders = greatWar.emptyOrders(ctx);
  for (const pick of picks) {
    const actions = greatWar.legalActions(draft, ctx).filter((a) => wanted(a.next.orders.at(-1)!.kind));
    if (actions.length === 0) break;
    draft = actions[pick % actions.length]!.next;
  }
  return draft;
}

export function nation(game: GwGame | GreatWarState, id: string): NationState {
  const state = 'nations' in game ? game : game.position.state;
  const n = nationOf(state, id);
  assert.ok(n, `no nation ${id}`);
  return n;
}

export function ordersContext(game: GwGame, seat: string): OrdersContext<GreatWarState> {
  return { state: game.position.state, seat, step: stepInfo(greatWar, game.position) };
}

export const step: StepInfo = { id: 't1.orders', turn: 1, segment: 'orders', seats: [], phases: ['technology'] };

/** A phase context that rolls from a script and collects what is emitted, for calling a phase directly. */
export function phaseContext(rolls: number[]): RecordingContext & { readonly rollsLeft: () => number } {
  const ctx = scriptedContext(rolls, step);
  return Object.assign(ctx, { rollsLeft: () => rolls.length - ctx.rolls() });
}

export const eventsOf = (events: readonly GameEvent[], type: string) => events.filter((e) => e.type === type);

/** A deep copy of the opening state, to change by hand for direct phase tests. */
export function openingState(): GreatWarState {
  return structuredClone(newGame().position.state);
}

// ---------------------------------------------------------------------------------------------------------------
// Land-war scaffolding: chosen units in chosen territories, wars declared by hand, orders typed as players type them.

export type Scene = Record<string, Record<string, Record<string, number>>>;

/** The opening state with the territories of `spec` emptied and filled with the units given (ids 'nation-tN'). */
export function scene(spec: Scene, state: GreatWarState = openingState()): GreatWarState {
  const areas = Object.keys(spec);
  state.board.units = state.board.units.filter((u) => !areas.includes(u.at));
  let n = 0;
  for (const [at, byNation] of Object.entries(spec)) {
    for (const [nation, units] of Object.entries(byNation)) {
      for (const [type, count] of Object.entries(units)) for (let i = 0; i < count; i++) state.board.units.push({ id: `${nation}-t${++n}`, nation, type, at, damage: 0 });
    }
  }
  return state;
}

/** Put two nations (majors or minors) at war with each other. */
export function war(state: GreatWarState, a: string, b: string): void {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const n = state.nations.find((z) => z.id === x) ?? state.minors.find((z) => z.id === x)!;
    if (!n.atWarWith.includes(y)) n.atWarWith = [...n.atWarWith, y].sort();
  }
}

export const parseFor = (state: GreatWarState, seat: string, text: string) => greatWar.parseOrders(text, { state, seat, step });

/** Text orders for a seat, parsed against `state`; fails the test with the located problems if they are refused. */
export function ordersFor(state: GreatWarState, seat: string, text: string): GreatWarOrders {
  const r = parseFor(state, seat, text);
  if (!r.ok) assert.fail(formatProblems(r.error));
  return r.value;
}

export const ownerOf = (state: GreatWarState, territory: string) => state.board.territories[territory]!.owner;

/** The units in an area, counted by 'nation type'. */
export function unitsIn(state: GreatWarState, at: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const u of state.board.units.filter((x) => x.at === at)) out[`${u.nation} ${u.type}`] = (out[`${u.nation} ${u.type}`] ?? 0) + 1;
  return out;
}

/**
 * The phases of the turn from `first` to `last` (inclusive, in the turn's order) on `state`, with typed orders and
 * scripted dice; returns the events. Every die of the script must be used.
 */
export function runPhases(state: GreatWarState, orders: Readonly<Record<string, string>>, dice: number[], first: string, last: string): GameEvent[] {
  const names = turnPhaseNames.slice(turnPhaseNames.indexOf(first), turnPhaseNames.indexOf(last) + 1);
  assert.ok(names.length && names[0] === first && names.at(-1) === last, `no phases from ${first} to ${last}`);
  const ctx = phaseContext(dice);
  const map = new Map(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(state, seat, text)]));
  for (const name of names) greatWar.phases[name]!(state, map, ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

/** The land war of a turn: phases 8 (moves and flights), 9 (AA fire, air combat) and 10 (battles). */
export const fight = (state: GreatWarState, orders: Readonly<Record<string, string>>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'land-movement', 'land-combat');

/** The rolls among the events, as 'purpose = value'. */
export const rollsOf = (events: readonly GameEvent[]): string[] => eventsOf(events, 'roll').map((e) => `${String(e['purpose'])} = ${String(e['value'])}`);

/** The first problem of orders that must be refused. */
export function refusalOf(state: GreatWarState, seat: string, text: string): Problem {
  const r = parseFor(state, seat, text);
  assert.ok(!r.ok, `'${text}' should be refused`);
  return r.error[0]!;
}

/** Where the aircraft landed, as 'nation {units} from -> to (reason)'. */
export const landingsOf = (events: readonly GameEvent[]): string[] =>
  eventsOf(events, 'landing').map((e) => `${String(e['nation'])} ${JSON.stringify(e['units'])} ${String(e['from'])} -> ${String(e['to'])} (${String(e['reason'])})`);

/** The land war's invariants in the middle of a turn, when the turn records are not empty yet. */
export const midTurnLandInvariants = (state: GreatWarState): string[] => landInvariants(state).filter((v) => !/turn record/.test(v));
