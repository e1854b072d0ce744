import { z } from 'zod';
import rulesJson from '../data/rules.json' with { type: 'json' };

/** The rule book's numbers the phases use (data/rules.json), checked when the ruleset loads. */
const count = z.number().int().min(0);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));

export const rulesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  landCombat: z.strictObject({
    /** Attack points lost across a trench, [regular, super], by unit type (GW-TRENCH). */
    trenchPenalty: z.record(z.string(), z.tuple([count, count])),
    /** Attack points lost attacking across a strait (GW-TERR-33, -34). */
    straitPenalty: z.record(z.string(), count),
    /** Penalties never bring an attack below this (GW-TRENCH). */
    minimumAttack: count,
    /** Infantry penalty points a regular trench loses for so many attacking tanks (GW-UNIT-04, -05; A32). */
    tankTrenchRelief: z.array(z.strictObject({ tanks: z.number().int().min(1), points: count })).min(1),
    /** Artillery that may support each attacking land unit (D-SIM-12). */
    artilleryPerAttacker: z.number().int().min(1),
    clauses,
  }),
  economy: z.strictObject({
    nonCitySurcharge: count,
    noSurchargeNations: z.array(z.string()),
    overManpowerMultiplier: z.number().int().min(1),
    industrialCenterCredit: count,
    giftArrivesPercent: z.number().int().min(0).max(100),
    incorporationMultiplier: count,
    /** A minor colony city's allowance is its value divided by this, rounded up; so is a retooled captured facility's (GW-P13-PLACE-16, GW-FAC-09). */
    minorColonyAllowanceDivisor: z.number().int().min(1),
    /** The price of retooling a captured factory or port so its holder may build out of it (GW-FAC-08). */
    retoolCost: count,
    trenchInfantry: z.strictObject({ trench: z.number().int().min(1), super: z.number().int().min(1) }),
    clauses,
  }),
});
export type RulesFile = z.infer<typeof rulesFileSchema>;

export const ruleNumbers: RulesFile = rulesFileSchema.parse(rulesJson);

/** Points of the regular-trench infantry penalty that `tanks` attacking tanks cancel. */
export function tankTrenchRelief(tanks: number): number {
  let points = 0;
  for (const step of ruleNumbers.landCombat.tankTrenchRelief) if (tanks >= step.tanks) points = Math.max(points, step.points);
  return points;
}
