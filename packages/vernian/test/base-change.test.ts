import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { takeControl } from '../src/base/positions.js';
import { flightDistance } from '../src/air/flight.js';
import { barredHexes } from '../src/air/air-rules.js';
import { vernian } from '../src/index.js';
import { jsonProblems, orders, problems } from './combat-helpers.js';
import {
  AACHEN,
  addPiece,
  airBoard,
  COLOGNE,
  events,
  LIEGE,
  PARIS,
  play,
  playList,
  SEVEN_FROM_AACHEN,
  SIX_FROM_AACHEN,
} from './air-moves.js';

/**
 * The Base Change Phases: Zeppelins and German flyers in the German one, Allied flyers in the Allied one; the flyers
 * that must leave a base no longer legal; the Storm's escape rolls.
 */

const messages = (p: readonly { message: string }[]) => p.map((x) => x.message).join(' | ');

describe('a Zeppelin changes base', () => {
  it('VV-SEQ-03, VV-ZEP-13, VV-ZEP-16, VV-ZEP-17, VV-ZEP-19: up to six hexes, to a hex that could trace Attack Supply overland', () => {
    const s = airBoard();
    assert.deepEqual(problems(s, 'germany', `rebase zep-1 to ${SIX_FROM_AACHEN}`), []);
    assert.match(messages(problems(s, 'germany', `rebase zep-1 to ${SEVEN_FROM_AACHEN}`)), /beyond the 6 hexes.*VV-ZEP-16/);
    // Liege is Belgian and traces nothing overland to the Germans: the Zeppelins' own supply does not count (VV-ZEP-19).
    assert.match(messages(problems(s, 'germany', `rebase zep-1 to ${LIEGE}`)), /VV-ZEP-17, VV-ZEP-19/);
    const ctx = play(s, 'germany', 'german-air-base', `rebase zep-1 to ${SIX_FROM_AACHEN}\nrebase Zeppelin 2 to Cologne`);
    assert.equal(s.pieces['zep-1']!.at, SIX_FROM_AACHEN);
    assert.equal(s.pieces['zep-2']!.at, COLOGNE);
    assert.equal(s.pieces['zep-3']!.at, AACHEN);
    assert.deepEqual(s.air.flown, [SIX_FROM_AACHEN, COLOGNE].sort());
    assert.equal(events(ctx, 'rebased').length, 2);
    assert.match(vernian.describeEvent!(events(ctx, 'rebased')[1]!) ?? '', /changes base from W8707 Aachen to W9106 Cologne/);
  });

  it('VV-ZEP-18: a base change may not end where an enemy unit is', () => {
    const s = airBoard();
    s.units['fr-14']!.at = COLOGNE;
    assert.match(messages(problems(s, 'germany', 'rebase zep-1 to Cologne')), /no enemy unit \(VV-ZEP-18\)/);
  });

  it('VV-ZEP-20, VV-ZEP-32: a Zeppelin with no legal base in range stays where it is, as long as it likes', () => {
    const s = airBoard();
    s.pieces['zep-1']!.at = 'W7820';
    play(s, 'germany', 'german-air-base');
    assert.equal(s.pieces['zep-1']!.at, 'W7820');
    assert.match(messages(problems(s, 'germany', 'rebase zep-1 to W7821')), /VV-ZEP-17/);
  });

  it('VV-ZEP-09: five Zeppelins a hex at most', () => {
    const s = airBoard();
    for (const id of ['zep-1', 'zep-2', 'zep-3', 'zep-4', 'zep-5']) s.pieces[id]!.at = COLOGNE;
    addPiece(s, 'zep-6', AACHEN);
    assert.match(messages(problems(s, 'germany', 'rebase zep-6 to Cologne')), /five Zeppelins \(VV-ZEP-09\)/);
  });

  it('the order names pieces by id or plainly, and bad names and fields come back located', () => {
    const s = airBoard();
    const p = problems(s, 'germany', 'rebase zep-77 to Cologne');
    assert.equal(p[0]?.code, 'unknown-piece');
    assert.equal(p[0]?.column, 8);
    const hex = problems(s, 'germany', 'rebase zep-1 to Colgne');
    assert.equal(hex[0]?.code, 'unknown-hex');
    assert.equal(hex[0]?.column, 17);
    const j = jsonProblems(s, 'germany', { orders: [{ kind: 'rebase', piece: 'zep-1', to: 'Cologne', via: [] }] });
    assert.equal(j[0]?.path, '$.orders[0].via');
    assert.deepEqual(jsonProblems(s, 'germany', { orders: [{ kind: 'rebase', piece: 'Zeppelin 1', to: 'Cologne' }] }), []);
    assert.match(messages(problems(s, 'allies', 'rebase zep-1 to Cologne', 'allied')), /not yours/);
    assert.match(messages(problems(s, 'germany', 'rebase zep-1 to Cologne', 'allied')), /own Base Change Phase/);
  });
});

describe('Ether Flyers change base', () => {
  it('VV-SEQ-12, VV-ETH-07, VV-ETH-08, VV-ETH-09: an Allied flyer flies six hexes to a friendly hex in Attack Supply', () => {
    const s = airBoard();
    const near = 'W7422';
    assert.equal(flightDistance(PARIS, near, 6), 5);
    assert.deepEqual(problems(s, 'allies', `rebase fl-fr-1 to ${near}`, 'allied'), []);
    assert.match(messages(problems(s, 'allies', 'rebase fl-fr-1 to W7820', 'allied')), /beyond the 6 hexes.*VV-ETH-09/);
    takeControl(s, near, 'germany');
    assert.match(messages(problems(s, 'allies', `rebase fl-fr-1 to ${near}`, 'allied')), /friendly hex.*VV-ETH-08/);
    takeControl(s, near, 'allies');
    play(s, 'allies', 'allied-air-base', `rebase French flyer 1 to ${near}`);
    assert.equal(s.pieces['fl-fr-1']!.at, near);
  });

  it('AMB-38, D-AMB-38, VV-SEQ-03: German flyers change base in the German phase under the same rules', () => {
    const s = airBoard();
    addPiece(s, 'fl-de-1', AACHEN);
    assert.match(messages(problems(s, 'germany', `rebase fl-de-1 to ${LIEGE}`)), /friendly hex.*VV-ETH-08/);
    play(s, 'germany', 'german-air-base', 'rebase German flyer 1 to Cologne');
    assert.equal(s.pieces['fl-de-1']!.at, COLOGNE);
  });

  it('VV-ETH-10, AMB-40, D-AMB-40: a flyer whose base is no longer legal flies to the nearest legal base, else it is destroyed', () => {
    const s = airBoard();
    // The French flyer's Paris hex taken by the Germans: it must go, to the nearest friendly base in supply.
    takeControl(s, PARIS, 'germany');
    s.pieces['fl-gb-1']!.at = 'W9101';
    const ctx = play(s, 'allies', 'allied-air-base');
    assert.notEqual(s.pieces['fl-fr-1']!.at, PARIS);
    assert.equal(flightDistance(PARIS, s.pieces['fl-fr-1']!.at as string, 1), 1, 'a neighbour of Paris is nearest');
    assert.equal(s.pieces['fl-gb-1']!.at, 'out', 'no Allied base within six hexes of Essen');
    assert.equal(events(ctx, 'flyer-lost').length, 1);
    assert.match(vernian.describeEvent!(events(ctx, 'flyer-rebased')[0]!) ?? '', /flies to the nearest/);
  });
});

describe('Storms and generators', () => {
  it('VV-WCPD-15, AMB-60, D-AMB-60: an air piece may not enter a Storm hex, nor fly through one', () => {
    const s = airBoard();
    s.inventions.wcpd = 1;
    s.inventions.storms = [COLOGNE];
    assert.match(messages(problems(s, 'germany', 'rebase zep-1 to Cologne')), /may not enter a Storm hex.*VV-WCPD-15/);
    assert.ok(barredHexes(s, 'germany', 'zeppelin').has(COLOGNE));
  });

  it('VV-VDG-12: Allied flyers may not enter a generator hex; German pieces may', () => {
    const s = airBoard();
    s.inventions.vdg = 1;
    s.inventions.generators = [COLOGNE];
    s.pieces['fl-fr-1']!.at = 'W8616';
    takeControl(s, 'W8616', 'allies');
    assert.match(messages(problems(s, 'allies', 'rebase fl-fr-1 to Cologne', 'allied')), /Van der Graaf Generator \(VV-VDG-12\)/);
    assert.ok(barredHexes(s, 'allies', 'flyer').has(COLOGNE));
    assert.ok(!barredHexes(s, 'germany', 'flyer').has(COLOGNE));
    assert.deepEqual(problems(s, 'germany', 'rebase zep-1 to Cologne'), []);
  });

  it('VV-WCPD-16, VV-WCPD-17, VV-WCPD-18, AMB-56, AMB-69: each air piece in a Storm rolls to escape in the Base Change Phase', () => {
    const s = airBoard();
    s.inventions.wcpd = 1;
    s.inventions.storms = [AACHEN];
    // Given before the roll, the orders are admitted; the phase rolls zep-1 to zep-5 in order: 2, 5, 1, 6, 3.
    const text = 'rebase zep-1 to Cologne\nrebase zep-2 to Cologne\nsortie zep-4 to W8713\nsortie zep-3 to W8713';
    const list = orders(s, 'germany', text, 2);
    const ctx = playList(s, 'germany', ['german-air-base'], list, [2, 5, 1, 6, 3]);
    assert.deepEqual(
      events(ctx, 'storm-escape').map((e) => [e['piece'], e['escaped']]),
      [
        ['zep-1', true],
        ['zep-2', false],
        ['zep-3', true],
        ['zep-4', false],
        ['zep-5', false],
      ],
    );
    assert.equal(s.pieces['zep-1']!.at, COLOGNE);
    assert.equal(s.pieces['zep-2']!.at, AACHEN);
    assert.match(String(events(ctx, 'rebase-cancelled')[0]!['why']), /VV-WCPD-18/);
    assert.match(vernian.describeEvent!(events(ctx, 'storm-escape')[1]!) ?? '', /rolls 5 and stays in the Storm/);
    // Sortie: zep-3 escaped without changing base and may sortie (AMB-69); zep-4 failed and may not.
    const sortie = playList(s, 'germany', ['german-sortie'], list);
    assert.equal(s.pieces['zep-3']!.at, 'W8713');
    assert.equal(s.pieces['zep-4']!.at, AACHEN);
    assert.match(String(events(sortie, 'sortie-cancelled')[0]!['why']), /Storm holds.*VV-WCPD-18/);
    // The marks of escape come off with the Storms at the end of the Operational Turn.
    play(s, 'allies', 'allied-attrition');
    assert.equal(s.pieces['zep-1']!.escaped, undefined);
    assert.deepEqual(s.inventions.storms, []);
  });
});
