/**
 * Email on the wire: reading the game's mailbox over IMAP (imapflow, parsed by mailparser) and sending over SMTP
 * (nodemailer). What the mails say, and which game and seat they belong to, is the business of the callers.
 */

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
  readonly attachments?: readonly { readonly filename: string; readonly content: Buffer; readonly contentType: string }[];
}

export interface SmtpConfig {
  readonly host: string;
  readonly port: number;
  readonly secure?: boolean;
  readonly user?: string;
  readonly pass?: string;
}

/**
 * Read the mails not yet seen in the mailbox, oldest first, hand each to `handle`, and mark it seen once `handle`
 * has returned; a mail whose handling throws stays unseen for the next round. Returns how many were handled.
 */
export async function fetchNewMail(config: MailboxConfig, handle: (mail: InboundMail) => Promise<void>): Promise<number> {
  void config;
  void handle;
  throw new Error('reading mail is not written yet');
}

/** A sender of mails over SMTP. */
export function smtpSender(config: SmtpConfig): { send(mail: OutboundMail): Promise<void>; close(): void } {
  void config;
  throw new Error('sending mail is not written yet');
}
