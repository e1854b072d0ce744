// Geography in the map plane: Natural Earth countries (world-atlas), projected with d3-geo, and a fast
// point-in-polygon index. Every map has its own conformal conic projection, in kilometres, y growing southwards.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoConicConformal } from 'd3-geo';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
export const EARTH_RADIUS_KM = 6371.0088;

/** Natural Earth names (world-atlas) → our nation ids. */
export const NATURAL_EARTH_NATIONS = {
  France: 'france',
  Germany: 'germany',
  Belgium: 'belgium',
  Luxembourg: 'luxembourg',
  Netherlands: 'netherlands',
  Switzerland: 'switzerland',
  'United Kingdom': 'britain',
  Italy: 'italy',
};

/** The Natural Earth 1:10m countries, as GeoJSON features with our nation ids (other countries left out). */
export function naturalEarthCountries() {
  const path = require.resolve('world-atlas/countries-10m.json');
  const topology = JSON.parse(readFileSync(path, 'utf8'));
  const countries = feature(topology, topology.objects.countries).features;
  return countries
    .filter((f) => NATURAL_EARTH_NATIONS[f.properties.name])
    .map((f) => ({ nation: NATURAL_EARTH_NATIONS[f.properties.name], geometry: f.geometry }));
}

/** A conformal conic projection in km: standard parallels, centre; north up, y southwards. */
export function makeProjection({ parallels, centre }) {
  return geoConicConformal()
    .parallels(parallels)
    .rotate([-centre[0], 0])
    .center([0, centre[1]])
    .scale(EARTH_RADIUS_KM)
    .translate([0, 0]);
}

/** The outer and inner rings of a Polygon or MultiPolygon geometry, as arrays of [lon, lat]. */
export function geometryRings(geometry) {
  if (geometry.type === 'Polygon') return geometry.coordinates;
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat();
  throw new Error(`not a polygon: ${geometry.type}`);
}

/**
 * A point-in-polygon index over planar rings, by even-odd crossings. Each region is a set of rings with a value;
 * edges are bucketed in horizontal bands, so a query only looks at the edges of its band.
 * `box` ([x0, y0, x1, y1], km) drops rings that lie wholly outside the area of interest.
 */
export class PlanarIndex {
  constructor(box, band = 2) {
    this.box = box;
    this.band = band;
    this.regions = [];
    this.bands = new Map();
  }

  /** Add a region: its rings in lon/lat, projected with `project`; `value` is returned by `valuesAt`. */
  add(value, rings, project) {
    const id = this.regions.length;
    this.regions.push(value);
    const [bx0, by0, bx1, by1] = this.box;
    for (const ring of rings) {
      const pts = ring.map((p) => project(p));
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      if (Math.max(...xs) < bx0 || Math.min(...xs) > bx1 || Math.max(...ys) < by0 || Math.min(...ys) > by1) continue;
      for (let i = 0; i < pts.length; i++) {
        const a = pts[i];
        const b = pts[(i + 1) % pts.length];
        if (a[1] === b[1]) continue;
        const lo = Math.max(Math.floor(Math.min(a[1], b[1]) / this.band), Math.floor(by0 / this.band) - 1);
        const hi = Math.min(Math.floor(Math.max(a[1], b[1]) / this.band), Math.floor(by1 / this.band) + 1);
        for (let k = lo; k <= hi; k++) {
          if (!this.bands.has(k)) this.bands.set(k, []);
          this.bands.get(k).push([id, a[0], a[1], b[0], b[1]]);
        }
      }
    }
    return id;
  }

  /** The values of every region that holds the point [x, y], in the order they were added. */
  valuesAt([x, y]) {
    const edges = this.bands.get(Math.floor(y / this.band));
    if (!edges) return [];
    const inside = new Map();
    for (const [id, x1, y1, x2, y2] of edges) {
      if (y1 > y === y2 > y) continue;
      const xc = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
      if (xc > x) inside.set(id, !inside.get(id));
    }
    return [...inside.entries()].filter(([, v]) => v).map(([id]) => id).sort((a, b) => a - b).map((id) => this.regions[id]);
  }
}

/** Read one of our geography files (JSON with a `note`, a string or lines, and `sources`). */
export function readGeography(dir, name) {
  const data = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
  const note = Array.isArray(data.note) ? data.note.join(' ') : data.note;
  if (typeof note !== 'string' || !Array.isArray(data.sources) || data.sources.length === 0) {
    throw new Error(`${name}: every geography file needs a note and a list of sources`);
  }
  return data;
}

/** Distance from point p to segment ab (planar). */
export function segmentDistance(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}
