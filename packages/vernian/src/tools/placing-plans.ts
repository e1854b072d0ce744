/**
 * Clauses: VB-SETUP-02, VB-REIN-04, VB-REIN-05, VB-REIN-15, VB-REIN-16, VB-REIN-17, VB-REIN-18.
 * Placing units by clicking a hex of vernian's map: in the set-up step, the seat's units in the hex set up elsewhere
 * (the hexes their set-up group may use outlined); in a New Units Phase, the units and pieces of the seat's Available
 * Units box that may be placed in the hex (new units, Zeppelins, Ether Flyers, Tanks, the Armored Front Buster). The
 * places offered are those the order language admits (the `setup` and `place` specs' `candidatesAt`); each unit
 * ticked gets its own order line, checked with the whole orders text.
 */
import type { Plan } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { knownPiece, pieceStateLabel } from '../base/pieces.js';
import { unitInfo } from '../base/units.js';
import { legalAt, lineOf, previewOf } from './plan-check.js';
import type { PlanGround } from './air-plans.js';

const nameOf = (g: PlanGround, id: string) => (knownPiece(id) ? pieceStateLabel(id, g.after.pieces[id]!) : `${unitInfo(id).name} (${id})`);

/** The units of the hex set up elsewhere: the hexes every unit ticked may use, one order line a unit. */
function setupPlan(g: PlanGround): Plan | undefined {
  const reach = new Map<string, string[]>();
  for (const o of legalAt('setup', g.drafts, g.ctx, g.side, g.area))
    reach.set(o['unit'] as string, [...(reach.get(o['unit'] as string) ?? []), o['hex'] as string]);
  if (!reach.size) return undefined;
  return {
    id: 'setup',
    kind: 'setup',
    title: `Set up elsewhere from ${hexLabel(g.area)}`,
    hint: 'Tick the units to set up elsewhere, then click a hex outlined on the map (every unit ticked may set up there).',
    units: [...reach.keys()].map((id, i) => ({ id, label: nameOf(g, id), at: g.area, picked: i === 0 })),
    targets(units) {
      if (!units.length) return [];
      const sets = units.map((u) => new Set(reach.get(u) ?? []));
      return (reach.get(units[0]!) ?? []).filter((h) => sets.every((s) => s.has(h))).map((id) => ({ id, name: hexLabel(id) }));
    },
    preview(units, target) {
      if (!units.length) return { problem: 'tick at least one unit', facts: [] };
      const lines = units.map((unit) => lineOf({ kind: 'setup', unit, hex: target })).join('\n');
      return previewOf(g.text, g.ctx, lines, [`${units.length} unit(s) set up in ${hexLabel(target)} instead of ${hexLabel(g.area)}.`]);
    },
  };
}

/** The units and pieces of the Available Units box that may be placed in the hex, one order line each. */
function placePlan(g: PlanGround): Plan | undefined {
  const boxed = legalAt('place', g.drafts, g.ctx, g.side, g.area).map((o) => o['unit'] as string);
  if (!boxed.length) return undefined;
  return {
    id: 'place',
    kind: 'place',
    title: `Place in ${hexLabel(g.area)} from the Available Units box`,
    hint: 'Tick the units and pieces to place here: each may be placed here now, on its own (stacking counts them together).',
    units: boxed.map((id, i) => ({ id, label: nameOf(g, id), at: 'the Available Units box', picked: i === 0 })),
    target: g.area,
    preview(units) {
      if (!units.length) return { problem: 'tick at least one unit or piece', facts: [] };
      const lines = units.map((unit) => lineOf({ kind: 'place', unit, hex: g.area })).join('\n');
      return previewOf(
        g.text,
        g.ctx,
        lines,
        units.map((u) => `${nameOf(g, u)} comes onto the map here (VB-REIN-04).`),
      );
    },
  };
}

/** The set-up and placing orders of the seat from a hex, as plans. */
export const placingPlans = (g: PlanGround): Plan[] => [setupPlan(g), placePlan(g)].filter((p): p is Plan => p !== undefined);

/** The kinds the placing plans give. */
export const PLACING_KINDS: readonly string[] = ['setup', 'place'];
