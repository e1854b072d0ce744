import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { controller } from '../src/base/positions.js';
import { flightDistance } from '../src/air/flight.js';
import { passengerInvariants } from '../src/air/zeppelins.js';
import { GERMAN_PHASES } from '../src/turn/plan.js';
import { invariants } from '../src/turn/invariants.js';
import { replay, type Json } from '@umpire/engine';
import { vernianMap } from '../src/tools/map.js';
import { vernian } from '../src/index.js';
import { newGame, playStep } from './fixtures.js';
import { jsonProblems, orders, ordersContext, problems } from './combat-helpers.js';
import { AACHEN, addPiece, airBoard, COLOGNE, crackAt, DOVER, events, play, playList, TROOPS } from './air-moves.js';

/**
 * Airmobile Crack Troops and the Zeppelins' Sortie: embarkation, the sortie's range and ends, the landing in the Ground
 * Movement and Disembarkation Phase, the Channel, displacement of Ether Flyers by enemy ground units.
 */

const messages = (p: readonly { message: string }[]) => p.map((x) => x.message).join(' | ');
const TROOP = TROOPS[0];
/** A Belgian hex six flight hexes from Aachen; W8313 is seven away. */
const BELGIAN_SIX = 'W8412';

describe('embarkation', () => {
  it('VV-ZEP-21, VV-ZEP-22, VV-ZEP-23, VV-CRACK-08, VV-TANK-09, VV-SEQ-04: one Crack Troop of its own hex, and nothing else', () => {
    const s = crackAt(airBoard(), TROOP, AACHEN);
    crackAt(s, TROOPS[1], AACHEN);
    s.units['de-3']!.at = AACHEN;
    addPiece(s, 'tank-de-1', AACHEN);
    crackAt(s, TROOPS[2], COLOGNE);
    assert.deepEqual(problems(s, 'germany', `embark ${TROOP} on zep-1`), []);
    assert.match(messages(problems(s, 'germany', `embark ${TROOP} on zep-1\nembark ${TROOPS[1]} on zep-1`)), /VV-ZEP-22/);
    assert.match(messages(problems(s, 'germany', 'embark de-3 on zep-1')), /only Crack Troops are airmobile \(VV-CRACK-08, VV-ZEP-23\)/);
    assert.match(messages(problems(s, 'germany', 'embark tank-de-1 on zep-1')), /cannot carry Tanks \(VV-TANK-09\)/);
    assert.match(messages(problems(s, 'germany', `embark ${TROOPS[2]} on zep-1`)), /not in the hex of .*\(VV-ZEP-21\)/);
    assert.match(messages(problems(s, 'allies', `embark ${TROOP} on zep-1`, 'allied')), /only German Zeppelins/);
    // A base change first: the troop in Cologne boards the Zeppelin that flew there.
    assert.deepEqual(problems(s, 'germany', `rebase zep-2 to Cologne\nembark ${TROOPS[2]} on zep-2`), []);
    const ctx = play(s, 'germany', 'german-embarkation', `embark ${TROOP} on zep-1`);
    assert.equal(s.pieces['zep-1']!.carrying, TROOP);
    assert.equal(s.units[TROOP]!.at, AACHEN);
    assert.match(vernian.describeEvent!(events(ctx, 'embarked')[0]!) ?? '', /boards Zeppelin 0-3-3 \(zep-1\) in W8707 Aachen/);
    const j = jsonProblems(s, 'germany', { orders: [{ kind: 'embark', troop: TROOP, zeppelin: 'zep-99' }] });
    assert.equal(j[0]?.path, '$.orders[0].zeppelin');
  });
});

describe('the Sortie', () => {
  it('VV-SEQ-05, VV-ZEP-25..27, VV-ZEP-31: double the third number, onto enemy units if it likes, and it stays there', () => {
    const s = airBoard();
    s.units['fr-14']!.at = BELGIAN_SIX;
    assert.equal(flightDistance(AACHEN, BELGIAN_SIX, 6), 6);
    assert.deepEqual(problems(s, 'germany', `sortie zep-1 to ${BELGIAN_SIX}`), []);
    assert.match(messages(problems(s, 'germany', 'sortie zep-1 to W8313')), /beyond the 6 hexes.*VV-ZEP-26/);
    addPiece(s, 'zep-11', AACHEN);
    assert.equal(s.pieces['zep-11']!.type, 'zeppelin-0-3-4');
    assert.deepEqual(problems(s, 'germany', 'sortie zep-11 to W8313'), [], 'a 0-3-4 sorties eight hexes');
    assert.match(messages(problems(s, 'germany', 'sortie zep-1 to W7005')), /beyond the 6 hexes/);
    assert.match(messages(problems(s, 'germany', `sortie zep-1 to ${BELGIAN_SIX}\nsortie zep-1 to Cologne`)), /once a turn/);
    const ctx = play(s, 'germany', 'german-sortie', `sortie zep-1 to ${BELGIAN_SIX}`);
    assert.equal(s.pieces['zep-1']!.at, BELGIAN_SIX);
    assert.deepEqual(s.air.flown, [BELGIAN_SIX]);
    assert.match(vernian.describeEvent!(events(ctx, 'sortie')[0]!) ?? '', /sorties from W8707 Aachen to W8412/);
    // It does not return to base: the next Base Change Phase leaves it there (VV-ZEP-31, VV-ZEP-32).
    play(s, 'germany', 'german-air-base');
    assert.equal(s.pieces['zep-1']!.at, BELGIAN_SIX);
  });

  it('VV-ZEP-15: a Sortie never ends over water', () => {
    const s = airBoard();
    s.pieces['zep-1']!.at = 'W7005';
    assert.match(messages(problems(s, 'germany', 'sortie zep-1 to W7004')), /never ends a move over water \(VV-ZEP-15\)/);
  });

  it('VV-ZEP-28, VV-ZEP-30, AMB-30, D-AMB-30: a Zeppelin with a passenger may not end on any enemy unit, even a lone HQ', () => {
    const s = crackAt(airBoard(), TROOP, AACHEN);
    s.units['fr-a1']!.at = BELGIAN_SIX;
    assert.equal(problems(s, 'germany', `sortie zep-1 to ${BELGIAN_SIX}`).length, 0, 'empty of passengers it may');
    assert.match(
      messages(problems(s, 'germany', `embark ${TROOP} on zep-1\nsortie zep-1 to ${BELGIAN_SIX}`)),
      /carries .* may not end its Sortie where an enemy unit is.*VV-ZEP-28, VV-ZEP-30/,
    );
  });

  it('AMB-33, D-AMB-33: a passenger may not be flown where it would overstack', () => {
    const s = crackAt(airBoard(), TROOP, AACHEN);
    for (const id of ['de-3', 'de-4', 'de-5']) s.units[id]!.at = COLOGNE;
    assert.match(messages(problems(s, 'germany', `embark ${TROOP} on zep-1\nsortie zep-1 to Cologne`)), /over six steps.*D-AMB-33/);
  });

  it('VV-ZEP-36, VV-ZEP-37, VV-ZEP-38, VV-ENG-01, AMB-14, D-AMB-14: across the Channel, never carrying a troop out of England', () => {
    const s = crackAt(airBoard(), TROOP, 'W7005');
    s.pieces['zep-1']!.at = 'W7005';
    crackAt(s, TROOPS[1], DOVER);
    s.pieces['zep-2']!.at = DOVER;
    assert.deepEqual(problems(s, 'germany', `embark ${TROOP} on zep-1\nsortie zep-1 to Dover`), [], 'into England is allowed');
    assert.deepEqual(problems(s, 'germany', 'sortie zep-2 to W7005'), [], 'a Zeppelin crosses freely');
    assert.match(messages(problems(s, 'germany', `embark ${TROOPS[1]} on zep-2\nsortie zep-2 to W7005`)), /out of England.*VV-ENG-01/);
    play(s, 'germany', 'german-sortie', 'sortie zep-2 to W7005');
    assert.equal(s.pieces['zep-2']!.at, 'W7005');
  });
});

describe('a whole German player-turn with a flown Crack Troop', () => {
  it('VV-SEQ-03..05, VV-SEQ-07, VV-ZEP-11, VV-ZEP-13, VV-ZEP-14, VV-ZEP-24, VV-ZEP-33..35: the troop lands, no other move', () => {
    const s = crackAt(airBoard(), TROOP, AACHEN);
    s.units['de-3']!.at = AACHEN;
    assert.equal(controller(s, BELGIAN_SIX), 'allies');
    const text = `rebase zep-1 to Cologne\nrebase zep-2 to Cologne\nembark ${TROOP} on zep-3\nsortie zep-3 to ${BELGIAN_SIX}`;
    assert.match(messages(problems(s, 'germany', `${text}\nmove ${TROOP} to W8708`)), /flown by Zeppelin.*VV-ZEP-35/);
    const list = orders(s, 'germany', `${text}\nmove de-3 to W8708`, 2);
    const before = playList(s, 'germany', ['german-air-base', 'german-embarkation', 'german-sortie'], list);
    // In the air: both moves of the Zeppelins came before ground movement (VV-ZEP-13, VV-ZEP-14).
    assert.deepEqual(
      before.events.map((e) => e.type),
      ['rebased', 'rebased', 'embarked', 'sortie'],
    );
    assert.equal(s.pieces['zep-3']!.carrying, TROOP);
    assert.equal(s.units[TROOP]!.at, BELGIAN_SIX, 'the passenger goes with its Zeppelin');
    const west = vernianMap.draw(s as unknown as Json, { title: 'flown', sheet: 'west' });
    assert.ok(west.ok);
    assert.match(west.value, /Zeppelin 0-3-3 \(zep-3\) carrying [^<]*<\/title>.*?>Z\+<\/text>/);
    const rest = GERMAN_PHASES.slice(GERMAN_PHASES.indexOf('german-interception'));
    const after = playList(s, 'germany', rest, list, Array(20).fill(6));
    assert.equal(s.pieces['zep-3']!.carrying, undefined);
    assert.equal(s.units[TROOP]!.at, BELGIAN_SIX);
    assert.equal(s.units['de-3']!.at, 'W8708');
    assert.equal(controller(s, BELGIAN_SIX), 'germany', 'landing takes the hex');
    assert.match(vernian.describeEvent!(events(after, 'landed')[0]!) ?? '', /lands from Zeppelin 0-3-3 \(zep-3\) in W8412/);
    assert.deepEqual(passengerInvariants(s), []);
  });

  it('VV-ZEP-11: the invariant catches a passenger left in the air at the end of a step', () => {
    const s = crackAt(airBoard(), TROOP, AACHEN);
    s.pieces['zep-1']!.carrying = TROOP;
    assert.match(invariants(s).join(' '), /zep-1 still carries de-lw1/);
  });

  it('legalActions offers air orders the order check admits', () => {
    const s = crackAt(airBoard(), TROOP, AACHEN);
    const ctx = ordersContext(s, 'germany', 2);
    const actions = vernian.legalActions!({ orders: [] }, ctx);
    const kinds = new Set(actions.map((a) => (a.next as { orders: { kind: string }[] }).orders.at(-1)!.kind));
    for (const k of ['rebase', 'embark', 'sortie']) assert.ok(kinds.has(k), k);
    for (const a of actions) assert.ok(vernian.checkOrders(a.next, ctx).ok, a.label);
  });
});

describe('Ether Flyers and enemy ground units', () => {
  it('VV-ETH-11, VV-ETH-12, VV-ZEP-01: an enemy ground unit entering a flyer hex displaces it to the nearest base; Zeppelins stay', () => {
    const s = airBoard();
    const hex = 'W7422';
    s.pieces['fl-fr-1']!.at = hex;
    s.pieces['zep-1']!.at = hex;
    s.units['de-3']!.at = 'W7522';
    const ctx = play(s, 'germany', 'german-movement', `move de-3 to ${hex}`);
    assert.equal(s.units['de-3']!.at, hex);
    const to = s.pieces['fl-fr-1']!.at as string;
    assert.notEqual(to, hex);
    assert.ok((flightDistance(hex, to, 6) ?? 99) <= 6);
    assert.equal(s.pieces['zep-1']!.at, hex, 'Zeppelins are never affected by enemy ground units');
    assert.match(vernian.describeEvent!(events(ctx, 'flyer-displaced')[0]!) ?? '', /displaces to/);
    // A flyer in the air on a Mission is not on the ground: it stays.
    s.pieces['fl-gb-1']!.at = hex;
    s.air.missions['fl-gb-1'] = { kind: 'interdict', hex };
    play(s, 'germany', 'german-combat');
    assert.equal(s.pieces['fl-gb-1']!.at, hex);
    // With no legal base in reach the flyer is destroyed (VV-ETH-12).
    addPiece(s, 'fl-al-1', 'W9101');
    s.units['de-4']!.at = 'W9101';
    play(s, 'germany', 'german-combat');
    assert.equal(s.pieces['fl-al-1']!.at, 'out');
  });

  it('VV-WCPD-19: a flyer overrun in a Storm hex is destroyed, not displaced', () => {
    const s = airBoard();
    s.inventions.wcpd = 1;
    s.inventions.storms = [PARIS_NEIGHBOUR];
    s.pieces['fl-fr-1']!.at = PARIS_NEIGHBOUR;
    s.units['de-3']!.at = PARIS_NEIGHBOUR;
    const ctx = play(s, 'germany', 'german-combat');
    assert.equal(s.pieces['fl-fr-1']!.at, 'out');
    assert.match(String(events(ctx, 'flyer-lost')[0]!['why']), /VV-WCPD-19/);
  });
});

const PARIS_NEIGHBOUR = 'W6922';

describe('what Zeppelins never do', () => {
  it('VV-ZEP-02..05, VV-ZEP-10: no attack, no advance, no hindrance to enemy troops, a stacking of their own', () => {
    const s = airBoard();
    s.units['fr-14']!.at = 'W8708';
    // A Zeppelin is no ground combat unit: it is named in no attack or advance (VV-ZEP-03, VV-ZEP-04).
    const refused = problems(s, 'germany', 'attack W8708 with zep-1')[0];
    assert.equal(refused?.code, 'no-attack');
    assert.match(refused?.message ?? '', /never attacks/);
    // An Allied unit moves into the Zeppelins' hex: nothing stops it, and the Zeppelins are neither hit nor moved (VV-ZEP-02, VV-ZEP-05).
    assert.deepEqual(problems(s, 'allies', `move fr-14 to ${AACHEN}`, 'allied'), []);
    play(s, 'allies', 'allied-movement', `move fr-14 to ${AACHEN}`);
    assert.equal(s.units['fr-14']!.at, AACHEN);
    assert.deepEqual(
      ['zep-1', 'zep-2', 'zep-3', 'zep-4', 'zep-5'].map((id) => s.pieces[id]!.at),
      Array(5).fill(AACHEN),
    );
    // Five Zeppelins and six steps of ground units share a hex: neither limit counts the other (VV-ZEP-10).
    const t = airBoard();
    for (const id of ['de-3', 'de-4', 'de-5']) t.units[id]!.at = AACHEN;
    const ctx = play(t, 'germany', 'german-movement');
    assert.equal(events(ctx, 'step-lost').length, 0);
    assert.deepEqual(
      ['de-3', 'de-4', 'de-5'].map((id) => [t.units[id]!.at, t.units[id]!.steps]),
      Array(3).fill([AACHEN, 2]),
    );
  });
});

describe('air orders through the game steps', () => {
  it('VV-SEQ-03, VV-SEQ-05, VV-SEQ-12, VV-ZEP-13: the orders of a player-turn rebase and sortie in its phases; it replays', () => {
    let game = newGame();
    game = playStep(game); // set-up
    game = playStep(game); // Strategic Turn A
    game = playStep(game, { germany: 'rebase zep-1 to Cologne\nsortie zep-2 to W8412' });
    const s = game.position.state;
    assert.equal(s.pieces['zep-1']!.at, COLOGNE);
    assert.equal(s.pieces['zep-2']!.at, 'W8412');
    assert.deepEqual(s.air.flown, [COLOGNE, 'W8412'].sort());
    game = playStep(game, { allies: 'rebase fl-fr-1 to W7422' });
    assert.equal(game.position.state.pieces['fl-fr-1']!.at, 'W7422');
    assert.deepEqual(game.position.state.air.flown, ['W7422'], 'the Allied player-turn starts its own list');
    const check = replay(vernian, game.record);
    assert.ok(check.ok, JSON.stringify(check.mismatch));
  });
});
