import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGame, openStep, replay, scriptedContext, submitOrders, type GameEvent, type Game, type PhaseContext, type Ruleset } from '@umpire/engine';
import {
  atWar,
  greatWar,
  incomeOf,
  invariants,
  nationOf,
  seatsOf,
  type GreatWarOrders,
  type GreatWarState,
} from '../src/index.js';
import { armySupplied, baseChance, beginRevolution, resolveArmySupply, resolveRevolution, revolutionChance, revolutionOnPlacement, revolutionTarget, revolutionaryGround, shareManpower } from '../src/p15-special/revolution.js';
import { civilWarWinner, endCivilWar, revolutionBeforePlacement } from '../src/p15-special/civil-war.js';
import { describeRevolutionEvent } from '../src/p15-special/revolution-report.js';
import { captureTerritory } from '../src/base/conquest.js';
import { unitStats } from '../src/base/units.js';
import { theWorld } from '../src/data/world.js';
import { playTurn, eventsOf, must, openingState, ordersFor, ownerOf, parseFor, refusalOf, runPhases, scene, unitsIn, war } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: a phase context on a chosen turn, dice by purpose for battles, and a revolution begun by hand.

type TestContext = PhaseContext & { readonly events: GameEvent[]; readonly rolls: string[]; readonly left: () => number };

/**
 * A phase context on `turn`: revolution rolls and defections come from `queue` in order; battle dice by purpose
 * (every attacker's die `attack`, every defender's `defend`).
 */
function turnContext(turn: number, queue: number[], battle: { attack: number; defend: number } = { attack: 10, defend: 10 }): TestContext {
  const base = scriptedContext([], { turn, id: `t${turn}.orders` });
  const events: GameEvent[] = [];
  const rolls: string[] = [];
  const pick = (purpose: string) => {
    const v = / attacks /.test(purpose) ? battle.attack : / defends /.test(purpose) ? battle.defend : queue.shift();
    assert.ok(v !== undefined, `no die left for '${purpose}'`);
    rolls.push(`${purpose} = ${v}`);
    return v;
  };
  return {
    step: base.step,
    turn,
    options: base.options,
    standing: (seat) => base.standing(seat),
    roll: (_sides, purpose) => pick(purpose),
    rollDice: (count, _sides, purpose) => Array.from({ length: count }, () => pick(purpose)),
    emit: (e) => events.push(e),
    decide: (r) => base.decide(r),
    events,
    rolls,
    left: () => queue.length,
  };
}

/** Russian units placed this turn, as phase 13 leaves them (ids 'russia-nN'). */
function built(state: GreatWarState, at: string, count: number, type = 'infantry'): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `russia-n${state.board.units.length + i}`;
    state.board.units.push({ id, nation: 'russia', type, at, damage: 0 });
    ids.push(id);
  }
  revolutionOnPlacement(state, turnContext(7, []), new Set(ids));
  return ids;
}

/** The revolution begun on turn 7 by one Russian infantry built in Moscow that defected (it stands in Arkhangelsk). */
function civilWarState(state: GreatWarState = openingState()): GreatWarState {
  built(state, 'moscow', 1);
  const ctx = turnContext(7, [1]);
  beginRevolution(state, ctx);
  assert.equal(ctx.left(), 0);
  return state;
}

const bolsheviksIn = (state: GreatWarState, at: string) => state.board.units.filter((u) => u.nation === 'bolsheviks' && u.at === at).length;
const types = (events: readonly GameEvent[]) => events.map((e) => e.type).filter((t) => /revolution|defect|civil|russia-reunited|army-supplied|war-declared|peace/.test(t));

// ---------------------------------------------------------------------------------------------------------------
// The odds

test('GW-P15-REV-01, GW-P15-REV-02, GW-P15-REV-03, GW-P15-REV-04, GW-P15-REV-05: the chance by turn: none before turn 7, then 1, 2, 3 and 4 in 10 by year', () => {
  assert.deepEqual(
    [1, 6, 7, 9, 10, 15, 16, 21, 22, 26, 27].map(baseChance),
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4],
  );
  const state = openingState();
  const early = turnContext(6, []);
  resolveRevolution(state, new Map(), early);
  assert.deepEqual(early.rolls, [], 'no roll before turn 7');
  const seventh = turnContext(7, [2]);
  resolveRevolution(state, new Map(), seventh);
  assert.deepEqual(seventh.rolls, ['Does the Russian Revolution begin? (on 1-1) = 2']);
  assert.deepEqual(eventsOf(seventh.events, 'revolution-roll').map((e) => [e['chance'], e['begins']]), [[1, false]]);
  const sixteenth = turnContext(16, [3]);
  resolveRevolution(state, new Map(), sixteenth);
  assert.deepEqual(eventsOf(sixteenth.events, 'revolution-roll').map((e) => [e['chance'], e['begins']]), [[3, true]], 'a 3 succeeds at 3 in 10 in 1917');
  assert.deepEqual(types(sixteenth.events), ['revolution-roll', 'revolution-fizzles'], 'no unit was built that turn: nothing comes of it (D-REV-1)');
  assert.equal(state.politics.revolution.began, null);
});

test('GW-P15-REV-06, GW-OPT-RUS-04, GW-OPT-GER-28 (D-REV-2, A60): the options shift each roll by 1 in 10, German support counts once a turn, and the chance stays between 0 and 10', () => {
  const state = openingState();
  assert.deepEqual(revolutionChance(state, 10, 1), { base: 2, shifts: 1, chance: 3 });
  assert.deepEqual(revolutionChance(state, 10, 2), { base: 2, shifts: 1, chance: 3 }, 'a second payment adds nothing');
  nationOf(state, 'russia')!.unitVariants.push('properly-supplied-army');
  assert.deepEqual(revolutionChance(state, 10, 0), { base: 2, shifts: -1, chance: 1 });
  assert.deepEqual(revolutionChance(state, 7, 0), { base: 1, shifts: -1, chance: 0 }, 'the floor: no chance at all');
  assert.deepEqual(revolutionChance(state, 7, 1), { base: 1, shifts: 0, chance: 1 }, 'both options cancel out');
  const ctx = turnContext(8, [1]);
  resolveRevolution(state, new Map(), ctx);
  assert.deepEqual(eventsOf(ctx.events, 'revolution-roll').map((e) => [e['roll'], e['chance'], e['begins']]), [[1, 0, false]], 'at 0 in 10 even a 1 fails');
});

test('GW-OPT-GER-28 (D-REV-2): Germany pays 12 for +1 in 10 on the roll of a turn; refused before turn 7, twice a turn, for another nation, or after the revolution began', () => {
  const state = openingState();
  const at = (turn: number, seat: string, text: string) => greatWar.parseOrders(text, { state, seat, step: { id: `t${turn}.orders`, turn, segment: 'orders', seats: [], phases: [] } });
  const early = at(6, 'germany', 'support revolutionaries');
  assert.ok(!early.ok && early.error[0]!.code === 'too-early');
  const twice = at(7, 'germany', 'support revolutionaries\nsupport revolutionaries');
  assert.ok(!twice.ok && twice.error[0]!.code === 'once-a-turn' && twice.error[0]!.line === 2);
  const france = at(7, 'france', 'support revolutionaries');
  assert.ok(!france.ok && france.error[0]!.code === 'not-germany');
  const json = greatWar.checkOrders({ orders: [{ kind: 'support-revolution', amount: 12 }] }, { state, seat: 'germany', step: { id: 't7.orders', turn: 7, segment: 'orders', seats: [], phases: [] } });
  assert.ok(!json.ok && json.error[0]!.path === '$.orders[0].amount');
  const orders = at(7, 'germany', 'support revolutionaries');
  assert.ok(orders.ok);
  assert.equal(greatWar.formatOrders(orders.value, { state, seat: 'germany', step: { id: 't7.orders', turn: 7, segment: 'orders', seats: [], phases: [] } }), 'support revolutionaries\n');
  const before = nationOf(state, 'germany')!.treasury;
  const ctx = turnContext(7, [2]);
  resolveRevolution(state, new Map([['germany', orders.value]]), ctx);
  assert.equal(nationOf(state, 'germany')!.treasury, before - 12);
  assert.deepEqual(eventsOf(ctx.events, 'revolution-roll').map((e) => [e['roll'], e['chance'], e['begins']]), [[2, 2, true]], 'a 2 succeeds with German support');
  civilWarState(state);
  const late = at(8, 'germany', 'support revolutionaries');
  assert.ok(!late.ok && late.error[0]!.code === 'revolution-begun');
});

test('GW-OPT-RUS-03, GW-OPT-RUS-04 (D-REV-9): Russian option 2 in phase 1 makes Russian infantry cost 6 for the rest of the war; once only, Russia only', () => {
  const state = openingState();
  assert.equal(unitStats(state, 'russia', 'infantry').cost, 5);
  assert.equal(refusalOf(state, 'germany', 'supply army').code, 'not-russia');
  assert.equal(parseFor(state, 'russia', 'supply the generals').ok, false);
  const ctx = turnContext(1, []);
  resolveArmySupply(state, new Map([['russia', ordersFor(state, 'russia', 'supply army')]]), ctx);
  assert.ok(armySupplied(state));
  assert.equal(unitStats(state, 'russia', 'infantry').cost, 6);
  assert.equal(unitStats(state, 'russia', 'artillery').cost, unitStats(state, 'germany', 'artillery').cost, 'only infantry cost more');
  assert.equal(refusalOf(state, 'russia', 'supply army').code, 'already-supplied');
  assert.match(describeRevolutionEvent(eventsOf(ctx.events, 'army-supplied')[0]!)!, /1 in 10 less likely/);
});

// ---------------------------------------------------------------------------------------------------------------
// The start

test('GW-P15-REV-07, GW-P15-REV-08, GW-P15-REV-12, GW-ALLY-09 (D-REV-1, D-REV-3, D-REV-4): the units Russia built that turn defect on 1-7 and take the nearest Russian territory without Russian troops; the Bolsheviks become a seat at war with Russia alone', () => {
  const state = openingState();
  const ids = built(state, 'moscow', 3);
  assert.deepEqual(state.politics.revolution.builtThisTurn, ids);
  const ctx = turnContext(7, [1, 7, 8, 3]);
  resolveRevolution(state, new Map(), ctx);
  assert.equal(ctx.left(), 0);
  assert.deepEqual(eventsOf(ctx.events, 'revolution-defection').map((e) => [e['roll'], e['defects']]), [[7, true], [8, false], [3, true]]);
  assert.equal(state.politics.revolution.began, 7);
  const bol = nationOf(state, 'bolsheviks')!;
  assert.equal(bol.seat, true);
  assert.equal(bol.side, 'neutral', 'bound by no alliance (GW-ALLY-09)');
  assert.deepEqual(bol.unitVariants, ['bolshevik-infantry']);
  assert.deepEqual(seatsOf(state).slice(-1), ['bolsheviks']);
  assert.deepEqual(bol.atWarWith, ['russia']);
  assert.ok(atWar(state, 'russia', 'bolsheviks'));
  assert.deepEqual(state.politics.revolution.warsAtStart, ['austria-hungary', 'germany']);
  assert.equal(bolsheviksIn(state, 'arkhangelsk'), 2, 'Arkhangelsk: next to Moscow, no Russian troops, first in map order');
  assert.equal(ownerOf(state, 'arkhangelsk'), 'bolsheviks');
  assert.equal(state.board.territories['arkhangelsk']!.incorporated, true, 'no incorporation needed (GW-P15-REV-15)');
  assert.equal(unitsIn(state, 'moscow')['russia infantry'], 3, 'the loyal one stays with the two of 1914');
  assert.deepEqual(invariants(state), []);
  assert.deepEqual(state.politics.revolution.builtThisTurn, []);
  const lines = ctx.events.map((e) => greatWar.describeEvent!(e)).filter((l) => l !== undefined);
  assert.deepEqual(lines.slice(0, 3), [
    'Revolution breaks out in Russia (rolled 1, needing 1-1).',
    "Russia's new infantry in Moscow goes over to the revolution (rolled 7).",
    "Russia's new infantry in Moscow stays loyal (rolled 8).",
  ]);
  assert.ok(lines.includes('The Bolsheviks rise with 2 unit(s) and go to war with Russia.'), lines.join('\n'));
  assert.ok(lines.some((l) => /^Revolutionaries take their stand in Ar/.test(l)), lines.join('\n'));
});

test('GW-P15-REV-09, GW-P15-REV-10 (D-REV-3): with every Russian territory held by Russian troops, the revolutionaries attack the weakest one, and take it when they win', () => {
  const state = openingState();
  const world = revolutionaryGround(state);
  const spec: Record<string, Record<string, Record<string, number>>> = {};
  for (const t of world) spec[t] = { russia: { infantry: 1 } };
  scene(spec, state);
  assert.deepEqual(revolutionaryGround(state), []);
  assert.equal(revolutionTarget(state), 'yekaterinoslav', 'one Russian infantry, the highest value among them (4)');
  built(state, 'moscow', 2);
  const ctx = turnContext(7, [1, 1, 1], { attack: 1, defend: 10 });
  resolveRevolution(state, new Map(), ctx);
  assert.deepEqual(types(ctx.events).filter((t) => t !== 'revolution-defection'), ['revolution-roll', 'revolution-begins', 'war-declared', 'revolutionaries-attack']);
  assert.equal(eventsOf(ctx.events, 'revolutionaries-attack')[0]!['at'], 'yekaterinoslav');
  assert.equal(ownerOf(state, 'yekaterinoslav'), 'bolsheviks');
  assert.equal(bolsheviksIn(state, 'yekaterinoslav'), 2);
  assert.equal(state.politics.revolution.ended, null);
});

test('GW-P15-REV-11 (D-REV-3, D-REV-6): if that first attack fails, the revolution is crushed there and then: Russia keeps all, the Bolsheviks lose their seat', () => {
  const state = openingState();
  const spec: Record<string, Record<string, Record<string, number>>> = {};
  for (const t of revolutionaryGround(state)) spec[t] = { russia: { infantry: 1 } };
  scene(spec, state);
  built(state, 'moscow', 1);
  const ctx = turnContext(7, [1, 1], { attack: 10, defend: 1 });
  resolveRevolution(state, new Map(), ctx);
  assert.deepEqual(state.politics.revolution.ended, { turn: 7, winner: 'russia' });
  assert.equal(nationOf(state, 'bolsheviks')!.seat, false);
  assert.ok(!seatsOf(state).includes('bolsheviks'));
  assert.ok(!atWar(state, 'russia', 'bolsheviks'));
  assert.equal(ownerOf(state, 'yekaterinoslav'), 'russia');
  assert.equal(state.board.units.filter((u) => u.nation === 'bolsheviks').length, 0);
  assert.deepEqual(invariants(state), []);
  const later = turnContext(8, []);
  resolveRevolution(state, new Map(), later);
  assert.deepEqual(later.rolls, [], 'one revolution a game: no more rolls');
});

// ---------------------------------------------------------------------------------------------------------------
// The civil war

test('GW-P15-REV-20, GW-P15-REV-21 (D-REV-5): during the civil war each unit Russia builds defects on 8-10 and goes to the nearest revolutionary ground', () => {
  const state = civilWarState();
  const ids = ['russia-m1', 'russia-m2'];
  for (const id of ids) state.board.units.push({ id, nation: 'russia', type: 'infantry', at: 'kiev', damage: 0 });
  const ctx = turnContext(9, [8, 7]);
  revolutionOnPlacement(state, ctx, new Set(ids));
  assert.deepEqual(eventsOf(ctx.events, 'revolution-defection').map((e) => [e['unit'], e['roll'], e['defects']]), [['russia-m1', 8, true], ['russia-m2', 7, false]]);
  const defector = state.board.units.find((u) => u.id === 'russia-m1')!;
  assert.equal(defector.nation, 'bolsheviks');
  assert.equal(defector.at, 'kharkov', 'next to Kiev, no Russian troops');
  assert.equal(ownerOf(state, 'kharkov'), 'bolsheviks');
  assert.equal(state.board.units.find((u) => u.id === 'russia-m2')!.nation, 'russia');
});

test('GW-P15-REV-21 (D-REV-5): the Bolsheviks’ defectors order says where the turn’s defectors go; refused outside Russia, for others, twice', () => {
  const state = civilWarState();
  assert.equal(refusalOf(state, 'bolsheviks', 'defectors to Berlin').code, 'not-russian');
  assert.equal(refusalOf(state, 'france', 'defectors to Perm').code, 'not-bolsheviks');
  assert.equal(refusalOf(state, 'bolsheviks', 'defectors to Perm\ndefectors to Kazan').code, 'one-defectors-order');
  const typo = refusalOf(state, 'bolsheviks', 'defectors to Arkhangelks');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['unknown-area', 1, 14, 'Archangel']);
  const json = greatWar.checkOrders({ orders: [{ kind: 'defectors', to: 'arkhangelks' }] }, { state, seat: 'bolsheviks', step: { id: 't9.orders', turn: 9, segment: 'orders', seats: [], phases: [] } });
  assert.ok(!json.ok && json.error[0]!.path === '$.orders[0].to' && json.error[0]!.suggestion === 'arkhangelsk', JSON.stringify(json));
  const orders = ordersFor(state, 'bolsheviks', 'defectors to Perm');
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'bolsheviks', step: { id: 't9.orders', turn: 9, segment: 'orders', seats: [], phases: [] } }), 'defectors to Perm\n');
  for (const id of ['russia-m1', 'russia-m2']) state.board.units.push({ id, nation: 'russia', type: 'infantry', at: 'moscow', damage: 0 });
  revolutionOnPlacement(state, turnContext(9, [9]), new Set(['russia-m1']), new Map([['bolsheviks', orders]]));
  assert.equal(state.board.units.find((u) => u.id === 'russia-m1')!.at, 'perm', 'Perm is free of Russian troops');
  assert.equal(ownerOf(state, 'perm'), 'bolsheviks');
  const kiev = ordersFor(state, 'bolsheviks', 'defectors to Kiev');
  revolutionOnPlacement(state, turnContext(9, [10]), new Set(['russia-m2']), new Map([['bolsheviks', kiev]]));
  assert.equal(state.board.units.find((u) => u.id === 'russia-m2')!.at, 'kharkov', 'Kiev holds Russian troops: the free ground nearest to Kiev, not to Moscow');
});

test('GW-P15-REV-20 (D-REV-5): a defector with no revolutionary ground anywhere deserts', () => {
  const state = civilWarState();
  const spec: Record<string, Record<string, Record<string, number>>> = {};
  for (const t of revolutionaryGround(state)) spec[t] = { russia: { infantry: 1 } };
  scene(spec, state);
  for (const t of Object.keys(spec)) state.board.territories[t] = { owner: 'russia', incorporated: true };
  assert.deepEqual(revolutionaryGround(state), []);
  state.board.units.push({ id: 'russia-m9', nation: 'russia', type: 'infantry', at: 'moscow', damage: 0 });
  const ctx = turnContext(9, [10]);
  revolutionOnPlacement(state, ctx, new Set(['russia-m9']));
  assert.equal(state.board.units.find((u) => u.id === 'russia-m9'), undefined);
  assert.deepEqual(types(ctx.events), ['revolution-defection', 'defector-deserts']);
});

test('GW-P15-REV-15, GW-P15-REV-18, GW-P15-REV-14: captures between the factions need no incorporation; the Bolsheviks draw double from Russian lands, Russia single', () => {
  const state = civilWarState();
  const ctx = turnContext(8, []);
  captureTerritory(state, 'perm', [{ nation: 'bolsheviks' }], 'unopposed', ctx);
  assert.deepEqual(state.board.territories['perm'], { owner: 'bolsheviks', incorporated: true });
  captureTerritory(state, 'perm', [{ nation: 'russia' }], 'unopposed', ctx);
  assert.deepEqual(state.board.territories['perm'], { owner: 'russia', incorporated: true });
  war(state, 'germany', 'bolsheviks');
  captureTerritory(state, 'perm', [{ nation: 'germany' }], 'unopposed', ctx);
  assert.deepEqual(state.board.territories['perm'], { owner: 'germany', incorporated: false }, 'any other conqueror incorporates as usual');
  // Arkhangelsk (1) and Kharkov (3) to the Bolsheviks: 2 × 4.
  state.board.territories['kharkov'] = { owner: 'bolsheviks', incorporated: true };
  assert.equal(incomeOf(state, 'bolsheviks').land, 8);
  const russiaBefore = incomeOf(openingState(), 'russia').land;
  assert.equal(incomeOf(state, 'russia').land, russiaBefore - 1 - 3 - 1, 'Russia loses Arkhangelsk, Kharkov and Perm at their single value');
});

test('GW-P15-REV-16, GW-P15-REV-17, GW-P15-REV-13 (D-REV-7): the Bolsheviks attack Russian forces only inside Russia’s 1914 lands; Russian-held Lemberg is out of bounds', () => {
  const state = civilWarState();
  scene({ rovno: { bolsheviks: { infantry: 2 } }, lemberg: { russia: { infantry: 1 } }, kiev: { russia: { infantry: 1 } } }, state);
  state.board.territories['rovno'] = { owner: 'bolsheviks', incorporated: true };
  state.board.territories['lemberg'] = { owner: 'russia', incorporated: true };
  const p = refusalOf(state, 'bolsheviks', 'move 1 infantry from Rovno to Lemberg');
  assert.equal(p.code, 'bolshevik-outside-russia');
  assert.equal(p.line, 1);
  assert.match(p.message, /GW-P15-REV-17/);
  assert.ok(parseFor(state, 'bolsheviks', 'move 1 infantry from Rovno to Kiev').ok, 'Kiev is Russian soil');
  assert.ok(parseFor(state, 'bolsheviks', 'move 1 infantry from Rovno to Lublin').ok, 'so is Lublin, with its Russian army');
  assert.ok(parseFor(state, 'russia', 'move 1 infantry from Lemberg to Rovno').ok, 'Russia is not bound by it');
});

test('GW-P15-REV-19, GW-P15-REV-22, GW-P15-REV-24, GW-P15-REV-29 (D-REV-8): the Bolsheviks buy with saved resources, infantry at 4, in the Russian cities they hold, and up to its 1914 value without a city, at no surcharge', () => {
  const state = civilWarState();
  const bol = nationOf(state, 'bolsheviks')!;
  bol.treasury = 20;
  state.board.territories['kharkov'] = { owner: 'bolsheviks', incorporated: true };
  assert.deepEqual(
    [unitStats(state, bol, 'infantry').cost, unitStats(state, bol, 'infantry').attack, unitStats(state, bol, 'infantry').defense],
    [4, 3, 6],
  );
  const orders = ordersFor(state, 'bolsheviks', 'build 3 infantry in Kharkov\nbuild 1 infantry in Arkhangelsk');
  assert.equal(orders.orders.length, 2);
  assert.equal(refusalOf(state, 'bolsheviks', 'build 2 infantry in Arkhangelsk').code, 'non-city-limit');
  assert.equal(refusalOf(state, 'bolsheviks', 'build 1 infantry in Moscow').code, 'not-held');
  assert.match(refusalOf(state, 'bolsheviks', 'build 6 infantry in Kharkov').message, /cost 24, and Bolsheviks has 20/, 'saved resources only');
  assert.equal(refusalOf(state, 'bolsheviks', 'build 1 infantry in Berlin').code, 'not-original');
});

test('GW-P15-REV-23 (D-REV-8): the Bolsheviks also place new infantry in Russian-held territories without Russian troops, and so take them', () => {
  const state = civilWarState();
  nationOf(state, 'bolsheviks')!.treasury = 12;
  assert.equal(refusalOf(state, 'bolsheviks', 'build 1 infantry in Moscow').code, 'not-held', 'Moscow has Russian troops');
  const events = runPhases(state, { bolsheviks: 'build 2 infantry in Kazan\nbuild 1 infantry in Arkhangelsk' }, [], 'build', 'placement');
  assert.deepEqual(eventsOf(events, 'placed').map((e) => [e['at'], e['count']]), [['kazan', 2], ['arkhangelsk', 1]]);
  assert.deepEqual(state.board.territories['kazan'], { owner: 'bolsheviks', incorporated: true });
  assert.equal(bolsheviksIn(state, 'kazan'), 2);
  assert.equal(nationOf(state, 'bolsheviks')!.treasury, 0, '3 × 4');
  assert.deepEqual(invariants(state), []);
});

test('GW-P15-REV-28 (D-REV-8): the infantry both factions build count against one manpower limit', () => {
  const state = civilWarState();
  const russia = nationOf(state, 'russia')!.manpower[0]!;
  const bol = nationOf(state, 'bolsheviks')!.manpower[0]!;
  assert.equal(bol.limit, russia.limit);
  russia.built += 3;
  bol.built += 2;
  shareManpower(state);
  assert.equal(russia.built, 5);
  assert.equal(bol.built, 5);
  shareManpower(state);
  assert.equal(russia.built, 5, 'nothing counted twice');
});

test('GW-P15-REV-25 (D-REV-6): the civil war ends when the Bolsheviks have no units left, checked before new units are placed', () => {
  const state = civilWarState();
  nationOf(state, 'bolsheviks')!.treasury = 8;
  state.board.units = state.board.units.filter((u) => u.nation !== 'bolsheviks');
  const ctx = turnContext(9, []);
  revolutionBeforePlacement(state, ctx);
  assert.deepEqual(state.politics.revolution.ended, { turn: 9, winner: 'russia' });
  assert.equal(ownerOf(state, 'arkhangelsk'), 'russia');
  assert.equal(state.board.territories['arkhangelsk']!.incorporated, true);
  assert.equal(nationOf(state, 'russia')!.treasury, openingState().nations.find((n) => n.id === 'russia')!.treasury + 8, 'the winner takes the treasury');
  assert.equal(nationOf(state, 'bolsheviks')!.seat, false);
  assert.deepEqual(types(ctx.events), ['civil-war-ends', 'peace']);
  assert.deepEqual(invariants(state), []);
});

/** Every Russian city to the Bolsheviks, one Bolshevik infantry in each; no Russian soldier left anywhere. */
function bolshevikRussia(state: GreatWarState): GreatWarState {
  const world = theWorld(state.scenario);
  state.board.units = state.board.units.filter((u) => !(u.nation === 'russia' && ['infantry', 'artillery', 'tank', 'aa-gun'].includes(u.type)));
  for (const t of world.territories) {
    if (t.owner !== 'russia' || !t.city) continue;
    state.board.territories[t.id] = { owner: 'bolsheviks', incorporated: true };
    state.board.units.push({ id: `bolsheviks-c-${t.id}`, nation: 'bolsheviks', type: 'infantry', at: t.id, damage: 0 });
  }
  return state;
}

test('GW-P15-REV-26, GW-P15-REV-27, GW-P15-REV-30 (D-REV-6, D-REV-7): holding every Russian city with no Russian soldier left, the Bolsheviks win: all of Russia is theirs, and they go to war with whoever holds Russian land', () => {
  const state = bolshevikRussia(civilWarState());
  state.board.territories['warsaw'] = { owner: 'germany', incorporated: true };
  state.board.units = state.board.units.filter((u) => u.at !== 'warsaw');
  state.board.units.push({ id: 'germany-w1', nation: 'germany', type: 'infantry', at: 'warsaw', damage: 0 });
  assert.equal(civilWarWinner(state), undefined, 'Warsaw is not the Bolsheviks’');
  state.board.territories['warsaw'] = { owner: 'bolsheviks', incorporated: true };
  state.board.units = state.board.units.filter((u) => u.at !== 'warsaw');
  state.board.units.push({ id: 'bolsheviks-w', nation: 'bolsheviks', type: 'infantry', at: 'warsaw', damage: 0 });
  state.board.territories['kars'] = { owner: 'ottoman-empire', incorporated: true };
  const fleet = state.board.units.find((u) => u.nation === 'russia' && u.type === 'battleship')!;
  assert.equal(civilWarWinner(state), 'bolsheviks');
  const ctx = turnContext(12, []);
  resolveRevolution(state, new Map(), ctx);
  assert.deepEqual(state.politics.revolution.ended, { turn: 12, winner: 'bolsheviks' });
  assert.equal(ownerOf(state, 'kamchatka'), 'bolsheviks', 'Russia’s lands without a city too');
  assert.equal(state.board.units.find((u) => u.id === fleet.id)!.nation, 'bolsheviks', 'and its ships');
  assert.ok(atWar(state, 'bolsheviks', 'ottoman-empire'), 'the Ottomans hold Kars');
  assert.ok(!atWar(state, 'bolsheviks', 'germany'), 'no other war until Russia is whole (GW-P15-REV-31)');
  assert.equal(state.politics.revolution.reunited, false);
  assert.deepEqual(invariants(state), []);
});

test('GW-P15-REV-31 (D-REV-7): once all of Russia is theirs, the Bolsheviks take up the wars Russia fought when the revolution began', () => {
  const state = civilWarState();
  endCivilWar(state, turnContext(12, []), 'bolsheviks', 'test');
  assert.equal(state.politics.revolution.reunited, true, 'nobody else held Russian land');
  assert.ok(atWar(state, 'bolsheviks', 'germany'));
  assert.ok(atWar(state, 'bolsheviks', 'austria-hungary'));
  assert.ok(!atWar(state, 'bolsheviks', 'russia'));
  assert.equal(nationOf(state, 'bolsheviks')!.side, 'neutral');
  const next = turnContext(13, []);
  resolveRevolution(state, new Map(), next);
  assert.deepEqual(next.rolls, [], 'no revolution roll once it has happened');
});

// ---------------------------------------------------------------------------------------------------------------
// A whole game: the seat that appears in play

test('GW-P15-REV-12, GW-P15-REV-19, GW-P15-REV-20 (D-REV-4, gap G19): through played turns the Bolsheviks appear as a seat, send orders, collect double and build; the record replays', () => {
  const phases = ['build', 'land-movement', 'air-combat', 'land-combat', 'strategic-movement', 'incorporation', 'placement', 'resources', 'revolution'];
  const ruleset: Ruleset<GreatWarState, GreatWarOrders> = {
    ...greatWar,
    turnPlan: (state) => [{ kind: 'orders', id: 'orders', seats: seatsOf(state), phases }],
  };
  const turn = (game: Game<GreatWarState>, orders: Record<string, string>) => playTurn(game, Object.fromEntries(Object.entries(orders).map(([seat, text]) => [seat, { text }])), ruleset).game;
  let game = must(createGame<GreatWarState>(ruleset, { gameId: 'revolution', dice: { mode: 'scripted', script: [1, 1, 9, 8] } }));
  assert.ok(!game.record.header.seats.some((s) => s.id === 'bolsheviks'));
  for (let i = 1; i <= 6; i++) game = turn(game, {});
  const early = submitOrders(ruleset, must(openStep(ruleset, game)), 'bolsheviks', { text: '' });
  assert.ok(!early.ok && early.error[0]!.code === 'unknown-seat', 'no Bolshevik seat before the revolution');
  game = turn(game, { russia: 'build 2 infantry in Moscow' });
  assert.equal(game.position.state.politics.revolution.began, 7);
  assert.ok(seatsOf(game.position.state).includes('bolsheviks'));
  game = turn(game, { bolsheviks: 'move 1 infantry from Arkhangelsk to Perm' });
  assert.equal(ownerOf(game.position.state, 'perm'), 'bolsheviks');
  assert.equal(nationOf(game.position.state, 'bolsheviks')!.treasury, 4, 'Arkhangelsk 1 and Perm 1, doubled');
  game = turn(game, { bolsheviks: 'build 1 infantry in Perm', russia: 'build 1 infantry in Moscow' });
  const state = game.position.state;
  assert.equal(bolsheviksIn(state, 'perm'), 2, 'the one that marched in and the new one');
  assert.equal(bolsheviksIn(state, 'arkhangelsk'), 1, 'the Russian infantry of turn 9 defected on an 8');
  assert.equal(game.record.steps.at(-1)!.submissions.find((s) => s.seat === 'bolsheviks')!.source, 'player');
  const checked = replay(ruleset, game.record);
  assert.ok(checked.ok, JSON.stringify(checked.mismatch));
  assert.equal(checked.stepsChecked, 9);
});
