import './dom.js';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { createElement, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setup, theWorld, type GreatWarState } from '@umpire/great-war';
import { AreaPanel } from '../src/components/AreaPanel.js';
import { HistoryControl } from '../src/components/HistoryControl.js';
import { OrdersEditor } from '../src/components/OrdersEditor.js';
import { seatFromLocation, type SeatOrders } from '../src/api.js';
import { toolsOf } from '@umpire/rulesets';
import { checkOrderText, turnTitle } from '../src/game-data.js';

const tools = toolsOf('great-war')!;
const areaInfo = (state: GreatWarState, id: string) => tools.board!.info(state as never, id);
import { legalText, newRecord, openOf } from './game.js';

afterEach(cleanup);

const opening = (): GreatWarState => {
  const s = setup('august-1914');
  assert.ok(s.ok);
  return structuredClone(s.value);
};

test('the area panel shows a territory\'s owner, units by nation and type, trenches and buildings', () => {
  const state = opening();
  render(createElement(AreaPanel, { info: areaInfo(state, 'berlin') }));
  assert.equal(screen.getByRole('heading', { level: 3 }).textContent?.startsWith('Berlin'), true);
  assert.equal(screen.getByTestId('area-owner').textContent, 'Germany (GER)');
  assert.match(document.body.textContent ?? '', /capital, industrial complex/);
  assert.match(document.body.textContent ?? '', /No units\./, 'Berlin starts the war empty');
  cleanup();
  // Where the German army stands in August 1914: every infantry counted.
  const at = state.board.units.find((u) => u.nation === 'germany' && u.type === 'infantry' && theWorld().territory.has(u.at))!.at;
  const germans = state.board.units.filter((u) => u.at === at && u.nation === 'germany' && u.type === 'infantry').length;
  render(createElement(AreaPanel, { info: areaInfo(state, at) }));
  const row = screen.getByRole('rowheader', { name: 'Germany (GER)' }).closest('tr')!;
  assert.match(row.textContent ?? '', new RegExp(`\\b${germans} Infantry`));
});

test('the area panel tells a conquest, a trench and foreign units; a sea zone has no owner', () => {
  const state = opening();
  state.board.territories['berlin'] = { owner: 'russia', incorporated: false };
  state.board.units.push({ id: 'RUS-999', nation: 'russia', type: 'artillery', at: 'berlin', damage: 0 });
  state.board.trenches.push({ nation: 'russia', territory: 'berlin', facing: 'hanover', super: true });
  render(createElement(AreaPanel, { info: areaInfo(state, 'berlin') }));
  assert.match(screen.getByTestId('area-owner').textContent ?? '', /^Russia \(RUS\) — conquered from Germany, not yet incorporated/);
  assert.match(screen.getByRole('rowheader', { name: 'Russia (RUS)' }).closest('tr')!.textContent ?? '', /1 Artillery/);
  assert.match(document.body.textContent ?? '', /Super trench of russia facing Hanover/);
  cleanup();
  render(createElement(AreaPanel, { info: areaInfo(state, 'north-sea') }));
  assert.match(screen.getByRole('heading', { level: 3 }).textContent ?? '', /North Sea.*sea zone/);
  assert.equal(screen.queryByTestId('area-owner'), null);
  assert.ok(screen.getByRole('rowheader', { name: /Britain/ }));
});

test('the orders editor locates a bad line with its line and column and a suggestion, and finds nothing wrong with legal orders', async () => {
  const record = newRecord();
  const open = openOf(record, 'germany');
  const good = legalText(record, 'germany');
  assert.ok(good.length > 0);
  const check = (text: string) => checkOrderText(tools, text, open, 'germany');
  let sent = '';
  let sends = 0;
  let readies = 0;
  function Wrapper() {
    const [text, setText] = useState(good);
    const [held, setHeld] = useState<SeatOrders>({ seat: 'germany', step: 't1.orders', ready: false });
    const [accepted, setAccepted] = useState<string | undefined>(undefined);
    return createElement(OrdersEditor, {
      seat: 'germany',
      stepLabel: 'turn 1',
      text,
      onTextChange: setText,
      check,
      held,
      dirty: text !== (accepted ?? ''),
      setReady: async () => void readies++,
      submit: async (text: string, ready?: boolean) => {
        sends++;
        sent = text;
        // The server answers after a while: a second click meanwhile must not send again.
        await new Promise((r) => setTimeout(r, 50));
        setAccepted(text);
        setHeld({ seat: 'germany', step: 't1.orders', ready: !!ready, submitted: { step: 't1.orders', text, orderHash: 'abc123', orders: { orders: [] } } });
        return { step: 't1.orders', seat: 'germany', orderHash: 'abc123', receipt: 'r', orders: { orders: [] }, text, ready: !!ready, resolved: [] };
      },
    });
  }
  render(createElement(Wrapper));
  const box = screen.getByLabelText(/Orders of germany/) as HTMLTextAreaElement;
  assert.equal(box.value, good);
  assert.match(screen.getByRole('status').textContent ?? '', /read correctly/);
  assert.equal(box.getAttribute('aria-invalid'), 'false');

  const bad = `${good}\nmove 2 infantry from Berln to Hanover`;
  fireEvent.change(box, { target: { value: bad } });
  const problems = check(bad);
  assert.ok(problems.length > 0);
  assert.equal(problems[0]!.line, good.split('\n').length + 1);
  const status = screen.getAllByRole('status')[0]!;
  assert.match(status.textContent ?? '', new RegExp(`line ${problems[0]!.line}:${problems[0]!.column ?? 1}`));
  assert.match(status.textContent ?? '', /Berlin/, 'the closest valid name is suggested');
  assert.equal(box.getAttribute('aria-invalid'), 'true');
  // The gutter marks the line, with a sign as well as a colour.
  assert.match(document.querySelector('.gutter .bad')?.textContent ?? '', new RegExp(`⚠ ${problems[0]!.line}`));
  // Clicking the problem selects its line in the editor.
  fireEvent.click(screen.getByRole('button', { name: `line ${problems[0]!.line}:${problems[0]!.column ?? 1}` }));
  assert.equal(document.activeElement, box);
  assert.equal(bad.slice(box.selectionStart, box.selectionEnd), 'move 2 infantry from Berln to Hanover');

  fireEvent.change(box, { target: { value: good } });
  assert.match(screen.getByTestId('held').textContent ?? '', /No orders of yours/);
  assert.match(screen.getByTestId('draft-state').textContent ?? '', /not sent/);
  await act(async () => {
    const button = screen.getByRole('button', { name: 'Submit orders' });
    fireEvent.click(button);
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 120));
  });
  assert.equal(sends, 1, 'a double click sends once');
  assert.equal(sent, good);
  assert.match(screen.getByTestId('submit-answer').textContent ?? '', /Accepted for step t1\.orders\. Receipt: abc123/);
  assert.equal(screen.getByTestId('held-receipt').textContent, 'abc123');
  assert.match(screen.getByTestId('draft-state').textContent ?? '', /shows the orders the umpire holds/);
  // Edited after sending: Ready sends the edited orders with the ready, in one request.
  fireEvent.change(box, { target: { value: `${good}\n# edited` } });
  const readyBox = screen.getByRole('checkbox', { name: /Ready/ });
  assert.match(readyBox.closest('label')?.textContent ?? '', /sends the orders in the editor/);
  await act(async () => {
    fireEvent.click(readyBox);
    await new Promise((r) => setTimeout(r, 120));
  });
  assert.equal(sends, 2);
  assert.equal(readies, 0);
  assert.equal(sent, `${good}\n# edited`);
  assert.equal((screen.getByRole('checkbox', { name: /Ready/ }) as HTMLInputElement).checked, true);
});

test('the history control steps through the turns, from the opening to the latest and back', () => {
  const state = opening();
  const seen: number[] = [];
  function Wrapper() {
    const [turn, setTurn] = useState(3);
    return createElement(HistoryControl, { turn, last: 3, label: (t: number) => turnTitle(tools, state as never, t), onChange: (t: number) => (seen.push(t), setTurn(t)) });
  }
  render(createElement(Wrapper));
  const shown = () => screen.getByTestId('history-turn').textContent;
  assert.match(shown() ?? '', /^Turn 3, /);
  assert.equal((screen.getByRole('button', { name: /Next turn/ }) as HTMLButtonElement).disabled, true);
  fireEvent.click(screen.getByRole('button', { name: /Previous turn/ }));
  assert.match(shown() ?? '', /^Turn 2, /);
  fireEvent.click(screen.getByRole('button', { name: '« Opening' }));
  assert.equal(shown(), 'The opening, before turn 1');
  assert.equal((screen.getByRole('button', { name: /Previous turn/ }) as HTMLButtonElement).disabled, true);
  fireEvent.change(screen.getByRole('slider', { name: 'Turn' }), { target: { value: '1' } });
  assert.match(shown() ?? '', /^Turn 1, /);
  fireEvent.click(screen.getByRole('button', { name: 'Latest »' }));
  assert.deepEqual(seen, [2, 0, 1, 3]);
});

test('a seat link\'s token is kept for the tab\'s session and taken out of the address bar', () => {
  window.history.replaceState(null, '', '/games/g1?seat=germany&token=secret-token');
  const seat = seatFromLocation('g1');
  assert.deepEqual(seat, { seat: 'germany', token: 'secret-token' });
  assert.equal(window.location.pathname + window.location.search, '/games/g1');
  assert.deepEqual(seatFromLocation('g1'), { seat: 'germany', token: 'secret-token' }, 'read back from sessionStorage');
  assert.equal(seatFromLocation('other'), undefined);
});
