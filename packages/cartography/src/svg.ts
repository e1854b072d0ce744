import { geoPath } from 'd3-geo';
import type { AreaSymbol, LinkDirection, LinkStyle, LonLat, MapLink, MapPicture } from './picture.js';
import { EUROPE_SHEET, nearest, nearestPair, onSheet, projectionFor, sheetHeight, unit, WORLD_SHEET, type Sheet, type Vec } from './projection.js';
import { land } from './land.js';
import { borderMark, cellsOf, type BorderMark, type Cells } from './cells.js';

/**
 * The SVG writer: the whole picture (a header, each sheet below the one before, the legend), one sheet (sea zones
 * clipped to the water, land areas clipped to the coastlines, straits and passages, labels, trench markers, the
 * frames of the insets), and the trench marker, drawn on the map and in the legend.
 */

const SEA_COLOUR = '#c9dcec';
const SEA_LABEL = '#46627a';
const BORDER = '#ffffff';
const COAST = '#5a6b78';
const TRENCH = '#3b2a14';

const SYMBOL_GLYPH: Record<AreaSymbol, string> = { capital: '★', industry: '■', port: '⚓', city: '●', battle: '✕' };

/** Text escaped for SVG text and attribute values. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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

/**
 * One sheet of a picture, `top` pixels down: the sea zones clipped to the water, the land areas clipped to the
 * coastlines, straits and passages, the labels, the trench markers at their border marks, and the frames of the
 * insets (`insets`: the other sheets with bounds).
 */
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

export interface RenderOptions {
  readonly width?: number;
  readonly sheets?: readonly Sheet[];
  readonly font?: string;
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
