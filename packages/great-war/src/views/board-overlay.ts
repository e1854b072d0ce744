/**
 * The board as the map picture shows it: unit counts by nation and type in each area, and the trench markers on the
 * borders they guard (GW-TRENCH-12, GW-TRENCH-13).
 */
import type { PictureOverlay, PictureTrench } from './map-picture.js';
import { type Board, type Trench } from '../base/board.js';

/** Unit counts by nation and type in each area, for the map picture: 'GER 3 inf 1 art'. */
export function boardOverlay(
  board: Board,
  abbreviations: Readonly<Record<string, string>>,
  shortNames: Readonly<Record<string, string>>,
  original: Readonly<Record<string, string>>,
): PictureOverlay & { trenches: PictureTrench[] } {
  const counts = new Map<string, Map<string, Map<string, number>>>();
  for (const u of board.units) {
    const byNation = counts.get(u.at) ?? new Map<string, Map<string, number>>();
    const byType = byNation.get(u.nation) ?? new Map<string, number>();
    byType.set(u.type, (byType.get(u.type) ?? 0) + 1);
    byNation.set(u.nation, byType);
    counts.set(u.at, byNation);
  }
  const units: Record<string, { nation: string; text: string }[]> = {};
  for (const [area, byNation] of counts) {
    units[area] = [...byNation].map(([nation, byType]) => ({
      nation,
      text: `${abbreviations[nation] ?? nation} ${[...byType].map(([type, n]) => `${n} ${shortNames[type] ?? type}`).join(' ')}`,
    }));
  }
  const owners: Record<string, string> = {};
  for (const [id, hold] of Object.entries(board.territories)) if (original[id] !== hold.owner) owners[id] = hold.owner;
  return { owners, units, trenches: trenchMarkers(board.trenches) };
}

/**
 * The trench markers of the board (GW-TRENCH-12): one per guarded border side, pointing from the territory
 * guarded into the one faced, super if any trench there is (two allies may guard the same side). A border
 * guarded from each side by trenches of the same strength gets one two-way marker (GW-TRENCH-13); of different
 * strengths, one marker each, so the picture still tells which side has the super trench.
 */
export function trenchMarkers(trenches: readonly Trench[]): PictureTrench[] {
  const sides = new Map<string, { a: string; b: string; super: boolean }>();
  for (const t of trenches) {
    const key = `${t.territory}>${t.facing}`;
    const side = sides.get(key);
    if (side) side.super ||= t.super;
    else sides.set(key, { a: t.territory, b: t.facing, super: t.super });
  }
  const out: PictureTrench[] = [];
  const drawn = new Set<string>();
  for (const side of sides.values()) {
    const other = sides.get(`${side.b}>${side.a}`);
    const both = other !== undefined && other.super === side.super;
    if (both && drawn.has(`${side.b}>${side.a}`)) continue;
    drawn.add(`${side.a}>${side.b}`);
    out.push({ ...side, both });
  }
  return out;
}
