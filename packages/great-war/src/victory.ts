import type { GameResult } from '@umpire/engine';
import { z } from 'zod';
import victoryJson from '../data/victory.json' with { type: 'json' };
import { calendarOver, turnLabel } from './data/calendar.js';
import { isConquered, nationName } from './base/conquest.js';
import { scenarioData } from './data/load.js';
import type { GreatWarState } from './base/nations.js';
import { hasSurrendered } from './p01-diplomacy/surrender.js';

/**
 * Victory (GW-VICTORY, GW-MISC-04): conquest of the whole opposing side ends the game at once; after the last turn
 * Japan's solo win (160 collected) comes first, then the historical Allied conditions, failing which the Central
 * Powers win. Decisions D-VIC-1..7 in docs/great-war/technology-and-victory.md; the numbers in data/victory.json.
 */

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));
const side = z.enum(['central', 'allied']);

export const victoryFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  /** Japan's solo victory: what it collected in the last phase 14 (A14, D-VIC-4). */
  japan: z.strictObject({ nation: id, collected: z.number().int().min(1), clauses }),
  /**
   * The nations the Allies must have beaten (surrendered or conquered): always, unless the nation is on
   * `requiredUnlessSide` at the end; or only if it is on `requiredIfSide`. Germany may instead lose one territory
   * of its homeland, held and incorporated by an Allied nation.
   */
  alliedConditions: z
    .array(
      z.strictObject({
        nation: id,
        requiredUnlessSide: side.optional(),
        requiredIfSide: side.optional(),
        orHomelandTerritory: z.boolean().optional(),
        clauses,
      }),
    )
    .min(1),
  /** The territories of homeland Germany (GW-VICTORY-05, gap G07): Germany's 1914 territories in Europe. */
  homelandGermany: z.array(id).min(1),
});
export type VictoryFile = z.infer<typeof victoryFileSchema>;

let parsed: VictoryFile | undefined;
/** data/victory.json, checked on first use. */
export function victoryData(): VictoryFile {
  parsed ??= victoryFileSchema.parse(victoryJson);
  return parsed;
}

/** Who a nation's defeat is read from: surrender (src/surrender.ts) and conquest (state.conquered). */
export type Surrendered = (state: GreatWarState, nation: string) => boolean;

/** Whether a nation is beaten: it has surrendered or been conquered (GW-VICTORY-03..05). */
export function beaten(state: GreatWarState, nation: string, surrendered: Surrendered = hasSurrendered): boolean {
  return isConquered(state, nation) || surrendered(state, nation);
}

/** The seats of a side at the end, Japan never among them: it is allied with neither (GW-VICTORY-11, D-VIC-5). */
export function sideSeats(state: GreatWarState, s: 'allied' | 'central'): string[] {
  const japan = victoryData().japan.nation;
  return state.nations.filter((n) => n.seat && n.side === s && n.id !== japan).map((n) => n.id);
}

/** The major nations that make up a side for conquest (GW-VICTORY-01): its members, Japan never among them. */
function sideMajors(state: GreatWarState, s: 'allied' | 'central'): string[] {
  const japan = victoryData().japan.nation;
  return state.nations.filter((n) => n.side === s && n.id !== japan).map((n) => n.id);
}

/** The homeland-German territories held and incorporated by a nation of the Allied side, Japan excluded (GW-VICTORY-05, D-VIC-3). */
export function alliedHomelandHolds(state: GreatWarState): string[] {
  const allies = new Set(sideMajors(state, 'allied'));
  for (const m of state.minors) if (m.side === 'allied') allies.add(m.id);
  return victoryData().homelandGermany.filter((t) => {
    const hold = state.board.territories[t];
    return hold !== undefined && hold.incorporated && allies.has(hold.owner);
  });
}

/** One Allied condition at the end of play, for the summary. */
export type AlliedCondition = { nation: string; required: boolean; met: boolean; how: string };

/** The historical Allied conditions (GW-VICTORY-03..10), each with whether it applies and is met. */
export function alliedConditions(state: GreatWarState, surrendered: Surrendered = hasSurrendered): AlliedCondition[] {
  return victoryData().alliedConditions.map((c) => {
    const s = state.nations.find((n) => n.id === c.nation)?.side;
    const required = c.requiredIfSide !== undefined ? s === c.requiredIfSide : s !== c.requiredUnlessSide;
    const name = nationName(state, c.nation);
    if (!required) return { nation: c.nation, required, met: true, how: `${name} need not be beaten (${s === 'allied' ? 'it fights with the Allies' : 'it did not join the Central Powers'})` };
    if (isConquered(state, c.nation)) return { nation: c.nation, required, met: true, how: `${name} is conquered` };
    if (surrendered(state, c.nation)) return { nation: c.nation, required, met: true, how: `${name} has surrendered` };
    const held = c.orHomelandTerritory ? alliedHomelandHolds(state) : [];
    if (held.length) return { nation: c.nation, required, met: true, how: `the Allies hold and have incorporated ${held.join(', ')} in homeland ${name}` };
    return { nation: c.nation, required, met: false, how: `${name} has neither surrendered nor been conquered${c.orHomelandTerritory ? ', and the Allies hold no incorporated territory of its homeland' : ''}` };
  });
}

/** A side conquered whole: every one of its major nations beaten (GW-VICTORY-01, D-VIC-2). */
function conqueredSide(state: GreatWarState, s: 'allied' | 'central', surrendered: Surrendered): boolean {
  const members = sideMajors(state, s);
  return members.length > 0 && members.some((n) => isConquered(state, n)) && members.every((n) => beaten(state, n, surrendered));
}

/**
 * Whether the game has ended before `nextTurn` begins, and who won. `surrendered` reads surrender; the default is
 * the surrender rules' own `hasSurrendered` (tests may pass another).
 */
export function judgeVictory(state: GreatWarState, nextTurn: number, surrendered: Surrendered = hasSurrendered): GameResult | null {
  const calendar = scenarioData(state.scenario).calendar;
  const ended = Math.min(nextTurn - 1, calendar.turns);
  for (const [loser, winner] of [['central', 'allied'], ['allied', 'central']] as const) {
    if (!conqueredSide(state, loser, surrendered) || sideMajors(state, winner).length === 0) continue;
    const names = (s: 'allied' | 'central') => sideMajors(state, s).map((n) => nationName(state, n)).join(', ');
    return {
      winners: sideSeats(state, winner),
      summary: `${winner === 'allied' ? 'The Allies' : 'The Central Powers'} (${names(winner)}) win outright after turn ${ended} (${turnLabel(calendar, ended)}): every nation of the other side (${names(loser)}) is beaten.`,
    };
  }
  if (!calendarOver(calendar, nextTurn)) return null;
  const end = `The war ends after turn ${calendar.turns} (${turnLabel(calendar, calendar.turns)})`;
  const { japan } = victoryData();
  const jp = state.nations.find((n) => n.id === japan.nation);
  if (jp && jp.ledger.collected >= japan.collected) {
    return {
      winners: jp.seat ? [jp.id] : [],
      summary: `${end}. ${jp.name} wins alone, collecting ${jp.ledger.collected} resources (${japan.collected} or more); the Allies and the Central Powers both lose.`,
    };
  }
  const conditions = alliedConditions(state, surrendered);
  const failed = conditions.filter((c) => c.required && !c.met);
  if (!failed.length) {
    return { winners: sideSeats(state, 'allied'), summary: `${end}. The Allies win: ${conditions.map((c) => c.how).join('; ')}.` };
  }
  return { winners: sideSeats(state, 'central'), summary: `${end}. The Central Powers win: ${failed.map((c) => c.how).join('; ')}.` };
}
