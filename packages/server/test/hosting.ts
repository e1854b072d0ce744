import assert from 'node:assert/strict';
import type { RunningServer, SeatGiven } from '../src/index.js';

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
