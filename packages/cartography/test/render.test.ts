import { test } from 'node:test';
import assert from 'node:assert/strict';
import { areaAt, EUROPE_SHEET, renderMapSvg, WORLD_SHEET, type MapPicture } from '../src/index.js';

const picture: MapPicture = {
  title: 'Test & <map>',
  areas: [
    { id: 'paris', name: 'Paris', kind: 'land', anchors: [[2.35, 48.86]], fill: '#4a6fae', symbols: ['capital'] },
    { id: 'berlin', name: 'Berlin', kind: 'land', anchors: [[13.4, 52.5]], fill: '#5f6468', badges: [{ text: '3 inf', color: '#111111' }] },
    { id: 'madrid', name: 'Madrid', kind: 'land', anchors: [[-3.7, 40.4]], fill: '#ddd3bd' },
    { id: 'north-sea', name: 'North Sea', kind: 'sea', anchors: [[3, 56]], fill: '#c9dcec' },
    { id: 'biscay', name: 'Bay of Biscay', kind: 'sea', anchors: [[-5, 45.5]], fill: '#c9dcec' },
  ],
  links: [{ a: 'paris', b: 'berlin', style: 'trench' }],
  legend: [{ color: '#4a6fae', label: 'France' }],
};

test('a point falls in the area of the nearest anchor of its own kind, land or sea', () => {
  assert.equal(areaAt(picture, [4.0, 49.5]), 'paris', 'Reims is nearer Paris than Berlin');
  assert.equal(areaAt(picture, [11.0, 51.0]), 'berlin');
  assert.equal(areaAt(picture, [-4.5, 40.0]), 'madrid');
  assert.equal(areaAt(picture, [-3.0, 46.0]), 'biscay', 'water off the French coast belongs to the nearest sea zone, not to Paris');
  assert.equal(areaAt(picture, [4.0, 55.0]), 'north-sea');
});

test('the SVG has the title escaped, every sheet, every label, badges, the legend and real coastlines', () => {
  const svg = renderMapSvg(picture, { width: 800, sheets: [WORLD_SHEET, EUROPE_SHEET] });
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800"/);
  assert.match(svg, /Test &amp; &lt;map&gt;/);
  assert.match(svg, /The world/);
  assert.match(svg, /Europe and the Middle East/);
  assert.match(svg, />★ Paris</);
  assert.match(svg, />3 inf</);
  assert.match(svg, />France</);
  assert.match(svg, /clipPath id="s-europe-land"/);
  const coast = /<path id="s-europe-coast" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  assert.ok(coast.length > 10_000, 'the Europe sheet draws detailed Natural Earth coastlines');
  assert.ok(svg.endsWith('</svg>'));
});

test('the picture is the same every time it is drawn (reports can be compared and cached)', () => {
  assert.equal(renderMapSvg(picture, { width: 600, sheets: [EUROPE_SHEET] }), renderMapSvg(picture, { width: 600, sheets: [EUROPE_SHEET] }));
});
