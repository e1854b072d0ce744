import type { ChartSet } from '@umpire/engine';

/** One line of a chart: a name for the legend, its values (one a turn), and how it is drawn. */
export interface ChartLine {
  readonly name: string;
  readonly values: readonly number[];
}

/** A linear scale: a domain onto a range. */
export function scaleLinear(domain: readonly [number, number], range: readonly [number, number]): (v: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** About `count` round ticks covering a domain (1, 2 or 5 times a power of ten apart). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (max === min) max = min + 1;
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  const end = Math.ceil(max / step - 1e-9) * step;
  for (let t = Math.floor(min / step + 1e-9) * step; t <= end + step * 1e-9; t += step) ticks.push(Math.round(t * 1e6) / 1e6);
  return ticks;
}

// Told apart by colour (a colour-blind-safe set), by dash pattern and by marker shape.
const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#999933'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '12 4', '1 2', '4 4', '10 2 2 2 2 2'];
const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'cross', 'triangle-down', 'plus', 'star'] as const;
/** The look of the i-th series: past the eighth, the marker shifts, so that no two series look alike. */
const look = (i: number) => ({
  colour: COLOURS[i % COLOURS.length]!,
  dash: DASHES[i % DASHES.length]!,
  marker: MARKERS[(i + Math.floor(i / MARKERS.length) * 3) % MARKERS.length]!,
});

function Marker({ shape, x, y, colour }: { readonly shape: (typeof MARKERS)[number]; readonly x: number; readonly y: number; readonly colour: string }) {
  const r = 4;
  switch (shape) {
    case 'circle':
      return <circle cx={x} cy={y} r={r} fill={colour} />;
    case 'square':
      return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} fill={colour} />;
    case 'triangle':
      return <path d={`M${x},${y - r - 1}L${x + r + 1},${y + r}L${x - r - 1},${y + r}Z`} fill={colour} />;
    case 'triangle-down':
      return <path d={`M${x},${y + r + 1}L${x + r + 1},${y - r}L${x - r - 1},${y - r}Z`} fill={colour} />;
    case 'diamond':
      return <path d={`M${x},${y - r - 1}L${x + r + 1},${y}L${x},${y + r + 1}L${x - r - 1},${y}Z`} fill={colour} />;
    case 'cross':
      return <path d={`M${x - r},${y - r}L${x + r},${y + r}M${x + r},${y - r}L${x - r},${y + r}`} stroke={colour} strokeWidth={2.5} />;
    case 'plus':
      return <path d={`M${x - r},${y}L${x + r},${y}M${x},${y - r}L${x},${y + r}`} stroke={colour} strokeWidth={2.5} />;
    default:
      return <circle cx={x} cy={y} r={r} fill="#fff" stroke={colour} strokeWidth={2} />;
  }
}

export interface LineChartProps {
  readonly id: string;
  readonly title: string;
  readonly yLabel: string;
  /** The turn of each point (0: the opening) and its label. */
  readonly turns: readonly number[];
  readonly labels: readonly string[];
  readonly lines: readonly ChartLine[];
  /** The turn shown on the map: marked by a vertical line. */
  readonly current?: number;
  /** Horizontal reference lines (the US Entry thresholds). */
  readonly rules?: readonly { readonly value: number; readonly label: string }[];
}

/** A line chart in plain SVG: titled, both axes labelled, a legend, and the numbers in a table for screen readers. */
export function LineChart({ id, title, yLabel, turns, labels, lines, current, rules = [] }: LineChartProps) {
  const width = 460;
  const height = 220;
  const m = { left: 48, right: 12, top: 10, bottom: 40 };
  const all = [...lines.flatMap((l) => l.values), ...rules.map((r) => r.value), 0];
  const ticks = niceTicks(Math.min(...all), Math.max(...all));
  const y = scaleLinear([ticks[0]!, ticks.at(-1)!], [height - m.bottom, m.top]);
  const x = scaleLinear([turns[0] ?? 0, Math.max(turns.at(-1) ?? 1, (turns[0] ?? 0) + 1)], [m.left, width - m.right]);
  const every = Math.max(1, Math.ceil(turns.length / 8));
  return (
    <figure className="chart" aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`${title}: ${lines.map((l) => l.name).join(', ')}, by turn`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="#ddd" />
            <text x={m.left - 4} y={y(t) + 4} textAnchor="end" fontSize="10">
              {t}
            </text>
          </g>
        ))}
        {turns.map((t, i) =>
          i % every === 0 || i === turns.length - 1 ? (
            <text key={t} x={x(t)} y={height - m.bottom + 14} textAnchor="middle" fontSize="10">
              {t === 0 ? 'open' : t}
            </text>
          ) : null,
        )}
        <line x1={m.left} x2={width - m.right} y1={height - m.bottom} y2={height - m.bottom} stroke="#333" />
        <line x1={m.left} x2={m.left} y1={m.top} y2={height - m.bottom} stroke="#333" />
        <text x={(m.left + width - m.right) / 2} y={height - 6} textAnchor="middle" fontSize="11">
          Turn
        </text>
        <text transform={`translate(12 ${(m.top + height - m.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize="11">
          {yLabel}
        </text>
        {rules.map((r) => (
          <g key={r.label} className="rule">
            <line x1={m.left} x2={width - m.right} y1={y(r.value)} y2={y(r.value)} stroke="#444" strokeDasharray="3 3" />
            <text x={width - m.right - 2} y={y(r.value) - 3} textAnchor="end" fontSize="10">
              {r.label}
            </text>
          </g>
        ))}
        {current !== undefined && turns.includes(current) && (
          <g className="current" data-testid={`chart-${id}-current`}>
            <line x1={x(current)} x2={x(current)} y1={m.top} y2={height - m.bottom} stroke="#000" strokeWidth={2} strokeDasharray="1 2" />
            <text x={x(current) > width * 0.7 ? x(current) - 3 : x(current) + 3} textAnchor={x(current) > width * 0.7 ? 'end' : 'start'} y={m.top + 9} fontSize="10">
              shown
            </text>
          </g>
        )}
        {lines.map((l, i) => {
          const { colour, dash, marker } = look(i);
          return (
            <g key={l.name} className="series" data-series={l.name} data-look={`${colour} ${dash || 'solid'} ${marker}`}>
              <polyline points={l.values.map((v, j) => `${x(turns[j]!)},${y(v)}`).join(' ')} fill="none" stroke={colour} strokeWidth={2} strokeDasharray={dash} />
              {l.values.map((v, j) => (
                <g key={j} className="point">
                  <Marker shape={marker} x={x(turns[j]!)} y={y(v)} colour={colour} />
                </g>
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="legend" aria-label={`Legend of ${title}`}>
        {lines.map((l, i) => (
          <li key={l.name}>
            <svg width="34" height="12" aria-hidden="true">
              <line x1="1" x2="33" y1="6" y2="6" stroke={look(i).colour} strokeWidth={2} strokeDasharray={look(i).dash} />
              <Marker shape={look(i).marker} x={17} y={6} colour={look(i).colour} />
            </svg>{' '}
            {l.name}
          </li>
        ))}
      </ul>
      <details>
        <summary>The numbers of “{title}”</summary>
        <table className="chart-table">
          <thead>
            <tr>
              <th scope="col">Turn</th>
              {lines.map((l) => (
                <th key={l.name} scope="col">
                  {l.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {turns.map((t, j) => (
              <tr key={t} aria-current={t === current ? 'true' : undefined}>
                <th scope="row">{labels[j] ?? t}</th>
                {lines.map((l) => (
                  <td key={l.name}>{l.values[j]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export interface ChartsProps {
  /** The ruleset's charts of the game, from the reader's views. */
  readonly set: ChartSet;
  /** The turn shown on the map. */
  readonly current: number;
}

/** The game in charts, as the ruleset's charts tool draws them from the reader's views; its notes under them. */
export function Charts({ set, current }: ChartsProps) {
  const common = { turns: set.turns, labels: set.labels, current };
  return (
    <section className="charts" aria-labelledby="charts-title">
      <h3 id="charts-title">The game in charts</h3>
      <p className="muted">Turn 0 is the opening. The dotted vertical line marks the turn shown on the map; each chart&apos;s numbers are in the table under it.</p>
      {set.charts.map((c) => (
        <LineChart key={c.id} id={c.id} title={c.title} yLabel={c.yLabel} lines={c.lines} {...(c.rules ? { rules: c.rules } : {})} {...common} />
      ))}
      {set.notes.map((note) => (
        <p key={note} className="muted" data-testid="chart-note">
          {note}
        </p>
      ))}
    </section>
  );
}
