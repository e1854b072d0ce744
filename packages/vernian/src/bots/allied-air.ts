import { botNumbers } from '../data/files.js';
import { occupancy } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { supplyPicture } from '../supply/supply.js';
import { sideAirPieces } from '../air/air-rules.js';
import { heldByStorm } from '../air/base-change.js';
import { flyerRole, missionReach, zeppelinsIn } from '../air/missions.js';
import { language } from '../orders/language.js';
import { withInterdictions } from './ground.js';
import { around, interceptorCover } from './air-bases.js';
import { columnIndex, columnOf, type Orders, type Sight } from './sight.js';

/**
 * Clauses: VV-ETH-03, VV-ETH-04, VV-ETH-14, VV-ETH-19, VV-ETH-20, VV-ETH-21, VV-ETH-24, VV-ETH-25, VV-ETH-27, VV-ETH-28,
 * VV-ETH-29, VV-AIR-25.
 * The general's Ether Flyer missions, in the Allied player-turn. A B type flies Heavy Interdiction over the German hex
 * an attack of this turn gains most from (its defenders Out of Supply, VV-ETH-29), when the gain is the data's
 * `heavyGainColumns` or more and the attack then reads the general's column. A CS type flies Light Interdiction over
 * the empty hex that puts the most German units next to the Allies out of supply (VV-ETH-24, VV-ETH-25), when they are
 * `lightGainUnits` or more. Each interdiction that German fighters could intercept (within their three hexes) gets
 * `escortsPerMission` F types as escort (VV-ETH-20). The remaining F types sweep the Zeppelins in reach, in groups of
 * `sweepFighters` (two or more fight at +1, VV-AIR-25), those supplying the most German units first (VV-ETH-19). Every
 * range is the rules' own (missionReach), every mark's effect the supply rules'.
 */

type Marks = Record<string, 'light' | 'heavy'>;

/** The free flyers of a role, by number. */
const freeOf = (state: VernianState, role: string, busy: ReadonlySet<string>) =>
  sideAirPieces(state, 'allies').filter((id) => flyerRole(state, id) === role && !busy.has(id) && !heldByStorm(state, id));

/** B types over the attack targets they help most: the hexes given, with the marks they make. */
function heavyMissions(orders: Orders, sight: Sight, busy: Set<string>, marks: Marks): void {
  const bombers = freeOf(orders.ctx.state, 'B', busy);
  if (!bombers.length) return;
  const spec = language.specFor('attack')!;
  const state = orders.ctx.state;
  const player = { side: sight.side, start: state, turn: orders.ctx.step.turn };
  const least = columnOf(botNumbers().attackColumn);
  const gain = botNumbers().air.heavyGainColumns;
  const candidates = (spec.candidates(orders.ledger, orders.ctx, player) as unknown as { target: string; units: string[] }[])
    .map((c) => {
      const before = columnIndex(state, sight.side, c);
      const after = columnIndex(withInterdictions(state, { ...marks, [c.target]: 'heavy' }), sight.side, c);
      return { id: c.target, before, after };
    })
    .filter((c) => c.after - c.before >= gain && c.after >= least && c.before < c.after)
    .sort((a, b) => b.after - b.before - (a.after - a.before) || b.after - a.after || (a.id < b.id ? -1 : 1));
  for (const c of candidates) {
    const b = bombers.find((f) => !busy.has(f) && missionReach(orders.ctx.state, f).includes(c.id));
    if (!b) continue;
    if (orders.add({ kind: 'interdict', flyers: [b], hex: c.id }) !== undefined) continue;
    busy.add(b);
    marks[c.id] = 'heavy';
  }
}

/** The German combat units next to Allied combat units that are Out of Supply with some marks. */
function germansCut(state: VernianState, marks: Marks, front: readonly string[]): number {
  const picture = supplyPicture(withInterdictions(state, marks), 'germany');
  const occ = occupancy(state);
  return front.reduce((n, hex) => n + (picture.stateAt(hex) === 'out' ? (occ.get(hex) ?? []).length : 0), 0);
}

/** CS types over the empty hexes that cut the most German units at the front out of supply. */
function lightMissions(orders: Orders, sight: Sight, busy: Set<string>, marks: Marks): void {
  const state = orders.ctx.state;
  const planes = freeOf(state, 'CS', busy);
  if (!planes.length) return;
  const occ = occupancy(state);
  const german = (h: string) => (occ.get(h) ?? []).some((u) => unitInfo(u).side === 'germany');
  const front = [...occ.keys()]
    .filter((h) => german(h) && (sight.front.get(h) ?? 99) === 0)
    .filter((h) => around(h).some((n) => (occ.get(n) ?? []).some((u) => unitInfo(u).side === 'allies' && unitInfo(u).combat)));
  if (!front.length) return;
  const { lightGainUnits } = botNumbers().air;
  for (const cs of planes) {
    const base = germansCut(state, marks, front);
    const reach = new Set(missionReach(state, cs));
    const hexes = [...new Set(front.flatMap((h) => around(h).flatMap(around)))]
      .filter((h) => reach.has(h) && !occ.has(h) && !marks[h])
      .sort()
      .slice(0, 24);
    const best = hexes
      .map((id) => ({ id, n: germansCut(state, { ...marks, [id]: 'light' }, front) - base }))
      .filter((c) => c.n >= lightGainUnits)
      .sort((a, b) => b.n - a.n || (a.id < b.id ? -1 : 1))[0];
    if (!best || orders.add({ kind: 'interdict', flyers: [cs], hex: best.id }) !== undefined) continue;
    busy.add(cs);
    marks[best.id] = 'light';
  }
}

/** Escorts for the interdictions German fighters could intercept. */
function escorts(orders: Orders, busy: Set<string>, missions: readonly { flyer: string; hex: string }[]): void {
  const per = botNumbers().air.escortsPerMission;
  const threat = interceptorCover(orders.ctx.state, 'germany');
  for (const m of missions) {
    if (!threat.get(m.hex)) continue;
    const chosen = freeOf(orders.ctx.state, 'F', busy)
      .filter((f) => missionReach(orders.ctx.state, f).includes(m.hex))
      .slice(0, per);
    for (const f of chosen) if (orders.add({ kind: 'escort', flyers: [f], with: m.flyer }) === undefined) busy.add(f);
  }
}

/** Sweeps: groups of F types over the Zeppelins in reach, those next to the most German units first. */
function sweeps(orders: Orders, busy: Set<string>): void {
  const state = orders.ctx.state;
  const group = botNumbers().air.sweepFighters;
  const occ = occupancy(state);
  const germans = (h: string) => around(h).reduce((n, x) => n + (occ.get(x) ?? []).filter((u) => unitInfo(u).side === 'germany').length, 0);
  const hexes = [
    ...new Set(
      Object.values(state.pieces)
        .filter((p) => p.side === 'germany' && isOnMap(p.at))
        .map((p) => p.at),
    ),
  ]
    .filter((h) => zeppelinsIn(state, h).length > 0)
    .map((id) => ({ id, n: germans(id) + zeppelinsIn(state, id).filter((z) => state.pieces[z]!.carrying).length * 10 }))
    .sort((a, b) => b.n - a.n || (a.id < b.id ? -1 : 1));
  for (const h of hexes) {
    const free = freeOf(orders.ctx.state, 'F', busy).filter((f) => missionReach(orders.ctx.state, f).includes(h.id));
    if (free.length < group) continue;
    const flyers = free.slice(0, group);
    if (orders.add({ kind: 'sweep', flyers, hex: h.id }) === undefined) for (const f of flyers) busy.add(f);
  }
}

/**
 * The Allied missions, in the order the phase flies them (interdictions, escorts, sweeps): the interdiction marks
 * they will make, for the general's odds.
 */
export function alliedMissions(orders: Orders, sight: Sight): Marks {
  const busy = new Set<string>();
  const marks: Marks = {};
  heavyMissions(orders, sight, busy, marks);
  lightMissions(orders, sight, busy, marks);
  const given = orders.ledger.admitted
    .filter((o) => o.kind === 'interdict')
    .map((o) => ({ flyer: (o['flyers'] as string[])[0]!, hex: o['hex'] as string }));
  escorts(orders, busy, given);
  sweeps(orders, busy);
  return marks;
}
