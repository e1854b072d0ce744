import { test } from 'node:test';
import assert from 'node:assert/strict';
import { autoplay, botNamed, recordPositions, type GameRecord, type Json, type Position } from '@umpire/engine';
import { vernian } from '../src/index.js';
import { vernianLab } from '../src/tools/lab.js';
import { hexesNamed } from '../src/base/hexes.js';
import { ruleNumbers } from '../src/data/files.js';
import type { VernianState } from '../src/base/state.js';
import { cityPoints } from '../src/victory/victory.js';
import { openingState } from '../src/arrivals/opening.js';

/**
 * vernian's tool for the balance lab (`umpire lab vernian`): what it reads from a game. The lab's own run of vernian
 * games (report, charts) is tested in packages/lab/test/vernian-lab.test.ts.
 */

const position = (state: VernianState): Position => ({ state: state as unknown as Json, hash: '' }) as unknown as Position;

/** A lab game of the given positions after each turn, the last one final, and a record with or without a result. */
function labGame(after: VernianState[], result?: GameRecord['result']): Parameters<typeof vernianLab.summarise>[0] {
  const steps = after.map((_, i) => ({ id: `t${i + 1}.allied`, turn: i + 1 }));
  const record = { steps, ...(result ? { result } : {}) } as unknown as GameRecord;
  return {
    record,
    scenario: 'summer-1914',
    opening: position(openingState()),
    afterTurn: new Map(after.map((s, i) => [i + 1, position(s)])),
    final: position(after.at(-1)!),
  };
}

test('the lab dates the first German hex of Paris and of London, counts city points each turn, and tells a London win', () => {
  const quiet = openingState();
  const paris = structuredClone(quiet);
  const [firstParis] = hexesNamed(ruleNumbers().victory.germany.double);
  paris.control[firstParis!] = 'germany';
  const london = structuredClone(paris);
  for (const hex of hexesNamed(ruleNumbers().victory.london.place)) london.control[hex] = 'germany';
  london.over = { winner: 'germany', summary: 'the Germans hold London and the six hexes around it' };
  const facts = vernianLab.summarise(labGame([quiet, paris, london], { winners: ['germany'], summary: london.over.summary }));
  assert.equal(facts.winner, 'germany');
  assert.equal(facts.standing, 'germany');
  assert.deepEqual(facts.milestones['paris'], { turn: 2 });
  assert.deepEqual(facts.milestones['london'], { turn: 3 });
  assert.equal(facts.milestones['ruhr'], null);
  assert.deepEqual(facts.milestones['victory'], { turn: 3, way: 'london' });
  // A Paris hex is worth 2 city points (VB-WIN-01); the series follows the states turn by turn.
  assert.deepEqual(facts.series['germany'], [
    cityPoints(quiet, 'germany'),
    cityPoints(quiet, 'germany') + 2,
    cityPoints(london, 'germany'),
  ]);
  assert.equal(facts.series['allies']!.length, 3);
});

test('an Allied win on German cities and the draw of the summer are told apart; an unfinished game stands as a draw', () => {
  const ruhr = openingState();
  for (const hex of hexesNamed(ruleNumbers().victory.allies.double)) ruhr.control[hex] = 'allies';
  ruhr.over = { winner: 'allies', summary: 'the Allies hold German cities worth 6 (6 win)' };
  const won = vernianLab.summarise(labGame([openingState(), ruhr], { winners: ['allies'], summary: ruhr.over.summary }));
  assert.equal(won.winner, 'allies');
  assert.deepEqual(won.milestones['ruhr'], { turn: 2 });
  assert.deepEqual(won.milestones['victory'], { turn: 2, way: 'german-cities' });
  const draw = vernianLab.summarise(labGame([openingState()], { winners: [], summary: 'a negotiated peace (a draw)' }));
  assert.equal(draw.winner, 'nobody');
  assert.equal(draw.milestones['victory'], null);
  const unfinished = vernianLab.summarise(labGame([openingState()]));
  assert.equal(unfinished.winner, 'unfinished');
  assert.equal(unfinished.standing, 'nobody', 'had the game stopped there, the summer would end in a draw');
});

test('the lab summarises a real game of the general on both seats; every milestone and series it names is in the facts', () => {
  const general = botNamed(vernian, 'general')!;
  const played = autoplay(vernian, { seed: 'lab-facts', turns: 2, bots: { germany: general, allies: general }, bot: general });
  const positions = recordPositions(vernian, played.game.record);
  assert.equal(positions.mismatch, undefined);
  const facts = vernianLab.summarise({
    record: played.game.record,
    scenario: 'summer-1914',
    opening: position(openingState()),
    afterTurn: positions.afterTurn,
    final: played.game.position,
  });
  assert.equal(facts.winner, 'unfinished');
  for (const member of vernianLab.milestones.flatMap((g) => g.members)) assert.ok(member in facts.milestones, member);
  assert.deepEqual(Object.keys(facts.series).sort(), ['allies', 'germany']);
  const final = played.game.position.state as unknown as VernianState;
  assert.equal(facts.series['germany']!.at(-1), cityPoints(final, 'germany'));
  assert.equal(facts.series['germany']!.length, 2);
});

test("the lab's --set reaches vernian's data: a changed number is in force until the shipped files come back", () => {
  const files = vernianLab.data.files('summer-1914');
  assert.equal(files['rules'], 'data/rules.json');
  const rules = vernianLab.data.shipped('data/rules.json') as { victory: { germany: { points: number } } };
  rules.victory.germany.points = 9;
  assert.equal(ruleNumbers().victory.germany.points, 11, 'the shipped file is a copy');
  const set = vernianLab.data.override({ 'data/rules.json': rules });
  assert.ok(set.ok);
  try {
    assert.equal(ruleNumbers().victory.germany.points, 9);
  } finally {
    vernianLab.data.override({});
  }
  assert.equal(ruleNumbers().victory.germany.points, 11);
  assert.equal(vernianLab.data.shipped('data/nowhere.json'), undefined);
});
