import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OrderList } from '../../src/index.js';
import { ctxOf, language, opening, type Kingdoms } from './kingdoms.js';

/** The order language kit on a toy ruleset (kingdoms.ts): text, JSON, the ledger, drafts and legal actions. */

describe('order language: text', () => {
  it('reads order words and names abbreviated, in any case, with comments and blank lines', () => {
    const r = language.parseOrders('# turn 1\n\nHI 1 kn at north  # a knight\nrecr 1 bowman, 1 archer at SOUTH\n', ctxOf('red'));
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    assert.deepEqual(r.value, {
      orders: [
        { kind: 'hire', units: { knight: 1 }, at: 'north' },
        { kind: 'hire', units: { archer: 2 }, at: 'south' },
      ],
    });
  });

  it('gives every problem at once, each at its line and column, with the closest name', () => {
    const r = language.parseOrders('hre 1 knight at north\nhire 2 knigt at north\nhire 1 knight at nowhere\nm 1 knight from north to south', ctxOf('red'));
    assert.ok(!r.ok);
    assert.deepEqual(
      r.error.map((p) => [p.code, p.line, p.column, p.suggestion]),
      [
        ['unknown-order', 1, 1, 'hire'],
        ['unknown-unit', 2, 8, 'Knight'],
        ['unknown-area', 3, 18, undefined],
        ['ambiguous-order', 4, 1, undefined],
      ],
    );
    assert.match(r.error[0]!.message, /'hre' is not an order; the orders are: declare, hire, march/);
    assert.match(r.error[3]!.message, /'m' could be march, move/);
  });

  it('places a refusal at the start of the order, or after the order word when it is about a field', () => {
    const r = language.parseOrders('hire 1 knight at blue castle\n  march 3 knights from north to south', ctxOf('red'));
    assert.ok(!r.ok);
    assert.deepEqual(r.error.map((p) => [p.code, p.line, p.column]), [
      ['not-yours', 1, 6],
      ['not-enough-troops', 2, 9],
    ]);
  });

  it('writes orders back as text that reads as the same orders', () => {
    const orders: OrderList = { orders: [{ kind: 'declare', on: 'blue' }, { kind: 'march', units: { knight: 'all', archer: 1 }, from: 'north', to: 'blue-castle', via: ['south'] }] };
    const text = language.formatOrders(orders);
    assert.equal(text, 'declare war on blue\nmarch all knights, 1 archer from North March to Blue Castle via South March\n');
    const again = language.parseOrders(text, ctxOf('red'));
    assert.ok(again.ok, JSON.stringify(!again.ok && again.error));
    assert.deepEqual(again.value, orders);
    assert.equal(language.formatOrders({ orders: [] }), '# no orders\n');
  });

  it('refuses the orders of a seat with no player with the ruleset’s problem', () => {
    for (const r of [language.parseOrders('hire 1 knight at north', ctxOf('green')), language.checkOrders({ orders: [] }, ctxOf('green'))]) {
      assert.ok(!r.ok);
      assert.deepEqual(r.error, [{ code: 'no-kingdom', message: "seat 'green' rules no kingdom" }]);
    }
    assert.equal(language.openDraft(ctxOf('green')), undefined);
    assert.deepEqual(language.legalActions({ orders: [] }, ctxOf('green')), []);
  });
});

describe('order language: JSON', () => {
  it('checks JSON orders, naming the JSON path of each problem and the closest field or kind', () => {
    const r = language.checkOrders(
      {
        orders: [
          { kind: 'hire', units: { knight: 0 }, at: 'north', colour: 'red' },
          { kind: 'hier', units: { knight: 1 }, at: 'north' },
          'march',
          { kind: 'march', units: { knight: 1 }, from: 'north', to: 'blue-castle' },
        ],
        order: [],
      },
      ctxOf('red'),
    );
    assert.ok(!r.ok);
    assert.deepEqual(
      r.error.map((p) => [p.code, p.path, p.suggestion]),
      [
        ['unknown-field', '$.order', 'orders'],
        ['unknown-field', '$.orders[0].colour', undefined],
        ['bad-count', '$.orders[0].units.knight', undefined],
        ['unknown-order', '$.orders[1].kind', 'hire'],
        ['bad-order', '$.orders[2]', undefined],
        ['not-at-war', '$.orders[3].to', undefined],
      ],
    );
  });

  it('admits what the text admits, and refuses what is not an orders object', () => {
    const r = language.checkOrders({ orders: [{ kind: 'hire', units: { archer: 2 }, at: 'south' }] }, ctxOf('red'));
    assert.ok(r.ok);
    assert.deepEqual(r.value, { orders: [{ kind: 'hire', units: { archer: 2 }, at: 'south' }] });
    const bad = language.checkOrders([], ctxOf('red'));
    assert.ok(!bad.ok);
    assert.deepEqual(bad.error.map((p) => [p.code, p.path]), [['bad-orders', '$']]);
  });
});

describe('order language: the ledger', () => {
  it('charges every order to the budget in phase order and refuses the one that overspends it', () => {
    // Red has 10 gold: two knights (8) leave 2, so a third knight (4) is refused; an archer (2) is not.
    const r = language.parseOrders('hire 2 knights at north\nhire 1 knight at south\nhire 1 archer at south', ctxOf('red'));
    assert.ok(!r.ok);
    assert.deepEqual(r.error.map((p) => [p.code, p.line, p.message]), [['not-enough-gold', 2, '1 knight cost 4, and Red has 2 left']]);
    assert.ok(language.parseOrders('hire 2 knights at north\nhire 1 archer at south', ctxOf('red')).ok);
  });

  it('checks a later phase against the prospect of an earlier one, whatever the order of the lines', () => {
    const march = 'march 1 knight from north to blue castle';
    const alone = language.parseOrders(march, ctxOf('red'));
    assert.ok(!alone.ok);
    assert.equal(alone.error[0]!.code, 'not-at-war');
    const after = language.parseOrders(`${march}\ndeclare war on blue`, ctxOf('red'));
    assert.ok(after.ok, JSON.stringify(!after.ok && after.error));
    assert.deepEqual(after.value.orders.map((o) => o.kind), ['march', 'declare'], 'the orders keep the order they were given in');
  });

  it('counts the units earlier orders took: two marches may not take the same knights', () => {
    const r = language.parseOrders('march 2 knights from north to south\nmarch 1 knight from north to red castle', ctxOf('red'));
    assert.ok(!r.ok);
    assert.deepEqual(r.error.map((p) => [p.code, p.line, p.message]), [['not-enough-troops', 2, 'Red has 0 knights left in North March']]);
  });
});

describe('order language: drafts', () => {
  it('adds legal orders one at a time and refuses the rest without changing the draft', () => {
    const draft = language.openDraft(ctxOf('red'))!;
    assert.equal(draft.add({ kind: 'hire', units: { knight: 2 }, at: 'north' }), undefined);
    assert.equal(draft.ledger.resources, 2);
    const refusal = draft.add({ kind: 'hire', units: { knight: 1 }, at: 'south' });
    assert.deepEqual(refusal, { code: 'not-enough-gold', message: '1 knight cost 4, and Red has 2 left', field: 'units' });
    assert.deepEqual(draft.orders, { orders: [{ kind: 'hire', units: { knight: 2 }, at: 'north' }] });
    assert.equal(draft.add({ kind: 'joust' })?.code, 'unknown-order');
  });

  it('checks the whole draft again when an order comes out of phase order, and moves its context on by the prospects', () => {
    const draft = language.openDraft(ctxOf('red'))!;
    assert.equal(draft.add({ kind: 'march', units: { knight: 1 }, from: 'north', to: 'blue-castle' })?.code, 'not-at-war');
    assert.equal(draft.add({ kind: 'hire', units: { archer: 1 }, at: 'north' }), undefined);
    assert.equal(draft.add({ kind: 'declare', on: 'blue' }), undefined, 'a declaration after a hire: the draft is checked again in phase order');
    assert.deepEqual((draft.ctx.state as Kingdoms).kingdoms[0]!.atWarWith, ['blue']);
    assert.equal(draft.add({ kind: 'march', units: { knight: 1 }, from: 'north', to: 'blue-castle' }), undefined);
    assert.deepEqual(draft.orders.orders.map((o) => o.kind), ['declare', 'hire', 'march']);
    assert.equal(draft.ledger.resources, 8);
    assert.ok(language.checkOrders(draft.orders, ctxOf('red')).ok, 'what a draft holds passes the check of the whole');
  });

  it('keeps its own copy of what it was given, and gives copies', () => {
    const draft = language.openDraft(ctxOf('red'))!;
    const order = { kind: 'hire', units: { knight: 1 }, at: 'north' };
    draft.add(order);
    order.units.knight = 9;
    draft.ledger.admitted.length = 0;
    assert.deepEqual(draft.orders.orders, [{ kind: 'hire', units: { knight: 1 }, at: 'north' }]);
  });
});

describe('order language: legal actions', () => {
  it('offers the candidates that keep the draft legal, labelled as text', () => {
    const labels = language.legalActions({ orders: [] }, ctxOf('blue')).map((a) => a.label);
    // Blue has 3 gold: no knight (4) is legal; it holds only Blue Castle, and its archer may not march into Red's areas before a war.
    assert.deepEqual(labels, ['declare war on red']);
    const red = language.legalActions({ orders: [{ kind: 'hire', units: { knight: 1 }, at: 'north' }] }, ctxOf('red'));
    const hires = red.filter((a) => a.label.startsWith('hire')).map((a) => a.label);
    assert.deepEqual(hires, ['hire 1 knight at North March', 'hire 1 knight at South March', 'hire 1 knight at Red Castle']);
    assert.deepEqual(red[0]!.next.orders[0], { kind: 'hire', units: { knight: 1 }, at: 'north' }, 'each action is the whole draft after it');
    assert.equal(red[0]!.next.orders.length, 2);
    for (const a of red) assert.ok(language.checkOrders(a.next, ctxOf('red')).ok, a.label);
  });

  it('offers the actions that start at an area, and none for a draft that is not legal', () => {
    assert.deepEqual(
      language.actionsAt({ orders: [] }, ctxOf('red'), 'south').map((a) => a.label),
      ['hire 1 knight at South March', 'hire 2 knights at South March'],
    );
    assert.deepEqual(language.legalActions({ orders: [{ kind: 'hire', units: { knight: 3 }, at: 'north' }] }, ctxOf('red')), []);
    assert.ok(opening.kingdoms.every((k) => k.atWarWith.length === 0), 'the prospects never change the state they start from');
  });
});
