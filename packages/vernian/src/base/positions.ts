import { hexFacts } from './hexes.js';
import { pieceStackingSteps, pieceType } from './pieces.js';
import { startingController, type Side } from './sides.js';
import { isOnMap, type UnitState, type VernianState } from './state.js';
import { unitInfo } from './units.js';

/**
 * Clauses: VB-CTRL-01, VB-CTRL-03, VB-CTRL-05, VB-CTRL-07, VB-FORT-04, VB-STACK-01, VB-STACK-02, VV-AFB-08.
 * Where things stand on the map: the units in each hex, who controls a hex, which fortresses stand, where the enemy's
 * ground pieces (Tanks, the Armored Front Buster) keep a side out.
 */

/**
 * The units on the map by hex (each list in unit id order). States change in place, so the answer is kept with the
 * place of every unit it was built from, by the state's units object, and given again only while each unit is still
 * where it was (a check far cheaper than building it: the phases ask it many times between changes). The order of
 * battle is fixed at the opening, so a units object never gains a unit, and a unit's own object is never replaced in
 * it (rules change its fields; `copyState` copies the whole units object): the check reads each unit's object kept,
 * and a rebuild reads the same list of units. The map given is shared: change it only together with the state
 * (`relocate`, while the units move), which makes the kept answer stale and built anew.
 */
export function occupancy(state: VernianState): Map<string, string[]> {
  const units = state.units;
  const kept = occupancies.get(units);
  if (kept && !relocated.has(kept.occ) && unchanged(kept)) return kept.occ;
  const roster = kept ?? rosterOf(units);
  const ats: string[] = new Array<string>(roster.objs.length);
  const occ = buildOccupancy(roster, ats);
  occupancies.set(units, { ...roster, ats, occ });
  return occ;
}

/**
 * Every unit of the state and where it is, in the units object's order (the ids are in id order for every state the
 * rules make): the lists the occupancy was built from, current like it. Read them, never change them.
 */
export function unitPlaces(state: VernianState): { readonly ids: readonly string[]; readonly ats: readonly string[] } {
  occupancy(state);
  return occupancies.get(state.units)!;
}

/** The units of a units object, in its order: their ids and state objects, and whether the ids are in order. */
interface Roster {
  readonly ids: readonly string[];
  readonly objs: readonly UnitState[];
  readonly sorted: boolean;
}

interface KeptOccupancy extends Roster {
  /** Where each unit of `objs` was. */
  readonly ats: readonly string[];
  readonly occ: Map<string, string[]>;
}

const occupancies = new WeakMap<object, KeptOccupancy>();
// The maps `relocate` changed: never given again, whatever the units' places say.
const relocated = new WeakSet<object>();

function rosterOf(units: VernianState['units']): Roster {
  const ids: string[] = [];
  const objs: UnitState[] = [];
  let sorted = true;
  for (const id in units) {
    if (ids.length && id < ids[ids.length - 1]!) sorted = false;
    ids.push(id);
    objs.push(units[id]!);
  }
  return { ids, objs, sorted };
}

function unchanged(kept: KeptOccupancy): boolean {
  const { objs, ats } = kept;
  for (let i = 0; i < objs.length; i++) if (objs[i]!.at !== ats[i]) return false;
  return true;
}

function buildOccupancy(roster: Roster, ats: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const { ids, objs } = roster;
  for (let i = 0; i < objs.length; i++) {
    const at = objs[i]!.at;
    ats[i] = at;
    if (!isOnMap(at)) continue;
    const list = out.get(at);
    if (list) list.push(ids[i]!);
    else out.set(at, [ids[i]!]);
  }
  if (roster.sorted) return out;
  // States keep their units in id order, so this is rare: each list in id order, the hexes in order of their first unit.
  for (const list of out.values()) list.sort();
  return new Map([...out].sort(([, a], [, b]) => (a[0]! < b[0]! ? -1 : 1)));
}

/**
 * Move a unit between the lists of an occupancy kept up to date by hand while a phase moves units one by one: off the
 * list of `from`, onto that of `to` (none when it left the map), each list in id order.
 */
export function relocate(occ: Map<string, string[]>, unit: string, from: string, to: string): void {
  if (from === to) return;
  relocated.add(occ);
  const left = (occ.get(from) ?? []).filter((id) => id !== unit);
  if (left.length) occ.set(from, left);
  else occ.delete(from);
  if (isOnMap(to)) occ.set(to, [...(occ.get(to) ?? []), unit].sort());
}

/** The units in one hex, in id order. */
export function unitsIn(state: VernianState, hex: string): string[] {
  return Object.keys(state.units)
    .filter((id) => state.units[id]!.at === hex)
    .sort();
}

/** The side whose units are in a hex (the two sides never share one, VB-STACK-01); undefined when it is empty. */
export function occupant(state: VernianState, hex: string, occ = occupancy(state)): Side | undefined {
  const first = occ.get(hex)?.[0];
  return first === undefined ? undefined : unitInfo(first).side;
}

/** Who controls a land hex: the side that took it last, else the side that held it at the start (VB-CTRL-01, VB-CTRL-03). */
export function controller(state: VernianState, hex: string): Side | undefined {
  return state.control[hex] ?? startingController(hexFacts(hex)?.nation);
}

/** Record that a side now controls a hex (VB-CTRL-02): the state keeps only hexes that changed hands. */
export function takeControl(state: VernianState, hex: string, side: Side): void {
  const facts = hexFacts(hex);
  if (!facts || !facts.land || facts.neutral) return;
  if (startingController(facts.nation) === side) delete state.control[hex];
  else state.control[hex] = side;
}

/** Whether a hex has a fortress that still stands (VB-FORT-04). */
export function fortressStands(state: VernianState, hex: string): boolean {
  return (hexFacts(hex)?.fortress ?? 0) > 0 && !state.fortsLost.includes(hex);
}

/** The side that owns a standing fortress: the side that held its hex at the start (VB-FORT-01). */
export function fortressOwner(hex: string): Side | undefined {
  return startingController(hexFacts(hex)?.nation);
}

/** The ground pieces on the map (the Armored Front Buster, Tanks: VB-UNIT-04), each with its side and hex, in key order. */
export function groundPieces(state: VernianState): { readonly side: Side; readonly hex: string }[] {
  const out: { side: Side; hex: string }[] = [];
  for (const id in state.pieces) {
    const p = state.pieces[id]!;
    if (!isOnMap(p.at)) continue;
    const kind = pieceType(p.type).kind;
    if (kind === 'afb' || kind === 'tank') out.push({ side: p.side, hex: p.at });
  }
  return out;
}

/**
 * Whether a hex holds a ground piece of the side other than `side`: the Armored Front Buster or a Tank. No unit may
 * enter, retreat into or be placed in such a hex (VB-STACK-01: the two sides never share a hex), and the AFB is immune
 * to enemy action, so its hex stays its own (D-AMB-48).
 */
export const enemyGroundPiece = (state: VernianState, hex: string, side: Side): boolean =>
  groundPieces(state).some((g) => g.hex === hex && g.side !== side);

/** The hexes holding ground pieces (the AFB, Tanks) of the side other than `side`. */
export const enemyGroundPieceHexes = (state: VernianState, side: Side): Set<string> =>
  new Set(groundPieces(state).flatMap((g) => (g.side === side ? [] : [g.hex])));

/** Whether a ground combat unit of a side is in a hex. */
export function hasCombatUnit(state: VernianState, hex: string, side: Side, occ = occupancy(state)): boolean {
  return (occ.get(hex) ?? []).some((id) => {
    const u = unitInfo(id);
    return u.combat && u.side === side;
  });
}

/**
 * The stacking steps in a hex (VB-STACK-02): each step of a ground combat unit counts 1, the Armored Front Buster 2
 * (as a division, VV-AFB-08); HQs count apart; Tanks and air pieces count nothing.
 */
export function stackingSteps(
  state: VernianState,
  hex: string,
  occ = occupancy(state),
  pieceSteps?: ReadonlyMap<string, number>,
): { steps: number; hqs: number } {
  let steps = pieceSteps ? (pieceSteps.get(hex) ?? 0) : pieceStackingSteps(state, hex);
  let hqs = 0;
  for (const id of occ.get(hex) ?? []) {
    const u = unitInfo(id);
    if (u.hq) hqs += 1;
    else steps += state.units[id]!.steps;
  }
  return { steps, hqs };
}
