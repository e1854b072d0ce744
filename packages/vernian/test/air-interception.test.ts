import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, ok, openStep, resolveStep, submitOrders, type DecisionAnswer, type Json, type OrderList } from '@umpire/engine';
import { language } from '../src/orders/language.js';
import { phases } from '../src/turn/phases.js';
import { copyState, type VernianState } from '../src/base/state.js';
import { openingState } from '../src/arrivals/opening.js';
import { vernian } from '../src/index.js';
import { describeEvent } from '../src/views/report.js';
import { stepInfo } from './fixtures.js';
import { handOver } from './supply-positions.js';
import { AACHEN, AL_CS, AL_F, DE_F, LIEGE, VERDUN, ZEPS, airBoard, airContext, eventsOf } from './air-helpers.js';

/**
 * The Interception Phases: German fighters against Allied missions in the Allied player-turn (tables (a) then (c)),
 * Allied fighters against Zeppelins in the German player-turn (table (b)), chosen by standing order or decision, and
 * each interceptor home as soon as its fight is over.
 */

const NEAR_METZ = 'W8621';
const EAST_OF_METZ = 'W8821';

/** The Allied Mission Allocation and Interception Phases with these orders, standing orders and answers. */
function alliedAir(state: VernianState, text: string, dice: number[], standing: Record<string, Json> = {}, answers: DecisionAnswer[] = []) {
  const r = language.parseOrders(text, { state, seat: 'allies', step: stepInfo('allied', 5) });
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  const orders = new Map<string, OrderList>([['allies', r.value]]);
  const ctx = airContext('allied', dice, standing, answers);
  phases['allied-missions']!(state, orders, ctx);
  phases['allied-interception']!(state, orders, ctx);
  assert.equal(ctx.rolls(), dice.length, 'every die scripted is rolled');
  return ctx;
}

/** An escorted CS type from Verdun over the hex next to Metz, a German fighter based east of Metz. */
function escortedRaid(): VernianState {
  return airBoard({ [AL_CS[0]]: VERDUN, [AL_F[0]]: VERDUN, [DE_F[0]]: EAST_OF_METZ });
}
const RAID = `interdict ${AL_CS[0]} at ${NEAR_METZ}\nescort ${AL_F[0]} with ${AL_CS[0]}`;
const GERMANS_INTERCEPT = { germany: { intercept: [DE_F[0]] } };

describe('German interception in the Allied player-turn', () => {
  it('VV-SEQ-14, VV-ETH-15, VV-ETH-22, VV-ETH-23, VV-AIR-02, VV-AIR-03, VV-ETH-33, D-AMB-35: escorts first, then the CS', () => {
    const s = escortedRaid();
    // Table (a): a 6 shoots the escort down; table (c): a 4 aborts the CS type, which flies home; the fighter goes home.
    const ctx = alliedAir(s, RAID, [6, 4], GERMANS_INTERCEPT);
    const rounds = eventsOf(ctx, 'air-combat-round');
    assert.deepEqual(
      rounds.map((e) => e['table']),
      ['fighters', 'flyers'],
    );
    assert.equal(s.pieces[AL_F[0]]!.at, 'out');
    assert.equal(s.pieces[AL_CS[0]]!.at, VERDUN);
    assert.deepEqual(s.air.missions, {});
    assert.deepEqual(s.air.interdicted, {}, 'an aborted CS type interdicts nothing (D-AMB-46)');
    assert.equal(s.pieces[DE_F[0]]!.at, EAST_OF_METZ);
    const returns = eventsOf(ctx, 'air-return').map((e) => e['piece']);
    assert.deepEqual(returns, [AL_CS[0], DE_F[0]], 'the CS type at once, the interceptor when its fight is over');
    assert.match(describeEvent(eventsOf(ctx, 'interception')[0]!)!, /German F-type Ether Flyer \(fl-de-1\) intercepts over W8621/);
    const decision = ctx.events.find((e) => e.type === 'decision')!;
    assert.equal(decision['source'], 'standing order');
    assert.equal(decision['answer'], NEAR_METZ);
  });

  it('D-AMB-46, VV-ETH-24: when the escorts win the duel, table (c) is never rolled and the CS type interdicts', () => {
    const s = escortedRaid();
    const ctx = alliedAir(s, RAID, [1], GERMANS_INTERCEPT);
    assert.equal(eventsOf(ctx, 'air-combat-round').length, 1);
    assert.equal(s.pieces[DE_F[0]]!.at, 'out');
    assert.deepEqual(s.air.interdicted, { [NEAR_METZ]: 'light' });
    assert.deepEqual(Object.keys(s.air.missions).sort(), [AL_F[0], AL_CS[0]].sort());
  });

  it('VV-AIR-26, VV-AIR-04: an unescorted CS type meets table (c) at once', () => {
    const s = airBoard({ [AL_CS[0]]: VERDUN, [DE_F[0]]: EAST_OF_METZ });
    const ctx = alliedAir(s, `interdict ${AL_CS[0]} at ${NEAR_METZ}`, [6], GERMANS_INTERCEPT);
    assert.deepEqual(
      eventsOf(ctx, 'air-combat-round').map((e) => [e['table'], e['clause']]),
      [['flyers', 'VV-AIR-29']],
    );
    assert.equal(s.pieces[AL_CS[0]]!.at, 'out');
  });

  it('VV-ETH-15: a fighter based more than three hexes away cannot intercept', () => {
    const far = 'W9021';
    const s = airBoard({ [AL_CS[0]]: VERDUN, [DE_F[0]]: far });
    const ctx = alliedAir(s, `interdict ${AL_CS[0]} at ${NEAR_METZ}`, [], GERMANS_INTERCEPT);
    assert.equal(eventsOf(ctx, 'decision').length, 0, 'no decision to take');
    assert.deepEqual(s.air.interdicted, { [NEAR_METZ]: 'light' });
  });

  it('D-AMB-35: an interceptor starts from a base: a fighter in a hex no longer a base stays', () => {
    const s = escortedRaid();
    handOver(s, [EAST_OF_METZ], 'allies');
    const ctx = alliedAir(s, RAID, [], GERMANS_INTERCEPT);
    assert.equal(eventsOf(ctx, 'interception').length, 0);
  });

  it('VV-ETH-22: with no standing order a live game asks, a deadline game keeps them home; intercept none keeps them home', () => {
    const asked = escortedRaid();
    const answer = { id: 't5.allied.intercept.fl-de-1', seat: 'germany', answer: NEAR_METZ };
    const ctx = alliedAir(asked, RAID, [6, 6], {}, [answer]);
    assert.equal(eventsOf(ctx, 'decision')[0]!['source'], 'answer');
    assert.equal(asked.pieces[AL_CS[0]]!.at, 'out');
    const silent = escortedRaid();
    const quiet = alliedAir(silent, RAID, []);
    assert.equal(eventsOf(quiet, 'decision')[0]!['source'], 'default');
    assert.equal(eventsOf(quiet, 'decision')[0]!['answer'], 'none');
    const none = escortedRaid();
    const home = alliedAir(none, RAID, [], { germany: { intercept: [] } });
    assert.equal(eventsOf(home, 'decision')[0]!['source'], 'standing order');
    assert.deepEqual(none.air.interdicted, { [NEAR_METZ]: 'light' });
  });

  it('VV-WCPD-18: a fighter held in a Storm hex does not intercept', () => {
    const s = escortedRaid();
    s.inventions.storms = [EAST_OF_METZ];
    const ctx = alliedAir(s, RAID, [], GERMANS_INTERCEPT);
    assert.equal(eventsOf(ctx, 'interception').length, 0);
  });
});

describe('Allied interception in the German player-turn', () => {
  /** The German Interception Phase on a state, with the Allies' standing orders. */
  function germanInterception(state: VernianState, dice: number[], standing: Record<string, Json>) {
    const ctx = airContext('german', dice, standing);
    phases['german-interception']!(state, new Map(), ctx);
    assert.equal(ctx.rolls(), dice.length);
    return ctx;
  }

  it('VV-SEQ-06, VV-ETH-17, AMB-36, VV-AIR-16, VV-ZEP-05, VV-ETH-33: Allied fighters attack Zeppelins that flew, and go home', () => {
    const s = airBoard({ [AL_F[0]]: LIEGE, [ZEPS[0]]: AACHEN, [ZEPS[1]]: AACHEN });
    s.air.flown = [AACHEN];
    const ctx = germanInterception(s, [6, 6], { allies: { intercept: [AL_F[0]] } });
    assert.deepEqual(
      eventsOf(ctx, 'air-combat-round').map((e) => [e['table'], e['piece']]),
      [
        ['zeppelins', ZEPS[0]],
        ['zeppelins', ZEPS[1]],
      ],
    );
    assert.equal(s.pieces[ZEPS[0]]!.at, 'out');
    assert.equal(s.pieces[ZEPS[1]]!.at, 'out');
    assert.equal(s.pieces[AL_F[0]]!.at, LIEGE);
    assert.equal(eventsOf(ctx, 'air-return')[0]!['piece'], AL_F[0]);
  });

  it('D-AMB-35, AMB-36: Zeppelins that did not fly this player-turn, and German flyers, are no target', () => {
    const s = airBoard({ [AL_F[0]]: LIEGE, [ZEPS[0]]: AACHEN, [DE_F[0]]: 'W8607' });
    s.air.flown = ['W8607'];
    const ctx = germanInterception(s, [], { allies: { intercept: [AL_F[0]] } });
    assert.equal(eventsOf(ctx, 'interception').length, 0);
    assert.equal(s.pieces[ZEPS[0]]!.at, AACHEN);
  });
});

describe('through the engine', () => {
  it('VV-SEQ-13, VV-SEQ-14, VV-SEQ-18, VV-ETH-19: a Sweep is flown, fought and brought home in the Allied step', () => {
    const start = openingState();
    start.pieces['fl-fr-1']!.at = LIEGE;
    const ruleset = { ...vernian, setup: () => ok(copyState(start)) };
    const made = createGame<VernianState>(ruleset, {
      gameId: 'air',
      dice: { mode: 'scripted', script: Array.from({ length: 400 }, () => 6) },
      seats: [
        { id: 'germany', player: 'kaiser@example.org' },
        { id: 'allies', player: 'entente@example.org' },
      ],
    });
    assert.ok(made.ok);
    let game = made.value;
    const step = (orders: Record<string, string> = {}) => {
      const opened = openStep(ruleset, game, undefined);
      assert.ok(opened.ok);
      game = opened.value;
      for (const [seat, text] of Object.entries(orders)) {
        const r = submitOrders(ruleset, game, seat, { text });
        assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
        game = r.value.game;
      }
      const resolved = resolveStep(ruleset, game, undefined);
      assert.ok(resolved.ok);
      game = resolved.value.game;
      return game.record.steps.at(-1)!;
    };
    step(); // the set-up
    step(); // the Strategic Turn's phases
    step(); // the German player-turn
    const allied = step({ allies: `sweep fl-fr-1 at ${AACHEN}` });
    const state = game.position.state;
    // The five of the opening; five more came to the German box in Strategic Turn A's Reinforcement Phase.
    const zeppelins = ['zep-1', 'zep-2', 'zep-3', 'zep-4', 'zep-5'];
    assert.ok(Object.keys(state.pieces).filter((id) => id.startsWith('zep-') && state.pieces[id]!.at === 'box').length > 0);
    for (const z of zeppelins) assert.equal(state.pieces[z]!.at, 'out', `${z} is shot down over Aachen`);
    assert.equal(state.pieces['fl-fr-1']!.at, LIEGE);
    assert.deepEqual(state.air.missions, {});
    const lines = allied.events.map((e) => describeEvent(e)).filter((l): l is string => l !== undefined);
    assert.ok(lines.some((l) => /flies a Sweep over W8707 Aachen/.test(l)));
    assert.ok(lines.some((l) => /Allied Fighter versus Zeppelin, round 5: the fighters roll 6/.test(l)));
    assert.ok(lines.some((l) => /returns to base at W8508 Liège/.test(l)));
  });
});
