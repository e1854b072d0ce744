import { geoContains } from 'd3-geo';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land50 from 'world-atlas/land-50m.json' with { type: 'json' };
import land110 from 'world-atlas/land-110m.json' with { type: 'json' };
import type { LonLat } from './picture.js';

/** The land of Natural Earth (world-atlas, public domain): its shapes, and whether a point is on land. */

const landShapes = new Map<string, MultiPolygon>();

/** Natural Earth land at 1:50m for detailed sheets, 1:110m for the whole world. */
export function land(detail: '50m' | '110m' = '50m'): MultiPolygon {
  let shape = landShapes.get(detail);
  if (!shape) {
    const topo = (detail === '50m' ? land50 : land110) as unknown as Topology;
    const f = feature(topo, topo.objects['land'] as GeometryCollection) as FeatureCollection<MultiPolygon | Polygon>;
    const polys = f.features.flatMap((x) => (x.geometry.type === 'Polygon' ? [x.geometry.coordinates] : x.geometry.coordinates));
    shape = { type: 'MultiPolygon', coordinates: polys };
    landShapes.set(detail, shape);
  }
  return shape;
}

interface LandPiece {
  /** The rings as Natural Earth has them, for geoContains. */
  readonly shape: Polygon;
  /** The rings with longitudes made continuous across the antimeridian, or undefined for a ring around a pole. */
  readonly flat: readonly (readonly (readonly [number, number])[])[] | undefined;
  /** [west, south, east, north] of `flat`. */
  readonly box: readonly [number, number, number, number];
}

let landPieces: readonly LandPiece[] | undefined;

/** A ring's longitudes without the jumps at the antimeridian, shifted by a turn if most of it fell outside ±180. */
function unwrapRing(ring: readonly (readonly number[])[]): [number, number][] {
  const out: [number, number][] = [];
  let shift = 0;
  for (const q of ring) {
    const previous = out[out.length - 1];
    if (previous && q[0]! + shift - previous[0] > 180) shift -= 360;
    else if (previous && q[0]! + shift - previous[0] < -180) shift += 360;
    out.push([q[0]! + shift, q[1]!]);
  }
  const mean = out.reduce((sum, q) => sum + q[0], 0) / out.length;
  const turn = mean < -180 ? 360 : mean > 180 ? -360 : 0;
  return out.map((q) => [q[0] + turn, q[1]]);
}

function inRings(x: number, y: number, rings: readonly (readonly (readonly [number, number])[])[]): boolean {
  let odd = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

/**
 * Whether a point is on land (1:50m). Natural Earth's edges are short, so a plane test on longitude and latitude
 * (of the point and of its copies a turn east and west) agrees with d3-geo's test on the sphere, at a tenth of
 * the cost; only a ring around a pole (Antarctica) needs the sphere.
 */
export function onLand(point: LonLat): boolean {
  landPieces ??= land('50m').coordinates.map((rings) => {
    const unwrapped = rings.map(unwrapRing);
    const closed = unwrapped.every((r) => Math.abs(r[r.length - 1]![0] - r[0]![0]) < 180);
    const xs = unwrapped.flatMap((r) => r.map((q) => q[0]));
    const ys = unwrapped.flatMap((r) => r.map((q) => q[1]));
    return { shape: { type: 'Polygon', coordinates: rings }, flat: closed ? unwrapped : undefined, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const };
  });
  return landPieces.some((piece) => {
    if (!piece.flat) return geoContains(piece.shape, [point[0], point[1]]);
    return [0, 360, -360].some((turn) => {
      const x = point[0] + turn;
      const y = point[1];
      return x >= piece.box[0] && x <= piece.box[2] && y >= piece.box[1] && y <= piece.box[3] && inRings(x, y, piece.flat!);
    });
  });
}
