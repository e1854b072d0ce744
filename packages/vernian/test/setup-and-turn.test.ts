import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexBoard } from '../src/data/files.js';
import { allHexes, hexesNamed, hexFacts } from '../src/base/hexes.js';
import { controller, occupancy } from '../src/base/positions.js';
import { allUnits, printedFactors, unitInfo } from '../src/base/units.js';
import { zoneOf } from '../src/base/zoc.js';
import { openingState } from '../src/arrivals/opening.js';
import { setupCandidates, setupGroup, setupRefusal, SETUP_ORDER } from '../src/arrivals/setup-rules.js';
import { allowance } from '../src/movement/movement.js';
import { language } from '../src/orders/language.js';
import { vernian } from '../src/index.js';
import { isSourceHex } from '../src/supply/sources.js';
import { at, cleared, newGame, playStep, put, stepInfo, unitsWhere } from './fixtures.js';

const opening = openingState();

describe('the set-up', () => {
  it('VB-SETUP-01, VV-SETUP-W-01: every unit that starts on the West map has a listed place the map names', () => {
    for (const u of allUnits()) if (setupGroup(u) === 'west') assert.ok(hexesNamed(u.entry.setup?.place ?? '').length > 0, u.id);
  });

  it('VB-SETUP-04, VB-SETUP-09, VV-SETUP-E-08: units set up in hexes their side holds, except the Germans landing in England', () => {
    for (const [id, u] of Object.entries(opening.units)) {
      if (u.at === 'due') continue;
      const side = unitInfo(id).side;
      if (setupGroup(unitInfo(id)) === 'german-england') assert.equal(hexFacts(u.at)?.map, 'B');
      else assert.equal(controller({ ...opening, control: {} }, u.at), side, `${id} in ${u.at}`);
    }
    const british = [...allUnits()].find((u) => setupGroup(u) === 'british-england' && !u.hq)!;
    assert.match(setupRefusal(cleared(), british.id, at('Dover')) ?? '', /VB-SETUP-09/);
  });

  it('VB-SETUP-03, VV-SETUP-W-08: the groups set up in order, the French units coded G or later last', () => {
    assert.deepEqual(SETUP_ORDER, ['west', 'belgian', 'german-england', 'british-england', 'french-late']);
  });

  it('VB-SETUP-06, VB-SETUP-05: by default units of a group go to the qualifying hexes nearest their place, lowest id first', () => {
    const late = [...allUnits()].find((u) => setupGroup(u) === 'french-late')!;
    const candidates = setupCandidates(late.id);
    const cities = [...allHexes()].filter((h) => h.city && h.nation === 'france').map((h) => h.id);
    assert.deepEqual([...candidates].sort(), [...cities].sort());
  });

  it('VB-SETUP-07, VV-SETUP-W-02: the Belgians do not use the base game’s set-up in their home cities: none is in Liège', () => {
    const liege = hexesNamed('Liège');
    for (const u of allUnits()) if (u.nation === 'belgium') assert.ok(!liege.includes(opening.units[u.id]!.at), u.id);
  });

  it('VB-SETUP-08: the set-up ignores zones of control: a unit may set up next to an enemy unit', () => {
    const s = openingState();
    const occ = occupancy(s);
    for (const u of allUnits()) {
      if (setupGroup(u) !== 'west' || u.nation !== 'france' || u.type.class !== 'infantry') continue;
      for (const c of setupCandidates(u.id)) {
        const border = hexBoard()
          .neighbours(c)
          .find((n) => !n.link && hexFacts(n.to)?.nation === 'germany' && !occ.has(n.to));
        if (!border || occ.has(c) || setupRefusal(s, u.id, c) !== undefined) continue;
        const [german] = unitsWhere((x) => x.nation === 'germany' && x.entry.type === 'de-active-inf', 1);
        s.units[german!]!.at = border.to;
        assert.ok(zoneOf(s, 'germany').has(c));
        assert.equal(setupRefusal(s, u.id, c), undefined);
        return;
      }
    }
    assert.fail('no French set-up hex on the border');
  });

  it('VV-SETUP-E-09: England map hexes with building marks are towns, except the cities', () => {
    const english = [...allHexes()].filter((h) => h.map === 'B' && h.name && !h.name.startsWith('London'));
    assert.ok(english.length > 20);
    for (const h of english) assert.ok(h.town || (h.city && hexesNamed('Birmingham').includes(h.id)) || h.edge, h.id);
  });
});

describe('the turn', () => {
  it('VB-TURN-06, VV-GEN-05: the game ends at the start of Strategic Turn H, after Operational Turn 21', () => {
    assert.equal(vernian.result(openingState(), 21), null);
    assert.ok(vernian.result(openingState(), 22));
  });

  it('VB-TURN-12, VB-TURN-13: only the phasing player moves and places: orders given in the other side’s player-turn are refused', () => {
    const [french] = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 1);
    const s = put(cleared(), { [french!]: 'Reims' });
    for (const segment of ['german', 'setup'] as const) {
      const r = language.parseOrders(`move ${french} to Épernay`, { state: s, seat: 'allies', step: stepInfo(segment, 2) });
      assert.ok(!r.ok);
      assert.equal(r.error[0]!.code, 'not-now');
    }
  });

  it('VB-TURN-14, VB-REIN-12: a unit waits in the box as long as its owner likes; once placed it moves in the same player-turn', () => {
    let game = newGame();
    for (let i = 0; i < 9; i++) game = playStep(game); // through Strategic Turn B: reinforcements in the box
    const boxed = Object.keys(game.position.state.units).find(
      (id) => game.position.state.units[id]!.at === 'box' && unitInfo(id).nation === 'germany' && unitInfo(id).type.class === 'infantry',
    )!;
    assert.ok(boxed, 'a German reinforcement in the box');
    const occ = occupancy(game.position.state);
    const free = (id: string) => !occ.has(id) && hexFacts(id)?.nation === 'germany' && hexFacts(id)?.terrain === 'clear';
    const step = (id: string) =>
      hexBoard()
        .neighbours(id)
        .find((c) => !c.link && c.features.length === 0 && free(c.to))?.to;
    const city = [...allHexes()].find((h) => (h.city || isSourceHex(h, 'germany')) && free(h.id) && step(h.id))!.id;
    const next = step(city)!;
    game = playStep(game, { germany: `place ${boxed} at ${city}\nmove ${boxed} to ${next}` });
    assert.equal(game.position.state.units[boxed]!.at, next);
  });

  it('VB-MOVE-12, VB-MOVE-13: doubled movement is twice the printed factor, never halved', () => {
    const [german] = unitsWhere((u) => u.nation === 'germany' && u.entry.type === 'de-active-inf', 1);
    const s = put(cleared(), { [german!]: 'Aachen' });
    const a = allowance(s, german!, 1);
    assert.equal(a.doubled?.points, 2 * printedFactors(german!, 2).move);
    assert.equal(allowance(s, german!, 2).normal, printedFactors(german!, 2).move);
  });

  it('VB-HQ-03, VB-HQ-05: one HQ a hex; an HQ exerts no zone of control', () => {
    const [hq, hq2] = unitsWhere((u) => u.nation === 'germany' && u.hq, 2);
    const s = put(cleared(), { [hq!]: 'Trier' });
    assert.equal(zoneOf(s, 'germany').size, [...zoneOf(cleared(), 'germany').keys()].length);
    put(s, { [hq2!]: 'Trier' });
    assert.ok(vernian.invariants!(s).some((v) => /HQs/.test(v)));
  });
});
