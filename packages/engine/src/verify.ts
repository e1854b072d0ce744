import { recordCheck } from './admission.js';
import { stepCommitment, stepSeed } from './anchors.js';
import { canonicalJson, type Json } from './canonical.js';
import { hashValue } from './hash.js';
import { bindsHistory, RECORD_FORMAT_1, type GameRecord, type StepRecord } from './record.js';
import { isHiddenEvent, seesEvent } from './redaction.js';
import { err, ok, type Result } from './result.js';
import { hashPosition, stepInfo, type Game, type Position } from './game.js';
import type { AnyRuleset, GameEvent, GameResult, SeatId } from './ruleset.js';
import { startClock } from './sequence.js';
import { diceFor, runStep, type StepOutcome } from './step-run.js';

/**
 * Verification: `replay` rebuilds every state of a record and checks everything the record can tell about itself.
 * What it cannot tell (that this is the game a player took part in, not a consistent rewrite or a record cut short)
 * the player's anchors tell: see anchors.ts.
 */

export interface Mismatch {
  /** JSON path into the record of the first thing that does not check out. */
  readonly path: string;
  readonly message: string;
}

export interface VerifyReport<S = Json> {
  readonly ok: boolean;
  readonly scripted: boolean;
  readonly stepsChecked: number;
  readonly rollsChecked: number;
  /** Hidden events (of a public or a seat's record) checked against the hash of the event replay produces. */
  readonly hiddenChecked: number;
  readonly mismatch?: Mismatch;
  /** The game as replayed, up to the first mismatch or the end. */
  readonly game?: Game<S>;
  readonly notes: readonly string[];
}

/** Where a replay may go on from: the first `steps` steps of the record, already checked, and where they left the game. */
export interface ReplayCheckpoint<S = Json> {
  readonly steps: number;
  /** The position after those steps. */
  readonly position: Position<S>;
  /** The game's result, when those steps ended it. */
  readonly result?: GameResult;
}

export interface ReplayOptions<S = Json> {
  readonly onStep?: (index: number, step: StepRecord, before: Position<S>, after: Position<S>) => void;
  /**
   * The seat whose record this is (a seat's record, engine `seatRecord`): a hidden event must then be one this seat
   * may not see. Without it a hidden event must be one some seat may not see (it has `visibleTo`).
   */
  readonly seat?: SeatId;
  /**
   * Go on from a checkpoint: the steps before it are taken as checked (neither checked again nor passed to
   * `onStep`), the header and the opening state too; they must be whole, as the umpire keeps them. For a caller that
   * replayed the record before and now has more of it.
   */
  readonly from?: ReplayCheckpoint<S>;
}

/**
 * Rebuild every state of a record from its header, orders, answers and revealed secrets, and check every
 * commitment, seed, roll, event and state hash against what the record says. Stops at the first mismatch.
 * A hidden event (a public or a seat's record) is checked by the hash of the event replay produces in its place,
 * and the step it is in is rebuilt whole from the replay for the commitment of the next step, which binds it.
 */
export function replay<S extends Json = Json>(ruleset: AnyRuleset, record: GameRecord, options: ReplayOptions<S> = {}): VerifyReport<S> {
  const scripted = record.header.dice.mode === 'scripted';
  const notes: string[] = [];
  let stepsChecked = 0;
  let rollsChecked = 0;
  let hiddenChecked = 0;
  const fail = (path: string, message: string, game?: Game<S>): VerifyReport<S> => ({
    ok: false,
    scripted,
    stepsChecked,
    rollsChecked,
    hiddenChecked,
    mismatch: { path, message },
    notes,
    ...(game ? { game } : {}),
  });
  if (record.header.ruleset.id !== ruleset.id) return fail('$.header.ruleset.id', `the record is a ${record.header.ruleset.id} game, not ${ruleset.id}`);
  if (record.header.ruleset.version !== ruleset.version) notes.push(`recorded with ${ruleset.id} ${record.header.ruleset.version}, checked with ${ruleset.version}`);
  if (hashValue(record.header) !== record.headerHash) return fail('$.headerHash', 'the header (ruleset, scenario, options, seats, dice) does not match its hash');
  const bound = bindsHistory(record);
  if (!bound && !scripted) {
    notes.push(`the record is of format ${RECORD_FORMAT_1}: its commitments bind the secrets alone and its seeds leave out who sent the orders, so a kept commitment or receipt does not show an edited header or history, or orders relabelled as a bot's`);
  }
  const from = options.from;
  let position: Position<S>;
  if (from) {
    const done = record.steps.slice(0, from.steps);
    if (done.length !== from.steps || done.some((s) => s.status !== 'resolved')) {
      const has = `the record has ${record.steps.length} steps, not all of them resolved`;
      return fail('$.steps', `the replay cannot go on after step ${from.steps}: ${has}`);
    }
    position = from.position;
  } else {
    const setup = ruleset.setup(record.header.scenario, record.header.options);
    if (!setup.ok) return fail('$.header.scenario', `the scenario does not load: ${setup.error.map((p) => p.message).join('; ')}`);
    const seatIds = ruleset.seats(setup.value);
    if (canonicalJson(seatIds) !== canonicalJson(record.header.seats.map((s) => s.id))) {
      return fail('$.header.seats', `the seats should be ${seatIds.join(', ')}`);
    }
    position = { clock: startClock, state: setup.value as S };
    if (hashPosition(position) !== record.initialStateHash) return fail('$.initialStateHash', 'the opening state does not match its hash');
  }
  const start = from?.steps ?? 0;
  // The steps as replay rebuilt them (hidden events restored): what the commitments and the dice script count on.
  const restored: StepRecord[] = record.steps.slice(0, start);
  let game: Game<S> = { record: { ...record, steps: record.steps.slice(0, start), result: undefined } as GameRecord, position };
  delete (game.record as { result?: unknown }).result;
  let over: GameResult | undefined = from?.result;
  if (over) game = { ...game, record: { ...game.record, result: over } };

  for (let i = start; i < record.steps.length; i++) {
    const step = record.steps[i]!;
    const at = `$.steps[${i}]`;
    if (over) return fail(at, 'the record goes on after the game ended', game);
    const info = stepInfo(ruleset, position);
    if (step.id !== info.id) return fail(`${at}.id`, `step ${i + 1} should be '${info.id}', the record says '${step.id}'`, game);
    if (step.turn !== info.turn) return fail(`${at}.turn`, `step ${step.id} is in turn ${info.turn}`, game);
    if (scripted !== (step.commitment === undefined)) return fail(`${at}.commitment`, scripted ? 'a scripted game has no commitments' : 'every step of a committed game has a commitment', game);
    const seen = new Set<string>();
    for (let k = 0; k < step.submissions.length; k++) {
      const sub = step.submissions[k]!;
      const sp = `${at}.submissions[${k}]`;
      if (!info.seats.includes(sub.seat)) return fail(`${sp}.seat`, `step ${step.id} takes no orders from '${sub.seat}'`, game);
      if (seen.has(sub.seat)) return fail(`${sp}.seat`, `two submissions from ${sub.seat}`, game);
      seen.add(sub.seat);
      if (hashValue(sub.orders) !== sub.orderHash) return fail(`${sp}.orders`, `${sub.seat}'s orders do not match their receipt hash`, game);
      if (scripted && sub.nonce !== undefined) return fail(`${sp}.nonce`, 'a game with scripted dice takes no nonces', game);
      const headerSeat = record.header.seats.find((s) => s.id === sub.seat);
      const botSeat = headerSeat?.bot !== undefined;
      if (sub.source === 'default') {
        // Default submissions are made when a step resolves, for the seats that sent nothing: an open step has none.
        if (step.status === 'open') return fail(`${sp}.source`, `${sub.seat}'s submission in the open step ${step.id} says 'default', but defaults are made only when a step resolves`, game);
        const empty = ruleset.emptyOrders({ state: position.state, seat: sub.seat, step: info });
        if (canonicalJson(empty) !== canonicalJson(sub.orders) || sub.nonce !== undefined) return fail(`${sp}.source`, `a default submission holds ${sub.seat}'s empty orders and no nonce`, game);
      } else if (headerSeat && botSeat && sub.source !== 'bot') return fail(`${sp}.source`, `${sub.seat} is played by a bot`, game);
      else if (headerSeat?.player !== undefined && sub.source === 'bot') return fail(`${sp}.source`, `${sub.seat} is held by ${headerSeat.player}, but the record says a bot sent its orders`, game);
      const refused = recordCheck(ruleset, sub.orders, { state: position.state, seat: sub.seat, step: info });
      if (refused) return fail(`${sp}.orders`, refused.message, game);
    }
    if (step.status === 'open') {
      if (i !== record.steps.length - 1) return fail(`${at}.status`, 'only the last step may be open', game);
      if (step.secret !== undefined || step.seed !== undefined || step.events.length || step.answers.length || step.pending || step.stateHash !== undefined) {
        return fail(`${at}.status`, 'an open step has no secret, seed, answers, events or state hash yet', game);
      }
      game = { record: { ...game.record, steps: [...game.record.steps, step] }, position };
      break;
    }
    if (seen.size !== info.seats.length) return fail(`${at}.submissions`, `a resolved step has orders (or defaults) from every seat: ${info.seats.join(', ')}`, game);
    if (step.status === 'paused' && !scripted) {
      if (i !== record.steps.length - 1) return fail(`${at}.status`, 'only the last step may be paused', game);
      if (step.secret !== undefined || step.seed !== undefined || step.stateHash !== undefined) return fail(`${at}.secret`, 'a paused step keeps its secret until it is resolved', game);
      notes.push(`step ${step.id} is paused for a decision; its rolls can be checked once its secret is revealed`);
      game = { record: { ...game.record, steps: [...game.record.steps, step] }, position };
      break;
    }
    let seed: string | undefined;
    if (!scripted) {
      if (step.secret === undefined) return fail(`${at}.secret`, `step ${step.id} is resolved but its secret is not revealed`, game);
      let commitment: string;
      try {
        commitment = stepCommitment({ ...record, steps: restored }, i, step.secret);
      } catch (e) {
        return fail(`${at}.commitment`, (e as Error).message, game);
      }
      if (commitment !== step.commitment) {
        return fail(`${at}.secret`, `the secret of step ${step.id} does not match its commitment${bound ? ', which binds the secret, the header hash and everything before the step' : ''}`, game);
      }
      seed = stepSeed(record, i, step.secret, step.submissions);
      if (seed !== step.seed) return fail(`${at}.seed`, `the seed of step ${step.id} should be ${seed} (from the secret, the order hashes and the nonces${bound ? ', and who sent each set of orders' : ''})`, game);
    } else if (step.secret !== undefined || step.seed !== undefined) return fail(`${at}.secret`, 'a scripted game has no secrets', game);
    let outcome: StepOutcome<S>;
    try {
      const partial: GameRecord = { ...record, steps: restored.slice(0, i) };
      const { decisions, options: gameOptions } = record.header;
      outcome = runStep(ruleset, position, info, step.submissions, { dice: diceFor(partial, i, seed), answers: step.answers, decisions, options: gameOptions });
    } catch (e) {
      return fail(at, `step ${step.id} cannot be replayed: ${(e as Error).message}`, game);
    }
    const compared = compareEvents(step.events, outcome.events, `${at}.events`, step.id, options.seat);
    if ('path' in compared) return fail(compared.path, compared.message, game);
    hiddenChecked += compared.hidden;
    restored.push(compared.hidden ? { ...step, events: outcome.events } : step);
    rollsChecked += outcome.rolls;
    if (outcome.kind === 'paused') {
      if (step.status !== 'paused') return fail(`${at}.status`, `step ${step.id} stops for decision ${outcome.request.id}, the record says ${step.status}`, game);
      if (canonicalJson(outcome.request) !== canonicalJson(step.pending ?? null)) return fail(`${at}.pending`, `the pending decision should be ${outcome.request.id}`, game);
      if (i !== record.steps.length - 1) return fail(`${at}.status`, 'only the last step may be paused', game);
      game = { record: { ...game.record, steps: [...game.record.steps, step] }, position };
      stepsChecked++;
      break;
    }
    if (step.status !== 'resolved') return fail(`${at}.status`, `step ${step.id} resolves completely, the record says ${step.status}`, game);
    if (step.pending !== undefined) return fail(`${at}.pending`, 'a resolved step has no pending decision', game);
    const stateHash = hashPosition(outcome.position);
    if (stateHash !== step.stateHash) return fail(`${at}.stateHash`, `the state after step ${step.id} does not match its hash`, game);
    options.onStep?.(i, step, position, outcome.position);
    position = outcome.position;
    over = outcome.result;
    game = { record: { ...game.record, steps: [...game.record.steps, step], ...(over ? { result: over } : {}) }, position };
    stepsChecked++;
  }
  if (canonicalJson(over ?? null) !== canonicalJson(record.result ?? null)) {
    return fail('$.result', over ? `the game ended: ${over.summary}` : 'the record gives a result, but the game has not ended', game);
  }
  return { ok: true, scripted, stepsChecked, rollsChecked, hiddenChecked, notes, game };
}

/** The first event that does not check out, or how many hidden events checked out by their hashes. */
function compareEvents(
  recorded: readonly GameEvent[],
  replayed: readonly GameEvent[],
  path: string,
  stepId: string,
  seat: SeatId | undefined,
): Mismatch | { readonly hidden: number } {
  const n = Math.max(recorded.length, replayed.length);
  let hidden = 0;
  for (let j = 0; j < n; j++) {
    const a = recorded[j];
    const b = replayed[j];
    if (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b)) continue;
    if (a !== undefined && b !== undefined && isHiddenEvent(a)) {
      if (hashValue(b) !== a.hash) {
        const message = `step ${stepId}: hidden event ${j} does not match the hash of the event replay produces there`;
        return { path: `${path}[${j}].hash`, message };
      }
      if (seesEvent(b, seat)) {
        const reader = seat === undefined ? 'every seat sees' : `${seat} sees`;
        return { path: `${path}[${j}]`, message: `step ${stepId}: event ${j} is hidden in the record, but ${reader} it: ${b.type}` };
      }
      hidden++;
      continue;
    }
    if (a === undefined) return { path, message: `step ${stepId}: replay produces more events than the record holds (next: ${b!.type})` };
    if (b === undefined) return { path: `${path}[${j}]`, message: `step ${stepId}: the record holds an event replay does not produce (${a.type})` };
    if (a.type === 'roll' && b.type === 'roll') {
      return { path: `${path}[${j}]`, message: `step ${stepId}: roll '${String(b.purpose)}' (d${String(b.sides)}) is ${String(a.value)} in the record, ${String(b.value)} on replay` + (a.purpose !== b.purpose ? ` (recorded purpose '${String(a.purpose)}')` : '') };
    }
    return { path: `${path}[${j}]`, message: `step ${stepId}: event ${j} is ${canonicalJson(a)} in the record, ${canonicalJson(b)} on replay` };
  }
  return { hidden };
}

/** Replay a record and return the game ready to go on, or the first mismatch. */
export function loadGame<S extends Json = Json>(ruleset: AnyRuleset, record: GameRecord): Result<Game<S>, Mismatch> {
  const report = replay<S>(ruleset, record);
  return report.ok && report.game ? ok(report.game) : err(report.mismatch ?? { path: '$', message: 'replay failed' });
}
