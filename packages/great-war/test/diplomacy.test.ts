import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedContext } from '@umpire/engine';
import { greatWar, invariants, joinSide, turnPhaseNames, type GreatWarState } from '../src/index.js';
import { commanderOf } from '../src/base/conquest.js';
import { declarationRefusal, diplomacySections, influenceMinor, resolveDeclarations, resolveDiplomacyEnd, resolveInfluence, resolveWarActions, stepToward } from '../src/p01-diplomacy/diplomacy.js';
import { diplomacyNumbers } from '../src/data/diplomacy.js';
import { incomeOf, minorIncomeOf } from '../src/economy/resources.js';
import { diplomaticPositions } from '../src/data/schema.js';
import { eventsOf, nation, openingState, ordersFor, parseFor, phaseContext, refusalOf, step } from './helpers.js';

// Phase 1.1 declarations of war, 1.2 diplomatic influence, minors joining a side (src/diplomacy.ts, docs/great-war/diplomacy.md).

const minor = (s: GreatWarState, id: string) => s.minors.find((m) => m.id === id)!;
const ordersMap = (s: GreatWarState, orders: Record<string, string>) => new Map(Object.entries(orders).map(([seat, text]) => [seat, ordersFor(s, seat, text)]));
const turnCtx = (turn: number, rolls: number[] = []) => scriptedContext(rolls, { ...step, id: `t${turn}.orders`, turn });
const atWarWith = (s: GreatWarState, a: string) => (s.nations.find((n) => n.id === a) ?? minor(s, a)).atWarWith;

test('GW-P01-DIP-01: phase 1 is the declarations (1.1), the influence (1.2) and the surrender offers (1.3), in that order, before phase 2', () => {
  const at = (name: string) => turnPhaseNames.indexOf(name);
  assert.ok(at('declarations') === 0 && at('declarations') < at('influence') && at('influence') < at('surrender') && at('surrender') < at('technology'));
  assert.ok(at('land-movement') < at('war-actions') && at('war-actions') < at('air-combat'), 'military action is read after the land moves');
  assert.equal(turnPhaseNames.at(-1), 'diplomacy-end');
});

test('GW-P01-DIP-02, GW-P01-DIP-03, O-50: a declaration of phase 1.1 makes the war at once, with its event and cause, and later phases see it', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on Belgium', 'austria-hungary': 'decl Montenegro' }), ctx);
  assert.ok(atWarWith(s, 'germany').includes('belgium') && atWarWith(s, 'belgium').includes('germany'));
  assert.ok(atWarWith(s, 'montenegro').includes('austria-hungary'));
  assert.deepEqual(
    eventsOf(ctx.events, 'war-declared').map((e) => [e['by'], e['on'], e['cause']]),
    [
      ['germany', 'belgium', 'declared'],
      ['austria-hungary', 'montenegro', 'declared'],
    ],
  );
  assert.deepEqual(s.politics.diplomacy.untested.map((w) => [w.by, w.on, w.turn]), [
    ['germany', 'belgium', 1],
    ['austria-hungary', 'montenegro', 1],
  ]);
  assert.deepEqual(invariants(s), []);
});

test('O-50: the declaration reads text and JSON both ways, with located errors and suggestions', () => {
  const s = openingState();
  const text = ordersFor(s, 'germany', 'declare war on Belgium\ndeclare Luxembourg\ndeclare war against the Netherlands');
  assert.deepEqual(text.orders, [
    { kind: 'declare', on: 'belgium' },
    { kind: 'declare', on: 'luxembourg' },
    { kind: 'declare', on: 'netherlands' },
  ]);
  assert.equal(greatWar.formatOrders(text, { state: s, seat: 'germany', step }), 'declare war on Belgium\ndeclare war on Luxembourg\ndeclare war on Netherlands\n');
  const typo = refusalOf(s, 'germany', 'declare war on Belgum');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['unknown-nation', 1, 16, 'Belgium']);
  const json = greatWar.checkOrders({ orders: [{ kind: 'declare', on: 'belgum', at: 1 }] }, { state: s, seat: 'germany', step });
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-field', '$.orders[0].at', 'on'],
      ['unknown-nation', '$.orders[0].on', 'belgium'],
    ],
  );
  assert.ok(greatWar.checkOrders({ orders: [{ kind: 'declare', on: 'belgium' }] }, { state: s, seat: 'germany', step }).ok);
});

test('GW-ALLY-08, O-50 (D-DIP-2, D-DIP-3): a declaration on an ally, on oneself, on an enemy or twice is refused where it stands; an alliance member never changes sides', () => {
  const s = openingState();
  const ally = refusalOf(s, 'germany', 'declare war on Austria-Hungary');
  assert.deepEqual([ally.code, ally.line, ally.column], ['ally', 1, 9]);
  assert.match(ally.message, /GW-ALLY-08/);
  assert.equal(refusalOf(s, 'germany', 'declare war on France').code, 'already-at-war');
  assert.equal(refusalOf(s, 'germany', 'declare war on Germany').code, 'own-nation');
  const twice = refusalOf(s, 'germany', 'declare war on Belgium\ndeclare war on Belgium');
  assert.deepEqual([twice.code, twice.line], ['declared-twice', 2]);
  const ctx = phaseContext([]);
  assert.equal(joinSide(s, ctx, 'france', 'central', 'option'), false, 'France stays Allied');
  assert.equal(joinSide(s, ctx, 'bulgaria', 'central', 'schedule'), true);
  assert.equal(joinSide(s, ctx, 'bulgaria', 'allied', 'option'), false, 'Bulgaria, now a Central Power, stays one');
  assert.equal(nation(s, 'france').side, 'allied');
  assert.equal(minor(s, 'bulgaria').side, 'central');
});

test('GW-ALLY-10 (D-DIP-3): the Ottoman Empire, Italy, Japan, China and the USA start neutral, on capped incomes, and can be brought into the war', () => {
  const s = openingState();
  for (const id of ['ottoman-empire', 'italy', 'japan', 'china', 'usa']) {
    assert.equal(nation(s, id).side, 'neutral', id);
    assert.ok(nation(s, id).incomeCap !== null, id);
  }
  const ctx = phaseContext([]);
  assert.ok(joinSide(s, ctx, 'italy', 'allied', 'schedule'));
  assert.equal(nation(s, 'italy').side, 'allied');
  assert.ok(nation(s, 'italy').atWarWith.includes('austria-hungary'));
});

test('GW-P01-DIP-02, GW-P01-DIP-04, A10 (D-DIP-1): an attack on a nation not at war is refused unless the same orders declare war on it; with the declaration the whole turn plays', () => {
  const s = openingState();
  const bare = refusalOf(s, 'germany', 'move 10 infantry from Cologne to Brussels');
  assert.deepEqual([bare.code, bare.line], ['not-at-war', 1]);
  assert.match(bare.message, /declare war first/);
  // The declaration may stand after the attack in the text: the orders are checked in phase order.
  const orders = ordersFor(s, 'germany', 'move 10 infantry from Cologne to Brussels\ndeclare war on Belgium');
  assert.deepEqual(orders.orders.map((o) => o.kind), ['move', 'declare']);
  const json = greatWar.checkOrders({ orders: [{ kind: 'declare', on: 'belgium' }, ...orders.orders.filter((o) => o.kind === 'move')] }, { state: s, seat: 'germany', step });
  assert.ok(json.ok);
  // Flights too: the declaration makes the territory an enemy's for every later order of the turn.
  assert.equal(refusalOf(s, 'germany', 'fly 1 fighter from Cologne to Brussels land at Cologne').code, 'not-at-war');
  assert.ok(parseFor(s, 'germany', 'declare war on Belgium\nfly 1 fighter from Cologne to Brussels land at Cologne').ok);
  const ctx = phaseContext([]);
  const map = new Map([['germany', orders]]);
  resolveDeclarations(s, map, ctx);
  greatWar.phases['land-movement']!(s, map, ctx);
  resolveWarActions(s, map, ctx);
  assert.equal(eventsOf(ctx.events, 'war-declared')[0]!['cause'], 'declared');
  assert.equal(s.board.units.filter((u) => u.at === 'brussels' && u.nation === 'germany').length, 10);
  assert.deepEqual(s.politics.diplomacy.untested, [], 'the attack is military action');
});

test('GW-P01-DIP-05, GW-P01-DIP-06, GW-P01-DIP-07, A11 (D-DIP-4, D-DIP-5): a declared war with no military action that turn and the next ends in peace, its bonus income taken back, and no war for 3 turns', () => {
  const s = openingState();
  const italy = nation(s, 'italy');
  const capped = incomeOf(s, 'italy').collected;
  resolveDeclarations(s, ordersMap(s, { italy: 'declare war on Albania' }), turnCtx(1));
  const bonus = incomeOf(s, 'italy').collected - capped;
  assert.ok(bonus > 0, 'the minor war raises the cap (45 instead of 30)');
  italy.treasury = 100;
  const end1 = turnCtx(1);
  resolveDiplomacyEnd(s, new Map(), end1);
  assert.ok(atWarWith(s, 'italy').includes('albania'), 'turn 1: still time to act');
  assert.deepEqual(eventsOf(end1.events, 'forced-peace'), []);
  const end2 = turnCtx(2);
  resolveDiplomacyEnd(s, new Map(), end2);
  assert.ok(!atWarWith(s, 'italy').includes('albania'));
  const [peace] = eventsOf(end2.events, 'forced-peace');
  assert.deepEqual([peace!['bonus'], peace!['clawback'], peace!['barredUntil']], [2 * bonus, 2 * bonus, 5]);
  assert.equal(italy.treasury, 100 - 2 * bonus);
  assert.deepEqual(eventsOf(end2.events, 'peace').map((e) => e['why']), ['no military action']);
  for (const turn of [3, 4, 5]) assert.equal(declarationRefusal(s, 'italy', 'albania', turn)?.code, 'barred-from-war', `turn ${turn}`);
  assert.equal(declarationRefusal(s, 'italy', 'albania', 6), undefined);
  assert.equal(joinSide(s, turnCtx(4), 'italy', 'allied', 'schedule'), false, 'nor join the main war');
  assert.equal(joinSide(s, turnCtx(6), 'italy', 'allied', 'schedule'), true);
  assert.deepEqual(invariants(s), []);
});

test('GW-P01-DIP-05 (D-DIP-4): a declared war whose attack comes in the next turn is kept; a war in the main war is never forced to peace by this rule', () => {
  const s = openingState();
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on Belgium' }), turnCtx(1));
  resolveDiplomacyEnd(s, new Map(), turnCtx(1));
  const map = ordersMap(s, { germany: 'move 10 infantry from Cologne to Brussels' });
  const ctx = turnCtx(2);
  greatWar.phases['land-movement']!(s, map, ctx);
  resolveWarActions(s, map, ctx);
  resolveDiplomacyEnd(s, new Map(), ctx);
  assert.ok(atWarWith(s, 'germany').includes('belgium'));
  assert.deepEqual(eventsOf(ctx.events, 'forced-peace'), []);
  // Britain declares war on neutral Italy, which then joins the Central Powers: no forced peace in the main war.
  resolveDeclarations(s, ordersMap(s, { britain: 'declare war on Italy' }), turnCtx(2));
  joinSide(s, turnCtx(2), 'italy', 'central', 'schedule');
  for (const turn of [2, 3]) {
    const end = turnCtx(turn);
    resolveDiplomacyEnd(s, new Map(), end);
    assert.deepEqual(eventsOf(end.events, 'forced-peace'), []);
  }
  assert.ok(atWarWith(s, 'britain').includes('italy'));
  assert.deepEqual(s.politics.diplomacy.untested, []);
});

test('GW-P01-DIP-09, GW-P01-DIP-10, G09 (D-DIP-8): five positions on the chart; every minor starts neutral or favourable to one side, as the scenario says', () => {
  assert.deepEqual([...diplomaticPositions], ['central-camp', 'favourable-to-central', 'neutral', 'favourable-to-allies', 'allied-camp']);
  assert.equal(stepToward('neutral', 'central'), 'favourable-to-central');
  assert.equal(stepToward('favourable-to-central', 'allied'), 'neutral');
  assert.equal(stepToward('favourable-to-allies', 'allied'), 'allied-camp');
  const s = openingState();
  for (const m of s.minors) assert.ok(['favourable-to-central', 'neutral', 'favourable-to-allies'].includes(m.diplomacy), m.id);
  assert.deepEqual(['spain', 'bulgaria', 'norway'].map((id) => [minor(s, id).diplomacy, minor(s, id).hardToInfluence]), [
    ['neutral', false],
    ['favourable-to-central', false],
    ['favourable-to-allies', true],
  ]);
});

test('GW-P01-DIP-11, GW-P01-DIP-12, GW-P01-DIP-14, GW-P01-DIP-16, O-51 (D-DIP-8): an attempt costs 10 and succeeds on a 9 or 10; a success moves the minor one step, the other side moves it back', () => {
  const s = openingState();
  const before = { germany: nation(s, 'germany').treasury, britain: nation(s, 'britain').treasury, russia: nation(s, 'russia').treasury };
  const ctx = phaseContext([9, 10, 8]);
  resolveInfluence(s, ordersMap(s, { germany: 'influence Greece', britain: 'influence Greece', russia: 'influence Greece' }), ctx);
  // Seat order: Germany, Russia, then Britain.
  assert.deepEqual(
    eventsOf(ctx.events, 'influence').map((e) => [e['by'], e['roll'], e['success'], e['from'], e['to']]),
    [
      ['germany', 9, true, 'neutral', 'favourable-to-central'],
      ['russia', 10, true, 'favourable-to-central', 'neutral'],
      ['britain', 8, false, 'neutral', 'neutral'],
    ],
  );
  assert.equal(minor(s, 'greece').diplomacy, 'neutral');
  assert.equal(nation(s, 'germany').treasury, before.germany - 10);
  assert.equal(nation(s, 'russia').treasury, before.russia - 10);
  assert.equal(nation(s, 'britain').treasury, before.britain - 10, 'a failed attempt is paid too');
  assert.equal(diplomacyNumbers().influence.cost, 10);
});

test('GW-P01-DIP-15, GW-P01-DIP-17, GW-P14-RES-06 (D-DIP-6): a minor influenced into a camp joins that side, at war with the other, run by the influencer at full income', () => {
  const s = openingState();
  const bulgaria = minor(s, 'bulgaria');
  const tenth = minorIncomeOf(s, 'bulgaria').collected;
  const ctx = phaseContext([10]);
  resolveInfluence(s, ordersMap(s, { 'austria-hungary': 'influence Bulgaria' }), ctx);
  assert.equal(bulgaria.side, 'central');
  assert.equal(bulgaria.diplomacy, 'central-camp');
  assert.ok(bulgaria.atWarWith.includes('serbia') && bulgaria.atWarWith.includes('russia'));
  assert.equal(bulgaria.controller, 'austria-hungary');
  assert.equal(commanderOf(s, 'bulgaria'), 'austria-hungary');
  assert.equal(bulgaria.productionPercent, 100);
  assert.ok(minorIncomeOf(s, 'bulgaria').collected > tenth);
  assert.deepEqual(eventsOf(ctx.events, 'joined-side').map((e) => [e['nation'], e['cause']]), [['bulgaria', 'influence']]);
  assert.equal(refusalOf(s, 'germany', 'influence Bulgaria').code, 'in-a-camp');
  assert.deepEqual(invariants(s), []);
});

test('GW-P01-DIP-08, GW-P01-DIP-17, A12 (D-DIP-7): a minor favourable to one side may be influenced by either side; only nations in the main war influence, only minors', () => {
  const s = openingState();
  assert.ok(parseFor(s, 'germany', 'influence Bulgaria').ok, 'the side it favours');
  assert.ok(parseFor(s, 'russia', 'influence Bulgaria').ok, 'the other side, to move it back');
  const neutral = refusalOf(s, 'italy', 'influence Greece');
  assert.equal(neutral.code, 'not-in-the-war');
  assert.equal(refusalOf(s, 'germany', 'influence Italy').code, 'not-a-minor');
  const ctx = phaseContext([]);
  resolveDeclarations(s, ordersMap(s, { germany: 'declare war on Belgium' }), ctx);
  assert.equal(refusalOf(s, 'germany', 'influence Belgium').code, 'at-war');
  assert.ok(parseFor(s, 'france', 'influence Belgium').ok, 'the attacked minor may be brought in by the other side');
});

test('GW-P01-DIP-18 (D-DIP-8): a * nation moves only on a roll of 10', () => {
  const s = openingState();
  assert.equal(minor(s, 'netherlands').hardToInfluence, true);
  const ctx = phaseContext([9, 10]);
  assert.equal(influenceMinor(s, ctx, 'germany', 'netherlands', 'central'), 'failed');
  assert.equal(influenceMinor(s, ctx, 'germany', 'netherlands', 'central'), 'moved');
  assert.equal(minor(s, 'netherlands').diplomacy, 'favourable-to-central');
  assert.match(String(eventsOf(ctx.events, 'roll')[0]!['purpose']), /on 10\)/);
});

test('GW-P01-DIP-13, O-51 (D-DIP-7): one attempt per target a turn, and the attempts must be paid for; located in text and JSON', () => {
  const s = openingState();
  const twice = refusalOf(s, 'germany', 'influence Greece\ninfluence Greece');
  assert.deepEqual([twice.code, twice.line, twice.column], ['one-attempt', 2, 11]);
  nation(s, 'serbia').treasury = 10;
  const poor = refusalOf(s, 'serbia', 'influence Greece\ninfluence Romania');
  assert.deepEqual([poor.code, poor.line], ['not-enough-resources', 2]);
  const json = greatWar.checkOrders({ orders: [{ kind: 'influence', target: 'greese' }] }, { state: s, seat: 'germany', step });
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path, p.suggestion]), [['unknown-nation', '$.orders[0].target', 'greece']]);
  assert.equal(greatWar.formatOrders(ordersFor(s, 'germany', 'inf gree'), { state: s, seat: 'germany', step }), 'influence Greece\n');
  // Checked again when it resolves: a minor that joined a camp earlier in the phase is not tried again, nor paid for.
  const ctx = phaseContext([10]);
  const treasury = nation(s, 'austria-hungary').treasury;
  resolveInfluence(s, ordersMap(s, { 'austria-hungary': 'influence Bulgaria', germany: 'influence Bulgaria' }), ctx);
  assert.equal(minor(s, 'bulgaria').controller, 'germany', 'Germany comes first in seat order');
  assert.equal(nation(s, 'austria-hungary').treasury, treasury);
  assert.deepEqual(eventsOf(ctx.events, 'order-void').map((e) => [e['nation'], e['code']]), [['austria-hungary', 'in-a-camp']]);
});

test('GW-TERR-21 (D-DIP-7): nobody may influence Afghanistan once it has rebelled', () => {
  const s = openingState();
  assert.ok(parseFor(s, 'britain', 'influence Afghanistan').ok);
  s.afghanistan.rebellions = [3];
  const r = refusalOf(s, 'britain', 'influence Afghanistan');
  assert.equal(r.code, 'no-influence');
  assert.match(r.message, /GW-TERR-21/);
});

test('GW-P14-RES-06 (D-DIP-6): a minor at war with a neutral collects its full income and stays with the moderator; a minor joining otherwise is run by the first seat of its side', () => {
  const s = openingState();
  resolveDeclarations(s, ordersMap(s, { italy: 'declare war on Albania' }), phaseContext([]));
  assert.equal(minor(s, 'albania').productionPercent, 100);
  assert.equal(minor(s, 'albania').controller, 'moderator');
  joinSide(s, phaseContext([]), 'romania', 'allied', 'schedule');
  assert.equal(minor(s, 'romania').controller, 'russia');
  assert.equal(minor(s, 'romania').productionPercent, 100);
});

test('D-DIP-1: the bots get declarations and influence among their legal actions', () => {
  const s = openingState();
  const actions = greatWar.legalActions({ orders: [] }, { state: s, seat: 'germany', step }).map((a) => a.label);
  assert.ok(actions.includes('declare war on Belgium'));
  assert.ok(actions.includes('influence Greece'));
  assert.ok(!actions.includes('declare war on Austria-Hungary'));
});

test('GW-P01-DIP-09 (D-DIP-8): the reports show the chart of the minors once one has moved, with who runs each', () => {
  const s = openingState();
  assert.deepEqual(diplomacySections(s, undefined), []);
  influenceMinor(s, phaseContext([10]), 'germany', 'bulgaria', 'central');
  const [chart] = diplomacySections(s, 'germany');
  assert.deepEqual(chart!.table!.rows.find((r) => r[0] === 'Bulgaria'), ['Bulgaria', 'Central Power camp', 'Germany']);
  assert.deepEqual(chart!.table!.rows.find((r) => r[0] === 'Netherlands'), ['Netherlands', 'completely neutral (*)', 'moderator']);
});

test('GW-OPT-FRA-01 GW-OPT-FRA-04 D-SPA-5 D-DIP-7: France may not influence Spain until their relations are normalised; then it may, as may anyone else before', () => {
  const s = openingState();
  const refused = refusalOf(s, 'france', 'influence Spain');
  assert.equal(refused.code, 'no-influence');
  assert.match(refused.message, /France may not influence Spain until their relations are normalised/);
  assert.equal(ordersFor(s, 'germany', 'influence Spain').orders.length, 1, 'Germany may');
  s.politics.spain.normalisedOn = 1;
  assert.equal(ordersFor(s, 'france', 'influence Spain').orders.length, 1, 'normalised: France may');
});

test('GW-NEUT-CHN-07 D-CHN-1: China declares no war before it has geared up', () => {
  const s = openingState();
  const refused = refusalOf(s, 'china', 'declare war on Japan');
  assert.equal(refused.code, 'not-geared-up');
  assert.match(refused.message, /China must pay 15 to gear up before declaring any war/);
});
