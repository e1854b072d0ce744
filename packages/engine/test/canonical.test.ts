import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  canonicalJson,
  clonePlain,
  closestName,
  err,
  formatProblem,
  formatProblems,
  hashValue,
  jsonPath,
  ok,
  resolveName,
  sha256Hex,
  unwrap,
} from '../src/index.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('canonicalJson', () => {
  it('sorts object keys at every depth and writes no white space', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }), '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('orders keys by code unit, not by insertion or numeric value', () => {
    assert.equal(canonicalJson({ b: 1, B: 2, a: 3, _: 4 }), '{"B":2,"_":4,"a":3,"b":1}');
    // JavaScript lists integer-like keys first, in numeric order; canonical order is textual
    assert.equal(canonicalJson({ 9: 'nine', 10: 'ten', x: 'x' }), '{"10":"ten","9":"nine","x":"x"}');
    assert.equal(canonicalJson({ é: 1, e: 2, z: 3 }), '{"e":2,"z":3,"é":1}');
  });

  it('gives the same text for the same data whatever the insertion order', () => {
    const a = { seats: ['red', 'blue'], side: { red: { at: 'ford', score: 1 }, blue: { score: 2, at: 'hill' } } };
    const b = { side: { blue: { at: 'hill', score: 2 }, red: { score: 1, at: 'ford' } }, seats: ['red', 'blue'] };
    assert.equal(canonicalJson(a), canonicalJson(b));
    // but array order matters
    assert.notEqual(canonicalJson([1, 2]), canonicalJson([2, 1]));
  });

  it('writes -0 as 0, anywhere', () => {
    assert.equal(canonicalJson(-0), '0');
    assert.equal(canonicalJson({ x: -0, y: [-0, 0] }), '{"x":0,"y":[0,0]}');
    assert.equal(hashValue({ x: -0 }), hashValue({ x: 0 }));
  });

  it('writes numbers and strings as JSON does', () => {
    assert.equal(canonicalJson([1.5, 1e21, -3, 0.1]), '[1.5,1e+21,-3,0.1]');
    assert.equal(canonicalJson('a"b\\c\n\u0001'), JSON.stringify('a"b\\c\n\u0001'));
    assert.equal(canonicalJson(true), 'true');
    assert.equal(canonicalJson(null), 'null');
    assert.equal(canonicalJson([]), '[]');
    assert.equal(canonicalJson({}), '{}');
  });

  it('drops undefined object members but refuses undefined in arrays', () => {
    assert.equal(canonicalJson({ a: undefined, b: 1 }), '{"b":1}');
    assert.throws(() => canonicalJson([1, undefined]), (e: Error) => e instanceof TypeError && /\$\[1\]/.test(e.message));
    assert.throws(() => canonicalJson(undefined), TypeError);
  });

  it('refuses NaN and infinities, naming where they are', () => {
    assert.throws(() => canonicalJson(NaN), TypeError);
    assert.throws(() => canonicalJson({ a: [0, { b: Infinity }] }), (e: Error) => e instanceof TypeError && e.message.includes('$.a[1].b'));
    assert.throws(() => canonicalJson(-Infinity), TypeError);
  });

  it('refuses class instances, functions, bigints and symbols', () => {
    class Unit {
      hp = 1;
    }
    assert.throws(() => canonicalJson(new Unit()), (e: Error) => e instanceof TypeError && e.message.includes('Unit'));
    assert.throws(() => canonicalJson({ when: new Date(0) }), (e: Error) => e instanceof TypeError && e.message.includes('$.when'));
    assert.throws(() => canonicalJson(new Map([[1, 2]])), TypeError);
    assert.throws(() => canonicalJson([() => 1]), TypeError);
    assert.throws(() => canonicalJson({ n: 10n }), TypeError);
    assert.throws(() => canonicalJson(Symbol('s')), TypeError);
  });

  it('accepts objects without a prototype', () => {
    const bare = Object.create(null) as Record<string, number>;
    bare.b = 2;
    bare.a = 1;
    assert.equal(canonicalJson(bare), '{"a":1,"b":2}');
  });

  it('clonePlain makes a deep, canonical copy', () => {
    const v = { b: [1, { c: 2 }], a: -0 };
    const c = clonePlain(v);
    assert.deepEqual(c, { a: 0, b: [1, { c: 2 }] });
    (c.b[1] as { c: number }).c = 9;
    assert.equal((v.b[1] as { c: number }).c, 2);
    assert.throws(() => clonePlain({ x: NaN }), TypeError);
  });

  it('canonicalJson writes what JSON.stringify writes with every object\'s keys sorted, for any plain data', () => {
    // The reference: JSON.stringify of every leaf, every object's keys sorted by the default sort (code units).
    const reference = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(reference).join(',')}]`
        : v !== null && typeof v === 'object'
          ? `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${reference((v as Record<string, unknown>)[k])}`)
              .join(',')}}`
          : JSON.stringify(v);
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        assert.equal(canonicalJson(v), reference(v));
      }),
      { numRuns: 500 },
    );
    assert.equal(canonicalJson({ b: 'é\u2028"\\\n', a: -0, c: 1e21, d: 0.1 }), '{"a":0,"b":"é\u2028\\"\\\\\\n","c":1e+21,"d":0.1}');
    assert.equal(canonicalJson({ 10: 1, 9: 2, b: 3, a: 4 }), '{"10":1,"9":2,"a":4,"b":3}');
  });

  it('clonePlain gives what JSON.parse of the canonical text gives, key order included, for any plain data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const c = clonePlain(v);
        assert.equal(JSON.stringify(c), JSON.stringify(JSON.parse(canonicalJson(v))));
      }),
      { numRuns: 300 },
    );
    const odd = JSON.parse('{"__proto__":{"x":1},"y":-0}') as Record<string, unknown>;
    const c = clonePlain(odd);
    assert.equal(Object.getPrototypeOf(c), Object.prototype);
    assert.deepEqual(Object.keys(c), ['__proto__', 'y']);
    assert.equal(canonicalJson(c), '{"__proto__":{"x":1},"y":0}');
    assert.throws(() => clonePlain({ a: [1, undefined] }), /not plain data at \$\.a\[1\]/);
    assert.throws(() => clonePlain({ a: new Date(0) }), /not plain data at \$\.a: Date/);
  });
});

describe('hashValue', () => {
  it('is the SHA-256 of the canonical JSON', () => {
    const v = { z: [1, 'two', null, true], a: { y: 1.25 } };
    assert.equal(hashValue(v), sha256(canonicalJson(v)));
    assert.equal(hashValue(v), sha256('{"a":{"y":1.25},"z":[1,"two",null,true]}'));
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(sha256Hex(new Uint8Array([0x61, 0x62, 0x63])), sha256Hex('abc'));
  });

  it('is stable across key order and changes with any value', () => {
    assert.equal(hashValue({ a: 1, b: 2 }), hashValue({ b: 2, a: 1 }));
    assert.notEqual(hashValue({ a: 1, b: 2 }), hashValue({ a: 1, b: 3 }));
    assert.notEqual(hashValue({ a: '1' }), hashValue({ a: 1 }));
    assert.notEqual(hashValue([]), hashValue({}));
    // a fixed value, so an accidental change of the canonical form shows up
    assert.equal(hashValue({ b: [true, null], a: 'x' }), sha256('{"a":"x","b":[true,null]}'));
    assert.match(hashValue(null), /^[0-9a-f]{64}$/);
  });
});

describe('jsonPath', () => {
  it('writes identifiers with dots, indexes with brackets and other keys quoted', () => {
    assert.equal(jsonPath([]), '$');
    assert.equal(jsonPath(['turns', 2, 'events', 0]), '$.turns[2].events[0]');
    assert.equal(jsonPath(['nations', 3, 'treasury']), '$.nations[3].treasury');
    assert.equal(jsonPath(['a b', 'x-y', '$ok', '_u', '9lives']), '$["a b"]["x-y"].$ok._u["9lives"]');
    assert.equal(jsonPath(['say "hi"']), '$["say \\"hi\\""]');
  });
});

describe('closestName', () => {
  const seats = ['Germany', 'Austria-Hungary', 'France', 'Russia', 'Great Britain', 'Italy', 'Ottoman Empire'];

  it('finds typos', () => {
    assert.equal(closestName('Germny', seats), 'Germany');
    assert.equal(closestName('frnace', seats), 'France');
    assert.equal(closestName('Rusia', seats), 'Russia');
  });

  it('treats case, spaces and punctuation as nothing', () => {
    assert.equal(closestName('GREAT-BRITAIN', seats), 'Great Britain');
    assert.equal(closestName('austria hungary', seats), 'Austria-Hungary');
  });

  it('counts a prefix as close', () => {
    assert.equal(closestName('Ott', seats), 'Ottoman Empire');
    assert.equal(closestName('ital', seats), 'Italy');
  });

  it('suggests nothing for nonsense or empty names', () => {
    assert.equal(closestName('xyzzy', seats), undefined);
    assert.equal(closestName('Bulgaria', seats), undefined);
    assert.equal(closestName('', seats), undefined);
    assert.equal(closestName('---', seats), undefined);
    assert.equal(closestName('Germany', []), undefined);
  });
});

describe('resolveName', () => {
  const areas = ['Paris', 'Picardy', 'Prussia', 'Brest', 'Berlin', 'North Sea', 'Norway'];

  it('resolves exact names, case-insensitively', () => {
    assert.deepEqual(resolveName('paris', areas), { ok: true, value: 'Paris' });
    assert.deepEqual(resolveName('NORTH SEA', areas), { ok: true, value: 'North Sea' });
    assert.deepEqual(resolveName('northsea', areas), { ok: true, value: 'North Sea' });
  });

  it('resolves unique abbreviations', () => {
    assert.deepEqual(resolveName('Pic', areas), { ok: true, value: 'Picardy' });
    assert.deepEqual(resolveName('Ber', areas), { ok: true, value: 'Berlin' });
    assert.deepEqual(resolveName('north s', areas), { ok: true, value: 'North Sea' });
  });

  it('prefers an exact name to longer names it begins', () => {
    assert.deepEqual(resolveName('red', ['redoubt', 'red']), { ok: true, value: 'red' });
  });

  it('reports ambiguous abbreviations with every match', () => {
    const r = resolveName('P', areas);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.reason, 'ambiguous');
    assert.deepEqual([...r.matches].sort(), ['Paris', 'Picardy', 'Prussia']);
    const n = resolveName('Nor', areas);
    assert.ok(!n.ok && n.reason === 'ambiguous' && n.matches.length === 2);
  });

  it('reports unknown names with a suggestion for typos and none for nonsense', () => {
    assert.deepEqual(resolveName('Berlni', areas), { ok: false, reason: 'unknown', matches: [], suggestion: 'Berlin' });
    assert.deepEqual(resolveName('Prusia', areas), { ok: false, reason: 'unknown', matches: [], suggestion: 'Prussia' });
    assert.deepEqual(resolveName('qwertyuiop', areas), { ok: false, reason: 'unknown', matches: [] });
    assert.deepEqual(resolveName('', areas), { ok: false, reason: 'unknown', matches: [] });
  });
});

describe('problems and results', () => {
  it('formats located problems', () => {
    assert.equal(formatProblem({ code: 'x', message: 'no such unit', line: 3, column: 7 }, 'orders.txt'), 'orders.txt:3:7: no such unit');
    assert.equal(formatProblem({ code: 'x', message: 'no such unit', line: 3 }), '3:1: no such unit');
    assert.equal(formatProblem({ code: 'x', message: 'bad', path: '$.units[2]', suggestion: 'Paris' }), "$.units[2]: bad (did you mean 'Paris'?)");
    assert.equal(formatProblem({ code: 'x', message: 'bad' }), 'bad');
    assert.equal(formatProblem({ code: 'x', message: 'bad' }, 'file.json'), 'file.json: bad');
    assert.equal(formatProblems([{ code: 'a', message: 'one' }, { code: 'b', message: 'two', path: '$' }]), 'one\n$: two');
  });

  it('unwraps results', () => {
    assert.equal(unwrap(ok(3)), 3);
    assert.throws(() => unwrap(err('nope')), /nope/);
    assert.throws(() => unwrap(err(['a', 'b']), (e) => e.join('+')), /a\+b/);
  });
});
