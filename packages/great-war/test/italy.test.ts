import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedContext, type GameEvent } from '@umpire/engine';
import { declareWar, describeEvent, greatWar, incomeCapOf, incomeOf, invariants, ownSince1914, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { italySections } from '../src/p01-neutrals/italy.js';
import { eventsOf, must, nation, openingState, ordersFor, step, unitsIn } from './helpers.js';

// Italy while neutral (GW-NEUT-ITA), French option 3 and Austrian option 2 (docs/great-war/ottoman-and-italy.md, D-ITA-*).

const at = (turn: number, rolls: number[] = []) => scriptedContext(rolls, { turn });

function phase(state: GreatWarState, name: string, turn: number, orders: Record<string, string> = {}, rolls: number[] = []): readonly GameEvent[] {
  const ctx = at(turn, rolls);
  const map = new Map<string, GreatWarOrders>(Object.entries(orders).map(([seat, text]) => [seat, must(greatWar.parseOrders(text, { state, seat, step: { ...step, turn } }))]));
  greatWar.phases[name]!(state, map, ctx);
  assert.equal(ctx.rolls(), rolls.length, 'every scripted die is rolled');
  return ctx.events;
}

function problemAt(state: GreatWarState, seat: string, text: string) {
  const r = greatWar.parseOrders(text, { state, seat, step });
  assert.ok(!r.ok, `'${text}' should be refused`);
  return r.error[0]!;
}

const side = (state: GreatWarState) => nation(state, 'italy').side;
const lines = (events: readonly GameEvent[]) => events.map((e) => describeEvent(e)).filter((l): l is string => l !== undefined);

test('GW-NEUT-ITA-01, GW-NEUT-ITA-02 (D-ITA-1): Italy collects 30 while neutral, leans toward the Allies and joins them in phase 1 of turn 7 on its full income', () => {
  const s = openingState();
  assert.equal(incomeOf(s, 'italy').cap, 30);
  assert.ok(incomeOf(s, 'italy').collected <= 30);
  assert.deepEqual([s.politics.italy.leaning, s.politics.italy.entryTurn], ['allied', 7]);
  assert.deepEqual(italySections(s, 'italy')[0]!.lines, ['Leans toward the Allies; enters the war on turn 7']);
  phase(s, 'italy', 6);
  assert.equal(side(s), 'neutral');
  const events = phase(s, 'italy', 7);
  assert.deepEqual(eventsOf(events, 'joined-side').map((e) => [e['nation'], e['side'], e['cause']]), [['italy', 'allied', 'schedule']]);
  assert.ok(nation(s, 'italy').atWarWith.includes('germany'));
  assert.equal(nation(s, 'italy').incomeCap, null);
  assert.deepEqual(invariants(s), []);
});

test('GW-NEUT-ITA-04, GW-NEUT-ITA-05, GW-NEUT-ITA-08 (D-ITA-1): a Central Power pays Italy 10 for a 2 in 10 switch; Italy keeps the money and enters on the Central side on turn 7', () => {
  const s = openingState();
  const [ger, ita] = [nation(s, 'germany').treasury, nation(s, 'italy').treasury];
  phase(s, 'italy', 1, { germany: 'sway Italy' }, [3]);
  assert.equal(s.politics.italy.leaning, 'allied', 'rolled 3: no switch');
  const events = phase(s, 'italy', 2, { germany: 'sway Italy' }, [2]);
  assert.equal(s.politics.italy.leaning, 'central');
  assert.equal(nation(s, 'germany').treasury, ger - 20);
  assert.equal(nation(s, 'italy').treasury, ita + 20);
  assert.match(lines(events).join('\n'), /Germany pays Italy 10 to sway it toward the Central Powers: success[\s\S]*Italy now leans toward the Central Powers/);
  phase(s, 'italy', 7);
  assert.equal(side(s), 'central');
});

test('GW-NEUT-ITA-06 (D-ITA-1): after a switch the other side may sway Italy back', () => {
  const s = openingState();
  phase(s, 'italy', 1, { 'austria-hungary': 'sway italy' }, [1]);
  assert.equal(s.politics.italy.leaning, 'central');
  phase(s, 'italy', 2, { britain: 'sway italy' }, [2]);
  assert.equal(s.politics.italy.leaning, 'allied');
});

test('GW-NEUT-ITA-07 (D-ITA-1, A17): in one turn a success of the side Italy leans toward blocks a success of the other side, whatever the seat order', () => {
  const s = openingState();
  const events = phase(s, 'italy', 1, { germany: 'sway italy', britain: 'sway italy' }, [1, 2]);
  assert.equal(s.politics.italy.leaning, 'allied');
  assert.equal(eventsOf(events, 'italy-sway-blocked').length, 1);
  assert.match(lines(events).join('\n'), /leaning toward the Allies holds/);
  const alone = phase(s, 'italy', 2, { germany: 'sway italy', britain: 'sway italy' }, [1, 3]);
  assert.equal(s.politics.italy.leaning, 'central', 'the blocker failed: the switch stands');
  assert.deepEqual(eventsOf(alone, 'italy-sway').map((e) => [e['by'], e['blocking']]), [
    ['germany', false],
    ['britain', true],
  ]);
});

test('GW-NEUT-ITA-04 (D-ITA-2, A12, A17): only nations at war on a side sway Italy, once a turn each, before it enters; located problems with suggestions', () => {
  const s = openingState();
  assert.equal(problemAt(s, 'japan', 'sway italy').code, 'neutral-nation');
  assert.equal(problemAt(s, 'italy', 'sway italy').code, 'own-nation');
  assert.equal(problemAt(s, 'germany', 'sway italy\nsway italy').code, 'one-attempt');
  assert.equal(problemAt(s, 'germany', 'sway France').code, 'not-swayable');
  const typo = problemAt(s, 'germany', 'sway Itly');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['unknown-nation', 1, 6, 'Italy']);
  const json = greatWar.checkOrders({ orders: [{ kind: 'sway', target: 'itali' }] }, { state: s, seat: 'germany', step });
  assert.ok(!json.ok);
  assert.deepEqual([json.error[0]!.path, json.error[0]!.suggestion], ['$.orders[0].target', 'italy']);
  nation(s, 'serbia').treasury = 5;
  assert.equal(problemAt(s, 'serbia', 'sway italy').code, 'not-enough-resources');
  phase(s, 'italy', 7);
  assert.equal(problemAt(s, 'germany', 'sway italy').code, 'italy-at-war');
});

test('GW-NEUT-ITA-09, GW-NEUT-ITA-11 (D-OTT-3): a neutral Italy at war with a neutral minor collects up to 45', () => {
  const s = openingState();
  declareWar(s, at(1), 'italy', 'albania', 'declared');
  assert.equal(side(s), 'neutral');
  assert.equal(incomeCapOf(s, nation(s, 'italy')), 45);
});

test('GW-NEUT-ITA-10, GW-NEUT-ITA-12 (D-OTT-3): a neutral Italy at war with a neutral major collects its full income', () => {
  const s = openingState();
  declareWar(s, at(1), 'italy', 'ottoman-empire', 'declared');
  assert.equal(nation(s, 'italy').incomeCap, null);
  assert.equal(incomeOf(s, 'italy').collected, incomeOf(s, 'italy').land);
});

test('GW-NEUT-ITA-03 (D-ITA-3): Paris held by a Central Power at the end of a turn brings a neutral Italy into the Central Powers the next turn, whatever its leaning', () => {
  const s = openingState();
  phase(s, 'italy-end', 3);
  assert.equal(s.politics.italy.joinOn, undefined);
  s.board.territories['paris'] = { owner: 'germany', incorporated: false };
  const set = phase(s, 'italy-end', 3);
  assert.match(lines(set).join('\n'), /Italy will join the Central Powers on turn 4: the Central Powers took Paris/);
  assert.deepEqual(italySections(s, 'italy')[0]!.lines, ['Joins the Central Powers on turn 4 (the Central Powers took Paris)']);
  const events = phase(s, 'italy', 4);
  assert.deepEqual(eventsOf(events, 'joined-side').map((e) => [e['side'], e['cause']]), [['central', 'trigger']]);
});

test('GW-OPT-FRA-08, GW-OPT-FRA-09, GW-OPT-FRA-12 (D-ITA-6): France pays 10 for 2 in 10 that Italy enters a turn earlier, once a turn, and again after a success', () => {
  const s = openingState();
  const fra = nation(s, 'france').treasury;
  phase(s, 'italy', 1, { france: 'press Italy' }, [2]);
  assert.equal(s.politics.italy.entryTurn, 6);
  phase(s, 'italy', 2, { france: 'press italy' }, [5]);
  assert.equal(s.politics.italy.entryTurn, 6);
  const events = phase(s, 'italy', 3, { france: 'press' }, [1]);
  assert.equal(s.politics.italy.entryTurn, 5);
  assert.equal(nation(s, 'france').treasury, fra - 30, 'France pays for every attempt');
  assert.match(lines(events).join('\n'), /France presses Italy: it now enters the war on turn 5/);
  assert.equal(problemAt(s, 'france', 'press italy\npress italy').code, 'once-a-turn');
  phase(s, 'italy', 5);
  assert.equal(side(s), 'allied');
});

test('GW-OPT-FRA-10, GW-OPT-FRA-11 (D-ITA-6): France may press Italy only while it leans toward the Allies and before it enters; only France', () => {
  const s = openingState();
  assert.equal(problemAt(s, 'britain', 'press italy').code, 'not-your-option');
  const bad = problemAt(s, 'france', 'press spain');
  assert.deepEqual([bad.code, bad.column], ['bad-press', 7]);
  s.politics.italy.leaning = 'central';
  assert.equal(problemAt(s, 'france', 'press italy').code, 'italy-leans-central');
  s.politics.italy.leaning = 'allied';
  phase(s, 'italy', 7);
  assert.equal(problemAt(s, 'france', 'press italy').code, 'italy-at-war');
});

test('GW-OPT-AUH-04, GW-OPT-AUH-06, GW-OPT-AUH-07 (D-ITA-4, D-ITA-5, A17): Austria yields Trieste and 15: on 1-4 Italy joins the Central Powers at once; Trieste is Italian and incorporated, the Austrian troops step back', () => {
  const s = openingState();
  const [aut, ita] = [nation(s, 'austria-hungary').treasury, nation(s, 'italy').treasury];
  const austrians = s.board.units.filter((u) => u.at === 'trieste').length;
  const graz = s.board.units.filter((u) => u.at === 'graz').length;
  const events = phase(s, 'italy', 2, { 'austria-hungary': 'yield Trieste' }, [4]);
  assert.deepEqual(s.board.territories['trieste'], { owner: 'italy', incorporated: true });
  assert.ok(incomeOf(s, 'italy').land > incomeOf(openingState(), 'italy').land, 'Trieste pays Italy');
  assert.equal(ownSince1914(s, 'italy', 'trieste'), false, 'not Italian land of 1914: no placement there (D-ITA-5)');
  assert.equal(nation(s, 'austria-hungary').treasury, aut - 15);
  assert.equal(nation(s, 'italy').treasury, ita + 15);
  assert.deepEqual(unitsIn(s, 'trieste'), {});
  assert.equal(s.board.units.filter((u) => u.at === 'graz').length, graz + austrians);
  assert.equal(side(s), 'central');
  assert.deepEqual(eventsOf(events, 'joined-side').map((e) => [e['side'], e['cause']]), [['central', 'option']]);
  assert.match(lines(events).join('\n'), /Austria-Hungary yields Trieste and 15 to Italy: Italy joins the Central Powers \(rolled 4\)/);
});

test('GW-OPT-AUH-05, GW-OPT-AUH-06 (D-ITA-4): on a 10 the offer is taken for weakness and Italy joins the Allies at once, keeping Trieste and the 15', () => {
  const s = openingState();
  phase(s, 'italy', 2, { 'austria-hungary': 'yield trieste to italy' }, [10]);
  assert.equal(side(s), 'allied');
  assert.equal(s.board.territories['trieste']!.owner, 'italy');
  assert.ok(nation(s, 'italy').atWarWith.includes('austria-hungary'));
});

test('GW-OPT-AUH-06 (D-ITA-4, D-ITA-5): on 5-9 nothing more: Italy keeps Trieste and the 15 and stays neutral; the offer cannot be made again', () => {
  const s = openingState();
  phase(s, 'italy', 2, { 'austria-hungary': 'yield trieste' }, [7]);
  assert.equal(side(s), 'neutral');
  assert.deepEqual(s.politics.italy.trieste, { turn: 2, roll: 7, outcome: 'none' });
  assert.equal(problemAt(s, 'austria-hungary', 'yield trieste').code, 'trieste-not-held');
  assert.equal(problemAt(s, 'germany', 'yield trieste').code, 'not-your-option');
  const bad = problemAt(s, 'austria-hungary', 'yield vienna');
  assert.deepEqual([bad.code, bad.column], ['bad-yield', 7]);
});

test('D-ITA-1 (A17): in one turn the Trieste offer comes first; a sway of a turn in which Italy has joined is void and costs nothing', () => {
  const s = openingState();
  const ger = nation(s, 'germany').treasury;
  const events = phase(s, 'italy', 2, { 'austria-hungary': 'yield trieste', germany: 'sway italy' }, [1]);
  assert.equal(side(s), 'central');
  assert.equal(nation(s, 'germany').treasury, ger);
  assert.deepEqual(eventsOf(events, 'order-void').map((e) => [e['nation'], e['code']]), [['germany', 'italy-at-war']]);
  assert.equal(greatWar.formatOrders(ordersFor(openingState(), 'germany', 'sway italy'), { state: s, seat: 'germany', step }), 'sway Italy\n');
});
