import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { autoplay, phaseContext, ScriptedDice, type DecisionAnswer, type GameEvent, type RecordingContext } from '@umpire/engine';
import { allHexes, findHex, hexFacts } from '../src/base/hexes.js';
import { isSourceHex } from '../src/supply/sources.js';
import { isOnMap, type VernianState } from '../src/base/state.js';
import { allUnits, unitInfo } from '../src/base/units.js';
import { openingState } from '../src/arrivals/opening.js';
import { arrivalOf, receiveReinforcements } from '../src/arrivals/schedule.js';
import { doverHex, germanInfantryIn } from '../src/england/tunnel-guard.js';
import { trackLines, tunnelInvariants, tunnelUnits } from '../src/england/tunnel.js';
import { takeLosses } from '../src/combat/losses.js';
import { supplyOf, supplyPicture } from '../src/supply/supply.js';
import { phases } from '../src/turn/phases.js';
import { describeState } from '../src/views/report.js';
import { vernian } from '../src/index.js';
import { eventsOf, fight, position, problems } from './combat-helpers.js';
import { at, cleared, neighbourWhere, newGame, playStep, stepInfo, unitsWhere } from './fixtures.js';

/**
 * The Channel tunnel (VV-TUN-01 to VV-TUN-18): the Turn Record Track's stacks, their arrival in Dover, the queue
 * backing up, the seal and the stacks' walk back into Germany, Dover as a German source, and the German player never
 * closing it himself.
 */

const dover = doverHex();
const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
const turnOf = (letter: string) => letters.indexOf(letter) * 3 + 1;

/** A context for a phase called directly: the step of a segment on a turn, scripted dice, answers by decision id. */
function context(
  turn: number,
  segment: 'setup' | 'strategic' | 'german' | 'allied',
  answers: Record<string, string> = {},
  dice: number[] = [],
): RecordingContext {
  return phaseContext({
    step: stepInfo(segment, turn),
    dice: new ScriptedDice(dice),
    answers: Object.entries(answers).map(([id, answer]) => ({ id, seat: 'germany', answer }) as DecisionAnswer),
  });
}

/** Run the Reinforcement Phase of a Strategic Turn on a state. */
function reinforce(state: VernianState, letter: string, answers: Record<string, string> = {}): RecordingContext {
  const ctx = context(turnOf(letter), 'strategic', answers);
  phases['reinforcements']!(state, new Map(), ctx);
  return ctx;
}

/** A clean board with the opening's tunnel track, open, and German infantry in Dover. */
function tunnelBoard(keepers: readonly string[]): VernianState {
  const s = cleared();
  s.tunnel = openingState().tunnel;
  // The stacks' units are due again: on this board they come through the tunnel.
  for (const id of s.tunnel.track.flatMap((stack) => stack.units)) s.units[id]!.at = 'due';
  for (const id of keepers) s.units[id]!.at = dover;
  s.control[dover] = 'germany';
  return s;
}

const decisions = (events: readonly GameEvent[]) => eventsOf(events, 'decision').map((e) => String(e['id']));
const sizes = (s: VernianState) => s.tunnel.track.map((t) => `${t.due}${t.units.length}`);
const [m1, m2] = ['de-m1', 'de-m2'];
const [cavalry] = unitsWhere((u) => u.nation === 'germany' && u.type.class === 'cavalry', 1);
const [briton1, briton2, briton3] = unitsWhere((u) => u.nation === 'britain' && u.entry.code === 'K' && !u.hq, 3);

describe('the Turn Record Track', () => {
  it('VV-TUN-07..09, VB-TURN-15: seven stacks due A to G, five combat units each, at most one HQ', () => {
    const s = openingState();
    assert.equal(s.tunnel.open, true);
    assert.deepEqual(
      s.tunnel.track.map((t) => t.due),
      letters,
    );
    for (const t of s.tunnel.track) {
      assert.equal(t.units.filter((id) => unitInfo(id).combat).length, 5, t.due);
      assert.ok(t.units.filter((id) => unitInfo(id).hq).length <= 1, t.due);
      for (const id of t.units) assert.equal(s.units[id]!.at, 'due');
    }
    const coded = [...allUnits()].filter((u) => u.nation === 'germany' && ['I', 'J', 'O'].includes(u.entry.code)).map((u) => u.id);
    assert.deepEqual(tunnelUnits(s).sort(), coded.sort());
    assert.deepEqual(tunnelInvariants(s), []);
  });

  it('VV-TUN-01, VV-TUN-10, VB-MAP-11: Dover to Munich, off the map; I, J and O come only by the tunnel', () => {
    assert.equal(dover, at('Dover'));
    assert.equal(findHex('Munich').ok, false);
    const s = openingState();
    for (let turn = 1; turn <= 21; turn += 3) receiveReinforcements(s, turn);
    for (const id of tunnelUnits(openingState())) {
      assert.deepEqual(arrivalOf(unitInfo(id)), { kind: 'tunnel' });
      assert.equal(s.units[id]!.at, 'due', `${id} never reaches the box by the schedule`);
    }
  });

  it('VB-TURN-15: the report shows the tunnel and the stacks due by letter', () => {
    const track = describeState(openingState(), 'allies').find((sec) => sec.title === 'Turn Record Track');
    assert.ok(track?.lines);
    assert.match(track.lines[0]!, /tunnel is open/);
    assert.match(track.lines[1]!, /^Strategic Turn A, into B1613 Dover: de-a12, de-alp/);
    assert.equal(trackLines(openingState()).length, 8);
  });
});

describe('arrivals in Dover', () => {
  it('VV-TUN-11, VB-REIN-14: on A the stack due goes straight into Dover when it fits', () => {
    const s = tunnelBoard([m1]);
    s.tunnel.track[0]!.units = ['de-a12', 'de-alp', 'de-119'];
    const ctx = reinforce(s, 'A');
    for (const id of ['de-a12', 'de-alp', 'de-119']) assert.equal(s.units[id]!.at, dover, id);
    assert.deepEqual(decisions(ctx.events), []);
    assert.deepEqual(eventsOf(ctx.events, 'tunnel-arrival')[0]!['units'], ['de-a12', 'de-alp', 'de-119']);
    assert.equal(s.tunnel.track[0]!.due, 'B');
  });

  it('VV-TUN-12..14: only what fits comes, the German player choosing; the queue backs up, stack sizes kept', () => {
    const s = openingState(); // Dover holds the two one-step marine divisions: 4 steps and the HQ slot free.
    const ctx = reinforce(s, 'A', { 'tunnel.A.dover.1': 'de-183', 'tunnel.A.dover.2': 'de-a12', 'tunnel.A.dover.3': 'de-alp' });
    assert.deepEqual(decisions(ctx.events), ['tunnel.A.dover.1', 'tunnel.A.dover.2', 'tunnel.A.dover.3']);
    assert.deepEqual(eventsOf(ctx.events, 'tunnel-arrival')[0]!['units'], ['de-183', 'de-a12', 'de-alp']);
    assert.deepEqual(eventsOf(ctx.events, 'tunnel-bumped')[0]!['units'], ['de-119', 'de-123', 'de-185']);
    assert.deepEqual(sizes(s), ['B6', 'C6', 'D5', 'E5', 'F5', 'G5', 'H3']);
    assert.deepEqual(s.tunnel.track[0]!.units, ['de-119', 'de-123', 'de-185', 'de-187', 'de-192', 'de-195']);
    assert.deepEqual(s.tunnel.track[6]!.units, ['de-236', 'de-237', 'de-238'], 'the last three of G are pushed to H');
    assert.deepEqual(tunnelInvariants(s), []);
  });

  it('VV-TUN-12, D-AMB-20: unanswered, the units come in queue order', () => {
    const s = openingState();
    reinforce(s, 'A');
    assert.deepEqual(germanInfantryIn(s, dover).sort(), ['de-119', 'de-alp', m1, m2].sort());
    assert.equal(s.units['de-a12']!.at, dover);
  });

  it('VV-TUN-18, VV-TUN-13: stacks come only in the Strategic step; a full Dover bumps the whole stack', () => {
    let game = newGame();
    game = playStep(game); // set-up
    game = playStep(game); // Strategic Turn A
    const afterA = structuredClone(game.position.state.tunnel);
    assert.ok(eventsOf(game.record.steps.at(-1)!.events, 'tunnel-arrival').length === 1);
    for (let i = 0; i < 6; i++) {
      game = playStep(game); // the German and Allied player-turns of Operational Turns 1 to 3
      const events = game.record.steps.at(-1)!.events;
      assert.deepEqual(
        events.filter((e) => String(e.type).startsWith('tunnel')),
        [],
        game.record.steps.at(-1)!.id,
      );
      assert.deepEqual(game.position.state.tunnel, afterA);
    }
    game = playStep(game); // Strategic Turn B: Dover is full (6 steps), nothing fits
    const step = game.record.steps.at(-1)!;
    assert.equal(step.id, 't4.strategic');
    assert.equal(eventsOf(step.events, 'tunnel-arrival').length, 0);
    assert.deepEqual(eventsOf(step.events, 'tunnel-bumped')[0]!['units'], afterA.track[0]!.units);
    assert.equal(game.position.state.tunnel.track[0]!.due, 'C');
  });
});

describe('the seal', () => {
  it('VV-TUN-04, VV-TUN-15..17: Dover emptied by combat between B and C; the last stack comes out on E, the next on F', () => {
    const near1 = neighbourWhere(dover, (h) => hexFacts(h)!.land);
    const s = position({ [dover]: [m1], [near1]: [briton1!, briton2!, briton3!] });
    s.tunnel = openingState().tunnel;
    const last = s.tunnel.track.at(-1)!.units;
    const secondLast = s.tunnel.track.at(-2)!.units;
    const { events } = fight(s, 'allies', `attack ${dover} with ${briton1}, ${briton2}, ${briton3}`, [1], {}, { turn: 6 });
    assert.equal(s.units[m1]!.at, 'out');
    assert.equal(s.tunnel.open, false);
    assert.equal(s.tunnel.sealedAfter, 'B');
    assert.equal(eventsOf(events, 'tunnel-sealed').length, 1);
    assert.deepEqual(
      s.tunnel.track.map((t) => t.due),
      ['E', 'F', 'G', 'H', 'I', 'J', 'K'],
    );
    assert.deepEqual(s.tunnel.track[0]!.units, last, 'reversed: the last stack first');
    for (const letter of ['C', 'D']) assert.deepEqual(eventsOf(reinforce(s, letter).events, 'tunnel-emerged'), [], letter);
    const onE = reinforce(s, 'E'); // X = B, X+3 = E (VV-TUN-17's worked example)
    assert.deepEqual(
      eventsOf(onE.events, 'tunnel-emerged').map((e) => e['unit']),
      last,
    );
    for (const id of last) assert.equal(hexFacts(s.units[id]!.at)?.nation, 'germany', id);
    assert.equal(s.units[last[0]!]!.at, 'W9928', 'the default: the legal hex nearest Munich');
    reinforce(s, 'F');
    for (const id of secondLast) assert.ok(isOnMap(s.units[id]!.at) && hexFacts(s.units[id]!.at)!.map === 'W', id);
    assert.deepEqual(tunnelInvariants(s), []);
  });

  it('VV-TUN-16, VB-REIN-14: the German player picks the exit hex; with no legal hex a unit goes to the box', () => {
    const sealedAfterA = () => {
      const s = tunnelBoard([m1]);
      s.units[m1]!.at = 'out';
      phases['german-attrition']!(s, new Map(), context(2, 'german'));
      return s;
    };
    const s = sealedAfterA();
    assert.equal(s.tunnel.open, false);
    assert.equal(s.tunnel.track[0]!.due, 'D', 'sealed after A: from D');
    const first = s.tunnel.track[0]!.units;
    reinforce(s, 'D', { [`tunnel.D.exit.${first[0]}`]: at('Cologne') });
    assert.equal(s.units[first[0]!]!.at, at('Cologne'));
    // Every German city and German source in Allied hands: nothing can come out, all go to the box.
    const t = sealedAfterA();
    for (const h of allHexes()) if ((h.nation === 'germany' && h.city) || isSourceHex(h, 'germany')) t.control[h.id] = 'allies';
    const boxed = reinforce(t, 'D');
    assert.deepEqual(eventsOf(boxed.events, 'tunnel-boxed')[0]!['units'], first);
    for (const id of first) assert.equal(t.units[id]!.at, 'box');
  });

  it('VV-TUN-05: after the seal no stack ever goes to Dover again, even with Germans back in it', () => {
    const s = tunnelBoard([m1]);
    s.units[m1]!.at = 'out';
    phases['german-attrition']!(s, new Map(), context(2, 'german'));
    s.units[m2]!.at = dover; // German infantry in Dover again: the tunnel stays sealed
    phases['german-attrition']!(s, new Map(), context(5, 'german'));
    assert.equal(s.tunnel.open, false);
    for (const letter of ['B', 'C', 'D', 'E', 'F', 'G']) reinforce(s, letter);
    const inDover = Object.keys(s.units).filter((id) => s.units[id]!.at === dover);
    assert.deepEqual(inDover, [m2]);
  });
});

describe('what the German player may not do', () => {
  it('VV-TUN-02, VV-TUN-03: the last German infantry division in Dover may not move out', () => {
    const s = tunnelBoard([m1, m2]);
    const out = neighbourWhere(dover, (h) => hexFacts(h)!.land && !hexFacts(h)!.town);
    const refused = problems(s, 'germany', `move ${m1}, ${m2} to ${out}`);
    assert.equal(refused.length, 1);
    assert.match(refused[0]!.message, /last German infantry division in Dover keeps the tunnel open \(VV-TUN-02/);
    assert.deepEqual(problems(s, 'germany', `move ${m1} to ${out}`), []);
    assert.equal(problems(s, 'germany', `move ${m1} to ${out}\nmove ${m2} to ${out}`).length, 1);
    s.tunnel.open = false; // sealed: the tunnel's rule no longer holds them (supply's rules still judge the move)
    assert.ok(!problems(s, 'germany', `move ${m1}, ${m2} to ${out}`).some((p) => p.code === 'tunnel'));
  });

  it('VV-TUN-02, D-AMB-17: no advance out of Dover that would empty it', () => {
    const target = neighbourWhere(dover, (h) => hexFacts(h)!.land && !hexFacts(h)!.town);
    const s = position({ [dover]: [m1, m2], [target]: [briton1!] });
    s.tunnel = openingState().tunnel;
    // A 6 at 1-1: AL1 DL1 DR1. The 1st Marine is lost, the British retreat; the 2nd Marine, the last, stays.
    const { events } = fight(s, 'germany', `attack ${target} with ${m1}, ${m2} advance all`, [6]);
    assert.equal(s.units[briton1!]!.at !== target && s.units[m1]!.at, 'out');
    assert.deepEqual(eventsOf(events, 'advance'), []);
    assert.match(String(eventsOf(events, 'advance-blocked')[0]!['why']), /VV-TUN-02/);
    assert.equal(s.units[m2]!.at, dover);
    assert.equal(germanInfantryIn(s, dover).length, 1);
    assert.equal(s.tunnel.open, true);
  });

  it('VV-TUN-02, D-AMB-17: the German player keeps the last infantry in Dover when he chooses losses; forced, it seals', () => {
    const s = tunnelBoard([m1]);
    s.units[cavalry!]!.at = dover;
    const ctx = context(5, 'allied');
    const request = {
      battle: dover,
      role: 'defender' as const,
      seat: 'germany' as const,
      units: [m1, cavalry!],
      supply: () => 'attack' as const,
    };
    takeLosses(s, ctx, { ...request, count: 1 });
    assert.equal(s.units[m1]!.at, dover, 'the cavalry is lost, not the last infantry');
    assert.equal(s.units[cavalry!]!.at, 'out');
    takeLosses(s, ctx, { ...request, count: 1 });
    assert.equal(s.units[m1]!.at, 'out', 'no other choice: the rules empty Dover');
    phases['allied-attrition']!(s, new Map(), context(5, 'allied'));
    assert.equal(s.tunnel.open, false);
  });
});

describe('Dover as a German source', () => {
  it('VV-TUN-06: while the tunnel is open, Dover is a German ultimate source; sealed, it is not', () => {
    const s = tunnelBoard([m1]);
    assert.ok(supplyPicture(s, 'germany').sourceHexes().ultimate.includes(dover));
    assert.equal(supplyOf(s, m1), 'attack');
    s.tunnel.open = false;
    assert.ok(!supplyPicture(s, 'germany').sourceHexes().ultimate.includes(dover));
    assert.equal(supplyOf(s, m1), 'defense', 'Dover is a town');
    s.tunnel.open = true;
    s.units[m1]!.at = 'due';
    s.control[dover] = 'allies';
    assert.ok(!supplyPicture(s, 'germany').sourceHexes().ultimate.includes(dover), 'only while the Germans hold it');
  });
});

describe('a whole game', () => {
  it('VV-TUN-04, VV-TUN-05, VB-TURN-15: random legal play: every tunnel unit once, on the track, the map, the box or out', () => {
    const tunnel = new Set(tunnelUnits(openingState()));
    let sealedOnce = false;
    const result = autoplay(vernian, {
      seed: 'vernian-tunnel',
      turns: 7, // Strategic Turns A to C (the fuzz of sequence.test.ts checks the same invariants through G)
      onStep(game) {
        const s = game.position.state as VernianState;
        assert.deepEqual(tunnelInvariants(s), []);
        const onTrack = tunnelUnits(s);
        assert.equal(new Set(onTrack).size, onTrack.length);
        for (const id of tunnel) {
          const where = s.units[id]!.at;
          assert.ok(where === 'due' ? onTrack.includes(id) : where === 'box' || where === 'out' || isOnMap(where), id);
        }
        if (sealedOnce) assert.equal(s.tunnel.open, false, 'sealed for the rest of the game');
        sealedOnce ||= !s.tunnel.open;
      },
    });
    assert.ok(result.game.record.steps.length > 1);
  });
});
