// `umpire rules <ruleset> book`: the game's rule book (built into the ruleset's data/rule-book.json by
// scripts/rule-books.mjs), searched by words, an id or a status, as text, Markdown or JSON.
import { findRules, renderRules, RULE_STATUSES, type RuleBook, type RuleStatus } from '@umpire/engine';
import { toolsOf } from '@umpire/rulesets';
import { CliError, getRuleset } from './rulesets.js';

export interface BookOptions {
  readonly search?: string;
  readonly id?: string;
  readonly status?: string;
  readonly json?: boolean;
  readonly format?: string;
  readonly tests?: number;
}

/** The rule book of an installed ruleset; undefined when it has none. */
export async function ruleBookOf(rulesetId: string): Promise<RuleBook | undefined> {
  getRuleset(rulesetId);
  return toolsOf(rulesetId)?.ruleBook?.();
}

/** The rules the options ask for, rendered; a query that finds nothing is an error (exit 1) naming what was asked. */
export async function ruleBookText(rulesetId: string, o: BookOptions): Promise<string> {
  const book = await ruleBookOf(rulesetId);
  if (!book) throw new CliError(`${rulesetId} has no rule book`, 2);
  if (o.status !== undefined && !RULE_STATUSES.includes(o.status as RuleStatus)) {
    throw new CliError(`--status takes one of ${RULE_STATUSES.join(', ')}`, 2);
  }
  const format = o.format ?? 'text';
  if (!['text', 'markdown'].includes(format)) throw new CliError(`--format takes text or markdown, not '${format}'`, 2);
  const rules = findRules(book, {
    ...(o.search ? { search: o.search } : {}),
    ...(o.id ? { id: o.id } : {}),
    ...(o.status ? { status: o.status as RuleStatus } : {}),
  });
  if ((o.id || o.search || o.status) && rules.length === 0) {
    const asked = [o.id && `id ${o.id}`, o.search && `'${o.search}'`, o.status && `status ${o.status}`].filter(Boolean).join(', ');
    throw new CliError(`no rule of ${rulesetId} matches ${asked}`);
  }
  if (o.json) {
    const ids = new Set([...rules.flatMap((r) => [...r.decidedBy, ...r.readBy])]);
    const parts = new Set(rules.map((r) => r.part));
    const decisions = book.decisions.filter((d) => ids.has(d.id));
    return JSON.stringify({ ...book, parts: book.parts.filter((p) => parts.has(p.id)), rules, decisions }, null, 2);
  }
  return renderRules(book, rules, format as 'text' | 'markdown', { tests: o.tests ?? (o.id ? 100 : 3) });
}
