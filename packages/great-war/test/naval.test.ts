import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, type GameEvent } from '@umpire/engine';
import { greatWar, landInvariants, passageOpen, resolveBuild, resolvePlacement, theWorld, type GreatWarState } from '../src/index.js';
import { eventsOf, nation, newGame, ordersFor, parseFor, phaseContext, playTurn, scene, step, unitsIn, war, refusalOf, rollsOf, runPhases } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: phases 6 and 7 with typed orders and scripted dice.

const sea = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'naval-combat');

const rolls = rollsOf;
const refusal = refusalOf;
const world = theWorld();
const clean = (state: GreatWarState) => landInvariants(state);

// ---------------------------------------------------------------------------------------------------------------
// Phase 6.

test('GW-P06-NAV-01, GW-P06-NAV-02, GW-P06-NAV-13 (D-NAV-1, D-NAV-2): each sail order is a task force with one task; ships move their move in sea zones', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 2, cruiser: 1 } }, 'norwegian-sea': {} });
  const events = sea(state, { britain: 'sail 2 battleships from North Sea to Norwegian Sea\nsail 1 cruiser from North Sea to Northern Atlantic as escort' }, []);
  assert.deepEqual(
    eventsOf(events, 'sail').map((e) => [e['force'], e['task'], e['to'], e['units']]),
    [
      ['TF1', 'engage', 'norwegian-sea', { battleship: 2 }],
      ['TF2', 'escort', 'northern-atlantic', { cruiser: 1 }],
    ],
  );
  assert.deepEqual(unitsIn(state, 'norwegian-sea'), { 'britain battleship': 2 });
  assert.deepEqual(clean(state), []);
  // A battleship sails 2 zones a turn: three is too far.
  const far = scene({ 'north-sea': { britain: { battleship: 1 } } });
  assert.equal(refusal(far, 'britain', 'sail 1 battleship from North Sea to Middle Atlantic via Northern Atlantic, Western Atlantic').code, 'not-adjacent');
});

test('GW-P06-NAV-07 (D-NAV-1): a ship takes one task a turn: two orders cannot name the same ship', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 1 } } });
  const r = refusal(state, 'britain', 'sail 1 battleship from North Sea to Skagerrak\nsail 1 battleship from North Sea to English Channel');
  assert.equal(r.code, 'not-enough-units');
  assert.match(r.message, /already given a task this turn/);
});

test('sail and repair orders: text and JSON both ways, located errors with suggestions', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 2 } } });
  state.board.units.find((u) => u.at === 'north-sea')!.damage = 1;
  const text = 'repair 1 battleship in North Sea\nsail 1 battleship from North Sea to Skagerrak as blockade';
  const orders = ordersFor(state, 'britain', text);
  assert.deepEqual(orders.orders, [
    { kind: 'repair', at: 'north-sea', units: { battleship: 1 } },
    { kind: 'sail', from: 'north-sea', to: 'skagerrak', units: { battleship: 1 }, task: 'blockade' },
  ]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'britain', step }), `${text}\n`);
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'britain', step }).ok);
  const typo = refusal(state, 'britain', 'sail 1 battleship from Nort Sea to Skagerrak');
  assert.equal(typo.code, 'unknown-area');
  assert.equal(typo.column, 24);
  assert.equal(refusal(state, 'britain', 'sail 1 battleship from North Sea to Skagerrak as escrt').suggestion, 'escort');
  assert.equal(refusal(state, 'britain', 'sail 1 battleship from London to Skagerrak').code, 'not-a-sea-zone');
  const json = greatWar.checkOrders({ orders: [{ kind: 'sail', from: 'north-sea', to: 'skagerak', units: { battleship: 1 }, taks: 'escort' }] }, { state, seat: 'britain', step });
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-field', '$.orders[0].taks', 'task'],
      ['unknown-area', '$.orders[0].to', 'skagerrak'],
    ],
  );
});

test('GW-TERR-01, GW-TERR-02, GW-TERR-03, GW-TERR-04 (D-NAV-3): the Baltic and the Skagerrak are joined by the Danish straits (closed while Denmark is neutral) and the Kiel Canal (open to the holder of Hamburg)', () => {
  const state = scene({ 'baltic-sea': { russia: { battleship: 1 }, germany: { cruiser: 1 } } });
  assert.equal(passageOpen(state, world, 'russia', 'baltic-sea', 'skagerrak', 'battleship'), false, 'Denmark neutral, Hamburg German');
  assert.equal(passageOpen(state, world, 'germany', 'baltic-sea', 'skagerrak', 'cruiser'), true, 'the Kiel Canal');
  assert.equal(refusal(state, 'russia', 'sail 1 battleship from Baltic Sea to Skagerrak').code, 'no-path');
  // Hamburg held by Russia at the start of the turn: the canal is Russia's, not Germany's.
  state.board.territories['hamburg']!.owner = 'russia';
  assert.equal(passageOpen(state, world, 'russia', 'baltic-sea', 'skagerrak', 'battleship'), true);
  assert.equal(passageOpen(state, world, 'germany', 'baltic-sea', 'skagerrak', 'cruiser'), false);
  // Denmark in the war on the Allied side: its straits are open to the Allies.
  const allied = scene({});
  const denmark = allied.minors.find((m) => m.id === 'denmark')!;
  denmark.side = 'allied';
  denmark.diplomacy = 'allied-camp';
  war(allied, 'denmark', 'germany');
  assert.equal(passageOpen(allied, world, 'britain', 'baltic-sea', 'skagerrak', 'battleship'), true);
});

test('GW-TERR-06, GW-TERR-07, GW-TERR-29, GW-TERR-31, GW-TERR-45 (D-NAV-3): Gibraltar bars surface ships only; Suez and the Turkish straits are their holders\'', () => {
  const state = scene({});
  // Gibraltar is British: closed to Germany's surface ships, open to its submarines and to Britain's ships.
  assert.equal(passageOpen(state, world, 'germany', 'western-mediterranean', 'southern-atlantic', 'battleship'), false);
  assert.equal(passageOpen(state, world, 'germany', 'western-mediterranean', 'southern-atlantic', 'submarine'), true);
  assert.equal(passageOpen(state, world, 'france', 'western-mediterranean', 'southern-atlantic', 'battleship'), true);
  // Suez (British) closed to Austria-Hungary; the Turkish straits (neutral Ottoman Empire) closed to Russia.
  assert.equal(passageOpen(state, world, 'austria-hungary', 'red-sea', 'eastern-mediterranean', 'cruiser'), false);
  assert.equal(passageOpen(state, world, 'britain', 'red-sea', 'eastern-mediterranean', 'cruiser'), true);
  assert.equal(passageOpen(state, world, 'russia', 'aegean-sea', 'western-black-sea', 'battleship'), false);
  // A nation holding one territory of the straits opens them to its side (GW-TERR-45), and ships sail through (GW-TERR-31).
  state.board.territories['izmir']!.owner = 'russia';
  assert.equal(passageOpen(state, world, 'russia', 'aegean-sea', 'western-black-sea', 'battleship'), true);
  const fleet = scene({ 'western-black-sea': { russia: { battleship: 1 } } }, state);
  assert.ok(parseFor(fleet, 'russia', 'sail 1 battleship from Western Black Sea to Aegean Sea').ok);
});

test('D-NAV-4: enemy surface ships stop a fleet in their zone; submarines dive past them', () => {
  const state = scene({ 'north-sea': { britain: { cruiser: 1 } }, skagerrak: { germany: { battleship: 1, submarine: 1 } } });
  const r = refusal(state, 'germany', 'sail 1 submarine from Skagerrak to English Channel via North Sea'.replace('submarine', 'battleship'));
  assert.equal(r.code, 'blocked-path');
  assert.ok(parseFor(state, 'germany', 'sail 1 submarine from Skagerrak to English Channel via North Sea').ok);
  assert.ok(parseFor(state, 'germany', 'sail 1 battleship from Skagerrak to North Sea').ok, 'into the enemy zone itself: a battle');
});

test('GW-UNIT-19, GW-UNIT-20, GW-UNIT-18 (D-NAV-9): a damaged battleship next to a friendly port is repaired for 20 and does nothing else that turn', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 2 } } });
  const ship = state.board.units.find((u) => u.at === 'north-sea')!;
  ship.damage = 1;
  const before = nation(state, 'britain').treasury;
  const events = sea(state, { britain: 'repair 1 battleship in North Sea' }, []);
  assert.equal(ship.damage, 0);
  assert.equal(nation(state, 'britain').treasury, before - 20);
  assert.equal(nation(state, 'britain').ledger.repairs, 20);
  assert.deepEqual(eventsOf(events, 'repair').map((e) => [e['cost'], e['units']]), [[20, { battleship: 1 }]]);
  // The repaired ship may not also sail; the undamaged one is not repaired; far from a port nothing is.
  ship.damage = 1;
  assert.equal(refusal(state, 'britain', 'repair 1 battleship in North Sea\nsail 2 battleships from North Sea to Skagerrak').code, 'not-enough-units');
  const open = scene({ 'central-pacific-ocean': { britain: { battleship: 1 } } });
  open.board.units.find((u) => u.at === 'central-pacific-ocean')!.damage = 1;
  assert.equal(refusal(open, 'britain', 'repair 1 battleship in Central Pacific').code, 'no-port');
});

// ---------------------------------------------------------------------------------------------------------------
// Phase 7.

test('GW-P07-NAVCOMBAT-01, GW-P07-NAVCOMBAT-07, GW-P07-NAVCOMBAT-08, GW-P07-NAVCOMBAT-14 (D-NAV-5, D-NAV-6): ships that sail into an enemy fleet attack it; both roll each round, one ship removed a hit, until one side is gone', () => {
  const state = scene({ skagerrak: { germany: { cruiser: 2 } }, 'north-sea': { britain: { cruiser: 1 } } });
  // Round 1: German cruisers 4 and 9 (attack 4: one hit), British 10. Round 2: German 5, 6, British 1 (hit).
  // Britain alone has a fictive unit: the first hit on it is absorbed; so has Germany.
  const events = sea(state, { germany: 'sail 2 cruisers from Skagerrak to North Sea' }, [4, 9, 10, 3, 6, 1]);
  assert.deepEqual(rolls(events).slice(0, 3), ['Germany attacks in the North Sea, round 1: cruiser #1 = 4', 'Germany attacks in the North Sea, round 1: cruiser #2 = 9', 'Britain defends in the North Sea, round 1: cruiser #1 = 10']);
  assert.deepEqual(eventsOf(events, 'naval-round').map((e) => (e['sides'] as { hits: number; sunk: number; absorbed: number }[]).map((s) => [s.hits, s.absorbed, s.sunk])), [
    [
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [1, 1, 0],
      [1, 0, 1],
    ],
  ]);
  assert.deepEqual(eventsOf(events, 'naval-result').map((e) => e['winner']), ['attacker']);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany cruiser': 2 });
  assert.deepEqual(clean(state), []);
});

test('GW-P07-NAVCOMBAT-09, GW-UNIT-15, GW-UNIT-16, GW-UNIT-18 (D-NAV-7): a battleship takes two hits, the first only damages it; a damaged battleship does not attack but defends', () => {
  const state = scene({ skagerrak: { germany: { battleship: 1 } }, 'north-sea': { britain: { cruiser: 1, battleship: 1 } } });
  state.board.units.find((u) => u.nation === 'britain' && u.type === 'battleship' && u.at === 'north-sea')!.damage = 1;
  // Round 1: the German battleship hits (1); Britain: cruiser 10, damaged battleship rolls its defence 8: 2 hits.
  const events = sea(state, { germany: 'sail 1 battleship from Skagerrak to North Sea\nretreat from North Sea after round 1' }, [1, 10, 2]);
  assert.deepEqual(rolls(events), ['Germany attacks in the North Sea, round 1: battleship #1 = 1', 'Britain defends in the North Sea, round 1: cruiser #1 = 10', 'Britain defends in the North Sea, round 1: battleship #1 (damaged) = 2']);
  // Each side's fictive unit takes the one hit against it; then Germany turns back by its standing order.
  assert.deepEqual(eventsOf(events, 'naval-retreat').map((e) => [e['nation'], e['to']]), [['germany', 'skagerrak']]);
  const later = scene({ skagerrak: { germany: { battleship: 1, cruiser: 1 } }, 'north-sea': { britain: { cruiser: 3 } } });
  // Three British hits on a German fleet of a battleship and a cruiser: 1 absorbed, 1 damages the battleship (damage first), 1 sinks the cruiser.
  const e2 = sea(later, { germany: 'sail all from Skagerrak to North Sea\nretreat from North Sea after round 1' }, [10, 10, 1, 1, 1]);
  assert.deepEqual(eventsOf(e2, 'ship-damaged').map((e) => e['units']), [{ battleship: 1 }]);
  assert.deepEqual(eventsOf(e2, 'losses').map((e) => e['units']), [{ cruiser: 1 }]);
  assert.equal(later.board.units.find((u) => u.nation === 'germany' && u.type === 'battleship')!.damage, 1);
});

test('GW-P07-NAVCOMBAT-12 (D-NAV-8): after a round a fleet may retreat into a neighbouring zone free of enemy ships: attackers back where they came from, defenders where their order says', () => {
  const state = scene({ skagerrak: { germany: { cruiser: 1 } }, 'north-sea': { britain: { cruiser: 1 } }, 'norwegian-sea': {} });
  const events = sea(state, { germany: 'sail 1 cruiser from Skagerrak to North Sea', britain: 'retreat from North Sea to Norwegian Sea after round 1' }, [10, 10]);
  assert.deepEqual(eventsOf(events, 'naval-retreat').map((e) => [e['nation'], e['role'], e['to']]), [['britain', 'defender', 'norwegian-sea']]);
  assert.deepEqual(unitsIn(state, 'norwegian-sea'), { 'britain cruiser': 1 });
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'germany cruiser': 1 });
  assert.equal(refusal(state, 'britain', 'retreat from North Sea to Baltic Sea after round 1').code, 'not-adjacent');
});

test('GW-UNIT-44 (D-NAV-5, D-NAV-6): submarines share a sea zone with enemy ships without a battle; a transport does not attack, but defends at 1', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 1 } }, skagerrak: { germany: { submarine: 1, transport: 1 } } });
  const events = sea(state, { germany: 'sail 1 submarine from Skagerrak to North Sea' }, []);
  assert.equal(eventsOf(events, 'naval-battle').length, 0);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain battleship': 1, 'germany submarine': 1 });
  const transports = scene({ 'north-sea': { britain: { transport: 1 } }, skagerrak: { germany: { transport: 1 } } });
  const e2 = sea(transports, { germany: 'sail 1 transport from Skagerrak to North Sea' }, [1, 1]);
  assert.deepEqual(rolls(e2), ['Britain defends in the North Sea, round 1: transport #1 = 1', 'Britain defends in the North Sea, round 2: transport #1 = 1']);
  assert.deepEqual(unitsIn(transports, 'north-sea'), { 'britain transport': 1 });
});

test('D-NAV-6: a whole turn with the 1914 fleets: the High Seas Fleet sails into the North Sea and the battle is reported round by round; the record replays', () => {
  const script = Array.from({ length: 600 }, (_, i) => ((i * 7) % 10) + 1);
  const { game, events } = playTurn(newGame(script), { germany: { text: 'sail 5 battleships from Skagerrak to North Sea\nretreat from North Sea after round 2' }, britain: { text: 'losses battleship' } });
  assert.equal(eventsOf(events, 'naval-battle').length, 1);
  assert.ok(eventsOf(events, 'naval-round').length >= 1);
  for (const e of events.filter((x) => ['sail', 'naval-battle', 'naval-round', 'naval-result', 'naval-retreat', 'ship-damaged'].includes(x.type))) assert.ok(greatWar.describeEvent!(e), e.type);
  assert.deepEqual(greatWar.invariants!(game.position.state), []);
  assert.deepEqual(landInvariants(game.position.state), []);
  const check = replay(greatWar, game.record);
  assert.ok(check.ok, check.mismatch?.message);
});

test('GW-P13-PLACE-09, GW-P13-PLACE-10 (D-NAV-16): new ships placed among enemy ships attack them at once; new submarines do not', () => {
  const state = scene({ 'north-sea': { germany: { cruiser: 1 } } });
  const ctx = phaseContext([1, 10, 1, 10]);
  const orders = new Map([['britain', ordersFor(state, 'britain', 'build 1 cruiser in North Sea\nbuild 1 submarine in North Sea')]]);
  resolveBuild(state, orders, ctx);
  resolvePlacement(state, orders, ctx);
  assert.equal(ctx.rollsLeft(), 0, 'every scripted die is rolled');
  // The new British cruiser attacks (1: a hit, absorbed by Germany's fictive unit), the German cruiser defends (10); round 2: 1 sinks it.
  assert.deepEqual(eventsOf(ctx.events, 'naval-battle').map((e) => [e['area'], e['attackers'], e['defenders']]), [
    ['north-sea', [{ nation: 'britain', units: { cruiser: 1 } }], [{ nation: 'germany', units: { cruiser: 1 } }]],
  ]);
  assert.deepEqual(rolls(ctx.events), ['Britain attacks in the North Sea, round 1: cruiser #1 = 1', 'Germany defends in the North Sea, round 1: cruiser #1 = 10', 'Britain attacks in the North Sea, round 2: cruiser #1 = 1', 'Germany defends in the North Sea, round 2: cruiser #1 = 10']);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain cruiser': 1, 'britain submarine': 1 });
});

test('GW-P07-NAVCOMBAT-09, GW-UNIT-15 (D-NAV-7): a fleet of battleships takes as many hits as they have hit points: enough hits damage each and then sink them', () => {
  const state = scene({ skagerrak: { germany: { battleship: 2 } }, 'north-sea': { britain: { cruiser: 5 } } });
  // Germany misses twice; five British hits: one absorbed, two damage both battleships, two sink them.
  const events = sea(state, { germany: 'sail 2 battleships from Skagerrak to North Sea' }, [10, 10, 1, 1, 1, 1, 1]);
  assert.deepEqual(eventsOf(events, 'naval-round').map((e) => (e['sides'] as { sunk: number; damaged: number }[])[0]), [{ role: 'attacker', nations: ['germany'], hits: 0, absorbed: 1, sunk: 2, damaged: 0 }]);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain cruiser': 5 });
});

test('D-NAV-17, D-SIM-26: every sea battle reports the odds it had beforehand, exactly: a battleship (two hits, no attack once damaged) against a cruiser', () => {
  const state = scene({ skagerrak: { germany: { battleship: 1 } }, 'north-sea': { britain: { cruiser: 1 } } });
  const events = sea(state, { germany: 'sail 1 battleship from Skagerrak to North Sea' }, [1, 1, 1, 10]);
  const odds = eventsOf(events, 'naval-battle')[0]!['odds'] as { attacker: number; defender: number; none: number; exact: boolean };
  // An independent reckoning: states (battleship hits left, cruiser alive, fictive units left); each round the
  // battleship hits on 1-8 while undamaged, the cruiser on 1-4; rounds with no change are conditioned away.
  const memo = new Map<string, [number, number, number]>();
  const solve = (bs: number, cr: number, ba: boolean, ca: boolean): [number, number, number] => {
    if (bs === 0 && cr === 0) return [0, 0, 1];
    if (cr === 0) return [1, 0, 0];
    if (bs === 0) return [0, 1, 0];
    const key = `${bs}${cr}${ba}${ca}`;
    const known = memo.get(key);
    if (known) return known;
    const pa = bs === 2 ? 0.8 : 0;
    const pd = 0.4;
    const out: [number, number, number] = [0, 0, 0];
    let stay = 0;
    for (const [aHit, pA] of [[true, pa], [false, 1 - pa]] as const) {
      for (const [dHit, pD] of [[true, pd], [false, 1 - pd]] as const) {
        const p = pA * pD;
        if (p === 0) continue;
        let [bs2, cr2, ba2, ca2] = [bs, cr, ba, ca];
        if (aHit) {
          if (ca2) ca2 = false;
          else cr2 = 0;
        }
        if (dHit) {
          if (ba2) ba2 = false;
          else bs2 = bs - 1;
        }
        if (bs2 === bs && cr2 === cr && ba2 === ba && ca2 === ca) {
          stay += p;
          continue;
        }
        const r = solve(bs2, cr2, ba2, ca2);
        for (let i = 0; i < 3; i++) out[i]! += p * r[i]!;
      }
    }
    const result = out.map((x) => x / (1 - stay)) as [number, number, number];
    memo.set(key, result);
    return result;
  };
  const [attacker, defender, none] = solve(2, 1, true, true);
  const r = (p: number) => Math.round(p * 10000) / 10000;
  assert.deepEqual(odds, { attacker: r(attacker), defender: r(defender), none: r(none), exact: true });
  assert.match(String(greatWar.describeEvent!(eventsOf(events, 'naval-battle')[0]!)), /odds beforehand: attackers \d+%, defenders \d+%, neither/);
});

test('GW-UNIT-40 (D-NAV-9): a damaged carrier is repaired for 25 a hit next to a friendly port', () => {
  const state = scene({ 'north-sea': { britain: { carrier: 1 } } });
  const carrier = state.board.units.find((u) => u.at === 'north-sea' && u.type === 'carrier')!;
  carrier.damage = 1;
  const before = nation(state, 'britain').treasury;
  const events = sea(state, { britain: 'repair 1 carrier in North Sea' }, []);
  assert.equal(carrier.damage, 0);
  assert.equal(nation(state, 'britain').treasury, before - 25);
  assert.deepEqual(eventsOf(events, 'repair').map((e) => [e['cost'], e['units']]), [[25, { carrier: 1 }]]);
});

test('GW-P06-NAV-15 (D-NAV-18): cruisers running a blockade slip past each enemy fleet on their way on a 1-6, and are caught there on a 7-10', () => {
  const slip = scene({ skagerrak: { germany: { cruiser: 2 } }, 'north-sea': { britain: { battleship: 1 } }, 'english-channel': {} });
  const passed = sea(slip, { germany: 'sail 2 cruisers from Skagerrak to English Channel via North Sea as run-blockade' }, [6]);
  assert.deepEqual(eventsOf(passed, 'blockade-run').map((e) => [e['area'], e['roll'], e['slipped']]), [['north-sea', 6, true]]);
  assert.deepEqual(unitsIn(slip, 'english-channel'), { 'germany cruiser': 2 });
  assert.equal(eventsOf(passed, 'naval-battle').length, 0);
  const caught = scene({ skagerrak: { germany: { cruiser: 2 } }, 'north-sea': { britain: { battleship: 1 } }, 'english-channel': {} });
  // Caught on a 7: the sailing ends in the North Sea and the cruisers fight there (they attack: 10, 10; the battleship defends: 10),
  // fail to break off (7, D-NAV-29); then they turn back.
  const stopped = sea(caught, { germany: 'sail 2 cruisers from Skagerrak to English Channel via North Sea as run-blockade\nretreat from North Sea after round 1' }, [7, 10, 10, 10, 7]);
  assert.deepEqual(eventsOf(stopped, 'blockade-run').map((e) => [e['area'], e['slipped']]), [['north-sea', false]]);
  assert.deepEqual(eventsOf(stopped, 'naval-battle').map((e) => e['area']), ['north-sea']);
  assert.equal(eventsOf(stopped, 'naval-retreat').length, 1);
  assert.match(String(greatWar.describeEvent!(eventsOf(stopped, 'blockade-run')[0]!)), /running the blockade are caught by the enemy fleet in the North Sea \(rolled 7\)/);
});

test('GW-P06-NAV-17 (D-NAV-1): ships given no order stay where they are (dock and replenishment) and form no task force', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 2 } }, 'norwegian-sea': {} });
  const events = sea(state, { britain: 'sail 1 battleship from North Sea to Norwegian Sea' }, []);
  assert.deepEqual(eventsOf(events, 'sail').map((e) => e['units']), [{ battleship: 1 }]);
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain battleship': 1 });
});
