import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import rateLimit from '@fastify/rate-limit';
import { buildTurnReport, plainJsonProblems, renderTurnReport, resolvedRecord, type Problem, type ReportFormat } from '@umpire/engine';
import { claimSeat, hostActs, hostGame, type NewHostedGame } from '../games.js';
import { GameStopped } from '../game-rows.js';
import { gameStatus, listPublicGames } from '../game-status.js';
import { assignSeat, extendDeadline, setPaused } from '../seat-acts.js';
import { askers, bearer, errorSchema, gameIdParams, listed, refuse, tokenOf } from './common.js';
import { positionsReady, RecordBroken } from '../positions.js';
import { registerViewRoutes } from './view-routes.js';
import { registerHostRoutes } from './host-routes.js';
import { registerRuleBookRoutes } from './rule-book-routes.js';
import { registerPressRoutes } from './press-routes.js';
import { adjudicateStep, CONFLICTS, markReady, seatOrders, submitOrders, type ReadyInput, type SubmitInput } from '../steps.js';
import type { Host } from '../host.js';
import { MAP_SHEETS, MAP_WIDTHS, sharedMapPictures, type MapPictures } from '../pictures/pictures.js';
import { anonymousMapLimit, mapAnswer } from '../pictures/route.js';
import { rulesets } from '../rulesets.js';
import { loadRecord } from '../storage/store.js';
import { tokenHash } from '../tokens.js';
import { gamePage, homePage } from './pages.js';
import { serveWebClient, webClientDir } from './web-client.js';

/**
 * The HTTP API: JSON over HTTP, described by the OpenAPI document at /api/openapi.json. Everything a player, a host
 * or the web client does goes through it. Bad input gets the same located problems as the CLI (a JSON path, or a
 * line and column in order text, and the closest valid name); a token in `Authorization: Bearer <token>` says which
 * seat (or the host) is asking.
 */

export interface HttpOptions {
  /** Requests a client may make per minute (default 300). */
  readonly rateLimit?: number;
  /** Games a client may host per hour (default 20): each sends invitations. */
  readonly hostingRateLimit?: number;
  /**
   * The keys that allow hosting a game over HTTP (`Authorization: Bearer <key>` on POST /api/games), set by the
   * server's owner. None: nobody hosts over HTTP (the demo game is hosted by the server itself).
   */
  readonly hostingKeys?: readonly string[];
  /** Largest request body in bytes (default 256 KiB). */
  readonly bodyLimit?: number;
  readonly logger?: boolean;
  /** The built web client's directory (default: found by webClientDir); null: the plain pages even when it is built. */
  readonly webDir?: string | null;
  /** Maps a client without a seat's or the host's token may ask for a minute (default 30): each may take seconds to draw. */
  readonly mapRateLimit?: number;
  /** Whether the server sends mail (SMTP set): the host page says so (default false: mails wait in the outbox). */
  readonly mailOut?: boolean;
  /** Who draws and keeps the maps (default: the process's own, sharedMapPictures). */
  readonly pictures?: MapPictures;
}

/** JSON-schema errors from Fastify's validator as problems with JSON paths. */
function validationProblems(errors: readonly { instancePath?: string; message?: string; params?: Record<string, unknown>; keyword?: string }[], where: string): Problem[] {
  return errors.map((e) => {
    const steps = (e.instancePath ?? '').split('/').filter(Boolean);
    if (e.keyword === 'required' && typeof e.params?.['missingProperty'] === 'string') steps.push(e.params['missingProperty']);
    const path = `$${steps.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('')}`;
    const extra = e.keyword === 'additionalProperties' && typeof e.params?.['additionalProperty'] === 'string' ? ` ('${e.params['additionalProperty']}')` : '';
    return { code: `bad-${where}`, message: `${e.message ?? 'is not valid'}${extra}`, path: e.keyword === 'additionalProperties' ? `${path}.${String(e.params?.['additionalProperty'])}` : path };
  });
}

export async function buildApp(host: Host, opts: HttpOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: opts.bodyLimit ?? 256 * 1024, ajv: { customOptions: { allErrors: true, removeAdditional: false, allowUnionTypes: true } } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Umpire',
        version: '0.1.0',
        description:
          'The Umpire PBEM server: host games, send orders, read reports and download records to verify. Seat and host tokens go in `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { token: { type: 'http', scheme: 'bearer', description: 'a seat token (from the invitation) or the host token' } } },
    },
  });
  await app.register(rateLimit, { max: opts.rateLimit ?? 300, timeWindow: 60_000 });
  // JSON too deep to walk, or holding what cannot be stored (NUL, broken characters), is refused before anything
  // (validation, the rules, the database) sees it.
  app.addHook('preValidation', async (req, reply) => {
    if (req.body === undefined || req.body === null || typeof req.body !== 'object') return;
    const problems = plainJsonProblems(req.body);
    const deep = problems.find((p) => p.code === 'too-deep');
    if (deep) return refuse(reply, 400, 'too-deep', `the body is nested too deep: ${deep.path} ${deep.message}`, [deep]);
    // Orders are read, refused with their line and column and kept in the seat's inbox like any other orders.
    const orders = req.method === 'PUT' && req.routeOptions.url === '/api/games/:id/orders';
    if (problems.length && !orders) return refuse(reply, 400, 'bad-text', `the body holds text the server cannot keep: ${listed(problems, (p) => `${p.path} ${p.message}`)}`, problems);
  });

  app.setErrorHandler((error: Error & { validation?: unknown[]; validationContext?: string; statusCode?: number; code?: string }, _req, reply) => {
    if (error.validation) {
      const problems = validationProblems(error.validation as never[], error.validationContext ?? 'body');
      return refuse(reply, 400, 'bad-request', `the request's ${error.validationContext ?? 'body'} is not valid: ${listed(problems, (p) => `${p.path} ${p.message}`)}`, problems);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(reply, 413, 'too-large', `the request body is larger than the ${opts.bodyLimit ?? 256 * 1024} bytes the server takes`);
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return refuse(reply, 400, 'bad-json', `the body is not valid JSON: ${error.message}`);
    if (error.statusCode === 429) return refuse(reply, 429, 'rate-limited', error.message);
    if (error instanceof GameStopped || error instanceof RecordBroken) return refuse(reply, 409, 'game-stopped', error.message);
    if (error.statusCode && error.statusCode < 500) return refuse(reply, error.statusCode, 'bad-request', error.message);
    host.log(`HTTP 500: ${error.stack ?? error.message}`);
    return refuse(reply, 500, 'server-error', 'the server failed on this request; it has been logged');
  });
  app.setNotFoundHandler((req, reply) => refuse(reply, 404, 'not-found', `no such page: ${req.method} ${req.url}`));
  const hostingKeys = new Set((opts.hostingKeys ?? []).map(tokenHash));
  const { seatFor, hostOnly, exists } = askers(host, hostingKeys);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/api/health', { schema: { summary: 'Whether the server and its database answer', tags: ['server'] } }, async () => {
    await host.sql.query('SELECT 1');
    return { ok: true, database: host.sql.engine };
  });

  app.get('/api/rulesets', { schema: { summary: 'The games this server hosts, their scenarios and options', tags: ['games'] } }, async () =>
    Object.values(rulesets).map((r) => ({ id: r.id, title: r.title, version: r.version, scenarios: r.scenarios, defaultScenario: r.defaultScenario, options: r.options })),
  );

  app.get<{ Params: { id: string }; Querystring: { format?: 'json' | 'text' } }>(
    '/api/rulesets/:id/orders',
    {
      schema: {
        summary: 'The order language of a game: each kind of order, the words that start it, an example',
        tags: ['games'],
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] },
        querystring: { type: 'object', additionalProperties: false, properties: { format: { type: 'string', enum: ['json', 'text'] } } },
      },
    },
    async (req, reply) => {
      const ruleset = rulesets[req.params.id];
      if (!ruleset) return refuse(reply, 404, 'unknown-ruleset', `no ruleset '${req.params.id}'; this server hosts ${Object.keys(rulesets).join(', ')}`);
      const forms = ruleset.orderForms ?? [];
      if (req.query.format === 'json') return { ruleset: ruleset.id, orders: forms };
      const lines = forms.map((f) => `${f.words.join(' / ').padEnd(32)} ${f.example}`);
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          [`The orders of ${ruleset.title}: one order a line, words may be shortened while they stay unambiguous, '#' starts a comment.`, '', ...lines, ''].join('\n'),
        );
    },
  );

  app.get('/api/games', { schema: { summary: 'The games a visitor may see', tags: ['games'] } }, async () => ({ games: await listPublicGames(host.sql) }));

  app.post<{ Body: NewHostedGame }>(
    '/api/games',
    {
      // Hosting sends invitations: a client hosts a few games an hour, so that the server is nobody's mail cannon.
      config: { rateLimit: { max: opts.hostingRateLimit ?? 20, timeWindow: 3_600_000 } },
      schema: {
        summary: 'Host a new game (with a hosting key); the answer holds the host token (shown once) and each open seat\'s one-time claim link; invited players get their tokens by mail, never the host',
        security: bearer,
        tags: ['host'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ruleset'],
          properties: {
            id: { type: 'string', maxLength: 63 },
            title: { type: 'string', maxLength: 200 },
            ruleset: { type: 'string', maxLength: 64 },
            scenario: { type: 'string', maxLength: 64 },
            options: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
            seats: {
              type: 'array',
              maxItems: 64,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['seat'],
                properties: { seat: { type: 'string', maxLength: 64 }, email: { type: 'string', maxLength: 254 }, bot: { type: 'string', maxLength: 64 }, lobby: { type: 'boolean' } },
              },
            },
            deadlineHours: { type: 'number' },
            reminderHours: { type: ['number', 'null'] },
            noMoves: { type: 'string', enum: ['standing', 'bot'] },
            hostEmail: { type: 'string', maxLength: 254 },
            public: { type: 'boolean' },
            press: { type: 'string', enum: ['on', 'public', 'off'] },
          },
        },
        response: { 400: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => {
      // Hosting sends mail in the server's name: only those the server's owner gave a hosting key may host.
      const key = tokenOf(req);
      if (hostingKeys.size === 0) return refuse(reply, 403, 'hosting-closed', "this server hosts no games for others: its owner sets UMPIRE_HOSTING_KEYS to let people host");
      if (!key) return refuse(reply, 401, 'no-hosting-key', 'hosting a game needs a hosting key from the server\'s owner: send it as Authorization: Bearer <key>');
      if (!hostingKeys.has(tokenHash(key))) return refuse(reply, 403, 'bad-hosting-key', 'that is not a hosting key of this server');
      const hosted = await hostGame(host, req.body, { hostingKeyHash: tokenHash(key) });
      if (!hosted.ok) {
        const exists = hosted.error.some((p) => p.code === 'game-exists');
        return refuse(reply, exists ? 409 : 400, exists ? 'game-exists' : 'bad-game', listed(hosted.error), hosted.error);
      }
      return reply.code(201).send(hosted.value);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id',
    { schema: { summary: 'A game: its open step with the dice commitment and deadline, who has sent orders, the result', tags: ['games'], params: gameIdParams } },
    async (req, reply) => exists(reply, req.params.id),
  );

  await registerViewRoutes(app, host);
  await registerHostRoutes(app, host, { hostingKeys, mailOut: opts.mailOut ?? false });
  await registerRuleBookRoutes(app);
  await registerPressRoutes(app, host);

  app.get<{ Params: { id: string; turn: number }; Querystring: { format?: ReportFormat } }>(
    '/api/games/:id/reports/:turn',
    {
      schema: {
        summary: 'The report of a resolved turn: with a seat token, that seat\'s report; without, what every seat may see',
        tags: ['games'],
        security: bearer,
        params: { type: 'object', properties: { id: gameIdParams.properties.id, turn: { type: 'integer', minimum: 1 } }, required: ['id', 'turn'] },
        querystring: { type: 'object', additionalProperties: false, properties: { format: { type: 'string', enum: ['json', 'text', 'markdown'] } } },
      },
    },
    async (req, reply) => {
      const record = await loadRecord(host.sql, req.params.id);
      if (!record) return refuse(reply, 404, 'unknown-game', `no game '${req.params.id}'`);
      let seat: string | undefined;
      if (tokenOf(req)) {
        const s = await seatFor(req, reply, req.params.id);
        if (!s) return reply;
        seat = s.seat;
      }
      // Built from the whole resolved record: the report itself shows the reader only what its seat may see.
      const resolved = resolvedRecord(record);
      if (!resolved.steps.some((s) => s.turn === req.params.turn)) {
        return refuse(reply, 404, 'no-report', `turn ${req.params.turn} of game ${req.params.id} has not been resolved`);
      }
      const ruleset = rulesets[record.header.ruleset.id]!;
      const positions = await positionsReady(ruleset, resolved);
      const report = buildTurnReport(ruleset, resolved, { turn: req.params.turn, ...(seat ? { seat } : { public: true }), positions });
      const format = req.query.format ?? 'json';
      if (format === 'json') return report;
      const ruleBookAt = (ruleset: string) => `${host.publicUrl}/rules/${ruleset}`;
      return reply.type(format === 'markdown' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8').send(renderTurnReport(report, format, { ruleBookUrl: ruleBookAt }));
    },
  );

  app.get<{ Params: { id: string; turn: number }; Querystring: { format?: 'svg' | 'png'; sheet?: string; width?: number } }>(
    '/api/games/:id/map/:turn',
    {
      schema: {
        summary: `The map after a resolved turn (0: the opening), as SVG or PNG, ${MAP_WIDTHS.join(', ')} pixels wide`,
        tags: ['games'],
        params: { type: 'object', properties: { id: gameIdParams.properties.id, turn: { type: 'integer', minimum: 0 } }, required: ['id', 'turn'] },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { format: { type: 'string', enum: ['svg', 'png'] }, sheet: { type: 'string', enum: [...MAP_SHEETS] }, width: { type: 'integer', description: `one of ${MAP_WIDTHS.join(', ')} (default 1600)` } },
        },
      },
      preHandler: anonymousMapLimit(app, host, opts.mapRateLimit ?? 30),
    },
    async (req, reply) => {
      const map = await mapAnswer(host, opts.pictures ?? sharedMapPictures(), { gameId: req.params.id, turn: req.params.turn, ...req.query });
      if (!map.ok) return refuse(map.retryAfter ? reply.header('retry-after', String(map.retryAfter)) : reply, map.status, map.error, map.message);
      return reply.type(map.type).send(map.body);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/orders',
    {
      schema: {
        summary: 'What the umpire holds of your seat: the open step, your orders for it with their receipt, and whether you are ready of them (a seat reads only its own)',
        tags: ['orders'],
        security: bearer,
        params: gameIdParams,
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const seat = await seatFor(req, reply, req.params.id);
      if (!seat) return reply;
      return seatOrders(host.sql, req.params.id, seat.seat);
    },
  );

  app.put<{ Params: { id: string }; Body: SubmitInput }>(
    '/api/games/:id/orders',
    {
      schema: {
        summary:
          'Send your orders for a step, as order text or as JSON orders; they replace earlier ones until the deadline. `step` names the step they are for (409 wrong-step when it is not the open one); `step` is required; with `ready: true` the orders and your readiness go in one call',
        tags: ['orders'],
        security: bearer,
        params: gameIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { text: { type: 'string', maxLength: 100_000 }, orders: {}, nonce: { type: 'string', maxLength: 256 }, step: { type: 'string', minLength: 1, maxLength: 64 }, ready: { type: 'boolean' } },
        },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const seat = await seatFor(req, reply, req.params.id);
      if (!seat) return reply;
      // Orders name the step they are for: late or retried orders never land in another turn.
      if (req.body.step === undefined) return refuse(reply, 400, 'step-required', 'orders name the step they are for ($.step, e.g. "t3.orders": the open step is in GET /api/games/:id)', [{ code: 'step-required', message: 'is required: the step the orders are for', path: '$.step' }]);
      const result = await submitOrders(host, req.params.id, seat.seat, req.body, 'api', { tokenHash: tokenHash(tokenOf(req)!) });
      if (result.ok) return result.value;
      const first = result.error[0];
      if (first?.code === 'bad-token') return refuse(reply, 403, 'bad-token', first.message);
      if (first && CONFLICTS.has(first.code)) return refuse(reply, 409, first.code, `the orders were not accepted (they are kept): ${first.message}`, result.error);
      return refuse(reply, 422, 'orders-refused', `the orders were not accepted; nothing changed: ${listed(result.error)}`, result.error);
    },
  );

  app.post<{ Params: { id: string }; Body: ReadyInput }>(
    '/api/games/:id/ready',
    {
      schema: {
        summary:
          'Say you are done with your orders (or not): `step` names the open step and, with ready: true, `orderHash` the receipt of the orders you confirm (409 wrong-step, no-orders or stale-receipt otherwise); when every player is ready the step resolves at once',
        tags: ['orders'],
        security: bearer,
        params: gameIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ready', 'step'],
          properties: { ready: { type: 'boolean' }, step: { type: 'string', minLength: 1, maxLength: 64 }, orderHash: { type: 'string', maxLength: 128 } },
        },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const seat = await seatFor(req, reply, req.params.id);
      if (!seat) return reply;
      const result = await markReady(host, req.params.id, seat.seat, req.body);
      if (result.ok) return result.value;
      const first = result.error[0]!;
      if (first.code === 'no-receipt') return refuse(reply, 400, first.code, first.message, result.error);
      if (first.code === 'unknown-game') return refuse(reply, 404, first.code, first.message);
      return refuse(reply, 409, first.code, first.message, result.error);
    },
  );

  app.post<{ Params: { id: string; seat: string }; Body: { code: string } }>(
    '/api/games/:id/seats/:seat/claim',
    {
      schema: {
        summary: "Claim an open seat with the code of its one-time claim link: the answer holds the seat's token, shown to you alone",
        tags: ['orders'],
        params: { type: 'object', properties: { id: gameIdParams.properties.id, seat: { type: 'string', maxLength: 64 } }, required: ['id', 'seat'] },
        body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', maxLength: 128 } } },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id))) return reply;
      const token = await claimSeat(host, req.params.id, req.params.seat, req.body.code);
      if (!token) return refuse(reply, 403, 'bad-claim', `that claim link does not open seat ${req.params.seat} of game ${req.params.id}: it was used already, or the host gave the seat to someone else`);
      return { seat: req.params.seat, token };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/acts',
    { schema: { summary: "Host: the host's acts on the game's seats (players replaced, seats given to bots or opened)", tags: ['host'], security: bearer, params: gameIdParams } },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      return { acts: await hostActs(host.sql, req.params.id) };
    },
  );

  app.put<{ Params: { id: string; seat: string }; Body: { email?: string; bot?: string; lobby?: boolean } }>(
    '/api/games/:id/seats/:seat',
    {
      schema: {
        summary: 'Host: give a seat to a player (invited by mail: the token reaches the player alone), to a bot, or open it (a one-time claim link for you to pass on); the old token stops working; recorded as your act',
        tags: ['host'],
        security: bearer,
        params: { type: 'object', properties: { id: gameIdParams.properties.id, seat: { type: 'string', maxLength: 64 } }, required: ['id', 'seat'] },
        body: { type: 'object', additionalProperties: false, properties: { email: { type: 'string', maxLength: 254 }, bot: { type: 'string', maxLength: 64 }, lobby: { type: 'boolean' } } },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      const given = await assignSeat(host, req.params.id, req.params.seat, req.body);
      if (!given.ok && given.error[0]?.code === 'game-stopped') return refuse(reply, 409, 'game-stopped', given.error[0].message);
      if (!given.ok) return refuse(reply, 400, 'bad-seat', listed(given.error), given.error);
      return given.value;
    },
  );

  app.post<{ Params: { id: string }; Body: { step: string } }>(
    '/api/games/:id/adjudicate',
    {
      schema: {
        summary: 'Host: resolve the step named now, if it is still the open one (409 wrong-step otherwise: two calls at once resolve it once)',
        tags: ['host'],
        security: bearer,
        params: gameIdParams,
        body: { type: 'object', additionalProperties: false, required: ['step'], properties: { step: { type: 'string', minLength: 1, maxLength: 64 } } },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      const result = await adjudicateStep(host, req.params.id, req.body.step);
      if (result.ok) return result.value;
      const first = result.error[0]!;
      return refuse(reply, first.code === 'unknown-game' ? 404 : 409, first.code, first.message, result.error);
    },
  );

  for (const action of ['pause', 'resume'] as const) {
    app.post<{ Params: { id: string } }>(
      `/api/games/:id/${action}`,
      {
        schema: {
          summary: { pause: 'Host: stop the clock', resume: 'Host: start the clock again, with a fresh deadline' }[action],
          tags: ['host'],
          security: bearer,
          params: gameIdParams,
        },
      },
      async (req, reply) => {
        if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
        await setPaused(host, req.params.id, action === 'pause');
        return gameStatus(host.sql, req.params.id);
      },
    );
  }

  app.post<{ Params: { id: string }; Body: { hours: number } }>(
    '/api/games/:id/extend',
    {
      schema: {
        summary: 'Host: move the deadline of the open step',
        tags: ['host'],
        security: bearer,
        params: gameIdParams,
        body: { type: 'object', additionalProperties: false, required: ['hours'], properties: { hours: { type: 'number', minimum: -720, maximum: 2160 } } },
      },
    },
    async (req, reply) => {
      if (!(await exists(reply, req.params.id)) || !(await hostOnly(req, reply, req.params.id))) return reply;
      return { deadline: await extendDeadline(host, req.params.id, req.body.hours) };
    },
  );

  // The web client when it is built; otherwise plain pages: the games, and a game's status, map and latest report.
  const webDir = opts.webDir === undefined ? webClientDir() : opts.webDir;
  if (webDir) {
    await serveWebClient(app, webDir);
    return app;
  }
  app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(homePage(await listPublicGames(host.sql))));
  app.get<{ Params: { id: string } }>('/games/:id', { schema: { hide: true, params: gameIdParams } }, async (req, reply) => {
    const status = await exists(reply, req.params.id);
    if (!status) return reply;
    const record = await loadRecord(host.sql, req.params.id);
    const resolved = resolvedRecord(record!);
    const ruleset = rulesets[resolved.header.ruleset.id]!;
    const positions = status.turnsResolved ? await positionsReady(ruleset, resolved) : undefined;
    const latest = positions ? buildTurnReport(ruleset, resolved, { turn: status.turnsResolved, public: true, positions }) : undefined;
    const report = latest ? renderTurnReport(latest, 'text') : undefined;
    return reply.type('text/html; charset=utf-8').send(gamePage(status, report));
  });
  return app;
}
