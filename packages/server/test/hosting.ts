import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type InboundMail, type RunningServer, type SeatGiven, type ServerConfig } from '../src/index.js';
import type { TestDatabase, TestEngine } from './databases.js';

/** The hosting key the tests' servers are started with (`http.hostingKeys`): POST /api/games needs it. */
export const TEST_HOSTING_KEY = 'test-hosting-key-4f1d9c2a7b';

/**
 * Each player seat's token as its player gets it: an invited seat's from its invitation mail (read from the outbox, as
 * the player's mail program would get it), an open seat's by opening its one-time claim link.
 */
export async function seatTokens(server: RunningServer, answer: { gameId: string; seats: readonly SeatGiven[] }): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const s of answer.seats) {
    if (s.claimUrl) {
      const code = new URL(s.claimUrl).searchParams.get('claim');
      const res = await fetch(`${server.url}/api/games/${answer.gameId}/seats/${s.seat}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
      assert.equal(res.status, 200, await res.clone().text());
      tokens[s.seat] = ((await res.json()) as { token: string }).token;
    } else if (s.email) {
      const [row] = await server.host.sql.query<{ params: { token: string } }>("SELECT params FROM outbox WHERE game_id = $1 AND seat = $2 AND kind = 'invitation' ORDER BY id DESC LIMIT 1", [answer.gameId, s.seat]);
      assert.ok(row, `no invitation to ${s.seat}`);
      tokens[s.seat] = row.params.token;
    }
  }
  return tokens;
}

/** A server on a fresh database of the engine (clock work run by the test), started with TEST_HOSTING_KEY. */
export async function serverOn(engine: TestEngine, extra: Partial<ServerConfig> = {}): Promise<{ server: RunningServer; dispose(): Promise<void> }> {
  let db: TestDatabase | undefined;
  let dir: string | undefined;
  let database: Partial<ServerConfig>;
  if (engine.name === 'postgres') {
    db = await engine.open();
    database = { databaseUrl: db.url! };
  } else {
    dir = mkdtempSync(join(tmpdir(), 'umpire-api-'));
    database = { dataDir: join(dir, 'data') };
  }
  const server = await startServer({ port: 0, demo: false, tickSeconds: 3600, log: () => undefined, ...database, ...extra, http: { hostingKeys: [TEST_HOSTING_KEY], ...extra.http } });
  return {
    server,
    async dispose() {
      await server.close();
      await db?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  type: string;
  /** The answer's length in characters. */
  size: number;
}

/** An HTTP call to the server; POST /api/games without a token carries TEST_HOSTING_KEY (hosting needs the owner's key). */
export async function call(server: RunningServer, method: string, path: string, opts: { token?: string; body?: unknown; raw?: string } = {}): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : method === 'POST' && path === '/api/games' ? { authorization: `Bearer ${TEST_HOSTING_KEY}` } : {}),
      ...(opts.body !== undefined || opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.raw !== undefined ? { body: opts.raw } : opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return { status: res.status, body: type.includes('json') ? JSON.parse(text) : text, type, size: text.length };
}

/** A mail as the mailbox hands it over: plain text, from a person, within the size limit; `over` says the rest. */
export const inboundMail = (over: Partial<InboundMail> & { subject: string }): InboundMail => ({
  uid: 1,
  to: ['umpire@umpire.test'],
  htmlOnly: false,
  size: 200,
  problems: [],
  references: [],
  attachments: [],
  oversized: false,
  automatic: false,
  ...over,
});
