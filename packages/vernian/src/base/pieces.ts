import { piecesData, shelf } from '../data/files.js';
import type { PiecesFile } from '../data/schemas.js';
import type { Side } from './sides.js';
import type { PieceState, VernianState } from './state.js';

/**
 * Clauses: VB-UNIT-13, VB-UNIT-14, VB-STACK-02, VV-GEN-04, VV-AFB-08, VV-TANK-03.
 * The variant's pieces as the rules ask about them: every piece that can come into play (the opening's and the
 * schedule's, each with its id), its type, kind and label, and what it counts for stacking. The ids are fixed by the
 * data, in the order of data/pieces.json: a kind, for flyers and Tanks the nation (fr, gb) or else the side (de for the
 * Germans, al for the Allies as a whole), and a number: 'zep-6', 'fl-fr-1', 'fl-al-3', 'fl-de-1', 'tank-al-2',
 * 'tank-de-1', 'afb-1'.
 */

export type PieceType = PiecesFile['types'][string];
export type PieceKind = PieceType['kind'];

/** A piece of the catalogue: how it comes into play. */
export interface PieceEntry {
  readonly id: string;
  /** Its type when it comes into play (a flip changes the type in the state, VB-REIN-19). */
  readonly type: string;
  readonly side: Side;
  readonly nation?: string;
  /** 'setup' for the opening's pieces, else the Strategic Turn of its arrival. */
  readonly arrives: string;
  /** Where an opening piece starts (a place name). */
  readonly place?: string;
  readonly clauses: readonly string[];
}

const NATION_CODES: Readonly<Record<string, string>> = { germany: 'de', france: 'fr', britain: 'gb', belgium: 'be', usa: 'us' };

function prefixOf(kind: PieceKind, side: Side, nation: string | undefined): string {
  const who = nation ? (NATION_CODES[nation] ?? nation) : side === 'germany' ? 'de' : 'al';
  switch (kind) {
    case 'zeppelin':
      return 'zep';
    case 'afb':
      return 'afb';
    case 'flyer':
      return `fl-${who}`;
    case 'tank':
      return `tank-${who}`;
  }
}

const catalogue = shelf.derive((): ReadonlyMap<string, PieceEntry> => {
  const data = piecesData();
  const out = new Map<string, PieceEntry>();
  const count = new Map<string, number>();
  const add = (
    type: string,
    side: Side,
    nation: string | undefined,
    arrives: string,
    clauses: readonly string[],
    n: number,
    place?: string,
  ) => {
    const prefix = prefixOf(data.types[type]!.kind, side, nation);
    for (let i = 0; i < n; i++) {
      const k = (count.get(prefix) ?? 0) + 1;
      count.set(prefix, k);
      const id = `${prefix}-${k}`;
      out.set(id, { id, type, side, ...(nation ? { nation } : {}), arrives, ...(place ? { place } : {}), clauses });
    }
  };
  for (const o of data.opening) add(o.type, o.side, o.nation, 'setup', o.clauses, o.count, o.place);
  for (const row of data.schedule) if ('type' in row) add(row.type, row.side, undefined, row.turn, row.clauses, row.count);
  return out;
});

/** Every piece that can come into play, in the order of data/pieces.json. */
export const allPieces = (): Iterable<PieceEntry> => catalogue().values();

export const knownPiece = (id: string): boolean => catalogue().has(id);

export const pieceEntry = (id: string): PieceEntry | undefined => catalogue().get(id);

/** A piece type of data/pieces.json; throws for a type it lacks (types come from checked data and state). */
export function pieceType(type: string): PieceType {
  const t = piecesData().types[type];
  if (!t) throw new Error(`no piece type '${type}' in data/pieces.json`);
  return t;
}

/** The most pieces of a kind one hex may hold (VV-ZEP-09, VV-ETH-06, VV-TANK-02); none: no limit. */
export const perHexLimit = (kind: PieceKind): number | undefined => piecesData().limits[kind]?.perHex;

/** A piece as reports print it: 'Zeppelin 0-3-4 (zep-6)', 'Allied Tank (tank-al-1)', 'French F-type Ether Flyer (fl-fr-1)'. */
export function pieceLabel(id: string, type: string, side: Side, nation?: string): string {
  const t = pieceType(type);
  const whose = nation ? nationWord(nation) : side === 'germany' ? 'German' : 'Allied';
  const name = t.kind === 'flyer' || t.kind === 'tank' ? `${whose} ${t.label}` : t.label;
  return `${name} (${id})`;
}

const nationWord = (nation: string): string =>
  ({ germany: 'German', france: 'French', britain: 'British', belgium: 'Belgian', usa: 'American' })[nation] ?? nation;

/** A piece in a state, labelled. */
export const pieceStateLabel = (id: string, p: PieceState): string => pieceLabel(id, p.type, p.side, p.nation);

/** The stacking steps the pieces in a hex count (VB-STACK-02): the AFB as a division; Tanks and air pieces nothing. */
export function pieceStackingSteps(state: VernianState, hex: string): number {
  let steps = 0;
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    if (p.at === hex) steps += pieceType(p.type).stacking ?? 0;
  }
  return steps;
}

/** The stacking steps pieces count in every hex where they count any, in one pass (for checks of every hex). */
export function pieceStackingByHex(state: VernianState): Map<string, number> {
  const out = new Map<string, number>();
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    const steps = pieceType(p.type).stacking ?? 0;
    if (steps > 0 && p.at !== 'due' && p.at !== 'box' && p.at !== 'out') out.set(p.at, (out.get(p.at) ?? 0) + steps);
  }
  return out;
}

/** The pieces of a kind (and side, if given) in a hex, in id order. */
export function piecesIn(state: VernianState, hex: string, kind: PieceKind, side?: Side): string[] {
  const out: string[] = [];
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    if (p.at === hex && pieceType(p.type).kind === kind && (side === undefined || p.side === side)) out.push(id);
  }
  return out.length > 1 ? out.sort(byNumber) : out;
}

/** Piece ids in their natural order: 'zep-2' before 'zep-10'. */
export function byNumber(a: string, b: string): number {
  const [pa, na] = split(a);
  const [pb, nb] = split(b);
  return pa < pb ? -1 : pa > pb ? 1 : na - nb;
}

function split(id: string): [string, number] {
  const m = /^(.*)-(\d+)$/.exec(id);
  return m ? [m[1]!, Number(m[2])] : [id, 0];
}
