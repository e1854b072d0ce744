#!/usr/bin/env node
// Adjudication benchmarks of the Great War: one full 1914 turn with the general's orders for every seat; a late-war
// turn with the map full of units; how a turn's time grows with the number of units; whole games a second with the
// general on every seat.
// Run after `npm run build`:  node bench/adjudication.mjs [--repeat N] [--games N]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { autoplay, botNamed, createGame, openStep, resolveStep, submitOrders } from '@umpire/engine';
import { generalOrders, botsData, greatWar } from '@umpire/great-war';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const repeat = arg('repeat', 5);
const gamesWanted = arg('games', 3);
const params = botsData().versions.general;
const secret = 'ab'.repeat(32);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A game at turn 1 of the 1914 scenario, its state replaced by `change` (for the growth rows). */
function openingGame(change) {
  const created = createGame(greatWar, { gameId: 'bench', dice: { mode: 'committed' } });
  if (!created.ok) throw new Error('no game');
  let game = created.value;
  const opened = openStep(greatWar, game, secret);
  if (!opened.ok) throw new Error('no step');
  game = opened.value;
  if (change) game = { ...game, position: { ...game.position, state: change(JSON.parse(JSON.stringify(game.position.state))) } };
  return game;
}

/** The general's orders for every seat, then the turn resolved: the time of each part, and the units on the map. */
function turnOf(game) {
  const step = game.record.steps.at(-1);
  const info = { id: step.id, turn: step.turn, segment: step.segment, seats: step.seats, phases: step.phases };
  const state = game.position.state;
  const t0 = performance.now();
  const orders = greatWar.seats(state).map((seat) => [seat, generalOrders({ state, seat, step: info }, params)]);
  const t1 = performance.now();
  let g = game;
  for (const [seat, o] of orders) {
    const sent = submitOrders(greatWar, g, seat, { json: o }, { nonce: seat });
    if (!sent.ok) throw new Error(`${seat}'s orders refused`);
    g = sent.value.game;
  }
  const t2 = performance.now();
  const resolved = resolveStep(greatWar, g, secret);
  if (!resolved.ok) throw new Error('the turn did not resolve');
  const t3 = performance.now();
  const orderCount = orders.reduce((n, [, o]) => n + o.orders.length, 0);
  return { bots: t1 - t0, submit: t2 - t1, resolve: t3 - t2, units: state.board.units.length, orders: orderCount, events: resolved.value.game.record.steps.at(-1).events.length };
}

function measure(label, makeGame) {
  const runs = [];
  for (let i = 0; i < repeat + 1; i++) runs.push(turnOf(makeGame()));
  const warm = runs.slice(1);
  const r = runs[0];
  return {
    label,
    units: r.units,
    orders: r.orders,
    events: r.events,
    bots: median(warm.map((x) => x.bots)),
    submit: median(warm.map((x) => x.submit)),
    resolve: median(warm.map((x) => x.resolve)),
    firstResolve: r.resolve,
  };
}

/** Every land unit, ship and aircraft doubled `k - 1` times in place. */
const multiplied = (k) => (state) => {
  const extra = [];
  for (const u of state.board.units) for (let i = 1; i < k; i++) extra.push({ ...u, id: `${u.id}-x${i}` });
  state.board.units.push(...extra);
  return state;
};

const rows = [];
rows.push(measure('1914, turn 1: the opening, every seat ordered by the general', () => openingGame()));
for (const k of [2, 4, 8]) rows.push(measure(`1914, turn 1, every unit ×${k}`, () => openingGame(multiplied(k))));

// A late-war turn: 18 turns of the general on every seat, then turn 19.
const late = autoplay(greatWar, { seed: 'late-war', turns: 18, bot: botNamed(greatWar, 'general') });
const lateSecret = secret;
const lateGame = () => {
  const opened = openStep(greatWar, late.game, lateSecret);
  if (!opened.ok) throw new Error('no late step');
  return opened.value;
};
rows.push(measure(`late war: turn 19 after 18 turns of the general (${late.game.position.state.board.units.length} units)`, lateGame));

console.log(`Machine: ${os.cpus()[0]?.model} x${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${os.loadavg()[0].toFixed(1)}.`);
console.log(`Median of ${repeat} runs after a first (cold) one.\n`);
console.log('| turn | units | orders | events | bots write the orders | orders checked and stored | adjudication | first adjudication |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.label} | ${r.units} | ${r.orders} | ${r.events} | ${r.bots.toFixed(0)} ms | ${r.submit.toFixed(0)} ms | ${r.resolve.toFixed(0)} ms | ${r.firstResolve.toFixed(0)} ms |`);

// Whole games with the general on every seat, one after another in this thread.
const t0 = performance.now();
let turns = 0;
for (let i = 0; i < gamesWanted; i++) turns += autoplay(greatWar, { seed: `games-${i}`, turns: 26, bot: botNamed(greatWar, 'general') }).turns;
const secs = (performance.now() - t0) / 1000;
console.log(`\n${gamesWanted} whole games (26 turns at most, ${turns} turns in all) with the general on every seat in ${secs.toFixed(1)} s: ${(gamesWanted / secs).toFixed(3)} games a second, ${(secs / gamesWanted).toFixed(1)} s a game, in one thread.`);
