import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gridDistance, scriptedContext } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { controller } from '../src/base/positions.js';
import { advanceAfterCombat } from '../src/combat/advance.js';
import { retreatPaths } from '../src/combat/retreat.js';
import { eventsOf, everyone, fight, orders, position, problems, story, where } from './combat-helpers.js';

/**
 * Retreats (VB-RET), what becomes of HQs (VB-HQ-06, VB-HQ-07) and the advance after combat (VB-ADV), played out.
 */

const paths = (units: Record<string, string[]>, unit: string, from: string, length: number) =>
  retreatPaths(position(units), unit, from, length).map((p) => p.join(' '));

describe('where a unit may retreat (VB-RET-02..04, VB-RET-06)', () => {
  it('VB-RET-02: the k-th hex of a retreat is exactly k hexes from the defending hex', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-3'], W7715: ['de-5r'] });
    const all = retreatPaths(state, 'fr-14', 'W7716', 2);
    assert.ok(all.length > 3);
    for (const p of all) p.forEach((hex, k) => assert.equal(gridDistance(hexBoard(), 'W7716', hex), k + 1, p.join(' ')));
    assert.deepEqual(paths({ W7716: ['fr-14'], W7816: ['de-3'], W7715: ['de-5r'] }, 'fr-14', 'W7716', 1), ['W7616', 'W7617']);
  });

  it('VB-RET-03, VB-ZOC-06: not into an enemy zone of control, unless a friendly ground combat unit stands there', () => {
    // W7615 and W7717 are in the German zones; with a French division in W7615 it is open.
    assert.deepEqual(paths({ W7716: ['fr-14'], W7816: ['de-3'], W7715: ['de-5r'], W7615: ['fr-t81'] }, 'fr-14', 'W7716', 1), [
      'W7615',
      'W7616',
      'W7617',
    ]);
    // An HQ is no ground combat unit: it opens nothing.
    assert.deepEqual(paths({ W7716: ['fr-14'], W7816: ['de-3'], W7715: ['de-5r'], W7615: ['fr-gmp'] }, 'fr-14', 'W7716', 1), [
      'W7616',
      'W7617',
    ]);
  });

  it('VB-RET-03: not into a hex holding an enemy ground unit, even an HQ alone', () => {
    assert.deepEqual(paths({ W7716: ['fr-14'], W7816: ['de-3'], W7715: ['de-5r'], W7617: ['de-a1'] }, 'fr-14', 'W7716', 1), ['W7616']);
  });

  it('VB-RET-03, VB-MAP-05: not into sea or across an all-sea hexside, even where a friend stands; not into a neutral hex', () => {
    assert.deepEqual(paths({ W6612: ['fr-14'], W6712: ['de-3'] }, 'fr-14', 'W6612', 1), ['W6513']);
    assert.deepEqual(paths({ W6612: ['fr-14'], W6712: ['de-3'], W6611: ['fr-t81'], W6613: ['fr-t82'] }, 'fr-14', 'W6612', 1), [
      'W6513',
      'W6613',
    ]);
    // Beside the Dutch border: W7603 and W7703 are in the Netherlands, W7605 in a German zone.
    assert.deepEqual(paths({ W7704: ['be-1'], W7705: ['de-3'], W7804: ['de-4'] }, 'be-1', 'W7704', 1), ['W7604']);
  });

  it('VB-RET-03, VB-MAP-10: never across the Channel link', () => {
    assert.deepEqual(paths({ W7005: ['fr-14'], W7006: ['de-3'] }, 'fr-14', 'W7005', 1), ['W7105']);
  });

  it('VB-RET-03, VB-FORT-07, VB-FORT-08: not into a standing enemy fortress or its zone of control; open once it is destroyed', () => {
    // A German division beside Maubeuge, attacked from W7910: W7711 is the fortress, W7710 and W7811 in its zone.
    const units = { W7810: ['de-3'], W7910: ['fr-14'] };
    assert.deepEqual(paths(units, 'de-3', 'W7810', 1), ['W7709']);
    const state = position(units);
    state.fortsLost = ['W7711'];
    assert.deepEqual(
      retreatPaths(state, 'de-3', 'W7810', 1).map((p) => p.join()),
      ['W7709', 'W7710', 'W7711'],
    );
  });

  it('VB-RET-04: a retreat may pass through a full hex but may not end over the stacking limit', () => {
    const units = {
      W7716: ['fr-14'],
      W7816: ['de-3'],
      W7715: ['de-5r'],
      W7616: ['fr-25', 'fr-26', 'fr-27'],
      W7617: ['fr-28', 'fr-41', 'fr-58'],
    };
    assert.deepEqual(paths(units, 'fr-14', 'W7716', 1), []);
    const two = paths(units, 'fr-14', 'W7716', 2);
    assert.ok(two.includes('W7616 W7516') && two.includes('W7617 W7618'), two.join('; '));
  });

  it('VB-RET-06: retreats cost nothing and ignore terrain and rivers: across a major river, into the mountains', () => {
    assert.ok(paths({ W6218: ['fr-14'], W6219: ['de-3'] }, 'fr-14', 'W6218', 1).includes('W6217'));
    assert.ok(paths({ W8540: ['fr-14'], W8440: ['de-3'] }, 'fr-14', 'W8540', 2).includes('W8541 W8542'));
  });
});

describe('retreats played out (VB-RET-01, VB-RET-05, VB-RET-07, VB-RET-08, VB-HQ-07)', () => {
  // 20 to 4 at W7716: 5-1; a 6 is DL2 DR2. fr-14 flips, fr-t81 is lost, fr-14 retreats two hexes.
  const big = () => position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4', 'de-7'], W7715: ['de-8', 'de-13'] });
  const BIG = 'attack W7716 with de-3, de-4, de-7, de-8, de-13';

  it('VB-RET-01, VB-CTRL-02: DR2: the owner picks the path; the retreating unit takes control of each hex it enters', () => {
    const state = big();
    state.control = { W7617: 'germany', W7618: 'germany' };
    const { events } = fight(
      state,
      'germany',
      BIG,
      [6],
      { 'combat.W7716.retreat.fr-14': ['W7617', 'W7618'] },
      { supply: everyone('attack') },
    );
    const lines = story(events).filter((l) => !l.startsWith('decision'));
    assert.deepEqual(lines.slice(0, 3), ['combat W7716 5-1 DL2 DR2', 'step-lost fr-14', 'eliminated fr-t81']);
    assert.ok(story(events).includes('retreat fr-14 W7617 W7618'));
    assert.deepEqual([where(state, 'fr-14'), controller(state, 'W7617'), controller(state, 'W7618')], [['W7618'], 'allies', 'allies']);
  });

  it('VB-RET-01: units of one hex may retreat by different paths to different hexes', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    fight(state, 'germany', 'attack W7716 with de-3, de-4, de-5r', [5], {
      'combat.W7716.retreat.fr-14': ['W7617'],
      'combat.W7716.retreat.fr-t81': ['W7616'],
    });
    assert.deepEqual(where(state, 'fr-14', 'fr-t81'), ['W7617', 'W7616']);
  });

  it('VB-RET-04, VB-RET-05: a unit that can go only part of the way goes as far as it can and loses a step for each hex short', () => {
    // DR2 from W7716: every hex two away that the retreat could reach (W7515, W7516, W7517, W7618, W7718) is full.
    const state = big();
    const full = ['W7515', 'W7516', 'W7517', 'W7618', 'W7718'];
    const french = ['fr-41', 'fr-25', 'fr-26', 'fr-27', 'fr-28', 'fr-13', 'fr-43', 'fr-15', 'fr-16', 'fr-44', 'fr-11', 'fr-39', 'fr-29'];
    full.forEach((hex, i) => ['fr-30', 'fr-31', ...french].slice(3 * i, 3 * i + 3).forEach((id) => (state.units[id]!.at = hex)));
    const { events } = fight(state, 'germany', BIG, [6], { 'combat.W7716.retreat.fr-14': ['W7617'] });
    assert.deepEqual(story(events).slice(-2), ['retreat fr-14 W7617 short 1', 'eliminated fr-14 (retreat)']);
  });

  it('VB-RET-05: a unit that cannot leave the defending hex loses a step for every hex of the retreat and stays', () => {
    // Surrounded at W7716: every neighbour German-held or in a German zone with no French unit.
    const state = position({ W7716: ['fr-14'], W7816: ['de-3', 'de-4'], W7715: ['de-7'], W7617: ['de-8'], W7616: ['de-13'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4 advance all', [3]);
    // 8 to 3, 2-1; a 3: AL1 DL1 DR1. Reduced, then one hex short: eliminated; the Germans advance.
    assert.deepEqual(story(events).slice(-4), [
      'retreat fr-14 nowhere short 1',
      'eliminated fr-14 (retreat)',
      'advance de-3 W7716',
      'advance de-4 W7716',
    ]);
  });

  it('VB-RET-05: a full unit one hex short survives, stays, and keeps the attackers out', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'], W7715: ['de-7'], W7617: ['de-8'], W7616: ['de-13'] });
    const answers = { 'combat.W7716.defender-loss.1': 'fr-t81' };
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4 advance all', [5], answers, { supply: everyone('attack') });
    // 8 to 4, 2-1; a 5: DL1 DR1.
    assert.deepEqual(story(events).slice(-2), ['retreat fr-14 nowhere short 1', 'step-lost fr-14 (retreat)']);
    assert.deepEqual(where(state, 'fr-14', 'de-3'), ['W7716', 'W7816']);
  });

  it('VB-RET-08, VB-HQ-07: an HQ left alone follows the path of a unit that retreated, its owner choosing which', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81', 'fr-gmp'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4, de-5r', [5], {
      'combat.W7716.retreat.fr-14': ['W7617'],
      'combat.W7716.retreat.fr-t81': ['W7616'],
      'combat.W7716.hq-retreat.fr-gmp': ['W7616'],
    });
    assert.ok(story(events).includes('retreat fr-gmp W7616'));
    assert.deepEqual(where(state, 'fr-gmp'), ['W7616']);
    // Unanswered, the HQ goes with the first unit to retreat.
    const again = position({ W7716: ['fr-14', 'fr-t81', 'fr-gmp'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    fight(again, 'germany', 'attack W7716 with de-3, de-4, de-5r', [5], {
      'combat.W7716.retreat.fr-14': ['W7617'],
      'combat.W7716.retreat.fr-t81': ['W7616'],
    });
    assert.deepEqual(where(again, 'fr-gmp'), ['W7617']);
  });

  it('VB-HQ-07, VB-STACK-01: an HQ with no path ending where it fits (one HQ a hex) is destroyed', () => {
    const state = position({ W7716: ['fr-14', 'fr-gmp'], W7616: ['be-hq'], W7816: ['de-3', 'de-4'], W7715: ['de-5r'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4, de-5r', [5], { 'combat.W7716.retreat.fr-14': ['W7616'] });
    assert.deepEqual(story(events).slice(-2), ['retreat fr-14 W7616', 'eliminated fr-gmp (hq-alone)']);
  });

  it('VB-HQ-07: an HQ whose hex keeps a defender stays, and never loses its step to a result', () => {
    const state = position({ W7716: ['fr-14', 'fr-gmp'], W7816: ['de-3', 'de-4'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4', [2]);
    // 8 to 3, 2-1; a 2: AL1 DL1. fr-14 takes the step; the HQ is no choice.
    assert.deepEqual(story(events).slice(0, 2), ['combat W7716 2-1 AL1 DL1', 'step-lost fr-14']);
    assert.deepEqual(where(state, 'fr-gmp'), ['W7716']);
  });
});

describe('advance after combat (VB-ADV-01..08)', () => {
  // fr-t81 alone at W7716 against 16: 6-1, gone on any roll.
  const rout = () => position({ W7716: ['fr-t81'], W7816: ['de-3', 'de-4', 'de-7'], W7715: ['de-8'] });
  const ROUT = 'attack W7716 with de-3, de-4, de-7, de-8';

  it('VB-ADV-01, VB-STACK-04: the surviving attackers advance into the emptied hex, up to the stacking limit, in the order named', () => {
    const state = rout();
    const { events } = fight(state, 'germany', `${ROUT} advance all`, [1]);
    assert.deepEqual(story(events).slice(-4), ['advance de-3 W7716', 'advance de-4 W7716', 'advance de-7 W7716', 'advance-blocked']);
    const named = rout();
    fight(named, 'germany', `${ROUT} advance de-8, de-3`, [1]);
    assert.deepEqual(where(named, 'de-8', 'de-3', 'de-4'), ['W7716', 'W7716', 'W7816']);
  });

  it('VB-ADV-02, VB-ZOC-08: an advance is one hex, whatever the zones of control, the terrain and the rivers', () => {
    // Across a major river into W6218, next to a French division at W6219.
    const state = position({ W6218: ['fr-t81'], W6219: ['fr-14'], W6217: ['de-3', 'de-4'] });
    const { events } = fight(state, 'germany', 'attack W6218 with de-3, de-4 advance all', [1]);
    assert.deepEqual(story(events), ['combat W6218 6-1 DL1 DR1', 'eliminated fr-t81', 'advance de-3 W6218', 'advance de-4 W6218']);
  });

  it('VB-ADV-03: advancing is never compulsory: with no advance named nobody advances', () => {
    const state = rout();
    const { events } = fight(state, 'germany', ROUT, [1]);
    assert.deepEqual(eventsOf(events, 'advance'), []);
    assert.equal(controller(state, 'W7716'), 'allies');
  });

  it('VB-ADV-01: no advance while the hex still holds a defender', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-3', 'de-4'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-3, de-4 advance all', [1]);
    assert.deepEqual(eventsOf(events, 'advance'), []);
  });

  it('VB-ADV-04, VB-HQ-06, VB-CTRL-02: an advancing unit takes control of the hex and destroys an enemy HQ left there', () => {
    const state = position({ W7716: ['fr-gmp'], W7816: ['de-3'] });
    const ctx = scriptedContext([]);
    assert.deepEqual(advanceAfterCombat(state, ctx, 'W7716', 'germany', ['de-3'], ['de-3']), ['de-3']);
    assert.deepEqual(where(state, 'fr-gmp', 'de-3'), ['out', 'W7716']);
    assert.equal(controller(state, 'W7716'), 'germany');
    assert.deepEqual(eventsOf(ctx.events, 'eliminated'), [{ type: 'eliminated', unit: 'fr-gmp', hex: 'W7716', cause: 'advance' }]);
  });

  it('VB-ADV-05, VB-CRT-03: a unit that advances has attacked: it attacks no more that phase', () => {
    const state = position({ W7716: ['fr-t81'], W7617: ['fr-t82'], W7816: ['de-3', 'de-4'] });
    const text = 'attack W7716 with de-3, de-4 advance de-3\nattack W7617 with de-3';
    assert.deepEqual(
      problems(state, 'germany', text).map((p) => p.code),
      ['attacks-twice'],
    );
  });

  it('VB-ADV-06: the defender never advances, even when the attacker is wiped out', () => {
    const state = position({ W7716: ['fr-14'], W7816: ['de-2c'] });
    const { events } = fight(state, 'germany', 'attack W7716 with de-2c advance all', [1]);
    assert.deepEqual(story(events), ['combat W7716 1-3 AL2', 'eliminated de-2c', 'losses-ignored']);
    assert.deepEqual(where(state, 'fr-14'), ['W7716']);
  });

  it('VB-ADV-07: units that did not take part never advance, not even those named when the combat began without them', () => {
    const state = rout();
    const list = orders(state, 'germany', `${ROUT} advance de-8, de-3`);
    state.units['de-8']!.at = 'W7915';
    const { events } = fight(state, 'germany', '', [1], {}, { unchecked: list });
    assert.deepEqual(story(events).slice(-1), ['advance de-3 W7716']);
    assert.deepEqual(where(state, 'de-8', 'de-4', 'de-7'), ['W7915', 'W7816', 'W7816']);
  });

  it('VB-ADV-08, VV-CRACK-04: no Stoss advance: a Crack Troop on its crack side advances one hex, no further', () => {
    const state = position({ W7716: ['fr-t81'], W7816: ['de-lw1'] });
    state.units['de-lw1']!.crack = true;
    const { events } = fight(state, 'germany', 'attack W7716 with de-lw1 advance all', [5]);
    // Crack side 4 to 1, 4-1; a 5: DL2 DR1.
    assert.deepEqual(story(events), ['combat W7716 4-1 DL2 DR1', 'eliminated fr-t81', 'losses-ignored', 'advance de-lw1 W7716']);
    assert.deepEqual(where(state, 'de-lw1'), ['W7716']);
  });
});
