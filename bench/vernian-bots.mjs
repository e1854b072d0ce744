#!/usr/bin/env node
// vernian bot games: bot A on one seat, bot B on the other, alternating sides game by game, over seeded games.
// Prints each game's verdict, its combats and bombards, the city points each side holds at the end and the time it
// took, then A's wins by side. Run after `npm run build`:
//   node bench/vernian-bots.mjs [--a general] [--b random] [--games 4] [--turns 21] [--seed v1]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { autoplay, botNamed } from '@umpire/engine';
import { vernian } from '@umpire/vernian';
import { cityPoints } from '../packages/vernian/dist/src/victory/victory.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const a = arg('a', 'general');
const b = arg('b', 'random');
const games = Number(arg('games', '4'));
const turns = Number(arg('turns', '21'));
const seed = arg('seed', 'v1');
const botA = botNamed(vernian, a);
const botB = botNamed(vernian, b);
if (!botA || !botB) throw new Error(`unknown bot ${!botA ? a : b}`);

console.log(`Machine: ${os.cpus()[0].model.trim()} x${os.cpus().length}, Node ${process.version}; ${a} (A) against ${b} (B)`);
console.log('| game | A plays | verdict | winner | combats | bombards | German points | Allied points | seconds |');
console.log('|---|---|---|---|---|---|---|---|---|');
const wins = { germany: 0, allies: 0 };
const played = { germany: 0, allies: 0 };
for (let i = 0; i < games; i++) {
  const side = i % 2 === 0 ? 'germany' : 'allies';
  const t0 = performance.now();
  const r = autoplay(vernian, { seed: `${seed}/${i}`, turns, bots: { [side]: botA }, bot: botB });
  const s = (performance.now() - t0) / 1000;
  const events = r.game.record.steps.flatMap((st) => st.events);
  const count = (t) => events.filter((e) => e.type === t).length;
  const state = r.game.position.state;
  const winner = state.over?.winner ?? 'none';
  played[side] += 1;
  if (winner === side) wins[side] += 1;
  console.log(
    `| ${i + 1} | ${side} | ${r.verdict ?? 'unfinished'} | ${winner} | ${count('combat')} | ${count('bombard')} | ${cityPoints(state, 'germany')} | ${cityPoints(state, 'allies')} | ${s.toFixed(1)} |`,
  );
}
console.log(`\nA won ${wins.germany} of ${played.germany} as the Germans and ${wins.allies} of ${played.allies} as the Allies.`);
