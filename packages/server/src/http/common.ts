import type { FastifyReply, FastifyRequest } from 'fastify';
import { boundedProblems, type Problem } from '@umpire/engine';
import { gameStatus } from '../game-status.js';
import { acceptSeat, isHostToken, seatOfToken } from '../seat-acts.js';
import type { Host } from '../host.js';

/** What the routes of the HTTP API share: the schemas of refusals, refusing with located problems, and who asks. */

export const problemSchema = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    path: { type: 'string' },
    line: { type: 'integer' },
    column: { type: 'integer' },
    suggestion: { type: 'string' },
  },
  required: ['code', 'message'],
} as const;

export const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' }, problems: { type: 'array', items: problemSchema } },
  required: ['error', 'message'],
} as const;

export const gameIdParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' } },
  required: ['id'],
} as const;
export const bearer = [{ token: [] }];

/** The longest message of a refusal, in characters. */
const MAX_MESSAGE = 2_000;

/**
 * A refusal with located problems, as the CLI would print them; bounded whatever was sent: at most a few dozen
 * problems (the rest counted) and a message of at most MAX_MESSAGE characters.
 */
/** What every refusal of the HTTP API answers: a code, a message for people, the located problems. */
export interface Refusal {
  readonly error: string;
  readonly message: string;
  readonly problems?: readonly Problem[];
}

export function refuse(reply: FastifyReply, status: number, error: string, message: string, problems: readonly Problem[] = []) {
  const shown = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  const body: Refusal = { error, message: shown, problems: boundedProblems(problems) };
  return reply.code(status).send(body);
}

/** A refusal's message listing its problems: the first few, then how many more. */
export const listed = (problems: readonly Problem[], by: (p: Problem) => string = (p) => p.message): string => {
  const shown = boundedProblems(problems, 5);
  return shown.map((p) => (p.code === 'more-problems' ? p.message : by(p))).join('; ');
};

export const tokenOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m?.[1];
};

/**
 * Who asks: the checks of the routes that need a seat's token, the host's token (or the hosting key the game was hosted
 * with, among `hostingKeys`: the hashes of the keys the server's owner lists), or a game that exists.
 */
export function askers(host: Host, hostingKeys: ReadonlySet<string> = new Set()) {
  /** The seat a token opens in a game (its player has now taken it up), or a 401/403 sent. */
  const seatFor = async (req: FastifyRequest, reply: FastifyReply, gameId: string) => {
    const token = tokenOf(req);
    if (!token) {
      return void refuse(reply, 401, 'no-token', 'send your seat token as Authorization: Bearer <token> (it is in your invitation)');
    }
    const seat = await seatOfToken(host.sql, gameId, token);
    if (!seat) return void refuse(reply, 403, 'bad-token', `that token opens no seat of game ${gameId}`);
    if (!seat.accepted) await acceptSeat(host.sql, gameId, seat.seat);
    return seat;
  };
  /**
   * The reader of a game's record or views: the seat of the token when one is sent (a 401/403 sent for a bad one),
   * a visitor (`seat` undefined) without.
   */
  const readerOf = async (req: FastifyRequest, reply: FastifyReply, gameId: string): Promise<{ seat?: string } | undefined> => {
    if (!tokenOf(req)) return {};
    const s = await seatFor(req, reply, gameId);
    return s ? { seat: s.seat } : undefined;
  };
  const hostOnly = async (req: FastifyRequest, reply: FastifyReply, gameId: string) => {
    const token = tokenOf(req);
    if (!token) {
      const how = 'send the host token as Authorization: Bearer <token>';
      return void refuse(reply, 401, 'no-token', `only the host of game ${gameId} may do this: ${how}`);
    }
    if (!(await isHostToken(host.sql, gameId, token, hostingKeys))) {
      return void refuse(reply, 403, 'not-host', `that token is not the host token of game ${gameId}`);
    }
    return true;
  };
  const exists = async (reply: FastifyReply, id: string) => {
    const status = await gameStatus(host.sql, id);
    if (!status) return void refuse(reply, 404, 'unknown-game', `no game '${id}'`);
    return status;
  };
  return { seatFor, readerOf, hostOnly, exists };
}
