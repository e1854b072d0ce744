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
  /** Units kept in a territory for each enemy land unit next to it. */
  garrisonPerEnemy: z.number().min(0),
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
  worth: z.strictObject({ city: z.number(), industrialComplex: z.number(), supplyCenter: z.number(), capital: z.number(), victoryTerritory: z.number() }),
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
