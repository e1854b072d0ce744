

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
