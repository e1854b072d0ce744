import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allHexes, hexesNamed } from '../src/base/hexes.js';
import { controller } from '../src/base/positions.js';
import { allUnits } from '../src/base/units.js';
import { placementRefusal, placeUnit } from '../src/arrivals/new-units.js';
import { arrivalOf, receiveReinforcements } from '../src/arrivals/schedule.js';
import { openingState } from '../src/arrivals/opening.js';
import { at, cleared, put, unitsWhere } from './fixtures.js';

const boxed = (...ids: string[]) => {
  const s = cleared();
  for (const id of ids) s.units[id]!.at = 'box';
  return s;
};
const [german] = unitsWhere((u) => u.nation === 'germany' && u.entry.type === 'de-active-inf', 1);
const [french] = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 1);
const [british, british2] = unitsWhere((u) => u.nation === 'britain' && u.entry.type === 'gb-new-inf', 2);
const [belgian] = unitsWhere((u) => u.nation === 'belgium' && !u.hq, 1);
const [american] = unitsWhere((u) => u.nation === 'usa' && !u.hq, 1);
const [frenchHq] = unitsWhere((u) => u.nation === 'france' && u.hq, 1);
const frenchEdge = [...allHexes()].find((h) => h.nation === 'france' && (h.edge === 'south' || h.edge === 'west'))!.id;
const germanEdge = [...allHexes()].find((h) => h.nation === 'germany' && (h.edge === 'east' || h.edge === 'north'))!.id;

describe('the New Units Phase: where new units are placed', () => {
  it('VB-REIN-04, VB-REIN-06, VB-REIN-07: German units in a German city or source, French units in a French city or source', () => {
    const s = boxed(german!, french!);
    assert.equal(placementRefusal(s, 'germany', german!, at('Cologne')), undefined);
    assert.equal(placementRefusal(s, 'germany', german!, germanEdge), undefined);
    assert.match(placementRefusal(s, 'germany', german!, at('Reims')) ?? '', /not held by the Germans/);
    assert.equal(placementRefusal(s, 'allies', french!, at('Reims')), undefined);
    assert.equal(placementRefusal(s, 'allies', french!, frenchEdge), undefined);
    const village = [...allHexes()].find((h) => h.nation === 'france' && !h.city && !h.edge && h.land && !h.town)!.id;
    assert.match(placementRefusal(s, 'allies', french!, village) ?? '', /VB-REIN-07/);
  });

  it('VB-REIN-05: only in a hex the side holds, with no enemy unit, within stacking', () => {
    const s = boxed(french!);
    put(s, { [german!]: 'Reims' });
    assert.match(placementRefusal(s, 'allies', french!, at('Reims')) ?? '', /enemy units/);
    s.units[german!]!.at = 'due';
    s.control[at('Reims')] = 'germany';
    assert.match(placementRefusal(s, 'allies', french!, at('Reims')) ?? '', /not held/);
  });

  it('VB-REIN-08: Belgian units in a Belgian city or a French port', () => {
    const s = boxed(belgian!);
    assert.equal(placementRefusal(s, 'allies', belgian!, at('Brussels')), undefined);
    assert.equal(placementRefusal(s, 'allies', belgian!, at('Calais')), undefined);
    assert.match(placementRefusal(s, 'allies', belgian!, at('Reims')) ?? '', /VB-REIN-08/);
  });

  it('VB-REIN-09, VV-NEMO-03, VV-ENG-03, VV-ENG-04: British units in a French Channel port or any friendly town or city in England', () => {
    const s = boxed(british!);
    for (const port of ['Calais', 'Boulogne', 'Dunkirk', 'Dieppe', 'Le Havre'])
      assert.equal(placementRefusal(s, 'allies', british!, at(port)), undefined, port);
    assert.equal(placementRefusal(s, 'allies', british!, at('Oxford')), undefined);
    assert.match(placementRefusal(s, 'allies', british!, at('Reims')) ?? '', /VB-REIN-09/);
  });

  it('VV-REIN-03: the lone British unit coded A enters in France, in a Channel port, never in England', () => {
    const s = boxed('gb-4');
    assert.equal(arrivalOf([...allUnits()].find((u) => u.id === 'gb-4')!).kind, 'turn');
    assert.equal(placementRefusal(s, 'allies', 'gb-4', at('Calais')), undefined);
    assert.match(placementRefusal(s, 'allies', 'gb-4', at('Oxford')) ?? '', /must enter in France.*VV-REIN-03/);
    assert.match(placementRefusal(s, 'allies', 'gb-4', at('London')) ?? '', /VV-REIN-03/);
  });

  it('VV-ENG-05, VV-ENG-06: in England one new ground unit a hex, except London and Birmingham, which take the normal stacking', () => {
    const s = boxed(british!, british2!);
    placeUnit(s, british!, at('Oxford'));
    assert.match(placementRefusal(s, 'allies', british2!, at('Oxford')) ?? '', /VV-ENG-05/);
    placeUnit(s, british!, at('London'));
    s.units[british!]!.at = at('London');
    assert.equal(placementRefusal(s, 'allies', british2!, at('London')), undefined);
    s.units[british!]!.at = hexesNamed('Birmingham')[0]!;
    assert.equal(placementRefusal(s, 'allies', british2!, hexesNamed('Birmingham')[0]!), undefined);
  });

  it('VB-REIN-10: American units on a French board-edge source or the England map northern row', () => {
    const s = boxed(american!);
    assert.equal(placementRefusal(s, 'allies', american!, frenchEdge), undefined);
    const north = [...allHexes()].find((h) => h.map === 'B' && h.edge === 'north' && h.land)!.id;
    assert.equal(placementRefusal(s, 'allies', american!, north), undefined);
    assert.match(placementRefusal(s, 'allies', american!, at('Reims')) ?? '', /VB-REIN-10/);
  });

  it("VB-REIN-11, VB-HQ-11: any nation's unit may be placed with a supplied HQ of its own nation", () => {
    const s = boxed(french!);
    const village = [...allHexes()].find(
      (h) => h.nation === 'france' && !h.city && !h.edge && h.land && !h.town && h.terrain === 'clear',
    )!.id;
    put(s, { [frenchHq!]: village });
    assert.equal(placementRefusal(s, 'allies', french!, village), undefined);
  });

  it('VB-REIN-13, VB-CTRL-02: a placed combat unit takes control of its hex', () => {
    const s = boxed(german!);
    s.control[at('Cologne')] = 'allies';
    placeUnit(s, german!, at('Cologne'));
    assert.equal(controller(s, at('Cologne')), 'germany');
  });
});

describe('the reinforcement schedule', () => {
  it('VB-REIN-01, VB-REIN-02, VB-TURN-07: a unit coded with a letter goes to the box on that Strategic Turn', () => {
    const c = [...allUnits()].find((u) => u.nation === 'germany' && u.entry.code === 'C')!;
    assert.deepEqual(arrivalOf(c), { kind: 'turn', letter: 'C' });
    const s = openingState();
    receiveReinforcements(s, 4);
    assert.equal(s.units[c.id]!.at, 'due', 'not on B');
    receiveReinforcements(s, 7);
    assert.equal(s.units[c.id]!.at, 'box', 'on C (Operational Turn 7)');
  });

  it('VV-REIN-01: every other unit coded A to G arrives on its own letter, by the normal schedule', () => {
    let normal = 0;
    for (const u of allUnits()) {
      const code = u.entry.code;
      if (!/^[A-G]$/.test(code) || ['I', 'J', 'O', 'K'].includes(code)) continue;
      const a = arrivalOf(u);
      if (a.kind === 'setup') continue;
      assert.deepEqual(a, { kind: 'turn', letter: code }, u.id);
      normal += 1;
    }
    assert.ok(normal > 10, `${normal} units on the normal schedule`);
  });

  it('VV-REIN-02, VV-REIN-06..07, VV-TUN-10, VV-GEN-11: British after G (not K) on A; German K on B; I, J, O tunnel', () => {
    for (const u of allUnits()) {
      const code = u.entry.code;
      if (u.nation === 'britain' && code !== 'K' && code > 'G' && code.length === 1)
        assert.deepEqual(arrivalOf(u), { kind: 'turn', letter: 'A' }, u.id);
      if (u.nation === 'germany' && code === 'K') assert.deepEqual(arrivalOf(u), { kind: 'turn', letter: 'B' }, u.id);
      if (u.nation === 'germany' && ['I', 'J', 'O'].includes(code)) assert.deepEqual(arrivalOf(u), { kind: 'tunnel' }, u.id);
    }
  });

  it('VV-REIN-11, VV-REIN-19, VV-REIN-27, VV-REIN-35, VB-REIN-03, VB-TURN-19: Americans +3, +4 on C, +5 D, +6 E, +7 F', () => {
    const byCode = new Map<string, string>();
    for (const u of allUnits()) if (u.nation === 'usa') byCode.set(u.entry.code, (arrivalOf(u) as { letter: string }).letter);
    assert.deepEqual(Object.fromEntries(byCode), { '+3': 'C', '+4': 'C', '+5': 'D', '+6': 'E', '+7': 'F' });
  });

  it('VV-GEN-08..10, VB-REIN-20: no Resource Points or replacements: units come by the schedule; the eliminated stay out', () => {
    const s = openingState();
    const gone = Object.keys(s.units).find((id) => s.units[id]!.at !== 'due')!;
    s.units[gone]!.at = 'out';
    for (let turn = 1; turn <= 21; turn += 3) receiveReinforcements(s, turn);
    assert.equal(s.units[gone]!.at, 'out');
    assert.equal(Object.keys(s).includes('resources'), false);
  });
});
