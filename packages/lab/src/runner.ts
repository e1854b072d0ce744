import { autoplay, botNamed, botNames, canonicalJson, closestName, sha256Hex, startClock, type AnyRuleset, type Json, type Position } from '@umpire/engine';
import { botsData, greatWar, judgeVictory, overridableDataFiles, scenarioData, shippedDataFile, warSeries, type GreatWarState, sideOf } from '@umpire/great-war';

/** The rulesets the lab can summarise (the summary reads the Great War's own series). */
export const labRulesets: Readonly<Record<string, AnyRuleset>> = { 'great-war': greatWar as unknown as AnyRuleset };

/** The nations whose entry into the war the lab follows. */
export const FOLLOWED_ENTRIES = ['usa', 'italy', 'ottoman-empire'] as const;

/** One game to play: everything that decides it (with the data overrides in force in the process that plays it). */
export interface GameSpec {
  readonly ruleset: string;
  readonly scenario: string;
  /** The run's seed: game `game` plays with the seed `<seed>/<game>`. */
  readonly seed: string;
  readonly game: number;
  readonly bot: string;
  readonly turns: number;
  readonly options?: Readonly<Record<string, string | number | boolean>>;
}

export interface Entry {
  readonly turn: number;
  readonly side: string;
}

/** What the report needs of one game. */
export interface GameSummary {
  readonly game: number;
  readonly seed: string;
  /** The winning camp ('allied', 'central'), a nation winning alone ('japan'), 'unfinished' when play stopped at --turns, or 'error'. */
  readonly winner: string;
  readonly winners: readonly string[];
  readonly verdict: string;
  /**
   * Who would win if the war ended after the last turn played (the end-of-war conditions judged on the final state):
   * the winner itself for a finished game, the standing of an unfinished one.
   */
  readonly standing: string;
  readonly turnsPlayed: number;
  /** The entry of the USA, Italy and the Ottoman Empire into the war, or null for never. */
  readonly entries: Readonly<Record<string, Entry | null>>;
  readonly revolutionTurn: number | null;
  /** Resources each major nation collected, turn by turn (index 0 is turn 1). */
  readonly production: Readonly<Record<string, readonly number[]>>;
  readonly finalStateHash: string;
  /** Why the game could not be played to its end (a crash), when it could not. */
  readonly error?: string;
}

/** The seed of one game of a run. */
export const gameSeed = (seed: string, game: number) => `${seed}/${game}`;

export class LabError extends Error {}

export function labRuleset(id: string): AnyRuleset {
  const r = labRulesets[id];
  if (!r) {
    const s = closestName(id, Object.keys(labRulesets));
    throw new LabError(`the lab plays ${Object.keys(labRulesets).join(', ')}, not '${id}'${s ? ` (did you mean '${s}'?)` : ''}`);
  }
  return r;
}

/**
 * What a ruleset's games depend on besides a run's settings: its version, and a hash of its shipped data files and its
 * bots' numbers. Two machines with the same fingerprint play the same games from the same specs.
 */
export function buildFingerprint(rulesetId: string): string {
  let print = fingerprints.get(rulesetId);
  if (print === undefined) {
    const ruleset = labRuleset(rulesetId);
    const data = Object.fromEntries(overridableDataFiles().map((f) => [f, shippedDataFile(f) as Json]));
    fingerprints.set(rulesetId, (print = `${ruleset.id}@${ruleset.version}/${sha256Hex(canonicalJson({ data, bots: botsData() as unknown as Json })).slice(0, 16)}`));
  }
  return print;
}

/** The fingerprints worked out so far: the shipped data and the bots do not change while a process runs. */
const fingerprints = new Map<string, string>();

/** The bot of a name (see the engine's botNamed), or a LabError naming the closest one. */
export function labBot(ruleset: AnyRuleset, name: string) {
  const bot = botNamed(ruleset, name);
  if (!bot) {
    const names = ['default', ...botNames(ruleset)];
    const s = closestName(name, names);
    throw new LabError(`${ruleset.id} has no bot '${name}'${s ? ` (did you mean '${s}'?)` : ''}; its bots: ${names.join(', ')}`);
  }
  return bot;
}

/** The camp of a result's winners in the final state: 'allied', 'central', or the winning nation itself. */
function winnerOf(state: GreatWarState, winners: readonly string[]): string {
  const sides = new Set(winners.map((w) => sideOf(state, w) ?? 'neutral'));
  if (sides.size === 1) {
    const [side] = [...sides];
    if (side === 'allied' || side === 'central') return side;
  }
  return winners.length === 1 ? winners[0]! : winners.length === 0 ? 'nobody' : winners.join('+');
}

/** Play one game with bots on every seat and summarise it. Pure: the same spec (and data) gives the same summary. */
export function runGame(spec: GameSpec): GameSummary {
  const ruleset = labRuleset(spec.ruleset);
  const bot = labBot(ruleset, spec.bot);
  const seed = gameSeed(spec.seed, spec.game);
  const scenario = spec.scenario;
  const setup = ruleset.setup(scenario, spec.options ?? {});
  if (!setup.ok) throw new LabError(`the scenario ${scenario} cannot be set up: ${setup.error.map((p) => p.message).join('; ')}`);
  const opening: Position = { clock: startClock, state: setup.value };
  const afterTurn = new Map<number, Position>();
  const base = { game: spec.game, seed };
  try {
    const played = autoplay(ruleset, {
      seed,
      scenario,
      turns: spec.turns,
      bot,
      ...(spec.options ? { options: spec.options } : {}),
      onStep(game, stepId) {
        const step = game.record.steps.find((s) => s.id === stepId);
        if (step) afterTurn.set(step.turn, game.position);
      },
    });
    const series = warSeries(played.game.record, opening, afterTurn);
    const final = played.game.position.state as unknown as GreatWarState;
    const result = played.game.record.result;
    const entries = Object.fromEntries(FOLLOWED_ENTRIES.map((n) => [n, series.entries[n] ?? null]));
    const winner = result ? winnerOf(final, result.winners) : 'unfinished';
    const ifEnded = result ? null : judgeVictory(final, scenarioData(scenario).calendar.turns + 1);
    return {
      ...base,
      winner,
      winners: result?.winners ?? [],
      verdict: played.verdict,
      standing: ifEnded ? winnerOf(final, ifEnded.winners) : winner,
      turnsPlayed: played.turns,
      entries,
      revolutionTurn: series.revolutionTurn,
      production: Object.fromEntries(Object.entries(series.production).map(([n, v]) => [n, v.slice(1)])),
      finalStateHash: played.finalStateHash,
    };
  } catch (e) {
    return { ...base, winner: 'error', winners: [], verdict: 'crashed', standing: 'error', turnsPlayed: 0, entries: Object.fromEntries(FOLLOWED_ENTRIES.map((n) => [n, null])), revolutionTurn: null, production: {}, finalStateHash: '', error: (e as Error).message };
  }
}
