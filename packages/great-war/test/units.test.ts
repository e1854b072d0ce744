import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import unitsJson from '../data/units.json' with { type: 'json' };
import { greatWar, technologyTable, type GreatWarState, type NationState } from '../src/index.js';
import { parseUnits, unitTable } from '../src/data/load.js';
import { unitStatKeys, unitTypes, type UnitType } from '../src/data/schema.js';
import { unitRoster, unitStats, type NationUnit } from '../src/base/units.js';
import { nation, newGame, openingState, playTurn } from './helpers.js';

/** The unit table (data/units.json) and unitStats: the seed's numbers, the designers' choices, and every advance. */

const copy = <T>(x: T): T => structuredClone(x) as T;
const start = () => openingState();
const seats = () => greatWar.seats(start());
const of = (state: GreatWarState, nationId: string, unit: UnitType): NationUnit => unitStats(state, nationId, unit);
const pick = (u: NationUnit, ...keys: (keyof NationUnit)[]) => Object.fromEntries(keys.map((k) => [k, u[k]]));

/**
 * Play turns in which `nationId` researches each technology of the plan until it reaches the level asked for, every
 * attempt succeeding on a scripted 10; the state after those turns.
 */
function researched(nationId: string, plan: Readonly<Record<string, number>>): GreatWarState {
  const total = Object.values(plan).reduce((a, b) => a + b, 0);
  // All 10s: every research succeeds, and the fleets of the neutrals entering the war (D-OTT-1) miss until they break off.
  let game = newGame(Array.from({ length: 1000 * total }, () => 10));
  const names = (id: string) => technologyTable().byId.get(id)!.name;
  for (let turn = 0; turn < 10; turn++) {
    const state = game.position.state;
    const open = Object.entries(plan).filter(([id, level]) => nation(state, nationId).tech[id]! < level);
    if (open.length === 0) break;
    game = playTurn(game, { [nationId]: { text: open.map(([id]) => `research ${names(id)}`).join('\n') } }).game;
  }
  for (const [id, level] of Object.entries(plan)) assert.equal(nation(game, nationId).tech[id], level, `${nationId} reached ${id} ${level}`);
  return structuredClone(game.position.state);
}

/** One level at a time: the unit's stats at levels 0..n of a technology, each level reached by a scripted research roll. */
function byLevel(nationId: string, techId: string, unit: UnitType, levels: number, keys: (keyof NationUnit)[], plan: Record<string, number> = {}) {
  return Array.from({ length: levels + 1 }, (_, level) => pick(of(researched(nationId, { ...plan, [techId]: level }), nationId, unit), ...keys));
}

test('the unit table has every unit type exactly once, and each stat is the seed’s, a designer’s choice, or does not apply', () => {
  const table = unitTable();
  assert.deepEqual(table.list.map((u) => u.id), [...unitTypes]);
  for (const u of table.list) {
    for (const key of unitStatKeys) {
      const value = u[key];
      const marked = u.seed.includes(key) || u.designer.includes(key);
      if (value !== null && value !== 0) assert.ok(marked, `${u.id}.${key} = ${value} is neither the seed's nor a designer's choice`);
    }
  }
});

test('every designer’s number has its row, with the same value, in designers-choices.md, and every row is in the table', () => {
  const doc = readFileSync(new URL('../../../../docs/great-war/designers-choices.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## The unit table'), doc.indexOf('## Manpower limits'));
  const rows = [...section.matchAll(/^\| ([a-z-]+) \| ([A-Za-z]+) \| ([^|]+?) \| (.+) \|$/gm)]
    .map((m) => [m[1]!, m[2]!, m[3]!.trim(), m[4]!.trim()])
    .filter(([unit]) => unit !== 'unit');
  const fromDoc = rows.map(([unit, stat, value]) => `${unit}.${stat} = ${value}`).sort();
  const fromData = unitTable().list.flatMap((u) => u.designer.map((k) => `${u.id}.${k} = ${u[k] ?? 'none'}`)).sort();
  assert.deepEqual(fromDoc, fromData);
  for (const row of rows) assert.ok(row[3]!.length > 10, `${row[0]}.${row[1]} has a reason`);
});

test('one table for every nation: at the start the nations’ units differ only in who may build tanks and bombers', () => {
  const s = start();
  const strip = (u: NationUnit) => ({ ...u, mayBuild: undefined });
  for (const id of seats()) assert.deepEqual(unitRoster(s, id).map(strip), unitRoster(s, 'germany').map(strip), id);
  const builders = (unit: UnitType) => seats().filter((id) => of(s, id, unit).mayBuild);
  assert.deepEqual(builders('tank'), ['germany', 'britain', 'usa']);
  assert.deepEqual(builders('bomber'), ['italy']);
  for (const unit of ['carrier', 'super-trench', 'radar', 'sonar'] as const) assert.deepEqual(builders(unit), [], unit);
  for (const unit of ['city', 'coastal-defense'] as const) assert.deepEqual(builders(unit), [], `${unit} is never bought`);
  assert.deepEqual(builders('infantry'), seats());
});

test('GW-P03-BUILD-04..07, GW-TECH-22: trenches cost 5, super trenches 15, radar 18 and sonar 13, the same for every nation', () => {
  const s = start();
  for (const id of seats()) {
    assert.deepEqual(
      (['trench', 'super-trench', 'radar', 'sonar'] as const).map((u) => of(s, id, u).cost),
      [5, 15, 18, 13],
      id,
    );
  }
});

test('GW-P03-BUILD-08, GW-UNIT-10: an AA gun costs 3, has no attack (it is never used in an attack), defends at 1 and moves 1, for every nation', () => {
  const s = start();
  for (const id of seats()) assert.deepEqual(pick(of(s, id, 'aa-gun'), 'cost', 'attack', 'defense', 'move', 'attacksPerRound'), { cost: 3, attack: null, defense: 1, move: 1, attacksPerRound: null }, id);
});

test('GW-P03-BUILD-09, GW-UNIT-38, GW-UNIT-39: an aircraft carrier costs 95, attacks 2, defends 2, moves 2, carries 2 fighters and takes 2 hits', () => {
  const s = researched('japan', { 'aircraft-carriers': 1 });
  for (const state of [start(), s]) {
    for (const id of seats()) {
      assert.deepEqual(pick(of(state, id, 'carrier'), 'cost', 'attack', 'defense', 'move', 'fighterCapacity', 'hits'), { cost: 95, attack: 2, defense: 2, move: 2, fighterCapacity: 2, hits: 2 }, id);
    }
  }
});

test('GW-UNIT-35: no nation starts with carriers; a nation may build them once it has researched the first Aircraft Carriers advance', () => {
  assert.deepEqual(seats().filter((id) => of(start(), id, 'carrier').mayBuild), []);
  const failed = playTurn(newGame([8]), { japan: { text: 'research carriers' } }).game.position.state;
  assert.equal(of(failed, 'japan', 'carrier').mayBuild, false, 'a roll of 8 fails');
  const s = researched('japan', { 'aircraft-carriers': 1 });
  assert.deepEqual(seats().filter((id) => of(s, id, 'carrier').mayBuild), ['japan']);
});

test('GW-FAC-05, GW-FAC-11: industrial complexes and ports defend at 1 (so do cities and the coastal defence unit); none attacks', () => {
  const s = start();
  for (const unit of ['industrial-complex', 'port', 'city', 'coastal-defense'] as const) {
    assert.deepEqual(pick(of(s, 'france', unit), 'attack', 'defense'), { attack: null, defense: 1 }, unit);
  }
  assert.equal(of(s, 'france', 'city').hits, null, 'a city is never a loss');
  assert.equal(of(s, 'france', 'coastal-defense').cost, null, 'the coastal defence unit is never bought');
});

test('GW-UNIT-25..27: a transport carries 2 troop points; infantry take 1, every other land and air unit 2; ships and facilities are never carried', () => {
  const s = start();
  assert.equal(of(s, 'britain', 'transport').troopPoints, 2);
  const loads = Object.fromEntries(unitRoster(s, 'britain').map((u) => [u.unit, u.load]));
  assert.equal(loads['infantry'], 1);
  for (const u of unitTable().list) {
    const expected = u.id === 'infantry' ? 1 : (u.category === 'land' && u.id !== 'coastal-defense') || u.category === 'air' ? 2 : null;
    assert.equal(loads[u.id], expected, u.id);
  }
  for (const u of unitTable().list) if (u.id !== 'transport') assert.equal(u.troopPoints, 0, u.id);
});

test('GW-UNIT-13, GW-UNIT-15: a battleship has a shore bombardment value of its own besides its attack, and takes 2 hits', () => {
  const bb = of(start(), 'britain', 'battleship');
  assert.equal(bb.hits, 2);
  assert.equal(typeof bb.shoreBombardment, 'number');
  assert.notEqual(bb.shoreBombardment, bb.attack);
  assert.deepEqual(unitTable().list.filter((u) => u.shoreBombardment !== null).map((u) => u.id), ['battleship']);
});

test('GW-UNIT-21..24: the destroyer (the cruiser, one type) has half a battleship’s attack, sinks to one hit, is the fastest ship and may not bombard', () => {
  const s = start();
  const cruiser = of(s, 'britain', 'cruiser');
  const battleship = of(s, 'britain', 'battleship');
  assert.equal(cruiser.attack! * 2, battleship.attack);
  assert.equal(cruiser.hits, 1);
  assert.equal(cruiser.shoreBombardment, null);
  const ships = unitTable().list.filter((u) => u.category === 'sea' && u.id !== 'cruiser');
  for (const ship of ships) assert.ok(cruiser.move! > of(s, 'britain', ship.id).move!, ship.id);
  assert.ok(unitTable().byId.get('cruiser')!.aliases.includes('Destroyer'));
  assert.ok(!unitTypes.includes('destroyer' as UnitType), 'no second type');
  const fast = researched('britain', { 'faster-ships': 1 });
  for (const ship of ships) assert.ok(of(fast, 'britain', 'cruiser').move! > of(fast, 'britain', ship.id).move!, `${ship.id} after Faster Ships`);
});

test('GW-P05-SUBDET-04..08: submarines detect at 1, fighters 2, battleships 3, bombers 3, destroyers 5', () => {
  const s = start();
  const detection = (u: UnitType) => of(s, 'germany', u).detection;
  assert.deepEqual((['submarine', 'fighter', 'battleship', 'bomber', 'cruiser'] as const).map(detection), [1, 2, 3, 3, 5]);
  assert.deepEqual([detection('carrier'), detection('transport')], [2, null], 'gap G14: carriers 2, transports do not hunt');
});

test('GW-UNIT-48: fighters start with 3 fuel, bombers with 5; only aircraft have fuel, and aircraft have no move', () => {
  const s = start();
  assert.equal(of(s, 'france', 'fighter').fuel, 3);
  assert.equal(of(s, 'italy', 'bomber').fuel, 5);
  for (const u of unitTable().list) {
    const air = u.category === 'air';
    assert.equal(u.fuel !== null, air, u.id);
    assert.equal(u.move === null, air, u.id);
  }
});

test('GW-UNIT-01: infantry attack weakly and defend well: at the start no other land unit defends as well, and artillery and tanks attack harder', () => {
  const s = start();
  const inf = of(s, 'germany', 'infantry');
  assert.ok(inf.defense! > inf.attack!);
  for (const u of ['artillery', 'tank', 'aa-gun', 'fighter', 'bomber'] as const) assert.ok(of(s, 'germany', u).defense! < inf.defense!, u);
  for (const u of ['artillery', 'tank'] as const) assert.ok(of(s, 'germany', u).attack! > inf.attack!, u);
});

test('GW-UNIT-58, GW-UNIT-59: only Italy has bombers at the start; a bomber’s air-combat value is 1 at every level', () => {
  assert.deepEqual(seats().filter((id) => of(start(), id, 'bomber').mayBuild), ['italy']);
  for (let level = 1; level <= 4; level++) {
    const bomber = of(researched('italy', { 'improved-bombers': level }), 'italy', 'bomber');
    assert.equal(bomber.airCombat, 1, `level ${level}`);
  }
  assert.deepEqual(unitTable().list.filter((u) => u.airCombat !== null).map((u) => u.id), ['bomber']);
});

test('GW-P15-REV-29: Bolshevik infantry cost 4, attack 3 and defend 6; every other Bolshevik unit has Russia’s numbers', () => {
  const s = researched('russia', { 'improved-artillery': 1, 'improved-cruisers': 1 });
  const russia = nation(s, 'russia');
  const bolsheviks: NationState = { ...copy(russia), id: 'bolsheviks', name: 'Bolsheviks', unitVariants: ['bolshevik-infantry'] };
  assert.deepEqual(pick(unitStats(s, bolsheviks, 'infantry'), 'cost', 'attack', 'defense'), { cost: 4, attack: 3, defense: 6 });
  assert.deepEqual(pick(unitStats(s, russia, 'infantry'), 'cost', 'attack', 'defense'), { cost: 5, attack: 3, defense: 5 });
  for (const u of unitTypes.filter((t) => t !== 'infantry')) assert.deepEqual(unitStats(s, bolsheviks, u), unitStats(s, russia, u), u);
});

test('GW-OPT-RUS-03: once Russia properly supplies its army its infantry cost 6, up from 5, and keep that price', () => {
  const s = start();
  assert.equal(of(s, 'russia', 'infantry').cost, 5);
  nation(s, 'russia').unitVariants.push('properly-supplied-army');
  assert.deepEqual(pick(of(s, 'russia', 'infantry'), 'cost', 'attack', 'defense'), { cost: 6, attack: 3, defense: 5 });
  assert.equal(of(s, 'france', 'infantry').cost, 5, 'only Russia');
  const later = researched('russia', { 'improved-artillery': 2 });
  nation(later, 'russia').unitVariants.push('properly-supplied-army');
  assert.equal(of(later, 'russia', 'infantry').cost, 6);
});

test('D-UNIT-7: advances still apply on top of a variant: properly supplied infantry with Improved Weapons cost 7', () => {
  const s = researched('russia', { 'improved-weapons': 1 });
  nation(s, 'russia').unitVariants.push('properly-supplied-army');
  assert.deepEqual(pick(of(s, 'russia', 'infantry'), 'cost', 'attack', 'defense'), { cost: 7, attack: 4, defense: 6 });
});

test('GW-TECH-01: Improved Weapons gives infantry +1 attack, +1 defence and +1 cost; a failed roll changes nothing', () => {
  const keys: (keyof NationUnit)[] = ['cost', 'attack', 'defense'];
  const { game } = playTurn(newGame([8]), { germany: { text: 'research weapons' } });
  assert.deepEqual(pick(of(game.position.state, 'germany', 'infantry'), ...keys), { cost: 5, attack: 3, defense: 5 });
  const s = researched('germany', { 'improved-weapons': 1 });
  assert.deepEqual(pick(of(s, 'germany', 'infantry'), ...keys), { cost: 6, attack: 4, defense: 6 });
  assert.deepEqual(pick(of(s, 'austria-hungary', 'infantry'), ...keys), { cost: 5, attack: 3, defense: 5 }, 'only the nation that researched it');
});

test('GW-TECH-03, GW-TECH-04: each Chemical Warfare advance gives infantry +1 attack', () => {
  assert.deepEqual(byLevel('france', 'chemical-warfare', 'infantry', 2, ['cost', 'attack', 'defense']), [
    { cost: 5, attack: 3, defense: 5 },
    { cost: 5, attack: 4, defense: 5 },
    { cost: 5, attack: 5, defense: 5 },
  ]);
});

test('GW-TECH-08..10: Improved Artillery gives +1 attack, then +1 defence, then +1 attack', () => {
  assert.deepEqual(byLevel('russia', 'improved-artillery', 'artillery', 3, ['cost', 'attack', 'defense']), [
    { cost: 7, attack: 5, defense: 2 },
    { cost: 7, attack: 6, defense: 2 },
    { cost: 7, attack: 6, defense: 3 },
    { cost: 7, attack: 7, defense: 3 },
  ]);
});

test('GW-TECH-14: the first Tanks advance gives Germany, Britain and the USA tanks at -2 cost and +1 attack; others may then build the prototype', () => {
  const keys: (keyof NationUnit)[] = ['mayBuild', 'cost', 'attack', 'defense', 'move'];
  for (const id of ['germany', 'britain', 'usa']) {
    assert.deepEqual(pick(of(start(), id, 'tank'), ...keys), { mayBuild: true, cost: 10, attack: 4, defense: 3, move: 1 }, id);
    assert.deepEqual(pick(of(researched(id, { tanks: 1 }), id, 'tank'), ...keys), { mayBuild: true, cost: 8, attack: 5, defense: 3, move: 1 }, id);
  }
  assert.deepEqual(pick(of(start(), 'france', 'tank'), ...keys), { mayBuild: false, cost: 10, attack: 4, defense: 3, move: 1 });
  assert.deepEqual(pick(of(researched('france', { tanks: 1 }), 'france', 'tank'), ...keys), { mayBuild: true, cost: 10, attack: 4, defense: 3, move: 1 });
});

test('GW-TECH-15..17: later Tanks advances give +1 attack +1 move +1 cost, then +1 attack +1 cost, then +1 attack +2 cost and breakthrough', () => {
  const keys: (keyof NationUnit)[] = ['cost', 'attack', 'move', 'abilities'];
  assert.deepEqual(byLevel('britain', 'tanks', 'tank', 4, keys), [
    { cost: 10, attack: 4, move: 1, abilities: [] },
    { cost: 8, attack: 5, move: 1, abilities: [] },
    { cost: 9, attack: 6, move: 2, abilities: [] },
    { cost: 10, attack: 7, move: 2, abilities: [] },
    { cost: 12, attack: 8, move: 2, abilities: ['breakthrough'] },
  ]);
  assert.deepEqual(byLevel('france', 'tanks', 'tank', 4, keys).slice(1), [
    { cost: 10, attack: 4, move: 1, abilities: [] },
    { cost: 11, attack: 5, move: 2, abilities: [] },
    { cost: 12, attack: 6, move: 2, abilities: [] },
    { cost: 14, attack: 7, move: 2, abilities: ['breakthrough'] },
  ]);
});

test('GW-TECH-23: Improved AA Guns give AA guns +1 defence (and a roll every round, and ship mounting)', () => {
  const s = researched('germany', { 'improved-aa-guns': 1 });
  assert.deepEqual(pick(of(s, 'germany', 'aa-gun'), 'cost', 'attack', 'defense', 'abilities'), { cost: 3, attack: null, defense: 2, abilities: ['fires-every-round', 'ship-mounted'] });
});

test('GW-TECH-26: battleships and carriers may carry 2 improved AA guns, cruisers and transports 1, other units none', () => {
  const mounts = Object.fromEntries(unitTable().list.filter((u) => u.aaMounts > 0).map((u) => [u.id, u.aaMounts]));
  assert.deepEqual(mounts, { battleship: 2, cruiser: 1, transport: 1, carrier: 2 });
});

test('GW-TECH-28..30: Improved Battleships: +1 bombardment +1 hit +5 cost; +1 bombardment +1 attack +1 hit +6 cost; a second attack +7 cost', () => {
  assert.deepEqual(byLevel('britain', 'improved-battleships', 'battleship', 3, ['cost', 'attack', 'shoreBombardment', 'hits', 'attacksPerRound']), [
    { cost: 40, attack: 8, shoreBombardment: 4, hits: 2, attacksPerRound: 1 },
    { cost: 45, attack: 8, shoreBombardment: 5, hits: 3, attacksPerRound: 1 },
    { cost: 51, attack: 9, shoreBombardment: 6, hits: 4, attacksPerRound: 1 },
    { cost: 58, attack: 9, shoreBombardment: 6, hits: 4, attacksPerRound: 2 },
  ]);
});

test('GW-TECH-32..34: Improved Cruisers: +1 attack +2 cost, +1 defence +2 cost, +1 attack +3 cost', () => {
  assert.deepEqual(byLevel('germany', 'improved-cruisers', 'cruiser', 3, ['cost', 'attack', 'defense']), [
    { cost: 15, attack: 4, defense: 4 },
    { cost: 17, attack: 5, defense: 4 },
    { cost: 19, attack: 5, defense: 5 },
    { cost: 22, attack: 6, defense: 5 },
  ]);
});

test('GW-TECH-36..38, GW-UNIT-29: Improved Transports raise a transport’s capacity twice by 1 troop point (+2 cost each), then its defence (+3 cost)', () => {
  assert.deepEqual(byLevel('britain', 'improved-transports', 'transport', 3, ['cost', 'troopPoints', 'defense']), [
    { cost: 8, troopPoints: 2, defense: 1 },
    { cost: 10, troopPoints: 3, defense: 1 },
    { cost: 12, troopPoints: 4, defense: 1 },
    { cost: 15, troopPoints: 4, defense: 2 },
  ]);
});

test('GW-TECH-40, GW-TECH-41: Improved Submarines: +1 attack +2 cost, then +1 attack +3 cost', () => {
  assert.deepEqual(byLevel('germany', 'improved-submarines', 'submarine', 2, ['cost', 'attack']), [
    { cost: 12, attack: 4 },
    { cost: 14, attack: 5 },
    { cost: 17, attack: 6 },
  ]);
});

test('GW-TECH-45, GW-TECH-46: the 2nd carrier advance holds +1 fighter for +7; the 3rd +1 fighter, 3 hits to sink, +9', () => {
  assert.deepEqual(byLevel('britain', 'aircraft-carriers', 'carrier', 3, ['mayBuild', 'cost', 'fighterCapacity', 'hits']).slice(1), [
    { mayBuild: true, cost: 95, fighterCapacity: 2, hits: 2 },
    { mayBuild: true, cost: 102, fighterCapacity: 3, hits: 2 },
    { mayBuild: true, cost: 111, fighterCapacity: 4, hits: 3 },
  ]);
});

test('GW-TECH-48..51: Improved Fighters: +1 defence +1 fuel +1 cost three times (the 2nd makes them naval ready, at fuel 5), then +1 attack as well', () => {
  assert.deepEqual(byLevel('britain', 'improved-fighters', 'fighter', 4, ['cost', 'attack', 'defense', 'fuel', 'abilities']), [
    { cost: 10, attack: 3, defense: 2, fuel: 3, abilities: [] },
    { cost: 11, attack: 3, defense: 3, fuel: 4, abilities: [] },
    { cost: 12, attack: 3, defense: 4, fuel: 5, abilities: ['naval-ready'] },
    { cost: 13, attack: 3, defense: 5, fuel: 6, abilities: ['naval-ready'] },
    { cost: 14, attack: 4, defense: 6, fuel: 7, abilities: ['naval-ready'] },
  ]);
});

test('GW-TECH-54..56: each further Improved Bombers advance gives +1 attack, +2 fuel, +2 cost (the 4th allows industrial bombing)', () => {
  const rows = [1, 2, 3, 4].map((level) => pick(of(researched('italy', { 'improved-bombers': level }), 'italy', 'bomber'), 'cost', 'attack', 'fuel', 'abilities'));
  assert.deepEqual(rows, [
    { cost: 15, attack: 4, fuel: 5, abilities: [] },
    { cost: 17, attack: 5, fuel: 7, abilities: [] },
    { cost: 19, attack: 6, fuel: 9, abilities: [] },
    { cost: 21, attack: 7, fuel: 11, abilities: ['industrial-bombing'] },
  ]);
});

test('GW-TECH-57..59: Faster Ships: +1 move for every ship, +5 cost for battleships and carriers, +2 for cruisers, submarines and transports', () => {
  const ships = ['battleship', 'carrier', 'cruiser', 'submarine', 'transport'] as const;
  const before = start();
  const after = researched('britain', { 'aircraft-carriers': 1, 'faster-ships': 1 });
  assert.deepEqual(
    ships.map((u) => [u, of(after, 'britain', u).move! - of(before, 'britain', u).move!, of(after, 'britain', u).cost! - of(before, 'britain', u).cost!]),
    [
      ['battleship', 1, 5],
      ['carrier', 1, 5],
      ['cruiser', 1, 2],
      ['submarine', 1, 2],
      ['transport', 1, 2],
    ],
  );
  assert.equal(of(after, 'britain', 'infantry').move, 1, 'land units are not ships');
});

test('GW-TECH-60..62: Improved Industrial Technology cuts manufactured units by 10%, then 20% in all (not 30%), the cut rounded up; infantry and trenches keep their price', () => {
  const units = ['artillery', 'aa-gun', 'tank', 'fighter', 'battleship', 'carrier', 'radar', 'infantry', 'trench', 'super-trench', 'industrial-complex', 'port'] as const;
  const prices = (level: number) => {
    const s = researched('germany', { 'improved-industrial-technology': level });
    return Object.fromEntries(units.map((u) => [u, of(s, 'germany', u).cost]));
  };
  const fixed = { infantry: 5, trench: 5, 'super-trench': 15, 'industrial-complex': 30, port: 25 };
  assert.deepEqual(prices(0), { artillery: 7, 'aa-gun': 3, tank: 10, fighter: 10, battleship: 40, carrier: 95, radar: 18, ...fixed });
  assert.deepEqual(prices(1), { artillery: 6, 'aa-gun': 2, tank: 9, fighter: 9, battleship: 36, carrier: 85, radar: 16, ...fixed });
  assert.deepEqual(prices(2), { artillery: 5, 'aa-gun': 2, tank: 8, fighter: 8, battleship: 32, carrier: 76, radar: 14, ...fixed });
  assert.equal(of(researched('germany', { 'improved-industrial-technology': 2 }), 'germany', 'artillery').costCutPercent, 20);
});

test('D-UNIT-4: the industrial cut comes off the price after the unit’s own advances: a battleship with its 1st advance costs 45, then 40', () => {
  const s = researched('britain', { 'improved-battleships': 1, 'improved-industrial-technology': 1 });
  assert.equal(of(s, 'britain', 'battleship').cost, 40);
  const tanks = researched('germany', { tanks: 1, 'improved-industrial-technology': 2 });
  assert.equal(of(tanks, 'germany', 'tank').cost, 6, '8 less 20% (1.6, rounded up to 2)');
});

test('GW-TECH-63, GW-TECH-68: radar costs 18 and sonar 13, and a nation may build each once it has the advance', () => {
  const s = researched('britain', { radar: 1, sonar: 1 });
  assert.deepEqual(pick(of(s, 'britain', 'radar'), 'mayBuild', 'cost'), { mayBuild: true, cost: 18 });
  assert.deepEqual(pick(of(s, 'britain', 'sonar'), 'mayBuild', 'cost'), { mayBuild: true, cost: 13 });
  assert.deepEqual(pick(of(s, 'france', 'radar'), 'mayBuild', 'cost'), { mayBuild: false, cost: 18 });
});

test('unitStats takes a nation’s id or its state, and refuses an unknown nation or unit type', () => {
  const s = start();
  assert.deepEqual(unitStats(s, nation(s, 'serbia'), 'artillery'), unitStats(s, 'serbia', 'artillery'));
  assert.throws(() => unitStats(s, 'belgium', 'infantry'), /no nation 'belgium'/);
  assert.throws(() => unitStats(s, 'serbia', 'zeppelin' as UnitType), /no unit type 'zeppelin'/);
});

test('a malformed unit table is refused with the JSON path of every bad value', () => {
  const broken = copy(unitsJson) as { units: Record<string, unknown>[]; variants: Record<string, unknown>[] };
  broken.units[0]!['cost'] = -1;
  broken.units[4]!['fuel'] = 'three';
  broken.units[6]!['designer'] = ['cost', 'speed'];
  broken.units[7]!['id'] = 'destroyer';
  broken.variants[0]!['set'] = { cost: 4, morale: 9 };
  const r = parseUnits(broken, technologyTable(), 'units.json');
  assert.ok(!r.ok);
  const paths = ['$.units[0].cost', '$.units[4].fuel', '$.units[6].designer[1]', '$.units[7].id', '$.variants[0].set.morale'];
  assert.deepEqual(r.error.map((p) => p.path).sort(), paths.sort());
  assert.ok(r.error.every((p) => p.message.startsWith('units.json: ')));
  assert.ok(r.error.every((p) => p.code === (p.path === '$.variants[0].set.morale' ? 'unknown-field' : 'data-schema')));
  assert.match(r.error.find((p) => p.path === '$.variants[0].set.morale')!.message, /no field 'morale' here/);
});

test('unit-table cross-checks: a missing type, a name used twice, a stat both the seed’s and ours, fuel off an aircraft, an advance on a missing stat', () => {
  const broken = copy(unitsJson) as { units: Record<string, unknown>[]; variants: Record<string, unknown>[] };
  const at = (id: string) => broken.units.findIndex((u) => u['id'] === id);
  broken.units.splice(at('port'), 1);
  (broken.units[at('submarine')]!['aliases'] as string[]).push('Destroyer');
  (broken.units[at('infantry')]!['seed'] as string[]).push('cost');
  broken.units[at('tank')]!['fuel'] = 2;
  broken.units[at('aa-gun')]!['defense'] = null;
  const r = parseUnits(broken, technologyTable());
  assert.ok(!r.ok);
  assert.deepEqual(
    r.error.map((p) => [p.path, p.code]),
    [
      [`$.units[${at('infantry')}].seed[3]`, 'data-check'],
      [`$.units[${at('tank')}].fuel`, 'data-check'],
      [`$.units[${at('submarine')}].aliases[4]`, 'data-check'],
      ['$.units', 'data-check'],
      [`$.units[${at('aa-gun')}].defense`, 'data-check'],
    ],
  );
  assert.match(r.error[4]!.message, /Improved Anti-Aircraft Guns \(advance 1\) changes defense, which aa-gun does not have/);
  assert.match(r.error[3]!.message, /unit 'port' is missing/);
});
