import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexesWithin, phaseContext, ScriptedDice, type DecisionAnswer, type RecordingContext } from '@umpire/engine';
import { hexBoard, ruleNumbers } from '../src/data/files.js';
import { hexFacts, isPlayable } from '../src/base/hexes.js';
import { stackingSteps } from '../src/base/positions.js';
import { generatorHexes, inventionPhase, vdgTriggers, wcpdTriggers } from '../src/inventions/inventions.js';
import { placeStorms, stormRefusal } from '../src/inventions/storms.js';
import { combatShifts } from '../src/combat/shifts.js';
import { moveWorld, pathTo } from '../src/movement/movement.js';
import { phases } from '../src/turn/phases.js';
import { invariants } from '../src/turn/invariants.js';
import { language, standingOrders } from '../src/orders/language.js';
import { describeEvent, describeState } from '../src/views/report.js';
import { at, cleared, put, stepInfo, unitsWhere } from './fixtures.js';

/**
 * The eleventh-hour inventions (VV-WCPD, VV-VDG) and the Invention Phase (VB-TURN-09), with scripted dice. Strategic
 * Turn B opens with Operational Turn 4; A with 1.
 */

const [german] = unitsWhere((u) => u.side === 'germany' && u.infantry && u.type.steps === 2, 1);
const [french, french2] = unitsWhere((u) => u.nation === 'france' && u.infantry && u.type.steps === 2, 2);
const LONDON = 'B1010';

/** A Strategic step's context on an Operational Turn, with scripted dice and recorded answers. */
function strategic(turn: number, dice: number[], answers: DecisionAnswer[] = [], standing?: unknown): RecordingContext {
  return phaseContext({
    step: { ...stepInfo('strategic', turn), id: `t${turn}.strategic` },
    dice: new ScriptedDice(dice),
    answers,
    ...(standing ? { standing: { allies: standing as never } } : {}),
  });
}

/** A hex at exactly `d` from a place's hexes that a unit may stand on. */
function hexAt(place: string, d: number): string {
  const within = hexesWithin(hexBoard(), at(place), d);
  return [...within].find(([id, k]) => k === d && isPlayable(hexFacts(id)))![0];
}

const rolls = (ctx: RecordingContext) => ctx.events.filter((e) => e.type === 'invention-roll');

describe('the Invention Phase: Weather Control Projection Devices', () => {
  it('VB-TURN-09, VV-WCPD-01, VV-WCPD-04, VV-WCPD-05, VV-WCPD-10: German infantry near London: a roll of 2 builds one', () => {
    const s = put(cleared(), { [german!]: hexAt(LONDON, 3) });
    assert.equal(wcpdTriggers(s).length, 1);
    const ctx = strategic(4, [2]);
    inventionPhase(s, ctx);
    assert.equal(s.inventions.wcpd, 1);
    assert.deepEqual(
      rolls(ctx).map((e) => [e['side'], e['invention'], e['roll'], e['built']]),
      [['allies', 'wcpd', 2, true]],
    );
    assert.match(
      describeEvent(rolls(ctx)[0]!)!,
      /^The Allies roll 2 for a Weather Control Projection Device \(German infantry within 3 .*built \(1 in all\)/,
    );
    assert.ok(describeState(s, 'allies').some((x) => x.title === 'Inventions'));
  });

  it('VV-WCPD-05, VV-WCPD-09: a roll of 3 builds nothing; a device never stands on the map', () => {
    const s = put(cleared(), { [german!]: hexAt('Paris', 2) });
    const before = JSON.stringify({ units: s.units, pieces: s.pieces });
    inventionPhase(s, strategic(4, [3]));
    assert.equal(s.inventions.wcpd, 0);
    inventionPhase(s, strategic(7, [1]));
    assert.equal(s.inventions.wcpd, 1);
    assert.equal(JSON.stringify({ units: s.units, pieces: s.pieces }), before);
  });

  it('VV-WCPD-02, VV-WCPD-03: four hexes from Paris is no trigger; French cities worth 8 in German hands is one', () => {
    const s = put(cleared(), { [german!]: hexAt('Paris', 4) });
    assert.deepEqual(wcpdTriggers(s), []);
    inventionPhase(s, strategic(4, []));
    for (const h of ['W5917', 'W6418', 'W6731', 'W6915', 'W7308', 'W7820', 'W7828']) s.control[h] = 'germany';
    assert.deepEqual(wcpdTriggers(s), []);
    s.control['W8336'] = 'germany';
    assert.equal(wcpdTriggers(s).length, 1, 'eight points');
    const ctx = strategic(4, [1]);
    inventionPhase(s, ctx);
    assert.equal(s.inventions.wcpd, 1);
  });

  it('VV-WCPD-06, VV-WCPD-07, VV-WCPD-08: no roll on A, one roll a Strategic Turn however many triggers, at most two', () => {
    const s = put(cleared(), { [german!]: hexAt(LONDON, 1) });
    for (const h of ['W6923', 'W6924', 'W7024', 'W7308', 'W7820', 'W7828']) s.control[h] = 'germany';
    assert.equal(wcpdTriggers(s).length, 2);
    inventionPhase(s, strategic(1, []));
    assert.equal(s.inventions.wcpd, 0, 'Strategic Turn A: no roll');
    const b = strategic(4, [1]);
    inventionPhase(s, b);
    assert.equal(rolls(b).length, 1);
    inventionPhase(s, strategic(7, [2]));
    assert.equal(s.inventions.wcpd, 2);
    const d = strategic(10, []);
    inventionPhase(s, d);
    assert.equal(rolls(d).length, 0, 'two built: no more rolls');
  });
});

describe('Storm markers', () => {
  it('VV-WCPD-10..12, VV-SEQ-21: the standing order places one marker a WCPD, one a hex, in France or England', () => {
    const s = cleared();
    s.inventions.wcpd = 1;
    const ctx = strategic(5, [], [], { storms: ['W7820', 'W6923'] });
    placeStorms(s, ctx);
    assert.deepEqual(s.inventions.storms, ['W7820'], 'one marker for one WCPD, in the order named');
    s.inventions.wcpd = 2;
    placeStorms(s, ctx);
    assert.deepEqual(s.inventions.storms, ['W6923', 'W7820']);
    assert.match(stormRefusal(at('Cologne'))!, /France or England/);
    assert.equal(stormRefusal(LONDON), undefined);
  });

  it("VV-WCPD-11, VV-WCPD-12: the storms order is the Allies', names hexes of France or England once each", () => {
    const ctx = { state: cleared(), seat: 'allies', step: stepInfo('allied', 5) };
    assert.ok(language.parseOrders('storms Paris, Reims', ctx).ok);
    const twice = language.parseOrders('storms Reims, W7820', ctx);
    assert.ok(!twice.ok && /named twice/.test(twice.error[0]!.message));
    const german = language.parseOrders('storms Cologne', ctx);
    assert.ok(!german.ok && /France or England/.test(german.error[0]!.message));
    const wrongSeat = language.parseOrders('storms Reims', { ...ctx, seat: 'germany', step: stepInfo('german', 5) });
    assert.ok(!wrongSeat.ok && /only the Allies/.test(wrongSeat.error[0]!.message));
  });

  it('VV-WCPD-11: storms and withdraw orders stand side by side: an order of one kind replaces that kind only', () => {
    const kept = { withdraw: ['gb-9'] };
    const storms = language.parseOrders('storms Reims', { state: cleared(), seat: 'allies', step: stepInfo('allied', 5) });
    assert.ok(storms.ok);
    assert.deepEqual(standingOrders(storms.value, kept), { withdraw: ['gb-9'], storms: ['W7820'] });
    assert.equal(standingOrders({ orders: [] }, kept), undefined, 'no standing order given: all kept');
  });

  it('VV-WCPD-13: the markers stay through the Operational Turn and come off after the Allied Attrition Phase', () => {
    const s = cleared();
    s.inventions.wcpd = 1;
    s.inventions.storms = ['W7820'];
    phases['allied-movement']!(s, new Map(), strategic(5, []));
    assert.deepEqual(s.inventions.storms, ['W7820']);
    phases['allied-attrition']!(s, new Map(), strategic(5, []));
    assert.deepEqual(s.inventions.storms, []);
  });

  it('VV-WCPD-14, AMB-56: the defenders of a Storm hex get two left shifts, whoever defends', () => {
    const s = cleared();
    const plain = combatShifts(s, ['W7720'], 'W7820');
    s.inventions.storms = ['W7820'];
    const stormy = combatShifts(s, ['W7720'], 'W7820');
    assert.deepEqual(
      stormy.filter((x) => !plain.some((p) => p.source === x.source)),
      [{ source: 'storm', columns: -ruleNumbers().inventions.stormShift }],
    );
    assert.equal(ruleNumbers().inventions.stormShift, 2);
  });

  it('VV-WCPD-20: entering a Storm hex costs one movement point more', () => {
    const s = put(cleared(), { [french!]: 'W7720' });
    const path = pathTo(moveWorld(s, 'allies'), french!, 'W7820', 5)!;
    s.inventions.storms = ['W7820'];
    const stormy = pathTo(moveWorld(s, 'allies'), french!, 'W7820', 5)!;
    assert.equal(stormy.cost, path.cost + 1);
  });
});

describe('the Invention Phase: Van der Graaf Generators', () => {
  it('VV-VDG-01, VV-VDG-03, VV-VDG-06: Allied cities worth 2 trigger the roll; a 1 builds one in a German city hex', () => {
    const s = cleared();
    s.control['W8721'] = 'allies';
    assert.deepEqual(vdgTriggers(s), []);
    s.control['W9220'] = 'allies';
    assert.equal(vdgTriggers(s).length, 1);
    const ctx = strategic(4, [1]);
    inventionPhase(s, ctx);
    assert.equal(s.inventions.vdg, 1);
    assert.equal(s.inventions.generators.length, 1);
    const hex = s.inventions.generators[0]!;
    assert.ok(hexFacts(hex)?.city && hexFacts(hex)?.nation === 'germany', hex);
    assert.ok(!['W8721', 'W9220'].includes(hex), 'never in a city the Allies hold');
    assert.deepEqual(invariants(s), []);
  });

  it('VV-VDG-02, VV-VDG-04, VV-VDG-06, VV-VDG-07: Allied infantry near the Ruhr; the German player picks a free city', () => {
    const s = put(cleared(), { [french!]: hexAt('Ruhr', 3) });
    assert.equal(vdgTriggers(s).length, 1);
    inventionPhase(s, strategic(1, []));
    assert.equal(s.inventions.vdg, 0, 'no roll on A');
    s.inventions.generators = ['W9106'];
    s.inventions.vdg = 1;
    assert.ok(!generatorHexes(s).includes('W9106'), 'one generator a hex');
    inventionPhase(s, strategic(4, [2], [{ id: 't4.strategic.generator', seat: 'germany', answer: 'W9713' }]));
    assert.deepEqual(s.inventions.generators, ['W9106', 'W9713']);
    inventionPhase(s, strategic(7, []));
    assert.equal(s.inventions.vdg, 2, 'at most two');
  });

  it('VV-VDG-05, VV-VDG-08, VV-VDG-10, AMB-58: an Allied unit entering its hex destroys it; it still counts toward two', () => {
    const from = landNext('W9106', () => true);
    const s = put(cleared(), { [french!]: from });
    s.inventions = { wcpd: 0, vdg: 1, generators: ['W9106'], storms: [] };
    const ctx = strategic(5, []);
    const orders = new Map([['allies', { orders: [{ kind: 'move', units: [french!], to: 'W9106' }] }]]);
    phases['allied-movement']!(s, orders as never, ctx);
    assert.equal(s.units[french!]!.at, 'W9106');
    assert.deepEqual(s.inventions.generators, []);
    assert.equal(s.inventions.vdg, 1);
    assert.equal(ctx.events.filter((e) => e.type === 'generator-destroyed' && e['hex'] === 'W9106').length, 1);
  });

  it('VV-VDG-09, VV-VDG-11, AMB-59: no stacking value; each Allied stack next to it loses a step, one per generator', () => {
    // Essen and Bochum, the two Ruhr hexes, are neighbours: a hex next to both is next to two generators.
    const both = landNext('W9101', (id) => neighbours('W9201').includes(id));
    const s = put(cleared(), { [french!]: both, [french2!]: both });
    s.inventions = { wcpd: 0, vdg: 2, generators: ['W9101', 'W9201'], storms: [] };
    assert.equal(stackingSteps(s, 'W9101').steps, 0);
    const ctx = strategic(5, []);
    phases['allied-attrition']!(s, new Map(), ctx);
    assert.equal(ctx.events.filter((e) => e.type === 'generator-attrition').length, 2);
    assert.equal(s.units[french!]!.steps + s.units[french2!]!.steps, 2, 'two steps of four lost');
    const alone = put(cleared(), { [german!]: both });
    alone.inventions = s.inventions;
    const none = strategic(5, []);
    phases['allied-attrition']!(alone, new Map(), none);
    assert.equal(none.events.filter((e) => e.type === 'generator-attrition').length, 0, 'German stacks are not touched');
  });
});

function neighbours(hex: string): string[] {
  return hexBoard()
    .neighbours(hex)
    .filter((c) => c.link === undefined)
    .map((c) => c.to);
}

/** A land neighbour of a hex that passes a test, in id order. */
function landNext(hex: string, test: (id: string) => boolean): string {
  return neighbours(hex).find((id) => isPlayable(hexFacts(id)) && test(id))!;
}
