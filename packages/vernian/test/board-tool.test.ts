import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Json, OrdersContext, Plan, PlanOffer } from '@umpire/engine';
import { openingState } from '../src/arrivals/opening.js';
import type { VernianState } from '../src/base/state.js';
import { zoneOf } from '../src/base/zoc.js';
import { moveWorld, reachableHexes } from '../src/movement/movement.js';
import { combatOdds } from '../src/combat/odds.js';
import { language } from '../src/orders/language.js';
import { vernianBoard } from '../src/tools/board.js';
import { vernianMap } from '../src/tools/map.js';
import { stepInfo } from './fixtures.js';

/**
 * The board tool the web client draws vernian's hex map with (src/tools/board.ts, plans.ts): what a hex says, the
 * orders by clicking on the draft the orders text makes (a stack's reach and the enemy zones of control, an attack's
 * odds, a bombard's hits), and the tracks off the map. Each answer is checked against the rules' own functions.
 */

const opening = (): VernianState => openingState();
const ctxOf = (state: VernianState, seat = 'germany', turn = 1): OrdersContext<Json> => ({
  state: state as unknown as Json,
  seat,
  step: stepInfo(seat === 'germany' ? 'german' : 'allied', turn),
});
const plans = (text: string, hex: string, state = opening(), seat = 'germany'): PlanOffer =>
  vernianBoard.plans!(text, ctxOf(state, seat), hex);
const planOf = (offer: PlanOffer, id: string): Plan => {
  const p = offer.plans.find((x) => x.id === id);
  assert.ok(p, `no plan ${id} among ${offer.plans.map((x) => x.id).join(', ')}`);
  return p;
};

describe('the board tool: orders by clicking a hex', () => {
  it('a stack clicked offers a move to every hex all its ticked units reach, the enemy zones of control shaded', () => {
    const s = opening();
    const offer = plans('', 'W8707', s);
    assert.deepEqual(
      offer.units.map((u) => u.id),
      ['de-13', 'de-14', 'de-19', 'de-a2', 'zep-1', 'zep-2', 'zep-3', 'zep-4', 'zep-5'],
      'the units, then the pieces',
    );
    const move = planOf(offer, 'move');
    assert.deepEqual(
      move.units.filter((u) => u.picked).map((u) => u.id),
      ['de-13', 'de-14', 'de-19'],
      'the divisions ticked, the HQ not',
    );
    const world = moveWorld(s, 'germany');
    const both = ['de-13', 'de-14'].map((u) => reachableHexes(world, u, 1));
    const expected = [...both[0]!.keys()].filter((h) => both[1]!.has(h));
    assert.deepEqual(
      move.targets!(['de-13', 'de-14']).map((t) => t.id),
      expected,
    );
    assert.ok(expected.includes('W8608') && !expected.includes('W8508'), 'next to Liège, not into its fortress');
    assert.deepEqual(new Set(move.shades!.areas), new Set(zoneOf(s, 'allies').keys()));
    const preview = move.preview(['de-13', 'de-14'], 'W8608');
    assert.equal(preview.line, 'move de-13, de-14 to W8608');
    assert.equal(preview.problem, undefined);
    assert.match(preview.facts.join('\n'), /W8608 is in an enemy zone of control: the move ends there/);
    // Three two-step divisions into a stack of four units: the order's own check refuses it, before it is given.
    const full = move.preview(['de-13', 'de-14', 'de-19'], 'W8706');
    assert.equal(full.line, undefined);
    assert.match(full.problem ?? '', /W8706 would hold more than six steps/);
  });

  it("an attack planned after the draft's moves shows the column and every result's exact chance, as the rules work them out", () => {
    const text = 'move de-13, de-14 to W8608\n';
    assert.deepEqual(
      plans(text, 'W8707').plans.flatMap((p) => (p.kind === 'move' ? p.units.map((u) => u.id) : [])),
      ['de-19', 'de-a2'],
      'the units moved are not offered again',
    );
    const attack = planOf(plans(text, 'W8508'), 'attack W8508');
    assert.equal(attack.target, 'W8508');
    assert.deepEqual(
      attack.units.map((u) => [u.id, u.at, u.picked]),
      [
        ['de-13', 'W8608', true],
        ['de-14', 'W8608', true],
      ],
    );
    const after = language.openDraft(ctxOf(opening()) as unknown as OrdersContext<VernianState>)!;
    assert.equal(after.add({ kind: 'move', units: ['de-13', 'de-14'], to: 'W8608' }), undefined);
    for (const units of [['de-13', 'de-14'], ['de-13']]) {
      const odds = combatOdds(after.ctx.state, 'germany', { target: 'W8508', units });
      assert.ok(odds.ok);
      const preview = attack.preview(units, 'W8508');
      assert.equal(preview.line, `attack W8508 with ${units.join(', ')} advance all`);
      assert.ok(preview.facts.some((f) => f.includes(`the column read: ${odds.value.column}.`)));
      assert.deepEqual(
        preview.table!.rows.map((r) => r[0]),
        odds.value.outcomes.map((o) => o.result),
      );
      const sixths = preview.table!.rows.map((r) => Number(/^(\d+)\/6 /.exec(r[2]!)?.[1]));
      assert.equal(
        sixths.reduce((a, b) => a + b, 0),
        6,
      );
    }
    assert.match(attack.preview(['de-13', 'de-14'], 'W8508').facts[1]!, /^Strength 8 to 2: 4-1; shifts: .*; the column read: 1-1\.$/);
    assert.match(attack.preview([], 'W8508').problem ?? '', /at least one unit/);
  });

  it('a bombard planned at a hex or from an HQ shows the exact chance of each number of hits', () => {
    // The Marine Corps (one gun, kill number 3) at Hastings, a town with no German unit next to it: +2, a hit on a 1.
    const at = planOf(plans('', 'B1315'), 'bombard B1315');
    const preview = at.preview(['de-mk'], 'B1315');
    assert.equal(preview.line, 'bombard B1315 with de-mk');
    assert.deepEqual(preview.table!.rows, [
      ['0', '83.3%'],
      ['1', '16.7%'],
    ]);
    assert.match(preview.facts.join('\n'), /\+2 on every die: cover, no spotter\./);
    const from = planOf(plans('', 'B1614'), 'bombard from here');
    assert.ok(
      from.targets!(['de-mk'])
        .map((t) => t.id)
        .includes('B1315'),
    );
    assert.equal(from.preview(['de-mk'], 'B1315').line, 'bombard B1315 with de-mk');
    assert.equal(
      plans('bombard B1315 with de-mk\n', 'B1614').plans.some((p) => p.kind === 'bombard'),
      false,
      'an HQ fires once a phase',
    );
  });

  it('an orders text that does not read counts for nothing; the other side is offered nothing in this player-turn', () => {
    const unread = plans('move nonsense', 'W8707');
    assert.equal(unread.draftUnread, true);
    assert.equal(planOf(unread, 'move').units.length, 4);
    assert.deepEqual(plans('', 'W8707', opening(), 'allies').plans, []);
    assert.deepEqual(plans('', 'W8707', opening(), 'nobody'), { area: 'W8707', units: [], plans: [], draftUnread: false });
  });
});

describe('the board tool: hexes and tracks', () => {
  it('a hex tells its terrain, country, holder and each unit with its factors, steps and supply', () => {
    const s = opening();
    const title = vernianBoard.titles(s as unknown as Json).get('W8707')!;
    assert.match(title, /^W8707 Aachen: clear, Germany, city, held by the Germans\n/);
    assert.match(title, /German 13th Infantry Division \(de-13\): 4-4, 2 of 2 steps, in attack supply/);
    const info = vernianBoard.info(s as unknown as Json, 'W8508')!;
    assert.deepEqual(
      info.facts.map((f) => [f.label, f.value]),
      [
        ['Terrain', 'clear'],
        ['Country', 'Belgium'],
        ['Held by', 'the Allies'],
        ['Place', 'a city'],
        ['Fortress', 'value 2, standing'],
      ],
    );
    assert.equal(vernianBoard.info(s as unknown as Json, 'X0000'), undefined);
    assert.ok(vernianBoard.areas(s as unknown as Json).some((a) => a.id === 'W8508' && a.name === 'Liège (W8508)'));
  });

  it('the map names each hex on its shape and each counter and piece with the hex it stands in, for a click to find', () => {
    const drawn = vernianMap.draw(opening() as unknown as Json, { title: 'test', sheet: 'west' });
    assert.ok(drawn.ok);
    assert.match(drawn.value, /<polygon data-area="W8707" points="/);
    assert.match(drawn.value, /<g data-at="W8707"><g class="counter">/);
    assert.match(drawn.value, /<g data-at="W8707"><g class="token">/, 'the Zeppelins of Aachen');
  });

  it('the tracks: the Strategic Turn in play marked, what arrives on each, the tunnel stacks, the Storm markers', () => {
    const s = opening();
    s.inventions.storms = ['W7911'];
    const sections = vernianBoard.tracks!(s as unknown as Json, 'germany', 4);
    const track = sections.find((x) => x.title === 'Turn Record Track')!.table!;
    assert.equal(track.rows[0]![0], 'A');
    assert.equal(track.rows[1]![0], 'B ◀ now: Operational Turn 4');
    assert.match(String(track.rows[1]![2]), /\d+ German units, .*the tunnel's stack of 6 German units/);
    assert.match(sections.find((x) => x.title === 'Storm markers')!.lines![0]!, /^This Operational Turn: W7911/);
    assert.ok(sections.some((x) => x.title === 'The Channel tunnel'));
    assert.ok(sections.some((x) => x.title === 'German Available Units box'));
  });
});
