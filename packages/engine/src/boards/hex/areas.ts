import type { AreaMap } from '../../map/areas.js';
import type { HexBoard } from './board.js';

/** The connection kind of a hexside with no feature. */
export const OPEN_HEXSIDE = 'open';

/**
 * The board as an area map, so that what works on areas (the area graph's paths and ranges, its checks) works on
 * hexes too: each hex is an area (named by its name or id, of its terrain's kind) and each pair of neighbours one
 * connection, whose kind is the link's kind, the hexside's features joined by '+' ('river', 'river+bridge'), or
 * 'open'. Areas and connections come in id order.
 */
export function hexAreaMap(board: HexBoard): AreaMap {
  const areas = board.ids.map((id) => {
    const cell = board.cell(id)!;
    return { id, name: cell.name ?? id, kind: cell.terrain };
  });
  const connections = board.ids.flatMap((id) =>
    board
      .neighbours(id)
      .filter((c) => c.from < c.to)
      .map((c) => ({ a: c.from, b: c.to, kind: c.link ?? (c.features.length ? c.features.join('+') : OPEN_HEXSIDE) })),
  );
  return { areas, connections };
}
