import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replay, type GameEvent } from '@umpire/engine';
import {
  attackValue,
  cargoInvariants,
  cargoOf,
  greatWar,
  invariants,
  landInvariants,
  shoreBombardmentValue,
  theWorld,
  transportCapacity,
  type GreatWarState,
} from '../src/index.js';
import { eventsOf, nation, newGame, ordersFor, ownerOf, parseFor, playTurn, scene, step, unitsIn, rollsOf, runPhases } from './helpers.js';

// ---------------------------------------------------------------------------------------------------------------
// Scaffolding: phases 6 to 10 with typed orders and scripted dice (naval movement, naval combat with the cargo
// settled as the turn does it, land movement, air combat, land combat).

const turn = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'land-combat');

/** Phases 6 and 7 alone. */
const atSea = (state: GreatWarState, orders: Record<string, string>, dice: number[]): GameEvent[] => runPhases(state, orders, dice, 'naval-movement', 'naval-combat');

const world = theWorld();
const rolls = rollsOf;
const rounds = (events: readonly GameEvent[]) =>
  eventsOf(events, 'battle-round').map((e) => (e['sides'] as { nations: string[]; hits: number; absorbed: number; lost: number }[]).map((s) => `${s.nations.join('+')} ${s.hits} hit, ${s.absorbed} absorbed, ${s.lost} lost`));
const refusal = (state: GreatWarState, seat: string, text: string) => {
  const r = parseFor(state, seat, text);
  assert.ok(!r.ok, `'${text}' should be refused`);
  return r.error[r.error.length - 1]!;
};
/** Invariants in the middle of a turn: the turn records are not empty yet. */
const midTurn = (state: GreatWarState) => [...invariants(state), ...landInvariants(state)].filter((v) => !/turn record/.test(v));
const aboard = (state: GreatWarState, zone: string) => unitsIn(state, zone);

/** Britain at war with Germany, Germany holding Flanders with the units given; British forces in London and the North Sea. */
function flanders(german: Record<string, number>, british: Record<string, number>, fleet: Record<string, number>): GreatWarState {
  const state = scene({ london: { britain: british }, 'north-sea': { britain: fleet }, flanders: { germany: german } });
  state.board.territories['flanders'] = { owner: 'germany', incorporated: false };
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 6: going aboard.

test('GW-UNIT-25, GW-UNIT-26, GW-UNIT-27, GW-UNIT-28, GW-UNIT-30, GW-P06-NAV-09, GW-P06-NAV-18 (D-NAV-20, D-NAV-21): transports with the transport task take troops aboard from several territories next to their sea zone, 2 troop points each, infantry 1 and other units 2', () => {
  const state = scene({ london: { britain: { infantry: 2, artillery: 1 } }, newcastle: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 2 } } });
  const orders = 'sail 2 transports in North Sea as transport\nembark 1 infantry, 1 artillery from London onto transports in North Sea\nembark 1 infantry from Newcastle onto transports in North Sea';
  const events = atSea(state, { britain: orders }, []);
  assert.deepEqual(
    eventsOf(events, 'sail').map((e) => [e['force'], e['task'], e['from'], e['to'], e['units']]),
    [['TF1', 'transport', 'north-sea', 'north-sea', { transport: 2 }]],
  );
  assert.deepEqual(
    eventsOf(events, 'embark').map((e) => [e['from'], e['at'], e['units'], e['transports']]),
    [
      ['london', 'north-sea', { infantry: 1, artillery: 1 }, ['britain-t5', 'britain-t6']],
      ['newcastle', 'north-sea', { infantry: 1 }, ['britain-t6']],
    ],
  );
  // The artillery fills one transport (2 points); the two infantry share the other.
  assert.deepEqual(cargoOf(state, 'britain-t5').map((u) => u.type), ['artillery']);
  assert.deepEqual(cargoOf(state, 'britain-t6').map((u) => u.type), ['infantry', 'infantry']);
  assert.equal(transportCapacity(state, { nation: 'britain', type: 'transport' }), 2);
  assert.deepEqual(unitsIn(state, 'london'), { 'britain infantry': 1 });
  assert.deepEqual(unitsIn(state, 'newcastle'), {});
  assert.deepEqual(aboard(state, 'north-sea'), { 'britain transport': 2, 'britain infantry': 2, 'britain artillery': 1 });
  assert.deepEqual(midTurn(state), []);

  // Five troop points do not fit on two transports; a territory that does not border the sea zone cannot load there.
  const again = scene({ london: { britain: { infantry: 2, artillery: 1 } }, newcastle: { britain: { infantry: 1 } }, birmingham: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 2 } } });
  const over = refusal(again, 'britain', `${orders}\nembark 1 infantry from London onto transports in North Sea`);
  assert.equal(over.code, 'over-capacity');
  assert.equal(over.line, 4);
  assert.match(over.message, /2 transports, 4 troop points.*infantry take 1 troop point, other units 2/);
  assert.equal(refusal(again, 'britain', 'sail 2 transports in North Sea as transport\nembark 1 infantry from Birmingham onto transports in North Sea').code, 'not-adjacent');
  // No transport with the transport task there: transports that only dock take nobody aboard.
  const none = refusal(again, 'britain', 'embark 1 infantry from London onto transports in North Sea');
  assert.equal(none.code, 'no-transports');
  assert.match(none.message, /sail 1 transport in North Sea as transport/);
  assert.equal(refusal(again, 'britain', 'sail 2 transports from North Sea to Skagerrak as escort\nembark 1 infantry from London onto transports in North Sea').code, 'no-transports');
  // A unit takes one order a turn: embarked infantry cannot also move.
  const twice = refusal(again, 'britain', 'sail 2 transports in North Sea as transport\nembark 2 infantry from London onto transports in North Sea\nmove 1 infantry from London to Bristol');
  assert.equal(twice.code, 'not-enough-units');
});

test('GW-UNIT-32, GW-UNIT-30, GW-P06-NAV-18 (D-NAV-21): a transport may load and then sail, or sail and then load where it arrives, but it loads in one sea zone a turn', () => {
  const state = scene({
    london: { britain: { infantry: 2 } },
    newcastle: { britain: { infantry: 2 } },
    'english-channel': { britain: { transport: 2 } },
    'north-sea': {},
  });
  const orders = [
    'sail 1 transport from English Channel to North Sea as transport',
    'sail 1 transport from English Channel to North Sea as transport',
    'embark 2 infantry from London onto transports in English Channel',
    'embark 2 infantry from Newcastle onto transports in North Sea',
  ].join('\n');
  const events = atSea(state, { britain: orders }, []);
  // One transport loads in the English Channel and sails; the other sails and loads in the North Sea (Newcastle does not border the Channel).
  assert.deepEqual(
    eventsOf(events, 'embark').map((e) => [e['from'], e['at'], e['transports']]),
    [
      ['london', 'english-channel', ['britain-t5']],
      ['newcastle', 'north-sea', ['britain-t6']],
    ],
  );
  assert.deepEqual(aboard(state, 'north-sea'), { 'britain transport': 2, 'britain infantry': 4 });
  assert.deepEqual(unitsIn(state, 'english-channel'), {});
  assert.ok(state.board.units.filter((u) => u.type === 'infantry' && u.at === 'north-sea').every((u) => u.aboard !== undefined));
  assert.deepEqual(midTurn(state), []);
  // One transport cannot take troops aboard in the Channel and in the North Sea.
  const one = scene({ london: { britain: { infantry: 1 } }, newcastle: { britain: { infantry: 1 } }, 'english-channel': { britain: { transport: 1 } } });
  const r = refusal(one, 'britain', 'sail 1 transport from English Channel to North Sea as transport\nembark 1 infantry from London onto transports in English Channel\nembark 1 infantry from Newcastle onto transports in North Sea');
  assert.equal(r.code, 'one-zone');
  assert.match(r.message, /one sea zone a turn \(GW-UNIT-30\)/);
});

test('GW-UNIT-29, GW-TECH-35, GW-TECH-36 (D-NAV-20): Improved Transports raise the capacity: a transport with one advance carries 3 infantry', () => {
  const state = scene({ london: { britain: { infantry: 3 } }, 'north-sea': { britain: { transport: 1 } } });
  const orders = 'sail 1 transport in North Sea as transport\nembark 3 infantry from London onto transports in North Sea';
  assert.equal(refusal(state, 'britain', orders).code, 'over-capacity');
  nation(state, 'britain').tech['improved-transports'] = 1;
  assert.equal(transportCapacity(state, { nation: 'britain', type: 'transport' }), 3);
  atSea(state, { britain: orders }, []);
  assert.equal(cargoOf(state, 'britain-t4').length, 3);
  assert.deepEqual(midTurn(state), []);
  // The invariant: no transport carries more than its capacity.
  nation(state, 'britain').tech['improved-transports'] = 0;
  assert.deepEqual(cargoInvariants(state, world), ['transport britain-t4 carries 3 troop points, more than its 2 (GW-UNIT-28)']);
});

test('GW-UNIT-27 (D-NAV-20): aircraft go aboard at 2 troop points and land only in friendly territory; tanks land in friendly territory', () => {
  const state = scene({ london: { britain: { fighter: 1, tank: 1 } }, 'north-sea': { britain: { transport: 2 } }, newcastle: {} });
  const events = turn(state, { britain: 'sail 2 transports in North Sea as transport\nembark 1 fighter, 1 tank from London onto transports in North Sea\nland 1 fighter, 1 tank from North Sea to Newcastle' }, []);
  assert.deepEqual(eventsOf(events, 'disembark').map((e) => [e['to'], e['units'], e['invasion'] ?? false]), [['newcastle', { tank: 1, fighter: 1 }, false]]);
  assert.deepEqual(unitsIn(state, 'newcastle'), { 'britain tank': 1, 'britain fighter': 1 });
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain transport': 2 });
  assert.deepEqual(midTurn(state), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Phase 7: the cargo goes with its transport.

test('GW-UNIT-34 (D-NAV-20): a transport sunk with troops aboard takes them down with it', () => {
  const state = scene({ london: { britain: { infantry: 2 } }, 'north-sea': { britain: { transport: 1 } }, skagerrak: { germany: { cruiser: 1 } } });
  // The transport loads in the North Sea and sails into the German cruiser; it has no attack; the cruiser hits twice (the first on the fictive unit).
  const events = atSea(state, { britain: 'sail 1 transport from North Sea to Skagerrak as transport\nembark 2 infantry from London onto transports in North Sea' }, [1, 1]);
  assert.deepEqual(rolls(events), ['Germany defends in the Skagerrak, round 1: cruiser #1 = 1', 'Germany defends in the Skagerrak, round 2: cruiser #1 = 1']);
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['nation'], e['units']]), [['britain', { transport: 1 }]]);
  assert.deepEqual(eventsOf(events, 'cargo-lost').map((e) => [e['area'], e['nation'], e['transport'], e['units']]), [['skagerrak', 'britain', 'britain-t3', { infantry: 2 }]]);
  assert.deepEqual(unitsIn(state, 'skagerrak'), { 'germany cruiser': 1 });
  assert.ok(!state.board.units.some((u) => u.nation === 'britain' && u.type === 'infantry' && u.id.endsWith('t1')));
  assert.deepEqual(midTurn(state), []);
  for (const e of eventsOf(events, 'cargo-lost')) assert.match(greatWar.describeEvent!(e)!, /Britain's 2 infantry aboard a transport sunk in the Skagerrak are lost with it/);
});

test('GW-P07-NAVCOMBAT-12, GW-UNIT-34 (D-NAV-20): troops aboard a transport that retreats go with it', () => {
  const state = scene({ london: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 1, cruiser: 1 } }, skagerrak: { germany: { cruiser: 1 } } });
  const events = atSea(state, { britain: 'sail 1 transport, 1 cruiser from North Sea to Skagerrak as transport\nembark 1 infantry from London onto transports in North Sea\nretreat from Skagerrak after round 1' }, [9, 9]);
  assert.deepEqual(eventsOf(events, 'naval-retreat').map((e) => [e['to'], e['units']]), [['north-sea', { cruiser: 1, transport: 1 }]]);
  assert.deepEqual(eventsOf(events, 'cargo-moved').map((e) => [e['from'], e['to'], e['units']]), [['skagerrak', 'north-sea', { infantry: 1 }]]);
  assert.deepEqual(aboard(state, 'north-sea'), { 'britain cruiser': 1, 'britain transport': 1, 'britain infantry': 1 });
  assert.deepEqual(midTurn(state), []);
});

// ---------------------------------------------------------------------------------------------------------------
// Phase 8: landings.

test('GW-P08-LANDMOVE-07, GW-UNIT-31, GW-UNIT-33 (D-NAV-22): troops aboard land in friendly territories next to the sea zone, several of them; the transports stay where they unloaded', () => {
  const state = scene({ london: { britain: { infantry: 3 } }, 'north-sea': { britain: { transport: 2 } }, newcastle: {}, edinburgh: {} });
  const events = turn(
    state,
    { britain: 'sail 2 transports in North Sea as transport\nembark 3 infantry from London onto transports in North Sea\nland 2 infantry from North Sea to Newcastle\nland 1 infantry from North Sea to Edinburgh' },
    [],
  );
  assert.deepEqual(eventsOf(events, 'disembark').map((e) => [e['to'], e['units'], e['invasion'] ?? false]), [
    ['newcastle', { infantry: 2 }, false],
    ['edinburgh', { infantry: 1 }, false],
  ]);
  assert.equal(eventsOf(events, 'battle').length, 0);
  assert.deepEqual(unitsIn(state, 'newcastle'), { 'britain infantry': 2 });
  assert.deepEqual(unitsIn(state, 'edinburgh'), { 'britain infantry': 1 });
  // The transports stay in the North Sea for the rest of the turn: no ship moves after phase 7.
  assert.deepEqual(unitsIn(state, 'north-sea'), { 'britain transport': 2 });
  assert.ok(state.land.acted.includes('britain-t1'), 'a unit that landed may not move by rail (GW-P11-STRAT-05)');
  assert.deepEqual(midTurn(state), []);
  // Troops land from where their transports end naval movement: a landing from a zone they sail out of is refused.
  const gone = scene({ london: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 1 } } });
  const r = refusal(gone, 'britain', 'sail 1 transport from North Sea to English Channel as transport\nembark 1 infantry from London onto transports in North Sea\nland 1 infantry from North Sea to Newcastle');
  assert.equal(r.code, 'no-units');
  assert.match(r.message, /no units aboard transports in North Sea after naval movement/);
  assert.ok(parseFor(gone, 'britain', 'sail 1 transport from North Sea to English Channel as transport\nembark 1 infantry from London onto transports in North Sea\nland 1 infantry from English Channel to Bristol').ok);
  // Not next to the sea zone; a neutral's territory.
  const far = refusal(scene({ london: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 2 } } }), 'britain', 'sail 2 transports in North Sea as transport\nembark 1 infantry from London onto transports in North Sea\nland 1 infantry from North Sea to Bristol');
  assert.equal(far.code, 'not-adjacent');
  assert.match(far.message, /Bristol does not border North Sea/);
  assert.equal(refusal(scene({ london: { britain: { infantry: 1 } }, 'north-sea': { britain: { transport: 1 } } }), 'britain', 'sail 1 transport in North Sea as transport\nembark 1 infantry from London onto transports in North Sea\nland 1 infantry from North Sea to Flanders').code, 'not-at-war');
});

// ---------------------------------------------------------------------------------------------------------------
// Phase 10.1: naval invasions.

test('GW-P08-LANDMOVE-08, GW-P10-INV-01, GW-P10-INV-04, GW-P10-INV-05, GW-P10-INV-09, GW-P10-INV-10, GW-UNIT-12, GW-UNIT-13, GW-UNIT-14, GW-TECH-28, GW-TECH-29 (D-NAV-22, D-NAV-23, D-NAV-24): a British landing in Flanders against German defenders, a battleship bombarding first', () => {
  const state = flanders({ infantry: 1 }, { infantry: 2, artillery: 1 }, { transport: 2, battleship: 1 });
  const orders = [
    'sail 2 transports in North Sea as transport',
    'sail 1 battleship in North Sea as bombard',
    'embark 2 infantry, 1 artillery from London onto transports in North Sea',
    'land all from North Sea to Flanders',
  ].join('\n');
  const events = turn(state, { britain: orders }, [3, 1, 2, 2, 9, 9, 9, 9, 1, 9, 9, 9, 9]);
  assert.deepEqual(rolls(events), [
    'Britain bombards Flanders: battleship #1 from the North Sea = 3',
    'Britain attacks Flanders, round 1: infantry #1 = 1',
    'Britain attacks Flanders, round 1: infantry #2 = 2',
    'Britain attacks Flanders, round 1: artillery #1 = 2',
    'Germany defends Flanders, round 1: infantry #1 = 9',
    'Germany defends Flanders, round 1: city = 9',
    'Germany defends Flanders, round 1: port = 9',
    'Britain attacks Flanders, round 2: infantry #1 = 9',
    'Britain attacks Flanders, round 2: infantry #2 = 1',
    'Britain attacks Flanders, round 2: artillery #1 = 9',
    'Germany defends Flanders, round 2: infantry #1 = 9',
    'Germany defends Flanders, round 2: city = 9',
    'Germany defends Flanders, round 2: port = 9',
  ]);
  // The bombardment (4: a hit on 3) takes the coastal defence, always the first loss; infantry land at 3-3=1 and
  // artillery at 5-4=1: the rolls of 2 miss. One hit a round: the German fictive unit, then the German infantry.
  assert.deepEqual(eventsOf(events, 'shore-bombardment').map((e) => [e['nation'], e['from'], e['units'], e['hits']]), [['britain', ['north-sea'], { battleship: 1 }, 1]]);
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['round'], e['nation'], e['units']]), [
    [0, 'germany', { 'coastal-defense': 1 }],
    [2, 'germany', { infantry: 1 }],
  ]);
  assert.deepEqual(rounds(events), [
    ['britain 1 hit, 0 absorbed, 0 lost', 'germany 0 hit, 1 absorbed, 0 lost'],
    ['britain 1 hit, 0 absorbed, 0 lost', 'germany 0 hit, 0 absorbed, 1 lost'],
  ]);
  const battle = eventsOf(events, 'battle')[0]!;
  assert.deepEqual(battle['attackers'], [{ nation: 'britain', from: 'north-sea', units: { infantry: 2, artillery: 1 } }]);
  assert.deepEqual(battle['defenders'], [{ nation: 'germany', units: { infantry: 1 } }]);
  assert.deepEqual(eventsOf(events, 'disembark').map((e) => [e['to'], e['units'], e['invasion']]), [['flanders', { infantry: 2, artillery: 1 }, true]]);
  assert.equal(ownerOf(state, 'flanders'), 'britain');
  assert.deepEqual(unitsIn(state, 'flanders'), { 'britain infantry': 2, 'britain artillery': 1 });
  assert.equal(state.invasion.bombard.length, 0);
  assert.deepEqual(midTurn(state), []);
  for (const e of events.filter((x) => ['sail', 'embark', 'disembark', 'shore-bombardment', 'losses', 'battle'].includes(x.type))) assert.ok(greatWar.describeEvent!(e), e.type);
  // The values: the beach penalty never brings an attack below 1; aircraft get none. Improved Battleships add 1 to the bombardment each (GW-TECH-28, -29).
  const unit = (type: string) => ({ nation: 'britain', type });
  assert.equal(shoreBombardmentValue(state, unit('battleship')), 4);
  nation(state, 'britain').tech['improved-battleships'] = 2;
  assert.equal(shoreBombardmentValue(state, unit('battleship')), 6);
  assert.deepEqual(
    ['infantry', 'artillery', 'fighter'].map((t) => attackValue(state, world, unit(t), 'north-sea', 'flanders', true, 0)),
    [1, 1, 3],
  );
});

test('GW-P08-LANDMOVE-08, GW-P10-INV-09, GW-P10-INV-11 (D-NAV-22, D-NAV-23): a landing in an empty enemy territory is an invasion and meets the coastal defence; an attack by land alone does not', () => {
  const state = flanders({}, { infantry: 2 }, { transport: 1 });
  const events = turn(state, { britain: 'sail 1 transport in North Sea as transport\nembark 2 infantry from London onto transports in North Sea\nland 2 infantry from North Sea to Flanders' }, [1, 9, 9, 9, 9, 1, 9, 9, 9, 9]);
  assert.deepEqual(eventsOf(events, 'capture').length, 1);
  assert.deepEqual(eventsOf(events, 'battle')[0]!['defenders'], [{ nation: 'germany', units: { 'coastal-defense': 1 } }]);
  assert.deepEqual(rolls(events), [
    'Britain attacks Flanders, round 1: infantry #1 = 1',
    'Britain attacks Flanders, round 1: infantry #2 = 9',
    'Germany defends Flanders, round 1: coastal defence #1 = 9',
    'Germany defends Flanders, round 1: city = 9',
    'Germany defends Flanders, round 1: port = 9',
    'Britain attacks Flanders, round 2: infantry #1 = 1',
    'Britain attacks Flanders, round 2: infantry #2 = 9',
    'Germany defends Flanders, round 2: coastal defence #1 = 9',
    'Germany defends Flanders, round 2: city = 9',
    'Germany defends Flanders, round 2: port = 9',
  ]);
  assert.equal(ownerOf(state, 'flanders'), 'britain');
  assert.ok(!state.board.units.some((u) => u.type === 'coastal-defense'), 'the coastal defence is never on the board after its battle');
  assert.deepEqual(midTurn(state), []);
  // By land alone: no coastal defence; the empty territory falls unopposed in phase 8.
  const byLand = scene({ lille: { britain: { infantry: 1 } }, flanders: {} });
  byLand.board.territories['flanders'] = { owner: 'germany', incorporated: false };
  const walk = turn(byLand, { britain: 'move 1 infantry from Lille to Flanders' }, []);
  assert.deepEqual(eventsOf(walk, 'capture').map((e) => e['how']), ['unopposed']);
  assert.equal(eventsOf(walk, 'battle').length, 0);
  // By land against a defender: the battle has no coastal defence.
  const defended = scene({ lille: { britain: { infantry: 1 } }, flanders: { germany: { infantry: 1 } } });
  defended.board.territories['flanders'] = { owner: 'germany', incorporated: false };
  const fightEvents = turn(defended, { britain: 'move 1 infantry from Lille to Flanders\nretreat from Flanders after round 1' }, [9, 9, 9, 9]);
  assert.deepEqual(eventsOf(fightEvents, 'battle')[0]!['defenders'], [{ nation: 'germany', units: { infantry: 1 } }]);
});

test('GW-P10-INV-08, GW-P10-LAND-11 (D-NAV-23, D-SIM-19): troops that landed from the sea cannot retreat; those that attacked over land with them may', () => {
  const state = flanders({ infantry: 2 }, { infantry: 1 }, { transport: 1 });
  state.board.units = state.board.units.filter((u) => u.at !== 'lille');
  state.board.units.push({ id: 'britain-t90', nation: 'britain', type: 'infantry', at: 'lille', damage: 0 });
  const orders = 'sail 1 transport in North Sea as transport\nembark 1 infantry from London onto transports in North Sea\nland 1 infantry from North Sea to Flanders\nmove 1 infantry from Lille to Flanders\nretreat from Flanders after round 1';
  // Round 1: no hits. The infantry from Lille goes back; the one from the beach fights on and is destroyed in round 2 (the fictive unit took the first hit).
  const events = turn(state, { britain: orders }, [9, 9, 9, 9, 9, 9, 9, 9, 1, 1, 9, 9, 9]);
  assert.deepEqual(eventsOf(events, 'retreat').map((e) => [e['to'], e['units'], e['ids']]), [['lille', { infantry: 1 }, ['britain-t90']]]);
  assert.deepEqual(eventsOf(events, 'battle')[0]!['attackers'], [
    { nation: 'britain', from: 'north-sea', units: { infantry: 1 } },
    { nation: 'britain', from: 'lille', units: { infantry: 1 } },
  ]);
  assert.equal(ownerOf(state, 'flanders'), 'germany');
  assert.deepEqual(unitsIn(state, 'lille'), { 'britain infantry': 1 });
  assert.deepEqual(unitsIn(state, 'flanders'), { 'germany infantry': 2 });
  assert.deepEqual(midTurn(state), []);
});

test('GW-P10-INV-03, GW-UNIT-11 (D-NAV-22): tanks, AA guns and carried aircraft may not land in an invasion; a landing of all leaves them aboard', () => {
  const state = flanders({ infantry: 1 }, { infantry: 1, tank: 1, 'aa-gun': 1, fighter: 1 }, { transport: 4 });
  const load = 'sail 4 transports in North Sea as transport\nembark all from London onto transports in North Sea';
  const tank = refusal(state, 'britain', `${load}\nland 1 tank from North Sea to Flanders`);
  assert.equal(tank.code, 'no-tanks-in-invasions');
  assert.match(tank.message, /GW-P10-INV-03/);
  assert.equal(refusal(state, 'britain', `${load}\nland 1 anti-aircraft gun from North Sea to Flanders`).code, 'aa-cannot-attack');
  assert.equal(refusal(state, 'britain', `${load}\nland 1 fighter from North Sea to Flanders`).code, 'aircraft-cannot-invade');
  const events = turn(state, { britain: `${load}\nland all from North Sea to Flanders` }, [1, 9, 9, 9, 9, 1, 9, 9, 9, 9, 1, 9, 9, 9]);
  assert.deepEqual(eventsOf(events, 'disembark').map((e) => [e['units'], e['stayed']]), [[{ infantry: 1 }, { tank: 1, 'aa-gun': 1, fighter: 1 }]]);
  assert.deepEqual(aboard(state, 'north-sea'), { 'britain transport': 4, 'britain tank': 1, 'britain aa-gun': 1, 'britain fighter': 1 });
  assert.deepEqual(midTurn(state), []);
});

test('GW-P10-INV-02, GW-TRENCH-16 (D-NAV-23): no trench guards a coast: a trench facing the sea is refused, and landing troops meet none', () => {
  const state = flanders({ infantry: 2 }, { infantry: 1 }, { transport: 1 });
  const r = refusal(state, 'germany', 'build 1 trench in Flanders facing North Sea');
  assert.equal(r.code, 'trench-coastline');
  state.board.trenches.push({ nation: 'germany', territory: 'flanders', facing: 'lille', super: false });
  const unit = { nation: 'britain', type: 'infantry' };
  assert.equal(attackValue(state, world, unit, 'lille', 'flanders', true, 0), 1, 'across the trench from Lille: 3-2');
  assert.equal(attackValue(state, world, unit, 'north-sea', 'flanders', true, 0), 1, 'from the sea: 3-3, the beach and no trench');
});

test('GW-P10-INV-06, GW-P10-INV-07, GW-TRENCH-07 (D-NAV-23, ambiguity A73): aircraft joining an invasion over the sea take no penalty; over land they take the trench they cross', () => {
  const state = flanders({ infantry: 1 }, {}, {});
  state.board.trenches.push({ nation: 'germany', territory: 'flanders', facing: 'lille', super: false });
  const fighter = { nation: 'britain', type: 'fighter' };
  assert.equal(attackValue(state, world, fighter, 'north-sea', 'flanders', true, 0), 3);
  assert.equal(attackValue(state, world, fighter, 'lille', 'flanders', true, 0), 1);
  // A flight from London into Flanders goes by the North Sea (2 fuel out of London, 2 into Flanders) and enters it from the sea.
  state.board.units.push({ id: 'britain-t80', nation: 'britain', type: 'fighter', at: 'london', damage: 0 });
  nation(state, 'britain').tech['improved-fighters'] = 4;
  const events = turn(state, { britain: 'fly 1 fighter from London to Flanders' }, [3, 9, 9, 9, 9, 9, 9, 9]);
  assert.deepEqual(eventsOf(events, 'battle')[0]!['attackers'], [{ nation: 'britain', from: 'north-sea', units: { fighter: 1 } }]);
  // A 3 hits: the trench facing Lille does not count against a fighter coming in from the sea (the German fictive unit takes the hit).
  assert.deepEqual(rounds(events), [
    ['britain 1 hit, 0 absorbed, 0 lost', 'germany 0 hit, 1 absorbed, 0 lost'],
    ['britain 0 hit, 0 absorbed, 0 lost', 'germany 0 hit, 0 absorbed, 0 lost'],
  ]);
});

// ---------------------------------------------------------------------------------------------------------------
// Shore bombardment.

test('GW-UNIT-17, GW-UNIT-24, GW-P06-NAV-11 (D-NAV-24): only undamaged battleships take the bombard task; cruisers and destroyers never bombard', () => {
  const state = flanders({ infantry: 1 }, { infantry: 1 }, { battleship: 2, cruiser: 1 });
  state.board.units.find((u) => u.type === 'battleship' && u.at === 'north-sea')!.damage = 1;
  const cruiser = refusal(state, 'britain', 'sail 1 cruiser in North Sea as bombard');
  assert.equal(cruiser.code, 'task-ships');
  assert.match(cruiser.message, /only battleships shore-bombard/);
  assert.equal(refusal(state, 'britain', 'sail 1 destroyer in North Sea as bombard').code, 'task-ships');
  // One of the two is damaged: one may bombard (the undamaged one is taken), two may not.
  assert.ok(parseFor(state, 'britain', 'sail 1 battleship in North Sea as bombard').ok);
  const damaged = refusal(state, 'britain', 'sail 2 battleships in North Sea as bombard');
  assert.equal(damaged.code, 'damaged-battleship');
  assert.match(damaged.message, /GW-UNIT-17/);
  atSea(state, { britain: 'sail 1 battleship in North Sea as bombard' }, []);
  assert.deepEqual(state.invasion.bombard, ['britain-t3']);
  assert.equal(state.board.units.find((u) => u.id === 'britain-t3')!.damage, 0);
  // Ships that stay take an order only for a task there.
  assert.equal(refusal(state, 'britain', 'sail 1 battleship from North Sea to North Sea').code, 'same-zone');
  assert.equal(refusal(state, 'britain', 'sail 1 battleship in North Sea').code, 'bad-sailing');
  assert.equal(refusal(state, 'britain', 'sail 1 battleship in North Sea as transport').code, 'task-ships');
});

test('GW-P07-NAVCOMBAT-17, GW-P07-NAVCOMBAT-18 (D-NAV-25, ambiguity A47): a battleship with the bombard task engaged by ships fires at 25% of its value in the first round, rounded down (8 becomes 2), then at its value', () => {
  const state = scene({ 'north-sea': { britain: { battleship: 1 } }, skagerrak: { germany: { battleship: 1 } } });
  const events = atSea(state, { britain: 'sail 1 battleship in North Sea as bombard', germany: 'sail 1 battleship from Skagerrak to North Sea\nretreat from North Sea after round 2' }, [9, 3, 9, 3]);
  assert.deepEqual(rolls(events), [
    'Germany attacks in the North Sea, round 1: battleship #1 = 9',
    'Britain defends in the North Sea, round 1: battleship #1 = 3',
    'Germany attacks in the North Sea, round 2: battleship #1 = 9',
    'Britain defends in the North Sea, round 2: battleship #1 = 3',
  ]);
  // A 3 misses at 2 in the first round and hits at 8 in the second (the German fictive unit takes it).
  assert.deepEqual(
    eventsOf(events, 'naval-round').map((e) => (e['sides'] as { role: string; hits: number }[]).map((s) => `${s.role} ${s.hits}`)),
    [
      ['attacker 0', 'defender 0'],
      ['attacker 0', 'defender 1'],
    ],
  );
  assert.deepEqual(eventsOf(events, 'naval-battle').map((e) => e['defenders']), [[{ nation: 'britain', units: { battleship: 1 } }]], 'the task force that stayed defends');
});

test('GW-UNIT-14 (D-NAV-24): a battleship bombards once a turn, for one attack: next to two invasions it fires before the first only', () => {
  const state = flanders({}, { infantry: 2 }, { transport: 1, battleship: 1 });
  state.board.territories['netherlands'] = { owner: 'germany', incorporated: false };
  state.board.units = state.board.units.filter((u) => u.at !== 'netherlands');
  const orders = 'sail 1 transport in North Sea as transport\nsail 1 battleship in North Sea as bombard\nembark 2 infantry from London onto transports in North Sea\nland 1 infantry from North Sea to Flanders\nland 1 infantry from North Sea to Netherlands';
  const events = turn(state, { britain: orders }, [3, 1, 9, 9, 9, 1, 9, 9, 9]);
  assert.deepEqual(rolls(events).filter((r) => /bombards/.test(r)), ['Britain bombards Flanders: battleship #1 from the North Sea = 3']);
  // Flanders: the bombardment takes the coastal defence, its only defender, and it falls without a round; the Netherlands fight theirs.
  assert.deepEqual(eventsOf(events, 'battle-result').map((e) => [e['area'], e['rounds'], e['winner']]), [
    ['flanders', 0, 'attacker'],
    ['netherlands', 2, 'attacker'],
  ]);
  assert.equal(ownerOf(state, 'flanders'), 'britain');
  assert.equal(ownerOf(state, 'netherlands'), 'britain');
  assert.deepEqual(midTurn(state), []);
});

test('GW-UNIT-17 (D-NAV-24): a battleship damaged in the sea battle does not bombard; one with no invasion next to it stays idle', () => {
  const state = flanders({ infantry: 1 }, { infantry: 1 }, { transport: 1, battleship: 2 });
  state.board.units.push({ id: 'germany-t70', nation: 'germany', type: 'battleship', at: 'skagerrak', damage: 0 });
  const orders = 'sail 1 transport in North Sea as transport\nsail 1 battleship in North Sea as bombard\nsail 1 battleship from North Sea to English Channel as bombard\nembark 1 infantry from London onto transports in North Sea\nland 1 infantry from North Sea to Flanders';
  // Germany's battleship sails in and hits twice: the British fictive unit, then the bombarding battleship (damaged); it retreats after round 2.
  const events = turn(state, { britain: orders, germany: 'sail 1 battleship from Skagerrak to North Sea\nretreat from North Sea after round 2\nlosses battleship' }, [1, 9, 9, 1, 9, 9, 1, 9, 9, 9, 9, 1, 9, 9, 9, 9, 1, 9, 9, 9]);
  assert.equal(eventsOf(events, 'shore-bombardment').length, 0);
  assert.deepEqual(eventsOf(events, 'bombardment-idle').map((e) => [e['at'], e['reason']]), [
    ['north-sea', 'a damaged battleship may not shore-bombard (GW-UNIT-17)'],
    ['english-channel', 'there was no naval invasion of its side next to its sea zone'],
  ]);
  assert.deepEqual(state.invasion.bombard, []);
});

// ---------------------------------------------------------------------------------------------------------------
// Orders and whole turns.

test('O-22, O-23 (D-NAV-21): embark, land and a task force that stays: text and JSON both ways, located errors with suggestions', () => {
  const state = flanders({ infantry: 1 }, { infantry: 2 }, { transport: 1 });
  const text = 'sail 1 transport in North Sea as transport\nembark 2 infantry from London onto transports in North Sea\nland 2 infantry from North Sea to Flanders';
  const orders = ordersFor(state, 'britain', text);
  assert.deepEqual(orders.orders, [
    { kind: 'sail', from: 'north-sea', to: 'north-sea', units: { transport: 1 }, task: 'transport' },
    { kind: 'embark', from: 'london', at: 'north-sea', units: { infantry: 2 } },
    { kind: 'land', from: 'north-sea', to: 'flanders', units: { infantry: 2 } },
  ]);
  assert.equal(greatWar.formatOrders(orders, { state, seat: 'britain', step }), `${text}\n`);
  assert.ok(greatWar.checkOrders(JSON.parse(JSON.stringify(orders)), { state, seat: 'britain', step }).ok);
  // Other words for the same orders.
  assert.deepEqual(ordersFor(state, 'britain', 'sail 1 transport in North Sea as transport\nembark 1 infantry from London to North Sea\nunload 1 infantry from North Sea -> Flanders').orders.slice(1), [
    { kind: 'embark', from: 'london', at: 'north-sea', units: { infantry: 1 } },
    { kind: 'land', from: 'north-sea', to: 'flanders', units: { infantry: 1 } },
  ]);
  const typo = refusal(state, 'britain', 'embark 2 infantry from Londn onto transports in North Sea');
  assert.deepEqual([typo.code, typo.line, typo.column, typo.suggestion], ['unknown-area', 1, 24, 'London']);
  const sea = refusal(state, 'britain', 'land 2 infantry from London to Flanders');
  assert.deepEqual([sea.code, sea.column], ['not-a-sea-zone', 22]);
  assert.match(sea.message, /troops land from transports in a sea zone/);
  const unit = refusal(state, 'britain', 'land 2 infantri from North Sea to Flanders');
  assert.deepEqual([unit.code, unit.column, unit.suggestion], ['unknown-unit', 8, 'Infantry']);
  assert.equal(refusal(state, 'britain', 'embark 1 battleship from London onto transports in North Sea').code, 'unit-cannot-move');
  assert.equal(refusal(state, 'britain', 'embark 2 infantry from London').code, 'bad-embark');
  const json = greatWar.checkOrders(
    {
      orders: [
        { kind: 'embark', from: 'london', at: 'north-sea', unit: { infantry: 1 } },
        { kind: 'land', from: 'north-sae', to: 'flanders', units: { infantry: 1 } },
      ],
    },
    { state, seat: 'britain', step },
  );
  assert.ok(!json.ok);
  assert.deepEqual(
    json.error.map((p) => [p.code, p.path, p.suggestion]),
    [
      ['unknown-field', '$.orders[0].unit', 'units'],
      ['missing-units', '$.orders[0].units', undefined],
      ['unknown-area', '$.orders[1].from', 'north-sea'],
    ],
  );
});

test('D-NAV-20, D-NAV-21, D-NAV-22, GW-UNIT-33: whole turns of August 1914: the BEF goes aboard in the Channel, sails to the North Sea, lands part in Newcastle, keeps the rest aboard over the turn, lands it the next turn; every invariant holds and the record replays', () => {
  const script = Array.from({ length: 800 }, (_, i) => ((i * 7) % 10) + 1);
  const first = playTurn(newGame(script), {
    britain: {
      text: [
        'sail 2 transports from English Channel to North Sea as transport',
        'embark 2 infantry, 1 artillery from London onto transports in English Channel',
        'land 1 infantry from North Sea to Newcastle',
        'sail 1 battleship in North Sea as bombard',
      ].join('\n'),
    },
  });
  const after = first.game.position.state;
  assert.deepEqual(greatWar.invariants!(after), []);
  assert.deepEqual(landInvariants(after), []);
  assert.deepEqual(
    eventsOf(first.events, 'embark').map((e) => [e['at'], e['units']]),
    [['english-channel', { infantry: 2, artillery: 1 }]],
  );
  assert.deepEqual(eventsOf(first.events, 'disembark').map((e) => [e['to'], e['units']]), [['newcastle', { infantry: 1 }]]);
  assert.deepEqual(eventsOf(first.events, 'bombardment-idle').map((e) => e['at']), ['north-sea']);
  const atSeaNow = after.board.units.filter((u) => u.aboard !== undefined);
  assert.deepEqual(atSeaNow.map((u) => [u.type, u.at]).sort(), [
    ['artillery', 'north-sea'],
    ['infantry', 'north-sea'],
  ]);
  for (const e of first.events.filter((x) => ['sail', 'embark', 'disembark', 'cargo-moved', 'bombardment-idle'].includes(x.type))) assert.ok(greatWar.describeEvent!(e), e.type);
  const second = playTurn(first.game, { britain: { text: 'land all from North Sea to Edinburgh' } });
  const end = second.game.position.state;
  assert.deepEqual(greatWar.invariants!(end), []);
  assert.deepEqual(eventsOf(second.events, 'disembark').map((e) => [e['to'], e['units']]), [['edinburgh', { infantry: 1, artillery: 1 }]]);
  assert.equal(end.board.units.filter((u) => u.aboard !== undefined).length, 0);
  const check = replay(greatWar, second.game.record);
  assert.ok(check.ok, check.mismatch?.message);
});

test('D-NAV-20: the invariants find cargo that is not where its transport is, or aboard nothing', () => {
  const state = scene({ 'north-sea': { britain: { transport: 1 } }, london: { britain: { infantry: 1 } } });
  const inf = state.board.units.find((u) => u.type === 'infantry' && u.at === 'london')!;
  inf.at = 'north-sea';
  assert.ok(invariants(state).some((v) => v === 'unit britain-t2 (infantry) stands at sea in north-sea'));
  inf.aboard = 'britain-t1';
  assert.deepEqual(invariants(state), []);
  inf.at = 'skagerrak';
  assert.deepEqual(cargoInvariants(state, world), ['unit britain-t2 is aboard britain-t1 in north-sea but stands in skagerrak']);
  inf.aboard = 'britain-t9';
  assert.deepEqual(cargoInvariants(state, world), ["unit britain-t2 is aboard 'britain-t9', which is no ship on the board"]);
});
