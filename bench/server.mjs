#!/usr/bin/env node
// Server load benchmark: order submissions per second and their latency (p50, p99) through the HTTP API, on the
// embedded database (PGlite) and on a PostgreSQL server. Clients on this machine send orders for the seats of a
// Great War game over and over (each later submission replaces the earlier, as players revising their orders do).
// Run after `npm run build`:  node bench/server.mjs [--requests N] [--clients C] [--engine pglite|postgres]
// The PostgreSQL server comes from scripts/services/postgres.mjs (installed and started when missing), or
// UMPIRE_TEST_DATABASE_URL.
/* global fetch */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { awaiting, loadGame } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import { startServer } from '@umpire/server';
import { ensurePostgres } from '../scripts/services/postgres.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const requests = Number(arg('requests', 600));
const clients = Number(arg('clients', 8));
const only = arg('engine', undefined);

/** Legal orders for every seat of the open step, from the published record: the first legal action of each. */
function ordersFor(record) {
  const game = loadGame(greatWar, record);
  const now = awaiting(greatWar, game.value);
  return Object.fromEntries(
    now.step.seats.map((seat) => {
      const ctx = { state: game.value.position.state, seat, step: now.step };
      const actions = greatWar.legalActions(greatWar.emptyOrders(ctx), ctx);
      return [seat, actions.length ? greatWar.formatOrders(actions[0].next, ctx) : ''];
    }),
  );
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(engine) {
  let database;
  let cleanup;
  if (engine === 'postgres') {
    const env = await ensurePostgres();
    const admin = new pg.Client({ connectionString: process.env.UMPIRE_TEST_DATABASE_URL ?? env.UMPIRE_TEST_DATABASE_URL });
    await admin.connect();
    const name = `umpire_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.UMPIRE_TEST_DATABASE_URL ?? env.UMPIRE_TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    database = { databaseUrl: url.toString() };
    cleanup = async () => {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(join(os.tmpdir(), 'umpire-bench-'));
    database = { dataDir: join(dir, 'data') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // One client machine sends every request: the per-client rate limit is lifted for the measurement.
  const hostingKey = 'bench-hosting-key';
  const server = await startServer({ port: 0, demo: false, tickSeconds: 3600, log: () => undefined, http: { rateLimit: 1_000_000, hostingKeys: [hostingKey] }, ...database });
  try {
    // Every seat open: each player takes it up with its one-time claim link.
    const seats = greatWar.seats(greatWar.setup('august-1914', {}).value).map((seat) => ({ seat }));
    const created = await (
      await fetch(`${server.url}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${hostingKey}` }, body: JSON.stringify({ id: 'bench', ruleset: 'great-war', seats }) })
    ).json();
    const tokens = [];
    for (const s of created.seats) {
      const code = new URL(s.claimUrl).searchParams.get('claim');
      const claimed = await (await fetch(`${server.url}/api/games/bench/seats/${s.seat}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) })).json();
      tokens.push([s.seat, claimed.token]);
    }
    const record = await (await fetch(`${server.url}/api/games/bench/record`)).json();
    const texts = ordersFor(record);
    const latencies = [];
    let next = 0;
    let failures = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < requests) {
          const i = next++;
          const [seat, token] = tokens[i % tokens.length];
          const start = performance.now();
          const res = await fetch(`${server.url}/api/games/bench/orders`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ text: texts[seat], step: 't1.orders' }) });
          await res.arrayBuffer();
          latencies.push(performance.now() - start);
          if (res.status !== 200) failures++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    return { engine, requests, clients, failures, perSecond: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await server.close();
    await cleanup();
  }
}

const results = [];
for (const engine of ['pglite', 'postgres']) if (!only || only === engine) results.push(await run(engine));
console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`);
console.log('| engine | submissions | clients | per second | p50 | p99 | refused |\n|---|---|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.engine} | ${r.requests} | ${r.clients} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.failures} |`);
