import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  areaGraph,
  checkAreaMap,
  hex,
  HEX_DIRECTIONS,
  hexDistance,
  hexEquals,
  hexKey,
  hexLine,
  hexNeighbours,
  hexPath,
  hexRing,
  hexSpiral,
  type AreaMap,
  type Hex,
} from '../src/index.js';
import { DUEL_MAP } from './fixtures/duel.js';

//   a —land— b —land— c
//   |coast            |coast
//   s1 ——sea—————— s2 —coast— island
const MAP: AreaMap = {
  areas: [
    { id: 'a', name: 'Alsace', kind: 'land' },
    { id: 'b', name: 'Burgundy', kind: 'land' },
    { id: 'c', name: 'Champagne', kind: 'land' },
    { id: 's1', name: 'Channel', kind: 'sea' },
    { id: 's2', name: 'Biscay', kind: 'sea' },
    { id: 'island', name: 'Island', kind: 'land' },
  ],
  connections: [
    { a: 'a', b: 'b', kind: 'land' },
    { a: 'b', b: 'c', kind: 'land' },
    { a: 'a', b: 's1', kind: 'coast' },
    { a: 's1', b: 's2', kind: 'sea' },
    { a: 's2', b: 'island', kind: 'coast' },
    { a: 'c', b: 's2', kind: 'coast' },
  ],
};
const g = areaGraph(MAP);
const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id).sort();

describe('area maps', () => {
  it('reads every connection both ways', () => {
    assert.deepEqual(ids(g.neighbours('b')), ['a', 'c']);
    assert.deepEqual(ids(g.neighbours('s2')), ['c', 'island', 's1']);
    assert.deepEqual(ids(g.neighbours('island')), ['s2']);
    for (const c of MAP.connections) {
      assert.ok(g.adjacent(c.a, c.b) && g.adjacent(c.b, c.a), `${c.a}-${c.b}`);
      assert.deepEqual(g.connection(c.b, c.a), c);
      assert.deepEqual(g.connection(c.a, c.b), c);
    }
    assert.equal(g.adjacent('a', 'c'), false);
    assert.equal(g.connection('a', 'c'), undefined);
    assert.deepEqual(g.neighbours('nowhere'), []);
    assert.equal(g.area('b')?.name, 'Burgundy');
    assert.equal(g.area('zz'), undefined);
  });

  it('filters neighbours by connection kind', () => {
    assert.deepEqual(g.neighbours('a', ['land']), [{ id: 'b', kind: 'land' }]);
    assert.deepEqual(g.neighbours('a', ['coast']), [{ id: 's1', kind: 'coast' }]);
    assert.deepEqual(ids(g.neighbours('s2', ['coast', 'sea'])), ['c', 'island', 's1']);
    assert.deepEqual(g.neighbours('s2', ['land']), []);
    assert.equal(g.adjacent('a', 's1', ['land']), false);
    assert.equal(g.adjacent('s1', 'a', ['coast']), true);
  });

  it('finds shortest paths, through allowed kinds and areas only', () => {
    assert.deepEqual(g.path('a', 'island'), ['a', 's1', 's2', 'island']);
    assert.deepEqual(g.path('island', 'a'), ['island', 's2', 's1', 'a']);
    assert.deepEqual(g.path('a', 'c', { kinds: ['land'] }), ['a', 'b', 'c']);
    assert.equal(g.path('a', 'island', { kinds: ['land'] }), null);
    assert.deepEqual(g.path('a', 'island', { pass: (id) => id !== 's1' }), ['a', 'b', 'c', 's2', 'island']);
    assert.equal(g.path('a', 'island', { pass: (id) => id !== 'island' }), null, 'the ends must be passable too');
    assert.equal(g.path('a', 'c', { pass: (id) => id !== 'a' }), null);
    assert.deepEqual(g.path('b', 'b'), ['b']);
    assert.equal(g.path('a', 'nowhere'), null);
  });

  it('lists areas within a number of steps, with their distance', () => {
    assert.deepEqual([...g.within('a', 0)], [['a', 0]]);
    assert.deepEqual(Object.fromEntries(g.within('a', 1)), { a: 0, b: 1, s1: 1 });
    assert.deepEqual(Object.fromEntries(g.within('a', 2)), { a: 0, b: 1, s1: 1, c: 2, s2: 2 });
    assert.deepEqual(Object.fromEntries(g.within('a', 9)), { a: 0, b: 1, s1: 1, c: 2, s2: 2, island: 3 });
    assert.deepEqual(Object.fromEntries(g.within('a', 9, { kinds: ['land'] })), { a: 0, b: 1, c: 2 });
    assert.deepEqual(Object.fromEntries(g.within('a', 9, { pass: (id) => id !== 'b' })), { a: 0, s1: 1, s2: 2, c: 3, island: 3 });
  });

  it('checkAreaMap accepts a sound map', () => {
    assert.deepEqual(checkAreaMap(MAP), []);
    assert.deepEqual(checkAreaMap(DUEL_MAP), []);
    assert.deepEqual(checkAreaMap({ areas: [], connections: [] }), []);
  });

  it('checkAreaMap finds unknown ends, self-loops, duplicates and unreachable areas', () => {
    const broken: AreaMap = {
      areas: [...MAP.areas, { id: 'b', name: 'Burgundy again', kind: 'land' }, { id: 'lonely', name: 'Lonely', kind: 'land' }],
      connections: [...MAP.connections, { a: 'c', b: 'zz', kind: 'land' }, { a: 'b', b: 'a', kind: 'land' }, { a: 'c', b: 'c', kind: 'land' }],
    };
    assert.deepEqual(checkAreaMap(broken), [
      "area 'b' is defined twice",
      "connection 6 names unknown area 'zz'",
      "'b' and 'a' are connected twice",
      "connection 8 joins 'c' to itself",
      "area 'lonely' cannot be reached from 'a'",
    ]);
  });
});

const origin = hex(0, 0);
const around = (radius: number): Hex[] => hexSpiral(origin, radius);
const noNegativeZero = (h: Hex) => !Object.is(h.q, -0) && !Object.is(h.r, -0);

describe('hex grids', () => {
  it('measures distance symmetrically, in steps', () => {
    assert.equal(hexDistance(origin, origin), 0);
    assert.equal(hexDistance(origin, hex(3, -1)), 3);
    assert.equal(hexDistance(hex(-2, 4), hex(1, -1)), 5);
    assert.equal(hexDistance(hex(2, 2), hex(-1, -1)), 6);
    for (const a of around(2)) for (const b of around(2)) assert.equal(hexDistance(a, b), hexDistance(b, a));
  });

  it('has six distinct neighbours, each one step away, and they are neighbours back', () => {
    const h = hex(2, -5);
    const ns = hexNeighbours(h);
    assert.equal(ns.length, 6);
    assert.equal(new Set(ns.map(hexKey)).size, 6);
    for (const n of ns) {
      assert.equal(hexDistance(h, n), 1);
      assert.ok(hexNeighbours(n).some((m) => hexEquals(m, h)));
    }
    assert.equal(HEX_DIRECTIONS.length, 6);
  });

  it('draws lines from end to end through adjacent hexes', () => {
    const hexes = around(4);
    for (const a of [origin, hex(2, -3), hex(-4, 1)]) {
      for (const b of hexes) {
        const line = hexLine(a, b);
        assert.equal(line.length, hexDistance(a, b) + 1, `${hexKey(a)} → ${hexKey(b)}`);
        assert.ok(hexEquals(line[0]!, a) && hexEquals(line.at(-1)!, b));
        for (let i = 1; i < line.length; i++) assert.equal(hexDistance(line[i - 1]!, line[i]!), 1);
        assert.ok(line.every(noNegativeZero));
      }
    }
    assert.deepEqual(hexLine(hex(1, 1), hex(1, 1)), [hex(1, 1)]);
    assert.deepEqual(hexLine(origin, hex(3, 0)), [hex(0, 0), hex(1, 0), hex(2, 0), hex(3, 0)]);
  });

  it('makes rings of 6k hexes at distance k', () => {
    assert.deepEqual(hexRing(hex(1, 1), 0), [hex(1, 1)]);
    for (let k = 1; k <= 5; k++) {
      const ring = hexRing(hex(1, -2), k);
      assert.equal(ring.length, 6 * k);
      assert.equal(new Set(ring.map(hexKey)).size, 6 * k);
      assert.ok(ring.every((h) => hexDistance(h, hex(1, -2)) === k));
      for (let i = 0; i < ring.length; i++) assert.equal(hexDistance(ring[i]!, ring[(i + 1) % ring.length]!), 1, 'a ring goes round');
    }
  });

  it('makes spirals of 1 + 3r(r+1) hexes, centre first', () => {
    for (let r = 0; r <= 5; r++) {
      const s = hexSpiral(hex(-1, 2), r);
      assert.equal(s.length, 1 + 3 * r * (r + 1));
      assert.equal(new Set(s.map(hexKey)).size, s.length);
      assert.ok(hexEquals(s[0]!, hex(-1, 2)));
      assert.ok(s.every((h) => hexDistance(h, hex(-1, 2)) <= r));
    }
  });

  describe('hexPath', () => {
    // a wall at q = 1 from r = -3 to r = 3 between (0,0) and (2,0)
    const wall = new Set([-3, -2, -1, 0, 1, 2, 3].map((r) => hexKey(hex(1, r))));
    const walled = (_a: Hex, b: Hex) => (wall.has(hexKey(b)) ? Infinity : 1);
    const valid = (path: readonly Hex[], from: Hex, to: Hex) => {
      assert.ok(hexEquals(path[0]!, from) && hexEquals(path.at(-1)!, to));
      for (let i = 1; i < path.length; i++) assert.equal(hexDistance(path[i - 1]!, path[i]!), 1);
    };

    it('goes straight when nothing is in the way', () => {
      const p = hexPath(origin, hex(2, 0), () => 1)!;
      assert.equal(p.cost, 2);
      assert.equal(p.path.length, 3);
      valid(p.path, origin, hex(2, 0));
      assert.deepEqual(hexPath(origin, origin, () => 1), { path: [origin], cost: 0 });
    });

    it('goes round a wall by the cheapest way', () => {
      const p = hexPath(origin, hex(2, 0), walled)!;
      assert.ok(p, 'a path round the wall');
      assert.equal(p.cost, 9);
      assert.equal(p.path.length, 10);
      valid(p.path, origin, hex(2, 0));
      assert.ok(p.path.every((h) => !wall.has(hexKey(h))));
    });

    it('gives up when the path would cost more than the limit', () => {
      assert.equal(hexPath(origin, hex(2, 0), walled, 8), null);
      assert.equal(hexPath(origin, hex(2, 0), walled, 9)?.cost, 9);
    });

    it('weighs terrain costs', () => {
      // (1,0) is a marsh costing 5: going round it costs 3
      const marsh = (_a: Hex, b: Hex) => (hexEquals(b, hex(1, 0)) ? 5 : 1);
      const p = hexPath(origin, hex(2, 0), marsh)!;
      assert.equal(p.cost, 3);
      assert.ok(p.path.every((h) => !hexEquals(h, hex(1, 0))));
      valid(p.path, origin, hex(2, 0));
    });

    it('returns null when the target cannot be reached on a bounded board', () => {
      const target = hex(3, 0);
      const board = (_a: Hex, b: Hex) => (hexDistance(origin, b) > 5 || hexDistance(b, target) === 1 ? Infinity : 1);
      assert.equal(hexPath(origin, target, board), null);
    });
  });
});
