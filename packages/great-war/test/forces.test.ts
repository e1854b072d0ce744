import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Problem } from '@umpire/engine';
import forcesJson from '../data/scenarios/august-1914-forces.json' with { type: 'json' };
import {
  atWar,
  coastalSeas,
  forcesFileSchema,
  mayBuild,
  scenarioBoard,
  scenarioData,
  theWorld,
  unitTable,
  type BoardUnit,
  type ForcesFile,
  type GreatWarState,
  type UnitType,
} from '../src/index.js';
import { newGame } from './helpers.js';

/** The armies and fleets of August 1914 (data/scenarios/august-1914-forces.json, docs/great-war/forces.md). */

const FILE = 'data/scenarios/august-1914-forces.json';
const shipped: ForcesFile = forcesFileSchema.parse(forcesJson);
const world = theWorld();
const state = (): GreatWarState => newGame().position.state;
const units = (): BoardUnit[] => state().board.units;
const cost = (type: string): number => unitTable().byId.get(type as UnitType)?.cost ?? NaN;

/** Count units by a key: '<nation> <type>', '<nation> <area> <type>'... */
function tally(list: readonly BoardUnit[], key: (u: BoardUnit) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const u of list) out.set(key(u), (out.get(key(u)) ?? 0) + 1);
  return out;
}
const count = (list: readonly BoardUnit[], nation: string, type: string, at?: string) =>
  list.filter((u) => u.nation === nation && u.type === type && (at === undefined || u.at === at)).length;

/** The shipped file with some stacks added, checked as the game checks it: the problems, or a failed assertion if it loads. */
function refused(...extra: ForcesFile['forces']): Problem[] {
  const copy = structuredClone(shipped);
  copy.forces.push(...extra);
  const r = scenarioBoard(world, scenarioData('august-1914'), unitTable(), copy, FILE);
  assert.ok(!r.ok, 'the changed file should be refused');
  return r.error;
}
const next = shipped.forces.length;

test('gap G10: the shipped forces load into the opening board, one undamaged unit for every unit the file lists', () => {
  const board = units();
  const listed = shipped.forces.reduce((n, s) => n + Object.values(s.units).reduce((a, b) => a + b, 0), 0);
  assert.ok(listed > 500, `the file lists ${listed} units`);
  assert.equal(board.length, listed);
  const fromFile = new Map<string, number>();
  for (const s of shipped.forces) for (const [type, n] of Object.entries(s.units)) fromFile.set(`${s.nation} ${s.area} ${type}`, (fromFile.get(`${s.nation} ${s.area} ${type}`) ?? 0) + n);
  assert.deepEqual(tally(board, (u) => `${u.nation} ${u.at} ${u.type}`), fromFile);
  assert.equal(new Set(board.map((u) => u.id)).size, board.length, 'unit ids are unique');
  assert.ok(board.every((u) => u.damage === 0));
  assert.deepEqual(board[0], { id: 'germany-1', nation: 'germany', type: 'infantry', at: 'cologne', damage: 0 });
  for (const n of state().nations) assert.equal(state().board.nextUnit[n.id], board.filter((u) => u.nation === n.id).length, n.id);
});

test('every major nation, Serbia among them, starts with an army on land it or an ally holds', () => {
  const s = state();
  for (const n of s.nations) {
    const army = s.board.units.filter((u) => u.nation === n.id && u.type === 'infantry');
    assert.ok(army.length >= 6, `${n.id} has ${army.length} infantry`);
    for (const u of army) {
      const holder = s.board.territories[u.at]!.owner;
      assert.ok(holder === n.id || (n.side !== 'neutral' && s.nations.find((x) => x.id === holder)?.side === n.side), `${u.id} at ${u.at}`);
    }
  }
});

test('the armies of August stand at their fronts: the German wings, Plan XVII, the Russian fronts, Galicia and the Drina, the BEF in Britain', () => {
  const board = units();
  const fronts: [string, string, number][] = [
    ['germany', 'cologne', 40],
    ['germany', 'metz', 20],
    ['germany', 'strasbourg', 6],
    ['germany', 'konigsberg', 6],
    ['france', 'nancy', 20],
    ['france', 'verdun', 10],
    ['france', 'reims', 20],
    ['france', 'belfort', 4],
    ['russia', 'vilnius', 8],
    ['russia', 'warsaw', 12],
    ['russia', 'lublin', 15],
    ['russia', 'rovno', 20],
    ['russia', 'kars', 3],
    ['austria-hungary', 'krakow', 10],
    ['austria-hungary', 'lemberg', 20],
    ['austria-hungary', 'zagreb', 5],
    ['austria-hungary', 'sarajevo', 5],
    ['serbia', 'belgrade', 4],
    ['serbia', 'valjevo', 3],
    ['britain', 'london', 5],
    ['ottoman-empire', 'constantinople', 4],
    ['ottoman-empire', 'erzurum', 4],
  ];
  for (const [nation, area, least] of fronts) assert.ok(count(board, nation, 'infantry', area) >= least, `${nation} in ${area}`);
  assert.equal(count(board, 'britain', 'transport', 'english-channel'), 2, 'the BEF’s shipping waits in the Channel');
  assert.ok(!board.some((u) => u.nation === 'britain' && world.territory.get(u.at)?.owner === 'france'), 'no British unit is in France yet');
});

test('France starts with 2 infantry in each of Toulouse and Bordeaux, the Spanish garrison rule’s minimum', () => {
  const board = units();
  assert.equal(count(board, 'france', 'infantry', 'toulouse'), 2);
  assert.equal(count(board, 'france', 'infantry', 'bordeaux'), 2);
});

test('GW-TECH-42, GW-UNIT-35, GW-UNIT-58: no nation starts with a carrier or the technology for one, nobody with a tank or an AA gun, and only Italy with a bomber', () => {
  const s = state();
  const byType = tally(s.board.units, (u) => u.type);
  assert.equal(byType.get('carrier'), undefined);
  assert.equal(byType.get('tank'), undefined);
  assert.equal(byType.get('aa-gun'), undefined);
  for (const n of s.nations) {
    assert.equal(n.tech['aircraft-carriers'], 0, n.id);
    assert.ok(!mayBuild(n, 'carrier'), n.id);
  }
  assert.deepEqual([...new Set(s.board.units.filter((u) => u.type === 'bomber').map((u) => u.nation))], ['italy']);
  assert.equal(count(s.board.units, 'italy', 'bomber'), 1);
});

test('every unit a major nation starts with is of a type it may build at the start', () => {
  const s = state();
  for (const n of s.nations) for (const type of new Set(s.board.units.filter((u) => u.nation === n.id).map((u) => u.type))) assert.ok(mayBuild(n, type as UnitType), `${n.id} ${type}`);
});

test('the Ottoman fleet lies in one sea zone off Constantinople: the zone British option 2 places its destroyer in', () => {
  const ships = units().filter((u) => u.nation === 'ottoman-empire' && world.sea.has(u.at));
  assert.ok(ships.length >= 1);
  const zones = [...new Set(ships.map((u) => u.at))];
  assert.deepEqual(zones, ['western-black-sea']);
  assert.ok(coastalSeas(world, 'constantinople').includes(zones[0]!));
});

test('the fleets lie in their bases: the High Seas Fleet in the Skagerrak, the Grand Fleet in the North Sea, Goeben and Spee at sea far away', () => {
  const board = units();
  const battleships = tally(board.filter((u) => u.type === 'battleship'), (u) => `${u.nation} ${u.at}`);
  assert.equal(battleships.get('germany skagerrak'), count(board, 'germany', 'battleship'));
  assert.ok(battleships.get('britain north-sea')! > battleships.get('germany skagerrak')!);
  assert.equal(count(board, 'germany', 'cruiser', 'tyrrhenian-sea'), 1, 'Goeben and Breslau at Messina');
  assert.equal(count(board, 'germany', 'cruiser', 'western-pacific-ocean'), 1, 'the East Asia Squadron');
  assert.ok(count(board, 'germany', 'submarine', 'skagerrak') >= 1);
  assert.ok(count(board, 'russia', 'battleship', 'baltic-sea') >= 1 && count(board, 'russia', 'battleship', 'western-black-sea') >= 1);
  assert.ok(count(board, 'austria-hungary', 'battleship', 'adriatic-sea') >= 1);
  assert.ok(count(board, 'france', 'battleship', 'western-mediterranean') >= 1);
  assert.ok(count(board, 'japan', 'battleship', 'sea-of-japan') >= 1);
  assert.ok(count(board, 'usa', 'battleship', 'western-atlantic') >= 1);
});

test('no two nations at war start in the same territory or sea zone', () => {
  const s = state();
  const nationsAt = new Map<string, Set<string>>();
  for (const u of s.board.units) nationsAt.set(u.at, (nationsAt.get(u.at) ?? new Set()).add(u.nation));
  for (const [area, present] of nationsAt) for (const a of present) for (const b of present) assert.ok(!atWar(s, a, b), `${a} and ${b} share ${area}`);
});

test('every minor with an army starts with it in its own lands; Luxembourg, Albania and Liberia start with none', () => {
  const s = state();
  const without = s.minors.filter((m) => !s.board.units.some((u) => u.nation === m.id)).map((m) => m.id);
  assert.deepEqual(without, ['luxembourg', 'albania', 'liberia']);
  for (const u of s.board.units.filter((x) => s.minors.some((m) => m.id === x.nation) && world.territory.has(x.at))) {
    assert.equal(s.board.territories[u.at]!.owner, u.nation, `${u.id} at ${u.at}`);
  }
  for (const id of ['belgium', 'netherlands', 'switzerland', 'spain', 'sweden', 'greece', 'bulgaria', 'romania', 'montenegro', 'afghanistan', 'mexico']) {
    assert.ok(count(s.board.units, id, 'infantry') >= 2, id);
  }
});

test('starting armies do not count against manpower (decision D-NAT-7): every region starts with nothing built', () => {
  for (const n of state().nations) for (const m of n.manpower) assert.equal(m.built, 0, `${n.id} ${m.region}`);
});

/** The rows of the markdown tables between two headings, each as its header's column names to cell text. */
function tableRows(markdown: string): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  let header: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      header = undefined;
      continue;
    }
    const cells = line.slice(1, -1).split('|').map((c) => c.trim());
    if (!header) header = cells;
    else if (!cells.every((c) => /^-+:?$/.test(c))) rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
  }
  return rows;
}
const doc = readFileSync(new URL('../../../../docs/great-war/forces.md', import.meta.url), 'utf8');
const between = (from: string, to: string) => doc.slice(doc.indexOf(from), doc.indexOf(to, doc.indexOf(from)));
const typeColumns = ['infantry', 'artillery', 'fighter', 'bomber', 'battleship', 'cruiser', 'submarine', 'transport'];

test('the totals in docs/great-war/forces.md are those of the shipped forces, for every nation, at the unit table’s prices', () => {
  const s = state();
  const names = new Map(scenarioData('august-1914').nations.map((n) => [n.name, n.id]));
  const rows = tableRows(between('## Totals', '## Forces by nation'));
  assert.deepEqual(rows.map((r) => names.get(r.nation!)).sort(), [...names.values()].sort(), 'one row per nation');
  for (const row of rows) {
    const id = names.get(row.nation!)!;
    const own = s.board.units.filter((u) => u.nation === id);
    for (const type of typeColumns) assert.equal(Number(row[type]), count(own, id, type), `${id} ${type}`);
    assert.equal(Number(row.units), own.length, `${id} units`);
    assert.equal(Number(row.cost), own.reduce((a, u) => a + cost(u.type), 0), `${id} cost`);
  }
});

test('the stack tables of docs/great-war/forces.md list every stack of the file, in order, with its cost', () => {
  const names = new Map(scenarioData('august-1914').nations.map((n) => [n.name, n.id]));
  const sections = between('## Forces by nation', '## Sources').split(/^### /m).slice(1);
  const documented: ForcesFile['forces'] = [];
  for (const section of sections) {
    const nation = names.get(section.slice(0, section.indexOf('\n')).trim());
    assert.ok(nation, `a section for an unknown nation: ${section.slice(0, 40)}`);
    const rows = tableRows(section);
    const total = rows.pop()!;
    assert.equal(total.area, 'total');
    const sums: Record<string, number> = {};
    for (const row of rows) {
      const stack = Object.fromEntries(typeColumns.filter((t) => row[t]).map((t) => [t, Number(row[t])]));
      for (const [t, n] of Object.entries(stack)) sums[t] = (sums[t] ?? 0) + n;
      assert.equal(Number(row.cost), Object.entries(stack).reduce((a, [t, n]) => a + cost(t) * n, 0), `${nation} ${row.area} cost`);
      documented.push({ nation, area: row.area!, units: stack });
    }
    for (const t of typeColumns.filter((c) => c in total)) assert.equal(Number(total[t]), sums[t], `${nation} total ${t}`);
  }
  assert.deepEqual(
    documented,
    shipped.forces.map((s) => ({ nation: s.nation, area: s.area, units: s.units })),
  );
});

test('a ship on land, an army at sea and artillery in Switzerland are each refused at the path of the unit', () => {
  const problems = refused(
    { nation: 'germany', area: 'berlin', units: { infantry: 1, battleship: 1 } },
    { nation: 'britain', area: 'north-sea', units: { cruiser: 1, infantry: 2 } },
    { nation: 'switzerland', area: 'switzerland', units: { artillery: 1 } },
  );
  assert.deepEqual(
    problems.map((p) => [p.code, p.path, p.message]),
    [
      ['forces-check', `$.forces[${next}].units.battleship`, `${FILE}: battleship is a ship and cannot start on land (berlin)`],
      ['forces-check', `$.forces[${next + 1}].units.infantry`, `${FILE}: infantry cannot start at sea (north-sea)`],
      ['forces-check', `$.forces[${next + 2}].units.artillery`, `${FILE}: artillery may not enter Switzerland`],
    ],
  );
});

test('aircraft in Tibet and artillery in Afghanistan are refused too, as the rule book’s mountains bar them', () => {
  const problems = refused({ nation: 'tibet', area: 'tibet', units: { fighter: 1 } }, { nation: 'afghanistan', area: 'afghanistan', units: { infantry: 1, artillery: 1 } });
  assert.deepEqual(
    problems.map((p) => [p.path, p.message]),
    [
      [`$.forces[${next}].units.fighter`, `${FILE}: fighter may not enter Tibet`],
      [`$.forces[${next + 1}].units.artillery`, `${FILE}: artillery may not enter Afghanistan`],
    ],
  );
});

test('an unknown area, nation or unit type is refused with the closest name as a suggestion', () => {
  const problems = refused({ nation: 'germany', area: 'berln', units: { infantry: 1 } }, { nation: 'germny', area: 'north-sea', units: { cruisers: 1 } });
  assert.deepEqual(
    problems.map((p) => [p.path, p.message, p.suggestion]),
    [
      [`$.forces[${next}].area`, `${FILE}: unknown area 'berln'`, 'berlin'],
      [`$.forces[${next + 1}].nation`, `${FILE}: unknown nation 'germny'`, 'germany'],
      [`$.forces[${next + 1}].units.cruisers`, `${FILE}: unknown unit type 'cruisers'`, 'cruiser'],
    ],
  );
});

test('land units start only in their own lands or an ally’s: an Allied army may stand in France, a German or a neutral one may not', () => {
  const problems = refused(
    { nation: 'germany', area: 'paris', units: { infantry: 1 } },
    { nation: 'italy', area: 'vienna', units: { infantry: 1 } },
    { nation: 'spain', area: 'portugal', units: { infantry: 1 } },
  );
  assert.deepEqual(
    problems.map((p) => [p.path, p.message]),
    [
      [`$.forces[${next}].area`, `${FILE}: germany units cannot start in Paris, held by france`],
      [`$.forces[${next + 1}].area`, `${FILE}: italy units cannot start in Vienna, held by austria-hungary`],
      [`$.forces[${next + 2}].area`, `${FILE}: spain units cannot start in Portugal, held by portugal`],
    ],
  );
  const copy = structuredClone(shipped);
  copy.forces.push({ nation: 'britain', area: 'lille', units: { infantry: 4 } });
  const r = scenarioBoard(world, scenarioData('august-1914'), unitTable(), copy, FILE);
  assert.ok(r.ok);
  assert.equal(count(r.value.units, 'britain', 'infantry', 'lille'), 4);
});

test('a stack of zero units is refused by the schema, at its path', () => {
  const problems = refused({ nation: 'serbia', area: 'nis', units: { infantry: 0 } });
  assert.deepEqual(
    problems.map((p) => [p.code, p.path]),
    [['forces-schema', `$.forces[${next}].units.infantry`]],
  );
});
