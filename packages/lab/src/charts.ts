/**
 * The report's charts, by the run's ruleset's lab tool: who wins (wins.svg), a histogram for each milestone group
 * (`<group>.svg`: the Great War's entries.svg and revolution.svg), the series (production.svg) and the games' length
 * (length.svg).
 */
import type { LabMilestoneGroup, LabTool } from '@umpire/engine';
import { labOf } from './runner.js';
import type { LabSummary, MilestoneStats, Proportion } from './stats.js';
import { barChart, histogramChart, lineChart, OUTCOME_COLOURS, PALETTE, type Bar } from './svg.js';

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
export const interval = (p: Proportion) => `${pct(p.rate)} (95% CI ${pct(p.low)}–${pct(p.high)})`;
/** 'entries' → 'Entries': a chart's alt text. */
export const capitalised = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** What the report of a summary reads of its ruleset: the lab tool, names of ids, names of winners. */
export interface ReportTool {
  readonly lab: LabTool;
  /** A nation's or milestone's name in the run's scenario (its id when the scenario does not know it). */
  readonly name: (id: string) => string;
  /** A camp's name ('Allies'), or the winner as it is ('unfinished', a nation winning alone by its id). */
  readonly winnerName: (w: string) => string;
  /** A winner's colour in wins.svg: its camp's, an outcome's, else from the palette by its place. */
  readonly winnerColour: (w: string, i: number) => string;
}

export function reportTool(s: LabSummary): ReportTool {
  const { lab } = labOf(s.settings.ruleset);
  return {
    lab,
    name: lab.names(s.settings.scenario),
    winnerName: (w) => lab.camps[w]?.name ?? w,
    winnerColour: (w, i) => lab.camps[w]?.colour ?? OUTCOME_COLOURS[w] ?? PALETTE[(i + 2) % PALETTE.length]!,
  };
}

/** The chart files of a ruleset's report, in the report's order. */
export function chartFiles(rulesetId: string): string[] {
  const { lab } = labOf(rulesetId);
  return ['wins.svg', ...lab.milestones.map((g) => `${g.id}.svg`), `${lab.series.id}.svg`, 'length.svg'];
}

/** A milestone group's one way when it has one member and one way (the revolution begins): the report says it in a sentence. */
export function singleWay(g: LabMilestoneGroup): { key: string; past: string; label: string } | undefined {
  const ways = Object.entries(g.ways);
  if (g.members.length !== 1 || ways.length !== 1) return undefined;
  const [key, way] = ways[0]!;
  return { key, label: way.label, past: way.past ?? way.label };
}

/** A member's statistics in a summary (undefined when the summary lacks it). */
export const statsOf = (s: LabSummary, group: string, member: string): MilestoneStats | undefined => s.milestones[group]?.[member];

/** The charts of a summary (and of a compared run's summary, put beside it in wins.svg), by file name. */
export function charts(s: LabSummary, compare?: LabSummary): Record<string, string> & Record<'wins.svg' | 'length.svg', string> {
  const tool = reportTool(s);
  const { lab, name, winnerName, winnerColour } = tool;
  const played = s.games - s.errors.length;
  const subtitle = `${played} game${played === 1 ? '' : 's'}, seed '${s.settings.seed}', bot '${s.settings.bot}', up to ${s.settings.turns} turns${s.overrides.length ? `, ${s.overrides.length} override${s.overrides.length === 1 ? '' : 's'}` : ''}`;
  const winBar = (w: { winner: string } & Proportion, label: string, colour: string): Bar => ({
    label,
    value: +(w.rate * 100).toFixed(2),
    low: +(w.low * 100).toFixed(2),
    high: +(w.high * 100).toFixed(2),
    colour,
    note: `${w.count}/${w.of}`,
  });
  let bars: Bar[];
  if (compare) {
    const winners = [...new Set([...s.wins.map((w) => w.winner), ...compare.wins.map((w) => w.winner)])];
    bars = winners.flatMap((winner, i) => {
      const colour = winnerColour(winner, i);
      const none = (of: number) => ({ winner, count: 0, of, rate: 0, low: 0, high: 0 });
      const a = s.wins.find((w) => w.winner === winner) ?? none(played);
      const b = compare.wins.find((w) => w.winner === winner) ?? none(compare.games - compare.errors.length);
      return [winBar(a, `${winnerName(winner)} (A)`, colour), { ...winBar(b, `${winnerName(winner)} (B)`, colour + '88') }];
    });
  } else bars = s.wins.map((w, i) => winBar(w, winnerName(w.winner), winnerColour(w.winner, i)));
  const out: Record<string, string> = {};
  out['wins.svg'] = barChart({
    title: 'Who wins how often',
    subtitle: compare ? `A: this run (${subtitle}); B: the compared run (${compare.games - compare.errors.length} games)` : `${subtitle}; whiskers: 95% Wilson intervals`,
    xLabel: 'winner (games that stopped at the turn limit: unfinished)',
    yLabel: 'share of games (%)',
    bars,
    yMax: 100,
  });
  const happened = Object.values(s.milestones).flatMap((g) => Object.values(g).flatMap((m) => m.byTurn.map((r) => r.turn)));
  const maxTurn = Math.max(s.settings.turns, s.length.max, ...happened);
  const turnCategories = [...Array.from({ length: maxTurn }, (_v, i) => String(i + 1)), 'never'];
  for (const g of lab.milestones) {
    const single = singleWay(g);
    const first = single && statsOf(s, g.id, g.members[0]!)?.ways[single.key];
    out[`${g.id}.svg`] = histogramChart({
      title: g.title,
      subtitle: single && first ? `${subtitle}; ${single.past} in ${interval(first)} of games` : subtitle,
      xLabel: g.xLabel,
      yLabel: 'games',
      panels: g.members.map((member) => {
        const st = statsOf(s, g.id, member) ?? { never: 0, byTurn: [], ways: {}, meanTurn: null };
        const at = (way: string) => turnCategories.map((c) => st.byTurn.find((r) => String(r.turn) === c)?.ways[way] ?? 0);
        const counts = Object.entries(g.ways).map(([k, w]) => `${w.name ?? w.label} ${st.ways[k]?.count ?? 0}`);
        return {
          // A chart of one panel shows no panel title: it keeps the member's id, as length.svg keeps 'length'.
          title: g.members.length > 1 ? `${name(member)}: ${counts.join(', ')}, never ${st.never}` : member,
          categories: turnCategories,
          series: [
            ...Object.entries(g.ways).map(([k, w]) => ({ name: w.label, colour: w.colour, values: at(k) })),
            { name: g.never, colour: OUTCOME_COLOURS['never']!, values: turnCategories.map((c) => (c === 'never' ? st.never : 0)) },
          ],
        };
      }),
    });
  }
  const longest = Math.max(0, ...Object.values(s.series).map((v) => v.length));
  out[`${lab.series.id}.svg`] = lineChart({
    title: lab.series.title,
    subtitle,
    xLabel: 'turn',
    yLabel: lab.series.yLabel,
    xs: Array.from({ length: longest }, (_v, i) => i + 1),
    series: Object.entries(s.series).map(([id, values], i) => ({ name: name(id), colour: PALETTE[i % PALETTE.length]!, values })),
  });
  const lengthCategories = Array.from({ length: Math.max(1, s.length.max - s.length.min + 1) }, (_v, i) => String(s.length.min + i));
  out['length.svg'] = histogramChart({
    title: 'How long games last',
    subtitle: `${subtitle}; mean ${s.length.mean.toFixed(1)} turns`,
    xLabel: 'turns played',
    yLabel: 'games',
    panels: [{ title: 'length', categories: lengthCategories, series: [{ name: 'games', colour: '#0072B2', values: lengthCategories.map((c) => s.length.byTurns.find((r) => String(r.turns) === c)?.count ?? 0) }] }],
  });
  return out as Record<string, string> & Record<'wins.svg' | 'length.svg', string>;
}
