import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexBoard } from '../src/data/files.js';
import { allHexes, hexesNamed } from '../src/base/hexes.js';
import { checkVictory, cityPoints, holdsLondon } from '../src/victory/victory.js';
import { vernian } from '../src/index.js';
import { at, cleared, newGame, playStep, unitsWhere } from './fixtures.js';

const winnerOf = (s: { over: { winner: string } | null }) => s.over?.winner;
const frenchCities = [...allHexes()].filter((h) => h.city && h.nation === 'france').map((h) => h.id);
const germanCities = [...allHexes()].filter((h) => h.city && h.nation === 'germany').map((h) => h.id);
const paris = hexesNamed('Paris');
const ruhr = hexesNamed('Ruhr');

describe('sudden-death victory', () => {
  it('VV-WIN-01, VV-WIN-02, VB-WIN-01: the Germans win at French city hexes worth 11, each Paris hex worth 2', () => {
    const s = cleared();
    const others = frenchCities.filter((id) => !paris.includes(id));
    for (const id of [...paris, ...others.slice(0, 4)]) s.control[id] = 'germany';
    assert.equal(cityPoints(s, 'germany'), 10);
    checkVictory(s);
    assert.equal(s.over, null);
    s.control[others[4]!] = 'germany';
    checkVictory(s);
    assert.equal(winnerOf(s), 'germany');
  });

  it('VV-WIN-03: the Germans win holding the London hex and all six hexes around it', () => {
    const s = cleared();
    const london = at('London');
    const ring = hexBoard()
      .neighbours(london)
      .map((c) => c.to);
    for (const id of [london, ...ring.slice(0, 5)]) s.control[id] = 'germany';
    assert.equal(holdsLondon(s), false);
    s.control[ring[5]!] = 'germany';
    assert.equal(holdsLondon(s), true);
    checkVictory(s);
    assert.equal(winnerOf(s), 'germany');
  });

  it('VV-WIN-04, VV-WIN-05: the Allies win at German city hexes worth 6, each Ruhr hex worth 2', () => {
    const s = cleared();
    const others = germanCities.filter((id) => !ruhr.includes(id));
    for (const id of [ruhr[0]!, ...others.slice(0, 3)]) s.control[id] = 'allies';
    assert.equal(cityPoints(s, 'allies'), 5);
    checkVictory(s);
    assert.equal(s.over, null);
    s.control[others[3]!] = 'allies';
    checkVictory(s);
    assert.equal(winnerOf(s), 'allies');
  });

  it('VV-WIN-07, VB-WIN-02, VB-MAP-07: board-edge hexes are never cities, so they count nothing', () => {
    const s = cleared();
    for (const h of allHexes()) if (h.edge && h.nation === 'france') s.control[h.id] = 'germany';
    assert.equal(cityPoints(s, 'germany'), 0);
  });

  it('VV-WIN-06, VV-GEN-06, VB-WIN-03: the game ends the moment a side wins, in the middle of a turn', () => {
    const [raider] = unitsWhere((u) => u.nation === 'germany' && u.type.class === 'cavalry', 1);
    let game = newGame();
    game = playStep(game); // set-up
    game = playStep(game); // Strategic Turn A
    // Give the Germans ten points, then let a cavalry division ride into the eleventh city in their movement.
    const others = frenchCities.filter((id) => !paris.includes(id));
    const state = structuredClone(game.position.state);
    for (const id of [...paris, ...others.slice(0, 4)]) state.control[id] = 'germany';
    const target = others[4]!;
    const from = hexBoard()
      .neighbours(target)
      .find((c) => !c.link && c.features.length === 0)!.to;
    for (const id of Object.keys(state.units))
      if (state.units[id]!.at === target || state.units[id]!.at === from) state.units[id]!.at = 'due';
    state.units[raider!]!.at = from;
    state.control[from] = 'germany';
    game = { ...game, position: { ...game.position, state } };
    game = playStep(game, { germany: `move ${raider} to ${target}` });
    assert.equal(game.record.result?.winners[0], 'germany');
    assert.equal(game.record.steps.at(-1)!.id, 't1.german', "the Allies' player-turn never comes");
  });

  it('VV-GEN-07, VB-WIN-04: when the summer ends with no winner the game is a draw', () => {
    const r = vernian.result(cleared(), 22);
    assert.deepEqual(r?.winners, []);
    assert.match(r?.summary ?? '', /draw/);
    assert.equal(vernian.result(cleared(), 21), null);
  });
});
