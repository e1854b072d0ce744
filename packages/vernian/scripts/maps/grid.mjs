// The two hex grids: pointy-topped hexes 15.3 km across the flats, in rows, laid on each map's projection.
// Geometry works on an integer lattice so that shared corners and hexsides are exact:
//   u = 2 * column + (1 if the row is shifted half a hex right), v = 3 * row;
//   x = x0 + (u - u0) * FLAT / 2, y = y0 + (v - v0) * SIZE / 2 (km; y grows southwards).
import { makeProjection } from './geo.mjs';

/** Hex width across the flats (9.5 miles) and the centre-to-corner size, in km. */
export const FLAT_KM = 15.3;
export const SIZE_KM = FLAT_KM / Math.sqrt(3);

/**
 * The maps. `anchor` pins one printed hex's centre to a point: that fixes the whole grid.
 * W7005's centre is on the coast at Malo-les-Bains/Zuydcoote, 5.4 km east of Dunkirk's centre, so that Dunkirk lies in
 * W7005 and Karlsruhe in column 98, one hex inside the east edge.
 */
export const MAP_DEFS = [
  {
    prefix: 'W',
    name: 'West',
    orientation: 'pointy',
    offset: 'odd',
    firstColumn: 54,
    columns: 46,
    firstRow: 0,
    rows: 45,
    terrain: 'clear',
    projection: { parallels: [47.5, 51], centre: [4.5, 49.5] },
    anchor: { column: 70, row: 5, lonlat: [2.454, 51.0343] },
    /** Nations played on this map; land of other nations is shown as sea and marked `other-map`. */
    nations: ['belgium', 'france', 'germany', 'italy', 'luxembourg', 'netherlands', 'switzerland'],
    otherMap: 'B',
  },
  {
    prefix: 'B',
    name: 'England',
    orientation: 'pointy',
    offset: 'odd',
    firstColumn: 1,
    columns: 19,
    firstRow: 1,
    rows: 18,
    terrain: 'clear',
    projection: { parallels: [50.8, 52.4], centre: [-0.2, 51.6] },
    /** Charing Cross, the traditional centre of London, is the centre of the London hex. */
    anchor: { column: 10, row: 10, lonlat: [-0.1246, 51.5074] },
    nations: ['britain'],
    otherMap: 'W',
  },
];

const CORNERS = [[1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1], [0, -2]];
/** The neighbour across edge i (between corner i and corner i + 1): E, SE, SW, W, NW, NE. */
const NEIGHBOURS = [[2, 0], [1, 3], [-1, 3], [-2, 0], [-1, -3], [1, -3]];
export const DIRECTIONS = ['E', 'SE', 'SW', 'W', 'NW', 'NE'];

const two = (n) => String(n).padStart(2, '0');

export function makeGrid(def) {
  const project = makeProjection(def.projection);
  const shifted = (row) => (def.offset === 'odd' ? Math.abs(row % 2) === 1 : row % 2 === 0);
  const lastColumn = def.firstColumn + def.columns - 1;
  const lastRow = def.firstRow + def.rows - 1;
  const lattice = (column, row) => [2 * column + (shifted(row) ? 1 : 0), 3 * row];
  const [u0, v0] = lattice(def.anchor.column, def.anchor.row);
  const [x0, y0] = project(def.anchor.lonlat);
  const toXY = ([u, v]) => [x0 + ((u - u0) * FLAT_KM) / 2, y0 + ((v - v0) * SIZE_KM) / 2];
  const onMap = (column, row) => column >= def.firstColumn && column <= lastColumn && row >= def.firstRow && row <= lastRow;
  const fromLattice = ([u, v]) => {
    if (v % 3 !== 0) return undefined;
    const row = v / 3;
    const c = u - (shifted(row) ? 1 : 0);
    return c % 2 === 0 ? { column: c / 2, row } : undefined;
  };
  const id = (column, row) => `${def.prefix}${two(column)}${two(row)}`;
  const parse = (hexId) => ({ column: Number(hexId.slice(-4, -2)), row: Number(hexId.slice(-2)) });

  const ids = [];
  for (let row = def.firstRow; row <= lastRow; row++) {
    for (let column = def.firstColumn; column <= lastColumn; column++) ids.push(id(column, row));
  }
  ids.sort();

  /** The printed hex whose centre is nearest the point, on or off the map. */
  const nearestHex = ([x, y]) => {
    const vf = (y - y0) / (SIZE_KM / 2) + v0;
    let best;
    for (let row = Math.floor(vf / 3) - 1; row <= Math.ceil(vf / 3) + 1; row++) {
      const uf = (x - x0) / (FLAT_KM / 2) + u0;
      const column = Math.round((uf - (shifted(row) ? 1 : 0)) / 2);
      const [cx, cy] = toXY(lattice(column, row));
      const d = Math.hypot(cx - x, cy - y);
      if (!best || d < best.d) best = { column, row, d };
    }
    return { column: best.column, row: best.row };
  };

  const grid = {
    def,
    project,
    invert: (xy) => project.invert(xy),
    lastColumn,
    lastRow,
    ids,
    id,
    parse,
    onMap,
    lattice,
    toXY,
    centre: (hexId) => {
      const { column, row } = parse(hexId);
      return toXY(lattice(column, row));
    },
    /** The hex id holding a planar point, or undefined off the map. */
    hexAtXY: (xy) => {
      const h = nearestHex(xy);
      return onMap(h.column, h.row) ? id(h.column, h.row) : undefined;
    },
    hexAt: (lonlat) => grid.hexAtXY(project(lonlat)),
    /** The six neighbours as { dir, id, edge: [corner lattice a, corner lattice b] }; id undefined off the map. */
    around: (hexId) => {
      const { column, row } = parse(hexId);
      const [u, v] = lattice(column, row);
      return NEIGHBOURS.map(([du, dv], i) => {
        const n = fromLattice([u + du, v + dv]);
        const a = CORNERS[i];
        const b = CORNERS[(i + 1) % 6];
        return {
          dir: DIRECTIONS[i],
          id: n && onMap(n.column, n.row) ? id(n.column, n.row) : undefined,
          edge: [[u + a[0], v + a[1]], [u + b[0], v + b[1]]],
        };
      });
    },
    neighbours: (hexId) => grid.around(hexId).map((n) => n.id).filter(Boolean),
    corners: (hexId) => {
      const { column, row } = parse(hexId);
      const [u, v] = lattice(column, row);
      return CORNERS.map(([du, dv]) => toXY([u + du, v + dv]));
    },
    /** Which board edge a hex lies on: rows first (so the corners belong to the north and south edges). */
    edge: (hexId) => {
      const { column, row } = parse(hexId);
      if (row === def.firstRow) return 'north';
      if (row === lastRow) return 'south';
      if (column === def.firstColumn) return 'west';
      if (column === lastColumn) return 'east';
      return undefined;
    },
  };
  return grid;
}

/** Offsets (km) of sample points spread over a hex: a square lattice of about 45 points inside it. */
export function hexSamples(step = SIZE_KM / 4) {
  const points = [];
  for (let j = -4; j <= 4; j++) {
    for (let i = -4; i <= 4; i++) {
      const dx = (i * FLAT_KM) / 8 + (j % 2 ? FLAT_KM / 16 : 0);
      const dy = j * step;
      if (Math.abs(dx) <= FLAT_KM / 2 - 0.01 && Math.abs(dy) <= SIZE_KM - Math.abs(dx) / Math.sqrt(3) - 0.01) points.push([dx, dy]);
    }
  }
  return points;
}

/** Lattice vertex key. */
export const vertexKey = ([u, v]) => `${u},${v}`;
