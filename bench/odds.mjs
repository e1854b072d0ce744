#!/usr/bin/env node
// Battle-odds benchmarks: the engine's exact calculator on battles of 10, 30 and 60 units a side, and the odds of a
// great-war land battle (trench, tanks, artillery, a city) as phase 10 reports them.
// Run after `npm run build`:  node bench/odds.mjs [--repeat N]
import os from 'node:os';
import { battleOdds } from '@umpire/engine';
import { greatWar, landBattleOdds } from '@umpire/great-war';

const repeatArg = process.argv.indexOf('--repeat');
const repeat = repeatArg > 0 ? Number(process.argv[repeatArg + 1]) : 20;

/** The first call (a cold start: nothing compiled yet) and the median of `repeat` calls after it. */
function time(fn) {
  const t0 = process.hrtime.bigint();
  const result = fn();
  const first = Number(process.hrtime.bigint() - t0) / 1e6;
  const runs = [];
  for (let i = 0; i < repeat; i++) {
    const t = process.hrtime.bigint();
    fn();
    runs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  runs.sort((a, b) => a - b);
  return { first, median: runs[Math.floor(runs.length / 2)], result };
}

// An attack of n units at 3 (a tenth of them tanks at 4), with n/2 artillery at 5 firing in (at most 3 a unit),
// against n defenders at 6 (infantry in the hills, say) with a city at 1: an even fight; both sides with a fictive unit.
const attacker = (n) => ({
  size: n,
  absorber: true,
  fire: (alive) => {
    const tanks = Math.min(alive, Math.floor(n / 10));
    return [{ value: 4, dice: tanks }, { value: 3, dice: alive - tanks }, { value: 5, dice: Math.min(Math.floor(n / 2), 3 * alive) }];
  },
});
const defender = (n) => ({ size: n, absorber: true, fire: (alive) => [{ value: 6, dice: alive }, { value: 1 }] });

const rows = [];
for (const n of [10, 30, 60]) {
  const t = time(() => battleOdds(attacker(n), defender(n)));
  const o = t.result;
  rows.push([
    `battleOdds, ${n} against ${n}`,
    `${t.first.toFixed(1)} ms`,
    `${t.median.toFixed(2)} ms`,
    `attackers ${(o.attackerWins * 100).toFixed(1)}%, ${((n + 1) * (n + 1) * 4).toLocaleString('en')} states at most; sum - 1 = ${(o.attackerWins + o.defenderHolds + o.bothEliminated + o.stalemate - 1).toExponential(1)}`,
  ]);
}

// A great-war battle: n German infantry and n/10 tanks from Metz, n/2 artillery firing from Metz, into Verdun held
// by n French infantry behind a trench facing Metz.
const state = greatWar.setup('august-1914');
if (!state.ok) throw new Error('setup failed');
const s = state.value;
for (const n of [10, 30, 60]) {
  const units = s.board.units.filter((u) => u.at !== 'metz' && u.at !== 'verdun');
  const participants = [];
  const add = (nation, type, at, count, role, from) => {
    for (let i = 0; i < count; i++) {
      const id = `${nation}-b${units.length + 1}`;
      units.push({ id, nation, type, at, damage: 0 });
      participants.push({ unit: id, role, ...(from ? { from } : {}) });
    }
  };
  add('germany', 'infantry', 'verdun', n - Math.floor(n / 10), 'ground', 'metz');
  add('germany', 'tank', 'verdun', Math.floor(n / 10), 'ground', 'metz');
  add('germany', 'artillery', 'metz', Math.floor(n / 2), 'support', 'metz');
  add('france', 'infantry', 'verdun', n, 'defender');
  const board = { ...s.board, units, trenches: [{ nation: 'france', territory: 'verdun', facing: 'metz', super: false }] };
  const game = { ...s, board };
  const t = time(() => landBattleOdds(game, { area: 'verdun', holder: 'france', participants }, { losses: new Map() }));
  rows.push([
    `landBattleOdds, Verdun: ${n} German (${Math.floor(n / 10)} tank${n < 20 ? '' : 's'}, ${Math.floor(n / 2)} artillery firing in) against ${n} French behind a trench`,
    `${t.first.toFixed(1)} ms`,
    `${t.median.toFixed(2)} ms`,
    `attackers ${(t.result.attacker * 100).toFixed(1)}%, defenders ${(t.result.defender * 100).toFixed(1)}%, exact ${t.result.exact}`,
  ]);
}

console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.log(`| benchmark | first call | median of ${repeat} | notes |\n|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
