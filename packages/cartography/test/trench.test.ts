import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geoInterpolate } from 'd3-geo';
import { areaAt, EUROPE_SHEET, renderMapSvg, sheetProjection, type MapLink, type MapPicture } from '../src/index.js';

/**
 * Trench markers read back from the SVG: where they sit against the drawn outlines of the two areas, and which
 * way their arrows point against the drawn labels.
 */

type Point = readonly [number, number];

const areas: MapPicture['areas'] = [
  { id: 'paris', name: 'Paris', kind: 'land', anchors: [[2.35, 48.86]], fill: '#4a6fae' },
  { id: 'bordeaux', name: 'Bordeaux', kind: 'land', anchors: [[-0.58, 44.84]], fill: '#6a8fce' },
  { id: 'bilbao', name: 'Bilbao', kind: 'land', anchors: [[-2.93, 43.26]], fill: '#ddd3bd' },
  { id: 'madrid', name: 'Madrid', kind: 'land', anchors: [[-3.7, 40.4]], fill: '#cdc3ad' },
  { id: 'berlin', name: 'Berlin', kind: 'land', anchors: [[13.4, 52.5]], fill: '#5f6468' },
  { id: 'biscay', name: 'Bay of Biscay', kind: 'sea', anchors: [[-5, 45.5]], fill: '#c9dcec' },
  { id: 'gulf-of-lion', name: 'Gulf of Lion', kind: 'sea', anchors: [[4.5, 42]], fill: '#c9dcec' },
];
const WIDTH = 1600;

function draw(links: readonly MapLink[]): string {
  return renderMapSvg({ title: 't', areas, links, legend: [] }, { width: WIDTH, sheets: [EUROPE_SHEET] });
}

const points = (text: string): Point[] => [...text.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

interface Marker {
  readonly style: string;
  readonly direction: string;
  readonly a: string;
  readonly b: string;
  readonly lines: number;
  /** The middle of the zigzag(s). */
  readonly centre: Point;
  readonly arrows: readonly { readonly tail: Point; readonly tip: Point }[];
}

function markers(svg: string): Marker[] {
  return [...svg.matchAll(/<g class="trench-marker ([a-z-]+)" data-direction="([a-z-]+)" data-a="([^"]+)" data-b="([^"]+)">(.*?)<\/g>/g)].map((m) => {
    const zigzags = [...m[5]!.matchAll(/<polyline class="trench-line" points="([^"]+)"/g)].map((z) => points(z[1]!));
    const all = zigzags.flat();
    return {
      style: m[1]!,
      direction: m[2]!,
      a: m[3]!,
      b: m[4]!,
      lines: zigzags.length,
      centre: [all.reduce((s, p) => s + p[0], 0) / all.length, all.reduce((s, p) => s + p[1], 0) / all.length],
      arrows: [...m[5]!.matchAll(/<line class="trench-arrow" x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g)].map((l) => ({
        tail: [Number(l[1]), Number(l[2])] as Point,
        tip: [Number(l[3]), Number(l[4])] as Point,
      })),
    };
  });
}

/** The drawn outline of an area: every straight piece of its path (`M x,y L x,y ... Z`, subpaths closed). */
function outline(svg: string, area: string): [Point, Point][] {
  const d = new RegExp(`<path data-area="${area}" d="([^"]+)"`).exec(svg)?.[1];
  assert.ok(d, `no outline drawn for ${area}`);
  const pieces: [Point, Point][] = [];
  for (const sub of d.split('M').filter(Boolean)) {
    const ring = points(sub);
    for (let i = 1; i < ring.length; i++) pieces.push([ring[i - 1]!, ring[i]!]);
    if (/Z/.test(sub)) pieces.push([ring[ring.length - 1]!, ring[0]!]);
  }
  return pieces;
}

function distanceToOutline(p: Point, pieces: readonly [Point, Point][]): number {
  let best = Infinity;
  for (const [u, v] of pieces) {
    const dx = v[0] - u[0];
    const dy = v[1] - u[1];
    const l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((p[0] - u[0]) * dx + (p[1] - u[1]) * dy) / l2)) : 0;
    best = Math.min(best, Math.hypot(p[0] - u[0] - t * dx, p[1] - u[1] - t * dy));
  }
  return best;
}

/** Where an area's name is drawn. */
function labelPoint(svg: string, name: string): Point {
  const m = new RegExp(`<text x="([-\\d.]+)" y="([-\\d.]+)"[^>]*>${name}</text>`).exec(svg);
  assert.ok(m, `no label ${name}`);
  return [Number(m[1]), Number(m[2])];
}

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);

/**
 * How far a marker may be from a drawn outline and still be on it. The marker's point lies on the great-circle
 * arc of the shared border; d3-geo draws that arc as straight pieces within its resampling precision (√0.5 px of
 * the true curve), and both the outline and the marker are written to 0.1 px (at most 0.07 px off each way).
 * 0.71 + 0.07 + 0.07 < 1 px; the marker itself is 22 px long, so 1 px tells a point of the border from any other.
 */
const ON_BORDER = 1;

test('GW-TRENCH-12: the trench marker sits on the land border between the guarded area and the one it faces, arrow pointing into the faced area', () => {
  const svg = draw([{ a: 'bordeaux', b: 'bilbao', style: 'trench', direction: 'a-to-b' }]);
  const [m, ...more] = markers(svg);
  assert.ok(m && more.length === 0, 'one marker');
  assert.equal(m.style, 'trench');
  assert.equal(m.lines, 1, 'a regular trench is a single line');
  const toA = distanceToOutline(m.centre, outline(svg, 'bordeaux'));
  const toB = distanceToOutline(m.centre, outline(svg, 'bilbao'));
  assert.ok(toA <= ON_BORDER && toB <= ON_BORDER, `on the outlines of both areas (${toA.toFixed(2)} px, ${toB.toFixed(2)} px away)`);
  // On the part of the border that is land: the middle of the two anchors is out in the Bay of Biscay.
  const projection = sheetProjection(EUROPE_SHEET, WIDTH);
  const at = projection.invert!([m.centre[0], m.centre[1]])!;
  assert.ok(['bordeaux', 'bilbao'].includes(areaAt({ title: '', areas, legend: [] }, [at[0], at[1]]) ?? ''), `the marker is on land (${at.map((x) => x.toFixed(2)).join(', ')})`);
  const middle = geoInterpolate([-0.58, 44.84], [-2.93, 43.26])(0.5);
  assert.equal(areaAt({ title: '', areas, legend: [] }, [middle[0], middle[1]]), 'biscay', 'the midpoint of the two anchors, where the old glyph went, is at sea');
  // One arrow, from the guarded side across the border into the faced side.
  assert.equal(m.arrows.length, 1);
  const [arrow] = m.arrows;
  const bordeaux = labelPoint(svg, 'Bordeaux');
  const bilbao = labelPoint(svg, 'Bilbao');
  assert.ok(dist(arrow!.tip, bilbao) < dist(arrow!.tail, bilbao), 'the tip is nearer the faced area\'s label than the tail');
  assert.ok(dist(arrow!.tail, bordeaux) < dist(arrow!.tip, bordeaux), 'the tail is nearer the guarded area\'s label than the tip');
  assert.ok(dist(arrow!.tip, m.centre) >= 15, 'the arrow reaches well across the border');
});

test('GW-TRENCH-12 and GW-TRENCH-13: a border guarded from both sides shows one marker on it with two arrows, one into each area', () => {
  const svg = draw([{ a: 'paris', b: 'berlin', style: 'trench', direction: 'both' }]);
  const [m] = markers(svg);
  assert.ok(m);
  assert.equal(m.direction, 'both');
  assert.ok(distanceToOutline(m.centre, outline(svg, 'paris')) <= ON_BORDER && distanceToOutline(m.centre, outline(svg, 'berlin')) <= ON_BORDER, 'on the Paris-Berlin border');
  assert.equal(m.arrows.length, 2);
  const paris = labelPoint(svg, 'Paris');
  const berlin = labelPoint(svg, 'Berlin');
  const intoBerlin = m.arrows.filter((x) => dist(x.tip, berlin) < dist(x.tail, berlin));
  const intoParis = m.arrows.filter((x) => dist(x.tip, paris) < dist(x.tail, paris));
  assert.equal(intoBerlin.length, 1, 'one arrow points into Berlin');
  assert.equal(intoParis.length, 1, 'one arrow points into Paris');
  assert.notEqual(intoBerlin[0], intoParis[0]);
});

test('GW-TRENCH-12: a super trench has its own style, a double line; with a regular trench facing it, each keeps its marker on the border', () => {
  const one = markers(draw([{ a: 'madrid', b: 'bilbao', style: 'super-trench', direction: 'a-to-b' }]));
  assert.equal(one.length, 1);
  assert.equal(one[0]!.style, 'super-trench');
  assert.equal(one[0]!.lines, 2, 'a double line');
  const svg = draw([
    { a: 'madrid', b: 'bilbao', style: 'super-trench', direction: 'a-to-b' },
    { a: 'bilbao', b: 'madrid', style: 'trench', direction: 'a-to-b' },
  ]);
  const both = markers(svg);
  assert.deepEqual(both.map((m) => [m.style, m.a, m.b, m.lines]), [['super-trench', 'madrid', 'bilbao', 2], ['trench', 'bilbao', 'madrid', 1]]);
  const [madridSide, bilbaoSide] = both as [Marker, Marker];
  assert.ok(dist(madridSide.centre, bilbaoSide.centre) >= 22, 'side by side, not on top of each other');
  // Moved along the border (a straight great-circle piece here), so still on it.
  for (const m of both) {
    assert.ok(distanceToOutline(m.centre, outline(svg, 'madrid')) <= ON_BORDER && distanceToOutline(m.centre, outline(svg, 'bilbao')) <= ON_BORDER, `${m.a} facing ${m.b} on the border`);
  }
  const madrid = labelPoint(svg, 'Madrid');
  const bilbao = labelPoint(svg, 'Bilbao');
  assert.ok(dist(madridSide.arrows[0]!.tip, bilbao) < dist(madridSide.arrows[0]!.tail, bilbao), 'Madrid\'s arrow points at Bilbao');
  assert.ok(dist(bilbaoSide.arrows[0]!.tip, madrid) < dist(bilbaoSide.arrows[0]!.tail, madrid), 'Bilbao\'s arrow points at Madrid');
});

test('GW-TRENCH-12: areas whose shapes share no border get the marker between their nearest anchors, still pointing from a to b', () => {
  // Paris and Madrid are kept apart by Bordeaux and Bilbao.
  const svg = draw([{ a: 'paris', b: 'madrid', style: 'trench', direction: 'a-to-b' }]);
  const [m] = markers(svg);
  assert.ok(m);
  const projection = sheetProjection(EUROPE_SHEET, WIDTH);
  const middle = projection(geoInterpolate([2.35, 48.86], [-3.7, 40.4])(0.5) as [number, number])!;
  assert.ok(dist(m.centre, middle) <= ON_BORDER, 'at the middle of the two anchors');
  assert.ok(distanceToOutline(m.centre, outline(svg, 'madrid')) > 20, 'nowhere near Madrid\'s outline');
  const madrid = labelPoint(svg, 'Madrid');
  assert.ok(dist(m.arrows[0]!.tip, madrid) < dist(m.arrows[0]!.tail, madrid));
});

test('GW-TRENCH-12: links name their areas in the SVG and carry their label as a title; the legend draws link samples', () => {
  const svg = renderMapSvg(
    {
      title: 't',
      areas,
      links: [{ a: 'bordeaux', b: 'bilbao', style: 'trench', direction: 'a-to-b', label: 'Trench: Bordeaux guarded against Bilbao' }],
      legend: [
        { color: '#3b2a14', label: 'Trench', link: { style: 'trench', direction: 'a-to-b' } },
        { color: '#3b2a14', label: 'Super trench', link: { style: 'super-trench', direction: 'a-to-b' } },
        { color: '#7a3b00', label: 'Strait', link: { style: 'strait' } },
      ],
    },
    { width: WIDTH, sheets: [EUROPE_SHEET] },
  );
  assert.match(svg, /data-a="bordeaux" data-b="bilbao"><title>Trench: Bordeaux guarded against Bilbao<\/title>/);
  const legend = svg.slice(svg.lastIndexOf('<g transform="translate(12,'));
  assert.match(legend, /<g class="trench-marker trench" data-direction="a-to-b">.*>Trench<\/text>/s);
  assert.match(legend, /<g class="trench-marker super-trench" data-direction="a-to-b">/);
  assert.match(legend, /stroke="#7a3b00" stroke-width="1.6" stroke-dasharray="5,3" marker-start="url\(#arrow\)" marker-end="url\(#arrow\)"\/>\n<text[^>]*>Strait</);
});

test('a picture with trench markers is the same every time it is drawn', () => {
  const links: MapLink[] = [{ a: 'bordeaux', b: 'bilbao', style: 'super-trench', direction: 'a-to-b' }];
  assert.equal(draw(links), draw(links));
});
