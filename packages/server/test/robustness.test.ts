import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { replay, type GameRecord } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import { handleInboundMail, inboxOf, type InboundMail, type RunningServer } from '../src/index.js';
import { engines } from './databases.js';
import { legalText } from './legal-orders.js';
import { call, inboundMail, seatTokens, serverOn } from './hosting.js';

/**
 * Nothing a player sends can break a game: one admission for every order, texts that are never dropped, mails
 * handled once, answers that stay small, and a game whose record no longer replays stopped rather than resolved
 * again from an older position.
 */

const SEATS = [
  { seat: 'france', email: 'fay@example.org' },
  { seat: 'germany', email: 'gus@example.org' },
  { seat: 'britain', email: 'ann@example.org' },
];

async function hosted(server: RunningServer, id: string): Promise<{ tokens: Record<string, string>; hostToken: string }> {
  const created = await call(server, 'POST', '/api/games', { body: { id, ruleset: 'great-war', seats: SEATS, deadlineHours: 48, hostEmail: 'host@example.org' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { tokens: await seatTokens(server, created.body), hostToken: created.body.hostToken };
}

const record = async (server: RunningServer, id: string) => (await call(server, 'GET', `/api/games/${id}/record`)).body as GameRecord;

for (const engine of engines) {
  test(`${engine.name}: orders the text parser once admitted but the record check refuses (a Foreign Legion of 0, 0 infantry for East Africa) are refused with their line and column; the published record verifies`, async () => {
    const { server, dispose } = await serverOn(engine);
    try {
      const { tokens, hostToken } = await hosted(server, 'admission');
      const legion = await call(server, 'PUT', '/api/games/admission/orders', { token: tokens['france'], body: { text: 'foreign-legion 0 in Petrograd', step: 't1.orders' } });
      assert.equal(legion.status, 422, JSON.stringify(legion.body));
      assert.deepEqual([legion.body.problems[0].line, legion.body.problems[0].column], [1, 16]);
      const africa = await call(server, 'PUT', '/api/games/admission/orders', { token: tokens['germany'], body: { text: 'east-africa-supplies 0 infantry, 1 artillery', step: 't1.orders' } });
      assert.equal(africa.status, 422, JSON.stringify(africa.body));
      assert.equal((await call(server, 'POST', '/api/games/admission/adjudicate', { token: hostToken, body: { step: 't1.orders' } })).status, 200);
      const published = await record(server, 'admission');
      assert.equal(published.steps.length, 1);
      assert.equal(replay(greatWar, published).ok, true);
    } finally {
      await dispose();
    }
  });

  test(`${engine.name}: a line holding U+2028, NUL, a lone surrogate: refused with line and column, never dropped, never a 500, and kept exactly in the seat's inbox`, async () => {
    const { server, dispose } = await serverOn(engine);
    try {
      const { tokens } = await hosted(server, 'texts');
      const put = (text: string) => call(server, 'PUT', '/api/games/texts/orders', { token: tokens['france'], body: { text, step: 't1.orders' } });
      // Before: the line after U+2028 was dropped and the answer was 200.
      const separated = await put('research chem\u2028frobnicate the Kaiser');
      assert.equal(separated.status, 422, JSON.stringify(separated.body));
      assert.deepEqual([separated.body.problems[0].code, separated.body.problems[0].line], ['unknown-order', 2]);
      const nul = await put('research chem\n\u0000build 1 infantry in Paris');
      assert.equal(nul.status, 422, JSON.stringify(nul.body));
      assert.deepEqual([nul.body.problems[0].code, nul.body.problems[0].line, nul.body.problems[0].column], ['nul-character', 2, 1]);
      const lone = await call(server, 'PUT', '/api/games/texts/orders', { token: tokens['france'], raw: '{"step":"t1.orders","text":"research chem \\ud800"}' });
      assert.equal(lone.status, 422, JSON.stringify(lone.body));
      assert.equal(lone.body.problems[0].code, 'broken-character');
      // A byte-order mark, CR LF and tabs are read as the plain text they are.
      const plain = await put('\uFEFFresearch\tchem\r\n# a comment\r\n');
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
      const inbox = await inboxOf(server.host.sql, 'texts', 't1.orders', 'france');
      assert.deepEqual(
        inbox.map((m) => [m.raw, m.accepted]),
        [
          ['research chem\u2028frobnicate the Kaiser', false],
          ['research chem\n\u0000build 1 infantry in Paris', false],
          ['research chem \ud800', false],
          ['\uFEFFresearch\tchem\r\n# a comment\r\n', true],
        ],
      );
    } finally {
      await dispose();
    }
  });
}

test('pglite: JSON nested 10,000 deep is a 400 with its JSON path; NUL in other fields a 400; 100 KB of bad orders get a bounded answer', async () => {
  const { server, dispose } = await serverOn(engines[0]!);
  try {
    const { tokens } = await hosted(server, 'bounds');
    const deep = `{"step":"t1.orders","orders":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const answer = await call(server, 'PUT', '/api/games/bounds/orders', { token: tokens['france'], raw: deep });
    assert.equal(answer.status, 400, JSON.stringify(answer.body).slice(0, 300));
    assert.equal(answer.body.error, 'too-deep');
    assert.equal(answer.body.problems[0].path, `$.orders${'[0]'.repeat(63)}`);
    const badTitle = await call(server, 'POST', '/api/games', { body: { ruleset: 'great-war', title: 'a\u0000b' } });
    assert.equal(badTitle.status, 400, JSON.stringify(badTitle.body));
    const lines = Array.from({ length: 4_000 }, (_, i) => `frobnicate ${i} divisions of Atlantis`).join('\n');
    assert.ok(lines.length > 100_000);
    const many = await call(server, 'PUT', '/api/games/bounds/orders', { token: tokens['france'], body: { text: lines.slice(0, 99_000), step: 't1.orders' } });
    assert.equal(many.status, 422);
    assert.ok(many.size < 20_000, `an answer of ${many.size} characters`);
    assert.equal(many.body.problems.length, 31);
    assert.match(many.body.problems[30].message, /^and \d+ more problems/);
  } finally {
    await dispose();
  }
});

test('pglite: property: whatever texts players send (damaged orders of every kind), every record the server publishes verifies', async () => {
  const { server, dispose } = await serverOn(engines[0]!);
  try {
    const { tokens, hostToken } = await hosted(server, 'published');
    const examples = (greatWar.orderForms ?? []).map((f) => f.example);
    const damage = fc.tuple(fc.constantFrom(...examples), fc.constantFrom('0', '-1', '99999999999999999999', '1.5', '', 'Atlantis'), fc.nat()).map(([line, value, at]) => {
      const words = line.split(' ');
      words[1 + (at % Math.max(1, words.length - 1))] = value;
      return words.join(' ');
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('france', 'germany', 'britain'), fc.array(damage, { minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 6 }), async (sent) => {
        const step = (await call(server, 'GET', '/api/games/published')).body.open.step as string;
        for (const [seat, lines] of sent) {
          const answer = await call(server, 'PUT', '/api/games/published/orders', { token: tokens[seat], body: { text: lines.join('\n'), step } });
          assert.ok(answer.status === 200 || answer.status === 422, `${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
        }
        const before = await record(server, 'published');
        const legal = await call(server, 'PUT', '/api/games/published/orders', { token: tokens['britain'], body: { text: legalText(before, 'britain'), step } });
        assert.equal(legal.status, 200, JSON.stringify(legal.body));
        const resolved = await call(server, 'POST', '/api/games/published/adjudicate', { token: hostToken, body: { step: (await call(server, 'GET', '/api/games/published')).body.open.step } });
        assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
        const published = await record(server, 'published');
        const check = replay(greatWar, published);
        assert.ok(check.ok, JSON.stringify(check.mismatch));
      }),
      { numRuns: 4 },
    );
  } finally {
    await dispose();
  }
});

for (const engine of engines) {
  test(`${engine.name}: a game whose stored record no longer replays is stopped: never resolved again from an older position, its host told, everything kept`, async () => {
    const { server, dispose } = await serverOn(engine);
    try {
      const { tokens, hostToken } = await hosted(server, 'broken');
      assert.equal((await call(server, 'POST', '/api/games/broken/adjudicate', { token: hostToken, body: { step: 't1.orders' } })).status, 200);
      assert.equal((await call(server, 'POST', '/api/games/broken/adjudicate', { token: hostToken, body: { step: 't2.orders' } })).status, 200);
      const sql = server.host.sql;
      // A resolved step changed behind the server's back (a bad submission, say): its state hash no longer matches.
      await sql.query("UPDATE steps SET record = jsonb_set(record::jsonb, '{stateHash}', to_jsonb(repeat('0', 64)))::json WHERE game_id = 'broken' AND idx = 1");
      const ids = async () => (await sql.query<{ step_id: string }>("SELECT step_id FROM steps WHERE game_id = 'broken' ORDER BY idx")).map((r) => r.step_id);
      const before = await ids();
      assert.deepEqual(before, ['t1.orders', 't2.orders', 't3.orders']);
      const again = await call(server, 'POST', '/api/games/broken/adjudicate', { token: hostToken, body: { step: 't3.orders' } });
      assert.equal(again.status, 409, JSON.stringify(again.body));
      assert.equal(again.body.error, 'game-stopped');
      const orders = await call(server, 'PUT', '/api/games/broken/orders', { token: tokens['france'], body: { text: '', step: 't3.orders' } });
      assert.equal(orders.status, 409);
      await server.work();
      assert.deepEqual(await ids(), before, 'no step resolved or added after the record broke');
      const status = await call(server, 'GET', '/api/games/broken');
      assert.match(status.body.stopped.reason, /stateHash/);
      const mail = await sql.query<{ kind: string; to_email: string }>("SELECT kind, to_email FROM outbox WHERE game_id = 'broken' AND kind = 'game-stopped'");
      assert.deepEqual(mail.map((m) => [m.kind, m.to_email]), [['game-stopped', 'host@example.org']]);
      const kept = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM submissions WHERE game_id = 'broken'");
      assert.ok(kept[0]!.n >= 1, 'the refused orders are kept too');
    } finally {
      await dispose();
    }
  });

  test(`${engine.name}: a mail with a NUL in its body, and one with a NUL in its subject from anyone, are each handled once and kept`, async () => {
    const { server, dispose } = await serverOn(engine);
    try {
      await hosted(server, 'mails');
      const [seat] = await server.host.sql.query<{ mail_token: string }>("SELECT mail_token FROM seats WHERE game_id = 'mails' AND seat = 'france'");
      const mail = (over: Partial<InboundMail>): InboundMail => inboundMail({ subject: `Re: turn 1 [umpire mails france ${seat!.mail_token}]`, ...over });
      const body = await handleInboundMail(server.host, mail({ messageId: '<nul-body@example.org>', from: 'fay@example.org', text: 'research chem\n\u0000build 1 infantry in Paris\n' }));
      assert.equal(body, 'refused');
      const reply = await server.host.sql.query<{ params: { text: string } }>("SELECT params FROM outbox WHERE kind = 'orders-reply'");
      assert.match(reply[0]!.params.text, /2:1: a NUL character/);
      const stranger = await handleInboundMail(server.host, mail({ messageId: '<nul-subject@example.org>', from: 'eve@example.org', subject: 'hello\u0000there', text: 'hi' }));
      assert.equal(stranger, 'no-seat');
      // Handled once: read again (the mailbox flag lost), each is a duplicate.
      assert.equal(await handleInboundMail(server.host, mail({ messageId: '<nul-body@example.org>', from: 'fay@example.org', text: 'x\u0000' })), 'duplicate');
      assert.equal(await handleInboundMail(server.host, mail({ messageId: '<nul-subject@example.org>', from: 'eve@example.org', subject: '\u0000', text: 'hi' })), 'duplicate');
      const kept = await server.host.sql.query<{ outcome: string; body: string | null; body_encoding: string | null }>('SELECT outcome, body, body_encoding FROM mail_received ORDER BY id');
      assert.deepEqual(kept.map((k) => k.outcome), ['refused', 'no-seat']);
      assert.equal(JSON.parse(kept[0]!.body!), 'research chem\n\u0000build 1 infantry in Paris\n');
    } finally {
      await dispose();
    }
  });
}

test('pglite: a mail whose handling fails is set aside once, with why, and kept for the host; a 60 KB mail of bad orders gets a bounded reply', async () => {
  const { server, dispose } = await serverOn(engines[0]!);
  try {
    await hosted(server, 'aside');
    const [seat] = await server.host.sql.query<{ mail_token: string }>("SELECT mail_token FROM seats WHERE game_id = 'aside' AND seat = 'france'");
    const base = { uid: 2, to: ['umpire@umpire.test'], subject: `[umpire aside france ${seat!.mail_token}]`, from: 'fay@example.org', htmlOnly: false, size: 100, problems: [], references: [], attachments: [], oversized: false, automatic: false };
    let reads = 0;
    // A mail whose body cannot be read the first time (a fault of the handling, whatever it is).
    const failing = {
      ...base,
      messageId: '<fails@example.org>',
      get text(): string {
        if (reads++ === 0) throw new Error('the body cannot be decoded');
        return 'research chem';
      },
    } as InboundMail;
    assert.equal(await handleInboundMail(server.host, failing), 'set-aside');
    assert.equal(await handleInboundMail(server.host, failing), 'duplicate');
    const [aside] = await server.host.sql.query<{ outcome: string; note: string; body: string }>("SELECT outcome, note, body FROM mail_received WHERE message_id = '<fails@example.org>'");
    assert.deepEqual([aside?.outcome, aside?.note, aside?.body], ['set-aside', 'the body cannot be decoded', 'research chem']);
    const big = Array.from({ length: 2_000 }, (_, i) => `frobnicate ${i} divisions`).join('\n');
    assert.ok(big.length > 50_000);
    assert.equal(await handleInboundMail(server.host, { ...base, messageId: '<big@example.org>', size: big.length, text: big }, { maxBytes: 64 * 1024 }), 'refused');
    const [reply] = await server.host.sql.query<{ params: { text: string } }>("SELECT params FROM outbox WHERE kind = 'orders-reply' ORDER BY id DESC LIMIT 1");
    assert.ok(reply!.params.text.length < 10_000, `a reply of ${reply!.params.text.length} characters`);
    assert.match(reply!.params.text, /and 1970 more problems/);
  } finally {
    await dispose();
  }
});
