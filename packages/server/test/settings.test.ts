// The server's settings (docs/server.md): every one is checked when the server starts, and a bad one stops it with a
// message that names the setting, the value it was given and what it takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, startServer } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'umpire-settings-'));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory');
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** Each setting with values it refuses, and the words of what it takes. */
const refused: readonly (readonly [string, readonly string[], RegExp])[] = [
  ['PORT', ['eighty', '70000', '-1', '80.5'], /a port number, 0 to 65535/],
  ['UMPIRE_TICK_SECONDS', ['abc', '0', '-5', 'Infinity', '1e9'], /a number of seconds from 1 to 86400/],
  ['UMPIRE_LISTEN', ['every interface', 'http://0.0.0.0'], /an IP address or a host name/],
  ['DATABASE_URL', ['mysql://db/umpire', 'umpire'], /postgres:\/\//],
  ['UMPIRE_DATA_DIR', [aFile], /a directory/],
  ['UMPIRE_PUBLIC_URL', ['umpire.example.org', 'ftp://umpire.example.org'], /an http:\/\/ or https:\/\/ address/],
  ['UMPIRE_MAIL_ADDRESS', ['umpire', 'umpire@'], /a mail address/],
  ['UMPIRE_SMTP_URL', ['imap://mail.example.org', 'mail.example.org'], /smtp:\/\/ or smtps:\/\//],
  ['UMPIRE_IMAP_URL', ['smtp://mail.example.org', 'mail.example.org'], /imap:\/\/ or imaps:\/\//],
  ['UMPIRE_DEMO', ['maybe', 'no'], /on or off/],
  ['UMPIRE_DEMO_GAME', ['vernian', 'Great War:britain', 'vernian:'], /ruleset:seat/],
  ['UMPIRE_WEB_DIR', [join(dir, 'nowhere')], /index\.html/],
  ['UMPIRE_MAP_THREADS', ['0', 'two', '1.5'], /a whole number of threads from 1 to 16/],
  ['UMPIRE_MAP_CACHE_MB', ['lots', '-1'], /a whole number of megabytes from 0 to 4096/],
  ['UMPIRE_MAP_RATE_LIMIT', ['0', 'unlimited'], /a whole number of maps a minute from 1 to 100000/],
];

test('a bad UMPIRE_HOSTING_KEYS is refused with what it takes, and the keys given are never shown', () => {
  for (const value of ['short', 'a-good-long-key-0001,', 'spaces are not keys ok']) {
    assert.throws(
      () => configFromEnv({ UMPIRE_HOSTING_KEYS: value }),
      (e: Error) => {
        assert.match(e.message, /^UMPIRE_HOSTING_KEYS must be hosting keys separated by commas/);
        assert.ok(!e.message.includes(value), e.message);
        return true;
      },
    );
  }
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [name, values, takes] of refused) {
  test(`a bad ${name} is refused with a message that names it, its value and what it takes`, () => {
    for (const value of values) {
      assert.throws(
        () => configFromEnv({ [name]: value }),
        (e: Error) => {
          assert.match(e.message, new RegExp(`^${name} must be `));
          assert.match(e.message, takes);
          assert.match(e.message, new RegExp(`not '${escape(value)}'`));
          return true;
        },
        `${name}=${value}`,
      );
    }
  });
}

test('every bad setting is named at once, and a password in a URL is not shown', () => {
  assert.throws(
    () => configFromEnv({ PORT: 'x', UMPIRE_TICK_SECONDS: '0', UMPIRE_SMTP_URL: 'http://umpire:hunter2@mail.example.org' }),
    (e: Error) => {
      assert.deepEqual(e.message.split('\n').map((l) => l.split(' ')[0]), ['PORT', 'UMPIRE_TICK_SECONDS', 'UMPIRE_SMTP_URL']);
      assert.doesNotMatch(e.message, /hunter2/);
      return true;
    },
  );
});

test('good settings make the configuration; an empty setting is as good as unset', () => {
  const config = configFromEnv({
    PORT: '9000',
    UMPIRE_LISTEN: '0.0.0.0',
    UMPIRE_TICK_SECONDS: '2.5',
    UMPIRE_DATA_DIR: dir,
    UMPIRE_PUBLIC_URL: 'https://umpire.example.org/',
    UMPIRE_MAIL_ADDRESS: 'umpire@example.org',
    UMPIRE_SMTP_URL: 'smtps://umpire:p%40ss@mail.example.org',
    UMPIRE_IMAP_URL: 'imap://umpire:pass@mail.example.org:1143/Orders',
    UMPIRE_DEMO: 'off',
    UMPIRE_DEMO_GAME: 'vernian:allies',
    UMPIRE_MAP_THREADS: '2',
    UMPIRE_MAP_CACHE_MB: '16',
    UMPIRE_MAP_RATE_LIMIT: '10',
    UMPIRE_HOSTING_KEYS: 'first-hosting-key-0001, second-hosting-key-0002',
    DATABASE_URL: '',
  });
  assert.equal(config.port, 9000);
  assert.equal(config.listen, '0.0.0.0');
  assert.equal(config.tickSeconds, 2.5);
  assert.equal(config.dataDir, dir);
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.publicUrl, 'https://umpire.example.org/');
  assert.equal(config.address, 'umpire@example.org');
  assert.deepEqual(config.smtp, { host: 'mail.example.org', port: 465, secure: true, user: 'umpire', pass: 'p@ss' });
  assert.deepEqual(config.imap, { host: 'mail.example.org', port: 1143, secure: false, user: 'umpire', pass: 'pass', mailbox: 'Orders' });
  assert.equal(config.demo, false);
  assert.deepEqual(config.demoGame, { ruleset: 'vernian', seat: 'allies' });
  assert.deepEqual(config.maps, { threads: 2, cacheMegabytes: 16 });
  assert.equal(config.http?.mapRateLimit, 10);
  assert.deepEqual(config.http?.hostingKeys, ['first-hosting-key-0001', 'second-hosting-key-0002']);
  const defaults = configFromEnv({});
  assert.equal(defaults.port, 8080);
  assert.equal(defaults.dataDir, './data');
  assert.equal(defaults.demo, true);
  assert.equal(defaults.demoGame, undefined, 'the default demo: DEFAULT_DEMO');
  assert.equal(defaults.tickSeconds ?? 10, 10);
});

test('startServer refuses a clock that is not a number of seconds from 1 up, before it opens anything', async () => {
  for (const tickSeconds of [0, -5, Number.NaN]) {
    const dataDir = join(dir, `data-${String(tickSeconds)}`);
    await assert.rejects(
      startServer({ port: 0, demo: false, dataDir, tickSeconds, log: () => undefined }).then((s) => s.close()),
      /tickSeconds must be a number of seconds from 1 to 86400/,
      `tickSeconds ${tickSeconds}`,
    );
    assert.equal(existsSync(dataDir), false);
  }
});
