/**
 * The map picture of vernian (`umpire map vernian`, the turn mails, the web client): each map sheet with its terrain,
 * rivers, borders, hex ids, places, and the units as counters (nation colours, type symbol, factors, steps, HQ numbers,
 * supply markers), the variant's pieces as small counters under them (Z, F, CS, B, T, AFB, with a count when there
 * are several, in their side's colour), the hexes interdicted by Allied flyers in a dashed ring, the turn's battles ringed.
 */
import {
  renderHexSvg,
  tokenWidth,
  type HexCounter,
  type HexLine,
  type HexPlace,
  type HexShape,
  type HexToken,
  type Point,
} from '@umpire/cartography';
import { hexGeometry, ok, type GameRecord, type Json, type MapTool } from '@umpire/engine';
import { hexBoard, shelf } from '../data/files.js';
import { allHexes, hexFacts } from '../base/hexes.js';
import { controller, occupancy } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { printedFactors, unitInfo, unitLabel } from '../base/units.js';
import { byNumber, pieceStateLabel, pieceType } from '../base/pieces.js';
import { openingState } from '../arrivals/opening.js';
import { supplyOf } from '../supply/supply.js';

const SHEETS = [
  { id: 'west', label: 'The West Front' },
  { id: 'england', label: 'Southern England' },
] as const;

const TERRAIN: Readonly<Record<string, string>> = {
  clear: '#efe9cf',
  'flood-plain': '#d9e8c4',
  forest: '#a9c98c',
  rough: '#d2bf95',
  mountain: '#b39c7c',
  marsh: '#b5d6c6',
  sea: '#a9cde6',
};

const NATION_COLOURS: Readonly<Record<string, { fill: string; text: string }>> = {
  germany: { fill: '#7d8a91', text: '#000' },
  france: { fill: '#6f9fd8', text: '#000' },
  britain: { fill: '#c8a165', text: '#000' },
  belgium: { fill: '#e6cf4c', text: '#000' },
  usa: { fill: '#7fae6d', text: '#000' },
};

const SIZE = 22;

// Each map's drawing geometry, worked out once for each board: every hex's centre and corners.
const geometries = shelf.derive(() => new Map(['W', 'B'].map((prefix) => [prefix, drawnGeometry(prefix)])));

const geometry = (prefix: string) => geometries().get(prefix)!;

function drawnGeometry(prefix: string) {
  const map = hexBoard().map(prefix)!;
  const g = hexGeometry(map.layout, SIZE);
  const cells = hexBoard().ids.filter((id) => id.startsWith(prefix) && hexFacts(id)?.map === prefix);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const id of cells) {
    for (const c of g.corners(hexBoard().cell(id)!.axial)) {
      minX = Math.min(minX, c.x);
      minY = Math.min(minY, c.y);
      maxX = Math.max(maxX, c.x);
      maxY = Math.max(maxY, c.y);
    }
  }
  const shift = (p: { x: number; y: number }): Point => [p.x - minX + 8, p.y - minY + 8];
  const centres = new Map(cells.map((id) => [id, shift(g.centre(hexBoard().cell(id)!.axial))]));
  const corners = new Map(cells.map((id) => [id, g.corners(hexBoard().cell(id)!.axial).map(shift)]));
  return {
    cells,
    width: maxX - minX + 16,
    height: maxY - minY + 40,
    centre: (id: string) => centres.get(id)!,
    corners: (id: string) => corners.get(id)!,
  };
}

const key = ([x, y]: Point) => `${Math.round(x)},${Math.round(y)}`;

/** The two corners two neighbouring hexes share: their hexside. */
function sharedSide(a: readonly Point[], b: readonly Point[]): [Point, Point] | undefined {
  const keys = new Set(b.map(key));
  const common = a.filter((p) => keys.has(key(p)));
  return common.length === 2 ? [common[0]!, common[1]!] : undefined;
}

function picture(
  state: VernianState,
  sheet: string,
  title: string,
  subtitle: string | undefined,
  marks: readonly string[],
  width?: number,
) {
  const prefix = sheet === 'england' ? 'B' : 'W';
  const geo = geometry(prefix);
  const hexes: HexShape[] = [];
  const lines: HexLine[] = [];
  const places: HexPlace[] = [];
  const counters: HexCounter[] = [];
  const occ = occupancy(state);
  for (const id of geo.cells) {
    const h = hexFacts(id)!;
    const neutral = h.neutral;
    const holder = controller(state, id);
    const changed = state.control[id] !== undefined;
    const interdicted = state.air.interdicted[id];
    hexes.push({
      id,
      corners: geo.corners(id),
      centre: geo.centre(id),
      fill: neutral ? '#d4d4d4' : (TERRAIN[h.terrain] ?? '#fff'),
      ...(h.land ? { label: id } : {}),
      title: `${id}${h.name ? ` ${h.name}` : ''}: ${h.terrain}${h.nation ? `, ${h.nation}` : ''}${holder ? `, held by ${holder}` : ''}${
        interdicted ? `, ${interdicted === 'heavy' ? 'heavily' : 'lightly'} interdicted` : ''
      }`,
    });
    if (changed) lines.push(...ring(geo.corners(id), holder === 'germany' ? '#333' : '#1f4e9e'));
    if (interdicted) lines.push(...ring(geo.corners(id), INTERDICTION[interdicted]!, 0.7, '3 2'));
    for (const c of hexBoard().neighbours(id)) {
      if (c.to < id || !c.to.startsWith(prefix)) continue;
      const side = sharedSide(geo.corners(id), geo.corners(c.to));
      if (!side) continue;
      const other = hexFacts(c.to)!;
      if (c.features.includes('major-river')) lines.push({ from: side[0], to: side[1], stroke: '#1d5fa8', width: 3.4 });
      else if (c.features.includes('river')) lines.push({ from: side[0], to: side[1], stroke: '#3a7fd0', width: 2 });
      else if (c.features.includes('all-sea')) lines.push({ from: side[0], to: side[1], stroke: '#6aa6d8', width: 3 });
      if (h.land && other.land && h.nation !== other.nation)
        lines.push({ from: side[0], to: side[1], stroke: '#7a1f5c', width: 2.2, dash: '6 3' });
    }
    if (h.name || h.city || h.town || h.fortress) {
      const symbol = h.fortress && !state.fortsLost.includes(id) ? 'fortress' : h.city ? 'city' : h.town ? 'town' : 'port';
      places.push({
        at: geo.centre(id),
        symbol,
        ...(h.name && !h.name.startsWith('London (') && !h.name.startsWith('Paris (') ? { name: h.name } : {}),
      });
    }
    const units = (occ.get(id) ?? []).filter((u) => isOnMap(state.units[u]!.at));
    if (units.length) counters.push({ ...counterOf(state, units), at: geo.centre(id), area: id });
  }
  const tokens = pieceTokens(state, (hex) => (hex.startsWith(prefix) ? geo.centre(hex) : undefined));
  const markAt = new Set(marks);
  return renderHexSvg({
    width: geo.width,
    height: geo.height,
    title,
    ...(subtitle ? { subtitle } : {}),
    background: '#a9cde6',
    hexes,
    lines,
    places,
    counters,
    tokens,
    marks: geo.cells.filter((id) => markAt.has(id)).map((id) => ({ at: geo.centre(id), radius: SIZE * 0.95, colour: '#d11' })),
    legend: [
      { label: 'clear', fill: TERRAIN['clear']! },
      { label: 'forest', fill: TERRAIN['forest']! },
      { label: 'rough', fill: TERRAIN['rough']! },
      { label: 'mountain', fill: TERRAIN['mountain']! },
      { label: 'marsh', fill: TERRAIN['marsh']! },
      { label: 'flood plain', fill: TERRAIN['flood-plain']! },
      { label: 'neutral', fill: '#d4d4d4' },
      { label: 'German', fill: NATION_COLOURS['germany']!.fill },
      { label: 'French', fill: NATION_COLOURS['france']!.fill },
      { label: 'British', fill: NATION_COLOURS['britain']!.fill },
      { label: 'Belgian', fill: NATION_COLOURS['belgium']!.fill },
      { label: 'American', fill: NATION_COLOURS['usa']!.fill },
      { label: 'German pieces (Z, F, T)', fill: PIECE_COLOURS['germany']!.fill },
      { label: 'Allied pieces (F, CS, B, T, AFB)', fill: PIECE_COLOURS['allies']!.fill },
      { label: 'lightly interdicted (dashed ring)', fill: INTERDICTION['light']! },
      { label: 'heavily interdicted (dashed ring)', fill: INTERDICTION['heavy']! },
    ],
    size: SIZE,
    ...(width ? { outputWidth: width } : {}),
  });
}

/**
 * The colours of the interdicted hexes' dashed rings (VV-ETH-24, VV-ETH-27): apart from the cities' red squares, so
 * the legend's swatch is never read as a city.
 */
const INTERDICTION: Readonly<Record<string, string>> = { light: '#e08a00', heavy: '#8e24aa' };

/**
 * A thin ring inside a hex: in the colour of its new holder for a hex that changed hands, dashed and further in for
 * an interdicted hex.
 */
function ring(corners: readonly Point[], colour: string, scale = 0.85, dash?: string): HexLine[] {
  const c: Point = [corners.reduce((s, p) => s + p[0], 0) / 6, corners.reduce((s, p) => s + p[1], 0) / 6];
  const inner = corners.map(([x, y]) => [c[0] + (x - c[0]) * scale, c[1] + (y - c[1]) * scale] as Point);
  return inner.map((p, i) => ({ from: p, to: inner[(i + 1) % 6]!, stroke: colour, width: 1.6, ...(dash ? { dash } : {}) }));
}

/** The stack of a hex as one counter: the strongest unit on top, the others counted under it. */
function counterOf(state: VernianState, units: readonly string[]): HexCounter {
  const strength = (id: string) => {
    const s = state.units[id]!;
    const f = printedFactors(id, s.steps, s.crack === true);
    return (unitInfo(id).hq ? -1 : 0) + f.attack + f.defence;
  };
  const top = [...units].sort((a, b) => strength(b) - strength(a) || (a < b ? -1 : 1))[0]!;
  const u = unitInfo(top);
  const s = state.units[top]!;
  const f = printedFactors(top, s.steps, s.crack === true);
  const colours = NATION_COLOURS[u.nation] ?? { fill: '#ccc', text: '#000' };
  const supply = u.hq ? 'attack' : supplyOf(state, top);
  return {
    at: [0, 0],
    fill: colours.fill,
    text: colours.text,
    symbol: u.hq ? 'hq' : u.type.class === 'cavalry' ? 'cavalry' : u.type.class === 'fortress-infantry' ? 'fortress' : 'infantry',
    factors: u.hq
      ? `${u.type.guns}-${u.type.kill}`
      : f.attack === f.defence
        ? `${f.attack}-${f.move}`
        : `${f.attack}-${f.defence}-${f.move}`,
    steps: s.steps,
    more: units.length - 1,
    ...(supply === 'defense' ? { marker: 'DS' } : supply === 'out' ? { marker: 'OOS' } : {}),
    title: units.map((id) => unitInfo(id).name).join('\n'),
  };
}

const PIECE_COLOURS: Readonly<Record<string, { fill: string; text: string }>> = {
  germany: { fill: '#3d4449', text: '#fff' },
  allies: { fill: '#1f4e9e', text: '#fff' },
};

/** The letters of a piece on the map: Z, F, CS, B, T or AFB. */
function pieceLetters(type: string): string {
  const t = pieceType(type);
  return t.kind === 'zeppelin' ? 'Z' : t.kind === 'flyer' ? (t.role ?? 'F') : t.kind === 'tank' ? 'T' : 'AFB';
}

/**
 * The pieces on the map as small counters, one for each kind of piece and side in a hex ('5Z' for five Zeppelins),
 * side by side in a row under the hex's centre.
 */
function pieceTokens(state: VernianState, centre: (hex: string) => Point | undefined): HexToken[] {
  const byHex = new Map<string, Map<string, string[]>>();
  for (const id of Object.keys(state.pieces).sort(byNumber)) {
    const p = state.pieces[id]!;
    if (!isOnMap(p.at) || !centre(p.at)) continue;
    const groups = byHex.get(p.at) ?? new Map<string, string[]>();
    // A Zeppelin with a passenger has a token of its own, Z+ (VV-ZEP-24: the troop is shown above its Zeppelin).
    const key = `${p.side} ${pieceLetters(p.type)}${p.carrying ? '+' : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), id]);
    byHex.set(p.at, groups);
  }
  const out: HexToken[] = [];
  for (const [hex, groups] of byHex) {
    const [x, y] = centre(hex)!;
    const items = [...groups].map(([key, ids]) => {
      const [side, letters] = key.split(' ') as [string, string];
      return { side, ids, text: ids.length > 1 ? `${ids.length}${letters}` : letters };
    });
    const gap = 1.5;
    const total = items.reduce((w, i) => w + tokenWidth(i.text, SIZE) + gap, -gap);
    let left = x - total / 2;
    for (const i of items) {
      const w = tokenWidth(i.text, SIZE);
      const colours = PIECE_COLOURS[i.side]!;
      out.push({
        at: [left + w / 2, y + SIZE * 0.84],
        area: hex,
        text: i.text,
        fill: colours.fill,
        textColour: colours.text,
        title: i.ids.map((id) => pieceTitle(state, id)).join('\n'),
      });
      left += w + gap;
    }
  }
  return out;
}

/** A piece's label on the map, with the Crack Troop a Zeppelin carries. */
function pieceTitle(state: VernianState, id: string): string {
  const p = state.pieces[id]!;
  return p.carrying ? `${pieceStateLabel(id, p)} carrying ${unitLabel(p.carrying)}` : pieceStateLabel(id, p);
}

/** The hexes where a turn's combats were fought, from the record's events. */
function battleHexes(record: GameRecord, turn: number): string[] {
  const out = new Set<string>();
  for (const step of record.steps) {
    if (!step.id.startsWith(`t${turn}.`)) continue;
    for (const e of step.events) if (e.type === 'combat' && typeof e['target'] === 'string') out.add(e['target']);
  }
  return [...out].sort();
}

function draw(state: Json, d: { title: string; subtitle?: string; marks?: readonly string[]; sheet?: string; width?: number }) {
  const s = state as unknown as VernianState;
  return ok(picture(s, d.sheet ?? 'west', d.title, d.subtitle, d.marks ?? [], d.width));
}

const hexCount = (map: string) => [...allHexes()].filter((h) => h.map === map).length;

export const vernianMap: MapTool = {
  sheets: SHEETS,
  defaultSheet: 'west',
  // The two boards are apart (the tunnel and the Channel join them): a report mail shows both.
  reportSheets: ['west', 'england'],
  draw,
  marks: battleHexes,
  opening: (d) =>
    draw(openingState() as unknown as Json, {
      title: `20,000 Leagues under the Trenches: ${d.sheet === 'england' ? 'southern England' : 'the West Front'} at the start`,
      subtitle: `${hexCount(d.sheet === 'england' ? 'B' : 'W')} hexes of 9.5 miles; the default set-up`,
      ...(d.sheet ? { sheet: d.sheet } : {}),
      ...(d.width ? { width: d.width } : {}),
    }),
};
