import { compareCodeUnits } from '@umpire/engine';
import type { AttackPart } from '../combat/battle-odds.js';
import { unitStats } from '../base/units.js';
import { transportCapacity, type EmbarkOrder } from '../sea/transports.js';
import type { SailOrder } from '../sea/fleet.js';
import type { LandOrder } from '../sea/landings.js';
import type { Draft } from '../orders/language.js';
import type { UnitType } from '../data/schema.js';
import type { GeneralParams } from './bot-data.js';
import type { Situation } from './situation.js';
import { landingsFrom, shoresOf } from './sealift.js';

/**
 * The general's voyages: a flotilla of transports sails, over several turns, to a sea zone whose shore lies much
 * nearer an objective than any its own zone offers, and lands its troops there (so Britain's home army reaches the
 * Aegean and Izmir, next to Constantinople). It reads only the board, so a voyage is taken up again each turn from
 * where the transports are: a flotilla with troops aboard sails on toward the best landing within `voyageZones` sea
 * zones, or lands them where it is when no landing further on is better; an empty flotilla loads the troops of its
 * shores when a landing `voyageGain` borders nearer an objective than its own zone's lies within reach, and otherwise,
 * with nobody to load, sails back toward the shores where troops wait. Every transport of the zone sails together,
 * with the transport task, by the way found (D-NAV-1, D-NAV-2, D-NAV-21, D-NAV-22).
 */

const far = Number.MAX_SAFE_INTEGER;
type Unit = Situation['state']['board']['units'][number];

/** Sea zones reachable from `zone` within `most` borders, by the way that avoids enemy surface ships: each zone's way there. */
function seaWays(s: Situation, zone: string, most: number): Map<string, string[]> {
  const blocked = new Set<string>();
  for (const u of s.state.board.units) {
    if (!['battleship', 'cruiser', 'carrier'].includes(u.type) || s.world.territory.has(u.at)) continue;
    if (s.nation.atWarWith.includes(u.nation)) blocked.add(u.at);
  }
  const ways = new Map<string, string[]>([[zone, []]]);
  let frontier = [zone];
  for (let d = 1; d <= most && frontier.length; d++) {
    const next: string[] = [];
    for (const z of frontier) {
      for (const n of s.world.graph.neighbours(z).filter((x) => x.kind === 'sea').map((x) => x.id).sort(compareCodeUnits)) {
        if (ways.has(n) || blocked.has(n)) continue;
        ways.set(n, [...ways.get(z)!, n]);
        next.push(n);
      }
    }
    frontier = next;
  }
  return ways;
}

/** The best landing of `troops` units reachable from `zone`: the shore nearest an objective, then the shortest way. */
function bestLanding(s: Situation, params: GeneralParams, ways: Map<string, string[]>, troops: number) {
  let best: { zone: string; to: string; score: number; way: string[] } | undefined;
  for (const [zone, way] of ways) {
    const to = landingsFrom(s, zone, '', params, troops)[0];
    if (!to) continue;
    const score = s.toObjective.get(to) ?? far;
    if (!best || score < best.score || (score === best.score && way.length < best.way.length)) best = { zone, to, score, way };
  }
  return best;
}

/**
 * The voyages of the turn (before the one-zone ferries of planSealift); returns the sea zones whose transports have
 * their orders.
 */
export function planVoyages(
  s: Situation,
  params: GeneralParams,
  draft: Draft,
  spareOf: (at: string) => AttackPart[],
  took: (p: AttackPart) => void,
): Set<string> {
  const done = new Set<string>();
  if (!params.sealift || params.voyageZones <= 0 || s.army !== s.nation.id) return done;
  const step = unitStats(s.state, s.nation, 'transport' as UnitType).move ?? 2;
  const fleets = new Map<string, Unit[]>();
  for (const u of s.state.board.units) {
    if (u.nation === s.army && u.type === 'transport' && !s.world.territory.has(u.at)) fleets.set(u.at, [...(fleets.get(u.at) ?? []), u]);
  }
  for (const [zone, ships] of [...fleets].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const ids = new Set(ships.map((u) => u.id));
    const cargo = new Map<string, number>();
    for (const u of s.state.board.units) if (u.aboard !== undefined && ids.has(u.aboard)) cargo.set(u.type, (cargo.get(u.type) ?? 0) + 1);
    const aboard = [...cargo.values()].reduce((a, b) => a + b, 0);
    const capacity = ships.reduce((n, u) => n + transportCapacity(s.state, u), 0);
    const room = capacity - [...cargo].reduce((n, [t, c]) => n + c * (t === 'infantry' ? 1 : 2), 0);
    const ways = seaWays(s, zone, params.voyageZones);
    const here = new Map([[zone, [] as string[]]]);
    const sail = (way: string[]): string | undefined => {
      const to = way[Math.min(step, way.length) - 1] ?? zone;
      const via = way.slice(0, Math.min(step, way.length) - 1);
      const order: SailOrder = { kind: 'sail', from: zone, to, units: { transport: ships.length }, task: 'transport' };
      if (via.length) order.via = via;
      return draft.add(order) ? undefined : to;
    };
    const landAll = (at: string, to: string, parts: [string, number][]) => {
      for (const [type, n] of parts) {
        if (s.hostile(to) && type !== 'infantry' && type !== 'artillery') continue;
        const order: LandOrder = { kind: 'land', from: at, to, units: { [type]: n } };
        draft.add(order);
      }
    };
    if (aboard > 0) {
      const local = bestLanding(s, params, here, aboard);
      const away = bestLanding(s, params, ways, aboard);
      if (local && (!away || local.score <= away.score)) {
        landAll(zone, local.to, [...cargo]);
        done.add(zone);
        continue;
      }
      if (!away) continue;
      const at = sail(away.way);
      if (at === undefined) continue;
      done.add(zone);
      if (at === away.zone) landAll(at, away.to, [...cargo]);
      continue;
    }
    // An empty flotilla: load for a landing much nearer an objective than this zone offers, or go where troops wait.
    const carried = (p: AttackPart) => p.type === 'infantry' || p.type === 'artillery';
    const sources = shoresOf(s, zone).filter((t) => s.state.board.territories[t]?.owner === s.army && spareOf(t).some(carried));
    const troops = sources.reduce((n, t) => n + spareOf(t).filter(carried).reduce((m, p) => m + p.count, 0), 0);
    if (troops > 0) {
      const local = bestLanding(s, params, here, Math.min(troops, room));
      const away = bestLanding(s, params, ways, Math.min(troops, room));
      if (!away || away.zone === zone || (local && away.score + params.voyageGain > local.score)) continue;
      const at = sail(away.way);
      if (at === undefined) continue;
      done.add(zone);
      let left = room;
      const loaded = new Map<string, number>();
      for (const from of sources) {
        for (const p of spareOf(from).filter(carried).sort((a, b) => compareCodeUnits(b.type, a.type))) {
          const n = Math.min(p.count, Math.floor(left / (p.type === 'infantry' ? 1 : 2)));
          if (n <= 0) continue;
          const embark: EmbarkOrder = { kind: 'embark', from, at: zone, units: { [p.type]: n } };
          if (draft.add(embark)) continue;
          took({ ...p, count: n });
          left -= n * (p.type === 'infantry' ? 1 : 2);
          loaded.set(p.type, (loaded.get(p.type) ?? 0) + n);
        }
      }
      if (at === away.zone && loaded.size) landAll(at, away.to, [...loaded]);
      continue;
    }
    // Nobody to load here: back toward the nearest zone whose shores hold troops of the army far from any front.
    const idle = (t: string) => !s.distanceToFront.has(t) && (s.stacks.get(t)?.length ?? 0) >= params.sealiftIdle;
    const waits = (t: string) => s.state.board.territories[t]?.owner === s.army && idle(t);
    const waiting = (z: string) => shoresOf(s, z).some(waits);
    const byWay = ([a, x]: [string, string[]], [b, y]: [string, string[]]) => x.length - y.length || compareCodeUnits(a, b);
    const home = [...ways].filter(([z]) => z !== zone && waiting(z)).sort(byWay)[0];
    if (home && sail(home[1]) !== undefined) done.add(zone);
  }
  return done;
}
