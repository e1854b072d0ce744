import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeVictory, type GreatWarState } from '../src/index.js';
import { alliedHomelandHolds, victoryData, type Surrendered } from '../src/victory.js';
import { theWorld } from '../src/data/world.js';
import { openingState } from './helpers.js';

// Victory is judged on constructed states: conquest set in state.conquered, surrender through an injected
// predicate (the surrender rules' hasSurrendered is read by default), holds set on the board.

const LAST = 27; // judged before turn 27 begins: after the 26th and last turn
const none: Surrendered = () => false;
const surrenderOf = (...nations: string[]): Surrendered => (_s, n) => nations.includes(n);

function conquer(state: GreatWarState, ...nations: string[]): GreatWarState {
  for (const n of nations) state.conquered[n] = { since: 10, host: null, capitalHeldSince: null };
  return state;
}
function sideOf(state: GreatWarState, nation: string, side: 'allied' | 'central' | 'neutral'): GreatWarState {
  state.nations.find((n) => n.id === nation)!.side = side;
  return state;
}
const ALLIES = ['russia', 'france', 'britain', 'serbia'];
const CENTRALS = ['germany', 'austria-hungary'];

test('GW-VICTORY-02 GW-VICTORY-06 D-VIC-1: nothing is judged before the 26th turn ends; with no Allied condition met the Central Powers win', () => {
  const state = openingState();
  for (const turn of [2, 13, 26]) assert.equal(judgeVictory(state, turn, none), null, `before turn ${turn}`);
  const r = judgeVictory(state, LAST, none)!;
  assert.deepEqual(r.winners, CENTRALS);
  assert.match(r.summary, /after turn 26 \(October-November 1918\)\. The Central Powers win: Austria-Hungary has neither surrendered nor been conquered; .*Ottoman Empire/);
});

test('GW-VICTORY-03 GW-VICTORY-04 GW-VICTORY-05 D-VIC-1 D-VIC-7: Austria-Hungary, the Ottomans and Germany beaten (surrendered or conquered) is an Allied victory', () => {
  const state = sideOf(openingState(), 'ottoman-empire', 'central');
  const r = judgeVictory(state, LAST, surrenderOf('austria-hungary', 'ottoman-empire', 'germany'))!;
  assert.deepEqual(r.winners, ALLIES);
  assert.match(r.summary, /The Allies win: Austria-Hungary has surrendered; Ottoman Empire has surrendered; Germany has surrendered; Italy need not be beaten/);
  // Conquest counts as surrender does (Germany beaten by a homeland territory, so no side is wholly beaten).
  const conquered = conquer(sideOf(openingState(), 'ottoman-empire', 'central'), 'austria-hungary');
  conquered.board.territories['berlin'] = { owner: 'russia', incorporated: true };
  const c = judgeVictory(conquered, LAST, surrenderOf('ottoman-empire'))!;
  assert.deepEqual(c.winners, ALLIES);
  assert.match(c.summary, /The Allies win: Austria-Hungary is conquered; Ottoman Empire has surrendered; the Allies hold and have incorporated berlin in homeland Germany/);
  // Each one missing fails it.
  for (const [label, s, conquered] of [
    ['no Austrian defeat', surrenderOf('ottoman-empire', 'germany'), []],
    ['no Ottoman defeat', surrenderOf('germany'), ['austria-hungary']],
    ['no German defeat', surrenderOf('ottoman-empire'), ['austria-hungary']],
  ] as const) {
    const st = conquer(sideOf(openingState(), 'ottoman-empire', 'central'), ...conquered);
    assert.deepEqual(judgeVictory(st, LAST, s)!.winners, [...CENTRALS, 'ottoman-empire'], label);
  }
});

test('GW-VICTORY-05 D-VIC-3: one homeland-German territory held and incorporated by an Allied nation stands in for beating Germany; unincorporated or a colony does not', () => {
  const beatenOthers = surrenderOf('austria-hungary', 'ottoman-empire');
  const state = openingState();
  state.board.territories['essen'] = { owner: 'france', incorporated: false };
  assert.deepEqual(judgeVictory(state, LAST, beatenOthers)!.winners, CENTRALS, 'not incorporated');
  state.board.territories['togo'] = { owner: 'britain', incorporated: true };
  assert.deepEqual(judgeVictory(state, LAST, beatenOthers)!.winners, CENTRALS, 'a colony is not homeland Germany');
  state.board.territories['essen'] = { owner: 'france', incorporated: true };
  assert.deepEqual(alliedHomelandHolds(state), ['essen']);
  const r = judgeVictory(state, LAST, beatenOthers)!;
  assert.deepEqual(r.winners, ALLIES);
  assert.match(r.summary, /the Allies hold and have incorporated essen in homeland Germany/);
});

test('D-VIC-3: every homeland-German territory of the data is a German territory of the 1914 map', () => {
  const world = theWorld();
  for (const t of victoryData().homelandGermany) assert.equal(world.territory.get(t)?.owner, 'germany', t);
  assert.equal(victoryData().homelandGermany.length, 16);
});

test('GW-VICTORY-07 D-VIC-6: an Ottoman Empire on the Allied side need not be beaten', () => {
  const state = sideOf(openingState(), 'ottoman-empire', 'allied');
  const r = judgeVictory(state, LAST, surrenderOf('austria-hungary', 'germany'))!;
  assert.deepEqual(r.winners, [...ALLIES.slice(0, 4), 'ottoman-empire'].sort((a, b) => state.nations.findIndex((n) => n.id === a) - state.nations.findIndex((n) => n.id === b)));
  assert.match(r.summary, /Ottoman Empire need not be beaten \(it fights with the Allies\)/);
  // Neutral at the end, it still must be (as written).
  assert.deepEqual(judgeVictory(sideOf(openingState(), 'ottoman-empire', 'neutral'), LAST, surrenderOf('austria-hungary', 'germany'))!.winners, CENTRALS);
});

test('GW-VICTORY-08 GW-VICTORY-09 D-VIC-6: Italy or China on the Central side must be beaten too; neutral or Allied they need not', () => {
  const beaten3 = surrenderOf('austria-hungary', 'ottoman-empire', 'germany');
  for (const nation of ['italy', 'china']) {
    assert.deepEqual(judgeVictory(sideOf(openingState(), nation, 'allied'), LAST, beaten3)!.winners.includes(nation), true, `${nation} allied wins with the Allies`);
    const central = sideOf(openingState(), nation, 'central');
    const lost = judgeVictory(central, LAST, beaten3)!;
    assert.ok(lost.winners.includes(nation) && lost.winners.includes('germany'), `${nation} central, not beaten: the Centrals win`);
    assert.match(lost.summary, new RegExp(`${nation === 'italy' ? 'Italy' : 'China'} has neither surrendered nor been conquered`));
    const won = judgeVictory(conquer(sideOf(openingState(), nation, 'central'), nation), LAST, beaten3)!;
    assert.deepEqual(won.winners, ALLIES, `${nation} central and conquered: the Allies win`);
  }
});

test('GW-VICTORY-10 GW-VICTORY-11 D-VIC-5: Japan at war with the western Allies need not be beaten, and is never a winner with either side', () => {
  const beaten3 = surrenderOf('austria-hungary', 'ottoman-empire', 'germany');
  const state = sideOf(openingState(), 'japan', 'central');
  state.nations.find((n) => n.id === 'japan')!.atWarWith = ['britain', 'france', 'russia'];
  const r = judgeVictory(state, LAST, beaten3)!;
  assert.deepEqual(r.winners, ALLIES);
  assert.doesNotMatch(r.summary, /Japan/);
  const allied = sideOf(openingState(), 'japan', 'allied');
  assert.ok(!judgeVictory(allied, LAST, beaten3)!.winners.includes('japan'), 'Japan on the Allied side does not share an Allied win');
  assert.ok(!judgeVictory(state, LAST, none)!.winners.includes('japan'), 'nor a Central win');
});

test('GW-VICTORY-12 GW-VICTORY-13 GW-NEUT-JAP-19 D-VIC-4: Japan collecting 160 or more in the last phase 14 wins alone and both sides lose', () => {
  const state = openingState();
  const japan = state.nations.find((n) => n.id === 'japan')!;
  japan.ledger.collected = 159;
  assert.deepEqual(judgeVictory(state, LAST, none)!.winners, CENTRALS, '159 is not enough');
  japan.ledger.collected = 160;
  const r = judgeVictory(state, LAST, surrenderOf('austria-hungary', 'ottoman-empire', 'germany'))!;
  assert.deepEqual(r.winners, ['japan'], 'over an Allied win too');
  assert.match(r.summary, /Japan wins alone, collecting 160 resources \(160 or more\); the Allies and the Central Powers both lose/);
  assert.equal(judgeVictory(state, 20, none), null, 'only at the end of play');
});

test('GW-VICTORY-01 D-VIC-2: a side that beats every nation of the other side wins outright, before the last turn', () => {
  const state = conquer(openingState(), 'germany');
  assert.equal(judgeVictory(state, 12, surrenderOf()), null, 'Austria-Hungary still fights');
  const r = judgeVictory(state, 12, surrenderOf('austria-hungary'))!;
  assert.deepEqual(r.winners, ALLIES);
  assert.match(r.summary, /The Allies \(Russia, France, Britain, Serbia\) win outright after turn 11 \(.*\): every nation of the other side \(Germany, Austria-Hungary\) is beaten\./);
  // Surrender alone is not conquest: one nation at least must be conquered.
  assert.equal(judgeVictory(openingState(), 12, surrenderOf(...CENTRALS)), null);
  // The Central Powers conquering the Allies, Japan not counted on either side.
  const other = conquer(sideOf(openingState(), 'japan', 'allied'), ...ALLIES);
  const c = judgeVictory(other, 8, none)!;
  assert.deepEqual(c.winners, CENTRALS);
  assert.match(c.summary, /The Central Powers \(Germany, Austria-Hungary\) win outright/);
});

test('GW-MISC-04 D-VIC-1: the Allied conditions come from data/victory.json, one entry per nation to beat', () => {
  const data = victoryData();
  assert.deepEqual(data.alliedConditions.map((c) => c.nation), ['austria-hungary', 'ottoman-empire', 'germany', 'italy', 'china']);
  assert.equal(data.japan.collected, 160);
});
