import { hostname } from 'node:os';
import type { Sql } from './storage/sql.js';

/**
 * What every server function needs: the database, the clock, this process's name (written beside each step it
 * resolves), the address players reach the server at, and the game mailbox's address.
 */
export interface Host {
  readonly sql: Sql;
  readonly now: () => Date;
  readonly process: string;
  /** Where players open the server in a browser: seat links in mails point here. */
  readonly publicUrl: string;
  /** The game mailbox: mails come from it and orders are sent to it. */
  readonly address: string;
  /** Where the server writes what it did and what it dropped (a mail it could not use, say). */
  readonly log: (line: string) => void;
  /** The shortest deadline a hosted game may have, in hours (default 1). */
  readonly minDeadlineHours?: number;
}

export interface HostOptions {
  readonly now?: () => Date;
  readonly process?: string;
  readonly publicUrl?: string;
  readonly address?: string;
  readonly log?: (line: string) => void;
  readonly minDeadlineHours?: number;
}

export function makeHost(sql: Sql, opts: HostOptions = {}): Host {
  return {
    sql,
    now: opts.now ?? (() => new Date()),
    process: opts.process ?? `${hostname()}:${process.pid}`,
    publicUrl: (opts.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, ''),
    address: opts.address ?? 'umpire@localhost',
    log: opts.log ?? ((line) => console.log(line)),
    ...(opts.minDeadlineHours !== undefined ? { minDeadlineHours: opts.minDeadlineHours } : {}),
  };
}
