import type { GameResult } from '@umpire/engine';
import { calendarOver, turnLabel } from './calendar.js';
import { scenarioData } from './data.js';
import type { GreatWarState } from './nations.js';

/** Victory (GW-VICTORY, GW-MISC-04): conquest, the historical Allied conditions at the end of turn 26, Japan's solo win. */

/** Whether the game has ended before `nextTurn` begins, and who won. */
export function judgeVictory(state: GreatWarState, nextTurn: number): GameResult | null {
  const calendar = scenarioData(state.scenario).calendar;
  if (!calendarOver(calendar, nextTurn)) return null;
  return {
    winners: [],
    summary: `The war ends after turn ${calendar.turns} (${turnLabel(calendar, calendar.turns)}). Victory conditions are judged by a later part of the ruleset; no winner is declared yet.`,
  };
}
