/**
 * Email on the wire: reading the game's mailbox over IMAP (imapflow, parsed by mailparser) and sending over SMTP
 * (nodemailer). What the mails say, and which game and seat they belong to, is the business of the callers.
 */
import { ImapFlow, type FetchMessageObject, type MessageStructureObject } from 'imapflow';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';

/** A mail as read from the mailbox. */
export interface InboundMail {
  /** The IMAP UID in the mailbox. */
  readonly uid: number;
  readonly messageId?: string;
  /** The sender's address, lower case, without the display name. */
  readonly from?: string;
  readonly to: readonly string[];
  readonly subject: string;
  /** The plain-text body; undefined for a mail with no text part (HTML only, say). */
  readonly text?: string;
  readonly htmlOnly: boolean;
  /** Size of the raw message in bytes. */
  readonly size: number;
  /** Problems found reading it (malformed headers...); the mail is still handed over. */
  readonly problems: readonly string[];
  /** The Message-ID this mail answers, when it says so. */
  readonly inReplyTo?: string;
  /** The Message-IDs of the thread, oldest first. */
  readonly references: readonly string[];
  /** Its attachments (not downloaded for a mail over the size limit). */
  readonly attachments: readonly InboundAttachment[];
  /** Over the size limit of the mailbox: only the envelope was read, there is no text nor attachment. */
  readonly oversized: boolean;
  /**
   * Sent by a program, not a person (RFC 3834 `Auto-Submitted`, `Precedence: bulk/junk/auto_reply`, a mailer
   * daemon): an out-of-office reply or a bounce, never answered, so that two robots do not write to each other forever.
   */
  readonly automatic: boolean;
  /**
   * The Authentication-Results headers the receiving server added (RFC 8601: its SPF, DKIM and DMARC verdicts), as
   * written, when there are any. Kept beside the mail; see docs/security.md for what it does and does not prove.
   */
  readonly authenticationResults?: string;
}

export interface InboundAttachment {
  readonly filename?: string;
  readonly contentType: string;
  readonly content: Buffer;
}

export interface MailboxConfig {
  readonly host: string;
  readonly port: number;
  readonly secure: boolean;
  readonly user: string;
  readonly pass: string;
  /** Default INBOX. */
  readonly mailbox?: string;
  /** Mails bigger than this are not downloaded, only reported with `size` and no text. Default 256 KiB. */
  readonly maxBytes?: number;
}

export interface OutboundMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly inReplyTo?: string;
  /** The thread's Message-IDs for the References header; defaults to `inReplyTo` alone. */
  readonly references?: readonly string[];
  readonly attachments?: readonly { readonly filename: string; readonly content: Buffer; readonly contentType: string }[];
  /** An answer made by the server, not a person: sent with `Auto-Submitted: auto-replied` (RFC 3834). */
  readonly autoReply?: boolean;
}

export interface SmtpConfig {
  readonly host: string;
  readonly port: number;
  readonly secure?: boolean;
  readonly user?: string;
  readonly pass?: string;
}

const DEFAULT_MAX_BYTES = 256 * 1024;

/** One or more mails whose handling threw: they stay unseen and are read again next round. */
export class MailHandlingFailed extends AggregateError {
  constructor(
    /** How many mails were handled and marked seen. */
    readonly handled: number,
    /** The UIDs of the mails whose handling threw, in the order of `errors`. */
    readonly failedUids: readonly number[],
    errors: readonly unknown[],
  ) {
    super(errors, `handling ${failedUids.length} mail(s) failed (UIDs ${failedUids.join(', ')}); they stay unseen and are read again next round: ${errors.map(messageOf).join('; ')}`);
    this.name = 'MailHandlingFailed';
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function client(config: MailboxConfig): ImapFlow {
  return new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: { user: config.user, pass: config.pass },
    logger: false,
  });
}

async function connected(config: MailboxConfig): Promise<ImapFlow> {
  const imap = client(config);
  // A dropped connection is reported through the pending command; without a listener it would crash the process.
  imap.on('error', () => undefined);
  try {
    await imap.connect();
  } catch (err) {
    imap.close();
    const detail = (err as { responseText?: string }).responseText ?? messageOf(err);
    throw new Error(`cannot log in to IMAP ${config.host}:${config.port} as ${config.user}: ${detail}; check the mailbox's host, port, user and password`, { cause: err });
  }
  return imap;
}

async function closing(imap: ImapFlow): Promise<void> {
  try {
    await imap.logout();
  } catch {
    imap.close();
  }
}

/** Lower-case addresses of an address header, display names dropped. */
function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const out: string[] = [];
  const walk = (list: AddressObject['value']): void => {
    for (const a of list) {
      if (a.address) out.push(a.address.toLowerCase());
      if (a.group) walk(a.group);
    }
  };
  for (const h of header === undefined ? [] : Array.isArray(header) ? header : [header]) walk(h.value);
  return out;
}

/** What a mail address looks like, as far as the server checks one. */
export const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** Whether headers say a program sent the mail (RFC 3834, Precedence, mailer daemons). */
function automaticMail(headers: ParsedMail['headers'], from: string | undefined): boolean {
  const auto = String(headers.get('auto-submitted') ?? '').trim().toLowerCase();
  const precedence = String(headers.get('precedence') ?? '').trim().toLowerCase();
  return (auto !== '' && auto !== 'no') || ['bulk', 'junk', 'auto_reply', 'list'].includes(precedence) || /^(mailer-daemon|postmaster)@/i.test(from ?? '');
}

/** Whether the mail has a text/plain part that is its body (not an attachment), and whether it has an HTML one. */
function bodyKinds(node: MessageStructureObject | undefined): { text: boolean; html: boolean } {
  const kinds = { text: false, html: false };
  const walk = (n: MessageStructureObject): void => {
    if (n.childNodes?.length) {
      for (const c of n.childNodes) walk(c);
      return;
    }
    if (n.disposition === 'attachment') return;
    if (n.type === 'text/plain') kinds.text = true;
    if (n.type === 'text/html') kinds.html = true;
  };
  if (node) walk(node);
  return kinds;
}

/** Control characters other than tab, line ends and form feed, and the replacement character of undecodable bytes. */
// eslint-disable-next-line no-control-regex
const UNREADABLE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F\uFFFD]/;

/** The parts whose declared charset is unknown: their text was read as best it could be. */
function unknownCharsets(node: MessageStructureObject | undefined): string[] {
  const out: string[] = [];
  const walk = (n: MessageStructureObject): void => {
    for (const c of n.childNodes ?? []) walk(c);
    const charset = n.parameters?.charset;
    if (charset === undefined) return;
    try {
      new TextDecoder(charset);
    } catch {
      out.push(`part ${n.part ?? '1'} (${n.type}) declares the unknown charset "${charset}"`);
    }
  };
  if (node) walk(node);
  return out;
}

function references(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : value.split(/\s+/)).filter((r) => r.length > 0);
}

/** An InboundMail from the envelope alone: for a mail over the size limit, or one that mailparser cannot read. */
function fromEnvelope(msg: FetchMessageObject, size: number, problems: string[], oversized: boolean): InboundMail {
  const env = msg.envelope;
  const from = env?.from?.[0]?.address?.toLowerCase();
  return {
    uid: msg.uid,
    ...(env?.messageId ? { messageId: env.messageId } : {}),
    ...(from && ADDRESS.test(from) ? { from } : {}),
    to: (env?.to ?? []).flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])),
    subject: env?.subject ?? '',
    htmlOnly: false,
    size,
    problems,
    ...(env?.inReplyTo ? { inReplyTo: env.inReplyTo } : {}),
    references: [],
    attachments: [],
    oversized,
    automatic: false,
  };
}

function fromParsed(msg: FetchMessageObject, size: number, parsed: ParsedMail): InboundMail {
  const problems: string[] = [];
  const fromList = addresses(parsed.from);
  const from = fromList[0];
  if (parsed.headers.get('from') === undefined) problems.push('the mail has no From header');
  else if (from === undefined || !ADDRESS.test(from)) problems.push(`the From header "${parsed.from?.text ?? ''}" holds no readable address`);
  if (parsed.headers.get('subject') === undefined) problems.push('the mail has no Subject header');
  const kinds = bodyKinds(msg.bodyStructure);
  const htmlOnly = !kinds.text && kinds.html;
  const text = kinds.text ? (parsed.text ?? '') : undefined;
  if (!kinds.text && !kinds.html) problems.push('the mail has no text part');
  problems.push(...unknownCharsets(msg.bodyStructure));
  if (text !== undefined && UNREADABLE.test(text)) {
    problems.push('the text holds bytes that are not characters (binary data, a broken transfer encoding or a wrong charset)');
  }
  const auth = parsed.headerLines.filter((h) => h.key === 'authentication-results').map((h) => h.line.replace(/^authentication-results:\s*/i, '').replace(/\s+/g, ' '));
  return {
    uid: msg.uid,
    ...(auth.length ? { authenticationResults: auth.join(' | ').slice(0, 2000) } : {}),
    ...(parsed.messageId ? { messageId: parsed.messageId } : {}),
    ...(from !== undefined && ADDRESS.test(from) ? { from } : {}),
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    ...(text !== undefined ? { text } : {}),
    htmlOnly,
    size,
    problems,
    ...(parsed.inReplyTo ? { inReplyTo: parsed.inReplyTo } : {}),
    references: references(parsed.references),
    attachments: parsed.attachments.map((a) => ({
      ...(a.filename ? { filename: a.filename } : {}),
      contentType: a.contentType,
      content: a.content,
    })),
    oversized: false,
    automatic: automaticMail(parsed.headers, from),
  };
}

async function readMail(msg: FetchMessageObject, source: Buffer | undefined, maxBytes: number): Promise<InboundMail> {
  const size = msg.size ?? source?.length ?? 0;
  if (source === undefined) {
    return fromEnvelope(msg, size, [`the mail is ${size} bytes, over the limit of ${maxBytes} bytes: it was not read`], size > maxBytes);
  }
  try {
    return fromParsed(msg, size, await simpleParser(source, { skipImageLinks: true }));
  } catch (err) {
    return fromEnvelope(msg, size, [`the mail could not be parsed: ${messageOf(err)}`], false);
  }
}

/**
 * Read the mails not yet seen in the mailbox, oldest first, hand each to `handle`, and mark it seen once `handle`
 * has returned; a mail whose handling throws stays unseen for the next round. Returns how many were handled; when
 * some handling threw, the other mails are still handled and a MailHandlingFailed is thrown at the end.
 */
export async function fetchNewMail(config: MailboxConfig, handle: (mail: InboundMail) => Promise<void>): Promise<number> {
  const mailbox = config.mailbox ?? 'INBOX';
  const maxBytes = config.maxBytes ?? DEFAULT_MAX_BYTES;
  const imap = await connected(config);
  let handled = 0;
  const failedUids: number[] = [];
  const errors: unknown[] = [];
  try {
    try {
      await imap.mailboxOpen(mailbox);
    } catch (err) {
      const detail = (err as { responseText?: string }).responseText ?? messageOf(err);
      throw new Error(`cannot open the mailbox "${mailbox}" of ${config.user} on ${config.host}:${config.port}: ${detail}`, { cause: err });
    }
    const uids = (await imap.search({ seen: false }, { uid: true })) || [];
    if (uids.length === 0) return 0;
    uids.sort((a, b) => a - b);
    // Envelopes first, in one command; the sources one by one, only of the mails within the size limit.
    const heads = await imap.fetchAll(uids.join(','), { uid: true, envelope: true, size: true, bodyStructure: true }, { uid: true });
    heads.sort((a, b) => a.uid - b.uid);
    for (const head of heads) {
      let source: Buffer | undefined;
      if ((head.size ?? 0) <= maxBytes) {
        const full = await imap.fetchOne(String(head.uid), { uid: true, source: true }, { uid: true });
        // Expunged since the search (another client deleted it): nothing to hand over.
        if (!full || full.source === undefined) continue;
        source = full.source;
      }
      const mail = await readMail(head, source, maxBytes);
      try {
        await handle(mail);
      } catch (err) {
        failedUids.push(head.uid);
        errors.push(err);
        continue;
      }
      await imap.messageFlagsAdd(String(head.uid), ['\\Seen'], { uid: true });
      handled++;
    }
  } finally {
    await closing(imap);
  }
  if (errors.length > 0) throw new MailHandlingFailed(handled, failedUids, errors);
  return handled;
}

/**
 * Place a raw RFC 822 message into a mailbox over IMAP APPEND, unseen; the mailbox is created when missing.
 * Returns the new mail's UID when the server tells it. Tests deliver the players' mails with it.
 */
export async function appendMail(config: MailboxConfig, raw: string | Buffer): Promise<number | undefined> {
  const mailbox = config.mailbox ?? 'INBOX';
  const imap = await connected(config);
  try {
    const list = await imap.list();
    if (!list.some((m) => m.path === mailbox)) await imap.mailboxCreate(mailbox);
    const done = await imap.append(mailbox, raw, []);
    if (done === false) throw new Error(`the IMAP server refused to append a mail to "${mailbox}"`);
    return done.uid;
  } finally {
    await closing(imap);
  }
}

/** A sender of mails over SMTP. */
export function smtpSender(config: SmtpConfig): { send(mail: OutboundMail): Promise<void>; close(): void } {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure ?? false,
    ...(config.user !== undefined ? { auth: { user: config.user, pass: config.pass ?? '' } } : {}),
  });
  return {
    async send(mail: OutboundMail): Promise<void> {
      const refs = mail.references ?? (mail.inReplyTo ? [mail.inReplyTo] : []);
      try {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
          ...(refs.length ? { references: [...refs] } : {}),
          attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
          ...(mail.autoReply ? { headers: { 'Auto-Submitted': 'auto-replied' } } : {}),
        });
      } catch (err) {
        throw new Error(`sending mail to ${mail.to} through SMTP ${config.host}:${config.port} failed: ${messageOf(err)}`, { cause: err });
      }
    },
    close(): void {
      transport.close();
    },
  };
}
