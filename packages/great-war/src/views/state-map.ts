import { EUROPE_SHEET, FRONTS_SHEET, renderMapSvg, WORLD_SHEET, type Sheet } from '@umpire/cartography';
import type { GameRecord, Problem, Result } from '@umpire/engine';
import { boardOverlay } from './board-overlay.js';
import { scenarioData } from '../data/load.js';
import { mapPicture, mapStyle, type PictureOverlay } from './map-picture.js';
import type { GreatWarState } from '../base/nations.js';
import { loadWorld } from '../data/world.js';

/** The sheets a map can be drawn on, by name. */
export const mapSheets: Readonly<Record<string, readonly Sheet[]>> = {
  all: [WORLD_SHEET, EUROPE_SHEET, FRONTS_SHEET],
  world: [WORLD_SHEET],
  europe: [EUROPE_SHEET],
  fronts: [FRONTS_SHEET],
};

export interface StateMapOptions {
  readonly title: string;
  /** A line under the title; a function gets the map's counts. Default: the counts. */
  readonly subtitle?: string | ((counts: { readonly territories: number; readonly seas: number }) => string);
  /** Areas where fighting took place, marked on the map. */
  readonly battles?: readonly string[];
  readonly width?: number;
  readonly sheets?: readonly Sheet[];
}

/**
 * The map of a game state as SVG: owners, units, trenches and battles on the world, Europe and the fronts. One
 * drawing for the CLI's `umpire map`, the server's turn mails and the web client.
 */
export function stateMapSvg(state: GreatWarState, opts: StateMapOptions): Result<string, Problem[]> {
  const loaded = loadWorld(state.scenario);
  if (!loaded.ok) return loaded;
  const world = loaded.value;
  const scenario = scenarioData(state.scenario);
  const nationNames = Object.fromEntries(scenario.nations.map((n) => [n.id, n.name]));
  const abbreviations = Object.fromEntries(scenario.nations.map((n) => [n.id, n.abbreviation]));
  const original = Object.fromEntries(world.territories.map((t) => [t.id, t.owner]));
  const overlay: PictureOverlay = { ...boardOverlay(state.board, abbreviations, mapStyle.unitAbbreviations, original), battles: opts.battles ?? [] };
  const counts = { territories: world.territories.length, seas: world.seas.length };
  const subtitle = typeof opts.subtitle === 'function' ? opts.subtitle(counts) : (opts.subtitle ?? `${counts.territories} land territories, ${counts.seas} sea zones`);
  const picture = mapPicture(world, { title: opts.title, subtitle, nationNames, overlay });
  return { ok: true, value: renderMapSvg(picture, { width: opts.width ?? 1600, sheets: opts.sheets ?? mapSheets['all']! }) };
}

/** The areas where a turn's battles were fought, from the record's events: what a turn's map marks. */
export function battleAreas(record: GameRecord, turn: number): string[] {
  return record.steps
    .filter((s) => s.turn === turn)
    .flatMap((s) => s.events)
    .filter((e) => e.type === 'battle' && typeof e['area'] === 'string')
    .map((e) => e['area'] as string);
}
