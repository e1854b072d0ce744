import { z } from 'zod';

/**
 * Schemas of the data files (data/technologies.json, data/scenarios/*.json). The shape is checked here; the
 * cross-references between entries (known technology ids, levels within range, wars between known nations)
 * are checked in data.ts, so every problem comes back with the JSON path of the offending value.
 */

const kebab = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a kebab-case id such as "improved-weapons"');
const count = z.number().int().min(0);

/**
 * Every unit type: those the technology table speaks of, the coastal defence unit of phase 10.1 and the city, which
 * defends its territory (GW-FAC-17). Their numbers are in data/units.json.
 */
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
  'city',
  'coastal-defense',
] as const;
export const unitType = z.enum(unitTypes);
export type UnitType = z.infer<typeof unitType>;

/**
 * Stat changes an advance makes to a unit type: positive or negative deltas. The names are those of the unit table
 * (`unitStatKeys`): `troopPoints` is what a transport can carry ("+1 troop point", GW-TECH-36), `fighterCapacity`
 * the fighters a carrier holds.
 */
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
  /** How the reduction (the percentage of the cost) is rounded: 10% of 45 is 4.5, so 5 when 'up' (decision D-UNIT-4). */
  rounding: z.enum(['up', 'down']),
  /** false: this advance's percentage replaces the earlier one instead of adding to it (GW-TECH-62). */
  cumulative: z.boolean(),
});

export const effectSchema = z.discriminatedUnion('kind', [statsEffect, mayBuildEffect, abilityEffect, manpowerEffect, costReductionEffect]);
export type Effect = z.infer<typeof effectSchema>;

/**
 * What an advance does for the units already in play (GW-P02-TECH-04/05, gap G13, decision D-UPG-1): 'automatic',
 * they have it at once; 'paid', only once the nation pays its per-unit extra cost for all of them (phase 2 'upgrade');
 * 'new-only', it lets the nation build something and changes no unit in play.
 */
export const existingUnitsSchema = z.enum(['automatic', 'paid', 'new-only']);
export type ExistingUnits = z.infer<typeof existingUnitsSchema>;

const advanceSchema = z.strictObject({
  /** The seed's stat line for the advance, for reports. */
  text: z.string().min(1),
  existing: existingUnitsSchema,
  effects: z.array(effectSchema).min(1),
  /**
   * Effects that apply instead of `effects` for a nation that could already build the unit named by this
   * advance's 'may-build' effect (Tanks, 1st advance, for Germany, Britain and the USA: GW-TECH-14).
   */
  ifAlreadyBuildable: z.strictObject({ text: z.string().min(1), existing: existingUnitsSchema, effects: z.array(effectSchema).min(1) }).optional(),
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
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
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

/** The five diplomatic positions of phase 1.2, from the Central Powers' camp to the Allies' (GW-P01-DIP-09). */
export const diplomaticPositions = ['central-camp', 'favourable-to-central', 'neutral', 'favourable-to-allies', 'allied-camp'] as const;
export const diplomaticPositionSchema = z.enum(diplomaticPositions);
export type DiplomaticPosition = z.infer<typeof diplomaticPositionSchema>;

/**
 * The colony groups of phase 13 rule 7 (the map's `colony` field). Each has its own manpower limit, apart from its
 * nation's home limit (decision D-NAT-7).
 */
export const colonyGroupIds = ['canada', 'india', 'australia', 'south-africa', 'german-east-africa', 'algeria', 'new-zealand'] as const;

const manpowerRegionSchema = z.strictObject({
  /** 'home', or the colony group the limit is for. */
  region: z.enum(['home', ...colonyGroupIds]),
  /** For reports: 'British Isles', 'Canada'. */
  name: z.string().min(1),
  /** Infantry units the nation may buy at normal cost during the game in this region (gap G06). */
  limit: count,
});
export type ManpowerRegion = z.infer<typeof manpowerRegionSchema>;

const nationCommon = {
  id: kebab,
  name: z.string().min(1),
  fullName: z.string().min(1),
  /** Short column heading for tables. */
  abbreviation: z.string().min(1).max(4),
};

/** A major nation: the Great Powers and Serbia, each a seat. */
export const scenarioMajorSchema = z.strictObject({
  ...nationCommon,
  kind: z.literal('major'),
  side: sideSchema,
  /** Whether a player (or a bot) sends orders for this nation. */
  seat: z.boolean(),
  /** Saved resources at the start (gap G05: invented, see docs/great-war/designers-choices.md). */
  treasury: count,
  /** Resources collected per turn at the start, where the seed caps it (a neutral); null: the full value of its lands. */
  incomeCap: count.nullable(),
  /** The cap while the nation fights a war with a neutral minor only (Ottoman Empire 36, Italy 45). */
  minorWarIncomeCap: count.optional(),
  /** Gearing up the war economy: what it costs once and the cap afterwards (Japan 25/30, China 15/25, USA 40/35). */
  gearUp: z.strictObject({ cost: z.number().int().min(1), incomeCap: count }).optional(),
  /** Manpower limits (gap G06): the home limit first, then one per colony group with a limit of its own. */
  manpower: z.array(manpowerRegionSchema).min(1),
  /** Starting technology levels; technologies not listed start at 0. */
  tech: z.record(z.string(), count),
  /** Gated units this nation may build before any advance (tank prototypes: GW-TECH-11). */
  mayBuildAtStart: z.array(unitType),
});
export type ScenarioMajor = z.infer<typeof scenarioMajorSchema>;

/**
 * A minor nation: no seat, neutral on the diplomatic chart at the start, run by the moderator until it joins the
 * war (gaps G09, G19). It has the fields every nation has (side, seat, treasury, incomeCap) with the values a
 * minor always starts with.
 */
export const scenarioMinorSchema = z.strictObject({
  ...nationCommon,
  kind: z.literal('minor'),
  side: z.literal('neutral'),
  seat: z.literal(false),
  /** Saved resources at the start. */
  treasury: count,
  /** A minor collects a share of its lands' value (`minorIncome`), not a capped amount. */
  incomeCap: z.null(),
  /** Its position on the chart of phase 1.2 at the start. */
  diplomacy: diplomaticPositionSchema,
  /** The seed's '*' mark: influence attempts on it succeed only on a roll of 10 (GW-P01-DIP-18). */
  hardToInfluence: z.boolean(),
  /** Who gives its orders: 'moderator' (the umpire) or the id of a seat. */
  controller: kebab,
  /**
   * Mexico (gap G17): the turn `trigger` happens it collects percents[0]% of its full income, and on each later turn
   * the next entry, up to the last.
   */
  mobilisation: z.strictObject({ trigger: z.enum(['usa-gear-up']), percents: z.array(z.number().int().min(1).max(100)).min(1) }).optional(),
  /** Why it starts where it does. */
  note: z.string().min(1),
});
export type ScenarioMinor = z.infer<typeof scenarioMinorSchema>;

export const scenarioNationSchema = z.discriminatedUnion('kind', [scenarioMajorSchema, scenarioMinorSchema]);
export type ScenarioNation = z.infer<typeof scenarioNationSchema>;

export const scenarioFileSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
  id: kebab,
  title: z.string().min(1),
  calendar: calendarSchema,
  sideNames: z.strictObject({ central: z.string().min(1), allied: z.string().min(1), neutral: z.string().min(1) }),
  /** Every nation: the majors in seat order, then the minors (no seats). */
  nations: z.array(scenarioNationSchema).min(1),
  /** What a moderator-run minor collects per turn: a share of its lands' full value (GW-P14-RES-05: 10%, rounded up). */
  minorIncome: z.strictObject({ percent: z.number().int().min(1).max(100), rounding: z.enum(['up', 'down']) }),
  /** Every pair of nations (majors or minors) at war at the start. */
  wars: z.array(z.tuple([kebab, kebab])),
  /** Powers that do not exist at the start but that the rules create in play (the Bolsheviks, rebels). */
  laterNations: z
    .array(
      z.strictObject({
        id: kebab,
        name: z.string().min(1),
        abbreviation: z.string().min(2).max(4),
        /** The rule that brings it into being. */
        appears: z.string().min(1),
        clauses: z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/)),
        controller: z.string().min(1),
        note: z.string().optional(),
      }),
    )
    .default([]),
});
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;

/** The numbers of a unit type, in the unit table and as `unitStats` gives them for a nation. */
export const unitStatKeys = [
  'cost',
  'attack',
  'defense',
  'move',
  'hits',
  'fuel',
  'load',
  'troopPoints',
  'fighterCapacity',
  'shoreBombardment',
  'attacksPerRound',
  'detection',
  'airCombat',
  'aaMounts',
] as const;
export type UnitStatKey = (typeof unitStatKeys)[number];

export const unitCategories = ['land', 'air', 'sea', 'fortification', 'equipment', 'facility'] as const;

const stat = z.number().int().min(0);
const unitStatKey = z.enum(unitStatKeys);

export const unitSchema = z.strictObject({
  id: unitType,
  name: z.string().min(1),
  /** Other names players may type: 'Destroyer' for the cruiser (decision D-UNIT-2). */
  aliases: z.array(z.string().min(1)),
  category: z.enum(unitCategories),
  /** Built in a factory or shipyard: Improved Industrial Technology lowers its cost (GW-TECH-60, decision D-UNIT-4). */
  manufactured: z.boolean(),
  /** Price; null: never bought (the city, the coastal defence unit). */
  cost: stat.nullable(),
  /** null: never attacks (AA guns: '-', GW-P03-BUILD-08). A hit is a roll at or under the value on 1D10. */
  attack: stat.nullable(),
  /** null: never rolls in defence (trenches, radar, sonar). */
  defense: stat.nullable(),
  /** Territories or sea zones per move; null for aircraft, which spend fuel instead (GW-UNIT-47). */
  move: stat.nullable(),
  /** Hits that sink or destroy it; null: never taken as a loss (trenches, cities, radar and sonar). */
  hits: z.number().int().min(1).nullable(),
  /** Fuel points of aircraft; null for every other unit. */
  fuel: stat.nullable(),
  /** Troop points it takes on a transport (GW-UNIT-26/27); null: never carried. */
  load: z.number().int().min(1).nullable(),
  /** Troop points a transport carries (GW-UNIT-25); 0 for every other unit. */
  troopPoints: stat,
  /** Fighters a carrier holds (GW-UNIT-38); 0 for every other unit. */
  fighterCapacity: stat,
  /** The battleship's second number: its shore bombardment (GW-UNIT-13); null: may not bombard. */
  shoreBombardment: stat.nullable(),
  /** Attack rolls per combat round; null when it never attacks. */
  attacksPerRound: z.number().int().min(1).nullable(),
  /** Submarine detection: a roll at or under it finds the submarines (phase 5); null: may not try. */
  detection: stat.nullable(),
  /** Fixed value in air combat whatever the advances (bombers: 1, GW-UNIT-59); null: its attack or defence. */
  airCombat: stat.nullable(),
  /** Improved AA guns it may carry (GW-TECH-26); 0: none. */
  aaMounts: stat,
  /** The stats whose values the seed gives (or fixes by a rule for every unit, such as one hit sinks). */
  seed: z.array(unitStatKey),
  /** The stats whose values are a designer's choice: each has a row in docs/great-war/designers-choices.md. */
  designer: z.array(unitStatKey),
  clauses: z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/)),
  note: z.string().optional(),
});
export type UnitEntry = z.infer<typeof unitSchema>;

/** Base values one unit type has for some nations only: Bolshevik infantry, Russia's properly supplied army. */
export const unitVariantSchema = z.strictObject({
  id: kebab,
  name: z.string().min(1),
  unit: unitType,
  /** Base values replaced; the nation's advances still apply on top. */
  set: z.partialRecord(unitStatKey, stat),
  clauses: z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/)),
});
export type UnitVariant = z.infer<typeof unitVariantSchema>;

export const unitFileSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
  units: z.array(unitSchema).min(1),
  variants: z.array(unitVariantSchema),
});
export type UnitFile = z.infer<typeof unitFileSchema>;
