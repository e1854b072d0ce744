import { FOLLOWED_ENTRIES, type GameSummary } from './runner.js';

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
   * What else decides the games: the ruleset's version and a hash of its shipped data and its bots' numbers. Set by
   * the lab, so that a run is never continued, nor its queued results reused, by another build or another bot tuning.
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

export interface EntryStats {
  /** Games in which the nation never entered the war. */
  readonly never: number;
  /** By turn: how many games it entered on that turn, on each side. */
  readonly byTurn: readonly { readonly turn: number; readonly allied: number; readonly central: number }[];
  readonly allied: Proportion;
  readonly central: Proportion;
  /** The mean entry turn of the games in which it entered, or null. */
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
  readonly entries: Readonly<Record<string, EntryStats>>;
  readonly revolution: { readonly never: number; readonly byTurn: readonly { readonly turn: number; readonly count: number }[]; readonly started: Proportion; readonly meanTurn: number | null };
  /** Mean production per nation per turn (index 0 is turn 1), over the games that played that turn. */
  readonly production: Readonly<Record<string, readonly number[]>>;
  readonly length: { readonly byTurns: readonly { readonly turns: number; readonly count: number }[]; readonly mean: number; readonly min: number; readonly max: number };
}

const WIN_ORDER = ['allied', 'central'];
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The statistics of a run's games (in any order: they are sorted by game first). */
export function summarise(settings: RunSettings, overrides: readonly string[], all: readonly GameSummary[]): LabSummary {
  const sorted = [...all].sort((a, b) => a.game - b.game);
  const games = sorted.filter((g) => !g.error);
  const n = games.length;
  const rank = (w: string) => (WIN_ORDER.includes(w) ? WIN_ORDER.indexOf(w) : w === 'unfinished' ? 99 : 50);
  const shares = (of: (g: GameSummary) => string) => {
    const counts = new Map<string, number>();
    for (const g of games) counts.set(of(g), (counts.get(of(g)) ?? 0) + 1);
    // Both camps always appear, so two runs compare side by side even where one camp never won.
    for (const w of WIN_ORDER) if (!counts.has(w)) counts.set(w, 0);
    return [...counts.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0])).map(([winner, k]) => ({ winner, ...wilson(k, n) }));
  };
  const wins = shares((g) => g.winner);
  const standings = shares((g) => g.standing ?? g.winner);
  const entries = Object.fromEntries(
    FOLLOWED_ENTRIES.map((nation) => {
      const byTurn = new Map<number, { allied: number; central: number }>();
      let never = 0;
      const turns: number[] = [];
      for (const g of games) {
        const e = g.entries[nation];
        if (!e) {
          never++;
          continue;
        }
        turns.push(e.turn);
        const row = byTurn.get(e.turn) ?? { allied: 0, central: 0 };
        if (e.side === 'allied' || e.side === 'central') row[e.side]++;
        byTurn.set(e.turn, row);
      }
      const rows = [...byTurn.entries()].sort((a, b) => a[0] - b[0]).map(([turn, r]) => ({ turn, ...r }));
      const sideCount = (s: 'allied' | 'central') => rows.reduce((k, r) => k + r[s], 0);
      return [nation, { never, byTurn: rows, allied: wilson(sideCount('allied'), n), central: wilson(sideCount('central'), n), meanTurn: mean(turns) } satisfies EntryStats];
    }),
  );
  const revTurns = games.map((g) => g.revolutionTurn).filter((t): t is number => t !== null);
  const revByTurn = new Map<number, number>();
  for (const t of revTurns) revByTurn.set(t, (revByTurn.get(t) ?? 0) + 1);
  const nations = [...new Set(games.flatMap((g) => Object.keys(g.production)))];
  const production = Object.fromEntries(
    nations.map((id) => {
      const longest = Math.max(0, ...games.map((g) => g.production[id]?.length ?? 0));
      return [id, Array.from({ length: longest }, (_v, t) => mean(games.map((g) => g.production[id]?.[t]).filter((v): v is number => v !== undefined)) ?? 0)];
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
    entries,
    revolution: {
      never: n - revTurns.length,
      byTurn: [...revByTurn.entries()].sort((a, b) => a[0] - b[0]).map(([turn, count]) => ({ turn, count })),
      started: wilson(revTurns.length, n),
      meanTurn: mean(revTurns),
    },
    production,
    length: {
      byTurns: [...byLength.entries()].sort((a, b) => a[0] - b[0]).map(([turns, count]) => ({ turns, count })),
      mean: mean(lengths) ?? 0,
      min: lengths.length ? Math.min(...lengths) : 0,
      max: lengths.length ? Math.max(...lengths) : 0,
    },
  };
}
