import type { OrdersInput } from '../admission.js';
import type { Json } from '../canonical.js';
import { answerDecision, awaiting, createGame, openStep, resolveStep, submitOrders, type Game } from '../game.js';
import { closestName, formatProblems, type Problem } from '../problems.js';
import { err, ok, type Result } from '../result.js';
import type { AnyRuleset, GameEvent } from '../ruleset.js';
import { replay } from '../verify.js';
import { clausesOf, parseRuleCase, type CaseStep, type EventPattern, type RuleCase, type SeatOrders } from './case-schema.js';
import { assignEvents, closestEvent, differences, matches, sequenceEvents, shortJson } from './match.js';
import { withOpeningEdits } from './opening.js';
import { parsePointer, selectAll, type Edit } from './pointer.js';

/** An expectation of a case that the game did not meet: where the case says it, what it wanted, what was found. */
export interface CaseFailure {
  /** The JSON path of the expectation in the case file: "$.steps[0].expect.events[1]". */
  readonly path: string;
  readonly message: string;
  /** What the game did instead: the closest event of the type expected, the value found, the problems given. */
  readonly found?: string;
}

export interface CaseReport<S = Json> {
  readonly title: string;
  /** The clause ids the title names. */
  readonly clauses: readonly string[];
  readonly passed: boolean;
  /** How many expectations the case states (events, event counts, absent events, state values, refusals). */
  readonly expectations: number;
  readonly failures: readonly CaseFailure[];
  /** The steps played, with their events (rolls included). */
  readonly steps: readonly { readonly id: string; readonly events: readonly GameEvent[] }[];
  /** The game as the case left it, for a test that checks more than the case says. */
  readonly game: Game<S>;
}

export interface RunCaseOptions {
  /** Every event type the ruleset emits: an expectation of another type is a problem of the case, with the closest. */
  readonly eventTypes?: readonly string[];
}

const ordersInput = (orders: SeatOrders): OrdersInput => (typeof orders === 'string' ? { text: orders } : Array.isArray(orders) ? { text: orders.join('\n') } : { json: orders.json });
const seatPath = (base: string, seat: string) => `${base}${/^[A-Za-z_$][\w$]*$/.test(seat) ? `.${seat}` : `[${JSON.stringify(seat)}]`}`;
const patternText = (p: EventPattern) => shortJson(p);

/** Where createGame's problems lie in a case file. */
function relocate(p: Problem): Problem {
  if (p.code === 'unknown-scenario') return { ...p, path: '$.start.scenario' };
  if (p.path?.startsWith('$.options')) return { ...p, path: `$.start${p.path.slice(1)}` };
  if (p.path === '$.dice.script') return { ...p, path: '$.dice' };
  return p;
}

/** Problems of a case found before anything is played: the ruleset's name, event types unknown to the ruleset. */
function staticProblems(ruleset: AnyRuleset, c: RuleCase, opts: RunCaseOptions): Problem[] {
  const problems: Problem[] = [];
  if (c.ruleset !== ruleset.id) problems.push({ code: 'wrong-ruleset', message: `this case is for '${c.ruleset}', not '${ruleset.id}'`, path: '$.ruleset' });
  const known = opts.eventTypes;
  if (known) {
    c.steps.forEach((s, i) => {
      const patterns = [
        ...(s.expect?.events ?? []).map((p, k) => [p, `events[${k}]`] as const),
        ...(s.expect?.eventCounts ?? []).map((c, k) => [c.match, `eventCounts[${k}].match`] as const),
        ...(s.expect?.noEvents ?? []).map((p, k) => [p, `noEvents[${k}]`] as const),
      ];
      for (const [p, where] of patterns) {
        if (known.includes(p.type)) continue;
        const suggestion = closestName(p.type, known);
        problems.push({ code: 'unknown-event-type', message: `${ruleset.id} emits no '${p.type}' event`, path: `$.steps[${i}].expect.${where}.type`, ...(suggestion ? { suggestion } : {}) });
      }
    });
  }
  return problems;
}

/**
 * Play a rule case and check what it expects. A case that cannot be read or played as written (a misspelled field,
 * seat or scenario, an edit that does not fit the opening, orders for a seat the step does not wait for) gives its
 * located problems; otherwise the report lists every expectation the game did not meet, each with its JSON path in
 * the case and what was found instead. Orders the case gives that the ruleset refuses, dice that run out, a decision
 * left unanswered or a game that ends early stop the play, and are failures too.
 */
export function runCase<S extends Json = Json>(ruleset: AnyRuleset, input: unknown, opts: RunCaseOptions = {}): Result<CaseReport<S>, Problem[]> {
  const parsed = parseRuleCase(input);
  if (!parsed.ok) return parsed;
  const c = parsed.value;
  const early = staticProblems(ruleset, c, opts);
  if (early.length) return err(early);
  const edits: Edit[] = (c.start?.edits ?? []).map((e) => (e.set !== undefined ? { set: e.set, value: e.value! } : e.add !== undefined ? { add: e.add, value: e.value! } : { remove: e.remove! }));
  const played = withOpeningEdits(ruleset, edits, (i) => `$.start.edits[${i}]`);
  const created = createGame<S>(played, {
    gameId: 'case',
    ...(c.start?.scenario !== undefined ? { scenario: c.start.scenario } : {}),
    options: c.start?.options ?? {},
    dice: { mode: 'scripted', script: c.dice ?? [] },
    decisions: c.start?.decisions ?? 'standing',
  });
  if (!created.ok) return err(created.error.map(relocate));
  const run = new CaseRun<S>(played, c, created.value);
  const problems = run.play();
  if (problems.length) return err(problems);
  return ok({
    title: c.title,
    clauses: clausesOf(c.title),
    passed: run.failures.length === 0,
    expectations: c.steps.reduce((n, s) => n + (s.refused?.length ?? 0) + (s.expect?.events?.length ?? 0) + (s.expect?.eventCounts?.length ?? 0) + (s.expect?.noEvents?.length ?? 0) + (s.expect?.state?.length ?? 0), 0),
    failures: run.failures,
    steps: run.steps,
    game: run.game,
  });
}

/** One play of a case: the game so far, the failures found, the steps played. */
class CaseRun<S> {
  readonly failures: CaseFailure[] = [];
  readonly steps: { id: string; events: readonly GameEvent[] }[] = [];

  constructor(
    private readonly ruleset: AnyRuleset,
    private readonly c: RuleCase,
    public game: Game<S>,
  ) {}

  private fail(path: string, message: string, found?: string): void {
    this.failures.push({ path, message, ...(found !== undefined ? { found } : {}) });
  }

  /** Play every step; the problems of the case itself, if any (the failures are kept). */
  play(): Problem[] {
    for (const [i, s] of this.c.steps.entries()) {
      const outcome = this.playStep(s, `$.steps[${i}]`);
      if (outcome === 'stop') return [];
      if (outcome !== 'played') return outcome;
    }
    const rolled = this.game.record.steps.reduce((n, st) => n + st.events.filter((e) => e.type === 'roll').length, 0);
    const script = this.c.dice?.length ?? 0;
    if (rolled < script) this.fail('$.dice', `every die of the script is rolled, but ${script - rolled} of ${script} were not`, `the steps rolled ${rolled}: ${this.rollsText()}`);
    if (this.c.replay !== false) {
      const check = replay(this.ruleset, this.game.record);
      if (!check.ok) this.fail('$.replay', 'the record replays to the same states, events and hashes', check.mismatch ? `${check.mismatch.path}: ${check.mismatch.message}` : 'it does not');
    }
    return [];
  }

  private rollsText(): string {
    const rolls = this.game.record.steps.flatMap((st) => st.events.filter((e) => e.type === 'roll').map((e) => `${String(e['purpose'])} = ${String(e['value'])}`));
    return rolls.length ? rolls.join('; ') : 'none';
  }

  private playStep(s: CaseStep, at: string): 'played' | 'stop' | Problem[] {
    const ruleset = this.ruleset;
    const now = awaiting(ruleset, this.game);
    if (now.kind === 'over') {
      this.fail(at, 'the step is played', `the game ended before it: ${now.result.summary}`);
      return 'stop';
    }
    if (now.kind !== 'open-step') throw new Error(`a case's step begins with the game awaiting ${now.kind}`);
    const info = now.step;
    if (s.step !== undefined && s.step !== info.id) return [{ code: 'wrong-step', message: `the game is at step ${info.id} here, not ${s.step}`, path: `${at}.step` }];
    const problems = this.seatProblems(s, at, info.seats);
    if (problems.length) return problems;
    const opened = openStep(ruleset, this.game);
    if (!opened.ok) throw new Error(formatProblems(opened.error));
    this.game = opened.value;

    s.refused?.forEach((r, k) => this.checkRefusal(r, `${at}.refused[${k}]`));
    for (const [seat, orders] of Object.entries(s.orders ?? {})) {
      const sent = submitOrders(ruleset, this.game, seat, ordersInput(orders));
      if (!sent.ok) {
        this.fail(seatPath(`${at}.orders`, seat), `${seat}'s orders for step ${info.id} are accepted`, `refused: ${formatProblems(sent.error)}`);
        return 'stop';
      }
      this.game = sent.value.game;
    }
    if (!this.resolve(s, at, info.id)) return 'stop';

    const events = this.game.record.steps[this.game.record.steps.length - 1]!.events;
    this.steps.push({ id: info.id, events });
    if (this.c.invariants !== false && ruleset.invariants) {
      const broken = ruleset.invariants(this.game.position.state);
      if (broken.length) this.fail(at, `the ruleset's invariants hold after step ${info.id}`, `broken: ${broken.join('; ')}`);
    }
    this.checkEvents(s, at, info.id, events);
    s.expect?.state?.forEach((check, k) => this.checkState(check, `${at}.expect.state[${k}]`, info.id));
    return 'played';
  }

  /** Every seat the step names must be one the step waits for (orders, refusals) or one of the game (answers). */
  private seatProblems(s: CaseStep, at: string, stepSeats: readonly string[]): Problem[] {
    const problems: Problem[] = [];
    const gameSeats = [...new Set([...this.game.record.header.seats.map((x) => x.id), ...stepSeats])];
    const check = (seat: string, path: string, among: readonly string[]) => {
      if (among.includes(seat)) return;
      const known = gameSeats.includes(seat);
      const suggestion = known ? undefined : closestName(seat, among.length ? among : gameSeats);
      problems.push({
        code: known ? 'not-this-step' : 'unknown-seat',
        message: known ? `this step takes orders from ${stepSeats.join(', ') || 'nobody'}, not ${seat}` : `no seat '${seat}' in this game`,
        path,
        ...(suggestion ? { suggestion } : {}),
      });
    };
    for (const seat of Object.keys(s.orders ?? {})) check(seat, seatPath(`${at}.orders`, seat), stepSeats);
    s.refused?.forEach((r, k) => check(r.seat, `${at}.refused[${k}].seat`, stepSeats));
    s.answers?.forEach((a, k) => check(a.seat, `${at}.answers[${k}].seat`, gameSeats));
    return problems;
  }

  private checkRefusal(r: NonNullable<CaseStep['refused']>[number], path: string): void {
    const tried = submitOrders(this.ruleset, this.game, r.seat, ordersInput(r.orders));
    const wanted = `${r.seat}'s orders are refused with '${r.code}'${r.line !== undefined ? ` at line ${r.line}${r.column !== undefined ? `, column ${r.column}` : ''}` : ''}${r.path !== undefined ? ` at ${r.path}` : ''}`;
    if (tried.ok) return this.fail(path, wanted, 'they were accepted');
    const fits = tried.error.some((p) => p.code === r.code && (r.line === undefined || p.line === r.line) && (r.column === undefined || p.column === r.column) && (r.path === undefined || p.path === r.path));
    if (!fits) this.fail(path, wanted, `refused with: ${tried.error.map((p) => `${p.code}${p.line !== undefined ? ` (${p.line}:${p.column ?? 1})` : p.path !== undefined ? ` (${p.path})` : ''}: ${p.message}`).join('; ')}`);
  }

  /** Resolve the open step, answering its decisions from the case; false when the play must stop. */
  private resolve(s: CaseStep, at: string, id: string): boolean {
    let next = 0;
    for (;;) {
      const r = resolveStep(this.ruleset, this.game);
      if (!r.ok) {
        const dice = r.error.some((p) => p.code === 'dice-script');
        this.fail(dice ? '$.dice' : at, dice ? `the dice script lasts through step ${id}` : `step ${id} resolves`, formatProblems(r.error));
        return false;
      }
      this.game = r.value.game;
      if (r.value.outcome !== 'paused') break;
      const pending = awaiting(this.ruleset, this.game);
      if (pending.kind !== 'decision') throw new Error('a paused step awaits no decision');
      const request = pending.request;
      const asked = `${request.seat} is asked '${request.prompt}' (${request.id}; options ${shortJson(request.options)})`;
      const a = s.answers?.[next];
      const path = `${at}.answers[${next}]`;
      if (!a) {
        this.fail(s.answers ? path : `${at}.answers`, `step ${id} resolves with the answers given`, `${asked}, and the case gives no answer`);
        return false;
      }
      if (a.seat !== request.seat || (a.decision !== undefined && a.decision !== request.id)) {
        this.fail(path, `${a.seat} is asked${a.decision !== undefined ? ` ${a.decision}` : ''}`, asked);
        return false;
      }
      const answered = answerDecision(this.ruleset, this.game, a.seat, a.answer);
      if (!answered.ok) {
        this.fail(`${path}.answer`, `${shortJson(a.answer)} answers ${request.id}`, formatProblems(answered.error));
        return false;
      }
      this.game = answered.value;
      next++;
    }
    s.answers?.slice(next).forEach((a, k) => this.fail(`${at}.answers[${next + k}]`, `${a.seat} is asked${a.decision !== undefined ? ` ${a.decision}` : ' a decision'}`, `step ${id} asked no more`));
    return true;
  }

  private checkEvents(s: CaseStep, at: string, id: string, events: readonly GameEvent[]): void {
    const wanted = s.expect?.events ?? [];
    const ordered = s.expect?.inOrder === true;
    const assigned = ordered ? sequenceEvents(events, wanted) : assignEvents(events, wanted);
    wanted.forEach((p, k) => {
      if (assigned[k] !== -1) return;
      const path = `${at}.expect.events[${k}]`;
      const after = k > 0 && ordered ? assigned[k - 1]! : undefined;
      if (after === -1) return; // the pattern before it was not found: that failure says it
      const message = `step ${id} emits an event ${patternText(p)}${after !== undefined ? ` after the one of events[${k - 1}] (#${after})` : ''}`;
      const fitting = events.filter((e) => matches(e, p));
      if (after !== undefined && fitting.length > 0) return this.fail(path, message, `it comes only before: ${fitting.map((e) => `#${events.indexOf(e)}`).join(', ')}`);
      if (fitting.length > 0) return this.fail(path, message, `the ${fitting.length} event(s) that match are each matched by another expected event`);
      const closest = closestEvent(events, p);
      if (closest) return this.fail(path, message, `closest '${p.type}' event (#${events.indexOf(closest)}): ${shortJson(closest)}; it differs in ${shortJson(differences(closest, p))}`);
      const types = [...new Set(events.map((e) => e.type))];
      const suggestion = closestName(p.type, types);
      this.fail(path, message, `no '${p.type}' event in the step${suggestion ? ` (did you mean '${suggestion}'?)` : ''}; it emitted ${types.map((t) => `${t} ×${events.filter((e) => e.type === t).length}`).join(', ') || 'nothing'}`);
    });
    s.expect?.eventCounts?.forEach(({ match, count }, k) => {
      const found = events.filter((e) => matches(e, match));
      if (found.length !== count) this.fail(`${at}.expect.eventCounts[${k}]`, `step ${id} emits ${count} event(s) ${patternText(match)}`, `${found.length}${found.length ? `: ${found.slice(0, 3).map((e) => shortJson(e, 200)).join('; ')}` : ''}`);
    });
    s.expect?.noEvents?.forEach((p, k) => {
      const found = events.filter((e) => matches(e, p));
      if (found.length) this.fail(`${at}.expect.noEvents[${k}]`, `step ${id} emits no event ${patternText(p)}`, `${found.length} did: ${found.slice(0, 3).map((e) => shortJson(e, 200)).join('; ')}`);
    });
  }

  private checkState(check: NonNullable<NonNullable<CaseStep['expect']>['state']>[number], path: string, id: string): void {
    const segments = parsePointer(check.at);
    if (!segments.ok) throw new Error(`a checked pointer does not parse: ${segments.error}`);
    const wanted = [check.equals !== undefined ? `equals ${shortJson(check.equals)}` : '', check.count !== undefined ? `counts ${check.count}` : ''].filter(Boolean).join(' and ');
    const message = `after step ${id}, ${check.at || 'the state'} ${wanted}`;
    const found = selectAll(this.game.position.state as Json, segments.value);
    if (!found.ok) return this.fail(path, message, `${found.error.message}${found.error.suggestion !== undefined ? ` (did you mean '${found.error.suggestion}'?)` : ''}`);
    const { values, many, hint } = found.value;
    const value: Json = many ? values : values[0]!;
    const hintText = hint ? `; ${hint.message}${hint.suggestion !== undefined ? ` (did you mean '${hint.suggestion}'?)` : ''}` : '';
    if (check.count !== undefined) {
      const count = many ? values.length : Array.isArray(value) ? value.length : typeof value === 'object' && value !== null ? Object.keys(value).length : undefined;
      if (count === undefined) return this.fail(path, message, `${shortJson(value)}, which is not a list to count`);
      if (count !== check.count) return this.fail(path, message, `${count}: ${shortJson(value)}${hintText}`);
    }
    if (check.equals !== undefined && !equalJson(value, check.equals)) this.fail(path, message, `${shortJson(value)}${hintText}`);
  }
}

/** Deep equality of JSON values (objects whatever their key order). */
function equalJson(a: Json, b: Json): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equalJson(x, b[i]!));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && equalJson(a[k]!, b[k]!));
  }
  return a === b;
}

/** A report as lines of text: the title, then each unmet expectation with its path and what was found. */
export function formatCaseReport(report: CaseReport<unknown>): string {
  const head = `${report.title}: ${report.passed ? `passed (${report.expectations} expectations)` : `${report.failures.length} unmet`}`;
  return [head, ...report.failures.map((f) => `  ${f.path}: expected ${f.message}${f.found !== undefined ? `\n    found: ${f.found}` : ''}`)].join('\n');
}
