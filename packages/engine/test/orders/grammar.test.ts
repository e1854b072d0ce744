import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addWhileLegal, checkUnitSelection, countOf, err, formatSelection, fromToPhrase, nameIndex, ok, ordersOf, parseUnitList, pickUnits, taken, unknownFieldProblems, type Ledger, type Result } from '../../src/index.js';
import { vocabulary } from './kingdoms.js';

/** The grammar kit of the order language: counts, unit lists, from/to phrases, fields, names, what orders took. */

const both = ['knight', 'archer'];

describe('grammar: counts and unit lists', () => {
  it('reads counts as numbers, all, a, an and one', () => {
    assert.deepEqual(['3', 'ALL', 'a', 'an', 'One', '0', 'some'].map(countOf), [3, 'all', 1, 1, 1, 0, undefined]);
  });

  it('reads a list of units with commas and and, and all', () => {
    assert.deepEqual(parseUnitList('2 knights, an archer and 1 bowman', 1, 5, both, vocabulary), { knight: 2, archer: 2 });
    assert.equal(parseUnitList(' All ', 1, 5, both, vocabulary), 'all');
    assert.deepEqual(parseUnitList('all knights, 1 archer', 1, 5, both, vocabulary), { knight: 'all', archer: 1 });
  });

  it('places each problem of a list at its item, with the closest unit type', () => {
    const r = parseUnitList('knights, 0 archers, 2 knigts and all knights', 3, 10, both, vocabulary);
    assert.ok(Array.isArray(r));
    assert.deepEqual(
      r.map((p) => [p.code, p.line, p.column, p.suggestion]),
      [
        ['missing-count', 3, 10, undefined],
        ['bad-count', 3, 19, undefined],
        ['unknown-unit', 3, 32, 'Knight'],
      ],
    );
    const twice = parseUnitList('1 knight, all knights', 1, 1, both, vocabulary);
    assert.ok(Array.isArray(twice));
    assert.deepEqual(twice.map((p) => [p.code, p.column, p.message]), [['all-and-count', 11, "knights are named twice, once as 'all'"]]);
    const none = parseUnitList('  ', 2, 7, both, vocabulary);
    assert.deepEqual(none, [{ code: 'missing-units', message: "which units? e.g. '2 knights, 1 archer' or 'all'", line: 2, column: 7 }]);
    const barred = parseUnitList('1 knight', 1, 1, ['archer'], vocabulary);
    assert.ok(Array.isArray(barred));
    assert.equal(barred[0]!.code, 'unit-not-allowed');
  });

  it('checks a JSON selection with the JSON path of each problem', () => {
    assert.deepEqual(checkUnitSelection({ knight: 2, archer: 'all' }, ['orders', 0, 'units'], both, vocabulary), { knight: 2, archer: 'all' });
    assert.equal(checkUnitSelection('all', ['units'], both, vocabulary), 'all');
    const r = checkUnitSelection({ knight: 1.5, dragon: 1, archer: 1 }, ['orders', 2, 'units'], ['knight'], vocabulary);
    assert.ok(Array.isArray(r));
    assert.deepEqual(r.map((p) => [p.code, p.path]), [
      ['bad-count', '$.orders[2].units.knight'],
      ['unknown-unit', '$.orders[2].units.dragon'],
      ['unit-cannot-move', '$.orders[2].units.archer'],
    ]);
    assert.deepEqual(checkUnitSelection({}, ['units'], both, vocabulary), [{ code: 'missing-units', message: 'units is "all" or an object of unit type to count, e.g. { "knight": 2, "archer": "all" }', path: '$.units' }]);
  });

  it('writes a selection back as text, and picks the units it names', () => {
    assert.equal(formatSelection({ knight: 1, archer: 'all' }, vocabulary), '1 knight, all archers');
    assert.equal(formatSelection('all', vocabulary), 'all');
    const units = [
      { id: 'u3', type: 'knight' },
      { id: 'u1', type: 'knight' },
      { id: 'u2', type: 'archer' },
    ];
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    assert.deepEqual(pickUnits(units, { knight: 1, archer: 'all' }, byId).map((u) => u.id), ['u2', 'u3']);
    assert.deepEqual(pickUnits(units, 'all', byId, new Set(['u1'])).map((u) => u.id), ['u2', 'u3']);
  });
});

describe('grammar: phrases and fields', () => {
  it('splits units from X to Y via Z, W with the column of each part', () => {
    assert.deepEqual(fromToPhrase('2 knights from North March to Blue Castle via south,  red castle', 7), {
      units: { text: '2 knights', column: 7 },
      from: { text: 'North March', column: 22 },
      to: { text: 'Blue Castle', column: 37 },
      via: { column: 53, parts: [{ text: 'south', column: 53 }, { text: 'red castle', column: 61 }] },
    });
    assert.deepEqual(fromToPhrase('all from a to b', 1), { units: { text: 'all', column: 1 }, from: { text: 'a', column: 10 }, to: { text: 'b', column: 15 } });
    assert.equal(fromToPhrase('2 knights to north', 1), undefined);
  });

  it('names each unknown field of a JSON order at its path, with the closest field', () => {
    assert.deepEqual(unknownFieldProblems({ kind: 'hire', unit: 1, at: 'x', zzz: 2 }, ['orders', 4], ['kind', 'units', 'at'], 'a hire'), [
      { code: 'unknown-field', message: "a hire has no field 'unit'", path: '$.orders[4].unit', suggestion: 'units' },
      { code: 'unknown-field', message: "a hire has no field 'zzz'", path: '$.orders[4].zzz' },
    ]);
  });

  it('reads names, aliases, ids and beginnings, and suggests the closest for a typo', () => {
    const index = nameIndex([
      { id: 'java', name: 'Java', aliases: [] },
      { id: 'java-sea', name: 'Java Sea', aliases: ['JS'] },
      { id: 'north-sea', name: 'North Sea', aliases: [] },
      { id: 'norway', name: 'Norway', aliases: [] },
    ]);
    assert.deepEqual(index.lookup('java'), { ok: true, id: 'java', name: 'Java' });
    assert.deepEqual(index.lookup('js'), { ok: true, id: 'java-sea', name: 'Java Sea' });
    assert.deepEqual(index.lookup('north-s'), { ok: true, id: 'north-sea', name: 'North Sea' });
    assert.deepEqual(index.lookup('nor'), { ok: false, reason: 'ambiguous', names: ['North Sea', 'Norway'] });
    assert.deepEqual(index.lookup('Norwya'), { ok: false, reason: 'unknown', suggestion: 'Norway' });
    assert.equal(index.nameOf('java-sea'), 'Java Sea');
  });
});

describe('grammar: what the orders took', () => {
  it('counts what earlier orders of some kinds took from a place, and the types taken whole', () => {
    const ledger: Ledger = {
      resources: 0,
      admitted: [
        { kind: 'march', from: 'north', units: { knight: 2, archer: 'all' } },
        { kind: 'march', from: 'north', nation: 'blue', units: { knight: 5 } },
        { kind: 'repair', at: 'north', units: { knight: 1 } },
        { kind: 'hire', at: 'north', units: { knight: 7 } },
        { kind: 'march', from: 'south', units: 'all' },
      ],
    };
    const t = taken(ledger, 'red', 'red', 'north', ['march', 'repair']);
    assert.deepEqual([...t.counts], [['knight', 3]]);
    assert.deepEqual(t.all, new Set(['archer']));
    assert.equal(taken(ledger, 'red', 'red', 'south', ['march']).all, 'every');
    assert.deepEqual(ordersOf({ orders: ledger.admitted }, 'repair'), [ledger.admitted[2]]);
  });

  it('adds the types named in full while the check still passes, or says why the first could not', () => {
    const upTo = (n: number) => (types: readonly string[]): Result<number, string> => (types.length <= n ? ok(types.length) : err(`too many: ${types.join(', ')}`));
    assert.deepEqual(addWhileLegal(['a'], ['b', 'c', 'd'], upTo(3)(['a']), upTo(3)), { types: ['a', 'b', 'c'], check: ok(3) });
    assert.deepEqual(addWhileLegal([], ['b', 'c'], upTo(0)([]), upTo(0)), { types: [], check: err('too many: b') });
  });
});
