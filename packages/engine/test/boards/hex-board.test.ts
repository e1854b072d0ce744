import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadHexBoard, type Problem } from '../../src/index.js';
import { hexBoardData, loadTestBoard } from '../fixtures/hex-board.js';

const problemsOf = (data: unknown): readonly Problem[] => {
  const loaded = loadHexBoard(data);
  assert.equal(loaded.ok, false, 'the board should be refused');
  return loaded.ok ? [] : loaded.error;
};

/** The test board's data with some lists changed. */
const changed = (patch: (data: Record<string, unknown[]>) => void): unknown => {
  const data = hexBoardData() as Record<string, unknown[]>;
  patch(data);
  return data;
};

describe('the board as data', () => {
  it('every column and row of every map is a hex, in id order, with its map terrain unless the data lists it', () => {
    const board = loadTestBoard();
    assert.equal(board.ids.length, 8 * 6 + 5 * 4);
    assert.equal(board.ids[0], 'B1005');
    assert.equal(board.ids.at(-1), 'W7306');
    assert.deepEqual([...board.ids], [...board.ids].sort());
    assert.equal(board.cell('W6601')?.terrain, 'clear');
    assert.equal(board.cell('W6705')?.terrain, 'mountain');
    assert.equal(board.cell('W6501'), undefined);
    assert.equal(board.cell('B0905'), undefined);
    assert.deepEqual(board.map('W'), {
      prefix: 'W',
      name: 'West',
      layout: { orientation: 'flat', offset: 'odd' },
      firstColumn: 66,
      lastColumn: 73,
      firstRow: 1,
      lastRow: 6,
      terrain: 'clear',
    });
  });

  it('hex features are an open record the ruleset reads: town, city, fortress, port, board edge, supply source', () => {
    const board = loadTestBoard();
    assert.deepEqual(board.cell('W7203')?.features, { city: true, fortress: 1 });
    assert.deepEqual(board.cell('B1005')?.features, { city: true, 'supply-source': 'allied', 'board-edge': 'north' });
    assert.equal(board.cell('B1005')?.name, 'London');
    assert.deepEqual(board.cell('W6601')?.features, {});
  });

  it('a crossing carries the features of its hexside, the same from either side', () => {
    const board = loadTestBoard();
    assert.deepEqual(board.crossing('W6802', 'W6902')?.features, ['river', 'bridge']);
    assert.deepEqual(board.crossing('W6902', 'W6802')?.features, ['river', 'bridge']);
    assert.equal(board.crossing('W6902', 'W6802')?.key, 'W6802|W6902');
    assert.deepEqual(board.crossing('W7103', 'W7003')?.features, ['all-sea']);
    assert.deepEqual(board.crossing('W6804', 'W6904')?.features, []);
    assert.equal(board.crossing('W6601', 'W6603'), undefined, 'not neighbours');
  });

  it('a link between maps makes its two hexes neighbours, with the link kind on the crossing', () => {
    const board = loadTestBoard();
    const across = board.crossing('W7005', 'B1207');
    assert.deepEqual(across, { from: 'W7005', to: 'B1207', key: 'B1207|W7005', features: [], link: 'channel-crossing' });
    assert.equal(board.crossing('B1207', 'W7005')?.link, 'channel-crossing');
    assert.deepEqual(board.neighbours('B1207').map((c) => c.to), ['B1106', 'B1107', 'B1108', 'B1206', 'B1208', 'B1307', 'W7005']);
  });

  it('edge and corner hexes have only the neighbours that are on the map', () => {
    const board = loadTestBoard();
    assert.deepEqual(board.neighbours('W6601').map((c) => c.to), ['W6602', 'W6701']);
    assert.deepEqual(board.neighbours('B1005').map((c) => c.to), ['B1006', 'B1105']);
    for (const id of board.ids) for (const c of board.neighbours(id)) assert.ok(board.crossing(c.to, id), `${c.to} → ${id}`);
  });
});

describe('bad boards give located problems', () => {
  it('an unknown hex in a link is named with its JSON path and the closest hex of its map', () => {
    const problems = problemsOf(changed((d) => void (d.links = [{ hexes: ['W7005', 'B1209'], kind: 'channel-crossing' }])));
    assert.deepEqual(problems, [
      {
        code: 'hex-board',
        message: "unknown hex 'B1209': map B has columns 10–14 and rows 05–08",
        path: '$.links[0].hexes[1]',
        suggestion: 'B1208',
      },
    ]);
  });

  it('an id on no map gets the closest valid id by spelling', () => {
    const [p] = problemsOf(changed((d) => void (d.links = [{ hexes: ['X7005', 'B1207'], kind: 'channel-crossing' }])));
    assert.equal(p?.path, '$.links[0].hexes[0]');
    assert.equal(p?.suggestion, 'W7005');
  });

  it('a hex listed twice is refused at its second place, naming the first', () => {
    const problems = problemsOf(changed((d) => d.hexes!.push({ id: 'W6705', terrain: 'forest' })));
    assert.deepEqual(problems.map((p) => [p.path, p.message]), [['$.hexes[14].id', 'hex W6705 is listed twice (first at $.hexes[1])']]);
  });

  it('a hexside between hexes that are not neighbours is refused', () => {
    const problems = problemsOf(changed((d) => d.hexsides!.push({ hexes: ['W6601', 'W6603'], features: ['river'] })));
    assert.deepEqual(problems.map((p) => [p.path, p.message]), [
      ['$.hexsides[7].hexes', 'W6601 and W6603 are not neighbours: a hexside lies between two neighbouring hexes'],
    ]);
  });

  it('hexsides across maps, hexsides given twice and links between neighbours are refused', () => {
    const problems = problemsOf(
      changed((d) => {
        d.hexsides!.push({ hexes: ['W7005', 'B1207'], features: ['all-sea'] }, { hexes: ['W6902', 'W6802'], features: ['river'] });
        d.links!.push({ hexes: ['W6601', 'W6602'], kind: 'tunnel' }, { hexes: ['B1207', 'W7005'], kind: 'tunnel' });
      }),
    );
    assert.deepEqual(problems.map((p) => p.path), ['$.hexsides[7].hexes', '$.hexsides[8].hexes', '$.links[1].hexes', '$.links[2].hexes']);
    assert.match(problems[1]!.message, /joined twice \(first at \$\.hexsides\[2\]\)/);
    assert.match(problems[2]!.message, /already neighbours/);
    assert.match(problems[3]!.message, /joined twice \(first at \$\.links\[0\]\)/);
  });

  it('a hex off its map, a map defined twice and a map past column 99 are refused', () => {
    const problems = problemsOf(
      changed((d) => {
        d.hexes!.push({ id: 'W7407', terrain: 'forest' });
        d.maps!.push({ prefix: 'B', orientation: 'flat', offset: 'odd', columns: 3, rows: 3, terrain: 'clear' });
        d.maps!.push({ prefix: 'E', orientation: 'flat', offset: 'odd', columns: 10, rows: 3, firstColumn: 95, terrain: 'clear' });
      }),
    );
    assert.deepEqual(problems.map((p) => [p.path, p.suggestion]), [
      ['$.maps[2].prefix', undefined],
      ['$.maps[3]', undefined],
      ['$.hexes[14].id', 'W7306'],
    ]);
  });

  it('data of the wrong shape is refused by the schema, with paths', () => {
    const map = { prefix: 'w', orientation: 'round', offset: 'odd', columns: 0, rows: 4, terrain: 'clear' };
    const problems = problemsOf({ maps: [map], extra: 1 });
    const paths = problems.map((p) => p.path);
    for (const path of ['$.maps[0].prefix', '$.maps[0].orientation', '$.maps[0].columns', '$.extra']) assert.ok(paths.includes(path), path);
    assert.ok(problems.every((p) => p.code === (p.path === '$.extra' ? 'unknown-field' : 'hex-board-schema')));
    const ids = problemsOf(changed((d) => d.hexes!.push({ id: 'W24' })));
    assert.deepEqual(ids.map((p) => p.path), ['$.hexes[14].id']);
    assert.match(ids[0]!.message, /like W2428/);
  });
});
