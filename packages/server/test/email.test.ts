// Three turns of a Great War game played by email: players' mails go into the game's mailbox on the tests' Dovecot
// (IMAP APPEND, as a mail server's delivery would), the server reads them over IMAP, and everything it sends goes
// over SMTP to a real listener. No protocol is mocked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecord, replay, type GameRecord } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import { appendMail, startServer, type MailboxConfig, type RunningServer } from '../src/index.js';
import { TEST_HOSTING_KEY } from './hosting.js';
import { freshMailbox } from './mailboxes.js';
import { legalText } from './legal-orders.js';
import { startSmtpListener, type ReceivedMail, type SmtpListener } from './smtp-listener.js';

const GAME = 'by-mail';
const ADDRESS = 'umpire@umpire.test';
const players = { britain: 'ann@example.org', germany: 'bert@example.org' } as const;
type Seat = keyof typeof players;

let sent = 0;
/** A player's mail, as a mail program writes it. */
function mail(opts: { from: string; subject: string; body: string; inReplyTo?: string; messageId?: string; html?: boolean; headers?: string[] }): string {
  const id = opts.messageId ?? `<m${++sent}.${Date.now()}@example.org>`;
  const head = [`From: Player <${opts.from}>`, `To: ${ADDRESS}`, `Subject: ${opts.subject}`, `Message-ID: ${id}`, 'Date: Mon, 05 Jan 2026 12:00:00 +0000', 'MIME-Version: 1.0'];
  if (opts.inReplyTo) head.push(`In-Reply-To: ${opts.inReplyTo}`);
  head.push(...(opts.headers ?? []));
  head.push(opts.html ? 'Content-Type: text/html; charset=utf-8' : 'Content-Type: text/plain; charset=utf-8');
  return [...head, '', ...opts.body.split('\n')].join('\r\n') + '\r\n';
}


/** Run the server's clock work until the listener holds a mail that matches. */
async function until(server: RunningServer, smtp: SmtpListener, what: string, match: (m: ReceivedMail) => boolean): Promise<ReceivedMail> {
  for (let i = 0; i < 20; i++) {
    await server.work();
    const found = smtp.messages.find(match);
    if (found) return found;
  }
  assert.fail(`no mail ${what}; the server sent:\n${smtp.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n')}`);
}

const latest = (smtp: SmtpListener, to: string, subject: RegExp) => [...smtp.messages].reverse().find((m) => m.to.includes(to) && subject.test(m.subject));

test('three turns of a Great War game played by email through Dovecot and SMTP: invitations, turn mails with the dice commitment, orders answered at once, reports with the map, a record that verifies', async (t) => {
  const smtp = await startSmtpListener();
  const mailbox: MailboxConfig = await freshMailbox(t);
  const dir = mkdtempSync(join(tmpdir(), 'umpire-mail-'));
  const log: string[] = [];
  const server = await startServer({
    port: 0,
    dataDir: join(dir, 'data'),
    demo: false,
    tickSeconds: 3600,
    address: ADDRESS,
    smtp: { host: smtp.host, port: smtp.port },
    imap: mailbox,
    log: (line) => log.push(line),
    http: { hostingKeys: [TEST_HOSTING_KEY] },
  });
  try {
    const created = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_HOSTING_KEY}` },
      body: JSON.stringify({ id: GAME, title: 'By mail', ruleset: 'great-war', seats: Object.entries(players).map(([seat, email]) => ({ seat, email })), deadlineHours: 72 }),
    });
    assert.equal(created.status, 201);
    const invitation = await until(server, smtp, 'inviting Ann', (m) => m.to.includes(players.britain) && /invited to play britain/.test(m.subject));
    assert.match(invitation.text ?? '', /seat token, for the API: \S+/);

    for (let turn = 1; turn <= 3; turn++) {
      const status = (await (await fetch(`${server.url}/api/games/${GAME}`)).json()) as { open: { commitment: string } };
      const record = (await (await fetch(`${server.url}/api/games/${GAME}/record`)).json()) as GameRecord;
      for (const seat of Object.keys(players) as Seat[]) {
        // An invited address gets nothing but its invitation until its player takes the seat up: in turn 1 the players
        // answer the invitation (its subject carries the seat's tag), and then the turn's mail follows.
        const opened =
          turn === 1
            ? await until(server, smtp, `inviting ${seat}`, (m) => m.to.includes(players[seat]) && m.subject.includes(`invited to play ${seat}`))
            : await until(server, smtp, `opening turn ${turn} to ${seat}`, (m) => m.to.includes(players[seat]) && m.subject.includes(`Turn ${turn} is open`));
        if (turn > 1) assert.ok(opened.text?.includes(status.open.commitment), 'the turn mail carries the dice commitment');
        if (turn === 1 && seat === 'germany') {
          // A mistake first: the umpire answers with the line and changes nothing.
          await appendMail(mailbox, Buffer.from(mail({ from: players.germany, subject: `Re: ${opened.subject}`, body: 'Hello umpire,\n\nbuild 3 zeppelins in Atlantis\n', inReplyTo: opened.messageId! })));
          const refused = await until(server, smtp, 'refusing Bert\'s first orders', (m) => m.to.includes(players.germany) && /NOT accepted/.test(m.text ?? ''));
          assert.match(refused.text ?? '', /^3:9: there is no unit 'zeppelins'/m);
          assert.match(refused.inReplyTo ?? '', /@example\.org>$/, 'the answer is a reply to the player\'s mail');
        }
        const orders = legalText(record, seat);
        await appendMail(mailbox, Buffer.from(mail({ from: players[seat], subject: `Re: ${opened.subject}`, body: `${orders}\nready: yes\n\n-- \nsent from my telegraph\n`, inReplyTo: opened.messageId! })));
        const answer = await until(server, smtp, `accepting ${seat}'s orders for turn ${turn}`, (m) => m.to.includes(players[seat]) && /were accepted/.test(m.text ?? '') && (m.text ?? '').includes(`step t${turn}.orders`));
        if (orders.trim()) assert.ok(answer.text?.includes(orders.trim().split('\n')[0]!), 'the answer repeats the orders as read');
        if (turn === 1) {
          const first = await until(server, smtp, `opening turn 1 to ${seat} once the seat is taken up`, (m) => m.to.includes(players[seat]) && m.subject.includes('Turn 1 is open'));
          assert.ok(first.text?.includes(status.open.commitment), 'the turn mail carries the dice commitment');
        }
      }
      for (const seat of Object.keys(players) as Seat[]) {
        const report = await until(server, smtp, `the turn ${turn} report to ${seat}`, (m) => m.to.includes(players[seat]) && m.subject.includes(`Turn ${turn} report`));
        assert.equal(report.attachments[0]?.contentType, 'image/png');
        assert.ok(report.attachments[0]!.size > 50_000);
        assert.match(report.text ?? '', /umpire verify/);
      }
    }

    // Mails the umpire does not take: each is dropped with a log line or answered, and nothing changes.
    const opened = latest(smtp, players.britain, /Turn 4 is open/)!;
    const before = smtp.messages.length;
    await appendMail(mailbox, Buffer.from(mail({ from: 'mallory@example.org', subject: `Re: ${opened.subject}`, body: 'surrender\n' })));
    await appendMail(mailbox, Buffer.from(mail({ from: players.britain, subject: `Re: ${opened.subject}`, body: '<p>my orders</p>', html: true })));
    await appendMail(mailbox, Buffer.from(mail({ from: players.britain, subject: 'orders', body: 'no tag at all\n' })));
    const twice = mail({ from: players.britain, subject: `Re: ${opened.subject}`, body: '', messageId: '<same@example.org>' });
    await appendMail(mailbox, Buffer.from(twice));
    await appendMail(mailbox, Buffer.from(twice));
    await appendMail(mailbox, Buffer.from(mail({ from: players.britain, subject: `Re: ${opened.subject}`, body: `${'x'.repeat(80)}\n`.repeat(1200) })));
    await appendMail(mailbox, Buffer.from('\u0000\u0001 this is not a mail at all\r\n\r\n'));
    await appendMail(mailbox, Buffer.from(mail({ from: players.britain, subject: `Re: ${opened.subject}`, body: 'I am away until Monday.\n', headers: ['Auto-Submitted: auto-replied'] })));
    await until(server, smtp, 'answering the HTML-only mail', (m) => /only HTML/.test(m.text ?? ''));
    await until(server, smtp, 'answering the oversized mail', (m) => /bigger than the/.test(m.text ?? ''));
    await until(server, smtp, 'answering the empty mail', (m) => /holds no orders/.test(m.text ?? ''));
    const answers = smtp.messages.slice(before);
    assert.equal(answers.filter((m) => m.to.includes('mallory@example.org')).length, 0, 'a forger gets nothing');
    assert.equal(answers.length, 3, answers.map((m) => m.subject).join('\n'));
    assert.ok(log.some((l) => /does not come from the player of by-mail\/britain/.test(l)), log.join('\n'));
    assert.ok(log.some((l) => /names no game and seat/.test(l)));
    assert.ok(log.some((l) => /Message-ID was read before/.test(l)));
    assert.ok(log.some((l) => /sent by a program/.test(l)), 'an automatic reply is never answered');
    const mailToken = /\[umpire by-mail britain t4\.orders ([0-9a-f]{32})\]/.exec(opened.subject)![1]!;
    assert.ok(log.every((l) => !l.includes(mailToken)), 'the log never shows a mail token');
    const status = (await (await fetch(`${server.url}/api/games/${GAME}`)).json()) as { turnsResolved: number; seats: { seat: string; submitted: boolean }[] };
    assert.equal(status.turnsResolved, 3);
    assert.equal(status.seats.find((s) => s.seat === 'britain')?.submitted, false);

    const published = parseRecord(await (await fetch(`${server.url}/api/games/${GAME}/record`)).json());
    assert.ok(published.ok);
    assert.deepEqual(published.value.steps.map((s) => s.id), ['t1.orders', 't2.orders', 't3.orders']);
    for (const step of published.value.steps) for (const seat of Object.keys(players)) assert.equal(step.submissions.find((s) => s.seat === seat)?.source, 'player');
    const verified = replay(greatWar, published.value);
    assert.ok(verified.ok, verified.mismatch?.message);
  } finally {
    await server.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
