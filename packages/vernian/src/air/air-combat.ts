import type { PhaseContext } from '@umpire/engine';
import { airWar } from '../data/files.js';
import type { AirTable } from '../data/schemas.js';
import { hexLabel } from '../base/hexes.js';
import { pieceStateLabel } from '../base/pieces.js';
import type { VernianState } from '../base/state.js';
import { unitLabel } from '../base/units.js';

/**
 * Clauses: VV-AIR-01, VV-AIR-05, VV-AIR-06, VV-AIR-07, VV-AIR-08 to VV-AIR-35, VV-ZEP-05.
 * Air combat: one of the three tables of data/air-war.json fought out in a hex. Each round the attacker rolls one die
 * (the interceptors on table (a), VV-AIR-05; the fighters on (b) and (c), D-AMB-44), adds the modifiers that hold in
 * that round (recounted every round from the pieces still fighting) and reads a modified roll beyond the table as its
 * nearest end. The result strikes one piece of the side it names: the first attacker still fighting, or the defender
 * attacked now (tables (b) and (c) take their defenders one at a time, VV-AIR-16, VV-AIR-26). A piece shot down is
 * destroyed, a Zeppelin with its passenger (VV-AIR-19); one that aborts leaves the fight and returns to base at once
 * (the caller's `aborts`); a Zeppelin whose passenger is lost flies on (VV-AIR-20; nothing when it carries none,
 * D-AMB-45). Rounds go on until one side has nothing left in the fight; nobody aborts of his own will (VV-AIR-06,
 * VV-AIR-07, VV-AIR-17, VV-AIR-18, VV-AIR-27, VV-AIR-28). Only Allied fighters fight Zeppelins, so only they destroy
 * them (VV-ZEP-05).
 */

export type AirTableName = 'fighters' | 'zeppelins' | 'flyers';

/** A fight in a hex: the pieces on each side in the order they take the results (the first first). */
export interface AirFight {
  readonly table: AirTableName;
  readonly hex: string;
  readonly attackers: string[];
  readonly defenders: string[];
}

/** What the fight does with a piece that aborts: it returns to base at once (VV-AIR-09 and the like). */
export type AbortHandler = (state: VernianState, ctx: PhaseContext, piece: string, hex: string) => void;

/** The modifiers that hold with these numbers of pieces still fighting, each with its value and clause. */
export function airModifiers(table: AirTable, attackers: number, defenders: number): { value: number; clause: string; when: string }[] {
  return table.modifiers.filter((m) => {
    switch (m.when) {
      case 'attackers-outnumber':
        return attackers > defenders;
      case 'defenders-outnumber':
        return defenders > attackers;
      case 'attackers-more-than-one':
        return attackers > 1;
    }
    return false;
  });
}

/** The row a modified roll reads: the roll, or the table's nearest end beyond it (D-AMB-44). */
export const tableRow = (modified: number, die: number): number => Math.min(die, Math.max(1, modified));

/** A piece destroyed in air combat: off the map, and a Zeppelin's passenger with it (VV-AIR-19, AMB-33). */
function shootDown(state: VernianState, piece: string): string | undefined {
  const p = state.pieces[piece]!;
  p.at = 'out';
  delete state.air.missions[piece];
  return losePassenger(state, piece);
}

/** A Zeppelin's passenger eliminated (VV-AIR-19, VV-AIR-20): its id, or undefined when it carried none. */
function losePassenger(state: VernianState, zeppelin: string): string | undefined {
  const p = state.pieces[zeppelin]!;
  const unit = p.carrying;
  if (unit === undefined) return undefined;
  delete p.carrying;
  if (state.units[unit]) state.units[unit].at = 'out';
  return unit;
}

/** Fight a table out in a hex, round after round, until one side has nothing left in the fight. */
export function fightOut(state: VernianState, ctx: PhaseContext, fight: AirFight, aborts: AbortHandler): void {
  const data = airWar();
  const table = data.tables[fight.table];
  const { attackers, defenders } = fight;
  let round = 0;
  while (attackers.length > 0 && defenders.length > 0) {
    round++;
    const mods = airModifiers(table, attackers.length, defenders.length);
    const roll = ctx.roll(data.die, `air combat over ${fight.hex}, ${table.title}, round ${round}`);
    const modifier = mods.reduce((s, m) => s + m.value, 0);
    const row = tableRow(roll + modifier, data.die);
    const result = table.results[String(row)]!;
    const list = result.side === 'attacker' ? attackers : defenders;
    const piece = list[0]!;
    const label = pieceStateLabel(piece, state.pieces[piece]!);
    let passenger: string | undefined;
    if (result.effect === 'shot-down') {
      list.shift();
      passenger = shootDown(state, piece);
    } else if (result.effect === 'aborts') {
      list.shift();
    } else {
      passenger = losePassenger(state, piece);
    }
    ctx.emit({
      type: 'air-combat-round',
      hex: fight.hex,
      place: hexLabel(fight.hex),
      table: fight.table,
      title: table.title,
      round,
      roll,
      modifiers: mods.map((m) => ({ value: m.value, when: m.when, clause: m.clause })),
      row,
      side: result.side,
      effect: result.effect,
      clause: result.clause,
      piece,
      label,
      ...(passenger ? { passenger, passengerLabel: unitLabel(passenger) } : {}),
      attackers: attackers.length,
      defenders: defenders.length,
    });
    if (result.effect === 'aborts') aborts(state, ctx, piece, fight.hex);
  }
}
