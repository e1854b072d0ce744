import { z } from 'zod';
import specialRulesJson from '../../data/special-rules.json' with { type: 'json' };

/**
 * The rule book's numbers for the mutinies (GW-P15-MUTINY, GW-MANP-03), the Spanish garrison and Spanish-American
 * relations (GW-P15-SPAIN) and the French option 1 (GW-OPT-FRA-01..04): data/special-rules.json, checked when the
 * ruleset loads. Decisions D-MUT-* and D-SPA-* of docs/great-war/mutiny-and-spain.md.
 */
const count = z.number().int().min(0);
const percent = z.number().int().min(0).max(100);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));

export const specialRulesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  mutiny: z.strictObject({
    /** The mutiny roll of a nation that bought over-limit infantry this turn: a mutiny on a roll at or under `chance`. */
    die: z.number().int().min(2),
    chance: count,
    /** The severity die: up to `smallUpTo` small, up to `largeUpTo` large, above that disastrous. */
    severityDie: z.number().int().min(2),
    smallUpTo: z.number().int().min(1),
    largeUpTo: z.number().int().min(1),
    /** The share of the units of each chosen territory that disbands (rounded up), and how many territories are chosen. */
    smallPercent: percent,
    smallTerritories: z.number().int().min(1),
    largePercent: percent,
    largeTerritories: z.number().int().min(1),
    /** A disastrous mutiny: the share that disbands in the first territory; every unit of the second rebels. */
    disastrousPercent: percent,
    /** The scenario's laterNations entry that names the rebels of a disastrous mutiny. */
    mutineers: z.string().min(1),
    note: z.string().optional(),
    clauses,
  }),
  spain: z.strictObject({
    /** The minor nation, the nation whose border garrison it watches, and the side it joins when it goes to war. */
    nation: z.string().min(1),
    against: z.string().min(1),
    joins: z.enum(['allied', 'central']),
    /** The border territories, the unit type that counts and how many of it each must hold. */
    garrison: z.array(z.string().min(1)).min(1),
    garrisonType: z.string().min(1),
    garrisonMinimum: z.number().int().min(1),
    /** War on a roll of `die` at or under the chance: the first time the garrison is short, every later time. */
    die: z.number().int().min(2),
    firstChance: count,
    laterChance: count,
    /** The USA, and the chance that Spain joins the side facing it when it enters the war. */
    usa: z.string().min(1),
    usEntryChance: count,
    note: z.string().optional(),
    clauses,
  }),
  frenchOption: z.strictObject({
    /** The nation that may make the offer, what it gives Spain, and the rolls of `die` on which relations normalise. */
    nation: z.string().min(1),
    cost: z.number().int().min(1),
    die: z.number().int().min(2),
    successRolls: z.array(z.number().int().min(1)).min(1),
    note: z.string().optional(),
    clauses,
  }),
});
export type SpecialRulesFile = z.infer<typeof specialRulesFileSchema>;

let cached: SpecialRulesFile | undefined;

/** The checked numbers (parsed once; a broken file stops the ruleset loading with zod's message). */
export function specialRules(): SpecialRulesFile {
  cached ??= specialRulesFileSchema.parse(specialRulesJson);
  return cached;
}
