// Press by email: the players' mails go into the game's mailbox on the tests' Dovecot (IMAP APPEND), the server reads
// them over IMAP, and everything it sends goes over SMTP to a real listener. No protocol is mocked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameRecord } from '@umpire/engine';
import { appendMail, startServer, type RunningServer } from '../src/index.js';
import { call, seatTokens, TEST_HOSTING_KEY } from './hosting.js';
import { freshMailbox } from './mailboxes.js';
import { legalText } from './legal-orders.js';
import { startSmtpListener, type ReceivedMail, type SmtpListener } from './smtp-listener.js';

const GAME = 'press-mail';
const ADDRESS = 'umpire@umpire.test';
const players = { france: 'ann@example.org', russia: 'bob@example.org' } as const;

let sent = 0;
/** A player's mail, as a mail program writes it. */
function mail(opts: { from: string; subject: string; body: string; inReplyTo?: string }): Buffer {
  const head = [
    `From: Player <${opts.from}>`,
    `To: ${ADDRESS}`,
    `Subject: ${opts.subject}`,
    `Message-ID: <p${++sent}.${Date.now()}@example.org>`,
    'Date: Mon, 05 Jan 2026 12:00:00 +0000',
    'MIME-Version: 1.0',
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`] : []),
    'Content-Type: text/plain; charset=utf-8',
  ];
  return Buffer.from([...head, '', ...opts.body.split('\n')].join('\r\n') + '\r\n');
}

/** Run the server's clock work until the listener holds a new mail that matches. */
async function until(
  server: RunningServer,
  smtp: SmtpListener,
  what: string,
  match: (m: ReceivedMail) => boolean,
  from = 0,
): Promise<ReceivedMail> {
  for (let i = 0; i < 20; i++) {
    await server.work();
    const found = smtp.messages.slice(from).find(match);
    if (found) return found;
  }
  assert.fail(`no mail ${what}; the server sent:\n${smtp.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n')}`);
}

test('press by email (Dovecot, SMTP): "press to" seats and all, a reply to a press mail to its sender, never orders', async (t) => {
  const smtp = await startSmtpListener();
  const mailbox = await freshMailbox(t);
  const dir = mkdtempSync(join(tmpdir(), 'umpire-press-mail-'));
  const server = await startServer({
    port: 0,
    dataDir: join(dir, 'data'),
    demo: false,
    tickSeconds: 3600,
    address: ADDRESS,
    smtp: { host: smtp.host, port: smtp.port },
    imap: mailbox,
    log: () => undefined,
    http: { hostingKeys: [TEST_HOSTING_KEY] },
  });
  try {
    const seats = [...Object.entries(players).map(([seat, email]) => ({ seat, email })), { seat: 'britain' }];
    const created = await call(server, 'POST', '/api/games', {
      body: { id: GAME, title: 'Press by mail', ruleset: 'great-war', seats, deadlineHours: 72 },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const tokens = await seatTokens(server, created.body);
    const invitation = await until(
      server,
      smtp,
      'inviting Ann',
      (m) => m.to.includes(players.france) && /invited to play france/.test(m.subject),
    );
    // Bob takes his seat up in the browser; Ann's first mail takes hers up.
    assert.equal((await call(server, 'GET', `/api/games/${GAME}/press`, { token: tokens['russia'] })).status, 200);
    const record = (await call(server, 'GET', `/api/games/${GAME}/record`)).body as GameRecord;
    const orders = legalText(record, 'france');
    assert.ok(orders.trim() !== '');

    // Ann writes to Russia and Britain; her message holds order lines and markup, which are neither orders nor HTML.
    let mark = smtp.messages.length;
    const secret = `Shall we share Galicia? <img src=x onerror=alert(1)> & more\n${orders}`;
    await appendMail(
      mailbox,
      mail({
        from: players.france,
        subject: `Re: ${invitation.subject}`,
        body: `press to Russia and britain\n${secret}\n\n-- \nAnn\n`,
        inReplyTo: invitation.messageId!,
      }),
    );
    const confirmed = await until(
      server,
      smtp,
      "confirming Ann's press",
      (m) => m.to.includes(players.france) && /Your message to Russia and Britain was sent/.test(m.text ?? ''),
      mark,
    );
    assert.match(confirmed.text ?? '', /not as orders: your orders are as they were/);
    const toBob = await until(
      server,
      smtp,
      "bringing Ann's press to Bob",
      (m) => m.to.includes(players.russia) && /Press from France/.test(m.subject),
      mark,
    );
    assert.match(toBob.subject, /^\[umpire press-mail russia [0-9a-f]{32}\] Press from France$/);
    assert.ok(toBob.text?.includes(secret.trim()), toBob.text);
    assert.match(toBob.text ?? '', /France writes to you and Britain in Press by mail, turn 1:/);
    assert.equal(toBob.html, undefined, 'press mails are plain text: nothing in them is read as HTML');
    assert.ok(
      !smtp.messages.slice(mark).some((m) => m.to.includes(players.france) && /Press from/.test(m.subject)),
      'the sender gets no copy',
    );
    // Britain, in the browser, reads it too; France's orders are as they were (none).
    const britain = await call(server, 'GET', `/api/games/${GAME}/press`, { token: tokens['britain'] });
    assert.deepEqual(
      britain.body.messages.map((m: { from: string; via: string; text: string }) => [m.from, m.via, m.text]),
      [['france', 'email', secret.trim()]],
    );
    assert.equal((await call(server, 'GET', `/api/games/${GAME}/orders`, { token: tokens['france'] })).body.submitted, undefined);
    assert.deepEqual(await server.host.sql.query("SELECT id FROM submissions WHERE game_id = $1 AND seat = 'france'", [GAME]), []);

    // Bob replies to the press mail, quoting it: his reply goes to France alone, as press.
    mark = smtp.messages.length;
    const quoted = (toBob.text ?? '')
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    await appendMail(
      mailbox,
      mail({
        from: players.russia,
        subject: `Re: ${toBob.subject}`,
        body: `Agreed. Warsaw is mine.\nbuild 4 infantry in Moscow\n\nOn Monday Umpire wrote:\n${quoted}\n`,
        inReplyTo: toBob.messageId!,
      }),
    );
    const toAnn = await until(
      server,
      smtp,
      "bringing Bob's reply to Ann",
      (m) => m.to.includes(players.france) && /Press from Russia/.test(m.subject),
      mark,
    );
    assert.match(
      toAnn.text ?? '',
      /Russia writes to you in Press by mail, turn 1:\n\nAgreed\. Warsaw is mine\.\nbuild 4 infantry in Moscow\n\n-- /,
    );
    assert.ok(!(toAnn.text ?? '').includes('Galicia'), 'the quoted mail is left out');
    const britainNow = await call(server, 'GET', `/api/games/${GAME}/press`, { token: tokens['britain'] });
    assert.equal(britainNow.body.messages.length, 1, 'Britain reads nothing of a reply to France alone');
    assert.equal(
      (await call(server, 'GET', `/api/games/${GAME}/orders`, { token: tokens['russia'] })).body.submitted,
      undefined,
      'the reply is no orders',
    );

    // An announcement, and a message to a seat that is none: answered with the closest name, nothing sent.
    mark = smtp.messages.length;
    await appendMail(
      mailbox,
      mail({ from: players.france, subject: `Re: ${invitation.subject}`, body: 'press to all\nFrance stands by Belgium.\n' }),
    );
    const announced = await until(
      server,
      smtp,
      'announcing to Bob',
      (m) => m.to.includes(players.russia) && /Announcement from France/.test(m.subject),
      mark,
    );
    assert.match(announced.text ?? '', /France announces to every seat of Press by mail, turn 1:\n\nFrance stands by Belgium\./);
    mark = smtp.messages.length;
    await appendMail(mailbox, mail({ from: players.france, subject: `Re: ${invitation.subject}`, body: 'press to prussia\nHello?\n' }));
    const refused = await until(
      server,
      smtp,
      'refusing press to Prussia',
      (m) => m.to.includes(players.france) && /NOT sent/.test(m.text ?? ''),
      mark,
    );
    assert.match(refused.text ?? '', /there is no seat 'prussia'/);
    assert.match(refused.text ?? '', /Russia/);
    const kept = await server.host.sql.query<{ from_seat: string; public: boolean; via: string }>(
      'SELECT from_seat, public, via FROM press WHERE game_id = $1 ORDER BY id',
      [GAME],
    );
    assert.deepEqual(kept, [
      { from_seat: 'france', public: false, via: 'email' },
      { from_seat: 'russia', public: false, via: 'email' },
      { from_seat: 'france', public: true, via: 'email' },
    ]);
    const outcomes = await server.host.sql.query<{ outcome: string }>('SELECT outcome FROM mail_received WHERE game_id = $1 ORDER BY id', [
      GAME,
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['press', 'press', 'press', 'refused'],
    );
    // Still no orders from anyone who wrote press.
    assert.deepEqual(
      await server.host.sql.query("SELECT seat FROM submissions WHERE game_id = $1 AND seat IN ('france', 'russia')", [GAME]),
      [],
    );
  } finally {
    await server.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
