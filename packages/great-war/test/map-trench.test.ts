import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FRONTS_SHEET, renderMapSvg } from '@umpire/cartography';
import { boardOverlay, mapPicture, mapStyle, theWorld, trenchMarkers, type Trench } from '../src/index.js';
import { openingState } from './helpers.js';

/** Trenches on the map picture: the board's trenches become markers on borders, with arrows at the side faced. */

const world = theWorld();
const trench = (nation: string, territory: string, facing: string, isSuper = false): Trench => ({ nation, territory, facing, super: isSuper });

test('GW-TRENCH-12 and GW-TRENCH-13: each guarded border side is one marker from the guarded territory to the one faced; trenches of the same strength on both sides make one two-way marker', () => {
  assert.deepEqual(trenchMarkers([trench('france', 'verdun', 'metz')]), [{ a: 'verdun', b: 'metz', super: false, both: false }]);
  assert.deepEqual(trenchMarkers([trench('france', 'nancy', 'metz', true)]), [{ a: 'nancy', b: 'metz', super: true, both: false }], 'the super trench is passed on');
  assert.deepEqual(trenchMarkers([trench('france', 'verdun', 'metz'), trench('germany', 'metz', 'verdun')]), [{ a: 'verdun', b: 'metz', super: false, both: true }]);
  assert.deepEqual(trenchMarkers([trench('france', 'verdun', 'metz', true), trench('germany', 'metz', 'verdun', true)]), [{ a: 'verdun', b: 'metz', super: true, both: true }]);
  assert.deepEqual(
    trenchMarkers([trench('france', 'nancy', 'metz', true), trench('germany', 'metz', 'nancy')]),
    [{ a: 'nancy', b: 'metz', super: true, both: false }, { a: 'metz', b: 'nancy', super: false, both: false }],
    'a super trench facing a regular one: two markers, so the picture still tells which side is which',
  );
  assert.deepEqual(
    trenchMarkers([trench('france', 'lille', 'brussels'), trench('britain', 'lille', 'brussels', true)]),
    [{ a: 'lille', b: 'brussels', super: true, both: false }],
    'allies guarding the same side share one marker, super if either trench is',
  );
});

test('GW-TRENCH-12: the picture draws trenches as trench and super-trench links with a direction; the legend lists straits, passages and trenches', () => {
  const picture = mapPicture(world, {
    title: 't',
    nationNames: {},
    overlay: { trenches: trenchMarkers([trench('france', 'verdun', 'metz'), trench('germany', 'metz', 'verdun'), trench('france', 'nancy', 'metz', true)]) },
  });
  const trenches = picture.links.filter((l) => l.style === 'trench' || l.style === 'super-trench');
  assert.deepEqual(trenches, [
    { a: 'verdun', b: 'metz', style: 'trench', direction: 'both', label: 'Trench: Verdun and Metz, each guarded against the other' },
    { a: 'nancy', b: 'metz', style: 'super-trench', direction: 'a-to-b', label: 'Super trench: Nancy guarded against Metz' },
  ]);
  const legend = picture.legend.filter((l) => l.link).map((l) => [l.link!.style, l.link!.direction ?? 'both', l.label]);
  assert.deepEqual(legend, [
    ['strait', 'both', 'Strait (land units cross)'],
    ['passage', 'both', 'Passage (ships; closable)'],
    ['trench', 'a-to-b', 'Trench, arrow at the side faced'],
    ['super-trench', 'a-to-b', 'Super trench (double line)'],
    ['trench', 'both', 'Trenches on both sides'],
  ]);
  assert.ok(!picture.legend.some((l) => /strait/i.test(l.label) && l.link?.style !== 'strait'), 'the strait entry shows a strait, not a trench');
});

type Point = readonly [number, number];
const points = (text: string): Point[] => [...text.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

/** The rings of an area's drawn shape. */
function rings(svg: string, area: string): Point[][] {
  const d = new RegExp(`<path data-area="${area}" d="([^"]+)"`).exec(svg)?.[1];
  assert.ok(d, `no shape drawn for ${area}`);
  return d.split('M').filter(Boolean).map(points);
}

function inside(p: Point, shape: readonly Point[][]): boolean {
  let odd = false;
  for (const ring of shape) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

function distanceTo(p: Point, shape: readonly Point[][]): number {
  let best = Infinity;
  for (const ring of shape) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const u = ring[j]!;
      const v = ring[i]!;
      const dx = v[0] - u[0];
      const dy = v[1] - u[1];
      const l2 = dx * dx + dy * dy;
      const t = l2 ? Math.max(0, Math.min(1, ((p[0] - u[0]) * dx + (p[1] - u[1]) * dy) / l2)) : 0;
      best = Math.min(best, Math.hypot(p[0] - u[0] - t * dx, p[1] - u[1] - t * dy));
    }
  }
  return best;
}

test('GW-TRENCH-12 and GW-TRENCH-13: the 1914 map with trenches on the board draws each marker on its border, arrows into the territories faced', () => {
  const state = openingState();
  state.board.trenches.push(
    trench('france', 'verdun', 'metz'),
    trench('germany', 'metz', 'verdun'),
    trench('france', 'nancy', 'metz', true),
    trench('germany', 'metz', 'nancy'),
    trench('germany', 'cologne', 'brussels'),
    trench('russia', 'warsaw', 'lodz', true),
  );
  const original = Object.fromEntries(world.territories.map((t) => [t.id, t.owner]));
  const overlay = boardOverlay(state.board, {}, mapStyle.unitAbbreviations, original);
  const picture = mapPicture(world, { title: 'Trenches', nationNames: {}, overlay });
  const svg = renderMapSvg(picture, { width: 1600, sheets: [FRONTS_SHEET] });
  assert.match(svg, /^<svg /);
  assert.ok(svg.endsWith('</svg>'));
  assert.equal((svg.match(/<g[ >]/g) ?? []).length, (svg.match(/<\/g>/g) ?? []).length, 'every group is closed');
  const markers = [...svg.matchAll(/<g class="trench-marker ([a-z-]+)" data-direction="([a-z-]+)" data-a="([^"]+)" data-b="([^"]+)">(.*?)<\/g>/g)];
  assert.deepEqual(
    markers.map((m) => `${m[3]}>${m[4]} ${m[1]} ${m[2]}`),
    ['verdun>metz trench both', 'nancy>metz super-trench a-to-b', 'metz>nancy trench a-to-b', 'cologne>brussels trench a-to-b', 'warsaw>lodz super-trench a-to-b'],
  );
  for (const m of markers) {
    const [a, b, body] = [m[3]!, m[4]!, m[5]!];
    const zigzags = [...body.matchAll(/<polyline class="trench-line" points="([^"]+)"/g)].map((z) => points(z[1]!)).flat();
    const centre: Point = [zigzags.reduce((s, p) => s + p[0], 0) / zigzags.length, zigzags.reduce((s, p) => s + p[1], 0) / zigzags.length];
    // On the border: within a pixel of both shapes (d3's resampling and 0.1 px rounding; see the cartography
    // tests), or 1.5 px for a marker moved half its length along a border of several straight pieces.
    const tolerance = m[2] === 'a-to-b' && markers.some((o) => o[3] === b && o[4] === a) ? 1.5 : 1;
    const [shapeA, shapeB] = [rings(svg, a), rings(svg, b)];
    assert.ok(distanceTo(centre, shapeA) <= tolerance && distanceTo(centre, shapeB) <= tolerance, `${a}>${b} on the border: ${distanceTo(centre, shapeA).toFixed(2)} px, ${distanceTo(centre, shapeB).toFixed(2)} px`);
    const arrows = [...body.matchAll(/<line class="trench-arrow" x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g)].map((l) => ({ tail: [Number(l[1]), Number(l[2])] as Point, tip: [Number(l[3]), Number(l[4])] as Point }));
    // Each arrow crosses the border where the marker is: 3 px from the border along it, ahead lies the territory it
    // points into and behind the other (territories' shapes can be narrow, so the tip itself may reach beyond).
    const step = (from: Point, to: Point, by: number): Point => {
      const l = Math.hypot(to[0] - from[0], to[1] - from[1]);
      return [centre[0] + ((to[0] - from[0]) / l) * by, centre[1] + ((to[1] - from[1]) / l) * by];
    };
    const into = (x: { tail: Point; tip: Point }, shape: Point[][], behind: Point[][]) => inside(step(x.tail, x.tip, 3), shape) && inside(step(x.tail, x.tip, -3), behind);
    if (m[2] === 'both') {
      assert.equal(arrows.length, 2, `${a}>${b}: two arrows`);
      assert.equal(arrows.filter((x) => into(x, shapeB, shapeA)).length, 1, `${a}>${b}: one arrow into ${b}`);
      assert.equal(arrows.filter((x) => into(x, shapeA, shapeB)).length, 1, `${a}>${b}: one arrow into ${a}`);
    } else {
      assert.equal(arrows.length, 1, `${a}>${b}: one arrow`);
      assert.ok(into(arrows[0]!, shapeB, shapeA), `${a}>${b}: from ${a} into ${b}`);
    }
    assert.equal((body.match(/class="trench-line"/g) ?? []).length, m[1] === 'super-trench' ? 2 : 1, `${a}>${b}: a super trench is a double line`);
  }
  assert.match(svg, /<title>Super trench: Warsaw guarded against Lodz<\/title>/);
});
