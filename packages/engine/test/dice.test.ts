import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import {
  canonicalJson,
  CommittedDice,
  commitToSecret,
  deriveStepSeed,
  DiceScriptError,
  HmacStream,
  isHex,
  Random,
  ScriptedDice,
  type SeedInput,
} from '../src/index.js';

const SECRET = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const SEED = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The first words of the stream, computed independently with node:crypto. */
function nodeWords(seedHex: string, count: number): number[] {
  const out: number[] = [];
  for (let block = 0; out.length < count; block++) {
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(block));
    const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(counter).digest();
    for (let o = 0; o < 32 && out.length < count; o += 4) out.push(mac.readUInt32BE(o));
  }
  return out;
}

/** A stream whose words are given, to reach the rejection region that real HMAC output almost never does. */
class FedStream extends HmacStream {
  constructor(private readonly words: number[]) {
    super('00');
  }
  override nextWord(): number {
    const w = this.words.shift();
    if (w === undefined) throw new Error('no more words');
    this.wordsRead++;
    return w;
  }
}

describe('commitToSecret', () => {
  it('is the SHA-256 of the secret bytes (not of the hex text)', () => {
    assert.equal(commitToSecret(SECRET), createHash('sha256').update(Buffer.from(SECRET, 'hex')).digest('hex'));
    assert.notEqual(commitToSecret(SECRET), createHash('sha256').update(SECRET, 'utf8').digest('hex'));
    const other = `${SECRET.slice(0, -1)}0`;
    assert.notEqual(commitToSecret(other), commitToSecret(SECRET));
  });

  it('with a binding (record format 2) is the SHA-256 of the canonical JSON of the secret, the header hash, the state before and the previous step', () => {
    const binding = { headerHash: 'aa'.repeat(32), before: 'bb'.repeat(32), previous: 'cc'.repeat(32) };
    const bound = commitToSecret(SECRET, binding);
    const text = `{"before":"${binding.before}","headerHash":"${binding.headerHash}","previous":"${binding.previous}","secret":"${SECRET}"}`;
    assert.equal(bound, createHash('sha256').update(text, 'utf8').digest('hex'));
    const variants = [{ ...binding, headerHash: 'ab'.repeat(32) }, { ...binding, before: 'ba'.repeat(32) }, { ...binding, previous: null }, { ...binding, previous: 'ca'.repeat(32) }];
    const all = new Set([bound, commitToSecret(SECRET), ...variants.map((b) => commitToSecret(SECRET, b))]);
    assert.equal(all.size, variants.length + 2);
  });

  it('isHex checks lower-case hex and an optional byte length', () => {
    assert.ok(isHex(SECRET, 32));
    assert.ok(!isHex(SECRET, 16));
    assert.ok(!isHex(SECRET.toUpperCase()));
    assert.ok(!isHex('abc'));
    assert.ok(!isHex('xy'));
    assert.ok(isHex(''));
  });
});

describe('deriveStepSeed', () => {
  const input: SeedInput = {
    gameId: 'g1',
    stepId: 't1.bids',
    submissions: [
      { seat: 'red', orderHash: 'aa'.repeat(32), nonce: 'n1' },
      { seat: 'blue', orderHash: 'bb'.repeat(32), nonce: 'n2' },
    ],
  };
  const seed = deriveStepSeed(SECRET, input);

  it('is HMAC-SHA-256(secret, canonical JSON of game, step and seat-sorted submissions)', () => {
    const message = canonicalJson({
      game: 'g1',
      step: 't1.bids',
      submissions: [
        { seat: 'blue', orderHash: 'bb'.repeat(32), nonce: 'n2' },
        { seat: 'red', orderHash: 'aa'.repeat(32), nonce: 'n1' },
      ],
    });
    assert.equal(seed, createHmac('sha256', Buffer.from(SECRET, 'hex')).update(message, 'utf8').digest('hex'));
  });

  it('does not depend on the order the submissions are listed in', () => {
    assert.equal(deriveStepSeed(SECRET, { ...input, submissions: [...input.submissions].reverse() }), seed);
  });

  it('depends on the secret, the game, the step and every submission hash and nonce', () => {
    const variants: SeedInput[] = [
      { ...input, gameId: 'g2' },
      { ...input, stepId: 't1.red-move' },
      { ...input, submissions: [{ ...input.submissions[0]!, orderHash: 'ab'.repeat(32) }, input.submissions[1]!] },
      { ...input, submissions: [input.submissions[0]!, { ...input.submissions[1]!, orderHash: 'ba'.repeat(32) }] },
      { ...input, submissions: [{ ...input.submissions[0]!, nonce: 'n1x' }, input.submissions[1]!] },
      { ...input, submissions: [input.submissions[0]!, { ...input.submissions[1]!, nonce: 'n3' }] },
      { ...input, submissions: [input.submissions[0]!, { seat: 'blue', orderHash: 'bb'.repeat(32) }] },
      { ...input, submissions: [input.submissions[0]!] },
      { ...input, submissions: [{ ...input.submissions[0]!, seat: 'green' }, input.submissions[1]!] },
    ];
    const seeds = new Set([seed, ...variants.map((v) => deriveStepSeed(SECRET, v))]);
    assert.equal(seeds.size, variants.length + 1);
    assert.notEqual(deriveStepSeed(`${SECRET.slice(0, -2)}00`, input), seed);
  });

  it("binds each submission's source when asked (record format 2), and refuses a submission without one then", () => {
    const sourced = { ...input, bindSource: true, submissions: input.submissions.map((s) => ({ ...s, source: 'player' })) };
    const bound = deriveStepSeed(SECRET, sourced);
    const message = canonicalJson({
      game: 'g1',
      step: 't1.bids',
      submissions: [
        { seat: 'blue', orderHash: 'bb'.repeat(32), nonce: 'n2', source: 'player' },
        { seat: 'red', orderHash: 'aa'.repeat(32), nonce: 'n1', source: 'player' },
      ],
    });
    assert.equal(bound, createHmac('sha256', Buffer.from(SECRET, 'hex')).update(message, 'utf8').digest('hex'));
    assert.notEqual(bound, seed);
    for (const source of ['bot', 'default']) {
      assert.notEqual(deriveStepSeed(SECRET, { ...sourced, submissions: [{ ...sourced.submissions[0]!, source }, sourced.submissions[1]!] }), bound);
    }
    assert.equal(deriveStepSeed(SECRET, { ...sourced, bindSource: false }), seed);
    assert.throws(() => deriveStepSeed(SECRET, { ...input, bindSource: true }), /source/);
  });

  it('treats a missing nonce as the empty nonce', () => {
    const a = deriveStepSeed(SECRET, { gameId: 'g', stepId: 's', submissions: [{ seat: 'red', orderHash: 'aa'.repeat(32) }] });
    const b = deriveStepSeed(SECRET, { gameId: 'g', stepId: 's', submissions: [{ seat: 'red', orderHash: 'aa'.repeat(32), nonce: '' }] });
    assert.equal(a, b);
  });
});

describe('HmacStream', () => {
  it('reads HMAC-SHA-256(seed, 64-bit big-endian counter) as big-endian 32-bit words', () => {
    const stream = new HmacStream(SEED);
    const words = Array.from({ length: 20 }, () => stream.nextWord());
    assert.deepEqual(words, nodeWords(SEED, 20));
    assert.equal(stream.wordsRead, 20);
  });

  it('is deterministic and depends on the seed', () => {
    const a = new HmacStream(SEED);
    const b = new HmacStream(SEED);
    const c = new HmacStream(`${SEED.slice(0, -1)}4`);
    const wa = Array.from({ length: 50 }, () => a.below(1000));
    assert.deepEqual(Array.from({ length: 50 }, () => b.below(1000)), wa);
    assert.notDeepEqual(Array.from({ length: 50 }, () => c.below(1000)), wa);
  });

  it('below(n) refuses sizes it cannot draw', () => {
    const s = new HmacStream(SEED);
    for (const n of [0, -1, 1.5, NaN, 2 ** 32 + 1]) assert.throws(() => s.below(n), RangeError);
    assert.equal(s.below(1), 0);
    assert.ok(s.below(2 ** 32) < 2 ** 32);
  });

  it('rejects the top words that would bias a d6 (2^32 is not a multiple of 6)', () => {
    const limit = 2 ** 32 - (2 ** 32 % 6); // 2^32 - 4
    assert.equal(2 ** 32 % 6, 4);
    const s = new FedStream([2 ** 32 - 1, limit, limit + 3, 7]);
    assert.equal(s.below(6), 7 % 6);
    assert.equal(s.wordsRead, 4, 'three words rejected, the fourth used');
    const t = new FedStream([limit - 1]);
    assert.equal(t.below(6), (limit - 1) % 6);
    assert.equal((limit - 1) % 6, 5, 'the last accepted word maps to the top face');
  });

  it('rejects nothing when the size divides 2^32', () => {
    const s = new FedStream([2 ** 32 - 1]);
    assert.equal(s.below(8), 7);
    const t = new FedStream([2 ** 32 - 6, 2 ** 32 - 7]);
    assert.equal(t.below(10), (2 ** 32 - 7) % 10, 'the top six words are rejected for a d10');
  });
});

describe('CommittedDice', () => {
  it('rolls 1..sides by rejection sampling on the stream, matching an independent computation', () => {
    const words = nodeWords(SEED, 400);
    const expected: number[] = [];
    let w = 0;
    for (const sides of [6, 10, 6, 20, 2, 6, 100, 6]) {
      for (let k = 0; k < 20; k++) {
        const limit = 2 ** 32 - (2 ** 32 % sides);
        let word = words[w++]!;
        while (word >= limit) word = words[w++]!;
        expected.push((word % sides) + 1);
      }
    }
    const dice = new CommittedDice(SEED);
    const got: number[] = [];
    for (const sides of [6, 10, 6, 20, 2, 6, 100, 6]) for (let k = 0; k < 20; k++) got.push(dice.roll(sides));
    assert.deepEqual(got, expected);
  });

  it('is deterministic for a seed', () => {
    const a = new CommittedDice(SEED);
    const b = new CommittedDice(SEED);
    const ra = Array.from({ length: 100 }, () => a.roll(6));
    assert.deepEqual(Array.from({ length: 100 }, () => b.roll(6)), ra);
    assert.ok(ra.every((r) => Number.isInteger(r) && r >= 1 && r <= 6));
  });

  it('gives every face of a d10 equally often (chi-square over 60,000 rolls)', () => {
    const dice = new CommittedDice(deriveStepSeed(SECRET, { gameId: 'chi-square', stepId: 't1', submissions: [] }));
    const n = 60_000;
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < n; i++) {
      const r = dice.roll(10);
      assert.ok(r >= 1 && r <= 10);
      counts[r - 1]!++;
    }
    const expected = n / 10;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: P(chi2 > 40) is about 1e-5. The seed is fixed, so this cannot flake.
    assert.ok(chi2 < 40, `chi-square ${chi2.toFixed(2)} for counts ${counts.join(', ')}`);
    assert.ok(Math.min(...counts) > 5600 && Math.max(...counts) < 6400, counts.join(', '));
  });
});

describe('ScriptedDice', () => {
  it('reads its script in order', () => {
    const d = new ScriptedDice([3, 1, 6, 10]);
    assert.deepEqual([d.roll(6), d.roll(6), d.roll(6), d.roll(10)], [3, 1, 6, 10]);
    assert.equal(d.position, 4);
  });

  it('can start part way through the script', () => {
    const d = new ScriptedDice([1, 2, 3], 2);
    assert.equal(d.roll(6), 3);
  });

  it('says when the script runs out', () => {
    const d = new ScriptedDice([2]);
    d.roll(6);
    assert.throws(() => d.roll(6), (e: Error) => e instanceof DiceScriptError && /ran out after 1 roll/.test(e.message));
    assert.throws(() => new ScriptedDice([]).roll(6), DiceScriptError);
  });

  it('refuses entries the die cannot roll, without moving on', () => {
    const d = new ScriptedDice([7, 3]);
    assert.throws(() => d.roll(6), (e: Error) => e instanceof DiceScriptError && e.message.includes('entry 0 is 7') && e.message.includes('d6'));
    assert.equal(d.position, 0);
    assert.equal(d.roll(10), 7);
    for (const bad of [0, -1, 2.5, NaN]) assert.throws(() => new ScriptedDice([bad]).roll(6), DiceScriptError);
  });
});

describe('Random', () => {
  it('is reproducible from its seed and purpose', () => {
    const a = new Random('seed', 'bots');
    const b = new Random('seed', 'bots');
    const c = new Random('seed', 'secrets');
    const xs = Array.from({ length: 30 }, () => a.int(100));
    assert.deepEqual(Array.from({ length: 30 }, () => b.int(100)), xs);
    assert.notDeepEqual(Array.from({ length: 30 }, () => c.int(100)), xs);
  });

  it('picks, flips and draws hex', () => {
    const r = new Random('x');
    assert.throws(() => r.pick([]), RangeError);
    assert.equal(r.pick(['only']), 'only');
    assert.equal(r.chance(0), false);
    assert.equal(r.chance(1), true);
    assert.ok(isHex(r.hex(32), 32));
    assert.ok(isHex(r.hex(3), 3));
  });
});
