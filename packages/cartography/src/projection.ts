import { geoConicConformal, geoDistance, geoNaturalEarth1, type GeoProjection } from 'd3-geo';
import type { Feature, Polygon } from 'geojson';
import type { LonLat } from './picture.js';

/**
 * The sheets of a picture (the world, and insets of a part of it) and the projection each is drawn with; small
 * geometry in pixels and among anchors.
 */

export interface Sheet {
  readonly id: string;
  readonly title: string;
  /** [[west, south], [east, north]] in degrees: what the sheet shows. */
  readonly bounds?: readonly [LonLat, LonLat];
  readonly projection: 'natural-earth' | 'conic';
  readonly labels: 'all' | 'outside-insets' | 'none';
}

export const WORLD_SHEET: Sheet = { id: 'world', title: 'The world', projection: 'natural-earth', labels: 'outside-insets' };
export const EUROPE_SHEET: Sheet = { id: 'europe', title: 'Europe and the Middle East', bounds: [[-10, 28], [52, 62]], projection: 'conic', labels: 'all' };

/** The crowded middle of Europe, from the Channel to the Balkans, where the fronts are. */
export const FRONTS_SHEET: Sheet = { id: 'fronts', title: 'The Western, Italian and Eastern fronts', bounds: [[-5, 41], [30, 56]], projection: 'conic', labels: 'all' };

/** The projection of a sheet drawn `width` by `height` pixels: the whole sphere, or the sheet's bounds filling it. */
export function projectionFor(sheet: Sheet, width: number, height: number): GeoProjection {
  if (sheet.projection === 'natural-earth') {
    return geoNaturalEarth1().fitExtent([[4, 4], [width - 4, height - 4]], { type: 'Sphere' });
  }
  const [[w, s], [e, n]] = sheet.bounds!;
  const box: Feature<Polygon> = {
    type: 'Feature',
    properties: {},
    // Clockwise, as d3-geo reads rings on the sphere: the box, not the rest of the world.
    geometry: { type: 'Polygon', coordinates: [[[w, s], [w, n], [e, n], [e, s], [w, s]]] },
  };
  const centre = (w + e) / 2;
  return geoConicConformal()
    .rotate([-centre, 0])
    .parallels([s + (n - s) / 4, n - (n - s) / 4])
    .fitExtent([[4, 4], [width - 4, height - 4]], box)
    .clipExtent([[0, 0], [width, height]]);
}

/** A sheet's height in pixels in a picture `width` pixels wide. */
export const sheetHeight = (sheet: Sheet, width: number) => Math.round(width * (sheet.projection === 'natural-earth' ? 0.52 : 0.72));

/**
 * The projection a sheet is drawn with in a picture `width` pixels wide, in the sheet's own pixels (each sheet
 * is drawn below the one before): with `invert`, what a point of the drawn sheet is, for areaAt.
 */
export function sheetProjection(sheet: Sheet, width: number): GeoProjection {
  return projectionFor(sheet, width, sheetHeight(sheet, width));
}

/** A point or a direction in pixels. */
export type Vec = readonly [number, number];

/** Whether a point in pixels is on a sheet `w` by `h` pixels. */
export const onSheet = (p: [number, number], w: number, h: number) => p[0] >= 0 && p[0] <= w && p[1] >= 0 && p[1] <= h;

/** A vector's direction, of length 1 (right, for a vector of no length). */
export function unit(v: Vec): Vec {
  const length = Math.hypot(v[0], v[1]);
  return length > 1e-9 ? [v[0] / length, v[1] / length] : [1, 0];
}

/** The anchor nearest a point, on the sphere. */
export function nearest(anchors: readonly LonLat[], p: LonLat): LonLat {
  let best = anchors[0]!;
  let d = Infinity;
  for (const q of anchors) {
    const dd = geoDistance([q[0], q[1]], [p[0], p[1]]);
    if (dd < d) {
      d = dd;
      best = q;
    }
  }
  return best;
}

/** The two anchors, one of each list, nearest each other (in degrees, on the plane). */
export function nearestPair(a: readonly LonLat[], b: readonly LonLat[]): [LonLat, LonLat] {
  let best: [LonLat, LonLat] = [a[0]!, b[0]!];
  let d = Infinity;
  for (const x of a) for (const y of b) {
    const dd = (x[0] - y[0]) ** 2 + (x[1] - y[1]) ** 2;
    if (dd < d) {
      d = dd;
      best = [x, y];
    }
  }
  return best;
}
