#!/usr/bin/env node
// Bot tournament: bot A plays one side, bot B every other seat, alternating sides game by game, over many seeded games in
// worker threads. Reports A's win rate with a 95% confidence interval (Wilson), by side and in all, and the time a game
// takes. The sides: in the Great War (the default, so that old figures stay comparable) A plays every seat of the
// Central Powers or of the Allies and B the other side and the neutrals; in any other ruleset each seat is a side
// (vernian: the Germans, the Allies).
//
// A bot is a name the ruleset knows (general, random), or name@<git ref> for that bot as it was at an earlier commit:
// the ref's tree is built once under .umpire/bench-builds/<commit> (its own engine and ruleset, the third-party modules
// of this checkout) and its bot plays today's rules; an order the rules of today refuse is dropped and counted.
// Run after `npm run build`:
//   node bench/tournament.mjs [--ruleset great-war] [--a general] [--b random] [--games 40] [--turns 26] [--seed t1]
//     [--workers 2] [--json FILE]
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { wilson } from '@umpire/lab';

const root = fileURLToPath(new URL('..', import.meta.url));

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/**
 * The tree of a git ref built for its bots: the ruleset's package and what it depends on, as they were, compiled with
 * this checkout's TypeScript. Returns the directory; the build is kept and used again.
 */
function earlierBuild(ref) {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = join(root, '.umpire', 'bench-builds', commit.slice(0, 12));
  const done = join(dir, '.built');
  if (existsSync(done)) return { commit, dir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`building ${ref} (${commit.slice(0, 12)}) in ${dir}...\n`);
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: root, stdio: 'inherit' });
  // Third-party modules from this checkout; the workspace's own packages from the ref's tree.
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@umpire'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '@umpire' || name === '.bin' || name.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  for (const pkg of readdirSync(join(dir, 'packages'))) {
    const manifest = join(dir, 'packages', pkg, 'package.json');
    if (!existsSync(manifest)) continue;
    const name = JSON.parse(readFileSync(manifest, 'utf8')).name;
    if (name?.startsWith('@umpire/')) symlinkSync(join(dir, 'packages', pkg), join(modules, name));
    // A package's own third-party modules (a version other than the root's, as npm nests it) from this checkout too.
    const own = join(root, 'packages', pkg, 'node_modules');
    if (existsSync(own) && !existsSync(join(dir, 'packages', pkg, 'node_modules'))) symlinkSync(own, join(dir, 'packages', pkg, 'node_modules'));
  }
  return { commit, dir, build: true };
}

/** Compile a ruleset's package (and what it references) in an earlier build. */
function compile(build, rulesetId) {
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-b', join(build.dir, 'packages', rulesetId)], { cwd: build.dir, stdio: 'inherit' });
  writeFileSync(join(build.dir, '.built'), `${build.commit}\n`);
}

/** The indices of orders a problem path names ('$.orders[3]...'). */
const refusedIndices = (problems) =>
  new Set(problems.map((p) => /^\$\.orders\[(\d+)\]/.exec(p.path ?? '')?.[1]).filter((i) => i !== undefined).map(Number));

/** A bot that plays today's rules with an earlier build's bot: orders today's rules refuse are dropped, and counted. */
function earlierBot(oldRuleset, name, dropped) {
  const bot = oldRuleset.bots?.[name];
  if (!bot) throw new Error(`the earlier build has no bot '${name}'; it has ${Object.keys(oldRuleset.bots ?? {}).join(', ')}`);
  return (ctx, rng, ruleset) => {
    let orders = bot(ctx, rng, oldRuleset);
    for (let round = 0; round < 20; round++) {
      const checked = ruleset.checkOrders(orders, ctx);
      if (checked.ok) return orders;
      const bad = refusedIndices(checked.error);
      if (!Array.isArray(orders?.orders) || bad.size === 0) break;
      dropped.count += bad.size;
      for (const p of checked.error) dropped.why[p.code] = (dropped.why[p.code] ?? 0) + 1;
      orders = { ...orders, orders: orders.orders.filter((_, i) => !bad.has(i)) };
    }
    dropped.count += Array.isArray(orders?.orders) ? orders.orders.length : 1;
    dropped.why['whole-orders'] = (dropped.why['whole-orders'] ?? 0) + 1;
    return ruleset.emptyOrders(ctx);
  };
}

/** The bot of a spec in a worker: a name of today's ruleset, or name@ref from the earlier build made for it. */
async function botOf(spec, ruleset, builds, dropped) {
  const { botNamed } = await import('@umpire/engine');
  const [name, ref] = spec.split('@');
  if (ref === undefined) {
    const bot = botNamed(ruleset, name);
    if (!bot) throw new Error(`unknown bot ${name}`);
    return bot;
  }
  const mod = await import(pathToFileURL(join(builds[ref], 'packages', ruleset.id, 'dist', 'src', 'index.js')).href);
  const oldRuleset = Object.values(mod).find((v) => v && typeof v === 'object' && v.id === ruleset.id && typeof v.setup === 'function');
  if (!oldRuleset) throw new Error(`the build of ${ref} exports no ruleset ${ruleset.id}`);
  return earlierBot(oldRuleset, name, dropped);
}

/** The sides of a ruleset's game: their ids, names and seats, and which side a result's winners belong to. */
async function sidesOf(rulesetId) {
  const { rulesets, toolsOf } = await import('@umpire/rulesets');
  const ruleset = rulesets[rulesetId];
  if (!ruleset) throw new Error(`no ruleset ${rulesetId}; there are ${Object.keys(rulesets).join(', ')}`);
  if (rulesetId === 'great-war') {
    const { setup } = await import('@umpire/great-war');
    const opening = setup('august-1914');
    if (!opening.ok) throw new Error('the scenario does not load');
    const seatsOf = (side) => opening.value.nations.filter((n) => n.seat && n.side === side).map((n) => n.id);
    return {
      ruleset,
      sides: [
        { id: 'central', name: 'Central Powers', seats: seatsOf('central') },
        { id: 'allied', name: 'Allies', seats: seatsOf('allied') },
      ],
      winnerSide: (winners, final) => (winners.length ? (final.nations.find((n) => n.id === winners[0])?.side ?? 'none') : 'none'),
    };
  }
  const opening = ruleset.setup(ruleset.defaultScenario ?? ruleset.scenarios[0], {});
  if (!opening.ok) throw new Error(`${rulesetId}: the scenario does not load`);
  const seats = ruleset.seats(opening.value);
  return {
    ruleset,
    // Each seat a side, named as the ruleset's lab tool names its camps ('the Germans'), else by its id.
    sides: seats.map((s) => ({ id: s, name: toolsOf(rulesetId)?.lab?.camps[s]?.name ?? s, seats: [s] })),
    winnerSide: (winners) => (winners.length === 1 ? winners[0] : 'none'),
  };
}

/**
 * The front a Great War land battle was fought on, from where it was fought: the territory's map section, its holder in
 * 1914 and where it lies. The Western Front is France, the Low Countries, Switzerland and Germany west of the 10th
 * meridian (Metz, Strasbourg, Cologne, Essen, Frankfurt, Stuttgart, Hanover); the Italian Front is Italy with Tyrol and
 * Trieste; the Eastern Front is European Russia (the Caucasus apart), Germany east of the 10th meridian and
 * Austria-Hungary's north (Bohemia, Galicia, Vienna, Pressburg); the Balkans are the rest of Austria-Hungary with Serbia,
 * Montenegro, Albania, Greece, Bulgaria and Romania; Spain is Iberia with the French border it watches (Toulouse,
 * Bordeaux); the Ottoman Front is the Ottoman Empire, the Middle
 * East and the Caucasus; everything else (colonies, Asia, the Americas, Scandinavia, Britain) is 'elsewhere'.
 */
function frontOf(world, id) {
  const t = world.territory.get(id);
  if (!t) return 'elsewhere';
  const [lon, lat] = t.anchors?.[0] ?? [0, 0];
  if (t.section === 'middle-east' || t.owner === 'ottoman-empire') return 'Ottoman';
  if (t.section !== 'europe') return 'elsewhere';
  if (id === 'toulouse' || id === 'bordeaux' || ['spain', 'portugal'].includes(t.owner)) return 'Spain';
  if (['france', 'belgium', 'luxembourg', 'netherlands', 'switzerland'].includes(t.owner)) return 'Western';
  if (t.owner === 'germany') return lon < 10 ? 'Western' : 'Eastern';
  if (t.owner === 'italy' || id === 'tyrol' || id === 'trieste') return 'Italian';
  if (t.owner === 'austria-hungary') return lat > 48 ? 'Eastern' : 'Balkans';
  if (t.owner === 'russia') return lon > 38 && lat < 46 ? 'Ottoman' : 'Eastern';
  if (['serbia', 'montenegro', 'albania', 'greece', 'bulgaria', 'romania'].includes(t.owner)) return 'Balkans';
  return 'elsewhere';
}
const FRONTS = ['Western', 'Eastern', 'Italian', 'Balkans', 'Ottoman', 'Spain', 'elsewhere'];

/** The land battles of a game by front (the Great War only): the 'battle' events of its record. */
async function battlesByFront(rulesetId, game) {
  if (rulesetId !== 'great-war') return {};
  const { theWorld } = await import('@umpire/great-war');
  const world = theWorld(game.position.state.scenario);
  const out = {};
  for (const step of game.record.steps) for (const e of step.events) if (e.type === 'battle') out[frontOf(world, e.area)] = (out[frontOf(world, e.area)] ?? 0) + 1;
  return out;
}

let worker;
async function playOne({ rulesetId, a, b, side, seed, turns, builds }) {
  if (!worker) {
    const { autoplay } = await import('@umpire/engine');
    const found = await sidesOf(rulesetId);
    const dropped = { count: 0, why: {} };
    worker = { autoplay, ...found, dropped, bots: { [a]: await botOf(a, found.ruleset, builds, dropped), [b]: await botOf(b, found.ruleset, builds, dropped) } };
  }
  const { autoplay, ruleset, sides, winnerSide, dropped } = worker;
  const seatsA = sides.find((s) => s.id === side).seats;
  const before = dropped.count;
  const whyBefore = { ...dropped.why };
  const t0 = performance.now();
  const result = autoplay(ruleset, { seed, turns, bots: Object.fromEntries(seatsA.map((s) => [s, worker.bots[a]])), bot: worker.bots[b] });
  const ms = performance.now() - t0;
  const winners = result.game.record.result?.winners ?? [];
  const won = winnerSide(winners, result.game.position.state);
  const finished = result.game.record.result !== undefined;
  const fronts = await battlesByFront(rulesetId, result.game);
  return { seed, side, turns: result.turns, ms, fronts, winners, winnerSide: won, won: won === side, draw: finished && won === 'none', verdict: result.verdict, dropped: dropped.count - before,
    droppedWhy: Object.fromEntries(Object.entries(dropped.why).map(([k, n]) => [k, n - (whyBefore[k] ?? 0)]).filter(([, n]) => n > 0)) };
}

if (!isMainThread) {
  parentPort.on('message', async (job) => {
    try {
      parentPort.postMessage({ ok: true, result: await playOne({ ...job, builds: workerData.builds }) });
    } catch (e) {
      parentPort.postMessage({ ok: false, error: String(e?.stack ?? e) });
    }
  });
} else {
  const rulesetId = arg('ruleset', 'great-war');
  const a = arg('a', 'general');
  const b = arg('b', 'random');
  const games = Number(arg('games', '40'));
  const turns = Number(arg('turns', '26'));
  const seed = arg('seed', 't1');
  const workers = Math.max(1, Number(arg('workers', String(Math.min(2, os.availableParallelism())))));
  const builds = {};
  for (const spec of [a, b]) {
    const ref = spec.split('@')[1];
    if (ref === undefined || builds[ref]) continue;
    const build = earlierBuild(ref);
    if (build.build) compile(build, rulesetId);
    builds[ref] = build.dir;
    process.stderr.write(`${spec}: the bot of commit ${build.commit.slice(0, 12)}\n`);
  }
  const { sides } = await sidesOf(rulesetId);
  const jobs = Array.from({ length: games }, (_, i) => ({ rulesetId, a, b, side: sides[i % sides.length].id, seed: `${seed}/${i}`, turns }));
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
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { builds } });
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
    const draws = list.filter((r) => r.draw).length;
    return `| ${label} | ${list.length} | ${k} | ${draws} | ${list.length ? pct(k / list.length) : '-'} | ${pct(low)} – ${pct(high)} |`;
  };
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  console.log(`Machine: ${os.cpus()[0]?.model} x${os.cpus().length}, Node ${process.version}; ${workers} worker threads; commit ${commit}.`);
  console.log(`${rulesetId}: ${a} (A) against ${b} (B), ${games} games of up to ${turns} turns, seed ${seed}.\n`);
  console.log('| A plays | games | A wins | draws | A win rate | 95% interval (Wilson) |');
  console.log('|---|---|---|---|---|---|');
  for (const side of sides) console.log(row(side.name, results.filter((r) => r.side === side.id)));
  console.log(row('either side', results));
  console.log(`\nA game took ${(mean(results.map((r) => r.ms)) / 1000).toFixed(1)} s on average (${mean(results.map((r) => r.turns)).toFixed(1)} turns); the whole run ${(wall / 1000).toFixed(0)} s.`);
  if (rulesetId === 'great-war') {
    // Land battles a game by front, the games where A plays each side apart (both bots fight in every game).
    console.log(`\nLand battles a game by front (mean, and the fewest to the most in one game):\n`);
    console.log(`| A plays | ${FRONTS.join(' | ')} | all |`);
    console.log(`|---|${FRONTS.map(() => '---|').join('')}---|`);
    for (const [label, list] of [...sides.map((s) => [s.name, results.filter((r) => r.side === s.id)]), ['either side', results]]) {
      if (!list.length) continue;
      const cell = (f) => {
        const xs = list.map((r) => (f ? (r.fronts[f] ?? 0) : Object.values(r.fronts).reduce((a, b) => a + b, 0)));
        return `${mean(xs).toFixed(1)} (${Math.min(...xs)}–${Math.max(...xs)})`;
      };
      console.log(`| ${label} | ${FRONTS.map(cell).join(' | ')} | ${cell(undefined)} |`);
    }
  }
  const dropped = results.reduce((n, r) => n + r.dropped, 0);
  if (Object.keys(builds).length) {
    const why = {};
    for (const r of results) for (const [k, n] of Object.entries(r.droppedWhy)) why[k] = (why[k] ?? 0) + n;
    const listed = Object.entries(why).map(([k, n]) => `${k} ${n}`).join(', ');
    console.log(`Orders of the earlier build that today's rules refused, dropped: ${dropped}${listed ? ` (problems: ${listed})` : ''}.`);
  }
  const out = arg('json', undefined);
  if (out) writeFileSync(out, JSON.stringify({ ruleset: rulesetId, a, b, games, turns, seed, workers, wallMs: wall, results }, null, 1));
}
