import { buildTurnReport, renderTurnReport, resolvedRecord } from '@umpire/engine';
import { positionsReady } from '../positions.js';
import type { Host } from '../host.js';
import type { OutboundMail } from './transport.js';
import { reportSheets } from '../maps.js';
import type { OutboxRow } from './outbox.js';
import { sharedMapPictures, type MapPictures } from '../pictures/pictures.js';
import { rulesetById } from '../rulesets.js';
import type { Queryable } from '../storage/sql.js';
import { loadRecord } from '../storage/store.js';
import { composePressMail } from '../press/press-mail.js';

/**
 * What the server's mails say. Every mail about a seat carries the seat's tag in its subject,
 * `[umpire <game> <seat> <mail token>]`, and a mail about a step the step too, `[umpire <game> <seat> <step> <mail
 * token>]`: a reply that keeps the subject reaches the right game, seat and step, and the server takes its orders
 * when it also comes from the seat's address and the step is still open.
 */

export const seatTag = (gameId: string, seat: string, mailToken: string, step?: string): string => `[umpire ${gameId} ${seat} ${step ? `${step} ` : ''}${mailToken}]`;

/** The tag of a subject line: game, seat, the step when it names one, and mail token; undefined when the subject has none. */
export function parseSeatTag(subject: string): { gameId: string; seat: string; step?: string; mailToken: string } | undefined {
  const m = /\[umpire\s+([a-z0-9][a-z0-9-]*)\s+([A-Za-z0-9_-]+)(?:\s+([A-Za-z0-9][A-Za-z0-9._:-]{0,63}))?\s+([0-9a-f]{32}|[0-9a-f]{16})\]/.exec(subject);
  return m ? { gameId: m[1]!, seat: m[2]!, ...(m[3] !== undefined ? { step: m[3] } : {}), mailToken: m[4]! } : undefined;
}

const when = (iso: unknown) => (typeof iso === 'string' ? `${iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}` : 'no deadline');

/**
 * Composes the server's mails; a game's replay is shared between its mails (`positionsReady`). A report's map is drawn
 * by `pictures` (default: the process's own) on a thread of its own, once for all the seats' reports of the turn.
 */
/** A ruleset's rule book page on this server, for the rule links of reports. */
const ruleBookAt = (host: Host) => (ruleset: string) => `${host.publicUrl}/rules/${ruleset}`;

export function mailComposer(host: Host, pictures: MapPictures = sharedMapPictures()): (row: OutboxRow, q: Queryable) => Promise<OutboundMail> {
  const gameOf = async (q: Queryable, gameId: string) => {
    const record = await loadRecord(q, gameId);
    if (!record) throw new Error(`no game '${gameId}'`);
    const found = rulesetById(record.header.ruleset.id);
    if (!found.ok) throw new Error(found.message);
    return { record, ruleset: found.ruleset, positions: await positionsReady(found.ruleset, record) };
  };
  return async (row, q) => {
    const p = row.params;
    const title = typeof p['title'] === 'string' ? p['title'] : 'Umpire';
    const [seatRow] = row.gameId && row.seat ? await q.query<{ mail_token: string }>('SELECT mail_token FROM seats WHERE game_id = $1 AND seat = $2', [row.gameId, row.seat]) : [];
    // The mails of an open step name it: a reply that comes after the step resolved is refused, not taken for the next.
    const step = (row.kind === 'turn-opened' || row.kind === 'reminder') && typeof p['step'] === 'string' ? p['step'] : undefined;
    const tag = row.gameId && row.seat && seatRow ? `${seatTag(row.gameId, row.seat, seatRow.mail_token, step)} ` : row.gameId ? `[umpire ${row.gameId}] ` : '';
    const [gameRow] = row.gameId ? await q.query<{ ruleset: string }>('SELECT ruleset FROM games WHERE id = $1', [row.gameId]) : [];
    // The order language of the game's ruleset; a mail of no game points to the list of rulesets.
    const language = gameRow ? `${host.publicUrl}/api/rulesets/${gameRow.ruleset}/orders` : `${host.publicUrl}/api/rulesets`;
    const gameUrl = row.gameId ? `${host.publicUrl}/games/${row.gameId}` : host.publicUrl;
    const base = { from: host.address, to: row.to };
    const howToSend = [
      `To send orders, reply to this mail keeping its subject, with your orders in the body as plain text, one order a line`,
      `(the order language: ${language}). A later mail replaces an earlier one until the deadline; the umpire`,
      `answers each mail with the orders as it read them, or with the errors it found and where.`,
    ];
    switch (row.kind) {
      case 'invitation':
        return {
          ...base,
          subject: `${tag}You are invited to play ${row.seat} in ${title}`,
          text: [
            `You have been given the seat ${row.seat} in ${title}.`,
            '',
            `Your seat link (keep it private, it is your key to the seat): ${gameUrl}?seat=${row.seat}&token=${String(p['token'])}`,
            `Your seat token, for the API: ${String(p['token'])}`,
            '',
            ...howToSend,
          ].join('\n'),
        };
      case 'hosted':
        return { ...base, subject: `${tag}Your game ${title} is set up`, text: [`You host ${title}: ${gameUrl}`, '', `Your host token (keep it private): ${String(p['hostToken'])}`].join('\n') };
      case 'turn-opened':
        return {
          ...base,
          subject: `${tag}Turn ${String(p['turn'])} is open: orders by ${when(p['deadline'])}`,
          text: [
            `${title}: step ${String(p['step'])} of turn ${String(p['turn'])} is open for orders until ${when(p['deadline'])}.`,
            '',
            `Dice commitment: ${String(p['commitment'])}`,
            `This is the SHA-256 of the secret behind this step's dice. The secret is revealed with the results, and`,
            `\`umpire verify\` on the record (${host.publicUrl}/api/games/${row.gameId}/record) checks every roll against it. Keep it:`,
            `\`umpire verify --commitment\` with it shows whether a record published later is the game you were shown.`,
            '',
            ...howToSend,
            '',
            `The game: ${gameUrl}`,
          ].join('\n'),
        };
      case 'reminder':
        return {
          ...base,
          subject: `${tag}Reminder: no orders from ${row.seat} yet, deadline ${when(p['deadline'])}`,
          text: [`${title}: the umpire has no orders from ${row.seat} for step ${String(p['step'])}, due ${when(p['deadline'])}.`, '', ...howToSend].join('\n'),
        };
      case 'report': {
        const { record, ruleset, positions } = await gameOf(q, row.gameId!);
        const turn = Number(p['turn']);
        const report = buildTurnReport(ruleset, record, { turn, ...(row.seat ? { seat: row.seat } : { public: true }), positions });
        const after = positions.afterTurn.get(turn);
        // One PNG for each sheet the ruleset's reports show (a board of maps apart needs each of them).
        const sheets = after ? reportSheets(record.header.ruleset.id) : [];
        const attachments = [];
        for (const sheet of sheets) {
          const map = await pictures.draw({ record: resolvedRecord(record), position: after!, turn, sheet, width: 1600, format: 'png' });
          const name = sheets.length > 1 ? `${row.gameId}-turn-${turn}-${sheet}.png` : `${row.gameId}-turn-${turn}.png`;
          attachments.push({ filename: name, content: Buffer.isBuffer(map) ? map : Buffer.from(map), contentType: 'image/png' });
        }
        return {
          ...base,
          subject: `${tag}Turn ${turn} report: ${report.title}`,
          text: [renderTurnReport(report, 'text', { ruleBookUrl: ruleBookAt(host) }), '', `The full record, to check with \`umpire verify\`: ${host.publicUrl}/api/games/${row.gameId}/record`].join('\n'),
          attachments,
        };
      }
      case 'game-stopped':
        return {
          ...base,
          subject: `${tag}${title} is stopped: its record no longer replays`,
          text: [
            `The umpire stopped ${title}: its record no longer replays, so no turn can be resolved from it.`,
            '',
            `Why: ${String(p['reason'])}`,
            '',
            'Nothing has been deleted: the record, every submission and every mail are kept. The record as published:',
            `${host.publicUrl}/api/games/${row.gameId}/record (check it with umpire verify).`,
          ].join('\n'),
        };
      case 'game-over':
        return { ...base, subject: `${tag}Game over: ${title}`, text: [`${title} is over.`, '', String(p['summary']), '', `The record: ${host.publicUrl}/api/games/${row.gameId}/record`].join('\n') };
      case 'press': {
        const m = await composePressMail(q, host, row.gameId!, row.seat!, Number(p['pressId']));
        return { ...base, subject: `${tag}${m.subject}`, text: m.text };
      }
      case 'orders-reply':
        return {
          ...base,
          subject: `Re: ${String(p['subject'] ?? '')}`.slice(0, 300),
          text: String(p['text']),
          autoReply: true,
          ...(typeof p['inReplyTo'] === 'string' ? { inReplyTo: p['inReplyTo'] } : {}),
        };
    }
  };
}
