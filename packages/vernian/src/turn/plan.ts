import type { TurnPlan } from '@umpire/engine';
import { opensStrategicTurn } from '../base/calendar.js';

/**
 * Clauses: VB-TURN-02, VB-TURN-05, VB-TURN-11, VB-TURN-12, VV-SEQ-01 to VV-SEQ-21.
 * The steps of an Operational Turn: the set-up before the first; the Strategic phases when the turn opens a Strategic
 * Turn; then the German player-turn and the Allied player-turn, each one step of its seat's orders with every phase of
 * the variant's sequence of play in order. Phases of rules not yet in play are empty.
 */

export const GERMAN_PHASES = [
  'storms',
  'german-new-units',
  'german-air-base',
  'german-embarkation',
  'german-sortie',
  'german-interception',
  'german-movement',
  'german-bombard',
  'german-combat',
  'german-attrition',
] as const;

export const ALLIED_PHASES = [
  'allied-new-units',
  'allied-air-base',
  'allied-missions',
  'allied-interception',
  'allied-movement',
  'allied-bombard',
  'allied-combat',
  'allied-air-return',
  'allied-attrition',
] as const;

export const STRATEGIC_PHASES = ['victory-check', 'reinforcements', 'fortress-surrender', 'inventions', 'england-withdrawal'] as const;

export function turnPlan(turn: number): TurnPlan {
  return [
    ...(turn === 1 ? [{ kind: 'orders' as const, id: 'setup', seats: ['germany', 'allies'], phases: ['setup'] }] : []),
    ...(opensStrategicTurn(turn) ? [{ kind: 'orders' as const, id: 'strategic', seats: [], phases: [...STRATEGIC_PHASES] }] : []),
    { kind: 'orders', id: 'german', seats: ['germany'], phases: [...GERMAN_PHASES] },
    { kind: 'orders', id: 'allied', seats: ['allies'], phases: [...ALLIED_PHASES] },
  ];
}
