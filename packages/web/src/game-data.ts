import type { GameRecord, Json, MapSheet, Problem, RulesetTools, StepInfo } from '@umpire/engine';
import { toolsOf } from '@umpire/rulesets';

/**
 * The game as the server shows this reader: its record (a seat's own record, or the public one) and its views of the
 * states (the ruleset's view: the seat's own secrets, the other seats' withheld). Nothing is replayed in the browser:
 * the server works out every state from the whole record and sends each reader only what its seat may see.
 */

/** The step open for orders and the state it starts from, as the seat sees it (its view). */
export interface OpenStep {
  readonly step: StepInfo;
  readonly state: Json;
}

/** What the page holds of a game: the reader's record, the last resolved turn, and the step open for orders. */
export interface GameData {
  readonly record: GameRecord;
  readonly lastTurn: number;
  readonly open?: OpenStep;
}

/** A phase's name for people: 'land-combat' → 'land combat'. */
export const phaseLabel = (phase: string): string => phase.replace(/-/g, ' ');

/** The tools of the ruleset a record is played under (its map, its charts), from the registry of installed rulesets. */
export function toolsFor(record: GameRecord): RulesetTools {
  const tools = toolsOf(record.header.ruleset.id);
  if (!tools) throw new Error(`this client does not know the ruleset ${record.header.ruleset.id}`);
  return tools;
}

/** The sheets a ruleset's map offers, the first the one a reader sees first. */
export const sheetsOf = (tools: RulesetTools): readonly MapSheet[] => tools.map?.sheets ?? [];

/** The map of a state (a view) as SVG text, the turn's battles marked. */
export function mapSvg(tools: RulesetTools, state: Json, title: string, sheet: string, marks: readonly string[] = []): string {
  if (!tools.map) throw new Error(`${tools.ruleset.title} has no map picture`);
  const drawn = tools.map.draw(state, { title, marks, width: 1600, sheet });
  if (!drawn.ok) throw new Error(`the map cannot be drawn: ${drawn.error.map((p) => p.message).join('; ')}`);
  return drawn.value;
}

/** Orders text checked in the browser with the ruleset, as the server will check it. */
export function checkOrderText(tools: RulesetTools, text: string, open: OpenStep, seat: string): readonly Problem[] {
  const parsed = tools.ruleset.parseOrders(text, { state: open.state, seat, step: open.step });
  return parsed.ok ? [] : parsed.error;
}

/** "The opening" for turn 0, else the ruleset's label ("Turn 2, September 1914"). */
export function turnTitle(tools: RulesetTools, state: Json, turn: number): string {
  return turn === 0 ? 'The opening, before turn 1' : (tools.ruleset.turnLabel?.(turn, state) ?? `Turn ${turn}`);
}

/** An order the seat may give now (the ruleset's first legal action), to show what the order language looks like. */
export function exampleOrder(tools: RulesetTools, open: OpenStep, seat: string): string | undefined {
  const { ruleset } = tools;
  const ctx = { state: open.state, seat, step: open.step };
  const first = ruleset.legalActions(ruleset.emptyOrders(ctx), ctx)[0];
  return first ? ruleset.formatOrders(first.next, ctx).trim() : undefined;
}

export type { AreaFacts, ClickOffer } from '@umpire/engine';

/** An offered order's text with another count: "move 5 infantry from Paris to Amiens" with 3 moves 3. */
export function withCount(label: string, count: number): string {
  return label.replace(/^(\w+) \d+/, `$1 ${count}`);
}

/** The orders of a text, one a line, with their line numbers (blank lines and comments left out). */
export function orderLines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((t, i) => ({ line: i + 1, text: t.replace(/#.*$/, '').trim() }))
    .filter((l) => l.text.length > 0);
}

/** A text with one more order line at its end. */
export function appendLine(text: string, line: string): string {
  const body = text.replace(/\s+$/, '');
  return body ? `${body}\n${line}\n` : `${line}\n`;
}

/** A text with one line (1-based) taken out. */
export function removeLine(text: string, line: number): string {
  const lines = text.split('\n');
  lines.splice(line - 1, 1);
  return lines.join('\n');
}
