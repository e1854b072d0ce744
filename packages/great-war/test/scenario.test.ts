import assert from 'node:assert/strict';
import { test } from 'node:test';
import { atWar, greatWar, mayBuild, scenarioData, seatsOf, technologyTable, theWorld, valueByOwner, type UnitType } from '../src/index.js';
import type { ScenarioMajor } from '../src/data/schema.js';
import { eventsOf, nation, newGame, playTurn } from './helpers.js';

const state = () => newGame().position.state;
const onSide = (side: string) => state().nations.filter((n) => n.side === side).map((n) => n.id);
const builders = (unit: UnitType, s = state()) => s.nations.filter((n) => mayBuild(n, unit)).map((n) => n.id);

test('the August 1914 scenario has every nation the seed names', () => {
  assert.deepEqual(
    state().nations.map((n) => n.name),
    ['Germany', 'Austria-Hungary', 'Russia', 'France', 'Britain', 'Serbia', 'Ottoman Empire', 'Italy', 'Japan', 'China', 'USA'],
  );
});

test('GW-ALLY-01: the Central Powers start as Germany and Austria-Hungary', () => {
  assert.deepEqual(onSide('central'), ['germany', 'austria-hungary']);
});

test('GW-ALLY-02: the Allied Powers start as Russia, France, Britain and Serbia', () => {
  assert.deepEqual(onSide('allied'), ['russia', 'france', 'britain', 'serbia']);
});

test('the two alliances start at war with each other, and nobody is at war with an ally', () => {
  const s = state();
  for (const c of onSide('central')) for (const a of onSide('allied')) assert.ok(atWar(s, c, a) && atWar(s, a, c), `${c} v ${a}`);
  for (const side of ['central', 'allied']) for (const x of onSide(side)) for (const y of onSide(side)) assert.ok(!atWar(s, x, y));
});

test('GW-ALLY-03..05: Japan starts at war with Germany only, not with another Central Power, and not allied', () => {
  const s = state();
  const japan = nation(s, 'japan');
  assert.ok(atWar(s, 'japan', 'germany') && atWar(s, 'germany', 'japan'));
  for (const c of onSide('central').filter((id) => id !== 'germany')) assert.ok(!atWar(s, 'japan', c), c);
  assert.deepEqual(japan.atWarWith, ['germany']);
  assert.equal(japan.side, 'neutral');
  assert.ok(!onSide('allied').includes('japan'));
});

test('GW-ALLY-10: the Ottoman Empire, Italy, Japan, China and the USA start neutral', () => {
  assert.deepEqual(onSide('neutral'), ['ottoman-empire', 'italy', 'japan', 'china', 'usa']);
  for (const id of ['ottoman-empire', 'italy', 'china', 'usa']) assert.deepEqual(nation(state(), id).atWarWith, []);
});

test('gap G19: each of the 11 nations is a seat, Serbia its own, in a fixed order', () => {
  assert.deepEqual(greatWar.seats(state()), ['germany', 'austria-hungary', 'russia', 'france', 'britain', 'serbia', 'ottoman-empire', 'italy', 'japan', 'china', 'usa']);
  assert.deepEqual(seatsOf(state()), greatWar.seats(state()));
  assert.deepEqual(newGame().record.header.seats.map((s) => s.id), greatWar.seats(state()));
});

test('the neutral income caps the seed gives are in the state for later phases', () => {
  assert.deepEqual(
    Object.fromEntries(state().nations.map((n) => [n.id, n.incomeCap])),
    { germany: null, 'austria-hungary': null, russia: null, france: null, britain: null, serbia: null, 'ottoman-empire': 24, italy: 30, japan: 15, china: 12, usa: 15 },
  );
});

test('gap G05: starting treasuries are one turn of income: the map value of a belligerent\'s lands (at least 10), a neutral\'s income cap', () => {
  const treasuries = Object.fromEntries(state().nations.map((n) => [n.id, n.treasury]));
  assert.deepEqual(treasuries, { germany: 85, 'austria-hungary': 50, russia: 79, france: 75, britain: 124, serbia: 10, 'ottoman-empire': 24, italy: 30, japan: 15, china: 12, usa: 15 });
  const values = valueByOwner(theWorld());
  for (const n of state().nations) assert.equal(n.treasury, n.incomeCap ?? Math.max(10, values.get(n.id) ?? 0), n.id);
});

test('every nation starts at level 0 in every technology except Italy, at level 1 of Improved Bombers', () => {
  for (const n of state().nations) {
    for (const t of technologyTable().list) assert.equal(n.tech[t.id], n.id === 'italy' && t.id === 'improved-bombers' ? 1 : 0, `${n.id} ${t.id}`);
  }
  assert.equal((scenarioData('august-1914').nations.find((n) => n.id === 'italy') as ScenarioMajor).tech['improved-bombers'], 1);
});

test('GW-TECH-11: only Germany, Britain and the USA can build tanks at the start', () => {
  assert.deepEqual(builders('tank'), ['germany', 'britain', 'usa']);
});

test('GW-TECH-13: the first Tanks advance gives every other nation the ability to build tanks', () => {
  const seats = greatWar.seats(state());
  const orders = Object.fromEntries(seats.map((s) => [s, { json: { orders: [{ kind: 'research', tech: 'tanks' }] } }]));
  const { game, events } = playTurn(newGame(seats.map(() => 10)), orders);
  assert.equal(eventsOf(events, 'research').length, 11);
  assert.deepEqual(builders('tank', game.position.state), seats);
  for (const id of seats) assert.equal(nation(game, id).tech['tanks'], 1);
});

test('GW-TECH-20: the Super Trenches advance lets a nation build super trenches', () => {
  assert.deepEqual(builders('super-trench'), []);
  const { game } = playTurn(newGame([9]), { serbia: { text: 'research super trenches' } });
  assert.deepEqual(builders('super-trench', game.position.state), ['serbia']);
});

test('GW-TECH-43: the first Aircraft Carriers advance lets a nation build carriers', () => {
  assert.deepEqual(builders('carrier'), []);
  const { game } = playTurn(newGame([10]), { japan: { text: 'research carriers' } });
  assert.deepEqual(builders('carrier', game.position.state), ['japan']);
});

test('GW-TECH-53: the first Improved Bombers advance lets a nation build bombers; Italy starts with it', () => {
  assert.deepEqual(builders('bomber'), ['italy']);
  const { game } = playTurn(newGame([9, 10]), { france: { text: 'research bombers' }, italy: { text: 'research bombers' } });
  assert.deepEqual(builders('bomber', game.position.state), ['france', 'italy']);
  assert.equal(nation(game, 'italy').tech['improved-bombers'], 2);
});
