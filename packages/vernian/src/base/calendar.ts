import { ruleNumbers } from '../data/files.js';

/**
 * Clauses: VB-TURN-01, VB-TURN-02, VB-TURN-03, VB-TURN-04, VV-GEN-05, VV-GEN-19, VV-GEN-20.
 * The calendar: Operational Turns numbered from 1, three to a Strategic Turn (A to G), each a week from the week of
 * 4 May 1914. The engine's turn is the Operational Turn.
 */

export interface TurnDate {
  /** The Operational Turn, from 1. */
  readonly operational: number;
  /** The Strategic Turn's letter and its place in the game (0 for A). */
  readonly strategic: string;
  readonly strategicIndex: number;
  /** 1, 2 or 3: which Operational Turn of its Strategic Turn. */
  readonly within: number;
  /** The Monday the week starts, yyyy-mm-dd. */
  readonly monday: string;
}

/** How many Operational Turns the game plays. */
export function lastOperationalTurn(): number {
  const c = ruleNumbers().calendar;
  return c.strategicTurns.length * c.operationalPerStrategic;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  // Day arithmetic on a proleptic Gregorian calendar, without the clock: days since 1 March of year 0.
  const a = m <= 2 ? 1 : 0;
  const yy = y - a;
  const mm = m + 12 * a - 3;
  const n = 365 * yy + Math.floor(yy / 4) - Math.floor(yy / 100) + Math.floor(yy / 400) + Math.floor((153 * mm + 2) / 5) + d - 1 + days;
  let year = Math.floor((10000 * n + 14780) / 3652425);
  let day = n - (365 * year + Math.floor(year / 4) - Math.floor(year / 100) + Math.floor(year / 400));
  if (day < 0) {
    year -= 1;
    day = n - (365 * year + Math.floor(year / 4) - Math.floor(year / 100) + Math.floor(year / 400));
  }
  const mi = Math.floor((100 * day + 52) / 3060);
  const month = ((mi + 2) % 12) + 1;
  year += Math.floor((mi + 2) / 12);
  const dd = day - Math.floor((mi * 306 + 5) / 10) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

export function turnDate(operational: number): TurnDate {
  const c = ruleNumbers().calendar;
  const strategicIndex = Math.floor((operational - 1) / c.operationalPerStrategic);
  return {
    operational,
    strategic: c.strategicTurns[strategicIndex] ?? c.codes[c.codes.indexOf(c.strategicTurns[0]!) + strategicIndex] ?? '?',
    strategicIndex,
    within: ((operational - 1) % c.operationalPerStrategic) + 1,
    monday: addDays(c.firstWeek, 7 * (operational - 1)),
  };
}

/** 'Strategic Turn A, Operational Turn 1: the week of 4 May 1914'. */
export function turnTitle(operational: number): string {
  const t = turnDate(operational);
  const [y, m, d] = t.monday.split('-').map(Number) as [number, number, number];
  return `Strategic Turn ${t.strategic}, Operational Turn ${operational}: the week of ${d} ${MONTHS[m - 1]} ${y}`;
}

/** Whether this Operational Turn opens a Strategic Turn (its Strategic phases run first). */
export const opensStrategicTurn = (operational: number): boolean => turnDate(operational).within === 1;

/** The place of a reinforcement letter among the Strategic Turns (A is 0); undefined for a code that is not a letter. */
export function codeIndex(code: string): number | undefined {
  const i = ruleNumbers().calendar.codes.indexOf(code);
  return i < 0 ? undefined : i;
}
