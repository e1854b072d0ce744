import type { FastifyInstance, FastifyReply } from 'fastify';
import { askers, bearer, errorSchema, gameIdParams, listed, refuse } from './common.js';
import type { Host } from '../host.js';
import {
  markPressRead,
  pressOf,
  PRESS_MAX_CHARS,
  PRESS_MODES,
  sendPress,
  setPressMode,
  type PressInput,
  type PressMode,
} from '../press/press.js';

/**
 * Press over HTTP: a seat reads the messages it sent or received and the announcements (GET), sends a message to
 * seats or to every seat (POST), marks a thread read; the host turns press on, to announcements only, or off. A seat
 * reads nothing else: the host's token reads no press, and another seat's token reads that seat's own.
 */

/** Refusals that are a conflict with the game's settings rather than a bad request. */
const SETTINGS_CONFLICTS = new Set(['press-off', 'press-public-only']);

export async function registerPressRoutes(app: FastifyInstance, host: Host): Promise<void> {
  const { seatFor, hostOnly } = askers(host);
  // A game that exists, by one row: every seat's page polls its press, which never needs the game's record.
  const exists = async (reply: FastifyReply, id: string) => {
    if ((await host.sql.query('SELECT 1 FROM games WHERE id = $1', [id])).length) return true;
    return void refuse(reply, 404, 'unknown-game', `no game '${id}'`);
  };

  app.get<{ Params: { id: string }; Querystring: { after?: number } }>(
    '/api/games/:id/press',
    {
      schema: {
        summary:
          "Your seat's press: the messages you sent or received and the announcements, oldest first " +
          '(`after`: those after a message id), the seats by name, what is unread',
        tags: ['press'],
        security: bearer,
        params: gameIdParams,
        querystring: { type: 'object', additionalProperties: false, properties: { after: { type: 'integer', minimum: 0 } } },
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const seat = await seatFor(req, reply, req.params.id);
      if (!seat) return reply;
      return pressOf(host.sql, req.params.id, seat.seat, req.query.after ?? 0);
    },
  );

  app.post<{ Params: { id: string }; Body: PressInput }>(
    '/api/games/:id/press',
    {
      schema: {
        summary:
          `Send press: \`text\` (at most ${PRESS_MAX_CHARS} characters) to the seats in \`to\` (ids or names), ` +
          'or to every seat with `public: true`; never read as orders',
        tags: ['press'],
        security: bearer,
        params: gameIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['text'],
          properties: {
            to: { type: 'array', maxItems: 64, items: { type: 'string', minLength: 1, maxLength: 64 } },
            public: { type: 'boolean' },
            text: { type: 'string', maxLength: 4 * PRESS_MAX_CHARS },
          },
        },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const seat = await seatFor(req, reply, req.params.id);
      if (!seat) return reply;
      const sent = await sendPress(host, req.params.id, seat.seat, req.body, 'api');
      if (sent.ok) return reply.code(201).send(sent.value);
      const first = sent.error[0]!;
      if (first.code === 'press-rate-limited') return refuse(reply.header('retry-after', '60'), 429, first.code, first.message);
      if (SETTINGS_CONFLICTS.has(first.code)) return refuse(reply, 409, first.code, first.message, sent.error);
      return refuse(reply, 400, 'press-refused', `the message was not sent: ${listed(sent.error)}`, sent.error);
    },
  );

  app.post<{ Params: { id: string }; Body: { upTo: number } }>(
    '/api/games/:id/press/read',
    {
      schema: {
        summary: "Mark read your thread of a message, up to that message (`upTo`, a message's id)",
        tags: ['press'],
        security: bearer,
        params: gameIdParams,
        body: { type: 'object', additionalProperties: false, required: ['upTo'], properties: { upTo: { type: 'integer', minimum: 1 } } },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const seat = await seatFor(req, reply, req.params.id);
      if (!seat) return reply;
      const read = await markPressRead(host.sql, req.params.id, seat.seat, req.body.upTo);
      if (!read) return refuse(reply, 404, 'no-message', `your seat has no message ${req.body.upTo} in game ${req.params.id}`);
      return read;
    },
  );

  app.put<{ Params: { id: string }; Body: { mode: PressMode } }>(
    '/api/games/:id/press/mode',
    {
      schema: {
        summary:
          "Host: the game's press: 'on' (messages between seats and announcements), 'public' (announcements only) " +
          "or 'off'; what was sent stays readable",
        tags: ['host'],
        security: bearer,
        params: gameIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['mode'],
          properties: { mode: { type: 'string', enum: [...PRESS_MODES] } },
        },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      await setPressMode(host.sql, req.params.id, req.body.mode);
      return { mode: req.body.mode };
    },
  );
}
