import { allied, nationIndex } from '../base/conquest.js';
import { isLandOrAir, unitOrder } from '../base/counting.js';
import { atWar, type GreatWarState } from '../base/nations.js';
import { flightOf } from '../air/aircraft.js';
import { isAircraft } from '../base/counting.js';


/** One participant of a battle: a unit and how it takes part. */
export interface Participant {
  readonly unit: string;
  /**
   * ground: an attacking land unit in the territory; air: an attacking aircraft over it, with its fuel (D-AIR-9);
   * support: artillery firing in from `from`; defender: a unit of the territory's side (aircraft on the ground too).
   */
  readonly role: 'ground' | 'air' | 'support' | 'defender';
  /** ground: the territory it entered from (trench facing, straits, retreat); support: the territory it fires from. */
  readonly from?: string;
}

export interface BattleSetup {
  readonly area: string;
  /** What the battle's decision ids start with, when another battle may be fought in the same area in the same turn; default the area. */
  readonly key?: string;
  /** Who held the territory when the battle began. */
  readonly holder: string;
  readonly participants: readonly Participant[];
  /** The odds the 'battle' event reports, when the caller has them already (the odds calculator's Monte Carlo runs); computed otherwise. */
  readonly odds?: EventOdds;
}

/** The odds as a 'battle' event carries them (plain data). */
export type EventOdds = { attacker: number; defender: number; none: number; exact: boolean };

/** The participants of the battle in a territory, from the phase's moves and artillery orders. */
export function battleParticipants(state: GreatWarState, area: string): BattleSetup {
  const holder = state.board.territories[area]!.owner;
  const participants: Participant[] = [];
  const units = state.board.units.filter((x) => x.at === area && isLandOrAir(x.type));
  for (const u of units.sort((a, b) => nationIndex(state, a.nation) - nationIndex(state, b.nation) || unitOrder(a, b))) {
    if (allied(state, u.nation, holder)) participants.push({ unit: u.id, role: 'defender' });
    else if (atWar(state, u.nation, holder)) {
      const flight = flightOf(state, u.id);
      if (isAircraft(u.type)) {
        if (flight?.mission === 'attack' && flight.to === area) participants.push({ unit: u.id, role: 'air', from: flight.entry });
        continue;
      }
      const move = [...state.land.moves].reverse().find((m) => m.unit === u.id && m.to === area);
      participants.push({ unit: u.id, role: 'ground', ...(move ? { from: move.from } : {}) });
    }
  }
  for (const s of state.land.support.filter((x) => x.at === area)) participants.push({ unit: s.unit, role: 'support', from: s.from });
  return { area, holder, participants };
}
