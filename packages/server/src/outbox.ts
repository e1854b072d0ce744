import type { Json } from '@umpire/engine';
import type { Host } from './host.js';
import type { OutboundMail } from './mail/transport.js';
import type { Queryable } from './sql.js';

/**
 * Mails to send. A mail is queued in the transaction of what it tells (a turn resolved, orders received), so that
 * a crash loses neither the change nor its mail; `deliverOutbox` sends them afterwards. A mail is sent at least
 * once: a process that dies between sending and marking it sent sends it again.
 */

export type MailKind = 'invitation' | 'hosted' | 'turn-opened' | 'reminder' | 'report' | 'game-over' | 'orders-reply';

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

/** Params that must not outlive the mail: tokens are in the database only until their mail has gone. */
const SECRET_PARAMS = ['token', 'hostToken'];

/**
 * Send the queued mails, oldest first: `compose` writes each (report texts, maps) and `send` delivers it. Rows are
 * claimed with SKIP LOCKED, so several processes deliver side by side without sending a mail twice. A mail that fails
 * stays queued with its error and is tried again next time (up to `maxAttempts`).
 */
export async function deliverOutbox(
  host: Host,
  compose: (row: OutboxRow, q: Queryable) => Promise<OutboundMail>,
  send: (mail: OutboundMail) => Promise<void>,
  opts: { readonly limit?: number; readonly maxAttempts?: number } = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  // Each mail is tried once a round: one that fails waits for the next round.
  let after = 0;
  for (;;) {
    const claimed = await host.sql.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string | number; game_id: string | null; kind: MailKind; to_email: string; seat: string | null; params: Record<string, Json> }>(
        'SELECT id, game_id, kind, to_email, seat, params FROM outbox WHERE sent_at IS NULL AND attempts < $1 AND id > $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED',
        [opts.maxAttempts ?? 5, after],
      );
      if (!row) return undefined;
      const mail: OutboxRow = { id: Number(row.id), gameId: row.game_id, kind: row.kind, to: row.to_email, seat: row.seat, params: row.params };
      after = mail.id;
      try {
        await send(await compose(mail, tx));
        const kept = Object.fromEntries(Object.entries(mail.params).filter(([k]) => !SECRET_PARAMS.includes(k)));
        await tx.query('UPDATE outbox SET sent_at = now(), attempts = attempts + 1, params = $2, last_error = NULL WHERE id = $1', [mail.id, JSON.stringify(kept)]);
        return 'sent';
      } catch (e) {
        host.log(`mail ${mail.id} (${mail.kind} to ${mail.to}) not sent: ${(e as Error).message}`);
        await tx.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [mail.id, (e as Error).message.slice(0, 1000)]);
        return 'failed';
      }
    });
    if (!claimed) break;
    if (claimed === 'sent') sent++;
    else failed++;
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
