// `umpire rules <ruleset> coverage | where <ID> | book`: the rules coverage of a game, where one clause lives, the rule book.
import { Argument, type Command } from 'commander';
import { renderTable } from '@umpire/engine';
import { CliError } from './rulesets.js';
import { clauseWhere, renderClauseWhere } from './clause-where.js';
import { coverage } from './coverage.js';
import { ruleBookOf, ruleBookText, type BookOptions } from './rule-book-command.js';

type RulesOptions = { json?: boolean; list?: string | boolean; summary?: boolean } & BookOptions;

/** Register `umpire rules <ruleset> coverage` on the program. */
export function addRulesCommand(program: Command, out: (text: string) => void): void {
  program
    .command('rules')
    .description('what the clause index of a game says and how much of it Umpire covers')
    .argument('<ruleset>', 'the game (great-war, vernian, ttw)')
    .addArgument(
      new Argument(
        '<what>',
        'coverage: count every clause as tested, decided otherwise, or open; where: the files and tests of one clause; ' +
          'book: the rule book, each rule with its status, decisions and tests',
      ).choices(['coverage', 'where', 'book']),
    )
    .argument('[clause]', 'for where and book: a clause id, e.g. GW-P10-LAND-06 (for book also a part, GW-P10-LAND, or a decision)')
    .option('--json', 'print {ruleset, total, tested, decided, open, clauses}; for book, the rule book\'s JSON of the rules found')
    .option('--list [status]', 'list only the clauses of one status (tested, decided, failing, open)')
    .option('--summary', 'print the table of sections and the totals, not every clause')
    .option('--search <words>', 'for book: the rules whose text, part, decisions or tests hold every word')
    .option('--id <id>', 'for book: one rule, a part (GW-MAP) or the rules of a decision (D-AIR-4)')
    .option('--status <status>', 'for book: only the rules of one status (tested, decided, failing, open)')
    .option('--format <format>', 'for book: text or markdown', 'text')
    .action(async (rulesetId: string, what: string, clause: string | undefined, o: RulesOptions) => {
      if (what === 'book') {
        out(await ruleBookText(rulesetId, { ...o, ...(clause && !o.id ? { id: clause } : {}) }));
        return;
      }
      if (what === 'where') {
        if (!clause) throw new CliError('rules <ruleset> where takes a clause id, e.g. GW-P10-LAND-06', 2);
        const where = clauseWhere(rulesetId, clause);
        out(o.json ? JSON.stringify(where, null, 2) : renderClauseWhere(where));
        return;
      }
      const report = coverage(rulesetId, await snapshotOf(rulesetId));
      if (o.json) {
        const { sections: _s, resultsFrom: _r, failing: _f, ...rest } = report;
        out(JSON.stringify(rest, null, 2));
        return;
      }
      const statuses = ['tested', 'decided', 'failing', 'open'];
      if (typeof o.list === 'string' && !statuses.includes(o.list)) throw new CliError(`--list takes one of ${statuses.join(', ')}`, 2);
      const lines: string[] = [];
      if (!report.resultsFrom) lines.push('No test results yet: run `npm test` first; until then no clause counts as tested.', '');
      else if (report.snapshot) lines.push(`No test run here: the statuses are ${report.resultsFrom}; \`npm test\` makes them anew.`, '');
      if (!o.summary) {
        for (const c of report.clauses) {
          if (typeof o.list === 'string' && c.status !== o.list) continue;
          const why = c.status === 'decided' ? c.doc : c.tests.length ? `${c.tests[0]}${c.tests.length > 1 ? ` (+${c.tests.length - 1} more)` : ''}` : '';
          lines.push(`${c.id.padEnd(20)} ${c.status.padEnd(8)} ${why ?? ''}`.trimEnd());
        }
        lines.push('');
      }
      const from = report.resultsFrom ? `, test results ${report.resultsFrom}` : '';
      lines.push(`Rules coverage of ${rulesetId} (clause index docs/${rulesetId}/clauses.md${from}):`, '');
      lines.push(...renderTable(['section', 'clauses', 'tested', 'decided', 'open'], report.sections.map((s) => [s.section, s.total, s.tested, s.decided, s.open]), false));
      const pct = (n: number) => `${((100 * n) / Math.max(1, report.total)).toFixed(1)}%`;
      lines.push('');
      if (report.failing) lines.push(`${report.failing} clause(s) are named only by failing tests and count as open.`);
      lines.push(`total ${report.total}, tested ${report.tested} (${pct(report.tested)}), decided ${report.decided} (${pct(report.decided)}), open ${report.open}`);
      out(lines.join('\n'));
    });
}

/** The tests of the rule book's snapshot, for coverage where no test has run here (a fresh clone). */
async function snapshotOf(rulesetId: string): Promise<{ tests: { fullName: string; status: string }[]; from: string } | undefined> {
  let book;
  try {
    book = await ruleBookOf(rulesetId);
  } catch {
    return undefined;
  }
  if (!book) return undefined;
  const tests = new Map<string, { fullName: string; status: string }>();
  for (const r of book.rules) for (const t of r.tests) tests.set(t.title, { fullName: t.title, status: t.passed ? 'passed' : 'failed' });
  const from = `the rule book's snapshot of the last whole test run (packages/${rulesetId}/data/rule-book.json)`;
  return { tests: [...tests.values()], from };
}
