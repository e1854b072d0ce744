import { type PhaseContext } from '@umpire/engine';
import { originalOwner } from '../base/conquest.js';
import type { WorldMap } from '../data/map.js';
import { nationOf, type GreatWarState } from '../base/nations.js';
import { declareWar, makePeace } from '../p01-diplomacy/politics.js';
import { theWorld } from '../data/world.js';
import { revolutionRules } from '../data/revolution.js';

import type { BoardUnit } from '../base/board.js';
import { unitTable } from '../data/load.js';

/**
 * The Russian civil war's record and its end (GW-P15-REV-15, -21 to -25; decisions D-REV-* of docs/great-war/revolution.md):
 * who has won, the end of the civil war before new units are placed, and Russia made whole again.
 */


/** Who has won the civil war now, if anyone (GW-P15-REV-25, -26, D-REV-6). */
export function civilWarWinner(state: GreatWarState, world: WorldMap = theWorld(state.scenario)): string | undefined {
  const { nation, against } = revolutionRules();
  if (!civilWar(state)) return undefined;
  if (!state.board.units.some((u) => u.nation === nation)) return against;
  const cities = russianLands(world).filter((t) => world.territory.get(t)?.city);
  const citiesHeld = cities.every((t) => state.board.territories[t]?.owner === nation);
  const soldiersLeft = state.board.units.some((u) => u.nation === against && isTroop(u));
  return citiesHeld && !soldiersLeft ? nation : undefined;
}

/**
 * The civil war ends (GW-P15-REV-27, D-REV-6): the winner takes every territory of both factions in Russia's 1914
 * lands (incorporated), every unit, facility and ship of the loser, and its treasury. A losing Bolshevik nation leaves
 * the game (its seat goes); its purchases not yet placed are lost.
 */
export function endCivilWar(state: GreatWarState, ctx: PhaseContext, winner: string, why: string): void {
  const rules = revolutionRules();
  const loser = winner === rules.nation ? rules.against : rules.nation;
  const r = record(state);
  r.ended = { turn: ctx.turn, winner };
  const loserNation = nationOf(state, loser)!;
  const winnerNation = nationOf(state, winner)!;
  for (const [id, hold] of Object.entries(state.board.territories)) if (hold.owner === loser && (hold.owner === rules.nation || originalOwner(theWorld(state.scenario), id) === rules.against)) state.board.territories[id] = { owner: winner, incorporated: true };
  for (const u of state.board.units) if (u.nation === loser) u.nation = winner;
  winnerNation.treasury += loserNation.treasury;
  loserNation.treasury = 0;
  loserNation.purchases = [];
  loserNation.placeableAtStart = [];
  ctx.emit({ type: 'civil-war-ends', winner, loser, why });
  makePeace(state, ctx, rules.nation, rules.against, 'the end of the Russian civil war');
  if (winner === rules.against) {
    const bol = nationOf(state, rules.nation)!;
    bol.seat = false;
    for (const enemy of [...bol.atWarWith]) makePeace(state, ctx, rules.nation, enemy, 'the Bolsheviks are no more');
  } else {
    reunify(state, ctx);
  }
}

/**
 * A victorious Bolshevik nation goes after every nation holding a territory of Russia's 1914 lands (GW-P15-REV-30);
 * once it holds them all it takes up the wars Russia was fighting when the revolution began, against the nations
 * still at war with Russia (GW-P15-REV-31, D-REV-7).
 */
export function reunify(state: GreatWarState, ctx: PhaseContext): void {
  const rules = revolutionRules();
  const r = record(state);
  if (r.ended?.winner !== rules.nation || r.reunited) return;
  const world = theWorld(state.scenario);
  const holders = new Set<string>();
  for (const t of russianLands(world)) {
    const owner = state.board.territories[t]?.owner;
    if (owner !== undefined && owner !== rules.nation) holders.add(owner);
  }
  for (const holder of [...holders].sort()) declareWar(state, ctx, rules.nation, holder, 'triggered');
  if (holders.size) return;
  r.reunited = true;
  const russia = nationOf(state, rules.against);
  const wars = r.warsAtStart.filter((id) => russia?.atWarWith.includes(id));
  ctx.emit({ type: 'russia-reunited', wars });
  for (const enemy of wars) declareWar(state, ctx, rules.nation, enemy, 'triggered');
}

/** The end check between the battles and the placement of new units (GW-P15-REV-25): a phase-13 hook, before any unit is placed. */
export function revolutionBeforePlacement(state: GreatWarState, ctx: PhaseContext): void {
  const winner = civilWarWinner(state);
  if (winner) endCivilWar(state, ctx, winner, winner === revolutionRules().against ? 'the Bolsheviks have no units left' : 'the Bolsheviks hold every Russian city and no Russian soldier is left');
}

export const record = (state: GreatWarState): RevolutionState => state.politics.revolution;

/** Whether the civil war goes on: the revolution has begun and has not ended. */
export function civilWar(state: GreatWarState): boolean {
  const r = record(state);
  return r.began !== null && r.ended === null;
}

export const unitCategory = (type: string) => unitTable().byId.get(type as never)?.category;

/** Troops: land units that fight (coastal defences are part of the coast). */
export const isTroop = (u: BoardUnit) => unitCategory(u.type) === 'land' && u.type !== 'coastal-defense';

/** The territories Russia held in 1914 (GW-P15-REV-17), in map order. */
export function russianLands(world: WorldMap): string[] {
  const against = revolutionRules().against;
  return world.territories.filter((t) => originalOwner(world, t.id) === against).map((t) => t.id);
}

/** This part's record in `state.politics`. */
export type RevolutionState = {
  /** The turn the revolution began; null: not begun (yet). */
  began: number | null;
  /** How the civil war ended: the turn and the winning faction; null while it goes on, or before it begins. */
  ended: { turn: number; winner: string } | null;
  /** Russia's units placed this turn in phase 13, which the start of a revolution in phase 15 rolls for (D-REV-1); emptied in phase 15. */
  builtThisTurn: string[];
  /** Russia's enemies when the revolution began, whose wars a victorious Bolshevik nation takes up once Russia is whole (GW-P15-REV-31). */
  warsAtStart: string[];
  /** Russia's infantry counted against the shared manpower limit when the two factions last agreed (GW-P15-REV-28, D-REV-8). */
  sharedManpower: number;
  /** Whether the victorious Bolsheviks hold every territory Russia held in 1914 and have taken up Russia's wars (GW-P15-REV-31). */
  reunited: boolean;
};
