import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from './storage/database.js';
import { hostGame, mintSeatToken } from './games.js';
import { gameStatus } from './game-status.js';
import { rulesetById } from './rulesets.js';
import { advanceGame, tick } from './advance.js';
import { makeHost, type Host } from './host.js';
import { buildApp, type HttpOptions } from './http/http.js';
import { pollMailbox } from './mail/inbound.js';
import { smtpSender, type MailboxConfig, type SmtpConfig } from './mail/transport.js';
import { mailComposer } from './mail/mails.js';
import { deliverOutbox } from './mail/outbox.js';
import { MapPictures, type MapPicturesOptions } from './pictures/pictures.js';
import { hidePassword } from './storage/postgres.js';
import { checkTickSeconds, mailSettings, readSettings } from './settings.js';
import type { Sql } from './storage/sql.js';

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
  /** The demo game's ruleset and the seat left open for a visitor (default DEFAULT_DEMO, UMPIRE_DEMO_GAME). */
  readonly demoGame?: DemoGame;
  readonly http?: HttpOptions;
  /** The shortest deadline a hosted game may have, in hours (default 1). */
  readonly minDeadlineHours?: number;
  /** The map drawing threads and their cache (UMPIRE_MAP_THREADS, UMPIRE_MAP_CACHE_MB). */
  readonly maps?: MapPicturesOptions;
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly host: Host;
  readonly app: FastifyInstance;
  /** The maps the server draws (for the API and the report mails), and what it says about them. */
  readonly pictures: MapPictures;
  /** One round of clock work now (tests call it instead of waiting). */
  work(): Promise<void>;
  close(): Promise<void>;
}

export const DEMO_GAME = 'demo';
const NEW_LINK = ' (a new link each start: the last one no longer works)';

/** The demo game's ruleset and its one seat open for a visitor; bots play every other seat. */
export interface DemoGame {
  readonly ruleset: string;
  readonly seat: string;
}

/** The demo a server hosts unless told otherwise (UMPIRE_DEMO_GAME): the only place the server names a ruleset. */
export const DEFAULT_DEMO: DemoGame = { ruleset: 'great-war', seat: 'britain' };

/**
 * The demo game: a game with bots on every seat but one, whose seat is open for a visitor, two steps already played
 * so that there are reports and maps to look at. Returns the open seat's link.
 */
export async function hostDemoGame(host: Host, demo: DemoGame = DEFAULT_DEMO): Promise<string | undefined> {
  if (await gameStatus(host.sql, DEMO_GAME)) return demoLinkAgain(host, demo);
  const found = rulesetById(demo.ruleset);
  if (!found.ok) throw new Error(`the demo game cannot be hosted: ${found.message}`);
  const hosted = await hostGame(host, {
    id: DEMO_GAME,
    title: `Demo: ${found.ruleset.title}, bots on every seat but ${demo.seat}`,
    ruleset: demo.ruleset,
    seats: [{ seat: demo.seat }],
    deadlineHours: 24 * 7,
    reminderHours: null,
  });
  // Another server process on the same database hosted it first.
  if (!hosted.ok && hosted.error.some((p) => p.code === 'game-exists')) return undefined;
  if (!hosted.ok) throw new Error(`the demo game cannot be hosted: ${hosted.error.map((p) => p.message).join('; ')}`);
  await advanceGame(host, DEMO_GAME, 'host');
  await advanceGame(host, DEMO_GAME, 'host');
  // The server's owner hosts the demo: the seat's token is made for the owner's log (the seat's claim link is dropped).
  const token = await mintSeatToken(host, DEMO_GAME, demo.seat);
  return `${host.publicUrl}/games/${DEMO_GAME}?seat=${demo.seat}&token=${token}`;
}

/**
 * The demo seat's link on a later start: only hashes of tokens are stored, so the link of the last start cannot be
 * shown again; while the seat is still the owner's (no player's address, no bot on it) a new token is made and the
 * old link stops working. Undefined when the host has given the seat to someone else.
 */
async function demoLinkAgain(host: Host, demo: DemoGame): Promise<string | undefined> {
  const query = 'SELECT email, bot FROM seats WHERE game_id = $1 AND seat = $2';
  const [seat] = await host.sql.query<{ email: string | null; bot: string | null }>(query, [DEMO_GAME, demo.seat]);
  if (!seat || seat.email !== null || seat.bot !== null) return undefined;
  const token = await mintSeatToken(host, DEMO_GAME, demo.seat);
  return `${host.publicUrl}/games/${DEMO_GAME}?seat=${demo.seat}&token=${token}`;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const log = config.log ?? ((line: string) => console.log(line));
  checkTickSeconds(config.tickSeconds);
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
  const pictures = new MapPictures(config.maps);
  try {
    log(`database: ${sql.engine === 'postgres' ? `PostgreSQL at ${hidePassword(sql.where)}` : `embedded, in ${sql.where}`}`);
    if (config.demo ?? true) {
      const demo = config.demoGame ?? DEFAULT_DEMO;
      const again = (await gameStatus(sql, DEMO_GAME)) !== undefined;
      const link = await hostDemoGame(host, demo);
      // On a later start the demo is there already: its seat gets a new link (the last start's no longer works).
      if (link && again) log(`demo game hosted already; play ${demo.seat} at ${link}${NEW_LINK}`);
      else if (link) log(`demo game hosted; play ${demo.seat} at ${link}`);
    }
    app = await buildApp(host, { ...config.http, pictures, mailOut: !!config.smtp });
    const address = await app.listen({ port: config.port, host: config.listen ?? '127.0.0.1' });
    log(`Umpire serves ${address} (API described at ${address}/api/openapi.json)`);
  } catch (e) {
    await app?.close();
    await pictures.close();
    await sql.close();
    throw e;
  }
  const sender = config.smtp ? smtpSender(config.smtp) : undefined;
  if (!sender) log('no SMTP server configured (UMPIRE_SMTP_URL): mails wait in the outbox');
  const compose = mailComposer(host, pictures);
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
      // Each step resolved is logged where it resolves (advance.ts).
      await stage('the deadlines', async () => void (await tick(host)));
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
    pictures,
    work,
    close: async () => {
      clearInterval(timer);
      if (busy) await busy.catch(() => undefined);
      await running.close();
      await pictures.close();
      sender?.close();
      await sql.close();
    },
  };
}

/**
 * The server's configuration from the environment: PORT, DATABASE_URL and the UMPIRE_* settings (docs/server.md),
 * each checked (src/settings.ts); a bad one throws BadSettings naming it, its value and what it takes.
 */
export function configFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const s = readSettings(env);
  const http: HttpOptions = {
    ...(s.UMPIRE_MAP_RATE_LIMIT !== undefined ? { mapRateLimit: s.UMPIRE_MAP_RATE_LIMIT } : {}),
    ...(s.UMPIRE_WEB_DIR !== undefined ? { webDir: resolve(s.UMPIRE_WEB_DIR) } : {}),
    // Who may host games over HTTP: the holders of these keys (none: hosting is closed; the demo game stays).
    ...(s.UMPIRE_HOSTING_KEYS !== undefined ? { hostingKeys: s.UMPIRE_HOSTING_KEYS } : {}),
  };
  const maps: MapPicturesOptions = {
    ...(s.UMPIRE_MAP_THREADS !== undefined ? { threads: s.UMPIRE_MAP_THREADS } : {}),
    ...(s.UMPIRE_MAP_CACHE_MB !== undefined ? { cacheMegabytes: s.UMPIRE_MAP_CACHE_MB } : {}),
  };
  return {
    port: s.PORT ?? 8080,
    ...(s.UMPIRE_LISTEN ? { listen: s.UMPIRE_LISTEN } : {}),
    ...(s.DATABASE_URL ? { databaseUrl: s.DATABASE_URL } : {}),
    dataDir: s.UMPIRE_DATA_DIR ?? './data',
    ...(s.UMPIRE_PUBLIC_URL ? { publicUrl: s.UMPIRE_PUBLIC_URL } : {}),
    ...(s.UMPIRE_MAIL_ADDRESS ? { address: s.UMPIRE_MAIL_ADDRESS } : {}),
    ...(s.UMPIRE_TICK_SECONDS !== undefined ? { tickSeconds: s.UMPIRE_TICK_SECONDS } : {}),
    ...mailSettings(s),
    ...(Object.keys(http).length ? { http } : {}),
    ...(Object.keys(maps).length ? { maps } : {}),
    demo: s.UMPIRE_DEMO !== 'off',
    ...(s.UMPIRE_DEMO_GAME ? { demoGame: s.UMPIRE_DEMO_GAME } : {}),
  };
}
