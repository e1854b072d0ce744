import type { Json } from '@umpire/engine';
import type { Host } from '../host.js';
import type { OutboundMail } from './transport.js';
import type { Queryable } from '../storage/sql.js';

/**
 * Mails to send. A mail is queued in the transaction of what it tells (a turn resolved, orders received), so that
 * a crash loses neither the change nor its mail; `deliverOutbox` sends them afterwards. A mail is sent at least
 * once: a process that dies between sending and marking it sent sends it again when its claim runs out.
 */

export type MailKind =
  | 'invitation'
  | 'hosted'
  | 'turn-opened'
  | 'reminder'
  | 'report'
  | 'game-over'
  | 'orders-reply'
  | 'game-stopped'
  | 'press';

export interface QueuedMail {
  readonly gameId?: string;
  readonly kind: MailKind;
  readonly to: string;
  readonly seat?: string;
  readonly params: Readonly<Record<string, Json>>;
}

export interface OutboxRow {
  readonly id: number;
  readonly gameId: string | null;
  readonly kind: MailKind;
  readonly to: string;
  readonly seat: string | null;
  readonly params: Record<string, Json>;
}

export async function queueMail(q: Queryable, mail: QueuedMail): Promise<void> {
  await q.query('INSERT INTO outbox (game_id, kind, to_email, seat, params) VALUES ($1, $2, $3, $4, $5)', [mail.gameId ?? null, mail.kind, mail.to, mail.seat ?? null, JSON.stringify(mail.params)]);
}

/** The most mails one address gets in an hour (the rest wait, queued). */
export const MAILS_PER_ADDRESS_PER_HOUR = 30;

/** Params that must not outlive the mail: tokens are in the database only until their mail has gone. */
const SECRET_PARAMS = ['token', 'hostToken'];

/**
 * Send the queued mails, oldest first: `compose` writes each (report texts, maps) and `send` delivers it. A mail is
 * claimed for a while (`claimed_until`) in a short transaction of its own, then composed and sent outside any
 * transaction, so that a slow mail server holds no lock; several processes deliver side by side without sending one
 * mail twice. A mail that fails stays queued with its error and is tried again next round (up to `maxAttempts`); a
 * process that dies while sending leaves the claim to run out, and the mail is sent again.
 */
export async function deliverOutbox(
  host: Host,
  compose: (row: OutboxRow, q: Queryable) => Promise<OutboundMail>,
  send: (mail: OutboundMail) => Promise<void>,
  opts: { readonly limit?: number; readonly maxAttempts?: number; readonly claimMinutes?: number; readonly perAddressPerHour?: number } = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  // Each mail is tried once a round: one that fails waits for the next round.
  let after = 0;
  for (;;) {
    const [row] = await host.sql.query<{ id: string | number; game_id: string | null; kind: MailKind; to_email: string; seat: string | null; params: Record<string, Json> }>(
      `UPDATE outbox SET claimed_until = now() + ($3::double precision * interval '1 minute'), attempts = attempts + 1
        WHERE id = (SELECT id FROM outbox q WHERE sent_at IS NULL AND attempts < $1 AND id > $2 AND (claimed_until IS NULL OR claimed_until < now())
                      -- No address gets more than so many mails an hour: the rest wait their turn, nothing is dropped.
                      AND (SELECT count(*) FROM outbox o WHERE o.to_email = q.to_email AND o.sent_at > now() - interval '1 hour') < $4
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, game_id, kind, to_email, seat, params`,
      [opts.maxAttempts ?? 5, after, opts.claimMinutes ?? 15, opts.perAddressPerHour ?? MAILS_PER_ADDRESS_PER_HOUR],
    );
    if (!row) break;
    const mail: OutboxRow = { id: Number(row.id), gameId: row.game_id, kind: row.kind, to: row.to_email, seat: row.seat, params: row.params };
    after = mail.id;
    try {
      await send(await compose(mail, host.sql));
      const kept = Object.fromEntries(Object.entries(mail.params).filter(([k]) => !SECRET_PARAMS.includes(k)));
      await host.sql.query('UPDATE outbox SET sent_at = now(), claimed_until = NULL, params = $2, last_error = NULL WHERE id = $1', [mail.id, JSON.stringify(kept)]);
      host.log(`mail ${mail.id} (${mail.kind}${mail.gameId ? ` of game ${mail.gameId}` : ''} to ${mail.to}) sent`);
      sent++;
    } catch (e) {
      host.log(`mail ${mail.id} (${mail.kind} to ${mail.to}) not sent: ${(e as Error).message}`);
      await host.sql.query('UPDATE outbox SET claimed_until = NULL, last_error = $2 WHERE id = $1', [mail.id, (e as Error).message.slice(0, 1000)]);
      failed++;
    }
    if (opts.limit !== undefined && sent + failed >= opts.limit) break;
  }
  return { sent, failed };
}

/** The mails queued and not yet sent (for the host's view and the tests). */
export async function pendingMail(q: Queryable, gameId?: string): Promise<OutboxRow[]> {
  const rows = await q.query<{ id: string | number; game_id: string | null; kind: MailKind; to_email: string; seat: string | null; params: Record<string, Json> }>(
    'SELECT id, game_id, kind, to_email, seat, params FROM outbox WHERE sent_at IS NULL AND ($1::text IS NULL OR game_id = $1) ORDER BY id',
    [gameId ?? null],
  );
  return rows.map((row) => ({ id: Number(row.id), gameId: row.game_id, kind: row.kind, to: row.to_email, seat: row.seat, params: row.params }));
}
