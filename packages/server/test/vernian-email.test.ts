// Two Operational Turns of a vernian game played by email through the tests' Dovecot and a real SMTP listener: the
// Allied player answers mails, the German seat nobody took is played by the ruleset's default bot, the reports carry
// a PNG of each board (the West Front and southern England), and the published record verifies.
// UMPIRE_TEST_KEEP_MAPS=<dir> keeps the report maps there, to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecord, replay, type GameRecord } from '@umpire/engine';
import { rulesets } from '@umpire/rulesets';
import { appendMail, startServer, type RunningServer } from '../src/index.js';
import { TEST_HOSTING_KEY } from './hosting.js';
import { freshMailbox } from './mailboxes.js';
import { botText, legalText } from './legal-orders.js';
import { startSmtpListener, type ReceivedMail, type SmtpListener } from './smtp-listener.js';

const GAME = 'leagues-by-mail';
const ADDRESS = 'umpire@umpire.test';
const PLAYER = 'joffre@example.org';

let sent = 0;
/** The Allied player's mail, as a mail program writes it. */
function mail(subject: string, body: string, inReplyTo: string): Buffer {
  const head = [
    `From: Player <${PLAYER}>`,
    `To: ${ADDRESS}`,
    `Subject: ${subject}`,
    `Message-ID: <v${++sent}.${Date.now()}@example.org>`,
    'Date: Mon, 04 May 2026 12:00:00 +0000',
  ];
  return Buffer.from(
    [...head, `In-Reply-To: ${inReplyTo}`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', ...body.split('\n')].join(
      '\r\n',
    ) + '\r\n',
  );
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

/** A PNG's width and height, from its header. */
const pngSize = (png: Buffer) => {
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};

test('two turns of a vernian game by email: the Allied player by mail, the Germans by the bot, reports with a map of each board, a record that verifies', async (t) => {
  const smtp = await startSmtpListener();
  const mailbox = await freshMailbox(t);
  const dir = mkdtempSync(join(tmpdir(), 'umpire-vernian-mail-'));
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
  const record = async () => (await (await fetch(`${server.url}/api/games/${GAME}/record`)).json()) as GameRecord;
  try {
    const created = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_HOSTING_KEY}` },
      body: JSON.stringify({
        id: GAME,
        title: 'Leagues by mail',
        ruleset: 'vernian',
        seats: [{ seat: 'allies', email: PLAYER }],
        deadlineHours: 72,
      }),
    });
    assert.equal(created.status, 201, await created.text());
    const invitation = await until(
      server,
      smtp,
      'inviting the Allied player',
      (m) => m.to.includes(PLAYER) && /invited to play allies/.test(m.subject),
    );
    assert.match(invitation.text ?? '', /\/api\/rulesets\/vernian\/orders/, 'the invitation points to the order language of vernian');
    // The set-up orders answer the invitation: the Allies have none to give (their one legal order, the standing order of
    // their fighters' interceptions, may wait), and say so.
    assert.deepEqual(
      legalText(await record(), 'allies')
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('intercept ')),
      [],
    );
    await appendMail(mailbox, mail(`Re: ${invitation.subject}`, '# no orders\nready: yes\n', invitation.messageId!));
    await until(
      server,
      smtp,
      'accepting the set-up',
      (m) => m.to.includes(PLAYER) && /were accepted/.test(m.text ?? '') && (m.text ?? '').includes('step t1.setup'),
    );

    for (let turn = 1; turn <= 2; turn++) {
      // The Germans (the bot) moved and fought; the player gets the report, then the Allied player-turn's mail.
      const opened = await until(
        server,
        smtp,
        `opening the Allied player-turn ${turn}`,
        (m) => m.to.includes(PLAYER) && (m.text ?? '').includes(`step t${turn}.allied`) && /is open/.test(m.subject),
      );
      const report = await until(
        server,
        smtp,
        `the turn ${turn} report`,
        (m) =>
          m.to.includes(PLAYER) && m.subject.includes(`Turn ${turn} report`) && smtp.messages.indexOf(m) < smtp.messages.indexOf(opened),
      );
      assert.match(report.text ?? '', /german-combat|attacks|combat/i, 'the report tells of the German player-turn');
      assert.deepEqual(
        report.attachments.map((a) => a.filename),
        [`${GAME}-turn-${turn}-west.png`, `${GAME}-turn-${turn}-england.png`],
      );
      for (const a of report.attachments) {
        assert.equal(a.contentType, 'image/png');
        assert.ok(a.size > 50_000, `${a.filename}: ${a.size} bytes`);
        assert.equal(pngSize(a.content).width, 1600);
        if (process.env['UMPIRE_TEST_KEEP_MAPS']) writeFileSync(join(process.env['UMPIRE_TEST_KEEP_MAPS'], a.filename!), a.content);
      }
      // A mistake first: answered at once with the line and column, and nothing changes.
      await appendMail(mailbox, mail(`Re: ${opened.subject}`, 'move fr-999 to W7413\n', opened.messageId!));
      const refused = await until(
        server,
        smtp,
        'refusing the mistake',
        (m) =>
          m.to.includes(PLAYER) &&
          /NOT accepted/.test(m.text ?? '') &&
          m.inReplyTo !== undefined &&
          smtp.messages.indexOf(m) > smtp.messages.indexOf(opened),
      );
      assert.match(refused.text ?? '', /^1:6: no unit or piece 'fr-999'/m);
      const orders = botText(await record(), 'allies', 'general', `turn ${turn}`);
      await appendMail(mailbox, mail(`Re: ${opened.subject}`, `${orders}\nready: yes\n`, opened.messageId!));
      const answer = await until(
        server,
        smtp,
        `accepting the orders of turn ${turn}`,
        (m) => m.to.includes(PLAYER) && /were accepted/.test(m.text ?? '') && (m.text ?? '').includes(`step t${turn}.allied`),
      );
      assert.ok(answer.text?.includes(orders.trim().split('\n')[0]!), 'the answer repeats the orders as read');
    }

    const published = parseRecord(await record());
    assert.ok(published.ok);
    const steps = published.value.steps.filter((s) => s.status === 'resolved');
    assert.deepEqual(
      steps.map((s) => s.id),
      ['t1.setup', 't1.strategic', 't1.german', 't1.allied', 't2.german', 't2.allied', 't3.german'],
    );
    for (const step of steps.filter((s) => s.id.endsWith('.allied')))
      assert.equal(step.submissions.find((s) => s.seat === 'allies')?.source, 'player');
    for (const step of steps.filter((s) => s.id.endsWith('.german')))
      assert.equal(step.submissions.find((s) => s.seat === 'germany')?.source, 'bot');
    const verified = replay(rulesets['vernian']!, published.value);
    assert.ok(verified.ok, verified.mismatch?.message);
  } finally {
    await server.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
