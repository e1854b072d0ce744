import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capitalised, charts, interval, pct, reportTool, singleWay, statsOf } from './charts.js';
import type { LabSummary, Proportion } from './stats.js';
import { esc } from './svg.js';

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

/** A row of the comparison table: the two shares, their difference and its 95% interval, marked when it excludes 0. */
function diffRow(what: string, a: Proportion, b: Proportion): string {
  const d = difference(a, b);
  const sign = d.low > 0 || d.high < 0 ? ' (more than chance)' : '';
  return `| ${what} | ${interval(a)} | ${interval(b)} | ${(d.diff * 100).toFixed(1)} points | ${(d.low * 100).toFixed(1)} to ${(d.high * 100).toFixed(1)}${sign} |`;
}

/** The report's text as Markdown (report.md; report.html shows the same with the charts inline). */
export function reportMarkdown(s: LabSummary, compare?: LabSummary): string {
  const { lab, name, winnerName } = reportTool(s);
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
  if (compare) lines.push(...comparison(s, compare));
  for (const g of lab.milestones) {
    lines.push(`## ${g.heading}`, '', `![${capitalised(g.id)}](${g.id}.svg)`, '');
    const single = singleWay(g);
    const first = single && statsOf(s, g.id, g.members[0]!);
    const way = single && first?.ways[single.key];
    if (single && first && way) {
      lines.push(`${capitalised(single.past)} in ${way.count} of ${played} games (${interval(way)})${first.meanTurn === null ? '' : `, on turn ${first.meanTurn.toFixed(1)} on average`}; never in ${first.never}.`, '');
      continue;
    }
    const ways = Object.entries(g.ways);
    lines.push(
      `| ${g.memberHeading} | ${ways.map(([, w]) => `${w.label} | `).join('')}never |${g.turn ? ` mean ${g.turn} |` : ''}`,
      `|---|${ways.map(() => '---|').join('')}---:|${g.turn ? '---:|' : ''}`,
    );
    for (const member of g.members) {
      const st = statsOf(s, g.id, member);
      if (!st) continue;
      const mean = g.turn ? ` ${st.meanTurn === null ? '–' : st.meanTurn.toFixed(1)} |` : '';
      lines.push(`| ${name(member)} | ${ways.map(([k]) => `${st.ways[k] ? interval(st.ways[k]) : '–'} | `).join('')}${st.never} |${mean}`);
    }
    lines.push('');
  }
  const series = Object.entries(s.series);
  lines.push(
    `## ${lab.series.heading}`,
    '',
    `![${capitalised(lab.series.id)}](${lab.series.id}.svg)`,
    '',
    `| ${lab.series.memberHeading} | ${Array.from({ length: Math.max(0, ...series.map(([, v]) => v.length)) }, (_v, i) => `t${i + 1}`).join(' | ')} |`,
    `|---|${series[0]?.[1].map(() => '---:').join('|') ?? ''}|`,
    ...series.map(([id, v]) => `| ${name(id)} | ${v.map((x) => x.toFixed(1)).join(' | ')} |`),
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

/** The section that puts another run (B) beside this one (A): the shares of wins and of each milestone's ways, and the means. */
function comparison(s: LabSummary, compare: LabSummary): string[] {
  const { lab, name, winnerName } = reportTool(s);
  const played = s.games - s.errors.length;
  const lines = [
    '## Compared with another run',
    '',
    `B: ${compare.games} games, seed '${compare.settings.seed}', bot '${compare.settings.bot}', up to ${compare.settings.turns} turns; overrides: ${compare.overrides.length ? compare.overrides.join('; ') : 'none'}.`,
    '',
    '| share of games | A (this run) | B | A − B | 95% interval of A − B (Newcombe) |',
    '|---|---|---|---:|---|',
  ];
  const winners = [...new Set([...s.wins.map((w) => w.winner), ...compare.wins.map((w) => w.winner)])];
  for (const winner of winners) {
    const none = (of: number) => ({ count: 0, of, rate: 0, low: 0, high: of ? 0 : 1 });
    const a = s.wins.find((w) => w.winner === winner) ?? none(played);
    const b = compare.wins.find((w) => w.winner === winner) ?? none(compare.games - compare.errors.length);
    lines.push(diffRow(winner === 'unfinished' ? 'unfinished' : `${winnerName(winner)} win${winner in lab.camps ? '' : 's'}`, a, b));
  }
  for (const g of lab.milestones) {
    for (const member of g.members) {
      for (const [k, way] of Object.entries(g.ways)) {
        const [a, b] = [statsOf(s, g.id, member)?.ways[k], statsOf(compare, g.id, member)?.ways[k]];
        if (a && b) lines.push(diffRow(`${name(member)} ${way.label}`, a, b));
      }
    }
  }
  const total = (x: LabSummary, id: string) => (x.series[id] ?? []).reduce((t, v) => t + v, 0);
  const meanTurn = (t: number | null) => (t === null ? '–' : t.toFixed(1));
  lines.push(
    '',
    '| mean | A | B | A − B |',
    '|---|---:|---:|---:|',
    `| game length (turns) | ${s.length.mean.toFixed(1)} | ${compare.length.mean.toFixed(1)} | ${(s.length.mean - compare.length.mean).toFixed(1)} |`,
    ...lab.milestones.flatMap((g) =>
      g.turn === undefined
        ? []
        : g.members.map((m) => {
            const [a, b] = [statsOf(s, g.id, m)?.meanTurn ?? null, statsOf(compare, g.id, m)?.meanTurn ?? null];
            return `| ${g.turn} of ${name(m)} | ${meanTurn(a)} | ${meanTurn(b)} | ${a === null || b === null ? '–' : (a - b).toFixed(1)} |`;
          }),
    ),
    ...[...new Set([...Object.keys(s.series), ...Object.keys(compare.series)])].map(
      (id) => `| ${lab.series.total} of ${name(id)}, all turns | ${total(s, id).toFixed(1)} | ${total(compare, id).toFixed(1)} | ${(total(s, id) - total(compare, id)).toFixed(1)} |`,
    ),
    '',
  );
  return lines;
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
