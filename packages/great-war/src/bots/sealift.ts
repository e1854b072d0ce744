import { compareCodeUnits } from '@umpire/engine';
import type { AttackPart } from '../combat/battle-odds.js';
import { transportCapacity } from '../sea/transports.js';
import type { SailOrder } from '../sea/fleet.js';
import type { EmbarkOrder } from '../sea/transports.js';
import type { LandOrder } from '../sea/landings.js';
import type { Draft } from '../orders/language.js';
import type { GeneralParams } from './bot-data.js';
import type { Situation } from './situation.js';
import { holdersIn } from './offensive.js';

/**
 * The general's sealift: troops cross one sea zone in one turn, loaded and landed by the same transports, which never
 * leave their zone (a ferry). The transports stay in the zone with the transport task, the troops of the army's
 * territories on its shore embark, and land on another shore: in a friendly territory that has a land way to the
 * front and lies nearer an objective, or in an empty territory of the enemy that is an objective or its way (a naval
 * invasion of an empty shore takes it). So Britain's army crosses the Channel to France, and Russia's crosses the
 * Black Sea to an empty Izmir or Sinope (D-NAV-20, -21, -22). Inland troops with no land way to any front walk to the
 * shore of a zone where the army has transports. With `sealiftBuy`, transports are bought for a ferry that has troops
 * waiting and somewhere to go.
 */

const far = Number.MAX_SAFE_INTEGER;

/** The land territories on the shores of a sea zone. */
export function shoresOf(s: Situation, zone: string): string[] {
  return s.world.graph
    .neighbours(zone)
    .filter((x) => x.kind === 'coast' && s.world.territory.has(x.id))
    .map((x) => x.id)
    .sort(compareCodeUnits);
}

/**
 * Where troops from `from` may land from `zone`, the best first: nearer an objective than `from`, in a friendly
 * territory with a land way to the front, or in an enemy's, empty or held by few enough that `cargo` units outnumber
 * them `sealiftInvasionRatio` times (a landing fights at the beach penalty, GW-P10-INV-04).
 */
export function landingsFrom(s: Situation, zone: string, from: string, params: GeneralParams, cargo = 0): string[] {
  const here = s.distanceToFront.has(from) ? (s.toObjective.get(from) ?? far) : far + 1;
  const beatable = (t: string) => {
    const held = holdersIn(s.state, s.state.board.territories[t]!.owner, t);
    return held === 0 || cargo >= held * params.sealiftInvasionRatio;
  };
  const open = (t: string) => t !== from && ((s.friendly(t) && s.distanceToFront.has(t)) || (s.hostile(t) && beatable(t)));
  return shoresOf(s, zone)
    .filter((t) => open(t) && (s.toObjective.get(t) ?? far) < here)
    .sort(
      (a, b) =>
        (s.toObjective.get(a) ?? far) - (s.toObjective.get(b) ?? far) ||
        Number(s.friendly(a)) - Number(s.friendly(b)) ||
        (s.distanceToFront.get(a) ?? far) - (s.distanceToFront.get(b) ?? far) ||
        compareCodeUnits(a, b),
    );
}

/** The army's transports in each sea zone, not damaged, with the troop points they carry empty. */
function transportsBy(s: Situation): Map<string, { count: number; points: number }> {
  const out = new Map<string, { count: number; points: number }>();
  for (const u of s.state.board.units) {
    if (u.nation !== s.army || u.type !== 'transport' || s.world.territory.has(u.at)) continue;
    const z = out.get(u.at) ?? { count: 0, points: 0 };
    z.count++;
    z.points += transportCapacity(s.state, u);
    out.set(u.at, z);
  }
  return out;
}

/** The troop points a unit type takes aboard. */
const loadOf = (type: string): number => (type === 'infantry' ? 1 : 2);

/**
 * The ferries of the turn: in each sea zone where the army has empty transports, the spare troops of its shores
 * (`spareOf`: after the attacks and the garrisons) embark and land on the best shore `landingsFrom` names. Infantry
 * and artillery go; tanks only where they land in friendly territory. Returns the units landed.
 */
export function planSealift(
  s: Situation,
  params: GeneralParams,
  draft: Draft,
  spareOf: (at: string) => AttackPart[],
  took: (p: AttackPart) => void,
  skip: ReadonlySet<string> = new Set(),
): number {
  if (!params.sealift || s.army !== s.nation.id) return 0;
  const aboard = new Set(s.state.board.units.filter((u) => u.aboard !== undefined).map((u) => u.aboard!));
  let landed = 0;
  for (const [zone, fleet] of [...transportsBy(s)].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const isEmpty = (u: (typeof s.state.board.units)[number]) => u.type === 'transport' && !aboard.has(u.id);
    const empty = s.state.board.units.filter((u) => u.nation === s.army && u.at === zone && isEmpty(u)).length;
    if (!empty || skip.has(zone)) continue;
    let room = Math.floor((fleet.points / fleet.count) * empty);
    const sources = shoresOf(s, zone)
      .filter((t) => s.state.board.territories[t]?.owner === s.army && spareOf(t).length)
      .sort((a, b) => (s.distanceToFront.get(b) ?? far) - (s.distanceToFront.get(a) ?? far) || compareCodeUnits(a, b));
    let sailed = false;
    for (const from of sources) {
      const troops = spareOf(from).filter((p) => p.type === 'infantry' || p.type === 'artillery').reduce((n, p) => n + p.count, 0);
      const to = landingsFrom(s, zone, from, params, Math.min(troops, room))[0];
      if (!to || room <= 0) continue;
      const invasion = s.hostile(to);
      const cargo: AttackPart[] = [];
      for (const p of spareOf(from).sort((a, b) => loadOf(a.type) - loadOf(b.type))) {
        if (invasion && p.type !== 'infantry' && p.type !== 'artillery') continue;
        if (p.type !== 'infantry' && p.type !== 'artillery' && p.type !== 'tank') continue;
        const n = Math.min(p.count, Math.floor(room / loadOf(p.type)));
        if (n <= 0) continue;
        cargo.push({ ...p, count: n });
        room -= n * loadOf(p.type);
      }
      if (!cargo.length) continue;
      if (!sailed) {
        const stay: SailOrder = { kind: 'sail', from: zone, to: zone, units: { transport: empty }, task: 'transport' };
        if (draft.add(stay)) break;
        sailed = true;
      }
      for (const p of cargo) {
        const units = { [p.type]: p.count };
        const embark: EmbarkOrder = { kind: 'embark', from, at: zone, units };
        if (draft.add(embark)) continue;
        const land: LandOrder = { kind: 'land', from: zone, to, units };
        if (draft.add(land)) continue;
        took(p);
        landed += p.count;
      }
    }
  }
  return landed;
}

/**
 * The shores of the army's own where a ferry loads for a landing at or next to an objective (within `objectiveReach`
 * borders): reserves go there by rail (planRail) to cross next turn, nearest the objective first.
 */
export function ferryPorts(s: Situation, params: GeneralParams): string[] {
  if (!params.sealift || s.army !== s.nation.id) return [];
  const out = new Map<string, number>();
  for (const zone of transportsBy(s).keys()) {
    for (const t of shoresOf(s, zone)) {
      if (s.state.board.territories[t]?.owner !== s.army || !s.distanceToFront.has(t)) continue;
      const l = landingsFrom(s, zone, t, params)[0];
      const d = l === undefined ? far : (s.toObjective.get(l) ?? far);
      if (d <= params.objectiveReach && d < (out.get(t) ?? far)) out.set(t, d);
    }
  }
  return [...out].sort(([a, x], [b, y]) => x - y || compareCodeUnits(a, b)).map(([t]) => t);
}

/**
 * Borders from each friendly territory to the nearest shore of the army's own where a ferry may load: a territory of
 * its own on a zone where it has transports. Over friendly land; absent where there is none.
 */
export function toPort(s: Situation): Map<string, number> {
  const out = new Map<string, number>();
  let frontier: string[] = [];
  for (const zone of transportsBy(s).keys()) {
    for (const t of shoresOf(s, zone)) {
      if (s.state.board.territories[t]?.owner !== s.army || out.has(t)) continue;
      out.set(t, 0);
      frontier.push(t);
    }
  }
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of s.neighbours(id)) {
        if (out.has(n) || !s.friendly(n)) continue;
        out.set(n, d);
        next.push(n);
      }
    }
    frontier = next;
  }
  return out;
}

/** Transports to buy for a ferry: where, and how many. */
export type FerryPurchase = { zone: string; count: number };

/**
 * Where to buy transports for a ferry (phase 3), and how many: the sea zone among `zones` (where the nation may place
 * ships) whose shores hold the most of the army's units with no land way to any front, or standing further than
 * `railDistance` behind it (every unit of its shores when a landing there captures an objective), and offer a landing;
 * as many as bring the zone's transports to `sealiftTransports`, at most `sealiftBuy` a turn. Undefined when no zone
 * has `sealiftIdle` such units.
 */
export function transportsWanted(s: Situation, params: GeneralParams, zones: readonly string[]): FerryPurchase | undefined {
  if (!params.sealift || params.sealiftBuy <= 0) return undefined;
  const have = transportsBy(s);
  const idle = (t: string) => {
    const d = s.distanceToFront.get(t);
    return d === undefined || d >= params.railDistance ? (s.stacks.get(t)?.length ?? 0) : 0;
  };
  // Units inland count for the shores they can walk to over their own land.
  let best: { zone: string; count: number; waiting: number } | undefined;
  for (const zone of zones) {
    const shores = shoresOf(s, zone).filter((t) => s.state.board.territories[t]?.owner === s.army);
    if (!shores.some((t) => landingsFrom(s, zone, t, params).length)) continue;
    const reach = new Set<string>(shores);
    let frontier = [...shores];
    while (frontier.length) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const n of s.neighbours(id)) {
          if (reach.has(n) || s.state.board.territories[n]?.owner !== s.army || s.distanceToFront.has(n)) continue;
          reach.add(n);
          next.push(n);
        }
      }
      frontier = next;
    }
    // A capture of an objective in reach: every unit on the shore counts, the front's too.
    const capture = shores.some((t) => landingsFrom(s, zone, t, params).some((l) => s.hostile(l) && s.objective(l)));
    const waiting = [...reach].reduce((sum, t) => sum + (capture && shores.includes(t) ? (s.stacks.get(t)?.length ?? 0) : idle(t)), 0);
    const count = Math.min(params.sealiftBuy, params.sealiftTransports - (have.get(zone)?.count ?? 0));
    if (waiting >= params.sealiftIdle && count > 0 && (!best || waiting > best.waiting)) best = { zone, count, waiting };
  }
  return best && { zone: best.zone, count: best.count };
}
