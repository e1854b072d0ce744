import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, formatProblems, ok } from '@umpire/engine';
import {
  buildSpec,
  greatWar,
  lookupArea,
  lookupUnit,
  manpowerLimit,
  resolveBuild,
  resolvePlacement,
  theWorld,
  unitStats,
  type BuildOrder,
  type GreatWarOrders,
  type GreatWarState,
} from '../src/index.js';
import { eventsOf, must, nation, newGame, openingState, ordersContext, phaseContext, playTurn, randomDraft, type GwGame, quietTurns } from './helpers.js';

/** A game that starts from a hand-made state. */
function gameFrom(state: GreatWarState, script: number[] = []): GwGame {
  return must(createGame<GreatWarState>({ ...greatWar, setup: () => ok(structuredClone(state)) }, { gameId: 't', dice: { mode: 'scripted', script: [...script, ...quietTurns()] } }));
}

const build = (...orders: BuildOrder[]): GreatWarOrders => ({ orders });
const b = (unit: BuildOrder['unit'], count: number, at: string, facing?: string): BuildOrder => ({ kind: 'build', unit, count, at, ...(facing ? { facing } : {}) });
const ctxOf = (state: GreatWarState, seat: string) => ({ state, seat, step: ordersContext(newGame(), seat).step });
const parse = (seat: string, text: string, state: GreatWarState = openingState()) => greatWar.parseOrders(text, ctxOf(state, seat));
const check = (seat: string, orders: BuildOrder[], state: GreatWarState = openingState()) => greatWar.checkOrders(build(...orders), ctxOf(state, seat));
const unitsAt = (state: GreatWarState, nationId: string, type: string, at: string) => state.board.units.filter((u) => u.nation === nationId && u.type === type && u.at === at).length;

/** Run phases 3 and 13 on a state, as the turn does (with nothing happening between them). */
function buyAndPlace(state: GreatWarState, orders: Record<string, BuildOrder[]>) {
  const ctx = phaseContext([]);
  const given = new Map(Object.entries(orders).map(([seat, list]) => [seat, build(...list)]));
  resolveBuild(state, given, ctx);
  resolvePlacement(state, given, ctx);
  return ctx.events;
}

test('GW-P03-BUILD-01 GW-P03-BUILD-02 GW-P03-BUILD-03: units are bought in phase 3 from saved resources, never more than saved, and placed in phase 13', () => {
  const before = newGame();
  const infantry = unitsAt(before.position.state, 'germany', 'infantry', 'berlin');
  const battleships = unitsAt(before.position.state, 'germany', 'battleship', 'skagerrak');
  const { game, events } = playTurn(before, { germany: { text: 'build 3 infantry in Berlin\nbuild 2 artillery at Essen\nbuild 1 battleship in Skagerrak' } });
  const state = game.position.state;
  // 15 for the infantry; the artillery (14) and 6 of the battleship from the 20 of industrial credit, 34 from the treasury.
  assert.equal(nation(state, 'germany').ledger.units, 15 + 34);
  assert.equal(nation(state, 'germany').ledger.creditUsed, 20);
  assert.equal(nation(state, 'germany').treasury, 85 - 49 + 85 + 8, 'and 8 of US trade in phase 15');
  assert.equal(unitsAt(state, 'germany', 'infantry', 'berlin'), infantry + 3);
  assert.equal(unitsAt(state, 'germany', 'artillery', 'essen'), 2);
  assert.equal(unitsAt(state, 'germany', 'battleship', 'skagerrak'), battleships + 1);
  // Bought in phase 3, placed in phase 13: the purchases come before the land phases, the placements after.
  const order = events.filter((e) => e.type === 'phase' || e.type === 'purchase' || e.type === 'placed').map((e) => (e.type === 'phase' ? String(e['phase']) : e.type));
  assert.deepEqual(order.slice(order.indexOf('build'), order.indexOf('build') + 4), ['build', 'purchase', 'purchase', 'purchase']);
  assert.ok(order.indexOf('placed') > order.indexOf('placement'));
  assert.ok(order.indexOf('placement') > order.indexOf('land-movement'));
  const placed = eventsOf(events, 'placed').find((e) => e['unit'] === 'infantry')!;
  assert.deepEqual(placed['units'], (placed['units'] as string[]).map((id) => state.board.units.find((u) => u.id === id)!.id));

  // Directly: after phase 3 the units wait in `purchases`, paid for; phase 13 puts them on the board.
  const s = openingState();
  const ctx = phaseContext([]);
  const units = s.board.units.length;
  resolveBuild(s, new Map([['serbia', build(b('infantry', 2, 'belgrade'))]]), ctx);
  assert.equal(s.board.units.length, units);
  assert.deepEqual(nation(s, 'serbia').purchases, [{ unit: 'infantry', at: 'belgrade', count: 2, paid: [5, 5], surcharge: 0 }]);
  assert.equal(nation(s, 'serbia').treasury, 0);
  resolvePlacement(s, new Map(), ctx);
  assert.equal(s.board.units.length, units + 2);
  assert.deepEqual(nation(s, 'serbia').purchases, []);

  // Never more than saved: Serbia has 10 and 5 of credit, which infantry cannot use.
  const r = parse('serbia', 'build 1 infantry in Belgrade\nbuild 2 infantry in Nis');
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.code, p.line, p.column]), [['not-enough-resources', 2, 1]]);
  assert.equal(r.error[0]!.message, '2 Infantry in Nis cost 10, and Serbia has 5 left');
  const j = check('serbia', [b('infantry', 3, 'belgrade')]);
  assert.ok(!j.ok);
  assert.deepEqual(j.error.map((p) => [p.code, p.path]), [['not-enough-resources', '$.orders[0]']]);
  // The budget is shared with research, charged in phase order: research (phase 2) first, whatever the order given.
  const shared = parse('serbia', 'build 1 infantry in Belgrade\nresearch tanks');
  assert.ok(!shared.ok);
  assert.deepEqual(shared.error.map((p) => [p.code, p.line]), [['not-enough-resources', 1]]);
});

test('GW-MANP-01 GW-MANP-02: infantry bought beyond the manpower limit cost double, counted over the whole game', () => {
  const s = openingState();
  const serbia = nation(s, 'serbia');
  assert.equal(manpowerLimit(serbia), 8);
  serbia.manpower[0]!.built = 7;
  serbia.treasury = 100;
  const events = buyAndPlace(s, { serbia: [b('infantry', 3, 'belgrade')] });
  const purchase = eventsOf(events, 'purchase')[0]!;
  assert.deepEqual([purchase['cost'], purchase['overLimit']], [5 + 10 + 10, 2]);
  assert.equal(serbia.treasury, 75);
  assert.equal(serbia.manpower[0]!.built, 10);
  assert.equal(serbia.ledger.overLimitInfantry, 2, 'for the mutiny roll of phase 15 (GW-MANP-03)');
  // Units built, not units alive: losing infantry gives nothing back (decision D-NAT-7, A74).
  s.board.units = s.board.units.filter((u) => !(u.nation === 'serbia' && u.type === 'infantry'));
  const r = check('serbia', [b('infantry', 1, 'belgrade')], s);
  assert.ok(r.ok);
  const again = buyAndPlace(s, { serbia: [b('infantry', 1, 'belgrade')] });
  assert.equal(eventsOf(again, 'purchase')[0]!['cost'], 10);

  // Over two turns of whole play: Serbia's 8 at normal cost run out, then each costs 10.
  const start = openingState();
  nation(start, 'serbia').treasury = 200;
  let game = gameFrom(start, [10]); // turn 2's mutiny roll (GW-MANP-03): none on a 10
  game = playTurn(game, { serbia: { text: 'build 6 infantry in Belgrade' } }).game;
  const turn2 = playTurn(game, { serbia: { text: 'build 4 infantry in Nis' } });
  assert.deepEqual(eventsOf(turn2.events, 'purchase').map((e) => [e['cost'], e['overLimit']]), [[5 + 5 + 10 + 10, 2]]);
  assert.equal(nation(turn2.game, 'serbia').manpower[0]!.built, 10);
});

test('GW-MANP-04: the British Isles have a manpower limit of their own, apart from each colony', () => {
  const s = openingState();
  const britain = nation(s, 'britain');
  britain.manpower[0]!.built = 65;
  britain.treasury = 200;
  const events = buyAndPlace(s, { britain: [b('infantry', 2, 'london'), b('infantry', 2, 'ontario'), b('infantry', 1, 'bombay')] });
  assert.deepEqual(eventsOf(events, 'purchase').map((e) => [e['at'], e['cost'], e['overLimit']]), [
    ['london', 20, 2],
    ['ontario', 10, 0],
    ['bombay', 5, 0],
  ]);
  assert.deepEqual(britain.manpower.map((m) => [m.region, m.built]), [
    ['home', 67],
    ['canada', 2],
    ['india', 1],
    ['australia', 0],
    ['south-africa', 0],
    ['new-zealand', 0],
  ]);
});

test('GW-INDCTR-03 GW-INDCTR-04 GW-INDCTR-06: industrial credit pays only for manufactured units, together with saved resources, and is lost unspent', () => {
  const s = openingState();
  const germany = nation(s, 'germany');
  assert.equal(germany.industrialCredit, 20, 'four centers: Berlin, Essen, Dresden, Breslau');
  // The Russian fleet leaves the Baltic first: a new battleship among enemy ships would fight there (D-NAV-16).
  s.board.units = s.board.units.filter((u) => !(u.at === 'baltic-sea' && u.nation === 'russia'));
  const events = buyAndPlace(s, { germany: [b('infantry', 2, 'berlin'), b('artillery', 1, 'essen'), b('battleship', 1, 'baltic-sea')] });
  assert.deepEqual(eventsOf(events, 'purchase').map((e) => [e['unit'], e['cost'], e['credit'], e['resources']]), [
    ['infantry', 10, 0, 10],
    ['artillery', 7, 7, 0],
    ['battleship', 40, 13, 27],
  ]);
  assert.equal(germany.treasury, 85 - 37);
  assert.equal(germany.industrialCredit, 0);
  assert.deepEqual(eventsOf(events, 'industrial-credit-lost'), eventsOf(events, 'industrial-credit-lost').filter((e) => e['nation'] !== 'germany'));

  // Unspent credit is lost at the end of phase 3: it never reaches the treasury.
  const t = openingState();
  const lost = buyAndPlace(t, { germany: [b('artillery', 1, 'berlin')] });
  assert.deepEqual(eventsOf(lost, 'industrial-credit-lost').find((e) => e['nation'] === 'germany'), { type: 'industrial-credit-lost', nation: 'germany', amount: 13, visibleTo: ['germany'] });
  assert.equal(nation(t, 'germany').treasury, 85);
  assert.equal(nation(t, 'germany').ledger.creditLost, 13);

  // When orders are checked, credit stretches the budget for manufactured units only.
  const poor = openingState();
  nation(poor, 'germany').treasury = 0;
  assert.ok(check('germany', [b('artillery', 2, 'berlin')], poor).ok, '14 of 20 credit');
  const r = check('germany', [b('artillery', 2, 'berlin'), b('tank', 1, 'essen'), b('infantry', 1, 'berlin')], poor);
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => p.path), ['$.orders[1]', '$.orders[2]']);
  assert.match(r.error[0]!.message, /1 Tank in Essen cost 10, and Germany has 0 left and 6 industrial credit/);
});

test('D-ECON-1: the build order in text and JSON, with abbreviations, plurals, aliases and every problem located', () => {
  const rich = openingState();
  nation(rich, 'germany').treasury = 500;
  const good = parse('germany', ['build 3 infantry in Berlin', 'BUILD 1 art at essen', 'build 2 Guns in Dresden', 'build 1 battleship in skag', 'build 1 trench in Strasbourg facing Nancy', 'build aa guns in Breslau', 'build 1 factory in Hamburg', 'build 1 Destroyer in baltic'].join('\n'), rich);
  assert.ok(good.ok, good.ok ? '' : formatProblems(good.error));
  assert.deepEqual(good.value.orders, [
    b('infantry', 3, 'berlin'),
    b('artillery', 1, 'essen'),
    b('artillery', 2, 'dresden'),
    b('battleship', 1, 'skagerrak'),
    b('trench', 1, 'strasbourg', 'nancy'),
    b('aa-gun', 1, 'breslau'),
    b('industrial-complex', 1, 'hamburg'),
    b('cruiser', 1, 'baltic-sea'),
  ]);
  assert.equal(
    greatWar.formatOrders(good.value, ordersContext(newGame(), 'germany')),
    [
      'build 3 Infantry in Berlin',
      'build 1 Artillery in Essen',
      'build 2 Artillery in Dresden',
      'build 1 Battleship in Skagerrak',
      'build 1 Trench in Strasbourg facing Nancy',
      'build 1 Anti-Aircraft Gun in Breslau',
      'build 1 Industrial Complex in Hamburg',
      'build 1 Cruiser in Baltic Sea',
      '',
    ].join('\n'),
  );

  const bad = parse('germany', ['build', 'build 0 infantry in Berlin', 'build infantry', 'build artilery in Essen', 'build 2 b in Berlin', 'build 1 infantry in Berln', 'build 1 trench in Strasbourg', 'build 1 infantry in Berlin facing Paris', 'build 2 trench in Metz facing Nancy'].join('\n'));
  assert.ok(!bad.ok);
  assert.deepEqual(
    bad.error.map((p) => [p.code, p.line, p.column, p.suggestion]),
    [
      ['missing-unit', 1, 6, undefined],
      ['bad-count', 2, 7, undefined],
      ['missing-place', 3, 15, undefined],
      ['unknown-unit', 4, 7, 'Artillery'],
      ['ambiguous-unit', 5, 9, undefined],
      ['unknown-area', 6, 21, 'Berlin'],
      ['missing-facing', 7, 29, undefined],
      ['unexpected-facing', 8, 28, undefined],
      ['one-trench-per-order', 9, 7, undefined],
    ],
  );
  assert.equal(formatProblems([bad.error[3]!], 'germany.txt'), "germany.txt:4:7: there is no unit 'artilery' (did you mean 'Artillery'?)");
  assert.match(bad.error[4]!.message, /'b' could be .*Bomber.*Battleship/);

  const json = greatWar.checkOrders(
    {
      orders: [
        { kind: 'build', unit: 'infantry', at: 'berlin' },
        { kind: 'build', unit: 'artilery', count: 1, at: 'essen' },
        { kind: 'build', unit: 'infantry', count: 1.5, at: 'berlin' },
        { kind: 'build', unit: 'infantry', count: 1, at: 'berln', colour: 'grey' },
        { kind: 'build', unit: 'trench', count: 1, at: 'strasbourg' },
        { kind: 'build', unit: 'infantry', count: 1, at: 'berlin', facing: 'paris' },
      ],
    },
    ordersContext(newGame(), 'germany'),
  );
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-unit', '$.orders[1].unit', 'artillery'],
      ['bad-count', '$.orders[2].count', undefined],
      ['unknown-field', '$.orders[3].colour', undefined],
      ['unknown-area', '$.orders[3].at', 'berlin'],
      ['missing-facing', '$.orders[4].facing', undefined],
      ['unexpected-facing', '$.orders[5].facing', undefined],
    ],
  );
  const one = greatWar.checkOrders({ orders: [{ kind: 'build', unit: 'infantry', at: 'berlin' }] }, ordersContext(newGame(), 'germany'));
  assert.deepEqual(one, { ok: true, value: { orders: [b('infantry', 1, 'berlin')] } }, 'count defaults to 1');
});

test('D-ECON-1: lookupArea reads every area by its name, aliases and id, and abbreviations while one area fits', () => {
  const world = theWorld();
  for (const area of [...world.territories, ...world.seas]) {
    for (const name of [area.name, ...area.aliases, area.id]) {
      const r = lookupArea(name);
      assert.ok(r.ok && r.id === area.id, `${name} -> ${JSON.stringify(r)}`);
    }
  }
  assert.deepEqual(lookupArea('n sea'), { ok: false, reason: 'unknown' });
  assert.deepEqual(lookupArea('north sea'), { ok: true, id: 'north-sea', name: 'North Sea', kind: 'sea' });
  assert.deepEqual(lookupArea('skag'), { ok: true, id: 'skagerrak', name: 'Skagerrak', kind: 'sea' });
  assert.deepEqual(lookupArea('Shagerrak'), { ok: true, id: 'skagerrak', name: 'Skagerrak', kind: 'sea' }, "the rule book's spelling");
  assert.deepEqual(lookupArea('PARIS'), { ok: true, id: 'paris', name: 'Paris', kind: 'land' });
  assert.deepEqual(lookupArea('Pariss'), { ok: false, reason: 'unknown', suggestion: 'Paris' });
  const north = lookupArea('north');
  assert.ok(!north.ok && north.reason === 'ambiguous');
  assert.ok(north.names.includes('North Sea') && north.names.includes('Belgrade (Northern Serbia)'), north.names.join(', '));
  assert.deepEqual(lookupArea('java'), { ok: true, id: 'java', name: 'Java', kind: 'land' }, 'an exact name beats a longer one it begins');
  assert.deepEqual(lookupArea('north sea', { kind: 'land' }).ok, false);
  assert.deepEqual(lookupUnit('Factories'), { ok: true, id: 'industrial-complex', name: 'Industrial Complex' });
  assert.deepEqual(lookupUnit('AA guns'), { ok: true, id: 'aa-gun', name: 'Anti-Aircraft Gun' });
  assert.deepEqual(lookupUnit('inf'), { ok: true, id: 'infantry', name: 'Infantry' });
});

test('D-ECON-1: build orders round-trip text, JSON and text for any legal draft', () => {
  const game = newGame();
  const ctx = ordersContext(game, 'britain');
  fc.assert(
    fc.property(fc.array(fc.nat(), { maxLength: 6 }), (picks) => {
      const draft = randomDraft(game, 'britain', picks, (kind) => kind === 'build');
      assert.deepEqual(greatWar.checkOrders(draft, ctx), { ok: true, value: draft });
      const text = greatWar.formatOrders(draft, ctx);
      assert.deepEqual(greatWar.parseOrders(text, ctx), { ok: true, value: draft });
    }),
    { numRuns: 40 },
  );
});

test('D-ECON-1: legalActions offers a few build orders, each accepted', () => {
  for (const seat of greatWar.seats(openingState())) {
    const ctx = ordersContext(newGame(), seat);
    const builds = greatWar.legalActions({ orders: [] }, ctx).filter((a) => a.next.orders[0]!.kind === 'build');
    assert.ok(builds.length <= 10, `${seat}: ${builds.length}`);
    for (const a of builds) assert.ok(greatWar.checkOrders(a.next, ctx).ok, a.label);
  }
  const labels = greatWar.legalActions({ orders: [] }, ordersContext(newGame(), 'germany')).map((a) => a.label).filter((l) => l.startsWith('build'));
  assert.deepEqual(labels.slice(0, 5), ['build 1 Infantry in Berlin', 'build 1 Infantry in Hamburg', 'build 1 Infantry in Hanover', 'build 1 Artillery in Berlin', 'build 1 Artillery in Essen']);
});

test('GW-P03-BUILD-04 GW-TRENCH-10 GW-TRENCH-11 GW-TRENCH-14 GW-TRENCH-16: a trench costs 5 and guards one territory against one land neighbour where the nation has infantry', () => {
  const s = openingState();
  const events = buyAndPlace(s, { germany: [b('trench', 1, 'strasbourg', 'nancy')] });
  assert.deepEqual(s.board.trenches, [{ nation: 'germany', territory: 'strasbourg', facing: 'nancy', super: false }]);
  assert.deepEqual(eventsOf(events, 'trench'), [{ type: 'trench', nation: 'germany', territory: 'strasbourg', facing: 'nancy', super: false }]);
  assert.equal(eventsOf(events, 'purchase')[0]!['resources'], unitStats(s, 'germany', 'trench').cost);
  assert.equal(nation(s, 'germany').treasury, 85 - 5);
  assert.equal(unitStats(s, 'germany', 'trench').cost, 5);

  const start = openingState();
  start.board.units = start.board.units.filter((u) => !(u.nation === 'germany' && u.at === 'metz'));
  const r = parse('germany', ['build 1 trench in Metz facing Verdun', 'build 1 trench in Hamburg facing Skagerrak', 'build 1 trench in Strasbourg facing Paris', 'build 1 trench in Nancy facing Metz', 'build 1 trench in Strasbourg facing Nancy', 'build 1 trench in Strasbourg facing Nancy'].join('\n'), start);
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.line, p.code]), [
    [1, 'no-infantry'],
    [2, 'trench-coastline'],
    [3, 'not-a-border'],
    [4, 'not-held'],
    [6, 'trench-exists'],
  ]);
  assert.match(r.error[0]!.message, /needs 1 Germany infantry there at the start of the turn; it has 0/);
});

test('GW-TRENCH-13: a trench the other side builds on the same border makes it a two-way trench', () => {
  const s = openingState();
  buyAndPlace(s, { germany: [b('trench', 1, 'strasbourg', 'nancy')], france: [b('trench', 1, 'nancy', 'strasbourg')] });
  assert.deepEqual(
    s.board.trenches.map((t) => [t.nation, t.territory, t.facing]),
    [
      ['germany', 'strasbourg', 'nancy'],
      ['france', 'nancy', 'strasbourg'],
    ],
  );
});

test('GW-TECH-20 GW-TECH-21 GW-TECH-22 GW-P03-BUILD-05 GW-TRENCH-17: a super trench upgrades a trench with two infantry, for 15, after the Super Trenches advance', () => {
  const s = openingState();
  s.board.trenches.push({ nation: 'germany', territory: 'strasbourg', facing: 'nancy', super: false });
  const without = parse('germany', 'build 1 super trench in Strasbourg facing Nancy', s);
  assert.ok(!without.ok);
  assert.deepEqual(without.error.map((p) => p.code), ['not-buildable']);
  nation(s, 'germany').tech['super-trenches'] = 1;
  const infantry = s.board.units.filter((u) => u.nation === 'germany' && u.type === 'infantry' && u.at === 'strasbourg').length;
  assert.ok(infantry >= 2);
  const r = parse('germany', 'build 1 super trench in Strasbourg facing Nancy\nbuild 1 super trench in Metz facing Nancy', s);
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.line, p.code]), [[2, 'no-trench']]);
  const events = buyAndPlace(s, { germany: [b('super-trench', 1, 'strasbourg', 'nancy')] });
  assert.deepEqual(s.board.trenches, [{ nation: 'germany', territory: 'strasbourg', facing: 'nancy', super: true }]);
  assert.equal(eventsOf(events, 'purchase')[0]!['resources'], 15);
  const one = structuredClone(s);
  one.board.trenches[0]!.super = false;
  one.board.units = one.board.units.filter((u) => !(u.nation === 'germany' && u.type === 'infantry' && u.at === 'strasbourg')).concat([{ id: 'germany-999', nation: 'germany', type: 'infantry', at: 'strasbourg', damage: 0 }]);
  const few = parse('germany', 'build 1 super trench in Strasbourg facing Nancy', one);
  assert.ok(!few.ok);
  assert.deepEqual(few.error.map((p) => p.code), ['no-infantry']);
});

test('D-ECON-10, D-EQUIP-1: units never bought and units that need an advance are refused; radar with the advance needs a ship to be fitted to', () => {
  const r = parse('germany', 'build 1 city in Berlin\nbuild 1 radar in Baltic Sea\nbuild 1 carrier in Baltic Sea\nbuild 1 bomber in Berlin');
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.line, p.code]), [
    [1, 'never-built'],
    [2, 'not-buildable'],
    [3, 'not-buildable'],
    [4, 'not-buildable'],
  ]);
  assert.match(r.error[2]!.message, /Germany may not build Aircraft Carrier yet: it needs an advance in Aircraft Carriers/);
  const s = openingState();
  nation(s, 'germany').tech['radar'] = 1;
  const radar = parse('germany', 'build 1 radar in Baltic Sea', s);
  assert.ok(!radar.ok);
  assert.deepEqual(radar.error.map((p) => p.code), ['no-ship'], 'no German battleship or carrier is in the Baltic Sea');
  assert.ok(parse('germany', 'build 1 radar in Skagerrak', s).ok, 'the High Seas Fleet lies in the Skagerrak, next to Hamburg');
  assert.ok(parse('italy', 'build 1 bomber in Turin').ok, 'Italy starts with basic bombers');
});

test('GW-CONQ-03: a conquered nation builds nothing', () => {
  const s = openingState();
  s.conquered['serbia'] = { since: 1, host: null, capitalHeldSince: null };
  const r = parse('serbia', 'build 1 infantry in Belgrade', s);
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => p.code), ['conquered']);
  assert.deepEqual(greatWar.legalActions({ orders: [] }, ctxOf(s, 'serbia')).filter((a) => a.label.startsWith('build')), []);
  const events = buyAndPlace(s, { serbia: [b('infantry', 1, 'belgrade')] });
  assert.deepEqual(eventsOf(events, 'purchase-refused').map((e) => e['code']), ['conquered']);
  assert.equal(nation(s, 'serbia').treasury, 10);
});

test('D-ECON-1: the build phase checks the orders again and refuses what the state no longer allows, paying nothing', () => {
  const s = openingState();
  nation(s, 'serbia').treasury = 4;
  const ctx = phaseContext([]);
  resolveBuild(s, new Map([['serbia', build(b('infantry', 1, 'belgrade'), b('artillery', 1, 'belgrade'))]]), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'purchase-refused'), [
    { type: 'purchase-refused', nation: 'serbia', unit: 'infantry', count: 1, at: 'belgrade', code: 'not-enough-resources', reason: '1 Infantry in Belgrade cost 5, and Serbia has 4 left', visibleTo: ['serbia'] },
  ]);
  assert.deepEqual(eventsOf(ctx.events, 'purchase').map((e) => [e['unit'], e['credit'], e['resources']]), [['artillery', 5, 2]]);
  assert.equal(nation(s, 'serbia').treasury, 2);
  assert.equal(buildSpec.kind, 'build');
});
