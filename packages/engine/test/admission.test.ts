import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  admitOrders,
  awaiting,
  boundedProblems,
  createGame,
  ok,
  openStep,
  plainJsonProblems,
  readOrderText,
  replay,
  resolveStep,
  submitOrders,
  type AnyRuleset,
  type Game,
  type Problem,
} from '../src/index.js';
import { duel, type DuelState } from './fixtures/duel.js';
import { must } from './fixtures/drive.js';

/** A duel whose text reader admits a bid the JSON check refuses (a negative bid), as a careless parser would. */
const lenientDuel: AnyRuleset = {
  ...duel,
  parseOrders: (text, ctx) => {
    const m = /^\s*bid\s+(-?\d+)\s*$/.exec(text);
    return m ? ok({ bid: Number(m[1]) }) : duel.parseOrders(text, ctx);
  },
};

const stepOf = (ruleset: AnyRuleset, game: Game<DuelState>) => {
  const now = awaiting(ruleset, game);
  assert.equal(now.kind, 'orders');
  return (now as Extract<typeof now, { kind: 'orders' }>).step;
};

function openBids(ruleset: AnyRuleset): Game<DuelState> {
  let game = must(createGame<DuelState>(ruleset, { gameId: 'admission', dice: { mode: 'scripted', script: Array.from({ length: 100 }, () => 3) } }), 'createGame');
  for (;;) {
    const now = awaiting(ruleset, game);
    if (now.kind === 'orders' && now.step.seats.includes('red')) return game;
    if (now.kind === 'open-step') game = must(openStep(ruleset, game), 'openStep');
    else game = must(resolveStep(ruleset, game), 'resolveStep').game;
  }
}

describe('one admission for every order', () => {
  it('orders a text reader admits but the record check refuses are refused, and the record stays as it was', () => {
    const game = openBids(lenientDuel);
    const sent = submitOrders(lenientDuel, game, 'red', { text: 'bid -3' });
    assert.equal(sent.ok, false);
    if (sent.ok) return;
    assert.equal(sent.error[0]?.code, 'read-but-not-admitted');
    assert.match(sent.error[0]!.message, /nothing was stored/);
    // The game is unchanged: the same orders can be sent mended, and the record replays.
    const mended = must(submitOrders(lenientDuel, game, 'red', { text: 'bid 1' }), 'mended');
    assert.deepEqual(mended.receipt.orders, { bid: 1 });
    assert.equal(replay(lenientDuel, mended.game.record).ok, true);
  });

  it('property: whatever a text becomes when it is admitted, the record check admits it too, and the record replays', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1000, max: 1000 }).map((n) => `bid ${n}`), fc.string(), fc.constantFrom('bid 0', 'bid -0', 'bid 99999999999999999999', 'pass', '')), (text) => {
        const game = openBids(lenientDuel);
        const sent = submitOrders(lenientDuel, game, 'red', { text });
        if (!sent.ok) return;
        const check = duel.checkOrders(sent.value.receipt.orders, { state: game.position.state, seat: 'red', step: stepOf(duel, game) });
        assert.equal(check.ok, true, `admitted '${text}' as ${JSON.stringify(sent.value.receipt.orders)}, which the check refuses`);
        assert.equal(replay(lenientDuel, sent.value.game.record).ok, true);
      }),
      { numRuns: 200 },
    );
  });

  it('JSON orders are stored only in the form the check gives back', () => {
    const game = openBids(duel);
    const ctx = { state: game.position.state, seat: 'red', step: stepOf(duel, game) };
    assert.deepEqual(admitOrders(duel, { json: { bid: 1 } }, ctx), { ok: true, value: { bid: 1 } });
    const refused = admitOrders(duel, { json: { bid: 0.5 } }, ctx);
    assert.equal(refused.ok, false);
  });
});

describe('reading a text of orders: nothing is dropped', () => {
  const lines = (text: string) => {
    const read = readOrderText(text);
    assert.equal(read.ok, true, JSON.stringify(read));
    return read.ok ? read.value.split('\n') : [];
  };
  const refusal = (text: string): Problem[] => {
    const read = readOrderText(text);
    assert.equal(read.ok, false, `expected '${JSON.stringify(text)}' to be refused`);
    return read.ok ? [] : read.error;
  };

  it('U+2028 and U+2029 break lines, as CR LF, CR and NEL do', () => {
    assert.deepEqual(lines('a\u2028b\u2029c\r\nd\re\u0085f\ng'), ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('a byte-order mark at the start is dropped; tabs stay as white space', () => {
    assert.deepEqual(lines('\uFEFFbid\t1\n'), ['bid\t1', '']);
  });

  it('NUL, control characters, a lone surrogate and an inner zero-width no-break space are refused with their line and column', () => {
    const [nul] = refusal('pass\nbid \u00001');
    assert.deepEqual([nul?.code, nul?.line, nul?.column], ['nul-character', 2, 5]);
    const [ctl] = refusal('\u0007pass');
    assert.deepEqual([ctl?.code, ctl?.line, ctl?.column], ['control-character', 1, 1]);
    const [lone] = refusal('bid 1\u2028pa\uD800ss');
    assert.deepEqual([lone?.code, lone?.line, lone?.column], ['broken-character', 2, 3]);
    const [low] = refusal('pass \uDC00');
    assert.deepEqual([low?.code, low?.column], ['broken-character', 6]);
    const [bom] = refusal('pass\uFEFF');
    assert.deepEqual([bom?.code, bom?.column], ['invisible-character', 5]);
  });

  it('a character outside the basic plane counts as one place and is kept', () => {
    assert.deepEqual(lines('pass # 🎲'), ['pass # 🎲']);
    const [nul] = refusal('🎲\u0000');
    assert.equal(nul?.column, 3);
  });

  it('an order line holding U+2028 is read, not dropped, when submitted', () => {
    const game = openBids(duel);
    // 'bid 1' then, on the next line, a second command: the duel takes one command a step, so this must be refused.
    const sent = submitOrders(duel, game, 'red', { text: 'bid 1\u2028bid 2' });
    assert.equal(sent.ok, false);
    if (!sent.ok) assert.deepEqual([sent.error[0]?.code, sent.error[0]?.line], ['one-command', 2]);
  });

  it('property: any text is either read into as many lines as its line breaks make, or refused with located problems', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const read = readOrderText(text);
        if (read.ok) {
          const breaks = (text.replace(/^\uFEFF/, '').match(/\r\n|[\r\n\u0085\u2028\u2029]/g) ?? []).length;
          assert.equal(read.value.split('\n').length, breaks + 1);
          assert.ok(!read.value.includes('\u0000') && !read.value.includes('\r'));
        } else for (const p of read.error) assert.ok(p.line! >= 1 && p.column! >= 1);
      }),
      { numRuns: 500 },
    );
  });
});

describe('answers stay small', () => {
  it('at most 30 problems are listed, and the rest are counted', () => {
    const many: Problem[] = Array.from({ length: 1000 }, (_, i) => ({ code: 'x', message: `problem ${i}`, line: i + 1 }));
    const shown = boundedProblems(many);
    assert.equal(shown.length, 31);
    assert.equal(shown[29]?.line, 30);
    assert.deepEqual(shown[30], { code: 'more-problems', message: 'and 970 more problems (fix these first)' });
    assert.equal(boundedProblems(many.slice(0, 30)).length, 30);
    const long = Array.from({ length: 100 }, (_, i) => ({ code: 'x', message: `${i} ${'long '.repeat(200)}` }));
    const fit = boundedProblems(long);
    assert.equal(fit.length, 6);
    assert.deepEqual(fit.at(-1), { code: 'more-problems', message: 'and 95 more problems (fix these first)' });
  });
});

describe('JSON that cannot be stored or walked is refused with its path', () => {
  it('nesting 10,000 deep, NUL and lone surrogates in strings and keys, each at its JSON path', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const [tooDeep] = plainJsonProblems({ orders: deep });
    assert.equal(tooDeep?.code, 'too-deep');
    assert.equal(tooDeep?.path, `$.orders${'.a'.repeat(63)}`);
    assert.deepEqual(
      plainJsonProblems({ orders: [{ at: 'war\u0000saw' }, { ['k\uDC00']: 1 }] }).map((p) => [p.code, p.path]),
      [
        ['nul-character', '$.orders[0].at'],
        ['broken-character', '$.orders[1]["k\\udc00"]'],
      ],
    );
    assert.deepEqual(plainJsonProblems({ orders: ['🎲', 'ok'] }), []);
  });

  it('submitted as JSON orders, such input is refused before the ruleset sees it and nothing is stored', () => {
    const game = openBids(duel);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const sent = submitOrders(duel, game, 'red', { json: { bid: deep } });
    assert.equal(sent.ok, false);
    if (!sent.ok) assert.equal(sent.error[0]?.code, 'too-deep');
  });
});
