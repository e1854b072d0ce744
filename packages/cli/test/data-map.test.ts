import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');
const data = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'great-war', 'data');
const umpire = (args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
};
const tmp = () => mkdtempSync(join(tmpdir(), 'umpire-data-'));

test('data check passes on the shipped data and says what it checked', () => {
  const r = umpire(['data', 'check', 'great-war']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^OK: \d{3} land territories and \d{2} sea zones in 6 map sections, \d+ connections; every check passed\.$/m);
  const j = JSON.parse(umpire(['data', 'check', 'great-war', '--json']).stdout);
  assert.equal(j.ok, true);
  assert.ok(j.checked.some((f: string) => f.endsWith('august-1914-forces.json')));
});

test('a broken scenario file is refused with every problem located by file and JSON path, and a suggestion', () => {
  const dir = tmp();
  const scenario = JSON.parse(readFileSync(join(data, 'scenarios', 'august-1914.json'), 'utf8'));
  scenario.nations[0].treasury = -5;
  scenario.wars.push(['germany', 'frnace']);
  writeFileSync(join(dir, 'mine.json'), JSON.stringify(scenario));
  const forces = JSON.parse(readFileSync(join(data, 'scenarios', 'august-1914-forces.json'), 'utf8'));
  forces.forces.push({ nation: 'germany', area: 'berln', units: { infantry: 1 } });
  writeFileSync(join(dir, 'mine-forces.json'), JSON.stringify(forces));
  const r = umpire(['data', 'check', 'great-war', '--scenario', join(dir, 'mine.json')]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /mine\.json \$\.nations\[0\]\.treasury: /);
  assert.ok(!/belongs to unknown nation/.test(r.stdout), 'a scenario that does not load does not drown the map in problems');
  assert.match(r.stdout, /nothing was loaded/);
  scenario.nations[0].treasury = 85;
  writeFileSync(join(dir, 'mine.json'), JSON.stringify(scenario));
  const r2 = umpire(['data', 'check', 'great-war', '--scenario', join(dir, 'mine.json')]);
  assert.equal(r2.code, 1);
  assert.match(r2.stdout, /mine\.json \$\.wars\[\d+\]\[1\]: .*no nation 'frnace'.*did you mean 'france'/);
  scenario.wars.pop();
  writeFileSync(join(dir, 'mine.json'), JSON.stringify(scenario));
  const r3 = umpire(['data', 'check', 'great-war', '--scenario', join(dir, 'mine.json')]);
  assert.equal(r3.code, 1);
  assert.match(r3.stdout, /mine-forces\.json \$\.forces\[\d+\]\.area: unknown area 'berln' \(did you mean 'berlin'\?\)/);
});

test('data show prints the tables a player reads, and the same as JSON', () => {
  assert.match(umpire(['data', 'show', 'great-war', 'units']).stdout, /Aircraft Carrier +sea +95 +2 +2 +2/);
  assert.match(umpire(['data', 'show', 'great-war', 'seas']).stdout, /english-channel +English Channel +europe +2/);
  const territories = JSON.parse(umpire(['data', 'show', 'great-war', 'territories', '--json']).stdout);
  assert.equal(territories.find((t: { id: string }) => t.id === 'warsaw').value, 2);
  const nations = JSON.parse(umpire(['data', 'show', 'great-war', 'nations', '--json']).stdout);
  assert.equal(nations.find((n: { id: string }) => n.id === 'italy').incomeCap, 30);
  assert.match(umpire(['data', 'show', 'great-war', 'territores']).stderr, /did you mean 'territories'/);
});

test('map draws the opening world as SVG and PNG, and a game after a turn', () => {
  const dir = tmp();
  const svg = umpire(['map', 'great-war', '--out', join(dir, 'w.svg'), '--sheet', 'europe']);
  assert.equal(svg.code, 0, svg.stderr);
  const text = readFileSync(join(dir, 'w.svg'), 'utf8');
  assert.match(text, /^<svg /);
  assert.match(text, /owners and forces at the start of the August 1914 scenario/);
  const png = umpire(['map', 'great-war', '--out', join(dir, 'w.png'), '--sheet', 'fronts', '--width', '1000']);
  assert.equal(png.code, 0, png.stderr);
  const bytes = readFileSync(join(dir, 'w.png'));
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(bytes.readUInt32BE(16), 1000, 'the PNG is as wide as asked');
  const game = join(dir, 'g');
  assert.equal(umpire(['autoplay', 'great-war', '--game', game, '--turns', '1', '--seed', 'm', '--json']).code, 0);
  const turn = umpire(['map', 'great-war', '--game', game, '--turn', '1', '--sheet', 'world', '--out', join(dir, 't.svg')]);
  assert.equal(turn.code, 0, turn.stderr);
  assert.match(readFileSync(join(dir, 't.svg'), 'utf8'), /Turn 1, August-September 1914/);
  assert.match(umpire(['map', 'great-war', '--out', join(dir, 'x.gif')]).stderr, /must end in \.svg or \.png/);
  assert.match(umpire(['map', 'great-war', '--game', game, '--turn', '9', '--out', join(dir, 'y.svg')]).stderr, /turn 9 has not been resolved/);
});

test('GW-TRENCH-12 and GW-TRENCH-13: map draws the trenches a game has dug on their borders, in SVG and PNG', () => {
  const dir = tmp();
  const game = join(dir, 'g');
  assert.equal(umpire(['new', 'great-war', '--game', game]).code, 0);
  writeFileSync(join(dir, 'france.txt'), 'build trench in Verdun facing Metz\nbuild trench in Nancy facing Metz\n');
  writeFileSync(join(dir, 'germany.txt'), 'build trench in Metz facing Verdun\n');
  for (const seat of ['france', 'germany']) {
    const sent = umpire(['orders', game, seat, join(dir, `${seat}.txt`)]);
    assert.equal(sent.code, 0, sent.stderr);
  }
  const adjudicated = umpire(['adjudicate', game, '--no-map']);
  assert.equal(adjudicated.code, 0, adjudicated.stderr);
  assert.match(adjudicated.stdout, /France digs a trench in Nancy facing Metz/);
  for (const out of ['t.svg', 't.png']) {
    const drawn = umpire(['map', 'great-war', '--game', game, '--turn', '1', '--sheet', 'fronts', '--out', join(dir, out)]);
    assert.equal(drawn.code, 0, drawn.stderr);
  }
  const svg = readFileSync(join(dir, 't.svg'), 'utf8');
  const markers = [...svg.matchAll(/<g class="trench-marker ([a-z-]+)" data-direction="([a-z-]+)" data-a="([a-z-]+)" data-b="([a-z-]+)">/g)].map((m) => m.slice(1).join(' '));
  assert.deepEqual(markers.sort(), ['trench a-to-b nancy metz', 'trench both metz verdun'], 'Verdun and Metz guard their border from both sides: one two-way marker');
  const png = readFileSync(join(dir, 't.png'));
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
});
