// Maps drawn for the API and for mails. Drawing a Great War map (the SVG, then the PNG) takes seconds of CPU: these
// tests check that the server draws off its event loop, draws each picture once, takes only the widths it offers, and
// holds anonymous visitors to a limit of their own. They assert behaviour, not speed: the figures are in
// docs/benchmarks.md (bench/maps.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { acceptSeat, advanceGame, deliverOutbox, hostGame, mailComposer, makeHost, MapPictures, migrate, startServer, type OutboundMail, type RunningServer, type ServerConfig } from '../src/index.js';
import { mapAnswer } from '../src/pictures/route.js';
import { engines } from './databases.js';
import { seatTokens, TEST_HOSTING_KEY } from './hosting.js';

/** A server on PGlite in a fresh directory, with a game `g` of two players (its opening map is map 0). */
async function serverWithGame(extra: Partial<ServerConfig> = {}): Promise<{ server: RunningServer; tokens: Record<string, string>; dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-maps-'));
  const server = await startServer({ port: 0, demo: false, tickSeconds: 3600, log: () => undefined, dataDir: join(dir, 'data'), ...extra, http: { hostingKeys: [TEST_HOSTING_KEY], ...extra.http } });
  // A server that could not be set up is closed here: its drawing threads would keep the test process alive.
  try {
    return await gameOn(server, dir);
  } catch (e) {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

async function gameOn(server: RunningServer, dir: string): Promise<{ server: RunningServer; tokens: Record<string, string>; dispose(): Promise<void> }> {
  const created = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_HOSTING_KEY}` },
    body: JSON.stringify({ id: 'g', ruleset: 'great-war', seats: [{ seat: 'britain', email: 'ann@example.org' }, { seat: 'germany', email: 'bert@example.org' }] }),
  });
  assert.equal(created.status, 201);
  const tokens = await seatTokens(server, (await created.json()) as Parameters<typeof seatTokens>[1]);
  return {
    server,
    tokens,
    async dispose() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One server for the tests that need no settings of their own (a server takes seconds to start on a busy machine). */
let plain: ReturnType<typeof serverWithGame> | undefined;
const plainServer = () => (plain ??= serverWithGame());
test.after(async () => (plain ? (await plain).dispose() : undefined));

/**
 * Run `body` while measuring this process's event loop: the longest time, in ms, between two turns of a 5 ms timer
 * (the wait after its last turn included, so that a loop that never turns counts whole), and how long `body` took.
 */
async function measured<T>(body: () => Promise<T>): Promise<{ value: T; longestDelayMs: number; elapsedMs: number }> {
  const start = performance.now();
  let last = start;
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    const value = await body();
    const end = performance.now();
    return { value, longestDelayMs: Math.max(longest, end - last), elapsedMs: end - start };
  } finally {
    clearInterval(timer);
  }
}

test('a map being drawn does not hold up the server: /api/health answers meanwhile, and the event loop never waits for the drawing', async () => {
  const { server } = await plainServer();
  {
    const run = await measured(async () => {
      let mapDone = false;
      const map = fetch(`${server.url}/api/games/g/map/0?format=png&width=800`).then(async (res) => {
        const bytes = Buffer.from(await res.arrayBuffer());
        mapDone = true;
        return { status: res.status, type: res.headers.get('content-type'), bytes };
      });
      const healthWhileDrawing: number[] = [];
      while (!mapDone) {
        const health = await fetch(`${server.url}/api/health`);
        await health.arrayBuffer();
        if (!mapDone) healthWhileDrawing.push(health.status);
        await new Promise((r) => setTimeout(r, 50));
      }
      return { map: await map, healthWhileDrawing };
    });
    const { map, healthWhileDrawing } = run.value;
    assert.equal(map.status, 200);
    assert.equal(map.type, 'image/png');
    assert.equal(map.bytes.subarray(1, 4).toString('latin1'), 'PNG');
    assert.ok(healthWhileDrawing.length >= 2 && healthWhileDrawing.every((s) => s === 200), `health while drawing: ${healthWhileDrawing.join(', ')}`);
    // The server runs in this process: drawn on its event loop, the loop would stall for seconds, about as long as the
    // request took. Drawn elsewhere, the loop's longest wait is a small part of it.
    assert.ok(run.longestDelayMs < run.elapsedMs / 10, `the event loop waited ${run.longestDelayMs.toFixed(0)} ms in a ${run.elapsedMs.toFixed(0)} ms drawing`);
  }
});

test('the map comes in the widths the server offers (800, 1600, 2400); another width is refused with a 400 that lists them', async () => {
  const { server } = await plainServer();
  const drawn = server.pictures.stats().drawn;
  {
    for (const width of [600, 1000, 5000]) {
      const res = await fetch(`${server.url}/api/games/g/map/0?format=png&width=${width}`);
      assert.equal(res.status, 400, `width ${width}`);
      const body = (await res.json()) as { error: string; message: string };
      assert.equal(body.error, 'bad-width');
      assert.match(body.message, new RegExp(`${width}`));
      assert.match(body.message, /800, 1600 or 2400/);
    }
    assert.equal(server.pictures.stats().drawn, drawn);
  }
});

test('a map is drawn once: requests made while it is drawn wait for that drawing, later ones are served from the cache', async () => {
  const { server } = await plainServer();
  const before = server.pictures.stats();
  {
    const url = `${server.url}/api/games/g/map/0?format=svg&sheet=world&width=800`;
    const get = async () => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const together = await Promise.all([get(), get(), get()]);
    const later = await get();
    for (const answer of [...together, later]) {
      assert.equal(answer.status, 200);
      assert.match(answer.type ?? '', /^image\/svg\+xml/);
      assert.equal(answer.text, together[0]!.text);
    }
    assert.match(later.text, /^<svg|<\?xml/);
    const stats = server.pictures.stats();
    assert.equal(stats.drawn - before.drawn, 1);
    // Two of the three together joined the drawing (or, on a slow machine, found it done); the later one found it kept.
    assert.equal(stats.joined - before.joined + (stats.fromCache - before.fromCache), 3);
    assert.ok(stats.fromCache - before.fromCache >= 1);
    assert.ok(stats.cachedBytes - before.cachedBytes >= later.text.length, `${stats.cachedBytes - before.cachedBytes} bytes kept`);
  }
});

test('the picture cache is bounded: a map that does not fit pushes out the oldest, which is drawn again when asked for', async () => {
  // 1 MiB: the world sheet's SVG is about 0.4 MB at each width, so that two fit and the third pushes out the first.
  const { server, dispose } = await serverWithGame({ maps: { cacheMegabytes: 1 } });
  try {
    const get = async (width: number) => (await fetch(`${server.url}/api/games/g/map/0?format=svg&sheet=world&width=${width}`)).status;
    assert.deepEqual([await get(800), await get(1600), await get(2400), await get(2400), await get(800)], [200, 200, 200, 200, 200]);
    const stats = server.pictures.stats();
    assert.ok(stats.cachedBytes <= 1024 * 1024, `${stats.cachedBytes} bytes kept`);
    assert.equal(stats.fromCache, 1);
    assert.equal(stats.drawn, 4);
  } finally {
    await dispose();
  }
});

test('anonymous map requests beyond the picture limit get 429; a seat token is not held to it, and other requests go on', async () => {
  const { server, tokens, dispose } = await serverWithGame({ http: { mapRateLimit: 2 } });
  try {
    const url = `${server.url}/api/games/g/map/0?format=svg&sheet=world&width=800`;
    const anonymous: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url);
      await res.arrayBuffer();
      anonymous.push(res.status);
    }
    assert.deepEqual(anonymous, [200, 200, 429]);
    const refused = await fetch(url);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal(((await refused.json()) as { error: string }).error, 'rate-limited');
    // A wrong token is anonymous.
    assert.equal((await fetch(url, { headers: { authorization: 'Bearer nope' } })).status, 429);
    for (let i = 0; i < 3; i++) {
      const seat = await fetch(url, { headers: { authorization: `Bearer ${tokens['britain']}` } });
      await seat.arrayBuffer();
      assert.equal(seat.status, 200);
    }
    assert.equal((await fetch(`${server.url}/api/games/g`)).status, 200);
  } finally {
    await dispose();
  }
});

test("a turn's report mails carry its map as a PNG, drawn once for all of them and off the event loop", async () => {
  const db = await engines[0]!.open();
  const pictures = new MapPictures({ threads: 1 });
  try {
    await migrate(db.sql);
    const host = makeHost(db.sql, { process: 'test', log: () => undefined, publicUrl: 'http://umpire.test', address: 'umpire@umpire.test' });
    const hosted = await hostGame(host, { id: 'mailed', ruleset: 'great-war', seats: [{ seat: 'britain', email: 'ann@example.org' }, { seat: 'germany', email: 'bert@example.org' }] });
    assert.ok(hosted.ok);
    // The players have taken their seats up: reports reach them.
    for (const seat of ['britain', 'germany']) await acceptSeat(db.sql, 'mailed', seat);
    assert.deepEqual(await advanceGame(host, 'mailed', 'host'), ['t1.orders']);
    const sent: OutboundMail[] = [];
    const run = await measured(() => deliverOutbox(host, mailComposer(host, pictures), async (m) => void sent.push(m)));
    assert.equal(run.value.failed, 0);
    const reports = sent.filter((m) => m.subject.includes('Turn 1 report'));
    assert.deepEqual(reports.map((m) => m.to).sort(), ['ann@example.org', 'bert@example.org']);
    const maps = reports.map((m) => m.attachments?.[0]);
    for (const map of maps) {
      assert.equal(map?.contentType, 'image/png');
      assert.equal(map.content.subarray(1, 4).toString('latin1'), 'PNG');
    }
    assert.ok(maps[0]!.content.equals(maps[1]!.content));
    assert.equal(pictures.stats().drawn, 1);
    assert.ok(run.longestDelayMs < run.elapsedMs / 10, `the event loop waited ${run.longestDelayMs.toFixed(0)} ms while ${sent.length} mails took ${run.elapsedMs.toFixed(0)} ms`);
  } finally {
    await pictures.close();
    await db.dispose();
  }
});

test('maps beyond those the drawing threads may keep waiting are refused at once as busy: a 503 with a time to try again', async () => {
  const db = await engines[0]!.open();
  const pictures = new MapPictures({ threads: 1, maxWaiting: 1, cacheMegabytes: 0 });
  try {
    await migrate(db.sql);
    const host = makeHost(db.sql, { process: 'test', log: () => undefined });
    assert.ok((await hostGame(host, { id: 'busy', ruleset: 'great-war' })).ok);
    const ask = (width: number) => mapAnswer(host, pictures, { gameId: 'busy', turn: 0, format: 'svg', sheet: 'world', width });
    // The first is drawn, the second waits, the third finds no room.
    const first = ask(800);
    const second = ask(1600);
    const third = await ask(2400);
    assert.equal(third.ok, false);
    assert.deepEqual(third.ok ? undefined : [third.status, third.error, third.retryAfter], [503, 'busy', 5]);
    assert.equal(pictures.stats().waiting, 1);
    for (const answer of await Promise.all([first, second])) assert.equal(answer.ok && answer.type, 'image/svg+xml');
    assert.equal(pictures.stats().drawn, 2);
  } finally {
    await pictures.close();
    await db.dispose();
  }
});
