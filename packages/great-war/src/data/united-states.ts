import { z } from 'zod';
import usaJson from '../../data/united-states.json' with { type: 'json' };

// The numbers of the United States (data/united-states.json): the US Entry track, its events, the economic roll and
// the neutral USA's options (p01-neutrals/united-states.ts and its order files use them). Checked on first use; its
// JSON Schema is generated from this schema.

const count = z.number().int().min(0);
const roll = z.array(z.number().int().min(1)).min(1);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));

export const usaFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  /** The USA's nation id. */
  nation: z.string(),
  track: z.strictObject({
    /** The track runs from -limit to +limit (A28, D-USA-2). */
    limit: z.number().int().min(1),
    /** Where the USA may join the Allies, the Central Powers (GW-NEUT-USA-08, -09). */
    alliesAt: z.number().int(),
    centralAt: z.number().int(),
    clauses,
  }),
  events: z.strictObject({
    /** Events 1 and 2: a Central, an Allied declaration of war on a neutral. */
    declarationOnNeutral: count,
    /** An attack without a declaration multiplies events 1 and 2 (A10, D-USA-3). */
    undeclaredFactor: z.number().int().min(1),
    /** Event 3 applies to an Ottoman entry before this turn. */
    ottomanJoinsCentralBeforeTurn: z.number().int().min(1),
    ottomanJoinsCentral: count,
    ottomanJoinsAllies: count,
    /** Events 5 and 6. */
    italyJoins: count,
    /** Events 7 and 8. */
    minorJoins: count,
    /** Event 9 (the first). */
    russianTradeCut: count,
    /** Event 15: points toward zero. */
    warWithNeutralMajorTowardZero: count,
    ottoman: z.string(),
    italy: z.string(),
    russia: z.string(),
    japan: z.string(),
    clauses,
  }),
  economicRoll: z.strictObject({ die: z.number().int().min(2), towardGreaterOn: roll, towardLesserOn: roll, shift: count, clauses }),
  congress: z.strictObject({
    cost: count,
    perTurn: z.number().int().min(1),
    die: z.number().int().min(2),
    approvedOnMinor: roll,
    approvedOnMajor: roll,
    failureTowardZero: count,
    /** What the cap rises by each turn while the USA is at war with a major, until it collects everything (A29, D-USA-9). */
    fullProductionStep: z.number().int().min(1),
    clauses,
  }),
  lend: z.strictObject({ minimum: z.number().int().min(1), arrivesPercent: z.number().int().min(1).max(100), die: z.number().int().min(2), awayFromFavouredOn: roll, towardFavouredOn: roll, shift: count, clauses }),
  publicity: z.strictObject({ cost: count, perTurn: z.number().int().min(1), die: z.number().int().min(2), successOn: roll, success: count, backfireOn: roll, backfire: count, clauses }),
  negotiate: z.strictObject({ cost: count, die: z.number().int().min(2), successOn: roll, hardToInfluenceOn: roll, leakOn: roll, leak: count, clauses }),
});
export type UsaFile = z.infer<typeof usaFileSchema>;

/** The United States' numbers (data/united-states.json), checked when the ruleset loads. */
export function usaRules(): UsaFile {
  return (parsed ??= usaFileSchema.parse(usaJson));
}
let parsed: UsaFile | undefined;
