import './dom.js';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { createElement } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { autoplay } from '@umpire/engine';
import { greatWar, majorsOf, scenarioData, type GreatWarState } from '@umpire/great-war';
import { toolsOf } from '@umpire/rulesets';
import { Charts, niceTicks, scaleLinear } from '../src/components/Charts.js';
import { statesOf, viewsOf } from './game.js';

const charts = toolsOf('great-war')!.charts!;
const majors = majorsOf(scenarioData('august-1914')).map((n) => n.id);
const majorNames = majorsOf(scenarioData('august-1914')).map((n) => n.name);
/** A nation's treasury in each whole state, the opening first: what its chart must show. */
const treasuries = (states: readonly { readonly state: unknown }[], nation: string) =>
  states.map((s) => (s.state as GreatWarState).nations.find((n) => n.id === nation)!.treasury);
const lineOf = (set: ReturnType<typeof charts.series>, chart: string, name: string) => set.charts.find((c) => c.id === chart)?.lines.find((l) => l.name === name)?.values;

afterEach(cleanup);

test('scales and ticks: a domain onto a range, round ticks that cover it', () => {
  const s = scaleLinear([0, 10], [100, 0]);
  assert.equal(s(0), 100);
  assert.equal(s(5), 50);
  assert.deepEqual(niceTicks(-10, 10, 4), [-10, -5, 0, 5, 10]);
  assert.deepEqual(niceTicks(0, 230), [0, 50, 100, 150, 200, 250]);
});

test('the charts of a game two turns in: each major nation\'s treasury and production, the US Entry track with its ends, each camp\'s losses; a legend, the turn shown, the numbers in a table', () => {
  const { game } = autoplay(greatWar, { seed: 'charts', turns: 2 });
  // The whole states, every nation's money in them: a line each (no seat is sent more than its own: the next test).
  const states = statesOf(game.record);
  const set = charts.series(game.record, states);
  assert.deepEqual(set.turns, [0, 1, 2]);
  assert.ok(majors.includes('germany') && majors.includes('britain') && !majors.includes('spain'), majors.join(', '));
  assert.deepEqual(set.notes, [], 'every nation\'s money is in the whole states: no note');
  render(createElement(Charts, { set, current: 1 }));

  const treasury = screen.getByTestId('chart-treasury');
  assert.equal(within(treasury).getByText('Treasury of each major nation').tagName, 'FIGCAPTION');
  const lines = treasury.querySelectorAll('.series');
  assert.equal(lines.length, majors.length, 'one line a major nation');
  for (const line of lines) assert.equal(line.querySelectorAll('.point').length, 3, 'a point a turn, the opening included');
  // Told apart by dash pattern as well as colour.
  const looks = [...lines].map((l) => l.getAttribute('data-look'));
  assert.equal(new Set(looks).size, lines.length, `no two lines look alike: ${looks.join('; ')}`);
  assert.ok(new Set(looks.map((l) => l!.split(' ').slice(1).join(' '))).size === lines.length, 'nor without their colours');
  assert.equal(new Set(looks).size, lines.length, 'no two lines share a dash pattern and a marker');
  const legend = within(treasury).getByRole('list', { name: /Legend/ });
  assert.deepEqual(
    within(legend).getAllByRole('listitem').map((li) => li.textContent?.trim()),
    majorNames,
  );
  // The axes are labelled; the turn shown on the map is marked.
  assert.match(treasury.querySelector('svg')?.textContent ?? '', /Turn.*Resources|Resources.*Turn/s);
  assert.ok(screen.getByTestId('chart-treasury-current'));
  // The numbers: Germany's treasury each turn, in the table.
  const table = within(treasury).getByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  assert.equal(rows.length, 3);
  const col = within(table).getAllByRole('columnheader').findIndex((h) => h.textContent === 'Germany');
  assert.ok(col > 0);
  assert.deepEqual(
    rows.map((r) => Number(r.children[col]!.textContent)),
    treasuries(states, 'germany'),
  );
  assert.equal(rows[1]!.getAttribute('aria-current'), 'true', 'the turn shown is marked in the table too');

  const us = screen.getByTestId('chart-us-entry');
  assert.equal(us.querySelectorAll('.series .point').length, 3);
  assert.equal(us.querySelectorAll('.rule').length, 2);
  assert.match(us.textContent ?? '', /\+10: the USA may join the Allies/);
  const losses = screen.getByTestId('chart-losses');
  assert.match(within(losses).getByRole('list', { name: /Legend/ }).textContent ?? '', /Allies.*Central Powers/s);
  const lossRows = within(within(losses).getByRole('table')).getAllByRole('row').slice(1);
  const allied = within(within(losses).getByRole('table')).getAllByRole('columnheader').findIndex((h) => h.textContent === 'Allies');
  assert.deepEqual(lossRows.map((r) => Number(r.children[allied]!.textContent)), [...lineOf(set, 'losses', 'Allies')!]);
  assert.ok(screen.getByTestId('chart-production'));
});

test('a seat\'s charts draw its own treasury and production from its views, never another nation\'s; a visitor\'s none', () => {
  const { game } = autoplay(greatWar, { seed: 'charts', turns: 2 });
  const states = statesOf(game.record);
  const whole = charts.series(game.record, states);
  const mine = charts.series(game.record, viewsOf(game.record, 'germany'));
  assert.deepEqual(lineOf(mine, 'treasury', 'Germany'), treasuries(states, 'germany'));
  assert.deepEqual(lineOf(mine, 'production', 'Germany'), lineOf(whole, 'production', 'Germany'));
  assert.deepEqual(mine.charts.find((c) => c.id === 'us-entry'), whole.charts.find((c) => c.id === 'us-entry'), 'what is public is the same for every reader');
  assert.deepEqual(mine.charts.find((c) => c.id === 'losses'), whole.charts.find((c) => c.id === 'losses'));
  render(createElement(Charts, { set: mine, current: 2 }));
  const treasury = screen.getByTestId('chart-treasury');
  assert.equal(within(treasury).getByText('Treasury of Germany').tagName, 'FIGCAPTION');
  assert.deepEqual([...treasury.querySelectorAll('.series')].map((s) => s.getAttribute('data-series')), ['Germany']);
  assert.doesNotMatch(treasury.textContent ?? '', /Britain|France|Russia/);
  const production = screen.getByTestId('chart-production').querySelectorAll('.series');
  assert.deepEqual([...production].map((s) => s.getAttribute('data-series')), ['Germany']);
  assert.match(screen.getByTestId('chart-note').textContent ?? '', /Only your own nation's treasury and production are shown/);
  cleanup();
  const visitor = charts.series(game.record, viewsOf(game.record, undefined));
  render(createElement(Charts, { set: visitor, current: 2 }));
  assert.equal(screen.queryByTestId('chart-treasury'), null);
  assert.equal(screen.queryByTestId('chart-production'), null);
  assert.match(screen.getByTestId('chart-note').textContent ?? '', /No treasury or production is shown/);
  assert.ok(screen.getByTestId('chart-us-entry'));
});
