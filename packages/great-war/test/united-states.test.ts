import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedContext, type GameEvent } from '@umpire/engine';
import { declareWar, describePoliticsEvent, greatWar, invariants, joinSide, politicsSections, resolveEconomicWar, shiftUsEntry, unitedStates as us, type GreatWarState } from '../src/index.js';
import { eventsOf, nation, newGame, openingState, ordersContext, ordersFor, parseFor, phaseContext, playTurn, refusalOf, rollsOf, runPhases, step, war } from './helpers.js';

// The United States: the US Entry track, its events, the economic roll and the US options (docs/great-war/united-states.md).

const entry = (s: GreatWarState) => s.politics.usEntry;
/** The US Entry moves among the events, as 'event change'. */
const moves = (events: readonly GameEvent[]) => eventsOf(events, 'us-entry').map((e) => `${String(e['event'])} ${Number(e['change']) > 0 ? '+' : ''}${String(e['change'])}`);
const minor = (s: GreatWarState, id: string) => s.minors.find((m) => m.id === id)!;
/** The opening state with a rich, neutral USA. */
function richUsa(treasury = 200): GreatWarState {
  const s = openingState();
  nation(s, 'usa').treasury = treasury;
  return s;
}
/** The US options of phase 1 alone, with typed orders and scripted dice. */
const usOptions = (s: GreatWarState, text: string, dice: number[]) => runPhases(s, { usa: text }, dice, 'united-states', 'united-states');

test('GW-NEUT-USA-01 GW-NEUT-USA-06 GW-NEUT-USA-07: the USA starts neutral, US Entry at 0, and the report shows the track and the USA', () => {
  const s = openingState();
  assert.equal(nation(s, 'usa').side, 'neutral');
  assert.equal(entry(s), 0);
  assert.deepEqual(s.politics.usa, { gearedUp: false, mexicoSteps: 0, reached: [], mayJoin: [], russianTradeCut: false });
  const sections = politicsSections(s, 'usa');
  assert.deepEqual(sections.find((x) => x.title === 'The United States')!.lines, ['The USA has not geared up: it collects up to 15 a turn.', 'US opinion leans toward neither camp.']);
  assert.deepEqual(invariants(s), []);
});

test('GW-USENTRY-01 GW-USENTRY-02: a Central Power declaring war on a neutral moves US Entry +1, an Allied nation -1; a neutral declaring war on a neutral moves nothing', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  declareWar(s, ctx, 'germany', 'netherlands', 'declared');
  assert.equal(entry(s), 1);
  declareWar(s, ctx, 'britain', 'persia', 'declared');
  declareWar(s, ctx, 'russia', 'arabia', 'declared');
  assert.equal(entry(s), -1);
  declareWar(s, ctx, 'ottoman-empire', 'bulgaria', 'declared');
  declareWar(s, ctx, 'germany', 'russia', 'declared'); // already at war: nothing happens
  assert.deepEqual(moves(ctx.events), ['event-1 +1', 'event-2 -1', 'event-2 -1']);
  assert.equal(describePoliticsEvent(eventsOf(ctx.events, 'us-entry')[0]!), 'US Entry +1 (Germany, of the Central Powers, declares war on neutral Netherlands): now 1.');
});

test('D-USA-3 GW-USENTRY-01 GW-USENTRY-02 (A10): an attack on a neutral without a declaration moves US Entry twice as far; a nation joining a camp declares no war on a neutral', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  declareWar(s, ctx, 'austria-hungary', 'netherlands', 'undeclared');
  assert.equal(entry(s), 2);
  declareWar(s, ctx, 'france', 'persia', 'undeclared');
  assert.equal(entry(s), 0);
  joinSide(s, ctx, 'italy', 'allied', 'schedule'); // Italy's wars on the Central Powers are not declarations on neutrals
  assert.deepEqual(moves(ctx.events), ['event-1 +2', 'event-2 -2', 'event-6 +2']);
  assert.match(describePoliticsEvent(eventsOf(ctx.events, 'us-entry')[0]!)!, /Austria-Hungary, of the Central Powers, attacks without a declaration neutral Netherlands/);
});

test('GW-USENTRY-03 GW-USENTRY-04: the Ottomans joining the Central Powers before turn 3 move US Entry -1, from turn 3 nothing; joining the Allies +1', () => {
  for (const [turn, side, expected] of [
    [1, 'central', ['event-3 -1']],
    [2, 'central', ['event-3 -1']],
    [3, 'central', []],
    [1, 'allied', ['event-4 +1']],
    [5, 'allied', ['event-4 +1']],
  ] as const) {
    const s = openingState();
    // Joining the Allies, the Ottomans go to war with the Central Powers: 10, no officers' revolt (GW-NEUT-OTT-14).
    const ctx = scriptedContext(side === 'allied' ? [10] : [], { ...step, turn });
    joinSide(s, ctx, 'ottoman-empire', side, 'schedule');
    assert.deepEqual(moves(ctx.events), expected, `turn ${turn} ${side}`);
  }
});

test('GW-USENTRY-05 GW-USENTRY-06: Italy joining the Central Powers moves US Entry -2, the Allies +2', () => {
  for (const [side, expected] of [
    ['central', -2],
    ['allied', 2],
  ] as const) {
    const s = openingState();
    joinSide(s, phaseContext([]), 'italy', side, 'trigger');
    assert.equal(entry(s), expected, side);
  }
});

test('GW-USENTRY-07 GW-USENTRY-08 GW-USENTRY-09: a minor joining a camp by influence moves US Entry 1 toward it; joining by a declaration of war, a trigger or an option moves nothing', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  joinSide(s, ctx, 'bulgaria', 'central', 'influence');
  joinSide(s, ctx, 'arabia', 'allied', 'influence');
  joinSide(s, ctx, 'persia', 'allied', 'influence');
  assert.deepEqual(moves(ctx.events), ['event-7 -1', 'event-8 +1', 'event-8 +1']);
  const t = openingState();
  const other = phaseContext([]);
  joinSide(t, other, 'mexico', 'central', 'option');
  joinSide(t, other, 'netherlands', 'allied', 'declaration');
  joinSide(t, other, 'persia', 'central', 'trigger');
  assert.deepEqual(moves(other.events), []);
});

test('GW-USENTRY-18 D-USA-4 (A28): the neutral USA coming to war with a neutral major moves US Entry 3 points toward zero, never past it; a war with a minor does not', () => {
  for (const [start, expected] of [
    [5, 2],
    [2, 0],
    [-4, -1],
    [0, 0],
  ] as const) {
    const s = openingState();
    s.politics.usEntry = start;
    const ctx = phaseContext([]);
    declareWar(s, ctx, 'japan', 'usa', 'declared');
    assert.equal(entry(s), expected, String(start));
  }
  const s = openingState();
  s.politics.usEntry = 5;
  declareWar(s, phaseContext([]), 'usa', 'mexico', 'declared');
  assert.equal(entry(s), 5);
});

test('GW-USENTRY-10 D-USA-5: US trade to Russia cut off moves US Entry +1 in the turn it is cut, not again while it stays cut, and again after it has flowed', () => {
  const s = openingState();
  const cut = () => {
    s.economicWar.unrestrictedSubmarineWarfare = true;
    s.board.territories['vladivostok']!.owner = 'japan';
    s.board.territories['kamchatka']!.owner = 'japan';
  };
  const economicWar = () => {
    const ctx = phaseContext([]);
    resolveEconomicWar(s, new Map(), ctx);
    return ctx.events;
  };
  assert.deepEqual(moves(economicWar()), [], 'the trade flows');
  cut();
  const first = economicWar();
  assert.equal(eventsOf(first, 'us-trade').find((e) => e['nation'] === 'russia')!['status'], 'blockaded');
  assert.deepEqual(moves(first), ['event-9 +1']);
  assert.equal(s.politics.usa.russianTradeCut, true);
  assert.deepEqual(moves(economicWar()), [], 'still cut: no new event');
  s.economicWar.unrestrictedSubmarineWarfare = false;
  assert.deepEqual(moves(economicWar()), [], 'the Arctic route is open again');
  assert.equal(s.politics.usa.russianTradeCut, false);
  cut();
  assert.deepEqual(moves(economicWar()), ['event-9 +1']);
  assert.deepEqual(politicsSections(s, undefined).find((x) => x.title === 'The United States')?.lines?.at(-1), 'US trade to Russia is cut off.');
});

test('GW-USENTRY-24 GW-USENTRY-25 GW-USENTRY-26 GW-USENTRY-27 D-USA-6: the end-of-turn economic roll: 9-10 one point toward the greater production, 1 toward the lesser, 2-8 nothing', () => {
  const production = us.campProduction(openingState());
  assert.ok(production.allied > production.central, JSON.stringify(production));
  for (const [roll, expected] of [
    [10, 1],
    [9, 1],
    [8, 0],
    [2, 0],
    [1, -1],
  ] as const) {
    const s = openingState();
    const events = runPhases(s, {}, [roll], 'us-entry-roll', 'us-entry-roll');
    assert.equal(entry(s), expected, String(roll));
    assert.deepEqual(eventsOf(events, 'us-economic-roll').map((e) => [e['allied'], e['central']]), [[production.allied, production.central]]);
    assert.match(rollsOf(events)[0]!, new RegExp(`US Entry economic roll \\(Allies produce ${production.allied}, the Central Powers ${production.central}\\) = ${roll}`));
  }
  const s = openingState();
  const events = runPhases(s, {}, [1], 'us-entry-roll', 'us-entry-roll');
  assert.equal(describePoliticsEvent(eventsOf(events, 'us-economic-roll')[0]!), `US economic roll 1: the Allies produce ${production.allied}, the Central Powers ${production.central}; opinion moves toward the Central Powers.`);
});

test('GW-USENTRY-28 GW-USENTRY-29 D-USA-6 (A13): Japan counts for the Allies unless at war with an Allied nation; other neutrals, at war or not, count for nobody', () => {
  const s = openingState();
  assert.equal(us.productionCamp(s, 'japan'), 'allied', 'at war with Germany only');
  assert.equal(us.productionCamp(s, 'germany'), 'central');
  assert.equal(us.productionCamp(s, 'serbia'), 'allied');
  const japan = us.campProduction(s).allied;
  war(s, 'japan', 'britain');
  assert.equal(us.productionCamp(s, 'japan'), undefined, 'war with the Western Allies');
  assert.ok(us.campProduction(s).allied < japan);
  const t = openingState();
  war(t, 'japan', 'russia');
  assert.equal(us.productionCamp(t, 'japan'), undefined, 'a limited war with Russia');
  war(t, 'ottoman-empire', 'persia');
  assert.equal(us.productionCamp(t, 'ottoman-empire'), undefined, 'a neutral in a limited war');
  assert.equal(us.productionCamp(t, 'italy'), undefined, 'a neutral at peace');
  joinSide(t, phaseContext([]), 'italy', 'central', 'trigger');
  assert.equal(us.productionCamp(t, 'italy'), 'central');
});

test('GW-NEUT-USA-06 GW-NEUT-USA-08 GW-NEUT-USA-09 D-USA-2 (A28): the track runs from -10 to +10; having reached +10 the USA may join the Allies the next turn, and then opinion moves no more', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  shiftUsEntry(s, ctx, 12, 'option', 'test');
  assert.equal(entry(s), 10, 'the end of the track');
  shiftUsEntry(s, ctx, 1, 'option', 'test');
  assert.deepEqual(moves(ctx.events), ['option +10']);
  shiftUsEntry(s, ctx, -1, 'option', 'test');
  assert.equal(refusalOf(s, 'usa', 'join the allies').code, 'track-not-reached', 'not before the end of the turn');
  runPhases(s, {}, [5], 'us-entry-roll', 'us-entry-roll');
  assert.deepEqual(s.politics.usa.mayJoin, ['allied'], 'touched +10 during the turn');
  const refused = refusalOf(s, 'usa', 'join the central powers');
  assert.deepEqual([refused.code, refused.line, refused.column], ['track-not-reached', 1, 6]);
  assert.match(refused.message, /only in the turn after US Entry reached -10; it stood at 9/);
  const events = usOptions(s, 'join the allies', [10]); // 10: Spain stays out (GW-P15-SPAIN-05)
  assert.equal(nation(s, 'usa').side, 'allied');
  assert.equal(nation(s, 'usa').incomeCap, null);
  assert.ok(nation(s, 'usa').atWarWith.includes('germany') && nation(s, 'usa').atWarWith.includes('austria-hungary'));
  assert.equal(eventsOf(events, 'joined-side')[0]!['cause'], 'entry-track');
  shiftUsEntry(s, ctx, -3, 'event-17', 'after the entry');
  assert.equal(entry(s), 9, 'frozen once the USA is in the war');
  assert.equal(refusalOf(s, 'usa', 'publicity for the allies').code, 'usa-at-war');
  assert.deepEqual(runPhases(s, {}, [], 'us-entry-roll', 'us-entry-roll').filter((e) => e.type === 'roll'), [], 'no economic roll after the entry');
  assert.deepEqual(invariants(s), []);
  // -10: the Central Powers, from the track's end at the end of the turn.
  const c = openingState();
  c.politics.usEntry = -10;
  runPhases(c, {}, [5], 'us-entry-roll', 'us-entry-roll');
  assert.deepEqual(c.politics.usa.mayJoin, ['central']);
  usOptions(c, 'join central', [10]); // 10: Spain stays out (GW-P15-SPAIN-05)
  assert.equal(nation(c, 'usa').side, 'central');
  assert.ok(nation(c, 'usa').atWarWith.includes('britain'));
});

test('GW-NEUT-USA-02 GW-NEUT-USA-03 GW-NEUT-USA-04 GW-NEUT-USA-05 GW-USOPT-05 D-USA-1: gearing up costs 40 and raises the cap to 35; Mexico raises its production to half at once and to full the next turn', () => {
  const s = richUsa(100);
  assert.equal(nation(s, 'usa').incomeCap, 15);
  assert.equal(minor(s, 'mexico').productionPercent, 10);
  const events = usOptions(s, 'preparedness', []);
  assert.deepEqual([nation(s, 'usa').treasury, nation(s, 'usa').incomeCap, minor(s, 'mexico').productionPercent], [60, 35, 50]);
  assert.deepEqual(events.map((e) => describePoliticsEvent(e)), ['The USA gears up for 40: it collects up to 35 a turn.', 'Mexico answers the US gearing up: it raises its production to 50%.']);
  assert.equal(refusalOf(s, 'usa', 'preparedness').code, 'already-geared-up');
  usOptions(s, '', []);
  assert.equal(minor(s, 'mexico').productionPercent, 100, 'full production the next turn');
  assert.deepEqual(usOptions(s, '', []), [], 'nothing more');
  assert.equal(refusalOf(richUsa(39), 'usa', 'preparedness').code, 'not-enough-resources');
  assert.equal(refusalOf(s, 'germany', 'preparedness').code, 'not-the-usa');
  assert.deepEqual(invariants(s), []);
});

test('GW-USOPT-06 GW-USOPT-07 GW-USOPT-08 GW-USOPT-10 GW-USOPT-11 D-USA-8 (A29): Congress votes war on a minor for 10 once a turn, only once the USA has geared up; 4 in 10 approved; a refusal moves US Entry 1 toward zero; a minor war adds nothing', () => {
  const s = richUsa();
  assert.equal(refusalOf(s, 'usa', 'vote war on Mexico').code, 'not-geared-up');
  const two = parseFor(s, 'usa', 'preparedness\nvote war on Mexico\nvote war on Persia');
  assert.ok(!two.ok && two.error.length === 1);
  assert.deepEqual([two.error[0]!.code, two.error[0]!.line], ['one-war-vote', 3]);
  s.politics.usEntry = 3;
  let events = usOptions(s, 'preparedness\nvote war on Mexico', [5]);
  assert.deepEqual([nation(s, 'usa').treasury, entry(s), nation(s, 'usa').atWarWith.includes('mexico')], [150, 2, false]);
  assert.deepEqual(moves(events), ['congress -1']);
  assert.equal(describePoliticsEvent(eventsOf(events, 'us-war-vote')[0]!), 'Congress refuses war on Mexico (rolled 5).');
  events = usOptions(s, 'vote on Mexico', [4]);
  assert.ok(nation(s, 'usa').atWarWith.includes('mexico'));
  assert.deepEqual(moves(events), [], 'a war with a minor is not event 15');
  assert.equal(nation(s, 'usa').incomeCap, 35);
  usOptions(s, '', []);
  assert.equal(nation(s, 'usa').incomeCap, 35, 'no more income from a minor war');
  assert.equal(refusalOf(s, 'usa', 'vote war on Mexico').code, 'already-at-war');
  assert.equal(refusalOf(s, 'usa', 'vote war on Germany').code, 'not-neutral');
});

test('GW-USOPT-09 GW-USOPT-12 D-USA-9 (A29): a vote of war on a neutral major is approved 2 in 10; the war moves US Entry 3 toward zero and the USA gears toward full production, 20 more a turn', () => {
  const s = richUsa();
  s.politics.usEntry = 6;
  usOptions(s, 'preparedness\nvote war on the Ottoman Empire', [3]);
  assert.ok(!nation(s, 'usa').atWarWith.includes('ottoman-empire'));
  assert.equal(entry(s), 5);
  const events = usOptions(s, 'vote war on Ottoman', [2]);
  assert.ok(nation(s, 'usa').atWarWith.includes('ottoman-empire'));
  assert.deepEqual(moves(events), ['event-15 -3']);
  assert.equal(nation(s, 'usa').incomeCap, 35, 'gearing begins the next turn');
  const caps: (number | null)[] = [];
  for (let i = 0; i < 5; i++) {
    usOptions(s, '', []);
    caps.push(nation(s, 'usa').incomeCap);
  }
  assert.deepEqual(caps, [55, 75, 95, 115, null], "the USA's lands are worth 120: past that, no cap");
});

test('GW-USOPT-13 GW-USOPT-14 GW-USOPT-15 GW-USOPT-16 GW-USOPT-17 GW-USOPT-18 GW-USOPT-19 D-USA-7 (A27): US gifts of 5 or more from the treasury to nations in the war arrive whole; opinion moves 1 in 10 away from the favoured camp, 2 in 10 toward it', () => {
  const s = richUsa(100);
  const serbia = nation(s, 'serbia').treasury;
  const germany = nation(s, 'germany').treasury;
  s.politics.usEntry = 3;
  let events = usOptions(s, 'lend 10 to Serbia', [1]);
  assert.deepEqual([nation(s, 'usa').treasury, nation(s, 'serbia').treasury - serbia, entry(s)], [90, 10, 2]);
  assert.equal(describePoliticsEvent(eventsOf(events, 'us-lend')[0]!), 'The USA lends 10 to Serbia; all of it arrives.');
  events = usOptions(s, 'lend 10 to Serbia', [2]);
  assert.deepEqual(moves(events), [], 'a 2: no move');
  assert.equal(entry(s), 2);
  events = usOptions(s, 'lend 5 to Germany\nlend 20 to Britain', [2, 3]);
  assert.deepEqual([nation(s, 'germany').treasury - germany, entry(s)], [5, 3]);
  assert.deepEqual(moves(events), ['gift +1']);
  s.politics.usEntry = 0;
  events = usOptions(s, 'lend 5 to Germany', []);
  assert.deepEqual(rollsOf(events), [], 'at 0 a gift changes nothing');
  assert.equal(refusalOf(s, 'usa', 'lend 4 to Serbia').code, 'gift-too-small');
  assert.equal(refusalOf(s, 'usa', 'lend 5 to Italy').code, 'not-in-the-war');
  assert.equal(refusalOf(s, 'usa', `lend ${nation(s, 'usa').treasury + 1} to Serbia`).code, 'not-enough-resources');
});

test('GW-USOPT-20 GW-USOPT-21 GW-USOPT-22: a media campaign, once a turn for 10: 7-10 one point the way the USA chose, 1 three points the other way', () => {
  for (const [roll, side, expected] of [
    [7, 'allies', 1],
    [10, 'central powers', -1],
    [6, 'allies', 0],
    [1, 'allies', -3],
    [1, 'central', 3],
  ] as const) {
    const s = richUsa(20);
    const events = usOptions(s, `publicity for the ${side}`, [roll]);
    assert.deepEqual([entry(s), nation(s, 'usa').treasury], [expected, 10], `${roll} ${side}`);
    assert.equal(eventsOf(events, 'us-publicity').length, 1);
  }
  const twice = parseFor(richUsa(), 'usa', 'publicity for the allies\npublicity for the allies');
  assert.ok(!twice.ok && twice.error[0]!.code === 'one-campaign' && twice.error[0]!.line === 2);
});

test('GW-USOPT-23 GW-USOPT-24 GW-USOPT-25 GW-USOPT-26 GW-USOPT-27 D-USA-10: US influence on a minor costs 15, succeeds 2 in 10 (a * minor only on 10), and an independent 2 in 10 leak moves US Entry one point toward the other camp', () => {
  const s = richUsa(100);
  let events = usOptions(s, 'negotiate with Mexico for the allies', [9, 3]);
  assert.deepEqual([minor(s, 'mexico').diplomacy, entry(s), nation(s, 'usa').treasury], ['favourable-to-allies', 0, 85]);
  assert.equal(describePoliticsEvent(eventsOf(events, 'us-influence-moves')[0]!), 'Mexico moves from neutral to favourable to allies.');
  events = usOptions(s, 'negotiate Mexico toward the allies', [4, 2]);
  assert.deepEqual([minor(s, 'mexico').diplomacy, entry(s)], ['favourable-to-allies', -1], 'failed, but leaked');
  assert.equal(describePoliticsEvent(eventsOf(events, 'us-influence')[0]!), 'US influence on Mexico toward the Allies fails (rolled 4); the US public learns of it.');
  events = usOptions(s, 'negotiate with Mexico for the allies', [10, 1]);
  assert.equal(minor(s, 'mexico').side, 'allied', 'in the Allied camp it joins the Allies');
  assert.deepEqual(moves(events), ['event-8 +1', 'option -1'], 'event 8 for a minor brought in by influence, then the leak');
  // A '*' minor: 9 fails, 10 succeeds.
  const t = richUsa(100);
  usOptions(t, 'negotiate with the Netherlands for the central powers', [9, 5]);
  assert.equal(minor(t, 'netherlands').diplomacy, 'neutral');
  usOptions(t, 'negotiate with the Netherlands for the central powers', [10, 5]);
  assert.equal(minor(t, 'netherlands').diplomacy, 'favourable-to-central');
  const twice = parseFor(t, 'usa', 'negotiate with Persia for the allies\nnegotiate with Persia for the central powers');
  assert.ok(!twice.ok && twice.error[0]!.code === 'one-attempt');
  assert.equal(refusalOf(t, 'usa', 'negotiate with Italy for the allies').code, 'not-a-minor');
  t.afghanistan.rebellions = [1];
  assert.equal(refusalOf(t, 'usa', 'negotiate with Afghanistan for the allies').code, 'no-influence', 'not after an Afghan rebellion either');
});

test('D-USA-12: bad US orders are refused where they go wrong, with a did-you-mean, and change nothing', () => {
  const s = richUsa();
  const alies = refusalOf(s, 'usa', 'publicity for the alies');
  assert.deepEqual([alies.code, alies.line, alies.column, alies.suggestion], ['unknown-camp', 1, 15, 'allies']);
  const brit = refusalOf(s, 'usa', 'lend 10 to Britian');
  assert.deepEqual([brit.code, brit.column, brit.suggestion], ['unknown-nation', 12, 'Britain']);
  assert.equal(refusalOf(s, 'usa', 'negotiate Mexico').code, 'bad-influence');
  assert.equal(refusalOf(s, 'usa', 'preparedness now').code, 'bad-gear-up');
  const ctx = { state: s, seat: 'usa', step };
  const json = greatWar.checkOrders({ orders: [{ kind: 'us-join', side: 'alied' }, { kind: 'us-lend', amount: 10, to: 'serbia', note: 1 }] }, ctx);
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.path, p.suggestion]), [['$.orders[0].side', 'allied'], ['$.orders[1].note', undefined]]);
  const ok = greatWar.checkOrders({ orders: [{ kind: 'us-gear-up' }, { kind: 'us-war-vote', on: 'mexico' }, { kind: 'us-lend', amount: 10, to: 'serbia' }, { kind: 'us-publicity', toward: 'central' }, { kind: 'us-influence', target: 'persia', toward: 'allied' }] }, ctx);
  assert.ok(ok.ok);
  assert.equal(greatWar.formatOrders(ok.value, ctx), 'preparedness\nvote war on Mexico\nlend 10 to Serbia\npublicity for the central powers\nnegotiate with Persia for the allies\n');
  assert.deepEqual(ordersFor(s, 'usa', greatWar.formatOrders(ok.value, ctx)), ok.value, 'the text form reads back');
  assert.equal(refusalOf(s, 'germany', 'lend 10 to Serbia').code, 'not-the-usa');
  assert.equal(nation(s, 'usa').treasury, 200);
});

test('D-USA-12 GW-USOPT-05: the US options are legal actions for the bots, and a whole turn with them keeps every invariant', () => {
  let game = newGame(Array.from({ length: 40 }, () => 5));
  game = { ...game, position: { ...game.position, state: { ...game.position.state, nations: game.position.state.nations.map((n) => (n.id === 'usa' ? { ...n, treasury: 200 } : n)) } } };
  const kinds = new Set(greatWar.legalActions({ orders: [] }, ordersContext(game, 'usa')).map((a) => a.next.orders.at(-1)!.kind));
  for (const k of ['us-gear-up', 'us-lend', 'us-publicity', 'us-influence']) assert.ok(kinds.has(k), k);
  const played = playTurn(game, { usa: { text: 'preparedness\nvote war on Mexico\nlend 10 to Britain\npublicity for the allies\nnegotiate with Persia for the allies' } });
  const usa = nation(played.game, 'usa');
  assert.equal(usa.incomeCap, 35);
  assert.deepEqual(invariants(played.game.position.state), []);
  assert.ok(eventsOf(played.events, 'us-economic-roll').length === 1);
});

test('D-USA-11 GW-USOPT-04 GW-USOPT-01 (A21): the US trade goes on after gearing up to 35 and stops once the USA has joined a camp', () => {
  const s = richUsa();
  usOptions(s, 'preparedness', []);
  const trade = () => {
    const ctx = phaseContext([]);
    resolveEconomicWar(s, new Map(), ctx);
    return eventsOf(ctx.events, 'us-trade').map((e) => `${String(e['nation'])} ${String(e['status'])}`);
  };
  assert.deepEqual(trade(), ['britain delivered', 'germany delivered', 'france delivered', 'russia delivered']);
  s.politics.usa.mayJoin = ['allied'];
  usOptions(s, 'join the allies', [10]); // 10: Spain stays out (GW-P15-SPAIN-05)
  assert.deepEqual(trade(), []);
});
