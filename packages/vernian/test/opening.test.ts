import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gridDistance } from '@umpire/engine';
import { hexBoard, piecesData } from '../src/data/files.js';
import { allHexes, findHex, hexesNamed, hexFacts } from '../src/base/hexes.js';
import { controller, occupancy, stackingSteps } from '../src/base/positions.js';
import { turnDate, turnTitle, lastOperationalTurn } from '../src/base/calendar.js';
import { allUnits, unitInfo } from '../src/base/units.js';
import { openingState } from '../src/arrivals/opening.js';
import { setupGroup } from '../src/arrivals/setup-rules.js';
import { isOnMap } from '../src/base/state.js';
import { at } from './fixtures.js';

const opening = openingState();
const occ = occupancy(opening);
const placed = (pred: (id: string) => boolean) => Object.keys(opening.units).filter((id) => pred(id) && isOnMap(opening.units[id]!.at));

describe('the calendar', () => {
  it('VB-TURN-03..04, VV-GEN-19..20: three weekly Operational Turns to a Strategic Turn, from 4 May 1914', () => {
    assert.deepEqual(
      [1, 3, 4, 21].map((t) => turnDate(t).strategic),
      ['A', 'A', 'B', 'G'],
    );
    assert.equal(turnDate(1).monday, '1914-05-04');
    assert.equal(turnDate(2).monday, '1914-05-11');
    assert.equal(turnDate(21).monday, '1914-09-21');
    assert.equal(turnTitle(1), 'Strategic Turn A, Operational Turn 1: the week of 4 May 1914');
  });

  it('VV-GEN-05, VB-TURN-01: seven Strategic Turns, A to G, are played (21 Operational Turns); H is never reached', () => {
    assert.equal(lastOperationalTurn(), 21);
  });
});

describe('the maps and places', () => {
  it('VB-MAP-02, VB-MAP-09: hex ids like W7005 and B1613; W7005 is linked to Dover across the Channel', () => {
    assert.equal(findHex('w7005').ok, true);
    const dover = findHex('Dover');
    assert.ok(dover.ok);
    assert.ok(hexBoard().crossing('W7005', dover.hex)?.link, 'the Channel link');
  });

  it('VB-MAP-07, VV-WIN-07: no board-edge hex is a city', () => {
    for (const h of allHexes()) if (h.edge) assert.equal(h.city, false, h.id);
  });

  it('VB-MAP-13, VV-SETUP-E-10: London, its six neighbours and Birmingham are cities; Paris has three hexes', () => {
    const london = findHex('London');
    assert.ok(london.ok);
    const around = hexBoard()
      .neighbours(london.hex)
      .map((c) => c.to)
      .filter((id) => hexFacts(id)?.map === 'B');
    assert.equal(around.length, 6);
    for (const id of [london.hex, ...around]) assert.equal(hexFacts(id)?.city, true, id);
    assert.equal(hexFacts(findHex('Birmingham').ok ? (findHex('Birmingham') as { hex: string }).hex : '')?.city, true);
    assert.equal(hexesNamed('Paris').length, 3);
  });

  it('names: a place name finds its hex, accents optional; a misspelt one suggests the closest', () => {
    const liege = findHex('Liege');
    assert.ok(liege.ok);
    assert.equal(hexFacts(liege.hex)?.name, 'Liège');
    const bad = findHex('Verdum');
    assert.ok(!bad.ok);
    assert.equal(bad.suggestion, 'Verdun');
  });
});

describe('the opening set-up by default', () => {
  it('VB-CTRL-01: the Germans hold Germany and Luxembourg, the Allies France, Belgium and England', () => {
    assert.equal(controller(opening, findHex('Metz').ok ? (findHex('Metz') as { hex: string }).hex : ''), 'germany');
    assert.equal(controller(opening, (findHex('Paris') as { hex: string }).hex), 'allies');
    assert.equal(controller(opening, (findHex('Brussels') as { hex: string }).hex), 'allies');
    assert.equal(controller(opening, (findHex('Luxembourg') as { hex: string }).hex), 'germany');
  });

  it('VB-SETUP-05, VB-STACK-01: every unit that starts on a map is placed, no hex over six steps and one HQ', () => {
    for (const u of allUnits()) if (setupGroup(u)) assert.ok(isOnMap(opening.units[u.id]!.at), `${u.id} is placed`);
    for (const hex of occ.keys()) {
      const { steps, hqs } = stackingSteps(opening, hex, occ);
      assert.ok(steps <= 6 && hqs <= 1, `${hex}: ${steps} steps, ${hqs} HQs`);
    }
  });

  it('VV-SETUP-W-03, VV-SETUP-W-04: one Belgian unit in each Belgian city but Liège; the Belgian HQ in Mons', () => {
    const belgians = placed((id) => unitInfo(id).nation === 'belgium' && !unitInfo(id).hq);
    const hexes = belgians.map((id) => opening.units[id]!.at);
    assert.equal(new Set(hexes).size, hexes.length, 'one a city');
    for (const hex of hexes) assert.ok(hexFacts(hex)?.nation === 'belgium' && hexFacts(hex)?.city && hexFacts(hex)?.name !== 'Liège', hex);
    const hq = placed((id) => unitInfo(id).nation === 'belgium' && unitInfo(id).hq);
    assert.deepEqual(
      hq.map((id) => hexFacts(opening.units[id]!.at)?.name),
      ['Mons'],
    );
  });

  it('VV-SETUP-W-05: no French unit sets up in Belgium', () => {
    for (const id of placed((i) => unitInfo(i).nation === 'france'))
      assert.notEqual(hexFacts(opening.units[id]!.at)?.nation, 'belgium', id);
  });

  it('VV-SETUP-W-06, VV-SETUP-W-07: French units coded G or later set up in France, one to a French city hex that was empty', () => {
    const late = [...allUnits()].filter((u) => setupGroup(u) === 'french-late');
    assert.ok(late.length > 0);
    for (const u of late) {
      const hex = opening.units[u.id]!.at;
      assert.ok(hexFacts(hex)?.nation === 'france' && hexFacts(hex)?.city, `${u.id} in ${hex}`);
      assert.deepEqual(occ.get(hex), [u.id], `${hex} holds only ${u.id}`);
    }
  });

  it('VV-SETUP-E-01..05: British code-K units in English towns and cities, one a hex, 4+ hexes apart (HQs exempt)', () => {
    const british = [...allUnits()].filter((u) => u.nation === 'britain' && hexFacts(opening.units[u.id]!.at)?.map === 'B');
    assert.ok(british.length > 0);
    for (const u of british) {
      assert.equal(u.entry.code, 'K', `${u.id} starts in England with code ${u.entry.code}`);
      const h = hexFacts(opening.units[u.id]!.at)!;
      assert.ok(h.map === 'B' && (h.town || h.city), `${u.id} in ${h.id}`);
    }
    const ground = british.filter((u) => !u.hq).map((u) => opening.units[u.id]!.at);
    assert.equal(new Set(ground).size, ground.length);
    for (const a of ground) for (const b of ground) if (a !== b) assert.ok((gridDistance(hexBoard(), a, b) ?? 0) >= 4, `${a} and ${b}`);
  });

  it('VV-SETUP-E-07, VV-SETUP-E-08: German code-B units start in Dover, Ramsgate and Folkestone, and hold them', () => {
    const landing = ['Dover', 'Ramsgate', 'Folkestone'].flatMap((n) => hexesNamed(n));
    const b = [...allUnits()].filter((u) => u.nation === 'germany' && u.entry.code === 'B');
    assert.ok(b.length > 0);
    for (const u of b) assert.ok(landing.includes(opening.units[u.id]!.at), `${u.id} in ${opening.units[u.id]!.at}`);
    for (const hex of new Set(b.map((u) => opening.units[u.id]!.at))) assert.equal(controller(opening, hex), 'germany');
  });
});

describe("the variant's pieces at the start", () => {
  const pieces = Object.values(opening.pieces);

  it('VV-SETUP-W-09: the Germans start with five 0-3-3 Zeppelins in Aachen', () => {
    const zeppelins = pieces.filter((p) => p.type === 'zeppelin-0-3-3');
    assert.equal(zeppelins.length, 5);
    for (const z of zeppelins) assert.deepEqual([z.side, hexFacts(z.at)?.name], ['germany', 'Aachen']);
  });

  it('VV-SETUP-W-10, VV-SETUP-E-06: a French F-type Ether Flyer in Paris, a British one in London', () => {
    const flyers = pieces.filter((p) => p.type === 'flyer-F').map((p) => [p.nation, hexFacts(p.at)?.name]);
    assert.deepEqual(flyers.sort(), [
      ['britain', 'London'],
      ['france', 'Paris'],
    ]);
  });

  it('VB-UNIT-13..14, VV-GEN-04: Zeppelins print 0-3-3, 0-3-4 or 0-3-6, the first two improve to 0-3-6; flyers: F, CS, B', () => {
    const types = piecesData().types;
    assert.deepEqual(types['zeppelin-0-3-3']?.numbers, [0, 3, 3]);
    assert.equal(types['zeppelin-0-3-3']?.improved, 'zeppelin-0-3-6');
    assert.equal(types['zeppelin-0-3-4']?.improved, 'zeppelin-0-3-6');
    assert.equal(types['zeppelin-0-3-6']?.improved, undefined);
    assert.deepEqual(
      Object.values(types)
        .filter((t) => t.kind === 'flyer')
        .map((t) => t.role)
        .sort(),
      ['B', 'CS', 'F'],
    );
  });

  it('VB-STACK-02: pieces that are not ground units count nothing for stacking', () => {
    const aachen = at('Aachen');
    const { steps, hqs } = stackingSteps(opening, aachen, occupancy(opening));
    const ground = (occupancy(opening).get(aachen) ?? []).reduce((n, id) => n + (unitInfo(id).hq ? 0 : opening.units[id]!.steps), 0);
    assert.equal(steps, ground);
    assert.ok(hqs <= 1);
  });
});
