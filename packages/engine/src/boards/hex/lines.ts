import { hexDistance, hexLine } from '../../map/hex.js';
import type { HexBoard } from './board.js';

/**
 * Straight lines on one map, as the grid draws them: the distance between two hexes whatever lies between, the hexes
 * a line crosses, and the hex straight on beyond a neighbour.
 */

/** The distance between two hexes of the same map as the grid counts it, whatever lies between; undefined across maps. */
export function gridDistance(board: HexBoard, a: string, b: string): number | undefined {
  const x = board.cell(a);
  const y = board.cell(b);
  return x && y && x.map === y.map ? hexDistance(x.axial, y.axial) : undefined;
}

/**
 * The hexes a straight line from centre to centre passes through, both ends included (along a hex edge, always the
 * same side of it); undefined across maps or when the line leaves the map.
 */
export function hexLineBetween(board: HexBoard, a: string, b: string): readonly string[] | undefined {
  const x = board.cell(a);
  const y = board.cell(b);
  if (!x || !y || x.map !== y.map) return undefined;
  const ids: string[] = [];
  for (const axial of hexLine(x.axial, y.axial)) {
    const cell = board.cellAt(x.map, axial);
    if (!cell) return undefined;
    ids.push(cell.id);
  }
  return ids;
}

/**
 * The hex straight on beyond `to` as seen from its neighbour `from` on the same map (a unit pushed straight back);
 * undefined when there is none on the map.
 */
export function hexBeyond(board: HexBoard, from: string, to: string): string | undefined {
  const x = board.cell(from);
  const y = board.cell(to);
  if (!x || !y || x.map !== y.map || hexDistance(x.axial, y.axial) !== 1) return undefined;
  return board.cellAt(y.map, { q: 2 * y.axial.q - x.axial.q, r: 2 * y.axial.r - x.axial.r })?.id;
}
