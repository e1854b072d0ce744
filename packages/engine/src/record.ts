import { z } from 'zod';
import type { Json } from './canonical.js';
import type { DecisionRequest, GameEvent, GameResult, SeatId } from './ruleset.js';
import type { Problem } from './problems.js';
import { err, ok, type Result } from './result.js';
import { schemaProblems } from './data/data-file.js';

/**
 * The game record: everything needed to rebuild every state of a game and to check every roll.
 * The server keeps the same record in its database; the CLI keeps it as record.json in the game directory.
 */
export const RECORD_FORMAT = 'umpire-record/2';
/**
 * The first format: its commitments bind the secret alone and its seeds leave out who sent each set of orders, so a
 * player's commitment or receipt proves less (see docs/dice.md). Records of this format still verify as before.
 */
export const RECORD_FORMAT_1 = 'umpire-record/1';
export type RecordFormat = typeof RECORD_FORMAT | typeof RECORD_FORMAT_1;

/**
 * Whether a record's commitments, seeds and receipts bind its history (format 2 on): each commitment binds the header
 * hash and everything before its step, each seed and receipt the seat and source of every submission.
 */
export const bindsHistory = (record: { readonly format: RecordFormat }): boolean => record.format !== RECORD_FORMAT_1;

export interface SeatInfo {
  readonly id: SeatId;
  /** Who holds the seat: an email address or a name. */
  readonly player?: string;
  /** A bot plays the seat. */
  readonly bot?: string;
}

export type DiceMode = { readonly mode: 'committed' } | { readonly mode: 'scripted'; readonly script: readonly number[] };

export interface RecordHeader {
  readonly gameId: string;
  readonly ruleset: { readonly id: string; readonly version: string };
  readonly scenario: string;
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly seats: readonly SeatInfo[];
  readonly dice: DiceMode;
  /** 'standing': decisions come from standing orders or defaults (deadline games); 'ask': the game pauses. */
  readonly decisions: 'standing' | 'ask';
}

export interface Submission {
  readonly seat: SeatId;
  readonly orders: Json;
  /** SHA-256 of the canonical JSON of the orders: the receipt a player is given. */
  readonly orderHash: string;
  readonly nonce?: string;
  /** 'player' sent them; 'default' means nothing came and the empty orders stood in. */
  readonly source: 'player' | 'default' | 'bot';
}

export interface DecisionAnswer {
  readonly id: string;
  readonly seat: SeatId;
  readonly answer: Json;
}

export interface StepRecord {
  readonly id: string;
  readonly turn: number;
  readonly status: 'open' | 'paused' | 'resolved';
  /** SHA-256 of the step's secret, published when the step opens (committed dice). */
  readonly commitment?: string;
  /** Revealed once the step is resolved. */
  readonly secret?: string;
  readonly seed?: string;
  readonly submissions: readonly Submission[];
  readonly answers: readonly DecisionAnswer[];
  readonly events: readonly GameEvent[];
  readonly pending?: DecisionRequest;
  /** Hash of the state after the step. */
  readonly stateHash?: string;
}

export interface GameRecord {
  readonly format: RecordFormat;
  readonly header: RecordHeader;
  readonly headerHash: string;
  readonly initialStateHash: string;
  readonly steps: readonly StepRecord[];
  readonly result?: GameResult;
}

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hash in hex');
const json = z.json();
const event = z.looseObject({ type: z.string(), visibleTo: z.array(z.string()).optional() }).refine(
  (e) => Object.values(e).every((v) => v !== undefined),
  'events hold plain data',
);

const decisionRequest = z.strictObject({
  id: z.string(),
  seat: z.string(),
  kind: z.string(),
  prompt: z.string(),
  options: z.array(json),
  default: json,
  standing: json.optional(),
});

export const gameRecordSchema = z.strictObject({
  format: z.enum([RECORD_FORMAT, RECORD_FORMAT_1]),
  header: z.strictObject({
    gameId: z.string().min(1),
    ruleset: z.strictObject({ id: z.string().min(1), version: z.string().min(1) }),
    scenario: z.string().min(1),
    options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    seats: z.array(z.strictObject({ id: z.string().min(1), player: z.string().optional(), bot: z.string().optional() })),
    dice: z.discriminatedUnion('mode', [
      z.strictObject({ mode: z.literal('committed') }),
      z.strictObject({ mode: z.literal('scripted'), script: z.array(z.number().int().min(1)) }),
    ]),
    decisions: z.enum(['standing', 'ask']),
  }),
  headerHash: hash,
  initialStateHash: hash,
  steps: z.array(
    z.strictObject({
      id: z.string(),
      turn: z.number().int().min(1),
      status: z.enum(['open', 'paused', 'resolved']),
      commitment: hash.optional(),
      secret: z.string().regex(/^[0-9a-f]{64}$/, 'expected a 32-byte secret in lower-case hex').optional(),
      seed: hash.optional(),
      submissions: z.array(
        z.strictObject({
          seat: z.string(),
          orders: json,
          orderHash: hash,
          nonce: z.string().max(256).optional(),
          source: z.enum(['player', 'default', 'bot']),
        }),
      ),
      answers: z.array(z.strictObject({ id: z.string(), seat: z.string(), answer: json })),
      events: z.array(event),
      pending: decisionRequest.optional(),
      stateHash: hash.optional(),
    }),
  ),
  result: z.strictObject({ winners: z.array(z.string()), summary: z.string() }).optional(),
});

/** Read a record from parsed JSON, with every problem located by its JSON path. */
export function parseRecord(data: unknown): Result<GameRecord, Problem[]> {
  const parsed = gameRecordSchema.safeParse(data);
  if (parsed.success) return ok(parsed.data as GameRecord);
  return err(schemaProblems(parsed.error.issues, { schema: gameRecordSchema, data, code: 'record-schema' }));
}
