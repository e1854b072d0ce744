#!/usr/bin/env node
// Bot tournament: bot A plays every seat of one side of the 1914 war (Central Powers or Allies, alternating game by
// game), bot B every other seat (the other side and the neutrals), over many seeded games in worker threads. Reports
// A's win rate with a 95% confidence interval (Wilson), by side and in all, and the time a game takes.
// Run after `npm run build`:
//   node bench/tournament.mjs [--a general] [--b random] [--games 40] [--turns 26] [--seed t1] [--workers 2] [--json FILE]
import os from 'node:os';
import { writeFileSync } from 'node:fs';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { wilson } from '@umpire/lab';
import { fileURLToPath } from 'node:url';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

async function playOne({ a, b, side, seed, turns }) {
  const { autoplay, botNamed } = await import('@umpire/engine');
  const { greatWar, setup } = await import('@umpire/great-war');
  const opening = setup('august-1914');
  if (!opening.ok) throw new Error('the scenario does not load');
  const botA = botNamed(greatWar, a);
  const botB = botNamed(greatWar, b);
  if (!botA || !botB) throw new Error(`unknown bot ${!botA ? a : b}`);
  const seatsA = opening.value.nations.filter((n) => n.seat && n.side === side).map((n) => n.id);
  const t0 = performance.now();
  const result = autoplay(greatWar, { seed, turns, bots: Object.fromEntries(seatsA.map((s) => [s, botA])), bot: botB });
  const ms = performance.now() - t0;
  const winners = result.game.record.result?.winners ?? [];
  const final = result.game.position.state;
  const winnerSide = winners.length ? final.nations.find((n) => n.id === winners[0])?.side ?? 'none' : 'none';
  return { seed, side, turns: result.turns, ms, winners, winnerSide, won: winnerSide === side, verdict: result.verdict };
}

if (!isMainThread) {
  parentPort.on('message', async (job) => {
    try {
      parentPort.postMessage({ ok: true, result: await playOne(job) });
    } catch (e) {
      parentPort.postMessage({ ok: false, error: String(e?.stack ?? e) });
    }
  });
} else {
  const a = arg('a', 'general');
  const b = arg('b', 'random');
  const games = Number(arg('games', '40'));
  const turns = Number(arg('turns', '26'));
  const seed = arg('seed', 't1');
  const workers = Math.max(1, Number(arg('workers', String(Math.min(2, os.availableParallelism())))));
  const jobs = Array.from({ length: games }, (_, i) => ({ a, b, side: i % 2 === 0 ? 'central' : 'allied', seed: `${seed}/${i}`, turns }));
  const results = [];
  const t0 = performance.now();
  // One worker thread per core, each playing game after game (the modules load once a thread).
  await new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    const feed = (w) => {
      if (next >= jobs.length) {
        w.terminate();
        if (--running === 0) resolve();
        return;
      }
      w.postMessage(jobs[next++]);
    };
    for (let i = 0; i < Math.min(workers, jobs.length); i++) {
      const w = new Worker(fileURLToPath(import.meta.url));
      running++;
      w.on('message', (m) => {
        if (!m.ok) return reject(new Error(m.error));
        results.push(m.result);
        process.stderr.write(`\r${results.length}/${games} games`);
        feed(w);
      });
      w.once('error', reject);
      feed(w);
    }
  });
  process.stderr.write('\n');
  const wall = performance.now() - t0;
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  const row = (label, list) => {
    const k = list.filter((r) => r.won).length;
    const { low, high } = wilson(k, list.length);
    return `| ${label} | ${list.length} | ${k} | ${list.length ? pct(k / list.length) : '-'} | ${pct(low)} – ${pct(high)} |`;
  };
  const central = results.filter((r) => r.side === 'central');
  const allied = results.filter((r) => r.side === 'allied');
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  console.log(`Machine: ${os.cpus()[0]?.model} x${os.cpus().length}, Node ${process.version}; ${workers} worker threads.`);
  console.log(`${a} (A) against ${b} (B), ${games} games of up to ${turns} turns, seed ${seed}.\n`);
  console.log('| A plays | games | A wins | A win rate | 95% interval (Wilson) |');
  console.log('|---|---|---|---|---|');
  console.log(row('Central Powers', central));
  console.log(row('Allies', allied));
  console.log(row('either side', results));
  console.log(`\nA game took ${(mean(results.map((r) => r.ms)) / 1000).toFixed(1)} s on average (${mean(results.map((r) => r.turns)).toFixed(1)} turns); the whole run ${(wall / 1000).toFixed(0)} s.`);
  const out = arg('json', undefined);
  if (out) writeFileSync(out, JSON.stringify({ a, b, games, turns, seed, workers, wallMs: wall, results }, null, 1));
}
