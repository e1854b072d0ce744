import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatProblems } from '@umpire/engine';
import { greatWar, lookupTechnology, technologyTable, type GreatWarOrders } from '../src/index.js';
import { newGame, ordersContext } from './helpers.js';

const germany = () => ordersContext(newGame(), 'germany');
const parse = (text: string, ctx = germany()) => greatWar.parseOrders(text, ctx);
const techsOf = (r: ReturnType<typeof parse>) => (r.ok ? r.value.orders.map((o) => o.tech) : assert.fail(formatProblems(r.error)));

test('text orders: one a line, any case, # comments and blank lines, abbreviations and aliases', () => {
  const text = ['# Germany, turn 1', '', 'research Improved Weapons', '   RESEARCH chem   # gas, gas, gas', 'Research tank', 'res aa', 'res sub', '\t', '#research radar'].join('\r\n');
  assert.deepEqual(techsOf(parse(text)), ['improved-weapons', 'chemical-warfare', 'tanks', 'improved-aa-guns', 'improved-submarines']);
});

test('text orders resolve names, ids and aliases to the same technology', () => {
  const cases: [string, string][] = [
    ['research Improved Weapons', 'improved-weapons'],
    ['research weapons', 'improved-weapons'],
    ['research improved-weapons', 'improved-weapons'],
    ['research IMPROVED W', 'improved-weapons'],
    ['research gas', 'chemical-warfare'],
    ['research AA', 'improved-aa-guns'],
    ['research anti-aircraft', 'improved-aa-guns'],
    ['research subs', 'improved-submarines'],
    ['research destroyers', 'improved-cruisers'],
    ['research aircraft', 'aircraft-carriers'],
    ['research super trench', 'super-trenches'],
    ['research industry', 'improved-industrial-technology'],
    ['research fast', 'faster-ships'],
    ['research radar', 'radar'],
  ];
  for (const [line, id] of cases) assert.deepEqual(techsOf(parse(line)), [id], line);
});

test('every problem of a text comes back at once, with its line, column and a suggestion', () => {
  const text = [
    'research Improved Weapons',
    'reserch tanks',
    '  build tanks',
    'research wepons',
    'research improved',
    'research',
    'research Improved Weapons   # again',
  ].join('\n');
  const r = parse(text);
  assert.ok(!r.ok);
  assert.deepEqual(
    r.error.map((p) => ({ code: p.code, line: p.line, column: p.column, suggestion: p.suggestion })),
    [
      { code: 'unknown-order', line: 2, column: 1, suggestion: 'research' },
      { code: 'missing-place', line: 3, column: 14, suggestion: undefined },
      { code: 'unknown-technology', line: 4, column: 10, suggestion: 'Improved Weapons' },
      { code: 'ambiguous-technology', line: 5, column: 10, suggestion: undefined },
      { code: 'missing-technology', line: 6, column: 9, suggestion: undefined },
      { code: 'one-attempt-per-technology', line: 7, column: 10, suggestion: undefined },
    ],
  );
  assert.match(formatProblems(r.error.slice(0, 1), 'orders.txt'), /^orders\.txt:2:1: 'reserch' is not an order; the orders are: (.*, )?research, .* \(did you mean 'research'\?\)$/);
});

test('an ambiguous abbreviation names every technology it could be', () => {
  const r = parse('research s');
  assert.ok(!r.ok);
  assert.equal(r.error[0]!.code, 'ambiguous-technology');
  assert.match(r.error[0]!.message, /Super Trenches, Improved Submarines, Sonar/);
  assert.deepEqual(lookupTechnology('improved').ok, false);
  assert.deepEqual(lookupTechnology('so'), { ok: true, id: 'sonar' });
  assert.deepEqual(lookupTechnology('zeppelins'), { ok: false, reason: 'unknown' });
});

test('JSON orders are checked with a JSON path for every problem', () => {
  const r = greatWar.checkOrders(
    {
      orders: [
        { kind: 'reserch', tech: 'tanks' },
        { kind: 'research', tech: 'improved-weapon' },
        { kind: 'research' },
        5,
        { kind: 'research', tech: 'radar', note: 'please' },
        { tech: 'sonar' },
      ],
      signed: 'Kaiser',
    },
    germany(),
  );
  assert.ok(!r.ok);
  assert.deepEqual(
    r.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-field', '$.signed', undefined],
      ['unknown-order', '$.orders[0].kind', 'research'],
      ['unknown-technology', '$.orders[1].tech', 'improved-weapons'],
      ['missing-technology', '$.orders[2].tech', undefined],
      ['bad-order', '$.orders[3]', undefined],
      ['unknown-field', '$.orders[4].note', undefined],
      ['unknown-order', '$.orders[5].kind', undefined],
    ],
  );
  for (const bad of [null, [], 'research tanks', { orders: 'tanks' }]) assert.ok(!greatWar.checkOrders(bad, germany()).ok, JSON.stringify(bad));
});

test('JSON orders are checked against the state the step starts from', () => {
  const ctx = ordersContext(newGame(), 'serbia');
  const r = greatWar.checkOrders({ orders: [{ kind: 'research', tech: 'tanks' }, { kind: 'research', tech: 'tanks' }, { kind: 'research', tech: 'radar' }] }, ctx);
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.code, p.path]), [
    ['one-attempt-per-technology', '$.orders[1].tech'],
    ['not-enough-resources', '$.orders[2]'],
  ]);
  const good = greatWar.checkOrders({ orders: [{ kind: 'research', tech: 'tanks' }] }, ctx);
  assert.deepEqual(good, { ok: true, value: { orders: [{ kind: 'research', tech: 'tanks' }] } });
});

test('the empty orders are no orders, and format as a comment that parses back to them', () => {
  const ctx = germany();
  assert.deepEqual(greatWar.emptyOrders(ctx), { orders: [] });
  const text = greatWar.formatOrders({ orders: [] }, ctx);
  assert.equal(text, '# no orders\n');
  assert.deepEqual(greatWar.parseOrders(text, ctx), { ok: true, value: { orders: [] } });
  assert.deepEqual(greatWar.parseOrders('', ctx), { ok: true, value: { orders: [] } });
});

test('formatOrders writes the display names', () => {
  const orders: GreatWarOrders = { orders: [{ kind: 'research', tech: 'improved-aa-guns' }, { kind: 'research', tech: 'tanks' }] };
  assert.equal(greatWar.formatOrders(orders, germany()), 'research Improved Anti-Aircraft Guns\nresearch Tanks\n');
});

test('text to JSON to text round-trips for any legal set of research orders', () => {
  const ids = technologyTable().list.map((t) => t.id);
  const ctx = germany();
  fc.assert(
    fc.property(fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 8 }), (techs) => {
      const json: GreatWarOrders = { orders: techs.map((tech) => ({ kind: 'research', tech })) };
      assert.deepEqual(greatWar.checkOrders(json, ctx), { ok: true, value: json });
      const text = greatWar.formatOrders(json, ctx);
      const back = greatWar.parseOrders(text, ctx);
      assert.deepEqual(back, { ok: true, value: json });
      assert.equal(greatWar.formatOrders(back.ok ? back.value : json, ctx), text);
    }),
  );
  const typed = 'Research chem\nresearch TANK # prototypes\n';
  const parsed = parse(typed, ctx);
  assert.ok(parsed.ok);
  const text = greatWar.formatOrders(parsed.value, ctx);
  assert.equal(text, 'research Chemical Warfare\nresearch Tanks\n');
  assert.deepEqual(parse(text, ctx), parsed);
});

test('legalActions offers each research order that could still be added, and each is accepted', () => {
  const ctx = germany();
  let draft: GreatWarOrders = { orders: [] };
  const researchOnly = (d: GreatWarOrders) => greatWar.legalActions(d, ctx).filter((a) => a.next.orders.at(-1)!.kind === 'research');
  const first = researchOnly(draft);
  assert.equal(first.length, technologyTable().list.length);
  assert.equal(first[0]!.label, 'research Improved Weapons');
  for (let i = 0; i < 8; i++) {
    const actions = researchOnly(draft);
    assert.equal(actions.length, technologyTable().list.length - i);
    for (const a of actions) assert.ok(greatWar.checkOrders(a.next, ctx).ok, a.label);
    draft = actions[actions.length - 1]!.next;
  }
  assert.deepEqual(researchOnly(draft), [], 'Germany has spent its 80');
});
