import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, formatProblems, openStep, replay, resolveStep, submitOrders, type GameEvent } from '@umpire/engine';
import {
  describeEconomyEvent,
  economyInvariants,
  economySections,
  greatWar,
  incomeOf,
  minorIncomeOf,
  resolveResources,
  theWorld,
  valueByOwner,
  type GreatWarOrders,
  type GreatWarState,
} from '../src/index.js';
import { eventsOf, must, nation, newGame, openingState, ordersContext, phaseContext, playTurn, type GwGame, randomDraft } from './helpers.js';

const collect = (state: GreatWarState, orders: Record<string, GreatWarOrders> = {}) => {
  const ctx = phaseContext([]);
  resolveResources(state, new Map(Object.entries(orders)), ctx);
  return ctx.events;
};
const give = (amount: number, to: string): GreatWarOrders => ({ orders: [{ kind: 'give', amount, to }] });

test('GW-P14-RES-01 GW-INDCTR-01 GW-INDCTR-02: a nation collects the value of its incorporated territories, and 5 of industrial credit for each 1914 factory territory it holds', () => {
  const s = openingState();
  const values = valueByOwner(theWorld());
  const centers = (id: string) => theWorld().territories.filter((t) => t.owner === id && t.industrialComplex).length;
  for (const id of ['germany', 'austria-hungary', 'russia', 'france', 'britain', 'serbia']) {
    const income = incomeOf(s, id);
    assert.deepEqual([income.collected, income.credit], [values.get(id), 5 * centers(id)], id);
  }
  // The credit goes with the territory: France takes Essen and incorporates it.
  s.board.territories['essen'] = { owner: 'france', incorporated: true };
  collect(s);
  assert.deepEqual([nation(s, 'france').treasury, nation(s, 'france').industrialCredit], [75 + 75 + 8, 15 + 5]);
  assert.deepEqual([nation(s, 'germany').treasury, nation(s, 'germany').industrialCredit], [85 + 85 - 8, 20 - 5]);
});

test('D-ECON-3: each nation starts with one turn of industrial credit, as its treasury is one turn of income', () => {
  const s = openingState();
  for (const n of s.nations) assert.equal(n.industrialCredit, incomeOf(s, n.id).credit, n.id);
  assert.deepEqual(s.nations.map((n) => n.industrialCredit), [20, 15, 15, 15, 35, 5, 0, 0, 0, 0, 0]);
});

test('GW-NEUT-OTT-01 GW-NEUT-ITA-02 GW-NEUT-JAP-01 GW-NEUT-CHN-01 GW-NEUT-USA-02: each neutral collects the income the rule book gives it, and its industrial centers nothing beyond it', () => {
  const s = openingState();
  const events = collect(s);
  const income = (id: string) => eventsOf(events, 'income').find((e) => e['nation'] === id)!;
  assert.deepEqual(
    ['ottoman-empire', 'italy', 'japan', 'china', 'usa'].map((id) => [id, income(id)['collected'], income(id)['credit']]),
    [
      ['ottoman-empire', 24, 0],
      ['italy', 30, 0],
      ['japan', 15, 0],
      ['china', 12, 0],
      ['usa', 15, 0],
    ],
  );
});

test('GW-NEUT-OTT-05 GW-NEUT-ITA-11: at war with neutral minors only, the Ottomans collect 36 and Italy 45', () => {
  const s = openingState();
  const war = (a: string, b: string) => {
    nation(s, a).atWarWith.push(b);
    s.minors.find((m) => m.id === b)!.atWarWith.push(a);
  };
  war('ottoman-empire', 'persia');
  war('italy', 'albania');
  assert.deepEqual([incomeOf(s, 'ottoman-empire').collected, incomeOf(s, 'italy').collected], [36, 45]);
  // A war with a major is not a minor war: the cap stays until phases 1 and 15 change it.
  nation(s, 'italy').atWarWith.push('austria-hungary');
  assert.equal(incomeOf(s, 'italy').collected, 30);
});

test('GW-NEUT-JAP-17: a cap never lets a nation collect more than its territories are worth', () => {
  const s = openingState();
  // Japan geared up (30), at war with the Ottomans (+10), Austria-Hungary (+10), in a limited war with Russia (+10),
  // a Central Power holding Suez (+10): its cap (70, D-JAP-2) is above the 45 its lands are worth.
  s.politics.japan.gearedUp = 0;
  s.politics.japan.russiaWar = 'limited';
  for (const enemy of ['ottoman-empire', 'austria-hungary', 'russia']) {
    nation(s, 'japan').atWarWith.push(enemy);
    (s.nations.find((n) => n.id === enemy) ?? s.minors.find((n) => n.id === enemy))!.atWarWith.push('japan');
  }
  s.board.territories['suez-canal'] = { owner: 'germany', incorporated: false };
  assert.deepEqual([incomeOf(s, 'japan').cap, incomeOf(s, 'japan').land, incomeOf(s, 'japan').collected, incomeOf(s, 'japan').credit], [70, 45, 45, 10]);
  // Below the cap, the centers' credit fills what is left of it (D-ECON-12): Tokyo's and Osaka's 10, up to the 5 left under 50.
  s.politics.japan.russiaWar = 'won';
  s.board.territories['suez-canal'] = { owner: 'britain', incorporated: true };
  nation(s, 'japan').atWarWith = nation(s, 'japan').atWarWith.filter((x) => x !== 'russia');
  nation(s, 'russia').atWarWith = nation(s, 'russia').atWarWith.filter((x) => x !== 'japan');
  assert.deepEqual([incomeOf(s, 'japan').cap, incomeOf(s, 'japan').collected, incomeOf(s, 'japan').credit], [50, 45, 5]);
});

test('GW-NEUT-CHN-13 GW-NEUT-CHN-14 GW-NEUT-CHN-15: until it holds all of Lost China, China’s centers give nothing at peace and 5 at war', () => {
  const s = openingState();
  const china = nation(s, 'china');
  china.incomeCap = null;
  assert.deepEqual([incomeOf(s, 'china').centers, incomeOf(s, 'china').credit], [2, 0]);
  china.atWarWith.push('japan');
  nation(s, 'japan').atWarWith.push('china');
  assert.equal(incomeOf(s, 'china').credit, 5);
  for (const t of ['inner-mongolia', 'ulaanbaatar', 'jiaozhou', 'hong-kong', 'indochina', 'tibet']) if (s.board.territories[t]) s.board.territories[t] = { owner: 'china', incorporated: true };
  assert.equal(incomeOf(s, 'china').credit, 10);
});

test('GW-P14-RES-05: a minor run by the moderator collects 10% of its lands’ value, rounded up', () => {
  const s = openingState();
  const events = collect(s);
  const spain = eventsOf(events, 'income').find((e) => e['nation'] === 'spain')!;
  assert.deepEqual([spain['land'], spain['collected'], spain['visibleTo']], [10, 1, []]);
  assert.equal(s.minors.find((m) => m.id === 'spain')!.treasury, 1);
  s.minors.find((m) => m.id === 'persia')!.productionPercent = 100;
  assert.deepEqual(minorIncomeOf(s, 'persia'), { land: 8, collected: 8 });
});

test('GW-P14-RES-07 GW-P14-RES-08: gifts go between allies, and half of each, rounded up, arrives', () => {
  const { game, events } = playTurn(newGame(), { france: { text: 'give 11 to Russia\ngive 4 to ser' }, britain: { json: { orders: [{ kind: 'give', amount: 30, to: 'france' }] } } });
  assert.deepEqual(eventsOf(events, 'gift').map((e) => [e['from'], e['to'], e['amount'], e['received'], e['visibleTo']]), [
    ['france', 'russia', 11, 6, ['france', 'russia']],
    ['france', 'serbia', 4, 2, ['france', 'serbia']],
    ['britain', 'france', 30, 15, ['britain', 'france']],
  ]);
  assert.equal(nation(game, 'france').treasury, 75 - 15 + 15 + 75 + 5, 'with 5 of US trade in phase 15');
  assert.equal(nation(game, 'russia').treasury, 79 + 6 + 79 + 5);
  assert.equal(nation(game, 'russia').ledger.giftsReceived, 6);
  const ctx = ordersContext(newGame(), 'germany');
  const r = greatWar.parseOrders('give 10 to France\ngive 10 to Japan\ngive 10 to Germany\ngive 100 to Austria\ngive 10 to Atlantis\ngive ten to Austria', ctx);
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.line, p.code]), [
    [1, 'not-an-ally'],
    [2, 'not-an-ally'],
    [3, 'self-gift'],
    [4, 'not-enough-resources'],
    [5, 'unknown-nation'],
    [6, 'bad-amount'],
  ]);
  const neutral = greatWar.parseOrders('give 5 to Italy', ordersContext(newGame(), 'usa'));
  assert.ok(!neutral.ok);
  assert.match(neutral.error[0]!.message, /USA is neutral/);
  const json = greatWar.checkOrders({ orders: [{ kind: 'give', amount: 0, to: 'frnace' }] }, ordersContext(newGame(), 'russia'));
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path, p.suggestion]), [
    ['bad-amount', '$.orders[0].amount', undefined],
    ['unknown-nation', '$.orders[0].to', 'france'],
  ]);
});

test('D-ECON-15: gifts are paid from what is left before the turn’s collection; the phase refuses one it can no longer pay', () => {
  const s = openingState();
  nation(s, 'serbia').treasury = 3;
  const events = collect(s, { serbia: give(5, 'russia') });
  assert.deepEqual(eventsOf(events, 'gift-refused').map((e) => e['reason']), ['Serbia has 3']);
  assert.equal(nation(s, 'serbia').treasury, 3 + 6);
  const r = greatWar.parseOrders('build 2 infantry in Belgrade\ngive 1 to Russia', ordersContext(newGame(), 'serbia'));
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => [p.line, p.code]), [[2, 'not-enough-resources']]);
});

test('GW-CONQ-02: a conquered nation collects nothing', () => {
  const s = openingState();
  s.conquered['serbia'] = { since: 1, host: null, capitalHeldSince: null };
  const events = collect(s);
  assert.equal(nation(s, 'serbia').treasury, 10);
  const e = eventsOf(events, 'income').find((x) => x['nation'] === 'serbia')!;
  assert.equal(describeEconomyEvent(e), 'Serbia has lost all its supply centers and collects nothing.');
});

test('D-ECON-16: the turn’s ledger adds up, and a nation’s money is shown to it alone', () => {
  const { game, events } = playTurn(newGame([1]), { germany: { text: 'research gas\nbuild 2 infantry in Berlin\nbuild 1 artillery in Essen\nbuild 1 trench in Strasbourg facing Nancy\ngive 10 to Austria-Hungary' } });
  const ledger = eventsOf(events, 'ledger').find((e) => e['nation'] === 'germany')!;
  assert.deepEqual(ledger, {
    type: 'ledger',
    nation: 'germany',
    start: 75,
    units: 10,
    trenches: 5,
    creditUsed: 7,
    creditLost: 13,
    overLimitInfantry: 0,
    incorporation: 0,
    repairs: 0,
    refunds: 0,
    giftsSent: 10,
    giftsReceived: 0,
    collected: 85,
    credit: 20,
    end: 135,
    usTrade: 0,
    lostAtSea: 0,
    visibleTo: ['germany'],
  });
  // Phase 15 then brings 8 of US trade (war-at-sea.md, D-SEA-1): the state's ledger ends the turn with it.
  assert.deepEqual([nation(game, 'germany').ledger.usTrade, nation(game, 'germany').ledger.end], [8, 143]);
  assert.equal(nation(game, 'germany').treasury, 143);
  for (const e of events) {
    if (['purchase', 'purchase-refused', 'industrial-credit-lost', 'income', 'ledger', 'refund'].includes(e.type)) assert.ok(e.visibleTo !== undefined && e.visibleTo.length <= 1, e.type);
    const line = describeEconomyEvent(e);
    if (['purchase', 'trench', 'placed', 'gift', 'income', 'ledger', 'industrial-credit-lost'].includes(e.type)) assert.ok(line && !line.includes('undefined'), `${e.type}: ${line}`);
  }
  assert.deepEqual(
    eventsOf(events, 'purchase').map((e) => describeEconomyEvent(e)),
    [
      'Germany buys 2 Infantry for Berlin: 10 (10 from the treasury); treasury now 65.',
      'Germany buys 1 Artillery for Essen: 7 (0 from the treasury, 7 industrial credit); treasury now 65.',
      'Germany pays 5 for a trench in Strasbourg facing Nancy; treasury now 60.',
    ],
  );
  const sections = economySections(game.position.state, 'germany');
  assert.deepEqual(sections.map((x) => x.title), ['Germany: economy', 'Germany: manpower']);
  assert.match(sections[0]!.lines![0]!, /^Treasury: 143; industrial credit 20/);
  assert.deepEqual(sections[1]!.table!.rows[0], ['Germany', 2, 145, 143]);
  assert.deepEqual(economySections(game.position.state, undefined), []);
});

test('D-ECON-17: economy invariants hold at the start and name each broken rule', () => {
  assert.deepEqual(economyInvariants(openingState()), []);
  const s = openingState();
  nation(s, 'germany').industrialCredit = -1;
  nation(s, 'serbia').manpower[0]!.built = 1.5;
  nation(s, 'france').purchases.push({ unit: 'infantry', at: 'paris', count: 1, paid: [5], surcharge: 0 });
  s.board.units.push({ id: 'germany-900', nation: 'germany', type: 'industrial-complex', at: 'berlin', damage: 0 });
  s.board.units.push({ id: 'germany-901', nation: 'germany', type: 'port', at: 'cologne', damage: 0 });
  s.board.trenches.push({ nation: 'germany', territory: 'hamburg', facing: 'skagerrak', super: false });
  assert.deepEqual(economyInvariants(s), [
    "Germany's industrial credit is -1; it is a whole number, never negative",
    "France has 1 purchase(s) that phase 13 never placed",
    "Serbia's manpower in Serbia is 1.5 built of 8; both are whole numbers, never negative",
    'port germany-901 stands in cologne, which has no coast',
    'industrial-complex in berlin: 2 of them, at most one a territory',
    "germany's trench in hamburg facing skagerrak is not on a land border",
  ]);
});

/** Whether each unit a 'placed' event put down stood where the rules allow, judged on the state the turn began with. */
function placedLegally(before: GreatWarState, after: GreatWarState, e: GameEvent): string | undefined {
  const world = theWorld();
  const nationId = String(e['nation']);
  const unit = String(e['unit']);
  const at = String(e['at']);
  const ownAtStart = (t: string) => world.territory.get(t)?.owner === nationId && before.board.territories[t]?.owner === nationId && before.board.territories[t]!.incorporated && after.board.territories[t]?.owner === nationId;
  const has = (t: string, type: string) => (type === 'port' ? world.territory.get(t)?.port : world.territory.get(t)?.industrialComplex) || before.board.units.some((u) => u.at === t && u.type === type);
  if (['battleship', 'cruiser', 'transport', 'submarine', 'carrier'].includes(unit)) {
    if (!world.sea.has(at)) return `${unit} on land at ${at}`;
    return world.graph.neighbours(at, ['coast']).some((n) => ownAtStart(n.id) && has(n.id, 'port')) ? undefined : `${unit} in ${at}, next to no port of ${nationId}`;
  }
  // Fitted to ships (D-EQUIP-1, D-EQUIP-3): radar, sonar and AA guns next to a port, fighters on a carrier next to a factory.
  if (['radar', 'sonar', 'aa-gun', 'fighter'].includes(unit) && world.sea.has(at)) {
    const facility = unit === 'fighter' ? 'industrial-complex' : 'port';
    const ids = (e['units'] ?? []) as string[];
    if (after.board.units.some((u) => ids.includes(u.id) && u.aboard === undefined)) return `${unit} in ${at} on no ship`;
    return world.graph.neighbours(at, ['coast']).some((n) => ownAtStart(n.id) && has(n.id, facility)) ? undefined : `${unit} fitted in ${at}, next to no ${facility} of ${nationId}`;
  }
  if (!ownAtStart(at)) return `${unit} in ${at}, not ${nationId}'s since the start of the turn`;
  if (unit === 'infantry') {
    const t = world.territory.get(at)!;
    return t.city || Number(e['count']) <= t.value ? undefined : `${e['count']} infantry in ${at}, worth ${t.value}, without a city`;
  }
  if (['artillery', 'tank', 'aa-gun', 'fighter', 'bomber'].includes(unit)) return has(at, 'industrial-complex') ? undefined : `${unit} in ${at}, without a factory at the start`;
  return undefined;
}

test('random legal economy orders never make a treasury negative, place every unit legally, keep the ledger, and replay', () => {
  const kinds = new Set(['research', 'build', 'incorporate', 'give']);
  fc.assert(
    fc.property(fc.array(fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 11, maxLength: 11 }), { minLength: 1, maxLength: 3 }), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 400, maxLength: 400 }), (turns, dice) => {
      let game: GwGame = must(createGame<GreatWarState>(greatWar, { gameId: 'economy', dice: { mode: 'scripted', script: dice } }));
      for (const choices of turns) {
        game = must(openStep(greatWar, game));
        const before = structuredClone(game.position.state);
        greatWar.seats(before).forEach((seat, i) => {
          const draft = randomDraft(game, seat, choices[i]!, (kind) => kinds.has(kind));
          const sent = submitOrders(greatWar, game, seat, { json: draft });
          assert.ok(sent.ok, sent.ok ? '' : formatProblems(sent.error));
          game = sent.value.game;
        });
        game = must(resolveStep(greatWar, game)).game;
        const after = game.position.state;
        const events = game.record.steps.at(-1)!.events;
        assert.deepEqual([...greatWar.invariants!(after), ...economyInvariants(after)], []);
        for (const e of eventsOf(events, 'placed')) assert.equal(placedLegally(before, after, e), undefined);
        for (const n of after.nations) {
          assert.ok(n.treasury >= 0 && n.industrialCredit >= 0, n.id);
          const l = n.ledger;
          assert.equal(l.end, l.start - l.units - l.trenches - l.incorporation - l.giftsSent + l.refunds + l.giftsReceived + l.collected + l.usTrade - l.lostAtSea, n.id);
          assert.equal(n.treasury, l.end, n.id);
        }
      }
      const r = replay(greatWar, game.record);
      assert.ok(r.ok, r.mismatch?.message);
    }),
    { numRuns: 12 },
  );
});
