import { phaseContext, ScriptedDice, type DecisionAnswer, type Json, type RecordingContext } from '@umpire/engine';
import type { VernianState } from '../src/base/state.js';
import { pieceEntry } from '../src/base/pieces.js';
import { blank } from './supply-positions.js';
import { at, stepInfo } from './fixtures.js';

/**
 * Positions and contexts for the air war's tests: the board with every unit and piece off it, flyers and Zeppelins
 * put back where a test wants them, and phase contexts with scripted dice, the seats' standing orders and answers.
 * The places: Verdun (Allied) and Metz (German) are three hexes apart, as are Liège (Allied) and Aachen (German).
 */

export const VERDUN = at('Verdun');
export const METZ = at('Metz');
export const LIEGE = at('Liège');
export const AACHEN = at('Aachen');

/** German F types, Allied F, CS and B types, and Zeppelins, by their piece ids. */
export const DE_F = ['fl-de-1', 'fl-de-2', 'fl-de-3', 'fl-de-4'] as const;
export const AL_F = ['fl-al-1', 'fl-al-2', 'fl-al-3', 'fl-al-4', 'fl-al-5'] as const;
export const AL_CS = ['fl-al-7', 'fl-al-8', 'fl-al-9'] as const;
export const AL_B = ['fl-al-15', 'fl-al-16', 'fl-al-17'] as const;
export const ZEPS = ['zep-1', 'zep-2', 'zep-3'] as const;

/** The empty board (no unit, no piece on the map) with pieces put on hexes, brought into play if they were not. */
export function airBoard(where: Readonly<Record<string, string>> = {}): VernianState {
  return putPieces(blank(), where);
}

/** Put pieces on hexes, bringing them into play as their arrival would. */
export function putPieces(s: VernianState, where: Readonly<Record<string, string>>): VernianState {
  for (const [piece, hex] of Object.entries(where)) {
    const e = pieceEntry(piece)!;
    s.pieces[piece] ??= { type: e.type, side: e.side, ...(e.nation ? { nation: e.nation } : {}), at: 'box' };
    s.pieces[piece].at = hex;
  }
  return s;
}

/** A phase context of a player-turn with scripted dice, the standing orders kept and recorded answers. */
export function airContext(
  segment: 'german' | 'allied',
  dice: readonly number[],
  standing: Readonly<Record<string, Json>> = {},
  answers: readonly DecisionAnswer[] = [],
): RecordingContext {
  return phaseContext({ step: stepInfo(segment, 5), dice: new ScriptedDice(dice), standing, answers, decisions: 'standing' });
}

/** The events of a type a context recorded. */
export const eventsOf = (ctx: RecordingContext, type: string) => ctx.events.filter((e) => e.type === type);
