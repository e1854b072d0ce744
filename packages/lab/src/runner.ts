import { autoplay, botNamed, botNames, canonicalJson, closestName, sha256Hex, startClock, type AnyRuleset, type Json, type LabMilestone, type LabTool, type Position } from '@umpire/engine';
import { installed, toolOf, toolsOf } from '@umpire/rulesets';

/**
 * The version of the lab's summaries (a game's in games.jsonl and the queue's results, a run's in summary.json), in the
 * build fingerprint: a run is never continued from summaries of another format. Raise it when their shape changes.
 * 2: milestones and series by the ruleset's lab tool (1: the Great War's entries, revolution and production).
 */
export const LAB_SUMMARY_FORMAT = 2;

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

/** What the report needs of one game. */
export interface GameSummary {
  readonly game: number;
  readonly seed: string;
  /** The winning camp (the Great War's 'allied', 'central'), a nation winning alone ('japan'), 'unfinished' when play stopped at --turns, or 'error'. */
  readonly winner: string;
  readonly winners: readonly string[];
  readonly verdict: string;
  /**
   * Who would win if the war ended after the last turn played (the end-of-war conditions judged on the final state):
   * the winner itself for a finished game, the standing of an unfinished one.
   */
  readonly standing: string;
  readonly turnsPlayed: number;
  /** Every member of the ruleset's milestone groups (the USA's entry into the war, the revolution): when, which way, or null for never. */
  readonly milestones: Readonly<Record<string, LabMilestone | null>>;
  /** The ruleset's series (production) per id (nation), turn by turn (index 0 is turn 1). */
  readonly series: Readonly<Record<string, readonly number[]>>;
  readonly finalStateHash: string;
  /** Why the game could not be played to its end (a crash), when it could not. */
  readonly error?: string;
}

/** The seed of one game of a run. */
export const gameSeed = (seed: string, game: number) => `${seed}/${game}`;

export class LabError extends Error {}

/** A ruleset with its lab tool, or a LabError naming the closest ruleset or the rulesets that have one. */
export function labOf(id: string): { readonly ruleset: AnyRuleset; readonly lab: LabTool } {
  const found = toolOf(id, 'lab', 'lab');
  if (!found.ok) throw new LabError(`${found.message}${found.suggestion ? ` (did you mean '${found.suggestion}'?)` : ''}`);
  return { ruleset: toolsOf(id)!.ruleset, lab: found.value };
}

/** The rulesets the lab can play: those installed with a lab tool. */
export const labRulesets = (): string[] => installed.filter((t) => t.lab).map((t) => t.ruleset.id);

export const labRuleset = (id: string): AnyRuleset => labOf(id).ruleset;

/** Every milestone a ruleset's lab follows (the members of its groups). */
export const followed = (lab: LabTool): string[] => lab.milestones.flatMap((g) => g.members);

/**
 * What a ruleset's games and their summaries depend on besides a run's settings: the ruleset's version, and a hash of
 * its shipped numbers (data files, bots), of the lab's summary format and of what its lab tool follows. Two machines
 * with the same fingerprint play the same games from the same specs and summarise them alike.
 */
export function buildFingerprint(rulesetId: string): string {
  let print = fingerprints.get(rulesetId);
  if (print === undefined) {
    const { ruleset, lab } = labOf(rulesetId);
    const follows = { milestones: lab.milestones.map((g) => ({ id: g.id, members: g.members, ways: Object.keys(g.ways) })), series: lab.series.id };
    const hashed = canonicalJson({ format: LAB_SUMMARY_FORMAT, follows, numbers: lab.data.decides() } as unknown as Json);
    fingerprints.set(rulesetId, (print = `${ruleset.id}@${ruleset.version}/${sha256Hex(hashed).slice(0, 16)}`));
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

/** Play one game with bots on every seat and summarise it. Pure: the same spec (and data) gives the same summary. */
export function runGame(spec: GameSpec): GameSummary {
  const { ruleset, lab } = labOf(spec.ruleset);
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
    const facts = lab.summarise({ record: played.game.record, scenario, opening, afterTurn, final: played.game.position });
    return {
      ...base,
      winner: facts.winner,
      winners: played.game.record.result?.winners ?? [],
      verdict: played.verdict,
      standing: facts.standing,
      turnsPlayed: played.turns,
      milestones: Object.fromEntries(followed(lab).map((m) => [m, facts.milestones[m] ?? null])),
      series: facts.series,
      finalStateHash: played.finalStateHash,
    };
  } catch (e) {
    return { ...base, winner: 'error', winners: [], verdict: 'crashed', standing: 'error', turnsPlayed: 0, milestones: Object.fromEntries(followed(lab).map((m) => [m, null])), series: {}, finalStateHash: '', error: (e as Error).message };
  }
}
