import { geoConicConformal, geoContains, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
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

export interface MapLink {
  readonly a: string;
  readonly b: string;
  readonly style: 'strait' | 'passage' | 'trench' | 'trench-both';
  readonly label?: string;
}

export interface MapPicture {
  readonly title: string;
  readonly subtitle?: string;
  readonly areas: readonly MapArea[];
  readonly links?: readonly MapLink[];
  readonly legend: readonly { readonly color: string; readonly label: string; readonly symbol?: 'capital' | 'industry' | 'port' | 'city' | 'battle' | 'trench' }[];
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

interface Cells {
  readonly topology: Topology;
  readonly byArea: Map<string, MultiPolygon>;
  readonly borders: MultiLineString;
  readonly labelAt: Map<string, LonLat>;
}

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
  const areaOf = (g: unknown) => (g as { properties?: { area?: string } }).properties?.area;
  const byArea = new Map<string, MultiPolygon>();
  for (const a of areas) {
    const mine = collection.geometries.filter((g) => areaOf(g) === a.id);
    if (mine.length) byArea.set(a.id, merge(topo, mine as never));
  }
  const borders = mesh(topo, collection as never, (x, y) => areaOf(x) !== areaOf(y));
  const labelAt = new Map(areas.map((a) => [a.id, a.anchors[0]!]));
  return { topology: topo, byArea, borders, labelAt };
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

const SYMBOL_GLYPH: Record<string, string> = { capital: '★', industry: '■', port: '⚓', city: '●', battle: '✕', trench: '≋' };

function sheetSvg(picture: MapPicture, sheet: Sheet, width: number, height: number, top: number, landCells: Cells, sea: Cells, insets: readonly Sheet[], font: string): string {
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
  for (const [areaId, shape] of sea.byArea) out.push(`<path d="${path(shape) ?? ''}" fill="${byId.get(areaId)!.fill}"/>`);
  out.push(`<path d="${path(sea.borders) ?? ''}" fill="none" stroke="#8fb0c9" stroke-width="0.8" stroke-dasharray="3,2"/>`);
  out.push('</g>');
  // Land: owners' colours clipped to the coastlines, white borders between territories, then the coast.
  out.push(`<g clip-path="url(#${id}-land)">`);
  for (const [areaId, shape] of landCells.byArea) out.push(`<path d="${path(shape) ?? ''}" fill="${byId.get(areaId)!.fill}"/>`);
  out.push(`<path d="${path(landCells.borders) ?? ''}" fill="none" stroke="${BORDER}" stroke-width="${sheet.projection === 'conic' ? 1.1 : 0.6}"/>`);
  out.push('</g>');
  out.push(`<use href="#${id}-coast" fill="none" stroke="${COAST}" stroke-width="0.6"/>`);
  out.push(`<path d="${sphere}" fill="none" stroke="#8899a6" stroke-width="1"/>`);
  // Links: straits and passages as arrows, trenches as thick zigzags.
  for (const link of picture.links ?? []) {
    const a = byId.get(link.a);
    const b = byId.get(link.b);
    if (!a || !b) continue;
    const pa = projection(nearestPair(a.anchors, b.anchors)[0] as [number, number]);
    const pb = projection(nearestPair(a.anchors, b.anchors)[1] as [number, number]);
    if (!pa || !pb || !onSheet(pa, width, height) || !onSheet(pb, width, height)) continue;
    if (link.style === 'strait' || link.style === 'passage') {
      const colour = link.style === 'strait' ? '#7a3b00' : '#1f4e79';
      out.push(`<line x1="${pa[0].toFixed(1)}" y1="${pa[1].toFixed(1)}" x2="${pb[0].toFixed(1)}" y2="${pb[1].toFixed(1)}" stroke="${colour}" stroke-width="1.6" stroke-dasharray="5,3" marker-start="url(#arrow)" marker-end="url(#arrow)"/>`);
    } else {
      const mx = (pa[0] + pb[0]) / 2;
      const my = (pa[1] + pb[1]) / 2;
      out.push(`<text x="${mx.toFixed(1)}" y="${(my + 5).toFixed(1)}" font-size="16" text-anchor="middle" fill="#3b2a14">${link.style === 'trench-both' ? '⩸' : '≋'}</text>`);
    }
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
  const heights = sheets.map((s) => (s.projection === 'natural-earth' ? Math.round(width * 0.52) : Math.round(width * 0.72)));
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
    parts.push(sheetSvg(picture, sheet, width, heights[i]!, top, landCells, seaCells, sheets.filter((s) => s !== sheet && s.bounds), font));
    top += heights[i]! + 8;
  });
  parts.push(`<g transform="translate(12,${top + 6})">`);
  picture.legend.forEach((item, i) => {
    const x = (i % 6) * Math.floor((width - 24) / 6);
    const y = Math.floor(i / 6) * 22;
    if (item.symbol) parts.push(`<text x="${x + 8}" y="${y + 13}" font-size="14" text-anchor="middle" fill="${item.color}">${SYMBOL_GLYPH[item.symbol]}</text>`);
    else parts.push(`<rect x="${x}" y="${y + 2}" width="16" height="14" fill="${item.color}" stroke="#555" stroke-width="0.5"/>`);
    parts.push(`<text x="${x + 22}" y="${y + 14}" font-size="13" fill="#22313f">${esc(item.label)}</text>`);
  });
  parts.push('</g></svg>');
  return parts.join('\n');
}
