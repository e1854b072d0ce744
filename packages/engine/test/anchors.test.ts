import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  awaiting,
  checkAnchors,
  createGame,
  hashValue,
  openStep,
  RECORD_FORMAT,
  RECORD_FORMAT_1,
  receiptOf,
  receiptOfSeat,
  recordEnd,
  replay,
  resolveStep,
  submitOrders,
  type Game,
  type GameRecord,
  type Json,
  type SeatInfo,
  type Submission,
} from '../src/index.js';
import { duel } from './fixtures/duel.js';
import { must } from './fixtures/drive.js';

/** The secret of the step at an index: the same in a game and in its rewrite, as an umpire rewriting a game would keep them. */
const secretAt = (index: number) => createHash('sha256').update(`anchor secret ${index}`).digest('hex');

interface Send {
  readonly seat: string;
  readonly orders: Json;
  readonly source?: 'player' | 'bot';
  readonly nonce?: string;
}

interface Setup {
  readonly seats?: readonly SeatInfo[];
  readonly format1?: boolean;
  readonly scripted?: boolean;
  /** What each step's seats send (by step id); seats not named send nothing and get their empty orders. */
  readonly sends?: (stepId: string) => readonly Send[];
}

const bids =
  (red: Partial<Send> = {}, redBid = 2) =>
  (stepId: string): readonly Send[] => {
    if (stepId === 't1.bids') return [{ seat: 'red', orders: { bid: redBid }, nonce: 'red-nonce', ...red }, { seat: 'blue', orders: { bid: 1 } }];
    if (stepId === 't1.red-move') return [{ seat: 'red', orders: { path: ['ford', 'hill'] } }];
    if (stepId === 't1.blue-move') return [{ seat: 'blue', orders: { path: ['wood'] } }];
    return [];
  };

/** Play `steps` steps of a duel through the kernel, every step resolved. */
function playSteps(steps: number, setup: Setup = {}): Game {
  const created = must(
    createGame(duel, { gameId: 'anchors', dice: setup.scripted ? { mode: 'scripted', script: Array.from({ length: 300 }, () => 3) } : { mode: 'committed' }, ...(setup.seats ? { seats: setup.seats } : {}) }),
    'createGame',
  );
  // A game created before format 2 goes on in format 1: the kernel follows the record's format.
  let game: Game = setup.format1 ? { ...created, record: { ...created.record, format: RECORD_FORMAT_1 } } : created;
  for (let i = 0; i < steps; i++) {
    const now = awaiting(duel, game);
    assert.equal(now.kind, 'open-step');
    if (now.kind !== 'open-step') break;
    const secret = setup.scripted ? undefined : secretAt(i);
    game = must(openStep(duel, game, secret), 'openStep');
    for (const send of setup.sends?.(now.step.id) ?? []) {
      const opts = { ...(send.source ? { source: send.source } : {}), ...(send.nonce !== undefined && !setup.scripted ? { nonce: send.nonce } : {}) };
      game = must(submitOrders(duel, game, send.seat, { json: send.orders }, opts), `${send.seat} in ${now.step.id}`).game;
    }
    game = must(resolveStep(duel, game, secret), 'resolveStep').game;
  }
  return game;
}

const stored = (game: Game): GameRecord => JSON.parse(JSON.stringify(game.record)) as GameRecord;
const stepIndex = (record: GameRecord, id: string) => record.steps.findIndex((s) => s.id === id);
const submissionOf = (record: GameRecord, id: string, seat: string): Submission => record.steps[stepIndex(record, id)]!.submissions.find((s) => s.seat === seat)!;

function relabel(record: GameRecord, id: string, seat: string, source: Submission['source']): GameRecord {
  const copy = structuredClone(record) as unknown as { steps: { id: string; submissions: { seat: string; source: string }[] }[] };
  copy.steps.find((s) => s.id === id)!.submissions.find((s) => s.seat === seat)!.source = source;
  return copy as unknown as GameRecord;
}

describe('the record and the anchors a player keeps (record format 2)', () => {
  it('new games are written in format 2, whose commitments chain the steps', () => {
    const record = stored(playSteps(3, { sends: bids() }));
    assert.equal(record.format, RECORD_FORMAT);
    assert.equal(RECORD_FORMAT, 'umpire-record/2');
    const report = replay(duel, record);
    assert.equal(report.ok, true, report.mismatch?.message);
    assert.deepEqual(report.notes, []);
    // each commitment is SHA-256 over the secret, the header hash, the state before and the previous step as resolved
    record.steps.forEach((step, i) => {
      const previous = i === 0 ? null : record.steps[i - 1]!;
      const text = JSON.stringify({ before: previous ? previous.stateHash : record.initialStateHash, headerHash: record.headerHash, previous: previous ? hashValue(previous) : null, secret: secretAt(i) });
      assert.equal(step.commitment, createHash('sha256').update(text).digest('hex'), step.id);
    });
  });

  it("(a) a player's orders relabelled as a bot's break the seed of their step, though the header names the seats only", () => {
    const record = stored(playSteps(3, { sends: bids() }));
    const at = stepIndex(record, 't1.bids');
    assert.equal(submissionOf(record, 't1.bids', 'red').source, 'player');
    for (const source of ['bot', 'default'] as const) {
      const report = replay(duel, relabel(record, 't1.bids', 'red', source));
      assert.equal(report.ok, false, source);
      assert.equal(report.mismatch?.path, source === 'bot' ? `$.steps[${at}].seed` : `$.steps[${at}].submissions[0].source`, report.mismatch?.message);
    }
  });

  it("(a) a relabelling rewritten throughout by the umpire (who holds the secrets) replays, but the player's receipt is not in it", () => {
    const original = stored(playSteps(4, { sends: bids() }));
    const rewritten = stored(playSteps(4, { sends: bids({ source: 'bot' }) }));
    assert.equal(submissionOf(rewritten, 't1.bids', 'red').source, 'bot');
    assert.equal(replay(duel, rewritten).ok, true, 'the rewrite is consistent in itself');
    const at = stepIndex(original, 't1.bids');
    const red = submissionOf(original, 't1.bids', 'red');
    const receipt = receiptOf(original, at, red);
    assert.notEqual(receipt, red.orderHash);
    assert.equal(receipt, hashValue({ commitment: original.steps[at]!.commitment, header: original.headerHash, nonce: 'red-nonce', orderHash: red.orderHash, seat: 'red', source: 'player', step: 't1.bids' }));

    const kept = checkAnchors(original, { receipts: [receipt] });
    assert.equal(kept.ok, true);
    assert.deepEqual(kept.checks, [{ kind: 'receipt', value: receipt, found: true, as: 'receipt', matches: [{ index: at, step: 't1.bids', seat: 'red', source: 'player' }] }]);
    const lost = checkAnchors(rewritten, { receipts: [receipt.toUpperCase()] });
    assert.equal(lost.ok, false);
    const check = lost.checks[0]!;
    assert.ok(!check.found && /receipt [0-9a-f]{64} is not in the record/.test(check.message) && check.message.includes('player or bot'), JSON.stringify(check));
    // the order hash alone binds the orders, not who sent them: it is found, marked as the bot's
    const byHash = checkAnchors(rewritten, { receipts: [red.orderHash] });
    assert.equal(byHash.ok, true);
    assert.deepEqual(byHash.checks[0], { kind: 'receipt', value: red.orderHash, found: true, as: 'order-hash', matches: [{ index: at, step: 't1.bids', seat: 'red', source: 'bot' }] });
  });

  it('(a) a bot named as the source of the orders of a seat the header gives a player is refused, with scripted dice too', () => {
    const record = stored(playSteps(3, { scripted: true, seats: [{ id: 'red', player: 'anna@example.org' }, { id: 'blue', bot: 'random' }], sends: bids() }));
    assert.equal(replay(duel, record).ok, true);
    const at = stepIndex(record, 't1.bids');
    const report = replay(duel, relabel(record, 't1.bids', 'red', 'bot'));
    assert.equal(report.ok, false);
    assert.equal(report.mismatch?.path, `$.steps[${at}].submissions[0].source`);
    assert.match(report.mismatch!.message, /red is held by anna@example\.org, but the record says a bot sent its orders/);
  });

  it('(b) a record with its last steps cut replays, but a later commitment or receipt shows the cut, and the end is reported', () => {
    const full = stored(playSteps(8, { sends: bids() }));
    const cut: GameRecord = { ...full, steps: full.steps.slice(0, 3) };
    assert.equal(replay(duel, cut).ok, true, 'a prefix of a record is a valid record');
    assert.equal(cut.steps.at(-1)!.id, 't1.red-move');
    assert.deepEqual(recordEnd(cut), { steps: 3, last: { index: 2, id: 't1.red-move', turn: 1, status: 'resolved' }, lastCommitment: { index: 2, step: 't1.red-move', commitment: cut.steps[2]!.commitment! }, over: false });

    const later = full.steps[5]!;
    const blueMove = receiptOf(full, stepIndex(full, 't1.blue-move'), submissionOf(full, 't1.blue-move', 'blue'));
    const onFull = checkAnchors(full, { commitments: [later.commitment!], receipts: [blueMove] });
    assert.equal(onFull.ok, true);
    assert.deepEqual(onFull.checks[0], { kind: 'commitment', value: later.commitment, found: true, index: 5, step: later.id, revealed: true });

    const onCut = checkAnchors(cut, { commitments: [later.commitment!, cut.steps[1]!.commitment!], receipts: [blueMove] });
    assert.equal(onCut.ok, false);
    assert.deepEqual(
      onCut.checks.map((c) => [c.kind, c.found]),
      [
        ['commitment', false],
        ['commitment', true],
        ['receipt', false],
      ],
    );
    const missing = onCut.checks[0]!;
    assert.ok(!missing.found && missing.message.includes(`the record ends at step t1.red-move (step 3, resolved), whose last commitment is ${cut.steps[2]!.commitment}`), JSON.stringify(missing));
  });

  it('(c) a header edited with its hash recomputed no longer matches the first commitment', () => {
    const record = stored(playSteps(3, { seats: [{ id: 'red', player: 'anna@example.org' }], sends: bids() }));
    const edited = structuredClone(record) as unknown as { header: { seats: { id: string; player?: string }[] }; headerHash: string };
    edited.header.seats[0]!.player = 'mallory@example.org';
    edited.headerHash = hashValue(edited.header);
    const report = replay(duel, edited as unknown as GameRecord);
    assert.equal(report.ok, false);
    assert.equal(report.mismatch?.path, '$.steps[0].secret');
    assert.match(report.mismatch!.message, /binds the secret, the header hash and everything before the step/);
  });

  it('(c) a game rewritten with an edited header, or with an earlier step changed, keeps none of the commitments after the change', () => {
    const seats = (player: string): SeatInfo[] => [{ id: 'red', player }];
    const original = stored(playSteps(6, { seats: seats('anna@example.org'), sends: bids() }));
    const kept = original.steps.map((s) => s.commitment!);

    const newHeader = stored(playSteps(6, { seats: seats('mallory@example.org'), sends: bids() }));
    assert.equal(replay(duel, newHeader).ok, true, 'the rewrite is consistent in itself');
    const onHeader = checkAnchors(newHeader, { commitments: kept });
    assert.deepEqual(onHeader.checks.map((c) => c.found), kept.map(() => false));

    const newBid = stored(playSteps(6, { seats: seats('anna@example.org'), sends: bids({}, 1) }));
    assert.equal(replay(duel, newBid).ok, true);
    const at = stepIndex(original, 't1.bids');
    const onHistory = checkAnchors(newBid, { commitments: kept });
    // the bids step's own commitment was published before its orders; every commitment after it binds them
    assert.deepEqual(onHistory.checks.map((c) => c.found), kept.map((_, i) => i <= at));
  });

  it('gives the receipt of the orders just accepted', () => {
    const created = must(createGame(duel, { gameId: 'r', dice: { mode: 'committed' } }));
    let game = must(resolveStep(duel, must(openStep(duel, created, secretAt(0))), secretAt(0))).game;
    game = must(openStep(duel, game, secretAt(1)));
    assert.equal(receiptOfSeat(game.record, 'red'), undefined);
    game = must(submitOrders(duel, game, 'red', { json: { bid: 1 } }, { nonce: 'x' })).game;
    assert.equal(receiptOfSeat(game.record, 'red'), receiptOf(game.record, 1, game.record.steps[1]!.submissions[0]!));
    assert.equal(checkAnchors(game.record, { receipts: [receiptOfSeat(game.record, 'red')!] }).ok, true);
    const open = checkAnchors(game.record, { commitments: [game.record.steps[1]!.commitment!] }).checks[0]!;
    assert.ok(open.found && open.kind === 'commitment' && !open.revealed);
  });
});

describe('records of format 1', () => {
  it('verify as before: commitments of the secret alone, seeds without sources, the order hash as receipt; they bind less', () => {
    const record = stored(playSteps(3, { format1: true, sends: bids() }));
    assert.equal(record.format, RECORD_FORMAT_1);
    const report = replay(duel, record);
    assert.equal(report.ok, true, report.mismatch?.message);
    assert.match(report.notes.join('\n'), /format umpire-record\/1: its commitments bind the secrets alone/);
    record.steps.forEach((step, i) => assert.equal(step.commitment, createHash('sha256').update(Buffer.from(secretAt(i), 'hex')).digest('hex')));
    const at = stepIndex(record, 't1.bids');
    const red = submissionOf(record, 't1.bids', 'red');
    assert.equal(receiptOf(record, at, red), red.orderHash);
    // what format 2 closes: a relabelled source goes unnoticed in format 1
    assert.equal(replay(duel, relabel(record, 't1.bids', 'red', 'bot')).ok, true);
  });
});
