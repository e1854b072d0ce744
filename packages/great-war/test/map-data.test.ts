import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMapSvg, EUROPE_SHEET, WORLD_SHEET } from '@umpire/cartography';
import { groupMembers, mapPicture, theWorld, SECTIONS, valueByOwner, type WorldConnection } from '../src/index.js';

const world = theWorld();
const linked = (a: string, b: string): WorldConnection | undefined => world.connections.find((c) => (c.a === a && c.b === b) || (c.a === b && c.b === a));
const sectionOf = (id: string) => (world.territory.get(id) ?? world.sea.get(id))!.section;

test('the shipped map passes every check and is the whole world of 1914, not a subset', () => {
  assert.ok(world.territories.length >= 200 && world.territories.length <= 340, `${world.territories.length} land territories`);
  assert.ok(world.seas.length >= 60 && world.seas.length <= 90, `${world.seas.length} sea zones`);
});

test('GW-MAP-01: a detailed European section and separate North American, African and Asian sections', () => {
  const count = (s: string) => world.territories.filter((t) => t.section === s).length;
  for (const s of SECTIONS) assert.ok(count(s) > 0 || world.seas.some((z) => z.section === s), s);
  assert.ok(SECTIONS.every((s) => s === 'europe' || count('europe') > count(s)), 'Europe is the most detailed section');
});

test('GW-MAP-02: only the listed connection points link map sections', () => {
  const crossing = world.connections.filter((c) => sectionOf(c.a) !== sectionOf(c.b));
  const allowedPairs = new Set(['europe|middle-east', 'middle-east|europe', 'asia-pacific|central-asia', 'central-asia|asia-pacific']);
  const outsideLists = crossing.filter((c) => c.file !== 'cross-sections.json' && c.file !== 'passages.json' && !allowedPairs.has(`${sectionOf(c.a)}|${sectionOf(c.b)}`));
  assert.deepEqual(outsideLists.map((c) => `${c.a}-${c.b} (${c.file})`), []);
});

/** The rule book's list of links between sections (GW-MAP-04 to -40), as pairs of areas. */
const listed: [string, string, string, string][] = [
  ['GW-MAP-04', 'bristol-bay', 'sea-of-okhotsk', 'Bristol Bay - Sea of Okhotsk'],
  ['GW-MAP-05', 'eastern-pacific-ocean', 'northern-pacific-ocean', 'Eastern Pacific - N. Pacific'],
  ['GW-MAP-06', 'middle-pacific-ocean', 'central-pacific-ocean', 'Middle Pacific - Central Pacific'],
  ['GW-MAP-06', 'middle-pacific-ocean', 'bismarck-sea', 'Middle Pacific - Bismarck Sea'],
  ['GW-MAP-07', 'gulf-of-tehuantepec', 'coral-sea', 'Gulf of Tehuantepec - Coral Sea'],
  ['GW-MAP-07', 'gulf-of-tehuantepec', 'gulf-of-mexico', 'Gulf of Tehuantepec - Gulf of Mexico'],
  ['GW-MAP-08', 'gulf-of-mexico', 'gulf-of-tehuantepec', 'Gulf of Mexico - Gulf of Tehuantepec'],
  ['GW-MAP-09', 'hudson-bay', 'northern-atlantic', 'Hudson Bay - Northern Atlantic'],
  ['GW-MAP-09', 'hudson-bay', 'middle-atlantic', 'Hudson Bay - Middle Atlantic'],
  ['GW-MAP-10', 'western-atlantic', 'middle-atlantic', 'Western Atlantic - Middle Atlantic'],
  ['GW-MAP-10', 'western-atlantic', 'southern-atlantic', 'Western Atlantic - Southern Atlantic'],
  ['GW-MAP-11', 'caribbean-sea', 'southern-atlantic', 'Caribbean - Southern Atlantic'],
  ['GW-MAP-11', 'caribbean-sea', 'cape-verde', 'Caribbean - Cape Verde'],
  ['GW-MAP-12', 'cape-verde', 'caribbean-sea', 'Cape Verde - Caribbean'],
  ['GW-MAP-12', 'cape-verde', 'southern-atlantic', 'Cape Verde - Southern Atlantic'],
  ['GW-MAP-13', 'western-indian-ocean', 'central-indian-ocean', 'Western Indian - Central Indian'],
  ['GW-MAP-14', 'red-sea', 'eastern-indian-ocean', 'Red Sea - Eastern Indian'],
  ['GW-MAP-14', 'red-sea', 'eastern-mediterranean', 'Red Sea - Eastern Mediterranean'],
  ['GW-MAP-15', 'suez-canal', 'palestine', 'Suez Canal - Palestine'],
  ['GW-MAP-16', 'coral-sea', 'gulf-of-tehuantepec', 'Coral Sea - Gulf of Tehuantepec'],
  ['GW-MAP-17', 'bismarck-sea', 'middle-pacific-ocean', 'Bismarck Sea - Middle Pacific'],
  ['GW-MAP-18', 'central-pacific-ocean', 'middle-pacific-ocean', 'Central Pacific - Middle Pacific'],
  ['GW-MAP-19', 'northern-pacific-ocean', 'bristol-bay', 'Northern Pacific - Bristol Bay'],
  ['GW-MAP-19', 'northern-pacific-ocean', 'eastern-pacific-ocean', 'Northern Pacific - Eastern Pacific'],
  ['GW-MAP-20', 'sea-of-okhotsk', 'bristol-bay', 'Sea of Okhotsk - Bristol Bay'],
  ['GW-MAP-21', 'central-indian-ocean', 'western-indian-ocean', 'Central Indian - Western Indian'],
  ['GW-MAP-22', 'eastern-indian-ocean', 'persian-gulf', 'East Indian - Persian Gulf'],
  ['GW-MAP-22', 'eastern-indian-ocean', 'red-sea', 'East Indian - Red Sea'],
  ['GW-MAP-23', 'pakistan', 'ahvaz', 'Pakistan - Ahvaz'],
  ['GW-MAP-24', 'afghanistan', 'tehran', 'Afghanistan - Tehran'],
  ['GW-MAP-25', 'turkmen', 'tehran', 'Turkmen - Tehran'],
  ['GW-MAP-26', 'western-kazan', 'kazan', 'Western Kazan - Kazan'],
  ['GW-MAP-26', 'western-kazan', 'volgograd', 'Western Kazan - Volgograd'],
  ['GW-MAP-27', 'urals-mts', 'perm', 'Urals - Perm'],
  ['GW-MAP-27', 'urals-mts', 'nizhiy', 'Urals - Nizhiy'],
  ['GW-MAP-27', 'urals-mts', 'kazan', 'Urals - Kazan'],
  ['GW-MAP-28', 'volgograd', 'western-kazan', 'Volgograd - Western Kazan'],
  ['GW-MAP-29', 'kazan', 'urals-mts', 'Kazan - Urals'],
  ['GW-MAP-29', 'kazan', 'western-kazan', 'Kazan - Western Kazan'],
  ['GW-MAP-30', 'nizhiy', 'urals-mts', 'Nizhiy - Urals'],
  ['GW-MAP-31', 'perm', 'urals-mts', 'Perm - Urals'],
  ['GW-MAP-32', 'tehran', 'afghanistan', 'Tehran - Afghanistan'],
  ['GW-MAP-32', 'tehran', 'turkmen', 'Tehran - Turkmen'],
  ['GW-MAP-33', 'ahvaz', 'pakistan', 'Ahvaz - Pakistan'],
  ['GW-MAP-34', 'persian-gulf', 'eastern-indian-ocean', 'Persian Gulf - East Indian'],
  ['GW-MAP-35', 'eastern-mediterranean', 'red-sea', 'Eastern Mediterranean - Red Sea'],
  ['GW-MAP-35', 'eastern-mediterranean', 'suez-canal', 'Eastern Mediterranean - Suez Canal'],
  ['GW-MAP-35', 'eastern-mediterranean', 'egypt', 'Eastern Mediterranean - Egypt'],
  ['GW-MAP-35', 'eastern-mediterranean', 'libya', 'Eastern Mediterranean - Libya'],
  ['GW-MAP-36', 'ionian-sea', 'algeria', 'Ionian - Algeria'],
  ['GW-MAP-36', 'ionian-sea', 'libya', 'Ionian - Libya'],
  ['GW-MAP-37', 'western-mediterranean', 'algeria', 'Western Mediterranean - Algeria'],
  ['GW-MAP-37', 'western-mediterranean', 'spanish-morocco', 'Western Mediterranean - Spanish Morocco'],
  ['GW-MAP-38', 'southern-atlantic', 'cape-verde', 'Southern Atlantic - Cape Verde'],
  ['GW-MAP-38', 'southern-atlantic', 'western-atlantic', 'Southern Atlantic - Western Atlantic'],
  ['GW-MAP-38', 'southern-atlantic', 'caribbean-sea', 'Southern Atlantic - Caribbean'],
  ['GW-MAP-39', 'middle-atlantic', 'hudson-bay', 'Middle Atlantic - Hudson Bay'],
  ['GW-MAP-39', 'middle-atlantic', 'western-atlantic', 'Middle Atlantic - Western Atlantic'],
  ['GW-MAP-40', 'northern-atlantic', 'hudson-bay', 'Northern Atlantic - Hudson Bay'],
];

for (const clause of [...new Set(listed.map((l) => l[0]))]) {
  const rows = listed.filter((l) => l[0] === clause);
  test(`${clause}: ${rows.map((r) => r[3]).join('; ')}`, () => {
    for (const [, a, b, label] of rows) assert.ok(linked(a, b), `${label} is linked`);
  });
}

test('GW-MAP-03: the tags name six sections, and each listed link joins the sections its tags say (D-MAP-1)', () => {
  const tag: Record<string, string> = { P: 'asia-pacific', A: 'africa', E: 'europe', M: 'middle-east', N: 'north-america', CA: 'central-asia' };
  assert.deepEqual(Object.values(tag).sort(), [...SECTIONS].sort());
  // Tags as the rule book prints them for the far end; the contradictory ones (A66) are decided by geography.
  const tagged: [string, keyof typeof tag][] = [['sea-of-okhotsk', 'P'], ['coral-sea', 'P'], ['hudson-bay', 'N'], ['northern-atlantic', 'E'], ['cape-verde', 'A'], ['central-indian-ocean', 'P'], ['palestine', 'M'], ['suez-canal', 'A'], ['ahvaz', 'M'], ['tehran', 'M'], ['urals-mts', 'CA'], ['western-kazan', 'CA'], ['persian-gulf', 'M'], ['egypt', 'A'], ['libya', 'A'], ['algeria', 'A'], ['spanish-morocco', 'A'], ['western-atlantic', 'N'], ['caribbean-sea', 'N'], ['southern-atlantic', 'E'], ['middle-atlantic', 'E']];
  for (const [id, t] of tagged) assert.equal(sectionOf(id), tag[t], `${id} is tagged ${t}`);
});

test('GW-TERR-36..44: the nine straits of the rule book join their two land territories', () => {
  const straits: [string, string][] = [['northern-ireland', 'glasgow'], ['corsica', 'sardinia'], ['sicily', 'taranto'], ['constantinople', 'izmir'], ['constantinople', 'sinope'], ['sevastopol', 'krasnodar'], ['sumatra', 'java'], ['tokyo', 'hokkaido'], ['hokkaido', 'sakhalin']];
  for (const [a, b] of straits) {
    assert.equal(linked(a, b)?.kind, 'strait', `${a} - ${b}`);
    assert.ok(world.territory.has(a) && world.territory.has(b));
  }
});

test('GW-TERR-05: Gibraltar is part of the Iberian peninsula, joined by land to its neighbours', () => {
  const gib = world.territory.get('gibraltar')!;
  assert.ok(gib.terrain.includes('fortress'));
  const landNeighbours = world.graph.neighbours('gibraltar', ['land']).map((n) => world.territory.get(n.id)!.owner);
  assert.ok(landNeighbours.includes('spain'), `Gibraltar's land neighbours belong to ${landNeighbours.join(', ')}`);
});

test('GW-TERR-27: the Suez Canal territory is joined by land to Palestine', () => {
  const link = linked('suez-canal', 'palestine')!;
  assert.equal(link.kind, 'strait', 'land units cross it; attacks across it take strait penalties (D-MAP-6)');
  assert.ok(world.territory.has('suez-canal') && world.territory.has('palestine'));
});

test('GW-TERR-03: Hamburg holds the Kiel Canal, a passage for ships between the Baltic Sea and the Skagerrak', () => {
  const link = linked('baltic-sea', 'skagerrak')!;
  const kiel = link.passages?.find((p) => p.via.includes('hamburg'));
  assert.equal(kiel?.name, 'Kiel Canal');
  assert.ok(['baltic-sea', 'skagerrak'].every((s) => world.graph.adjacent('hamburg', s, ['coast'])));
});

test('GW-P15-SUBW-05..09: the Britain-supply numbers of the sea zones around Britain', () => {
  const numbers = Object.fromEntries(world.seas.filter((s) => s.britainSupply).map((s) => [s.id, s.britainSupply]));
  assert.deepEqual(numbers, { 'northern-atlantic': 4, 'middle-atlantic': 3, 'southern-atlantic': 3, 'north-sea': 2, 'english-channel': 2 });
});

test('GW-P13-PLACE-13 and GW-P13-PLACE-14: the major and minor colonies, each with territories on the map', () => {
  const cls = Object.fromEntries(world.colonies.map((c) => [c.id, c.class]));
  assert.deepEqual(cls, { canada: 'major', india: 'major', australia: 'major', 'south-africa': 'minor', 'german-east-africa': 'minor', algeria: 'minor', 'new-zealand': 'minor' });
  for (const c of world.colonies) assert.ok(world.territories.some((t) => t.colony === c.id && t.city), `${c.name} has a city territory`);
});

test('GW-NEUT-CHN-09: Lost China is China\'s starting lands plus Inner Mongolia, Ulaanbaatar, Jiaozhou, Hong Kong, Indochina and Tibet', () => {
  const lost = groupMembers(world, 'lost-china');
  const chinese = world.territories.filter((t) => t.owner === 'china').map((t) => t.id);
  assert.ok(chinese.length >= 10);
  assert.deepEqual(lost.sort(), [...chinese, 'inner-mongolia', 'ulaanbaatar', 'jiaozhou', 'hong-kong', 'indochina', 'tibet'].sort());
  for (const id of ['inner-mongolia', 'ulaanbaatar', 'jiaozhou', 'hong-kong', 'indochina', 'tibet']) assert.notEqual(world.territory.get(id)!.owner, 'china', `${id} is not Chinese at the start`);
});

test('the groups the rules name: the British Isles, homeland Germany and the two Irish territories', () => {
  assert.ok(groupMembers(world, 'british-isles').every((id) => world.territory.get(id)!.owner === 'britain' && world.territory.get(id)!.section === 'europe'));
  assert.ok(!groupMembers(world, 'british-isles').includes('gibraltar'));
  assert.equal(groupMembers(world, 'ireland').length, 2);
  assert.ok(groupMembers(world, 'homeland-germany').includes('berlin'));
});

test('the seed\'s territory values: Warsaw 2, Vladivostok 1, Khabarovsk 1; and the planned incomes of the great powers', () => {
  assert.equal(world.territory.get('warsaw')!.value, 2);
  assert.equal(world.territory.get('vladivostok')!.value, 1);
  assert.equal(world.territory.get('khabarovsk')!.value, 1);
  const v = valueByOwner(world);
  const planned: Record<string, number> = { germany: 85, 'austria-hungary': 50, russia: 80, france: 75, britain: 120, serbia: 6, 'ottoman-empire': 40, italy: 50, japan: 45, china: 40, usa: 120 };
  for (const [nation, total] of Object.entries(planned)) assert.ok(Math.abs((v.get(nation) ?? 0) - total) <= total * 0.1, `${nation}: ${v.get(nation)} against ${total}`);
});

test('every capital, industrial complex and port of a great power is where it can work: ports on a coast, one capital each', () => {
  for (const nation of ['germany', 'austria-hungary', 'russia', 'france', 'britain', 'serbia', 'ottoman-empire', 'italy', 'japan', 'china', 'usa']) {
    assert.equal(world.territories.filter((t) => t.owner === nation && t.capital).length, 1, `${nation} has one capital`);
    assert.ok(world.territories.some((t) => t.owner === nation && t.industrialComplex), `${nation} has an industrial complex`);
  }
});

test('GW-TERR-30 and GW-FAC-13: the picture draws straits as arrows between two land territories and cities as small circles', () => {
  const picture = mapPicture(world, { title: 't', nationNames: {} });
  const straits = picture.links.filter((l) => l.style === 'strait');
  assert.equal(straits.length, world.connections.filter((c) => c.kind === 'strait').length);
  assert.ok(straits.every((l) => world.territory.has(l.a) && world.territory.has(l.b)));
  const svg = renderMapSvg(picture, { width: 1600, sheets: [EUROPE_SHEET] });
  assert.ok((svg.match(/marker-start="url\(#arrow\)" marker-end="url\(#arrow\)"/g) ?? []).length >= 6, 'the European straits are drawn as double arrows');
  assert.match(svg, />● Toulouse</, 'a city territory carries the city circle');
  assert.ok(renderMapSvg(picture, { width: 1600, sheets: [WORLD_SHEET] }).includes('★'), 'capitals are starred');
});
