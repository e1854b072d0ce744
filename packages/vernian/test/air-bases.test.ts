import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexesWithin } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { allHexes, hexFacts } from '../src/base/hexes.js';
import type { VernianState } from '../src/base/state.js';
import { flightDistance, flightReach, mayEndFlight } from '../src/air/flight.js';
import { baseRefusal, basesInReach } from '../src/air/bases.js';
import { supplyOf, supplyPicture } from '../src/supply/supply.js';
import { around, blank, handOver, put, sourceHexesOf } from './supply-positions.js';

/**
 * The air kit the Zeppelins and Ether Flyers share: how they fly (one point a hex, across the Channel by the link,
 * ending only on land), where they may be based, and what they do to supply (a Zeppelin supplies like an HQ; an
 * interdicted hex blocks German supply).
 */

const ZEP = 'zep-1';
const GERMAN = 'de-3';
const HQ = 'de-a1';
const FRENCH = 'fr-14';

/** A clear French hex with no town, city or fortress within `r` hexes, and every hex around it clear land. */
function lonelyFrenchHex(r: number): string {
  for (const h of allHexes()) {
    if (h.nation !== 'france' || h.terrain !== 'clear' || h.edge) continue;
    const near = [...hexesWithin(hexBoard(), h.id, r).keys()];
    if (near.some((id) => hexFacts(id)?.town || hexFacts(id)?.city || (hexFacts(id)?.fortress ?? 0) > 0 || !hexFacts(id)?.land)) continue;
    if (near.some((id) => hexFacts(id)?.nation !== 'france')) continue;
    return h.id;
  }
  throw new Error('no lonely French hex');
}

/** The board with the Zeppelins off the map but one, placed at a hex. */
function zeppelinAt(state: VernianState, hex: string): VernianState {
  for (const p of Object.values(state.pieces)) p.at = 'out';
  state.pieces[ZEP]!.at = hex;
  return state;
}

describe('flight', () => {
  it('VV-ZEP-12, VV-ETH-05: an air piece pays one point a hex whatever the terrain, sea and all-sea hexsides included', () => {
    for (const hex of ['W7005', 'W8542', 'B0914']) {
      const reach = flightReach(hex, 4);
      const plain = hexesWithin(hexBoard(), hex, 4);
      assert.deepEqual([...reach.entries()].sort(), [...plain.entries()].sort(), hex);
      assert.ok([...reach.keys()].some((id) => hexFacts(id)?.terrain !== 'clear'));
    }
  });

  it('VV-ZEP-15: a flight may pass over sea but ends only on land of a warring nation', () => {
    const sea = [...flightReach('W7005', 3).keys()].filter((id) => !hexFacts(id)?.land);
    assert.ok(sea.length > 0, 'the Channel lies within three hexes of W7005');
    for (const id of sea) assert.equal(mayEndFlight(id), false, id);
    const neutral = [...allHexes()].find((h) => h.neutral && h.land)!;
    assert.equal(mayEndFlight(neutral.id), false);
    assert.equal(mayEndFlight('W7005'), true);
  });

  it('VV-ZEP-36..38: W7005 and Dover are one flight hex apart, both ways', () => {
    assert.equal(hexFacts('B1613')?.name, 'Dover');
    assert.equal(flightDistance('W7005', 'B1613', 1), 1);
    assert.equal(flightDistance('B1613', 'W7005', 1), 1);
    // Beyond Dover the England map goes on: two hexes from W7005 reach Dover's neighbours.
    for (const n of around('B1613')) assert.equal(flightDistance('W7005', n, 2), 2, n);
  });

  it('D-AMB-60: a barred hex is neither entered nor flown through', () => {
    const ring = around('W7005');
    const barred = new Set(ring);
    const reach = flightReach('W7005', 3, barred);
    for (const id of ring) assert.equal(reach.has(id), false);
    assert.equal(reach.get('B1613'), 1, 'the link is no hexside a ring of barred hexes closes');
  });
});

describe('a Zeppelin supplies like an HQ', () => {
  it('VV-ZEP-06, VV-ZEP-07: German units in or next to a Zeppelin are in Attack Supply, though its hex traces to no source', () => {
    const hex = lonelyFrenchHex(4);
    const next = around(hex)[0]!;
    const s = put(blank(), { [GERMAN]: next });
    // Every German ultimate source lost: no HQ could supply, the Zeppelin does.
    handOver(s, sourceHexesOf('germany'), 'allies');
    zeppelinAt(s, 'out');
    assert.notEqual(supplyOf(s, GERMAN), 'attack');
    zeppelinAt(s, hex);
    assert.equal(supplyOf(s, GERMAN), 'attack');
    assert.deepEqual(supplyPicture(s, 'germany').sourceHexes().zeppelins, [hex]);
    // An HQ on the same hex is no supplied HQ: it traces to no source.
    put(s, { [HQ]: hex });
    assert.deepEqual(supplyPicture(s, 'germany').sourceHexes().hqs, []);
    // The Allies draw nothing from it.
    assert.deepEqual(supplyPicture(s, 'allies').sourceHexes().zeppelins, []);
  });

  it('VV-ZEP-08, VV-ZEP-29, VV-ZEP-01: an Allied ground unit in its hex stops its supply for as long as it stays', () => {
    const hex = lonelyFrenchHex(4);
    const [next, other] = around(hex);
    const s = zeppelinAt(put(blank(), { [GERMAN]: next! }), hex);
    handOver(s, sourceHexesOf('germany'), 'allies');
    assert.equal(supplyOf(s, GERMAN), 'attack');
    put(s, { [FRENCH]: hex });
    assert.notEqual(supplyOf(s, GERMAN), 'attack');
    assert.equal(s.pieces[ZEP]!.at, hex, 'the Zeppelin itself is not touched by the enemy unit');
    put(s, { [FRENCH]: other! });
    assert.equal(supplyOf(s, GERMAN), 'attack', 'the enemy unit gone, the Zeppelin supplies again');
  });
});

describe('air bases', () => {
  it("VV-ZEP-17, VV-ZEP-19: a base must trace Attack Supply overland; a Zeppelin's own supply does not count", () => {
    const hex = lonelyFrenchHex(4);
    const next = around(hex)[0]!;
    const s = zeppelinAt(put(blank(), { [GERMAN]: next }), hex);
    handOver(s, sourceHexesOf('germany'), 'allies');
    assert.equal(supplyPicture(s, 'germany').attackAt(next), true, 'the Zeppelin supplies the hex');
    assert.match(baseRefusal(s, 'germany', 'zeppelin', next) ?? '', /Attack Supply overland/);
    // A supplied HQ's hex is a base.
    const t = zeppelinAt(put(blank(), { [HQ]: hex }), 'out');
    assert.equal(baseRefusal(t, 'germany', 'zeppelin', next), undefined);
  });

  it("VV-ZEP-18, VV-ETH-07, VV-ETH-08: no enemy unit in a base; a flyer's base is also a friendly hex", () => {
    const hex = lonelyFrenchHex(4);
    const [next, other] = around(hex);
    const s = zeppelinAt(put(blank(), { [HQ]: hex }), 'out');
    assert.equal(baseRefusal(s, 'germany', 'zeppelin', next!), undefined, 'a French hex in German Attack Supply is a Zeppelin base');
    assert.match(baseRefusal(s, 'germany', 'flyer', next!) ?? '', /friendly hex/);
    handOver(s, [next!], 'germany');
    assert.equal(baseRefusal(s, 'germany', 'flyer', next!), undefined);
    put(s, { [FRENCH]: next! });
    assert.match(baseRefusal(s, 'germany', 'zeppelin', next!) ?? '', /no enemy unit/);
    assert.equal(baseRefusal(s, 'germany', 'zeppelin', other!), undefined);
    // An enemy piece bars a base too.
    s.pieces['fl-fr-1']!.at = other!;
    assert.match(baseRefusal(s, 'germany', 'zeppelin', other!) ?? '', /no enemy unit/);
    assert.match(baseRefusal(s, 'germany', 'zeppelin', 'W7005') ?? '', /Attack Supply/);
    assert.match(baseRefusal(s, 'germany', 'zeppelin', [...allHexes()].find((h) => !h.land)!.id) ?? '', /land hex/);
  });

  it('VV-ETH-09, VV-ETH-32: the bases in reach come nearest first', () => {
    const hex = lonelyFrenchHex(4);
    const s = zeppelinAt(put(blank(), { [HQ]: hex }), 'out');
    const bases = basesInReach(s, 'germany', 'zeppelin', 'W7005', 30);
    assert.ok(bases.length > 0);
    const d = bases.map((b) => flightDistance('W7005', b, 30)!);
    assert.deepEqual(
      d,
      [...d].sort((a, b) => a - b),
    );
    assert.ok(bases.includes(hex));
  });
});

describe('interdiction blocks German supply', () => {
  it('VV-ETH-25, VV-ETH-26: no supply is traced into or through a lightly interdicted hex, and the mark lifted it is again', () => {
    const hex = lonelyFrenchHex(4);
    const next = around(hex)[0]!;
    const s = put(blank(), { [HQ]: hex, [GERMAN]: next });
    assert.equal(supplyOf(s, GERMAN), 'attack');
    s.air.interdicted[hex] = 'light';
    assert.notEqual(supplyOf(s, GERMAN), 'attack', 'the HQ in the interdicted hex supplies nobody');
    s.air.interdicted = {};
    s.air.interdicted[next] = 'light';
    assert.notEqual(supplyOf(s, GERMAN), 'attack', 'nothing is traced from the interdicted hex');
    s.air.interdicted = {};
    assert.equal(supplyOf(s, GERMAN), 'attack');
  });

  it('VV-ETH-28, VV-ETH-29, D-AMB-43: German units in a heavily interdicted town are Out of Supply; the Allies are untouched', () => {
    const town = [...allHexes()].find((h) => h.town && !h.city && h.nation === 'germany' && !h.edge)!.id;
    const s = put(blank(), { [GERMAN]: town });
    assert.equal(supplyOf(s, GERMAN), 'attack');
    s.air.interdicted[town] = 'light';
    assert.equal(supplyOf(s, GERMAN), 'defense', 'a town still gives Defense Supply under light interdiction');
    s.air.interdicted[town] = 'heavy';
    assert.equal(supplyOf(s, GERMAN), 'out');
    const french = [...allHexes()].find((h) => h.town && h.nation === 'france' && !h.edge)!.id;
    const t = put(blank(), { [FRENCH]: french });
    t.air.interdicted[french] = 'heavy';
    assert.equal(supplyOf(t, FRENCH), 'attack');
  });
});

describe('ground pieces in supply', () => {
  it('VV-AFB-02, VB-SUP-05, D-AMB-48: the Allied AFB bars German supply from its hex, like any Allied ground unit', () => {
    const s = blank();
    const points = () => supplyPicture(s, 'germany').sourceHexes().points;
    const town = points().find((h) => hexFacts(h)?.nation === 'germany')!;
    assert.ok(town, 'a German town is a German supply point');
    s.pieces['afb-1'] = { type: 'afb', side: 'allies', at: town };
    assert.equal(points().includes(town), false, 'a town holding an enemy ground unit supplies nobody');
    s.pieces['afb-1'].at = 'out';
    assert.equal(points().includes(town), true, 'the AFB gone, the town supplies again');
  });
});
