import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { controller, fortressStands } from '../src/base/positions.js';
import { combatOdds } from '../src/combat/odds.js';
import { takeLosses } from '../src/combat/losses.js';
import { eventsOf, everyone, fight, orders, position, stepContext, story, where } from './combat-helpers.js';

/**
 * Results played out: the roll, the order a result is applied in, step losses chosen by their owner (and the defaults
 * when he says nothing), fortress steps, combats cancelled when their turn comes, and combats in the order given.
 */

// fr-14 (3-3, two steps) and fr-t81 (1, one step) in the open at W7716; de-3, de-4 (4-4) in W7816 and de-5r (3-3)
// in W7715: 11 to 4, the 2-1 column. The only hexes they may retreat to are W7616 and W7617: W7615 and W7717 are in
// German zones of control with no French unit there (VB-RET-03).
const open = () => position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
const ATTACK = 'attack W7716 with de-3, de-4, de-5r';

describe('the result and the order it is applied in (VB-CRT-15..18)', () => {
  it('VB-CRT-17, VB-CRT-18: AL1 DL1 DR1: the defender loses first, then the attacker, then the defender retreats, then the advance', () => {
    // Unanswered: W7616 and W7617 are both two hexes from the Germans and near no other French unit, so the lower id;
    // fr-t81 then goes where fr-14 went, next to a friend.
    const state = open();
    const { events } = fight(state, 'germany', `${ATTACK} advance de-3`, [3]);
    assert.deepEqual(story(events), [
      'combat W7716 2-1 AL1 DL1 DR1',
      'decision combat.W7716.defender-loss.1 "fr-14" (default)',
      'step-lost fr-14',
      'decision combat.W7716.attacker-loss.1 "de-5r" (default)',
      'step-lost de-5r',
      'decision combat.W7716.retreat.fr-14 ["W7616"] (default)',
      'retreat fr-14 W7616',
      'decision combat.W7716.retreat.fr-t81 ["W7616"] (default)',
      'retreat fr-t81 W7616',
      'advance de-3 W7716',
    ]);
    assert.deepEqual(where(state, 'fr-14', 'fr-t81', 'de-3', 'de-4', 'de-5r'), ['W7616', 'W7616', 'W7716', 'W7816', 'W7715']);
    assert.deepEqual([state.units['fr-14']!.steps, state.units['de-5r']!.steps], [1, 1]);
  });

  it('VB-CRT-15: a high roll favours the attacker: on 1 the 2-1 costs both a step and nobody retreats', () => {
    const state = open();
    const { events } = fight(state, 'germany', ATTACK, [1]);
    assert.deepEqual(
      story(events).filter((l) => !l.startsWith('decision')),
      ['combat W7716 2-1 AL1 DL1', 'step-lost fr-14', 'step-lost de-5r'],
    );
    assert.deepEqual(where(state, 'fr-14', 'fr-t81'), ['W7716', 'W7716']);
  });

  it('VB-CRT-01: attacking is never compulsory: a Combat Phase with no attack orders rolls nothing', () => {
    const state = open();
    const before = structuredClone(state);
    const { events } = fight(state, 'germany', '', []);
    assert.deepEqual(events, []);
    assert.deepEqual(state, before);
  });

  it('VB-CRT-03, VB-DICE-03: units of one hex attack two hexes, resolved in the order given, one die each', () => {
    const state = position({ W7716: ['fr-14'], W7916: ['fr-t81'], W7816: ['de-3', 'de-4'] });
    // Between two French units the Germans would be cut off; the test is of the order of combats, so all are supplied.
    const { events } = fight(
      state,
      'germany',
      'attack W7916 with de-4\nattack W7716 with de-3',
      [2, 6],
      {},
      { supply: everyone('attack') },
    );
    assert.deepEqual(
      eventsOf(events, 'roll').map((e) => e['purpose']),
      ['combat on W7916 at 4-1', 'combat on W7716 at 1-1'],
    );
    assert.deepEqual(
      story(events).filter((l) => l.startsWith('combat')),
      ['combat W7916 4-1 AL1 DL1 DR1', 'combat W7716 1-1 AL1 DL1 DR1'],
    );
  });
});

describe('step losses chosen by the owner (VB-STEP-01..06)', () => {
  it('VB-STEP-01, VB-STEP-06: a full two-step unit flips; a reduced or one-step one is eliminated, out of the game', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-4'], W7715: ['de-7'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4, de-7', [6]);
    // 12 to 3, 4-1; a 6: DL2 DR1. fr-14 flips, then is eliminated: nothing is left to retreat.
    assert.deepEqual(story(events), ['combat W7716 4-1 DL2 DR1', 'step-lost fr-14', 'eliminated fr-14']);
    assert.deepEqual([state.units['fr-14']!.at], ['out']);
  });

  it('VB-STEP-02: the defender chooses his losses; he may eliminate a one-step unit while a full unit remains', () => {
    const state = open();
    const { events } = fight(state, 'germany', ATTACK, [1], { 'combat.W7716.defender-loss.1': 'fr-t81' });
    assert.deepEqual(story(events).slice(1, 3), ['decision combat.W7716.defender-loss.1 "fr-t81" (answer)', 'eliminated fr-t81']);
    assert.equal(state.units['fr-14']!.steps, 2);
  });

  it('VB-STEP-02: the attacker chooses among the units that took part only', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-5r', 'de-7'] });
    const { events } = fight(state, 'germany', ATTACK, [1], { 'combat.W7716.attacker-loss.1': 'de-4' });
    assert.ok(story(events).includes('step-lost de-4'));
    assert.throws(
      () => fight(open(), 'germany', ATTACK, [1], { 'combat.W7716.attacker-loss.1': 'de-7' }),
      /answer to combat.W7716.attacker-loss.1 is not one of its options/,
    );
  });

  it('VB-STEP-02: unanswered, the step that costs the least of the factor the side fights with; a flip before an elimination', () => {
    // de-5r (3 to 2) costs 1 of attack, de-3 and de-4 (4 to 2) 2 each: de-5r. fr-14 (3 to 2) and fr-t81 (1 to gone) cost
    // 1 each: the flip, fr-14.
    const { events } = fight(open(), 'germany', ATTACK, [1]);
    assert.deepEqual(
      eventsOf(events, 'decision').map((e) => `${e['id']} ${e['answer']}`),
      ['combat.W7716.defender-loss.1 fr-14', 'combat.W7716.attacker-loss.1 de-5r'],
    );
  });

  it('VB-STEP-03, VB-STEP-04, VB-FORT-03, VB-HQ-07: unit steps first, then the fortress step, never the HQ; the rest is ignored', () => {
    // Maubeuge (fortress 1, a town) with a territorial division and an HQ: 16 to 2 is 8-1, 1 left for the fortress: 6-1.
    const state = position({ W7711: ['fr-t81', 'fr-gmp'], W7810: ['de-3', 'de-4', 'de-7'], W7811: ['de-8'] });
    const { events } = fight(state, 'germany', 'attack Maubeuge with de-3, de-4, de-7, de-8', [6]);
    assert.deepEqual(story(events), [
      'combat W7711 6-1 DL3 DR2',
      'eliminated fr-t81',
      'fortress-destroyed W7711',
      'losses-ignored',
      'eliminated fr-gmp (hq-alone)',
    ]);
    assert.deepEqual(eventsOf(events, 'losses-ignored')[0], { type: 'losses-ignored', hex: 'W7711', side: 'allies', steps: 1 });
    assert.equal(fortressStands(state, 'W7711'), false);
  });

  it('VB-STEP-05, VB-FORT-03: other rules losses take unit steps first, then the fortress step, then the HQ, the owner choosing', () => {
    const state = position({ W7711: ['fr-14', 'fr-t81', 'fr-gmp'] });
    const ctx = stepContext('germany', []);
    const request = {
      battle: 'W7711',
      role: 'defender' as const,
      seat: 'allies' as const,
      units: ['fr-14', 'fr-t81'],
      fortressHex: 'W7711',
      hqs: ['fr-gmp'],
      count: 6,
      supply: everyone('attack'),
      decisionPrefix: 'bombard.W7711',
      cause: 'bombard' as const,
    };
    assert.equal(takeLosses(state, ctx, request), 5);
    assert.deepEqual(story(ctx.events), [
      'decision bombard.W7711.defender-loss.1 "fr-14" (default)',
      'step-lost fr-14 (bombard)',
      'decision bombard.W7711.defender-loss.2 "fr-t81" (default)',
      'eliminated fr-t81 (bombard)',
      'eliminated fr-14 (bombard)',
      'fortress-destroyed W7711',
      'eliminated fr-gmp (bombard)',
      'losses-ignored',
    ]);
  });

  it('VB-STEP-04: losses beyond the attackers steps are ignored too', () => {
    // 1 to 3: on a 1, AL2; the German cavalry division has one step.
    const state = position({ W7716: ['fr-14'], W7816: ['de-2c'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-2c', [1]);
    assert.deepEqual(story(events), ['combat W7716 1-3 AL2', 'eliminated de-2c', 'losses-ignored']);
  });
});

describe('fortresses in combat (VB-FORT-01..09, VB-FORT-12)', () => {
  it('VB-FORT-01, VB-FORT-02: an empty fortress defends with its own step, its value (Antwerp 3, Liège 2, Maubeuge 1)', () => {
    const defence = (hex: string, from: string) => {
      const r = combatOdds(position({ [from]: ['de-3', 'de-4', 'de-7'] }), 'germany', { target: hex, units: ['de-3', 'de-4', 'de-7'] });
      assert.ok(r.ok, hex);
      return [r.value.defenders.length, r.value.strengths.defence];
    };
    assert.deepEqual(defence('W7903', 'W8003'), [0, 3]);
    assert.deepEqual(defence('W8508', 'W8408'), [0, 2]);
    assert.deepEqual(defence('W7711', 'W7810'), [0, 1]);
  });

  it('VB-FORT-02, VB-FORT-04, VB-FORT-08, VB-CTRL-02: the step lost destroys the fortress; then the attacker may advance in', () => {
    const state = position({ W7810: ['de-3'] });
    // 4 to 1, 4-1, 1 left (fortress; a town gives none): 3-1. A 4: DL1 DR1.
    const { events } = fight(state, 'germany', 'attack W7711 with de-3 advance all', [4]);
    assert.deepEqual(story(events), ['combat W7711 3-1 DL1 DR1', 'fortress-destroyed W7711', 'advance de-3 W7711']);
    assert.deepEqual([state.fortsLost, controller(state, 'W7711')], [['W7711'], 'germany']);
  });

  it('VB-FORT-06, VB-RET-07: units in a standing friendly fortress ignore retreats; its step stands while they have steps', () => {
    const state = position({ W7711: ['fr-14'], W7810: ['de-3', 'de-4', 'de-7'] });
    // 12 to 4 (3 + 1), 3-1, 1 left: 2-1; a 5: DL1 DR1.
    const { events } = fight(state, 'germany', 'attack W7711 with de-3, de-4, de-7 advance all', [5]);
    assert.deepEqual(story(events), ['combat W7711 2-1 DL1 DR1', 'step-lost fr-14', 'retreat-ignored']);
    assert.deepEqual(where(state, 'fr-14', 'de-3'), ['W7711', 'W7810']);
  });

  it('VB-FORT-09: a destroyed fortress is never rebuilt, though its owner takes the hex back', () => {
    const state = position({ W7810: ['de-3'] });
    fight(state, 'germany', 'attack W7711 with de-3 advance all', [4]);
    state.units['de-3']!.at = 'W7810';
    state.units['fr-t81']!.at = 'W7711';
    state.control = {};
    const r = combatOdds(state, 'germany', { target: 'W7711', units: ['de-3'] });
    assert.ok(r.ok);
    assert.deepEqual([r.value.fortress, r.value.strengths.defence, r.value.shifts], [false, 1, []]);
  });

  it('VB-FORT-12, VV-SEQ-17: in the Allied Combat Phase a fortress division, which never moves, attacks next to its fortress', () => {
    const state = position({ W8421: ['fr-verdun'], W8420: ['de-2c'] });
    // 1 to 1 in the open, 1-1; a 5: AL1 DL1 DR1. The cavalry division is lost first, then the garrison.
    const { events } = fight(state, 'allies', 'attack W8420 with fr-verdun', [5]);
    assert.deepEqual(story(events), ['combat W8420 1-1 AL1 DL1 DR1', 'eliminated de-2c', 'eliminated fr-verdun']);
  });
});

describe('combats judged when their turn comes (VB-CRT-06, VB-DICE-03)', () => {
  it('VB-CRT-06: a combat whose hex holds no defender any more is cancelled without a roll', () => {
    const state = open();
    const list = orders(state, 'germany', ATTACK);
    state.units['fr-14']!.at = 'out';
    state.units['fr-t81']!.at = 'out';
    const { events } = fight(state, 'germany', '', [], {}, { unchecked: list });
    assert.deepEqual(story(events), ['cancelled W7716 no-defender']);
  });

  it('VB-CRT-06: none of its attackers still next to the hex: cancelled; attackers that are gone drop out of it', () => {
    const state = open();
    const list = orders(state, 'germany', ATTACK);
    for (const id of ['de-3', 'de-4', 'de-5r']) state.units[id]!.at = 'W7916';
    assert.deepEqual(story(fight(structuredClone(state), 'germany', '', [], {}, { unchecked: list }).events), [
      'cancelled W7716 no-attacker',
    ]);
    state.units['de-3']!.at = 'W7816';
    state.units['de-4']!.at = 'out';
    const { events } = fight(state, 'germany', '', [4], {}, { unchecked: list });
    const c = eventsOf(events, 'combat')[0]!;
    assert.deepEqual([c['attackers'], c['attack'], c['column']], [['de-3'], 4, '1-1']);
    assert.equal((c['dropped'] as { unit: string }[]).map((d) => d.unit).join(), 'de-4,de-5r');
  });

  it('VB-CRT-06, VB-CRT-11, VB-DICE-03: in the order given, a retreat into the next hex attacked can make its odds fall below 1-3', () => {
    // First W7716 (12 to 3, 4-1); fr-14 retreats into W7616 by its owner's choice, where fr-58 stands. The German
    // cavalry's attack on W7616, 1 to 2 when ordered, is then 1 to 4: no longer allowed, cancelled without a roll.
    const state = position({ W7716: ['fr-14'], W7616: ['fr-58'], W7816: ['de-3', 'de-4'], W7715: ['de-7'], W7516: ['de-2c'] });
    const text = 'attack W7716 with de-3, de-4, de-7\nattack W7616 with de-2c';
    const { events } = fight(state, 'germany', text, [3], { 'combat.W7716.retreat.fr-14': ['W7616'] });
    assert.deepEqual(story(events), [
      'combat W7716 4-1 DL1 DR1',
      'step-lost fr-14',
      'decision combat.W7716.retreat.fr-14 ["W7616"] (answer)',
      'retreat fr-14 W7616',
      'cancelled W7616 too-weak',
    ]);
    assert.equal(eventsOf(events, 'roll').length, 1);
  });

  it('VB-CRT-06, VB-DICE-03: the same retreat leaves a stronger hex that is still fought, at its new odds', () => {
    const state = position({ W7716: ['fr-14'], W7616: ['fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-7'], W7516: ['de-8'] });
    const text = 'attack W7716 with de-3, de-4, de-7\nattack W7616 with de-8';
    const { events } = fight(state, 'germany', text, [3, 2], { 'combat.W7716.retreat.fr-14': ['W7616'] });
    const second = eventsOf(events, 'combat')[1]!;
    assert.deepEqual([second['defenders'], second['defence'], second['column']], [['fr-14', 'fr-t81'], 3, '1-1']);
  });
});
