import { closestName, err, jsonPath, ok, schemaProblems, type Problem, type Result } from '@umpire/engine';
import { z } from 'zod';
import type { WorldMap } from '../data/map.js';

/**
 * The board: who holds each territory and where every unit stands. The opening board comes from the map
 * (1914 owners) and the scenario's forces file. Units are individual, with stable ids, because a battleship
 * carries damage, an aircraft fuel and a transport cargo; the state stays plain JSON.
 */

export type BoardUnit = {
  /** Stable for the whole game: 'GER-17'. */
  id: string;
  nation: string;
  type: string;
  /** A territory or sea zone id. */
  at: string;
  /** Hits taken and not yet repaired (battleships and carriers take more than one). */
  damage: number;
  /**
   * The ship it is aboard when it is at sea: troops on a transport (D-NAV-20), a fighter on a carrier or an AA gun on
   * a ship (D-AIR-34). Its `at` is then the ship's sea zone; absent for every unit that is not aboard.
   */
  aboard?: string;
  /**
   * An AA gun fitted to its ship's mount when it was placed (D-EQUIP-5): part of the ship, never cargo, even aboard a
   * transport. Absent otherwise (radar and sonar are fitted by their type).
   */
  mounted?: true;
};

export type TerritoryHold = {
  owner: string;
  /** Conquered territories pay nothing until incorporated (phase 12); every 1914 holding starts incorporated. */
  incorporated: boolean;
  /**
   * The captured facilities here that the holder has retooled to build out of (GW-FAC-08, decision D-ECON-19). Absent
   * when none; lost with the territory, since a change of hands writes a new hold.
   */
  retooled?: ('industrial-complex' | 'port')[];
};

/** A trench guards `territory` against attacks from `facing` (GW-TRENCH); `super` after the upgrade. */
export type Trench = {
  nation: string;
  territory: string;
  facing: string;
  super: boolean;
};

export type Board = {
  territories: { [territoryId: string]: TerritoryHold };
  units: BoardUnit[];
  /** None at the start of the 1914 scenario. */
  trenches: Trench[];
  /** The next number for each nation's unit ids. */
  nextUnit: { [nation: string]: number };
};

const kebab = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a kebab-case id');

export const forcesFileSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
  scenario: kebab,
  note: z.string().optional(),
  /** Every starting stack: a nation's units of several types in one area. */
  forces: z.array(
    z.strictObject({
      nation: kebab,
      area: kebab,
      units: z.record(kebab, z.number().int().min(1)),
      note: z.string().optional(),
    }),
  ),
});
export type ForcesFile = z.infer<typeof forcesFileSchema>;

/** What a unit type needs of the area it starts in. */
export interface UnitPlacingRules {
  /** 'land' units and aircraft stand in territories; 'sea' units in sea zones. */
  readonly domain: (type: string) => 'land' | 'air' | 'sea' | 'facility' | undefined;
  /** Terrain that bars a type (artillery from Switzerland, Afghanistan and Tibet...): territory id to barred types. */
  readonly barred: Readonly<Record<string, readonly string[]>>;
}

/**
 * Check a forces file against the map and the nations, and build the opening board. Problems name the file
 * and the JSON path: unknown nations, areas and unit types (with the closest valid name), ships on land, armies
 * at sea, units where the rules bar them, and units in territories their nation neither holds nor shares with
 * a co-belligerent.
 */
export function openingBoard(
  world: WorldMap,
  raw: unknown,
  file: string,
  nations: readonly string[],
  unitTypes: readonly string[],
  rules: UnitPlacingRules,
  friendly: (a: string, b: string) => boolean,
): Result<Board, Problem[]> {
  const at = (path: readonly PropertyKey[], message: string, suggestion?: string): Problem => ({
    code: 'forces-check',
    message: `${file}: ${message}`,
    path: jsonPath(path),
    ...(suggestion !== undefined ? { suggestion } : {}),
  });
  const parsed = forcesFileSchema.safeParse(raw);
  if (!parsed.success) return err(schemaProblems(parsed.error.issues, { file, schema: forcesFileSchema, data: raw, code: 'forces-schema' }));
  const problems: Problem[] = [];
  const territories: Board['territories'] = {};
  for (const t of world.territories) territories[t.id] = { owner: t.owner, incorporated: true };
  const units: BoardUnit[] = [];
  const nextUnit: Board['nextUnit'] = {};
  const areaIds = [...world.names.keys()];
  parsed.data.forces.forEach((stack, i) => {
    if (!nations.includes(stack.nation)) problems.push(at(['forces', i, 'nation'], `unknown nation '${stack.nation}'`, closestName(stack.nation, nations)));
    const territory = world.territory.get(stack.area);
    const sea = world.sea.get(stack.area);
    if (!territory && !sea) {
      problems.push(at(['forces', i, 'area'], `unknown area '${stack.area}'`, closestName(stack.area, areaIds)));
      return;
    }
    if (territory && !friendly(territory.owner, stack.nation)) {
      problems.push(at(['forces', i, 'area'], `${stack.nation} units cannot start in ${territory.name}, held by ${territory.owner}`));
    }
    for (const [type, count] of Object.entries(stack.units)) {
      const path = ['forces', i, 'units', type];
      if (!unitTypes.includes(type)) {
        problems.push(at(path, `unknown unit type '${type}'`, closestName(type, unitTypes)));
        continue;
      }
      const domain = rules.domain(type);
      if (domain === 'sea' && !sea) problems.push(at(path, `${type} is a ship and cannot start on land (${stack.area})`));
      if ((domain === 'land' || domain === 'air' || domain === 'facility') && !territory) problems.push(at(path, `${type} cannot start at sea (${stack.area})`));
      if (territory && rules.barred[territory.id]?.includes(type)) problems.push(at(path, `${type} may not enter ${territory.name}`));
      for (let k = 0; k < count; k++) {
        const n = (nextUnit[stack.nation] ?? 0) + 1;
        nextUnit[stack.nation] = n;
        units.push({ id: `${stack.nation}-${n}`, nation: stack.nation, type, at: stack.area, damage: 0 });
      }
    }
  });
  if (problems.length) return err(problems);
  return ok({ territories, units, trenches: [], nextUnit });
}


