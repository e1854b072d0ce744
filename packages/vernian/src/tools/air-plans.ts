/**
 * Clauses: VV-SEQ-03, VV-SEQ-04, VV-SEQ-05, VV-SEQ-12, VV-SEQ-13, VV-ZEP-13, VV-ZEP-16, VV-ZEP-17, VV-ZEP-18, VV-ZEP-21,
 * VV-ZEP-22, VV-ZEP-26, VV-ZEP-27, VV-ZEP-29, VV-ZEP-31, VV-ZEP-33, VV-ETH-03, VV-ETH-04, VV-ETH-08, VV-ETH-09, VV-ETH-14,
 * VV-ETH-15, VV-ETH-19, VV-ETH-20, VV-ETH-22, VV-AIR-02, VV-AIR-03, VV-AIR-25.
 * The air orders by clicking a hex of vernian's map: for the side's Zeppelins and Ether Flyers there, a change of base
 * (the bases in reach outlined on the map), a Zeppelin's Sortie (the hexes its Sortie reaches), a Crack Troop's
 * embarkation on a Zeppelin, an Allied flyer's interdiction, escort or sweep (the hexes in mission range, the missions
 * to escort) and the standing order of the fighters that intercept. The places offered are the orders the order
 * language admits from the hex (each spec's `candidatesAt`, from the rules' own reach: `basesInReach`, `flightReach`,
 * `missionReach`); the line a click makes is checked with the whole orders text, as the editor checks it.
 */
import type { Plan, PlanUnit } from '@umpire/engine';
import { airWar } from '../data/files.js';
import { hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import { byNumber, pieceStateLabel } from '../base/pieces.js';
import { otherSide, type Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { airPiecesOf } from '../air/bases.js';
import { flightDistance } from '../air/flight.js';
import { airKind, baseChangeRange, barredHexes, enemyGroundIn, sortieRange } from '../air/air-rules.js';
import { barredTo, flyerRole, zeppelinsIn } from '../air/missions.js';
import { legalAt, lineOf, plural, previewOf, type Ctx, type Order, type PhaseDrafts } from './plan-check.js';

/** What the air plans work on: the orders text, its orders, the state after them, the seat's side and the hex clicked. */
export interface PlanGround {
  readonly text: string;
  /** The orders of the text, and the draft they make phase by phase. */
  readonly orders: readonly Order[];
  readonly drafts: PhaseDrafts;
  readonly ctx: Ctx;
  readonly after: VernianState;
  readonly side: Side;
  readonly area: string;
}

const pieceUnit = (state: VernianState, id: string, picked: boolean): PlanUnit & { picked: boolean } => ({
  id,
  label: pieceStateLabel(id, state.pieces[id]!),
  at: state.pieces[id]!.at,
  picked,
});

/** The subjects of some orders (a field) with the places each may go (another field), in the orders' order. */
function reachOf(orders: readonly Order[], subject: string, place: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const o of orders) {
    const s = o[subject] as string | string[];
    const key = Array.isArray(s) ? s.join(', ') : s;
    out.set(key, [...(out.get(key) ?? []), o[place] as string]);
  }
  return out;
}

/** The places every subject ticked may go, in the first one's order. */
function common(reach: ReadonlyMap<string, readonly string[]>, subjects: readonly string[]): string[] {
  if (!subjects.length) return [];
  const sets = subjects.map((s) => new Set(reach.get(s) ?? []));
  return (reach.get(subjects[0]!) ?? []).filter((p) => sets.every((set) => set.has(p)));
}

/** The fighters of a side that could intercept over a hex: based within three hexes of it (VV-ETH-15, VV-ETH-22). */
function interceptorsOver(state: VernianState, side: Side, hex: string): string[] {
  const range = airWar().missions.interceptionRange;
  const barred = barredTo(state, side);
  return airPiecesOf(state, side, 'flyer')
    .filter((f) => flyerRole(state, f) === 'F' && flightDistance(state.pieces[f]!.at, hex, range, barred) !== undefined)
    .sort(byNumber);
}

function interceptionFact(state: VernianState, side: Side, hex: string): string {
  const enemy = interceptorsOver(state, otherSide(side), hex);
  const who = side === 'germany' ? 'Allied' : 'German';
  return enemy.length
    ? `${who} F types within three hexes may intercept over ${hexLabel(hex)}: ${enemy.join(', ')} (VV-ETH-15, VV-ETH-22).`
    : `No ${who} F type is based within three hexes of ${hexLabel(hex)} to intercept (VV-ETH-15).`;
}

/** A flight of each piece ticked to one hex, one order line a piece: a change of base or a Sortie. */
function flightPlan(g: PlanGround, kind: 'rebase' | 'sortie'): Plan | undefined {
  const field = kind === 'rebase' ? 'piece' : 'zeppelin';
  const reach = reachOf(legalAt(kind, g.drafts, g.ctx, g.side, g.area), field, 'to');
  if (!reach.size) return undefined;
  const state = g.after;
  const rebase = kind === 'rebase';
  const rangeOf = (p: string) => (rebase ? baseChangeRange(state, p) : sortieRange(state, p));
  return {
    id: kind,
    kind,
    title: `${rebase ? 'Change base from' : 'Sortie from'} ${hexLabel(g.area)}`,
    hint: rebase
      ? 'Tick the Zeppelins or Ether Flyers that change base, then click a base outlined on the map: a hex every piece ' +
        'ticked reaches that could trace Attack Supply overland, with no enemy unit (and held by your side, for a flyer).'
      : 'Tick the Zeppelins that sortie, then click a hex outlined on the map: a land hex every Zeppelin ticked reaches. ' +
        'A Zeppelin stays where its Sortie ends.',
    units: [...reach.keys()].map((p, i) => pieceUnit(state, p, i === 0)),
    targets: (units) => common(reach, units).map((id) => ({ id, name: hexLabel(id) })),
    preview(units, target) {
      if (!units.length) return { problem: 'tick at least one piece', facts: [] };
      const facts = units.map((p) => {
        const range = rangeOf(p);
        const k = airKind(state, p) ?? 'zeppelin';
        const d = flightDistance(state.pieces[p]!.at, target, range, barredHexes(state, g.side, k));
        const clause = !rebase ? 'VV-ZEP-26' : k === 'zeppelin' ? 'VV-ZEP-16' : 'VV-ETH-09';
        const carrying = state.pieces[p]!.carrying;
        const aboard = carrying ? `, with ${unitInfo(carrying).name} aboard, who lands there (VV-ZEP-33)` : '';
        return `${pieceStateLabel(p, state.pieces[p]!)}: ${plural(d ?? range, 'hex')} of the ${range} it flies (${clause})${aboard}.`;
      });
      if (!rebase && enemyGroundIn(state, target, g.side))
        facts.push(`Enemy units are in ${hexLabel(target)}: a Zeppelin there supplies nobody while they stay (VV-ZEP-27, VV-ZEP-29).`);
      if (!rebase) facts.push(`It stays in ${hexLabel(target)} until it next moves (VV-ZEP-31).`);
      if (g.side === 'germany') facts.push(interceptionFact(state, g.side, target));
      const lines = units.map((p) => lineOf({ kind, [field]: p, to: target })).join('\n');
      return previewOf(g.text, g.ctx, lines, facts);
    },
  };
}

/** A Crack Troop of the hex aboard one of its Zeppelins: one plan a Zeppelin (VV-ZEP-21, VV-ZEP-22). */
function embarkPlans(g: PlanGround): Plan[] {
  const troops = reachOf(legalAt('embark', g.drafts, g.ctx, g.side, g.area), 'zeppelin', 'troop');
  return [...troops].map(([zeppelin, ids]) => ({
    id: `embark ${zeppelin}`,
    kind: 'embark',
    title: `Embark on ${pieceStateLabel(zeppelin, g.after.pieces[zeppelin]!)}`,
    hint: 'Tick the Crack Troop that boards: a Zeppelin carries one, which lands where its Sortie ends.',
    units: ids.map((id, i) => ({ id, label: `${unitInfo(id).name} (${id})`, at: g.after.units[id]!.at, picked: i === 0 })),
    target: g.area,
    preview(units) {
      if (units.length !== 1) return { problem: 'tick one Crack Troop: a Zeppelin carries one (VV-ZEP-22)', facts: [] };
      const facts = [`${unitInfo(units[0]!).name} flies with the Zeppelin and lands where it ends its Sortie, its whole move (VV-ZEP-33).`];
      return previewOf(g.text, g.ctx, lineOf({ kind: 'embark', troop: units[0], zeppelin }), facts);
    },
  }));
}

/** An interdiction or a sweep by the flyers ticked, one order naming them all. */
function missionPlan(g: PlanGround, kind: 'interdict' | 'sweep'): Plan | undefined {
  const reach = reachOf(legalAt(kind, g.drafts, g.ctx, g.side, g.area), 'flyers', 'hex');
  if (!reach.size) return undefined;
  const state = g.after;
  const occ = occupancy(state);
  const german = [...occ].filter(([, ids]) => ids.some((id) => unitInfo(id).side === 'germany')).map(([hex]) => hex);
  const range = airWar().missions.missionRange;
  return {
    id: kind,
    kind,
    title: `${kind === 'interdict' ? 'Interdict from' : 'Sweep from'} ${hexLabel(g.area)}`,
    hint:
      kind === 'interdict'
        ? 'Tick the CS and B types that fly, then click a hex outlined on the map (within six hexes of every flyer ticked). ' +
          'A CS type interdicts only a hex with no German ground unit (the hatched hexes hold some); a B type any hex.'
        : 'Tick the F types that sweep, then click a hex outlined on the map: a hex with German Zeppelins within six hexes.',
    units: [...reach.keys()].map((f) => pieceUnit(state, f, true)),
    targets: (units) => common(reach, units).map((id) => ({ id, name: hexLabel(id) })),
    ...(kind === 'interdict' ? { shades: { label: 'hexes with German ground units (only B types interdict there)', areas: german } } : {}),
    preview(units, target) {
      if (!units.length) return { problem: 'tick at least one flyer', facts: [] };
      const facts = units.map((f) => {
        const d = flightDistance(state.pieces[f]!.at, target, range, barredTo(state, 'allies'));
        const role = flyerRole(state, f);
        const does =
          kind === 'sweep'
            ? 'sweeps'
            : role === 'B'
              ? 'interdicts heavily: no German supply there, its units out of supply in the Combat Phase (VV-ETH-27 to VV-ETH-29)'
              : 'interdicts lightly: no German supply traced from, into or through it (VV-ETH-24, VV-ETH-25)';
        return `${pieceStateLabel(f, state.pieces[f]!)}: ${plural(d ?? range, 'hex')} of ${range} (VV-ETH-14); ${does}.`;
      });
      if (kind === 'sweep') {
        facts.push(`German Zeppelins there: ${zeppelinsIn(state, target).join(', ')}; attacked one at a time (VV-ETH-19, VV-AIR-16).`);
        if (units.length > 1) facts.push('More than one fighter: +1 on each roll (VV-AIR-25).');
      } else facts.push(interceptionFact(state, 'allies', target));
      return previewOf(g.text, g.ctx, lineOf({ kind, flyers: [...units], hex: target }), facts);
    },
  };
}

/** An escort of a flyer the orders send to interdict: the mission's hex clicked on the map (VV-ETH-20). */
function escortPlan(g: PlanGround): Plan | undefined {
  const legal = legalAt('escort', g.drafts, g.ctx, g.side, g.area);
  if (!legal.length) return undefined;
  const state = g.after;
  // The hex each interdicting flyer of the orders flies to.
  const over = new Map<string, string>();
  for (const o of g.orders) if (o.kind === 'interdict') for (const f of o['flyers'] as string[]) over.set(f, o['hex'] as string);
  const reach = new Map<string, string[]>();
  for (const o of legal) {
    const f = (o['flyers'] as string[])[0]!;
    reach.set(f, [...(reach.get(f) ?? []), o['with'] as string]);
  }
  // The flyer escorted over a hex: the first (by id) every flyer ticked may escort.
  const escorted = (units: readonly string[], hex: string) =>
    [...over.keys()].sort(byNumber).find((w) => over.get(w) === hex && units.every((u) => reach.get(u)?.includes(w)));
  return {
    id: 'escort',
    kind: 'escort',
    title: `Escort from ${hexLabel(g.area)}`,
    hint: 'Tick the F types that escort, then click the hex of an interdiction outlined on the map: they fly with its flyers.',
    units: [...reach.keys()].map((f) => pieceUnit(state, f, true)),
    targets(units) {
      if (!units.length) return [];
      const hexes = [...new Set([...over.values()])].filter((hex) => escorted(units, hex) !== undefined).sort();
      return hexes.map((id) => ({
        id,
        name: `${hexLabel(id)} (${[...over]
          .filter(([, h]) => h === id)
          .map(([w]) => w)
          .join(', ')} interdicting)`,
      }));
    },
    preview(units, target) {
      if (!units.length) return { problem: 'tick at least one F type', facts: [] };
      const w = escorted(units, target);
      if (!w) return { problem: `no interdiction over ${hexLabel(target)} that every flyer ticked may escort`, facts: [] };
      const facts = [
        `They escort ${pieceStateLabel(w, state.pieces[w]!)}, interdicting ${hexLabel(target)} (VV-ETH-20).`,
        'German F types intercepting there fight the escorts first, on the fighter against fighter table (VV-AIR-02, VV-AIR-03).',
        interceptionFact(state, 'allies', target),
      ];
      return previewOf(g.text, g.ctx, lineOf({ kind: 'escort', flyers: [...units], with: w }), facts);
    },
  };
}

/** The standing order of the fighters that intercept in the other side's turn, from a hex with some of them (VV-ETH-22). */
function interceptPlan(g: PlanGround): Plan | undefined {
  const legal = legalAt('intercept', g.drafts, g.ctx, g.side, g.area);
  if (!legal.length) return undefined;
  const here = new Set(legal[0]!['flyers'] as string[]);
  const state = g.after;
  const fighters = airPiecesOf(state, g.side, 'flyer')
    .filter((f) => flyerRole(state, f) === 'F')
    .sort(byNumber);
  return {
    id: 'intercept',
    kind: 'intercept',
    title: 'Intercept in the enemy turn (standing order)',
    hint:
      'Tick the F types that intercept in the other side’s Interception Phase (those of this hex are ticked); ' +
      'none ticked: none intercepts. The order stands until you give another.',
    units: fighters.map((f) => pieceUnit(state, f, here.has(f))),
    target: g.area,
    preview(units) {
      const facts = [
        'Each fighter named flies to the nearest hex within three hexes of its base where enemy air pieces ended a flight ' +
          '(VV-ETH-15, VV-ETH-23), fights there and returns to base (VV-ETH-33).',
      ];
      return previewOf(g.text, g.ctx, lineOf({ kind: 'intercept', flyers: [...units] }), facts);
    },
  };
}

/** Every air order of the seat's side from a hex, as plans. */
export function airPlans(g: PlanGround): Plan[] {
  return [
    flightPlan(g, 'rebase'),
    ...embarkPlans(g),
    flightPlan(g, 'sortie'),
    missionPlan(g, 'interdict'),
    escortPlan(g),
    missionPlan(g, 'sweep'),
    interceptPlan(g),
  ].filter((p): p is Plan => p !== undefined);
}

/** The kinds the air plans give. */
export const AIR_KINDS: readonly string[] = ['rebase', 'embark', 'sortie', 'interdict', 'escort', 'sweep', 'intercept'];
