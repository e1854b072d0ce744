import { compareCodeUnits } from '../../canonical.js';

/**
 * Hexsides: the edge between two neighbouring hexes, named by its two hexes. The same key comes from either side,
 * so a river between W2428 and W2528 is one hexside whichever hex a unit stands in. Links between maps (a Channel
 * crossing) are named the same way.
 */

const SEPARATOR = '|';

/** The canonical key of the side between two hexes: their ids in code-unit order, 'W2428|W2528'. */
export function hexsideKey(a: string, b: string): string {
  return compareCodeUnits(a, b) <= 0 ? `${a}${SEPARATOR}${b}` : `${b}${SEPARATOR}${a}`;
}

/** The two hex ids of a hexside key, lower first; undefined when the text is not a key. */
export function hexsideEnds(key: string): readonly [string, string] | undefined {
  const parts = key.split(SEPARATOR);
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return [parts[0], parts[1]];
}
