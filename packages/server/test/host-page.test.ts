// What the host page and the lobby do, through the HTTP API on both database engines: the hosting key lists and
// manages the games it hosted (and no other key does), the host's view shows who joined and sent orders, what the
// server resolved and the mail sent or waiting (never a token), mail sent again, a bot given the last open seat
// resolving the step at once (the Great War and vernian), a game ended and a game deleted (its press too), and the lobby.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameRecord } from '@umpire/engine';
import { deliverOutbox, mailComposer } from '../src/index.js';
import { legalText } from './legal-orders.js';
import { engines } from './databases.js';
import { call, seatTokens, serverOn, TEST_HOSTING_KEY } from './hosting.js';

const OTHER_KEY = 'another-hosting-key-8c2e1f';

for (const engine of engines) {
  const managing =
    "the hosting key manages its own games: the host's view of seats, resolutions and mail (no token in it), mail sent again";
  test(`${engine.name}: ${managing}`, async () => {
    const { server, dispose } = await serverOn(engine, { http: { webDir: null, hostingKeys: [TEST_HOSTING_KEY, OTHER_KEY] } });
    try {
      const created = await call(server, 'POST', '/api/games', {
        body: {
          id: 'kept',
          ruleset: 'great-war',
          hostEmail: 'host@example.org',
          seats: [{ seat: 'germany' }, { seat: 'france', email: 'fay@example.org' }, { seat: 'italy', bot: 'random' }],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const hostToken = created.body.hostToken as string;
      // The key lists its games; another key lists none of them; no key, or a key the owner does not list, is refused.
      const mine = await call(server, 'GET', '/api/host/games', { token: TEST_HOSTING_KEY });
      assert.deepEqual(
        mine.body.games.map((g: { id: string }) => g.id),
        ['kept'],
      );
      assert.equal(mine.body.mailOut, false, 'this server sends no mail');
      assert.deepEqual((await call(server, 'GET', '/api/host/games', { token: OTHER_KEY })).body.games, []);
      assert.equal((await call(server, 'GET', '/api/host/games')).status, 401);
      assert.equal((await call(server, 'GET', '/api/host/games', { token: 'not-a-key-of-this-server' })).status, 403);
      // The game as its host sees it: by the hosting key or the host token; not by another key, a seat's token or nobody.
      const tokens = await seatTokens(server, created.body);
      for (const [who, token, status] of [
        ['the hosting key', TEST_HOSTING_KEY, 200],
        ['the host token', hostToken, 200],
        ['another hosting key', OTHER_KEY, 403],
        ["a seat's token", tokens['germany']!, 403],
      ] as const) {
        assert.equal((await call(server, 'GET', '/api/games/kept/host', { token })).status, status, who);
      }
      assert.equal((await call(server, 'GET', '/api/games/kept/host')).status, 401);
      assert.equal(
        (await call(server, 'PUT', '/api/games/kept/seats/germany', { token: OTHER_KEY, body: { bot: 'random' } })).status,
        403,
        'another key gives no seat',
      );
      const record = (await call(server, 'GET', '/api/games/kept/record')).body as GameRecord;
      const sent = await call(server, 'PUT', '/api/games/kept/orders', {
        token: tokens['germany'],
        body: { text: legalText(record, 'germany'), step: 't1.orders' },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const view = await call(server, 'GET', '/api/games/kept/host', { token: TEST_HOSTING_KEY });
      const seat = (id: string) => view.body.seats.find((s: { seat: string }) => s.seat === id);
      assert.deepEqual(
        { ...seat('germany') },
        { seat: 'germany', playedBy: 'player', joined: true, lobby: false, linkWaiting: false, submitted: true, ready: false },
        'germany joined by its link and sent orders',
      );
      assert.equal(seat('france').email, 'fay@example.org');
      assert.equal(seat('france').joined, false, 'the invitation is not taken up');
      assert.equal(seat('italy').bot, 'random');
      assert.ok(view.body.bots.includes('random') && view.body.bots.includes('default'));
      // The mail: the invitation and the host's mail wait (no mail server); no token anywhere in the answer.
      assert.deepEqual(view.body.mail.map((m: { kind: string; state: string }) => `${m.kind}:${m.state}`).sort(), [
        'hosted:waiting',
        'invitation:waiting',
      ]);
      for (const secret of [
        hostToken,
        tokens['germany']!,
        tokens['france']!,
        new URL(created.body.seats[0].claimUrl).searchParams.get('claim')!,
      ]) {
        assert.ok(!JSON.stringify(view.body).includes(secret), 'the host view holds no token or claim code');
      }
      // A waiting mail that failed is tried afresh; then sent, a sent invitation is made anew (the old token dies).
      const invitation = view.body.mail.find((m: { kind: string }) => m.kind === 'invitation');
      await server.host.sql.query("UPDATE outbox SET attempts = 5, last_error = 'connection refused' WHERE id = $1", [invitation.id]);
      const failed = await call(server, 'GET', '/api/games/kept/host', { token: hostToken });
      assert.equal(failed.body.mail.find((m: { id: number }) => m.id === invitation.id).state, 'failed');
      const retried = await call(server, 'POST', `/api/games/kept/mail/${invitation.id}/resend`, { token: TEST_HOSTING_KEY });
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      const [row] = await server.host.sql.query<{ attempts: number; last_error: string | null }>(
        'SELECT attempts, last_error FROM outbox WHERE id = $1',
        [invitation.id],
      );
      assert.deepEqual({ ...row }, { attempts: 0, last_error: null });
      const out = await deliverOutbox(server.host, mailComposer(server.host), async () => undefined);
      assert.equal(out.sent, 2);
      const again = await call(server, 'POST', `/api/games/kept/mail/${invitation.id}/resend`, { token: TEST_HOSTING_KEY });
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.match(again.body.what, /new invitation/);
      assert.equal(
        (await call(server, 'GET', '/api/games/kept/orders', { token: tokens['france'] })).status,
        403,
        "the old invitation's token opens nothing",
      );
      const fresh = await seatTokens(server, { gameId: 'kept', seats: [{ seat: 'france', playedBy: 'player', email: 'fay@example.org' }] });
      assert.equal((await call(server, 'GET', '/api/games/kept/orders', { token: fresh['france'] })).body.seat, 'france');
      const hosted = (await call(server, 'GET', '/api/games/kept/host', { token: hostToken })).body.mail.find(
        (m: { kind: string }) => m.kind === 'hosted',
      );
      assert.equal(
        (await call(server, 'POST', `/api/games/kept/mail/${hosted.id}/resend`, { token: hostToken })).status,
        409,
        'the host token left with its mail',
      );
      assert.equal((await call(server, 'POST', `/api/games/kept/mail/${invitation.id}/resend`, { token: tokens['germany'] })).status, 403);
      const acts = (await call(server, 'GET', '/api/games/kept/host', { token: hostToken })).body.acts;
      assert.ok(acts.some((a: { act: string; seat: string }) => a.act === 'invited-again' && a.seat === 'france'));
    } finally {
      await dispose();
    }
  });

  for (const ruleset of ['great-war', 'vernian']) {
    const name = `${engine.name}: ${ruleset}: a bot given the last open seat resolves the step at once when every player is ready`;
    test(`${name}, and not before`, async () => {
      const { server, dispose } = await serverOn(engine, { http: { webDir: null } });
      try {
        const found = (await call(server, 'GET', '/api/host/rulesets')).body.rulesets.find((r: { id: string }) => r.id === ruleset);
        const seats: string[] = found.scenarios.find((s: { id: string }) => s.id === found.defaultScenario).seats;
        const [player, open] = seats as [string, string];
        for (const ready of [false, true]) {
          const id = `${ruleset}-${ready ? 'ready' : 'not-ready'}`;
          const created = await call(server, 'POST', '/api/games', {
            body: { id, ruleset, seats: [{ seat: player }, { seat: open }], deadlineHours: 48 },
          });
          assert.equal(created.status, 201, JSON.stringify(created.body));
          const tokens = await seatTokens(server, {
            gameId: id,
            seats: created.body.seats.filter((s: { seat: string }) => s.seat === player),
          });
          const before = (await call(server, 'GET', `/api/games/${id}`)).body;
          const record = (await call(server, 'GET', `/api/games/${id}/record`)).body as GameRecord;
          const text = legalText(record, player) || '# no orders';
          const sent = await call(server, 'PUT', `/api/games/${id}/orders`, {
            token: tokens[player],
            body: { text, step: before.open.step, ready },
          });
          assert.equal(sent.status, 200, JSON.stringify(sent.body));
          assert.deepEqual(sent.body.resolved, [], `${open} has sent nothing: the step waits`);
          const given = await call(server, 'PUT', `/api/games/${id}/seats/${open}`, {
            token: created.body.hostToken,
            body: { bot: 'default' },
          });
          assert.equal(given.status, 200, JSON.stringify(given.body));
          const after = (await call(server, 'GET', `/api/games/${id}`)).body;
          const adjudications = await server.host.sql.query<{ step_id: string; reason: string }>(
            'SELECT step_id, reason FROM adjudications WHERE game_id = $1 ORDER BY id',
            [id],
          );
          if (ready) {
            assert.equal(given.body.resolved[0], before.open.step, 'the step resolved with the bot');
            assert.notEqual(after.open?.step, before.open.step);
            assert.deepEqual(adjudications[0], { step_id: before.open.step, reason: 'ready' });
          } else {
            assert.equal(given.body.resolved, undefined, `${player} is not ready: the step waits`);
            assert.equal(after.open.step, before.open.step);
            assert.equal(adjudications.length, 0);
            assert.equal(after.seats.find((s: { seat: string }) => s.seat === open).submitted, true, 'the bot has sent its orders');
          }
        }
      } finally {
        await dispose();
      }
    });
  }

  test(`${engine.name}: a game ended by its host plays no more and tells its players; a deleted game is gone whole`, async () => {
    const clock = { now: new Date('2026-05-04T08:00:00Z') };
    const { server, dispose } = await serverOn(engine, { http: { webDir: null }, now: () => clock.now });
    try {
      const created = await call(server, 'POST', '/api/games', {
        body: {
          id: 'ending',
          ruleset: 'great-war',
          seats: [{ seat: 'germany' }, { seat: 'france', email: 'fay@example.org' }],
          deadlineHours: 24,
        },
      });
      const tokens = await seatTokens(server, created.body);
      await call(server, 'GET', '/api/games/ending/orders', { token: tokens['france'] });
      // Press kept with the game goes with it when it is deleted.
      const press = await call(server, 'POST', '/api/games/ending/press', {
        token: tokens['france'],
        body: { to: ['germany'], text: 'Shall we talk?' },
      });
      assert.equal(press.status, 201, JSON.stringify(press.body));
      const ended = await call(server, 'POST', '/api/games/ending/end', { token: TEST_HOSTING_KEY });
      assert.equal(ended.status, 200, JSON.stringify(ended.body));
      assert.ok(ended.body.ended?.at, 'the status says the game was ended');
      assert.equal(ended.body.stopped, undefined);
      const refused = await call(server, 'PUT', '/api/games/ending/orders', {
        token: tokens['germany'],
        body: { text: '', step: 't1.orders' },
      });
      assert.equal(refused.status, 409);
      assert.match(refused.body.message, /ended by its host/);
      clock.now = new Date('2026-05-07T08:00:00Z');
      await server.work();
      assert.equal(
        (await server.host.sql.query("SELECT 1 FROM adjudications WHERE game_id = 'ending'")).length,
        0,
        'no deadline resolves an ended game',
      );
      const told = await server.host.sql.query<{ to_email: string; params: { summary: string } }>(
        "SELECT to_email, params FROM outbox WHERE game_id = 'ending' AND kind = 'game-over'",
      );
      assert.deepEqual(
        told.map((m) => m.to_email),
        ['fay@example.org'],
      );
      assert.match(told[0]!.params.summary, /host ended the game/);
      assert.equal((await call(server, 'POST', '/api/games/ending/end', { token: TEST_HOSTING_KEY })).status, 409, 'ended once');

      assert.equal(
        (await call(server, 'DELETE', '/api/games/ending', { token: tokens['germany'] })).status,
        403,
        'a player deletes nothing',
      );
      const deleted = await call(server, 'DELETE', '/api/games/ending', { token: created.body.hostToken });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      assert.equal((await call(server, 'GET', '/api/games/ending')).status, 404);
      assert.equal((await call(server, 'GET', '/api/games/ending/orders', { token: tokens['germany'] })).status, 404);
      for (const table of [
        'games',
        'steps',
        'submissions',
        'seats',
        'game_settings',
        'outbox',
        'host_acts',
        'step_secrets',
        'adjudications',
        'press',
        'press_recipients',
      ]) {
        const column = table === 'games' ? 'id' : 'game_id';
        assert.equal(
          (await server.host.sql.query(`SELECT 1 FROM ${table} WHERE ${column} = 'ending'`)).length,
          0,
          `${table} holds nothing of it`,
        );
      }
      // The id may be used again.
      assert.equal((await call(server, 'POST', '/api/games', { body: { id: 'ending', ruleset: 'great-war' } })).status, 201);
    } finally {
      await dispose();
    }
  });

  test(`${engine.name}: the lobby lists the seats open in it and nothing secret; a seat is taken once`, async () => {
    const { server, dispose } = await serverOn(engine, { http: { webDir: null } });
    try {
      const created = await call(server, 'POST', '/api/games', {
        body: {
          id: 'open-house',
          title: 'Open house',
          ruleset: 'vernian',
          seats: [{ seat: 'germany', lobby: true }, { seat: 'allies' }],
          hostEmail: 'host@example.org',
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const germany = created.body.seats.find((s: { seat: string }) => s.seat === 'germany');
      assert.equal(germany.lobby, true);
      const hidden = await call(server, 'POST', '/api/games', {
        body: { id: 'private', ruleset: 'great-war', public: false, seats: [{ seat: 'germany', lobby: true }] },
      });
      assert.equal(hidden.status, 201);
      const bad = await call(server, 'POST', '/api/games', {
        body: { ruleset: 'great-war', seats: [{ seat: 'germany', lobby: true, bot: 'random' }] },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.problems[0].path, '$.seats[0].lobby');
      const lobby = await call(server, 'GET', '/api/lobby');
      assert.deepEqual(
        lobby.body.games.map((g: { id: string; openSeats: string[] }) => `${g.id}:${g.openSeats.join(',')}`),
        ['open-house:germany'],
        'a private game and a seat open by link only are not in the lobby',
      );
      assert.equal(lobby.body.games[0].rulesetTitle.length > 0, true);
      assert.ok(
        !JSON.stringify(lobby.body).includes('host@example.org') && !JSON.stringify(lobby.body).includes(created.body.hostToken),
        'nothing secret in the lobby',
      );
      const taken = await call(server, 'POST', '/api/games/open-house/seats/germany/join');
      assert.equal(taken.status, 200, JSON.stringify(taken.body));
      assert.equal((await call(server, 'GET', '/api/games/open-house/orders', { token: taken.body.token })).body.seat, 'germany');
      assert.equal((await call(server, 'POST', '/api/games/open-house/seats/germany/join')).status, 409, 'taken once');
      assert.equal(
        (await call(server, 'POST', '/api/games/open-house/seats/allies/join')).status,
        409,
        'a seat open by link only is not taken from the lobby',
      );
      const claim = new URL(germany.claimUrl).searchParams.get('claim');
      assert.equal(
        (await call(server, 'POST', '/api/games/open-house/seats/germany/claim', { body: { code: claim } })).status,
        403,
        "the taken seat's link stops working",
      );
      assert.deepEqual((await call(server, 'GET', '/api/lobby')).body.games, []);
      const view = (await call(server, 'GET', '/api/games/open-house/host', { token: TEST_HOSTING_KEY })).body;
      assert.equal(view.seats.find((s: { seat: string }) => s.seat === 'germany').joined, true);
      // The host offers the seat in the lobby again: the player's token dies.
      const reopened = await call(server, 'PUT', '/api/games/open-house/seats/germany', { token: TEST_HOSTING_KEY, body: { lobby: true } });
      assert.equal(reopened.body.lobby, true);
      assert.equal((await call(server, 'GET', '/api/games/open-house/orders', { token: taken.body.token })).status, 403);
      assert.equal((await call(server, 'GET', '/api/lobby')).body.games.length, 1);
    } finally {
      await dispose();
    }
  });
}
