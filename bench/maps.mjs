#!/usr/bin/env node
// Maps under load: how long `GET /api/health` takes while 20 map requests are drawn, with the maps drawn on the
// server's drawing threads (the server as it runs) and, for comparison, on its event loop (as the server drew them
// before). A server with the embedded database (PGlite, in memory) hosts a Great War game; 20 clients on this machine
// (on a thread of their own) ask at once for 20 different maps of its opening (every sheet, width and format: none is in the cache), while one
// client asks for /api/health over and over, 20 ms apart, until the maps are done. Then the same 20 maps again, from
// the cache (drawn on the event loop, nothing was kept). The rate limits are lifted for the measurement.
// Run after `npm run build`:  node bench/maps.mjs [--maps N] [--threads N] [--mode threads|event-loop]
/* global fetch, setTimeout */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp, hostGame, makeHost, MapPictures, MAP_SHEETS, MAP_WIDTHS, openDatabase, svgToPng, turnMapSvg } from '@umpire/server';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const mapCount = Number(arg('maps', 20));
const threads = arg('threads', undefined);
const only = arg('mode', undefined);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Draws as the server did before its drawing threads: on the event loop, nothing kept. */
const onTheEventLoop = {
  async draw(order) {
    const svg = turnMapSvg(order.record, order.position, order.turn, { sheet: order.sheet ?? 'all', width: order.width });
    return order.format === 'png' ? svgToPng(svg) : svg;
  },
  kept: () => undefined,
  stats: () => ({ drawn: 0 }),
  close: async () => undefined,
};

/** Every map of the opening the server offers, in an order that mixes the sheets: `count` of them. */
function mapPaths(count) {
  const all = [];
  for (const width of MAP_WIDTHS) for (const format of ['png', 'svg']) for (const sheet of MAP_SHEETS) all.push(`/api/games/bench/map/0?format=${format}&sheet=${sheet}&width=${width}`);
  if (count > all.length) throw new Error(`--maps takes at most ${all.length}: the server offers no more maps of one turn`);
  return all.slice(0, count);
}

/**
 * The 20 clients asking for maps, on a thread of their own: the server runs in this thread, and reading 15 MiB of
 * answers here would be counted as the server's delay.
 */
function mapClients(address, paths) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    Promise.all(workerData.paths.map(async (path) => {
      const res = await fetch(workerData.address + path);
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(path + ': ' + res.status);
      return bytes;
    })).then((sizes) => parentPort.postMessage({ sizes }), (e) => parentPort.postMessage({ failed: e.message }));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { address, paths } });
    worker.once('message', (msg) => {
      void worker.terminate();
      if (msg.failed) reject(new Error(msg.failed));
      else resolve(msg.sizes);
    });
    worker.once('error', reject);
  });
}

async function run(mode) {
  const sql = await openDatabase({});
  const host = makeHost(sql, { log: () => undefined });
  const pictures = mode === 'threads' ? new MapPictures(threads ? { threads: Number(threads) } : {}) : onTheEventLoop;
  const app = await buildApp(host, { rateLimit: 1_000_000, mapRateLimit: 100_000, webDir: null, pictures });
  try {
    const hosted = await hostGame(host, { id: 'bench', ruleset: 'great-war' });
    if (!hosted.ok) throw new Error(hosted.error[0].message);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const paths = mapPaths(mapCount);
    // Once before the measurement, so that neither mode pays for loading the fonts and the drawing code in it.
    const warm = await fetch(`${address}/api/health`);
    await warm.arrayBuffer();
    const round = async () => {
      const health = [];
      let done = false;
      const t0 = performance.now();
      const maps = mapClients(address, paths).finally(() => (done = true));
      while (!done) {
        const start = performance.now();
        const res = await fetch(`${address}/api/health`);
        await res.arrayBuffer();
        health.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 20));
      }
      const bytes = (await maps).reduce((a, b) => a + b, 0);
      return { seconds: (performance.now() - t0) / 1000, bytes, health };
    };
    /** Rounds one after another: the maps' time and bytes each round, every /api/health latency. */
    const rounds = async (n) => {
      const done = [];
      for (let i = 0; i < n; i++) done.push(await round());
      const health = done.flatMap((r) => r.health).sort((a, b) => a - b);
      return { rounds: n, seconds: done.reduce((a, r) => a + r.seconds, 0) / n, bytes: done[0].bytes, health: health.length, p50: percentile(health, 50), p99: percentile(health, 99), max: health.at(-1) };
    };
    const cold = await rounds(1);
    // A round from the cache is over in a moment: ten of them, so that /api/health is asked more than a few times.
    // Drawn on the event loop nothing is kept: another round would only draw again.
    const cached = mode === 'threads' ? await rounds(10) : undefined;
    return { mode, cold, cached, drawn: pictures.stats().drawn, threads: mode === 'threads' ? (threads ?? `${Math.max(1, os.availableParallelism() - 1)} (default)`) : '-' };
  } finally {
    await app.close();
    await pictures.close();
    await sql.close();
  }
}

const results = [];
for (const mode of ['threads', 'event-loop']) if (!only || only === mode) results.push(await run(mode));
console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length} (nproc ${os.availableParallelism()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`);
console.log('| maps drawn | maps | drawing threads | maps took | /api/health answered | p50 | p99 | longest |\n|---|---|---|---|---|---|---|---|');
for (const r of results) {
  for (const [label, x] of [['drawn', r.cold], ['from the cache', r.cached]]) {
    if (!x) continue;
    const where = r.mode === 'threads' ? `on threads, ${label}${x.rounds > 1 ? ` (${x.rounds} rounds)` : ''}` : 'on the event loop (as before), drawn';
    console.log(`| ${where} | ${mapCount} (${(x.bytes / 2 ** 20).toFixed(1)} MiB) | ${r.threads} | ${x.seconds.toFixed(1)} s${x.rounds > 1 ? ' a round' : ''} | ${x.health} times | ${x.p50.toFixed(1)} ms | ${x.p99.toFixed(1)} ms | ${x.max.toFixed(1)} ms |`);
  }
}
