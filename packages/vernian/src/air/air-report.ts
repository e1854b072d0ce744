import type { GameEvent } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { unitLabel } from '../base/units.js';

/**
 * Clauses: VV-ZEP-24.
 * What reports say of the base changes, embarkations, sorties, landings and displacements of air pieces, in plain
 * words: pieces and units by their labels, hexes by their place names.
 */

const hex = (h: unknown) => hexLabel(String(h));
const piece = (e: GameEvent) => String(e['label'] ?? e['piece']);
const unit = (u: unknown) => unitLabel(String(u));

export function describeAirEvent(e: GameEvent): string | undefined {
  switch (e.type) {
    case 'storm-escape':
      return e['escaped']
        ? `${piece(e)} rolls ${String(e['roll'])} and escapes the Storm in ${hex(e['hex'])}: it may fly this turn.`
        : `${piece(e)} rolls ${String(e['roll'])} and stays in the Storm over ${hex(e['hex'])}: it may not fly this turn.`;
    case 'rebased':
      return `${piece(e)} changes base from ${hex(e['from'])} to ${hex(e['to'])}.`;
    case 'rebase-cancelled':
      return `${piece(e)} does not change base to ${hex(e['to'])}: ${String(e['why'])}.`;
    case 'flyer-rebased':
      return `${piece(e)} has no legal base in ${hex(e['from'])} and flies to the nearest, ${hex(e['to'])}.`;
    case 'flyer-displaced':
      return `Enemy ground units reach ${hex(e['from'])}: ${piece(e)} displaces to ${hex(e['to'])}.`;
    case 'flyer-lost':
      return `${piece(e)} is destroyed in ${hex(e['hex'])}: ${String(e['why'])}.`;
    case 'embarked':
      return `${unit(e['unit'])} boards ${piece(e)} in ${hex(e['hex'])}.`;
    case 'embark-cancelled':
      return `${unit(e['unit'])} does not board ${String(e['piece'])}: ${String(e['why'])}.`;
    case 'sortie': {
      const aboard = e['carrying'] ? `, carrying ${unit(e['carrying'])}` : '';
      return `${piece(e)} sorties from ${hex(e['from'])} to ${hex(e['to'])}${aboard}.`;
    }
    case 'sortie-cancelled':
      return `${piece(e)} does not sortie to ${hex(e['to'])}: ${String(e['why'])}.`;
    case 'landed':
      return `${unit(e['unit'])} lands from ${piece(e)} in ${hex(e['hex'])}.`;
    case 'passenger-lost':
      return `${unit(e['unit'])} cannot land from ${String(e['piece'])} in ${hex(e['hex'])}, where the enemy is, and is lost.`;
    default:
      return undefined;
  }
}
