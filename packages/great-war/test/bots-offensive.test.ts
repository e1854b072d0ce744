import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attackOdds, botsData, generalOrders, greatWar, situationOf, theWorld } from '../src/index.js';
import type { GreatWarOrders, GreatWarState } from '../src/index.js';
import { garrisonOf } from '../src/bots/land-war.js';
import { ruleGarrison, ruleGarrisonShortfall } from '../src/bots/offensive.js';
import { manpowerLimit } from '../src/base/nations.js';
import { openingState, scene, step, war } from './helpers.js';

/**
 * The general's offensives and the garrisons the rules ask for (src/bots/offensive.ts), each from a scripted position:
 * it accepts worse odds against an objective than elsewhere, declares a war only when an attack can follow, keeps the
 * Spanish border, stays within its manpower, and flies its fighters with its attacks.
 */

const base = botsData().versions['general']!;
// No plans and no garrisons against the enemy next door, unless a test says otherwise: every unit is free to attack.
const params = { ...base, plans: {}, garrisonPerEnemy: 0, capitalGarrison: 0, peaceCapitalGarrison: 0 };
const ctxOf = (state: GreatWarState, seat: string) => ({ state, seat, step });
const kinds = (o: GreatWarOrders, kind: string) => o.orders.filter((x) => x.kind === kind) as Record<string, unknown>[];
const unitsOf = (m: Record<string, unknown>) => Object.values(m['units'] as Record<string, number>).reduce((a, b) => a + b, 0);

function assertLegal(state: GreatWarState, seat: string, orders: GreatWarOrders): void {
  const checked = greatWar.checkOrders(orders, ctxOf(state, seat));
  assert.ok(checked.ok, checked.ok ? '' : JSON.stringify(checked.error));
}

/** The fewest German infantry from `from` whose exact odds against `defenders` French infantry in `to` fall in [low, high). */
function countBetween(from: string, to: string, defenders: number, low: number, high: number): number {
  for (let n = 1; n <= 40; n++) {
    const state = scene({ [from]: { germany: { infantry: n } }, [to]: { france: { infantry: defenders } } });
    const odds = attackOdds(state, 'germany', [{ from, type: 'infantry', count: n }], to).attacker;
    if (odds >= low && odds < high) return n;
  }
  assert.fail(`no count of infantry from ${from} gives odds in [${low}, ${high}) against ${defenders} in ${to}`);
}

test('the general attacks an objective (Paris, a war aim) at odds it refuses elsewhere (GW-P10-LAND-01, GW-NEUT-ITA-03)', () => {
  assert.ok(params.objectiveOdds < params.attackOdds);
  // Paris from Amiens (held by Germany): Paris is one of the Central Powers' war aims.
  const n = countBetween('amiens', 'paris', 4, params.objectiveOdds, params.attackOdds);
  const paris = scene({ amiens: { germany: { infantry: n } }, paris: { france: { infantry: 4 } } });
  paris.board.territories['amiens'] = { owner: 'germany', incorporated: false };
  const s = situationOf(paris, 'germany', 'germany', params.worth, params.warAims)!;
  assert.ok(s.objective('paris') && !s.objective('nancy'));
  const orders = generalOrders(ctxOf(paris, 'germany'), params);
  assertLegal(paris, 'germany', orders);
  const into = kinds(orders, 'move').filter((m) => m['to'] === 'paris');
  assert.ok(into.length > 0, `${n} infantry attack Paris at odds under ${params.attackOdds}`);
  // Nancy from Metz at odds in the same band: Nancy is no objective, nor next to one, and is left alone.
  const m = countBetween('metz', 'nancy', 4, params.objectiveOdds, params.attackOdds);
  const around = { luxembourg: {}, reims: {}, verdun: {}, strasbourg: {}, belfort: {} };
  const nancy = scene({ ...around, metz: { germany: { infantry: m } }, nancy: { france: { infantry: 4 } } });
  assert.equal(situationOf(nancy, 'germany', 'germany', params.worth, params.warAims)!.toObjective.get('nancy'), 2);
  assert.equal(kinds(generalOrders(ctxOf(nancy, 'germany'), params), 'move').filter((x) => x['to'] === 'nancy').length, 0);
});

test('the Allies\' objectives are what their victory still needs (GW-VICTORY-03, GW-VICTORY-04, GW-VICTORY-05)', () => {
  // The supply centers of Austria-Hungary and the Ottoman Empire, and homeland Germany.
  const state = openingState();
  const s = situationOf(state, 'russia', 'russia', params.worth, params.warAims)!;
  const wanted = ['vienna', 'budapest', 'prague', 'trieste', 'constantinople', 'baghdad', 'breslau', 'konigsberg'];
  for (const t of wanted) assert.ok(s.objective(t), t);
  assert.ok(!s.objective('munich') || s.objective('breslau'), 'homeland Germany whole, while none of it is held');
  assert.ok(!s.objective('paris') && !s.objective('lemberg'));
  // Once the Allies hold and have incorporated a territory of homeland Germany, Germany's condition is met: its
  // homeland is no longer an objective, while Austria-Hungary's supply centers still are.
  state.board.territories['konigsberg'] = { owner: 'russia', incorporated: true };
  const after = situationOf(state, 'russia', 'russia', params.worth, params.warAims)!;
  assert.ok(!after.objective('breslau') && after.objective('vienna'));
});

test('the general declares war on a neutral only when an attack can follow the same turn (GW-P01-DIP-02, GW-P01-DIP-05)', () => {
  const plan = [
    { order: 'declare war on Luxembourg', floor: 0 },
    { order: 'declare war on Belgium', floor: 0 },
  ];
  const withPlans = { ...params, plans: { germany: plan } };
  const state = openingState();
  const orders = generalOrders(ctxOf(state, 'germany'), withPlans);
  assertLegal(state, 'germany', orders);
  assert.deepEqual(kinds(orders, 'declare').map((d) => d['on']).sort(), ['belgium', 'luxembourg']);
  // Each war sees military action at once: empty Luxembourg is walked into, Brussels attacked from Cologne.
  for (const to of ['luxembourg', 'brussels']) assert.ok(kinds(orders, 'move').some((m) => m['to'] === to), to);
  const brussels = kinds(orders, 'move').filter((m) => m['to'] === 'brussels');
  const parts = brussels.map((m) => ({ from: String(m['from']), type: Object.keys(m['units'] as object)[0]!, count: unitsOf(m) }));
  assert.ok(attackOdds(state, 'germany', parts, 'brussels').attacker >= params.objectiveOdds);
  // With no German stack next to a Belgian territory (Cologne's army gone, and the colonies next to the Congo emptied),
  // no attack could follow: no declaration.
  const world = theWorld();
  const belgian = world.territories.filter((t) => t.owner === 'belgium');
  const nextToBelgium = belgian.flatMap((t) => world.graph.neighbours(t.id).map((n) => n.id));
  const german = nextToBelgium.filter((id) => state.board.territories[id]?.owner === 'germany');
  const empty = scene(Object.fromEntries(german.map((id) => [id, {}])));
  const none = generalOrders(ctxOf(empty, 'germany'), withPlans);
  assert.deepEqual(kinds(none, 'declare').map((d) => d['on']), ['luxembourg']);
});

test('the general keeps the Spanish border: 2 infantry in Toulouse and Bordeaux, built if short (GW-P15-SPAIN-02, GW-P15-SPAIN-04)', () => {
  const state = scene({ toulouse: { france: { infantry: 3 } }, bordeaux: {} });
  const s = situationOf(state, 'france')!;
  assert.equal(garrisonOf(s, base, 'toulouse'), 2);
  const orders = generalOrders(ctxOf(state, 'france'), base);
  assertLegal(state, 'france', orders);
  const built = kinds(orders, 'build').filter((b) => b['unit'] === 'infantry' && b['at'] === 'bordeaux');
  assert.equal(built.reduce((n, b) => n + Number(b['count']), 0), 2, 'two infantry bought in Bordeaux');
  const away = [...kinds(orders, 'move'), ...kinds(orders, 'strategic')].filter((m) => m['from'] === 'toulouse');
  const leaving = away.reduce((n, m) => n + unitsOf(m), 0);
  assert.ok(leaving <= 1, `${leaving} of Toulouse's 3 infantry leave`);
  // A general that ignores the rule keeps nothing there by it.
  assert.equal(garrisonOf(s, { ...base, ruleGarrisons: false }, 'toulouse'), 0);
});

test('the Spanish border is no longer kept once relations with Spain are normalised, or Spain is at war (GW-OPT-FRA-03)', () => {
  const state = scene({ toulouse: {}, bordeaux: {} });
  assert.deepEqual(ruleGarrisonShortfall(situationOf(state, 'france')!, base), [
    { at: 'toulouse', missing: 2 },
    { at: 'bordeaux', missing: 2 },
  ]);
  state.politics.spain.normalisedOn = 1;
  assert.equal(garrisonOf(situationOf(state, 'france')!, base, 'toulouse'), 0);
  assert.deepEqual(ruleGarrisonShortfall(situationOf(state, 'france')!, base), []);
  const atWar = scene({ toulouse: {}, bordeaux: {} });
  war(atWar, 'france', 'spain');
  // At war, Bordeaux keeps a garrison against the Spanish next door as any front does, but none by the rule.
  assert.equal(ruleGarrison(situationOf(atWar, 'france')!, base, 'bordeaux'), 0);
});

test('the general buys no infantry past its manpower limit, and artillery instead (GW-MANP-02, GW-MANP-03, GW-P15-MUTINY-01)', () => {
  const state = openingState();
  const germany = state.nations.find((n) => n.id === 'germany')!;
  const home = germany.manpower.find((m) => m.region === 'home')!;
  home.built = manpowerLimit(germany, 'home') - 3;
  const orders = generalOrders(ctxOf(state, 'germany'), base);
  assertLegal(state, 'germany', orders);
  // Infantry placed at home (a colony group has a manpower limit of its own).
  const atHome = (o: GreatWarOrders) =>
    kinds(o, 'build')
      .filter((b) => b['unit'] === 'infantry' && theWorld().territory.get(String(b['at']))?.colony === null)
      .reduce((n, b) => n + Number(b['count']), 0);
  assert.equal(atHome(orders), 3, 'the last 3 infantry within the limit');
  assert.ok(kinds(orders, 'build').some((b) => b['unit'] === 'artillery'));
  const uncapped = generalOrders(ctxOf(state, 'germany'), { ...base, manpowerCap: false });
  assert.ok(atHome(uncapped) > 3);
});

test('the fighters next to an attack fly with it, and fly home (GW-P10-LAND-06, GW-P10-LAND-20)', () => {
  const quiet = { nancy: {}, luxembourg: {}, strasbourg: {}, reims: {}, brussels: {} };
  const state = scene({ ...quiet, metz: { germany: { infantry: 8, artillery: 2, fighter: 1 } }, verdun: { france: { infantry: 2 } } });
  const orders = generalOrders(ctxOf(state, 'germany'), params);
  assertLegal(state, 'germany', orders);
  assert.ok(kinds(orders, 'move').some((m) => m['to'] === 'verdun'));
  assert.deepEqual(
    kinds(orders, 'fly')
      .filter((f) => f['from'] === 'metz')
      .map((f) => [f['from'], f['to'], f['units']]),
    [['metz', 'verdun', { fighter: 1 }]],
  );
  assert.equal(kinds(generalOrders(ctxOf(state, 'germany'), { ...params, aircraftJoinAttacks: false }), 'fly').length, 0);
  const withAttack = (f: Record<string, unknown>) => kinds(orders, 'move').some((m) => m['from'] === f['from'] && m['to'] === f['to']);
  assert.ok(kinds(orders, 'fly').every(withAttack), 'only with an attack');
});

test('an offensive pushes on: spare units next to a territory taken on the way to an objective follow into it (GW-P08-LANDMOVE-01)', () => {
  // Lille is empty and one of the war aims; Brussels, held by Germany, is next to it with 10 infantry.
  const state = scene({ brussels: { germany: { infantry: 10 } }, lille: {}, flanders: {}, reims: {}, verdun: {}, luxembourg: {} });
  state.board.territories['brussels'] = { owner: 'germany', incorporated: false };
  const orders = generalOrders(ctxOf(state, 'germany'), params);
  assertLegal(state, 'germany', orders);
  const moves = kinds(orders, 'move').filter((m) => m['from'] === 'brussels' && m['to'] === 'lille');
  const intoLille = moves.reduce((n, m) => n + unitsOf(m), 0);
  assert.ok(intoLille > 1, `${intoLille} infantry go into Lille, not a lone one`);
});
