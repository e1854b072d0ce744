import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { askers, bearer, errorSchema, gameIdParams, refuse } from './common.js';
import type { Host } from '../host.js';
import { readerRecordText, readerView, readerViewsText } from '../readers.js';

/**
 * What each reader is sent of a game: its record and its views of the states. With a seat's token, that seat's (its
 * own secrets whole, the other seats' withheld); without one, a visitor's (every seat's secrets withheld). Either
 * record verifies with `umpire verify`: a secret event is replaced by the hash of the event, which replay checks.
 */

const zip = promisify(gzip);

/** JSON text, gzipped (on the thread pool, not the event loop) when it is long and the client takes gzip. */
async function sendJson(req: FastifyRequest, reply: FastifyReply, text: string): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (text.length < 16 * 1024 || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(text);
  return reply.header('content-encoding', 'gzip').send(await zip(text));
}

const stepInfoSchema = {
  type: 'object',
  description: 'a step: its id, turn, segment, the seats that give orders and the phases it runs',
  properties: {
    id: { type: 'string' },
    turn: { type: 'integer' },
    segment: { type: 'string' },
    seats: { type: 'array', items: { type: 'string' } },
    phases: { type: 'array', items: { type: 'string' } },
  },
} as const;

const viewSchema = {
  type: 'object',
  properties: {
    game: { type: 'string' },
    seat: { type: 'string', nullable: true, description: "the seat whose view this is; null: a visitor's" },
    turn: { type: 'integer' },
    lastTurn: { type: 'integer', description: 'the last resolved turn (0: none yet)' },
    label: { type: 'string' },
    phases: { type: 'array', items: { type: 'string' }, description: "the phases of every step of the turn, in order" },
    phaseSteps: { type: 'array', items: { type: 'string' }, description: 'the step each phase belongs to, index for index' },
    phase: { type: 'object', properties: { index: { type: 'integer' }, name: { type: 'string' }, step: { type: 'string' } } },
    clock: { type: 'object', additionalProperties: true },
    state: {
      type: 'object',
      additionalProperties: true,
      description: "the ruleset's view of the state for the reader: the other seats' secrets withheld",
    },
    open: stepInfoSchema,
    result: { type: 'object', properties: { winners: { type: 'array', items: { type: 'string' } }, summary: { type: 'string' } } },
  },
  required: ['game', 'seat', 'turn', 'lastTurn', 'label', 'phases', 'phaseSteps', 'clock', 'state'],
} as const;

export async function registerViewRoutes(app: FastifyInstance, host: Host): Promise<void> {
  const { readerOf } = askers(host);

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/record',
    {
      schema: {
        summary:
          "The game record of the resolved steps, with their dice revealed: with a seat's token that seat's record " +
          '(its secret events whole), without one the public record; either has the other seats\' secret events replaced by ' +
          'their hashes (hidden-event), and `umpire verify` checks it whole',
        tags: ['games'],
        security: bearer,
        params: gameIdParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const reader = await readerOf(req, reply, req.params.id);
      if (!reader) return reply;
      const text = await readerRecordText(host.sql, req.params.id, reader.seat);
      if (text === undefined) return refuse(reply, 404, 'unknown-game', `no game '${req.params.id}'`);
      const name = `${req.params.id}${reader.seat ? `-${reader.seat}` : ''}-record.json`;
      return sendJson(req, reply.header('content-disposition', `attachment; filename="${name}"`), text);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { turn?: number; phase?: number } }>(
    '/api/games/:id/view',
    {
      schema: {
        summary:
          'What a reader may see of the state after a resolved turn (default: the last; 0: the opening), or after one ' +
          "phase of it: with a seat's " +
          "token that seat's view (its own secrets, the others' withheld), without one a visitor's; and the step open for orders",
        tags: ['games'],
        security: bearer,
        params: gameIdParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            turn: { type: 'integer', minimum: 0, description: 'the turn after which (0: the opening); default the last resolved' },
            phase: {
              type: 'integer',
              minimum: 0,
              description: "the state after this phase of the turn (0-based, as in `phases`) instead of the turn's end",
            },
          },
        },
        response: { 200: viewSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const reader = await readerOf(req, reply, req.params.id);
      if (!reader) return reply;
      const view = await readerView(host.sql, req.params.id, reader.seat, req.query);
      if (!view) return refuse(reply, 404, 'unknown-game', `no game '${req.params.id}'`);
      if ('error' in view) {
        const where = view.path ? [{ code: view.error, message: view.message, path: view.path }] : [];
        return refuse(reply, view.status, view.error, view.message, where);
      }
      return sendJson(req, reply, JSON.stringify(view));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/views',
    {
      schema: {
        summary:
          "A reader's view of the state after every resolved turn, the opening first (for charts of the war): " +
          "with a seat's token that seat's, without one a visitor's",
        tags: ['games'],
        security: bearer,
        params: gameIdParams,
        response: {
          200: {
            type: 'object',
            properties: {
              game: { type: 'string' },
              seat: { type: 'string', nullable: true },
              lastTurn: { type: 'integer' },
              turns: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    turn: { type: 'integer' },
                    label: { type: 'string' },
                    clock: { type: 'object', additionalProperties: true },
                    state: { type: 'object', additionalProperties: true },
                  },
                },
              },
              result: viewSchema.properties.result,
            },
          },
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const reader = await readerOf(req, reply, req.params.id);
      if (!reader) return reply;
      const text = await readerViewsText(host.sql, req.params.id, reader.seat);
      if (text === undefined) return refuse(reply, 404, 'unknown-game', `no game '${req.params.id}'`);
      return sendJson(req, reply, text);
    },
  );
}
