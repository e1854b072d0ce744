/** The duel fixture's own rules and order language, so the kernel tests stand on a fixture that is right. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, checkAreaMap, createGame, Random, stepInfo, type Json, type OrdersContext } from '../src/index.js';
import { brokenDuel, DUEL_MAP, duel, type DuelOrders, type DuelState } from './fixtures/duel.js';
import { drive, must, randomChooser, randomOrders } from './fixtures/drive.js';

function contexts(seed: string): OrdersContext<DuelState>[] {
  const out: OrdersContext<DuelState>[] = [];
  const d = drive({ dice: { mode: 'committed' }, secrets: new Random(seed), turns: 3, choose: randomChooser(seed), options: { turns: 3, target: 99 } });
  // every step that takes orders, in both turn parities, from the opening state and from a state after play
  const base = must(createGame<DuelState>(duel, { gameId: 'ctx', dice: { mode: 'committed' } }));
  for (const state of [base.position.state, d.game.position.state as DuelState]) {
    for (const turn of [1, 2]) {
      for (let segment = 1; segment < 7; segment++) {
        for (const seat of ['red', 'blue']) {
          const step = stepInfo(duel, { clock: { turn, segment }, state });
          if (step.seats.includes(seat)) out.push({ state, seat, step });
        }
      }
    }
  }
  return out;
}

describe('duel fixture', () => {
  it('has a sound map', () => {
    assert.deepEqual(checkAreaMap(DUEL_MAP), []);
  });

  it('formats and parses back every order built from legal actions, in checked form', () => {
    const choose = randomChooser('round-trip');
    let n = 0;
    for (const ctx of [...contexts('a'), ...contexts('b')]) {
      for (let k = 0; k < 15; k++) {
        const orders = randomOrders(duel, ctx as OrdersContext<Json>, choose) as DuelOrders;
        const checked = duel.checkOrders(orders, ctx);
        assert.ok(checked.ok, `${ctx.step.id} ${JSON.stringify(orders)}`);
        assert.equal(canonicalJson(checked.value), canonicalJson(orders));
        const text = duel.formatOrders(orders, ctx);
        const parsed = duel.parseOrders(text, ctx);
        assert.ok(parsed.ok, `${ctx.step.id} '${text}'`);
        assert.equal(canonicalJson(parsed.value), canonicalJson(orders), text);
        n++;
      }
    }
    assert.ok(n > 100);
  });

  it('takes the empty text as the empty orders', () => {
    for (const ctx of contexts('c')) assert.deepEqual(must(duel.parseOrders('  \n# nothing\n', ctx)), duel.emptyOrders(ctx));
  });

  it('offers no legal action it would refuse', () => {
    for (const ctx of contexts('d')) {
      const walk = (draft: DuelOrders, depth: number) => {
        for (const a of duel.legalActions(draft, ctx)) {
          assert.ok(duel.checkOrders(a.next, ctx).ok, `${ctx.step.id}: ${a.label}`);
          if (depth < 3) walk(a.next, depth + 1);
        }
      };
      walk(duel.emptyOrders(ctx), 0);
    }
  });

  it('refuses orders of the wrong shape with located problems', () => {
    const ctx = contexts('e').find((c) => c.step.segment === 'red-fire')!;
    assert.deepEqual(must(duel.checkOrders({ fire: false }, ctx)), { fire: false });
    const bad = duel.checkOrders({ fire: 'yes', onHit: 'pres' }, ctx);
    assert.ok(!bad.ok);
    assert.deepEqual(
      !bad.ok && bad.error.map((p) => [p.code, p.path, p.suggestion]),
      [
        ['bad-fire', '$.fire', undefined],
        ['bad-exploit', '$.onHit', 'press'],
      ],
    );
    const notObject = duel.checkOrders([1], ctx);
    assert.deepEqual(!notObject.ok && notObject.error[0]!.path, '$');
    const text = duel.parseOrders('fire presss extra', ctx);
    assert.deepEqual(
      !text.ok && text.error.map((p) => [p.code, p.column, p.suggestion]),
      [
        ['extra-words', 13, undefined],
        ['bad-exploit', 6, 'press'],
      ],
    );
  });

  it('keeps its invariants in play, and the broken variant does not', () => {
    const d = drive({ dice: { mode: 'committed' }, secrets: new Random('inv'), turns: 3, choose: randomChooser('inv') });
    assert.deepEqual(duel.invariants!(d.game.position.state as DuelState), []);
    const broken = brokenDuel('invariant');
    const state = must(createGame<DuelState>(broken, { gameId: 'x', dice: { mode: 'committed' } })).position.state;
    broken.phases.upkeep!(state, new Map(), { emit() {} } as never);
    assert.deepEqual(duel.invariants!(state), ['red has 6 tokens', 'blue has 6 tokens']);
  });

  it('describes bid events and leaves others to the generic wording', () => {
    assert.equal(duel.describeEvent!({ type: 'bid', red: 3, blue: 4 }), 'bids: red 3, blue 4');
    assert.equal(duel.describeEvent!({ type: 'move' }), undefined);
  });
});
