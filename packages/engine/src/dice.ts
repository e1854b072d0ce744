import { canonicalJson } from './canonical.js';
import { bytesToHex, hexToBytes, hmacSha256, sha256Hex, utf8ToBytes } from './hash.js';

/**
 * Verifiable dice.
 *
 * Before a step's orders are due the umpire draws a secret and publishes only its SHA-256 commitment.
 * When the step is resolved the seed is HMAC-SHA-256(secret, canonical JSON of the game id, the step id and
 * every seat's order hash and nonce, and from record format 2 on its source), so neither the umpire (committed before seeing the orders) nor any
 * player (cannot see the secret) can choose the rolls. Rolls come from HMAC-SHA-256(seed, counter) blocks, read
 * as 32-bit words, with rejection sampling so every face is exactly equally likely. After the step the secret
 * is revealed and anyone can recompute every roll.
 */

/** A source of die rolls. The kernel records each roll with its purpose (see PhaseContext.roll). */
export interface DiceSource {
  roll(sides: number): number;
}

export const SECRET_BYTES = 32;

/**
 * What a step's commitment binds besides its secret (record format 2): the header hash, the hash of the state the step
 * starts from, and the hash of the whole previous step as resolved (null for the first step), which holds the previous
 * commitment in turn, so that the commitments chain the history.
 */
export interface CommitmentBinding {
  readonly headerHash: string;
  readonly before: string;
  readonly previous: string | null;
}

/**
 * The commitment published for a secret (hex in, hex out). Without a binding (record format 1) it is
 * SHA-256(secret bytes); with one it is SHA-256(canonical JSON of {before, headerHash, previous, secret}).
 */
export function commitToSecret(secretHex: string, binding?: CommitmentBinding): string {
  if (!binding) return sha256Hex(hexToBytes(secretHex));
  return sha256Hex(canonicalJson({ before: binding.before, headerHash: binding.headerHash, previous: binding.previous, secret: secretHex }));
}

export function isHex(s: string, bytes?: number): boolean {
  return /^[0-9a-f]*$/.test(s) && s.length % 2 === 0 && (bytes === undefined || s.length === bytes * 2);
}

export interface SeedInput {
  readonly gameId: string;
  readonly stepId: string;
  readonly submissions: readonly { readonly seat: string; readonly orderHash: string; readonly nonce?: string | undefined; readonly source?: string }[];
  /** Record format 2: each submission's source (player, bot or default) goes into the seed too. */
  readonly bindSource?: boolean;
}

/** The seed of a step's dice stream, from the revealed secret and every submission. */
export function deriveStepSeed(secretHex: string, input: SeedInput): string {
  const submissions = [...input.submissions]
    .map((s) => {
      if (!input.bindSource) return { seat: s.seat, orderHash: s.orderHash, nonce: s.nonce ?? '' };
      if (s.source === undefined) throw new TypeError(`the seed binds the source of each submission, and ${s.seat}'s has none`);
      return { seat: s.seat, orderHash: s.orderHash, nonce: s.nonce ?? '', source: s.source };
    })
    .sort((a, b) => (a.seat < b.seat ? -1 : a.seat > b.seat ? 1 : 0));
  const message = canonicalJson({ game: input.gameId, step: input.stepId, submissions });
  return bytesToHex(hmacSha256(hexToBytes(secretHex), utf8ToBytes(message)));
}

/** HMAC-SHA-256 in counter mode over a hex seed: an endless, reproducible stream of 32-bit words. */
export class HmacStream {
  private readonly key: Uint8Array;
  private block = 0;
  private buffer: Uint8Array = new Uint8Array(0);
  private offset = 0;
  /** How many 32-bit words have been read: lets a reader show where in the stream a roll came from. */
  wordsRead = 0;

  constructor(seedHex: string) {
    this.key = hexToBytes(seedHex);
  }

  nextWord(): number {
    if (this.offset + 4 > this.buffer.length) {
      const counter = new Uint8Array(8);
      let n = this.block++;
      for (let i = 7; i >= 0; i--) {
        counter[i] = n % 256;
        n = Math.floor(n / 256);
      }
      this.buffer = hmacSha256(this.key, counter);
      this.offset = 0;
    }
    const b = this.buffer;
    const o = this.offset;
    this.offset += 4;
    this.wordsRead++;
    return ((b[o]! << 24) >>> 0) + (b[o + 1]! << 16) + (b[o + 2]! << 8) + b[o + 3]!;
  }

  /** A uniform integer in [0, n) with no modulo bias. */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`cannot draw below ${n}`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = this.nextWord();
      if (w < limit) return w % n;
    }
  }
}

/** Dice drawn from a committed seed. */
export class CommittedDice implements DiceSource {
  private readonly stream: HmacStream;
  constructor(seedHex: string) {
    this.stream = new HmacStream(seedHex);
  }
  roll(sides: number): number {
    return this.stream.below(sides) + 1;
  }
}

export class DiceScriptError extends Error {}

/** Dice that read a fixed sequence, for tests and for replaying a designer's what-if. */
export class ScriptedDice implements DiceSource {
  constructor(
    private readonly script: readonly number[],
    public position = 0,
  ) {}
  roll(sides: number): number {
    if (this.position >= this.script.length) {
      throw new DiceScriptError(`the dice script ran out after ${this.script.length} rolls`);
    }
    const value = this.script[this.position]!;
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      throw new DiceScriptError(`dice script entry ${this.position} is ${value}, which a d${sides} cannot roll`);
    }
    this.position++;
    return value;
  }
}

/**
 * A reproducible source of choices for bots, the fuzzer and autoplay secrets, derived from a seed text.
 * Not used for game dice: those come from the committed stream.
 */
export class Random {
  private readonly stream: HmacStream;
  constructor(seed: string, purpose = 'random') {
    this.stream = new HmacStream(sha256Hex(`${purpose}:${seed}`));
  }
  int(n: number): number {
    return this.stream.below(n);
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from nothing');
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.int(1_000_000) < p * 1_000_000;
  }
  hex(bytes: number): string {
    let out = '';
    for (let i = 0; i < bytes; i += 4) out += this.stream.nextWord().toString(16).padStart(8, '0');
    return out.slice(0, bytes * 2);
  }
}
