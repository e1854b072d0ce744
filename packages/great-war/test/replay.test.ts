import assert from 'node:assert/strict';
import { test } from 'node:test';
import { autoplay, fuzz, hashPosition, replay, type GameRecord } from '@umpire/engine';
import { greatWar, type GreatWarState } from '../src/index.js';
import { nation, newGame, playTurn } from './helpers.js';

test('replay reproduces a scripted game of three turns exactly', () => {
  let game = newGame([9, 2, 10, 5, 4, 9, 5, 9, 1, 2, 3]); // each turn ends with the US Entry economic roll (D-USA-6); 1, 2, 3: the Ottoman entry's sea battle on turn 3 (D-OTT-1)
  game = playTurn(game, { germany: { text: 'research tanks\nresearch gas' }, italy: { text: 'research bombers' } }).game;
  game = playTurn(game, { germany: { text: 'research tanks' }, france: { json: { orders: [{ kind: 'research', tech: 'radar' }] } } }).game;
  game = playTurn(game, { germany: { text: 'research gas' } }).game;
  assert.equal(nation(game, 'germany').tech['tanks'], 1);
  assert.equal(nation(game, 'germany').tech['chemical-warfare'], 1);
  const report = replay<GreatWarState>(greatWar, game.record);
  assert.ok(report.ok, report.mismatch?.message);
  assert.equal(report.stepsChecked, 3);
  assert.equal(report.rollsChecked, 12); // the script and the economic roll of turn 3
  assert.equal(hashPosition(report.game!.position), hashPosition(game.position));
});

test('replay reproduces a committed-dice game of bots and catches a changed research roll', () => {
  const played = autoplay(greatWar, { seed: 'replay', turns: 4 });
  assert.equal(played.turns, 4);
  const record = played.game.record;
  const report = replay(greatWar, record);
  assert.ok(report.ok, report.mismatch?.message);
  assert.equal(report.stepsChecked, 4);
  assert.equal(hashPosition(report.game!.position), played.finalStateHash);

  const i = record.steps.findIndex((s) => s.events.some((e) => e.type === 'research'));
  assert.ok(i >= 0, 'the bots made at least one research attempt');
  const tampered = structuredClone(record) as { -readonly [K in keyof GameRecord]: GameRecord[K] } & { steps: { events: Record<string, unknown>[] }[] };
  const j = tampered.steps[i]!.events.findIndex((e) => e['type'] === 'research');
  tampered.steps[i]!.events[j]!['success'] = !tampered.steps[i]!.events[j]!['success'];
  const bad = replay(greatWar, tampered as unknown as GameRecord);
  assert.ok(!bad.ok);
  assert.equal(bad.mismatch?.path, `$.steps[${i}].events[${j}]`);
});

test('the engine fuzzer finds no crash, refused legal orders, broken invariant or replay mismatch', () => {
  const report = fuzz(greatWar, { games: 8, seed: 'great-war', maxTurns: 6 });
  assert.deepEqual(report.failures, []);
  assert.equal(report.steps, 8 * 6);
});
