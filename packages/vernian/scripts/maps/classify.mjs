// Classify every hex of a map: land or sea, its nation in 1914 and its terrain, from about 45 sample points spread
// over the hex. Natural Earth gives land and the modern nations; borders-1914.json corrects the nations;
// terrain.json gives the terrain of land.
import { geometryRings, PlanarIndex } from './geo.mjs';
import { hexSamples, SIZE_KM } from './grid.mjs';

/** A land hex has at least this share of its samples on land. */
export const LAND_SHARE = 0.5;

const lonlat = (p) => [p[0], p[1]];

/**
 * Build the point queries of one map: `landAt(xy)` is the 1914 nation at a planar point (undefined at sea), and
 * `terrainAt(xy)` the terrain kind of our regions there ('clear' outside them).
 */
export function mapQueries(grid, { countries, borders, terrain }) {
  const corners = grid.ids.flatMap((id) => grid.corners(id));
  const margin = 4 * SIZE_KM;
  const box = [
    Math.min(...corners.map((p) => p[0])) - margin,
    Math.min(...corners.map((p) => p[1])) - margin,
    Math.max(...corners.map((p) => p[0])) + margin,
    Math.max(...corners.map((p) => p[1])) + margin,
  ];
  const countryIndex = new PlanarIndex(box);
  for (const c of countries) countryIndex.add(c.nation, geometryRings(c.geometry), grid.project);
  const borderIndex = new PlanarIndex(box);
  for (const r of borders.regions) borderIndex.add(r, [r.polygon.map(lonlat)], grid.project);
  const terrainIndex = new PlanarIndex(box);
  for (const r of terrain.regions) terrainIndex.add(r.kind, [r.polygon.map(lonlat)], grid.project);
  const rank = (kind) => terrain.priority.indexOf(kind);

  const landAt = (xy) => {
    const [nation] = countryIndex.valuesAt(xy);
    if (nation === undefined) return undefined;
    const moved = borderIndex.valuesAt(xy).find((r) => r.from.includes(nation));
    return moved ? moved.nation : nation;
  };
  const terrainAt = (xy) => {
    const kinds = terrainIndex.valuesAt(xy);
    if (kinds.length === 0) return 'clear';
    return [...kinds].sort((a, b) => rank(a) - rank(b))[0];
  };
  return { box, landAt, terrainAt, rank };
}

/** The most common value of a count table; ties go to `tieBreak` order (lowest first), then to the name. */
function mostCommon(counts, tieBreak = () => 0) {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || tieBreak(a[0]) - tieBreak(b[0]) || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/**
 * Classify each hex of the grid. Returns a Map id → { id, landShare, land, nation, terrain, otherMap }.
 * A hex whose land belongs to a nation played on the other map (England on W, France on B) is sea here, marked
 * with `otherMap`.
 */
export function classifyHexes(grid, queries) {
  const samples = hexSamples();
  const hexes = new Map();
  for (const id of grid.ids) {
    const [cx, cy] = grid.centre(id);
    const nations = new Map();
    const kinds = new Map();
    let land = 0;
    for (const [dx, dy] of samples) {
      const xy = [cx + dx, cy + dy];
      const nation = queries.landAt(xy);
      if (nation === undefined) continue;
      land++;
      nations.set(nation, (nations.get(nation) ?? 0) + 1);
      const kind = queries.terrainAt(xy);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const landShare = land / samples.length;
    const nation = mostCommon(nations);
    const terrain = mostCommon(kinds, (k) => (k === 'clear' ? 99 : queries.rank(k))) ?? 'clear';
    const hex = { id, landShare, land: false, nation: undefined, terrain: 'sea', landTerrain: terrain, otherMap: undefined };
    if (landShare >= LAND_SHARE) {
      if (grid.def.nations.includes(nation)) Object.assign(hex, { land: true, nation, terrain });
      else hex.otherMap = grid.def.otherMap;
    }
    hexes.set(id, hex);
  }
  return hexes;
}

/** Make a hex land of a nation (a place forces its hex to land). */
export function makeLand(hex, nation) {
  Object.assign(hex, { land: true, nation, terrain: hex.landTerrain, otherMap: undefined });
}

/** Make a hex sea (an island cut off from its map). */
export function makeSea(hex) {
  Object.assign(hex, { land: false, nation: undefined, terrain: 'sea' });
}
