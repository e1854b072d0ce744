import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { autoplay, botNamed, botNames, formatProblems, Random } from '@umpire/engine';
import { attackOdds, botsData, candidatePlaces, generalOrders, greatWar, openDraft, situationOf, startView, theWorld, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { garrisonOf } from '../src/bots/land-war.js';
import { openingState, scene, step, war } from './helpers.js';

/**
 * The general (src/bots/): legal by construction from any state and seat, purposeful in the situations a player
 * would judge it by, blind to what its seat may not see, and the same orders for the same state.
 */

const params = botsData().versions['general']!;
const ctxOf = (state: GreatWarState, seat: string) => ({ state, seat, step });
const ordersOf = (state: GreatWarState, seat: string) => generalOrders(ctxOf(state, seat), params);
const kinds = (o: GreatWarOrders, kind: string) => o.orders.filter((x) => x.kind === kind);

/** Whether orders pass the check a player's orders pass, unchanged. */
function assertLegal(state: GreatWarState, seat: string, orders: GreatWarOrders): void {
  const checked = greatWar.checkOrders(orders, ctxOf(state, seat));
  if (!checked.ok) assert.fail(`${seat}: ${formatProblems(checked.error)}\n${greatWar.formatOrders(orders, ctxOf(state, seat))}`);
  assert.equal(checked.value.orders.length, orders.orders.length);
}

test('the Great War offers its general as the default bot, each version from data/bots.json', () => {
  assert.deepEqual(botNames(greatWar), ['random', ...Object.keys(botsData().versions)]);
  assert.equal(Object.keys(greatWar.bots ?? {})[0], 'general');
  const state = openingState();
  const viaEngine = botNamed(greatWar, 'default')!({ state, seat: 'germany', step }, new Random('x', 'bot'), greatWar);
  assert.deepEqual(viaEngine, ordersOf(state, 'germany'));
});

test('a draft built one order at a time admits what the whole check admits, in and out of phase order', () => {
  const state = openingState();
  const draft = openDraft(ctxOf(state, 'germany'))!;
  assert.equal(draft.add({ kind: 'move', from: 'metz', to: 'verdun', units: { infantry: 1 } }), undefined);
  // A research order belongs to an earlier phase: the whole draft is checked again, and kept in phase order.
  assert.equal(draft.add({ kind: 'research', tech: 'improved-weapons' }), undefined);
  assert.deepEqual(draft.orders.orders.map((o: { kind: string }) => o.kind), ['research', 'move']);
  assert.equal(draft.ledger.resources, state.nations.find((n) => n.id === 'germany')!.treasury - 10);
  // What the rules refuse is refused here too, and changes nothing.
  const refused = draft.add({ kind: 'move', from: 'metz', to: 'paris', units: { infantry: 1 } });
  assert.ok(refused, 'a move out of reach is refused');
  assert.equal(draft.orders.orders.length, 2);
  assert.equal(draft.add({ kind: 'build', unit: 'infantry', count: 99, at: 'berlin' })?.code !== undefined, true, 'more infantry than the treasury pays for');
  assertLegal(state, 'germany', draft.orders);
});

test('the general gives every seat of the opening legal orders, and the same orders for the same state', () => {
  const state = openingState();
  for (const seat of greatWar.seats(state)) {
    const orders = ordersOf(state, seat);
    assertLegal(state, seat, orders);
    assert.deepEqual(ordersOf(state, seat), orders);
  }
  // The nations at war build, and Germany and France both move.
  assert.ok(kinds(ordersOf(state, 'germany'), 'build').length > 0);
  assert.ok(kinds(ordersOf(state, 'germany'), 'move').length > 0);
  assert.ok(kinds(ordersOf(state, 'france'), 'move').length > 0);
});

test('the general plays legally from any state of a game and for any seat, the Bolsheviks and the neutrals included (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 4 }), (seed, turns) => {
      const played = autoplay(greatWar, { seed: `bot-${seed}`, turns, bot: botNamed(greatWar, 'random')! });
      const state = played.game.position.state as GreatWarState;
      for (const seat of greatWar.seats(state)) assertLegal(state, seat, ordersOf(state, seat));
    }),
    { numRuns: 4 },
  );
});

test('the general attacks a weakly held territory with the odds it wants, and leaves a strong one alone', () => {
  const quiet = { nancy: {}, luxembourg: {}, strasbourg: {}, reims: {}, brussels: {} };
  const weak = scene({ ...quiet, metz: { germany: { infantry: 8, artillery: 2 } }, verdun: { france: { infantry: 2 } } });
  const orders = ordersOf(weak, 'germany');
  assertLegal(weak, 'germany', orders);
  const intoVerdun = kinds(orders, 'move').filter((m) => m['to'] === 'verdun');
  assert.ok(intoVerdun.length > 0, 'Verdun, held by two infantry, is attacked');
  const parts = intoVerdun.map((m) => ({ from: String(m['from']), type: Object.keys(m['units'] as object)[0]!, count: Object.values(m['units'] as Record<string, number>)[0]! }));
  assert.ok(parts.some((p) => p.type === 'artillery'), 'the artillery fires in');
  assert.ok(attackOdds(weak, 'germany', parts, 'verdun').attacker >= params.attackOdds);
  const strong = scene({ ...quiet, metz: { germany: { infantry: 8, artillery: 2 } }, verdun: { france: { infantry: 14 } } });
  assert.equal(kinds(ordersOf(strong, 'germany'), 'move').filter((m) => m['to'] === 'verdun').length, 0, 'Verdun, held by fourteen, is not');
});

test('the general keeps a garrison where the enemy presses: a share of the enemy next door, more in the capital', () => {
  const state = scene({ verdun: { france: { infantry: 6 } }, metz: { germany: { infantry: 5 } }, reims: {}, nancy: {}, brussels: {}, luxembourg: {} });
  const s = situationOf(state, 'france')!;
  assert.equal(garrisonOf(s, params, 'verdun'), Math.ceil(5 * params.garrisonPerEnemy));
  const leaving = kinds(ordersOf(state, 'france'), 'move')
    .filter((m) => m['from'] === 'verdun')
    .reduce((n, m) => n + Object.values(m['units'] as Record<string, number>).reduce((a, b) => a + b, 0), 0);
  assert.ok(6 - leaving >= garrisonOf(s, params, 'verdun'), `${leaving} of 6 leave Verdun`);
});

test('the general digs a trench facing the strongest enemy, and builds its infantry in the cities nearest the front', () => {
  const state = scene({ verdun: { france: { infantry: 4 } }, metz: { germany: { infantry: 9 } }, luxembourg: { germany: { infantry: 1 } } });
  // Every front of France may get its trench this turn: Verdun's faces Metz, where nine Germans stand, not Luxembourg's one.
  const orders = generalOrders(ctxOf(state, 'france'), { ...params, trenchesPerTurn: 20 });
  assertLegal(state, 'france', orders);
  const trench = kinds(orders, 'build').find((b) => b['unit'] === 'trench' && b['at'] === 'verdun');
  assert.equal(trench?.['facing'], 'metz');
  const s = situationOf(state, 'france')!;
  const places = candidatePlaces(startView(state, s.nation, theWorld()), 'infantry');
  const nearest = Math.min(...places.map((p) => s.distanceToFront.get(p) ?? 99));
  const infantry = kinds(orders, 'build').filter((b) => b['unit'] === 'infantry');
  assert.ok(infantry.length > 0);
  assert.equal(s.distanceToFront.get(String(infantry[0]!['at'])), nearest);
});

test('the general follows the options of its nation that fit the moment, and gives its standing loss order', () => {
  const state = openingState();
  // Every line of every plan is the order language: the words and names are known (the rules may still refuse it now).
  for (const version of Object.values(botsData().versions)) {
    for (const [seat, plan] of Object.entries(version.plans)) {
      assert.ok(state.nations.some((n) => n.id === seat), `a plan for '${seat}', which is no seat`);
      for (const { order } of plan) {
        const parsed = greatWar.parseOrders(order, ctxOf(state, seat));
        if (!parsed.ok) for (const p of parsed.error) assert.doesNotMatch(p.code, /^(unknown|ambiguous|missing)/, `${seat}: '${order}': ${p.message}`);
      }
    }
  }
  const britain = ordersOf(state, 'britain');
  assert.equal(kinds(britain, 'deliver-destroyer').length, 1, 'Britain gives the Ottomans their destroyer on turn 1 (GW-OPT-GBR-06)');
  assert.equal(kinds(ordersOf(state, 'usa'), 'us-gear-up').length, 0, 'the USA cannot yet pay for preparedness');
  const richer = structuredClone(state);
  richer.nations.find((n) => n.id === 'usa')!.treasury = 50;
  assert.equal(kinds(ordersOf(richer, 'usa'), 'us-gear-up').length, 1, 'the USA prepares once it can pay');
  assert.deepEqual(kinds(ordersOf(state, 'germany'), 'losses').length, 1);
  // A standing acceptance of the surrender of every major it is at war with (GW-SURR, D-SURR-1).
  assert.deepEqual(kinds(ordersOf(state, 'france'), 'accept'), [{ kind: 'accept', from: 'austria-hungary' }, { kind: 'accept', from: 'germany' }]);
  const later = structuredClone(state);
  assert.equal(kinds(generalOrders(ctxOf(later, 'britain'), { ...params, plans: {} }), 'deliver-destroyer').length, 0, 'no plan, no option');
});

test('the general incorporates what it has conquered when the treasury allows', () => {
  const state = scene({ metz: { france: { infantry: 3 } } });
  state.board.territories['metz'] = { owner: 'france', incorporated: false };
  war(state, 'france', 'germany');
  const orders = ordersOf(state, 'france');
  assertLegal(state, 'france', orders);
  assert.deepEqual(kinds(orders, 'incorporate'), [{ kind: 'incorporate', territory: 'metz' }]);
});

test('the general sees only what its seat sees: the other nations\' treasuries, incomes and purchases change nothing', () => {
  const state = openingState();
  const before = ordersOf(state, 'germany');
  const other = structuredClone(state);
  for (const n of other.nations) {
    if (n.id === 'germany') continue;
    n.treasury += 500;
    n.ledger = { ...n.ledger, collected: n.ledger.collected + 77 };
    n.purchases = [...n.purchases, { unit: 'infantry', at: 'paris', count: 9, paid: Array<number>(9).fill(4), surcharge: 0 }];
  }
  assert.deepEqual(ordersOf(other, 'germany'), before);
});

test('a 26-turn game with the general on every seat ends with a verdict', () => {
  const played = autoplay(greatWar, { seed: 'general-26', turns: 26, bot: botNamed(greatWar, 'general')! });
  assert.ok(played.game.record.result, played.verdict);
  assert.ok(played.turns >= 10, `the war lasted ${played.turns} turns`);
});
