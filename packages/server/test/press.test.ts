import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameRecord } from '@umpire/engine';
import { pressOfMail, PRESS_MAX_CHARS, PRESS_PER_HOUR, type RunningServer } from '../src/index.js';
import { engines } from './databases.js';
import { call, seatTokens, serverOn } from './hosting.js';
import { legalText } from './legal-orders.js';

/**
 * Press through the HTTP API, on each engine: private messages between seats and announcements, each read only by the
 * seats it was sent to (another seat's token, the host's and a visitor read nothing of it), mailed to the players who
 * play by email, unread marks, never read as orders, the limits (size, rate, recipients), and the host's press modes.
 */

const SEATS = [{ seat: 'france' }, { seat: 'russia' }, { seat: 'britain' }, { seat: 'germany', email: 'gus@example.org' }];

async function hostGame(server: RunningServer, id: string, extra: Record<string, unknown> = {}) {
  const created = await call(server, 'POST', '/api/games', {
    body: { id, ruleset: 'great-war', seats: SEATS, deadlineHours: 48, ...extra },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const tokens = await seatTokens(server, created.body);
  return { tokens, hostToken: created.body.hostToken as string };
}

const press = (server: RunningServer, id: string, token: string | undefined, body: unknown) =>
  call(server, 'POST', `/api/games/${id}/press`, { ...(token ? { token } : {}), body });
const read = (server: RunningServer, id: string, token?: string, after?: number) =>
  call(server, 'GET', `/api/games/${id}/press${after ? `?after=${after}` : ''}`, token ? { token } : {});

for (const engine of engines) {
  const title = `press on ${engine.name}: private messages and announcements, each seat reads its own alone, mailed by email, unread marks`;
  test(title, async () => {
    const clock = { now: new Date('2026-05-04T10:00:00Z') };
    const { server, dispose } = await serverOn(engine, { now: () => clock.now });
    try {
      const { tokens, hostToken } = await hostGame(server, 'talks');
      // Germany's player takes the seat up (its token, from the invitation): mail reaches it from now on.
      assert.equal((await read(server, 'talks', tokens['germany'])).status, 200);

      // France writes to Russia and Germany, naming them in plain words.
      const secret = 'Let us meet in Warsaw. <script>alert("x")</script> & <b>tell nobody</b>';
      const sent = await press(server, 'talks', tokens['france'], { to: ['Russia', 'germany'], text: `${secret}\r\n\r\n` });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      assert.deepEqual(sent.body.to, ['russia', 'germany']);
      assert.equal(sent.body.text, secret, 'kept as sent, its line ends and trailing blanks tidied, nothing escaped or lost');
      assert.equal(sent.body.turn, 1);
      assert.equal(sent.body.step, 't1.orders');

      const russia = await read(server, 'talks', tokens['russia']);
      assert.equal(russia.status, 200);
      assert.equal(russia.body.mode, 'on');
      assert.equal(russia.body.unread, 1);
      assert.deepEqual(
        russia.body.messages.map((m: { from: string; text: string; thread: string; unread: boolean }) => [
          m.from,
          m.text,
          m.thread,
          m.unread,
        ]),
        [['france', secret, 'france,germany', true]],
      );
      const names = Object.fromEntries(russia.body.seats.map((s: { seat: string; name: string }) => [s.seat, s.name]));
      assert.equal(names['austria-hungary'], 'Austria-Hungary', 'seats are named in plain words');
      const playedBy = Object.fromEntries(russia.body.seats.map((s: { seat: string; playedBy: string }) => [s.seat, s.playedBy]));
      assert.deepEqual(
        [playedBy['italy'], playedBy['france'], playedBy['germany']],
        ['bot', 'player', 'player'],
        "a claimed seat is a player's",
      );
      const france = await read(server, 'talks', tokens['france']);
      assert.equal(france.body.messages[0].thread, 'germany,russia');
      assert.equal(france.body.unread, 0, "a seat's own message is never unread");

      // Britain, a seat it was not sent to, reads nothing of it; nor do the host, a visitor, or a stranger.
      const britain = await read(server, 'talks', tokens['britain']);
      assert.equal(britain.status, 200);
      assert.deepEqual(britain.body.messages, []);
      assert.equal(britain.body.unread, 0);
      assert.ok(!JSON.stringify(britain.body).includes('Warsaw'));
      assert.equal((await read(server, 'talks', hostToken)).status, 403, "the host's token is no seat's");
      assert.equal((await read(server, 'talks')).status, 401);
      assert.equal((await read(server, 'talks', 'not-a-token')).status, 403);
      assert.equal(
        (await call(server, 'POST', '/api/games/talks/press/read', { token: tokens['britain'], body: { upTo: sent.body.id } })).status,
        404,
        'nor marks it read',
      );
      for (const path of ['/api/games/talks', '/api/games/talks/record', '/api/games/talks/orders']) {
        const answer = await call(server, 'GET', path, path.endsWith('orders') ? { token: tokens['britain'] } : {});
        assert.ok(!JSON.stringify(answer.body).includes('Warsaw'), `${path} shows no press`);
      }

      // Germany plays by email: the message waits in the outbox for its address, and nobody else's.
      const mails = await server.host.sql.query<{ to_email: string; seat: string }>(
        "SELECT to_email, seat FROM outbox WHERE game_id = 'talks' AND kind = 'press'",
      );
      assert.deepEqual(mails, [{ to_email: 'gus@example.org', seat: 'germany' }]);

      // Russia reads the thread: nothing unread is left, and the mark holds only for that thread.
      const marked = await call(server, 'POST', '/api/games/talks/press/read', { token: tokens['russia'], body: { upTo: sent.body.id } });
      assert.deepEqual(marked.body, { thread: 'france,germany', readUpTo: sent.body.id });
      assert.equal((await read(server, 'talks', tokens['russia'])).body.unread, 0);
      assert.equal((await read(server, 'talks', tokens['russia'])).body.messages[0].unread, false);

      // An announcement reaches every seat (Germany by mail too), but no visitor.
      const announced = await press(server, 'talks', tokens['britain'], { public: true, text: 'Britain guarantees Belgium.' });
      assert.equal(announced.status, 201, JSON.stringify(announced.body));
      for (const seat of ['france', 'russia', 'germany']) {
        const got = await read(server, 'talks', tokens[seat]);
        const last = got.body.messages.at(-1);
        assert.deepEqual(
          [last.from, last.public, last.thread, last.unread, last.text],
          ['britain', true, 'public', true, 'Britain guarantees Belgium.'],
          seat,
        );
      }
      assert.equal((await read(server, 'talks', tokens['russia'])).body.unread, 1);
      assert.equal(
        (await read(server, 'talks', tokens['russia'], sent.body.id)).body.messages.length,
        1,
        '`after` gives the messages after an id',
      );
      assert.equal((await server.host.sql.query("SELECT 1 FROM outbox WHERE game_id = 'talks' AND kind = 'press'")).length, 2);

      // A reply to the group: Germany's thread with France and Russia is the same thread for each.
      const reply = await press(server, 'talks', tokens['germany'], { to: ['france', 'russia'], text: 'Agreed.' });
      assert.equal(reply.status, 201);
      const threads = (await read(server, 'talks', tokens['russia'])).body.messages.map((m: { thread: string }) => m.thread);
      assert.deepEqual(threads, ['france,germany', 'public', 'france,germany']);
    } finally {
      await dispose();
    }
  });

  test(`press on ${engine.name}: never read as orders; refusals located; the limits; the host's modes`, async () => {
    const clock = { now: new Date('2026-05-04T10:00:00Z') };
    const { server, dispose } = await serverOn(engine, { now: () => clock.now });
    try {
      const { tokens, hostToken } = await hostGame(server, 'limits');
      const record = (await call(server, 'GET', '/api/games/limits/record')).body as GameRecord;

      // Orders written as press are press: France's orders, and every other seat's, are as they were.
      const orders = legalText(record, 'france');
      assert.ok(orders.trim() !== '');
      const orderLike = await press(server, 'limits', tokens['france'], { to: ['russia'], text: `${orders}\nready: yes\n` });
      assert.equal(orderLike.status, 201, JSON.stringify(orderLike.body));
      const mine = await call(server, 'GET', '/api/games/limits/orders', { token: tokens['france'] });
      assert.equal(mine.body.submitted, undefined, JSON.stringify(mine.body));
      assert.equal(mine.body.ready, false);
      const status = await call(server, 'GET', '/api/games/limits');
      const players = status.body.seats.filter((s: { playedBy: string }) => s.playedBy !== 'bot');
      assert.equal(players.length, SEATS.length);
      assert.ok(
        players.every((s: { submitted: boolean; ready: boolean }) => !s.submitted && !s.ready),
        JSON.stringify(players),
      );
      assert.deepEqual(
        await server.host.sql.query("SELECT id FROM submissions WHERE game_id = 'limits' AND seat = ANY($1)", [SEATS.map((s) => s.seat)]),
        [],
      );

      // Bad messages: refused with where and why, nothing kept.
      const refusals: [unknown, string, string?][] = [
        [{ to: ['prussia'], text: 'hi' }, 'unknown-seat', 'Russia'],
        [{ to: ['france'], text: 'hi' }, 'to-self'],
        [{ to: ['italy'], text: 'hi' }, 'bot-seat'],
        [{ to: ['russia'], text: ' \n\t ' }, 'empty-press'],
        [{ to: ['russia'], text: 'x'.repeat(PRESS_MAX_CHARS + 1) }, 'press-too-long'],
        [{ to: ['russia'], public: true, text: 'hi' }, 'bad-recipients'],
        [{ text: 'hi' }, 'no-recipients'],
      ];
      for (const [body, code, suggestion] of refusals) {
        const refused = await press(server, 'limits', tokens['france'], body);
        assert.equal(refused.status, 400, JSON.stringify(refused.body));
        assert.equal(refused.body.problems[0].code, code);
        assert.ok(refused.body.problems[0].path.startsWith('$.'), JSON.stringify(refused.body));
        if (suggestion) assert.equal(refused.body.problems[0].suggestion, suggestion);
      }
      assert.equal((await press(server, 'limits', tokens['france'], { to: ['russia'], text: 'a\u0000b' })).body.error, 'bad-text');
      assert.equal((await press(server, 'limits', undefined, { to: ['russia'], text: 'hi' })).status, 401);
      assert.equal((await press(server, 'limits', hostToken, { to: ['russia'], text: 'hi' })).status, 403);
      assert.equal((await server.host.sql.query("SELECT id FROM press WHERE game_id = 'limits'")).length, 1);

      // A seat sends PRESS_PER_HOUR messages an hour; the next waits until the hour has passed.
      for (let i = 1; i < PRESS_PER_HOUR; i++)
        assert.equal((await press(server, 'limits', tokens['france'], { to: ['britain'], text: `note ${i}` })).status, 201);
      const limited = await press(server, 'limits', tokens['france'], { public: true, text: 'one too many' });
      assert.equal(limited.status, 429, JSON.stringify(limited.body));
      assert.equal(limited.body.error, 'press-rate-limited');
      assert.match(limited.body.message, /try again in 60 minutes/);
      assert.equal((await press(server, 'limits', tokens['russia'], { to: ['france'], text: 'another seat is not limited' })).status, 201);
      clock.now = new Date(clock.now.getTime() + 3_601_000);
      assert.equal((await press(server, 'limits', tokens['france'], { public: true, text: 'an hour on' })).status, 201);

      // The host's modes: announcements only, then none; the messages sent stay readable.
      assert.equal(
        (await call(server, 'PUT', '/api/games/limits/press/mode', { token: tokens['france'], body: { mode: 'off' } })).status,
        403,
      );
      assert.equal((await call(server, 'PUT', '/api/games/limits/press/mode', { token: hostToken, body: { mode: 'loud' } })).status, 400);
      assert.deepEqual((await call(server, 'PUT', '/api/games/limits/press/mode', { token: hostToken, body: { mode: 'public' } })).body, {
        mode: 'public',
      });
      const privately = await press(server, 'limits', tokens['russia'], { to: ['france'], text: 'psst' });
      assert.deepEqual([privately.status, privately.body.error], [409, 'press-public-only']);
      assert.equal((await press(server, 'limits', tokens['russia'], { public: true, text: 'Russia mobilises.' })).status, 201);
      await call(server, 'PUT', '/api/games/limits/press/mode', { token: hostToken, body: { mode: 'off' } });
      const none = await press(server, 'limits', tokens['russia'], { public: true, text: 'hello?' });
      assert.deepEqual([none.status, none.body.error], [409, 'press-off']);
      const kept = await read(server, 'limits', tokens['russia']);
      assert.equal(kept.body.mode, 'off');
      assert.ok(kept.body.messages.some((m: { text: string }) => m.text === 'Russia mobilises.'));
      assert.equal((await call(server, 'GET', '/api/games/limits')).body.settings.press, 'off');

      // A game hosted with press off, or with a press mode that is none.
      const quiet = await call(server, 'POST', '/api/games', { body: { id: 'quiet', ruleset: 'great-war', press: 'off' } });
      assert.equal(quiet.status, 201);
      assert.equal((await call(server, 'GET', '/api/games/quiet')).body.settings.press, 'off');
      const bad = await call(server, 'POST', '/api/games', { body: { id: 'loud', ruleset: 'great-war', press: 'loud' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.problems[0].path, '$.press');
    } finally {
      await dispose();
    }
  });
}

test('press in any ruleset: a vernian game, its seats named by its board ("the Allies"), written to by name', async () => {
  const { server, dispose } = await serverOn(engines[0]!);
  try {
    const created = await call(server, 'POST', '/api/games', {
      body: { id: 'leagues', ruleset: 'vernian', seats: [{ seat: 'germany' }, { seat: 'allies' }] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const tokens = await seatTokens(server, created.body);
    const sent = await press(server, 'leagues', tokens['allies'], { to: ['the Germans'], text: 'Parley at Ypres?' });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    const germany = await read(server, 'leagues', tokens['germany']);
    assert.deepEqual(
      germany.body.seats.map((s: { seat: string; name: string }) => [s.seat, s.name]),
      [
        ['germany', 'the Germans'],
        ['allies', 'the Allies'],
      ],
    );
    assert.deepEqual([germany.body.messages[0].from, germany.body.messages[0].text], ['allies', 'Parley at Ypres?']);
  } finally {
    await dispose();
  }
});

test('a mail is press by its first line or by answering a press mail; anything else is orders', () => {
  assert.deepEqual(
    pressOfMail(
      'Re: [umpire g france 0123456789abcdef0123456789abcdef] Turn 3 is open',
      '\n\nPress to Russia, Austria Hungary and the Allies\nHello\n',
    ),
    {
      to: ['Russia', 'Austria Hungary', 'the Allies'],
      text: 'Hello\n',
    },
  );
  assert.deepEqual(pressOfMail('whatever', 'press to all\nWe win.'), { to: 'all', text: 'We win.' });
  assert.deepEqual(pressOfMail('Re: RE: [umpire g russia 0123456789abcdef0123456789abcdef] Press from the Allies', 'Fine.\n'), {
    to: ['the Allies'],
    text: 'Fine.\n',
  });
  assert.deepEqual(pressOfMail('AW: [umpire g russia 0123456789abcdef0123456789abcdef] Announcement from France', 'Noted.'), {
    to: ['France'],
    text: 'Noted.',
  });
  assert.equal(
    pressOfMail('Re: [umpire g france 0123456789abcdef0123456789abcdef] Turn 3 is open', 'build 4 infantry in Paris\npress to russia\n'),
    undefined,
  );
  assert.equal(
    pressOfMail('Re: Press from France, a newspaper', 'move 2 infantry from Paris to Amiens'),
    undefined,
    'without the seat tag a subject is no press mail',
  );
});
