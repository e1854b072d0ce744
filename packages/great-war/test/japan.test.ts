import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scriptedContext, type GameEvent } from '@umpire/engine';
import { allied, greatWar, incomeOf, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { japanSoloVictoryMeasure, japanWinsAlone, resolveJapan, resolveJapanEnd } from '../src/p01-neutrals/japan.js';
import { japanIncomeCap } from '../src/p01-neutrals/far-east.js';
import { chinaIncomeCap } from '../src/p01-neutrals/far-east.js';
import { joinSide } from '../src/p01-diplomacy/politics.js';
import { eventsOf, nation, openingState, ordersFor, parseFor, refusalOf, rollsOf, scene, step } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: the japan phase (1) and the japan-end phase (15) run directly with scripted dice on a chosen turn.

/** Japan geared up before the game (turn 0), with money: its war options are open on turn 1. */
function geared(treasury = 100): GreatWarState {
  const state = openingState();
  state.politics.japan.gearedUp = 0;
  nation(state, 'japan').treasury = treasury;
  return state;
}

function ctxOn(turn: number, dice: number[]) {
  const ctx = scriptedContext(dice, { ...step, id: `t${turn}.orders`, turn });
  return Object.assign(ctx, { rollsLeft: () => dice.length - ctx.rolls() });
}

/** Phase 1's japan phase with typed orders on `turn`; every scripted die must be rolled. */
function japanPhase(state: GreatWarState, orders: Record<string, string>, dice: number[] = [], turn = 1): GameEvent[] {
  const ctx = ctxOn(turn, dice);
  const map = new Map<string, GreatWarOrders>(Object.entries(orders).map(([seat, text]) => [seat, mustParse(state, seat, text, turn)]));
  resolveJapan(state, map, ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

function japanEnd(state: GreatWarState, dice: number[] = [], turn = 1): GameEvent[] {
  const ctx = ctxOn(turn, dice);
  resolveJapanEnd(state, new Map(), ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

function mustParse(state: GreatWarState, seat: string, text: string, turn = 1): GreatWarOrders {
  if (turn === 1) return ordersFor(state, seat, text);
  const r = greatWar.parseOrders(text, { state, seat, step: { ...step, turn } });
  assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.error));
  return r.value;
}

/** US Entry events 12 to 14 (the events about Japan; other parts may move US opinion on the same declarations). */
const usEntry = (events: readonly GameEvent[]) =>
  eventsOf(events, 'us-entry')
    .filter((e) => ['event-12', 'event-13', 'event-14'].includes(String(e['event'])))
    .map((e) => [e['event'], e['change']]);
const wars = (state: GreatWarState, id: string) => nation(state, id).atWarWith;

// ---------------------------------------------------------------------------------------------------------------

test('GW-NEUT-JAP-01, GW-NEUT-JAP-04, GW-NEUT-JAP-17: Japan collects at most 15 until it pays 25 to gear up, then 30, never more than its lands are worth', () => {
  const state = openingState();
  assert.equal(japanIncomeCap(state), 15);
  assert.equal(incomeOf(state, 'japan').collected, 15);
  nation(state, 'japan').treasury = 30;
  const events = japanPhase(state, { japan: 'gear up' });
  assert.deepEqual(eventsOf(events, 'geared-up').map((e) => [e['nation'], e['cost'], e['incomeCap']]), [['japan', 25, 30]]);
  assert.equal(nation(state, 'japan').treasury, 5);
  assert.equal(state.politics.japan.gearedUp, 1);
  assert.equal(nation(state, 'japan').incomeCap, 30);
  assert.equal(incomeOf(state, 'japan').collected, 30);
  // Full income is still only what its lands are worth: take away all but Tokyo and Osaka (8 + 7).
  state.politics.japan.westernWar = true;
  assert.equal(japanIncomeCap(state), null);
  for (const t of ['nagoya', 'hiroshima', 'kyushu', 'formosa', 'korea', 'north-korea', 'kwantung', 'hokkaido', 'karafuto']) state.board.territories[t] = { owner: 'russia', incorporated: false };
  const income = incomeOf(state, 'japan');
  assert.equal(income.land, 15, 'Tokyo and Osaka');
  assert.equal(income.collected, income.land, 'never more than the territories are worth');
  assert.ok(income.collected < 30);
});

test('GW-NEUT-JAP-04, GW-NEUT-JAP-05: gearing up is refused without 25 or twice; the war options open only the turn after gearing up', () => {
  const poor = openingState();
  assert.equal(refusalOf(poor, 'japan', 'gear up').code, 'not-enough-resources');
  assert.equal(refusalOf(poor, 'britain', 'gear up').code, 'no-gear-up');
  assert.equal(refusalOf(poor, 'japan', 'war on the Ottoman Empire').code, 'not-geared-up');
  const state = openingState();
  nation(state, 'japan').treasury = 60;
  japanPhase(state, { japan: 'gear up' });
  assert.equal(refusalOf(state, 'japan', 'gear up').code, 'already-geared-up');
  assert.equal(refusalOf(state, 'japan', 'war on the Ottoman Empire').code, 'options-next-turn');
  const next = greatWar.parseOrders('war on the Ottoman Empire', { state, seat: 'japan', step: { ...step, turn: 2 } });
  assert.ok(next.ok);
  assert.deepEqual(next.value.orders, [{ kind: 'japan-war', target: 'ottoman-empire' }]);
});

test('GW-NEUT-JAP-03: the war options are read with located problems and did-you-mean; Russia only as a limited or full war; only Japan has them', () => {
  const state = geared();
  const bad = parseFor(state, 'japan', 'war on Austria-Hungry');
  assert.ok(!bad.ok);
  assert.equal(bad.error[0]!.code, 'unknown-target');
  assert.equal(bad.error[0]!.column, 8);
  assert.equal(bad.error[0]!.suggestion, 'Austria-Hungary');
  assert.equal(refusalOf(state, 'japan', 'war on Russia').code, 'bad-war-option');
  assert.equal(refusalOf(state, 'japan', 'limited war on China').code, 'bad-war-option');
  assert.equal(refusalOf(state, 'germany', 'war on China').code, 'not-japan');
  const json = greatWar.checkOrders({ orders: [{ kind: 'limited-war', target: 'rusia' }] }, { state, seat: 'japan', step });
  assert.ok(!json.ok);
  assert.equal(json.error[0]!.path, '$.orders[0].target');
  assert.equal(json.error[0]!.suggestion, 'russia');
  const ok = parseFor(state, 'japan', 'war on the Western Allies\nlimited war on Russia\nwar on China');
  assert.ok(ok.ok);
  assert.equal(greatWar.formatOrders(ok.value, { state, seat: 'japan', step }), 'war on the Western Allies\nlimited war on Russia\nwar on China\n');
  // The bot is offered the options.
  const labels = greatWar.legalActions({ orders: [] }, { state, seat: 'japan', step }).map((a) => a.label);
  for (const l of ['war on the Ottoman Empire', 'limited war on Russia', 'war on the Western Allies']) assert.ok(labels.includes(l), l);
  assert.ok(!labels.includes('full war on Russia'), 'a full war follows a limited one');
});

test('GW-NEUT-JAP-06, GW-NEUT-JAP-07, GW-NEUT-CHN-03, GW-NEUT-CHN-04, GW-USENTRY-17, D-JAP-2, D-JAP-6, D-CHN-2: war on the Ottomans and on Austria-Hungary each add 10; China answers each with 1 in 10; both: US Entry -1', () => {
  const state = geared();
  const events = japanPhase(state, { japan: 'war on the Ottoman Empire\nwar on Austria-Hungary' }, [2, 7]);
  assert.deepEqual(rollsOf(events), ["Does China declare war on Japan for its war on the Ottoman Empire? (1 in 10) = 2", "Does China declare war on Japan for its war on Austria-Hungary? (1 in 10) = 7"]);
  assert.deepEqual(wars(state, 'japan'), ['austria-hungary', 'germany', 'ottoman-empire']);
  assert.equal(japanIncomeCap(state), 50);
  assert.deepEqual(usEntry(events), [['event-14', -1]]);
  // A 1 brings China in: it gears up (paying its 12 of the 15) and Japan collects its full income for that war.
  const again = geared();
  const e2 = japanPhase(again, { japan: 'war on Austria-Hungary' }, [1]);
  assert.deepEqual(eventsOf(e2, 'china-answer').map((e) => e['war']), [true]);
  assert.ok(wars(again, 'china').includes('japan'));
  assert.equal(again.politics.china.gearedUp, 1);
  assert.equal(nation(again, 'china').treasury, 0);
  assert.equal(japanIncomeCap(again), null);
  assert.equal(chinaIncomeCap(again), null, 'China at war with Japan collects its full income (GW-NEUT-CHN-16)');
  assert.deepEqual(usEntry(e2), [], 'one of the two wars only');
});

test('GW-NEUT-JAP-08, D-JAP-2: while Japan fights the Ottomans or Austria-Hungary, a Central Power holding the Suez Canal adds 10, kept once earned', () => {
  const state = geared();
  japanPhase(state, { japan: 'war on the Ottoman Empire' }, [9]);
  assert.equal(japanIncomeCap(state), 40);
  state.board.territories['suez-canal'] = { owner: 'germany', incorporated: false };
  assert.equal(japanIncomeCap(state), 50);
  const events = japanEnd(state);
  assert.equal(eventsOf(events, 'japan-suez-bonus').length, 1);
  state.board.territories['suez-canal'] = { owner: 'britain', incorporated: true };
  assert.equal(japanIncomeCap(state), 50, 'kept once a Central Power has held it');
  // Without one of those wars the canal gives nothing.
  const calm = geared();
  calm.board.territories['suez-canal'] = { owner: 'germany', incorporated: false };
  assert.equal(japanIncomeCap(calm), 30);
});

test('GW-NEUT-JAP-09, GW-NEUT-JAP-10, GW-NEUT-JAP-11, GW-NEUT-JAP-12, GW-NEUT-CHN-06, GW-USENTRY-15, D-JAP-3: a limited war on Russia adds 10 until Japan takes two Russian territories; then 15 buys a full war: full income, US Entry +1, China 2 in 10', () => {
  const state = geared(40);
  const declared = japanPhase(state, { japan: 'limited war on Russia' });
  assert.deepEqual(rollsOf(declared), [], 'China does not answer a limited war');
  assert.deepEqual(usEntry(declared), []);
  assert.ok(wars(state, 'japan').includes('russia'));
  assert.equal(state.politics.japan.russiaWar, 'limited');
  assert.equal(japanIncomeCap(state), 40);
  // One Russian territory taken: the war goes on.
  state.board.territories['vladivostok'] = { owner: 'japan', incorporated: false };
  japanEnd(state);
  assert.equal(state.politics.japan.russiaWar, 'limited');
  // Two: Japan has won; peace, and it keeps them.
  state.board.territories['khabarovsk'] = { owner: 'japan', incorporated: false };
  const end = japanEnd(state);
  assert.deepEqual(eventsOf(end, 'japan-russia-war').map((e) => e['stage']), ['won']);
  assert.equal(state.politics.japan.russiaWar, 'won');
  assert.ok(!wars(state, 'japan').includes('russia'));
  assert.equal(state.board.territories['vladivostok']!.owner, 'japan');
  assert.equal(japanIncomeCap(state), 30);
  // After winning, 15 for a full war.
  const full = japanPhase(state, { japan: 'full war on Russia' }, [3], 2);
  assert.equal(nation(state, 'japan').treasury, 25);
  assert.equal(state.politics.japan.russiaWar, 'full');
  assert.ok(wars(state, 'japan').includes('russia'));
  assert.equal(japanIncomeCap(state), null);
  assert.deepEqual(usEntry(full), [['event-12', 1]]);
  assert.deepEqual(rollsOf(full), ['Does China declare war on Japan for its war on Russia (full war)? (2 in 10) = 3']);
  assert.ok(!wars(state, 'china').includes('japan'));
});

test('GW-NEUT-JAP-11, GW-NEUT-JAP-16, D-JAP-3: a full war during the limited war; Russia taking Korea ends a limited war without full production; a full war needs a limited war first and 15', () => {
  const state = geared(40);
  japanPhase(state, { japan: 'limited war on Russia' });
  assert.equal(refusalOf(state, 'japan', 'limited war on Russia').code, 'russia-war-taken');
  state.board.territories['korea'] = { owner: 'russia', incorporated: false };
  assert.equal(japanIncomeCap(state), 40, 'Korea lost to Russia in a limited war: no full production');
  const end = japanEnd(state);
  assert.deepEqual(eventsOf(end, 'japan-russia-war').map((e) => e['stage']), ['lost']);
  assert.equal(state.politics.japan.fullProduction, null);
  assert.equal(japanIncomeCap(state), 30);
  assert.equal(refusalOf(state, 'japan', 'full war on Russia').code, 'no-limited-war');
  // During a limited war, the full war costs 15 and the war goes on.
  const during = geared(14);
  japanPhase(during, { japan: 'limited war on Russia' });
  assert.equal(refusalOf(during, 'japan', 'full war on Russia').code, 'not-enough-resources');
  nation(during, 'japan').treasury = 15;
  const events = japanPhase(during, { japan: 'full war on Russia' }, [1], 2);
  assert.equal(during.politics.japan.russiaWar, 'full');
  assert.ok(wars(during, 'china').includes('japan'), 'China answered the full war (2 in 10) on a 1');
  assert.deepEqual(usEntry(events), [['event-12', 1]]);
});

test('GW-NEUT-JAP-16, D-JAP-2: losing an original territory sends Japan to full war production for good', () => {
  const state = geared();
  state.board.territories['formosa'] = { owner: 'germany', incorporated: false };
  assert.equal(japanIncomeCap(state), null);
  const events = japanEnd(state);
  assert.deepEqual(eventsOf(events, 'japan-full-production').map((e) => e['why']), ['lost Formosa']);
  state.board.territories['formosa'] = { owner: 'japan', incorporated: true };
  assert.equal(japanIncomeCap(state), null, 'for good');
});

test('GW-NEUT-JAP-13, GW-NEUT-JAP-14: war on China is a full war; once China is on a side, it is war on that whole side', () => {
  const neutral = geared();
  const events = japanPhase(neutral, { japan: 'war on China' });
  assert.deepEqual(rollsOf(events), []);
  assert.deepEqual(wars(neutral, 'china'), ['japan']);
  assert.equal(japanIncomeCap(neutral), null);
  const joined = geared();
  joinSide(joined, ctxOn(1, []), 'china', 'allied', 'influence');
  japanPhase(joined, { japan: 'war on China' });
  for (const n of ['china', 'russia', 'france', 'britain', 'serbia']) assert.ok(wars(joined, 'japan').includes(n), n);
});

test('GW-NEUT-JAP-15, GW-NEUT-CHN-05, GW-USENTRY-16, D-JAP-5, D-JAP-6: war on the Western Allies is war on every Allied nation but Russia, full income to the end; US Entry +2; China 3 in 10', () => {
  const state = geared();
  const events = japanPhase(state, { japan: 'war on the Western Allies' }, [3]);
  for (const n of ['france', 'britain', 'serbia']) assert.ok(wars(state, 'japan').includes(n), n);
  assert.ok(!wars(state, 'japan').includes('russia'));
  assert.deepEqual(usEntry(events), [['event-13', 2]]);
  assert.deepEqual(rollsOf(events), ['Does China declare war on Japan for its war on the Western Allies? (3 in 10) = 3']);
  assert.ok(wars(state, 'china').includes('japan'));
  assert.equal(japanIncomeCap(state), null);
  assert.equal(refusalOf(state, 'japan', 'war on the Western Allies').code, 'already-at-war');
});

test('GW-NEUT-JAP-02, GW-NEUT-JAP-18, D-JAP-1: Japan is nobody\'s ally; no nation may give it resources; before gearing up it may attack what Germany holds', () => {
  const state = openingState();
  assert.equal(allied(state, 'japan', 'britain'), false);
  assert.equal(allied(state, 'japan', 'germany'), false);
  assert.equal(refusalOf(state, 'britain', 'give 10 to Japan').code, 'not-an-ally');
  // Germany holds Manchuria (say): Japan, not geared up, may attack it from Kwantung; a neutral's land it may not.
  scene({ kwantung: { japan: { infantry: 2 } }, manchuria: { germany: { infantry: 1 } } }, state);
  state.board.territories['manchuria'] = { owner: 'germany', incorporated: false };
  assert.ok(parseFor(state, 'japan', 'move 2 infantry from Kwantung to Manchuria').ok);
  state.board.territories['manchuria'] = { owner: 'china', incorporated: true };
  state.board.units = state.board.units.filter((u) => u.at !== 'manchuria');
  assert.equal(refusalOf(state, 'japan', 'move 2 infantry from Kwantung to Manchuria').code, 'not-at-war');
});

test('GW-NEUT-JAP-19, D-JAP-4: the solo victory measure is what Japan would collect under its cap, not its lands\' value', () => {
  const state = openingState();
  const land = incomeOf(state, 'japan').land;
  assert.ok(land > 15);
  assert.equal(japanSoloVictoryMeasure(state), 15, 'capped at 15');
  state.politics.japan.westernWar = true;
  const full = incomeOf(state, 'japan');
  assert.equal(japanSoloVictoryMeasure(state), full.collected + full.credit);
  assert.equal(japanWinsAlone(state), japanSoloVictoryMeasure(state) >= 160);
  // Give Japan the lands of China, Russia's Far East and India: past 160 with full income.
  for (const [id, t] of Object.entries(state.board.territories)) if (['china', 'russia', 'britain', 'france'].includes(t.owner)) state.board.territories[id] = { owner: 'japan', incorporated: true };
  assert.ok(japanSoloVictoryMeasure(state) >= 160);
  assert.equal(japanWinsAlone(state), true);
  // The same lands under a cap of 15 (had it never left its restrictions and lost nothing) would not win.
  const capped = openingState();
  for (const [id, t] of Object.entries(capped.board.territories)) if (t.owner === 'china') capped.board.territories[id] = { owner: 'japan', incorporated: true };
  assert.equal(japanWinsAlone(capped), false);
  assert.equal(japanSoloVictoryMeasure(capped), 15);
});
