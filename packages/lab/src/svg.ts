/**
 * The report's charts, drawn as SVG text: axes with ticks, labelled bars and lines, a legend. Every mark carries its
 * number in a data- attribute (data-value, data-low, data-high), so that what a chart shows can be read back.
 */

export const esc = (s: string | number): string => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Colours that stay apart for readers with the common colour-vision deficiencies (Okabe-Ito), then more. */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#F0E442', '#000000', '#8C564B', '#7F7F7F', '#9467BD', '#17BECF'];
/** The colours of what is no camp: a milestone that never happened, a game unfinished or crashed (a camp's colour is its ruleset's). */
export const OUTCOME_COLOURS: Readonly<Record<string, string>> = { never: '#999999', unfinished: '#BBBBBB', error: '#000000' };

const WIDTH = 760;
const FONT = 'font-family="system-ui, sans-serif"';

/** A round top for an axis holding `max`, and its tick step. */
export function niceScale(max: number, ticks = 5): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 1 };
  const raw = max / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) < 1 ? 2 : 1));

interface Frame {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The y axis with its ticks, grid lines and label; returns the SVG and the scale from value to y. */
function yAxis(f: Frame, top: number, step: number, label: string, format: (v: number) => string = fmt): { svg: string; y: (v: number) => number } {
  const y = (v: number) => f.y + f.h - (v / top) * f.h;
  const parts: string[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) {
    parts.push(`<line x1="${f.x}" x2="${f.x + f.w}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e3e3e3"/>`);
    parts.push(`<text class="tick y" x="${f.x - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" font-size="11">${esc(format(v))}</text>`);
  }
  parts.push(`<line x1="${f.x}" x2="${f.x}" y1="${f.y}" y2="${f.y + f.h}" stroke="#333"/>`);
  parts.push(`<line x1="${f.x}" x2="${f.x + f.w}" y1="${f.y + f.h}" y2="${f.y + f.h}" stroke="#333"/>`);
  parts.push(`<text class="axis-label y" transform="translate(${f.x - 44},${f.y + f.h / 2}) rotate(-90)" text-anchor="middle" font-size="12">${esc(label)}</text>`);
  return { svg: parts.join(''), y };
}

const xLabelText = (f: Frame, label: string) => `<text class="axis-label x" x="${f.x + f.w / 2}" y="${f.y + f.h + 34}" text-anchor="middle" font-size="12">${esc(label)}</text>`;

function legend(items: readonly { name: string; colour: string }[], x: number, y: number, width: number): { svg: string; height: number } {
  const parts: string[] = [];
  let cx = x;
  let cy = y;
  for (const item of items) {
    const w = 22 + item.name.length * 7;
    if (cx + w > x + width) {
      cx = x;
      cy += 18;
    }
    parts.push(`<g class="legend-item" data-name="${esc(item.name)}"><rect x="${cx}" y="${cy - 10}" width="12" height="12" fill="${item.colour}"/><text x="${cx + 16}" y="${cy}" font-size="12">${esc(item.name)}</text></g>`);
    cx += w;
  }
  return { svg: `<g class="legend">${parts.join('')}</g>`, height: cy - y + 18 };
}

function svgDocument(title: string, subtitle: string | undefined, height: number, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ${FONT} role="img" aria-label="${esc(title)}">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text class="title" x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="16" font-weight="bold">${esc(title)}</text>`,
    subtitle ? `<text class="subtitle" x="${WIDTH / 2}" y="40" text-anchor="middle" font-size="12" fill="#555">${esc(subtitle)}</text>` : '',
    body,
    '</svg>',
    '',
  ].join('\n');
}

export interface Bar {
  readonly label: string;
  readonly value: number;
  /** An interval drawn as a whisker (a 95% confidence interval). */
  readonly low?: number;
  readonly high?: number;
  readonly colour?: string;
  /** Shown above the bar (default: the value). */
  readonly note?: string;
}

/** Bars side by side, each with its label, its value above it and its interval as a whisker. */
export function barChart(o: { title: string; subtitle?: string; xLabel: string; yLabel: string; bars: readonly Bar[]; yMax?: number; format?: (v: number) => string }): string {
  const f: Frame = { x: 70, y: 68, w: WIDTH - 100, h: 240 };
  const max = o.yMax ?? Math.max(0, ...o.bars.map((b) => Math.max(b.value, b.high ?? 0)));
  const { top, step } = o.yMax !== undefined ? { top: o.yMax, step: o.yMax / 5 } : niceScale(max);
  const axis = yAxis(f, top, step, o.yLabel, o.format);
  const slot = f.w / Math.max(1, o.bars.length);
  const bw = Math.min(80, slot * 0.6);
  const marks = o.bars.map((b, i) => {
    const cx = f.x + slot * (i + 0.5);
    const y = axis.y(b.value);
    const parts = [`<rect class="bar" data-label="${esc(b.label)}" data-value="${b.value}" x="${(cx - bw / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${bw.toFixed(1)}" height="${(f.y + f.h - y).toFixed(1)}" fill="${b.colour ?? PALETTE[i % PALETTE.length]}"/>`];
    if (b.low !== undefined && b.high !== undefined) {
      const [yl, yh] = [axis.y(b.low), axis.y(b.high)];
      parts.push(
        `<g class="interval" data-label="${esc(b.label)}" data-low="${b.low}" data-high="${b.high}" stroke="#222" stroke-width="1.5">` +
          `<line x1="${cx}" x2="${cx}" y1="${yl.toFixed(1)}" y2="${yh.toFixed(1)}"/><line x1="${cx - 8}" x2="${cx + 8}" y1="${yl.toFixed(1)}" y2="${yl.toFixed(1)}"/><line x1="${cx - 8}" x2="${cx + 8}" y1="${yh.toFixed(1)}" y2="${yh.toFixed(1)}"/></g>`,
      );
    }
    const labelY = Math.min(y, b.high !== undefined ? axis.y(b.high) : y) - 6;
    parts.push(`<text class="value" x="${cx}" y="${labelY.toFixed(1)}" text-anchor="middle" font-size="11">${esc(b.note ?? (o.format ?? fmt)(b.value))}</text>`);
    parts.push(`<text class="tick x" x="${cx}" y="${f.y + f.h + 16}" text-anchor="middle" font-size="12">${esc(b.label)}</text>`);
    return parts.join('');
  });
  return svgDocument(o.title, o.subtitle, f.y + f.h + 50, axis.svg + marks.join('') + xLabelText(f, o.xLabel));
}

export interface HistogramPanel {
  readonly title: string;
  /** The categories along x (turns, then 'never'). */
  readonly categories: readonly string[];
  /** Counts per category, one series per part of a stack. */
  readonly series: readonly { readonly name: string; readonly colour: string; readonly values: readonly number[] }[];
}

/** One histogram or several one above the other, with stacked bars, sharing a legend. */
export function histogramChart(o: { title: string; subtitle?: string; xLabel: string; yLabel: string; panels: readonly HistogramPanel[] }): string {
  const names = [...new Map(o.panels.flatMap((p) => p.series.map((s) => [s.name, s.colour] as const))).entries()].map(([name, colour]) => ({ name, colour }));
  const leg = names.length > 1 ? legend(names, 70, 60, WIDTH - 100) : { svg: '', height: 0 };
  let y = 60 + leg.height + (o.panels.length > 1 ? 16 : 0);
  const parts: string[] = [leg.svg];
  const panelHeight = o.panels.length > 1 ? 150 : 240;
  for (const p of o.panels) {
    const f: Frame = { x: 70, y, w: WIDTH - 100, h: panelHeight };
    const totals = p.categories.map((_c, i) => p.series.reduce((n, s) => n + (s.values[i] ?? 0), 0));
    const { top, step } = niceScale(Math.max(1, ...totals), o.panels.length > 1 ? 3 : 5);
    const axis = yAxis(f, top, step, o.yLabel);
    const slot = f.w / Math.max(1, p.categories.length);
    const bw = Math.max(2, slot * 0.8);
    const every = Math.ceil(p.categories.length / 26);
    const marks: string[] = [];
    p.categories.forEach((c, i) => {
      let base = 0;
      const x = f.x + slot * i + (slot - bw) / 2;
      for (const s of p.series) {
        const v = s.values[i] ?? 0;
        if (v > 0) {
          const y0 = axis.y(base);
          const y1 = axis.y(base + v);
          marks.push(`<rect class="bar" data-category="${esc(c)}" data-series="${esc(s.name)}" data-value="${v}" x="${x.toFixed(1)}" y="${y1.toFixed(1)}" width="${bw.toFixed(1)}" height="${(y0 - y1).toFixed(1)}" fill="${s.colour}"/>`);
        }
        base += v;
      }
      if (i % every === 0 || c === 'never') marks.push(`<text class="tick x" x="${(f.x + slot * (i + 0.5)).toFixed(1)}" y="${f.y + f.h + 14}" text-anchor="middle" font-size="10">${esc(c)}</text>`);
    });
    const heading = o.panels.length > 1 ? `<text class="panel-title" x="${f.x}" y="${f.y - 6}" font-size="13" font-weight="bold">${esc(p.title)}</text>` : '';
    parts.push(`<g class="panel" data-title="${esc(p.title)}">${heading}${axis.svg}${marks.join('')}</g>`);
    y += panelHeight + 48;
  }
  const last: Frame = { x: 70, y: y - 48 - panelHeight, w: WIDTH - 100, h: panelHeight };
  parts.push(xLabelText(last, o.xLabel));
  return svgDocument(o.title, o.subtitle, y + 4, parts.join(''));
}

/** Lines over turns, one per series, with a legend. */
export function lineChart(o: { title: string; subtitle?: string; xLabel: string; yLabel: string; xs: readonly number[]; series: readonly { readonly name: string; readonly colour: string; readonly values: readonly number[] }[] }): string {
  const leg = legend(o.series.map((s) => ({ name: s.name, colour: s.colour })), 70, 60, WIDTH - 100);
  const f: Frame = { x: 70, y: 60 + leg.height + 10, w: WIDTH - 100, h: 260 };
  const max = Math.max(1, ...o.series.flatMap((s) => s.values));
  const { top, step } = niceScale(max);
  const axis = yAxis(f, top, step, o.yLabel);
  const x0 = Math.min(...o.xs, 0);
  const x1 = Math.max(...o.xs, 1);
  const x = (v: number) => f.x + ((v - x0) / Math.max(1, x1 - x0)) * f.w;
  const every = Math.ceil(o.xs.length / 13);
  const ticks = o.xs.filter((_v, i) => i % every === 0).map((v) => `<text class="tick x" x="${x(v).toFixed(1)}" y="${f.y + f.h + 16}" text-anchor="middle" font-size="11">${v}</text>`);
  const lines = o.series.map((s) => {
    const points = s.values.map((v, i) => `${x(o.xs[i]!).toFixed(1)},${axis.y(v).toFixed(1)}`).join(' ');
    return `<polyline class="series" data-name="${esc(s.name)}" data-values="${s.values.map((v) => +v.toFixed(2)).join(' ')}" points="${points}" fill="none" stroke="${s.colour}" stroke-width="2"/>`;
  });
  return svgDocument(o.title, o.subtitle, f.y + f.h + 50, leg.svg + axis.svg + ticks.join('') + lines.join('') + xLabelText(f, o.xLabel));
}
