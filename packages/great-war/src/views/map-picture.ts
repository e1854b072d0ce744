import type { MapArea, MapPicture } from '@umpire/cartography';
import type { Json } from '@umpire/engine';
import { z } from 'zod';
import styleJson from '../../data/map/style.json' with { type: 'json' };
import type { WorldMap } from '../data/map.js';

/**
 * The Great War map as a picture description for @umpire/cartography: owners' colours, capitals, industry,
 * ports and cities, straits and passages, and (when a game is given) what the ruleset's state adds: owners
 * that changed, unit counts, trenches and battles. Pure, so the web client can draw the same picture.
 */

/** The picture is the cartography package's: one description, drawn as SVG by the CLI, the server or a browser. */
export type Picture = MapPicture & { readonly links: NonNullable<MapPicture['links']> };
export type PictureArea = MapArea;

export interface PictureTrench {
  readonly a: string;
  readonly b: string;
  readonly super: boolean;
  readonly both: boolean;
}

/** What a game adds to the picture; every field optional, so the opening map needs none. */
export interface PictureOverlay {
  /** Territory id to its holder, where it differs from 1914. */
  readonly owners?: Readonly<Record<string, string>>;
  /** Area id to lines such as 'GER 3 inf 1 art'. */
  readonly units?: Readonly<Record<string, readonly { readonly nation: string; readonly text: string }[]>>;
  /**
   * Trench markers: `a` the guarded territory, `b` the one it faces (GW-TRENCH-12); `both` when the border is
   * guarded from each side by trenches of the same strength, drawn as one two-way marker (GW-TRENCH-13).
   */
  readonly trenches?: readonly PictureTrench[];
  readonly battles?: readonly string[];
}

const colour = z.string().regex(/^#[0-9a-f]{6}$/, 'expected a colour such as "#4a6fae"');
export const mapStyleSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (schemas/*.schema.json). */
  $schema: z.string().optional(),
  note: z.string().optional(),
  nations: z.record(z.string(), colour),
  minor: colour,
  sea: colour,
  offMap: z.strictObject({ colour, anchors: z.array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])) }),
  /** How unit types are shortened in the map's unit counts ('GER 3 inf 1 art'). */
  unitAbbreviations: z.record(z.string(), z.string().min(1)),
});

/** The shipped style; a broken file fails loudly at load (the data tests check it with its JSON path). */
export const mapStyle = mapStyleSchema.parse(styleJson);

export function nationColour(nation: string): string {
  return mapStyle.nations[nation] ?? mapStyle.minor;
}

export function mapPicture(world: WorldMap, opts: { title: string; subtitle?: string; nationNames: Readonly<Record<string, string>>; overlay?: PictureOverlay }): Picture {
  const overlay = opts.overlay ?? {};
  const battles = new Set(overlay.battles ?? []);
  const ownerOf = (id: string, original: string) => overlay.owners?.[id] ?? original;
  const nameOf = (id: string) => world.names.get(id) ?? id;
  const areas: PictureArea[] = [
    ...world.territories.map((t) => {
      const symbols: ('capital' | 'industry' | 'port' | 'city' | 'battle')[] = [];
      if (battles.has(t.id)) symbols.push('battle');
      if (t.capital) symbols.push('capital');
      if (t.industrialComplex) symbols.push('industry');
      if (t.port) symbols.push('port');
      if (t.city && !t.capital) symbols.push('city');
      const units = overlay.units?.[t.id] ?? [];
      return {
        id: t.id,
        name: t.name,
        kind: 'land' as const,
        anchors: t.anchors,
        fill: nationColour(ownerOf(t.id, t.owner)),
        symbols,
        ...(units.length ? { badges: units.map((u) => ({ text: u.text, color: '#111111' })) } : {}),
      };
    }),
    ...world.seas.map((s) => {
      const units = overlay.units?.[s.id] ?? [];
      return {
        id: s.id,
        name: s.britainSupply ? `${s.name} (${s.britainSupply})` : s.name,
        kind: 'sea' as const,
        anchors: s.anchors,
        fill: mapStyle.sea,
        ...(battles.has(s.id) ? { symbols: ['battle' as const] } : {}),
        ...(units.length ? { badges: units.map((u) => ({ text: u.text, color: '#0b2545' })) } : {}),
      };
    }),
    { id: 'off-map', name: '', kind: 'land', anchors: mapStyle.offMap.anchors, fill: mapStyle.offMap.colour, quiet: true },
  ];
  const links: Picture['links'][number][] = [
    ...world.connections.filter((c) => c.kind === 'strait').map((c) => ({ a: c.a, b: c.b, style: 'strait' as const, ...(c.name ? { label: c.name } : {}) })),
    ...world.connections.filter((c) => c.passages).map((c) => ({ a: c.a, b: c.b, style: 'passage' as const, label: c.passages!.map((p) => p.name).join(', ') })),
    ...(overlay.trenches ?? []).map((t) => ({
      a: t.a,
      b: t.b,
      style: t.super ? ('super-trench' as const) : ('trench' as const),
      direction: t.both ? ('both' as const) : ('a-to-b' as const),
      label: `${t.super ? 'Super trench' : 'Trench'}: ${t.both ? `${nameOf(t.a)} and ${nameOf(t.b)}, each guarded against the other` : `${nameOf(t.a)} guarded against ${nameOf(t.b)}`}`,
    })),
  ];
  const owners = new Set(world.territories.map((t) => ownerOf(t.id, t.owner)));
  const legend: Picture['legend'][number][] = [
    ...Object.keys(mapStyle.nations)
      .filter((n) => owners.has(n))
      .map((n) => ({ color: nationColour(n), label: opts.nationNames[n] ?? n })),
    { color: mapStyle.minor, label: 'Minor nations' },
    { color: '#1b1b1b', label: 'Capital', symbol: 'capital' },
    { color: '#1b1b1b', label: 'Industrial complex', symbol: 'industry' },
    { color: '#1b1b1b', label: 'Port', symbol: 'port' },
    { color: '#1b1b1b', label: 'City', symbol: 'city' },
    { color: '#7a3b00', label: 'Strait (land units cross)', link: { style: 'strait' } },
    { color: '#1f4e79', label: 'Passage (ships; closable)', link: { style: 'passage' } },
    { color: '#3b2a14', label: 'Trench, arrow at the side faced', link: { style: 'trench', direction: 'a-to-b' } },
    { color: '#3b2a14', label: 'Super trench (double line)', link: { style: 'super-trench', direction: 'a-to-b' } },
    { color: '#3b2a14', label: 'Trenches on both sides', link: { style: 'trench', direction: 'both' } },
    { color: '#b00000', label: 'Battle this turn', symbol: 'battle' },
  ];
  return { title: opts.title, ...(opts.subtitle ? { subtitle: opts.subtitle } : {}), areas, links, legend };
}

/** For JSON output of the picture (the web client can draw it). */
export const pictureJson = (p: Picture): Json => JSON.parse(JSON.stringify(p)) as Json;
