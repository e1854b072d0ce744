import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexBoard } from '../src/data/files.js';
import { allHexes, hexFacts, type HexFacts } from '../src/base/hexes.js';
import { controller } from '../src/base/positions.js';
import { unitInfo } from '../src/base/units.js';
import { moveWorld, pathTo, reachableHexes } from '../src/movement/movement.js';
import { openingState } from '../src/arrivals/opening.js';
import { isOnMap } from '../src/base/state.js';
import { applyMove } from '../src/orders/move.js';
import { cleared, put, unitsWhere } from './fixtures.js';

// Positions are found on the map by what the rules need (a row of clear hexes, a mountain over a river...), so the
// tests hold when the map is generated again.
const plain = (h: HexFacts | undefined, nation = 'france') =>
  !!h && h.terrain === 'clear' && h.nation === nation && !h.town && !h.city && !h.fortress && !h.edge;
const side = (a: string, b: string) => hexBoard().crossing(a, b);
const hexAt = (col: number, row: number) => `W${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;

/** Six clear hexes of a nation in a row with plain hexsides between them. */
function clearRow(nation = 'france', length = 6): string[] {
  for (const h of allHexes()) {
    if (h.map !== 'W' || !plain(h, nation)) continue;
    const col = Number(h.id.slice(1, 3));
    const row = Number(h.id.slice(3));
    const run = Array.from({ length }, (_, i) => hexAt(col + i, row));
    if (run.every((id) => plain(hexFacts(id), nation)) && run.slice(1).every((id, i) => side(run[i]!, id)?.features.length === 0))
      return run;
  }
  throw new Error('no clear row');
}

/** A clear hex next to a hex of a terrain, across a hexside with (or without) a feature. */
function pair(terrain: string, feature: string | undefined): [string, string] {
  for (const h of allHexes()) {
    if (!plain(h, h.nation ?? 'france') || h.neutral) continue;
    for (const c of hexBoard().neighbours(h.id)) {
      const t = hexFacts(c.to);
      if (c.link || !t || t.neutral || t.terrain !== terrain || t.fortress) continue;
      if (feature === undefined ? c.features.length === 0 : c.features.includes(feature)) return [h.id, c.to];
    }
  }
  throw new Error(`no ${terrain} hex across ${feature ?? 'a plain side'}`);
}

const [french, french2, french3] = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 3);
const [german, german2] = unitsWhere((u) => u.nation === 'germany' && u.entry.type === 'de-active-inf', 2);
const [germanHq] = unitsWhere((u) => u.nation === 'germany' && u.hq, 1);
const [frenchHq] = unitsWhere((u) => u.nation === 'france' && u.hq, 1);
const [territorial] = unitsWhere((u) => u.entry.type === 'fr-territorial', 1);
const [fortress] = unitsWhere((u) => u.entry.type === 'fr-fortress', 1);

describe('movement points and terrain', () => {
  it('VB-MOVE-02, VB-TERR-02, VV-MOVE-01: an infantry division spends 4 points, 1 a clear hex; a fifth is out of reach', () => {
    const row = clearRow();
    const s = put(cleared(), { [french!]: row[0]! });
    const reach = reachableHexes(moveWorld(s, 'allies'), french!, 2);
    assert.equal(reach.get(row[4]!)?.cost, 4);
    assert.equal(reach.has(row[5]!), false);
    assert.equal(unitInfo(french!).type.full.move, 4);
  });

  it('VB-TERR-02, VB-TERR-04: forest and rough cost 2, marsh and mountain 3; towns and cities cost their terrain', () => {
    for (const [terrain, price] of [
      ['forest', 2],
      ['rough', 2],
      ['marsh', 3],
      ['mountain', 3],
    ] as const) {
      const [from, to] = pair(terrain, undefined);
      const s = put(cleared(), { [german!]: from });
      assert.equal(reachableHexes(moveWorld(s, 'germany'), german!, 2).get(to)?.cost, price, terrain);
    }
    const town = [...allHexes()].find((h) => h.town && h.terrain === 'clear' && !h.edge && h.nation === 'france')!;
    const from = hexBoard()
      .neighbours(town.id)
      .find((c) => plain(hexFacts(c.to)) && c.features.length === 0)!.to;
    const s = put(cleared(), { [french!]: from });
    assert.equal(reachableHexes(moveWorld(s, 'allies'), french!, 2).get(town.id)?.cost, 1);
  });

  it('VB-TERR-03: a river costs 1 more, a major river 2 more; no ground unit crosses an all-sea hexside', () => {
    const [a, b] = pair('clear', 'river');
    const s = put(cleared(), { [french!]: a });
    assert.equal(reachableHexes(moveWorld(s, 'allies'), french!, 2).get(b)?.cost, 2);
    const [c, d] = pair('clear', 'major-river');
    const t = put(cleared(), { [french!]: c });
    assert.equal(reachableHexes(moveWorld(t, 'allies'), french!, 2).get(d)?.cost, 3);
    const allSea = [...allHexes()].flatMap((h) =>
      hexBoard()
        .neighbours(h.id)
        .filter((x) => x.features.includes('all-sea'))
        .map((x) => [h.id, x.to] as const),
    )[0]!;
    const u = put(cleared(), { [french!]: allSea[0] });
    u.control[allSea[0]] = 'allies';
    assert.equal(reachableHexes(moveWorld(u, 'allies'), french!, 2).get(allSea[1])?.path.length === 2, false);
  });

  it('VB-MOVE-04: a unit may always move one hex, even when it costs more than its movement factor; that ends its move', () => {
    const [from, to] = pair('mountain', 'river');
    const s = put(cleared(), { [territorial!]: from });
    const r = reachableHexes(moveWorld(s, 'allies'), territorial!, 2).get(to);
    assert.ok(r, 'the one-hex move');
    assert.ok(r.cost > unitInfo(territorial!).type.full.move);
    assert.equal(r.ended, true);
  });

  it('VB-MOVE-11, VB-UNIT-08: a fortress division never moves', () => {
    const s = put(cleared(), { [fortress!]: clearRow()[0]! });
    assert.equal(reachableHexes(moveWorld(s, 'allies'), fortress!, 2).size, 0);
  });
});

describe('what stops a move', () => {
  it('VB-MOVE-05, VB-MAP-05, VB-MAP-10: no ground unit enters sea, a neutral hex, an enemy-held hex or the link', () => {
    const row = clearRow();
    const s = put(cleared(), { [french!]: row[0]!, [german!]: row[2]! });
    const reach = reachableHexes(moveWorld(s, 'allies'), french!, 2);
    assert.equal(reach.has(row[2]!), false, 'the enemy hex');
    for (const id of reach.keys()) {
      const h = hexFacts(id)!;
      assert.ok(h.land && !h.neutral, id);
    }
    const dunkirk = put(cleared(), { [french!]: 'W7005' });
    assert.equal(
      [...reachableHexes(moveWorld(dunkirk, 'allies'), french!, 2).keys()].some((id) => id.startsWith('B')),
      false,
    );
  });

  it('VB-MOVE-06, VB-ZOC-01, VB-ZOC-04: entering a hex next to an enemy combat unit ends the move there', () => {
    const row = clearRow();
    const s = put(cleared(), { [french!]: row[0]!, [german!]: row[4]! });
    const reach = reachableHexes(moveWorld(s, 'allies'), french!, 2);
    assert.equal(reach.get(row[3]!)?.ended, true);
    assert.equal(reach.has(row[5]!), false, 'no going on past the zone');
  });

  it('VB-ZOC-04..05: from an enemy zone a unit may step into another zone hex; friendly units do not cancel a zone', () => {
    const row = clearRow();
    const s = put(cleared(), { [french!]: row[1]!, [french2!]: row[2]!, [german!]: row[0]! });
    const reach = reachableHexes(moveWorld(s, 'allies'), french!, 2);
    const zoneHexes = hexBoard()
      .neighbours(row[0]!)
      .map((c) => c.to);
    const next = [...reach.values()].filter((r) => zoneHexes.includes(r.id));
    assert.ok(next.length > 0);
    for (const r of next) assert.equal(r.ended, true, r.id);
  });

  it('VB-MOVE-07, VB-HQ-06: a combat unit overruns a hex that holds only an enemy HQ, which is destroyed', () => {
    const row = clearRow();
    const s = put(cleared(), { [french!]: row[0]!, [germanHq!]: row[2]! });
    const r = reachableHexes(moveWorld(s, 'allies'), french!, 2).get(row[4]!);
    assert.ok(r, 'through the HQ hex');
    const destroyed = applyMove(s, french!, r.path);
    assert.deepEqual(destroyed, [germanHq]);
    assert.equal(s.units[germanHq!]!.at, 'out');
  });

  it('VB-MOVE-08, VB-HQ-08: an HQ does not enter an enemy zone of control unless a friendly combat unit is there', () => {
    const row = clearRow();
    const s = put(cleared(), { [frenchHq!]: row[0]!, [german!]: row[3]! });
    assert.equal(reachableHexes(moveWorld(s, 'allies'), frenchHq!, 2).has(row[2]!), false);
    put(s, { [french!]: row[2]! });
    assert.equal(reachableHexes(moveWorld(s, 'allies'), frenchHq!, 2).has(row[2]!), true);
  });

  it('VB-MOVE-09: friendly units never hinder a move', () => {
    const row = clearRow();
    const s = put(cleared(), { [french!]: row[0]!, [french2!]: row[1]!, [french3!]: row[2]! });
    assert.equal(reachableHexes(moveWorld(s, 'allies'), french!, 2).get(row[4]!)?.cost, 4);
  });

  it('VB-CTRL-02, VB-CTRL-03: a combat unit takes control of every hex it enters, and keeps it after it leaves', () => {
    const row = clearRow('germany', 4);
    const s = put(cleared(), { [french!]: row[0]! });
    const path = reachableHexes(moveWorld(s, 'allies'), french!, 2).get(row[3]!)!.path;
    applyMove(s, french!, path);
    for (const id of row.slice(1)) assert.equal(controller(s, id), 'allies', id);
  });
});

describe('doubled movement on Operational Turn 1', () => {
  it('VV-MOVE-02, VV-GEN-13: German units in Germany, France and Belgium move double on Operational Turn 1 only', () => {
    const row = clearRow('germany', 6);
    const s = put(cleared(), { [german!]: row[0]!, [german2!]: row[5]! });
    s.units[german2!]!.at = 'due';
    const first = reachableHexes(moveWorld(s, 'germany'), german!, 1);
    const later = reachableHexes(moveWorld(s, 'germany'), german!, 2);
    assert.equal(first.get(row[5]!)?.cost, 5);
    assert.equal(later.has(row[5]!), false);
  });

  it('VV-MOVE-03, VV-MOVE-04: Allied units never move double, and nobody does after Operational Turn 1', () => {
    const row = clearRow();
    const s = put(cleared(), { [french!]: row[0]! });
    assert.equal(reachableHexes(moveWorld(s, 'allies'), french!, 1).has(row[5]!), false);
  });

  it('VV-ENG-07: in England nobody moves double, not even the Germans on Operational Turn 1', () => {
    const english = [...allHexes()].find((h) => h.map === 'B' && plain(h, 'britain') && hexBoard().neighbours(h.id).length === 6)!;
    const s = put(cleared(), { [german!]: english.id });
    s.control[english.id] = 'germany';
    const first = [...reachableHexes(moveWorld(s, 'germany'), german!, 1).values()];
    assert.ok(
      first.every((r) => r.cost <= 4 || r.path.length === 2),
      'no more than 4 points',
    );
  });
});

describe('the path of a move, found alone (movement.ts pathTo)', () => {
  it("VB-MOVE-04, VV-MOVE-02: for the opening's units and every hex each may reach, a Movement Phase takes the range's path", () => {
    // The opening, on Operational Turn 1 (the German doubled allowance) and on turn 2: each unit's whole range against
    // the search for one hex, which skips the doubled search when the plain allowance reaches the hex.
    const state = openingState();
    let compared = 0;
    let doubledOnly = 0;
    for (const turn of [1, 2]) {
      for (const side of ['germany', 'allies'] as const) {
        const world = moveWorld(state, side);
        const movers = Object.keys(state.units).filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).side === side);
        for (const unit of movers.filter((_, i) => i % 7 === 0)) {
          const range = reachableHexes(world, unit, turn);
          for (const [to, reach] of range) {
            assert.deepEqual(pathTo(world, unit, to, turn), reach, `${unit} to ${to} on turn ${turn}`);
            compared += 1;
            if (turn === 1 && side === 'germany' && reach.cost > 4) doubledOnly += 1;
          }
          // A hex out of reach has no path.
          const far = [...allHexes()].find((h) => h.map === 'W' && h.land && !range.has(h.id) && h.id !== state.units[unit]!.at);
          if (far) assert.equal(pathTo(world, unit, far.id, turn), undefined);
        }
      }
    }
    assert.ok(compared > 1000, `${compared} paths compared`);
    assert.ok(doubledOnly > 50, `${doubledOnly} German paths beyond the plain allowance on turn 1`);
  });
});
