import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexesWithin, type GameEvent } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexFacts, isPlayable } from '../src/base/hexes.js';
import type { VernianState } from '../src/base/state.js';
import { bombardPhase } from '../src/artillery/bombard.js';
import { strengths } from '../src/combat/strength.js';
import { phases } from '../src/turn/phases.js';
import { tanksLeftAlone } from '../src/tanks/tanks.js';
import { describeEvent } from '../src/views/report.js';
import { at, cleared, put, testContext, unitsWhere } from './fixtures.js';

/** Tanks on the map (VV-TANK): never alone, no strength of their own, the first bombard hit on their hex ignored. */

const [inf, inf2] = unitsWhere((u) => u.nation === 'france' && u.infantry && u.type.steps === 2, 2);
const [cav] = unitsWhere((u) => u.nation === 'france' && u.type.class === 'cavalry', 1);
const [german] = unitsWhere((u) => u.side === 'germany' && u.infantry && u.type.steps === 2, 1);
const REIMS = at('Reims');
const near = (hex: string, d: number) =>
  [...hexesWithin(hexBoard(), hex, d)].filter(([id, k]) => k === d && isPlayable(hexFacts(id))).map(([id]) => id);

/** A board with an Allied Tank in a hex. */
function withTank(hex: string, units: Record<string, string>): VernianState {
  const s = put(cleared(), units);
  s.pieces['tank-al-1'] = { type: 'tank', side: 'allies', at: hex };
  return s;
}

describe('Tanks on the map', () => {
  it('VV-TANK-06, VV-TANK-07, AMB-50: a Tank with no infantry of its side is destroyed after the phase; cavalry is no infantry', () => {
    const kept = withTank(REIMS, { [inf!]: REIMS });
    const ctx = testContext(5);
    tanksLeftAlone(kept, ctx);
    assert.equal(kept.pieces['tank-al-1']!.at, REIMS);
    const alone = withTank(REIMS, { [cav!]: REIMS });
    const c2 = testContext(5);
    tanksLeftAlone(alone, c2);
    assert.equal(alone.pieces['tank-al-1']!.at, 'out');
    assert.match(describeEvent(c2.events[0] as GameEvent)!, /is destroyed in W\d{4} Reims: no infantry/);
  });

  it('VV-TANK-08: the Tank goes with the last infantry step in its hex, at the end of the phase that took it', () => {
    const s = withTank(REIMS, { [inf!]: REIMS });
    s.units[inf!]!.steps = 1;
    const [hq22] = unitsWhere((u) => u.side === 'germany' && u.entry.type === 'hq-2-2', 1);
    put(s, { [german!]: near(REIMS, 1)[0]!, [hq22!]: near(REIMS, 1)[0]! });
    // Two dice, each killing on 2 or less (a 1, +1 for the city): the first hit is the Tank's to ignore, the second kills.
    const ctx = testContext(5, [1, 1]);
    phases['german-bombard']!(s, new Map([['germany', { orders: [{ kind: 'bombard', target: REIMS, hqs: [hq22!] }] }]]) as never, ctx);
    assert.equal(s.units[inf!]!.at, 'out');
    assert.equal(s.pieces['tank-al-1']!.at, 'out', 'and the Tank with it');
  });

  it('VV-TANK-13, AMB-51: one hit ignored a hex a Bombard Phase, however many HQs fire at it', () => {
    const s = withTank(REIMS, { [inf!]: REIMS, [inf2!]: REIMS });
    const spot = near(REIMS, 1)[0]!;
    const [hqA, hqB] = unitsWhere((u) => u.side === 'germany' && u.entry.type === 'hq-1-3', 2);
    put(s, { [german!]: spot, [hqA!]: spot, [hqB!]: spot });
    const ctx = testContext(5, [1, 1]);
    const orders = {
      orders: [
        { kind: 'bombard', target: REIMS, hqs: [hqA!] },
        { kind: 'bombard', target: REIMS, hqs: [hqB!] },
      ],
    };
    bombardPhase('germany')(s, new Map([['germany', orders]]) as never, ctx);
    const events = ctx.events as GameEvent[];
    assert.equal(events.filter((e) => e.type === 'tank-absorbs').length, 1);
    assert.equal(s.units[inf!]!.steps + s.units[inf2!]!.steps, 3, 'two hits, one ignored');
  });

  it("VV-TANK-05, VV-TANK-12: a Tank has no strength: the defence of its hex is its units' alone", () => {
    const s = withTank(REIMS, { [inf!]: REIMS });
    const plain = put(cleared(), { [inf!]: REIMS });
    const judge = () => 'attack' as const;
    assert.deepEqual(strengths(s, [], [inf!], false, REIMS, judge), strengths(plain, [], [inf!], false, REIMS, judge));
  });
});
