import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeAirEvent } from '../src/index.js';
import { eventsOf, fight, landingsOf, runPhases, scene, unitsIn } from './helpers.js';

/**
 * The fictive unit in every combat (decision D-COMBAT-1 of docs/great-war/decisions.md, D-SIM-18): each side of one
 * commander has a fictive unit with no value that takes the first hit scored against it, in air combat as in land and
 * naval combat. Land and naval combat are tested with their phases; here the air combats of phases 9 and 4.
 */

type Round = { role: string; nations: string[]; hits: number; absorbed: number; lost: number };
const airRounds = (events: Parameters<typeof eventsOf>[0]) => eventsOf(events, 'air-combat-round').map((e) => e['sides'] as Round[]);

test('GW-COMBAT-02, GW-P09-AIR-06: in an air combat each side of one commander has a fictive unit that takes its first hit', () => {
  const state = scene({ metz: { germany: { fighter: 2 } }, nancy: { france: { infantry: 1, fighter: 1 } } });
  // Air round 1: the German fighters roll 3 and 4 (attack 3: one hit), the French fighter 2 (a hit). Each hit falls on
  // the other side's fictive unit: nobody is shot down.
  const events = fight(state, { germany: 'fly 2 fighters from Metz to Nancy' }, [3, 4, 2]);
  assert.deepEqual(airRounds(events), [
    [
      { role: 'attacker', nations: ['germany'], hits: 1, absorbed: 1, lost: 0 },
      { role: 'interceptor', nations: ['france'], hits: 1, absorbed: 1, lost: 0 },
    ],
  ]);
  assert.match(describeAirEvent(eventsOf(events, 'air-combat-round')[0]!, state)!, /one hit on them taken by the fictive unit/);
  assert.equal(eventsOf(events, 'losses').length, 0);
  // Both German fighters have 1 fuel left after the round and fly home.
  assert.deepEqual(landingsOf(events), ['germany {"fighter":2} nancy -> metz (fuel)']);
  assert.deepEqual(unitsIn(state, 'nancy'), { 'france infantry': 1, 'france fighter': 1 });
});

test('GW-COMBAT-02, GW-COMBAT-03, GW-P09-AIR-06: an air combat side of several commanders has no fictive unit; the other side keeps its own', () => {
  // Germany and Austria-Hungary attack together: the first hit against them is a real loss. France's single fighter
  // has its fictive unit, which takes the one hit the attackers score.
  const state = scene({ metz: { germany: { fighter: 1 }, 'austria-hungary': { fighter: 1 } }, nancy: { france: { infantry: 1, fighter: 1 } } });
  const events = fight(state, { germany: 'fly 1 fighter from Metz to Nancy', 'austria-hungary': 'fly 1 fighter from Metz to Nancy' }, [1, 10, 1]);
  assert.deepEqual(airRounds(events), [
    [
      { role: 'attacker', nations: ['austria-hungary', 'germany'], hits: 1, absorbed: 0, lost: 1 },
      { role: 'interceptor', nations: ['france'], hits: 1, absorbed: 1, lost: 0 },
    ],
  ]);
  assert.deepEqual(eventsOf(events, 'losses').map((e) => [e['nation'], e['units']]), [['germany', { fighter: 1 }]]);
});

test('GW-COMBAT-02, GW-P09-AIR-13, GW-P04-BOMB-03: the one air round of a bombing mission has the fictive units too', () => {
  // The French territories between Metz and Paris hold no AA gun and no fighter.
  const route = { nancy: { france: { infantry: 1 } }, verdun: { france: { infantry: 1 } }, reims: { france: { infantry: 1 } }, belfort: { france: { infantry: 1 } }, strasbourg: { germany: { infantry: 1 } } };
  const state = scene({ metz: { germany: { bomber: 2 } }, paris: { france: { fighter: 1 } }, ...route });
  state.nations.find((n) => n.id === 'germany')!.tech['improved-bombers'] = 4;
  // Air round: the bombers roll at 1 (10, 10: no hit), the French fighter hits (2), on Germany's fictive unit. Both
  // bombers get through and roll 1D4 each for resources (3 and 1).
  const events = runPhases(state, { germany: 'bomb Paris for resources with 2 bombers from Metz', france: 'intercept over Paris' }, [10, 10, 2, 3, 1], 'bombing', 'bombing');
  assert.deepEqual(airRounds(events), [
    [
      { role: 'attacker', nations: ['germany'], hits: 0, absorbed: 1, lost: 0 },
      { role: 'interceptor', nations: ['france'], hits: 1, absorbed: 0, lost: 0 },
    ],
  ]);
  assert.equal(state.air.bombed['france'], 4);
});
