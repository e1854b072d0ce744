import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, ok } from '@umpire/engine';
import { greatWar, incomeOf, resolveBuild, resolvePlacement, theWorld, type BuildOrder, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { eventsOf, must, nation, newGame, openingState, ordersContext, phaseContext, playTurn, type GwGame, quietTurns } from './helpers.js';

function gameFrom(state: GreatWarState, script: number[] = []): GwGame {
  return must(createGame<GreatWarState>({ ...greatWar, setup: () => ok(structuredClone(state)) }, { gameId: 't', dice: { mode: 'scripted', script: [...script, ...quietTurns()] } }));
}

const build = (...orders: BuildOrder[]): GreatWarOrders => ({ orders });
const b = (unit: BuildOrder['unit'], count: number, at: string): BuildOrder => ({ kind: 'build', unit, count, at });
const ctxOf = (state: GreatWarState, seat: string) => ({ state, seat, step: ordersContext(newGame(), seat).step });
const parse = (seat: string, text: string, state: GreatWarState = openingState()) => greatWar.parseOrders(text, ctxOf(state, seat));
/** The codes of a text's problems, by line; [] when the orders are accepted. */
const codes = (seat: string, text: string, state?: GreatWarState) => {
  const r = parse(seat, text, state);
  return r.ok ? [] : r.error.map((p) => [p.line, p.code]);
};
const unitsAt = (state: GreatWarState, nationId: string, type: string, at: string) => state.board.units.filter((u) => u.nation === nationId && u.type === type && u.at === at).length;
const rich = (...ids: string[]) => {
  const s = openingState();
  for (const id of ids) nation(s, id).treasury = 500;
  return s;
};
/** Phase 3 on a state; then `between` changes it (the turn's battles); then phase 13. */
function buyThenPlace(state: GreatWarState, orders: Record<string, BuildOrder[]>, between: (s: GreatWarState) => void = () => {}) {
  const ctx = phaseContext([]);
  const given = new Map(Object.entries(orders).map(([seat, list]) => [seat, build(...list)]));
  resolveBuild(state, given, ctx);
  between(state);
  resolvePlacement(state, given, ctx);
  return ctx.events;
}

test('GW-P13-PLACE-02 GW-FAC-15 GW-FAC-16: new units go only into territories the nation held in 1914 and controls', () => {
  const s = openingState();
  s.board.territories['metz'] = { owner: 'france', incorporated: false };
  s.board.territories['nancy'] = { owner: 'germany', incorporated: true };
  assert.deepEqual(codes('germany', 'build 1 infantry in Paris\nbuild 1 infantry in Nancy\nbuild 1 infantry in Metz\nbuild 1 infantry in Cologne', s), [
    [1, 'not-original'],
    [2, 'not-original'],
    [3, 'not-held'],
  ]);
  const r = parse('germany', 'build 1 infantry in Paris');
  assert.ok(!r.ok);
  assert.equal(r.error[0]!.message, "Germany places new units only in its own territories of 1914: Paris was France's");
});

test('GW-P13-PLACE-01 GW-FAC-02: only where the nation has held the territory, incorporated, since the start of the turn, checked again in phase 13', () => {
  const s = openingState();
  s.board.territories['metz'] = { owner: 'germany', incorporated: false };
  assert.deepEqual(codes('germany', 'build 1 infantry in Metz', s), [[1, 'not-held']], 'taken back but not yet incorporated');

  // Lost during the turn: the unit goes to the nearest legal place of the same kind (D-ECON-7).
  const lost = openingState();
  const events = buyThenPlace(lost, { germany: [b('infantry', 2, 'metz'), b('artillery', 1, 'essen')] }, (x) => {
    x.board.territories['metz'] = { owner: 'france', incorporated: false };
    x.board.territories['essen'] = { owner: 'france', incorporated: false };
  });
  assert.deepEqual(
    eventsOf(events, 'placed').map((e) => [e['unit'], e['count'], e['at'], e['ordered']]),
    [
      ['infantry', 2, 'cologne', 'metz'],
      ['artillery', 1, 'berlin', 'essen'],
    ],
  );
  assert.match(String(eventsOf(events, 'placed')[0]!['reason']), /Metz is not one: it is held by France/);
  assert.equal(unitsAt(lost, 'germany', 'artillery', 'essen'), 0);

  // Lost and taken back in the turn: it was Germany's, incorporated, at the start, and is again.
  const back = openingState();
  const before = unitsAt(back, 'germany', 'infantry', 'metz');
  buyThenPlace(back, { germany: [b('infantry', 1, 'metz')] }, (x) => {
    x.board.territories['metz'] = { owner: 'germany', incorporated: true };
  });
  assert.equal(unitsAt(back, 'germany', 'infantry', 'metz'), before + 1);

  // Taken during the turn and never held at the start: not a place, even after phase 12.
  const taken = openingState();
  taken.board.territories['metz'] = { owner: 'france', incorporated: true };
  const moved = buyThenPlace(taken, { germany: [b('infantry', 1, 'cologne')] }, (x) => {
    x.board.territories['metz'] = { owner: 'germany', incorporated: true };
    x.board.territories['cologne'] = { owner: 'france', incorporated: false };
  });
  assert.notEqual(eventsOf(moved, 'placed')[0]!['at'], 'metz');
});

test('D-ECON-7: a unit with no legal place left is refunded, and an infantry unit gives its manpower back', () => {
  const s = openingState();
  const events = buyThenPlace(s, { serbia: [b('infantry', 2, 'belgrade')] }, (x) => {
    for (const t of ['belgrade', 'nis', 'skopje', 'valjevo']) x.board.territories[t] = { owner: 'austria-hungary', incorporated: false };
  });
  assert.deepEqual(eventsOf(events, 'placed'), []);
  const refund = eventsOf(events, 'refund')[0]!;
  assert.deepEqual([refund['count'], refund['amount'], refund['treasury']], [2, 10, 10]);
  assert.equal(nation(s, 'serbia').manpower[0]!.built, 0);
  assert.equal(nation(s, 'serbia').ledger.refunds, 10);

  // The industrial-credit part of a price is not refunded: it could not have been saved (GW-INDCTR-06).
  const t = openingState();
  const art = buyThenPlace(t, { serbia: [b('artillery', 1, 'belgrade')] }, (x) => {
    x.board.territories['belgrade'] = { owner: 'austria-hungary', incorporated: false };
  });
  assert.deepEqual([eventsOf(art, 'refund')[0]!['amount'], nation(t, 'serbia').treasury], [2, 10]);

  // Infantry bought for a city go only to a city: no surcharge it did not pay.
  const u = openingState();
  const city = buyThenPlace(u, { serbia: [b('infantry', 1, 'nis')] }, (x) => {
    for (const c of ['belgrade', 'nis', 'skopje']) x.board.territories[c] = { owner: 'austria-hungary', incorporated: false };
  });
  assert.deepEqual(eventsOf(city, 'placed'), [], 'Valjevo has no city');
  assert.equal(eventsOf(city, 'refund').length, 1);
});

test('GW-P13-PLACE-03 GW-P13-PLACE-04 GW-P13-PLACE-05 GW-FAC-14: infantry go into a city for nothing more, elsewhere for 5 more each and no more than the territory is worth a turn', () => {
  const s = rich('serbia', 'france', 'germany');
  const events = buyThenPlace(s, { serbia: [b('infantry', 1, 'belgrade'), b('infantry', 1, 'valjevo')], france: [b('infantry', 2, 'verdun')] });
  assert.deepEqual(eventsOf(events, 'purchase').map((e) => [e['nation'], e['at'], e['cost'], e['surcharge']]), [
    ['france', 'verdun', 20, 10],
    ['serbia', 'belgrade', 5, 0],
    ['serbia', 'valjevo', 10, 5],
  ]);
  assert.deepEqual(codes('serbia', 'build 2 infantry in Valjevo', rich('serbia')), [[1, 'non-city-limit']]);
  assert.deepEqual(codes('france', 'build 2 infantry in Verdun\nbuild 1 infantry in Verdun', rich('france')), [[2, 'non-city-limit']]);
  assert.deepEqual(codes('germany', 'build 1 infantry in Tabora', rich('germany')), [[1, 'non-city-limit']], 'worth 0: none');
  const r = parse('serbia', 'build 2 infantry in Valjevo', rich('serbia'));
  assert.ok(!r.ok);
  assert.equal(r.error[0]!.message, 'Valjevo has no city: at most 1 infantry unit a turn may be placed there (its value)');
});

test('GW-P13-PLACE-06: Russia and China place infantry outside cities without the extra 5', () => {
  const s = rich('russia', 'china');
  const events = buyThenPlace(s, { russia: [b('infantry', 1, 'kars')], china: [b('infantry', 1, 'kansu')] });
  assert.deepEqual(eventsOf(events, 'purchase').map((e) => [e['nation'], e['cost'], e['surcharge']]), [
    ['russia', 5, 0],
    ['china', 5, 0],
  ]);
  assert.deepEqual(codes('russia', 'build 2 infantry in Kars', rich('russia')), [[1, 'non-city-limit']], 'the limit still holds');
});

test('GW-P13-PLACE-07 GW-FAC-01: other land units and aircraft go only where the nation has an industrial complex', () => {
  const s = rich('germany');
  assert.deepEqual(codes('germany', 'build 1 artillery in Berlin\nbuild 1 tank in Essen\nbuild 1 aa gun in Dresden\nbuild 1 fighter in Breslau\nbuild 1 artillery in Hamburg\nbuild 1 fighter in Munich', s), [
    [5, 'no-industrial-complex'],
    [6, 'no-industrial-complex'],
  ]);
  const r = parse('germany', 'build 1 artillery in Hamburg', s);
  assert.ok(!r.ok);
  assert.match(r.error[0]!.message, /Hamburg has none \(Germany's: Berlin, Essen, Dresden, Breslau\)/);
  const events = buyThenPlace(s, { germany: [b('tank', 1, 'essen'), b('fighter', 2, 'breslau')] });
  assert.deepEqual(eventsOf(events, 'placed').map((e) => [e['unit'], e['count'], e['at']]), [
    ['tank', 1, 'essen'],
    ['fighter', 2, 'breslau'],
  ]);
});

test('GW-P13-PLACE-08 GW-FAC-10: ships go into a sea zone next to a port of the nation', () => {
  const s = rich('germany');
  assert.deepEqual(codes('germany', 'build 1 battleship in Skagerrak\nbuild 1 submarine in Baltic Sea\nbuild 1 cruiser in North Sea\nbuild 1 transport in Hamburg', s), [
    [3, 'no-port'],
    [4, 'ship-on-land'],
  ]);
  const events = buyThenPlace(s, { germany: [b('submarine', 2, 'baltic-sea')] });
  assert.deepEqual(eventsOf(events, 'purchase')[0]!['from'], 'danzig', 'built out of the first home port on that sea');
  assert.equal(eventsOf(events, 'placed')[0]!['at'], 'baltic-sea');
  // Ports held by another nation do not serve.
  const lost = rich('germany');
  for (const t of ['hamburg', 'hanover']) lost.board.territories[t] = { owner: 'france', incorporated: false };
  assert.deepEqual(codes('germany', 'build 1 battleship in Skagerrak\nbuild 1 battleship in Baltic Sea', lost), [[1, 'no-port']]);
});

test('GW-P13-PLACE-12 GW-P13-PLACE-13 GW-P13-PLACE-14: colonies are major (Canada, India, Australia) or minor (South Africa, German East Africa, Algeria, New Zealand)', () => {
  assert.deepEqual(
    theWorld().colonies.map((c) => [c.id, c.class]),
    [
      ['canada', 'major'],
      ['india', 'major'],
      ['australia', 'major'],
      ['south-africa', 'minor'],
      ['german-east-africa', 'minor'],
      ['algeria', 'minor'],
      ['new-zealand', 'minor'],
    ],
  );
});

test('GW-P13-PLACE-15 GW-P13-PLACE-16: a colony city has its value in new units a turn in a major colony, half of it (round up) in a minor one', () => {
  const s = rich('britain', 'france', 'germany');
  assert.deepEqual(codes('britain', 'build 4 infantry in Ontario\nbuild 3 infantry in Quebec\nbuild 1 infantry in Natal\nbuild 1 infantry in South Africa\nbuild 1 infantry in New Zealand\nbuild 3 infantry in Bombay', s), []);
  assert.deepEqual(codes('britain', 'build 5 infantry in Ontario\nbuild 2 infantry in Natal\nbuild 2 infantry in New Zealand\nbuild 4 infantry in Bombay', s), [
    [1, 'colony-limit'],
    [2, 'colony-limit'],
    [3, 'colony-limit'],
    [4, 'colony-limit'],
  ]);
  assert.deepEqual(codes('france', 'build 2 infantry in Algeria\nbuild 1 infantry in Algeria', s), [[2, 'colony-limit']], 'Algeria is worth 3: 2 a turn');
  assert.deepEqual(codes('germany', 'build 2 infantry in German East Africa', s), [[1, 'colony-limit']], 'worth 2: 1 a turn');
  const r = parse('britain', 'build 5 infantry in Ontario', s);
  assert.ok(!r.ok);
  assert.equal(r.error[0]!.message, 'Ontario, a city of Canada (a major colony), may have 4 units a turn built out of it');

  // A turn's allowance: the next turn has its own. (Over Canada's manpower limit: mutiny rolls of 10, GW-MANP-03.)
  let game = gameFrom(s, [10, 10]);
  for (let turn = 0; turn < 2; turn++) {
    const played = playTurn(game, { britain: { text: 'build 4 infantry in Ontario' } });
    assert.deepEqual(eventsOf(played.events, 'placed').map((e) => e['count']), [4]);
    game = played.game;
  }
});

test('GW-P13-PLACE-17: what is built out of a factory or port in a colony counts against the allowance of the colony’s cities', () => {
  const s = rich('britain');
  assert.deepEqual(codes('britain', 'build 3 infantry in Ontario\nbuild 1 artillery in Ontario\nbuild 1 artillery in Ontario', s), [[3, 'colony-limit']], 'Ontario’s factory is in Ontario: 4 in all');
  // A factory outside the colony's cities draws on what the cities leave.
  s.board.units.push({ id: 'britain-900', nation: 'britain', type: 'industrial-complex', at: 'northwest-territories', damage: 0 });
  const all = 'build 4 infantry in Ontario\nbuild 3 infantry in Quebec\nbuild 2 infantry in Maritimes\nbuild 2 infantry in Prairies\nbuild 1 infantry in British Columbia';
  assert.deepEqual(codes('britain', `${all}\nbuild 1 artillery in Northwest Territories`, s), [[6, 'colony-limit']]);
  assert.deepEqual(codes('britain', 'build 4 infantry in Ontario\nbuild 2 artillery in Northwest Territories', s), []);
  const r = parse('britain', `${all}\nbuild 1 artillery in Northwest Territories`, s);
  assert.ok(!r.ok);
  assert.equal(r.error[0]!.message, "Canada (a major colony) may have 12 units a turn built in it, its cities' allowances, and already has 12");
  // A ship built out of a colony port counts against that city.
  const ships = rich('britain');
  const events = buyThenPlace(ships, { britain: [b('cruiser', 1, 'gulf-of-alaska')] });
  assert.equal(eventsOf(events, 'purchase')[0]!['from'], 'british-columbia');
  assert.deepEqual(codes('britain', 'build 1 infantry in British Columbia\nbuild 1 cruiser in Gulf of Alaska', rich('britain')), [[2, 'colony-limit']]);
});

test('GW-P13-PLACE-18: colonial builds keep to rule 1: a colony city lost is no place to build', () => {
  const s = rich('britain');
  s.board.territories['ontario'] = { owner: 'usa', incorporated: false };
  assert.deepEqual(codes('britain', 'build 1 infantry in Ontario\nbuild 1 artillery in Ontario', s), [
    [1, 'not-held'],
    [2, 'not-held'],
  ]);
});

test('GW-FAC-03 GW-FAC-04 GW-INDCTR-05: a new factory goes into a territory both held in 1914 and controlled now, serves from the next turn, and makes no industrial center', () => {
  const s = rich('germany');
  s.board.territories['nancy'] = { owner: 'germany', incorporated: true };
  s.board.territories['metz'] = { owner: 'france', incorporated: true };
  assert.deepEqual(codes('germany', 'build 1 factory in Hamburg\nbuild 1 factory in Nancy\nbuild 1 factory in Metz\nbuild 1 factory in Berlin\nbuild 1 factory in Hamburg\nbuild 2 factory in Munich', s), [
    [2, 'not-original'],
    [3, 'not-held'],
    [4, 'facility-exists'],
    [5, 'facility-exists'],
    [6, 'one-facility'],
  ]);
  let game = gameFrom(s);
  const first = playTurn(game, { germany: { text: 'build 1 factory in Hamburg' } });
  game = first.game;
  assert.deepEqual(game.position.state.board.units.filter((u) => u.type === 'industrial-complex').map((u) => [u.nation, u.at]), [['germany', 'hamburg']]);
  assert.equal(nation(game, 'germany').treasury, 500 - 30 + incomeOf(s, 'germany').collected + 8, 'and 8 of US trade');
  assert.equal(incomeOf(game.position.state, 'germany').credit, 20, 'still four industrial centers');
  const ctx = ordersContext(game, 'germany');
  assert.ok(greatWar.parseOrders('build 1 artillery in Hamburg', ctx).ok, 'the new factory serves from the next turn');
  assert.deepEqual(codes('germany', 'build 1 artillery in Hamburg', s), [[1, 'no-industrial-complex']]);
  // A port needs a coast; a territory holds one.
  assert.deepEqual(codes('germany', 'build 1 port in Cologne\nbuild 1 port in Hamburg\nbuild 1 port in Essen', s), [
    [1, 'not-coastal'],
    [2, 'facility-exists'],
    [3, 'not-coastal'],
  ]);
});

test('GW-CONQ-10: an ally hosting a government in exile places units in the exile’s remaining territories as if they were its own', () => {
  const s = rich('russia');
  for (const t of ['belgrade', 'nis']) s.board.territories[t] = { owner: 'austria-hungary', incorporated: false };
  s.conquered['serbia'] = { since: 1, host: 'russia', capitalHeldSince: null };
  assert.deepEqual(codes('russia', 'build 2 infantry in Skopje', s), []);
  const events = buyThenPlace(s, { russia: [b('infantry', 2, 'skopje')] });
  assert.deepEqual(eventsOf(events, 'placed').map((e) => [e['nation'], e['at'], e['count']]), [['russia', 'skopje', 2]]);
  assert.deepEqual(codes('russia', 'build 1 infantry in Belgrade', s), [[1, 'not-original']], 'what the enemy took stays Serbia’s');
});
