/**
 * What the phases of the Great War announce to the rule parts, and the questions they ask them (the engine's
 * reactions kit). A war declared, a peace, a neutral joining a side, a move of the US Entry track, a territory
 * captured, a technology advance, the US trade cut: the parts that react to them (the US Entry events, China's
 * answer to a Japanese war, the Ottoman and Italian triggers, Spain, the Bolsheviks, the tanks' breakthrough, the
 * upgrades) are listed once, in parts.ts, and react in that order. The phases import this file, never the parts.
 */
import { Switchboard, type SeatId, type Problem } from '@umpire/engine';
import type { WorldMap } from '../data/map.js';
import type { AnyOrder, GreatWarOrders, Ledger } from '../orders/language.js';
import type { BoardUnit } from './board.js';
import type { Flight, GreatWarState } from './nations.js';

/**
 * How a war began: 'declared' in phase 1.1; 'undeclared' when a nation attacked without declaring (the double US
 * Entry penalty, GW-P01-DIP-04); 'joined' when a nation entered the war on a side; 'triggered' when a rule made the
 * declaration (China answering Japan, Spain against France...); 'option' for a national option's result.
 */
export type WarCause = 'declared' | 'undeclared' | 'joined' | 'triggered' | 'option';

/** A state change that other parts react to: who, to whom, why. */
export type WarChange = { by: string; on: string; cause: WarCause };

/** How a nation came to join a side (US Entry events 7 and 8 count only 'influence', GW-USENTRY-09). */
export type JoinCause = 'influence' | 'schedule' | 'trigger' | 'option' | 'entry-track' | 'declaration';

/**
 * The US Entry events (GW-USENTRY): the number is the rule book's (the second event 9 is '9b', A26); 'roll' is the
 * end-of-turn economic roll (event 21); 'option' a US or national option that moves opinion by its own text.
 */
export type UsEntryEvent = `event-${number}` | 'event-9b' | 'option' | 'gift' | 'congress';

/** What happened, for the parts that react. */
export type Happening =
  | ({ kind: 'war' } & WarChange)
  | { kind: 'peace'; a: string; b: string; why: string }
  | { kind: 'join'; nation: string; side: 'allied' | 'central'; cause: JoinCause }
  | { kind: 'us-entry-moved' }
  | { kind: 'capture'; territory: string; from: string; to: string; world: WorldMap }
  | { kind: 'advance'; nation: string; tech: string; advance: number }
  | { kind: 'us-trade-cut' }
  | { kind: 'placement-begins' }
  | { kind: 'aircraft-on-deck'; world: WorldMap; unit: BoardUnit; zone: string; flight: Flight }
  | { kind: 'units-placed'; fresh: ReadonlySet<string>; orders: ReadonlyMap<SeatId, GreatWarOrders> };

/** The questions the phases ask the parts, with what is asked and the type of the answer. */
export type Questions = {
  /** May `nation` join a side in `turn`? (GW-ALLY-08, GW-P01-DIP-07) */
  'may-join': readonly [{ nation: string; turn: number }, boolean];
  /** Where does a move of the US Entry track to `wanted` end? (A28, D-USA-2) */
  'us-entry-bounds': readonly [{ wanted: number }, number];
  /** Why a move or flight of `nation`'s to `to` is refused by a special rule, if it is (the Bolsheviks, GW-P15-REV-17). */
  'move-end': readonly [{ world: WorldMap; nation: string; to: string; hostile: boolean }, Problem | undefined];
  /** Why an attacking order is refused by a special rule, if it is (China's restrictions, GW-NEUT-CHN-10..12). */
  /** A nation's income cap when a special rule sets it (Japan's and China's, GW-NEUT-JAP-04..17, GW-NEUT-CHN-01..16); null: no cap. */
  'income-cap': readonly [{ nation: string }, number | null | undefined];
  /** What a territory's value counts for in a nation's income (1, or the Bolsheviks' homeland multiplier, GW-P15-REV). */
  'land-value': readonly [{ nation: string; territory: string; world: WorldMap }, number];
  /** Whether a territory counts as the nation's own since 1914 beyond the map's owner (the Bolsheviks' homeland, GW-P15-REV). */
  'own-since-1914': readonly [{ nation: string; territory: string; world: WorldMap }, boolean];
  /** Whether the nation may place infantry on ground it has not held since the turn began (Bolshevik free ground, GW-P15-REV). */
  'free-ground': readonly [{ nation: string; territory: string; world: WorldMap }, boolean];
  /** The sea zones where an aircraft of `nation`'s may land on a carrier with room (D-AIR-44). */
  'carrier-decks': readonly [{ nation: string; type: string }, ReadonlySet<string>];
  'attack-refusal': readonly [{ ledger: Ledger; seat: string; order: AnyOrder }, Problem | undefined];
};

/** The Great War's switchboard: parts.ts installs the rule parts in it. */
export const switchboard = new Switchboard<GreatWarState, Happening, Questions>('great-war');

/** Lets every part that reacts to `happening` react, in the parts' order. */
export const react = switchboard.react.bind(switchboard);

/** The parts' answer to a question, starting from the phase's own. */
export const adjust = switchboard.adjust.bind(switchboard);
