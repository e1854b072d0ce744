#!/usr/bin/env node
// Battle-odds benchmarks: the engine's exact calculator on battles of 10, 30 and 60 units a side, and the odds of a
// great-war land battle (trench, tanks, artillery, a city) as phase 10 reports them; then the odds calculator
// (battleOddsOf, `umpire odds`) on mixed battles of 5 to 60 a side against its Monte Carlo modes: the engine's
// sampleBattle (the same model) and sampleBattleOf (phase 10's own code), with 200 runs (TripleA's default) and more.
// Run after `npm run build`:  node bench/odds.mjs [--repeat N] [--mc-runs N] [--skip-phase10-mc]
import os from 'node:os';
import { battleOdds, Random, sampleBattle } from '@umpire/engine';
import { battleOddsOf, greatWar, landBattleOdds, sampleBattleOf } from '@umpire/great-war';

const repeatArg = process.argv.indexOf('--repeat');
const repeat = repeatArg > 0 ? Number(process.argv[repeatArg + 1]) : 20;
const mcArg = process.argv.indexOf('--mc-runs');
const mcRuns = mcArg > 0 ? Number(process.argv[mcArg + 1]) : 10_000;
const skipPhase10 = process.argv.includes('--skip-phase10-mc');

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

console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
console.log(`| benchmark | first call | median of ${repeat} | notes |\n|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);

// The odds calculator against its Monte Carlo modes, on mixed battles of n a side: n attacking units (7 in 10
// infantry, the rest tanks, fighters and bombers) with n/2 artillery firing in from Metz, into Verdun held by n
// defenders (infantry, a tenth artillery, one AA gun in 15). The error is the largest gap between a sampled chance
// (attackers take it, defenders hold, both destroyed) and the exact one, also in the exact binomial standard errors.
const mixed = (n) => {
  const tanks = Math.max(1, Math.round(n / 10));
  const fighters = Math.max(0, Math.round(n / 10));
  const bombers = Math.max(0, Math.round(n / 20));
  const infantry = n - tanks - fighters - bombers;
  const aa = Math.max(1, Math.floor(n / 15));
  const artillery = Math.floor(n / 10);
  return {
    attacker: `${infantry} infantry, ${tanks} tanks${fighters ? `, ${fighters} fighters` : ''}${bombers ? `, ${bombers} bombers` : ''}`,
    support: `${Math.floor(n / 2)} artillery`,
    defender: `${n - aa - artillery} infantry${artillery ? `, ${artillery} artillery` : ''}, ${aa} AA guns`,
    territory: 'verdun',
  };
};
const once = (fn) => {
  const t = process.hrtime.bigint();
  const result = fn();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, result };
};
const gap = (exact, sampled, runs) => {
  let worst = 0;
  let inSe = 0;
  for (const [e, s] of [
    [exact.attackerWin, sampled.attackerWin],
    [exact.defenderWin, sampled.defenderWin],
    [exact.mutualDestruction, sampled.mutualDestruction],
  ]) {
    const d = Math.abs(e - s);
    worst = Math.max(worst, d);
    const se = Math.sqrt((e * (1 - e)) / runs);
    inSe = Math.max(inSe, se > 0 ? d / se : 0);
  }
  return `${(worst * 100).toFixed(2)} points (${inSe.toFixed(1)} SE)`;
};
const calcRows = [];
for (const n of [5, 10, 20, 30, 60]) {
  const req = mixed(n);
  const t = time(() => battleOddsOf(req));
  if (!t.result.ok) throw new Error(JSON.stringify(t.result.error));
  const exact = t.result.value;
  // The engine's Monte Carlo of the same model: the exact side's dice, sampled (one attacking camp, no aircraft: n/2 artillery).
  const a = { size: n, absorber: true, fire: (alive) => [{ value: 3, dice: alive }, { value: 5, dice: Math.min(Math.floor(n / 2), 3 * alive) }] };
  const d = { size: n, absorber: true, fire: (alive) => [{ value: 5, dice: alive }] };
  const model = battleOdds(a, d);
  const asCalc = (o) => ({ attackerWin: o.attackerWins, defenderWin: o.defenderHolds + o.stalemate, mutualDestruction: o.bothEliminated });
  const m200 = once(() => sampleBattle(a, d, { runs: 200, rng: new Random(`bench-${n}`, 'odds') }));
  const mBig = once(() => sampleBattle(a, d, { runs: mcRuns, rng: new Random(`bench-${n}`, 'odds') }));
  const mExact = time(() => battleOdds(a, d));
  calcRows.push([`engine, ${n} infantry at 3 and ${Math.floor(n / 2)} artillery against ${n} at 5`, `${mExact.median.toFixed(2)} ms`, `${m200.ms.toFixed(1)} ms, error ${gap(asCalc(model), asCalc(m200.result), 200)}`, `${mBig.ms.toFixed(0)} ms, error ${gap(asCalc(model), asCalc(mBig.result), mcRuns)}`]);
  let p200 = '(skipped)';
  let pBig = '(skipped)';
  if (!skipPhase10) {
    const s200 = once(() => sampleBattleOf(req, { runs: 200, seed: `bench-${n}` }));
    p200 = `${s200.ms.toFixed(0)} ms, error ${gap(exact, s200.result.value, 200)}`;
    const runs = n <= 20 ? mcRuns : Math.min(mcRuns, 2000);
    const sBig = once(() => sampleBattleOf(req, { runs, seed: `bench-${n}` }));
    pBig = `${sBig.ms.toFixed(0)} ms (${runs} runs), error ${gap(exact, sBig.result.value, runs)}`;
  }
  calcRows.push([`battleOddsOf, ${n} a side at Verdun: ${req.attacker} (+${req.support} firing in) against ${req.defender}; attackers ${(exact.attackerWin * 100).toFixed(1)}%, ${exact.expectedRounds.toFixed(2)} rounds`, `${t.first.toFixed(1)} ms first, ${t.median.toFixed(2)} ms median`, p200, pBig]);
}
console.log(`\n| battle | exact | Monte Carlo, 200 runs | Monte Carlo, ${mcRuns.toLocaleString('en')} runs |\n|---|---|---|---|`);
for (const r of calcRows) console.log(`| ${r.join(' | ')} |`);
