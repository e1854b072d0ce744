import { gridDistance, type PhaseContext } from '@umpire/engine';
import { codeIndex, turnDate } from '../base/calendar.js';
import { allHexes, hexLabel } from '../base/hexes.js';
import { occupancy } from '../base/positions.js';
import type { TunnelStack, TunnelState, VernianState } from '../base/state.js';
import { allUnits, unitInfo } from '../base/units.js';
import { forcesData, hexBoard, ruleNumbers } from '../data/files.js';
import { placementRefusal, placeUnit } from '../arrivals/new-units.js';
import { fits, setupGroup } from '../arrivals/setup-rules.js';
import { isSourceHex } from '../supply/sources.js';
import { doverHex, germanInfantryIn } from './tunnel-guard.js';

/**
 * Clauses: VV-TUN-04, VV-TUN-05, VV-TUN-07, VV-TUN-08, VV-TUN-09, VV-TUN-10, VV-TUN-11, VV-TUN-12, VV-TUN-13, VV-TUN-14,
 * VV-TUN-15, VV-TUN-16, VV-TUN-17, VV-TUN-18, VB-TURN-15, VB-REIN-14.
 * The Channel tunnel's stacks. At the start the Turn Record Track holds the tunnel stacks of the data (`tunnelStack` n
 * due on Strategic Turn A+n-1, D-AMB-19), behind the code-B German units the set-up could not fit in England
 * (D-AMB-05). In each Strategic Turn's Reinforcement Phase, and only there (VV-TUN-18), the stack due comes out: while
 * the tunnel is open, into Dover, as many units as fit under stacking, the German player choosing which (default:
 * queue order); the rest wait at the front of the queue and every later stack passes its last units on, so the stack
 * sizes stay (D-AMB-20). The instant Dover holds no German infantry the tunnel seals for good (checked after every
 * phase): no unit comes through to Britain again, the stacks left are reversed and come out in Germany, one a
 * Strategic Turn from X+3, X the Strategic Turn whose Reinforcement Phase came last (D-AMB-21), each unit placed at once
 * on a German city or German ultimate source that meets VB-REIN-05 (default: the one nearest Munich), or into the
 * Available Units box when none does (VB-REIN-14). Stacks due after G never arrive.
 */

/** The letter `n` Strategic Turns after the first code (A is 0); past the last code, the last (such a stack never comes). */
function letterAt(n: number): string {
  const codes = ruleNumbers().calendar.codes;
  return codes[Math.max(0, Math.min(n, codes.length - 1))]!;
}

/** Units in queue order cut into stacks of the sizes given, due one a Strategic Turn from `first`; any rest in one more. */
function cut(queue: readonly string[], sizes: readonly number[], first: number): TunnelStack[] {
  const out: TunnelStack[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= queue.length) break;
    out.push({ due: letterAt(first + out.length), units: queue.slice(at, at + size) });
    at += size;
  }
  if (at < queue.length) out.push({ due: letterAt(first + out.length), units: queue.slice(at) });
  return out;
}

/** The data's default tunnel stacks (VV-TUN-07 to VV-TUN-09): stack n's units in list order, n from 1. */
function defaultStacks(): string[][] {
  const stacks: string[][] = [];
  for (const u of allUnits()) {
    const n = u.entry.tunnelStack;
    if (n === undefined) continue;
    while (stacks.length < n) stacks.push([]);
    stacks[n - 1]!.push(u.id);
  }
  return stacks.filter((s) => s.length > 0);
}

/**
 * The tunnel at the start (VB-TURN-15): open, the default stacks on the track from the data's first turn (A), the
 * code-B German units the set-up left off the map at the front of the queue (D-AMB-05).
 */
export function openingTunnel(state: VernianState): TunnelState {
  const stacks = defaultStacks();
  const waiting = [...allUnits()].filter((u) => setupGroup(u) === 'german-england' && state.units[u.id]!.at === 'due').map((u) => u.id);
  const firstTurn = forcesData().tunnel?.['firstTurn'];
  const first = codeIndex(typeof firstTurn === 'string' ? firstTurn : ruleNumbers().calendar.strategicTurns[0]!) ?? 0;
  const track = cut(
    [...waiting, ...stacks.flat()],
    stacks.map((s) => s.length),
    first,
  );
  return { open: true, track, sealedAfter: null };
}

/** Every unit on the Turn Record Track. */
export const tunnelUnits = (state: VernianState): string[] => state.tunnel.track.flatMap((s) => s.units);

/** The Reinforcement Phase's tunnel arrivals (VV-TUN-11 to VV-TUN-17, VB-REIN-14): the stack due on this Strategic Turn. */
export function tunnelReinforcements(state: VernianState, ctx: PhaseContext): void {
  const letter = turnDate(ctx.turn).strategic;
  const front = state.tunnel.track[0];
  if (!front || front.due !== letter) return;
  state.tunnel.track = state.tunnel.track.slice(1);
  if (state.tunnel.open) intoDover(state, ctx, letter, front, codeIndex(letter) ?? 0);
  else intoGermany(state, ctx, letter, front);
}

/** Whether every unit named fits in a hex, placed one after another. */
function allFit(state: VernianState, units: readonly string[], hex: string): boolean {
  const s = ruleNumbers().stacking;
  const occ = occupancy(state);
  let steps = 0;
  let hqs = 0;
  for (const id of [...(occ.get(hex) ?? []), ...units]) {
    if (unitInfo(id).side !== 'germany') return false;
    if (unitInfo(id).hq) hqs += 1;
    else steps += state.units[id]!.steps;
  }
  return steps <= s.steps && hqs <= s.hqs;
}

function intoDover(state: VernianState, ctx: PhaseContext, letter: string, stack: TunnelStack, index: number): void {
  const dover = doverHex();
  let waiting = [...stack.units];
  const arrived: string[] = [];
  const place = (unit: string) => {
    placeUnit(state, unit, dover);
    arrived.push(unit);
    waiting = waiting.filter((id) => id !== unit);
  };
  if (allFit(state, waiting, dover)) for (const unit of [...waiting]) place(unit);
  else {
    // Not all fit (VV-TUN-12): the German player picks them one by one among those that still fit (D-AMB-20).
    for (let k = 1; ; k++) {
      const options = waiting.filter((id) => fits(state, id, dover));
      if (!options.length) break;
      const pick =
        options.length === 1
          ? options[0]!
          : ctx.decide<string>({
              id: `tunnel.${letter}.dover.${k}`,
              seat: 'germany',
              kind: 'tunnel-arrival',
              prompt: `Not all of the tunnel stack fits in ${hexLabel(dover)} (VV-TUN-12): which unit comes out next?`,
              options,
              default: options[0]!,
            });
      place(options.includes(pick) ? pick : options[0]!);
    }
  }
  if (arrived.length) ctx.emit({ type: 'tunnel-arrival', letter, hex: dover, units: arrived });
  if (!waiting.length) return;
  // The queue backs up (VV-TUN-13, VV-TUN-14): the rest first, every later stack keeping its size.
  const later = state.tunnel.track;
  state.tunnel.track = cut(
    [...waiting, ...later.flatMap((s) => s.units)],
    later.map((s) => s.units.length),
    index + 1,
  );
  ctx.emit({ type: 'tunnel-bumped', letter, to: letterAt(index + 1), units: waiting });
}

/** The hexes where German units come out of the sealed tunnel (VB-REIN-06): German cities and German ultimate sources. */
function exitHexes(): string[] {
  return [...allHexes()].filter((h) => (h.nation === 'germany' && h.city) || isSourceHex(h, 'germany')).map((h) => h.id);
}

/** The default exit: the legal hex nearest Munich, off the east edge (designers-choices.md), then the lowest id. */
function nearestMunich(hexes: readonly string[]): string {
  const near = ruleNumbers().tunnel.exitNear;
  const d = (h: string) => gridDistance(hexBoard(), near, h) ?? 999;
  return [...hexes].sort((a, b) => d(a) - d(b) || (a < b ? -1 : 1))[0]!;
}

function intoGermany(state: VernianState, ctx: PhaseContext, letter: string, stack: TunnelStack): void {
  const boxed: string[] = [];
  for (const unit of stack.units) {
    // Off the track into the box, then placed at once where the rules allow (VB-REIN-14).
    state.units[unit]!.at = 'box';
    const occ = occupancy(state);
    const legal = exitHexes().filter((hex) => placementRefusal(state, 'germany', unit, hex, occ) === undefined);
    if (!legal.length) {
      boxed.push(unit);
      continue;
    }
    const fallback = nearestMunich(legal);
    const pick = ctx.decide<string>({
      id: `tunnel.${letter}.exit.${unit}`,
      seat: 'germany',
      kind: 'tunnel-exit',
      prompt: `${unitInfo(unit).name} comes back out of the sealed tunnel in Germany (VV-TUN-16): in which hex?`,
      options: legal,
      default: fallback,
    });
    const hex = legal.includes(pick) ? pick : fallback;
    placeUnit(state, unit, hex);
    ctx.emit({ type: 'tunnel-emerged', letter, unit, hex });
  }
  if (boxed.length) ctx.emit({ type: 'tunnel-boxed', letter, units: boxed });
}

/**
 * Checked after every phase: units that left the track another way (a code-B unit the players' set-up found room for)
 * come off it; then, the instant Dover holds no German infantry, the tunnel seals (VV-TUN-04) and the stacks left turn
 * back (VV-TUN-15 to VV-TUN-17, D-AMB-21).
 */
export function watchTunnel(state: VernianState, ctx: PhaseContext): void {
  const t = state.tunnel;
  if (t.track.some((s) => s.units.some((id) => state.units[id]!.at !== 'due'))) {
    t.track = t.track
      .map((s) => ({ due: s.due, units: s.units.filter((id) => state.units[id]!.at === 'due') }))
      .filter((s) => s.units.length > 0);
  }
  if (!t.open || germanInfantryIn(state, doverHex()).length > 0) return;
  sealTunnel(state, ctx);
}

/** Seal the tunnel: the stacks left reversed and re-dated from X+3 (X the Strategic Turn whose Reinforcement Phase came last). */
export function sealTunnel(state: VernianState, ctx: PhaseContext): void {
  const t = state.tunnel;
  const x = ctx.step.segment === 'setup' ? -1 : turnDate(ctx.turn).strategicIndex;
  const first = x + ruleNumbers().tunnel.sealDelay;
  const reversed = [...t.track].reverse();
  t.open = false;
  t.sealedAfter = x < 0 ? null : letterAt(x);
  t.track = reversed.map((s, i) => ({ due: letterAt(first + i), units: [...s.units] }));
  ctx.emit({ type: 'tunnel-sealed', hex: doverHex(), after: t.sealedAfter, from: letterAt(first), stacks: t.track.length });
}

/** The Turn Record Track in plain words (VB-TURN-15): the tunnel's state and the stacks due by letter. */
export function trackLines(state: VernianState): string[] {
  const t = state.tunnel;
  const played = ruleNumbers().calendar.strategicTurns;
  const where = t.open ? `into ${hexLabel(doverHex())}` : 'in Germany';
  const lines = [
    t.open
      ? `The tunnel is open: German infantry holds ${hexLabel(doverHex())}.`
      : `The tunnel is sealed${t.sealedAfter ? ` (after Strategic Turn ${t.sealedAfter})` : ''}: the stacks left come out in Germany.`,
  ];
  for (const s of t.track) {
    const never = played.includes(s.due) ? '' : ' (after the last Strategic Turn: never arrives)';
    lines.push(`Strategic Turn ${s.due}, ${where}: ${s.units.join(', ')}${never}`);
  }
  if (!t.track.length) lines.push('No tunnel stack is left on the track.');
  return lines;
}

/** What must hold of the tunnel after every step (the fuzzer checks it, turn/invariants.ts). */
export function tunnelInvariants(state: VernianState): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let last = -1;
  for (const s of state.tunnel.track) {
    const i = codeIndex(s.due) ?? -1;
    if (i <= last && i !== ruleNumbers().calendar.codes.length - 1) out.push(`the tunnel stacks are out of order at ${s.due}`);
    last = i;
    for (const id of s.units) {
      if (seen.has(id)) out.push(`${id} is twice on the Turn Record Track`);
      seen.add(id);
      if (state.units[id]?.at !== 'due') out.push(`${id} is on the Turn Record Track but at ${state.units[id]?.at ?? 'nowhere'}`);
    }
  }
  for (const u of allUnits())
    if (u.entry.tunnelStack !== undefined && state.units[u.id]!.at === 'due' && !seen.has(u.id)) out.push(`${u.id} is due but on no stack`);
  if (state.tunnel.open && germanInfantryIn(state, doverHex()).length === 0)
    out.push('the tunnel is open but Dover holds no German infantry');
  return out;
}
