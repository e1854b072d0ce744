import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexBeyond, type GameEvent } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexFacts, isPlayable } from '../src/base/hexes.js';
import { controller, fortressStands } from '../src/base/positions.js';
import type { VernianState } from '../src/base/state.js';
import { openingState } from '../src/arrivals/opening.js';
import { receivePieces } from '../src/arrivals/piece-arrivals.js';
import { phases } from '../src/turn/phases.js';
import { describeEvent } from '../src/views/report.js';
import { vernian } from '../src/index.js';
import { cleared, put, testContext, unitsWhere } from './fixtures.js';
import { orders, ordersContext, position, problems, stepContext } from './combat-helpers.js';
import { bombardPhase } from '../src/artillery/bombard.js';
import { generatorAttrition } from '../src/inventions/inventions.js';

/** The Armored Front Buster's move (VV-AFB-09 to VV-AFB-18): one hex in Attack Supply, pushing the enemy straight back. */

const germans = unitsWhere((u) => u.side === 'germany' && u.infantry && u.type.steps === 2 && u.type.class !== 'fortress-infantry', 6);
const [fr] = unitsWhere((u) => u.nation === 'france' && u.infantry && u.type.steps === 2, 1);
const [germanHq] = unitsWhere((u) => u.side === 'germany' && u.hq, 1);

function withBuster(hex: string, units: Record<string, string> = {}): VernianState {
  const s = put(cleared(), units);
  s.pieces['afb-1'] = { type: 'afb', side: 'allies', at: hex };
  return s;
}

function move(state: VernianState, text: string, answers: Record<string, unknown> = {}): string[] {
  const ctx = stepContext(
    'allies',
    [],
    Object.entries(answers).map(([id, answer]) => ({ id, seat: 'germany', answer }) as never),
    5,
  );
  phases['allied-movement']!(state, new Map([['allies', orders(state, 'allies', text, 5)]]) as never, ctx);
  return (ctx.events as GameEvent[]).map((e) => describeEvent(e)).filter((l): l is string => l !== undefined);
}

/** The neighbour of `hex` whose hex straight on is `beyond`-like: from → hex → beyond on one line. */
const behind = (hex: string, ahead: string) => hexBeyond(hexBoard(), ahead, hex)!;

describe('The Armored Front Buster moves', () => {
  it('VV-AFB-01, VV-REIN-14: the AFB reaches the Allied box on Strategic Turn C, and not before', () => {
    const s = openingState();
    receivePieces(s, 4);
    assert.equal(s.pieces['afb-1'], undefined, 'not on B');
    receivePieces(s, 7);
    assert.deepEqual(s.pieces['afb-1'], { type: 'afb', side: 'allies', at: 'box' });
  });

  it('VV-AFB-09, VV-AFB-14, VV-AFB-15: one hex in Attack Supply; the Germans in the hex entered are pushed straight back', () => {
    const s = withBuster('W7820', { [germans[0]!]: 'W7920', [germans[1]!]: 'W7920', [germanHq!]: 'W7920' });
    const lines = move(s, 'move afb-1 to W7920');
    assert.equal(s.pieces['afb-1']!.at, 'W7920');
    assert.deepEqual(
      [germans[0], germans[1], germanHq].map((id) => s.units[id!]!.at),
      ['W8020', 'W8020', 'W8020'],
    );
    assert.equal(controller(s, 'W7920'), 'allies', 'the hex was and stays French: the AFB itself takes nothing');
    assert.equal(lines[0], 'Armored Front Buster (afb-1) moves W7820 Reims → W7920.');
    assert.match(lines[1]!, /^German .* \(de-\d+\), German .*, .* are pushed straight back from W7920 into W8020\.$/);
    // One hex only, and once a phase.
    assert.match(problems(s, 'allies', 'move afb-1 to W8120')[0]?.message ?? '', /moves one hex a turn.*\(VV-AFB-09\)/);
    const twice = withBuster('W7820');
    assert.match(problems(twice, 'allies', 'move afb-1 to W7920\nmove afb-1 to W8020')[0]?.message ?? '', /already moved this phase/);
  });

  it('VV-AFB-10: out of Attack Supply the AFB does not move at all', () => {
    const s = withBuster('W8700');
    const land = hexBoard()
      .neighbours('W8700')
      .map((c) => c.to)
      .find((h) => isPlayable(hexFacts(h)))!;
    const why = problems(s, 'allies', `move afb-1 to ${land}`)[0]?.message ?? '';
    assert.match(why, /is not in Attack Supply in W8700: its movement rate is 0 \(VV-AFB-10\)/);
  });

  it('VV-AFB-11, VV-AFB-12, VV-AFB-13: never into Mountain or sea, nor across an all-sea hexside', () => {
    assert.match(problems(withBuster('W8441'), 'allies', 'move afb-1 to W8541')[0]?.message ?? '', /mountain hexes .*\(VV-AFB-11\)/);
    assert.match(problems(withBuster('W6017'), 'allies', 'move afb-1 to W6018')[0]?.message ?? '', /all-sea hexside \(VV-AFB-12\)/);
    assert.match(problems(withBuster('W5519'), 'allies', 'move afb-1 to W5518')[0]?.message ?? '', /sea hex \(VV-AFB-13\)/);
    // The cost of the terrain and the zones of control never stop it (D-AMB-49): into rough ground beside the enemy.
    const rough = hexBoard()
      .neighbours('W8421')
      .map((c) => c.to)
      .find((h) => hexFacts(h)?.terrain === 'clear' && hexFacts(h)?.nation === 'france')!;
    const s = withBuster(rough, { [germans[0]!]: behind('W8421', rough) });
    assert.deepEqual(problems(s, 'allies', 'move afb-1 to W8421'), []);
  });

  it('VV-AFB-16, AMB-47: a full hex behind sends on the units that were there first, as few as needed, the owner choosing', () => {
    // Two German divisions pushed into a hex of three: two of the three go on, by the German choice the second one.
    const s = withBuster('W7820', {
      [germans[0]!]: 'W7920',
      [germans[1]!]: 'W7920',
      [germans[2]!]: 'W8020',
      [germans[3]!]: 'W8020',
      [germans[4]!]: 'W8020',
    });
    const lines = move(s, 'move afb-1 to W7920', { 'push.W8020.1': germans[4] });
    const at = (k: number) => s.units[germans[k]!]!.at;
    assert.deepEqual([0, 1].map(at), ['W8020', 'W8020']);
    assert.equal(at(4), 'W8120', 'the German choice');
    assert.equal([2, 3].map(at).filter((h) => h === 'W8120').length, 1, 'then the default: one more, no more');
    assert.equal(lines.filter((l) => l.includes('pushed straight back')).length, 2);
  });

  it('VV-AFB-17, AMB-47: pushed off the map, into the sea or against the Allies, units are destroyed', () => {
    const offMap = withBuster('W5519', { [germans[0]!]: 'W5419' });
    const lines = move(offMap, 'move afb-1 to W5419');
    assert.equal(offMap.units[germans[0]!]!.at, 'out');
    assert.match(lines[1]!, /in W5419: pushed off the map, and destroyed\.$/);
    const sea = hexBoard()
      .neighbours('W5519')
      .map((c) => c.to)
      .find((h) => hexFacts(h)?.terrain === 'sea')!;
    const from = behind('W5519', sea);
    const wet = withBuster(from, { [germans[0]!]: 'W5519' });
    move(wet, 'move afb-1 to W5519');
    assert.equal(wet.units[germans[0]!]!.at, 'out', 'into the sea');
    const walled = withBuster('W7820', { [germans[0]!]: 'W7920', [fr!]: 'W8020' });
    move(walled, 'move afb-1 to W7920');
    assert.equal(walled.units[germans[0]!]!.at, 'out', 'against French troops');
  });

  it('VV-AFB-18: a German fortress the AFB enters is destroyed, its garrison pushed out', () => {
    const s = withBuster('W8621', { [germans[0]!]: 'W8721' });
    const lines = move(s, 'move afb-1 to W8721');
    assert.equal(fortressStands(s, 'W8721'), false);
    assert.equal(s.units[germans[0]!]!.at, hexBeyond(hexBoard(), 'W8621', 'W8721'));
    assert.ok(lines.some((l) => /^The fortress of W8721 Metz is destroyed \(the Armored Front Buster entered it\)\.$/.test(l)));
  });

  it('AMB-48: no German unit may enter, be placed in or retreat into the hex of the AFB; its moves are legal actions', () => {
    const s = withBuster('W7820', { [germans[0]!]: 'W7920' });
    const ctx = { ...ordersContext(s, 'germany', 5) };
    const mv = vernian.parseOrders(`move ${germans[0]} to W7820`, ctx);
    assert.equal(mv.ok, false);
    const offered = vernian.legalActions!({ orders: [] }, ordersContext(s, 'allies', 5)).filter((a) => a.label.startsWith('move afb-1'));
    assert.ok(offered.some((a) => a.label === 'move afb-1 to W7920'));
    for (const a of offered) assert.ok(vernian.checkOrders(a.next, ordersContext(s, 'allies', 5)).ok, a.label);
    assert.equal(problems(s, 'allies', 'move Armored Front Buster to W7920').length, 0, 'by its name too');
  });

  it("VV-AFB-04: the AFB's hex cannot be attacked: the order is refused and legal actions never offer it", () => {
    const s = position({ W7920: ['fr-58'], W8020: ['de-3', 'de-4'] });
    s.pieces['afb-1'] = { type: 'afb', side: 'allies', at: 'W7920' };
    const why = problems(s, 'germany', 'attack W7920 with de-3, de-4')[0]?.message ?? '';
    assert.equal(why, 'W7920 holds the Armored Front Buster: its hex cannot be attacked in ground combat (VV-AFB-04)');
    const offered = vernian.legalActions!({ orders: [] }, ordersContext(s, 'germany')).map((a) => a.label);
    assert.ok(!offered.some((l) => l.startsWith('attack W7920')));
    const bare = position({ W7920: ['fr-58'], W8020: ['de-3', 'de-4'] });
    assert.ok(vernian.legalActions!({ orders: [] }, ordersContext(bare, 'germany')).some((a) => a.label.startsWith('attack W7920')));
  });

  it('VV-AFB-03: the AFB never attacks', () => {
    const s = position({ W7920: ['fr-58'], W8020: ['de-3'] });
    s.pieces['afb-1'] = { type: 'afb', side: 'allies', at: 'W7920' };
    const why = problems(s, 'allies', 'attack W8020 with afb-1')[0]?.message ?? '';
    assert.equal(why, 'Armored Front Buster (afb-1) has no attack strength and never attacks (VV-AFB-03)');
  });

  it('VV-AFB-05, VV-AFB-06, VV-AFB-02, AMB-68: bombards may aim at its hex; the AFB ignores the hits and keeps the hex occupied', () => {
    const [hq22] = unitsWhere((u) => u.side === 'germany' && u.entry.type === 'hq-2-2', 1);
    const s = withBuster('W7920', { [fr!]: 'W7920', [germans[0]!]: 'W8020', [hq22!]: 'W8020' });
    // Two dice killing on 2 or less: a 1 and a 1 (+0: clear, spotted) are two hits, both on the French division.
    const ctx = testContext(5, [1, 1]);
    bombardPhase('germany')(s, new Map([['germany', { orders: [{ kind: 'bombard', target: 'W7920', hqs: [hq22!] }] }]]) as never, ctx);
    assert.equal(s.units[fr!]!.at, 'out');
    assert.equal(s.pieces['afb-1']!.at, 'W7920');
    assert.deepEqual(s.bombarded, [], 'not cleared: the AFB is still there');
    // The AFB alone: the bombard is allowed, its hits are wasted.
    const alone = withBuster('W7920', { [germans[0]!]: 'W8020', [hq22!]: 'W8020' });
    assert.equal(problems(alone, 'germany', `bombard W7920 with ${hq22}`).length, 0);
    const c2 = testContext(5, [1, 1]);
    bombardPhase('germany')(alone, new Map([['germany', { orders: [{ kind: 'bombard', target: 'W7920', hqs: [hq22!] }] }]]) as never, c2);
    assert.equal(alone.pieces['afb-1']!.at, 'W7920');
    assert.ok((c2.events as GameEvent[]).some((e) => e.type === 'hits-wasted' && e['hits'] === 2));
    // Nor does a Van der Graaf Generator beside it take anything from it (VV-AFB-02, D-AMB-48).
    alone.inventions = { ...alone.inventions, vdg: 1, generators: ['W8020'] };
    const c3 = testContext(5, []);
    generatorAttrition(alone, c3);
    assert.equal(alone.pieces['afb-1']!.at, 'W7920');
    assert.deepEqual(c3.events, []);
  });
});
