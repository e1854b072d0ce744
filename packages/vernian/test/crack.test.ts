import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { printedFactors } from '../src/base/units.js';
import { yellowStriped } from '../src/combat/crack.js';
import { eventsOf, everyone, fight, position, where } from './combat-helpers.js';

/** Crack German troops (VV-CRACK): made after a German attack, lost first, with scripted dice at W7716. */

describe('Crack Troops', () => {
  it('VV-CRACK-01, VV-CRACK-02, VV-CRACK-05, VV-CRACK-06: after the attack a surviving yellow-striped attacker flips', () => {
    assert.ok(yellowStriped('de-lw1') && !yellowStriped('de-3'));
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-lw1'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-lw1', [6], {}, { supply: everyone('attack') });
    assert.deepEqual(
      eventsOf(events, 'crack-troop').map((e) => e['unit']),
      ['de-lw1'],
    );
    const s = state.units['de-lw1']!;
    assert.equal(s.crack, true);
    assert.equal(s.steps, 1, 'still one step');
    assert.deepEqual(printedFactors('de-lw1', s.steps, true), { attack: 4, defence: 2, move: 5 }, 'better attack and movement');
    assert.deepEqual(printedFactors('de-lw1', 1, false), { attack: 2, defence: 2, move: 4 });
  });

  it('VV-CRACK-02, VV-CRACK-03: flipping is optional, and one unit at most flips for an attack', () => {
    const none = position({ W7716: ['fr-14'], W7816: ['de-lw1', 'de-lw2'] });
    fight(none, 'germany', 'attack W7716 with de-lw1, de-lw2', [6], { 't1.german.crack.W7716': 'none' }, { supply: everyone('attack') });
    assert.deepEqual([none.units['de-lw1']!.crack, none.units['de-lw2']!.crack], [undefined, undefined]);
    const one = position({ W7716: ['fr-14'], W7816: ['de-lw1', 'de-lw2'] });
    fight(one, 'germany', 'attack W7716 with de-lw1, de-lw2', [6], { 't1.german.crack.W7716': 'de-lw2' }, { supply: everyone('attack') });
    assert.deepEqual([one.units['de-lw1']!.crack, one.units['de-lw2']!.crack], [undefined, true]);
  });

  it('VV-CRACK-01: an attack with no yellow-striped unit makes no Crack Troop', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-4'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4', [6], {}, { supply: everyone('attack') });
    assert.equal(eventsOf(events, 'crack-troop').length, 0);
    assert.ok(!events.some((e) => e.type === 'decision' && String(e['id']).includes('crack')));
  });

  it("VV-CRACK-07, AMB-29: in an attack with a Crack Troop the first German step lost is the Crack Troop's", () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-lw1'] });
    state.units['de-lw1']!.crack = true;
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-lw1', [1], {}, { supply: everyone('attack') });
    const lost = events.filter((e) => (e.type === 'step-lost' || e.type === 'eliminated') && String(e['unit']).startsWith('de-'));
    assert.equal(lost[0]?.['unit'], 'de-lw1', 'the Crack Troop goes first, although a flip of de-3 would cost less');
    assert.equal(state.units['de-3']!.steps, 2);
  });

  it('VV-CRACK-04: a Crack Troop has no Stoss advance: it advances one hex, into the hex attacked', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-lw1', 'de-3'] });
    state.units['de-lw1']!.crack = true;
    state.units['fr-14']!.steps = 1;
    fight(state, 'germany', 'attack W7716 with de-3, de-lw1 advance all', [6], {}, { supply: everyone('attack') });
    assert.deepEqual(where(state, 'de-lw1'), ['W7716']);
  });
});
