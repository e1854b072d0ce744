import type { FastifyInstance } from 'fastify';
import { deleteGame, endGame, gamesHostedWith, hostableRulesets, hostView, joinFromLobby, lobbyGames, resendMail } from '../hosting.js';
import type { Host } from '../host.js';
import { tokenHash } from '../tokens.js';
import { askers, bearer, errorSchema, gameIdParams, refuse, tokenOf } from './common.js';

/**
 * The routes of the host page and the lobby: what a host may host (rulesets, scenarios, seats, bots), the games of a
 * hosting key, a game as its host sees it (who joined and sent orders, the resolutions, the mail sent and waiting),
 * a mail sent again, a game ended or deleted; the lobby's games and a seat taken from it. The host is the holder of
 * the game's host token or of the hosting key it was hosted with (`hostingKeys`: their hashes).
 */
export async function registerHostRoutes(
  app: FastifyInstance,
  host: Host,
  opts: { readonly hostingKeys: ReadonlySet<string>; readonly mailOut: boolean },
): Promise<void> {
  const { hostOnly, exists } = askers(host, opts.hostingKeys);
  const seatParams = {
    type: 'object',
    properties: { id: gameIdParams.properties.id, seat: { type: 'string', maxLength: 64 } },
    required: ['id', 'seat'],
  } as const;

  app.get(
    '/api/host/rulesets',
    { schema: { summary: "What may be hosted: each ruleset's scenarios with their seats, its options and its bots", tags: ['host'] } },
    async () => ({
      rulesets: hostableRulesets(),
    }),
  );

  app.get(
    '/api/host/games',
    {
      schema: {
        summary: 'Host: the games hosted with this hosting key, newest first',
        tags: ['host'],
        security: bearer,
        response: { 401: errorSchema, 403: errorSchema },
      },
    },
    async (req, reply) => {
      const key = tokenOf(req);
      if (opts.hostingKeys.size === 0)
        return refuse(
          reply,
          403,
          'hosting-closed',
          'this server hosts no games for others: its owner sets UMPIRE_HOSTING_KEYS to let people host',
        );
      if (!key)
        return refuse(reply, 401, 'no-hosting-key', "send your hosting key (from the server's owner) as Authorization: Bearer <key>");
      if (!opts.hostingKeys.has(tokenHash(key))) return refuse(reply, 403, 'bad-hosting-key', 'that is not a hosting key of this server');
      return { games: await gamesHostedWith(host.sql, tokenHash(key)), mailOut: opts.mailOut };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/host',
    {
      schema: {
        summary: 'Host: the game as its host sees it: seats and who joined, the resolutions, the mail sent and waiting, the acts',
        tags: ['host'],
        security: bearer,
        params: gameIdParams,
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      return hostView(host.sql, req.params.id, opts.mailOut);
    },
  );

  app.post<{ Params: { id: string; mail: number } }>(
    '/api/games/:id/mail/:mail/resend',
    {
      schema: {
        summary: 'Host: send a mail of the game again (a waiting one tried afresh; a sent invitation made anew with a new token)',
        tags: ['host'],
        security: bearer,
        params: {
          type: 'object',
          properties: { id: gameIdParams.properties.id, mail: { type: 'integer', minimum: 1 } },
          required: ['id', 'mail'],
        },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      const done = await resendMail(host, req.params.id, req.params.mail);
      if (!done.ok) return refuse(reply, done.status, done.code, done.message);
      return { resent: req.params.mail, what: done.what };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/games/:id/end',
    {
      schema: {
        summary: 'Host: end the game: nothing more is played, the players are told, everything is kept',
        tags: ['host'],
        security: bearer,
        params: gameIdParams,
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      await endGame(host, req.params.id);
      return exists(reply, req.params.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/games/:id',
    {
      schema: {
        summary: 'Host: delete the game and everything the server keeps of it',
        tags: ['host'],
        security: bearer,
        params: gameIdParams,
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      if (!(await deleteGame(host, req.params.id))) return refuse(reply, 404, 'unknown-game', `no game '${req.params.id}'`);
      return { deleted: req.params.id };
    },
  );

  app.get(
    '/api/lobby',
    { schema: { summary: 'The lobby: public games in play with seats anyone may take', tags: ['games'] } },
    async () => ({ games: await lobbyGames(host.sql) }),
  );

  app.post<{ Params: { id: string; seat: string } }>(
    '/api/games/:id/seats/:seat/join',
    {
      schema: {
        summary: "Take a seat the host offers in the lobby: the answer holds the seat's token, shown to you alone",
        tags: ['orders'],
        params: seatParams,
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const token = await joinFromLobby(host, req.params.id, req.params.seat);
      if (!token)
        return refuse(
          reply,
          409,
          'seat-taken',
          `seat ${req.params.seat} of game ${req.params.id} is not open in the lobby: someone took it, or the host gave it to someone else`,
        );
      return { seat: req.params.seat, token };
    },
  );
}
