import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The web client (packages/web, built by Vite into dist/client) served by the server: its assets under /assets/,
 * and its page at /, /games/:id, /host, /host/games/:id, /lobby and /rules/:ruleset (a game's rule book), where the
 * client takes over. The directory is looked up when the server starts (UMPIRE_WEB_DIR, or the installed @umpire/web
 * package's dist/client), so that the server does not depend on the web package to build; without a built client the
 * server keeps its plain pages.
 */
export function webClientDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env['UMPIRE_WEB_DIR'];
  if (given) {
    if (!existsSync(join(given, 'index.html'))) throw new Error(`UMPIRE_WEB_DIR is ${given}, which holds no index.html: point it at the built web client (packages/web/dist/client, made by \`npm run build\`) or unset it`);
    return resolve(given);
  }
  try {
    const pkg = createRequire(import.meta.url).resolve('@umpire/web/package.json');
    const dir = join(dirname(pkg), 'dist', 'client');
    return existsSync(join(dir, 'index.html')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** Serve the client from `dir`: assets, and its page for the client's routes. */
export async function serveWebClient(app: FastifyInstance, dir: string): Promise<void> {
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, { root: join(dir, 'assets'), prefix: '/assets/', immutable: true, maxAge: '365d', index: false });
  const send = (_req: unknown, reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  app.get('/', { schema: { hide: true } }, send);
  app.get('/games/:id', { schema: { hide: true } }, send);
  // The host page (a game of the host's at /host/games/:id) and the lobby.
  for (const path of ['/host', '/host/games/:id', '/lobby']) app.get(path, { schema: { hide: true } }, send);
  app.get('/rules/:ruleset', { schema: { hide: true } }, send);
}
