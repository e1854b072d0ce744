import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioData } from '@umpire/great-war';
import { FOLLOWED_ENTRIES } from './runner.js';
import type { LabSummary, Proportion } from './stats.js';
import { barChart, esc, histogramChart, lineChart, PALETTE, SIDE_COLOURS, type Bar } from './svg.js';

/** The charts the report draws, by file name. */
export const CHART_FILES = ['wins.svg', 'entries.svg', 'revolution.svg', 'production.svg', 'length.svg'] as const;
export type ChartFile = (typeof CHART_FILES)[number];

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const interval = (p: Proportion) => `${pct(p.rate)} (95% CI ${pct(p.low)}–${pct(p.high)})`;

/** A nation's name in the run's scenario (its id when the scenario does not know it). */
function namer(scenario: string): (id: string) => string {
  try {
    const names = new Map(scenarioData(scenario).nations.map((n) => [n.id, n.name]));
    return (id) => names.get(id) ?? id;
  } catch {
    return (id) => id;
  }
}

const winnerName = (w: string) => (w === 'allied' ? 'Allies' : w === 'central' ? 'Central Powers' : w);

/**
 * The difference of two proportions with its 95% interval (Newcombe's method from the two Wilson intervals): an
 * interval that excludes 0 says the change is more than chance at this number of games.
 */
export function difference(a: Proportion, b: Proportion): { diff: number; low: number; high: number } {
  const diff = a.rate - b.rate;
  return {
    diff,
    low: diff - Math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2),
    high: diff + Math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2),
  };
}

/** The charts of a summary (and of a compared run's summary, put beside it in wins.svg). */
export function charts(s: LabSummary, compare?: LabSummary): Record<ChartFile, string> {
  const name = namer(s.settings.scenario);
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
      const colour = SIDE_COLOURS[winner] ?? PALETTE[(i + 2) % PALETTE.length]!;
      const none = (of: number) => ({ winner, count: 0, of, rate: 0, low: 0, high: 0 });
      const a = s.wins.find((w) => w.winner === winner) ?? none(played);
      const b = compare.wins.find((w) => w.winner === winner) ?? none(compare.games - compare.errors.length);
      return [winBar(a, `${winnerName(winner)} (A)`, colour), { ...winBar(b, `${winnerName(winner)} (B)`, colour + '88') }];
    });
  } else bars = s.wins.map((w, i) => winBar(w, winnerName(w.winner), SIDE_COLOURS[w.winner] ?? PALETTE[(i + 2) % PALETTE.length]!));
  const wins = barChart({
    title: 'Who wins how often',
    subtitle: compare ? `A: this run (${subtitle}); B: the compared run (${compare.games - compare.errors.length} games)` : `${subtitle}; whiskers: 95% Wilson intervals`,
    xLabel: 'winner (games that stopped at the turn limit: unfinished)',
    yLabel: 'share of games (%)',
    bars,
    yMax: 100,
  });
  const maxTurn = Math.max(s.settings.turns, s.length.max, ...Object.values(s.entries).flatMap((e) => e.byTurn.map((r) => r.turn)));
  const turnCategories = [...Array.from({ length: maxTurn }, (_v, i) => String(i + 1)), 'never'];
  const entries = histogramChart({
    title: 'When the USA, Italy and the Ottoman Empire enter the war, and on which side',
    subtitle,
    xLabel: 'turn of entry',
    yLabel: 'games',
    panels: FOLLOWED_ENTRIES.map((nation) => {
      const e = s.entries[nation]!;
      const at = (side: 'allied' | 'central') => turnCategories.map((c) => e.byTurn.find((r) => String(r.turn) === c)?.[side] ?? 0);
      return {
        title: `${name(nation)}: Allies ${e.allied.count}, Central Powers ${e.central.count}, never ${e.never}`,
        categories: turnCategories,
        series: [
          { name: 'joins the Allies', colour: SIDE_COLOURS['allied']!, values: at('allied') },
          { name: 'joins the Central Powers', colour: SIDE_COLOURS['central']!, values: at('central') },
          { name: 'never enters', colour: SIDE_COLOURS['neutral']!, values: turnCategories.map((c) => (c === 'never' ? e.never : 0)) },
        ],
      };
    }),
  });
  const revolution = histogramChart({
    title: 'When the Russian Revolution begins',
    subtitle: `${subtitle}; began in ${interval(s.revolution.started)} of games`,
    xLabel: 'turn the revolution begins',
    yLabel: 'games',
    panels: [
      {
        title: 'revolution',
        categories: turnCategories,
        series: [
          { name: 'begins', colour: '#CC0000', values: turnCategories.map((c) => s.revolution.byTurn.find((r) => String(r.turn) === c)?.count ?? 0) },
          { name: 'never begins', colour: SIDE_COLOURS['neutral']!, values: turnCategories.map((c) => (c === 'never' ? s.revolution.never : 0)) },
        ],
      },
    ],
  });
  const longest = Math.max(0, ...Object.values(s.production).map((v) => v.length));
  const production = lineChart({
    title: 'Mean production per nation per turn',
    subtitle,
    xLabel: 'turn',
    yLabel: 'resources collected',
    xs: Array.from({ length: longest }, (_v, i) => i + 1),
    series: Object.entries(s.production).map(([id, values], i) => ({ name: name(id), colour: PALETTE[i % PALETTE.length]!, values })),
  });
  const lengthCategories = Array.from({ length: Math.max(1, s.length.max - s.length.min + 1) }, (_v, i) => String(s.length.min + i));
  const length = histogramChart({
    title: 'How long games last',
    subtitle: `${subtitle}; mean ${s.length.mean.toFixed(1)} turns`,
    xLabel: 'turns played',
    yLabel: 'games',
    panels: [{ title: 'length', categories: lengthCategories, series: [{ name: 'games', colour: '#0072B2', values: lengthCategories.map((c) => s.length.byTurns.find((r) => String(r.turns) === c)?.count ?? 0) }] }],
  });
  return { 'wins.svg': wins, 'entries.svg': entries, 'revolution.svg': revolution, 'production.svg': production, 'length.svg': length };
}

/** A row of the comparison table: the two shares, their difference and its 95% interval, marked when it excludes 0. */
function diffRow(what: string, a: Proportion, b: Proportion): string {
  const d = difference(a, b);
  const sign = d.low > 0 || d.high < 0 ? ' (more than chance)' : '';
  return `| ${what} | ${interval(a)} | ${interval(b)} | ${(d.diff * 100).toFixed(1)} points | ${(d.low * 100).toFixed(1)} to ${(d.high * 100).toFixed(1)}${sign} |`;
}

/** The report's text as Markdown (report.md; report.html shows the same with the charts inline). */
export function reportMarkdown(s: LabSummary, compare?: LabSummary): string {
  const name = namer(s.settings.scenario);
  const played = s.games - s.errors.length;
  const lines: string[] = [
    `# Balance lab: ${s.settings.ruleset}, scenario ${s.settings.scenario}`,
    '',
    `${s.games} game${s.games === 1 ? '' : 's'} (seed '${s.settings.seed}', game i plays with seed '${s.settings.seed}/i'), bot '${s.settings.bot}' on every seat, up to ${s.settings.turns} turns.`,
    Object.keys(s.settings.options).length ? `Options: ${Object.entries(s.settings.options).map(([k, v]) => `${k}=${v}`).join(', ')}.` : 'Options: none.',
    '',
    '## Data overrides',
    '',
    ...(s.overrides.length ? s.overrides.map((o) => `- ${o}`) : ['None: the shipped data.']),
    '',
    '## Who wins',
    '',
    '![Who wins](wins.svg)',
    '',
    '| winner | games | share | 95% interval (Wilson) |',
    '|---|---:|---:|---|',
    ...s.wins.map((w) => `| ${winnerName(w.winner)} | ${w.count}/${w.of} | ${pct(w.rate)} | ${pct(w.low)}–${pct(w.high)} |`),
    '',
  ];
  if (s.wins.some((w) => w.winner === 'unfinished' && w.count > 0)) {
    lines.push(
      'Had the war ended after the last turn played (the end-of-war conditions judged then; finished games as they ended):',
      '',
      '| would win | games | share | 95% interval (Wilson) |',
      '|---|---:|---:|---|',
      ...(s.standings ?? []).map((w) => `| ${winnerName(w.winner)} | ${w.count}/${w.of} | ${pct(w.rate)} | ${pct(w.low)}–${pct(w.high)} |`),
      '',
    );
  }
  if (compare) {
    lines.push(
      '## Compared with another run',
      '',
      `B: ${compare.games} games, seed '${compare.settings.seed}', bot '${compare.settings.bot}', up to ${compare.settings.turns} turns; overrides: ${compare.overrides.length ? compare.overrides.join('; ') : 'none'}.`,
      '',
      '| share of games | A (this run) | B | A − B | 95% interval of A − B (Newcombe) |',
      '|---|---|---|---:|---|',
    );
    const winners = [...new Set([...s.wins.map((w) => w.winner), ...compare.wins.map((w) => w.winner)])];
    for (const winner of winners) {
      const none = (of: number) => ({ count: 0, of, rate: 0, low: 0, high: of ? 0 : 1 });
      const a = s.wins.find((w) => w.winner === winner) ?? none(played);
      const b = compare.wins.find((w) => w.winner === winner) ?? none(compare.games - compare.errors.length);
      lines.push(diffRow(winner === 'unfinished' ? 'unfinished' : `${winnerName(winner)} win${winner === 'allied' || winner === 'central' ? '' : 's'}`, a, b));
    }
    const shares: [string, Proportion | undefined, Proportion | undefined][] = [
      ...FOLLOWED_ENTRIES.flatMap((n) =>
        (['allied', 'central'] as const).map((side): [string, Proportion | undefined, Proportion | undefined] => [`${name(n)} joins the ${winnerName(side)}`, s.entries[n]?.[side], compare.entries[n]?.[side]]),
      ),
      ['the revolution begins', s.revolution.started, compare.revolution.started],
    ];
    for (const [what, a, b] of shares) {
      if (!a || !b) continue;
      lines.push(diffRow(what, a, b));
    }
    const total = (x: LabSummary, id: string) => (x.production[id] ?? []).reduce((t, v) => t + v, 0);
    const meanTurn = (t: number | null) => (t === null ? '–' : t.toFixed(1));
    lines.push(
      '',
      '| mean | A | B | A − B |',
      '|---|---:|---:|---:|',
      `| game length (turns) | ${s.length.mean.toFixed(1)} | ${compare.length.mean.toFixed(1)} | ${(s.length.mean - compare.length.mean).toFixed(1)} |`,
      ...FOLLOWED_ENTRIES.map((n) => {
        const [a, b] = [s.entries[n]?.meanTurn ?? null, compare.entries[n]?.meanTurn ?? null];
        return `| entry turn of ${name(n)} | ${meanTurn(a)} | ${meanTurn(b)} | ${a === null || b === null ? '–' : (a - b).toFixed(1)} |`;
      }),
      ...[...new Set([...Object.keys(s.production), ...Object.keys(compare.production)])].map(
        (id) => `| production of ${name(id)}, all turns | ${total(s, id).toFixed(1)} | ${total(compare, id).toFixed(1)} | ${(total(s, id) - total(compare, id)).toFixed(1)} |`,
      ),
    );
    lines.push('');
  }
  lines.push('## Entries into the war', '', '![Entries](entries.svg)', '', '| nation | joins the Allies | joins the Central Powers | never | mean entry turn |', '|---|---|---|---:|---:|');
  for (const nation of FOLLOWED_ENTRIES) {
    const e = s.entries[nation]!;
    lines.push(`| ${name(nation)} | ${interval(e.allied)} | ${interval(e.central)} | ${e.never} | ${e.meanTurn === null ? '–' : e.meanTurn.toFixed(1)} |`);
  }
  lines.push(
    '',
    '## The Russian Revolution',
    '',
    '![Revolution](revolution.svg)',
    '',
    `Began in ${s.revolution.started.count} of ${played} games (${interval(s.revolution.started)})${s.revolution.meanTurn === null ? '' : `, on turn ${s.revolution.meanTurn.toFixed(1)} on average`}; never in ${s.revolution.never}.`,
    '',
    '## Production',
    '',
    '![Production](production.svg)',
    '',
    `| nation | ${Array.from({ length: Math.max(0, ...Object.values(s.production).map((v) => v.length)) }, (_v, i) => `t${i + 1}`).join(' | ')} |`,
    `|---|${Object.values(s.production)[0]?.map(() => '---:').join('|') ?? ''}|`,
    ...Object.entries(s.production).map(([id, v]) => `| ${name(id)} | ${v.map((x) => x.toFixed(1)).join(' | ')} |`),
    '',
    '## Game length',
    '',
    '![Length](length.svg)',
    '',
    `Mean ${s.length.mean.toFixed(1)} turns (from ${s.length.min} to ${s.length.max}): ${s.length.byTurns.map((r) => `${r.count} game${r.count === 1 ? '' : 's'} of ${r.turns} turns`).join(', ')}.`,
    '',
  );
  if (s.errors.length) {
    lines.push('## Games that crashed', '', ...s.errors.map((e) => `- game ${e.game}: ${e.message.split('\n')[0]}`), '');
  }
  return lines.join('\n');
}

/** Markdown as simple HTML (headings, paragraphs, lists, tables), with the charts inline. */
function markdownToHtml(md: string, svgs: Record<string, string>): string {
  const out: string[] = [];
  const blocks = md.split('\n\n');
  const inline = (t: string) => esc(t);
  for (const block of blocks) {
    const b = block.trim();
    if (!b) continue;
    const img = /^!\[([^\]]*)\]\(([^)]+)\)$/.exec(b);
    if (img) out.push(`<figure>${svgs[img[2]!] ?? `<img src="${esc(img[2]!)}" alt="${esc(img[1]!)}">`}</figure>`);
    else if (b.startsWith('# ')) out.push(`<h1>${inline(b.slice(2))}</h1>`);
    else if (b.startsWith('## ')) out.push(`<h2>${inline(b.slice(3))}</h2>`);
    else if (b.startsWith('|')) {
      const rows = b.split('\n').filter((r, i) => i !== 1).map((r) => r.slice(1, -1).split('|').map((c) => c.trim()));
      out.push(`<table><thead><tr>${rows[0]!.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${rows.slice(1).map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`);
    } else if (b.startsWith('- ')) out.push(`<ul>${b.split('\n').map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`);
    else out.push(`<p>${inline(b)}</p>`);
  }
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Balance lab report</title>',
    '<style>body{font-family:system-ui,sans-serif;max-width:800px;margin:2em auto;padding:0 1em;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left}figure{margin:1em 0}</style>',
    '</head><body>',
    ...out,
    '</body></html>',
    '',
  ].join('\n');
}

/** Write the report into `out`: summary.json, the SVG charts, report.md and report.html. Returns the files written. */
export function writeReport(out: string, s: LabSummary, compare?: LabSummary): string[] {
  mkdirSync(out, { recursive: true });
  const svgs = charts(s, compare);
  const md = reportMarkdown(s, compare);
  const files: Record<string, string> = {
    'summary.json': `${JSON.stringify(s, null, 1)}\n`,
    ...svgs,
    'report.md': md,
    'report.html': markdownToHtml(md, svgs),
  };
  for (const [f, text] of Object.entries(files)) writeFileSync(join(out, f), text);
  return Object.keys(files);
}
