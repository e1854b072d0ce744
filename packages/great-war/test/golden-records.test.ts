import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { GOLDEN_FILE, GOLDEN_GAMES, playGolden, type GoldenRecord } from './golden-games.js';

const kept: GoldenRecord[] = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8'));

test('golden records: the kept games are the games this file plays', () => {
  assert.deepEqual(kept.map((r) => [r.seed, r.bot, r.turns]), GOLDEN_GAMES.map((g) => [g.seed, g.bot, g.turns]));
  assert.ok(kept.every((r) => r.steps.length > 0 && /^[0-9a-f]{64}$/.test(r.recordHash)));
});

for (const game of GOLDEN_GAMES) {
  test(`golden records: ${game.seed} (${game.bot} on every seat, ${game.turns} turns) gives the same record, step by step`, () => {
    const want = kept.find((r) => r.seed === game.seed);
    assert.ok(want, `no kept record for ${game.seed}`);
    const got = playGolden(game);
    const firstDiff = got.steps.findIndex((s, i) => JSON.stringify(s) !== JSON.stringify(want.steps[i]));
    assert.equal(firstDiff, -1, `step ${got.steps[firstDiff]?.[0]} differs: events or state changed`);
    assert.equal(got.steps.length, want.steps.length);
    assert.equal(got.turnsPlayed, want.turnsPlayed);
    assert.equal(got.verdict, want.verdict);
    assert.equal(got.finalStateHash, want.finalStateHash);
    assert.equal(got.recordHash, want.recordHash);
  });
}
