import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, ok, type GameEvent } from '@umpire/engine';
import { atWar, greatWar, minorOf, type GreatWarState } from '../src/index.js';
import {
  crushMutineers,
  marchOnCapitals,
  forcedSurrenderOffers,
  isMutineers,
  mutinyCandidates,
  mutinyInvariants,
  mutinySections,
  rebel,
  resolveMutinies,
  severityOf,
  unitsToDisband,
} from '../src/p15-special/mutiny.js';
import { mayInfluence } from '../src/p15-special/spain.js';
import { eventsOf, must, nation, openingState, ownerOf, phaseContext, playTurn, rollsOf, scene, unitsIn, type GwGame, type Scene, quietTurns, runPhases } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: France's army reduced to the units given, over-limit infantry bought this turn, and the 'mutiny'
// phase of phase 15 run directly.

/** The 1914 state with France's units only those of `spec` (by territory), and `overLimit` infantry bought over its limit this turn. */
function army(spec: Record<string, Record<string, number>>, overLimit = 1, state: GreatWarState = openingState()): GreatWarState {
  state.board.units = state.board.units.filter((u) => u.nation !== 'france');
  const s: Scene = {};
  for (const [at, units] of Object.entries(spec)) s[at] = { france: units };
  scene(s, state);
  nation(state, 'france').ledger.overLimitInfantry = overLimit;
  return state;
}

/** The 'mutiny' phase with the given dice; every scripted die must be used. */
function phase15(state: GreatWarState, dice: number[]): GameEvent[] {
  const ctx = phaseContext(dice);
  resolveMutinies(state, new Map(), ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

function gameFrom(state: GreatWarState, script: number[]): GwGame {
  return must(createGame<GreatWarState>({ ...greatWar, setup: () => ok(structuredClone(state)) }, { gameId: 't', dice: { mode: 'scripted', script: [...script, ...quietTurns()] } }));
}

const lines = (events: readonly GameEvent[]) => events.filter((e) => /^mutin/.test(e.type)).map((e) => greatWar.describeEvent!(e));
const MUTINEERS = 'mutineers-france';

// ---------------------------------------------------------------------------------------------------------------

test('GW-MANP-03, GW-P15-MUTINY-01, D-MUT-1 (A64): a nation that bought over-limit infantry this turn rolls once for a mutiny, 2 in 10; the others roll nothing', () => {
  const state = army({ paris: { infantry: 4 } }, 3);
  const events = phase15(state, [3]);
  assert.deepEqual(rollsOf(events), ['Mutiny in the France army after 3 over-limit infantry? (on 2 or less) = 3']);
  assert.deepEqual(eventsOf(events, 'mutiny'), []);
  assert.match(lines(events)[0]!, /The France army holds despite 3 over-limit infantry \(rolled 3; a mutiny on 2 or less\)/);
  // No over-limit infantry: no roll at all (an empty script would throw on one).
  assert.deepEqual(phase15(army({ paris: { infantry: 4 } }, 0), []), []);
  // In play: Serbia buys over its manpower limit in phase 3, and its roll in phase 15 is a 2: a mutiny; a 1 on the severity, small; its only territory with units.
  const start = openingState();
  const serbia = nation(start, 'serbia');
  serbia.manpower[0]!.built = serbia.manpower[0]!.limit;
  serbia.treasury = 100;
  start.board.units = start.board.units.filter((u) => u.nation !== 'serbia');
  scene({ belgrade: { serbia: { infantry: 3 } } }, start);
  const { game, events: turn } = playTurn(gameFrom(start, [2, 1]), { serbia: { text: 'build 1 infantry in Belgrade' } });
  assert.deepEqual(eventsOf(turn, 'mutiny-roll').map((e) => [e['nation'], e['overLimit'], e['mutiny']]), [['serbia', 1, true]]);
  assert.deepEqual(eventsOf(turn, 'mutiny').map((e) => [e['severity'], e['territories']]), [['small', ['belgrade']]]);
  // 4 infantry in Belgrade after placement: 25% is 1.
  assert.deepEqual(unitsIn(game.position.state, 'belgrade'), { 'serbia infantry': 3 });
  assert.deepEqual(greatWar.invariants!(game.position.state), []);
});

test('GW-P15-MUTINY-02, GW-P15-MUTINY-03, GW-P15-MUTINY-04, D-MUT-2: the severity die: 1-4 small, 5-7 large, 8-10 disastrous', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(severityOf), ['small', 'small', 'small', 'small', 'large', 'large', 'large', 'disastrous', 'disastrous', 'disastrous']);
  const state = army({ paris: { infantry: 4 } });
  const events = phase15(state, [1, 7]);
  assert.deepEqual(rollsOf(events)[1], 'How bad is the France mutiny? (1-4 small, 5-7 large, 8-10 disastrous) = 7');
  assert.deepEqual(state.politics.mutiny.mutinies, [{ turn: 1, nation: 'france', severity: 'large', territories: ['paris'] }]);
});

test('GW-P15-MUTINY-05, GW-P15-MUTINY-06, D-MUT-3, D-MUT-4 (A64): a small mutiny: one territory drawn among those with units; 25% of its units, rounded up, disband, one type after another', () => {
  // Territories with French units, in id order: Amiens, Lille, Paris. Lyon (French, no units) is never drawn.
  const state = army({ paris: { infantry: 5, artillery: 2, fighter: 1 }, lille: { infantry: 2 }, amiens: { artillery: 1 } });
  assert.deepEqual(mutinyCandidates(state, 'france'), ['amiens', 'lille', 'paris']);
  const events = phase15(state, [2, 4, 3]);
  assert.deepEqual(rollsOf(events).slice(2), ['Where the France mutiny breaks out: amiens, lille, paris = 3']);
  // 8 units: 25% is 2, divided among the types: 1 infantry and 1 artillery (the fighter would be the third).
  assert.deepEqual(eventsOf(events, 'mutiny-disbanded').map((e) => [e['territory'], e['units']]), [['paris', { infantry: 1, artillery: 1 }]]);
  assert.deepEqual(unitsIn(state, 'paris'), { 'france infantry': 4, 'france artillery': 1, 'france fighter': 1 });
  assert.deepEqual(unitsIn(state, 'lille'), { 'france infantry': 2 });
  assert.match(lines(events).join('\n'), /The France mutiny is small: Paris[\s\S]*In Paris, 1 infantry, 1 artillery of France disband \(25%, rounded up\)/);
  // One unit: 25% rounded up is the unit. With one territory left there is nothing to draw: no roll.
  const lone = army({ lille: { infantry: 1 } });
  phase15(lone, [1, 2]);
  assert.deepEqual(unitsIn(lone, 'lille'), {});
  // No French unit anywhere on land: the mutiny finds no mutineers.
  const none = army({});
  const quiet = phase15(none, [1, 1]);
  assert.deepEqual(eventsOf(quiet, 'mutiny').map((e) => e['territories']), [[]]);
  assert.match(lines(quiet).join('\n'), /small, but there are no troops to mutiny/);
});

test('D-MUT-4 (A64): dividing the disbanded units evenly among the types: one of each type in the unit table\'s order, round after round, the newest first', () => {
  const units = [
    ...[1, 2, 3, 4, 5].map((n) => ({ id: `FRA-${n}`, nation: 'france', type: 'infantry', at: 'paris', damage: 0 })),
    { id: 'FRA-6', nation: 'france', type: 'fighter', at: 'paris', damage: 0 },
    { id: 'FRA-7', nation: 'france', type: 'artillery', at: 'paris', damage: 0 },
  ];
  assert.deepEqual(unitsToDisband(units, 50).map((u) => u.id), ['FRA-5', 'FRA-7', 'FRA-6', 'FRA-4']);
  assert.deepEqual(unitsToDisband(units, 75).map((u) => u.id), ['FRA-5', 'FRA-7', 'FRA-6', 'FRA-4', 'FRA-3', 'FRA-2']);
  assert.deepEqual(unitsToDisband(units, 25).map((u) => u.id), ['FRA-5', 'FRA-7']);
  assert.deepEqual(unitsToDisband([], 75), []);
});

test('GW-P15-MUTINY-07, GW-P15-MUTINY-08, D-MUT-3: a large mutiny: two different territories with units; 50% (rounded up) of the units of each disband', () => {
  const state = army({ paris: { infantry: 3 }, lille: { infantry: 1, artillery: 1 }, verdun: { infantry: 4 } });
  // Candidates lille, paris, verdun: 3 picks Verdun; then of lille, paris: 1 picks Lille.
  const events = phase15(state, [2, 6, 3, 1]);
  assert.deepEqual(eventsOf(events, 'mutiny').map((e) => e['territories']), [['verdun', 'lille']]);
  assert.deepEqual(eventsOf(events, 'mutiny-disbanded').map((e) => [e['territory'], e['units'], e['percent']]), [
    ['verdun', { infantry: 2 }, 50],
    ['lille', { infantry: 1 }, 50],
  ]);
  assert.deepEqual(unitsIn(state, 'paris'), { 'france infantry': 3 });
  assert.deepEqual(greatWar.invariants!(state), []);
});

test('GW-P15-MUTINY-09, GW-P15-MUTINY-10, GW-P15-MUTINY-11, GW-P15-MUTINY-12, D-MUT-5 (G19): a disastrous mutiny: 75% disband in the first territory, every unit of the second rebels and becomes the mutineers, a minor at war with France that takes the territory', () => {
  const state = army({ paris: { infantry: 3 }, verdun: { infantry: 4, artillery: 1 }, nancy: { infantry: 2, artillery: 1 } });
  // Candidates nancy, paris, verdun: 3 is Verdun; then of nancy, paris: 1 is Nancy.
  const events = phase15(state, [1, 9, 3, 1]);
  assert.deepEqual(eventsOf(events, 'mutiny-disbanded').map((e) => [e['territory'], e['units'], e['percent']]), [['verdun', { infantry: 3, artillery: 1 }, 75]]);
  assert.deepEqual(unitsIn(state, 'verdun'), { 'france infantry': 1 });
  assert.deepEqual(unitsIn(state, 'nancy'), { [`${MUTINEERS} infantry`]: 2, [`${MUTINEERS} artillery`]: 1 });
  const mutineers = minorOf(state, MUTINEERS)!;
  assert.deepEqual([mutineers.name, mutineers.abbreviation, mutineers.side, mutineers.controller], ['Mutineers of France', 'MUT-FRA', 'neutral', 'moderator']);
  assert.ok(atWar(state, MUTINEERS, 'france'));
  assert.ok(!atWar(state, MUTINEERS, 'germany'), 'at war with their own nation only');
  assert.equal(ownerOf(state, 'nancy'), MUTINEERS);
  assert.deepEqual(eventsOf(events, 'capture').map((e) => [e['area'], e['from'], e['to']]), [['nancy', 'france', MUTINEERS]]);
  assert.ok(isMutineers(state, MUTINEERS));
  assert.deepEqual(state.politics.mutiny.mutineers, [{ id: MUTINEERS, home: 'france', since: 1 }]);
  assert.match(lines(events).join('\n'), /In Nancy, 2 infantry, 1 artillery of France rebel: they are now the Mutineers of France/);
  assert.deepEqual(eventsOf(events, 'war-declared').map((e) => greatWar.describeEvent!(e)), ['Mutineers of France is at war with France.']);
  assert.deepEqual(forcedSurrenderOffers(state), [], 'Nancy is not the capital');
  assert.deepEqual(greatWar.invariants!(state), []);
  // The report shows France its mutinies and its mutineers.
  assert.match(mutinySections(state, 'france')[0]!.lines!.join('\n'), /disastrous mutiny in the France army \(Verdun, Nancy\)[\s\S]*Mutineers of France: 2 infantry, 1 artillery; hold Nancy/);
  assert.deepEqual(mutinySections(state, 'germany'), []);

  // A second disastrous mutiny of France joins the same mutineers; with one territory left, nothing rebels.
  nation(state, 'france').ledger.overLimitInfantry = 1;
  const again = phase15(state, [2, 10, 1]);
  assert.deepEqual(eventsOf(again, 'mutiny').map((e) => e['territories']), [['paris', 'verdun']]);
  assert.deepEqual(unitsIn(state, 'verdun'), { [`${MUTINEERS} infantry`]: 1 });
  assert.equal(state.minors.filter((m) => isMutineers(state, m.id)).length, 1);
  assert.deepEqual(greatWar.invariants!(state), []);
  // Rebels in land France does not hold, or shares with an ally's troops, desert: they disband and nobody takes the land.
  const abroad = army({ paris: { infantry: 1 }, brussels: { infantry: 2 } });
  scene({ reims: { france: { infantry: 1 }, britain: { infantry: 1 } } }, abroad);
  // Candidates brussels, paris, reims: 2 is Paris (75% disband), then of brussels, reims: 1 is Brussels (Belgium's).
  const deserted = phase15(abroad, [1, 8, 2, 1]);
  assert.deepEqual(eventsOf(deserted, 'mutiny-deserted').map((e) => [e['territory'], e['units']]), [['brussels', { infantry: 2 }]]);
  assert.deepEqual(unitsIn(abroad, 'brussels'), {});
  assert.equal(ownerOf(abroad, 'brussels'), 'belgium');
  assert.equal(minorOf(abroad, MUTINEERS), undefined, 'no mutineers were raised');
  assert.match(lines(deserted).join('\n'), /In Brussels, 2 infantry of France rebel, but cannot hold land that is not theirs alone: they desert/);
  const shared = army({ paris: { infantry: 1 } });
  scene({ reims: { france: { infantry: 2 }, britain: { infantry: 1 } } }, shared);
  // Candidates paris, reims: 1 is Paris, then Reims, where a British infantry stands with them.
  phase15(shared, [1, 9, 1]);
  assert.deepEqual(unitsIn(shared, 'reims'), { 'britain infantry': 1 });
  assert.equal(ownerOf(shared, 'reims'), 'france');
  assert.deepEqual(greatWar.invariants!(abroad), []);
  assert.deepEqual(greatWar.invariants!(shared), []);
});

test('GW-P15-MUTINY-12, D-MUT-5, D-MUT-6 (G19): the software runs the mutineers: they hold what they took, give no orders, cannot be influenced, and make peace once they have nothing left', () => {
  const state = army({ paris: { infantry: 1 }, nancy: { infantry: 2 } });
  phase15(state, [1, 8, 2]);
  assert.equal(ownerOf(state, 'nancy'), MUTINEERS);
  // Nobody may influence the mutineers; the moderator's minors give no orders and the mutineers stand still.
  assert.equal(mayInfluence(state, 'germany', MUTINEERS), false);
  assert.equal(mayInfluence(state, 'france', MUTINEERS), false);
  nation(state, 'france').ledger.overLimitInfantry = 0;
  assert.deepEqual(phase15(state, []), []);
  assert.deepEqual(unitsIn(state, 'nancy'), { [`${MUTINEERS} infantry`]: 2 });
  // France retakes Nancy and the mutineers are gone: their war ends at the next mutiny phase.
  state.board.units = state.board.units.filter((u) => u.nation !== MUTINEERS);
  state.board.territories['nancy'] = { owner: 'france', incorporated: true };
  const ctx = phaseContext([]);
  crushMutineers(state, ctx);
  assert.deepEqual(eventsOf(ctx.events, 'mutiny-crushed').map((e) => e['nation']), ['france']);
  assert.ok(!atWar(state, MUTINEERS, 'france'));
  assert.match(lines(ctx.events).join('\n'), /The mutiny in the France army is crushed/);
  assert.deepEqual(greatWar.invariants!(state), []);
});

test('GW-P15-MUTINY-13, D-MUT-7 (G11): mutineers who take their nation\'s capital force it to offer its enemies a surrender, recorded once for the surrender rules', () => {
  const state = army({ paris: { infantry: 3 }, lille: { infantry: 2 } });
  // Candidates lille, paris: 1 is Lille (75% disband), then Paris is the only one left: it rebels.
  const events = phase15(state, [2, 8, 1]);
  assert.equal(ownerOf(state, 'paris'), MUTINEERS);
  assert.deepEqual(eventsOf(events, 'mutiny-forces-surrender').map((e) => [e['nation'], e['capital']]), [['france', 'paris']]);
  assert.deepEqual(forcedSurrenderOffers(state), [{ nation: 'france', mutineers: MUTINEERS, turn: 1 }]);
  assert.match(lines(events).join('\n'), /The mutineers hold Paris, the capital of France: France must offer its enemies a surrender/);
  // Held on: recorded once.
  nation(state, 'france').ledger.overLimitInfantry = 0;
  assert.deepEqual(phase15(state, []), []);
  assert.equal(forcedSurrenderOffers(state).length, 1);
  // Retaken, the offer is no longer pending.
  state.board.territories['paris'] = { owner: 'france', incorporated: false };
  phase15(state, []);
  assert.deepEqual(forcedSurrenderOffers(state), []);
  assert.deepEqual(mutinyInvariants(state), []);
});

test('GW-P15-MUTINY-12, GW-P15-MUTINY-13, D-MUT-8 (G19): from the turn after their rising, mutineers bordering their nation\'s capital march on it; taking it forces the surrender offer', () => {
  // Mutineers who rose in Reims (which borders Paris) on an earlier turn; Paris empty of French troops.
  const state = army({ reims: { infantry: 3 }, lille: { infantry: 1 } }, 0);
  phase15Rising(state, 'reims');
  const events = phase15(state, []);
  assert.deepEqual(eventsOf(events, 'mutineers-march').map((e) => [e['capital'], e['from'], e['units']]), [['paris', ['reims'], { infantry: 3 }]]);
  assert.equal(ownerOf(state, 'paris'), MUTINEERS);
  assert.deepEqual(unitsIn(state, 'paris'), { [`${MUTINEERS} infantry`]: 3 });
  assert.deepEqual(forcedSurrenderOffers(state).map((f) => f.nation), ['france']);
  assert.match(lines(events).join('\n'), /The France mutineers march on Paris from Reims with 3 infantry[\s\S]*France must offer its enemies a surrender/);
  assert.deepEqual(greatWar.invariants!(state), []);

  // Defended: a battle of phase 10 fought to the end. The two mutineer infantry hit (1, 1); the French infantry, and
  // Paris's city and industrial complex, miss (9, 10, 10).
  const fought = army({ reims: { infantry: 2 }, paris: { infantry: 1 } }, 0);
  phase15Rising(fought, 'reims');
  const ctx = phaseContext([1, 1, 9, 10, 10]);
  marchOnCapitals(fought, new Map(), ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  assert.equal(ownerOf(fought, 'paris'), MUTINEERS);
  assert.deepEqual(unitsIn(fought, 'paris'), { [`${MUTINEERS} infantry`]: 2 });
  assert.deepEqual(rollsOf(ctx.events).slice(0, 3), ['Mutineers of France attacks Paris, round 1: infantry #1 = 1', 'Mutineers of France attacks Paris, round 1: infantry #2 = 1', 'France defends Paris, round 1: infantry #1 = 9']);
  assert.deepEqual(eventsOf(ctx.events, 'battle-result').map((e) => [e['winner'], e['holder']]), [['attacker', MUTINEERS]]);

  // Not on the turn of the rising, not while an ally of France stands in Paris, not from farther away.
  const fresh = army({ reims: { infantry: 2 } }, 0);
  phase15Rising(fresh, 'reims');
  fresh.politics.mutiny.mutineers[0]!.since = 1;
  assert.deepEqual(phase15(fresh, []), []);
  const guarded = army({ reims: { infantry: 2 } }, 0);
  phase15Rising(guarded, 'reims');
  scene({ paris: { britain: { infantry: 1 } } }, guarded);
  assert.deepEqual(eventsOf(phase15(guarded, []), 'mutineers-march'), []);
  const far = army({ nancy: { infantry: 2 } }, 0);
  phase15Rising(far, 'nancy');
  assert.deepEqual(eventsOf(phase15(far, []), 'mutineers-march'), []);
});

/** The French units in `territory` rebel on an earlier turn (turn 0), as a disastrous mutiny leaves them. */
function phase15Rising(state: GreatWarState, territory: string): void {
  const ctx = phaseContext([]);
  rebel(state, 'france', territory, ctx);
  state.politics.mutiny.mutineers[0]!.since = 0;
}

test('GW-P15-MUTINY-13, D-MUT-7, D-SURR-1: in phase 1.3 of the next turn the nation whose capital the mutineers hold offers its surrender to every enemy but them; those who accept make peace, and it may offer no other', () => {
  const state = army({ paris: { infantry: 3 }, lille: { infantry: 2 } });
  phase15(state, [2, 8, 1]);
  assert.deepEqual(forcedSurrenderOffers(state).map((f) => f.nation), ['france']);
  // Turn 2: Germany accepts by standing order; Austria-Hungary sends nothing and refuses by default.
  const events = runPhases(state, { germany: 'accept surrender of France' }, [], 'surrender', 'surrender');
  const offer = eventsOf(events, 'surrender-offer')[0]!;
  assert.deepEqual([offer['nation'], offer['accepted'], offer['refused']], ['france', ['germany'], ['austria-hungary']]);
  assert.ok(!(offer['to'] as string[]).includes(MUTINEERS), 'no offer to its own mutineers');
  assert.ok(!atWar(state, 'france', 'germany'));
  assert.ok(atWar(state, 'france', MUTINEERS));
  const again = runPhases(state, {}, [], 'surrender', 'surrender');
  assert.deepEqual(eventsOf(again, 'order-void').map((e) => e['code']), ['offered-before'], 'once a game (GW-SURR-14)');
});
