import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliverOutbox, mailComposer, startServer, type OutboundMail, type RunningServer, type ServerConfig } from '../src/index.js';
import { seatTokens, TEST_HOSTING_KEY } from './hosting.js';

/**
 * Tokens and who may do what: the host holds the host token only, each seat's token reaches its player alone (the
 * invitation mail, or a one-time claim link), bots hold none, hosting needs the server owner's key, invited addresses
 * get nothing but their invitation until they take the seat up, and the status codes say one thing each.
 */

async function server(extra: Partial<ServerConfig> = {}): Promise<{ server: RunningServer; dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-tokens-'));
  const running = await startServer({ port: 0, demo: false, tickSeconds: 3600, log: () => undefined, dataDir: join(dir, 'data'), ...extra, http: { webDir: null, hostingKeys: [TEST_HOSTING_KEY], ...extra.http } });
  return {
    server: running,
    async dispose() {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function call(s: RunningServer, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, body: text.startsWith('{') ? JSON.parse(text) : text };
}

const host = (s: RunningServer, body: unknown, key: string | null = TEST_HOSTING_KEY) => call(s, 'POST', '/api/games', { body, ...(key ? { token: key } : {}) });

test("the host's answer holds the host token only; invited seats get their tokens by mail, open seats a one-time claim link the host cannot use after the player", async () => {
  const { server: s, dispose } = await server();
  try {
    const created = await host(s, { id: 'seats', ruleset: 'great-war', seats: [{ seat: 'france', email: 'fay@example.org' }, { seat: 'germany' }], deadlineHours: 48 });
    assert.equal(created.status, 201, created.text);
    assert.doesNotMatch(created.text, /"token"/, 'no seat token in the answer');
    const germany = created.body.seats.find((x: { seat: string }) => x.seat === 'germany');
    assert.equal(germany.playedBy, 'open');
    const code = new URL(germany.claimUrl).searchParams.get('claim')!;
    assert.ok(Buffer.from(code, 'base64url').length >= 16, 'claim codes are at least 128 bits');
    const claimed = await call(s, 'POST', '/api/games/seats/seats/germany/claim', { body: { code } });
    assert.equal(claimed.status, 200, claimed.text);
    assert.ok(Buffer.from(claimed.body.token, 'base64url').length >= 16, 'seat tokens are at least 128 bits');
    // The link works once: the host, who passed it on, cannot claim the seat again nor read it with the host token.
    assert.equal((await call(s, 'POST', '/api/games/seats/seats/germany/claim', { body: { code } })).status, 403);
    assert.equal((await call(s, 'GET', '/api/games/seats/orders', { token: created.body.hostToken })).status, 403);
    assert.equal((await call(s, 'GET', '/api/games/seats/orders', { token: claimed.body.token })).body.seat, 'germany');
    // France's token is in her invitation alone.
    const tokens = await seatTokens(s, { gameId: 'seats', seats: created.body.seats.filter((x: { seat: string }) => x.seat === 'france') });
    assert.equal((await call(s, 'GET', '/api/games/seats/orders', { token: tokens['france'] })).body.seat, 'france');
    const [tag] = await s.host.sql.query<{ mail_token: string }>("SELECT mail_token FROM seats WHERE game_id = 'seats' AND seat = 'france'");
    assert.match(tag!.mail_token, /^[0-9a-f]{32}$/, 'mail tokens are 128 bits');
  } finally {
    await dispose();
  }
});

test("a bot's seat has no token: its open orders are nobody's to read; the host's acts on seats are recorded as the host's", async () => {
  const { server: s, dispose } = await server();
  try {
    const created = await host(s, { id: 'bots', ruleset: 'great-war', seats: [{ seat: 'france' }, { seat: 'britain' }], deadlineHours: 48 });
    const tokens = await seatTokens(s, created.body);
    const hostToken = created.body.hostToken as string;
    const given = await call(s, 'PUT', '/api/games/bots/seats/france', { token: hostToken, body: { bot: 'random' } });
    assert.equal(given.status, 200, given.text);
    assert.deepEqual(given.body, { seat: 'france', playedBy: 'bot', bot: 'random' });
    // France's former token opens nothing now, though the bot has sent its orders for the open step.
    assert.equal((await call(s, 'GET', '/api/games/bots/orders', { token: tokens['france'] })).status, 403);
    const [row] = await s.host.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM seats WHERE game_id = 'bots' AND bot IS NOT NULL AND token_hash IS NOT NULL");
    assert.equal(row!.n, 0, 'no bot seat holds a token');
    const reopened = await call(s, 'PUT', '/api/games/bots/seats/britain', { token: hostToken, body: {} });
    assert.equal(reopened.body.playedBy, 'open');
    assert.match(reopened.body.claimUrl, /\/games\/bots\?seat=britain&claim=/);
    const acts = await call(s, 'GET', '/api/games/bots/acts', { token: hostToken });
    assert.deepEqual(
      acts.body.acts.map((a: { seat: string; detail: string }) => [a.seat, a.detail]),
      [
        ['france', 'from a player to the random bot'],
        ['britain', 'from a player to open, with a claim link'],
      ],
    );
    assert.equal((await call(s, 'GET', '/api/games/bots/acts')).status, 401, 'without credentials: 401');
    assert.equal((await call(s, 'GET', '/api/games/bots/acts', { token: tokens['britain'] })).status, 403, 'with the wrong ones: 403');
  } finally {
    await dispose();
  }
});

test("hosting needs the server owner's key; deadlines have a minimum", async () => {
  const closed = await server({ http: { hostingKeys: [] } });
  try {
    const refused = await host(closed.server, { ruleset: 'great-war' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'hosting-closed');
  } finally {
    await closed.dispose();
  }
  const { server: s, dispose } = await server();
  try {
    assert.equal((await host(s, { ruleset: 'great-war' }, null)).status, 401);
    assert.equal((await host(s, { ruleset: 'great-war' }, 'guessed')).status, 403);
    const tooShort = await host(s, { ruleset: 'great-war', seats: [{ seat: 'france', email: 'fay@example.org' }], deadlineHours: 0.0003 });
    assert.equal(tooShort.status, 400);
    assert.deepEqual(tooShort.body.problems.map((p: { path: string }) => p.path), ['$.deadlineHours']);
    assert.equal((await host(s, { ruleset: 'great-war', deadlineHours: 1 })).status, 201);
  } finally {
    await dispose();
  }
});

test('an invited address gets nothing but its one invitation until its owner takes the seat up; no address gets more than its hourly share of mail', async () => {
  const { server: s, dispose } = await server();
  try {
    const created = await host(s, { id: 'invited', ruleset: 'great-war', seats: [{ seat: 'france', email: 'fay@example.org' }, { seat: 'germany', email: 'gus@example.org' }], deadlineHours: 1 });
    const hostToken = created.body.hostToken as string;
    for (const step of ['t1.orders', 't2.orders']) assert.equal((await call(s, 'POST', '/api/games/invited/adjudicate', { token: hostToken, body: { step } })).status, 200);
    const kinds = async (to: string) => (await s.host.sql.query<{ kind: string }>('SELECT kind FROM outbox WHERE to_email = $1 ORDER BY id', [to])).map((r) => r.kind);
    assert.deepEqual(await kinds('fay@example.org'), ['invitation']);
    assert.deepEqual(await kinds('gus@example.org'), ['invitation']);
    // Gus takes his seat up (his token, from the invitation): the open turn's mail reaches him, and the next turn's.
    const tokens = await seatTokens(s, created.body);
    assert.equal((await call(s, 'GET', '/api/games/invited/orders', { token: tokens['germany'] })).status, 200);
    assert.deepEqual(await kinds('gus@example.org'), ['invitation', 'turn-opened']);
    assert.equal((await call(s, 'POST', '/api/games/invited/adjudicate', { token: hostToken, body: { step: 't3.orders' } })).status, 200);
    assert.deepEqual(await kinds('gus@example.org'), ['invitation', 'turn-opened', 'report', 'turn-opened']);
    assert.deepEqual(await kinds('fay@example.org'), ['invitation']);
    // Delivery: at most so many mails an address an hour; the rest stay queued, none is dropped.
    const sent: OutboundMail[] = [];
    const done = await deliverOutbox(s.host, mailComposer(s.host), async (m) => void sent.push(m), { perAddressPerHour: 2 });
    assert.deepEqual(sent.map((m) => m.to).sort(), ['fay@example.org', 'gus@example.org', 'gus@example.org']);
    assert.equal(done.sent, 3);
    const [waiting] = await s.host.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL AND to_email = 'gus@example.org'");
    assert.equal(waiting!.n, 2);
  } finally {
    await dispose();
  }
});
