import { z } from 'zod';
import { err, ok, schemaProblems, type Problem, type Result } from '@umpire/engine';
import rulesJson from '../../data/rules.json' with { type: 'json' };

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
  air: z.strictObject({
    /** Fuel an aircraft spends to enter a land territory (GW-UNIT-49). */
    landFuel: z.number().int().min(1),
    /** Fuel to move into or out of a sea zone (GW-UNIT-53). */
    seaFuel: z.number().int().min(1),
    /** Attack points aircraft lose attacking across a regular trench (GW-TRENCH-07); a super trench shelters entirely. */
    trenchPenalty: count,
    /** Fuel an attacking aircraft must have left after the air combat to join the land battle (GW-P10-LAND-05). */
    joinLandBattleFuel: z.number().int().min(1),
    /** Defence points land units lose against an attack of aircraft alone, without AA or a trench (GW-UNIT-56). */
    airOnlyDefensePenalty: count,
    /** Penalties never bring a defence below this (D-AIR-9). */
    minimumDefense: count,
    /** Tactical strike points against a territory that give its attacking infantry a bonus (GW-P04-BOMB-08). */
    tacticalStrikeThreshold: z.number().int().min(1),
    tacticalStrikeBonus: count,
    /** Resources a bomber that gets through takes off the target nation's collection: 1 die of this many sides (GW-P04-BOMB-03). */
    resourceBombingDie: z.number().int().min(1),
    /** Manpower a bomber that gets through takes off the target nation's reserve (GW-P04-BOMB-03). */
    manpowerBombing: count,
    /** The full fuel a fighter needs to fly into a sea zone for combat (GW-UNIT-54). */
    seaCombatFuel: z.number().int().min(1),
    /** The full fuel a fighter needs to serve on an aircraft carrier (GW-UNIT-55). */
    carrierFuel: z.number().int().min(1),
    /** Aircraft Carriers advances a nation needs before its fighters may serve on carriers (GW-UNIT-36). */
    carrierAdvances: z.number().int().min(1),
    clauses,
  }),
  naval: z.strictObject({
    /** What repairing a damaged ship costs next to a friendly port: once, or for each hit (GW-UNIT-19, GW-UNIT-40). */
    repair: z.record(z.string(), z.strictObject({ cost: count, perHit: z.boolean() })),
    /** A sea battle still going after so many rounds is broken off (it cannot happen while a side can hit). */
    maxRounds: z.number().int().min(1),
    /** The die a ship rolls to find submarines: found on a roll at or under its detection value (GW-P05-SUBDET-02). */
    detectionDie: z.number().int().min(2),
    /** Rounds in which only one side fires: the ships that found submarines (GW-P05-SUBDET-11), the submarines that attack (GW-P07-NAVCOMBAT-15). */
    freeRounds: count,
    /** What a battleship with the bombard task fires at in the first round of a sea battle, in percent of its value, rounded down (GW-P07-NAVCOMBAT-17, A47). */
    bombardFirstRoundPercent: z.number().int().min(0).max(100),
    /** The die a blockade runner rolls to slip past an enemy fleet (GW-P06-NAV-15) or to break off once caught (GW-P06-NAV-16). */
    runBlockadeDie: z.number().int().min(2),
    /** A blockade runner slips past, or breaks off, on a roll at or under this (6 on 1D10: the rule book's 60%). */
    runBlockadeChance: z.number().int().min(0).max(10),
    clauses,
  }),
  /** Radar and sonar on ships (GW-TECH-63..70; docs/great-war/ship-equipment.md). */
  equipment: z.strictObject({
    /** By equipment unit type: the ship types it may be fitted to and how many one ship carries (GW-TECH-64, -69). */
    fits: z.record(z.string(), z.strictObject({ ships: z.array(z.string()).min(1), perShip: z.number().int().min(1) })),
    /** Attack points enemy aircraft lose attacking ships where radar is (GW-TECH-65). */
    radarAttackPenalty: count,
    /** Attack points submarines lose firing at ships with sonar (GW-TECH-70). */
    sonarAttackPenalty: count,
    /** These penalties never bring an attack below this. */
    minimumAttack: count,
    /** The die a radar ship rolls when enemy aircraft fly in, and the rolls at or under which it detects them (50%: GW-TECH-66). */
    radarDetectionDie: z.number().int().min(2),
    radarDetectionChance: count,
    note: z.string().optional(),
    clauses,
  }),
  /** Naval invasions (phase 10.1, GW-P10-INV; docs/great-war/naval-war.md D-NAV-20 onward). */
  invasion: z.strictObject({
    /** Attack points units landing from transports into an enemy territory lose (GW-P10-INV-04, -05); never below landCombat.minimumAttack. */
    beachPenalty: z.record(z.string(), count),
    /** Unit types that may not land in a naval invasion (GW-P10-INV-03). */
    barred: z.array(z.string()),
    /** The unit type of the coastal defence every invasion meets (GW-P10-INV-09); its numbers are in the unit table. */
    coastalDefenceUnit: z.string(),
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
  /** The Afghan rebellion (GW-TERR-16, -17; ambiguity A38, decisions D-TERR-1, D-TERR-2). */
  afghanRebellion: z.strictObject({
    /** The minor nation that rebels and the territory whose conquest it rolls for. */
    nation: z.string(),
    territory: z.string(),
    /** The die rolled each turn while it is conquered, and the rolls on which a rebellion breaks out. */
    rebellionDie: z.number().int().min(2),
    rebellionOn: z.array(z.number().int().min(1)).min(1),
    /** The die rolled for the rebels: one rebel unit for every full `pointsPerRebel` points, never fewer than `minimumRebels`. */
    rebelDie: z.number().int().min(2),
    pointsPerRebel: z.number().int().min(1),
    minimumRebels: count,
    /** The unit type of the rebels. */
    rebelType: z.string(),
    note: z.string().optional(),
    clauses,
  }),
  /** The economic war at sea of phase 15 (GW-P15-SUBW, GW-P15-STARVE, GW-P15-USTRADE; docs/great-war/war-at-sea.md). */
  seaTrade: z.strictObject({
    /** Submarine warfare: the nation whose income the numbered zones (the map's `britainSupply`) carry, and the ships counted per zone. */
    submarineWarfare: z.strictObject({ nation: z.string(), shipsCountedPerZone: z.number().int().min(1), note: z.string().optional(), clauses }),
    /** Starvation: whose manpower region starves, the map group whose coasts are surrounded, whose submarines begin a cordon, and the losses. */
    starvation: z.strictObject({
      nation: z.string(),
      region: z.string(),
      surrounded: z.string(),
      besieger: z.string(),
      /** The consecutive turn surrounded on which the first loss comes. */
      turnsToStarve: z.number().int().min(1),
      firstLoss: z.number().int().min(1),
      /** Each further turn's loss is the last one's times this. */
      lossFactor: z.number().int().min(1),
      note: z.string().optional(),
      clauses,
    }),
    /** The US trade while the USA is neutral: the routes in the order they are paid. */
    usTrade: z.strictObject({
      from: z.string(),
      routes: z
        .array(
          z.strictObject({
            to: z.string(),
            amount: z.number().int().min(1),
            /** The camp whose warships blockade it. */
            blockadedBy: z.enum(['central', 'allied']),
            /** Nations whose warships count too while they are at full war with the receiver (Japan for Russia). */
            alsoBlockadedAtFullWarBy: z.array(z.string()).optional(),
            /** The trade arrives only while the US Entry track stands at least here. */
            minimumUsEntry: z.number().int().optional(),
            /** Ways the trade may come; it arrives while one is open. */
            paths: z
              .array(
                z.strictObject({
                  id: z.string(),
                  /** How the reports name it ('the Atlantic'). */
                  name: z.string(),
                  /** Blockading warships in every one of these zones close the path. */
                  blockade: z.array(z.string()).min(1),
                  /** While the receiver holds this territory incorporated, these zones must be held too. */
                  ifHeld: z.strictObject({ territory: z.string(), blockade: z.array(z.string()).min(1) }).optional(),
                  /** The path is open only while the receiver holds one of these territories. */
                  needsOneOf: z.array(z.string()).min(1).optional(),
                  /** Unrestricted submarine warfare closes it: 'always', or 'submarines' in one of `unrestrictedSubmarineWarfareZones`. */
                  unrestrictedSubmarineWarfare: z.enum(['always', 'submarines']).optional(),
                }),
              )
              .min(1),
          }),
        )
        .min(1),
      unrestrictedSubmarineWarfareZones: z.array(z.string()).min(1),
      note: z.string().optional(),
      clauses,
    }),
  }),
});
export type RulesFile = z.infer<typeof rulesFileSchema>;

export const RULES_FILE = 'data/rules.json';

/**
 * The rule numbers in force. One object for the life of the process: `setRuleNumbers` changes its values in place,
 * so that the phases that keep a part of it (`ruleNumbers.air`) see the new numbers too.
 */
export const ruleNumbers: RulesFile = rulesFileSchema.parse(rulesJson);

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Make `target` hold `source`, keeping every object and array of `target` that `source` still has. */
function assignInPlace(target: Tree | unknown[], source: Tree | unknown[]): void {
  if (Array.isArray(target) && Array.isArray(source)) {
    target.length = source.length;
    source.forEach((v, i) => {
      const t = target[i];
      if ((isTree(t) && isTree(v)) || (Array.isArray(t) && Array.isArray(v))) assignInPlace(t, v);
      else target[i] = structuredClone(v);
    });
    return;
  }
  const t = target as Tree;
  const s = source as Tree;
  for (const key of Object.keys(t)) if (!(key in s)) delete t[key];
  for (const [key, v] of Object.entries(s)) {
    const old = t[key];
    if ((isTree(old) && isTree(v)) || (Array.isArray(old) && Array.isArray(v))) assignInPlace(old, v);
    else t[key] = structuredClone(v);
  }
}

/**
 * Put other rule numbers in force (the parsed JSON of a rules file; the shipped data/rules.json when `raw` is
 * undefined), checked against the schema: on problems nothing changes. For the balance lab, which plays games with
 * a designer's numbers; numbers a module copied into a constant of its own when it loaded keep their shipped value.
 */
export function setRuleNumbers(raw: unknown = rulesJson, file = RULES_FILE): Result<void, Problem[]> {
  const parsed = rulesFileSchema.safeParse(raw);
  if (!parsed.success) return err(schemaProblems(parsed.error.issues, { file, schema: rulesFileSchema, data: raw }));
  assignInPlace(ruleNumbers as unknown as Tree, parsed.data as unknown as Tree);
  return ok(undefined);
}

/** Points of the regular-trench infantry penalty that `tanks` attacking tanks cancel. */
export function tankTrenchRelief(tanks: number): number {
  let points = 0;
  for (const step of ruleNumbers.landCombat.tankTrenchRelief) if (tanks >= step.tanks) points = Math.max(points, step.points);
  return points;
}
