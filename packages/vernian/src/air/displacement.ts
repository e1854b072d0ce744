import type { PhaseContext } from '@umpire/engine';
import { ruleNumbers } from '../data/files.js';
import { pieceStateLabel } from '../base/pieces.js';
import { occupancy } from '../base/positions.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { airKind, enemyGroundIn } from './air-rules.js';
import { nearestBase } from './base-change.js';

/**
 * Clauses: VV-ETH-11, VV-ETH-12, VV-WCPD-19, VV-ZEP-01.
 * An enemy ground unit in an Ether Flyer's hex: checked after every phase, so whatever brought it there (a move, an
 * advance, a retreat, a landing, a placement), the flyer on the ground there leaves at once for the nearest hex within
 * six that is a legal base for it (friendly, in Attack Supply overland, no enemy unit, room for it; the lowest hex id
 * among the nearest), flying round Storms and, for an Allied flyer, generators; with no such hex it is destroyed. A
 * flyer in a Storm hex is destroyed outright (VV-WCPD-19). A flyer in the air on a Mission (`state.air.missions`) is
 * not on the ground and stays. Zeppelins are never affected by enemy ground units (VV-ZEP-01).
 */
export function displaceFlyers(state: VernianState, ctx: PhaseContext): void {
  const occ = occupancy(state);
  for (const id of Object.keys(state.pieces).sort()) {
    const p = state.pieces[id]!;
    if (!isOnMap(p.at) || state.air.missions[id] || airKind(state, id) !== 'flyer' || !enemyGroundIn(state, p.at, p.side, occ)) continue;
    const from = p.at;
    const label = pieceStateLabel(id, p);
    if (state.inventions.storms.includes(from)) {
      p.at = 'out';
      ctx.emit({ type: 'flyer-lost', piece: id, label, hex: from, why: 'overrun by enemy ground units in a Storm (VV-WCPD-19)' });
      continue;
    }
    const to = nearestBase(state, p.side, id, ruleNumbers().airMoves.displacement);
    if (to === undefined) {
      p.at = 'out';
      ctx.emit({
        type: 'flyer-lost',
        piece: id,
        label,
        hex: from,
        why: 'enemy ground units entered its hex and no base is within reach (VV-ETH-12)',
      });
      continue;
    }
    p.at = to;
    ctx.emit({ type: 'flyer-displaced', piece: id, label, from, to });
  }
}
