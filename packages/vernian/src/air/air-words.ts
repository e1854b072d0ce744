import { closestName, type Problem } from '@umpire/engine';
import { allPieces, knownPiece, pieceType } from '../base/pieces.js';
import type { Located } from '../orders/words.js';

/**
 * The words of the air orders: Ether Flyers by their piece id ('fl-al-3', 'fl-de-1'), alone or in comma-separated
 * lists, each problem located at its item with the closest flyer id.
 */

const flyerIds = (): string[] => [...allPieces()].filter((p) => pieceType(p.type).kind === 'flyer').map((p) => p.id);

const unknownFlyer = (t: string) => `no Ether Flyer '${t}': flyers are named by their piece id, such as fl-al-3`;

/** A flyer named in an order, by its piece id. */
export function readFlyer(text: string, at: Located): string | Problem {
  const t = text.trim().toLowerCase();
  if (knownPiece(t) && flyerIds().includes(t)) return t;
  const suggestion = closestName(text.trim(), flyerIds());
  return {
    code: 'unknown-flyer',
    message: unknownFlyer(text.trim()),
    line: at.line,
    column: at.column,
    ...(suggestion ? { suggestion } : {}),
  };
}

/** A comma-separated list of flyers, each located. */
export function readFlyerList(text: string, at: Located): string[] | Problem[] {
  const found: string[] = [];
  const problems: Problem[] = [];
  let column = at.column;
  for (const part of text.split(',')) {
    const lead = part.length - part.trimStart().length;
    const r = readFlyer(part, { line: at.line, column: column + lead });
    if (typeof r === 'string') found.push(r);
    else problems.push(r);
    column += part.length + 1;
  }
  return problems.length ? problems : found;
}

/** JSON: a flyer id field. */
export function checkFlyerField(value: unknown, path: string): string | Problem {
  if (typeof value !== 'string') return { code: 'bad-field', message: 'an Ether Flyer id (a string)', path };
  if (flyerIds().includes(value)) return value;
  const suggestion = closestName(value, flyerIds());
  return { code: 'unknown-flyer', message: unknownFlyer(value), path, ...(suggestion ? { suggestion } : {}) };
}
