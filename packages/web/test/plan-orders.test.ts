import './dom.js';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { createElement, useCallback, useMemo, useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Json, StepInfo } from '@umpire/engine';
import { toolsOf } from '@umpire/rulesets';
import { PlanOrders, type Picking } from '../src/components/PlanOrders.js';
import { PhaseControl } from '../src/components/HistoryControl.js';
import { TracksPanel } from '../src/components/TracksPanel.js';
import { appendLine, removeLine } from '../src/game-data.js';

/**
 * Orders by clicking on a hex map (a ruleset whose board tool plans orders unit by unit: vernian's), the phases of a
 * turn of several steps, and the tracks panel, in jsdom: the panel, the map's part (what it outlines and shades, a
 * click there) and the orders text on one text, as the game view holds them.
 */

afterEach(cleanup);

const tools = toolsOf('vernian')!;
const opening = (() => {
  const r = tools.ruleset.setup(tools.ruleset.defaultScenario, {});
  assert.ok(r.ok);
  return r.value as Json;
})();
const step: StepInfo = { id: 't1.german', turn: 1, segment: 'german', seats: ['germany'], phases: [] };

function harness(hex: string, start = '') {
  const picking: { current?: Picking | undefined } = {};
  const texts: string[] = [];
  function Harness() {
    const [text, setText] = useState(start);
    texts.push(text);
    const offer = useMemo(() => tools.board!.plans!(text, { state: opening, seat: 'germany', step }, hex), [text]);
    const onPicking = useCallback((p: Picking | undefined) => (picking.current = p), []);
    const onAdd = useCallback((line: string) => setText((t) => appendLine(t, line)), []);
    return createElement(PlanOrders, {
      offer,
      areaName: hex,
      text,
      onAdd,
      onRemove: (line: number) => setText((t) => removeLine(t, line)),
      onPicking,
    });
  }
  render(createElement(Harness));
  return { picking, text: () => texts.at(-1)! };
}

test('a stack clicked: its reach outlined and the enemy zones shaded on the map; a hex clicked shows the move, added to the text', () => {
  const { picking, text } = harness('W8707');
  assert.match(screen.getByTestId('own-units').textContent ?? '', /German 13th Infantry Division \(de-13\)/);
  assert.equal(picking.current, undefined, 'nothing outlined before an order is chosen');
  fireEvent.click(screen.getByRole('button', { name: 'Move from W8707 Aachen' }));
  const units = within(screen.getByRole('group', { name: 'Units' }));
  assert.deepEqual(
    units.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked),
    [true, true, true, false],
    'the divisions ticked, the HQ not',
  );
  const three = picking.current!.targets.length;
  assert.ok(picking.current!.targets.includes('W8608'), 'a hex next to Liège is in reach');
  assert.equal(picking.current!.shades?.label, 'enemy zones of control');
  assert.ok((picking.current!.shades?.areas.length ?? 0) > 100);
  fireEvent.click(units.getByRole('checkbox', { name: /de-19/ }));
  assert.ok(picking.current!.targets.length >= three, 'two units reach at least where three do');
  const pick = picking.current!.pick;
  act(() => pick('W8608'));
  const preview = screen.getByTestId('plan-preview');
  assert.equal(within(preview).getByTestId('plan-line').textContent, 'move de-13, de-14 to W8608');
  assert.match(preview.textContent ?? '', /German 13th Infantry Division: 2 hexes/);
  fireEvent.click(screen.getByRole('button', { name: 'Add to orders' }));
  assert.equal(text(), 'move de-13, de-14 to W8608\n');
  assert.match(screen.getByRole('status').textContent ?? '', /Added to your orders: move de-13, de-14 to W8608/);
  assert.equal(picking.current, undefined, 'the map is back to selecting once the order is added');
  // The units moved are not offered again; the list of orders takes the line out again.
  fireEvent.click(screen.getByRole('button', { name: 'Move from W8707 Aachen' }));
  assert.deepEqual(
    within(screen.getByRole('group', { name: 'Units' }))
      .getAllByRole('checkbox')
      .map((c) => c.parentElement?.textContent?.trim()),
    ['German 19th Infantry Division (de-19)', 'German 2nd Army (Bülow) (de-a2)'],
  );
  fireEvent.click(screen.getByRole('button', { name: 'Remove the order move de-13, de-14 to W8608' }));
  assert.equal(text().trim(), '');
});

test("an attack planned: the odds column and every result's chance, changed by the units ticked, before the order is added", () => {
  const { picking, text } = harness('W8508', 'move de-13, de-14 to W8608\n');
  fireEvent.click(screen.getByRole('button', { name: 'Attack W8508 Liège' }));
  assert.deepEqual(picking.current?.targets, ['W8508'], 'the hex attacked outlined');
  assert.deepEqual(picking.current?.shades?.areas, ['W8608'], "the attackers' hex shaded");
  const preview = () => screen.getByTestId('plan-preview').textContent ?? '';
  assert.match(preview(), /Strength 8 to 2: 4-1; .*the column read: 1-1\./);
  const table = screen.getByTestId('plan-odds');
  assert.equal(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .join(' '),
    'result rolls chance',
  );
  assert.ok(within(table).getAllByRole('row').length >= 3);
  fireEvent.click(screen.getByRole('checkbox', { name: /de-14/ }));
  assert.match(preview(), /Strength 4 to 2: 2-1/);
  fireEvent.click(screen.getByRole('checkbox', { name: /de-13/ }));
  assert.match(preview(), /✖ tick at least one unit/);
  assert.equal(screen.queryByRole('button', { name: 'Add to orders' }), null, 'nothing to add');
  fireEvent.click(screen.getByRole('checkbox', { name: /de-13/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /de-14/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Add to orders' }));
  assert.equal(text(), 'move de-13, de-14 to W8608\nattack W8508 with de-13, de-14 advance all\n');
});

test('the phases of a turn of several steps, grouped by step; the tracks panel', () => {
  const chosen: (number | null)[] = [];
  const onChange = (p: number | null) => void chosen.push(p);
  const phases = ['setup', 'reinforcements', 'german-movement', 'german-combat', 'allied-movement'];
  const steps = ['t1.setup', 't1.strategic', 't1.german', 't1.german', 't1.allied'];
  const { rerender } = render(
    createElement(PhaseControl, {
      phases,
      steps,
      phase: 2,
      label: (p: string) => p.replace(/-/g, ' '),
      onChange,
    }),
  );
  const select = screen.getByTestId('phase');
  assert.deepEqual(
    [...select.querySelectorAll('optgroup')].map((g) => g.label),
    ['Setup (t1.setup)', 'Strategic (t1.strategic)', 'German (t1.german)', 'Allied (t1.allied)'],
  );
  assert.equal(screen.getByTestId('phase-step').textContent, 'German (t1.german), phase 3 of 5');
  fireEvent.click(screen.getByRole('button', { name: 'Phase ▶' }));
  fireEvent.click(screen.getByRole('button', { name: '◀ Phase' }));
  assert.deepEqual(chosen, [3, 1]);
  rerender(createElement(PhaseControl, { phases, steps, phase: 4, label: (p: string) => p, onChange }));
  fireEvent.click(screen.getByRole('button', { name: 'Phase ▶' }));
  assert.deepEqual(chosen.at(-1), null, 'after the last phase, the end of the turn');
  cleanup();

  const sections = tools.board!.tracks!(opening, 'germany', 1);
  render(createElement(TracksPanel, { sections, title: 'The tracks' }));
  assert.match(screen.getByRole('row', { name: /^A ◀ now: Operational Turn 1/ }).textContent ?? '', /from the week of 4 May 1914/);
  assert.ok(screen.getByRole('heading', { name: 'The Channel tunnel' }));
});
