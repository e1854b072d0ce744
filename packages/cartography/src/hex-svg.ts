/**
 * Hex maps as SVG: a picture made of hexes (each with its corner points, a fill and labels), lines along hexsides
 * (rivers, borders), place symbols and names, counters stacked in hexes, and marks. Pure: it returns SVG text, the
 * same for the same picture. The ruleset works out the geometry (the engine's hex kit gives each hex's corners) and
 * what to show; this module only draws.
 */

export type Point = readonly [number, number];

export interface HexShape {
  readonly id: string;
  readonly corners: readonly Point[];
  readonly centre: Point;
  readonly fill: string;
  /** The hex id or another small label, drawn at the top of the hex. */
  readonly label?: string;
  /** A title shown when the pointer rests on the hex. */
  readonly title?: string;
}

export interface HexLine {
  readonly from: Point;
  readonly to: Point;
  readonly stroke: string;
  readonly width: number;
  readonly dash?: string;
}

export interface HexPlace {
  readonly at: Point;
  readonly name?: string;
  readonly symbol: 'city' | 'town' | 'fortress' | 'port';
}

export interface HexCounter {
  readonly at: Point;
  /** The counter's colours: the nation's. */
  readonly fill: string;
  readonly text: string;
  /** The unit's kind: 'infantry' (a box with a cross), 'cavalry' (a box with a slash), 'hq' (a flag), 'fortress'. */
  readonly symbol: 'infantry' | 'cavalry' | 'hq' | 'fortress';
  /** The factors line ('4-4-4') and the steps left (one pip each). */
  readonly factors: string;
  readonly steps: number;
  /** How many more units are in the stack under it. */
  readonly more: number;
  /** The hex it stands in, written on a group around it (`data-at`) so that a click on the counter finds its hex. */
  readonly area?: string;
  /** A marker beside the counter: 'DS' (Defense Supply), 'OOS' (Out of Supply). */
  readonly marker?: string;
  readonly title?: string;
}

/** A small counter beside a hex's stack (an air piece, a Tank): a short text on its side's colour. */
export interface HexToken {
  readonly at: Point;
  /** The hex it stands in (`data-at`), as a counter's. */
  readonly area?: string;
  readonly text: string;
  readonly fill: string;
  readonly textColour: string;
  readonly title?: string;
}

export interface HexPicture {
  readonly width: number;
  readonly height: number;
  readonly title: string;
  readonly subtitle?: string;
  readonly background: string;
  readonly hexes: readonly HexShape[];
  readonly lines: readonly HexLine[];
  readonly places: readonly HexPlace[];
  readonly counters: readonly HexCounter[];
  /** Small counters, drawn over the stacks: their centres are given. */
  readonly tokens?: readonly HexToken[];
  /** Hexes ringed (the turn's battles). */
  readonly marks: readonly { readonly at: Point; readonly radius: number; readonly colour: string }[];
  readonly legend?: readonly { readonly label: string; readonly fill: string }[];
  /** The size of a hex (centre to corner), which scales the text and symbols. */
  readonly size: number;
  /** The width the SVG is shown at, in pixels; the picture is scaled to it (its own width when left out). */
  readonly outputWidth?: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x: number) => (Math.round(x * 10) / 10).toString();
const pts = (ps: readonly Point[]) => ps.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

/** An SVG element from its attributes (numbers rounded to a tenth) and its text, escaped. */
function el(tag: string, attrs: Readonly<Record<string, string | number>>, text?: string): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? n(v) : esc(v)}"`)
    .join(' ');
  return text === undefined ? `<${tag} ${a}/>` : `<${tag} ${a}>${esc(text)}</${tag}>`;
}

const SANS = 'sans-serif';
const halo = { stroke: '#fff', 'stroke-width': 2, 'paint-order': 'stroke' };

/** An eight-pointed star: the fortress symbol. */
function star(x: number, y: number, s: number): Point[] {
  return [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
    const r = s * (i % 2 ? 0.55 : 1.25);
    return [x + Math.cos((i * Math.PI) / 4) * r, y + Math.sin((i * Math.PI) / 4) * r];
  });
}

function placeSvg(p: HexPlace, size: number): string {
  const [x, y] = p.at;
  const s = size * 0.22;
  const shape =
    p.symbol === 'city'
      ? `<rect x="${n(x - s)}" y="${n(y - s)}" width="${n(2 * s)}" height="${n(2 * s)}" fill="#b22222" stroke="#400" stroke-width="0.8"/>`
      : p.symbol === 'fortress'
        ? el('polygon', { points: pts(star(x, y, s)), fill: '#333', stroke: '#000', 'stroke-width': 0.6 })
        : p.symbol === 'port'
          ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.8)}" fill="none" stroke="#1f4e79" stroke-width="1.2"/>`
          : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.7)}" fill="#444"/>`;
  const name = p.name
    ? el(
        'text',
        { x, y: y + size * 0.62, 'font-size': size * 0.34, 'text-anchor': 'middle', 'font-family': SANS, fill: '#111', ...halo },
        p.name,
      )
    : '';
  return shape + name;
}

/** A counter or token in a group naming the hex it stands in (`data-at`), when it is given. */
const inHex = (area: string | undefined, svg: string): string => (area ? `<g data-at="${esc(area)}">${svg}</g>` : svg);

function counterSvg(c: HexCounter, size: number): string {
  const w = size * 1.05;
  const h = size * 0.9;
  const [cx, cy] = c.at;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const parts: string[] = [];
  if (c.more > 0)
    parts.push(
      el('rect', { x: x + 3, y: y - 3, width: w, height: h, rx: 2, fill: c.fill, stroke: '#000', 'stroke-width': 0.6, opacity: 0.8 }),
    );
  parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="2" fill="${c.fill}" stroke="#000" stroke-width="0.8"/>`);
  const bx = cx - w * 0.28;
  const by = y + h * 0.12;
  const bw = w * 0.56;
  const bh = h * 0.38;
  if (c.symbol === 'hq') {
    parts.push(`<line x1="${n(bx)}" y1="${n(by)}" x2="${n(bx)}" y2="${n(by + bh)}" stroke="${c.text}" stroke-width="1"/>`);
    parts.push(
      `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh * 0.6)}" fill="none" stroke="${c.text}" stroke-width="1"/>`,
    );
  } else {
    parts.push(`<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" fill="none" stroke="${c.text}" stroke-width="1"/>`);
    if (c.symbol === 'infantry' || c.symbol === 'fortress') {
      parts.push(`<line x1="${n(bx)}" y1="${n(by)}" x2="${n(bx + bw)}" y2="${n(by + bh)}" stroke="${c.text}" stroke-width="0.8"/>`);
      parts.push(`<line x1="${n(bx)}" y1="${n(by + bh)}" x2="${n(bx + bw)}" y2="${n(by)}" stroke="${c.text}" stroke-width="0.8"/>`);
    }
    if (c.symbol === 'cavalry')
      parts.push(`<line x1="${n(bx)}" y1="${n(by + bh)}" x2="${n(bx + bw)}" y2="${n(by)}" stroke="${c.text}" stroke-width="0.8"/>`);
    if (c.symbol === 'fortress')
      parts.push(`<rect x="${n(bx + bw * 0.35)}" y="${n(by - 2)}" width="${n(bw * 0.3)}" height="2" fill="${c.text}"/>`);
  }
  parts.push(
    el(
      'text',
      {
        x: cx,
        y: y + h * 0.86,
        'font-size': size * 0.3,
        'text-anchor': 'middle',
        'font-family': SANS,
        'font-weight': 'bold',
        fill: c.text,
      },
      c.factors,
    ),
  );
  for (let i = 0; i < c.steps; i++) parts.push(`<circle cx="${n(x + w - 3 - i * 4)}" cy="${n(y + 3)}" r="1.4" fill="${c.text}"/>`);
  if (c.more > 0)
    parts.push(el('text', { x: x + w + 1, y: y + 4, 'font-size': size * 0.28, 'font-family': SANS, fill: '#000', ...halo }, `+${c.more}`));
  if (c.marker)
    parts.push(
      el(
        'text',
        { x, y: y + h + size * 0.3, 'font-size': size * 0.26, 'font-family': SANS, 'font-weight': 'bold', fill: '#a00', ...halo },
        c.marker,
      ),
    );
  const title = c.title ? `<title>${esc(c.title)}</title>` : '';
  return inHex(c.area, `<g class="counter">${title}${parts.join('')}</g>`);
}

/** The width of a token with this text, for a hex of this size: callers lay tokens out side by side with it. */
export const tokenWidth = (text: string, size: number): number => size * (0.2 + 0.21 * text.length);

function tokenSvg(t: HexToken, size: number): string {
  const w = tokenWidth(t.text, size);
  const h = size * 0.38;
  const [cx, cy] = t.at;
  const title = t.title ? `<title>${esc(t.title)}</title>` : '';
  const box = el('rect', { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: 1.5, fill: t.fill, stroke: '#000', 'stroke-width': 0.6 });
  const text = el(
    'text',
    {
      x: cx,
      y: cy + h * 0.3,
      'font-size': size * 0.3,
      'text-anchor': 'middle',
      'font-family': SANS,
      'font-weight': 'bold',
      fill: t.textColour,
    },
    t.text,
  );
  return inHex(t.area, `<g class="token">${title}${box}${text}</g>`);
}

/** The picture as SVG text. */
export function renderHexSvg(p: HexPicture): string {
  const head = 44 + (p.subtitle ? 20 : 0);
  const out: string[] = [];
  const scale = (p.outputWidth ?? p.width) / p.width;
  const size = `width="${n(p.width * scale)}" height="${n((p.height + head) * scale)}"`;
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" ${size} viewBox="0 ${-head} ${n(p.width)} ${n(p.height + head)}">`);
  out.push(`<rect x="0" y="${-head}" width="${n(p.width)}" height="${n(p.height + head)}" fill="${p.background}"/>`);
  // Titles shrink to fit a narrow picture (about 0.6 em a character).
  const fit = (text: string, most: number) => n(Math.min(most, (p.width - 24) / (0.6 * Math.max(1, text.length))));
  out.push(
    `<text x="12" y="${-head + 28}" font-size="${fit(p.title, 22)}" font-family="sans-serif" font-weight="bold">${esc(p.title)}</text>`,
  );
  if (p.subtitle)
    out.push(
      `<text x="12" y="${-head + 50}" font-size="${fit(p.subtitle, 14)}" font-family="sans-serif" fill="#333">${esc(p.subtitle)}</text>`,
    );
  out.push('<g class="hexes">');
  for (const h of p.hexes) {
    const title = h.title ? `<title>${esc(h.title)}</title>` : '';
    out.push(
      `<polygon data-area="${esc(h.id)}" points="${pts(h.corners)}" fill="${h.fill}" stroke="#8a8a7a" stroke-width="0.4">` +
        `${title}</polygon>`,
    );
  }
  out.push('</g><g class="lines">');
  for (const l of p.lines) {
    out.push(
      el('line', {
        x1: l.from[0],
        y1: l.from[1],
        x2: l.to[0],
        y2: l.to[1],
        stroke: l.stroke,
        'stroke-width': l.width,
        'stroke-linecap': 'round',
        ...(l.dash ? { 'stroke-dasharray': l.dash } : {}),
      }),
    );
  }
  out.push('</g><g class="labels">');
  for (const h of p.hexes) {
    if (!h.label) continue;
    const top = Math.min(...h.corners.map(([, y]) => y));
    out.push(
      el(
        'text',
        { x: h.centre[0], y: top + p.size * 0.5, 'font-size': p.size * 0.26, 'text-anchor': 'middle', 'font-family': SANS, fill: '#555' },
        h.label,
      ),
    );
  }
  out.push('</g><g class="places">');
  for (const pl of p.places) out.push(placeSvg(pl, p.size));
  out.push('</g><g class="marks">');
  for (const m of p.marks)
    out.push(`<circle cx="${n(m.at[0])}" cy="${n(m.at[1])}" r="${n(m.radius)}" fill="none" stroke="${m.colour}" stroke-width="3"/>`);
  out.push('</g><g class="counters">');
  for (const c of p.counters) out.push(counterSvg(c, p.size));
  out.push('</g>');
  if (p.tokens?.length) {
    out.push('<g class="tokens">');
    for (const t of p.tokens) out.push(tokenSvg(t, p.size));
    out.push('</g>');
  }
  if (p.legend?.length) {
    let x = 12;
    const rows = Math.ceil(p.legend.reduce((w, item) => w + 26 + item.label.length * 7, 12) / p.width);
    let y = p.height - 18 * rows;
    out.push('<g class="legend">');
    for (const item of p.legend) {
      if (x + 26 + item.label.length * 7 > p.width) {
        x = 12;
        y += 18;
      }
      out.push(`<rect x="${x}" y="${y}" width="14" height="14" fill="${item.fill}" stroke="#333" stroke-width="0.5"/>`);
      out.push(el('text', { x: x + 18, y: y + 12, 'font-size': 12, 'font-family': SANS, ...halo }, item.label));
      x += 26 + item.label.length * 7;
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n');
}
