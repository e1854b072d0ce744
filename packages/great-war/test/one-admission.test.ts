import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { autoplay, botNamed, canonicalJson, formatProblems, stepInfo, type Json, type OrdersContext } from '@umpire/engine';
import { greatWar, nationOf, orderSpecs, type AnyOrder, type GreatWarState } from '../src/index.js';
import { openingState, step } from './helpers.js';

/**
 * One admission for every order (issue: text the parser admitted but the record check refused bricked games). For
 * every order kind, lines are made from the kind's own grammar (its example and the orders it offers as candidates,
 * written by its own `format`) and then damaged with the values people and attackers type: 0, negatives, huge
 * numbers, fractions, empty lists, unknown names, words dropped or doubled. Whatever the text parser admits, the
 * record check (`checkOrders` of the admitted JSON, which must give it back unchanged) admits too. The same holds for
 * the kinds' JSON with its fields set to those values.
 */

type Ctx = OrdersContext<GreatWarState>;

/** Contexts to read orders in: every seat of the opening, and every seat after four turns of the general. */
function contexts(): Ctx[] {
  const opening = openingState();
  const general = botNamed(greatWar, 'general')!;
  const played = autoplay(greatWar, { seed: 'one-admission', turns: 4, bot: general });
  const later = played.game.position.state as GreatWarState;
  const laterStep = stepInfo(greatWar, played.game.position);
  return [
    ...greatWar.seats(opening).map((seat) => ({ state: opening, seat, step })),
    ...greatWar.seats(later).filter((seat) => nationOf(later, seat)).map((seat) => ({ state: later, seat, step: laterStep })),
  ];
}

const CTXS = contexts();

type GrammarLine = { kind: string; line: string; ctx: Ctx };

/**
 * Each kind's lines of its own grammar, with the context each belongs to: its example, read by a seat the kind offers
 * orders to (or the first seat), and up to five of its candidates from different contexts, formatted.
 */
function grammarLines(): GrammarLine[] {
  const out: GrammarLine[] = [];
  for (const spec of orderSpecs) {
    const mine: GrammarLine[] = [];
    for (const ctx of CTXS) {
      const nation = nationOf(ctx.state, ctx.seat);
      const first = nation ? spec.candidates({ resources: nation.treasury, admitted: [] }, ctx, nation)[0] : undefined;
      if (first && mine.length < 5) mine.push({ kind: spec.kind, line: spec.format(first), ctx });
    }
    out.push({ kind: spec.kind, line: spec.example, ctx: mine[0]?.ctx ?? CTXS[0]! }, ...mine);
  }
  return out;
}

const LINES = grammarLines();
const KINDS = orderSpecs.map((s) => s.kind);
const linesOf = new Map(KINDS.map((k) => [k, LINES.filter((l) => l.kind === k)]));
const NUMBERS = ['0', '-1', '-0', '00', '1.5', '1e3', '99999999999999999999', '4294967297', '9007199254740993', '٣', ''];
const WORDS = ['', 'zzz', 'nowhere', 'all', 'and', ',', 'in', 'to', 'from', '0', '-', "'", 'Atlantis', 'infantry infantry', '#'];

/** A line cut into tokens: numbers, words, and the rest one character at a time (white space kept). */
const tokens = (line: string): string[] => line.match(/\d+|[\p{L}][\p{L}\p{N}'.-]*|\s+|./gu) ?? [];

type Damage = { at: number; how: 'number' | 'word' | 'drop' | 'double' | 'empty-rest' | 'append'; pick: number };
const damage: fc.Arbitrary<Damage> = fc.record({ at: fc.nat(), how: fc.constantFrom('number', 'word', 'drop', 'double', 'empty-rest', 'append'), pick: fc.nat() });

function damaged(line: string, damages: readonly Damage[]): string {
  let t = tokens(line);
  for (const d of damages) {
    if (t.length === 0) break;
    const i = d.at % t.length;
    const numbers = t.map((x, k) => (/^\d+$/.test(x) ? k : -1)).filter((k) => k >= 0);
    const words = t.map((x, k) => (k > 0 && /^\p{L}/u.test(x) ? k : -1)).filter((k) => k >= 0);
    if (d.how === 'number' && numbers.length) t[numbers[d.at % numbers.length]!] = NUMBERS[d.pick % NUMBERS.length]!;
    else if (d.how === 'word' && words.length) t[words[d.at % words.length]!] = WORDS[d.pick % WORDS.length]!;
    else if (d.how === 'drop' && i > 0) t.splice(i, 1);
    else if (d.how === 'double') t.splice(i, 0, t[i]!);
    else if (d.how === 'empty-rest') t = t.slice(0, 1);
    else if (d.how === 'append') t.push(' ', NUMBERS[d.pick % NUMBERS.length]!, ' ', WORDS[d.at % WORDS.length]!);
  }
  return t.join('');
}

/** The record check: the orders pass `checkOrders` and come back unchanged. */
function assertRecordAdmits(orders: Json, ctx: Ctx, what: string): void {
  const checked = greatWar.checkOrders(orders, ctx);
  assert.ok(checked.ok, `${what} was admitted as ${canonicalJson(orders)} for ${ctx.seat}, but the record check refuses it:\n${checked.ok ? '' : formatProblems(checked.error)}`);
  assert.equal(canonicalJson(checked.value), canonicalJson(orders), `${what} is not in its checked form`);
}

describe('one admission: the text parser admits nothing the record check refuses', () => {
  it('every order kind has lines of its own grammar to damage', () => {
    const kinds = new Set(LINES.map((l) => l.kind));
    assert.deepEqual(orderSpecs.map((s) => s.kind).filter((k) => !kinds.has(k)), []);
    assert.ok(LINES.length > orderSpecs.length, `only ${LINES.length} lines`);
  });

  it('the edge values found by hand: a Foreign Legion of 0 and 0 infantry for German East Africa are refused with their line and column', () => {
    const ctx = (seat: string): Ctx => ({ state: openingState(), seat, step });
    const legion = greatWar.parseOrders('foreign-legion 0 in Petrograd', ctx('france'));
    assert.equal(legion.ok, false);
    if (!legion.ok) assert.deepEqual([legion.error[0]?.code, legion.error[0]?.line, legion.error[0]?.column], ['bad-count', 1, 16]);
    const africa = greatWar.parseOrders('east-africa-supplies 0 infantry, 1 artillery', ctx('germany'));
    assert.equal(africa.ok, false);
    if (!africa.ok) assert.deepEqual([africa.error[0]?.code, africa.error[0]?.line], ['bad-count', 1]);
  });

  const readBoth = (text: string, ctx: Ctx) => {
    const parsed = greatWar.parseOrders(text, ctx);
    if (parsed.ok) assertRecordAdmits(parsed.value as unknown as Json, ctx, `'${text}'`);
    else for (const p of parsed.error) assert.ok(p.line !== undefined && p.column !== undefined, `'${text}': a problem without its place: ${p.message}`);
  };

  it('every line of every kind with each of its numbers and names replaced by each edge value is refused or admitted by both', () => {
    for (const { line, ctx } of LINES) {
      const t = tokens(line);
      t.forEach((token, i) => {
        const values = /^\d+$/.test(token) ? NUMBERS : i > 0 && /^\p{L}/u.test(token) ? WORDS : [];
        for (const v of values) readBoth([...t.slice(0, i), v, ...t.slice(i + 1)].join(''), ctx);
      });
    }
  });

  it('property: any line of any kind, damaged in up to three places, for its seat or another, is refused or admitted by both', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.nat(), fc.option(fc.nat(), { nil: undefined }), fc.array(damage, { minLength: 0, maxLength: 3 }), (kind, l, other, damages) => {
        const lines = linesOf.get(kind)!;
        const base = lines[l % lines.length]!;
        readBoth(damaged(base.line, damages), other === undefined ? base.ctx : CTXS[other % CTXS.length]!);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: any order of any kind as JSON, its fields set to edge values, is refused or admitted in its checked form', () => {
    const orders: AnyOrder[] = [];
    for (const spec of orderSpecs) {
      for (const ctx of CTXS) {
        const nation = nationOf(ctx.state, ctx.seat);
        if (nation) orders.push(...spec.candidates({ resources: nation.treasury, admitted: [] }, ctx, nation).slice(0, 3));
      }
    }
    const edge = fc.constantFrom<Json>(0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, '', 'zzz', [], {}, null, true, [''], { zzz: 0 }, { infantry: 0 });
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), edge, (o, c, f, value) => {
        const order = structuredClone(orders[o % orders.length]!) as Record<string, Json>;
        const fields = Object.keys(order).filter((k) => k !== 'kind');
        if (fields.length) order[fields[f % fields.length]!] = value;
        const ctx = CTXS[c % CTXS.length]!;
        const checked = greatWar.checkOrders({ orders: [order] }, ctx);
        if (checked.ok) assertRecordAdmits(checked.value as unknown as Json, ctx, canonicalJson(order));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the text parser drops no line', () => {
  it('a line with a line break of another kind inside is refused with its place, not dropped (the engine reads such breaks first; a client parsing alone still sees it)', () => {
    const read = greatWar.parseOrders('research chem\nbuild 1 infantry in Paris\u2028frobnicate', { state: openingState(), seat: 'france', step });
    assert.equal(read.ok, false);
    if (!read.ok) assert.deepEqual(read.error.map((p) => [p.code, p.line]), [['unreadable-line', 2]]);
  });

  it('only the first unknown order word lists the orders: the answer to many bad lines stays short', () => {
    const read = greatWar.parseOrders('frobnicate\nfrobnicate', { state: openingState(), seat: 'france', step });
    assert.equal(read.ok, false);
    if (!read.ok) {
      assert.match(read.error[0]!.message, /the orders are: declare/);
      assert.ok(read.error[1]!.message.length < 100);
    }
  });
});
