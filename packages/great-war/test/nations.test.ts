import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import august1914Json from '../data/scenarios/august-1914.json' with { type: 'json' };
import { atWar, greatWar, parseScenario, scenarioData, technologyTable } from '../src/index.js';
import { majorsOf, manpowerLimit, manpowerRegionFor, minorIncome, minorOf, minorsOf, scenarioMinor, scenarioNation } from '../src/base/nations.js';
import { diplomaticPositions } from '../src/data/schema.js';
import { unitStats } from '../src/base/units.js';
import { nation, newGame, openingState, playTurn } from './helpers.js';

/** The nations of August 1914: minors, manpower, incomes and treasuries (gaps G04, G05, G06, G09, G17, G19). */

const copy = <T>(x: T): T => structuredClone(x) as T;
const doc = (name: string) => readFileSync(new URL(`../../../../docs/great-war/${name}`, import.meta.url), 'utf8');
const scenario = () => scenarioData('august-1914');
type RawNation = Record<string, unknown> & { id: string };
const raw = () => copy(august1914Json) as unknown as { nations: RawNation[]; wars: string[][] };
const indexOf = (file: { nations: RawNation[] }, id: string) => file.nations.findIndex((n) => n.id === id);
const MAJORS = ['germany', 'austria-hungary', 'russia', 'france', 'britain', 'serbia', 'ottoman-empire', 'italy', 'japan', 'china', 'usa'];

/** The minor ids the map format fixes (docs/great-war/map-format.md, 'Minors:'). */
function mapFormatMinors(): string[] {
  const text = doc('map-format.md');
  const from = text.indexOf('Minors:');
  const block = text.slice(from, text.indexOf('\n\n', from));
  return [...block.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
}

test('gap G09: the scenario lists every minor nation of the map format after the 11 majors; the state keeps them apart, with no seat', () => {
  const minors = mapFormatMinors();
  assert.equal(minors.length, 23);
  assert.deepEqual(scenario().nations.map((n) => n.id), [...MAJORS, ...minors]);
  assert.deepEqual(majorsOf(scenario()).map((n) => n.id), MAJORS);
  assert.ok(minorsOf(scenario()).every((m) => m.seat === false && m.side === 'neutral'));
  const s = openingState();
  assert.deepEqual(s.nations.map((n) => n.id), MAJORS);
  assert.deepEqual(s.minors.map((m) => m.id), minors);
  assert.deepEqual(greatWar.seats(s), MAJORS);
});

test('gap G19: the seats, the technology table and the reports stay those of the 11 majors; invariants hold', () => {
  const s = openingState();
  assert.deepEqual(newGame().record.header.seats.map((x) => x.id), MAJORS);
  const pub = greatWar.describeState!(s, undefined);
  assert.equal(pub[0]!.table!.rows.length, 11);
  assert.equal(pub[1]!.table!.columns.length, 2 + 11);
  assert.deepEqual(greatWar.invariants!(s), []);
  assert.equal(nation(s, 'germany').unitVariants.length, 0);
});

test('GW-P01-DIP-09: the diplomatic chart has five positions, from the Central Powers’ camp through completely neutral to the Allies’ camp', () => {
  assert.deepEqual(diplomaticPositions, ['central-camp', 'favourable-to-central', 'neutral', 'favourable-to-allies', 'allied-camp']);
  const file = raw();
  file.nations[indexOf(file, 'sweden')]!['diplomacy'] = 'pro-german';
  const r = parseScenario(file, technologyTable(), 'august-1914.json');
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.code, p.path]), [['data-schema', `$.nations[${indexOf(file, 'sweden')}].diplomacy`]]);
});

test('GW-P01-DIP-10: every minor starts neutral or favourable to one side, and a scenario with a minor in a camp is refused', () => {
  const middle = ['favourable-to-central', 'neutral', 'favourable-to-allies'];
  for (const m of openingState().minors) assert.ok(middle.includes(m.diplomacy), m.id);
  for (const camp of ['allied-camp', 'central-camp']) {
    const file = raw();
    file.nations[indexOf(file, 'montenegro')]!['diplomacy'] = camp;
    const r = parseScenario(file, technologyTable());
    assert.ok(!r.ok);
    assert.deepEqual(r.error.map((p) => p.path), [`$.nations[${indexOf(file, 'montenegro')}].diplomacy`]);
    assert.match(r.error[0]!.message, /starts neutral or favourable to one side/);
  }
});

test('GW-P15-SPAIN-01: Spain starts completely neutral', () => {
  const spain = minorOf(openingState(), 'spain')!;
  assert.deepEqual([spain.side, spain.diplomacy, spain.atWarWith], ['neutral', 'neutral', []]);
});

test('D-NAT-8, GW-ALLY-02: Belgium and Montenegro start outside the war (Belgium neutral with the *, Montenegro favourable to the Allies); the Allies are still the four', () => {
  const s = openingState();
  const belgium = minorOf(s, 'belgium')!;
  const montenegro = minorOf(s, 'montenegro')!;
  assert.deepEqual([belgium.diplomacy, belgium.hardToInfluence, belgium.atWarWith], ['neutral', true, []]);
  assert.deepEqual([montenegro.diplomacy, montenegro.hardToInfluence, montenegro.atWarWith], ['favourable-to-allies', false, []]);
  assert.deepEqual(s.nations.filter((n) => n.side === 'allied').map((n) => n.id), ['russia', 'france', 'britain', 'serbia']);
  for (const m of s.minors) {
    assert.deepEqual(m.atWarWith, [], m.id);
    for (const n of s.nations) assert.ok(!atWar(s, n.id, m.id), `${n.id} v ${m.id}`);
  }
});

test('designers-choices.md gives every minor the position and mark the scenario has', () => {
  const text = doc('designers-choices.md');
  const section = text.slice(text.indexOf('## Minor nations at the start'));
  const rows = [...section.matchAll(/^\| ([a-z-]+) \| ([a-z-]+) \| (yes|no) \| .+ \|$/gm)].map((m) => [m[1], m[2], m[3] === 'yes']);
  assert.deepEqual(rows, openingState().minors.map((m) => [m.id, m.diplomacy, m.hardToInfluence]));
});

test('gap G19: every minor is run by the moderator, starts with 0 saved and collects 10% of its lands’ value, rounded up', () => {
  const s = openingState();
  for (const m of s.minors) assert.deepEqual([m.controller, m.treasury, m.productionPercent], ['moderator', 0, 10], m.id);
  assert.deepEqual(scenario().minorIncome, { percent: 10, rounding: 'up' });
  assert.deepEqual([0, 1, 9, 10, 11, 23].map((v) => minorIncome(s, 'persia', v)), [0, 1, 1, 1, 2, 3]);
  assert.equal(minorIncome(s, 'germany', 40), 0, 'a major is not a minor');
});

test('gap G17 (D-NAT-9): Mexico collects 10% like any minor, half its value the turn the USA gears up, and its full value from the next turn', () => {
  assert.deepEqual(scenarioMinor(openingState(), 'mexico')!.mobilisation, { trigger: 'usa-gear-up', percents: [50, 100] });
  assert.deepEqual(minorsOf(scenario()).filter((m) => m.mobilisation).map((m) => m.id), ['mexico']);
  const s = openingState();
  const mexico = minorOf(s, 'mexico')!;
  assert.deepEqual([mexico.diplomacy, mexico.hardToInfluence, mexico.controller], ['neutral', false, 'moderator']);
  const income = () => minorIncome(s, 'mexico', 13);
  assert.equal(income(), 2);
  mexico.productionPercent = 50;
  assert.equal(income(), 7);
  mexico.productionPercent = 100;
  assert.equal(income(), 13);
});

test('D-NAT-11: the scenario holds the income caps the seed gives: neutral, at war with a minor, and after gearing up (cost and cap)', () => {
  const caps = Object.fromEntries(majorsOf(scenario()).map((n) => [n.id, [n.incomeCap, n.minorWarIncomeCap ?? null, n.gearUp ?? null]]));
  assert.deepEqual(caps, {
    germany: [null, null, null],
    'austria-hungary': [null, null, null],
    russia: [null, null, null],
    france: [null, null, null],
    britain: [null, null, null],
    serbia: [null, null, null],
    'ottoman-empire': [24, 36, null],
    italy: [30, 45, null],
    japan: [15, null, { cost: 25, incomeCap: 30 }],
    china: [12, null, { cost: 15, incomeCap: 25 }],
    usa: [15, null, { cost: 40, incomeCap: 35 }],
  });
  assert.equal(scenarioNation(openingState(), 'italy')!.minorWarIncomeCap, 45);
});

test('gap G05: every nation can afford a first turn: at least one research attempt and two infantry, the belligerents a great deal more', () => {
  const s = openingState();
  for (const n of s.nations) {
    assert.ok(n.treasury >= technologyTable().research.cost, n.id);
    assert.ok(n.treasury >= 2 * unitStats(s, n.id, 'infantry').cost!, n.id);
  }
  const germany = nation(s, 'germany');
  const opening = 8 * unitStats(s, 'germany', 'infantry').cost! + 3 * unitStats(s, 'germany', 'artillery').cost! + 2 * technologyTable().research.cost;
  assert.ok(opening <= germany.treasury, `Germany's opening costs ${opening}`);
});

test('gap G06: every major has a home manpower limit; only the colony groups of the colony table have limits of their own', () => {
  const s = openingState();
  const limits = Object.fromEntries(s.nations.map((n) => [n.id, n.manpower.map((m) => `${m.region} ${m.limit}`)]));
  assert.deepEqual(limits, {
    germany: ['home 145', 'german-east-africa 2'],
    'austria-hungary': ['home 85'],
    russia: ['home 160'],
    france: ['home 90', 'algeria 3'],
    britain: ['home 65', 'canada 7', 'india 15', 'australia 5', 'south-africa 2', 'new-zealand 2'],
    serbia: ['home 8'],
    'ottoman-empire': ['home 30'],
    italy: ['home 60'],
    japan: ['home 60'],
    china: ['home 100'],
    usa: ['home 110'],
  });
  for (const n of s.nations) for (const m of n.manpower) assert.equal(m.built, 0, `${n.id} ${m.region}`);
});

test('GW-MANP-04: Britain’s British Isles manpower limit is apart from the limits of its colonies', () => {
  const britain = nation(openingState(), 'britain');
  assert.equal(britain.manpower[0]!.name, 'British Isles');
  assert.equal(manpowerRegionFor(britain, null).name, 'British Isles');
  assert.equal(manpowerRegionFor(britain, 'canada').name, 'Canada');
  assert.equal(manpowerRegionFor(britain, 'new-zealand').limit, 2);
  assert.equal(manpowerRegionFor(britain, 'algeria').region, 'home', 'a colony group of another nation');
  britain.manpower[0]!.limit -= 3;
  assert.deepEqual(britain.manpower.map((m) => manpowerLimit(britain, m.region)), [62, 7, 15, 5, 2, 2], 'a cut in the Isles leaves the colonies alone');
});

test('GW-TECH-05: Troop Mechanization at once raises every manpower limit of the nation by 30%, rounded up', () => {
  const before = nation(openingState(), 'britain');
  assert.deepEqual(before.manpower.map((m) => manpowerLimit(before, m.region)), [65, 7, 15, 5, 2, 2]);
  const { game } = playTurn(newGame([8, 9, 5, 10]), { britain: { text: 'research mechanization' }, usa: { text: 'research mechanization' } });
  const failed = nation(game, 'britain');
  assert.equal(manpowerLimit(failed, 'home'), 65, 'a roll of 8 fails');
  const usa = nation(game, 'usa');
  assert.equal(manpowerLimit(usa, 'home'), 143);
  const after = playTurn(game, { britain: { text: 'research mechanization' } }).game;
  const britain = nation(after, 'britain');
  assert.deepEqual(britain.manpower.map((m) => manpowerLimit(britain, m.region)), [85, 10, 20, 7, 3, 3]);
  assert.equal(manpowerLimit(britain, 'india'), Math.ceil(15 * 1.3));
  assert.equal(manpowerLimit(nation(after, 'germany'), 'home'), 145, 'only the nation that researched it');
});

test('atWar answers for minors too: a war between a major and a minor reads both ways', () => {
  const s = openingState();
  nation(s, 'germany').atWarWith.push('belgium');
  minorOf(s, 'belgium')!.atWarWith.push('germany');
  assert.ok(atWar(s, 'germany', 'belgium') && atWar(s, 'belgium', 'germany'));
  assert.ok(!atWar(s, 'austria-hungary', 'belgium'));
});

test('a malformed nation list is refused with JSON paths: a minor with a seat, an unknown colony group, a minor with a tech field', () => {
  const file = raw();
  file.nations[indexOf(file, 'denmark')]!['seat'] = true;
  (file.nations[indexOf(file, 'france')]!['manpower'] as Record<string, unknown>[])[1]!['region'] = 'indochina';
  file.nations[indexOf(file, 'albania')]!['tech'] = {};
  const r = parseScenario(file, technologyTable(), 'august-1914.json');
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => p.path).sort(), [
    `$.nations[${indexOf(file, 'albania')}].tech`,
    `$.nations[${indexOf(file, 'denmark')}].seat`,
    `$.nations[${indexOf(file, 'france')}].manpower[1].region`,
  ].sort());
  const codes = Object.fromEntries(r.error.map((p) => [p.path, p.code]));
  assert.equal(codes[`$.nations[${indexOf(file, 'albania')}].tech`], 'unknown-field');
  assert.equal(codes[`$.nations[${indexOf(file, 'denmark')}].seat`], 'data-schema');
});

test('nation cross-checks: home limit first, a colony group claimed twice, a major after the minors, a gear-up without a cap, controllers and wars with unknown minors', () => {
  const file = raw();
  const britain = indexOf(file, 'britain');
  const manpower = file.nations[britain]!['manpower'] as Record<string, unknown>[];
  manpower.reverse();
  (file.nations[indexOf(file, 'france')]!['manpower'] as Record<string, unknown>[])[1]!['region'] = 'canada';
  file.nations[indexOf(file, 'germany')]!['gearUp'] = { cost: 10, incomeCap: 50 };
  file.nations[indexOf(file, 'tibet')]!['controller'] = 'moderater';
  const usa = file.nations.splice(indexOf(file, 'usa'), 1)[0]!;
  file.nations.push(usa);
  file.wars.push(['germany', 'belgum']);
  const r = parseScenario(file, technologyTable());
  assert.ok(!r.ok);
  assert.deepEqual(
    r.error.map((p) => [p.path, p.suggestion]),
    [
      ['$.nations[0].incomeCap', undefined],
      [`$.nations[${britain}].manpower[0].region`, undefined],
      [`$.nations[${britain}].manpower[4].region`, undefined],
      [`$.nations[${britain}].manpower[5].region`, undefined],
      [`$.nations[${indexOf(file, 'tibet')}].controller`, 'moderator'],
      [`$.nations[${indexOf(file, 'usa')}].kind`, undefined],
      [`$.wars[${file.wars.length - 1}][1]`, 'belgium'],
    ],
  );
  assert.match(r.error[2]!.message, /france already has the manpower limit of canada/);
});
