import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerDecision, createGame, NeedDecision, openStep, phaseContext as engineContext, replay, resolveStep, scriptedContext, ScriptedDice, submitOrders } from '@umpire/engine';
import { greatWar, invariants, type GreatWarState } from '../src/index.js';
import { declarationRefusal, resolveDeclarations, resolveDiplomacyEnd } from '../src/p01-diplomacy/diplomacy.js';
import { hasSurrendered, payTribute, resolveSurrender } from '../src/p01-diplomacy/surrender.js';
import { eventsOf, must, nation, openingState, ordersFor, parseFor, refusalOf, scene, step, unitsIn } from './helpers.js';

// Phase 1.3 surrender offers and the terms of surrender (src/surrender.ts, docs/great-war/diplomacy.md).

/** Orders parsed as in turn `turn` (a declaration's check reads the turn). */
function ordersMap(s: GreatWarState, orders: Record<string, string>, turn = 1) {
  return new Map(
    Object.entries(orders).map(([seat, text]) => {
      const r = greatWar.parseOrders(text, { state: s, seat, step: { ...step, turn } });
      assert.ok(r.ok, r.ok ? '' : r.error.map((p) => p.message).join('; '));
      return [seat, r.value];
    }),
  );
}
const turnCtx = (turn: number, rolls: number[] = []) => scriptedContext(rolls, { ...step, id: `t${turn}.orders`, turn });
const at = (s: GreatWarState, a: string, b: string) => (s.nations.find((n) => n.id === a) ?? s.minors.find((m) => m.id === a)!).atWarWith.includes(b);

/** Germany offers its surrender to France and Russia in turn `turn`; France accepts by its standing order. */
function germanySurrenders(s: GreatWarState, turn = 1, extra: Record<string, string> = {}) {
  const ctx = turnCtx(turn);
  resolveSurrender(s, ordersMap(s, { germany: 'surrender to France, Russia', france: 'accept surrender of Germany', ...extra }), ctx);
  return ctx;
}

test('O-52, O-53: the surrender offer and the standing acceptance read text and JSON both ways, with located errors', () => {
  const s = openingState();
  const offer = ordersFor(s, 'germany', 'surrender to France, Russia and Britain');
  assert.deepEqual(offer.orders, [{ kind: 'surrender', to: ['france', 'russia', 'britain'] }]);
  assert.equal(greatWar.formatOrders(offer, { state: s, seat: 'germany', step }), 'surrender to France, Russia, Britain\n');
  assert.deepEqual(ordersFor(s, 'germany', 'surrender to all').orders, [{ kind: 'surrender', to: ['russia', 'france', 'britain', 'serbia', 'japan'] }]);
  const typo = refusalOf(s, 'germany', 'surrender to France, Rusia');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['unknown-nation', 1, 22, 'Russia']);
  const peace = refusalOf(s, 'germany', 'surrender to Italy');
  assert.deepEqual([peace.code, peace.column], ['not-at-war', 11]);
  const accept = ordersFor(s, 'france', 'accept surrender of Germany\naccept Austria');
  assert.deepEqual(accept.orders, [
    { kind: 'accept', from: 'germany' },
    { kind: 'accept', from: 'austria-hungary' },
  ]);
  assert.equal(greatWar.formatOrders(accept, { state: s, seat: 'germany', step }), 'accept surrender of Germany\naccept surrender of Austria-Hungary\n');
  const json = greatWar.checkOrders({ orders: [{ kind: 'surrender', to: ['frnace'] }, { kind: 'accept', form: 'x' }] }, { state: s, seat: 'germany', step });
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path]),
    [
      ['unknown-nation', '$.orders[0].to[0]'],
      ['unknown-field', '$.orders[1].form'],
      ['unknown-nation', '$.orders[1].from'],
    ],
  );
});

test('GW-SURR-01, GW-SURR-02, GW-SURR-04, GW-SURR-05, GW-P01-DIP-19, GW-P01-DIP-20, GW-P01-DIP-22, A07 (D-SURR-1, D-SURR-2): each nation offered answers; peace with those that accept, war with those that refuse', () => {
  const s = openingState();
  const ctx = germanySurrenders(s);
  assert.deepEqual(
    eventsOf(ctx.events, 'decision').map((e) => [e['seat'], e['answer'], e['source']]),
    [
      ['russia', 'refuse', 'default'],
      ['france', 'accept', 'standing order'],
    ],
  );
  const [offer] = eventsOf(ctx.events, 'surrender-offer');
  assert.deepEqual([offer!['accepted'], offer!['refused']], [['france'], ['russia']]);
  assert.ok(!at(s, 'germany', 'france') && !at(s, 'france', 'germany'));
  assert.ok(at(s, 'germany', 'russia') && at(s, 'germany', 'britain'));
  assert.ok(hasSurrendered(s, 'germany'));
  assert.deepEqual(invariants(s), []);
  assert.match(greatWar.describeEvent!(offer!) ?? '', /Germany offers to surrender to Russia, France: accepted by France; refused by Russia/);
});

test('A07 (D-SURR-1): with the host asking, the offered nation is asked for its answer, and the answer is kept for the replay', () => {
  const s = openingState();
  const orders = ordersMap(s, { germany: 'surrender to France' });
  const ask = engineContext({ step: { ...step, turn: 1 }, dice: new ScriptedDice([]), decisions: 'ask' });
  assert.throws(
    () => resolveSurrender(structuredClone(s), orders, ask),
    (e: unknown) => e instanceof NeedDecision && e.request.seat === 'france' && e.request.kind === 'accept-surrender' && e.request.id === 'surrender.germany.france',
  );
  const answered = engineContext({ step: { ...step, turn: 1 }, dice: new ScriptedDice([]), answers: [{ id: 'surrender.germany.france', seat: 'france', answer: 'accept' }] });
  resolveSurrender(s, orders, answered);
  assert.ok(!at(s, 'germany', 'france'));
});

test('GW-SURR-06, GW-SURR-07, GW-SURR-08, GW-P01-DIP-21, A08 (D-SURR-4): the victors\' lands go back to them; the loser\'s units there go to its nearest territory; its own lands the victor holds stay the victor\'s', () => {
  const s = scene({ lille: { germany: { infantry: 3, fighter: 1 } }, verdun: { germany: { infantry: 2 } }, brussels: { germany: { infantry: 1 } }, metz: { france: { infantry: 2 } } });
  for (const [t, owner, inc] of [
    ['lille', 'germany', false],
    ['verdun', 'germany', true],
    ['brussels', 'germany', false],
    ['metz', 'france', true],
  ] as const)
    s.board.territories[t] = { owner, incorporated: inc };
  const cologne = unitsIn(s, 'cologne')['germany infantry'] ?? 0;
  const ctx = germanySurrenders(s);
  assert.deepEqual([s.board.territories['lille'], s.board.territories['verdun']], [
    { owner: 'france', incorporated: true },
    { owner: 'france', incorporated: true },
  ]);
  assert.equal(s.board.territories['metz']!.owner, 'france', 'GW-SURR-08: held and incorporated by the victor, it stays French');
  assert.equal(s.board.territories['brussels']!.owner, 'germany', 'Belgium did not accept anything');
  assert.deepEqual(unitsIn(s, 'lille'), {});
  assert.deepEqual(unitsIn(s, 'verdun'), {});
  // Lille: Brussels (held by Germany) is next door; Verdun: Brussels too, one step away.
  assert.deepEqual(unitsIn(s, 'brussels'), { 'germany infantry': 6, 'germany fighter': 1 });
  assert.equal(unitsIn(s, 'cologne')['germany infantry'] ?? 0, cologne);
  const [terms] = eventsOf(ctx.events, 'surrender-terms');
  assert.deepEqual(terms!['reverted'], ['lille', 'verdun']);
  assert.deepEqual(invariants(s), []);
});

test('GW-SURR-09, GW-SURR-12, GW-SURR-13 (D-SURR-5): the victor may never declare war on the loser; the loser may again after 3 turns, and its declaration is a declaration like any other', () => {
  const s = openingState();
  germanySurrenders(s, 2);
  const never = refusalOf(s, 'france', 'declare war on Germany');
  assert.deepEqual([never.code, never.line, never.column], ['surrendered', 1, 9]);
  assert.match(never.message, /GW-SURR-09/);
  assert.equal(declarationRefusal(s, 'france', 'germany', 30)?.code, 'surrendered');
  assert.equal(declarationRefusal(s, 'germany', 'france', 3)?.code, 'too-soon');
  assert.equal(declarationRefusal(s, 'germany', 'france', 4)?.code, 'too-soon');
  assert.equal(declarationRefusal(s, 'germany', 'france', 5), undefined);
  const ctx = turnCtx(5);
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on France' }, 5), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'war-declared').map((e) => [e['by'], e['on'], e['cause']]), [['germany', 'france', 'declared']]);
  assert.ok(!hasSurrendered(s, 'germany'), 'at war with its only victor again');
});

test('GW-SURR-14, GW-SURR-15 (D-SURR-8): a nation offers its surrender once a game, even if nobody accepted, and never again after re-entering the war', () => {
  const s = openingState();
  const ctx = turnCtx(1);
  resolveSurrender(s, ordersMap(s, { 'austria-hungary': 'surrender to Serbia' }), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'surrender-offer').map((e) => e['accepted']), [[]]);
  assert.ok(at(s, 'austria-hungary', 'serbia'));
  const again = refusalOf(s, 'austria-hungary', 'surrender to Russia');
  assert.equal(again.code, 'offered-before');
  assert.match(again.message, /GW-SURR-14/);
  germanySurrenders(s);
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on France' }, 5), turnCtx(5));
  assert.equal(refusalOf(s, 'germany', 'surrender to France').code, 'offered-before');
});

test('GW-SURR-16 (D-SURR-8): a nation that has surrendered may still accept a surrender offered to it', () => {
  const s = openingState();
  germanySurrenders(s);
  const ctx = turnCtx(2);
  resolveSurrender(s, ordersMap(s, { russia: 'surrender to Germany', germany: 'accept surrender of Russia' }), ctx);
  assert.ok(!at(s, 'russia', 'germany'));
  assert.ok(hasSurrendered(s, 'russia') && hasSurrendered(s, 'germany'));
});

test('GW-SURR-10, GW-SURR-11, A09 (D-SURR-6): a quarter of what the loser collects goes to its victors for 12 turns, shared out, the odd resource to the first', () => {
  const s = openingState();
  resolveSurrender(s, ordersMap(s, { germany: 'surrender to France, Britain', france: 'accept surrender of Germany', britain: 'accept surrender of Germany' }), turnCtx(1));
  const germany = nation(s, 'germany');
  const france = nation(s, 'france');
  const britain = nation(s, 'britain');
  germany.treasury = 1000;
  const start = [germany.treasury, france.treasury, britain.treasury];
  germany.ledger.collected = 54;
  const events = [];
  for (let turn = 1; turn <= 14; turn++) {
    const ctx = turnCtx(turn);
    payTribute(s, ctx);
    events.push(...eventsOf(ctx.events, 'tribute'));
  }
  assert.equal(events.length, 12, 'twelve turns of tribute');
  assert.deepEqual(events[0]!['shares'], [
    { to: 'france', amount: 7 },
    { to: 'britain', amount: 6 },
  ]);
  assert.deepEqual([germany.treasury, france.treasury, britain.treasury], [start[0]! - 12 * 13, start[1]! + 12 * 7, start[2]! + 12 * 6]);
  assert.equal(s.politics.surrender.surrenders[0]!.tributePaid, 12);
});

test('GW-SURR-11 (D-SURR-6): the tribute stops for a victor the loser is at war with again, and ends when it is at war with all of them', () => {
  const s = openingState();
  resolveSurrender(s, ordersMap(s, { germany: 'surrender to France, Britain', france: 'accept surrender of Germany', britain: 'accept surrender of Germany' }), turnCtx(1));
  nation(s, 'germany').ledger.collected = 40;
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on Britain' }, 4), turnCtx(4));
  const ctx = turnCtx(4);
  payTribute(s, ctx);
  assert.deepEqual(eventsOf(ctx.events, 'tribute').map((e) => e['shares']), [[{ to: 'france', amount: 10 }]]);
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on France' }, 5), turnCtx(5));
  const later = turnCtx(5);
  payTribute(s, later);
  assert.deepEqual(eventsOf(later.events, 'tribute'), []);
  assert.equal(eventsOf(later.events, 'tribute-ends').length, 1);
});

test('GW-USENTRY-21, GW-USENTRY-23, GW-SURR-03, G23 (D-SURR-7): a surrender of a nation of the side the USA favours moves opinion 1 toward that side; a refusal moves it 1 against the refusing side', () => {
  const s = openingState();
  s.politics.usEntry = -2; // the USA leans to the Central Powers
  const ctx = germanySurrenders(s);
  assert.deepEqual(
    eventsOf(ctx.events, 'us-entry').map((e) => [e['event'], e['change']]),
    [
      ['event-18', -1],
      ['event-20', -1],
    ],
  );
  assert.equal(s.politics.usEntry, -4);
  const t = openingState();
  t.politics.usEntry = 3;
  const c2 = turnCtx(1);
  resolveSurrender(t, ordersMap(t, { serbia: 'surrender to Austria-Hungary' }), c2);
  assert.deepEqual(eventsOf(c2.events, 'us-entry').map((e) => [e['event'], e['change']]), [['event-20', 1]], 'Austria-Hungary refuses: 1 against the Central Powers; Serbia did not surrender');
});

test('GW-USENTRY-22, G23 (D-SURR-7): a nation of the side the USA favours conquered this turn moves opinion 1 toward that side, once', () => {
  const s = openingState();
  s.politics.usEntry = 1;
  s.conquered['serbia'] = { since: 3, host: null, capitalHeldSince: null };
  const ctx = turnCtx(3);
  resolveDiplomacyEnd(s, new Map(), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'us-entry').map((e) => [e['event'], e['change']]), [['event-19', 1]]);
  const next = turnCtx(4);
  resolveDiplomacyEnd(s, new Map(), next);
  assert.deepEqual(eventsOf(next.events, 'us-entry'), []);
  s.politics.usEntry = -1;
  s.conquered['belgium'] = { since: 5, host: null, capitalHeldSince: null };
  const other = turnCtx(5);
  resolveDiplomacyEnd(s, new Map(), other);
  assert.deepEqual(eventsOf(other.events, 'us-entry'), [], 'Belgium is no side the USA favours');
});

test('D-SURR-3: a minor the moderator runs accepts the surrender offered to it', () => {
  const s = openingState();
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on Belgium' }), turnCtx(1));
  const ctx = turnCtx(1);
  resolveSurrender(s, ordersMap(s, { germany: 'surrender to Belgium' }), ctx);
  assert.ok(!at(s, 'germany', 'belgium'));
  assert.deepEqual(eventsOf(ctx.events, 'decision'), []);
  assert.ok(parseFor(s, 'germany', 'declare war on Belgium').ok === false);
});

test('GW-SURR-06, GW-SURR-10 (D-SURR-4, D-SURR-6): the reports say the terms, the tribute and its end in a line each', () => {
  const s = scene({ lille: { germany: { infantry: 1 } } });
  s.board.territories['lille'] = { owner: 'germany', incorporated: false };
  const ctx = germanySurrenders(s);
  nation(s, 'germany').ledger.collected = 40;
  payTribute(s, ctx);
  const lines = ['surrender-terms', 'tribute'].map((type) => greatWar.describeEvent!(eventsOf(ctx.events, type)[0]!));
  assert.deepEqual(lines, [
    "The terms of Germany's surrender: Lille goes back to its first owner; 1 unit(s) withdraw to the nearest territory held.",
    'Germany pays 10 in war tribute (a quarter of its 40 collected; payment 1 of 12): 10 to France.',
  ]);
});

test('A07 (D-SURR-1), GW-SURR-02: in a game whose host asks the seats, the turn pauses on the offer until France answers, then resolves and replays', () => {
  let game = must(createGame<GreatWarState>(greatWar, { gameId: 'surrender', dice: { mode: 'scripted', script: Array.from({ length: 400 }, () => 5) }, decisions: 'ask' }));
  game = must(openStep(greatWar, game));
  game = must(submitOrders(greatWar, game, 'germany', { text: 'surrender to France' })).game;
  const paused = must(resolveStep(greatWar, game));
  assert.equal(paused.outcome, 'paused');
  assert.deepEqual(paused.game.record.steps.at(-1)!.pending?.seat, 'france');
  const answered = must(answerDecision(greatWar, paused.game, 'france', 'accept'));
  const done = must(resolveStep(greatWar, answered));
  assert.equal(done.outcome, 'resolved');
  assert.ok(!at(done.game.position.state, 'germany', 'france'));
  assert.ok(hasSurrendered(done.game.position.state, 'germany'));
  const again = replay(greatWar, done.game.record);
  assert.ok(again.ok, 'the record replays');
});
