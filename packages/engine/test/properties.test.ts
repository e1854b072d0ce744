/**
 * Property tests of the record and replay:
 * (a) random duel games (random scripted or committed dice, random legal orders built from legalActions, random
 *     decision answers, sometimes stopped inside a step) replay to identical state hashes;
 * (b) any single mutation of a leaf of such a record is caught: by parseRecord (schema) or by replay (mismatch).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalJson, hashPosition, jsonPath, parseRecord, Random, replay, type GameRecord } from '../src/index.js';
import { duel } from './fixtures/duel.js';
import { drive, leaves, mutateLeaf, randomChooser, setAt, valuesByKey, type Chooser, type Drive, type Leaf } from './fixtures/drive.js';

const SCRIPT_LENGTH = 80; // a turn of the duel rolls at most 2 + 2 × 4 + 6 = 16 dice

interface GameParams {
  readonly committed: boolean;
  readonly script: readonly number[];
  readonly secretSeed: number;
  readonly decisions: 'standing' | 'ask';
  readonly scenario: 'meeting' | 'siege';
  readonly pace: 'calm' | 'fierce';
  readonly turns: number;
  readonly target: number;
  readonly stopInside: boolean;
}

const gameParams = (committed: boolean, stopInside: fc.Arbitrary<boolean>): fc.Arbitrary<GameParams> =>
  fc.record({
    committed: fc.constant(committed),
    script: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: SCRIPT_LENGTH, maxLength: SCRIPT_LENGTH }),
    secretSeed: fc.nat(),
    decisions: fc.constantFrom('standing' as const, 'ask' as const),
    scenario: fc.constantFrom('meeting' as const, 'siege' as const),
    pace: fc.constantFrom('calm' as const, 'fierce' as const),
    turns: fc.integer({ min: 1, max: 3 }),
    target: fc.constantFrom(4, 8, 99),
    stopInside,
  });

function play(p: GameParams, choose: Chooser): Drive {
  return drive({
    gameId: `prop-${p.secretSeed}`,
    dice: p.committed ? { mode: 'committed' } : { mode: 'scripted', script: p.script },
    secrets: new Random(String(p.secretSeed), 'secrets'),
    decisions: p.decisions,
    scenario: p.scenario,
    options: { turns: 3, target: p.target, pace: p.pace },
    turns: p.turns,
    choose,
    nonces: true,
    text: true,
    stopInside: p.stopInside,
  });
}

const genChooser =
  (g: fc.GeneratorValue): Chooser =>
  (n) =>
    g(fc.nat, { max: n - 1 });

/** The record as it would be stored and read back. */
const stored = (d: Drive): unknown => JSON.parse(JSON.stringify(d.game.record));

function checkReplays(d: Drive): void {
  const parsed = parseRecord(stored(d));
  assert.ok(parsed.ok, parsed.ok ? '' : JSON.stringify(parsed.error));
  const report = replay(duel, parsed.value);
  assert.ok(report.ok, `${report.mismatch?.path}: ${report.mismatch?.message}`);
  assert.ok(report.game);
  assert.equal(hashPosition(report.game.position), hashPosition(d.game.position), 'the replayed position is the live one');
  assert.equal(canonicalJson(report.game.record), canonicalJson(d.game.record), 'the replayed game carries the same record');
  const steps = d.game.record.steps;
  const last = steps.at(-1);
  const committedPaused = last?.status === 'paused' && d.game.record.header.dice.mode === 'committed';
  assert.equal(report.stepsChecked, steps.filter((s) => s.status !== 'open').length - (committedPaused ? 1 : 0));
  for (const s of steps) if (s.status === 'resolved') assert.match(s.stateHash ?? '', /^[0-9a-f]{64}$/);
}

// ---------------------------------------------------------------------------------------------------------
// Mutations

type Outcome = 'schema' | 'mismatch' | 'missed' | 'threw';

interface Attempt {
  readonly leaf: Leaf;
  readonly to: Leaf['value'];
  readonly outcome: Outcome;
  readonly detail: string;
}

function attempt(record: unknown, leaf: Leaf, to: Leaf['value']): Attempt {
  const mutated = setAt(record, leaf.path, to);
  try {
    const parsed = parseRecord(mutated);
    if (!parsed.ok) return { leaf, to, outcome: 'schema', detail: parsed.error.map((p) => `${p.path}: ${p.message}`).join('; ') };
    const report = replay(duel, parsed.value);
    if (!report.ok) return { leaf, to, outcome: 'mismatch', detail: `${report.mismatch?.path}: ${report.mismatch?.message}` };
    return { leaf, to, outcome: 'missed', detail: 'replay reports ok' };
  } catch (e) {
    return { leaf, to, outcome: 'threw', detail: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

const describeAttempt = (a: Attempt) => `${jsonPath(a.leaf.path)}: ${JSON.stringify(a.leaf.value)} → ${JSON.stringify(a.to)}: ${a.outcome} (${a.detail})`;

/** Mutate the leaf chosen by `pick` with the mutation chosen by `variant`. */
function mutateOne(d: Drive, pick: number, variant: number): { record: GameRecord; attempt: Attempt } {
  const record = stored(d);
  const all = leaves(record);
  const byKey = valuesByKey(all);
  const leaf = all[pick % all.length]!;
  const to = mutateLeaf(leaf.value, variant, byKey.get(leaf.path[leaf.path.length - 1] ?? '') ?? []);
  return { record: record as GameRecord, attempt: attempt(record, leaf, to) };
}

/**
 * Every mutation is caught, a player's submission relabelled as a bot's too: the seeds of committed records bind each
 * submission's source (record format 2), and these games give the red seat a player in the header, whose orders a bot
 * does not send.
 */
const caught = (a: Attempt) => a.outcome === 'schema' || a.outcome === 'mismatch';

const mutationCase = (committed: boolean) =>
  fc.record({
    // committed records end at a step boundary: an open or paused committed step cannot be checked before its
    // secret is revealed (by design), so its nonces, commitment and paused events are left to the other tests
    params: gameParams(committed, committed ? fc.constant(false) : fc.boolean()),
    pick: fc.nat(),
    variant: fc.nat({ max: 20 }),
  });

/** Every leaf of a record, each with three different mutations (rotating through the kinds of mutation). */
function sweep(d: Drive): { record: GameRecord; attempts: Attempt[] } {
  const record = stored(d);
  const all = leaves(record);
  const byKey = valuesByKey(all);
  const attempts: Attempt[] = [];
  all.forEach((leaf, i) => {
    const pool = byKey.get(leaf.path[leaf.path.length - 1] ?? '') ?? [];
    const tos = new Set<string>();
    for (let v = i; v < i + 3; v++) {
      const to = mutateLeaf(leaf.value, v, pool);
      if (tos.has(JSON.stringify(to))) continue;
      tos.add(JSON.stringify(to));
      attempts.push(attempt(record, leaf, to));
    }
  });
  return { record: record as GameRecord, attempts };
}

/** A full three-turn game with decisions answered, for the sweeps. */
const sweepGame = (committed: boolean): Drive =>
  committed
    ? play({ committed, script: [], secretSeed: 2, decisions: 'ask', scenario: 'siege', pace: 'calm', turns: 3, target: 99, stopInside: false }, randomChooser('sweep-committed'))
    : play(
        { committed, script: Array.from({ length: SCRIPT_LENGTH }, (_, i) => ((i * 5 + 2) % 6) + 1), secretSeed: 1, decisions: 'ask', scenario: 'meeting', pace: 'fierce', turns: 3, target: 99, stopInside: false },
        randomChooser('sweep-scripted'),
      );

describe('property (a): random records replay to identical state hashes', () => {
  it('scripted dice, random legal orders, decisions answered or paused', () => {
    fc.assert(
      fc.property(gameParams(false, fc.boolean()), fc.gen(), (p, g) => {
        checkReplays(play(p, genChooser(g)));
      }),
      { numRuns: 300 },
    );
  });

  it('committed dice with secrets and nonces, sometimes open or paused at the end', () => {
    fc.assert(
      fc.property(gameParams(true, fc.boolean()), fc.gen(), (p, g) => {
        checkReplays(play(p, genChooser(g)));
      }),
      { numRuns: 200 },
    );
  });

  it('the records exercise what they should', () => {
    // not a property: a guard that the generators reach decisions, pauses, defaults, text orders and game ends
    const seen = { answers: 0, paused: 0, defaults: 0, ended: 0, open: 0, stepsResolved: 0 };
    fc.assert(
      fc.property(gameParams(false, fc.boolean()), fc.gen(), (p, g) => {
        const d = play(p, genChooser(g));
        const steps = d.game.record.steps;
        seen.answers += steps.reduce((n, s) => n + s.answers.length, 0);
        seen.paused += steps.at(-1)?.status === 'paused' ? 1 : 0;
        seen.open += steps.at(-1)?.status === 'open' ? 1 : 0;
        seen.defaults += steps.some((s) => s.submissions.some((x) => x.source === 'default')) ? 1 : 0;
        seen.ended += d.game.record.result ? 1 : 0;
        seen.stepsResolved += d.stepsResolved;
      }),
      { numRuns: 60, seed: 20240601 },
    );
    for (const [k, v] of Object.entries(seen)) assert.ok(v > 0, `${k}: ${JSON.stringify(seen)}`);
  });
});

describe('property (b): any single mutation of a record is caught', () => {
  for (const committed of [false, true]) {
    const kind = committed ? 'committed' : 'scripted';

    it(`${kind} records: a random leaf, a random mutation`, () => {
      fc.assert(
        fc.property(mutationCase(committed), fc.gen(), ({ params, pick, variant }, g) => {
          const { attempt: a } = mutateOne(play(params, genChooser(g)), pick, variant);
          assert.ok(caught(a), describeAttempt(a));
        }),
        { numRuns: 800 },
      );
    });

    it(`${kind} records: every leaf mutated once`, () => {
      const { attempts } = sweep(sweepGame(committed));
      assert.ok(attempts.length > 1500, `${attempts.length} mutations`);
      for (const key of ['gameId', 'headerHash', 'orderHash', 'value', 'purpose', 'stateHash', 'answers', 'winners', 'summary', ...(committed ? ['secret', 'seed', 'commitment', 'nonce'] : ['script'])]) {
        assert.ok(attempts.some((a) => a.leaf.path.includes(key)), `the record has no '${key}' to mutate`);
      }
      const missed = attempts.filter((a) => !caught(a));
      assert.deepEqual(missed.map(describeAttempt), []);
    });

  }
});
