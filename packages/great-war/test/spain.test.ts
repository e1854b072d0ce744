import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, ok, type GameEvent } from '@umpire/engine';
import { greatWar, joinSide, minorOf, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { garrisonRuleApplies, mayInfluence, resolveSpain, spainInvariants, spainSections } from '../src/p15-special/spain.js';
import { eventsOf, must, nation, type GwGame, newGame, openingState, ordersFor, parseFor, phaseContext, playTurn, refusalOf, rollsOf, scene, quietTurns } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: the French border garrison set by hand, and the 'spain' phase of phase 15 run directly.

/** The 1914 state with these French infantry in Toulouse and Bordeaux (and nothing else there). */
function border(toulouse: number, bordeaux: number, state: GreatWarState = openingState()): GreatWarState {
  return scene({ toulouse: toulouse ? { france: { infantry: toulouse } } : {}, bordeaux: bordeaux ? { france: { infantry: bordeaux } } : {} }, state);
}

/** The 'spain' phase with the given dice and orders; every scripted die must be used. */
function phase15(state: GreatWarState, dice: number[], orders: Record<string, string> = {}): GameEvent[] {
  const ctx = phaseContext(dice);
  const map = new Map<string, GreatWarOrders>(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(state, seat, text)]));
  resolveSpain(state, map, ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

function gameFrom(state: GreatWarState, script: number[]): GwGame {
  return must(createGame<GreatWarState>({ ...greatWar, setup: () => ok(structuredClone(state)) }, { gameId: 't', dice: { mode: 'scripted', script: [...script, ...quietTurns()] } }));
}

const spain = (state: GreatWarState) => minorOf(state, 'spain')!;
const lines = (events: readonly GameEvent[]) => events.filter((e) => e.type.startsWith('spain') || e.type === 'spanish-garrison').map((e) => greatWar.describeEvent!(e));

// ---------------------------------------------------------------------------------------------------------------

test('GW-P15-SPAIN-01: Spain starts the war completely neutral, and a full first turn with France\'s garrison in place rolls nothing for it', () => {
  const state = openingState();
  assert.deepEqual([spain(state).side, spain(state).diplomacy, spain(state).atWarWith], ['neutral', 'neutral', []]);
  assert.ok(garrisonRuleApplies(state));
  assert.deepEqual(state.politics.spain, { shortTurns: [], normalisedOn: null, offers: [], usEntryRolled: false });
  // The 1914 forces hold 2 infantry in each border territory: no roll (an empty dice script would throw on one).
  const { game, events } = playTurn(newGame([]));
  assert.deepEqual(eventsOf(events, 'spanish-garrison'), []);
  assert.equal(minorOf(game.position.state, 'spain')!.side, 'neutral');
});

test('GW-P15-SPAIN-02, D-SPA-1, D-SPA-2: one border territory short of 2 French infantry is enough; on a 5 (50/50) Spain declares war on France and joins the Central Powers', () => {
  const state = border(1, 2);
  const events = phase15(state, [5]);
  assert.deepEqual(rollsOf(events), ["Spain and the weak French border: war on 5 or less (the first time) = 5"]);
  const [garrison] = eventsOf(events, 'spanish-garrison');
  assert.deepEqual(garrison!['garrison'], { toulouse: 1, bordeaux: 2 });
  assert.equal(garrison!['war'], true);
  // Spain declares war on France first, then joins the Central Powers: at war with every Allied nation, allied with Germany.
  const wars = eventsOf(events, 'war-declared');
  assert.deepEqual([wars[0]!['by'], wars[0]!['on'], wars[0]!['cause']], ['spain', 'france', 'triggered']);
  assert.deepEqual(eventsOf(events, 'joined-side').map((e) => [e['nation'], e['side'], e['cause']]), [['spain', 'central', 'trigger']]);
  assert.equal(spain(state).side, 'central');
  assert.equal(spain(state).diplomacy, 'central-camp');
  for (const enemy of ['france', 'britain', 'russia', 'serbia']) assert.ok(spain(state).atWarWith.includes(enemy), `Spain at war with ${enemy}`);
  assert.ok(!spain(state).atWarWith.includes('germany'));
  assert.ok(!garrisonRuleApplies(state), 'at war: the garrison rule has done its work');
  assert.deepEqual(phase15(state, []), [], 'no more rolls once Spain is at war');
  assert.match(lines(events).join('\n'), /France's border with Spain is weak \(infantry: 2 in Bordeaux, 1 in Toulouse\): Spain declares war on France \(rolled 5, 5 in 10, the first time\)/);
  assert.deepEqual(greatWar.invariants!(state), []);

  // Both territories short, or none: the other readings of A63 agree on these.
  const both = border(0, 1);
  phase15(both, [9]);
  assert.equal(spain(both).side, 'neutral');
  assert.deepEqual(both.politics.spain.shortTurns, [1]);
  const held = border(2, 3);
  assert.deepEqual(phase15(held, []), []);
  // Only infantry counts: artillery in Toulouse does not make up for the missing infantry.
  const guns = scene({ toulouse: { france: { infantry: 1, artillery: 3 } } }, openingState());
  assert.equal(eventsOf(phase15(guns, [6]), 'spanish-garrison').length, 1);
});

test('GW-P15-SPAIN-03, GW-P15-SPAIN-04, D-SPA-1: the 50/50 chance is for the first short garrison only; every later short turn gives 2 in 10', () => {
  const state = border(1, 1);
  let events = phase15(state, [6]);
  assert.deepEqual(eventsOf(events, 'spanish-garrison').map((e) => [e['first'], e['chance'], e['war']]), [[true, 5, false]]);
  // A turn with the garrison back in place does not count; the next short one is a later time.
  border(2, 2, state);
  assert.deepEqual(phase15(state, []), []);
  border(0, 2, state);
  events = phase15(state, [3]);
  assert.deepEqual(eventsOf(events, 'spanish-garrison').map((e) => [e['first'], e['chance'], e['war']]), [[false, 2, false]]);
  assert.match(lines(events)[0]!, /Spain stays out of the war \(rolled 3, 2 in 10\)/);
  events = phase15(state, [2]);
  assert.deepEqual(eventsOf(events, 'spanish-garrison').map((e) => [e['first'], e['chance'], e['war']]), [[false, 2, true]]);
  assert.equal(spain(state).side, 'central');
  assert.equal(state.politics.spain.shortTurns.length, 3);
  // In play: France's border empty at the end of turn 1, a 1 on Spain's die.
  const { game, events: turn } = playTurn(gameFrom(border(0, 0), [1]));
  assert.deepEqual(eventsOf(turn, 'spanish-garrison').map((e) => [e['first'], e['roll'], e['war']]), [[true, 1, true]]);
  assert.equal(minorOf(game.position.state, 'spain')!.side, 'central');
  assert.deepEqual(greatWar.invariants!(game.position.state), []);
});

test('GW-P15-SPAIN-05, D-SPA-3: when the USA enters the war, 2 in 10 that Spain enters it on the other side, rolled once', () => {
  const state = openingState();
  let ctx = phaseContext([2]);
  joinSide(state, ctx, 'usa', 'allied', 'entry-track');
  assert.deepEqual(rollsOf(ctx.events), ["Spain and the USA's entry into the war: Spain joins the other side on 2 or less = 2"]);
  assert.equal(spain(state).side, 'central');
  assert.ok(spain(state).atWarWith.includes('usa'));
  assert.match(lines(ctx.events).join('\n'), /Spain answers the USA's entry into the war by joining the other side \(rolled 2, 2 in 10\)/);

  const stays = openingState();
  ctx = phaseContext([3]);
  joinSide(stays, ctx, 'usa', 'central', 'entry-track');
  assert.equal(spain(stays).side, 'neutral');
  assert.equal(stays.politics.spain.usEntryRolled, true);
  // Other nations joining a side give Spain no roll (an empty script would throw).
  ctx = phaseContext([]);
  joinSide(stays, ctx, 'italy', 'allied', 'schedule');
  assert.equal(spain(stays).side, 'neutral');

  // A US entry toward the Allies with Spain already in the Central camp: nothing to roll.
  const atWar = border(0, 0);
  phase15(atWar, [1]);
  ctx = phaseContext([]);
  joinSide(atWar, ctx, 'usa', 'allied', 'entry-track');
  assert.equal(eventsOf(ctx.events, 'spain-us-entry').length, 0);
});

test('GW-OPT-FRA-01, GW-OPT-FRA-04, D-SPA-5: France may not influence Spain until relations normalise; every other nation may', () => {
  const state = openingState();
  assert.equal(mayInfluence(state, 'france', 'spain'), false);
  assert.equal(mayInfluence(state, 'britain', 'spain'), true);
  assert.equal(mayInfluence(state, 'germany', 'spain'), true);
  assert.equal(mayInfluence(state, 'france', 'portugal'), true);
  phase15(state, [7], { france: 'normalise Spain' });
  assert.equal(state.politics.spain.normalisedOn, 1);
  assert.equal(mayInfluence(state, 'france', 'spain'), true);
});

test('GW-OPT-FRA-02, D-SPA-4 (A56): France gives Spain 10 resources; on a roll of 7-10 relations normalise, on 1-6 the money is gone all the same', () => {
  const state = openingState();
  const france = nation(state, 'france');
  const treasury = france.treasury;
  let events = phase15(state, [6], { france: 'normalise Spain' });
  assert.deepEqual(rollsOf(events), ["Spain answers France's offer: relations normalise on 7, 8, 9, 10 = 6"]);
  assert.equal(france.treasury, treasury - 10);
  assert.equal(spain(state).treasury, 10);
  assert.equal(state.politics.spain.normalisedOn, null);
  assert.match(lines(events)[0]!, /France gives Spain 10, but relations stay cold \(rolled 6; 7, 8, 9, 10 needed\)/);
  events = phase15(state, [7], { france: 'normalise relations with Spain' });
  assert.equal(state.politics.spain.normalisedOn, 1);
  assert.equal(france.treasury, treasury - 20);
  assert.equal(spain(state).treasury, 20);
  assert.match(lines(events)[0]!, /relations normalise \(rolled 7\): the Spanish garrison rule ends/);
  assert.deepEqual(state.politics.spain.offers, [1, 1], 'both offers recorded');
  assert.deepEqual(spainInvariants(state), []);

  // In play: the offer is an order of the French seat, paid and rolled at the end of the turn.
  const { game, events: turn } = playTurn(newGame([10]), { france: { text: 'normalise Spain' } });
  assert.equal(game.position.state.politics.spain.normalisedOn, 1);
  assert.deepEqual(eventsOf(turn, 'spain-offer').map((e) => [e['roll'], e['normalised']]), [[10, true]]);
  const ledger = nation(game, 'france').ledger;
  assert.deepEqual([ledger.giftsSent, ledger.end], [10, nation(game, 'france').treasury], 'the offer is in the ledger, which closes on the treasury');
  assert.deepEqual(greatWar.invariants!(game.position.state), []);
  // The report shows France where it stands with Spain.
  assert.match(spainSections(game.position.state, 'france')[0]!.lines!.join('\n'), /relations with France normalised on turn 1/);
  assert.deepEqual(spainSections(game.position.state, 'germany'), [], 'not Germany\'s business');
});

test('GW-OPT-FRA-02, O-120: the normalise order: only France, once a turn, while Spain is neutral and relations cold, with 10 to give; located refusals', () => {
  const state = openingState();
  assert.deepEqual(ordersFor(state, 'france', 'normalise').orders, [{ kind: 'normalise' }]);
  assert.deepEqual(ordersFor(state, 'france', 'norm spa').orders, [{ kind: 'normalise' }]);
  assert.equal(greatWar.formatOrders({ orders: [{ kind: 'normalise' }] }, { state, seat: 'france', step: { id: 't1.orders', turn: 1, segment: 'orders', seats: [], phases: [] } }), 'normalise Spain\n');
  const germany = refusalOf(state, 'germany', 'normalise Spain');
  assert.deepEqual([germany.code, germany.line, germany.column], ['not-france', 1, 1]);
  const other = refusalOf(state, 'france', 'normalise relations with Spian');
  assert.deepEqual([other.code, other.line, other.column, other.suggestion], ['unknown-nation', 1, 26, 'Spain']);
  const twice = refusalOf(state, 'france', 'normalise Spain\nnormalise Spain');
  assert.deepEqual([twice.code, twice.line], ['once-a-turn', 2]);
  const poor = openingState();
  nation(poor, 'france').treasury = 9;
  assert.equal(refusalOf(poor, 'france', 'normalise Spain').code, 'not-enough-resources');
  const json = greatWar.checkOrders({ orders: [{ kind: 'normalise', with: 'spain' }] }, { state, seat: 'france', step: { id: 't1.orders', turn: 1, segment: 'orders', seats: [], phases: [] } });
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path]), [['unknown-field', '$.orders[0].with']]);
  // The bot finds it among France's legal orders, and only France's.
  const step = { id: 't1.orders', turn: 1, segment: 'orders' as const, seats: [], phases: [] };
  assert.ok(greatWar.legalActions({ orders: [] }, { state, seat: 'france', step }).some((a) => a.label === 'normalise Spain'));
  assert.ok(!greatWar.legalActions({ orders: [] }, { state, seat: 'germany', step }).some((a) => a.label === 'normalise Spain'));
  // Once normalised, or once Spain is at war, there is no offer to make.
  phase15(state, [8], { france: 'normalise Spain' });
  assert.equal(refusalOf(state, 'france', 'normalise Spain').code, 'already-normalised');
  const war = border(0, 0);
  phase15(war, [1]);
  assert.equal(refusalOf(war, 'france', 'normalise Spain').code, 'spain-not-neutral');
  assert.ok(parseFor(openingState(), 'france', 'normalise Spain').ok);
});

test('GW-OPT-FRA-03, D-SPA-4: once relations normalise the Spanish garrison rule no longer applies; the offer comes before the garrison test of the same turn', () => {
  const state = border(0, 1);
  // One die: France's offer succeeds (8), and the short garrison is then no longer tested.
  const events = phase15(state, [8], { france: 'normalise Spain' });
  assert.deepEqual(eventsOf(events, 'spanish-garrison'), []);
  assert.ok(!garrisonRuleApplies(state));
  assert.deepEqual(phase15(state, []), []);
  assert.equal(spain(state).side, 'neutral');
  // A failed offer leaves the rule in force: the garrison is tested after it, with its first chance.
  const cold = border(0, 1);
  const after = phase15(cold, [1, 9], { france: 'normalise Spain' });
  assert.deepEqual(after.filter((e) => e.type === 'spain-offer' || e.type === 'spanish-garrison').map((e) => e.type), ['spain-offer', 'spanish-garrison']);
});
