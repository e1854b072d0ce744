import { geoContains, geoDistance, geoInterpolate } from 'd3-geo';
import { geoVoronoi } from 'd3-geo-voronoi';
import type { FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { merge, mesh } from 'topojson-client';
import { topology } from 'topojson-server';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { LonLat, MapArea, MapPicture } from './picture.js';
import { land, onLand } from './land.js';
import { nearestPair } from './projection.js';

/**
 * The cells of areas: every area is the set of Voronoi cells of its anchor points, on the sphere, merged into one
 * shape; the borders between areas are where cells of different areas meet, and a marker between two areas sits
 * on their shared border.
 */

export interface Cells {
  readonly topology: Topology;
  readonly collection: GeometryCollection;
  readonly byArea: Map<string, MultiPolygon>;
  readonly borders: MultiLineString;
  readonly labelAt: Map<string, LonLat>;
}

const areaOf = (g: unknown) => (g as { properties?: { area?: string } }).properties?.area;

/** The Voronoi cells of some areas' anchors, merged per area, and the borders between different areas. */
export function cellsOf(areas: readonly MapArea[]): Cells {
  const sites = areas.flatMap((a) => a.anchors.map((p, i) => ({ area: a.id, main: i === 0, p })));
  const polygons = geoVoronoi(sites.map((s) => [s.p[0], s.p[1]])).polygons() as FeatureCollection<Polygon>;
  const cells: FeatureCollection<Polygon, { area: string }> = {
    type: 'FeatureCollection',
    features: polygons.features.map((f, i) => ({ type: 'Feature', geometry: f.geometry, properties: { area: sites[i]!.area } })),
  };
  const topo = topology({ cells }, 1e6);
  const collection = topo.objects['cells'] as GeometryCollection;
  const byArea = new Map<string, MultiPolygon>();
  for (const a of areas) {
    const mine = collection.geometries.filter((g) => areaOf(g) === a.id);
    if (mine.length) byArea.set(a.id, merge(topo, mine as never));
  }
  const borders = mesh(topo, collection as never, (x, y) => areaOf(x) !== areaOf(y));
  const labelAt = new Map(areas.map((a) => [a.id, a.anchors[0]!]));
  return { topology: topo, collection, byArea, borders, labelAt };
}

/** The border two areas of the same cells share: the arcs between a cell of one and a cell of the other. */
function sharedBorder(cells: Cells, a: string, b: string): MultiLineString {
  return mesh(cells.topology, cells.collection as never, (x, y) => (areaOf(x) === a && areaOf(y) === b) || (areaOf(x) === b && areaOf(y) === a));
}

/** Which area a point (longitude, latitude) falls in, by the same cells the picture draws. */
export function areaAt(picture: MapPicture, point: LonLat): string | undefined {
  const onLand = geoContains(land(), [point[0], point[1]]);
  const cells = cellsOf(picture.areas.filter((a) => a.kind === (onLand ? 'land' : 'sea')));
  for (const [id, shape] of cells.byArea) if (geoContains(shape, [point[0], point[1]])) return id;
  return undefined;
}

/**
 * Where a marker between two areas goes, on the sphere: a point of their shared border, the middle of its stretch
 * over land that comes nearest the middle of the two areas' labels (the middle of a stretch keeps away from the
 * coasts and from the corners where a third area begins). It is given as the samples of the border line it is on
 * and its index there: the neighbours are on the border too (the border's direction there, and where a second
 * marker can move along it). A border all at sea: its sample nearest the middle of the labels. Without a shared
 * border (areas that are not neighbours in the cells, or of different kinds): the middle of their two nearest
 * anchors alone.
 */
export interface BorderMark {
  readonly line: readonly LonLat[];
  readonly i: number;
}

/** Borders are sampled every 0.05 degrees (about 5 km, 1.3 px on the Europe sheet 1600 px wide). */
const SAMPLE_STEP = (0.05 * Math.PI) / 180;

export function borderMark(cells: Cells | undefined, a: MapArea, b: MapArea): BorderMark {
  const [la, lb] = [a.anchors[0]!, b.anchors[0]!];
  const between = geoInterpolate([la[0], la[1]], [lb[0], lb[1]])(0.5) as [number, number];
  const lines: LonLat[][] = [];
  if (cells && cells.byArea.has(a.id) && cells.byArea.has(b.id)) {
    for (const coordinates of sharedBorder(cells, a.id, b.id).coordinates) {
      const line: LonLat[] = [];
      for (let i = 1; i < coordinates.length; i++) {
        const u = coordinates[i - 1] as [number, number];
        const v = coordinates[i] as [number, number];
        const n = Math.max(1, Math.ceil(geoDistance(u, v) / SAMPLE_STEP));
        const along = geoInterpolate(u, v);
        for (let k = 0; k < n; k++) line.push(along((k + 0.5) / n) as LonLat);
      }
      lines.push(line);
    }
  }
  // The runs of samples on land; the one that comes nearest the middle of the two labels (the longer of two as near).
  const away = (at: LonLat) => geoDistance([at[0], at[1]], between);
  let best: { line: LonLat[]; start: number; length: number; d: number } | undefined;
  for (const line of lines) {
    let start = 0;
    for (let i = 0; i <= line.length; i++) {
      if (i < line.length && onLand(line[i]!)) continue;
      if (i > start) {
        const d = Math.min(...line.slice(start, i).map(away));
        if (!best || d < best.d || (d === best.d && i - start > best.length)) best = { line, start, length: i - start, d };
      }
      start = i + 1;
    }
  }
  if (best) return { line: best.line, i: best.start + Math.floor((best.length - 1) / 2) };
  let nearest: BorderMark | undefined;
  let d = Infinity;
  for (const line of lines) {
    line.forEach((at, i) => {
      if (away(at) < d) [d, nearest] = [away(at), { line, i }];
    });
  }
  if (nearest) return nearest;
  const [sa, sb] = nearestPair(a.anchors, b.anchors);
  return { line: [geoInterpolate([sa[0], sa[1]], [sb[0], sb[1]])(0.5) as LonLat], i: 0 };
}
