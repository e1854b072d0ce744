import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  axialToOffset,
  formatHexId,
  hexDistance,
  hexGeometry,
  hexNeighbours,
  hexsideEnds,
  hexsideKey,
  offsetToAxial,
  parseHexId,
  type HexLayout,
} from '../../src/index.js';

const LAYOUTS: readonly HexLayout[] = [
  { orientation: 'flat', offset: 'odd' },
  { orientation: 'flat', offset: 'even' },
  { orientation: 'pointy', offset: 'odd' },
  { orientation: 'pointy', offset: 'even' },
];
const layout = fc.constantFrom(...LAYOUTS);
const place = fc.record({ column: fc.integer({ min: 0, max: 99 }), row: fc.integer({ min: 0, max: 99 }) });

describe('hex ids', () => {
  it('a hex id is the map prefix, then the column and the row on two digits each (W2428 is column 24, row 28 of W)', () => {
    assert.deepEqual(parseHexId('W2428'), { map: 'W', column: 24, row: 28 });
    assert.deepEqual(parseHexId('B1207'), { map: 'B', column: 12, row: 7 });
    assert.equal(formatHexId({ map: 'W', column: 70, row: 5 }), 'W7005');
    assert.equal(formatHexId({ map: 'B', column: 1, row: 0 }), 'B0100');
  });

  it('text that is not a prefix and four digits is no hex id', () => {
    for (const bad of ['W242', 'W24281', '2428', 'w2428', 'W24a8', 'WXYZ1234', '']) assert.equal(parseHexId(bad), undefined, bad);
  });

  it('formatting and parsing an id give back the same hex', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{1,3}$/), place, (map, at) => {
        assert.deepEqual(parseHexId(formatHexId({ map, ...at })), { map, ...at });
      }),
    );
  });
});

describe('offset and axial coordinates', () => {
  it('printed column and row go to axial coordinates and back unchanged, in every layout', () => {
    fc.assert(
      fc.property(layout, place, (l, at) => {
        assert.deepEqual(axialToOffset(l, offsetToAxial(l, at)), { ...at });
      }),
    );
  });

  it('flat hexes with odd columns half a hex down: an even column touches the odd columns on its own row and the row above', () => {
    const l: HexLayout = { orientation: 'flat', offset: 'odd' };
    const dist = (a: string, b: string) => hexDistance(offsetToAxial(l, parseHexId(a)!), offsetToAxial(l, parseHexId(b)!));
    for (const n of ['W6801', 'W6803', 'W6702', 'W6701', 'W6902', 'W6901']) assert.equal(dist('W6802', n), 1, n);
    for (const n of ['W6703', 'W6903']) assert.equal(dist('W6802', n), 2, n);
    // and an odd column touches the even columns on its own row and the row below
    for (const n of ['W6901', 'W6903', 'W6802', 'W6803', 'W7002', 'W7003']) assert.equal(dist('W6902', n), 1, n);
    for (const n of ['W6801', 'W7001']) assert.equal(dist('W6902', n), 2, n);
  });

  it('pointy hexes with even rows half a hex right: an odd row touches the even rows in its own column and the one left', () => {
    const l: HexLayout = { orientation: 'pointy', offset: 'even' };
    const dist = (a: string, b: string) => hexDistance(offsetToAxial(l, parseHexId(a)!), offsetToAxial(l, parseHexId(b)!));
    for (const n of ['B1106', 'B1206', 'B1108', 'B1208', 'B1107', 'B1307']) assert.equal(dist('B1207', n), 1, n);
    for (const n of ['B1306', 'B1308']) assert.equal(dist('B1207', n), 2, n);
  });

  it('the six axial neighbours of a hex are printed at most one column and one row away from it', () => {
    fc.assert(
      fc.property(layout, place, (l, at) => {
        const centre = offsetToAxial(l, at);
        for (const n of hexNeighbours(centre)) {
          const o = axialToOffset(l, n);
          assert.ok(Math.abs(o.column - at.column) <= 1 && Math.abs(o.row - at.row) <= 1, JSON.stringify({ at, o }));
        }
      }),
    );
  });
});

describe('drawing points', () => {
  it('a hex has six corners, each one size from its centre, and neighbouring centres are √3 sizes apart', () => {
    for (const l of LAYOUTS) {
      const g = hexGeometry(l, 10);
      const a = offsetToAxial(l, { column: 3, row: 4 });
      const c = g.centre(a);
      const corners = g.corners(a);
      assert.equal(corners.length, 6);
      for (const p of corners) assert.ok(Math.abs(Math.hypot(p.x - c.x, p.y - c.y) - 10) < 1e-9);
      const n = g.centre({ q: a.q + 1, r: a.r });
      assert.ok(Math.abs(Math.hypot(n.x - c.x, n.y - c.y) - 10 * Math.sqrt(3)) < 1e-9);
    }
  });

  it('flat maps put later columns to the right and shifted columns lower; pointy maps shift rows to the right', () => {
    const flat = { orientation: 'flat', offset: 'odd' } as const;
    const g = hexGeometry(flat);
    const at = (column: number, row: number) => g.centre(offsetToAxial(flat, { column, row }));
    assert.ok(at(67, 1).x > at(66, 1).x);
    assert.ok(at(67, 1).y > at(66, 1).y, 'odd columns sit half a hex down');
    assert.ok(at(66, 2).y > at(66, 1).y, 'rows run downwards');
    const pointy = { orientation: 'pointy', offset: 'even' } as const;
    const p = hexGeometry(pointy);
    const pt = (column: number, row: number) => p.centre(offsetToAxial(pointy, { column, row }));
    assert.ok(pt(10, 6).x > pt(10, 5).x, 'even rows sit half a hex right');
    assert.equal(pt(10, 7).x, pt(10, 5).x);
  });
});

describe('hexside keys', () => {
  it('a hexside has one key whichever side it is named from, and the key gives back its two hexes', () => {
    assert.equal(hexsideKey('W2528', 'W2428'), 'W2428|W2528');
    assert.equal(hexsideKey('W2428', 'W2528'), 'W2428|W2528');
    assert.deepEqual(hexsideEnds('W2428|W2528'), ['W2428', 'W2528']);
    assert.equal(hexsideEnds('W2428'), undefined);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(!a.includes('|') && !b.includes('|') && a !== '' && b !== '');
        assert.equal(hexsideKey(a, b), hexsideKey(b, a));
        assert.deepEqual([...hexsideEnds(hexsideKey(a, b))!].sort(), [a, b].sort());
      }),
    );
  });
});
