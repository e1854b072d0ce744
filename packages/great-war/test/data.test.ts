import assert from 'node:assert/strict';
import { test } from 'node:test';
import technologiesJson from '../data/technologies.json' with { type: 'json' };
import august1914Json from '../data/scenarios/august-1914.json' with { type: 'json' };
import { parseScenario, parseTechnologies, technologyTable, type Effect } from '../src/index.js';

const copy = <T>(x: T): T => structuredClone(x) as T;

test('the technology table holds every technology of the Phase 2 table with its number of advances', () => {
  const seed: Record<string, number> = {
    'Improved Weapons': 1,
    'Chemical Warfare': 2,
    'Troop Mechanization': 1,
    'Improved Artillery': 3,
    Tanks: 4,
    'Super Trenches': 1,
    'Improved Anti-Aircraft Guns': 1,
    'Improved Battleships': 3,
    'Improved Cruisers': 3,
    'Improved Transports': 3,
    'Improved Submarines': 2,
    'Aircraft Carriers': 3,
    'Improved Fighters': 4,
    'Improved Bombers': 4,
    'Faster Ships': 1,
    'Improved Industrial Technology': 2,
    Radar: 1,
    Sonar: 1,
  };
  const table = technologyTable();
  assert.deepEqual(Object.fromEntries(table.list.map((t) => [t.name, t.maxAdvances])), seed);
  for (const t of table.list) {
    assert.match(t.id, /^[a-z]+(-[a-z]+)*$/);
    assert.equal(t.advances.length, t.maxAdvances, t.name);
  }
});

test('the research numbers are data: 10 per attempt, success on 9 or 10 of a d10, one attempt per technology', () => {
  assert.deepEqual(technologyTable().research, { cost: 10, die: 10, successRolls: [9, 10], attemptsPerTechnologyPerTurn: 1 });
});

test('advance effects are structured: stat deltas per unit type, build permissions, abilities, manpower and cost cuts', () => {
  const t = (id: string) => technologyTable().byId.get(id)!;
  const effects = (id: string, n: number): readonly Effect[] => t(id).advances[n - 1]!.effects;
  assert.deepEqual(effects('improved-weapons', 1), [{ kind: 'stats', unit: 'infantry', attack: 1, defense: 1, cost: 1 }]);
  assert.deepEqual(effects('troop-mechanization', 1), [{ kind: 'manpower', percent: 30 }]);
  assert.deepEqual(effects('tanks', 1), [{ kind: 'may-build', unit: 'tank' }]);
  assert.deepEqual(t('tanks').advances[0]!.ifAlreadyBuildable?.effects, [{ kind: 'stats', unit: 'tank', cost: -2, attack: 1 }]);
  assert.deepEqual(effects('tanks', 4), [
    { kind: 'stats', unit: 'tank', attack: 1, cost: 2 },
    { kind: 'ability', unit: 'tank', ability: 'breakthrough' },
  ]);
  assert.deepEqual(effects('improved-battleships', 2), [{ kind: 'stats', unit: 'battleship', shoreBombardment: 1, attack: 1, hits: 1, cost: 6 }]);
  assert.deepEqual(effects('improved-transports', 1), [{ kind: 'stats', unit: 'transport', troopPoints: 1, cost: 2 }]);
  assert.deepEqual(
    effects('faster-ships', 1).map((e) => (e.kind === 'stats' ? [e.unit, e.move, e.cost] : [])),
    [
      ['battleship', 1, 5],
      ['carrier', 1, 5],
      ['cruiser', 1, 2],
      ['submarine', 1, 2],
      ['transport', 1, 2],
    ],
  );
  assert.deepEqual(effects('improved-industrial-technology', 2), [{ kind: 'cost-reduction', percent: 20, scope: 'manufactured', rounding: 'up', cumulative: false }]);
  assert.deepEqual(effects('radar', 1), [{ kind: 'may-build', unit: 'radar', cost: 18 }]);
  assert.deepEqual(effects('sonar', 1), [{ kind: 'may-build', unit: 'sonar', cost: 13 }]);
});

test('D-TECH-2 (ambiguity A42): Improved Bombers keeps all 4 listed advances, the 4th allowing industrial bombing', () => {
  const bombers = technologyTable().byId.get('improved-bombers')!;
  assert.equal(bombers.maxAdvances, 4);
  assert.deepEqual(bombers.advances[0]!.effects, [{ kind: 'may-build', unit: 'bomber' }]);
  assert.ok(bombers.advances[3]!.effects.some((e) => e.kind === 'ability' && e.ability === 'industrial-bombing'));
});

test('the shipped data files pass their own checks', () => {
  assert.ok(parseTechnologies(technologiesJson).ok);
  assert.ok(parseScenario(august1914Json, technologyTable()).ok);
});

test('a malformed technology file is refused with the JSON path of every bad value', () => {
  const broken = copy(technologiesJson) as { research: { cost: unknown }; technologies: { advances: { effects: Record<string, unknown>[] }[] }[] };
  broken.research.cost = 0;
  broken.technologies[3]!.advances[1]!.effects[0]!['defense'] = 'one';
  broken.technologies[4]!.advances[0]!.effects[0]!['unit'] = 'zeppelin';
  const r = parseTechnologies(broken, 'technologies.json');
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => p.path).sort(), ['$.research.cost', '$.technologies[3].advances[1].effects[0].defense', '$.technologies[4].advances[0].effects[0].unit']);
  assert.ok(r.error.every((p) => p.code === 'data-schema' && p.message.startsWith('technologies.json: ')));
});

test('technology cross-checks: advance count, names players could not tell apart, units outside appliesTo, impossible rolls', () => {
  const broken = copy(technologiesJson) as {
    research: { successRolls: number[] };
    technologies: { maxAdvances: number; aliases: string[]; advances: { effects: Record<string, unknown>[] }[] }[];
  };
  broken.research.successRolls = [9, 11];
  broken.technologies[1]!.maxAdvances = 3;
  broken.technologies[2]!.aliases.push('Improved weapons');
  broken.technologies[3]!.advances[0]!.effects[0]!['unit'] = 'infantry';
  const r = parseTechnologies(broken);
  assert.ok(!r.ok);
  assert.deepEqual(
    r.error.map((p) => p.path),
    ['$.research.successRolls[1]', '$.technologies[1].advances', '$.technologies[2].aliases[1]', '$.technologies[3].advances[0].effects[0].unit'],
  );
});

test('a malformed scenario is refused with JSON paths and suggestions for misspelt ids', () => {
  const broken = copy(august1914Json) as { nations: { treasury: unknown; tech: Record<string, number> }[]; wars: string[][] };
  broken.nations[7]!.tech = { 'improved-bomberz': 1, tanks: 5 };
  broken.wars[0]![1] = 'rusia';
  broken.wars.push(['germany', 'austria-hungary']);
  const r = parseScenario(broken, technologyTable(), 'august-1914.json');
  assert.ok(!r.ok);
  assert.deepEqual(
    r.error.map((p) => [p.path, p.suggestion]),
    [
      ['$.nations[7].tech["improved-bomberz"]', 'improved-bombers'],
      ['$.nations[7].tech.tanks', undefined],
      ['$.wars[0][1]', 'russia'],
      ['$.wars[9]', undefined],
    ],
  );
  const schema = copy(august1914Json) as { nations: { treasury: unknown }[]; calendar: { monthNames: string[] } };
  schema.nations[2]!.treasury = -5;
  schema.calendar.monthNames.pop();
  const s = parseScenario(schema, technologyTable());
  assert.ok(!s.ok);
  assert.deepEqual(s.error.map((p) => p.path).sort(), ['$.calendar.monthNames', '$.nations[2].treasury']);
});
