import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createGame,
  hashValue,
  hiddenEvents,
  HIDDEN_EVENT,
  isHiddenEvent,
  ok,
  openStep,
  publicRecord,
  RECORD_FORMAT_1,
  recordPositions,
  replay,
  resolvedRecord,
  resolveStep,
  seatRecord,
  seatView,
  stateAfterPhase,
  statesByPhase,
  stepCommitment,
  submitOrders,
  type Game,
  type GameEvent,
  type GameRecord,
  type Ruleset,
} from '../src/index.js';

/**
 * A two-seat game with secrets: each seat rolls in the open and in secret, keeps a purse nobody else sees, and is told
 * its own purse in an event for it alone. Its view withholds the other seat's purse.
 */
type S = { purses: Record<string, number>; scores: Record<string, number> };
type O = { call: string };
const SEATS = ['north', 'south'];
const purses: Ruleset<S, O> = {
  id: 'purses',
  version: '1',
  title: 'Purses',
  scenarios: ['only'],
  defaultScenario: 'only',
  options: [],
  setup: () => ok({ purses: { north: 10, south: 10 }, scores: { north: 0, south: 0 } }),
  seats: () => SEATS,
  turnPlan: () => [{ kind: 'orders', id: 'orders', seats: SEATS, phases: ['roll', 'pay'] }],
  phases: {
    roll(state, _orders, ctx) {
      for (const seat of SEATS) state.scores[seat]! += ctx.roll(6, `${seat} rolls in the open`);
    },
    pay(state, orders, ctx) {
      for (const seat of SEATS) {
        const secret = ctx.roll(6, `${seat} rolls in secret`, { visibleTo: [seat] });
        state.purses[seat]! += secret;
        ctx.emit({ type: 'purse', seat, call: orders.get(seat)?.call ?? '', purse: state.purses[seat]!, visibleTo: [seat] });
      }
      ctx.emit({ type: 'scores', north: state.scores['north']!, south: state.scores['south']! });
    },
  },
  result: (_s, next) => (next > 3 ? { winners: [], summary: 'three turns played' } : null),
  parseOrders: (text) => ok({ call: text.trim() }),
  checkOrders: (o) => ok(o as O),
  formatOrders: (o) => o.call,
  emptyOrders: () => ({ call: '' }),
  legalActions: () => [],
  view: (state, seat) => ({
    scores: state.scores,
    purses: Object.fromEntries(SEATS.map((s) => [s, s === seat ? state.purses[s]! : null])),
  }),
};

const secretAt = (i: number) => (i + 1).toString(16).padStart(2, '0').repeat(32);

function play(turns: number, dice: 'committed' | 'scripted' = 'committed', format1 = false): Game<S> {
  const script = [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1];
  const mode = dice === 'committed' ? { mode: 'committed' as const } : { mode: 'scripted' as const, script };
  const created = createGame<S>(purses, { gameId: 'purses', dice: mode });
  assert.ok(created.ok);
  let game: Game<S> = format1 ? { ...created.value, record: { ...created.value.record, format: RECORD_FORMAT_1 } } : created.value;
  for (let i = 0; i < turns; i++) {
    const secret = dice === 'committed' ? secretAt(i) : undefined;
    const opened = openStep(purses, game, secret);
    assert.ok(opened.ok);
    const sent = submitOrders(purses, opened.value, 'north', { text: `north call ${i}` });
    assert.ok(sent.ok);
    const resolved = resolveStep(purses, sent.value.game, secret);
    assert.ok(resolved.ok);
    game = resolved.value.game;
  }
  return game;
}

const secretEvents = (record: GameRecord) => record.steps.flatMap((s) => s.events.filter((e) => e.visibleTo !== undefined));
const copy = (record: GameRecord): GameRecord => JSON.parse(JSON.stringify(record)) as GameRecord;

describe('the public record', () => {
  it('carries no event some seat may not see: each is a hidden event holding the hash of the event it stands for', () => {
    const record = play(3).record;
    const secrets = secretEvents(record);
    assert.equal(secrets.length, 12, 'two secret rolls and two purses a turn');
    const published = publicRecord(record);
    assert.deepEqual(secretEvents(published), []);
    assert.equal(hiddenEvents(published), secrets.length);
    const hidden = published.steps.flatMap((s) => s.events.filter(isHiddenEvent));
    assert.deepEqual(hidden.map((e) => e.hash), secrets.map((e) => hashValue(e)));
    assert.deepEqual(Object.keys(hidden[0]!).sort(), ['hash', 'type'], 'neither the type nor the seats of the event');
    assert.equal(hidden[0]!.type, HIDDEN_EVENT);
    // Everything else is the record's: orders, secrets, seeds, state hashes, the public events in their places.
    published.steps.forEach((s, i) => {
      const whole = record.steps[i]!;
      assert.deepEqual({ ...s, events: [] }, { ...whole, events: [] });
      s.events.forEach((e, j) => assert.deepEqual(e, isHiddenEvent(e) ? hideEventOf(whole.events[j]!) : whole.events[j]));
    });
    assert.ok(!JSON.stringify(published).includes('rolls in secret'));
  });

  it('verifies as the whole record does: every roll, state hash and commitment, and each hidden event by its hash', () => {
    const record = play(3).record;
    const whole = replay<S>(purses, record);
    assert.ok(whole.ok, whole.mismatch?.message);
    assert.equal(whole.hiddenChecked, 0);
    const report = replay<S>(purses, copy(publicRecord(record)));
    assert.ok(report.ok, report.mismatch?.message);
    assert.equal(report.stepsChecked, 3);
    assert.equal(report.rollsChecked, whole.rollsChecked);
    assert.equal(report.hiddenChecked, 12);
    assert.equal(report.game?.position.state.purses['south'], whole.game?.position.state.purses['south']);
  });

  it('fails verification when a hidden event\'s hash is changed, named by its path', () => {
    const tampered = copy(publicRecord(play(3).record));
    const step = tampered.steps[1]!;
    const j = step.events.findIndex((e) => isHiddenEvent(e));
    const forged = { type: 'purse', seat: 'north', call: 'x', purse: 99, visibleTo: ['north'] };
    (step.events[j] as unknown as { hash: string }).hash = hashValue(forged);
    const report = replay(purses, tampered);
    assert.equal(report.ok, false);
    assert.equal(report.mismatch?.path, `$.steps[1].events[${j}].hash`);
    assert.match(report.mismatch!.message, /hidden event \d+ does not match the hash of the event replay produces/);
    assert.equal(report.stepsChecked, 1);
  });

  it('fails verification when an event every seat sees is hidden, or a hidden event is dropped', () => {
    const record = play(2).record;
    const hidingPublic = copy(publicRecord(record));
    const j = hidingPublic.steps[0]!.events.findIndex((e) => e.type === 'scores');
    (hidingPublic.steps[0]!.events as GameEvent[])[j] = hideEventOf(hidingPublic.steps[0]!.events[j]!);
    const report = replay(purses, hidingPublic);
    assert.equal(report.mismatch?.path, `$.steps[0].events[${j}]`);
    assert.match(report.mismatch!.message, /hidden in the record, but every seat sees it: scores/);
    const dropped = copy(publicRecord(record));
    const events = dropped.steps[0]!.events as GameEvent[];
    events.splice(events.findIndex(isHiddenEvent), 1);
    assert.equal(replay(purses, dropped).ok, false);
  });

  it('verifies in record format 1, and with scripted dice, whose script counts the hidden rolls too', () => {
    const format1 = play(3, 'committed', true).record;
    assert.equal(format1.format, RECORD_FORMAT_1);
    const old = replay(purses, copy(publicRecord(format1)));
    assert.ok(old.ok, old.mismatch?.message);
    assert.equal(old.hiddenChecked, 12);
    const scripted = play(3, 'scripted').record;
    const report = replay(purses, copy(publicRecord(scripted)));
    assert.ok(report.ok, report.mismatch?.message);
    assert.equal(report.rollsChecked, 12);
  });

  it('keeps the resolved steps only: the open step\'s orders stay private', () => {
    const game = play(2);
    const opened = openStep(purses, game, secretAt(2));
    assert.ok(opened.ok);
    const sent = submitOrders(purses, opened.value, 'south', { text: 'a private plan' });
    assert.ok(sent.ok);
    const record = sent.value.game.record;
    assert.equal(record.steps.length, 3);
    assert.equal(publicRecord(record).steps.length, 2);
    assert.equal(resolvedRecord(record).steps.length, 2);
    assert.ok(!JSON.stringify(publicRecord(record)).includes('a private plan'));
  });

  it('cannot give a commitment by hand over a redacted step (it binds the whole step): replay rebuilds it', () => {
    const record = play(2).record;
    const published = publicRecord(record);
    assert.throws(() => stepCommitment(published, 1, secretAt(1)), /step 1 holds hidden events: the commitment of step 2 binds it whole/);
    assert.equal(stepCommitment(record, 1, secretAt(1)), published.steps[1]!.commitment);
  });
});

describe('a seat\'s record', () => {
  it('shows the seat its own secret events whole and the other seat\'s as hidden events; it verifies', () => {
    const record = play(3).record;
    const north = seatRecord(record, 'north');
    const secrets = secretEvents(north);
    assert.equal(secrets.length, 6);
    assert.ok(secrets.every((e) => e.visibleTo?.includes('north')));
    assert.ok(secrets.some((e) => e.type === 'purse' && e['call'] === 'north call 0'));
    assert.equal(hiddenEvents(north), 6);
    assert.ok(!JSON.stringify(north).includes('south rolls in secret'));
    const report = replay(purses, copy(north), { seat: 'north' });
    assert.ok(report.ok, report.mismatch?.message);
    assert.equal(report.hiddenChecked, 6);
    // Checked as south's record it fails: it hides what south sees.
    const asSouth = replay(purses, copy(north), { seat: 'south' });
    assert.equal(asSouth.ok, false);
    assert.match(asSouth.mismatch!.message, /hidden in the record, but south sees it/);
  });
});

describe('a seat\'s view of a state', () => {
  it('is the ruleset\'s view: the seat\'s own secrets, the others\' withheld; without a view the whole state', () => {
    const state = play(2).position.state;
    assert.deepEqual(seatView(purses, state, 'north'), { scores: state.scores, purses: { north: state.purses['north']!, south: null } });
    assert.deepEqual(seatView(purses, state, undefined), { scores: state.scores, purses: { north: null, south: null } });
    const { view: _view, ...open } = purses;
    assert.equal(seatView(open, state, 'north'), state);
  });
});

describe('replay from a checkpoint', () => {
  it('goes on from where an earlier replay stopped, checking only the steps after it', () => {
    const record = play(3).record;
    const full = replay(purses, record);
    const { result: _over, ...unfinished } = record;
    const firstTwo = replay(purses, { ...unfinished, steps: record.steps.slice(0, 2) });
    assert.ok(firstTwo.ok && firstTwo.game);
    const rest = replay(purses, record, { from: { steps: 2, position: firstTwo.game.position } });
    assert.ok(rest.ok, rest.mismatch?.message);
    assert.equal(rest.stepsChecked, 1);
    assert.deepEqual(rest.game?.position, full.game?.position);
    assert.deepEqual(rest.game?.record.result, record.result);
    const result = record.result ? { result: record.result } : {};
    const none = replay(purses, record, { from: { steps: 3, position: full.game!.position, ...result } });
    assert.ok(none.ok, none.mismatch?.message);
    assert.equal(none.stepsChecked, 0);
    const past = replay(purses, record, { from: { steps: 4, position: full.game!.position } });
    assert.equal(past.mismatch?.path, '$.steps');
  });
});

describe('the state after one phase', () => {
  it('is the state statesByPhase gives for that phase', () => {
    const record = play(2).record;
    const positions = recordPositions(purses, record);
    const start = positions.before.get(record.steps[1]!.id)!;
    const all = statesByPhase(purses, record, 1, start);
    assert.equal(all.length, 2);
    all.forEach((p, k) => assert.deepEqual(stateAfterPhase(purses, record, 1, start, k), p));
    assert.equal(stateAfterPhase(purses, record, 1, start, 2), undefined);
  });
});

function hideEventOf(e: GameEvent): GameEvent {
  return { type: HIDDEN_EVENT, hash: hashValue(e) };
}
