import { geoConicConformal, geoContains, geoDistance, geoInterpolate, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
import { geoVoronoi } from 'd3-geo-voronoi';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { feature, merge, mesh } from 'topojson-client';
import { topology } from 'topojson-server';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land50 from 'world-atlas/land-50m.json' with { type: 'json' };
import land110 from 'world-atlas/land-110m.json' with { type: 'json' };

/**
 * Map pictures drawn from data: every area is the set of Voronoi cells of its anchor points (longitude,
 * latitude), land cells clipped to the real coastlines of Natural Earth (world-atlas, public domain) and sea
 * cells to the water. Pure: it returns SVG text, for reports, email (the CLI turns it into PNG) and the web.
 */

export type LonLat = readonly [number, number];

export interface MapArea {
  readonly id: string;
  readonly name: string;
  readonly kind: 'land' | 'sea';
  readonly anchors: readonly LonLat[];
  /** Fill colour (owner's colour for land). */
  readonly fill: string;
  /** Short lines of text drawn at the area's label point (unit counts...). */
  readonly badges?: readonly { readonly text: string; readonly color: string }[];
  /** Symbols drawn before the name: capital star, industry, port, city. */
  readonly symbols?: readonly ('capital' | 'industry' | 'port' | 'city' | 'battle')[];
  /** Hide the name label (small areas on the world sheet). */
  readonly quiet?: boolean;
}

export type AreaSymbol = NonNullable<MapArea['symbols']>[number];

/**
 * How a link is drawn. 'strait' and 'passage': a dashed line between the two areas' label points. 'trench' and
 * 'super-trench': a marker on the border between the two areas (a zigzag along it, doubled for the super
 * trench) with an arrow across it.
 */
export type LinkStyle = 'strait' | 'passage' | 'trench' | 'super-trench';

/** Which way a link's arrows point: 'a-to-b' one arrow, from a into b; 'both' one each way. */
export type LinkDirection = 'a-to-b' | 'both';

export interface MapLink {
  readonly a: string;
  readonly b: string;
  readonly style: LinkStyle;
  /** 'both' when left out. */
  readonly direction?: LinkDirection;
  /** Shown when the pointer rests on the link (SVG title). */
  readonly label?: string;
}

export interface LegendItem {
  readonly color: string;
  readonly label: string;
  /** An area symbol; without one (and without a link), a swatch of the colour. */
  readonly symbol?: AreaSymbol;
  /** A small sample of a link, drawn as on the map. */
  readonly link?: { readonly style: LinkStyle; readonly direction?: LinkDirection };
}

export interface MapPicture {
  readonly title: string;
  readonly subtitle?: string;
  readonly areas: readonly MapArea[];
  readonly links?: readonly MapLink[];
  readonly legend: readonly LegendItem[];
}

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

export interface RenderOptions {
  readonly width?: number;
  readonly sheets?: readonly Sheet[];
  readonly font?: string;
}

const SEA_COLOUR = '#c9dcec';
const SEA_LABEL = '#46627a';
const BORDER = '#ffffff';
const COAST = '#5a6b78';
const TRENCH = '#3b2a14';

interface Cells {
  readonly topology: Topology;
  readonly collection: GeometryCollection;
  readonly byArea: Map<string, MultiPolygon>;
  readonly borders: MultiLineString;
  readonly labelAt: Map<string, LonLat>;
}

const areaOf = (g: unknown) => (g as { properties?: { area?: string } }).properties?.area;

/** The Voronoi cells of some areas' anchors, merged per area, and the borders between different areas. */
function cellsOf(areas: readonly MapArea[]): Cells {
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

const landShapes = new Map<string, MultiPolygon>();
/** Natural Earth land at 1:50m for detailed sheets, 1:110m for the whole world. */
function land(detail: '50m' | '110m' = '50m'): MultiPolygon {
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
function onLand(point: LonLat): boolean {
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

/**
 * Where a marker between two areas goes, on the sphere: a point of their shared border, the middle of its stretch
 * over land that comes nearest the middle of the two areas' labels (the middle of a stretch keeps away from the
 * coasts and from the corners where a third area begins). It is given as the samples of the border line it is on
 * and its index there: the neighbours are on the border too (the border's direction there, and where a second
 * marker can move along it). A border all at sea: its sample nearest the middle of the labels. Without a shared
 * border (areas that are not neighbours in the cells, or of different kinds): the middle of their two nearest
 * anchors alone.
 */
interface BorderMark {
  readonly line: readonly LonLat[];
  readonly i: number;
}

/** Borders are sampled every 0.05 degrees (about 5 km, 1.3 px on the Europe sheet 1600 px wide). */
const SAMPLE_STEP = (0.05 * Math.PI) / 180;

function borderMark(cells: Cells | undefined, a: MapArea, b: MapArea): BorderMark {
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

type Vec = readonly [number, number];

/**
 * A trench marker at `p` (pixels): a zigzag along the border direction `t`, doubled for a super trench, and an
 * arrow along `n` (unit, pointing into the faced side), or one each way. `k` scales it.
 */
function trenchMarker(p: Vec, t: Vec, n: Vec, style: LinkStyle, direction: LinkDirection, k: number, attributes = '', title = ''): string {
  const at = (along: number, across: number): Vec => [p[0] + t[0] * along + n[0] * across, p[1] + t[1] * along + n[1] * across];
  const f = (q: Vec) => `${q[0].toFixed(1)},${q[1].toFixed(1)}`;
  const half = 11 * k;
  const tooth = (style === 'super-trench' ? 1.3 : 1.8) * k;
  const teeth = 8;
  const zigzag = (offset: number) => {
    const pts: Vec[] = [];
    for (let i = 0; i <= teeth; i++) pts.push(at(-half + (i * 2 * half) / teeth, offset + (i % 2 ? tooth : -tooth)));
    return pts.map(f).join(' ');
  };
  // The super trench: a double line, wider than the single one.
  const lines = style === 'super-trench' ? [-3 * k, 3 * k] : [0];
  const width = (style === 'super-trench' ? 1.7 : 2.4) * k;
  const out: string[] = [`<g class="trench-marker ${style}" data-direction="${direction}"${attributes}>${title}`];
  for (const o of lines) out.push(`<polyline points="${zigzag(o)}" fill="none" stroke="#ffffff" stroke-width="${(width + 2 * k).toFixed(1)}" stroke-linejoin="round" stroke-opacity="0.8"/>`);
  for (const o of lines) out.push(`<polyline class="trench-line" points="${zigzag(o)}" fill="none" stroke="${TRENCH}" stroke-width="${width.toFixed(1)}" stroke-linejoin="round"/>`);
  const arrow = (sign: number, tail: number) => {
    const tip = at(0, sign * 17 * k);
    const base = at(0, sign * 10 * k);
    const l = at(-4 * k, sign * 9 * k);
    const r = at(4 * k, sign * 9 * k);
    const from = at(0, tail);
    out.push(`<line class="trench-arrow" x1="${from[0].toFixed(1)}" y1="${from[1].toFixed(1)}" x2="${tip[0].toFixed(1)}" y2="${tip[1].toFixed(1)}" stroke="${TRENCH}" stroke-width="${(1.6 * k).toFixed(1)}"/>`);
    out.push(`<path d="M${f(tip)}L${f(l)}L${f(base)}L${f(r)}Z" fill="${TRENCH}" stroke="#ffffff" stroke-width="${(0.6 * k).toFixed(1)}"/>`);
  };
  if (direction === 'both') {
    arrow(1, 0);
    arrow(-1, 0);
  } else arrow(1, -4 * k);
  out.push('</g>');
  return out.join('');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function projectionFor(sheet: Sheet, width: number, height: number): GeoProjection {
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

const SYMBOL_GLYPH: Record<AreaSymbol, string> = { capital: '★', industry: '■', port: '⚓', city: '●', battle: '✕' };

function sheetSvg(picture: MapPicture, sheet: Sheet, width: number, height: number, top: number, landCells: Cells, sea: Cells, marks: ReadonlyMap<MapLink, BorderMark>, insets: readonly Sheet[], font: string): string {
  const projection = projectionFor(sheet, width, height);
  const path = geoPath(projection).digits(1);
  const id = `s-${sheet.id}`;
  const out: string[] = [];
  const landPath = path(land(sheet.projection === 'natural-earth' ? '110m' : '50m')) ?? '';
  const sphere = path({ type: 'Sphere' }) ?? '';
  out.push(`<g transform="translate(0,${top})">`);
  out.push(`<defs><clipPath id="${id}-frame"><rect x="0" y="0" width="${width}" height="${height}"/></clipPath>`);
  out.push(`<path id="${id}-coast" d="${landPath}"/>`);
  out.push(`<clipPath id="${id}-land"><use href="#${id}-coast"/></clipPath>`);
  out.push(`<clipPath id="${id}-water"><path clip-rule="evenodd" fill-rule="evenodd" d="${sphere}${landPath}"/></clipPath></defs>`);
  out.push(`<g clip-path="url(#${id}-frame)">`);
  out.push(`<path d="${sphere}" fill="${SEA_COLOUR}"/>`);
  const byId = new Map(picture.areas.map((a) => [a.id, a]));
  // Sea zones: lightly tinted cells, clipped to the water, with their borders.
  out.push(`<g clip-path="url(#${id}-water)">`);
  for (const [areaId, shape] of sea.byArea) out.push(`<path data-area="${esc(areaId)}" d="${path(shape) ?? ''}" fill="${byId.get(areaId)!.fill}"/>`);
  out.push(`<path d="${path(sea.borders) ?? ''}" fill="none" stroke="#8fb0c9" stroke-width="0.8" stroke-dasharray="3,2"/>`);
  out.push('</g>');
  // Land: owners' colours clipped to the coastlines, white borders between territories, then the coast.
  out.push(`<g clip-path="url(#${id}-land)">`);
  for (const [areaId, shape] of landCells.byArea) out.push(`<path data-area="${esc(areaId)}" d="${path(shape) ?? ''}" fill="${byId.get(areaId)!.fill}"/>`);
  out.push(`<path d="${path(landCells.borders) ?? ''}" fill="none" stroke="${BORDER}" stroke-width="${sheet.projection === 'conic' ? 1.1 : 0.6}"/>`);
  out.push('</g>');
  out.push(`<use href="#${id}-coast" fill="none" stroke="${COAST}" stroke-width="0.6"/>`);
  out.push(`<path d="${sphere}" fill="none" stroke="#8899a6" stroke-width="1"/>`);
  // Straits and passages: dashed arrows between label points, under the labels.
  for (const link of picture.links ?? []) {
    const a = byId.get(link.a);
    const b = byId.get(link.b);
    if (!a || !b || (link.style !== 'strait' && link.style !== 'passage')) continue;
    const [sa, sb] = nearestPair(a.anchors, b.anchors);
    const pa = projection([sa[0], sa[1]]);
    const pb = projection([sb[0], sb[1]]);
    if (!pa || !pb || !onSheet(pa, width, height) || !onSheet(pb, width, height)) continue;
    const colour = link.style === 'strait' ? '#7a3b00' : '#1f4e79';
    const start = (link.direction ?? 'both') === 'both' ? ' marker-start="url(#arrow)"' : '';
    const title = link.label ? `<title>${esc(link.label)}</title>` : '';
    out.push(`<line x1="${pa[0].toFixed(1)}" y1="${pa[1].toFixed(1)}" x2="${pb[0].toFixed(1)}" y2="${pb[1].toFixed(1)}" stroke="${colour}" stroke-width="1.6" stroke-dasharray="5,3"${start} marker-end="url(#arrow)">${title}</line>`);
  }
  // Labels, symbols and badges.
  const fontSize = sheet.projection === 'conic' ? 10.5 : 9;
  const inInset = (p: LonLat) => insets.some((s) => s.bounds && p[0] >= s.bounds[0][0] && p[0] <= s.bounds[1][0] && p[1] >= s.bounds[0][1] && p[1] <= s.bounds[1][1]);
  for (const area of picture.areas) {
    const at = area.anchors[0]!;
    if (sheet.labels === 'none' || (sheet.labels === 'outside-insets' && inInset(at))) continue;
    const p = projection([at[0], at[1]]);
    if (!p || !onSheet(p, width, height)) continue;
    const symbols = (area.symbols ?? []).map((s) => SYMBOL_GLYPH[s]).join('');
    const name = area.quiet ? '' : area.name;
    const text = `${symbols}${symbols && name ? ' ' : ''}${name}`;
    const colour = area.kind === 'sea' ? SEA_LABEL : '#1b1b1b';
    const style = area.kind === 'sea' ? ' font-style="italic"' : '';
    if (text) out.push(`<text x="${p[0].toFixed(1)}" y="${p[1].toFixed(1)}" font-size="${fontSize}" text-anchor="middle" fill="${colour}"${style} stroke="#ffffff" stroke-width="2.2" paint-order="stroke" stroke-opacity="0.75">${esc(text)}</text>`);
    (area.badges ?? []).forEach((badge, i) => {
      out.push(`<text x="${p[0].toFixed(1)}" y="${(p[1] + fontSize * (i + 1.1)).toFixed(1)}" font-size="${fontSize - 1}" text-anchor="middle" font-weight="bold" fill="${badge.color}" stroke="#ffffff" stroke-width="2" paint-order="stroke">${esc(badge.text)}</text>`);
    });
  }
  // Trench markers, over the labels (they are small, and what the players most need to see).
  const scale = sheet.projection === 'conic' ? 1 : 0.7;
  for (const link of picture.links ?? []) {
    const mark = marks.get(link);
    if (!mark) continue;
    const direction = link.direction ?? 'both';
    const title = link.label ? `<title>${esc(link.label)}</title>` : '';
    const a = byId.get(link.a)!;
    const b = byId.get(link.b)!;
    const here = (j: number) => projection([mark.line[j]![0], mark.line[j]![1]]);
    let k = mark.i;
    const start = here(k);
    // Like the labels, markers inside an inset are left to the inset's sheet.
    if (!start || !onSheet(start, width, height) || (sheet.labels === 'outside-insets' && inInset(mark.line[k]!))) continue;
    // A border guarded from each side by two one-way markers (of different strengths): they sit side by side on
    // the border, each moved about half a marker along it, one each way.
    const paired = direction === 'a-to-b' && (picture.links ?? []).some((o) => o !== link && o.a === link.b && o.b === link.a && marks.has(o) && o.direction === 'a-to-b');
    if (paired) {
      const step = link.a < link.b ? 1 : -1;
      while (k + step >= 0 && k + step < mark.line.length) {
        const q = here(k + step);
        if (!q) break;
        k += step;
        if (Math.hypot(q[0] - start[0], q[1] - start[1]) >= 13 * scale) break;
      }
    }
    const p = here(k)!;
    const from = projection([...nearest(a.anchors, mark.line[k]!)]);
    const to = projection([...nearest(b.anchors, mark.line[k]!)]);
    if (!from || !to) continue;
    // Across the border, towards b: the normal of the drawn border, or the line between the two anchors.
    let n = unit([to[0] - from[0], to[1] - from[1]]);
    const before = here(Math.max(0, k - 1));
    const after = here(Math.min(mark.line.length - 1, k + 1));
    if (before && after && Math.hypot(after[0] - before[0], after[1] - before[1]) > 1e-6) {
      const along = unit([after[0] - before[0], after[1] - before[1]]);
      n = along[1] * n[0] - along[0] * n[1] >= 0 ? [along[1], -along[0]] : [-along[1], along[0]];
    }
    const t: Vec = [-n[1], n[0]];
    out.push(trenchMarker([p[0], p[1]], t, n, link.style, direction, scale, ` data-a="${esc(link.a)}" data-b="${esc(link.b)}"`, title));
  }
  // The insets' frames on the world sheet.
  for (const inset of insets) {
    if (!inset.bounds || inset === sheet) continue;
    const [[w, s], [e, n]] = inset.bounds;
    const ring: [number, number][] = [];
    for (let x = w; x <= e; x += 1) ring.push([x, s]);
    for (let y = s; y <= n; y += 1) ring.push([e, y]);
    for (let x = e; x >= w; x -= 1) ring.push([x, n]);
    for (let y = n; y >= s; y -= 1) ring.push([w, y]);
    out.push(`<path d="${path({ type: 'LineString', coordinates: ring }) ?? ''}" fill="none" stroke="#b03a2e" stroke-width="1.4" stroke-dasharray="6,3"/>`);
  }
  out.push('</g>');
  out.push(`<text x="10" y="${height - 10}" font-size="15" font-weight="bold" fill="#22313f" stroke="#ffffff" stroke-width="3" paint-order="stroke">${esc(sheet.title)}</text>`);
  out.push('</g>');
  void font;
  return out.join('\n');
}

const onSheet = (p: [number, number], w: number, h: number) => p[0] >= 0 && p[0] <= w && p[1] >= 0 && p[1] <= h;

function unit(v: Vec): Vec {
  const length = Math.hypot(v[0], v[1]);
  return length > 1e-9 ? [v[0] / length, v[1] / length] : [1, 0];
}

/** The anchor nearest a point, on the sphere. */
function nearest(anchors: readonly LonLat[], p: LonLat): LonLat {
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

function nearestPair(a: readonly LonLat[], b: readonly LonLat[]): [LonLat, LonLat] {
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

const sheetHeight = (sheet: Sheet, width: number) => Math.round(width * (sheet.projection === 'natural-earth' ? 0.52 : 0.72));

/**
 * The projection a sheet is drawn with in a picture `width` pixels wide, in the sheet's own pixels (each sheet
 * is drawn below the one before): with `invert`, what a point of the drawn sheet is, for areaAt.
 */
export function sheetProjection(sheet: Sheet, width: number): GeoProjection {
  return projectionFor(sheet, width, sheetHeight(sheet, width));
}

/** Which area a point (longitude, latitude) falls in, by the same cells the picture draws. */
export function areaAt(picture: MapPicture, point: LonLat): string | undefined {
  const onLand = geoContains(land(), [point[0], point[1]]);
  const cells = cellsOf(picture.areas.filter((a) => a.kind === (onLand ? 'land' : 'sea')));
  for (const [id, shape] of cells.byArea) if (geoContains(shape, [point[0], point[1]])) return id;
  return undefined;
}

/** The whole picture as one SVG: the world sheet, then each inset sheet below it, then the legend. */
export function renderMapSvg(picture: MapPicture, options: RenderOptions = {}): string {
  const width = options.width ?? 1600;
  const sheets = options.sheets ?? [WORLD_SHEET, EUROPE_SHEET];
  const font = options.font ?? 'DejaVu Sans, Verdana, sans-serif';
  const landCells = cellsOf(picture.areas.filter((a) => a.kind === 'land'));
  const seaCells = cellsOf(picture.areas.filter((a) => a.kind === 'sea'));
  // Where each trench marker goes, on the sphere, once for every sheet.
  const byId = new Map(picture.areas.map((a) => [a.id, a]));
  const marks = new Map<MapLink, BorderMark>();
  const byBorder = new Map<string, BorderMark>();
  for (const link of picture.links ?? []) {
    const a = byId.get(link.a);
    const b = byId.get(link.b);
    if (!a || !b || link.style === 'strait' || link.style === 'passage') continue;
    // One mark for the border, whichever way its links point: the two areas in the order of their ids.
    const key = link.a < link.b ? `${link.a}\n${link.b}` : `${link.b}\n${link.a}`;
    let mark = byBorder.get(key);
    if (!mark) byBorder.set(key, (mark = borderMark(a.kind === b.kind ? (a.kind === 'land' ? landCells : seaCells) : undefined, ...(link.a < link.b ? ([a, b] as const) : ([b, a] as const)))));
    marks.set(link, mark);
  }
  const heights = sheets.map((s) => sheetHeight(s, width));
  const headerH = 56;
  const legendRows = Math.ceil(picture.legend.length / 6);
  const legendH = 24 + legendRows * 22;
  const total = headerH + heights.reduce((a, b) => a + b + 8, 0) + legendH;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}" font-family="${esc(font)}">`);
  parts.push('<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#7a3b00"/></marker></defs>');
  parts.push(`<rect width="${width}" height="${total}" fill="#f7f4ec"/>`);
  parts.push(`<text x="12" y="28" font-size="22" font-weight="bold" fill="#22313f">${esc(picture.title)}</text>`);
  if (picture.subtitle) parts.push(`<text x="12" y="48" font-size="13" fill="#44525e">${esc(picture.subtitle)}</text>`);
  let top = headerH;
  sheets.forEach((sheet, i) => {
    parts.push(sheetSvg(picture, sheet, width, heights[i]!, top, landCells, seaCells, marks, sheets.filter((s) => s !== sheet && s.bounds), font));
    top += heights[i]! + 8;
  });
  parts.push(`<g transform="translate(12,${top + 6})">`);
  picture.legend.forEach((item, i) => {
    const x = (i % 6) * Math.floor((width - 24) / 6);
    const y = Math.floor(i / 6) * 22;
    if (item.link?.style === 'strait' || item.link?.style === 'passage') {
      const start = (item.link.direction ?? 'both') === 'both' ? ' marker-start="url(#arrow)"' : '';
      parts.push(`<line x1="${x + 1}" y1="${y + 9}" x2="${x + 17}" y2="${y + 9}" stroke="${item.color}" stroke-width="1.6" stroke-dasharray="5,3"${start} marker-end="url(#arrow)"/>`);
    } else if (item.link) {
      const both = (item.link.direction ?? 'both') === 'both';
      parts.push(trenchMarker([x + (both ? 9 : 5), y + 9], [0, 1], [1, 0], item.link.style, item.link.direction ?? 'both', 0.75));
    } else if (item.symbol) parts.push(`<text x="${x + 8}" y="${y + 13}" font-size="14" text-anchor="middle" fill="${item.color}">${SYMBOL_GLYPH[item.symbol]}</text>`);
    else parts.push(`<rect x="${x}" y="${y + 2}" width="16" height="14" fill="${item.color}" stroke="#555" stroke-width="0.5"/>`);
    parts.push(`<text x="${x + 22}" y="${y + 14}" font-size="13" fill="#22313f">${esc(item.label)}</text>`);
  });
  parts.push('</g></svg>');
  return parts.join('\n');
}
