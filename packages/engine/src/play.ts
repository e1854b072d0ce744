import type { Json } from './canonical.js';
import { Random, SECRET_BYTES } from './dice.js';
import { awaiting, createGame, openStep, resolveStep, submitOrders, hashPosition, type Game } from './game.js';
import { replay } from './verify.js';
import { formatProblems } from './problems.js';
import type { AnyRuleset, OrdersContext, SeatId } from './ruleset.js';

/** Something that writes a seat's orders for a step. */
export type Bot = (ctx: OrdersContext<Json>, rng: Random, ruleset: AnyRuleset) => Json;

/**
 * Random legal play: start from the empty orders and keep taking a random legal action until the bot stops
 * (it stops with chance 1/4 at each point, or when nothing more is legal, or after `maxActions`).
 */
export function randomBot(maxActions = 40): Bot {
  return (ctx, rng, ruleset) => {
    let draft = ruleset.emptyOrders(ctx) as Json;
    for (let i = 0; i < maxActions; i++) {
      const actions = ruleset.legalActions(draft, ctx);
      if (actions.length === 0 || rng.chance(0.25)) break;
      draft = rng.pick(actions).next as Json;
    }
    return draft;
  };
}

/** The names of the bots a ruleset can seat: the engine's random legal player, then the ruleset's own. */
export function botNames(ruleset: AnyRuleset): string[] {
  return ['random', ...Object.keys(ruleset.bots ?? {}).filter((n) => n !== 'random')];
}

/**
 * A bot by name (see botNames), or undefined for a name the ruleset does not know. 'default' is the ruleset's first
 * own bot, or random legal play when it has none.
 */
export function botNamed(ruleset: AnyRuleset, name: string): Bot | undefined {
  // Only the ruleset's own names: never a property every object inherits ('constructor', 'toString').
  const own = ruleset.bots && Object.hasOwn(ruleset.bots, name) ? ruleset.bots[name] : undefined;
  if (own) return own as Bot;
  if (name === 'default') return (Object.values(ruleset.bots ?? {})[0] as Bot | undefined) ?? randomBot();
  return name === 'random' ? randomBot() : undefined;
}

export interface AutoplayOptions {
  readonly gameId?: string;
  readonly scenario?: string;
  readonly options?: Readonly<Record<string, string | number | boolean>>;
  readonly seed: string;
  /** Stop after this many turns have been completed (or when the game ends). */
  readonly turns: number;
  /** The bot of each seat named here; the others (and seats that appear in play) get `bot`. */
  readonly bots?: Readonly<Record<SeatId, Bot>>;
  /** The bot for every seat not in `bots`: random legal play unless told. */
  readonly bot?: Bot;
  readonly onStep?: (game: Game, stepId: string) => void;
  /** A turn that takes more steps than this is a dead end (activations that never end, say). */
  readonly maxStepsPerTurn?: number;
}

/** Play that cannot go on: a turn that never ends. */
export class DeadEnd extends Error {}

export interface AutoplayResult {
  readonly game: Game;
  readonly turns: number;
  readonly finalStateHash: string;
  readonly verdict: string;
}

/**
 * Play a game with bots on every seat. Secrets are drawn from the seed, so the same seed replays the same game;
 * the record is an ordinary committed record and verifies like any other.
 */
export function autoplay(ruleset: AnyRuleset, opts: AutoplayOptions): AutoplayResult {
  const created = createGame<Json>(ruleset, {
    gameId: opts.gameId ?? `autoplay-${opts.seed}`,
    ...(opts.scenario ? { scenario: opts.scenario } : {}),
    ...(opts.options ? { options: opts.options } : {}),
    dice: { mode: 'committed' },
    bot: 'random',
    ...(opts.bots ? { seats: Object.keys(opts.bots).map((id) => ({ id, bot: 'custom' })) } : {}),
  });
  if (!created.ok) throw new Error(formatProblems(created.error));
  let game: Game = created.value;
  let openSecret: string | undefined;
  const secrets = new Random(opts.seed, 'secrets');
  const choices = new Random(opts.seed, 'bots');
  const fallback = opts.bot ?? randomBot();
  let turnsDone = 0;
  let stepsThisTurn = 0;
  let turnOfSteps = 0;
  for (;;) {
    const now = awaiting(ruleset, game);
    if (now.kind === 'open-step') {
      if (now.step.turn !== turnOfSteps) {
        turnOfSteps = now.step.turn;
        stepsThisTurn = 0;
      }
      if (++stepsThisTurn > (opts.maxStepsPerTurn ?? 1000)) {
        throw new DeadEnd(`turn ${now.step.turn} does not end: it is at step ${now.step.id} after ${opts.maxStepsPerTurn ?? 1000} steps`);
      }
    }
    if (now.kind === 'over') break;
    if (now.kind === 'open-step') {
      if (now.step.turn > opts.turns) break;
      turnsDone = now.step.turn - 1;
      openSecret = secrets.hex(SECRET_BYTES);
      const opened = openStep(ruleset, game, openSecret);
      if (!opened.ok) throw new Error(formatProblems(opened.error));
      game = opened.value;
      continue;
    }
    if (now.kind === 'orders') {
      for (const seat of now.missing) {
        const ctx = { state: game.position.state, seat, step: now.step };
        const orders = (opts.bots?.[seat] ?? fallback)(ctx, choices, ruleset);
        const sent = submitOrders(ruleset, game, seat, { json: orders }, { nonce: choices.hex(8) });
        if (!sent.ok) throw new Error(`bot orders for ${seat} in ${now.step.id} were refused:\n${formatProblems(sent.error)}`);
        game = sent.value.game;
      }
    }
    const stepId = now.step.id;
    const resolved = resolveStep(ruleset, game, openSecret);
    if (!resolved.ok) throw new Error(formatProblems(resolved.error));
    game = resolved.value.game;
    opts.onStep?.(game, stepId);
    if (resolved.value.outcome === 'over') {
      turnsDone = now.step.turn;
      break;
    }
    turnsDone = now.step.turn;
  }
  const verdict = game.record.result ? game.record.result.summary : `stopped after turn ${turnsDone}`;
  return { game, turns: turnsDone, finalStateHash: hashPosition(game.position), verdict };
}

export interface FuzzFailure {
  readonly game: number;
  readonly seed: string;
  readonly kind: 'crash' | 'refused-legal-orders' | 'invariant' | 'dead-end' | 'replay';
  readonly step?: string;
  readonly message: string;
}

export interface FuzzReport {
  readonly games: number;
  readonly steps: number;
  readonly failures: readonly FuzzFailure[];
}

/**
 * Play `games` games of random legal orders. Reports crashes, orders built from legal actions that the
 * checker refuses, rule invariants broken after a step, steps that make no progress, and records that do
 * not replay to the same hashes.
 */
export function fuzz(
  ruleset: AnyRuleset,
  opts: { readonly games: number; readonly seed: string; readonly maxTurns?: number; readonly maxStepsPerTurn?: number; readonly onGame?: (done: number, failures: number) => void },
): FuzzReport {
  const failures: FuzzFailure[] = [];
  let steps = 0;
  for (let g = 0; g < opts.games; g++) {
    const seed = `${opts.seed}/${g}`;
    let lastStep: string | undefined;
    const fail = (kind: FuzzFailure['kind'], message: string) => failures.push({ game: g, seed, kind, message, ...(lastStep ? { step: lastStep } : {}) });
    try {
      const result = autoplay(ruleset, {
        seed,
        turns: opts.maxTurns ?? 8,
        ...(opts.maxStepsPerTurn ? { maxStepsPerTurn: opts.maxStepsPerTurn } : {}),
        onStep(game, stepId) {
          steps++;
          lastStep = stepId;
          for (const v of ruleset.invariants?.(game.position.state) ?? []) fail('invariant', v);
        },
      });
      const check = replay(ruleset, result.game.record);
      if (!check.ok) fail('replay', `${check.mismatch?.path}: ${check.mismatch?.message}`);
    } catch (e) {
      const message = (e as Error).message;
      fail(e instanceof DeadEnd ? 'dead-end' : message.includes('were refused') ? 'refused-legal-orders' : 'crash', message);
    }
    opts.onGame?.(g + 1, failures.length);
  }
  return { games: opts.games, steps, failures };
}
