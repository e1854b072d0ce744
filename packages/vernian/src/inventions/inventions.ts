import { gridDistance, hexesWithin, type PhaseContext } from '@umpire/engine';
import { hexBoard, ruleNumbers } from '../data/files.js';
import { allHexes, hexesNamed, hexLabel } from '../base/hexes.js';
import { controller, occupancy } from '../base/positions.js';
import { codeIndex, turnDate } from '../base/calendar.js';
import type { Side } from '../base/sides.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { cityPoints } from '../victory/victory.js';
import { defaultLoss, loseStep } from '../supply/attrition.js';

/**
 * Clauses: VB-TURN-09, VV-WCPD-01, VV-WCPD-02, VV-WCPD-03, VV-WCPD-04, VV-WCPD-05, VV-WCPD-06, VV-WCPD-07, VV-WCPD-08,
 * VV-WCPD-09, VV-WCPD-10, VV-VDG-01, VV-VDG-02, VV-VDG-03, VV-VDG-04, VV-VDG-05, VV-VDG-06, VV-VDG-07, VV-VDG-08,
 * VV-VDG-09, VV-VDG-10.
 * The Invention Phase of each Strategic Turn: the Allies roll for a Weather Control Projection Device, then the Germans
 * for a Van der Graaf Generator, each only while one of its triggers holds at that moment, from Strategic Turn B on,
 * one roll a Strategic Turn, succeeding on 1 or 2, at most two of each in the game (a destroyed generator still counts,
 * D-AMB-58). A WCPD stays off the map and gives the Allies one more Storm marker; a generator is placed at once in a
 * German city hex the Germans hold with no generator and no enemy unit (the German player's choice, by default the
 * one nearest the Allied infantry), never moves, counts for no stacking, and is destroyed when an enemy ground unit
 * enters its hex. A roll is made whenever it may be: it can only help the side that makes it.
 */

/** Whether an infantry unit of a side stands within the trigger distance of a place's hexes (VB-MAP-12). */
function infantryNear(state: VernianState, side: Side, places: readonly string[]): boolean {
  const { within } = ruleNumbers().inventions;
  const near = new Set(places.flatMap((p) => hexesNamed(p)).flatMap((t) => [...hexesWithin(hexBoard(), t, within).keys()]));
  for (const id in state.units) {
    const at = state.units[id]!.at;
    if (near.has(at) && unitInfo(id).infantry && unitInfo(id).side === side) return true;
  }
  return false;
}

/** The triggers of the Allied WCPD roll that hold now (VV-WCPD-01 to VV-WCPD-03, D-AMB-55). */
export function wcpdTriggers(state: VernianState): string[] {
  const r = ruleNumbers().inventions;
  const out: string[] = [];
  if (infantryNear(state, 'germany', r.wcpdPlaces)) out.push(`German infantry within ${r.within} hexes of ${r.wcpdPlaces.join(' or ')}`);
  const points = cityPoints(state, 'germany');
  if (points >= r.wcpdCityPoints) out.push(`the Germans hold French cities worth ${points}`);
  return out;
}

/** The triggers of the German VDG roll that hold now (VV-VDG-01, VV-VDG-02, D-AMB-58). */
export function vdgTriggers(state: VernianState): string[] {
  const r = ruleNumbers().inventions;
  const out: string[] = [];
  const points = cityPoints(state, 'allies');
  if (points >= r.vdgCityPoints) out.push(`the Allies hold German cities worth ${points}`);
  if (infantryNear(state, 'allies', r.vdgPlaces)) out.push(`Allied infantry within ${r.within} hexes of ${r.vdgPlaces.join(' or ')}`);
  return out;
}

/** The German city hexes where a new generator may stand (VV-VDG-06, VV-VDG-07): held, no generator, no enemy unit. */
export function generatorHexes(state: VernianState): string[] {
  const occ = occupancy(state);
  return [...allHexes()]
    .filter((h) => h.city && h.nation === 'germany' && controller(state, h.id) === 'germany')
    .filter((h) => !state.inventions.generators.includes(h.id))
    .filter((h) => !(occ.get(h.id) ?? []).some((id) => unitInfo(id).side !== 'germany'))
    .map((h) => h.id);
}

/** The default hex of a new generator: the one nearest an Allied infantry unit (on its map), then the lowest id. */
function nearestToTheEnemy(state: VernianState, hexes: readonly string[]): string {
  const board = hexBoard();
  const enemy = Object.keys(state.units)
    .filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).infantry && unitInfo(id).side === 'allies')
    .map((id) => state.units[id]!.at);
  const away = (hex: string) => Math.min(99, ...enemy.map((at) => gridDistance(board, hex, at) ?? 99));
  return [...hexes].sort((a, b) => away(a) - away(b) || (a < b ? -1 : 1))[0]!;
}

/** The Invention Phase (VB-TURN-09): the Allied roll, then the German roll. */
export function inventionPhase(state: VernianState, ctx: PhaseContext): void {
  const r = ruleNumbers().inventions;
  const letter = turnDate(ctx.turn).strategic;
  if ((codeIndex(letter) ?? 0) < (codeIndex(r.firstStrategicTurn) ?? 0)) return;
  const wcpd = wcpdTriggers(state);
  if (wcpd.length && state.inventions.wcpd < r.most) {
    const roll = ctx.roll(r.die, `WCPD build roll (${wcpd.join('; ')})`);
    const built = roll <= r.succeedsOn;
    if (built) state.inventions.wcpd += 1;
    ctx.emit({ type: 'invention-roll', side: 'allies', invention: 'wcpd', roll, built, triggers: wcpd, count: state.inventions.wcpd });
  }
  const vdg = vdgTriggers(state);
  const hexes = generatorHexes(state);
  if (vdg.length && state.inventions.vdg < r.most && hexes.length) {
    const roll = ctx.roll(r.die, `VDG build roll (${vdg.join('; ')})`);
    const built = roll <= r.succeedsOn;
    ctx.emit({
      type: 'invention-roll',
      side: 'germany',
      invention: 'vdg',
      roll,
      built,
      triggers: vdg,
      count: state.inventions.vdg + (built ? 1 : 0),
    });
    if (!built) return;
    const fallback = nearestToTheEnemy(state, hexes);
    const pick = ctx.decide<string>({
      id: `${ctx.step.id}.generator`,
      seat: 'germany',
      kind: 'generator-hex',
      prompt: 'A Van der Graaf Generator is built: in which German city hex does it stand (VV-VDG-06)?',
      options: hexes,
      default: fallback,
    });
    const hex = hexes.includes(pick) ? pick : fallback;
    state.inventions.vdg += 1;
    state.inventions.generators = [...state.inventions.generators, hex].sort();
    ctx.emit({ type: 'generator-placed', hex, place: hexLabel(hex) });
  }
}

/** Generators in a hex an Allied ground unit has entered are destroyed, like an HQ overrun (VV-VDG-10). */
export function generatorsEntered(state: VernianState, ctx: PhaseContext, hexes: Iterable<string>): void {
  for (const hex of new Set(hexes)) {
    if (!state.inventions.generators.includes(hex)) continue;
    state.inventions.generators = state.inventions.generators.filter((h) => h !== hex);
    ctx.emit({ type: 'generator-destroyed', hex, place: hexLabel(hex) });
  }
}

/** Generators whose hex holds an Allied ground unit now (entered by an advance, a retreat, a placement or the AFB). */
export function overrunGenerators(state: VernianState, ctx: PhaseContext): void {
  if (!state.inventions.generators.length) return;
  const held = new Set<string>();
  for (const id in state.units) {
    const at = state.units[id]!.at;
    if (isOnMap(at) && unitInfo(id).side === 'allies') held.add(at);
  }
  // The Armored Front Buster is an Allied ground unit too (D-AMB-48).
  for (const id in state.pieces)
    if (state.pieces[id]!.side === 'allies' && state.pieces[id]!.type === 'afb') held.add(state.pieces[id]!.at);
  generatorsEntered(
    state,
    ctx,
    state.inventions.generators.filter((h) => held.has(h)),
  );
}

/**
 * The generators' attrition (VV-VDG-11, D-AMB-59): in the Allied Attrition Phase, each hex of Allied ground units next
 * to a generator loses one step for each generator next to it, whatever its supply; the Allied player chooses the
 * unit, an HQ only when no combat unit is left (default: the unit with the most steps, then the highest defence).
 */
export function generatorAttrition(state: VernianState, ctx: PhaseContext): void {
  if (!state.inventions.generators.length) return;
  const board = hexBoard();
  const occ = occupancy(state);
  const next = new Map<string, number>();
  for (const g of state.inventions.generators) {
    for (const c of board.neighbours(g)) if (c.link === undefined) next.set(c.to, (next.get(c.to) ?? 0) + 1);
  }
  for (const hex of [...next.keys()].sort()) {
    for (let k = 1; k <= next.get(hex)!; k++) {
      const allied = (occ.get(hex) ?? []).filter((id) => unitInfo(id).side === 'allies' && state.units[id]!.at === hex);
      const combat = allied.filter((id) => unitInfo(id).combat);
      const options = combat.length ? combat : allied.filter((id) => unitInfo(id).hq);
      if (!options.length) break;
      const unit = ctx.decide<string>({
        id: `${ctx.step.id}.generator.${hex}.${k}`,
        seat: 'allies',
        kind: 'attrition-loss',
        prompt: `${hexLabel(hex)} is next to a Van der Graaf Generator: which unit loses a step (VV-VDG-11)?`,
        options,
        default: defaultLoss(state, options),
      });
      const result = loseStep(state, unit);
      ctx.emit({ type: 'generator-attrition', hex, unit, result });
    }
  }
}
