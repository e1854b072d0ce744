import { z } from 'zod';
import terrainJson from '../../data/terrain.json' with { type: 'json' };

/** The special territories' rules (Switzerland, Afghanistan, Tibet, Gibraltar), as data. */
export const terrainFileSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
  note: z.string().optional(),
  territories: z.record(
    z.string(),
    z.strictObject({
      /** Unit types that may not enter. */
      barred: z.array(z.string()).default([]),
      /** Aircraft with less fuel may not enter (Switzerland: biplanes below 5). */
      aircraftMinFuel: z.number().int().min(1).optional(),
      aircraftMayLand: z.boolean().default(true),
      /** Infantry defend at this value there. */
      infantryDefense: z.number().int().min(1).max(10).optional(),
      /** Each defending infantry unit rolls this many dice (Gibraltar 3), still removed by one hit. */
      infantryDefenseDice: z.number().int().min(1).optional(),
      clauses: z.array(z.string()).default([]),
    }),
  ),
});
export type TerrainRules = z.infer<typeof terrainFileSchema>['territories'];

export const terrainRules: TerrainRules = terrainFileSchema.parse(terrainJson).territories;
