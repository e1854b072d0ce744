import { z } from 'zod';
import diplomacyJson from '../../data/diplomacy.json' with { type: 'json' };

// The numbers of the diplomacy of the war (data/diplomacy.json): influence, forced peace, alliances, surrender,
// the US Entry points of surrenders. Checked on first use; its JSON Schema is generated from this schema.

const count = z.number().int().min(0);

const faces = z.array(z.number().int().min(1)).min(1);

const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));

export const diplomacyFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  influence: z.strictObject({
    /** Resources one attempt costs (GW-P01-DIP-11). */
    cost: count,
    /** The die rolled for an attempt. */
    die: z.number().int().min(2),
    /** The rolls that succeed (2 in 10: GW-P01-DIP-12), and those that succeed on a '*' nation (GW-P01-DIP-18). */
    successOn: faces,
    hardSuccessOn: faces,
    clauses,
  }),
  forcedPeace: z.strictObject({
    /** Turns, the declaration's included, in which a declared war must see military action (GW-P01-DIP-05). */
    turnsToAct: z.number().int().min(1),
    /** Turns after a forced peace in which the nation may not declare war nor join the main war (GW-P01-DIP-07). */
    barTurns: count,
    clauses,
  }),
  alliances: z.strictObject({
    /** Nations a member of an alliance may be although it changes sides (GW-ALLY-09). */
    mayChangeSides: z.array(z.string()),
    clauses,
  }),
  surrender: z.strictObject({
    /** The surrendering nation pays its collection divided by this (GW-SURR-10). */
    tributeDivisor: z.number().int().min(1),
    /** Turns of tribute at most (GW-SURR-11). */
    tributeTurns: count,
    /** Turns that must pass before the surrendered nation may declare war on its victors (GW-SURR-12). */
    redeclareAfterTurns: count,
    clauses,
  }),
  usEntry: z.strictObject({
    /** US Entry points of events 18, 19 and 20 (GW-USENTRY-21..23). */
    favouredSurrenders: count,
    favouredConquered: count,
    refusedSurrender: count,
    clauses,
  }),
});

export type DiplomacyNumbers = z.infer<typeof diplomacyFileSchema>;

export let numbers: DiplomacyNumbers | undefined;

/** The numbers of data/diplomacy.json, checked on first use. */
export function diplomacyNumbers(): DiplomacyNumbers {
  numbers ??= diplomacyFileSchema.parse(diplomacyJson);
  return numbers;
}
