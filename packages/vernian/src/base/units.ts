import { forcesData, shelf } from '../data/files.js';
import type { UnitEntry, UnitType } from '../data/schemas.js';
import { sideOfNation, type Side } from './sides.js';

/**
 * Clauses: VB-UNIT-03, VB-UNIT-04, VB-UNIT-05, VB-UNIT-06, VB-UNIT-07, VB-UNIT-08, VB-UNIT-09, VB-UNIT-11, VB-UNIT-12.
 * The unit table: every counter of data/forces.json with its type, side and class, and the factors of the side it
 * shows: full, reduced (a two-step unit that lost a step) or, for a flipped yellow-striped unit, its crack side.
 */

export interface UnitInfo {
  readonly id: string;
  readonly entry: UnitEntry;
  readonly type: UnitType;
  readonly side: Side;
  readonly nation: string;
  readonly name: string;
  /** Infantry, cavalry or a fortress division: a ground combat unit (VB-UNIT-04). */
  readonly combat: boolean;
  readonly infantry: boolean;
  readonly hq: boolean;
}

const table = shelf.derive(() => {
  const data = forcesData();
  const out = new Map<string, UnitInfo>();
  for (const entry of data.units) {
    const type = data.unitTypes[entry.type]!;
    out.set(entry.id, {
      id: entry.id,
      entry,
      type,
      side: sideOfNation(entry.nation),
      nation: entry.nation,
      name: entry.name,
      combat: type.class !== 'hq',
      infantry: type.class === 'infantry' || type.class === 'fortress-infantry',
      hq: type.class === 'hq',
    });
  }
  return out;
});

/** A unit of the order of battle; throws for an id it lacks (ids come from checked orders and state). */
export function unitInfo(id: string): UnitInfo {
  const u = table().get(id);
  if (!u) throw new Error(`no unit '${id}' in data/forces.json`);
  return u;
}

export const knownUnit = (id: string): boolean => table().has(id);

/** Every unit, in the order of data/forces.json. */
export const allUnits = (): Iterable<UnitInfo> => table().values();

export interface Factors {
  readonly attack: number;
  readonly defence: number;
  readonly move: number;
}

/** The factors of the side a unit shows (VB-UNIT-12): full, reduced after a step lost, or its crack side. */
export function printedFactors(id: string, steps: number, crack = false): Factors {
  const t = unitInfo(id).type;
  if (crack && t.crack) return t.crack;
  if (t.steps === 2 && steps < 2 && t.reduced) return t.reduced;
  return t.full;
}

/** 'de-3' as reports print it: 'German 3rd Infantry Division (de-3)'. */
export const unitLabel = (id: string): string => `${unitInfo(id).name} (${id})`;

/** Every unit id, for name lookup. */
export const unitIds = (): string[] => [...table().keys()];

export const forcesVersion = (): number => forcesData().version ?? 1;
