#!/usr/bin/env node
// What serving a long game to its readers costs: a seat's view, a phase of a turn, every turn's views, a seat's and the
// public record, on a 26-turn Great War game of bots (one seat held by a player), served by an in-process server on
// the embedded database. For each request: how long it took, and the longest time the event loop was held meanwhile.
// Cold: the process has nothing kept (as after a restart); warm: the same request again.
// Run after `npm run build`:  node bench/views.mjs [--turns N]
/* global fetch, setInterval, clearInterval */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { resolvedRecord } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';
import { forgetPositions, forgetReaders, loadRecord, positionsOf, startServer } from '@umpire/server';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const turns = Number(arg('turns', 26));

/** The longest gap between ticks of a 2 ms timer while `work` runs: how long the event loop was held. */
async function measured(work) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  clearInterval(timer);
  longest = Math.max(longest, performance.now() - last);
  return { value, ms, longest };
}

const dir = mkdtempSync(join(os.tmpdir(), 'umpire-bench-views-'));
const hostingKey = 'bench-hosting-key';
const http = { rateLimit: 1_000_000, hostingKeys: [hostingKey] };
const server = await startServer({ port: 0, demo: false, tickSeconds: 3600, log: () => undefined, dataDir: join(dir, 'data'), http });
const rows = [];
try {
  const api = async (method, path, { token, body, gzip } = {}) => {
    const headers = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      'accept-encoding': gzip ? 'gzip' : 'identity',
    };
    const res = await fetch(`${server.url}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { text, bytes: Number(res.headers.get('content-length') ?? text.length) };
  };
  const game = { id: 'long', ruleset: 'great-war', seats: [{ seat: 'germany' }] };
  const created = JSON.parse((await api('POST', '/api/games', { token: hostingKey, body: game })).text);
  const code = new URL(created.seats[0].claimUrl).searchParams.get('claim');
  const { token } = JSON.parse((await api('POST', '/api/games/long/seats/germany/claim', { body: { code } })).text);
  const playStart = performance.now();
  for (let turn = 1; turn <= turns; turn++) {
    const status = JSON.parse((await api('GET', '/api/games/long')).text);
    if (!status.open) break;
    await api('POST', '/api/games/long/adjudicate', { token: created.hostToken, body: { step: status.open.step } });
  }
  const status = JSON.parse((await api('GET', '/api/games/long')).text);
  console.log(`${status.turnsResolved} turns played by the bots in ${((performance.now() - playStart) / 1000).toFixed(1)} s`);

  const row = async (what, path, opts = {}) => {
    const { value, ms, longest } = await measured(() => api('GET', path, opts));
    rows.push({ what, ms, longest, kb: value.bytes / 1024 });
  };
  const cold = () => {
    forgetPositions();
    forgetReaders();
  };
  cold();
  await row("Germany's view of the last turn, cold (the game replayed a step at a time)", '/api/games/long/view', { token });
  await row("Germany's view of the last turn, warm", '/api/games/long/view', { token });
  await row("a visitor's view of turn 13, warm", '/api/games/long/view?turn=13');
  const phase = `/api/games/long/view?turn=${status.turnsResolved}&phase=20`;
  await row("Germany's view after phase 20 of the last turn, first time", phase, { token });
  await row("Germany's view after phase 20 of the last turn, again", phase, { token });
  await row("Germany's views of every turn, first time", '/api/games/long/views', { token });
  await row("Germany's views of every turn, again (gzip)", '/api/games/long/views', { token, gzip: true });
  await row("Germany's record, first time", '/api/games/long/record', { token });
  await row("Germany's record, again (gzip)", '/api/games/long/record', { token, gzip: true });
  await row('the public record, first time', '/api/games/long/record');
  cold();
  await row('the public record, cold', '/api/games/long/record');

  // The replay itself: the whole game at once (what a request did before the views), and one more turn on kept positions.
  const record = resolvedRecord(await loadRecord(server.host.sql, 'long'));
  forgetPositions();
  let t = performance.now();
  positionsOf(greatWar, record);
  const whole = performance.now() - t;
  forgetPositions();
  const unfinished = { ...record, steps: record.steps.slice(0, -1) };
  delete unfinished.result;
  positionsOf(greatWar, unfinished);
  t = performance.now();
  positionsOf(greatWar, record);
  const oneMore = performance.now() - t;
  rows.push({ what: `the whole game replayed at once (${record.steps.length} steps)`, ms: whole, longest: whole });
  rows.push({ what: 'the last turn replayed on the kept positions of the turns before it', ms: oneMore, longest: oneMore });
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}

const machine = `${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}`;
console.log(`\nMachine: ${machine}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}\n`);
console.log('| request | time | event loop held at most | answer |');
console.log('|---|---|---|---|');
for (const r of rows) {
  const size = r.kb === undefined ? '' : `${r.kb.toFixed(0)} KiB`;
  console.log(`| ${r.what} | ${r.ms.toFixed(0)} ms | ${r.longest.toFixed(0)} ms | ${size} |`);
}
