import type { PhaseContext } from '@umpire/engine';
import { turnDate } from '../base/calendar.js';
import { piecesData } from '../data/files.js';
import { allPieces, byNumber, pieceStateLabel, pieceType } from '../base/pieces.js';
import type { VernianState } from '../base/state.js';

/**
 * Clauses: VB-REIN-15, VB-REIN-19, VB-TURN-07, VV-REIN-04, VV-REIN-05, VV-REIN-08..10, VV-REIN-12..18, VV-REIN-20..26,
 * VV-REIN-28..34, VV-REIN-36..40.
 * The variant's pieces in the Reinforcement Phase: the pieces the schedule (data/pieces.json) brings on this
 * Strategic Turn come into play in their side's Available Units box; then the German player may flip up to the
 * schedule's number of Zeppelins of the types it names, on the map or in the box, to their improved side, one at a
 * time; a flip lasts (its type in the state becomes the improved type).
 */

/** Bring the pieces due on this Strategic Turn into the state, in their side's box: their ids, in catalogue order. */
export function receivePieces(state: VernianState, turn: number): string[] {
  const letter = turnDate(turn).strategic;
  const arrived: string[] = [];
  for (const p of allPieces()) {
    if (p.arrives !== letter || state.pieces[p.id]) continue;
    state.pieces[p.id] = { type: p.type, side: p.side, ...(p.nation ? { nation: p.nation } : {}), at: 'box' };
    arrived.push(p.id);
  }
  return arrived;
}

/** The pieces a flip may turn now: in play (on the map or in the box), of the types named, lowest number first. */
export function flippable(state: VernianState, from: readonly string[]): string[] {
  return Object.keys(state.pieces)
    .filter((id) => state.pieces[id]!.at !== 'out' && from.includes(state.pieces[id]!.type))
    .sort(byNumber);
}

export const NO_FLIP = 'none';

/**
 * The flips of this Strategic Turn (VB-REIN-19): for each flip row of the schedule, up to its number of flips, each
 * a decision of the flipping side among the pieces it may flip or 'none' (no more flips of this row). By default the
 * lowest-numbered piece is flipped: a flip only improves a piece.
 */
export function flipPieces(state: VernianState, ctx: PhaseContext): void {
  const letter = turnDate(ctx.turn).strategic;
  piecesData().schedule.forEach((row, r) => {
    if (!('flip' in row) || row.turn !== letter) return;
    for (let n = 1; n <= row.flip; n++) {
      const options = flippable(state, row.from);
      if (!options.length) return;
      const labels = row.from.map((t) => pieceType(t).label).join(' or ');
      const pick = ctx.decide({
        id: `${ctx.step.id}.flip.${r}.${n}`,
        seat: row.side,
        kind: 'piece-flip',
        prompt: `flip ${n} of up to ${row.flip} (${row.clauses.join(', ')}): which ${labels} turns to its improved side?`,
        options: [...options, NO_FLIP],
        default: options[0]!,
      });
      if (pick === NO_FLIP || !options.includes(pick)) return;
      const p = state.pieces[pick]!;
      const from = p.type;
      p.type = pieceType(from).improved!;
      ctx.emit({ type: 'piece-flipped', piece: pick, from, to: p.type, label: pieceStateLabel(pick, p) });
    }
  });
}
