import { z } from 'zod';

/**
 * Schemas of the data files (data/technologies.json, data/scenarios/*.json). The shape is checked here; the
 * cross-references between entries (known technology ids, levels within range, wars between known nations)
 * are checked in data.ts, so every problem comes back with the JSON path of the offending value.
 */

const kebab = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a kebab-case id such as "improved-weapons"');
const count = z.number().int().min(0);

/** The unit types the technology table speaks of. The unit tables themselves come with phase 3. */
export const unitTypes = [
  'infantry',
  'artillery',
  'tank',
  'aa-gun',
  'fighter',
  'bomber',
  'battleship',
  'cruiser',
  'transport',
  'submarine',
  'carrier',
  'trench',
  'super-trench',
  'radar',
  'sonar',
  'industrial-complex',
  'port',
] as const;
export const unitType = z.enum(unitTypes);
export type UnitType = z.infer<typeof unitType>;

/** Stat changes an advance makes to a unit type: positive or negative deltas. */
export const statKeys = ['attack', 'defense', 'cost', 'move', 'fuel', 'hits', 'troopPoints', 'shoreBombardment', 'attacksPerRound', 'fighterCapacity'] as const;
export type StatKey = (typeof statKeys)[number];

const delta = z.number().int().refine((n) => n !== 0, 'a stat change of 0 says nothing: leave it out');

const statsEffect = z
  .strictObject({
    kind: z.literal('stats'),
    unit: unitType,
    attack: delta.optional(),
    defense: delta.optional(),
    cost: delta.optional(),
    move: delta.optional(),
    fuel: delta.optional(),
    hits: delta.optional(),
    troopPoints: delta.optional(),
    shoreBombardment: delta.optional(),
    attacksPerRound: delta.optional(),
    fighterCapacity: delta.optional(),
  })
  .refine((e) => statKeys.some((k) => e[k] !== undefined), 'a stats effect changes at least one stat');

const mayBuildEffect = z.strictObject({
  kind: z.literal('may-build'),
  unit: unitType,
  /** The price of the new unit or upgrade, where the technology section gives it (radar 18, sonar 13, super trench 15). */
  cost: z.number().int().min(1).optional(),
});

const abilityEffect = z.strictObject({ kind: z.literal('ability'), unit: unitType, ability: kebab });

const manpowerEffect = z.strictObject({ kind: z.literal('manpower'), percent: z.number().int().min(1) });

const costReductionEffect = z.strictObject({
  kind: z.literal('cost-reduction'),
  percent: z.number().int().min(1).max(99),
  /** Which units are cheaper: 'manufactured' is every unit but infantry and trenches (GW-TECH-60). */
  scope: z.literal('manufactured'),
  rounding: z.enum(['up', 'down']),
  /** false: this advance's percentage replaces the earlier one instead of adding to it (GW-TECH-62). */
  cumulative: z.boolean(),
});

export const effectSchema = z.discriminatedUnion('kind', [statsEffect, mayBuildEffect, abilityEffect, manpowerEffect, costReductionEffect]);
export type Effect = z.infer<typeof effectSchema>;

const advanceSchema = z.strictObject({
  /** The seed's stat line for the advance, for reports. */
  text: z.string().min(1),
  effects: z.array(effectSchema).min(1),
  /**
   * Effects that apply instead of `effects` for a nation that could already build the unit named by this
   * advance's 'may-build' effect (Tanks, 1st advance, for Germany, Britain and the USA: GW-TECH-14).
   */
  ifAlreadyBuildable: z.strictObject({ text: z.string().min(1), effects: z.array(effectSchema).min(1) }).optional(),
});
export type Advance = z.infer<typeof advanceSchema>;

export const technologySchema = z.strictObject({
  id: kebab,
  name: z.string().min(1),
  /** Other names players may type (and abbreviate): 'Artillery' for Improved Artillery. */
  aliases: z.array(z.string().min(1)),
  appliesTo: z.array(unitType).min(1),
  /** '# of possible advances'. Must equal the number of advances listed. */
  maxAdvances: z.number().int().min(1),
  advances: z.array(advanceSchema).min(1),
  /** The clause ids of the clause index this entry encodes. */
  clauses: z.array(z.string().regex(/^GW-TECH-\d+$/)),
  note: z.string().optional(),
});
export type Technology = z.infer<typeof technologySchema>;

export const technologyFileSchema = z.strictObject({
  research: z.strictObject({
    /** Resources per attempt (GW-P02-TECH-01). */
    cost: z.number().int().min(1),
    /** Sides of the research die. */
    die: z.number().int().min(2),
    /** The rolls that succeed (GW-P02-TECH-03). */
    successRolls: z.array(z.number().int().min(1)).min(1),
    /** Attempts a nation may make on one technology in one turn (GW-P02-TECH-02). */
    attemptsPerTechnologyPerTurn: z.number().int().min(1),
  }),
  technologies: z.array(technologySchema).min(1),
});
export type TechnologyFile = z.infer<typeof technologyFileSchema>;

export const sides = ['central', 'allied', 'neutral'] as const;
export const sideSchema = z.enum(sides);
export type Side = z.infer<typeof sideSchema>;

export const calendarSchema = z.strictObject({
  /** Turns in the game (GW-MISC-02). */
  turns: z.number().int().min(1),
  /** Months each turn stands for (GW-MISC-01). */
  monthsPerTurn: z.number().int().min(1).max(12),
  firstYear: z.number().int(),
  /** 1 = the first entry of monthNames. */
  firstMonth: z.number().int().min(1).max(12),
  monthNames: z.array(z.string().min(1)).length(12),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const scenarioNationSchema = z.strictObject({
  id: kebab,
  name: z.string().min(1),
  fullName: z.string().min(1),
  /** Short column heading for tables. */
  abbreviation: z.string().min(1).max(4),
  side: sideSchema,
  /** Whether a player (or a bot) sends orders for this nation. */
  seat: z.boolean(),
  /** Saved resources at the start (gap G05: invented, see docs/great-war/designers-choices.md). */
  treasury: count,
  /** Resources collected per turn while neutral, where the seed gives a number; null: no cap. */
  incomeCap: count.nullable(),
  /** Starting technology levels; technologies not listed start at 0. */
  tech: z.record(z.string(), count),
  /** Gated units this nation may build before any advance (tank prototypes: GW-TECH-11). */
  mayBuildAtStart: z.array(unitType),
});
export type ScenarioNation = z.infer<typeof scenarioNationSchema>;

export const scenarioFileSchema = z.strictObject({
  id: kebab,
  title: z.string().min(1),
  calendar: calendarSchema,
  sideNames: z.strictObject({ central: z.string().min(1), allied: z.string().min(1), neutral: z.string().min(1) }),
  nations: z.array(scenarioNationSchema).min(1),
  /** Every pair of nations at war at the start. */
  wars: z.array(z.tuple([kebab, kebab])),
});
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;
