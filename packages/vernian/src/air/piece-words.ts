import { closestName, normaliseName, type Problem } from '@umpire/engine';
import { shelf } from '../data/files.js';
import { allPieces, pieceLabel } from '../base/pieces.js';
import type { Located } from '../orders/words.js';

/**
 * The names of the variant's pieces in orders: the id ('zep-6', 'fl-fr-1'), the label reports print ('Zeppelin 0-3-4
 * (zep-6)', 'French F-type Ether Flyer (fl-fr-1)'), or a plain name of kind and number ('Zeppelin 6', 'French flyer 1',
 * 'Allied flyer 3', 'German flyer 1', 'Allied Tank 2'). Case, spaces and punctuation do not matter.
 */

const NATION_WORDS: Readonly<Record<string, string>> = {
  fr: 'french',
  gb: 'british',
  de: 'german',
  al: 'allied',
  be: 'belgian',
  us: 'american',
};

const pieceNames = shelf.derive(() => {
  const out = new Map<string, string>();
  for (const p of allPieces()) {
    out.set(normaliseName(p.id), p.id);
    out.set(normaliseName(pieceLabel(p.id, p.type, p.side, p.nation)), p.id);
    const m = /^(zep|fl|tank|afb)(?:-([a-z]+))?-(\d+)$/.exec(p.id);
    if (!m) continue;
    const who = m[2] ? (NATION_WORDS[m[2]] ?? m[2]) : '';
    const kind = { zep: 'zeppelin', fl: 'flyer', tank: 'tank', afb: 'afb' }[m[1] as 'zep' | 'fl' | 'tank' | 'afb'];
    out.set(normaliseName(`${who} ${kind} ${m[3]}`), p.id);
    if (m[1] === 'zep') out.set(normaliseName(`zeppelin ${m[3]}`), p.id);
  }
  return out;
});

/** A piece by any of its names, or undefined. */
export const pieceByName = (text: string): string | undefined => pieceNames().get(normaliseName(text));

const ids = (): string[] => [...allPieces()].map((p) => p.id);

/** A piece named in an order; a problem with the closest id when none matches. */
export function readPiece(text: string, at: Located): string | Problem {
  const t = text.trim();
  const id = pieceByName(t);
  if (id) return id;
  const suggestion = closestName(t, ids());
  return { code: 'unknown-piece', message: `no piece '${t}'`, line: at.line, column: at.column, ...(suggestion ? { suggestion } : {}) };
}

/** JSON: a piece field (an id or a name, written back as the id). */
export function checkPieceField(value: unknown, path: string): string | Problem {
  if (typeof value !== 'string') return { code: 'bad-field', message: "a piece id (a string), such as 'zep-1'", path };
  const id = pieceByName(value);
  if (id) return id;
  const suggestion = closestName(value, ids());
  return { code: 'unknown-piece', message: `no piece '${value}'`, path, ...(suggestion ? { suggestion } : {}) };
}
