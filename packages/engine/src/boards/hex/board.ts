import { compareCodeUnits } from '../../canonical.js';
import { hexAdd, HEX_DIRECTIONS, hexKey, type Hex } from '../../map/hex.js';
import { formatHexId, offsetToAxial, type HexLayout } from './coordinates.js';
import { hexsideKey } from './hexsides.js';
import type { HexBoardData, HexFeatures, HexMapData } from './schema.js';

/**
 * A hex board ready for play: every hex of every map with its terrain, features and neighbours, each neighbour with
 * the hexside (or link) crossed to reach it. Built from checked data by `loadHexBoard`; the data stays the
 * serializable source of truth, the board is the index over it.
 */

/** One map of the board, with its printed column and row ranges resolved. */
export interface HexMap {
  readonly prefix: string;
  readonly name?: string;
  readonly layout: HexLayout;
  readonly firstColumn: number;
  readonly lastColumn: number;
  readonly firstRow: number;
  readonly lastRow: number;
  /** The terrain of hexes the data does not list. */
  readonly terrain: string;
}

export interface HexCell {
  readonly id: string;
  readonly map: string;
  readonly column: number;
  readonly row: number;
  /** Axial coordinates on its own map. */
  readonly axial: Hex;
  readonly terrain: string;
  readonly name?: string;
  readonly features: HexFeatures;
}

/** A way from one hex to a neighbour: across a hexside of the grid, or along a link between maps. */
export interface HexCrossing {
  readonly from: string;
  readonly to: string;
  /** The hexside key (`hexsideKey(from, to)`), the same for the way back. */
  readonly key: string;
  /** The features of the hexside, as the data lists them; empty for a plain hexside and for a link. */
  readonly features: readonly string[];
  /** The link's kind, when the crossing follows a link rather than a hexside of the grid. */
  readonly link?: string;
}

/** One step of a search, as a ruleset's cost and blocking rules see it: the two hexes and what lies between. */
export interface HexStep {
  readonly from: HexCell;
  readonly to: HexCell;
  readonly crossing: HexCrossing;
}

export interface HexBoard {
  readonly data: HexBoardData;
  readonly maps: readonly HexMap[];
  /** Every hex id of the board, in code-unit order. */
  readonly ids: readonly string[];
  map(prefix: string): HexMap | undefined;
  cell(id: string): HexCell | undefined;
  /** The hex of a map at axial coordinates, if the map has one there. */
  cellAt(map: string, axial: Hex): HexCell | undefined;
  /** The ways out of a hex, ordered by the id of the hex they reach. */
  neighbours(id: string): readonly HexCrossing[];
  /** The same ways out as steps between cells: what searches hand to a ruleset's rules. */
  steps(id: string): readonly HexStep[];
  /** The way from a hex to a neighbour, or undefined when they are not neighbours. */
  crossing(from: string, to: string): HexCrossing | undefined;
}

export function resolveHexMap(data: HexMapData): HexMap {
  const firstColumn = data.firstColumn ?? 1;
  const firstRow = data.firstRow ?? 1;
  return {
    prefix: data.prefix,
    ...(data.name !== undefined ? { name: data.name } : {}),
    layout: { orientation: data.orientation, offset: data.offset },
    firstColumn,
    lastColumn: firstColumn + data.columns - 1,
    firstRow,
    lastRow: firstRow + data.rows - 1,
    terrain: data.terrain,
  };
}

/** Whether a printed column and row lie on a map. */
export const onHexMap = (map: HexMap, column: number, row: number): boolean =>
  column >= map.firstColumn && column <= map.lastColumn && row >= map.firstRow && row <= map.lastRow;

const placeKey = (map: string, axial: Hex) => `${map}:${hexKey(axial)}`;

/** The board over data that has passed `loadHexBoard`'s checks (unknown ids in hexsides or links are skipped). */
export function buildHexBoard(data: HexBoardData): HexBoard {
  const maps = data.maps.map(resolveHexMap);
  const listed = new Map((data.hexes ?? []).map((h) => [h.id, h]));
  const cells = new Map<string, HexCell>();
  const places = new Map<string, string>();
  for (const map of maps) {
    for (let column = map.firstColumn; column <= map.lastColumn; column++) {
      for (let row = map.firstRow; row <= map.lastRow; row++) {
        const id = formatHexId({ map: map.prefix, column, row });
        const axial = offsetToAxial(map.layout, { column, row });
        const h = listed.get(id);
        cells.set(id, {
          id,
          map: map.prefix,
          column,
          row,
          axial,
          terrain: h?.terrain ?? map.terrain,
          ...(h?.name !== undefined ? { name: h.name } : {}),
          features: h?.features ?? {},
        });
        places.set(placeKey(map.prefix, axial), id);
      }
    }
  }
  const sideFeatures = new Map((data.hexsides ?? []).map((s) => [hexsideKey(s.hexes[0], s.hexes[1]), s.features]));
  const ways = new Map<string, HexCrossing[]>();
  for (const cell of cells.values()) {
    const out: HexCrossing[] = [];
    for (const d of HEX_DIRECTIONS) {
      const to = places.get(placeKey(cell.map, hexAdd(cell.axial, d)));
      if (to === undefined) continue;
      const key = hexsideKey(cell.id, to);
      out.push({ from: cell.id, to, key, features: sideFeatures.get(key) ?? [] });
    }
    ways.set(cell.id, out);
  }
  for (const link of data.links ?? []) {
    const [a, b] = link.hexes;
    const key = hexsideKey(a, b);
    ways.get(a)?.push({ from: a, to: b, key, features: [], link: link.kind });
    ways.get(b)?.push({ from: b, to: a, key, features: [], link: link.kind });
  }
  const steps = new Map<string, HexStep[]>();
  for (const [id, out] of ways) {
    out.sort((x, y) => compareCodeUnits(x.to, y.to));
    steps.set(id, out.map((crossing) => ({ from: cells.get(id)!, to: cells.get(crossing.to)!, crossing })));
  }
  const byPrefix = new Map(maps.map((m) => [m.prefix, m]));
  const ids = [...cells.keys()].sort(compareCodeUnits);
  return {
    data,
    maps,
    ids,
    map: (prefix) => byPrefix.get(prefix),
    cell: (id) => cells.get(id),
    cellAt: (map, axial) => cells.get(places.get(placeKey(map, axial)) ?? ''),
    neighbours: (id) => ways.get(id) ?? [],
    steps: (id) => steps.get(id) ?? [],
    crossing: (from, to) => ways.get(from)?.find((w) => w.to === to),
  };
}

