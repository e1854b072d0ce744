import type { FastifyInstance } from 'fastify';
import { openDatabase } from './database.js';
import { advanceGame, gameStatus, hostGame, mintSeatToken, tick } from './games.js';
import { makeHost, type Host } from './host.js';
import { buildApp, type HttpOptions } from './http.js';
import { pollMailbox } from './inbound.js';
import { smtpSender, type MailboxConfig, type SmtpConfig } from './mail/transport.js';
import { mailComposer } from './mails.js';
import { deliverOutbox } from './outbox.js';
import { hidePassword } from './postgres.js';
import type { Sql } from './sql.js';

/**
 * The server process: the database (embedded in a data directory, or a PostgreSQL server), the HTTP API, and the
 * clock work every few seconds: deadlines and reminders, mail out (SMTP) and mail in (IMAP). Several processes may
 * share one PostgreSQL database; the embedded one serves a single process.
 */
export interface ServerConfig {
  readonly port: number;
  /** The address to listen on (default 127.0.0.1; 0.0.0.0 for every interface). */
  readonly listen?: string;
  readonly databaseUrl?: string;
  /** The embedded database's directory (default ./data); unused with `databaseUrl`. */
  readonly dataDir?: string;
  /** The server's address for people: links in mails (default http://localhost:<port>). */
  readonly publicUrl?: string;
  /** Seconds between rounds of clock work (default 10). */
  readonly tickSeconds?: number;
  /** The game mailbox's address (default umpire@localhost). */
  readonly address?: string;
  readonly smtp?: SmtpConfig;
  readonly imap?: MailboxConfig;
  /** Host the demo game when the database has none (default true). */
  readonly demo?: boolean;
  readonly http?: HttpOptions;
  /** The shortest deadline a hosted game may have, in hours (default 1). */
  readonly minDeadlineHours?: number;
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly host: Host;
  readonly app: FastifyInstance;
  /** One round of clock work now (tests call it instead of waiting). */
  work(): Promise<void>;
  close(): Promise<void>;
}

export const DEMO_GAME = 'demo';

/**
 * The demo game: a Great War game with bots on every seat but Britain, whose seat is open for a visitor, two turns
 * already played so that there are reports and maps to look at. Returns Britain's seat link.
 */
export async function hostDemoGame(host: Host): Promise<string | undefined> {
  if (await gameStatus(host.sql, DEMO_GAME)) return undefined;
  const hosted = await hostGame(host, {
    id: DEMO_GAME,
    title: 'Demo: The War to End All Wars, bots on every seat but Britain',
    ruleset: 'great-war',
    seats: [{ seat: 'britain' }],
    deadlineHours: 24 * 7,
    reminderHours: null,
  });
  // Another server process on the same database hosted it first.
  if (!hosted.ok && hosted.error.some((p) => p.code === 'game-exists')) return undefined;
  if (!hosted.ok) throw new Error(`the demo game cannot be hosted: ${hosted.error.map((p) => p.message).join('; ')}`);
  await advanceGame(host, DEMO_GAME, 'host');
  await advanceGame(host, DEMO_GAME, 'host');
  // The server's owner hosts the demo: Britain's token is made for the owner's log (the seat's claim link is dropped).
  const token = await mintSeatToken(host, DEMO_GAME, 'britain');
  return `${host.publicUrl}/games/${DEMO_GAME}?seat=britain&token=${token}`;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const log = config.log ?? ((line: string) => console.log(line));
  const sql: Sql = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir ?? './data' });
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const host = makeHost(sql, {
    publicUrl,
    log,
    ...(config.address ? { address: config.address } : {}),
    ...(config.now ? { now: config.now } : {}),
    ...(config.minDeadlineHours !== undefined ? { minDeadlineHours: config.minDeadlineHours } : {}),
  });
  let app: FastifyInstance | undefined;
  try {
    log(`database: ${sql.engine === 'postgres' ? `PostgreSQL at ${hidePassword(sql.where)}` : `embedded, in ${sql.where}`}`);
    if (config.demo ?? true) {
      const link = await hostDemoGame(host);
      if (link) log(`demo game hosted; play Britain at ${link}`);
    }
    app = await buildApp(host, config.http ?? {});
    const address = await app.listen({ port: config.port, host: config.listen ?? '127.0.0.1' });
    log(`Umpire serves ${address} (API described at ${address}/api/openapi.json)`);
  } catch (e) {
    await app?.close();
    await sql.close();
    throw e;
  }
  const sender = config.smtp ? smtpSender(config.smtp) : undefined;
  if (!sender) log('no SMTP server configured (UMPIRE_SMTP_URL): mails wait in the outbox');
  const compose = mailComposer(host);
  let busy: Promise<void> | undefined;
  const work = async () => {
    if (busy) return busy;
    // Each stage on its own: a mailbox that does not answer stops neither the deadlines nor the mail out.
    const stage = async (name: string, fn: () => Promise<void>) => {
      try {
        await fn();
      } catch (e) {
        log(`${name} failed (tried again next round): ${(e as Error).message}`);
      }
    };
    busy = (async () => {
      await stage('the deadlines', async () => {
        const done = await tick(host);
        if (done.resolved.length) log(`resolved ${done.resolved.join(', ')}`);
      });
      if (config.imap) await stage('reading the mailbox', async () => void (await pollMailbox(host, config.imap!)));
      if (sender) await stage('sending mail', async () => void (await deliverOutbox(host, compose, (m) => sender.send(m))));
    })();
    try {
      await busy;
    } finally {
      busy = undefined;
    }
  };
  const timer = setInterval(() => void work(), (config.tickSeconds ?? 10) * 1000);
  timer.unref();
  const running = app;
  return {
    url: `http://${config.listen ?? '127.0.0.1'}:${(running.server.address() as { port: number }).port}`,
    host,
    app: running,
    work,
    close: async () => {
      clearInterval(timer);
      if (busy) await busy.catch(() => undefined);
      await running.close();
      sender?.close();
      await sql.close();
    },
  };
}

/** The server's configuration from the environment: PORT, UMPIRE_DATA_DIR, DATABASE_URL and the mail settings. */
export function configFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const port = env['PORT'] ? Number(env['PORT']) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not '${env['PORT']}'`);
  const smtp = env['UMPIRE_SMTP_URL'] ? mailUrl(env['UMPIRE_SMTP_URL'], 'UMPIRE_SMTP_URL', ['smtp:', 'smtps:']) : undefined;
  const imap = env['UMPIRE_IMAP_URL'] ? mailUrl(env['UMPIRE_IMAP_URL'], 'UMPIRE_IMAP_URL', ['imap:', 'imaps:']) : undefined;
  return {
    port,
    ...(env['UMPIRE_LISTEN'] ? { listen: env['UMPIRE_LISTEN'] } : {}),
    ...(env['DATABASE_URL'] ? { databaseUrl: env['DATABASE_URL'] } : {}),
    dataDir: env['UMPIRE_DATA_DIR'] || './data',
    ...(env['UMPIRE_PUBLIC_URL'] ? { publicUrl: env['UMPIRE_PUBLIC_URL'] } : {}),
    ...(env['UMPIRE_MAIL_ADDRESS'] ? { address: env['UMPIRE_MAIL_ADDRESS'] } : {}),
    ...(env['UMPIRE_TICK_SECONDS'] ? { tickSeconds: Number(env['UMPIRE_TICK_SECONDS']) } : {}),
    ...(smtp ? { smtp: { host: smtp.host, port: smtp.port, secure: smtp.secure, ...(smtp.user ? { user: smtp.user, pass: smtp.pass } : {}) } } : {}),
    ...(imap ? { imap: { host: imap.host, port: imap.port, secure: imap.secure, user: imap.user, pass: imap.pass, mailbox: imap.path || 'INBOX' } } : {}),
    demo: env['UMPIRE_DEMO'] !== 'off',
    // Who may host games over HTTP: the holders of these keys (none: hosting is closed; the demo game stays).
    ...(env['UMPIRE_HOSTING_KEYS'] ? { http: { hostingKeys: env['UMPIRE_HOSTING_KEYS'].split(',').map((k) => k.trim()).filter(Boolean) } } : {}),
  };
}

function mailUrl(text: string, name: string, protocols: readonly string[]) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a URL (expected ${protocols[0]}//user:password@host:port)`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`${name} must start with ${protocols.join(' or ')}//, not ${url.protocol}//`);
  const secure = url.protocol.endsWith('s:');
  const defaults: Record<string, number> = { 'smtp:': 25, 'smtps:': 465, 'imap:': 143, 'imaps:': 993 };
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : defaults[url.protocol]!,
    secure,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    path: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
}
