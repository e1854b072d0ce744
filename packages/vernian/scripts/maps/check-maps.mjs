#!/usr/bin/env node
// Check packages/vernian/data/board.json against the engine and the game's needs:
//   node packages/vernian/scripts/maps/check-maps.mjs
// make-maps.mjs runs the same checks after writing the board. Needs the built engine (packages/engine/dist).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const engineUrl = new URL('../../../engine/dist/src/index.js', import.meta.url);
const TERRAIN = ['clear', 'flood-plain', 'forest', 'rough', 'mountain', 'marsh', 'sea'];
const HEXSIDE = ['river', 'major-river', 'all-sea'];
const SIZES = { W: [2000, 3000], B: [300, 500] };
/** City hexes the game counts: French 13 (Paris 3), Belgian 8, German 12 (the Ruhr 2). */
const CITY_HEXES = { france: 13, belgium: 8, germany: 12, britain: 8 };
const MULTI = { paris: 3, ruhr: 2, london: 7 };

export async function checkBoard(data, places) {
  const { loadHexBoard } = await import(engineUrl.href);
  const problems = [];
  const fail = (message) => problems.push(message);
  const loaded = loadHexBoard(data);
  if (!loaded.ok) {
    for (const p of loaded.error.slice(0, 20)) fail(`engine: ${p.path}: ${p.message}`);
    report(problems);
    return false;
  }
  const board = loaded.value;
  console.log('checks:');
  console.log('  the engine loads the board (hexBoardSchema and cross-checks)');
  const cells = board.ids.map((id) => board.cell(id));
  const isLand = (c) => c.terrain !== 'sea';

  // Counts per map and nation.
  for (const map of board.maps) {
    const mine = cells.filter((c) => c.map === map.prefix);
    const nations = new Map();
    for (const c of mine.filter(isLand)) nations.set(c.features.nation, (nations.get(c.features.nation) ?? 0) + 1);
    const list = [...nations.entries()].sort().map(([n, k]) => `${n} ${k}`).join(', ');
    const sea = mine.filter((c) => !isLand(c)).length;
    console.log(`  ${map.prefix}: ${mine.length} hexes, ${mine.filter(isLand).length} land (${list}), ${sea} sea`);
    const [lo, hi] = SIZES[map.prefix] ?? [1, 10000];
    if (mine.length < lo || mine.length > hi) fail(`${map.prefix} has ${mine.length} hexes, not ${lo}–${hi}`);
  }

  // Every hex: a known terrain; land has a nation, sea none.
  for (const c of cells) {
    if (!TERRAIN.includes(c.terrain)) fail(`${c.id}: unknown terrain ${c.terrain}`);
    if (isLand(c) && !c.features.nation) fail(`${c.id}: land without a nation`);
    if (!isLand(c) && c.features.nation) fail(`${c.id}: sea with a nation`);
  }
  for (const s of data.hexsides ?? []) for (const f of s.features) if (!HEXSIDE.includes(f)) fail(`${s.hexes}: unknown hexside ${f}`);

  // Every place on a land hex of its nation, with its flags; multi-hex places complete; cities off the board edge.
  const byPlace = new Map();
  for (const c of cells) if (c.features.place) byPlace.set(c.features.place, [...(byPlace.get(c.features.place) ?? []), c]);
  let found = 0;
  for (const p of places) {
    const hexes = byPlace.get(p.id) ?? [];
    if (p.offMap) {
      if (hexes.length) fail(`${p.name} is off the map but has hexes`);
      continue;
    }
    if (!hexes.length) {
      if (!p.optional) fail(`required place ${p.name} is not on the board`);
      continue;
    }
    found++;
    const want = MULTI[p.id] ?? 1;
    if (hexes.length !== want) fail(`${p.name} has ${hexes.length} hexes, not ${want}`);
    if (!hexes.some((c) => c.name === p.name)) fail(`no hex is named ${p.name}`);
    for (const c of hexes) {
      if (!isLand(c) || c.features.nation !== p.nation) {
        fail(`${p.name}: ${c.id} is ${c.terrain} of ${c.features.nation}, not ${p.nation} land`);
      }
      if (c.features[p.kind] !== true) fail(`${p.name}: ${c.id} is not flagged ${p.kind}`);
      if (Boolean(p.fortress) !== Boolean(c.features.fortress)) fail(`${p.name}: ${c.id} fortress flag is wrong`);
      if (p.kind === 'city' && c.features.edge) fail(`${p.name}: city hex ${c.id} is on the ${c.features.edge} edge`);
    }
    if (p.port && !hexes.some((c) => c.features.port)) fail(`${p.name} is a port but no hex says so`);
  }
  console.log(`  ${found} places on the board, each on a land hex of its nation with its flags`);

  // City hexes per nation.
  const cities = new Map();
  for (const c of cells.filter((c) => c.features.city)) cities.set(c.features.nation, [...(cities.get(c.features.nation) ?? []), c]);
  for (const [nation, want] of Object.entries(CITY_HEXES)) {
    const got = cities.get(nation) ?? [];
    console.log(`  ${nation} city hexes: ${got.length} (${got.map((c) => `${c.id} ${c.name}`).join(', ')})`);
    if (got.length !== want) fail(`${nation} has ${got.length} city hexes, not ${want}`);
  }

  // One land mass per map, across hexsides that are not all-sea.
  for (const map of board.maps) {
    const land = cells.filter((c) => c.map === map.prefix && isLand(c));
    const seen = new Set([land[0].id]);
    const queue = [land[0].id];
    while (queue.length) {
      for (const step of board.neighbours(queue.shift())) {
        if (step.link || step.features.includes('all-sea') || seen.has(step.to) || !isLand(board.cell(step.to))) continue;
        seen.add(step.to);
        queue.push(step.to);
      }
    }
    const cut = land.filter((c) => !seen.has(c.id));
    console.log(`  ${map.prefix}: every land hex reaches every other over land (${cut.length} cut off)`);
    if (cut.length) fail(`${map.prefix}: ${cut.map((c) => c.id).join(' ')} cut off from the rest`);
  }

  // London and its six neighbours; W7005 and the Channel crossing.
  const london = cells.find((c) => c.name === 'London');
  const ring = board.neighbours(london.id).filter((s) => !s.link).map((s) => board.cell(s.to));
  const badRing = ring.filter((c) => !isLand(c) || !c.features.city);
  console.log(`  London ${london.id}: ${ring.length} neighbours, all land city hexes (${ring.map((c) => c.id).join(' ')})`);
  if (ring.length !== 6 || badRing.length) fail(`London's ring: ${badRing.map((c) => c.id).join(' ')} not land city hexes`);
  const w7005 = board.cell('W7005');
  const coast = board.neighbours('W7005').filter((s) => !s.link && !isLand(board.cell(s.to)));
  console.log(`  W7005 ${w7005.name ?? ''}: ${isLand(w7005) ? 'land' : 'SEA'}, ${coast.length} sea neighbours`);
  if (!isLand(w7005) || !coast.length) fail('W7005 is not a coastal land hex');
  const link = (data.links ?? []).find((l) => l.kind === 'channel-crossing');
  const dover = cells.find((c) => c.name === 'Dover');
  if (!link || !link.hexes.includes('W7005') || !link.hexes.includes(dover.id)) fail('no channel-crossing link W7005–Dover');
  else console.log(`  channel-crossing link W7005 ↔ ${dover.id} (Dover)`);
  const north = cells.filter((c) => c.map === 'B' && c.features.edge === 'north');
  console.log(`  B northern hexrow: ${north.length} land hexes marked edge north`);
  return report(problems);
}

function report(problems) {
  if (problems.length) {
    console.log(`${problems.length} problem(s):`);
    for (const p of problems) console.log(`  - ${p}`);
    return false;
  }
  console.log('all checks passed');
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const read = (rel) => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
  const ok = await checkBoard(read('../../data/board.json'), read('../../data/geography/places.json').places);
  process.exitCode = ok ? 0 : 1;
}
