import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { vernian } from '../src/index.js';
import { openingState } from '../src/arrivals/opening.js';
import { jsonProblems, orders, ordersContext, position, problems } from './combat-helpers.js';

/**
 * The attack order: `attack <hex> with <units> [advance <units> | advance all]` and its JSON, read with located
 * problems, and refused (each refusal located at its line and column, or its JSON path) when the rules forbid it.
 */

// The French 14th Division holds W7716 in open country; three German divisions stand next to it (W7816, W7715).
const front = () =>
  position({
    W7716: ['fr-14'],
    W7816: ['de-3', 'de-4'],
    W7715: ['de-7'],
    W7916: ['fr-gmp'],
    W7817: ['de-a1'],
    W7617: ['fr-t81'],
    W7618: ['de-2c'],
    W6611: ['de-8'],
    W6612: ['fr-25'],
    W7005: ['de-5r'],
    B1613: ['gb-1'],
  });

const brief = (ps: readonly { code: string; line?: number; column?: number; path?: string; suggestion?: string }[]) =>
  ps.map((p) => [p.code, p.line ?? p.path, p.column, p.suggestion].filter((x) => x !== undefined).join(' '));

describe('the attack order: text and JSON', () => {
  it('VB-CRT-02, VB-ADV-03: attack <hex> with <units> advance <units> reads to the JSON order, and back', () => {
    const state = front();
    const list = orders(state, 'germany', 'attack W7716 with de-3, de-4, de-7 advance de-3\nattack W7617 with German 2nd Cavalry Division');
    assert.deepEqual(list.orders, [
      { kind: 'attack', target: 'W7716', units: ['de-3', 'de-4', 'de-7'], advance: ['de-3'] },
      { kind: 'attack', target: 'W7617', units: ['de-2c'] },
    ]);
    const text = vernian.formatOrders(list, ordersContext(state, 'germany'));
    assert.equal(text, 'attack W7716 with de-3, de-4, de-7 advance de-3\nattack W7617 with de-2c\n');
    assert.deepEqual(orders(state, 'germany', text), list);
  });

  it('VB-ADV-03: advance all names every surviving attacker; JSON takes "all" too', () => {
    const state = front();
    assert.deepEqual(orders(state, 'germany', 'attack W7716 with de-3 ADVANCE ALL').orders, [
      { kind: 'attack', target: 'W7716', units: ['de-3'], advance: 'all' },
    ]);
    const r = vernian.checkOrders(
      { orders: [{ kind: 'attack', target: 'W7716', units: ['de-3'], advance: 'all' }] },
      ordersContext(state, 'germany'),
    );
    assert.ok(r.ok);
    assert.deepEqual(r.value, { orders: [{ kind: 'attack', target: 'W7716', units: ['de-3'], advance: 'all' }] });
  });

  it('VB-MAP-02, VB-MAP-08: a hex by id or place name; problems located by line and column, with the closest names', () => {
    const state = position({ W7820: ['fr-14'], W7821: ['de-3'] });
    assert.deepEqual(orders(state, 'germany', 'attack Reims with de-3').orders, [{ kind: 'attack', target: 'W7820', units: ['de-3'] }]);
    assert.deepEqual(brief(problems(state, 'germany', 'attack Reimz with de-3')), ['unknown-hex 1 8 Reims']);
    assert.deepEqual(brief(problems(state, 'germany', '\n  attack W7820 with de-3, de-33x')), ['unknown-unit 2 27 de-33']);
    assert.deepEqual(brief(problems(state, 'germany', 'attack W7820 de-3')), ['bad-order 1 8']);
    assert.deepEqual(brief(problems(state, 'germany', 'attack with de-3')), ['bad-order 1 8']);
    assert.deepEqual(brief(problems(state, 'germany', 'attack W7820 with de-3 advance')), ['no-units 1 32']);
    assert.deepEqual(brief(problems(state, 'germany', 'attack W7820 with advance all')), ['no-units 1 19']);
  });

  it('VB-CRT-02, VB-ADV-03: JSON problems by path: unknown fields with the closest, no unit list, a bad advance, unknown ids', () => {
    const state = front();
    assert.deepEqual(brief(jsonProblems(state, 'germany', { orders: [{ kind: 'attack', target: 'W7716', unit: ['de-3'], advance: 3 }] })), [
      'unknown-field $.orders[0].unit units',
      'bad-field $.orders[0].units',
      'bad-field $.orders[0].advance',
    ]);
    assert.deepEqual(
      brief(
        jsonProblems(state, 'germany', { orders: [{ kind: 'attack', target: 'W77166', units: ['de-3', 'de-99x'], advance: ['xx-1'] }] }),
      ),
      ['unknown-hex $.orders[0].target', 'unknown-unit $.orders[0].units[1] de-9', 'unknown-unit $.orders[0].advance[0] fr-1'],
    );
  });
});

describe('the attack order: refusals, each located', () => {
  const refused = (text: string, step?: string) => brief(problems(front(), 'germany', text, step));
  const messages = (text: string) => problems(front(), 'germany', text).map((p) => p.message);

  it('VB-CRT-01, VB-TURN-13: attacks are made in the side own player-turn only', () => {
    assert.deepEqual(refused('attack W7716 with de-3', 'allied'), ['not-now 1 1']);
    assert.match(problems(front(), 'germany', 'attack W7716 with de-3', 'allied')[0]!.message, /your own player-turn/);
    assert.deepEqual(refused('attack W7716 with de-3', 'setup'), ['not-now 1 1']);
  });

  it('VB-CRT-03: a hex is attacked once, a unit attacks once (units in one hex may attack different hexes)', () => {
    assert.deepEqual(refused('attack W7716 with de-3\nattack W7716 with de-4'), ['hex-attacked 2 8']);
    assert.deepEqual(refused('attack W7716 with de-3\nattack W7617 with de-3'), ['attacks-twice 2 8']);
    assert.deepEqual(refused('attack W7716 with de-3, de-3'), ['attacks-twice 1 8']);
    assert.match(messages('attack W7716 with de-3\nattack W7716 with de-4')[0]!, /one combat a hex a Combat Phase \(VB-CRT-03\)/);
    // de-3 and de-4 share W7816 and attack two hexes.
    const split = position({ W7716: ['fr-14'], W7916: ['fr-41'], W7816: ['de-3', 'de-4'] });
    assert.deepEqual(problems(split, 'germany', 'attack W7716 with de-3\nattack W7916 with de-4'), []);
  });

  it('VB-CRT-02, VB-CRT-04, VB-HQ-02, VB-MAP-10: attackers are the side own ground combat units on the map, next to the hex', () => {
    assert.deepEqual(refused('attack W7716 with fr-t81'), ['not-yours 1 8']);
    assert.deepEqual(refused('attack W7716 with de-a1'), ['not-combat 1 8']);
    assert.deepEqual(refused('attack W7716 with de-13'), ['not-on-map 1 8']);
    assert.deepEqual(refused('attack W7716 with de-2c'), ['not-adjacent 1 8']);
    assert.match(messages('attack W7716 with de-a1')[0]!, /HQs never attack \(VB-CRT-04, VB-HQ-02\)/);
    assert.match(messages('attack W7716 with de-2c')[0]!, /is not next to W7716 \(VB-CRT-02\)/);
  });

  it('VB-CRT-04, VB-TERR-03: no attack across an all-sea hexside or the Channel link', () => {
    assert.deepEqual(refused('attack W6612 with de-8'), ['across-sea 1 8']);
    assert.match(messages('attack W6612 with de-8')[0]!, /across the all-sea hexside/);
    assert.deepEqual(refused('attack Dover with de-5r'), ['across-sea 1 8']);
    assert.match(messages('attack Dover with de-5r')[0]!, /Channel link \(VB-CRT-04\)/);
  });

  it('VB-CRT-05: the hex must hold an enemy ground combat unit or a standing enemy fortress; an HQ alone is overrun instead', () => {
    assert.deepEqual(refused('attack W7916 with de-3'), ['no-defender 1 8']);
    assert.deepEqual(refused('attack W7815 with de-3'), ['no-defender 1 8']);
    assert.match(messages('attack W7916 with de-3')[0]!, /no enemy ground combat unit and no enemy fortress \(VB-CRT-05\)/);
    // An empty hex with a standing French fortress (Maubeuge) may be attacked.
    const fort = position({ W7810: ['de-3'] });
    assert.deepEqual(problems(fort, 'germany', 'attack Maubeuge with de-3'), []);
  });

  it('VB-CRT-11: odds below 1-3 may not be attacked', () => {
    const state = position({ W7716: ['fr-14', 'fr-t81'], W7816: ['de-2c'] });
    assert.deepEqual(brief(problems(state, 'germany', 'attack W7716 with de-2c')), ['too-weak 1 8']);
    assert.match(problems(state, 'germany', 'attack W7716 with de-2c')[0]!.message, /1 against 4 is below 1-3.*\(VB-CRT-11\)/);
  });

  it('VB-ADV-07: only the attackers of the order may be named to advance', () => {
    assert.deepEqual(refused('attack W7716 with de-3 advance de-4'), ['not-attacking 1 8']);
    assert.match(messages('attack W7716 with de-3 advance de-4')[0]!, /only its attackers advance \(VB-ADV-07\)/);
  });

  it('VB-CRT-02, VB-CRT-03: refusals in JSON are located by path', () => {
    const ps = jsonProblems(front(), 'germany', {
      orders: [
        { kind: 'attack', target: 'W7716', units: ['de-3'] },
        { kind: 'attack', target: 'W7716', units: ['de-4'] },
        { kind: 'attack', target: 'W7617', units: ['de-7'], advance: ['de-3'] },
      ],
    });
    assert.deepEqual(brief(ps), ['hex-attacked $.orders[1].target', 'not-adjacent $.orders[2].units']);
  });

  it('VB-MOVE-10, VB-CRT-02: attacks are judged against the state after the turn moves', () => {
    const state = position({ W7716: ['fr-14'], W7916: ['de-3'] });
    assert.deepEqual(brief(problems(state, 'germany', 'attack W7716 with de-3')), ['not-adjacent 1 8']);
    assert.deepEqual(problems(state, 'germany', 'attack W7716 with de-3\nmove de-3 to W7816'), []);
  });
});

describe('the attack order: candidates', () => {
  it('VB-CRT-02, VB-CRT-03: the legal attacks offered, at most twenty, best odds first, each with every unit that can join', () => {
    const state = front();
    const ctx = ordersContext(state, 'germany');
    const attacks = vernian.legalActions({ orders: [] }, ctx).filter((a) => a.label.startsWith('attack'));
    assert.deepEqual(
      attacks.map((a) => a.label),
      ['attack W7716 with de-3, de-4, de-7 advance all', 'attack W7617 with de-2c advance all'],
    );
    const after = vernian
      .legalActions({ orders: [{ kind: 'attack', target: 'W7716', units: ['de-3'] }] }, ctx)
      .filter((a) => a.label.startsWith('attack'));
    assert.deepEqual(
      after.map((a) => a.label),
      ['attack W7617 with de-2c advance all'],
    );
    const near = vernian.actionsAt!({ orders: [] }, ctx, 'W7617').map((a) => a.label);
    assert.deepEqual(near, ['attack W7617 with de-2c advance all']);
  });

  it('VB-CRT-01, VB-SETUP-05: attacks offered on the opening position stay few and legal, for both sides', () => {
    const opening = openingState();
    for (const side of ['germany', 'allies'] as const) {
      const ctx = ordersContext(opening, side);
      const attacks = vernian.legalActions({ orders: [] }, ctx).filter((a) => a.label.startsWith('attack'));
      assert.ok(attacks.length <= 20);
      for (const a of attacks) assert.ok(vernian.checkOrders(a.next, ctx).ok, a.label);
    }
  });
});
