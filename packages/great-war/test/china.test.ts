import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, formatProblems, hashPosition, openStep, replay, resolveStep, scriptedContext, submitOrders, type GameEvent } from '@umpire/engine';
import { greatWar, incomeOf, type GreatWarOrders, type GreatWarState } from '../src/index.js';
import { holdsLostChina, lostChina, resolveChina } from '../src/p01-neutrals/china.js';
import { chinaIncomeCap } from '../src/p01-neutrals/far-east.js';
import { resolveJapan } from '../src/p01-neutrals/japan.js';
import { japanIncomeCap } from '../src/p01-neutrals/far-east.js';
import { declareWar } from '../src/p01-diplomacy/politics.js';
import { eventsOf, must, nation, openingState, parseFor, refusalOf, rollsOf, scene, step, unitsIn, war, type GwGame, randomDraft } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: phase 1's japan and china phases run directly on a chosen turn with scripted dice.

function ctxOn(turn: number, dice: number[]) {
  const ctx = scriptedContext(dice, { ...step, id: `t${turn}.orders`, turn });
  return Object.assign(ctx, { rollsLeft: () => dice.length - ctx.rolls() });
}

function parseOn(state: GreatWarState, seat: string, text: string, turn: number): GreatWarOrders {
  const r = greatWar.parseOrders(text, { state, seat, step: { ...step, turn } });
  assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.error));
  return r.value;
}

function refusalOn(state: GreatWarState, seat: string, text: string, turn: number): string {
  const r = greatWar.parseOrders(text, { state, seat, step: { ...step, turn } });
  assert.ok(!r.ok, `'${text}' should be refused`);
  return r.error[0]!.code;
}

/** The japan and china phases of phase 1 on `turn` with typed orders; every scripted die must be rolled. */
function phase1(state: GreatWarState, orders: Record<string, string>, dice: number[] = [], turn = 1): GameEvent[] {
  const ctx = ctxOn(turn, dice);
  const map = new Map<string, GreatWarOrders>(Object.entries(orders).map(([seat, text]) => [seat, parseOn(state, seat, text, turn)]));
  resolveJapan(state, map, ctx);
  resolveChina(state, map, ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  return ctx.events;
}

const wars = (state: GreatWarState, id: string) => nation(state, id).atWarWith;

// ---------------------------------------------------------------------------------------------------------------

test('GW-NEUT-CHN-01, GW-NEUT-CHN-07, GW-NEUT-CHN-08, GW-NEUT-CHN-16, D-CHN-1: China collects 12, 25 once geared up for 15, its full income only on a side or at war with Japan', () => {
  const state = openingState();
  assert.equal(chinaIncomeCap(state), 12);
  assert.equal(incomeOf(state, 'china').collected, 12);
  assert.equal(refusalOf(state, 'china', 'gear up').code, 'not-enough-resources', '12 in the treasury');
  nation(state, 'china').treasury = 20;
  const events = phase1(state, { china: 'gear up' });
  assert.deepEqual(eventsOf(events, 'geared-up').map((e) => [e['nation'], e['cost'], e['incomeCap']]), [['china', 15, 25]]);
  assert.equal(nation(state, 'china').treasury, 5);
  assert.equal(chinaIncomeCap(state), 25);
  // At war with a minor (Mongolia) it still collects 25 only.
  war(state, 'china', 'mongolia');
  assert.equal(chinaIncomeCap(state), 25);
  // At war with Japan: full income.
  declareWar(state, ctxOn(1, []), 'japan', 'china', 'declared');
  assert.equal(chinaIncomeCap(state), null);
  assert.equal(nation(state, 'china').incomeCap, null);
});

test('GW-NEUT-CHN-07, GW-NEUT-CHN-03, D-CHN-1, D-CHN-2: China declares no war before gearing up; its answer to Japan gears it up at once, paying what it has of the 15', () => {
  const state = openingState();
  nation(state, 'china').treasury = 9;
  state.politics.japan.gearedUp = 0;
  phase1(state, { japan: 'war on the Ottoman Empire' }, [1]);
  assert.ok(wars(state, 'china').includes('japan'));
  assert.equal(state.politics.china.gearedUp, 1);
  assert.equal(nation(state, 'china').treasury, 0);
});

test('GW-NEUT-CHN-02, GW-NEUT-CHN-21, GW-NEUT-CHN-22, GW-OPT-GBR-09, GW-OPT-GBR-12, GW-OPT-GBR-13, D-CHN-4, D-CHN-5: nobody courts China at first; Britain cedes Hong Kong with 15; China may move toward the Allies; the Allies court it from the next turn', () => {
  const state = openingState();
  assert.equal(refusalOf(state, 'britain', 'court China').code, 'china-closed');
  assert.equal(refusalOf(state, 'france', 'court China').code, 'china-closed');
  scene({ 'hong-kong': { britain: { infantry: 1 } } }, state);
  const events = phase1(state, { britain: 'cede Hong Kong to China' }, [3, 5]);
  assert.deepEqual(rollsOf(events), ['Does China move toward the Allies for British option 3? (3 in 10) = 3', 'Does Japan answer British option 3? (1 in 10) = 5']);
  assert.deepEqual(state.board.territories['hong-kong'], { owner: 'china', incorporated: true });
  assert.deepEqual(unitsIn(state, 'hong-kong'), {}, "Britain's garrison leaves the board");
  assert.equal(nation(state, 'britain').treasury, 124 - 15);
  assert.equal(nation(state, 'china').treasury, 12 + 15);
  assert.equal(state.politics.china.position, 'favourable-to-allies');
  // Same turn: not yet. Next turn: any Allied nation, not the Central Powers.
  assert.equal(refusalOf(state, 'russia', 'court China').code, 'china-opens-next-turn');
  assert.equal(refusalOn(state, 'germany', 'court China', 2), 'china-closed');
  const courted = phase1(state, { russia: 'court China' }, [2], 2);
  assert.deepEqual(eventsOf(courted, 'china-courted').map((e) => [e['by'], e['moved']]), [['russia', true]]);
  assert.equal(nation(state, 'russia').treasury, nation(openingState(), 'russia').treasury - 10);
  // China reached the Allies' camp: it joins them, at war with the Central Powers, full income, keeps Hong Kong and the 15.
  assert.equal(state.politics.china.position, 'allied-camp');
  assert.equal(nation(state, 'china').side, 'allied');
  assert.ok(wars(state, 'china').includes('germany'));
  assert.equal(chinaIncomeCap(state), null);
  assert.equal(state.board.territories['hong-kong']!.owner, 'china');
  assert.equal(refusalOn(state, 'russia', 'court China', 3), 'china-in-war');
});

test('GW-OPT-GBR-10, GW-OPT-GBR-11, GW-OPT-GBR-12, D-CHN-4, D-JAP-5: British option 3 may bring Japan to war with Britain at full production; once only, only while China is out of the war', () => {
  const state = openingState();
  const events = phase1(state, { britain: 'cede Hong Kong' }, [8, 1]);
  assert.equal(eventsOf(events, 'japan-answers-cession').length, 1);
  assert.ok(wars(state, 'japan').includes('britain'));
  assert.ok(!wars(state, 'japan').includes('france'), 'war on Britain only, not the Western Allies');
  assert.deepEqual(eventsOf(events, 'us-entry').filter((e) => e['event'] === 'event-13'), [], 'not US Entry event 13');
  assert.equal(state.politics.japan.fullProduction, 'its answer to British option 3');
  assert.equal(japanIncomeCap(state), null);
  assert.equal(state.board.territories['hong-kong']!.owner, 'china', 'China keeps Hong Kong whatever happens');
  assert.equal(state.politics.china.position, 'neutral');
  assert.equal(refusalOn(state, 'britain', 'cede Hong Kong', 2), 'already-ceded');
  const inWar = openingState();
  inWar.nations.find((n) => n.id === 'china')!.side = 'central';
  assert.equal(refusalOf(inWar, 'britain', 'cede Hong Kong').code, 'china-in-war');
  assert.equal(refusalOf(inWar, 'france', 'cede Hong Kong').code, 'not-your-cession');
  const bad = parseFor(openingState(), 'britain', 'cede Hong Kon');
  assert.ok(!bad.ok);
  assert.equal(bad.error[0]!.suggestion, 'Hong Kong');
});

test('GW-OPT-GER-01, GW-OPT-GER-02, GW-OPT-GER-03, GW-OPT-GER-04: Germany cedes Jiaozhou with 15; 3 in 10 toward the Central Powers; 1 in 10 Japan goes to full production and war on the rest of them; the Central Powers court China next turn', () => {
  const state = openingState();
  const events = phase1(state, { germany: 'cede Jiaozhou' }, [1, 1, 5]);
  assert.deepEqual(rollsOf(events), [
    'Does China move toward the Central Powers for German option 1? (3 in 10) = 1',
    'Does Japan answer German option 1? (1 in 10) = 1',
    "Does China declare war on Japan for its war on Austria-Hungary? (1 in 10) = 5",
  ]);
  assert.equal(state.politics.china.position, 'favourable-to-central');
  assert.equal(state.board.territories['jiaozhou']!.owner, 'china');
  assert.equal(nation(state, 'china').treasury, 27);
  assert.ok(wars(state, 'japan').includes('austria-hungary'), 'the rest of the Central Powers');
  assert.equal(state.politics.japan.fullProduction, 'its answer to German option 1');
  assert.equal(nation(state, 'china').side, 'neutral', 'China stays neutral');
  assert.equal(refusalOn(state, 'britain', 'court China', 2), 'china-closed');
  phase1(state, { 'austria-hungary': 'court China' }, [7], 2);
  assert.equal(state.politics.china.position, 'favourable-to-central');
  assert.equal(nation(state, 'austria-hungary').treasury, nation(openingState(), 'austria-hungary').treasury - 10);
  // Germany cannot cede what Japan has taken.
  const taken = openingState();
  taken.board.territories['jiaozhou'] = { owner: 'japan', incorporated: false };
  assert.equal(refusalOf(taken, 'germany', 'cede Jiaozhou').code, 'not-held');
});

test('GW-OPT-FRA-13: France gives Indochina to China, without payment or dice; the Allies may court China from the following turn', () => {
  const state = openingState();
  const events = phase1(state, { france: 'cede Indochina' });
  assert.deepEqual(rollsOf(events), []);
  assert.equal(state.board.territories['indochina']!.owner, 'china');
  assert.equal(nation(state, 'france').treasury, nation(openingState(), 'france').treasury);
  assert.ok(parseOn(state, 'britain', 'court China', 2).orders.length === 1);
  const json = greatWar.checkOrders({ orders: [{ kind: 'cede', territory: 'indochine' }] }, { state: openingState(), seat: 'france', step });
  assert.ok(!json.ok);
  assert.equal(json.error[0]!.path, '$.orders[0].territory');
  assert.equal(json.error[0]!.suggestion, 'indochina');
});

test('GW-OPT-GBR-21, GW-OPT-GBR-22, D-CHN-7: whoever holds Hong Kong may pay 20 to make it a full port', () => {
  const state = openingState();
  assert.equal(refusalOf(state, 'germany', 'port Hong Kong').code, 'not-held');
  const events = phase1(state, { britain: 'port Hong Kong' });
  assert.deepEqual(eventsOf(events, 'hong-kong-port').map((e) => [e['nation'], e['cost']]), [['britain', 20]]);
  assert.equal(nation(state, 'britain').treasury, 104);
  assert.ok(state.board.units.some((u) => u.at === 'hong-kong' && u.type === 'port' && u.nation === 'britain'));
  assert.equal(refusalOf(state, 'britain', 'port Hong Kong').code, 'facility-exists');
  // China, holding it after the cession, may do the same.
  const ceded = openingState();
  phase1(ceded, { britain: 'cede Hong Kong' }, [9, 9]);
  nation(ceded, 'china').treasury = 30;
  phase1(ceded, { china: 'port Hong Kong' }, [], 2);
  assert.ok(ceded.board.units.some((u) => u.at === 'hong-kong' && u.type === 'port' && u.nation === 'china'));
});

test('GW-NEUT-CHN-09, GW-NEUT-CHN-10, GW-NEUT-CHN-11, GW-NEUT-CHN-12, GW-NEUT-CHN-15, D-CHN-3: until it holds Lost China, China attacks only inside it and Korea, two territories a turn', () => {
  const state = openingState();
  assert.ok(['hong-kong', 'jiaozhou', 'indochina', 'tibet', 'inner-mongolia', 'ulaanbaatar', 'peking', 'shanghai'].every((t) => lostChina(state).includes(t)));
  assert.equal(holdsLostChina(state), false);
  war(state, 'china', 'japan');
  war(state, 'china', 'mongolia');
  scene({ manchuria: { china: { infantry: 6 } }, peking: { china: { infantry: 3 } }, 'north-korea': { japan: { infantry: 1 } }, kwantung: { japan: { infantry: 1 } } }, state);
  assert.ok(parseFor(state, 'china', 'move 2 infantry from Manchuria to Northern Korea').ok, 'Korea is allowed');
  assert.equal(refusalOf(state, 'china', 'move 2 infantry from Manchuria to Kwantung').code, 'outside-lost-china');
  assert.ok(parseFor(state, 'china', 'move 2 infantry from Manchuria to Northern Korea\nmove 1 infantry from Manchuria to Northern Korea\nmove 2 infantry from Peking to Inner Mongolia').ok, 'two territories, however many orders');
  state.board.territories['kirin'] = { owner: 'japan', incorporated: false };
  const third = parseFor(state, 'china', 'move 2 infantry from Manchuria to Northern Korea\nmove 2 infantry from Peking to Inner Mongolia\nmove 1 infantry from Manchuria to Inner Mongolia\nmove 1 infantry from Manchuria to Kirin');
  assert.ok(!third.ok);
  assert.deepEqual(third.error.map((p) => [p.code, p.line]), [['china-attack-limit', 4]]);
  // Holding all of Lost China lifts both restrictions.
  for (const t of lostChina(state)) state.board.territories[t] = { owner: 'china', incorporated: true };
  assert.equal(holdsLostChina(state), true);
  assert.ok(parseFor(state, 'china', 'move 2 infantry from Manchuria to Kwantung').ok);
});

test('GW-NEUT-CHN-13, GW-NEUT-CHN-14, GW-NEUT-CHN-15: until it holds Lost China, China\'s industrial centers give nothing at peace and 5 at war', () => {
  const state = openingState();
  nation(state, 'china').side = 'allied'; // full income, to see the centers
  assert.equal(incomeOf(state, 'china').centers, 2);
  assert.equal(incomeOf(state, 'china').centerCredit, 0);
  war(state, 'china', 'germany');
  assert.equal(incomeOf(state, 'china').centerCredit, 5);
  for (const t of lostChina(state)) state.board.territories[t] = { owner: 'china', incorporated: true };
  assert.equal(incomeOf(state, 'china').centerCredit, 10);
});

test('GW-NEUT-CHN-17, GW-NEUT-CHN-18, GW-NEUT-CHN-19, D-CHN-6: China reclaims Jiaozhou without a declaration; Germany may strike back and exchange a Chinese territory it took for Jiaozhou; peace', () => {
  const state = openingState();
  state.politics.china.gearedUp = 0;
  assert.equal(refusalOf(state, 'germany', 'reclaim Jiaozhou').code, 'not-china');
  const events = phase1(state, { china: 'reclaim Jiaozhou' });
  assert.deepEqual(eventsOf(events, 'china-reclaims').map((e) => [e['territory'], e['owner']]), [['jiaozhou', 'germany']]);
  assert.ok(wars(state, 'china').includes('germany'));
  assert.deepEqual(eventsOf(events, 'war-declared').map((e) => e['cause']), ['triggered'], 'not a declaration');
  // China may attack only Jiaozhou of Germany's lands.
  scene({ shantung: { china: { infantry: 3 } }, jiaozhou: { germany: { infantry: 1 } } }, state);
  assert.ok(parseFor(state, 'china', 'move 3 infantry from Shantung to Jiaozhou').ok);
  // China took Jiaozhou, Germany took Shantung (say): Germany exchanges them back on turn 2.
  state.board.territories['jiaozhou'] = { owner: 'china', incorporated: false };
  state.board.territories['shantung'] = { owner: 'germany', incorporated: false };
  scene({ shantung: { germany: { infantry: 2 } }, jiaozhou: { china: { infantry: 2 } } }, state);
  const ctx = ctxOn(2, []);
  greatWar.phases['china-end']!(state, new Map([['germany', parseOn(state, 'germany', 'exchange Shantung for Jiaozhou', 2)]]), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'colonial-exchange').map((e) => [e['owner'], e['give'], e['take']]), [['germany', 'shantung', 'jiaozhou']]);
  assert.equal(state.board.territories['jiaozhou']!.owner, 'germany');
  assert.equal(state.board.territories['shantung']!.owner, 'china');
  assert.deepEqual(unitsIn(state, 'jiaozhou'), { 'germany infantry': 2 });
  assert.deepEqual(unitsIn(state, 'shantung'), { 'china infantry': 2 });
  assert.ok(!wars(state, 'china').includes('germany'));
  assert.equal(state.politics.china.colonialWars[0]!.status, 'exchanged');
});

test('GW-NEUT-CHN-20, GW-NEUT-CHN-18, D-CHN-6: at the end of the 2 turns an owner that keeps Chinese land without exchanging has declared war on China; one that took none makes peace; China needs to be geared up to reclaim', () => {
  const state = openingState();
  assert.equal(refusalOf(state, 'china', 'reclaim Hong Kong').code, 'not-geared-up');
  state.politics.china.gearedUp = 0;
  phase1(state, { china: 'reclaim Hong Kong\nreclaim Indochina' });
  assert.ok(wars(state, 'china').includes('britain') && wars(state, 'china').includes('france'));
  state.board.territories['canton'] = { owner: 'britain', incorporated: false };
  const on2 = ctxOn(2, []);
  greatWar.phases['china-end']!(state, new Map(), on2);
  assert.deepEqual(on2.events, [], 'the window is still open on turn 2');
  const on3 = ctxOn(3, []);
  greatWar.phases['china-end']!(state, new Map(), on3);
  assert.deepEqual(eventsOf(on3.events, 'colonial-war-declared').map((e) => e['owner']), ['britain']);
  assert.deepEqual(eventsOf(on3.events, 'colonial-war-over').map((e) => e['owner']), ['france']);
  assert.ok(wars(state, 'china').includes('britain'));
  assert.ok(!wars(state, 'china').includes('france'));
  assert.equal(refusalOn(state, 'britain', 'exchange Canton for Hong Kong', 4), 'no-colonial-war');
});

test('D-CHN-3, D-CHN-6: in a colonial war China attacks only the colony of that owner', () => {
  const state = openingState();
  state.politics.china.gearedUp = 0;
  phase1(state, { china: 'reclaim Indochina' });
  scene({ yunnan: { china: { infantry: 2 } }, kwangsi: { china: { infantry: 2 } } }, state);
  // France's other lands are far; a French-held Chinese territory (say Yunnan's neighbour Kwangsi) is not the colony.
  state.board.territories['kwangsi'] = { owner: 'france', incorporated: false };
  state.board.units = state.board.units.filter((u) => u.at !== 'kwangsi');
  assert.equal(refusalOf(state, 'china', 'move 2 infantry from Yunnan to Kwangsi').code, 'colonial-war-only');
});

test('D-CHN-6, GW-NEUT-CHN-17: a China on the Allied side reclaims no colony from an ally, and still reclaims from the other side', () => {
  const state = openingState();
  state.politics.china.gearedUp = 0;
  nation(state, 'china').side = 'allied';
  assert.equal(refusalOf(state, 'china', 'reclaim Indochina').code, 'ally-colony');
  assert.equal(refusalOf(state, 'china', 'reclaim Hong Kong').code, 'ally-colony');
  const events = phase1(state, { china: 'reclaim Jiaozhou' });
  assert.deepEqual(eventsOf(events, 'china-reclaims').map((e) => e['owner']), ['germany']);
  assert.ok(!wars(state, 'china').includes('france'));
  assert.deepEqual(greatWar.invariants!(state), []);
});

const ASIAN_KINDS = ['gear-up', 'japan-war', 'limited-war', 'full-war', 'cede', 'court', 'hong-kong-port', 'reclaim', 'exchange'];

test('D-JAP-2, D-CHN-4, D-CHN-5: random legal orders of Japan, China and the ceding nations are accepted, never make a treasury negative, and keep the invariants', () => {
  fc.assert(
    fc.property(fc.array(fc.array(fc.array(fc.nat(), { maxLength: 4 }), { minLength: 11, maxLength: 11 }), { minLength: 3, maxLength: 3 }), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 200, maxLength: 200 }), (turns, dice) => {
      let game: GwGame = must(createGame<GreatWarState>(greatWar, { gameId: 'asia', dice: { mode: 'scripted', script: dice } }));
      for (const choices of turns) {
        game = must(openStep(greatWar, game));
        greatWar.seats(game.position.state).forEach((seat, i) => {
          const draft = randomDraft(game, seat, choices[i]!, (kind) => ASIAN_KINDS.includes(kind));
          const sent = submitOrders(greatWar, game, seat, { json: draft });
          assert.ok(sent.ok, sent.ok ? '' : formatProblems(sent.error));
          game = sent.value.game;
        });
        game = must(resolveStep(greatWar, game)).game;
        const after = game.position.state;
        assert.deepEqual(greatWar.invariants!(after), []);
        for (const n of after.nations) assert.ok(n.treasury >= 0, `${n.id} has ${n.treasury}`);
      }
    }),
    { numRuns: 6 },
  );
});

test('GW-OPT-GBR-09, GW-NEUT-CHN-08, D-CHN-4, D-CHN-5: whole turns: Britain cedes Hong Kong, China gears up and the Allies court it; the reports say so and the game replays', () => {
  const dice = [2, 7, 5, 1, 5]; // each turn ends with the US Entry economic roll, a 5 (D-USA-6)
  let game: GwGame = must(createGame<GreatWarState>(greatWar, { gameId: 'china', dice: { mode: 'scripted', script: dice } }));
  const turn = (orders: Record<string, string>) => {
    let g = must(openStep(greatWar, game));
    for (const [seat, text] of Object.entries(orders)) g = must(submitOrders(greatWar, g, seat, { text })).game;
    game = must(resolveStep(greatWar, g)).game;
    return game.record.steps.at(-1)!.events;
  };
  const first = turn({ britain: 'cede Hong Kong to China' });
  const lines = first.filter((e) => e.type.startsWith('china-')).map((e) => greatWar.describeEvent!(e));
  assert.deepEqual(lines, ['Britain cedes Hong Kong to China (British option 3) with 15 resources.', 'China moves from neutral to favourable-to-allies on the diplomatic chart.']);
  assert.equal(game.position.state.board.territories['hong-kong']!.owner, 'china');
  // China has 12 + 15 + 12 collected: it gears up; France courts it (1: success) and China joins the Allies.
  const second = turn({ china: 'gear up', france: 'court China' });
  assert.deepEqual(eventsOf(second, 'joined-side').map((e) => [e['nation'], e['side']]), [['china', 'allied']]);
  const state = game.position.state;
  assert.equal(nation(state, 'china').incomeCap, null);
  assert.equal(nation(state, 'china').ledger.collected > 25, true, 'full income in phase 14 of the same turn');
  assert.deepEqual(greatWar.invariants!(state), []);
  const report = replay<GreatWarState>(greatWar, game.record);
  assert.ok(report.ok, report.mismatch?.message);
  assert.equal(report.rollsChecked, dice.length);
  assert.equal(hashPosition(report.game!.position), hashPosition(game.position));
});
