// The tests' mailboxes: the Dovecot started by scripts/services/dovecot.mjs (reached through UMPIRE_TEST_IMAP_*), one
// fresh folder a test, so that test files running side by side never read each other's mail.
import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import type { MailboxConfig } from '../src/index.js';

export function imapEnv(): Omit<MailboxConfig, 'mailbox'> {
  const { UMPIRE_TEST_IMAP_HOST: host, UMPIRE_TEST_IMAP_PORT: port, UMPIRE_TEST_IMAP_USER: user, UMPIRE_TEST_IMAP_PASS: pass } = process.env;
  if (!host || !port || !user || !pass) {
    throw new Error('UMPIRE_TEST_IMAP_HOST/PORT/USER/PASS are not set: run the tests with `node scripts/run-tests.mjs server`, which starts the test Dovecot (or run `node scripts/services/dovecot.mjs` and export what it prints)');
  }
  return { host, port: Number(port), secure: false, user, pass };
}

let folders = 0;
/** A fresh folder of the game's mailbox for one test; removed when the test ends. */
export async function freshMailbox(t: { after(fn: () => Promise<void>): void }, extra: Partial<MailboxConfig> = {}): Promise<MailboxConfig> {
  const config: MailboxConfig = { ...imapEnv(), mailbox: `test-${process.pid}-${++folders}-${randomBytes(3).toString('hex')}`, ...extra };
  const imap = new ImapFlow({ host: config.host, port: config.port, secure: false, auth: { user: config.user, pass: config.pass }, logger: false });
  await imap.connect();
  await imap.mailboxCreate(config.mailbox!);
  await imap.logout();
  t.after(async () => {
    const c = new ImapFlow({ host: config.host, port: config.port, secure: false, auth: { user: config.user, pass: config.pass }, logger: false });
    await c.connect();
    await c.mailboxDelete(config.mailbox!);
    await c.logout();
  });
  return config;
}

