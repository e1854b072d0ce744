#!/usr/bin/env node
// Kernel benchmarks: committed dice throughput, and autoplay/replay/verify of a Great War game.
// Run after `npm run build`:  node bench/kernel.mjs [--turns N]
import os from 'node:os';
import { CommittedDice, autoplay, replay, hashValue } from '@umpire/engine';
import { greatWar, mapPicture, theWorld } from '@umpire/great-war';
import { renderMapSvg } from '@umpire/cartography';

const turnsArg = process.argv.indexOf('--turns');
const turns = turnsArg > 0 ? Number(process.argv[turnsArg + 1]) : 26;

function time(label, fn, repeat = 1) {
  fn();
  const t0 = process.hrtime.bigint();
  let result;
  for (let i = 0; i < repeat; i++) result = fn();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6 / repeat;
  return { label, ms, result };
}

const rows = [];
const rolls = 200_000;
const dice = time('d10 rolls', () => {
  const d = new CommittedDice(hashValue('bench'));
  let s = 0;
  for (let i = 0; i < rolls; i++) s += d.roll(10);
  return s;
});
rows.push([`${rolls.toLocaleString('en')} committed d10 rolls`, `${dice.ms.toFixed(0)} ms`, `${Math.round(rolls / (dice.ms / 1000)).toLocaleString('en')} rolls/s`]);

const play = time('autoplay', () => autoplay(greatWar, { seed: 'bench', turns }), 3);
const record = play.result.game.record;
const rollCount = record.steps.flatMap((s) => s.events).filter((e) => e.type === 'roll').length;
rows.push([`autoplay great-war, ${turns} turns, random bots`, `${play.ms.toFixed(0)} ms`, `${rollCount} rolls, ${record.steps.length} steps`]);
const verify = time('replay', () => replay(greatWar, record), 3);
if (!verify.result.ok) throw new Error('replay failed');
rows.push([`verify (replay) of that record`, `${verify.ms.toFixed(0)} ms`, `${(JSON.stringify(record).length / 1024).toFixed(0)} KiB record`]);

const picture = mapPicture(theWorld(), { title: 'bench', nationNames: {} });
const map = time('map', () => renderMapSvg(picture, { width: 1600 }), 3);
rows.push([`map picture (world, Europe, fronts) as SVG, 1600 px`, `${map.ms.toFixed(0)} ms`, `${(map.result.length / 1024).toFixed(0)} KiB of SVG`]);

console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.log('| benchmark | time | notes |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
