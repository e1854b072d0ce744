import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { dataShelf, derived, jsonSchemaOf, namesAt, pathKeys, readDataFile, schemaProblems, type DataFileSpec } from '../../src/index.js';

// A small data file of a made-up game: unit types with factors, and a weather table naming them.
const unitsSchema = z.strictObject({
  note: z.string().optional(),
  units: z.array(
    z.strictObject({
      id: z.string(),
      attack: z.number().int().min(0),
      move: z.number().int().min(1),
      arm: z.enum(['infantry', 'cavalry']),
    }),
  ),
  stacking: z.strictObject({ steps: z.number().int().min(1), headquarters: z.number().int().min(0).default(1) }).optional(),
});
type Units = z.infer<typeof unitsSchema>;

const units: DataFileSpec<Units> = {
  file: 'data/units.json',
  title: 'Units',
  schema: unitsSchema,
  check: (data) =>
    data.units.flatMap((u, i) =>
      data.units.findIndex((v) => v.id === u.id) !== i ? [{ path: ['units', i, 'id'], message: `unit '${u.id}' is listed twice` }] : [],
    ),
};

const shipped = {
  units: [
    { id: 'inf', attack: 4, move: 4, arm: 'infantry' },
    { id: 'cav', attack: 1, move: 6, arm: 'cavalry' },
  ],
};

describe('data files: located problems with the closest name', () => {
  it('reads a good file and returns its data', () => {
    const r = readDataFile(units, shipped);
    assert.ok(r.ok);
    assert.equal(r.value.units[1]!.move, 6);
  });

  it('names the file and the JSON path of a bad value', () => {
    const r = readDataFile(units, { units: [{ id: 'inf', attack: -1, move: 4, arm: 'infantry' }] });
    assert.ok(!r.ok);
    assert.equal(r.error.length, 1);
    assert.equal(r.error[0]!.path, '$.units[0].attack');
    assert.match(r.error[0]!.message, /^data\/units\.json: /);
    assert.equal(r.error[0]!.code, 'data-schema');
  });

  it('suggests the closest field for a misspelled key, and lists the fields there', () => {
    const r = readDataFile(units, { units: [{ id: 'inf', attack: 4, mvoe: 4, move: 4, arm: 'infantry' }] });
    assert.ok(!r.ok);
    const p = r.error.find((e) => e.path === '$.units[0].mvoe');
    assert.ok(p, JSON.stringify(r.error));
    assert.equal(p.suggestion, 'move');
    assert.equal(p.code, 'unknown-field');
    assert.match(p.message, /no field 'mvoe' here; the fields are id, attack, move, arm/);
  });

  it('suggests the closest value of an enum, and looks through optional and default wrappers', () => {
    const r = readDataFile(units, { units: [{ id: 'inf', attack: 4, move: 4, arm: 'infantri' }], stacking: { steps: 6, headquaters: 1 } });
    assert.ok(!r.ok);
    assert.equal(r.error.find((e) => e.path === '$.units[0].arm')?.suggestion, 'infantry');
    assert.equal(r.error.find((e) => e.path === '$.stacking.headquaters')?.suggestion, 'headquarters');
  });

  it('runs the cross-checks only on data the schema accepts, each fault located', () => {
    const r = readDataFile(units, { units: [...shipped.units, { id: 'inf', attack: 2, move: 4, arm: 'infantry' }] });
    assert.ok(!r.ok);
    assert.deepEqual(
      r.error.map((e) => [e.path, e.code]),
      [['$.units[2].id', 'data-check']],
    );
    assert.match(r.error[0]!.message, /unit 'inf' is listed twice/);
  });

  it('tells a value left out from a bad one', () => {
    const r = readDataFile(units, { units: [{ id: 'inf', attack: 4, arm: 'infantry' }] });
    assert.ok(!r.ok);
    assert.deepEqual(
      r.error.map((e) => [e.code, e.path]),
      [['missing-field', '$.units[0].move']],
    );
    assert.match(r.error[0]!.message, /'move' is required here/);
  });

  it('puts the path of a value inside a larger file under its place', () => {
    const parsed = unitsSchema.safeParse({ units: [{ id: 'x', attack: 1, move: 0, arm: 'infantry' }] });
    assert.ok(!parsed.success);
    const [p] = schemaProblems(parsed.error.issues, { under: ['scenario', 'forces'], code: 'forces' });
    assert.equal(p!.path, '$.scenario.forces.units[0].move');
    assert.equal(p!.code, 'forces');
  });

  it('finds the names a schema allows at a path: object keys, enum values, through arrays and unions', () => {
    assert.deepEqual(namesAt(unitsSchema, []), ['note', 'units', 'stacking']);
    assert.deepEqual(namesAt(unitsSchema, ['units', 3, 'arm']), ['infantry', 'cavalry']);
    assert.deepEqual(namesAt(z.union([z.strictObject({ a: z.number() }), z.strictObject({ b: z.number() })]), []), ['a', 'b']);
    assert.deepEqual(namesAt(unitsSchema, ['units', 0, 'attack']), []);
  });

  it('reads the keys back from a JSON path', () => {
    assert.deepEqual(pathKeys('$.hexes[3].id'), ['hexes', 3, 'id']);
    assert.deepEqual(pathKeys('$["a b"][0]'), ['a b', 0]);
    assert.deepEqual(pathKeys('$'), []);
    assert.deepEqual(pathKeys(undefined), []);
  });

  it('generates the JSON Schema of a file with its title and where it applies', () => {
    const s = jsonSchemaOf(units as DataFileSpec<unknown>);
    assert.equal(s.title, 'Units');
    assert.match(String(s.description), /Applies to data\/units\.json/);
    assert.equal((s.properties as Record<string, unknown>).units !== undefined, true);
  });
});

describe('the data shelf: files in force, overrides and what is derived from them', () => {
  const shelf = () => dataShelf([{ spec: units as DataFileSpec<unknown>, shipped }]);

  it('reads the shipped file once for each value', () => {
    const s = shelf();
    assert.equal(s.get(units), s.get(units));
    assert.deepEqual(s.files, ['data/units.json']);
  });

  it('puts an override in force and restores the shipped file with {}', () => {
    const s = shelf();
    const faster = { units: [{ id: 'inf', attack: 4, move: 5, arm: 'infantry' }] };
    assert.ok(s.override({ 'data/units.json': faster }).ok);
    assert.equal(s.get(units).units[0]!.move, 5);
    faster.units[0]!.move = 9; // the shelf keeps its own copy
    assert.equal(s.get(units).units[0]!.move, 5);
    assert.ok(s.override({}).ok);
    assert.equal(s.get(units).units[0]!.move, 4);
  });

  it('refuses a bad override whole, keeping the files in force, with located problems', () => {
    const s = shelf();
    const r = s.override({ 'data/units.json': { units: [{ id: 'inf', attack: 4, move: 0, arm: 'infantry' }] } });
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.path, '$.units[0].move');
    assert.equal(s.get(units).units[0]!.move, 4);
  });

  it('names the closest file when an override names an unknown one', () => {
    const r = shelf().override({ 'data/unit.json': shipped });
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.code, 'unknown-data-file');
    assert.equal(r.error[0]!.suggestion, 'data/units.json');
  });

  it('gives a copy of a file in force to change freely', () => {
    const s = shelf();
    const copy = s.raw('data/units.json') as typeof shipped;
    copy.units[0]!.attack = 99;
    assert.equal(s.get(units).units[0]!.attack, 4);
    assert.equal(s.raw('data/nothing.json'), undefined);
  });

  it('works out derived values once for each value of the data, anew after an override', () => {
    const s = shelf();
    let made = 0;
    const fastest = derived(
      () => s.get(units),
      (d) => {
        made += 1;
        return Math.max(...d.units.map((u) => u.move));
      },
    );
    assert.equal(fastest(), 6);
    assert.equal(fastest(), 6);
    assert.equal(made, 1);
    assert.ok(s.override({ 'data/units.json': { units: [{ id: 'inf', attack: 4, move: 3, arm: 'infantry' }] } }).ok);
    assert.equal(fastest(), 3);
    assert.equal(made, 2);
  });

  it('derives a table once for the files in force and again only after an override takes effect', () => {
    const s = shelf();
    let made = 0;
    const slowest = s.derive(() => {
      made += 1;
      return Math.min(...s.get(units).units.map((u) => u.move));
    });
    assert.equal(s.version, 0);
    assert.equal(slowest(), 4);
    assert.equal(slowest(), 4);
    assert.equal(made, 1);
    // A refused override changes nothing, so nothing is worked out again.
    assert.equal(s.override({ 'data/units.json': { units: [{ id: 'inf' }] } }).ok, false);
    assert.equal(s.version, 0);
    assert.equal(slowest(), 4);
    assert.equal(made, 1);
    assert.ok(s.override({ 'data/units.json': { units: [{ id: 'inf', attack: 4, move: 3, arm: 'infantry' }] } }).ok);
    assert.equal(s.version, 1);
    assert.equal(slowest(), 3);
    assert.equal(made, 2);
    assert.ok(s.override({}).ok);
    assert.equal(slowest(), 4);
  });
});
