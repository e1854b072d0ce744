#!/usr/bin/env node
// The balance lab's throughput: the same games played in 1 worker thread and in 2 (or --threads N), games per minute.
// Run after `npm run build`:  node bench/lab.mjs [--games N] [--turns N] [--threads N]
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runLab } from '@umpire/lab';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const games = arg('--games', 6);
const turns = arg('--turns', 8);
const most = arg('--threads', 2);

const rows = [];
for (const workers of [...new Set([1, most])]) {
  const out = mkdtempSync(join(os.tmpdir(), 'umpire-bench-lab-'));
  const t0 = process.hrtime.bigint();
  const { summary } = await runLab({ settings: { ruleset: 'great-war', scenario: 'august-1914', seed: 'bench', bot: 'default', turns, options: {}, set: [] }, games, out, workers });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  rmSync(out, { recursive: true, force: true });
  rows.push([`${games} games of ${turns} turns, ${workers} worker thread${workers === 1 ? '' : 's'}`, `${(ms / 1000).toFixed(1)} s`, `${((games * 60_000) / ms).toFixed(1)} games/min; ${summary.errors.length} crashed`]);
}
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Machine: ${cpu} x${os.cpus().length}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end\n`);
console.log('| benchmark | time | notes |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
