import { hexesNamed, hexFacts, isPlayable } from '../base/hexes.js';
import { ruleNumbers } from '../data/files.js';
import { controller, occupancy, takeControl } from '../base/positions.js';
import { nationName, type Side } from '../base/sides.js';
import type { VernianState } from '../base/state.js';
import { unitInfo } from '../base/units.js';
import { hexInSupply, hqSupplied } from '../supply/supply.js';
import { isSourceHex } from '../supply/sources.js';
import { fits } from './setup-rules.js';

/**
 * Clauses: VB-REIN-04, VB-REIN-05, VB-REIN-06, VB-REIN-07, VB-REIN-08, VB-REIN-09, VB-REIN-10, VB-REIN-11, VB-REIN-12,
 * VB-REIN-13, VB-REIN-17, VV-ENG-03, VV-ENG-04, VV-ENG-05, VV-ENG-06, VV-NEMO-03, VV-GEN-17, VV-REIN-03.
 * Where a unit from the Available Units box may be placed in its side's New Units Phase.
 */

const britishPorts = (): readonly string[] => ruleNumbers().arrivals.britishPorts;

function nearSuppliedHq(state: VernianState, unit: string, hex: string, occ: Map<string, string[]>): boolean {
  const u = unitInfo(unit);
  if (u.hq) return false;
  return (occ.get(hex) ?? []).some((id) => {
    const o = unitInfo(id);
    return o.hq && o.nation === u.nation && hqSupplied(state, id);
  });
}

/** Why a unit may not be placed in a hex now, or undefined when it may. */
export function placementRefusal(state: VernianState, side: Side, unit: string, hex: string, occ = occupancy(state)): string | undefined {
  const u = unitInfo(unit);
  if (u.side !== side) return `${u.name} is not ${side === 'germany' ? 'German' : 'Allied'}`;
  if (state.units[unit]!.at !== 'box') return `${u.name} is not in the Available Units box`;
  const h = hexFacts(hex);
  if (!isPlayable(h)) return `${hex} is not a land hex a unit may stand on`;
  if (controller(state, hex) !== side) return `${hex} is not held by ${side === 'germany' ? 'the Germans' : 'the Allies'} (VB-REIN-05)`;
  if ((occ.get(hex) ?? []).some((id) => unitInfo(id).side !== side)) return `${hex} holds enemy units (VB-REIN-05)`;
  const where = nationPlace(u.nation, hex);
  const viaHq = nearSuppliedHq(state, unit, hex, occ);
  if (!where && !viaHq) return placesFor(u.nation);
  if (where === 'england' && ruleNumbers().arrivals.britishInFranceOnly.includes(u.entry.code))
    return `${u.name} (code ${u.entry.code}) must enter in France, in a Channel port (VV-REIN-03)`;
  if (where === 'england') {
    const ground = (occ.get(hex) ?? []).filter((id) => !unitInfo(id).hq && unitInfo(id).nation === 'britain');
    const bigCity = hexesNamed('Birmingham').includes(hex) || (hexesNamed('London').includes(hex) && hexFacts(hex)?.name === 'London');
    if (!u.hq && !bigCity && ground.length > 0)
      return 'in England one ground unit a hex (plus one HQ), except London and Birmingham (VV-ENG-05, VV-ENG-06)';
  }
  if (!fits(state, unit, hex, occ)) return `${hex} is full: six steps and one HQ (VB-STACK-01)`;
  if (!hexInSupply(state, hex, side)) return `${hex} is not in supply (VB-REIN-05)`;
  return undefined;
}

/**
 * Whether a ground combat unit of a side could be placed in a hex by where it stands (VB-REIN-06 to VB-REIN-11): a
 * place of one of the side's nations, or the hex of a supplied HQ of the side. Control, enemy units, supply and
 * stacking are judged apart (a Tank, VB-REIN-17, does not count for stacking).
 */
export function groundPlaceFor(state: VernianState, side: Side, hex: string, occ = occupancy(state)): boolean {
  const nations = side === 'germany' ? ['germany'] : ['france', 'belgium', 'britain', 'usa'];
  if (nations.some((n) => nationPlace(n, hex))) return true;
  return (occ.get(hex) ?? []).some((id) => {
    const o = unitInfo(id);
    return o.hq && o.side === side && hqSupplied(state, id);
  });
}

/** The kind of place a nation's new units may use that this hex is, or undefined. */
function nationPlace(nation: string, hex: string): 'home' | 'port' | 'england' | 'edge' | undefined {
  const h = hexFacts(hex)!;
  switch (nation) {
    case 'germany':
      return (h.nation === 'germany' && h.city) || isSourceHex(h, 'germany') ? 'home' : undefined;
    case 'france':
      return (h.nation === 'france' && h.city) ||
        (h.map === 'W' && isSourceHex(h, 'allies') && h.nation === 'france' && h.edge !== undefined)
        ? 'home'
        : undefined;
    case 'belgium':
      return h.nation === 'belgium' && h.city ? 'home' : britishPorts().some((p) => hexesNamed(p).includes(hex)) ? 'port' : undefined;
    case 'britain':
      if (britishPorts().some((p) => hexesNamed(p).includes(hex))) return 'port';
      return h.map === 'B' && (h.town || h.city) ? 'england' : undefined;
    case 'usa':
      return (h.map === 'W' && h.nation === 'france' && h.edge !== undefined && isSourceHex(h, 'allies')) ||
        (h.map === 'B' && h.edge === 'north')
        ? 'edge'
        : undefined;
    default:
      return undefined;
  }
}

function placesFor(nation: string): string {
  switch (nation) {
    case 'germany':
      return 'German units are placed in a German city or a German board-edge supply source (VB-REIN-06)';
    case 'france':
      return 'French units are placed in a French city or a French board-edge supply source (VB-REIN-07)';
    case 'belgium':
      return 'Belgian units are placed in a Belgian city or a French port (VB-REIN-08)';
    case 'britain':
      return `British units are placed in ${britishPorts().join(', ')} or a town or city in England (VB-REIN-09, VV-ENG-03)`;
    case 'usa':
      return "American units are placed on a French board-edge supply source or the England map's northern row (VB-REIN-10)";
    default:
      return `${nationName(nation)} places no units`;
  }
}

/** Place a unit from the box: a ground combat unit takes control of its hex (VB-REIN-13). */
export function placeUnit(state: VernianState, unit: string, hex: string): void {
  state.units[unit]!.at = hex;
  const u = unitInfo(unit);
  if (u.combat) takeControl(state, hex, u.side);
}
