import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GameEvent } from '@umpire/engine';
import {
  afghanRebellionOccurred,
  greatWar,
  isConquered,
  mayBeInfluenced,
  rebelsFor,
  resolveAfghanistan,
  resolveLandCombat,
  resolveLandMovement,
  atWar,
  type GreatWarOrders,
  type GreatWarState,
} from '../src/index.js';
import { eventsOf, newGame, openingState, ordersFor, ownerOf, phaseContext, playTurn, scene, unitsIn, war, rollsOf } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: Afghanistan conquered and held by Russia (as phases 8 and 10 leave it), and phase 15 run directly.

/** The 1914 state with Afghanistan taken by Russia: these Russian units stand in it; it is marked conquered. */
function occupied(russians: Record<string, number>, state: GreatWarState = openingState()): GreatWarState {
  scene({ afghanistan: Object.keys(russians).length ? { russia: russians } : {} }, state);
  war(state, 'russia', 'afghanistan');
  state.board.territories['afghanistan'] = { owner: 'russia', incorporated: false };
  state.conquered['afghanistan'] = { since: 1, host: null, capitalHeldSince: null };
  return state;
}

/** Phase 15 (the 'afghanistan' phase) with the given dice and no orders; every scripted die must be used. */
function phase15(state: GreatWarState, dice: number[], orders: ReadonlyMap<string, GreatWarOrders> = new Map()): GameEvent[] {
  const ctx = phaseContext(dice);
  resolveAfghanistan(state, orders, ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

const rolls = rollsOf;
const lines = (events: readonly GameEvent[]) => events.filter((e) => e.type.startsWith('afghan-')).map((e) => greatWar.describeEvent!(e));

// ---------------------------------------------------------------------------------------------------------------

test('GW-TERR-16, D-TERR-1: no rebellion roll while Afghanistan is free, nor while it holds its capital again awaiting liberation', () => {
  // The opening state: Afghanistan is free. Phase 15 rolls nothing (an empty dice script would throw on a roll).
  const free = openingState();
  assert.deepEqual(phase15(free, []), []);
  assert.deepEqual(free.afghanistan, { occupiers: [], rebellions: [] });
  // A whole turn of the 1914 game with no orders rolls no die either, but the US Entry economic roll (D-USA-6).
  const { events } = playTurn(newGame([]));
  assert.deepEqual(eventsOf(events, 'roll').filter((e) => !String(e['purpose']).startsWith('US Entry economic roll')), []);
  assert.deepEqual(events.filter((e) => e.type.startsWith('afghan-')), []);
  // Conquered, but its capital is back in its hands (liberation takes two turns, GW-CONQ-09): no occupier, no roll.
  const back = occupied({});
  back.board.territories['afghanistan'] = { owner: 'afghanistan', incorporated: false };
  back.afghanistan.occupiers = ['russia'];
  assert.deepEqual(phase15(back, []), []);
  assert.deepEqual(back.afghanistan.occupiers, ['russia'], 'still conquered: its former owners are remembered');
  // Once it is liberated its record of holders is cleared.
  delete back.conquered['afghanistan'];
  phase15(back, []);
  assert.deepEqual(back.afghanistan.occupiers, []);
  assert.deepEqual(greatWar.invariants!(back), []);
});

test('GW-TERR-16, GW-TERR-17, D-TERR-1, D-TERR-2, D-TERR-3, D-TERR-7: each turn of occupation rolls 1D10, a rebellion on 1; 1D10 then raises one rebel infantry per 2 points, none on a 1', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(rebelsFor), [0, 1, 1, 2, 2, 3, 3, 4, 4, 5]);

  // A quiet turn: one die, the holder noted among Afghanistan's former owners.
  const state = occupied({ infantry: 3 });
  const quiet = phase15(state, [2]);
  assert.deepEqual(rolls(quiet), ['Rebellion in Afghanistan, held by Russia? (on 1) = 2']);
  assert.deepEqual(eventsOf(quiet, 'afghan-rebellion-roll'), [{ type: 'afghan-rebellion-roll', holder: 'russia', roll: 2, rebellion: false }]);
  assert.deepEqual(lines(quiet), ['Afghanistan, held by Russia, stays quiet (rolled 2; a rebellion breaks out on 1).']);
  assert.deepEqual(state.afghanistan, { occupiers: ['russia'], rebellions: [] });
  assert.ok(!afghanRebellionOccurred(state));

  // A rebellion with a 1 for its size: no rebels; it has still broken out.
  const none = phase15(state, [1, 1]);
  assert.deepEqual(rolls(none), ['Rebellion in Afghanistan, held by Russia? (on 1) = 1', 'Rebel infantry in Afghanistan: one for every 2 points = 1']);
  assert.deepEqual(lines(none), [
    'A rebellion breaks out in Afghanistan against Russia (rolled 1).',
    'Afghanistan raises no rebels (rolled 1: one for every 2 points).',
    'The rebellion in Afghanistan against Russia finds no rebels and comes to nothing.',
  ]);
  assert.deepEqual(eventsOf(none, 'battle'), []);
  assert.deepEqual(state.afghanistan, { occupiers: ['russia'], rebellions: [1] });
  assert.ok(afghanRebellionOccurred(state));
  assert.deepEqual(unitsIn(state, 'afghanistan'), { 'russia infantry': 3 });

  // A 7 raises 3 rebel infantry of Afghanistan with fresh ids (the Emir's army were afghanistan-1 to -3).
  const three = occupied({});
  const events = phase15(three, [1, 7]);
  assert.deepEqual(eventsOf(events, 'afghan-rebels'), [{ type: 'afghan-rebels', holder: 'russia', roll: 7, rebels: 3, units: { infantry: 3 }, ids: ['afghanistan-4', 'afghanistan-5', 'afghanistan-6'] }]);
  assert.equal(lines(events)[1], 'Afghanistan raises 3 rebel infantry (rolled 7: one for every 2 points).');
  assert.equal(three.board.nextUnit['afghanistan'], 6);
});

test('GW-TERR-18, D-TERR-4: the rebels attack the occupier in Afghanistan as a land battle, and a failed rebellion leaves Afghanistan conquered', () => {
  const state = occupied({ infantry: 2 });
  const events = phase15(state, [1, 4, 3, 9, 2, 8, 5, 10, 10, 1, 1, 1]);
  assert.deepEqual(rolls(events), [
    'Rebellion in Afghanistan, held by Russia? (on 1) = 1',
    'Rebel infantry in Afghanistan: one for every 2 points = 4',
    'Afghanistan attacks Afghanistan, round 1: infantry #1 = 3',
    'Afghanistan attacks Afghanistan, round 1: infantry #2 = 9',
    'Russia defends Afghanistan, round 1: infantry #1 = 2',
    'Russia defends Afghanistan, round 1: infantry #2 = 8',
    'Russia defends Afghanistan, round 1: city = 5',
    'Afghanistan attacks Afghanistan, round 2: infantry #1 = 10',
    'Afghanistan attacks Afghanistan, round 2: infantry #2 = 10',
    'Russia defends Afghanistan, round 2: infantry #1 = 1',
    'Russia defends Afghanistan, round 2: infantry #2 = 1',
    'Russia defends Afghanistan, round 2: city = 1',
  ]);
  // The rebels attack at infantry's 3; the Russians defend at 7 in the mountains (GW-TERR-15); each side's fictive unit takes its first hit.
  assert.deepEqual(eventsOf(events, 'battle')[0], {
    type: 'battle',
    area: 'afghanistan',
    holder: 'russia',
    attackers: [{ nation: 'afghanistan', units: { infantry: 2 } }],
    support: [],
    defenders: [{ nation: 'russia', units: { infantry: 2 } }],
    facilities: ['city'],
    // The odds it had beforehand (D-SIM-26): 2 infantry at 3 against 2 at 7 and a city at 1.
    odds: { attacker: 0.0575, defender: 0.8989, none: 0.0436, exact: true },
  });
  assert.deepEqual(
    eventsOf(events, 'afghan-rebellion-result'),
    [{ type: 'afghan-rebellion-result', holder: 'russia', outcome: 'crushed' }],
  );
  assert.equal(lines(events).at(-1), 'The rebellion in Afghanistan against Russia is crushed.');
  assert.equal(ownerOf(state, 'afghanistan'), 'russia');
  assert.ok(isConquered(state, 'afghanistan'));
  assert.ok(atWar(state, 'russia', 'afghanistan'));
  assert.deepEqual(unitsIn(state, 'afghanistan'), { 'russia infantry': 2 });
  assert.deepEqual(state.afghanistan, { occupiers: ['russia'], rebellions: [1] });
  assert.deepEqual(greatWar.invariants!(state), []);
});

test('GW-TERR-18, GW-TERR-19, GW-TERR-20, D-TERR-4, D-TERR-5: a successful rebellion frees Afghanistan, ends its wars with every former owner and keeps its surviving rebels', () => {
  const state = occupied({ infantry: 1 });
  // Britain held Afghanistan before Russia took it from Britain; Germany is at war with Afghanistan but never held it.
  state.afghanistan.occupiers = ['britain'];
  war(state, 'britain', 'afghanistan');
  war(state, 'germany', 'afghanistan');
  // 5 rebels, all hit: the Russian fictive unit takes one hit, the one Russian infantry the next; Russia misses.
  const events = phase15(state, [1, 10, 1, 1, 1, 1, 1, 10, 10]);
  assert.deepEqual(eventsOf(events, 'battle-result').map((e) => [e['winner'], e['holder'], e['rounds']]), [['attacker', 'afghanistan', 1]]);
  assert.deepEqual(eventsOf(events, 'capture'), [{ type: 'capture', area: 'afghanistan', from: 'russia', to: 'afghanistan', by: ['afghanistan'], how: 'battle' }]);
  assert.deepEqual(eventsOf(events, 'afghan-rebellion-result'), [{ type: 'afghan-rebellion-result', holder: 'russia', outcome: 'free', peace: ['russia', 'britain'], kept: { infantry: 5 } }]);
  assert.equal(lines(events).at(-1), 'The rebellion succeeds: Afghanistan is free and keeps 5 infantry; its war with Russia and Britain ends.');
  // Free: no longer conquered, its own land incorporated again, at peace with its former owners only.
  assert.equal(ownerOf(state, 'afghanistan'), 'afghanistan');
  assert.equal(state.board.territories['afghanistan']!.incorporated, true);
  assert.ok(!isConquered(state, 'afghanistan'));
  assert.ok(!atWar(state, 'afghanistan', 'russia'));
  assert.ok(!atWar(state, 'afghanistan', 'britain'));
  assert.ok(atWar(state, 'afghanistan', 'germany'), 'Germany never held Afghanistan');
  // It keeps all its surviving units: the five rebels stay as Afghanistan's infantry.
  assert.deepEqual(unitsIn(state, 'afghanistan'), { 'afghanistan infantry': 5 });
  assert.deepEqual(
    state.board.units.filter((u) => u.at === 'afghanistan').map((u) => u.id),
    ['afghanistan-4', 'afghanistan-5', 'afghanistan-6', 'afghanistan-7', 'afghanistan-8'],
  );
  assert.deepEqual(state.afghanistan, { occupiers: [], rebellions: [1] });
  assert.deepEqual(greatWar.invariants!(state), []);
  // Free, it rolls no more.
  assert.deepEqual(phase15(state, []), []);
});

test('GW-TERR-18, D-TERR-4: rebels facing no defenders take Afghanistan unopposed; the occupier\'s standing retreat order holds in the rebellion\'s battle', () => {
  const empty = occupied({});
  const events = phase15(empty, [1, 2]);
  assert.deepEqual(eventsOf(events, 'battle'), []);
  assert.deepEqual(eventsOf(events, 'capture').map((e) => [e['to'], e['how']]), [['afghanistan', 'unopposed']]);
  assert.equal(eventsOf(events, 'afghan-rebellion-result')[0]!['outcome'], 'free');
  assert.deepEqual(unitsIn(empty, 'afghanistan'), { 'afghanistan infantry': 1 });

  // Russia ordered its garrison out of Afghanistan to Bukhara after round 1: it withdraws, and the rebels hold the field.
  const state = occupied({ infantry: 2 });
  const orders = new Map([['russia', ordersFor(state, 'russia', 'retreat from Afghanistan to Bukhara after round 1')]]);
  const fought = phase15(state, [1, 4, 10, 10, 10, 10, 10], orders);
  assert.deepEqual(eventsOf(fought, 'retreat').map((e) => [e['nation'], e['to'], e['units']]), [['russia', 'bukhara', { infantry: 2 }]]);
  assert.equal(ownerOf(state, 'afghanistan'), 'afghanistan');
  assert.equal(unitsIn(state, 'bukhara')['russia infantry'], 2 + (unitsIn(openingState(), 'bukhara')['russia infantry'] ?? 0));
  assert.deepEqual(state.land.acted, [], 'the land turn record stays empty after phase 11');
  assert.deepEqual(greatWar.invariants!(state), []);
});

test('GW-TERR-22, GW-TERR-16, D-TERR-6: after a rebellion Afghanistan may still be attacked and conquered, and the rebellion rolls start again', () => {
  const state = occupied({});
  phase15(state, [1, 2]);
  assert.equal(ownerOf(state, 'afghanistan'), 'afghanistan');
  assert.ok(afghanRebellionOccurred(state));
  // Russia is at peace with Afghanistan now; a new declaration of war (phase 1.1, set by hand here) lets it attack again.
  scene({ bukhara: { russia: { infantry: 2 } } }, state);
  war(state, 'russia', 'afghanistan');
  const orders = new Map([['russia', ordersFor(state, 'russia', 'move 2 infantry from Bukhara to Afghanistan')]]);
  const ctx = phaseContext([1, 1, 10, 10]);
  resolveLandMovement(state, orders, ctx);
  resolveLandCombat(state, orders, ctx);
  assert.equal(ctx.rollsLeft(), 0);
  assert.deepEqual(eventsOf(ctx.events, 'battle-result').map((e) => [e['winner'], e['holder']]), [['attacker', 'russia']]);
  assert.ok(isConquered(state, 'afghanistan'), 'conquered again');
  state.land = { acted: [], moves: [], support: [], battles: [] };
  const events = phase15(state, [5]);
  assert.deepEqual(eventsOf(events, 'afghan-rebellion-roll').map((e) => e['roll']), [5]);
  assert.deepEqual(state.afghanistan, { occupiers: ['russia'], rebellions: [1] });
  assert.deepEqual(greatWar.invariants!(state), []);
});

test('D-TERR-6: once a rebellion has broken out, the diplomacy guard refuses any influence on Afghanistan, and only on it', () => {
  const state = occupied({ infantry: 3 });
  assert.ok(mayBeInfluenced(state, 'afghanistan'), 'before any rebellion');
  phase15(state, [3]);
  assert.ok(mayBeInfluenced(state, 'afghanistan'), 'a quiet turn is no rebellion');
  phase15(state, [1, 1]);
  assert.ok(!mayBeInfluenced(state, 'afghanistan'), 'even a rebellion that found no rebels has broken out');
  assert.ok(mayBeInfluenced(state, 'persia'));
  assert.ok(mayBeInfluenced(state, 'spain'));
  // The mark is plain JSON in the state, and survives a copy.
  assert.ok(!mayBeInfluenced(structuredClone(state), 'afghanistan'));
});
