import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexesWithin, type GameEvent } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexFacts, hexLabel, isPlayable } from '../src/base/hexes.js';
import type { VernianState } from '../src/base/state.js';
import { moveWorld, pathRefusal, reachableHexes } from '../src/movement/movement.js';
import { zeppelinCarryRefusal } from '../src/tanks/tanks.js';
import { phases } from '../src/turn/phases.js';
import { describeEvent } from '../src/views/report.js';
import { vernian } from '../src/index.js';
import { openingState } from '../src/arrivals/opening.js';
import { receivePieces } from '../src/arrivals/piece-arrivals.js';
import { at, cleared, put, unitsWhere } from './fixtures.js';
import { jsonProblems, orders, ordersContext, problems, stepContext } from './combat-helpers.js';

/** Tanks on the move (VV-TANK-04): the `move` order, 4 movement points, the infantry they go with, one a stack. */

const [inf, inf2, inf3] = unitsWhere((u) => u.nation === 'france' && u.infantry && u.type.steps === 2 && u.type.full.move === 4, 3);
const [german] = unitsWhere((u) => u.side === 'germany' && u.infantry && u.type.steps === 2, 1);
const REIMS = at('Reims');
/** Clear land hexes exactly d hexes from a hex, in id order. */
const ring = (hex: string, d: number) =>
  [...hexesWithin(hexBoard(), hex, d)]
    .filter(([id, k]) => k === d && isPlayable(hexFacts(id)) && hexFacts(id)?.terrain === 'clear')
    .map(([id]) => id)
    .sort();

function board(units: Record<string, string>, tanks: Record<string, string> = { 'tank-al-1': REIMS }): VernianState {
  const s = put(cleared(), units);
  for (const [id, hex] of Object.entries(tanks)) s.pieces[id] = { type: 'tank', side: 'allies', at: hex };
  return s;
}

function move(state: VernianState, text: string): GameEvent[] {
  const ctx = stepContext('allies', [], [], 5);
  phases['allied-movement']!(state, new Map([['allies', orders(state, 'allies', text, 5)]]) as never, ctx);
  return ctx.events;
}

describe('Tanks move', () => {
  it('VV-TANK-04: a Tank moves by the move order with the infantry it goes with, four hexes of clear ground', () => {
    const far = ring(REIMS, 4).find((h) => hexFacts(h)?.nation === 'france')!;
    const s = board({ [inf!]: REIMS });
    const events = move(s, `move ${inf}, tank-al-1 to ${far}`);
    assert.equal(s.units[inf!]!.at, far);
    assert.equal(s.pieces['tank-al-1']!.at, far);
    const line = events.map((e) => describeEvent(e)).find((l) => l?.startsWith('Allied Tank'));
    assert.equal(line, `Allied Tank (tank-al-1) moves W7820 Reims → ${hexLabel(far)} (4 hexes).`);
  });

  it('VV-TANK-04: four movement points and no more; the Tank stops on entering an enemy zone of control', () => {
    const s = board({ [inf!]: REIMS });
    const world = moveWorld(s, 'allies');
    const reach = reachableHexes(world, 'tank-al-1', 5);
    assert.ok(ring(REIMS, 4).some((h) => reach.has(h)));
    assert.ok(!ring(REIMS, 5).some((h) => reach.has(h)), 'nothing five hexes off');
    const farther = ring(REIMS, 5).find((h) => hexFacts(h)?.nation === 'france')!;
    assert.equal(problems(s, 'allies', `move ${inf}, tank-al-1 to ${farther}`).length, 1);
    // A German unit two hexes east: the hex between is in its zone, so the Tank may not go through it.
    const east = hexBoard()
      .neighbours(REIMS)
      .map((c) => c.to)
      .sort();
    const mid = east[east.length - 1]!;
    const beyond = hexBoard()
      .neighbours(mid)
      .map((c) => c.to)
      .find(
        (h) =>
          h !== REIMS &&
          !hexBoard()
            .neighbours(REIMS)
            .some((c) => c.to === h),
      )!;
    const g = board({ [inf!]: REIMS, [german!]: beyond });
    const past = hexBoard()
      .neighbours(mid)
      .map((c) => c.to)
      .find((h) => h !== REIMS && h !== beyond && isPlayable(hexFacts(h)))!;
    assert.match(pathRefusal(moveWorld(g, 'allies'), 'tank-al-1', [REIMS, mid, past], 5) ?? '', /enemy zone of control/);
  });

  it('VV-TANK-07, VV-TANK-02: a Tank ends each order with infantry of its side, and never beside another Tank', () => {
    const next = ring(REIMS, 1)[0]!;
    const s = board({ [inf!]: REIMS, [inf2!]: next, [inf3!]: ring(REIMS, 2)[0]! }, { 'tank-al-1': REIMS, 'tank-al-2': next });
    const alone = problems(s, 'allies', `move tank-al-1 to ${ring(REIMS, 1)[1]}`);
    assert.match(alone[0]?.message ?? '', /a Tank moves with infantry of its side.*\(VV-TANK-07\)/);
    const two = problems(s, 'allies', `move tank-al-1 to ${next}`);
    assert.match(two[0]?.message ?? '', /would hold two Tanks: a stack holds at most one \(VV-TANK-02\)/);
    // Infantry moved first, the Tank after it: both admitted.
    const third = ring(REIMS, 2)[0]!;
    assert.deepEqual(problems(s, 'allies', `move tank-al-1 to ${third}`), []);
    assert.deepEqual(problems(s, 'allies', `move ${inf}, tank-al-1 to ${ring(REIMS, 1)[1]}`), []);
  });

  it('VV-TANK-04: the order reads pieces in JSON too, located; a misspelt Tank comes back with the closest id', () => {
    const s = board({ [inf!]: REIMS });
    const next = ring(REIMS, 1)[0]!;
    assert.deepEqual(jsonProblems(s, 'allies', { orders: [{ kind: 'move', units: [inf, 'tank-al-1'], to: next }] }), []);
    const bad = jsonProblems(s, 'allies', { orders: [{ kind: 'move', units: [inf, 'tank-al-9x'], to: next }] });
    assert.equal(bad[0]?.path, '$.orders[0].units[1]');
    const text = problems(s, 'allies', `move ${inf}, tank-al-l to ${next}`);
    assert.equal(text[0]?.column, 'move '.length + 1 + `${inf}, `.length);
    assert.equal(text[0]?.suggestion, 'tank-al-1');
  });

  it('VV-TANK-04: legal actions offer Tank moves, and each one offered is admitted', () => {
    const next = ring(REIMS, 1)[0]!;
    const s = board({ [inf!]: REIMS, [inf2!]: next });
    const ctx = ordersContext(s, 'allies', 5);
    const tankMoves = vernian.legalActions!({ orders: [] }, ctx).filter((a) => /^move tank-al-1 /.test(a.label));
    assert.ok(tankMoves.length >= 1);
    for (const a of tankMoves) assert.ok(vernian.checkOrders(a.next, ctx).ok, a.label);
  });

  it('VV-TANK-01: both sides receive Tanks by the schedule: the Allies from B, the Germans from C', () => {
    const s = openingState();
    receivePieces(s, 4);
    const tanks = (side: string) => Object.values(s.pieces).filter((p) => p.type === 'tank' && p.side === side).length;
    assert.deepEqual([tanks('allies'), tanks('germany')], [2, 0]);
    receivePieces(s, 7);
    assert.deepEqual([tanks('allies'), tanks('germany')], [4, 2]);
  });

  it('VV-TANK-09: no Zeppelin carries a Tank (the check the embarkation rules ask), nor any unit but a Crack Troop', () => {
    const s = board({ [inf!]: REIMS });
    assert.match(zeppelinCarryRefusal(s, 'tank-al-1') ?? '', /Zeppelins cannot carry Tanks \(VV-TANK-09\)/);
    assert.match(zeppelinCarryRefusal(s, inf!) ?? '', /only Crack Troops fly/);
    s.units[inf!]!.crack = true;
    assert.equal(zeppelinCarryRefusal(s, inf!), undefined);
  });
});
