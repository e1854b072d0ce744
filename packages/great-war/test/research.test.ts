import assert from 'node:assert/strict';
import { test } from 'node:test';
import { greatWar, resolveResearch, technologyTable, type GreatWarOrders } from '../src/index.js';
import { eventsOf, nation, newGame, openingState, ordersContext, phaseContext, playTurn, type GwGame } from './helpers.js';

const research = (...techs: string[]): GreatWarOrders => ({ orders: techs.map((tech) => ({ kind: 'research', tech })) });

test('GW-P02-TECH-01: every research attempt, on any technology, costs 10 resources', () => {
  const { game, events } = playTurn(newGame([1, 2, 3]), { germany: { text: 'research weapons\nresearch gas\nresearch tanks' } });
  assert.equal(nation(game, 'germany').treasury, 85 - 30 + 85 + 8, 'then phase 14 collects 85, and phase 15 brings 8 of US trade');
  assert.deepEqual(eventsOf(events, 'treasury'), [{ type: 'treasury', nation: 'germany', change: -30, reason: 'research', attempts: 3, treasury: 55, visibleTo: ['germany'] }]);
  assert.equal(nation(game, 'austria-hungary').treasury, 50 + 50, 'a nation that researches nothing pays nothing (and collects 50)');

  const state = openingState();
  nation(state, 'germany').treasury = 1000;
  const all = technologyTable().list.map((t) => t.id);
  const ctx = phaseContext(all.map(() => 1));
  resolveResearch(state, new Map([['germany', research(...all)]]), ctx);
  assert.equal(nation(state, 'germany').treasury, 1000 - 10 * all.length);
  assert.deepEqual(
    eventsOf(ctx.events, 'research').map((e) => [e['tech'], e['cost']]),
    all.map((t) => [t, 10]),
  );
});

test('GW-P02-TECH-02: a nation makes at most one attempt per technology per turn, and may try again next turn', () => {
  let game = newGame([3, 5, 9]); // each turn ends with the US Entry economic roll (D-USA-6)
  const ctx = ordersContext(game, 'france');
  const text = greatWar.parseOrders('research Chemical Warfare\nresearch Tanks\nresearch gas', ctx);
  assert.ok(!text.ok);
  assert.deepEqual(text.error.map((p) => [p.code, p.line, p.column]), [['one-attempt-per-technology', 3, 10]]);
  const json = greatWar.checkOrders(research('chemical-warfare', 'tanks', 'chemical-warfare'), ctx);
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => [p.code, p.path]), [['one-attempt-per-technology', '$.orders[2].tech']]);
  assert.ok(!greatWar.legalActions(research('chemical-warfare'), ctx).some((a) => a.next.orders.filter((o) => o.tech === 'chemical-warfare').length > 1));

  const direct = phaseContext([3]);
  const state = openingState();
  resolveResearch(state, new Map([['france', research('chemical-warfare', 'chemical-warfare')]]), direct);
  assert.equal(eventsOf(direct.events, 'roll').length, 1, 'the phase itself refuses a second attempt');
  assert.deepEqual(eventsOf(direct.events, 'research-refused').map((e) => e['code']), ['one-attempt-per-technology']);
  assert.equal(nation(state, 'france').treasury, 65);

  game = playTurn(game, { france: { text: 'research gas' } }).game;
  assert.equal(nation(game, 'france').tech['chemical-warfare'], 0);
  game = playTurn(game, { france: { text: 'research gas' } }).game;
  assert.equal(nation(game, 'france').tech['chemical-warfare'], 1);
  assert.equal(nation(game, 'france').treasury, 75 - 10 + 75 + 5 - 10 + 75 + 5, 'two attempts, and 75 collected and 5 of US trade each turn');
});

test('GW-P02-TECH-03: an attempt succeeds on a roll of 9 or 10 on 1D10, and only then', () => {
  const techs = technologyTable().list.slice(0, 10).map((t) => t.id);
  const state = openingState();
  nation(state, 'britain').treasury = 100;
  const ctx = phaseContext([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  resolveResearch(state, new Map([['britain', research(...techs)]]), ctx);
  const results = eventsOf(ctx.events, 'research');
  assert.deepEqual(
    results.map((e) => [e['roll'], e['success'], e['newLevel']]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((roll) => [roll, roll >= 9, roll >= 9 ? 1 : 0]),
  );
  assert.deepEqual(
    techs.map((t) => nation(state, 'britain').tech[t]),
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  );
  assert.ok(eventsOf(ctx.events, 'roll').every((e) => e['sides'] === 10));

  const { game, events } = playTurn(newGame([8, 9]), { germany: { text: 'research artillery' }, russia: { text: 'research artillery' } });
  assert.equal(nation(game, 'germany').tech['improved-artillery'], 0);
  assert.equal(nation(game, 'russia').tech['improved-artillery'], 1);
  assert.deepEqual(
    eventsOf(events, 'roll').map((e) => [e['purpose'], e['value']]).slice(0, 2),
    [
      ['Germany researches Improved Artillery (advance 1)', 8],
      ['Russia researches Improved Artillery (advance 1)', 9],
    ],
  );
  assert.deepEqual(eventsOf(events, 'research')[1], { type: 'research', nation: 'russia', tech: 'improved-artillery', advance: 1, roll: 9, success: true, newLevel: 1, cost: 10 });
});

test('research resolves in seat order, whatever order the orders came in', () => {
  const { events } = playTurn(newGame([1, 2, 3]), { usa: { text: 'research tanks' }, serbia: { text: 'research gas' }, germany: { text: 'research radar' } });
  assert.deepEqual(
    eventsOf(events, 'research').map((e) => e['nation']),
    ['germany', 'serbia', 'usa'],
  );
  const direct = phaseContext([1, 2, 3]);
  const given = new Map([['usa', research('tanks')], ['serbia', research('chemical-warfare')], ['germany', research('radar')]]);
  resolveResearch(openingState(), given, direct);
  assert.deepEqual(
    eventsOf(direct.events, 'research').map((e) => [e['nation'], e['roll']]),
    [['germany', 1], ['serbia', 2], ['usa', 3]],
  );
});

test('research is paid from the treasury and can never overdraw it', () => {
  const game = newGame();
  const ctx = ordersContext(game, 'serbia');
  const text = greatWar.parseOrders('research gas\nresearch tanks\nresearch radar', ctx);
  assert.ok(!text.ok);
  assert.deepEqual(text.error.map((p) => [p.code, p.line, p.column]), [
    ['not-enough-resources', 2, 1],
    ['not-enough-resources', 3, 1],
  ]);
  assert.match(text.error[0]!.message, /2 research attempts at 10 each cost 20, and Serbia has 10/);
  const json = greatWar.checkOrders(research('chemical-warfare', 'tanks'), ctx);
  assert.ok(!json.ok);
  assert.deepEqual(json.error.map((p) => p.path), ['$.orders[1]']);
  const landKinds = ['upgrade', 'declare', 'surrender', 'accept', 'hunt', 'disengage', 'sail', 'repair', 'embark', 'cover', 'ambush', 'evade', 'move', 'land', 'fly', 'intercept', 'losses', 'retreat', 'breakthrough', 'strategic', 'exile', 'unrestricted-submarine-warfare', 'japan-war', 'limited-war', 'reclaim', 'exchange']; // orders that cost nothing (land-movement.test.ts, air-war.test.ts)
  assert.deepEqual(greatWar.legalActions(research('chemical-warfare'), ctx).filter((a) => !landKinds.includes(a.next.orders.at(-1)!.kind)), []);
  assert.ok(greatWar.checkOrders(research('chemical-warfare'), ctx).ok);

  const state = openingState();
  nation(state, 'serbia').treasury = 15;
  const direct = phaseContext([1]);
  resolveResearch(state, new Map([['serbia', research('chemical-warfare', 'tanks')]]), direct);
  assert.equal(nation(state, 'serbia').treasury, 5);
  assert.deepEqual(eventsOf(direct.events, 'research-refused').map((e) => [e['tech'], e['code']]), [['tanks', 'not-enough-resources']]);
  assert.equal(eventsOf(direct.events, 'roll').length, 1);
});

/** Germany researches one technology every turn with a roll of 10 until it has every advance. */
function researchToTheEnd(techId: string, advances: number): GwGame {
  // All 10s: every research succeeds, and the fleets of the neutrals entering the war (D-OTT-1) miss until they break off.
  let game = newGame(Array.from({ length: 1000 }, () => 10));
  const name = technologyTable().byId.get(techId)!.name;
  for (let level = 1; level <= advances; level++) {
    game = playTurn(game, { germany: { text: `research ${name}` } }).game;
    assert.equal(nation(game, 'germany').tech[techId], level);
  }
  return game;
}

function assertNoFurtherAdvance(game: GwGame, techId: string, advances: number): void {
  const name = technologyTable().byId.get(techId)!.name;
  const ctx = ordersContext(game, 'germany');
  const text = greatWar.parseOrders(`research ${name}`, ctx);
  assert.ok(!text.ok);
  assert.deepEqual(text.error.map((p) => [p.code, p.line, p.column]), [['technology-complete', 1, 10]]);
  const json = greatWar.checkOrders(research(techId), ctx);
  assert.ok(!json.ok && json.error[0]!.path === '$.orders[0].tech');
  assert.ok(!greatWar.legalActions({ orders: [] }, ctx).some((a) => a.next.orders.some((o) => o.tech === techId)));
  const state = structuredClone(game.position.state);
  const direct = phaseContext([10]);
  resolveResearch(state, new Map([['germany', research(techId)]]), direct);
  assert.equal(eventsOf(direct.events, 'roll').length, 0);
  assert.equal(nation(state, 'germany').tech[techId], advances);
}

const upTo: readonly [clause: string, tech: string, advances: number, unit: string][] = [
  ['GW-TECH-02', 'chemical-warfare', 2, 'infantry'],
  ['GW-TECH-07', 'improved-artillery', 3, 'artillery'],
  ['GW-TECH-12', 'tanks', 4, 'tank'],
  ['GW-TECH-27', 'improved-battleships', 3, 'battleship'],
  ['GW-TECH-31', 'improved-cruisers', 3, 'cruiser'],
  ['GW-TECH-35', 'improved-transports', 3, 'transport'],
  ['GW-TECH-39', 'improved-submarines', 2, 'submarine'],
  ['GW-TECH-47', 'improved-fighters', 4, 'fighter'],
];

for (const [clause, techId, advances, unit] of upTo) {
  const name = technologyTable().byId.get(techId)!.name;
  test(`${clause}: ${name} applies to ${unit} and has up to ${advances} advances`, () => {
    assert.deepEqual(technologyTable().byId.get(techId)!.appliesTo, [unit]);
    const game = researchToTheEnd(techId, advances);
    assertNoFurtherAdvance(game, techId, advances);
  });
}

test('GW-TECH-42: no nation starts with Aircraft Carriers, which has up to 3 advances', () => {
  for (const n of newGame().position.state.nations) assert.equal(n.tech['aircraft-carriers'], 0, n.id);
  assert.deepEqual(technologyTable().byId.get('aircraft-carriers')!.appliesTo, ['carrier']);
  const game = researchToTheEnd('aircraft-carriers', 3);
  assertNoFurtherAdvance(game, 'aircraft-carriers', 3);
});

test('every technology stops at its last advance', () => {
  for (const tech of technologyTable().list) {
    const state = openingState();
    nation(state, 'germany').tech[tech.id] = tech.maxAdvances - 1;
    const direct = phaseContext([10, 10]);
    resolveResearch(state, new Map([['germany', research(tech.id)]]), direct);
    assert.equal(nation(state, 'germany').tech[tech.id], tech.maxAdvances, tech.id);
    resolveResearch(state, new Map([['germany', research(tech.id)]]), direct);
    assert.equal(nation(state, 'germany').tech[tech.id], tech.maxAdvances, tech.id);
    assert.equal(direct.rollsLeft(), 1, `${tech.id}: no roll for an attempt beyond the last advance`);
  }
});

test('D-TECH-2: Italy, starting with basic bombers, completes Improved Bombers with three more advances', () => {
  let game = newGame([9, 5, 10, 5, 9, 1, 2, 3]); // each turn ends with the US Entry economic roll (D-USA-6); 1, 2, 3: the Ottoman entry's sea battle on turn 3 (D-OTT-1)
  for (let i = 0; i < 3; i++) game = playTurn(game, { italy: { text: 'research bombers' } }).game;
  assert.equal(nation(game, 'italy').tech['improved-bombers'], 4);
  assert.equal(nation(game, 'italy').treasury, 30 + 3 * (30 - 10), 'three attempts, and 30 collected each turn');
  const r = greatWar.checkOrders(research('improved-bombers'), ordersContext(game, 'italy'));
  assert.ok(!r.ok);
  assert.deepEqual(r.error.map((p) => p.code), ['technology-complete']);
});
