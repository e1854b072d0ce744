#!/usr/bin/env node
// vernian benchmarks: one unit's movement range, the supply of every unit, and a whole Operational Turn adjudicated
// with the full order of battle (every unit of the phasing side ordered: a move toward the enemy, then attacks).
// Run after `npm run build`:  node bench/vernian.mjs [--repeat N] [--phases] [--movement] [--combat]
// --phases times each phase of the German player-turn (median of five runs); --movement and --combat run the
// Movement or the Combat Phase thirty times.
import os from 'node:os';
import { createGame, openStep, resolveStep, submitOrders, awaiting, Random, SECRET_BYTES } from '@umpire/engine';
import { vernian } from '@umpire/vernian';
import { openingState } from '../packages/vernian/dist/src/arrivals/opening.js';
import { moveWorld, reachableHexes } from '../packages/vernian/dist/src/movement/movement.js';
import { language } from '../packages/vernian/dist/src/orders/language.js';
import { unitInfo } from '../packages/vernian/dist/src/base/units.js';
import { isOnMap } from '../packages/vernian/dist/src/base/state.js';
import * as supply from '../packages/vernian/dist/src/supply/supply.js';

const repeatArg = process.argv.indexOf('--repeat');
const repeat = repeatArg > 0 ? Number(process.argv[repeatArg + 1]) : 20;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => Number(process.hrtime.bigint()) / 1e6;
const rows = [];

// 1. One unit's movement range: every German unit of the opening once each (each search new: nothing cached).
const opening = openingState();
const germans = Object.keys(opening.units).filter((id) => isOnMap(opening.units[id].at) && unitInfo(id).side === 'germany' && !unitInfo(id).hq);
const times = [];
let hexes = 0;
for (const [i, id] of germans.entries()) {
  const t0 = now();
  const reach = reachableHexes(moveWorld(opening, 'germany'), id, 2 + (i % 2));
  times.push(now() - t0);
  hexes += reach.size;
}
rows.push([`movement range of one unit (${germans.length} German units of the opening)`, `${median(times).toFixed(3)} ms median`, `${Math.max(...times).toFixed(2)} ms the slowest; ${(hexes / germans.length).toFixed(0)} hexes reached on average`]);

// 2. The supply of every unit of both sides.
if (supply.supplyStates) {
  const st = [];
  for (let i = 0; i < repeat; i++) {
    const s = JSON.parse(JSON.stringify(opening));
    // A different hex held each time, so that no answer kept from an earlier call is reused.
    s.control[`W60${String(10 + i).padStart(2, '0')}`] = 'allies';
    const t0 = now();
    supply.supplyStates(s, 'germany');
    supply.supplyStates(s, 'allies');
    st.push(now() - t0);
  }
  rows.push([`supply of every unit of both sides (${Object.values(opening.units).filter((u) => isOnMap(u.at)).length} units on the map)`, `${median(st).toFixed(2)} ms median`, `${Math.min(...st).toFixed(2)} ms the fastest`]);
}

// 3. A whole Operational Turn: the German and the Allied player-turn adjudicated with every unit ordered.
function ordersFor(game, seat) {
  const ctx = { state: game.position.state, seat, step: awaiting(vernian, game).step };
  const draft = language.openDraft(ctx);
  const side = seat;
  const enemy = Object.entries(ctx.state.units).filter(([id, u]) => isOnMap(u.at) && unitInfo(id).side !== side).map(([, u]) => u.at);
  for (const id of Object.keys(ctx.state.units).sort()) {
    const u = draft.ctx.state.units[id];
    if (!isOnMap(u.at) || unitInfo(id).side !== side || unitInfo(id).hq) continue;
    const reach = [...reachableHexes(moveWorld(draft.ctx.state, side), id, ctx.step.turn).values()];
    // Toward the enemy: the reachable hex with the most enemy hexes within 2, the farthest first.
    reach.sort((a, b) => near(b.id) - near(a.id) || b.cost - a.cost || (a.id < b.id ? -1 : 1));
    for (const r of reach.slice(0, 3)) if (draft.add({ kind: 'move', units: [id], to: r.id }) === undefined) break;
  }
  const attackSpec = language.specFor('attack');
  for (let i = 0; i < 40; i++) {
    const c = attackSpec.candidates(draft.ledger, draft.ctx, { side, start: ctx.state, turn: ctx.step.turn });
    if (!c.length || draft.add(c[0]) !== undefined) break;
  }
  return draft.orders;
  function near(hex) {
    return enemy.filter((e) => e.slice(0, 1) === hex.slice(0, 1) && Math.abs(+e.slice(1, 3) - +hex.slice(1, 3)) <= 2 && Math.abs(+e.slice(3) - +hex.slice(3)) <= 2).length;
  }
}

// Each step's secret comes from its place in the record, so a step played again rolls the same dice.
async function play(game, seat, orders) {
  const secret = new Random('bench', `step ${game.record.steps.length}`).hex(SECRET_BYTES);
  let g = openStep(vernian, game, secret);
  if (!g.ok) throw new Error(JSON.stringify(g.error));
  g = g.value;
  if (seat) {
    const r = submitOrders(vernian, g, seat, { json: orders });
    if (!r.ok) {
      throw new Error(JSON.stringify(r.error.slice(0, 3)));
    }
    g = r.value.game;
  }
  const t0 = now();
  const res = resolveStep(vernian, g, secret);
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return { game: res.value.game, ms: now() - t0 };
}

const made = createGame(vernian, { gameId: 'bench', dice: { mode: 'committed' }, seats: [{ id: 'germany', player: 'g@x' }, { id: 'allies', player: 'a@x' }], decisions: 'standing' });
if (!made.ok) throw new Error(JSON.stringify(made.error));
let game = (await play(made.value, undefined)).game; // set-up
game = (await play(game, undefined)).game; // Strategic Turn A
const german = ordersFor(game, 'germany');
const g1 = await play(game, 'germany', german);
const allied = ordersFor(g1.game, 'allies');
const a1 = await play(g1.game, 'allies', allied);
// Where the time goes: each phase of the German player-turn run on its own (with the same dice).
if (process.argv.includes('--phases')) {
  const { phaseContext } = await import('@umpire/engine');
  const step = awaiting(vernian, game).step;
  // Each phase's median over five runs of the player-turn (the first run is cold: modules and tables warm up).
  const byPhase = new Map(step.phases.map((p) => [p, []]));
  for (let run = 0; run < 5; run++) {
    let state = JSON.parse(JSON.stringify(game.position.state));
    for (const phase of step.phases) {
      const ctx = phaseContext({ step, dice: { roll: () => 4, rolled: () => 0 }, decisions: 'standing' });
      const t0 = now();
      const next = vernian.phases[phase](state, new Map([['germany', german]]), ctx);
      byPhase.get(phase).push(now() - t0);
      if (next) state = next;
    }
  }
  for (const [phase, times] of byPhase) console.log(phase, median(times).toFixed(2), 'ms');
  if (process.argv.includes('--movement')) {
    const times = [];
    for (let i = 0; i < 30; i++) {
      const st = JSON.parse(JSON.stringify(game.position.state));
      const ctx = phaseContext({ step, dice: { roll: () => 1, rolled: () => 0 }, decisions: 'standing' });
      const t0 = now();
      vernian.phases['german-movement'](st, new Map([['germany', german]]), ctx);
      times.push(now() - t0);
    }
    console.log('movement phase again, median', median(times).toFixed(2), 'ms');
  }
  if (process.argv.includes('--combat')) {
    // The Combat Phase thirty times, on the position the Movement Phase left.
    const moved = JSON.parse(JSON.stringify(game.position.state));
    vernian.phases['german-movement'](moved, new Map([['germany', german]]), phaseContext({ step, dice: { roll: () => 1, rolled: () => 0 }, decisions: 'standing' }));
    const times = [];
    for (let i = 0; i < 30; i++) {
      const st = JSON.parse(JSON.stringify(moved));
      const ctx = phaseContext({ step, dice: { roll: () => 1 + (i % 6), rolled: () => 0 }, decisions: 'standing' });
      const t0 = now();
      vernian.phases['german-combat'](st, new Map([['germany', german]]), ctx);
      times.push(now() - t0);
    }
    console.log('combat phase again, median', median(times).toFixed(2), 'ms');
  }
}
const events = [...g1.game.record.steps.at(-1).events, ...a1.game.record.steps.at(-1).events];
const count = (t) => events.filter((e) => e.type === t).length;
// The first turn (g1, a1 above) is cold: modules load and the code is compiled as it runs. Two more turns warm it up,
// then `repeat` turns are timed: the median is the figure, the first turn's time is given beside it.
const coldMs = g1.ms + a1.ms;
for (let i = 0; i < 2; i++) await play((await play(game, 'germany', german)).game, 'allies', allied);
const turnTimes = [];
for (let i = 0; i < repeat; i++) {
  const a = await play(game, 'germany', german);
  const b = await play(a.game, 'allies', allied);
  turnTimes.push(a.ms + b.ms);
}
const sorted = [...turnTimes].sort((a, b) => a - b);
rows.push([
  `a whole Operational Turn (1): ${german.orders.length} German and ${allied.orders.length} Allied orders`,
  `${median(turnTimes).toFixed(1)} ms median`,
  `${sorted[0].toFixed(1)} to ${sorted.at(-1).toFixed(1)} ms over ${repeat} turns, the first (cold) ${coldMs.toFixed(0)} ms; ` +
    `${count('moved')} moves, ${count('combat')} combats, ${count('roll')} rolls; orders checked and stored not counted`,
]);

console.log(`Machine: ${os.cpus()[0].model.trim()} x${os.cpus().length}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
console.log('| benchmark | time | notes |');
console.log('|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
