import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameRecord } from '@umpire/engine';
import { handleInboundMail, inboxOf, mailComposer, pendingMail, startServer, type InboundMail, type RunningServer } from '../src/index.js';
import { inboundMail, seatTokens, TEST_HOSTING_KEY } from './hosting.js';
import { legalText } from './legal-orders.js';

/**
 * Steps and readiness through the HTTP API, on PGlite: every submission, ready and adjudication names the step it
 * means, so that nothing late, retried or stale ever lands in the next turn; orders after the deadline are refused at
 * once, whoever sends them.
 */

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(server: RunningServer, method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : method === 'POST' && path === '/api/games' ? { authorization: `Bearer ${TEST_HOSTING_KEY}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** A server on a fresh PGlite directory whose clock the test moves; its clock work runs only when the test says. */
async function withServer(work: (server: RunningServer, clock: { now: Date }) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-steps-'));
  const clock = { now: new Date('2026-03-02T09:00:00Z') };
  const server = await startServer({ port: 0, demo: false, tickSeconds: 3600, log: () => undefined, dataDir: join(dir, 'data'), now: () => clock.now, http: { webDir: null, hostingKeys: [TEST_HOSTING_KEY] } });
  try {
    await work(server, clock);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const SEATS = [
  { seat: 'britain', email: 'ann@example.org' },
  { seat: 'germany', email: 'gus@example.org' },
];

async function hosted(server: RunningServer, id: string): Promise<{ tokens: Record<string, string>; hostToken: string }> {
  const created = await call(server, 'POST', '/api/games', { body: { id, ruleset: 'great-war', seats: SEATS, deadlineHours: 48 } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const tokens = await seatTokens(server, created.body);
  // The players take their seats up (their tokens, from the invitations): the turn mails reach them from now on.
  for (const token of Object.values(tokens)) assert.equal((await call(server, 'GET', `/api/games/${id}/orders`, { token })).status, 200);
  return { tokens, hostToken: created.body.hostToken };
}

const record = async (server: RunningServer, id: string) => (await call(server, 'GET', `/api/games/${id}/record`)).body as GameRecord;
const status = async (server: RunningServer, id: string) => (await call(server, 'GET', `/api/games/${id}`)).body;

test('a ready for t1 sent after t1 resolved gets 409 and never carries into t2: t2 does not resolve on the first draft', async () => {
  await withServer(async (server) => {
    const { tokens } = await hosted(server, 'late-ready');
    const t1 = await record(server, 'late-ready');
    const britain = await call(server, 'PUT', '/api/games/late-ready/orders', { token: tokens['britain'], body: { text: legalText(t1, 'britain'), step: 't1.orders' } });
    assert.equal(britain.status, 200, JSON.stringify(britain.body));
    const germany = await call(server, 'PUT', '/api/games/late-ready/orders', { token: tokens['germany'], body: { text: legalText(t1, 'germany'), step: 't1.orders', ready: true } });
    assert.deepEqual(germany.body.resolved, []);
    const ready = { ready: true, step: 't1.orders', orderHash: britain.body.orderHash };
    const first = await call(server, 'POST', '/api/games/late-ready/ready', { token: tokens['britain'], body: ready });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.resolved, ['t1.orders']);
    // The same ready again (a retry after a lost answer, a second click): t1 is gone, and so is the ready.
    const retried = await call(server, 'POST', '/api/games/late-ready/ready', { token: tokens['britain'], body: ready });
    assert.equal(retried.status, 409, JSON.stringify(retried.body));
    assert.equal(retried.body.error, 'wrong-step');
    assert.match(retried.body.message, /t2\.orders/);
    // A combined submission retried for t1: refused too, and kept.
    const again = await call(server, 'PUT', '/api/games/late-ready/orders', { token: tokens['germany'], body: { text: legalText(t1, 'germany'), step: 't1.orders', ready: true } });
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.equal(again.body.error, 'wrong-step');
    const seen = await status(server, 'late-ready');
    assert.equal(seen.open.step, 't2.orders');
    assert.ok(seen.seats.every((s: { ready: boolean }) => !s.ready), JSON.stringify(seen.seats));
    // Turn 2: germany ready with its orders, britain's first draft: the turn waits for britain's own ready.
    const t2 = await record(server, 'late-ready');
    const g2 = await call(server, 'PUT', '/api/games/late-ready/orders', { token: tokens['germany'], body: { text: legalText(t2, 'germany'), step: 't2.orders', ready: true } });
    assert.deepEqual(g2.body.resolved, []);
    const draft = await call(server, 'PUT', '/api/games/late-ready/orders', { token: tokens['britain'], body: { text: legalText(t2, 'britain'), step: 't2.orders' } });
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    assert.deepEqual(draft.body.resolved, [], 'the first draft of turn 2 resolves nothing');
    assert.equal(draft.body.ready, false);
    assert.equal((await status(server, 'late-ready')).turnsResolved, 1);
  });
});

test('ready names the receipt of the orders it confirms: a stale receipt, no orders, a missing step are refused; a new submission unsets ready', async () => {
  await withServer(async (server) => {
    const { tokens } = await hosted(server, 'receipts');
    const t1 = await record(server, 'receipts');
    const none = await call(server, 'POST', '/api/games/receipts/ready', { token: tokens['britain'], body: { ready: true, step: 't1.orders', orderHash: 'x'.repeat(64) } });
    assert.equal(none.status, 409, JSON.stringify(none.body));
    assert.equal(none.body.error, 'no-orders');
    const a = await call(server, 'PUT', '/api/games/receipts/orders', { token: tokens['britain'], body: { text: '', step: 't1.orders' } });
    const b = await call(server, 'PUT', '/api/games/receipts/orders', { token: tokens['britain'], body: { text: legalText(t1, 'britain'), step: 't1.orders' } });
    assert.notEqual(a.body.orderHash, b.body.orderHash);
    const stale = await call(server, 'POST', '/api/games/receipts/ready', { token: tokens['britain'], body: { ready: true, step: 't1.orders', orderHash: a.body.orderHash } });
    assert.equal(stale.status, 409, JSON.stringify(stale.body));
    assert.equal(stale.body.error, 'stale-receipt');
    assert.match(stale.body.message, new RegExp(b.body.orderHash));
    const noStep = await call(server, 'POST', '/api/games/receipts/ready', { token: tokens['britain'], body: { ready: true, orderHash: b.body.orderHash } });
    assert.equal(noStep.status, 400);
    const noHash = await call(server, 'POST', '/api/games/receipts/ready', { token: tokens['britain'], body: { ready: true, step: 't1.orders' } });
    assert.equal(noHash.status, 400);
    const wrong = await call(server, 'POST', '/api/games/receipts/ready', { token: tokens['britain'], body: { ready: true, step: 't2.orders', orderHash: b.body.orderHash } });
    assert.equal(wrong.status, 409);
    assert.equal(wrong.body.error, 'wrong-step');
    const good = await call(server, 'POST', '/api/games/receipts/ready', { token: tokens['britain'], body: { ready: true, step: 't1.orders', orderHash: b.body.orderHash } });
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.equal((await call(server, 'GET', '/api/games/receipts/orders', { token: tokens['britain'] })).body.ready, true);
    // New orders after ready: the seat is no longer ready, until it says so of these.
    const c = await call(server, 'PUT', '/api/games/receipts/orders', { token: tokens['britain'], body: { text: '', step: 't1.orders' } });
    assert.equal(c.body.ready, false);
    const mine = await call(server, 'GET', '/api/games/receipts/orders', { token: tokens['britain'] });
    assert.equal(mine.body.ready, false);
    assert.equal(mine.body.step, 't1.orders');
    assert.equal(mine.body.submitted.orderHash, c.body.orderHash);
    assert.equal((await status(server, 'receipts')).seats.find((s: { seat: string }) => s.seat === 'britain').ready, false);
    // Germany ready: britain is not, so nothing resolves.
    const g = await call(server, 'PUT', '/api/games/receipts/orders', { token: tokens['germany'], body: { text: '', step: 't1.orders', ready: true } });
    assert.deepEqual(g.body.resolved, []);
    // ready: true in one body needs the step it is for.
    const unnamed = await call(server, 'PUT', '/api/games/receipts/orders', { token: tokens['britain'], body: { text: '', ready: true } });
    assert.equal(unnamed.status, 400, JSON.stringify(unnamed.body));
    // Status codes: no token 401, a wrong one 403, an unknown game 404.
    assert.equal((await call(server, 'POST', '/api/games/receipts/ready', { body: { ready: false, step: 't1.orders' } })).status, 401);
    assert.equal((await call(server, 'POST', '/api/games/receipts/ready', { token: 'nope', body: { ready: false, step: 't1.orders' } })).status, 403);
    assert.equal((await call(server, 'POST', '/api/games/nothing/ready', { token: tokens['britain'], body: { ready: false, step: 't1.orders' } })).status, 404);
    assert.equal((await call(server, 'POST', '/api/games/receipts/adjudicate', { body: { step: 't1.orders' } })).status, 401);
    assert.equal((await status(server, 'receipts')).turnsResolved, 0);
  });
});

test('two simultaneous adjudicate calls naming the same step resolve one turn; the second gets 409', async () => {
  await withServer(async (server) => {
    const { hostToken } = await hosted(server, 'twice');
    const both = await Promise.all([0, 1].map(() => call(server, 'POST', '/api/games/twice/adjudicate', { token: hostToken, body: { step: 't1.orders' } })));
    assert.deepEqual(both.map((a) => a.status).sort(), [200, 409], JSON.stringify(both.map((a) => a.body)));
    const done = both.find((a) => a.status === 200)!;
    assert.deepEqual(done.body.resolved, ['t1.orders']);
    assert.equal(both.find((a) => a.status === 409)!.body.error, 'wrong-step');
    const seen = await status(server, 'twice');
    assert.equal(seen.turnsResolved, 1);
    assert.equal(seen.open.step, 't2.orders');
    const rows = await server.host.sql.query<{ step_id: string }>("SELECT step_id FROM adjudications WHERE game_id = 'twice'");
    assert.deepEqual(rows.map((r) => r.step_id), ['t1.orders']);
    // Without a step, the host is asked to name one.
    assert.equal((await call(server, 'POST', '/api/games/twice/adjudicate', { token: hostToken, body: {} })).status, 400);
  });
});

test('orders for t1 arriving after t1 resolved get 409, are kept as refused, and never become t2 orders', async () => {
  await withServer(async (server) => {
    const { tokens, hostToken } = await hosted(server, 'late-orders');
    const t1 = await record(server, 'late-orders');
    assert.equal((await call(server, 'POST', '/api/games/late-orders/adjudicate', { token: hostToken, body: { step: 't1.orders' } })).status, 200);
    const text = legalText(t1, 'britain');
    const late = await call(server, 'PUT', '/api/games/late-orders/orders', { token: tokens['britain'], body: { text, step: 't1.orders' } });
    assert.equal(late.status, 409, JSON.stringify(late.body));
    assert.equal(late.body.error, 'wrong-step');
    assert.match(late.body.message, /t2\.orders/);
    const kept = await inboxOf(server.host.sql, 'late-orders', 't1.orders', 'britain');
    assert.deepEqual(kept.map((k) => [k.raw, k.accepted]), [[text, false]]);
    const mine = await call(server, 'GET', '/api/games/late-orders/orders', { token: tokens['britain'] });
    assert.equal(mine.body.submitted, undefined, 'turn 2 holds no orders of britain');
    assert.equal(mine.body.step, 't2.orders');
    assert.equal((await status(server, 'late-orders')).seats.find((s: { seat: string }) => s.seat === 'britain').submitted, false);
  });
});

test('orders after the deadline are refused at once (409), before any clock work, and kept; the clock work then resolves the step', async () => {
  await withServer(async (server, clock) => {
    const { tokens } = await hosted(server, 'deadline');
    const t1 = await record(server, 'deadline');
    const early = await call(server, 'PUT', '/api/games/deadline/orders', { token: tokens['britain'], body: { text: '', step: 't1.orders' } });
    assert.equal(early.status, 200);
    clock.now = new Date(clock.now.getTime() + 49 * 3_600_000);
    const text = legalText(t1, 'britain');
    const late = await call(server, 'PUT', '/api/games/deadline/orders', { token: tokens['britain'], body: { text, step: 't1.orders' } });
    assert.equal(late.status, 409, JSON.stringify(late.body));
    assert.equal(late.body.error, 'deadline-passed');
    // Orders that name no step are not read at all: the step is what keeps late orders out of the next turn.
    const unnamed = await call(server, 'PUT', '/api/games/deadline/orders', { token: tokens['germany'], body: { text: '' } });
    assert.deepEqual([unnamed.status, unnamed.body.error], [400, 'step-required']);
    const ready = await call(server, 'POST', '/api/games/deadline/ready', { token: tokens['britain'], body: { ready: true, step: 't1.orders', orderHash: early.body.orderHash } });
    assert.equal(ready.status, 409);
    assert.equal(ready.body.error, 'deadline-passed');
    const kept = await inboxOf(server.host.sql, 'deadline', 't1.orders', 'britain');
    assert.deepEqual(kept.map((k) => [k.raw, k.accepted]), [['', true], [text, false]]);
    assert.equal((await call(server, 'GET', '/api/games/deadline/orders', { token: tokens['britain'] })).body.submitted.orderHash, early.body.orderHash);
    assert.equal((await status(server, 'deadline')).turnsResolved, 0);
    await server.work();
    assert.equal((await status(server, 'deadline')).turnsResolved, 1);
  });
});

test('a mail answering turn 1 that arrives after turn 1 resolved is refused with a reply saying so, not taken for turn 2', async () => {
  await withServer(async (server) => {
    const { hostToken } = await hosted(server, 'mail-steps');
    const t1 = await record(server, 'mail-steps');
    const compose = mailComposer(server.host);
    const opened = (await pendingMail(server.host.sql, 'mail-steps')).find((m) => m.kind === 'turn-opened' && m.seat === 'britain')!;
    const subject = (await compose(opened, server.host.sql)).subject;
    assert.match(subject, /\[umpire mail-steps britain t1\.orders [0-9a-f]{32}\]/);
    assert.equal((await call(server, 'POST', '/api/games/mail-steps/adjudicate', { token: hostToken, body: { step: 't1.orders' } })).status, 200);
    const mail = (over: Partial<InboundMail>): InboundMail => inboundMail({ from: 'ann@example.org', subject: `Re: ${subject}`, text: `${legalText(t1, 'britain')}\n# the end\n`, size: 300, ...over });
    assert.equal(await handleInboundMail(server.host, mail({ messageId: '<late@example.org>' })), 'refused');
    const replies = (await pendingMail(server.host.sql, 'mail-steps')).filter((m) => m.kind === 'orders-reply');
    assert.equal(replies.length, 1);
    const said = String(replies[0]!.params['text']);
    assert.match(said, /NOT accepted/);
    assert.match(said, /t1\.orders/);
    assert.match(said, /t2\.orders/);
    assert.equal((await call(server, 'GET', '/api/games/mail-steps')).body.seats.find((s: { seat: string }) => s.seat === 'britain').submitted, false);
    const kept = await inboxOf(server.host.sql, 'mail-steps', 't1.orders', 'britain');
    assert.deepEqual(kept.map((k) => k.accepted), [false]);
    // A reply to the turn 2 mail is taken for turn 2; an old tag without a step still reads (the open step).
    const second = (await pendingMail(server.host.sql, 'mail-steps')).filter((m) => m.kind === 'turn-opened' && m.seat === 'britain').at(-1)!;
    const subject2 = (await compose(second, server.host.sql)).subject;
    assert.match(subject2, /t2\.orders/);
    const text2 = `${legalText(await record(server, 'mail-steps'), 'britain')}\n# turn 2\n`;
    assert.equal(await handleInboundMail(server.host, mail({ messageId: '<t2@example.org>', subject: `Re: ${subject2}`, text: text2 })), 'accepted');
    const oldTag = subject2.replace(' t2.orders ', ' ');
    assert.equal(await handleInboundMail(server.host, mail({ messageId: '<old@example.org>', subject: `Re: ${oldTag}`, text: text2 })), 'accepted');
    assert.deepEqual((await inboxOf(server.host.sql, 'mail-steps', 't2.orders', 'britain')).map((k) => k.accepted), [true, true]);
  });
});
