import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAnchors, parseRecord, replay, stepCommitment, type GameRecord } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import { legalText } from './legal-orders.js';
import { engines } from './databases.js';
import { call, seatTokens, serverOn } from './hosting.js';

for (const engine of engines) {
  test(`${engine.name}: three turns of a Great War game played through the HTTP API, each record published verifies against the commitments shown when the turns opened`, async () => {
    // The plain pages, as without a built web client (the client is tested in packages/web).
    const { server, dispose } = await serverOn(engine, { http: { webDir: null } });
    try {
      const created = await call(server, 'POST', '/api/games', {
        body: {
          id: 'api-game',
          title: 'Through the API',
          ruleset: 'great-war',
          seats: [
            { seat: 'britain', email: 'ann@example.org' },
            { seat: 'germany', email: 'bert@example.org' },
          ],
          deadlineHours: 48,
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const tokens = await seatTokens(server, created.body);
      const listed = await call(server, 'GET', '/api/games');
      assert.deepEqual(listed.body.games.map((g: { id: string }) => g.id), ['api-game']);
      const commitments: string[] = [];
      const britainReceipts: string[] = [];
      for (let turn = 1; turn <= 3; turn++) {
        const status = await call(server, 'GET', '/api/games/api-game');
        assert.equal(status.body.open.step, `t${turn}.orders`);
        commitments.push(status.body.open.commitment);
        const record = (await call(server, 'GET', '/api/games/api-game/record')).body as GameRecord;
        const britain = await call(server, 'PUT', '/api/games/api-game/orders', { token: tokens['britain'], body: { text: legalText(record, 'britain'), step: `t${turn}.orders`, ready: true } });
        assert.equal(britain.status, 200, JSON.stringify(britain.body));
        assert.deepEqual(britain.body.resolved, []);
        assert.match(britain.body.receipt, /^[0-9a-f]{64}$/);
        assert.notEqual(britain.body.receipt, britain.body.orderHash);
        britainReceipts.push(britain.body.receipt);
        // A seat reads its own orders, and only its own.
        const own = await call(server, 'GET', '/api/games/api-game/orders', { token: tokens['britain'] });
        assert.equal(own.body.submitted.orderHash, britain.body.orderHash);
        assert.equal(own.body.submitted.receipt, britain.body.receipt);
        const germanView = await call(server, 'GET', '/api/games/api-game/orders', { token: tokens['germany'] });
        assert.equal(germanView.body.seat, 'germany');
        assert.equal(germanView.body.submitted, undefined);
        const germany = await call(server, 'PUT', '/api/games/api-game/orders', { token: tokens['germany'], body: { text: legalText(record, 'germany'), step: `t${turn}.orders` } });
        assert.deepEqual(germany.body.resolved, []);
        const ready = await call(server, 'POST', '/api/games/api-game/ready', { token: tokens['germany'], body: { ready: true, step: `t${turn}.orders`, orderHash: germany.body.orderHash } });
        assert.deepEqual(ready.body.resolved, [`t${turn}.orders`]);
        // The turn's report: a seat sees its own orders; the public report shows receipts only.
        const mine = await call(server, 'GET', `/api/games/api-game/reports/${turn}`, { token: tokens['britain'] });
        const orders = mine.body.steps[0].orders as { seat: string; orders?: unknown }[];
        assert.ok(orders.find((o) => o.seat === 'britain')?.orders !== undefined);
        assert.equal(orders.find((o) => o.seat === 'germany')?.orders, undefined);
        const visitors = await call(server, 'GET', `/api/games/api-game/reports/${turn}?format=text`);
        assert.match(visitors.type, /text\/plain/);
        assert.match(visitors.body, new RegExp(`Turn ${turn}`));
      }
      const published = parseRecord((await call(server, 'GET', '/api/games/api-game/record')).body);
      assert.ok(published.ok);
      assert.deepEqual(published.value.steps.map((s) => s.id), ['t1.orders', 't2.orders', 't3.orders']);
      assert.deepEqual(published.value.steps.map((s) => s.commitment), commitments);
      // The first secret matches its commitment as it stands; each later commitment binds the whole step before it,
      // secrets of other seats included, which the published record hides: replay rebuilds it and checks them all.
      assert.ok(published.value.steps[0]!.events.some((e) => e.type === 'hidden-event'), 'the treasuries are hidden');
      assert.equal(stepCommitment(published.value, 0, published.value.steps[0]!.secret!), published.value.steps[0]!.commitment);
      assert.equal(published.value.format, 'umpire-record/2');
      // what the player was shown (the commitments in the status and the turn mails, the receipt) is in the published record
      assert.equal(checkAnchors(published.value, { commitments, receipts: britainReceipts }).ok, true);
      const verified = replay(greatWar, published.value);
      assert.ok(verified.ok, verified.mismatch?.message);
      const map = await fetch(`${server.url}/api/games/api-game/map/3?format=png&sheet=europe&width=800`);
      assert.equal(map.headers.get('content-type'), 'image/png');
      assert.ok((await map.arrayBuffer()).byteLength > 10_000);
      const page = await call(server, 'GET', '/games/api-game');
      assert.match(page.body, /Through the API/);
      assert.match(page.body, /<img alt="The map after turn 3"/);
    } finally {
      await dispose();
    }
  });
}

test('the API refuses bad requests with located problems and the right status, and changes nothing', async () => {
  const { server, dispose } = await serverOn(engines[0]!, { http: { bodyLimit: 4096 } });
  try {
    const bad = await call(server, 'POST', '/api/games', { body: { ruleset: 'great-war', seats: [{ seat: 'germny', email: 'b@example.org' }], deadlineHours: 'soon' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.problems.map((p: { path: string }) => p.path), ['$.deadlineHours']);
    const seat = await call(server, 'POST', '/api/games', { body: { id: 'g', ruleset: 'great-war', seats: [{ seat: 'germny', email: 'b@example.org' }] } });
    assert.equal(seat.status, 400);
    assert.equal(seat.body.problems[0].path, '$.seats[0].seat');
    assert.equal(seat.body.problems[0].suggestion, 'germany');
    const extra = await call(server, 'POST', '/api/games', { body: { ruleset: 'great-war', colour: 'red' } });
    assert.equal(extra.status, 400);
    assert.equal(extra.body.problems[0].path, '$.colour');
    const json = await call(server, 'POST', '/api/games', { raw: '{"ruleset": "great-war",' });
    assert.equal(json.status, 400);
    assert.equal(json.body.error, 'bad-json');
    const big = await call(server, 'POST', '/api/games', { body: { ruleset: 'great-war', title: 'x'.repeat(5000) } });
    assert.equal(big.status, 413);
    assert.deepEqual((await call(server, 'GET', '/api/games')).body.games, []);
    const created = await call(server, 'POST', '/api/games', { body: { id: 'g', ruleset: 'great-war', seats: [{ seat: 'germany', email: 'b@example.org' }] } });
    assert.equal(created.status, 201);
    assert.equal((await call(server, 'POST', '/api/games', { body: { id: 'g', ruleset: 'great-war' } })).status, 409);
    const token = (await seatTokens(server, created.body))['germany']!;
    assert.equal((await call(server, 'PUT', '/api/games/g/orders', { body: { text: '' } })).status, 401);
    assert.equal((await call(server, 'PUT', '/api/games/g/orders', { token: 'nope', body: { text: '' } })).status, 403);
    const missing = await call(server, 'PUT', '/api/games/g/orders', { token, body: { text: '' } });
    assert.deepEqual([missing.status, missing.body.error], [400, 'step-required'], 'orders name the step they are for');
    const refused = await call(server, 'PUT', '/api/games/g/orders', { token, body: { text: '\n\nbuild 3 zeppelins in Atlantis', step: 't1.orders' } });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.problems[0].line, 3);
    assert.equal((await call(server, 'GET', '/api/games/g/orders', { token })).body.submitted, undefined);
    // Host actions need the host token; a seat token is not enough.
    assert.equal((await call(server, 'POST', '/api/games/g/adjudicate', { token, body: { step: 't1.orders' } })).status, 403);
    const resolved = await call(server, 'POST', '/api/games/g/adjudicate', { token: created.body.hostToken, body: { step: 't1.orders' } });
    assert.deepEqual(resolved.body.resolved, ['t1.orders']);
    assert.equal((await call(server, 'GET', '/api/games/g/reports/2')).status, 404);
    assert.equal((await call(server, 'GET', '/api/games/nope')).status, 404);
    const language = await call(server, 'GET', '/api/rulesets/great-war/orders');
    assert.match(language.type, /text\/plain/);
    assert.match(language.body, /^research\s+research Improved Weapons$/m);
    const forms = (await call(server, 'GET', '/api/rulesets/great-war/orders?format=json')).body as { orders: { kind: string }[] };
    assert.ok(forms.orders.some((f) => f.kind === 'move'));
    assert.equal((await call(server, 'GET', '/api/rulesets/great-warr/orders')).status, 404);
    const doc = (await call(server, 'GET', '/api/openapi.json')).body;
    assert.equal(doc.openapi, '3.0.3');
    const game = '/api/games/{id}';
    const paths = ['/api/games', game, `${game}/orders`, `${game}/record`, `${game}/reports/{turn}`, `${game}/view`, `${game}/views`];
    for (const path of paths) assert.ok(doc.paths[path], path);
  } finally {
    await dispose();
  }
});

test('the API limits how many requests a client makes a minute, and how many games it hosts an hour', async () => {
  const { server, dispose } = await serverOn(engines[0]!, { http: { rateLimit: 5, hostingRateLimit: 1 } });
  try {
    const hosted = [await call(server, 'POST', '/api/games', { body: { ruleset: 'great-war' } }), await call(server, 'POST', '/api/games', { body: { ruleset: 'great-war' } })];
    assert.deepEqual(hosted.map((r) => r.status), [201, 429]);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call(server, 'GET', '/api/games')).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
    assert.equal((await call(server, 'GET', '/api/games')).body.error, 'rate-limited');
  } finally {
    await dispose();
  }
});
