import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { vernian } from '../src/index.js';
import type { VernianState } from '../src/base/state.js';
import { applyMove } from '../src/orders/move.js';
import { ALLIED_PHASES } from '../src/turn/plan.js';
import { supplyOf } from '../src/supply/supply.js';
import { supplyMoveRefusal } from '../src/supply/moving.js';
import { blank, citiesOf, handOver, put, sourceHexesOf } from './supply-positions.js';

/**
 * What supply asks of a move (VV-SUP-07 to VV-SUP-09, D-AMB-08, D-AMB-11), judged where the unit ends its move with
 * its supply at the start of the player-turn.
 */

/** The state after a unit moves along a path (control taken on the way, as the Movement Phase does). */
function moved(state: VernianState, unit: string, path: string[]): VernianState {
  const next = structuredClone(state);
  applyMove(next, unit, path);
  return next;
}

/** A position where the Germans hold every Allied city, so that units far from towns are Out of Supply. */
const noCities = (where: Record<string, string>) => handOver(put(blank(), where), citiesOf('allies'), 'germany');

describe('moving out of Attack Supply', () => {
  it('VV-SUP-07, AMB-11: a unit in Attack Supply may not end its move out of it', () => {
    const start = put(blank(), { 'fr-14': 'W6134' });
    assert.equal(supplyOf(start, 'fr-14'), 'attack');
    assert.match(supplyMoveRefusal(start, moved(start, 'fr-14', ['W6134', 'W6035']), 'fr-14') ?? '', /Defense Supply.*VV-SUP-07/);
    assert.equal(supplyMoveRefusal(start, moved(start, 'fr-14', ['W6134', 'W6133']), 'fr-14'), undefined);
  });

  it('AMB-11: only where the move ends counts: a unit may cross a hex out of Attack Supply on its way', () => {
    const start = put(blank(), { 'fr-14': 'W6134' });
    const after = moved(start, 'fr-14', ['W6134', 'W6035', 'W6135']);
    assert.equal(supplyOf(put(structuredClone(start), { 'fr-41': 'W6035' }), 'fr-41'), 'defense');
    assert.equal(supplyMoveRefusal(start, after, 'fr-14'), undefined);
  });

  it('VV-SUP-07, VB-REIN-05: a unit placed this player-turn counts as in Attack Supply when its move starts', () => {
    const start = blank();
    start.units['fr-14']!.at = 'box';
    const after = put(structuredClone(start), { 'fr-14': 'W6035' });
    assert.match(supplyMoveRefusal(start, after, 'fr-14') ?? '', /VV-SUP-07/);
  });

  it('VV-SUP-07: the move order is refused with the reason when its unit would leave Attack Supply', () => {
    const state = put(blank(), { 'fr-14': 'W6134' });
    const ctx = {
      state,
      seat: 'allies',
      step: { id: 't2.allied', turn: 2, segment: 'allied', seats: ['allies'], phases: [...ALLIED_PHASES] },
    };
    const refused = vernian.checkOrders({ orders: [{ kind: 'move', units: ['fr-14'], to: 'W6035' }] }, ctx);
    assert.ok(!refused.ok);
    assert.match(JSON.stringify(refused.error), /VV-SUP-07/);
    assert.ok(vernian.checkOrders({ orders: [{ kind: 'move', units: ['fr-14'], to: 'W6133' }] }, ctx).ok);
  });
});

describe('moving when out of Attack Supply', () => {
  it('VV-SUP-08: a unit out of Attack Supply may move to better its supply state', () => {
    const start = noCities({ 'fr-41': 'W6035' });
    assert.equal(supplyOf(start, 'fr-41'), 'out');
    assert.equal(supplyMoveRefusal(start, moved(start, 'fr-41', ['W6035', 'W6134']), 'fr-41'), undefined, 'to Attack Supply');
    // With no source left at all, a town still gives Defense Supply: a better state than Out of Supply.
    const cut = handOver(noCities({ 'fr-41': 'W6232' }), sourceHexesOf('allies'), 'germany');
    assert.equal(supplyOf(cut, 'fr-41'), 'out');
    assert.equal(supplyMoveRefusal(cut, moved(cut, 'fr-41', ['W6232', 'W6332']), 'fr-41'), undefined, 'into a town');
    assert.match(
      supplyMoveRefusal(cut, moved(cut, 'fr-41', ['W6232', 'W6233']), 'fr-41') ?? '',
      /no source over land.*VV-SUP-08, VV-SUP-09/,
    );
  });

  it('VV-SUP-08, VV-SUP-09, AMB-08: out of Attack Supply, a move that neither betters the state nor comes closer is refused', () => {
    const start = noCities({ 'fr-41': 'W6037' });
    assert.equal(supplyOf(start, 'fr-41'), 'out');
    assert.match(supplyMoveRefusal(start, moved(start, 'fr-41', ['W6037', 'W6038']), 'fr-41') ?? '', /6 hexes .* against 5 hexes/);
    assert.match(supplyMoveRefusal(start, moved(start, 'fr-41', ['W6037', 'W6036']), 'fr-41') ?? '', /VV-SUP-09/, 'as far as before');
  });

  it('VV-SUP-09, AMB-08: a unit out of Attack Supply may move to end closer to a source, whatever stands in the way', () => {
    const start = noCities({ 'fr-41': 'W6038' });
    assert.equal(supplyMoveRefusal(start, moved(start, 'fr-41', ['W6038', 'W6037']), 'fr-41'), undefined);
    // A German division in the way changes nothing: "closer" is counted over land, units and zones of control aside.
    put(start, { 'de-3': 'W6036' });
    assert.equal(supplyMoveRefusal(start, moved(start, 'fr-41', ['W6038', 'W6037']), 'fr-41'), undefined);
  });

  it('VV-SUP-09, AMB-08: a supplied HQ is a secondary source: coming closer to it is enough', () => {
    const start = noCities({ 'fr-41': 'W5835' });
    const step = ['W5835', 'W5936'];
    assert.match(supplyMoveRefusal(start, moved(start, 'fr-41', step), 'fr-41') ?? '', /VV-SUP-09/);
    put(start, { 'fr-a1': 'W6038' });
    assert.equal(supplyOf(moved(start, 'fr-41', step), 'fr-41'), 'out', 'still two hexes from the HQ');
    assert.equal(supplyMoveRefusal(start, moved(start, 'fr-41', step), 'fr-41'), undefined);
  });
});
