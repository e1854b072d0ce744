import { labOf, type GameSummary } from './runner.js';

/** Everything that decides a run's games but their number: a rerun with the same settings continues it. */
export interface RunSettings {
  readonly ruleset: string;
  readonly scenario: string;
  readonly seed: string;
  readonly bot: string;
  readonly turns: number;
  readonly options: Readonly<Record<string, string | number | boolean>>;
  /** The `--set` texts, in order. */
  readonly set: readonly string[];
  /**
   * What else decides the games and their summaries: the ruleset's version and a hash of its shipped data, its bots'
   * numbers, the lab's summary format and what the ruleset's lab tool follows (buildFingerprint). Set by the lab, so
   * that a run is never continued, nor its queued results reused, by another build, bot tuning or summary format.
   */
  readonly build?: string;
}

/** A proportion with its 95% Wilson score interval. */
export interface Proportion {
  readonly count: number;
  readonly of: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval of `k` successes in `n` trials (z = 1.96 for 95%): unlike the normal approximation it
 * stays inside [0, 1] and is sensible for 0 or n successes and for few games.
 */
export function wilson(k: number, n: number, z = 1.96): Proportion {
  if (n === 0) return { count: 0, of: 0, rate: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { count: k, of: n, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** How one milestone (the USA's entry into the war) went over a run's games. */
export interface MilestoneStats {
  /** Games in which it never happened. */
  readonly never: number;
  /** By turn: how many games it happened on that turn, each way (the side the nation joined). */
  readonly byTurn: readonly { readonly turn: number; readonly ways: Readonly<Record<string, number>> }[];
  /** The share of games it went each way, by the ways of its group. */
  readonly ways: Readonly<Record<string, Proportion>>;
  /** The mean turn of the games in which it happened, or null. */
  readonly meanTurn: number | null;
}

/** summary.json: what the report shows, from the games' summaries. */
export interface LabSummary {
  readonly settings: RunSettings;
  /** The overrides as the report states them (file, path, shipped value → new value). */
  readonly overrides: readonly string[];
  readonly games: number;
  /** Games that crashed (counted apart from everything else). */
  readonly errors: readonly { readonly game: number; readonly message: string }[];
  /** Who won how often, of the games that were played (not crashed). */
  readonly wins: readonly ({ readonly winner: string } & Proportion)[];
  /** Who would have won had the war ended after each game's last turn played (the winner, for finished games). */
  readonly standings: readonly ({ readonly winner: string } & Proportion)[];
  /** By the ruleset's milestone groups ('entries'), each member's statistics ('usa'). */
  readonly milestones: Readonly<Record<string, Readonly<Record<string, MilestoneStats>>>>;
  /** The mean of the ruleset's series (production) per id (nation) per turn (index 0 is turn 1), over the games that played that turn. */
  readonly series: Readonly<Record<string, readonly number[]>>;
  readonly length: { readonly byTurns: readonly { readonly turns: number; readonly count: number }[]; readonly mean: number; readonly min: number; readonly max: number };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The statistics of a run's games (in any order: they are sorted by game first), by its ruleset's lab tool. */
export function summarise(settings: RunSettings, overrides: readonly string[], all: readonly GameSummary[]): LabSummary {
  const { lab } = labOf(settings.ruleset);
  const sorted = [...all].sort((a, b) => a.game - b.game);
  const games = sorted.filter((g) => !g.error);
  const n = games.length;
  const camps = Object.keys(lab.camps);
  const rank = (w: string) => (camps.includes(w) ? camps.indexOf(w) : w === 'unfinished' ? 99 : 50);
  const shares = (of: (g: GameSummary) => string) => {
    const counts = new Map<string, number>();
    for (const g of games) counts.set(of(g), (counts.get(of(g)) ?? 0) + 1);
    // Every camp always appears, so two runs compare side by side even where one camp never won.
    for (const w of camps) if (!counts.has(w)) counts.set(w, 0);
    return [...counts.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0])).map(([winner, k]) => ({ winner, ...wilson(k, n) }));
  };
  const wins = shares((g) => g.winner);
  const standings = shares((g) => g.standing ?? g.winner);
  const milestone = (member: string, ways: readonly string[]): MilestoneStats => {
    const byTurn = new Map<number, Record<string, number>>();
    let never = 0;
    const turns: number[] = [];
    for (const g of games) {
      const m = g.milestones[member];
      if (!m) {
        never++;
        continue;
      }
      turns.push(m.turn);
      const row = byTurn.get(m.turn) ?? Object.fromEntries(ways.map((w) => [w, 0]));
      const way = m.way ?? '';
      if (ways.includes(way)) row[way]!++;
      byTurn.set(m.turn, row);
    }
    const rows = [...byTurn.entries()].sort((a, b) => a[0] - b[0]).map(([turn, r]) => ({ turn, ways: r }));
    const wayCount = (w: string) => rows.reduce((k, r) => k + (r.ways[w] ?? 0), 0);
    return { never, byTurn: rows, ways: Object.fromEntries(ways.map((w) => [w, wilson(wayCount(w), n)])), meanTurn: mean(turns) };
  };
  const milestones = Object.fromEntries(lab.milestones.map((group) => [group.id, Object.fromEntries(group.members.map((m) => [m, milestone(m, Object.keys(group.ways))]))]));
  const ids = [...new Set(games.flatMap((g) => Object.keys(g.series)))];
  const series = Object.fromEntries(
    ids.map((id) => {
      const longest = Math.max(0, ...games.map((g) => g.series[id]?.length ?? 0));
      return [id, Array.from({ length: longest }, (_v, t) => mean(games.map((g) => g.series[id]?.[t]).filter((v): v is number => v !== undefined)) ?? 0)];
    }),
  );
  const lengths = games.map((g) => g.turnsPlayed);
  const byLength = new Map<number, number>();
  for (const l of lengths) byLength.set(l, (byLength.get(l) ?? 0) + 1);
  return {
    settings,
    overrides,
    games: sorted.length,
    errors: sorted.filter((g) => g.error).map((g) => ({ game: g.game, message: g.error! })),
    wins,
    standings,
    milestones,
    series,
    length: {
      byTurns: [...byLength.entries()].sort((a, b) => a[0] - b[0]).map(([turns, count]) => ({ turns, count })),
      mean: mean(lengths) ?? 0,
      min: lengths.length ? Math.min(...lengths) : 0,
      max: lengths.length ? Math.max(...lengths) : 0,
    },
  };
}
