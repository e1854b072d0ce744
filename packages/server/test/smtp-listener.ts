/**
 * A real SMTP server for the tests (smtp-server on 127.0.0.1, a port of the system's choosing, no TLS, no login
 * needed): every mail it takes is parsed with mailparser and kept in `messages`.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedAttachment {
  readonly filename?: string;
  readonly contentType: string;
  readonly size: number;
  readonly content: Buffer;
}

export interface ReceivedMail {
  /** The envelope's sender (MAIL FROM) and recipients (RCPT TO). */
  readonly envelopeFrom?: string;
  readonly envelopeTo: readonly string[];
  /** The From header's address. */
  readonly from?: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text?: string;
  /** The HTML part, when the mail has one (the server's mails are plain text: none). */
  readonly html?: string;
  readonly messageId?: string;
  readonly inReplyTo?: string;
  readonly references: readonly string[];
  readonly attachments: readonly ReceivedAttachment[];
}

export interface SmtpListener {
  readonly host: string;
  readonly port: number;
  readonly messages: readonly ReceivedMail[];
  /** The first mail, already received or still to come, that `predicate` accepts; rejects after `timeoutMs`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  return (header === undefined ? [] : Array.isArray(header) ? header : [header]).flatMap((h) => h.value.flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])));
}

export async function startSmtpListener(): Promise<SmtpListener> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const refs = parsed.references;
          messages.push({
            ...(session.envelope.mailFrom ? { envelopeFrom: session.envelope.mailFrom.address } : {}),
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            ...(parsed.from?.value[0]?.address ? { from: parsed.from.value[0].address.toLowerCase() } : {}),
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            ...(parsed.text !== undefined ? { text: parsed.text } : {}),
            ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
            ...(parsed.messageId ? { messageId: parsed.messageId } : {}),
            ...(parsed.inReplyTo ? { inReplyTo: parsed.inReplyTo } : {}),
            references: refs === undefined ? [] : Array.isArray(refs) ? refs : refs.split(/\s+/).filter(Boolean),
            attachments: parsed.attachments.map((a) => ({
              ...(a.filename ? { filename: a.filename } : {}),
              contentType: a.contentType,
              size: a.content.length,
              content: a.content,
            })),
          });
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = (): boolean => {
          const found = messages.find(predicate);
          if (found === undefined) return false;
          clearTimeout(timer);
          waiters.delete(onMail);
          resolve(found);
          return true;
        };
        const onMail = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(onMail);
          reject(new Error(`no matching mail reached the SMTP listener within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(onMail);
      });
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
