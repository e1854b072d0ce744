/**
 * Clauses: VB-TURN-01, VB-TURN-15, VB-REIN-01, VV-WCPD-11.
 * The board of vernian as a client shows it beside the map: the hexes (named places and hexes with units, for a
 * list), what the pointer shows over each hex (its id, terrain, holder and units), the panel of one hex (terrain,
 * country, holder, place and fortress, markers, pieces, and each unit with its factors, steps and supply), who holds
 * which hexes, and the tracks off the map: the Turn Record Track (each Strategic Turn with its Operational Turns and
 * what arrives on it), the tunnel's stacks, the Storm markers and the Available Units boxes. The orders by clicking
 * are in plans.ts.
 */
import type { AreaFacts, BoardTool, Json, ReportSection } from '@umpire/engine';
import { hexBoard, ruleNumbers } from '../data/files.js';
import { allHexes, hexFacts, hexLabel } from '../base/hexes.js';
import { controller, fortressStands, occupancy } from '../base/positions.js';
import { nationName, type Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { allUnits, printedFactors, unitInfo } from '../base/units.js';
import { allPieces, byNumber, pieceLabel, pieceStateLabel } from '../base/pieces.js';
import { turnDate, turnTitle } from '../base/calendar.js';
import { arrivalOf } from '../arrivals/schedule.js';
import { supplyOf } from '../supply/supply.js';
import { trackLines } from '../england/tunnel.js';
import { describeState } from '../views/report.js';
import { vernianPlans } from './plans.js';

const asState = (view: Json): VernianState => view as unknown as VernianState;

const NATION_WORDS: Readonly<Record<string, string>> = {
  germany: 'German',
  france: 'French',
  britain: 'British',
  belgium: 'Belgian',
  usa: 'American',
};
const nationWord = (nation: string): string => NATION_WORDS[nation] ?? nationName(nation);

const SIDE_NAMES: Readonly<Record<Side, { name: string; abbreviation: string }>> = {
  germany: { name: 'the Germans', abbreviation: 'GER' },
  allies: { name: 'the Allies', abbreviation: 'ALL' },
};

const SUPPLY_WORDS = { attack: 'in attack supply', defense: 'in defense supply only (DS)', out: 'out of supply (OOS)' } as const;

/** A unit as the panel and the pointer show it: 'German 3rd Infantry Division (de-3): 4-4-4, 2 steps, in attack supply'. */
export function unitLine(state: VernianState, id: string): string {
  const u = unitInfo(id);
  const s = state.units[id]!;
  const f = printedFactors(id, s.steps, s.crack === true);
  const factors = u.hq
    ? `${u.type.guns ?? 0}-${u.type.kill ?? 0} HQ`
    : f.attack === f.defence
      ? `${f.attack}-${f.move}`
      : `${f.attack}-${f.defence}-${f.move}`;
  const steps = u.type.steps === 2 ? `, ${s.steps} of 2 steps` : '';
  const crack = s.crack ? ', Crack Troop' : '';
  const supply = u.hq ? '' : `, ${SUPPLY_WORDS[supplyOf(state, id)]}`;
  return `${u.name} (${id}): ${factors}${steps}${crack}${supply}`;
}

/** The pieces on a hex, as labels. */
const piecesOn = (state: VernianState, hex: string): string[] =>
  Object.keys(state.pieces)
    .filter((id) => state.pieces[id]!.at === hex)
    .sort(byNumber)
    .map((id) => pieceStateLabel(id, state.pieces[id]!));

/** Pieces of one kind counted in a line: '5 × Zeppelin 0-3-3 (zep-1, zep-2, zep-3, zep-4, zep-5)'. */
function piecesCounted(labels: readonly string[]): string[] {
  const kinds = new Map<string, string[]>();
  for (const label of labels) {
    const m = /^(.*) \((\S+)\)$/.exec(label);
    const name = m?.[1] ?? label;
    kinds.set(name, [...(kinds.get(name) ?? []), m?.[2] ?? '']);
  }
  return [...kinds].map(([name, ids]) => (ids.length > 1 ? `${ids.length} × ${name} (${ids.join(', ')})` : `${name} (${ids[0]})`));
}

/** What a hex is, in words: 'W8508 Liège: clear, Belgium, a fortress (standing), held by the Allies'. */
function hexWords(state: VernianState, id: string): string {
  const h = hexFacts(id)!;
  const holder = controller(state, id);
  const place = [
    h.city ? 'city' : h.town ? 'town' : '',
    h.port ? 'port' : '',
    h.fortress ? `fortress ${fortressStands(state, id) ? 'standing' : 'destroyed'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return [
    `${hexLabel(id)}: ${h.neutral ? 'neutral ' : ''}${h.terrain}`,
    h.nation ? nationName(h.nation) : '',
    place,
    holder ? `held by ${SIDE_NAMES[holder].name}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function info(view: Json, id: string): AreaFacts | undefined {
  const state = asState(view);
  const h = hexFacts(id);
  if (!h) return undefined;
  const holder = controller(state, id);
  const units = (occupancy(state).get(id) ?? []).filter((u) => isOnMap(state.units[u]!.at));
  const byNation = new Map<string, string[]>();
  for (const u of units) byNation.set(unitInfo(u).nation, [...(byNation.get(unitInfo(u).nation) ?? []), u]);
  const place = [h.city ? 'a city' : h.town ? 'a town' : '', h.port ? 'a port' : ''].filter(Boolean).join(', ');
  const pieces = piecesOn(state, id);
  const changed = state.control[id] !== undefined;
  return {
    id,
    name: hexLabel(id),
    kind: 'hex',
    facts: [
      { label: 'Terrain', value: `${h.neutral ? 'neutral ' : ''}${h.terrain}` },
      ...(h.nation ? [{ label: 'Country', value: nationName(h.nation) }] : []),
      ...(holder
        ? [{ label: 'Held by', value: `${SIDE_NAMES[holder].name}${changed ? ' (taken in play)' : ''}`, testId: 'area-owner' }]
        : []),
      ...(place ? [{ label: 'Place', value: place }] : []),
      ...(h.fortress ? [{ label: 'Fortress', value: `value ${h.fortress}, ${fortressStands(state, id) ? 'standing' : 'destroyed'}` }] : []),
      ...(state.inventions.storms.includes(id) ? [{ label: 'Storm marker', value: 'a Storm rages here this Operational Turn' }] : []),
      ...(state.inventions.generators.includes(id) ? [{ label: 'Van der Graaf Generator', value: 'standing' }] : []),
      ...(pieces.length ? [{ label: 'Pieces', value: piecesCounted(pieces) }] : []),
    ],
    units: [...byNation].map(([nation, ids]) => ({
      holder: nation,
      holderName: nationName(nation),
      abbreviation: nation.slice(0, 3).toUpperCase(),
      single: true,
      types: ids.map((u) => ({ type: u, name: unitLine(state, u), count: 1, damaged: 0 })),
    })),
  };
}

/** The Strategic Turns as a table: their Operational Turns and weeks, the one in play marked, and what arrives on each. */
function turnRecordTrack(state: VernianState, turn: number): ReportSection {
  const c = ruleNumbers().calendar;
  const now = turnDate(Math.max(1, turn));
  // By letter: units counted by nation and kind ('6 German units'), pieces by name ('2 × Allied Tank'), the tunnel's stack.
  const arriving = new Map<string, { units: Map<string, number>; pieces: Map<string, number>; tunnel: string[] }>();
  const on = (letter: string) => {
    const row = arriving.get(letter) ?? { units: new Map<string, number>(), pieces: new Map<string, number>(), tunnel: [] };
    arriving.set(letter, row);
    return row;
  };
  const add = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  for (const u of allUnits()) {
    const a = arrivalOf(u);
    if (a.kind === 'turn' && state.units[u.id]?.at === 'due') add(on(a.letter).units, `${nationWord(u.nation)} ${u.hq ? 'HQ' : 'unit'}`);
  }
  for (const p of allPieces())
    if (p.arrives !== 'setup' && !state.pieces[p.id])
      add(on(p.arrives).pieces, pieceLabel(p.id, p.type, p.side, p.nation).replace(/ \(\S+\)$/, ''));
  for (const s of state.tunnel.track) on(s.due).tunnel.push(`the tunnel's stack of ${s.units.length} German units`);
  const words = (letter: string) => {
    const row = arriving.get(letter);
    if (!row) return 'nothing';
    const units = [...row.units].map(([what, n]) => `${n} ${what}${n > 1 ? 's' : ''}`);
    const pieces = [...row.pieces].map(([what, n]) => `${n} × ${what}`);
    return [...units, ...pieces, ...row.tunnel].join(', ');
  };
  const rows = c.strategicTurns.map((letter, i) => {
    const first = i * c.operationalPerStrategic + 1;
    const last = first + c.operationalPerStrategic - 1;
    const from = turnTitle(first).replace(/^.*the week of /, '');
    const mark = letter === now.strategic ? ` ◀ now: Operational Turn ${now.operational}` : '';
    return [`${letter}${mark}`, `${first}–${last}, from the week of ${from}`, words(letter)];
  });
  return { title: 'Turn Record Track', table: { columns: ['Strategic Turn', 'Operational Turns', 'arrives'], rows } };
}

function tracks(view: Json, seat: string | undefined, turn: number): readonly ReportSection[] {
  const state = asState(view);
  const storms = state.inventions.storms;
  const kept = describeState(state, seat).filter((s) => !['Turn Record Track', 'Hexes that changed hands'].includes(s.title));
  return [
    turnRecordTrack(state, turn),
    { title: 'The Channel tunnel', lines: trackLines(state) },
    {
      title: 'Storm markers',
      lines: [
        storms.length ? `This Operational Turn: ${storms.map(hexLabel).join(', ')}` : 'None on the map this Operational Turn.',
        `Allied Weather Control Projection Devices built: ${state.inventions.wcpd}`,
      ],
    },
    ...kept,
  ];
}

export const vernianBoard: BoardTool = {
  areas(view) {
    const state = asState(view);
    const occ = occupancy(state);
    const out: { id: string; name: string; kind: string }[] = [];
    for (const h of allHexes()) {
      if (!h.land || !(h.name || occ.has(h.id))) continue;
      out.push({ id: h.id, name: h.name ? `${h.name} (${h.id})` : h.id, kind: 'hex' });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  },
  titles(view) {
    const state = asState(view);
    const occ = occupancy(state);
    const titles = new Map<string, string>();
    for (const id of hexBoard().ids) {
      const units = (occ.get(id) ?? []).filter((u) => isOnMap(state.units[u]!.at)).map((u) => unitLine(state, u));
      titles.set(id, [hexWords(state, id), ...units, ...piecesCounted(piecesOn(state, id))].join('\n'));
    }
    return titles;
  },
  info,
  holders: () => (['germany', 'allies'] as const).map((id) => ({ id, ...SIDE_NAMES[id] })),
  holdings(view, holder) {
    const state = asState(view);
    return hexBoard().ids.filter((id) => hexFacts(id)?.land && controller(state, id) === holder);
  },
  plans: vernianPlans,
  tracks,
};
