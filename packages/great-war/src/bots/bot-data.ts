import { z } from 'zod';
import botsJson from '../../data/bots.json' with { type: 'json' };

/**
 * The numbers of the Great War's bots (data/bots.json): each version is the general's algorithm (src/bots/general.ts)
 * with its own thresholds and shares, so that versions can be played against each other.
 */

const share = z.number().min(0).max(1);
const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const generalParamsSchema = z.strictObject({
  description: z.string().min(1),
  /** The chance of taking a territory an attack must have to be ordered. */
  attackOdds: share,
  /**
   * The chance of taking it an attack needs when the territory is an objective (a war aim, or a territory the side's
   * victory turns on), or lies within `objectiveReach` borders of one: an offensive accepts worse odds there.
   */
  objectiveOdds: share,
  /** Borders from an objective within which a target counts as on the way to it (0: the objective alone). */
  objectiveReach: z.number().int().min(0),
  /**
   * The war aims each side fights for besides its victory conditions, as territory ids: the Central Powers' Paris,
   * Belgium and the Channel ports. The Allies' objectives come from the victory rules (data/victory.json).
   */
  warAims: z.strictObject({ central: z.array(id), allied: z.array(id) }),
  /**
   * A `declare war on` line of the plans is given only when one stack could then take a territory of that nation
   * with at least these odds (an empty one, or by the exact odds): a declared war without military action ends in a
   * forced peace that bars new wars for three turns (GW-P01-DIP-05, -07).
   */
  declareOdds: share,
  /**
   * Whether the garrisons the rules punish leaving short are kept: France's Spanish border (GW-P15-SPAIN-02: fewer
   * than 2 infantry in Toulouse or Bordeaux may bring Spain into the war), with `ruleGarrisonExtra` infantry more.
   */
  ruleGarrisons: z.boolean(),
  ruleGarrisonExtra: z.number().int().min(0),
  /** Whether infantry purchases stop at the manpower limit: beyond it they cost double and risk a mutiny (GW-MANP-02, GW-P15-MUTINY-01). */
  manpowerCap: z.boolean(),
  /** Whether the stacks of a quiet front shift toward the front nearest an objective, and far reserves go there first. */
  offensiveAxis: z.boolean(),
  /**
   * Whether the way to an objective (toObjective) crosses only the land of the side, of its enemies and of the neutrals
   * the nation's plans declare war on: no army enters a neutral, so a way through Switzerland or Romania is no way.
   */
  objectiveWayAvoidsNeutrals: z.boolean(),
  /**
   * Whether the general ferries troops across a sea zone with its transports (src/bots/sealift.ts): loaded on one
   * shore, landed on another nearer an objective, or on an empty enemy shore, the same turn.
   */
  sealift: z.boolean(),
  /** Transports bought a turn for a ferry at most (0: none are bought). */
  sealiftBuy: z.number().int().min(0),
  /** The transports a ferry's sea zone is brought up to by purchases. */
  sealiftTransports: z.number().int().min(0),
  /** The units waiting on a ferry's shores (with no land way to a front, or far behind it) before transports are bought for it. */
  sealiftIdle: z.number().int().min(0),
  /** A ferry lands on an enemy shore held by defenders only with this many times as many units (the beach penalty, GW-P10-INV-04). */
  sealiftInvasionRatio: z.number().min(0),
  /** A flotilla sails to a landing at most this many sea zones away (src/bots/voyages.ts; 0: ferries only). */
  voyageZones: z.number().int().min(0),
  /** An empty flotilla loads and sails away only for a landing this many borders nearer an objective than its own zone's. */
  voyageGain: z.number().int().min(0),
  /** The share of the unit budget transports may take. */
  sealiftShare: share,
  /** Whether the fighters next to an attack ordered fly with it (they join the land battle while their fuel lasts, GW-P10-LAND-20). */
  aircraftJoinAttacks: z.boolean(),
  /** Units kept in a territory for each enemy land unit next to it. */
  garrisonPerEnemy: z.number().min(0),
  /** Units kept for each enemy land unit next door across a trench of the side that faces them (GW-TRENCH). */
  garrisonPerEnemyTrench: z.number().min(0),
  /** Units kept in the capital besides, while an enemy is next to it. */
  capitalGarrison: z.number().int().min(0),
  /** Units kept in the capital while no enemy is next to it. */
  peaceCapitalGarrison: z.number().int().min(0),
  /** At most this many attacks a turn. */
  maxAttacks: z.number().int().min(0),
  /** Research only with at least this much in the treasury. */
  researchFloor: z.number().min(0),
  /** Research attempts a turn. */
  researchAttempts: z.number().int().min(0),
  /** The technologies researched, most wanted first. */
  researchPriority: z.array(id),
  /** The share of the land-unit budget spent on artillery. */
  artilleryShare: share,
  /** The artillery is bought in this many cities at most, the nearest the front first. */
  artilleryCities: z.number().int().min(1),
  /** The share of its treasury a nation at peace spends on units. */
  neutralSpendShare: share,
  /** The share of the treasury incorporation may take. */
  incorporateShare: share,
  /** Trenches dug a turn. */
  trenchesPerTurn: z.number().int().min(0),
  /** Whether reserves far from the front go by strategic movement. */
  strategicMoves: z.boolean(),
  /** Stacks at least this many borders behind the front go by rail; nearer ones walk. */
  railDistance: z.number().int().min(2),
  /** A stack going by rail tries the fronts pressed hardest, this many at most. */
  railFronts: z.number().int().min(1),
  /**
   * The diplomatic and national options each nation tries every turn, as a player writes them, while it has at least
   * `floor` resources; the rules refuse those that do not fit the moment (too early, already used, the wrong side).
   */
  plans: z.record(id, z.array(z.strictObject({ order: z.string().min(1), floor: z.number().min(0) }))),
  /**
   * What taking a territory is worth besides its value: a city, an industrial complex, a supply center (a nation is
   * conquered when it has lost them all), a capital, a territory the side's victory names (homeland Germany for the Allies).
   */
  worth: z.strictObject({
    city: z.number(),
    industrialComplex: z.number(),
    supplyCenter: z.number(),
    capital: z.number(),
    victoryTerritory: z.number(),
    /** An objective of the side (objectivesOf). */
    objective: z.number(),
  }),
  /** Whether the general accepts, by standing order, the surrender of every nation it is at war with. */
  acceptSurrenders: z.boolean(),
  /** Standing orders given every turn, as a player writes them (a loss order). */
  standing: z.array(z.string().min(1)),
});
export type GeneralParams = z.infer<typeof generalParamsSchema>;

export const botsFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  versions: z.record(id, generalParamsSchema).refine((v) => Object.keys(v).length > 0, 'at least one version'),
});
export type BotsFile = z.infer<typeof botsFileSchema>;

let parsed: BotsFile | undefined;
/** data/bots.json, checked on first use. */
export function botsData(): BotsFile {
  parsed ??= botsFileSchema.parse(botsJson);
  return parsed;
}
