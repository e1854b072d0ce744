import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexesWithin } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexesNamed, hexFacts } from '../src/base/hexes.js';
import { isOnMap } from '../src/base/state.js';
import { unitInfo } from '../src/base/units.js';
import { openingState } from '../src/arrivals/opening.js';
import { hexInSupply, hqSupplied, supplyOf, supplyPicture, supplyStates } from '../src/supply/supply.js';
import { blank, handOver, put, sourceHexesOf } from './supply-positions.js';

/**
 * The supply states played out on small positions (base-rules.md part 5, the variant's VV-SUP): Attack Supply by a
 * short path to a source or a supply point or by a supplied HQ, Defense Supply in a town or by a path to a friendly
 * city, Out of Supply otherwise.
 */

const within = (hex: string, radius: number) => [
  ...hexesWithin(hexBoard(), hex, radius, { enters: (s) => s.crossing.link === undefined }).keys(),
];
const townsWithin = (hex: string, radius: number) => within(hex, radius).filter((h) => hexFacts(h)?.town || hexFacts(h)?.city);

describe('the three supply states', () => {
  it('VV-SUP-01, VB-SUP-01, VB-SUP-09: on the opening map every unit of each side has exactly one of the three states', () => {
    const state = openingState();
    for (const side of ['germany', 'allies'] as const) {
      const states = supplyStates(state, side);
      const onMap = Object.keys(state.units).filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).side === side);
      assert.deepEqual([...states.keys()].sort(), onMap.sort());
      for (const [id, s] of states) {
        assert.ok(['attack', 'defense', 'out'].includes(s));
        assert.equal(supplyOf(state, id), s, id);
      }
    }
    // Every unit starts in Attack Supply: the German landing force in England draws on Dover, the open tunnel's
    // source (VV-TUN-06); without the tunnel it would have no source on its map.
    assert.ok([...supplyStates(state, 'allies').values()].every((s) => s === 'attack'));
    for (const [id, s] of supplyStates(state, 'germany')) assert.equal(s, 'attack', id);
    const sealed = { ...state, tunnel: { ...state.tunnel, open: false } };
    for (const [id, s] of supplyStates(sealed, 'germany'))
      assert.equal(s, hexFacts(state.units[id]!.at)!.map === 'B' ? 'defense' : 'attack', id);
  });

  it('VV-SUP-03, VV-SUP-04, VB-SUP-07, VB-SUP-08: a path of 3 hexes entered to a supply-point town gives Attack Supply, 4 do not', () => {
    // W6134 -> W6133 -> W6232 -> W6332 (a town): three hexes entered, the unit's own not counted, the town counted.
    assert.deepEqual(townsWithin('W6134', 2), []);
    assert.equal(hexesWithin(hexBoard(), 'W6134', 3).get('W6332'), 3);
    assert.deepEqual(townsWithin('W6035', 3), []);
    const state = put(blank(), { 'fr-14': 'W6134', 'fr-41': 'W6035' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
    assert.equal(supplyOf(state, 'fr-41'), 'defense', 'too far from any town: Defense Supply by its path to a French city');
  });

  it('VB-SUP-06, AMB-07, VB-SUP-04: a town supplies only while it reaches a source; sources the enemy holds do not work', () => {
    const state = put(blank(), { 'fr-14': 'W6134' });
    handOver(state, sourceHexesOf('allies'), 'germany');
    assert.deepEqual(supplyPicture(state, 'allies').sourceHexes().ultimate, []);
    assert.deepEqual(supplyPicture(state, 'allies').sourceHexes().points, []);
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
    // Give back one source far away: every town of France that reaches it supplies again, however long the way.
    handOver(state, ['W5444'], 'allies');
    assert.ok(supplyPicture(state, 'allies').sourceHexes().points.includes('W6332'));
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
  });

  it('VB-SUP-04, VB-SUP-03: an ultimate source with an enemy ground unit in it does not work', () => {
    // W5737 is 3 hexes from the board-edge source W5437 and from no other source, town or city.
    assert.deepEqual(
      within('W5737', 3).filter((h) => sourceHexesOf('allies').includes(h) || hexFacts(h)!.town || hexFacts(h)!.city),
      ['W5437'],
    );
    const state = put(blank(), { 'fr-14': 'W5737' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
    put(state, { 'de-a1': 'W5437' });
    assert.ok(!supplyPicture(state, 'allies').sourceHexes().ultimate.includes('W5437'));
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
  });

  it('VB-SUP-07: a unit standing on a working ultimate source is in Attack Supply, even in an enemy zone of control', () => {
    const state = put(blank(), { 'fr-14': 'W5437', 'de-3': 'W5537', 'de-4': 'W5536', 'de-5': 'W5538' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
  });

  it('VB-SUP-02, VB-SUP-03, VV-SUP-05, VV-SUP-06: the ultimate sources of each side', () => {
    const state = blank();
    const german = supplyPicture(state, 'germany').sourceHexes().ultimate;
    assert.ok(german.length > 20);
    for (const h of german) assert.ok(hexFacts(h)!.nation === 'germany' && ['east', 'north'].includes(hexFacts(h)!.edge!), h);
    const allied = supplyPicture(state, 'allies').sourceHexes().ultimate;
    for (const h of hexesNamed('Paris')) assert.ok(allied.includes(h), h);
    assert.ok(allied.includes('B1010'), 'London');
    for (const h of allied) {
      const f = hexFacts(h)!;
      const ok =
        (f.map === 'W' && f.nation === 'france' && (['west', 'south'].includes(f.edge ?? '') || hexesNamed('Paris').includes(h))) ||
        (f.map === 'B' && (f.edge === 'north' || h === 'B1010'));
      assert.ok(ok, h);
    }
    assert.ok(allied.filter((h) => hexFacts(h)!.map === 'B' && hexFacts(h)!.edge === 'north').length >= 15, 'the northern hexrow');
  });

  it('VV-SUP-06: a unit 3 hexes from the northern hexrow of the England map is in Attack Supply with no town near', () => {
    const state = put(blank(), { 'gb-1': 'B0504' });
    const north = within('B0504', 3).filter((h) => hexFacts(h)!.edge === 'north');
    assert.ok(north.length > 0);
    handOver(
      state,
      townsWithin('B0504', 3).filter((h) => !north.includes(h)),
      'germany',
    );
    assert.equal(supplyOf(state, 'gb-1'), 'attack');
    handOver(state, north, 'germany');
    assert.notEqual(supplyOf(state, 'gb-1'), 'attack');
  });

  it('VV-SUP-05: the London hex is an Allied ultimate source', () => {
    const state = put(blank(), { 'gb-1': 'B1012' });
    handOver(
      state,
      townsWithin('B1012', 3).filter((h) => h !== 'B1010'),
      'germany',
    );
    assert.equal(supplyOf(state, 'gb-1'), 'attack', 'by London alone');
    handOver(state, ['B1010'], 'germany');
    assert.notEqual(supplyOf(state, 'gb-1'), 'attack');
  });
});

describe('supply paths', () => {
  it('VB-SUP-05, VB-ZOC-07: a path may not enter an enemy zone of control unless a friendly ground combat unit is there', () => {
    // The German division in W6233 throws its zone over W6133, W6232 and the town W6332, every short way from W6134.
    const state = put(blank(), { 'fr-14': 'W6134', 'de-3': 'W6233' });
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
    put(state, { 'fr-41': 'W6133', 'fr-25': 'W6232' });
    assert.equal(supplyOf(state, 'fr-14'), 'defense', 'the town itself is still in the zone');
    put(state, { 'fr-26': 'W6332' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
  });

  it('VB-SUP-05, VB-SUP-06, VB-HQ-05: an enemy ground unit blocks its hex (a town holding one supplies nothing); an HQ has no zone', () => {
    // W6434 is the only town within 3 hexes of W6237.
    assert.deepEqual(townsWithin('W6237', 3), ['W6434']);
    const state = put(blank(), { 'fr-14': 'W6237' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
    put(state, { 'de-a1': 'W6236' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack', 'an enemy HQ beside the way exerts no zone of control');
    put(state, { 'de-a1': 'W6434' });
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
  });

  it('VB-FORT-07, VB-ZOC-07: a standing enemy fortress throws a zone over supply paths; a destroyed one does not', () => {
    const state = put(blank(), { 'fr-14': 'W8920' });
    assert.equal(supplyOf(state, 'fr-14'), 'defense', 'Metz (W8721) stands');
    state.fortsLost = ['W8721'];
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
  });

  it('VB-SUP-05, VB-MAP-05: no path passes through a neutral hex (Maastricht)', () => {
    // From W8506 the Belgian town of Verviers (W8609) is 3 hexes away through Dutch Maastricht, and farther around it.
    const viaNeutral = hexesWithin(hexBoard(), 'W8506', 3);
    assert.equal(viaNeutral.get('W8609'), 3);
    assert.ok(hexFacts('W8507')!.neutral);
    const state = put(blank(), { 'be-1': 'W8506' });
    // The other Belgian towns near are German now (Liège's fortress destroyed).
    state.fortsLost = ['W8508'];
    handOver(state, ['W8406', 'W8407', 'W8309', 'W8508'], 'germany');
    assert.deepEqual(
      townsWithin('W8506', 3).filter((h) => state.control[h] === undefined && hexFacts(h)!.nation === 'belgium'),
      ['W8609'],
    );
    assert.equal(supplyOf(state, 'be-1'), 'defense');
    assert.equal(hexInSupply(state, 'W8507', 'allies'), false, 'a neutral hex is never in supply');
  });

  it('VB-SUP-05, VB-TERR-03: no path crosses an all-sea hexside (the Seine estuary at Le Havre)', () => {
    // W6018 touches Le Havre (W5917) only across an all-sea hexside; the way round is 3 hexes.
    assert.ok(hexBoard().crossing('W6018', 'W5917')!.features.includes('all-sea'));
    const state = put(blank(), { 'fr-14': 'W6018' });
    handOver(state, ['W6020'], 'germany');
    assert.equal(supplyOf(state, 'fr-14'), 'attack', 'round by W6118 and W6017');
    put(state, { 'de-3': 'W6118' });
    assert.notEqual(supplyOf(state, 'fr-14'), 'attack', 'not straight across the estuary');
  });

  it('VB-SUP-12, VB-MAP-10: supply never crosses the link between the maps', () => {
    // Dover (B1613) cut off on its own map, with Dunkirk (W7005), a French supply point, one link away.
    const state = put(blank(), { 'gb-1': 'B1613', 'de-3': 'B1513', 'de-4': 'B1612', 'de-5': 'B1614', 'de-7': 'B1712' });
    assert.ok(supplyPicture(state, 'allies').sourceHexes().points.includes('W7005'));
    assert.equal(supplyOf(state, 'gb-1'), 'defense', 'Dover is a town');
    put(state, { 'fr-a1': 'W7005' });
    assert.ok(hqSupplied(state, 'fr-a1'));
    assert.equal(supplyOf(state, 'gb-1'), 'defense', 'nor does an HQ supply across it');
  });
});
