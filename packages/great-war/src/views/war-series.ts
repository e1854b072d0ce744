import type { GameRecord, Position } from '@umpire/engine';
import { sideOf } from '../base/conquest.js';
import { scenarioData, unitTable } from '../data/load.js';
import { turnLabel } from '../data/calendar.js';
import { nationOf, type GreatWarState } from '../base/nations.js';

/**
 * The war turn by turn, for charts and for the balance lab: each nation's treasury and production, the US Entry
 * track, and what each camp lost. Index 0 is the opening (before turn 1); index i the state after turn i.
 */
export interface WarSeries {
  readonly turns: readonly number[];
  /** 'opening', then the months each turn covers ('August-September 1914'), from the scenario's calendar. */
  readonly labels: readonly string[];
  readonly nations: readonly { readonly id: string; readonly name: string }[];
  /** Treasury after the turn (the opening treasury at index 0). */
  readonly treasury: Readonly<Record<string, readonly number[]>>;
  /** Resources collected in the turn's phase 14 (0 at the opening). */
  readonly production: Readonly<Record<string, readonly number[]>>;
  /** The camp each nation stood in after the turn. */
  readonly side: Readonly<Record<string, readonly string[]>>;
  /** The US Entry track after the turn. */
  readonly usEntry: readonly number[];
  /** Units each camp lost in the turn, in the resources they cost to build (units never bought count 0). */
  readonly lossesValue: Readonly<Record<string, readonly number[]>>;
  /** Units each camp lost in the turn, counted. */
  readonly lossesCount: Readonly<Record<string, readonly number[]>>;
  /** Each nation neutral at the opening that entered the war: the turn and the side it first joined ('joined-side'). */
  readonly entries: Readonly<Record<string, { readonly turn: number; readonly side: string }>>;
  /** The turn the Russian Revolution began ('revolution-begins'), or null while it has not. */
  readonly revolutionTurn: number | null;
}

const CAMPS = ['allied', 'central', 'neutral'] as const;

/**
 * The series of a game from its record and the position after each resolved turn (engine `recordPositions`
 * gives both the opening and `afterTurn`).
 */
export function warSeries(record: GameRecord, opening: Position, afterTurn: ReadonlyMap<number, Position>): WarSeries {
  const turns = [0, ...[...afterTurn.keys()].sort((a, b) => a - b)];
  const states = turns.map((t) => (t === 0 ? opening : afterTurn.get(t)!).state as unknown as GreatWarState);
  const first = states[0]!;
  const nations = first.nations.map((n) => ({ id: n.id, name: n.name }));
  const per = <T>(fn: (state: GreatWarState, i: number, id: string) => T) => Object.fromEntries(nations.map((n) => [n.id, states.map((s, i) => fn(s, i, n.id))]));
  const cost = new Map(unitTable().list.map((u) => [u.id as string, u.cost ?? 0]));
  const lossesValue: Record<string, number[]> = Object.fromEntries(CAMPS.map((c) => [c, turns.map(() => 0)]));
  const lossesCount: Record<string, number[]> = Object.fromEntries(CAMPS.map((c) => [c, turns.map(() => 0)]));
  const entries: Record<string, { turn: number; side: string }> = {};
  let revolutionTurn: number | null = null;
  for (const step of record.steps) {
    if (step.status !== 'resolved') continue;
    const i = turns.indexOf(step.turn);
    if (i < 0) continue;
    // The loser's camp as the turn began: a nation that changed sides in the turn lost its units in the old camp.
    const before = states[i - 1] ?? first;
    for (const e of step.events) {
      const nation = e['nation'];
      if (e.type === 'losses' && typeof nation === 'string') {
        const camp = sideOf(before, nation) ?? 'neutral';
        const units = (e['units'] ?? {}) as Record<string, number>;
        for (const [type, n] of Object.entries(units)) {
          lossesCount[camp]![i]! += n;
          lossesValue[camp]![i]! += n * (cost.get(type) ?? 0);
        }
      }
      if (e.type === 'joined-side' && typeof nation === 'string' && !entries[nation] && sideOf(first, nation) === 'neutral') {
        entries[nation] = { turn: step.turn, side: String(e['side']) };
      }
      if (e.type === 'revolution-begins' && revolutionTurn === null) revolutionTurn = step.turn;
    }
  }
  return {
    turns,
    labels: turns.map((t) => (t === 0 ? 'opening' : turnLabel(scenarioData(first.scenario).calendar, t))),
    nations,
    treasury: per((s, _i, id) => nationOf(s, id)?.treasury ?? 0),
    production: per((s, i, id) => (i === 0 ? 0 : (nationOf(s, id)?.ledger.collected ?? 0))),
    side: per((s, _i, id) => nationOf(s, id)?.side ?? 'neutral'),
    usEntry: states.map((s) => s.politics.usEntry),
    lossesValue,
    lossesCount,
    entries,
    revolutionTurn,
  };
}
