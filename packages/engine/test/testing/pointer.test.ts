import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdit, formatPointer, parsePointer, selectAll, type Edit, type Json } from '../../src/index.js';

const doc = (): Json => ({
  nations: [
    { id: 'germany', treasury: 85 },
    { id: 'france', treasury: 75 },
  ],
  units: [
    { id: 'u1', nation: 'germany', at: 'metz', damage: 0 },
    { id: 'u2', nation: 'germany', at: 'metz', damage: 1 },
    { id: 'u3', nation: 'france', at: 'verdun', damage: 0 },
  ],
  'a/b': { '~': 1 },
});
const at = (d: Json, pointer: string) => {
  const p = parsePointer(pointer);
  assert.ok(p.ok, String(!p.ok && p.error));
  return selectAll(d, p.value);
};
const edit = (e: Edit, d: Json = doc()) => applyEdit(d, e);

test('pointers: RFC 6901 keys and indices, and [field=value] to pick one element of a list, [field=value]* for all', () => {
  assert.deepEqual(at(doc(), '/nations/1/treasury'), { ok: true, value: { values: [75], many: false } });
  assert.deepEqual(at(doc(), '/a~1b/~0'), { ok: true, value: { values: [1], many: false } });
  assert.deepEqual(at(doc(), '/nations/[id=germany]/treasury'), { ok: true, value: { values: [85], many: false } });
  assert.deepEqual(at(doc(), '/units/[nation=germany,damage=1]/id'), { ok: true, value: { values: ['u2'], many: false } });
  assert.deepEqual(at(doc(), '/units/[at=metz]*/id'), { ok: true, value: { values: ['u1', 'u2'], many: true } });
  const none = at(doc(), '/units/[at=mets]*');
  assert.ok(none.ok);
  assert.deepEqual(none.value.values, []);
  assert.deepEqual(none.value.hint, { message: 'no element of /units fits [at=mets]', suggestion: 'metz' });
  const written = parsePointer('/a~1b/[x=1,y=2]*/0');
  assert.ok(written.ok);
  assert.equal(formatPointer(written.value), '/a~1b/[x=1,y=2]*/0');
});

test('pointers that lead nowhere say why, with the closest name', () => {
  assert.deepEqual(at(doc(), '/nation/0'), { ok: false, error: { message: 'the state has no \'nation\'', suggestion: 'nations' } });
  assert.deepEqual(at(doc(), '/nations/[id=germny]'), { ok: false, error: { message: 'no element of /nations fits [id=germny]', suggestion: 'germany' } });
  assert.deepEqual(at(doc(), '/nations/[name=germany]'), { ok: false, error: { message: 'no element of /nations has a field \'name\'' } });
  assert.match((at(doc(), '/units/[at=metz]') as { error: { message: string } }).error.message, /2 elements of \/units fit \[at=metz\]; write \[at=metz\]\* for all of them/);
  assert.match((at(doc(), '/nations/7') as { error: { message: string } }).error.message, /\/nations is a list of 2: '7' is not an index in it/);
  assert.match((at(doc(), '/nations/0/treasury/x') as { error: { message: string } }).error.message, /is number, so it has no 'x'/);
  for (const bad of ['nations', '/a~2', '/units/[at]']) assert.ok(!parsePointer(bad).ok, bad);
});

test('edits: set replaces what is there, add puts in what is not, remove takes out one element or all that fit', () => {
  const set = edit({ set: '/nations/[id=france]/treasury', value: 200 });
  assert.ok(set.ok);
  assert.equal(((set.value as { nations: { treasury: number }[] }).nations[1]!).treasury, 200);
  const added = edit({ add: '/units/-', value: { id: 'u4', nation: 'france', at: 'metz', damage: 0 } });
  assert.ok(added.ok);
  assert.deepEqual((added.value as { units: { id: string }[] }).units.map((u) => u.id), ['u1', 'u2', 'u3', 'u4']);
  const inserted = edit({ add: '/units/0', value: { id: 'u0' } });
  assert.ok(inserted.ok);
  assert.equal((inserted.value as { units: { id: string }[] }).units[0]!.id, 'u0');
  const removed = edit({ remove: '/units/[at=metz]*' });
  assert.ok(removed.ok);
  assert.deepEqual((removed.value as { units: { id: string }[] }).units.map((u) => u.id), ['u3']);
  const one = edit({ remove: '/units/[id=u2]' });
  assert.ok(one.ok);
  assert.deepEqual((one.value as { units: { id: string }[] }).units.map((u) => u.id), ['u1', 'u3']);
  const key = edit({ add: '/nations/0/credit', value: 5 });
  assert.ok(key.ok);
  assert.equal((key.value as { nations: { credit?: number }[] }).nations[0]!.credit, 5);
  const whole = edit({ set: '', value: { x: 1 } });
  assert.deepEqual(whole, { ok: true, value: { x: 1 } });
});

test('edits that do not fit the state are refused, not guessed', () => {
  const message = (e: Edit) => {
    const r = edit(e);
    assert.ok(!r.ok, JSON.stringify(e));
    return r.error;
  };
  assert.deepEqual(message({ set: '/nations/0/tresury', value: 1 }), { message: "/nations/0 has no 'tresury'", suggestion: 'treasury' });
  assert.match(message({ add: '/nations/0/treasury', value: 1 }).message, /already has 'treasury': use set/);
  assert.match(message({ set: '/units/[at=metz]', value: 1 }).message, /2 elements of \/units fit/);
  assert.match(message({ set: '/units/[at=metz]*', value: 1 }).message, /may only end a remove/);
  assert.match(message({ remove: '/units/[at=metz]*/id' }).message, /an edit follows one path/);
  assert.match(message({ add: '/units/[id=u1]', value: 1 }).message, /add puts a new element at an index or at the end/);
  assert.match(message({ add: '/units/9', value: 1 }).message, /is a list of 3/);
  assert.deepEqual(message({ remove: '/units/[nation=frnce]*' }), { message: 'no element of /units fits [nation=frnce]', suggestion: 'france' });
  assert.match(message({ remove: '' }).message, /the whole state cannot be removed/);
});
