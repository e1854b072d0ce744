import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { MailboxConfig, SmtpConfig } from './mail/transport.js';

/**
 * The server's settings, from the environment (docs/server.md, "Settings"). Every one is checked when the server
 * starts: a bad one stops it with a message that names the setting, the value it was given and what it takes, rather
 * than a server that runs wrong (a clock of 'abc' seconds spins the clock work without pause). An empty setting is as
 * good as an unset one.
 */

const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const MAIL_DEFAULT_PORTS: Record<string, number> = { 'smtp:': 25, 'smtps:': 465, 'imap:': 143, 'imaps:': 993 };

/** A mail server's URL, `smtp://user:password@host:port` and the like, taken apart. */
const mailUrl = (protocol: RegExp) =>
  z.url({ protocol }).transform((text) => {
    const url = new URL(text);
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : MAIL_DEFAULT_PORTS[url.protocol]!,
      secure: url.protocol.endsWith('s:'),
      user: decodeURIComponent(url.username),
      pass: decodeURIComponent(url.password),
      path: decodeURIComponent(url.pathname.replace(/^\//, '')),
    };
  });

/** Each setting: its schema (from the variable's text) and what it takes, in the words of the messages and the docs. */
export const SETTINGS = {
  PORT: { takes: 'a port number, 0 to 65535', schema: whole(0, 65535) },
  UMPIRE_LISTEN: { takes: 'an IP address or a host name to listen on (0.0.0.0: every interface)', schema: z.union([z.ipv4(), z.ipv6(), z.hostname()]) },
  DATABASE_URL: { takes: 'a PostgreSQL URL, postgres://user:password@host:port/database', schema: z.url({ protocol: /^postgres(ql)?$/ }) },
  UMPIRE_DATA_DIR: {
    takes: 'a directory for the embedded database (made when missing)',
    schema: z.string().refine((dir) => !existsSync(dir) || statSync(dir).isDirectory()),
  },
  UMPIRE_PUBLIC_URL: { takes: 'an http:// or https:// address, the server as players reach it', schema: z.url({ protocol: /^https?$/ }) },
  UMPIRE_MAIL_ADDRESS: { takes: 'a mail address, name@host', schema: z.string().regex(/^[^\s@<>]+@[^\s@<>]+$/) },
  UMPIRE_TICK_SECONDS: {
    takes: 'a number of seconds from 1 to 86400',
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number)
      .pipe(z.number().min(1).max(86400)),
  },
  UMPIRE_SMTP_URL: { takes: 'a URL starting with smtp:// or smtps://, as smtp://user:password@host:port', schema: mailUrl(/^smtps?$/) },
  UMPIRE_IMAP_URL: { takes: 'a URL starting with imap:// or imaps://, as imap://user:password@host:port/INBOX', schema: mailUrl(/^imaps?$/) },
  UMPIRE_DEMO: { takes: 'on or off', schema: z.enum(['on', 'off']) },
  UMPIRE_DEMO_GAME: {
    takes: 'a ruleset and the seat left open for a visitor, as ruleset:seat (great-war:britain, vernian:allies)',
    schema: z
      .string()
      .regex(/^[a-z0-9-]+:[a-z0-9-]+$/)
      .transform((text) => ({ ruleset: text.split(':')[0]!, seat: text.split(':')[1]! })),
  },
  UMPIRE_WEB_DIR: {
    takes: 'the directory of the built web client, holding index.html (packages/web/dist/client)',
    schema: z.string().refine((dir) => existsSync(join(dir, 'index.html'))),
  },
  UMPIRE_MAP_THREADS: { takes: 'a whole number of threads from 1 to 16', schema: whole(1, 16) },
  UMPIRE_MAP_CACHE_MB: { takes: 'a whole number of megabytes from 0 to 4096', schema: whole(0, 4096) },
  UMPIRE_MAP_RATE_LIMIT: { takes: 'a whole number of maps a minute from 1 to 100000', schema: whole(1, 100_000) },
  UMPIRE_HOSTING_KEYS: {
    takes: 'hosting keys separated by commas, each of 16 to 200 letters, digits, - or _ (the keys that may host games over HTTP)',
    schema: z
      .string()
      .transform((text) => text.split(',').map((k) => k.trim()))
      .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{16,200}$/)).min(1)),
  },
} as const;

export type SettingName = keyof typeof SETTINGS;

/** The settings whose values may hold a password: shown with it hidden. */
const SECRET: readonly SettingName[] = ['DATABASE_URL', 'UMPIRE_SMTP_URL', 'UMPIRE_IMAP_URL'];

type Schemas = { [K in SettingName]: z.ZodOptional<(typeof SETTINGS)[K]['schema']> };
const envSchema = z.object(Object.fromEntries(Object.entries(SETTINGS).map(([name, s]) => [name, s.schema.optional()])) as unknown as Schemas);

export type Settings = z.output<typeof envSchema>;

/** Settings that stop the server: one line a setting. */
export class BadSettings extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
    this.name = 'BadSettings';
  }
}

const hidePasswordIn = (text: string) => text.replace(/(\/\/[^/@:]*:)[^/@]*@/, '$1***@');

/** The settings of the environment, checked; BadSettings names every bad one. */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const given: Record<string, string> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const parsed = envSchema.safeParse(given);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0]) as SettingName));
  const lines = (Object.keys(SETTINGS) as SettingName[])
    .filter((name) => bad.has(name))
    // Hosting keys are secrets through and through: never shown.
    .map((name) => `${name} must be ${SETTINGS[name].takes}, not '${name === 'UMPIRE_HOSTING_KEYS' ? '***' : SECRET.includes(name) ? hidePasswordIn(given[name]!) : given[name]}'`);
  throw new BadSettings(lines);
}

/** The mail settings as the transports take them. */
export function mailSettings(s: Settings): { smtp?: SmtpConfig; imap?: MailboxConfig } {
  const smtp = s.UMPIRE_SMTP_URL;
  const imap = s.UMPIRE_IMAP_URL;
  return {
    ...(smtp ? { smtp: { host: smtp.host, port: smtp.port, secure: smtp.secure, ...(smtp.user ? { user: smtp.user, pass: smtp.pass } : {}) } } : {}),
    ...(imap ? { imap: { host: imap.host, port: imap.port, secure: imap.secure, user: imap.user, pass: imap.pass, mailbox: imap.path || 'INBOX' } } : {}),
  };
}

/** A clock given to startServer in code: seconds from 1 to 86400, as UMPIRE_TICK_SECONDS. */
export function checkTickSeconds(seconds: number | undefined): void {
  if (seconds === undefined) return;
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 86400) throw new BadSettings([`tickSeconds must be ${SETTINGS.UMPIRE_TICK_SECONDS.takes}, not ${seconds}`]);
}
