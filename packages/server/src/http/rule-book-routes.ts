import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { findRules, RULE_STATUSES, type RuleBook, type RuleStatus } from '@umpire/engine';
import { toolsOf } from '@umpire/rulesets';
import { errorSchema, refuse } from './common.js';
import { rulesetById } from '../rulesets.js';

/**
 * A game's rule book (engine rule-book.ts), as the ruleset's data file holds it: every rule with its status, the
 * decisions that read it and the tests that play it. Read from the installed ruleset once, served to anyone (the
 * rules are public), gzipped once when the client takes gzip.
 */

const zip = promisify(gzip);
const books = new Map<string, Promise<{ book: RuleBook; text: string; gzipped: Buffer }>>();

function bookOf(id: string, load: () => Promise<RuleBook>) {
  let found = books.get(id);
  if (!found) {
    found = load().then(async (book) => {
      const text = JSON.stringify(book);
      return { book, text, gzipped: await zip(text) };
    });
    books.set(id, found);
  }
  return found;
}

export async function registerRuleBookRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: { search?: string; rule?: string; status?: RuleStatus } }>(
    '/api/rulesets/:id/rules',
    {
      schema: {
        summary:
          "A game's rule book: every rule with its status (tested, decided, failing, open), the decisions that decide or read " +
          'it and the tests that play it; search, rule (a rule, part or decision id) and status choose some rules',
        tags: ['games'],
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            search: { type: 'string', maxLength: 200 },
            rule: { type: 'string', maxLength: 64 },
            status: { type: 'string', enum: [...RULE_STATUSES] },
          },
        },
        response: { 404: errorSchema },
      },
    },
    async (req, reply) => {
      const found = rulesetById(req.params.id);
      const near = !found.ok && found.suggestion ? ` (did you mean '${found.suggestion}'?)` : '';
      if (!found.ok) return refuse(reply, 404, 'unknown-ruleset', `${found.message}${near}`);
      const load = toolsOf(req.params.id)?.ruleBook;
      if (!load) return refuse(reply, 404, 'no-rule-book', `${req.params.id} has no rule book`);
      const { book, text, gzipped } = await bookOf(req.params.id, load);
      reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').header('vary', 'accept-encoding');
      const q = req.query;
      if (q.search || q.rule || q.status) {
        const rules = findRules(book, {
          ...(q.search ? { search: q.search } : {}),
          ...(q.rule ? { id: q.rule } : {}),
          ...(q.status ? { status: q.status } : {}),
        });
        return reply.send(JSON.stringify({ ...book, rules }));
      }
      if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(text);
      return reply.header('content-encoding', 'gzip').send(gzipped);
    },
  );
}
