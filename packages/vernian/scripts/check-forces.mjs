#!/usr/bin/env node
// Checks the order of battle of the ruleset vernian (packages/vernian/data/forces.json, or the files of
// packages/vernian/data/forces/ if it has been split) and prints its counts. Plain Node, no dependencies.
// Usage: node packages/vernian/scripts/check-forces.mjs [path]. Exit code 1 when an error is found.
import { readFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// The place list the map is being made from (docs/vernian/forces.md, "Places").
const WEST = ['Paris', 'Lille', 'Amiens', 'Rouen', 'Le Havre', 'Reims', 'Nancy', 'Troyes', 'Dijon', 'Orléans', 'Besançon',
  'Calais', 'Dunkirk', 'Boulogne', 'Dieppe', 'Arras', 'Cambrai', 'Saint-Quentin', 'Laon', 'Soissons', 'Compiègne', 'Meaux',
  'Beauvais', 'Châlons', 'Vitry-le-François', 'Bar-le-Duc', 'Saint-Mihiel', 'Lunéville', 'Saint-Dié', 'Hirson', 'Mézières',
  'Sedan', 'Montmédy', 'Valenciennes', 'Chaumont', 'Langres', 'Épernay', 'Verdun', 'Toul', 'Épinal', 'Belfort', 'Maubeuge',
  'Brussels', 'Antwerp', 'Liège', 'Namur', 'Ghent', 'Bruges', 'Charleroi', 'Mons', 'Ostend', 'Louvain', 'Tournai', 'Dinant',
  'Arlon', 'Neufchâteau', 'Luxembourg', 'Aachen', 'Cologne', 'Düsseldorf', 'Ruhr', 'Koblenz', 'Trier', 'Bonn', 'Krefeld',
  'Metz', 'Thionville', 'Strasbourg', 'Saarbrücken', 'Sarrebourg', 'Sarreguemines', 'Colmar', 'Mulhouse', 'Mainz',
  'Kaiserslautern', 'Karlsruhe', 'Freiburg'];
const ENGLAND = ['London', 'Dover', 'Folkestone', 'Ramsgate', 'Canterbury', 'Chatham', 'Maidstone', 'Tunbridge Wells',
  'Hastings', 'Brighton', 'Guildford', 'Reading', 'Oxford', 'Portsmouth', 'Southampton', 'Winchester', 'Aylesbury', 'Luton',
  'Bedford', 'Cambridge', 'Colchester', 'Chelmsford', 'Northampton', 'Coventry', 'Birmingham'];
const BELGIUM = ['Brussels', 'Antwerp', 'Liège', 'Namur', 'Ghent', 'Bruges', 'Charleroi', 'Mons', 'Ostend', 'Louvain',
  'Tournai', 'Dinant', 'Arlon', 'Neufchâteau'];
// The 13 French city hexes (Paris has 3): VV-SETUP-W-06/07.
const FRENCH_CITY_HEXES = { Paris: 3, Lille: 1, Amiens: 1, Rouen: 1, 'Le Havre': 1, Reims: 1, Nancy: 1, Troyes: 1,
  Dijon: 1, 'Orléans': 1, 'Besançon': 1 };
// The Belgian city hexes outside Liège the file assumes (VV-SETUP-W-03): one Belgian unit in each.
const BELGIAN_CITIES = ['Brussels', 'Antwerp', 'Ghent', 'Bruges', 'Charleroi', 'Namur', 'Mons'];
const ENGLAND_B_PLACES = ['Dover', 'Ramsgate', 'Folkestone'];
// Most British units one can set up 4 or more hexes apart on the listed England towns (10 on the board, London left
// out; 17 if every town of the board may be used).
const MAX_K_SPACED = 10;
const STACK_STEPS = 6;
const TURNS = 'ABCDEFG';
const LETTERS = 'ABCDEFGHIJKLMNOPQRST';
const NATIONS = { germany: 'de', france: 'fr', britain: 'gb', belgium: 'be', usa: 'us' };
const CLASSES = ['infantry', 'cavalry', 'fortress-infantry', 'hq'];

// A place may name one hex of a multi-hex place, as the map names them: "Paris (Boulogne)" is a Paris hex.
const base = (place) => place?.replace(/ \(.*\)$/, '');

const errors = [];
const warnings = [];
const err = (m) => errors.push(m);
const warn = (m) => warnings.push(m);

function load(path) {
  if (path) return JSON.parse(readFileSync(path, 'utf8'));
  const single = join(here, '..', 'data', 'forces.json');
  const dir = join(here, '..', 'data', 'forces');
  if (existsSync(single)) return JSON.parse(readFileSync(single, 'utf8'));
  if (existsSync(dir) && statSync(dir).isDirectory()) {
    const merged = { sources: [], unitTypes: {}, units: [] };
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
      const part = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      merged.sources.push(...(part.sources ?? []));
      Object.assign(merged.unitTypes, part.unitTypes ?? {});
      merged.units.push(...(part.units ?? []));
      for (const k of ['note', 'codes', 'tunnel', 'startsOnMap']) if (part[k] && !merged[k]) merged[k] = part[k];
    }
    return merged;
  }
  throw new Error('no forces.json or forces/ directory under packages/vernian/data');
}

const data = load(process.argv[2]);
const types = data.unitTypes ?? {};
const units = data.units ?? [];
const sourceIds = new Set();
for (const s of data.sources ?? []) {
  if (!s.id || !s.url || !s.title) err(`source ${JSON.stringify(s)}: needs id, title and url`);
  if (sourceIds.has(s.id)) err(`source ${s.id} listed twice`);
  sourceIds.add(s.id);
}

// --- the factor table
const factors = (f) => f && ['attack', 'defence', 'move'].every((k) => Number.isInteger(f[k]) && f[k] >= 0);
for (const [id, t] of Object.entries(types)) {
  if (!CLASSES.includes(t.class)) err(`type ${id}: class ${t.class} is not one of ${CLASSES.join(', ')}`);
  if (t.steps !== 1 && t.steps !== 2) err(`type ${id}: steps must be 1 or 2`);
  if (!factors(t.full)) err(`type ${id}: full needs whole attack, defence and move`);
  if (t.steps === 2 && !factors(t.reduced)) err(`type ${id}: a two-step type needs a reduced side`);
  if (t.steps === 1 && t.reduced) err(`type ${id}: a one-step type has no reduced side`);
  if (t.yellowStripe) {
    if (!factors(t.crack)) err(`type ${id}: a yellow-striped type needs its crack side`);
    else if (t.crack.attack <= t.full.attack || t.crack.move <= t.full.move)
      err(`type ${id}: the crack side must have better attack and movement (VV-CRACK-05)`);
    if (t.steps !== 1) err(`type ${id}: Crack Troops are one-step units (VV-CRACK-06)`);
  } else if (t.crack) err(`type ${id}: only yellow-striped types have a crack side`);
  if (t.class === 'hq') {
    if (!Number.isInteger(t.guns) || !Number.isInteger(t.kill) || t.kill < 1 || t.kill > 6) err(`type ${id}: an HQ needs guns and kill`);
    if (t.steps !== 1 || t.full?.move !== 3) err(`type ${id}: HQs have one step and move 3`);
  } else if (t.guns !== undefined) err(`type ${id}: only HQs have guns`);
  if (t.class === 'infantry' && t.full?.move !== 4 && t.full?.move !== 3) warn(`type ${id}: infantry moving ${t.full?.move}`);
  if (t.class === 'cavalry' && t.full?.move !== 6) err(`type ${id}: cavalry moves 6`);
}

// --- the counters
const ids = new Set();
const isFrenchLate = (u) => u.nation === 'france' && /^[G-T]$/.test(u.code);
const startsOnMap = (u) => u.code === 'setup' || (u.nation === 'germany' && u.code === 'B')
  || (u.nation === 'britain' && u.code === 'K') || isFrenchLate(u);
for (const u of units) {
  const where = `unit ${u.id}`;
  if (!u.id || !/^[a-z]{2}-[a-z0-9-]+$/.test(u.id)) err(`${where}: bad id`);
  if (ids.has(u.id)) err(`${where}: id used twice`);
  ids.add(u.id);
  if (!NATIONS[u.nation]) err(`${where}: nation ${u.nation}`);
  else if (!u.id.startsWith(NATIONS[u.nation] + '-')) err(`${where}: id should start ${NATIONS[u.nation]}-`);
  const t = types[u.type];
  if (!t) err(`${where}: type ${u.type} is not in unitTypes`);
  else if (t.class !== 'hq' && !u.type.startsWith(NATIONS[u.nation] + '-')) err(`${where}: type ${u.type} of another nation`);
  if (!u.name || !u.parent) err(`${where}: needs name and parent`);
  const src = Array.isArray(u.source) ? u.source : [u.source];
  if (!src.length || src.some((s) => !sourceIds.has(s))) err(`${where}: source ${src} not in sources`);
  const code = u.code;
  const plus = /^\+[3-7]$/.test(code ?? '');
  if (u.nation === 'usa' ? !plus : !(code === 'setup' || (code?.length === 1 && LETTERS.includes(code))))
    err(`${where}: code ${code} not allowed for ${u.nation}`);
  if (startsOnMap(u)) {
    const place = u.setup?.place;
    if (!place) err(`${where}: starts on a map but has no setup.place`);
    else if (u.code === 'setup' && !WEST.includes(base(place))) err(`${where}: ${place} is not a West-map place`);
    else if (u.nation === 'germany' && u.code === 'B' && !ENGLAND_B_PLACES.includes(place))
      err(`${where}: German B units start in Dover, Ramsgate or Folkestone (VV-SETUP-E-08)`);
    else if (u.nation === 'britain' && u.code === 'K' && !ENGLAND.includes(place)) err(`${where}: ${place} is not in England`);
    else if (isFrenchLate(u) && !(base(place) in FRENCH_CITY_HEXES)) err(`${where}: ${place} is not a French city`);
    if (u.nation === 'france' && BELGIUM.includes(base(place))) err(`${where}: no French unit sets up in Belgium (VV-SETUP-W-05)`);
  } else if (u.setup) err(`${where}: code ${code} does not start on a map, so no setup`);
  if (u.tunnelStack !== undefined && !(u.nation === 'germany' && 'IJO'.includes(code)))
    err(`${where}: only German I, J, O units ride the tunnel`);
}

// --- seed-driven rules
const byCode = (n, c) => units.filter((u) => u.nation === n && u.code === c);
const steps = (u) => types[u.type]?.steps ?? 0;
const cls = (u) => types[u.type]?.class;
const codeA = units.filter((u) => u.code === 'A');
if (codeA.length !== 1 || codeA[0].nation !== 'britain')
  err(`exactly one unit, British, has code A (VV-REIN-03, AMB-61); found ${codeA.map((u) => u.id).join(', ') || 'none'}`);

// Belgians: one unit in each Belgian city except Liège, HQ in Mons.
const belgians = units.filter((u) => u.nation === 'belgium');
const beHq = belgians.filter((u) => cls(u) === 'hq');
if (beHq.length !== 1 || beHq[0].setup?.place !== 'Mons') err('the Belgian HQ sets up in Mons (VV-SETUP-W-04)');
const bePlaces = belgians.filter((u) => cls(u) !== 'hq').map((u) => u.setup?.place);
if (bePlaces.includes('Liège')) err('no Belgian unit sets up in Liège (VV-SETUP-W-03)');
if (new Set(bePlaces).size !== bePlaces.length) err('two Belgian units share a city (VV-SETUP-W-03)');
if ([...BELGIAN_CITIES].sort().join() !== [...bePlaces].sort().join())
  err(`Belgian units should fill ${BELGIAN_CITIES.join(', ')}; they fill ${bePlaces.join(', ')}`);

// German B units in England: 6 steps and one HQ a hex.
const bInEngland = {};
for (const u of byCode('germany', 'B')) {
  const p = (bInEngland[u.setup?.place] ??= { steps: 0, hq: 0, inf: 0 });
  if (cls(u) === 'hq') p.hq += 1; else p.steps += steps(u);
  if (cls(u) === 'infantry') p.inf += 1;
}
for (const [p, v] of Object.entries(bInEngland)) {
  if (v.steps > STACK_STEPS || v.hq > 1) err(`German B default stack in ${p}: ${v.steps} steps, ${v.hq} HQ (limit 6 + 1)`);
}
if (!bInEngland.Dover?.inf) err('German B units must put an infantry division in Dover (VV-TUN-02)');

// Tunnel stacks.
const tunnel = units.filter((u) => u.nation === 'germany' && 'IJO'.includes(u.code) && u.code.length === 1);
const stacks = {};
for (const u of tunnel) {
  if (!Number.isInteger(u.tunnelStack) || u.tunnelStack < 1) { err(`unit ${u.id}: I/J/O unit without tunnelStack`); continue; }
  (stacks[u.tunnelStack] ??= []).push(u);
}
const stackNos = Object.keys(stacks).map(Number).sort((a, b) => a - b);
stackNos.forEach((n, i) => { if (n !== i + 1) err(`tunnel stacks are not numbered 1..${stackNos.length}`); });
let lastCode = 'A';
const tunnelRows = [];
for (const n of stackNos) {
  const s = stacks[n];
  const inf = s.filter((u) => cls(u) === 'infantry');
  const hqs = s.filter((u) => cls(u) === 'hq');
  const other = s.filter((u) => !['infantry', 'hq'].includes(cls(u)));
  if (inf.length !== 5 && n !== stackNos.at(-1)) err(`tunnel stack ${n}: ${inf.length} infantry divisions, not 5 (VV-TUN-07)`);
  if (inf.length > 5) err(`tunnel stack ${n}: more than 5 infantry divisions`);
  if (hqs.length > 1) err(`tunnel stack ${n}: ${hqs.length} HQs, at most 1 (VV-TUN-08)`);
  if (other.length) err(`tunnel stack ${n}: ${other.map((u) => u.id)} are neither infantry nor HQ`);
  const codes = [...new Set(inf.map((u) => u.code))].sort();
  if (codes[0] < lastCode) err(`tunnel stack ${n}: infantry codes ${codes} out of order (I, then J, then O)`);
  lastCode = codes.at(-1) ?? lastCode;
  const st = s.reduce((a, u) => a + (cls(u) === 'hq' ? 0 : steps(u)), 0);
  tunnelRows.push(`  stack ${n} (due ${TURNS[n - 1] ?? 'after G'}, codes ${codes.join('')}): ${inf.length} infantry `
    + `(${inf.filter((u) => steps(u) === 1).length} one-step), ${st} steps, HQ ${hqs.map((u) => u.id).join('') || '-'}`);
}

// French G or later: one per empty French city hex.
// A set-up place string is one hex (VB-SETUP-05 sends any overflow to the nearest hex with room, which need not be a
// city hex): a city hex is taken when a set-up unit names it; Paris's hexes are "Paris" and its named parts.
const frSetupHexes = {};
for (const u of units.filter((u) => u.nation === 'france' && u.code === 'setup' && base(u.setup?.place) in FRENCH_CITY_HEXES)) {
  (frSetupHexes[base(u.setup.place)] ??= new Set()).add(u.setup.place);
}
let emptyHexes = 0;
const emptyByPlace = {};
for (const [p, n] of Object.entries(FRENCH_CITY_HEXES)) {
  const taken = Math.min(n, frSetupHexes[p]?.size ?? 0);
  emptyByPlace[p] = n - taken;
  emptyHexes += n - taken;
}
const late = units.filter(isFrenchLate);
if (late.length > emptyHexes) err(`${late.length} French units coded G or later, only ${emptyHexes} empty French city hexes`);
else if (late.length < emptyHexes) warn(`${emptyHexes - late.length} French city hexes stay empty at the start`);
const lateAt = {};
for (const u of late) lateAt[base(u.setup?.place)] = (lateAt[base(u.setup?.place)] ?? 0) + 1;
for (const [p, n] of Object.entries(lateAt)) {
  if (n > (emptyByPlace[p] ?? 0)) err(`French late units: ${n} in ${p}, ${emptyByPlace[p]} empty hex(es)`);
}

// British K units in England.
const kUnits = byCode('britain', 'K').filter((u) => cls(u) !== 'hq');
if (kUnits.length > MAX_K_SPACED) err(`${kUnits.length} British K units; about ${MAX_K_SPACED} fit 4 hexes apart (VV-SETUP-E-04)`);
const kPlaces = kUnits.map((u) => u.setup?.place);
if (new Set(kPlaces).size !== kPlaces.length) err('two British K units share a town (VV-SETUP-E-03)');
if (kPlaces.some((p) => ENGLAND_B_PLACES.includes(p))) err('a British K unit in a German start hex');

// Americans: the US HQ must be on the map before D, so that "via US HQ" (D to F) can work and C has no such option.
const usHq = units.filter((u) => u.nation === 'usa' && cls(u) === 'hq');
if (usHq.length !== 1 || !['+3', '+4'].includes(usHq[0].code)) err('one US HQ, coded +3 or +4 (arrives on C; AMB-62)');

// One HQ per default place at the start.
const hqAt = {};
for (const u of units.filter((u) => u.setup && cls(u) === 'hq')) (hqAt[u.setup.place] ??= []).push(u.id);
for (const [p, l] of Object.entries(hqAt)) if (l.length > 1) err(`${l.join(', ')} share ${p}: one HQ a hex`);

// --- against the finished map, when it is there (packages/vernian/data/board.json and geography/places.json)
const boardFile = join(here, '..', 'data', 'board.json');
const placesFile = join(here, '..', 'data', 'geography', 'places.json');
const boardRows = [];
if (existsSync(boardFile) && existsSync(placesFile)) {
  const board = JSON.parse(readFileSync(boardFile, 'utf8'));
  const placeList = JSON.parse(readFileSync(placesFile, 'utf8')).places ?? [];
  const idOf = new Map();
  for (const p of placeList) for (const n of [p.name, ...(p.aliases ?? [])]) if (!idOf.has(n)) idOf.set(n, p.id);
  const hexesOf = new Map();
  for (const h of board.hexes) {
    const pl = h.features?.place;
    if (pl) (hexesOf.get(pl) ?? hexesOf.set(pl, []).get(pl)).push(h);
  }
  const byHexName = new Map(board.hexes.filter((h) => h.name).map((h) => [h.name, h]));
  const hexesAt = (name) => (idOf.has(name) ? (hexesOf.get(idOf.get(name)) ?? []) : [byHexName.get(name)].filter(Boolean));
  // Offset grid, odd-numbered rows half a hex to the right (docs/vernian/maps.md): to cube coordinates.
  const cube = (id) => { const c = Number(id.slice(1, 3)); const r = Number(id.slice(3, 5)); return [c - (r - (r & 1)) / 2, r]; };
  const dist = (a, b) => {
    const [x1, z1] = cube(a); const [x2, z2] = cube(b);
    return (Math.abs(x1 - x2) + Math.abs(z1 - z2) + Math.abs(x1 + z1 - x2 - z2)) / 2;
  };
  for (const u of units.filter((u) => u.setup)) {
    const hs = hexesAt(u.setup.place);
    const map = (u.nation === 'britain' && u.code === 'K') || (u.nation === 'germany' && u.code === 'B') ? 'B' : 'W';
    if (!hs.length) err(`unit ${u.id}: ${u.setup.place} is not on the board`);
    else if (!hs.every((h) => h.id.startsWith(map))) err(`unit ${u.id}: ${u.setup.place} is not on map ${map}`);
    if (hs.length && cls(u) === 'fortress-infantry' && !hs.some((h) => h.features.fortress)) {
      err(`unit ${u.id}: ${u.setup.place} is no fortress`);
    }
  }
  const kHex = kUnits.map((u) => [u.id, hexesAt(u.setup?.place)[0]?.id]).filter(([, h]) => h);
  let closest = Infinity;
  for (let i = 0; i < kHex.length; i++) {
    for (let j = i + 1; j < kHex.length; j++) {
      const d = dist(kHex[i][1], kHex[j][1]);
      closest = Math.min(closest, d);
      if (d < 4) err(`British K defaults ${kHex[i][0]} and ${kHex[j][0]} are ${d} hexes apart, 4 needed (VV-SETUP-E-04)`);
    }
  }
  const cityHexes = (nation) => board.hexes.filter((h) => h.features?.city && h.features.nation === nation);
  const frCities = cityHexes('france');
  if (frCities.length !== 13) err(`the board has ${frCities.length} French city hexes, the file assumes 13`);
  const beCities = [...new Set(cityHexes('belgium').map((h) => h.features.place))].filter((p) => p !== 'liege').sort();
  const beAssumed = BELGIAN_CITIES.map((n) => idOf.get(n)).sort();
  if (beCities.join() !== beAssumed.join()) err(`Belgian city places on the board: ${beCities}; the file assumes ${beAssumed}`);
  boardRows.push(`board: set-up places looked up in board.json; British K defaults at least ${closest} hexes apart; `
    + `${frCities.length} French city hexes; Belgian cities outside Liège: ${beCities.length}`);
} else boardRows.push('board: no board.json yet, places checked against the list only');

// --- counts
const pad = (s, n) => String(s).padEnd(n);
const out = [];
out.push(`forces: ${units.length} counters, ${Object.keys(types).length} unit types, ${sourceIds.size} sources`);
out.push('', 'per nation and class (counters / steps / full attack):');
for (const n of Object.keys(NATIONS)) {
  const us = units.filter((u) => u.nation === n);
  const byCls = CLASSES.map((c) => {
    const l = us.filter((u) => cls(u) === c);
    return `${c} ${l.length}`;
  }).join(', ');
  const st = us.reduce((a, u) => a + (cls(u) === 'hq' ? 0 : steps(u)), 0);
  const att = us.reduce((a, u) => a + (types[u.type]?.full.attack ?? 0), 0);
  out.push(`  ${pad(n, 8)} ${pad(us.length, 4)} (${byCls}); ${st} steps, attack ${att}`);
}
out.push('', 'per type:');
for (const t of Object.keys(types)) out.push(`  ${pad(t, 15)} ${units.filter((u) => u.type === t).length}`);
out.push('', 'per nation and code (counters, HQs in brackets):');
const codeOrder = ['setup', ...LETTERS, '+3', '+4', '+5', '+6', '+7'];
for (const n of Object.keys(NATIONS)) {
  const parts = codeOrder.map((c) => {
    const l = byCode(n, c);
    if (!l.length) return null;
    const h = l.filter((u) => cls(u) === 'hq').length;
    return `${c} ${l.length - h}${h ? ` (${h})` : ''}`;
  }).filter(Boolean);
  out.push(`  ${pad(n, 8)} ${parts.join(', ')}`);
}
// When each side's strength arrives, as the variant schedules it (variant turn, not the code letter).
const arrival = (u) => {
  if (u.code === 'setup') return 'start';
  if (u.nation === 'germany') {
    if (u.code === 'B') return 'start (England)';
    if (u.code === 'K') return 'B';
    if ('IJO'.includes(u.code)) return u.tunnelStack ? `tunnel ${TURNS[u.tunnelStack - 1] ?? 'late'}` : 'tunnel';
    return TURNS.includes(u.code) ? u.code : 'never';
  }
  if (u.nation === 'britain') {
    if (u.code === 'K') return 'start (England)';
    return LETTERS.indexOf(u.code) > LETTERS.indexOf('G') ? 'A' : u.code;
  }
  if (isFrenchLate(u)) return 'start';
  if (u.nation === 'usa') return { '+3': 'C', '+4': 'C', '+5': 'D', '+6': 'E', '+7': 'F' }[u.code];
  return TURNS.includes(u.code) ? u.code : 'never';
};
const side = (u) => (u.nation === 'germany' ? 'germany' : 'allies');
const when = {};
for (const u of units) {
  const k = `${arrival(u)}|${side(u)}`;
  const w = (when[k] ??= { n: 0, steps: 0, att: 0, hq: 0 });
  if (cls(u) === 'hq') w.hq += 1; else { w.n += 1; w.steps += steps(u); w.att += types[u.type]?.full.attack ?? 0; }
}
out.push('', 'arrivals by the variant\'s schedule (units, steps, full attack, HQs):');
const keys = [...new Set(Object.keys(when).map((k) => k.split('|')[0]))]
  .sort((a, b) => (a.startsWith('start') ? -1 : b.startsWith('start') ? 1 : a.localeCompare(b)));
for (const k of keys) {
  const f = (s) => { const w = when[`${k}|${s}`]; return w ? `${w.n} u, ${w.steps} st, att ${w.att}, ${w.hq} HQ` : '-'; };
  out.push(`  ${pad(k, 16)} germany: ${pad(f('germany'), 30)} allies: ${f('allies')}`);
}
out.push('', 'tunnel stacks (codes I, J, O):', ...tunnelRows);
out.push('', `German B in England: ${Object.entries(bInEngland).map(([p, v]) => `${p} ${v.steps} steps + ${v.hq} HQ`).join('; ')}`);
out.push(`  room in Dover for the first tunnel stack: ${STACK_STEPS - (bInEngland.Dover?.steps ?? 0)} steps, `
  + `${1 - (bInEngland.Dover?.hq ?? 0)} HQ`);
out.push(`French units coded G or later: ${late.length}; French city hexes 13, left empty by the set-up: ${emptyHexes}`);
out.push(`British K units in England: ${kUnits.length} (limit about ${MAX_K_SPACED} at 4 hexes apart) + `
  + `${byCode('britain', 'K').length - kUnits.length} HQ`);
const crowded = {};
for (const u of units.filter((u) => u.code === 'setup')) {
  crowded[u.setup.place] = (crowded[u.setup.place] ?? 0) + (cls(u) === 'hq' ? 0 : steps(u));
}
const over = Object.entries(crowded).filter(([, s]) => s > STACK_STEPS).map(([p, s]) => `${p} ${s}`);
out.push(`West set-up places over one hex's 6 steps (spread to nearby hexes): ${over.join(', ') || 'none'}`);
out.push(...boardRows);
console.log(out.join('\n'));
for (const w of warnings) console.log(`warning: ${w}`);
for (const e of errors) console.error(`error: ${e}`);
console.log(errors.length ? `\n${errors.length} error(s)` : '\nforces: no errors');
process.exit(errors.length ? 1 : 0);
