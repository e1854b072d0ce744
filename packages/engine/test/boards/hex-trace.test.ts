import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  areaGraph,
  boardDistance,
  checkAreaMap,
  gridDistance,
  hexAreaMap,
  hexBeyond,
  hexesWithin,
  hexLineBetween,
  traceHexPath,
  zoneOfControl,
  type HexCell,
  type HexStep,
} from '../../src/index.js';
import { loadTestBoard } from '../fixtures/hex-board.js';

const board = loadTestBoard();
const hexId = fc.constantFrom(...board.ids);
const noSeaSide = (s: HexStep) => !s.crossing.features.includes('all-sea');

describe('zones of control', () => {
  it('a unit exerts a zone into its six neighbours, except where the ruleset says a hexside stops it (all-sea)', () => {
    assert.deepEqual([...zoneOfControl(board, ['W7103']).keys()], ['W7003', 'W7004', 'W7102', 'W7104', 'W7203', 'W7204']);
    assert.deepEqual([...zoneOfControl(board, ['W7103'], { reaches: noSeaSide }).keys()], ['W7004', 'W7102', 'W7104', 'W7203', 'W7204']);
  });

  it('each hex of the zone names every unit hex whose zone reaches it, and a unit hex is in the zone only of another', () => {
    const zone = zoneOfControl(board, ['W6904', 'W6902', 'W6904']);
    assert.deepEqual(zone.get('W6903'), ['W6902', 'W6904']);
    assert.deepEqual(zone.get('W6801'), undefined);
    assert.equal(zone.has('W6902'), false);
    assert.deepEqual(zoneOfControl(board, ['W6902', 'W6903']).get('W6902'), ['W6903']);
  });

  it('a zone follows a link unless the ruleset stops it there', () => {
    assert.ok(zoneOfControl(board, ['W7005']).has('B1207'));
    assert.equal(zoneOfControl(board, ['W7005'], { reaches: (s) => s.crossing.link === undefined }).has('B1207'), false);
  });
});

describe('supply traces', () => {
  const allied = (cell: HexCell) => cell.features['supply-source'] === 'allied';
  const enemyUnits = new Set(['W6705']);
  const enemyZone = zoneOfControl(board, enemyUnits);
  // may not enter enemy units, nor their zone unless a friendly unit is there, nor cross an all-sea hexside
  const tracing = (friendly: ReadonlySet<string>) => (s: HexStep) =>
    !enemyUnits.has(s.to.id) && (!enemyZone.has(s.to.id) || friendly.has(s.to.id)) && noSeaSide(s);

  it('a trace finds the nearest supply source within its length, as the hexes from the unit to the source', () => {
    assert.deepEqual(traceHexPath(board, 'W6605', allied, { maxLength: 2 }), ['W6605', 'W6604', 'W6603']);
    assert.deepEqual(traceHexPath(board, 'W6603', allied), ['W6603'], 'a unit on a source traces to itself');
  });

  it('a trace longer than its limit fails', () => {
    assert.equal(traceHexPath(board, 'W6606', allied, { maxLength: 2 }), undefined);
    assert.deepEqual(traceHexPath(board, 'W6606', allied, { maxLength: 3 })?.length, 4);
  });

  it('a trace may not enter enemy units nor their zone of control, unless a friendly unit holds the hex', () => {
    // the enemy in W6705 holds W6704 in its zone; a friendly unit there opens the shortest way
    assert.deepEqual(traceHexPath(board, 'W6805', allied, { enters: tracing(new Set(['W6704'])) }), ['W6805', 'W6704', 'W6604', 'W6603']);
    assert.deepEqual(traceHexPath(board, 'W6805', allied, { enters: tracing(new Set()) }), ['W6805', 'W6804', 'W6703', 'W6603']);
    assert.equal(traceHexPath(board, 'W6805', allied, { enters: tracing(new Set()), maxLength: 2 }), undefined);
    assert.equal(traceHexPath(board, 'W6606', allied, { enters: tracing(new Set()) }), undefined, 'walled in by the zone and the map edge');
  });

  it('a trace crosses to the other map by the link, and the nearest source with the lowest id wins a tie', () => {
    assert.deepEqual(traceHexPath(board, 'W7005', (c) => c.name === 'London'), ['W7005', 'B1207', 'B1106', 'B1006', 'B1005']);
    assert.deepEqual(traceHexPath(board, 'W6703', (c) => c.id === 'W6603' || c.id === 'W6604'), ['W6703', 'W6603']);
  });

  it('the trace never enters a blocked hex nor runs past its length', () => {
    fc.assert(
      fc.property(hexId, fc.uniqueArray(hexId, { maxLength: 12 }), fc.option(fc.nat(10), { nil: undefined }), (from, walls, max) => {
        const blocked = new Set(walls);
        const enters = (s: HexStep) => !blocked.has(s.to.id);
        const path = traceHexPath(board, from, allied, max === undefined ? { enters } : { enters, maxLength: max });
        if (!path) return;
        assert.equal(path[0], from);
        assert.ok(allied(board.cell(path.at(-1)!)!));
        assert.ok(path.length - 1 <= (max ?? Infinity));
        for (let i = 1; i < path.length; i++) {
          assert.ok(!blocked.has(path[i]!), `${path[i]} is blocked`);
          assert.ok(board.crossing(path[i - 1]!, path[i]!));
        }
      }),
    );
  });
});

describe('ranges and distances', () => {
  it('the hexes within a range are counted step by step, across the link between maps (interception at range three)', () => {
    const within = hexesWithin(board, 'B1207', 3);
    assert.equal(within.get('B1207'), 0);
    assert.equal(within.get('W7005'), 1);
    assert.equal(within.get('W7104'), 2);
    assert.equal(within.get('B1005'), 3);
    assert.ok([...within.values()].every((d) => d <= 3));
    assert.deepEqual([...hexesWithin(board, 'W6601', 1).entries()], [['W6601', 0], ['W6602', 1], ['W6701', 1]]);
  });

  it('a range may leave out hexes the ruleset blocks', () => {
    assert.equal(hexesWithin(board, 'W7003', 1, { enters: noSeaSide }).has('W7103'), false);
    assert.equal(hexesWithin(board, 'W7003', 1).has('W7103'), true);
  });

  it('the board distance counts links; the grid distance is for one map only', () => {
    assert.equal(boardDistance(board, 'W7005', 'B1005'), 4);
    assert.equal(gridDistance(board, 'W7005', 'B1005'), undefined);
    assert.equal(gridDistance(board, 'W6601', 'W7306'), 9);
    assert.equal(boardDistance(board, 'W6601', 'W9999'), undefined);
  });

  it('distance is symmetric and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(hexId, hexId, hexId, (a, b, c) => {
        const ab = boardDistance(board, a, b)!;
        assert.equal(boardDistance(board, b, a), ab);
        assert.ok(boardDistance(board, a, c)! <= ab + boardDistance(board, b, c)!);
        assert.equal(hexesWithin(board, a, ab).get(b), ab);
      }),
      { numRuns: 200 },
    );
  });

  it('on one map with nothing blocking, the board counts the same distance as the grid', () => {
    fc.assert(
      fc.property(hexId, hexId, (a, b) => {
        fc.pre(a[0] === b[0]);
        assert.equal(boardDistance(board, a, b), gridDistance(board, a, b));
      }),
      { numRuns: 200 },
    );
  });
});

describe('lines', () => {
  it('the line between two hexes of one map runs through neighbours, from one to the other', () => {
    assert.deepEqual(hexLineBetween(board, 'W6601', 'W6604'), ['W6601', 'W6602', 'W6603', 'W6604']);
    assert.equal(hexLineBetween(board, 'W7005', 'B1207'), undefined, 'not across maps');
    fc.assert(
      fc.property(hexId, hexId, (a, b) => {
        fc.pre(a[0] === b[0]);
        const line = hexLineBetween(board, a, b);
        if (!line) return;
        assert.equal(line.length, gridDistance(board, a, b)! + 1);
        assert.equal(line[0], a);
        assert.equal(line.at(-1), b);
        for (let i = 1; i < line.length; i++) assert.equal(gridDistance(board, line[i - 1]!, line[i]!), 1);
      }),
      { numRuns: 200 },
    );
  });

  it('the hex beyond a neighbour is straight on (a unit pushed straight back), and none past the map edge', () => {
    assert.equal(hexBeyond(board, 'W6802', 'W6803'), 'W6804');
    assert.equal(hexBeyond(board, 'W6802', 'W6902'), 'W7003');
    assert.equal(hexBeyond(board, 'W6602', 'W6601'), undefined);
    assert.equal(hexBeyond(board, 'W6601', 'W6603'), undefined, 'not neighbours');
  });
});

describe('the board as an area map', () => {
  it('hexes become areas and neighbours connections, whose kind carries the hexside feature or the link', () => {
    const map = hexAreaMap(board);
    assert.deepEqual(checkAreaMap(map), []);
    assert.equal(map.areas.length, board.ids.length);
    assert.deepEqual(map.areas.find((a) => a.id === 'B1005'), { id: 'B1005', name: 'London', kind: 'clear' });
    const graph = areaGraph(map);
    assert.equal(graph.connection('W6902', 'W6802')?.kind, 'river+bridge');
    assert.equal(graph.connection('W7103', 'W7003')?.kind, 'all-sea');
    assert.equal(graph.connection('B1207', 'W7005')?.kind, 'channel-crossing');
    assert.equal(graph.connection('W6601', 'W6602')?.kind, 'open');
    const edges = board.ids.reduce((n, id) => n + board.neighbours(id).length, 0);
    assert.equal(map.connections.length, edges / 2);
  });

  it('the area graph and the hex board agree on distances', () => {
    const graph = areaGraph(hexAreaMap(board));
    fc.assert(
      fc.property(hexId, hexId, (a, b) => {
        assert.equal(graph.path(a, b)!.length - 1, boardDistance(board, a, b));
      }),
      { numRuns: 100 },
    );
  });
});
