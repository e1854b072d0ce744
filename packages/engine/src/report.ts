import { canonicalJson, type Json } from './canonical.js';
import type { Position } from './game.js';
import { replay, type Mismatch } from './verify.js';
import { receiptOf } from './anchors.js';
import type { GameRecord, StepRecord } from './record.js';
import { currentStep } from './sequence.js';
import type { AnyRuleset, GameEvent, ReportSection, SeatId } from './ruleset.js';

/**
 * Turn reports. A seat sees its own orders in full, every event visible to it, every roll with its purpose,
 * the dice proof of each step (commitment, revealed secret, seed) and the ruleset's view of the state after
 * the turn. Without a seat the report is the umpire's view: everything; with `public` and no seat it is what a
 * visitor may see: events every seat sees, order receipts, and the ruleset's public view of the state.
 */
export type ReportFormat = 'text' | 'markdown' | 'json';

export interface TurnReport {
  readonly game: string;
  readonly ruleset: string;
  readonly turn: number;
  readonly title: string;
  readonly seat?: SeatId;
  readonly steps: readonly {
    readonly id: string;
    readonly status: StepRecord['status'];
    readonly commitment?: string;
    readonly secret?: string;
    readonly seed?: string;
    /** `receipt`: what the seat was given for its orders (anchors.ts); the order hash in records of format 1. */
    readonly orders: readonly { readonly seat: SeatId; readonly source: string; readonly orderHash: string; readonly receipt: string; readonly orders?: Json; readonly text?: string }[];
    /** `rules`: the ids of the rule book's rules the event applied (Ruleset.eventRules), for links to the rule book. */
    readonly events: readonly (GameEvent & { readonly text: string; readonly rules?: readonly string[] })[];
  }[];
  readonly sections: readonly ReportSection[];
  readonly result?: { readonly winners: readonly string[]; readonly summary: string };
}

const visible = (e: GameEvent, seat: SeatId | undefined) => seat === undefined || e.visibleTo === undefined || e.visibleTo.includes(seat);

export function describeEventGeneric(e: GameEvent): string {
  switch (e.type) {
    case 'roll':
      return `d${String(e.sides)} rolled ${String(e.value)}: ${String(e.purpose)}`;
    case 'phase':
      return `— ${String(e.phase)} —`;
    case 'no-orders':
      return `No orders from ${String(e.seat)}: its empty orders stand.`;
    case 'decision':
      return `${String(e.seat)} decides ${String(e.kind)}: ${canonicalJson(e.answer ?? null)} (${String(e.source)})`;
    default: {
      const { type, visibleTo: _v, ...rest } = e;
      return `${type}: ${canonicalJson(rest as Json)}`;
    }
  }
}

/** The events without the headings of phases in which the reader sees nothing happen. */
function withoutEmptyPhases(events: readonly GameEvent[]): GameEvent[] {
  return events.filter((e, i) => e.type !== 'phase' || (i + 1 < events.length && events[i + 1]!.type !== 'phase'));
}

/** The positions a record passes through, from one replay: shared by every report of a game. */
export interface RecordPositions {
  /** The position each step starts from, by step id. */
  readonly before: ReadonlyMap<string, Position>;
  /** The position after the last resolved step of each turn. */
  readonly afterTurn: ReadonlyMap<number, Position>;
  /** Where the game stands now (after the last resolved step). */
  readonly current?: Position;
  /** The first thing in the record that does not replay; then `current` is where replay stopped, not where the game is. */
  readonly mismatch?: Mismatch;
}

export function recordPositions(ruleset: AnyRuleset, record: GameRecord): RecordPositions {
  const afterTurn = new Map<number, Position>();
  const before = new Map<string, Position>();
  const checked = replay(ruleset, record, {
    onStep: (_i, step, start, after) => {
      before.set(step.id, start);
      afterTurn.set(step.turn, after);
    },
  });
  return { before, afterTurn, ...(checked.game ? { current: checked.game.position } : {}), ...(checked.mismatch ? { mismatch: checked.mismatch } : {}) };
}

/**
 * Build the report of one turn (default: the last turn with a resolved step) for a seat or for the umpire.
 * Pass `positions` when writing several reports of one game, so that the record is replayed once.
 */
export function buildTurnReport(
  ruleset: AnyRuleset,
  record: GameRecord,
  opts: { readonly turn?: number; readonly seat?: SeatId; readonly public?: boolean; readonly positions?: RecordPositions } = {},
): TurnReport {
  const { before, afterTurn, current } = opts.positions ?? recordPositions(ruleset, record);
  const resolvedTurns = record.steps.filter((s) => s.status === 'resolved').map((s) => s.turn);
  const turn = opts.turn ?? (resolvedTurns.length ? Math.max(...resolvedTurns) : 1);
  const seat = opts.seat;
  const describe = (e: GameEvent) => ruleset.describeEvent?.(e) ?? describeEventGeneric(e);
  const rulesOf = (e: GameEvent) => {
    const rules = ruleset.eventRules?.(e) ?? [];
    return rules.length ? { rules: [...rules] } : {};
  };
  const steps = record.steps
    .map((s, index) => ({ s, index }))
    .filter(({ s }) => s.turn === turn)
    .map(({ s, index }) => ({
      id: s.id,
      status: s.status,
      ...(s.commitment ? { commitment: s.commitment } : {}),
      ...(s.secret ? { secret: s.secret } : {}),
      ...(s.seed ? { seed: s.seed } : {}),
      orders: s.submissions.map((sub) => {
        // A seat sees its own orders; of the others only their receipts. What others did reaches it through the
        // events it can see. The umpire (no seat) sees everything.
        const show = (seat === undefined && !opts.public) || sub.seat === seat;
        return {
          seat: sub.seat,
          source: sub.source,
          orderHash: sub.orderHash,
          receipt: receiptOf(record, index, sub),
          ...(show ? { orders: sub.orders, ...textOf(ruleset, sub.orders, sub.seat, s, before.get(s.id) ?? current) } : {}),
        };
      }),
      events: withoutEmptyPhases(s.events.filter((e) => (opts.public && seat === undefined ? e.visibleTo === undefined : visible(e, seat)))).map((e) => ({ ...e, text: describe(e), ...rulesOf(e) })),
    }));
  // After the turn; for a turn still open, the position it starts from.
  const position = afterTurn.get(turn) ?? current;
  const sections = position && ruleset.describeState ? ruleset.describeState(position.state, seat) : [];
  return {
    game: record.header.gameId,
    ruleset: `${record.header.ruleset.id} ${record.header.ruleset.version}`,
    turn,
    title: (position && ruleset.turnLabel?.(turn, position.state)) ?? `Turn ${turn}`,
    ...(seat ? { seat } : {}),
    steps,
    sections,
    ...(record.result && turn === Math.max(0, ...resolvedTurns) ? { result: record.result } : {}),
  };
}

/** The text form of orders, as the player would have typed them. */
function textOf(ruleset: AnyRuleset, orders: Json, seat: SeatId, step: StepRecord, start: Position | undefined): { text?: string } {
  if (!start) return {};
  const plan = ruleset.turnPlan(start.state, start.clock.turn);
  const info = currentStep(plan, start.clock);
  if (!info || info.id !== step.id) return {};
  return { text: ruleset.formatOrders(orders, { state: start.state, seat, step: info }) };
}

/**
 * How a report names the rules an event applied: with `ruleBookUrl` (the address of a ruleset's rule book page, whose
 * anchors are the rule ids) each id is a link in Markdown and the text says where the book is; without it the report
 * says that `umpire rules <ruleset> book --id ID` tells each.
 */
export interface ReportRenderOptions {
  readonly ruleBookUrl?: (ruleset: string) => string;
}

export function renderTurnReport(report: TurnReport, format: ReportFormat, opts: ReportRenderOptions = {}): string {
  if (format === 'json') return JSON.stringify(report, null, 2);
  const md = format === 'markdown';
  const rulesetId = report.ruleset.split(' ')[0]!;
  const ruleIds = (ids: readonly string[]) =>
    ids.map((id) => (md && opts.ruleBookUrl ? `[${id}](${opts.ruleBookUrl(rulesetId)}#${id})` : md ? `\`${id}\`` : id)).join(', ');
  const out: string[] = [];
  const h = (level: number, text: string) => out.push(md ? `${'#'.repeat(level)} ${text}` : level === 1 ? `${text}\n${'='.repeat(text.length)}` : `${text}\n${'-'.repeat(text.length)}`);
  h(1, `${report.game}: ${report.title}${report.seat ? ` — report for ${report.seat}` : ''}`);
  out.push(`${md ? '_' : ''}${report.ruleset}${md ? '_' : ''}`, '');
  for (const step of report.steps) {
    h(2, `Step ${step.id} (${step.status})`);
    out.push('');
    out.push(md ? '**Orders**' : 'Orders:');
    for (const o of step.orders) {
      const head = `${o.seat}${o.source === 'default' ? ' (no orders received)' : ''}, receipt ${o.receipt.slice(0, 16)}`;
      if (o.text === undefined) out.push(`${md ? '- ' : '  '}${head}`);
      else {
        const body = o.text.trim() === '' ? '(nothing)' : o.text.trim();
        out.push(`${md ? '- ' : '  '}${head}:`);
        for (const line of body.split('\n')) out.push(`${md ? '    ' : '      '}${line}`);
      }
    }
    out.push('');
    out.push(md ? '**What happened**' : 'What happened:');
    if (step.events.length === 0) out.push(md ? '- nothing' : '  nothing');
    for (const e of step.events) {
      out.push(`${md ? '- ' : '  '}${e.text}`);
      if (e.rules?.length) out.push(`${md ? '  - ' : '      '}rules: ${ruleIds(e.rules)}`);
    }
    out.push('');
    if (step.commitment) {
      out.push(md ? '**Dice proof**' : 'Dice proof:');
      out.push(`${md ? '- ' : '  '}commitment ${step.commitment}`);
      out.push(`${md ? '- ' : '  '}secret     ${step.secret ?? '(revealed when the step is resolved)'}`);
      if (step.seed) out.push(`${md ? '- ' : '  '}seed       ${step.seed}`);
      out.push('');
    }
  }
  for (const section of report.sections) {
    h(2, section.title);
    out.push('');
    for (const line of section.lines ?? []) out.push(md ? line : `  ${line}`);
    if (section.table) out.push(...renderTable(section.table.columns, section.table.rows, md));
    out.push('');
  }
  if (report.result) {
    h(2, 'The game is over');
    out.push('', report.result.summary, '');
  }
  if (report.steps.some((s) => s.events.some((e) => e.rules?.length))) {
    const where = opts.ruleBookUrl ? `at ${opts.ruleBookUrl(rulesetId)}` : `(umpire rules ${rulesetId} book --id ID)`;
    out.push(`${md ? '_' : ''}The rules named are in the game's rule book ${where}.${md ? '_' : ''}`, '');
  }
  return out.join('\n');
}

export function renderTable(columns: readonly string[], rows: readonly (readonly (string | number)[])[], markdown: boolean): string[] {
  const cells = rows.map((r) => r.map((c) => String(c)));
  if (markdown) {
    return [`| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`, ...cells.map((r) => `| ${r.join(' | ')} |`)];
  }
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) => `  ${r.map((c, i) => (/^-?\d+$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`.trimEnd();
  return [line(columns), `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`, ...cells.map(line)];
}
