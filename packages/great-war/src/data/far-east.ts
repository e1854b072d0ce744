import { z } from 'zod';
import dataJson from '../../data/japan-china.json' with { type: 'json' };
import { diplomaticPositionSchema } from './schema.js';

/** The rule book's numbers for Japan, China and the cessions to China (data/japan-china.json), checked when the ruleset loads. */
const count = z.number().int().min(0);
const chance = z.number().int().min(0).max(10);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));

export const japanChinaFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  japan: z.strictObject({
    nation: z.string(),
    /** What each of options 1 to 4 adds to Japan's income cap (GW-NEUT-JAP-06..09). */
    optionBonus: count,
    /** The wars that each add `optionBonus` (options 1 and 2). */
    bonusWars: z.array(z.string()).min(1),
    /** The territory whose capture by a Central Power adds option 3's bonus (GW-NEUT-JAP-08). */
    suezCanal: z.string(),
    russia: z.string(),
    /** What Japan pays to turn a limited war with Russia into a full war (GW-NEUT-JAP-11). */
    fullWarOnRussiaCost: count,
    /** Russian territories Japan must capture to win a limited war (GW-NEUT-JAP-10). */
    limitedWarCaptures: z.number().int().min(1),
    /** The territories of Korea (the map splits the seed's Korea in two). */
    korea: z.array(z.string()).min(1),
    /** Japan's solo victory: this much production at the end of the war (GW-NEUT-JAP-19, D-JAP-4). */
    soloVictory: count,
    /** US Entry events 12, 13 and 14 (GW-USENTRY-15..17). */
    usEntry: z.strictObject({ fullWarOnRussia: z.number().int(), westernAllies: z.number().int(), ottomansAndAustria: z.number().int() }),
    clauses,
  }),
  china: z.strictObject({
    nation: z.string(),
    /** The die of every chance of this part: 'n in 10' succeeds on a roll of n or less. */
    die: z.number().int().min(2),
    /** China's chance of declaring war on Japan when Japan declares war on these (GW-NEUT-CHN-03..06). */
    answers: z.strictObject({ 'ottoman-empire': chance, 'austria-hungary': chance, 'western-allies': chance, russia: chance }),
    /** Attacks a turn while Lost China is not all held (GW-NEUT-CHN-12). */
    attacksPerTurn: z.number().int().min(1),
    /** Outside Lost China, China may still attack these (GW-NEUT-CHN-11). */
    korea: z.array(z.string()),
    /** China's place on the five-step chart at the start (D-CHN-5). */
    startPosition: diplomaticPositionSchema,
    /** A ceding nation's attempt to move China (D-CHN-5): its cost and chance. */
    influence: z.strictObject({ cost: count, chance }),
    /** The territories Britain, France and Germany may cede to China (GW-NEUT-CHN-21). */
    cessions: z
      .array(
        z.strictObject({
          territory: z.string(),
          owner: z.string(),
          option: z.string(),
          /** Resources paid to China with the territory. */
          payment: count,
          /** Chance that China moves one step toward the ceding side. */
          towardChance: chance,
          /** Chance that Japan answers. */
          japanChance: chance,
          /** Japan's answer: war on the ceding nation and full production (British option 3), full production and war on the rest of the ceder's side (German option 1). */
          japanAnswer: z.enum(['none', 'war-on-ceder', 'war-on-ceders-side']),
        }),
      )
      .min(1),
    /** Turns the owner of a colony China attacked may strike back without a declaration (GW-NEUT-CHN-18). */
    colonialWarTurns: z.number().int().min(1),
    /** British option 6 (GW-OPT-GBR-21, -22). */
    hongKongPort: z.strictObject({ territory: z.string(), cost: count }),
    clauses,
  }),
});
export type JapanChinaFile = z.infer<typeof japanChinaFileSchema>;

const parsed: JapanChinaFile = japanChinaFileSchema.parse(dataJson);

/** The numbers of data/japan-china.json (a function: the modules that read it import each other in cycles). */
export function japanChinaData(): JapanChinaFile {
  return parsed;
}
