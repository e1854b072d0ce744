import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createGame, formatProblems, hashPosition, openStep, replay, resolveStep, submitOrders, type GameEvent, type Game } from '@umpire/engine';
import { greatWar, landInvariants, orderKinds, terrainRules, turnPhaseNames, type GreatWarState } from '../src/index.js';
import { describeLandEvent } from '../src/land/combat-report.js';
import { describeAirEvent } from '../src/air/air-combat.js';
import { eventsOf, must, ordersContext, randomDraft } from './helpers.js';

const LAND_KINDS = ['upgrade', 'bomb', 'strike', 'hunt', 'disengage', 'repair', 'sail', 'embark', 'cover', 'ambush', 'evade', 'move', 'land', 'fly', 'losses', 'retreat', 'breakthrough', 'intercept', 'strategic', 'exile'];
const secret = (n: number) => n.toString(16).padStart(64, '0');

function committedGame(id = 'land'): Game<GreatWarState> {
  return must(createGame<GreatWarState>(greatWar, { gameId: id, dice: { mode: 'committed' } }));
}

test('D-SIM-1, GW-MISC-03: the land phases run in the rule book\'s order for every nation at once, and their orders come in phase order', () => {
  const at = (name: string) => turnPhaseNames.indexOf(name);
  assert.ok(at('technology') < at('build') && at('build') < at('land-movement'));
  assert.ok(at('land-movement') < at('land-combat') && at('land-combat') < at('strategic-movement') && at('strategic-movement') < at('incorporation'));
  const kinds = orderKinds as readonly string[];
  assert.deepEqual(
    LAND_KINDS.map((k) => kinds.indexOf(k)).every((i, n, all) => i > kinds.indexOf('research') && (n === 0 || i > all[n - 1]!)),
    true,
  );
  assert.deepEqual(greatWar.turnPlan(committedGame().position.state, 1)[0]!.kind, 'orders', 'one orders step: all nations at once');
});

test('D-SIM-25, D-AIR-1, D-AIR-5: a full August 1914 turn with moves and flights for every land power adjudicates, reports every land event, keeps every invariant, and replay verifies it', () => {
  let game = must(openStep(greatWar, committedGame('august'), secret(1914)));
  const orders: Record<string, string> = {
    germany: [
      'move 10 infantry, 1 artillery from Metz to Verdun',
      'move 5 infantry from Konigsberg to Vilnius',
      'move 20 infantry from Cologne to Metz',
      'fly 1 fighter from Metz to Verdun',
      'strategic 2 infantry from Cologne to Berlin',
      'losses infantry, artillery',
      'retreat from Vilnius when outnumbered',
    ].join('\n'),
    'austria-hungary': 'move 3 infantry from Sarajevo to Valjevo\nmove 10 infantry from Lemberg to Rovno\nfly 1 fighter from Lemberg to Rovno\nretreat from Rovno after round 3',
    russia: 'move all from Vilnius to Konigsberg\nmove 5 infantry from Warsaw to Danzig\nintercept everywhere',
    france: 'move 10 infantry from Nancy to Metz\nmove 5 infantry from Reims to Verdun\nfly 1 fighter from Reims to Verdun\nretreat from Metz after round 2',
    britain: 'move 1 infantry from Egypt to Suez Canal\nmove 2 infantry from London to Birmingham',
    serbia: 'move 2 infantry from Belgrade to Temesvar\nretreat from Valjevo to Nis after round 2\nlosses infantry',
    'ottoman-empire': 'move 1 infantry from Constantinople to Adrianople',
    italy: 'move 1 infantry from Rome to Naples',
    japan: 'move 1 infantry from Tokyo to Nagoya',
    china: 'move 1 infantry from Peking to Manchuria',
    usa: 'move 1 infantry from Texas to Deep South',
  };
  for (const [seat, text] of Object.entries(orders)) game = must(submitOrders(greatWar, game, seat, { text })).game;
  const resolved = must(resolveStep(greatWar, game, secret(1914))).game;
  const events = resolved.record.steps[0]!.events;
  const state = resolved.position.state;
  assert.equal(eventsOf(events, 'move').length, 17, 'one for each order (the artillery of Metz and Vilnius fire instead)');
  assert.deepEqual(eventsOf(events, 'artillery-support').map((e) => [e['nation'], e['from'], e['at']]), [
    ['germany', 'metz', 'verdun'],
    ['russia', 'vilnius', 'konigsberg'],
  ]);
  assert.deepEqual(eventsOf(events, 'order-void'), []);
  assert.deepEqual(
    eventsOf(events, 'battle').map((e) => e['area']),
    ['danzig', 'konigsberg', 'metz', 'rovno', 'temesvar', 'valjevo', 'verdun', 'vilnius'],
    'in the order of the territory ids (D-SIM-10)',
  );
  assert.equal(eventsOf(events, 'battle-result').length, 8);
  assert.ok(eventsOf(events, 'roll').some((e) => /^Germany attacks Verdun, round 1: artillery #1 firing from Metz/.test(String(e['purpose']))));
  assert.equal(eventsOf(events, 'strategic-move').length, 1);
  // The air war: three flights; the French fighter that flew into Verdun and the Russian one in Rovno meet the attackers.
  assert.deepEqual(eventsOf(events, 'flight').map((e) => [e['nation'], e['to'], e['attack'] ?? false]), [
    ['germany', 'verdun', true],
    ['austria-hungary', 'rovno', true],
    ['france', 'verdun', false],
  ]);
  assert.deepEqual(eventsOf(events, 'air-combat').map((e) => e['area']), ['rovno', 'verdun']);
  for (const e of events.filter((x) => ['flight', 'aa-fire', 'air-combat', 'air-combat-round', 'air-combat-result', 'landing', 'crash', 'no-interception'].includes(x.type))) assert.ok(describeAirEvent(e, state), e.type);
  assert.deepEqual(state.air.flights, []);
  assert.deepEqual(greatWar.invariants!(state), []);
  assert.deepEqual(landInvariants(state), []);
  for (const e of events.filter((x) => !['roll', 'decision', 'treasury'].includes(x.type))) {
    if (LAND_EVENT_TYPES.includes(e.type)) assert.ok(describeLandEvent(e, state), e.type);
  }
  const check = replay<GreatWarState>(greatWar, resolved.record);
  assert.ok(check.ok, check.mismatch?.message);
  assert.equal(hashPosition(check.game!.position), hashPosition(resolved.position));
  assert.ok(check.rollsChecked > 100);
});

const LAND_EVENT_TYPES = ['move', 'artillery-support', 'support-idle', 'order-void', 'capture', 'trench-destroyed', 'battle', 'battle-round', 'losses', 'retreat', 'battle-result', 'conquered', 'exile', 'liberated', 'strategic-move'];

const ids = (events: readonly GameEvent[], ...types: string[]) => new Set(events.filter((e) => types.includes(e.type)).flatMap((e) => (e['ids'] as string[] | undefined) ?? []));

test('property: random legal land turns keep every unit in one place, account for every unit, bar no terrain and keep ownership consistent with units', () => {
  const land = fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 11, maxLength: 11 });
  fc.assert(
    fc.property(fc.array(land, { minLength: 1, maxLength: 2 }), fc.nat(), (turns, seed) => {
      let game = committedGame(`prop-${seed}`);
      for (const [t, choices] of turns.entries()) {
        const key = secret(seed * 7 + t + 1);
        game = must(openStep(greatWar, game, key));
        const before = structuredClone(game.position.state);
        greatWar.seats(before).forEach((seat, i) => {
          const draft = randomDraft(game, seat, choices[i]!, (kind) => ['declare', ...LAND_KINDS].includes(kind)); // with declarations of war (O-50), attacks on new enemies
          const checked = greatWar.checkOrders(draft, ordersContext(game, seat));
          assert.ok(checked.ok, checked.ok ? '' : formatProblems(checked.error));
          game = must(submitOrders(greatWar, game, seat, { json: draft })).game;
        });
        game = must(resolveStep(greatWar, game, key)).game;
        const after = game.position.state;
        const events = game.record.steps.at(-1)!.events;
        assert.deepEqual(greatWar.invariants!(after), []);
        assert.deepEqual(landInvariants(after), []);
        // No unit in two places; every unit of before is still there or was lost; every unit that changed place moved.
        const now = new Map(after.board.units.map((u) => [u.id, u]));
        assert.equal(now.size, after.board.units.length, 'a unit id appears twice');
        const lost = ids(events, 'losses', 'crash', 'cargo-lost', 'lost-aboard');
        const moved = ids(events, 'move', 'retreat', 'strategic-move', 'flight', 'landing', 'sail', 'naval-retreat', 'disengage', 'embark', 'disembark', 'cargo-moved', 'radar-evasion');
        for (const u of before.board.units) {
          const later = now.get(u.id);
          if (!later) assert.ok(lost.has(u.id), `${u.id} vanished without a loss`);
          else {
            assert.ok(!lost.has(u.id), `${u.id} was lost but is still on the board`);
            if (later.at !== u.at) assert.ok(moved.has(u.id), `${u.id} changed place without a move`);
          }
          if (later) assert.ok(!terrainRules[later.at]?.barred.includes(later.type), `${u.id} in barred ${later.at}`);
        }
        // Every territory that changed hands did so by a capture event, and holds no unit at war with its holder.
        const captured = new Set(eventsOf(events, 'capture').map((e) => String(e['area'])));
        for (const [id, hold] of Object.entries(after.board.territories)) {
          if (hold.owner !== before.board.territories[id]!.owner) assert.ok(captured.has(id), `${id} changed hands without a capture`);
        }
      }
    }),
    { numRuns: 12 },
  );
});
