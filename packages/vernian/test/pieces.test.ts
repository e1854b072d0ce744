import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { autoplay, replay, type DecisionRequest, type GameEvent, type Json } from '@umpire/engine';
import { piecesData } from '../src/data/files.js';
import { allHexes } from '../src/base/hexes.js';
import { occupancy, stackingSteps } from '../src/base/positions.js';
import { allPieces, pieceEntry } from '../src/base/pieces.js';
import type { VernianState } from '../src/base/state.js';
import { fits } from '../src/arrivals/setup-rules.js';
import { flipPieces, receivePieces } from '../src/arrivals/piece-arrivals.js';
import { piecePlacementRefusal, placePiece } from '../src/arrivals/piece-placement.js';
import { openingState } from '../src/arrivals/opening.js';
import { language } from '../src/orders/language.js';
import { invariants } from '../src/turn/invariants.js';
import { describeEvent, describeState } from '../src/views/report.js';
import { vernian } from '../src/index.js';
import { vernianMap } from '../src/tools/map.js';
import { at, cleared, newGame, playStep, put, stepInfo, testContext, unitsWhere } from './fixtures.js';
import { handOver, sourceHexesOf } from './supply-positions.js';

/**
 * The variant's pieces by the reinforcement schedule (VV-REIN, VB-REIN-15..19): the Zeppelins, Ether Flyers, Tanks and
 * the Armored Front Buster each arrive in their side's box on their Strategic Turn, the Germans flip Zeppelins, and
 * each piece is placed in a New Units Phase where its rule allows.
 */

/** The rows of the schedule that name pieces. */
const PIECE_ROWS = 'VV-REIN-04..05, VV-REIN-08..10, VV-REIN-12..18, VV-REIN-20..26, VV-REIN-28..34, VV-REIN-36..40';

/** The Operational Turn that opens each Strategic Turn. */
const OPENS: Readonly<Record<string, number>> = { A: 1, B: 4, C: 7, D: 10, E: 13, F: 16, G: 19 };

/** The seed's schedule of pieces, row by row: [clause, turn, side, type, count]. */
const SEED: readonly [string, string, string, string, number][] = [
  ['VV-REIN-04', 'A', 'allies', 'flyer-F', 2],
  ['VV-REIN-05', 'A', 'germany', 'zeppelin-0-3-3', 5],
  ['VV-REIN-08', 'B', 'allies', 'tank', 2],
  ['VV-REIN-09', 'B', 'allies', 'flyer-F', 2],
  ['VV-REIN-10', 'B', 'germany', 'zeppelin-0-3-4', 7],
  ['VV-REIN-12', 'C', 'allies', 'tank', 2],
  ['VV-REIN-13', 'C', 'germany', 'tank', 2],
  ['VV-REIN-14', 'C', 'allies', 'afb', 1],
  ['VV-REIN-15', 'C', 'allies', 'flyer-F', 2],
  ['VV-REIN-16', 'C', 'allies', 'flyer-CS', 2],
  ['VV-REIN-17', 'C', 'germany', 'zeppelin-0-3-6', 4],
  ['VV-REIN-20', 'D', 'allies', 'tank', 2],
  ['VV-REIN-21', 'D', 'germany', 'tank', 2],
  ['VV-REIN-22', 'D', 'allies', 'flyer-CS', 2],
  ['VV-REIN-23', 'D', 'allies', 'flyer-F', 2],
  ['VV-REIN-24', 'D', 'germany', 'flyer-F', 2],
  ['VV-REIN-25', 'D', 'germany', 'zeppelin-0-3-6', 4],
  ['VV-REIN-28', 'E', 'allies', 'tank', 2],
  ['VV-REIN-29', 'E', 'germany', 'tank', 2],
  ['VV-REIN-30', 'E', 'allies', 'flyer-CS', 2],
  ['VV-REIN-31', 'E', 'allies', 'flyer-B', 1],
  ['VV-REIN-32', 'E', 'germany', 'flyer-F', 2],
  ['VV-REIN-33', 'E', 'germany', 'zeppelin-0-3-6', 3],
  ['VV-REIN-36', 'F', 'allies', 'tank', 2],
  ['VV-REIN-37', 'F', 'allies', 'flyer-B', 2],
  ['VV-REIN-39', 'G', 'allies', 'flyer-B', 1],
];

/** The opening's state with every Strategic Turn's pieces received up to a letter. */
function receivedTo(letter: string, state = openingState()): VernianState {
  for (const [l, turn] of Object.entries(OPENS)) if (l <= letter) receivePieces(state, turn);
  return state;
}

const strategicContext = (letter: string, answers: readonly string[] = []) => {
  const ctx = testContext(OPENS[letter]!);
  const asked: DecisionRequest[] = [];
  const given = [...answers];
  return Object.assign(ctx, {
    step: stepInfo('strategic', OPENS[letter]!),
    asked,
    decide: <A extends Json>(r: DecisionRequest<A>): A => {
      asked.push(r as DecisionRequest);
      return (given.length ? given.shift() : r.default) as A;
    },
  });
};

const typeOf = (s: VernianState, id: string) => s.pieces[id]!.type;

describe("the variant's pieces arrive by the schedule", () => {
  it(`${PIECE_ROWS}: data/pieces.json holds exactly the seed rows of pieces`, () => {
    const rows = piecesData().schedule.flatMap((r) => ('type' in r ? [[r.clauses[0], r.turn, r.side, r.type, r.count]] : []));
    assert.deepEqual(rows, SEED);
  });

  for (const [clause, letter, side, type, count] of SEED) {
    it(`${clause}, VB-REIN-15, VB-TURN-07: on Strategic Turn ${letter} ${side} receive ${count} ${type} in the box`, () => {
      const mine = [...allPieces()].filter((p) => p.clauses.includes(clause));
      assert.equal(mine.length, count);
      const before = receivedTo(String.fromCharCode(letter.charCodeAt(0) - 1));
      for (const p of mine) assert.equal(before.pieces[p.id], undefined, `${p.id} not before ${letter}`);
      const arrived = receivePieces(before, OPENS[letter]!);
      for (const p of mine) {
        assert.ok(arrived.includes(p.id), p.id);
        assert.deepEqual(before.pieces[p.id], { type, side, at: 'box' }, p.id);
      }
      assert.deepEqual(receivePieces(before, OPENS[letter]! + 1), [], 'nothing more in the same Strategic Turn');
    });
  }

  it('VV-REIN-04..05, VV-REIN-10, VV-REIN-13, VV-REIN-14, VV-REIN-24: ids go on from the opening by kind and side', () => {
    const s = receivedTo('D');
    for (const id of ['zep-6', 'zep-17', 'zep-21', 'fl-al-1', 'tank-al-1', 'tank-de-1', 'afb-1', 'fl-de-1', 'fl-fr-1', 'fl-gb-1'])
      assert.ok(s.pieces[id], id);
    assert.equal(typeOf(s, 'zep-6'), 'zeppelin-0-3-3');
    assert.equal(typeOf(s, 'zep-11'), 'zeppelin-0-3-4');
    assert.equal(typeOf(s, 'zep-18'), 'zeppelin-0-3-6');
    assert.equal(pieceEntry('afb-1')?.arrives, 'C');
    assert.equal([...allPieces()].length, 7 + 62);
  });
});

describe('Zeppelin flips', () => {
  it('VV-REIN-18, VB-REIN-19: on C the Germans may flip one 0-3-3 Zeppelin, by default the lowest; a 0-3-4 may not flip on C', () => {
    const s = receivedTo('C');
    const ctx = strategicContext('C');
    flipPieces(s, ctx);
    assert.equal(ctx.asked.length, 1);
    assert.equal(ctx.asked[0]!.seat, 'germany');
    assert.deepEqual(ctx.asked[0]!.options, [
      'zep-1',
      'zep-2',
      'zep-3',
      'zep-4',
      'zep-5',
      'zep-6',
      'zep-7',
      'zep-8',
      'zep-9',
      'zep-10',
      'none',
    ]);
    assert.equal(typeOf(s, 'zep-1'), 'zeppelin-0-3-6');
    assert.equal(typeOf(s, 'zep-2'), 'zeppelin-0-3-3');
    assert.equal(typeOf(s, 'zep-11'), 'zeppelin-0-3-4');
    assert.match(
      describeEvent(ctx.events[0] as GameEvent) ?? '',
      /^Zeppelin 0-3-6 \(zep-1\) is flipped to its improved side \(it was a Zeppelin 0-3-3\)/,
    );
  });

  it('VV-REIN-26, VB-REIN-19: on D two flips of 0-3-3 or 0-3-4 Zeppelins, in the box or on the map, as the German player picks', () => {
    const s = receivedTo('D');
    const ctx = strategicContext('D', ['zep-12', 'zep-7']);
    flipPieces(s, ctx);
    assert.deepEqual([typeOf(s, 'zep-12'), typeOf(s, 'zep-7'), s.pieces['zep-12']!.at], ['zeppelin-0-3-6', 'zeppelin-0-3-6', 'box']);
    assert.ok(ctx.asked[0]!.options.includes('zep-11'), 'a 0-3-4 may flip on D');
    assert.ok(!ctx.asked[0]!.options.includes('zep-18'), 'a 0-3-6 has no improved side');
    assert.ok(!ctx.asked[1]!.options.includes('zep-12'), 'a flipped Zeppelin does not flip again');
  });

  it('VV-REIN-34, VV-REIN-38, VV-REIN-40, VB-REIN-19: three flips on E, F and G; a flip lasts; an eliminated Zeppelin never flips', () => {
    const s = receivedTo('E');
    s.pieces['zep-1']!.at = 'out';
    flipPieces(s, strategicContext('E'));
    assert.deepEqual(
      ['zep-1', 'zep-2', 'zep-3', 'zep-4', 'zep-5'].map((id) => typeOf(s, id)),
      ['zeppelin-0-3-3', 'zeppelin-0-3-6', 'zeppelin-0-3-6', 'zeppelin-0-3-6', 'zeppelin-0-3-3'],
    );
    receivePieces(s, OPENS['F']!);
    flipPieces(s, strategicContext('F'));
    receivePieces(s, OPENS['G']!);
    flipPieces(s, strategicContext('G'));
    const flipped = Object.keys(s.pieces).filter((id) => /^zep-/.test(id) && typeOf(s, id) === 'zeppelin-0-3-6');
    assert.equal(flipped.length, 9 + 4 + 4 + 3, 'nine flips and the eleven 0-3-6 that arrived');
    assert.equal(typeOf(s, 'zep-2'), 'zeppelin-0-3-6', 'still flipped two Strategic Turns later');
  });

  it("VV-REIN-26, VB-REIN-19: 'none' ends a turn's flips; no flips at all on A and B", () => {
    const s = receivedTo('D');
    const ctx = strategicContext('D', ['none']);
    flipPieces(s, ctx);
    assert.equal(ctx.asked.length, 1);
    assert.ok(Object.keys(s.pieces).every((id) => !/^zep-([1-9]|1[0-7])$/.test(id) || typeOf(s, id) !== 'zeppelin-0-3-6'));
    const early = strategicContext('B');
    flipPieces(receivedTo('B'), early);
    assert.equal(early.asked.length, 0);
  });
});

const [germanInf] = unitsWhere((u) => u.nation === 'germany' && u.entry.type === 'de-active-inf', 1);
const frenchInf = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 3);
const [frenchCav] = unitsWhere((u) => u.nation === 'france' && u.type.class === 'cavalry', 1);

/** A clean board with the pieces up to a letter received. */
const board = (letter = 'E') => receivedTo(letter, cleared());

describe('placing the pieces in the New Units Phase', () => {
  it('VB-REIN-15: a Zeppelin in a German-held hex of Germany in supply; not outside Germany, not in a lost hex, not out of supply', () => {
    const s = board();
    assert.equal(piecePlacementRefusal(s, 'germany', 'zep-6', at('Cologne')), undefined);
    const village = [...allHexes()].find((h) => h.nation === 'germany' && h.land && !h.city && !h.town && !h.edge)!.id;
    assert.equal(piecePlacementRefusal(s, 'germany', 'zep-6', village), undefined, 'any hex of Germany');
    assert.equal(piecePlacementRefusal(s, 'germany', 'zep-6', at('Reims')), 'Zeppelins are placed in Germany (VB-REIN-15)');
    s.control[at('Bonn')] = 'allies';
    assert.match(piecePlacementRefusal(s, 'germany', 'zep-6', at('Bonn')) ?? '', /not held by the Germans \(VB-REIN-15\)/);
    handOver(s, sourceHexesOf('germany'), 'allies');
    assert.match(piecePlacementRefusal(s, 'germany', 'zep-6', at('Cologne')) ?? '', /not in supply \(VB-REIN-05\)/);
  });

  it('VV-ZEP-09, VB-REIN-15: at most five Zeppelins a hex', () => {
    const s = board();
    for (const id of ['zep-6', 'zep-7', 'zep-8', 'zep-9']) placePiece(s, id, at('Cologne'));
    assert.equal(piecePlacementRefusal(s, 'germany', 'zep-10', at('Cologne')), undefined);
    placePiece(s, 'zep-10', at('Cologne'));
    assert.match(piecePlacementRefusal(s, 'germany', 'zep-11', at('Cologne')) ?? '', /already holds 5 Zeppelins \(VV-ZEP-09\)/);
    assert.match(piecePlacementRefusal(s, 'germany', 'zep-11', at('Aachen')) ?? '', /VV-ZEP-09/, 'the opening five are in Aachen');
  });

  it('VB-REIN-16: an Allied flyer in an Allied-held city of France or England in supply; a German flyer in a German city', () => {
    const s = board();
    assert.equal(piecePlacementRefusal(s, 'allies', 'fl-al-1', at('Reims')), undefined);
    assert.equal(piecePlacementRefusal(s, 'allies', 'fl-al-1', at('Birmingham')), undefined);
    const refusal = 'Allied Ether Flyers are placed in a city in France or England (VB-REIN-16)';
    assert.equal(piecePlacementRefusal(s, 'allies', 'fl-al-1', at('Cologne')), refusal);
    assert.equal(piecePlacementRefusal(s, 'allies', 'fl-al-1', at('Épernay')), refusal, 'a town is no city');
    assert.equal(piecePlacementRefusal(s, 'germany', 'fl-de-1', at('Cologne')), undefined);
    assert.equal(
      piecePlacementRefusal(s, 'germany', 'fl-de-1', at('Reims')),
      'German Ether Flyers are placed in a German city (VB-REIN-16)',
    );
    s.control[at('Reims')] = 'germany';
    assert.match(piecePlacementRefusal(s, 'allies', 'fl-al-1', at('Reims')) ?? '', /not held by the Allies \(VB-REIN-16\)/);
    handOver(s, sourceHexesOf('allies'), 'germany');
    assert.match(piecePlacementRefusal(s, 'allies', 'fl-al-1', at('Amiens')) ?? '', /not in supply/);
  });

  it('VV-ETH-06, VB-REIN-16: at most five friendly flyers a hex (the opening F in Paris counts)', () => {
    const s = board();
    const paris = at('Paris');
    for (const id of ['fl-al-1', 'fl-al-2', 'fl-al-3']) placePiece(s, id, paris);
    assert.equal(piecePlacementRefusal(s, 'allies', 'fl-al-4', paris), undefined);
    placePiece(s, 'fl-al-4', paris);
    assert.match(piecePlacementRefusal(s, 'allies', 'fl-al-5', paris) ?? '', /already holds 5 Allied Ether Flyers \(VV-ETH-06\)/);
  });

  it('VB-REIN-17, VV-TANK-02, VV-TANK-07: a Tank only with a friendly infantry unit, where new ground units go, one a hex', () => {
    const s = board();
    const reims = at('Reims');
    const need = `a Tank is placed with a friendly infantry unit, and ${reims} has none (VB-REIN-17, VV-TANK-07)`;
    assert.equal(piecePlacementRefusal(s, 'allies', 'tank-al-1', reims), need);
    put(s, { [frenchCav!]: 'Reims' });
    assert.equal(piecePlacementRefusal(s, 'allies', 'tank-al-1', reims), need, 'cavalry is no infantry');
    put(s, { [frenchInf[0]!]: 'Reims' });
    assert.equal(piecePlacementRefusal(s, 'allies', 'tank-al-1', reims), undefined);
    placePiece(s, 'tank-al-1', reims);
    assert.match(piecePlacementRefusal(s, 'allies', 'tank-al-2', reims) ?? '', /already holds 1 a Tank \(VV-TANK-02\)/);
    const village = [...allHexes()].find((h) => h.nation === 'france' && h.land && !h.city && !h.town && !h.edge)!.id;
    s.units[frenchInf[1]!]!.at = village;
    assert.match(piecePlacementRefusal(s, 'allies', 'tank-al-2', village) ?? '', /ground combat unit could be placed \(VB-REIN-17\)/);
    put(s, { [germanInf!]: 'Cologne' });
    assert.equal(piecePlacementRefusal(s, 'germany', 'tank-de-1', at('Cologne')), undefined);
    assert.match(piecePlacementRefusal(s, 'germany', 'tank-de-1', reims) ?? '', /not held by the Germans/);
  });

  it('VB-REIN-18, VV-AFB-07: the Armored Front Buster in an Allied-held French city in supply', () => {
    const s = board();
    assert.equal(piecePlacementRefusal(s, 'allies', 'afb-1', at('Reims')), undefined);
    const where = 'the Armored Front Buster is placed in a French city (VB-REIN-18, VV-AFB-07)';
    assert.equal(piecePlacementRefusal(s, 'allies', 'afb-1', at('Brussels')), where);
    assert.equal(piecePlacementRefusal(s, 'allies', 'afb-1', at('London')), where);
    assert.equal(piecePlacementRefusal(s, 'allies', 'afb-1', at('Épernay')), where);
    s.control[at('Reims')] = 'germany';
    assert.match(piecePlacementRefusal(s, 'allies', 'afb-1', at('Reims')) ?? '', /not held by the Allies \(VB-REIN-18\)/);
  });

  it('VV-AFB-08, VB-STACK-02, VV-TANK-03: the AFB counts two steps of the six; Tanks and air pieces count nothing', () => {
    const s = board();
    const reims = at('Reims');
    put(s, { [frenchInf[0]!]: 'Reims', [frenchInf[1]!]: 'Reims', [frenchInf[2]!]: 'Reims' });
    assert.match(piecePlacementRefusal(s, 'allies', 'afb-1', reims) ?? '', /is full: the Armored Front Buster counts as a division/);
    s.units[frenchInf[2]!]!.at = 'box';
    placePiece(s, 'afb-1', reims);
    placePiece(s, 'tank-al-1', reims);
    placePiece(s, 'fl-al-1', reims);
    assert.deepEqual(stackingSteps(s, reims, occupancy(s)), { steps: 6, hqs: 0 });
    assert.equal(fits(s, frenchInf[2]!, reims), false, 'a third division no longer fits');
    assert.deepEqual(invariants(s), []);
  });

  it('VB-REIN-04: a piece is placed only from its own side and from the box', () => {
    const s = board();
    assert.equal(piecePlacementRefusal(s, 'allies', 'zep-6', at('Cologne')), 'zep-6 is not Allied');
    assert.equal(piecePlacementRefusal(s, 'germany', 'zep-1', at('Cologne')), 'zep-1 is not in the Available Units box');
    assert.equal(
      piecePlacementRefusal(receivedTo('A', cleared()), 'germany', 'zep-18', at('Cologne')),
      'zep-18 has not come into play yet',
    );
  });
});

const ctxFor = (state: VernianState, seat: 'germany' | 'allies', segment: 'german' | 'allied' | 'strategic', turn = 8) => ({
  state,
  seat,
  step: stepInfo(segment, turn),
});

describe('the place order for pieces', () => {
  it('VB-REIN-15, VB-REIN-04: `place zep-6 at Cologne` in text and JSON, written back; the order refused with its reason', () => {
    const s = board();
    const ctx = ctxFor(s, 'germany', 'german');
    const r = language.parseOrders('place zep-6 at Cologne', ctx);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    assert.deepEqual(r.value.orders[0], { kind: 'place', unit: 'zep-6', hex: at('Cologne') });
    assert.equal(language.formatOrders(r.value), `place zep-6 at ${at('Cologne')} Cologne\n`);
    assert.ok(language.checkOrders({ orders: [{ kind: 'place', unit: 'zep-6', hex: 'Cologne' }] }, ctx).ok);
    const far = language.parseOrders('place zep-6 at Reims', ctx);
    assert.ok(!far.ok);
    assert.deepEqual([far.error[0]!.code, far.error[0]!.message], ['bad-placement', 'Zeppelins are placed in Germany (VB-REIN-15)']);
    const theirs = language.parseOrders('place fl-al-1 at Cologne', ctx);
    assert.ok(!theirs.ok);
    assert.equal(theirs.error[0]!.code, 'not-yours');
  });

  it('a misspelt piece comes back located, with the closest id, in text and JSON', () => {
    const ctx = ctxFor(board(), 'germany', 'german');
    const r = language.parseOrders('# Zeppelins\nplace zep-6x at Cologne', ctx);
    assert.ok(!r.ok);
    assert.deepEqual([r.error[0]!.code, r.error[0]!.line, r.error[0]!.column, r.error[0]!.suggestion], ['unknown-unit', 2, 7, 'zep-6']);
    const j = language.checkOrders({ orders: [{ kind: 'place', unit: 'tank-dee-1', hex: 'Cologne' }] }, ctx);
    assert.ok(!j.ok);
    assert.deepEqual([j.error[0]!.path, j.error[0]!.suggestion], ['$.orders[0].unit', 'tank-de-1']);
  });

  it('VV-ZEP-09: the five-a-hex limit holds across the orders of one New Units Phase', () => {
    const ctx = ctxFor(board(), 'germany', 'german');
    const lines = ['zep-6', 'zep-7', 'zep-8', 'zep-9', 'zep-10', 'zep-11'].map((z) => `place ${z} at Cologne`).join('\n');
    const r = language.parseOrders(lines, ctx);
    assert.ok(!r.ok);
    assert.equal(r.error.length, 1);
    assert.equal(r.error[0]!.line, 6);
    assert.match(r.error[0]!.message, /VV-ZEP-09/);
  });

  it('VB-REIN-15..18: the legal actions offer the pieces in the box, and each one offered is admitted', () => {
    const s = board();
    put(s, { [frenchInf[0]!]: 'Reims', [germanInf!]: 'Cologne' });
    for (const [seat, segment] of [
      ['germany', 'german'],
      ['allies', 'allied'],
    ] as const) {
      const ctx = ctxFor(s, seat, segment);
      const last = (a: { next: { orders: readonly unknown[] } }) => a.next.orders.at(-1) as { kind: string; unit: string };
      const offered = language.legalActions({ orders: [] }, ctx).filter((a) => last(a).kind === 'place' && s.pieces[last(a).unit]);
      const kinds = new Set(offered.map((a) => last(a).unit.replace(/-\d+$/, '')));
      assert.deepEqual([...kinds].sort(), seat === 'germany' ? ['fl-de', 'tank-de', 'zep'] : ['afb', 'fl-al', 'tank-al']);
      for (const a of offered) assert.ok(language.checkOrders(a.next, ctx).ok, a.label);
    }
  });
});

describe('pieces in play', () => {
  it('VV-REIN-04..05, VB-REIN-15: the Strategic Turn reports the arrivals; a placed Zeppelin is reported and shown in its box', () => {
    let game = newGame();
    game = playStep(game); // set-up
    game = playStep(game); // Strategic Turn A
    const strategic = game.record.steps.at(-1)!;
    const arrived = strategic.events.find((e) => e.type === 'pieces-arrived')!;
    assert.match(describeEvent(arrived) ?? '', /Allied F-type Ether Flyer \(fl-al-1\).*Zeppelin 0-3-3 \(zep-6\)/);
    const box = describeState(game.position.state, 'germany')[0]!;
    assert.ok(box.lines?.includes('Zeppelin 0-3-3 (zep-6)'));
    game = playStep(game, { germany: 'place zep-6 at Cologne' });
    const placed = game.record.steps.at(-1)!.events.find((e) => e.type === 'piece-placed')!;
    assert.equal(describeEvent(placed), `Zeppelin 0-3-3 (zep-6) is placed in ${at('Cologne')} Cologne.`);
    assert.equal(game.position.state.pieces['zep-6']!.at, at('Cologne'));
  });

  it('the map picture draws the pieces as small counters in their side colour, with their count and names', () => {
    const s = board();
    placePiece(s, 'afb-1', at('Reims'));
    const west = vernianMap.draw(s as unknown as Json, { title: 'pieces', sheet: 'west' });
    assert.ok(west.ok);
    const tokens = [...west.value.matchAll(/<g class="token"><title>([^<]*)<\/title>.*?>([^<>]+)<\/text><\/g>/g)].map((m) => [m[2], m[1]]);
    assert.deepEqual(tokens.find(([text]) => text === '5Z')?.[1]?.split('\n')[0], 'Zeppelin 0-3-3 (zep-1)');
    assert.ok(tokens.some(([text, title]) => text === 'F' && title === 'French F-type Ether Flyer (fl-fr-1)'));
    assert.ok(tokens.some(([text, title]) => text === 'AFB' && title === 'Armored Front Buster (afb-1)'));
    const england = vernianMap.draw(s as unknown as Json, { title: 'pieces', sheet: 'england' });
    assert.ok(england.ok && england.value.includes('British F-type Ether Flyer (fl-gb-1)'));
  });

  it(`VB-TURN-01, ${PIECE_ROWS}, VB-REIN-15..19: random play through every Strategic Turn creates each piece once`, () => {
    const broken: string[] = [];
    const result = autoplay(vernian, {
      seed: 'vernian-pieces',
      turns: 21,
      onStep: (game) => broken.push(...invariants(game.position.state as unknown as VernianState)),
    });
    assert.deepEqual(broken, []);
    const record = result.game.record;
    const events = record.steps.flatMap((s) => s.events);
    const arrived = events.filter((e) => e.type === 'pieces-arrived').flatMap((e) => e['pieces'] as string[]);
    const scheduled = [...allPieces()].filter((p) => p.arrives !== 'setup').map((p) => p.id);
    assert.deepEqual([...arrived].sort(), [...scheduled].sort(), 'each scheduled piece arrives once');
    const state = result.game.position.state as unknown as VernianState;
    assert.deepEqual(Object.keys(state.pieces).sort(), [...allPieces()].map((p) => p.id).sort());
    assert.equal(events.filter((e) => e.type === 'piece-flipped').length, 1 + 2 + 3 + 3 + 3);
    assert.ok(
      events.some((e) => e.type === 'piece-placed'),
      'random play places pieces',
    );
    const check = replay(vernian, record);
    assert.ok(check.ok, JSON.stringify(check.mismatch));
  });
});
