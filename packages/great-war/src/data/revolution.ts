import { z } from 'zod';
import revolutionJson from '../../data/revolution.json' with { type: 'json' };

// The numbers of the Russian Revolution (data/revolution.json, GW-P15-REV): its schema and the checked values.

export const inTen = z.number().int().min(0).max(10);

export const turn = z.number().int().min(1);

export const revolutionFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  /** The nation the revolution creates (a later nation of the scenario) and the one it rises against. */
  nation: z.string(),
  against: z.string(),
  /** The die of every roll of the revolution. */
  die: z.number().int().min(2),
  /** The first turn of the revolution rolls (GW-P15-REV-01). */
  firstTurn: turn,
  /** The chance in 10 by turns (GW-P15-REV-02..05); a turn after the last range keeps the last chance. */
  chances: z.array(z.strictObject({ from: turn, to: turn, inTen })).min(1),
  /** The shifted chance never goes below `floor` nor above `ceiling` (A60, D-REV-2). */
  floor: inTen,
  ceiling: inTen,
  /** On the turn it begins, a unit built that turn defects on this roll or lower (GW-P15-REV-07). */
  startDefectUpTo: z.number().int().min(0),
  /** Afterwards, a unit Russia builds defects on this roll or higher (GW-P15-REV-20). */
  laterDefectFrom: z.number().int().min(1),
  /** German option 8: who pays, what a turn, by how much the chance rises, how often a turn (GW-OPT-GER-28, A60). */
  germanSupport: z.strictObject({ nation: z.string(), cost: z.number().int().min(0), shift: z.number().int(), perTurn: z.number().int().min(1) }),
  /** Russian option 2: the unit variant it puts in force and the shift of every roll (GW-OPT-RUS-03, -04). */
  armySupply: z.strictObject({ nation: z.string(), variant: z.string(), shift: z.number().int() }),
  /** The Bolsheviks' infantry variant (GW-P15-REV-29). */
  infantryVariant: z.string(),
  /** How many times its value the Bolsheviks draw from a Russian territory (GW-P15-REV-18). */
  incomeMultiplier: z.number().int().min(1),
  clauses: z.array(z.string()),
});

export type RevolutionRules = z.infer<typeof revolutionFileSchema>;

export let rulesCache: RevolutionRules | undefined;

/** The revolution's numbers (data/revolution.json), checked on first use. */
export function revolutionRules(): RevolutionRules {
  rulesCache ??= revolutionFileSchema.parse(revolutionJson);
  return rulesCache;
}
