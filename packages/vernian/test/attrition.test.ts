import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stepInfo, type GameEvent } from '@umpire/engine';
import { vernian } from '../src/index.js';
import type { VernianState } from '../src/base/state.js';
import { ALLIED_PHASES, GERMAN_PHASES, STRATEGIC_PHASES } from '../src/turn/plan.js';
import { attrition, defaultLoss, fortressSurrender } from '../src/supply/attrition.js';
import { supplyOf } from '../src/supply/supply.js';
import { around, blank, citiesOf, diceContext, handOver, put, sourceHexesOf } from './supply-positions.js';

/**
 * The Attrition Phase (VV-SUP-14, VV-SUP-18 to VV-SUP-20, D-AMB-10) and the Fortress Surrender Phase (VB-FORT-10),
 * played with scripted dice.
 */

/** Every Allied source and city of the West map in German hands: Allied units there outside towns are Out of Supply. */
const cutOff = (where: Record<string, string>): VernianState =>
  handOver(
    put(blank(), where),
    [...sourceHexesOf('allies'), ...citiesOf('allies')].filter((h) => h.startsWith('W')),
    'germany',
  );

/** Units in a pocket: German divisions in every land hex around their hex. */
function pocket(hex: string, units: string[]): VernianState {
  const state = put(blank(), Object.fromEntries(units.map((u) => [u, hex])));
  around(hex).forEach((h, i) => put(state, { [['de-3', 'de-4', 'de-5', 'de-6', 'de-7', 'de-8'][i]!]: h }));
  return state;
}

const attritionEvents = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'attrition');

/** Play the phases of the step a clock points at, as the engine runs a step, with scripted dice. */
function playStep(state: VernianState, clock: { turn: number; segment: number }, dice: number[]) {
  const info = stepInfo(vernian, { clock, state });
  const ctx = diceContext(dice);
  for (const phase of info.phases) {
    ctx.emit({ type: 'phase', phase });
    vernian.phases[phase]!(state, new Map(), ctx);
  }
  return { info, events: ctx.events };
}

describe('attrition', () => {
  it('VV-SUP-19, VV-SUP-20, AMB-10: one die for an Out of Supply stack; at most the units there (HQs count) loses one step', () => {
    const state = cutOff({ 'fr-14': 'W6232', 'fr-58': 'W6232', 'fr-a1': 'W6232' });
    assert.equal(supplyOf(state, 'fr-14'), 'out');
    const ctx = diceContext([3]);
    attrition('allies')(state, new Map(), ctx);
    assert.equal(ctx.rolls(), 1);
    assert.deepEqual(attritionEvents(ctx.events), [
      { type: 'attrition', side: 'allies', hex: 'W6232', roll: 3, units: 3, unit: 'fr-14', result: 'reduced' },
    ]);
    assert.equal(state.units['fr-14']!.steps, 1);
    assert.equal(state.units['fr-14']!.at, 'W6232');
  });

  it('VV-SUP-20, VB-ATTR-01: a roll above the units present costs nothing: the variant never eliminates a stack outright', () => {
    const state = cutOff({ 'fr-14': 'W6232', 'fr-58': 'W6232' });
    const ctx = diceContext([3]);
    attrition('allies')(state, new Map(), ctx);
    assert.deepEqual(attritionEvents(ctx.events), [{ type: 'attrition', side: 'allies', hex: 'W6232', roll: 3, units: 2, result: 'none' }]);
    assert.deepEqual(
      [state.units['fr-14'], state.units['fr-58']],
      [
        { at: 'W6232', steps: 2 },
        { at: 'W6232', steps: 2 },
      ],
    );
  });

  it('VV-SUP-20, VB-STEP-01, VB-STEP-05: the owner chooses the step; by default the most steps, then the best defence; HQ last', () => {
    assert.equal(defaultLoss(blank(), ['fr-58', 'fr-14', 'fr-cav6']), 'fr-14', 'two steps and defence 3 before two steps and 2');
    const reduced = blank();
    reduced.units['fr-14']!.steps = 1;
    assert.equal(defaultLoss(reduced, ['fr-58', 'fr-14', 'fr-cav6']), 'fr-58');
    // The owner's answer: the cavalry, a one-step unit, is eliminated.
    const state = cutOff({ 'fr-14': 'W6232', 'fr-cav6': 'W6232' });
    const ctx = diceContext([1], [{ id: 'attrition.allies.W6232', seat: 'allies', answer: 'fr-cav6' }]);
    attrition('allies')(state, new Map(), ctx);
    assert.equal(state.units['fr-cav6']!.at, 'out');
    assert.equal(state.units['fr-14']!.steps, 2);
    // An HQ is never chosen while a combat unit is there to lose the step.
    const withHq = cutOff({ 'fr-cav6': 'W6232', 'fr-a1': 'W6232' });
    const asked = diceContext([2], [{ id: 'attrition.allies.W6232', seat: 'allies', answer: 'fr-a1' }]);
    assert.throws(() => attrition('allies')(withHq, new Map(), asked), /not one of its options/);
    const alone = cutOff({ 'fr-a1': 'W6232' });
    attrition('allies')(alone, new Map(), diceContext([1]));
    assert.equal(alone.units['fr-a1']!.at, 'out', 'an HQ alone loses its step');
  });

  it('VV-SUP-14, VV-SUP-18, VB-FORT-11: units in Defense or Attack Supply, or in a standing friendly fortress, never roll', () => {
    const state = cutOff({ 'fr-14': 'W6332', 'fr-verdun': 'W8421', 'fr-58': 'W8421' });
    put(state, { 'de-3': 'W8420' });
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
    const ctx = diceContext([]);
    attrition('allies')(state, new Map(), ctx);
    assert.equal(ctx.rolls(), 0);
    const supplied = put(blank(), { 'fr-14': 'W6134' });
    attrition('allies')(supplied, new Map(), ctx);
    assert.equal(ctx.rolls(), 0);
  });

  it('VB-ATTR-02, VB-DICE-03: each side is judged in its own Attrition Phase, one die a stack in hex order', () => {
    // The Germans hold no city in England: their division outside Dover is Out of Supply.
    const state = cutOff({ 'fr-14': 'W6232', 'fr-41': 'W6035', 'de-3': 'B1513' });
    assert.equal(supplyOf(state, 'de-3'), 'out');
    const allied = diceContext([6, 1]);
    attrition('allies')(state, new Map(), allied);
    assert.deepEqual(
      attritionEvents(allied.events).map((e) => [e['hex'], e['roll'], e['result']]),
      [
        ['W6035', 6, 'none'],
        ['W6232', 1, 'reduced'],
      ],
    );
    assert.equal(state.units['de-3']!.steps, 2);
    const german = diceContext([1]);
    attrition('germany')(state, new Map(), german);
    assert.equal(state.units['de-3']!.steps, 1);
  });

  it('VB-ATTR-03, VB-TURN-12: attrition closes each player-turn, after its combat, and is played by the turn', () => {
    assert.ok(GERMAN_PHASES.indexOf('german-attrition') > GERMAN_PHASES.indexOf('german-combat'));
    assert.equal(GERMAN_PHASES[GERMAN_PHASES.length - 1], 'german-attrition');
    assert.equal(ALLIED_PHASES[ALLIED_PHASES.length - 1], 'allied-attrition');
    const state = pocket('W6232', ['fr-14']);
    assert.equal(supplyOf(state, 'fr-14'), 'out');
    const { info, events } = playStep(state, { turn: 2, segment: 1 }, [1]);
    assert.equal(info.segment, 'allied');
    const phases = events.filter((e) => e.type === 'phase').map((e) => e['phase']);
    assert.equal(phases[phases.length - 1], 'allied-attrition');
    assert.deepEqual(
      attritionEvents(events).map((e) => e['unit']),
      ['fr-14'],
    );
    assert.equal(state.units['fr-14']!.steps, 1);
  });
});

describe('fortress surrender', () => {
  /** Verdun (W8421) besieged, its garrison and an HQ in it. */
  const besieged = () => {
    const state = pocket('W8421', ['fr-verdun', 'fr-a1']);
    state.fortsLost = ['W7903', 'W9133'];
    return state;
  };

  it('VB-FORT-10: a fortress out of supply and next to an enemy combat unit surrenders on 1 or 2: destroyed, its units eliminated', () => {
    const state = besieged();
    const ctx = diceContext([2]);
    fortressSurrender(state, new Map(), ctx);
    assert.deepEqual(state.fortsLost, ['W7903', 'W8421', 'W9133']);
    assert.equal(state.units['fr-verdun']!.at, 'out');
    assert.equal(state.units['fr-a1']!.at, 'out');
    assert.deepEqual(
      ctx.events.filter((e) => e.type === 'fortress-surrender'),
      [{ type: 'fortress-surrender', hex: 'W8421', owner: 'allies', roll: 2, surrendered: true, eliminated: ['fr-a1', 'fr-verdun'] }],
    );
  });

  it('VB-FORT-10: on 3 or more the fortress holds', () => {
    const state = besieged();
    fortressSurrender(state, new Map(), diceContext([3]));
    assert.deepEqual(state.fortsLost, ['W7903', 'W9133']);
    assert.equal(state.units['fr-verdun']!.at, 'W8421');
  });

  it('VB-FORT-10, VB-SUP-10: a fortress in supply, with no enemy beside it, or already destroyed does not roll', () => {
    const ctx = diceContext([]);
    fortressSurrender(put(blank(), { 'fr-verdun': 'W8421', 'de-3': 'W8420' }), new Map(), ctx);
    const alone = cutOff({ 'fr-verdun': 'W8421' });
    assert.equal(supplyOf(alone, 'fr-verdun'), 'defense', 'out of Attack Supply, in a town');
    fortressSurrender(alone, new Map(), ctx);
    const lost = besieged();
    lost.fortsLost = ['W8421'];
    fortressSurrender(lost, new Map(), ctx);
    assert.equal(ctx.rolls(), 0);
  });

  it('VB-TURN-05, VB-TURN-08: the Fortress Surrender Phase is played in the Strategic phases, after the reinforcements', () => {
    assert.ok(STRATEGIC_PHASES.indexOf('fortress-surrender') > STRATEGIC_PHASES.indexOf('reinforcements'));
    const state = besieged();
    const { info } = playStep(state, { turn: 4, segment: 0 }, [1]);
    assert.equal(info.segment, 'strategic');
    assert.ok(state.fortsLost.includes('W8421'));
  });
});
