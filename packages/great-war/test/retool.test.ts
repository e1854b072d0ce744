import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, formatProblems, ok } from '@umpire/engine';
import { captureTerritory, greatWar, resolveBuild, resolvePlacement, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { eventsOf, must, nation, ordersFor, parseFor, phaseContext, playTurn, scene, unitsIn, type GwGame, quietTurns } from './helpers.js';

/** A game that starts from a hand-made state. */
function gameFrom(state: GreatWarState): GwGame {
  return must(createGame<GreatWarState>({ ...greatWar, setup: () => ok(structuredClone(state)) }, { gameId: 't', dice: { mode: 'scripted', script: quietTurns() } }));
}

/** The problems of a text, as 'line:column code'; [] when the orders are accepted. */
const located = (state: GreatWarState, seat: string, text: string) => {
  const r = parseFor(state, seat, text);
  return r.ok ? [] : r.error.map((p) => `${p.line}:${p.column} ${p.code}`);
};
const messages = (state: GreatWarState, seat: string, text: string) => {
  const r = parseFor(state, seat, text);
  return r.ok ? [] : r.error.map((p) => p.message);
};
const check = (state: GreatWarState, seat: string, json: unknown) => greatWar.checkOrders(json, { state, seat, step: { id: 't1.orders', turn: 1, segment: 'orders', seats: [], phases: [] } });

/** Austria-Hungary holds Belgrade, Serbia's factory town, incorporated, with two infantry there; money to spend. */
function belgradeTaken(): GreatWarState {
  const s = scene({ belgrade: { 'austria-hungary': { infantry: 2 } } });
  s.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: true };
  nation(s, 'austria-hungary').treasury = 200;
  return s;
}

/** Germany holds Lille (a factory and a port, worth 6) and Riga (a port, worth 3), incorporated. */
function lilleTaken(): GreatWarState {
  const s = scene({ lille: { germany: { infantry: 2 } }, riga: { germany: { infantry: 1 } } });
  s.board.territories['lille'] = { owner: 'germany', incorporated: true };
  s.board.territories['riga'] = { owner: 'germany', incorporated: true };
  nation(s, 'germany').treasury = 300;
  return s;
}

test('GW-FAC-08 D-ECON-19 D-ECON-20: a captured factory, retooled for 10 in phase 3, serves the same turn’s builds and every turn after', () => {
  const s = belgradeTaken();
  // Before retooling, the captured factory is refused as any foreign land is, with the way out.
  assert.deepEqual(messages(s, 'austria-hungary', 'build 1 artillery in Belgrade'), [
    "Austria-Hungary places new units only in its own territories of 1914: Belgrade was Serbia's (its captured industrial complex serves Austria-Hungary once retooled: 'retool factory in Belgrade', 10)",
  ]);
  // The retool line may come after the build: orders are charged in phase order, retooling first.
  assert.deepEqual(located(s, 'austria-hungary', 'build 1 artillery in Belgrade\nretool Belgrade'), []);

  let game = gameFrom(s);
  const first = playTurn(game, { 'austria-hungary': { text: 'build 1 artillery in Belgrade\nretool Belgrade' } });
  game = first.game;
  const state = game.position.state;
  assert.deepEqual(state.board.territories['belgrade'], { owner: 'austria-hungary', incorporated: true, retooled: ['industrial-complex'] });
  assert.deepEqual(eventsOf(first.events, 'retooled').map((e) => [e['nation'], e['territory'], e['facility'], e['allowance']]), [['austria-hungary', 'belgrade', 'industrial-complex', 1]]);
  assert.deepEqual(eventsOf(first.events, 'retool-paid')[0]!['visibleTo'], ['austria-hungary']);
  assert.equal(unitsIn(state, 'belgrade')['austria-hungary artillery'], 1, 'placed in phase 13 of the same turn');
  // 10 from the treasury (never the industrial credit: retooling is no unit); the artillery from the credit.
  const ledger = nation(state, 'austria-hungary').ledger;
  assert.deepEqual([ledger.start - ledger.units, ledger.units, ledger.creditUsed], [190, 10, 7]);
  assert.deepEqual(greatWar.invariants!(state), []);
  // The report says so, and the state description lists the nation's captured facilities.
  assert.ok(first.events.some((e) => greatWar.describeEvent!(e) === 'Austria-Hungary retools the captured industrial complex of Belgrade: it may build out of Belgrade, up to 1 unit a turn.'));
  const section = greatWar.describeState!(state, 'austria-hungary').find((x) => x.title === 'Austria-Hungary: captured factories and ports');
  assert.deepEqual(section?.table?.rows, [['Belgrade', 'Industrial Complex', 'yes', 1]]);

  // The next turn it serves without another order.
  const second = playTurn(game, { 'austria-hungary': { text: 'build 1 artillery in Belgrade' } });
  assert.equal(unitsIn(second.game.position.state, 'belgrade')['austria-hungary artillery'], 2);
  assert.deepEqual(eventsOf(second.events, 'retool-paid'), []);
});

test('GW-FAC-08 D-ECON-19 D-ECON-20: only a captured factory or port the nation holds is retooled; infantry and new facilities keep to its own land', () => {
  const s = belgradeTaken();
  s.board.territories['valjevo'] = { owner: 'austria-hungary', incorporated: true };
  s.board.territories['nis'] = { owner: 'austria-hungary', incorporated: false };
  const text = [
    'retool Lille', // held by France
    'retool Vienna', // Austria's own
    'retool Valjevo', // captured, but no factory or port
    'retool port in Belgrade', // Belgrade has a factory only
    'retool North Sea', // a sea zone
    'retool Belgarde', // a typo
    'retool factory in Belgrade',
    'retool Belgrade', // the same factory again
  ].join('\n');
  assert.deepEqual(located(s, 'austria-hungary', text), ['1:8 not-held', '2:8 not-captured', '3:8 no-facility', '4:8 no-facility', '5:8 not-a-territory', '6:8 unknown-area', '8:8 already-retooled']);
  assert.deepEqual(messages(s, 'austria-hungary', text), [
    'Austria-Hungary does not hold Lille (France does): it retools only a captured factory or port that it holds',
    "Vienna is Austria-Hungary's own territory of 1914: its factory and port serve Austria-Hungary without retooling; only a captured one is retooled",
    'Valjevo has no industrial complex or port to retool',
    'Belgrade has no port to retool; it has an industrial complex',
    'factories and ports stand on land: the North Sea is a sea zone',
    "there is no territory 'Belgarde'",
    'the industrial complex of Belgrade is retooled once: an earlier order retools it',
  ]);
  const typo = parseFor(s, 'austria-hungary', 'retool Belgarde');
  assert.ok(!typo.ok);
  assert.equal(typo.error[0]!.suggestion, 'Belgrade');

  // Retooled already, on the board.
  const done = belgradeTaken();
  done.board.territories['belgrade']!.retooled = ['industrial-complex'];
  assert.deepEqual(messages(done, 'austria-hungary', 'retool Belgrade'), ['Austria-Hungary has already retooled the industrial complex of Belgrade']);

  // Not enough money: the order check charges it with the rest of the turn, retooling before the builds.
  const poor = belgradeTaken();
  nation(poor, 'austria-hungary').treasury = 14;
  assert.deepEqual(located(poor, 'austria-hungary', 'build 1 infantry in Vienna\nretool Belgrade'), ['1:1 not-enough-resources']);
  assert.deepEqual(messages(poor, 'austria-hungary', 'build 1 infantry in Vienna\nretool Belgrade'), ['1 Infantry in Vienna cost 5, and Austria-Hungary has 4 left']);
  nation(poor, 'austria-hungary').treasury = 9;
  assert.deepEqual(messages(poor, 'austria-hungary', 'retool Belgrade'), ['retooling the industrial complex of Belgrade costs 10, and Austria-Hungary has 9 left']);

  // A territory with a factory and a port: one at a time, named.
  const lille = lilleTaken();
  assert.deepEqual(located(lille, 'germany', 'retool Lille'), ['1:8 which-facility']);
  assert.deepEqual(messages(lille, 'germany', 'retool Lille'), ["Lille has an industrial complex and a port, retooled one at a time for 10 each: say which, e.g. 'retool port in Lille'"]);
  assert.deepEqual(located(lille, 'germany', 'retool port in Lille\nretool IC at Lille\nretool Riga'), []);
  // A territory worth 0 would build nothing.
  lille.board.territories['sierra-leone'] = { owner: 'germany', incorporated: true };
  assert.deepEqual(located(lille, 'germany', 'retool Sierra Leone'), ['1:8 builds-nothing']);

  // JSON: the same refusals, at a JSON path, with suggestions for typos.
  const json = check(s, 'austria-hungary', { orders: [{ kind: 'retool', territory: 'belgrad' }, { kind: 'retool', territory: 'lille' }, { kind: 'retool', territory: 'belgrade', facilty: 'port' }, { kind: 'retool', territory: 'belgrade', facility: 'dock' }] });
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.path, p.code, p.suggestion]),
    [
      ['$.orders[0].territory', 'unknown-area', 'belgrade'],
      ['$.orders[2].facilty', 'unknown-field', 'facility'],
      ['$.orders[3].facility', 'unknown-facility', undefined],
      ['$.orders[1].territory', 'not-held', undefined],
    ],
  );

  // Retooling is for building out of the facility: no infantry (rule 2) and no new facility there (D-ECON-18).
  const tooled = belgradeTaken();
  tooled.board.territories['belgrade']!.retooled = ['industrial-complex'];
  assert.deepEqual(located(tooled, 'austria-hungary', 'build 1 infantry in Belgrade\nbuild 1 port in Belgrade\nbuild 1 artillery in Belgrade'), ['1:7 not-original', '2:7 not-original']);
  // Rule 1 still holds: retooled but not incorporated since the start of the turn, no place to build yet.
  const fresh = belgradeTaken();
  fresh.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: false };
  assert.deepEqual(located(fresh, 'austria-hungary', 'retool Belgrade\nbuild 1 artillery in Belgrade'), ['2:7 not-held']);
});

test('GW-FAC-09 D-ECON-21: builds out of a retooled captured territory keep to the minor-colony allowance: half its value, rounded up, a turn, factory and port together', () => {
  const s = lilleTaken();
  s.board.territories['lille']!.retooled = ['industrial-complex', 'port'];
  // Lille is worth 6: 3 units a turn, whether built out of its factory or its port.
  assert.deepEqual(located(s, 'germany', 'build 3 artillery in Lille'), []);
  assert.deepEqual(located(s, 'germany', 'build 2 artillery in Lille\nbuild 1 cruiser in English Channel\nbuild 1 cruiser in North Sea'), ['3:7 retooled-limit']);
  assert.deepEqual(messages(s, 'germany', 'build 4 artillery in Lille'), ['Lille, captured and retooled, may have 3 units a turn built out of it (half its value of 6, rounded up, by the minor-colony rules)']);
  assert.deepEqual(messages(s, 'germany', 'build 2 artillery in Lille\nbuild 2 cruisers in English Channel'), ['Lille, captured and retooled, may have 3 units a turn built out of it (half its value of 6, rounded up, by the minor-colony rules) and already has 2']);
  // Germany's own ports come first: a ship for the Baltic is built out of Danzig, one for the North Sea out of Lille.
  // (The Grand Fleet has left the North Sea: new cruisers among enemy ships would fight there, D-NAV-16.)
  s.board.units = s.board.units.filter((u) => !(u.at === 'north-sea' && u.nation === 'britain'));
  const own = phaseContext([]);
  const given = new Map([['germany', ordersFor(s, 'germany', 'build 1 submarine in Baltic Sea\nbuild 2 cruisers in North Sea')]]);
  resolveBuild(s, given, own);
  resolvePlacement(s, given, own);
  assert.deepEqual(eventsOf(own.events, 'purchase').map((e) => [e['unit'], e['count'], e['from']]), [
    ['submarine', 1, 'danzig'],
    ['cruiser', 2, 'lille'],
  ]);
  assert.deepEqual(eventsOf(own.events, 'placed').map((e) => [e['unit'], e['count'], e['at']]), [
    ['submarine', 1, 'baltic-sea'],
    ['cruiser', 2, 'north-sea'],
  ]);

  const unretooled = lilleTaken();
  assert.deepEqual(messages(unretooled, 'germany', 'build 1 cruiser in North Sea'), [
    "Germany places ships only in a sea zone next to one of its own ports held since the start of the turn: none borders the North Sea (Germany's captured port in Lille serves once retooled: 'retool port in Lille', 10)",
  ]);
  assert.deepEqual(located(unretooled, 'germany', 'retool port in Lille\nbuild 3 cruisers in North Sea\nbuild 1 cruiser in English Channel'), ['3:7 retooled-limit']);

  // A captured colony factory follows its own allowance, not the colony's (whose cities are another nation's).
  const transvaal = lilleTaken();
  transvaal.board.territories['transvaal'] = { owner: 'germany', incorporated: true, retooled: ['industrial-complex'] };
  assert.deepEqual(located(transvaal, 'germany', 'build 1 artillery in Transvaal'), []);
  assert.deepEqual(located(transvaal, 'germany', 'build 2 artillery in Transvaal'), ['1:7 retooled-limit']);

  // A turn's allowance: the next turn has its own.
  let game = gameFrom(lilleTaken());
  game = playTurn(game, { germany: { text: 'retool factory in Lille\nbuild 3 artillery in Lille' } }).game;
  const next = playTurn(game, { germany: { text: 'build 3 artillery in Lille' } });
  assert.deepEqual(eventsOf(next.events, 'placed').map((e) => [e['unit'], e['count'], e['at']]), [['artillery', 3, 'lille']]);
  assert.equal(unitsIn(next.game.position.state, 'lille')['germany artillery'], 6);
});

test('GW-FAC-08 D-ECON-19 D-ECON-20: the retooling is lost when the territory changes hands, even if it is taken back', () => {
  // Serbia walks into an empty Belgrade in phase 8 of the turn Austria-Hungary retools it and buys artillery there.
  const s = belgradeTaken();
  s.board.units = s.board.units.filter((u) => u.at !== 'belgrade');
  const orders: Record<string, GreatWarOrders> = {
    'austria-hungary': ordersFor(s, 'austria-hungary', 'retool Belgrade\nbuild 1 artillery in Belgrade'),
    serbia: ordersFor(s, 'serbia', 'move 1 infantry from Valjevo to Belgrade'),
  };
  const { game, events } = playTurn(gameFrom(s), { 'austria-hungary': { json: orders['austria-hungary'] }, serbia: { json: orders['serbia'] } });
  const state = game.position.state;
  assert.deepEqual(eventsOf(events, 'retooled').map((e) => e['territory']), ['belgrade']);
  assert.deepEqual(eventsOf(events, 'retooling-lost').map((e) => [e['nation'], e['territory'], e['facilities']]), [['austria-hungary', 'belgrade', ['industrial-complex']]]);
  assert.ok(events.some((e) => greatWar.describeEvent!(e) === 'Austria-Hungary loses Belgrade and the retooling of its industrial complex.'));
  assert.equal(state.board.territories['belgrade']!.owner, 'serbia');
  assert.equal(state.board.territories['belgrade']!.retooled, undefined);
  // The artillery goes to the nearest factory of Austria-Hungary's own (D-ECON-7).
  const placed = eventsOf(events, 'placed').find((e) => e['nation'] === 'austria-hungary')!;
  assert.equal(placed['ordered'], 'belgrade');
  assert.notEqual(placed['at'], 'belgrade');
  assert.deepEqual(greatWar.invariants!(state), []);

  // Taken back: the holder must retool again.
  const back = belgradeTaken();
  back.board.territories['belgrade']!.retooled = ['industrial-complex'];
  const ctx = phaseContext([]);
  captureTerritory(back, 'belgrade', [{ nation: 'serbia' }], 'battle', ctx);
  captureTerritory(back, 'belgrade', [{ nation: 'austria-hungary' }], 'battle', ctx);
  assert.deepEqual(back.board.territories['belgrade'], { owner: 'austria-hungary', incorporated: false });
  back.board.territories['belgrade']!.incorporated = true;
  assert.deepEqual(located(back, 'austria-hungary', 'build 1 artillery in Belgrade'), ['1:7 not-original']);
  assert.deepEqual(located(back, 'austria-hungary', 'retool Belgrade\nbuild 1 artillery in Belgrade'), []);

  // Liberated by an ally: the territory goes back to its 1914 owner, whose own factory needs no retooling.
  const freed = belgradeTaken();
  freed.board.territories['belgrade']!.retooled = ['industrial-complex'];
  captureTerritory(freed, 'belgrade', [{ nation: 'russia' }], 'battle', phaseContext([]));
  assert.deepEqual(freed.board.territories['belgrade'], { owner: 'serbia', incorporated: false });
  assert.deepEqual(located(freed, 'russia', 'retool Belgrade'), ['1:8 not-held']);
  freed.board.territories['belgrade']!.incorporated = true;
  assert.deepEqual(located(freed, 'serbia', 'retool Belgrade'), ['1:8 not-captured']);

  // A mark on the board where it does not belong breaks an invariant.
  const wrong = belgradeTaken();
  wrong.board.territories['vienna'] = { owner: 'austria-hungary', incorporated: true, retooled: ['port'] };
  assert.deepEqual(greatWar.invariants!(wrong), [
    'territory vienna is marked retooled, but austria-hungary held it in 1914: only a captured facility is retooled',
    'territory vienna has its port retooled, but has none',
  ]);
});

test('GW-FAC-08 D-ECON-19: retool orders go from text to JSON and back unchanged', () => {
  const s = lilleTaken();
  const text = 'Retool Riga   # the Baltic port\nretool shipyard at lil\nretool IC in Lille\n';
  const parsed = ordersFor(s, 'germany', text);
  assert.deepEqual(parsed.orders, [
    { kind: 'retool', territory: 'riga' },
    { kind: 'retool', territory: 'lille', facility: 'port' },
    { kind: 'retool', territory: 'lille', facility: 'industrial-complex' },
  ]);
  const ctx = { state: s, seat: 'germany', step: { id: 't1.orders', turn: 1, segment: 'orders', seats: [], phases: [] } };
  const written = greatWar.formatOrders(parsed, ctx);
  assert.equal(written, 'retool Riga\nretool Port in Lille\nretool Industrial Complex in Lille\n');
  assert.deepEqual(ordersFor(s, 'germany', written), parsed);
  const json = check(s, 'germany', JSON.parse(JSON.stringify(parsed)));
  assert.ok(json.ok, json.ok ? '' : formatProblems(json.error));
  assert.deepEqual(json.value, parsed);
  // Legal actions offer the captured facilities not yet retooled, and each is accepted.
  const offered = greatWar.legalActions({ orders: [] }, ctx).filter((a) => a.next.orders.at(-1)!.kind === 'retool').map((a) => a.label);
  assert.deepEqual(offered.sort(), ['retool Industrial Complex in Lille', 'retool Port in Lille', 'retool Riga']);
  const after = greatWar.legalActions(parsed, ctx).filter((a) => a.next.orders.at(-1)!.kind === 'retool');
  assert.deepEqual(after, [], 'all three are retooled by the draft');
});
