import { z } from 'zod';

/**
 * A hex board as plain data: its maps, the hexes that differ from their map's ground, the features of hexsides
 * and the links between maps. Terrain, hex features, hexside features and link kinds are open strings: the
 * ruleset's data gives them their costs and prohibitions, the kit only carries them.
 */

const hexId = z.string().regex(/^[A-Z]{1,3}\d{4}$/, 'a hex id is a map prefix, a two-digit column and a two-digit row, like W2428');
const kind = z.string().min(1);
const twoDigits = z.number().int().min(0).max(99);

export const hexMapSchema = z.strictObject({
  /** The letter(s) that start the ids of the map's hexes: W for W2428. */
  prefix: z.string().regex(/^[A-Z]{1,3}$/, 'a map prefix is one to three capital letters'),
  name: z.string().min(1).optional(),
  orientation: z.enum(['flat', 'pointy']),
  /** Which printed columns (flat) or rows (pointy) sit half a hex down (flat) or right (pointy). */
  offset: z.enum(['odd', 'even']),
  columns: z.number().int().min(1).max(100),
  rows: z.number().int().min(1).max(100),
  /** The printed number of the first column and row (1 when left out). */
  firstColumn: twoDigits.optional(),
  firstRow: twoDigits.optional(),
  /** The terrain of every hex of the map that `hexes` does not list. */
  terrain: kind,
});

/** What a hex holds besides its terrain: town, city, fortress, port, board edge, supply source... */
export const hexFeaturesSchema = z.record(z.string().min(1), z.union([z.string(), z.number(), z.boolean()]));

export const hexSchema = z.strictObject({
  id: hexId,
  name: z.string().min(1).optional(),
  /** Its map's terrain when left out. */
  terrain: kind.optional(),
  features: hexFeaturesSchema.optional(),
});

export const hexsideSchema = z.strictObject({
  /** Two neighbouring hexes, in either order. */
  hexes: z.tuple([hexId, hexId]),
  /** 'river', 'major-river', 'all-sea', 'bridge'...: one or more. */
  features: z.array(kind).min(1),
});

export const hexLinkSchema = z.strictObject({
  /** Two hexes that are not neighbours on a map, usually on two maps, made neighbours by the link. */
  hexes: z.tuple([hexId, hexId]),
  /** 'channel-crossing', 'tunnel'... */
  kind,
});

export const hexBoardSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  maps: z.array(hexMapSchema).min(1),
  hexes: z.array(hexSchema).optional(),
  hexsides: z.array(hexsideSchema).optional(),
  links: z.array(hexLinkSchema).optional(),
});

export type HexMapData = z.infer<typeof hexMapSchema>;
export type HexFeatures = z.infer<typeof hexFeaturesSchema>;
export type HexData = z.infer<typeof hexSchema>;
export type HexsideData = z.infer<typeof hexsideSchema>;
export type HexLinkData = z.infer<typeof hexLinkSchema>;
export type HexBoardData = z.infer<typeof hexBoardSchema>;
