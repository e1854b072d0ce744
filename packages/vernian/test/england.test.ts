import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexFacts } from '../src/base/hexes.js';
import { unitInfo } from '../src/base/units.js';
import { isOnMap } from '../src/base/state.js';
import { moveWorld, reachableHexes } from '../src/movement/movement.js';
import { language } from '../src/orders/language.js';
import { fightingInEngland } from '../src/england/withdrawal.js';
import { newGame, playStep, stepInfo } from './fixtures.js';
import { openingState } from '../src/arrivals/opening.js';

const britishInEngland = (state: ReturnType<typeof openingState>) =>
  Object.keys(state.units).filter(
    (id) => unitInfo(id).nation === 'britain' && !unitInfo(id).hq && hexFacts(state.units[id]!.at)?.map === 'B',
  );

describe('the England front', () => {
  it('VV-ENG-01, VB-MAP-10: no ground unit in England can move off the England map while fighting goes on there', () => {
    const s = openingState();
    assert.equal(fightingInEngland(s), true);
    for (const id of Object.keys(s.units)) {
      const at = s.units[id]!.at;
      if (!isOnMap(at) || hexFacts(at)?.map !== 'B') continue;
      for (const hex of reachableHexes(moveWorld(s, unitInfo(id).side), id, 1).keys())
        assert.equal(hexFacts(hex)?.map, 'B', `${id} to ${hex}`);
    }
  });

  it('VV-ENG-02, VB-TURN-10: the standing withdrawal waits while Germans are in England, then takes the units to the box', () => {
    let game = newGame();
    game = playStep(game); // set-up
    game = playStep(game); // Strategic Turn A
    game = playStep(game); // German player-turn
    const [a, b] = britishInEngland(game.position.state);
    game = playStep(game, { allies: `withdraw ${a}, ${b}` });
    for (let i = 0; i < 4; i++) game = playStep(game); // Operational Turns 2 and 3
    assert.deepEqual(game.position.standing?.['allies'], { withdraw: [a, b] }, 'the order stands');
    game = playStep(game); // Strategic Turn B: Germans still in England
    assert.equal(game.position.state.units[a!]!.at !== 'box', true);
    // The Germans leave England (as if the British had destroyed them); the next Strategic Turn withdraws the two.
    const state = structuredClone(game.position.state);
    for (const id of Object.keys(state.units))
      if (unitInfo(id).side === 'germany' && hexFacts(state.units[id]!.at)?.map === 'B') state.units[id]!.at = 'out';
    game = { ...game, position: { ...game.position, state } };
    for (let i = 0; i < 6; i++) game = playStep(game);
    game = playStep(game); // Strategic Turn C
    assert.equal(game.position.state.units[a!]!.at, 'box');
    assert.equal(game.position.state.units[b!]!.at, 'box');
    assert.ok(game.record.steps.at(-1)!.events.some((e) => e.type === 'withdrawn'));
  });

  it('VV-ENG-02: only British units in England can be named for withdrawal; the Germans cannot withdraw', () => {
    const s = openingState();
    const french = Object.keys(s.units).find((id) => unitInfo(id).nation === 'france' && isOnMap(s.units[id]!.at))!;
    const r = language.parseOrders(`withdraw ${french}`, { state: s, seat: 'allies', step: stepInfo('allied', 2) });
    assert.ok(!r.ok);
    assert.match(r.error[0]!.message, /British/);
    const g = language.parseOrders(`withdraw ${britishInEngland(s)[0]}`, { state: s, seat: 'germany', step: stepInfo('german', 2) });
    assert.ok(!g.ok);
  });
});
