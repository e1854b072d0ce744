import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hexesWithin } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { allHexes, hexFacts, isPlayable } from '../src/base/hexes.js';
import { type Side } from '../src/base/sides.js';
import { holdingsKey, isOnMap, positionsKey, type VernianState } from '../src/base/state.js';
import { occupancy } from '../src/base/positions.js';
import { printedFactors, unitInfo } from '../src/base/units.js';
import { openingState } from '../src/arrivals/opening.js';
import { placementRefusal } from '../src/arrivals/new-units.js';
import { supplyGrid } from '../src/supply/grid.js';
import { hexInSupply, hqSupplied, SUPPLY_RANK, suppliedFactors, supplyAtMoment, supplyOf, supplyStates } from '../src/supply/supply.js';
import { inZoneOf, zoneOf } from '../src/base/zoc.js';
import { around, blank, citiesOf, handOver, put, referenceSupply, sourceHexesOf } from './supply-positions.js';

/** HQs, Defense Supply, what the states do to factors, supply of an empty hex, and properties over random positions. */

describe('HQs', () => {
  it('VB-HQ-04, VV-SUP-04: a supplied HQ supplies its own hex and the six around it, however far it is from a town', () => {
    // W6038 is 6 hexes from the nearest town or source.
    const state = put(blank(), { 'fr-a1': 'W6038', 'fr-14': 'W6037', 'fr-41': 'W6036', 'fr-25': 'W6038' });
    assert.equal(supplyOf(state, 'fr-41'), 'defense', 'two hexes from the HQ');
    assert.ok(hqSupplied(state, 'fr-a1'));
    for (const unit of ['fr-a1', 'fr-14', 'fr-25']) assert.equal(supplyOf(state, unit), 'attack', unit);
  });

  it('VB-HQ-04: an HQ that reaches no ultimate source supplies nobody (a town is not enough)', () => {
    const state = put(blank(), { 'fr-a1': 'W6038', 'fr-14': 'W6037' });
    handOver(state, sourceHexesOf('allies'), 'germany');
    assert.equal(hqSupplied(state, 'fr-a1'), false);
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
  });

  it('VB-HQ-04, VB-TERR-03: an HQ does not supply across an all-sea hexside, but does across a river', () => {
    // W6018 touches W6017 across the Seine's all-sea hexside and W6118 across plain ground; its towns are German.
    const state = put(blank(), { 'fr-14': 'W6018' });
    handOver(state, ['W5917', 'W6020'], 'germany');
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
    put(state, { 'fr-a1': 'W6017' });
    assert.ok(hqSupplied(state, 'fr-a1'));
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
    put(state, { 'fr-a1': 'W6118' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
  });
});

describe('Defense Supply and Out of Supply', () => {
  it('VV-SUP-10, VV-SUP-15: out of Attack Supply, a unit in a town is in Defense Supply and one beside it is Out of Supply', () => {
    // Every Allied source and every Allied city is German: no supply point and no friendly city is left.
    const state = put(blank(), { 'fr-14': 'W6332', 'fr-41': 'W6232' });
    handOver(state, [...sourceHexesOf('allies'), ...citiesOf('allies')], 'germany');
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
    assert.equal(supplyOf(state, 'fr-41'), 'out');
  });

  it('VV-SUP-11, AMB-09: a path of any length to a friendly (held) city gives Defense Supply; the city needs no source', () => {
    // The German landing force holds only towns in England, and has no ultimate source there.
    const state = put(blank(), { 'de-3': 'B1513', 'de-4': 'B1613' });
    handOver(state, ['B1613'], 'germany');
    assert.equal(supplyOf(state, 'de-4'), 'defense', 'Dover is a town');
    assert.equal(supplyOf(state, 'de-3'), 'out', 'no city of England is German');
    handOver(state, ['B1110'], 'germany');
    assert.equal(supplyOf(state, 'de-3'), 'defense', 'a German-held city beside London, five hexes and more away');
    // The path follows the supply path's rules: with British divisions all round the city it cannot be entered.
    const guards = around('B1110');
    guards.forEach((hex, i) => put(state, { [`gb-${[1, 2, 3, 5, 9, 10, 11][i]}`]: hex }));
    assert.equal(supplyOf(state, 'de-3'), 'out');
  });

  it('AMB-66, VB-MAP-07: a board-edge hex is never a city, so never the friendly city of VV-SUP-11', () => {
    const grid = supplyGrid();
    for (const h of allHexes()) if (h.edge) assert.equal(grid.city[grid.index.get(h.id)!], 0, h.id);
  });

  it('VV-SUP-02, VV-SUP-12, VV-SUP-13, VV-SUP-16, VV-SUP-17, VB-SUP-11: what each state leaves of the factors', () => {
    const f = printedFactors('fr-14', 2);
    assert.deepEqual(suppliedFactors(f, 'attack'), { attack: f.attack, defence: f.defence });
    assert.deepEqual(suppliedFactors(f, 'defense'), { attack: f.attack / 2, defence: f.defence });
    assert.deepEqual(suppliedFactors(f, 'out'), { attack: f.attack / 2, defence: f.defence / 2 });
    assert.deepEqual(suppliedFactors({ attack: 5, defence: 3 }, 'out'), { attack: 2.5, defence: 1.5 }, 'fractions are kept');
  });
});

describe('supply of a hex, and when supply is judged', () => {
  it('VB-SUP-10: a hex is in supply when a unit of the side would be in Attack Supply there', () => {
    const state = blank();
    for (const hex of ['W6134', 'W6035', 'W6038', 'W5437', 'B0504']) {
      const trial = put(structuredClone(state), { 'fr-14': hex });
      assert.equal(hexInSupply(state, hex, 'allies'), supplyOf(trial, 'fr-14') === 'attack', hex);
    }
    assert.equal(hexInSupply(state, 'W5817', 'allies'), false, 'a sea hex');
  });

  it('VB-SUP-10, VB-REIN-05: a new unit may not be placed in a hex out of supply', () => {
    const state = blank();
    state.units['de-3']!.at = 'box';
    assert.equal(placementRefusal(state, 'germany', 'de-3', 'W8707'), undefined, 'Aachen');
    handOver(state, sourceHexesOf('germany'), 'allies');
    assert.match(placementRefusal(state, 'germany', 'de-3', 'W8707') ?? '', /not in supply \(VB-REIN-05\)/);
  });

  it('VB-REIN-11, VB-HQ-04: a new unit may be placed with an HQ of its nation only while that HQ is supplied', () => {
    const state = put(blank(), { 'fr-a1': 'W6038' });
    state.units['fr-14']!.at = 'box';
    assert.equal(placementRefusal(state, 'allies', 'fr-14', 'W6038'), undefined);
    handOver(state, sourceHexesOf('allies'), 'germany');
    assert.notEqual(placementRefusal(state, 'allies', 'fr-14', 'W6038'), undefined);
  });

  it('VB-SUP-09: supply is judged on the state as it is at each call, never remembered from an earlier one', () => {
    const state = put(blank(), { 'fr-14': 'W6134' });
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
    put(state, { 'de-3': 'W6233' });
    assert.equal(supplyOf(state, 'fr-14'), 'defense');
    state.units['de-3']!.at = 'out';
    assert.equal(supplyOf(state, 'fr-14'), 'attack');
  });
});

/**
 * A random position: the opening with units moved onto hexes around a random centre, so that fronts, pockets and
 * cut paths are common (never into a hex of the other side), some hexes handed over, some fortresses destroyed. Gives
 * the state and the hexes near the centre.
 */
const playable = [...allHexes()].filter((h) => isPlayable(h)).map((h) => h.id);
const unitIds = Object.keys(openingState().units).sort();
const positions = fc
  .record({
    centre: fc.constantFrom(...playable),
    moves: fc.array(fc.tuple(fc.nat(unitIds.length - 1), fc.nat(400)), { minLength: 5, maxLength: 40 }),
    flips: fc.array(fc.tuple(fc.nat(400), fc.constantFrom<Side>('germany', 'allies')), { maxLength: 20 }),
    forts: fc.subarray(['W7903', 'W8210', 'W8421', 'W8508', 'W8721', 'W9133']),
  })
  .map(({ centre, moves, flips, forts }) => {
    const state: VernianState = openingState();
    const near = [...hexesWithin(hexBoard(), centre, 5).keys()].filter((h) => isPlayable(hexFacts(h)));
    for (const [u, h] of moves) {
      const unit = unitIds[u]!;
      const hex = near[h % near.length]!;
      const side = unitInfo(unit).side;
      if (Object.keys(state.units).some((id) => state.units[id]!.at === hex && unitInfo(id).side !== side)) continue;
      put(state, { [unit]: hex });
    }
    for (const [h, side] of flips) handOver(state, [near[h % near.length]!], side);
    state.fortsLost = [...forts].sort();
    return { state, near: new Set(hexesWithin(hexBoard(), centre, 8).keys()) };
  });

describe('supply over random positions', () => {
  const kind = (unit: string) => (unitInfo(unit).side === 'germany' ? 0 : 4) + (unitInfo(unit).hq ? 2 : 1);
  it('VB-SUP-09, VB-STACK-02: kept answers are keyed by positions and holdings, whatever the order of the units', () => {
    fc.assert(
      fc.property(positions, fc.nat(400), ({ state }, pick) => {
        const reversed: VernianState = { ...state, units: Object.fromEntries(Object.entries(state.units).reverse()) };
        reversed.control = Object.fromEntries(Object.entries(state.control).reverse());
        assert.equal(positionsKey(reversed), positionsKey(state));
        assert.deepEqual([...occupancy(reversed)], [...occupancy(state)], 'the same hexes in the same order');
        assert.equal(holdingsKey(reversed, kind), holdingsKey(state, kind));
        const unit = unitIds[pick % unitIds.length]!;
        const moved = {
          ...state,
          units: { ...state.units, [unit]: { ...state.units[unit]!, steps: state.units[unit]!.steps === 2 ? 1 : 2 } },
        };
        assert.notEqual(positionsKey(moved), positionsKey(state), 'a step lost changes the positions');
        assert.equal(holdingsKey(moved, kind), holdingsKey(state, kind), 'but not where units of each kind stand');
        const gone = { ...state, units: { ...state.units, [unit]: { ...state.units[unit]!, at: 'out' as const } } };
        if (isOnMap(state.units[unit]!.at)) assert.notEqual(holdingsKey(gone, kind), holdingsKey(state, kind), 'a unit eliminated');
        const held = {
          ...state,
          control: { ...state.control, W6010: state.control['W6010'] === 'allies' ? ('germany' as const) : ('allies' as const) },
        };
        assert.equal(positionsKey(held), positionsKey(state));
        assert.notEqual(holdingsKey(held, kind), holdingsKey(state, kind), 'a hex changing hands changes the holdings');
      }),
      { numRuns: 50 },
    );
  });

  it('VB-ZOC-01..02, VB-SUP-09: a zone asked hex by hex and supply judged at one moment agree with the whole-side answers', () => {
    fc.assert(
      fc.property(positions, ({ state, near }) => {
        for (const side of ['germany', 'allies'] as const) {
          const zone = zoneOf(state, side);
          const inZone = inZoneOf(state, side);
          for (const hex of near) assert.equal(inZone(hex), zone.has(hex), `${side} zone at ${hex}`);
          const judge = supplyAtMoment();
          for (const [id, s] of supplyStates(state, side)) assert.equal(judge(state, id), s, id);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('VB-SUP-05..08, VB-HQ-04, VV-SUP-10..11: the side-wide searches agree with one slow trace per unit', () => {
    fc.assert(
      fc.property(positions, ({ state, near }) => {
        for (const side of ['germany', 'allies'] as const) {
          for (const [id, s] of supplyStates(state, side)) {
            if (near.has(state.units[id]!.at)) assert.equal(s, referenceSupply(state, id), `${id} in ${state.units[id]!.at}`);
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('VV-SUP-01, VB-SUP-09: supply is a function of the state (a copy gives the same answers, and asking changes nothing)', () => {
    fc.assert(
      fc.property(positions, ({ state }) => {
        const before = JSON.stringify(state);
        for (const side of ['germany', 'allies'] as const)
          assert.deepEqual(supplyStates(structuredClone(state), side), supplyStates(state, side));
        assert.equal(JSON.stringify(state), before);
      }),
      { numRuns: 15 },
    );
  });

  it('VB-SUP-05, VB-ZOC-07: taking enemy units off the map never worsens the supply state of a unit', () => {
    fc.assert(
      fc.property(
        positions,
        fc.constantFrom<Side>('germany', 'allies'),
        fc.array(fc.nat(), { maxLength: 30 }),
        ({ state }, side, picks) => {
          const enemies = Object.keys(state.units).filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).side !== side);
          const after = structuredClone(state);
          for (const p of picks) if (enemies.length) after.units[enemies[p % enemies.length]!]!.at = 'out';
          const was = supplyStates(state, side);
          for (const [id, s] of supplyStates(after, side))
            assert.ok(SUPPLY_RANK[s] >= SUPPLY_RANK[was.get(id)!], `${id}: ${was.get(id)} to ${s}`);
        },
      ),
      { numRuns: 30 },
    );
  });
});
