import { commitToSecret, deriveStepSeed, type CommitmentBinding } from './dice.js';
import { hashValue } from './hash.js';
import { bindsHistory, type GameRecord, type Submission } from './record.js';
import { isHiddenEvent } from './redaction.js';

/**
 * A player's anchors: what a player is shown while the game goes on and can keep, to hold the published record to it
 * later. The umpire holds the secrets and can recompute every seed and hash of a record it rewrites, so the record
 * alone proves only that it is consistent; the anchors prove that it is the game the player took part in.
 *
 * - A step's **commitment**, published when the step opens, before any orders. From record format 2 on it binds the
 *   header hash, the state the step starts from and the whole previous step (which holds the previous commitment), so
 *   one kept commitment fixes the header and the history before its step.
 * - A submission's **receipt**, given when the orders are accepted. From format 2 on it is the SHA-256 of the canonical
 *   JSON of {commitment, header, nonce, orderHash, seat, source, step}: it fixes who sent the orders and, through the
 *   step's commitment, the history before them. In format 1 the receipt is the order hash alone.
 */

/** What the commitment of the step at `index` binds (format 2), or undefined for a format 1 record. */
export function stepBinding(record: GameRecord, index: number): CommitmentBinding | undefined {
  if (!bindsHistory(record)) return undefined;
  const previous = index > 0 ? record.steps[index - 1] : undefined;
  if (index > 0 && previous?.stateHash === undefined) throw new Error(`step ${index + 1} opens before the step before it is resolved`);
  // The commitment binds the whole previous step: a redacted one (a public or a seat's record) is rebuilt by replay.
  if (previous?.events.some(isHiddenEvent)) {
    const whole = `the commitment of step ${index + 1} binds it whole, as replay rebuilds it (umpire verify)`;
    throw new Error(`step ${index} holds hidden events: ${whole}`);
  }
  return { headerHash: record.headerHash, before: previous?.stateHash ?? record.initialStateHash, previous: previous ? stepHash(previous) : null };
}

// A record's steps are values: made whole and never changed after (game.ts builds a new step for each change). So a
// resolved step's hash is worked out once for each object, whether the step opening after it or its resolution asks.
const stepHashes = new WeakMap<object, string>();

function stepHash(step: object): string {
  let h = stepHashes.get(step);
  if (h === undefined) stepHashes.set(step, (h = hashValue(step)));
  return h;
}

/** The commitment the step at `index` of a record must carry for a secret. */
export function stepCommitment(record: GameRecord, index: number, secretHex: string): string {
  return commitToSecret(secretHex, stepBinding(record, index));
}

/** The seed of the step at `index` of a record, from its secret and its submissions (their sources too from format 2). */
export function stepSeed(record: GameRecord, index: number, secretHex: string, submissions: readonly Submission[]): string {
  const step = record.steps[index];
  if (!step) throw new RangeError(`the record has no step ${index + 1}`);
  return deriveStepSeed(secretHex, { gameId: record.header.gameId, stepId: step.id, submissions, bindSource: bindsHistory(record) });
}

/** The receipt of a submission in the step at `index` (format 1: its order hash). */
export function receiptOf(record: GameRecord, index: number, submission: Submission): string {
  if (!bindsHistory(record)) return submission.orderHash;
  const step = record.steps[index];
  if (!step) throw new RangeError(`the record has no step ${index + 1}`);
  return hashValue({
    commitment: step.commitment ?? null,
    header: record.headerHash,
    nonce: submission.nonce ?? '',
    orderHash: submission.orderHash,
    seat: submission.seat,
    source: submission.source,
    step: step.id,
  });
}

/** The receipt of a seat's orders in the last step of a record (as just accepted), or undefined when it has none. */
export function receiptOfSeat(record: GameRecord, seat: string): string | undefined {
  const index = record.steps.length - 1;
  const submission = record.steps[index]?.submissions.find((s) => s.seat === seat);
  return submission ? receiptOf(record, index, submission) : undefined;
}

/** Where a record ends: its last step and the last commitment it holds. A player compares them with the latest mail. */
export interface RecordEnd {
  readonly steps: number;
  readonly last?: { readonly index: number; readonly id: string; readonly turn: number; readonly status: string };
  readonly lastCommitment?: { readonly index: number; readonly step: string; readonly commitment: string };
  readonly over: boolean;
}

export function recordEnd(record: GameRecord): RecordEnd {
  const index = record.steps.length - 1;
  const last = record.steps[index];
  let lastCommitment: RecordEnd['lastCommitment'];
  for (let i = index; i >= 0 && !lastCommitment; i--) {
    const step = record.steps[i]!;
    if (step.commitment !== undefined) lastCommitment = { index: i, step: step.id, commitment: step.commitment };
  }
  return {
    steps: record.steps.length,
    ...(last ? { last: { index, id: last.id, turn: last.turn, status: last.status } } : {}),
    ...(lastCommitment ? { lastCommitment } : {}),
    over: record.result !== undefined,
  };
}

export type AnchorCheck =
  | { readonly kind: 'commitment'; readonly value: string; readonly found: true; readonly index: number; readonly step: string; readonly revealed: boolean }
  | {
      readonly kind: 'receipt';
      readonly value: string;
      readonly found: true;
      /** 'receipt': the full receipt (format 2); 'order-hash': the hash of the orders alone. */
      readonly as: 'receipt' | 'order-hash';
      readonly matches: readonly { readonly index: number; readonly step: string; readonly seat: string; readonly source: Submission['source'] }[];
    }
  | { readonly kind: 'commitment' | 'receipt'; readonly value: string; readonly found: false; readonly message: string };

export interface AnchorReport {
  readonly ok: boolean;
  readonly checks: readonly AnchorCheck[];
  readonly end: RecordEnd;
}

const endText = (end: RecordEnd): string =>
  end.last
    ? `the record ends at step ${end.last.id} (step ${end.last.index + 1}, ${end.last.status})${end.lastCommitment ? `, whose last commitment is ${end.lastCommitment.commitment} (step ${end.lastCommitment.step})` : ''}`
    : 'the record has no steps';

/**
 * Check a player's anchors against a record: each commitment must be the commitment of one of its steps, each receipt
 * the receipt (or, as players of format 1 games were given, the order hash) of one of its submissions. Whether the
 * record itself checks out is `replay`'s business: a record passes only when both say so.
 */
export function checkAnchors(record: GameRecord, anchors: { readonly commitments?: readonly string[]; readonly receipts?: readonly string[] }): AnchorReport {
  const end = recordEnd(record);
  const checks: AnchorCheck[] = [];
  const bound = bindsHistory(record);
  for (const raw of anchors.commitments ?? []) {
    const value = raw.trim().toLowerCase();
    const index = record.steps.findIndex((s) => s.commitment === value);
    const step = record.steps[index];
    if (step) checks.push({ kind: 'commitment', value, found: true, index, step: step.id, revealed: step.secret !== undefined });
    else {
      checks.push({
        kind: 'commitment',
        value,
        found: false,
        message: `commitment ${value} is not in the record: ${endText(end)}. The record was cut short (a later step is missing) or rewritten${bound ? ' (an edited header or earlier step changes every commitment after it)' : ''}.`,
      });
    }
  }
  for (const raw of anchors.receipts ?? []) {
    const value = raw.trim().toLowerCase();
    const receipts: { index: number; step: string; seat: string; source: Submission['source'] }[] = [];
    const orderHashes: typeof receipts = [];
    record.steps.forEach((step, index) => {
      for (const sub of step.submissions) {
        const match = { index, step: step.id, seat: sub.seat, source: sub.source };
        if (bound && receiptOf(record, index, sub) === value) receipts.push(match);
        if (sub.orderHash === value) orderHashes.push(match);
      }
    });
    if (receipts.length) checks.push({ kind: 'receipt', value, found: true, as: 'receipt', matches: receipts });
    else if (orderHashes.length) checks.push({ kind: 'receipt', value, found: true, as: 'order-hash', matches: orderHashes });
    else {
      checks.push({
        kind: 'receipt',
        value,
        found: false,
        message:
          `receipt ${value} is not in the record: no submission has it${bound ? ' (a receipt binds the step, its commitment, the seat, the orders, the nonce and who sent them: player or bot)' : ''}; ${endText(end)}. ` +
          'The record was cut short or rewritten, or later orders from the same seat replaced the ones it is for (only the last orders of a step are kept).',
      });
    }
  }
  return { ok: checks.every((c) => c.found), checks, end };
}
