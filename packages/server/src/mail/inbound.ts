import { boundedProblems, formatProblems } from '@umpire/engine';
import { acceptSeat } from '../seat-acts.js';
import type { Host } from '../host.js';
import { fetchNewMail, type InboundMail, type MailboxConfig } from './transport.js';
import { parseSeatTag } from './mails.js';
import { queueMail } from './outbox.js';
import { pressByMailIn, pressOfMail } from '../press/press-mail.js';
import { submitOrdersIn } from '../steps.js';
import { storableText, toStorable } from '../storage/store.js';
import { tokenHash } from '../tokens.js';

/**
 * Orders by email. A mail reaches a seat by the tag in its subject (`[umpire <game> <seat> <step> <mail token>]`,
 * kept by a reply to any of the seat's mails; the step is in the tags of a step's mails) or by `game:`, `seat:` and
 * `token:` lines in its body (the seat token of the invitation), and only when it comes from the seat's address. A
 * mail that names a step (its tag, or a `step:` line) is for that step only: one answering a step that has resolved
 * since is refused with a reply saying so, never taken for the next step. Its body is the orders, in the order language;
 * the umpire answers at once with the orders as it read them, or the errors and where they are. A second mail
 * replaces the first until the deadline. Duplicates, forgeries and mails with no seat are dropped with a log line;
 * every mail read is kept in `mail_received` with what became of it.
 */

export type InboundOutcome = 'accepted' | 'press' | 'refused' | 'duplicate' | 'no-seat' | 'forged' | 'too-big' | 'html-only' | 'empty' | 'automatic' | 'set-aside';

export interface InboundLimits {
  /** Bigger mails are answered with a refusal and not read (default 64 KiB). */
  readonly maxBytes?: number;
}

const HEADER_LINE = /^\s*(game|seat|token|ready|step)\s*:\s*(.*?)\s*$/i;

/**
 * The orders of a mail body: quoted lines, the signature and the reply header ("On ... wrote:") and the `game:`,
 * `seat:`, `token:`, `step:` and `ready:` lines are blanked, not removed, so that line numbers in errors are the body's own.
 */
export function ordersOfBody(body: string): { text: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  let signature = false;
  const lines = body.replace(/\r\n?/g, '\n').split('\n').map((line) => {
    if (signature) return '';
    if (line === '-- ' || line === '--') {
      signature = true;
      return '';
    }
    if (/^\s*>/.test(line) || /^On .+ wrote:\s*$/.test(line)) return '';
    const field = HEADER_LINE.exec(line);
    if (field) {
      fields[field[1]!.toLowerCase()] = field[2]!;
      return '';
    }
    return line;
  });
  return { text: lines.join('\n'), fields };
}

/**
 * A subject for the log and the database, its mail token hidden (with a forged sender, the token would be enough to
 * send orders) and NUL or broken characters shown as escapes.
 */
const redacted = (subject: string) => storableText(subject.slice(0, 120).replace(/(\[umpire (?:\S+ ){2,3})(?:[0-9a-f]{32}|[0-9a-f]{16})\]/, '$1…]'));

/** The longest answer to a mail, in characters: a reply never grows with the mail it answers. */
const MAX_REPLY = 8_000;

/**
 * Handle one mail, once: answered, or set aside with a log line and kept for the host. Its handling (read, checked,
 * its orders stored and its answer queued) is one transaction with the row that keeps the mail. Should that fail, the
 * mail is set aside in a transaction of its own, with why, so that it is never read again; only when even that fails
 * (the database is away) does the mail stay unseen in the mailbox for the next round (a duplicate is a Message-ID
 * whose handling or setting aside committed).
 */
export async function handleInboundMail(host: Host, mail: InboundMail, limits: InboundLimits = {}): Promise<InboundOutcome> {
  try {
    return await handleOnce(host, mail, limits);
  } catch (e) {
    const why = storableText((e as Error).message).slice(0, 2000);
    const what = storableText(`mail ${mail.messageId ?? `uid ${mail.uid}`} from ${mail.from ?? 'nobody'} ('${redacted(mail.subject)}')`);
    const body = mail.text === undefined ? null : toStorable(mail.text.slice(0, limits.maxBytes ?? 64 * 1024));
    const kept = await host.sql.query<{ id: string }>(
      "INSERT INTO mail_received (message_id, from_email, subject, outcome, body, body_encoding, note) VALUES ($1, $2, $3, 'set-aside', $4, $5, $6) ON CONFLICT (message_id) WHERE message_id IS NOT NULL DO NOTHING RETURNING id",
      [mail.messageId === undefined ? null : storableText(mail.messageId), mail.from === undefined ? null : storableText(mail.from), redacted(mail.subject), body?.text ?? null, body?.encoding ?? null, why],
    );
    host.log(`${what} set aside unhandled, kept for the host${kept.length ? '' : ' (kept before)'}: ${why}`);
    return 'set-aside';
  }
}

async function handleOnce(host: Host, mail: InboundMail, limits: InboundLimits): Promise<InboundOutcome> {
  const maxBytes = limits.maxBytes ?? 64 * 1024;
  const what = `mail ${mail.messageId ?? `uid ${mail.uid}`} from ${mail.from ?? 'nobody'} ('${redacted(mail.subject)}')`;
  const readable = mail.size <= maxBytes ? (mail.text ?? '') : '';
  const { text, fields } = ordersOfBody(readable);
  return host.sql.transaction(async (tx) => {
    // The body is kept without its token lines: the database never holds a usable token.
    const body = mail.size <= maxBytes && mail.text !== undefined ? toStorable(text) : undefined;
    const [kept] = await tx.query<{ id: string | number }>(
      'INSERT INTO mail_received (message_id, from_email, subject, outcome, body, body_encoding, authentication) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (message_id) WHERE message_id IS NOT NULL DO NOTHING RETURNING id',
      [
        mail.messageId === undefined ? null : storableText(mail.messageId),
        mail.from === undefined ? null : storableText(mail.from),
        redacted(mail.subject),
        'received',
        body?.text ?? null,
        body?.encoding ?? null,
        mail.authenticationResults === undefined ? null : storableText(mail.authenticationResults),
      ],
    );
    if (!kept) {
      host.log(`${what} dropped: a mail with this Message-ID was read before`);
      return 'duplicate';
    }
    const id = Number(kept.id);
    const settle = async (outcome: InboundOutcome, gameId?: string, seat?: string) => {
      await tx.query('UPDATE mail_received SET outcome = $2, game_id = $3, seat = $4 WHERE id = $1', [id, outcome, gameId ?? null, seat ?? null]);
      return outcome;
    };
    if (mail.automatic) {
      host.log(`${what} dropped: sent by a program (an automatic reply or a bounce), never answered`);
      return settle('automatic');
    }
    const tag = parseSeatTag(mail.subject);
    const named = (v: string | undefined) => (v === undefined ? undefined : storableText(v));
    const gameId = named(tag?.gameId ?? fields['game']?.toLowerCase());
    const seatName = named(tag?.seat ?? fields['seat']);
    if (!gameId || !seatName) {
      host.log(`${what} dropped: it names no game and seat (no [umpire ...] tag in the subject, no game: and seat: lines)`);
      return settle('no-seat');
    }
    const [seat] = await tx.query<{ seat: string; email: string | null; mail_token: string; token_hash: string }>(
      'SELECT seat, email, mail_token, token_hash FROM seats WHERE game_id = $1 AND lower(seat) = lower($2)',
      [gameId, seatName],
    );
    const tokenOk = seat && (tag ? tag.mailToken === seat.mail_token : fields['token'] !== undefined && tokenHash(fields['token']) === seat.token_hash);
    if (!seat || !seat.email || !tokenOk || mail.from !== seat.email) {
      host.log(`${what} dropped: it does not come from the player of ${gameId}/${seatName} with that seat's token`);
      return settle('forged', gameId, seatName);
    }
    // The seat's address with the seat's token: the invited player has taken the seat up.
    await acceptSeat(tx, gameId, seat.seat);
    const reply = async (outcome: InboundOutcome, body: string) => {
      const text = body.length > MAX_REPLY ? `${body.slice(0, MAX_REPLY)}\n[... the rest of this answer is left out]` : body;
      await queueMail(tx, { gameId, kind: 'orders-reply', to: seat.email!, seat: seat.seat, params: { subject: storableText(mail.subject), text: storableText(text), ...(mail.messageId ? { inReplyTo: storableText(mail.messageId) } : {}) } });
      return settle(outcome, gameId, seat.seat);
    };
    if (mail.size > maxBytes) return reply('too-big', `Your mail of ${mail.size} bytes is bigger than the ${maxBytes} bytes the umpire reads: nothing was changed. Send your orders as plain text, without attachments.`);
    if (mail.text === undefined || mail.htmlOnly) return reply('html-only', 'Your mail has no plain-text part, only HTML: nothing was changed. Send your orders as plain text (most mail programs call it "plain text" or "text only").');
    // Press (a first line "press to ...", or a reply to a press mail) is never read as orders.
    const press = pressOfMail(mail.subject, text);
    if (press) {
      const sent = await pressByMailIn(tx, host, gameId, seat.seat, press);
      return reply(sent.accepted ? 'press' : 'refused', sent.answer);
    }
    const none = 'to give none (a step with nothing for you to order), write the line: # no orders';
    if (text.trim() === '') return reply('empty', `Your mail holds no orders: nothing was changed. Write your orders in the body, one order a line; ${none}`);
    const ready = fields['ready'] !== undefined ? /^(yes|true|y|1)$/i.test(fields['ready']) : undefined;
    const step = tag?.step ?? fields['step'];
    const result = await submitOrdersIn(tx, host, gameId, seat.seat, { text, ...(step !== undefined ? { step } : {}), ...(ready !== undefined ? { ready } : {}) }, 'email');
    if (!result.ok && (result.error[0]?.code === 'wrong-step' || result.error[0]?.code === 'deadline-passed')) {
      return reply(
        'refused',
        [
          result.error[0].code === 'wrong-step'
            ? `Your orders for ${seat.seat} answer step ${step}, which is no longer open for orders: they were NOT accepted, and were not taken for the next step.`
            : `Your orders for ${seat.seat} came after the deadline: they were NOT accepted.`,
          result.error[0].message,
          '',
          'The umpire keeps your mail. To give orders for the open step, reply to its turn mail (its subject names the step).',
        ].join('\n'),
      );
    }
    if (!result.ok) {
      return reply(
        'refused',
        [`Your orders for ${seat.seat} were NOT accepted; your earlier orders, if any, still stand. The umpire found:`, '', formatProblems(boundedProblems(result.error)), '', "Line and column numbers count from the first line of your mail's body."].join('\n'),
      );
    }
    const a = result.value;
    return reply(
      'accepted',
      [
        `Your orders for ${seat.seat}, step ${a.step}, were accepted${a.ready ? ' and you are marked ready' : ''}.`,
        `Receipt: ${a.receipt} (keep it: \`umpire verify --receipt\` on the published record shows whether it holds these orders as you sent them)`,
        `Order hash (SHA-256 of the orders): ${a.orderHash}`,
        a.resolved.length ? `Every seat was ready: the umpire resolved ${a.resolved.join(', ')}; the report follows.` : 'A later mail replaces these orders until the deadline.',
        '',
        'The orders as the umpire read them:',
        '',
        a.text.trim() === '' ? '(no orders)' : a.text,
      ].join('\n'),
    );
  });
}

/** Read the game mailbox once: every new mail is handled (and answered) and marked seen. */
export async function pollMailbox(host: Host, config: MailboxConfig, limits: InboundLimits = {}): Promise<Record<InboundOutcome, number>> {
  const counts: Record<InboundOutcome, number> = { accepted: 0, press: 0, refused: 0, duplicate: 0, 'no-seat': 0, forged: 0, 'too-big': 0, 'html-only': 0, empty: 0, automatic: 0, 'set-aside': 0 };
  await fetchNewMail({ ...config, maxBytes: limits.maxBytes ?? 64 * 1024 }, async (mail) => {
    counts[await handleInboundMail(host, mail, limits)]++;
  });
  return counts;
}
