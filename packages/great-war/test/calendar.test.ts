import assert from 'node:assert/strict';
import { test } from 'node:test';
import { awaiting, openStep, resolveStep, submitOrders } from '@umpire/engine';
import { greatWar, scenarioData, turnDates, turnLabel, turnMonths, turnPhaseNames, type Calendar } from '../src/index.js';
import { must, nation, newGame, playTurn } from './helpers.js';

const calendar = () => scenarioData('august-1914').calendar;

test('GW-MISC-01: each turn stands for two months, turn 1 being August-September 1914 (gap G24)', () => {
  const c = calendar();
  assert.equal(c.monthsPerTurn, 2);
  assert.equal(turnLabel(c, 1), 'August-September 1914');
  assert.equal(turnLabel(c, 2), 'October-November 1914');
  assert.equal(turnLabel(c, 3), 'December 1914 - January 1915');
  assert.equal(turnLabel(c, 7), 'August-September 1915');
  for (let turn = 1; turn < 26; turn++) {
    const a = turnMonths(c, turn);
    const b = turnMonths(c, turn + 1);
    const months = (m: { year: number; month: number }) => m.year * 12 + m.month;
    assert.equal(months(a.last) - months(a.first), 1, `turn ${turn} spans two months`);
    assert.equal(months(b.first), months(a.last) + 1, `turn ${turn + 1} follows turn ${turn}`);
  }
});

test('the calendar label comes from the data: month names, first month and months per turn', () => {
  const c = { ...calendar(), firstYear: 1939, firstMonth: 9, monthsPerTurn: 1, monthNames: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] } satisfies Calendar;
  assert.equal(turnLabel(c, 1), 'Sep 1939');
  assert.equal(turnLabel(c, 5), 'Jan 1940');
  assert.equal(turnDates(newGame().position.state, 26), 'October-November 1918');
  assert.equal(greatWar.turnLabel!(1, newGame().position.state), 'Turn 1, August-September 1914');
  assert.equal(greatWar.turnLabel!(3, newGame().position.state), 'Turn 3, December 1914 - January 1915');
});

test('GW-MISC-02 GW-VICTORY-02 GW-VICTORY-06 D-VIC-1: the game lasts 26 turns, from August 1914 to October-November 1918, then ends with a verdict', () => {
  // Nobody sends orders, but the neutrals enter on their own (the Ottomans on turn 3, D-OTT-1) and their fleets fight;
  // phase 15 rolls every turn from turn 7 (the Russian Revolution).
  let game = newGame(Array.from({ length: 5000 }, (_, i) => (i % 10) + 1));
  assert.equal(calendar().turns, 26);
  for (let turn = 1; turn <= 26; turn++) {
    assert.equal(greatWar.result(game.position.state, turn), null);
    const played = playTurn(game);
    game = played.game;
    assert.equal(played.outcome, turn < 26 ? 'resolved' : 'over', `turn ${turn}`);
  }
  const over = awaiting(greatWar, game);
  assert.equal(over.kind, 'over');
  // Nobody beaten and Japan far from 160: the Central Powers win.
  assert.deepEqual(game.record.result?.winners, ['germany', 'austria-hungary', 'ottoman-empire'], 'the Central Powers, the Ottomans among them since turn 3');
  assert.match(game.record.result?.summary ?? '', /after turn 26 \(October-November 1918\)\. The Central Powers win: Austria-Hungary has neither surrendered nor been conquered/);
  assert.equal(game.record.steps.length, 26);
  assert.ok(!openStep(greatWar, game).ok);
});

test('GW-MISC-03: a turn is one orders step in which every nation submits at once, all resolved together', () => {
  const s = newGame().position.state;
  for (const turn of [1, 13, 26]) {
    assert.deepEqual(greatWar.turnPlan(s, turn), [{ kind: 'orders', id: 'orders', seats: greatWar.seats(s), phases: [...turnPhaseNames] }]);
  }
  let game = must(openStep(greatWar, newGame([9, 9])));
  const waiting = awaiting(greatWar, game);
  assert.equal(waiting.kind, 'orders');
  assert.equal(waiting.kind === 'orders' && waiting.missing.length, 11);
  game = must(submitOrders(greatWar, game, 'russia', { text: 'research artillery' })).game;
  game = must(submitOrders(greatWar, game, 'germany', { text: 'research artillery' })).game;
  const after = awaiting(greatWar, game);
  assert.ok(after.kind === 'orders' && after.missing.length === 9 && !after.missing.includes('russia'));
  const resolved = must(resolveStep(greatWar, game)).game;
  assert.equal(resolved.record.steps.length, 1);
  assert.equal(resolved.record.steps[0]!.id, 't1.orders');
  assert.equal(nation(resolved, 'germany').tech['improved-artillery'], 1);
  assert.equal(nation(resolved, 'russia').tech['improved-artillery'], 1);
  assert.equal(resolved.record.steps[0]!.submissions.length, 11, 'the silent seats get their empty orders');
});
