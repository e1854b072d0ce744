import { z } from 'zod';
import oiJson from '../../data/ottoman-italy.json' with { type: 'json' };
import { diplomaticPositionSchema } from './schema.js';

const count = z.number().int().min(0);
const chance = z.number().int().min(0);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));
const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** data/ottoman-italy.json: the numbers of the Ottoman and Italian neutrality rules and of the options that sway them. */
export const ottomanItalyFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  ottoman: z.strictObject({
    nation: id,
    /** The side the schedule and the triggers bring the Ottomans into. */
    side: z.enum(['allied', 'central']),
    /** The turn the Ottomans enter the war without the destroyer deal (GW-NEUT-OTT-02). */
    entryTurn: z.number().int().min(1),
    /** Units here stay loyal in the officers' revolt (GW-NEUT-OTT-15). */
    capital: id,
    /** Minors whose joining the Central Powers keeps the Ottomans neutral and open to influence (GW-NEUT-OTT-09). */
    openToInfluenceFrom: z.array(id),
    /** Minors whose joining the Allies brings the Ottomans in the next turn (GW-NEUT-OTT-08). */
    alliedTriggers: z.array(id),
    /** The minor whose joining the Central Powers brings the Ottomans in the next turn (GW-NEUT-OTT-13). */
    centralTrigger: id,
    /** Where the Ottomans stand on the diplomatic chart when they become open to influence (D-OTT-6). */
    influencePosition: diplomaticPositionSchema,
    revolt: z.strictObject({ die: z.number().int().min(2), chance, rebelChance: chance, rebelsJoin: id }),
    clauses,
  }),
  italy: z.strictObject({
    nation: id,
    /** The side Italy leans toward at the start (GW-NEUT-ITA-01). */
    leaning: z.enum(['allied', 'central']),
    entryTurn: z.number().int().min(1),
    /** The territory whose capture by the Central Powers brings Italy in on their side (GW-NEUT-ITA-03). */
    paris: id,
    clauses,
  }),
  /** A sway attempt on Italy (GW-NEUT-ITA-04) or on the Ottomans once they are open to influence (GW-NEUT-OTT-10). */
  sway: z.strictObject({ cost: count, die: z.number().int().min(2), chance, clauses }),
  destroyerDeal: z.strictObject({ by: id, shipType: id, turns: z.array(z.number().int().min(1)), entryTurn: z.number().int().min(1), fleetZone: id, clauses }),
  aid: z.strictObject({ by: id, recipients: z.array(id), cost: count, arrives: count, die: z.number().int().min(2), influenceChance: chance, discoveryChance: chance, clauses }),
  earlierEntry: z.strictObject({ by: id, cost: count, die: z.number().int().min(2), chance, turnsEarlier: z.number().int().min(1), clauses }),
  trieste: z.strictObject({ by: id, territory: id, payment: count, die: z.number().int().min(2), centralChance: chance, alliedOn: z.number().int().min(1), clauses }),
});

export type OttomanItalyFile = z.infer<typeof ottomanItalyFileSchema>;

let parsed: OttomanItalyFile | undefined;
/** The numbers of data/ottoman-italy.json, checked on first use. */
export function oiNumbers(): OttomanItalyFile {
  parsed ??= ottomanItalyFileSchema.parse(oiJson);
  return parsed;
}
