import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMapSvg, EUROPE_SHEET } from '@umpire/cartography';
import { boardOverlay, invariants, mapPicture, mapStyle, theWorld, type Board } from '../src/index.js';
import { newGame } from './helpers.js';

const board = (): Board => structuredClone(newGame().position.state.board);
const abbreviations = { germany: 'GER', france: 'FRA' };
const original = Object.fromEntries(theWorld().territories.map((t) => [t.id, t.owner]));

test('the opening board holds every territory with its 1914 owner, incorporated, and no trenches', () => {
  const b = board();
  assert.equal(Object.keys(b.territories).length, theWorld().territories.length);
  assert.deepEqual(b.territories['paris'], { owner: 'france', incorporated: true });
  assert.deepEqual(b.trenches, []);
  assert.deepEqual(invariants(newGame().position.state), []);
});

test('the map overlay counts units by nation and type, shows changed owners and two-sided trenches', () => {
  const b: Board = { territories: { ...board().territories, verdun: { owner: 'germany', incorporated: false } }, units: [], trenches: [], nextUnit: {} };
  b.units.push({ id: 'g1', nation: 'germany', type: 'infantry', at: 'verdun', damage: 0 }, { id: 'g2', nation: 'germany', type: 'infantry', at: 'verdun', damage: 0 }, { id: 'g3', nation: 'germany', type: 'artillery', at: 'verdun', damage: 0 });
  b.units.push({ id: 'f1', nation: 'france', type: 'battleship', at: 'english-channel', damage: 1 });
  b.trenches.push({ nation: 'france', territory: 'reims', facing: 'verdun', super: false }, { nation: 'germany', territory: 'verdun', facing: 'reims', super: false }, { nation: 'france', territory: 'nancy', facing: 'metz', super: false });
  const overlay = boardOverlay(b, abbreviations, mapStyle.unitAbbreviations, original);
  assert.deepEqual(overlay.units?.['verdun'], [{ nation: 'germany', text: 'GER 2 inf 1 art' }]);
  assert.deepEqual(overlay.units?.['english-channel'], [{ nation: 'france', text: 'FRA 1 BB' }]);
  assert.deepEqual(overlay.owners, { verdun: 'germany' });
  assert.deepEqual(overlay.trenches, [{ a: 'reims', b: 'verdun', super: false, both: true }, { a: 'nancy', b: 'metz', super: false, both: false }]);
  const svg = renderMapSvg(mapPicture(theWorld(), { title: 't', nationNames: {}, overlay: { ...overlay, battles: ['verdun'] } }), { width: 1200, sheets: [EUROPE_SHEET] });
  assert.match(svg, />GER 2 inf 1 art</);
  assert.match(svg, />✕[^<]*Verdun</, 'the battle of the turn is marked');
  assert.match(svg, /<g class="trench-marker trench" data-direction="both" data-a="reims" data-b="verdun">/, 'a border entrenched from both sides has the two-sided marker');
  assert.match(svg, /<g class="trench-marker trench" data-direction="a-to-b" data-a="nancy" data-b="metz">/, 'a one-sided trench is drawn too');
});

test('board invariants catch a ship on land, a unit in an unknown area, damage beyond its hits, and an unknown holder', () => {
  const state = structuredClone(newGame().position.state);
  state.board.units.push({ id: 'x1', nation: 'germany', type: 'battleship', at: 'berlin', damage: 0 });
  state.board.units.push({ id: 'x2', nation: 'germany', type: 'infantry', at: 'atlantis', damage: 0 });
  state.board.units.push({ id: 'x3', nation: 'germany', type: 'battleship', at: 'north-sea', damage: 2 });
  state.board.territories['paris'] = { owner: 'prussia', incorporated: true };
  const v = invariants(state);
  assert.ok(v.includes('unit x1 (battleship) stands on land in berlin'));
  assert.ok(v.includes("unit x2 stands in unknown area 'atlantis'"));
  assert.ok(v.includes('unit x3 has damage 2 of 2 hits'));
  assert.ok(v.includes("territory paris is held by unknown nation 'prussia'"));
});
