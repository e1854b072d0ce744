/**
 * Golden records: whole games played by the bots with fixed seeds, kept as hashes so that moving code around can be
 * shown to change nothing. Each game's record (orders, rolls, events, state hashes) is hashed whole and step by
 * step; a change names the first step whose state or events differ.
 *
 * Written by `node packages/great-war/dist/test/golden-games.js --write` (after `npm run build`), read by
 * golden-records.test.ts.
 */
import { autoplay, botNamed, hashValue, type GameRecord } from '@umpire/engine';
import { greatWar } from '@umpire/great-war';

export interface GoldenGame {
  readonly seed: string;
  readonly bot: string;
  readonly turns: number;
}

export interface GoldenRecord extends GoldenGame {
  readonly turnsPlayed: number;
  readonly verdict: string;
  readonly recordHash: string;
  readonly finalStateHash: string;
  /** Per step: its id, the hash of its events and the hash of the state after it. */
  readonly steps: readonly (readonly [string, string, string])[];
}

/** The games kept: the general on every seat for four seeds and the whole 26 turns, and the random player briefly. */
export const GOLDEN_GAMES: readonly GoldenGame[] = [
  { seed: 'golden-1', bot: 'general', turns: 26 },
  { seed: 'golden-2', bot: 'general', turns: 26 },
  { seed: 'golden-3', bot: 'general', turns: 26 },
  { seed: 'golden-4', bot: 'general', turns: 26 },
  { seed: 'golden-random', bot: 'random', turns: 2 },
];

export function playGolden(g: GoldenGame): GoldenRecord {
  const bot = botNamed(greatWar, g.bot);
  if (!bot) throw new Error(`no bot named ${g.bot}`);
  const played = autoplay(greatWar, { seed: g.seed, turns: g.turns, bot, gameId: `golden-${g.seed}` });
  const record: GameRecord = played.game.record;
  return {
    ...g,
    turnsPlayed: played.turns,
    verdict: played.verdict,
    recordHash: hashValue(record),
    finalStateHash: played.finalStateHash,
    steps: record.steps.map((s) => [s.id, hashValue(s.events), s.stateHash ?? ''] as const),
  };
}

/** The kept records, beside this file's source (this module runs from dist/test/). */
export const GOLDEN_FILE = new URL('../../test/fixtures/golden-records.json', import.meta.url);

if (process.argv.includes('--write')) {
  const { writeFileSync } = await import('node:fs');
  const records = GOLDEN_GAMES.map((g) => {
    const t0 = performance.now();
    const r = playGolden(g);
    console.log(`${g.seed}: ${r.turnsPlayed} turns, ${r.verdict}, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return r;
  });
  writeFileSync(GOLDEN_FILE, `${JSON.stringify(records, null, 1)}\n`);
  console.log(`wrote ${GOLDEN_FILE}`);
}
