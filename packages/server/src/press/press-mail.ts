import { boundedProblems, formatProblems } from '@umpire/engine';
import type { Host } from '../host.js';
import type { Queryable } from '../storage/sql.js';
import { pressMessage, pressSeats, sendPressIn } from './press.js';
import { listOfNames } from './seat-names.js';

/**
 * Press by email. A player who plays by email sends press with a mail to the game mailbox that names its seat as an
 * orders mail does (a reply keeping a seat tag in the subject) and whose body's first line is
 *
 *     press to france, russia        (one or more seats, by name or id, separated by commas or 'and')
 *     press to all                   (an announcement to every seat)
 *
 * the message following on the next lines; or with a reply to a press mail (its subject keeps "Press from France"),
 * which goes to that mail's sender alone. Either way the mail is press and never orders: the seat's orders stay as
 * they were. Each press mail a seat receives says how to answer.
 */

/** What a mail says of press: to whom, and the message. */
export interface MailPress {
  /** The seats named (words as written), or every seat. */
  readonly to: readonly string[] | 'all';
  readonly text: string;
}

const PRESS_LINE = /^\s*press\s+to\b\s*:?\s*(.*?)\s*$/i;
const EVERYONE = /^(all|everyone|everybody|every seat|all seats)$/i;
/** The subject of a press mail, its seat tag and any Re:/Fwd: taken off: "Press from France", "Announcement from the Allies". */
const PRESS_SUBJECT = /^(?:press|announcement)\s+from\s+(.+?)\s*$/i;

/** Whether a mail (its subject and its body, quoted lines and fields blanked) is press, and what it says; undefined: not press. */
export function pressOfMail(subject: string, body: string): MailPress | undefined {
  const lines = body.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const line = first < 0 ? undefined : PRESS_LINE.exec(lines[first]!);
  if (line) {
    const words = line[1]!;
    const to = EVERYONE.test(words) ? 'all' : words.split(/\s*(?:,|;|\s+and\s+|&)\s*/i).filter((w) => w.trim() !== '');
    return { to, text: lines.slice(first + 1).join('\n') };
  }
  // A reply to a press mail keeps its seat tag (a mail without one names its seat by lines: its subject is its own).
  if (!/\[umpire [^\]]*\]/i.test(subject)) return undefined;
  const topic = subject
    .replace(/\[umpire [^\]]*\]/gi, ' ')
    .trim()
    .replace(/^(?:(?:re|fwd?|aw|sv|antw)\s*:\s*)+/i, '')
    .trim();
  const reply = PRESS_SUBJECT.exec(topic);
  return reply ? { to: [reply[1]!], text: body } : undefined;
}

/** Send a mail's press from a seat, in the mail's transaction; the answer to the mail says what became of it. */
export async function pressByMailIn(
  tx: Queryable,
  host: Host,
  gameId: string,
  seat: string,
  press: MailPress,
): Promise<{ accepted: boolean; answer: string }> {
  const sent = await sendPressIn(
    tx,
    host,
    gameId,
    seat,
    press.to === 'all' ? { public: true, text: press.text } : { to: press.to, text: press.text },
    'email',
  );
  const notOrders = 'It was read as press, not as orders: your orders are as they were.';
  if (!sent.ok) {
    return {
      accepted: false,
      answer: [
        'Your message was NOT sent. The umpire found:',
        '',
        formatProblems(boundedProblems(sent.error)),
        '',
        'Press is written with a first line such as "press to france, russia" (or "press to all" for every seat),',
        'the message on the lines after it.',
        notOrders,
      ].join('\n'),
    };
  }
  const game = await pressSeats(tx, gameId);
  const names = (seats: readonly string[]) => listOfNames(seats.map((s) => game?.names.get(s) ?? s));
  const m = sent.value;
  return {
    accepted: true,
    answer: [
      m.public ? 'Your announcement to every seat was sent.' : `Your message to ${names(m.to)} was sent.`,
      "Players who play by email get it by mail; the others read it in the game's Press panel.",
      notOrders,
    ].join('\n'),
  };
}

/** The mail that brings a message to one seat (the outbox's 'press'): from whom, to whom, the message, how to answer. */
export async function composePressMail(
  q: Queryable,
  host: Host,
  gameId: string,
  seat: string,
  pressId: number,
): Promise<{ subject: string; text: string }> {
  const game = await pressSeats(q, gameId);
  const m = await pressMessage(q, gameId, seat, pressId);
  if (!game || !m) throw new Error(`no press ${pressId} of game ${gameId} for ${seat}`);
  const name = (s: string) => game.names.get(s) ?? s;
  const from = name(m.from);
  const others = m.to.filter((s) => s !== seat).map(name);
  const to = listOfNames(['you', ...others]);
  const when = m.turn === null ? '' : `, turn ${m.turn}`;
  return {
    subject: m.public ? `Announcement from ${from}` : `Press from ${from}`,
    text: [
      m.public ? `${from} announces to every seat of ${game.title}${when}:` : `${from} writes to ${to} in ${game.title}${when}:`,
      '',
      m.text,
      '',
      '-- ',
      `To answer ${from} alone, reply to this mail keeping its subject: your reply is press to ${from}, never orders.`,
      `To write to other seats, begin your reply with the line "press to ${others.length ? others.join(', ') : from}"`,
      '(or "press to all": every seat).',
      `The game's press in the browser: ${host.publicUrl}/games/${gameId}`,
    ].join('\n'),
  };
}
