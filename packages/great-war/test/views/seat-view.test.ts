import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  autoplay,
  botNamed,
  canonicalJson,
  clonePlain,
  publicRecord,
  recordPositions,
  replay,
  seatRecord,
  seatView as engineView,
  stateAfterPhase,
  stepInfo,
  type GameRecord,
} from '@umpire/engine';
import { greatWar, seatsOf, setup, turnPhaseNames, type GreatWarState } from '../../src/index.js';
import type { Position } from '@umpire/engine';
import { PRIVATE_NATION_FIELDS, seatView, seesMinorMoney, showsMoney, type GreatWarView } from '../../src/views/seat-view.js';

/**
 * A seat's view (decision D-NAT-5): everything public and its own money; the other nations' money (treasury,
 * industrial credit, ledger, units bought and not placed) withheld, as their events are.
 */

const opening = (): GreatWarState => {
  const s = setup('august-1914');
  assert.ok(s.ok);
  return s.value;
};

/** One turn of the general on every seat: the game, its record and the state after the build phase of turn 1. */
const oneTurn = (() => {
  let kept: { state: GreatWarState; position: Position<GreatWarState>; afterBuild: GreatWarState; record: GameRecord } | undefined;
  return () => {
    if (kept) return kept;
    const played = autoplay(greatWar, { seed: 'seat-view', turns: 1, bot: botNamed(greatWar, 'general')!, gameId: 'seat-view' });
    const record = played.game.record;
    const start = recordPositions(greatWar, record).before.get(record.steps[0]!.id)!;
    const after = stateAfterPhase<GreatWarState>(greatWar, record, 0, start as never, turnPhaseNames.indexOf('build'));
    assert.ok(after);
    const position = played.game.position as Position<GreatWarState>;
    kept = { state: position.state, position, afterBuild: after.state, record };
    return kept;
  };
})();

const without = (value: object, keys: readonly string[]) => Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

describe('a seat\'s view of the Great War', () => {
  it('shows a nation its own money and withholds every other nation\'s; everything else is the state\'s', () => {
    const { state } = oneTurn();
    const before = clonePlain(state);
    for (const seat of seatsOf(state)) {
      const view = seatView(state, seat);
      for (const nation of view.nations) {
        const whole = state.nations.find((n) => n.id === nation.id)!;
        if (nation.id === seat) {
          assert.deepEqual(nation, whole, `${seat} sees all of its own nation`);
          assert.ok(showsMoney(nation));
        } else {
          for (const field of PRIVATE_NATION_FIELDS) assert.equal(nation[field], null, `${seat} does not see ${nation.id}'s ${field}`);
          assert.ok(!showsMoney(nation));
          // Its technology, side, wars and manpower are public.
          assert.deepEqual(without(nation, PRIVATE_NATION_FIELDS), without(whole, PRIVATE_NATION_FIELDS));
        }
      }
      const rest = (s: object) => without(s, ['nations', 'minors']);
      assert.deepEqual(rest(view), rest(state), 'the map, the politics and the turn records are public');
    }
    assert.equal(canonicalJson(state), canonicalJson(before), 'the state itself is not changed');
  });

  it('shows a visitor no nation\'s money, nor a minor\'s', () => {
    const view = seatView(oneTurn().state, undefined);
    assert.ok(view.nations.every((n) => PRIVATE_NATION_FIELDS.every((f) => n[f] === null)));
    assert.ok(view.minors.every((m) => m.treasury === null));
    assert.ok(!canonicalJson(view).includes('"ledger":{'));
  });

  it('shows a minor nation\'s treasury to the seat that controls it, and one the moderator runs to nobody', () => {
    const state = opening();
    const serbiaRuns = clonePlain(state);
    const minor = serbiaRuns.minors[0]!;
    minor.controller = 'serbia';
    minor.treasury = 7;
    const minorIn = (view: GreatWarView) => view.minors.find((m) => m.id === minor.id)!;
    assert.equal(minorIn(seatView(serbiaRuns, 'serbia')).treasury, 7);
    assert.equal(minorIn(seatView(serbiaRuns, 'germany')).treasury, null);
    assert.ok(state.minors.every((m) => m.controller === 'moderator'));
    for (const seat of seatsOf(state)) assert.ok(seatView(state, seat).minors.every((m) => m.treasury === null));
    assert.equal(seesMinorMoney({ controller: 'moderator' }, 'moderator'), false);
  });

  it('withholds the units another nation has bought and not yet placed, and what it paid for them', () => {
    const { afterBuild } = oneTurn();
    const buyers = afterBuild.nations.filter((n) => n.purchases.length > 0);
    assert.ok(buyers.length > 0, 'some nation bought units in turn 1');
    const buyer = buyers[0]!;
    const other = seatsOf(afterBuild).find((s) => s !== buyer.id)!;
    assert.equal(seatView(afterBuild, other).nations.find((n) => n.id === buyer.id)!.purchases, null);
    assert.deepEqual(seatView(afterBuild, buyer.id).nations.find((n) => n.id === buyer.id)!.purchases, buyer.purchases);
  });

  it('is the ruleset\'s view, and holds the same money as the events the seat may see', () => {
    const { state, record } = oneTurn();
    assert.deepEqual(engineView(greatWar, state, 'germany'), seatView(state, 'germany'));
    // Each seat's record holds its own ledger whole and no other nation's, as its view holds its own money only.
    const ledgers = record.steps.at(-1)!.events.filter((e) => e.type === 'ledger');
    for (const seat of seatsOf(state)) {
      const seen = seatRecord(record, seat).steps.at(-1)!.events.filter((e) => e.type === 'ledger');
      assert.deepEqual(seen.map((e) => e['nation']), [seat], `${seat} sees its own ledger only`);
      assert.ok(seatView(state, seat).nations.every((n) => showsMoney(n) === (n.id === seat)));
    }
    assert.equal(ledgers.length, seatsOf(state).length);
    // The public record withholds every ledger and still verifies.
    const published = publicRecord(record);
    assert.equal(published.steps.flatMap((s) => s.events).filter((e) => e.type === 'ledger' || e.type === 'treasury').length, 0);
    const checked = replay(greatWar, JSON.parse(JSON.stringify(published)) as typeof published);
    assert.ok(checked.ok, checked.mismatch?.message);
    assert.ok(checked.hiddenChecked >= ledgers.length);
  });

  it('is enough for a seat to write its orders: the order language reads a seat\'s view as it reads the whole state', () => {
    const { state, position } = oneTurn();
    const step = stepInfo(greatWar, position);
    for (const seat of ['germany', 'britain', 'russia']) {
      const view = seatView(state, seat) as unknown as GreatWarState;
      const whole = { state, seat, step };
      const seen = { state: view, seat, step };
      const labels = (ctx: typeof whole) => greatWar.legalActions(greatWar.emptyOrders(ctx), ctx).map((a) => a.label);
      assert.deepEqual(labels(seen), labels(whole), `${seat}'s legal orders`);
      const areas = [...new Set(state.board.units.filter((u) => u.nation === seat).map((u) => u.at))].slice(0, 4);
      for (const area of areas) {
        const at = (ctx: typeof whole) => greatWar.actionsAt!(greatWar.emptyOrders(ctx), ctx, area).map((a) => a.label);
        assert.deepEqual(at(seen), at(whole), `${seat}'s orders from ${area}`);
      }
      const first = greatWar.legalActions(greatWar.emptyOrders(whole), whole)[0];
      assert.ok(first, `${seat} has a legal order`);
      const text = `${greatWar.formatOrders(first.next, whole)}\nmove 2 infantry from Berln to Hanover`;
      const parsed = (ctx: typeof whole) => greatWar.parseOrders(text, ctx);
      assert.deepEqual(parsed(seen), parsed(whole), `${seat}'s orders read the same`);
    }
  });
});
