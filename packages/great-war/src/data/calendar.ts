import type { Calendar } from './schema.js';

/**
 * The turn calendar (GW-MISC-01, GW-MISC-02, gap G24): each turn stands for `monthsPerTurn` months, turn 1
 * starting in `firstMonth` of `firstYear`. The engine's clock holds the turn number; this gives its dates.
 */

export interface MonthOfYear {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
}

function monthAt(calendar: Calendar, offset: number): MonthOfYear {
  const index = calendar.firstMonth - 1 + offset;
  return { year: calendar.firstYear + Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first and last month a turn stands for. */
export function turnMonths(calendar: Calendar, turn: number): { readonly first: MonthOfYear; readonly last: MonthOfYear } {
  const start = (turn - 1) * calendar.monthsPerTurn;
  return { first: monthAt(calendar, start), last: monthAt(calendar, start + calendar.monthsPerTurn - 1) };
}

/** 'August-September 1914', 'December 1914 - January 1915', or 'March 1915' for one-month turns. */
export function turnLabel(calendar: Calendar, turn: number): string {
  const { first, last } = turnMonths(calendar, turn);
  const name = (m: MonthOfYear) => calendar.monthNames[m.month - 1]!;
  if (first.year === last.year && first.month === last.month) return `${name(first)} ${first.year}`;
  if (first.year === last.year) return `${name(first)}-${name(last)} ${last.year}`;
  return `${name(first)} ${first.year} - ${name(last)} ${last.year}`;
}

/** Whether the game is over before `nextTurn` begins. */
export const calendarOver = (calendar: Calendar, nextTurn: number) => nextTurn > calendar.turns;
