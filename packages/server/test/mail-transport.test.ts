// The mail transport against real servers: the tests' Dovecot (started by scripts/services/dovecot.mjs, reached
// through UMPIRE_TEST_IMAP_*) and an SMTP listener of the test's own. Each test works in an IMAP folder of its own,
// so test files running side by side never read each other's mail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { appendMail, fetchNewMail, MailHandlingFailed, smtpSender, type InboundMail, type MailboxConfig } from '../src/index.js';
import { startSmtpListener } from './smtp-listener.js';
import { freshMailbox } from './mailboxes.js';

/** The UIDs in the folder carrying the \Seen flag, and those without. */
async function seenState(config: MailboxConfig): Promise<{ seen: number[]; unseen: number[] }> {
  const imap = new ImapFlow({ host: config.host, port: config.port, secure: false, auth: { user: config.user, pass: config.pass }, logger: false });
  await imap.connect();
  try {
    await imap.mailboxOpen(config.mailbox!);
    const seen = ((await imap.search({ seen: true }, { uid: true })) || []).sort((a, b) => a - b);
    const unseen = ((await imap.search({ seen: false }, { uid: true })) || []).sort((a, b) => a - b);
    return { seen, unseen };
  } finally {
    await imap.logout();
  }
}

async function readAll(config: MailboxConfig): Promise<InboundMail[]> {
  const got: InboundMail[] = [];
  const n = await fetchNewMail(config, async (m) => {
    got.push(m);
  });
  assert.equal(n, got.length);
  return got;
}

const crlf = (lines: string[]): string => lines.join('\r\n') + '\r\n';

const plainMail = (id: string, body = 'ORDERS 1914 SPRING\r\nA PAR - BUR\r\n'): string =>
  crlf([
    'From: "Alice Player" <Alice.Player@Example.ORG>',
    'To: Game Master <umpire@example.net>, second@Example.net',
    'Subject: Orders for turn 3',
    `Message-ID: <${id}@example.org>`,
    'In-Reply-To: <turn-2@umpire.example.net>',
    'References: <turn-1@umpire.example.net> <turn-2@umpire.example.net>',
    'Date: Sun, 22 Nov 2026 04:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
  ]) + body;

test('a plain-text mail is read with its sender in lower case, recipients, subject, text and thread, then marked seen; a second round reads nothing', async (t) => {
  const config = await freshMailbox(t);
  const uid = await appendMail(config, plainMail('plain-1'));
  assert.ok(uid !== undefined && uid > 0, 'the server tells the UID of the appended mail');
  assert.deepEqual(await seenState(config), { seen: [], unseen: [uid] });

  const [mail, ...rest] = await readAll(config);
  assert.equal(rest.length, 0);
  assert.ok(mail);
  assert.equal(mail.uid, uid);
  assert.equal(mail.messageId, '<plain-1@example.org>');
  assert.equal(mail.from, 'alice.player@example.org');
  assert.deepEqual(mail.to, ['umpire@example.net', 'second@example.net']);
  assert.equal(mail.subject, 'Orders for turn 3');
  assert.equal(mail.text, 'ORDERS 1914 SPRING\nA PAR - BUR\n');
  assert.equal(mail.htmlOnly, false);
  assert.equal(mail.oversized, false);
  assert.equal(mail.inReplyTo, '<turn-2@umpire.example.net>');
  assert.deepEqual(mail.references, ['<turn-1@umpire.example.net>', '<turn-2@umpire.example.net>']);
  assert.deepEqual(mail.problems, []);
  assert.deepEqual(mail.attachments, []);
  assert.ok(mail.size > 300 && mail.size < 1000, `size ${mail.size}`);

  assert.deepEqual(await seenState(config), { seen: [uid], unseen: [] });
  let called = 0;
  assert.equal(await fetchNewMail(config, async () => void called++), 0);
  assert.equal(called, 0);
});

test('several mails come oldest first, each once', async (t) => {
  const config = await freshMailbox(t);
  const uids = [];
  for (const id of ['a', 'b', 'c']) uids.push(await appendMail(config, plainMail(`order-${id}`)));
  const mails = await readAll(config);
  assert.deepEqual(mails.map((m) => m.uid), uids);
  assert.deepEqual(mails.map((m) => m.messageId), ['<order-a@example.org>', '<order-b@example.org>', '<order-c@example.org>']);
  assert.deepEqual(await readAll(config), []);
});

test('an HTML-only mail is marked htmlOnly and has no text', async (t) => {
  const config = await freshMailbox(t);
  await appendMail(
    config,
    crlf(['From: bob@example.org', 'To: umpire@example.net', 'Subject: html', 'Message-ID: <html-1@example.org>', 'MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8', '', '<html><body><p>A PAR - BUR</p></body></html>']),
  );
  const [mail] = await readAll(config);
  assert.ok(mail);
  assert.equal(mail.htmlOnly, true);
  assert.equal(mail.text, undefined);
  assert.equal(mail.from, 'bob@example.org');
  assert.deepEqual(mail.problems, []);
});

test('a multipart mail with text, HTML and an attachment gives the text part and the attachment', async (t) => {
  const config = await freshMailbox(t);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  await appendMail(
    config,
    crlf([
      'From: Carol <carol@example.org>',
      'To: umpire@example.net',
      'Subject: with map',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'F LON - NTH',
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>F LON - NTH</p>',
      '--inner--',
      '--outer',
      'Content-Type: image/png; name="map.png"',
      'Content-Disposition: attachment; filename="map.png"',
      'Content-Transfer-Encoding: base64',
      '',
      png.toString('base64'),
      '--outer--',
    ]),
  );
  const [mail] = await readAll(config);
  assert.ok(mail);
  assert.equal(mail.text?.trim(), 'F LON - NTH');
  assert.equal(mail.htmlOnly, false);
  assert.equal(mail.messageId, undefined);
  assert.equal(mail.attachments.length, 1);
  assert.equal(mail.attachments[0]?.filename, 'map.png');
  assert.equal(mail.attachments[0]?.contentType, 'image/png');
  assert.deepEqual(mail.attachments[0]?.content, png);
});

test('a mail over the size limit is not downloaded: it comes with its envelope, size and a problem, and is marked seen', async (t) => {
  const config = await freshMailbox(t, { maxBytes: 2000 });
  const uid = await appendMail(config, plainMail('big-1', 'X'.repeat(70) + '\r\n'.repeat(1) + ('Y'.repeat(76) + '\r\n').repeat(100)));
  const [mail] = await readAll(config);
  assert.ok(mail);
  assert.equal(mail.uid, uid);
  assert.equal(mail.oversized, true);
  assert.ok(mail.size > 2000, `size ${mail.size}`);
  assert.equal(mail.text, undefined);
  assert.equal(mail.from, 'alice.player@example.org');
  assert.equal(mail.subject, 'Orders for turn 3');
  assert.equal(mail.messageId, '<big-1@example.org>');
  assert.equal(mail.problems.length, 1);
  assert.match(mail.problems[0] ?? '', /over the limit of 2000 bytes/);
  assert.deepEqual(await seenState(config), { seen: [uid!], unseen: [] });
});

test('malformed mails (broken headers, no sender, garbage bytes) are handed over with problems, never crash the reading', async (t) => {
  const config = await freshMailbox(t);
  const broken = await appendMail(config, crlf(['From: <<<not an address', 'this line is no header', 'Subject: broken', '', 'A PAR - BUR']));
  const noSender = await appendMail(config, crlf(['To: umpire@example.net', '', 'who am I?']));
  const garbage = await appendMail(config, Buffer.concat([randomBytes(3000), Buffer.from('\r\n\r\n\u0000\u00ff', 'latin1'), randomBytes(500)]));
  const badMime = await appendMail(
    config,
    crlf(['From: dave@example.org', 'Subject: bad mime', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="never-closed"', '', '--never-closed', 'Content-Type: text/plain; charset=no-such-charset', 'Content-Transfer-Encoding: base64', '', '!!!not base64!!!']),
  );
  const mails = await readAll(config);
  assert.deepEqual(mails.map((m) => m.uid), [broken, noSender, garbage, badMime]);
  const [m1, m2, m3, m4] = mails;
  assert.ok(m1 && m2 && m3 && m4);
  assert.equal(m1.from, undefined);
  assert.ok(m1.problems.some((p) => /From header .* no readable address/.test(p)), m1.problems.join('; '));
  assert.equal(m2.from, undefined);
  assert.ok(m2.problems.includes('the mail has no From header'), m2.problems.join('; '));
  assert.equal(m3.from, undefined);
  assert.ok(m3.problems.includes('the mail has no From header'), m3.problems.join('; '));
  assert.ok(m3.problems.some((p) => /bytes that are not characters/.test(p)), m3.problems.join('; '));
  assert.equal(m4.from, 'dave@example.org');
  assert.equal(m4.subject, 'bad mime');
  assert.ok(m4.problems.some((p) => /unknown charset "no-such-charset"/.test(p)), m4.problems.join('; '));
  assert.ok(m4.problems.some((p) => /bytes that are not characters/.test(p)), m4.problems.join('; '));
  assert.deepEqual(await seenState(config), { seen: [broken!, noSender!, garbage!, badMime!], unseen: [] });
});

test('two mails with the same Message-ID are both handed over: telling duplicates apart is the caller’s business', async (t) => {
  const config = await freshMailbox(t);
  const first = await appendMail(config, plainMail('same-id', 'first\r\n'));
  const second = await appendMail(config, plainMail('same-id', 'second\r\n'));
  const mails = await readAll(config);
  assert.deepEqual(mails.map((m) => [m.uid, m.messageId, m.text]), [
    [first, '<same-id@example.org>', 'first\n'],
    [second, '<same-id@example.org>', 'second\n'],
  ]);
});

test('a mail whose handling throws stays unseen and is read again next round; the others are handled and marked seen', async (t) => {
  const config = await freshMailbox(t);
  const good = await appendMail(config, plainMail('good'));
  const bad = await appendMail(config, plainMail('bad'));
  const seenByHandler: number[] = [];
  await assert.rejects(
    fetchNewMail(config, async (m) => {
      seenByHandler.push(m.uid);
      if (m.messageId === '<bad@example.org>') throw new Error('the database is down');
    }),
    (err: unknown) => {
      assert.ok(err instanceof MailHandlingFailed);
      assert.equal(err.handled, 1);
      assert.deepEqual(err.failedUids, [bad]);
      assert.match(err.message, /the database is down/);
      return true;
    },
  );
  assert.deepEqual(seenByHandler, [good, bad]);
  assert.deepEqual(await seenState(config), { seen: [good!], unseen: [bad!] });
  const again = await readAll(config);
  assert.deepEqual(again.map((m) => m.uid), [bad]);
  assert.deepEqual(await seenState(config), { seen: [good!, bad!], unseen: [] });
});

test('a wrong password and a missing mailbox are told plainly', async (t) => {
  const config = await freshMailbox(t);
  await assert.rejects(fetchNewMail({ ...config, pass: 'wrong' }, async () => undefined), /cannot log in to IMAP .* as umpire/);
  await assert.rejects(fetchNewMail({ ...config, mailbox: `${config.mailbox}-missing` }, async () => undefined), /cannot open the mailbox/);
});

test('a mail sent through smtpSender reaches an SMTP server with its PNG attachment and thread headers', async (t) => {
  const listener = await startSmtpListener();
  t.after(() => listener.close());
  const sender = smtpSender({ host: listener.host, port: listener.port });
  t.after(() => sender.close());
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(4000)]);
  await sender.send({
    from: 'Umpire <umpire@example.net>',
    to: 'alice@example.org',
    subject: 'Turn 3 resolved',
    text: 'The map is attached.\n',
    inReplyTo: '<plain-1@example.org>',
    attachments: [{ filename: 'turn-3.png', content: png, contentType: 'image/png' }],
  });
  const got = await listener.waitFor((m) => m.subject === 'Turn 3 resolved');
  assert.equal(got.envelopeFrom, 'umpire@example.net');
  assert.deepEqual(got.envelopeTo, ['alice@example.org']);
  assert.equal(got.from, 'umpire@example.net');
  assert.deepEqual(got.to, ['alice@example.org']);
  assert.equal(got.text, 'The map is attached.\n');
  assert.equal(got.inReplyTo, '<plain-1@example.org>');
  assert.deepEqual(got.references, ['<plain-1@example.org>']);
  assert.equal(got.attachments.length, 1);
  assert.equal(got.attachments[0]?.filename, 'turn-3.png');
  assert.equal(got.attachments[0]?.contentType, 'image/png');
  assert.equal(got.attachments[0]?.size, png.length);
  assert.deepEqual(got.attachments[0]?.content, png);
  assert.equal(listener.messages.length, 1);
});

test('sending to an SMTP server that is not there fails with a plain error', async () => {
  const listener = await startSmtpListener();
  const port = listener.port;
  await listener.close();
  const sender = smtpSender({ host: '127.0.0.1', port });
  try {
    await assert.rejects(sender.send({ from: 'umpire@example.net', to: 'a@example.org', subject: 's', text: 't' }), /sending mail to a@example.org through SMTP 127.0.0.1:\d+ failed/);
  } finally {
    sender.close();
  }
});

test("the receiving server's Authentication-Results verdicts come with the mail; a mail without them has none", async (t) => {
  const config = await freshMailbox(t);
  await appendMail(
    config,
    crlf(['Authentication-Results: mx.example.net;', '\tspf=pass smtp.mailfrom=example.org;', '\tdkim=pass header.d=example.org', 'Authentication-Results: mx2.example.net; dmarc=fail header.from=example.org']) + plainMail('auth-1'),
  );
  await appendMail(config, plainMail('auth-2'));
  const [signed, plain] = await readAll(config);
  assert.equal(signed?.authenticationResults, 'mx.example.net; spf=pass smtp.mailfrom=example.org; dkim=pass header.d=example.org | mx2.example.net; dmarc=fail header.from=example.org');
  assert.equal(plain?.authenticationResults, undefined);
});
