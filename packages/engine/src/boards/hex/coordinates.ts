import { defineHex, hexToOffset, offsetToCube, Orientation } from 'honeycomb-grid';
import { hex, type Hex } from '../../map/hex.js';

/**
 * Hex ids and coordinates. A printed hex map numbers its hexes by column and row ("offset" coordinates, as on the
 * map): W2428 is column 24, row 28 of map W. Searches and geometry work in axial coordinates (q, r), the `Hex` of
 * map/hex.ts. The conversion and the drawing points come from honeycomb-grid.
 */

/** Flat-topped hexes stand in vertical columns; pointy-topped hexes lie in horizontal rows. */
export type HexOrientation = 'flat' | 'pointy';
/**
 * Which columns (flat) or rows (pointy), by their printed number, sit half a hex lower (flat) or further right
 * (pointy) than their neighbours.
 */
export type HexOffsetParity = 'odd' | 'even';

export interface HexLayout {
  readonly orientation: HexOrientation;
  readonly offset: HexOffsetParity;
}

/** A hex as printed: its map's prefix, column and row. */
export interface HexAddress {
  readonly map: string;
  readonly column: number;
  readonly row: number;
}

export interface HexPoint {
  readonly x: number;
  readonly y: number;
}

const HEX_ID = /^([A-Z]{1,3})(\d{2})(\d{2})$/;

/** W2428 → { map: 'W', column: 24, row: 28 }; undefined when the text is not a hex id. */
export function parseHexId(id: string): HexAddress | undefined {
  const m = HEX_ID.exec(id);
  if (!m) return undefined;
  return { map: m[1]!, column: Number(m[2]), row: Number(m[3]) };
}

/** { map: 'W', column: 7, row: 5 } → W0705: the prefix, then column and row on two digits each. */
export function formatHexId(address: HexAddress): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${address.map}${two(address.column)}${two(address.row)}`;
}

// honeycomb-grid calls the parity of shifted columns or rows `offset`: -1 shifts the odd ones, 1 the even ones.
const honeycombSettings = (layout: HexLayout) => ({
  orientation: layout.orientation === 'flat' ? Orientation.FLAT : Orientation.POINTY,
  offset: layout.offset === 'odd' ? (-1 as const) : (1 as const),
});

/** The axial coordinates of a printed column and row. */
export function offsetToAxial(layout: HexLayout, at: { readonly column: number; readonly row: number }): Hex {
  const cube = offsetToCube(honeycombSettings(layout), { col: at.column, row: at.row });
  return hex(cube.q + 0, cube.r + 0);
}

/** The printed column and row of axial coordinates. */
export function axialToOffset(layout: HexLayout, axial: Hex): { readonly column: number; readonly row: number } {
  const { offset } = honeycombSettings(layout);
  const { col, row } = hexToOffset({ q: axial.q, r: axial.r, offset, isPointy: layout.orientation === 'pointy' });
  return { column: col + 0, row: row + 0 };
}

/** Drawing points for hexes of one layout and size (centre to corner), in the map's own plane: y grows downwards. */
export interface HexGeometry {
  centre(axial: Hex): HexPoint;
  /** The six corners, clockwise (y down) from the upper right one. */
  corners(axial: Hex): readonly HexPoint[];
}

export function hexGeometry(layout: HexLayout, size = 1): HexGeometry {
  const Cell = defineHex({ ...honeycombSettings(layout), dimensions: size, origin: { x: 0, y: 0 } });
  const point = (p: { x: number; y: number }): HexPoint => ({ x: p.x + 0, y: p.y + 0 });
  return {
    centre: (axial) => {
      const c = new Cell([axial.q, axial.r]);
      return point({ x: c.x, y: c.y });
    },
    corners: (axial) => new Cell([axial.q, axial.r]).corners.map(point),
  };
}
