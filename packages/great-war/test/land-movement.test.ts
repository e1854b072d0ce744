import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatProblems, type GameEvent } from '@umpire/engine';
import {
  checkMove,
  greatWar,
  resolveLandMovement,
  theWorld,
  type GreatWarOrders,
  type GreatWarState,
} from '../src/index.js';
import { presenceOf } from '../src/base/counting.js';
import { eventsOf, newGame, openingState, ordersContext, phaseContext, step, scene, war, ordersFor, ownerOf, unitsIn, midTurnLandInvariants } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: a state with chosen units in chosen territories, orders parsed as a player types them, phase 8 run.

const ctxFor = (state: GreatWarState, seat: string) => ({ state, seat, step });

function move(state: GreatWarState, orders: Record<string, string>, dice: number[] = []) {
  const ctx = phaseContext(dice);
  const map = new Map(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(state, seat, text)]));
  resolveLandMovement(state, map, ctx);
  return ctx.events;
}

const where = unitsIn;
const owner = ownerOf;
const problems = (state: GreatWarState, seat: string, text: string) => {
  const r = greatWar.parseOrders(text, ctxFor(state, seat));
  return r.ok ? [] : r.error.map((p) => ({ code: p.code, line: p.line, column: p.column, ...(p.suggestion ? { suggestion: p.suggestion } : {}) }));
};
/** The land invariants that hold in the middle of a turn (the land turn's record is full until phase 11 ends). */
const midTurn = midTurnLandInvariants;
const types = (events: readonly GameEvent[]) => events.filter((e) => e.type !== 'roll' && e.type !== 'decision').map((e) => e.type);

// ---------------------------------------------------------------------------------------------------------------

test('D-SIM-2, GW-P08-LANDMOVE-01: every nation moves at once; all units leave, then all arrive; each move is checked against the start of the phase', () => {
  const state = scene({ cologne: { germany: { infantry: 4 } }, metz: { germany: { infantry: 2 } }, nancy: { france: { infantry: 3 } }, reims: { france: { infantry: 1 } } });
  // An arriving unit does not count for an order from its new territory: Metz has 2 infantry at the start.
  assert.deepEqual(problems(state, 'germany', 'move 2 infantry from Cologne to Metz\nmove 3 infantry from Metz to Strasbourg'), [{ code: 'not-enough-units', line: 2, column: 6 }]);
  const events = move(state, {
    germany: 'move 2 infantry from Cologne to Metz\nmove 2 infantry from Metz to Strasbourg',
    france: 'move 1 infantry from Nancy to Reims\nmove 1 infantry from Reims to Verdun',
  });
  assert.deepEqual(where(state, 'metz'), { 'germany infantry': 2 }, 'the two from Cologne arrived, the two of Metz left');
  assert.deepEqual(where(state, 'strasbourg')['germany infantry'], (openingState().board.units.filter((u) => u.at === 'strasbourg' && u.type === 'infantry').length) + 2);
  assert.deepEqual(where(state, 'reims'), { 'france infantry': 1 }, 'one left Reims for Verdun, one arrived from Nancy');
  assert.deepEqual(
    eventsOf(events, 'move').map((e) => [e['nation'], e['from'], e['to'], e['units']]),
    [
      ['germany', 'cologne', 'metz', { infantry: 2 }],
      ['germany', 'metz', 'strasbourg', { infantry: 2 }],
      ['france', 'nancy', 'reims', { infantry: 1 }],
      ['france', 'reims', 'verdun', { infantry: 1 }],
    ],
  );
  assert.deepEqual(state.land.acted.length, 6);
});

test('D-SIM-3 (gap G12): units move their movement points along land borders and stop on entering enemy ground', () => {
  const state = scene({ cologne: { germany: { infantry: 2, tank: 2 } }, metz: {}, verdun: { france: { infantry: 1 } }, luxembourg: {} });
  const world = theWorld();
  const presence = presenceOf(state);
  const check = (nation: string, from: string, to: string, ts: string[], via?: string[]) => {
    const c = checkMove(state, world, presence, nation, from, to, via, ts);
    return c.ok ? { path: c.value.path, hostile: c.value.hostile } : c.error.code;
  };
  assert.deepEqual(check('germany', 'cologne', 'metz', ['infantry']), { path: ['cologne', 'metz'], hostile: false });
  assert.equal(check('germany', 'cologne', 'strasbourg', ['infantry']), 'too-far', 'infantry moves 1');
  assert.equal(check('germany', 'cologne', 'strasbourg', ['tank']), 'too-far', 'the 1914 tank moves 1 too');
  state.nations.find((n) => n.id === 'germany')!.tech['tanks'] = 2;
  assert.deepEqual(check('germany', 'cologne', 'strasbourg', ['tank']), { path: ['cologne', 'metz', 'strasbourg'], hostile: false }, 'the 2nd Tanks advance gives +1 move');
  assert.deepEqual(check('germany', 'cologne', 'verdun', ['tank']), { path: ['cologne', 'metz', 'verdun'], hostile: true }, 'two borders: through Metz into an enemy territory');
  assert.equal(check('germany', 'metz', 'reims', ['tank'], ['verdun']), 'blocked-path', 'a move ends on entering enemy ground');
  assert.equal(check('germany', 'cologne', 'nancy', ['tank'], ['luxembourg']), 'blocked-path', 'nor may it pass through a neutral');
  assert.equal(check('germany', 'cologne', 'nancy', ['tank'], ['frankfurt']), 'not-adjacent');
  // The text form with via.
  const orders = ordersFor(state, 'germany', 'move 2 tanks from Cologne to Verdun via Metz');
  assert.deepEqual(orders.orders, [{ kind: 'move', from: 'cologne', to: 'verdun', units: { tank: 2 }, via: ['metz'] }]);
  assert.deepEqual(problems(state, 'germany', 'move 2 tanks from Cologne to Reims via Verdun'), [{ code: 'not-adjacent', line: 1, column: 6 }]);
});

test('D-SIM-4, GW-TERR-10, GW-TERR-14, GW-TERR-23, GW-TERR-24: artillery may not enter Switzerland, Afghanistan or Tibet, nor tanks Tibet; move all leaves them behind', () => {
  const state = scene({ belfort: { france: { infantry: 2, artillery: 1 } }, switzerland: {}, tashkent: { russia: { infantry: 1, artillery: 1 } }, afghanistan: {}, calcutta: { britain: { infantry: 1, artillery: 1, tank: 1 } }, tibet: {} });
  war(state, 'france', 'switzerland');
  war(state, 'russia', 'afghanistan');
  war(state, 'britain', 'tibet');
  assert.deepEqual(problems(state, 'france', 'move 1 artillery from Belfort to Switzerland').map((p) => p.code), ['barred-terrain']);
  assert.deepEqual(problems(state, 'russia', 'move 1 artillery from Tashkent to Afghanistan').map((p) => p.code), ['barred-terrain']);
  assert.deepEqual(problems(state, 'britain', 'move 1 artillery from Calcutta to Tibet').map((p) => p.code), ['barred-terrain']);
  assert.deepEqual(problems(state, 'britain', 'move 1 tank from Calcutta to Tibet').map((p) => p.code), ['barred-terrain']);
  const events = move(state, { france: 'move all from Belfort to Switzerland', russia: 'move all from Tashkent to Afghanistan', britain: 'move all from Calcutta to Tibet' });
  assert.deepEqual(where(state, 'switzerland'), { 'france infantry': 2 });
  assert.deepEqual(where(state, 'afghanistan'), { 'russia infantry': 1 });
  assert.deepEqual(where(state, 'tibet'), { 'britain infantry': 1 });
  assert.deepEqual(where(state, 'calcutta'), { 'britain artillery': 1, 'britain tank': 1 });
  assert.deepEqual(
    eventsOf(events, 'move').map((e) => e['stayed']),
    [{ artillery: 1 }, { artillery: 1 }, { artillery: 1, tank: 1 }],
  );
  assert.deepEqual(midTurn(state), []);
});

test('D-SIM-5, GW-ALLY-06: allied ground is shared; a nation one is not at war with may not be entered', () => {
  const state = scene({ lille: { france: { infantry: 1 } }, flanders: {}, cologne: { germany: { infantry: 3 } }, brussels: { belgium: { infantry: 1 } } });
  state.board.units.push({ id: 'britain-t99', nation: 'britain', type: 'infantry', at: 'amiens', damage: 0 });
  assert.deepEqual(problems(state, 'germany', 'move 3 infantry from Cologne to Liege'), [{ code: 'not-at-war', line: 1, column: 6 }], 'Liège is Brussels, Belgian and neutral');
  const r = greatWar.parseOrders('move 3 infantry from Cologne to Liege', ctxFor(state, 'germany'));
  assert.ok(!r.ok && /Brussels is held by Belgium, and Germany is not at war with Belgium/.test(r.error[0]!.message));
  move(state, { britain: 'move 1 infantry from Amiens to Lille' });
  assert.deepEqual(where(state, 'lille'), { 'france infantry': 1, 'britain infantry': 1 });
  assert.equal(owner(state, 'lille'), 'france', 'an ally in a territory does not take it');
  assert.deepEqual(midTurn(state), []);
  war(state, 'germany', 'belgium');
  assert.deepEqual(problems(state, 'germany', 'move 3 infantry from Cologne to Liege'), []);
});

test('D-SIM-6, GW-P08-LANDMOVE-04: moving into an enemy territory where nobody is captures it at once, in phase 8', () => {
  const state = scene({ metz: { germany: { infantry: 2 } }, verdun: {} });
  const events = move(state, { germany: 'move 1 infantry from Metz to Verdun' });
  assert.equal(owner(state, 'verdun'), 'germany');
  assert.deepEqual(state.board.territories['verdun'], { owner: 'germany', incorporated: false });
  assert.deepEqual(eventsOf(events, 'capture'), [{ type: 'capture', area: 'verdun', from: 'france', to: 'germany', by: ['germany'], how: 'unopposed' }]);
  assert.deepEqual(state.land.battles, []);
  assert.equal(eventsOf(events, 'roll').length, 0, 'no battle');
});

test('D-SIM-6, GW-P08-LANDMOVE-05: a territory taken from the enemy goes back to its 1914 owner when that is an ally', () => {
  const state = scene({ amiens: { britain: { infantry: 2 } }, reims: {} });
  state.board.territories['reims'] = { owner: 'germany', incorporated: false };
  const events = move(state, { britain: 'move 2 infantry from Amiens to Reims' });
  assert.equal(owner(state, 'reims'), 'france');
  assert.deepEqual(eventsOf(events, 'capture')[0], { type: 'capture', area: 'reims', from: 'germany', to: 'france', by: ['britain'], how: 'unopposed', liberated: true });
  assert.deepEqual(midTurn(state), []);
});

test('D-SIM-7, GW-P08-LANDMOVE-03: moving where enemy units are makes a battle in phase 10; units that left are not in it, friendly arrivals are', () => {
  const state = scene({ metz: { germany: { infantry: 3 } }, verdun: { france: { infantry: 2 } }, reims: { france: { infantry: 1 } }, nancy: { france: { infantry: 1 } } });
  move(state, { germany: 'move 3 infantry from Metz to Verdun', france: 'move 2 infantry from Verdun to Nancy\nmove 1 infantry from Reims to Verdun' });
  assert.deepEqual(state.land.battles, ['verdun']);
  assert.deepEqual(where(state, 'verdun'), { 'germany infantry': 3, 'france infantry': 1 }, 'the two that left are in Nancy; the one from Reims defends');
  assert.deepEqual(
    state.land.moves.filter((m) => m.to === 'verdun').map((m) => [m.unit.split('-')[0], m.from]),
    [
      ['germany', 'metz'],
      ['germany', 'metz'],
      ['germany', 'metz'],
      ['france', 'reims'],
    ],
  );
});

test('D-SIM-8: two forces crossing a border both ways pass each other and each fights what stayed behind', () => {
  const state = scene({ metz: { germany: { infantry: 3 } }, nancy: { france: { infantry: 3 } } });
  const events = move(state, { germany: 'move all from Metz to Nancy', france: 'move 2 infantry from Nancy to Metz' });
  assert.equal(owner(state, 'metz'), 'france', 'Metz was left empty: France takes it unopposed');
  assert.deepEqual(where(state, 'nancy'), { 'germany infantry': 3, 'france infantry': 1 });
  assert.deepEqual(state.land.battles, ['nancy']);
  assert.deepEqual(types(events), ['move', 'move', 'capture']);
});

test('GW-TERR-32: land units move across a strait between two territories', () => {
  const state = scene({ 'northern-ireland': { britain: { infantry: 1, tank: 1, artillery: 1 } }, glasgow: {} });
  move(state, { britain: 'move all from Northern Ireland to Glasgow' });
  assert.deepEqual(where(state, 'glasgow'), { 'britain infantry': 1, 'britain artillery': 1, 'britain tank': 1 });
});

test('GW-TERR-35, GW-TERR-28 (D-SIM-3, A35): only infantry and artillery attack across a strait or the Suez Canal', () => {
  const state = scene({ 'suez-canal': { britain: { infantry: 2, tank: 1, artillery: 1 } }, palestine: { 'ottoman-empire': { infantry: 1 } }, sevastopol: { russia: { tank: 1 } }, krasnodar: {} });
  war(state, 'britain', 'ottoman-empire');
  assert.deepEqual(problems(state, 'britain', 'move 1 tank from Suez Canal to Palestine').map((p) => p.code), ['strait-attack']);
  assert.deepEqual(problems(state, 'britain', 'move 2 infantry, 1 artillery from Suez Canal to Palestine'), []);
  assert.deepEqual(problems(state, 'russia', 'move 1 tank from Sevastopol to Krasnodar'), [], 'a tank may cross a strait into friendly ground');
  const events = move(state, { britain: 'move all from Suez Canal to Palestine' });
  assert.deepEqual(eventsOf(events, 'move')[0]!['stayed'], { tank: 1 });
  assert.deepEqual(where(state, 'palestine'), { 'ottoman-empire infantry': 1, 'britain infantry': 2 });
  assert.deepEqual(state.land.support, [{ unit: 'britain-t4', from: 'suez-canal', at: 'palestine' }]);
});

test('GW-UNIT-10, GW-UNIT-11: AA guns may not attack, nor go with troops into enemy territory', () => {
  const state = scene({ metz: { germany: { infantry: 2, 'aa-gun': 1 } }, verdun: { france: { infantry: 1 } } });
  assert.deepEqual(problems(state, 'germany', 'move 1 AA gun from Metz to Verdun').map((p) => p.code), ['aa-cannot-attack']);
  assert.deepEqual(problems(state, 'germany', 'move 2 infantry, 1 anti-aircraft gun from Metz to Verdun').map((p) => p.code), ['aa-cannot-attack']);
  assert.deepEqual(problems(state, 'germany', 'move 1 AA gun from Metz to Strasbourg'), [], 'they move in friendly ground');
  move(state, { germany: 'move all from Metz to Verdun' });
  assert.deepEqual(where(state, 'metz'), { 'germany aa-gun': 1 });
});

test('D-SIM-12, GW-P10-LAND-06: artillery ordered into an enemy territory stays and fires; into friendly ground it moves', () => {
  const state = scene({ metz: { germany: { infantry: 1, artillery: 2 } }, verdun: { france: { infantry: 1 } }, strasbourg: {} });
  const events = move(state, { germany: 'move 1 infantry, 1 artillery from Metz to Verdun\nmove 1 artillery from Metz to Strasbourg' });
  assert.deepEqual(where(state, 'metz'), { 'germany artillery': 1 });
  assert.deepEqual(where(state, 'strasbourg'), { 'germany artillery': 1 });
  assert.deepEqual(eventsOf(events, 'artillery-support').map((e) => [e['from'], e['at'], e['units']]), [['metz', 'verdun', 1]]);
  assert.equal(state.land.support.length, 1);
  assert.ok(state.land.acted.includes(state.land.support[0]!.unit), 'firing is its action for the turn');
});

test('D-SIM-24: a move whose units are gone by phase 8 is void and reported, never a crash', () => {
  const state = scene({ metz: { germany: { infantry: 2 } }, verdun: { france: { infantry: 1 } } });
  const given = ordersFor(state, 'germany', 'move 1 infantry from Metz to Nancy\nmove 1 infantry from Metz to Strasbourg');
  const before = structuredClone(state);
  before.board.units = before.board.units.filter((u) => u.at !== 'metz');
  const ctx = phaseContext([]);
  resolveLandMovement(before, new Map([['germany', given]]), ctx);
  assert.deepEqual(
    eventsOf(ctx.events, 'order-void').map((e) => [e['order'], e['code']]),
    [
      ['move 1 infantry from Metz to Nancy', 'no-units'],
      ['move 1 infantry from Metz to Strasbourg', 'no-units'],
    ],
  );
  // Orders that passed the check but that other events made illegal: an ally that changed sides.
  const ctx2 = phaseContext([]);
  const third = structuredClone(state);
  third.nations.find((n) => n.id === 'germany')!.atWarWith = third.nations.find((n) => n.id === 'germany')!.atWarWith.filter((x) => x !== 'france');
  third.nations.find((n) => n.id === 'france')!.atWarWith = third.nations.find((n) => n.id === 'france')!.atWarWith.filter((x) => x !== 'germany');
  resolveLandMovement(third, new Map([['germany', ordersFor(state, 'germany', 'move 1 infantry from Metz to Verdun')]]), ctx2);
  assert.deepEqual(eventsOf(ctx2.events, 'order-void').map((e) => e['code']), ['not-at-war']);
  assert.deepEqual(where(third, 'metz'), { 'germany infantry': 2 });
});

// ---------------------------------------------------------------------------------------------------------------
// The order language.

test('move orders: counts, all, abbreviations, aliases, plurals, arrows and via, to JSON and back', () => {
  const state = openingState();
  const cases: [string, unknown][] = [
    ['move 3 infantry, 1 artillery from Cologne to Metz', { kind: 'move', from: 'cologne', to: 'metz', units: { infantry: 3, artillery: 1 } }],
    ['MOVE 3 inf and 1 art from cologne -> metz', { kind: 'move', from: 'cologne', to: 'metz', units: { infantry: 3, artillery: 1 } }],
    ['move all from Metz to Verdun', { kind: 'move', from: 'metz', to: 'verdun', units: 'all' }],
    ['move all infantry, 2 artillery from Metz to Verdun', { kind: 'move', from: 'metz', to: 'verdun', units: { infantry: 'all', artillery: 2 } }],
    ['move a tank from Essen to Cologne', { kind: 'move', from: 'essen', to: 'cologne', units: { tank: 1 } }],
    ['move 2 tanks from Cologne to Verdun via Metz', { kind: 'move', from: 'cologne', to: 'verdun', units: { tank: 2 }, via: ['metz'] }],
    ['move 1 infantry from Kön to Vilnius', { kind: 'move', from: 'konigsberg', to: 'vilnius', units: { infantry: 1 } }],
    ['move 2 infantry of Germany from Metz to Nancy', { kind: 'move', from: 'metz', to: 'nancy', units: { infantry: 2 } }],
  ];
  const ctx = ctxFor(state, 'germany');
  for (const [line, order] of cases) {
    const spec = greatWar.parseOrders(line, ctx);
    // Only the reading is checked here (the last lines name units Germany lacks there): check the first problem-free parse.
    const parsed = spec.ok ? spec.value.orders[0] : (spec.error.every((p) => /units|tank/.test(p.code)) ? null : assert.fail(`${line}: ${formatProblems(spec.error)}`));
    if (parsed) assert.deepEqual(parsed, order, line);
  }
  const orders: GreatWarOrders = { orders: [{ kind: 'move', from: 'cologne', to: 'metz', units: { infantry: 3, artillery: 1 } }, { kind: 'move', from: 'metz', to: 'verdun', units: 'all' }] };
  const text = greatWar.formatOrders(orders, ctx);
  assert.equal(text, 'move 3 infantry, 1 artillery from Cologne to Metz\nmove all from Metz to Verdun\n');
  const back = greatWar.parseOrders(text, ctx);
  assert.ok(back.ok, back.ok ? '' : formatProblems(back.error));
  assert.deepEqual(back.value, orders);
});

test('move orders: every problem at once, with line, column and did you mean', () => {
  const state = openingState();
  const text = [
    'move 3 infantri from Cologne to Metz',
    'move 3 infantry from Colgne to Metz',
    'move 3 infantry from Cologne to North Sea',
    'move 3 fighters from Cologne to Metz',
    'move three infantry from Cologne to Metz',
    'move 3 infantry Cologne to Metz',
    'move 2 battleships from Cologne to Metz',
  ].join('\n');
  assert.deepEqual(problems(state, 'germany', text), [
    { code: 'unknown-unit', line: 1, column: 8, suggestion: 'Infantry' },
    { code: 'unknown-area', line: 2, column: 22, suggestion: 'Cologne' },
    { code: 'not-a-territory', line: 3, column: 33 },
    { code: 'unit-cannot-move', line: 4, column: 8 },
    { code: 'missing-count', line: 5, column: 6 },
    { code: 'bad-move', line: 6, column: 6 },
    { code: 'unit-cannot-move', line: 7, column: 8 },
  ]);
  const json = greatWar.checkOrders(
    {
      orders: [
        { kind: 'move', from: 'colgne', to: 'metz', units: { infantry: 3 } },
        { kind: 'move', from: 'cologne', to: 'north-sea', units: { infantri: 3 } },
        { kind: 'move', from: 'cologne', to: 'metz', units: { infantry: 0 }, speed: 'fast' },
        { kind: 'move', from: 'cologne', to: 'metz', units: { infantry: 500 } },
      ],
    },
    ctxFor(state, 'germany'),
  );
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-area', '$.orders[0].from', 'cologne'],
      ['not-a-territory', '$.orders[1].to', undefined],
      ['unknown-unit', '$.orders[1].units.infantri', 'infantry'],
      ['unknown-field', '$.orders[2].speed', undefined],
      ['bad-count', '$.orders[2].units.infantry', undefined],
      ['not-enough-units', '$.orders[3].units', undefined],
    ],
  );
});

test('D-SIM-2: one order per unit; move all takes what the other orders leave, and units kept for a strategic move', () => {
  const state = scene({ metz: { germany: { infantry: 4, artillery: 1 } }, strasbourg: {}, verdun: { france: { infantry: 1 } } });
  assert.deepEqual(problems(state, 'germany', 'move 3 infantry from Metz to Verdun\nmove 2 infantry from Metz to Strasbourg').map((p) => [p.code, p.line]), [['not-enough-units', 2]]);
  assert.deepEqual(problems(state, 'germany', 'move all from Metz to Verdun\nmove all infantry from Metz to Strasbourg').map((p) => [p.code, p.line]), [['already-ordered', 2]]);
  assert.deepEqual(problems(state, 'germany', 'move all from Metz to Verdun\nmove 4 infantry from Metz to Strasbourg'), [], 'counts come before all');
  assert.deepEqual(problems(state, 'germany', 'move 1 artillery from Metz to Strasbourg\nmove 1 artillery from Metz to Verdun').map((p) => [p.code, p.line]), [['not-enough-units', 2]], 'GW-P10-LAND-09: artillery that moves does not fire');
  move(state, { germany: 'move all from Metz to Verdun\nmove 1 infantry from Metz to Strasbourg\nstrategic 1 infantry from Metz to Berlin' });
  assert.deepEqual(where(state, 'verdun'), { 'germany infantry': 2, 'france infantry': 1 });
  assert.deepEqual(where(state, 'strasbourg'), { 'germany infantry': 1 });
  assert.deepEqual(where(state, 'metz'), { 'germany infantry': 1, 'germany artillery': 1 }, 'one kept for the strategic move; the artillery fires');
});

test('legal actions offer a few moves and standing orders, each accepted by the checker', () => {
  const game = newGame();
  for (const seat of ['germany', 'france', 'russia', 'serbia', 'japan']) {
    const ctx = ordersContext(game, seat);
    const actions = greatWar.legalActions({ orders: [] }, ctx).filter((a) => ['move', 'strategic', 'losses', 'retreat'].includes(a.next.orders[0]!.kind));
    assert.ok(actions.length <= 12, `${seat}: ${actions.length} land actions`);
    for (const a of actions) assert.ok(greatWar.checkOrders(a.next, ctx).ok, a.label);
    if (seat !== 'japan') assert.ok(actions.some((a) => a.next.orders[0]!.kind === 'move'), seat);
  }
});
