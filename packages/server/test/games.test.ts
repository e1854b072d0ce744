import { test } from 'node:test';
import assert from 'node:assert/strict';
import { publicRecord, replay, type Result, type Problem } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import {
  acceptSeat,
  advanceGame,
  assignSeat,
  hostActs,
  deliverOutbox,
  extendDeadline,
  gameStatus,
  hostGame,
  listPublicGames,
  loadRecord,
  mailComposer,
  makeHost,
  migrate,
  ordersOfSeat,
  pendingMail,
  queueMail,
  tokenHash,
  seatOfToken,
  setPaused,
  submitOrders,
  tick,
  type Host,
  type OutboundMail,
  type Sql,
} from '../src/index.js';
import { legalText } from './legal-orders.js';
import { engines, type TestEngine } from './databases.js';

/** The token a seat's latest invitation carries, as its player's mail program would get it. */
async function invitationToken(sql: Sql, gameId: string, seat: string): Promise<string> {
  const [row] = await sql.query<{ params: { token: string } }>("SELECT params FROM outbox WHERE game_id = $1 AND seat = $2 AND kind = 'invitation' ORDER BY id DESC LIMIT 1", [gameId, seat]);
  assert.ok(row, `no invitation to ${seat}`);
  return row.params.token;
}

const must = <T>(r: Result<T, Problem[]>): T => {
  if (!r.ok) assert.fail(r.error.map((p) => `${p.path ?? ''} ${p.message}`).join('; '));
  return r.value;
};

/** A host on a fresh database of the engine, migrated, whose clock the test moves; `sql.close()` disposes of it. */
async function testHost(engine: TestEngine): Promise<{ host: Host; sql: Sql; clock: { now: Date }; advance(hours: number): void }> {
  const db = await engine.open();
  await migrate(db.sql);
  const sql: Sql = { ...db.sql, engine: db.sql.engine, where: db.sql.where, close: () => db.dispose() };
  const clock = { now: new Date('2026-01-05T12:00:00Z') };
  const host = makeHost(sql, { now: () => clock.now, process: 'test', log: () => undefined, publicUrl: 'http://umpire.test', address: 'umpire@umpire.test' });
  return { host, sql, clock, advance: (hours) => (clock.now = new Date(clock.now.getTime() + hours * 3_600_000)) };
}


const players = [
  { seat: 'britain', email: 'ann@example.org' },
  { seat: 'germany', email: 'bert@example.org' },
];

for (const engine of engines) {
  test(`${engine.name}: hosting a game: seats get tokens, the first turn opens with its dice commitment, invitations and turn mails are queued`, async () => {
    const { host, sql } = await testHost(engine);
    try {
      const hosted = must(await hostGame(host, { id: 'gw-1', ruleset: 'great-war', seats: players, deadlineHours: 48, reminderHours: 12, hostEmail: 'host@example.org' }));
      assert.equal(hosted.seats.length, greatWar.seats(must(greatWar.setup('august-1914', {}))).length);
      const status = (await gameStatus(sql, 'gw-1'))!;
      assert.equal(status.open?.step, 't1.orders');
      assert.match(status.open?.commitment ?? '', /^[0-9a-f]{64}$/);
      assert.equal(status.open?.deadline, '2026-01-07T12:00:00.000Z');
      // Bots have sent their orders at once; the players have not.
      for (const s of status.seats) assert.equal(s.submitted, s.playedBy === 'bot', s.seat);
      assert.deepEqual(
        status.seats.filter((s) => s.playedBy === 'player').map((s) => s.seat),
        ['britain', 'germany'],
      );
      // An invited address gets nothing but its invitation until its owner takes the seat up; then the open turn's mail.
      const mail = async () => (await pendingMail(sql, 'gw-1')).map((m) => `${m.kind}:${m.to}`).sort();
      assert.deepEqual(await mail(), ['hosted:host@example.org', 'invitation:ann@example.org', 'invitation:bert@example.org']);
      await acceptSeat(sql, 'gw-1', 'britain');
      await acceptSeat(sql, 'gw-1', 'britain');
      assert.deepEqual(await mail(), ['hosted:host@example.org', 'invitation:ann@example.org', 'invitation:bert@example.org', 'turn-opened:ann@example.org']);
      assert.deepEqual(hosted.seats.find((s) => s.seat === 'germany'), { seat: 'germany', playedBy: 'player', email: 'bert@example.org' }, "the host's answer holds no seat token");
      assert.ok(hosted.seats.every((s) => !('token' in s)));
      assert.equal((await seatOfToken(sql, 'gw-1', await invitationToken(sql, 'gw-1', 'germany')))?.seat, 'germany');
      assert.equal(await seatOfToken(sql, 'gw-1', 'not-a-token'), undefined);
      assert.deepEqual((await listPublicGames(sql)).map((g) => [g.id, g.openSeats]), [['gw-1', 0]]);
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: bad hosting requests are refused with located problems and change nothing`, async () => {
    const { host, sql } = await testHost(engine);
    try {
      const bad = await hostGame(host, { id: 'Bad Id', ruleset: 'great-warr', seats: [] });
      assert.ok(!bad.ok);
      assert.deepEqual(bad.error.map((p) => [p.code, p.path, p.suggestion]), [['unknown-ruleset', '$.ruleset', 'great-war']]);
      const seats = await hostGame(host, { id: 'Bad Id', ruleset: 'great-war', seats: [{ seat: 'germny', email: 'x' }], deadlineHours: 0 });
      assert.ok(!seats.ok);
      assert.deepEqual(seats.error.map((p) => [p.code, p.path]), [
        ['bad-game-id', '$.id'],
        ['bad-deadline', '$.deadlineHours'],
        ['bad-email', '$.seats[0].email'],
        ['unknown-seat', '$.seats[0].seat'],
      ]);
      assert.equal(seats.error.find((p) => p.code === 'unknown-seat')?.suggestion, 'germany');
      assert.deepEqual(await listPublicGames(sql), []);
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: orders: refused ones are kept with their located problems and change nothing; a second submission replaces the first; a seat reads its own orders`, async () => {
    const { host, sql } = await testHost(engine);
    try {
      must(await hostGame(host, { id: 'gw-2', ruleset: 'great-war', seats: players }));
      const refused = await submitOrders(host, 'gw-2', 'britain', { text: '\nmarch nowhere fast' }, 'api');
      assert.ok(!refused.ok);
      assert.match(refused.error[0]!.path ?? `${refused.error[0]!.line}`, /2/);
      assert.equal(await ordersOfSeat(sql, 'gw-2', 'britain'), undefined);
      const kept = await sql.query<{ raw: string; problems: unknown; orders: unknown }>("SELECT raw, problems, orders FROM submissions WHERE game_id = 'gw-2' AND seat = 'britain'");
      assert.equal(kept.length, 1);
      assert.equal(kept[0]!.raw, '\nmarch nowhere fast');
      assert.equal(kept[0]!.orders, null);
      const text = legalText((await loadRecord(sql, 'gw-2'))!, 'britain');
      const first = must(await submitOrders(host, 'gw-2', 'britain', { text: '' }, 'web'));
      assert.equal(first.text.trim(), '# no orders');
      const second = must(await submitOrders(host, 'gw-2', 'britain', { text }, 'email'));
      assert.equal(second.text.trim(), text.trim());
      assert.notEqual(second.orderHash, first.orderHash);
      assert.deepEqual(second.resolved, []);
      assert.equal((await ordersOfSeat(sql, 'gw-2', 'britain'))?.orderHash, second.orderHash);
      assert.equal((await sql.query("SELECT 1 FROM submissions WHERE game_id = 'gw-2' AND seat = 'britain'")).length, 3);
      // A bot's seat takes no player's orders.
      const botSeat = await submitOrders(host, 'gw-2', 'france', { text: '' }, 'api');
      assert.ok(!botSeat.ok);
      assert.equal(botSeat.error[0]!.code, 'bot-seat');
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: a turn resolves as soon as every player is ready: reports are queued, the next turn opens with a new commitment, and the published record verifies`, async () => {
    const { host, sql } = await testHost(engine);
    try {
      must(await hostGame(host, { id: 'gw-3', ruleset: 'great-war', seats: players }));
      const before = (await gameStatus(sql, 'gw-3'))!.open!.commitment;
      const britain = must(await submitOrders(host, 'gw-3', 'britain', { text: legalText((await loadRecord(sql, 'gw-3'))!, 'britain'), ready: true }, 'api'));
      assert.deepEqual(britain.resolved, []);
      const germany = must(await submitOrders(host, 'gw-3', 'germany', { text: '', ready: true }, 'api'));
      assert.deepEqual(germany.resolved, ['t1.orders']);
      const status = (await gameStatus(sql, 'gw-3'))!;
      assert.equal(status.turnsResolved, 1);
      assert.equal(status.open?.step, 't2.orders');
      assert.notEqual(status.open?.commitment, before);
      assert.ok(status.seats.every((s) => !s.ready));
      const adjudications = await sql.query<{ step_id: string; reason: string }>("SELECT step_id, reason FROM adjudications WHERE game_id = 'gw-3'");
      assert.deepEqual(adjudications, [{ step_id: 't1.orders', reason: 'ready' }]);
      const kinds = (await pendingMail(sql, 'gw-3')).map((m) => `${m.kind}:${m.seat}`);
      assert.ok(kinds.includes('report:britain') && kinds.includes('report:germany'), kinds.join(' '));
      const record = publicRecord((await loadRecord(sql, 'gw-3'))!);
      assert.deepEqual(record.steps.map((s) => s.id), ['t1.orders']);
      assert.match(record.steps[0]!.secret ?? '', /^[0-9a-f]{64}$/);
      const verified = replay(greatWar, record);
      assert.ok(verified.ok, verified.mismatch?.message);
      assert.equal(record.steps[0]!.submissions.find((s) => s.seat === 'france')?.source, 'bot');
      // The mails compose: the report has the map as a PNG.
      const sent: OutboundMail[] = [];
      const delivered = await deliverOutbox(host, mailComposer(host), async (m) => void sent.push(m));
      assert.equal(delivered.failed, 0);
      const report = sent.find((m) => m.subject.includes('Turn 1 report') && m.to === 'ann@example.org')!;
      assert.ok(report, sent.map((m) => m.subject).join('\n'));
      assert.match(report.subject, /^\[umpire gw-3 britain [0-9a-f]{32}\] /);
      assert.equal(report.attachments?.[0]?.contentType, 'image/png');
      assert.deepEqual([...report.attachments![0]!.content.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
      const opened = sent.find((m) => m.subject.includes('Turn 2 is open') && m.to === 'bert@example.org')!;
      assert.ok(opened.text.includes(status.open!.commitment!));
      // Tokens do not outlive their mails.
      const tokens = await sql.query("SELECT 1 FROM outbox WHERE params ? 'token'");
      assert.equal(tokens.length, 0);
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: deadlines: a reminder goes to seats that sent nothing, and at the deadline the step resolves with their standing orders`, async () => {
    const { host, sql, advance } = await testHost(engine);
    try {
      must(await hostGame(host, { id: 'gw-4', ruleset: 'great-war', seats: players, deadlineHours: 48, reminderHours: 12 }));
      // Bert has opened his seat link (so mails reach him) but sends nothing.
      await acceptSeat(sql, 'gw-4', 'germany');
      must(await submitOrders(host, 'gw-4', 'britain', { text: legalText((await loadRecord(sql, 'gw-4'))!, 'britain') }, 'api'));
      advance(30);
      assert.deepEqual(await tick(host), { reminded: [], resolved: [] });
      advance(7);
      assert.deepEqual(await tick(host), { reminded: ['gw-4'], resolved: [] });
      const reminders = (await pendingMail(sql, 'gw-4')).filter((m) => m.kind === 'reminder');
      assert.deepEqual(reminders.map((m) => m.seat), ['germany']);
      assert.deepEqual(await tick(host), { reminded: [], resolved: [] });
      advance(11);
      assert.deepEqual(await tick(host), { reminded: [], resolved: ['gw-4/t1.orders'] });
      const record = (await loadRecord(sql, 'gw-4'))!;
      assert.equal(record.steps[0]!.submissions.find((s) => s.seat === 'germany')?.source, 'default');
      assert.equal(record.steps[0]!.submissions.find((s) => s.seat === 'britain')?.source, 'player');
      assert.equal((await gameStatus(sql, 'gw-4'))!.open?.deadline, new Date(host.now().getTime() + 48 * 3_600_000).toISOString());
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: no moves received, played by a bot when the host chose so; pausing stops the clock, extending moves the deadline, the host may resolve at once`, async () => {
    const { host, sql, advance } = await testHost(engine);
    try {
      must(await hostGame(host, { id: 'gw-5', ruleset: 'great-war', seats: players, deadlineHours: 24, noMoves: 'bot' }));
      await setPaused(host, 'gw-5', true);
      advance(30);
      assert.deepEqual((await tick(host)).resolved, []);
      await setPaused(host, 'gw-5', false);
      assert.equal((await gameStatus(sql, 'gw-5'))!.open?.deadline, new Date(host.now().getTime() + 24 * 3_600_000).toISOString());
      const extended = await extendDeadline(host, 'gw-5', 6);
      assert.equal(extended, new Date(host.now().getTime() + 30 * 3_600_000).toISOString());
      advance(25);
      assert.deepEqual((await tick(host)).resolved, []);
      assert.deepEqual(await advanceGame(host, 'gw-5', 'host'), ['t1.orders']);
      const record = (await loadRecord(sql, 'gw-5'))!;
      for (const seat of ['britain', 'germany']) assert.equal(record.steps[0]!.submissions.find((s) => s.seat === seat)?.source, 'bot', seat);
      assert.deepEqual((await sql.query<{ reason: string }>("SELECT reason FROM adjudications WHERE game_id = 'gw-5'")).map((r) => r.reason), ['host']);
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: replacing a player mid-game: a new token, the old one stops working, and the new player is invited`, async () => {
    const { host, sql } = await testHost(engine);
    try {
      const hosted = must(await hostGame(host, { id: 'gw-6', ruleset: 'great-war', seats: players }));
      assert.equal(hosted.seats.length > 2, true);
      const old = await invitationToken(sql, 'gw-6', 'germany');
      const given = must(await assignSeat(host, 'gw-6', 'germany', { email: 'carl@example.org' }));
      assert.deepEqual(given, { seat: 'germany', playedBy: 'player', email: 'carl@example.org' }, 'the host never sees the new token');
      assert.equal(await seatOfToken(sql, 'gw-6', old), undefined);
      assert.equal((await seatOfToken(sql, 'gw-6', await invitationToken(sql, 'gw-6', 'germany')))?.email, 'carl@example.org');
      assert.ok((await pendingMail(sql, 'gw-6')).some((m) => m.kind === 'invitation' && m.to === 'carl@example.org'));
      const britain = await invitationToken(sql, 'gw-6', 'britain');
      const toBot = must(await assignSeat(host, 'gw-6', 'britain', { bot: 'random' }));
      assert.deepEqual(toBot, { seat: 'britain', playedBy: 'bot', bot: 'random' });
      assert.equal(await seatOfToken(sql, 'gw-6', britain), undefined, "a bot's seat opens with no token: nobody reads its orders");
      assert.deepEqual(
        (await hostActs(sql, 'gw-6')).map((a) => [a.act, a.seat, a.detail]),
        [
          ['seat-given', 'germany', 'from a player to a player invited by mail'],
          ['seat-given', 'britain', 'from a player to the random bot'],
        ],
      );
      const wrong = await assignSeat(host, 'gw-6', 'germny', { bot: 'random' });
      assert.ok(!wrong.ok);
      assert.equal(wrong.error[0]!.suggestion, 'germany');
      // With no players left the game waits for its deadline, as a game of bots does.
      assert.deepEqual(await advanceGame(host, 'gw-6', 'ready'), []);
      const status = (await gameStatus(sql, 'gw-6'))!;
      assert.equal(status.seats.find((s) => s.seat === 'britain')?.playedBy, 'bot');
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: the mails say what happened: the invitation with the seat link, the turn with its deadline and commitment, the reminder, the game's end; tokens leave the outbox with their mail`, async () => {
    const { host, sql, advance } = await testHost(engine);
    try {
      must(await hostGame(host, { id: 'gw-7', title: 'Mail words', ruleset: 'great-war', seats: players, deadlineHours: 48, reminderHours: 12 }));
      const token = await invitationToken(sql, 'gw-7', 'britain');
      // Both players take their seats up: the open turn's mail goes to each then.
      for (const seat of ['britain', 'germany']) await acceptSeat(sql, 'gw-7', seat);
      advance(37);
      await tick(host);
      await queueMail(sql, { gameId: 'gw-7', kind: 'game-over', to: 'ann@example.org', seat: 'britain', params: { title: 'Mail words', summary: 'The Allies win on turn 26.' } });
      const sent: OutboundMail[] = [];
      const done = await deliverOutbox(host, mailComposer(host), async (m) => void sent.push(m));
      assert.deepEqual(done, { sent: 7, failed: 0 }); // 2 invitations, 2 turn mails, 2 reminders, the end
      const to = (who: string, what: RegExp) => sent.find((m) => m.to === who && what.test(m.subject));
      const invitation = to('ann@example.org', /invited to play britain in Mail words/)!;
      assert.ok(invitation.text.includes(`http://umpire.test/games/gw-7?seat=britain&token=${token}`));
      const status = (await gameStatus(sql, 'gw-7'))!;
      const opened = to('bert@example.org', /Turn 1 is open: orders by 2026-01-07 12:00:00 UTC/)!;
      assert.ok(opened.text.includes(`Dice commitment: ${status.open!.commitment}`));
      assert.match(opened.subject, /^\[umpire gw-7 germany t1\.orders [0-9a-f]{32}\] /);
      assert.ok(to('ann@example.org', /Reminder: no orders from britain yet, deadline 2026-01-07 12:00:00 UTC/));
      assert.match(to('ann@example.org', /Game over: Mail words/)!.text, /The Allies win on turn 26\./);
      assert.equal(sent.every((m) => m.from === 'umpire@umpire.test'), true);
      assert.deepEqual(await sql.query("SELECT id FROM outbox WHERE params ? 'token' OR sent_at IS NULL"), []);
    } finally {
      await sql.close();
    }
  });
}

for (const engine of engines) {
  test(`${engine.name}: a bot given a seat plays the open step at once; a replaced token no longer submits; a game resumed with every player ready resolves`, async () => {
    const { host, sql } = await testHost(engine);
    try {
      must(await hostGame(host, { id: 'gw-8', ruleset: 'great-war', seats: players }));
      must(await assignSeat(host, 'gw-8', 'germany', { bot: 'random' }));
      const step = (await loadRecord(sql, 'gw-8'))!.steps.at(-1)!;
      assert.equal(step.submissions.find((s) => s.seat === 'germany')?.source, 'bot');
      // Britain's old token, replaced by the host, is refused inside the submission's transaction.
      const old = await invitationToken(sql, 'gw-8', 'britain');
      must(await assignSeat(host, 'gw-8', 'britain', { email: 'dora@example.org' }));
      const fresh = { token: await invitationToken(sql, 'gw-8', 'britain') };
      const refused = await submitOrders(host, 'gw-8', 'britain', { text: '' }, 'api', { tokenHash: tokenHash(old) });
      assert.ok(!refused.ok);
      assert.equal(refused.error[0]!.code, 'bad-token');
      await setPaused(host, 'gw-8', true);
      const paused = must(await submitOrders(host, 'gw-8', 'britain', { text: '', ready: true }, 'api', { tokenHash: tokenHash(fresh.token) }));
      assert.deepEqual(paused.resolved, [], 'a paused game does not resolve');
      await setPaused(host, 'gw-8', false);
      assert.equal((await gameStatus(sql, 'gw-8'))!.turnsResolved, 1, 'resumed with every player ready, the step resolved');
    } finally {
      await sql.close();
    }
  });
}
