import { codeIndex, turnDate } from '../base/calendar.js';
import { ruleNumbers } from '../data/files.js';
import type { VernianState } from '../base/state.js';
import { allUnits, type UnitInfo } from '../base/units.js';
import { setupGroup } from './setup-rules.js';

/**
 * Clauses: VB-REIN-01, VB-REIN-02, VB-TURN-07, VV-GEN-10, VV-GEN-11, VV-REIN-01, VV-REIN-02, VV-REIN-06, VV-REIN-07,
 * VV-REIN-11, VV-REIN-19, VV-REIN-27, VV-REIN-35, VV-TUN-10.
 * When each unit arrives: on the Strategic Turn of its letter, with the variant's changes (set-up units start on a
 * map; British units coded after G, except K, arrive on A; German K on B; Americans +3 and +4 on C, +5 on D, +6 on E,
 * +7 on F; German I, J and O go through the tunnel, by the Turn Record Track of england/tunnel.ts, never into the box
 * here). A unit whose turn is never reached never arrives.
 */

export type Arrival =
  | { readonly kind: 'setup' }
  | { readonly kind: 'turn'; readonly letter: string }
  | { readonly kind: 'tunnel' }
  | { readonly kind: 'never' };

export function arrivalOf(u: UnitInfo): Arrival {
  if (setupGroup(u)) return { kind: 'setup' };
  const code = u.entry.code;
  const a = ruleNumbers().arrivals;
  if (code.startsWith('+')) return a.american[code] ? { kind: 'turn', letter: a.american[code]! } : { kind: 'never' };
  const i = codeIndex(code);
  if (i === undefined) return { kind: 'never' };
  if (u.nation === 'germany' && a.tunnelCodes.includes(code)) return { kind: 'tunnel' };
  if (u.nation === 'germany' && a.germanEarly[code]) return { kind: 'turn', letter: a.germanEarly[code]! };
  if (u.nation === 'britain' && i > codeIndex('G')!) return { kind: 'turn', letter: a.britishAfterG };
  return { kind: 'turn', letter: code };
}

/** The Reinforcement Phase: every unit due on this Strategic Turn goes to its side's Available Units box. */
export function receiveReinforcements(state: VernianState, turn: number): string[] {
  const letter = turnDate(turn).strategic;
  const arrived: string[] = [];
  for (const u of allUnits()) {
    const a = arrivalOf(u);
    if (a.kind === 'turn' && a.letter === letter && state.units[u.id]!.at === 'due') {
      state.units[u.id]!.at = 'box';
      arrived.push(u.id);
    }
  }
  return arrived;
}
