import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkWorld, SECTIONS, type MapFiles } from '../src/index.js';

/** A tiny world: one land territory and one sea per section, chained by cross-section links. */
function tinyWorld(): Record<string, Record<string, unknown>> {
  const files: Record<string, Record<string, unknown>> = {};
  SECTIONS.forEach((section, i) => {
    files[`${section}.json`] = {
      section,
      title: section,
      territories: [
        { id: `${section}-land`, name: `${section} land`, aliases: [], owner: i === 0 ? 'france' : 'germany', value: 2, city: true, port: true, industrialComplex: false, capital: i < 2, supplyCenter: i < 2, colony: null, terrain: [], anchors: [[i * 10, 10]] },
      ],
      seas: [{ id: `${section}-sea`, name: `${section} sea`, aliases: [], anchors: [[i * 10, 0]] }],
      connections: [{ a: `${section}-land`, b: `${section}-sea`, kind: 'coast' }],
    };
  });
  files['cross-sections.json'] = {
    connections: SECTIONS.slice(1).map((s, i) => ({ a: `${SECTIONS[i]}-sea`, b: `${s}-sea`, kind: 'sea' })),
  };
  files['passages.json'] = { connections: [] };
  files['seed-names.json'] = { places: [{ seed: 'Europe Land', id: 'europe-land' }], groups: [], colonies: [{ id: 'canada', name: 'Canada', class: 'major' }] };
  return files;
}

const nations = ['france', 'germany'];
const problemsOf = (files: MapFiles) => {
  const r = checkWorld(files, nations);
  return r.ok ? [] : r.error;
};

test('a well-formed world loads, with a graph over every area', () => {
  const r = checkWorld(tinyWorld(), nations);
  assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.error, null, 1));
  assert.equal(r.value.territories.length, 6);
  assert.equal(r.value.graph.path('europe-land', 'central-asia-land')?.length, 8);
  assert.equal(r.value.territory.get('africa-land')?.section, 'africa');
});

test('an unknown owner, colony or area is named with its file, JSON path and the closest valid name', () => {
  const files = tinyWorld();
  const europe = files['europe.json'] as { territories: Record<string, unknown>[]; connections: Record<string, unknown>[] };
  europe.territories[0]!['owner'] = 'frnace';
  europe.territories[0]!['colony'] = 'canda';
  europe.connections[0]!['b'] = 'europe-se';
  const p = problemsOf(files);
  const find = (path: string) => p.find((x) => x.path === path);
  assert.match(find('$.territories[0].owner')!.message, /^data\/map\/europe\.json: 'europe-land' belongs to unknown nation 'frnace'/);
  assert.equal(find('$.territories[0].owner')!.suggestion, 'france');
  assert.equal(find('$.territories[0].colony')!.suggestion, 'canada');
  assert.equal(find('$.connections[0].b')!.suggestion, 'europe-sea');
});

test('schema errors come back with their JSON path and nothing loads', () => {
  const files = tinyWorld();
  (files['africa.json'] as { seas: Record<string, unknown>[] }).seas[0]!['anchors'] = [[200, 0]];
  const p = problemsOf(files);
  assert.ok(p.some((x) => x.code === 'map-schema' && x.path === '$.seas[0].anchors[0][0]' && x.message.startsWith('data/map/africa.json')));
});

test('duplicate ids and names, links that do not fit their ends, and duplicate links are refused', () => {
  const files = tinyWorld();
  const africa = files['africa.json'] as { territories: Record<string, unknown>[]; connections: Record<string, unknown>[] };
  africa.territories.push({ ...africa.territories[0]!, id: 'europe-land', anchors: [[20, 12]] });
  africa.connections.push({ a: 'africa-land', b: 'africa-sea', kind: 'land' });
  africa.connections.push({ a: 'africa-sea', b: 'africa-land', kind: 'coast' });
  const messages = problemsOf(files).map((x) => x.message);
  assert.ok(messages.some((m) => /'europe-land' is already defined in europe\.json/.test(m)));
  assert.ok(messages.some((m) => /the name 'africa land' also names 'africa-land'/.test(m)));
  assert.ok(messages.some((m) => /a 'land' link cannot join 'africa-land' \(land\) and 'africa-sea' \(sea\)/.test(m)));
  assert.ok(messages.some((m) => /'africa-sea' and 'africa-land' are already linked/.test(m)));
});

test('links between sections belong in cross-sections.json', () => {
  const files = tinyWorld();
  (files['africa.json'] as { connections: unknown[] }).connections.push({ a: 'africa-sea', b: 'asia-pacific-sea', kind: 'sea' });
  assert.ok(problemsOf(files).some((x) => /are in other sections: links between sections belong in cross-sections\.json/.test(x.message)));
});

test('ports touch the sea, sea zones touch something, and every area can be reached', () => {
  const files = tinyWorld();
  const na = files['north-america.json'] as { territories: Record<string, unknown>[]; seas: Record<string, unknown>[] };
  na.territories.push({ ...na.territories[0]!, id: 'lonely', name: 'Lonely', port: true, capital: false, supplyCenter: false, anchors: [[-100, 40]] });
  na.seas.push({ id: 'empty-sea', name: 'Empty sea', aliases: [], anchors: [[-120, 0]] });
  const messages = problemsOf(files).map((x) => x.message);
  assert.ok(messages.some((m) => /'lonely' is a port but touches no sea zone/.test(m)));
  assert.ok(messages.some((m) => /the sea zone 'empty-sea' touches nothing/.test(m)));
  assert.ok(messages.some((m) => /'lonely' cannot be reached/.test(m)));
});

test('a nation has one capital, and a capital is a supply center', () => {
  const files = tinyWorld();
  const ca = files['central-asia.json'] as { territories: Record<string, unknown>[] };
  ca.territories[0]!['capital'] = true;
  ca.territories[0]!['supplyCenter'] = false;
  const messages = problemsOf(files).map((x) => x.message);
  assert.ok(messages.some((m) => /germany has 2 capitals/.test(m)));
  assert.ok(messages.some((m) => /the capital 'central-asia-land' must be a supply center/.test(m)));
});

test('every place the rule book names must exist and answer to the rule book\'s spelling', () => {
  const files = tinyWorld();
  (files['seed-names.json'] as { places: unknown[] }).places.push({ seed: 'Shagerrak', id: 'europe-sea' }, { seed: 'Paris', id: 'paris' });
  const messages = problemsOf(files).map((x) => x.message);
  assert.ok(messages.some((m) => /'europe-sea' should answer to the rule book's spelling 'Shagerrak'/.test(m)));
  assert.ok(messages.some((m) => /the rule book names 'Paris', but there is no area 'paris'/.test(m)));
});

test('a passage is controlled by territories that touch both of its seas', () => {
  const files = tinyWorld();
  (files['passages.json'] as { connections: unknown[] }).connections.push({ a: 'europe-sea', b: 'africa-sea', kind: 'sea', passages: [{ name: 'Narrows', via: ['asia-pacific-land'] }] });
  (files['cross-sections.json'] as { connections: { a: string; b: string }[] }).connections.splice(1, 1);
  assert.ok(problemsOf(files).some((x) => /'asia-pacific-land' must touch both 'europe-sea' and 'africa-sea'/.test(x.message)));
});
