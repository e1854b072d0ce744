/**
 * A game's rule book as players read it: every rule of its clause index (and of the base rules a ruleset writes
 * itself), each with its status (played out by a passing test, decided otherwise in the docs, or open), the
 * decisions that read it and the tests that play it. Built from the docs and the last test run by
 * `scripts/rule-books.mjs` into a data file of the ruleset (`data/rule-book.json`), so that the CLI, the server and
 * the web client read one file and no docs at run time. Pure: searching and rendering only.
 */

export type RuleStatus = 'tested' | 'decided' | 'failing' | 'open';

export interface RuleTest {
  readonly title: string;
  readonly passed: boolean;
}

export interface BookRule {
  /** The clause id, `GW-P10-LAND-06`, `VB-MAP-02`. */
  readonly id: string;
  /** The part of the book it is in (its section's id: `GW-P10-LAND`, `VB-MAP`). */
  readonly part: string;
  readonly text: string;
  readonly status: RuleStatus;
  /** The decisions whose `Decides:` line names it: they settle it otherwise than its words. */
  readonly decidedBy: readonly string[];
  /** The decisions whose `Clauses:` line names it: they read it, say how Umpire applies it. */
  readonly readBy: readonly string[];
  /** The tests whose titles name it, passed or not in the run the book was built from. */
  readonly tests: readonly RuleTest[];
}

export interface BookPart {
  readonly id: string;
  readonly title: string;
  /** The file it comes from, relative to the repository (`docs/great-war/clauses.md`). */
  readonly source: string;
}

export interface BookDecision {
  /** `D-AIR-4`, `D-BG-01`, `F-3`; a heading without such an id is its own id. */
  readonly id: string;
  readonly title: string;
  /** The docs file and heading anchor that says it (`docs/great-war/air-war.md#d-air-4-aa-fire`). */
  readonly doc: string;
  readonly decides: readonly string[];
  readonly clauses: readonly string[];
}

export interface RuleCounts {
  readonly total: number;
  readonly tested: number;
  readonly decided: number;
  readonly failing: number;
  readonly open: number;
}

export interface RuleBook {
  readonly ruleset: string;
  readonly title: string;
  /** How the statuses were made: from which test run, and how to make them again. */
  readonly statusFrom: string;
  readonly counts: RuleCounts;
  readonly parts: readonly BookPart[];
  readonly rules: readonly BookRule[];
  readonly decisions: readonly BookDecision[];
}

/** What a reader asks of the book: words to find (every word must match), one rule or part by id, one status. */
export interface RuleQuery {
  readonly search?: string;
  readonly id?: string;
  readonly status?: RuleStatus;
}

export const RULE_STATUSES: readonly RuleStatus[] = ['tested', 'decided', 'failing', 'open'];

/** A rule's words in the book's own terms: for searching. */
function haystack(book: RuleBook, rule: BookRule): string {
  const part = book.parts.find((p) => p.id === rule.part);
  const decisions = [...rule.decidedBy, ...rule.readBy].map((id) => {
    const d = book.decisions.find((x) => x.id === id);
    return d ? `${d.id} ${d.title}` : id;
  });
  return [rule.id, rule.text, part?.title ?? '', rule.status, ...decisions, ...rule.tests.map((t) => t.title)].join('\n').toLowerCase();
}

/**
 * The rules a query finds, in book order. `id` is a rule's id (`GW-MAP-04`), a part's (`GW-MAP`), or a decision's
 * (`D-AIR-4`: the rules it decides or reads), any case; `search` matches every one of its words anywhere in a rule,
 * its part's title, its decisions' titles and its tests' titles.
 */
export function findRules(book: RuleBook, query: RuleQuery): BookRule[] {
  let rules = [...book.rules];
  if (query.id) {
    const id = query.id.trim().toUpperCase();
    const decision = book.decisions.find((d) => d.id.toUpperCase() === id);
    const ofDecision = (r: BookRule) => decision !== undefined && (r.decidedBy.includes(decision.id) || r.readBy.includes(decision.id));
    rules = rules.filter((r) => r.id === id || r.part === id || ofDecision(r));
  }
  if (query.status) rules = rules.filter((r) => r.status === query.status);
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length) rules = rules.filter((r) => words.every((w) => haystack(book, r).includes(w)));
  return rules;
}

/** The counts of a list of rules. */
export function countRules(rules: readonly BookRule[]): RuleCounts {
  const n = (s: RuleStatus) => rules.filter((r) => r.status === s).length;
  return { total: rules.length, tested: n('tested'), decided: n('decided'), failing: n('failing'), open: n('open') };
}

/** The anchor of a rule, a part or a decision in the web page and the Markdown book: the id itself. */
export const ruleAnchor = (id: string): string => id;

const STATUS_WORDS: Record<RuleStatus, string> = {
  tested: 'tested: a test plays it and passed',
  decided: 'decided: the docs settle it otherwise, with the reason',
  failing: 'failing: the tests that name it failed',
  open: 'open: no test plays it yet',
};

/** The status in words, for a reader. */
export const statusWords = (s: RuleStatus): string => STATUS_WORDS[s];

/**
 * The rules as text or Markdown, grouped by part: each with its status, the decisions that decide or read it (with
 * where they are written), and its first tests (`tests`, 3 unless given).
 */
export function renderRules(
  book: RuleBook,
  rules: readonly BookRule[],
  format: 'text' | 'markdown',
  opts: { readonly tests?: number } = {},
): string {
  const md = format === 'markdown';
  const out: string[] = [];
  const maxTests = opts.tests ?? 3;
  const decision = (id: string) => book.decisions.find((d) => d.id === id);
  const counts = countRules(rules);
  out.push(md ? `# ${book.title}: the rule book` : `${book.title}: the rule book`, '');
  out.push(
    `${counts.total} rule(s): ${counts.tested} tested, ${counts.decided} decided, ${counts.open + counts.failing} open` +
      `${counts.failing ? ` (${counts.failing} failing)` : ''}. Statuses from ${book.statusFrom}.`,
    '',
  );
  for (const part of book.parts) {
    const list = rules.filter((r) => r.part === part.id);
    if (!list.length) continue;
    out.push(md ? `## ${part.id} — ${part.title}` : `${part.id} — ${part.title}`);
    if (!md) out.push('-'.repeat(Math.min(100, part.id.length + part.title.length + 3)));
    out.push('');
    for (const r of list) {
      out.push(md ? `- <a id="${ruleAnchor(r.id)}"></a>**${r.id}** (${r.status}): ${r.text}` : `${r.id} [${r.status}] ${r.text}`);
      const pad = md ? '  - ' : '    ';
      for (const [how, ids] of [
        ['decided by', r.decidedBy],
        ['read by', r.readBy.filter((id) => !r.decidedBy.includes(id))],
      ] as const) {
        for (const id of ids) {
          const d = decision(id);
          const said = d ? (md ? `[${d.id} ${d.title}](${d.doc})` : `${d.id} ${d.title} (${d.doc})`) : id;
          out.push(`${pad}${how} ${said}`);
        }
      }
      for (const t of r.tests.slice(0, maxTests)) out.push(`${pad}${t.passed ? 'test ✔' : 'test ✖'} ${t.title}`);
      if (r.tests.length > maxTests) out.push(`${pad}… and ${r.tests.length - maxTests} more test(s)`);
    }
    out.push('');
  }
  if (!rules.length) out.push('No rule matches.', '');
  return out.join('\n');
}
