import { closestName, normaliseName, type HexCell } from '@umpire/engine';
import { hexBoard, ruleNumbers, shelf } from '../data/files.js';
import type { RulesFile } from '../data/schemas.js';
import { isNeutralNation } from './sides.js';

/**
 * Clauses: VB-MAP-01, VB-MAP-02, VB-MAP-04, VB-MAP-05, VB-MAP-06, VB-MAP-07, VB-MAP-08, VB-MAP-13, VB-FORT-01.
 * What a hex is, as the rules ask it: its nation, whether it is land, a town, a city (never on a board edge), a
 * fortress and its value, a port, a board edge; and the places by name, for orders and set-up.
 */

export interface HexFacts {
  readonly id: string;
  readonly map: string;
  readonly name?: string;
  /** The place the hex belongs to (Paris has three hexes), by its id in the map data. */
  readonly place?: string;
  readonly terrain: string;
  readonly nation?: string;
  readonly land: boolean;
  readonly neutral: boolean;
  readonly town: boolean;
  /** A city for every purpose: a board-edge hex is never one (VB-MAP-07). */
  readonly city: boolean;
  /** The fortress value (VB-FORT-01), 0 when the hex has no fortress. */
  readonly fortress: number;
  readonly port: boolean;
  readonly edge?: string;
}

function factsOf(cell: HexCell, fortressValues: RulesFile['fortresses']): HexFacts {
  const f = cell.features;
  const nation = typeof f['nation'] === 'string' ? f['nation'] : undefined;
  const land = cell.terrain !== 'sea';
  const edge = typeof f['edge'] === 'string' ? f['edge'] : undefined;
  return {
    id: cell.id,
    map: cell.map,
    ...(cell.name !== undefined ? { name: cell.name } : {}),
    ...(typeof f['place'] === 'string' ? { place: f['place'] } : {}),
    terrain: cell.terrain,
    ...(nation !== undefined ? { nation } : {}),
    land,
    neutral: isNeutralNation(nation),
    town: land && (f['town'] === true || (f['city'] === true && edge !== undefined)),
    city: land && f['city'] === true && edge === undefined,
    fortress:
      f['fortress'] === true || typeof f['fortress'] === 'number'
        ? (fortressValues.values[cell.name ?? ''] ?? fortressValues.otherwise)
        : 0,
    port: f['port'] === true,
    ...(edge !== undefined ? { edge } : {}),
  };
}

// The facts come from the board and the fortress values of the rules file: worked out anew when either changes.
const factTable = shelf.derive(() => {
  const board = hexBoard();
  const fortresses = ruleNumbers().fortresses;
  return new Map(board.ids.map((id) => [id, factsOf(board.cell(id)!, fortresses)]));
});

/** What a hex is; undefined for an id the board lacks. */
export const hexFacts = (id: string): HexFacts | undefined => factTable().get(id);

/** Every hex's facts, in hex id order. */
export const allHexes = (): Iterable<HexFacts> => factTable().values();

const fortressList = shelf.derive(() => [...factTable().values()].filter((h) => h.fortress > 0).map((h) => h.id));

/** The hexes with a fortress (standing or not), in id order. */
export const fortressHexes = (): readonly string[] => fortressList();

/** A hex a ground unit may stand on: land, not neutral. */
export const isPlayable = (h: HexFacts | undefined): h is HexFacts => h !== undefined && h.land && !h.neutral;

interface PlaceIndex {
  /** Normalised name (and place id) to the hexes of the place, in id order. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  readonly names: readonly string[];
}

const placeIndex = shelf.derive((): PlaceIndex => {
  const byName = new Map<string, string[]>();
  const names = new Set<string>();
  const add = (name: string, id: string) => {
    const key = normaliseName(name);
    if (!key) return;
    const list = byName.get(key) ?? [];
    if (!list.includes(id)) list.push(id);
    byName.set(key, list);
  };
  for (const h of factTable().values()) {
    if (h.name) {
      add(h.name, h.id);
      names.add(h.name);
    }
    if (h.place) add(h.place, h.id);
  }
  for (const list of byName.values()) list.sort();
  return { byName, names: [...names].sort() };
});

/** The hexes of a place by name ('Paris' gives its three hexes; 'Liege' finds Liège). */
export function hexesNamed(name: string): readonly string[] {
  return (
    placeIndex().byName.get(normaliseName(name)) ??
    placeIndex().byName.get(normaliseName(name.normalize('NFD').replace(/\p{M}/gu, ''))) ??
    []
  );
}

export type HexLookup =
  { readonly ok: true; readonly hex: string } | { readonly ok: false; readonly message: string; readonly suggestion?: string };

/**
 * A hex as a player names it: an id (`W7005`, any case) or the name of a place; a place of several hexes gives its
 * first hex unless `all` is asked. Unknown names come back with the closest place name.
 */
export function findHex(text: string): HexLookup {
  // An id may be followed by the place's name, as reports and written-back orders print it: 'W8902 Krefeld'.
  const t = /^[A-Za-z]{1,3}\d{4}\s/.test(text.trim()) ? text.trim().split(/\s/)[0]! : text.trim();
  const upper = t.toUpperCase();
  if (/^[A-Z]{1,3}\d{4}$/.test(upper)) {
    if (hexFacts(upper)) return { ok: true, hex: upper };
    const suggestion = closestName(upper, hexBoard().ids);
    return { ok: false, message: `no hex ${upper} on the maps`, ...(suggestion ? { suggestion } : {}) };
  }
  const hexes = hexesNamed(t);
  // A place of several hexes: the hex that bears the name itself (London, not one of its suburbs), else the first.
  const exact = hexes.find((id) => normaliseName(hexFacts(id)?.name ?? '') === normaliseName(t));
  if (hexes.length) return { ok: true, hex: exact ?? hexes[0]! };
  const suggestion = closestName(t, placeIndex().names);
  return { ok: false, message: `no place '${t}' on the maps`, ...(suggestion ? { suggestion } : {}) };
}

/** A hex as reports print it: 'W6923 Paris' or 'W7511'. */
export function hexLabel(id: string): string {
  const h = hexFacts(id);
  return h?.name ? `${id} ${h.name}` : id;
}
