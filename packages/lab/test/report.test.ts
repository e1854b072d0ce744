import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { chartFiles, charts, difference, reportMarkdown, summarise, wilson, writeReport, type GameSummary, type RunSettings } from '../src/index.js';

const settings: RunSettings = { ruleset: 'great-war', scenario: 'august-1914', seed: 'r', bot: 'random', turns: 6, options: {}, set: [] };

/** Ten games with known outcomes: 6 Allied wins, 3 Central, 1 unfinished; entries and the revolution as listed. */
function games(): GameSummary[] {
  const winners = ['allied', 'allied', 'central', 'allied', 'unfinished', 'central', 'allied', 'allied', 'central', 'allied'];
  return winners.map((winner, game) => ({
    game,
    seed: `r/${game}`,
    winner,
    winners: [],
    verdict: winner,
    standing: winner === 'unfinished' ? 'central' : winner,
    turnsPlayed: winner === 'unfinished' ? 6 : 4 + (game % 2),
    milestones: {
      usa: game < 4 ? { turn: 3, way: 'allied' } : null,
      italy: game % 2 ? { turn: 2, way: 'allied' } : { turn: 5, way: 'central' },
      'ottoman-empire': game === 9 ? null : { turn: 1 + (game % 3), way: 'central' },
      revolution: game < 3 ? { turn: 4 } : null,
    },
    series: { germany: [80 + game, 82], usa: [15, 15 + game] },
    finalStateHash: String(game),
  }));
}

const parse = (svg: string) => {
  const doc = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
  assert.equal(doc.querySelector('parsererror'), null, 'well-formed SVG');
  return doc;
};
const num = (el: Element, attr: string) => Number(el.getAttribute(attr));
const texts = (doc: Document, sel: string) => [...doc.querySelectorAll(sel)].map((e) => e.textContent);

test('the Wilson interval: known values, inside [0, 1], around the share, narrower with more games', () => {
  const w = wilson(5, 10);
  assert.ok(Math.abs(w.low - 0.2366) < 1e-4 && Math.abs(w.high - 0.7634) < 1e-4);
  assert.ok(Math.abs(wilson(0, 3).high - 0.5615) < 1e-4);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 500 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
      const k = Math.round(f * n);
      const p = wilson(k, n);
      assert.ok(p.low >= 0 && p.high <= 1 && p.low <= p.rate + 1e-12 && p.rate <= p.high + 1e-12);
      const more = wilson(k * 4, n * 4);
      assert.ok(more.high - more.low < p.high - p.low + 1e-12);
    }),
  );
});

test('wins.svg: one bar per winner with its share and 95% Wilson interval, labelled, heights in proportion', () => {
  const s = summarise(settings, [], games());
  assert.deepEqual(s.wins.map((w) => [w.winner, w.count]), [['allied', 6], ['central', 3], ['unfinished', 1]]);
  const doc = parse(charts(s)['wins.svg']);
  const bars = [...doc.querySelectorAll('rect.bar')];
  assert.equal(bars.length, 3);
  assert.deepEqual(bars.map((b) => b.getAttribute('data-label')), ['Allies', 'Central Powers', 'unfinished']);
  assert.deepEqual(bars.map((b) => num(b, 'data-value')), [60, 30, 10]);
  const intervals = [...doc.querySelectorAll('g.interval')];
  assert.equal(intervals.length, 3);
  const allied = wilson(6, 10);
  assert.ok(Math.abs(num(intervals[0]!, 'data-low') - allied.low * 100) < 0.01 && Math.abs(num(intervals[0]!, 'data-high') - allied.high * 100) < 0.01);
  // Heights in proportion to the shares: the Allies' bar is twice the Central Powers'.
  assert.ok(Math.abs(num(bars[0]!, 'height') - 2 * num(bars[1]!, 'height')) < 0.5);
  assert.deepEqual(texts(doc, 'text.tick.x'), ['Allies', 'Central Powers', 'unfinished']);
  assert.ok(texts(doc, 'text.value').includes('6/10'));
  assert.match(doc.querySelector('text.title')!.textContent!, /Who wins/);
  assert.ok(texts(doc, 'text.tick.y').includes('100'));
});

test('entries.svg, revolution.svg, production.svg and length.svg show the numbers of the summaries', () => {
  const s = summarise(settings, [], games());
  const svgs = charts(s);
  const entries = parse(svgs['entries.svg']!);
  const panels = [...entries.querySelectorAll('g.panel')];
  assert.equal(panels.length, 3);
  assert.match(panels[0]!.getAttribute('data-title')!, /^USA/);
  const sum = (panel: Element, series: string, category?: string) =>
    [...panel.querySelectorAll(`rect.bar[data-series="${series}"]`)].filter((b) => !category || b.getAttribute('data-category') === category).reduce((n, b) => n + num(b, 'data-value'), 0);
  assert.equal(sum(panels[0]!, 'joins the Allies', '3'), 4);
  assert.equal(sum(panels[0]!, 'never enters', 'never'), 6);
  assert.equal(sum(panels[1]!, 'joins the Allies', '2'), 5);
  assert.equal(sum(panels[1]!, 'joins the Central Powers', '5'), 5);
  assert.equal(sum(panels[2]!, 'joins the Central Powers'), 9);
  assert.equal(sum(panels[2]!, 'never enters'), 1);
  assert.deepEqual(texts(entries, '.legend-item text'), ['joins the Allies', 'joins the Central Powers', 'never enters']);
  const rev = parse(svgs['revolution.svg']!);
  assert.equal(sum(rev.querySelector('g.panel')!, 'begins', '4'), 3);
  assert.equal(sum(rev.querySelector('g.panel')!, 'never begins', 'never'), 7);
  const prod = parse(svgs['production.svg']!);
  const lines = [...prod.querySelectorAll('polyline.series')];
  assert.deepEqual(lines.map((l) => l.getAttribute('data-name')), ['Germany', 'USA']);
  assert.deepEqual(lines[0]!.getAttribute('data-values')!.split(' ').map(Number), [84.5, 82]);
  assert.deepEqual(lines[1]!.getAttribute('data-values')!.split(' ').map(Number), [15, 19.5]);
  assert.equal(lines[0]!.getAttribute('points')!.split(' ').length, 2);
  const length = parse(svgs['length.svg']);
  const lengthBars = [...length.querySelectorAll('rect.bar')];
  assert.deepEqual(lengthBars.map((b) => [b.getAttribute('data-category'), num(b, 'data-value')]), [['4', 4], ['5', 5], ['6', 1]]);
});

test('the report: summary.json, the charts, report.md and report.html with the overrides and, with --compare, the two runs side by side', () => {
  const out = mkdtempSync(join(tmpdir(), 'umpire-lab-report-'));
  const base = summarise(settings, [], games());
  const changed = summarise({ ...settings, set: ['rules:landCombat.artilleryPerAttacker=2'] }, ['data/rules.json $.landCombat.artilleryPerAttacker: 3 → 2'], games().map((g) => ({ ...g, winner: g.game < 9 ? 'central' : g.winner })));
  const files = writeReport(out, changed, base);
  assert.deepEqual(chartFiles('great-war'), ['wins.svg', 'entries.svg', 'revolution.svg', 'production.svg', 'length.svg']);
  for (const f of [...chartFiles('great-war'), 'summary.json', 'report.md', 'report.html']) assert.ok(files.includes(f), f);
  assert.deepEqual(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')), JSON.parse(JSON.stringify(changed)));
  const md = readFileSync(join(out, 'report.md'), 'utf8');
  assert.match(md, /data\/rules\.json \$\.landCombat\.artilleryPerAttacker: 3 → 2/);
  const d = difference(changed.wins.find((w) => w.winner === 'central')!, base.wins.find((w) => w.winner === 'central')!);
  assert.ok(d.low > 0, 'nine Central wins in ten against three is more than chance');
  assert.match(md, new RegExp(`\\| Central Powers win \\| 90\\.0% .*\\| 30\\.0% .*\\| ${(d.diff * 100).toFixed(1)} points \\| .*more than chance`));
  const wins = parse(readFileSync(join(out, 'wins.svg'), 'utf8'));
  assert.deepEqual([...wins.querySelectorAll('rect.bar')].map((b) => [b.getAttribute('data-label'), num(b, 'data-value')]), [
    ['Allies (A)', 10],
    ['Allies (B)', 60],
    ['Central Powers (A)', 90],
    ['Central Powers (B)', 30],
    ['unfinished (A)', 0],
    ['unfinished (B)', 10],
  ]);
  assert.match(md, /\| Italy joins the Allies \| 50\.0% .*\| 50\.0% .*\| 0\.0 points/);
  assert.match(md, /\| production of Germany, all turns \| 166\.5 \| 166\.5 \| 0\.0 \|/);
  const html = new JSDOM(readFileSync(join(out, 'report.html'), 'utf8')).window.document;
  assert.equal(html.querySelectorAll('figure svg').length, chartFiles('great-war').length);
  assert.ok([...html.querySelectorAll('li')].some((li) => li.textContent!.includes('artilleryPerAttacker')));
  assert.ok(html.querySelectorAll('table').length >= 3);
  assert.match(reportMarkdown(base), /None: the shipped data\./);
  // The unfinished game counted by who would have won had the war ended then.
  assert.match(reportMarkdown(base), /Had the war ended after the last turn played[^]*\| Central Powers \| 4\/10 \| 40\.0% \|/);
  assert.doesNotMatch(reportMarkdown(summarise(settings, [], games().filter((g) => g.winner !== 'unfinished'))), /Had the war ended/);
});
