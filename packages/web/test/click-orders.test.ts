import './dom.js';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { createElement, Fragment, useCallback, useMemo, useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ClickOrders } from '../src/components/ClickOrders.js';
import { OrdersEditor } from '../src/components/OrdersEditor.js';
import { toolsOf } from '@umpire/rulesets';
import { appendLine, checkOrderText, removeLine, type OpenStep } from '../src/game-data.js';

const tools = toolsOf('great-war')!;
const ordersAt = (text: string, open: OpenStep, seat: string, area: string) =>
  tools.board!.offer!(text, { state: open.state, seat, step: open.step }, area);
import { newRecord, openOf } from './game.js';

afterEach(cleanup);

/** The area panel's orders and the orders editor on one text, as the game view holds them; a map click is `pick`. */
function harness(seat: string, area: string, areaName: string) {
  // The seat's view of the opening, as the server sends it: the order language reads it as it reads the whole state.
  const open = openOf(newRecord(), seat);
  const picking: { current?: { targets: readonly string[]; pick: (area: string) => void } | undefined } = {};
  let asked = 0;
  function Harness() {
    const [text, setText] = useState('');
    const offer = useMemo(() => (asked++, ordersAt(text, open, seat, area)), [text]);
    const onPicking = useCallback((p: typeof picking.current) => (picking.current = p), []);
    const onAdd = useCallback((line: string) => setText((t) => appendLine(t, line)), []);
    return createElement(
      Fragment,
      null,
      createElement(ClickOrders, { offer, areaName, text, onAdd, onRemove: (line: number) => setText((t) => removeLine(t, line)), onPicking }),
      createElement(OrdersEditor, {
        seat,
        stepLabel: 'turn 1',
        text,
        onTextChange: setText,
        check: (t: string) => checkOrderText(tools, t, open, seat),
        held: { seat, step: 't1.orders', ready: false },
        dirty: text !== '',
        setReady: async () => undefined,
        submit: async () => {
          throw new Error('not sent');
        },
      }),
    );
  }
  render(createElement(Harness));
  return { open, picking, asked: () => asked, box: () => screen.getByLabelText(new RegExp(`Orders of ${seat}`)) as HTMLTextAreaElement };
}

test('orders by clicking: France picks Paris, moves infantry, clicks Amiens on the map; the line is in the text and reads', () => {
  const { open, picking, box } = harness('france', 'paris', 'Paris');
  assert.match(screen.getByTestId('own-units').textContent ?? '', /Your units in Paris: 5 Infantry/);
  const moves = screen.getByRole('group', { name: 'Move' });
  fireEvent.click(within(moves).getByRole('button', { name: /Move infantry \(up to 5\)/ }));
  // The legal destinations are handed to the map, Amiens among them; a click elsewhere gives nothing.
  assert.ok(picking.current, 'a move being given outlines its destinations');
  assert.ok(picking.current.targets.includes('amiens'), picking.current.targets.join(', '));
  assert.ok(!picking.current.targets.includes('berlin'));
  // Three of the five go.
  fireEvent.change(screen.getByLabelText(/^How many to/), { target: { value: '3' } });
  const pick = picking.current.pick;
  act(() => pick('amiens'));
  assert.equal(box().value, 'move 3 infantry from Paris to Amiens\n');
  assert.match(screen.getAllByRole('status')[0]!.textContent ?? '', /Added to your orders: move 3 infantry from Paris to Amiens/);
  assert.deepEqual(checkOrderText(tools, box().value, open, 'france'), []);
  assert.match(document.getElementById('orders-check')?.textContent ?? '', /read correctly/);
  assert.equal(picking.current, undefined, 'the map is back to selecting once the order is given');
  // The draft counts it (the ruleset offers stacks whole: the two left stay, or are moved by editing the text).
  assert.equal(screen.queryByRole('button', { name: /Move infantry/ }), null, 'the stack, already ordered, is not offered again');

  // A build: a unit type and a count; then the keyboard's list of destinations.
  fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'Artillery' } });
  fireEvent.change(screen.getByLabelText('Number to build'), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add the build' }));
  assert.equal(box().value, 'move 3 infantry from Paris to Amiens\nbuild 2 Artillery in Paris\n');
  assert.deepEqual(checkOrderText(tools, box().value, open, 'france'), []);

  // Text typed in the editor is what the panel lists; a remove button takes a line out of the text.
  fireEvent.change(box(), { target: { value: `${box().value}# a comment\n` } });
  const list = screen.getByRole('list', { name: 'Your orders so far' });
  assert.equal(within(list).getAllByRole('listitem').length, 2);
  fireEvent.click(screen.getByRole('button', { name: 'Remove the order move 3 infantry from Paris to Amiens' }));
  assert.equal(box().value, 'build 2 Artillery in Paris\n# a comment\n');
  assert.ok(screen.getByRole('button', { name: /Move infantry \(up to 5\)/ }), 'the infantry may move again');
});

test('orders by clicking: ships sail from a sea zone to a zone chosen from the list; nothing is offered in a foreign land', () => {
  const { open, box } = harness('britain', 'north-sea', 'North Sea');
  const sail = screen.getByRole('group', { name: 'Sail' });
  fireEvent.click(within(sail).getByRole('button', { name: /Sail battleships/ }));
  fireEvent.change(screen.getByLabelText(/^How many to/), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Destination'), { target: { value: 'english-channel' } });
  assert.equal(box().value, 'sail 2 battleships from North Sea to English Channel\n');
  assert.deepEqual(checkOrderText(tools, box().value, open, 'britain'), []);
  cleanup();
  harness('france', 'berlin', 'Berlin');
  assert.match(document.body.textContent ?? '', /No order of yours starts here/);
});

test('orders by clicking: before giving an attack the player sees its odds, for the number chosen, from the ruleset\'s exact calculator', () => {
  harness('germany', 'metz', 'Metz');
  fireEvent.click(within(screen.getByRole('group', { name: 'Move' })).getByRole('button', { name: /Move infantry/ }));
  const odds = screen.getByTestId('attack-odds');
  // Verdun and Nancy are French: attacks; Strasbourg is German: a move, no odds.
  assert.match(odds.textContent ?? '', /Verdun: \d+% to take it, \d+% it holds, \d+% nobody left/);
  assert.match(odds.textContent ?? '', /Nancy: /);
  assert.doesNotMatch(odds.textContent ?? '', /Strasbourg/);
  const option = [...(screen.getByLabelText(/^Destination/) as HTMLSelectElement).options].find((o) => o.value === 'nancy')!;
  assert.match(option.textContent ?? '', /^Nancy \(attack: /);
  fireEvent.change(screen.getByLabelText(/^How many to/), { target: { value: '1' } });
  assert.match(screen.getByTestId('attack-odds').textContent ?? '', /Odds of the attacks, 1 infantry/);
});
