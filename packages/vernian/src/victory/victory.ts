import { ruleNumbers, shelf } from '../data/files.js';
import { allHexes, hexesNamed } from '../base/hexes.js';
import { controller } from '../base/positions.js';
import type { Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';

/**
 * Clauses: VV-WIN-01, VV-WIN-02, VV-WIN-03, VV-WIN-04, VV-WIN-05, VV-WIN-06, VV-WIN-07, VB-WIN-01, VB-WIN-02,
 * VB-WIN-03, VV-GEN-06.
 * Sudden death: the Germans win the instant they control French city hexes worth 11 (each Paris hex 2) or London and
 * its six neighbours; the Allies the instant they control German city hexes worth 6 (each Ruhr hex 2). Board-edge
 * hexes are never cities. Checked after every phase that can change control.
 */

/** The city points a side holds (VB-WIN-01). */
export function cityPoints(state: VernianState, side: Side): number {
  let points = 0;
  for (const c of victoryCities()[side]) if (controller(state, c.hex) === side) points += c.points;
  return points;
}

/** The city hexes each side wins by and what each is worth: worked out once for each set of data files. */
const victoryCities = shelf.derive((): Record<Side, { hex: string; points: number }[]> => {
  const of = (side: Side) => {
    const v = ruleNumbers().victory[side];
    const doubled = new Set(hexesNamed(v.double));
    return [...allHexes()].filter((h) => h.city && h.nation === v.cities).map((h) => ({ hex: h.id, points: doubled.has(h.id) ? 2 : 1 }));
  };
  return { germany: of('germany'), allies: of('allies') };
});

/** Whether the Germans hold the London hex and its six neighbours (VV-WIN-03). */
export function holdsLondon(state: VernianState): boolean {
  const london = hexesNamed(ruleNumbers().victory.london.place);
  return london.length > 0 && london.every((hex) => controller(state, hex) === 'germany');
}

/** Sets `state.over` when a side has won; the Germans are judged first (both at once cannot happen in one phase). */
export function checkVictory(state: VernianState): void {
  if (state.over) return;
  const v = ruleNumbers().victory;
  const german = cityPoints(state, 'germany');
  if (german >= v.germany.points) {
    state.over = { winner: 'germany', summary: `the Germans hold French cities worth ${german} (11 win)` };
    return;
  }
  if (holdsLondon(state)) {
    state.over = { winner: 'germany', summary: 'the Germans hold London and the six hexes around it' };
    return;
  }
  const allied = cityPoints(state, 'allies');
  if (allied >= v.allies.points) state.over = { winner: 'allies', summary: `the Allies hold German cities worth ${allied} (6 win)` };
}
