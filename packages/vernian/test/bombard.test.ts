import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexesWithin, type GameEvent } from '@umpire/engine';
import type { VernianState } from '../src/base/state.js';
import { hexBoard } from '../src/data/files.js';
import { hexFacts, isPlayable } from '../src/base/hexes.js';
import { fortressStands } from '../src/base/positions.js';
import { printedFactors } from '../src/base/units.js';
import { bombardModifier, bombardPhase } from '../src/artillery/bombard.js';
import { resolveAttack } from '../src/combat/resolve.js';
import { GERMAN_PHASES, ALLIED_PHASES } from '../src/turn/plan.js';
import { language } from '../src/orders/language.js';
import { describeEvent } from '../src/views/report.js';
import { at, cleared, isClear, put, stepInfo, testContext, unitsWhere } from './fixtures.js';

/** Monstrous Artilleries (VV-ART): HQs bombard in their own Bombard Phase, with scripted dice. */

const [hq13] = unitsWhere((u) => u.side === 'germany' && u.entry.type === 'hq-1-3', 1);
const [hq22] = unitsWhere((u) => u.side === 'germany' && u.entry.type === 'hq-2-2', 1);
const [hq03] = unitsWhere((u) => u.side === 'germany' && u.entry.type === 'hq-0-3', 1);
const [frHq] = unitsWhere((u) => u.nation === 'france' && u.hq, 1);
const [frGun] = unitsWhere((u) => u.nation === 'france' && u.hq && (u.type.guns ?? 0) > 0, 1);
const [g1] = unitsWhere((u) => u.side === 'germany' && u.infantry && u.type.steps === 2, 2);
const [f1, f2] = unitsWhere((u) => u.nation === 'france' && u.infantry && u.type.steps === 2, 2);

const land = (id: string) => isPlayable(hexFacts(id));
const ring = (hex: string, d: number) => [...hexesWithin(hexBoard(), hex, d)].filter(([id, k]) => k === d && land(id)).map(([id]) => id);
/** A clear land hex of France with clear land all around, far from fortresses. */
const TARGET = [...hexesWithin(hexBoard(), at('Reims'), 6).keys()].find(
  (h) => isClear(h) && hexFacts(h)?.nation === 'france' && !hexFacts(h)?.town && !hexFacts(h)?.city && ring(h, 1).every(isClear),
)!;

function bombard(
  orders: string,
  place: Record<string, string>,
  dice: number[],
): { s: VernianState; ctx: ReturnType<typeof testContext>; events: GameEvent[] } {
  const s = put(cleared(), place);
  const ctx = testContext(5, dice);
  const parsed = language.parseOrders(orders, { state: s, seat: 'germany', step: stepInfo('german', 5) });
  if (!parsed.ok) throw new Error(parsed.error.map((p) => p.message).join('; '));
  bombardPhase('germany')(s, new Map([['germany', parsed.value]]), ctx);
  return { s, ctx, events: ctx.events as GameEvent[] };
}

describe('Monstrous Artilleries', () => {
  it('VV-ART-03..06, VV-ART-08: a 1-3 HQ rolls one die and kills a step on 3 or less; a 4 misses', () => {
    const spot = ring(TARGET, 1)[0]!;
    const hit = bombard(`bombard ${TARGET} with ${hq13}`, { [f1!]: TARGET, [hq13!]: ring(TARGET, 2)[0]!, [g1!]: spot }, [3]);
    assert.equal(bombardModifier(hit.s, 'germany', TARGET).total, 0, 'clear, spotted');
    assert.equal(hit.s.units[f1!]!.steps, 1);
    const miss = bombard(`bombard ${TARGET} with ${hq13}`, { [f1!]: TARGET, [hq13!]: ring(TARGET, 2)[0]!, [g1!]: spot }, [4]);
    assert.equal(miss.s.units[f1!]!.steps, 2);
    assert.match(describeEvent(hit.events.find((e) => e.type === 'bombard')!)!, /1 hit/);
  });

  it('VV-ART-08, VV-ART-12: a 2-2 HQ rolls two dice, each killing on 2 or less; hits beyond the steps are wasted', () => {
    const spot = ring(TARGET, 1)[0]!;
    const r = bombard(`bombard ${TARGET} with ${hq22}`, { [f1!]: TARGET, [hq22!]: ring(TARGET, 2)[0]!, [g1!]: spot }, [1, 2]);
    assert.equal(r.s.units[f1!]!.at, 'out', 'two steps: flipped, then eliminated');
    const cav = unitsWhere((u) => u.nation === 'france' && u.type.steps === 1 && u.combat, 1)[0]!;
    const w = bombard(`bombard ${TARGET} with ${hq22}`, { [cav]: TARGET, [hq22!]: ring(TARGET, 2)[0]!, [g1!]: spot }, [1, 1]);
    assert.equal(w.s.units[cav]!.at, 'out');
    assert.deepEqual(
      w.events.filter((e) => e.type === 'hits-wasted').map((e) => e['hits']),
      [1],
    );
  });

  it("VV-ART-07, VV-ART-09, VV-ART-10: no gun on a 0-3 HQ; range is the second number; only in the owner's turn", () => {
    const s = put(cleared(), { [f1!]: TARGET, [hq13!]: ring(TARGET, 3)[0]!, [hq03!]: ring(TARGET, 1)[0]!, [hq22!]: ring(TARGET, 3)[1]! });
    const ctx = { state: s, seat: 'germany', step: stepInfo('german', 5) };
    assert.ok(language.parseOrders(`bombard ${TARGET} with ${hq13}`, ctx).ok, 'three hexes: in range');
    const noGun = language.parseOrders(`bombard ${TARGET} with ${hq03}`, ctx);
    assert.ok(!noGun.ok && /no gun/.test(noGun.error[0]!.message));
    const far = language.parseOrders(`bombard ${TARGET} with ${hq22}`, ctx);
    assert.ok(!far.ok && /beyond the range/.test(far.error[0]!.message), 'a 2-2 reaches two hexes');
    const allied = language.parseOrders(`bombard ${TARGET} with ${hq13}`, { ...ctx, step: stepInfo('allied', 5) });
    assert.ok(!allied.ok && /owner's player-turn/.test(allied.error[0]!.message));
    const twice = language.parseOrders(`bombard ${TARGET} with ${hq13}\nbombard ${TARGET} with ${hq13}`, ctx);
    assert.ok(!twice.ok && /fires once/.test(twice.error[0]!.message), 'AMB-23: each HQ fires once');
  });

  it('VV-ART-04, VV-ART-11, VV-ART-13, VV-SEQ-08, VV-SEQ-16: declared with the turn, fired in a phase before the Combat Phase', () => {
    assert.equal(GERMAN_PHASES.indexOf('german-bombard') + 1, GERMAN_PHASES.indexOf('german-combat'));
    assert.equal(ALLIED_PHASES.indexOf('allied-bombard') + 1, ALLIED_PHASES.indexOf('allied-combat'));
    const kinds = language.parseOrders(`attack ${TARGET} with ${g1}\nbombard ${TARGET} with ${hq13}`, {
      state: put(cleared(), { [f1!]: TARGET, [g1!]: ring(TARGET, 1)[0]!, [hq13!]: ring(TARGET, 2)[0]! }),
      seat: 'germany',
      step: stepInfo('german', 5),
    });
    assert.ok(kinds.ok);
    assert.deepEqual(
      kinds.value.orders.map((o) => o.kind).sort(),
      ['attack', 'bombard'],
      'both given with the turn: the bombard is declared before any die is rolled, and fired in its own phase first',
    );
  });

  it('VV-ART-17, VV-ART-18, VV-ART-19, AMB-24, AMB-25: +1 for a town, city, fortress or rough hex; +1 with no spotter', () => {
    const s = put(cleared(), { [f1!]: TARGET });
    assert.deepEqual(bombardModifier(s, 'germany', TARGET).why, ['no spotter']);
    for (const place of ['Reims', 'Verdun']) assert.ok(bombardModifier(s, 'germany', at(place)).why.includes('cover'), place);
    const forest = [...hexesWithin(hexBoard(), TARGET, 8).keys()].find((h) => hexFacts(h)?.terrain === 'forest')!;
    assert.ok(bombardModifier(s, 'germany', forest).why.includes('cover'));
    const r = bombard(`bombard ${TARGET} with ${hq13}`, { [f1!]: TARGET, [hq13!]: ring(TARGET, 2)[0]! }, [3]);
    assert.equal(r.s.units[f1!]!.steps, 2, 'a 3 +1 misses a kill number of 3');
    const two = bombard(`bombard ${TARGET} with ${hq13}`, { [f1!]: TARGET, [hq13!]: ring(TARGET, 2)[0]! }, [2]);
    assert.equal(two.s.units[f1!]!.steps, 1);
  });

  it('VV-ART-14, VV-ART-20, VV-ART-21, AMB-26: units first, then the fortress step, the HQ last', () => {
    const verdun = at('Verdun');
    const [fort] = unitsWhere((u) => u.nation === 'france' && u.combat && u.type.steps === 1, 1);
    const from = ring(verdun, 2)[0]!;
    const spot = ring(verdun, 1)[0]!;
    const r = bombard(
      `bombard ${verdun} with ${hq22}, ${hq13}`,
      { [fort!]: verdun, [frHq!]: verdun, [hq22!]: from, [hq13!]: from, [g1!]: spot },
      [1, 1, 1],
    );
    assert.equal(r.s.units[fort!]!.at, 'out', 'the unit first');
    assert.equal(fortressStands(r.s, verdun), false, 'then the fortress step');
    assert.equal(r.s.units[frHq!]!.at, 'out', 'the HQ last');
  });

  it('VV-ART-15, VV-ART-16: a hex the bombardment cleared is not attacked that Combat Phase, so nobody advances into it', () => {
    const spot = ring(TARGET, 1)[0]!;
    const cav = unitsWhere((u) => u.nation === 'france' && u.type.steps === 1 && u.combat, 1)[0]!;
    const { s, ctx, events } = bombard(`bombard ${TARGET} with ${hq13}`, { [cav]: TARGET, [hq13!]: ring(TARGET, 2)[0]!, [g1!]: spot }, [1]);
    assert.deepEqual(s.bombarded, [TARGET]);
    put(s, { [f2!]: TARGET });
    resolveAttack(s, 'germany', { kind: 'attack', target: TARGET, units: [g1!], advance: 'all' }, ctx);
    assert.equal(events.find((e) => e.type === 'combat-cancelled')?.['code'], 'cleared-by-bombard');
    assert.equal(s.units[g1!]!.at, spot);
  });

  it('VV-ART-01, VV-ART-22, VV-ART-23: HQs move as before; Zeppelins and Ether Flyers are never hit', () => {
    assert.equal(printedFactors(hq13!, 1).move, 3);
    const paris = at('Paris');
    const flyers = Object.keys(cleared().pieces).filter((id) => cleared().pieces[id]!.at === paris);
    assert.ok(flyers.length > 0);
    const { s } = bombard(`bombard ${paris} with ${hq13}`, { [f1!]: paris, [hq13!]: ring(paris, 2)[0]! }, [1]);
    assert.equal(s.units[f1!]!.steps, 1, 'the division is hit');
    for (const f of flyers) assert.equal(s.pieces[f]!.at, paris, f);
    const aachen = at('Aachen');
    const zeppelins = Object.keys(s.pieces).filter((id) => s.pieces[id]!.at === aachen);
    assert.equal(zeppelins.length, 5);
    const z = put(cleared(), { [g1!]: aachen, [frGun!]: ring(aachen, 1)[0]! });
    const ctx = testContext(5, [1, 1]);
    bombardPhase('allies')(z, new Map([['allies', { orders: [{ kind: 'bombard', target: aachen, hqs: [frGun!] }] }]]) as never, ctx);
    const fired = (ctx.events as GameEvent[]).find((e) => e.type === 'bombard')!;
    assert.ok(Number(fired['hits']) >= 1, 'the German division is hit');
    for (const id of zeppelins) assert.equal(z.pieces[id]!.at, aachen, id);
  });
});
