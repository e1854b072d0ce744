import { admitOrders, type OrdersInput } from './admission.js';
import { stepCommitment, stepSeed } from './anchors.js';
import { canonicalJson, clonePlain, type Json } from './canonical.js';
import { DiceScriptError, isHex, SECRET_BYTES } from './dice.js';
import { hashValue } from './hash.js';
import { closestName, jsonPath, type Problem } from './problems.js';
import {
  RECORD_FORMAT,
  type DiceMode,
  type GameRecord,
  type RecordHeader,
  type SeatInfo,
  type StepRecord,
  type Submission,
} from './record.js';
import { err, ok, type Result } from './result.js';
import type { AnyRuleset, DecisionRequest, GameResult, Options, SeatId } from './ruleset.js';
import { currentStep, startClock, type StepInfo } from './sequence.js';
import { diceFor, runStep, type Position, type StepOutcome } from './step-run.js';

export type { Position } from './step-run.js';

/** A game in memory: its record and the position the current step starts from. */
export interface Game<S = Json> {
  readonly record: GameRecord;
  readonly position: Position<S>;
}

export type Awaiting =
  | { readonly kind: 'orders'; readonly step: StepInfo; readonly missing: readonly SeatId[] }
  | { readonly kind: 'decision'; readonly step: StepInfo; readonly request: DecisionRequest }
  | { readonly kind: 'open-step'; readonly step: StepInfo }
  | { readonly kind: 'over'; readonly result: GameResult };

export const hashPosition = (position: Position<unknown>): string => hashValue(position);

export interface NewGame {
  readonly gameId: string;
  readonly scenario?: string;
  readonly options?: Readonly<Record<string, string | number | boolean>>;
  readonly seats?: readonly SeatInfo[];
  readonly dice: DiceMode;
  readonly decisions?: 'standing' | 'ask';
  /** Every seat not listed in `seats` is played by this bot. */
  readonly bot?: string;
}

/** Options as the ruleset declares them: defaults filled in, text values converted, unknown keys refused. */
export function resolveOptions(ruleset: AnyRuleset, given: Readonly<Record<string, string | number | boolean>>): Result<Options, Problem[]> {
  const problems: Problem[] = [];
  const out: Record<string, string | number | boolean> = {};
  for (const spec of ruleset.options) out[spec.key] = spec.default;
  for (const [key, raw] of Object.entries(given)) {
    const spec = ruleset.options.find((o) => o.key === key);
    if (!spec) {
      const suggestion = closestName(key, ruleset.options.map((o) => o.key));
      problems.push({ code: 'unknown-option', message: `${ruleset.id} has no option '${key}'`, path: jsonPath(['options', key]), ...(suggestion ? { suggestion } : {}) });
      continue;
    }
    let value: string | number | boolean | undefined = raw;
    if (spec.type === 'boolean' && typeof raw === 'string') value = raw === 'true' || raw === 'on' || raw === 'yes' ? true : raw === 'false' || raw === 'off' || raw === 'no' ? false : undefined;
    if (spec.type === 'number' && typeof raw === 'string') value = raw.trim() === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw);
    if (value === undefined || typeof value !== spec.type || (typeof value === 'number' && !Number.isFinite(value)) || (spec.choices && !spec.choices.includes(String(value)))) {
      problems.push({
        code: 'bad-option',
        message: `option '${key}' takes ${spec.choices ? `one of ${spec.choices.join(', ')}` : `a ${spec.type}`}, not '${String(raw)}'`,
        path: jsonPath(['options', key]),
      });
      continue;
    }
    out[key] = value;
  }
  return problems.length ? err(problems) : ok(out);
}

export function createGame<S extends Json>(ruleset: AnyRuleset, init: NewGame): Result<Game<S>, Problem[]> {
  if (init.gameId.trim() === '') return err([{ code: 'bad-game-id', message: 'a game needs a non-empty id', path: '$.gameId' }]);
  const scenario = init.scenario ?? ruleset.defaultScenario;
  if (!ruleset.scenarios.includes(scenario)) {
    const suggestion = closestName(scenario, ruleset.scenarios);
    return err([{ code: 'unknown-scenario', message: `${ruleset.id} has no scenario '${scenario}'; it has ${ruleset.scenarios.join(', ')}`, ...(suggestion ? { suggestion } : {}) }]);
  }
  const options = resolveOptions(ruleset, init.options ?? {});
  if (!options.ok) return options;
  const setup = ruleset.setup(scenario, options.value);
  if (!setup.ok) return setup;
  const seatIds = ruleset.seats(setup.value);
  const problems: Problem[] = [];
  const given = new Map<string, SeatInfo>();
  (init.seats ?? []).forEach((seat, i) => {
    if (!seatIds.includes(seat.id)) {
      const suggestion = closestName(seat.id, seatIds);
      problems.push({ code: 'unknown-seat', message: `no seat '${seat.id}' in ${ruleset.id}`, path: `$.seats[${i}].id`, ...(suggestion ? { suggestion } : {}) });
    } else if (given.has(seat.id)) {
      problems.push({ code: 'duplicate-seat', message: `seat '${seat.id}' is listed twice`, path: `$.seats[${i}].id` });
    } else given.set(seat.id, { id: seat.id, ...(seat.player !== undefined ? { player: seat.player } : {}), ...(seat.bot !== undefined ? { bot: seat.bot } : {}) });
  });
  if (init.dice.mode === 'scripted' && init.dice.script.some((v) => !Number.isInteger(v) || v < 1)) {
    problems.push({ code: 'bad-dice-script', message: 'a dice script holds whole numbers from 1 up', path: '$.dice.script' });
  }
  if (problems.length) return err(problems);
  const header: RecordHeader = {
    gameId: init.gameId,
    ruleset: { id: ruleset.id, version: ruleset.version },
    scenario,
    options: options.value,
    seats: seatIds.map((id) => given.get(id) ?? (init.bot ? { id, bot: init.bot } : { id })),
    dice: init.dice,
    decisions: init.decisions ?? 'standing',
  };
  const position: Position<S> = { clock: startClock, state: setup.value as S };
  const record: GameRecord = {
    format: RECORD_FORMAT,
    header: clonePlain(header),
    headerHash: hashValue(header),
    initialStateHash: hashPosition(position),
    steps: [],
  };
  return ok({ record, position });
}

export function stepInfo(ruleset: AnyRuleset, position: Position<unknown>): StepInfo {
  const plan = ruleset.turnPlan(position.state, position.clock.turn);
  if (plan.length === 0) throw new Error(`${ruleset.id}: turn ${position.clock.turn} has an empty turn plan`);
  const info = currentStep(plan, position.clock);
  if (!info) throw new Error(`${ruleset.id}: the clock points past the turn plan of turn ${position.clock.turn}`);
  return info;
}

const lastStep = (record: GameRecord): StepRecord | undefined => record.steps[record.steps.length - 1];

export function awaiting(ruleset: AnyRuleset, game: Game<unknown>): Awaiting {
  if (game.record.result) return { kind: 'over', result: game.record.result };
  const step = stepInfo(ruleset, game.position);
  const last = lastStep(game.record);
  if (last && last.status === 'open') {
    const sent = new Set(last.submissions.map((s) => s.seat));
    return { kind: 'orders', step, missing: step.seats.filter((s) => !sent.has(s)) };
  }
  if (last && last.status === 'paused' && last.pending) return { kind: 'decision', step, request: last.pending };
  return { kind: 'open-step', step };
}

/** Open the next step. With committed dice the host draws a secret and only its commitment goes in the record. */
export function openStep<S>(ruleset: AnyRuleset, game: Game<S>, secretHex?: string): Result<Game<S>, Problem[]> {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'open-step') return err([{ code: 'step-not-closed', message: now.kind === 'over' ? 'the game is over' : `step ${now.step.id} is still open` }]);
  let commitment: string | undefined;
  if (game.record.header.dice.mode === 'committed') {
    if (secretHex === undefined || !isHex(secretHex, SECRET_BYTES)) return err([{ code: 'bad-secret', message: `a committed step needs a ${SECRET_BYTES}-byte secret in hex` }]);
    commitment = stepCommitment(game.record, game.record.steps.length, secretHex);
  } else if (secretHex !== undefined) return err([{ code: 'bad-secret', message: 'a game with scripted dice takes no secrets' }]);
  const step: StepRecord = {
    id: now.step.id,
    turn: now.step.turn,
    status: 'open',
    ...(commitment ? { commitment } : {}),
    submissions: [],
    answers: [],
    events: [],
  };
  return ok({ ...game, record: { ...game.record, steps: [...game.record.steps, step] } });
}

export interface Receipt {
  readonly step: string;
  readonly seat: SeatId;
  readonly orderHash: string;
  /** The nonce as stored: a player who keeps the receipt can show if it was changed before the dice were rolled. */
  readonly nonce?: string;
  readonly orders: Json;
}

/** Check and store a seat's orders for the open step; later orders from the same seat replace earlier ones. */
export function submitOrders<S>(
  ruleset: AnyRuleset,
  game: Game<S>,
  seat: SeatId,
  input: OrdersInput,
  opts: { readonly nonce?: string; readonly source?: Submission['source'] } = {},
): Result<{ game: Game<S>; receipt: Receipt }, Problem[]> {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'orders') return err([{ code: 'no-open-step', message: now.kind === 'over' ? 'the game is over' : now.kind === 'decision' ? `step ${now.step.id} waits for a decision, not orders` : 'no step is open for orders' }]);
  const seats = game.record.header.seats.map((s) => s.id);
  // A seat that joined in play (a nation born mid-game) is in the step's seats but not in the header.
  const joined = !seats.includes(seat) && now.step.seats.includes(seat);
  if (!seats.includes(seat) && !joined) {
    const suggestion = closestName(seat, [...seats, ...now.step.seats]);
    return err([{ code: 'unknown-seat', message: `no seat '${seat}' in this game`, ...(suggestion ? { suggestion } : {}) }]);
  }
  if (!now.step.seats.includes(seat)) return err([{ code: 'not-your-step', message: `step ${now.step.id} takes orders from ${now.step.seats.join(', ') || 'nobody'}, not ${seat}` }]);
  if (opts.nonce !== undefined && opts.nonce.length > 256) return err([{ code: 'bad-nonce', message: 'a nonce is at most 256 characters' }]);
  if (opts.nonce !== undefined && game.record.header.dice.mode === 'scripted') return err([{ code: 'bad-nonce', message: 'a game with scripted dice takes no nonces: its rolls are fixed in advance' }]);
  // A joined seat has no header entry: a player or a bot may play it (bots when every seat of the header is a bot).
  const allBots = game.record.header.seats.length > 0 && game.record.header.seats.every((s) => s.bot !== undefined);
  const botSeat = joined ? allBots : game.record.header.seats.find((s) => s.id === seat)?.bot !== undefined;
  const source = opts.source ?? (botSeat ? 'bot' : 'player');
  // A bot may stand in for a player (the host's choice when a seat misses its deadline or is left); a bot seat never
  // takes a player's orders.
  if (source === 'default' || (!joined && botSeat && source !== 'bot')) return err([{ code: 'bad-source', message: source === 'default' ? 'default orders are made only when a step resolves' : `seat ${seat} is played by a bot` }]);
  const ctx = { state: game.position.state, seat, step: now.step };
  // One admission: stored only once the JSON the orders became passes the check a replay makes (admission.ts).
  const admitted = admitOrders(ruleset, input, ctx);
  if (!admitted.ok) return admitted;
  const orders = clonePlain(admitted.value);
  const orderHash = hashValue(orders);
  const submission: Submission = { seat, orders, orderHash, ...(opts.nonce !== undefined ? { nonce: opts.nonce } : {}), source };
  const last = lastStep(game.record)!;
  const updated: StepRecord = { ...last, submissions: [...last.submissions.filter((s) => s.seat !== seat), submission].sort((a, b) => seats.indexOf(a.seat) - seats.indexOf(b.seat)) };
  return ok({
    game: { ...game, record: { ...game.record, steps: [...game.record.steps.slice(0, -1), updated] } },
    receipt: { step: last.id, seat, orderHash, ...(opts.nonce !== undefined ? { nonce: opts.nonce } : {}), orders },
  });
}

export type Resolution<S> = { readonly game: Game<S>; readonly outcome: 'resolved' | 'paused' | 'over' };

/**
 * Resolve the open (or paused) step. Seats that sent nothing get their empty orders.
 * With committed dice the step's secret must be given; it is checked against the commitment and revealed
 * in the record once the step is resolved.
 */
export function resolveStep<S>(ruleset: AnyRuleset, game: Game<S>, secretHex?: string): Result<Resolution<S>, Problem[]> {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'orders' && now.kind !== 'decision') return err([{ code: 'no-open-step', message: now.kind === 'over' ? 'the game is over' : 'no step is open' }]);
  const index = game.record.steps.length - 1;
  const step = game.record.steps[index]!;
  const info = now.step;
  const committed = game.record.header.dice.mode === 'committed';
  if (committed && (secretHex === undefined || !isHex(secretHex, SECRET_BYTES) || stepCommitment(game.record, index, secretHex) !== step.commitment)) {
    return err([{ code: 'bad-secret', message: `the secret does not match the commitment published for step ${step.id}` }]);
  }
  const submissions: Submission[] = info.seats.map((seat) => {
    const sent = step.submissions.find((s) => s.seat === seat);
    if (sent) return sent;
    const orders = clonePlain(ruleset.emptyOrders({ state: game.position.state, seat, step: info })) as Json;
    return { seat, orders, orderHash: hashValue(orders), source: 'default' };
  });
  const seed = committed ? stepSeed(game.record, index, secretHex!, submissions) : undefined;
  let outcome: StepOutcome<S>;
  try {
    const { decisions, options } = game.record.header;
    outcome = runStep(ruleset, game.position, info, submissions, { dice: diceFor(game.record, index, seed), answers: step.answers, decisions, options });
  } catch (e) {
    if (e instanceof DiceScriptError) return err([{ code: 'dice-script', message: e.message }]);
    throw e;
  }
  if (outcome.kind === 'paused') {
    const paused: StepRecord = { ...step, status: 'paused', submissions, events: outcome.events, pending: outcome.request };
    return ok({ game: { ...game, record: { ...game.record, steps: [...game.record.steps.slice(0, -1), paused] } }, outcome: 'paused' });
  }
  const resolved: StepRecord = {
    id: step.id,
    turn: step.turn,
    status: 'resolved',
    ...(step.commitment ? { commitment: step.commitment } : {}),
    ...(committed ? { secret: secretHex!, seed: seed! } : {}),
    submissions,
    answers: step.answers,
    events: outcome.events,
    stateHash: hashPosition(outcome.position),
  };
  const record: GameRecord = { ...game.record, steps: [...game.record.steps.slice(0, -1), resolved], ...(outcome.result ? { result: outcome.result } : {}) };
  return ok({ game: { record, position: outcome.position }, outcome: outcome.result ? 'over' : 'resolved' });
}

/**
 * The state after each phase of a resolved step, for stepping through a turn phase by phase on the map: the step's
 * phases run again from `start` (the position the step began from) with its recorded orders, answers and dice.
 * Deterministic like a replay; the record itself is checked by `replay`, not here.
 */
export function statesByPhase<S = Json>(ruleset: AnyRuleset, record: GameRecord, index: number, start: Position<S>): { readonly phase: string; readonly state: S }[] {
  const step = record.steps[index];
  if (!step || step.status !== 'resolved') return [];
  const info = stepInfo(ruleset, start);
  if (info.id !== step.id) throw new Error(`step ${step.id} does not begin from the position given (it is at ${info.id})`);
  const out: { phase: string; state: S }[] = [];
  const dice = diceFor(record, index, step.seed);
  const keep = (phase: string, copy: () => S) => out.push({ phase, state: copy() });
  runStep(ruleset, start, info, step.submissions, { dice, answers: step.answers, decisions: record.header.decisions, options: record.header.options, onPhase: keep });
  return out;
}

/** Thrown by `stateAfterPhase` once it has its phase: the phases after it are not run. */
class PhaseReached extends Error {}

/**
 * The state after one phase (0-based) of a resolved step, as `statesByPhase` gives it, without copying the state after
 * every other phase or running the phases after it; undefined when the step has no such phase.
 */
export function stateAfterPhase<S = Json>(
  ruleset: AnyRuleset,
  record: GameRecord,
  index: number,
  start: Position<S>,
  phase: number,
): { readonly phase: string; readonly state: S } | undefined {
  const step = record.steps[index];
  if (!step || step.status !== 'resolved') return undefined;
  const info = stepInfo(ruleset, start);
  if (info.id !== step.id) throw new Error(`step ${step.id} does not begin from the position given (it is at ${info.id})`);
  let found: { phase: string; state: S } | undefined;
  let at = 0;
  const dice = diceFor(record, index, step.seed);
  try {
    const onPhase = (name: string, copy: () => S) => {
      if (at++ !== phase) return;
      found = { phase: name, state: copy() };
      throw new PhaseReached();
    };
    runStep(ruleset, start, info, step.submissions, { dice, answers: step.answers, decisions: record.header.decisions, options: record.header.options, onPhase });
  } catch (e) {
    if (!(e instanceof PhaseReached)) throw e;
  }
  return found;
}

/** Record a seat's answer to the pending decision; the caller then resolves the step again. */
export function answerDecision<S>(ruleset: AnyRuleset, game: Game<S>, seat: SeatId, answer: Json): Result<Game<S>, Problem[]> {
  const now = awaiting(ruleset, game);
  if (now.kind !== 'decision') return err([{ code: 'no-decision', message: 'no decision is pending' }]);
  if (now.request.seat !== seat) return err([{ code: 'not-your-decision', message: `the pending decision is ${now.request.seat}'s, not ${seat}'s` }]);
  if (!now.request.options.some((o) => canonicalJson(o) === canonicalJson(answer))) {
    return err([{ code: 'bad-answer', message: `answer one of: ${now.request.options.map((o) => canonicalJson(o)).join(', ')}` }]);
  }
  const step = lastStep(game.record)!;
  const updated: StepRecord = { ...step, answers: [...step.answers, { id: now.request.id, seat, answer: clonePlain(answer) }] };
  return ok({ ...game, record: { ...game.record, steps: [...game.record.steps.slice(0, -1), updated] } });
}
