#!/usr/bin/env node
// Draw board.json as SVG and PNG to look at, with Natural Earth's coast and our river lines over it:
//   node packages/vernian/scripts/maps/preview.mjs [W|B] [out-dir] [scale px/km] [x0 y0 x1 y1 (fractions of the map)]
// Writes <out-dir>/map-<W|B>.svg and .png (out-dir defaults to /tmp/vernian-maps). Not part of the data.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { geometryRings, naturalEarthCountries } from './geo.mjs';
import { makeGrid, MAP_DEFS } from './grid.mjs';

const [prefix = 'W', outDir = '/tmp/vernian-maps', scaleArg = '2', ...cropArgs] = process.argv.slice(2);
const scale = Number(scaleArg);
const crop = cropArgs.length === 4 ? cropArgs.map(Number) : [0, 0, 1, 1];
const read = (rel) => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
const board = read('../../data/board.json');
const rivers = read('../../data/geography/rivers.json').rivers;
const borders = read('../../data/geography/borders-1914.json').regions;
const grid = makeGrid(MAP_DEFS.find((d) => d.prefix === prefix));

const COLOURS = {
  clear: '#eee8c8', 'flood-plain': '#cfe3b8', forest: '#8fbf7f', rough: '#c9a97a', mountain: '#9a7a5a', marsh: '#9fd0c8',
  sea: '#a9cfe8',
};
const NATION_TINT = {
  france: '#3050c0', germany: '#404040', belgium: '#c0a000', luxembourg: '#40a0a0', netherlands: '#e07020',
  switzerland: '#c02020', britain: '#a02060',
};

const corners = grid.ids.flatMap((id) => grid.corners(id));
const xs = corners.map((p) => p[0]);
const ys = corners.map((p) => p[1]);
const [minX, minY, maxX, maxY] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
const vx0 = minX + crop[0] * (maxX - minX);
const vy0 = minY + crop[1] * (maxY - minY);
const vx1 = minX + crop[2] * (maxX - minX);
const vy1 = minY + crop[3] * (maxY - minY);
const px = ([x, y]) => [((x - vx0) * scale).toFixed(1), ((y - vy0) * scale).toFixed(1)];
const path = (pts, close) => `M${pts.map((p) => px(p).join(',')).join('L')}${close ? 'Z' : ''}`;

const cells = new Map(board.hexes.filter((h) => h.id.startsWith(prefix)).map((h) => [h.id, h]));
const terrainOf = (id) => cells.get(id)?.terrain ?? 'clear';
const out = [];
for (const id of grid.ids) {
  out.push(`<path d="${path(grid.corners(id), true)}" fill="${COLOURS[terrainOf(id)]}" stroke="#00000018" stroke-width="0.6"/>`);
  const h = cells.get(id);
  if (h?.features?.['other-map']) out.push(`<path d="${path(grid.corners(id), true)}" fill="#ffffff55"/>`);
  if (h?.features?.nation) {
    const [cx, cy] = px(grid.centre(id));
    const tint = NATION_TINT[h.features.nation];
    out.push(`<circle cx="${cx}" cy="${cy}" r="${(1.3 * scale).toFixed(1)}" fill="${tint}" fill-opacity="0.35"/>`);
  }
}
// Coast of Natural Earth and our 1914 border polygons, thin.
const coast = [];
for (const c of naturalEarthCountries()) {
  for (const ring of geometryRings(c.geometry)) {
    const pts = ring.map((p) => grid.project(p));
    if (pts.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y))) continue;
    if (pts.every(([x, y]) => x < minX - 50 || x > maxX + 50 || y < minY - 50 || y > maxY + 50)) continue;
    coast.push(`<path d="${path(pts, true)}" fill="none" stroke="#555" stroke-width="0.5" stroke-opacity="0.6"/>`);
  }
}
out.push(...coast);
for (const r of borders) {
  const d = path(r.polygon.map((p) => grid.project(p)), true);
  out.push(`<path d="${d}" fill="none" stroke="#c00" stroke-width="0.8" stroke-dasharray="3,3"/>`);
}
for (const r of rivers) {
  const d = path(r.points.map((p) => grid.project(p)), false);
  out.push(`<path d="${d}" fill="none" stroke="#3070ff" stroke-width="0.7" stroke-opacity="0.5"/>`);
}
// Nation borders along hexsides between land hexes of two nations.
const edgeOf = (a, b) => grid.around(a).find((n) => n.id === b).edge.map((uv) => grid.toXY(uv));
for (const id of grid.ids) {
  const a = cells.get(id);
  for (const n of grid.neighbours(id)) {
    const b = cells.get(n);
    if (n < id || !a?.features?.nation || !b?.features?.nation || a.features.nation === b.features.nation) continue;
    out.push(`<path d="${path(edgeOf(id, n), false)}" stroke="#d00000" stroke-width="${(1.2 * scale).toFixed(1)}" fill="none"/>`);
  }
}
const SIDE = { river: ['#1050ff', 1.0], 'major-river': ['#0020a0', 1.8], 'all-sea': ['#ff00ff', 1.8] };
for (const s of board.hexsides.filter((h) => h.hexes[0].startsWith(prefix))) {
  const [colour, width] = SIDE[s.features[0]];
  out.push(`<path d="${path(edgeOf(...s.hexes), false)}" stroke="${colour}" stroke-width="${(width * scale).toFixed(1)}" fill="none"/>`);
}
// Places and hex ids.
const font = (k) => (k * Math.max(scale, 1.5)).toFixed(1);
for (const [id, h] of cells) {
  const [cx, cy] = px(grid.centre(id));
  const f = h.features ?? {};
  if (f.city) out.push(`<rect x="${cx - 3 * scale}" y="${cy - 3 * scale}" width="${6 * scale}" height="${6 * scale}" fill="#c00000"/>`);
  else if (f.town) out.push(`<circle cx="${cx}" cy="${cy}" r="${2.2 * scale}" fill="#000"/>`);
  if (f.fortress) out.push(`<circle cx="${cx}" cy="${cy}" r="${4.5 * scale}" fill="none" stroke="#000" stroke-width="${scale}"/>`);
  if (f.edge) out.push(`<circle cx="${cx}" cy="${cy}" r="${1 * scale}" fill="#f0f"/>`);
  if (h.name) {
    const label = h.name.replace(/&/g, '&amp;');
    const y = (cy - 3.5 * scale).toFixed(1);
    out.push(`<text x="${cx}" y="${y}" font-size="${font(3)}" text-anchor="middle" font-family="sans-serif">${label}</text>`);
  }
}
for (const id of grid.ids) {
  const { column, row } = grid.parse(id);
  if (column % 5 || row % 5) continue;
  const [cx, cy] = px(grid.centre(id));
  out.push(`<text x="${cx}" y="${(+cy + 5 * scale).toFixed(1)}" font-size="${font(2.2)}" text-anchor="middle" fill="#600">${id}</text>`);
}
const width = Math.round((vx1 - vx0) * scale);
const height = Math.round((vy1 - vy0) * scale);
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
  `<rect width="100%" height="100%" fill="#fff"/>${out.join('')}</svg>`;
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}/map-${prefix}.svg`, svg);
writeFileSync(`${outDir}/map-${prefix}.png`, new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng());
console.log(`wrote ${outDir}/map-${prefix}.svg and .png (${width} x ${height})`);
