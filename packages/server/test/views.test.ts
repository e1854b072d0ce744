import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hiddenEvents, parseRecord, replay, resolvedRecord, type GameEvent, type GameRecord } from '@umpire/engine';
import { greatWar, type GreatWarState } from '@umpire/great-war';
import { forgetPositions, forgetReaders, loadRecord, positionsKept, positionsOf, type RunningServer } from '../src/index.js';
import { engines } from './databases.js';
import { call, seatTokens, serverOn } from './hosting.js';
import { legalText } from './legal-orders.js';

/**
 * Each reader is sent what its seat may see (docs/security.md): a seat's token gets its own record (its treasury and
 * ledger events whole) and its view of the state (its own treasury); another seat's token and a visitor get neither.
 * Every record sent verifies.
 */

type Nation = { id: string; treasury: number | null; ledger: unknown; industrialCredit: number | null; purchases: unknown };
const nationsOf = (state: { nations: Nation[] }) => new Map(state.nations.map((n) => [n.id, n]));
const eventsOf = (record: GameRecord) => record.steps.flatMap((s) => s.events);
const secretEventsOf = (record: GameRecord, seat: string) => eventsOf(record).filter((e) => e.visibleTo?.includes(seat));
const moneyEvents = (record: GameRecord) => eventsOf(record).filter((e) => ['treasury', 'ledger', 'income'].includes(e.type));

/** A game with two players (Britain and Germany) and bots on every other seat, one turn played. */
async function oneTurnPlayed(server: RunningServer, id: string): Promise<Record<string, string>> {
  const seats = [
    { seat: 'britain', email: 'ann@example.org' },
    { seat: 'germany', email: 'bert@example.org' },
  ];
  const created = await call(server, 'POST', '/api/games', { body: { id, ruleset: 'great-war', seats, deadlineHours: 48 } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const tokens = await seatTokens(server, created.body);
  const record = (await call(server, 'GET', `/api/games/${id}/record`)).body as GameRecord;
  for (const seat of ['britain', 'germany']) {
    const body = { text: legalText(record, seat), step: 't1.orders', ready: true };
    const sent = await call(server, 'PUT', `/api/games/${id}/orders`, { token: tokens[seat], body });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
  }
  assert.equal((await call(server, 'GET', `/api/games/${id}`)).body.turnsResolved, 1);
  return tokens;
}

for (const engine of engines) {
  const what = "a seat's token gets its own secret events and its own treasury, another seat's token and a visitor do not";
  test(`${engine.name}: ${what}; every record sent verifies`, async () => {
    const { server, dispose } = await serverOn(engine);
    try {
      const tokens = await oneTurnPlayed(server, 'seen');
      const whole = resolvedRecord((await loadRecord(server.host.sql, 'seen'))!);
      const state = positionsOf(greatWar, whole).afterTurn.get(1)!.state as GreatWarState;

      // Records: Germany's holds its own treasury and ledger events whole, and none of Britain's; Britain's the reverse.
      const records: Record<string, GameRecord> = {};
      for (const seat of ['germany', 'britain']) {
        const answer = await call(server, 'GET', '/api/games/seen/record', { token: tokens[seat] });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const parsed = parseRecord(answer.body);
        assert.ok(parsed.ok);
        records[seat] = parsed.value;
        const money = moneyEvents(parsed.value);
        assert.ok(money.some((e) => e.type === 'ledger' && e['nation'] === seat), `${seat} sees its own ledger`);
        const seen = money.map((e) => `${e.type}:${String(e['nation'])}`).join(', ');
        assert.ok(money.every((e) => e['nation'] === seat), `${seat} sees no other nation's money: ${seen}`);
        assert.deepEqual(secretEventsOf(parsed.value, seat), secretEventsOf(whole, seat), `${seat}'s own secret events, whole`);
        const verified = replay(greatWar, parsed.value, { seat });
        assert.ok(verified.ok, verified.mismatch?.message);
        assert.equal(verified.hiddenChecked, hiddenEvents(parsed.value));
      }
      const download = await fetch(`${server.url}/api/games/seen/record`, { headers: { authorization: `Bearer ${tokens['germany']}` } });
      assert.match(String(download.headers.get('content-disposition')), /seen-germany-record\.json/);

      // The visitor: no secret event at all, and the record verifies, each hidden event by its hash.
      const visitor = parseRecord((await call(server, 'GET', '/api/games/seen/record')).body);
      assert.ok(visitor.ok);
      assert.deepEqual(visitor.value.steps.flatMap((s) => s.events).filter((e) => e.visibleTo !== undefined), []);
      const secrets = whole.steps.flatMap((s) => s.events).filter((e) => e.visibleTo !== undefined).length;
      assert.ok(secrets > 0);
      assert.equal(hiddenEvents(visitor.value), secrets);
      const verified = replay(greatWar, visitor.value);
      assert.ok(verified.ok, verified.mismatch?.message);
      assert.equal(verified.hiddenChecked, secrets);
      // Replay works out every state whole, as the umpire's: the price of a record anyone can check.
      assert.equal((verified.game?.position.state as GreatWarState).nations[0]!.treasury, state.nations[0]!.treasury);

      // A hidden event's hash changed: verification fails at it.
      const tampered = structuredClone(visitor.value) as unknown as { steps: { events: GameEvent[] }[] };
      const at = tampered.steps[0]!.events.findIndex((e) => e.type === 'hidden-event');
      (tampered.steps[0]!.events[at] as { hash?: string }).hash = '0'.repeat(64);
      const failed = replay(greatWar, tampered as unknown as GameRecord);
      assert.equal(failed.mismatch?.path, `$.steps[0].events[${at}].hash`);

      // Views: a seat sees its own treasury as the state has it, and no other nation's; a visitor none.
      for (const seat of ['germany', 'britain']) {
        const view = await call(server, 'GET', '/api/games/seen/view', { token: tokens[seat] });
        assert.equal(view.status, 200, JSON.stringify(view.body));
        assert.equal(view.body.seat, seat);
        assert.deepEqual([view.body.turn, view.body.lastTurn], [1, 1]);
        assert.equal(view.body.open.id, 't2.orders');
        const nations = nationsOf(view.body.state);
        const own = nations.get(seat)!;
        assert.equal(own.treasury, state.nations.find((n) => n.id === seat)!.treasury);
        assert.ok(own.ledger !== null);
        for (const [id, n] of nations) {
          const money = [n.treasury, n.ledger, n.industrialCredit, n.purchases];
          if (id !== seat) assert.deepEqual(money, [null, null, null, null], `${seat} sees ${id}'s money`);
        }
        assert.deepEqual(view.body.state.board, state.board, 'the map is the same for everyone');
      }
      const visitorView = await call(server, 'GET', '/api/games/seen/view');
      assert.equal(visitorView.body.seat, null);
      assert.ok([...nationsOf(visitorView.body.state).values()].every((n) => n.treasury === null));

      // Every turn's view, for the charts: the opening and turn 1, Germany's money alone.
      const all = await call(server, 'GET', '/api/games/seen/views', { token: tokens['germany'] });
      assert.equal(all.status, 200, JSON.stringify(all.body));
      assert.deepEqual(all.body.turns.map((t: { turn: number }) => t.turn), [0, 1]);
      for (const t of all.body.turns) {
        const withMoney = (t.state.nations as Nation[]).filter((n) => n.treasury !== null).map((n) => n.id);
        assert.deepEqual(withMoney, ['germany'], `turn ${t.turn}`);
      }
      assert.equal(all.body.turns[0].label, 'The opening');
    } finally {
      await dispose();
    }
  });
}

const refusals = 'the refusals of a turn not played, a phase that is not, and a token that opens no seat';
test(`a view of the opening, of a phase of a turn, and ${refusals}`, async () => {
  const { server, dispose } = await serverOn(engines[0]!);
  try {
    const tokens = await oneTurnPlayed(server, 'phases');
    const germany = tokens['germany']!;
    const opening = await call(server, 'GET', '/api/games/phases/view?turn=0', { token: germany });
    assert.equal(opening.status, 200);
    assert.deepEqual([opening.body.turn, opening.body.label, opening.body.phases], [0, 'The opening', []]);
    const end = await call(server, 'GET', '/api/games/phases/view?turn=1', { token: germany });
    assert.ok(end.body.phases.length > 10, end.body.phases.join(', '));
    assert.match(end.body.label, /^Turn 1, /);
    const build = end.body.phases.indexOf('build');
    const afterBuild = await call(server, 'GET', `/api/games/phases/view?turn=1&phase=${build}`, { token: germany });
    assert.equal(afterBuild.status, 200, JSON.stringify(afterBuild.body));
    assert.deepEqual(afterBuild.body.phase, { index: build, name: 'build', step: 't1.orders' });
    assert.deepEqual(new Set(end.body.phaseSteps), new Set(['t1.orders']), 'a turn of one step: every phase is of it');
    // After the build phase the nations hold what they bought: Germany sees its own purchases, not Britain's.
    const nations = nationsOf(afterBuild.body.state);
    assert.ok(Array.isArray(nations.get('germany')!.purchases));
    assert.equal(nations.get('britain')!.purchases, null);
    // Refusals, each with its reason and where.
    const later = await call(server, 'GET', '/api/games/phases/view?turn=2', { token: germany });
    assert.deepEqual([later.status, later.body.error], [404, 'no-view']);
    assert.match(later.body.message, /turn 2 of game phases has not been resolved: the last resolved turn is 1/);
    const phase = await call(server, 'GET', '/api/games/phases/view?turn=1&phase=99');
    assert.deepEqual([phase.status, phase.body.error, phase.body.problems[0].path], [400, 'bad-phase', '$.phase']);
    assert.equal((await call(server, 'GET', '/api/games/phases/view?turn=0&phase=0')).status, 400);
    const negative = await call(server, 'GET', '/api/games/phases/view?turn=-1');
    assert.deepEqual([negative.status, negative.body.problems[0].path], [400, '$.turn']);
    assert.equal((await call(server, 'GET', '/api/games/phases/view', { token: 'not-a-token' })).status, 403);
    assert.equal((await call(server, 'GET', '/api/games/phases/record', { token: 'not-a-token' })).status, 403);
    assert.equal((await call(server, 'GET', '/api/games/nope/view')).status, 404);
    assert.equal((await call(server, 'GET', '/api/games/nope/views')).status, 404);
    assert.equal((await call(server, 'GET', '/api/games/nope/record')).status, 404);
    // Long answers go gzipped to a client that takes gzip.
    const zipped = await fetch(`${server.url}/api/games/phases/view`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(zipped.headers.get('content-encoding'), 'gzip');
    assert.equal(((await zipped.json()) as { turn: number }).turn, 1);
  } finally {
    await dispose();
  }
});

const severalSteps = 'a turn of several steps (a German and an Allied player-turn): the phases of every step, each with its step';
test(`${severalSteps}, and the view after any of them`, async () => {
  const { server, dispose } = await serverOn(engines[0]!);
  try {
    const seats = [{ seat: 'germany' }, { seat: 'allies' }];
    const created = await call(server, 'POST', '/api/games', { body: { id: 'turns', ruleset: 'vernian', seats, deadlineHours: 48 } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const tokens = await seatTokens(server, created.body);
    const steps: [string, string[]][] = [['t1.setup', ['germany', 'allies']], ['t1.german', ['germany']], ['t1.allied', ['allies']]];
    for (const [step, who] of steps)
      for (const seat of who) {
        const sent = await call(server, 'PUT', '/api/games/turns/orders', { token: tokens[seat], body: { text: '', step, ready: true } });
        assert.equal(sent.status, 200, `${step} ${seat}: ${JSON.stringify(sent.body)}`);
      }
    const end = await call(server, 'GET', '/api/games/turns/view?turn=1');
    assert.equal(end.status, 200, JSON.stringify(end.body));
    const phases = end.body.phases as string[];
    const stepOf = new Map(phases.map((p, i) => [p, end.body.phaseSteps[i]]));
    assert.equal(phases.length, end.body.phaseSteps.length);
    assert.deepEqual([...new Set(end.body.phaseSteps)], ['t1.setup', 't1.strategic', 't1.german', 't1.allied']);
    const stepsOf = ['setup', 'german-movement', 'allied-movement'].map((p) => stepOf.get(p));
    assert.deepEqual(stepsOf, ['t1.setup', 't1.german', 't1.allied']);
    for (const name of ['german-movement', 'allied-combat']) {
      const index = phases.indexOf(name);
      const after = await call(server, 'GET', `/api/games/turns/view?turn=1&phase=${index}`);
      assert.equal(after.status, 200, JSON.stringify(after.body));
      assert.deepEqual(after.body.phase, { index, name, step: stepOf.get(name) });
    }
    const last = await call(server, 'GET', `/api/games/turns/view?turn=1&phase=${phases.length - 1}`);
    assert.deepEqual(last.body.phase.step, 't1.allied');
    assert.deepEqual(last.body.state, end.body.state, 'after the last phase of the last step: the state at the end of the turn');
    const past = await call(server, 'GET', `/api/games/turns/view?turn=1&phase=${phases.length}`);
    assert.deepEqual([past.status, past.body.error], [400, 'bad-phase']);
  } finally {
    await dispose();
  }
});

test('a game is replayed once per process for its readers: a turn resolved later replays that turn alone', async () => {
  const { server, dispose } = await serverOn(engines[0]!);
  try {
    const tokens = await oneTurnPlayed(server, 'kept');
    forgetPositions();
    forgetReaders();
    const first = await call(server, 'GET', '/api/games/kept/view', { token: tokens['germany'] });
    assert.equal(first.status, 200);
    const kept = positionsKept();
    assert.ok(kept >= 1);
    // The same positions serve every reader and every request.
    for (const token of [tokens['britain'], undefined, tokens['germany']]) {
      await call(server, 'GET', '/api/games/kept/view?turn=0', token ? { token } : {});
    }
    assert.equal(positionsKept(), kept);
    // Turn 2 resolved: its readers get it, and the kept positions of turn 1 are where its replay starts.
    const record = (await call(server, 'GET', '/api/games/kept/record')).body as GameRecord;
    for (const seat of ['britain', 'germany']) {
      const body = { text: legalText(record, seat), step: 't2.orders', ready: true };
      const sent = await call(server, 'PUT', '/api/games/kept/orders', { token: tokens[seat], body });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
    }
    const second = await call(server, 'GET', '/api/games/kept/view', { token: tokens['germany'] });
    assert.deepEqual([second.body.turn, second.body.open.id], [2, 't3.orders']);
    const whole = (await loadRecord(server.host.sql, 'kept'))!;
    assert.deepEqual(second.body.state.board, (positionsOf(greatWar, whole).afterTurn.get(2)!.state as GreatWarState).board);
  } finally {
    await dispose();
  }
});
