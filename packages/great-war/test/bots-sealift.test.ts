import assert from 'node:assert/strict';
import { test } from 'node:test';
import { botsData, generalOrders, greatWar, situationOf } from '../src/index.js';
import type { GreatWarOrders, GreatWarState } from '../src/index.js';
import { garrisonOf } from '../src/bots/land-war.js';
import { openingState, scene, step, war } from './helpers.js';

/**
 * The general's sealift (src/bots/sealift.ts) and the way to its objectives, each from a scripted position: transports
 * ferry troops across one sea zone in one turn, to a shore nearer an objective or an empty enemy shore; troops with no
 * land way to a front walk to the ferry; transports are bought for a ferry with troops waiting; the way to an
 * objective does not cross a neutral.
 */

const base = botsData().versions['general']!;
const params = { ...base, plans: {}, garrisonPerEnemy: 0, capitalGarrison: 0, peaceCapitalGarrison: 0 };
const ctxOf = (state: GreatWarState, seat: string) => ({ state, seat, step });
const kinds = (o: GreatWarOrders, kind: string) => o.orders.filter((x) => x.kind === kind) as Record<string, unknown>[];

function assertLegal(state: GreatWarState, seat: string, orders: GreatWarOrders): void {
  const checked = greatWar.checkOrders(orders, ctxOf(state, seat));
  assert.ok(checked.ok, checked.ok ? '' : JSON.stringify(checked.error));
}

/** Russia at war with the Ottoman Empire (on the Central Powers' side), Odessa's infantry by the Black Sea. */
function blackSea(spec: Parameters<typeof scene>[0]): GreatWarState {
  const state = scene(spec);
  state.nations.find((n) => n.id === 'ottoman-empire')!.side = 'central';
  war(state, 'russia', 'ottoman-empire');
  return state;
}

const sea = 'western-black-sea';

test('Russia ferries infantry across the Black Sea to an empty Izmir, an objective (GW-P06-NAV-09, GW-UNIT-25, GW-P08-LANDMOVE-04)', () => {
  const turks = { 'ottoman-empire': { infantry: 9 } };
  const russians = { odessa: { russia: { infantry: 6 } }, [sea]: { russia: { transport: 2 } } };
  const state = blackSea({ sevastopol: {}, ...russians, izmir: {}, constantinople: turks });
  const orders = generalOrders(ctxOf(state, 'russia'), params);
  assertLegal(state, 'russia', orders);
  // The transports stay in their zone with the transport task, load 2 infantry each and land them the same turn.
  assert.deepEqual(kinds(orders, 'sail'), [{ kind: 'sail', from: sea, to: sea, units: { transport: 2 }, task: 'transport' }]);
  assert.deepEqual(kinds(orders, 'embark'), [{ kind: 'embark', from: 'odessa', at: sea, units: { infantry: 4 } }]);
  assert.deepEqual(kinds(orders, 'land'), [{ kind: 'land', from: sea, to: 'izmir', units: { infantry: 4 } }]);
  // Without the sealift the transports stay idle.
  const none = generalOrders(ctxOf(state, 'russia'), { ...params, sealift: false });
  assert.equal(kinds(none, 'embark').length + kinds(none, 'land').length, 0);
});

test('a ferry lands on a held enemy shore only with sealiftInvasionRatio times its defenders (GW-P10-INV-04, GW-P08-LANDMOVE-08)', () => {
  const turks = { 'ottoman-empire': { infantry: 9 } };
  const held = (n: number) =>
    blackSea({
      sevastopol: {},
      sinope: {},
      lemberg: { 'austria-hungary': { infantry: 40 } },
      odessa: { russia: { infantry: 20 } },
      [sea]: { russia: { transport: 4 } },
      izmir: { 'ottoman-empire': { infantry: n } },
      constantinople: turks,
    });
  const landings = (state: GreatWarState) => kinds(generalOrders(ctxOf(state, 'russia'), params), 'land').map((o) => o['to']);
  // 4 transports carry 8 infantry: against 2 defenders (8 = 4 x 2) they land, against 3 they do not.
  assert.equal(params.sealiftInvasionRatio, 4);
  assert.deepEqual(landings(held(2)), ['izmir']);
  assert.ok(!landings(held(3)).includes('izmir'));
});

test('British troops with no land way to a front walk to the Channel and cross to France (GW-UNIT-25, GW-P08-LANDMOVE-07)', () => {
  const channel = { 'english-channel': { britain: { transport: 1 } } };
  const state = scene({ birmingham: { britain: { infantry: 5 } }, london: { britain: { infantry: 3 } }, ...channel });
  war(state, 'britain', 'germany');
  const s = situationOf(state, 'britain', 'britain', params.worth, params.warAims)!;
  assert.ok(!s.distanceToFront.has('birmingham') && s.distanceToFront.has('lille'));
  const orders = generalOrders(ctxOf(state, 'britain'), params);
  assertLegal(state, 'britain', orders);
  // Birmingham's infantry walk to the Channel (London or Bristol); London's cross to a French shore with a land way to
  // the front.
  const walk = kinds(orders, 'move').filter((m) => m['from'] === 'birmingham');
  assert.deepEqual(walk.map((m) => [m['to'], m['units']]), [['bristol', { infantry: 5 }]]);
  // One transport: 2 infantry, from the British shores of the Channel, landed on a French one.
  const land = kinds(orders, 'land').filter((l) => l['from'] === 'english-channel');
  assert.ok(land.every((l) => ['lille', 'amiens', 'rouen', 'brest'].includes(String(l['to']))));
  assert.equal(land.reduce((n, l) => n + Number((l['units'] as Record<string, number>)['infantry']), 0), 2);
  const embark = kinds(orders, 'embark').filter((e) => e['at'] === 'english-channel');
  assert.ok(embark.every((e) => ['london', 'bristol'].includes(String(e['from']))));
});

test('transports are bought for a ferry with troops waiting and a shore to land on (GW-UNIT-25, GW-P03-BUILD-01)', () => {
  const state = scene({ birmingham: { britain: { infantry: 30 } }, 'english-channel': { britain: { transport: 1 } } });
  war(state, 'britain', 'germany');
  const builds = kinds(generalOrders(ctxOf(state, 'britain'), params), 'build').filter((b) => b['unit'] === 'transport');
  assert.equal(builds.length, 1);
  assert.ok(Number(builds[0]!['count']) >= 1 && Number(builds[0]!['count']) <= params.sealiftBuy);
  // Fewer waiting than sealiftIdle: none.
  const few = kinds(generalOrders(ctxOf(state, 'britain'), { ...params, sealiftIdle: 1000 }), 'build');
  assert.equal(few.filter((b) => b['unit'] === 'transport').length, 0);
});

test('the way to an objective crosses no neutral: Belgium lengthens it, Switzerland is off it (GW-P08-LANDMOVE-01, GW-VICTORY-05)', () => {
  const state = openingState();
  const over = situationOf(state, 'france', 'france', params.worth, params.warAims, new Set(), 'any')!;
  const around = situationOf(state, 'france', 'france', params.worth, params.warAims, new Set(), new Set())!;
  // Lille to homeland Germany: 2 borders through neutral Belgium, 3 around it; no way at all through Switzerland.
  assert.equal(over.toObjective.get('lille'), 2);
  assert.equal(around.toObjective.get('lille'), 3);
  assert.ok(over.toObjective.has('switzerland') && !around.toObjective.has('switzerland'));
  // Germany's plans declare war on Belgium: its way may cross Belgium.
  const german = situationOf(state, 'germany', 'germany', params.worth, params.warAims, new Set(), new Set(['belgium']))!;
  assert.ok(german.toObjective.has('brussels') || german.toObjective.has('flanders'));
});

test('a trench of the side lightens the garrison against the enemy it faces (GW-TRENCH-01, GW-P10-LAND-01)', () => {
  const state = scene({ metz: { germany: { infantry: 10 } }, nancy: { france: { infantry: 10 } } });
  war(state, 'france', 'germany');
  const p = { ...base, garrisonPerEnemy: 0.8, garrisonPerEnemyTrench: 0.5 };
  const before = garrisonOf(situationOf(state, 'france')!, p, 'nancy');
  state.board.trenches.push({ nation: 'france', territory: 'nancy', facing: 'metz', super: false });
  const after = garrisonOf(situationOf(state, 'france')!, p, 'nancy');
  assert.equal(before - after, 3);
});



test('a flotilla loads at Malta and sails to land at an empty Izmir, the same turn (D-NAV-21, GW-P06-NAV-09, GW-P08-LANDMOVE-07)', () => {
  const state = scene({ malta: { britain: { infantry: 4 } }, 'ionian-sea': { britain: { transport: 2 } }, izmir: {}, sinope: {} });
  state.nations.find((n) => n.id === 'ottoman-empire')!.side = 'central';
  war(state, 'britain', 'ottoman-empire');
  const orders = generalOrders(ctxOf(state, 'britain'), params);
  assertLegal(state, 'britain', orders);
  // No shore of the Ionian Sea offers a landing (Albania and Greece are neutral): the flotilla sails one zone on.
  const sail = kinds(orders, 'sail').filter((o) => o['from'] === 'ionian-sea');
  assert.equal(sail.length, 1);
  assert.ok(['aegean-sea', 'eastern-mediterranean'].includes(String(sail[0]!['to'])));
  const embark = kinds(orders, 'embark').filter((o) => o['at'] === 'ionian-sea');
  assert.deepEqual(embark, [{ kind: 'embark', from: 'malta', at: 'ionian-sea', units: { infantry: 4 } }]);
  const land = kinds(orders, 'land').filter((o) => o['to'] === 'izmir');
  assert.deepEqual(land, [{ kind: 'land', from: sail[0]!['to'], to: 'izmir', units: { infantry: 4 } }]);
  // Without voyages the transports only ferry across the Ionian Sea (to French Algeria), never to Izmir.
  const stay = generalOrders(ctxOf(state, 'britain'), { ...params, voyageZones: 0 });
  assert.ok(kinds(stay, 'sail').every((o) => o['to'] === o['from']));
  assert.equal(kinds(stay, 'land').filter((o) => o['to'] === 'izmir').length, 0);
});

test('a flotilla with troops aboard sails on toward the best landing and lands them (D-NAV-20, D-NAV-22, GW-P08-LANDMOVE-04)', () => {
  const state = scene({ 'ionian-sea': { britain: { transport: 1 } }, izmir: {}, sinope: {} });
  state.nations.find((n) => n.id === 'ottoman-empire')!.side = 'central';
  war(state, 'britain', 'ottoman-empire');
  const ship = state.board.units.find((u) => u.at === 'ionian-sea' && u.nation === 'britain')!;
  state.board.units.push({ id: 'britain-cargo', nation: 'britain', type: 'infantry', at: 'ionian-sea', aboard: ship.id, damage: 0 });
  const orders = generalOrders(ctxOf(state, 'britain'), params);
  assertLegal(state, 'britain', orders);
  const land = kinds(orders, 'land').filter((l) => l['to'] === 'izmir');
  assert.deepEqual(land.map((l) => l['units']), [{ infantry: 1 }]);
  assert.ok(kinds(orders, 'sail').some((o) => o['from'] === 'ionian-sea' && o['to'] === land[0]!['from']));
});
